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

#endif
