/* rng.h: the seeded random generator every shuffle of the rules goes
 * through, and the derivation of seeds from a master seed. */
#ifndef SAB_RNG_H
#define SAB_RNG_H

#include <stdint.h>

/*
 * xoshiro256** 1.0 (Blackman and Vigna, 2018), seeded through splitmix64.
 * The caller owns the generator: the rules never keep one of their own, so
 * a seed plus the list of moves reproduces a game on any machine.
 */
typedef struct sab_rng {
	uint64_t s[4];
} sab_rng;

/* Seeds the generator: the four words are four splitmix64 outputs of seed. */
void sab_rng_seed(sab_rng *r, uint64_t seed);

/* Returns the next 64 random bits. */
uint64_t sab_rng_next(sab_rng *r);

/*
 * Returns a uniform integer in [0, n); n must be at least 1.  Uses Lemire's
 * multiply-and-reject method, so there is no modulo bias.
 */
uint32_t sab_rng_below(sab_rng *r, uint32_t n);

/* Shuffles n bytes in place (Fisher-Yates, drawing from the end). */
void sab_rng_shuffle(sab_rng *r, uint8_t *a, uint32_t n);

/*
 * The output function of splitmix64 (Steele, Lea and Flood, 2014): a
 * bijection of 64-bit words in which every input bit changes about half
 * the output bits.  The generator's seeding and the seeds below are built
 * on it.
 */
uint64_t sab_rng_mix(uint64_t z);

/*
 * Mixes key into seed: sab_rng_mix(seed ^ sab_rng_mix(key)).  Different
 * keys give unrelated words, so one master seed yields as many independent
 * ones as it has keys (a tournament's cycles, its line-ups).
 */
uint64_t sab_seed_mix(uint64_t seed, uint64_t key);

/* The golden-ratio step of splitmix64: odd multiples of it are keys that
 * differ in many bits. */
#define SAB_SEED_GOLDEN 0x9e3779b97f4a7c15ULL

/*
 * The seed of game g (from 0) of a match or tournament played with master
 * seed: the first output of the generator seeded with seed ^ (g + 1) *
 * SAB_SEED_GOLDEN.  It depends on nothing else, so a game's seed is the
 * same whatever the order or concurrency of games, and never changes:
 * journals and replays name these seeds.
 */
uint64_t sab_seed_game(uint64_t seed, uint64_t g);

#endif
