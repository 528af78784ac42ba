/* react.c: the World Championship cards' decisions: the veto's reaction window (a card waits while the other seats may veto it) and a treasure trove's take. */
#include <string.h>

#include "../say.h"
#include "wc.h"

/* ---- the veto: "Remove the other player's card before it takes effect" */

/* The next seat after s, in the direction of play, that holds a card and
 * is not the pending card's player; SAB_NO_SEAT when none. */
static int next_reactor(const sab_game *g, int s)
{
	for (int i = 1; i < g->nplayers; i++) {
		s = sab_table_next(g, s);
		if (s == g->pending_seat)
			return SAB_NO_SEAT;
		if (g->nhand[s] > 0)
			return s;
	}
	return SAB_NO_SEAT;
}

int sab_game_reactors(const sab_game *g, int *seats)
{
	int n = 0;

	if (g->phase != SAB_PHASE_REACT || !g->has_pending)
		return 0;
	for (int s = g->to_act; s != SAB_NO_SEAT && n < SAB_MAX_PLAYERS;
	    s = next_reactor(g, s))
		seats[n++] = s;
	return n;
}

/* Asks seat whether it reacts to the pending card. */
static void ask_reactor(sab_game *g, int seat, sab_events *ev)
{
	g->phase = SAB_PHASE_REACT;
	g->to_act = (uint8_t)seat;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_REACT, SAB_VIS_SEAT,
		    (uint8_t)seat);
		e.target = g->pending_seat;
		e.card = g->pending.card;
		sab_table_emit(ev, &e);
	}
}

/* Whether a play of m waits for reactions first: a path or action card
 * of a ruleset whose deck holds a reaction card (the veto). */
static int open_to_reactions(const sab_game *g, const sab_move *m)
{
	const sab_kind *k;

	if (!g->rs->reactions || m->kind != SAB_MOVE_PLAY)
		return 0;
	k = sab_kind_of(g->rs->defs[m->card].type);
	return k != NULL && k->deck && !k->reaction;
}

/* The module's react hook: the card waits, face up, for the other seats
 * to react in turn; with none to ask it takes effect at once. */
static int pend(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, r;

	if (!open_to_reactions(g, m))
		return 0;
	sab_table_hand_take(g, seat, m->card);
	g->pending = *m;
	g->has_pending = 1;
	g->pending_seat = (uint8_t)seat;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_PENDING, SAB_VIS_ALL,
		    (uint8_t)seat);
		e.card = m->card;
		e.x = m->x, e.y = m->y, e.rot = m->rot;
		e.target = m->target, e.tool = m->tool, e.goal = m->goal;
		e.value = m->goal2;
		sab_table_emit(ev, &e);
	}
	r = next_reactor(g, seat);
	if (r != SAB_NO_SEAT) {
		ask_reactor(g, r, ev);
		return 1;
	}
	g->has_pending = 0;
	sab_table_carry_out(g, m, 1, rng, ev);
	return 1;
}

/* SAB_PHASE_REACT: let the pending card take effect, or play a veto on
 * it. */
static int react_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_kind *k;

	if (m->kind == SAB_MOVE_ALLOW)
		return 1;
	if (m->kind != SAB_MOVE_PLAY || m->card >= g->rs->ndefs) {
		sab_say(why, whylen, "seat %d's card waits: allow it, or veto "
		    "it", g->pending_seat);
		return 0;
	}
	k = sab_kind_of(g->rs->defs[m->card].type);
	if (k == NULL || !k->reaction) {
		sab_say(why, whylen, "%s is no reaction: allow seat %d's card, "
		    "or veto it", sab_table_card_word(g, words, m->card),
		    g->pending_seat);
		return 0;
	}
	if (sab_table_hand_find(g, g->to_act, m->card) < 0) {
		sab_say(why, whylen, "%s is not in your hand",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	return 1;
}

/* Whether card def is played in reaction (the veto): the base game's
 * kinds, found without a walk, are none. */
static inline int reacts(const sab_game *g, uint8_t def)
{
	uint8_t type = g->rs->defs[def].type;
	const sab_kind *k;

	if (type < SAB_CARD_TYPES)
		return 0;
	k = sab_kind_of(type);
	return k != NULL && k->reaction;
}

/* Whether the i-th card of seat's hand is a reaction card not held
 * earlier in the hand: one move for each distinct card. */
static inline int first_reaction(const sab_game *g, int seat, int i)
{
	uint8_t def = g->hand[seat][i];

	return reacts(g, def) && sab_table_hand_find(g, seat, def) == i;
}

/* Allow, or each distinct reaction card held. */
static int react_moves(const sab_game *g, sab_move *out)
{
	int n = 0, seat = g->to_act;

	out[n++] = sab_table_move(SAB_MOVE_ALLOW, 0);
	for (int i = 0; i < g->nhand[seat]; i++)
		if (first_reaction(g, seat, i))
			out[n++] = sab_table_move(SAB_MOVE_PLAY,
			    g->hand[seat][i]);
	return n;
}

/* A playout's reaction: the move react_moves() lists at a uniform draw
 * (the same draw, so games play as they did), found without writing the
 * list: every other seat is asked at every play, and most hold no veto. */
static void react_random(const sab_game *g, sab_rng *rng, sab_move *m)
{
	int n = 1, seat = g->to_act;
	uint32_t pick;

	for (int i = 0; i < g->nhand[seat]; i++)
		n += first_reaction(g, seat, i);
	pick = sab_rng_below(rng, (uint32_t)n);
	if (pick == 0) {
		sab_table_move_at(m, SAB_MOVE_ALLOW, 0);
		return;
	}
	for (int i = 0; i < g->nhand[seat]; i++)
		if (first_reaction(g, seat, i) && --pick == 0) {
			sab_table_move_at(m, SAB_MOVE_PLAY, g->hand[seat][i]);
			return;
		}
}

/* A reaction: the next seat is asked, or the card takes effect; or a
 * veto: "Remove the other player's card before it takes effect and place
 * it on the discard pile along with the veto card. Next, the other player
 * draws a card from the draw deck (ending their turn), then you do so
 * yourself." */
static void react_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, player = g->pending_seat, r;

	if (m->kind == SAB_MOVE_ALLOW) {
		r = next_reactor(g, seat);
		if (r != SAB_NO_SEAT) {
			ask_reactor(g, r, ev);
			return;
		}
		g->phase = SAB_PHASE_PLAY;
		g->has_pending = 0;
		g->to_act = (uint8_t)player;
		sab_table_carry_out(g, &g->pending, 1, rng, ev);
		return;
	}
	sab_table_hand_take(g, seat, m->card);
	sab_table_discard(g, g->pending.card);
	sab_table_discard(g, m->card);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_VETO, SAB_VIS_ALL,
		    (uint8_t)seat);
		e.card = m->card;
		e.removed = g->pending.card;
		e.target = (uint8_t)player;
		sab_table_emit(ev, &e);
	}
	g->phase = SAB_PHASE_PLAY;
	g->has_pending = 0;
	g->substep = 0;
	g->draws = 1;
	/* The veto is the last card played: a round that ends now is
	 * followed by one begun to its player's left. */
	g->last_player = (uint8_t)seat;
	sab_table_draw(g, player, ev);
	sab_table_draw(g, seat, ev);
	g->to_act = (uint8_t)player;
	sab_table_turn_over(g, rng, ev);
}

/* ---- a treasure trove's take (SAB_PHASE_TAKE; Treasure Chests' cards to
 * keep too) --------------------------------------------------------------- */

/* The position, counted from the top, of def among the top ntrove cards
 * of the discard pile, or -1. */
static int trove_find(const sab_game *g, uint8_t def)
{
	for (int i = 0; i < g->ntrove; i++)
		if (g->discard[g->ndiscard - 1 - i] == def)
			return i;
	return -1;
}

static int take_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	if (m->kind != SAB_MOVE_TAKE) {
		sab_say(why, whylen, "take one of the cards of the treasure "
		    "trove");
		return 0;
	}
	if (m->card >= g->rs->ndefs || trove_find(g, m->card) < 0) {
		sab_say(why, whylen, "%s is not among the top %d cards of the "
		    "discard pile", m->card < g->rs->ndefs ?
		    sab_table_card_word(g, words, m->card) : "that card",
		    g->ntrove);
		return 0;
	}
	return 1;
}

/* Each distinct card offered. */
static int take_moves(const sab_game *g, sab_move *out)
{
	int n = 0;

	for (int i = 0; i < g->ntrove; i++) {
		uint8_t def = g->discard[g->ndiscard - 1 - i];
		if (trove_find(g, def) == i)
			out[n++] = sab_table_move(SAB_MOVE_TAKE, def);
	}
	return n;
}

/* The card taken: the rest go back, then the trove card on the pile; the
 * turn ends without a draw (Treasure Chests: after the other chests taken
 * this turn are resolved). */
static void take_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, i = trove_find(g, m->card);
	uint16_t at = (uint16_t)(g->ndiscard - 1 - i);

	memmove(&g->discard[at], &g->discard[at + 1],
	    (size_t)(g->ndiscard - at - 1));
	g->ndiscard--;
	g->hand[seat][g->nhand[seat]++] = m->card;
	if (g->held != SAB_NO_CARD)
		sab_table_discard(g, g->held);
	g->held = SAB_NO_CARD;
	g->ntrove = 0;
	g->phase = SAB_PHASE_PLAY;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_TAKE, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.card = m->card;
		sab_table_emit(ev, &e);
	}
	g->draws = 0;
	if (sab_table_settle(g, rng, ev))
		return;
	sab_table_finish_turn(g, seat, m, rng, ev);
}

/* ---- the module's rows ---------------------------------------------------- */

int wc_react(sab_game *g, const sab_move *m, sab_rng *rng, sab_events *ev)
{
	return pend(g, m, rng, ev);
}

/* Nothing waits at a round's start. */
void wc_round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	(void)rng, (void)ev;
	g->ntrove = 0;
	g->pending_seat = SAB_NO_SEAT;
}

const sab_decision wc_decisions[WC_NDECISIONS] = {
	{ .phase = SAB_PHASE_REACT, .check = react_check,
	  .moves = react_moves, .random = react_random,
	  .apply = react_apply },
	{ .phase = SAB_PHASE_TAKE, .check = take_check,
	  .moves = take_moves, .apply = take_apply },
};

const sab_move_rule wc_move_rules[WC_NMOVE_RULES] = {
	{ .kind = SAB_MOVE_ALLOW, .idle = "there is no card to allow now" },
	{ .kind = SAB_MOVE_TAKE, .same = SAB_SAME_CARD,
	  .idle = "there is no card to take now" },
};
