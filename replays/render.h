/* render.h: one position of a replay as text for people: the header, the
 * board as a grid of tunnels, the players, and the step shown. */
#ifndef SAB_REPLAY_RENDER_H
#define SAB_REPLAY_RENDER_H

#include <stddef.h>

#include "view.h"

/* How to draw.  The output depends on nothing else: no clock, no terminal. */
typedef struct render_style {
	int ascii;              /* plain ASCII instead of box drawing */
	int colour;             /* ANSI colours */
	int compact;            /* one text line per board row, not three */
} render_style;

/* A text that grows as it is written. */
typedef struct render_buf {
	char *s;                /* NUL-terminated; NULL while empty */
	size_t len, cap;
	int failed;             /* out of memory: what is there is cut short */
} render_buf;

/* Frees the buffer's text and empties it; an empty one does nothing. */
void render_buf_free(render_buf *b);

/* Appends to b like printf.  Returns 0, or -1 when out of memory. */
int render_printf(render_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Appends text that came from a file or a bot, at most max bytes of it,
 * with control bytes and anything outside ASCII shown as \xHH
 * (proto_escape()), so nothing in a replay can steer a terminal. */
void render_text(render_buf *b, const char *s, size_t max);

/*
 * Each appends one part of the position t (a table of view v) to b, ending
 * in a newline: the header (the game, the round, the decision, the
 * perspective); the board; the players (seat, name, role, broken tools,
 * hand, gold, bank, status) and the cards this perspective knows; the step
 * (the current event, and the last line and note of the seat asked when
 * this perspective may see them).  Each returns 0, or -1 when out of memory.
 */
int render_header(render_buf *b, const view *v, const view_table *t,
    const render_style *st);
int render_board(render_buf *b, const view *v, const view_table *t,
    const render_style *st);
int render_players(render_buf *b, const view *v, const view_table *t,
    const render_style *st);
int render_step(render_buf *b, const view *v, const view_table *t,
    const render_style *st);

/* The whole position: the four parts, a blank line between them. */
int render_position(render_buf *b, const view *v, const view_table *t,
    const render_style *st);

#endif
