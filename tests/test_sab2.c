/* test_sab2.c: Saboteur 2's treasure distribution, from the rulebook's sentences ("Saboteur 2": the new dwarf cards, distributing the treasure). */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/sab2/roles.h"
#include "../rules/sab2/treasure.h"

enum { B = SAB2_BLUE, G = SAB2_GREEN, BOSS = SAB2_BOSS,
	PROF = SAB2_PROFITEER, GEO = SAB2_GEOLOGIST, SAB = SAB2_SABOTEUR };

static sab2_round table(int n, const int *roles)
{
	sab2_round r;

	memset(&r, 0, sizeof r);
	r.nplayers = (uint8_t)n;
	for (int s = 0; s < n; s++)
		r.role[s] = (uint8_t)roles[s];
	r.finder = 0xFF;
	return r;
}

static void connect(sab2_round *r, int finder, int open_blue, int open_green)
{
	r->connected = 1;
	r->finder = (uint8_t)finder;
	r->open_blue = (uint8_t)open_blue;
	r->open_green = (uint8_t)open_green;
}

/* "1 dwarf 5 gold, 2 dwarves 4 gold each, 3 dwarves 3 gold each, 4 dwarves
 * 2 gold each, 5 or more dwarves 1 gold each" */
START_TEST(the_payout_table)
{
	ck_assert_int_eq(sab2_group_pay(1), 5);
	ck_assert_int_eq(sab2_group_pay(2), 4);
	ck_assert_int_eq(sab2_group_pay(3), 3);
	ck_assert_int_eq(sab2_group_pay(4), 2);
	ck_assert_int_eq(sab2_group_pay(5), 1);
	ck_assert_int_eq(sab2_group_pay(12), 1);
}
END_TEST

/* "Example of distributing the treasure—These dwarves are in play: 1 blue
 * Gold Miner, 2 green Gold Miners, 1 Boss, 1 Profiteer, 2 Saboteurs. The
 * Boss completes the path ... The way is blocked by a blue door. ... One
 * Saboteur is Trapped. ... The blue Gold Miner receives 3 gold, the Boss
 * gets 3-1 = 2 gold, the Profiteer gets 3-2 = 1 gold." */
START_TEST(the_rulebooks_worked_example)
{
	const int roles[] = { B, G, G, BOSS, PROF, SAB, SAB };
	sab2_round r = table(7, roles);
	sab2_payout p;

	r.trapped[6] = 1;
	connect(&r, 3, 1, 0);   /* a blue door: open to blue only */
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 0 | 1u << 3 | 1u << 4);
	ck_assert_int_eq(p.pay[0], 3);
	ck_assert_int_eq(p.pay[3], 2);
	ck_assert_int_eq(p.pay[4], 1);
	ck_assert_int_eq(p.pay[1] + p.pay[2] + p.pay[5] + p.pay[6], 0);
}
END_TEST

/* "As a Gold Miner, you win if your own team creates the connection to the
 * treasure and the way there isn't blocked by a door" */
START_TEST(a_team_wins_its_own_connection)
{
	const int roles[] = { B, B, G, G, SAB };
	sab2_round r = table(5, roles);
	sab2_payout p;

	connect(&r, 2, 1, 1);
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 2 | 1u << 3);
	ck_assert_int_eq(p.pay[2], 4);
	ck_assert_int_eq(p.pay[3], 4);
	ck_assert_int_eq(p.pay[0] + p.pay[1] + p.pay[4], 0);
}
END_TEST

/* "SPECIAL CASE: A team also wins if the other team has created the
 * connection to the treasure, but the way for that team is blocked by a
 * door." */
START_TEST(the_other_team_wins_when_the_finders_way_is_blocked)
{
	const int roles[] = { B, B, G, SAB };
	sab2_round r = table(4, roles);
	sab2_payout p;

	connect(&r, 0, 0, 1);   /* a green door on the way */
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 2);
	ck_assert_int_eq(p.pay[2], 5);
	ck_assert_int_eq(p.pay[0] + p.pay[1], 0);
}
END_TEST

/* "Both teams win if the Boss, the Profiteer, a Geologist, or a Saboteur
 * has created the connection to the treasure and the way there isn't
 * blocked by a door." */
START_TEST(both_teams_win_a_connection_of_anyone_else)
{
	const int roles[] = { B, G, GEO, SAB, BOSS };
	sab2_round r = table(5, roles);
	sab2_payout p;

	connect(&r, 3, 1, 1);   /* the saboteur's own card reached it */
	sab2_distribute(&r, &p);
	/* Blue, green and the boss: 3 dwarves, 3 each, the boss 2. */
	ck_assert_uint_eq(p.winners, 1u << 0 | 1u << 1 | 1u << 4);
	ck_assert_int_eq(p.pay[0], 3);
	ck_assert_int_eq(p.pay[1], 3);
	ck_assert_int_eq(p.pay[4], 2);
	ck_assert_int_eq(p.pay[3], 0);
}
END_TEST

/* "As the Boss, you win by yourself if the connection to the treasure was
 * created but neither team can get to it due to the corresponding doors and
 * there is no Profiteer in the game. In this case, you get 4 gold." */
START_TEST(the_boss_alone)
{
	const int roles[] = { B, G, BOSS, SAB };
	sab2_round r = table(4, roles);
	sab2_payout p;

	connect(&r, 2, 0, 0);
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 2);
	ck_assert_int_eq(p.pay[2], 4);
	/* With a profiteer in the game, the boss does not win alone (and
	 * neither does the profiteer, with a boss in the game). */
	const int roles2[] = { B, G, BOSS, PROF };
	r = table(4, roles2);
	connect(&r, 2, 0, 0);
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 0);
}
END_TEST

/* "As the Profiteer, you win by yourself if the connection to the treasure
 * was created but neither team can get to it due to the corresponding doors
 * and there is no Boss in the game. In this case, you get 3 gold.  You also
 * win by yourself if the round ends without a connection to the treasure
 * and there are no Saboteurs in the game." */
START_TEST(the_profiteer_alone)
{
	const int roles[] = { B, G, PROF, GEO };
	sab2_round r = table(4, roles);
	sab2_payout p;

	connect(&r, 0, 0, 0);
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 2);
	ck_assert_int_eq(p.pay[2], 3);
	r = table(4, roles);    /* no connection, no saboteur */
	sab2_distribute(&r, &p);
	ck_assert_uint_eq(p.winners, 1u << 2);
	ck_assert_int_eq(p.pay[2], 3);
}
END_TEST

/* "You're always with the winning group, whether it's the Gold Miners or
 * the Saboteurs who reach their goal. However, when the treasure is
 * distributed, you always get 2 gold less." */
START_TEST(the_profiteer_wins_with_the_saboteurs)
{
	const int roles[] = { B, G, PROF, SAB, SAB };
	sab2_round r = table(5, roles);
	sab2_payout p;

	sab2_distribute(&r, &p);        /* no connection */
	ck_assert_uint_eq(p.winners, 1u << 2 | 1u << 3 | 1u << 4);
	ck_assert_int_eq(p.pay[3], 3);
	ck_assert_int_eq(p.pay[4], 3);
	ck_assert_int_eq(p.pay[2], 1);
}
END_TEST

/* "If a player is still Trapped at the end of the round, they are not
 * considered when it comes to distributing the treasure, no matter what
 * dwarf card they have. They don't count towards the winning group" */
START_TEST(a_trapped_dwarf_neither_counts_nor_is_paid)
{
	const int roles[] = { B, B, B, G, SAB };
	sab2_round r = table(5, roles);
	sab2_payout p;

	r.trapped[1] = 1;
	connect(&r, 0, 1, 1);
	sab2_distribute(&r, &p);
	/* Two untrapped blue miners: 4 each, not 3. */
	ck_assert_uint_eq(p.winners, 1u << 0 | 1u << 2);
	ck_assert_int_eq(p.pay[0], 4);
	ck_assert_int_eq(p.pay[1], 0);
	ck_assert_int_eq(p.pay[2], 4);
}
END_TEST

/* "At the end of the round, you get as much gold as there are visible
 * crystals in the tunnel network. If there are 2 Geologists in the game,
 * they split the gold. If the number of nuggets is odd, round down." */
START_TEST(geologists_are_paid_by_crystals)
{
	const int one[] = { B, G, GEO, SAB };
	const int two[] = { B, G, GEO, GEO, SAB };
	sab2_round r = table(4, one);
	sab2_payout p;

	r.crystals = 5;
	sab2_distribute(&r, &p);
	ck_assert_int_eq(p.pay[2], 5);
	ck_assert(!(p.winners & 1u << 2));
	r = table(5, two);
	r.crystals = 5;
	sab2_distribute(&r, &p);
	ck_assert_int_eq(p.pay[2], 2);
	ck_assert_int_eq(p.pay[3], 2);
}
END_TEST

/* "Shuffle all 15 dwarf cards in this expansion and deal 1 to each player
 * ... Put aside the remaining dwarf cards as a face-down deck." */
START_TEST(fifteen_dwarf_cards_one_to_each_player)
{
	for (int n = 2; n <= 12; n++) {
		for (uint64_t seed = 1; seed <= 20; seed++) {
			int count[SAB2_SABOTEUR + 1] = { 0 };
			uint8_t role[SAB_MAX_PLAYERS];
			sab2_dwarf_pile pile;
			sab_rng rng;

			sab_rng_seed(&rng, seed);
			sab2_deal_roles(&rng, n, role, &pile);
			ck_assert_int_eq(pile.n, SAB2_DWARVES - n);
			for (int s = 0; s < n; s++)
				count[role[s]]++;
			for (int i = 0; i < pile.n; i++)
				count[pile.card[i]]++;
			ck_assert_int_eq(count[SAB2_BLUE], 4);
			ck_assert_int_eq(count[SAB2_GREEN], 4);
			ck_assert_int_eq(count[SAB2_BOSS], 1);
			ck_assert_int_eq(count[SAB2_PROFITEER], 1);
			ck_assert_int_eq(count[SAB2_GEOLOGIST], 2);
			ck_assert_int_eq(count[SAB2_SABOTEUR], 3);
		}
	}
}
END_TEST

/* What "saboteur rules" lists as the dwarf cards ("4 blue and 4 green Gold
 * Miners, the Boss, the Profiteer, 2 Geologists, 3 Saboteurs") is what the
 * deal deals from: every card of a 12-player deal and its pile. */
START_TEST(the_listed_dwarf_cards_are_the_dealt_ones)
{
	const sab_module *m = &sab_module_sab2;
	int count[SAB2_SABOTEUR + 1] = { 0 };
	uint8_t role[SAB_MAX_PLAYERS];
	sab2_dwarf_pile pile;
	sab_rng rng;

	ck_assert_ptr_nonnull(m->role_cards);
	ck_assert_int_eq(m->nroles, SAB2_SABOTEUR + 1);
	sab_rng_seed(&rng, 7);
	sab2_deal_roles(&rng, 12, role, &pile);
	for (int s = 0; s < 12; s++)
		count[role[s]]++;
	for (int i = 0; i < pile.n; i++)
		count[pile.card[i]]++;
	for (int r = 0; r <= SAB2_SABOTEUR; r++)
		ck_assert_int_eq(m->role_cards[r], count[r]);
}
END_TEST

/* Change hats: "This player must swap their dwarf card for a new one by
 * drawing the top card from the deck of unused dwarf cards and pushing
 * their former card under the deck." */
START_TEST(changing_hats_draws_the_top_and_puts_the_old_under)
{
	sab2_dwarf_pile pile = { { SAB2_GEOLOGIST, SAB2_BOSS, SAB2_GREEN }, 3 };
	uint8_t role = SAB2_SABOTEUR;

	ck_assert_int_eq(sab2_change_hats(&role, &pile), SAB2_GREEN);
	ck_assert_int_eq(role, SAB2_GREEN);
	ck_assert_int_eq(pile.n, 3);
	ck_assert_int_eq(pile.card[0], SAB2_SABOTEUR);  /* under the deck */
	ck_assert_int_eq(pile.card[1], SAB2_GEOLOGIST);
	ck_assert_int_eq(pile.card[2], SAB2_BOSS);      /* the next top */
	ck_assert_int_eq(sab2_change_hats(&role, &pile), SAB2_BOSS);
	ck_assert_int_eq(pile.card[0], SAB2_GREEN);
}
END_TEST

/* "If more than one of you have a theft card in front of you, start with
 * the last player to play their Theft card. The other players follow in a
 * clockwise direction." and "Note: You can't use theft at the end of the
 * round if you've been Trapped." */
START_TEST(thefts_start_with_the_last_played_then_clockwise)
{
	const int roles[] = { B, G, SAB, SAB, B, G };
	sab2_round r = table(6, roles);
	uint8_t order[SAB_MAX_PLAYERS];

	/* Theft cards in front of seats 1, 3 and 5; seat 3 played last. */
	ck_assert_int_eq(sab2_theft_order(&r, 1u << 1 | 1u << 3 | 1u << 5, 3,
	    order), 3);
	ck_assert_int_eq(order[0], 3);
	ck_assert_int_eq(order[1], 5);
	ck_assert_int_eq(order[2], 1);
	r.trapped[5] = 1;
	ck_assert_int_eq(sab2_theft_order(&r, 1u << 1 | 1u << 3 | 1u << 5, 3,
	    order), 2);
	ck_assert_int_eq(order[0], 3);
	ck_assert_int_eq(order[1], 1);
}
END_TEST

/* "At the end of the round, you get as much gold as there are visible
 * crystals in the tunnel network": the crystals of the cards on the table,
 * and none of a card taken away. */
START_TEST(crystals_are_counted_on_the_table)
{
	static sab_ruleset rs;
	static sab_board b;
	char err[256];
	const sab_ruleset *base = t_ruleset("base");

	rs = *base;
	rs.defs[t_def(&rs, "straight-ew")].crystals = 2;
	rs.defs[t_def(&rs, "cross")].crystals = 1;
	ck_assert_msg(sab_ruleset_finish(&rs, err, sizeof err) == 0, "%s", err);
	sab_board_reset(&b, &rs);
	ck_assert_int_eq(sab2_crystals(&b, &rs), 0);
	sab_board_place(&b, &rs, 1, 0, t_def(&rs, "straight-ew"), 0);
	sab_board_place(&b, &rs, 2, 0, t_def(&rs, "cross"), 0);
	ck_assert_int_eq(sab2_crystals(&b, &rs), 3);
	sab_board_remove(&b, &rs, 1, 0);
	ck_assert_int_eq(sab2_crystals(&b, &rs), 1);
}
END_TEST

Suite *sab2_suite(void)
{
	Suite *s = suite_create("sab2");
	TCase *tc = tcase_create("dwarves and treasure");

	tcase_add_test(tc, the_payout_table);
	tcase_add_test(tc, the_rulebooks_worked_example);
	tcase_add_test(tc, a_team_wins_its_own_connection);
	tcase_add_test(tc, the_other_team_wins_when_the_finders_way_is_blocked);
	tcase_add_test(tc, both_teams_win_a_connection_of_anyone_else);
	tcase_add_test(tc, the_boss_alone);
	tcase_add_test(tc, the_profiteer_alone);
	tcase_add_test(tc, the_profiteer_wins_with_the_saboteurs);
	tcase_add_test(tc, a_trapped_dwarf_neither_counts_nor_is_paid);
	tcase_add_test(tc, geologists_are_paid_by_crystals);
	tcase_add_test(tc, fifteen_dwarf_cards_one_to_each_player);
	tcase_add_test(tc, the_listed_dwarf_cards_are_the_dealt_ones);
	tcase_add_test(tc, changing_hats_draws_the_top_and_puts_the_old_under);
	tcase_add_test(tc, thefts_start_with_the_last_played_then_clockwise);
	tcase_add_test(tc, crystals_are_counted_on_the_table);
	suite_add_tcase(s, tc);
	return s;
}
