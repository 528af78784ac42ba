/* chests.c: Treasure Chests: chests laid under face-down path cards each round, taken by the tunnel that reaches them, and their ten effects. */
#include <string.h>

#include "../../hash.h"
#include "../../say.h"
#include "chests.h"
#include "../../rskey.h"

/* ---- setting up -------------------------------------------------------- */

/* Whether a card lies at idx or next to it (the start, goal places,
 * postcards, a chest already laid). */
static int crowded(const sab_game *g, uint16_t idx)
{
	static const int d[5] = { 0, 1, -1, SAB_GRID, -SAB_GRID };

	for (int i = 0; i < 5; i++)
		if (g->board.cell[idx + d[i]] != SAB_CELL_EMPTY)
			return 1;
	return 0;
}

/* The free cells of the region, in row order: with k < 0 returns how
 * many there are, else the cell index of the k-th. */
static int free_cell(const sab_game *g, int k)
{
	const sab_ruleset *rs = g->rs;
	int n = 0;

	for (int y = rs->chest_min_y; y <= rs->chest_max_y; y++)
		for (int x = rs->chest_min_x; x <= rs->chest_max_x; x++) {
			uint16_t idx = sab_board_index(x, y);
			if (!sab_board_inside(rs, x, y) || crowded(g, idx))
				continue;
			if (n++ == k)
				return idx;
		}
	return n;
}

/*
 * "Shuffle the 7 path cards (dark back) and the 10 treasure chests (dark
 * back with treasure chest) separately. Place 4 treasure chests in the
 * network of tunnels during setup, face down. Then cover each of them with
 * a face-down path card. ... you just can't place them directly adjacent
 * to each other."  The places: chosen at random among the ruleset's
 * region, on no card and next to none (a chest already laid included).
 * Every round shuffles all the chests and path cards again.
 */
static void round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	uint8_t chests[SAB_MAX_CHESTS * 2 * SAB_CHEST_KINDS];
	uint8_t paths[SAB_MAX_DEFS];
	int nc = 0, np = 0;

	g->nchests = 0;
	g->chests_gone = g->chests_todo = 0;
	g->chest_nomaps = 0;
	g->chest_asks = 0;
	g->chest_choices = 0;
	memset(g->chest_cell, 0, sizeof g->chest_cell);
	memset(g->chest_path, 0, sizeof g->chest_path);
	memset(g->chest_kind, 0, sizeof g->chest_kind);
	for (int k = 0; k < SAB_CHEST_KINDS; k++)
		for (int i = 0; i < rs->chest_count[k]; i++)
			chests[nc++] = (uint8_t)k;
	for (int d = 0; d < rs->ndefs; d++)
		for (int i = 0; rs->defs[d].chest && i < rs->defs[d].count &&
		    np < SAB_MAX_DEFS; i++)
			paths[np++] = (uint8_t)d;
	sab_rng_shuffle(rng, chests, (uint32_t)nc);
	sab_rng_shuffle(rng, paths, (uint32_t)np);
	while (g->nchests < rs->chests_per_round && g->nchests < nc &&
	    g->nchests < np) {
		int n = free_cell(g, -1), i;
		uint16_t at;
		if (n == 0)
			break;
		at = (uint16_t)free_cell(g, (int)sab_rng_below(rng,
		    (uint32_t)n));
		i = g->nchests++;
		g->chest_cell[i] = at;
		g->chest_kind[i] = chests[i];
		g->chest_path[i] = paths[i];
		sab_board_hide(&g->board, rs, sab_board_x(at), sab_board_y(at));
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_CHEST, SAB_VIS_ALL,
			    SAB_NO_SEAT);
			e.x = (int8_t)sab_board_x(at);
			e.y = (int8_t)sab_board_y(at);
			e.goal = (uint8_t)i;
			sab_table_emit(ev, &e);
		}
	}
}

int sab_chests_at(const sab_game *g, int x, int y)
{
	uint16_t idx = sab_board_index(x, y);

	for (int i = 0; i < g->nchests; i++)
		if (g->chest_cell[i] == idx && !(g->chests_gone >> i & 1))
			return i;
	return -1;
}

/* ---- taking them ------------------------------------------------------- */

/* "When you connect a face-down path card with the start card, take it
 * and the treasure chest beneath it. ... Reveal the path card and put it
 * back in its original position, taking care to match up its pathways on
 * all sides." */
/* The module's uncover hook: turns face up every face-down path card over
 * a chest that a tunnel from the start now reaches: the seat to act takes
 * its chest, which waits in sab_game.chests_todo to be resolved.  Returns
 * how many it turned. */
static int uncover(sab_game *g, sab_events *ev)
{
	int n = 0;

	for (int i = 0; i < g->nchests; i++) {
		int x = sab_board_x(g->chest_cell[i]);
		int y = sab_board_y(g->chest_cell[i]);
		uint8_t rot;
		if ((g->chests_gone >> i & 1) ||
		    !sab_board_goal_reached(&g->board, x, y))
			continue;
		rot = sab_board_reveal(&g->board, g->rs, x, y,
		    g->chest_path[i]);
		g->chests_gone |= (uint8_t)(1u << i);
		g->chests_todo |= (uint8_t)(1u << i);
		n++;
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_OPEN, SAB_VIS_ALL,
			    g->to_act);
			e.x = (int8_t)x;
			e.y = (int8_t)y;
			e.card = g->chest_path[i];
			e.rot = rot;
			e.value = g->chest_kind[i];
			e.goal = (uint8_t)i;
			sab_table_emit(ev, &e);
		}
	}
	return n;
}

/* "Take 1 gold from the supply. Note: If you're playing the Saboteur
 * base game, take a gold card with 1 gold nugget" (from the gold cards,
 * when one is left). */
static void take_gold(sab_game *g, int seat, sab_events *ev)
{
	for (int i = g->ngold_deck - 1; i >= 0; i--)
		if (g->gold_deck[i] == 1) {
			memmove(&g->gold_deck[i], &g->gold_deck[i + 1],
			    (size_t)(g->ngold_deck - i - 1));
			g->ngold_deck--;
			break;
		}
	g->gold[seat]++;
	g->round_pay[seat]++;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_GOLD, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.value = 1;
		sab_table_emit(ev, &e);
	}
}

/* Up to n cards from the top of the deck, face down to the discard
 * pile; returns how many. */
static int mill(sab_game *g, int n, sab_events *ev)
{
	int k = 0;

	while (k < n && g->ndeck > 0) {
		sab_table_discard(g, g->deck[--g->ndeck]);
		k++;
	}
	if (ev && k > 0) {
		sab_event e = sab_event_new(SAB_EV_MILL, SAB_VIS_ALL, g->to_act);
		e.n = (uint16_t)k;
		sab_table_emit(ev, &e);
	}
	return k;
}

/* The seat to act picks one of the top n cards of the discard pile (the
 * World Championship's take): the turn then ends without a draw. */
static int offer_top(sab_game *g, int n, sab_events *ev)
{
	if (n > g->ndiscard)
		n = g->ndiscard;
	g->draws = 0;
	if (n == 0)
		return 0;
	g->phase = SAB_PHASE_TAKE;
	g->ntrove = (uint8_t)n;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_TROVE, SAB_VIS_SEAT,
		    g->to_act);
		e.n = (uint16_t)n;
		for (int i = 0; i < n && i < SAB_MAX_PLAYERS; i++)
			e.vals[i] = g->discard[g->ndiscard - 1 - i];
		sab_table_emit(ev, &e);
	}
	return 1;
}

/* Asks the seat to act to choose a seat of mask for chest k; 0 when
 * there is none to choose. */
static int ask(sab_game *g, int k, uint16_t mask, sab_events *ev)
{
	if (mask == 0)
		return 0;
	g->phase = SAB_PHASE_CHEST;
	g->chest_asks = (uint8_t)(k + 1);
	g->chest_choices = mask;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_CHEST_ASK, SAB_VIS_SEAT,
		    g->to_act);
		e.value = (uint8_t)k;
		e.mask = mask;
		sab_table_emit(ev, &e);
	}
	return 1;
}

/* ---- pushing a goal ---------------------------------------------------- */

/*
 * "Push 1 face-down goal card 1 space further away from the start card."
 * Further away: one cell on from the goal along the axis on which it lies
 * farther from the start (x on a tie), away from the start: the base
 * game's goals go one cell east.  A goal goes only to a cell of the board
 * that is empty (no card, no goal, no chest's card, no dwarf) and that no
 * tunnel from the start reaches: a push never reaches a goal
 * (saboteur-rules(5), "Treasure Chests: decisions").
 */
static void push_cell(const sab_game *g, int k, int *x, int *y)
{
	int dx = g->goal_x[k] - g->rs->start_x;
	int dy = g->goal_y[k] - g->rs->start_y;
	int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;

	*x = g->goal_x[k];
	*y = g->goal_y[k];
	if (ax >= ay)
		*x += dx < 0 ? -1 : 1;
	else
		*y += dy < 0 ? -1 : 1;
}

int sab_chests_pushable(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	int mask = 0;

	for (int k = 0; k < rs->ngoals && k < SAB_MAX_GOALS; k++) {
		int x, y, dwarf = 0;
		if (g->goal_open >> k & 1)
			continue;
		push_cell(g, k, &x, &y);
		if (!sab_board_inside(rs, x, y) ||
		    sab_board_get(&g->board, x, y) != SAB_CELL_EMPTY ||
		    sab_board_goal_reached(&g->board, x, y))
			continue;
		for (int d = 0; d < rs->toll_dwarves && d <
		    SAB_MAX_TOLL_DWARVES; d++)
			dwarf |= g->toll_cell[d] == sab_board_index(x, y);
		if (!dwarf)
			mask |= 1 << k;
	}
	return mask;
}

/* Moves goal place k one cell on, face down; public. */
static void push(sab_game *g, int k, sab_events *ev)
{
	int ox = g->goal_x[k], oy = g->goal_y[k], x, y;

	push_cell(g, k, &x, &y);
	(void)sab_board_remove(&g->board, g->rs, ox, oy);
	sab_board_hide(&g->board, g->rs, x, y);
	g->goal_x[k] = (int8_t)x;
	g->goal_y[k] = (int8_t)y;
	g->goals_pushed |= (uint8_t)(1u << k);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_PUSH, SAB_VIS_ALL,
		    g->to_act);
		e.goal = (uint8_t)k;
		e.x = (int8_t)x;
		e.y = (int8_t)y;
		e.vals[0] = (int16_t)ox;
		e.vals[1] = (int16_t)oy;
		sab_table_emit(ev, &e);
	}
}

/* The seat chooses which goal to push when two or more can go; one goes
 * without asking; none: the chest does nothing. */
static int push_goal(sab_game *g, int k, sab_events *ev)
{
	int mask = sab_chests_pushable(g), one = 0;

	if (mask == 0)
		return 0;
	if ((mask & (mask - 1)) != 0)
		return ask(g, k, (uint16_t)mask, ev);
	while (!(mask >> one & 1))
		one++;
	push(g, one, ev);
	return 0;
}

/* Carries out chest k for the seat to act; 1 when a decision waits. */
static int effect(sab_game *g, int k, sab_rng *rng, sab_events *ev)
{
	int seat = g->to_act;
	uint16_t others = 0, holding = 0;

	for (int s = 0; s < g->nplayers; s++)
		if (s != seat) {
			others |= (uint16_t)(1u << s);
			if (g->nhand[s] > 0)
				holding |= (uint16_t)(1u << s);
		}
	switch (k) {
	case SAB_CHEST_GOLD:
		take_gold(g, seat, ev);
		return 0;
	case SAB_CHEST_NO_MAPS:  /* "From now on, all of you can't use
	                            Treasure Maps to look at face-down goal
	                            cards any more." */
		g->chest_nomaps = 1;
		return 0;
	case SAB_CHEST_NO_DRAW:  /* "Don't draw a card from the draw deck at
	                            the end of your current turn." */
		g->draws = 0;
		return 0;
	case SAB_CHEST_EXTRA_DRAW: /* "Draw 1 additional card from the draw
	                            deck at the end of your turn." */
		g->draws++;
		return 0;
	case SAB_CHEST_STEAL_CARD: /* "don't draw a card from the draw deck.
	                            Instead, draw 1 card from the hand of any
	                            other player" */
		return ask(g, k, holding, ev);
	case SAB_CHEST_KEEP_ONE: /* "Draw 3 cards from the draw deck at the
	                            end of your turn. Look at them in secret,
	                            take 1 of them into your hand, and discard
	                            the other 2, face down." */
		return offer_top(g, mill(g, 3, ev), ev);
	case SAB_CHEST_LOOK_ROLE: /* "Look at another player's dwarf card in
	                            secret." */
		return g->rs->has_roles ? ask(g, k, others, ev) : 0;
	case SAB_CHEST_TROVE:    /* "Shuffle the discard pile. Draw the top 5
	                            cards from it and take 1 of them in your
	                            hand. ... you don't draw another card" */
		sab_rng_shuffle(rng, g->discard, g->ndiscard);
		return offer_top(g, 5, ev);
	case SAB_CHEST_MILL:     /* "Draw the top 5 cards from the draw deck
	                            and put them on the discard pile, face
	                            down." */
		(void)mill(g, 5, ev);
		return 0;
	case SAB_CHEST_PUSH_GOAL: /* "Push 1 face-down goal card 1 space
	                            further away from the start card." */
		return push_goal(g, k, ev);
	default:
		return 0;
	}
}

/* The module's settle hook: resolves the chests the seat to act took this
 * turn, one after another in chest order.  Returns 1 when one waits for
 * the seat's decision (the phase is then SAB_PHASE_CHEST, or
 * SAB_PHASE_TAKE for the cards to keep), 0 when all are resolved. */
static int resolve(sab_game *g, sab_rng *rng, sab_events *ev)
{
	while (g->chests_todo) {
		int i = 0;
		while (!(g->chests_todo >> i & 1))
			i++;
		g->chests_todo &= (uint8_t)~(1u << i);
		if (effect(g, g->chest_kind[i], rng, ev))
			return 1;
	}
	return 0;
}

/* SAB_PHASE_CHEST: a seat of g->chest_choices (a push-goal chest: a goal
 * place of them, SAB_MOVE_PUSH). */
static int chest_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (g->chest_asks == SAB_CHEST_PUSH_GOAL + 1) {
		if (m->kind != SAB_MOVE_PUSH) {
			sab_say(why, whylen, "choose a face-down goal to push "
			    "further away");
			return 0;
		}
		if (m->goal >= g->rs->ngoals ||
		    !(g->chest_choices >> m->goal & 1)) {
			sab_say(why, whylen, "goal %d cannot be pushed",
			    m->goal);
			return 0;
		}
		return 1;
	}
	if (m->kind != SAB_MOVE_SEAT) {
		sab_say(why, whylen, "choose a player for your treasure chest");
		return 0;
	}
	if (m->target >= g->nplayers || !(g->chest_choices >> m->target & 1)) {
		sab_say(why, whylen, "seat %d cannot be chosen", m->target);
		return 0;
	}
	return 1;
}

static int chest_moves(const sab_game *g, sab_move *out)
{
	int n = 0;

	if (g->chest_asks == SAB_CHEST_PUSH_GOAL + 1) {
		for (int k = 0; k < g->rs->ngoals; k++)
			if (g->chest_choices >> k & 1) {
				out[n] = sab_table_move(SAB_MOVE_PUSH, 0);
				out[n++].goal = (uint8_t)k;
			}
		return n;
	}

	for (int s = 0; s < g->nplayers; s++)
		if (g->chest_choices >> s & 1) {
			out[n] = sab_table_move(SAB_MOVE_SEAT, 0);
			out[n++].target = (uint8_t)s;
		}
	return n;
}

/* Seat's whole hand, to it alone. */
static void tell_hand(const sab_game *g, int seat, sab_events *ev)
{
	sab_event e = sab_event_new(SAB_EV_HAND, SAB_VIS_SEAT, (uint8_t)seat);

	e.n = g->nhand[seat];
	for (int j = 0; j < g->nhand[seat]; j++)
		e.vals[j] = g->hand[seat][j];
	sab_table_emit(ev, &e);
}

/* The choice carried out (the phase back to SAB_PHASE_PLAY). */
static void chosen(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, t = m->target, k = g->chest_asks - 1;

	g->phase = SAB_PHASE_PLAY;
	g->chest_asks = 0;
	g->chest_choices = 0;
	if (k == SAB_CHEST_PUSH_GOAL) {
		push(g, m->goal, ev);
		return;
	}
	if (k == SAB_CHEST_LOOK_ROLE) {
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_INSPECT,
			    SAB_VIS_SEAT, (uint8_t)seat);
			e.target = (uint8_t)t;
			e.value = g->role[t];
			sab_table_emit(ev, &e);
		}
		return;
	}
	/* A card of the other's hand, drawn blind, in place of the draw;
	 * "The other player has 1 less card to play with". */
	int i = (int)sab_rng_below(rng, g->nhand[t]);
	uint8_t c = g->hand[t][i];

	memmove(&g->hand[t][i], &g->hand[t][i + 1],
	    (size_t)(g->nhand[t] - i - 1));
	g->nhand[t]--;
	g->hand[seat][g->nhand[seat]++] = c;
	g->draws = 0;
	if (ev) {
		/* Who took from whom is public; which card, the two seats'
		 * secret: each is told its own hand, as after swap hands. */
		sab_event e = sab_event_new(SAB_EV_GRAB, SAB_VIS_ALL,
		    (uint8_t)seat);
		e.target = (uint8_t)t;
		sab_table_emit(ev, &e);
		tell_hand(g, seat, ev);
		tell_hand(g, t, ev);
	}
}

/* The state only Treasure Chests uses. */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	uint8_t b[7 + 4 * SAB_MAX_CHESTS];
	size_t n = 0;

	b[n++] = g->nchests;
	b[n++] = g->chests_gone;
	b[n++] = g->chests_todo;
	b[n++] = g->chest_nomaps;
	b[n++] = g->chest_asks;
	b[n++] = (uint8_t)g->chest_choices;
	b[n++] = (uint8_t)(g->chest_choices >> 8);
	for (int i = 0; i < g->nchests && i < SAB_MAX_CHESTS; i++) {
		b[n++] = (uint8_t)g->chest_cell[i];
		b[n++] = (uint8_t)(g->chest_cell[i] >> 8);
		b[n++] = g->chest_path[i];
		b[n++] = g->chest_kind[i];
	}
	h = sab_fnv1a(h, b, n);
	/* The goals' cells, once a chest pushed one: every older game
	 * hashes as it did. */
	if (g->goals_pushed) {
		uint8_t c[1 + 2 * SAB_MAX_GOALS];
		size_t m = 0;
		c[m++] = g->goals_pushed;
		for (int k = 0; k < g->rs->ngoals && k < SAB_MAX_GOALS; k++) {
			c[m++] = (uint8_t)g->goal_x[k];
			c[m++] = (uint8_t)g->goal_y[k];
		}
		h = sab_fnv1a(h, c, m);
	}
	return h;
}

/* ---- the face-down cards a rockfall or a map reaches --------------------- */

static int hidden_at(const sab_game *g, int x, int y)
{
	return sab_chests_at(g, x, y) >= 0;
}

_Static_assert(SAB_MAX_CHESTS <= SAB_MAX_HIDDEN,
    "the chests' cells must fit the turn's buffer of hidden cards");

static int hidden_cells(const sab_game *g, uint16_t *cells)
{
	int n = 0;

	for (int i = 0; i < g->nchests; i++)
		if (!(g->chests_gone >> i & 1))
			cells[n++] = g->chest_cell[i];
	return n;
}

/* The chests laid this round, for a replay's records of the deal: a
 * chest's cell, the path card over it and its kind's word. */
static int laid_hidden(const sab_game *g, int k, uint16_t *cell,
    uint8_t *card, const char **word)
{
	int n = g->nchests < SAB_MAX_CHESTS ? g->nchests : SAB_MAX_CHESTS;

	if (k < 0 || k >= n)
		return n;
	*cell = g->chest_cell[k];
	*card = g->chest_path[k];
	*word = g->chest_kind[k] < SAB_CHEST_KINDS ?
	    sab_chest_words[g->chest_kind[k]] : "?";
	return n;
}

/* "You may either remove a revealed or a face-down path card" (and the
 * chest beneath it): the chest leaves the round unseen. */
static void hidden_taken(sab_game *g, int x, int y)
{
	int i = sab_chests_at(g, x, y);

	if (i >= 0)
		g->chests_gone |= (uint8_t)(1u << i);
}

/* A map shows the chest and its path card. */
static void hidden_peek(const sab_game *g, int x, int y, sab_event *e)
{
	int i = sab_chests_at(g, x, y);

	if (i < 0)
		return;
	e->card = g->chest_path[i];
	e->value = g->chest_kind[i];
}

/* Its ruleset keys (keys.c). */
extern const sab_rs_key sab_chests_keys[];
/* "No more maps on goals" once such a chest was taken. */
static int maps_barred(const sab_game *g, char *why, size_t whylen)
{
	if (!g->chest_nomaps)
		return 0;
	sab_say(why, whylen, "a treasure chest said: no more maps on goals");
	return 1;
}

/* The seat chose a player (or a goal) for its chest; the chests it took
 * are resolved on, then the turn goes on. */
static void chest_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, sub = g->substep;

	chosen(g, m, rng, ev);
	sab_table_after_reveal(g, seat, sub, m, SAB_END_NONE, rng, ev);
}

static const sab_decision decisions[] = {
	{ .phase = SAB_PHASE_CHEST, .check = chest_check,
	  .moves = chest_moves, .apply = chest_apply },
};

static const sab_move_rule move_rules[] = {
	{ .kind = SAB_MOVE_SEAT, .same = SAB_SAME_TARGET,
	  .idle = "there is no player to choose now" },
	{ .kind = SAB_MOVE_PUSH, .same = SAB_SAME_GOAL,
	  .idle = "there is no goal to choose now" },
};

const sab_module sab_module_chests = {
	.name = "chests",
	.title = "Treasure Chests (mini expansion)",
	.ready = 1,
	.round_start = round_start,
	.hidden_at = hidden_at,
	.hidden_cells = hidden_cells,
	.hidden_taken = hidden_taken,
	.hidden_peek = hidden_peek,
	.hash = hash,
	.keys = sab_chests_keys,
	.decisions = decisions,
	.ndecisions = sizeof decisions / sizeof decisions[0],
	.move_rules = move_rules,
	.nmove_rules = sizeof move_rules / sizeof move_rules[0],
	.uncover = uncover,
	.settle = resolve,
	.maps_barred = maps_barred,
	.laid_hidden = laid_hidden,
};
