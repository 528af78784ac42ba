/* state.h: New Goals' own fields of a game (sab_game, through rules/modules.def). */
#ifndef SAB_MINIS_GOALS_STATE_H
#define SAB_MINIS_GOALS_STATE_H

/*
 * The face-down goals (bit k: place k) among which the seat to act
 * chooses the first to turn face up in SAB_PHASE_ORDER; 0 otherwise.
 */
#define SAB_GOALS_GAME_FIELDS \
	uint8_t goal_choices;

#endif
