/* search.h: information-set Monte Carlo tree search over games sampled from
 * a seat's knowledge (know.h), and the cheap policy its playouts follow. */
#ifndef SEARCH_H
#define SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "know.h"
#include "saboteur.h"

/*
 * Information-set MCTS (after Cowling, Powley and Whitehouse, 2012): each
 * iteration samples a complete game consistent with what the seat knows
 * (know_sample()), walks a tree of this seat's own decisions, each node an
 * information set (the samples that reach it, whatever their hidden
 * cards), choosing among the moves legal in that sample by UCB1 with
 * availability counts while the other seats play search_policy(), adds
 * one node, plays search_policy() for PLAYOUT_MOVES (3) moves a seat, and
 * credits this seat's result: the gold it won if the round ended (and, at
 * the game's end, half for sharing the win), else a guess from
 * search_outlook(): a miner's share of the gold as likely as the gold is
 * reached, a saboteur's otherwise.
 */

typedef struct search search;

typedef struct search_stats {
	long iterations;        /* samples searched */
	long playout_moves;     /* moves played by the policy */
	long nodes;             /* tree nodes made */
	double seconds;
	int best_visits;        /* visits of the move chosen */
	double best_value;      /* its mean result for this seat, 0 to 1 */
} search_stats;

/* A search with room for max_nodes tree nodes (NULL when out of memory);
 * search_free(NULL) does nothing. */
search *search_new(size_t max_nodes);
void search_free(search *s);

/*
 * Searches the decision of the seat k knows (it must be its turn) for ms
 * milliseconds of wall time (the referee's clock), or for exactly
 * `iterations`
 * samples when iterations > 0 (then the result depends only on rng).
 * hooks (may be NULL): adjust may change each sample before it is
 * searched (a bot's own beliefs about who is who); allow may keep moves
 * out of this seat's choice at the root (what a bot will not do on its
 * own evidence; all are searched when it allows none).  Writes the move
 * most visited into
 * *best.  Returns 0, or -1 when k has
 * no sample to give (lost, or no round yet) or the seat has no move.
 */
typedef void search_adjust_fn(sab_game *g, sab_rng *rng, void *ctx);
typedef int search_allow_fn(const sab_game *g, const sab_move *m, void *ctx);
typedef void search_begin_fn(const sab_game *g, void *ctx);
typedef void search_play_fn(const sab_game *g, sab_rng *rng, sab_move *buf,
    sab_move *m, void *ctx);
typedef void search_seen_fn(const sab_game *g, const sab_move *m, void *ctx);
typedef struct search_hooks {
	search_adjust_fn *adjust;
	search_allow_fn *allow;
	void *ctx;
	/* search_compare()'s playouts: begin (may be NULL) is called on
	 * each candidate's game before its move; play (NULL:
	 * search_policy()) chooses each move of the playout; seen (may be
	 * NULL) is told each move, the candidate's too, before it is
	 * played.  horizon > 0: a playout stops after that many moves and
	 * the round is guessed (search_outlook()); 0 plays it out. */
	search_begin_fn *begin;
	search_play_fn *play;
	search_seen_fn *seen;
	long horizon;
} search_hooks;
int search_run(search *s, know *k, sab_rng *rng, double ms, long iterations,
    const search_hooks *hooks, sab_move *best, search_stats *st);

/*
 * Compares n candidate moves of the seat k knows (its turn) by playing
 * each from the same sampled games: every iteration samples a game
 * consistent with what the seat knows (hooks->adjust may change it), then
 * plays each candidate in it and the round out with search_policy() for
 * every seat, the candidates' playouts drawing the same random numbers;
 * the result is the seat's (half for winning the round, half its gold,
 * see search_round_result()).  Paired so, the differences
 * between candidates are measured with far less noise than apart.  Runs
 * for ms milliseconds of wall time or exactly `iterations` samples (> 0).
 * Fills mean[i] (candidate i's mean result), diff[i] and se[i] (the mean
 * of candidate i's result less candidate 0's in the same sample, and its
 * standard error).  Returns the samples used (a candidate not legal in a
 * sample drops the sample), or -1 when k has no sample to give.
 */
long search_compare(search *s, know *k, sab_rng *rng, const sab_move *cands,
    int n, double ms, long iterations, const search_hooks *hooks,
    double *mean, double *diff, double *se);

/* A seat's result in g, played on from start to its round's end or the
 * game's: half for winning the round (gold won), half the gold won over 5
 * with no ceiling (a Saboteur 2 geologist's crystals may pay more than
 * 5); at the game's end, half that gold and half the seat's share of the
 * game's win.  A round still on is guessed as search_run() guesses it. */
double search_round_result(const sab_game *start, const sab_game *g,
    int seat);

/* The root's moves after search_run(): up to max of them, each with its
 * visits and mean result for the seat (0 to 1); returns how many. */
int search_root(const search *s, sab_move *moves, int *visits,
    double *values, int max);

/*
 * The playouts' policy: a cheap player that knows every card of the game
 * it is given (in a sample, the sampled ones).  A miner lays the path card
 * that comes nearest the gold, repairs its own tools, breaks a saboteur's;
 * a saboteur lays a dead end near the gold, breaks a miner's tools, drops
 * a rockfall on the best tunnel; either discards the card it needs least.
 * One move in six is sab_game_random_move()'s, and every decision other
 * than playing a card.  buf holds SAB_MAX_MOVES moves.
 */
void search_policy(const sab_game *g, sab_rng *rng, sab_move *buf,
    sab_move *m);

/* The chance that the gold is reached in g's round as its tunnels stand
 * (the miners' broken tools, the cards left): the guess that ends a short
 * playout.  0 when no goal holds gold face down. */
double search_outlook(const sab_game *g);

/* Plays g with search_policy() until its round (or the game) ends, or for
 * max moves when max > 0; returns the moves played. */
long search_playout(sab_game *g, sab_rng *rng, sab_move *buf, long max);

/* Saboteur 2's colours: a gold miner lays only its own colour's doors (a
 * door of the other colour closes its team's tunnels), so a seat that laid
 * a blue door is hardly a green miner.  search_door_seen() is told every
 * move seen (m, by seat, in round; c the card it plays, or NULL) and notes
 * the doors laid, the process's (a bot follows one seat); a new round
 * clears them.  search_doors() gives the colours of the doors seat laid in
 * round: bit 1 blue, bit 2 green. */
void search_door_seen(int round, int seat, const sab_move *m,
    const sab_card *c);
int search_doors(int round, int seat);

#endif
