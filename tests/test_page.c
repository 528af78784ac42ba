/* test_page.c: the game page's data (saboteur html) for every committed
 * replay, every perspective at once and each alone: well formed, nothing
 * in it that can end its script element, and a perspective's page without
 * another seat's hand.  Built with the sanitizers too, so the page
 * writer's tables are checked for leaks and overruns. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

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

START_TEST(test_every_replay)
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
		render_buf all, pub;
		int rc;
		if (strstr(e->d_name, ".sabr.gz") == NULL ||
		    strstr(e->d_name, "big12") != NULL)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		L = viewer_replay_read(path, NULL, err, sizeof err, &rc);
		ck_assert_msg(L != NULL, "%s", err);
		build(L, PAGE_EVERY, &all);
		build(L, VIEW_PUBLIC, &pub);
		/* The page of one perspective holds one, and is smaller. */
		ck_assert_msg(strstr(pub.s, "\"id\":\"all\"") == NULL,
		    "%s: the public page holds the full view", e->d_name);
		ck_assert_msg(strstr(all.s, "\"id\":\"all\"") != NULL, "%s",
		    e->d_name);
		ck_assert(pub.len < all.len);
		/* Goals face down are never known to the public. */
		ck_assert_msg(strstr(pub.s, "\"back;0;0;known-") == NULL,
		    "%s: the public page knows a goal face down", e->d_name);
		render_buf_free(&all);
		render_buf_free(&pub);
		viewer_replay_free(L);
		n++;
	}
	closedir(D);
	ck_assert_int_ge(n, 10);
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
	tcase_add_test(tc, test_json_string);
	suite_add_tcase(s, tc);
	return s;
}
