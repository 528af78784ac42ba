/* cmd_play.c: "saboteur play" runs a match between bot programs and prints
 * what happened. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "config.h"
#include "match.h"
#include "split.h"

enum {
	O_RULESET, O_SEED, O_GAMES, O_REPLAY, O_LOGDIR, O_MOVE, O_BANK,
	O_HANDSHAKE, O_GRACE, O_TRIES, O_MAXLINE, O_MAXOUT, O_TRANSCRIPTS,
	O_CWD, O_ENV, O_CONFIG, O_QUIET, O_NOPTS
};

typedef struct play_cfg {
	sab_ruleset rs;
	proto_cards pc;
	match_opts mo;
	const char *log_dir;
	const char *cwd;
	char **env;             /* NAME=VALUE words for every bot, or NULL */
	config cfg;             /* named bots from --config */
	int transcripts, quiet;
	size_t max_line;
	char *rules_text;       /* the ruleset file's text, or NULL */
	size_t rules_len;
} play_cfg;

static int number_opt(opt *o, int i, long long lo, long long hi,
    long long *out)
{
	return o[i].value == NULL ? 0 :
	    cli_number("play", o[i].name, o[i].value, lo, hi, out);
}

/* Reads the options into cfg; returns an exit code, EXIT_OK to go on. */
static int configure(opt *o, play_cfg *c)
{
	long long seed = (long long)(time(NULL) & 0x7fffffff), games = 1;
	long long move = 1000, bank = 10000, hs = 10000, grace = 50, tries = 3;
	long long maxline = 4096, maxout = 65536;
	char err[512];

	if (number_opt(o, O_SEED, 0, INT64_MAX, &seed) ||
	    number_opt(o, O_GAMES, 1, 1000000, &games) ||
	    number_opt(o, O_MOVE, 1, 86400000, &move) ||
	    number_opt(o, O_BANK, 0, 86400000, &bank) ||
	    number_opt(o, O_HANDSHAKE, 1, 86400000, &hs) ||
	    number_opt(o, O_GRACE, 0, 60000, &grace) ||
	    number_opt(o, O_TRIES, 1, 100, &tries) ||
	    number_opt(o, O_MAXLINE, 64, 1 << 24, &maxline) ||
	    number_opt(o, O_MAXOUT, 64, 1LL << 32, &maxout))
		return EXIT_USAGE;
	if (cli_load_ruleset_text(o[O_RULESET].value ? o[O_RULESET].value :
	    "base", &c->rs, &c->rules_text, &c->rules_len, err, sizeof err) != 0 ||
	    proto_cards_init(&c->pc, &c->rs, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_CONFIG;
	}
	c->mo = (match_opts){ &c->rs, &c->pc, (uint64_t)seed, (int)games,
	    { hs * 1000000, move * 1000000, bank * 1000000, grace * 1000000 },
	    (int)tries, (uint64_t)maxout, NULL, o[O_REPLAY].value,
	    "saboteur " SAB_VERSION, c->rules_text, c->rules_len };
	if (c->mo.replay != NULL && games > 1 &&
	    strstr(c->mo.replay, "%d") == NULL) {
		fprintf(stderr, "saboteur play: with --games %lld, --replay FILE "
		    "needs %%d in FILE for the game number\n", games);
		return EXIT_USAGE;
	}
	c->log_dir = o[O_LOGDIR].value ? o[O_LOGDIR].value : "saboteur-logs";
	c->cwd = o[O_CWD].value;
	if (o[O_CONFIG].value != NULL) {
		size_t len;
		char *text = cli_read_file(o[O_CONFIG].value, &len);
		if (text == NULL) {
			fprintf(stderr, "saboteur play: %s: cannot read: %s\n",
			    o[O_CONFIG].value, strerror(errno));
			return EXIT_CONFIG;
		}
		int r = config_parse(&c->cfg, text, len, o[O_CONFIG].value, err,
		    sizeof err);
		free(text);
		if (r != 0) {
			fprintf(stderr, "saboteur play: %s\n", err);
			return EXIT_CONFIG;
		}
	}
	if (o[O_ENV].value != NULL) {
		c->env = split_command(o[O_ENV].value, err, sizeof err);
		for (char **e = c->env; e != NULL && *e != NULL; e++)
			if (strchr(*e, '=') == NULL || **e == '=') {
				fprintf(stderr, "saboteur play: --bot-env wants "
				    "NAME=VALUE words, not \"%s\"\n", *e);
				return EXIT_USAGE;
			}
		if (c->env == NULL) {
			fprintf(stderr, "saboteur play: --bot-env: %s\n", err);
			return EXIT_USAGE;
		}
	}
	c->transcripts = o[O_TRANSCRIPTS].value != NULL;
	c->quiet = o[O_QUIET].value != NULL;
	c->max_line = (size_t)maxline;
	return EXIT_OK;
}

/* Interpreters whose first argument names the bot better than they do. */
static int is_interpreter(const char *base)
{
	static const char *const names[] = { "python", "python3", "node",
		"sh", "bash", "dash", "perl", "ruby", "java", "env", NULL };

	for (int i = 0; names[i]; i++)
		if (strcmp(base, names[i]) == 0)
			return 1;
	return 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* "N-name" for the bot's log files: its program, or the script an
 * interpreter runs, made safe for a file name. */
static void file_stem(char *const *argv, int i, char *out, size_t len)
{
	const char *base = base_name(argv[0]);
	char clean[40];
	size_t k = 0;

	if (is_interpreter(base) && argv[1] != NULL && argv[1][0] != '-')
		base = base_name(argv[1]);
	for (; *base && k + 1 < sizeof clean; base++)
		clean[k++] = (strchr("/ \t", *base) == NULL) ? *base : '_';
	clean[k] = '\0';
	/* A name too long for the buffer is cut; the number keeps it unique. */
	if (snprintf(out, len, "%d-%s", i + 1, clean) < 0)
		snprintf(out, len, "%d", i + 1);
}

static int make_dir(const char *dir)
{
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	fprintf(stderr, "saboteur play: cannot create %s: %s\n", dir,
	    strerror(errno));
	return -1;
}

/* The environment of one bot: --bot-env, then its configuration's. */
static char **bot_env(const play_cfg *c, const config_bot *cb, char **buf,
    size_t max)
{
	size_t k = 0;

	for (char **e = c->env; e != NULL && *e != NULL && k + 1 < max; e++)
		buf[k++] = *e;
	for (int i = 0; cb != NULL && cb->env[i] != NULL && k + 1 < max; i++)
		buf[k++] = cb->env[i];
	buf[k] = NULL;
	return k ? buf : NULL;
}

/* Splits and starts every bot; returns an exit code.  A BOT that names a
 * bot of --config runs that bot's command, in its folder, with its
 * environment. */
static int start_bots(play_cfg *c, char **cmds, int n, bot *bots)
{
	char err[256], stem[48], path[4096], *env[64];

	if (make_dir(c->log_dir) != 0)
		return EXIT_CONFIG;
	for (int i = 0; i < n; i++) {
		bot *b = &bots[i];
		const config_bot *cb = config_find(&c->cfg, cmds[i]);
		b->index = i;
		b->command = cb ? cb->command : cmds[i];
		b->argv = split_command(b->command, err, sizeof err);
		if (b->argv == NULL) {
			fprintf(stderr, "saboteur play: bot %d \"%s\": %s\n",
			    i + 1, cmds[i], err);
			return EXIT_USAGE;
		}
	}
	for (int i = 0; i < n; i++) {
		bot *b = &bots[i];
		b->t0 = proc_now();
		file_stem(b->argv, i, stem, sizeof stem);
		snprintf(b->label, sizeof b->label, "%s", stem);
		if (c->transcripts) {
			snprintf(path, sizeof path, "%s/%s.transcript", c->log_dir,
			    stem);
			if ((b->transcript = fopen(path, "w")) == NULL) {
				fprintf(stderr, "saboteur play: %s: %s\n", path,
				    strerror(errno));
				return EXIT_CONFIG;
			}
		}
		snprintf(path, sizeof path, "%s/%s.stderr", c->log_dir, stem);
		const config_bot *cb = config_find(&c->cfg, cmds[i]);
		proc_spec spec = { b->argv, cb && cb->cwd ? cb->cwd : c->cwd,
		    bot_env(c, cb, env, 64), path, c->max_line, 16u << 20 };
		if (bot_start(b, &spec, err, sizeof err) != 0) {
			fprintf(stderr, "saboteur play: %s\n", err);
			return EXIT_INTERNAL;
		}
	}
	return EXIT_OK;
}

/* "N:name" (N counts the BOT arguments from 1), so that two copies of a
 * bot can be told apart. */
static const char *bot_name(const bot *b)
{
	static char buf[4][4 * PROTO_NAME_MAX + 16];
	static int k;
	char *s = buf[k++ % 4], shown[4 * PROTO_NAME_MAX + 1];

	/* Before its handshake a bot is known by its program. */
	const char *stem = strchr(b->label, '-');
	const char *name = b->name[0] ? b->name : stem ? stem + 1 : "?";

	(void)proto_escape(shown, sizeof shown, name, strnlen(name, 32), 0);
	(void)snprintf(s, sizeof buf[0], "%d:%s", b->index + 1, shown);
	return s;
}

static void print_game(const play_cfg *c, const bot *bots, int n,
    const game_result *g, int gi)
{
	printf("game %d (seed %" PRIu64 "%s%s): ", gi + 1, g->seed,
	    g->replay[0] ? ", replay " : "", g->replay);
	for (int s = 0, first = 1; s < n; s++)
		if (g->winners & (1u << s)) {
			printf("%s%s", first ? "won by " : ", ",
			    bot_name(&bots[g->bot_of[s]]));
			first = 0;
		}
	printf("\n  %-4s %-24s %-*s %5s\n", "seat", "bot", 2 * g->rounds + 4,
	    c->rs.has_roles ? "roles" : "", "gold");
	for (int s = 0; s < n; s++) {
		printf("  %-4d %-24s ", s, bot_name(&bots[g->bot_of[s]]));
		for (int k = 0; k < g->rounds; k++)
			printf("%c ", !c->rs.has_roles ? ' ' :
			    g->roles[k][s] == SAB_ROLE_SABOTEUR ? 'S' : 'M');
		printf("   %5d%s%s\n", g->gold[s],
		    g->winners & (1u << s) ? "  *" : "",
		    g->timed_out & (1u << s) ? "  (out of time)" : "");
	}
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void print_summary(const play_cfg *c, const bot *bots, int n,
    const game_result *res, int played, match_cost *cost)
{
	printf("\n%-24s %5s %6s %-13s %9s %8s %7s %8s\n", "bot", "wins",
	    "gold", "status", "time(s)", "max(ms)", "illegal", "defaults");
	for (int i = 0; i < n; i++) {
		const bot *b = &bots[i];
		int wins = 0, gold = 0;
		for (int g = 0; g < played; g++)
			for (int s = 0; s < n; s++)
				if (res[g].bot_of[s] == i) {
					wins += !!(res[g].winners & (1u << s));
					gold += res[g].gold[s];
				}
		printf("%-24s %5d %6d %-13s %9.3f %8.1f %7d %8d\n", bot_name(b),
		    wins, gold, bot_outcome(b),
		    (double)b->used * 1e-9, (double)b->longest * 1e-6,
		    b->illegal, b->defaults);
		if (b->detail[0]) {
			/* Details quote bots, escaped already; this holds for
			 * any that may not. */
			char shown[4 * sizeof b->detail];
			(void)proto_escape(shown, sizeof shown, b->detail,
			    strlen(b->detail), 0);
			printf("  %s: %s\n", bot_name(b), shown);
		}
	}
	int decisions = 0;

	for (int g = 0; g < played; g++)
		decisions += res[g].decisions;
	if (cost->ngaps > 0)
		qsort(cost->gaps, (size_t)cost->ngaps, sizeof *cost->gaps, cmp_i64);
	printf("\nmatch: %d game%s in %.2f s (%.1f games/s), %d decisions, "
	    "%.1f us wall per decision\n", played, played == 1 ? "" : "s",
	    cost->wall_seconds, cost->wall_seconds > 0 ? played /
	    cost->wall_seconds : 0.0, decisions, decisions ?
	    cost->wall_seconds * 1e6 / decisions : 0.0);
	printf("referee: %" PRIu64 " messages, %.2f us CPU per message, "
	    "%.1f us median from a reply to the next request; logs in %s/\n",
	    cost->messages, cost->messages ? cost->cpu_seconds * 1e6 /
	    (double)cost->messages : 0.0, cost->ngaps ?
	    (double)cost->gaps[cost->ngaps / 2] * 1e-3 : 0.0, c->log_dir);
}

int cmd_play(int argc, char **argv)
{
	opt o[O_NOPTS + 1] = { { "ruleset", 1, NULL }, { "seed", 1, NULL },
	    { "games", 1, NULL }, { "replay", 1, NULL }, { "log-dir", 1, NULL },
	    { "move-ms", 1, NULL }, { "bank-ms", 1, NULL },
	    { "handshake-ms", 1, NULL }, { "grace-ms", 1, NULL },
	    { "tries", 1, NULL }, { "max-line", 1, NULL },
	    { "max-output", 1, NULL }, { "transcripts", 0, NULL },
	    { "bot-cwd", 1, NULL }, { "bot-env", 1, NULL }, { "config", 1, NULL },
	    { "quiet", 0, NULL }, { NULL, 0, NULL } };
	char *cmds[SAB_MAX_PLAYERS + 1], err[256];
	static play_cfg c;
	static bot bots[SAB_MAX_PLAYERS];
	match_cost cost = { 0 };
	game_result *res = NULL;
	int n, rc, played = 0;

	n = cli_parse("play", argc, argv, o, cmds, SAB_MAX_PLAYERS + 1);
	if (n < 0)
		return EXIT_USAGE;
	if ((rc = configure(o, &c)) != EXIT_OK)
		return rc;
	if (n < c.rs.min_players || n > c.rs.max_players) {
		fprintf(stderr, "saboteur play: ruleset %s needs %d to %d bots, "
		    "not %d\n", c.rs.name, c.rs.min_players, c.rs.max_players, n);
		return EXIT_USAGE;
	}
	res = calloc((size_t)c.mo.games, sizeof *res);
	if (res == NULL || proc_signals_init() != 0)
		return EXIT_INTERNAL;
	c.mo.progress = c.quiet || c.mo.games == 1 ? NULL : stderr;
	if ((rc = start_bots(&c, cmds, n, bots)) != EXIT_OK) {
		proc *set[SAB_MAX_PLAYERS];
		for (int i = 0; i < n; i++)
			set[i] = &bots[i].p;
		proc_stop_all(set, n, 0);
		free(res);
		return rc;
	}
	rc = match_run(&c.mo, bots, n, res, &played, &cost, err, sizeof err);
	if (!c.quiet)
		for (int g = 0; g < played; g++)
			print_game(&c, bots, n, &res[g], g);
	print_summary(&c, bots, n, res, played, &cost);
	for (int i = 0; i < n; i++) {
		if (bots[i].transcript)
			fclose(bots[i].transcript);
		proc_free(&bots[i].p);
		split_free(bots[i].argv);
	}
	free(cost.gaps);
	free(res);
	split_free(c.env);
	config_free(&c.cfg);
	free(c.rules_text);
	if (rc == MATCH_FAILED) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_INTERNAL;
	}
	return rc == MATCH_INTERRUPTED ? EXIT_INTERRUPTED : EXIT_OK;
}
