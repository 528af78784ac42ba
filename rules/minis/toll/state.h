/* state.h: Tunnel Toll's own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_MINIS_TOLL_STATE_H
#define SAB_MINIS_TOLL_STATE_H

/*
 * The cell each dwarf stands on (SAB_NO_CELL: not on the table), the seat
 * that put it there (its marker lies in front of that seat), and bit d:
 * dwarf d was put in play this round (once per round each).
 */
#define SAB_TOLL_GAME_FIELDS \
	uint16_t toll_cell[SAB_MAX_TOLL_DWARVES]; \
	uint8_t toll_owner[SAB_MAX_TOLL_DWARVES]; \
	uint8_t toll_used;

#endif
