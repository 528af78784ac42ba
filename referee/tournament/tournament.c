/* tournament.c: the tournament's conductor: hands the schedule's games to
 * worker processes (see worker.h), journals each finished game as it comes,
 * disqualifies bots that keep failing, and shows the progress. */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot.h"
#include "cli.h"
#include "outputs.h"
#include "proc.h"
#include "say.h"
#include "tournament.h"

#define NS_PER_MS 1000000LL
#define MAX_JOBS 1024
#define MAX_WORKER_DEATHS 5     /* workers that may die before we give up */

/* The run's state. */
typedef struct conductor {
	tournament *t;
	proc w[MAX_JOBS];
	proc *set[MAX_JOBS];
	long busy[MAX_JOBS];    /* the schedule position it plays, or -1 */
	int live[MAX_JOBS];
	int nworkers;
	long next;              /* the next schedule position to look at */
	long *requeued;         /* positions whose worker died */
	int nrequeued;
	int deaths;
	long done, total;       /* games of the share in the journal; in all */
	int64_t t0;
	long played;            /* games this run played */
	int64_t last_progress;
	char self[PATH_MAX];
	proc_cpus pin[MAX_JOBS];        /* --affinity: worker k's CPUs */
} conductor;

int tournament_init(tournament *t, const tconfig *cfg, const schedule *sch)
{
	size_t n = (size_t)cfg->nbots;

	t->games = calloc(n, sizeof *t->games);
	t->failures = calloc(n, sizeof *t->failures);
	t->gold = calloc(n, sizeof *t->gold);
	t->dq = calloc(n, sizeof *t->dq);
	t->cfg = cfg;
	t->sch = sch;
	if (cfg->sequential) {
		if ((t->seq = malloc(sizeof *t->seq)) == NULL)
			return -1;
		stats_sprt_init(t->seq, cfg->seq_margin, cfg->seq_alpha,
		    cfg->seq_beta);
		/* A deal is a block of `players` games (schedule.h). */
		t->order.block = cfg->duplicate ? cfg->players : 1;
		t->order.total = sch->total;
	}
	return t->games && t->failures && t->gold && t->dq ? 0 : -1;
}

void tournament_free(tournament *t)
{
	free(t->games);
	free(t->failures);
	free(t->gold);
	free(t->dq);
	if (t->seq != NULL)
		stats_sprt_free(t->seq);
	free(t->seq);
	stats_order_free(&t->order);
}

/*
 * Gives the sequential test what game g says of the challenger: its gold
 * less the mean gold of the other seats, taken in the schedule's order
 * (with duplicate deals, as part of its deal's mean).
 */
static int test_game(tournament *t, const journal_game *g, char *err,
    size_t errlen)
{
	const tconfig *c = t->cfg;
	const char *name = c->bots[c->challenger].cb.name;
	double mine = 0, others = 0;
	int seat = -1;

	for (int s = 0; s < g->players; s++)
		if (seat < 0 && strcmp(g->seat[s].bot, name) == 0) {
			seat = s;
			mine = g->seat[s].gold;
		} else {
			others += g->seat[s].gold;
		}
	if (seat < 0 || g->players < 2)
		return sab_fail(err, errlen, "game %ld: the challenger %s does "
		    "not play it", g->index, name);
	if (stats_order_add(&t->order, t->seq, g->index, mine - others /
	    (g->players - 1)) != 0)
		return sab_fail(err, errlen, "out of memory");
	return 0;
}

void tournament_print_test(const tournament *t, FILE *f)
{
	const stats_sprt *q = t->seq;
	double half, mean = stats_sprt_mean(q, &half);

	fprintf(f, "sequential test after %ld games", q->decision ==
	    STATS_UNDECIDED ? t->order.next : t->order.decided_games);
	if (t->cfg->duplicate)
		fprintf(f, " (%ld deals)", q->n);
	fprintf(f, ": %s against the others: %s (margin %g gold a game, "
	    "alpha %g, beta %g)", t->cfg->bots[t->cfg->challenger].cb.name,
	    stats_sprt_word(q->decision), q->margin, q->alpha, q->beta);
	fprintf(f, ": mean difference %.2f", mean);
	if (!isnan(half))
		fprintf(f, ", 95%% interval at any stop [%.2f, %.2f]",
		    mean - half, mean + half);
	fprintf(f, ", LLR+ %.2f, LLR- %.2f, bounds %.2f and %.2f\n",
	    q->llr_plus, q->llr_minus, q->lower, q->upper);
}

/* A status that counts towards disqualification. */
static int is_failure(int status)
{
	return status == BOT_CRASH || status == BOT_CLOSED ||
	    status == BOT_TOO_LONG || status == BOT_FLOOD ||
	    status == BOT_HANDSHAKE || status == BOT_NO_START ||
	    status == BOT_MEMORY || status == BOT_CPU ||
	    status == BOT_FILE_SIZE || status == BOT_PROCESSES ||
	    status == BOT_DISK;
}

/* The last line of the newest stderr log of bot name (its logs are
 * logs/NAME.wK.S.stderr, one per start by worker K), into out; "" when
 * there is none. */
static void last_words(const tournament *t, const char *name, char *out,
    size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX], best[PATH_MAX] = "";
	size_t n = strlen(name);
	time_t newest = 0;
	struct dirent *e;
	DIR *d;

	out[0] = '\0';
	if (snprintf(dir, sizeof dir, "%s/logs", t->dir) >= (int)sizeof dir ||
	    (d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		size_t k = strlen(e->d_name);
		if (strncmp(e->d_name, name, n) != 0 ||
		    strncmp(e->d_name + n, ".w", 2) != 0 || k < 7 ||
		    strcmp(e->d_name + k - 7, ".stderr") != 0 ||
		    snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >=
		    (int)sizeof path || stat(path, &st) != 0 || st.st_size == 0 ||
		    (best[0] != '\0' && st.st_mtime < newest))
			continue;
		newest = st.st_mtime;
		memcpy(best, path, sizeof best);
	}
	(void)closedir(d);
	if (best[0] != '\0')
		(void)outputs_last_line(best, out, len);
}

int tournament_count(void *arg, const journal_game *g, char *err,
    size_t errlen)
{
	tournament *t = arg;
	const tconfig *c = t->cfg;

	for (int s = 0; s < g->players; s++) {
		const journal_seat *js = &g->seat[s];
		int b = tconfig_find(c, js->bot);
		if (b < 0)
			return sab_fail(err, errlen, "game %ld: bot \"%s\" is not "
			    "in %s", g->index, js->bot, c->source);
		t->games[b]++;
		t->gold[b] += js->gold;
		if (!is_failure(js->status) || t->dq[b])
			continue;
		t->failures[b]++;
		if (c->disqualify_after > 0 &&
		    t->failures[b] >= c->disqualify_after) {
			char last[200], shown[4 * sizeof last];
			t->dq[b] = 1;
			/* Said whatever --quiet says: a result without its
			 * bot is worth knowing about, and why. */
			fprintf(stderr, "%sbot %s is disqualified after %ld "
			    "failures (the last: %s in game %ld); the referee "
			    "plays for it from now on\n", t->tty ? "\r\033[K" : "",
			    js->bot, t->failures[b],
			    journal_status_name(js->status), g->index);
			last_words(t, js->bot, last, sizeof last);
			(void)proto_escape(shown, sizeof shown, last,
			    strlen(last), 0);
			if (last[0] != '\0')
				fprintf(stderr, "  bot %s's last stderr line: %s\n",
				    js->bot, shown);
		}
	}
	t->counted++;
	if (t->seq != NULL && test_game(t, g, err, errlen) != 0)
		return -1;
	if (t->live != NULL && standings_add(t->live, g, err, errlen) < 0)
		return -1;
	return 0;
}

int tournament_belongs(void *arg, const journal_game *g, char *why,
    size_t whylen)
{
	const tournament *t = arg;
	const tconfig *c = t->cfg;
	sched_game sg;

	if (schedule_game(t->sch, g->index, &sg) != 0)
		return sab_fail(why, whylen, "the schedule has %ld games",
		    t->sch->total);
	if (sg.players != g->players)
		return sab_fail(why, whylen, "%d seats, where the schedule's game "
		    "has %d", g->players, sg.players);
	for (int s = 0; s < g->players; s++)
		if (strcmp(c->bots[sg.bot[s]].cb.name, g->seat[s].bot) != 0)
			return sab_fail(why, whylen, "seat %d is %s, where the "
			    "schedule seats %s", s, g->seat[s].bot,
			    c->bots[sg.bot[s]].cb.name);
	if (sg.seed != g->seed)
		return sab_fail(why, whylen, "seed %" PRIu64 ", where the "
		    "schedule's is %" PRIu64, g->seed, sg.seed);
	return 0;
}

/* ---- workers ------------------------------------------------------------ */

static int spawn_worker(conductor *c, int k, char *err, size_t errlen)
{
	char num[16], log[PATH_MAX];
	char *argv[] = { c->self, "tournament-worker", (char *)c->t->file,
	    (char *)c->t->dir, num, c->t->sandbox ? "on" : "off", NULL };

	(void)snprintf(num, sizeof num, "%d", k + 1);  /* an int fits 16 */
	if (snprintf(log, sizeof log, "%s/logs/worker-%d.stderr", c->t->dir,
	    k + 1) >= (int)sizeof log) {
		snprintf(err, errlen, "%s: too long a folder name", c->t->dir);
		return -1;
	}
	int pass[PROC_MAX_PASS], npass = 0;
	const tournament *t = c->t;

	for (int i = 0; t->net != NULL && i < t->cfg->nbots; i++)
		if (t->net[i].fd >= 0 && npass < PROC_MAX_PASS)
			pass[npass++] = t->net[i].fd;
	proc_spec spec = { .argv = argv, .stderr_path = log,
	    .max_line = JOURNAL_LINE_MAX + 64, .max_stderr = 16u << 20,
	    .cpus = c->t->affinity ? &c->pin[k] : NULL,
	    .pass_fds = npass ? pass : NULL, .npass = npass };
	memset(&c->w[k], 0, sizeof c->w[k]);
	if (proc_spawn(&c->w[k], &spec, err, errlen) != 0)
		return -1;
	/* Which descriptor is whose, and the tokens, on the worker's stdin
	 * before any game (never on a command line others can read). */
	for (int i = 0, fd = 3; t->net != NULL && i < t->cfg->nbots; i++) {
		char line[64 + NET_TOKEN_LEN];
		if (t->net[i].fd < 0)
			continue;
		int n = snprintf(line, sizeof line, "seat %d %d %s", i, fd++,
		    t->net[i].token);
		if (n < 0 || (size_t)n >= sizeof line ||
		    proc_send(&c->w[k], line, (size_t)n) != 0) {
			snprintf(err, errlen, "worker %d: out of memory", k + 1);
			return -1;
		}
	}
	c->live[k] = 1;
	c->busy[k] = -1;
	return 0;
}

/* The next game of the share not in the journal, into *g: its position,
 * or -1 when none is left. */
static long next_game(conductor *c, sched_game *g)
{
	const tournament *t = c->t;
	long n = schedule_size(t->sch);

	/* The sequential test decided: no more games. */
	if (t->seq != NULL && t->seq->decision != STATS_UNDECIDED)
		return -1;
	while (c->nrequeued > 0) {
		long k = c->requeued[--c->nrequeued];
		if (schedule_nth(t->sch, k, g) == 0)
			return k;
	}
	while (c->next < n) {
		long k = c->next++;
		if (schedule_nth(t->sch, k, g) == 0 && !journal_has(t->j, g->index))
			return k;
	}
	return -1;
}

/*
 * Sends worker k its next game: 1, or 0 when there is none left.  The line
 * always fits (a game's seats, and at most TCONFIG_MAX_BOTS disqualified
 * bots: under 4000 bytes); should it not, the game is not handed out cut
 * (a worker would play bots that were disqualified): -1 with err set.
 */
static int hand_out(conductor *c, int k, char *err, size_t errlen)
{
	char line[8192];
	sab_strbuf o;
	sched_game g;
	long pos = next_game(c, &g);

	if (pos < 0)
		return 0;
	sab_strbuf_init(&o, line, sizeof line);
	sab_strbuf_printf(&o, "play %ld %ld %" PRIu64 " ", g.index, g.index + 1,
	    g.seed);
	for (int s = 0; s < g.players; s++)
		sab_strbuf_printf(&o, "%s%d", s ? "," : "", g.bot[s]);
	for (int b = 0, first = 1; b < c->t->cfg->nbots; b++)
		if (c->t->dq[b]) {
			sab_strbuf_printf(&o, "%s%d", first ? " dq=" : ",", b);
			first = 0;
		}
	if (o.cut) {
		snprintf(err, errlen, "game %ld: the line for a worker is longer "
		    "than %zu bytes", g.index + 1, sizeof line - 1);
		return -1;
	}
	proc_send(&c->w[k], line, o.len);
	c->busy[k] = pos;
	return 1;
}

/* ---- progress ----------------------------------------------------------- */

static void show_progress(conductor *c, int force)
{
	tournament *t = c->t;
	int64_t now = proc_now();
	double secs = (double)(now - c->t0) * 1e-9;
	double rate = secs > 0 ? (double)c->played / secs : 0;
	long left = c->total - c->done;
	int lead = -1;

	if (t->progress == NULL || (!force && t->tty &&
	    now - c->last_progress < 250 * NS_PER_MS))
		return;
	c->last_progress = now;
	for (int b = 0; b < t->cfg->nbots; b++)
		if (t->games[b] > 0 && (lead < 0 || t->gold[b] * t->games[lead] >
		    t->gold[lead] * t->games[b]))
			lead = b;
	fprintf(t->progress, "%sgames %ld/%ld, %.1f games/s", t->tty ?
	    "\r\033[K" : "", c->done, c->total, rate);
	if (rate > 0 && left > 0)
		fprintf(t->progress, ", ETA %.0f s", (double)left / rate);
	if (lead >= 0)
		fprintf(t->progress, ", leader %s (%.2f gold a game)",
		    t->cfg->bots[lead].cb.name,
		    (double)t->gold[lead] / (double)t->games[lead]);
	if (t->seq != NULL && t->seq->decision != STATS_UNDECIDED)
		fprintf(t->progress, ", sequential test: %s",
		    stats_sprt_word(t->seq->decision));
	fputs(t->tty ? "" : "\n", t->progress);
	fflush(t->progress);
}

/* The standings so far on stdout, with the head-to-head table and the
 * sequential test's state (--standings-every). */
static int show_live(conductor *c)
{
	tournament *t = c->t;
	char err[256];

	if (standings_finish(t->live, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_INTERNAL;
	}
	if (t->tty)
		fputs("\r\033[K", t->progress);
	printf("standings after %ld of %ld games\n", c->done, c->total);
	if (standings_print(stdout, t->live, STANDINGS_TABLE) != 0 ||
	    stats_print_pairs(stdout, t->live) != 0) {
		perror("saboteur tournament: stdout");
		return EXIT_INTERNAL;
	}
	if (t->seq != NULL)
		tournament_print_test(t, stdout);
	putchar('\n');
	if (fflush(stdout) != 0) {
		perror("saboteur tournament: stdout");
		return EXIT_INTERNAL;
	}
	return EXIT_OK;
}

/* ---- the run ------------------------------------------------------------ */

/* After a failure that a full disk explains: what to do about it. */
static void disk_full_hint(const tournament *t, const char *msg)
{
	if (strstr(msg, strerror(ENOSPC)) == NULL &&
	    strstr(msg, strerror(EDQUOT)) == NULL)
		return;
	fprintf(stderr, "saboteur tournament: the disk of %s is full: the games "
	    "finished are in its journal; free some space, then run the same "
	    "command to resume\n", t->dir);
}

/* A worker's line: a finished game to journal, or its failure. */
static int heard(conductor *c, int k, char *line)
{
	tournament *t = c->t;
	char err[1024];
	journal_game g;

	if (strncmp(line, "fail ", 5) == 0) {
		fprintf(stderr, "%ssaboteur tournament: %s\n", t->tty ?
		    "\r\033[K" : "", line + 5);
		disk_full_hint(t, line);
		return EXIT_INTERNAL;
	}
	if (strncmp(line, "done ", 5) != 0 ||
	    journal_parse(line + 5, journal_role_list(t->j), &g, err,
	    sizeof err) != 0 ||
	    journal_append(t->j, &g, err, sizeof err) != 0 ||
	    tournament_count(t, &g, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: worker %d: %s\n", k + 1,
		    strncmp(line, "done ", 5) ? "an unexpected line" : err);
		disk_full_hint(t, err);
		return EXIT_INTERNAL;
	}
	c->busy[k] = -1;
	c->done++;
	c->played++;
	show_progress(c, 0);
	if (t->live != NULL && t->every > 0 && c->done % t->every == 0)
		return show_live(c);
	return EXIT_OK;
}

/* A worker died: its game goes back in the queue and a new one starts. */
static int died(conductor *c, int k)
{
	char how[64], err[256];

	proc_describe_exit(&c->w[k], how, sizeof how);
	fprintf(stderr, "saboteur tournament: worker %d stopped (%s); see "
	    "%s/logs/worker-%d.stderr\n", k + 1, how, c->t->dir, k + 1);
	proc *p = &c->w[k];
	proc_stop_all(&p, 1, 0);
	proc_free(p);
	c->live[k] = 0;
	if (c->busy[k] >= 0)
		c->requeued[c->nrequeued++] = c->busy[k];
	c->busy[k] = -1;
	if (++c->deaths > MAX_WORKER_DEATHS)
		return EXIT_INTERNAL;
	if (spawn_worker(c, k, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur tournament: %s\n", err);
		return EXIT_INTERNAL;
	}
	return EXIT_OK;
}

/* Waits for the next word of any worker; returns an exit code, or -1 to
 * go on. */
static int listen(conductor *c)
{
	int n = 0, which, map[MAX_JOBS], rc = -1;

	for (int k = 0; k < c->nworkers; k++)
		if (c->live[k]) {
			map[n] = k;
			c->set[n++] = &c->w[k];
		}
	int ev = proc_wait_any(c->set, n, proc_now() + 1000 * NS_PER_MS,
	    &which);
	if (ev == PROC_EV_INTERRUPTED)
		return EXIT_INTERRUPTED;
	if (ev == PROC_EV_TIMEOUT) {
		if (c->t->tty)
			show_progress(c, 0);
		return -1;
	}
	int k = map[which];
	if (ev == PROC_EV_LINE) {
		size_t len;
		int64_t when;
		char *line = proc_take_line(&c->w[k], &len, &when);
		if (line != NULL)
			rc = heard(c, k, line);
		free(line);
		return rc == EXIT_OK ? -1 : rc;
	}
	rc = died(c, k);
	return rc == EXIT_OK ? -1 : rc;
}

static void stop_workers(conductor *c, int64_t grace)
{
	int n = 0;

	for (int k = 0; k < c->nworkers; k++)
		if (c->live[k]) {
			proc_close_stdin(&c->w[k]);
			c->set[n++] = &c->w[k];
		}
	proc_stop_all(c->set, n, grace);
	for (int k = 0; k < c->nworkers; k++)
		if (c->live[k])
			proc_free(&c->w[k]);
}

/*
 * --affinity: shares out the CPUs the referee may use among the workers,
 * in order, so that games at once never share a core: with C CPUs and J
 * workers, worker k gets CPUs k C / J to (k + 1) C / J - 1 of them, or,
 * when there are more workers than CPUs, CPU k mod C (said once).  A
 * worker's bots inherit its CPUs.  Returns 0, or -1 when the CPUs cannot
 * be known.
 */
static int share_cpus(conductor *c)
{
	int cpu[PROC_MAX_CPUS], ncpu = 0, j = c->nworkers;
	proc_cpus own;

	if (proc_cpus_own(&own) <= 0) {
		fprintf(stderr, "saboteur tournament: --affinity: cannot tell "
		    "which CPUs this process may use: %s\n", strerror(errno));
		return -1;
	}
	for (int i = 0; i < PROC_MAX_CPUS; i++)
		if (own.bits[i / 64] >> (i % 64) & 1)
			cpu[ncpu++] = i;
	if (j > ncpu)
		fprintf(stderr, "saboteur tournament: --affinity: %d games at "
		    "once on %d CPU%s: games share CPUs\n", j, ncpu,
		    ncpu == 1 ? "" : "s");
	for (int k = 0; k < j; k++) {
		int lo = j > ncpu ? k % ncpu : k * ncpu / j;
		int hi = j > ncpu ? lo + 1 : (k + 1) * ncpu / j;
		memset(&c->pin[k], 0, sizeof c->pin[k]);
		for (int i = lo; i < hi; i++)
			c->pin[k].bits[cpu[i] / 64] |= 1ULL << (cpu[i] % 64);
	}
	return 0;
}

static int start(conductor *c)
{
	char err[512];
	ssize_t n = readlink("/proc/self/exe", c->self, sizeof c->self - 1);

	if (n <= 0) {
		fprintf(stderr, "saboteur tournament: cannot find its own "
		    "program: %s\n", strerror(errno));
		return EXIT_INTERNAL;
	}
	c->self[n] = '\0';
	if (c->t->affinity && share_cpus(c) != 0)
		return EXIT_INTERNAL;
	for (int k = 0; k < c->nworkers; k++)
		if (spawn_worker(c, k, err, sizeof err) != 0) {
			fprintf(stderr, "saboteur tournament: %s\n", err);
			return EXIT_INTERNAL;
		}
	return EXIT_OK;
}

int tournament_run(tournament *t)
{
	conductor *c = calloc(1, sizeof *c);
	long n = schedule_size(t->sch);
	char err[256];
	int rc;

	if (c == NULL || (c->requeued = calloc(MAX_JOBS, sizeof *c->requeued))
	    == NULL) {
		free(c);
		fprintf(stderr, "saboteur tournament: out of memory\n");
		return EXIT_INTERNAL;
	}
	c->t = t;
	c->total = n;
	c->done = t->done_before;
	c->t0 = proc_now();
	c->nworkers = (int)(n - c->done < t->jobs ? n - c->done : t->jobs);
	if (c->nworkers > MAX_JOBS)
		c->nworkers = MAX_JOBS;
	rc = start(c);
	for (;;) {
		int busy = 0;
		for (int k = 0; rc == EXIT_OK && k < c->nworkers; k++)
			if (c->live[k] && c->busy[k] < 0 &&
			    hand_out(c, k, err, sizeof err) < 0) {
				fprintf(stderr, "saboteur tournament: %s\n", err);
				rc = EXIT_INTERNAL;
			}
		for (int k = 0; k < c->nworkers; k++)
			busy += c->live[k] && c->busy[k] >= 0;
		if (rc != EXIT_OK || busy == 0)
			break;
		int r = listen(c);
		if (r >= 0)
			rc = r;
	}
	/* Workers stopped mid-game (interrupted or failed) leave their
	 * replays as .part files; the games are played again on resume. */
	stop_workers(c, rc == EXIT_OK ? 5000 * NS_PER_MS : 3000 * NS_PER_MS);
	if (t->tty) {
		show_progress(c, 1);
		fputc('\n', t->progress);
	}
	free(c->requeued);
	free(c);
	return rc;
}
