/* events.c: Treasure Chests' event types and move kinds, one row each:
 * the line a seat is sent, what a perspective learns, the words for
 * people. */
#include "../../event_def.h"

/* The word of chest kind v ("?" or the first for none). */
static const char *chest_word(int v, const char *none)
{
	return v < SAB_CHEST_KINDS ? sab_chest_words[v] : none;
}

/* A chest lies under a face-down path card, at a round's setup. */
static void say_chest(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "chest");
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
}

static void learn_chest(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_hide(&s->board, rs, e->x, e->y);
}

static int words_chest(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "a treasure chest lies face down at ");
	sab_words_place(b, w, e->x, e->y);
	return 0;
}

const sab_event_def sab_event_def_CHEST = {
	.name = "chest",
	.seatless = 1,
	.in_deal = 1,
	.say = say_chest,
	.learn = learn_chest,
	.words = words_chest,
};

/* A chest uncovered: its path card turned face up, the chest taken. */
static void say_open(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "opened");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
	sab_put_tok(l, c->pc, c->v->card);
	sab_put_wi(l, c->v->rot);
	sab_put_ws(l, chest_word(c->v->value, sab_chest_words[0]));
}

static void learn_open(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
	s->chest_take |= e->value == SAB_CHEST_KEEP_ONE ||
	    e->value == SAB_CHEST_TROVE;
}

static int words_open(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d takes the chest at ", e->seat);
	sab_words_place(b, w, e->x, e->y);
	sab_strbuf_printf(b, ": %s, under %s%s", chest_word(e->value, "?"),
	    sab_words_card(w, e->card), e->rot ? ", turned" : "");
	return 0;
}

static const char *uncovers_open(const sab_event *e)
{
	return e->value < SAB_CHEST_KINDS ? sab_chest_words[e->value] : NULL;
}

const sab_event_def sab_event_def_OPEN = {
	.name = "open",
	.say = say_open,
	.learn = learn_open,
	.words = words_open,
	.uncovers = uncovers_open,
};

/* Cards of the deck go face down to the discard pile. */
static void say_mill(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "milled");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->n);
}

static void learn_mill(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->deck = (uint16_t)(s->deck > e->n ? s->deck - e->n : 0);
	s->ndiscard = (uint16_t)(s->ndiscard + e->n);
}

static int words_mill(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "%d cards of the deck go face down to the "
	    "discard pile", e->n);
	return 0;
}

const sab_event_def sab_event_def_MILL = {
	.name = "mill",
	.say = say_mill,
	.learn = learn_mill,
	.words = words_mill,
};

/* The seat (alone) chooses a seat, or a face-down goal to push. */
static void say_chest_ask(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "chestchoice");
	sab_put_ws(l, chest_word(c->v->value, sab_chest_words[0]));
	if (c->v->value == SAB_CHEST_PUSH_GOAL)
		sab_put_goals(l, c->pc, c->v->mask);
	else
		sab_put_seats(l, c->v->mask);
}

static void learn_chest_ask(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_CHEST;
	s->to_act = e->seat;
}

static int words_chest_ask(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	if (e->value == SAB_CHEST_PUSH_GOAL) {
		sab_strbuf_printf(b, "seat %d chooses a face-down goal to push "
		    "further away:", e->seat);
		for (int k = 0, n = 0; k < rs->ngoals; k++)
			if (e->mask >> k & 1) {
				sab_strbuf_printf(b, "%s ", n++ ? " or" : "");
				sab_words_goal_at(b, rs, w, k);
			}
		return 0;
	}
	sab_strbuf_printf(b, "seat %d chooses a player for its %s chest "
	    "(seats", e->seat, chest_word(e->value, "?"));
	sab_words_seats(b, e->mask);
	sab_strbuf_printf(b, ")");
	return 0;
}

const sab_event_def sab_event_def_CHEST_ASK = {
	.name = "chest-ask",
	.say = say_chest_ask,
	.learn = learn_chest_ask,
	.words = words_chest_ask,
	.quiet = 1,
};

/* A card of target's hand taken by seat (the card known to seat alone;
 * target is told its whole hand next). */
static void say_grab(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "grabbed");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->target);
}

static void learn_grab(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->target < s->nplayers) {
		sab_seen_hand_take(s, e->target, e->card);
		sab_seen_hand_add(s, e->seat, e->card);
	}
	s->phase = SAB_PHASE_PLAY;
}

static int words_grab(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "seat %d takes a card from seat %d's hand",
	    e->seat, e->target);
	return 0;
}

const sab_event_def sab_event_def_GRAB = {
	.name = "grab",
	.say = say_grab,
	.learn = learn_grab,
	.words = words_grab,
};

/* A face-down goal pushed from (vals[0], vals[1]) to (x, y). */
static void say_push(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "pushed");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->vals[0]);
	sab_put_wi(l, c->v->vals[1]);
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
}

static void learn_push(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	if (e->goal < rs->ngoals && e->goal < SAB_MAX_GOALS) {
		(void)sab_board_remove(&s->board, rs, e->vals[0], e->vals[1]);
		sab_board_hide(&s->board, rs, e->x, e->y);
		s->goal_x[e->goal] = e->x;
		s->goal_y[e->goal] = e->y;
	}
	s->phase = SAB_PHASE_PLAY;
}

static int words_push(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d pushes the face-down goal at ", e->seat);
	sab_words_place(b, w, e->vals[0], e->vals[1]);
	sab_strbuf_printf(b, " one further, to ");
	sab_words_place(b, w, e->x, e->y);
	return 0;
}

static int goal_moved_push(const sab_event *e)
{
	return e->goal < SAB_MAX_GOALS ? e->goal : -1;
}

const sab_event_def sab_event_def_PUSH = {
	.name = "push",
	.say = say_push,
	.learn = learn_push,
	.words = words_push,
	.goal_moved = goal_moved_push,
};

/* ---- moves ------------------------------------------------------------------ */

/* "choose SEAT". */
static void write_seat(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	(void)pc;
	sab_put_wi(l, m->target);
}

static int read_seat(sab_reply *r, sab_move *m)
{
	long v;

	if (r->n != 2 || sab_reply_number(r, 1, 0, 255, &v))
		return sab_reply_bad(r, "choose wants a seat");
	m->kind = SAB_MOVE_SEAT;
	m->target = (uint8_t)v;
	return 0;
}

/* A chest's first seat to choose (not a push-goal chest's). */
static int fallback_seat(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_CHEST ||
	    g->chest_asks == SAB_CHEST_PUSH_GOAL + 1)
		return 0;
	m->kind = SAB_MOVE_SEAT;
	while (m->target < g->nplayers && !(g->chest_choices >> m->target & 1))
		m->target++;
	return 1;
}

const sab_move_def sab_move_def_SEAT = {
	.word = "choose",
	.write = write_seat,
	.read = read_seat,
	.fallback = fallback_seat,
};

/* "push X Y": the goal place pushed. */
static void write_push(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	sab_put_move_goal(l, pc, m->goal);
}

static int read_push(sab_reply *r, sab_move *m)
{
	if (sab_reply_goal(r, m) < 0)
		return -1;
	m->kind = SAB_MOVE_PUSH;
	return 0;
}

/* A push-goal chest's first goal place. */
static int fallback_push(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_CHEST ||
	    g->chest_asks != SAB_CHEST_PUSH_GOAL + 1)
		return 0;
	m->kind = SAB_MOVE_PUSH;
	while (m->goal < g->rs->ngoals && !(g->chest_choices >> m->goal & 1))
		m->goal++;
	return 1;
}

const sab_move_def sab_move_def_PUSH = {
	.word = "push",
	.write = write_push,
	.read = read_push,
	.fallback = fallback_push,
	.lands = SAB_LANDS_GOAL,
};

/* ---- its phase, and a map's look at a chest ----------------------------- */

const sab_phase_def sab_phase_def_CHEST = {
	.status = "chest",
};

static int say_peek_chest(sab_line *l, const sab_say_ctx *c)
{
	const sab_event *v = c->v;

	sab_put_s(l, "peekchest");
	sab_put_wi(l, v->x);
	sab_put_wi(l, v->y);
	sab_put_tok(l, c->pc, v->card);
	sab_put_ws(l, chest_word(v->value, sab_chest_words[0]));
	return 1;
}

static int words_peek_chest(sab_strbuf *b, const sab_event *e,
    const sab_words *w)
{
	sab_strbuf_printf(b, "seat %d sees %s over a %s chest at %d %d",
	    e->seat, sab_words_card(w, e->card), chest_word(e->value, "?"),
	    e->x, e->y);
	return 1;
}

const sab_seen_def sab_seen_def_chests = {
	.say_peek = say_peek_chest,
	.words_peek = words_peek_chest,
};
