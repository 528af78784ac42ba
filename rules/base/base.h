/* base.h: what the base game's files share inside the rules library. */
#ifndef SAB_BASE_H
#define SAB_BASE_H

#include "../table.h"

/* The gold cards being handed round: the distinct values on offer, into
 * vals (room for SAB_MAX_GOLD); returns how many. */
int sab_base_offer_values(const sab_game *g, uint8_t *vals);

/* The seat to act takes the offered gold card worth m->value, and the
 * gold goes on round (gold.c). */
void sab_base_pick_gold(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev);

/* The round has ended: roles shown, then gold to the winners (gold.c).
 * Returns 1 when a seat must pick gold, 0 when the next round may start. */
int sab_base_round_end(sab_game *g, sab_rng *rng, sab_events *ev);

#endif
