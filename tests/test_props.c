/* test_props.c: thousands of seeded random games, with the invariants
 * checked after every move. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"

static sab_move moves[SAB_MAX_MOVES];

/*
 * Check's ck_assert reports every passing assertion through a pipe, which
 * costs a system call each; the loops below check millions of things, so they
 * call Check only when something fails.
 */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static int games_wanted(void)
{
	const char *s = getenv("SAB_TEST_GAMES");
	int n = s ? atoi(s) : 0;

	return n > 0 ? n : 3000;
}

/* Cards: deck + hands + discards + board + in front = the ruleset's total. */
static void check_census(const sab_game *g)
{
	sab_census c;

	sab_game_census(g, &c);
	REQUIRE(c.deck + c.hands + c.discard + c.board + c.in_front ==
	    g->rs->deck_size, "cards: %d + %d + %d + %d + %d != %d", c.deck,
	    c.hands, c.discard, c.board, c.in_front, g->rs->deck_size);
}

/* Gold: what the players hold + the gold deck + the cards being handed
 * round = the ruleset's gold. */
static void check_gold(const sab_game *g)
{
	int have = 0, total = 0;

	for (int i = 0; i < g->rs->ngold; i++)
		total += g->rs->gold_cards[i];
	for (int s = 0; s < g->nplayers; s++)
		have += g->gold[s];
	for (int i = 0; i < g->ngold_deck; i++)
		have += g->gold_deck[i];
	for (int i = 0; i < g->noffer; i++)
		have += g->offer[i];
	REQUIRE(have == total, "gold: %d != %d", have, total);
}

/* Start and goal places keep their cards; tools are at most one each. */
static void check_table(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	uint8_t c = sab_board_get(&g->board, rs->start_x, rs->start_y);

	REQUIRE(SAB_CELL_DEF(c) == rs->start_def, "the start card is gone");
	for (int k = 0; k < rs->ngoals; k++) {
		c = sab_board_get(&g->board, rs->goal_x[k], rs->goal_y[k]);
		if (g->goal_open & (1u << k))
			REQUIRE(SAB_CELL_DEF(c) == g->goal_def[k], "goal %d changed", k);
		else
			REQUIRE(c == SAB_CELL_HIDDEN, "goal %d is not face down", k);
	}
	for (int s = 0; s < g->nplayers; s++) {
		REQUIRE(g->nhand[s] <= rs->hand_size[g->nplayers], "seat %d holds %d cards", s,
		    g->nhand[s]);
		for (int t = 0; t < SAB_TOOLS && !rs->sabotage_stacks; t++)
			REQUIRE(sab_game_broken(g, s, (uint8_t)(1u << t)) <= 1,
			    "seat %d has %d broken tools of kind %d", s,
			    sab_game_broken(g, s, (uint8_t)(1u << t)), t);
	}
}

/* The same move with symmetric cards upright, as the listing gives it. */
static sab_move normal(const sab_game *g, sab_move m)
{
	if (sab_move_plays(g->rs, &m, SAB_CARD_PATH) &&
	    g->rs->defs[m.card].symmetric)
		m.rot = 0;
	return m;
}

static int listed(const sab_ruleset *rs, const sab_move *list, int n,
    const sab_move *m)
{
	for (int i = 0; i < n; i++)
		if (sab_move_equal(rs, &list[i], m))
			return 1;
	return 0;
}

/* A move drawn from a space much wider than the legal one. */
static sab_move probe(const sab_game *g, sab_rng *r)
{
	sab_move m;
	int seat = g->to_act;

	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)sab_rng_below(r, SAB_MOVE_KINDS);
	if (g->nhand[seat] && sab_rng_below(r, 4))
		m.card = g->hand[seat][sab_rng_below(r, g->nhand[seat])];
	else
		m.card = (uint8_t)sab_rng_below(r, g->rs->ndefs);
	m.x = (int8_t)((int)sab_rng_below(r, 16) - 4);
	m.y = (int8_t)((int)sab_rng_below(r, 16) - 6);
	m.rot = (uint8_t)sab_rng_below(r, 2);
	m.target = (uint8_t)sab_rng_below(r, g->nplayers + 1u);
	m.tool = (uint8_t)(1u << sab_rng_below(r, 3));
	m.goal = (uint8_t)sab_rng_below(r, 4);
	m.value = (uint8_t)sab_rng_below(r, 4);
	if (sab_move_plays(g->rs, &m, SAB_CARD_SABOTAGE))
		m.tool = g->rs->defs[m.card].tools;
	return m;
}

/* Every listed move is legal, and every legal probe is listed. */
static void check_listing(const sab_game *g, sab_rng *r, const sab_move *chosen)
{
	char why[256];
	int n = sab_game_moves(g, moves);

	REQUIRE(n > 0, "no legal move");
	for (int i = 0; i < n; i++)
		REQUIRE(sab_game_check(g, &moves[i], why, sizeof why),
		    "listed move %d is illegal: %s", i, why);
	REQUIRE(listed(g->rs, moves, n, chosen), "the random move is not listed");
	for (int k = 0; k < 8; k++) {
		sab_move m = normal(g, probe(g, r));
		int legal = sab_game_check(g, &m, why, sizeof why);
		REQUIRE(legal == listed(g->rs, moves, n, &m),
		    "checker says %d, listing says %d (kind %d)", legal,
		    !legal, m.kind);
		REQUIRE(legal || why[0] != '\0', "no reason given");
	}
}

/* Plays one game with separate generators for the rules and the players;
 * records the moves.  Returns the number of moves. */
static int play_game(sab_game *g, const sab_ruleset *rs, int players,
    uint64_t seed, sab_move *record, int maxrec, int checks)
{
	sab_rng rules, policy, probes;
	int n = 0;

	sab_rng_seed(&rules, seed);
	sab_rng_seed(&policy, seed ^ 0x5eed);
	sab_rng_seed(&probes, seed + 77);
	ck_assert_int_eq(sab_game_new(g, rs, players, (int)(seed % players),
	    &rules, NULL, NULL, 0), 0);
	while (!sab_game_over(g)) {
		sab_move m;
		REQUIRE(sab_game_random_move(g, &policy, &m) == 0, "no random move");
		if (checks)
			check_listing(g, &probes, &m);
		sab_game_apply(g, &m, &rules, NULL);
		if (n < maxrec)
			record[n] = m;
		n++;
		if (checks) {
			check_census(g);
			check_gold(g);
			check_table(g);
		}
		REQUIRE(n < 5000, "the game does not end");
	}
	return n;
}

static void many_games(const char *ruleset, int lo, int hi, int games)
{
	const sab_ruleset *rs = t_ruleset(ruleset);
	static sab_game g;

	for (int i = 0; i < games; i++) {
		int players = lo + i % (hi - lo + 1);
		play_game(&g, rs, players, (uint64_t)i * 7919 + 1, NULL, 0, 1);
		REQUIRE(g.winners != 0, "no winner");
	}
}

START_TEST(base_games_keep_their_invariants)
{
	many_games("base", 3, 10, games_wanted() / 2);
}
END_TEST

START_TEST(classic_games_keep_their_invariants)
{
	many_games("classic", 3, 10, games_wanted() / 4);
}
END_TEST

START_TEST(course_games_keep_their_invariants)
{
	many_games("course", 2, 2, games_wanted() / 4);
}
END_TEST

/* A seed and the list of moves reproduce the game exactly. */
START_TEST(seed_and_moves_reproduce_the_game)
{
	static sab_game a, b;
	static sab_move rec[5000];
	const sab_ruleset *rs = t_ruleset("base");
	sab_rng rules;
	int n;

	for (uint64_t seed = 1; seed <= 50; seed++) {
		n = play_game(&a, rs, 3 + (int)(seed % 8), seed, rec, 5000, 0);
		sab_rng_seed(&rules, seed);
		sab_game_new(&b, rs, 3 + (int)(seed % 8),
		    (int)(seed % (3 + seed % 8)), &rules, NULL, NULL, 0);
		for (int i = 0; i < n; i++) {
			REQUIRE(sab_game_check(&b, &rec[i], NULL, 0),
			    "recorded move %d is illegal on replay", i);
			sab_game_apply(&b, &rec[i], &rules, NULL);
		}
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
		/* And the same seed gives the same game. */
		play_game(&b, rs, 3 + (int)(seed % 8), seed, rec, 0, 0);
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
}
END_TEST

/* Different seeds give different games (the shuffle is not stuck). */
START_TEST(different_seeds_differ)
{
	static sab_game a, b;
	const sab_ruleset *rs = t_ruleset("base");

	play_game(&a, rs, 5, 1, NULL, 0, 0);
	play_game(&b, rs, 5, 2, NULL, 0, 0);
	ck_assert(memcmp(&a, &b, sizeof a) != 0);
}
END_TEST

Suite *props_suite(void)
{
	Suite *s = suite_create("properties");
	TCase *tc = tcase_create("random games");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, base_games_keep_their_invariants);
	tcase_add_test(tc, classic_games_keep_their_invariants);
	tcase_add_test(tc, course_games_keep_their_invariants);
	tcase_add_test(tc, seed_and_moves_reproduce_the_game);
	tcase_add_test(tc, different_seeds_differ);
	suite_add_tcase(s, tc);
	return s;
}
