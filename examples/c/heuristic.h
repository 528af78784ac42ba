/* heuristic.h: the heuristic example bot's choice as a library, for bots
 * that start from it (heuristic_bot.c built with -DHEURISTIC_NO_MAIN). */
#ifndef HEURISTIC_H
#define HEURISTIC_H

#include "botlib.h"

/* The heuristic bot's score of each legal move of s: scores[i] for
 * s->legal[i] (INT_MIN for a line it could not read); it plays the
 * highest.  Call heuristic_seen() from the bot's seen() so that it keeps
 * its trust in each seat. */
void heuristic_rank(const botstate *s, int *scores);
void heuristic_seen(const botstate *s, int seat, const sab_move *m);

/*
 * The heuristic in a complete game g (a search's sample, the rules
 * engine's state rather than the protocol's lines), for a search's
 * playouts.  heuristic_game_move() writes into *m the move the heuristic
 * would play as g's seat to act, knowing what that seat knows of g (its
 * hand and role, the goals it looked at) and trusting the others as tr[]
 * (SAB_MAX_PLAYERS entries) says; buf holds SAB_MAX_MOVES moves.  Returns
 * 0, or -1 when the seat has no move.  heuristic_game_seen() learns into
 * tr[] from seat's move m in g (before it is applied), as any seat
 * watching would: one trust shared by every seat of the playout.
 * heuristic_trust() copies this bot's own trust in each seat (its
 * heuristic_seen()) into tr[], and for its own seat the trust the others
 * have in it, as far as it can tell.
 */
int heuristic_game_move(const sab_game *g, int *tr, sab_move *buf,
    sab_move *m);
/* The same heuristic's score of every legal move of g's seat to act, as
 * heuristic_game_move() weighs them (it plays the first highest): the
 * moves into buf, their scores into scores (SAB_MAX_MOVES each).  Returns
 * how many, or -1 when the seat has no move. */
int heuristic_game_scores(const sab_game *g, int *tr, sab_move *buf,
    int *scores);
void heuristic_game_seen(const sab_game *g, int *tr, int seat,
    const sab_move *m);
void heuristic_trust(int seat, int *tr);

#endif
