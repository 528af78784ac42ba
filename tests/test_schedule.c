/* test_schedule.c: the games of a tournament: balance over a cycle, the
 * gauntlet, prefixes, shards, seeds, and the --shard argument. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "match.h"
#include "schedule.h"
#include "suites.h"

static char err[512];

/* A tournament as schedule_make() reads it (no file behind it). */
static tconfig cfg(int kind, int nbots, int players, long rounds, long games,
    int challenger, uint64_t seed)
{
	tconfig t;

	memset(&t, 0, sizeof t);
	t.kind = kind;
	t.nbots = nbots;
	t.players = players;
	t.rounds = rounds;
	t.games = games;
	t.challenger = challenger;
	t.seed = seed;
	return t;
}

static void make(schedule *s, tconfig t)
{
	ck_assert_msg(schedule_make(s, &t, err, sizeof err) == 0, "%s", err);
}

/* Counts over some games: seats per bot, meetings per pair, line-ups. */
typedef struct tally {
	int n, players;
	long seat[16][SAB_MAX_PLAYERS];
	long meet[16][16];
	long games;
} tally;

static void count(tally *t, const sched_game *g)
{
	ck_assert_int_eq(g->players, t->players);
	t->games++;
	for (int s = 0; s < g->players; s++) {
		ck_assert(g->bot[s] >= 0 && g->bot[s] < t->n);
		t->seat[g->bot[s]][s]++;
		for (int u = 0; u < g->players; u++) {
			if (u != s)
				ck_assert_int_ne(g->bot[u], g->bot[s]);
			if (u > s) {
				int a = g->bot[s], b = g->bot[u];
				t->meet[a < b ? a : b][a < b ? b : a]++;
			}
		}
	}
}

static void tally_range(tally *t, const schedule *s, long from, long to)
{
	sched_game g;

	memset(t, 0, sizeof *t);
	t->n = s->nbots;
	t->players = s->players;
	for (long i = from; i < to; i++) {
		ck_assert_int_eq(schedule_game(s, i, &g), 0);
		ck_assert_int_eq(g.index, i);
		count(t, &g);
	}
}

/* Every bot in every seat equally often (among bots [from, n)). */
static void seats_balanced(const tally *t, int from)
{
	long want = t->seat[from][0];

	ck_assert_int_gt(want, 0);
	for (int b = from; b < t->n; b++)
		for (int s = 0; s < t->players; s++)
			ck_assert_int_eq(t->seat[b][s], want);
}

/* Every pair (among bots [from, n)) meets equally often. */
static void pairs_balanced(const tally *t, int from)
{
	long want = t->meet[from][from + 1];

	ck_assert_int_gt(want, 0);
	for (int a = from; a < t->n; a++)
		for (int b = a + 1; b < t->n; b++)
			ck_assert_int_eq(t->meet[a][b], want);
}

static long binomial(int n, int k)
{
	long r = 1;

	for (int i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

START_TEST(round_robin_cycle_is_balanced)
{
	static const int cases[][2] = { { 2, 2 }, { 3, 2 }, { 3, 3 }, { 4, 3 },
		{ 5, 3 }, { 6, 4 }, { 7, 5 }, { 8, 3 }, { 10, 5 }, { 12, 10 } };

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int n = cases[c][0], p = cases[c][1];
		schedule s;
		tally t;

		make(&s, cfg(TCONFIG_ROUND_ROBIN, n, p, 2, 0, -1, 77));
		ck_assert_int_eq(s.groups, binomial(n, p));
		ck_assert_int_eq(s.total, 2 * binomial(n, p) * p);
		/* Each cycle on its own, and both together. */
		for (long k = 0; k < 2; k++) {
			tally_range(&t, &s, k * (long)s.cycle,
			    (k + 1) * (long)s.cycle);
			seats_balanced(&t, 0);
			pairs_balanced(&t, 0);
			ck_assert_int_eq(t.seat[0][0], binomial(n - 1, p - 1));
			ck_assert_int_eq(t.meet[0][1],
			    binomial(n - 2, p - 2) * p);
		}
		schedule_free(&s);
	}
}
END_TEST

/* Within a cycle every group of bots plays exactly one block of `players`
 * consecutive games, one in each rotation: the keyed permutation visits
 * every group once, whatever the number of groups. */
START_TEST(each_group_once_per_cycle)
{
	static const int cases[][2] = { { 5, 3 }, { 7, 3 }, { 7, 4 }, { 9, 4 },
		{ 6, 2 } };

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int n = cases[c][0], p = cases[c][1];
		schedule s;
		sched_game g, first;
		unsigned *seen;

		make(&s, cfg(TCONFIG_ROUND_ROBIN, n, p, 1, 0, -1, c));
		memset(&first, 0, sizeof first);
		seen = calloc(1u << n, sizeof *seen);
		for (long i = 0; i < s.total; i++) {
			unsigned mask = 0;
			ck_assert_int_eq(schedule_game(&s, i, &g), 0);
			for (int k = 0; k < p; k++)
				mask |= 1u << g.bot[k];
			if (i % p == 0) {
				first = g;
				ck_assert_int_eq(seen[mask], 0);
			}
			seen[mask]++;
			/* Rotation r moves every bot r seats on. */
			for (int k = 0; k < p; k++)
				ck_assert_int_eq(g.bot[k],
				    first.bot[(k + i % p) % p]);
		}
		free(seen);
		schedule_free(&s);
	}
}
END_TEST

START_TEST(gauntlet_challenger_plays_every_game)
{
	static const int cases[][3] = { { 5, 3, 0 }, { 5, 3, 4 }, { 6, 4, 2 },
		{ 4, 2, 1 }, { 8, 5, 7 } };

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int n = cases[c][0], p = cases[c][1], ch = cases[c][2];
		schedule s;
		sched_game g;
		tally t;

		make(&s, cfg(TCONFIG_GAUNTLET, n, p, 1, 0, ch, 5));
		ck_assert_int_eq(s.groups, binomial(n - 1, p - 1));
		ck_assert_int_eq(s.total, binomial(n - 1, p - 1) * p);
		tally_range(&t, &s, 0, s.total);
		for (int seat = 0; seat < p; seat++)
			ck_assert_int_eq(t.seat[ch][seat], s.groups);
		for (long i = 0; i < s.total; i++) {
			int in = 0;
			ck_assert_int_eq(schedule_game(&s, i, &g), 0);
			for (int k = 0; k < p; k++)
				in += g.bot[k] == ch;
			ck_assert_int_eq(in, 1);
		}
		/* The others, renumbered without the challenger, are balanced
		 * among themselves too. */
		for (int b = 0; b < n; b++) {
			if (b == ch)
				continue;
			for (int seat = 0; seat < p; seat++)
				ck_assert_int_eq(t.seat[b][seat],
				    binomial(n - 2, p - 2));
			for (int o = b + 1; o < n && p > 2; o++)
				if (o != ch)
					ck_assert_int_eq(t.meet[b][o],
					    binomial(n - 3, p - 3) * p);
		}
		schedule_free(&s);
	}
}
END_TEST

START_TEST(games_take_a_prefix_of_the_cycles)
{
	schedule whole, part, over;
	sched_game a, b;
	tally t;

	make(&whole, cfg(TCONFIG_ROUND_ROBIN, 10, 5, 3, 0, -1, 2026));
	make(&part, cfg(TCONFIG_ROUND_ROBIN, 10, 5, 0, 300, -1, 2026));
	make(&over, cfg(TCONFIG_ROUND_ROBIN, 10, 5, 0, 2000, -1, 2026));
	ck_assert_int_eq(whole.cycle, 1260);
	ck_assert_int_eq(part.total, 300);
	ck_assert_int_eq(over.total, 2000);
	for (long i = 0; i < 2000; i++) {
		ck_assert_int_eq(schedule_game(&whole, i, &a), 0);
		ck_assert_int_eq(schedule_game(&over, i, &b), 0);
		ck_assert_mem_eq(&a, &b, sizeof a);
		if (i < 300) {
			ck_assert_int_eq(schedule_game(&part, i, &b), 0);
			ck_assert_mem_eq(&a, &b, sizeof a);
		}
	}
	ck_assert_int_eq(schedule_game(&part, 300, &b), -1);
	ck_assert_int_eq(schedule_game(&part, -1, &b), -1);
	/* A prefix of whole blocks seats every bot in every seat equally;
	 * the pairs are close to balanced (60 of 252 groups). */
	tally_range(&t, &part, 0, 300);
	for (int who = 0; who < 10; who++)
		for (int seat = 1; seat < 5; seat++)
			ck_assert_int_eq(t.seat[who][seat], t.seat[who][0]);
	for (int x = 0; x < 10; x++)
		for (int y = x + 1; y < 10; y++)
			ck_assert(t.meet[x][y] >= 5 * 3 &&
			    t.meet[x][y] <= 5 * 25);
	schedule_free(&whole);
	schedule_free(&part);
	schedule_free(&over);
}
END_TEST

START_TEST(seeds_come_from_the_index)
{
	schedule s, t;
	sched_game a, b;
	int differ = 0;

	make(&s, cfg(TCONFIG_ROUND_ROBIN, 6, 4, 2, 0, -1, 99));
	make(&t, cfg(TCONFIG_ROUND_ROBIN, 6, 4, 2, 0, -1, 100));
	for (long i = 0; i < s.total; i++) {
		ck_assert_int_eq(schedule_game(&s, i, &a), 0);
		ck_assert(a.seed == sab_seed_game(99, (uint64_t)i));
		ck_assert_int_eq(schedule_game(&t, i, &b), 0);
		ck_assert(b.seed == sab_seed_game(100, (uint64_t)i));
		differ |= memcmp(a.bot, b.bot, sizeof a.bot) != 0;
	}
	/* The master seed also orders the line-ups. */
	ck_assert(differ);
	schedule_free(&s);
	schedule_free(&t);
}
END_TEST

START_TEST(shards_partition_the_games)
{
	schedule whole;
	sched_game a, b;

	make(&whole, cfg(TCONFIG_ROUND_ROBIN, 7, 3, 1, 0, -1, 11));
	ck_assert_int_eq(whole.total, 105);
	for (int n = 1; n <= 8; n++) {
		char *hit = calloc((size_t)whole.total, 1);
		long sum = 0;

		for (int i = 1; i <= n; i++) {
			schedule s;
			long size;

			make(&s, cfg(TCONFIG_ROUND_ROBIN, 7, 3, 1, 0, -1, 11));
			schedule_shard(&s, i, n);
			size = schedule_size(&s);
			sum += size;
			for (long k = 0; k < size; k++) {
				ck_assert_int_eq(schedule_nth(&s, k, &a), 0);
				ck_assert_int_eq(a.index % n, i - 1);
				ck_assert_int_eq(hit[a.index], 0);
				hit[a.index] = 1;
				/* The same game as in the whole run. */
				ck_assert_int_eq(schedule_game(&whole, a.index,
				    &b), 0);
				ck_assert_mem_eq(&a, &b, sizeof a);
			}
			ck_assert_int_eq(schedule_nth(&s, size, &a), -1);
			schedule_free(&s);
		}
		ck_assert_int_eq(sum, whole.total);
		free(hit);
	}
	/* More shares than games: the last ones are empty. */
	{
		schedule s;
		make(&s, cfg(TCONFIG_ROUND_ROBIN, 3, 3, 1, 0, -1, 1));
		schedule_shard(&s, 5, 9);
		ck_assert_int_eq(schedule_size(&s), 0);
		schedule_shard(&s, 3, 9);
		ck_assert_int_eq(schedule_size(&s), 1);
		schedule_free(&s);
	}
	schedule_free(&whole);
}
END_TEST

START_TEST(too_many_games_is_refused)
{
	schedule s;
	tconfig t = cfg(TCONFIG_ROUND_ROBIN, 40, 6, 1, 0, -1, 1);

	ck_assert_int_eq(schedule_make(&s, &t, err, sizeof err), -1);
	ck_assert_str_eq(err, "1 round of 23030280 games (every 6 of the 40 "
	    "bots, in every rotation) is more than 10000000 games; play part "
	    "of it with games: N");
	schedule_free(&s);
	/* With games: N a huge cycle is fine: it is never laid out. */
	t = cfg(TCONFIG_ROUND_ROBIN, 200, 10, 0, 1000, -1, 1);
	make(&s, t);
	{
		sched_game g;
		ck_assert_int_eq(schedule_game(&s, 999, &g), 0);
		for (int k = 0; k < 10; k++)
			ck_assert(g.bot[k] >= 0 && g.bot[k] < 200);
	}
	schedule_free(&s);
	/* Line-ups too many to count at all. */
	t = cfg(TCONFIG_ROUND_ROBIN, 1000, 12, 0, 10, -1, 1);
	ck_assert_int_eq(schedule_make(&s, &t, err, sizeof err), -1);
	ck_assert_str_eq(err, "every 12 of the 1000 bots make too many line-ups "
	    "to count; use fewer bots");
	schedule_free(&s);
	/* A gauntlet says what its line-ups are. */
	t = cfg(TCONFIG_GAUNTLET, 60, 6, 1, 0, 0, 1);
	ck_assert_int_eq(schedule_make(&s, &t, err, sizeof err), -1);
	ck_assert_str_eq(err, "1 round of 30038316 games (the challenger with "
	    "every 5 of the 59 others, in every rotation) is more than 10000000 "
	    "games; play part of it with games: N");
	schedule_free(&s);
}
END_TEST

START_TEST(shard_argument_is_checked)
{
	int i, n;

	ck_assert_int_eq(schedule_parse_shard("3/8", &i, &n, err, sizeof err), 0);
	ck_assert_int_eq(i, 3);
	ck_assert_int_eq(n, 8);
	ck_assert_int_eq(schedule_parse_shard("1/1", &i, &n, err, sizeof err), 0);
	ck_assert_int_eq(schedule_parse_shard("0/4", &i, &n, err, sizeof err),
	    -1);
	ck_assert_str_eq(err, "--shard 0/4: I is the share, from 1 to 4");
	ck_assert_int_eq(schedule_parse_shard("5/4", &i, &n, err, sizeof err),
	    -1);
	ck_assert_str_eq(err, "--shard 5/4: I is the share, from 1 to 4");
	ck_assert_int_eq(schedule_parse_shard("1/0", &i, &n, err, sizeof err),
	    -1);
	ck_assert_str_eq(err, "--shard 1/0: N is the number of shares, at "
	    "least 1");
	static const char *const bad[] = { "4", "a/b", "1/4x", "", "/4", "1/",
		"-1/4", "1 /4", "+1/4", "1/2000000", "1/4/5" };
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char want[128];
		ck_assert_int_eq(schedule_parse_shard(bad[k], &i, &n, err,
		    sizeof err), -1);
		snprintf(want, sizeof want, "--shard \"%s\": expected I/N, share "
		    "I of N counted from 1, such as 1/4", bad[k]);
		ck_assert_str_eq(err, want);
	}
}
END_TEST

/*
 * Duplicate deals: the games of a block share the seed of its first game,
 * blocks differ, and within a block each bot of the line-up sits in each
 * seat once, so each is dealt every seat's cards once; the line-ups are
 * those of the schedule without duplicate deals.
 */
START_TEST(duplicate_deals_share_a_seed_per_block)
{
	schedule plain, dup;
	tconfig t = cfg(TCONFIG_GAUNTLET, 6, 4, 2, 0, 2, 77);

	make(&plain, t);
	t.duplicate = 1;
	make(&dup, t);
	ck_assert_int_eq(dup.total, plain.total);
	for (long b = 0; b < dup.total / 4; b++) {
		long seat[6][SAB_MAX_PLAYERS];
		sched_game g, p;

		memset(seat, 0, sizeof seat);
		for (int r = 0; r < 4; r++) {
			ck_assert_int_eq(schedule_game(&dup, b * 4 + r, &g), 0);
			ck_assert_int_eq(schedule_game(&plain, b * 4 + r, &p), 0);
			ck_assert_uint_eq(g.seed, sab_seed_game(77,
			    (uint64_t)(b * 4)));
			ck_assert_mem_eq(g.bot, p.bot, sizeof g.bot);
			for (int s = 0; s < 4; s++)
				seat[g.bot[s]][s]++;
		}
		for (int k = 0; k < 6; k++) {
			long total = 0;
			for (int s = 0; s < 4; s++) {
				ck_assert(seat[k][s] <= 1);
				total += seat[k][s];
			}
			ck_assert(total == 0 || total == 4);
		}
		if (b > 0) {
			sched_game prev;
			ck_assert_int_eq(schedule_game(&dup, b * 4 - 1, &prev),
			    0);
			ck_assert_uint_ne(prev.seed, g.seed);
		}
	}
	schedule_free(&plain);
	schedule_free(&dup);
}
END_TEST

Suite *schedule_suite(void)
{
	Suite *s = suite_create("schedule");
	TCase *tc = tcase_create("games");

	tcase_add_test(tc, round_robin_cycle_is_balanced);
	tcase_add_test(tc, each_group_once_per_cycle);
	tcase_add_test(tc, gauntlet_challenger_plays_every_game);
	tcase_add_test(tc, games_take_a_prefix_of_the_cycles);
	tcase_add_test(tc, seeds_come_from_the_index);
	tcase_add_test(tc, shards_partition_the_games);
	tcase_add_test(tc, too_many_games_is_refused);
	tcase_add_test(tc, shard_argument_is_checked);
	tcase_add_test(tc, duplicate_deals_share_a_seed_per_block);
	suite_add_tcase(s, tc);
	return s;
}
