/* sab2.h: what Saboteur 2's files share inside the rules library. */
#ifndef SAB_SAB2_H
#define SAB_SAB2_H

#include "../table.h"
#include "roles.h"
#include "treasure.h"

/*
 * The card types of Saboteur 2's action cards: its kinds follow the base
 * game's in sab_modules[] order (rules/effect.c), in the order of
 * sab2_kinds[] (cards.c).  tests/test_sab2.c checks each number against
 * its kind's word.
 */
enum {
	SAB2_CARD_THEFT = SAB_CARD_TYPES,
	SAB2_CARD_HANDS_OFF,
	SAB2_CARD_TRAPPED,
	SAB2_CARD_FREEDOM,
	SAB2_CARD_INSPECTION,
	SAB2_CARD_CHANGE_HATS,
	SAB2_CARD_SWAP_HANDS
};

/* The kinds, ending with NULL (cards.c). */
extern const sab_kind *const sab2_kinds[];

/* The card of type `type` lying in front of seat, or SAB_NO_CARD. */
static inline uint8_t sab2_front_find(const sab_game *g, int seat,
    uint8_t type)
{
	return sab_pile_find_type(g->rs, g->front[seat], g->nfront[seat], type);
}

/* The facts of the round that just ended, as the treasure needs them. */
void sab2_round_facts(const sab_game *g, sab2_round *r);

/* The turn's options (turn.c): a pass of 2 or 3 cards (pass_max) and the
 * removal of a card in front by discarding two (remove_front), as the
 * module's turn hooks (sab_module.turn_check and the rest), which answer
 * from those ruleset keys whether or not a ruleset names the module. */
int sab2_turn_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen);
int sab2_turn_moves(const sab_game *g, sab_move *out);
int sab2_turn_apply(sab_game *g, const sab_move *m, sab_events *ev);

#endif
