/* events.c: New Goals' event types and move kind, one row each: the line
 * a seat is sent, what a perspective learns, the words for people. */
#include "../../event_def.h"

/* Seat reached these face-down goals at once: which turns up first. */
static void say_order(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "goals");
	sab_put_wi(l, c->v->seat);
	sab_put_goals(l, c->pc, c->v->mask);
}

static void learn_order(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_ORDER;
	s->to_act = e->seat;
	s->goal_choices = (uint8_t)e->mask;
}

static int words_order(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	sab_strbuf_printf(b, "seat %d reached two goals at once and chooses "
	    "which turns face up first:", e->seat);
	for (int k = 0, n = 0; k < rs->ngoals; k++)
		if (e->mask >> k & 1) {
			sab_strbuf_printf(b, "%s ", n++ ? " or" : "");
			sab_words_goal_at(b, rs, w, k);
		}
	return 0;
}

const sab_event_def sab_event_def_ORDER = {
	.name = "order",
	.say = say_order,
	.learn = learn_order,
	.words = words_order,
};

/* A dragon's gold paid: whether there was anything to pay is the
 * payer's alone: every other seat is sent "-", 1 or none. */
static void say_paid(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "paid");
	sab_put_wi(l, c->v->seat);
	if (c->e->vis == SAB_VIS_HIDDEN && c->seat != c->e->seat)
		sab_put_ws(l, "-");
	else
		sab_put_wi(l, c->v->value);
}

static void learn_paid(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	int k = e->seat;

	(void)rs;
	if (s->persp == SAB_SEEN_ALL || s->persp == k)
		s->gold[k] = (int16_t)(s->gold[k] - e->value);
	else
		s->gold_hidden[k]++;
}

static int words_paid(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	if (e->vis == SAB_VIS_HIDDEN && e->value == 0)
		sab_strbuf_printf(b, "seat %d pays the dragon 1 gold if it has "
		    "any (only it knows)", e->seat);
	else
		sab_strbuf_printf(b, "seat %d pays the dragon %d gold", e->seat,
		    e->value);
	return 0;
}

const sab_event_def sab_event_def_PAID = {
	.name = "paid",
	.say = say_paid,
	.learn = learn_paid,
	.words = words_paid,
};

/* "reveal X Y": the goal place that turns up first. */
static void write_goal(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	sab_put_move_goal(l, pc, m->goal);
}

static int read_reveal(sab_reply *r, sab_move *m)
{
	if (sab_reply_goal(r, m) < 0)
		return -1;
	m->kind = SAB_MOVE_REVEAL;
	return 0;
}

/* The first goal place of the choice. */
static int fallback_reveal(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_ORDER)
		return 0;
	m->kind = SAB_MOVE_REVEAL;
	while (m->goal < g->rs->ngoals && !(g->goal_choices >> m->goal & 1))
		m->goal++;
	return 1;
}

const sab_move_def sab_move_def_REVEAL = {
	.word = "reveal",
	.write = write_goal,
	.read = read_reveal,
	.fallback = fallback_reveal,
	.lands = SAB_LANDS_GOAL,
};

/* ---- its phase, and the end of its choice ------------------------------- */

const sab_phase_def sab_phase_def_ORDER = {
	.status = "goal order",
};

/* A goal turned up ends the choice of which goal first. */
static void revealed_goal(sab_seen *s, const sab_event *e)
{
	(void)e;
	if (s->phase == SAB_PHASE_ORDER) {
		s->phase = SAB_PHASE_PLAY;
		s->goal_choices = 0;
	}
}

const sab_seen_def sab_seen_def_goals = {
	.revealed = revealed_goal,
};
