/* roles.c: Saboteur 2's dwarf cards dealt, and hats changed (roles.h). */
#include <string.h>

#include "roles.h"

/* The fifteen cards in a fixed order, shuffled at each deal. */
static const uint8_t dwarves[SAB2_DWARVES] = {
	SAB2_BLUE, SAB2_BLUE, SAB2_BLUE, SAB2_BLUE,
	SAB2_GREEN, SAB2_GREEN, SAB2_GREEN, SAB2_GREEN,
	SAB2_BOSS, SAB2_PROFITEER, SAB2_GEOLOGIST, SAB2_GEOLOGIST,
	SAB2_SABOTEUR, SAB2_SABOTEUR, SAB2_SABOTEUR,
};

void sab2_deal_roles(sab_rng *rng, int nplayers, uint8_t *role,
    sab2_dwarf_pile *pile)
{
	uint8_t deck[SAB2_DWARVES];
	int n = SAB2_DWARVES;

	memcpy(deck, dwarves, sizeof deck);
	sab_rng_shuffle(rng, deck, SAB2_DWARVES);
	/* Dealt from the top, as the rules' other decks are. */
	for (int s = 0; s < nplayers && n > 0; s++)
		role[s] = deck[--n];
	pile->n = (uint8_t)n;
	memcpy(pile->card, deck, (size_t)n);
}

uint8_t sab2_change_hats(uint8_t *role, sab2_dwarf_pile *pile)
{
	uint8_t old = *role;

	if (pile->n == 0)
		return old;
	*role = pile->card[pile->n - 1];
	memmove(&pile->card[1], &pile->card[0], (size_t)(pile->n - 1));
	pile->card[0] = old;
	return *role;
}
