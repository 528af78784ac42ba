/* game.c: turns, card effects, round ends and gold: the rules as code. */
#include <stdio.h>
#include <string.h>

#include "game.h"
#include "say.h"

/* ---- small helpers ---------------------------------------------------- */

static int tool_index(uint8_t bit)
{
	return bit == SAB_PICKAXE ? 0 : bit == SAB_LANTERN ? 1 : 2;
}

static sab_event ev_new(uint8_t type, uint8_t vis, uint8_t seat)
{
	sab_event e;

	memset(&e, 0, sizeof e);
	e.type = type;
	e.vis = vis;
	e.seat = seat;
	e.card = SAB_NO_CARD;
	e.removed = SAB_NO_CARD;
	e.target = SAB_NO_SEAT;
	return e;
}

static void emit(sab_events *ev, const sab_event *e)
{
	if (ev->n >= SAB_MAX_EVENTS) {
		ev->overflow = 1;
		return;
	}
	ev->ev[ev->n++] = *e;
}

static int hand_find(const sab_game *g, int seat, uint8_t def)
{
	for (int i = 0; i < g->nhand[seat]; i++)
		if (g->hand[seat][i] == def)
			return i;
	return -1;
}

static void hand_take(sab_game *g, int seat, uint8_t def)
{
	int i = hand_find(g, seat, def);

	if (i >= 0)
		g->hand[seat][i] = g->hand[seat][--g->nhand[seat]];
}

static int has_broken(const sab_game *g, int seat)
{
	return g->broken[seat][0] | g->broken[seat][1] | g->broken[seat][2];
}

static int hands_empty(const sab_game *g)
{
	for (int s = 0; s < g->nplayers; s++)
		if (g->nhand[s])
			return 0;
	return 1;
}

static int next_seat(const sab_game *g, int s)
{
	return (s + 1) % g->nplayers;
}

/* Counter-clockwise: to the right, the way the gold cards travel. */
static int prev_seat(const sab_game *g, int s)
{
	return (s + g->nplayers - 1) % g->nplayers;
}

/* ---- setting up ------------------------------------------------------- */

static void draw_card(sab_game *g, int seat, sab_events *ev)
{
	if (g->ndeck == 0 || g->nhand[seat] >= SAB_MAX_HAND)
		return;
	uint8_t c = g->deck[--g->ndeck];
	g->hand[seat][g->nhand[seat]++] = c;
	if (ev) {
		sab_event e = ev_new(SAB_EV_DRAW, SAB_VIS_HIDDEN, (uint8_t)seat);
		e.card = c;
		emit(ev, &e);
	}
}

static void deal_roles(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	uint8_t roles[2 * SAB_MAX_PLAYERS + 2];
	int n = 0;

	g->nsaboteurs = 0;
	if (!rs->has_roles) {
		memset(g->role, SAB_ROLE_NONE, sizeof g->role);
		g->role_spare = SAB_ROLE_NONE;
		return;
	}
	for (int i = 0; i < rs->saboteurs[g->nplayers]; i++)
		roles[n++] = SAB_ROLE_SABOTEUR;
	for (int i = 0; i < rs->miners[g->nplayers]; i++)
		roles[n++] = SAB_ROLE_MINER;
	sab_rng_shuffle(rng, roles, (uint32_t)n);
	for (int s = 0; s < g->nplayers; s++) {
		g->role[s] = roles[s];
		if (roles[s] == SAB_ROLE_SABOTEUR)
			g->nsaboteurs++;
		if (ev) {
			sab_event e = ev_new(SAB_EV_ROLE, SAB_VIS_SEAT,
			    (uint8_t)s);
			e.value = roles[s];
			emit(ev, &e);
		}
	}
	g->role_spare = n > g->nplayers ? roles[g->nplayers] : SAB_ROLE_NONE;
}

static void fill_deck(sab_game *g, sab_rng *rng)
{
	const sab_ruleset *rs = g->rs;

	g->ndeck = 0;
	for (int d = 0; d < rs->ndefs; d++) {
		uint8_t t = rs->defs[d].type;
		if (t == SAB_CARD_START || t == SAB_CARD_GOAL)
			continue;
		for (int k = 0; k < rs->defs[d].count; k++)
			g->deck[g->ndeck++] = (uint8_t)d;
	}
	sab_rng_shuffle(rng, g->deck, g->ndeck);
}

static void round_start(sab_game *g, int first, sab_rng *rng,
    sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	int hand = rs->hand_size[g->nplayers];

	g->round++;
	g->phase = SAB_PHASE_PLAY;
	g->round_end = SAB_END_NONE;
	g->finder = SAB_NO_SEAT;
	g->ndiscard = 0;
	g->noffer = 0;
	memset(g->nhand, 0, sizeof g->nhand);
	memset(g->broken, 0, sizeof g->broken);
	memset(g->peeked, 0, sizeof g->peeked);
	memcpy(g->goal_def, rs->goal_defs, sizeof g->goal_def);
	sab_rng_shuffle(rng, g->goal_def, rs->ngoals);
	g->goal_open = 0;
	sab_board_reset(&g->board, rs);
	fill_deck(g, rng);
	if (ev) {
		sab_event e = ev_new(SAB_EV_ROUND_START, SAB_VIS_ALL,
		    (uint8_t)first);
		e.value = g->round;
		e.n = (uint16_t)(g->ndeck - hand * g->nplayers);
		emit(ev, &e);
	}
	deal_roles(g, rng, ev);
	for (int s = 0, k = first; s < g->nplayers; s++, k = next_seat(g, k))
		for (int i = 0; i < hand; i++)
			draw_card(g, k, ev);
	g->to_act = (uint8_t)first;
}

int sab_game_new(sab_game *g, const sab_ruleset *rs, int nplayers, int first,
    sab_rng *rng, sab_events *ev, char *err, size_t errlen)
{
	if (nplayers < rs->min_players || nplayers > rs->max_players) {
		sab_say(err, errlen, "ruleset %s is for %d to %d players, not %d",
		    rs->name, rs->min_players, rs->max_players, nplayers);
		return -1;
	}
	if (first < 0 || first >= nplayers) {
		sab_say(err, errlen, "there is no seat %d to play first", first);
		return -1;
	}
	memset(g, 0, sizeof *g);
	g->rs = rs;
	g->nplayers = (uint8_t)nplayers;
	g->last_player = SAB_NO_SEAT;
	memcpy(g->gold_deck, rs->gold_cards, rs->ngold);
	g->ngold_deck = rs->ngold;
	sab_rng_shuffle(rng, g->gold_deck, g->ngold_deck);
	if (ev) {
		sab_event e = ev_new(SAB_EV_GAME_START, SAB_VIS_ALL,
		    SAB_NO_SEAT);
		e.n = (uint16_t)nplayers;
		emit(ev, &e);
	}
	round_start(g, first, rng, ev);
	return 0;
}

int sab_game_over(const sab_game *g)
{
	return g->phase == SAB_PHASE_OVER;
}

/* ---- the end of a round and of the game ------------------------------- */

static void game_end(sab_game *g, sab_events *ev)
{
	int best = -1;

	g->phase = SAB_PHASE_OVER;
	if (g->rs->scoring == SAB_SCORE_PATH) {
		/* The course game: whoever completed the path, else a draw. */
		unsigned all = (1u << g->nplayers) - 1;
		unsigned mask = g->round_end == SAB_END_GOLD ?
		    1u << g->finder : all;
		g->winners = (uint16_t)mask;
	} else {
		g->winners = 0;
		for (int s = 0; s < g->nplayers; s++)
			if (g->gold[s] > best)
				best = g->gold[s];
		for (int s = 0; s < g->nplayers; s++)
			if (g->gold[s] == best)
				g->winners |= (uint16_t)(1u << s);
	}
	if (ev) {
		sab_event e = ev_new(SAB_EV_GAME_END, SAB_VIS_ALL, SAB_NO_SEAT);
		e.mask = g->winners;
		e.n = g->nplayers;
		for (int s = 0; s < g->nplayers; s++)
			e.vals[s] = g->gold[s];
		emit(ev, &e);
	}
}

static void next_round(sab_game *g, sab_rng *rng, sab_events *ev)
{
	if (g->round >= g->rs->rounds || g->rs->scoring == SAB_SCORE_PATH) {
		game_end(g, ev);
		return;
	}
	round_start(g, next_seat(g, g->last_player), rng, ev);
}

static void give_gold(sab_game *g, int seat, uint8_t value, sab_events *ev)
{
	g->gold[seat] = (int16_t)(g->gold[seat] + value);
	if (ev) {
		sab_event e = ev_new(SAB_EV_GOLD, SAB_VIS_HIDDEN, (uint8_t)seat);
		e.value = value;
		emit(ev, &e);
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
	    !(g->rs->sabotaged_dwarf && has_broken(g, seat));
}

/* The first seat from s on, counter-clockwise (s itself first), that may take
 * gold; -1 when none may. */
static int next_taker(const sab_game *g, int s)
{
	for (int i = 0; i < g->nplayers; i++, s = prev_seat(g, s))
		if (may_take_gold(g, s))
			return s;
	return -1;
}

static int offer_distinct(const sab_game *g, uint8_t *vals)
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
		sab_event e = ev_new(SAB_EV_GOLD_OFFER, SAB_VIS_SEAT,
		    (uint8_t)seat);
		e.n = (uint16_t)(g->noffer < SAB_MAX_PLAYERS ? g->noffer :
		    SAB_MAX_PLAYERS);
		for (int i = 0; i < e.n; i++)
			e.vals[i] = g->offer[i];
		emit(ev, &e);
	}
	if (offer_distinct(g, vals) == 1)
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
		next_round(g, rng, ev);
	else
		offer_gold(g, next_taker(g, prev_seat(g, seat)), rng, ev);
}

static void miners_win(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	int k = rs->gold_drawn == SAB_GOLD_PER_PLAYER ? g->nplayers :
	    g->nplayers - g->nsaboteurs;
	int first = next_taker(g, g->finder);

	if (rs->gold_drawn_max && k > rs->gold_drawn_max)
		k = rs->gold_drawn_max;
	if (k > g->ngold_deck)
		k = g->ngold_deck;
	if (first < 0 || k == 0) {
		/* Sabotaged dwarf: when every miner has a broken tool no one
		 * gets gold, and the gold deck stays as it is. */
		next_round(g, rng, ev);
		return;
	}
	g->noffer = (uint8_t)k;
	g->ngold_deck = (uint8_t)(g->ngold_deck - k);
	memcpy(g->offer, &g->gold_deck[g->ngold_deck], (size_t)k);
	offer_gold(g, first, rng, ev);
}

static void end_round(sab_game *g, uint8_t why, sab_rng *rng,
    sab_events *ev)
{
	uint8_t side = SAB_ROLE_NONE;

	g->round_end = why;
	if (why == SAB_END_GOLD)
		side = SAB_ROLE_MINER;
	else if (g->nsaboteurs > 0)
		side = SAB_ROLE_SABOTEUR;
	if (ev) {
		sab_event e = ev_new(SAB_EV_ROUND_END, SAB_VIS_ALL, g->finder);
		e.value = g->round;
		e.n = why;
		e.target = g->rs->has_roles ? side : SAB_ROLE_NONE;
		emit(ev, &e);
		for (int s = 0; g->rs->has_roles && s < g->nplayers; s++) {
			e = ev_new(SAB_EV_ROLE_REVEAL, SAB_VIS_ALL, (uint8_t)s);
			e.value = g->role[s];
			emit(ev, &e);
		}
	}
	if (g->rs->scoring == SAB_SCORE_PATH || !g->rs->has_roles) {
		next_round(g, rng, ev);
	} else if (why == SAB_END_GOLD) {
		miners_win(g, rng, ev);
	} else {
		int pay = g->rs->saboteur_pay[g->nsaboteurs];
		for (int s = 0; g->nsaboteurs && s < g->nplayers; s++)
			if (g->role[s] == SAB_ROLE_SABOTEUR)
				pay_from_deck(g, s, pay, ev);
		next_round(g, rng, ev);
	}
}

/* ---- checking moves ---------------------------------------------------- */

/* The word for card definition def in a reason: the caller's
 * (sab_game_check_as), or the ruleset's name. */
static const char *card_name(const sab_game *g, const char *const *words,
    uint8_t def)
{
	return words != NULL && words[def] != NULL ? words[def] :
	    g->rs->defs[def].name;
}

static int check_target(const sab_game *g, int target, char *why,
    size_t whylen)
{
	if (target >= g->nplayers) {
		sab_say(why, whylen, "there is no seat %d (seats are 0 to %d)",
		    target, g->nplayers - 1);
		return 0;
	}
	return 1;
}

static int check_sabotage(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_card *c = &g->rs->defs[m->card];
	int t = tool_index(c->tools);

	if (!check_target(g, m->target, why, whylen))
		return 0;
	if (m->target == g->to_act && !g->rs->sabotage_self) {
		sab_say(why, whylen, "%s must go in front of another player",
		    card_name(g, words, m->card));
		return 0;
	}
	if (!g->rs->sabotage_stacks && g->broken[m->target][t]) {
		sab_say(why, whylen, "seat %d already has a broken %s", m->target,
		    sab_tool_name(c->tools));
		return 0;
	}
	return 1;
}

static int check_repair(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_card *c = &g->rs->defs[m->card];

	if (!check_target(g, m->target, why, whylen))
		return 0;
	if (g->rs->repair_self_only && m->target != g->to_act) {
		sab_say(why, whylen, "%s can only repair your own tools",
		    card_name(g, words, m->card));
		return 0;
	}
	if (m->tool == 0 || (m->tool & (m->tool - 1)) || !(m->tool & c->tools)) {
		sab_say(why, whylen, "%s cannot repair a %s",
		    card_name(g, words, m->card),
		    m->tool ? sab_tool_name(m->tool) : "missing tool");
		return 0;
	}
	if (!g->broken[m->target][tool_index(m->tool)]) {
		sab_say(why, whylen, "seat %d has no broken %s to repair",
		    m->target, sab_tool_name(m->tool));
		return 0;
	}
	return 1;
}

static int check_rockfall(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	uint8_t c = sab_board_get(&g->board, m->x, m->y);

	if (c == SAB_CELL_EMPTY) {
		sab_say(why, whylen, "there is no card at (%d,%d) to remove",
		    m->x, m->y);
		return 0;
	}
	if (c == SAB_CELL_HIDDEN ||
	    g->rs->defs[SAB_CELL_DEF(c)].type != SAB_CARD_PATH) {
		sab_say(why, whylen, "the %s card at (%d,%d) cannot be removed",
		    c == SAB_CELL_HIDDEN ? "goal" :
		    sab_card_type_name(g->rs->defs[SAB_CELL_DEF(c)].type),
		    m->x, m->y);
		return 0;
	}
	return 1;
}

static int check_map(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	if (m->goal >= g->rs->ngoals) {
		sab_say(why, whylen, "there is no goal %d (goals are 0 to %d)",
		    m->goal, g->rs->ngoals - 1);
		return 0;
	}
	if (g->goal_open & (1u << m->goal)) {
		sab_say(why, whylen, "goal %d is already face up", m->goal);
		return 0;
	}
	return 1;
}

static int check_path(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	int seat = g->to_act;

	for (int t = 0; t < SAB_TOOLS; t++) {
		if (g->broken[seat][t]) {
			sab_say(why, whylen, "you cannot play path cards while a "
			    "broken %s lies in front of you",
			    sab_tool_name((uint8_t)(1 << t)));
			return 0;
		}
	}
	if (m->rot > 1) {
		sab_say(why, whylen, "a card is upright (0) or turned (1), not %d",
		    m->rot);
		return 0;
	}
	return sab_board_fits_as(&g->board, g->rs, m->x, m->y, m->card, m->rot,
	    words, why, whylen);
}

static int check_pick(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
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

/* The card type each move kind plays. */
static const uint8_t kind_type[SAB_MOVE_KINDS] = {
	[SAB_MOVE_PATH] = SAB_CARD_PATH,
	[SAB_MOVE_SABOTAGE] = SAB_CARD_SABOTAGE,
	[SAB_MOVE_REPAIR] = SAB_CARD_REPAIR,
	[SAB_MOVE_ROCKFALL] = SAB_CARD_ROCKFALL,
	[SAB_MOVE_MAP] = SAB_CARD_MAP,
};

int sab_game_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	return sab_game_check_as(g, m, NULL, why, whylen);
}

int sab_game_check_as(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	if (g->phase == SAB_PHASE_OVER) {
		sab_say(why, whylen, "the game is over");
		return 0;
	}
	if (g->phase == SAB_PHASE_PICK_GOLD)
		return check_pick(g, m, why, whylen);
	if (m->kind >= SAB_MOVE_KINDS || m->kind == SAB_MOVE_PICK_GOLD) {
		sab_say(why, whylen, "there is no gold to pick now");
		return 0;
	}
	if (m->card >= g->rs->ndefs || hand_find(g, g->to_act, m->card) < 0) {
		sab_say(why, whylen, "%s is not in your hand",
		    m->card < g->rs->ndefs ? card_name(g, words, m->card) :
		    "that card");
		return 0;
	}
	if (m->kind == SAB_MOVE_PASS)
		return 1;
	if (g->rs->defs[m->card].type != kind_type[m->kind]) {
		sab_say(why, whylen, "%s is a %s card, not a %s card",
		    card_name(g, words, m->card),
		    sab_card_type_name(g->rs->defs[m->card].type),
		    sab_card_type_name(kind_type[m->kind]));
		return 0;
	}
	switch (m->kind) {
	case SAB_MOVE_PATH:
		return check_path(g, m, words, why, whylen);
	case SAB_MOVE_SABOTAGE:
		return check_sabotage(g, m, words, why, whylen);
	case SAB_MOVE_REPAIR:
		return check_repair(g, m, words, why, whylen);
	case SAB_MOVE_ROCKFALL:
		return check_rockfall(g, m, why, whylen);
	default:
		return check_map(g, m, why, whylen);
	}
}

/* ---- listing moves ----------------------------------------------------- */

static sab_move move_new(uint8_t kind, uint8_t card)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = kind;
	m.card = card;
	return m;
}

/* The frontier and its fit masks, computed once per listing when needed. */
typedef struct frontier {
	int n;                  /* -1: not computed yet */
	uint16_t cell[SAB_MAX_FRONTIER];
	sab_fit fit[SAB_MAX_FRONTIER];
} frontier;

static void frontier_fill(const sab_game *g, frontier *f)
{
	if (f->n >= 0)
		return;
	f->n = sab_board_frontier(&g->board, g->rs, f->cell, SAB_MAX_FRONTIER);
	for (int i = 0; i < f->n; i++)
		sab_board_fit_masks(&g->board, g->rs, f->cell[i], &f->fit[i]);
}

static int gen_path(const sab_game *g, uint8_t def, frontier *f,
    sab_move *out)
{
	const sab_card *c = &g->rs->defs[def];
	int n = 0;

	if (has_broken(g, g->to_act))
		return 0;
	frontier_fill(g, f);
	for (int i = 0; i < f->n; i++) {
		const sab_fit *fit = &f->fit[i];
		for (int r = 0; r <= !c->symmetric; r++) {
			uint8_t e = c->rot_edges[r];
			if ((e & fit->need_open) != fit->need_open ||
			    (e & fit->need_closed) || !(e & fit->join))
				continue;
			out[n] = move_new(SAB_MOVE_PATH, def);
			out[n].rot = (uint8_t)r;
			out[n].x = (int8_t)sab_board_x(f->cell[i]);
			out[n].y = (int8_t)sab_board_y(f->cell[i]);
			n++;
		}
	}
	return n;
}

static int gen_sabotage(const sab_game *g, uint8_t def, sab_move *out)
{
	const sab_ruleset *rs = g->rs;
	uint8_t tool = rs->defs[def].tools;
	int t = tool_index(tool), n = 0;

	for (int s = 0; s < g->nplayers; s++) {
		if ((s == g->to_act && !rs->sabotage_self) ||
		    (!rs->sabotage_stacks && g->broken[s][t]))
			continue;
		out[n] = move_new(SAB_MOVE_SABOTAGE, def);
		out[n].target = (uint8_t)s;
		out[n++].tool = tool;
	}
	return n;
}

static int gen_repair(const sab_game *g, uint8_t def, sab_move *out)
{
	uint8_t tools = g->rs->defs[def].tools;
	int n = 0;

	for (int t = 0; t < SAB_TOOLS; t++) {
		if (!(tools & (1 << t)))
			continue;
		for (int s = 0; s < g->nplayers; s++) {
			if (!g->broken[s][t] ||
			    (g->rs->repair_self_only && s != g->to_act))
				continue;
			out[n] = move_new(SAB_MOVE_REPAIR, def);
			out[n].target = (uint8_t)s;
			out[n++].tool = (uint8_t)(1 << t);
		}
	}
	return n;
}

static int gen_rockfall(const sab_game *g, uint8_t def, sab_move *out)
{
	const sab_board *b = &g->board;
	int n = 0;

	for (int i = 0; i < b->nplaced; i++) {
		uint8_t c = b->cell[b->placed[i]];
		if (g->rs->defs[SAB_CELL_DEF(c)].type != SAB_CARD_PATH)
			continue;
		out[n] = move_new(SAB_MOVE_ROCKFALL, def);
		out[n].x = (int8_t)sab_board_x(b->placed[i]);
		out[n++].y = (int8_t)sab_board_y(b->placed[i]);
	}
	return n;
}

static int gen_map(const sab_game *g, uint8_t def, sab_move *out)
{
	int n = 0;

	for (int k = 0; k < g->rs->ngoals; k++) {
		if (g->goal_open & (1u << k))
			continue;
		out[n] = move_new(SAB_MOVE_MAP, def);
		out[n++].goal = (uint8_t)k;
	}
	return n;
}

static int gen_card(const sab_game *g, uint8_t def, frontier *f,
    sab_move *out)
{
	switch (g->rs->defs[def].type) {
	case SAB_CARD_PATH:
		return gen_path(g, def, f, out);
	case SAB_CARD_SABOTAGE:
		return gen_sabotage(g, def, out);
	case SAB_CARD_REPAIR:
		return gen_repair(g, def, out);
	case SAB_CARD_ROCKFALL:
		return gen_rockfall(g, def, out);
	case SAB_CARD_MAP:
		return gen_map(g, def, out);
	default:
		return 0;
	}
}

int sab_game_moves_card(const sab_game *g, uint8_t def, sab_move *out)
{
	frontier f;

	if (g->phase != SAB_PHASE_PLAY || def >= g->rs->ndefs)
		return 0;
	f.n = -1;
	return gen_card(g, def, &f, out);
}

int sab_game_moves(const sab_game *g, sab_move *out)
{
	uint8_t vals[SAB_MAX_GOLD], seen[SAB_MAX_HAND];
	int n = 0, nseen = 0, seat = g->to_act;
	frontier f;

	if (g->phase == SAB_PHASE_OVER)
		return 0;
	if (g->phase == SAB_PHASE_PICK_GOLD) {
		int k = offer_distinct(g, vals);
		for (int i = 0; i < k; i++) {
			out[n] = move_new(SAB_MOVE_PICK_GOLD, 0);
			out[n++].value = vals[i];
		}
		return n;
	}
	f.n = -1;
	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t def = g->hand[seat][i];
		int dup = 0;
		for (int j = 0; j < nseen; j++)
			dup |= seen[j] == def;
		if (dup)
			continue;
		seen[nseen++] = def;
		n += gen_card(g, def, &f, out + n);
		out[n++] = move_new(SAB_MOVE_PASS, def);
	}
	return n;
}

int sab_game_random_move(const sab_game *g, sab_rng *rng, sab_move *m)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act, n;

	if (g->phase == SAB_PHASE_OVER)
		return -1;
	if (g->phase == SAB_PHASE_PICK_GOLD) {
		*m = move_new(SAB_MOVE_PICK_GOLD, 0);
		m->value = g->offer[sab_rng_below(rng, g->noffer)];
		return 0;
	}
	uint8_t def = g->hand[seat][sab_rng_below(rng, g->nhand[seat])];
	n = sab_game_moves_card(g, def, buf);
	if (n == 0)
		*m = move_new(SAB_MOVE_PASS, def);
	else
		*m = buf[sab_rng_below(rng, (uint32_t)n)];
	return 0;
}

/* ---- applying moves ---------------------------------------------------- */

static void discard(sab_game *g, uint8_t def)
{
	g->discard[g->ndiscard++] = def;
}

/* Reveals every face-down goal a tunnel from the start now reaches, again
 * and again, since a stone turned face up can carry the tunnel on.  Returns
 * 1 when the gold was among them. */
static int reveal_goals(sab_game *g, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	int gold = 0, again = 1;

	while (again) {
		again = 0;
		for (int k = 0; k < rs->ngoals; k++) {
			if ((g->goal_open & (1u << k)) ||
			    !sab_board_goal_reached(&g->board, rs->goal_x[k],
			    rs->goal_y[k]))
				continue;
			uint8_t rot = sab_board_reveal(&g->board, rs,
			    rs->goal_x[k], rs->goal_y[k], g->goal_def[k]);
			g->goal_open |= (uint8_t)(1u << k);
			gold |= rs->defs[g->goal_def[k]].gold;
			again = 1;
			if (ev) {
				sab_event e = ev_new(SAB_EV_REVEAL, SAB_VIS_ALL,
				    SAB_NO_SEAT);
				e.goal = (uint8_t)k;
				e.card = g->goal_def[k];
				e.rot = rot;
				e.x = rs->goal_x[k];
				e.y = rs->goal_y[k];
				emit(ev, &e);
			}
		}
	}
	return gold;
}

/* Carries out the card's effect; returns 1 when the gold was reached. */
static int play_card(sab_game *g, const sab_move *m, sab_events *ev)
{
	int seat = g->to_act, gold = 0;
	sab_event e = ev_new(SAB_EV_PASS, SAB_VIS_ALL, (uint8_t)seat);

	hand_take(g, seat, m->card);
	e.card = m->card;
	switch (m->kind) {
	case SAB_MOVE_PATH:
		sab_board_place(&g->board, g->rs, m->x, m->y, m->card, m->rot);
		e.type = SAB_EV_PATH;
		e.x = m->x, e.y = m->y, e.rot = m->rot;
		break;
	case SAB_MOVE_SABOTAGE:
		g->broken[m->target][tool_index(g->rs->defs[m->card].tools)]++;
		e.type = SAB_EV_SABOTAGE;
		e.target = m->target;
		e.tool = g->rs->defs[m->card].tools;
		break;
	case SAB_MOVE_REPAIR:
		g->broken[m->target][tool_index(m->tool)]--;
		discard(g, m->card);
		discard(g, g->rs->sabotage_def[tool_index(m->tool)]);
		e.type = SAB_EV_REPAIR;
		e.target = m->target;
		e.tool = m->tool;
		break;
	case SAB_MOVE_ROCKFALL:
		e.removed = SAB_CELL_DEF(sab_board_remove(&g->board, g->rs,
		    m->x, m->y));
		discard(g, m->card);
		discard(g, e.removed);
		e.type = SAB_EV_ROCKFALL;
		e.x = m->x, e.y = m->y;
		break;
	case SAB_MOVE_MAP:
		discard(g, m->card);
		g->peeked[seat] |= (uint16_t)(1u << m->goal);
		e.type = SAB_EV_MAP;
		e.goal = m->goal;
		break;
	default:
		discard(g, m->card);
		e.vis = SAB_VIS_HIDDEN;
		break;
	}
	if (ev)
		emit(ev, &e);
	if (m->kind == SAB_MOVE_MAP && ev) {
		e = ev_new(SAB_EV_PEEK, SAB_VIS_SEAT, (uint8_t)seat);
		e.goal = m->goal;
		e.card = g->goal_def[m->goal];
		emit(ev, &e);
	}
	if (m->kind == SAB_MOVE_PATH)
		gold = reveal_goals(g, ev);
	return gold;
}

/* Moves the turn on to the next seat that holds cards; those without cards
 * pass without discarding. */
static void next_turn(sab_game *g, sab_events *ev)
{
	int s = next_seat(g, g->to_act);

	while (g->nhand[s] == 0) {
		if (ev) {
			sab_event e = ev_new(SAB_EV_PASS, SAB_VIS_ALL,
			    (uint8_t)s);
			emit(ev, &e);
		}
		s = next_seat(g, s);
	}
	g->to_act = (uint8_t)s;
}

void sab_game_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act;

	if (g->phase == SAB_PHASE_PICK_GOLD) {
		pick_gold(g, m->value, rng, ev);
		return;
	}
	g->turn++;
	g->last_player = (uint8_t)seat;
	if (play_card(g, m, ev)) {
		g->finder = (uint8_t)seat;
		end_round(g, SAB_END_GOLD, rng, ev);
		return;
	}
	draw_card(g, seat, ev);
	if (hands_empty(g))
		end_round(g, SAB_END_NO_CARDS, rng, ev);
	else
		next_turn(g, ev);
}

/* ---- accounting -------------------------------------------------------- */

void sab_game_census(const sab_game *g, sab_census *c)
{
	memset(c, 0, sizeof *c);
	c->deck = g->ndeck;
	c->discard = g->ndiscard;
	for (int s = 0; s < g->nplayers; s++) {
		c->hands += g->nhand[s];
		for (int t = 0; t < SAB_TOOLS; t++)
			c->in_front += g->broken[s][t];
	}
	for (int i = 0; i < g->board.nplaced; i++) {
		uint8_t cell = g->board.cell[g->board.placed[i]];
		c->board += g->rs->defs[SAB_CELL_DEF(cell)].type ==
		    SAB_CARD_PATH;
	}
}

int sab_move_equal(const sab_move *a, const sab_move *b)
{
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case SAB_MOVE_PATH:
		return a->card == b->card && a->x == b->x && a->y == b->y &&
		    a->rot == b->rot;
	case SAB_MOVE_SABOTAGE:
		return a->card == b->card && a->target == b->target;
	case SAB_MOVE_REPAIR:
		return a->card == b->card && a->target == b->target &&
		    a->tool == b->tool;
	case SAB_MOVE_ROCKFALL:
		return a->card == b->card && a->x == b->x && a->y == b->y;
	case SAB_MOVE_MAP:
		return a->card == b->card && a->goal == b->goal;
	case SAB_MOVE_PASS:
		return a->card == b->card;
	default:
		return a->value == b->value;
	}
}
