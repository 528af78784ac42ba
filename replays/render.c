/* render.c: a replay position as text: the board as a grid of tunnels in
 * box drawing or ASCII, optionally coloured, and the table around it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_def.h"
#include "render.h"
#include "say.h"

/* ANSI colours (SGR parameters). */
#define C_EMPTY "90"
#define C_TUNNEL "32"
#define C_LOOSE "37"
#define C_DEAD "31"
#define C_START "1;36"
#define C_GOAL "33"
#define C_GOLD "1;33"
#define C_STONE "90"
#define C_BAD "1;31"
#define C_GOOD "32"
#define C_HEAD "1"
#define C_BLUE "1;34"
#define C_GREEN "1;32"

/* Box drawing for the edges joined through a card's centre (N E S W bits). */
static const char *const box_glyph[16] = {
	" ", "\u2575", "\u2576", "\u2514", "\u2577", "\u2502", "\u250c",
	"\u251c", "\u2574", "\u2518", "\u2500", "\u2534", "\u2510", "\u2524",
	"\u252c", "\u253c"
};

/* ---- the buffer ------------------------------------------------------- */

void render_buf_free(render_buf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}

static int buf_grow(render_buf *b, size_t more)
{
	size_t ncap = b->cap ? b->cap : 4096;
	char *n;

	if (b->failed)
		return -1;
	while (ncap < b->len + more + 1)
		ncap *= 2;
	if (ncap == b->cap)
		return 0;
	if ((n = realloc(b->s, ncap)) == NULL) {
		b->failed = 1;
		return -1;
	}
	b->s = n;
	b->cap = ncap;
	return 0;
}

static int buf_put(render_buf *b, const char *s, size_t len)
{
	if (buf_grow(b, len) != 0)
		return -1;
	memcpy(b->s + b->len, s, len);
	b->len += len;
	b->s[b->len] = '\0';
	return 0;
}

int render_printf(render_buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof small)
		return buf_put(b, small, (size_t)n);
	if (buf_grow(b, (size_t)n) != 0)
		return -1;
	va_start(ap, fmt);
	(void)vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

/* Text from a file or a bot is shown by the project's one rule for
 * unsafe bytes, proto_escape(): control bytes and anything outside ASCII
 * as \xHH, so that what a bot sent can be read and never drives the
 * terminal. */
void render_text(render_buf *b, const char *s, size_t max)
{
	size_t n = strnlen(s, max + 1);
	char small[1024], *buf = small;
	size_t need = proto_escape(small, sizeof small, s, n > max ? max : n,
	    0);

	if (need >= sizeof small) {
		if ((buf = malloc(need + 1)) == NULL) {
			b->failed = 1;
			return;
		}
		(void)proto_escape(buf, need + 1, s, n > max ? max : n, 0);
	}
	buf_put(b, buf, need);
	if (n > max)
		buf_put(b, "...", 3);
	if (buf != small)
		free(buf);
}

static void paint(render_buf *b, const render_style *st, const char *sgr)
{
	if (st->colour && sgr != NULL)
		render_printf(b, "\x1b[%sm", sgr);
}

static void unpaint(render_buf *b, const render_style *st, const char *sgr)
{
	if (st->colour && sgr != NULL)
		buf_put(b, "\x1b[0m", 4);
}

/* Ends a line: trailing blanks go, so the text pastes cleanly. */
static void end_line(render_buf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == ' ')
		b->s[--b->len] = '\0';
	buf_put(b, "\n", 1);
}

/* ---- the board -------------------------------------------------------- */

/* How one cell is drawn. */
typedef struct look {
	uint8_t arms;           /* open edges */
	uint8_t stubs;          /* of those, the ones not joined to the centre */
	int back;               /* a face-down card */
	const char *centre;     /* one character (UTF-8) */
	const char *sgr;        /* its colour, or NULL */
	char crystals;          /* the card's crystals as a mark ('*', or
	                           '2' to '9'), or 0 */
} look;

/* The goal place at (x, y) as the table knows it (a push-goal chest may
 * have moved one), or -1. */
static int goal_at(const sab_ruleset *rs, const sab_seen *s, int x, int y)
{
	for (int k = 0; k < rs->ngoals && k < SAB_MAX_GOALS; k++)
		if (s->goal_x[k] == x && s->goal_y[k] == y)
			return k;
	return -1;
}

static void look_goal_back(const view *v, const view_table *t, int x, int y,
    look *lk)
{
	int k = goal_at(v->rs, &t->seen, x, y);
	uint8_t c = k >= 0 ? t->seen.goal_known[k] : SAB_NO_CARD;

	lk->back = 1;
	lk->sgr = C_GOAL;
	lk->centre = "?";
	if (c < v->rs->ndefs) {
		lk->centre = v->rs->defs[c].gold ? "g" : "r";
		lk->sgr = v->rs->defs[c].gold ? C_GOLD : C_STONE;
	}
}

/* Saboteur 2's marks: a door's colour and a ladder take the centre (the
 * arms still show which edges join it); crystals go in the top right
 * corner, or take the centre of the compact board's cell. */
static void look_marks(const sab_card *card, const render_style *st,
    look *lk)
{
	if (card->crystals)
		lk->crystals = card->crystals > 1 ?
		    (char)('0' + (card->crystals > 9 ? 9 : card->crystals)) :
		    '*';
	if (card->door == 1) {
		lk->centre = "b";
		lk->sgr = C_BLUE;
	} else if (card->door == 2) {
		lk->centre = "g";
		lk->sgr = C_GREEN;
	} else if (card->ladder) {
		lk->centre = "H";
	} else if (card->crystals && st->compact) {
		lk->centre = "*";
	}
}

/* A word's initial, upper case, as a string of its own ("?" when it is
 * no letter). */
static const char *initial(const char *word)
{
	static const char caps[] = "A\0B\0C\0D\0E\0F\0G\0H\0I\0J\0K\0L\0M\0"
	    "N\0O\0P\0Q\0R\0S\0T\0U\0V\0W\0X\0Y\0Z";
	int c = toupper((unsigned char)word[0]);

	return c >= 'A' && c <= 'Z' ? caps + 2 * (c - 'A') : "?";
}

static void look_card(const view *v, const view_table *t, uint8_t c,
    uint16_t idx, const render_style *st, look *lk)
{
	const sab_card *card = &v->rs->defs[SAB_CELL_DEF(c)];
	int rot = SAB_CELL_ROT(c);
	uint8_t joined = 0;

	for (int d = 0; d < 4; d++)
		if (card->rot_group[rot][d])
			joined |= (uint8_t)(1u << d);
	lk->arms = card->rot_edges[rot];
	lk->stubs = (uint8_t)(lk->arms & ~joined);
	if (card->type == SAB_CARD_START) {
		lk->centre = "S";
		lk->sgr = C_START;
	} else if (card->type == SAB_CARD_GOAL) {
		lk->centre = card->gold ? "G" : "R";
		lk->sgr = card->gold ? C_GOLD : C_STONE;
	} else if (joined == 0) {
		lk->centre = st->ascii ? "#" : "\u25a0";
		lk->sgr = C_DEAD;
	} else if (sab_kind_of(card->type) != NULL &&
	    sab_kind_of(card->type)->laid) {
		/* A card the rules lay (a postcard): its kind's initial. */
		lk->centre = initial(sab_kind_of(card->type)->word);
		lk->sgr = t->seen.board.reach[idx] ? C_TUNNEL : C_LOOSE;
	} else {
		int bridge = card->groups[0] && card->groups[1];
		lk->centre = st->ascii ? (bridge ? "%" : "+") :
		    bridge ? "\u256c" : box_glyph[joined];
		lk->sgr = t->seen.board.reach[idx] ? C_TUNNEL : C_LOOSE;
	}
	look_marks(card, st, lk);
}

/* What of a module stands on the empty cell (x, y) (a dwarf of Tunnel
 * Toll), as the perspective knows it: its letter, or NULL. */
static const char *mark_at(const view_table *t, int x, int y)
{
	sab_mark marks[SAB_MAX_MARKS];
	const sab_mark *m;
	int n;

	if (x < SAB_COORD_MIN || x > SAB_COORD_MAX || y < SAB_COORD_MIN ||
	    y > SAB_COORD_MAX)
		return NULL;
	n = sab_seen_marks(&t->seen, marks);
	m = sab_seen_mark_at(marks, n, sab_board_index(x, y));
	return m != NULL ? m->glyph : NULL;
}

static void look_at(const view *v, const view_table *t, int x, int y,
    const render_style *st, look *lk)
{
	uint8_t c = sab_board_get(&t->seen.board, x, y);
	const char *mark;

	memset(lk, 0, sizeof *lk);
	if (c == SAB_CELL_HIDDEN) {
		look_goal_back(v, t, x, y, lk);
	} else if (c != SAB_CELL_EMPTY) {
		look_card(v, t, c, sab_board_index(x, y), st, lk);
	} else if ((mark = mark_at(t, x, y)) != NULL) {
		lk->centre = mark;
		lk->sgr = C_GOAL;
	} else if (sab_board_inside(v->rs, x, y)) {
		lk->centre = st->ascii ? "." : "\u00b7";
		lk->sgr = C_EMPTY;
	} else {
		lk->centre = " ";
	}
}

static const char *arm(const look *lk, int d, int vertical,
    const render_style *st)
{
	int stub = !!(lk->stubs & (1u << d));

	if (!(lk->arms & (1u << d)))
		return vertical ? " " : "  ";
	if (st->ascii)
		return vertical ? (stub ? ":" : "|") : (stub ? ".." : "--");
	if (vertical)
		return stub ? "\u254e" : "\u2502";
	return stub ? "\u254c\u254c" : "\u2500\u2500";
}

/* One of the three text rows of a cell, five columns wide. */
static void cell_row(render_buf *b, const look *lk, int row,
    const render_style *st)
{
	if (lk->back) {
		if (row == 1)
			render_printf(b, "%s %s %s", st->ascii ? "|" : "\u2502",
			    lk->centre, st->ascii ? "|" : "\u2502");
		else if (st->ascii)
			render_printf(b, "+---+");
		else
			render_printf(b, "%s\u2500\u2500\u2500%s",
			    row == 0 ? "\u250c" : "\u2514",
			    row == 0 ? "\u2510" : "\u2518");
	} else if (row == 1) {
		render_printf(b, "%s%s%s", arm(lk, 3, 0, st), lk->centre,
		    arm(lk, 1, 0, st));
	} else {
		render_printf(b, "  %s%c ", arm(lk, row == 0 ? 0 : 2, 1, st),
		    row == 0 && lk->crystals ? lk->crystals : ' ');
	}
}

/* A cell in one row of three columns: the compact board. */
static void cell_compact(render_buf *b, const look *lk,
    const render_style *st)
{
	const char *w = (lk->arms & SAB_W) ? (st->ascii ? "-" : "\u2500") : " ";
	const char *e = (lk->arms & SAB_E) ? (st->ascii ? "-" : "\u2500") : " ";

	if (lk->back)
		render_printf(b, "[%s]", lk->centre);
	else
		render_printf(b, "%s%s%s", w, lk->centre, e);
}

void render_board_extent(const view *v, const view_table *t,
    render_window *w)
{
	const sab_ruleset *rs = v->rs;
	sab_mark marks[SAB_MAX_MARKS];
	int x0, x1, y0, y1, nmarks;

	x0 = x1 = rs->start_x;
	y0 = y1 = rs->start_y;
	for (int k = 0; k < rs->ngoals; k++) {
		x0 = rs->goal_x[k] < x0 ? rs->goal_x[k] : x0;
		x1 = rs->goal_x[k] > x1 ? rs->goal_x[k] : x1;
		y0 = rs->goal_y[k] < y0 ? rs->goal_y[k] : y0;
		y1 = rs->goal_y[k] > y1 ? rs->goal_y[k] : y1;
	}
	/* A goal a chest pushed further away. */
	for (int k = 0; k < rs->ngoals && k < SAB_MAX_GOALS; k++) {
		int x = t->seen.goal_x[k], y = t->seen.goal_y[k];
		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	nmarks = sab_seen_marks(&t->seen, marks);
	for (int i = 0; i < t->seen.board.nplaced + nmarks; i++) {
		/* Every card on the table, then every module's mark (a
		 * dwarf): one may stand on an empty cell beyond the cards. */
		int d = i - t->seen.board.nplaced;
		uint16_t c = d < 0 ? t->seen.board.placed[i] : marks[d].cell;
		int x, y;
		if (c == SAB_NO_CELL)
			continue;
		x = sab_board_x(c);
		y = sab_board_y(c);
		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	w->x0 = w->bx0 = x0;
	w->x1 = w->bx1 = x1;
	w->y0 = w->by0 = y0;
	w->y1 = w->by1 = y1;
}

/* A range of rows or columns: "3..5", or "3" alone. */
static void say_range(render_buf *b, const char *what, int lo, int hi)
{
	if (lo == hi)
		render_printf(b, " %s %d", what, lo);
	else
		render_printf(b, " %ss %d..%d", what, lo, hi);
}

/* The rows and columns a window leaves out, in one line. */
static void board_cuts(render_buf *b, const render_window *w)
{
	const char *sep = "more:";

	if (w->y0 > w->by0) {
		render_printf(b, "%s ^", sep);
		say_range(b, "row", w->by0, w->y0 - 1);
		sep = ",";
	}
	if (w->y1 < w->by1) {
		render_printf(b, "%s v", sep);
		say_range(b, "row", w->y1 + 1, w->by1);
		sep = ",";
	}
	if (w->x0 > w->bx0) {
		render_printf(b, "%s <", sep);
		say_range(b, "col", w->bx0, w->x0 - 1);
		sep = ",";
	}
	if (w->x1 < w->bx1) {
		render_printf(b, "%s >", sep);
		say_range(b, "col", w->x1 + 1, w->bx1);
	}
	end_line(b);
}

static void board_axis(render_buf *b, const render_window *w,
    const render_style *st)
{
	render_printf(b, "%s", w->x0 > w->bx0 ? "<   " : "    ");
	for (int x = w->x0; x <= w->x1; x++)
		render_printf(b, "%3d%s", x, st->compact ? "" : "  ");
	if (w->x1 < w->bx1)
		render_printf(b, " >");
	end_line(b);
}

/* A row's label: its number on the cell's middle line, and a mark on the
 * edge rows of a window that goes on above or below. */
static void row_label(render_buf *b, const render_window *w, int y, int row,
    const render_style *st)
{
	int up = y == w->y0 && w->y0 > w->by0 && (st->compact || row == 0);
	int down = y == w->y1 && w->y1 < w->by1 && (st->compact || row == 2);
	int mark = up ? '^' : down ? 'v' : 0;

	if (row == 1 || st->compact) {
		if (mark)
			render_printf(b, "%c%2d ", mark, y);
		else
			render_printf(b, "%3d ", y);
	} else {
		render_printf(b, mark ? "  %c " : "    ", mark);
	}
}

/* One row of a cell as lk looks, in its colour; marked reversed. */
static void cell_draw(render_buf *b, const look *lk, int row, int marked,
    const render_style *st)
{
	char sgr[16];

	snprintf(sgr, sizeof sgr, "%s%s", lk->sgr ? lk->sgr : "0",
	    marked ? ";7" : "");
	paint(b, st, lk->sgr || marked ? sgr : NULL);
	if (st->compact)
		cell_compact(b, lk, st);
	else
		cell_row(b, lk, row, st);
	unpaint(b, st, lk->sgr || marked ? sgr : NULL);
}

static void board_row(render_buf *b, const view *v, const view_table *t,
    int y, int row, const render_window *w, const render_style *st)
{
	row_label(b, w, y, row, st);
	for (int x = w->x0; x <= w->x1; x++) {
		look lk;

		look_at(v, t, x, y, st, &lk);
		cell_draw(b, &lk, row, t->marked && t->mark_x == x &&
		    t->mark_y == y, st);
	}
	end_line(b);
}

int render_card_row(render_buf *b, const view *v, const view_table *t,
    uint8_t def, int rot, int row, int marked, const render_style *st)
{
	look lk;

	memset(&lk, 0, sizeof lk);
	if (def < v->rs->ndefs)
		look_card(v, t, (uint8_t)((def + 1) | (rot ? SAB_CELL_TURNED : 0)),
		    0, st, &lk);
	else
		lk.centre = "?";
	cell_draw(b, &lk, row, marked, st);
	return b->failed ? -1 : 0;
}

int render_board_part(render_buf *b, const view *v, const view_table *t,
    const render_style *st, const render_window *w)
{
	if (w->x0 > w->bx0 || w->x1 < w->bx1 || w->y0 > w->by0 ||
	    w->y1 < w->by1)
		board_cuts(b, w);
	board_axis(b, w, st);
	for (int y = w->y0; y <= w->y1; y++)
		for (int row = 0; row < (st->compact ? 1 : 3); row++)
			board_row(b, v, t, y, row, w, st);
	return b->failed ? -1 : 0;
}

int render_board(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	render_window w;

	render_board_extent(v, t, &w);
	return render_board_part(b, v, t, st, &w);
}

/* ---- the header ------------------------------------------------------- */

/* Whether the game has ended, as the table knows. */
static int over(const view_table *t)
{
	return t->seen.phase == SAB_PHASE_OVER;
}

/* The seat asked at the table's step, or -1. */
int render_actor(const view *v, const view_table *t)
{
	return t->step >= 0 && t->step < v->nsteps ?
	    v->steps[t->step].actor : -1;
}

/* One field of the header: its text, a shorter one, and how much it is
 * needed (the lowest goes first). */
typedef struct field {
	char text[200], alt[200];
	int need;
	int shown;              /* 2: in full, 1: shortened, 0: left out */
} field;

static void field_set(field *f, int need, const char *alt, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));
static void field_set(field *f, int need, const char *alt, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vsnprintf(f->text, sizeof f->text, fmt, ap) >= (int)sizeof f->text)
		f->text[0] = '\0';
	va_end(ap);
	snprintf(f->alt, sizeof f->alt, "%s", alt ? alt : "");
	f->need = need;
	f->shown = f->text[0] ? 2 : 0;
}

static size_t fields_width(const field *fs, int n, const char *sep)
{
	size_t w = 0;
	int any = 0;

	for (int i = 0; i < n; i++) {
		if (!fs[i].shown)
			continue;
		w += (any ? strlen(sep) : 0) +
		    strlen(fs[i].shown == 2 ? fs[i].text : fs[i].alt);
		any = 1;
	}
	return w;
}

/* Shortens or leaves out fields, the least needed first, until the line
 * fits in width columns (0: any width); the most needed always stays. */
static void fields_fit(field *fs, int n, const char *sep, int width)
{
	while (width > 0 && fields_width(fs, n, sep) > (size_t)width) {
		int k = -1, shown = 0;
		for (int i = 0; i < n; i++) {
			shown += fs[i].shown != 0;
			if (fs[i].shown && (k < 0 || fs[i].need < fs[k].need))
				k = i;
		}
		if (k < 0 || shown <= 1)
			break;
		fs[k].shown = fs[k].shown == 2 && fs[k].alt[0] ? 1 : 0;
	}
}

static void fields_put(render_buf *b, const field *fs, int n,
    const char *sep)
{
	int any = 0;

	for (int i = 0; i < n; i++) {
		if (!fs[i].shown)
			continue;
		render_printf(b, "%s%s", any ? sep : "",
		    fs[i].shown == 2 ? fs[i].text : fs[i].alt);
		any = 1;
	}
}

/* The persp's name, made safe to print. */
static void who_text(const view *v, int persp, char *out, size_t len)
{
	char who[80];

	view_persp_name(v, persp, who, sizeof who);
	(void)proto_escape(out, len, who, strlen(who), 0);
}

static void header_game(render_buf *b, const view *v, int width,
    const render_style *st)
{
	const replay_file *f = v->f;
	field fs[5];
	char short_start[40], short_game[40];

	/* A tournament's replay is named by its index from 0, as its journal
	 * does; its bots were told the protocol's number, from 1. */
	snprintf(short_game, sizeof short_game, "game %d", v->number);
	if (v->number != f->game)
		field_set(&fs[0], 9, short_game, "game %d (game %d to the bots)",
		    v->number, f->game);
	else
		field_set(&fs[0], 9, NULL, "game %d", v->number);
	field_set(&fs[1], 4, NULL, "ruleset %s", f->ruleset);
	field_set(&fs[2], 1, NULL, "seed %llu", (unsigned long long)f->seed);
	field_set(&fs[3], 5, NULL, "%d players", f->nseats);
	/* The date alone, when the time does not fit. */
	snprintf(short_start, sizeof short_start, "started %.10s",
	    f->start ? f->start : "?");
	field_set(&fs[4], 2, short_start, "started %s",
	    f->start ? f->start : "?");
	fields_fit(fs, 5, ", ", width);
	paint(b, st, C_HEAD);
	fields_put(b, fs, 5, ", ");
	unpaint(b, st, C_HEAD);
	end_line(b);
}

static void header_position(render_buf *b, const view *v,
    const view_table *t, int width)
{
	field fs[6];
	char who[160], seat_only[40];
	int n = 0;

	field_set(&fs[n++], 9, NULL, "round %d", t->round);
	if (t->decision == 0)
		field_set(&fs[n++], 8, NULL, "set-up");
	else if (t->decision > v->decisions)
		field_set(&fs[n++], 8, NULL, "decision %d (unfinished)",
		    t->decision);
	else
		field_set(&fs[n++], 8, NULL, "decision %d/%d", t->decision,
		    v->decisions);
	field_set(&fs[n++], 3, NULL, "step %d/%d", t->step + 1, v->nsteps);
	field_set(&fs[n++], 2, NULL, "deck %d",
	    sab_seen_deck(&t->seen, v->rs));
	if (over(t))
		field_set(&fs[n++], 7, NULL, "game over");
	else if (render_actor(v, t) >= 0)
		field_set(&fs[n++], 7, NULL, "seat %d to play",
		    render_actor(v, t));
	who_text(v, t->persp, who, sizeof who);
	if (t->persp >= 0)
		snprintf(seat_only, sizeof seat_only, "view: seat %d", t->persp);
	else
		seat_only[0] = '\0';
	field_set(&fs[n++], 6, seat_only, "view: %s", who);
	fields_fit(fs, n, " | ", width);
	fields_put(b, fs, n, " | ");
	end_line(b);
}

int render_header_fit(render_buf *b, const view *v, const view_table *t,
    const render_style *st, int width)
{
	header_game(b, v, width, st);
	header_position(b, v, t, width);
	return b->failed ? -1 : 0;
}

int render_header(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	return render_header_fit(b, v, t, st, 0);
}

/* ---- the players ------------------------------------------------------ */

/* Saboteur 2's table: six roles, gold in pieces, thefts and traps in
 * front of the seats (the base game's stays as it always was). */
static int expansion(const view *v)
{
	return sab_words_expansion(v->rs);
}

/* The role column: as wide as the longest role name, at least 9. */
static int role_width(const view *v)
{
	int w = 9;

	for (int i = 0; i < v->rs->nroles; i++) {
		int n = (int)strlen(v->rs->roles[i].name);
		w = n > w ? n : w;
	}
	return w;
}

static const char *role_sgr(const view *v, uint8_t role)
{
	const char *name;

	if (!expansion(v))
		return role == SAB_ROLE_SABOTEUR ? C_BAD :
		    role == SAB_ROLE_MINER ? C_GOOD : NULL;
	if (role == SAB_ROLE_NONE || role >= v->rs->nroles)
		return NULL;
	name = v->rs->roles[role].name;
	return !strcmp(name, "saboteur") ? C_BAD :
	    !strcmp(name, "blue-miner") ? C_BLUE :
	    !strcmp(name, "green-miner") ? C_GREEN : NULL;
}

static const char *role_text(const view *v, uint8_t role)
{
	if (!v->rs->has_roles)
		return "-";
	return role != SAB_ROLE_NONE && role < v->rs->nroles ?
	    v->rs->roles[role].name : "?";
}

/* Whether a card of kind `word` lies in front of seat k. */
static int in_front(const view *v, const view_table *t, int k,
    const sab_kind *kind)
{
	for (int i = 0; i < t->seen.nfront[k]; i++) {
		uint8_t c = t->seen.front[k][i];
		if (c < v->rs->ndefs && sab_kind_of(v->rs->defs[c].type) == kind)
			return 1;
	}
	return 0;
}

/* Each tool as a letter when one card breaks it, a count when more do;
 * in an expansion's game then, for each kind with a front mark (Saboteur
 * 2's theft T and trapped X), whether one lies in front. */
static void tools_text(const view *v, const view_table *t, int k,
    char out[6])
{
	static const char letter[SAB_TOOLS] = { 'P', 'L', 'C' };
	int len = SAB_TOOLS;

	for (int i = 0; i < SAB_TOOLS; i++) {
		int n = sab_seen_broken(&t->seen, v->rs, k,
		    (uint8_t)(1u << i));
		out[i] = n == 0 ? '-' : n == 1 ? letter[i] :
		    (char)('0' + (n > 9 ? 9 : n));
	}
	out[3] = '\0';
	if (!expansion(v))
		return;
	for (int i = 0; sab_module_at(i) != NULL; i++) {
		const sab_kind *const *kinds = sab_module_at(i)->kinds;
		for (int j = 0; kinds != NULL && kinds[j] != NULL; j++)
			if (kinds[j]->front_mark != 0 && len < 5)
				out[len++] = in_front(v, t, k, kinds[j]) ?
				    kinds[j]->front_mark : '-';
	}
	out[len] = '\0';
}

/* Nothing lies in front of the seat. */
static int tools_none(const char *tools)
{
	return strspn(tools, "-") == strlen(tools);
}

static void gold_text(const view *v, const view_table *t, int k, char *out,
    size_t len)
{
	/* Gold paid in secret is no count of cards: only the thefts seen
	 * since are known, as a difference. */
	if (t->seen.gold_hidden[k] && expansion(v)) {
		if (t->seen.gold[k])
			snprintf(out, len, "?%+d", t->seen.gold[k]);
		else
			snprintf(out, len, "?");
	} else if (t->seen.gold_hidden[k])
		snprintf(out, len, "%d+%d?", t->seen.gold[k],
		    t->seen.gold_hidden[k]);
	else
		snprintf(out, len, "%d", t->seen.gold[k]);
}

/* Copies s into out (len bytes) as render_text() would print it. */
static void clean_copy(char *out, size_t len, const char *s)
{
	(void)proto_escape(out, len, s, strlen(s), 0);
}

void render_seat_fields(const view *v, const view_table *t, int k,
    render_seat *out)
{
	out->mark = over(t) ? ((t->seen.winners & (1u << k)) ? '*' : ' ') :
	    render_actor(v, t) == k ? '>' : ' ';
	out->role = role_text(v, t->seen.role[k]);
	tools_text(v, t, k, out->tools);
	gold_text(v, t, k, out->gold, sizeof out->gold);
}

static void player_row(render_buf *b, const view *v, const view_table *t,
    int k, const render_style *st)
{
	const view_seat *s = &t->seat[k];
	uint8_t role = t->seen.role[k];
	const char *rsgr = role_sgr(v, role);
	char name[13];
	const char *tools_sgr;
	render_seat f;

	render_seat_fields(v, t, k, &f);
	tools_sgr = tools_none(f.tools) ? NULL : C_BAD;
	clean_copy(name, sizeof name, v->f->seat[k].name);
	render_printf(b, "%c %4d  %-12s ", f.mark, k, name);
	paint(b, st, rsgr);
	render_printf(b, "%-*s", role_width(v), f.role);
	unpaint(b, st, rsgr);
	render_printf(b, " ");
	paint(b, st, tools_sgr);
	render_printf(b, "%s", f.tools);
	unpaint(b, st, tools_sgr);
	render_printf(b, "  %4d  %-6s %8lld ", t->seen.nhand[k], f.gold,
	    (long long)s->bank_ms);
	if (s->used_us >= 0)
		render_printf(b, "%8.1f  ", (double)s->used_us / 1000.0);
	else
		render_printf(b, "%8s  ", "-");
	paint(b, st, s->status ? C_BAD : NULL);
	render_text(b, s->status ? s->status : "ok", 48);
	unpaint(b, st, s->status ? C_BAD : NULL);
	end_line(b);
}

/* What this perspective knows of a seat's cards and maps, in one line. */
static void known_row(render_buf *b, const view *v, const view_table *t,
    int k)
{
	const sab_seen *s = &t->seen;
	const uint8_t *hand = s->hand[k], *peek = s->peek[k];
	const sab_ruleset *rs = v->rs;
	int known = 0;

	for (int i = 0; i < s->nhand[k]; i++)
		known += hand[i] != SAB_NO_CARD;
	if (known == 0 && s->peeked[k] == 0)
		return;
	render_printf(b, "  seat %d", k);
	if (known > 0) {
		render_printf(b, " holds");
		for (int i = 0; i < s->nhand[k]; i++)
			render_printf(b, " %s", hand[i] < rs->ndefs ?
			    v->pc.tok[hand[i]] : "?");
	}
	if (s->peeked[k])
		render_printf(b, "%s looked at", known ? ";" : "");
	for (int g = 0, n = 0; g < rs->ngoals && g < SAB_MAX_GOALS; g++) {
		if (!(s->peeked[k] & (1u << g)))
			continue;
		render_printf(b, "%s %d %d (%s)", n++ ? "," : "", s->goal_x[g],
		    s->goal_y[g], peek[g] < rs->ndefs ?
		    v->pc.tok[peek[g]] : "?");
	}
	end_line(b);
}

int render_players(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	paint(b, st, C_HEAD);
	if (expansion(v))
		render_printf(b, "  seat  name         %-*s front  hand  gold    "
		    "bank ms  last ms  status", role_width(v), "role");
	else
		render_printf(b, "  seat  name         role      tools  hand  "
		    "gold    bank ms  last ms  status");
	unpaint(b, st, C_HEAD);
	end_line(b);
	for (int k = 0; k < t->nseats; k++)
		player_row(b, v, t, k, st);
	for (int k = 0; k < t->nseats; k++)
		known_row(b, v, t, k);
	return b->failed ? -1 : 0;
}

/* A role in two lower-case letters (rules/words.c: "bm" blue miner, "ge"
 * geologist), "?" when not known here, "-" for none. */
static void role_letters(const view *v, uint8_t role, char out[3])
{
	if (role == VIEW_UNKNOWN) {
		snprintf(out, 3, "?");
		return;
	}
	sab_role_abbrev(v->rs, role, out);
	if (out[0] == '\0')
		snprintf(out, 3, "-");
	for (int i = 0; out[i]; i++)
		out[i] = (char)tolower((unsigned char)out[i]);
}

/* One seat in a few columns: "> 3 random s  -L- 6 0+2?". */
static void seat_entry(const view *v, const view_table *t, int k,
    char *out, size_t len)
{
	const view_seat *s = &t->seat[k];
	char tools[6], gold[16], name[8], clean[64], letters[3];
	const char *role = role_text(v, t->seen.role[k]);
	int mark = over(t) ? ((t->seen.winners & (1u << k)) ? '*' : ' ') :
	    render_actor(v, t) == k ? '>' : ' ';

	tools_text(v, t, k, tools);
	gold_text(v, t, k, gold, sizeof gold);
	clean_copy(clean, sizeof clean, v->f->seat[k].name);
	snprintf(name, sizeof name, "%.6s", clean);
	if (expansion(v)) {
		role_letters(v, t->seen.role[k], letters);
		snprintf(out, len, "%c%2d %-6s %-2s%s %s %d %s", mark, k, name,
		    letters, s->status ? "!" : " ", tools, t->seen.nhand[k],
		    gold);
		return;
	}
	snprintf(out, len, "%c%2d %-6s %c%s %s %d %s", mark, k, name,
	    role[0] == 'm' ? 'm' : role[0] == 's' ? 's' : role[0],
	    s->status ? "!" : " ", tools, t->seen.nhand[k], gold);
}

int render_players_compact(render_buf *b, const view *v, const view_table *t,
    const render_style *st, int width)
{
	char entry[SAB_MAX_PLAYERS][64];
	size_t w = 0;
	int per;

	for (int k = 0; k < t->nseats; k++) {
		seat_entry(v, t, k, entry[k], sizeof entry[k]);
		w = strlen(entry[k]) > w ? strlen(entry[k]) : w;
	}
	per = width > 0 ? (int)(((size_t)width + 2) / (w + 2)) : t->nseats;
	per = per < 1 ? 1 : per;
	for (int k = 0; k < t->nseats; k++) {
		int actor_k = entry[k][0] == '>';
		if (actor_k)
			paint(b, st, C_HEAD);
		render_printf(b, "%-*s", k % per == per - 1 ||
		    k == t->nseats - 1 ? 0 : (int)w + 2, entry[k]);
		if (actor_k)
			unpaint(b, st, C_HEAD);
		if (k % per == per - 1 || k == t->nseats - 1)
			end_line(b);
	}
	return b->failed ? -1 : 0;
}

/* One line of the legend: the marks in a column 13 wide, then words. */
static void legend_row(render_buf *b, const char *marks, const char *words)
{
	size_t w = 0;

	for (const char *p = marks; *p; p++)
		w += ((unsigned char)*p & 0xC0) != 0x80;
	render_printf(b, "  %s%*s%s\n", marks, w < 13 ? (int)(13 - w) : 1, "",
	    words);
}

/* The cards the rules lay (the postcards) that rs has: each legend
 * line their kinds give, once. */
static void legend_laid(render_buf *b, const sab_ruleset *rs)
{
	const char *last = NULL;

	for (int i = 0; sab_module_at(i) != NULL; i++) {
		const sab_kind *const *kinds = sab_module_at(i)->kinds;
		for (int j = 0; kinds != NULL && kinds[j] != NULL; j++) {
			const sab_kind *k = kinds[j];
			int has = 0;
			if (k->legend == NULL || k->legend == last)
				continue;
			for (int d = 0; d < rs->ndefs && !has; d++)
				has = sab_kind_of(rs->defs[d].type) == k;
			if (has) {
				legend_row(b, k->legend_key, k->legend);
				last = k->legend;
			}
		}
	}
}

/* The board's marks beyond the base game's, when the ruleset has them:
 * Saboteur 2's crystals on path cards, what the modules stand on empty
 * cells (a dwarf), the cards the rules lay. */
static void legend_board_marks(render_buf *b, const sab_ruleset *rs)
{
	int crystals = 0;

	for (int i = 0; i < rs->ndefs; i++)
		crystals |= rs->defs[i].crystals != 0;
	if (rs->nteams)
		legend_row(b, "b g", "a door, blue or green: closed to the "
		    "other team's gold miners");
	if (rs->ladders)
		legend_row(b, "H", "a ladder: joined to the start and to "
		    "every other ladder");
	if (crystals)
		legend_row(b, "*", "crystals on the card, at its top right "
		    "(2-9: several)");
	for (int i = 0; i < sab_nseen_defs; i++) {
		const sab_seen_def *d = sab_seen_defs[i];
		if (d->legend != NULL && d->legend_shown(rs))
			legend_row(b, d->legend_key, d->legend);
	}
	legend_laid(b, rs);
}

/* Saboteur 2's players: its roles in letters, the cards in front, gold
 * paid in secret. */
static void legend_players(render_buf *b, const view *v)
{
	const sab_ruleset *rs = v->rs;
	char marks[64] = "", words[200] = "";
	size_t nm = 0, nw = 0;

	for (int r = 1; r < rs->nroles; r++) {
		char l[3];
		role_letters(v, (uint8_t)r, l);
		nm += (size_t)snprintf(marks + nm, sizeof marks - nm, "%s%s",
		    nm ? " " : "", l);
		nw += (size_t)snprintf(words + nw, sizeof words - nw, "%s%s",
		    nw ? ", " : "", rs->roles[r].title);
		if (nm >= sizeof marks || nw >= sizeof words)
			break;
		/* Three roles a line, for the legend's width. */
		if (r % 3 == 0 || r == rs->nroles - 1) {
			legend_row(b, marks, words);
			nm = nw = 0;
			marks[0] = words[0] = '\0';
		}
	}
	legend_row(b, "?", "role not known here");
	legend_row(b, "P L C", "a broken pickaxe, lantern, cart (2-9: several)");
	legend_row(b, "T X", "a theft, a trapped card in front of the seat");
	legend_row(b, "? ?+1", "gold paid in secret, and the thefts seen since");
}

int render_legend(render_buf *b, const view *v, const render_style *st)
{
	int a = st->ascii;
	int exp = v != NULL && expansion(v);

	render_printf(b, "The board\n");
	legend_row(b, "S", "the start card");
	legend_row(b, a ? "+---+ [?]" : "\u250c\u2500\u2500\u2500\u2510 [?]",
	    "a goal face down, not known here");
	legend_row(b, "[g] [r]", "a goal face down, known here: gold, stone");
	legend_row(b, "G R", "a goal face up: gold, stone");
	legend_row(b, a ? "." : "\u00b7", "an empty cell");
	legend_row(b, a ? "-+- |" : "\u2500\u253c\u2500 \u2502",
	    "tunnels through the card's centre");
	legend_row(b, a ? ".. :" : "\u254c\u254c \u254e",
	    "an open edge that does not reach the centre");
	legend_row(b, a ? "#" : "\u25a0", "a dead end: nothing joins through it");
	legend_row(b, a ? "%" : "\u256c", "a bridge: two tunnels that do not join");
	if (v != NULL)
		legend_board_marks(b, v->rs);
	if (st->colour) {
		legend_row(b, "colours", "green: joined to the start; white: "
		    "not joined; red: dead end");
		legend_row(b, "reversed", "the cell this step changed");
	}
	legend_row(b, "^ v < >", "the board goes on past that edge; \"more:\"");
	legend_row(b, "", "names the rows and columns left out");
	render_printf(b, "The players\n");
	legend_row(b, "> *", "the seat to play; a winner at the end");
	if (exp) {
		legend_players(b, v);
		legend_row(b, "!", "the seat failed (see the full table)");
		return b->failed ? -1 : 0;
	}
	legend_row(b, "m s ?", "gold miner, saboteur, role not known here");
	legend_row(b, "P L C", "a broken pickaxe, lantern, cart (2-9: several)");
	legend_row(b, "3+1?", "gold known, and gold cards of unknown value");
	legend_row(b, "!", "the seat failed (see the full table)");
	return b->failed ? -1 : 0;
}

/* ---- the step --------------------------------------------------------- */

/* What the modules leave open at this step, as this perspective knows
 * it: the direction of play when reversed, what the modules' perspective
 * rows say (a card waiting for reactions), the phase when its row names
 * it (a seat asked to react, to take a treasure trove's card, to choose).
 * Empty in the base game. */
void render_step_state(const view *v, const view_table *t, char *buf,
    size_t len)
{
	const sab_seen *s = &t->seen;
	const sab_phase_def *ph;
	sab_strbuf w;
	const char *sep = "";

	sab_strbuf_init(&w, buf, len);
	if (s->dir) {
		sab_strbuf_printf(&w, "play reversed");
		sep = "; ";
	}
	for (int i = 0; i < sab_nseen_defs; i++)
		if (sab_seen_defs[i]->status != NULL &&
		    sab_seen_defs[i]->status(&w, s, v->rs, &v->pc, sep))
			sep = "; ";
	/* The phase, when its row names it (a reaction, a choice of which
	 * goal first), and whom the referee asks, when this perspective
	 * was told. */
	ph = sab_phase_def_of(s->phase);
	if (ph != NULL && ph->status != NULL &&
	    (ph->status_unasked || s->to_act < s->nplayers)) {
		sab_strbuf_printf(&w, "%s%s", sep, ph->status);
		if (s->to_act < s->nplayers)
			sab_strbuf_printf(&w, ": seat %d", s->to_act);
	}
}

int render_step(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	char text[1024];
	int a = render_actor(v, t);
	int fail = t->step >= 0 && (v->steps[t->step].flags & VIEW_FAILURE);

	view_describe(v, t->step, t->persp, text, sizeof text);
	render_printf(b, "now: ");
	paint(b, st, fail ? C_BAD : C_HEAD);
	render_text(b, text, 300);
	unpaint(b, st, fail ? C_BAD : C_HEAD);
	render_step_state(v, t, text, sizeof text);
	if (text[0] != '\0') {
		render_printf(b, " [");
		render_text(b, text, 200);
		render_printf(b, "]");
	}
	end_line(b);
	if (a >= 0 && t->seat[a].line != NULL &&
	    t->seat[a].line_decision == t->decision) {
		render_printf(b, "seat %d's reply: ", a);
		render_text(b, t->seat[a].line, 200);
		end_line(b);
	}
	if (a >= 0 && t->seat[a].note != NULL) {
		render_printf(b, "seat %d's last note: ", a);
		render_text(b, t->seat[a].note, 200);
		end_line(b);
	}
	return b->failed ? -1 : 0;
}

int render_position(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	render_header(b, v, t, st);
	end_line(b);
	render_board(b, v, t, st);
	end_line(b);
	render_players(b, v, t, st);
	end_line(b);
	render_step(b, v, t, st);
	return b->failed ? -1 : 0;
}
