/* line.h: the protocol's lines as the event types' and move kinds' rows
 * write and read them: a ruleset's card tokens, a line being written and
 * its appenders, a reply being read and its readers. */
#ifndef SAB_LINE_H
#define SAB_LINE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "effect.h"
#include "event.h"

#define SAB_TOKEN_MAX 48

/* The token of every card of a ruleset, computed once (protocol.h calls
 * it proto_cards, and proto_cards_init() fills it). */
typedef struct sab_tokens {
	const sab_ruleset *rs;
	char tok[SAB_MAX_DEFS][SAB_TOKEN_MAX];
	uint8_t len[SAB_MAX_DEFS];      /* each token's length */
	const sab_kind *kind[SAB_MAX_DEFS]; /* each card's kind, found once */
	/* Where each goal place lies in the game the lines are about: the
	 * ruleset's cells until a module moves one; proto_cards_follow()
	 * keeps them. */
	int8_t goal_x[SAB_MAX_GOALS], goal_y[SAB_MAX_GOALS];
	/* SAB_COMPAT_* bits: how a referee of an older replay format
	 * spoke, for an old replay's lines to be read and rebuilt as they
	 * were; 0 (proto_cards_init()) is today's protocol. */
	unsigned compat;
} sab_tokens;

/* The referees that wrote replay format 1.4 and earlier (protocol.h). */
enum { SAB_COMPAT_1_4 = 1 };

/* A line being written: a buffer, its size and how much is used; a write
 * that does not fit marks the line as failed. */
typedef struct sab_line {
	char *buf;
	size_t len, used;
	int full;
} sab_line;

/*
 * What an event type's row is given to say an event in a seat's line: the
 * tokens, the event as the seat sees it (v) and as the rules made it (e),
 * the seat (-1: a spectator) and the players.
 */
typedef struct sab_say_ctx {
	const sab_tokens *pc;
	const sab_event *v;
	const sab_event *e;
	int seat;
	int nplayers;
} sab_say_ctx;

/*
 * Appenders, inline: the referee formats every line it sends through
 * these, so they avoid printf (a formatted print cost about 2,000
 * instructions a line) and a call each.
 */
static inline void sab_put_mem(sab_line *l, const char *s, size_t n)
{
	if (l->full || n >= l->len - l->used) {
		l->full = 1;
		return;
	}
	memcpy(l->buf + l->used, s, n);
	l->used += n;
	l->buf[l->used] = '\0';
}

static inline void sab_put_s(sab_line *l, const char *s)
{
	sab_put_mem(l, s, strlen(s));
}

/* A space, then s. */
static inline void sab_put_ws(sab_line *l, const char *s)
{
	sab_put_mem(l, " ", 1);
	sab_put_s(l, s);
}

/* A space, then card def's token (its length known, not counted). */
static inline void sab_put_tok(sab_line *l, const sab_tokens *pc, uint8_t def)
{
	sab_put_mem(l, " ", 1);
	sab_put_mem(l, pc->tok[def], pc->len[def]);
}

/* A space, then v in decimal. */
static inline void sab_put_wi(sab_line *l, long v)
{
	char digits[24], *d = digits + sizeof digits;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	/* Most numbers are one digit (a place near the start, a rotation, a
	 * seat): written in place, as sab_put_mem() would, without its
	 * copy. */
	if (u < 10 && v >= 0 && !l->full && l->len - l->used > 2) {
		l->buf[l->used] = ' ';
		l->buf[l->used + 1] = (char)('0' + u);
		l->used += 2;
		l->buf[l->used] = '\0';
		return;
	}

	do
		*--d = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--d = '-';
	*--d = ' ';
	sab_put_mem(l, d, (size_t)(digits + sizeof digits - d));
}

/* A space, then card's token, or "-" for a card this seat does not see. */
static inline void sab_put_card(sab_line *l, const sab_tokens *pc,
    uint8_t card)
{
	if (card < pc->rs->ndefs)
		sab_put_tok(l, pc, card);
	else
		sab_put_mem(l, " -", 2);
}

/* A seat list: every seat of mask. */
static inline void sab_put_seats(sab_line *l, uint16_t mask)
{
	for (int s = 0; s < SAB_MAX_PLAYERS; s++)
		if (mask & (1u << s))
			sab_put_wi(l, s);
}

/* The X Y of goal place k, where it lies now (k out of range: place 0). */
static inline void sab_put_goal(sab_line *l, const sab_tokens *pc, int k)
{
	k = k >= 0 && k < SAB_MAX_GOALS ? k : 0;
	sab_put_wi(l, pc->goal_x[k]);
	sab_put_wi(l, pc->goal_y[k]);
}

/* The X Y of goal place k of a move ("reveal X Y"): 0 0 for no goal
 * place of the ruleset. */
static inline void sab_put_move_goal(sab_line *l, const sab_tokens *pc,
    int k)
{
	sab_put_wi(l, k < pc->rs->ngoals ? pc->goal_x[k] : 0);
	sab_put_wi(l, k < pc->rs->ngoals ? pc->goal_y[k] : 0);
}

/* The X Y of every goal place of mask (bit k: place k), in place order. */
static inline void sab_put_goals(sab_line *l, const sab_tokens *pc,
    uint16_t mask)
{
	for (int k = 0; k < pc->rs->ngoals; k++)
		if (mask >> k & 1)
			sab_put_goal(l, pc, k);
}

/*
 * The arguments of a played card after its token, one loop over its kind's
 * list (rules/effect.h): a move's (e NULL) or an event's, which has the
 * same fields and may add the card a play took away.  Inline: a play is
 * the line the referee sends most.
 */
static inline void sab_put_args(sab_line *l, const sab_tokens *pc,
    const sab_move *m, const sab_event *e)
{
	const sab_kind *k = pc->kind[m->card];

	for (int i = 0; k != NULL && i < SAB_MAX_ARGS; i++) {
		switch (k->args[i]) {
		case SAB_ARG_END:
			return;
		case SAB_ARG_X:
			sab_put_wi(l, m->x);
			break;
		case SAB_ARG_Y:
			sab_put_wi(l, m->y);
			break;
		case SAB_ARG_ROT:
			sab_put_wi(l, m->rot);
			break;
		case SAB_ARG_SEAT:
			sab_put_wi(l, m->target);
			break;
		case SAB_ARG_TOOL:
			sab_put_ws(l, sab_tool_name(m->tool));
			break;
		case SAB_ARG_GOAL:
			/* A goal that is no goal place: the face-down
			 * card a module hides at (x, y). */
			if (m->goal == SAB_GOAL_CHEST) {
				sab_put_wi(l, m->x);
				sab_put_wi(l, m->y);
				break;
			}
			sab_put_goal(l, pc, m->goal);
			break;
		case SAB_ARG_REMOVED:
			if (e != NULL)
				sab_put_card(l, pc, e->removed);
			break;
		case SAB_ARG_GOAL2:
			sab_put_goal(l, pc, m->goal2);
			break;
		case SAB_ARG_FROM:
			if (e != NULL) {
				sab_put_wi(l, e->vals[0]);
				sab_put_wi(l, e->vals[1]);
			}
			break;
		default:        /* SAB_ARG_CARD_TOOL: not written */
			break;
		}
	}
}

/* The move an event of a played card shows (the fields they share). */
static inline sab_move sab_play_of_event(const sab_event *e)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_PLAY;
	m.card = e->card;
	m.x = e->x, m.y = e->y, m.rot = e->rot;
	m.target = e->target, m.tool = e->tool, m.goal = e->goal;
	m.goal2 = e->value;     /* a goal swap's second goal */
	return m;
}

/* ---- reading a bot's reply ----------------------------------------------- */

#define SAB_REPLY_WORDS 8

/*
 * A reply from a bot split into words (pointers into the line, with their
 * lengths), with what reading it needs: the tokens, how a reason words
 * them, and where the reason goes.  A move kind's row reads its words
 * with the functions below.
 */
typedef struct sab_reply {
	int n;
	const char *w[SAB_REPLY_WORDS];
	size_t len[SAB_REPLY_WORDS];
	int more;               /* there were more words than SAB_REPLY_WORDS */
	const sab_tokens *pc;
	int names;              /* 1: quote a bot's words as sent (the
	                           reasons of a referee before replay format
	                           1.2); 0: escaped */
	char *why;              /* the reason a reply is refused */
	size_t whylen;
} sab_reply;

/* Splits s (len bytes, no NUL) into r's words at blanks and tabs. */
void sab_reply_split(sab_reply *r, const char *s, size_t len);

/* Returns 1 when word i is s. */
int sab_reply_is(const sab_reply *r, int i, const char *s);

/* Writes the reason into r->why; returns -1 (the reply is refused). */
int sab_reply_bad(sab_reply *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Word i, at most 40 bytes of it, for a reason (size at least 4 * 40 + 1
 * bytes): escaped, or as sent when r->names says so. */
void sab_reply_quote(const sab_reply *r, int i, char *buf, size_t size);

/* Reads word i as a whole number in [lo, hi] into *out: 0, or -1. */
int sab_reply_number(const sab_reply *r, int i, long lo, long hi,
    long *out);

/* Reads "X Y" at word i into m->x, m->y: 0, or -1. */
int sab_reply_xy(const sab_reply *r, int i, sab_move *m);

/* The goal place at (x, y) now (pc follows the game's pushes), or -1. */
int sab_reply_goal_at(const sab_tokens *pc, int x, int y);

/* Reads "WORD X Y", the place of a goal, into m->goal: 0, or -1 with the
 * reason. */
int sab_reply_goal(sab_reply *r, sab_move *m);

/* Reads word 1 as a card into m->card: 0, or -1 with the reason. */
int sab_reply_card(sab_reply *r, sab_move *m);

/* The cards of a discard or a removal from word `at` on: card (for a
 * discard, m->kind SAB_MOVE_PASS), then more[], put in card order (a
 * move's set of cards is written once): 0, or -1 with the reason. */
int sab_reply_cards(sab_reply *r, int at, sab_move *m);

/* proto_escape() and proto_unescape() (protocol.h). */
size_t sab_escape(char *buf, size_t size, const char *s, size_t len,
    int exact);
size_t sab_unescape(char *s, size_t len);

#endif
