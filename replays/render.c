/* render.c: a replay position as text: the board as a grid of tunnels in
 * box drawing or ASCII, optionally coloured, and the table around it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

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
} look;

static int goal_at(const sab_ruleset *rs, int x, int y)
{
	for (int k = 0; k < rs->ngoals; k++)
		if (rs->goal_x[k] == x && rs->goal_y[k] == y)
			return k;
	return -1;
}

static void look_goal_back(const view *v, const view_table *t, int x, int y,
    look *lk)
{
	int k = goal_at(v->rs, x, y);
	uint8_t c = k >= 0 ? t->goal_known[k] : SAB_NO_CARD;

	lk->back = 1;
	lk->sgr = C_GOAL;
	lk->centre = "?";
	if (c < v->rs->ndefs) {
		lk->centre = v->rs->defs[c].gold ? "g" : "r";
		lk->sgr = v->rs->defs[c].gold ? C_GOLD : C_STONE;
	}
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
	} else {
		int bridge = card->groups[0] && card->groups[1];
		lk->centre = st->ascii ? (bridge ? "%" : "+") :
		    bridge ? "\u256c" : box_glyph[joined];
		lk->sgr = t->board.reach[idx] ? C_TUNNEL : C_LOOSE;
	}
}

static void look_at(const view *v, const view_table *t, int x, int y,
    const render_style *st, look *lk)
{
	uint8_t c = sab_board_get(&t->board, x, y);

	memset(lk, 0, sizeof *lk);
	if (c == SAB_CELL_HIDDEN) {
		look_goal_back(v, t, x, y, lk);
	} else if (c != SAB_CELL_EMPTY) {
		look_card(v, t, c, sab_board_index(x, y), st, lk);
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
		render_printf(b, "  %s  ", arm(lk, row == 0 ? 0 : 2, 1, st));
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

/* The cells shown: the start, the goals, and every card on the table. */
static void board_extent(const view *v, const view_table *t, int *x0,
    int *x1, int *y0, int *y1)
{
	const sab_ruleset *rs = v->rs;

	*x0 = *x1 = rs->start_x;
	*y0 = *y1 = rs->start_y;
	for (int k = 0; k < rs->ngoals; k++) {
		*x0 = rs->goal_x[k] < *x0 ? rs->goal_x[k] : *x0;
		*x1 = rs->goal_x[k] > *x1 ? rs->goal_x[k] : *x1;
		*y0 = rs->goal_y[k] < *y0 ? rs->goal_y[k] : *y0;
		*y1 = rs->goal_y[k] > *y1 ? rs->goal_y[k] : *y1;
	}
	for (int i = 0; i < t->board.nplaced; i++) {
		int x = sab_board_x(t->board.placed[i]);
		int y = sab_board_y(t->board.placed[i]);
		*x0 = x < *x0 ? x : *x0;
		*x1 = x > *x1 ? x : *x1;
		*y0 = y < *y0 ? y : *y0;
		*y1 = y > *y1 ? y : *y1;
	}
}

static void board_axis(render_buf *b, int x0, int x1,
    const render_style *st)
{
	render_printf(b, "    ");
	for (int x = x0; x <= x1; x++)
		render_printf(b, "%3d%s", x, st->compact ? "" : "  ");
	end_line(b);
}

static void board_row(render_buf *b, const view *v, const view_table *t,
    int y, int row, int x0, int x1, const render_style *st)
{
	if (row == 1 || st->compact)
		render_printf(b, "%3d ", y);
	else
		render_printf(b, "    ");
	for (int x = x0; x <= x1; x++) {
		look lk;
		int marked = t->marked && t->mark_x == x && t->mark_y == y;
		char sgr[16];

		look_at(v, t, x, y, st, &lk);
		snprintf(sgr, sizeof sgr, "%s%s", lk.sgr ? lk.sgr : "0",
		    marked ? ";7" : "");
		paint(b, st, lk.sgr || marked ? sgr : NULL);
		if (st->compact)
			cell_compact(b, &lk, st);
		else
			cell_row(b, &lk, row, st);
		unpaint(b, st, lk.sgr || marked ? sgr : NULL);
	}
	end_line(b);
}

int render_board(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	int x0, x1, y0, y1;

	board_extent(v, t, &x0, &x1, &y0, &y1);
	board_axis(b, x0, x1, st);
	for (int y = y0; y <= y1; y++)
		for (int row = 0; row < (st->compact ? 1 : 3); row++)
			board_row(b, v, t, y, row, x0, x1, st);
	return b->failed ? -1 : 0;
}

/* ---- the header ------------------------------------------------------- */

/* The seat asked at the table's step, or -1. */
static int actor(const view *v, const view_table *t)
{
	return t->step >= 0 && t->step < v->nsteps ?
	    v->steps[t->step].actor : -1;
}

int render_header(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	const replay_file *f = v->f;
	char who[80];

	view_persp_name(v, t->persp, who, sizeof who);
	paint(b, st, C_HEAD);
	render_printf(b, "game %d, ruleset %s, seed %llu, %d players, "
	    "started %s", f->game, f->ruleset, (unsigned long long)f->seed,
	    f->nseats, f->start ? f->start : "?");
	unpaint(b, st, C_HEAD);
	end_line(b);
	render_printf(b, "round %d | ", t->round);
	if (t->decision == 0)
		render_printf(b, "set-up");
	else if (t->decision > v->decisions)
		render_printf(b, "decision %d (unfinished)", t->decision);
	else
		render_printf(b, "decision %d/%d", t->decision, v->decisions);
	render_printf(b, " | step %d/%d | deck %d", t->step + 1, v->nsteps,
	    t->deck);
	if (actor(v, t) >= 0 && !t->over)
		render_printf(b, " | seat %d to play", actor(v, t));
	if (t->over)
		render_printf(b, " | game over");
	render_printf(b, " | view: ");
	render_text(b, who, 80);
	end_line(b);
	return b->failed ? -1 : 0;
}

/* ---- the players ------------------------------------------------------ */

static const char *role_text(const view *v, uint8_t role)
{
	if (!v->rs->has_roles)
		return "-";
	return role == SAB_ROLE_MINER ? "miner" : role == SAB_ROLE_SABOTEUR ?
	    "saboteur" : "?";
}

static void tools_text(const view_seat *s, char out[4])
{
	static const char letter[SAB_TOOLS] = { 'P', 'L', 'C' };

	for (int k = 0; k < SAB_TOOLS; k++)
		out[k] = s->broken[k] == 0 ? '-' : s->broken[k] == 1 ?
		    letter[k] : (char)('0' + (s->broken[k] > 9 ? 9 :
		    s->broken[k]));
	out[3] = '\0';
}

static void gold_text(const view_seat *s, char *out, size_t len)
{
	if (s->gold_hidden)
		snprintf(out, len, "%d+%d?", s->gold, s->gold_hidden);
	else
		snprintf(out, len, "%d", s->gold);
}

/* Copies s into out (len bytes) as render_text() would print it. */
static void clean_copy(char *out, size_t len, const char *s)
{
	(void)proto_escape(out, len, s, strlen(s), 0);
}

static void player_row(render_buf *b, const view *v, const view_table *t,
    int k, const render_style *st)
{
	const view_seat *s = &t->seat[k];
	const char *role_sgr = s->role == SAB_ROLE_SABOTEUR ? C_BAD :
	    s->role == SAB_ROLE_MINER ? C_GOOD : NULL;
	char tools[4], gold[16], name[13];
	const char *tools_sgr;

	tools_text(s, tools);
	tools_sgr = strcmp(tools, "---") ? C_BAD : NULL;
	gold_text(s, gold, sizeof gold);
	clean_copy(name, sizeof name, v->f->seat[k].name);
	render_printf(b, "%s %4d  %-12s ", t->over ?
	    ((t->winners & (1u << k)) ? "*" : " ") :
	    actor(v, t) == k ? ">" : " ", k, name);
	paint(b, st, role_sgr);
	render_printf(b, "%-9s", role_text(v, s->role));
	unpaint(b, st, role_sgr);
	render_printf(b, " ");
	paint(b, st, tools_sgr);
	render_printf(b, "%s", tools);
	unpaint(b, st, tools_sgr);
	render_printf(b, "  %4d  %-6s %8lld ", s->nhand, gold,
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
	const view_seat *s = &t->seat[k];
	const sab_ruleset *rs = v->rs;
	int known = 0;

	for (int i = 0; i < s->nhand; i++)
		known += s->hand[i] != SAB_NO_CARD;
	if (known == 0 && s->looked == 0)
		return;
	render_printf(b, "  seat %d", k);
	if (known > 0) {
		render_printf(b, " holds");
		for (int i = 0; i < s->nhand; i++)
			render_printf(b, " %s", s->hand[i] < rs->ndefs ?
			    v->pc.tok[s->hand[i]] : "?");
	}
	if (s->looked)
		render_printf(b, "%s looked at", known ? ";" : "");
	for (int g = 0, n = 0; g < rs->ngoals && g < SAB_MAX_GOALS; g++) {
		if (!(s->looked & (1u << g)))
			continue;
		render_printf(b, "%s %d %d (%s)", n++ ? "," : "", rs->goal_x[g],
		    rs->goal_y[g], s->peek[g] < rs->ndefs ?
		    v->pc.tok[s->peek[g]] : "?");
	}
	end_line(b);
}

int render_players(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	paint(b, st, C_HEAD);
	render_printf(b, "  seat  name         role      tools  hand  gold    "
	    "bank ms  last ms  status");
	unpaint(b, st, C_HEAD);
	end_line(b);
	for (int k = 0; k < t->nseats; k++)
		player_row(b, v, t, k, st);
	for (int k = 0; k < t->nseats; k++)
		known_row(b, v, t, k);
	return b->failed ? -1 : 0;
}

/* ---- the step --------------------------------------------------------- */

int render_step(render_buf *b, const view *v, const view_table *t,
    const render_style *st)
{
	char text[1024];
	int a = actor(v, t);
	int fail = t->step >= 0 && (v->steps[t->step].flags & VIEW_FAILURE);

	view_describe(v, t->step, t->persp, text, sizeof text);
	render_printf(b, "now: ");
	paint(b, st, fail ? C_BAD : C_HEAD);
	render_text(b, text, 300);
	unpaint(b, st, fail ? C_BAD : C_HEAD);
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
