/* test_rng.c: the generator matches its reference and shuffles fairly. */
#include <check.h>

#include "rng.h"
#include "siphash.h"
#include "suites.h"

/* splitmix64 of seed 0 gives these words (reference implementation). */
START_TEST(seed_matches_splitmix64)
{
	sab_rng r;

	sab_rng_seed(&r, 0);
	ck_assert_uint_eq(r.s[0], 0xe220a8397b1dcdafULL);
	ck_assert_uint_eq(r.s[1], 0x6e789e6aa1b965f4ULL);
	ck_assert_uint_eq(r.s[2], 0x06c45d188009454fULL);
	ck_assert_uint_eq(r.s[3], 0xf88bb8a8724c81ecULL);
}
END_TEST

/* xoshiro256** from state {1, 2, 3, 4}: the reference's first outputs. */
START_TEST(next_matches_xoshiro256starstar)
{
	sab_rng r = { { 1, 2, 3, 4 } };

	ck_assert_uint_eq(sab_rng_next(&r), 11520ULL);
	ck_assert_uint_eq(sab_rng_next(&r), 0ULL);
	ck_assert_uint_eq(sab_rng_next(&r), 1509978240ULL);
	ck_assert_uint_eq(sab_rng_next(&r), 1215971899390074240ULL);
}
END_TEST

/* The seeds derived from a master seed: the numbers the derivation gave
 * when it lived in the referee, which journals and replays name. */
START_TEST(derived_seeds_never_change)
{
	ck_assert_uint_eq(sab_rng_mix(0), 0);
	ck_assert_uint_eq(sab_rng_mix(1), 0x5692161d100b05e5ULL);
	ck_assert_uint_eq(sab_seed_mix(5, 7), 0x5b7d5594b4c17204ULL);
	ck_assert_uint_eq(sab_seed_mix(UINT64_MAX, 3), 0xae58088fa20dc5bcULL);
	ck_assert_uint_eq(sab_seed_game(0, 0), 0x422ea740d0977210ULL);
	ck_assert_uint_eq(sab_seed_game(99, 17), 0xd2150cfa79f8037cULL);
	ck_assert_uint_eq(sab_seed_game(UINT64_MAX, 9999999),
	    0xdffef383147e1df3ULL);
}
END_TEST

START_TEST(same_seed_same_stream)
{
	sab_rng a, b;

	sab_rng_seed(&a, 12345);
	sab_rng_seed(&b, 12345);
	for (int i = 0; i < 1000; i++)
		ck_assert_uint_eq(sab_rng_next(&a), sab_rng_next(&b));
	sab_rng_seed(&b, 12346);
	ck_assert_uint_ne(sab_rng_next(&a), sab_rng_next(&b));
}
END_TEST

START_TEST(below_is_in_range_and_roughly_uniform)
{
	sab_rng r;
	int count[7] = { 0 };

	sab_rng_seed(&r, 7);
	for (int i = 0; i < 70000; i++) {
		uint32_t v = sab_rng_below(&r, 7);
		ck_assert_uint_lt(v, 7);
		count[v]++;
	}
	for (int i = 0; i < 7; i++) {
		ck_assert_int_gt(count[i], 9500);
		ck_assert_int_lt(count[i], 10500);
	}
	ck_assert_uint_eq(sab_rng_below(&r, 1), 0);
}
END_TEST

START_TEST(shuffle_is_a_permutation)
{
	sab_rng r;
	uint8_t a[50];
	int seen[50] = { 0 }, moved = 0;

	for (int i = 0; i < 50; i++)
		a[i] = (uint8_t)i;
	sab_rng_seed(&r, 3);
	sab_rng_shuffle(&r, a, 50);
	for (int i = 0; i < 50; i++) {
		seen[a[i]]++;
		moved += a[i] != i;
	}
	for (int i = 0; i < 50; i++)
		ck_assert_int_eq(seen[i], 1);
	ck_assert_int_gt(moved, 40);
}
END_TEST

/* SipHash-2-4 under key 00 01 .. 0f of the messages 00 01 .. (len - 1):
 * the reference implementation's test vectors (vectors.h) of lengths 0, 1,
 * 7, 8 and 15, which take every path of the last word. */
START_TEST(siphash_matches_reference)
{
	static const struct { size_t len; uint64_t want; } v[] = {
		{ 0, 0x726fdb47dd0e0e31ULL }, { 1, 0x74f839c593dc67fdULL },
		{ 7, 0xab0200f58b01d137ULL }, { 8, 0x93f5f5799a932462ULL },
		{ 15, 0xa129ca6149be45e5ULL },
	};
	uint8_t key[16], msg[16];

	for (int i = 0; i < 16; i++)
		key[i] = msg[i] = (uint8_t)i;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		ck_assert_uint_eq(sab_siphash24(key, msg, v[i].len), v[i].want);
}
END_TEST

Suite *rng_suite(void)
{
	Suite *s = suite_create("rng");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, seed_matches_splitmix64);
	tcase_add_test(tc, next_matches_xoshiro256starstar);
	tcase_add_test(tc, derived_seeds_never_change);
	tcase_add_test(tc, same_seed_same_stream);
	tcase_add_test(tc, below_is_in_range_and_roughly_uniform);
	tcase_add_test(tc, shuffle_is_a_permutation);
	tcase_add_test(tc, siphash_matches_reference);
	suite_add_tcase(s, tc);
	return s;
}
