/* test_standings.c: standings from journals: hand-computed figures, the
 * rating's fit and ranking, order and shard invariance, the output
 * formats, journals of an earlier version, and per-role figures that
 * follow the ruleset's role list. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <check.h>

#include "journal.h"
#include "standings.h"
#include "suites.h"
#include "tmpdir.h"

static char err[512];

/* A one-round game of three seats. */
static journal_game game3(long index, const char *a, const char *b,
    const char *c, int ga, int gb, int gc, const char *roles, char won)
{
	journal_game g;
	const char *names[3] = { a, b, c };
	int gold[3] = { ga, gb, gc }, top = 0;

	memset(&g, 0, sizeof g);
	g.index = index;
	g.seed = (uint64_t)index;
	g.players = 3;
	g.rounds = 1;
	g.paid = 1;
	for (int s = 0; s < 3; s++)
		top = gold[s] > top ? gold[s] : top;
	for (int s = 0; s < 3; s++) {
		snprintf(g.seat[s].bot, sizeof g.seat[s].bot, "%s", names[s]);
		g.seat[s].gold = gold[s];
		g.seat[s].role[0] = (uint8_t)(roles[s] == 'm' ? SAB_ROLE_MINER :
		    SAB_ROLE_SABOTEUR);
		/* The round's winners: the seats of the side that won it. */
		if (roles[s] == won) {
			g.round_winners[0] |= (uint16_t)(1u << s);
			g.seat[s].pay[0] = gold[s];
		}
		g.seat[s].decisions = 10;
		g.seat[s].think_us = 1000 * (s + 1);
		if (gold[s] == top)
			g.winners |= (uint16_t)(1u << s);
	}
	return g;
}

/*
 * The worked example of saboteur-tournament(5):
 *
 *   game 0: A 4, B 1, C 0; roles m m s, the miners won
 *   game 1: B 3, C 3, A 2; roles s s m, the saboteurs won
 *   game 2: C 0, A 0, B 5; roles m s m, the miners won
 */
static void example(journal_game *g)
{
	g[0] = game3(0, "A", "B", "C", 4, 1, 0, "mms", 'm');
	g[1] = game3(1, "B", "C", "A", 3, 3, 2, "ssm", 's');
	g[2] = game3(2, "C", "A", "B", 0, 0, 5, "msm", 'm');
	g[0].seat[0].timeouts = 1;
	g[0].seat[0].status = BOT_TIMEOUT;
	g[0].seat[2].illegal = 2;
	g[0].seat[2].defaults = 1;
	g[1].seat[1].status = BOT_CRASH;
	g[2].seat[2].status = BOT_FLOOD;
	g[2].seat[1].status = JOURNAL_DISQUALIFIED;
}

static const standing *row(const standings *st, const char *name)
{
	for (int i = 0; i < st->nbots; i++)
		if (strcmp(st->rows[i].name, name) == 0)
			return &st->rows[i];
	ck_abort_msg("no row for %s", name);
	return NULL;
}

static void add_all(standings *st, const journal_game *g, int n)
{
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(standings_add(st, &g[i], err, sizeof err), 1);
}

#define near(a, b) ck_assert_msg(fabs((a) - (b)) < 1e-4, "%s = %.6f, not %.6f", \
	#a, (double)(a), (double)(b))

START_TEST(figures_by_hand)
{
	journal_game g[3];
	standings st;
	const standing *a, *b, *c;
	double t2 = 4.3027;     /* Student's t, 2 degrees of freedom */

	example(g);
	standings_init(&st);
	add_all(&st, g, 3);
	ck_assert_int_eq(standings_add(&st, &g[1], err, sizeof err), 0);
	ck_assert_int_eq(st.duplicates, 1);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	ck_assert_int_eq(st.games, 3);
	ck_assert_int_eq(st.nbots, 3);
	a = row(&st, "A");
	b = row(&st, "B");
	c = row(&st, "C");

	/* Gold: A 4 2 0, B 1 3 5, C 0 3 0. */
	ck_assert_int_eq(a->games, 3);
	ck_assert_int_eq(a->gold, 6);
	near(a->mean_gold, 2.0);
	near(a->ci_low, 2.0 - t2 * 2 / sqrt(3));        /* s = 2 */
	near(a->ci_high, 2.0 + t2 * 2 / sqrt(3));
	ck_assert_int_eq(b->gold, 9);
	near(b->mean_gold, 3.0);
	near(b->ci_high - b->mean_gold, t2 * 2 / sqrt(3));
	ck_assert_int_eq(c->gold, 3);
	near(c->mean_gold, 1.0);
	near(c->ci_low, 1.0 - t2);                      /* s = sqrt(3) */

	/* Wins: A game 0; B games 1 (shared) and 2; C game 1 (shared). */
	ck_assert_int_eq(a->wins, 1);
	near(a->win_rate, 1.0 / 3);
	near(b->win_rate, 2.0 / 3);
	near(c->win_rate, 1.0 / 3);

	/* Rounds by role, and whether that role's side won them. */
	ck_assert_int_eq(a->role_rounds[SAB_ROLE_MINER], 2);
	ck_assert_int_eq(a->role_won[SAB_ROLE_MINER], 1);
	ck_assert_int_eq(a->role_rounds[SAB_ROLE_SABOTEUR], 1);
	ck_assert_int_eq(a->role_won[SAB_ROLE_SABOTEUR], 0);
	near(a->role_rate[SAB_ROLE_MINER], 0.5);
	near(a->role_rate[SAB_ROLE_SABOTEUR], 0.0);
	near(b->role_rate[SAB_ROLE_MINER], 1.0);
	near(b->role_rate[SAB_ROLE_SABOTEUR], 1.0);
	near(c->role_rate[SAB_ROLE_MINER], 1.0);
	near(c->role_rate[SAB_ROLE_SABOTEUR], 0.5);
	ck_assert_int_eq(a->role_rounds[SAB_ROLE_NONE], 0);

	/* Time: A sat at seats 0, 2, 1: (1000 + 3000 + 2000) us / 30. */
	ck_assert_int_eq(a->decisions, 30);
	ck_assert_int_eq(a->think_us, 6000);
	near(a->ms_per_move, 0.2);

	/* Failures. */
	ck_assert_int_eq(a->timeouts, 1);
	ck_assert_int_eq(c->illegal, 2);
	ck_assert_int_eq(c->defaults, 1);
	ck_assert_int_eq(c->crashes, 1);
	ck_assert_int_eq(b->protocol, 1);
	ck_assert_int_eq(a->crashes + a->protocol + b->crashes, 0);
	ck_assert_int_eq(a->disqualified, 1);
	ck_assert_int_eq(b->disqualified + c->disqualified, 0);
	standings_free(&st);
	standings_free(&st);
}
END_TEST

/*
 * The rating, fitted here by plain MM (Hunter 2004) run to the end, from
 * counts taken by hand from the example: twice the wins of i over j
 * (a tie is half a win each way).
 *
 *   A>B 2 (game 0)   A>C 2+1 (game 0, tie in 2)
 *   B>A 2+2          B>C 2+1+2
 *   C>A 2+1          C>B 1
 */
START_TEST(rating_is_the_bradley_terry_fit)
{
	static const double w2[3][3] = { { 0, 2, 3 }, { 4, 0, 5 }, { 3, 1, 0 } };
	double gamma[3] = { 1, 1, 1 }, next[3], want[3], mean = 0;
	journal_game g[3];
	standings st;

	for (int it = 0; it < 200000; it++) {
		for (int i = 0; i < 3; i++) {
			double w = 0.5, den = 1 / (gamma[i] + 1);
			for (int j = 0; j < 3; j++) {
				if (j == i)
					continue;
				w += w2[i][j] / 2;
				den += (w2[i][j] + w2[j][i]) / 2 /
				    (gamma[i] + gamma[j]);
			}
			next[i] = w / den;
		}
		memcpy(gamma, next, sizeof gamma);
	}
	for (int i = 0; i < 3; i++)
		mean += (want[i] = 400 * log10(gamma[i])) / 3;
	example(g);
	standings_init(&st);
	add_all(&st, g, 3);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	near(row(&st, "A")->rating, want[0] - mean + 1500);
	near(row(&st, "B")->rating, want[1] - mean + 1500);
	near(row(&st, "C")->rating, want[2] - mean + 1500);
	ck_assert_str_eq(st.rows[0].name, "B");
	ck_assert_str_eq(st.rows[1].name, "A");
	ck_assert_str_eq(st.rows[2].name, "C");
	near((st.rows[0].rating + st.rows[1].rating + st.rows[2].rating) / 3,
	    1500);
	/* The pairs, ties apart: A and C tied in game 2, and each was ahead
	 * of the other once; B was ahead of A twice, behind once. */
	double ahead, behind, tied;
	standings_pair(&st, 1, 2, &ahead, &behind, &tied);
	near(ahead, 1.5);
	near(behind, 1.5);
	near(tied, 1);
	standings_pair(&st, 0, 1, &ahead, &behind, &tied);
	near(ahead, 2);
	near(behind, 1);
	near(tied, 0);
	standings_free(&st);
}
END_TEST

/* 60 games of four bots: "top" always has the most gold, "zero" never
 * has any; the two others share what is left. */
static int ladder_n(journal_game *g, int count)
{
	static const char *const names[4] = { "mid1", "top", "zero", "mid2" };
	int n = 0;

	for (int i = 0; i < count; i++) {
		int k = i % 4;  /* who sits out */
		const char *seat[3];
		int gold[3], m = 0;

		for (int b = 0; b < 4; b++)
			if (b != k)
				seat[m++] = names[b];
		for (int s = 0; s < 3; s++)
			gold[s] = strcmp(seat[s], "top") == 0 ? 9 :
			    strcmp(seat[s], "zero") == 0 ? 0 :
			    1 + (i * 7 + s) % 5;
		g[n++] = game3(i, seat[(i + 0) % 3], seat[(i + 1) % 3],
		    seat[(i + 2) % 3], gold[(i + 0) % 3], gold[(i + 1) % 3],
		    gold[(i + 2) % 3], "mms", i % 2 ? 'm' : 's');
	}
	return n;
}

static int ladder(journal_game *g)
{
	return ladder_n(g, 60);
}

/* The row of the bot at seat s of g. */
static int row_of(const standings *st, const journal_game *g, int s)
{
	int i = 0;

	while (strcmp(st->rows[i].name, g->seat[s].bot) != 0)
		i++;
	return i;
}

/* Seat a compared with seat b: one comparison, a win, half or none. */
static void count_pair(const standings *st, const journal_game *g, int a,
    int b, double *w, double pairs[8][8])
{
	int i = row_of(st, g, a), j = row_of(st, g, b);
	int ga = g->seat[a].gold, gb = g->seat[b].gold;

	pairs[i][j] += 1;
	w[i] += ga > gb ? 1 : ga == gb ? 0.5 : 0;
}

/*
 * At the maximum of the likelihood, for every bot i (theta = ln strength,
 * s the logistic function, W_i its wins plus the virtual half):
 *   W_i = sum_j N_ij s(theta_i - theta_j) + s(theta_i).
 * The ratings are centred, which hides theta's level; summing the
 * equations gives sum_i s(theta_i) = n / 2, which fixes it.
 */
static void check_optimal(const standings *st, const journal_game *g, int ng)
{
	int n = st->nbots;
	double w[8] = { 0 }, pairs[8][8] = { { 0 } }, th[8], lo = -50, hi = 50;

	ck_assert_int_le(n, 8);
	for (int k = 0; k < ng; k++)
		for (int a = 0; a < g[k].players; a++)
			for (int b = 0; b < g[k].players; b++)
				if (a != b)
					count_pair(st, &g[k], a, b, w, pairs);
	for (int it = 0; it < 200; it++) {
		double c = (lo + hi) / 2, sum = 0;
		for (int i = 0; i < n; i++)
			sum += 1 / (1 + exp(-((st->rows[i].rating - 1500) *
			    log(10.0) / 400 + c)));
		if (sum > n / 2.0)
			hi = c;
		else
			lo = c;
	}
	for (int i = 0; i < n; i++)
		th[i] = (st->rows[i].rating - 1500) * log(10.0) / 400 + lo;
	for (int i = 0; i < n; i++) {
		double rhs = 1 / (1 + exp(-th[i]));
		for (int j = 0; j < n; j++)
			if (j != i)
				rhs += pairs[i][j] / (1 + exp(th[j] - th[i]));
		ck_assert_msg(fabs(w[i] + 0.5 - rhs) < 1e-6 * (1 + w[i]),
		    "%s: %.9f wins, the model gives %.9f", st->rows[i].name,
		    w[i] + 0.5, rhs);
	}
}

/* 6000 games in which "top" always has the most gold: MM alone would
 * need about a million steps; the fit must still be the maximum. */
START_TEST(rating_solves_the_likelihood_equations)
{
	journal_game *g = calloc(6000, sizeof *g);
	standings st;
	int n = ladder_n(g, 6000);

	standings_init(&st);
	add_all(&st, g, n);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	ck_assert_str_eq(st.rows[0].name, "top");
	check_optimal(&st, g, n);
	standings_free(&st);
	/* And on the small example, where MM converges alone. */
	example(g);
	standings_init(&st);
	add_all(&st, g, 3);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	check_optimal(&st, g, 3);
	standings_free(&st);
	free(g);
}
END_TEST

START_TEST(always_most_gold_ranks_first)
{
	journal_game g[60];
	standings st;
	int n = ladder(g);

	standings_init(&st);
	add_all(&st, g, n);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	ck_assert_str_eq(st.rows[0].name, "top");
	ck_assert_str_eq(st.rows[3].name, "zero");
	ck_assert(isfinite(st.rows[0].rating) && isfinite(st.rows[3].rating));
	ck_assert(st.rows[0].rating > st.rows[1].rating + 400);
	standings_free(&st);
}
END_TEST

START_TEST(order_of_games_does_not_matter)
{
	journal_game g[60], h[60];
	standings one, two;
	int n = ladder(g);

	/* Reversed, then taken seven apart (7 and 60 are coprime). */
	for (int i = 0; i < n; i++)
		h[i] = g[n - 1 - i];
	standings_init(&one);
	standings_init(&two);
	add_all(&one, g, n);
	for (int i = 0; i < n; i++)
		ck_assert_int_eq(standings_add(&two, &h[(i * 7) % n], err,
		    sizeof err), 1);
	ck_assert_int_eq(standings_finish(&one, err, sizeof err), 0);
	ck_assert_int_eq(standings_finish(&two, err, sizeof err), 0);
	ck_assert_int_eq(one.nbots, two.nbots);
	/* Bit for bit. */
	ck_assert_mem_eq(one.rows, two.rows, (size_t)one.nbots *
	    sizeof *one.rows);
	/* finish() again after more games: the rows follow. */
	ck_assert_int_eq(standings_add(&one, &g[0], err, sizeof err), 0);
	ck_assert_int_eq(standings_finish(&one, err, sizeof err), 0);
	ck_assert_mem_eq(one.rows, two.rows, (size_t)one.nbots *
	    sizeof *one.rows);
	standings_free(&one);
	standings_free(&two);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Journals: shards merged are the whole run */

typedef struct dirs {
	char tmp[256], all[300], s1[300], s2[300], other[300];
} dirs;

static void write_journal(const char *dir, uint64_t h, int i, int n,
    const journal_game *g, int ng)
{
	journal *j;

	journal_roles base;

	journal_roles_base(&base);
	ck_assert_msg(journal_open(&j, dir, h, i, n, &base, NULL, err,
	    sizeof err) == 0, "%s", err);
	for (int k = 0; k < ng; k++)
		if (g[k].index % n == i - 1)
			ck_assert_msg(journal_append(j, &g[k], err,
			    sizeof err) == 0, "%s", err);
	journal_close(j);
}

static void dirs_make(dirs *d, const journal_game *g, int n)
{
	tmpdir_make(d->tmp, sizeof d->tmp, "standings");
	tmpdir_path(d->tmp, d->all, sizeof d->all, "all");
	tmpdir_path(d->tmp, d->s1, sizeof d->s1, "s1");
	tmpdir_path(d->tmp, d->s2, sizeof d->s2, "s2");
	tmpdir_path(d->tmp, d->other, sizeof d->other, "other");
	write_journal(d->all, 42, 1, 1, g, n);
	/* The shards finish their games in another order. */
	{
		journal_game r[60];
		for (int i = 0; i < n; i++)
			r[i] = g[n - 1 - i];
		write_journal(d->s1, 42, 1, 2, r, n);
		write_journal(d->s2, 42, 2, 2, r, n);
	}
	write_journal(d->other, 43, 1, 1, g, 3);
}

static void dirs_remove(const dirs *d)
{
	tmpdir_remove(d->all);
	tmpdir_remove(d->s1);
	tmpdir_remove(d->s2);
	tmpdir_remove(d->other);
	tmpdir_remove(d->tmp);
}

/* Prints st in a format into a new string. */
static char *printed(const standings *st, int format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(standings_print(f, st, format), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

typedef struct warned {
	char msg[4][512];
	int n;
} warned;

static void on_warn(void *arg, const char *msg)
{
	warned *w = arg;

	ck_assert_int_lt(w->n, 4);
	snprintf(w->msg[w->n++], sizeof w->msg[0], "%s", msg);
}

START_TEST(shards_merged_equal_one_run)
{
	journal_game g[60];
	int n = ladder(g);
	dirs d;
	standings whole, merged, swapped, twice;
	const char *one[1], *both[2], *back[2], *dup[2];
	warned w;
	char want[1024];

	dirs_make(&d, g, n);
	one[0] = d.all;
	both[0] = d.s1;
	both[1] = d.s2;
	back[0] = d.s2;
	back[1] = d.s1;
	ck_assert_msg(standings_load(&whole, one, 1, NULL, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_msg(standings_load(&merged, both, 2, NULL, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_msg(standings_load(&swapped, back, 2, NULL, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(whole.games, 60);
	ck_assert_int_eq(merged.games, 60);
	ck_assert(whole.config == 42 && merged.config == 42);
	ck_assert_int_eq(whole.nbots, merged.nbots);
	ck_assert_mem_eq(whole.rows, merged.rows, (size_t)whole.nbots *
	    sizeof *whole.rows);
	ck_assert_mem_eq(whole.rows, swapped.rows, (size_t)whole.nbots *
	    sizeof *whole.rows);
	for (int f = STANDINGS_TABLE; f <= STANDINGS_CSV; f++) {
		char *x = printed(&whole, f), *y = printed(&merged, f);
		ck_assert_str_eq(x, y);
		free(x);
		free(y);
	}

	/* A shard next to the whole run: its games count once. */
	dup[0] = d.all;
	dup[1] = d.s2;
	memset(&w, 0, sizeof w);
	ck_assert_int_eq(standings_load(&twice, dup, 2, on_warn, &w, err,
	    sizeof err), 0);
	ck_assert_int_eq(twice.games, 60);
	ck_assert_int_eq(twice.duplicates, 30);
	ck_assert_mem_eq(whole.rows, twice.rows, (size_t)whole.nbots *
	    sizeof *whole.rows);
	ck_assert_int_eq(w.n, 1);
	snprintf(want, sizeof want, "%s: 30 games already counted from an "
	    "earlier folder are counted once", d.s2);
	ck_assert_str_eq(w.msg[0], want);
	standings_free(&twice);

	/* Another tournament's journal is refused. */
	dup[1] = d.other;
	ck_assert_int_eq(standings_load(&twice, dup, 2, NULL, NULL, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s holds a run of another tournament file "
	    "than %s: the standings of two tournaments are printed one at a "
	    "time", d.other, d.all);
	ck_assert_str_eq(err, want);
	standings_free(&twice);

	standings_free(&whole);
	standings_free(&merged);
	standings_free(&swapped);
	dirs_remove(&d);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Output */

static void starts(const char *text, const char *prefix)
{
	ck_assert_msg(strncmp(text, prefix, strlen(prefix)) == 0,
	    "\"%s\" does not begin with \"%s\"", text, prefix);
}

START_TEST(formats_for_people_and_scripts)
{
	journal_game g[3];
	standings st;
	char *text;
	int f;

	ck_assert_int_eq(standings_parse_format("table", &f), 0);
	ck_assert_int_eq(f, STANDINGS_TABLE);
	ck_assert_int_eq(standings_parse_format("yaml", &f), 0);
	ck_assert_int_eq(f, STANDINGS_YAML);
	ck_assert_int_eq(standings_parse_format("csv", &f), 0);
	ck_assert_int_eq(f, STANDINGS_CSV);
	ck_assert_int_eq(standings_parse_format("json", &f), -1);

	example(g);
	standings_init(&st);
	add_all(&st, g, 3);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	st.config = 0x0123456789abcdefULL;

	text = printed(&st, STANDINGS_CSV);
	starts(text, "rank,name,rating,games,gold,mean_gold,ci95_low,"
	    "ci95_high,wins,win_rate,miner_rounds,miner_win_rate,"
	    "saboteur_rounds,saboteur_win_rate,decisions,ms_per_move,timeouts,"
	    "illegal,defaults,crashes,protocol_errors,disqualified\n1,B,");
	ck_assert(strstr(text, ",3,9,3.0000,-1.9683,7.9683,2,0.6667,2,1.0000,"
	    "1,1.0000,30,0.200,0,0,0,0,1,0\n") != NULL);
	free(text);

	text = printed(&st, STANDINGS_YAML);
	starts(text, "config: \"0123456789abcdef\"\ngames: 3\nbots:\n"
	    "  - rank: 1\n    name: \"B\"\n");
	ck_assert(strstr(text, "    disqualified: true\n") != NULL);
	free(text);

	text = printed(&st, STANDINGS_TABLE);
	starts(text, "3 games, tournament 0123456789abcdef\nrank  bot  "
	    "rating  games");
	ck_assert(strstr(text, "3.00 [-1.97, 7.97]") != NULL);
	ck_assert(strstr(text, "  disqualified\n") != NULL);
	free(text);
	standings_free(&st);

	/* One game: no interval, printed as none in each format. */
	standings_init(&st);
	add_all(&st, g, 1);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	ck_assert(isnan(st.rows[0].ci_low));
	text = printed(&st, STANDINGS_YAML);
	ck_assert(strstr(text, "    ci95_low: null\n    ci95_high: null\n") !=
	    NULL);
	ck_assert(strstr(text, "    saboteur_win_rate: null\n") != NULL);
	free(text);
	text = printed(&st, STANDINGS_CSV);
	ck_assert(strstr(text, "1,A,") != NULL);
	ck_assert(strstr(text, ",4.0000,,,1,1.0000,1,1.0000,0,,10,") != NULL);
	free(text);
	standings_free(&st);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Journals of an earlier version; role lists */

/* Writes text as DIR/journal.txt, DIR made. */
static void write_raw(const char *dir, const char *text)
{
	char path[512];
	FILE *f;

	ck_assert_int_eq(mkdir(dir, 0700), 0);
	snprintf(path, sizeof path, "%s/journal.txt", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The standings of one folder in a format. */
static char *standings_of(const char *dir, int format)
{
	const char *one[1] = { dir };
	standings st;
	char *text;

	ck_assert_msg(standings_load(&st, one, 1, NULL, NULL, err,
	    sizeof err) == 0, "%s", err);
	text = printed(&st, format);
	standings_free(&st);
	return text;
}

/*
 * The worked example as an earlier version journaled it (each round's
 * side, no payouts) gives the standings, in every format, byte for byte,
 * that the same games journaled today give.
 */
START_TEST(old_journal_gives_the_same_standings)
{
	static const char old[] =
	    "saboteur-journal 1 config=000000000000002a shard=1/1\n"
	    "game 0 seed=0 bots=A,B,C gold=4,1,0 winners=0 rounds=mms:m "
	    "decisions=10,10,10 think-us=1000,2000,3000 illegal=0,0,2 "
	    "defaults=0,0,1 timeouts=1,0,0 status=timeout,ok,ok replay=-\n"
	    "game 1 seed=1 bots=B,C,A gold=3,3,2 winners=0,1 rounds=ssm:s "
	    "decisions=10,10,10 think-us=1000,2000,3000 illegal=0,0,0 "
	    "defaults=0,0,0 timeouts=0,0,0 status=ok,crash,ok replay=-\n"
	    "game 2 seed=2 bots=C,A,B gold=0,0,5 winners=2 rounds=msm:m "
	    "decisions=10,10,10 think-us=1000,2000,3000 illegal=0,0,0 "
	    "defaults=0,0,0 timeouts=0,0,0 status=ok,disqualified,flood "
	    "replay=-\n";
	journal_game g[3];
	char tmp[256], a[300], b[300];
	journal *j;
	journal_roles base;

	example(g);
	tmpdir_make(tmp, sizeof tmp, "standings");
	tmpdir_path(tmp, a, sizeof a, "old");
	tmpdir_path(tmp, b, sizeof b, "new");
	write_raw(a, old);
	journal_roles_base(&base);
	ck_assert_msg(journal_open(&j, b, 42, 1, 1, &base, NULL, err,
	    sizeof err) == 0, "%s", err);
	for (int k = 0; k < 3; k++)
		ck_assert_msg(journal_append(j, &g[k], err, sizeof err) == 0,
		    "%s", err);
	journal_close(j);
	for (int f = STANDINGS_TABLE; f <= STANDINGS_CSV; f++) {
		char *x = standings_of(a, f), *y = standings_of(b, f);
		ck_assert_str_eq(x, y);
		if (f == STANDINGS_TABLE)
			ck_assert(strstr(x, "  win%  miner%  sab%  ms/move  ") !=
			    NULL);
		if (f == STANDINGS_CSV)
			ck_assert(strstr(x, ",win_rate,miner_rounds,"
			    "miner_win_rate,saboteur_rounds,saboteur_win_rate,"
			    "decisions,") != NULL);
		free(x);
		free(y);
	}
	tmpdir_remove(a);
	tmpdir_remove(b);
	tmpdir_remove(tmp);
}
END_TEST

/*
 * A ruleset whose role list differs: the per-role figures are those of its
 * roles (but none), in its order, under its names.
 */
START_TEST(role_columns_follow_the_ruleset)
{
	static const char *const names[] = { "none", "saboteur", "geologist",
		"miner" };
	sab_ruleset rs;
	journal_roles roles;
	journal_game g[2];
	journal *j;
	standings st;
	const char *one[1];
	char tmp[256], dir[300], *text;

	ck_assert_int_eq(sab_ruleset_load_builtin(&rs, "base", err,
	    sizeof err), 0);
	rs.nroles = 4;
	for (int i = 0; i < 4; i++)
		snprintf(rs.roles[i].name, sizeof rs.roles[i].name, "%s",
		    names[i]);
	ck_assert_int_eq(journal_roles_of(&roles, &rs, err, sizeof err), 0);

	/* Role values of this list: 1 saboteur, 2 geologist, 3 miner.  In
	 * game 0 the geologist A and the miner B win against the saboteur C;
	 * in game 1 the saboteur B against the miners A and C. */
	g[0] = game3(0, "A", "B", "C", 2, 0, 3, "mms", 'm');
	g[1] = game3(1, "A", "B", "C", 0, 4, 0, "msm", 's');
	for (int k = 0; k < 2; k++)
		for (int s = 0; s < 3; s++)
			g[k].seat[s].role[0] = (uint8_t)(g[k].seat[s].role[0] ==
			    SAB_ROLE_SABOTEUR ? 1 : 3);
	g[0].seat[0].role[0] = 2;
	tmpdir_make(tmp, sizeof tmp, "standings");
	tmpdir_path(tmp, dir, sizeof dir, "run");
	ck_assert_msg(journal_open(&j, dir, 7, 1, 1, &roles, NULL, err,
	    sizeof err) == 0, "%s", err);
	for (int k = 0; k < 2; k++)
		ck_assert_msg(journal_append(j, &g[k], err, sizeof err) == 0,
		    "%s", err);
	journal_close(j);

	one[0] = dir;
	ck_assert_msg(standings_load(&st, one, 1, NULL, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert(journal_roles_equal(&st.roles, &roles));
	ck_assert_int_eq(row(&st, "A")->role_rounds[2], 1);
	near(row(&st, "A")->role_rate[2], 1.0);
	near(row(&st, "A")->role_rate[3], 0.0);
	ck_assert(isnan(row(&st, "A")->role_rate[1]));
	near(row(&st, "B")->role_rate[1], 1.0);
	near(row(&st, "B")->role_rate[3], 1.0);
	near(row(&st, "C")->role_rate[1], 0.0);
	near(row(&st, "C")->role_rate[3], 0.0);

	text = printed(&st, STANDINGS_TABLE);
	ck_assert_msg(strstr(text, "   win%  sab%  geo%  miner%  ms/move  ") !=
	    NULL, "%s", text);
	free(text);
	text = printed(&st, STANDINGS_CSV);
	ck_assert(strstr(text, ",win_rate,saboteur_rounds,saboteur_win_rate,"
	    "geologist_rounds,geologist_win_rate,miner_rounds,miner_win_rate,"
	    "decisions,") != NULL);
	free(text);
	text = printed(&st, STANDINGS_YAML);
	ck_assert(strstr(text, "    geologist_rounds: 1\n"
	    "    geologist_win_rate: 1.0000\n    miner_rounds: 1\n") != NULL);
	free(text);
	standings_free(&st);
	tmpdir_remove(dir);
	tmpdir_remove(tmp);
}
END_TEST

static char *printed_roles(const standings *st, int format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(standings_print_roles(f, st, format), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/*
 * Per role: the rounds a bot played in it, how many it won, and the gold
 * paid to it in them (a theft's loss included); a game of an earlier
 * version's journal has no payouts, so its rounds count but not its gold.
 * Game 0 (two rounds): A a miner who wins 3 then a saboteur who wins 2
 * and loses 1 to a thief; B a saboteur who loses, then a miner who steals
 * 1; C a miner who wins 2, then a miner who loses.
 */
START_TEST(per_role_rounds_wins_and_gold)
{
	journal_game g[2];
	standings st;
	const standing *a, *b;
	char *text;

	g[0] = game3(0, "A", "B", "C", 4, 1, 2, "mms", 'm');
	g[0].rounds = 2;
	g[0].seat[1].role[0] = SAB_ROLE_SABOTEUR;
	g[0].seat[2].role[0] = SAB_ROLE_MINER;
	g[0].round_winners[0] = 1u << 0 | 1u << 2;
	g[0].seat[0].pay[0] = 3, g[0].seat[1].pay[0] = 0;
	g[0].seat[2].pay[0] = 2;
	g[0].seat[0].role[1] = SAB_ROLE_SABOTEUR;
	g[0].seat[1].role[1] = SAB_ROLE_MINER;
	g[0].seat[2].role[1] = SAB_ROLE_MINER;
	g[0].round_winners[1] = 1u << 0;
	g[0].seat[0].pay[1] = 1, g[0].seat[1].pay[1] = 1;
	g[0].seat[2].pay[1] = 0;
	g[1] = game3(1, "A", "B", "C", 5, 0, 0, "smm", 's');
	g[1].paid = 0;
	standings_init(&st);
	add_all(&st, g, 2);
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	a = row(&st, "A");
	b = row(&st, "B");
	ck_assert_int_eq(a->role_rounds[SAB_ROLE_MINER], 1);
	ck_assert_int_eq(a->role_won[SAB_ROLE_MINER], 1);
	ck_assert_int_eq(a->role_gold[SAB_ROLE_MINER], 3);
	near(a->role_mean_gold[SAB_ROLE_MINER], 3.0);
	ck_assert_int_eq(a->role_rounds[SAB_ROLE_SABOTEUR], 2);
	ck_assert_int_eq(a->role_won[SAB_ROLE_SABOTEUR], 2);
	ck_assert_int_eq(a->role_gold[SAB_ROLE_SABOTEUR], 1);
	ck_assert_int_eq(a->role_paid[SAB_ROLE_SABOTEUR], 1);
	near(a->role_mean_gold[SAB_ROLE_SABOTEUR], 1.0);
	ck_assert_int_eq(b->role_gold[SAB_ROLE_MINER], 1);
	ck_assert_int_eq(b->role_rounds[SAB_ROLE_MINER], 2);
	ck_assert_int_eq(b->role_paid[SAB_ROLE_MINER], 1);
	ck_assert_int_eq(b->role_gold[SAB_ROLE_SABOTEUR], 0);
	near(b->role_mean_gold[SAB_ROLE_SABOTEUR], 0.0);
	ck_assert(isnan(row(&st, "C")->role_mean_gold[SAB_ROLE_SABOTEUR]));

	text = printed_roles(&st, STANDINGS_CSV);
	ck_assert_msg(strstr(text, "rank,name,role,rounds,won,win_rate,gold,"
	    "gold_per_round\n") == text, "%s", text);
	ck_assert_msg(strstr(text, ",A,saboteur,2,2,1.0000,1,1.0000\n") !=
	    NULL, "%s", text);
	ck_assert_msg(strstr(text, ",C,saboteur,0,0,,0,\n") != NULL, "%s",
	    text);
	free(text);
	text = printed_roles(&st, STANDINGS_TABLE);
	ck_assert_msg(strstr(text, "rank  bot  role      rounds    won   win%"
	    "    gold  gold/round\n") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "  A    miner          1      1  100.0"
	    "       3        3.00\n") != NULL, "%s", text);
	free(text);
	text = printed_roles(&st, STANDINGS_YAML);
	ck_assert_msg(strstr(text, "    name: \"A\"\n    role: \"saboteur\"\n"
	    "    rounds: 2\n    won: 2\n    win_rate: 1.0000\n    gold: 1\n"
	    "    gold_per_round: 1.0000\n") != NULL, "%s", text);
	free(text);
	standings_free(&st);
}
END_TEST

/* The interval for larger samples uses the expansion of Student's t:
 * 100 games of 0 and 2 gold, t(99) = 1.98422. */
START_TEST(interval_for_many_games)
{
	journal_game g;
	standings st;
	double s = sqrt(100.0 / 99);

	standings_init(&st);
	for (int i = 0; i < 100; i++) {
		g = game3(i, "x", "y", "z", i % 2 ? 2 : 0, 1, 1, "mms", 'm');
		ck_assert_int_eq(standings_add(&st, &g, err, sizeof err), 1);
	}
	ck_assert_int_eq(standings_finish(&st, err, sizeof err), 0);
	near(row(&st, "x")->ci_high - 1.0, 1.98422 * s / 10);
	near(row(&st, "y")->ci_high, 1.0);      /* no spread, no width */
	standings_free(&st);
}
END_TEST

Suite *standings_suite(void)
{
	Suite *s = suite_create("standings");
	TCase *tc = tcase_create("figures");

	tcase_add_test(tc, figures_by_hand);
	tcase_add_test(tc, rating_is_the_bradley_terry_fit);
	tcase_add_test(tc, always_most_gold_ranks_first);
	tcase_add_test(tc, rating_solves_the_likelihood_equations);
	tcase_add_test(tc, order_of_games_does_not_matter);
	tcase_add_test(tc, shards_merged_equal_one_run);
	tcase_add_test(tc, formats_for_people_and_scripts);
	tcase_add_test(tc, interval_for_many_games);
	tcase_add_test(tc, old_journal_gives_the_same_standings);
	tcase_add_test(tc, role_columns_follow_the_ruleset);
	tcase_add_test(tc, per_role_rounds_wins_and_gold);
	suite_add_tcase(s, tc);
	return s;
}
