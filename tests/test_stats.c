/* test_stats.c: the statistics of tournaments and matches: quantiles from
 * the fixed histogram, intervals by deal, the sequential test's decisions
 * and its error rates under checking after every game, and the
 * likelihood of superiority. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "hist.h"
#include "rng.h"
#include "stats.h"
#include "suites.h"

START_TEST(hist_quantiles_are_within_three_percent)
{
	static hist h;
	int64_t v;

	memset(&h, 0, sizeof h);
	ck_assert_int_eq(hist_quantile(&h, 0.5), 0);
	for (int64_t x = 1; x <= 100000; x++)
		hist_add(&h, x * 1000);
	ck_assert_uint_eq(h.n, 100000);
	/* The exact median of 1000, 2000, ..., 1e8 is 5e7 (nearest rank). */
	v = hist_quantile(&h, 0.5);
	ck_assert_msg(fabs((double)v - 5e7) <= 0.03 * 5e7, "median %lld",
	    (long long)v);
	v = hist_quantile(&h, 0.9);
	ck_assert_msg(fabs((double)v - 9e7) <= 0.03 * 9e7, "p90 %lld",
	    (long long)v);
	/* Small values are exact; negative ones count as 0; huge ones in
	 * the last bin. */
	memset(&h, 0, sizeof h);
	hist_add(&h, 7);
	hist_add(&h, -5);
	hist_add(&h, 9);
	ck_assert_int_eq(hist_quantile(&h, 0.5), 7);
	ck_assert_int_eq(hist_quantile(&h, 0), 0);
	hist_add(&h, INT64_MAX);
	ck_assert(hist_quantile(&h, 1) > (1LL << 40));
}
END_TEST

START_TEST(deals_played_once_give_the_usual_interval)
{
	stats_deals d;
	int gold[] = { 3, 0, 5, 1, 4, 4, 2, 0 }, who = 0;
	double sum = 0, sumsq = 0, n = 8;
	long k;

	memset(&d, 0, sizeof d);
	for (int i = 0; i < 8; i++) {
		ck_assert_int_eq(stats_deals_add(&d, (uint64_t)i + 100, &who,
		    &gold[i], 1), 0);
		sum += gold[i];
		sumsq += gold[i] * gold[i];
	}
	ck_assert_int_eq(d.repeated, 0);
	ck_assert_int_eq(d.deals, 8);
	double m = sum / n, s = sqrt((sumsq - n * m * m) / (n - 1));
	double half = stats_deals_half(&d, 0, m, 8, &k);
	ck_assert_int_eq(k, 8);
	ck_assert_double_eq_tol(half, stats_t975(7) * s / sqrt(n), 1e-9);
	/* A bot that played one deal has no interval. */
	ck_assert(isnan(stats_deals_half(&d, 1, 0, 0, &k)));
	stats_deals_free(&d);
}
END_TEST

/*
 * Two bots of the same strength, where the seat decides most of the gold:
 * played once per deal, the luck of the seat is in every game; played in
 * both seats of every deal (duplicate), it cancels, and the interval by
 * deal is much narrower, while still covering the true mean.
 */
START_TEST(duplicate_deals_narrow_the_interval)
{
	stats_deals once, twice;
	sab_rng r;
	long k;
	double sum1 = 0, sum2 = 0;

	memset(&once, 0, sizeof once);
	memset(&twice, 0, sizeof twice);
	sab_rng_seed(&r, 5);
	for (int deal = 0; deal < 400; deal++) {
		/* Seat 0's luck: 0 to 9 gold, seat 1 gets what is left of 9;
		 * the bots add 0 or 1 of their own. */
		int luck = (int)sab_rng_below(&r, 10);
		int bots[2] = { 0, 1 }, swapped[2] = { 1, 0 };
		int g1[2] = { luck + (int)sab_rng_below(&r, 2),
			9 - luck + (int)sab_rng_below(&r, 2) };
		int g2[2] = { luck + (int)sab_rng_below(&r, 2),
			9 - luck + (int)sab_rng_below(&r, 2) };
		ck_assert_int_eq(stats_deals_add(&once, (uint64_t)(2 * deal),
		    bots, g1, 2), 0);
		ck_assert_int_eq(stats_deals_add(&once, (uint64_t)(2 * deal + 1),
		    swapped, g2, 2), 0);
		ck_assert_int_eq(stats_deals_add(&twice, (uint64_t)deal, bots,
		    g1, 2), 0);
		ck_assert_int_eq(stats_deals_add(&twice, (uint64_t)deal,
		    swapped, g2, 2), 0);
		sum1 += g1[0] + g2[1];
		sum2 += g1[1] + g2[0];
	}
	ck_assert_int_eq(twice.repeated, 400);
	double m = sum1 / 800;
	double h1 = stats_deals_half(&once, 0, m, 800, &k);
	ck_assert_int_eq(k, 800);
	double h2 = stats_deals_half(&twice, 0, m, 800, &k);
	ck_assert_int_eq(k, 400);
	ck_assert_msg(h2 * 3 < h1, "by deal %f, by game %f", h2, h1);
	/* The true mean is 5 (4.5 of luck, 0.5 of the bot's own). */
	ck_assert(fabs(m - 5) < h2 + 0.05);
	(void)sum2;
	stats_deals_free(&once);
	stats_deals_free(&twice);
}
END_TEST

/* A normal observation of mean mu and deviation sd (Box-Muller). */
static double normal(sab_rng *r, double mu, double sd)
{
	double u = ((double)(sab_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
	double v = ((double)(sab_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;

	return mu + sd * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* x on a grid of quarters, as a game's gold difference at five seats
 * lies: observations take few distinct values, which the test counts. */
static double grid(double x)
{
	return floor(x * 4 + 0.5) / 4;
}

/* Runs one test to its decision (at most max observations). */
static int run_sprt(sab_rng *r, double mu, double sd, double margin,
    long max, long *used)
{
	stats_sprt t;
	int d = STATS_UNDECIDED;

	stats_sprt_init(&t, margin, 0.05, 0.05);
	for (long i = 0; i < max && d == STATS_UNDECIDED; i++)
		d = stats_sprt_add(&t, grid(normal(r, mu, sd)));
	*used = t.decided_n;
	stats_sprt_free(&t);
	return d;
}

START_TEST(sprt_decides_each_way)
{
	sab_rng r;
	long used;

	sab_rng_seed(&r, 11);
	ck_assert_int_eq(run_sprt(&r, 1.0, 3, 0.5, 100000, &used), STATS_BETTER);
	ck_assert(used >= STATS_SPRT_MIN);
	ck_assert_int_eq(run_sprt(&r, -1.0, 3, 0.5, 100000, &used),
	    STATS_WORSE);
	ck_assert_int_eq(run_sprt(&r, 0.0, 3, 2.0, 100000, &used), STATS_SAME);
	/* A decision stays. */
	stats_sprt t;
	stats_sprt_init(&t, 0.5, 0.05, 0.05);
	for (int i = 0; i < 200 && t.decision == STATS_UNDECIDED; i++)
		stats_sprt_add(&t, i % 2 ? 3 : -1);
	ck_assert_int_eq(t.decision, STATS_BETTER);
	ck_assert_int_eq(stats_sprt_add(&t, -100), STATS_BETTER);
	ck_assert_str_eq(stats_sprt_word(STATS_SAME),
	    "no difference bigger than the margin");
	stats_sprt_free(&t);
	/* Before enough observations nothing is decided, however clear. */
	stats_sprt_init(&t, 0.5, 0.05, 0.05);
	for (int i = 0; i < STATS_SPRT_MIN - 1; i++)
		ck_assert_int_eq(stats_sprt_add(&t, i % 2 ? 10 : 9),
		    STATS_UNDECIDED);
	ck_assert(t.llr_plus > t.upper);
	ck_assert_int_eq(stats_sprt_add(&t, 9), STATS_BETTER);
	stats_sprt_free(&t);
	/* Alpha is split between the two directions. */
	ck_assert_double_eq_tol(t.upper, log(0.95 / 0.025), 1e-12);
	ck_assert_double_eq_tol(t.lower, log(0.05 / 0.975), 1e-12);
}
END_TEST

/*
 * Identical bots that follow the referee's seed give a deal exactly 0,
 * every time: no spread at all, which says as plainly as anything that
 * the mean is 0.  The test says so as soon as it may, at its least
 * number of observations; a spread of a thousandth of the margin too.
 */
START_TEST(sprt_no_spread_is_no_difference)
{
	stats_sprt t;

	for (int k = 0; k < 2; k++) {
		stats_sprt_init(&t, 0.1, 0.05, 0.05);
		for (int i = 0; i < 1000 && t.decision == STATS_UNDECIDED; i++)
			ck_assert_int_ge(stats_sprt_add(&t, k && i % 2 ?
			    0.0001 : 0), 0);
		ck_assert_int_eq(t.decision, STATS_SAME);
		ck_assert_int_eq(t.decided_n, STATS_SPRT_MIN);
		ck_assert(isfinite(t.llr_plus) && t.llr_plus < t.lower);
		ck_assert(isfinite(t.llr_minus) && t.llr_minus < t.lower);
		stats_sprt_free(&t);
	}
	/* All at the margin: better, as soon as it may. */
	stats_sprt_init(&t, 0.1, 0.05, 0.05);
	for (int i = 0; i < STATS_SPRT_MIN; i++)
		stats_sprt_add(&t, 0.1);
	ck_assert_int_eq(t.decision, STATS_BETTER);
	stats_sprt_free(&t);
}
END_TEST

/*
 * The error rates hold although the test is checked after every
 * observation: with no difference, "better" or "worse" comes in at most
 * about alpha / 2 of the runs each; with a difference of the margin, it
 * is missed in at most about beta.  Normal observations, and skewed ones
 * (an exponential less its mean, as a deal's gold difference is skewed):
 * 400 runs each, the bounds leaving room for the sampling error of the
 * count (about 1.1 percentage points at 5%).
 */
static double skewed(sab_rng *r, double mu, double sd)
{
	double u = ((double)(sab_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;

	return mu + sd * (-log(u) - 1);
}

START_TEST(sprt_error_rates_hold_under_continuous_checking)
{
	for (int shape = 0; shape < 2; shape++) {
		double (*draw)(sab_rng *, double, double) = shape ? skewed :
		    normal;
		int wrong_better = 0, wrong_worse = 0, missed = 0, runs = 400;
		sab_rng r;
		sab_rng_seed(&r, 2026);
		for (int i = 0; i < 2 * runs; i++) {
			double mu = i < runs ? 0 : 1;
			stats_sprt t;
			stats_sprt_init(&t, 1, 0.05, 0.05);
			while (t.decision == STATS_UNDECIDED && t.n < 1000000)
				stats_sprt_add(&t, grid(draw(&r, mu, 4)));
			wrong_better += i < runs && t.decision == STATS_BETTER;
			wrong_worse += i < runs && t.decision == STATS_WORSE;
			missed += i >= runs && t.decision != STATS_BETTER;
			stats_sprt_free(&t);
		}
		ck_assert_msg(wrong_better <= runs * 0.05, "shape %d: %d of %d",
		    shape, wrong_better, runs);
		ck_assert_msg(wrong_worse <= runs * 0.05, "shape %d: %d of %d",
		    shape, wrong_worse, runs);
		ck_assert_msg(missed <= runs * 0.08, "shape %d: %d of %d", shape,
		    missed, runs);
	}
}
END_TEST

/*
 * The interval printed after a stop holds mu at whatever observation the
 * test stopped, in at least 95% of the runs; the fixed-sample interval
 * would not be owed that.
 */
START_TEST(sprt_interval_holds_after_the_stop)
{
	int held = 0, runs = 400;
	sab_rng r;

	sab_rng_seed(&r, 77);
	for (int i = 0; i < runs; i++) {
		stats_sprt t;
		double half, m;
		stats_sprt_init(&t, 1, 0.05, 0.05);
		while (t.decision == STATS_UNDECIDED)
			stats_sprt_add(&t, grid(normal(&r, 0.5, 4)));
		m = stats_sprt_mean(&t, &half);
		held += fabs(m - 0.5) <= half;
		stats_sprt_free(&t);
	}
	ck_assert_msg(held >= runs * 0.94, "%d of %d", held, runs);
}
END_TEST

/*
 * Games reach the test in the order of the schedule, whatever the order
 * they finish in: the same games given in any order make the same test,
 * deciding at the same game; with duplicate deals a block of games is
 * one observation, its mean (the last block maybe short).
 */
START_TEST(games_are_taken_in_schedule_order)
{
	enum { N = 2000 };
	static double x[N];
	static long perm[N];
	sab_rng r;
	stats_sprt a, b;
	stats_order oa, ob;

	sab_rng_seed(&r, 5);
	for (long i = 0; i < N; i++) {
		x[i] = grid(normal(&r, 0.3, 2));
		perm[i] = i;
	}
	/* Finished out of order: swaps within windows of 16, as -j 16
	 * would. */
	for (long i = 0; i < N; i++) {
		long j = i + (long)sab_rng_below(&r, 16);
		if (j < N) {
			long t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
		}
	}
	for (int block = 1; block <= 4; block += 3) {
		memset(&oa, 0, sizeof oa);
		memset(&ob, 0, sizeof ob);
		oa.block = ob.block = block;
		oa.total = ob.total = N;
		stats_sprt_init(&a, 0.2, 0.05, 0.05);
		stats_sprt_init(&b, 0.2, 0.05, 0.05);
		for (long i = 0; i < N; i++) {
			ck_assert_int_eq(stats_order_add(&oa, &a, i, x[i]), 0);
			ck_assert_int_eq(stats_order_add(&ob, &b, perm[i],
			    x[perm[i]]), 0);
		}
		ck_assert_int_eq(oa.next, N);
		ck_assert_int_eq(ob.next, N);
		ck_assert_int_ne(a.decision, STATS_UNDECIDED);
		ck_assert_int_eq(a.decision, b.decision);
		ck_assert_int_eq(oa.decided_games, ob.decided_games);
		ck_assert_int_eq(a.decided_n * block, oa.decided_games);
		ck_assert_double_eq(a.llr_plus, b.llr_plus);
		stats_sprt_free(&a);
		stats_sprt_free(&b);
		stats_order_free(&oa);
		stats_order_free(&ob);
	}
	/* Blocks of 3 over 7 games: means of games 0-2, 3-5 and 6 alone;
	 * a game given twice counts once. */
	memset(&oa, 0, sizeof oa);
	oa.block = 3;
	oa.total = 7;
	stats_sprt_init(&a, 1, 0.05, 0.05);
	static const double g[7] = { 1, 2, 6, 0, 0, 3, 10 };
	static const long order[8] = { 6, 2, 0, 4, 2, 3, 1, 5 };
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(stats_order_add(&oa, &a, order[i],
		    g[order[i]]), 0);
	ck_assert_int_eq(a.n, 3);
	ck_assert_double_eq_tol(a.sum, 3 + 1 + 10, 1e-12);
	ck_assert_double_eq_tol(a.sumsq, 9 + 1 + 100, 1e-12);
	stats_sprt_free(&a);
	stats_order_free(&oa);
}
END_TEST

START_TEST(likelihood_of_superiority)
{
	ck_assert_double_eq(stats_los(0, 0), 0.5);
	ck_assert_double_eq_tol(stats_los(10, 10), 0.5, 1e-12);
	/* (60 - 40) / sqrt(100) = 2 deviations. */
	ck_assert_double_eq_tol(stats_los(60, 40), 0.97724987, 1e-7);
	ck_assert_double_eq_tol(stats_los(40, 60), 1 - 0.97724987, 1e-7);
	ck_assert_double_eq_tol(stats_t975(1), 12.7062, 1e-4);
	ck_assert_double_eq_tol(stats_t975(1000), 1.9623, 1e-4);
}
END_TEST

Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, hist_quantiles_are_within_three_percent);
	tcase_add_test(tc, deals_played_once_give_the_usual_interval);
	tcase_add_test(tc, duplicate_deals_narrow_the_interval);
	tcase_add_test(tc, sprt_decides_each_way);
	tcase_add_test(tc, sprt_no_spread_is_no_difference);
	tcase_add_test(tc, sprt_error_rates_hold_under_continuous_checking);
	tcase_add_test(tc, sprt_interval_holds_after_the_stop);
	tcase_add_test(tc, games_are_taken_in_schedule_order);
	tcase_add_test(tc, likelihood_of_superiority);
	suite_add_tcase(s, tc);
	return s;
}
