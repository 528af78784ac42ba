/* sprt_sim.c: runs the tournament's sequential test (stats.h) many times
 * on observations drawn from a real sample, and prints how often it
 * decides each way and after how many observations. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "stats.h"

/*
 * Usage: sprt-sim MARGIN ALPHA BETA RUNS MAX SEED < OBSERVATIONS
 *
 * OBSERVATIONS: one number a line (a deal's mean gold difference, or a
 * game's).  For each true mean mu of 0, +MARGIN and -MARGIN, RUNS tests
 * are run, each on observations drawn at random, with replacement, from
 * the sample shifted to mean mu (so with its real spread and shape), until
 * it decides or MAX observations are taken.  Printed, for each mu: the
 * share of runs that said better, worse, no difference and undecided, the
 * mean and largest number of observations taken, and how often the
 * interval printed after the stop (and, for comparison, the fixed-sample
 * t interval) held mu.  A last line runs the test on observations that
 * are all 0, as identical bots give.
 */

static double *sample;
static size_t nsample;

static int read_sample(void)
{
	size_t cap = 0;
	double x;

	while (scanf("%lf", &x) == 1) {
		if (nsample == cap) {
			cap = cap ? 2 * cap : 1024;
			double *s = realloc(sample, cap * sizeof *s);
			if (s == NULL)
				return -1;
			sample = s;
		}
		sample[nsample++] = x;
	}
	return nsample >= 2 && feof(stdin) ? 0 : -1;
}

typedef struct tally {
	long said[4];           /* by STATS_* */
	double obs;             /* observations taken, summed */
	long most;
	long held, held_fixed;  /* intervals that held mu */
} tally;

/* One test on draws from the sample shifted by shift (its mean then mu);
 * zero: every observation is 0. */
static void run(tally *y, sab_rng *r, double margin, double alpha,
    double beta, long max, double shift, double mu, int zero)
{
	stats_sprt t;
	double half;
	long i;

	stats_sprt_init(&t, margin, alpha, beta);
	for (i = 0; i < max && t.decision == STATS_UNDECIDED; i++)
		if (stats_sprt_add(&t, zero ? 0 : sample[sab_rng_below(r,
		    (uint32_t)nsample)] + shift) < 0) {
			fprintf(stderr, "sprt-sim: out of memory\n");
			exit(1);
		}
	y->said[t.decision]++;
	y->obs += (double)t.n;
	if (t.n > y->most)
		y->most = t.n;
	double m = stats_sprt_mean(&t, &half);
	y->held += zero || fabs(m - mu) <= half;
	double n = (double)t.n, v = (t.sumsq - n * m * m) / (n - 1);
	y->held_fixed += zero || fabs(m - mu) <= stats_t975(t.n - 1) *
	    sqrt(v > 0 ? v : 0) / sqrt(n);
	stats_sprt_free(&t);
}

static void print(const char *what, const tally *y, long runs)
{
	double k = 100.0 / (double)runs;

	printf("  %-18s better %5.1f%%  worse %5.1f%%  same %5.1f%%  "
	    "undecided %4.1f%%  observations: mean %6.0f, most %6ld;  "
	    "interval held %5.1f%% (fixed-sample one %5.1f%%)\n", what,
	    k * (double)y->said[STATS_BETTER], k * (double)y->said[STATS_WORSE],
	    k * (double)y->said[STATS_SAME], k * (double)y->said[STATS_UNDECIDED],
	    y->obs / (double)runs, y->most, k * (double)y->held,
	    k * (double)y->held_fixed);
}

static int number(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return *s == '\0' || *end != '\0' || errno ? -1 : 0;
}

int main(int argc, char **argv)
{
	double margin, alpha, beta, runs, max, seed, mean = 0, sd = 0;
	sab_rng r;

	if (argc != 7 || number(argv[1], &margin) || number(argv[2], &alpha) ||
	    number(argv[3], &beta) || number(argv[4], &runs) ||
	    number(argv[5], &max) || number(argv[6], &seed) || margin <= 0 ||
	    runs < 1 || max < 1) {
		fprintf(stderr, "usage: sprt-sim MARGIN ALPHA BETA RUNS MAX SEED "
		    "< OBSERVATIONS\n");
		return 2;
	}
	if (read_sample() != 0) {
		fprintf(stderr, "sprt-sim: expected at least two numbers, one "
		    "a line, on the standard input\n");
		return 2;
	}
	for (size_t i = 0; i < nsample; i++)
		mean += sample[i] / (double)nsample;
	for (size_t i = 0; i < nsample; i++)
		sd += (sample[i] - mean) * (sample[i] - mean);
	sd = sqrt(sd / (double)(nsample - 1));
	sab_rng_seed(&r, (uint64_t)seed);
	printf(" margin %g (%.2f standard deviations of an observation), "
	    "alpha %g, beta %g; %.0f runs each, at most %.0f observations:\n",
	    margin, margin / sd, alpha, beta, runs, max);
	static const struct { const char *what; double mu; int zero; } c[] = {
		{ "no difference:", 0, 0 }, { "+margin:", 1, 0 },
		{ "-margin:", -1, 0 }, { "identical bots:", 0, 1 },
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		tally y;
		double mu = c[k].mu * margin;
		memset(&y, 0, sizeof y);
		for (long i = 0; i < (long)runs; i++)
			run(&y, &r, margin, alpha, beta, (long)max, mu - mean, mu,
			    c[k].zero);
		print(c[k].what, &y, (long)runs);
	}
	free(sample);
	return 0;
}
