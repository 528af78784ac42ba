/* roles.h: who is who.  Each seat's likelihood of each role from the cards
 * it played this round, as the heuristic bot would have played them, and a
 * sampled game's unknown dwarf cards dealt again by it. */
#ifndef ROLES_H
#define ROLES_H

#include "know.h"
#include "saboteur.h"

/*
 * A search samples the roles this seat does not know (know_sample(): all
 * deals alike).  What the other seats played says more, and when they are
 * heuristic bots (the search's own playouts assume they are) it can be
 * read exactly: roles_infer() plays the round so far again (know_walk())
 * and asks, at every card another seat played, how the heuristic bot
 * (heuristic_game_scores()) would have scored each move of that card had
 * the seat been dealt each role.  The seat's log-likelihood of each role
 * adds
 *     log(ROLES_EPS / n + (1 - ROLES_EPS) e^((score - best) / T) / sum)
 * over the n moves of that card (laid anywhere, played on anyone, or
 * discarded; sum and best over them): a softmax of temperature T, so a card
 * laid where only a saboteur lays it, or kept where a miner discards it,
 * weighs for the roles that would.  The others' trust in each seat is
 * learned on the way as the playouts learn it (heuristic_game_seen()).  A
 * change of hats deals its target a new dwarf card: its likelihoods start
 * again there.  roles_deal() then deals a sample's unknown dwarf cards
 * (the seats' this seat does not know, the one left out, those not dealt)
 * again by a few exchanges of two, each kept with the ratio of the
 * likelihoods: a Metropolis walk over the deals.
 *
 * How well the samples then guess the saboteurs (search-bot --roles-check,
 * Brier score, 0 knows): 5-player base against heuristic bots 0.016
 * against 0.051 by the trust alone; 6-player Saboteur 2 0.086 against
 * 0.136.
 */

#define ROLES_EPS 0.1

typedef struct roles_ll {
	int ok;                 /* 1 when roles_infer() could read the round */
	double ll[SAB_MAX_PLAYERS][SAB_MAX_ROLES];
} roles_ll;

/* Fills r from the round so far of the seat k knows, at temperature temp
 * (> 0), drawing the hidden cards of the round played again from rng.
 * Returns 0, or -1 (r->ok 0) when the knowledge has no round to give or
 * the ruleset no dwarf cards (then it draws nothing from rng). */
int roles_infer(know *k, sab_rng *rng, double temp, roles_ll *r);

/* Deals g's dwarf cards unknown to the seat k knows again by r's
 * likelihoods (20 exchanges tried a card); counts g's saboteurs again.
 * Does nothing unless r->ok. */
void roles_deal(const roles_ll *r, const know *k, sab_game *g, sab_rng *rng);

#endif
