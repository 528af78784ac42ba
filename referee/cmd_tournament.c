/* cmd_tournament.c: "saboteur tournament" runs a tournament file's games
 * in parallel into a results folder, resumably. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "net.h"
#include "outputs.h"
#include "sandbox.h"
#include "proc.h"
#include "replay.h"
#include "runnable.h"
#include "split.h"
#include "standings.h"
#include "tournament.h"

enum { O_J, O_JOBS, O_SHARD, O_OUT, O_QUIET, O_SANDBOX, O_EVERY, O_AFFINITY,
	O_TOKENS, O_NOPTS };

static const opt tournament_opts[O_NOPTS + 1] = {
	[O_J] = { "j", "N", NULL, 0, NULL },
	[O_JOBS] = { "jobs", "N", "games at once (default: the file's "
	    "concurrency, else the cores)", 0, NULL },
	[O_SHARD] = { "shard", "I/N", "play only the games whose index "
	    "modulo N is I-1", 0, NULL },
	[O_OUT] = { "out", "DIR", "the results folder (default: the file's "
	    "output)", 0, NULL },
	[O_QUIET] = { "quiet", NULL, "print no standings at the end", 0,
	    NULL },
	[O_SANDBOX] = { "sandbox", "auto|on|off", CLI_SANDBOX_HELP, 0,
	    NULL },
	[O_EVERY] = { "standings-every", "N", "print the standings, the "
	    "head-to-head table and the sequential test every N games", 0,
	    NULL },
	[O_AFFINITY] = { "affinity", NULL, "pin the games at once to CPUs of "
	    "their own, bots and all", 0, NULL },
	[O_TOKENS] = { "token-file", "FILE", "write each network entry's "
	    "address and token to FILE (0600)", 0, NULL },
	[O_NOPTS] = { NULL, NULL, NULL, 0, NULL }
};

static int cmd_tournament(int argc, char **argv);

const cli_command cli_tournament = { "tournament", cmd_tournament,
	"run a tournament file's games in parallel, resumably", "FILE.yaml",
	"Stopped at any moment, the same command resumes.  The file's format:"
	"\nman 5 saboteur-tournament; an example: examples/tournament.yaml.\n",
	tournament_opts };

static int make_dir(const char *dir, const char *sub)
{
	char path[4096];

	if (snprintf(path, sizeof path, "%s/%s", dir, sub) >= (int)sizeof path)
		return -1;
	if (cli_private_dir(path) == 0)
		return 0;
	fprintf(stderr, "saboteur tournament: cannot create %s: %s\n", path,
	    strerror(errno));
	return -1;
}

/* The games at once: -j, else the file's concurrency, else the cores. */
static int jobs(opt *o, const tconfig *cfg)
{
	const char *v = o[O_J].value ? o[O_J].value : o[O_JOBS].value;
	long long n;

	if (v != NULL)
		return cli_number("tournament", o[O_J].value ? "j" : "jobs", v, 1,
		    1024, &n) == 0 ? (int)n : -1;
	if (cfg->concurrency > 0)
		return cfg->concurrency;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)(n > 1024 ? 1024 : n) : 1;
}

/*
 * Finds every bot's program before the tournament starts, where and with
 * the PATH its workers will run it: a command that cannot run is a mistake
 * in the file, named with the bot's place, not a bot disqualified after
 * games played against an empty seat.  Returns an exit code.
 */
static int check_bots(const tconfig *cfg)
{
	char err[512];
	int rc = EXIT_OK;

	for (int i = 0; i < cfg->nbots; i++) {
		const tconfig_bot *t = &cfg->bots[i];
		if (net_is_seat(t->cb.command))
			continue;       /* a bot that connects: nothing to run */
		char **argv = split_command(t->cb.command, err, sizeof err);
		if (argv == NULL || runnable_check(argv, t->cb.cwd,
		    t->cb.env[0] ? t->cb.env : NULL, err, sizeof err) != 0) {
			fprintf(stderr, "saboteur tournament: %s:%d:%d: bot \"%s\": "
			    "%s\n", cfg->source, t->at.line, t->at.column,
			    t->cb.name, err);
			rc = EXIT_CONFIG;
		}
		split_free(argv);
	}
	return rc;
}

/* Loads the file, its ruleset and its schedule; returns an exit code. */
static int load(opt *o, const char *file, tconfig *cfg, sab_ruleset *rs,
    schedule *sch)
{
	char err[1024];
	int i = 1, n = 1;

	if (tconfig_load(file, cfg, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_CONFIG;
	}
	if (cli_load_ruleset(cfg->ruleset, rs, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s:%d:%d: ruleset: %s\n",
		    cfg->source, cfg->ruleset_at.line, cfg->ruleset_at.column,
		    err);
		return EXIT_CONFIG;
	}
	if (tconfig_check_ruleset(cfg, rs, err, sizeof err) != 0 ||
	    schedule_make(sch, cfg, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_CONFIG;
	}
	if (o[O_SHARD].value != NULL && schedule_parse_shard(o[O_SHARD].value,
	    &i, &n, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_USAGE;
	}
	if (n > 1 && cfg->sequential) {
		fprintf(stderr, "saboteur tournament: %s:%d:%d: "
		    "schedule.sequential: a sequential test needs every game, "
		    "not a shard of them: run without --shard\n", cfg->source,
		    cfg->schedule_at.line, cfg->schedule_at.column);
		return EXIT_USAGE;
	}
	schedule_shard(sch, i, n);
	return EXIT_OK;
}

/* Opens the results folder: the journal (locked; its games counted) and
 * the folders for replays and logs.  Returns an exit code. */
static int open_dir(tournament *t, const sab_ruleset *rs, char *err,
    size_t errlen)
{
	/* A ruleset file changed between runs makes another tournament. */
	uint64_t h = replay_ruleset_hash(rs), fp = tconfig_hash(t->cfg);
	journal_visit v = { tournament_count, cli_warn, t, tournament_belongs };
	journal_roles roles;

	fp = sab_fnv1a(fp, &h, sizeof h);
	if (journal_roles_of(&roles, rs, err, errlen) != 0)
		return EXIT_CONFIG;
	if (t->live != NULL) {
		t->live->config = fp;
		t->live->have_config = 1;
		t->live->roles = roles;
	}
	char why[900];
	/* Like the other mistakes about the results folder, exit 3; the
	 * message is cut short rather than lost when it is long. */
	if (outputs_folder(t->dir, why, sizeof why) != 0) {
		(void)snprintf(err, errlen, "results folder: %s: give --out "
		    "another folder", why);
		return EXIT_CONFIG;
	}
	if (journal_open_sized(&t->j, t->dir, fp, t->sch->shard,
	    t->sch->nshards, t->sch->total, &roles, &v, err, errlen) != 0)
		return EXIT_CONFIG;
	if (make_dir(t->dir, "replays") != 0 || make_dir(t->dir, "logs") != 0)
		return EXIT_CONFIG;
	t->done_before = (int)journal_count(t->j);
	return EXIT_OK;
}

/*
 * Opens the listening seat of each network entry ("listen:PORT") on the
 * file's network.address, says on stdout how to take it (and in
 * --token-file), and lists the entries without their tokens in
 * DIR/network.txt, for the standings to say which bots played remotely.
 * Returns an exit code.
 */
static int open_seats(opt *o, const tconfig *cfg, tournament *t)
{
	const char *addr = cfg->net_address ? cfg->net_address : NET_LOOPBACK;
	const char *names[PROC_MAX_PASS];
	net_seat seats[PROC_MAX_PASS];
	char err[512], path[4096];
	int lo, hi, fd;
	FILE *f;

	for (int i = 0; i < cfg->nbots; i++) {
		const tconfig_bot *b = &cfg->bots[i];
		char where[96];
		if (!net_is_seat(b->cb.command))
			continue;
		if (t->net == NULL) {
			if ((t->net = calloc((size_t)cfg->nbots,
			    sizeof *t->net)) == NULL)
				return EXIT_INTERNAL;
			for (int k = 0; k < cfg->nbots; k++)
				t->net[k].fd = -1;
		}
		if (t->nnet == PROC_MAX_PASS) {
			fprintf(stderr, "saboteur tournament: %s:%d:%d: bot \"%s\": "
			    "at most %d network entries\n", cfg->source,
			    b->at.line, b->at.column, b->cb.name, PROC_MAX_PASS);
			return EXIT_CONFIG;
		}
		if (net_parse(b->cb.command, &lo, &hi, err, sizeof err) != 0 ||
		    net_listen(&t->net[i], addr, lo, hi, err, sizeof err) != 0) {
			fprintf(stderr, "saboteur tournament: %s:%d:%d: bot \"%s\": "
			    "%s\n", cfg->source, b->at.line, b->at.column,
			    b->cb.name, err);
			return EXIT_CONFIG;
		}
		names[t->nnet] = b->cb.name;
		seats[t->nnet++] = t->net[i];
		net_where(&t->net[i], where, sizeof where);
		printf("bot %s waits on %s for: saboteur connect --again %s %s "
		    "-- BOT\n", b->cb.name, where, where, t->net[i].token);
	}
	if (t->nnet == 0)
		return EXIT_OK;
	fflush(stdout);
	if (o[O_TOKENS].value != NULL && net_token_file(o[O_TOKENS].value,
	    names, seats, t->nnet, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_CONFIG;
	}
	if (snprintf(path, sizeof path, "%s/network.txt", t->dir) >=
	    (int)sizeof path || (fd = cli_private_file(path)) < 0 ||
	    (f = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "saboteur tournament: cannot write %s/network.txt"
		    "\n", t->dir);
		return EXIT_CONFIG;
	}
	fprintf(f, "saboteur-network 1\n");
	for (int k = 0; k < t->nnet; k++) {
		char where[96];
		net_where(&seats[k], where, sizeof where);
		fprintf(f, "%s %s\n", names[k], where);
	}
	return fclose(f) == 0 ? EXIT_OK : EXIT_CONFIG;
}

static int print_standings(const char *dir)
{
	const char *dirs[] = { dir };
	standings st;
	char err[1024];
	int rc = standings_load(&st, dirs, 1, cli_warn, NULL, err, sizeof err);

	if (rc == 0)
		standings_print(stdout, &st, STANDINGS_TABLE);
	else
		fprintf(stderr, "saboteur tournament: %s\n", err);
	standings_free(&st);
	return rc == 0 ? EXIT_OK : EXIT_CONFIG;
}

/* Decides once whether the workers' bots are sealed off: --sandbox, else
 * the file's sandbox mode.  A tournament's results stand for its bots, so
 * it runs them unsealed only when told to (mode off): auto where bwrap
 * cannot seal them is refused, saying why. */
static int seal(opt *o, const tconfig *cfg, tournament *t, char *how,
    size_t howlen)
{
	sandbox_settings s = cfg->box;
	char msg[1024];
	sandbox sb;

	if (o[O_SANDBOX].value != NULL && sandbox_settings_key(&s, "mode",
	    o[O_SANDBOX].value, 1, msg, sizeof msg) < 0) {
		fprintf(stderr, "saboteur tournament: --sandbox: %s\n", msg);
		return EXIT_USAGE;
	}
	sandbox_settings_final(&s);
	if (sandbox_init(&sb, (int)s.mode, msg, sizeof msg) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", msg);
		sandbox_free(&sb);
		return EXIT_CONFIG;
	}
	t->sandbox = sb.on;
	(void)sandbox_describe(&sb, how, howlen);
	sandbox_free(&sb);
	if (!t->sandbox && s.mode == SANDBOX_AUTO) {
		const char *why = strncmp(msg, "warning: ", 9) == 0 ? msg + 9 : msg;
		fprintf(stderr, "saboteur tournament: will not run bots unsealed "
		    "unless told to: %s\n", why);
		return EXIT_CONFIG;
	}
	return EXIT_OK;
}

/*
 * With the sandbox on: every bot's sealed command can be made (none lies
 * in the results folder or shows the tournament file's folder's secrets),
 * found before any game rather than by a worker.  Returns an exit code.
 */
static int check_sealable(const tconfig *cfg, const tournament *t,
    const char *file)
{
	char err[1024];
	sandbox sb;
	int rc = EXIT_OK;

	if (!t->sandbox)
		return EXIT_OK;
	if (sandbox_init(&sb, SANDBOX_ON, err, sizeof err) != 0 ||
	    sandbox_hide(&sb, t->dir, err, sizeof err) != 0 ||
	    sandbox_hide(&sb, file, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		sandbox_free(&sb);
		return EXIT_CONFIG;
	}
	for (int i = 0; i < cfg->nbots; i++) {
		const tconfig_bot *b = &cfg->bots[i];
		sandbox_settings set = cfg->box;
		sandbox_cmd cmd;
		char **argv;

		if (net_is_seat(b->cb.command))
			continue;       /* sealed, if at all, where it runs */
		argv = split_command(b->cb.command, err, sizeof err);
		sandbox_settings_over(&set, &b->cb.box);
		sandbox_settings_final(&set);
		if (argv == NULL || sandbox_command(&sb, &set, argv, b->cb.cwd,
		    b->cb.cwd != NULL, b->cb.env[0] ? b->cb.env : NULL, &cmd, err,
		    sizeof err) != 0) {
			fprintf(stderr, "saboteur tournament: %s:%d:%d: bot \"%s\": "
			    "%s\n", cfg->source, b->at.line, b->at.column,
			    b->cb.name, err);
			rc = EXIT_CONFIG;
		} else {
			sandbox_cmd_free(&cmd);
		}
		split_free(argv);
	}
	sandbox_free(&sb);
	return rc;
}

static int run(opt *o, const char *file, tconfig *cfg, sab_ruleset *rs,
    schedule *sch)
{
	tournament t;
	standings live;
	char err[1024], how[512] = "";
	int rc;

	memset(&t, 0, sizeof t);
	t.file = file;
	t.sch = sch;
	t.dir = o[O_OUT].value ? o[O_OUT].value : cfg->output;
	t.progress = o[O_QUIET].value ? NULL : stderr;
	t.tty = isatty(STDERR_FILENO) && !o[O_QUIET].value;
	t.affinity = o[O_AFFINITY].value != NULL;
	if ((t.jobs = jobs(o, cfg)) < 0)
		return EXIT_USAGE;
	if (o[O_EVERY].value != NULL) {
		long long every;
		if (cli_number("tournament", "standings-every",
		    o[O_EVERY].value, 1, TCONFIG_MAX_GAMES, &every) != 0)
			return EXIT_USAGE;
		t.every = (long)every;
		standings_init(&live);
		t.live = &live;
	}
	if ((rc = check_bots(cfg)) != EXIT_OK ||
	    (rc = seal(o, cfg, &t, how, sizeof how)) != EXIT_OK)
		return rc;
	if (tournament_init(&t, cfg, sch) != 0 || proc_signals_init() != 0) {
		if (t.live != NULL)
			standings_free(t.live);
		fprintf(stderr, "saboteur tournament: out of memory\n");
		return EXIT_INTERNAL;
	}
	rc = open_dir(&t, rs, err, sizeof err);
	if (rc == EXIT_OK && (rc = check_sealable(cfg, &t, file)) != EXIT_OK)
		err[0] = '\0';
	if (rc == EXIT_OK && (rc = open_seats(o, cfg, &t)) != EXIT_OK)
		err[0] = '\0';
	if (rc != EXIT_OK) {
		if (err[0])
			fprintf(stderr, "saboteur tournament: %s\n", err);
		journal_close(t.j);
		tournament_free(&t);
		if (t.live != NULL)
			standings_free(t.live);
		return rc;
	}
	if (t.progress != NULL) {
		fprintf(stderr, "tournament %s: %s%ld games", cfg->name,
		    cfg->sequential ? "at most " : "", schedule_size(sch));
		if (sch->nshards > 1)
			fprintf(stderr, " (shard %d/%d)", sch->shard,
			    sch->nshards);
		fprintf(stderr, ", %d at once, results in %s", t.jobs, t.dir);
		if (t.done_before > 0)
			fprintf(stderr, "; resuming: %d already played",
			    t.done_before);
		fprintf(stderr, "\nbots run %s\n", how);
	}
	rc = tournament_run(&t);
	journal_close(t.j);
	for (int i = 0; t.net != NULL && i < cfg->nbots; i++)
		net_close(&t.net[i]);
	free(t.net);
	if (rc == EXIT_OK && t.seq != NULL)
		tournament_print_test(&t, stdout);
	tournament_free(&t);
	if (t.live != NULL)
		standings_free(t.live);
	if (rc == EXIT_INTERRUPTED)
		fprintf(stderr, "saboteur tournament: stopped; the games finished "
		    "are in %s/journal.txt, and the same command resumes\n",
		    t.dir);
	if (rc == EXIT_OK && !o[O_QUIET].value)
		rc = print_standings(t.dir);
	return rc;
}

static int cmd_tournament(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[2];
	int n, rc;
	tconfig cfg;
	sab_ruleset rs;
	schedule sch;

	CLI_OPTS_COPY(o, tournament_opts);
	n = cli_parse("tournament", argc, argv, o, pos, 2);
	if (n < 0)
		return EXIT_USAGE;
	if (n != 1) {
		fprintf(stderr, "saboteur tournament: give one tournament file "
		    "(examples/tournament.yaml shows one)\n");
		return EXIT_USAGE;
	}
	memset(&cfg, 0, sizeof cfg);
	memset(&sch, 0, sizeof sch);
	rc = load(o, pos[0], &cfg, &rs, &sch);
	if (rc == EXIT_OK)
		rc = run(o, pos[0], &cfg, &rs, &sch);
	schedule_free(&sch);
	tconfig_free(&cfg);
	return rc;
}
