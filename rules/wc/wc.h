/* wc.h: what the World Championship cards' files share inside the rules library. */
#ifndef SAB_WC_H
#define SAB_WC_H

#include "../table.h"

/*
 * The card types of the special cards: their kinds follow the base game's
 * and Saboteur 2's in sab_modules[] order (rules/effect.c), in the order
 * of wc_kinds[] (cards.c).  tests/test_wc.c checks each number against its
 * kind's word.
 */
enum {
	WC_CARD_GOAL_SWAP = SAB_CARD_TYPES + 7,
	WC_CARD_TREASURE_TROVE,
	WC_CARD_VETO,
	WC_CARD_CHANGE_DIRECTION,
	WC_CARD_PATHFINDER,
	WC_CARD_DIVERSION
};

/* The kinds, ending with NULL (cards.c). */
extern const sab_kind *const wc_kinds[];

#endif
