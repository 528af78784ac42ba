/* worker.c: a tournament's game worker (see worker.h): keeps every bot it
 * has needed running between games, restarts one that failed, and plays
 * the games the tournament hands it, one at a time. */
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli.h"
#include "journal.h"
#include "match.h"
#include "net.h"
#include "split.h"
#include "tconfig.h"
#include "worker.h"

#define NS_PER_MS 1000000LL

typedef struct worker {
	tconfig cfg;
	sab_ruleset rs;
	journal_roles roles;    /* the ruleset's, as the journal names them */
	proto_cards pc;
	match_opts mo;
	const char *dir;        /* the results folder */
	int k;                  /* the worker's number, from 1 */
	bot *bots;              /* one per bot of the file, started on need */
	int *starts;            /* how often each was started */
	int *stale;             /* it ran out of time last game: it may still
	                           be thinking about it, so it is restarted */
	match_cost cost;
	char *rules_text;       /* the ruleset file's text, or NULL */
	size_t rules_len;
	sandbox sb;             /* the conductor decided whether it is on */
	net_seat *net;          /* by bot: a network entry's seat, else fd -1 */
	char self[4096];        /* this program, for the seats' relays */
} worker;

/* Tells the tournament about the referee's own failure. */
/* Bot names are copied whole into labels and journal seats. */
_Static_assert(sizeof ((bot *)0)->label >= sizeof ((config_bot *)0)->name,
    "a bot's label holds its name");
_Static_assert(sizeof ((journal_seat *)0)->bot >=
    sizeof ((config_bot *)0)->name, "a journal seat holds a bot's name");

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	printf("fail %s\n", msg);
	fflush(stdout);
	return EXIT_INTERNAL;
}

static int setup(worker *w, const char *file)
{
	const tconfig *c = &w->cfg;
	char err[1024];

	if (tconfig_load(file, &w->cfg, err, sizeof err) != 0 ||
	    cli_load_ruleset_text(c->ruleset, &w->rs, &w->rules_text,
	    &w->rules_len, err, sizeof err) != 0 ||
	    proto_cards_init(&w->pc, &w->rs, err, sizeof err) != 0 ||
	    journal_roles_of(&w->roles, &w->rs, err, sizeof err) != 0)
		return fail("%s", err);
	w->mo = (match_opts){ &w->rs, &w->pc, c->seed, 0,
	    { c->handshake_ms * NS_PER_MS, c->move_ms * NS_PER_MS,
	    c->bank_ms * NS_PER_MS, c->grace_ms * NS_PER_MS }, c->tries,
	    (uint64_t)c->max_output, NULL, NULL, "saboteur " SAB_VERSION,
	    w->rules_text, w->rules_len, 0,
	    c->duplicate ? SAB_DEAL_SEATS : SAB_DEAL_PLAY };
	w->bots = calloc((size_t)c->nbots, sizeof *w->bots);
	w->starts = calloc((size_t)c->nbots, sizeof *w->starts);
	w->stale = calloc((size_t)c->nbots, sizeof *w->stale);
	w->net = calloc((size_t)c->nbots, sizeof *w->net);
	if (w->bots == NULL || w->starts == NULL || w->stale == NULL ||
	    w->net == NULL)
		return fail("out of memory");
	if (net_self(w->self, sizeof w->self) != 0)
		return fail("cannot find this program (/proc/self/exe)");
	for (int i = 0; i < c->nbots; i++) {
		bot *b = &w->bots[i];
		const tconfig_bot *t = &c->bots[i];
		b->index = i;
		b->command = t->cb.command;
		w->net[i].fd = -1;
		if (net_is_seat(b->command)) {
			b->kind = BOT_NETWORK;
			b->allowance = c->net_ms * NS_PER_MS;
			b->net_wait = c->connect_ms * NS_PER_MS;
		}
		b->argv = split_command(b->command, err, sizeof err);
		if (b->argv == NULL)
			return fail("bot %s: %s", t->cb.name, err);
		if (t->move_ms != c->move_ms || t->bank_ms != c->bank_ms) {
			b->own_clock = 1;
			b->move_limit = t->move_ms * NS_PER_MS;
			b->bank_limit = t->bank_ms * NS_PER_MS;
		}
	}
	return EXIT_OK;
}

/* Makes the sandbox the conductor decided on ("on" or "off"), hiding the
 * results folder and the tournament file (its master seed) from bots. */
static int seal(worker *w, const char *file, const char *mode)
{
	char err[1024];

	if (sandbox_init(&w->sb, strcmp(mode, "on") == 0 ? SANDBOX_ON :
	    SANDBOX_OFF, err, sizeof err) != 0)
		return fail("%s", err);
	if (w->sb.on && (sandbox_hide(&w->sb, w->dir, err, sizeof err) != 0 ||
	    sandbox_hide(&w->sb, file, err, sizeof err) != 0))
		return fail("%s", err);
	/* In its log: what holds its bots, on this machine. */
	fprintf(stderr, "worker %d: bots run %s\n", w->k,
	    sandbox_describe(&w->sb, err, sizeof err));
	return EXIT_OK;
}

/* Stops bot i when its process is there. */
static void stop_bot(worker *w, int i)
{
	bot *b = &w->bots[i];
	proc *p = &b->p;

	if (p->pid <= 0)
		return;
	proc_stop_all(&p, 1, w->mo.clock.grace + 500 * NS_PER_MS);
	proc_free(p);
	memset(p, 0, sizeof *p);
}

/*
 * Starts the relay of network entry i, which waits (before the game, up
 * to network.connect-ms) for its bot to connect with the token, on the
 * seat the conductor opened; greets it.  -1 on the referee's own failure.
 */
static int start_seat(worker *w, int i, const char *path)
{
	const tconfig_bot *t = &w->cfg.bots[i];
	const net_seat *ns = &w->net[i];
	bot *b = &w->bots[i];
	char buf[4096 + 512], err[512], label[128], *argv[7];
	int pass[2] = { ns->fd, STDERR_FILENO };

	if (ns->fd < 0) {
		fail("bot %s: the conductor gave no seat for it", t->cb.name);
		return -1;
	}
	net_where(ns, b->where, sizeof b->where);
	(void)snprintf(label, sizeof label, "worker %d: bot %s", w->k,
	    t->cb.name);
	if (net_relay_argv(w->self, ns, w->cfg.connect_ms, STDERR_FILENO, label,
	    argv, buf, sizeof buf) != 0) {
		fail("%s: too long a path", w->self);
		return -1;
	}
	proc_spec spec = { .argv = argv, .stderr_path = path,
	    .max_line = (size_t)w->cfg.max_line, .max_stderr = 16u << 20,
	    .pass_fds = pass, .npass = 2 };
	if (bot_start(b, &spec, err, sizeof err) != 0) {
		fail("bot %s: %s", t->cb.name, err);
		return -1;
	}
	(void)proc_send(&b->p, ns->token, strlen(ns->token));
	return match_handshake(&w->mo, b, 1, &w->cost) == MATCH_FAILED ? -1 : 0;
}

/* "seat BOT FD TOKEN": the conductor's listening seat of network entry
 * BOT is this worker's descriptor FD.  Returns EXIT_OK, or an exit code. */
static int take_seat(worker *w, const char *line)
{
	int i, fd;
	char token[NET_TOKEN_LEN + 2];

	if (sscanf(line, "seat %d %d %33s", &i, &fd, token) != 3 || i < 0 ||
	    i >= w->cfg.nbots || w->bots[i].kind != BOT_NETWORK ||
	    net_adopt(&w->net[i], fd, token) != 0)
		return fail("a worker cannot take the seat of \"%.20s\"", line);
	return EXIT_OK;
}

/* Starts bot i afresh and greets it; -1 on the referee's own failure. */
static int start_bot(worker *w, int i)
{
	const tconfig_bot *t = &w->cfg.bots[i];
	bot *b = &w->bots[i];
	char path[4096], err[512];

	stop_bot(w, i);
	b->status = BOT_OK;
	b->detail[0] = b->hello[0] = b->name[0] = '\0';
	b->features = 0;
	b->send_failed = 0;
	b->t0 = proc_now();
	/* A name always fits (asserted above). */
	(void)snprintf(b->label, sizeof b->label, "%s", t->cb.name);
	w->starts[i]++;
	if (snprintf(path, sizeof path, "%s/logs/%s.w%d.%d.stderr", w->dir,
	    t->cb.name, w->k, w->starts[i]) >= (int)sizeof path) {
		fail("bot %s: %s/logs: too long a folder name", t->cb.name,
		    w->dir);
		return -1;
	}
	if (b->kind == BOT_NETWORK)
		return start_seat(w, i, path);
	sandbox_settings set = w->cfg.box;
	sandbox_cmd cmd;
	sandbox_settings_over(&set, &t->cb.box);
	sandbox_settings_final(&set);
	sandbox_limits(&set, &b->limits);
	b->sandboxed = w->sb.on;
	if (sandbox_command(&w->sb, &set, b->argv, t->cb.cwd, t->cb.cwd != NULL,
	    t->cb.env[0] ? t->cb.env : NULL, &cmd, err, sizeof err) != 0) {
		fail("bot %s: %s", t->cb.name, err);
		return -1;
	}
	proc_spec spec = { .cwd = t->cb.cwd, .stderr_path = path,
	    .max_line = (size_t)w->cfg.max_line, .max_stderr = 16u << 20,
	    .limits = &b->limits };
	sandbox_spec(&cmd, &spec);
	bot_take_guard(b, &cmd.guard);
	int started = bot_start(b, &spec, err, sizeof err);
	sandbox_cmd_free(&cmd);
	if (started != 0) {
		fail("bot %s: %s", t->cb.name, err);
		return -1;
	}
	if (match_handshake(&w->mo, b, 1, &w->cost) == MATCH_FAILED)
		return -1;
	/* A bot bwrap could not seal off is no result but the organiser's
	 * trouble: said, and the tournament stops. */
	if (b->status != BOT_OK && w->sb.on && sandbox_failed(path, err,
	    sizeof err)) {
		fail("bot %s cannot be sealed off: %s", t->cb.name, err);
		return -1;
	}
	return 0;
}

/* Makes bot i ready for a game: running and greeted (restarted when it
 * failed before), or, when disqualified, stopped and marked out. */
static int ready_bot(worker *w, int i, int dq)
{
	bot *b = &w->bots[i];

	if (dq) {
		stop_bot(w, i);
		b->status = BOT_NO_START;
		snprintf(b->detail, sizeof b->detail, "disqualified from the "
		    "tournament");
		return 0;
	}
	if (b->p.pid > 0 && b->status == BOT_OK && !w->stale[i])
		return 0;
	w->stale[i] = 0;
	return start_bot(w, i);
}

/* Reads "0,3,5" into at most max bot indices; returns how many, -1 when
 * malformed. */
static int index_list(const char *s, int *out, int max, int nbots)
{
	int n = 0;

	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 0 || v >= nbots || n == max)
			return -1;
		out[n++] = (int)v;
		s = *end == ',' ? end + 1 : end;
		if (*end != ',' && *end != '\0')
			return -1;
	}
	return n;
}

static void fill_journal(const worker *w, const match_game *g,
    const game_result *res, const int *dq, journal_game *j, long index)
{
	memset(j, 0, sizeof *j);
	j->index = index;
	j->seed = g->seed;
	j->players = g->nseats;
	j->rounds = res->rounds;
	j->winners = res->winners;
	j->paid = 1;
	for (int r = 0; r < res->rounds && r < SAB_MAX_ROUNDS; r++)
		j->round_winners[r] = res->round_winners[r];
	/* At most 39 bytes of the 256: it always fits. */
	(void)snprintf(j->replay, sizeof j->replay,
	    "replays/game-%06ld.sabr.gz", index);
	j->unsealed = !w->sb.on;
	for (int s = 0; s < g->nseats; s++) {
		journal_seat *js = &j->seat[s];
		int b = g->bot_of[s];
		/* Both hold a name of at most 32 bytes (asserted above). */
		(void)snprintf(js->bot, sizeof js->bot, "%s",
		    w->cfg.bots[b].cb.name);
		js->gold = res->gold[s];
		for (int r = 0; r < res->rounds && r < SAB_MAX_ROUNDS; r++) {
			js->role[r] = res->roles[r][s];
			js->pay[r] = res->round_pay[r][s];
		}
		js->decisions = res->seat_decisions[s];
		js->think_us = res->seat_used_ns[s] / 1000;
		js->illegal = res->seat_illegal[s];
		js->defaults = res->seat_defaults[s];
		js->timeouts = (res->timed_out >> s) & 1;
		js->status = dq[b] ? JOURNAL_DISQUALIFIED : res->seat_status[s];
	}
}

/* One "play" line; returns EXIT_OK to go on, else an exit code. */
static int play(worker *w, char *line)
{
	int lineup[SAB_MAX_PLAYERS], *dq, n, rc = EXIT_OK;
	char bots[512], dqs[4096] = "", path[4096], out[JOURNAL_LINE_MAX],
	    err[1024];
	long index;
	int number;
	uint64_t seed;
	game_result res;
	journal_game j;

	if (sscanf(line, "play %ld %d %" SCNu64 " %511s dq=%4095s", &index,
	    &number, &seed, bots, dqs) < 4 ||
	    strlen(bots) == sizeof bots - 1 || strlen(dqs) == sizeof dqs - 1)
		/* (A list that filled its buffer may have been cut.) */
		return fail("a worker cannot read \"%.100s\"", line);
	n = index_list(bots, lineup, SAB_MAX_PLAYERS, w->cfg.nbots);
	dq = calloc((size_t)w->cfg.nbots, sizeof *dq);
	if (dq == NULL)
		return fail("out of memory");
	int ndq = 0, dql[TCONFIG_MAX_BOTS];
	if (n != w->cfg.players || (dqs[0] && (ndq = index_list(dqs, dql,
	    TCONFIG_MAX_BOTS, w->cfg.nbots)) < 0)) {
		free(dq);
		return fail("a worker cannot read \"%.100s\"", line);
	}
	for (int i = 0; i < ndq; i++)
		dq[dql[i]] = 1;
	if (snprintf(path, sizeof path, "%s/replays/game-%06ld.sabr.gz",
	    w->dir, index) >= (int)sizeof path) {
		free(dq);
		return fail("%s/replays: too long a folder name", w->dir);
	}
	match_game g = { number, seed, n, { 0 }, path };
	for (int s = 0; s < n && rc == EXIT_OK; s++) {
		g.bot_of[s] = lineup[s];
		if (ready_bot(w, lineup[s], dq[lineup[s]]) != 0)
			rc = EXIT_INTERNAL;
	}
	if (rc == EXIT_OK) {
		int m = match_play(&w->mo, w->bots, w->cfg.nbots, &g, &res,
		    &w->cost, err, sizeof err);
		if (m == MATCH_INTERRUPTED)
			rc = EXIT_INTERRUPTED;
		else if (m != MATCH_DONE)
			rc = fail("game %ld: %s", index, err);
	}
	if (rc == EXIT_OK) {
		for (int s = 0; s < n; s++)
			if (res.timed_out & (1u << s))
				w->stale[lineup[s]] = 1;
		fill_journal(w, &g, &res, dq, &j, index);
		if (journal_format(&j, &w->roles, out, sizeof out, err,
		    sizeof err) < 0)
			rc = fail("game %ld: %s", index, err);
		else if (printf("done %s", out) < 0 || fflush(stdout) != 0)
			rc = EXIT_INTERNAL;
	}
	free(dq);
	return rc;
}

/* Says "quit" to every bot it started and stops them all. */
static void finish(worker *w)
{
	proc **set = calloc((size_t)w->cfg.nbots + 1, sizeof *set);
	int n = 0;

	for (int i = 0; w->bots != NULL && i < w->cfg.nbots; i++) {
		bot *b = &w->bots[i];
		if (b->p.pid <= 0)
			continue;
		bot_send(b, "quit", 4);
		if (set != NULL)
			set[n++] = &b->p;
		else
			stop_bot(w, i);
	}
	if (n > 0)
		proc_stop_all(set, n, w->mo.clock.grace + 500 * NS_PER_MS);
	for (int i = 0; w->bots != NULL && i < w->cfg.nbots; i++) {
		if (w->bots[i].p.pid > 0)
			proc_free(&w->bots[i].p);
		sandbox_guard_close(&w->bots[i].guard);
		split_free(w->bots[i].argv);
	}
	free(set);
}

int cmd_tournament_worker(int argc, char **argv)
{
	worker w;
	char *line = NULL;
	size_t cap = 0;
	int rc;

	if (argc != 5) {
		fprintf(stderr, "saboteur tournament-worker: run by saboteur "
		    "tournament, not by hand\n");
		return EXIT_USAGE;
	}
	memset(&w, 0, sizeof w);
	w.dir = argv[2];
	w.k = atoi(argv[3]);
	if (proc_signals_init() != 0)
		return fail("cannot set up signals: %s", strerror(errno));
	rc = setup(&w, argv[1]);
	if (rc == EXIT_OK)
		rc = seal(&w, argv[1], argv[4]);
	long games = 0;
	while (rc == EXIT_OK && getline(&line, &cap, stdin) > 0) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "seat ", 5) == 0) {
			rc = take_seat(&w, line);
			continue;
		}
		rc = play(&w, line);
		games += rc == EXIT_OK;
	}
	/* In its log: what it played and its own peak memory, which does
	 * not grow with the games (it keeps none of them). */
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		fprintf(stderr, "worker %d: %ld games, peak memory %ld kB\n",
		    w.k, games, ru.ru_maxrss);
	free(line);
	finish(&w);
	for (int i = 0; w.net != NULL && i < w.cfg.nbots; i++)
		net_close(&w.net[i]);
	free(w.net);
	free(w.bots);
	free(w.starts);
	free(w.stale);
	free(w.rules_text);
	tconfig_free(&w.cfg);
	sandbox_free(&w.sb);
	return rc;
}
