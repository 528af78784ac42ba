/* cmd_play.c: "saboteur play" runs a match between bot programs and prints
 * what happened. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "human.h"
#include "match.h"
#include "net.h"
#include "replay_open.h"
#include "outputs.h"
#include "runnable.h"
#include "split.h"

enum {
	O_RULESET, O_SEED, O_GAMESEED, O_AGAIN, O_GAMES, O_REPLAY, O_LOGDIR, O_MOVE, O_BANK,
	O_HANDSHAKE, O_GRACE, O_TRIES, O_MAXLINE, O_MAXOUT, O_TRANSCRIPTS,
	O_CWD, O_ENV, O_CONFIG, O_QUIET, O_SANDBOX, O_NETWORK, O_WRITABLE,
	O_MEMORY, O_PROCS, O_FILES, O_FSIZE, O_CPU, O_DISK, O_FORCE, O_BOTTIME,
	O_DEBUG, O_AFFINITY, O_DEAL_SEATS, O_TOKENS, O_LISTEN, O_NETMS,
	O_CONNECTMS, O_NOPTS
};

/* The options of "saboteur play": its parser's table and its help. */
static const opt play_opts[O_NOPTS + 1] = {
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_RULESET_HELP },
	[O_SEED] = { .name = "seed", .arg = "N", .help = "the match's seed, "
	    "from which each game's seed comes (default: a random one, "
	    "printed)" },
	[O_GAMESEED] = { .name = "game-seed", .arg = "N", .help = "play the "
	    "one game of this seed (as printed for each game)" },
	[O_AGAIN] = { .name = "again", .arg = "REPLAY", .help = "play "
	    "REPLAY's game again: its ruleset, deal and time control, with "
	    "the BOTs given, else its own" },
	[O_GAMES] = { .name = "games", .arg = "N", .help = "games to play; "
	    "the seats rotate each game (default 1)" },
	[O_REPLAY] = { .name = "replay", .arg = "FILE", .help = "write each "
	    "game's replay; %d in FILE is the game number (%05d pads it)" },
	[O_LOGDIR] = { .name = "log-dir", .arg = "DIR", .help = "the bots' "
	    "stderr logs and transcripts (default saboteur-logs)" },
	[O_MOVE] = { .name = "move-ms", .arg = "MS", .help = "time for each "
	    "decision (default 1000)" },
	[O_BANK] = { .name = "bank-ms", .arg = "MS", .help = "a game's "
	    "extra time, drawn on when a decision takes over --move-ms "
	    "(default 10000)" },
	[O_HANDSHAKE] = { .name = "handshake-ms", .arg = "MS", .help = "time "
	    "to answer the handshake (default 10000)" },
	[O_GRACE] = { .name = "grace-ms", .arg = "MS", .help = "allowance "
	    "for the referee's own delays (default 50)" },
	[O_TRIES] = { .name = "tries", .arg = "N", .help = "replies a bot "
	    "may try at each decision before the default move (default 3)" },
	[O_MAXLINE] = { .name = "max-line", .arg = "BYTES", .help = "longest "
	    "line a bot may write (default 4096)" },
	[O_MAXOUT] = { .name = "max-output", .arg = "BYTES", .help = "most "
	    "a bot may write between two requests (default 65536)" },
	[O_TRANSCRIPTS] = { .name = "transcripts", .help = "log every line "
	    "to and from each bot in the --log-dir folder" },
	[O_CWD] = { .name = "bot-cwd", .arg = "DIR", .help = "the folder "
	    "bots run in (default: this one)" },
	[O_ENV] = { .name = "bot-env", .arg = "'NAME=VALUE ...'",
	    .help = "add these to every bot's environment" },
	[O_CONFIG] = { .name = "config", .arg = "FILE", .help = "a YAML "
	    "file of named bots (command, cwd, env, sandbox)" },
	[O_QUIET] = { .name = "quiet", .help = "print the summary only, not "
	    "each game" },
	[O_SANDBOX] = { .name = "sandbox", .arg = "auto|on|off",
	    .help = CLI_SANDBOX_HELP },
	[O_NETWORK] = { .name = "bot-network", .help = "let sealed bots use "
	    "the network" },
	[O_WRITABLE] = { .name = "bot-writable", .help = "let sealed bots "
	    "write in their own folder" },
	[O_MEMORY] = { .name = "bot-memory", .arg = "MB", .help = "writable "
	    "memory per bot (default 2048; 0 no limit)" },
	[O_PROCS] = { .name = "bot-processes", .arg = "N", .help = "processes "
	    "and threads per bot (default 256; 0 no limit)" },
	[O_FILES] = { .name = "bot-open-files", .arg = "N", .help = "open "
	    "files per bot (default 1024; 0 no limit)" },
	[O_FSIZE] = { .name = "bot-file-size", .arg = "MB", .help = "largest "
	    "file a bot may write (default 64; 0 no limit)" },
	[O_CPU] = { .name = "bot-cpu", .arg = "SECONDS", .help = "CPU time "
	    "per bot for the whole match (default 0: no limit)" },
	[O_DISK] = { .name = "bot-disk", .arg = "MB", .help = "a sealed "
	    "bot's private /tmp, and how much its writable folder may grow "
	    "(default 256; 0 no limit)" },
	[O_FORCE] = { .name = "force", .help = "replace replays an earlier "
	    "run left under the --replay names" },
	[O_BOTTIME] = { .name = "bot-time", .arg = "'N:MOVE[/BANK] ...'",
	    .help = "bot N (counted from 1) gets its own --move-ms and "
	    "--bank-ms" },
	[O_DEBUG] = { .name = "debug", .help = "echo every line to and from "
	    "the bots on stderr, as it goes" },
	[O_AFFINITY] = { .name = "affinity", .arg = "CPUS", .help = "run "
	    "the bots on these CPUs only (such as 0-3,6)" },
	[O_DEAL_SEATS] = { .name = "deal-by-seat", .help = "deal each round "
	    "by seat, as a tournament with duplicate deals does: a seed "
	    "deals each seat the same cards whoever plays" },
	[O_TOKENS] = { .name = "token-file", .arg = "FILE", .help = "write "
	    "each network seat's address and token to FILE (0600)" },
	[O_LISTEN] = { .name = "listen-address", .arg = "ADDR", .help = "the "
	    "address network seats listen on (default 127.0.0.1: this "
	    "machine only)" },
	[O_NETMS] = { .name = "net-ms", .arg = "MS", .help = "taken off "
	    "each reply of a network seat for the network's round trip "
	    "(default 100)" },
	[O_CONNECTMS] = { .name = "connect-ms", .arg = "MS", .help = "how "
	    "long a network seat waits for its bot to connect (default "
	    "300000)" },
	[O_NOPTS] = { .name = NULL }
};

static int cmd_play(int argc, char **argv);

const cli_command cli_play = { .name = "play", .run = cmd_play,
	.summary = "run a match between bot programs", .operands = "BOT...",
	.details = "Each BOT is one argument: a command line, split as a shell would but "
	"run\nwithout one, or the name of a bot in --config.  The ruleset says "
	"how many.\nlisten:PORT (or LOW-HIGH, or auto) is a seat whose bot "
	"connects over TCP\n(saboteur connect); human is a seat played by you "
	"on this terminal.\nBots run sealed off in bwrap under a system-call filter; "
	"memory, processes\nand CPU time hold for each bot's whole process tree "
	"where the machine gives\nthe referee cgroups (v2 delegated to it, or "
	"v1 pids and memory it may write\nin, usually as root), else per "
	"process only, and processes not at all for\nroot.  The summary's last "
	"line says which held the bots; --debug shows\nwhat each bot sees.  "
	"man saboteur, SANDBOX, has the details.\n"
	"Exit status: 0 games played (whatever the bots did), 2 bad "
	"command line\nor a bot that cannot run, 3 bad file or a bot that "
	"cannot be sealed off,\n4 the program's own failure, 5 interrupted.\n",
	.opts = play_opts };

/* The sandbox options and the keys of sandbox_settings_key() they set. */
static const struct { int opt; const char *key; } box_opts[] = {
	{ .opt = O_SANDBOX, .key = "mode" },
	{ .opt = O_NETWORK, .key = "network" },
	{ .opt = O_WRITABLE, .key = "writable" },
	{ .opt = O_MEMORY, .key = "memory-mb" },
	{ .opt = O_PROCS, .key = "processes" },
	{ .opt = O_FILES, .key = "open-files" },
	{ .opt = O_FSIZE, .key = "file-size-mb" },
	{ .opt = O_CPU, .key = "cpu-seconds" },
	{ .opt = O_DISK, .key = "disk-mb" },
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
	int force;              /* --force: replace earlier replays */
	size_t max_line;
	sandbox_settings box;   /* the command line's sandbox options */
	sandbox sb;
	char *rules_text;       /* the ruleset file's text, or NULL */
	size_t rules_len;
	int random_seed;        /* no seed was given: it came from the system */
	replay_file *again;     /* --again's replay, or NULL */
	/* --bot-time, by BOT argument: which of move and bank it sets
	 * (CONFIG_OWN_*), and their values in ms. */
	int own[SAB_MAX_PLAYERS];
	int64_t own_move[SAB_MAX_PLAYERS], own_bank[SAB_MAX_PLAYERS];
	int debug;              /* --debug */
	int pin;                /* --affinity: the bots run on cpus only */
	proc_cpus cpus;
	char **cmds;            /* the BOT arguments, for restarts */
	int starts[SAB_MAX_PLAYERS];    /* times each bot was started */
	struct timespec logs_from;      /* when the first file this run
	                                   made in log_dir was made, on the
	                                   file system's clock */
	/* Network seats (by BOT argument; fd -1 for the others) and a
	 * person's: where they listen, the relay's and picker's program. */
	net_seat net[SAB_MAX_PLAYERS];
	const char *listen_addr;
	const char *token_file;
	int64_t net_ms, connect_ms;
	char self[4096];
	int humans;
	human_table table;
} play_cfg;

static int number_opt(opt *o, int i, long long lo, long long hi,
    long long *out)
{
	return o[i].value == NULL ? 0 :
	    cli_number("play", o[i].name, o[i].value, lo, hi, out);
}

/*
 * The seed and how it is used: --seed (the match's), --game-seed (one
 * game's own), --again (a replay's game), else a random match seed.
 * Returns an exit code, EXIT_OK to go on.
 */
static int choose_seed(opt *o, play_cfg *c, uint64_t *seed, int *one_game)
{
	int given = (o[O_SEED].value != NULL) + (o[O_GAMESEED].value != NULL) +
	    (o[O_AGAIN].value != NULL);
	char err[1024];

	*one_game = 0;
	if (given > 1) {
		fprintf(stderr, "saboteur play: give one of --seed, --game-seed "
		    "and --again\n");
		return EXIT_USAGE;
	}
	if ((o[O_GAMESEED].value != NULL || o[O_AGAIN].value != NULL) &&
	    o[O_GAMES].value != NULL) {
		fprintf(stderr, "saboteur play: --%s plays one game: no --games\n",
		    o[O_AGAIN].value ? "again" : "game-seed");
		return EXIT_USAGE;
	}
	if (o[O_SEED].value != NULL)
		return cli_seed("play", "seed", o[O_SEED].value, seed) ?
		    EXIT_USAGE : EXIT_OK;
	if (o[O_GAMESEED].value != NULL) {
		*one_game = 1;
		return cli_seed("play", "game-seed", o[O_GAMESEED].value, seed) ?
		    EXIT_USAGE : EXIT_OK;
	}
	if (o[O_AGAIN].value == NULL) {
		*seed = cli_random_seed();
		c->random_seed = 1;
		return EXIT_OK;
	}
	c->again = replay_read(o[O_AGAIN].value, err, sizeof err);
	if (c->again == NULL) {
		fprintf(stderr, "saboteur play: --again: %s\n", err);
		return EXIT_CONFIG;
	}
	*seed = c->again->seed;
	*one_game = c->again->game;
	return EXIT_OK;
}

/* The ruleset: --again's replay's (--ruleset may give its file), else
 * --ruleset's, else base.  Returns an exit code. */
static int load_rules(opt *o, play_cfg *c)
{
	const char *given = o[O_RULESET].value;
	char err[1024];

	if (c->again != NULL) {
		if (replay_open_ruleset(c->again, given, &c->rs, err,
		    sizeof err) != 0) {
			fprintf(stderr, "saboteur play: %s: %s\n",
			    o[O_AGAIN].value, err);
			return EXIT_CONFIG;
		}
		/* The same rules as the replay's: carried again when it
		 * carried them. */
		if (c->again->rules != NULL) {
			c->rules_text = malloc(c->again->rules_len + 1);
			if (c->rules_text == NULL)
				return EXIT_INTERNAL;
			memcpy(c->rules_text, c->again->rules,
			    c->again->rules_len + 1);
			c->rules_len = c->again->rules_len;
		}
	} else if (cli_load_ruleset_text(given ? given : "base", &c->rs,
	    &c->rules_text, &c->rules_len, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_CONFIG;
	}
	if (proto_cards_init(&c->pc, &c->rs, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_CONFIG;
	}
	return EXIT_OK;
}

/*
 * Reads --bot-time: words "N:MOVE" or "N:MOVE/BANK" (N the BOT argument,
 * from 1; MOVE from 1 and BANK from 0 ms, as --move-ms and --bank-ms).
 * Whether N names a bot is checked once the bots are counted.  Returns 0,
 * or -1 after saying what is wrong.
 */
static int bot_times(const char *arg, play_cfg *c)
{
	const char *p = arg;

	while (*p != '\0') {
		char *end;
		long long n, move, bank = -1;
		size_t len = strcspn(p, " ");

		if (len == 0) {
			p++;
			continue;
		}
		n = strtoll(p, &end, 10);
		if (end == p || *end != ':' || n < 1 || n > SAB_MAX_PLAYERS ||
		    *p == '-' || *p == '+')
			goto bad;
		p = end + 1;
		move = strtoll(p, &end, 10);
		if (end == p || *p == '-' || *p == '+' || move < 1 ||
		    move > 86400000)
			goto bad;
		p = end;
		if (*p == '/') {
			bank = strtoll(p + 1, &end, 10);
			if (end == p + 1 || p[1] == '-' || p[1] == '+' || bank < 0 ||
			    bank > 86400000)
				goto bad;
			p = end;
		}
		if (*p != ' ' && *p != '\0')
			goto bad;
		c->own[n - 1] = CONFIG_OWN_MOVE | (bank >= 0 ? CONFIG_OWN_BANK : 0);
		c->own_move[n - 1] = move;
		c->own_bank[n - 1] = bank;
	}
	return 0;
bad:
	fprintf(stderr, "saboteur play: --bot-time wants words N:MOVE or "
	    "N:MOVE/BANK (bot N from 1 to %d, milliseconds), not \"%s\"\n",
	    SAB_MAX_PLAYERS, arg);
	return -1;
}

/* Reads the options into cfg; returns an exit code, EXIT_OK to go on. */
static int configure(opt *o, play_cfg *c)
{
	long long games = 1;
	long long move = 1000, bank = 10000, hs = 10000, grace = 50, tries = 3;
	long long maxline = 4096, maxout = 65536;
	long long net_ms = 100, connect_ms = 300000;
	uint64_t seed;
	int one_game, rc;
	char err[512];

	if ((rc = choose_seed(o, c, &seed, &one_game)) != EXIT_OK)
		return rc;
	if (c->again != NULL) {
		/* The replay's time control, unless the options change it. */
		move = c->again->move_ms, bank = c->again->bank_ms;
		hs = c->again->handshake_ms, grace = c->again->grace_ms;
		tries = c->again->tries > 0 ? c->again->tries : tries;
	}
	if (number_opt(o, O_GAMES, 1, 1000000, &games) ||
	    number_opt(o, O_MOVE, 1, 86400000, &move) ||
	    number_opt(o, O_BANK, 0, 86400000, &bank) ||
	    number_opt(o, O_HANDSHAKE, 1, 86400000, &hs) ||
	    number_opt(o, O_GRACE, 0, 60000, &grace) ||
	    number_opt(o, O_TRIES, 1, 100, &tries) ||
	    number_opt(o, O_MAXLINE, 64, 1 << 24, &maxline) ||
	    number_opt(o, O_MAXOUT, 64, 1LL << 32, &maxout) ||
	    number_opt(o, O_NETMS, 0, 86400000, &net_ms) ||
	    number_opt(o, O_CONNECTMS, 1, 86400000, &connect_ms))
		return EXIT_USAGE;
	if (c->again != NULL && o[O_DEAL_SEATS].value != NULL) {
		fprintf(stderr, "saboteur play: --deal-by-seat goes with --seed "
		    "or --game-seed: --again deals as its replay was dealt\n");
		return EXIT_USAGE;
	}
	c->net_ms = net_ms;
	c->connect_ms = connect_ms;
	c->listen_addr = o[O_LISTEN].value ? o[O_LISTEN].value : NET_LOOPBACK;
	c->token_file = o[O_TOKENS].value;
	if ((rc = load_rules(o, c)) != EXIT_OK)
		return rc;
	c->mo = (match_opts){ &c->rs, &c->pc, seed, (int)games,
	    { hs * 1000000, move * 1000000, bank * 1000000, grace * 1000000 },
	    (int)tries, (uint64_t)maxout, NULL, o[O_REPLAY].value,
	    "saboteur " SAB_VERSION, c->rules_text, c->rules_len, one_game,
	    c->again != NULL ? c->again->deal : o[O_DEAL_SEATS].value != NULL ?
	    SAB_DEAL_SEATS : SAB_DEAL_PLAY };
	int numbered = c->mo.replay == NULL ? 0 :
	    outputs_replay_check(c->mo.replay, err, sizeof err);
	if (numbered < 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_USAGE;
	}
	if (c->mo.replay != NULL && games > 1 && numbered == 0) {
		fprintf(stderr, "saboteur play: with --games %lld, --replay FILE "
		    "needs %%d (or %%05d...) in FILE for the game number\n",
		    games);
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
	for (size_t i = 0; i < sizeof box_opts / sizeof box_opts[0]; i++) {
		const opt *x = &o[box_opts[i].opt];
		if (x->value != NULL && sandbox_settings_key(&c->box,
		    box_opts[i].key, x->arg != NULL ? x->value : "true", 1, err,
		    sizeof err) < 0) {
			fprintf(stderr, "saboteur play: --%s: %s\n", x->name, err);
			return EXIT_USAGE;
		}
	}
	if (o[O_BOTTIME].value != NULL && bot_times(o[O_BOTTIME].value, c) != 0)
		return EXIT_USAGE;
	if (o[O_AFFINITY].value != NULL) {
		if (proc_cpus_parse(o[O_AFFINITY].value, &c->cpus, err,
		    sizeof err) < 0) {
			fprintf(stderr, "saboteur play: --affinity: %s\n", err);
			return EXIT_USAGE;
		}
		c->pin = 1;
	}
	c->debug = o[O_DEBUG].value != NULL;
	c->transcripts = o[O_TRANSCRIPTS].value != NULL;
	c->force = o[O_FORCE].value != NULL;
	c->quiet = o[O_QUIET].value != NULL;
	c->max_line = (size_t)maxline;
	return EXIT_OK;
}

/* "N-name" for the bot's log files: its program, or the script an
 * interpreter runs (split_program()), made safe for a file name. */
static void file_stem(char *const *argv, int i, char *out, size_t len)
{
	const char *base = split_program(argv);
	char clean[40];
	size_t k = 0;

	for (; *base && k + 1 < sizeof clean; base++)
		clean[k++] = (strchr("/ \t", *base) == NULL) ? *base : '_';
	clean[k] = '\0';
	/* A name too long for the buffer is cut; the number keeps it unique
	 * (and, alone, always fits the 48 bytes callers give). */
	int n = snprintf(out, len, "%d-%s", i + 1, clean);
	if (n < 0 || (size_t)n >= len)
		(void)snprintf(out, len, "%d", i + 1);
}

/* Renames the log DIR/FROM.KIND to DIR/TO.KIND.  No other log of this
 * match has that name (N and K tell them apart); an earlier match's is
 * replaced, as the logs of the same names always are.  Returns 0 when it
 * renamed. */
static int rename_log(const play_cfg *c, const char *from, const char *to,
    const char *kind)
{
	char a[4096], b[4096];
	int na = snprintf(a, sizeof a, "%s/%s.%s", c->log_dir, from, kind);
	int nb = snprintf(b, sizeof b, "%s/%s.%s", c->log_dir, to, kind);

	if (na < 0 || (size_t)na >= sizeof a || nb < 0 ||
	    (size_t)nb >= sizeof b)
		return -1;
	return rename(a, b);
}

/* A bot's logs are named as the summary names it, "N-NAME" for "N:NAME":
 * by its program until its handshake gives it its own name, then by that
 * name.  After the handshake of its start-th start, its stderr log of
 * that start and, once, its transcript take the name; the transcript's
 * lines from then on too. */
static void name_logs(const play_cfg *c, bot *b, int start)
{
	char stem[48], prog[48], kind[32];
	int n;

	if (b->name[0] == '\0')
		return;
	n = snprintf(stem, sizeof stem, "%d-%s", b->index + 1, b->name);
	file_stem(b->argv, b->index, prog, sizeof prog);
	if (n < 0 || (size_t)n >= sizeof stem || strcmp(stem, prog) == 0)
		return;
	if (start > 1)
		(void)snprintf(kind, sizeof kind, "%d.stderr", start);
	else
		(void)snprintf(kind, sizeof kind, "stderr");
	(void)rename_log(c, prog, stem, kind);
	if (strcmp(b->label, prog) == 0 && (b->transcript == NULL ||
	    rename_log(c, prog, stem, "transcript") == 0))
		(void)snprintf(b->label, sizeof b->label, "%s", stem);
}

/* Hides the folder of file path from the bots.  A file in the bots'
 * folder stays out of their sight as long as their own folder is not the
 * referee's: see sandbox_command().  Returns an exit code. */
static int hide_folder_of(play_cfg *c, const char *path, int pattern)
{
	char msg[1024], dir[4096], *slash;
	int n = snprintf(dir, sizeof dir, "%s", path);

	if (n < 0 || (size_t)n >= sizeof dir) {
		fprintf(stderr, "saboteur play: %.80s...: too long a path\n",
		    path);
		return EXIT_CONFIG;
	}
	/* A game number in a folder's name ("g%d/replay.gz"): the folder
	 * that holds them all. */
	if (pattern)
		dir[strcspn(dir, "%")] = '\0';
	slash = strrchr(dir, '/');
	if (slash != NULL && slash != dir)
		*slash = '\0';
	else
		strcpy(dir, slash ? "/" : ".");     /* fits: 2 bytes */
	/* Replays in the referee's own folder: that folder may still be a
	 * bot's, as long as the bot does not see its files. */
	if (strcmp(dir, ".") == 0 ? sandbox_shield(&c->sb, dir, msg,
	    sizeof msg) != 0 : sandbox_hide(&c->sb, dir, msg, sizeof msg) != 0) {
		fprintf(stderr, "saboteur play: %s\n", msg);
		return EXIT_CONFIG;
	}
	return EXIT_OK;
}

/* Decides on the sandbox (the command line's mode, else the --config
 * file's) and hides the log and replay folders from the bots. */
static int seal(play_cfg *c, const char *again)
{
	sandbox_settings mode = c->cfg.box;
	char msg[1024];

	sandbox_settings_over(&mode, &c->box);
	sandbox_settings_final(&mode);
	/* bwrap is tried while the bots start: settle_seal(). */
	if (sandbox_begin(&c->sb, (int)mode.mode, msg, sizeof msg) != 0) {
		fprintf(stderr, "saboteur play: %s\n", msg);
		return EXIT_CONFIG;
	}
	if (msg[0])
		fprintf(stderr, "saboteur play: %s\n", msg);
	if (!c->sb.on)
		return EXIT_OK;
	if (sandbox_hide(&c->sb, c->log_dir, msg, sizeof msg) != 0) {
		fprintf(stderr, "saboteur play: %s\n", msg);
		return EXIT_CONFIG;
	}
	if (c->mo.replay != NULL && hide_folder_of(c, c->mo.replay, 1) != EXIT_OK)
		return EXIT_CONFIG;
	/* The replay played again holds every hand of the deal. */
	return again != NULL ? hide_folder_of(c, again, 0) : EXIT_OK;
}

/* The folder a bot runs in: its configuration's, else --bot-cwd's. */
static const char *bot_cwd(const play_cfg *c, const config_bot *cb)
{
	return cb != NULL && cb->cwd != NULL ? cb->cwd : c->cwd;
}

/*
 * Starts the process of a seat that is not a program: a network seat's
 * relay, given the seat's listening socket and (to say whom it refused)
 * the referee's stderr, and then its token as its first line; a
 * person's move picker.  Both are this program, unsealed: they hold no
 * secret of the game and must reach the network or the terminal.
 */
static int spawn_seat(play_cfg *c, bot *b, const char *stderr_path)
{
	char buf[4096 + 512], err[512], label[128], *argv[7] = { c->self,
	    "human-seat", NULL };
	const net_seat *ns = &c->net[b->index];
	int pass[2] = { ns->fd, STDERR_FILENO };
	proc_spec spec = { .argv = argv, .stderr_path = stderr_path,
	    .max_line = c->max_line, .max_stderr = 16u << 20 };

	if (b->kind == BOT_NETWORK) {
		(void)snprintf(label, sizeof label, "saboteur play: bot %d (%s)",
		    b->index + 1, b->command);
		if (net_relay_argv(c->self, ns, c->connect_ms, STDERR_FILENO, label,
		    argv, buf, sizeof buf) != 0) {
			fprintf(stderr, "saboteur play: %s: too long a path\n",
			    c->self);
			return EXIT_INTERNAL;
		}
		spec.pass_fds = pass;
		spec.npass = 2;
	}
	if (bot_start(b, &spec, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_INTERNAL;
	}
	if (b->kind == BOT_NETWORK)
		(void)proc_send(&b->p, ns->token, strlen(ns->token));
	return EXIT_OK;
}

/* A program's seat made ready to start (prepare_bot()): its command, what
 * proc_spawn() is given, and the strings they point into. */
typedef struct seat_prep {
	sandbox_cmd cmd;
	proc_spec spec;
	char path[4096];        /* the stderr log */
	char *env[64];
	int ready;              /* cmd holds what start_prepared() runs */
} seat_prep;

/* Makes bot b's command with the sandbox, the limits and the environment
 * its layers give (the --config file's, the command line's, its own), its
 * cgroup among them, into sp; starts nothing.  Returns an exit code. */
static int prepare_bot(play_cfg *c, bot *b, const config_bot *cb,
    seat_prep *sp, char **env)
{
	sandbox_settings set = c->cfg.box;
	const char *cwd = bot_cwd(c, cb);
	char err[512];

	sandbox_settings_over(&set, &c->box);
	if (cb != NULL)
		sandbox_settings_over(&set, &cb->box);
	sandbox_settings_final(&set);
	sandbox_limits(&set, &b->limits);
	b->sandboxed = c->sb.on;
	if (sandbox_command(&c->sb, &set, b->argv, cwd, cwd != NULL, env,
	    &sp->cmd, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: bot %d \"%s\": %s\n",
		    b->index + 1, b->command, err);
		return EXIT_CONFIG;
	}
	if (c->debug) {
		fprintf(stderr, "saboteur play: bot %d \"%s\":\n", b->index + 1,
		    b->command);
		sandbox_show(&sp->cmd, &set, "  ", stderr);
	}
	sp->spec = (proc_spec){ .cwd = cwd, .stderr_path = sp->path,
	    .max_line = c->max_line, .max_stderr = 16u << 20,
	    .limits = &b->limits, .cpus = c->pin ? &c->cpus : NULL };
	sp->ready = 1;
	return EXIT_OK;
}

/* Starts the bot prepare_bot() made ready.  Returns an exit code; sp
 * holds nothing after. */
static int start_prepared(bot *b, seat_prep *sp)
{
	char err[512];
	int rc = EXIT_OK;

	sp->ready = 0;
	sandbox_spec(&sp->cmd, &sp->spec);
	bot_take_guard(b, &sp->cmd.guard);
	if (bot_start(b, &sp->spec, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		rc = EXIT_INTERNAL;
	}
	sandbox_cmd_free(&sp->cmd);
	return rc;
}

/* Starts bot b with the sandbox, the limits and the environment its
 * layers give, its stderr to stderr_path. */
static int spawn_bot(play_cfg *c, bot *b, const config_bot *cb,
    const char *stderr_path, char **env)
{
	seat_prep *sp;
	int rc;

	if (b->kind != BOT_PROGRAM)
		return spawn_seat(c, b, stderr_path);
	if ((sp = calloc(1, sizeof *sp)) == NULL ||
	    snprintf(sp->path, sizeof sp->path, "%s", stderr_path) >=
	    (int)sizeof sp->path) {
		free(sp);
		fprintf(stderr, "saboteur play: out of memory\n");
		return EXIT_INTERNAL;
	}
	rc = prepare_bot(c, b, cb, sp, env);
	if (rc == EXIT_OK)
		rc = start_prepared(b, sp);
	free(sp);
	return rc;
}

/* Makes the log file DIR/STEM.KIND, 0600, its path in path; opened into
 * *f when f is not NULL, else left empty and closed.  Says why it cannot. */
static int open_log(const play_cfg *c, const char *stem, const char *kind,
    char *path, size_t len, FILE **f)
{
	int n = snprintf(path, len, "%s/%s.%s", c->log_dir, stem, kind), fd;

	if (n < 0 || (size_t)n >= len) {
		fprintf(stderr, "saboteur play: %s: too long a folder name\n",
		    c->log_dir);
		return -1;
	}
	if (f == NULL ? cli_private_touch(path) != 0 :
	    (fd = cli_private_file(path)) < 0 ||
	    (*f = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "saboteur play: cannot write the log file %s: %s "
		    "(give --log-dir another folder)\n", path, strerror(errno));
		return -1;
	}
	return 0;
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

/*
 * Finds every bot's program before any bot starts, where and with the PATH
 * it will run: a command that cannot run is the user's mistake, said on the
 * terminal with exec's reason (cutechess-cli's "could not start engine"),
 * not a match played against an empty seat.  Returns 0, or -1 after
 * naming each bot that cannot run.
 */
static int check_bots(const play_cfg *c, char **cmds, int n, const bot *bots)
{
	char err[512], *env[64];
	int bad = 0, persons = 0, lo, hi;

	for (int i = 0; i < n; i++) {
		const config_bot *cb = config_find(&c->cfg, cmds[i]);
		/* A seat that open_seats() would refuse is refused here,
		 * before anything is written (the log folder, a replay). */
		if (bots[i].kind == BOT_NETWORK && net_parse(bots[i].command,
		    &lo, &hi, err, sizeof err) != 0) {
			fprintf(stderr, "saboteur play: bot %d: %s\n", i + 1, err);
			bad = 1;
		}
		if (bots[i].kind == BOT_PERSON && ++persons == 2) {
			fprintf(stderr, "saboteur play: bot %d: one person "
			    "a match (one terminal)\n", i + 1);
			bad = 1;
		}
		if (bots[i].kind == BOT_PERSON && persons == 1 &&
		    human_table_check(err, sizeof err) != 0) {
			fprintf(stderr, "saboteur play: a person's seat (human): "
			    "%s\n", err);
			bad = 1;
		}
		if (bots[i].kind != BOT_PROGRAM)
			continue;
		if (runnable_check(bots[i].argv, bot_cwd(c, cb),
		    bot_env(c, cb, env, 64), err, sizeof err) != 0) {
			fprintf(stderr, "saboteur play: bot %d \"%s\": %s\n",
			    i + 1, cmds[i], err);
			bad = 1;
		}
	}
	return bad ? -1 : 0;
}

/*
 * Whether every bot's program ran after all: one whose exec failed in its
 * process (what check_bots() cannot see) exited 127 with proc_spawn()'s
 * "cannot run ARGV0: reason" as the first line of its stderr log, or, when
 * an interpreter or env(1) could not go on, 126 or 127 with its own
 * complaint there.  Says each such bot as check_bots() does and returns
 * 0; 1 when they all ran.  Call after the handshake, which reaps a bot
 * that died and drains its stderr into the log.
 */
static int bots_ran(const play_cfg *c, char **cmds, int n, const bot *bots)
{
	char stem[48], path[4096], line[512];
	int ran = 1;

	for (int i = 0; i < n; i++) {
		const bot *b = &bots[i];
		FILE *f;
		/* In the sandbox bwrap execs the bot, and says so its way:
		 * "bwrap: execvp PROG: reason", then exit 1. */
		int code = b->p.state == PROC_DEAD && WIFEXITED(b->p.status) ?
		    WEXITSTATUS(b->p.status) : -1;
		int bwrap = b->sandboxed && code == 1;
		if (b->status == BOT_OK || b->p.pid <= 0 ||
		    (code != 126 && code != 127 && !bwrap))
			continue;
		file_stem(b->argv, i, stem, sizeof stem);
		int len = snprintf(path, sizeof path, "%s/%s.stderr", c->log_dir,
		    stem);
		if (len < 0 || (size_t)len >= sizeof path ||
		    (f = fopen(path, "r")) == NULL)
			continue;       /* start_bots() made it: cannot happen */
		if (fgets(line, sizeof line, f) != NULL && line[0] != '\n' &&
		    (!bwrap || strncmp(line, "bwrap: execvp ", 14) == 0)) {
			line[strcspn(line, "\n")] = '\0';
			if (strncmp(line, "cannot run ", 11) == 0)
				fprintf(stderr, "saboteur play: bot %d \"%s\": "
				    "%s\n", i + 1, cmds[i], line);
			else if (bwrap)
				fprintf(stderr, "saboteur play: bot %d \"%s\": "
				    "cannot run %s\n", i + 1, cmds[i], line + 14);
			else
				fprintf(stderr, "saboteur play: bot %d \"%s\": "
				    "cannot run %s: %s\n", i + 1, cmds[i],
				    b->argv[0], line);
			ran = 0;
		}
		(void)fclose(f);        /* read only: nothing to lose */
	}
	return ran;
}

/*
 * Whether bwrap sealed every bot off: one it could not (a mount it could
 * not make for that bot, say) exited 1 with bwrap's reason as the first
 * line of its stderr log.  Says each such bot with that reason and
 * returns 0, for play to stop before any game; 1 when all were sealed.
 */
static int bots_sealed(const play_cfg *c, char **cmds, int n,
    const bot *bots)
{
	char stem[48], path[4096], why[512];
	int sealed = 1;

	for (int i = 0; i < n; i++) {
		const bot *b = &bots[i];
		if (!b->sandboxed || b->status == BOT_OK || b->p.pid <= 0)
			continue;
		file_stem(b->argv, i, stem, sizeof stem);
		if (snprintf(path, sizeof path, "%s/%s.stderr", c->log_dir, stem) <
		    (int)sizeof path && sandbox_failed(path, why, sizeof why)) {
			fprintf(stderr, "saboteur play: bot %d \"%s\": cannot be "
			    "sealed off: %s\n", i + 1, cmds[i], why);
			sealed = 0;
		}
	}
	return sealed;
}

/* A bot's own time control: its --config entry's, then --bot-time's;
 * what neither gives is the match's. */
static void own_clock(const play_cfg *c, bot *b, const config_bot *cb)
{
	int64_t move = c->mo.clock.move, bank = c->mo.clock.bank;
	int i = b->index;

	if (cb != NULL && (cb->clock & CONFIG_OWN_MOVE))
		move = cb->move_ms * 1000000;
	if (cb != NULL && (cb->clock & CONFIG_OWN_BANK))
		bank = cb->bank_ms * 1000000;
	/* A person thinks in seconds, not milliseconds. */
	if (b->kind == BOT_PERSON) {
		move = HUMAN_MOVE_MS * 1000000;
		bank = HUMAN_BANK_MS * 1000000;
	}
	if (c->own[i] & CONFIG_OWN_MOVE)
		move = c->own_move[i] * 1000000;
	if (c->own[i] & CONFIG_OWN_BANK)
		bank = c->own_bank[i] * 1000000;
	if (move == c->mo.clock.move && bank == c->mo.clock.bank)
		return;
	b->own_clock = 1;
	b->move_limit = move;
	b->bank_limit = bank;
}

/* The first file this run makes in the log folder marks its start: its
 * change time, before any bot writes, as the file system's clock gave it
 * (which may lag the process's).  Unknown (0), no log is older. */
static void mark_logs(play_cfg *c, const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0)
		c->logs_from = st.st_ctim;
}

/* Says how to take network seat b, on stdout: the token is the match's
 * own, for whoever runs the bot there. */
static void say_seat(const play_cfg *c, const bot *b)
{
	const net_seat *ns = &c->net[b->index];

	printf("bot %d (%s) waits on %s for: saboteur connect %s %s -- BOT\n",
	    b->index + 1, b->command, b->where, b->where, ns->token);
}

/*
 * Opens what the seats that are not programs need: each network seat's
 * listening socket and token (said on stdout, and in --token-file), and
 * for a person the terminal, whose state is kept to be put back and on
 * which the referee holds its own output until the match ends.  Returns
 * an exit code.
 */
static int open_seats(play_cfg *c, bot *bots, int n)
{
	const char *names[SAB_MAX_PLAYERS];
	net_seat seats[SAB_MAX_PLAYERS];
	char num[SAB_MAX_PLAYERS][16], err[512];
	int nnet = 0, lo, hi;

	for (int i = 0; i < n; i++) {
		bot *b = &bots[i];
		if (b->kind == BOT_PROGRAM)
			continue;
		if (c->self[0] == '\0' && net_self(c->self, sizeof c->self) != 0) {
			fprintf(stderr, "saboteur play: cannot find this program "
			    "(/proc/self/exe) to run bot %d \"%s\"\n", i + 1,
			    b->command);
			return EXIT_INTERNAL;
		}
		if (b->kind == BOT_PERSON) {
			if (++c->humans > 1) {
				fprintf(stderr, "saboteur play: bot %d: one person "
				    "a match (one terminal)\n", i + 1);
				return EXIT_USAGE;
			}
			continue;
		}
		if (net_parse(b->command, &lo, &hi, err, sizeof err) != 0 ||
		    net_listen(&c->net[i], c->listen_addr, lo, hi, err,
		    sizeof err) != 0) {
			fprintf(stderr, "saboteur play: bot %d: %s\n", i + 1, err);
			return EXIT_USAGE;
		}
		b->allowance = c->net_ms * 1000000;
		b->net_wait = c->connect_ms * 1000000;
		net_where(&c->net[i], b->where, sizeof b->where);
		(void)snprintf(num[nnet], sizeof num[nnet], "%d", i + 1);
		names[nnet] = num[nnet];
		seats[nnet++] = c->net[i];
		say_seat(c, b);
	}
	if (c->token_file != NULL && net_token_file(c->token_file, names, seats,
	    nnet, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_CONFIG;
	}
	if (c->token_file != NULL && nnet == 0)
		fprintf(stderr, "saboteur play: warning: --token-file: no BOT is "
		    "a network seat (listen:PORT)\n");
	fflush(stdout);
	if (c->humans > 0 && human_table_open(&c->table, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur play: a person's seat (human): %s\n",
		    err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Makes one bot's logs and readies it in sp (prepare_bot()); a seat that
 * is not a program is started at once.  Returns an exit code. */
static int prepare_one(play_cfg *c, const char *cmd, bot *b, seat_prep *sp)
{
	char stem[48], tpath[4096];
	const config_bot *cb = config_find(&c->cfg, cmd);

	own_clock(c, b, cb);
	b->debug = c->debug ? stderr : NULL;
	c->starts[b->index] = 1;
	b->t0 = proc_now();
	file_stem(b->argv, b->index, stem, sizeof stem);
	/* The label is as large as the stem: it always fits. */
	(void)snprintf(b->label, sizeof b->label, "%s", stem);
	if (c->transcripts && open_log(c, stem, "transcript", tpath,
	    sizeof tpath, &b->transcript) != 0)
		return EXIT_CONFIG;
	if (b->index == 0 && c->transcripts)
		mark_logs(c, tpath);
	/* The stderr log's name (proc_spawn() opens it). */
	if (open_log(c, stem, "stderr", sp->path, sizeof sp->path, NULL) != 0)
		return EXIT_CONFIG;
	if (b->index == 0 && !c->transcripts)
		mark_logs(c, sp->path);
	if (b->kind != BOT_PROGRAM)
		return spawn_seat(c, b, sp->path);
	return prepare_bot(c, b, cb, sp, bot_env(c, cb, sp->env, 64));
}

/* Starts one bot, with its logs. */
static int spawn_one(play_cfg *c, const char *cmd, bot *b)
{
	seat_prep *sp = calloc(1, sizeof *sp);
	int rc;

	if (sp == NULL) {
		fprintf(stderr, "saboteur play: out of memory\n");
		return EXIT_INTERNAL;
	}
	rc = prepare_one(c, cmd, b, sp);
	if (rc == EXIT_OK && sp->ready)
		rc = start_prepared(b, sp);
	if (sp->ready)
		sandbox_cmd_free(&sp->cmd);
	free(sp);
	return rc;
}

/*
 * Starts every bot, with its logs: every seat is made ready first (its
 * logs, its command, its cgroup), then all are started one right after
 * another, so that the bots start up together, not each while the
 * referee readies the next (a sealed bot's bwrap competing with the
 * referee for the cores).
 */
static int spawn_all(play_cfg *c, char **cmds, int n, bot *bots)
{
	seat_prep *sp = calloc((size_t)n, sizeof *sp);
	int rc = EXIT_OK;

	if (sp == NULL) {
		fprintf(stderr, "saboteur play: out of memory\n");
		return EXIT_INTERNAL;
	}
	for (int i = 0; i < n && rc == EXIT_OK; i++)
		rc = prepare_one(c, cmds[i], &bots[i], &sp[i]);
	for (int i = 0; i < n && rc == EXIT_OK; i++)
		if (sp[i].ready)
			rc = start_prepared(&bots[i], &sp[i]);
	for (int i = 0; i < n; i++)
		if (sp[i].ready)
			sandbox_cmd_free(&sp[i].cmd);
	free(sp);
	return rc;
}

/* Splits and starts every bot; returns an exit code.  A BOT that names a
 * bot of --config runs that bot's command, in its folder, with its
 * environment. */
static int start_bots(play_cfg *c, char **cmds, int n, bot *bots,
    const char *again)
{
	char err[256], why[2 * 4096 + 256];
	int rc;

	for (int i = 0; i < n; i++) {
		bot *b = &bots[i];
		const config_bot *cb = config_find(&c->cfg, cmds[i]);
		b->index = i;
		b->command = cb ? cb->command : cmds[i];
		b->kind = net_is_seat(b->command) ? BOT_NETWORK :
		    human_is_seat(b->command) ? BOT_PERSON : BOT_PROGRAM;
		b->argv = split_command(b->command, err, sizeof err);
		if (b->argv == NULL) {
			fprintf(stderr, "saboteur play: bot %d \"%s\": %s\n",
			    i + 1, cmds[i], err);
			return EXIT_USAGE;
		}
	}
	if (check_bots(c, cmds, n, bots) != 0)
		return EXIT_USAGE;
	if (outputs_prepare(c->log_dir, c->mo.replay, c->mo.games, c->force,
	    why, sizeof why) != 0) {
		fprintf(stderr, "saboteur play: %s\n", why);
		return EXIT_USAGE;
	}
	if ((rc = seal(c, again)) != EXIT_OK ||
	    (rc = open_seats(c, bots, n)) != EXIT_OK)
		return rc;
	c->cmds = cmds;
	return spawn_all(c, cmds, n, bots);
}

/*
 * The bots started while bwrap was tried (seal()): when the try failed
 * under --sandbox auto, they are stopped and started again unsealed, after
 * the warning; under --sandbox on, that is the error.  Returns an exit
 * code.
 */
static int settle_seal(play_cfg *c, char **cmds, int n, bot *bots)
{
	char msg[1024];
	proc *set[SAB_MAX_PLAYERS];
	int k = sandbox_settle(&c->sb, msg, sizeof msg), m = 0, rc;

	if (k < 0) {
		fprintf(stderr, "saboteur play: %s\n", msg);
		return EXIT_CONFIG;
	}
	if (k > 0)
		fprintf(stderr, "saboteur play: %s\n", msg);
	if (c->debug) {
		char how[512];
		fprintf(stderr, "saboteur play: bots run %s\n",
		    sandbox_describe(&c->sb, how, sizeof how));
	}
	if (k == 0)
		return EXIT_OK;
	/* Only programs are sealed: network and person seats stay. */
	for (int i = 0; i < n; i++)
		if (bots[i].kind == BOT_PROGRAM)
			set[m++] = &bots[i].p;
	proc_stop_all(set, m, 0);
	for (int i = 0; i < n; i++) {
		if (bots[i].kind != BOT_PROGRAM)
			continue;
		proc_free(&bots[i].p);
		if (bots[i].transcript != NULL)
			(void)fclose(bots[i].transcript);
		bots[i].transcript = NULL;
		if ((rc = spawn_one(c, cmds[i], &bots[i])) != EXIT_OK)
			return rc;
	}
	return EXIT_OK;
}

/*
 * The bots of a game played again: those named, one per seat of the
 * replay's game, else the replay's own commands.  Returns an exit code.
 */
static int again_bots(play_cfg *c, const char *path, char **cmds, int *n)
{
	const replay_file *f = c->again;

	if (*n == 0) {
		for (int s = 0; s < f->nseats; s++)
			cmds[s] = (char *)f->seat[s].command;
		*n = f->nseats;
		return EXIT_OK;
	}
	if (*n == f->nseats)
		return EXIT_OK;
	fprintf(stderr, "saboteur play: the game of %s has %d seats: give %d "
	    "bots, or none for its own\n", path, f->nseats, f->nseats);
	return EXIT_USAGE;
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

/* A role in the table: the first letter of its name, upper case ("M"
 * miner, "S" saboteur), or two when roles share one (Saboteur 2: "GM"
 * green miner, "GE" geologist; rules/words.c); blank for none.  Writes
 * out, padded to the width of the ruleset's longest. */
static void role_letters(const sab_ruleset *rs, uint8_t role, char out[3])
{
	char first[3];
	size_t w;

	/* Every role of a ruleset has as many letters as its first. */
	sab_role_abbrev(rs, 1, first);
	w = strlen(first) > 0 ? strlen(first) : 1;
	sab_role_abbrev(rs, role, out);
	while (strlen(out) < w)
		strcat(out, " ");
}

static void print_game(const play_cfg *c, const bot *bots, int n,
    const game_result *g, int gi)
{
	printf("game %d (seed %" PRIu64 "%s%s): ", c->mo.one_game > 0 ?
	    c->mo.one_game : gi + 1, g->seed,
	    g->replay[0] ? ", replay " : "", g->replay);
	for (int s = 0, first = 1; s < n; s++)
		if (g->winners & (1u << s)) {
			printf("%s%s", first ? "won by " : ", ",
			    bot_name(&bots[g->bot_of[s]]));
			first = 0;
		}
	char l[3];

	role_letters(&c->rs, 0, l);
	printf("\n  %-4s %-24s %-*s %5s\n", "seat", "bot",
	    (int)(strlen(l) + 1) * g->rounds + 4,
	    c->rs.has_roles ? "roles" : "", "gold");
	for (int s = 0; s < n; s++) {
		printf("  %-4d %-24s ", s, bot_name(&bots[g->bot_of[s]]));
		for (int k = 0; k < g->rounds; k++) {
			role_letters(&c->rs, g->roles[k][s], l);
			printf("%s ", l);
		}
		printf("   %5d%s%s\n", g->gold[s],
		    g->winners & (1u << s) ? "  *" : "",
		    g->timed_out & (1u << s) ? "  (out of time)" : "");
	}
}

/* What the summary needs of the games, kept as they finish: a match
 * holds no game once it is printed, so its memory does not grow with the
 * games. */
typedef struct tally {
	long wins[SAB_MAX_PLAYERS];     /* by bot */
	long long gold[SAB_MAX_PLAYERS];
	long long decisions;
} tally;

/* The hooks' argument. */
typedef struct watch {
	play_cfg *c;
	const bot *bots;
	int n;
	tally t;
	match_cost *cost;
	/* By bot: the failures after which it was started again, and the
	 * last of them in words. */
	int failures[SAB_MAX_PLAYERS];
	char last[SAB_MAX_PLAYERS][sizeof ((bot *)0)->detail + 32];
} watch;

/*
 * Before each game but the first: a bot that failed (crashed, closed its
 * pipes, broke the protocol, hit a limit) is started again and greeted,
 * as a tournament's worker does, so one crash costs it one game, not the
 * rest of the match.  Its stderr goes to a log of its own, STEM.K.stderr
 * for its K-th start.  A slow bot is not restarted: it lost its seat for
 * the game it was slow in only.
 */
static int restart_failed(void *arg, int gi, bot *bots, int n, char *err,
    size_t errlen)
{
	watch *w = arg;
	play_cfg *c = w->c;
	char stem[48], kind[32], path[4096], *env[64];

	for (int i = 0; i < n && gi > 0; i++) {
		bot *b = &bots[i];
		proc *p = &b->p;
		if (b->status == BOT_OK)
			continue;
		w->failures[i]++;
		(void)snprintf(w->last[i], sizeof w->last[i], "%s in game %d: %s",
		    bot_status_name(b->status), gi, b->detail);
		if (p->pid > 0)
			proc_stop_all(&p, 1, c->mo.clock.grace);
		proc_free(p);
		memset(p, 0, sizeof *p);
		b->status = BOT_OK;
		b->detail[0] = b->hello[0] = b->name[0] = '\0';
		b->features = 0;
		b->send_failed = 0;
		file_stem(b->argv, i, stem, sizeof stem);
		(void)snprintf(kind, sizeof kind, "%d.stderr", ++c->starts[i]);
		const config_bot *cb = config_find(&c->cfg, c->cmds[i]);
		if (open_log(c, stem, kind, path, sizeof path, NULL) != 0 ||
		    spawn_bot(c, b, cb, path, bot_env(c, cb, env, 64)) !=
		    EXIT_OK) {
			snprintf(err, errlen, "bot %d could not be started again",
			    i + 1);
			return MATCH_FAILED;
		}
		if (b->kind == BOT_NETWORK)
			fprintf(stderr, "saboteur play: bot %d (%s) waits on %s "
			    "for its bot to connect again, with the same token, "
			    "up to %lld s\n", i + 1, b->command, b->where,
			    (long long)(c->connect_ms + 999) / 1000);
		int rc = match_handshake(&c->mo, b, 1, w->cost);
		if (rc != MATCH_DONE) {
			snprintf(err, errlen, "out of memory");
			return rc;
		}
		name_logs(c, b, c->starts[i]);
	}
	return MATCH_DONE;
}

/* After each game: print it (unless --quiet) and count it. */
static void game_done(void *arg, int gi, const game_result *g)
{
	watch *w = arg;

	if (!w->c->quiet)
		print_game(w->c, w->bots, w->n, g, gi);
	for (int s = 0; s < w->n; s++) {
		w->t.wins[g->bot_of[s]] += !!(g->winners & (1u << s));
		w->t.gold[g->bot_of[s]] += g->gold[s];
	}
	w->t.decisions += g->decisions;
}

/* For a bot that failed: the last line of its latest stderr log, which
 * often says why (an exception, a module not found). */
static void print_last_words(const play_cfg *c, const bot *b)
{
	char stem[48], kind[32], path[4096], line[240], shown[4 * 240];
	int k = c->starts[b->index];

	file_stem(b->argv, b->index, stem, sizeof stem);
	if (k > 1)
		(void)snprintf(kind, sizeof kind, "%d.stderr", k);
	else
		(void)snprintf(kind, sizeof kind, "stderr");
	if (snprintf(path, sizeof path, "%s/%s.%s", c->log_dir, stem, kind) >=
	    (int)sizeof path || outputs_last_line(path, line, sizeof line) != 0)
		return;
	(void)proto_escape(shown, sizeof shown, line, strlen(line), 0);
	printf("  %s: its last stderr line: %s\n", bot_name(b), shown);
}

static void print_summary(const play_cfg *c, const bot *bots, int n,
    const watch *w, int played, const match_cost *cost)
{
	char how[512];

	const tally *t = &w->t;

	printf("\n%-24s %5s %6s %-13s %9s %8s %7s %8s\n", "bot", "wins",
	    "gold", "status", "time(s)", "max(ms)", "illegal", "defaults");
	for (int i = 0; i < n; i++) {
		const bot *b = &bots[i];
		/* A bot started again after a failure is "restarted" unless
		 * it failed again. */
		printf("%-24s %5ld %6lld %-13s %9.3f %8.1f %7d %8d\n",
		    bot_name(b), t->wins[i], t->gold[i], b->status == BOT_OK &&
		    w->failures[i] > 0 ? "restarted" : bot_outcome(b),
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
		if (b->status != BOT_OK)
			print_last_words(c, b);
		if (w->failures[i] > 0) {
			char shown[4 * sizeof w->last[i]];
			(void)proto_escape(shown, sizeof shown, w->last[i],
			    strlen(w->last[i]), 0);
			printf("  %s: started again after %d failure%s; the "
			    "last, %s\n", bot_name(b), w->failures[i],
			    w->failures[i] == 1 ? "" : "s", shown);
		}
		/* Why "illegal" above: the first refused reply, as sent. */
		if (b->illegal > 0 && b->refused_why[0])
			printf("  %s: %d refused; the first, \"%s\": %s\n",
			    bot_name(b), b->illegal, b->refused, b->refused_why);
	}
	long long decisions = t->decisions;

	printf("\nmatch: %d game%s in %.2f s (%.1f games/s), %lld decisions, "
	    "%.1f us wall per decision\n", played, played == 1 ? "" : "s",
	    cost->wall_seconds, cost->wall_seconds > 0 ? played /
	    cost->wall_seconds : 0.0, decisions, decisions ?
	    cost->wall_seconds * 1e6 / (double)decisions : 0.0);
	/* The median from a histogram of fixed size (hist.h): within 3%.
	 * The peak memory is the referee's own (not its bots'), which stays
	 * the same however many games are played. */
	struct rusage ru;
	long peak = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
	printf("referee: %" PRIu64 " messages, %.2f us CPU per message, "
	    "%.2f us CPU per decision, %.1f us median from a reply to the "
	    "next request, peak memory %ld kB; logs in %s/\n",
	    cost->messages, cost->messages ? cost->cpu_seconds * 1e6 /
	    (double)cost->messages : 0.0, decisions ? cost->cpu_seconds *
	    1e6 / (double)decisions : 0.0,
	    (double)hist_quantile(&cost->gaps, 0.5) * 1e-3, peak, c->log_dir);
	/* What held the bots, so that a result played unsealed says so. */
	printf("sandbox: %s\n", sandbox_describe(&c->sb, how, sizeof how));
	/* The folder is shared by every run that names it: say which of
	 * its bot logs are not this match's. */
	int older = outputs_older_logs(c->log_dir, &c->logs_from);
	if (older > 0)
		printf("note: %s/ also holds %d bot log%s of earlier runs, "
		    "older than this match's (give each match its own "
		    "--log-dir to keep them apart)\n", c->log_dir, older,
		    older == 1 ? "" : "s");
}

static int cmd_play(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *cmds[SAB_MAX_PLAYERS + 1], err[256];
	static play_cfg c;
	static bot bots[SAB_MAX_PLAYERS];
	static match_cost cost;
	static watch w;
	int n, rc, played = 0;

	CLI_OPTS_COPY(o, play_opts);
	for (int i = 0; i < SAB_MAX_PLAYERS; i++)
		c.net[i].fd = -1;       /* no seat listens yet */
	n = cli_parse("play", argc, argv, o, cmds, SAB_MAX_PLAYERS + 1);
	if (n < 0)
		return EXIT_USAGE;
	if ((rc = configure(o, &c)) != EXIT_OK) {
		replay_file_free(c.again);
		return rc;
	}
	if (c.again != NULL && (rc = again_bots(&c, o[O_AGAIN].value, cmds,
	    &n)) != EXIT_OK) {
		replay_file_free(c.again);
		return rc;
	}
	if (n < c.rs.min_players || n > c.rs.max_players) {
		if (c.rs.min_players == c.rs.max_players)
			fprintf(stderr, "saboteur play: ruleset %s needs exactly "
			    "%d bots, got %d\n", c.rs.name, c.rs.min_players, n);
		else
			fprintf(stderr, "saboteur play: ruleset %s needs %d to %d "
			    "bots, got %d\n", c.rs.name, c.rs.min_players,
			    c.rs.max_players, n);
		return EXIT_USAGE;
	}
	if (proc_signals_init() != 0)
		return EXIT_INTERNAL;
	memset(&w, 0, sizeof w);
	w.c = &c;
	w.bots = bots;
	w.n = n;
	w.cost = &cost;
	for (int i = 0; i < SAB_MAX_PLAYERS; i++)
		if (c.own[i] && i >= n) {
			fprintf(stderr, "saboteur play: --bot-time names bot %d, "
			    "but there %s %d\n", i + 1, n == 1 ? "is" : "are", n);
			return EXIT_USAGE;
		}
	c.mo.progress = c.quiet || c.mo.games == 1 ? NULL : stderr;
	/* Read before any bot starts, the seed is then hidden from them. */
	if (o[O_SEED].value != NULL)
		cli_hide(o[O_SEED].value);
	if (o[O_GAMESEED].value != NULL)
		cli_hide(o[O_GAMESEED].value);
	if ((rc = start_bots(&c, cmds, n, bots, o[O_AGAIN].value)) ==
	    EXIT_OK)
		rc = settle_seal(&c, cmds, n, bots);
	if (rc != EXIT_OK) {
		proc *set[SAB_MAX_PLAYERS];
		for (int i = 0; i < n; i++)
			set[i] = &bots[i].p;
		proc_stop_all(set, n, 0);
		human_table_close(&c.table);
		for (int i = 0; i < n; i++)
			net_close(&c.net[i]);
		return rc;
	}
	/* The games start only when every bot's program ran, sealed off. */
	int ran = 1, sealed = 1;
	rc = match_handshake(&c.mo, bots, n, &cost);
	if (rc == MATCH_FAILED)
		snprintf(err, sizeof err, "out of memory");
	for (int i = 0; i < n; i++)
		name_logs(&c, &bots[i], 1);
	if (rc == MATCH_DONE)
		ran = bots_ran(&c, cmds, n, bots);
	if (rc == MATCH_DONE && ran)
		ran = sealed = bots_sealed(&c, cmds, n, bots);
	if (rc == MATCH_DONE && ran && c.random_seed) {
		/* Said first, so that the match can be played again. */
		printf("match seed %" PRIu64 " (at random; --seed %" PRIu64
		    " plays this match again)\n", c.mo.seed, c.mo.seed);
		fflush(stdout);
	}
	if (rc == MATCH_DONE && ran) {
		match_hooks h = { restart_failed, game_done, &w };
		rc = match_games(&c.mo, bots, n, &h, &played, &cost, err,
		    sizeof err);
	} else {
		match_finish(&c.mo, bots, n, &cost);
	}
	/* The person's picker is gone: the terminal is the referee's again,
	 * with what it held back meanwhile. */
	human_table_close(&c.table);
	if (ran)
		print_summary(&c, bots, n, &w, played, &cost);
	for (int i = 0; i < n; i++) {
		if (bots[i].transcript)
			fclose(bots[i].transcript);
		proc_free(&bots[i].p);
		sandbox_guard_close(&bots[i].guard);
		split_free(bots[i].argv);
		net_close(&c.net[i]);
	}
	split_free(c.env);
	config_free(&c.cfg);
	sandbox_free(&c.sb);
	free(c.rules_text);
	replay_file_free(c.again);
	if (rc == MATCH_FAILED) {
		fprintf(stderr, "saboteur play: %s\n", err);
		return EXIT_INTERNAL;
	}
	if (!ran)
		return sealed ? EXIT_USAGE : EXIT_CONFIG;
	if (rc == MATCH_INTERRUPTED) {
		/* What is kept: the games above, their replays, the logs. */
		fprintf(stderr, "saboteur play: interrupted after %d of %d "
		    "game%s; %slogs in %s/\n", played, c.mo.games,
		    c.mo.games == 1 ? "" : "s", c.mo.replay == NULL ? "" :
		    "their replays as --replay names them (the unfinished "
		    "game's as .part); ", c.log_dir);
		return EXIT_INTERRUPTED;
	}
	return EXIT_OK;
}
