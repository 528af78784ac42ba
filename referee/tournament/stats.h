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
 * stats_los() of the games it was ahead and behind, the ties left out as
 * chess leaves out draws.  Returns 0, or -1 when writing failed.
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

/* The least observations before the test may decide: its likelihoods
 * are of the distribution the observations show, and a few observations
 * can show it wrong by luck. */
#define STATS_SPRT_MIN 30

/* The weight of each of the two pseudo-observations (see stats_sprt). */
#define STATS_SPRT_PSEUDO 0.001

/* The confidence sequence's mixing weight, in observations (see
 * stats_sprt_mean()). */
#define STATS_CS_WEIGHT 12.0

struct stats_value;

/*
 * Sobel and Wald's three-decision test (1949) made of two generalised
 * sequential probability ratio tests (GSPRT) on the mean mu of the
 * observations: mu = 0 against mu = +margin, and mu = 0 against mu =
 * -margin, each with error rates alpha / 2 (deciding for a difference
 * that is not there, in its direction) and beta (missing one of margin):
 * so alpha is the chance of declaring either difference when there is
 * none, beta that of missing a difference of the margin in either
 * direction.
 *
 * The GSPRT of fastchess and OpenBench for the pentanomial results of
 * game pairs, with the values the observations take in place of the five
 * scores of a pair: the likelihood of each hypothesis is the largest that
 * a distribution on the values seen so far, whose mean is the
 * hypothesis's, gives the observations (the multinomial maximum
 * likelihood under a mean constraint, Van den Bergh's Proposition 1.1;
 * empirical likelihood, Owen 1988): with counts c_i of values a_i,
 *
 *   log L(s) = -sum c_i log(1 + theta (a_i - s)),
 *   sum c_i (a_i - s) / (1 + theta (a_i - s)) = 0,
 *
 * and LLR+ = log L(+margin) - log L(0), LLR- = log L(-margin) - log L(0),
 * compared with log(beta / (1 - alpha / 2)) below and log((1 - beta) /
 * (alpha / 2)) above.  As fastchess counts an outcome never seen as
 * 0.001, two pseudo-observations of weight STATS_SPRT_PSEUDO lie below
 * the lowest of the values and -margin and above the highest and
 * +margin, by the values' range or the margin, whichever is larger, so
 * that every hypothesis is possible:
 * observations that are all the same (identical bots) give finite
 * likelihoods, which say plainly that the mean is theirs.  LLR+ above:
 * "better"; LLR- above: "worse"; each below, once, settles its side for
 * good (that test stops: "not better", or "not worse"), and both
 * settled: "same" (no difference bigger than the margin).  Nothing is
 * decided before STATS_SPRT_MIN observations.  A test of this kind keeps
 * its error rates however often it is looked at: it may be checked after
 * every observation.
 */
typedef struct stats_sprt {
	double margin, alpha, beta;
	double lower, upper;    /* the bounds above */
	long n;
	double sum, sumsq;
	struct stats_value *v;  /* the distinct values seen, sorted, with
	                           their counts */
	long nv, capv;
	double theta[3];        /* the last solutions, for 0, +-margin */
	double llr_plus, llr_minus;
	int settled_plus, settled_minus;
	int decision;           /* STATS_* */
	long decided_n;         /* observations when it decided */
} stats_sprt;

void stats_sprt_init(stats_sprt *t, double margin, double alpha,
    double beta);

/* Adds observation x (nothing changes once decided); returns the
 * decision, or -1 when out of memory. */
int stats_sprt_add(stats_sprt *t, double x);

/* Frees what t holds; the decision and figures stay readable. */
void stats_sprt_free(stats_sprt *t);

/*
 * The mean of the observations and the half width of a 95% interval of
 * mu that holds at whatever observation the test stopped (NAN with fewer
 * than two): a normal-mixture confidence sequence (Robbins 1970; Howard,
 * Ramdas, McAuliffe and Sekhon 2021), with s^2 the sample variance (n - 1
 * in its denominator) and w = STATS_CS_WEIGHT,
 *
 *   half = s * sqrt((n + w) * (log((n + w) / w) + 2 * log(1 / 0.05))) / n,
 *
 * which a random walk crosses, anywhere, with a chance of at most 5%.  A
 * fixed-sample interval after a sequential stop would be too narrow: the
 * test stops sooner when the first observations look extreme.
 */
double stats_sprt_mean(const stats_sprt *t, double *half);

/* "better", "worse", "no difference bigger than the margin" or
 * "undecided". */
const char *stats_sprt_word(int decision);

/*
 * Observations in the order of the schedule.  Games finish in any order;
 * the test takes game i only once games 0 .. i - 1 are in, so that where
 * it stops, and what it decides, depend on the schedule alone, not on
 * -j or on which game finished first.  With duplicate deals the games of
 * one deal (a block of `block` games, the last one maybe short) are one
 * observation, their mean.  A zeroed stats_order is empty; set block and
 * total before the first game.
 */
typedef struct stats_order {
	long block;             /* games per observation (1, or players) */
	long total;             /* games in the schedule */
	long next;              /* the next game the test takes: the games
	                           before it are in */
	double part;            /* the sum of the deal under way */
	long decided_games;     /* games taken when the test decided, or 0 */
	struct stats_waiting *w;        /* a heap of games ahead of next */
	long nw, capw;
} stats_order;

/*
 * Adds game index's observation x, then gives the test every game now in
 * order.  Returns 0, or -1 when out of memory.  A game given twice is
 * taken once.
 */
int stats_order_add(stats_order *o, stats_sprt *t, long index, double x);

void stats_order_free(stats_order *o);

#endif
