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
			standings_pair(st, i, j, &a, &b, NULL);
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
		    "next in the ranking\n(ties left out, as chess leaves out "
		    "draws):\n");
	for (int i = 0; i + 1 < n; i++) {
		double a, b, t;
		standings_pair(st, i, i + 1, &a, &b, &t);
		a -= t / 2;
		b -= t / 2;
		fprintf(f, "  %s over %s: %.1f%% (ahead in %.0f, behind in "
		    "%.0f, tied in %.0f games)\n", st->rows[i].name,
		    st->rows[i + 1].name, 100 * stats_los(a, b), a, b, t);
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
	/* Two one-sided tests, each at half of alpha. */
	t->lower = log(beta / (1 - alpha / 2));
	t->upper = log((1 - beta) / (alpha / 2));
}

/* A value the observations took, and how many times. */
struct stats_value {
	double a;
	long c;
};

/* p, an array of *cap elements of size bytes holding n, with room for one
 * more: itself, or moved to twice the room (64 at first); NULL when out
 * of memory (p stays as it was). */
static void *room(void *p, long n, long *cap, size_t size)
{
	long c;
	void *q;

	if (n < *cap)
		return p;
	c = *cap ? 2 * *cap : 64;
	if ((q = realloc(p, (size_t)c * size)) != NULL)
		*cap = c;
	return q;
}

/* Counts x among the sorted values (the same value within rounding);
 * -1 when out of memory. */
static int count_value(stats_sprt *t, double x)
{
	long lo = 0, hi = t->nv;

	while (lo < hi) {
		long mid = (lo + hi) / 2;
		if (t->v[mid].a < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (long i = lo - 1; i <= lo; i++)
		if (i >= 0 && i < t->nv &&
		    fabs(t->v[i].a - x) <= 1e-9 * (1 + fabs(x))) {
			t->v[i].c++;
			return 0;
		}
	struct stats_value *v = room(t->v, t->nv, &t->capv, sizeof *v);
	if (v == NULL)
		return -1;
	t->v = v;
	memmove(&t->v[lo + 1], &t->v[lo], (size_t)(t->nv - lo) * sizeof *t->v);
	t->v[lo] = (struct stats_value){ x, 1 };
	t->nv++;
	return 0;
}

/* The two pseudo-observations: below the lowest of the values and
 * -margin, and above the highest and +margin, by the values' range or
 * the margin, whichever is larger.  Far enough out that a hypothesis
 * the values do not reach may still be the truth, with a tail not seen
 * yet; near enough that values far from a hypothesis tell against it. */
static void pseudo(const stats_sprt *t, double *lo, double *hi)
{
	double a = t->v[0].a, b = t->v[t->nv - 1].a;
	double w = b - a > t->margin ? b - a : t->margin;

	*lo = (a < -t->margin ? a : -t->margin) - w;
	*hi = (b > t->margin ? b : t->margin) + w;
}

/* The sum of c (a - s) / (1 + theta (a - s)) over the values and the
 * pseudo-observations, and its derivative in theta into *d. */
static double score(const stats_sprt *t, const double *pa, double s,
    double theta, double *d)
{
	double f = 0;

	*d = 0;
	for (long i = 0; i < t->nv + 2; i++) {
		double a = i < t->nv ? t->v[i].a : pa[i - t->nv];
		double c = i < t->nv ? (double)t->v[i].c : STATS_SPRT_PSEUDO;
		double e = a - s, q = 1 + theta * e;
		f += c * e / q;
		*d -= c * e * e / (q * q);
	}
	return f;
}

/*
 * log L(s) (see stats.h), up to a constant that cancels in the ratios:
 * theta solved by Newton's method from the last solution, kept within
 * the interval where every 1 + theta (a - s) is positive and halved
 * towards its ends when a step leaves it (the score falls as theta
 * rises, so the interval shrinks around the root).
 */
static double log_likelihood(const stats_sprt *t, double s, double *theta)
{
	double pa[2], lo, hi, th, scale, l = 0;

	pseudo(t, &pa[0], &pa[1]);
	lo = -1 / (pa[1] - s);
	hi = -1 / (pa[0] - s);
	scale = 1 / (pa[1] - pa[0]);
	th = *theta > lo && *theta < hi ? *theta : 0;
	for (int it = 0; it < 200; it++) {
		double d, f = score(t, pa, s, th, &d), next;
		if (f > 0)
			lo = th;
		else
			hi = th;
		next = d < 0 ? th - f / d : (lo + hi) / 2;
		if (!(next > lo && next < hi))
			next = (lo + hi) / 2;
		if (fabs(next - th) <= 1e-13 * (fabs(th) + scale))
			break;
		th = next;
	}
	*theta = th;
	for (long i = 0; i < t->nv + 2; i++) {
		double a = i < t->nv ? t->v[i].a : pa[i - t->nv];
		double c = i < t->nv ? (double)t->v[i].c : STATS_SPRT_PSEUDO;
		l -= c * log1p(th * (a - s));
	}
	return l;
}

int stats_sprt_add(stats_sprt *t, double x)
{
	if (t->decision != STATS_UNDECIDED)
		return t->decision;
	if (count_value(t, x) != 0)
		return -1;
	t->n++;
	t->sum += x;
	t->sumsq += x * x;
	double l0 = log_likelihood(t, 0, &t->theta[0]);
	t->llr_plus = log_likelihood(t, t->margin, &t->theta[1]) - l0;
	t->llr_minus = log_likelihood(t, -t->margin, &t->theta[2]) - l0;
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

void stats_sprt_free(stats_sprt *t)
{
	free(t->v);
	t->v = NULL;
	t->nv = t->capv = 0;
}

double stats_sprt_mean(const stats_sprt *t, double *half)
{
	double n = (double)t->n, w = STATS_CS_WEIGHT;

	*half = NAN;
	if (t->n == 0)
		return NAN;
	double m = t->sum / n;
	if (t->n >= 2) {
		double v = (t->sumsq - n * m * m) / (n - 1);
		*half = sqrt(v > 0 ? v : 0) * sqrt((n + w) * (log((n + w) / w) +
		    2 * log(1 / 0.05))) / n;
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

/* ---- observations in the order of the schedule -------------------------- */

struct stats_waiting {
	long index;
	double x;
};

static void heap_swap(struct stats_waiting *a, struct stats_waiting *b)
{
	struct stats_waiting t = *a;

	*a = *b;
	*b = t;
}

static int heap_push(stats_order *o, long index, double x)
{
	struct stats_waiting *w = room(o->w, o->nw, &o->capw, sizeof *w);
	long i;

	if (w == NULL)
		return -1;
	o->w = w;
	i = o->nw++;
	o->w[i] = (struct stats_waiting){ index, x };
	while (i > 0 && o->w[(i - 1) / 2].index > o->w[i].index) {
		heap_swap(&o->w[(i - 1) / 2], &o->w[i]);
		i = (i - 1) / 2;
	}
	return 0;
}

static void heap_pop(stats_order *o)
{
	long i = 0;

	o->w[0] = o->w[--o->nw];
	for (;;) {
		long c = 2 * i + 1;
		if (c >= o->nw)
			break;
		if (c + 1 < o->nw && o->w[c + 1].index < o->w[c].index)
			c++;
		if (o->w[i].index <= o->w[c].index)
			break;
		heap_swap(&o->w[i], &o->w[c]);
		i = c;
	}
}

/* Takes game o->next, of observation x: the test gets a whole deal's
 * mean once its last game is in.  -1 when out of memory. */
static int take(stats_order *o, stats_sprt *t, double x)
{
	long block = o->block > 0 ? o->block : 1, i = o->next++;
	int d;

	o->part += x;
	if ((i + 1) % block != 0 && i + 1 < o->total)
		return 0;
	d = stats_sprt_add(t, o->part / (double)(i % block + 1));
	o->part = 0;
	if (d < 0)
		return -1;
	if (d != STATS_UNDECIDED && o->decided_games == 0)
		o->decided_games = o->next;
	return 0;
}

int stats_order_add(stats_order *o, stats_sprt *t, long index, double x)
{
	if (index < o->next)
		return 0;
	if (heap_push(o, index, x) != 0)
		return -1;
	while (o->nw > 0 && o->w[0].index <= o->next) {
		struct stats_waiting top = o->w[0];
		heap_pop(o);
		if (top.index == o->next && take(o, t, top.x) != 0)
			return -1;
	}
	return 0;
}

void stats_order_free(stats_order *o)
{
	free(o->w);
	memset(o, 0, sizeof *o);
}
