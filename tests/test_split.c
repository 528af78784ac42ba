/* test_split.c: BOT arguments split into words like a shell would. */
#include <check.h>

#include "split.h"
#include "suites.h"

static char err[128];

/* Splits s and checks the words against want (NULL-terminated). */
static void expect(const char *s, const char *const *want)
{
	char **w = split_command(s, err, sizeof err);
	int i;

	ck_assert_msg(w != NULL, "%s: %s", s, err);
	for (i = 0; want[i]; i++) {
		ck_assert_ptr_nonnull(w[i]);
		ck_assert_str_eq(w[i], want[i]);
	}
	ck_assert_ptr_null(w[i]);
	split_free(w);
}

START_TEST(words_and_quotes)
{
	expect("./bot", (const char *const[]){ "./bot", NULL });
	expect("  python3   bots/my bot.py  ",
	    (const char *const[]){ "python3", "bots/my", "bot.py", NULL });
	expect("python3 'bots/my bot.py' --depth=3",
	    (const char *const[]){ "python3", "bots/my bot.py", "--depth=3",
	    NULL });
	expect("sh -c \"echo \\\"hi\\\" \\$HOME\"",
	    (const char *const[]){ "sh", "-c", "echo \"hi\" $HOME", NULL });
	expect("a\\ b c''d \"\"",
	    (const char *const[]){ "a b", "cd", "", NULL });
	/* No shell: these are plain characters. */
	expect("bot >out | x *",
	    (const char *const[]){ "bot", ">out", "|", "x", "*", NULL });
}
END_TEST

START_TEST(mistakes_are_named)
{
	ck_assert_ptr_null(split_command("bot 'open", err, sizeof err));
	ck_assert_str_eq(err, "a quote is not closed");
	ck_assert_ptr_null(split_command("bot \"open", err, sizeof err));
	ck_assert_str_eq(err, "a quote is not closed");
	ck_assert_ptr_null(split_command("bot \\", err, sizeof err));
	ck_assert_str_eq(err, "a backslash ends the command");
	ck_assert_ptr_null(split_command("   ", err, sizeof err));
	ck_assert_str_eq(err, "the command is empty");
	split_free(NULL);
}
END_TEST

Suite *split_suite(void)
{
	Suite *s = suite_create("split");
	TCase *tc = tcase_create("commands");

	tcase_add_test(tc, words_and_quotes);
	tcase_add_test(tc, mistakes_are_named);
	suite_add_tcase(s, tc);
	return s;
}
