/* state.h: the World Championship cards' own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_WC_STATE_H
#define SAB_WC_STATE_H

/*
 * The seat whose card is pending (open to a veto; the card is out of the
 * hand: sab_game.pending), SAB_NO_SEAT when none was this round; how many
 * of the top cards of the discard pile a treasure trove offers (Treasure
 * Chests' cards to keep too).
 */
#define SAB_WC_GAME_FIELDS \
	uint8_t pending_seat; \
	uint8_t ntrove;

#endif
