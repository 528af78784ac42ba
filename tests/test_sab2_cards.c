/* test_sab2_cards.c: Saboteur 2 played in real games of the saboteur2 ruleset, card by card and role by role, each test from a sentence of the rulebook's "Saboteur 2" section. */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/sab2/sab2.h"
#include "../rules/seen.h"

/*
 * Each test builds a position the way earlier turns would have left it
 * (hands, cards in front, cards on the table, dwarf cards), then asks the
 * rules what is legal (sab_game_check, sab_game_moves) and plays the move
 * (sab_game_apply).  The sentence a test checks is quoted above it.
 */

enum { BLUE = SAB2_BLUE, GREEN = SAB2_GREEN, BOSS = SAB2_BOSS,
	PROF = SAB2_PROFITEER, GEO = SAB2_GEOLOGIST, SAB = SAB2_SABOTEUR };

static sab_game g;
static sab_events ev;

static const sab_ruleset *rs2(void)
{
	return t_ruleset("saboteur2");
}

/* A fresh saboteur2 game of n players, seat 0 to act, with the roles
 * given (NULL: as dealt). */
static void game(int n, const int *roles)
{
	t_game(&g, rs2(), n, 7, NULL);
	for (int s = 0; roles != NULL && s < n; s++)
		g.role[s] = (uint8_t)roles[s];
}

static sab_move play(const char *card, int target)
{
	return t_action(rs2(), SAB_MOVE_PLAY, card, target, 0);
}

static sab_move discard(const char *a, const char *b, const char *c)
{
	const sab_ruleset *rs = rs2();
	uint8_t d[3];
	int n = 0;
	sab_move m;

	d[n++] = t_def(rs, a);
	if (b != NULL)
		d[n++] = t_def(rs, b);
	if (c != NULL)
		d[n++] = t_def(rs, c);
	for (int i = 1; i < n; i++)     /* card order, as the listing has it */
		for (int j = i; j > 0 && d[j - 1] > d[j]; j--) {
			uint8_t t = d[j];
			d[j] = d[j - 1];
			d[j - 1] = t;
		}
	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_PASS;
	m.card = d[0];
	m.nmore = (uint8_t)(n - 1);
	for (int i = 1; i < n; i++)
		m.more[i - 1] = d[i];
	return m;
}

static sab_move removal(const char *front, const char *a, const char *b)
{
	sab_move m = discard(a, b, NULL);

	m.kind = SAB_MOVE_REMOVE;
	m.front = t_def(rs2(), front);
	return m;
}

static sab_move choose(int seat)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_CHOOSE;
	m.target = (uint8_t)seat;
	return m;
}

static int in_front(int seat, const char *name)
{
	return sab_pile_has(g.front[seat], g.nfront[seat], t_def(rs2(), name));
}

static int in_hand(int seat, const char *name)
{
	uint8_t d = t_def(rs2(), name);
	int n = 0;

	for (int i = 0; i < g.nhand[seat]; i++)
		n += g.hand[seat][i] == d;
	return n;
}

/* The first event of type in ev, or NULL. */
static const sab_event *first(int type)
{
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == type)
			return &ev.ev[i];
	return NULL;
}

/* The gold seat was paid in ev's SAB_EV_GOLD events. */
static int paid(int seat)
{
	int n = 0;

	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_GOLD && ev.ev[i].seat == seat)
			n += ev.ev[i].value;
	return n;
}

/* Whether seat s (-1: a spectator) sees event e at all. */
static int sees(const sab_event *e, int s)
{
	sab_event out;

	return sab_event_view(e, s, &out);
}

static void census_holds(void)
{
	sab_census c;

	sab_game_census(&g, &c);
	ck_assert_int_eq(c.deck + c.hands + c.discard + c.board + c.in_front +
	    c.aside, rs2()->deck_size);
}

/* The draw deck played out onto the discard pile, as a long round would
 * leave it. */
static void deck_out(void)
{
	while (g.ndeck > 0)
		g.discard[g.ndiscard++] = g.deck[--g.ndeck];
}

/* Every hand empty but seat 0's one card, and the deck played out: seat
 * 0's turn is the round's last. */
static void last_card(const char *name)
{
	for (int s = 1; s < g.nplayers; s++)
		t_hand(&g, s, NULL);
	t_hand(&g, 0, name, NULL);
	deck_out();
}

/* The gold goal card on goal place k (k = 1 is (8,0), straight east of
 * the start). */
static void gold_at(int k)
{
	for (int i = 0; i < rs2()->ngoals; i++)
		if (rs2()->defs[g.goal_def[i]].gold) {
			uint8_t t = g.goal_def[k];
			g.goal_def[k] = g.goal_def[i];
			g.goal_def[i] = t;
			return;
		}
	ck_abort_msg("no gold goal");
}

/*
 * A tunnel from the start east to (6,0), with the doors asked for (0: none)
 * at (3,0) and (4,0), and the gold at (8,0): the card that seat `finder`
 * holds, a cross, reaches it at (7,0).
 */
static const char *const fill[6] = { "straight-ew", "straight-ew",
	"tee-new", "tee-new", "tee-new", "straight-ew" };

static void tunnel(const char *door3, const char *door4, int finder)
{
	gold_at(1);
	for (int x = 1; x <= 6; x++) {
		const char *name = fill[x - 1];
		if (x == 3 && door3 != NULL)
			name = door3;
		if (x == 4 && door4 != NULL)
			name = door4;
		t_place(&g, name, x, 0, 0);
	}
	t_hand(&g, finder, "cross", "map", NULL);
	g.to_act = (uint8_t)finder;
}

/* The finder plays the cross at (7,0), reaching the gold. */
static void reach_gold(void)
{
	sab_move m = t_path(rs2(), "cross", 7, 0, 0);

	t_apply(&g, &m, &ev);
	ck_assert_msg(first(SAB_EV_ROUND_END) != NULL, "the round went on");
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->n, SAB_END_GOLD);
}

/* ---- the action cards ------------------------------------------------ */

/* "Place the theft card face up in front of yourself when you play it." */
START_TEST(theft_lies_in_front_of_yourself)
{
	sab_move m = play("theft", 0);

	game(4, NULL);
	t_hand(&g, 0, "theft", "cross", "map", NULL);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert(in_front(0, "theft"));
	ck_assert_int_eq(g.nfront[0], 1);
	for (int s = 1; s < 4; s++)
		ck_assert_int_eq(g.nfront[s], 0);
	/* "Play 1 action card: draw 1". */
	ck_assert_int_eq(g.nhand[0], 3);
	ck_assert_int_eq(first(SAB_EV_PLAY)->seat, 0);
	ck_assert(sees(first(SAB_EV_PLAY), -1));
	census_holds();
}
END_TEST

/* "Note: You may only have 1 copy of each action card in front of you at
 * any one time." (theft) */
START_TEST(only_one_theft_in_front_of_you)
{
	sab_move m = play("theft", 0);

	game(4, NULL);
	t_front(&g, 0, "theft");
	t_front(&g, 1, "theft");
	t_hand(&g, 0, "theft", "cross", NULL);
	ck_assert(!t_legal(&g, &m));
	ck_assert_msg(strstr(t_why, "only one copy") != NULL, "%s", t_why);
	ck_assert(!t_listed(&g, &m));
	/* Another player's theft does not stop yours. */
	g.discard[g.ndiscard++] = g.front[0][--g.nfront[0]];
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
}
END_TEST

/* "Hands off! ... Remove 1 theft card of your choice that's face up on the
 * table. Place both cards on the discard pile." */
START_TEST(hands_off_removes_a_theft_of_your_choice)
{
	uint16_t nd;

	game(4, NULL);
	t_front(&g, 0, "theft");
	t_front(&g, 2, "theft");
	t_hand(&g, 0, "hands-off", "cross", NULL);
	/* Any theft on the table, your own too; none where there is none. */
	for (int s = 0; s < 4; s++) {
		sab_move m = play("hands-off", s);
		ck_assert_int_eq(t_legal(&g, &m), s == 0 || s == 2);
		ck_assert_int_eq(t_listed(&g, &m), s == 0 || s == 2);
	}
	sab_move bad = play("hands-off", 1);
	ck_assert(!t_legal(&g, &bad));
	ck_assert_msg(strstr(t_why, "no theft") != NULL, "%s", t_why);
	nd = g.ndiscard;
	sab_move m = play("hands-off", 2);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nfront[2], 0);
	ck_assert(in_front(0, "theft"));
	ck_assert_int_eq(g.ndiscard, nd + 2);
	ck_assert(sab_pile_has(g.discard, (uint8_t)g.ndiscard,
	    t_def(rs2(), "theft")));
	ck_assert(sab_pile_has(g.discard, (uint8_t)g.ndiscard,
	    t_def(rs2(), "hands-off")));
	ck_assert_int_eq(first(SAB_EV_PLAY)->target, 2);
	ck_assert_int_eq(first(SAB_EV_PLAY)->removed, t_def(rs2(), "theft"));
	census_holds();
}
END_TEST

/* "Trapped ... Place the trapped card in front of any other player." and
 * "Note: You may only have 1 copy of each action card in front of you" */
START_TEST(trapped_goes_in_front_of_another_player_once)
{
	game(4, NULL);
	t_hand(&g, 0, "trapped", "trapped", "cross", NULL);
	for (int s = 0; s <= 4; s++) {
		sab_move m = play("trapped", s);
		ck_assert_int_eq(t_legal(&g, &m), s >= 1 && s <= 3);
		ck_assert_int_eq(t_listed(&g, &m), s >= 1 && s <= 3);
	}
	sab_move m = play("trapped", 1);
	t_apply(&g, &m, &ev);
	ck_assert(in_front(1, "trapped"));
	ck_assert_int_eq(g.nfront[0], 0);
	ck_assert_int_eq(first(SAB_EV_PLAY)->target, 1);
	g.to_act = 0;
	ck_assert(!t_legal(&g, &m));
	ck_assert_msg(strstr(t_why, "already trapped") != NULL, "%s", t_why);
	ck_assert(!t_listed(&g, &m));
	census_holds();
}
END_TEST

/* "When you have a trapped card in front of you, you can't play path cards
 * on your turn." */
START_TEST(a_trapped_player_plays_no_path_card)
{
	sab_move moves[64];
	sab_move path = t_path(rs2(), "cross", 1, 0, 0);
	sab_move act = play("inspection", 2);
	static sab_move all[SAB_MAX_MOVES];
	int n;

	game(4, NULL);
	t_hand(&g, 0, "cross", "straight-ew", "inspection", NULL);
	ck_assert(t_legal(&g, &path));
	t_front(&g, 0, "trapped");
	ck_assert(!t_legal(&g, &path));
	ck_assert_msg(strstr(t_why, "trapped") != NULL, "%s", t_why);
	ck_assert_int_eq(sab_game_moves_card(&g, t_def(rs2(), "cross"),
	    moves), 0);
	n = sab_game_moves(&g, all);
	for (int i = 0; i < n; i++)
		ck_assert(!sab_move_plays(rs2(), &all[i], SAB_CARD_PATH));
	/* Action cards and the other options stay open. */
	ck_assert(t_legal(&g, &act));
	sab_move pass = discard("cross", NULL, NULL);
	ck_assert(t_legal(&g, &pass));
}
END_TEST

/* "Freedom ... Remove a trapped card of your choice that's face up on the
 * table. Place both cards on the discard pile." (your own too) */
START_TEST(freedom_removes_a_trapped_card_of_your_choice)
{
	uint16_t nd;

	game(4, NULL);
	t_front(&g, 0, "trapped");
	t_front(&g, 2, "trapped");
	t_hand(&g, 0, "freedom", "cross", NULL);
	for (int s = 0; s < 4; s++) {
		sab_move m = play("freedom", s);
		ck_assert_int_eq(t_legal(&g, &m), s == 0 || s == 2);
		ck_assert_int_eq(t_listed(&g, &m), s == 0 || s == 2);
	}
	sab_move bad = play("freedom", 3);
	ck_assert(!t_legal(&g, &bad));
	ck_assert_msg(strstr(t_why, "not trapped") != NULL, "%s", t_why);
	nd = g.ndiscard;
	sab_move m = play("freedom", 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nfront[0], 0);
	ck_assert(in_front(2, "trapped"));
	ck_assert_int_eq(g.ndiscard, nd + 2);
	ck_assert_int_eq(first(SAB_EV_PLAY)->removed, t_def(rs2(), "trapped"));
	/* Free again: seat 0 may play its path card. */
	g.to_act = 0;
	sab_move path = t_path(rs2(), "cross", 1, 0, 0);
	ck_assert(t_legal(&g, &path));
	census_holds();
}
END_TEST

/* "Inspection ... Look at the dwarf card of another player of your choice
 * in secret. Then, discard the inspection card." */
START_TEST(inspection_tells_the_inspector_alone)
{
	const int roles[] = { BLUE, GREEN, GEO, SAB };
	const sab_event *e;
	uint16_t nd;

	game(4, roles);
	t_hand(&g, 0, "inspection", "cross", NULL);
	sab_move self = play("inspection", 0);
	ck_assert(!t_legal(&g, &self));
	ck_assert(!t_listed(&g, &self));
	nd = g.ndiscard;
	sab_move m = play("inspection", 2);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.ndiscard, nd + 1);
	ck_assert_int_eq(g.discard[g.ndiscard - 1], t_def(rs2(), "inspection"));
	ck_assert_int_eq(t_count(&ev, SAB_EV_INSPECT), 1);
	e = first(SAB_EV_INSPECT);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->target, 2);
	ck_assert_int_eq(e->value, GEO);
	ck_assert(sees(e, 0));
	for (int s = -1; s < 4; s++)
		if (s != 0)
			ck_assert_msg(!sees(e, s), "seat %d sees the role", s);
	/* Everyone sees the card played and on whom. */
	e = first(SAB_EV_PLAY);
	ck_assert(sees(e, -1));
	ck_assert_int_eq(e->target, 2);
	census_holds();
}
END_TEST

/* "Change Hats ... Pick any 1 player including yourself. This player must
 * swap their dwarf card for a new one by drawing the top card from the deck
 * of unused dwarf cards and pushing their former card under the deck. Then,
 * discard the change hats card." */
START_TEST(change_hats_on_anyone_tells_only_that_player)
{
	const int roles[] = { SAB, BLUE, GREEN, BOSS };
	const sab_event *e;

	game(4, roles);
	ck_assert_int_eq(g.ndwarves, 15 - 4);
	t_hand(&g, 0, "change-hats", "change-hats", "cross", NULL);
	for (int s = 0; s <= 4; s++) {
		sab_move m = play("change-hats", s);
		ck_assert_int_eq(t_legal(&g, &m), s < 4);
		ck_assert_int_eq(t_listed(&g, &m), s < 4);
	}
	/* On another player. */
	g.dwarves[g.ndwarves - 1] = GEO;
	g.dwarves[0] = BLUE;
	sab_move m = play("change-hats", 2);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.role[2], GEO);
	ck_assert_int_eq(g.dwarves[0], GREEN);  /* under the deck */
	ck_assert_int_eq(g.dwarves[1], BLUE);
	ck_assert_int_eq(g.ndwarves, 15 - 4);
	ck_assert_int_eq(g.discard[g.ndiscard - 1],
	    t_def(rs2(), "change-hats"));
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROLE), 1);
	e = first(SAB_EV_ROLE);
	ck_assert_int_eq(e->seat, 2);
	ck_assert_int_eq(e->value, GEO);
	ck_assert(sees(e, 2));
	for (int s = -1; s < 4; s++)
		if (s != 2)
			ck_assert_msg(!sees(e, s), "seat %d sees the new role", s);
	ck_assert(sees(first(SAB_EV_PLAY), -1));
	/* On yourself. */
	g.to_act = 0;
	g.dwarves[g.ndwarves - 1] = PROF;
	m = play("change-hats", 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.role[0], PROF);
	ck_assert_int_eq(g.dwarves[0], SAB);
	e = first(SAB_EV_ROLE);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->value, PROF);
	ck_assert(!sees(e, 1));
	census_holds();
}
END_TEST

/* Change hats after an inspection: "This player must swap their dwarf card
 * for a new one": what the inspector saw is no longer the player's card,
 * so its table forgets it; the player and the whole table know the new
 * one. */
START_TEST(change_hats_makes_an_inspection_stale)
{
	const int roles[] = { BLUE, GREEN, GEO, SAB };
	static sab_seen inspector, target, all;

	game(4, roles);
	sab_seen_init(&inspector, rs2(), 4, 0);
	sab_seen_init(&target, rs2(), 4, 2);
	sab_seen_init(&all, rs2(), 4, SAB_SEEN_ALL);
	t_hand(&g, 0, "inspection", "cross", NULL);
	t_hand(&g, 1, "change-hats", "cross", NULL);
	g.dwarves[g.ndwarves - 1] = BOSS;
	sab_move m = play("inspection", 2);
	t_apply(&g, &m, &ev);
	for (int i = 0; i < ev.n; i++)
		(void)sab_seen_tell(&inspector, rs2(), &ev.ev[i]);
	ck_assert_int_eq(inspector.role[2], GEO);
	ck_assert_int_eq(g.to_act, 1);
	m = play("change-hats", 2);
	t_apply(&g, &m, &ev);
	for (int i = 0; i < ev.n; i++) {
		(void)sab_seen_tell(&inspector, rs2(), &ev.ev[i]);
		(void)sab_seen_tell(&target, rs2(), &ev.ev[i]);
		(void)sab_seen_tell(&all, rs2(), &ev.ev[i]);
	}
	ck_assert_int_eq(inspector.role[2], SAB_SEEN_UNKNOWN);
	ck_assert_int_eq(target.role[2], BOSS);
	ck_assert_int_eq(all.role[2], BOSS);
}
END_TEST

/* "Swap Hands Cards ... Pick 1 other player and swap all of your hand of
 * cards with them. The number of cards you each have is irrelevant. Then,
 * discard the swap hands card. The other player draws 1 card at the end of
 * your turn." (the other player, in the place of you: saboteur-rules(5)) */
START_TEST(swap_hands_swaps_and_the_other_draws)
{
	uint8_t top1, top2;

	game(4, NULL);
	t_hand(&g, 0, "swap-hands", "map", "rockfall", NULL);
	t_hand(&g, 2, "cross", "cross", "bridge", "theft", "freedom", NULL);
	sab_move self = play("swap-hands", 0);
	ck_assert(!t_legal(&g, &self));
	ck_assert(!t_listed(&g, &self));
	top1 = g.deck[g.ndeck - 1];
	top2 = g.deck[g.ndeck - 2];
	sab_move m = play("swap-hands", 2);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nhand[0], 5);
	ck_assert_int_eq(in_hand(0, "cross"), 2);
	ck_assert(in_hand(0, "bridge") && in_hand(0, "theft") &&
	    in_hand(0, "freedom"));
	ck_assert_int_eq(g.nhand[2], 2 + 1);
	ck_assert(in_hand(2, "map") && in_hand(2, "rockfall"));
	ck_assert(!in_hand(2, "swap-hands"));
	/* The other player draws the top card; you draw nothing. */
	ck_assert_int_eq(g.hand[2][g.nhand[2] - 1], top1);
	ck_assert_int_eq(g.deck[g.ndeck - 1], top2);
	ck_assert_int_eq(g.owed_draw, SAB_NO_SEAT);
	ck_assert_int_eq(g.discard[g.ndiscard - 1], t_def(rs2(), "swap-hands"));
	/* Each of the two learns its new hand, and nobody else does. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_HAND), 2);
	for (int i = 0; i < ev.n; i++) {
		const sab_event *e = &ev.ev[i];
		if (e->type != SAB_EV_HAND)
			continue;
		ck_assert(e->seat == 0 || e->seat == 2);
		ck_assert_int_eq(e->n, e->seat == 0 ? 5 : 2);
		for (int s = -1; s < 4; s++)
			ck_assert_int_eq(sees(e, s), s == e->seat);
	}
	ck_assert_int_eq(g.to_act, 1);
	census_holds();
}
END_TEST

/* "The number of cards you each have is irrelevant": a swap with a player
 * whose hand is empty. */
START_TEST(swap_hands_with_an_empty_hand)
{
	game(3, NULL);
	t_hand(&g, 0, "swap-hands", "map", NULL);
	t_hand(&g, 1, NULL);
	sab_move m = play("swap-hands", 1);
	ck_assert(t_legal(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nhand[0], 0);        /* nothing, and no draw */
	ck_assert_int_eq(g.nhand[1], 2);        /* the map, then a draw */
	ck_assert(in_hand(1, "map"));
	census_holds();
}
END_TEST

/* ---- the turn's options -------------------------------------------- */

/* "Pass and discard 1 to 3 cards, face down: draw 1 to 3" and "Put 1 to 3
 * of your cards on the discard pile, face down. Then, draw the same number
 * of cards from the draw deck" */
START_TEST(a_pass_discards_one_to_three_and_draws_as_many)
{
	const sab_event *e;

	for (int k = 1; k <= 3; k++) {
		uint16_t nd, nk;
		game(4, NULL);
		t_hand(&g, 0, "cross", "map", "theft", "bridge", "rockfall",
		    "freedom", NULL);
		sab_move m = discard("map", k > 1 ? "theft" : NULL,
		    k > 2 ? "bridge" : NULL);
		ck_assert(t_listed(&g, &m));
		nd = g.ndiscard;
		nk = g.ndeck;
		t_apply(&g, &m, &ev);
		ck_assert_int_eq(g.nhand[0], 6);
		ck_assert_int_eq(g.ndiscard, nd + k);
		ck_assert_int_eq(g.ndeck, nk - k);
		ck_assert(!in_hand(0, "map"));
		e = first(SAB_EV_PASS);
		ck_assert_int_eq(e->seat, 0);
		/* Face down: the others see how many, not which. */
		ck_assert_int_eq(e->vis, SAB_VIS_HIDDEN);
		ck_assert_int_eq(k > 1 ? e->n : 1, k);
		census_holds();
	}
	/* Not four, and not cards you do not hold. */
	game(4, NULL);
	t_hand(&g, 0, "cross", "map", "theft", "bridge", NULL);
	sab_move four = discard("map", "theft", "bridge");
	four.nmore = 3;
	ck_assert(!t_legal(&g, &four));
	sab_move twice = discard("map", "map", NULL);
	ck_assert(!t_legal(&g, &twice));
	ck_assert(!t_listed(&g, &twice));
}
END_TEST

/* "Put 1 to 3 of your cards on the discard pile": which cards, not in what
 * order; the checker takes them in any order, and the same set is the same
 * move as the listing's (sab_move_equal: "the same effect"). */
START_TEST(a_pass_is_a_set_of_cards)
{
	game(4, NULL);
	t_hand(&g, 0, "cross", "map", "theft", "bridge", NULL);
	t_front(&g, 0, "trapped");
	sab_move m = discard("map", "theft", "bridge");
	sab_move r = m;

	r.card = m.more[1];
	r.more[1] = m.card;
	ck_assert(t_legal(&g, &r));
	ck_assert(sab_move_equal(rs2(), &m, &r));
	ck_assert(t_listed(&g, &r));
	r.nmore = 1;                    /* two of the three: another move */
	ck_assert(!sab_move_equal(rs2(), &m, &r));
	m = removal("trapped", "map", "cross");
	r = m;
	r.card = m.more[0];
	r.more[0] = m.card;
	ck_assert(t_legal(&g, &r));
	ck_assert(t_listed(&g, &r));
}
END_TEST

/* "Discard 2 cards and remove a card from in front of you: draw 1" and
 * "Take any 2 cards from your hand and put them on the discard pile. Then
 * remove 1 action card of your choice from in front of you. At the end of
 * your turn, you draw 1 card and continue playing with 1 less card in your
 * hand than before." */
START_TEST(discarding_two_removes_a_card_in_front_of_you)
{
	uint16_t nd;
	const sab_event *e;

	game(4, NULL);
	t_front(&g, 0, "broken-cart");
	t_front(&g, 0, "trapped");
	t_front(&g, 1, "theft");
	t_hand(&g, 0, "cross", "map", "theft", "bridge", "rockfall",
	    "freedom", NULL);
	sab_move m = removal("trapped", "map", "bridge");
	ck_assert(t_listed(&g, &m));
	sab_move cart = removal("broken-cart", "map", "bridge");
	ck_assert(t_legal(&g, &cart));
	ck_assert(t_listed(&g, &cart));
	/* Only a card in front of you. */
	sab_move other = removal("theft", "map", "bridge");
	ck_assert(!t_legal(&g, &other));
	ck_assert(!t_listed(&g, &other));
	/* Exactly two cards. */
	sab_move three = m;
	three.nmore = 2;
	three.more[1] = t_def(rs2(), "theft");
	ck_assert(!t_legal(&g, &three));
	nd = g.ndiscard;
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nhand[0], 5);
	ck_assert_int_eq(g.ndiscard, nd + 3);
	ck_assert(!in_front(0, "trapped"));
	ck_assert(in_front(0, "broken-cart"));
	e = first(SAB_EV_REMOVE);
	ck_assert_int_eq(e->removed, t_def(rs2(), "trapped"));
	ck_assert(sees(e, -1));
	census_holds();
	/* Nothing in front: no removal. */
	game(4, NULL);
	t_hand(&g, 0, "cross", "map", NULL);
	m = removal("trapped", "cross", "map");
	ck_assert(!t_legal(&g, &m));
}
END_TEST

/* "Shuffle all path and action cards ... Put aside the top 10 cards of the
 * deck ... Then, deal 6 cards to each player" and "Note: To play, you'll
 * need the expansion components as well as all path and action cards from
 * the base game." */
START_TEST(ten_set_aside_and_six_dealt)
{
	const sab_ruleset *rs = rs2(), *base = t_ruleset("base");

	/* Every base path and action card, as many copies. */
	for (int d = 0; d < base->ndefs; d++) {
		const sab_card *c = &base->defs[d];
		if (c->type == SAB_CARD_START || c->type == SAB_CARD_GOAL)
			continue;
		ck_assert_int_eq(rs->defs[t_def(rs, c->name)].count, c->count);
	}
	for (int n = 2; n <= 12; n++) {
		game(n, NULL);
		ck_assert_int_eq(g.naside, 10);
		for (int s = 0; s < n; s++)
			ck_assert_int_eq(g.nhand[s], 6);
		ck_assert_int_eq(g.ndeck, rs->deck_size - 10 - 6 * n);
		ck_assert_int_eq(g.ndwarves, 15 - n);
		census_holds();
	}
}
END_TEST

/* "Note: ... If you run out of cards, your turn is skipped over for the
 * rest of the round." */
START_TEST(a_player_without_cards_is_skipped)
{
	game(4, NULL);
	t_hand(&g, 1, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	sab_move m = discard("map", NULL, NULL);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.to_act, 2);
	/* Its turn passes without a card, in public. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_PASS && ev.ev[i].seat == 1) {
			ck_assert_int_eq(ev.ev[i].card, SAB_NO_CARD);
			ck_assert_int_eq(ev.ev[i].vis, SAB_VIS_ALL);
		}
	/* And every time round. */
	g.to_act = 0;
	m = discard("cross", NULL, NULL);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.to_act, 2);
}
END_TEST

/* "Note: If the draw deck runs out, don't draw any more cards. Don't
 * reshuffle the discard pile. On your turn, you still have to pick 1 of the
 * 4 options." */
START_TEST(an_empty_deck_is_not_refilled)
{
	static sab_move all[SAB_MAX_MOVES];
	uint16_t nd;

	game(4, NULL);
	t_hand(&g, 0, "map", "cross", "theft", NULL);
	deck_out();
	nd = g.ndiscard;
	ck_assert_int_gt(sab_game_moves(&g, all), 0);
	sab_move m = discard("map", "theft", NULL);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.ndeck, 0);
	ck_assert_int_eq(g.nhand[0], 1);
	ck_assert_int_eq(g.ndiscard, nd + 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
	census_holds();
}
END_TEST

/* "The round also ends when none of you have any cards left to play in
 * your hands." */
START_TEST(the_round_ends_when_nobody_has_cards)
{
	const int roles[] = { BLUE, GREEN, SAB, GEO };

	game(4, roles);
	last_card("map");
	census_holds();
	sab_move m = discard("map", NULL, NULL);
	t_apply(&g, &m, &ev);
	ck_assert(first(SAB_EV_ROUND_END) != NULL);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->n, SAB_END_NO_CARDS);
	/* The saboteurs' round: the saboteur alone, 5 gold. */
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, SAB);
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 2);
	ck_assert_int_eq(paid(2), 5);
	ck_assert_int_eq(g.gold[2], 5);
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/* ---- the new path cards ------------------------------------------- */

/* "The Bridge ... The 2 paths that cross on this card are not connected to
 * each other, so you can't make a turn here. Place the bridge into the
 * tunnel network so that at least 1 of the 2 paths is connected to the
 * start card." */
START_TEST(a_bridge_does_not_turn)
{
	sab_move m;

	game(4, NULL);
	t_hand(&g, 0, "bridge", "straight-ns", "straight-ew", NULL);
	m = t_path(rs2(), "bridge", 1, 0, 0);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	g.to_act = 0;
	t_hand(&g, 0, "straight-ns", "straight-ew", "bridge", NULL);
	/* The east-west path goes on; the north-south one is not joined. */
	m = t_path(rs2(), "straight-ew", 2, 0, 0);
	ck_assert(t_legal(&g, &m));
	m = t_path(rs2(), "straight-ns", 1, -1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_msg(strstr(t_why, "no open tunnel") != NULL, "%s", t_why);
	ck_assert(!t_listed(&g, &m));
	ck_assert(!sab_board_team_reached(&g.board, rs2(), 0, 1, -1));
	/* A bridge where neither path joins the start: next to a dead end's
	 * stub only. */
	t_place(&g, "dead-ns", 0, -1, 0);
	m = t_path(rs2(), "bridge", 0, -2, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
}
END_TEST

/* "The Double Bend ... The 2 paths on this card are not connected. Place
 * the double bend into the tunnel network so that at least 1 of the 2 paths
 * is connected to the start card." */
START_TEST(a_double_bend_has_two_paths_that_do_not_meet)
{
	const sab_ruleset *rs = rs2();
	sab_move m;

	game(4, NULL);
	/* Its south-west bend joins the start at (1,0); the north-east one
	 * does not. */
	t_hand(&g, 0, "double-bend-ne", "straight-ns", NULL);
	m = t_path(rs, "double-bend-ne", 1, 0, 0);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	g.to_act = 0;
	t_hand(&g, 0, "straight-ns", "straight-ns", NULL);
	m = t_path(rs, "straight-ns", 1, 1, 0);
	ck_assert(t_legal(&g, &m));
	m = t_path(rs, "straight-ns", 1, -1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	/* Neither bend joined: next to a dead end's stub only. */
	t_place(&g, "dead-ns", 0, -1, 0);
	t_hand(&g, 0, "double-bend-nw", NULL);
	m = t_path(rs, "double-bend-nw", 0, -2, 0);
	ck_assert(!t_legal(&g, &m));
	m.rot = 1;
	ck_assert(!t_legal(&g, &m));
}
END_TEST

/* "Note: When you play the ladder, it doesn't have to be connected to the
 * start card in any other way." and "The ladder is a direct connection
 * both to the start card and to all other cards with a ladder." */
START_TEST(a_ladder_needs_no_tunnel_to_the_start)
{
	const sab_ruleset *rs = rs2();
	sab_move m;

	game(4, NULL);
	/* A card cut off from the start (a rockfall took its neighbour). */
	t_place(&g, "straight-ew", 3, 3, 0);
	ck_assert(!sab_board_connected(&g.board, 3, 3));
	t_hand(&g, 0, "ladder-n", "dead-n", "straight-ns", NULL);
	m = t_path(rs, "dead-n", 3, 2, 0);
	ck_assert(!t_legal(&g, &m));
	m = t_path(rs, "ladder-n", 3, 2, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert(sab_board_connected(&g.board, 3, 2));
	/* Its tunnel now joins the network: a card goes on from it. */
	g.to_act = 0;
	t_hand(&g, 0, "straight-ns", NULL);
	m = t_path(rs, "straight-ns", 3, 1, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
	/* Every team reaches it: a ladder is no door. */
	ck_assert(sab_board_team_reached(&g.board, rs, 1, 3, 1));
	ck_assert(sab_board_team_reached(&g.board, rs, 2, 3, 1));
}
END_TEST

/* "The ladder is a direct connection both to the start card and to all
 * other cards with a ladder": two ladders far apart join their tunnels. */
START_TEST(ladders_join_each_other)
{
	const sab_ruleset *rs = rs2();
	sab_move m;

	game(4, NULL);
	t_place(&g, "straight-ew", 3, 4, 0);
	t_place(&g, "straight-ew", -3, -4, 0);
	t_hand(&g, 0, "ladder-e", "ladder-ne", NULL);
	m = t_path(rs, "ladder-e", 3, 3, 0);    /* above a cut-off card */
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	t_apply(&g, &m, &ev);
	g.to_act = 0;
	m = t_path(rs, "ladder-ne", -3, -3, 1); /* below one, turned */
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	t_apply(&g, &m, &ev);
	ck_assert(sab_board_connected(&g.board, 3, 3));
	ck_assert(sab_board_connected(&g.board, -3, -3));
	/* Removing the one keeps the other joined. */
	sab_board_remove(&g.board, rs, 3, 3);
	ck_assert(sab_board_connected(&g.board, -3, -3));
}
END_TEST

/* "Place the ladder next to any other path card, but not next to a goal
 * card." */
START_TEST(a_ladder_goes_next_to_a_card_but_not_a_goal)
{
	const sab_ruleset *rs = rs2();
	static sab_move all[SAB_MAX_MOVES];
	sab_move m;
	int n;

	game(4, NULL);
	for (int x = 1; x <= 6; x++)
		t_place(&g, fill[x - 1], x, 0, 0);
	t_hand(&g, 0, "ladder-e", NULL);
	/* (7,0) fits the tunnel, turned, but lies next to the goal. */
	m = t_path(rs, "ladder-e", 7, 0, 1);
	ck_assert(!t_legal(&g, &m));
	ck_assert_msg(strstr(t_why, "goal") != NULL, "%s", t_why);
	ck_assert(!t_listed(&g, &m));
	/* Nowhere near any card. */
	m = t_path(rs, "ladder-e", 3, 3, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(!t_listed(&g, &m));
	/* Next to a card: fine, even where nothing joins. */
	m = t_path(rs, "ladder-e", 3, 1, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	n = sab_game_moves(&g, all);
	for (int i = 0; i < n; i++) {
		if (!sab_move_plays(rs, &all[i], SAB_CARD_PATH))
			continue;
		/* No listed ladder lies next to a goal place. */
		for (int k = 0; k < rs->ngoals; k++) {
			int dx = all[i].x - rs->goal_x[k];
			int dy = all[i].y - rs->goal_y[k];
			ck_assert(!((dx == 0 && (dy == 1 || dy == -1)) ||
			    (dy == 0 && (dx == 1 || dx == -1))));
		}
	}
}
END_TEST

/* "Place the ladder next to any other path card, but not next to a goal
 * card": a goal turned face up is still a goal card. */
START_TEST(a_ladder_does_not_go_next_to_a_revealed_goal)
{
	static const char *const ladders[] = { "ladder-n", "ladder-e",
		"ladder-ne", "ladder-nw" };
	const sab_ruleset *rs = rs2();
	int by_goal = 0;

	game(4, NULL);
	/* The stone at (8,-2) face up (a tunnel reached it), and a card
	 * below the cell east of it, (9,-2). */
	sab_board_reveal(&g.board, rs, 8, -2, g.goal_def[0]);
	g.goal_open |= 1;
	t_place(&g, "straight-ns", 9, -1, 0);
	t_hand(&g, 0, "ladder-n", "ladder-e", "ladder-ne", "ladder-nw", NULL);
	for (int i = 0; i < 4; i++)
		for (int r = 0; r < 2; r++) {
			sab_move m = t_path(rs, ladders[i], 9, -2, r);
			ck_assert(!t_legal(&g, &m));
			ck_assert(!t_listed(&g, &m));
			by_goal += strstr(t_why, "goal") != NULL;
		}
	/* Some of them fit the sides: the goal alone forbids those. */
	ck_assert_int_gt(by_goal, 0);
	/* Away from the goals, beside the card, a ladder goes. */
	sab_move m = t_path(rs, "ladder-n", 10, -1, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
}
END_TEST

/* "Doors block the way for Gold Miners of the other color. At the end of
 * the round, blue doors are only open to blue Gold Miners, and green doors
 * can only be opened by green Gold Miners." */
START_TEST(a_door_is_a_wall_to_the_other_team)
{
	const sab_ruleset *rs = rs2();

	game(4, NULL);
	t_place(&g, "straight-ew", 1, 0, 0);
	t_place(&g, "door-blue-ew", 2, 0, 0);
	t_place(&g, "straight-ew", 3, 0, 0);
	t_place(&g, "door-green-ns", 0, 1, 0);
	t_place(&g, "straight-ns", 0, 2, 0);
	ck_assert(sab_board_team_reached(&g.board, rs, 1, 4, 0));
	ck_assert(!sab_board_team_reached(&g.board, rs, 2, 4, 0));
	ck_assert(sab_board_team_reached(&g.board, rs, 2, 0, 3));
	ck_assert(!sab_board_team_reached(&g.board, rs, 1, 0, 3));
	/* Everyone's tunnels pass (the cards go on beyond a door). */
	ck_assert(sab_board_team_reached(&g.board, rs, 0, 4, 0));
	t_hand(&g, 0, "straight-ew", NULL);
	sab_move m = t_path(rs, "straight-ew", 4, 0, 0);
	ck_assert(t_legal(&g, &m));
}
END_TEST

/* "As a Gold Miner, you win if your own team creates the connection to the
 * treasure and the way there isn't blocked by a door" */
START_TEST(round_a_team_reaches_the_gold)
{
	const int roles[] = { BLUE, GREEN, BLUE, SAB, GREEN };

	game(5, roles);
	tunnel(NULL, NULL, 2);
	reach_gold();
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 0 | 1u << 2);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, BLUE);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->tool, 0);
	ck_assert_int_eq(paid(0), 4);
	ck_assert_int_eq(paid(2), 4);
	ck_assert_int_eq(paid(1) + paid(3) + paid(4), 0);
	ck_assert_int_eq(g.gold[0], 4);
}
END_TEST

/* "Both teams win if the Boss, the Profiteer, a Geologist, or a Saboteur
 * has created the connection to the treasure and the way there isn't
 * blocked by a door." */
START_TEST(round_a_saboteur_reaches_the_gold)
{
	const int roles[] = { BLUE, GREEN, SAB, BOSS, GEO, SAB };

	game(6, roles);
	tunnel(NULL, NULL, 2);
	reach_gold();
	/* Blue, green and the boss: 3 each, the boss 1 less. */
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask,
	    1u << 0 | 1u << 1 | 1u << 3);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->tool, 1);    /* both */
	ck_assert_int_eq(paid(0), 3);
	ck_assert_int_eq(paid(1), 3);
	ck_assert_int_eq(paid(3), 2);
	ck_assert_int_eq(paid(2) + paid(4) + paid(5), 0);
}
END_TEST

/* "SPECIAL CASE: A team also wins if the other team has created the
 * connection to the treasure, but the way for that team is blocked by a
 * door." */
START_TEST(round_the_other_team_wins_behind_its_door)
{
	const int roles[] = { BLUE, GREEN, SAB, GREEN };

	game(4, roles);
	tunnel("door-blue-ew", NULL, 1);        /* green reaches, blue door */
	reach_gold();
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 0);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, BLUE);
	ck_assert_int_eq(paid(0), 5);
	ck_assert_int_eq(paid(1) + paid(2) + paid(3), 0);
}
END_TEST

/* "If the path to the gold is blocked by a door, only the Gold Miners of
 * the corresponding color win." (a blue miner through a blue door) */
START_TEST(round_a_team_through_its_own_door)
{
	const int roles[] = { BLUE, GREEN, SAB, BLUE };

	game(4, roles);
	tunnel("door-blue-ew", NULL, 3);
	reach_gold();
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 0 | 1u << 3);
	ck_assert_int_eq(paid(0), 4);
	ck_assert_int_eq(paid(3), 4);
}
END_TEST

/* "As the Boss, you win by yourself if the connection to the treasure was
 * created but neither team can get to it due to the corresponding doors
 * and there is no Profiteer in the game. In this case, you get 4 gold." */
START_TEST(round_the_boss_alone)
{
	const int roles[] = { BLUE, GREEN, BOSS, SAB };

	game(4, roles);
	tunnel("door-blue-ew", "door-green-ew", 1);
	reach_gold();
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 2);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, BOSS);
	ck_assert_int_eq(paid(2), 4);
	ck_assert_int_eq(paid(0) + paid(1) + paid(3), 0);
}
END_TEST

/* "As the Profiteer, you win by yourself if the connection to the treasure
 * was created but neither team can get to it due to the corresponding
 * doors and there is no Boss in the game. In this case, you get 3 gold." */
START_TEST(round_the_profiteer_alone_behind_doors)
{
	const int roles[] = { BLUE, GREEN, PROF, SAB };

	game(4, roles);
	tunnel("door-green-ew", "door-blue-ew", 3);
	reach_gold();
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 2);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, PROF);
	ck_assert_int_eq(paid(2), 3);
	ck_assert_int_eq(paid(0) + paid(1) + paid(3), 0);
}
END_TEST

/* "You also win by yourself if the round ends without a connection to the
 * treasure and there are no Saboteurs in the game. In this case, also, you
 * get 3 gold." */
START_TEST(round_the_profiteer_alone_without_saboteurs)
{
	const int roles[] = { BLUE, PROF, GREEN };

	game(3, roles);
	last_card("map");
	sab_move m = discard("map", NULL, NULL);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->n, SAB_END_NO_CARDS);
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 1);
	ck_assert_int_eq(first(SAB_EV_ROUND_END)->target, PROF);
	ck_assert_int_eq(paid(1), 3);
	ck_assert_int_eq(paid(0) + paid(2), 0);
}
END_TEST

/* "The Boss, the Profiteer, and the Geologists can pass through any door
 * unhindered." and "At the end of the round, you get as much gold as there
 * are visible crystals in the tunnel network. If there are 2 Geologists in
 * the game, they split the gold. If the number of nuggets is odd, round
 * down." */
START_TEST(round_geologists_are_paid_by_crystals)
{
	const int roles[] = { BLUE, GEO, GEO, SAB, GREEN };

	game(5, roles);
	t_place(&g, "crystal-ns", 0, -1, 0);
	t_place(&g, "crystal-cross", 0, 1, 0);
	t_place(&g, "crystal-dead-n", 0, 2, 0);
	tunnel("door-blue-ew", "door-green-ew", 3);
	reach_gold();
	/* Nobody gets through both doors; no boss, no profiteer. */
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 0);
	/* 3 crystals, 2 geologists: 1 each. */
	ck_assert_int_eq(paid(1), 1);
	ck_assert_int_eq(paid(2), 1);
	ck_assert_int_eq(paid(0) + paid(3) + paid(4), 0);
	/* One geologist alone gets them all. */
	const int one[] = { BLUE, GEO, BOSS, SAB, GREEN };
	game(5, one);
	t_place(&g, "crystal-ns", 0, -1, 0);
	t_place(&g, "crystal-cross", 0, 1, 0);
	t_place(&g, "crystal-dead-n", 0, 2, 0);
	tunnel("door-blue-ew", NULL, 3);        /* blue and the boss win */
	reach_gold();
	ck_assert_int_eq(paid(1), 3);
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 0 | 1u << 2);
	ck_assert_int_eq(paid(0), 4);
	ck_assert_int_eq(paid(2), 3);
}
END_TEST

/* "If the trapped card is still in front of you at the end of the round,
 * you don't get a share of the treasure and you can't carry out a theft."
 * and "Note: If a player is still Trapped at the end of the round, they
 * are not considered when it comes to distributing the treasure, no
 * matter what dwarf card they have. They don't count towards the winning
 * group, and they can't carry out a Theft, either." */
START_TEST(round_a_trapped_dwarf_is_not_counted)
{
	const int roles[] = { BLUE, BLUE, BLUE, SAB, GREEN };

	game(5, roles);
	t_front(&g, 2, "trapped");
	t_front(&g, 2, "theft");
	tunnel(NULL, NULL, 0);
	reach_gold();
	/* Blue wins: two untrapped, 4 each; the trapped one nothing. */
	ck_assert_uint_eq(first(SAB_EV_ROUND_END)->mask, 1u << 0 | 1u << 1);
	ck_assert_int_eq(paid(0), 4);
	ck_assert_int_eq(paid(1), 4);
	ck_assert_int_eq(paid(2), 0);
	/* No theft: the next round began. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_CHOICES), 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/*
 * "Example of distributing the treasure—These dwarves are in play: 1 blue
 * Gold Miner, 2 green Gold Miners, 1 Boss, 1 Profiteer, 2 Saboteurs. The
 * Boss completes the path to the goal card with the treasure. The way is
 * blocked by a blue door. Both Saboteurs have a Theft card in front of
 * them. One Saboteur is Trapped ... The blue Gold Miner receives 3 gold,
 * the Boss gets 3-1 = 2 gold, the Profiteer gets 3-2 = 1 gold. The
 * Saboteur with the Theft card takes 1 gold from any other player of their
 * choice. The other Saboteur with the same card gets nothing because
 * they're Trapped."  Played through a real round's end; it shows "Note: The
 * Boss and the Profiteer get 1 or 2 gold fewer than the rest, depending on
 * their role." too.
 */
START_TEST(round_the_rulebooks_worked_example)
{
	const int roles[] = { BLUE, GREEN, GREEN, BOSS, PROF, SAB, SAB };
	static sab_move all[SAB_MAX_MOVES];
	const sab_event *e;
	int n;

	game(7, roles);
	t_front(&g, 5, "theft");
	t_front(&g, 6, "theft");
	t_front(&g, 6, "trapped");
	g.theft_turn[5] = 1;
	g.theft_turn[6] = 2;
	tunnel("door-blue-ew", NULL, 3);
	reach_gold();
	e = first(SAB_EV_ROUND_END);
	ck_assert_uint_eq(e->mask, 1u << 0 | 1u << 3 | 1u << 4);
	ck_assert_int_eq(e->target, BLUE);
	ck_assert_int_eq(paid(0), 3);
	ck_assert_int_eq(paid(3), 2);
	ck_assert_int_eq(paid(4), 1);
	ck_assert_int_eq(paid(1) + paid(2) + paid(5) + paid(6), 0);
	/* Paid in pieces, in secret. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_GOLD) {
			sab_event out;
			ck_assert(sab_event_view(&ev.ev[i], 1, &out));
			ck_assert_int_eq(out.value, ev.ev[i].seat == 1 ?
			    ev.ev[i].value : 0);
		}
	/* The untrapped saboteur chooses among those who have gold. */
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	ck_assert_int_eq(g.to_act, 5);
	ck_assert_uint_eq(g.choices, 1u << 0 | 1u << 3 | 1u << 4);
	e = first(SAB_EV_CHOICES);
	ck_assert_int_eq(e->seat, 5);
	ck_assert_uint_eq(e->mask, g.choices);
	ck_assert(!sees(e, 6));
	n = sab_game_moves(&g, all);
	ck_assert_int_eq(n, 3);
	for (int s = 0; s <= 7; s++) {
		sab_move c = choose(s);
		ck_assert_int_eq(t_legal(&g, &c), s == 0 || s == 3 || s == 4);
		ck_assert_int_eq(t_listed(&g, &c), s == 0 || s == 3 || s == 4);
	}
	sab_move p = play("theft", 0);
	ck_assert(!t_legal(&g, &p));
	sab_move c = choose(3);
	t_apply(&g, &c, &ev);
	e = first(SAB_EV_STEAL);
	ck_assert_int_eq(e->seat, 5);
	ck_assert_int_eq(e->target, 3);
	ck_assert_int_eq(e->value, 1);
	ck_assert_int_eq(g.gold[3], 1);
	ck_assert_int_eq(g.gold[5], 1);
	ck_assert_int_eq(g.gold[0] + g.gold[3] + g.gold[4] + g.gold[5], 6);
	/* The trapped saboteur steals nothing: the next round began, left
	 * of the boss, who played the last card. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_STEAL), 1);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 4);
	e = first(SAB_EV_ROUND_START);
	ck_assert_int_eq(e->seat, 4);
}
END_TEST

/* "If more than one of you have a theft card in front of you, start with
 * the last player to play their Theft card. The other players follow in a
 * clockwise direction." and "steal a gold piece worth 1 gold from any 1
 * other player" */
START_TEST(round_thefts_in_order)
{
	const int roles[] = { BLUE, SAB, BLUE, SAB, GREEN, GEO };
	sab_move m = play("theft", 0);

	game(6, roles);
	for (int s = 0; s < 6; s++)
		g.gold[s] = 2;
	/* Thefts played by seats 4, then 1, then 2: seat 2 played last. */
	t_hand(&g, 4, "theft", "map", NULL);
	g.to_act = 4;
	t_apply(&g, &m, &ev);
	t_hand(&g, 1, "theft", "map", NULL);
	g.to_act = 1;
	t_apply(&g, &m, &ev);
	t_hand(&g, 2, "theft", "map", NULL);
	g.to_act = 2;
	t_apply(&g, &m, &ev);
	tunnel(NULL, NULL, 0);
	reach_gold();
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	ck_assert_int_eq(g.to_act, 2);
	/* Everyone has gold: any other seat. */
	ck_assert_uint_eq(g.choices, 0x3Fu & ~(1u << 2));
	sab_move c = choose(4);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.to_act, 4);
	c = choose(1);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	c = choose(1);
	ck_assert(!t_legal(&g, &c));            /* not from yourself */
	c = choose(5);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/* "start with the last player to play their Theft card. The other players
 * follow in a clockwise direction." and "You can't use theft at the end of
 * the round if you've been Trapped": the last thief trapped, the next one
 * clockwise from it begins. */
START_TEST(round_the_last_thief_trapped)
{
	const int roles[] = { SAB, SAB, BLUE, SAB, GREEN };

	game(5, roles);
	for (int s = 0; s < 5; s++)
		g.gold[s] = 1;
	t_front(&g, 0, "theft");
	t_front(&g, 1, "theft");
	t_front(&g, 3, "theft");
	t_front(&g, 1, "trapped");
	g.theft_turn[0] = 1;
	g.theft_turn[3] = 2;
	g.theft_turn[1] = 3;                    /* the last, and trapped */
	tunnel(NULL, NULL, 2);
	reach_gold();
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	ck_assert_int_eq(g.to_act, 3);
	sab_move c = choose(1);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	c = choose(2);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.gold[1], 0);         /* trapped, robbed */
	ck_assert_int_eq(g.gold[3], 2);
	ck_assert_int_eq(g.gold[0], 2);
}
END_TEST

/* "steal a gold piece worth 1 gold from any 1 other player": a player with
 * no gold has none to steal, and a thief with nobody to rob is passed. */
START_TEST(round_a_theft_needs_a_victim_with_gold)
{
	const int roles[] = { SAB, SAB, BLUE, GREEN };

	game(4, roles);
	t_front(&g, 0, "theft");
	t_front(&g, 1, "theft");
	g.theft_turn[0] = 1;
	g.theft_turn[1] = 2;
	g.gold[2] = 1;
	/* The round ends without the gold: the saboteurs win, 4 each. */
	last_card("map");
	sab_move m = discard("map", NULL, NULL);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(paid(0), 4);
	ck_assert_int_eq(paid(1), 4);
	/* Seat 1 played its theft last: it may rob seat 0 or seat 2, not
	 * seat 3, who has none. */
	ck_assert_int_eq(g.phase, SAB_PHASE_CHOOSE);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_uint_eq(g.choices, 1u << 0 | 1u << 2);
	sab_move c = choose(3);
	ck_assert(!t_legal(&g, &c));
	ck_assert(!t_listed(&g, &c));
	c = choose(2);
	t_apply(&g, &c, &ev);
	/* Seat 0 next: seat 2 has no gold left now. */
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_uint_eq(g.choices, 1u << 1);
	c = choose(1);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.gold[0], 5);
	ck_assert_int_eq(g.gold[1], 4);
	ck_assert_int_eq(g.gold[2], 0);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
}
END_TEST

/* "After you've distributed the gold, prepare the next round as described
 * under Setup above: reshuffle the dwarf cards and deal them out, place
 * the start and goal cards ..., and shuffle all path and action cards,
 * including the 10 you removed before the last round. Put aside the top 10
 * cards of the deck again and deal 6 new cards to each player. Of course,
 * you'll all keep the gold you won in the last round." and "The player to
 * the left of the one who played the last card of the preceding round
 * starts the new round." */
START_TEST(round_the_next_round_is_dealt_anew)
{
	const int roles[] = { BLUE, GREEN, BLUE, SAB, GREEN };
	int nroles = 0;

	game(5, roles);
	t_front(&g, 1, "trapped");
	t_front(&g, 3, "theft");
	tunnel(NULL, NULL, 4);
	reach_gold();
	/* Green wins; its trapped miner gets nothing, so the other has 5;
	 * the saboteur's theft robs the only one with gold. */
	ck_assert_uint_eq(g.choices, 1u << 4);
	sab_move c = choose(4);
	t_apply(&g, &c, &ev);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 0);          /* left of seat 4 */
	ck_assert_int_eq(first(SAB_EV_ROUND_START)->seat, 0);
	ck_assert_int_eq(g.naside, 10);
	ck_assert_int_eq(g.ndwarves, 15 - 5);
	for (int s = 0; s < 5; s++) {
		ck_assert_int_eq(g.nhand[s], 6);
		ck_assert_int_eq(g.nfront[s], 0);
	}
	ck_assert_int_eq(g.board.nplaced, 1);   /* the start card */
	ck_assert_int_eq(g.gold[4], 4);         /* the gold is kept */
	ck_assert_int_eq(g.gold[3], 1);
	ck_assert_int_eq(g.gold[1], 0);
	for (int i = 0; i < ev.n; i++) {
		const sab_event *e = &ev.ev[i];
		if (e->type != SAB_EV_ROLE)
			continue;
		nroles++;
		ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
		ck_assert_int_eq(e->value, g.role[e->seat]);
	}
	ck_assert_int_eq(nroles, 5);
	census_holds();
}
END_TEST

/* "The game ends after the third round. The player with the most gold wins
 * the game. In case of a tie, all involved players share the victory." */
START_TEST(the_game_ends_after_the_third_round)
{
	const int roles[] = { BLUE, GREEN, BLUE, SAB };

	game(4, roles);
	g.round = 3;
	g.gold[1] = 4;
	tunnel(NULL, NULL, 0);
	reach_gold();                           /* blue: 4 each */
	ck_assert(sab_game_over(&g));
	ck_assert_uint_eq(g.winners, 1u << 0 | 1u << 1 | 1u << 2);
	ck_assert_uint_eq(first(SAB_EV_GAME_END)->mask, g.winners);
}
END_TEST

/* The hash of a position tells apart positions that differ only in where
 * a Saboteur 2 card lies in front of a player ("Place the trapped card in
 * front of any other player"): replays compare hashes. */
START_TEST(the_hash_sees_the_cards_in_front)
{
	uint64_t h1, h2;
	sab_game a;

	game(4, NULL);
	t_hand(&g, 0, "trapped", "map", NULL);
	a = g;
	sab_move m = play("trapped", 1);
	t_apply(&g, &m, NULL);
	h1 = sab_game_hash(&g);
	g = a;
	m = play("trapped", 2);
	t_apply(&g, &m, NULL);
	h2 = sab_game_hash(&g);
	ck_assert_msg(h1 != h2, "trapped on seat 1 and on seat 2 hash alike");
}
END_TEST

Suite *sab2_cards_suite(void)
{
	Suite *s = suite_create("sab2 cards");
	TCase *tc = tcase_create("action cards");

	tcase_add_test(tc, theft_lies_in_front_of_yourself);
	tcase_add_test(tc, only_one_theft_in_front_of_you);
	tcase_add_test(tc, hands_off_removes_a_theft_of_your_choice);
	tcase_add_test(tc, trapped_goes_in_front_of_another_player_once);
	tcase_add_test(tc, a_trapped_player_plays_no_path_card);
	tcase_add_test(tc, freedom_removes_a_trapped_card_of_your_choice);
	tcase_add_test(tc, inspection_tells_the_inspector_alone);
	tcase_add_test(tc, change_hats_makes_an_inspection_stale);
	tcase_add_test(tc, change_hats_on_anyone_tells_only_that_player);
	tcase_add_test(tc, swap_hands_swaps_and_the_other_draws);
	tcase_add_test(tc, swap_hands_with_an_empty_hand);
	suite_add_tcase(s, tc);
	tc = tcase_create("turn options");
	tcase_add_test(tc, a_pass_discards_one_to_three_and_draws_as_many);
	tcase_add_test(tc, a_pass_is_a_set_of_cards);
	tcase_add_test(tc, discarding_two_removes_a_card_in_front_of_you);
	tcase_add_test(tc, ten_set_aside_and_six_dealt);
	tcase_add_test(tc, a_player_without_cards_is_skipped);
	tcase_add_test(tc, an_empty_deck_is_not_refilled);
	tcase_add_test(tc, the_round_ends_when_nobody_has_cards);
	suite_add_tcase(s, tc);
	tc = tcase_create("path cards");
	tcase_add_test(tc, a_bridge_does_not_turn);
	tcase_add_test(tc, a_double_bend_has_two_paths_that_do_not_meet);
	tcase_add_test(tc, a_ladder_needs_no_tunnel_to_the_start);
	tcase_add_test(tc, ladders_join_each_other);
	tcase_add_test(tc, a_ladder_goes_next_to_a_card_but_not_a_goal);
	tcase_add_test(tc, a_ladder_does_not_go_next_to_a_revealed_goal);
	tcase_add_test(tc, a_door_is_a_wall_to_the_other_team);
	suite_add_tcase(s, tc);
	tc = tcase_create("round end");
	tcase_add_test(tc, round_a_team_reaches_the_gold);
	tcase_add_test(tc, round_a_saboteur_reaches_the_gold);
	tcase_add_test(tc, round_the_other_team_wins_behind_its_door);
	tcase_add_test(tc, round_a_team_through_its_own_door);
	tcase_add_test(tc, round_the_boss_alone);
	tcase_add_test(tc, round_the_profiteer_alone_behind_doors);
	tcase_add_test(tc, round_the_profiteer_alone_without_saboteurs);
	tcase_add_test(tc, round_geologists_are_paid_by_crystals);
	tcase_add_test(tc, round_a_trapped_dwarf_is_not_counted);
	tcase_add_test(tc, round_the_rulebooks_worked_example);
	tcase_add_test(tc, round_thefts_in_order);
	tcase_add_test(tc, round_the_last_thief_trapped);
	tcase_add_test(tc, round_a_theft_needs_a_victim_with_gold);
	tcase_add_test(tc, round_the_next_round_is_dealt_anew);
	tcase_add_test(tc, the_game_ends_after_the_third_round);
	tcase_add_test(tc, the_hash_sees_the_cards_in_front);
	suite_add_tcase(s, tc);
	return s;
}
