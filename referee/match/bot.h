/* bot.h: one bot of a match: its process, its clock, its transcript, and
 * how it failed, if it did.  A failing bot is data, never an error; what
 * of it goes into a game's replay is the match runner's to write. */
#ifndef SAB_BOT_H
#define SAB_BOT_H

#include <stdint.h>
#include <stdio.h>

#include "proc.h"
#include "protocol.h"
#include "sandbox.h"

/* How a bot ended its match; every value but BOT_OK takes the bot out. */
enum bot_status {
	BOT_OK,
	BOT_NO_START,           /* the command could not be run */
	BOT_HANDSHAKE,          /* no valid "bot NAME" in time */
	BOT_TIMEOUT,            /* no reply before its deadline */
	BOT_CRASH,              /* exited or was killed by a signal */
	BOT_CLOSED,             /* closed stdout (or stdin) while running */
	BOT_TOO_LONG,           /* a line longer than the limit */
	BOT_FLOOD,              /* too much output in one turn */
	BOT_MEMORY,             /* ended at its memory limit */
	BOT_CPU,                /* ended at its CPU time limit */
	BOT_FILE_SIZE,          /* killed for writing past its file size limit */
	BOT_PROCESSES,          /* its tree met its process limit (cgroup) */
	BOT_DISK,               /* its writable folder grew past its quota */
	BOT_STATUSES
};

/* What sits at a seat.  Each is a process the referee talks to in the
 * same way: a program it runs, the relay of a bot that connects over the
 * network (net.h), or the move picker of a person at the terminal. */
enum bot_kind {
	BOT_PROGRAM,
	BOT_NETWORK,
	BOT_PERSON
};

/* Time control, in nanoseconds. */
typedef struct bot_clock {
	int64_t handshake;      /* for the "bot NAME" reply */
	int64_t move;           /* per decision, before the bank is touched */
	int64_t bank;           /* per game, spent when a decision takes longer */
	int64_t grace;          /* allowed past a deadline for the referee's delays */
} bot_clock;

typedef struct bot {
	int index;              /* which BOT argument, from 0 */
	char *command;          /* the BOT argument */
	char **argv;
	char label[48];         /* "1:name" before and after the handshake */
	char name[PROTO_NAME_MAX + 1];
	unsigned features;      /* PROTO_FEAT_* */
	char hello[PROTO_LINE_MAX]; /* its handshake reply as sent, escaped
	                           as in a replay (proto_escape, exact; cut
	                           to fit) */
	proc p;
	proc_limits limits;     /* what it runs under, to name the limit it hit */
	sandbox_guard guard;    /* its writable folder's quota, if any */
	int sandboxed;          /* 1: p is bwrap, which reports a signal that
	                           killed the bot as exit 128 + the signal */
	FILE *transcript;       /* NULL: none */
	FILE *debug;            /* the transcript's lines echoed here too
	                           (play --debug: stderr), or NULL */
	int seat;               /* its seat in the current game */
	int64_t t0;             /* the match's start, for transcript times */

	int status;             /* enum bot_status */
	char detail[160];       /* what happened, for people */
	int own_clock;          /* 1: the two limits below replace the match's */
	int64_t move_limit;     /* its own move limit (ns) */
	int64_t bank_limit;     /* its own bank (ns) per game */
	int64_t bank_left;      /* this game */
	int64_t used;           /* thinking time over the match */
	int64_t longest;        /* the longest decision */
	int decisions;
	int illegal;            /* replies refused (illegal or malformed) */
	char refused[96];       /* the first refused reply, escaped for
	                           people, cut to fit ("..." then), or "" */
	char refused_why[160];  /* why it was refused */
	int defaults;           /* decisions the referee made for it */
	int timeouts;           /* games in which it ran out of time */
	int send_failed;        /* a write to its stdin failed: decided at
	                           the next wait, since the usual cause is
	                           that it died, which the wait will see */
	int notes;
	int kind;               /* enum bot_kind */
	/* A network seat: how long its handshake may wait for the bot to
	 * connect, the allowance taken off each reply's time for the
	 * network's round trip, and where it listens ("ADDR:PORT"). */
	int64_t net_wait;
	int64_t allowance;
	char where[64];
} bot;

/* Gives b the guard g of its next start (sandbox_command()'s), closing
 * the one of its last; g keeps no descriptor. */
void bot_take_guard(bot *b, sandbox_guard *g);

/* Starts the bot's process; a command that cannot start marks the bot, it
 * does not fail the match.  Returns -1 only for the referee's own failure
 * (a pipe or fork that fails), with the reason in err. */
int bot_start(bot *b, const proc_spec *spec, char *err, size_t errlen);

/* Sends several lines at once: len bytes of lines, each but the last
 * ended by a newline (proc_send() ends the last), each written to the
 * transcript.  When the bot's stdin is closed, the next bot_reply() finds
 * out why: it died, or it stopped reading (BOT_CLOSED). */
void bot_send_lines(bot *b, const char *block, size_t len);

/* Sends one line of len bytes, no newline.  Inline: the referee sends a
 * dozen lines a decision, most to a bot that plays on and has no
 * transcript; bot_send_lines() does the rest. */
static inline void bot_send(bot *b, const char *line, size_t len)
{
	if (b->status != BOT_OK || b->transcript != NULL || b->debug != NULL ||
	    b->send_failed) {
		bot_send_lines(b, line, len);
		return;
	}
	if (proc_send(&b->p, line, len) != 0)
		b->send_failed = 1;
}

/* Results of bot_reply(). */
enum bot_reply {
	BOT_REPLY_LINE,         /* a line (not a note) is in *line */
	BOT_REPLY_NOTE,         /* a note is in *line: the caller keeps it
	                           where it wants and asks again */
	BOT_REPLY_FAILED,       /* the bot failed: b->status says how */
	BOT_REPLY_INTERRUPTED   /* the referee was told to stop */
};

/*
 * Waits for the bot's next line, until deadline, while keeping every bot
 * of set drained (see proc_wait).  A note ("note ...") is written to the
 * transcript, counted and returned as BOT_REPLY_NOTE; any other line as
 * BOT_REPLY_LINE.  Sets *line (free it), *linelen (the line may hold NUL
 * bytes: judge it by its length) and *t, when its newline was read.  A
 * failure (BOT_REPLY_FAILED) marks the bot with its status and detail;
 * `what` names the wait in the detail ("turn 12 of game 1").
 */
int bot_reply(bot *b, proc *const *set, int n, int64_t deadline,
    uint64_t max_bytes, char **line, size_t *linelen, int64_t *t,
    const char *what);

/*
 * Drops the lines the bot sent when nobody asked (a late reply after a
 * timeout, say), writing them to the transcript as dropped, up to its
 * first note: returns 1 with the note in *note (free it; its length in
 * *len) for the caller to keep before it calls again, or 0 when no line is
 * left.
 */
int bot_drop_stale(bot *b, char **note, size_t *len);

/* Keeps the first refused reply (len bytes, maybe with NUL bytes) and
 * why it was refused, for the match's summary; later ones are counted by
 * the caller only. */
void bot_note_refusal(bot *b, const char *line, size_t len, const char *why);

/*
 * Whether the bot's whole tree met one of its limits (its cgroup's memory,
 * processes or CPU time; its writable folder's quota): if so, marks it
 * failed with that status (`what` names the moment, as for bot_reply())
 * and returns 1; else 0.  Cheap when the bot has no cgroup nor quota.
 */
int bot_check_limits(bot *b, const char *what);

/* Marks the bot failed with status and a printf-style detail. */
void bot_fail(bot *b, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The short word for a status ("ok", "timeout", ...). */
const char *bot_status_name(int status);

/* The word for how the bot did over the match: its failure if it was taken
 * out, else "timeout" or "illegal" if the referee had to play for it. */
const char *bot_outcome(const bot *b);

#endif
