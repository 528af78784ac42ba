/* postcards.c: the Costume Department and the Tunnel Party as modules: each lays its postcard at setup, and the first player to connect it to the start swaps their dwarf card (costume) or has every dwarf card dealt again (party). */
#include <stdio.h>
#include <string.h>

#include "../../hash.h"
#include "../../say.h"
#include "../../seen.h"
#include "postcards.h"
#include "../../rskey.h"

/*
 * The rulebook ("Costume Department", "Tunnel Party", seed 004) shows the
 * postcards' place and shape in pictures that are lost.  The decision,
 * as data in the ruleset (postcards: ...): each is a face-up card open on
 * every side, its tunnels joined (a cross), part of the network, laid at
 * the cell the ruleset gives (the built-ins: costume at 4 -2, party at
 * 4 2).  saboteur-rules(5), "Mini expansions: decisions".
 */

/* ---- the postcards' kinds ---------------------------------------------- */

/* "costume-NESW", "party-NESW": the kind's word and the open edges. */
static int postcard_token(const char *word, const sab_card *c, char *buf,
    size_t size)
{
	char e[5];
	int n = snprintf(buf, size, "%s-%s", word, sab_edges_format(c->edges,
	    e));

	return n >= 0 && (size_t)n < size ? n : -1;
}

static int costume_token(const sab_card *c, char *buf, size_t size)
{
	return postcard_token("costume", c, buf, size);
}

static int party_token(const sab_card *c, char *buf, size_t size)
{
	return postcard_token("party", c, buf, size);
}

/* One legend line for both postcards: the board shows each by its
 * initial. */
static const char legend_key[] = "C P";
static const char legend[] = "a postcard: the Costume Department, the "
    "Tunnel Party";

const sab_kind minis_kind_costume = {
	.word = "costume", .laid = 1, .event = SAB_EV_LAID,
	.args = { SAB_ARG_END }, .token = costume_token,
	.legend_key = legend_key, .legend = legend,
};

const sab_kind minis_kind_party = {
	.word = "party", .laid = 1, .event = SAB_EV_LAID,
	.args = { SAB_ARG_END }, .token = party_token,
	.legend_key = legend_key, .legend = legend,
};

const sab_kind *const minis_costume_kinds[] = { &minis_kind_costume, NULL };
const sab_kind *const minis_party_kinds[] = { &minis_kind_party, NULL };

/* ---- laying them, and seeing them reached ------------------------------ */

/* Lays the ruleset's postcards of kind k face up, upright, at their cells
 * ("Place the postcard ... into the network of tunnels during setup"). */
static void lay(sab_game *g, const sab_kind *k, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;

	for (int i = 0; i < rs->npostcards; i++) {
		uint8_t def = rs->postcard_def[i];
		if (sab_kind_of(rs->defs[def].type) != k)
			continue;
		g->postcard_done &= (uint8_t)~(1u << i);
		sab_board_place(&g->board, rs, rs->postcard_x[i],
		    rs->postcard_y[i], def, 0);
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_LAID, SAB_VIS_ALL,
			    SAB_NO_SEAT);
			e.card = def;
			e.x = rs->postcard_x[i];
			e.y = rs->postcard_y[i];
			sab_table_emit(ev, &e);
		}
	}
}

/* The postcard of kind k that the tunnels from the start reach for the
 * first time this round, marked done, or -1. */
static int newly_reached(sab_game *g, const sab_kind *k)
{
	const sab_ruleset *rs = g->rs;

	for (int i = 0; i < rs->npostcards; i++) {
		uint8_t def = rs->postcard_def[i];
		if (sab_kind_of(rs->defs[def].type) != k ||
		    (g->postcard_done & (1u << i)) ||
		    !sab_board_connected(&g->board, rs->postcard_x[i],
		    rs->postcard_y[i]))
			continue;
		g->postcard_done |= (uint8_t)(1u << i);
		return i;
	}
	return -1;
}

/* Tells everyone who connected postcard i: its effect follows. */
static void announce(const sab_game *g, int i, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;

	if (ev) {
		sab_event e = sab_event_new(SAB_EV_POSTCARD, SAB_VIS_ALL,
		    g->to_act);
		e.card = rs->postcard_def[i];
		e.x = rs->postcard_x[i];
		e.y = rs->postcard_y[i];
		sab_table_emit(ev, &e);
	}
}

/* Tells seat (alone) its dwarf card. */
static void tell_role(const sab_game *g, int seat, sab_events *ev)
{
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROLE, SAB_VIS_SEAT,
		    (uint8_t)seat);
		e.value = g->role[seat];
		sab_table_emit(ev, &e);
	}
}

/* The saboteurs among the seats, counted again after dwarf cards changed
 * hands (the base game's saboteurs' pay depends on it). */
static void count_saboteurs(sab_game *g)
{
	g->nsaboteurs = 0;
	for (int s = 0; s < g->nplayers; s++)
		g->nsaboteurs = (uint8_t)(g->nsaboteurs + (strcmp(sab_role_name(
		    g->rs, g->role[s]), "saboteur") == 0));
}

/* ---- the Costume Department -------------------------------------------- */

/* "Swap it to the card you put aside during setup (Saboteur) or draw the
 * top card from the deck of remaining dwarf cards and put your old one
 * under the deck (Saboteur 2)." */
static void swap_costume(sab_game *g, int seat)
{
	const sab_module *roles = sab_module_at(g->rs->roles_module);

	if (roles->swap_role != NULL)
		roles->swap_role(g, seat);
	count_saboteurs(g);
}

/* "If you're the first player to connect the Costume Department with the
 * start card, you must immediately swap out your dwarf card." */
static void costume_played(sab_game *g, sab_rng *rng, sab_events *ev)
{
	int i = newly_reached(g, &minis_kind_costume);

	(void)rng;
	if (i < 0)
		return;
	announce(g, i, ev);
	swap_costume(g, g->to_act);
	tell_role(g, g->to_act, ev);
}

static void costume_round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	(void)rng;
	lay(g, &minis_kind_costume, ev);
}

/* ---- the Tunnel Party -------------------------------------------------- */

/* "collect all players' dwarf cards without looking at them. Shuffle them
 * and deal them back out face down (each player may look at their own
 * card)": the seats' cards alone (not the spare, nor Saboteur 2's pile),
 * dealt again in seat order. */
static void party_played(sab_game *g, sab_rng *rng, sab_events *ev)
{
	int i = newly_reached(g, &minis_kind_party);
	uint8_t cards[SAB_MAX_PLAYERS];

	if (i < 0)
		return;
	announce(g, i, ev);
	memcpy(cards, g->role, (size_t)g->nplayers);
	sab_rng_shuffle(rng, cards, g->nplayers);
	memcpy(g->role, cards, (size_t)g->nplayers);
	count_saboteurs(g);
	for (int s = 0; s < g->nplayers; s++)
		tell_role(g, s, ev);
}

static void party_round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	(void)rng;
	lay(g, &minis_kind_party, ev);
}

/* The postcards reached this round (both modules share the byte). */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	return sab_fnv1a(h, &g->postcard_done, 1);
}

/* Its ruleset keys (keys.c). */
extern const sab_rs_key sab_postcards_keys[];

const sab_module sab_module_costume = {
	.name = "costume",
	.title = "the Costume Department (a mini expansion)",
	.ready = 1,
	.kinds = minis_costume_kinds,
	.round_start = costume_round_start,
	.played = costume_played,
	.hash = hash,
	.keys = sab_postcards_keys,
};

const sab_module sab_module_party = {
	.name = "party",
	.title = "the Tunnel Party (a mini expansion)",
	.ready = 1,
	.kinds = minis_party_kinds,
	.round_start = party_round_start,
	.played = party_played,
	.hash = hash,
};
