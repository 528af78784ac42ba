/* test_board.c: every placement rule, with cases that must pass and fail. */
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"

static sab_game g;

static void base_game(void)
{
	t_game(&g, t_ruleset("base"), 5, 1, NULL);
	t_hand(&g, 0, "cross", "straight-ew", "curve-ne", "dead-ew",
	    "curve-nw", "tee-nse", NULL);
}

START_TEST(next_to_the_start_is_legal)
{
	sab_move m = t_path(g.rs, "straight-ew", 1, 0, 0);

	base_game();
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
}
END_TEST

START_TEST(far_from_every_card_is_illegal)
{
	sab_move m;

	base_game();
	m = t_path(g.rs, "cross", 3, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(3,0) is not next to any card on the board");
	ck_assert(!t_listed(&g, &m));
}
END_TEST

START_TEST(a_wall_against_an_open_tunnel_is_illegal)
{
	sab_move m;

	base_game();
	/* curve-ne upright opens N and E: its west wall faces the start. */
	m = t_path(g.rs, "curve-ne", 1, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "the closed west side of curve-ne at (1,0) "
	    "would block the open tunnel of start at (0,0)");
	/* Turned, it opens S and W and fits. */
	m.rot = 1;
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
}
END_TEST

START_TEST(an_open_side_against_a_wall_is_illegal)
{
	sab_move m;

	base_game();
	t_place(&g, "straight-ns", 0, -1, 0);
	/* (1,-1): west neighbour is the straight-ns, whose east is a wall;
	 * south neighbour is empty.  A cross would open into that wall. */
	t_place(&g, "straight-ew", 1, 0, 0);
	m = t_path(g.rs, "cross", 1, -1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "the open south side of cross at (1,-1) "
	    "would run into the wall of straight-ew at (1,0)");
}
END_TEST

START_TEST(only_upright_or_turned)
{
	sab_move m;

	base_game();
	m = t_path(g.rs, "straight-ew", 1, 0, 2);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "a card is upright (0) or turned (1), not 2");
	/* There is no quarter turn: a straight-ns cannot lie east-west. */
	m = t_path(g.rs, "straight-ns", 1, 0, 1);
	t_hand(&g, 0, "straight-ns", NULL);
	ck_assert(!t_legal(&g, &m));
}
END_TEST

START_TEST(dead_end_stub_may_touch_but_not_carry)
{
	sab_move m;

	base_game();
	m = t_path(g.rs, "dead-ew", 1, 0, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	t_apply(&g, &m, NULL);
	/* Seat 1 now: a card beyond the dead end is not connected. */
	t_hand(&g, 1, "straight-ew", NULL);
	m = t_path(g.rs, "straight-ew", 2, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "no open tunnel from the start reaches (2,0)");
	ck_assert(!t_listed(&g, &m));
}
END_TEST

START_TEST(connected_through_open_tunnels_only)
{
	sab_move m;

	base_game();
	/* A straight-ns at (1,-1) touches nothing open from the start: its
	 * south is open onto (1,0), which is empty. */
	t_place(&g, "straight-ew", 1, 0, 0);
	m = t_path(g.rs, "curve-nw", 2, 0, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	/* A cell next to a card but only across its wall is not reached. */
	m = t_path(g.rs, "cross", 1, 1, 0);
	ck_assert(!t_legal(&g, &m));
}
END_TEST

START_TEST(face_down_goals_do_not_constrain)
{
	sab_move m;

	base_game();
	for (int x = 1; x <= 6; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "cross", x, 0, 0);
	/* curve-nw at (7,0): wall east, against the face-down goal (8,0). */
	m = t_path(g.rs, "curve-nw", 7, 0, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	/* And a card open towards it is as good. */
	m = t_path(g.rs, "tee-nse", 7, 0, 1);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
}
END_TEST

START_TEST(start_and_goal_cells_are_taken)
{
	sab_move m;

	base_game();
	for (int x = 1; x <= 7; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "cross", x, 0, 0);
	t_hand(&g, 0, "cross", NULL);
	m = t_path(g.rs, "cross", 8, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(8,0) holds a face-down goal card");
	m = t_path(g.rs, "cross", 0, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(0,0) is already taken by start");
}
END_TEST

START_TEST(the_table_edge)
{
	sab_move m;

	base_game();
	m = t_path(g.rs, "cross", 47, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(47,0) is outside the board");
	t_game(&g, t_ruleset("course"), 2, 1, NULL);
	t_hand(&g, 0, "cross", NULL);
	m = t_path(g.rs, "cross", 8, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "(8,0) is outside the board");
}
END_TEST

START_TEST(reach_follows_groups_and_stubs)
{
	const sab_ruleset *rs = t_ruleset("base");
	sab_board b;

	sab_board_reset(&b, rs);
	ck_assert_uint_eq(b.reach[sab_board_index(0, 0)], 15);
	sab_board_place(&b, rs, 1, 0, t_def(rs, "dead-ew"), 0);
	ck_assert_uint_eq(b.reach[sab_board_index(1, 0)], 0);
	sab_board_place(&b, rs, 2, 0, t_def(rs, "straight-ew"), 0);
	ck_assert_uint_eq(b.reach[sab_board_index(2, 0)], 0);
	/* Replacing the dead end by a straight joins the far card. */
	sab_board_remove(&b, rs, 1, 0);
	sab_board_place(&b, rs, 1, 0, t_def(rs, "straight-ew"), 0);
	ck_assert_uint_eq(b.reach[sab_board_index(2, 0)], SAB_E | SAB_W);
	/* A rockfall in the middle cuts it off again. */
	sab_board_remove(&b, rs, 1, 0);
	ck_assert_uint_eq(b.reach[sab_board_index(2, 0)], 0);
}
END_TEST

/*
 * Saboteur 2 (the rulebook): doors are "closed to miners of the other
 * colour"; the board keeps one reach layer per door colour besides the one
 * that passes every door (issue 11: "one reach layer per team").
 */
START_TEST(a_door_is_a_wall_to_the_other_team_only)
{
	static sab_ruleset rs;
	char err[256];
	static sab_board b;

	rs = *t_ruleset("base");
	rs.defs[t_def(&rs, "straight-ew")].door = 2;
	rs.defs[t_def(&rs, "cross")].door = 1;
	ck_assert_msg(sab_ruleset_finish(&rs, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(rs.nteams, 2);
	sab_board_reset(&b, &rs);
	sab_board_place(&b, &rs, 1, 0, t_def(&rs, "straight-ew"), 0);
	sab_board_place(&b, &rs, 2, 0, t_def(&rs, "tee-new"), 0);
	/* Everyone's layer and the green team's pass the green door... */
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 0, 3, 0), SAB_W);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 2, 3, 0), SAB_W);
	ck_assert(sab_board_connected(&b, 2, 0));
	/* ...the blue team's stops at it. */
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 1, 3, 0), 0);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 1, 1, 0), SAB_W);
	/* Removing the door opens nothing for blue; a blue door lets blue on. */
	sab_board_remove(&b, &rs, 1, 0);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 2, 3, 0), 0);
	sab_board_place(&b, &rs, 1, 0, t_def(&rs, "cross"), 0);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 1, 3, 0), SAB_W);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 2, 3, 0), 0);
	ck_assert_uint_eq(sab_board_team_reached(&b, &rs, 0, 3, 0), SAB_W);
}
END_TEST

START_TEST(frontier_lists_cells_next_to_reached_edges)
{
	const sab_ruleset *rs = t_ruleset("base");
	uint16_t cells[64];
	sab_board b;

	sab_board_reset(&b, rs);
	ck_assert_int_eq(sab_board_frontier(&b, rs, cells, 64), 4);
	sab_board_place(&b, rs, 1, 0, t_def(rs, "dead-ew"), 0);
	ck_assert_int_eq(sab_board_frontier(&b, rs, cells, 64), 3);
}
END_TEST

Suite *board_suite(void)
{
	Suite *s = suite_create("board");
	TCase *tc = tcase_create("placement");

	tcase_add_checked_fixture(tc, base_game, NULL);
	tcase_add_test(tc, next_to_the_start_is_legal);
	tcase_add_test(tc, far_from_every_card_is_illegal);
	tcase_add_test(tc, a_wall_against_an_open_tunnel_is_illegal);
	tcase_add_test(tc, an_open_side_against_a_wall_is_illegal);
	tcase_add_test(tc, only_upright_or_turned);
	tcase_add_test(tc, dead_end_stub_may_touch_but_not_carry);
	tcase_add_test(tc, connected_through_open_tunnels_only);
	tcase_add_test(tc, face_down_goals_do_not_constrain);
	tcase_add_test(tc, start_and_goal_cells_are_taken);
	tcase_add_test(tc, the_table_edge);
	tcase_add_test(tc, reach_follows_groups_and_stubs);
	tcase_add_test(tc, a_door_is_a_wall_to_the_other_team_only);
	tcase_add_test(tc, frontier_lists_cells_next_to_reached_edges);
	suite_add_tcase(s, tc);
	return s;
}
