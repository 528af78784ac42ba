/* rng.c: xoshiro256** seeded through splitmix64, the shuffle built on it,
 * and the seeds derived from a master seed. */
#include "rng.h"

uint64_t sab_rng_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t splitmix64(uint64_t *x)
{
	return sab_rng_mix(*x += SAB_SEED_GOLDEN);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void sab_rng_seed(sab_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

uint64_t sab_rng_next(sab_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint32_t sab_rng_below(sab_rng *r, uint32_t n)
{
	uint64_t m = (sab_rng_next(r) >> 32) * (uint64_t)n;
	uint32_t low = (uint32_t)m;

	if (low < n) {
		uint32_t threshold = (uint32_t)(-n) % n;
		while (low < threshold) {
			m = (sab_rng_next(r) >> 32) * (uint64_t)n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

void sab_rng_shuffle(sab_rng *r, uint8_t *a, uint32_t n)
{
	while (n > 1) {
		uint32_t j = sab_rng_below(r, n);
		uint8_t t = a[--n];
		a[n] = a[j];
		a[j] = t;
	}
}

uint64_t sab_seed_mix(uint64_t seed, uint64_t key)
{
	return sab_rng_mix(seed ^ sab_rng_mix(key));
}

uint64_t sab_seed_game(uint64_t seed, uint64_t g)
{
	sab_rng r;

	sab_rng_seed(&r, seed ^ SAB_SEED_GOLDEN * (g + 1));
	return sab_rng_next(&r);
}
