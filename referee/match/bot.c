/* bot.c: one bot of a match: lines out and in, its transcript, its failures. */
#include <signal.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "bot.h"
#include "net.h"

static const char *const status_names[BOT_STATUSES] = {
	[BOT_OK] = "ok",
	[BOT_NO_START] = "no-start",
	[BOT_HANDSHAKE] = "handshake",
	[BOT_TIMEOUT] = "timeout",
	[BOT_CRASH] = "crash",
	[BOT_CLOSED] = "closed",
	[BOT_TOO_LONG] = "line-too-long",
	[BOT_FLOOD] = "flood",
	[BOT_MEMORY] = "memory",
	[BOT_CPU] = "cpu",
	[BOT_FILE_SIZE] = "file-size",
	[BOT_PROCESSES] = "processes",
	[BOT_DISK] = "disk",
};

const char *bot_status_name(int status)
{
	return status >= 0 && status < BOT_STATUSES ? status_names[status] : "?";
}

const char *bot_outcome(const bot *b)
{
	if (b->status != BOT_OK)
		return bot_status_name(b->status);
	if (b->timeouts)
		return "timeout";
	return b->defaults ? "illegal" : "ok";
}

/* One transcript line: seconds since the match began, who, the direction
 * ("<-" to the bot, "->" from it, "--" for the referee's remarks).  The
 * text is escaped for people: a NUL byte would end it early, and a control
 * byte would drive the terminal of whoever reads the file.  The referee's
 * own lines are printable ASCII, so they stay what the bot received. */
static void transcript(bot *b, const char *dir, const char *text, size_t len)
{
	char small[1024], *buf = small;
	size_t need;

	if (b->transcript == NULL && b->debug == NULL)
		return;
	need = proto_escape(small, sizeof small, text, len, 0);
	if (need >= sizeof small) {
		if ((buf = malloc(need + 1)) == NULL)
			return;
		(void)proto_escape(buf, need + 1, text, len, 0);
	}
	double t = (double)(proc_now() - b->t0) * 1e-9;
	if (b->transcript != NULL)
		fprintf(b->transcript, "%10.6f %s %s %s\n", t, b->label, dir, buf);
	/* The echo of play --debug: the same line, written at once. */
	if (b->debug != NULL) {
		fprintf(b->debug, "%10.6f %s %s %s\n", t, b->label, dir, buf);
		fflush(b->debug);
	}
	if (buf != small)
		free(buf);
}

void bot_fail(bot *b, int status, const char *fmt, ...)
{
	va_list ap;

	if (b->status != BOT_OK)
		return;
	b->status = status;
	va_start(ap, fmt);
	(void)vsnprintf(b->detail, sizeof b->detail, fmt, ap);
	va_end(ap);
	transcript(b, "--", b->detail, strlen(b->detail));
}

void bot_note_refusal(bot *b, const char *line, size_t len, const char *why)
{
	size_t cap = sizeof b->refused - 4, need;

	if (b->refused_why[0] != '\0')
		return;
	/* Cut before escaping, at a length whose escape (4 bytes a byte at
	 * most) fits, then cut again if need be: never inside an escape. */
	need = proto_escape(b->refused, cap + 1, line, len < cap ? len : cap, 0);
	if (len > cap || need > cap)
		memcpy(b->refused + strlen(b->refused), "...", 4);
	(void)proto_escape(b->refused_why, sizeof b->refused_why, why,
	    strlen(why), 0);
	if (b->refused_why[0] == '\0')
		memcpy(b->refused_why, "refused", 8);
}

void bot_take_guard(bot *b, sandbox_guard *g)
{
	sandbox_guard_close(&b->guard);
	b->guard = *g;
	g->notify_fd = -1;
}

int bot_start(bot *b, const proc_spec *spec, char *err, size_t errlen)
{
	if (proc_spawn(&b->p, spec, err, errlen) != 0)
		return -1;
	/* Its folder's changes wake the referee (see take_pokes()). */
	b->p.poke_fd = b->guard.dir[0] != '\0' ? b->guard.notify_fd : -1;
	transcript(b, "--", b->command, strlen(b->command));
	return 0;
}

void bot_send_lines(bot *b, const char *block, size_t len)
{
	if (b->status != BOT_OK)
		return;
	if (b->transcript != NULL || b->debug != NULL) {
		const char *at = block, *end = block + len, *nl;
		for (; at <= end; at = nl + 1) {
			if ((nl = memchr(at, '\n', (size_t)(end - at))) == NULL)
				nl = end;
			transcript(b, "<-", at, (size_t)(nl - at));
		}
	}
	/* proc_send() ends the last line as it ends every line. */
	if (!b->send_failed && proc_send(&b->p, block, len) != 0)
		b->send_failed = 1;
}

static int wait_failed(bot *b, int ev, uint64_t max_bytes, const char *what);

/* The bot whose process p is: only a bot's process has a poke_fd. */
static bot *owner(proc *p)
{
	return (bot *)(void *)((char *)p - offsetof(bot, p));
}

/*
 * Looks at the folders of the poked bots, at once, whichever bot the
 * referee waits for: a bot writing into its folder while another thinks
 * is stopped there, past its quota, and gets its status when it is next
 * waited for or at the game's end (bot_check_limits() finds the folder
 * still too large).  Returns 1 when b itself failed so (its status set).
 */
static int take_pokes(bot *b, proc *const *set, int n, const char *what)
{
	uint64_t grew;
	int failed = 0;

	for (int i = -1; i < n; i++) {
		proc *p = i < 0 ? &b->p : set[i];
		bot *o;
		if (p == NULL || !p->poked || (i >= 0 && p == &b->p))
			continue;
		p->poked = 0;
		o = owner(p);
		sandbox_guard_drain(&o->guard);
		if (o == b)
			failed = bot_check_limits(b, what);
		else if (o->status == BOT_OK &&
		    sandbox_guard_over(&o->guard, &grew))
			proc_stop_all(&p, 1, 0);
	}
	return failed;
}

/* proc_wait(), the folders' changes taken meanwhile (take_pokes());
 * PROC_EV_POKED only when b failed for its own folder. */
static int wait_for(bot *b, proc *const *set, int n, int64_t until,
    uint64_t max_bytes, const char *what)
{
	for (;;) {
		int ev = proc_wait(set, n, &b->p, until, max_bytes);
		if (ev != PROC_EV_POKED || take_pokes(b, set, n, what))
			return ev;
	}
}

/* After a failed write: a short wait tells a bot that died (its exit
 * status is the better report) from one that only stopped reading. */
static int send_failure(bot *b, proc *const *set, int n, int64_t deadline,
    uint64_t max_bytes, const char *what)
{
	int64_t soon = proc_now() + 200 * 1000000LL;
	int ev = wait_for(b, set, n, soon < deadline ? soon : deadline,
	    max_bytes, what);

	if (ev == PROC_EV_INTERRUPTED)
		return BOT_REPLY_INTERRUPTED;
	if (ev == PROC_EV_POKED)
		return -1;
	if (ev == PROC_EV_EXIT || ev == PROC_EV_EOF)
		wait_failed(b, ev, max_bytes, what);
	else
		bot_fail(b, BOT_CLOSED, "stopped reading its input at %s", what);
	return -1;
}

/* A network seat's relay ended: its exit code says how the connection
 * went (net.h).  Returns 1 when it said, 0 for any other end. */
static int net_exit_failed(bot *b, const char *what)
{
	int code = WIFEXITED(b->p.status) ? WEXITSTATUS(b->p.status) : -1;

	switch (code) {
	case NET_EXIT_DROPPED:
		bot_fail(b, BOT_CRASH, "its connection (%s) closed at %s",
		    b->where, what);
		return 1;
	case NET_EXIT_NOBODY:
		bot_fail(b, BOT_NO_START, "nobody connected to %s with its "
		    "token within %lld s", b->where,
		    (long long)((b->net_wait + 999999999) / 1000000000));
		return 1;
	case NET_EXIT_FAILED:
		bot_fail(b, BOT_CRASH, "the relay of %s failed at %s (its log "
		    "says why)", b->where, what);
		return 1;
	default:
		return 0;
	}
}

/* The signal that ended the bot, or 0: bwrap passes it on as exit
 * 128 + the signal. */
static int exit_signal(const bot *b)
{
	int st = b->p.status;

	if (WIFSIGNALED(st))
		return WTERMSIG(st);
	if (b->sandboxed && WIFEXITED(st) && WEXITSTATUS(st) > 128 &&
	    WEXITSTATUS(st) < 128 + 65)
		return WEXITSTATUS(st) - 128;
	return 0;
}

int bot_check_limits(bot *b, const char *what)
{
	const proc_limits *l = &b->limits;
	cgroup_usage u;
	uint64_t grew;

	if (b->status != BOT_OK)
		return 0;
	if (cgroup_usage_read(b->p.cg, CGROUP_MET | (l->cpu > 0 ? CGROUP_CPU :
	    0), &u) == 0) {
		if (u.oom_kills > 0) {
			bot_fail(b, BOT_MEMORY, "reached its memory limit of %llu MB "
			    "(its whole tree, /tmp included) at %s",
			    (unsigned long long)(l->memory >> 20), what);
			return 1;
		}
		if (l->cpu > 0 && u.cpu_ns >= (int64_t)l->cpu * 1000000000) {
			bot_fail(b, BOT_CPU, "reached its CPU time limit of %llu s "
			    "(its whole tree) at %s", (unsigned long long)l->cpu,
			    what);
			return 1;
		}
		if (u.procs_refused > 0) {
			bot_fail(b, BOT_PROCESSES, "reached its limit of %llu "
			    "processes and threads (its whole tree) at %s",
			    (unsigned long long)l->procs, what);
			return 1;
		}
	}
	if (sandbox_guard_over(&b->guard, &grew)) {
		proc *p = &b->p;
		/* At once: every moment of grace is more of the disk. */
		proc_stop_all(&p, 1, 0);
		bot_fail(b, BOT_DISK, "its folder grew by %llu MB, past its quota "
		    "of %llu MB, at %s", (unsigned long long)(grew >> 20),
		    (unsigned long long)(b->guard.quota >> 20), what);
		return 1;
	}
	return 0;
}

/*
 * The bot died: killed by the system-call filter, at one of its limits
 * (what its cgroup counted, the signal the kernel sends for a limit, or its
 * peak memory within a tenth of the limit, where allocations fail), or a
 * crash.
 */
static void exit_failed(bot *b, const char *what)
{
	const proc_limits *l = &b->limits;
	int sig = exit_signal(b);
	char how[48];

	if (b->kind == BOT_NETWORK && net_exit_failed(b, what))
		return;
	if (sig == SIGSYS)
		bot_fail(b, BOT_CRASH, "killed by the sandbox's system-call "
		    "filter at %s: it made a system call bots may not make "
		    "(saboteur(1), SANDBOX, lists them)", what);
	else if (bot_check_limits(b, what))
		return;
	else if (sig == SIGXCPU || (l->cpu > 0 &&
	    b->p.cpu_ns >= (int64_t)l->cpu * 1000000000))
		bot_fail(b, BOT_CPU, "reached its CPU time limit of %llu s at "
		    "%s", (unsigned long long)l->cpu, what);
	else if (sig == SIGXFSZ)
		bot_fail(b, BOT_FILE_SIZE, "wrote past its file size limit of "
		    "%llu MB at %s", (unsigned long long)(l->file_size >> 20),
		    what);
	else if (l->memory > 0 &&
	    (uint64_t)b->p.maxrss_kb * 1024 >= l->memory / 10 * 9)
		bot_fail(b, BOT_MEMORY, "reached its memory limit of %llu MB "
		    "(%ld MB in use) at %s",
		    (unsigned long long)(l->memory >> 20), b->p.maxrss_kb >> 10,
		    what);
	else if (sig != 0 && !WIFSIGNALED(b->p.status))
		bot_fail(b, BOT_CRASH, "killed by signal %d at %s", sig, what);
	else
		bot_fail(b, BOT_CRASH, "%s at %s",
		    proc_describe_exit(&b->p, how, sizeof how), what);
}

/* Marks the bot failed for what proc_wait() saw; 1 when it failed. */
static int wait_failed(bot *b, int ev, uint64_t max_bytes, const char *what)
{
	
	/* A bot that hung or closed its output because its tree met a
	 * limit gets the limit's status. */
	if ((ev == PROC_EV_TIMEOUT || ev == PROC_EV_EOF) &&
	    bot_check_limits(b, what))
		return 1;
	switch (ev) {
	case PROC_EV_TIMEOUT:
		bot_fail(b, BOT_TIMEOUT, "no reply in time at %s", what);
		return 1;
	case PROC_EV_EXIT:
		exit_failed(b, what);
		return 1;
	case PROC_EV_EOF:
		bot_fail(b, BOT_CLOSED, "closed its output at %s", what);
		return 1;
	case PROC_EV_TOO_LONG:
		bot_fail(b, BOT_TOO_LONG, "a line longer than %zu bytes at %s",
		    b->p.max_line, what);
		return 1;
	case PROC_EV_FLOOD:
		bot_fail(b, BOT_FLOOD, "more than %llu bytes of output at %s",
		    (unsigned long long)max_bytes, what);
		return 1;
	default:
		return 0;
	}
}

/* A note is "note" alone or followed by a blank: "note" then a NUL byte
 * is a reply, refused for the NUL. */
static int is_note(const char *line, size_t len)
{
	return len >= 4 && memcmp(line, "note", 4) == 0 &&
	    (len == 4 || line[4] == ' ' || line[4] == '\t');
}

/* How often the limits that only the referee can check (the CPU time of
 * a whole tree, a writable folder's size) are looked at while it waits. */
#define WATCH_NS (50 * 1000000LL)

/* 1 when the bot has limits bot_check_limits() must look at as it goes. */
static int watched(const bot *b)
{
	return b->guard.dir[0] != '\0' || (b->limits.cpu > 0 && b->p.cg != NULL);
}

int bot_reply(bot *b, proc *const *set, int n, int64_t deadline,
    uint64_t max_bytes, char **line, size_t *linelen, int64_t *t,
    const char *what)
{
	int watch = watched(b);

	*line = NULL;
	*linelen = 0;
	if (b->status == BOT_OK && b->send_failed &&
	    send_failure(b, set, n, deadline, max_bytes, what) ==
	    BOT_REPLY_INTERRUPTED)
		return BOT_REPLY_INTERRUPTED;
	if (b->status != BOT_OK)
		return BOT_REPLY_FAILED;
	for (;;) {
		size_t len;
		char *s = proc_take_line(&b->p, &len, t);
		if (s != NULL && watch && bot_check_limits(b, what)) {
			free(s);
			return BOT_REPLY_FAILED;
		}
		if (s != NULL) {
			int note = is_note(s, len);
			transcript(b, "->", s, len);
			b->notes += note;
			*line = s;
			*linelen = len;
			return note ? BOT_REPLY_NOTE : BOT_REPLY_LINE;
		}
		int64_t until = deadline;
		if (watch && proc_now() + WATCH_NS < deadline)
			until = proc_now() + WATCH_NS;
		int ev = wait_for(b, set, n, until, max_bytes, what);
		if (ev == PROC_EV_INTERRUPTED)
			return BOT_REPLY_INTERRUPTED;
		if (ev == PROC_EV_POKED)
			return BOT_REPLY_FAILED;
		if (ev == PROC_EV_TIMEOUT && until < deadline) {
			if (bot_check_limits(b, what))
				return BOT_REPLY_FAILED;
			continue;
		}
		if (ev != PROC_EV_LINE && wait_failed(b, ev, max_bytes, what))
			return BOT_REPLY_FAILED;
	}
}

int bot_drop_stale(bot *b, char **note, size_t *len)
{
	char *s;
	int64_t t;

	while ((s = proc_take_line(&b->p, len, &t)) != NULL) {
		if (is_note(s, *len)) {
			b->notes++;
			transcript(b, "->", s, *len);
			*note = s;
			return 1;
		}
		transcript(b, "-> (dropped, unasked)", s, *len);
		free(s);
	}
	*note = NULL;
	*len = 0;
	return 0;
}
