/* state.h: the Costume Department's and the Tunnel Party's own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_MINIS_POSTCARDS_STATE_H
#define SAB_MINIS_POSTCARDS_STATE_H

/*
 * Bit i: postcard i (of the ruleset's, whichever module's it is) was
 * connected to the start this round (its effect is done).  The two
 * modules share it: it comes with the costume's row of the module list.
 */
#define SAB_POSTCARDS_GAME_FIELDS \
	uint8_t postcard_done;

#endif
