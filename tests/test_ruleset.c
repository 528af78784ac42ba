/* test_ruleset.c: built-in rulesets match the rulebooks; bad files fail. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effect.h"
#include "rng.h"
#include "rskey.h"
#include "ruleset.h"
#include "suites.h"

#define ERRLEN 256

/* Loads a built-in ruleset, failing the test when it does not load. */
static void load(sab_ruleset *rs, const char *name)
{
	char err[ERRLEN];

	ck_assert_msg(sab_ruleset_load_builtin(rs, name, err, sizeof err) == 0,
	    "%s: %s", name, err);
}

/* The definition called name, failing the test when there is none. */
static const sab_card *def(const sab_ruleset *rs, const char *name)
{
	int i = sab_ruleset_find(rs, name);

	ck_assert_msg(i >= 0, "no card \"%s\" in %s", name, rs->name);
	return &rs->defs[i];
}

static uint8_t edges(const char *s)
{
	uint8_t m = 0;

	for (; *s; s++)
		m |= (uint8_t)(*s == 'N' ? SAB_N : *s == 'E' ? SAB_E :
		    *s == 'S' ? SAB_S : SAB_W);
	return m;
}

/* ------------------------------------------------------------------ */
/* The built-in rulesets */

START_TEST(builtins_all_load)
{
	static const char *const want[] = { "base", "classic", "course",
	    "saboteur2", "base-wc", "saboteur2-wc", "tournament",
	    "base-wc-greedy", "base-minis", "saboteur2-minis" };
	sab_ruleset rs;
	size_t len;
	int i;

	for (i = 0; sab_ruleset_builtin_name(i) != NULL; i++) {
		ck_assert_int_lt(i, 10);
		ck_assert_str_eq(sab_ruleset_builtin_name(i), want[i]);
		load(&rs, want[i]);
		ck_assert_str_eq(rs.name, want[i]);
		ck_assert_ptr_nonnull(sab_ruleset_builtin(want[i], &len));
		ck_assert_uint_gt(len, 100);
	}
	ck_assert_int_eq(i, 10);
	ck_assert_ptr_null(sab_ruleset_builtin_name(-1));
	ck_assert_ptr_null(sab_ruleset_builtin("nope", &len));
}
END_TEST

START_TEST(unknown_builtin_is_named)
{
	sab_ruleset rs;
	char err[ERRLEN];

	ck_assert_int_eq(sab_ruleset_load_builtin(&rs, "x", err, sizeof err),
	    -1);
	ck_assert_str_eq(err,
	    "unknown ruleset \"x\" (built in: base, classic, course, "
	    "saboteur2, base-wc, saboteur2-wc, tournament, base-wc-greedy, "
	    "base-minis, saboteur2-minis)");
}
END_TEST

/* RULES-NOTES, "the 40 path cards in the deck". */
static const struct {
	const char *name, *edges;
	int dead, count;
} base_paths[] = {
	{ "cross", "NESW", 0, 5 }, { "tee-nse", "NES", 0, 5 },
	{ "tee-new", "NEW", 0, 5 }, { "straight-ns", "NS", 0, 4 },
	{ "straight-ew", "EW", 0, 3 }, { "curve-ne", "NE", 0, 5 },
	{ "curve-nw", "NW", 0, 4 },
	{ "dead-n", "N", 1, 1 }, { "dead-e", "E", 1, 1 },
	{ "dead-ns", "NS", 1, 1 }, { "dead-ew", "EW", 1, 1 },
	{ "dead-ne", "NE", 1, 1 }, { "dead-nw", "NW", 1, 1 },
	{ "dead-nes", "NES", 1, 1 }, { "dead-new", "NEW", 1, 1 },
	{ "dead-nesw", "NESW", 1, 1 },
};

START_TEST(base_has_the_40_path_cards)
{
	sab_ruleset rs;
	int connected = 0, dead = 0, kinds = 0;

	load(&rs, "base");
	for (size_t i = 0; i < sizeof base_paths / sizeof base_paths[0]; i++) {
		const sab_card *d = def(&rs, base_paths[i].name);

		ck_assert_int_eq(d->type, SAB_CARD_PATH);
		ck_assert_int_eq(d->edges, edges(base_paths[i].edges));
		ck_assert_int_eq(d->count, base_paths[i].count);
		ck_assert_int_eq(d->groups[1], 0);
		ck_assert_int_eq(d->groups[0],
		    base_paths[i].dead ? 0 : d->edges);
		if (base_paths[i].dead)
			dead += d->count;
		else
			connected += d->count;
	}
	for (int i = 0; i < rs.ndefs; i++)
		kinds += rs.defs[i].type == SAB_CARD_PATH;
	ck_assert_int_eq(kinds, 16);
	ck_assert_int_eq(connected, 31);
	ck_assert_int_eq(dead, 9);
}
END_TEST

/* RULES-NOTES, "the 27 action cards". */
static const struct {
	const char *name;
	int type, tools, count;
} base_actions[] = {
	{ "broken-pickaxe", SAB_CARD_SABOTAGE, SAB_PICKAXE, 3 },
	{ "broken-lantern", SAB_CARD_SABOTAGE, SAB_LANTERN, 3 },
	{ "broken-cart", SAB_CARD_SABOTAGE, SAB_CART, 3 },
	{ "repair-pickaxe", SAB_CARD_REPAIR, SAB_PICKAXE, 2 },
	{ "repair-lantern", SAB_CARD_REPAIR, SAB_LANTERN, 2 },
	{ "repair-cart", SAB_CARD_REPAIR, SAB_CART, 2 },
	{ "repair-pickaxe-lantern", SAB_CARD_REPAIR, SAB_PICKAXE | SAB_LANTERN,
	    1 },
	{ "repair-pickaxe-cart", SAB_CARD_REPAIR, SAB_PICKAXE | SAB_CART, 1 },
	{ "repair-lantern-cart", SAB_CARD_REPAIR, SAB_LANTERN | SAB_CART, 1 },
	{ "rockfall", SAB_CARD_ROCKFALL, 0, 3 },
	{ "map", SAB_CARD_MAP, 0, 6 },
};

START_TEST(base_has_the_27_action_cards)
{
	sab_ruleset rs;
	int total = 0;

	load(&rs, "base");
	for (size_t i = 0; i < sizeof base_actions / sizeof base_actions[0];
	    i++) {
		const sab_card *d = def(&rs, base_actions[i].name);

		ck_assert_int_eq(d->type, base_actions[i].type);
		ck_assert_int_eq(d->tools, base_actions[i].tools);
		ck_assert_int_eq(d->count, base_actions[i].count);
		total += d->count;
	}
	ck_assert_int_eq(total, 27);
	ck_assert_int_eq(rs.deck_size, 67);
	ck_assert_int_eq(rs.sabotage_def[0], sab_ruleset_find(&rs,
	    "broken-pickaxe"));
	ck_assert_int_eq(rs.sabotage_def[1], sab_ruleset_find(&rs,
	    "broken-lantern"));
	ck_assert_int_eq(rs.sabotage_def[2], sab_ruleset_find(&rs,
	    "broken-cart"));
}
END_TEST

/* 44 path cards: the deck's 40, the start card and three goal cards. */
START_TEST(base_start_and_goals)
{
	sab_ruleset rs;
	int gold = 0;

	load(&rs, "base");
	ck_assert_int_eq(rs.ndefs, 16 + 11 + 1 + 3);
	/* Deck cards first, then the start card, then the goal cards. */
	ck_assert_int_eq(rs.start_def, 27);
	ck_assert_str_eq(rs.defs[27].name, "start");
	ck_assert_int_eq(rs.defs[27].type, SAB_CARD_START);
	ck_assert_int_eq(rs.defs[27].edges, 15);
	ck_assert_int_eq(rs.defs[27].groups[0], 15);
	ck_assert_int_eq(rs.ngoals, 3);
	for (int i = 0; i < 3; i++) {
		const sab_card *g = &rs.defs[rs.goal_defs[i]];

		ck_assert_int_eq(rs.goal_defs[i], 28 + i);
		ck_assert_int_eq(g->type, SAB_CARD_GOAL);
		ck_assert_int_eq(g->groups[0], g->edges);
		gold += g->gold;
	}
	ck_assert_int_eq(gold, 1);
	ck_assert_int_eq(def(&rs, "gold")->gold, 1);
	ck_assert_int_eq(def(&rs, "gold")->edges, 15);
	ck_assert_int_eq(def(&rs, "stone-ne")->edges, SAB_N | SAB_E);
	ck_assert_int_eq(def(&rs, "stone-nw")->edges, SAB_N | SAB_W);
}
END_TEST

START_TEST(base_gold_roles_and_hands)
{
	static const int sab[11] = { 0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 4 };
	static const int min[11] = { 0, 0, 0, 3, 4, 4, 5, 5, 6, 7, 7 };
	static const int hand[11] = { 0, 0, 0, 6, 6, 6, 5, 5, 4, 4, 4 };
	sab_ruleset rs;
	int by_value[4] = { 0 };

	load(&rs, "base");
	ck_assert_int_eq(rs.ngold, 28);
	for (int i = 0; i < rs.ngold; i++) {
		ck_assert_int_ge(rs.gold_cards[i], 1);
		ck_assert_int_le(rs.gold_cards[i], 3);
		by_value[rs.gold_cards[i]]++;
	}
	ck_assert_int_eq(by_value[1], 16);
	ck_assert_int_eq(by_value[2], 8);
	ck_assert_int_eq(by_value[3], 4);
	ck_assert_int_eq(rs.gold_drawn, SAB_GOLD_PER_MINER);
	ck_assert_int_eq(rs.gold_drawn_max, 0);
	ck_assert_int_eq(rs.saboteur_pay[1], 4);
	ck_assert_int_eq(rs.saboteur_pay[2], 3);
	ck_assert_int_eq(rs.saboteur_pay[3], 3);
	ck_assert_int_eq(rs.saboteur_pay[4], 2);
	ck_assert_int_eq(rs.min_players, 3);
	ck_assert_int_eq(rs.max_players, 10);
	ck_assert_int_eq(rs.rounds, 3);
	ck_assert_int_eq(rs.has_roles, 1);
	for (int n = 0; n <= SAB_MAX_PLAYERS; n++) {
		ck_assert_int_eq(rs.saboteurs[n], n <= 10 ? sab[n] : 0);
		ck_assert_int_eq(rs.miners[n], n <= 10 ? min[n] : 0);
		ck_assert_int_eq(rs.hand_size[n], n <= 10 ? hand[n] : 0);
	}
}
END_TEST

START_TEST(base_board_and_options)
{
	sab_ruleset rs;

	load(&rs, "base");
	ck_assert_int_eq(rs.bounded, 0);
	ck_assert_int_eq(rs.start_x, 0);
	ck_assert_int_eq(rs.start_y, 0);
	ck_assert_int_eq(rs.goal_x[0], 8);
	ck_assert_int_eq(rs.goal_y[0], -2);
	ck_assert_int_eq(rs.goal_x[1], 8);
	ck_assert_int_eq(rs.goal_y[1], 0);
	ck_assert_int_eq(rs.goal_x[2], 8);
	ck_assert_int_eq(rs.goal_y[2], 2);
	/* An unbounded board has no min and max. */
	ck_assert_int_eq(rs.min_x, 0);
	ck_assert_int_eq(rs.max_y, 0);
	ck_assert_int_eq(rs.placement, SAB_PLACE_CONNECTED);
	ck_assert_int_eq(rs.sabotage_self, 0);
	ck_assert_int_eq(rs.sabotage_stacks, 0);
	ck_assert_int_eq(rs.repair_self_only, 0);
	ck_assert_int_eq(rs.sabotaged_dwarf, 0);
	ck_assert_int_eq(rs.scoring, SAB_SCORE_GOLD);
	ck_assert_str_eq(rs.title, "Saboteur, anniversary edition (2024)");
}
END_TEST

/* Classic differs from base in the gold drawn and in sabotage_self only. */
START_TEST(classic_differs_from_base_only_where_documented)
{
	sab_ruleset base, classic;

	load(&base, "base");
	load(&classic, "classic");
	ck_assert_int_eq(classic.gold_drawn, SAB_GOLD_PER_PLAYER);
	ck_assert_int_eq(classic.gold_drawn_max, 9);
	ck_assert_int_eq(classic.sabotage_self, 1);
	ck_assert_str_eq(classic.title, "Saboteur, classic edition (2004)");
	classic.gold_drawn = base.gold_drawn;
	classic.gold_drawn_max = base.gold_drawn_max;
	classic.sabotage_self = base.sabotage_self;
	memcpy(classic.name, base.name, sizeof classic.name);
	memcpy(classic.title, base.title, sizeof classic.title);
	ck_assert(memcmp(&base, &classic, sizeof base) == 0);
}
END_TEST

START_TEST(course_cards_board_and_options)
{
	sab_ruleset rs;

	load(&rs, "course");
	ck_assert_int_eq(rs.deck_size, 55);
	ck_assert_int_eq(rs.min_players, 2);
	ck_assert_int_eq(rs.max_players, 2);
	ck_assert_int_eq(rs.rounds, 1);
	ck_assert_int_eq(rs.has_roles, 0);
	ck_assert_int_eq(rs.ngold, 0);
	ck_assert_int_eq(rs.hand_size[2], 7);
	ck_assert_int_eq(rs.bounded, 1);
	ck_assert_int_eq(rs.max_x - rs.min_x + 1, 15);
	ck_assert_int_eq(rs.max_y - rs.min_y + 1, 15);
	ck_assert_int_eq(rs.min_x, -7);
	ck_assert_int_eq(rs.min_y, -5);
	ck_assert_int_eq(rs.start_x, 0);
	ck_assert_int_eq(rs.start_y, 0);
	ck_assert_int_eq(rs.ngoals, 3);
	ck_assert_int_eq(rs.goal_x[0], -2);
	ck_assert_int_eq(rs.goal_x[1], 0);
	ck_assert_int_eq(rs.goal_x[2], 2);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(rs.goal_y[i], 7);
	ck_assert_int_eq(def(&rs, "destroy")->type, SAB_CARD_ROCKFALL);
	ck_assert_int_eq(def(&rs, "destroy")->count, 3);
	ck_assert_int_eq(def(&rs, "malus")->type, SAB_CARD_SABOTAGE);
	ck_assert_int_eq(def(&rs, "malus")->tools, SAB_PICKAXE);
	ck_assert_int_eq(def(&rs, "malus")->count, 2);
	ck_assert_int_eq(def(&rs, "bonus")->type, SAB_CARD_REPAIR);
	ck_assert_int_eq(def(&rs, "bonus")->count, 4);
	ck_assert_int_eq(def(&rs, "map")->count, 6);
	ck_assert_int_eq(rs.sabotage_def[1], 0xFF);
	ck_assert_int_eq(rs.sabotage_def[2], 0xFF);
	ck_assert_int_eq(rs.placement, SAB_PLACE_TOUCHING);
	ck_assert_int_eq(rs.sabotage_stacks, 1);
	ck_assert_int_eq(rs.repair_self_only, 1);
	ck_assert_int_eq(rs.sabotage_self, 0);
	ck_assert_int_eq(rs.scoring, SAB_SCORE_PATH);
}
END_TEST

/* The objectives: a nugget and one cross definition used twice. */
START_TEST(course_goal_cards)
{
	sab_ruleset rs;
	const sab_card *g0, *g1;

	load(&rs, "course");
	ck_assert_int_eq(rs.ndefs, 16 + 4 + 1 + 2);
	g0 = &rs.defs[rs.goal_defs[0]];
	g1 = &rs.defs[rs.goal_defs[1]];
	ck_assert_str_eq(g0->name, "nugget");
	ck_assert_int_eq(g0->gold, 1);
	ck_assert_str_eq(g1->name, "empty-cross");
	ck_assert_int_eq(g1->type, SAB_CARD_GOAL);
	ck_assert_int_eq(g1->gold, 0);
	ck_assert_int_eq(g1->count, 2);
	ck_assert_int_eq(rs.goal_defs[1], rs.goal_defs[2]);
	/* Every name is one card: the deck's cross and the goal differ. */
	ck_assert_int_eq(sab_ruleset_find(&rs, "cross"), 0);
	ck_assert_int_eq(sab_ruleset_find(&rs, "empty-cross"), rs.goal_defs[1]);
	ck_assert_int_eq(rs.defs[0].type, SAB_CARD_PATH);
	ck_assert_int_eq(sab_ruleset_find(&rs, "bridge"), -1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Orientations */

START_TEST(rotations_of_base_cards)
{
	sab_ruleset rs;
	const sab_card *d;

	load(&rs, "base");
	d = def(&rs, "cross");
	ck_assert_int_eq(d->symmetric, 1);
	ck_assert_int_eq(d->rot_edges[1], 15);
	for (int e = 0; e < 4; e++) {
		ck_assert_int_eq(d->rot_group[0][e], 15);
		ck_assert_int_eq(d->rot_group[1][e], 15);
	}

	d = def(&rs, "curve-ne");
	ck_assert_int_eq(d->symmetric, 0);
	ck_assert_int_eq(d->rot_edges[0], SAB_N | SAB_E);
	ck_assert_int_eq(d->rot_edges[1], SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[0][0], SAB_N | SAB_E);
	ck_assert_int_eq(d->rot_group[0][1], SAB_N | SAB_E);
	ck_assert_int_eq(d->rot_group[0][2], 0);
	ck_assert_int_eq(d->rot_group[0][3], 0);
	ck_assert_int_eq(d->rot_group[1][0], 0);
	ck_assert_int_eq(d->rot_group[1][1], 0);
	ck_assert_int_eq(d->rot_group[1][2], SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[1][3], SAB_S | SAB_W);

	d = def(&rs, "straight-ns");
	ck_assert_int_eq(d->symmetric, 1);
	ck_assert_int_eq(d->rot_edges[1], SAB_N | SAB_S);
	ck_assert_int_eq(d->rot_group[1][0], SAB_N | SAB_S);
	ck_assert_int_eq(d->rot_group[1][1], 0);

	d = def(&rs, "dead-ns");
	ck_assert_int_eq(d->symmetric, 1);
	ck_assert_int_eq(d->rot_edges[1], SAB_N | SAB_S);
	for (int e = 0; e < 4; e++) {
		ck_assert_int_eq(d->rot_group[0][e], 0);
		ck_assert_int_eq(d->rot_group[1][e], 0);
	}

	d = def(&rs, "tee-nse");
	ck_assert_int_eq(d->symmetric, 0);
	ck_assert_int_eq(d->rot_edges[1], SAB_N | SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[1][3], SAB_N | SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[1][1], 0);
}
END_TEST

/* A bridge and a card with a stub, read from YAML text. */
START_TEST(rotations_of_groups)
{
	static const char text[] =
	    "name: groups\nplayers: {min: 2, max: 2}\nrounds: 1\n"
	    "hand_size: {2: 1}\n"
	    "board: {start: [0, 0], goals: [[3, 0]]}\n"
	    "start_card: {edges: NESW}\n"
	    "goal_cards: [{name: gold, edges: NESW, gold: true}]\n"
	    "deck:\n"
	    "  - {name: bridge, type: path, edges: NESW, groups: [NS, EW]}\n"
	    "  - {name: stub-s, type: path, edges: NES, groups: [NE]}\n"
	    "options: {scoring: path}\n";
	sab_ruleset rs;
	char err[ERRLEN];
	const sab_card *d;

	ck_assert_msg(sab_ruleset_parse(&rs, text, strlen(text), "t", err,
	    sizeof err) == 0, "%s", err);
	d = def(&rs, "bridge");
	ck_assert_int_eq(d->symmetric, 1);
	ck_assert_int_eq(d->rot_group[0][0], SAB_N | SAB_S);
	ck_assert_int_eq(d->rot_group[0][1], SAB_E | SAB_W);
	ck_assert_int_eq(d->rot_group[1][2], SAB_N | SAB_S);
	ck_assert_int_eq(d->rot_group[1][3], SAB_E | SAB_W);
	d = def(&rs, "stub-s");
	ck_assert_int_eq(d->symmetric, 0);
	ck_assert_int_eq(d->count, 1);
	ck_assert_int_eq(d->rot_group[0][2], 0);
	ck_assert_int_eq(d->rot_group[0][0], SAB_N | SAB_E);
	/* Turned: the stub is north, the joined edges south and west. */
	ck_assert_int_eq(d->rot_edges[1], SAB_N | SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[1][0], 0);
	ck_assert_int_eq(d->rot_group[1][2], SAB_S | SAB_W);
	ck_assert_int_eq(d->rot_group[1][3], SAB_S | SAB_W);
}
END_TEST

START_TEST(names_and_formats)
{
	char buf[5];

	ck_assert_str_eq(sab_edges_format(0, buf), "-");
	ck_assert_str_eq(sab_edges_format(15, buf), "NESW");
	ck_assert_str_eq(sab_edges_format(SAB_S | SAB_N, buf), "NS");
	ck_assert_str_eq(sab_edges_format(SAB_W | SAB_E, buf), "EW");
	ck_assert_str_eq(sab_edges_format(SAB_W, buf), "W");
	ck_assert_str_eq(sab_edges_format(SAB_N | SAB_S | SAB_W, buf), "NSW");
	ck_assert_str_eq(sab_tool_name(SAB_PICKAXE), "pickaxe");
	ck_assert_str_eq(sab_tool_name(SAB_LANTERN), "lantern");
	ck_assert_str_eq(sab_tool_name(SAB_CART), "cart");
	ck_assert_str_eq(sab_tool_name(SAB_LANTERN | SAB_CART), "lantern");
	ck_assert_str_eq(sab_tool_name(0), "?");
	ck_assert_str_eq(sab_tool_name(8), "?");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_PATH), "path");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_START), "start");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_GOAL), "goal");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_SABOTAGE), "sabotage");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_REPAIR), "repair");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_ROCKFALL), "rockfall");
	ck_assert_str_eq(sab_card_type_name(SAB_CARD_MAP), "map");
	ck_assert_str_eq(sab_card_type_name(200), "?");
}
END_TEST

/* finish() on a ruleset built in code: messages without a file or line. */
START_TEST(finish_checks_rulesets_built_in_code)
{
	sab_ruleset rs, copy;
	char err[ERRLEN];
	int i;

	load(&rs, "base");
	copy = rs;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), 0);
	ck_assert(memcmp(&rs, &copy, sizeof rs) == 0);

	i = sab_ruleset_find(&copy, "broken-cart");
	copy.defs[i].tools = SAB_PICKAXE;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), -1);
	ck_assert_str_eq(err, "deck[18]: a second sabotage card for the "
	    "pickaxe (deck[16] \"broken-pickaxe\" is the first)");

	copy = rs;
	copy.hand_size[6] = 0;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), -1);
	ck_assert_str_eq(err, "hand_size: no entry for 6 players");

	copy = rs;
	copy.defs[sab_ruleset_find(&copy, "gold")].gold = 0;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), -1);
	ck_assert_str_eq(err, "goal_cards: no goal card holds the gold "
	    "(mark one with gold: true)");

	copy = rs;
	copy.defs[sab_ruleset_find(&copy, "curve-ne")].groups[1] = SAB_N;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), -1);
	ck_assert_str_eq(err, "deck[5]: groups NE and N share an edge");

	copy = rs;
	copy.placement = SAB_PLACE_TOUCHING;
	ck_assert_int_eq(sab_ruleset_finish(&copy, err, sizeof err), -1);
	ck_assert_str_eq(err, "options: an unbounded board needs "
	    "placement: connected");
}
END_TEST

/* A message that does not fit is cut, but still ends in a NUL. */
START_TEST(short_error_buffers)
{
	static const char text[] = "name: x\nrounds: 99\n";
	sab_ruleset rs;
	char err[12];

	memset(err, 'z', sizeof err);
	ck_assert_int_eq(sab_ruleset_parse(&rs, text, strlen(text),
	    "source.yaml", err, sizeof err), -1);
	ck_assert_str_eq(err, "source.yaml");
	ck_assert_int_eq(sab_ruleset_parse(&rs, text, strlen(text),
	    "source.yaml", err, 0), -1);
	ck_assert_int_eq(sab_ruleset_parse(&rs, NULL, 0, "n", err, sizeof err),
	    -1);
	ck_assert_str_eq(err, "n:1:1: the ");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Bad files: each must fail with exactly this message. */

static const struct {
	const char *file;
	const char *message;    /* after "DIR/FILE:" */
} bad[] = {
	{ "bad-syntax.yaml", "4:7: YAML syntax error: did not find expected "
	    "',' or '}' while parsing a flow mapping that starts on line 3" },
	{ "bad-utf8.yaml", "4:13: not UTF-8 text: invalid trailing UTF-8 "
	    "octet" },
	{ "empty.yaml", "1:1: the ruleset is empty" },
	{ "bad-extends-unknown.yaml", "3:1: extends: unknown built-in "
	    "ruleset \"basic\" (built in: base, classic, course)" },
	{ "bad-extends-inherited-check.yaml", "3:1: hand_size: no entry for "
	    "3 players" },
	{ "bad-extends-inherited-goals.yaml", "6:1: goal_cards, taken from "
	    "base (this file extends it), does not fit: 3 goal cards for 2 "
	    "goal places (board.goals); give goal_cards in this file too" },
	{ "bad-tab.yaml", "5:1: a tab, where YAML allows only spaces "
	    "(indentation): indent with spaces" },
	{ "bad-two-documents.yaml", "23:1: a second YAML document; a "
	    "ruleset is one document" },
	{ "bad-unknown-key.yaml", "23:3: options: unknown key "
	    "\"sabotage_slef\" (expected placement, sabotage_self, "
	    "sabotage_stacks, repair_self_only, sabotaged_dwarf, scoring, "
	    "remove_front, pass_max, set_aside or middle_path)" },
	{ "bad-duplicate-key.yaml", "5:1: key \"rounds\" given twice (first "
	    "on line 4)" },
	{ "bad-missing-key.yaml", "2:1: missing key \"deck\"" },
	{ "bad-not-mapping.yaml", "3:10: players: expected a mapping, found "
	    "a list" },
	{ "bad-not-integer.yaml", "4:9: rounds: expected a whole number "
	    "from 1 to 9, found \"1.5\"" },
	{ "bad-out-of-range.yaml", "3:24: players.max: \"13\" is out of "
	    "range (2 to 12)" },
	{ "bad-player-key.yaml", "8:19: hand_size: key \"three\" is not a "
	    "player count (2 to 12)" },
	{ "bad-bool.yaml", "14:37: goal_cards[0].gold: expected true or "
	    "false, found \"maybe\"" },
	{ "bad-name.yaml", "2:7: name \"Tiny\" is not 1 to 31 of the "
	    "characters a-z, 0-9, _ and -" },
	{ "bad-type.yaml", "16:25: deck[0].type: expected path, sabotage, "
	    "repair, rockfall or map, found \"pathh\"" },
	{ "bad-edges.yaml", "16:38: deck[0].edges: unexpected letter \"X\" "
	    "in \"NXSW\" (use N, E, S and W)" },
	{ "bad-count.yaml", "16:51: deck[0].count: \"0\" is out of range (1 "
	    "to 255)" },
	{ "bad-key-for-type.yaml", "16:44: deck[0]: \"tool\" does not apply "
	    "to a path card" },
	{ "bad-groups.yaml", "16:5: deck[0]: groups NS and NE share an edge" },
	{ "bad-duplicate-name.yaml", "18:5: deck[2]: name \"cross\" already "
	    "used by deck[0]" },
	{ "bad-second-sabotage-def.yaml", "19:5: deck[3]: a second sabotage "
	    "card for the pickaxe (deck[1] \"broken-pickaxe\" is the first)" },
	{ "bad-goals-count.yaml", "14:3: goal_cards: 1 goal card for 2 goal "
	    "places (board.goals)" },
	{ "bad-no-gold-goal.yaml", "14:3: goal_cards: no goal card holds "
	    "the gold (mark one with gold: true)" },
	{ "bad-roles.yaml", "7:3: roles: 3 players need at least 3 role "
	    "cards, but saboteurs + miners is 2" },
	{ "bad-roles-entry.yaml", "8:3: roles: an entry for 4 players, but "
	    "the game is for 2 to 3" },
	{ "bad-hand-too-big.yaml", "8:19: hand_size: 3 players with 4 cards "
	    "each need 12 cards, but the deck has 10" },
	{ "bad-saboteur-pay.yaml", "21:17: gold.saboteur_pay: no pay for 1 "
	    "saboteur (the roles can deal up to 1)" },
	{ "bad-min-unbounded.yaml", "10:3: board: min and max need bounded: "
	    "true" },
	{ "bad-start-outside.yaml", "13:10: board.start: (-3, 0) is outside "
	    "the board (-1, -2) to (5, 2)" },
	{ "bad-goal-on-start.yaml", "11:11: board.goals[0]: (0, 0) is the "
	    "start" },
	{ "bad-unbounded-touching.yaml", "23:3: options: an unbounded board "
	    "needs placement: connected" },
	{ "bad-scoring-no-gold.yaml", "2:1: options: scoring gold needs a "
	    "gold section" },
};

/* Reads a fixture into a malloc'd buffer; the caller frees it. */
static char *read_fixture(const char *file, char *path, size_t size,
    size_t *len)
{
	FILE *f;
	char *buf;
	int n;

	n = snprintf(path, size, "%s/rulesets/%s", fixtures_dir(), file);
	ck_assert(n > 0 && (size_t)n < size);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	buf = malloc(65536);
	ck_assert_ptr_nonnull(buf);
	*len = fread(buf, 1, 65536, f);
	ck_assert(ferror(f) == 0 && feof(f));
	fclose(f);
	return buf;
}

START_TEST(bad_file_fails_with_its_message)
{
	char path[512], want[ERRLEN + 512], err[ERRLEN];
	sab_ruleset rs;
	size_t len;
	char *text = read_fixture(bad[_i].file, path, sizeof path, &len);
	int rc = sab_ruleset_parse(&rs, text, len, path, err, sizeof err);

	free(text);
	ck_assert_int_eq(rc, -1);
	snprintf(want, sizeof want, "%s:%s", path, bad[_i].message);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(good_fixture_loads)
{
	char path[512], err[ERRLEN];
	sab_ruleset rs;
	size_t len;
	char *text = read_fixture("good-tiny.yaml", path, sizeof path, &len);
	int rc = sab_ruleset_parse(&rs, text, len, path, err, sizeof err);

	free(text);
	ck_assert_msg(rc == 0, "%s", err);
	ck_assert_int_eq(rs.deck_size, 10);
	ck_assert_int_eq(def(&rs, "broken-pickaxe")->count, 1);
	ck_assert_str_eq(rs.title, "tiny");
}
END_TEST

/* ------------------------------------------------------------------ */
/* Damaged input never crashes and always names the source, a line and a
 * column. */

static void parse_damaged(const char *text, size_t len, const char *source)
{
	char err[ERRLEN];
	sab_ruleset rs;
	size_t k = strlen(source);

	if (sab_ruleset_parse(&rs, text, len, source, err, sizeof err) == 0)
		return;
	ck_assert_msg(strncmp(err, source, k) == 0, "bad message: %s", err);
	for (int part = 0; part < 2; part++) {  /* ":LINE" then ":COLUMN" */
		ck_assert_msg(err[k] == ':' && err[k + 1] >= '1' &&
		    err[k + 1] <= '9', "bad message: %s", err);
		k += 2;
		while (err[k] >= '0' && err[k] <= '9')
			k++;
	}
	ck_assert_msg(err[k] == ':' && err[k + 1] == ' ', "bad message: %s",
	    err);
}

START_TEST(damaged_builtins_fail_cleanly)
{
	static const char plain[] = "0123456789-:,[]{}#&*!|>'\"%@` \n\t"
	    "NESWabcdeflmnoprstuwy_";
	const char *name = sab_ruleset_builtin_name(_i);
	char source[64];
	size_t len;
	const char *text = sab_ruleset_builtin(name, &len);
	char *copy = malloc(len);
	sab_rng rng;

	ck_assert_ptr_nonnull(copy);
	snprintf(source, sizeof source, "builtin:%s", name);
	/* Truncations: each parse gets its own exact-size copy, so that a
	 * read past the end is caught by the sanitizer. */
	for (int i = 0; i < 200; i++) {
		size_t cut = len * (size_t)i / 200;
		char *part = malloc(cut > 0 ? cut : 1);

		ck_assert_ptr_nonnull(part);
		memcpy(part, text, cut);
		parse_damaged(part, cut, source);
		free(part);
	}
	sab_rng_seed(&rng, 2026u + (uint64_t)_i);
	for (int i = 0; i < 2000; i++) {
		size_t at = sab_rng_below(&rng, (uint32_t)len);

		memcpy(copy, text, len);
		/* Half the bytes are arbitrary, which mostly tests the UTF-8
		 * reader; half are characters that mean something in YAML or
		 * in a ruleset, which reach the checks behind it. */
		if (i % 2 == 0)
			copy[at] = (char)sab_rng_below(&rng, 256);
		else
			copy[at] = plain[sab_rng_below(&rng,
			    (uint32_t)sizeof plain - 1)];
		parse_damaged(copy, len, source);
	}
	free(copy);
}
END_TEST

/* "extends" takes the sections a file leaves out from a built-in ruleset;
 * options merge key by key; name and title are the file's own. */
START_TEST(extends_takes_what_is_left_out)
{
	static const char text[] =
	    "extends: base\n"
	    "name: base-sabotaged\n"
	    "options: {sabotaged_dwarf: true}\n";
	static const char rounds[] =
	    "extends: classic\n"
	    "name: short-classic\n"
	    "rounds: 1\n"
	    "options: {placement: connected}\n";
	sab_ruleset rs, base, x;
	char err[ERRLEN];

	load(&base, "base");
	ck_assert_msg(sab_ruleset_parse(&rs, text, sizeof text - 1, "t.yaml",
	    err, sizeof err) == 0, "%s", err);
	ck_assert_str_eq(rs.name, "base-sabotaged");
	ck_assert_str_eq(rs.title, "base-sabotaged");
	ck_assert_int_eq(rs.sabotaged_dwarf, 1);
	x = rs;
	memcpy(x.name, base.name, sizeof x.name);
	memcpy(x.title, base.title, sizeof x.title);
	x.sabotaged_dwarf = 0;
	ck_assert(memcmp(&x, &base, sizeof x) == 0);

	/* The inherited options stay: classic's sabotage_self survives. */
	ck_assert_msg(sab_ruleset_parse(&rs, rounds, sizeof rounds - 1,
	    "t.yaml", err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(rs.rounds, 1);
	ck_assert_int_eq(rs.sabotage_self, 1);
	ck_assert_int_eq(rs.gold_drawn, SAB_GOLD_PER_PLAYER);
	ck_assert_int_eq(rs.deck_size, 67);
}
END_TEST

/* A file that replaces the deck replaces it whole. */
START_TEST(extends_replaces_whole_sections)
{
	static const char text[] =
	    "extends: base\n"
	    "name: crosses\n"
	    "hand_size: {3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2}\n"
	    "deck:\n"
	    "  - {name: cross, type: path, edges: NESW, count: 30}\n";
	sab_ruleset rs;
	char err[ERRLEN];

	ck_assert_msg(sab_ruleset_parse(&rs, text, sizeof text - 1, "t.yaml",
	    err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(rs.deck_size, 30);
	ck_assert_int_eq(rs.ndefs, 1 + 1 + 3);
	ck_assert_int_eq(rs.sabotage_def[0], 0xFF);
	ck_assert_int_eq(rs.ngold, 28);
}
END_TEST

/*
 * The keys the modules' rows bring (rules/rskey.h) are the core's to read:
 * each one, given in a file with a value of the wrong shape, is refused at
 * that key, never as an unknown key; no two rows bring one key.
 */
START_TEST(module_keys_are_read)
{
	const char *seen[32];
	int nseen = 0;
	const sab_module *m;

	for (int i = 0; (m = sab_module_at(i)) != NULL; i++) {
		for (const sab_rs_key *r = m->keys; r != NULL &&
		    (r->key != NULL || r->check != NULL || r->canon != NULL ||
		    r->describe != NULL || r->describe_card != NULL ||
		    r->role_key != NULL); r++) {
			char text[128], err[512], at[64];
			sab_ruleset rs;

			if (r->key == NULL)
				continue;
			for (int k = 0; k < nseen; k++)
				ck_assert_msg(strcmp(seen[k], r->key) != 0,
				    "key %s brought twice", r->key);
			ck_assert_int_lt(nseen, 32);
			seen[nseen++] = r->key;
			ck_assert_ptr_nonnull(r->load);
			ck_assert_ptr_nonnull(r->after);
			snprintf(text, sizeof text, "extends: base\nname: t\n"
			    "%s: 7\n", r->key);
			snprintf(at, sizeof at, "t:3:%zu: %s", strlen(r->key) + 3,
			    r->key);
			ck_assert_int_eq(sab_ruleset_parse(&rs, text,
			    strlen(text), "t", err, sizeof err), -1);
			ck_assert_msg(strncmp(err, at, strlen(at)) == 0 &&
			    strstr(err, "unknown key") == NULL,
			    "module %s, key %s: %s", m->name, r->key, err);
		}
	}
	ck_assert_int_gt(nseen, 0);
}
END_TEST

Suite *ruleset_suite(void)
{
	Suite *s = suite_create("ruleset");
	TCase *tc = tcase_create("builtin");
	TCase *bad_files = tcase_create("bad_files");
	TCase *fuzz = tcase_create("damaged");

	tcase_add_test(tc, builtins_all_load);
	tcase_add_test(tc, unknown_builtin_is_named);
	tcase_add_test(tc, base_has_the_40_path_cards);
	tcase_add_test(tc, base_has_the_27_action_cards);
	tcase_add_test(tc, base_start_and_goals);
	tcase_add_test(tc, base_gold_roles_and_hands);
	tcase_add_test(tc, base_board_and_options);
	tcase_add_test(tc, classic_differs_from_base_only_where_documented);
	tcase_add_test(tc, course_cards_board_and_options);
	tcase_add_test(tc, course_goal_cards);
	tcase_add_test(tc, rotations_of_base_cards);
	tcase_add_test(tc, rotations_of_groups);
	tcase_add_test(tc, names_and_formats);
	tcase_add_test(tc, finish_checks_rulesets_built_in_code);
	tcase_add_test(tc, short_error_buffers);
	tcase_add_test(tc, extends_takes_what_is_left_out);
	tcase_add_test(tc, extends_replaces_whole_sections);
	tcase_add_test(tc, module_keys_are_read);
	suite_add_tcase(s, tc);

	tcase_add_loop_test(bad_files, bad_file_fails_with_its_message, 0,
	    (int)(sizeof bad / sizeof bad[0]));
	tcase_add_test(bad_files, good_fixture_loads);
	suite_add_tcase(s, bad_files);

	tcase_add_loop_test(fuzz, damaged_builtins_fail_cleanly, 0, 3);
	tcase_set_timeout(fuzz, 60);
	suite_add_tcase(s, fuzz);
	return s;
}
