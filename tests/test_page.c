/* test_page.c: the game page's data (saboteur html) for every committed
 * replay, every perspective at once and each alone: well formed, nothing
 * in it that can end its script element, and a perspective's page without
 * another seat's hand; the results it shows as the replay records them,
 * its marks for the move list and autoplay, its table of cards.  Built with the sanitizers too, so the page
 * writer's tables are checked for leaks and overruns. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "effect.h"
#include "page.h"
#include "suites.h"
#include "viewer.h"

/* The data between the script element's tags. */
static const char *data_of(const render_buf *b, size_t *len)
{
	const char *open = "<script type=\"application/json\" id=\"game\">\n";
	const char *s = strstr(b->s, open), *e;

	ck_assert_msg(s != NULL, "no game data");
	s += strlen(open);
	e = strstr(s, "</script>");
	ck_assert_msg(e != NULL, "the game data does not end");
	*len = (size_t)(e - s);
	return s;
}

/* Builds the page of L as persp and checks its form. */
static void build(const viewer_replay *L, int persp, render_buf *b)
{
	page_opts o = { persp, "game.sabr.gz", NULL };
	size_t len;
	const char *d;

	memset(b, 0, sizeof *b);
	ck_assert_int_eq(page_build(b, &L->v, &o), 0);
	ck_assert(strncmp(b->s, "<!DOCTYPE html>", 15) == 0);
	d = data_of(b, &len);
	/* Every bot's text is escaped: no tag can start inside the data. */
	ck_assert_msg(memchr(d, '<', len) == NULL, "a < in the game data");
	ck_assert(d[0] == '{' && d[len - 2] == '}');
	ck_assert(strstr(b->s, "</html>\n") != NULL);
}

/* Calls fn on each committed replay but the largest (big12, whose page
 * takes long under the sanitizers); returns how many fn counted. */
static int each_replay(int (*fn)(const viewer_replay *L, const char *name))
{
	char dir[512], path[1024], err[1200];
	struct dirent *e;
	DIR *D;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/replays", fixtures_dir());
	D = opendir(dir);
	ck_assert_msg(D != NULL, "%s", dir);
	while ((e = readdir(D)) != NULL) {
		viewer_replay *L;
		int rc;
		if (strstr(e->d_name, ".sabr.gz") == NULL ||
		    strstr(e->d_name, "big12") != NULL)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
		ck_assert_msg(L != NULL, "%s", err);
		n += fn(L, e->d_name);
		viewer_replay_free(L);
	}
	closedir(D);
	return n;
}

static int every_replay(const viewer_replay *L, const char *name)
{
	render_buf all, pub;

	build(L, PAGE_EVERY, &all);
	build(L, VIEW_PUBLIC, &pub);
	/* The page of one perspective holds one, and is smaller. */
	ck_assert_msg(strstr(pub.s, "\"id\":\"all\"") == NULL,
	    "%s: the public page holds the full view", name);
	ck_assert_msg(strstr(all.s, "\"id\":\"all\"") != NULL, "%s", name);
	ck_assert(pub.len < all.len);
	/* Goals face down are never known to the public. */
	ck_assert_msg(strstr(pub.s, "\"back;0;0;known-") == NULL,
	    "%s: the public page knows a goal face down", name);
	render_buf_free(&all);
	render_buf_free(&pub);
	return 1;
}

START_TEST(test_every_replay)
{
	ck_assert_int_ge(each_replay(every_replay), 10);
}
END_TEST

/* The page of a committed replay of the mini expansions, as persp, holds
 * each of the words wanted (the cells' kinds and classes). */
static void minis_hold(const char *name, int persp, const char *const *want)
{
	char path[1024], err[1200];
	viewer_replay *L;
	render_buf b;
	int rc;

	snprintf(path, sizeof path, "%s/replays/%s.sabr.gz", fixtures_dir(),
	    name);
	L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
	ck_assert_msg(L != NULL, "%s", err);
	build(L, persp, &b);
	for (int i = 0; want[i] != NULL; i++)
		ck_assert_msg(strstr(b.s, want[i]) != NULL, "%s: no %s on its "
		    "page", name, want[i]);
	render_buf_free(&b);
	viewer_replay_free(L);
}

/* Each mini expansion's objects are cells of their own kinds: a dwarf and
 * its owner, the postcards, a chest face down and opened with what it
 * held, a goal card's effect; in the public's page too, which knows them
 * all but the goals face down. */
START_TEST(test_minis_cells)
{
	static const char *const toll[] = { "\"dwarf;0;0;owner-",
	    "\"costume;", "\"party;", NULL };
	static const char *const chests[] = { "\"chest;0;0;;?;",
	    " chest-open chest-gold;", " chest-open chest-trove;", NULL };
	static const char *const goals[] = { "known-stone effect-spider;",
	    "known-stone effect-sack amount-2;", ";stone effect-dragon;R;",
	    NULL };
	static const char *const goals_public[] = { ";stone effect-dragon;R;",
	    NULL };

	minis_hold("base-minis-5p", PAGE_EVERY, toll);
	minis_hold("base-minis-5p", VIEW_PUBLIC, toll);
	minis_hold("treasure-chests-5p", PAGE_EVERY, chests);
	minis_hold("treasure-chests-5p", VIEW_PUBLIC, chests);
	minis_hold("new-goals-5p", PAGE_EVERY, goals);
	minis_hold("new-goals-5p", VIEW_PUBLIC, goals_public);
}
END_TEST

/* Whether the page's table of values (its "values" array) holds v as one
 * whole JSON string. */
static int holds_value(const render_buf *b, const char *v)
{
	render_buf q = { NULL, 0, 0, 0 };
	const char *values = strstr(b->s, "\n\"values\":[");
	int found;

	page_json_string(&q, v);
	ck_assert(values != NULL);
	found = strstr(values, q.s) != NULL;
	render_buf_free(&q);
	return found;
}

/*
 * The result the page shows at the game's end ("MASK|G0,G1,...": the
 * winners, each seat's gold) is the replay's own result record ("result
 * G0 G1 ... winners S ..."), read here from the file: in the page of every
 * perspective and in the public's alone, for every committed replay that
 * ends.  And every round's end gives a round's result ("WORDS|MASK|...").
 */
static int result_held(const viewer_replay *L, const char *name)
{
	render_buf all, pub;
	char want[400];
	const char *text = NULL;
	int gold[SAB_MAX_PLAYERS], k = 0, off = 0, used;
	unsigned mask = 0;

	for (int i = 0; i < L->f->nrecs; i++)
		if (L->f->recs[i].kind == REPLAY_RESULT)
			text = L->f->recs[i].text;
	if (text == NULL)
		return 0;
	/* "G0 G1 ... winners S ...", read word by word. */
	while (k < L->f->nseats &&
	    sscanf(text + off, "%d%n", &gold[k], &used) == 1) {
		off += used;
		k++;
	}
	ck_assert_int_eq(k, L->f->nseats);
	ck_assert(strncmp(text + off, " winners", 8) == 0);
	off += 8;
	for (int s; sscanf(text + off, "%d%n", &s, &used) == 1; off += used)
		mask |= 1u << s;
	used = snprintf(want, sizeof want, "%u|", mask);
	for (int s = 0; s < k; s++)
		used += snprintf(want + used, sizeof want - (size_t)used, "%s%d",
		    s ? "," : "", gold[s]);
	build(L, PAGE_EVERY, &all);
	build(L, VIEW_PUBLIC, &pub);
	ck_assert_msg(holds_value(&all, want), "%s: no result %s", name, want);
	ck_assert_msg(holds_value(&pub, want), "%s: no result %s in the "
	    "public's page", name, want);
	ck_assert_msg(strstr(pub.s, "\"round 1 ends: ") != NULL, "%s: no "
	    "round's result", name);
	render_buf_free(&all);
	render_buf_free(&pub);
	return 1;
}

START_TEST(test_results)
{
	ck_assert_int_ge(each_replay(result_held), 10);
}
END_TEST

/* The page's own marks on the steps: every decision of a game but the
 * veto questions says what it did by a main step (a move list names it
 * by that), and the World Championship's veto questions that changed
 * nothing are marked quiet, so autoplay passes them; the base game has
 * none.  Read from the page's "flags" array. */
static void marks_of(const char *name, int *main, int *quiet, int *ends)
{
	char path[1024], err[1200];
	viewer_replay *L;
	render_buf b;
	const char *f;
	int rc;

	snprintf(path, sizeof path, "%s/replays/%s.sabr.gz", fixtures_dir(),
	    name);
	L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
	ck_assert_msg(L != NULL, "%s", err);
	build(L, PAGE_EVERY, &b);
	f = strstr(b.s, "\"flags\":[");
	ck_assert(f != NULL);
	f += 9;
	*main = *quiet = *ends = 0;
	for (int i = 0, v; i < L->v.nsteps; i++) {
		ck_assert(sscanf(f, "%d", &v) == 1);
		*main += (v & 16) != 0 || (v & 64) != 0;
		*quiet += (v & 32) && (v & VIEW_TURN_END);
		*ends += (v & VIEW_TURN_END) && L->v.steps[i].decision > 0;
		f = strchr(f, ',');
		if (f == NULL)
			break;
		f++;
	}
	render_buf_free(&b);
	viewer_replay_free(L);
}

START_TEST(test_step_marks)
{
	int main, quiet, ends;

	marks_of("base-5p-failures", &main, &quiet, &ends);
	ck_assert_int_eq(quiet, 0);
	ck_assert_int_eq(main, ends);
	marks_of("base-wc-view", &main, &quiet, &ends);
	ck_assert_int_gt(quiet, 100);
	ck_assert_int_eq(main + quiet, ends);
}
END_TEST

/* The cards' table names every card of the ruleset by its token, with
 * its kind's word: what the page draws them from. */
START_TEST(test_cards_table)
{
	char path[1024], err[1200], want[200];
	viewer_replay *L;
	render_buf b;
	int rc;

	snprintf(path, sizeof path, "%s/replays/saboteur2-minis-6p.sabr.gz",
	    fixtures_dir());
	L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
	ck_assert_msg(L != NULL, "%s", err);
	build(L, VIEW_PUBLIC, &b);
	for (int i = 0; i < L->rs.ndefs; i++) {
		const sab_kind *k = sab_kind_of(L->rs.defs[i].type);
		snprintf(want, sizeof want, "[\"%s\",\"%s\",%d,", L->v.pc.tok[i],
		    k ? k->word : "?", L->rs.defs[i].edges);
		ck_assert_msg(strstr(b.s, want) != NULL, "no %s", want);
	}
	ck_assert(strstr(b.s, "\"roles\":[[\"none\"") != NULL);
	render_buf_free(&b);
	viewer_replay_free(L);
}
END_TEST

/* A Tunnel Toll dwarf put on an empty cell beyond the cards' rows (the
 * committed base-minis game, decision 27: a dwarf at 6 -5, the cards
 * and goals reaching row -4) is inside the board drawn by saboteur view,
 * its terminal viewer and the page alike (render_board_extent). */
START_TEST(test_dwarf_extent)
{
	char path[1024], err[1200];
	viewer_replay *L;
	view_table *t = malloc(sizeof *t);
	render_window w;
	int rc, step, found = 0;

	ck_assert(t != NULL);
	snprintf(path, sizeof path, "%s/replays/base-minis-5p.sabr.gz",
	    fixtures_dir());
	L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
	ck_assert_msg(L != NULL, "%s", err);
	step = view_decision_step(&L->v, 27);
	ck_assert_int_ge(step, 0);
	view_table_at(&L->v, step, VIEW_PUBLIC, t);
	render_board_extent(&L->v, t, &w);
	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++) {
		int x, y;
		if (t->seen.toll_cell[d] == SAB_NO_CELL)
			continue;
		x = sab_board_x(t->seen.toll_cell[d]);
		y = sab_board_y(t->seen.toll_cell[d]);
		ck_assert_msg(x >= w.x0 && x <= w.x1 && y >= w.y0 && y <= w.y1,
		    "a dwarf at %d %d outside the board drawn, %d..%d x %d..%d",
		    x, y, w.x0, w.x1, w.y0, w.y1);
		found += y == -5;
	}
	ck_assert_int_eq(found, 1);
	free(t);
	viewer_replay_free(L);
}
END_TEST

START_TEST(test_json_string)
{
	render_buf b = { NULL, 0, 0, 0 };

	page_json_string(&b, "a\"b\\c</script>&\x01\xc3");
	ck_assert_str_eq(b.s, "\"a\\\"b\\\\c\\u003c/script\\u003e\\u0026"
	    "\\u0001\\u00c3\"");
	render_buf_free(&b);
	page_json_string(&b, NULL);
	ck_assert_str_eq(b.s, "null");
	render_buf_free(&b);
	page_html_text(&b, "<a href=\"x\">&</a>");
	ck_assert_str_eq(b.s, "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
	render_buf_free(&b);
}
END_TEST

Suite *page_suite(void)
{
	Suite *s = suite_create("page");
	TCase *tc = tcase_create("page");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_replay);
	tcase_add_test(tc, test_minis_cells);
	tcase_add_test(tc, test_json_string);
	tcase_add_test(tc, test_results);
	tcase_add_test(tc, test_step_marks);
	tcase_add_test(tc, test_cards_table);
	tcase_add_test(tc, test_dwarf_extent);
	suite_add_tcase(s, tc);
	return s;
}
