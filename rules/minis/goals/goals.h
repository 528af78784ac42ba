/* goals.h: the New Goals mini expansion, as the turn (game.c) calls it. */
#ifndef SAB_MINIS_GOALS_H
#define SAB_MINIS_GOALS_H

#include "../../table.h"

/*
 * Turns face up the goals a tunnel from the start now reaches, each as the
 * seat to act reached it, and carries out its card's effect before the
 * next is turned: goal place `first` first (a choice made in
 * SAB_PHASE_ORDER; -1: none).  When two or more face-down goals are
 * reached at once, the seat chooses which turns first: the phase becomes
 * SAB_PHASE_ORDER and the function returns SAB_END_NONE.  Returns the end
 * of the round an effect brought (SAB_END_GOLD, SAB_END_SPIDER), at which
 * no further goal is turned, or SAB_END_NONE.
 */
int sab_goals_reveal(sab_game *g, int first, sab_events *ev);

/* SAB_PHASE_ORDER: whether m chooses a goal of g->goal_choices (1, or 0
 * with the reason in why); the choices as moves into out (room for
 * SAB_MAX_GOALS), returning how many. */
int sab_goals_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen);
int sab_goals_moves(const sab_game *g, sab_move *out);

#endif
