/* siphash.h: SipHash-2-4, a keyed one-way hash, for seeds a bot may see. */
#ifndef SAB_SIPHASH_H
#define SAB_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

/*
 * SipHash-2-4 (Aumasson and Bernstein, 2012) of the len bytes at msg under
 * the 16-byte key, as the reference implementation gives it (its first
 * test vector: key 00 01 .. 0f, message 00 01 .. 0e, gives
 * 0xa129ca6149be45e5).  A pseudorandom function: without the key, its
 * outputs tell nothing of the key but by trying every key.  Pure code.
 */
uint64_t sab_siphash24(const uint8_t key[16], const void *msg, size_t len);

#endif
