/* schedule.h: the games of a tournament: for each game index, its line-up
 * (a bot per seat) and its seed, computed on demand, in any order. */
#ifndef SAB_SCHEDULE_H
#define SAB_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

#include "saboteur.h"
#include "tconfig.h"

/*
 * How the games are laid out.  A group is a set of bots that sit at one
 * table: for a round robin, a combination of `players` bots out of all of
 * them; for a gauntlet, the challenger and a combination of `players - 1`
 * bots out of the others.  A cycle plays every group once in each of its
 * `players` rotations: the group's bots are put in a seeded random order
 * around the table (so who sits next to whom varies between groups), and
 * rotation r moves every bot r seats on.  So, over one cycle, every bot
 * meets every other equally often and sits in every seat equally often
 * (a gauntlet's challenger plays every game, in every seat equally often,
 * and so does every other bot).
 *
 * Game index i (from 0) belongs to cycle i / L (L = groups * players),
 * block (i % L) / players and rotation i % players.  Within a cycle the
 * blocks visit the groups in a seeded random order (a keyed permutation of
 * the group numbers, different in every cycle), so that any prefix of the
 * schedule is close to balanced: the first games already mix every bot,
 * and each block of `players` games seats its bots in every seat once.
 * `rounds: N` plays N whole cycles; `games: N` plays the first N games of
 * the same sequence (whole cycles and then part of one).  Every shuffle is
 * a function of the master seed, so the schedule is the same on every
 * machine, and a game's seed is sab_seed_game(master, index): the same
 * whatever the concurrency, the order of play or the sharding.  With
 * duplicate deals (schedule.duplicate), every game of a block takes the
 * seed of the block's first game: the same line-up is dealt the same
 * cards in each of its rotations, so each bot plays each hand once.
 */
typedef struct schedule {
	int kind;               /* enum tconfig_kind */
	int players;
	int nbots;
	int challenger;         /* gauntlet: its bot index; else -1 */
	uint64_t seed;          /* the master seed */
	int duplicate;          /* duplicate deals: every rotation of a block
	                           gets its first game's seed, so its deal */
	uint64_t groups;        /* groups per cycle */
	uint64_t cycle;         /* games per cycle: groups * players */
	long total;             /* games in the whole schedule */
	int shard, nshards;     /* this share: the indices i with
	                           i % nshards == shard - 1 */
	uint64_t *binom;        /* C(n, k), n <= nbots, k <= players */
} schedule;

/* One game of the schedule. */
typedef struct sched_game {
	long index;             /* from 0, in the whole schedule */
	uint64_t seed;          /* sab_seed_game(master, index), or with
	                           duplicate deals of the block's first index */
	int players;
	int bot[SAB_MAX_PLAYERS];       /* the bot (index in the file) at each
	                                   seat; 0 beyond players */
} sched_game;

/*
 * Lays out the schedule of t: reads kind, players, nbots, challenger,
 * rounds, games and seed.  The whole schedule is the only share (1/1).
 * Returns 0, or -1 with a message in err: a schedule of more than
 * TCONFIG_MAX_GAMES games (suggesting schedule.games), or groups too
 * many to count.  Free with schedule_free() in both cases.
 */
int schedule_make(schedule *s, const tconfig *t, char *err, size_t errlen);

/* Keeps only share i of n (1 <= i <= n): the games whose index % n is
 * i - 1.  Indices, and so seeds, are unchanged. */
void schedule_shard(schedule *s, int i, int n);

/* The number of games in this share. */
long schedule_size(const schedule *s);

/* Fills *g with the k-th game of this share (0 <= k < schedule_size()).
 * Returns 0, or -1 when k is out of range. */
int schedule_nth(const schedule *s, long k, sched_game *g);

/* Fills *g with game `index` of the whole schedule, whatever the share.
 * Returns 0, or -1 when index is out of range. */
int schedule_game(const schedule *s, long index, sched_game *g);

/*
 * Parses a --shard value "I/N" (1 <= I <= N <= 1000000) into *i and *n.
 * Returns 0, or -1 with a message in err, such as "--shard 0/4: I is the
 * share, from 1 to 4".
 */
int schedule_parse_shard(const char *arg, int *i, int *n, char *err,
    size_t errlen);

/* Frees what schedule_make() allocated; a zeroed schedule is fine. */
void schedule_free(schedule *s);

#endif
