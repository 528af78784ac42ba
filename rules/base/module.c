/* module.c: the base game as a module: its roles, dealing them, and who wins a round. */
#include <string.h>

#include "base.h"

/* By role value (enum sab_role). */
static const sab_role_def roles[] = {
	{ "none", "none", "none", "nobody" },
	{ "miner", "miners", "gold miner", "gold miners" },
	{ "saboteur", "saboteurs", "saboteur", "saboteurs" },
};

/* The dwarf cards of the player count, shuffled, one to each seat; the one
 * left over lies unseen. */
static void deal_roles(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	uint8_t deal[3 * SAB_MAX_PLAYERS + 3];
	int n = 0;

	g->nsaboteurs = 0;
	if (rs->roles_module != 0)      /* another module deals its own */
		return;
	if (!rs->has_roles) {
		memset(g->role, SAB_ROLE_NONE, sizeof g->role);
		g->role_spare = SAB_ROLE_NONE;
		return;
	}
	for (int i = 0; i < rs->saboteurs[g->nplayers]; i++)
		deal[n++] = SAB_ROLE_SABOTEUR;
	for (int i = 0; i < rs->miners[g->nplayers]; i++)
		deal[n++] = SAB_ROLE_MINER;
	/* Module wc's greedy dwarves, none in a base game: its shuffle
	 * and deal stay as they were. */
	for (int i = 0; i < rs->greedy[g->nplayers]; i++)
		deal[n++] = SAB_ROLE_GREEDY;
	sab_rng_shuffle(rng, deal, (uint32_t)n);
	for (int s = 0; s < g->nplayers; s++) {
		g->role[s] = deal[s];
		if (deal[s] == SAB_ROLE_SABOTEUR)
			g->nsaboteurs++;
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_ROLE, SAB_VIS_SEAT,
			    (uint8_t)s);
			e.value = deal[s];
			sab_table_emit(ev, &e);
		}
	}
	g->role_spare = n > g->nplayers ? deal[g->nplayers] : SAB_ROLE_NONE;
}

/* The gold reached: the miners (the course game: whoever reached it),
 * or a greedy dwarf alone when it reached it ("you only win the round if
 * it was you who created the connection from the start card to the
 * gold"); otherwise the saboteurs, when there are any. */
static uint16_t round_winners(const sab_game *g, uint8_t *side,
    uint8_t *both)
{
	uint16_t mask = 0;

	*both = 0;
	*side = SAB_ROLE_NONE;
	if (!g->rs->has_roles) {
		if (g->round_end == SAB_END_GOLD && g->finder < g->nplayers)
			mask = (uint16_t)(1u << g->finder);
		return mask;
	}
	if (g->round_end == SAB_END_GOLD && g->finder < g->nplayers &&
	    g->role[g->finder] == SAB_ROLE_GREEDY) {
		*side = SAB_ROLE_GREEDY;
		return (uint16_t)(1u << g->finder);
	}
	if (g->round_end == SAB_END_GOLD)
		*side = SAB_ROLE_MINER;
	else if (g->nsaboteurs > 0)
		*side = SAB_ROLE_SABOTEUR;
	for (int s = 0; *side != SAB_ROLE_NONE && s < g->nplayers; s++)
		if (g->role[s] == *side)
			mask |= (uint16_t)(1u << s);
	return mask;
}

/* "Swap it to the card you put aside during setup (Saboteur)": the Costume
 * Department; a game that put none aside (every dwarf card dealt) swaps
 * nothing. */
static void swap_role(sab_game *g, int seat)
{
	if (g->role_spare != SAB_ROLE_NONE) {
		uint8_t old = g->role[seat];
		g->role[seat] = g->role_spare;
		g->role_spare = old;
	}
}

const sab_module sab_module_base = {
	.name = "base",
	.title = "the base game (Saboteur, both editions, and the course game)",
	.ready = 1,
	.kinds = sab_base_kinds,
	.roles = roles,
	.nroles = sizeof roles / sizeof roles[0],
	.round_start = deal_roles,
	.round_end = sab_base_round_end,
	.swap_role = swap_role,
	.round_winners = round_winners,
	.decisions = sab_base_decisions,
	.ndecisions = SAB_BASE_NDECISIONS,
	.move_rules = sab_base_move_rules,
	.nmove_rules = SAB_BASE_NMOVE_RULES,
};
