/* game.c: the turn: phases, asking the card's kind, drawing, the next seat, the end of a round and of the game. */
#include <stddef.h>
#include <string.h>

#include "effect.h"
#include "say.h"
#include "table.h"

/* ---- modules ------------------------------------------------------------ */

/* The i-th module the ruleset plays. */
static const sab_module *module(const sab_game *g, int i)
{
	return sab_table_module(g, i);
}

/* The module whose roles the ruleset plays: it decides and pays rounds. */
static const sab_module *roles_module(const sab_game *g)
{
	return sab_module_at(g->rs->roles_module);
}

/* The module that brought each phase, and each move kind
 * (rules/modules.def). */
static const sab_module *const phase_owner[] = {
#define SAB_PHASE(name, owner) [SAB_PHASE_##name] = &sab_module_##owner,
#include "modules.def"
};
static const uint8_t move_owner[] = {
#define SAB_MOVE(name, owner) [SAB_MOVE_##name] = SAB_MODULE_AT_##owner,
#include "modules.def"
};

/* The modules with moves of their own on a seat's turn, whichever the
 * ruleset names (rules/modules.def). */
static const sab_module *const turn_modules[] = {
#define SAB_TURN_MOVES(name) &sab_module_##name,
#include "modules.def"
};
#define NTURN_MODULES (sizeof turn_modules / sizeof turn_modules[0])

/* sab_game.hooks for ruleset rs: bit i of hooks[h], its module i has
 * hook h. */
static void ruleset_hooks(const sab_ruleset *rs, uint8_t *hooks)
{
	memset(hooks, 0, SAB_HOOKS);
	for (int i = 0; i < rs->nmodules && i < 8; i++) {
		const sab_module *m = sab_modules[rs->modules[i]];
		uint8_t bit = (uint8_t)(1u << i);
		hooks[SAB_HOOK_REACT] |= m->react != NULL ? bit : 0;
		hooks[SAB_HOOK_REVEAL] |= m->reveal != NULL ? bit : 0;
		hooks[SAB_HOOK_UNCOVER] |= m->uncover != NULL ? bit : 0;
		hooks[SAB_HOOK_SETTLE] |= m->settle != NULL ? bit : 0;
		hooks[SAB_HOOK_MAPS] |= m->maps_barred != NULL ? bit : 0;
	}
}

/* The decision the phase asks for: its row in its module's decisions;
 * NULL in SAB_PHASE_PLAY and SAB_PHASE_OVER, which are the turn's. */
static const sab_decision *decision(const sab_game *g)
{
	const sab_module *m;

	if (g->phase >= sizeof phase_owner / sizeof phase_owner[0])
		return NULL;
	m = phase_owner[g->phase];
	for (int i = 0; i < m->ndecisions; i++)
		if (m->decisions[i].phase == g->phase)
			return &m->decisions[i];
	return NULL;
}

/* How the turn judges move kind `kind`, as its module says; NULL for a
 * play or a pass (the turn's own), or a kind no module brings. */
static const sab_move_rule *move_rule(uint8_t kind)
{
	const sab_module *m;

	if (kind >= sizeof move_owner)
		return NULL;
	m = sab_modules[move_owner[kind]];
	for (int i = 0; i < m->nmove_rules; i++)
		if (m->move_rules[i].kind == kind)
			return &m->move_rules[i];
	return NULL;
}

/* ---- setting up ------------------------------------------------------- */

static inline int hands_empty(const sab_game *g)
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
	g->dir = 0;
	g->draws = 1;
	g->held = SAB_NO_CARD;
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
	ruleset_hooks(rs, g->hooks);
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
	if (g->phase != SAB_PHASE_PLAY) {
		const sab_decision *d = decision(g);
		if (d == NULL) {
			sab_say(why, whylen, "nothing can be done now");
			return 0;
		}
		return d->check(g, m, words, why, whylen);
	}
	/* A decision's own move, made when it is not asked. */
	if (m->kind != SAB_MOVE_PLAY && m->kind != SAB_MOVE_PASS) {
		const sab_move_rule *r = move_rule(m->kind);
		if (r == NULL || r->idle != NULL) {
			/* (a kind no module brings: as every version said) */
			sab_say(why, whylen, "%s", r != NULL ? r->idle :
			    "there is no gold to pick now");
			return 0;
		}
	}
	/* A pathfinder's next card: a path card, no pass of several cards
	 * or removal either. */
	if (g->substep > 0 && (m->kind != SAB_MOVE_PLAY ||
	    m->card >= g->rs->ndefs ||
	    g->rs->defs[m->card].type != SAB_CARD_PATH)) {
		sab_say(why, whylen, "play your pathfinder's next path card");
		return 0;
	}
	/* The modules' moves of a turn beyond one card's play or discard. */
	if (m->kind != SAB_MOVE_PLAY && (m->kind != SAB_MOVE_PASS ||
	    m->nmore > 0))
		for (size_t i = 0; i < NTURN_MODULES; i++) {
			const sab_module *mod = turn_modules[i];
			int r = mod->turn_check == NULL ? -1 :
			    mod->turn_check(g, m, words, why, whylen);
			if (r >= 0)
				return r;
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


int sab_game_moves(const sab_game *g, sab_move *out)
{
	uint8_t seen[SAB_MAX_HAND];
	int n = 0, nseen = 0, seat = g->to_act;
	sab_frontier f;

	if (g->phase == SAB_PHASE_OVER)
		return 0;
	if (g->phase != SAB_PHASE_PLAY) {
		const sab_decision *d = decision(g);
		return d != NULL ? d->moves(g, out) : 0;
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
	for (size_t i = 0; i < NTURN_MODULES; i++)
		if (turn_modules[i]->turn_moves != NULL)
			n += turn_modules[i]->turn_moves(g, out + n);
	return n;
}

int sab_game_random_move(const sab_game *g, sab_rng *rng, sab_move *m)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act, n;

	if (g->phase == SAB_PHASE_OVER)
		return -1;
	if (g->phase != SAB_PHASE_PLAY) {
		const sab_decision *d = decision(g);
		sab_move c[SAB_MAX_DECISION_MOVES];
		if (d == NULL)
			return -1;
		if (d->random != NULL) {
			d->random(g, rng, m);
			return 0;
		}
		n = d->moves(g, c);
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
	/* A module's own move of a turn (Tunnel Toll's dwarf), when it has
	 * one and the dice say so. */
	for (size_t i = 0; g->substep == 0 && i < NTURN_MODULES; i++)
		if (turn_modules[i]->turn_random != NULL &&
		    turn_modules[i]->turn_random(g, rng, m) == 0)
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

/* What a play that may reach goals turns face up: the goals (the first
 * module that reveals them its own way does, New Goals' in the order the
 * player chose from `first`, each resolved), then the modules' face-down
 * cards (Treasure Chests' path cards), again while a card turned carries
 * the tunnel on.  Returns the round's end a goal brought, or SAB_END_NONE
 * (the phase tells whether a choice of order waits). */
static int reveal_all(sab_game *g, int first, sab_events *ev)
{
	const sab_module *own = NULL;

	if (g->hooks[SAB_HOOK_REVEAL])
		own = sab_table_hook_module(g, g->hooks[SAB_HOOK_REVEAL]);
	for (;;) {
		int end = own != NULL ? own->reveal(g, first, ev) :
		    reveal_goals(g, ev) ? SAB_END_GOLD : SAB_END_NONE;
		int n = 0;
		first = -1;
		if (end != SAB_END_NONE || g->phase != SAB_PHASE_PLAY ||
		    !g->hooks[SAB_HOOK_UNCOVER])
			return end;
		for (unsigned b = g->hooks[SAB_HOOK_UNCOVER]; b; b &= b - 1)
			n += sab_table_hook_module(g, b)->uncover(g, ev);
		if (n == 0)
			return SAB_END_NONE;
	}
}

/* Plays or discards the card (out of the hand already when it was
 * pending); returns the round's end it brought (enum sab_round_end:
 * SAB_END_GOLD, the gold reached; New Goals' goals may end it otherwise,
 * or ask which goal turns first). */
static inline int play_card(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev)
{
	const sab_kind *k;
	int end;

	if (!pending)
		sab_table_hand_take(g, g->to_act, m->card);
	/* The modules' moves of a turn beyond one card's play or discard. */
	if (m->kind != SAB_MOVE_PLAY && (m->kind != SAB_MOVE_PASS ||
	    m->nmore > 0))
		for (size_t i = 0; i < NTURN_MODULES; i++)
			if (turn_modules[i]->turn_apply != NULL &&
			    turn_modules[i]->turn_apply(g, m, ev))
				return 0;
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
static inline void next_turn(sab_game *g, sab_events *ev)
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

static inline void turn_over(sab_game *g, sab_rng *rng, sab_events *ev)
{
	if (hands_empty(g))
		end_round(g, SAB_END_NO_CARDS, rng, ev);
	else
		next_turn(g, ev);
}

/* The end of seat's turn: the modules' turn end, the draws, then the next
 * seat, or the round's end. */
static inline void finish_turn(sab_game *g, int seat, const sab_move *m,
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
	turn_over(g, rng, ev);
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

/* The rest of a turn whose card took effect without ending the round:
 * a pathfinder's next card, or the turn's end.  sub: the substep the
 * card was played in. */
static inline void turn_goes_on(sab_game *g, int seat, int sub,
    const sab_move *m, sab_rng *rng, sab_events *ev)
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

static inline int settle(sab_game *g, sab_rng *rng, sab_events *ev)
{
	for (unsigned b = g->hooks[SAB_HOOK_SETTLE]; b; b &= b - 1)
		if (sab_table_hook_module(g, b)->settle(g, rng, ev))
			return 1;
	return 0;
}

/* After what a card turned face up: the round's end it brought, or a
 * decision it asks for (which goal first), or what the modules owe the
 * seat settled (a decision some ask for), then the rest of the turn. */
static inline void after_reveal(sab_game *g, int seat, int sub,
    const sab_move *m, int end, sab_rng *rng, sab_events *ev)
{
	if (end != SAB_END_NONE) {
		g->finder = (uint8_t)seat;
		g->substep = 0;
		end_round(g, (uint8_t)end, rng, ev);
		return;
	}
	if (g->phase != SAB_PHASE_PLAY)
		return;
	if (settle(g, rng, ev))
		return;
	turn_goes_on(g, seat, sub, m, rng, ev);
}

/* Carries a play out (its card already out of the hand when it was
 * pending), then the rest of the turn, unless the card asks the seat for
 * more: a treasure trove's card to take, a pathfinder's path cards. */
static inline void carry_out(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev)
{
	int seat = g->to_act, sub = g->substep;
	int end = play_card(g, m, pending, rng, ev);

	after_reveal(g, seat, sub, m, end, rng, ev);
}

void sab_game_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act;

	if (g->phase != SAB_PHASE_PLAY) {
		const sab_decision *d = decision(g);
		if (d != NULL)
			d->apply(g, m, rng, ev);
		return;
	}
	if (g->substep == 0)    /* a pathfinder's cards are one turn */
		g->turn++;
	g->last_player = (uint8_t)seat;
	/* A module may hold a card played back first (the veto's window). */
	for (unsigned b = m->kind == SAB_MOVE_PLAY ?
	    g->hooks[SAB_HOOK_REACT] : 0; b; b &= b - 1)
		if (sab_table_hook_module(g, b)->react(g, m, rng, ev))
			return;
	carry_out(g, m, 0, rng, ev);
}

/* The turn's steps, for the modules' decisions (table.h). */
int sab_table_reveal_all(sab_game *g, int first, sab_events *ev)
{
	return reveal_all(g, first, ev);
}

void sab_table_turn_over(sab_game *g, sab_rng *rng, sab_events *ev)
{
	turn_over(g, rng, ev);
}

void sab_table_finish_turn(sab_game *g, int seat, const sab_move *m,
    sab_rng *rng, sab_events *ev)
{
	finish_turn(g, seat, m, rng, ev);
}

int sab_table_settle(sab_game *g, sab_rng *rng, sab_events *ev)
{
	return settle(g, rng, ev);
}

void sab_table_after_reveal(sab_game *g, int seat, int sub,
    const sab_move *m, int end, sab_rng *rng, sab_events *ev)
{
	after_reveal(g, seat, sub, m, end, rng, ev);
}

void sab_table_carry_out(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev)
{
	carry_out(g, m, pending, rng, ev);
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

/* Whether a and b match in the fields `same` names (enum sab_same). */
static int same_fields(unsigned same, const sab_move *a, const sab_move *b)
{
	return (!(same & SAB_SAME_CARD) || a->card == b->card) &&
	    (!(same & SAB_SAME_VALUE) || a->value == b->value) &&
	    (!(same & SAB_SAME_TARGET) || a->target == b->target) &&
	    (!(same & SAB_SAME_XY) || (a->x == b->x && a->y == b->y)) &&
	    (!(same & SAB_SAME_GOAL) || a->goal == b->goal) &&
	    (!(same & SAB_SAME_CARDS) || same_cards(a, b)) &&
	    (!(same & SAB_SAME_FRONT) || a->front == b->front);
}

int sab_move_equal(const sab_ruleset *rs, const sab_move *a,
    const sab_move *b)
{
	const sab_kind *k;

	if (a->kind != b->kind)
		return 0;
	if (a->kind != SAB_MOVE_PLAY) {
		/* A pass (or a kind no module brings): the cards it
		 * discards; a module's kind, the fields its rule names. */
		const sab_move_rule *r = move_rule(a->kind);
		return same_fields(r != NULL ? r->same : SAB_SAME_CARDS, a, b);
	}
	if (a->card != b->card)
		return 0;
	k = sab_move_kind(rs, a);
	return k == NULL || same_args(k, a, b);
}
