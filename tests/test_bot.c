/* test_bot.c: what the referee keeps of a bot's refused replies for the
 * match's summary: the first one only, escaped, cut to fit. */
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

Suite *bot_suite(void)
{
	Suite *s = suite_create("bot");
	TCase *tc = tcase_create("bot");

	tcase_add_test(tc, the_first_refusal_is_kept);
	tcase_add_test(tc, control_bytes_and_nul_are_escaped);
	tcase_add_test(tc, a_long_line_is_cut);
	suite_add_tcase(s, tc);
	return s;
}
