/* state.h: Treasure Chests' own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_MINIS_CHESTS_STATE_H
#define SAB_MINIS_CHESTS_STATE_H

/*
 * The chests on the table this round, each at a cell under a face-down
 * path card, with its effect (enum sab_chest); bit i of chests_gone:
 * chest i was taken or removed; of chests_todo: reached this turn, not yet
 * resolved; chest_nomaps: maps no longer look at goals; chest_asks: the
 * effect + 1 that waits for a seat's choice of chest_choices (0: none).
 */
#define SAB_CHESTS_GAME_FIELDS \
	uint8_t nchests; \
	uint16_t chest_cell[SAB_MAX_CHESTS]; \
	uint8_t chest_path[SAB_MAX_CHESTS]; \
	uint8_t chest_kind[SAB_MAX_CHESTS]; \
	uint8_t chests_gone; \
	uint8_t chests_todo; \
	uint8_t chest_nomaps; \
	uint8_t chest_asks; \
	uint16_t chest_choices;

#endif
