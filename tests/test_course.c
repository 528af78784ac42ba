/* test_course.c: the two-player course ruleset: placement, malus and bonus,
 * the win and the draw. */
#include <check.h>

#include "helpers.h"
#include "suites.h"

static sab_game g;
static sab_events ev;

static void course_game(void)
{
	t_game(&g, t_ruleset("course"), 2, 1, NULL);
}

START_TEST(setup_deals_seven_and_no_roles)
{
	ck_assert_int_eq(g.nhand[0], 7);
	ck_assert_int_eq(g.nhand[1], 7);
	ck_assert_int_eq(g.ndeck, 55 - 14);
	ck_assert_int_eq(g.role[0], SAB_ROLE_NONE);
	ck_assert_int_eq(g.rs->bounded, 1);
	ck_assert_int_eq(g.rs->max_x - g.rs->min_x + 1, 15);
	ck_assert_int_eq(g.rs->max_y - g.rs->min_y + 1, 15);
}
END_TEST

START_TEST(tiles_need_not_reach_the_entrance)
{
	sab_move m;

	t_place(&g, "dead-ns", 0, 1, 0);        /* stubs N and S */
	t_hand(&g, 0, "cross", NULL);
	/* (0,2) touches the dead end's open south stub: fine in the course. */
	m = t_path(g.rs, "cross", 0, 2, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
	/* Not in the base game, where it must join the start. */
	t_game(&g, t_ruleset("base"), 3, 1, NULL);
	t_place(&g, "dead-ns", 0, 1, 0);
	t_hand(&g, 0, "cross", NULL);
	ck_assert(!t_legal(&g, &m));
}
END_TEST

START_TEST(a_tile_must_share_an_open_edge)
{
	sab_move m;

	t_place(&g, "straight-ns", 0, 1, 0);
	t_hand(&g, 0, "straight-ns", "curve-ne", NULL);
	/* (1,1): its only neighbour, the straight at (0,1), has a wall east;
	 * curve-ne turned opens S and W: W would hit the wall. */
	m = t_path(g.rs, "curve-ne", 1, 1, 1);
	ck_assert(!t_legal(&g, &m));
	/* straight-ns at (1,1): walls east and west; touches no open edge. */
	m = t_path(g.rs, "straight-ns", 1, 1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "straight-ns at (1,1) shares no open tunnel "
	    "with a neighbouring card");
}
END_TEST

START_TEST(a_hidden_objective_counts_as_empty)
{
	sab_move m;

	t_hand(&g, 0, "cross", NULL);
	/* (0,6) is next to the hidden objective (0,7) and nothing else. */
	m = t_path(g.rs, "cross", 0, 6, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(0,6) is not next to any card on the board");
}
END_TEST

START_TEST(malus_targets_the_opponent_and_stacks)
{
	sab_move m;

	t_hand(&g, 0, "malus", "malus", "straight-ns", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "malus", 0, 0);
	ck_assert(!t_legal(&g, &m));
	m.target = 1;
	t_apply(&g, &m, NULL);
	/* Seat 1 plays; back to seat 0, who lays a second malus. */
	t_hand(&g, 1, "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(g.rs, "map") }, NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "malus", 1, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	t_apply(&g, &m, NULL);
	ck_assert_int_eq(sab_game_broken(&g, 1, SAB_PICKAXE), 2);
}
END_TEST

START_TEST(bonus_heals_one_malus_of_ones_own)
{
	sab_move m;

	t_hand(&g, 0, "bonus", "straight-ns", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "bonus", 0, SAB_PICKAXE);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "seat 0 has no broken pickaxe to repair");
	t_break(&g, 1, SAB_PICKAXE);
	m.target = 1;
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "bonus can only repair your own tools");
	t_break(&g, 0, SAB_PICKAXE);
	t_break(&g, 0, SAB_PICKAXE);
	/* Any malus blocks tiles. */
	sab_move p = t_path(g.rs, "straight-ns", 0, 1, 0);
	ck_assert(!t_legal(&g, &p));
	m.target = 0;
	t_apply(&g, &m, NULL);
	ck_assert_int_eq(sab_game_broken(&g, 0, SAB_PICKAXE), 1);
}
END_TEST

START_TEST(destroy_spares_entrance_and_objectives)
{
	sab_move m;

	t_hand(&g, 0, "destroy", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "destroy", 0, 0);
	m.x = 0, m.y = 0;
	ck_assert(!t_legal(&g, &m));
	m.x = 0, m.y = 7;
	ck_assert(!t_legal(&g, &m));
}
END_TEST

/* A tunnel down from the entrance to (0,5) (four straight-ns exist). */
static void tunnel_down(void)
{
	for (int y = 1; y <= 5; y++)
		t_place(&g, y < 5 ? "straight-ns" : "cross", 0, y, 0);
}

START_TEST(who_completes_the_path_to_the_nugget_wins)
{
	sab_move m;

	g.goal_def[0] = t_def(g.rs, "empty-cross");
	g.goal_def[1] = t_def(g.rs, "nugget");
	g.goal_def[2] = t_def(g.rs, "empty-cross");
	tunnel_down();
	t_hand(&g, 0, "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(g.rs, "map") }, NULL);
	t_hand(&g, 1, "cross", NULL);
	m = t_path(g.rs, "cross", 0, 6, 0);
	t_apply(&g, &m, &ev);
	ck_assert(sab_game_over(&g));
	ck_assert_uint_eq(g.winners, 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GAME_END), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROLE_REVEAL), 0);
}
END_TEST

START_TEST(an_empty_objective_is_revealed_and_play_goes_on)
{
	sab_move m;

	g.goal_def[0] = t_def(g.rs, "nugget");
	g.goal_def[1] = t_def(g.rs, "empty-cross");
	g.goal_def[2] = t_def(g.rs, "empty-cross");
	tunnel_down();
	t_hand(&g, 0, "cross", NULL);
	m = t_path(g.rs, "cross", 0, 6, 0);
	t_apply(&g, &m, &ev);
	ck_assert(!sab_game_over(&g));
	ck_assert_uint_eq(g.goal_open, 2);
	/* The revealed objective is a full cross: play can carry on from it. */
	t_hand(&g, 1, "straight-ew", NULL);
	m = t_path(g.rs, "straight-ew", -1, 7, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
}
END_TEST

START_TEST(no_cards_left_is_a_draw)
{
	sab_move m;

	g.ndeck = 0;
	g.nhand[0] = g.nhand[1] = 0;
	g.hand[0][0] = t_def(g.rs, "map");
	g.nhand[0] = 1;
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	t_apply(&g, &m, &ev);
	ck_assert(sab_game_over(&g));
	ck_assert_uint_eq(g.winners, 3);
}
END_TEST

Suite *course_suite(void)
{
	Suite *s = suite_create("course");
	TCase *tc = tcase_create("rules");

	tcase_add_checked_fixture(tc, course_game, NULL);
	tcase_add_test(tc, setup_deals_seven_and_no_roles);
	tcase_add_test(tc, tiles_need_not_reach_the_entrance);
	tcase_add_test(tc, a_tile_must_share_an_open_edge);
	tcase_add_test(tc, a_hidden_objective_counts_as_empty);
	tcase_add_test(tc, malus_targets_the_opponent_and_stacks);
	tcase_add_test(tc, bonus_heals_one_malus_of_ones_own);
	tcase_add_test(tc, destroy_spares_entrance_and_objectives);
	tcase_add_test(tc, who_completes_the_path_to_the_nugget_wins);
	tcase_add_test(tc, an_empty_objective_is_revealed_and_play_goes_on);
	tcase_add_test(tc, no_cards_left_is_a_draw);
	suite_add_tcase(s, tc);
	return s;
}
