/* standings.c: per-bot figures and a Bradley-Terry rating from journals,
 * printed as a table, YAML or CSV. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hash.h"
#include "say.h"
#include "standings.h"
#include "stats.h"

#define MM_ITER 1000            /* MM steps before Newton's */
#define NEWTON_ITER 100
#define FIT_TOLERANCE 1e-11     /* largest change of log(strength) */

/* What is summed per bot: integers only, so sums are exact. */
struct standings_acc {
	char name[33];
	long games, wins;
	int64_t gold, gold_sq;
	long role_rounds[SAB_MAX_ROLES], role_won[SAB_MAX_ROLES];
	int64_t role_gold[SAB_MAX_ROLES];
	long role_paid[SAB_MAX_ROLES];
	int64_t decisions, think_us;
	long timeouts, illegal, defaults, crashes, protocol;
	int disqualified;
};

void standings_init(standings *st)
{
	memset(st, 0, sizeof *st);
	/* Without memory it stays NULL: standings_add() says so. */
	st->deals = calloc(1, sizeof *st->deals);
	journal_roles_base(&st->roles);
}

void standings_no_deals(standings *st)
{
	if (st->deals != NULL)
		stats_deals_free(st->deals);
	free(st->deals);
	st->deals = NULL;
	st->no_deals = 1;
}

/* ------------------------------------------------------------------ */
/* Bots by name */

static uint64_t name_hash(const char *name)
{
	return sab_fnv1a(SAB_FNV_OFFSET, name, strlen(name));
}

/* Rebuilds the name table with room for twice the bots. */
static int rehash(standings *st, int want)
{
	int n = 64;
	int *slot;

	while (n < 2 * want)
		n *= 2;
	if ((slot = calloc((size_t)n, sizeof *slot)) == NULL)
		return -1;
	for (int b = 0; b < st->nbots; b++) {
		size_t i = (size_t)(name_hash(st->acc[b].name) &
		    (uint64_t)(n - 1));
		while (slot[i] != 0)
			i = (i + 1) & (size_t)(n - 1);
		slot[i] = b + 1;
	}
	free(st->slot);
	st->slot = slot;
	st->nslot = n;
	return 0;
}

/* Makes room for one more bot in acc and the pair matrix. */
static int grow(standings *st)
{
	int cap = st->cap ? st->cap * 2 : 16;
	struct standings_acc *acc;
	uint64_t *w, *t;

	if ((acc = realloc(st->acc, (size_t)cap * sizeof *acc)) == NULL)
		return -1;
	st->acc = acc;
	w = calloc((size_t)cap * (size_t)cap, sizeof *w);
	t = calloc((size_t)cap * (size_t)cap, sizeof *t);
	if (w == NULL || t == NULL) {
		free(w);
		free(t);
		return -1;
	}
	for (int i = 0; i < st->nbots; i++) {
		memcpy(w + (size_t)i * (size_t)cap, st->win2 + (size_t)i *
		    (size_t)st->cap, (size_t)st->nbots * sizeof *w);
		memcpy(t + (size_t)i * (size_t)cap, st->ties + (size_t)i *
		    (size_t)st->cap, (size_t)st->nbots * sizeof *t);
	}
	free(st->win2);
	free(st->ties);
	st->win2 = w;
	st->ties = t;
	st->cap = cap;
	return 0;
}

/* The slot of the name table that holds name, or the empty one where it
 * would go. */
static size_t find_slot(const standings *st, const char *name)
{
	size_t i = (size_t)(name_hash(name) & (uint64_t)(st->nslot - 1));

	for (; st->slot[i] != 0; i = (i + 1) & (size_t)(st->nslot - 1))
		if (strcmp(st->acc[st->slot[i] - 1].name, name) == 0)
			break;
	return i;
}

/* The number of the bot called name, added when new; -1 out of memory. */
static int bot_number(standings *st, const char *name)
{
	size_t i;
	int b;

	if (2 * (st->nbots + 1) > st->nslot && rehash(st, st->nbots + 1) != 0)
		return -1;
	i = find_slot(st, name);
	if (st->slot[i] != 0)
		return st->slot[i] - 1;
	if (st->nbots == st->cap && grow(st) != 0)
		return -1;
	b = st->nbots++;
	memset(&st->acc[b], 0, sizeof st->acc[b]);
	snprintf(st->acc[b].name, sizeof st->acc[b].name, "%s", name);
	st->slot[i] = b + 1;
	return b;
}

/* ------------------------------------------------------------------ */
/* Counting */

static void count_seat(struct standings_acc *a, const journal_game *g, int s)
{
	const journal_seat *t = &g->seat[s];

	a->games++;
	a->wins += g->winners >> s & 1;
	a->gold += t->gold;
	a->gold_sq += (int64_t)t->gold * t->gold;
	for (int r = 0; r < g->rounds; r++) {
		if (t->role[r] >= SAB_MAX_ROLES)
			continue;
		a->role_rounds[t->role[r]]++;
		a->role_won[t->role[r]] += g->round_winners[r] >> s & 1;
		if (g->paid) {
			a->role_gold[t->role[r]] += t->pay[r];
			a->role_paid[t->role[r]]++;
		}
	}
	a->decisions += t->decisions;
	a->think_us += t->think_us;
	a->timeouts += t->timeouts;
	a->illegal += t->illegal;
	a->defaults += t->defaults;
	a->crashes += t->status == BOT_CRASH || t->status == BOT_NO_START ||
	    t->status == BOT_MEMORY || t->status == BOT_CPU ||
	    t->status == BOT_FILE_SIZE || t->status == BOT_PROCESSES ||
	    t->status == BOT_DISK;
	a->protocol += t->status == BOT_CLOSED || t->status == BOT_TOO_LONG ||
	    t->status == BOT_FLOOD || t->status == BOT_HANDSHAKE;
	a->disqualified |= t->status == JOURNAL_DISQUALIFIED;
}

int standings_add(standings *st, const journal_game *g, char *err,
    size_t errlen)
{
	int who[SAB_MAX_PLAYERS];
	int rc = journal_set_add(&st->seen, g->index);

	if (rc < 0)
		return sab_fail(err, errlen, "out of memory");
	if (rc == 1) {
		st->duplicates++;
		return 0;
	}
	for (int s = 0; s < g->players; s++)
		if ((who[s] = bot_number(st, g->seat[s].bot)) < 0)
			return sab_fail(err, errlen, "out of memory");
	st->games++;
	st->unsealed += g->unsealed != 0;
	int gold[SAB_MAX_PLAYERS];
	for (int s = 0; s < g->players; s++)
		gold[s] = g->seat[s].gold;
	if (!st->no_deals && (st->deals == NULL ||
	    stats_deals_add(st->deals, g->seed, who, gold, g->players) != 0))
		return sab_fail(err, errlen, "out of memory");
	for (int s = 0; s < g->players; s++) {
		count_seat(&st->acc[who[s]], g, s);
		for (int t = 0; t < g->players; t++) {
			int a = g->seat[s].gold, b = g->seat[t].gold;
			if (t == s || who[t] == who[s] || a < b)
				continue;
			st->win2[(size_t)who[s] * (size_t)st->cap +
			    (size_t)who[t]] += a > b ? 2 : 1;
			st->ties[(size_t)who[s] * (size_t)st->cap +
			    (size_t)who[t]] += a == b;
		}
	}
	return 1;
}

/* Adds one journal's games for standings_add_dir(). */
typedef struct dir_add {
	standings *st;
	long dups;
	journal_warn_fn *warn;
	void *arg;
} dir_add;

static int add_game(void *arg, const journal_game *g, char *err,
    size_t errlen)
{
	dir_add *d = arg;
	int rc = standings_add(d->st, g, err, errlen);

	if (rc == 0)
		d->dups++;
	return rc < 0 ? -1 : 0;
}

static void add_warn(void *arg, const char *msg)
{
	dir_add *d = arg;

	if (d->warn != NULL)
		d->warn(d->arg, msg);
}

/* Reads the journal's header before any game is counted, so that a
 * journal of another tournament adds nothing. */
static int check_header(standings *st, const char *dir, char *err,
    size_t errlen)
{
	journal_header h;

	char path[4096];
	struct stat sb;
	int n = snprintf(path, sizeof path, "%s/journal.txt", dir);

	/* A folder with no journal is not one a tournament wrote. */
	if (n > 0 && (size_t)n < sizeof path && stat(path, &sb) != 0 &&
	    errno == ENOENT)
		return sab_fail(err, errlen, "%s holds no tournament results (no "
		    "journal.txt): give the folder a tournament wrote, its --out "
		    "or its file's output", dir);
	if (journal_read_header(dir, &h, err, errlen) != 0)
		return -1;
	if (!st->have_config) {
		if ((st->first_dir = strdup(dir)) == NULL)
			return sab_fail(err, errlen, "out of memory");
		st->config = h.config;
		st->roles = h.roles;
		st->have_config = 1;
		return 0;
	}
	/* One fingerprint means one ruleset, so one role list, unless a
	 * journal was changed by hand. */
	if (h.config != st->config || !journal_roles_equal(&h.roles,
	    &st->roles))
		return sab_fail(err, errlen, "%s holds a run of another tournament "
		    "file than %s: the standings of two tournaments are printed "
		    "one at a time", dir, st->first_dir);
	return 0;
}

/*
 * Notes the network entries DIR/network.txt names (the tournament writes
 * it: a line "saboteur-network 1", then "NAME ADDR:PORT" for each), so
 * that the standings say which bots played remotely.  A folder without
 * one had none.
 */
static int add_remote(standings *st, const char *dir, char *err,
    size_t errlen)
{
	char path[4096], line[256], name[33];
	FILE *f;

	if (snprintf(path, sizeof path, "%s/network.txt", dir) >=
	    (int)sizeof path || (f = fopen(path, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		int known = 0;
		if (strncmp(line, "saboteur-network ", 17) == 0 ||
		    sscanf(line, "%32s", name) != 1)
			continue;
		for (int i = 0; i < st->nremote; i++)
			known |= strcmp(st->remote[i], name) == 0;
		if (known)
			continue;
		char (*n)[33] = realloc(st->remote, (size_t)(st->nremote + 1) *
		    sizeof *n);
		if (n == NULL) {
			(void)fclose(f);
			return sab_fail(err, errlen, "out of memory");
		}
		st->remote = n;
		memcpy(st->remote[st->nremote++], name, sizeof name);
	}
	(void)fclose(f);
	return 0;
}

int standings_add_dir(standings *st, const char *dir, journal_warn_fn *warn,
    void *arg, char *err, size_t errlen)
{
	dir_add d = { st, 0, warn, arg };
	journal_visit v = { add_game, add_warn, &d, NULL };
	journal_header h;
	char msg[512];

	if (check_header(st, dir, err, errlen) != 0 ||
	    journal_scan(dir, &h, &v, err, errlen) != 0 ||
	    add_remote(st, dir, err, errlen) != 0)
		return -1;
	if (d.dups > 0 && warn != NULL) {
		snprintf(msg, sizeof msg, "%s: %ld game%s already counted from "
		    "an earlier folder %s counted once", dir, d.dups,
		    d.dups == 1 ? "" : "s", d.dups == 1 ? "is" : "are");
		warn(arg, msg);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Figures */

static double ratio(double a, long b)
{
	return b > 0 ? a / (double)b : NAN;
}

static void fill_row(standing *r, const struct standings_acc *a)
{
	memset(r, 0, sizeof *r);
	memcpy(r->name, a->name, sizeof r->name);
	r->games = a->games;
	r->gold = a->gold;
	r->mean_gold = ratio((double)a->gold, a->games);
	r->ci_low = r->ci_high = NAN;
	if (a->games >= 2) {
		/* From exact integer sums: n * sum(x^2) - sum(x)^2 >= 0. */
		double n = (double)a->games;
		double ss = (double)(a->gold_sq * a->games - a->gold * a->gold);
		double s = sqrt(ss / (n * (n - 1)));
		double half = stats_t975(a->games - 1) * s / sqrt(n);
		r->ci_low = r->mean_gold - half;
		r->ci_high = r->mean_gold + half;
	}
	r->wins = a->wins;
	r->win_rate = ratio((double)a->wins, a->games);
	for (int k = 0; k < SAB_MAX_ROLES; k++) {
		r->role_rounds[k] = a->role_rounds[k];
		r->role_won[k] = a->role_won[k];
		r->role_rate[k] = ratio((double)a->role_won[k], a->role_rounds[k]);
		r->role_gold[k] = a->role_gold[k];
		r->role_paid[k] = a->role_paid[k];
		r->role_mean_gold[k] = ratio((double)a->role_gold[k],
		    a->role_paid[k]);
	}
	r->decisions = a->decisions;
	r->think_us = a->think_us;
	r->ms_per_move = a->decisions > 0 ?
	    (double)a->think_us / (double)a->decisions / 1000.0 : NAN;
	r->timeouts = a->timeouts;
	r->illegal = a->illegal;
	r->defaults = a->defaults;
	r->crashes = a->crashes;
	r->protocol = a->protocol;
	r->disqualified = a->disqualified;
}

/* ------------------------------------------------------------------ */
/* The rating: Bradley-Terry by MM, finished by Newton's method */

/* The fit's data, in name order: wins (virtual half win included) and
 * comparisons (n x n). */
typedef struct bt {
	int n;
	double *wins;
	double *pairs;
} bt;

/*
 * One MM step (Hunter 2004, eq. 3, with the virtual comparison):
 *   gamma_i' = W_i / (sum_j N_ij / (gamma_i + gamma_j) + 1 / (gamma_i + 1))
 * on theta = log(gamma).  The strengths are taken once a step into gamma
 * (n doubles of scratch), not once a comparison: the same values, so the
 * same sums, for n exp() calls a step instead of n squared (a report
 * fits the rating thousands of times).
 */
static void mm_step(const bt *m, const double *theta, double *out,
    double *gamma)
{
	size_t n = (size_t)m->n;

	for (size_t j = 0; j < n; j++)
		gamma[j] = exp(theta[j]);
	for (size_t i = 0; i < n; i++) {
		double gi = gamma[i], den = 1.0 / (gi + 1.0);
		for (size_t j = 0; j < n; j++) {
			double nij = m->pairs[i * n + j];
			if (nij > 0)
				den += nij / (gi + gamma[j]);
		}
		out[i] = log(m->wins[i] / den);
	}
}

/* log(e^a + e^b) without overflow. */
static double log_add(double a, double b)
{
	double hi = a > b ? a : b, lo = a > b ? b : a;

	return hi + log1p(exp(lo - hi));
}

static double loglik(const bt *m, const double *theta)
{
	size_t n = (size_t)m->n;
	double l = 0;

	for (size_t i = 0; i < n; i++) {
		l += m->wins[i] * theta[i] - log_add(theta[i], 0.0);
		for (size_t j = i + 1; j < n; j++) {
			double nij = m->pairs[i * n + j];
			if (nij > 0)
				l -= nij * log_add(theta[i], theta[j]);
		}
	}
	return l;
}

static double sigmoid(double x)
{
	return x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x));
}

/*
 * The gradient g of the log-likelihood at theta, and the negated Hessian
 * h (n x n): a weighted graph Laplacian plus the virtual comparisons on
 * its diagonal, so positive definite.
 */
static void derivatives(const bt *m, const double *theta, double *g,
    double *h)
{
	size_t n = (size_t)m->n;

	memset(h, 0, n * n * sizeof *h);
	for (size_t i = 0; i < n; i++) {
		double p = sigmoid(theta[i]);
		g[i] = m->wins[i] - p;
		h[i * n + i] = p * (1 - p);
	}
	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			double nij = m->pairs[i * n + j], p, w;
			if (nij <= 0)
				continue;
			p = sigmoid(theta[i] - theta[j]);
			w = nij * p * (1 - p);
			g[i] -= nij * p;
			g[j] -= nij * (1 - p);
			h[i * n + i] += w;
			h[j * n + j] += w;
			h[i * n + j] -= w;
			h[j * n + i] -= w;
		}
	}
}

/* Solves h x = b in place of b by Cholesky (h is overwritten); -1 when h
 * is not numerically positive definite. */
static int cholesky_solve(double *h, double *b, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		double d = h[j * n + j];
		for (size_t k = 0; k < j; k++)
			d -= h[j * n + k] * h[j * n + k];
		if (!(d > 0))
			return -1;
		h[j * n + j] = sqrt(d);
		for (size_t i = j + 1; i < n; i++) {
			double v = h[i * n + j];
			for (size_t k = 0; k < j; k++)
				v -= h[i * n + k] * h[j * n + k];
			h[i * n + j] = v / h[j * n + j];
		}
	}
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < i; k++)
			b[i] -= h[i * n + k] * b[k];
		b[i] /= h[i * n + i];
	}
	for (size_t i = n; i-- > 0;) {
		for (size_t k = i + 1; k < n; k++)
			b[i] -= h[k * n + i] * b[k];
		b[i] /= h[i * n + i];
	}
	return 0;
}

/* One Newton step from theta with step halving; returns the largest
 * change made, or 0 when no step raises the likelihood. */
static double newton_step(const bt *m, double *theta, double *w, double *h)
{
	size_t n = (size_t)m->n;
	double *d = w, *tx = w + n, l0 = loglik(m, theta), t = 1, big = 0;

	derivatives(m, theta, d, h);
	if (cholesky_solve(h, d, n) != 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		big = fabs(d[i]) > big ? fabs(d[i]) : big;
	for (int k = 0; k < 60; k++, t /= 2) {
		for (size_t i = 0; i < n; i++)
			tx[i] = theta[i] + t * d[i];
		/* Rounding may lower the likelihood by a hair at the top. */
		if (loglik(m, tx) >= l0 - 1e-13 * (1 + fabs(l0))) {
			memcpy(theta, tx, n * sizeof *theta);
			return t * big;
		}
	}
	return 0;
}

/*
 * Fits theta = log(strength).  First Hunter's MM steps, each of which
 * raises the likelihood, from every strength at 1.  MM crawls when a bot
 * wins nearly every comparison (its step shrinks by about 1 - 1/(2W) for
 * W wins), so Newton's method on the same likelihood finishes the fit:
 * the likelihood is strictly concave in theta (thanks to the virtual
 * comparisons), so Newton's steps with halving reach its one maximum, the
 * MM fixed point, to the last digits in a few steps.
 */
static void fit(const bt *m, double *theta, double *w, double *h)
{
	size_t n = (size_t)m->n;
	double *next = w, *gamma = w + n;

	for (size_t i = 0; i < n; i++)
		theta[i] = 0;
	for (int iter = 0; iter < MM_ITER; iter++) {
		double big = 0;
		mm_step(m, theta, next, gamma);
		for (size_t i = 0; i < n; i++)
			big = fabs(next[i] - theta[i]) > big ?
			    fabs(next[i] - theta[i]) : big;
		memcpy(theta, next, n * sizeof *theta);
		if (big < FIT_TOLERANCE)
			return;
	}
	for (int iter = 0; iter < NEWTON_ITER; iter++)
		if (newton_step(m, theta, w, h) < FIT_TOLERANCE)
			return;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const standing *)a)->name, ((const standing *)b)->name);
}

/* Rates the rows, which are in name order: the fit reads the counts in
 * that order, so its arithmetic does not depend on the games' order. */
static int rate(standings *st, char *err, size_t errlen)
{
	int n = st->nbots, *num = malloc((size_t)n * sizeof *num);
	bt m = { n, calloc((size_t)n, sizeof(double)),
		calloc((size_t)n * (size_t)n, sizeof(double)) };
	double *theta = calloc((size_t)n * 3, sizeof(double)), mean = 0;
	double *h = calloc((size_t)n * (size_t)n, sizeof(double));
	int rc = -1;

	if (num == NULL || m.wins == NULL || m.pairs == NULL || theta == NULL ||
	    h == NULL) {
		sab_fail(err, errlen, "out of memory");
		goto done;
	}
	for (int i = 0; i < n; i++)
		num[i] = st->slot[find_slot(st, st->rows[i].name)] - 1;
	for (int i = 0; i < n; i++) {
		uint64_t w2 = 1;        /* the virtual draw: half a win */
		for (int j = 0; j < n; j++) {
			uint64_t a = st->win2[(size_t)num[i] * (size_t)st->cap +
			    (size_t)num[j]];
			uint64_t b = st->win2[(size_t)num[j] * (size_t)st->cap +
			    (size_t)num[i]];
			w2 += a;
			m.pairs[(size_t)i * (size_t)n + (size_t)j] =
			    (double)(a + b) / 2;
		}
		m.wins[i] = (double)w2 / 2;
	}
	fit(&m, theta, theta + n, h);
	for (int i = 0; i < n; i++) {
		st->rows[i].rating = 400 * theta[i] / log(10.0);
		mean += st->rows[i].rating;
	}
	mean /= n;
	for (int i = 0; i < n; i++)
		st->rows[i].rating += 1500 - mean;
	rc = 0;
done:
	free(num);
	free(m.wins);
	free(m.pairs);
	free(theta);
	free(h);
	return rc;
}

/* Best first: rating, then mean gold, then name. */
static int by_rank(const void *pa, const void *pb)
{
	const standing *a = pa, *b = pb;
	double ga = isnan(a->mean_gold) ? -1e300 : a->mean_gold;
	double gb = isnan(b->mean_gold) ? -1e300 : b->mean_gold;

	if (a->rating != b->rating)
		return a->rating > b->rating ? -1 : 1;
	if (ga != gb)
		return ga > gb ? -1 : 1;
	return strcmp(a->name, b->name);
}

int standings_finish(standings *st, char *err, size_t errlen)
{
	standing *rows;

	free(st->rows);
	st->rows = NULL;
	if (st->nbots == 0)
		return 0;
	if ((rows = calloc((size_t)st->nbots, sizeof *rows)) == NULL)
		return sab_fail(err, errlen, "out of memory");
	st->rows = rows;
	for (int i = 0; i < st->nbots; i++) {
		fill_row(&rows[i], &st->acc[i]);
		for (int k = 0; k < st->nremote; k++)
			rows[i].remote |= strcmp(st->remote[k], rows[i].name) == 0;
	}
	/* Duplicate deals: a deal's games are not independent, the deals
	 * are (stats_deals_half()). */
	st->paired_deals = st->deals != NULL && st->deals->repeated > 0 ?
	    st->deals->deals : 0;
	for (int i = 0; i < st->nbots && st->paired_deals; i++) {
		long k;
		double half = stats_deals_half(st->deals, i, rows[i].mean_gold,
		    rows[i].games, &k);
		rows[i].ci_low = rows[i].mean_gold - half;
		rows[i].ci_high = rows[i].mean_gold + half;
	}
	qsort(rows, (size_t)st->nbots, sizeof *rows, by_name);
	if (rate(st, err, errlen) != 0)
		return -1;
	qsort(rows, (size_t)st->nbots, sizeof *rows, by_rank);
	return 0;
}

int standings_load(standings *st, const char *const *dirs, int n,
    journal_warn_fn *warn, void *arg, char *err, size_t errlen)
{
	standings_init(st);
	for (int i = 0; i < n; i++)
		if (standings_add_dir(st, dirs[i], warn, arg, err, errlen) != 0)
			return -1;
	return standings_finish(st, err, errlen);
}

/* ------------------------------------------------------------------ */
/* Output */

int standings_parse_format(const char *name, int *format)
{
	static const char *const names[] = { "table", "yaml", "csv" };

	for (int i = 0; i < 3; i++) {
		if (strcmp(name, names[i]) == 0) {
			*format = i;
			return 0;
		}
	}
	return -1;
}

/* A number with d decimals, or what stands for "none" in this format. */
static void print_num(FILE *f, double x, int d, const char *none)
{
	if (isnan(x))
		fputs(none, f);
	else
		fprintf(f, "%.*f", d, x);
}

static void percent(FILE *f, double x, int width)
{
	if (isnan(x))
		fprintf(f, "%*s", width, "-");
	else
		fprintf(f, "%*.1f", width, 100 * x);
}

/* A role's column in the table: its name, cut to three letters when longer
 * than six ("miner", "sab"), and '%' (a name is shorter than SAB_NAME_MAX,
 * so a buffer of SAB_NAME_MAX + 1 always holds it). */
static void role_label(const char *name, char *buf, size_t len)
{
	size_t n = strlen(name);

	(void)snprintf(buf, len, "%.*s%%", n > 6 ? 3 : (int)n, name);
}

static void print_table(FILE *f, const standings *st)
{
	const journal_roles *roles = &st->roles;
	char label[SAB_MAX_ROLES][SAB_NAME_MAX + 1];
	int w = 3;

	for (int i = 0; i < st->nbots; i++)
		if ((int)strlen(st->rows[i].name) > w)
			w = (int)strlen(st->rows[i].name);
	fprintf(f, "%ld game%s, tournament %016" PRIx64, st->games,
	    st->games == 1 ? "" : "s", st->config);
	if (st->paired_deals > 0)
		fprintf(f, ", %ld deals (intervals by deal)", st->paired_deals);
	/* A result is only as good as the seal its bots were under. */
	if (st->unsealed > 0)
		fprintf(f, ", %ld played unsealed (--sandbox off)", st->unsealed);
	fputc('\n', f);
	fprintf(f, "rank  %-*s  rating  games    gold  mean gold (95%% CI)  "
	    " win%%", w, "bot");
	for (int k = 1; k < roles->n; k++) {
		role_label(roles->name[k], label[k], sizeof label[k]);
		fprintf(f, "  %s", label[k]);
	}
	fputs("  ms/move  timeouts  illegal  crashes  protocol\n", f);
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];
		char ci[48];

		if (isnan(r->ci_low))
			snprintf(ci, sizeof ci, "%.2f", r->mean_gold);
		else
			snprintf(ci, sizeof ci, "%.2f [%.2f, %.2f]",
			    r->mean_gold, r->ci_low, r->ci_high);
		fprintf(f, "%4d  %-*s  %6.0f  %5ld  %6" PRId64 "  %-18s  ",
		    i + 1, w, r->name, r->rating, r->games, r->gold, ci);
		percent(f, r->win_rate, 5);
		for (int k = 1; k < roles->n; k++)
			percent(f, r->role_rate[k], 2 + (int)strlen(label[k]));
		if (isnan(r->ms_per_move))
			fprintf(f, "  %7s", "-");
		else
			fprintf(f, "  %7.2f", r->ms_per_move);
		fprintf(f, "  %8ld  %7ld  %7ld  %8ld%s%s\n", r->timeouts,
		    r->illegal, r->crashes, r->protocol,
		    r->disqualified ? "  disqualified" : "",
		    r->remote ? "  remote" : "");
	}
}

static void print_yaml(FILE *f, const standings *st)
{
	fprintf(f, "config: \"%016" PRIx64 "\"\ngames: %ld\n", st->config,
	    st->games);
	/* Only with duplicate deals, so other files read as before. */
	if (st->paired_deals > 0)
		fprintf(f, "deals: %ld\n", st->paired_deals);
	if (st->unsealed > 0)
		fprintf(f, "unsealed: %ld\n", st->unsealed);
	fprintf(f, "bots:%s\n", st->nbots == 0 ? " []" : "");
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];

		fprintf(f, "  - rank: %d\n    name: \"%s\"\n    rating: %.1f\n"
		    "    games: %ld\n    gold: %" PRId64 "\n    mean_gold: ",
		    i + 1, r->name, r->rating, r->games, r->gold);
		print_num(f, r->mean_gold, 4, "null");
		fputs("\n    ci95_low: ", f);
		print_num(f, r->ci_low, 4, "null");
		fputs("\n    ci95_high: ", f);
		print_num(f, r->ci_high, 4, "null");
		fprintf(f, "\n    wins: %ld\n    win_rate: ", r->wins);
		print_num(f, r->win_rate, 4, "null");
		for (int k = 1; k < st->roles.n; k++) {
			const char *name = st->roles.name[k];
			fprintf(f, "\n    %s_rounds: %ld\n    %s_win_rate: ", name,
			    r->role_rounds[k], name);
			print_num(f, r->role_rate[k], 4, "null");
		}
		fprintf(f, "\n    decisions: %" PRId64 "\n    ms_per_move: ",
		    r->decisions);
		print_num(f, r->ms_per_move, 3, "null");
		fprintf(f, "\n    timeouts: %ld\n    illegal: %ld\n"
		    "    defaults: %ld\n    crashes: %ld\n"
		    "    protocol_errors: %ld\n    disqualified: %s\n",
		    r->timeouts, r->illegal, r->defaults, r->crashes,
		    r->protocol, r->disqualified ? "true" : "false");
		/* Only for network entries, so other files read as before. */
		if (r->remote)
			fputs("    remote: true\n", f);
	}
}

static void print_csv(FILE *f, const standings *st)
{
	fputs("rank,name,rating,games,gold,mean_gold,ci95_low,ci95_high,wins,"
	    "win_rate", f);
	for (int k = 1; k < st->roles.n; k++)
		fprintf(f, ",%s_rounds,%s_win_rate", st->roles.name[k],
		    st->roles.name[k]);
	fputs(",decisions,ms_per_move,timeouts,illegal,defaults,crashes,"
	    "protocol_errors,disqualified\n", f);
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];

		fprintf(f, "%d,%s,%.1f,%ld,%" PRId64 ",", i + 1, r->name,
		    r->rating, r->games, r->gold);
		print_num(f, r->mean_gold, 4, "");
		fputc(',', f);
		print_num(f, r->ci_low, 4, "");
		fputc(',', f);
		print_num(f, r->ci_high, 4, "");
		fprintf(f, ",%ld,", r->wins);
		print_num(f, r->win_rate, 4, "");
		for (int k = 1; k < st->roles.n; k++) {
			fprintf(f, ",%ld,", r->role_rounds[k]);
			print_num(f, r->role_rate[k], 4, "");
		}
		fprintf(f, ",%" PRId64 ",", r->decisions);
		print_num(f, r->ms_per_move, 3, "");
		fprintf(f, ",%ld,%ld,%ld,%ld,%ld,%d\n", r->timeouts, r->illegal,
		    r->defaults, r->crashes, r->protocol, r->disqualified);
	}
}

int standings_print(FILE *f, const standings *st, int format)
{
	if (format == STANDINGS_YAML)
		print_yaml(f, st);
	else if (format == STANDINGS_CSV)
		print_csv(f, st);
	else
		print_table(f, st);
	return ferror(f) ? -1 : 0;
}

/* The per-role figures: one line per bot and role. */
static void print_roles_table(FILE *f, const standings *st)
{
	int w = 3, wr = 4;

	for (int i = 0; i < st->nbots; i++)
		if ((int)strlen(st->rows[i].name) > w)
			w = (int)strlen(st->rows[i].name);
	for (int k = 1; k < st->roles.n; k++)
		if ((int)strlen(st->roles.name[k]) > wr)
			wr = (int)strlen(st->roles.name[k]);
	fprintf(f, "%ld game%s, tournament %016" PRIx64 ", by role (a round "
	    "counts in the role a seat had at its end)\n", st->games,
	    st->games == 1 ? "" : "s", st->config);
	fprintf(f, "rank  %-*s  %-*s  rounds    won   win%%    gold  "
	    "gold/round\n", w, "bot", wr, "role");
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];
		for (int k = 1; k < st->roles.n; k++) {
			fprintf(f, "%4d  %-*s  %-*s  %6ld  %5ld  ", i + 1, w,
			    r->name, wr, st->roles.name[k], r->role_rounds[k],
			    r->role_won[k]);
			percent(f, r->role_rate[k], 5);
			fprintf(f, "  %6" PRId64 "  ", r->role_gold[k]);
			if (isnan(r->role_mean_gold[k]))
				fprintf(f, "%10s\n", "-");
			else
				fprintf(f, "%10.2f\n", r->role_mean_gold[k]);
		}
	}
}

static void print_roles_yaml(FILE *f, const standings *st)
{
	int any = st->nbots > 0 && st->roles.n > 1;

	fprintf(f, "config: \"%016" PRIx64 "\"\ngames: %ld\nby_role:%s\n",
	    st->config, st->games, any ? "" : " []");
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];
		for (int k = 1; k < st->roles.n; k++) {
			fprintf(f, "  - rank: %d\n    name: \"%s\"\n    role: "
			    "\"%s\"\n    rounds: %ld\n    won: %ld\n"
			    "    win_rate: ", i + 1, r->name, st->roles.name[k],
			    r->role_rounds[k], r->role_won[k]);
			print_num(f, r->role_rate[k], 4, "null");
			fprintf(f, "\n    gold: %" PRId64 "\n    gold_per_round: ",
			    r->role_gold[k]);
			print_num(f, r->role_mean_gold[k], 4, "null");
			fputc('\n', f);
		}
	}
}

static void print_roles_csv(FILE *f, const standings *st)
{
	fputs("rank,name,role,rounds,won,win_rate,gold,gold_per_round\n", f);
	for (int i = 0; i < st->nbots; i++) {
		const standing *r = &st->rows[i];
		for (int k = 1; k < st->roles.n; k++) {
			fprintf(f, "%d,%s,%s,%ld,%ld,", i + 1, r->name,
			    st->roles.name[k], r->role_rounds[k],
			    r->role_won[k]);
			print_num(f, r->role_rate[k], 4, "");
			fprintf(f, ",%" PRId64 ",", r->role_gold[k]);
			print_num(f, r->role_mean_gold[k], 4, "");
			fputc('\n', f);
		}
	}
}

int standings_print_roles(FILE *f, const standings *st, int format)
{
	if (format == STANDINGS_YAML)
		print_roles_yaml(f, st);
	else if (format == STANDINGS_CSV)
		print_roles_csv(f, st);
	else
		print_roles_table(f, st);
	return ferror(f) ? -1 : 0;
}

void standings_pair(const standings *st, int i, int j, double *ahead,
    double *behind, double *tied)
{
	int a = st->slot[find_slot(st, st->rows[i].name)] - 1;
	int b = st->slot[find_slot(st, st->rows[j].name)] - 1;

	*ahead = (double)st->win2[(size_t)a * (size_t)st->cap + (size_t)b] / 2;
	*behind = (double)st->win2[(size_t)b * (size_t)st->cap + (size_t)a] / 2;
	if (tied != NULL)
		*tied = (double)st->ties[(size_t)a * (size_t)st->cap +
		    (size_t)b];
}

int standings_print_pairs(FILE *f, const standings *st)
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

void standings_free(standings *st)
{
	if (st == NULL)
		return;
	free(st->rows);
	free(st->acc);
	free(st->win2);
	free(st->ties);
	free(st->slot);
	journal_set_free(&st->seen);
	if (st->deals != NULL)
		stats_deals_free(st->deals);
	free(st->deals);
	free(st->first_dir);
	free(st->remote);
	memset(st, 0, sizeof *st);
}
