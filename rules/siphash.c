/* siphash.c: SipHash-2-4 over bytes, the same on every machine. */
#include "siphash.h"

static uint64_t rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

/* Reads 8 bytes as a little-endian word, whatever the machine's order. */
static uint64_t load_le(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

/* The state of the hash: four words. */
typedef struct sip {
	uint64_t v0, v1, v2, v3;
} sip;

static void round_sip(sip *s)
{
	s->v0 += s->v1;
	s->v1 = rotl(s->v1, 13) ^ s->v0;
	s->v0 = rotl(s->v0, 32);
	s->v2 += s->v3;
	s->v3 = rotl(s->v3, 16) ^ s->v2;
	s->v0 += s->v3;
	s->v3 = rotl(s->v3, 21) ^ s->v0;
	s->v2 += s->v1;
	s->v1 = rotl(s->v1, 17) ^ s->v2;
	s->v2 = rotl(s->v2, 32);
}

/* Folds one message word in with two rounds (the "2" of 2-4). */
static void compress(sip *s, uint64_t m)
{
	s->v3 ^= m;
	round_sip(s);
	round_sip(s);
	s->v0 ^= m;
}

uint64_t sab_siphash24(const uint8_t key[16], const void *msg, size_t len)
{
	const uint8_t *p = msg;
	uint64_t k0 = load_le(key), k1 = load_le(key + 8);
	sip s = { k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL,
		k0 ^ 0x6c7967656e657261ULL, k1 ^ 0x7465646279746573ULL };
	size_t whole = len - len % 8;
	uint64_t last = (uint64_t)(len & 0xff) << 56;

	for (size_t i = 0; i < whole; i += 8)
		compress(&s, load_le(p + i));
	/* The last word: the bytes left over, and the length's low byte on
	 * top. */
	for (size_t i = len % 8; i > 0; i--)
		last |= (uint64_t)p[whole + i - 1] << (8 * (i - 1));
	compress(&s, last);
	/* Four finishing rounds (the "4"). */
	s.v2 ^= 0xff;
	for (int i = 0; i < 4; i++)
		round_sip(&s);
	return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}
