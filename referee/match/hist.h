/* hist.h: a histogram of durations in fixed space, for medians and other
 * quantiles of a match's figures however many games it plays. */
#ifndef SAB_HIST_H
#define SAB_HIST_H

#include <stdint.h>

/*
 * Values (non-negative, in nanoseconds) are counted in log-linear bins, as
 * HdrHistogram does: below 2 * HIST_SUB exactly, above it in HIST_SUB bins
 * per power of two, so a quantile read back is within 1 / HIST_SUB
 * (about 3%) of the value it stands for.  Values beyond 2^HIST_EXP ns
 * (about 18 minutes) count in the last bin.  A zeroed hist is empty.
 */
#define HIST_SUB 32
#define HIST_EXP 40
#define HIST_BINS ((HIST_EXP - 5 + 1) * HIST_SUB + HIST_SUB)

typedef struct hist {
	uint64_t n;
	uint64_t bin[HIST_BINS];
} hist;

/* Counts value v (a negative one counts as 0). */
void hist_add(hist *h, int64_t v);

/* The value at quantile q (0 <= q <= 1) of what was counted: the middle
 * of the bin that holds it, the nearest-rank way; 0 when h is empty. */
int64_t hist_quantile(const hist *h, double q);

#endif
