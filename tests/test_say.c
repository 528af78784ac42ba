/* test_say.c: text written into fixed buffers: reasons, and lines built
 * piece by piece that are cut, and say so, where the buffer ends. */
#include <string.h>

#include <check.h>

#include "say.h"
#include "suites.h"

START_TEST(strbuf_builds_a_line)
{
	char s[32];
	sab_strbuf b;

	sab_strbuf_init(&b, s, sizeof s);
	ck_assert_str_eq(s, "");
	ck_assert_int_eq(sab_strbuf_printf(&b, "game %d", 17), 0);
	ck_assert_int_eq(sab_strbuf_put(&b, " bots=", 6), 0);
	ck_assert_int_eq(sab_strbuf_put(&b, "a,bXYZ", 3), 0);
	ck_assert_str_eq(s, "game 17 bots=a,b");
	ck_assert_uint_eq(b.len, strlen(s));
	ck_assert_int_eq(b.cut, 0);
}
END_TEST

/* What does not fit is cut where the array ends, and every later piece,
 * even one that would fit, is left out: the line is not whole. */
START_TEST(strbuf_cuts_and_stays_cut)
{
	char s[8];
	sab_strbuf b;

	sab_strbuf_init(&b, s, sizeof s);
	ck_assert_int_eq(sab_strbuf_printf(&b, "%s", "abcd"), 0);
	ck_assert_int_eq(sab_strbuf_printf(&b, "%d", 12345), -1);
	ck_assert_str_eq(s, "abcd123");
	ck_assert_uint_eq(b.len, 7);
	ck_assert_int_eq(b.cut, 1);
	ck_assert_int_eq(sab_strbuf_put(&b, "", 0), -1);
	ck_assert_str_eq(s, "abcd123");

	sab_strbuf_init(&b, s, sizeof s);
	ck_assert_int_eq(sab_strbuf_put(&b, "abcdefg", 7), 0);
	ck_assert_int_eq(b.cut, 0);
	ck_assert_int_eq(sab_strbuf_put(&b, "h", 1), -1);
	ck_assert_str_eq(s, "abcdefg");
	ck_assert_int_eq(b.cut, 1);

	sab_strbuf_init(&b, s, sizeof s);
	ck_assert_int_eq(sab_strbuf_put(&b, "0123456789", 10), -1);
	ck_assert_str_eq(s, "0123456");
	ck_assert_uint_eq(b.len, 7);
}
END_TEST

/* An array of no bytes holds nothing and is never written. */
START_TEST(strbuf_of_nothing)
{
	char s[1] = { 'x' };
	sab_strbuf b;

	sab_strbuf_init(&b, s, 0);
	ck_assert_int_eq(b.cut, 1);
	ck_assert_int_eq(sab_strbuf_printf(&b, "a"), -1);
	ck_assert_int_eq(sab_strbuf_put(&b, "a", 1), -1);
	ck_assert_int_eq(s[0], 'x');
	sab_strbuf_init(&b, s, 1);
	ck_assert_int_eq(sab_strbuf_printf(&b, "%s", ""), 0);
	ck_assert_int_eq(sab_strbuf_printf(&b, "a"), -1);
	ck_assert_str_eq(s, "");
}
END_TEST

START_TEST(say_and_fail_cut_short)
{
	char why[6];

	sab_say(why, sizeof why, "seat %d has no %s", 3, "pickaxe");
	ck_assert_str_eq(why, "seat ");
	sab_say(NULL, 0, "nothing");
	ck_assert_int_eq(sab_fail(why, sizeof why, "%s", "bad"), -1);
	ck_assert_str_eq(why, "bad");
	ck_assert_int_eq(sab_fail(NULL, 0, "%s", "bad"), -1);
}
END_TEST

Suite *say_suite(void)
{
	Suite *s = suite_create("say");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, strbuf_builds_a_line);
	tcase_add_test(tc, strbuf_cuts_and_stays_cut);
	tcase_add_test(tc, strbuf_of_nothing);
	tcase_add_test(tc, say_and_fail_cut_short);
	suite_add_tcase(s, tc);
	return s;
}
