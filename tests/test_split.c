/* test_split.c: BOT arguments split into words like a shell would. */
#include <string.h>

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

/* The label split_program() gives the command s. */
static void named(const char *s, const char *want)
{
	char **w = split_command(s, err, sizeof err);

	ck_assert_msg(w != NULL, "%s: %s", s, err);
	ck_assert_msg(strcmp(split_program(w), want) == 0,
	    "%s: named \"%s\", want \"%s\"", s, split_program(w), want);
	split_free(w);
}

START_TEST(bots_are_named_after_their_program)
{
	named("./bot", "bot");
	named("/opt/bots/heuristic-bot --depth 3", "heuristic-bot");
	named("build/examples/random-bot", "random-bot");
	/* env, its options and its NAME=VALUE words are not the bot. */
	named("env VAR=V ./bot", "bot");
	named("env -i A=1 B=2 /usr/bin/python3 -u bots/mine.py", "mine.py");
	named("/usr/bin/env -u HOME -C /tmp -- node bot.js", "bot.js");
	named("env --unset=X SEED=1 env Y=2 ./deep", "deep");
	named("env", "env");
	named("env A=1", "env");
	named("env -u", "env");
	/* Interpreters: the script, module or jar they run. */
	named("python3 examples/python/random_bot.py", "random_bot.py");
	named("python3 -u -W ignore bots/x.py --fast", "x.py");
	named("python3.12 -X dev bot.py", "bot.py");
	named("pypy3 bot.py", "bot.py");
	named("python3 -m saboteur_bot.random", "saboteur_bot.random");
	named("python3 -c 'print(1)'", "python3");
	named("python3", "python3");
	named("node --require ./x.js bots/bot.js", "bot.js");
	named("node -e 'x()'", "node");
	named("java -Xmx256m -jar target/bot.jar", "bot.jar");
	named("java -cp build/classes Main", "Main");
	named("java --class-path lib:. -ea course.Bot arg", "course.Bot");
	named("sh -o errexit ./run.sh", "run.sh");
	named("bash -c 'exec ./bot'", "bash");
	named("perl -w bot.pl", "bot.pl");
	named("ruby -I lib bot.rb", "bot.rb");
	/* Names that only start like an interpreter's are programs. */
	named("./shellbot x.py", "shellbot");
	named("python3-config x.py", "python3-config");
	named("./javabot", "javabot");
}
END_TEST

Suite *split_suite(void)
{
	Suite *s = suite_create("split");
	TCase *tc = tcase_create("commands");

	tcase_add_test(tc, words_and_quotes);
	tcase_add_test(tc, mistakes_are_named);
	tcase_add_test(tc, bots_are_named_after_their_program);
	suite_add_tcase(s, tc);
	return s;
}
