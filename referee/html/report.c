/* report.c: a tournament's results folders as a web report: the standings
 * as saboteur standings computes them, the rating with its interval and
 * over the games, win rates per role, time per move, failures, head to
 * head, the games, and game pages (every game of a small tournament; of a
 * large one, the games with a failure and the last ones).  Its tables sort
 * by any column (report.js) and it reads on a phone. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "html.h"
#include "page.h"
#include "report.h"
#include "rng.h"
#include "say.h"
#include "standings.h"

/* Resamples of the games for the rating's interval. */
#define REPORT_RESAMPLES 100
/* Points of the rating-over-games plot. */
#define REPORT_POINTS 24
/* A tournament of this many games or fewer gets a page for every game. */
#define REPORT_ALL_UP_TO 1000

/* One game and the folder its journal is in. */
typedef struct rgame {
	const char *dir;
	journal_game g;
	int page;               /* 1: a page is written for it */
	char href[512];         /* its page or replay, from index.html */
} rgame;

typedef struct report {
	const report_opts *o;
	standings st;
	rgame *games;
	long ngames, cap;
	double (*rating_ci)[2]; /* by row: 2.5% and 97.5% of the resamples */
	/* The rating over the games: at each point, fitted on the games up
	 * to it (point_games of them, in the schedule's order), and the 2.5%
	 * and 97.5% of the same fitted on resamples; [point * nbots + row],
	 * NAN where a bot had not played yet. */
	int npoints;
	long point_games[REPORT_POINTS];
	double *curve, *curve_lo, *curve_hi;
	render_buf b;
} report;

/* ---- reading ----------------------------------------------------------- */

static int take_game(void *arg, const journal_game *g, char *err,
    size_t errlen)
{
	report *r = arg;

	if (r->ngames == r->cap) {
		long cap = r->cap ? r->cap * 2 : 1024;
		rgame *n = realloc(r->games, (size_t)cap * sizeof *n);
		if (n == NULL)
			return sab_fail(err, errlen, "out of memory");
		r->games = n;
		r->cap = cap;
	}
	memset(&r->games[r->ngames], 0, sizeof r->games[0]);
	r->games[r->ngames].g = *g;
	r->games[r->ngames].dir = r->o->dirs[0];
	r->ngames++;
	return 0;
}

static int by_index(const void *a, const void *b)
{
	const rgame *x = a, *y = b;

	if (x->g.index != y->g.index)
		return x->g.index < y->g.index ? -1 : 1;
	/* Read order: the first folder's copy of a game comes first. */
	return (x->page > y->page) - (x->page < y->page);
}

/* Every folder's games, each index once (the first folder's, as the
 * standings count it), in the schedule's order. */
static int read_games(report *r, char *err, size_t errlen)
{
	long kept = 0;

	for (int d = 0; d < r->o->ndirs; d++) {
		journal_header h;
		journal_visit v = { take_game, NULL, r, NULL };
		long from = r->ngames;
		if (journal_scan(r->o->dirs[d], &h, &v, err, errlen) != 0)
			return -1;
		for (long i = from; i < r->ngames; i++)
			r->games[i].dir = r->o->dirs[d];
	}
	for (long i = 0; i < r->ngames; i++)
		r->games[i].page = (int)(i < INT_MAX ? i : INT_MAX);
	qsort(r->games, (size_t)r->ngames, sizeof *r->games, by_index);
	for (long i = 0; i < r->ngames; i++) {
		if (kept > 0 && r->games[kept - 1].g.index == r->games[i].g.index)
			continue;
		r->games[kept++] = r->games[i];
	}
	r->ngames = kept;
	for (long i = 0; i < r->ngames; i++)
		r->games[i].page = 0;
	return 0;
}

/* ---- the rating's interval --------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int row_of(const report *r, const char *name)
{
	for (int i = 0; i < r->st.nbots; i++)
		if (strcmp(r->st.rows[i].name, name) == 0)
			return i;
	return -1;
}

/* A count drawn from the Poisson distribution of mean 1 (Knuth's way). */
static int poisson1(sab_rng *rng)
{
	double p = 1.0, limit = exp(-1.0);
	int k = 0;

	do {
		k++;
		p *= (sab_rng_below(rng, 1u << 30) + 0.5) / (double)(1u << 30);
	} while (p > limit);
	return k - 1;
}

/* Fits bs and writes each bot's rating into out by the report's rows
 * (NAN for a bot bs has not seen). */
static int fit_into(const report *r, standings *bs, double *out, char *err,
    size_t errlen)
{
	if (standings_finish(bs, err, errlen) != 0)
		return -1;
	for (int j = 0; j < r->st.nbots; j++)
		out[j] = NAN;
	for (int k = 0; k < bs->nbots; k++) {
		int j = row_of(r, bs->rows[k].name);
		if (j >= 0)
			out[j] = bs->rows[k].rating;
	}
	return 0;
}

/* The rating on the games up to each point, in the schedule's order. */
static int rating_curve(report *r, char *err, size_t errlen)
{
	standings bs;
	journal_game *g = malloc(sizeof *g);
	int rc = 0, c = 0;

	if (g == NULL)
		return sab_fail(err, errlen, "out of memory");
	standings_init(&bs);
	standings_no_deals(&bs);        /* only the rating is read */
	for (long i = 0; i < r->ngames && rc == 0; i++) {
		*g = r->games[i].g;
		if (standings_add(&bs, g, err, errlen) < 0)
			rc = -1;
		else if (i + 1 == r->point_games[c])
			rc = fit_into(r, &bs, r->curve + (size_t)c++ *
			    (size_t)r->st.nbots, err, errlen);
	}
	standings_free(&bs);
	free(g);
	return rc;
}

/*
 * The rating is fitted again on REPORT_RESAMPLES resamples of the games,
 * drawn with a fixed seed so the report is the same every time: each game
 * is counted a number of times drawn from the Poisson distribution of mean
 * 1 (the Poisson bootstrap: a resample with replacement whose prefixes are
 * resamples of the prefixes), and the rating is fitted at each point of the
 * plot.  A bot's interval at a point is the 2.5th and 97.5th percentiles of
 * its ratings there; at the last point, it is the standings' interval.  A
 * copy counts as a game of its own (its own index and seed, never a
 * duplicate deal).  A bot missing from a resample has no rating there.
 */
static int rating_intervals(report *r, char *err, size_t errlen)
{
	int nb = r->st.nbots, np;
	size_t cells;
	double *all = NULL, *fit = NULL;
	int *count = NULL;
	journal_game *g = malloc(sizeof *g);
	sab_rng rng;
	int rc = 0;

	np = r->ngames < REPORT_POINTS ? (int)r->ngames : REPORT_POINTS;
	r->npoints = np;
	for (int c = 0; c < np; c++)
		r->point_games[c] = (r->ngames * (c + 1) + np - 1) / np;
	cells = (size_t)(np ? np : 1) * (size_t)(nb ? nb : 1);
	r->rating_ci = calloc((size_t)(nb ? nb : 1), sizeof *r->rating_ci);
	r->curve = malloc(cells * sizeof *r->curve);
	r->curve_lo = malloc(cells * sizeof *r->curve_lo);
	r->curve_hi = malloc(cells * sizeof *r->curve_hi);
	all = malloc(cells * REPORT_RESAMPLES * sizeof *all);
	fit = malloc((size_t)(nb ? nb : 1) * sizeof *fit);
	count = calloc(cells, sizeof *count);
	if (g == NULL || r->rating_ci == NULL || r->curve == NULL ||
	    r->curve_lo == NULL || r->curve_hi == NULL || all == NULL ||
	    fit == NULL || count == NULL) {
		rc = sab_fail(err, errlen, "out of memory");
		goto out;
	}
	if (rating_curve(r, err, errlen) != 0) {
		rc = -1;
		goto out;
	}
	sab_rng_seed(&rng, 2026);
	for (int s = 0; s < REPORT_RESAMPLES && rc == 0 && r->ngames > 0; s++) {
		standings bs;
		long copies = 0;
		int c = 0;
		standings_init(&bs);
		standings_no_deals(&bs);
		for (long i = 0; i < r->ngames && rc == 0; i++) {
			for (int w = poisson1(&rng); w > 0 && rc == 0; w--) {
				*g = r->games[i].g;
				g->index = copies;
				g->seed = (uint64_t)copies++;
				if (standings_add(&bs, g, err, errlen) < 0)
					rc = -1;
			}
			if (rc != 0 || i + 1 != r->point_games[c])
				continue;
			if (fit_into(r, &bs, fit, err, errlen) != 0) {
				rc = -1;
				break;
			}
			for (int j = 0; j < nb; j++) {
				size_t at = (size_t)c * (size_t)nb + (size_t)j;
				if (!isnan(fit[j]))
					all[at * REPORT_RESAMPLES +
					    (size_t)count[at]++] = fit[j];
			}
			c++;
		}
		standings_free(&bs);
	}
	for (size_t at = 0; rc == 0 && at < (size_t)np * (size_t)nb; at++) {
		double *a = all + at * REPORT_RESAMPLES;
		if (count[at] < 2) {
			r->curve_lo[at] = r->curve_hi[at] = NAN;
			continue;
		}
		qsort(a, (size_t)count[at], sizeof *a, cmp_double);
		r->curve_lo[at] = a[(int)floor(0.025 * (count[at] - 1))];
		r->curve_hi[at] = a[(int)ceil(0.975 * (count[at] - 1))];
	}
	for (int j = 0; rc == 0 && j < nb; j++) {
		size_t at = (size_t)(np - 1) * (size_t)nb + (size_t)j;
		r->rating_ci[j][0] = np ? r->curve_lo[at] : NAN;
		r->rating_ci[j][1] = np ? r->curve_hi[at] : NAN;
	}
out:
	free(all);
	free(fit);
	free(count);
	free(g);
	return rc;
}

/* ---- links ------------------------------------------------------------- */

/* Whether anything went wrong for a seat in the game. */
static int has_failure(const journal_game *g)
{
	for (int s = 0; s < g->players; s++)
		if (g->seat[s].status != 0 || g->seat[s].illegal ||
		    g->seat[s].defaults || g->seat[s].timeouts)
			return 1;
	return 0;
}

/* Writes the game pages chosen, and each game's link. */
static void write_pages(report *r)
{
	char games[PATH_MAX], replay[PATH_MAX], out[PATH_MAX], rel[PATH_MAX];
	int written = 0, failed = 0;

	snprintf(games, sizeof games, "%s/games", r->o->out);
	if (mkdir(games, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "saboteur report: %s: %s\n", games,
		    strerror(errno));
		return;
	}
	for (long i = 0; i < r->ngames; i++) {
		rgame *x = &r->games[i];
		int want = r->o->all || r->ngames <= REPORT_ALL_UP_TO ||
		    has_failure(&x->g) || i >= r->ngames - r->o->sample;
		x->href[0] = '\0';
		if (x->g.replay[0] == '\0' || snprintf(replay, sizeof replay,
		    "%s/%s", x->dir, x->g.replay) >= (int)sizeof replay)
			continue;
		if (html_relative(r->o->out, replay, x->href, sizeof x->href) != 0) {
			x->href[0] = '\0';
			continue;
		}
		if (!want)
			continue;
		if (snprintf(out, sizeof out, "%s/game-%06ld.html", games,
		    x->g.index) >= (int)sizeof out)
			continue;
		if (html_relative(games, replay, rel, sizeof rel) != 0)
			rel[0] = '\0';
		if (html_game_page("report", replay, NULL, PAGE_EVERY, out,
		    rel[0] ? rel : NULL, "../index.html") > EXIT_FAILED) {
			failed++;
			continue;
		}
		x->page = 1;
		written++;
		snprintf(x->href, sizeof x->href, "games/game-%06ld.html",
		    x->g.index);
	}
	if (!r->o->quiet)
		fprintf(stderr, "saboteur report: %d game pages written%s\n",
		    written, failed ? ", some replays could not be read" : "");
}

/* ---- the index --------------------------------------------------------- */

static void h(report *r, const char *s)
{
	page_html_text(&r->b, s);
}

/* A number cell; "-" (sorted last) when there is nothing to count. */
static void num(report *r, double x, const char *fmt)
{
	if (isnan(x))
		render_printf(&r->b, "<td data-sort=\"\">-</td>");
	else
		render_printf(&r->b, fmt, x);
}

/* A sortable table's start: its wrapper (a phone scrolls the table, never
 * the page), its headings. */
static void table_open(report *r, const char *id, const char *const *heads,
    int n)
{
	render_printf(&r->b, "<div class=\"table-wrap\"><table class=\"grid "
	    "sortable\" id=\"%s\">\n<thead><tr>", id);
	for (int i = 0; i < n; i++) {
		render_printf(&r->b, "<th>");
		h(r, heads[i]);
		render_printf(&r->b, "</th>");
	}
	render_printf(&r->b, "</tr></thead>\n<tbody>\n");
}

static void table_close(report *r)
{
	render_printf(&r->b, "</tbody></table></div>\n");
}

static void standings_table(report *r)
{
	static const char *const heads[] = { "rank", "name", "rating",
	    "95% of resamples", "games", "gold", "mean gold", "95% CI", "wins",
	    "win rate", "ms/move" };
	render_buf *b = &r->b;

	render_printf(b, "<h2 id=\"standings\">Standings</h2>\n<p>As <code>"
	    "saboteur standings</code> prints them: %ld games", r->st.games);
	if (r->st.duplicates)
		render_printf(b, " (%ld more found twice, counted once)",
		    r->st.duplicates);
	if (r->st.unsealed)
		render_printf(b, ". <strong class=\"unsealed\">%ld of them were "
		    "played unsealed</strong> (--sandbox off): their bots could "
		    "reach one another and the referee's files",
		    r->st.unsealed);
	render_printf(b, ". The rating is a Bradley-Terry fit on gold "
	    "(saboteur-tournament(5)); its interval, the 2.5th to 97.5th "
	    "percentile of the rating fitted on %d resamples of the games. "
	    "A click on a heading sorts by that column.</p>\n",
	    REPORT_RESAMPLES);
	table_open(r, "standings-table", heads, 11);
	for (int i = 0; i < r->st.nbots; i++) {
		const standing *s = &r->st.rows[i];
		render_printf(b, "<tr class=\"bot\" data-name=\"");
		h(r, s->name);
		render_printf(b, "\" data-games=\"%ld\" data-gold=\"%lld\" "
		    "data-wins=\"%ld\" data-rating=\"%.1f\"><td>%d</td><td>",
		    s->games, (long long)s->gold, s->wins, s->rating, i + 1);
		h(r, s->name);
		render_printf(b, "</td><td>%.1f</td>", s->rating);
		if (isnan(r->rating_ci[i][0]))
			render_printf(b, "<td data-sort=\"\">-</td>");
		else
			render_printf(b, "<td data-sort=\"%.1f\">%.0f to %.0f</td>",
			    r->rating_ci[i][0], r->rating_ci[i][0],
			    r->rating_ci[i][1]);
		render_printf(b, "<td>%ld</td><td>%lld</td>", s->games,
		    (long long)s->gold);
		num(r, s->mean_gold, "<td>%.2f</td>");
		if (isnan(s->ci_low))
			render_printf(b, "<td data-sort=\"\">-</td>");
		else
			render_printf(b, "<td data-sort=\"%.3f\">%.2f to %.2f</td>",
			    s->ci_low, s->ci_low, s->ci_high);
		render_printf(b, "<td>%ld</td>", s->wins);
		num(r, 100 * s->win_rate, "<td>%.1f%%</td>");
		num(r, s->ms_per_move, "<td>%.2f</td>");
		render_printf(b, "</tr>\n");
	}
	table_close(r);
}

/* Round numbers for an axis from lo to hi: about n of them, at 1, 2 or 5
 * times a power of ten.  Returns how many (at most max) went into out. */
static int nice_ticks(double lo, double hi, int n, double *out, int max)
{
	double span = hi - lo > 1e-9 ? hi - lo : 1, raw = span / (n > 0 ? n : 1);
	double p = pow(10, floor(log10(raw))), step = 10 * p;
	int k = 0;

	for (int m = 1; m <= 10; m = m == 1 ? 2 : m == 2 ? 5 : 10)
		if (m * p >= raw) {
			step = m * p;
			break;
		}
	for (double v = ceil(lo / step) * step; v <= hi + step * 1e-9 &&
	    k < max; v += step)
		out[k++] = fabs(v) < step * 1e-9 ? 0 : v;
	return k;
}

/* Widens [*lo, *hi] to hold the three values that are numbers. */
static void widen(double *lo, double *hi, const double xs[3])
{
	for (int k = 0; k < 3; k++)
		if (!isnan(xs[k])) {
			*lo = xs[k] < *lo ? xs[k] : *lo;
			*hi = xs[k] > *hi ? xs[k] : *hi;
		}
}

/* Okabe and Ito's colours, as the game pages give the seats. */
static const char *const colours[8] = { "#0072B2", "#E69F00", "#009E73",
	"#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000" };

/* A horizontal bar per bot: a value and an interval, on a common scale
 * with its ticks and unit. */
static void bar_chart(report *r, const char *id, const char *caption,
    const char *unit, const double *val, const double (*ci)[2], int n)
{
	render_buf *b = &r->b;
	double lo = INFINITY, hi = -INFINITY, t[16];
	int W = 720, L = 150, R = 24, row = 22, T = 8, H = T + 40 + row * n, nt;

	for (int i = 0; i < n; i++) {
		double xs[3] = { val[i], ci ? ci[i][0] : val[i],
		    ci ? ci[i][1] : val[i] };
		widen(&lo, &hi, xs);
	}
	if (!(lo <= hi)) {
		lo = 0;
		hi = 1;
	}
	if (lo > 0 && !ci)
		lo = 0;
	if (hi - lo < 1e-9)
		hi = lo + 1;
	/* The axis from a round number to a round number. */
	nt = nice_ticks(lo, hi, 6, t, 16);
	if (nt > 0 && t[0] > lo) {
		lo = t[0] - (t[1 < nt ? 1 : 0] - t[0] > 0 ? t[1] - t[0] : 1);
		nt = nice_ticks(lo, hi, 6, t, 16);
	}
	if (nt > 0 && t[nt - 1] < hi) {
		hi = t[nt - 1] + (nt > 1 ? t[1] - t[0] : 1);
		nt = nice_ticks(lo, hi, 6, t, 16);
	}
	render_printf(b, "<figure id=\"%s\"><figcaption>", id);
	h(r, caption);
	render_printf(b, "</figcaption><svg viewBox=\"0 0 %d %d\" role=\"img\">"
	    "\n", W, H);
#define X(v) (L + ((v) - lo) * (W - L - R) / (hi - lo))
	for (int k = 0; k < nt; k++)
		render_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
		    "class=\"grid-line\"/><text x=\"%.1f\" y=\"%d\" class=\"tick\" "
		    "text-anchor=\"middle\">%g</text>\n", X(t[k]), X(t[k]), T,
		    H - 30, X(t[k]), H - 16, t[k]);
	render_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
	    "class=\"axis-line\"/><text x=\"%d\" y=\"%d\" class=\"axis-title\" "
	    "text-anchor=\"end\">", L, W - R, H - 30, H - 30, W - R, H - 2);
	h(r, unit);
	render_printf(b, "</text>\n");
	for (int i = 0; i < n; i++) {
		int y = T + 4 + row * i;
		render_printf(b, "<text x=\"%d\" y=\"%d\" class=\"tick\" "
		    "text-anchor=\"end\">", L - 8, y + 12);
		h(r, r->st.rows[i].name);
		render_printf(b, "</text>");
		if (ci && !isnan(ci[i][0]))
			render_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" "
			    "y2=\"%d\" stroke=\"#555\" stroke-width=\"2\"/>",
			    X(ci[i][0]), X(ci[i][1]), y + 8, y + 8);
		if (!isnan(val[i])) {
			if (ci)
				render_printf(b, "<circle cx=\"%.1f\" cy=\"%d\" "
				    "r=\"4.5\" fill=\"#0072B2\"/>", X(val[i]),
				    y + 8);
			else
				render_printf(b, "<rect x=\"%.1f\" y=\"%d\" "
				    "width=\"%.1f\" height=\"14\" fill=\"#0072B2\""
				    "/>", X(0 > lo ? 0 : lo), y + 1, X(val[i]) -
				    X(0 > lo ? 0 : lo));
			render_printf(b, "<text x=\"%.1f\" y=\"%d\" class=\"tick\""
			    ">%.4g</text>", X(val[i]) + 7, y + 4, val[i]);
		}
		render_printf(b, "\n");
	}
#undef X
	render_printf(b, "</svg></figure>\n");
}

/* The rating over the games: each bot's line and the band that holds 95%
 * of its ratings fitted on resamples of the same games. */
static void rating_plot(report *r)
{
	render_buf *b = &r->b;
	int nb = r->st.nbots, np = r->npoints;
	int W = 760, L = 56, R = 130, T = 12, B = 42, H = 380, nt;
	double lo = INFINITY, hi = -INFINITY, t[16], *label_y;
	long last = np ? r->point_games[np - 1] : 1;

	for (size_t at = 0; at < (size_t)np * (size_t)nb; at++) {
		double xs[3] = { r->curve[at], r->curve_lo[at], r->curve_hi[at] };
		widen(&lo, &hi, xs);
	}
	if (!(lo <= hi)) {
		lo = 1400;
		hi = 1600;
	}
	nt = nice_ticks(lo, hi, 6, t, 16);
	render_printf(b, "<figure id=\"rating-curve\"><figcaption>Each bot's "
	    "rating on the games so far, in the schedule's order (at %d "
	    "points), with the band that holds 95%% of its ratings fitted on "
	    "resamples of those games</figcaption><svg viewBox=\"0 0 %d %d\" "
	    "role=\"img\">\n", np, W, H);
#define X(g) (L + (double)(g) * (W - L - R) / (double)(last))
#define Y(v) (H - B - ((v) - lo) * (H - B - T) / (hi - lo > 1e-9 ? hi - lo : 1))
	for (int k = 0; k < nt; k++)
		render_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
		    "class=\"grid-line\"/><text x=\"%d\" y=\"%.1f\" class=\"tick\" "
		    "text-anchor=\"end\">%g</text>\n", L, W - R, Y(t[k]), Y(t[k]),
		    L - 6, Y(t[k]) + 3.5, t[k]);
	nt = nice_ticks(0, (double)last, 6, t, 16);
	for (int k = 0; k < nt; k++)
		render_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
		    "class=\"axis-line\"/><text x=\"%.1f\" y=\"%d\" class=\"tick\" "
		    "text-anchor=\"middle\">%g</text>\n", X(t[k]), X(t[k]),
		    H - B, H - B + 5, X(t[k]), H - B + 17, t[k]);
	render_printf(b, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
	    "class=\"axis-line\"/><line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" "
	    "class=\"axis-line\"/><text x=\"%d\" y=\"%d\" class=\"axis-title\" "
	    "text-anchor=\"middle\">games</text><text x=\"14\" y=\"%d\" "
	    "class=\"axis-title\" text-anchor=\"middle\" transform=\"rotate(-90 "
	    "14 %d)\">rating</text>\n", L, W - R, H - B, H - B, L, L, T, H - B,
	    (L + W - R) / 2, H - 6, (T + H - B) / 2, (T + H - B) / 2);
	/* The names at the lines' ends, 12 apart at least: the rows are by
	 * rating, which the last point is. */
	label_y = malloc((size_t)(nb ? nb : 1) * sizeof *label_y);
	if (label_y == NULL) {
		b->failed = 1;
		return;
	}
	for (int j = 0; j < nb; j++) {
		double v = np ? r->curve[(size_t)(np - 1) * (size_t)nb +
		    (size_t)j] : NAN;
		label_y[j] = isnan(v) ? H - B : Y(v);
		if (j > 0 && label_y[j] < label_y[j - 1] + 12)
			label_y[j] = label_y[j - 1] + 12;
	}
	for (int j = 0; j < nb; j++) {
		const char *col = colours[j % 8];
		int first = 1;
		/* The band: along the lows, back along the highs. */
		render_printf(b, "<g class=\"bot-curve\" data-name=\"");
		h(r, r->st.rows[j].name);
		render_printf(b, "\"><path class=\"band\" fill=\"%s\" d=\"", col);
		for (int c = 0; c < np; c++) {
			size_t at = (size_t)c * (size_t)nb + (size_t)j;
			if (isnan(r->curve_lo[at]))
				continue;
			render_printf(b, "%c%.1f %.1f", first ? 'M' : 'L',
			    X(r->point_games[c]), Y(r->curve_lo[at]));
			first = 0;
		}
		for (int c = np - 1; c >= 0 && !first; c--) {
			size_t at = (size_t)c * (size_t)nb + (size_t)j;
			if (!isnan(r->curve_hi[at]))
				render_printf(b, "L%.1f %.1f", X(r->point_games[c]),
				    Y(r->curve_hi[at]));
		}
		render_printf(b, "%s\"/><polyline fill=\"none\" stroke=\"%s\" "
		    "stroke-width=\"2\"%s points=\"", first ? "" : "Z", col,
		    j >= 8 ? " stroke-dasharray=\"5 3\"" : "");
		for (int c = 0; c < np; c++) {
			size_t at = (size_t)c * (size_t)nb + (size_t)j;
			if (!isnan(r->curve[at]))
				render_printf(b, "%.1f,%.1f ", X(r->point_games[c]),
				    Y(r->curve[at]));
		}
		render_printf(b, "\"/>");
		if (np && !isnan(r->curve[(size_t)(np - 1) * (size_t)nb +
		    (size_t)j])) {
			render_printf(b, "<text x=\"%d\" y=\"%.1f\" "
			    "class=\"curve-label\" fill=\"%s\">", W - R + 6,
			    label_y[j] + 3.5, col);
			h(r, r->st.rows[j].name);
			render_printf(b, "</text>");
		}
		render_printf(b, "</g>\n");
	}
	free(label_y);
#undef X
#undef Y
	render_printf(b, "</svg></figure>\n");
}

static void pictures(report *r)
{
	int n = r->st.nbots;
	double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
	double (*ci)[2] = malloc((size_t)(n ? n : 1) * sizeof *ci);

	if (v == NULL || ci == NULL) {
		r->b.failed = 1;
		free(v);
		free(ci);
		return;
	}
	render_printf(&r->b, "<h2 id=\"rating\">Rating</h2>\n<div "
	    "class=\"charts\" id=\"charts\">\n");
	for (int i = 0; i < n; i++)
		v[i] = r->st.rows[i].rating;
	bar_chart(r, "rating-chart", "Each bot's rating, and the 95% of its "
	    "ratings over resamples of the games", "rating (Elo-like)", v,
	    r->rating_ci, n);
	for (int i = 0; i < n; i++) {
		v[i] = r->st.rows[i].mean_gold;
		ci[i][0] = r->st.rows[i].ci_low;
		ci[i][1] = r->st.rows[i].ci_high;
	}
	bar_chart(r, "gold-chart", "Mean gold per game, with its 95% "
	    "confidence interval", "gold per game", v,
	    (const double (*)[2])ci, n);
	render_printf(&r->b, "</div>\n");
	rating_plot(r);
	for (int i = 0; i < n; i++)
		v[i] = r->st.rows[i].ms_per_move;
	render_printf(&r->b, "<h2 id=\"time\">Time per move</h2>\n");
	bar_chart(r, "time-chart", "Mean thinking time per decision",
	    "milliseconds per decision", v, NULL, n);
	free(v);
	free(ci);
}

static void roles_table(report *r)
{
	render_buf *b = &r->b;

	render_printf(b, "<h2 id=\"roles\">Win rates per role</h2>\n<p>Rounds "
	    "won of the rounds played in each role (a round counts in the role "
	    "a seat had at its end).</p>\n<div class=\"table-wrap\"><table "
	    "class=\"grid sortable\" id=\"roles-table\"><thead><tr><th>bot</th>");
	for (int k = 1; k < r->st.roles.n; k++) {
		render_printf(b, "<th>");
		h(r, r->st.roles.name[k]);
		render_printf(b, "</th>");
	}
	render_printf(b, "</tr></thead>\n<tbody>\n");
	for (int i = 0; i < r->st.nbots; i++) {
		const standing *s = &r->st.rows[i];
		render_printf(b, "<tr><td>");
		h(r, s->name);
		render_printf(b, "</td>");
		for (int k = 1; k < r->st.roles.n; k++) {
			if (s->role_rounds[k] == 0)
				render_printf(b, "<td data-sort=\"\">-</td>");
			else
				render_printf(b, "<td>%.1f%% <small>(%ld/%ld)"
				    "</small></td>", 100 * s->role_rate[k],
				    s->role_won[k], s->role_rounds[k]);
		}
		render_printf(b, "</tr>\n");
	}
	table_close(r);
}

static void failures_table(report *r)
{
	static const char *const heads[] = { "bot", "timeouts",
	    "illegal replies", "defaults", "crashes", "protocol errors",
	    "disqualified" };
	render_buf *b = &r->b;
	long listed = 0;

	render_printf(b, "<h2 id=\"failures\">Failures</h2>\n");
	table_open(r, "failures-table", heads, 7);
	for (int i = 0; i < r->st.nbots; i++) {
		const standing *s = &r->st.rows[i];
		render_printf(b, "<tr><td>");
		h(r, s->name);
		render_printf(b, "</td><td>%ld</td><td>%ld</td><td>%ld</td>"
		    "<td>%ld</td><td>%ld</td><td>%s</td></tr>\n", s->timeouts,
		    s->illegal, s->defaults, s->crashes, s->protocol,
		    s->disqualified ? "yes" : "no");
	}
	table_close(r);
	render_printf(b, "<p>Games with a failure:");
	for (long i = 0; i < r->ngames; i++) {
		if (!has_failure(&r->games[i].g))
			continue;
		if (listed++ >= 200) {
			render_printf(b, " and more (see the games below)");
			break;
		}
		if (r->games[i].href[0]) {
			render_printf(b, " <a href=\"");
			h(r, r->games[i].href);
			render_printf(b, "\">%ld</a>", r->games[i].g.index);
		} else {
			render_printf(b, " %ld", r->games[i].g.index);
		}
	}
	if (listed == 0)
		render_printf(b, " none");
	render_printf(b, ".</p>\n");
}

/* Each pair of bots: in the games both played, how often the row's bot
 * had more gold than the column's (a tie counts half). */
static void head_to_head(report *r)
{
	int n = r->st.nbots;
	double *score = calloc((size_t)(n * n + 1), sizeof *score);
	long *pairs = calloc((size_t)(n * n + 1), sizeof *pairs);
	render_buf *b = &r->b;

	if (score == NULL || pairs == NULL) {
		b->failed = 1;
		goto out;
	}
	for (long i = 0; i < r->ngames; i++) {
		const journal_game *g = &r->games[i].g;
		int who[SAB_MAX_PLAYERS];
		for (int s = 0; s < g->players; s++)
			who[s] = row_of(r, g->seat[s].bot);
		for (int s = 0; s < g->players; s++)
			for (int t = 0; t < g->players; t++) {
				int a = who[s], c = who[t];
				if (s == t || a < 0 || c < 0 || a == c)
					continue;
				pairs[a * n + c]++;
				score[a * n + c] += g->seat[s].gold >
				    g->seat[t].gold ? 1 : g->seat[s].gold ==
				    g->seat[t].gold ? 0.5 : 0;
			}
	}
	render_printf(b, "<h2 id=\"head-to-head\">Head to head</h2>\n<p>The "
	    "share of comparisons the row's bot won against the column's: in "
	    "every game both played, more gold wins, the same gold is half.</p>"
	    "\n<div class=\"table-wrap\"><table class=\"grid sortable\" "
	    "id=\"h2h-table\"><thead><tr><th></th>");
	for (int j = 0; j < n; j++) {
		render_printf(b, "<th>");
		h(r, r->st.rows[j].name);
		render_printf(b, "</th>");
	}
	render_printf(b, "</tr></thead>\n<tbody>\n");
	for (int i = 0; i < n; i++) {
		render_printf(b, "<tr><td>");
		h(r, r->st.rows[i].name);
		render_printf(b, "</td>");
		for (int j = 0; j < n; j++) {
			long p = pairs[i * n + j];
			if (p == 0)
				render_printf(b, "<td data-sort=\"\">-</td>");
			else
				render_printf(b, "<td title=\"%ld comparisons\">"
				    "%.1f%%</td>", p, 100 * score[i * n + j] /
				    (double)p);
		}
		render_printf(b, "</tr>\n");
	}
	table_close(r);
out:
	free(score);
	free(pairs);
}

static void games_list(report *r)
{
	static const char *const heads[] = { "game", "seed", "seats: bot gold",
	    "winners", "" };
	render_buf *b = &r->b;

	render_printf(b, "<h2 id=\"games\">Games</h2>\n<p>A game page for "
	    "%s; the others link to their replays (saboteur html makes a "
	    "page of any).</p>\n", r->o->all || r->ngames <= REPORT_ALL_UP_TO ?
	    "every game" : "every game with a failure and the last ones");
	table_open(r, "games-table", heads, 5);
	for (long i = 0; i < r->ngames; i++) {
		const rgame *x = &r->games[i];
		const journal_game *g = &x->g;
		int any = 0;
		render_printf(b, "<tr data-game=\"%ld\"%s><td>%ld</td>"
		    "<td>%llu</td><td class=\"left\">", g->index,
		    has_failure(g) ? " class=\"failed\"" : "", g->index,
		    (unsigned long long)g->seed);
		for (int s = 0; s < g->players; s++) {
			render_printf(b, "%s", s ? ", " : "");
			h(r, g->seat[s].bot);
			render_printf(b, " %d", g->seat[s].gold);
		}
		/* The winners by name, and their seats. */
		render_printf(b, "</td><td class=\"left winners\">");
		for (int s = 0; s < g->players; s++)
			if (g->winners & (1u << s)) {
				render_printf(b, "%s", any++ ? ", " : "");
				h(r, g->seat[s].bot);
				render_printf(b, " <small>(seat %d)</small>", s);
			}
		render_printf(b, "</td><td>");
		if (x->href[0]) {
			render_printf(b, "<a href=\"");
			h(r, x->href);
			render_printf(b, "\">%s</a>", x->page ? "page" :
			    "replay");
		}
		render_printf(b, "</td></tr>\n");
	}
	table_close(r);
}

static void index_page(report *r)
{
	render_buf *b = &r->b;

	render_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"saboteur %s\">\n<title>Saboteur "
	    "tournament report</title>\n<style>\n%s</style>\n</head>\n<body "
	    "class=\"report\">\n<div id=\"app\">\n<h1 id=\"title\">Tournament "
	    "report: %ld games</h1>\n<p>From ", SAB_VERSION, page_viewer_css,
	    r->st.games);
	for (int d = 0; d < r->o->ndirs; d++) {
		render_printf(b, "%s<code>", d ? ", " : "");
		h(r, r->o->dirs[d]);
		render_printf(b, "</code>");
	}
	render_printf(b, ".</p>\n<nav class=\"toc\"><a href=\"#standings\">"
	    "standings</a> <a href=\"#rating\">rating</a> <a href=\"#roles\">"
	    "roles</a> <a href=\"#time\">time</a> <a href=\"#failures\">"
	    "failures</a> <a href=\"#head-to-head\">head to head</a> <a "
	    "href=\"#games\">games</a></nav>\n");
	standings_table(r);
	pictures(r);
	roles_table(r);
	failures_table(r);
	head_to_head(r);
	games_list(r);
	render_printf(b, "</div>\n<script>\n%s</script>\n</body>\n</html>\n",
	    page_report_js);
}

int report_write(const report_opts *o)
{
	report r;
	char err[1200], path[PATH_MAX];
	int rc = EXIT_OK;

	memset(&r, 0, sizeof r);
	r.o = o;
	if (standings_load(&r.st, o->dirs, o->ndirs, cli_warn, NULL, err,
	    sizeof err) != 0 || read_games(&r, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur report: %s\n", err);
		rc = EXIT_CONFIG;
		goto out;
	}
	if (r.st.games == 0) {
		fprintf(stderr, "saboteur report: no games in %s: the "
		    "tournament has finished none yet\n", o->dirs[0]);
		rc = EXIT_CONFIG;
		goto out;
	}
	if (rating_intervals(&r, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur report: %s\n", err);
		rc = EXIT_INTERNAL;
		goto out;
	}
	if (mkdir(o->out, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "saboteur report: cannot create the folder %s: "
		    "%s (give -o a folder you may write in)\n", o->out,
		    strerror(errno));
		rc = EXIT_USAGE;
		goto out;
	}
	write_pages(&r);
	index_page(&r);
	if (r.b.failed) {
		fprintf(stderr, "saboteur report: out of memory\n");
		rc = EXIT_INTERNAL;
	} else if (snprintf(path, sizeof path, "%s/index.html", o->out) >=
	    (int)sizeof path) {
		fprintf(stderr, "saboteur report: %s: name too long\n", o->out);
		rc = EXIT_USAGE;
	} else {
		rc = html_write_file("report", path, &r.b);
	}
out:
	render_buf_free(&r.b);
	standings_free(&r.st);
	free(r.games);
	free(r.rating_ci);
	free(r.curve);
	free(r.curve_lo);
	free(r.curve_hi);
	return rc;
}
