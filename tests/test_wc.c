/* test_wc.c: the World Championship special cards played in real games of the base-wc ruleset, each test from a sentence of the rulebook's "Special Cards" section (seed 004). */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/effect.h"
#include "../rules/wc/wc.h"

/*
 * Each test builds a position the way earlier turns would have left it,
 * asks the rules what is legal and plays the move.  The sentence a test
 * checks is quoted above it.  Five players; seat 0 to act unless said.
 */

static sab_game g;
static sab_events ev;

static const sab_ruleset *rs(void)
{
	return t_ruleset("base-wc");
}

static void game(void)
{
	uint8_t veto = t_def(rs(), "veto");

	t_game(&g, rs(), 5, 11, NULL);
	/* No seat holds a veto unless the test gives it one: a veto dealt
	 * goes back into the deck for another card. */
	for (int s = 0; s < 5; s++)
		for (int i = 0; i < g.nhand[s]; i++)
			if (g.hand[s][i] == veto) {
				g.hand[s][i] = g.deck[0];
				g.deck[0] = veto;
			}
}

static sab_move play(const char *card, int target, int tool)
{
	return t_action(rs(), SAB_MOVE_PLAY, card, target, tool);
}

static void census_holds(void)
{
	sab_census c;

	sab_game_census(&g, &c);
	ck_assert_int_eq(c.deck + c.hands + c.discard + c.board + c.in_front +
	    c.aside + c.waiting, g.rs->deck_size);
}

/* Every seat asked allows; the seats asked, in order, into asked[]
 * (ending with -1).  Returns how many were asked. */
static int allow_all(int *asked)
{
	int n = 0;

	while (g.phase == SAB_PHASE_REACT) {
		if (asked != NULL)
			asked[n] = g.to_act;
		n++;
		census_holds();
		t_apply(&g, &(sab_move){ .kind = SAB_MOVE_ALLOW }, &ev);
	}
	if (asked != NULL)
		asked[n] = -1;
	return n;
}

/* Plays m for the seat to act, then every other seat allows it. */
static void play_allowed(const sab_move *m)
{
	t_apply(&g, m, &ev);
	allow_all(NULL);
}

static int top(int i)
{
	return g.discard[g.ndiscard - 1 - i];
}

static int cell_def(int x, int y)
{
	uint8_t c = g.board.cell[sab_board_index(x, y)];

	return c == SAB_CELL_EMPTY ? -1 : SAB_CELL_DEF(c);
}

/* Puts the gold under goal place 1, (8,0). */
static void gold_in_middle(void)
{
	for (int k = 0; k < rs()->ngoals; k++)
		if (rs()->defs[g.goal_def[k]].gold) {
			uint8_t t = g.goal_def[1];
			g.goal_def[1] = g.goal_def[k];
			g.goal_def[k] = t;
		}
}

/* A tunnel from the start to (6,0), as earlier turns would have left. */
static void tunnel_to_6(void)
{
	t_place(&g, "cross", 1, 0, 0);
	t_place(&g, "cross", 2, 0, 0);
	t_place(&g, "cross", 3, 0, 0);
	t_place(&g, "straight-ew", 4, 0, 0);
	t_place(&g, "straight-ew", 5, 0, 0);
	t_place(&g, "tee-new", 6, 0, 0);
}

/* The kinds' numbers in wc.h follow wc_kinds[]. */
START_TEST(wc_card_types_name_their_kinds)
{
	static const struct { int type; const char *word; } k[] = {
		{ WC_CARD_GOAL_SWAP, "goal-swap" },
		{ WC_CARD_TREASURE_TROVE, "treasure-trove" },
		{ WC_CARD_VETO, "veto" },
		{ WC_CARD_CHANGE_DIRECTION, "change-direction" },
		{ WC_CARD_PATHFINDER, "pathfinder" },
		{ WC_CARD_DIVERSION, "diversion" },
	};

	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		ck_assert_ptr_nonnull(sab_kind_of((uint8_t)k[i].type));
		ck_assert_str_eq(sab_kind_of((uint8_t)k[i].type)->word,
		    k[i].word);
		ck_assert_int_eq(rs()->defs[t_def(rs(), k[i].word)].type,
		    k[i].type);
	}
}
END_TEST

/* ---- 2017 goal card swap ------------------------------------------- */

static sab_move swap_move(int a, int b, int sw)
{
	sab_move m = play("goal-swap", 0, 0);

	m.goal = (uint8_t)a;
	m.goal2 = (uint8_t)b;
	m.rot = (uint8_t)sw;
	return m;
}

/* "Pick 2 face-down goal cards and take them without looking at their
 * fronts. Decide whether you want to swap the 2 cards or not, then put
 * them back." */
START_TEST(goal_swap_swaps_two_face_down_goals_unseen)
{
	uint8_t before[SAB_MAX_GOALS];
	sab_move m;

	game();
	t_hand(&g, 0, "goal-swap", "map", NULL);
	memcpy(before, g.goal_def, sizeof before);
	g.peeked[2] = 1u << 0;          /* seat 2 looked at goal 0 */
	m = swap_move(0, 2, 1);
	ck_assert(t_listed(&g, &m));
	play_allowed(&m);
	ck_assert_int_eq(g.goal_def[0], before[2]);
	ck_assert_int_eq(g.goal_def[2], before[0]);
	ck_assert_int_eq(g.goal_def[1], before[1]);
	/* Without looking: the player learns nothing; what seat 2 learned
	 * by its map now lies where the card went. */
	ck_assert_int_eq(g.peeked[0], 0);
	ck_assert_int_eq(g.peeked[2], 1u << 2);
	ck_assert_int_eq(top(0), t_def(rs(), "goal-swap"));
	census_holds();
}
END_TEST

/* "Decide whether you want to swap the 2 cards or not": not. */
START_TEST(goal_swap_may_put_them_back_as_they_were)
{
	uint8_t before[SAB_MAX_GOALS];
	sab_move m;

	game();
	t_hand(&g, 0, "goal-swap", "map", NULL);
	memcpy(before, g.goal_def, sizeof before);
	g.peeked[3] = 1u << 1;
	m = swap_move(0, 1, 0);
	ck_assert(t_listed(&g, &m));
	play_allowed(&m);
	ck_assert(memcmp(g.goal_def, before, sizeof before) == 0);
	ck_assert_int_eq(g.peeked[3], 1u << 1);
	ck_assert_int_eq(top(0), t_def(rs(), "goal-swap"));
}
END_TEST

/* "Pick 2 face-down goal cards": not a face-up one, not one twice. */
START_TEST(goal_swap_takes_two_different_face_down_goals)
{
	sab_move m;

	game();
	t_hand(&g, 0, "goal-swap", "map", NULL);
	m = swap_move(1, 1, 1);
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	g.goal_open = 1u << 2;
	m = swap_move(0, 2, 1);
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	m = swap_move(0, 1, 1);
	ck_assert(t_legal(&g, &m));
	ck_assert(t_listed(&g, &m));
}
END_TEST

/* "Pick 2 face-down goal cards": a pair, whichever is named first; the
 * listing and the checker agree on both orders. */
START_TEST(goal_swap_names_its_two_goals_in_either_order)
{
	sab_move m = swap_move(2, 0, 1), n = swap_move(0, 2, 1);

	game();
	t_hand(&g, 0, "goal-swap", "map", NULL);
	ck_assert(t_legal(&g, &m));
	ck_assert(t_listed(&g, &m));
	ck_assert(sab_move_equal(rs(), &m, &n));
	n.rot = 0;
	ck_assert(!sab_move_equal(rs(), &m, &n));
	n = swap_move(1, 0, 1);
	ck_assert(!sab_move_equal(rs(), &m, &n));
}
END_TEST

/* ---- 2018 treasure trove ------------------------------------------- */

/* Lays names on the discard pile, the last on top. */
static void pile(const char *const *names, int n)
{
	for (int i = 0; i < n; i++) {
		uint8_t d = t_def(rs(), names[i]);
		int found = 0;
		/* From the deck, so the census holds. */
		for (int j = 0; j < g.ndeck && !found; j++)
			if (g.deck[j] == d) {
				g.deck[j] = g.deck[--g.ndeck];
				found = 1;
			}
		ck_assert_msg(found, "no %s in the deck", names[i]);
		g.discard[g.ndiscard++] = d;
	}
}

/* "Instead of drawing a card from the draw deck, take the top 5 cards
 * from the discard pile. Look at the cards, take 1 of them into your hand
 * and return the remaining cards to the discard pile, face down." */
START_TEST(treasure_trove_takes_one_of_the_top_five_instead_of_a_draw)
{
	static const char *const names[] = { "rockfall", "repair-cart",
	    "curve-ne", "straight-ns", "broken-cart", "map", "tee-nse" };
	sab_move m;
	int ndeck, nhand, seen = 0;

	game();
	t_hand(&g, 0, "treasure-trove", "map", NULL);
	pile(names, 7);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "treasure-trove") });
	ck_assert_int_eq(g.phase, SAB_PHASE_TAKE);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(g.ntrove, 5);
	census_holds();
	/* The seat alone sees the five, top first. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_TROVE) {
			seen = 1;
			ck_assert_int_eq(ev.ev[i].vis, SAB_VIS_SEAT);
			ck_assert_int_eq(ev.ev[i].n, 5);
			ck_assert_int_eq(ev.ev[i].vals[0], t_def(rs(), "tee-nse"));
			ck_assert_int_eq(ev.ev[i].vals[4], t_def(rs(), "curve-ne"));
		}
	ck_assert(seen);
	/* Only the top five. */
	m = (sab_move){ .kind = SAB_MOVE_TAKE, .card = t_def(rs(), "repair-cart") };
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	m.card = t_def(rs(), "curve-ne");
	ck_assert(t_listed(&g, &m));
	ck_assert(!t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "map") }));
	ndeck = g.ndeck;
	nhand = g.nhand[0];
	t_apply(&g, &m, &ev);
	/* Taken into the hand, no draw, the rest back, then the trove card
	 * on the pile ("Once you've carried out their actions, these cards
	 * go on the discard pile"). */
	ck_assert_int_eq(g.nhand[0], nhand + 1);
	ck_assert_int_eq(g.hand[0][g.nhand[0] - 1], t_def(rs(), "curve-ne"));
	/* "face down": the others learn only that a card was taken. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_TAKE)
			ck_assert_int_eq(ev.ev[i].vis, SAB_VIS_HIDDEN);
	ck_assert_int_eq(t_count(&ev, SAB_EV_TAKE), 1);
	ck_assert_int_eq(g.ndeck, ndeck);
	ck_assert_int_eq(g.ndiscard, 7);
	ck_assert_int_eq(top(0), t_def(rs(), "treasure-trove"));
	ck_assert_int_eq(top(1), t_def(rs(), "tee-nse"));
	ck_assert_int_eq(top(4), t_def(rs(), "straight-ns"));
	ck_assert_int_eq(top(5), t_def(rs(), "repair-cart"));
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	census_holds();
}
END_TEST

/* "If there are fewer than 5 cards in the discard pile, take all there
 * are and pick 1 of them." */
START_TEST(treasure_trove_with_fewer_than_five_takes_all_there_are)
{
	static const char *const names[] = { "rockfall", "repair-cart" };
	sab_move m;

	game();
	t_hand(&g, 0, "treasure-trove", "map", NULL);
	pile(names, 2);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "treasure-trove") });
	ck_assert_int_eq(g.phase, SAB_PHASE_TAKE);
	ck_assert_int_eq(g.ntrove, 2);
	m = (sab_move){ .kind = SAB_MOVE_TAKE, .card = t_def(rs(), "rockfall") };
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.ndiscard, 2);
	ck_assert_int_eq(top(0), t_def(rs(), "treasure-trove"));
	ck_assert_int_eq(top(1), t_def(rs(), "repair-cart"));
	census_holds();
}
END_TEST

/* The Note's limit case: an empty discard pile gives nothing to take, and
 * the trove is still played "Instead of drawing a card from the draw
 * deck": no card comes, and the trove card goes on the pile. */
START_TEST(treasure_trove_on_an_empty_pile_takes_nothing_and_draws_nothing)
{
	int ndeck;

	game();
	t_hand(&g, 0, "treasure-trove", "map", NULL);
	ck_assert_int_eq(g.ndiscard, 0);
	ndeck = g.ndeck;
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "treasure-trove") });
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.nhand[0], 1);
	ck_assert_int_eq(g.ndeck, ndeck);
	ck_assert_int_eq(g.ndiscard, 1);
	ck_assert_int_eq(top(0), t_def(rs(), "treasure-trove"));
	/* Every seat learns that nothing was taken: one take of no card,
	 * in the open. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_TAKE), 1);
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_TAKE) {
			ck_assert_int_eq(ev.ev[i].vis, SAB_VIS_ALL);
			ck_assert_int_eq(ev.ev[i].seat, 0);
			ck_assert_int_eq(ev.ev[i].card, SAB_NO_CARD);
		}
	census_holds();
}
END_TEST

/* ---- 2019 veto ------------------------------------------------------ */

/* "Play the veto during another player's turn": never on one's own. */
START_TEST(veto_is_never_played_on_ones_own_turn)
{
	sab_move m;

	game();
	t_hand(&g, 0, "veto", "map", NULL);
	m = play("veto", 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "reaction") != NULL);
	ck_assert(!t_listed(&g, &m));
	/* It may be discarded like any card. */
	ck_assert(t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "veto") }));
}
END_TEST

/* "... as a reaction to the path or action card they've just played":
 * every other seat holding cards is asked, in the direction of play from
 * the player, whether it holds a veto or not. */
START_TEST(veto_every_other_seat_is_asked_in_the_direction_of_play)
{
	int asked[8], n;

	game();
	t_hand(&g, 0, "cross", "map", NULL);
	t_hand(&g, 3, NULL);            /* holds nothing: not asked */
	t_hand(&g, 2, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 }, &ev);
	ck_assert_int_eq(g.phase, SAB_PHASE_REACT);
	ck_assert_int_eq(t_count(&ev, SAB_EV_PENDING), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REACT), 1);
	ck_assert_int_eq(cell_def(1, 0), -1);   /* not yet in effect */
	/* Both answers are listed to a seat with a veto, allow alone to one
	 * without. */
	ck_assert(t_listed(&g, &(sab_move){ .kind = SAB_MOVE_ALLOW }));
	n = allow_all(asked);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(asked[0], 1);
	ck_assert_int_eq(asked[1], 2);
	ck_assert_int_eq(asked[2], 4);
	ck_assert_int_eq(cell_def(1, 0), t_def(rs(), "cross"));
	ck_assert_int_eq(g.to_act, 1);
	census_holds();
}
END_TEST

/* The same after a change of direction: 4, 3, 2, 1 from seat 0. */
START_TEST(veto_seats_are_asked_against_the_clock_after_a_change)
{
	int asked[8];

	game();
	g.dir = 1;
	t_hand(&g, 0, "cross", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 }, &ev);
	ck_assert_int_eq(allow_all(asked), 4);
	ck_assert_int_eq(asked[0], 4);
	ck_assert_int_eq(asked[1], 3);
	ck_assert_int_eq(asked[2], 2);
	ck_assert_int_eq(asked[3], 1);
	ck_assert_int_eq(g.to_act, 4);
}
END_TEST

/* "Remove the other player's card before it takes effect and place it on
 * the discard pile along with the veto card. Next, the other player draws
 * a card from the draw deck (ending their turn), then you do so
 * yourself." */
START_TEST(veto_removes_the_path_card_and_both_draw)
{
	sab_move v = play("veto", 0, 0);
	uint8_t first, second;
	int draws = 0;

	game();
	t_hand(&g, 0, "cross", "map", NULL);
	t_hand(&g, 2, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 }, &ev);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_ALLOW }, &ev); /* seat 1 */
	ck_assert_int_eq(g.to_act, 2);
	ck_assert(t_listed(&g, &v));
	census_holds();
	first = g.deck[g.ndeck - 1];
	second = g.deck[g.ndeck - 2];
	t_apply(&g, &v, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_VETO), 1);
	ck_assert_int_eq(cell_def(1, 0), -1);
	ck_assert_int_eq(top(0), t_def(rs(), "veto"));
	ck_assert_int_eq(top(1), t_def(rs(), "cross"));
	/* The player first, then the vetoer. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_DRAW) {
			ck_assert_int_eq(ev.ev[i].seat, draws ? 2 : 0);
			ck_assert_int_eq(ev.ev[i].card, draws ? second : first);
			draws++;
		}
	ck_assert_int_eq(draws, 2);
	ck_assert_int_eq(g.nhand[0], 2);
	ck_assert_int_eq(g.nhand[2], 2);
	/* "ending their turn": the seat after the player plays next; seat 3
	 * and 4 were never asked. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	/* The veto is the last card played (a round ending now is followed
	 * by one begun to the vetoer's left). */
	ck_assert_int_eq(g.last_player, 2);
	census_holds();
}
END_TEST

/* The same for an action card: the broken tool never lies in front. */
START_TEST(veto_removes_an_action_card_before_it_takes_effect)
{
	game();
	t_hand(&g, 0, "broken-cart", "map", NULL);
	t_hand(&g, 1, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "broken-cart"), .target = 3,
	    .tool = SAB_CART }, &ev);
	ck_assert_int_eq(g.nfront[3], 0);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "veto") }, &ev);
	ck_assert_int_eq(g.nfront[3], 0);
	ck_assert_int_eq(top(1), t_def(rs(), "broken-cart"));
	census_holds();
}
END_TEST

/* A discard is neither a path nor an action card played: nobody is
 * asked. */
START_TEST(veto_a_discard_is_not_open_to_it)
{
	game();
	t_hand(&g, 0, "cross", "map", NULL);
	t_hand(&g, 1, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "cross") }, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REACT), 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
}
END_TEST

/* "Remove the other player's card before it takes effect": a path card
 * that would reach the gold, vetoed, reaches nothing; the round goes on. */
START_TEST(veto_a_path_card_that_would_reach_the_gold_ends_nothing)
{
	game();
	gold_in_middle();
	tunnel_to_6();
	t_hand(&g, 0, "straight-ew", "map", NULL);
	t_hand(&g, 4, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "straight-ew"), .x = 7, .y = 0 }, &ev);
	allow_all(NULL);        /* the control: seat 4 allows it */
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 1);

	game();
	gold_in_middle();
	tunnel_to_6();
	t_hand(&g, 0, "straight-ew", "map", NULL);
	t_hand(&g, 4, "veto", "map", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "straight-ew"), .x = 7, .y = 0 }, &ev);
	for (int s = 1; s < 4; s++)
		t_apply(&g, &(sab_move){ .kind = SAB_MOVE_ALLOW }, &ev);
	ck_assert_int_eq(g.to_act, 4);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "veto") }, &ev);
	ck_assert_int_eq(g.round, 1);
	ck_assert_int_eq(g.round_end, SAB_END_NONE);
	ck_assert_int_eq(g.goal_open, 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
}
END_TEST

/* ---- 2020 change of direction --------------------------------------- */

/* "Starting immediately, the turn order is reversed for the rest of the
 * round." */
START_TEST(change_of_direction_reverses_the_turn_order)
{
	game();
	t_hand(&g, 0, "change-direction", "map", NULL);
	t_hand(&g, 4, "map", "rockfall", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "change-direction") });
	ck_assert_int_eq(g.dir, 1);
	ck_assert_int_eq(g.to_act, 4);
	ck_assert_int_eq(top(0), t_def(rs(), "change-direction"));
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "map") });
	ck_assert_int_eq(g.to_act, 3);
	census_holds();
}
END_TEST

/* "In the base game, you'll also consider the changed direction when
 * you're distributing the gold cards", and "for the rest of the round":
 * the next round plays clockwise again, begun by "The player to the left
 * of the one who played the last card of the preceding round". */
START_TEST(change_of_direction_passes_the_gold_the_other_way)
{
	int order[8], n = 0;

	game();
	gold_in_middle();
	tunnel_to_6();
	for (int s = 0; s < 5; s++)
		g.role[s] = s == 2 ? SAB_ROLE_SABOTEUR : SAB_ROLE_MINER;
	g.nsaboteurs = 1;
	g.dir = 1;
	t_hand(&g, 0, "straight-ew", "map", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "straight-ew"), .x = 7, .y = 0 });
	ck_assert_int_eq(g.round_end, SAB_END_GOLD);
	ck_assert_int_eq(g.finder, 0);
	for (;;) {
		for (int i = 0; i < ev.n; i++)
			if (ev.ev[i].type == SAB_EV_GOLD)
				order[n++] = ev.ev[i].seat;
		if (g.phase != SAB_PHASE_PICK_GOLD)
			break;
		sab_move m = { .kind = SAB_MOVE_PICK_GOLD, .value = g.offer[0] };
		t_apply(&g, &m, &ev);
	}
	/* From the finder against the new direction: 0, 1, (2 a saboteur)
	 * 3, 4; clockwise play would have given 0, 4, 3, 1. */
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(order[0], 0);
	ck_assert_int_eq(order[1], 1);
	ck_assert_int_eq(order[2], 3);
	ck_assert_int_eq(order[3], 4);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.dir, 0);
	ck_assert_int_eq(g.to_act, 1);  /* to the left of seat 0 */
}
END_TEST

/* ---- 2021 master crafter --------------------------------------------- */

/* "The master crafter is a repair card with 3 symbols. Use it to remove 1
 * sabotage card (broken axe, broken cart, or broken lantern). Place the
 * removed sabotage card and the master crafter on the discard pile." */
START_TEST(master_crafter_repairs_one_of_the_three_tools)
{
	uint8_t tools[3] = { SAB_PICKAXE, SAB_LANTERN, SAB_CART };

	game();
	t_hand(&g, 0, "master-crafter", "map", NULL);
	for (int t = 0; t < 3; t++)
		ck_assert(!t_listed(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
		    .card = t_def(rs(), "master-crafter"), .target = 1,
		    .tool = tools[t] }));
	t_front(&g, 1, "broken-cart");
	t_front(&g, 1, "broken-lantern");
	t_front(&g, 1, "broken-pickaxe");
	for (int t = 0; t < 3; t++)
		ck_assert(t_listed(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
		    .card = t_def(rs(), "master-crafter"), .target = 1,
		    .tool = tools[t] }));
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "master-crafter"), .target = 1,
	    .tool = SAB_LANTERN });
	ck_assert_int_eq(g.nfront[1], 2);
	ck_assert_int_eq(sab_game_broken(&g, 1, SAB_LANTERN), 0);
	ck_assert_int_eq(sab_game_broken(&g, 1, SAB_CART), 1);
	ck_assert_int_eq(sab_game_broken(&g, 1, SAB_PICKAXE), 1);
	ck_assert(top(0) == t_def(rs(), "master-crafter") ||
	    top(1) == t_def(rs(), "master-crafter"));
	ck_assert(top(0) == t_def(rs(), "broken-lantern") ||
	    top(1) == t_def(rs(), "broken-lantern"));
	census_holds();
}
END_TEST

/* ---- 2022 pathfinder ------------------------------------------------- */

/* "Play 2 path cards one after the other this turn. Place them in the
 * network of tunnels according to the usual rules. At the end of your
 * turn, draw 2 cards, which means that you'll play with 1 card less for
 * the rest of the round."  Each path card is played, so each is open to
 * a veto. */
START_TEST(pathfinder_plays_two_path_cards_then_draws_two)
{
	int ndeck;

	game();
	t_hand(&g, 0, "pathfinder", "cross", "cross", "map", "rockfall",
	    "dead-e", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "pathfinder") });
	ck_assert_int_eq(top(0), t_def(rs(), "pathfinder"));
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(g.nhand[0], 5);
	/* Path cards only, by the usual rules. */
	ck_assert(!t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "map"), .goal = 1 }));
	ck_assert(!t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "map") }));
	ck_assert(!t_legal(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 4, .y = 0 }));
	ck_assert(!t_listed(&g, &(sab_move){ .kind = SAB_MOVE_PASS,
	    .card = t_def(rs(), "map") }));
	ndeck = g.ndeck;
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 }, &ev);
	ck_assert_int_eq(g.phase, SAB_PHASE_REACT);
	ck_assert_int_eq(allow_all(NULL), 4);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(g.ndeck, ndeck);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 2, .y = 0 }, &ev);
	ck_assert_int_eq(g.phase, SAB_PHASE_REACT);
	ck_assert_int_eq(allow_all(NULL), 4);
	ck_assert_int_eq(cell_def(1, 0), t_def(rs(), "cross"));
	ck_assert_int_eq(cell_def(2, 0), t_def(rs(), "cross"));
	ck_assert_int_eq(g.ndeck, ndeck - 2);
	ck_assert_int_eq(g.nhand[0], 5);        /* 6, less 1 */
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.substep, 0);
	census_holds();
}
END_TEST

/* A pathfinder's path card vetoed: the veto ends the turn ("the other
 * player draws a card from the draw deck (ending their turn)"). */
START_TEST(pathfinder_a_vetoed_path_card_ends_the_turn)
{
	game();
	t_hand(&g, 0, "pathfinder", "cross", "cross", "map", NULL);
	t_hand(&g, 2, "veto", "map", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "pathfinder") });
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 }, &ev);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_ALLOW }, &ev);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "veto") }, &ev);
	ck_assert_int_eq(cell_def(1, 0), -1);
	ck_assert_int_eq(g.substep, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.nhand[0], 3);        /* 4, less 2, 1 drawn */
	census_holds();
}
END_TEST

/* "draw 2 cards, which means that you'll play with 1 card less for the
 * rest of the round": a pathfinder whose path cards do not fit never
 * leaves more cards than before it.  One card drawn per path card laid,
 * at least one (saboteur-rules(5)). */
START_TEST(pathfinder_without_a_path_card_to_lay_gains_no_card)
{
	game();
	t_hand(&g, 0, "pathfinder", "map", "map", "rockfall", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "pathfinder") });
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.nhand[0], 4);        /* 4, less 1, 1 drawn */

	game();
	t_hand(&g, 0, "pathfinder", "cross", "map", "rockfall", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "pathfinder") });
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 1, .y = 0 });
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.nhand[0], 3);        /* 4, less 2, 1 drawn */
	census_holds();
}
END_TEST

/* "Play 2 path cards one after the other this turn": with Saboteur 2,
 * neither a pass of several cards nor a removal in between. */
START_TEST(pathfinder_then_path_cards_only_in_saboteur2)
{
	const sab_ruleset *r2 = t_ruleset("saboteur2-wc");
	sab_move m;

	t_game(&g, r2, 4, 5, NULL);
	t_hand(&g, 0, "pathfinder", "cross", "map", "rockfall", NULL);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(r2, "pathfinder") }, &ev);
	allow_all(NULL);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_gt(g.substep, 0);
	m = (sab_move){ .kind = SAB_MOVE_PASS, .card = t_def(r2, "map"),
	    .nmore = 1, .more = { t_def(r2, "rockfall") } };
	if (m.more[0] < m.card) {
		m.more[0] = m.card;
		m.card = t_def(r2, "rockfall");
	}
	ck_assert(!t_listed(&g, &m));
	ck_assert(!t_legal(&g, &m));
	t_break(&g, 0, SAB_CART);
	m = (sab_move){ .kind = SAB_MOVE_REMOVE, .card = m.card,
	    .nmore = 1, .more = { m.more[0] }, .front = g.front[0][0] };
	ck_assert(!t_listed(&g, &m));
	ck_assert(!t_legal(&g, &m));
}
END_TEST

/* ---- 2023 diversion ---------------------------------------------------- */

/* "Move the last path card played into the network of tunnels to a new
 * position—according to the usual rules." */
START_TEST(diversion_moves_the_last_path_card_by_the_usual_rules)
{
	sab_move m;
	int moved = 0;

	game();
	t_place(&g, "cross", 1, 0, 0);
	t_hand(&g, 0, "curve-ne", "map", NULL);
	t_hand(&g, 1, "diversion", "map", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "curve-ne"), .x = 2, .y = 0, .rot = 1 });
	ck_assert_int_eq(g.to_act, 1);
	m = (sab_move){ .kind = SAB_MOVE_PLAY, .card = t_def(rs(), "diversion"),
	    .x = 2, .y = 0, .rot = 1 };
	ck_assert(!t_legal(&g, &m));    /* a new position */
	ck_assert(!t_listed(&g, &m));
	m.x = 6, m.y = 3, m.rot = 0;    /* joined to nothing */
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	m.x = 1, m.y = 1, m.rot = 0;    /* below the cross, N to its S */
	ck_assert(t_legal(&g, &m));
	ck_assert(t_listed(&g, &m));
	play_allowed(&m);
	ck_assert_int_eq(cell_def(2, 0), -1);
	ck_assert_int_eq(cell_def(1, 1), t_def(rs(), "curve-ne"));
	ck_assert_int_eq(cell_def(1, 0), t_def(rs(), "cross"));
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_PLAY &&
		    ev.ev[i].card == t_def(rs(), "diversion")) {
			ck_assert_int_eq(ev.ev[i].vals[0], 2);
			ck_assert_int_eq(ev.ev[i].vals[1], 0);
			moved = 1;
		}
	ck_assert(moved);
	ck_assert_int_eq(top(0), t_def(rs(), "diversion"));
	census_holds();
}
END_TEST

/* "... to a new position—according to the usual rules": a card moved to
 * meet the gold reaches it, and the player who moved it found it. */
START_TEST(diversion_that_joins_the_gold_ends_the_round)
{
	game();
	gold_in_middle();
	tunnel_to_6();
	t_hand(&g, 0, "cross", "map", NULL);
	t_hand(&g, 1, "diversion", "map", NULL);
	play_allowed(&(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "cross"), .x = 0, .y = -1 });
	ck_assert_int_eq(g.to_act, 1);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(rs(), "diversion"), .x = 7, .y = 0 }, &ev);
	allow_all(NULL);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 1);
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_ROUND_END) {
			ck_assert_int_eq(ev.ev[i].seat, 1);     /* the finder */
			ck_assert_int_eq(ev.ev[i].n, SAB_END_GOLD);
		}
}
END_TEST

Suite *wc_suite(void)
{
	Suite *s = suite_create("wc");
	TCase *tc = tcase_create("special cards");

	tcase_add_test(tc, wc_card_types_name_their_kinds);
	tcase_add_test(tc, goal_swap_swaps_two_face_down_goals_unseen);
	tcase_add_test(tc, goal_swap_may_put_them_back_as_they_were);
	tcase_add_test(tc, goal_swap_takes_two_different_face_down_goals);
	tcase_add_test(tc, goal_swap_names_its_two_goals_in_either_order);
	tcase_add_test(tc,
	    treasure_trove_takes_one_of_the_top_five_instead_of_a_draw);
	tcase_add_test(tc,
	    treasure_trove_with_fewer_than_five_takes_all_there_are);
	tcase_add_test(tc,
	    treasure_trove_on_an_empty_pile_takes_nothing_and_draws_nothing);
	tcase_add_test(tc, veto_is_never_played_on_ones_own_turn);
	tcase_add_test(tc,
	    veto_every_other_seat_is_asked_in_the_direction_of_play);
	tcase_add_test(tc, veto_seats_are_asked_against_the_clock_after_a_change);
	tcase_add_test(tc, veto_removes_the_path_card_and_both_draw);
	tcase_add_test(tc, veto_removes_an_action_card_before_it_takes_effect);
	tcase_add_test(tc, veto_a_discard_is_not_open_to_it);
	tcase_add_test(tc,
	    veto_a_path_card_that_would_reach_the_gold_ends_nothing);
	tcase_add_test(tc, change_of_direction_reverses_the_turn_order);
	tcase_add_test(tc, change_of_direction_passes_the_gold_the_other_way);
	tcase_add_test(tc, master_crafter_repairs_one_of_the_three_tools);
	tcase_add_test(tc, pathfinder_plays_two_path_cards_then_draws_two);
	tcase_add_test(tc, pathfinder_a_vetoed_path_card_ends_the_turn);
	tcase_add_test(tc, pathfinder_then_path_cards_only_in_saboteur2);
	tcase_add_test(tc, pathfinder_without_a_path_card_to_lay_gains_no_card);
	tcase_add_test(tc, diversion_moves_the_last_path_card_by_the_usual_rules);
	tcase_add_test(tc, diversion_that_joins_the_gold_ends_the_round);
	suite_add_tcase(s, tc);
	return s;
}
