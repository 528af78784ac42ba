/* game.c: the turn: phases, asking the card's kind, drawing, the next seat, the end of a round and of the game. */
#include <stddef.h>
#include <string.h>

#include "effect.h"
#include "say.h"
#include "table.h"
#include "base/base.h"

/* ---- modules ------------------------------------------------------------ */

/* The i-th module the ruleset plays. */
static const sab_module *module(const sab_game *g, int i)
{
	return sab_module_at(g->rs->modules[i]);
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
		if (k == NULL || !k->deck)
			continue;
		for (int c = 0; c < rs->defs[d].count; c++)
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
	sab_board_reset(&g->board, rs);
	fill_deck(g, rng);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROUND_START, SAB_VIS_ALL,
		    (uint8_t)first);
		e.value = g->round;
		e.n = (uint16_t)(g->ndeck - hand * g->nplayers);
		sab_table_emit(ev, &e);
	}
	for (int i = 0; i < rs->nmodules; i++)
		if (module(g, i)->round_start != NULL)
			module(g, i)->round_start(g, rng, ev);
	for (int s = 0, k = first; s < g->nplayers; s++,
	    k = sab_table_next(g, k))
		for (int i = 0; i < hand; i++)
			sab_table_draw(g, k, ev);
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
	memset(g, 0, offsetof(sab_game, board.team_reach));
	g->rs = rs;
	g->nplayers = (uint8_t)nplayers;
	g->last_player = SAB_NO_SEAT;
	memcpy(g->gold_deck, rs->gold_cards, rs->ngold);
	g->ngold_deck = rs->ngold;
	sab_rng_shuffle(rng, g->gold_deck, g->ngold_deck);
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
	round_start(g, sab_table_next(g, g->last_player), rng, ev);
}

/* The round ends: its winners are announced, then each module settles it
 * (roles shown, gold paid); a module that asks a seat (picking gold) goes
 * on to the next round itself. */
static void end_round(sab_game *g, uint8_t why, sab_rng *rng,
    sab_events *ev)
{
	uint8_t side = SAB_ROLE_NONE;

	g->round_end = why;
	for (int i = 0; i < g->rs->nmodules; i++)
		if (module(g, i)->round_winners != NULL)
			g->round_winners = module(g, i)->round_winners(g, &side);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROUND_END, SAB_VIS_ALL,
		    g->finder);
		e.value = g->round;
		e.n = why;
		e.target = side;
		e.mask = g->round_winners;
		sab_table_emit(ev, &e);
	}
	for (int i = 0; i < g->rs->nmodules; i++)
		if (module(g, i)->round_end != NULL &&
		    module(g, i)->round_end(g, rng, ev))
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
	if (m->kind >= SAB_MOVE_KINDS || m->kind == SAB_MOVE_PICK_GOLD) {
		sab_say(why, whylen, "there is no gold to pick now");
		return 0;
	}
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
		out[n++] = sab_table_move(SAB_MOVE_PASS, def);
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
		*m = sab_table_move(SAB_MOVE_PICK_GOLD, 0);
		m->value = g->offer[sab_rng_below(rng, g->noffer)];
		return 0;
	}
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
			    !sab_board_goal_reached(&g->board, rs->goal_x[k],
			    rs->goal_y[k]))
				continue;
			uint8_t rot = sab_board_reveal(&g->board, rs,
			    rs->goal_x[k], rs->goal_y[k], g->goal_def[k]);
			g->goal_open |= (uint8_t)(1u << k);
			gold |= rs->defs[g->goal_def[k]].gold;
			again = 1;
			if (ev) {
				sab_event e = sab_event_new(SAB_EV_REVEAL,
				    SAB_VIS_ALL, SAB_NO_SEAT);
				e.goal = (uint8_t)k;
				e.card = g->goal_def[k];
				e.rot = rot;
				e.x = rs->goal_x[k];
				e.y = rs->goal_y[k];
				sab_table_emit(ev, &e);
			}
		}
	}
	return gold;
}

/* Plays or discards the card; returns 1 when the gold was reached. */
static int play_card(sab_game *g, const sab_move *m, sab_events *ev)
{
	const sab_kind *k;

	sab_table_hand_take(g, g->to_act, m->card);
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
	return k->reveals ? reveal_goals(g, ev) : 0;
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

void sab_game_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act;

	if (g->phase == SAB_PHASE_PICK_GOLD) {
		sab_base_pick_gold(g, m->value, rng, ev);
		return;
	}
	g->turn++;
	g->last_player = (uint8_t)seat;
	if (play_card(g, m, ev)) {
		g->finder = (uint8_t)seat;
		end_round(g, SAB_END_GOLD, rng, ev);
		return;
	}
	for (int i = 0; i < g->rs->nmodules; i++)
		if (module(g, i)->turn_end != NULL)
			module(g, i)->turn_end(g, ev);
	sab_table_draw(g, seat, ev);
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
		c->in_front += g->nfront[s];
	}
	for (int i = 0; i < g->board.nplaced; i++) {
		uint8_t cell = g->board.cell[g->board.placed[i]];
		c->board += g->rs->defs[SAB_CELL_DEF(cell)].type ==
		    SAB_CARD_PATH;
	}
}

/* Compares the fields the card's kind takes as arguments, and no other. */
static int same_args(const sab_kind *k, const sab_move *a, const sab_move *b)
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
		case SAB_ARG_GOAL:
			same = a->goal == b->goal;
			break;
		default:        /* implied by the card, or events only */
			break;
		}
		if (!same)
			return 0;
	}
	return 1;
}

int sab_move_equal(const sab_ruleset *rs, const sab_move *a,
    const sab_move *b)
{
	const sab_kind *k;

	if (a->kind != b->kind)
		return 0;
	if (a->kind == SAB_MOVE_PICK_GOLD)
		return a->value == b->value;
	if (a->card != b->card)
		return 0;
	k = sab_move_kind(rs, a);
	return k == NULL || same_args(k, a, b);
}
