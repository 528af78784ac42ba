/* test_tconfig.c: tournament files: every key read, defaults, the
 * fingerprint, and every bad fixture failing with its expected message. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "cli.h"
#include "config.h"
#include "suites.h"
#include "tconfig.h"
#include "tmpdir.h"

static char err[512];

static void fixture(char *buf, size_t len, const char *name)
{
	ck_assert_int_lt(snprintf(buf, len, "%s/tournaments/%s", fixtures_dir(),
	    name), (int)len);
}

/* Writes text to DIR/name and returns the path in buf. */
static void write_file(const char *dir, const char *name, const char *text,
    char *buf, size_t len)
{
	FILE *f;

	tmpdir_path(dir, buf, len, name);
	f = fopen(buf, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(every_key_is_read)
{
	char path[512];
	tconfig c;

	fixture(path, sizeof path, "good.yaml");
	ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == 0, "%s", err);
	ck_assert_str_eq(c.source, path);
	ck_assert_str_eq(c.name, "club ladder");
	ck_assert_str_eq(c.ruleset, "classic");
	ck_assert_int_eq(c.players, 4);
	ck_assert(c.seed == UINT64_MAX);
	ck_assert_int_eq(c.kind, TCONFIG_ROUND_ROBIN);
	ck_assert_int_eq(c.rounds, 2);
	ck_assert_int_eq(c.games, 0);
	ck_assert_int_eq(c.challenger, -1);
	ck_assert_int_eq(c.move_ms, 250);
	ck_assert_int_eq(c.bank_ms, 3000);
	ck_assert_int_eq(c.handshake_ms, 20000);
	ck_assert_int_eq(c.grace_ms, 25);
	ck_assert_int_eq(c.tries, 2);
	ck_assert_int_eq(c.max_line, 1024);
	ck_assert_int_eq(c.max_output, 8192);
	ck_assert_int_eq(c.disqualify_after, 4);
	ck_assert_int_eq(c.concurrency, 3);
	ck_assert_str_eq(c.output, "results/ladder");
	ck_assert_int_eq(c.nbots, 5);
	ck_assert_str_eq(c.bots[0].cb.name, "heuristic");
	ck_assert_str_eq(c.bots[0].cb.command, "build/examples/heuristic-bot");
	ck_assert_ptr_null(c.bots[0].cb.cwd);
	ck_assert_ptr_null(c.bots[0].cb.env[0]);
	ck_assert_str_eq(c.bots[1].cb.env[0], "BOT_SEED=42");
	ck_assert_str_eq(c.bots[1].cb.env[1], "LANG=C");
	ck_assert_ptr_null(c.bots[1].cb.env[2]);
	ck_assert_str_eq(c.bots[2].cb.command, "python3 random_bot.py --quiet");
	ck_assert_str_eq(c.bots[2].cb.cwd, "examples/python");
	/* Per-bot limits override time; the others inherit it. */
	ck_assert_int_eq(c.bots[2].move_ms, 2000);
	ck_assert_int_eq(c.bots[2].bank_ms, 0);
	ck_assert_int_eq(c.bots[0].move_ms, 250);
	ck_assert_int_eq(c.bots[0].bank_ms, 3000);
	ck_assert_int_eq(c.bots[2].at.line, 28);
	ck_assert_int_eq(c.bots[2].at.column, 5);
	ck_assert_int_eq(c.players_at.line, 5);
	ck_assert_int_eq(c.players_at.column, 10);
	ck_assert_int_eq(tconfig_find(&c, "js.v2"), 3);
	ck_assert_int_eq(tconfig_find(&c, "seeded_random-1"), 4);
	ck_assert_int_eq(tconfig_find(&c, "nobody"), -1);
	tconfig_free(&c);
	tconfig_free(&c);      /* a freed tconfig is zeroed: fine again */
}
END_TEST

START_TEST(defaults_fill_the_rest)
{
	char path[512];
	tconfig c;

	fixture(path, sizeof path, "good-minimal.yaml");
	ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == 0, "%s", err);
	ck_assert_str_eq(c.name, "good-minimal");
	ck_assert_str_eq(c.ruleset, "base");
	ck_assert_int_eq(c.players, 3);
	ck_assert(c.seed == 1);
	ck_assert_int_eq(c.kind, TCONFIG_ROUND_ROBIN);
	ck_assert_int_eq(c.rounds, 1);
	ck_assert_int_eq(c.games, 0);
	ck_assert_int_eq(c.move_ms, 1000);
	ck_assert_int_eq(c.bank_ms, 10000);
	ck_assert_int_eq(c.handshake_ms, 10000);
	ck_assert_int_eq(c.grace_ms, 50);
	ck_assert_int_eq(c.tries, 3);
	ck_assert_int_eq(c.max_line, 4096);
	ck_assert_int_eq(c.max_output, 65536);
	ck_assert_int_eq(c.disqualify_after, 10);
	ck_assert_int_eq(c.concurrency, 0);
	ck_assert_str_eq(c.output, "good-minimal-results");
	ck_assert_int_eq(c.bots[2].move_ms, 1000);
	ck_assert_int_eq(c.bots[2].bank_ms, 10000);
	tconfig_free(&c);
}
END_TEST

START_TEST(gauntlet_names_its_challenger)
{
	char path[512];
	tconfig c;

	fixture(path, sizeof path, "good-gauntlet.yaml");
	ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(c.kind, TCONFIG_GAUNTLET);
	ck_assert_int_eq(c.challenger, 1);
	ck_assert_int_eq(c.games, 100);
	ck_assert_int_eq(c.rounds, 0);
	tconfig_free(&c);
}
END_TEST

START_TEST(ruleset_decides_the_players)
{
	char path[512];
	tconfig c;
	sab_ruleset rs;

	fixture(path, sizeof path, "good-minimal.yaml");
	ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == 0, "%s", err);
	memset(&rs, 0, sizeof rs);
	snprintf(rs.name, sizeof rs.name, "base");
	rs.min_players = 3;
	rs.max_players = 10;
	ck_assert_int_eq(tconfig_check_ruleset(&c, &rs, err, sizeof err), 0);
	rs.min_players = 4;
	ck_assert_int_eq(tconfig_check_ruleset(&c, &rs, err, sizeof err), -1);
	ck_assert(strstr(err, ":2:10: players: 3 is out of range for ruleset "
	    "base (4 to 10 players)") != NULL);
	tconfig_free(&c);
}
END_TEST

START_TEST(unreadable_file_is_named)
{
	tconfig c;

	ck_assert_int_eq(tconfig_load("/nonexistent/t.yaml", &c, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "/nonexistent/t.yaml: cannot read: No such file "
	    "or directory");
	tconfig_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad files: each fails with the message on its "# expect:" line. */

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bad-*.yaml fixtures, sorted; returns how many. */
static int bad_files(char **names, int max)
{
	char dir[512];
	DIR *d;
	struct dirent *e;
	int n = 0;

	fixture(dir, sizeof dir, "");
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL) {
		size_t k = strlen(e->d_name);
		if (strncmp(e->d_name, "bad-", 4) != 0 || k < 5 ||
		    strcmp(e->d_name + k - 5, ".yaml") != 0)
			continue;
		ck_assert_int_lt(n, max);
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_names);
	return n;
}

/* The text after "# expect: " in the file, without its newline. */
static void expected(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "rb");
	char line[1024];

	ck_assert_ptr_nonnull(f);
	buf[0] = '\0';
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "# expect: ", 10) == 0) {
			line[strcspn(line, "\n")] = '\0';
			ck_assert_int_lt(snprintf(buf, len, "%s", line + 10),
			    (int)len);
			break;
		}
	}
	fclose(f);
	ck_assert_msg(buf[0] != '\0', "%s has no \"# expect:\" line", path);
}

START_TEST(bad_files_fail_with_their_message)
{
	char *names[64], path[512], want[1024], got[1600];
	int n = bad_files(names, 64);

	/* Every kind of mistake the brief lists has a fixture. */
	ck_assert_int_ge(n, 30);
	for (int i = 0; i < n; i++) {
		tconfig c;

		fixture(path, sizeof path, names[i]);
		expected(path, want, sizeof want);
		ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == -1,
		    "%s loaded", names[i]);
		ck_assert_int_lt(snprintf(got, sizeof got, "%s:%s", path, want),
		    (int)sizeof got);
		ck_assert_str_eq(err, got);
		tconfig_free(&c);
		free(names[i]);
	}
}
END_TEST

/* Messages cut to a small buffer still end in a NUL, and never fail
 * differently. */
START_TEST(small_error_buffer_is_safe)
{
	char path[512], small[16];
	tconfig c;

	fixture(path, sizeof path, "bad-unknown-key.yaml");
	ck_assert_int_eq(tconfig_load(path, &c, small, sizeof small), -1);
	ck_assert_int_lt((int)strlen(small), (int)sizeof small);
	tconfig_free(&c);
	ck_assert_int_eq(tconfig_load(path, &c, small, 0), -1);
	tconfig_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The fingerprint */

static const char base_text[] =
    "players: 3\n"
    "seed: 9\n"
    "name: one\n"
    "concurrency: 2\n"
    "output: out1\n"
    "time: {move-ms: 100}\n"
    "bots:\n"
    "  - {name: a, command: ./a, env: {X: \"1\"}}\n"
    "  - {name: b, command: ./b}\n"
    "  - {name: c, command: ./c, move-ms: 100}\n";

/* The same meaning: another layout, comments, key order, another name,
 * concurrency and output, and c's move-ms given explicitly. */
static const char same_text[] =
    "# a comment\n"
    "bots:\n"
    "  - name: a\n"
    "    env:\n"
    "      X: '1'\n"
    "    command: \"./a\"\n"
    "  - {command: ./b, name: b}\n"
    "  - {name: c, command: ./c}\n"
    "time:\n"
    "  move-ms: 100\n"
    "seed: 9\n"
    "players: 3\n"
    "name: two\n"
    "concurrency: 8\n"
    "output: elsewhere\n";

static uint64_t hash_of(const char *dir, const char *name, const char *text)
{
	char path[512];
	tconfig c;
	uint64_t h;

	write_file(dir, name, text, path, sizeof path);
	ck_assert_msg(tconfig_load(path, &c, err, sizeof err) == 0, "%s: %s",
	    name, err);
	h = tconfig_hash(&c);
	tconfig_free(&c);
	return h;
}

/* base_text with one substring replaced. */
/* The hash of text with its first from replaced by to. */
static uint64_t hash_replaced(const char *dir, const char *text,
    const char *from, const char *to)
{
	char out[1024];
	const char *at = strstr(text, from);

	ck_assert_ptr_nonnull(at);
	snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to,
	    at + strlen(from));
	return hash_of(dir, "changed.yaml", out);
}

static uint64_t hash_changed(const char *dir, const char *from,
    const char *to)
{
	return hash_replaced(dir, base_text, from, to);
}

START_TEST(hash_follows_the_meaning)
{
	char dir[256];
	uint64_t h;

	tmpdir_make(dir, sizeof dir, "tconfig");
	h = hash_of(dir, "base.yaml", base_text);
	ck_assert(h == hash_of(dir, "same.yaml", same_text));
	/* Anything that changes results changes the hash. */
	ck_assert(h != hash_changed(dir, "seed: 9", "seed: 10"));
	ck_assert(h != hash_changed(dir, "players: 3", "players: 2"));
	ck_assert(h != hash_changed(dir, "./b}", "./b2}"));
	ck_assert(h != hash_changed(dir, "X: \"1\"", "X: \"2\""));
	ck_assert(h != hash_changed(dir, "move-ms: 100}\n",
	    "move-ms: 101}\n"));
	ck_assert(h != hash_changed(dir, "c, move-ms: 100", "c, move-ms: 99"));
	ck_assert(h != hash_changed(dir, "players: 3\n",
	    "players: 3\nruleset: classic\n"));
	ck_assert(h != hash_changed(dir, "players: 3\n",
	    "players: 3\nschedule: {rounds: 2}\n"));
	ck_assert(h != hash_changed(dir, "players: 3\n",
	    "players: 3\nfailures: {tries: 1}\n"));
	/* The order of the bots is part of the schedule. */
	ck_assert(h != hash_changed(dir,
	    "  - {name: b, command: ./b}\n  - {name: c, command: ./c, "
	    "move-ms: 100}\n", "  - {name: c, command: ./c, move-ms: 100}\n"
	    "  - {name: b, command: ./b}\n"));
	/* rounds: 1 is the default: saying it changes nothing. */
	ck_assert(h == hash_changed(dir, "players: 3\n",
	    "players: 3\nschedule: {kind: round-robin, rounds: 1}\n"));
	/* Duplicate deals change every deal; off, the hash is as before. */
	ck_assert(h != hash_changed(dir, "players: 3\n",
	    "players: 3\nschedule: {duplicate: true}\n"));
	ck_assert(h == hash_changed(dir, "players: 3\n",
	    "players: 3\nschedule: {duplicate: false}\n"));
	/* The sequential test says when to stop, not what a game is. */
	uint64_t g = hash_changed(dir, "players: 3\n", "players: 3\nschedule: "
	    "{kind: gauntlet, challenger: b}\n");
	ck_assert(g == hash_changed(dir, "players: 3\n", "players: 3\n"
	    "schedule: {kind: gauntlet, challenger: b, sequential: {margin: "
	    "0.5, alpha: 0.01}}\n"));
	/* Network settings: only the allowance changes what a game is, and
	 * only when an entry is a network seat; without one, the file has
	 * the hash it had before network entries existed. */
	ck_assert(h == hash_changed(dir, "players: 3\n",
	    "players: 3\nnetwork: {net-ms: 5, connect-ms: 9, address: '::1'}\n"));
	char net_text[sizeof base_text + 16];
	const char *b = strstr(base_text, "./b}");
	snprintf(net_text, sizeof net_text, "%.*slisten:7001}%s",
	    (int)(b - base_text), base_text, b + 4);
	uint64_t n = hash_of(dir, "net.yaml", net_text);
	ck_assert(n != h);
	ck_assert(n == hash_replaced(dir, net_text, "players: 3\n", "players: "
	    "3\nnetwork: {net-ms: 100, connect-ms: 9, address: '::1'}\n"));
	ck_assert(n != hash_replaced(dir, net_text, "players: 3\n",
	    "players: 3\nnetwork: {net-ms: 99}\n"));
	tmpdir_remove(dir);
}
END_TEST

/* ------------------------------------------------------------------ */
/* A bot's environment: one parser for tournament files and --config */

/* env: {...} at its limits: 16 variables, a name of 64 characters, a
 * value of 4096 bytes, an empty value. */
static void env_at_limits(char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "{A%063d: \"\", LONG: ", 0);

	for (int i = 0; i < 4096; i++)
		buf[o++] = 'v';
	for (int i = 2; i < 16; i++)
		o += (size_t)snprintf(buf + o, len - o, ", V%d: '%d'", i, i);
	ck_assert_uint_lt(o + 2, len);
	memcpy(buf + o, "}", 2);
}

START_TEST(env_reads_alike_in_both_files)
{
	static char env[8192], ttext[9000], ctext[9000];
	tconfig t;
	config c;

	env_at_limits(env, sizeof env);
	snprintf(ttext, sizeof ttext, "players: 2\nbots:\n  - name: a\n"
	    "    command: ./a\n    env: %s\n  - {name: b, command: ./b}\n",
	    env);
	snprintf(ctext, sizeof ctext, "bots:\n  a:\n    command: ./a\n"
	    "    env: %s\n", env);
	ck_assert_msg(tconfig_parse(&t, ttext, strlen(ttext), "t.yaml", err,
	    sizeof err) == 0, "%s", err);
	ck_assert_msg(config_parse(&c, ctext, strlen(ctext), "c.yaml", err,
	    sizeof err) == 0, "%s", err);
	for (int i = 0; i <= CONFIG_MAX_ENV; i++) {
		const char *a = t.bots[0].cb.env[i], *b = c.bots[0].env[i];

		ck_assert_int_eq(a == NULL, i == CONFIG_MAX_ENV);
		ck_assert_int_eq(b == NULL, i == CONFIG_MAX_ENV);
		if (a != NULL)
			ck_assert_str_eq(a, b);
	}
	ck_assert_uint_eq(strlen(t.bots[0].cb.env[0]), 65);
	ck_assert_str_eq(t.bots[0].cb.env[0] + 64, "=");
	ck_assert_uint_eq(strlen(t.bots[0].cb.env[1]), 5 + 4096);
	ck_assert_str_eq(t.bots[0].cb.env[15], "V15=15");
	tconfig_free(&t);
	config_free(&c);
}
END_TEST

/* "copies: N" makes N bots of one entry, NAME-1 to NAME-N, each with its
 * own copy of the command, folder and environment. */
START_TEST(copies_number_the_bots)
{
	static const char text[] = "players: 5\nbots:\n"
	    "  - {name: h, command: ./h --x, cwd: d, env: {A: \"1\"}, "
	    "copies: 3, move-ms: 700}\n"
	    "  - {name: r, command: ./r}\n"
	    "  - {name: s, command: ./s, copies: 1}\n";
	tconfig t;

	ck_assert_msg(tconfig_parse(&t, text, strlen(text), "t.yaml", err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(t.nbots, 5);
	ck_assert_str_eq(t.bots[0].cb.name, "h-1");
	ck_assert_str_eq(t.bots[1].cb.name, "h-2");
	ck_assert_str_eq(t.bots[2].cb.name, "h-3");
	ck_assert_str_eq(t.bots[3].cb.name, "r");
	ck_assert_str_eq(t.bots[4].cb.name, "s");
	for (int i = 0; i < 3; i++) {
		ck_assert_str_eq(t.bots[i].cb.command, "./h --x");
		ck_assert_str_eq(t.bots[i].cb.cwd, "d");
		ck_assert_str_eq(t.bots[i].cb.env[0], "A=1");
		ck_assert_ptr_null(t.bots[i].cb.env[1]);
		ck_assert_int_eq(t.bots[i].move_ms, 700);
		/* Each its own strings: freed once each. */
		ck_assert_ptr_ne(t.bots[i].cb.command,
		    t.bots[(i + 1) % 3].cb.command);
	}
	tconfig_free(&t);
}
END_TEST

/* Each refusal of configs/bad-env-*.yaml is the one of the tournament
 * file of the same name: the same words after the place. */
START_TEST(env_refusals_are_the_same)
{
	static const char *const cases[] = { "too-many", "name-equals",
		"name-digit", "name-empty", "name-long", "name-list", "home",
		"tmpdir", "twice", "value-list", "value-nul", "value-long" };
	char path[512], cerr[512];
	tconfig t;
	config c;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *text;
		size_t len;
		const char *a, *b;

		snprintf(path, sizeof path, "%s/tournaments/bad-env-%s.yaml",
		    fixtures_dir(), cases[i]);
		ck_assert_int_eq(tconfig_load(path, &t, err, sizeof err), -1);
		tconfig_free(&t);
		snprintf(path, sizeof path, "%s/configs/bad-env-%s.yaml",
		    fixtures_dir(), cases[i]);
		text = cli_read_file(path, &len);
		ck_assert_ptr_nonnull(text);
		ck_assert_int_eq(config_parse(&c, text, len, path, cerr,
		    sizeof cerr), -1);
		config_free(&c);
		free(text);
		/* After "bots[0].env" and "bots.a.env". */
		a = strstr(err, ".env");
		b = strstr(cerr, ".env");
		ck_assert_msg(a != NULL && b != NULL && strcmp(a, b) == 0,
		    "%s: \"%s\" and \"%s\"", cases[i], err, cerr);
	}
}
END_TEST

Suite *tconfig_suite(void)
{
	Suite *s = suite_create("tconfig");
	TCase *tc = tcase_create("files");

	tcase_add_test(tc, every_key_is_read);
	tcase_add_test(tc, defaults_fill_the_rest);
	tcase_add_test(tc, gauntlet_names_its_challenger);
	tcase_add_test(tc, ruleset_decides_the_players);
	tcase_add_test(tc, unreadable_file_is_named);
	tcase_add_test(tc, bad_files_fail_with_their_message);
	tcase_add_test(tc, small_error_buffer_is_safe);
	tcase_add_test(tc, hash_follows_the_meaning);
	tcase_add_test(tc, env_reads_alike_in_both_files);
	tcase_add_test(tc, env_refusals_are_the_same);
	tcase_add_test(tc, copies_number_the_bots);
	suite_add_tcase(s, tc);
	return s;
}
