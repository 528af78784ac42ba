/* base.h: what the base game's files share inside the rules library. */
#ifndef SAB_BASE_H
#define SAB_BASE_H

#include "../table.h"

/* The decision of the seat offered gold cards (SAB_PHASE_PICK_GOLD), and
 * the move kind it brings (gold.c). */
#define SAB_BASE_NDECISIONS 1
#define SAB_BASE_NMOVE_RULES 1
extern const sab_decision sab_base_decisions[SAB_BASE_NDECISIONS];
extern const sab_move_rule sab_base_move_rules[SAB_BASE_NMOVE_RULES];

/* The round has ended: roles shown, then gold to the winners (gold.c).
 * Returns 1 when a seat must pick gold, 0 when the next round may start. */
int sab_base_round_end(sab_game *g, sab_rng *rng, sab_events *ev);

#endif
