/* bot.c: one bot of a match: lines out and in, its transcript, its failures. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"

static const char *const status_names[BOT_STATUSES] = {
	[BOT_OK] = "ok",
	[BOT_NO_START] = "no-start",
	[BOT_HANDSHAKE] = "handshake",
	[BOT_TIMEOUT] = "timeout",
	[BOT_CRASH] = "crash",
	[BOT_CLOSED] = "closed",
	[BOT_TOO_LONG] = "line-too-long",
	[BOT_FLOOD] = "flood",
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

	if (b->transcript == NULL)
		return;
	need = proto_escape(small, sizeof small, text, len, 0);
	if (need >= sizeof small) {
		if ((buf = malloc(need + 1)) == NULL)
			return;
		(void)proto_escape(buf, need + 1, text, len, 0);
	}
	fprintf(b->transcript, "%10.6f %s %s %s\n",
	    (double)(proc_now() - b->t0) * 1e-9, b->label, dir, buf);
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
	if (b->replay != NULL)
		replay_status(b->replay, b->seat, bot_status_name(status),
		    b->detail);
}

int bot_start(bot *b, const proc_spec *spec, char *err, size_t errlen)
{
	if (proc_spawn(&b->p, spec, err, errlen) != 0)
		return -1;
	transcript(b, "--", b->command, strlen(b->command));
	return 0;
}

void bot_send(bot *b, const char *line)
{
	size_t len = strlen(line);

	if (b->status != BOT_OK)
		return;
	transcript(b, "<-", line, len);
	if (!b->send_failed && proc_send(&b->p, line, len) != 0)
		b->send_failed = 1;
}

static int wait_failed(bot *b, int ev, uint64_t max_bytes, const char *what);

/* After a failed write: a short wait tells a bot that died (its exit
 * status is the better report) from one that only stopped reading. */
static int send_failure(bot *b, proc *const *set, int n, int64_t deadline,
    uint64_t max_bytes, const char *what)
{
	int64_t soon = proc_now() + 200 * 1000000LL;
	int ev = proc_wait(set, n, &b->p, soon < deadline ? soon : deadline,
	    max_bytes);

	if (ev == PROC_EV_INTERRUPTED)
		return BOT_REPLY_INTERRUPTED;
	if (ev == PROC_EV_EXIT || ev == PROC_EV_EOF)
		wait_failed(b, ev, max_bytes, what);
	else
		bot_fail(b, BOT_CLOSED, "stopped reading its input at %s", what);
	return -1;
}

/* Marks the bot failed for what proc_wait() saw; 1 when it failed. */
static int wait_failed(bot *b, int ev, uint64_t max_bytes, const char *what)
{
	char how[48];

	switch (ev) {
	case PROC_EV_TIMEOUT:
		bot_fail(b, BOT_TIMEOUT, "no reply in time at %s", what);
		return 1;
	case PROC_EV_EXIT:
		bot_fail(b, BOT_CRASH, "%s at %s",
		    proc_describe_exit(&b->p, how, sizeof how), what);
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

int bot_reply(bot *b, proc *const *set, int n, int64_t deadline,
    uint64_t max_bytes, char **line, size_t *linelen, int64_t *t,
    const char *what)
{
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
		if (s != NULL && is_note(s, len)) {
			transcript(b, "->", s, len);
			if (b->replay != NULL)
				replay_note(b->replay, b->seat, s, len);
			b->notes++;
			free(s);
			continue;
		}
		if (s != NULL) {
			transcript(b, "->", s, len);
			*line = s;
			*linelen = len;
			return BOT_REPLY_LINE;
		}
		int ev = proc_wait(set, n, &b->p, deadline, max_bytes);
		if (ev == PROC_EV_INTERRUPTED)
			return BOT_REPLY_INTERRUPTED;
		if (ev != PROC_EV_LINE && wait_failed(b, ev, max_bytes, what))
			return BOT_REPLY_FAILED;
	}
}

void bot_drop_stale(bot *b)
{
	char *s;
	size_t len;
	int64_t t;

	while ((s = proc_take_line(&b->p, &len, &t)) != NULL) {
		if (is_note(s, len)) {
			b->notes++;
			transcript(b, "->", s, len);
			if (b->replay != NULL)
				replay_note(b->replay, b->seat, s, len);
		} else {
			transcript(b, "-> (dropped, unasked)", s, len);
		}
		free(s);
	}
}
