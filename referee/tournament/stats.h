/* stats.h: the statistics of tournament results beyond the standings'
 * own figures: intervals by deal when deals are played more than once
 * (duplicate deals), the sequential test that stops a gauntlet, and the
 * likelihood of superiority between two bots. */
#ifndef SAB_STATS_H
#define SAB_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "standings.h"

/* The 0.975 quantile of Student's t with df >= 1 degrees of freedom (a
 * table to 30, then the Cornish-Fisher expansion, within 1e-4). */
double stats_t975(long df);

/* The standard normal distribution function. */
double stats_phi(double x);

/*
 * Likelihood of superiority of a bot that finished ahead of another w
 * times and behind it l times (ties left out): Phi((w - l) / sqrt(w + l)),
 * the chess formula (a normal approximation to the posterior that the
 * first is the stronger, with a flat prior).  0.5 when w + l is 0.
 */
double stats_los(double w, double l);

/*
 * Writes, after the standings' table (rows in their order): the head-to-
 * head table, row bot against column bot, the share of the games both
 * played in which the row's bot had more gold (a tie half), and then the
 * likelihood of superiority of each bot over the next in the ranking,
 * stats_los() of those counts (ties in both, which makes it cautious).
 * Returns 0, or -1 when writing failed.
 */
int stats_print_pairs(FILE *f, const standings *st);

/* ------------------------------------------------------------------ */
/* Intervals by deal */

struct stats_cell;

/*
 * Gold by deal and bot: a deal is a game's seed, so with duplicate deals
 * the rotations of one line-up are one deal.  A zeroed stats_deals is
 * empty.
 */
typedef struct stats_deals {
	struct stats_cell *cell;
	size_t cap, used;
	long deals;             /* distinct seeds */
	long repeated;          /* games whose seed was met before */
} stats_deals;

/* Counts a game of this seed, whose seats are played by bots bot[0..n)
 * (numbers from 0) with gold[0..n).  Returns 0, or -1 when out of memory. */
int stats_deals_add(stats_deals *d, uint64_t seed, const int *who,
    const int *gold, int n);

/*
 * The 95% interval of bot's mean gold mean over its games, with each deal
 * as one observation (the cluster-robust variance of a mean: deals are
 * independent, the games of one deal are not): mean +- t(k - 1) * sqrt(k
 * / (k - 1) * sum over deals (G - n * mean)^2) / games, with k the deals
 * bot played, G its gold and n its games in each.  When every deal is
 * played once this is the usual interval of the mean.  Returns the half
 * width, NAN when the bot played fewer than two deals; *k gets k.
 */
double stats_deals_half(const stats_deals *d, int who, double mean,
    long games, long *k);

/* Frees what d holds and empties it. */
void stats_deals_free(stats_deals *d);

/* ------------------------------------------------------------------ */
/* The sequential test of a gauntlet */

enum { STATS_UNDECIDED, STATS_BETTER, STATS_WORSE, STATS_SAME };

/* The least observations before the test may decide: the variance it
 * divides by is estimated, and needs a few to mean anything. */
#define STATS_SPRT_MIN 20

/*
 * Sobel and Wald's three-decision test (1949) made of two sequential
 * probability ratio tests on the mean difference mu of the observations:
 * mu = 0 against mu = +margin, and mu = 0 against mu = -margin, each with
 * error rates alpha (deciding for a difference that is not there) and
 * beta (missing one of margin).  The observations are taken as normal
 * with the variance estimated from them (a generalised SPRT, as
 * fastchess's): after n observations of sum S and variance v,
 *
 *   LLR+ = margin / v * (S - n * margin / 2),
 *   LLR- = margin / v * (-S - n * margin / 2),
 *
 * compared with log(beta / (1 - alpha)) below and log((1 - beta) / alpha)
 * above.  LLR+ above: "better"; LLR- above: "worse"; each below, once,
 * settles its side for good (that test stops: "not better", or "not
 * worse"), and both settled: "same" (no difference bigger than margin).  A test of this kind is valid however often it is looked at:
 * it may be checked after every game.
 */
typedef struct stats_sprt {
	double margin, alpha, beta;
	double lower, upper;    /* the bounds above */
	long n;
	double sum, sumsq;
	double llr_plus, llr_minus;
	int settled_plus, settled_minus;
	int decision;           /* STATS_* */
	long decided_n;         /* observations when it decided */
} stats_sprt;

void stats_sprt_init(stats_sprt *t, double margin, double alpha,
    double beta);

/* Adds observation x (nothing changes once decided); returns the
 * decision. */
int stats_sprt_add(stats_sprt *t, double x);

/* The mean of the observations and its 95% interval's half width (NAN
 * with fewer than two). */
double stats_sprt_mean(const stats_sprt *t, double *half);

/* "better", "worse", "no difference bigger than the margin" or
 * "undecided". */
const char *stats_sprt_word(int decision);

/*
 * Observations made of several games: with duplicate deals, the games of
 * one deal are one observation (their mean), given to the test when all
 * of them are in, whatever the order games finish in.  A zeroed
 * stats_units is empty.
 */
typedef struct stats_units {
	struct stats_unit *u;
	int n, cap;
} stats_units;

/* Adds x to unit key, which is complete after size values: returns 1 and
 * their mean in *mean when it is, 0 when not yet, -1 when out of
 * memory. */
int stats_units_add(stats_units *s, long key, int size, double x,
    double *mean);

void stats_units_free(stats_units *s);

#endif
