/* test_chests.c: the Treasure Chests mini expansion (module chests) in real games of examples/rulesets/treasure-chests.yaml and a Saboteur 2 variant, each test from a sentence of the rulebook's "Treasure Chests" section (seed 004). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/effect.h"
#include "../rules/minis/chests.h"
#include "../protocol/protocol.h"

/*
 * Each test clears the chests the round laid and lays its own: chest 0
 * at (4,0) under a face-down chest-cross, reached by seat 0 playing a
 * straight at (3,0) after the straights at (1,0) and (2,0).  Five
 * players; seat 0 to act.
 */

#define BASE "examples/rulesets/treasure-chests.yaml"
#define SAB2 "tests/fixtures/rulesets/saboteur2-chests.yaml"

static sab_game g;
static sab_events ev;

static void clear_chests(void)
{
	for (int i = 0; i < g.nchests; i++)
		if (!(g.chests_gone >> i & 1))
			(void)sab_board_remove(&g.board, g.rs,
			    sab_board_x(g.chest_cell[i]),
			    sab_board_y(g.chest_cell[i]));
	g.nchests = 0;
	g.chests_gone = 0;
}

static void chest(int x, int y, int kind, const char *path)
{
	int i = g.nchests++;

	g.chest_cell[i] = sab_board_index(x, y);
	g.chest_kind[i] = (uint8_t)kind;
	g.chest_path[i] = t_def(g.rs, path);
	sab_board_hide(&g.board, g.rs, x, y);
}

static void game(const char *file, int kind)
{
	t_game(&g, t_ruleset_file(file), 5, 3, NULL);
	clear_chests();
	t_place(&g, "straight-ew", 1, 0, 0);
	t_place(&g, "straight-ew", 2, 0, 0);
	t_hand(&g, 0, "straight-ew", "map", "rockfall", "cross", NULL);
	chest(4, 0, kind, "chest-cross");
}

/* Seat 0 reaches the chest at (4,0). */
static void reach(void)
{
	sab_move m = t_path(g.rs, "straight-ew", 3, 0, 0);

	t_apply(&g, &m, &ev);
}

static const sab_event *find(int type)
{
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == type)
			return &ev.ev[i];
	return NULL;
}

/* A face-down card over a chest blocks its cell as a goal's does. */
START_TEST(no_path_card_goes_on_a_chest)
{
	sab_move m;

	game(BASE, SAB_CHEST_GOLD);
	t_place(&g, "straight-ew", 3, 0, 0);
	m = t_path(g.rs, "cross", 4, 0, 0);
	ck_assert_int_eq(t_legal(&g, &m), 0);
	ck_assert_msg(strstr(t_why, "(4,0) holds a face-down card over a "
	    "treasure chest") != NULL, "%s", t_why);
	ck_assert(!t_listed(&g, &m));
}
END_TEST

/* "Place 4 treasure chests in the network of tunnels during setup, face
 * down. Then cover each of them with a face-down path card." -- "you
 * just can't place them directly adjacent to each other." */
START_TEST(setup_lays_four_chests_apart)
{
	const sab_ruleset *rs = t_ruleset_file(BASE);
	int pushes = 0;

	for (uint64_t seed = 1; seed <= 50; seed++) {
		uint16_t kinds = 0;
		t_game(&g, rs, 4, seed, NULL);
		ck_assert_int_eq(g.nchests, 4);
		for (int i = 0; i < 4; i++) {
			int x = sab_board_x(g.chest_cell[i]);
			int y = sab_board_y(g.chest_cell[i]);
			ck_assert_int_eq(g.board.cell[g.chest_cell[i]],
			    SAB_CELL_HIDDEN);
			ck_assert(x >= 2 && x <= 6 && y >= -3 && y <= 3);
			ck_assert(rs->defs[g.chest_path[i]].chest);
			kinds |= (uint16_t)(1u << g.chest_kind[i]);
			pushes += g.chest_kind[i] == SAB_CHEST_PUSH_GOAL;
			for (int j = 0; j < i; j++) {
				int d = abs(x - sab_board_x(g.chest_cell[j])) +
				    abs(y - sab_board_y(g.chest_cell[j]));
				ck_assert_int_gt(d, 1);
			}
			/* Not on or next to the start. */
			ck_assert_int_gt(abs(x) + abs(y), 1);
		}
		/* One chest of each effect: four different ones. */
		ck_assert_int_eq(__builtin_popcount(kinds), 4);
	}
	/* The tenth chest, push-goal, is laid too. */
	ck_assert_int_gt(pushes, 0);
}
END_TEST

/* "When you connect a face-down path card with the start card, take it
 * and the treasure chest beneath it. ... Reveal the path card and put it
 * back in its original position, taking care to match up its pathways
 * on all sides. Then, reveal the treasure chest and carry out its
 * effect" */
START_TEST(reaching_a_chest_reveals_its_path_card_and_chest)
{
	const sab_event *e;

	game(BASE, SAB_CHEST_MILL);
	reach();
	e = find(SAB_EV_OPEN);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->x, 4);
	ck_assert_int_eq(e->y, 0);
	ck_assert_int_eq(e->value, SAB_CHEST_MILL);
	ck_assert_int_eq(e->vis, SAB_VIS_ALL);
	ck_assert_int_eq(SAB_CELL_DEF(g.board.cell[sab_board_index(4, 0)]),
	    t_def(g.rs, "chest-cross"));
	ck_assert(sab_board_connected(&g.board, 4, 0));
	ck_assert_int_eq(g.chests_gone, 1);
	ck_assert_int_eq(g.chests_todo, 0);
	/* The chest's card is no card of the deck: the census holds. */
	{
		sab_census c;
		sab_game_census(&g, &c);
		ck_assert_int_eq(c.deck + c.hands + c.discard + c.board +
		    c.in_front + c.aside + c.waiting, g.rs->deck_size);
	}
}
END_TEST

/* "Take 1 gold from the supply. Note: If you're playing the Saboteur
 * base game, take a gold card with 1 gold nugget." */
START_TEST(gold_chest_gives_one_gold_card)
{
	int ones = 0, after = 0;

	uint8_t deck[SAB_MAX_GOLD];
	int n, top = -1;

	game(BASE, SAB_CHEST_GOLD);
	n = g.ngold_deck;
	memcpy(deck, g.gold_deck, (size_t)n);
	for (int i = 0; i < g.ngold_deck; i++) {
		ones += g.gold_deck[i] == 1;
		if (g.gold_deck[i] == 1)
			top = i;
	}
	reach();
	for (int i = 0; i < g.ngold_deck; i++)
		after += g.gold_deck[i] == 1;
	ck_assert_int_eq(g.gold[0], 1);
	ck_assert_int_eq(after, ones - 1);
	ck_assert_int_eq(find(SAB_EV_GOLD)->vis, SAB_VIS_HIDDEN);
	/* Decision (saboteur-rules(5)): the 1-nugget card nearest the top
	 * of the gold cards; the others keep their order. */
	ck_assert_int_eq(g.ngold_deck, n - 1);
	memmove(deck + top, deck + top + 1, (size_t)(n - top - 1));
	ck_assert(memcmp(deck, g.gold_deck, (size_t)(n - 1)) == 0);
}
END_TEST

/* "From now on, all of you can't use Treasure Maps to look at face-down
 * goal cards any more." */
START_TEST(no_maps_chest_stops_maps_on_goals_only)
{
	sab_move m = t_action(t_ruleset_file(BASE), SAB_MOVE_PLAY, "map", 0,
	    0);

	game(BASE, SAB_CHEST_NO_MAPS);
	chest(4, 3, SAB_CHEST_MILL, "chest-tee-nse");
	reach();
	ck_assert_int_eq(g.chest_nomaps, 1);
	t_hand(&g, g.to_act, "map", NULL);
	m.goal = 1;
	ck_assert_int_eq(t_legal(&g, &m), 0);
	ck_assert_msg(strstr(t_why, "no more maps") != NULL, "%s", t_why);
	/* A chest may still be looked at. */
	m.goal = SAB_GOAL_CHEST;
	m.x = 4;
	m.y = 3;
	ck_assert_int_eq(t_legal(&g, &m), 1);
	ck_assert(t_listed(&g, &m));
}
END_TEST

/* "Don't draw a card from the draw deck at the end of your current turn."
 * and "Draw 1 additional card from the draw deck at the end of your
 * turn." */
START_TEST(no_draw_and_extra_draw_change_the_draw)
{
	int before;

	game(BASE, SAB_CHEST_NO_DRAW);
	before = g.nhand[0];
	reach();
	ck_assert_int_eq(g.nhand[0], before - 1);
	ck_assert_int_eq(g.to_act, 1);

	game(BASE, SAB_CHEST_EXTRA_DRAW);
	before = g.nhand[0];
	reach();
	ck_assert_int_eq(g.nhand[0], before + 1);
	/* The next turn draws one again. */
	ck_assert_int_eq(g.draws, 1);
}
END_TEST

/* Two chests taken by one card: a cross at (3,0) reaches chest 0 at
 * (4,0) and chest 1 at (3,1).  Returns the cards seat 0 holds once its
 * turn is over, less those it held before it (a take answered with the
 * top card offered). */
static int two_chests(int first, int second)
{
	int before;

	game(BASE, first);
	chest(3, 1, second, "chest-cross");
	before = g.nhand[0];
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_PLAY,
	    .card = t_def(g.rs, "cross"), .x = 3, .y = 0 }, &ev);
	while (g.to_act == 0 && g.phase == SAB_PHASE_TAKE)
		t_apply(&g, &(sab_move){ .kind = SAB_MOVE_TAKE,
		    .card = g.discard[g.ndiscard - 1] }, &ev);
	ck_assert_int_eq(g.chests_gone, 3);
	ck_assert_int_eq(g.to_act, 1);
	return g.nhand[0] - before;
}

/*
 * The extra-draw chest with another that changes the draw in one turn:
 * "Draw 1 additional card from the draw deck at the end of your turn"
 * beside "Don't draw a card from the draw deck at the end of your current
 * turn" (no-draw) or a chest taken "instead" of the draw (keep-one,
 * trove, steal-card).  Decision (saboteur-rules(5), "Treasure Chests:
 * decisions"): the chests act one after another in the order they were
 * laid, each on the draw as it stands: no-draw and the chests taken
 * instead of the draw leave none, extra-draw adds one.  So an extra-draw
 * after them gives one card, and one before them is undone.
 */
START_TEST(extra_draw_beside_another_chest_acts_in_the_order_laid)
{
	/* One card played: -1, then the draw. */
	ck_assert_int_eq(two_chests(SAB_CHEST_EXTRA_DRAW, SAB_CHEST_NO_DRAW),
	    -1);
	ck_assert_int_eq(two_chests(SAB_CHEST_NO_DRAW, SAB_CHEST_EXTRA_DRAW),
	    0);
	/* Keep-one: a card kept (the three come off the deck). */
	ck_assert_int_eq(two_chests(SAB_CHEST_EXTRA_DRAW, SAB_CHEST_KEEP_ONE),
	    0);
	ck_assert_int_eq(two_chests(SAB_CHEST_KEEP_ONE, SAB_CHEST_EXTRA_DRAW),
	    1);
	/* Two extra draws: two more. */
	ck_assert_int_eq(two_chests(SAB_CHEST_EXTRA_DRAW,
	    SAB_CHEST_EXTRA_DRAW), 2);
}
END_TEST

/* "At the end of your turn, don't draw a card from the draw deck.
 * Instead, draw 1 card from the hand of any other player and take it
 * into your hand. The other player has 1 less card to play with for the
 * rest of this round." */
START_TEST(steal_card_chest_takes_a_card_from_a_chosen_hand)
{
	sab_move list[SAB_MAX_MOVES];
	int mine, theirs, n;
	sab_event v;

	game(BASE, SAB_CHEST_STEAL_CARD);
	mine = g.nhand[0];
	theirs = g.nhand[2];
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_CHEST);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(find(SAB_EV_CHEST_ASK)->vis, SAB_VIS_SEAT);
	n = sab_game_moves(&g, list);
	ck_assert_int_eq(n, 4);         /* every other seat holds cards */
	ck_assert_int_eq(t_legal(&g, &(sab_move){ .kind = SAB_MOVE_SEAT,
	    .target = 0 }), 0);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_SEAT, .target = 2 }, &ev);
	ck_assert_int_eq(g.nhand[0], mine);     /* -1 played, +1 taken */
	ck_assert_int_eq(g.nhand[2], theirs - 1);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	/* Who took from whom is public; the card is the taker's secret
	 * and the loser's, nobody else's: each is sent its hand. */
	ck_assert_int_eq(ev.ev[0].type, SAB_EV_GRAB);
	ck_assert_int_eq(ev.ev[0].vis, SAB_VIS_ALL);
	ck_assert_int_eq(ev.ev[0].card, SAB_NO_CARD);
	ck_assert_int_eq(ev.ev[1].type, SAB_EV_HAND);
	ck_assert_int_eq(ev.ev[1].seat, 0);
	ck_assert_int_eq(ev.ev[2].type, SAB_EV_HAND);
	ck_assert_int_eq(ev.ev[2].seat, 2);
	ck_assert_int_eq(sab_event_view(&ev.ev[1], 3, &v), 0);
	ck_assert_int_eq(sab_event_view(&ev.ev[2], 3, &v), 0);
	ck_assert_int_eq(sab_event_view(&ev.ev[2], 2, &v), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
}
END_TEST

/* "Draw 3 cards from the draw deck at the end of your turn. Look at them
 * in secret, take 1 of them into your hand, and discard the other 2, face
 * down." */
START_TEST(keep_one_chest_offers_three_cards)
{
	sab_move list[SAB_MAX_MOVES];
	int hand, deck, disc, n;
	uint8_t top;

	game(BASE, SAB_CHEST_KEEP_ONE);
	hand = g.nhand[0];
	deck = g.ndeck;
	disc = g.ndiscard;
	top = g.deck[g.ndeck - 1];
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_TAKE);
	ck_assert_int_eq(g.ntrove, 3);
	ck_assert_int_eq(g.ndeck, deck - 3);
	ck_assert_int_eq(find(SAB_EV_TROVE)->vis, SAB_VIS_SEAT);
	ck_assert_int_eq(find(SAB_EV_TROVE)->n, 3);
	n = sab_game_moves(&g, list);
	ck_assert_int_ge(n, 1);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_TAKE, .card = top }, &ev);
	/* One played, one kept: as a turn with its draw; two discarded
	 * (the path card played is on the table, not the pile). */
	ck_assert_int_eq(g.nhand[0], hand);
	ck_assert_int_eq(g.ndiscard, disc + 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
	ck_assert_int_eq(g.to_act, 1);
}
END_TEST

/* "Look at another player's dwarf card in secret." */
START_TEST(look_role_chest_shows_one_role_to_the_taker)
{
	const sab_event *e;

	game(BASE, SAB_CHEST_LOOK_ROLE);
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_CHEST);
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_SEAT, .target = 4 }, &ev);
	e = find(SAB_EV_INSPECT);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->target, 4);
	ck_assert_int_eq(e->value, g.role[4]);
	ck_assert_int_eq(g.to_act, 1);
}
END_TEST

/* "Push 1 face-down goal card 1 space further away from the start card."
 * Three face-down goals can go: the taker chooses one (alone asked), and
 * every seat sees it go one cell east; the protocol names it by the cell
 * it lies on now. */
START_TEST(push_goal_chest_pushes_a_chosen_goal_one_further)
{
	static proto_cards pc;
	sab_move list[SAB_MAX_MOVES], m;
	char line[PROTO_LINE_MAX], err[128];
	const sab_event *e;
	sab_event v;
	uint64_t before;
	uint8_t def;

	game(BASE, SAB_CHEST_PUSH_GOAL);
	ck_assert_int_eq(proto_cards_init(&pc, g.rs, err, sizeof err), 0);
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_CHEST);
	e = find(SAB_EV_CHEST_ASK);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
	ck_assert_int_eq(sab_event_view(e, 3, &v), 0);
	ck_assert_int_gt(proto_event(&pc, e, 0, 5, line, sizeof line), 0);
	ck_assert_str_eq(line, "chestchoice push-goal 8 -2 8 0 8 2");
	ck_assert_int_eq(sab_game_moves(&g, list), 3);
	ck_assert_int_eq(t_legal(&g, &(sab_move){ .kind = SAB_MOVE_SEAT,
	    .target = 2 }), 0);
	ck_assert_int_eq(proto_parse(&pc, "push 8 0", 8, &m, NULL, NULL,
	    NULL, 0), PROTO_MOVE);
	ck_assert_int_eq(m.kind, SAB_MOVE_PUSH);
	ck_assert_int_eq(m.goal, 1);
	before = sab_game_hash(&g);
	def = g.goal_def[1];
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.goal_x[1], 9);
	ck_assert_int_eq(g.goal_y[1], 0);
	ck_assert_int_eq(g.goal_def[1], def);   /* the same card, moved */
	ck_assert_int_eq(sab_board_get(&g.board, 8, 0), SAB_CELL_EMPTY);
	ck_assert_int_eq(sab_board_get(&g.board, 9, 0), SAB_CELL_HIDDEN);
	ck_assert_int_ne(sab_game_hash(&g), before);
	e = find(SAB_EV_PUSH);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->vis, SAB_VIS_ALL);
	ck_assert_int_eq(sab_event_view(e, 3, &v), 1);
	ck_assert_int_gt(proto_event(&pc, e, 3, 5, line, sizeof line), 0);
	ck_assert_str_eq(line, "pushed 0 8 0 9 0");
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	/* A map names the goal by its new cell, and a card may not go on
	 * it. */
	proto_cards_follow(&pc, &g);
	ck_assert_int_eq(proto_parse(&pc, "play map 9 0", 12, &m, NULL, NULL,
	    NULL, 0), PROTO_MOVE);
	ck_assert_int_eq(m.goal, 1);
	ck_assert_int_eq(proto_parse(&pc, "play map 8 0", 12, &m, NULL, NULL,
	    NULL, 0), PROTO_MOVE);          /* read as a chest's place */
	ck_assert_int_eq(t_legal(&g, &m), 0);
	m = t_path(g.rs, "cross", 9, 0, 0);
	ck_assert_int_eq(t_legal(&g, &m), 0);
}
END_TEST

/* A goal goes only to an empty cell of the board that no tunnel from the
 * start reaches (saboteur-rules(5), "Treasure Chests: decisions"); one
 * goal that can go goes without asking; none: the chest does nothing. */
START_TEST(push_goal_chest_skips_goals_that_cannot_go)
{
	game(BASE, SAB_CHEST_PUSH_GOAL);
	t_place(&g, "cross", 9, -2, 0);         /* a card on the way */
	g.goal_open |= 1u << 1;                 /* face up: not pushed */
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_ptr_null(find(SAB_EV_CHEST_ASK));
	ck_assert_ptr_nonnull(find(SAB_EV_PUSH));
	ck_assert_int_eq(g.goals_pushed, 1u << 2);
	ck_assert_int_eq(g.goal_x[2], 9);
	ck_assert_int_eq(g.goal_x[0], 8);
	ck_assert_int_eq(g.goal_x[1], 8);

	/* Nothing left to push: the next round lays the goals back. */
	game(BASE, SAB_CHEST_PUSH_GOAL);
	t_place(&g, "cross", 9, -2, 0);
	t_place(&g, "cross", 9, 0, 0);
	t_place(&g, "cross", 9, 2, 0);
	reach();
	ck_assert_ptr_null(find(SAB_EV_PUSH));
	ck_assert_int_eq(g.goals_pushed, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
}
END_TEST

/* A push never reaches a goal: the cell beyond one that a tunnel from the
 * start opens onto is not a place to push it to. */
START_TEST(push_goal_never_lands_on_an_open_tunnel)
{
	game(BASE, SAB_CHEST_PUSH_GOAL);
	/* A tunnel from the start north to (0,1), then east to (7,1): the
	 * goal at (8,0) may go to (9,0). */
	t_place(&g, "cross", 0, 1, 0);
	for (int x = 1; x <= 5; x++)
		t_place(&g, "tee-new", x, 1, 0);
	t_place(&g, "cross", 6, 1, 0);
	t_place(&g, "cross", 7, 1, 0);
	ck_assert_int_ne(sab_chests_pushable(&g) & 2, 0);
	/* On to (9,1), open south onto (9,0): not there. */
	t_place(&g, "cross", 8, 1, 0);
	t_place(&g, "tee-nse", 9, 1, 1);        /* N, S, W */
	ck_assert(sab_board_connected(&g.board, 9, 1));
	ck_assert_int_eq(sab_chests_pushable(&g) & 2, 0);
}
END_TEST

/* "Shuffle the discard pile. Draw the top 5 cards from it and take 1 of
 * them in your hand. If there are less than 5 cards in the discard pile,
 * you only draw the available ones. At the end of your turn, you don't
 * draw another card from the draw deck." */
START_TEST(trove_chest_takes_one_of_the_shuffled_discards)
{
	int hand;

	game(BASE, SAB_CHEST_TROVE);
	for (int i = 0; i < 3; i++)
		g.discard[g.ndiscard++] = g.deck[--g.ndeck];
	hand = g.nhand[0];
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_TAKE);
	ck_assert_int_eq(g.ntrove, 3);  /* fewer than 5 on the pile */
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_TAKE,
	    .card = g.discard[g.ndiscard - 1] }, &ev);
	ck_assert_int_eq(g.nhand[0], hand);
	ck_assert_int_eq(g.ndiscard, 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);

	/* An empty pile: nothing to take, and no draw. */
	game(BASE, SAB_CHEST_TROVE);
	hand = g.nhand[0];
	reach();
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.nhand[0], hand - 1);
}
END_TEST

/* "Draw the top 5 cards from the draw deck and put them on the discard
 * pile, face down." */
START_TEST(mill_chest_discards_five_from_the_deck)
{
	int deck, disc, hand;

	game(BASE, SAB_CHEST_MILL);
	deck = g.ndeck;
	disc = g.ndiscard;
	reach();
	ck_assert_int_eq(g.ndeck, deck - 5 - 1);        /* and the draw */
	ck_assert_int_eq(g.ndiscard, disc + 5);
	ck_assert_int_eq(find(SAB_EV_MILL)->n, 5);

	/* An empty deck (saboteur-rules(5)): nothing goes, and no "milled"
	 * line says so; keep-one then offers nothing and the turn draws
	 * nothing. */
	game(BASE, SAB_CHEST_MILL);
	disc = g.ndiscard;
	g.ndeck = 0;
	reach();
	ck_assert_ptr_null(find(SAB_EV_MILL));
	ck_assert_int_eq(g.ndiscard, disc);
	game(BASE, SAB_CHEST_KEEP_ONE);
	g.ndeck = 0;
	hand = g.nhand[0];
	reach();
	ck_assert_ptr_null(find(SAB_EV_MILL));
	ck_assert_ptr_null(find(SAB_EV_TROVE));
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.nhand[0], hand - 1);
}
END_TEST

/* "Rockfall: If you play a Rockfall, you may either remove a revealed or
 * a face-down path card. If you remove a face-down path card this way,
 * you also remove the treasure chest beneath it." */
START_TEST(rockfall_removes_a_face_down_chest)
{
	sab_move m;
	const sab_event *e;
	int disc;

	game(BASE, SAB_CHEST_GOLD);
	m = t_action(g.rs, SAB_MOVE_PLAY, "rockfall", 0, 0);
	m.x = 4;
	m.y = 0;
	ck_assert(t_listed(&g, &m));
	disc = g.ndiscard;
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.board.cell[sab_board_index(4, 0)], SAB_CELL_EMPTY);
	ck_assert_int_eq(g.chests_gone, 1);
	ck_assert_int_eq(g.ndiscard, disc + 1); /* the rockfall alone */
	e = find(SAB_EV_ROCKFALL);
	ck_assert_int_eq(e->removed, SAB_NO_CARD);
	/* A revealed chest's path card: removed, and not discarded. */
	game(BASE, SAB_CHEST_MILL);
	reach();
	g.to_act = 0;
	t_hand(&g, 0, "rockfall", NULL);
	m.x = 4;
	disc = g.ndiscard;
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.ndiscard, disc + 1);
}
END_TEST

/* "Treasure Map: If you play a Treasure Map, you may look at a treasure
 * chest and the corresponding path card in secret instead of a goal
 * card." */
START_TEST(map_peeks_at_a_chest_in_secret)
{
	sab_move m;
	const sab_event *e;
	sab_event v;

	game(BASE, SAB_CHEST_KEEP_ONE);
	m = t_action(g.rs, SAB_MOVE_PLAY, "map", 0, 0);
	m.goal = SAB_GOAL_CHEST;
	m.x = 4;
	m.y = 0;
	ck_assert(t_listed(&g, &m));
	m.x = 5;
	ck_assert_int_eq(t_legal(&g, &m), 0);
	m.x = 4;
	t_apply(&g, &m, &ev);
	e = find(SAB_EV_PEEK);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
	ck_assert_int_eq(e->card, t_def(g.rs, "chest-cross"));
	ck_assert_int_eq(e->value, SAB_CHEST_KEEP_ONE);
	ck_assert_int_eq(sab_event_view(e, 1, &v), 0);
	/* "Then, return both cards back to their original position, face
	 * down." */
	ck_assert_int_eq(g.board.cell[sab_board_index(4, 0)], SAB_CELL_HIDDEN);
}
END_TEST

/* Saboteur 2: the same chests; look at a Saboteur 2 dwarf card. */
START_TEST(chests_play_with_saboteur2)
{
	game(SAB2, SAB_CHEST_LOOK_ROLE);
	reach();
	t_apply(&g, &(sab_move){ .kind = SAB_MOVE_SEAT, .target = 1 }, &ev);
	ck_assert_int_eq(find(SAB_EV_INSPECT)->value, g.role[1]);
	game(SAB2, SAB_CHEST_GOLD);
	reach();
	ck_assert_int_eq(g.gold[0], 1);
}
END_TEST

/* The ruleset: the section needs the module, push-goal is refused. */
START_TEST(rulesets_check_the_chests_section)
{
	static const char nomod[] =
	    "extends: base\nname: x\nchests:\n"
	    "  region: {min: [2, -3], max: [6, 3]}\n  per_round: 4\n"
	    "  paths: [{name: c, edges: NESW, count: 7}]\n"
	    "  chests: {gold: 10}\n";
	static const char push[] =
	    "extends: base\nname: x\nmodules: [base, chests]\nchests:\n"
	    "  region: {min: [2, -3], max: [6, 3]}\n  per_round: 4\n"
	    "  paths: [{name: c, edges: NESW, count: 7}]\n"
	    "  chests: {gold: 9, push-goal: 1}\n";
	static const char few[] =
	    "extends: base\nname: x\nmodules: [base, chests]\nchests:\n"
	    "  region: {min: [2, -3], max: [6, 3]}\n  per_round: 4\n"
	    "  paths: [{name: c, edges: NESW, count: 7}]\n"
	    "  chests: {gold: 3}\n";
	sab_ruleset rs;
	char err[256];

	ck_assert_int_eq(sab_ruleset_parse(&rs, nomod, strlen(nomod), "t",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "t:4:3: chests: a chests section needs "
	    "module chests") != NULL, "%s", err);
	ck_assert_int_eq(sab_ruleset_parse(&rs, push, strlen(push), "t",
	    err, sizeof err), 0);       /* push-goal is played */
	ck_assert_int_eq(sab_ruleset_parse(&rs, few, strlen(few), "t",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "3 chests and 7 path cards for 4") != NULL,
	    "%s", err);
}
END_TEST

Suite *chests_suite(void)
{
	Suite *s = suite_create("chests");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, setup_lays_four_chests_apart);
	tcase_add_test(tc, no_path_card_goes_on_a_chest);
	tcase_add_test(tc, reaching_a_chest_reveals_its_path_card_and_chest);
	tcase_add_test(tc, gold_chest_gives_one_gold_card);
	tcase_add_test(tc, no_maps_chest_stops_maps_on_goals_only);
	tcase_add_test(tc, no_draw_and_extra_draw_change_the_draw);
	tcase_add_test(tc, extra_draw_beside_another_chest_acts_in_the_order_laid);
	tcase_add_test(tc, steal_card_chest_takes_a_card_from_a_chosen_hand);
	tcase_add_test(tc, keep_one_chest_offers_three_cards);
	tcase_add_test(tc, look_role_chest_shows_one_role_to_the_taker);
	tcase_add_test(tc, trove_chest_takes_one_of_the_shuffled_discards);
	tcase_add_test(tc, mill_chest_discards_five_from_the_deck);
	tcase_add_test(tc, push_goal_chest_pushes_a_chosen_goal_one_further);
	tcase_add_test(tc, push_goal_chest_skips_goals_that_cannot_go);
	tcase_add_test(tc, push_goal_never_lands_on_an_open_tunnel);
	tcase_add_test(tc, rockfall_removes_a_face_down_chest);
	tcase_add_test(tc, map_peeks_at_a_chest_in_secret);
	tcase_add_test(tc, chests_play_with_saboteur2);
	tcase_add_test(tc, rulesets_check_the_chests_section);
	suite_add_tcase(s, tc);
	return s;
}
