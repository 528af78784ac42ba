/* test_bot.c: what the referee keeps of a bot's refused replies for the
 * match's summary: the first one only, escaped, cut to fit; and a bot's
 * notes, handed to the caller (the match runner keeps them in the replay)
 * instead of swallowed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "bot.h"
#include "suites.h"

START_TEST(the_first_refusal_is_kept)
{
	static bot b;

	bot_note_refusal(&b, "debug: thinking", 15, "unknown message \"debug:\"");
	bot_note_refusal(&b, "play x", 6, "later");
	ck_assert_str_eq(b.refused, "debug: thinking");
	ck_assert_str_eq(b.refused_why, "unknown message \"debug:\"");
}
END_TEST

START_TEST(control_bytes_and_nul_are_escaped)
{
	static bot b;
	static const char line[] = "play \x1b[31mred\x07\r\0 1 1 0";

	bot_note_refusal(&b, line, sizeof line - 1, "why \x1b");
	ck_assert_str_eq(b.refused, "play \\x1b[31mred\\x07\\x0d\\x00 1 1 0");
	ck_assert_str_eq(b.refused_why, "why \\x1b");
}
END_TEST

/* A long line is cut, never inside an escape, and says so with "...". */
START_TEST(a_long_line_is_cut)
{
	static bot b, c;
	char line[300];

	memset(line, 'x', sizeof line);
	bot_note_refusal(&b, line, sizeof line, "too long");
	ck_assert_uint_eq(strlen(b.refused), sizeof b.refused - 1);
	ck_assert_str_eq(b.refused + sizeof b.refused - 4, "...");
	memset(line, '\x01', sizeof line);
	bot_note_refusal(&c, line, sizeof line, "");
	size_t n = strlen(c.refused);
	ck_assert_uint_le(n, sizeof c.refused - 1);
	ck_assert_str_eq(c.refused + n - 3, "...");
	/* Whole escapes only: "\x01" repeated, then the dots. */
	ck_assert_uint_eq((n - 3) % 4, 0);
	for (size_t i = 0; i + 3 < n; i += 4)
		ck_assert_int_eq(memcmp(c.refused + i, "\\x01", 4), 0);
	ck_assert_str_eq(c.refused_why, "refused");
}
END_TEST

/* A real process: notes among its replies and among the lines nobody
 * asked for come back to the caller; the transcript has every line. */
START_TEST(notes_go_back_to_the_caller)
{
	static bot b;
	char *argv[] = { "/bin/sh", "-c", "printf 'note one\\nplay x\\n'; "
	    "read go; printf 'late\\nnote two\\nlater\\n'; read end", NULL };
	proc_spec spec = { .argv = argv, .max_line = 100 };
	char err[256], *line, *text = NULL;
	size_t len, tlen = 0;
	int64_t t, deadline;
	proc *set[1] = { &b.p };

	ck_assert_int_eq(proc_signals_init(), 0);
	b.transcript = open_memstream(&text, &tlen);
	ck_assert_ptr_nonnull(b.transcript);
	b.command = "sh";
	snprintf(b.label, sizeof b.label, "1:sh");
	ck_assert_msg(bot_start(&b, &spec, err, sizeof err) == 0, "%s", err);
	/* Generous: a slow machine only makes the test slower. */
	deadline = proc_now() + 60 * 1000000000LL;
	ck_assert_int_eq(bot_reply(&b, set, 1, deadline, 0, &line, &len, &t,
	    "a test"), BOT_REPLY_NOTE);
	ck_assert_str_eq(line, "note one");
	free(line);
	ck_assert_int_eq(bot_reply(&b, set, 1, deadline, 0, &line, &len, &t,
	    "a test"), BOT_REPLY_LINE);
	ck_assert_str_eq(line, "play x");
	free(line);
	bot_send(&b, "go", 2);
	/* The three lines come in one write (printf): one queued, all are. */
	ck_assert_int_eq(proc_wait(set, 1, &b.p, deadline, 0), PROC_EV_LINE);
	ck_assert_int_eq(bot_drop_stale(&b, &line, &len), 1);
	ck_assert_str_eq(line, "note two");
	ck_assert_uint_eq(len, 8);
	free(line);
	ck_assert_int_eq(bot_drop_stale(&b, &line, &len), 0);
	ck_assert_ptr_null(line);
	ck_assert_int_eq(b.notes, 2);
	ck_assert_int_eq(b.status, BOT_OK);
	proc_stop_all(set, 1, 1000000000LL);
	proc_free(&b.p);
	ck_assert_int_eq(fclose(b.transcript), 0);
	ck_assert_msg(strstr(text, "1:sh -> note one\n") &&
	    strstr(text, "1:sh -> play x\n") &&
	    strstr(text, "1:sh <- go\n") &&
	    strstr(text, "1:sh -> (dropped, unasked) late\n") &&
	    strstr(text, "1:sh -> note two\n") &&
	    strstr(text, "1:sh -> (dropped, unasked) later\n"), "%s", text);
	free(text);
}
END_TEST

Suite *bot_suite(void)
{
	Suite *s = suite_create("bot");
	TCase *tc = tcase_create("bot");

	tcase_add_test(tc, the_first_refusal_is_kept);
	tcase_add_test(tc, control_bytes_and_nul_are_escaped);
	tcase_add_test(tc, a_long_line_is_cut);
	tcase_add_test(tc, notes_go_back_to_the_caller);
	suite_add_tcase(s, tc);
	return s;
}
