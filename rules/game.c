/* game.c: the turn: phases, asking the card's kind, drawing, the next seat, the end of a round and of the game. */
#include <stddef.h>
#include <string.h>

#include "effect.h"
#include "say.h"
#include "table.h"
#include "base/base.h"
#include "minis/chests.h"
#include "minis/goals.h"
#include "minis/toll.h"

/* ---- modules ------------------------------------------------------------ */

/* The i-th module the ruleset plays. */
static const sab_module *module(const sab_game *g, int i)
{
	return sab_module_at(g->rs->modules[i]);
}

/* The module whose roles the ruleset plays: it decides and pays rounds. */
static const sab_module *roles_module(const sab_game *g)
{
	return sab_module_at(g->rs->roles_module);
}

/* ---- setting up ------------------------------------------------------- */

static int hands_empty(const sab_game *g)
{
	for (int s = 0; s < g->nplayers; s++)
		if (g->nhand[s])
			return 0;
	return 1;
}

static void fill_deck(sab_game *g, sab_rng *rng)
{
	const sab_ruleset *rs = g->rs;

	g->ndeck = 0;
	for (int d = 0; d < rs->ndefs; d++) {
		const sab_kind *k = sab_kind_of(rs->defs[d].type);
		if (k == NULL || !k->deck || rs->defs[d].chest)
			continue;
		for (int c = 0; c < rs->defs[d].count; c++)
			g->deck[g->ndeck++] = (uint8_t)d;
	}
	sab_rng_shuffle(rng, g->deck, g->ndeck);
}

/* The tournament variant: "draw 1 random path card and place it exactly
 * in the middle between the start card and the middle goal card, face
 * up": the first path card from the top of the shuffled deck, upright
 * (saboteur-rules(5)).  Fills *e with its event when e is not NULL. */
static void lay_middle_path(sab_game *g, sab_event *e)
{
	const sab_ruleset *rs = g->rs;
	int k = rs->ngoals / 2;
	int x = (rs->start_x + rs->goal_x[k]) / 2;
	int y = (rs->start_y + rs->goal_y[k]) / 2;

	for (int i = g->ndeck - 1; i >= 0; i--) {
		uint8_t def = g->deck[i];
		if (rs->defs[def].type != SAB_CARD_PATH)
			continue;
		memmove(&g->deck[i], &g->deck[i + 1],
		    (size_t)(g->ndeck - i - 1));
		g->ndeck--;
		sab_board_place(&g->board, rs, x, y, def, 0);
		if (e != NULL) {
			*e = sab_event_new(SAB_EV_LAID, SAB_VIS_ALL, SAB_NO_SEAT);
			e->card = def;
			e->x = (int8_t)x;
			e->y = (int8_t)y;
		}
		return;
	}
}

static void round_start(sab_game *g, int first, sab_rng *rng,
    sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	int hand = rs->hand_size[g->nplayers];
	sab_event middle = { .type = SAB_EV_TYPES };
	sab_rng own;

	g->round++;
	/* Dealt by seats: the round's shuffles come from a generator of its
	 * own, whatever play drew from the game's before. */
	if (g->deal == SAB_DEAL_SEATS) {
		sab_rng_seed(&own, sab_seed_mix(g->deal_key, g->round));
		rng = &own;
	}
	g->phase = SAB_PHASE_PLAY;
	g->round_end = SAB_END_NONE;
	g->finder = SAB_NO_SEAT;
	g->ndiscard = 0;
	g->noffer = 0;
	g->substep = 0;
	g->has_pending = 0;
	g->last_path = SAB_NO_CELL;
	g->round_winners = 0;
	memset(g->round_pay, 0, sizeof g->round_pay);
	memset(g->nhand, 0, sizeof g->nhand);
	memset(g->nfront, 0, sizeof g->nfront);
	memset(g->peeked, 0, sizeof g->peeked);
	memcpy(g->goal_def, rs->goal_defs, sizeof g->goal_def);
	sab_rng_shuffle(rng, g->goal_def, rs->ngoals);
	g->goal_open = 0;
	memcpy(g->goal_x, rs->goal_x, sizeof g->goal_x);
	memcpy(g->goal_y, rs->goal_y, sizeof g->goal_y);
	g->goals_pushed = 0;
	sab_board_reset(&g->board, rs);
	fill_deck(g, rng);
	/* "Put aside the top 10 cards of the deck: You won't need them
	 * until the next round." (Saboteur 2) */
	g->naside = (uint8_t)(rs->set_aside < g->ndeck ? rs->set_aside :
	    g->ndeck);
	g->ndeck = (uint16_t)(g->ndeck - g->naside);
	memset(g->aside, 0, sizeof g->aside);
	memcpy(g->aside, &g->deck[g->ndeck], g->naside);
	g->owed_draw = SAB_NO_SEAT;
	g->choices = 0;
	g->dir = 0;
	g->draws = 1;
	g->ntrove = 0;
	g->held = SAB_NO_CARD;
	g->pending_seat = SAB_NO_SEAT;
	g->postcard_done = 0;
	g->nthieves = g->next_thief = 0;
	memset(g->theft_turn, 0, sizeof g->theft_turn);
	if (rs->middle_path)
		lay_middle_path(g, ev == NULL ? NULL : &middle);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROUND_START, SAB_VIS_ALL,
		    (uint8_t)first);
		e.value = g->round;
		e.n = (uint16_t)(g->ndeck - hand * g->nplayers);
		sab_table_emit(ev, &e);
		if (middle.type == SAB_EV_LAID)
			sab_table_emit(ev, &middle);
	}
	for (int i = 0; i < rs->nmodules; i++)
		if (module(g, i)->round_start != NULL)
			module(g, i)->round_start(g, rng, ev);
	/* By the rulebook, from the seat that starts; dealt by seats, the
	 * s-th hand from the top to seat s, whoever starts. */
	for (int s = 0, k = g->deal == SAB_DEAL_SEATS ? 0 : first;
	    s < g->nplayers; s++, k = sab_table_next(g, k))
		for (int i = 0; i < hand; i++)
			sab_table_draw(g, k, ev);
	g->to_act = (uint8_t)first;
}

int sab_game_new(sab_game *g, const sab_ruleset *rs, int nplayers, int first,
    sab_rng *rng, sab_events *ev, char *err, size_t errlen)
{
	return sab_game_new_dealt(g, rs, nplayers, first, SAB_DEAL_PLAY, rng,
	    ev, err, errlen);
}

int sab_game_new_dealt(sab_game *g, const sab_ruleset *rs, int nplayers,
    int first, int deal, sab_rng *rng, sab_events *ev, char *err,
    size_t errlen)
{
	if (deal != SAB_DEAL_PLAY && deal != SAB_DEAL_SEATS) {
		sab_say(err, errlen, "there is no way of dealing numbered %d",
		    deal);
		return -1;
	}
	if (nplayers < rs->min_players || nplayers > rs->max_players) {
		sab_say(err, errlen, "ruleset %s is for %d to %d players, not %d",
		    rs->name, rs->min_players, rs->max_players, nplayers);
		return -1;
	}
	if (first < 0 || first >= nplayers) {
		sab_say(err, errlen, "there is no seat %d to play first", first);
		return -1;
	}
	memset(g, 0, offsetof(sab_game, board.team_reach));
	g->rs = rs;
	g->nplayers = (uint8_t)nplayers;
	g->last_player = SAB_NO_SEAT;
	memcpy(g->gold_deck, rs->gold_cards, rs->ngold);
	g->ngold_deck = rs->ngold;
	sab_rng_shuffle(rng, g->gold_deck, g->ngold_deck);
	g->deal = (uint8_t)deal;
	if (deal == SAB_DEAL_SEATS)
		g->deal_key = sab_rng_next(rng);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_GAME_START, SAB_VIS_ALL,
		    SAB_NO_SEAT);
		e.n = (uint16_t)nplayers;
		sab_table_emit(ev, &e);
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
		sab_event e = sab_event_new(SAB_EV_GAME_END, SAB_VIS_ALL,
		    SAB_NO_SEAT);
		e.mask = g->winners;
		e.n = g->nplayers;
		for (int s = 0; s < g->nplayers; s++)
			e.vals[s] = g->gold[s];
		sab_table_emit(ev, &e);
	}
}

void sab_table_next_round(sab_game *g, sab_rng *rng, sab_events *ev)
{
	if (g->round >= g->rs->rounds || g->rs->scoring == SAB_SCORE_PATH) {
		game_end(g, ev);
		return;
	}
	/* "The player to the left of the one who played the last card of
	 * the preceding round starts the new round": to the left, the way
	 * of play at the start of a round, whatever a change of direction
	 * made of this round's. */
	round_start(g, (g->last_player + 1) % g->nplayers, rng, ev);
}

/* The round ends: its winners are announced, then each module settles it
 * (roles shown, gold paid); a module that asks a seat (picking gold) goes
 * on to the next round itself. */
static void end_round(sab_game *g, uint8_t why, sab_rng *rng,
    sab_events *ev)
{
	const sab_module *m = roles_module(g);
	uint8_t side = SAB_ROLE_NONE, both = 0;

	g->round_end = why;
	if (m->round_winners != NULL)
		g->round_winners = m->round_winners(g, &side, &both);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROUND_END, SAB_VIS_ALL,
		    g->finder);
		e.value = g->round;
		e.n = why;
		e.target = side;
		e.tool = both;
		e.mask = g->round_winners;
		sab_table_emit(ev, &e);
	}
	if (m->round_end != NULL && m->round_end(g, rng, ev))
		return;
	sab_table_next_round(g, rng, ev);
}

/* ---- checking moves ---------------------------------------------------- */

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

static int check_choose(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	if (m->kind != SAB_MOVE_CHOOSE) {
		sab_say(why, whylen, "you must choose a player now");
		return 0;
	}
	if (m->target >= g->nplayers || !(g->choices & (1u << m->target))) {
		sab_say(why, whylen, "seat %d cannot be chosen", m->target);
		return 0;
	}
	return 1;
}

/* Whether the cards card and more[0 .. n) are all in seat's hand, as
 * many copies as the move names. */
static int in_hand(const sab_game *g, int seat, const sab_move *m, int n)
{
	uint8_t want[3] = { m->card, m->more[0], m->more[1] };

	for (int i = 0; i <= n; i++) {
		int need = 0, have = 0;
		for (int j = 0; j <= n; j++)
			need += want[j] == want[i];
		for (int j = 0; j < g->nhand[seat]; j++)
			have += g->hand[seat][j] == want[i];
		if (have < need)
			return 0;
	}
	return 1;
}

/* A pass of several cards, or discarding two to remove a card in front. */
static int check_turn_option(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_ruleset *rs = g->rs;
	int seat = g->to_act, n = m->nmore;

	if (n > 2 || m->more[0] >= rs->ndefs || (n > 1 &&
	    m->more[1] >= rs->ndefs)) {
		sab_say(why, whylen, "that names no card");
		return 0;
	}
	if (m->kind == SAB_MOVE_PASS && n + 1 > rs->pass_max) {
		sab_say(why, whylen, "a pass discards %s",
		    rs->pass_max > 1 ? "1 to 3 cards" : "one card");
		return 0;
	}
	if (m->kind == SAB_MOVE_REMOVE && (!rs->remove_front || n != 1)) {
		sab_say(why, whylen, "%s", rs->remove_front ?
		    "a removal discards two cards" :
		    "this ruleset has no removal of cards in front of you");
		return 0;
	}
	if (!in_hand(g, seat, m, n)) {
		sab_say(why, whylen, "you do not hold those %d cards", n + 1);
		return 0;
	}
	if (m->kind == SAB_MOVE_REMOVE && (m->front >= rs->ndefs ||
	    !sab_pile_has(g->front[seat], g->nfront[seat], m->front))) {
		sab_say(why, whylen, "%s does not lie in front of you",
		    m->front < rs->ndefs ?
		    sab_table_card_word(g, words, m->front) : "that card");
		return 0;
	}
	return 1;
}

/* A reaction: let the pending card take effect, or play a veto on it. */
static int check_react(const sab_game *g, const sab_move *m,
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

/* The position, counted from the top, of def among the top ntrove cards
 * of the discard pile, or -1. */
static int trove_find(const sab_game *g, uint8_t def)
{
	for (int i = 0; i < g->ntrove; i++)
		if (g->discard[g->ndiscard - 1 - i] == def)
			return i;
	return -1;
}

static int check_take(const sab_game *g, const sab_move *m,
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

int sab_game_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	return sab_game_check_as(g, m, NULL, why, whylen);
}

/* The hand and the phase first; then the card's kind judges the play. */
int sab_game_check_as(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_kind *k;

	if (g->phase == SAB_PHASE_OVER) {
		sab_say(why, whylen, "the game is over");
		return 0;
	}
	if (g->phase == SAB_PHASE_PICK_GOLD)
		return check_pick(g, m, why, whylen);
	if (g->phase == SAB_PHASE_CHOOSE)
		return check_choose(g, m, why, whylen);
	if (g->phase == SAB_PHASE_REACT)
		return check_react(g, m, words, why, whylen);
	if (g->phase == SAB_PHASE_TAKE)
		return check_take(g, m, words, why, whylen);
	if (g->phase == SAB_PHASE_ORDER)
		return sab_goals_check(g, m, why, whylen);
	if (g->phase == SAB_PHASE_CHEST)
		return sab_chests_check(g, m, why, whylen);
	if (m->kind == SAB_MOVE_REVEAL || m->kind == SAB_MOVE_SEAT ||
	    m->kind == SAB_MOVE_PUSH) {
		sab_say(why, whylen, "there is no %s to choose now",
		    m->kind == SAB_MOVE_SEAT ? "player" : "goal");
		return 0;
	}
	if (m->kind == SAB_MOVE_ALLOW || m->kind == SAB_MOVE_TAKE) {
		sab_say(why, whylen, "there is no card to %s now",
		    m->kind == SAB_MOVE_ALLOW ? "allow" : "take");
		return 0;
	}
	if (m->kind >= SAB_MOVE_KINDS || m->kind == SAB_MOVE_PICK_GOLD) {
		sab_say(why, whylen, "there is no gold to pick now");
		return 0;
	}
	if (m->kind == SAB_MOVE_CHOOSE) {
		sab_say(why, whylen, "there is no player to choose now");
		return 0;
	}
	/* A pathfinder's next card: a path card, no pass of several cards
	 * or removal either. */
	if (g->substep > 0 && (m->kind != SAB_MOVE_PLAY ||
	    m->card >= g->rs->ndefs ||
	    g->rs->defs[m->card].type != SAB_CARD_PATH)) {
		sab_say(why, whylen, "play your pathfinder's next path card");
		return 0;
	}
	if ((m->kind == SAB_MOVE_PASS && m->nmore > 0) ||
	    m->kind == SAB_MOVE_REMOVE)
		return check_turn_option(g, m, words, why, whylen);
	if (m->kind == SAB_MOVE_DWARF)
		return sab_toll_check(g, m, words, why, whylen);
	if (m->card >= g->rs->ndefs ||
	    sab_table_hand_find(g, g->to_act, m->card) < 0) {
		sab_say(why, whylen, "%s is not in your hand",
		    m->card < g->rs->ndefs ?
		    sab_table_card_word(g, words, m->card) : "that card");
		return 0;
	}
	if (m->kind == SAB_MOVE_PASS)
		return 1;
	k = sab_kind_of(g->rs->defs[m->card].type);
	if (k != NULL && k->reaction) {
		sab_say(why, whylen, "%s is played only in reaction to another "
		    "player's card", sab_table_card_word(g, words, m->card));
		return 0;
	}
	if (k == NULL || k->check == NULL) {
		sab_say(why, whylen, "%s cannot be played",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	return k->check(g, m, words, why, whylen);
}

/* ---- listing moves ----------------------------------------------------- */

static inline int gen_card(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	const sab_kind *k = sab_kind_of(g->rs->defs[def].type);

	return k != NULL && k->gen != NULL ? k->gen(g, def, f, out) : 0;
}

int sab_game_moves_card(const sab_game *g, uint8_t def, sab_move *out)
{
	sab_frontier f;

	if (g->phase != SAB_PHASE_PLAY || def >= g->rs->ndefs)
		return 0;
	f.n = -1;
	return gen_card(g, def, &f, out);
}

/* A reaction's moves (allow, or a veto held), or a treasure trove's (each
 * distinct card offered). */
static int wc_moves(const sab_game *g, sab_move *out)
{
	int n = 0, seat = g->to_act;

	if (g->phase == SAB_PHASE_REACT) {
		out[n++] = sab_table_move(SAB_MOVE_ALLOW, 0);
		for (int i = 0; i < g->nhand[seat]; i++) {
			uint8_t def = g->hand[seat][i];
			const sab_kind *k = sab_kind_of(g->rs->defs[def].type);
			if (k == NULL || !k->reaction || sab_table_hand_find(g,
			    seat, def) != i)
				continue;
			out[n++] = sab_table_move(SAB_MOVE_PLAY, def);
		}
		return n;
	}
	for (int i = 0; i < g->ntrove; i++) {
		uint8_t def = g->discard[g->ndiscard - 1 - i];
		if (trove_find(g, def) == i)
			out[n++] = sab_table_move(SAB_MOVE_TAKE, def);
	}
	return n;
}

static int choose_moves(const sab_game *g, sab_move *out)
{
	int n = 0;

	for (int s = 0; s < g->nplayers; s++)
		if (g->choices & (1u << s)) {
			out[n] = sab_table_move(SAB_MOVE_CHOOSE, 0);
			out[n++].target = (uint8_t)s;
		}
	return n;
}

/* The hand's distinct cards in order, with their copies. */
static int hand_kinds(const sab_game *g, int seat, uint8_t *def,
    uint8_t *copies)
{
	int k = 0;

	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t d = g->hand[seat][i];
		int j = 0;
		while (j < k && def[j] < d)
			j++;
		if (j < k && def[j] == d) {
			copies[j]++;
			continue;
		}
		memmove(def + j + 1, def + j, (size_t)(k - j));
		memmove(copies + j + 1, copies + j, (size_t)(k - j));
		def[j] = d;
		copies[j] = 1;
		k++;
	}
	return k;
}

/* Passes of 2 to pass_max cards, and removals (two cards for one in
 * front): every distinct set of cards once, in card order. */
static int turn_options(const sab_game *g, sab_move *out)
{
	const sab_ruleset *rs = g->rs;
	uint8_t def[SAB_MAX_HAND], copies[SAB_MAX_HAND], fronts[SAB_MAX_FRONT];
	int seat = g->to_act, k = hand_kinds(g, seat, def, copies), n = 0;
	int nfronts = 0;

	for (int i = 0; rs->remove_front && i < g->nfront[seat]; i++)
		if (!sab_pile_has(fronts, (uint8_t)nfronts, g->front[seat][i]))
			fronts[nfronts++] = g->front[seat][i];
	for (int a = 0; a < k; a++)
		for (int b = a; b < k; b++) {
			if (b == a && copies[a] < 2)
				continue;
			sab_move m = sab_table_move(SAB_MOVE_PASS, def[a]);
			m.nmore = 1;
			m.more[0] = def[b];
			if (rs->pass_max >= 2)
				out[n++] = m;
			for (int f = 0; f < nfronts; f++) {
				out[n] = m;
				out[n].kind = SAB_MOVE_REMOVE;
				out[n++].front = fronts[f];
			}
			for (int c = b; rs->pass_max >= 3 && c < k; c++) {
				int need = c != b ? 1 : b == a ? 3 : 2;
				if (copies[c] < need)
					continue;
				out[n] = m;
				out[n].nmore = 2;
				out[n++].more[1] = def[c];
			}
		}
	return n;
}

int sab_game_moves(const sab_game *g, sab_move *out)
{
	uint8_t vals[SAB_MAX_GOLD], seen[SAB_MAX_HAND];
	int n = 0, nseen = 0, seat = g->to_act;
	sab_frontier f;

	if (g->phase == SAB_PHASE_OVER)
		return 0;
	if (g->phase == SAB_PHASE_PICK_GOLD) {
		int k = sab_base_offer_values(g, vals);
		for (int i = 0; i < k; i++) {
			out[n] = sab_table_move(SAB_MOVE_PICK_GOLD, 0);
			out[n++].value = vals[i];
		}
		return n;
	}
	if (g->phase == SAB_PHASE_CHOOSE)
		return choose_moves(g, out);
	if (g->phase == SAB_PHASE_REACT || g->phase == SAB_PHASE_TAKE)
		return wc_moves(g, out);
	if (g->phase == SAB_PHASE_ORDER)
		return sab_goals_moves(g, out);
	if (g->phase == SAB_PHASE_CHEST)
		return sab_chests_moves(g, out);
	f.n = -1;
	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t def = g->hand[seat][i];
		int dup = 0;
		for (int j = 0; j < nseen; j++)
			dup |= seen[j] == def;
		if (dup)
			continue;
		seen[nseen++] = def;
		if (g->substep > 0) {   /* a pathfinder's path cards only */
			if (g->rs->defs[def].type == SAB_CARD_PATH)
				n += gen_card(g, def, &f, out + n);
			continue;
		}
		n += gen_card(g, def, &f, out + n);
		out[n++] = sab_table_move(SAB_MOVE_PASS, def);
	}
	if (g->substep > 0)
		return n;
	if (g->rs->pass_max > 1 || g->rs->remove_front)
		n += turn_options(g, out + n);
	if (g->rs->toll_dwarves)
		n += sab_toll_moves(g, out + n);
	return n;
}

int sab_game_random_move(const sab_game *g, sab_rng *rng, sab_move *m)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act, n;

	if (g->phase == SAB_PHASE_OVER)
		return -1;
	if (g->phase == SAB_PHASE_PICK_GOLD) {
		*m = sab_table_move(SAB_MOVE_PICK_GOLD, 0);
		m->value = g->offer[sab_rng_below(rng, g->noffer)];
		return 0;
	}
	if (g->phase == SAB_PHASE_CHOOSE) {
		sab_move c[SAB_MAX_PLAYERS];
		n = choose_moves(g, c);
		*m = c[sab_rng_below(rng, (uint32_t)n)];
		return 0;
	}
	if (g->phase == SAB_PHASE_REACT || g->phase == SAB_PHASE_TAKE) {
		sab_move c[SAB_MAX_HAND + 8];
		n = wc_moves(g, c);
		*m = c[sab_rng_below(rng, (uint32_t)n)];
		return 0;
	}
	if (g->phase == SAB_PHASE_ORDER) {
		sab_move c[SAB_MAX_GOALS];
		n = sab_goals_moves(g, c);
		*m = c[sab_rng_below(rng, (uint32_t)n)];
		return 0;
	}
	if (g->phase == SAB_PHASE_CHEST) {
		sab_move c[SAB_MAX_PLAYERS];
		n = sab_chests_moves(g, c);
		*m = c[sab_rng_below(rng, (uint32_t)n)];
		return 0;
	}
	if (g->substep > 0) {   /* a pathfinder's: a path card that fits */
		uint32_t first = sab_rng_below(rng, g->nhand[seat]);
		for (int i = 0; i < g->nhand[seat]; i++) {
			uint8_t d = g->hand[seat][(first + (uint32_t)i) %
			    g->nhand[seat]];
			sab_frontier pf;
			if (g->rs->defs[d].type != SAB_CARD_PATH)
				continue;
			pf.n = -1;
			n = gen_card(g, d, &pf, buf);
			if (n > 0) {
				*m = buf[sab_rng_below(rng, (uint32_t)n)];
				return 0;
			}
		}
	}
	/* Tunnel toll: a dwarf, as one choice among the hand's cards (the
	 * generator is drawn for it only when the module is on, so other
	 * games play as they always did). */
	if (g->rs->toll_dwarves && g->substep == 0 &&
	    sab_rng_below(rng, g->nhand[seat] + 1u) == 0 &&
	    sab_toll_random(g, rng, m) == 0)
		return 0;
	uint8_t def = g->hand[seat][sab_rng_below(rng, g->nhand[seat])];
	sab_frontier f;

	f.n = -1;
	n = def < g->rs->ndefs ? gen_card(g, def, &f, buf) : 0;
	if (n == 0)
		*m = sab_table_move(SAB_MOVE_PASS, def);
	else
		*m = buf[sab_rng_below(rng, (uint32_t)n)];
	return 0;
}

/* ---- applying moves ---------------------------------------------------- */

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
			    !sab_board_goal_reached(&g->board, g->goal_x[k],
			    g->goal_y[k]))
				continue;
			gold |= sab_table_reveal_goal(g, k, ev);
			again = 1;
		}
	}
	return gold;
}

/* Discards several cards (a pass of more than one card, face down), or
 * two to take away a card in front of the seat (face up). */
static void turn_option(sab_game *g, const sab_move *m, sab_events *ev)
{
	int seat = g->to_act;
	uint8_t cards[3] = { m->card, m->more[0], m->more[1] };
	sab_event e;

	for (int i = 1; i <= m->nmore && i < 3; i++) {
		sab_table_hand_take(g, seat, cards[i]);
		sab_table_discard(g, cards[i]);
	}
	sab_table_discard(g, m->card);
	if (m->kind == SAB_MOVE_PASS) {
		e = sab_event_new(SAB_EV_PASS, SAB_VIS_HIDDEN, (uint8_t)seat);
		e.card = m->card;
		e.n = (uint16_t)(m->nmore + 1);
		for (int i = 0; i <= m->nmore && i < 3; i++)
			e.vals[i] = cards[i];
	} else {
		sab_pile_take(g->front[seat], &g->nfront[seat], m->front);
		sab_table_discard(g, m->front);
		e = sab_event_new(SAB_EV_REMOVE, SAB_VIS_ALL, (uint8_t)seat);
		e.card = m->card;
		e.removed = m->front;
		e.n = 2;
		e.vals[0] = m->card;
		e.vals[1] = m->more[0];
	}
	sab_table_emit(ev, &e);
}

/* What a play that may reach goals and chests turns face up: the goals
 * (with module goals, in the order the player chose from `first`, each
 * resolved), then Treasure Chests' path cards, again while a card turned
 * carries the tunnel on.  Returns the round's end a goal brought, or
 * SAB_END_NONE (the phase tells whether a choice of order waits). */
static int reveal_all(sab_game *g, int first, sab_events *ev)
{
	int goals = sab_table_plays(g->rs, &sab_module_goals);
	int chests = sab_table_plays(g->rs, &sab_module_chests);

	for (;;) {
		int end = goals ? sab_goals_reveal(g, first, ev) :
		    reveal_goals(g, ev) ? SAB_END_GOLD : SAB_END_NONE;
		first = -1;
		if (end != SAB_END_NONE || g->phase != SAB_PHASE_PLAY)
			return end;
		if (!chests || sab_chests_uncover(g, ev) == 0)
			return SAB_END_NONE;
	}
}

/* Plays or discards the card (out of the hand already when it was
 * pending); returns the round's end it brought (enum sab_round_end:
 * SAB_END_GOLD, the gold reached; New Goals' goals may end it otherwise,
 * or ask which goal turns first). */
static int play_card(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev)
{
	const sab_kind *k;
	int end;

	if (!pending)
		sab_table_hand_take(g, g->to_act, m->card);
	if ((m->kind == SAB_MOVE_PASS && m->nmore > 0) ||
	    m->kind == SAB_MOVE_REMOVE) {
		turn_option(g, m, ev);
		return 0;
	}
	if (m->kind == SAB_MOVE_DWARF) {
		sab_toll_apply(g, m, ev);
		return 0;
	}
	if (m->kind == SAB_MOVE_PASS) {
		sab_table_discard(g, m->card);
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_PASS,
			    SAB_VIS_HIDDEN, g->to_act);
			e.card = m->card;
			sab_table_emit(ev, &e);
		}
		return 0;
	}
	k = sab_kind_of(g->rs->defs[m->card].type);
	k->apply(g, m, ev);
	end = k->reveals ? reveal_all(g, -1, ev) : SAB_END_NONE;
	/* A postcard the card connected acts at once, before a round the
	 * card ended is settled (the roles read then are the new ones). */
	for (int i = 0; i < g->rs->nmodules; i++)
		if (module(g, i)->played != NULL)
			module(g, i)->played(g, rng, ev);
	return end;
}

/* Moves the turn on to the next seat that holds cards; those without cards
 * pass without discarding. */
static void next_turn(sab_game *g, sab_events *ev)
{
	int s = sab_table_next(g, g->to_act);

	while (g->nhand[s] == 0) {
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_PASS, SAB_VIS_ALL,
			    (uint8_t)s);
			sab_table_emit(ev, &e);
		}
		s = sab_table_next(g, s);
	}
	g->to_act = (uint8_t)s;
}

/* The end of seat's turn: the modules' turn end, the draws, then the next
 * seat, or the round's end. */
static void finish_turn(sab_game *g, int seat, const sab_move *m,
    sab_rng *rng, sab_events *ev)
{
	int draws = g->draws;

	for (int i = 0; i < g->rs->nmodules; i++)
		if (module(g, i)->turn_end != NULL)
			module(g, i)->turn_end(g, ev);
	/* Swap hands: "The other player draws 1 card at the end of your
	 * turn", in the place of the player's own draw (both then hold the
	 * hands they would have held: saboteur-rules(5)).  Otherwise the
	 * player draws, as many as a pass of several cards discarded (a
	 * pathfinder: 2; a treasure trove: none). */
	if (m->kind == SAB_MOVE_PASS)
		draws = m->nmore + 1;
	if (g->owed_draw != SAB_NO_SEAT) {
		sab_table_draw(g, g->owed_draw, ev);
		g->owed_draw = SAB_NO_SEAT;
	} else {
		for (int i = 0; i < draws; i++)
			sab_table_draw(g, seat, ev);
	}
	g->draws = 1;
	g->to_act = (uint8_t)seat;
	if (hands_empty(g))
		end_round(g, SAB_END_NO_CARDS, rng, ev);
	else
		next_turn(g, ev);
}

/* Whether seat to act can lay a path card now (a pathfinder's next). */
static int can_lay_path(const sab_game *g)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act;

	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t d = g->hand[seat][i];
		if (g->rs->defs[d].type == SAB_CARD_PATH &&
		    sab_game_moves_card(g, d, buf) > 0)
			return 1;
	}
	return 0;
}

/* Carries a play out (its card already out of the hand when it was
 * pending), then the rest of the turn, unless the card asks the seat for
 * more: a treasure trove's card to take, a pathfinder's path cards. */
static void turn_goes_on(sab_game *g, int seat, int sub, const sab_move *m,
    sab_rng *rng, sab_events *ev);
static void after_reveal(sab_game *g, int seat, int sub, const sab_move *m,
    int end, sab_rng *rng, sab_events *ev);

static void carry_out(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev)
{
	int seat = g->to_act, sub = g->substep;
	int end = play_card(g, m, pending, rng, ev);

	after_reveal(g, seat, sub, m, end, rng, ev);
}

/* After what a card turned face up: the round's end it brought, or a
 * decision it asks for (which goal first), or the chests taken
 * resolved (Treasure Chests: a decision some ask for), then the rest of
 * the turn. */
static void after_reveal(sab_game *g, int seat, int sub, const sab_move *m,
    int end, sab_rng *rng, sab_events *ev)
{
	if (end != SAB_END_NONE) {
		g->finder = (uint8_t)seat;
		g->substep = 0;
		end_round(g, (uint8_t)end, rng, ev);
		return;
	}
	if (g->phase != SAB_PHASE_PLAY)
		return;
	if (g->chests_todo && sab_chests_resolve(g, rng, ev))
		return;
	turn_goes_on(g, seat, sub, m, rng, ev);
}

/* The rest of a turn whose card took effect without ending the round:
 * a pathfinder's next card, or the turn's end.  sub: the substep the
 * card was played in. */
static void turn_goes_on(sab_game *g, int seat, int sub, const sab_move *m,
    sab_rng *rng, sab_events *ev)
{
	if (sub > 0)
		g->substep = (uint8_t)(sub - 1);
	if (g->substep > 0 && can_lay_path(g))
		return;
	/* A pathfinder's turn ending early, no path card fitting: "draw 2
	 * cards, which means that you'll play with 1 card less", so one card
	 * per path card laid, at least one, never more cards than before. */
	if (g->substep > 0)
		g->draws = (uint8_t)(g->draws > g->substep ?
		    g->draws - g->substep : 1);
	g->substep = 0;
	finish_turn(g, seat, m, rng, ev);
}

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

/* The card waits, face up, for the other seats to react in turn. */
static void pend(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, r;

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
		return;
	}
	g->has_pending = 0;
	carry_out(g, m, 1, rng, ev);
}

/* A reaction: the next seat is asked, or the card takes effect; or a
 * veto: "Remove the other player's card before it takes effect and place
 * it on the discard pile along with the veto card. Next, the other player
 * draws a card from the draw deck (ending their turn), then you do so
 * yourself." */
static void react(sab_game *g, const sab_move *m, sab_rng *rng,
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
		carry_out(g, &g->pending, 1, rng, ev);
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
	if (hands_empty(g))
		end_round(g, SAB_END_NO_CARDS, rng, ev);
	else
		next_turn(g, ev);
}

/* A treasure trove's card taken: the rest go back, then the trove card
 * on the pile; the turn ends without a draw. */
static void take(sab_game *g, const sab_move *m, sab_rng *rng,
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
	/* Treasure Chests: a take was one chest's; the others taken this
	 * turn are resolved before the turn ends. */
	if (g->chests_todo && sab_chests_resolve(g, rng, ev))
		return;
	finish_turn(g, seat, m, rng, ev);
}

/* New Goals: the goal the seat chose turns face up first, then the
 * others it reached, each resolved in turn; then the turn goes on where
 * the card that reached them left it. */
static void order(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, sub = g->substep, end;

	g->phase = SAB_PHASE_PLAY;
	end = reveal_all(g, m->goal, ev);
	after_reveal(g, seat, sub, m, end, rng, ev);
}

/* Treasure Chests: the seat chose a player for its chest; the chests it
 * took are resolved on, then the turn goes on. */
static void chest_chosen(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, sub = g->substep;

	sab_chests_chosen(g, m, rng, ev);
	after_reveal(g, seat, sub, m, SAB_END_NONE, rng, ev);
}

void sab_game_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act;

	if (g->phase == SAB_PHASE_ORDER) {
		order(g, m, rng, ev);
		return;
	}
	if (g->phase == SAB_PHASE_CHEST) {
		chest_chosen(g, m, rng, ev);
		return;
	}

	if (g->phase == SAB_PHASE_PICK_GOLD) {
		sab_base_pick_gold(g, m->value, rng, ev);
		return;
	}
	if (g->phase == SAB_PHASE_CHOOSE) {
		roles_module(g)->chosen(g, m, rng, ev);
		return;
	}
	if (g->phase == SAB_PHASE_REACT) {
		react(g, m, rng, ev);
		return;
	}
	if (g->phase == SAB_PHASE_TAKE) {
		take(g, m, rng, ev);
		return;
	}
	if (g->substep == 0)    /* a pathfinder's cards are one turn */
		g->turn++;
	g->last_player = (uint8_t)seat;
	if (open_to_reactions(g, m))
		pend(g, m, rng, ev);
	else
		carry_out(g, m, 0, rng, ev);
}

/* ---- accounting -------------------------------------------------------- */

void sab_game_census(const sab_game *g, sab_census *c)
{
	memset(c, 0, sizeof *c);
	c->deck = g->ndeck;
	c->discard = g->ndiscard;
	c->aside = g->naside;
	/* A card waiting for reactions is out of its player's hand; a
	 * treasure trove waits for the take to reach the pile. */
	c->waiting = g->has_pending + (g->held != SAB_NO_CARD);
	for (int s = 0; s < g->nplayers; s++) {
		c->hands += g->nhand[s];
		c->in_front += g->nfront[s];
	}
	for (int i = 0; i < g->board.nplaced; i++) {
		uint8_t cell = g->board.cell[g->board.placed[i]];
		c->board += g->rs->defs[SAB_CELL_DEF(cell)].type ==
		    SAB_CARD_PATH && !g->rs->defs[SAB_CELL_DEF(cell)].chest;
	}
}

/* Compares the fields the card's kind takes as arguments, and no other. */
static int same_args_as(const sab_kind *k, const sab_move *a,
    const sab_move *b)
{
	for (int i = 0; i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END; i++) {
		int same = 1;
		switch (k->args[i]) {
		case SAB_ARG_X:
			same = a->x == b->x;
			break;
		case SAB_ARG_Y:
			same = a->y == b->y;
			break;
		case SAB_ARG_ROT:
			same = a->rot == b->rot;
			break;
		case SAB_ARG_SEAT:
			same = a->target == b->target;
			break;
		case SAB_ARG_TOOL:
			same = a->tool == b->tool;
			break;
		case SAB_ARG_GOAL:     /* a goal, or a chest's place */
			same = a->goal == b->goal && (a->goal !=
			    SAB_GOAL_CHEST || (a->x == b->x && a->y == b->y));
			break;
		case SAB_ARG_GOAL2:
			same = a->goal2 == b->goal2;
			break;
		default:        /* implied by the card, or events only */
			break;
		}
		if (!same)
			return 0;
	}
	return 1;
}

/* Whether kind k names two goals (a goal swap): a pair, in either order. */
static int two_goals(const sab_kind *k)
{
	for (int i = 0; i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END; i++)
		if (k->args[i] == SAB_ARG_GOAL2)
			return 1;
	return 0;
}

/* Compares the fields the card's kind takes as arguments, and no other. */
static int same_args(const sab_kind *k, const sab_move *a, const sab_move *b)
{
	if (two_goals(k) && a->goal == b->goal2 && a->goal2 == b->goal) {
		sab_move c = *b;        /* the same two goals, named the other
		                           way round */
		c.goal = b->goal2;
		c.goal2 = b->goal;
		return same_args_as(k, a, &c);
	}
	return same_args_as(k, a, b);
}

/* The cards a pass or a removal discards, card and more[0 .. nmore), in
 * card order; returns how many. */
static int cards_sorted(const sab_move *m, uint8_t *c)
{
	int n = 1 + (m->nmore < 2 ? m->nmore : 2);

	c[0] = m->card;
	c[1] = m->more[0];
	c[2] = m->more[1];
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
			uint8_t t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
	return n;
}

/* Whether two passes or removals discard the same cards: a set of cards,
 * whatever order a caller named them in (the listing and the protocol put
 * them in card order; the checker takes any). */
static int same_cards(const sab_move *a, const sab_move *b)
{
	uint8_t ca[3], cb[3];
	int n = cards_sorted(a, ca);

	return a->nmore == b->nmore && n == cards_sorted(b, cb) &&
	    memcmp(ca, cb, (size_t)n) == 0;
}

int sab_move_equal(const sab_ruleset *rs, const sab_move *a,
    const sab_move *b)
{
	const sab_kind *k;

	if (a->kind != b->kind)
		return 0;
	if (a->kind == SAB_MOVE_PICK_GOLD)
		return a->value == b->value;
	if (a->kind == SAB_MOVE_CHOOSE)
		return a->target == b->target;
	if (a->kind == SAB_MOVE_ALLOW)
		return 1;
	if (a->kind == SAB_MOVE_TAKE)
		return a->card == b->card;
	if (a->kind == SAB_MOVE_DWARF)
		return a->card == b->card && a->x == b->x && a->y == b->y;
	if (a->kind == SAB_MOVE_REVEAL || a->kind == SAB_MOVE_PUSH)
		return a->goal == b->goal;
	if (a->kind == SAB_MOVE_SEAT)
		return a->target == b->target;
	if (a->kind != SAB_MOVE_PLAY)
		return same_cards(a, b) && (a->kind != SAB_MOVE_REMOVE ||
		    a->front == b->front);
	if (a->card != b->card)
		return 0;
	k = sab_move_kind(rs, a);
	return k == NULL || same_args(k, a, b);
}
