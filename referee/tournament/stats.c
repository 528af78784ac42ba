/* stats.c: intervals by deal, the sequential test of a gauntlet and the
 * likelihood of superiority (see stats.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

double stats_t975(long df)
{
	static const double table[31] = { 0, 12.7062, 4.3027, 3.1824, 2.7764,
		2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010, 2.1788,
		2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
		2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484,
		2.0452, 2.0423 };
	const double z = 1.959963984540054, v = (double)df;
	double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;

	if (df <= 30)
		return table[df < 0 ? 0 : df];
	/* Abramowitz and Stegun 26.7.5. */
	return z + (z3 + z) / (4 * v) +
	    (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
	    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

double stats_phi(double x)
{
	return 0.5 * erfc(-x / sqrt(2.0));
}

double stats_los(double w, double l)
{
	return w + l > 0 ? stats_phi((w - l) / sqrt(w + l)) : 0.5;
}

int stats_print_pairs(FILE *f, const standings *st)
{
	int w = 3, n = st->nbots;

	for (int i = 0; i < n; i++)
		if ((int)strlen(st->rows[i].name) > w)
			w = (int)strlen(st->rows[i].name);
	fprintf(f, "\nhead to head: how often the row's bot had more gold "
	    "than the column's\nin the games both played (a tie counts "
	    "half)\n%-*s", w, "");
	for (int j = 0; j < n; j++)
		fprintf(f, "  %*s", w > 6 ? w : 6, st->rows[j].name);
	fputc('\n', f);
	for (int i = 0; i < n; i++) {
		fprintf(f, "%-*s", w, st->rows[i].name);
		for (int j = 0; j < n; j++) {
			double a, b;
			char cell[16];
			standings_pair(st, i, j, &a, &b);
			if (i == j || a + b == 0)
				snprintf(cell, sizeof cell, "-");
			else
				snprintf(cell, sizeof cell, "%.1f%%",
				    100 * a / (a + b));
			fprintf(f, "  %*s", w > 6 ? w : 6, cell);
		}
		fputc('\n', f);
	}
	if (n > 1)
		fprintf(f, "\nlikelihood of superiority, each bot over the "
		    "next in the ranking:\n");
	for (int i = 0; i + 1 < n; i++) {
		double a, b;
		standings_pair(st, i, i + 1, &a, &b);
		fprintf(f, "  %s over %s: %.1f%% (ahead in %.1f, behind in "
		    "%.1f games)\n", st->rows[i].name, st->rows[i + 1].name,
		    100 * stats_los(a, b), a, b);
	}
	return ferror(f) ? -1 : 0;
}

/* ---- intervals by deal ------------------------------------------------- */

/* One bot's gold in one deal; bot -1 counts the deal's games. */
struct stats_cell {
	uint64_t seed;
	int who;                /* -2: an empty cell */
	long games;
	int64_t gold;
};

static size_t cell_hash(uint64_t seed, int who, size_t cap)
{
	uint64_t h = (seed ^ (uint64_t)(int64_t)who * 0x9e3779b97f4a7c15ULL) *
	    0xbf58476d1ce4e5b9ULL;
	return (size_t)(h ^ h >> 31) & (cap - 1);
}

static struct stats_cell *cell_find(struct stats_cell *c, size_t cap,
    uint64_t seed, int who)
{
	size_t i = cell_hash(seed, who, cap);

	while (c[i].who != -2 && (c[i].seed != seed || c[i].who != who))
		i = (i + 1) & (cap - 1);
	return &c[i];
}

/* Keeps the table at most half full; -1 when out of memory. */
static int cells_room(stats_deals *d, size_t more)
{
	size_t cap = d->cap ? d->cap : 256;
	struct stats_cell *c;

	while (2 * (d->used + more) > cap)
		cap *= 2;
	if (cap == d->cap)
		return 0;
	if ((c = malloc(cap * sizeof *c)) == NULL)
		return -1;
	for (size_t i = 0; i < cap; i++)
		c[i].who = -2;
	for (size_t i = 0; i < d->cap; i++)
		if (d->cell[i].who != -2)
			*cell_find(c, cap, d->cell[i].seed, d->cell[i].who) =
			    d->cell[i];
	free(d->cell);
	d->cell = c;
	d->cap = cap;
	return 0;
}

static void cell_add(stats_deals *d, uint64_t seed, int who, int gold)
{
	struct stats_cell *c = cell_find(d->cell, d->cap, seed, who);

	if (c->who == -2) {
		*c = (struct stats_cell){ seed, who, 0, 0 };
		d->used++;
	}
	c->games++;
	c->gold += gold;
}

int stats_deals_add(stats_deals *d, uint64_t seed, const int *who,
    const int *gold, int n)
{
	if (cells_room(d, (size_t)n + 1) != 0)
		return -1;
	struct stats_cell *c = cell_find(d->cell, d->cap, seed, -1);
	if (c->who == -2)
		d->deals++;
	else
		d->repeated++;
	cell_add(d, seed, -1, 0);
	for (int s = 0; s < n; s++)
		cell_add(d, seed, who[s], gold[s]);
	return 0;
}

double stats_deals_half(const stats_deals *d, int who, double mean,
    long games, long *k)
{
	double ss = 0;

	*k = 0;
	for (size_t i = 0; i < d->cap; i++) {
		const struct stats_cell *c = &d->cell[i];
		if (c->who != who)
			continue;
		double e = (double)c->gold - (double)c->games * mean;
		ss += e * e;
		(*k)++;
	}
	if (*k < 2 || games <= 0)
		return NAN;
	double kk = (double)*k;
	return stats_t975(*k - 1) * sqrt(kk / (kk - 1) * ss) / (double)games;
}

void stats_deals_free(stats_deals *d)
{
	free(d->cell);
	memset(d, 0, sizeof *d);
}

/* ---- the sequential test ------------------------------------------------ */

void stats_sprt_init(stats_sprt *t, double margin, double alpha, double beta)
{
	memset(t, 0, sizeof *t);
	t->margin = margin;
	t->alpha = alpha;
	t->beta = beta;
	t->lower = log(beta / (1 - alpha));
	t->upper = log((1 - beta) / alpha);
}

int stats_sprt_add(stats_sprt *t, double x)
{
	if (t->decision != STATS_UNDECIDED)
		return t->decision;
	t->n++;
	t->sum += x;
	t->sumsq += x * x;
	double n = (double)t->n, m = t->sum / n, v = t->sumsq / n - m * m;
	if (!(v > 0))
		return STATS_UNDECIDED;
	t->llr_plus = t->margin / v * (t->sum - n * t->margin / 2);
	t->llr_minus = t->margin / v * (-t->sum - n * t->margin / 2);
	if (t->n < STATS_SPRT_MIN)
		return STATS_UNDECIDED;
	/* A side once settled stays settled (Sobel and Wald): only the
	 * other test goes on. */
	if (!t->settled_plus && t->llr_plus >= t->upper)
		t->decision = STATS_BETTER;
	else if (!t->settled_minus && t->llr_minus >= t->upper)
		t->decision = STATS_WORSE;
	else {
		t->settled_plus |= t->llr_plus <= t->lower;
		t->settled_minus |= t->llr_minus <= t->lower;
		if (t->settled_plus && t->settled_minus)
			t->decision = STATS_SAME;
	}
	if (t->decision != STATS_UNDECIDED)
		t->decided_n = t->n;
	return t->decision;
}

double stats_sprt_mean(const stats_sprt *t, double *half)
{
	double n = (double)t->n;

	*half = NAN;
	if (t->n == 0)
		return NAN;
	double m = t->sum / n;
	if (t->n >= 2) {
		double v = (t->sumsq - n * m * m) / (n - 1);
		*half = stats_t975(t->n - 1) * sqrt(v > 0 ? v : 0) / sqrt(n);
	}
	return m;
}

const char *stats_sprt_word(int decision)
{
	switch (decision) {
	case STATS_BETTER:
		return "better";
	case STATS_WORSE:
		return "worse";
	case STATS_SAME:
		return "no difference bigger than the margin";
	default:
		return "undecided";
	}
}

/* ---- observations of several games -------------------------------------- */

struct stats_unit {
	long key;
	int count;
	double sum;
};

int stats_units_add(stats_units *s, long key, int size, double x,
    double *mean)
{
	int i;

	for (i = 0; i < s->n && s->u[i].key != key; i++)
		continue;
	if (i == s->n) {
		if (s->n == s->cap) {
			int cap = s->cap ? 2 * s->cap : 16;
			struct stats_unit *u = realloc(s->u, (size_t)cap *
			    sizeof *u);
			if (u == NULL)
				return -1;
			s->u = u;
			s->cap = cap;
		}
		s->u[s->n++] = (struct stats_unit){ key, 0, 0 };
	}
	s->u[i].count++;
	s->u[i].sum += x;
	if (s->u[i].count < size)
		return 0;
	*mean = s->u[i].sum / s->u[i].count;
	/* Done with: the last unit takes its place. */
	s->u[i] = s->u[--s->n];
	return 1;
}

void stats_units_free(stats_units *s)
{
	free(s->u);
	memset(s, 0, sizeof *s);
}
