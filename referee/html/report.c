/* report.c: a tournament's results folders as a web report: the standings
 * as saboteur standings computes them, a rating plot with intervals, win
 * rates per role, time per move, failures, head to head, the games, and
 * game pages for the games with a failure and the last ones. */
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

/*
 * The rating is fitted again on REPORT_RESAMPLES resamples of the games
 * (drawn with replacement, a fixed seed, so the report is the same every
 * time); each bot's interval is the 2.5th and 97.5th percentiles of its
 * ratings.  A bot missing from a resample has no rating there.
 */
static int rating_intervals(report *r, char *err, size_t errlen)
{
	int nb = r->st.nbots;
	double *all = malloc((size_t)nb * REPORT_RESAMPLES * sizeof *all);
	int *count = calloc((size_t)nb, sizeof *count);
	journal_game *g = malloc(sizeof *g);
	sab_rng rng;
	int rc = 0;

	r->rating_ci = calloc((size_t)nb, sizeof *r->rating_ci);
	if (all == NULL || count == NULL || g == NULL || r->rating_ci == NULL) {
		rc = sab_fail(err, errlen, "out of memory");
		goto out;
	}
	sab_rng_seed(&rng, 2026);
	for (int s = 0; s < REPORT_RESAMPLES && rc == 0 && r->ngames > 0; s++) {
		standings bs;
		standings_init(&bs);
		for (long i = 0; i < r->ngames && rc == 0; i++) {
			*g = r->games[sab_rng_below(&rng,
			    (uint32_t)r->ngames)].g;
			g->index = i;
			if (standings_add(&bs, g, err, errlen) < 0)
				rc = -1;
		}
		if (rc == 0 && standings_finish(&bs, err, errlen) != 0)
			rc = -1;
		for (int k = 0; rc == 0 && k < bs.nbots; k++)
			for (int j = 0; j < nb; j++)
				if (strcmp(bs.rows[k].name, r->st.rows[j].name) == 0)
					all[(size_t)j * REPORT_RESAMPLES +
					    (size_t)count[j]++] = bs.rows[k].rating;
		standings_free(&bs);
	}
	for (int j = 0; rc == 0 && j < nb; j++) {
		double *a = all + (size_t)j * REPORT_RESAMPLES;
		if (count[j] < 2) {
			r->rating_ci[j][0] = r->rating_ci[j][1] = NAN;
			continue;
		}
		qsort(a, (size_t)count[j], sizeof *a, cmp_double);
		r->rating_ci[j][0] = a[(int)floor(0.025 * (count[j] - 1))];
		r->rating_ci[j][1] = a[(int)ceil(0.975 * (count[j] - 1))];
	}
out:
	free(all);
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
		int want = r->o->all || has_failure(&x->g) ||
		    i >= r->ngames - r->o->sample;
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

static void num(report *r, double x, const char *fmt)
{
	if (isnan(x))
		render_printf(&r->b, "<td>-</td>");
	else
		render_printf(&r->b, fmt, x);
}

static void standings_table(report *r)
{
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
	    "percentile of the rating fitted on %d resamples of the games.</p>\n"
	    "<table class=\"grid\" id=\"standings-table\">\n<tr><th>rank</th>"
	    "<th>name</th><th>rating</th><th>95%% of resamples</th>"
	    "<th>games</th><th>gold</th><th>mean gold</th><th>95%% CI</th>"
	    "<th>wins</th><th>win rate</th><th>ms/move</th></tr>\n",
	    REPORT_RESAMPLES);
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
			render_printf(b, "<td>-</td>");
		else
			render_printf(b, "<td>%.0f to %.0f</td>",
			    r->rating_ci[i][0], r->rating_ci[i][1]);
		render_printf(b, "<td>%ld</td><td>%lld</td>", s->games,
		    (long long)s->gold);
		num(r, s->mean_gold, "<td>%.2f</td>");
		if (isnan(s->ci_low))
			render_printf(b, "<td>-</td>");
		else
			render_printf(b, "<td>%.2f to %.2f</td>", s->ci_low,
			    s->ci_high);
		render_printf(b, "<td>%ld</td>", s->wins);
		num(r, 100 * s->win_rate, "<td>%.1f%%</td>");
		num(r, s->ms_per_move, "<td>%.2f</td>");
		render_printf(b, "</tr>\n");
	}
	render_printf(b, "</table>\n");
}

/* A horizontal bar per bot: a value and an interval, on a common scale. */
static void bar_chart(report *r, const char *id, const char *caption,
    const double *val, const double (*ci)[2], int n)
{
	render_buf *b = &r->b;
	double lo = INFINITY, hi = -INFINITY;
	int W = 640, L = 160, row = 22, H = 30 + row * n;

	for (int i = 0; i < n; i++) {
		double xs[3] = { val[i], ci ? ci[i][0] : val[i],
		    ci ? ci[i][1] : val[i] };
		for (int k = 0; k < 3; k++)
			if (!isnan(xs[k])) {
				lo = xs[k] < lo ? xs[k] : lo;
				hi = xs[k] > hi ? xs[k] : hi;
			}
	}
	if (!(lo <= hi)) {
		lo = 0;
		hi = 1;
	}
	if (lo > 0 && !ci)
		lo = 0;
	if (hi - lo < 1e-9)
		hi = lo + 1;
	render_printf(b, "<figure id=\"%s\"><figcaption>", id);
	h(r, caption);
	render_printf(b, "</figcaption><svg width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\">\n", W, H, W, H);
#define X(v) (L + ((v) - lo) * (W - L - 70) / (hi - lo))
	render_printf(b, "<text x=\"%d\" y=\"%d\" class=\"tick\">%.4g</text>"
	    "<text x=\"%d\" y=\"%d\" class=\"tick\" text-anchor=\"end\">%.4g"
	    "</text>\n", L, H - 4, lo, W - 70, H - 4, hi);
	for (int i = 0; i < n; i++) {
		int y = 10 + row * i;
		render_printf(b, "<text x=\"4\" y=\"%d\" class=\"tick\">",
		    y + 12);
		h(r, r->st.rows[i].name);
		render_printf(b, "</text>");
		if (ci && !isnan(ci[i][0]))
			render_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" "
			    "y2=\"%d\" stroke=\"#555\" stroke-width=\"2\"/>",
			    X(ci[i][0]), X(ci[i][1]), y + 8, y + 8);
		if (!isnan(val[i])) {
			if (ci)
				render_printf(b, "<circle cx=\"%.1f\" cy=\"%d\" "
				    "r=\"4\" fill=\"#1f77b4\"/>", X(val[i]),
				    y + 8);
			else
				render_printf(b, "<rect x=\"%d\" y=\"%d\" "
				    "width=\"%.1f\" height=\"14\" fill=\"#1f77b4\""
				    "/>", L, y + 1, X(val[i]) - L);
			render_printf(b, "<text x=\"%.1f\" y=\"%d\" class=\"tick\""
			    ">%.4g</text>", X(val[i]) + 6, y + 5, val[i]);
		}
		render_printf(b, "\n");
	}
#undef X
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
	    "id=\"charts\">\n");
	for (int i = 0; i < n; i++)
		v[i] = r->st.rows[i].rating;
	bar_chart(r, "rating-chart", "Each bot's rating, and the 95% of its "
	    "ratings over resamples of the games", v, r->rating_ci, n);
	for (int i = 0; i < n; i++) {
		v[i] = r->st.rows[i].mean_gold;
		ci[i][0] = r->st.rows[i].ci_low;
		ci[i][1] = r->st.rows[i].ci_high;
	}
	bar_chart(r, "gold-chart", "Mean gold per game, with its 95% "
	    "confidence interval", v, (const double (*)[2])ci, n);
	for (int i = 0; i < n; i++)
		v[i] = r->st.rows[i].ms_per_move;
	render_printf(&r->b, "</div>\n<h2 id=\"time\">Time per move</h2>\n");
	bar_chart(r, "time-chart", "Mean thinking time per decision (ms)", v,
	    NULL, n);
	free(v);
	free(ci);
}

static void roles_table(report *r)
{
	render_buf *b = &r->b;

	render_printf(b, "<h2 id=\"roles\">Win rates per role</h2>\n<p>Rounds "
	    "won of the rounds played in each role (a round counts in the role "
	    "a seat had at its end).</p>\n<table class=\"grid\" "
	    "id=\"roles-table\"><tr><th>bot</th>");
	for (int k = 1; k < r->st.roles.n; k++) {
		render_printf(b, "<th>");
		h(r, r->st.roles.name[k]);
		render_printf(b, "</th>");
	}
	render_printf(b, "</tr>\n");
	for (int i = 0; i < r->st.nbots; i++) {
		const standing *s = &r->st.rows[i];
		render_printf(b, "<tr><td>");
		h(r, s->name);
		render_printf(b, "</td>");
		for (int k = 1; k < r->st.roles.n; k++) {
			if (s->role_rounds[k] == 0)
				render_printf(b, "<td>-</td>");
			else
				render_printf(b, "<td>%.1f%% <small>(%ld/%ld)"
				    "</small></td>", 100 * s->role_rate[k],
				    s->role_won[k], s->role_rounds[k]);
		}
		render_printf(b, "</tr>\n");
	}
	render_printf(b, "</table>\n");
}

static void failures_table(report *r)
{
	render_buf *b = &r->b;
	long listed = 0;

	render_printf(b, "<h2 id=\"failures\">Failures</h2>\n<table "
	    "class=\"grid\" id=\"failures-table\"><tr><th>bot</th>"
	    "<th>timeouts</th><th>illegal replies</th><th>defaults</th>"
	    "<th>crashes</th><th>protocol errors</th><th>disqualified</th>"
	    "</tr>\n");
	for (int i = 0; i < r->st.nbots; i++) {
		const standing *s = &r->st.rows[i];
		render_printf(b, "<tr><td>");
		h(r, s->name);
		render_printf(b, "</td><td>%ld</td><td>%ld</td><td>%ld</td>"
		    "<td>%ld</td><td>%ld</td><td>%s</td></tr>\n", s->timeouts,
		    s->illegal, s->defaults, s->crashes, s->protocol,
		    s->disqualified ? "yes" : "no");
	}
	render_printf(b, "</table>\n<p>Games with a failure:");
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

static int row_of(const report *r, const char *name)
{
	for (int i = 0; i < r->st.nbots; i++)
		if (strcmp(r->st.rows[i].name, name) == 0)
			return i;
	return -1;
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
	    "\n<table class=\"grid\" id=\"h2h-table\"><tr><th></th>");
	for (int j = 0; j < n; j++) {
		render_printf(b, "<th>");
		h(r, r->st.rows[j].name);
		render_printf(b, "</th>");
	}
	render_printf(b, "</tr>\n");
	for (int i = 0; i < n; i++) {
		render_printf(b, "<tr><td>");
		h(r, r->st.rows[i].name);
		render_printf(b, "</td>");
		for (int j = 0; j < n; j++) {
			long p = pairs[i * n + j];
			if (p == 0)
				render_printf(b, "<td>-</td>");
			else
				render_printf(b, "<td title=\"%ld comparisons\">"
				    "%.1f%%</td>", p, 100 * score[i * n + j] /
				    (double)p);
		}
		render_printf(b, "</tr>\n");
	}
	render_printf(b, "</table>\n");
out:
	free(score);
	free(pairs);
}

static void games_list(report *r)
{
	render_buf *b = &r->b;

	render_printf(b, "<h2 id=\"games\">Games</h2>\n<p>A game page for "
	    "%s; the others link to their replays (saboteur html makes a "
	    "page of any).</p>\n<table class=\"grid\" id=\"games-table\"><tr>"
	    "<th>game</th><th>seed</th><th>seats: bot gold</th><th>winners"
	    "</th><th></th></tr>\n", r->o->all ? "every game" :
	    "every game with a failure and the last ones");
	for (long i = 0; i < r->ngames; i++) {
		const rgame *x = &r->games[i];
		const journal_game *g = &x->g;
		render_printf(b, "<tr data-game=\"%ld\"%s><td>%ld</td>"
		    "<td>%llu</td><td>", g->index, has_failure(g) ?
		    " class=\"failed\"" : "", g->index,
		    (unsigned long long)g->seed);
		for (int s = 0; s < g->players; s++) {
			render_printf(b, "%s", s ? ", " : "");
			h(r, g->seat[s].bot);
			render_printf(b, " %d", g->seat[s].gold);
		}
		render_printf(b, "</td><td>");
		for (int s = 0, any = 0; s < g->players; s++)
			if (g->winners & (1u << s))
				render_printf(b, "%s%d", any++ ? " " : "", s);
		render_printf(b, "</td><td>");
		if (x->href[0]) {
			render_printf(b, "<a href=\"");
			h(r, x->href);
			render_printf(b, "\">%s</a>", x->page ? "page" :
			    "replay");
		}
		render_printf(b, "</td></tr>\n");
	}
	render_printf(b, "</table>\n");
}

static void index_page(report *r)
{
	render_buf *b = &r->b;

	render_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"generator\" "
	    "content=\"saboteur %s\">\n<title>Saboteur tournament report"
	    "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1 id=\"title\">"
	    "Tournament report: %ld games</h1>\n<p>From ", SAB_VERSION,
	    page_viewer_css, r->st.games);
	for (int d = 0; d < r->o->ndirs; d++) {
		render_printf(b, "%s<code>", d ? ", " : "");
		h(r, r->o->dirs[d]);
		render_printf(b, "</code>");
	}
	render_printf(b, ". <a href=\"#standings\">standings</a> &middot; "
	    "<a href=\"#rating\">rating</a> &middot; <a href=\"#roles\">roles"
	    "</a> &middot; <a href=\"#time\">time</a> &middot; <a "
	    "href=\"#failures\">failures</a> &middot; <a href=\"#head-to-head\">"
	    "head to head</a> &middot; <a href=\"#games\">games</a></p>\n");
	standings_table(r);
	pictures(r);
	roles_table(r);
	failures_table(r);
	head_to_head(r);
	games_list(r);
	render_printf(b, "</body>\n</html>\n");
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
		fprintf(stderr, "saboteur report: %s: %s\n", o->out,
		    strerror(errno));
		rc = EXIT_INTERNAL;
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
	return rc;
}
