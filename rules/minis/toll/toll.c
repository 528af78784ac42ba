/* toll.c: Tunnel Toll as a module: each seat's gold piece at setup, the dwarves put on the open ends of paths, and the toll a path card pays to lay on one. */
#include "../../hash.h"
#include "../../say.h"
#include "toll.h"
#include "../../rskey.h"

/*
 * The rulebook ("Tunnel Toll", seed 004) and the decisions this program
 * takes where it is silent (saboteur-rules(5), "Tunnel Toll"):
 * - the gold piece each seat takes at setup is gold in its hands: it
 *   pays tolls and counts towards the final score;
 * - only the player who lays the path card pays ("You may ask another
 *   player to pay the gold for you" is left out: a bot cannot be held to
 *   a promise, and asking another seat would add a round trip per toll);
 * - "the open end of a path" is an empty cell where a path card could
 *   join the tunnels from the start now (a cell of the frontier);
 * - a dwarf blocks its cell for every card: only a path card played from
 *   the hand may go there, by paying; a rockfall takes away path cards,
 *   never a dwarf.
 */

/* "Take 1 gold piece each" at setup; "Get the dwarves and their markers
 * ready again" each round. */
static void round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	(void)rng;
	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++) {
		g->toll_cell[d] = SAB_NO_CELL;
		g->toll_owner[d] = SAB_NO_SEAT;
	}
	g->toll_used = 0;
	if (g->round != 1 || g->rs->toll_gold == 0)
		return;
	for (int s = 0; s < g->nplayers; s++) {
		g->gold[s] = (int16_t)(g->gold[s] + g->rs->toll_gold);
		g->round_pay[s] = (int16_t)(g->round_pay[s] + g->rs->toll_gold);
		if (ev) {
			/* Everyone sees the pieces taken: public. */
			sab_event e = sab_event_new(SAB_EV_GOLD, SAB_VIS_ALL,
			    (uint8_t)s);
			e.value = g->rs->toll_gold;
			sab_table_emit(ev, &e);
		}
	}
}

int sab_toll_check_pay(const sab_game *g, int d, char *why, size_t whylen)
{
	/* "Starting with the second round, you can also pay the dwarves
	 * with gold you've won in previous rounds": in the first, a seat
	 * holds only its setup piece and the tolls paid to it, which is
	 * what gold[] holds then (rounds are paid at their end). */
	if (g->gold[g->to_act] >= 1)
		return 1;
	sab_say(why, whylen, "seat %d's dwarf stands on %d %d: laying a path "
	    "card there costs 1 gold, and you have none", g->toll_owner[d],
	    sab_board_x(g->toll_cell[d]), sab_board_y(g->toll_cell[d]));
	return 0;
}

int sab_toll_filter(const sab_game *g, sab_move *out, int n)
{
	int k = 0;

	if (g->rs->toll_dwarves == 0 || g->gold[g->to_act] >= 1)
		return n;
	for (int i = 0; i < n; i++)
		if (sab_toll_at(g, sab_board_index(out[i].x, out[i].y)) < 0)
			out[k++] = out[i];
	return k;
}

/* "Give the gold to the player who put that dwarf into play. Then, put
 * the dwarf and its marker aside. They can't be used again this round." */
void sab_toll_pay(sab_game *g, int d, sab_events *ev)
{
	int seat = g->to_act, owner = g->toll_owner[d];
	uint16_t idx = g->toll_cell[d];

	g->gold[seat]--;
	g->gold[owner]++;
	/* The round's result counts it: a game's round pays add up to its
	 * gold (the referee's journal). */
	g->round_pay[seat]--;
	g->round_pay[owner]++;
	g->toll_cell[d] = SAB_NO_CELL;
	if (ev) {
		/* Public: the toll is always 1 gold. */
		sab_event e = sab_event_new(SAB_EV_TOLL, SAB_VIS_ALL,
		    (uint8_t)seat);
		e.target = (uint8_t)owner;
		e.tool = (uint8_t)d;
		e.value = 1;
		e.x = (int8_t)sab_board_x(idx);
		e.y = (int8_t)sab_board_y(idx);
		sab_table_emit(ev, &e);
	}
}

/* The first dwarf not yet in play this round, or -1. */
static int free_dwarf(const sab_game *g)
{
	for (int d = 0; d < g->rs->toll_dwarves; d++)
		if (!(g->toll_used & (1u << d)))
			return d;
	return -1;
}

/* Whether (x, y) is an open end of a path: a frontier cell (empty, next
 * to a tunnel the start reaches) without a dwarf. */
static int open_end(const sab_game *g, int x, int y)
{
	uint16_t cell[SAB_MAX_FRONTIER];
	int n;

	if (x < SAB_COORD_MIN || x > SAB_COORD_MAX || y < SAB_COORD_MIN ||
	    y > SAB_COORD_MAX)
		return 0;
	n = sab_board_frontier(&g->board, g->rs, cell, SAB_MAX_FRONTIER);
	for (int i = 0; i < n; i++)
		if (cell[i] == sab_board_index(x, y))
			return sab_toll_at(g, cell[i]) < 0;
	return 0;
}

/* The dwarf move (SAB_MOVE_DWARF): whether it is legal for the seat to
 * act (1, or 0 with the reason, card i named words[i]). */
static int check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	if (g->rs->toll_dwarves == 0) {
		sab_say(why, whylen, "this ruleset has no dwarves (module "
		    "toll)");
		return 0;
	}
	if (m->card >= g->rs->ndefs ||
	    sab_table_hand_find(g, g->to_act, m->card) < 0) {
		sab_say(why, whylen, "%s is not in your hand",
		    m->card < g->rs->ndefs ?
		    sab_table_card_word(g, words, m->card) : "that card");
		return 0;
	}
	if (free_dwarf(g) < 0) {
		sab_say(why, whylen, "both dwarves were put in play this "
		    "round already");
		return 0;
	}
	if (!open_end(g, m->x, m->y)) {
		sab_say(why, whylen, "%d %d is no open end of a path (an "
		    "empty cell a path card could join to the tunnels from "
		    "the start, without a dwarf)", m->x, m->y);
		return 0;
	}
	return 1;
}

/* Every legal dwarf move into out; returns how many. */
static int moves(const sab_game *g, sab_move *out)
{
	uint16_t cell[SAB_MAX_FRONTIER];
	uint8_t seen[SAB_MAX_HAND];
	int seat = g->to_act, n = 0, nc, nseen = 0;

	if (g->rs->toll_dwarves == 0 || free_dwarf(g) < 0)
		return 0;
	nc = sab_board_frontier(&g->board, g->rs, cell, SAB_MAX_FRONTIER);
	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t def = g->hand[seat][i];
		int dup = 0;
		for (int j = 0; j < nseen; j++)
			dup |= seen[j] == def;
		if (dup)
			continue;
		seen[nseen++] = def;
		for (int c = 0; c < nc; c++) {
			if (sab_toll_at(g, cell[c]) >= 0)
				continue;
			sab_table_move_at(&out[n], SAB_MOVE_DWARF, def);
			out[n].x = (int8_t)sab_board_x(cell[c]);
			out[n].y = (int8_t)sab_board_y(cell[c]);
			n++;
		}
	}
	return n;
}

/* A dwarf move for the random player: a card of the hand and an open end,
 * each uniformly.  Returns 0, or -1 when there is none (no dwarf left, no
 * open end). */
static int random_dwarf(const sab_game *g, sab_rng *rng, sab_move *m)
{
	uint16_t cell[SAB_MAX_FRONTIER];
	int seat = g->to_act, n, k = 0;

	if (free_dwarf(g) < 0 || g->nhand[seat] == 0)
		return -1;
	n = sab_board_frontier(&g->board, g->rs, cell, SAB_MAX_FRONTIER);
	for (int i = 0; i < n; i++)
		if (sab_toll_at(g, cell[i]) < 0)
			cell[k++] = cell[i];
	if (k == 0)
		return -1;
	*m = sab_table_move(SAB_MOVE_DWARF, g->hand[seat][sab_rng_below(rng,
	    g->nhand[seat])]);
	k = (int)sab_rng_below(rng, (uint32_t)k);
	m->x = (int8_t)sab_board_x(cell[k]);
	m->y = (int8_t)sab_board_y(cell[k]);
	return 0;
}

/* "Discard 1 card from your hand on the discard pile, face down. Take 1
 * of the 2 dwarves and the corresponding marker. Place the dwarf at the
 * open end of a path." and "you don't draw a card". */
static void apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	int seat = g->to_act, d = free_dwarf(g);

	/* The card left the hand already (the turn takes it). */
	sab_table_discard(g, m->card);
	g->toll_cell[d] = sab_board_index(m->x, m->y);
	g->toll_owner[d] = (uint8_t)seat;
	g->toll_used |= (uint8_t)(1u << d);
	g->draws = 0;
	if (ev) {
		/* The discard as a pass's (face down: its card to the seat
		 * alone), so that a bot that knows no dwarf still counts the
		 * cards right; then the dwarf, in the open. */
		sab_event e = sab_event_new(SAB_EV_PASS, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.card = m->card;
		sab_table_emit(ev, &e);
		e = sab_event_new(SAB_EV_DWARF, SAB_VIS_ALL, (uint8_t)seat);
		e.tool = (uint8_t)d;
		e.x = m->x;
		e.y = m->y;
		sab_table_emit(ev, &e);
	}
}

/* The dwarves' cells, owners and use this round. */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	uint8_t b[3 * SAB_MAX_TOLL_DWARVES + 1];
	size_t n = 0;

	for (int d = 0; d < g->rs->toll_dwarves; d++) {
		b[n++] = (uint8_t)g->toll_cell[d];
		b[n++] = (uint8_t)(g->toll_cell[d] >> 8);
		b[n++] = g->toll_owner[d];
	}
	b[n++] = g->toll_used;
	return sab_fnv1a(h, b, n);
}

/* ---- the path cards' hooks --------------------------------------------- */

/* A dwarf's cell costs 1 gold. */
static int path_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	if (m->x < SAB_COORD_MIN || m->x > SAB_COORD_MAX ||
	    m->y < SAB_COORD_MIN || m->y > SAB_COORD_MAX)
		return 1;
	int d = sab_toll_at(g, sab_board_index(m->x, m->y));
	return d < 0 || sab_toll_check_pay(g, d, why, whylen);
}

static void path_laid(sab_game *g, const sab_move *m, sab_events *ev)
{
	int d = sab_toll_at(g, sab_board_index(m->x, m->y));

	if (d >= 0)
		sab_toll_pay(g, d, ev);
}

/* A dwarf blocks its cell for every card but a path card laid from the
 * hand, which pays (saboteur-rules(5)). */
static int cell_held(const sab_game *g, uint16_t idx, char *why,
    size_t whylen)
{
	if (sab_toll_at(g, idx) < 0)
		return 0;
	sab_say(why, whylen, "a dwarf stands on %d %d: only a path card from "
	    "your hand may go there, paying the toll", sab_board_x(idx),
	    sab_board_y(idx));
	return 1;
}

/* Its ruleset keys (keys.c). */
extern const sab_rs_key sab_toll_keys[];
/* The module's turn hooks: the dwarf move beside the cards. */
static int turn_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	return m->kind == SAB_MOVE_DWARF ? check(g, m, words, why, whylen) :
	    -1;
}

/* A dwarf, as one choice among the hand's cards (the generator is drawn
 * for it only when the module is on, so other games play as they always
 * did). */
static int turn_random(const sab_game *g, sab_rng *rng, sab_move *m)
{
	if (g->rs->toll_dwarves == 0 ||
	    sab_rng_below(rng, g->nhand[g->to_act] + 1u) != 0)
		return -1;
	return random_dwarf(g, rng, m);
}

static int turn_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	if (m->kind != SAB_MOVE_DWARF)
		return 0;
	apply(g, m, ev);
	return 1;
}

static const sab_move_rule move_rules[] = {
	{ .kind = SAB_MOVE_DWARF, .same = SAB_SAME_CARD | SAB_SAME_XY },
};

const sab_module sab_module_toll = {
	.name = "toll",
	.title = "Tunnel Toll (a mini expansion)",
	.ready = 1,
	.round_start = round_start,
	.path_check = path_check,
	.path_filter = sab_toll_filter,
	.path_laid = path_laid,
	.cell_held = cell_held,
	.hash = hash,
	.keys = sab_toll_keys,
	.move_rules = move_rules,
	.nmove_rules = sizeof move_rules / sizeof move_rules[0],
	.turn_check = turn_check,
	.turn_moves = moves,
	.turn_random = turn_random,
	.turn_apply = turn_apply,
};
