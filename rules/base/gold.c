/* gold.c: the base game's gold: cards handed round to the miners, nuggets paid to the saboteurs. */
#include <string.h>

#include "../say.h"
#include "base.h"

/* "If you are the Greedy Dwarf, you only win the round if it was you who
 * created the connection from the start card to the gold.  In this case,
 * you receive 4 gold." */
#define GREEDY_PAY 4

static void give_gold(sab_game *g, int seat, uint8_t value, sab_events *ev)
{
	g->gold[seat] = (int16_t)(g->gold[seat] + value);
	g->round_pay[seat] = (int16_t)(g->round_pay[seat] + value);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_GOLD, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.value = value;
		sab_table_emit(ev, &e);
	}
}

/*
 * Finds gold cards among count[] (cards of each value) that add up to
 * exactly amount, trying large values first; fills take[] and returns 1, or
 * returns 0 when no set of cards makes that amount.
 */
static int gold_exact(const int *count, int *take, int v, int amount)
{
	if (amount == 0)
		return 1;
	if (v == 0)
		return 0;
	for (int k = count[v] < amount / v ? count[v] : amount / v; k >= 0;
	    k--) {
		take[v] = k;
		if (gold_exact(count, take, v - 1, amount - k * v))
			return 1;
	}
	take[v] = 0;
	return 0;
}

/*
 * Pays a saboteur `amount` nuggets from the gold deck: the cards that make
 * the amount exactly, large ones first; when no set of cards does, the
 * largest amount below it that can be made (the rulebooks do not say; with
 * the base game's 28 cards the exact amount is always there).
 */
static void pay_from_deck(sab_game *g, int seat, int amount, sab_events *ev)
{
	int count[SAB_MAX_GOLD_VALUE + 1] = { 0 };
	int take[SAB_MAX_GOLD_VALUE + 1] = { 0 };

	for (int i = 0; i < g->ngold_deck; i++)
		count[g->gold_deck[i]]++;
	while (amount > 0 && !gold_exact(count, take, SAB_MAX_GOLD_VALUE,
	    amount))
		amount--;
	for (int v = SAB_MAX_GOLD_VALUE; v >= 1; v--) {
		for (int i = g->ngold_deck - 1; take[v] > 0 && i >= 0; i--) {
			if (g->gold_deck[i] != v)
				continue;
			memmove(&g->gold_deck[i], &g->gold_deck[i + 1],
			    (size_t)(g->ngold_deck - i - 1));
			g->ngold_deck--;
			take[v]--;
			give_gold(g, seat, (uint8_t)v, ev);
		}
	}
}

static int may_take_gold(const sab_game *g, int seat)
{
	return g->role[seat] == SAB_ROLE_MINER &&
	    !(g->rs->sabotaged_dwarf && sab_table_front_broken(g, seat));
}

/* The first seat from s on, against the direction of play (s itself
 * first), that may take gold; -1 when none may. */
static int next_taker(const sab_game *g, int s)
{
	for (int i = 0; i < g->nplayers; i++, s = sab_table_prev(g, s))
		if (may_take_gold(g, s))
			return s;
	return -1;
}

/* The gold cards being handed round: the distinct values on offer, into
 * vals (room for SAB_MAX_GOLD); returns how many. */
static int offer_values(const sab_game *g, uint8_t *vals)
{
	int n = 0;

	for (int i = 0; i < g->noffer; i++) {
		int seen = 0;
		for (int j = 0; j < n; j++)
			seen |= vals[j] == g->offer[i];
		if (!seen)
			vals[n++] = g->offer[i];
	}
	return n;
}

static void pick_gold(sab_game *g, uint8_t value, sab_rng *rng,
    sab_events *ev);

/* Hands the remaining gold cards to seat, who must pick one; a pick with no
 * choice (one value left) is made at once. */
static void offer_gold(sab_game *g, int seat, sab_rng *rng, sab_events *ev)
{
	uint8_t vals[SAB_MAX_GOLD];

	g->phase = SAB_PHASE_PICK_GOLD;
	g->to_act = (uint8_t)seat;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_GOLD_OFFER, SAB_VIS_SEAT,
		    (uint8_t)seat);
		e.n = (uint16_t)(g->noffer < SAB_MAX_PLAYERS ? g->noffer :
		    SAB_MAX_PLAYERS);
		for (int i = 0; i < e.n; i++)
			e.vals[i] = g->offer[i];
		sab_table_emit(ev, &e);
	}
	if (offer_values(g, vals) == 1)
		pick_gold(g, vals[0], rng, ev);
}

static void pick_gold(sab_game *g, uint8_t value, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act;

	for (int i = 0; i < g->noffer; i++) {
		if (g->offer[i] == value) {
			g->offer[i] = g->offer[--g->noffer];
			break;
		}
	}
	give_gold(g, seat, value, ev);
	if (g->noffer == 0)
		sab_table_next_round(g, rng, ev);
	else
		offer_gold(g, next_taker(g, sab_table_prev(g, seat)), rng, ev);
}

/* ---- SAB_PHASE_PICK_GOLD: the decision of the seat offered gold cards */

static int pick_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (m->kind != SAB_MOVE_PICK_GOLD) {
		sab_say(why, whylen, "you must pick one of the gold cards offered");
		return 0;
	}
	for (int i = 0; i < g->noffer; i++)
		if (g->offer[i] == m->value)
			return 1;
	sab_say(why, whylen, "no gold card worth %d is offered", m->value);
	return 0;
}

/* Each distinct value offered. */
static int pick_moves(const sab_game *g, sab_move *out)
{
	uint8_t vals[SAB_MAX_GOLD];
	int k = offer_values(g, vals), n = 0;

	for (int i = 0; i < k; i++) {
		out[n] = sab_table_move(SAB_MOVE_PICK_GOLD, 0);
		out[n++].value = vals[i];
	}
	return n;
}

/* One of the cards offered, uniformly (a value with more copies is
 * likelier). */
static void pick_random(const sab_game *g, sab_rng *rng, sab_move *m)
{
	*m = sab_table_move(SAB_MOVE_PICK_GOLD, 0);
	m->value = g->offer[sab_rng_below(rng, g->noffer)];
}

static void pick_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	pick_gold(g, m->value, rng, ev);
}

const sab_decision sab_base_decisions[SAB_BASE_NDECISIONS] = {
	{ .phase = SAB_PHASE_PICK_GOLD, .check = pick_check,
	  .moves = pick_moves, .random = pick_random, .apply = pick_apply },
};

const sab_move_rule sab_base_move_rules[SAB_BASE_NMOVE_RULES] = {
	{ .kind = SAB_MOVE_PICK_GOLD, .same = SAB_SAME_VALUE,
	  .idle = "there is no gold to pick now" },
};

/* The greedy dwarves among the seats (module wc; none in a base game). */
static int greedy_dwarves(const sab_game *g)
{
	int n = 0;

	for (int s = 0; s < g->nplayers; s++)
		n += g->role[s] == SAB_ROLE_GREEDY;
	return n;
}

/* Draws the gold cards and hands them round from the finder; returns 1
 * when a seat must pick.  "# Gold cards = # Gold-Diggers (the Selfish
 * Dwarf is excluded)" (002): a greedy dwarf is not a gold miner. */
static int miners_win(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	int k = rs->gold_drawn == SAB_GOLD_PER_PLAYER ? g->nplayers :
	    g->nplayers - g->nsaboteurs - greedy_dwarves(g);
	int first = next_taker(g, g->finder);

	if (rs->gold_drawn_max && k > rs->gold_drawn_max)
		k = rs->gold_drawn_max;
	if (k > g->ngold_deck)
		k = g->ngold_deck;
	if (first < 0 || k == 0) {
		/* Sabotaged dwarf: when every miner has a broken tool no one
		 * gets gold, and the gold deck stays as it is. */
		return 0;
	}
	g->noffer = (uint8_t)k;
	g->ngold_deck = (uint8_t)(g->ngold_deck - k);
	memcpy(g->offer, &g->gold_deck[g->ngold_deck], (size_t)k);
	offer_gold(g, first, rng, ev);
	return 1;
}

/*
 * The tournament variant's gold pieces, paid from the bank rather than the
 * gold cards: "the player who reached the goal card with the gold and
 * ended the round gets 3 gold.  All other Gold Miners get 2 gold each";
 * "If a Greedy Dwarf wins, they get 4 gold and everyone else gets
 * nothing"; "If the Saboteurs win, they each get 3 gold" (4 for a lone
 * saboteur).  A miner with a broken tool is skipped under the sabotaged
 * dwarf variant, as with the cards.
 */
static void pay_pieces(sab_game *g, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;

	for (int s = 0; s < g->nplayers; s++) {
		uint8_t role = g->role[s];

		if (g->round_end != SAB_END_GOLD) {
			if (role == SAB_ROLE_SABOTEUR)
				give_gold(g, s, rs->pieces_saboteur[
				    g->nsaboteurs], ev);
		} else if (g->finder < g->nplayers &&
		    g->role[g->finder] == SAB_ROLE_GREEDY) {
			if (s == g->finder)
				give_gold(g, s, rs->pieces_greedy, ev);
		} else if (may_take_gold(g, s)) {
			give_gold(g, s, s == g->finder ? rs->pieces_finder :
			    rs->pieces_miner, ev);
		}
	}
}

int sab_base_round_end(sab_game *g, sab_rng *rng, sab_events *ev)
{
	for (int s = 0; ev && g->rs->has_roles && s < g->nplayers; s++) {
		sab_event e = sab_event_new(SAB_EV_ROLE_REVEAL, SAB_VIS_ALL,
		    (uint8_t)s);
		e.value = g->role[s];
		sab_table_emit(ev, &e);
	}
	if (g->rs->scoring == SAB_SCORE_PATH || !g->rs->has_roles)
		return 0;
	if (g->rs->pieces) {
		pay_pieces(g, ev);
		return 0;
	}
	/* "In this case, you receive 4 gold" and, as the tournament
	 * variant says, everyone else gets nothing: from the gold cards, as
	 * a saboteur's pay. */
	if (g->round_end == SAB_END_GOLD && g->finder < g->nplayers &&
	    g->role[g->finder] == SAB_ROLE_GREEDY) {
		pay_from_deck(g, g->finder, GREEDY_PAY, ev);
		return 0;
	}
	if (g->round_end == SAB_END_GOLD)
		return miners_win(g, rng, ev);
	int pay = g->rs->saboteur_pay[g->nsaboteurs];
	for (int s = 0; g->nsaboteurs && s < g->nplayers; s++)
		if (g->role[s] == SAB_ROLE_SABOTEUR)
			pay_from_deck(g, s, pay, ev);
	return 0;
}
