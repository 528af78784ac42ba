/* human.c: a person's seat: the referee's lines kept by the C bot helper
 * (botlib) as the seat's table, drawn as the viewer draws a position, and a
 * picker that answers each decision with one of the legal moves; plus the
 * referee's side of lending it the terminal. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "botlib.h"
#include "cli.h"
#include "event_def.h"
#include "human.h"
#include "proc.h"
#include "render.h"
#include "term.h"

#define NS_PER_MS 1000000LL
/* How often the clock on the screen is drawn again while nothing comes. */
#define TICK_MS 250
/* The lines of what happened that are kept, and the longest. */
#define LOG_LINES 64
#define LOG_WIDTH 160
/* The rows the picker's list takes at least, besides its filter line,
 * and the lines of what happened shown above it. */
#define LIST_MIN 4
#define LOG_SHOWN 2

/* ---- the referee's side ----------------------------------------------------- */

/* Blocks SIGTTOU around a change of the terminal's foreground group, which
 * a process not (or no longer) in it may make only so. */
static void set_foreground(int tty, pid_t pgrp)
{
	sigset_t block, old;

	(void)sigemptyset(&block);
	(void)sigaddset(&block, SIGTTOU);
	(void)sigprocmask(SIG_BLOCK, &block, &old);
	(void)tcsetpgrp(tty, pgrp);
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Sends what was written to f since it was held on to fd. */
static void held_write(FILE *f, int fd)
{
	char buf[4096];
	size_t k;

	if (f == NULL)
		return;
	(void)fflush(f);
	rewind(f);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		if (write(fd, buf, k) < 0)
			break;
	(void)fclose(f);
}

/* Makes fd write into a fresh temporary file (returned), keeping what it
 * was in *kept. */
static FILE *hold(int fd, int *kept)
{
	FILE *f = tmpfile();

	*kept = -1;
	if (f == NULL)
		return NULL;
	if ((*kept = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0 ||
	    dup2(fileno(f), fd) < 0) {
		if (*kept >= 0)
			(void)close(*kept);
		*kept = -1;
		(void)fclose(f);
		return NULL;
	}
	return f;
}

/* Opens the terminal into t->tty, when this referee has one and runs in
 * its foreground; -1 with why in err. */
static int open_tty(human_table *t, char *err, size_t errlen)
{
	if ((t->tty = open("/dev/tty", O_RDWR | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "it needs a terminal, and this referee has "
		    "none (/dev/tty: %s)", strerror(errno));
		return -1;
	}
	t->fg = tcgetpgrp(t->tty);
	if (t->fg != getpgrp()) {
		(void)close(t->tty);
		t->tty = -1;
		snprintf(err, errlen, "it needs the terminal, and this referee "
		    "runs in the background: run it in the foreground");
		return -1;
	}
	return 0;
}

int human_table_check(char *err, size_t errlen)
{
	human_table t;

	if (open_tty(&t, err, errlen) != 0)
		return -1;
	(void)close(t.tty);
	return 0;
}

int human_table_open(human_table *t, char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	t->out = t->err = -1;
	if (open_tty(t, err, errlen) != 0)
		return -1;
	t->saved_ok = tcgetattr(t->tty, &t->saved) == 0;
	(void)fflush(stdout);
	(void)fflush(stderr);
	t->held_out = hold(STDOUT_FILENO, &t->out);
	t->held_err = hold(STDERR_FILENO, &t->err);
	t->open = 1;
	return 0;
}

void human_table_close(human_table *t)
{
	if (!t->open)
		return;
	(void)fflush(stdout);
	(void)fflush(stderr);
	if (t->out >= 0 && dup2(t->out, STDOUT_FILENO) >= 0)
		(void)close(t->out);
	if (t->err >= 0 && dup2(t->err, STDERR_FILENO) >= 0)
		(void)close(t->err);
	/* The seat puts the terminal back as it leaves; if it was killed
	 * first, the referee does. */
	if (tcgetpgrp(t->tty) != t->fg)
		set_foreground(t->tty, t->fg);
	if (t->saved_ok)
		(void)tcsetattr(t->tty, TCSADRAIN, &t->saved);
	(void)close(t->tty);
	held_write(t->held_out, STDOUT_FILENO);
	held_write(t->held_err, STDERR_FILENO);
	t->open = 0;
}

/* ---- the seat's process: its state --------------------------------------------- */

/* A legal move of the decision, as the picker shows it. */
typedef struct pick {
	int legal;              /* its index in the state's list */
	int x, y;               /* the cell it plays on, if has_cell */
	int has_cell;
} pick;

typedef struct seat {
	const botstate *s;      /* the table, as botlib keeps it */
	int tty;                /* /dev/tty once the first game began */
	pid_t fg;               /* the terminal's foreground group before */
	int on;                 /* the screen is ours */
	render_style st;
	/* Lines from the referee not handled yet. */
	char *in;
	size_t inlen, incap;
	int in_end;             /* stdin ended: the referee is gone */
	/* What happened, newest last. */
	char log[LOG_LINES][LOG_WIDTH];
	int nlog;
	/* A decision being made. */
	int choosing;
	int64_t asked_at;
	char filter[64];
	pick shown[BOT_MAX_LEGAL];
	int nshown, sel, top;
	int board;              /* the cursor is on the board */
	int cx, cy;
	char answer[BOT_MOVE_MAX];
	char msg[160];
	int quit;               /* the person stopped the match */
	/* What the renderer needs: a view of one step, its table. */
	replay_file f;
	view v;
	view_step step;
	view_table t, scratch;
} seat;

static seat me;

/* ---- the terminal ----------------------------------------------------------- */

/* Takes the terminal: its foreground (so keys come here, and nothing
 * stops us for drawing) and the screen. */
static int screen_take(void)
{
	char err[256];

	if (me.on)
		return 0;
	if (me.tty < 0 && (me.tty = open("/dev/tty", O_RDWR | O_CLOEXEC)) < 0) {
		fprintf(stderr, "human-seat: no terminal: %s\n", strerror(errno));
		return -1;
	}
	me.fg = tcgetpgrp(me.tty);
	set_foreground(me.tty, getpgrp());
	if (term_open_on(me.tty, me.tty, err, sizeof err) != 0) {
		set_foreground(me.tty, me.fg);
		fprintf(stderr, "human-seat: %s\n", err);
		return -1;
	}
	me.st.ascii = !term_utf8();
	me.st.colour = 1;
	me.on = 1;
	return 0;
}

/* Gives the terminal back to the referee's group, as it was. */
static void screen_leave(void)
{
	if (!me.on)
		return;
	term_close();
	set_foreground(me.tty, me.fg);
	me.on = 0;
}

/* ---- what happened, in words --------------------------------------------------- */

static const char *seat_name(int k)
{
	const botstate *s = me.s;

	if (k == s->seat)
		return "you";
	return k >= 0 && k < s->nplayers && s->names[k][0] ? s->names[k] : "?";
}

static void log_add(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_add(const char *fmt, ...)
{
	va_list ap;

	if (me.nlog == LOG_LINES) {
		memmove(me.log[0], me.log[1], sizeof me.log[0] * (LOG_LINES - 1));
		me.nlog--;
	}
	va_start(ap, fmt);
	(void)vsnprintf(me.log[me.nlog++], LOG_WIDTH, fmt, ap);
	va_end(ap);
}

/* "roundend R gold|nocards FINDER|- SIDE [winners S...]" in words, in the
 * log and on the message line, where it stays until the next key, so
 * that the next round's first lines do not hide it. */
static void round_over(const char *rest)
{
	char how[16], finder[16], side[32];
	int r, f, n = 0;

	if (sscanf(rest, "%d %15s %15s %31s %n", &r, how, finder, side, &n) < 4) {
		log_add("the round is over: %s", rest);
		return;
	}
	if (strcmp(how, "gold") == 0 && sscanf(finder, "%d", &f) == 1)
		snprintf(me.msg, sizeof me.msg, "round %d is over: %d %s reached "
		    "the gold; %s win", r, f, seat_name(f), side);
	else
		snprintf(me.msg, sizeof me.msg, "round %d is over: %s; %s win", r,
		    strcmp(how, "nocards") == 0 ? "no cards left" : how, side);
	log_add("%s", me.msg);
}

/* Whether a line of the referee that begins with word names the acting
 * seat next: the base game's lines, and the modules' events that say so
 * (log_word). */
static int seated_word(const char *word)
{
	static const char *const base[] = { "played", "discarded", "passed",
		"gold" };

	for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
		if (strcmp(word, base[i]) == 0)
			return 1;
	for (int i = 0; i < SAB_EV_TYPES; i++)
		if (sab_event_defs[i]->log_word != NULL &&
		    strcmp(word, sab_event_defs[i]->log_word) == 0)
			return 1;
	return 0;
}

/* Notes a line of the referee in words, before botlib takes it. */
static void log_line(const char *line)
{
	char word[16], rest[LOG_WIDTH], a[LOG_WIDTH];
	int k = -1, n = 0, m = 0, x, y;

	if (sscanf(line, "%15s %n", word, &n) != 1)
		return;
	(void)snprintf(rest, sizeof rest, "%s", line + n);
	if (seated_word(word) && sscanf(rest, "%d %n", &k, &m) >= 1) {
		if (strcmp(word, "discarded") == 0 && rest[m] == '-')
			log_add("%d %s: discarded a card face down", k, seat_name(k));
		else
			log_add("%d %s: %s %s", k, seat_name(k), word, rest + m);
		return;
	}
	if (strcmp(word, "role") == 0 && sscanf(rest, "%d %127s", &k, a) == 2 &&
	    k == me.s->seat)
		log_add("you are a %s", a);
	else if (strcmp(word, "role") == 0 && k >= 0)
		log_add("%d %s is a %s", k, seat_name(k), a);
	else if (strcmp(word, "round") == 0 && sscanf(rest, "%d %d %d", &x, &k,
	    &y) == 3)
		log_add("round %d begins: %d %s plays first; %d cards to draw", x,
		    k, seat_name(k), y);
	else if (strcmp(word, "roundend") == 0)
		round_over(rest);
	else if (strcmp(word, "gameover") == 0) {
		snprintf(me.msg, sizeof me.msg, "the game is over: gold by "
		    "seat, then the winners: %.100s", rest);
		log_add("%s", me.msg);
	}
	else if (strcmp(word, "reveal") == 0 && sscanf(rest, "%d %d %127s", &x,
	    &y, a) == 3)
		log_add("the goal at %d %d is turned: %s", x, y, a);
	else if (strcmp(word, "peek") == 0 && sscanf(rest, "%d %d %127s", &x,
	    &y, a) == 3)
		log_add("your map: the goal at %d %d is %s", x, y, a);
	else if (strcmp(word, "vetoed") == 0 || strcmp(word, "game") == 0)
		log_add("%s %s", word, rest);
	else if (strcmp(word, "default") == 0)
		log_add("the referee played for you (%s)", rest);
	else if (strcmp(word, "illegal") == 0)
		snprintf(me.msg, sizeof me.msg, "refused: %.140s", rest);
}

/* ---- drawing ---------------------------------------------------------------- */

/* The view the renderer draws: the seat's table as botlib keeps it, the
 * seat to act marked, the names of the "player" lines. */
static void view_make(void)
{
	const botstate *s = me.s;

	memset(&me.v, 0, sizeof me.v);
	me.f.nseats = s->nplayers;
	me.f.game = s->game;
	for (int k = 0; k < s->nplayers; k++)
		me.f.seat[k].name = s->names[k];
	me.v.f = &me.f;
	me.v.rs = &s->rs;
	me.v.pc = s->cards;
	me.v.number = s->game;
	me.v.nsteps = 1;
	me.v.steps = &me.step;
	me.v.ok = 1;
	me.step.actor = (int8_t)(s->table.to_act < s->nplayers ?
	    s->table.to_act : -1);
	memset(&me.t, 0, sizeof me.t);
	me.t.persp = s->seat;
	me.t.step = 0;
	me.t.round = s->table.round;
	me.t.nseats = s->nplayers;
	for (int k = 0; k < s->nplayers; k++)
		me.t.seat[k].used_us = -1;
	me.t.seen = s->table;
}

static int count_lines(const render_buf *b)
{
	int n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->s[i] == '\n';
	return n;
}

/* Writes the lines of text from row *row on, not past row end. */
static void put_lines(const char *text, int *row, int end)
{
	while (text != NULL && *text != '\0' && *row < end) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		term_line((*row)++, text, len, 0);
		text = nl ? nl + 1 : NULL;
	}
}

/* The cell legal move i plays on, if it names one. */
static int move_cell(const bot_legal *l, int *x, int *y)
{
	const sab_move *m = &l->m;
	int lands;

	if (!l->parsed || m->kind >= SAB_MOVE_KINDS)
		return 0;
	if (m->kind == SAB_MOVE_PLAY) {
		/* A card's play: a map at its goal, a path card or a
		 * rockfall at its cell, another card at a cell it names. */
		if (m->card < me.s->rs.ndefs &&
		    me.s->rs.defs[m->card].type == SAB_CARD_MAP)
			lands = SAB_LANDS_GOAL;
		else if (m->card < me.s->rs.ndefs &&
		    (me.s->rs.defs[m->card].type == SAB_CARD_PATH ||
		    me.s->rs.defs[m->card].type == SAB_CARD_ROCKFALL ||
		    (m->x != 0 || m->y != 0)))
			lands = SAB_LANDS_CELL;
		else
			lands = SAB_LANDS_NOWHERE;
	} else
		lands = sab_move_defs[m->kind]->lands;
	if (lands == SAB_LANDS_GOAL) {
		*x = bot_goal_x(me.s, m->goal);
		*y = bot_goal_y(me.s, m->goal);
		return 1;
	}
	/* A card's play leaves its cell in (x, y) even when it names none;
	 * another move that lands nowhere leaves them as they were. */
	if (lands == SAB_LANDS_CELL || m->kind == SAB_MOVE_PLAY) {
		*x = m->x;
		*y = m->y;
	}
	return lands == SAB_LANDS_CELL;
}

/* Whether legal move l shows a path card laid on the board. */
static int lays_path(const bot_legal *l)
{
	return l->parsed && l->m.kind == SAB_MOVE_PLAY &&
	    l->m.card < me.s->rs.ndefs &&
	    me.s->rs.defs[l->m.card].type == SAB_CARD_PATH;
}

/* The board's extent, and the cells where legal moves play. */
static void board_extent(render_window *w)
{
	render_board_extent(&me.v, &me.t, w);
	for (int i = 0; me.choosing && i < me.s->nlegal; i++) {
		int x, y;
		if (!move_cell(&me.s->legal[i], &x, &y))
			continue;
		w->bx0 = x < w->bx0 ? x : w->bx0;
		w->bx1 = x > w->bx1 ? x : w->bx1;
		w->by0 = y < w->by0 ? y : w->by0;
		w->by1 = y > w->by1 ? y : w->by1;
	}
	w->x0 = w->bx0;
	w->x1 = w->bx1;
	w->y0 = w->by0;
	w->y1 = w->by1;
}

/* The cells of w that fit rows x cols in style st, around (fx, fy). */
static int board_window(render_window *w, int rows, int cols, int compact,
    int fx, int fy)
{
	int cw = compact ? 3 : 5, ch = compact ? 1 : 3;
	int nx = (cols - 6) / cw, ny = (rows - 2) / ch;

	if (nx < 1 || ny < 1)
		return -1;
	if (w->bx1 - w->bx0 + 1 <= nx && w->by1 - w->by0 + 1 <= ny &&
	    rows >= 1 + (w->by1 - w->by0 + 1) * ch)
		return 0;
	w->x0 = fx - nx / 2;
	w->x0 = w->x0 + nx - 1 > w->bx1 ? w->bx1 - nx + 1 : w->x0;
	w->x0 = w->x0 < w->bx0 ? w->bx0 : w->x0;
	w->x1 = w->x0 + nx - 1 > w->bx1 ? w->bx1 : w->x0 + nx - 1;
	w->y0 = fy - ny / 2;
	w->y0 = w->y0 + ny - 1 > w->by1 ? w->by1 - ny + 1 : w->y0;
	w->y0 = w->y0 < w->by0 ? w->by0 : w->y0;
	w->y1 = w->y0 + ny - 1 > w->by1 ? w->by1 : w->y0 + ny - 1;
	return 0;
}

/* The table drawn on the board: the seat's, with the chosen move's path
 * card laid where it would go, and the cursor's cell marked. */
static const view_table *board_table(void)
{
	const bot_legal *l = me.nshown > 0 ? &me.s->legal[me.shown[me.sel].legal] :
	    NULL;

	me.scratch = me.t;
	if (!me.choosing)
		return &me.scratch;
	if (l != NULL && lays_path(l)) {
		me.scratch.seen.board.cell[sab_board_index(l->m.x, l->m.y)] =
		    (uint8_t)((l->m.card + 1) | (l->m.rot ? SAB_CELL_TURNED : 0));
	}
	if (me.board) {
		me.scratch.marked = 1;
		me.scratch.mark_x = (int8_t)me.cx;
		me.scratch.mark_y = (int8_t)me.cy;
	} else if (l != NULL && me.shown[me.sel].has_cell) {
		me.scratch.marked = 1;
		me.scratch.mark_x = (int8_t)me.shown[me.sel].x;
		me.scratch.mark_y = (int8_t)me.shown[me.sel].y;
	}
	return &me.scratch;
}

static void draw_board(int *row, int rows, int cols)
{
	render_buf b = { NULL, 0, 0, 0 };
	render_window w;
	render_style st = me.st;
	const view_table *t = board_table();
	int fx = me.s->rs.start_x, fy = me.s->rs.start_y;

	if (t->marked) {
		fx = t->mark_x;
		fy = t->mark_y;
	}
	board_extent(&w);
	st.compact = 1;
	if (rows >= 2 + 3 * (w.by1 - w.by0 + 1) &&
	    cols >= 6 + 5 * (w.bx1 - w.bx0 + 1))
		st.compact = 0;
	if (board_window(&w, rows, cols, st.compact, fx, fy) == 0)
		render_board_part(&b, &me.v, t, &st, &w);
	put_lines(b.s, row, *row + rows);
	render_buf_free(&b);
}

/* A short label for a card that is not a path card: the first letter of
 * each word of its token ("break-pickaxe" B P). */
static void card_label(uint8_t def, char *out, size_t len)
{
	const char *tok = def < me.s->rs.ndefs ? me.s->cards.tok[def] : "?";
	size_t k = 0;

	for (const char *p = tok; *p && *p != ':' && k + 1 < len && k < 3; p++)
		if (p == tok || p[-1] == '-')
			out[k++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
	out[k] = '\0';
}

/* The hand as cards in a row, three text rows of pictures (path cards as
 * the board draws them) and a row of their numbers; the card of the move
 * chosen is marked. */
static void draw_hand(int *row, int cols)
{
	const botstate *s = me.s;
	const sab_seen *t = &s->table;
	const bot_legal *l = me.choosing && me.nshown > 0 ?
	    &s->legal[me.shown[me.sel].legal] : NULL;
	int n = t->nhand[s->seat], per = (cols - 6) / 7;
	render_style st = me.st;

	st.compact = 0;
	for (int r = 0; r < 4; r++) {
		render_buf b = { NULL, 0, 0, 0 };
		render_printf(&b, "%s", r == 1 ? "hand  " : "      ");
		for (int i = 0; i < n && i < per; i++) {
			uint8_t def = t->hand[s->seat][i];
			int path = def < s->rs.ndefs &&
			    s->rs.defs[def].type == SAB_CARD_PATH;
			int marked = l != NULL && l->parsed && l->m.card == def;
			char lab[4];
			if (r == 3) {
				render_printf(&b, "  %d    ", i + 1);
				continue;
			}
			if (path) {
				render_card_row(&b, &me.v, &me.t, def, 0, r, marked,
				    &st);
			} else {
				/* A card with no tunnels: a box with its
				 * initials, as the board draws a goal's back. */
				card_label(def, lab, sizeof lab);
				if (marked && st.colour)
					render_printf(&b, "\x1b[7m");
				if (r == 1)
					render_printf(&b, "%s%-3s%s", st.ascii ? "|" :
					    "\u2502", lab, st.ascii ? "|" : "\u2502");
				else if (st.ascii)
					render_printf(&b, "+---+");
				else
					render_printf(&b, "%s\u2500\u2500\u2500%s",
					    r == 0 ? "\u250c" : "\u2514",
					    r == 0 ? "\u2510" : "\u2518");
				if (marked && st.colour)
					render_printf(&b, "\x1b[0m");
			}
			render_printf(&b, "  ");
		}
		term_line((*row)++, b.s ? b.s : "", b.len, 0);
		render_buf_free(&b);
	}
}

/* The header: who you are, the round, the clock. */
static void draw_header(int cols)
{
	const botstate *s = me.s;
	render_buf b = { NULL, 0, 0, 0 };
	const char *role = bot_role_word(s, s->seat);
	int64_t left = 0;

	render_printf(&b, " game %d  round %d  you: seat %d%s%s  gold %d",
	    s->game, s->table.round, s->seat, role ? ", " : "", role ? role : "",
	    s->table.gold[s->seat]);
	if (me.choosing) {
		left = (int64_t)s->move_ms + s->bank_ms -
		    (proc_now() - me.asked_at) / NS_PER_MS;
		render_printf(&b, "  | your move: %lld s left",
		    (long long)(left > 0 ? (left + 999) / 1000 : 0));
	} else if (s->table.phase == SAB_PHASE_OVER) {
		render_printf(&b, "  | the game is over");
	} else if (s->table.to_act < s->nplayers) {
		render_printf(&b, "  | %d %s to play", s->table.to_act,
		    seat_name(s->table.to_act));
	}
	(void)cols;
	term_line(0, b.s ? b.s : "", b.len, 1);
	render_buf_free(&b);
}

/* The bottom, n rows from row: the picker (a filter line and the moves
 * that match it), or what happened lately. */
static void draw_bottom(int row, int n)
{
	if (!me.choosing) {
		int first = me.nlog - n > 0 ? me.nlog - n : 0;
		for (int i = first; i < me.nlog; i++)
			term_line(row++, me.log[i], strlen(me.log[i]), 0);
		return;
	}
	/* The last of what happened, above the list. */
	for (int i = me.nlog - LOG_SHOWN > 0 ? me.nlog - LOG_SHOWN : 0;
	    i < me.nlog && n > 2; i++, n--)
		term_line(row++, me.log[i], strlen(me.log[i]), 0);
	render_buf b = { NULL, 0, 0, 0 };
	if (me.board)
		render_printf(&b, "board: the moves at %d %d (%d of %d)", me.cx,
		    me.cy, me.nshown, me.s->nlegal);
	else
		render_printf(&b, "move: %s_   (%d of %d)", me.filter, me.nshown,
		    me.s->nlegal);
	term_line(row++, b.s, b.len, 0);
	render_buf_free(&b);
	n--;
	if (me.sel < me.top)
		me.top = me.sel;
	if (n > 0 && me.sel >= me.top + n)
		me.top = me.sel - n + 1;
	for (int i = me.top; i < me.nshown && i < me.top + n; i++) {
		char line[BOT_MOVE_MAX + 8];
		int k = snprintf(line, sizeof line, "%s %s", i == me.sel ? ">" :
		    " ", me.s->legal[me.shown[i].legal].line);
		term_line(row++, line, (size_t)k, i == me.sel);
	}
}

static const char choose_keys[] = "type: filter  \u2191\u2193 choose  "
    "Enter play  Tab board  Esc clear  ^C stop";
static const char choose_keys_ascii[] = "type: filter  up/down choose  "
    "Enter play  Tab board  Esc clear  ^C stop";
static const char idle_keys[] = "waiting for the other seats  ^C stops "
    "the match";

static void draw(void)
{
	int rows, cols, row = 1, bottom, board_rows, prow;
	render_buf players = { NULL, 0, 0, 0 };
	const char *keys = me.choosing ? (me.board ? "arrows: cell  r: next "
	    "move here  Enter play  Tab/Esc: the list  ^C stop" :
	    me.st.ascii ? choose_keys_ascii : choose_keys) : idle_keys;

	if (!me.on)
		return;
	view_make();
	term_size(&rows, &cols);
	term_clear();
	draw_header(cols);
	render_players_compact(&players, &me.v, &me.t, &me.st, cols);
	prow = count_lines(&players);
	/* What is left after the header, the players, the hand (4), the
	 * message and keys lines, and the least of the bottom. */
	bottom = 1 + LIST_MIN + LOG_SHOWN;
	board_rows = rows - 1 - prow - 4 - 2 - bottom;
	if (board_rows < 3)
		board_rows = 3;
	draw_board(&row, board_rows, cols);
	put_lines(players.s, &row, rows - 2);
	render_buf_free(&players);
	draw_hand(&row, cols);
	if (row < rows - 2)
		draw_bottom(row, rows - 2 - row);
	if (rows >= 2)
		term_line(rows - 2, me.msg, strlen(me.msg), me.msg[0] != '\0');
	term_line(rows - 1, keys, strlen(keys), 0);
	(void)term_show();
}

/* ---- the picker --------------------------------------------------------------- */

/* Whether line holds every blank-separated word of the filter. */
static int matches(const char *line, const char *filter)
{
	char words[sizeof me.filter], *w, *save = NULL;

	(void)snprintf(words, sizeof words, "%s", filter);
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (strstr(line, w) == NULL)
			return 0;
	return 1;
}

/* The moves shown: those that match the filter, and in board mode those
 * on the cursor's cell. */
static void shown_make(void)
{
	const botstate *s = me.s;
	int keep = me.nshown > 0 ? me.shown[me.sel].legal : -1;

	me.nshown = 0;
	me.sel = 0;
	for (int i = 0; i < s->nlegal; i++) {
		pick p = { i, 0, 0, 0 };
		p.has_cell = move_cell(&s->legal[i], &p.x, &p.y);
		if (!matches(s->legal[i].line, me.filter))
			continue;
		if (me.board && !(p.has_cell && p.x == me.cx && p.y == me.cy))
			continue;
		if (i == keep)
			me.sel = me.nshown;
		me.shown[me.nshown++] = p;
	}
	me.top = 0;
}

/* The nearest cell with a legal move from (cx, cy) in direction (dx, dy):
 * the cursor jumps over cells where nothing can be played. */
static void cursor_move(int dx, int dy)
{
	int best = -1, bd = 1 << 30;

	for (int i = 0; i < me.s->nlegal; i++) {
		int x, y, along, across;
		if (!move_cell(&me.s->legal[i], &x, &y) ||
		    !matches(me.s->legal[i].line, me.filter))
			continue;
		along = (x - me.cx) * dx + (y - me.cy) * dy;
		across = abs((x - me.cx) * dy) + abs((y - me.cy) * dx);
		if (along <= 0)
			continue;
		if (along + 2 * across < bd) {
			bd = along + 2 * across;
			best = i;
		}
	}
	if (best >= 0)
		(void)move_cell(&me.s->legal[best], &me.cx, &me.cy);
	else
		snprintf(me.msg, sizeof me.msg, "no move that way");
}

static void board_start(void)
{
	int x = me.s->rs.start_x, y = me.s->rs.start_y, found = 0;

	if (me.nshown > 0 && me.shown[me.sel].has_cell) {
		x = me.shown[me.sel].x;
		y = me.shown[me.sel].y;
		found = 1;
	}
	for (int i = 0; !found && i < me.s->nlegal; i++)
		found = matches(me.s->legal[i].line, me.filter) &&
		    move_cell(&me.s->legal[i], &x, &y);
	if (!found) {
		snprintf(me.msg, sizeof me.msg, "no move of this list plays on "
		    "the board");
		return;
	}
	me.board = 1;
	me.cx = x;
	me.cy = y;
	shown_make();
}

/* A key while choosing; returns the move line chosen, or NULL. */
static const char *picker_key(int k)
{
	size_t n = strlen(me.filter);

	me.msg[0] = '\0';
	if (k == '\r' || k == '\n') {
		if (me.nshown == 0) {
			snprintf(me.msg, sizeof me.msg, "no move matches");
			return NULL;
		}
		snprintf(me.answer, sizeof me.answer, "%s",
		    me.s->legal[me.shown[me.sel].legal].line);
		return me.answer;
	}
	if (k == '\t') {
		if (me.board) {
			me.board = 0;
			shown_make();
		} else {
			board_start();
		}
	} else if (k == TERM_ESC) {
		if (me.board)
			me.board = 0;
		else
			me.filter[0] = '\0';
		shown_make();
	} else if (me.board && (k == TERM_LEFT || k == TERM_RIGHT ||
	    k == TERM_UP || k == TERM_DOWN)) {
		cursor_move(k == TERM_LEFT ? -1 : k == TERM_RIGHT ? 1 : 0,
		    k == TERM_UP ? -1 : k == TERM_DOWN ? 1 : 0);
		shown_make();
	} else if (me.board && (k == 'r' || k == ' ')) {
		if (me.nshown > 0)
			me.sel = (me.sel + 1) % me.nshown;
	} else if (k == TERM_UP || k == TERM_DOWN) {
		me.sel += k == TERM_UP ? -1 : 1;
		me.sel = me.sel < 0 ? 0 : me.sel >= me.nshown ? me.nshown - 1 :
		    me.sel;
		me.sel = me.sel < 0 ? 0 : me.sel;
	} else if (k == TERM_PGUP || k == TERM_PGDN) {
		me.sel += k == TERM_PGUP ? -8 : 8;
		me.sel = me.sel >= me.nshown ? me.nshown - 1 : me.sel;
		me.sel = me.sel < 0 ? 0 : me.sel;
	} else if ((k == 127 || k == 8) && !me.board && n > 0) {
		me.filter[n - 1] = '\0';
		shown_make();
	} else if (!me.board && k >= 32 && k < 127 && n + 1 < sizeof me.filter) {
		me.filter[n] = (char)k;
		me.filter[n + 1] = '\0';
		shown_make();
	}
	return NULL;
}

/* ---- the loop ---------------------------------------------------------------- */

/* Reads what the referee sent into the buffer; -1 at its end. */
static int stdin_read(void)
{
	for (;;) {
		ssize_t k;
		if (me.incap - me.inlen < 4096) {
			size_t ncap = me.incap ? 2 * me.incap : 65536;
			char *n = realloc(me.in, ncap);
			if (n == NULL)
				return -1;
			me.in = n;
			me.incap = ncap;
		}
		k = read(STDIN_FILENO, me.in + me.inlen, me.incap - me.inlen);
		if (k > 0) {
			me.inlen += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		me.in_end = 1;
		return -1;
	}
}

/* The person stopped: the match stops, as ^C would stop it when the
 * referee had the terminal. */
static void stop_match(void)
{
	me.quit = 1;
	if (me.fg > 0)
		(void)kill(-me.fg, SIGINT);
}

/* A signal asked the seat to stop: ^C on the terminal (SIGINT), which
 * the person meant for the match, or the referee stopping the seat. */
static void quit_by(int sig)
{
	if (sig == SIGINT)
		stop_match();
	else
		me.quit = 1;
}

/* Waits for a key or a line from the referee, up to TICK_MS; returns the
 * key, TERM_NONE, or TERM_EOF when a line came (or stdin ended). */
static int wait_input(void)
{
	struct pollfd p[2] = { { STDIN_FILENO, POLLIN, 0 },
		{ me.on ? me.tty : -1, POLLIN, 0 } };

	if (poll(p, 2, TICK_MS) < 0)
		return TERM_NONE;
	if (p[0].revents) {
		(void)stdin_read();
		return TERM_EOF;
	}
	if (p[1].revents)
		return term_key(0);
	return TERM_NONE;
}

/* botlib's choose(): the person picks.  A line from the referee before
 * that (its default after the time ran out) ends the wait unanswered. */
static const char *choose(const botstate *s)
{
	me.s = s;
	if (s->nlegal == 1 && s->table.phase == SAB_PHASE_REACT)
		return s->legal[0].line;    /* no veto in hand: nothing to ask */
	if (!me.on && screen_take() != 0)
		return NULL;
	me.choosing = 1;
	me.asked_at = proc_now();
	me.board = 0;
	me.nshown = 0;
	if (s->tries == 0)
		me.filter[0] = '\0';
	shown_make();
	while (!me.quit) {
		int k;
		draw();
		if (term_quit()) {
			quit_by(term_quit());
			break;
		}
		k = wait_input();
		if (k == TERM_EOF || me.in_end)
			break;
		if (k != TERM_NONE && k != TERM_RESIZE) {
			const char *a = picker_key(k);
			if (a != NULL) {
				me.choosing = 0;
				log_add("%d you: %s", s->seat, a);
				return a;
			}
		}
	}
	me.choosing = 0;
	snprintf(me.answer, sizeof me.answer, "note no move from the person "
	    "in time");
	return me.answer;
}

/* Handles the complete lines in the buffer; 1 on "quit", -1 on failure. */
static int lines_handle(void)
{
	static char cur[65536];
	size_t start = 0;
	int rc = 0;

	while (rc == 0) {
		char *nl = memchr(me.in + start, '\n', me.inlen - start);
		if (nl == NULL)
			break;
		*nl = '\0';
		if (nl > me.in + start && nl[-1] == '\r')
			nl[-1] = '\0';
		if (strncmp(me.in + start, "game ", 5) == 0 && !me.on)
			(void)screen_take();
		/* choose() may read more into the buffer meanwhile, and move
		 * it: the line is handled from a copy. */
		size_t next = (size_t)(nl - me.in) + 1;
		(void)snprintf(cur, sizeof cur, "%s", me.in + start);
		start = next;
		if (me.s->nplayers > 0)
			log_line(cur);
		rc = bot_handle(cur, HUMAN_WORD, choose, NULL);
	}
	memmove(me.in, me.in + start, me.inlen - start);
	me.inlen -= start;
	return rc;
}

/* What the person sees last, on the terminal's own screen. */
static void goodbye(void)
{
	const botstate *s = me.s;
	char line[256];
	int n;

	if (me.tty < 0 || s->nplayers == 0)
		return;
	n = snprintf(line, sizeof line, "saboteur: you played seat %d of game "
	    "%d%s; the referee's summary follows\n", s->seat, s->game,
	    me.quit ? " and stopped the match" : "");
	if (n > 0 && write(me.tty, line, (size_t)n) < 0) {
		/* The terminal is gone: nothing to say it on. */
	}
}

int cmd_human_seat(int argc, char **argv)
{
	int rc = 0;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "saboteur human-seat: run by saboteur play for "
		    "a seat \"human\", not by hand\n");
		return 2;
	}
	memset(&me, 0, sizeof me);
	me.tty = -1;
	me.s = bot_state();
	bot_react = 1;
	bot_at_once = 0;
	(void)signal(SIGPIPE, SIG_IGN);
	if (fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) |
	    O_NONBLOCK) < 0)
		return 1;
	while (rc == 0 && !me.quit) {
		int k;
		if ((rc = lines_handle()) != 0 || me.in_end)
			break;
		draw();
		if (me.on && term_quit()) {
			quit_by(term_quit());
			break;
		}
		k = wait_input();
		if (k == TERM_RESIZE || k == TERM_NONE || k == TERM_EOF)
			continue;
	}
	screen_leave();
	goodbye();
	return rc < 0 ? 1 : 0;
}
