/* events.c: the World Championship's event types and move kinds, one row
 * each: the line a seat is sent, what a perspective learns, the words for
 * people. */
#include "../event_def.h"

/* "plays SEAT TOKEN ARGS": a card waiting for reactions. */
static void say_pending(sab_line *l, const sab_say_ctx *c)
{
	sab_move m = sab_play_of_event(c->v);

	sab_put_s(l, "plays");
	sab_put_wi(l, c->v->seat);
	sab_put_tok(l, c->pc, c->v->card);
	sab_put_args(l, c->pc, &m, NULL);
}

static void learn_pending(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_hand_take(s, e->seat, e->card);
	s->pending = e->card;
	s->pending_seat = e->seat;
	s->phase = SAB_PHASE_REACT;
	s->to_act = SAB_NO_SEAT;
}

/*
 * A card waiting for reactions, with what its player asked of it, by its
 * kind's arguments: "seat 2 plays straight-ns at 0 1: open to a veto".
 * Not its kind's own words, which tell an effect (a card removed, a tool
 * broken) that has not happened and may never.
 */
static int words_pending(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;
	int swap = 0;

	sab_strbuf_printf(b, "seat %d plays %s", e->seat,
	    sab_words_card(w, e->card));
	for (int i = 0; k != NULL && i < SAB_MAX_ARGS &&
	    k->args[i] != SAB_ARG_END; i++)
		switch (k->args[i]) {
		case SAB_ARG_X:
			sab_strbuf_printf(b, " at ");
			sab_words_place(b, w, e->x, e->y);
			break;
		case SAB_ARG_ROT:
			if (swap)
				sab_strbuf_printf(b, e->rot ? ", to swap them" :
				    ", to put them back as they were");
			else if (e->rot)
				sab_strbuf_printf(b, ", turned");
			break;
		case SAB_ARG_SEAT:
			sab_strbuf_printf(b, " on seat %d", e->target);
			break;
		case SAB_ARG_TOOL:
			sab_strbuf_printf(b, " (the %s)", sab_tool_name(e->tool));
			break;
		case SAB_ARG_GOAL:
			sab_strbuf_printf(b, " on ");
			sab_words_goal_at(b, rs, w, e->goal);
			break;
		case SAB_ARG_GOAL2:
			sab_strbuf_printf(b, " and ");
			sab_words_goal_at(b, rs, w, e->value);
			swap = 1;
			break;
		default:        /* Y with X; the rest are not the player's */
			break;
		}
	sab_strbuf_printf(b, ": open to a veto");
	return 0;
}

const sab_event_def sab_event_def_PENDING = {
	.name = "pending",
	.say = say_pending,
	.learn = learn_pending,
	.words = words_pending,
	.card_played = 2,
	.trace = 1,
	.log_word = "plays",
};

/* A seat (alone) asked whether to veto. */
static void say_react(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "react");
	sab_put_wi(l, c->v->target);
}

static void learn_react(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_REACT;
	s->to_act = e->seat;
}

static int words_react(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d is asked whether to veto seat %d's %s",
	    e->seat, e->target, sab_words_card(w, e->card));
	return 0;
}

const sab_event_def sab_event_def_REACT = {
	.name = "react",
	.say = say_react,
	.learn = learn_react,
	.words = words_react,
	.quiet = 1,
	.trace = 2,
};

static void say_veto(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "vetoed");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->target);
	sab_put_card(l, c->pc, c->v->removed);
}

/* A veto: both cards to the discard pile; the turn goes on after the
 * vetoed seat (its draw, then the veto's player's, are events). */
static void learn_veto(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_hand_take(s, e->seat, e->card);
	s->ndiscard = (uint16_t)(s->ndiscard + 2);
	s->pending = SAB_NO_CARD;
	s->phase = SAB_PHASE_PLAY;
	if (e->target < s->nplayers) {
		s->turn++;
		s->to_act = sab_seen_next(s, e->target);
	}
}

static int words_veto(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d vetoes seat %d's %s: both cards to the "
	    "discard pile", e->seat, e->target, sab_words_card(w, e->removed));
	return 0;
}

/* The veto lies on top of the card it vetoed. */
static int top_veto(const sab_event *e)
{
	return e->card;
}

const sab_event_def sab_event_def_VETO = {
	.name = "veto",
	.say = say_veto,
	.learn = learn_veto,
	.words = words_veto,
	.pile_top = top_veto,
	.trace = 1,
};

/* A treasure trove's cards, to its player alone. */
static void say_trove(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "trove");
	for (int i = 0; i < c->v->n && i < SAB_MAX_PLAYERS; i++)
		sab_put_card(l, c->pc, (uint8_t)c->v->vals[i]);
}

static void learn_trove(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_TAKE;
	s->to_act = e->seat;
}

static int words_trove(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	int n = e->n > SAB_MAX_PLAYERS ? SAB_MAX_PLAYERS : e->n;

	(void)rs;
	if (n == 1)
		sab_strbuf_printf(b, "seat %d sees the discard pile's only card, "
		    "%s", e->seat, sab_words_card(w, e->vals[0]));
	else {
		sab_strbuf_printf(b, "seat %d sees the top %d cards of the "
		    "discard pile, top first: ", e->seat, n);
		sab_words_cards(b, w, e->vals, n);
		sab_strbuf_printf(b, "; it takes one");
	}
	return 0;
}

const sab_event_def sab_event_def_TROVE = {
	.name = "trove",
	.say = say_trove,
	.learn = learn_trove,
	.words = words_trove,
	.quiet = 1,
};

/* A card taken from the discard pile.  A treasure trove on an empty pile:
 * "took SEAT -" to every seat, which a referee before replay format 1.5
 * never sent. */
static void say_take(sab_line *l, const sab_say_ctx *c)
{
	if ((c->pc->compat & SAB_COMPAT_1_4) && c->e->vis == SAB_VIS_ALL &&
	    c->e->card == SAB_NO_CARD)
		return;
	sab_put_s(l, "took");
	sab_put_wi(l, c->v->seat);
	sab_put_card(l, c->pc, c->v->card);
}

/* The card taken (a trove's card goes on the pile in its place; a chest's
 * take comes off the pile, sab_seen.chest_take). */
static void learn_take(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	/* A trove on an empty discard pile: nothing taken, in the open. */
	if (!(e->vis == SAB_VIS_ALL && e->card == SAB_NO_CARD))
		sab_seen_hand_add(s, e->seat, e->card);
	s->phase = SAB_PHASE_PLAY;
	s->to_act = sab_seen_next(s, e->seat);
	if (s->chest_take && s->ndiscard > 0)
		s->ndiscard--;
	s->chest_take = 0;
}

static int words_take(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	if (e->card == SAB_NO_CARD && e->vis == SAB_VIS_ALL)
		sab_strbuf_printf(b, "seat %d takes nothing: the discard pile "
		    "was empty", e->seat);
	else if (e->card == SAB_NO_CARD)
		sab_strbuf_printf(b, "seat %d takes a card from the discard "
		    "pile, unseen", e->seat);
	else
		sab_strbuf_printf(b, "seat %d takes %s from the discard pile",
		    e->seat, sab_words_card(w, e->card));
	return 0;
}

const sab_event_def sab_event_def_TAKE = {
	.name = "take",
	.say = say_take,
	.learn = learn_take,
	.words = words_take,
	.trace = 1,
	.log_word = "took",
};

/* ---- moves ------------------------------------------------------------------ */

static void write_nothing(sab_line *l, const sab_tokens *pc,
    const sab_move *m)
{
	(void)l;
	(void)pc;
	(void)m;
}

static int read_allow(sab_reply *r, sab_move *m)
{
	if (r->n != 1)
		return sab_reply_bad(r, "allow takes nothing more");
	m->kind = SAB_MOVE_ALLOW;
	return 0;
}

/* No veto. */
static int fallback_allow(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_REACT)
		return 0;
	m->kind = SAB_MOVE_ALLOW;
	return 1;
}

const sab_move_def sab_move_def_ALLOW = {
	.word = "allow",
	.write = write_nothing,
	.read = read_allow,
	.fallback = fallback_allow,
};

static void write_take(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	sab_put_tok(l, pc, m->card);
}

static int read_take(sab_reply *r, sab_move *m)
{
	if (sab_reply_card(r, m) < 0)
		return -1;
	if (r->n != 2)
		return sab_reply_bad(r, "take wants one card");
	m->kind = SAB_MOVE_TAKE;
	return 0;
}

/* The discard pile's top card. */
static int fallback_take(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_TAKE)
		return 0;
	m->kind = SAB_MOVE_TAKE;
	m->card = g->discard[g->ndiscard - 1];
	return 1;
}

const sab_move_def sab_move_def_TAKE = {
	.word = "take",
	.write = write_take,
	.read = read_take,
	.fallback = fallback_take,
};

/* ---- its phases, and what a perspective shows of a pending card --------- */

const sab_phase_def sab_phase_def_REACT = {
	.status = "react",
	.status_unasked = 1,
};

const sab_phase_def sab_phase_def_TAKE = {
	.status = "take",
	.status_unasked = 1,
};

/* A card that waited for a veto left the hand then; every seat let it be,
 * so the reactions are over. */
static int played_pending(sab_seen *s, const sab_event *e)
{
	if (s->pending == SAB_NO_CARD || s->pending_seat != e->seat)
		return 0;
	s->pending = SAB_NO_CARD;
	s->phase = SAB_PHASE_PLAY;
	return 1;
}

static int status_pending(sab_strbuf *b, const sab_seen *s,
    const sab_ruleset *rs, const sab_tokens *pc, const char *sep)
{
	if (s->pending == SAB_NO_CARD || s->pending >= rs->ndefs)
		return 0;
	sab_strbuf_printf(b, "%spending: seat %d's %s", sep, s->pending_seat,
	    pc->tok[s->pending]);
	return 1;
}

const sab_seen_def sab_seen_def_wc = {
	.played = played_pending,
	.status = status_pending,
};
