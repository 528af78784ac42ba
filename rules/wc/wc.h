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

/* The decisions (the veto's window, a trove's take) and the move kinds
 * the module brings; its react hook (a card played waits for a veto) and
 * its round's start (react.c). */
#define WC_NDECISIONS 2
#define WC_NMOVE_RULES 2
extern const sab_decision wc_decisions[WC_NDECISIONS];
extern const sab_move_rule wc_move_rules[WC_NMOVE_RULES];
int wc_react(sab_game *g, const sab_move *m, sab_rng *rng, sab_events *ev);
void wc_round_start(sab_game *g, sab_rng *rng, sab_events *ev);

#endif
