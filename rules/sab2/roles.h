/* roles.h: Saboteur 2's fifteen dwarf cards: dealing them, and changing hats. */
#ifndef SAB_SAB2_ROLES_H
#define SAB_SAB2_ROLES_H

/*
 * Internal to the rules library, and pure (the caller's generator).  The
 * Saboteur 2 module (not playable yet) will deal with these; tests/
 * test_sab2.c checks them against the rulebook's sentences.
 */

#include <stdint.h>

#include "../rng.h"
#include "treasure.h"

/* "4 blue and 4 green Gold Miners, the Boss, the Profiteer, 2 Geologists,
 * 3 Saboteurs": 15 dwarf cards. */
#define SAB2_DWARVES 15

/* The face-down deck of the dwarf cards nobody holds; top is card[n-1]. */
typedef struct sab2_dwarf_pile {
	uint8_t card[SAB2_DWARVES];     /* enum sab2_role */
	uint8_t n;
} sab2_dwarf_pile;

/*
 * "Shuffle all 15 dwarf cards in this expansion and deal 1 to each player
 * ... Put aside the remaining dwarf cards as a face-down deck."  Fills
 * role[0 .. nplayers) and the pile.  nplayers is 2 to 12.
 */
void sab2_deal_roles(sab_rng *rng, int nplayers, uint8_t *role,
    sab2_dwarf_pile *pile);

/*
 * Change hats: "This player must swap their dwarf card for a new one by
 * drawing the top card from the deck of unused dwarf cards and pushing
 * their former card under the deck."  Returns the new role, or the old one
 * when the pile is empty.
 */
uint8_t sab2_change_hats(uint8_t *role, sab2_dwarf_pile *pile);

#endif
