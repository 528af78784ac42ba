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

/* The cells of the board drawn, and the board's whole extent. */
typedef struct render_window {
	int x0, x1, y0, y1;     /* the cells drawn */
	int bx0, bx1, by0, by1; /* the board: the start, the goals, the cards */
} render_window;

/*
 * Appends one row (0 to 2; compact: the one) of card def turned by rot
 * as the board draws a cell, without a newline, for cards shown off the
 * board (a person's hand); marked shows it reversed.  Returns 0, or -1
 * when out of memory.
 */
int render_card_row(render_buf *b, const view *v, const view_table *t,
    uint8_t def, int rot, int row, int marked, const render_style *st);

/* The board's extent: the start, the goals and every card on the table. */
void render_board_extent(const view *v, const view_table *t,
    render_window *w);

/*
 * Appends the cells of window w only.  Where the board goes on past an
 * edge, the edge is marked (^ v on the row labels, < > on the column
 * labels) and a line before the board names the rows and columns left
 * out.  With the whole extent it writes what render_board() writes.
 */
int render_board_part(render_buf *b, const view *v, const view_table *t,
    const render_style *st, const render_window *w);

/*
 * The header in lines of at most width columns (0: no limit, the same as
 * render_header()): fields that do not fit are shortened or left out
 * whole, the least needed first, never cut inside a word.
 */
int render_header_fit(render_buf *b, const view *v, const view_table *t,
    const render_style *st, int width);

/* The players in few lines: several seats a line, each as its mark, seat,
 * name, role letter, broken tools, cards held and gold, within width
 * columns. */
int render_players_compact(render_buf *b, const view *v, const view_table *t,
    const render_style *st, int width);

/* What the marks of the board and the players' table mean, for the
 * ruleset of v (NULL: the base game's marks). */
int render_legend(render_buf *b, const view *v, const render_style *st);

/* The fields of one seat's row in the players' table, as
 * render_players() prints them; the game page (saboteur html) shows the
 * same words. */
typedef struct render_seat {
	char mark;              /* '>' the seat to play, '*' a winner, ' ' */
	const char *role;       /* the role's name, "?" unknown, "-" none */
	char tools[6];          /* "P--": broken tools; then T X in front */
	char gold[16];          /* "3", "3+1?" or "?+2" */
} render_seat;

/* Fills *out with seat k's fields at table t. */
void render_seat_fields(const view *v, const view_table *t, int k,
    render_seat *out);

/* The seat asked at the table's step, or -1. */
int render_actor(const view *v, const view_table *t);

/* What the World Championship cards leave open at t (the direction when
 * reversed, a pending card, a seat asked to react or take), in words, or
 * an empty string; never more than len bytes. */
void render_step_state(const view *v, const view_table *t, char *buf,
    size_t len);

/* The whole position: the four parts, a blank line between them. */
int render_position(render_buf *b, const view *v, const view_table *t,
    const render_style *st);

#endif
