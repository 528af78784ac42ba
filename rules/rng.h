/* rng.h: the seeded random generator every shuffle of the rules goes through. */
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

#endif
