/* hash.h: a fingerprint of a game state, the same on every machine. */
#ifndef SAB_HASH_H
#define SAB_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* FNV-1a, 64 bits: start from SAB_FNV_OFFSET and fold bytes in with
 * sab_fnv1a(); a hash of hashes chains the same way. */
#define SAB_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define SAB_FNV_PRIME UINT64_C(0x100000001b3)

/* Folds n bytes at p into h and returns the new hash. */
uint64_t sab_fnv1a(uint64_t h, const void *p, size_t n);

/*
 * Returns the FNV-1a 64 hash of the meaningful fields of g, so a replay
 * can prove that a re-simulation reached the same state after each turn.
 * Never raw struct bytes (padding, the ruleset pointer): each field is
 * folded in this order, as unsigned little-endian integers of the width
 * given, arrays as their count followed by their elements:
 *
 *   nplayers 1, phase 1, round 1, to_act 1, last_player 1, turn 2;
 *   ndeck 2, deck[0..ndeck) 1 each (bottom first, top last);
 *   per seat: nhand 1, hand[0..nhand) 1 each (in hand order);
 *   ndiscard 2, discard[0..ndiscard) 1 each;
 *   per seat: the broken tools in front, counted per tool, 1 each
 *     (pickaxe, lantern, cart);
 *   per seat: role 1; role_spare 1;
 *   goal_def[0..ngoals) 1 each (ngoals is the ruleset's); goal_open 1;
 *   per seat: peeked 2;
 *   nplaced 2, then every placed cell in increasing cell index (row by
 *     row, north to south, west to east): x 2, y 2 (two's complement),
 *     cell value 1;
 *   round_end 1, finder 1;
 *   ngold_deck 1, gold_deck[0..ngold_deck) 1 each;
 *   noffer 1, offer[0..noffer) 1 each;
 *   per seat: gold 2 (two's complement); winners 2;
 *   then what each module of the ruleset folds in, in the order of
 *   rules/modules.def (the base game: nothing; each other module's hash
 *   hook, in its folder, says what it folds in).
 *
 * "Per seat" means seats 0 to nplayers - 1.  Left out: what follows from
 * the fields above (nsaboteurs, the board's reach, the order of
 * board.placed, which removals shuffle; the round's winners and pay; the
 * fields only expansions change, dir, substep, pending, last_path and bank,
 * which their modules fold in) and the ruleset, which a replay
 * names and hashes on its own.  Two games that differ only in those hash
 * equal; any other difference changes the hash (but for FNV collisions).
 */
uint64_t sab_game_hash(const sab_game *g);

#endif
