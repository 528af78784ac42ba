/* chests.h: the Treasure Chests mini expansion, as the turn (game.c) calls it. */
#ifndef SAB_MINIS_CHESTS_H
#define SAB_MINIS_CHESTS_H

#include "../../table.h"

/*
 * Turns face up every face-down path card over a chest that a tunnel from
 * the start now reaches: the seat to act takes its chest, which waits in
 * sab_game.chests_todo to be resolved.  Returns how many it turned.
 */
int sab_chests_uncover(sab_game *g, sab_events *ev);

/*
 * Resolves the chests the seat to act took this turn, one after another
 * in chest order.  Returns 1 when one waits for the seat's decision (the
 * phase is then SAB_PHASE_CHEST, or SAB_PHASE_TAKE for the cards to keep),
 * 0 when all are resolved.
 */
int sab_chests_resolve(sab_game *g, sab_rng *rng, sab_events *ev);

/* SAB_PHASE_CHEST: whether m chooses a seat of g->chest_choices (a
 * push-goal chest: a goal place of them, SAB_MOVE_PUSH) (1, or 0
 * with the reason); the choices as moves into out (room for
 * SAB_MAX_PLAYERS), returning how many; the choice carried out (the
 * phase back to SAB_PHASE_PLAY; the turn then resolves the chests left). */
int sab_chests_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen);
int sab_chests_moves(const sab_game *g, sab_move *out);
void sab_chests_chosen(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev);

/* The face-down goal places a push-goal chest may push now (bit k:
 * place k): saboteur-rules(5) says where a push goes and when it cannot. */
int sab_chests_pushable(const sab_game *g);

/* The chest under the face-down card at (x, y), or -1. */
int sab_chests_at(const sab_game *g, int x, int y);

#endif
