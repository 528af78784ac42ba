/* state.h: Saboteur 2's own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_SAB2_STATE_H
#define SAB_SAB2_STATE_H

/*
 * The seats a CHOOSE decision may choose (bit s: seat s); the face-down
 * dwarf cards nobody holds (top at the end); the turn each seat last laid
 * a theft; the thieves still to steal at this round's end, in order, and
 * the next of them.
 */
#define SAB_SAB2_GAME_FIELDS \
	uint16_t choices; \
	uint8_t dwarves[16]; \
	uint8_t ndwarves; \
	uint16_t theft_turn[SAB_MAX_PLAYERS]; \
	uint8_t thieves[SAB_MAX_PLAYERS]; \
	uint8_t nthieves, next_thief;

#endif
