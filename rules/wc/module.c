/* module.c: the World Championship special cards as a module: their kinds, and the state they use folded into a game's hash. */
#include "../hash.h"
#include "../rskey.h"
#include "wc.h"

/* The turn's state the special cards use (rules/game.h). */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	uint8_t b[24];
	size_t n = 0;

	b[n++] = g->dir;
	b[n++] = g->substep;
	b[n++] = g->has_pending;
	b[n++] = g->pending_seat;
	b[n++] = g->draws;
	b[n++] = g->ntrove;
	b[n++] = g->held;
	if (g->has_pending) {
		const sab_move *m = &g->pending;
		b[n++] = m->card;
		b[n++] = m->rot;
		b[n++] = m->target;
		b[n++] = m->tool;
		b[n++] = m->goal;
		b[n++] = m->goal2;
		b[n++] = (uint8_t)m->x;
		b[n++] = (uint8_t)m->y;
	}
	return sab_fnv1a(h, b, n);
}

/* Its role, after the base game's (value SAB_ROLE_GREEDY): "replace 1 of
 * the Gold Miners with the Greedy Dwarf" (the 2016 special card). */
static const sab_role_def roles[] = {
	{ "greedy", "greedy", "greedy dwarf", "the greedy dwarf" },
};

/*
 * Its card kinds, roles and hooks go here and in files beside this one
 * (cards.c, react.c), as rules/base/ holds the base game's.  Its greedy
 * dwarf is dealt, and its rounds decided and paid, by the base game
 * (rules/base/).
 */
/* Its ruleset keys (keys.c). */
extern const sab_rs_key sab_wc_keys[];

const sab_module sab_module_wc = {
	.name = "wc",
	.title = "the World Championship special cards and the variants",
	.ready = 1,
	.kinds = wc_kinds,
	.hash = hash,
	.roles = roles,
	.nroles = sizeof roles / sizeof roles[0],
	.roles_extend = 1,
	.keys = sab_wc_keys,
	.round_start = wc_round_start,
	.react = wc_react,
	.decisions = wc_decisions,
	.ndecisions = WC_NDECISIONS,
	.move_rules = wc_move_rules,
	.nmove_rules = WC_NMOVE_RULES,
};
