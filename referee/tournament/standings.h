/* standings.h: per-bot figures and a rating from the journals of one
 * tournament (one run, or the shards of one), for people and scripts. */
#ifndef SAB_STANDINGS_H
#define SAB_STANDINGS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "journal.h"

/*
 * One bot's figures.  Rates and means that have nothing to count (no
 * game, no round in a role, no decision, fewer than two games for an
 * interval) are NAN, printed as "-" (table), null (YAML) or empty (CSV).
 */
typedef struct standing {
	char name[33];
	long games;
	int64_t gold;           /* total over its games */
	double mean_gold;       /* gold / games */
	double ci_low, ci_high; /* 95% confidence interval of mean_gold */
	long wins;              /* games it won or shared the win of */
	double win_rate;        /* wins / games */
	/* By role value (the standings' roles): rounds it played in that
	 * role, how many of them it won (it was among the round's winners),
	 * and role_won / role_rounds. */
	long role_rounds[SAB_MAX_ROLES], role_won[SAB_MAX_ROLES];
	double role_rate[SAB_MAX_ROLES];
	/* By role value: the gold it was paid in the rounds it played in
	 * that role (thefts in them included), and that gold per round.  A
	 * game from an earlier version's journal holds no payouts: its rounds
	 * count in role_rounds, not here (role_paid counts those that do). */
	int64_t role_gold[SAB_MAX_ROLES];
	long role_paid[SAB_MAX_ROLES];
	double role_mean_gold[SAB_MAX_ROLES];
	int64_t decisions;
	int64_t think_us;
	double ms_per_move;     /* think_us / decisions / 1000 */
	long timeouts;          /* times it ran out of time */
	long illegal;           /* replies refused */
	long defaults;          /* decisions the referee made for it */
	long crashes;           /* games it ended crashed or unable to start */
	long protocol;          /* games it ended with a protocol error: closed,
	                           line-too-long, flood or handshake */
	int disqualified;       /* 1 when any game shows it disqualified */
	int remote;             /* 1: a network entry (DIR/network.txt) */
	double rating;          /* see standings_finish() */
} standing;

struct standings_acc;

/* Standings being gathered; fill with standings_add*(), then call
 * standings_finish() for the rows.  Only the public part may be read. */
typedef struct standings {
	uint64_t config;        /* the tournament's tconfig_hash() */
	int have_config;        /* a journal header was read */
	long games;             /* distinct games counted */
	long duplicates;        /* games seen again, not counted */
	long unsealed;          /* games counted whose bots ran unsealed */
	long paired_deals;      /* after standings_finish(): the deals, when
	                           some deal was played more than once
	                           (duplicate deals), else 0 */
	int nbots;
	standing *rows;         /* nbots rows after standings_finish(),
	                           best first */
	journal_roles roles;    /* the journals' role list (the base game's
	                           until a journal is read): the per-role
	                           figures are of its roles but none */

	/* Private. */
	struct standings_acc *acc;      /* accumulators, by bot number */
	int cap;                        /* bots acc and win2 have room for */
	uint64_t *win2;                 /* cap x cap: twice i's wins over j,
	                                   a tie counting 1 */
	uint64_t *ties;                 /* cap x cap: ties of i and j */
	int *slot;                      /* name hash table: bot number + 1 */
	int nslot;
	journal_set seen;               /* game indices counted */
	struct stats_deals *deals;      /* gold by deal (stats.h) */
	char *first_dir;                /* the folder the config came from */
	char (*remote)[33];             /* network entries' names */
	int nremote;
	int no_deals;                   /* standings_no_deals() was called */
} standings;

/* Output formats. */
enum { STANDINGS_TABLE, STANDINGS_YAML, STANDINGS_CSV };

/* Makes empty standings. */
void standings_init(standings *st);

/*
 * Counts the games added from now on without their deals: for standings
 * read only for their rating, whose intervals by deal are never wanted
 * (saboteur report's ratings on resamples of the games, where each copy
 * is a deal of its own).  Their rows' gold intervals are then the ones of
 * games, not of deals; the rating is the same.
 */
void standings_no_deals(standings *st);

/*
 * Counts game g, unless a game of the same index was counted already
 * (then it only counts a duplicate).  Every total is a sum of integers,
 * so the figures do not depend on the order in which games are added.
 * Returns 1 when counted, 0 for a duplicate, -1 with a message in err
 * (out of memory).
 */
int standings_add(standings *st, const journal_game *g, char *err,
    size_t errlen);

/*
 * Counts the games of DIR's journal (see journal_scan(); warnings go to
 * warn, which may be NULL), whose role list becomes st->roles.  The
 * journals of one standings must come from one tournament file: returns
 * -1 with "DIR holds a run of another tournament file than FIRST" in err
 * otherwise (or when their role lists differ); games already counted
 * from an earlier folder (the same index in two shards, or a shard and a
 * whole run) are counted once, with one warning per folder.
 */
int standings_add_dir(standings *st, const char *dir, journal_warn_fn *warn,
    void *arg, char *err, size_t errlen);

/*
 * Computes every row from what was added (it may be called again after
 * more games are added) and sorts the rows by rating, then mean gold,
 * then name.  Returns 0, or -1 with a message in err (out of memory).
 *
 * Mean gold's interval is mean +- t * s / sqrt(n), with s the sample
 * standard deviation (n - 1 in its denominator) and t the 0.975 quantile
 * of Student's t distribution with n - 1 degrees of freedom (exact table
 * to 30, then the Cornish-Fisher expansion, good to 1e-4).  When some
 * deal (a game's seed) was played more than once, as with duplicate
 * deals, each deal counts as one observation instead: see
 * stats_deals_half(), and paired_deals.
 *
 * The rating is a Bradley-Terry model fitted by maximum likelihood with
 * the MM algorithm (Hunter 2004), finished by Newton's method where MM
 * crawls (a bot that wins nearly every comparison), on an Elo-like scale:
 * rating = 400 log10(strength), shifted so that the mean over the bots is
 * 1500; a difference of 400 means ten-to-one odds of having more gold in
 * a game where both play.  Each game counts as every pair of its seats
 * compared by gold: more gold is a win, equal gold half a win each (full
 * rank breaking of the game's gold order, whose estimates are consistent
 * for the Plackett-Luce model of the whole order).  Each bot also gets
 * one virtual drawn comparison with a fixed bot of strength 1, so that
 * the fit exists and is unique even for a bot that always or never has
 * the most gold.  The assumptions, stated: teams and hidden roles are
 * ignored (a bot is credited with its team's luck, which evens out as
 * every bot plays every role); games are treated as independent rankings,
 * and the pairs of one game as independent, which they are not, so no
 * error bars are claimed for the rating; strength is one number per bot,
 * the same in every seat, role and line-up.  The data the fit reads are
 * integer counts, taken in name order, so the rating is the same bit for
 * bit whatever the order of the games or of the journals.
 */
int standings_finish(standings *st, char *err, size_t errlen);

/*
 * Everything at once: standings_init(), standings_add_dir() for each of
 * the n folders, standings_finish().  Free st in both cases.
 */
int standings_load(standings *st, const char *const *dirs, int n,
    journal_warn_fn *warn, void *arg, char *err, size_t errlen);

/* Parses "table", "yaml" or "csv" into *format; -1 when it is none. */
int standings_parse_format(const char *name, int *format);

/* Writes the rows in a format to f.  Returns 0, or -1 when writing
 * failed (ferror(f)). */
int standings_print(FILE *f, const standings *st, int format);

/*
 * Writes the per-role figures in a format to f: for every bot, in the
 * rows' order, and every role of the standings' list but none, in its
 * order, one line with the rounds it played in that role, the rounds of
 * them it won, its win rate, its gold and gold per round in that role.
 * Returns 0, or -1 when writing failed (ferror(f)).
 */
int standings_print_roles(FILE *f, const standings *st, int format);

/* After standings_finish(): the games in which the bot of row i had more
 * gold than the bot of row j (*ahead) and fewer (*behind), a tie counted
 * as half in each; *tied gets the ties (NULL: not wanted). */
void standings_pair(const standings *st, int i, int j, double *ahead,
    double *behind, double *tied);

/*
 * Writes, after the standings' table (rows in their order): the head-to-
 * head table, row bot against column bot, the share of the games both
 * played in which the row's bot had more gold (a tie half), and then the
 * likelihood of superiority of each bot over the next in the ranking,
 * stats_los() (stats.h) of the games it was ahead and behind, the ties
 * left out as chess leaves out draws.  Returns 0, or -1 when writing
 * failed.
 */
int standings_print_pairs(FILE *f, const standings *st);

/* Frees what the standings hold; a zeroed or initialised one is fine. */
void standings_free(standings *st);

#endif
