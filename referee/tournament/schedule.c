/* schedule.c: the games of a tournament, computed from their index: cycles
 * of groups in seeded orders, each group in every rotation of its seats. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "say.h"
#include "schedule.h"

#define SHARDS_MAX 1000000

static uint64_t cycle_key(const schedule *s, uint64_t cycle)
{
	return sab_seed_mix(s->seed, SAB_SEED_GOLDEN * (2 * cycle + 1));
}

/*
 * A keyed permutation of [0, n): a balanced Feistel network of six rounds
 * on the smallest even number of bits that covers n, applied again while
 * the value falls outside [0, n) ("cycle walking", Black and Rogaway
 * 2002).  It is a bijection whatever the round function, needs no memory,
 * and takes a few steps on average (the domain is less than 4n).  So the
 * order of a cycle of any size can be looked up one game at a time.
 */
static uint64_t permute(uint64_t x, uint64_t n, uint64_t key)
{
	unsigned bits = 2, half;
	uint64_t mask;

	if (n <= 1)
		return 0;
	while (bits < 64 && ((n - 1) >> bits) != 0)
		bits += 2;
	half = bits / 2;
	mask = (UINT64_C(1) << half) - 1;
	do {
		uint64_t l = x >> half, r = x & mask, t;

		for (uint64_t round = 0; round < 6; round++) {
			t = l ^ (sab_seed_mix(r, key + round) & mask);
			l = r;
			r = t;
		}
		x = (l << half) | r;
	} while (x >= n);
	return x;
}

static uint64_t binom(const schedule *s, int n, int k)
{
	return s->binom[(size_t)n * (size_t)(s->players + 1) + (size_t)k];
}

/* C(n, k) for n <= nbots and k <= players, stuck at UINT64_MAX when they
 * do not fit. */
static int fill_binom(schedule *s)
{
	size_t w = (size_t)s->players + 1;

	s->binom = calloc(((size_t)s->nbots + 1) * w, sizeof *s->binom);
	if (s->binom == NULL)
		return -1;
	for (size_t n = 0; n <= (size_t)s->nbots; n++) {
		s->binom[n * w] = 1;
		for (size_t k = 1; k < w && n > 0; k++) {
			uint64_t a = s->binom[(n - 1) * w + k - 1];
			uint64_t b = s->binom[(n - 1) * w + k];
			s->binom[n * w + k] = a > UINT64_MAX - b ? UINT64_MAX :
			    a + b;
		}
	}
	return 0;
}

/*
 * Writes combination number rank (lexicographic order) of k elements out
 * of 0 .. u - 1 into out, in increasing order.  The entries of the table
 * it reads are at most C(u, k), so they are exact when that one is.
 */
static void unrank(const schedule *s, uint64_t rank, int u, int k, int *out)
{
	int x = 0;

	for (int i = 0; i < k; i++) {
		for (;;) {
			uint64_t c = binom(s, u - x - 1, k - i - 1);
			if (rank < c)
				break;
			rank -= c;
			x++;
		}
		out[i] = x++;
	}
}

/* The bots of group g of cycle c, in their seeded order around the table. */
static void group_bots(const schedule *s, uint64_t c, uint64_t g, int *bots)
{
	sab_rng rng;
	int k = s->players, t;

	if (s->kind == TCONFIG_GAUNTLET) {
		unrank(s, g, s->nbots - 1, k - 1, bots + 1);
		bots[0] = s->challenger;
		for (int i = 1; i < k; i++)
			if (bots[i] >= s->challenger)
				bots[i]++;
	} else {
		unrank(s, g, s->nbots, k, bots);
	}
	sab_rng_seed(&rng, sab_seed_mix(cycle_key(s, c), g + 1));
	for (int i = k - 1; i > 0; i--) {
		int j = (int)sab_rng_below(&rng, (uint32_t)i + 1);
		t = bots[i];
		bots[i] = bots[j];
		bots[j] = t;
	}
}

static int fail(const tconfig *t, char *err, size_t errlen, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

/* "FILE:LINE:COLUMN: schedule: reason" (no place without a file). */
static int fail(const tconfig *t, char *err, size_t errlen, const char *fmt,
    ...)
{
	int off = 0;
	va_list ap;

	if (errlen == 0)
		return -1;
	if (t->source != NULL) {
		off = snprintf(err, errlen, "%s:%d:%d: schedule: ", t->source,
		    t->schedule_at.line, t->schedule_at.column);
		if (off < 0 || (size_t)off >= errlen)
			return -1;
	}
	va_start(ap, fmt);
	(void)vsnprintf(err + off, errlen - (size_t)off, fmt, ap);
	va_end(ap);
	return -1;
}

/* Counts the games: groups, the cycle and the total, or fails. */
static int count_games(schedule *s, const tconfig *t, char *err,
    size_t errlen)
{
	int gauntlet = s->kind == TCONFIG_GAUNTLET;
	int u = gauntlet ? s->nbots - 1 : s->nbots;
	int k = gauntlet ? s->players - 1 : s->players;
	char what[96];

	snprintf(what, sizeof what, gauntlet ? "the challenger with every %d "
	    "of the %d others" : "every %d of the %d bots", k, u);
	s->groups = binom(s, u, k);
	if (s->groups == UINT64_MAX ||
	    s->groups > UINT64_MAX / (uint64_t)s->players)
		return fail(t, err, errlen, "%s make too many line-ups to "
		    "count; use fewer bots", what);
	s->cycle = s->groups * (uint64_t)s->players;
	if (t->games > 0) {
		s->total = t->games;
		return 0;
	}
	if (s->cycle > (uint64_t)TCONFIG_MAX_GAMES / (uint64_t)t->rounds)
		return fail(t, err, errlen, "%ld round%s of %" PRIu64 " games "
		    "(%s, in every rotation) is more than %ld games; play "
		    "part of it with games: N", t->rounds, t->rounds == 1 ?
		    "" : "s", s->cycle, what, TCONFIG_MAX_GAMES);
	s->total = (long)(s->cycle * (uint64_t)t->rounds);
	return 0;
}

int schedule_make(schedule *s, const tconfig *t, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->kind = t->kind;
	s->players = t->players;
	s->nbots = t->nbots;
	s->challenger = t->kind == TCONFIG_GAUNTLET ? t->challenger : -1;
	s->seed = t->seed;
	s->duplicate = t->duplicate;
	s->shard = s->nshards = 1;
	if (t->players < 2 || t->players > SAB_MAX_PLAYERS ||
	    t->nbots < t->players || (t->games <= 0 && t->rounds <= 0) ||
	    (s->kind == TCONFIG_GAUNTLET && (s->challenger < 0 ||
	    s->challenger >= t->nbots)))
		return fail(t, err, errlen, "%d bots cannot fill games of %d "
		    "players", t->nbots, t->players);
	if (fill_binom(s) != 0)
		return fail(t, err, errlen, "out of memory");
	return count_games(s, t, err, errlen);
}

void schedule_shard(schedule *s, int i, int n)
{
	s->shard = i;
	s->nshards = n;
}

long schedule_size(const schedule *s)
{
	long first = s->shard - 1;

	return s->total > first ? (s->total - first + s->nshards - 1) /
	    s->nshards : 0;
}

int schedule_game(const schedule *s, long index, sched_game *g)
{
	uint64_t i = (uint64_t)index, c, p, block;
	int base[SAB_MAX_PLAYERS], r;

	if (index < 0 || index >= s->total)
		return -1;
	c = i / s->cycle;
	p = i % s->cycle;
	block = p / (uint64_t)s->players;
	r = (int)(p % (uint64_t)s->players);
	group_bots(s, c, permute(block, s->groups, cycle_key(s, c)), base);
	memset(g, 0, sizeof *g);
	g->index = index;
	g->seed = sab_seed_game(s->seed, s->duplicate ? i - (uint64_t)r : i);
	g->players = s->players;
	for (int seat = 0; seat < s->players; seat++)
		g->bot[seat] = base[(seat + r) % s->players];
	return 0;
}

int schedule_nth(const schedule *s, long k, sched_game *g)
{
	if (k < 0 || k >= schedule_size(s))
		return -1;
	return schedule_game(s, s->shard - 1 + k * s->nshards, g);
}

/* Reads a whole number of digits only, up to max; -1 when it is not one. */
static long read_count(const char *s, size_t len, long max)
{
	long v = 0;

	if (len == 0 || len > 9)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= max ? v : -1;
}

int schedule_parse_shard(const char *arg, int *i, int *n, char *err,
    size_t errlen)
{
	const char *slash = strchr(arg, '/');
	long a, b;

	if (slash == NULL ||
	    (a = read_count(arg, (size_t)(slash - arg), SHARDS_MAX)) < 0 ||
	    (b = read_count(slash + 1, strlen(slash + 1), SHARDS_MAX)) < 0)
		return sab_fail(err, errlen, "--shard \"%.40s\": expected I/N, "
		    "share I of N counted from 1, such as 1/4", arg);
	if (b < 1)
		return sab_fail(err, errlen, "--shard %ld/%ld: N is the number "
		    "of shares, at least 1", a, b);
	if (a < 1 || a > b)
		return sab_fail(err, errlen, "--shard %ld/%ld: I is the share, "
		    "from 1 to %ld", a, b, b);
	*i = (int)a;
	*n = (int)b;
	return 0;
}

void schedule_free(schedule *s)
{
	if (s == NULL)
		return;
	free(s->binom);
	memset(s, 0, sizeof *s);
}
