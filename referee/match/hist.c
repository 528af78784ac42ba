/* hist.c: durations counted in log-linear bins (see hist.h). */
#include "hist.h"

/* The bin of v: the values below 2 * HIST_SUB have a bin each; above,
 * each power of two [2^e, 2^(e+1)) is cut into HIST_SUB equal bins. */
static int bin_of(uint64_t v)
{
	int e;

	if (v < 2 * HIST_SUB)
		return (int)v;
	/* The highest bit set: one instruction where the compiler has one. */
#if defined(__GNUC__) || defined(__clang__)
	e = 63 - __builtin_clzll(v);
#else
	for (e = 63; !(v >> e & 1); e--)
		;
#endif
	/* e >= 6 here, since HIST_SUB is 32. */
	if (e > HIST_EXP)
		return HIST_BINS - 1;
	int sub = (int)((v >> (e - 5)) & (HIST_SUB - 1));
	return 2 * HIST_SUB + (e - 6) * HIST_SUB + sub;
}

/* The lowest value of bin k and its width. */
static void bin_range(int k, uint64_t *lo, uint64_t *width)
{
	if (k < 2 * HIST_SUB) {
		*lo = (uint64_t)k;
		*width = 1;
		return;
	}
	int e = (k - 2 * HIST_SUB) / HIST_SUB + 6;
	int sub = (k - 2 * HIST_SUB) % HIST_SUB;
	*width = 1ULL << (e - 5);
	*lo = (1ULL << e) + (uint64_t)sub * *width;
}

void hist_add(hist *h, int64_t v)
{
	h->bin[bin_of(v < 0 ? 0 : (uint64_t)v)]++;
	h->n++;
}

int64_t hist_quantile(const hist *h, double q)
{
	uint64_t rank, seen = 0, lo, width;

	if (h->n == 0)
		return 0;
	if (q < 0)
		q = 0;
	/* The nearest rank: the ceil(q n)-th smallest, from 1. */
	rank = (uint64_t)(q * (double)h->n);
	if ((double)rank < q * (double)h->n)
		rank++;
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;
	for (int k = 0; k < HIST_BINS; k++) {
		seen += h->bin[k];
		if (seen >= rank) {
			bin_range(k, &lo, &width);
			return (int64_t)(lo + width / 2);
		}
	}
	return 0;       /* cannot happen: the bins hold n values */
}
