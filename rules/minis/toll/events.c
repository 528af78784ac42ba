/* events.c: Tunnel Toll's event types and move kind, one row each: the
 * line a seat is sent, what a perspective learns, the words for people. */
#include "../../event_def.h"

/* A dwarf put on (x, y), after the pass that discarded its card (the
 * turn moved on with it); no draw follows. */
static void say_dwarf(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "dwarf");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
}

static void learn_dwarf(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->tool < SAB_MAX_TOLL_DWARVES && e->x >= SAB_COORD_MIN &&
	    e->x <= SAB_COORD_MAX && e->y >= SAB_COORD_MIN &&
	    e->y <= SAB_COORD_MAX) {
		s->toll_cell[e->tool] = sab_board_index(e->x, e->y);
		s->toll_owner[e->tool] = e->seat;
	}
}

static int words_dwarf(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "seat %d puts a dwarf on %d %d (no draw)",
	    e->seat, e->x, e->y);
	return 0;
}

const sab_event_def sab_event_def_DWARF = {
	.name = "dwarf",
	.say = say_dwarf,
	.learn = learn_dwarf,
	.words = words_dwarf,
	.log_word = "dwarf",
};

/* A toll paid, in the open (always 1 gold): the dwarf leaves. */
static void say_toll(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "toll");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->target);
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
}

static void learn_toll(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->target < s->nplayers)
		s->gold[e->target] = (int16_t)(s->gold[e->target] + e->value);
	s->gold[e->seat] = (int16_t)(s->gold[e->seat] - e->value);
	if (e->tool < SAB_MAX_TOLL_DWARVES)
		s->toll_cell[e->tool] = SAB_NO_CELL;
}

static int words_toll(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "seat %d pays seat %d %d gold for the dwarf on "
	    "%d %d, which leaves", e->seat, e->target, e->value, e->x, e->y);
	return 0;
}

const sab_event_def sab_event_def_TOLL = {
	.name = "toll",
	.say = say_toll,
	.learn = learn_toll,
	.words = words_toll,
	.gold_flow = -1,
	.log_word = "toll",
};

/* "dwarf CARD X Y". */
static void write_dwarf(sab_line *l, const sab_tokens *pc,
    const sab_move *m)
{
	sab_put_tok(l, pc, m->card);
	sab_put_wi(l, m->x);
	sab_put_wi(l, m->y);
}

/* "dwarf CARD X Y": Tunnel Toll's turn option. */
static int read_dwarf(sab_reply *r, sab_move *m)
{
	long x, y;

	if (sab_reply_card(r, m) < 0)
		return -1;
	if (r->n != 4 || sab_reply_number(r, 2, -99, 99, &x) ||
	    sab_reply_number(r, 3, -99, 99, &y))
		return sab_reply_bad(r, "dwarf wants a card of your hand, then "
		    "the X Y of an open end of a path");
	m->kind = SAB_MOVE_DWARF;
	m->x = (int8_t)x;
	m->y = (int8_t)y;
	return 0;
}

static int takes_dwarf(const sab_ruleset *rs)
{
	return rs->toll_dwarves != 0;
}

const sab_move_def sab_move_def_DWARF = {
	.word = "dwarf",
	.write = write_dwarf,
	.read = read_dwarf,
	.hint = "; dwarf",
	.offered = takes_dwarf,
	.lands = SAB_LANDS_CELL,
};

/* ---- what a perspective shows of the dwarves ----------------------------- */

_Static_assert(SAB_MAX_TOLL_DWARVES <= SAB_MAX_MARKS,
    "every dwarf has a mark");

static void title_dwarf(sab_strbuf *b, int owner)
{
	if (owner != SAB_NO_SEAT)
		sab_strbuf_printf(b, "dwarf of seat %d (a path card here pays "
		    "seat %d 1 gold)", owner, owner);
	else
		sab_strbuf_printf(b, "a dwarf");
}

/* The dwarves standing on the table, in their order. */
static int marks_dwarf(const sab_seen *s, sab_mark *out)
{
	int n = 0;

	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++) {
		if (s->toll_cell[d] == SAB_NO_CELL)
			continue;
		out[n].cell = s->toll_cell[d];
		out[n].owner = s->toll_owner[d];
		out[n].word = "dwarf";
		out[n].glyph = "D";
		out[n].title = title_dwarf;
		n++;
	}
	return n;
}

const sab_seen_def sab_seen_def_toll = {
	.marks = marks_dwarf,
	.legend_key = "D",
	.legend = "a dwarf (Tunnel Toll): a path card there pays its owner 1 "
	    "gold",
	.legend_shown = takes_dwarf,
};
