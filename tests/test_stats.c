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

/* Runs one test to its decision (at most max observations). */
static int run_sprt(sab_rng *r, double mu, double sd, double margin,
    long max, long *used)
{
	stats_sprt t;
	int d = STATS_UNDECIDED;

	stats_sprt_init(&t, margin, 0.05, 0.05);
	for (long i = 0; i < max && d == STATS_UNDECIDED; i++)
		d = stats_sprt_add(&t, normal(r, mu, sd));
	*used = t.decided_n;
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
	/* Before enough observations nothing is decided, however clear. */
	stats_sprt_init(&t, 0.5, 0.05, 0.05);
	for (int i = 0; i < STATS_SPRT_MIN - 1; i++)
		ck_assert_int_eq(stats_sprt_add(&t, i % 2 ? 10 : 9),
		    STATS_UNDECIDED);
}
END_TEST

/*
 * The error rates hold although the test is checked after every
 * observation: with no difference, "better" or "worse" comes in at most
 * about alpha of the runs each; with a difference of the margin, it is
 * missed in at most about beta.  (400 runs each: the bounds leave room
 * for the sampling error of the count, about 1.1 percentage points.)
 */
START_TEST(sprt_error_rates_hold_under_continuous_checking)
{
	sab_rng r;
	long used;
	int wrong_better = 0, wrong_worse = 0, missed = 0, runs = 400;

	sab_rng_seed(&r, 2026);
	for (int i = 0; i < runs; i++) {
		int d = run_sprt(&r, 0.0, 4, 0.5, 1000000, &used);
		wrong_better += d == STATS_BETTER;
		wrong_worse += d == STATS_WORSE;
	}
	for (int i = 0; i < runs; i++)
		missed += run_sprt(&r, 0.5, 4, 0.5, 1000000, &used) !=
		    STATS_BETTER;
	ck_assert_msg(wrong_better <= runs * 0.08, "%d of %d", wrong_better,
	    runs);
	ck_assert_msg(wrong_worse <= runs * 0.08, "%d of %d", wrong_worse,
	    runs);
	ck_assert_msg(missed <= runs * 0.08, "%d of %d", missed, runs);
}
END_TEST

START_TEST(units_wait_for_every_game_of_a_deal)
{
	stats_units u;
	double m;

	memset(&u, 0, sizeof u);
	ck_assert_int_eq(stats_units_add(&u, 7, 3, 1, &m), 0);
	ck_assert_int_eq(stats_units_add(&u, 8, 3, 10, &m), 0);
	ck_assert_int_eq(stats_units_add(&u, 7, 3, 2, &m), 0);
	ck_assert_int_eq(stats_units_add(&u, 7, 3, 6, &m), 1);
	ck_assert_double_eq(m, 3);
	ck_assert_int_eq(u.n, 1);
	ck_assert_int_eq(stats_units_add(&u, 8, 2, 20, &m), 1);
	ck_assert_double_eq(m, 15);
	ck_assert_int_eq(u.n, 0);
	stats_units_free(&u);
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
	tcase_add_test(tc, sprt_error_rates_hold_under_continuous_checking);
	tcase_add_test(tc, units_wait_for_every_game_of_a_deal);
	tcase_add_test(tc, likelihood_of_superiority);
	suite_add_tcase(s, tc);
	return s;
}
