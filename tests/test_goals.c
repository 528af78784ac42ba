/* test_goals.c: the New Goals mini expansion (module goals) in real games of examples/rulesets/new-goals.yaml and a Saboteur 2 variant, each test from a sentence of the rulebook's "New Goals" section (seed 004). */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/effect.h"
#include "../rules/minis/goals/goals.h"

/*
 * The goal places of both rulesets: (8,-4), (8,-2), (8,0), (8,2), (8,4),
 * places 0 to 4.  Each test lays a tunnel from the start along row -1,
 * (0,-1) to (7,-1) (a cross, three straights, four tees open to the
 * north), touching no goal; seat 0 then plays a card at (8,-1),
 * between goal places 1 (8,-2) and 2 (8,0): a cross reaches both at once,
 * a curve N-W place 1 alone.  Five players.
 */

#define BASE "examples/rulesets/new-goals.yaml"
#define SAB2 "tests/fixtures/rulesets/saboteur2-goals.yaml"

static sab_game g;
static sab_events ev;

static void game(const char *file, uint64_t seed)
{
	const sab_ruleset *rs = t_ruleset_file(file);

	t_game(&g, rs, 5, seed, NULL);
	t_place(&g, "cross", 0, -1, 0);
	for (int x = 1; x <= 7; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "tee-new", x, -1, 0);
	t_hand(&g, 0, "cross", "curve-nw", "map", NULL);
}

/* Lays goal card name at place k (the other places keep theirs). */
static void goal(int k, const char *name)
{
	g.goal_def[k] = t_def(g.rs, name);
}

static void play(const char *card, int x, int y, int rot)
{
	sab_move m = t_path(g.rs, card, x, y, rot);

	t_apply(&g, &m, &ev);
}

static const sab_event *find(int type)
{
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == type)
			return &ev.ev[i];
	return NULL;
}

static int roles_mask(int role)
{
	int m = 0;

	for (int s = 0; s < g.nplayers; s++)
		if (g.role[s] == role)
			m |= 1 << s;
	return m;
}

/* "Take the goal card with gold and 4 random of the remaining 7 goal
 * cards. Shuffle all 5 cards and prepare the setup as shown. Put aside
 * the remaining 3 goal cards" -- "The Next Round: Take all 8 goal cards
 * and prepare the setup as described above." */
START_TEST(each_round_deals_the_gold_and_four_others)
{
	const sab_ruleset *rs = t_ruleset_file(BASE);
	int seen_aside[SAB_MAX_DEFS] = { 0 };

	ck_assert_int_eq(rs->ngoals, 5);
	ck_assert_int_eq(rs->ngoal_cards, 8);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		uint8_t all[SAB_MAX_GOALS], got[SAB_MAX_GOALS];
		int gold = 0;

		t_game(&g, rs, 4, seed, NULL);
		memcpy(all, rs->goal_defs, 8);
		memcpy(got, g.goal_def, 8);
		for (int k = 0; k < 5; k++)
			gold += rs->defs[got[k]].gold;
		ck_assert_int_eq(gold, 1);
		/* The eight cards, each once: five placed, three aside. */
		for (int i = 0; i < 8; i++) {
			int n = 0, m = 0;
			for (int j = 0; j < 8; j++) {
				n += all[j] == all[i];
				m += got[j] == all[i];
			}
			ck_assert_int_eq(n, m);
		}
		for (int k = 5; k < 8; k++)
			seen_aside[got[k]] = 1;
		ck_assert_int_eq(g.board.cell[sab_board_index(8, 4)],
		    SAB_CELL_HIDDEN);
	}
	/* Over 40 deals every card but the gold was put aside once. */
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(seen_aside[rs->goal_defs[i]],
		    !rs->defs[rs->goal_defs[i]].gold);
}
END_TEST

/* "Gold Sack: Take 1 or 2 gold pieces as shown on the card
 * immediately." */
START_TEST(gold_sack_pays_its_gold_at_once)
{
	const sab_event *e;
	sab_event v;

	game(BASE, 3);
	goal(1, "sack-2");
	play("curve-nw", 8, -1, 0);
	ck_assert_int_eq(g.gold[0], 2);
	ck_assert_int_eq(g.goal_open, 1 << 1);
	e = find(SAB_EV_GOLD);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->value, 2);
	/* Gold is private, as a round's pay is: another seat sees the
	 * event, not the amount. */
	ck_assert_int_eq(sab_event_view(e, 1, &v), 1);
	ck_assert_int_eq(v.value, 0);
	/* The turn goes on: seat 0 drew, seat 1 is to act. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.round, 1);
}
END_TEST

/* "Dragon: Pay 1 gold piece immediately, if you already have any." */
START_TEST(dragon_takes_one_gold_when_there_is_any)
{
	game(BASE, 3);
	goal(1, "dragon");
	g.gold[0] = 3;
	play("curve-nw", 8, -1, 0);
	ck_assert_int_eq(g.gold[0], 2);
	ck_assert_ptr_nonnull(find(SAB_EV_PAID));
	ck_assert_int_eq(find(SAB_EV_PAID)->value, 1);
}
END_TEST

START_TEST(dragon_takes_nothing_from_who_has_none)
{
	game(BASE, 3);
	goal(1, "dragon");
	play("curve-nw", 8, -1, 0);
	ck_assert_int_eq(g.gold[0], 0);
	/* Told all the same, so nobody learns that seat 0 had none. */
	ck_assert_ptr_nonnull(find(SAB_EV_PAID));
	ck_assert_int_eq(find(SAB_EV_PAID)->value, 0);
	ck_assert_int_eq(find(SAB_EV_PAID)->vis, SAB_VIS_HIDDEN);
}
END_TEST

/* "Giant Spider: The round ends immediately, and the Saboteurs have
 * won." */
START_TEST(giant_spider_ends_the_round_for_the_saboteurs)
{
	const sab_event *e;
	int sabs;

	game(BASE, 3);
	goal(1, "spider");
	sabs = roles_mask(SAB_ROLE_SABOTEUR);
	ck_assert_int_ne(sabs, 0);
	play("curve-nw", 8, -1, 0);
	e = find(SAB_EV_ROUND_END);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->n, SAB_END_SPIDER);
	ck_assert_int_eq(e->target, SAB_ROLE_SABOTEUR);
	ck_assert_int_eq(e->mask, sabs);
	/* The saboteurs are paid as in a round they won (the ruleset's
	 * saboteur_pay by how many there are); round 2 has begun. */
	for (int s = 0; s < 5; s++)
		ck_assert_int_eq(g.gold[s], (sabs >> s & 1) ?
		    g.rs->saboteur_pay[__builtin_popcount((unsigned)sabs)] : 0);
	ck_assert_int_eq(g.round, 2);
}
END_TEST

START_TEST(giant_spider_in_saboteur2_pays_the_saboteurs)
{
	const sab_event *e;

	game(SAB2, 5);
	goal(1, "spider");
	play("curve-nw", 8, -1, 0);
	e = find(SAB_EV_ROUND_END);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->n, SAB_END_SPIDER);
	ck_assert_int_ne(e->mask, 0);
	/* Saboteur 2: the saboteurs (or the profiteer) win, no miner: the
	 * round's roles as its end shows them (round 2 deals new ones). */
	for (int i = 0; i < ev.n; i++) {
		const sab_event *r = &ev.ev[i];
		const char *name;
		if (r->type != SAB_EV_ROLE_REVEAL || !(e->mask >> r->seat & 1))
			continue;
		name = sab_role_name(g.rs, r->value);
		ck_assert_msg(strcmp(name, "saboteur") == 0 ||
		    strcmp(name, "profiteer") == 0, "seat %d won as %s",
		    r->seat, name);
	}
}
END_TEST

/* "On other goal cards, you'll find the black rocks (no effect) you
 * already know and the gold (the round ends and the Gold Miners win)." */
START_TEST(black_rocks_do_nothing)
{
	game(BASE, 3);
	goal(1, "rocks-ne");
	play("curve-nw", 8, -1, 0);
	ck_assert_int_eq(g.goal_open, 1 << 1);
	ck_assert_int_eq(g.gold[0], 0);
	ck_assert_int_eq(g.round, 1);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_ptr_null(find(SAB_EV_GOLD));
	ck_assert_ptr_null(find(SAB_EV_PAID));
}
END_TEST

START_TEST(the_gold_ends_the_round_for_the_miners)
{
	const sab_event *e;

	game(BASE, 3);
	goal(1, "gold");
	goal(0, "rocks-ne");    /* one gold only */
	for (int k = 2; k < 5; k++)
		goal(k, "sack-1");
	play("curve-nw", 8, -1, 0);
	e = find(SAB_EV_ROUND_END);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->n, SAB_END_GOLD);
	ck_assert_int_eq(e->target, SAB_ROLE_MINER);
	ck_assert_int_eq(e->seat, 0);
}
END_TEST

/* "When you reach one of the goal cards, reveal it as usual and add it
 * to the tunnel network so it matches up." */
START_TEST(a_goal_turns_to_fit_the_tunnel)
{
	game(BASE, 3);
	goal(1, "rocks-ne");
	play("curve-nw", 8, -1, 0);
	/* Reached from the south: the curve N-E turned opens S and W. */
	ck_assert_int_eq(SAB_CELL_ROT(g.board.cell[sab_board_index(8, -2)]),
	    1);
}
END_TEST

/* "If you place a new path card that connects the start card to 2
 * face-down goal cards at the same time, reveal 1, carry out its effect,
 * and then reveal the other. You choose the order." */
START_TEST(two_goals_at_once_the_player_chooses_the_order)
{
	sab_move list[SAB_MAX_MOVES], m = { .kind = SAB_MOVE_REVEAL };
	int n;

	game(BASE, 3);
	goal(1, "sack-1");
	goal(2, "sack-2");
	play("cross", 8, -1, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_ORDER);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(g.goal_open, 0);
	ck_assert_ptr_nonnull(find(SAB_EV_ORDER));
	ck_assert_int_eq(find(SAB_EV_ORDER)->mask, (1 << 1) | (1 << 2));
	n = sab_game_moves(&g, list);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(list[0].kind, SAB_MOVE_REVEAL);
	ck_assert_int_eq(list[0].goal, 1);
	ck_assert_int_eq(list[1].goal, 2);
	/* Another goal, or a card, is no answer. */
	m.goal = 0;
	ck_assert_int_eq(t_legal(&g, &m), 0);
	ck_assert_int_eq(t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = g.hand[0][0] }), 0);
	m.goal = 2;
	t_apply(&g, &m, &ev);
	/* Place 2 first, then place 1, each paid as it turned. */
	ck_assert_int_eq(ev.ev[0].type, SAB_EV_REVEAL);
	ck_assert_int_eq(ev.ev[0].goal, 2);
	ck_assert_int_eq(ev.ev[1].type, SAB_EV_GOLD);
	ck_assert_int_eq(ev.ev[1].value, 2);
	ck_assert_int_eq(ev.ev[2].type, SAB_EV_REVEAL);
	ck_assert_int_eq(ev.ev[2].goal, 1);
	ck_assert_int_eq(ev.ev[3].type, SAB_EV_GOLD);
	ck_assert_int_eq(ev.ev[3].value, 1);
	ck_assert_int_eq(g.gold[0], 3);
	/* Then the turn ends as any other: seat 0 draws, seat 1 plays. */
	ck_assert_int_eq(ev.ev[4].type, SAB_EV_DRAW);
	ck_assert_int_eq(ev.ev[4].seat, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.goal_choices, 0);
}
END_TEST

/* A first goal that ends the round (the spider, the gold) leaves the
 * second face down and unresolved: "The round ends immediately". */
START_TEST(a_first_goal_ending_the_round_leaves_the_second)
{
	game(BASE, 3);
	goal(1, "sack-2");
	goal(2, "spider");
	play("cross", 8, -1, 0);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_REVEAL, .goal = 2 }, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 1);
	ck_assert_ptr_null(find(SAB_EV_GOLD) == NULL ? NULL :
	    find(SAB_EV_GOLD)->seat == 0 && find(SAB_EV_GOLD)->value == 2 ?
	    find(SAB_EV_GOLD) : NULL);
	ck_assert_int_eq(find(SAB_EV_ROUND_END)->n, SAB_END_SPIDER);
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/* The same choice in Saboteur 2, and the dragon after a sack: the order
 * matters (the sack first leaves 1 piece to pay). */
START_TEST(order_matters_sack_then_dragon)
{
	game(SAB2, 5);
	goal(1, "sack-1");
	goal(2, "dragon");
	play("cross", 8, -1, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_ORDER);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_REVEAL, .goal = 1 }, &ev);
	ck_assert_int_eq(g.gold[0], 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_PAID), 1);

	game(SAB2, 5);
	goal(1, "sack-1");
	goal(2, "dragon");
	play("cross", 8, -1, 0);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_REVEAL, .goal = 2 }, &ev);
	ck_assert_int_eq(g.gold[0], 1);
}
END_TEST

/* A choice waiting is part of the position: it changes the hash. */
START_TEST(a_waiting_choice_changes_the_hash)
{
	uint64_t h;

	game(BASE, 3);
	goal(1, "sack-1");
	goal(2, "sack-2");
	play("cross", 8, -1, 0);
	h = sab_game_hash(&g);
	g.goal_choices = 1 << 2;
	ck_assert_uint_ne(h, sab_game_hash(&g));
}
END_TEST

/* The rulesets: effects need the module, the module one gold. */
START_TEST(rulesets_refuse_effects_without_the_module)
{
	static const char text[] =
	    "extends: base\nname: x\ngoal_cards:\n"
	    "  - {name: gold, edges: NESW, gold: true}\n"
	    "  - {name: s, edges: NE, effect: dragon}\n"
	    "  - {name: t, edges: NW}\n";
	static const char sack[] =
	    "extends: base\nname: x\nmodules: [base, goals]\ngoal_cards:\n"
	    "  - {name: gold, edges: NESW, gold: true}\n"
	    "  - {name: s, edges: NE, effect: sack}\n"
	    "  - {name: t, edges: NW}\n";
	static const char two[] =
	    "extends: base\nname: x\nmodules: [base, goals]\ngoal_cards:\n"
	    "  - {name: gold, edges: NESW, gold: true, count: 2}\n"
	    "  - {name: t, edges: NW}\n";
	sab_ruleset rs;
	char err[256];

	ck_assert_int_eq(sab_ruleset_parse(&rs, text, strlen(text), "t",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "needs module goals") != NULL, "%s", err);
	ck_assert_int_eq(sab_ruleset_parse(&rs, sack, strlen(sack), "t",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "t:6:5: goal_cards[1]: a gold sack") != NULL,
	    "%s", err);
	ck_assert_int_eq(sab_ruleset_parse(&rs, two, strlen(two), "t",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "2 gold, 3 cards") != NULL, "%s", err);
}
END_TEST

Suite *goals_suite(void)
{
	Suite *s = suite_create("goals");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, each_round_deals_the_gold_and_four_others);
	tcase_add_test(tc, gold_sack_pays_its_gold_at_once);
	tcase_add_test(tc, dragon_takes_one_gold_when_there_is_any);
	tcase_add_test(tc, dragon_takes_nothing_from_who_has_none);
	tcase_add_test(tc, giant_spider_ends_the_round_for_the_saboteurs);
	tcase_add_test(tc, giant_spider_in_saboteur2_pays_the_saboteurs);
	tcase_add_test(tc, black_rocks_do_nothing);
	tcase_add_test(tc, the_gold_ends_the_round_for_the_miners);
	tcase_add_test(tc, a_goal_turns_to_fit_the_tunnel);
	tcase_add_test(tc, two_goals_at_once_the_player_chooses_the_order);
	tcase_add_test(tc, a_first_goal_ending_the_round_leaves_the_second);
	tcase_add_test(tc, order_matters_sack_then_dragon);
	tcase_add_test(tc, a_waiting_choice_changes_the_hash);
	tcase_add_test(tc, rulesets_refuse_effects_without_the_module);
	suite_add_tcase(s, tc);
	return s;
}
