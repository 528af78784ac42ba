/* know.h: what one seat knows of a game, kept from the lines its bot was
 * sent, and complete games sampled from it for a bot's search. */
#ifndef KNOW_H
#define KNOW_H

#include <stddef.h>
#include <stdint.h>

#include "protocol.h"
#include "saboteur.h"

/*
 * A search bot plays games forward from the position it is in, but it does
 * not see the other hands, the draw pile, the other roles or the goal
 * cards.  know keeps a template: one complete game (every hidden card
 * filled in) that, played by the rules engine from its start, sends this
 * seat exactly the lines its bot received.  The template follows the lines
 * decision by decision: for each, the rules engine's legal moves are tried
 * and the one whose lines, as saboteur-protocol(7) writes them for this
 * seat, are the next lines received is played; a hidden card it needs (a
 * card another seat plays, a card this seat draws, a role or goal card
 * shown) is given to it by swapping it with a card this seat has not seen,
 * which changes nothing this seat was told.  A game dealt by seats
 * (saboteur play --deal-by-seat: each round seat 0's hand first, whoever
 * starts it) is seen at the first round another seat starts, and the
 * template's later rounds are dealt so too.
 *
 * know_sample() deals every card this seat has not seen (the other hands'
 * unknown cards, the draw pile, the cards put aside, the cards discarded
 * face down) uniformly at random over the places where it does not know
 * what lies, and likewise the dwarf cards of the seats whose role it does
 * not know (and the one left out), the face-down goal cards it has not seen
 * and the order of the gold cards still face down.  Every sampled game is
 * consistent: the template's round, with the same decisions and the cards
 * dealt as sampled, sends the seat the same lines (know_check() plays it
 * again to prove it).  It is uniform over the cards not seen; it does not
 * weigh them by what the other seats' choices suggest.
 *
 * Gold cards handed on by a seat that took one unseen are made the
 * template's offer, in order, when this seat is first offered them.  The
 * game's last line (every seat's gold) is explained by any game's end.
 * What stays the template's: the other seats' gold (its amount is hidden),
 * the chests of Treasure Chests, the roles once a dwarf card changed hands
 * in the round (change hats, the Costume Department, the Tunnel Party) and
 * the goals once a goal swap moved them.
 */

typedef struct know know;

/* A new, empty knowledge (NULL when out of memory); know_free(NULL) does
 * nothing. */
know *know_new(void);
void know_free(know *k);

/*
 * The ruleset the games are played by.  By default the "game" line's
 * ruleset, which must then be built in; a bot given a ruleset file calls
 * this with it before the match (rs is copied).  NULL goes back to the
 * default.
 */
void know_use_ruleset(know *k, const sab_ruleset *rs);

/*
 * The lines are those of a seat asked in the rules' order in a reaction
 * window (feature "react", or none), not "react-at-once", whose requests
 * come before the seats ahead of it answered.
 *
 * Takes one line the referee sent (without its newline): a "game" line
 * starts afresh; the lines of the game's events wait until know_sync()
 * explains them; requests ("legal", "turn") and the rest are ignored.
 * Returns 0, or -1 when the knowledge is lost (know_error() says why).
 */
int know_line(know *k, const char *line);

/*
 * Explains every line taken so far: the template plays each decision they
 * tell.  Returns 0 when they are all explained; 1 when the last ones wait
 * for more lines (a decision half told); -1 when the knowledge is lost: no
 * move of the rules gives the lines received (a ruleset other than the
 * referee's, or a bug: please report it with the lines).
 */
int know_sync(know *k);

/* Why the knowledge is lost, or "" when it is not. */
const char *know_error(const know *k);

/* 1 once a game's first round began (and the knowledge is not lost). */
int know_ready(const know *k);

/* This seat, the number of seats, the ruleset, the table as this seat
 * knows it (rules/seen.h), and the template itself. */
int know_seat(const know *k);
int know_players(const know *k);
const sab_ruleset *know_ruleset(const know *k);
const proto_cards *know_cards(const know *k);
const sab_seen *know_seen(const know *k);
const sab_game *know_template(const know *k);

/*
 * Syncs, then writes into *out a complete game this seat's lines are
 * consistent with, the cards it has not seen dealt at random with rng
 * (see above).  *out is a plain value to play on with the rules engine
 * (its ruleset is know_ruleset(k)).  Returns 0, or -1 when there is no
 * game yet or the knowledge is lost.
 */
int know_sample(know *k, sab_rng *rng, sab_game *out);

/*
 * The same, exact: a sample whose cards a rule of legality would have
 * ruled out (a card taken from a trove that another copy sits above; a
 * pathfinder's turn that ended early, no path card fitting, know_sample()
 * keeps already) is drawn
 * again, up to `tries` times; the game written is the round played again
 * from its deal with the sampled cards, every line this seat received
 * checked on the way.  Returns 0, or -1 when no try gave one (or as
 * know_sample()).  About one round's worth of rules engine per try.
 */
int know_sample_exact(know *k, sab_rng *rng, sab_game *out, int tries);

/*
 * For tests: samples a game as know_sample() does, then plays its round
 * again from the round's deal with the cards as sampled (the cards each
 * seat discarded face down among them) and the template's decisions, and
 * checks that this seat is sent every line it received, in order, and
 * that the round ends where the sample is (the same state hash).  Returns
 * 1 when it holds, 0 with the first difference in why, -1 as
 * know_sample().
 */
int know_check(know *k, sab_rng *rng, char *why, size_t whylen);

/*
 * Plays the round so far again from its deal, as know_check() does, in a
 * game sampled as know_sample() samples it, and calls walk before each
 * decision with the game as it stands and the move about to be made (a
 * card another seat discarded face down is the one the sample gave it):
 * what a bot needs to ask, of each move seen, what each role would have
 * done there.  Returns 0, or -1 as know_sample() or when the round
 * played again does not send the lines received (a bug).
 */
typedef void know_walk_fn(const sab_game *g, const sab_move *m, void *ctx);
int know_walk(know *k, sab_rng *rng, know_walk_fn *walk, void *ctx);

/* The dwarf cards of g (a sample) this seat does not know, as places into
 * out (room for SAB_MAX_PLAYERS + 17): the seats whose role it does not
 * know, then the card left out (SAB_MAX_PLAYERS), then the cards not dealt
 * (SAB_MAX_PLAYERS + 1 + i); returns how many.  know_dwarf() is the card
 * at a place; know_count_saboteurs() counts g's saboteurs among the seats
 * again after their cards moved. */
int know_free_dwarves(const know *k, const sab_game *g, int *out);
uint8_t *know_dwarf(sab_game *g, int place);
void know_count_saboteurs(sab_game *g);

/* 1 once a dwarf card changed hands in this round (change hats and the
 * like): the sampled roles are then the template's. */
int know_roles_moved(const know *k);

/* How many decisions the template played, and how many times it had to
 * give a hidden card to a seat (for tests and curiosity). */
long know_decisions(const know *k);
long know_repairs(const know *k);

#endif
