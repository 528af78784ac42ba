/* test_game.c: action cards, goal reveals, turns and what each seat sees. */
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/effect.h"

static sab_game g;
static sab_events ev;

static void base_game(void)
{
	t_game(&g, t_ruleset("base"), 5, 1, NULL);
}

/* Sets which goal card lies on each goal place: one name per place. */
static void set_goals(const char *a, const char *b, const char *c)
{
	g.goal_def[0] = t_def(g.rs, a);
	g.goal_def[1] = t_def(g.rs, b);
	g.goal_def[2] = t_def(g.rs, c);
}

/* A straight tunnel from the start to (6,0), two cells from the middle goal
 * (only three straight-ew exist; the rest are crosses). */
static void tunnel_to_middle(void)
{
	const char *cards[] = { "straight-ew", "straight-ew", "cross",
		"cross", "cross", "cross" };
	for (int x = 1; x <= 6; x++)
		t_place(&g, cards[x - 1], x, 0, 0);
}

START_TEST(broken_tool_goes_on_others_only_in_base)
{
	sab_move m;

	t_hand(&g, 0, "broken-pickaxe", "broken-lantern", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "broken-pickaxe", 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "broken-pickaxe must go in front of another player");
	ck_assert(!t_listed(&g, &m));
	m.target = 1;
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(sab_game_broken(&g, 1, SAB_PICKAXE), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_SABOTAGE), 1);

	/* Classic allows it in front of oneself. */
	t_game(&g, t_ruleset("classic"), 5, 1, NULL);
	t_hand(&g, 0, "broken-pickaxe", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "broken-pickaxe", 0, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
}
END_TEST

START_TEST(one_broken_tool_of_each_kind)
{
	sab_move m;

	t_break(&g, 1, SAB_PICKAXE);
	t_hand(&g, 0, "broken-pickaxe", "broken-lantern", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "broken-pickaxe", 1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "seat 1 already has a broken pickaxe");
	m = t_action(g.rs, SAB_MOVE_PLAY, "broken-lantern", 1, 0);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
}
END_TEST

START_TEST(no_path_cards_with_a_broken_tool)
{
	sab_move m;

	t_hand(&g, 0, "straight-ew", "broken-cart", NULL);
	t_break(&g, 0, SAB_CART);
	m = t_path(g.rs, "straight-ew", 1, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "you cannot play path cards while a broken "
	    "cart lies in front of you");
	ck_assert(!t_listed(&g, &m));
	/* Other cards are still playable. */
	m = t_action(g.rs, SAB_MOVE_PLAY, "broken-cart", 1, 0);
	ck_assert(t_listed(&g, &m));
}
END_TEST

START_TEST(repairs_need_a_matching_broken_tool)
{
	sab_move m;

	t_hand(&g, 0, "repair-pickaxe", "repair-lantern-cart", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "repair-pickaxe", 2, SAB_PICKAXE);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "seat 2 has no broken pickaxe to repair");
	t_break(&g, 2, SAB_PICKAXE);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
	ck_assert(t_listed(&g, &m));
	m = t_action(g.rs, SAB_MOVE_PLAY, "repair-lantern-cart", 2,
	    SAB_PICKAXE);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "repair-lantern-cart cannot repair a pickaxe");
	/* Repairing oneself is allowed. */
	t_break(&g, 0, SAB_LANTERN);
	m = t_action(g.rs, SAB_MOVE_PLAY, "repair-lantern-cart", 0,
	    SAB_LANTERN);
	ck_assert_msg(t_legal(&g, &m), "%s", t_why);
}
END_TEST

START_TEST(double_repair_mends_one_tool)
{
	sab_move m;
	int discards;

	t_break(&g, 3, SAB_LANTERN);
	t_break(&g, 3, SAB_CART);
	t_hand(&g, 0, "repair-lantern-cart", NULL);
	discards = g.ndiscard;
	m = t_action(g.rs, SAB_MOVE_PLAY, "repair-lantern-cart", 3, SAB_CART);
	/* The two broken cards came from nowhere; count them in. */
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(sab_game_broken(&g, 3, SAB_CART), 0);
	ck_assert_int_eq(sab_game_broken(&g, 3, SAB_LANTERN), 1);
	/* Both the repair and the broken cart go on the discard pile. */
	ck_assert_int_eq(g.ndiscard, discards + 2);
	ck_assert_uint_eq(g.discard[g.ndiscard - 1], t_def(g.rs, "broken-cart"));
}
END_TEST

START_TEST(rockfall_removes_path_cards_only)
{
	sab_move m;

	t_place(&g, "straight-ew", 1, 0, 0);
	t_place(&g, "straight-ew", 2, 0, 0);
	t_hand(&g, 0, "rockfall", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "rockfall", 0, 0);
	m.x = 0, m.y = 0;
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "the start card at (0,0) cannot be removed");
	m.x = 8;
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "the goal card at (8,0) cannot be removed");
	m.x = 3;
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "there is no card at (3,0) to remove");
	m.x = 1;
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_uint_eq(sab_board_get(&g.board, 1, 0), SAB_CELL_EMPTY);
	ck_assert(!sab_board_connected(&g.board, 2, 0));
	ck_assert_int_eq(ev.ev[0].type, SAB_EV_ROCKFALL);
	ck_assert_uint_eq(ev.ev[0].removed, t_def(g.rs, "straight-ew"));
}
END_TEST

START_TEST(map_peek_is_private)
{
	sab_move m;
	sab_event seen;
	int peek = -1;

	t_hand(&g, 0, "map", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "map", 2, 0);
	t_apply(&g, &m, &ev);
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_PEEK)
			peek = i;
	ck_assert_int_ge(peek, 0);
	ck_assert_uint_eq(ev.ev[peek].card, g.goal_def[2]);
	ck_assert_int_eq(sab_event_view(&ev.ev[peek], 0, &seen), 1);
	for (int s = 1; s < 5; s++)
		ck_assert_int_eq(sab_event_view(&ev.ev[peek], s, &seen), 0);
	ck_assert_int_eq(sab_event_view(&ev.ev[peek], -1, &seen), 0);
	/* That seat 0 looked at goal 2 is public. */
	ck_assert_int_eq(ev.ev[0].type, SAB_EV_MAP);
	ck_assert_int_eq(sab_event_view(&ev.ev[0], 3, &seen), 1);
	ck_assert_uint_eq(g.peeked[0], 4);
}
END_TEST

START_TEST(map_only_on_face_down_goals)
{
	sab_move m;

	g.goal_open = 1;
	t_hand(&g, 0, "map", NULL);
	m = t_action(g.rs, SAB_MOVE_PLAY, "map", 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "goal 0 is already face up");
	m.goal = 3;
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "there is no goal 3 (goals are 0 to 2)");
}
END_TEST

START_TEST(pass_discards_face_down)
{
	sab_move m;
	sab_event seen;

	t_hand(&g, 0, "cross", "map", NULL);
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(ev.ev[0].type, SAB_EV_PASS);
	ck_assert_int_eq(ev.ev[0].vis, SAB_VIS_HIDDEN);
	ck_assert_int_eq(sab_event_view(&ev.ev[0], 1, &seen), 1);
	ck_assert_uint_eq(seen.card, SAB_NO_CARD);
	ck_assert_int_eq(sab_event_view(&ev.ev[0], 0, &seen), 1);
	ck_assert_uint_eq(seen.card, t_def(g.rs, "map"));
	/* Then the player draws: hidden from the others too. */
	ck_assert_int_eq(ev.ev[1].type, SAB_EV_DRAW);
	ck_assert_int_eq(sab_event_view(&ev.ev[1], 2, &seen), 1);
	ck_assert_uint_eq(seen.card, SAB_NO_CARD);
	ck_assert_int_eq(g.to_act, 1);
}
END_TEST

START_TEST(only_cards_in_hand)
{
	sab_move m;

	t_hand(&g, 0, "cross", NULL);
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "map is not in your hand");
}
END_TEST

START_TEST(reaching_gold_reveals_it_and_ends_the_round)
{
	sab_move m;

	set_goals("stone-ne", "gold", "stone-nw");
	tunnel_to_middle();
	t_hand(&g, 0, "straight-ew", NULL);
	g.role[0] = SAB_ROLE_MINER;
	m = t_path(g.rs, "straight-ew", 7, 0, 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROLE_REVEAL), 5);
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_ROUND_END) {
			ck_assert_int_eq(ev.ev[i].n, SAB_END_GOLD);
			ck_assert_int_eq(ev.ev[i].seat, 0);
			ck_assert_int_eq(ev.ev[i].target, SAB_ROLE_MINER);
		}
}
END_TEST

START_TEST(a_stone_is_turned_to_fit)
{
	sab_move m;
	uint8_t c;

	/* Reach the top goal (8,-2) from the west along y = -2. */
	set_goals("stone-ne", "gold", "stone-nw");
	t_place(&g, "straight-ns", 0, -1, 0);
	t_place(&g, "curve-nw", 0, -2, 1);      /* turned: S and E */
	for (int x = 1; x <= 6; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "cross", x, -2, 0);
	t_hand(&g, 0, "cross", NULL);
	m = t_path(g.rs, "cross", 7, -2, 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 0);
	c = sab_board_get(&g.board, 8, -2);
	ck_assert_uint_eq(SAB_CELL_DEF(c), t_def(g.rs, "stone-ne"));
	/* N-E turned is S-W: open towards the tunnel that reached it. */
	ck_assert_uint_eq(SAB_CELL_ROT(c), 1);
	ck_assert_uint_eq(sab_board_cell_edges(g.rs, c), SAB_S | SAB_W);
	ck_assert(g.goal_open & 1);
	/* A revealed goal now constrains its neighbours like any card. */
	t_hand(&g, 1, "cross", NULL);
	m = t_path(g.rs, "cross", 9, -2, 0);
	ck_assert(!t_legal(&g, &m));
}
END_TEST

START_TEST(one_card_reaches_two_goals)
{
	sab_move m;

	set_goals("stone-ne", "stone-nw", "gold");
	/* Along y = -1 to (7,-1), then a T opening N, S and W at (8,-1). */
	t_place(&g, "tee-nse", 0, -1, 0);       /* N, S, E */
	for (int x = 1; x <= 7; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "cross", x, -1, 0);
	t_hand(&g, 0, "tee-nse", NULL);
	m = t_path(g.rs, "tee-nse", 8, -1, 1);  /* turned: N, S, W */
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_REVEAL), 2);
	ck_assert_uint_eq(g.goal_open, 3);
	/* Reached from below, stone-ne turns (S-W); stone-nw reached from
	 * above stays upright (N-W). */
	ck_assert_uint_eq(SAB_CELL_ROT(sab_board_get(&g.board, 8, -2)), 1);
	ck_assert_uint_eq(SAB_CELL_ROT(sab_board_get(&g.board, 8, 0)), 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 0);
}
END_TEST

START_TEST(no_cards_pass_and_round_ends)
{
	sab_move m;

	/* Empty the deck and every hand but seat 0's last card. */
	g.ndeck = 0;
	for (int s = 0; s < 5; s++)
		g.nhand[s] = 0;
	g.hand[0][0] = t_def(g.rs, "map");
	g.nhand[0] = 1;
	g.hand[2][0] = t_def(g.rs, "cross");
	g.nhand[2] = 1;
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	t_apply(&g, &m, &ev);
	/* Seat 1 has no card: it passes without discarding; seat 2 acts. */
	ck_assert_int_eq(g.to_act, 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
	ck_assert_int_eq(ev.ev[1].type, SAB_EV_PASS);
	ck_assert_uint_eq(ev.ev[1].card, SAB_NO_CARD);
	ck_assert_int_eq(ev.ev[1].seat, 1);
	m = t_action(g.rs, SAB_MOVE_PASS, "cross", 0, 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_END), 1);
	ck_assert_int_eq(g.round, 2);
	/* The next round starts left of the one who played the last card. */
	ck_assert_int_eq(g.to_act, 3);
}
END_TEST

START_TEST(setup_deals_roles_and_hands_privately)
{
	sab_events e0;
	sab_event seen;
	int roles = 0, draws = 0;

	t_game(&g, t_ruleset("base"), 5, 4, &e0);
	for (int i = 0; i < e0.n; i++) {
		const sab_event *e = &e0.ev[i];
		if (e->type == SAB_EV_ROLE) {
			roles++;
			ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
			ck_assert_int_eq(sab_event_view(e, (e->seat + 1) % 5,
			    &seen), 0);
		}
		if (e->type == SAB_EV_DRAW) {
			draws++;
			ck_assert_int_eq(sab_event_view(e, (e->seat + 1) % 5,
			    &seen), 1);
			ck_assert_uint_eq(seen.card, SAB_NO_CARD);
		}
	}
	ck_assert_int_eq(roles, 5);
	ck_assert_int_eq(draws, 30);
	ck_assert_int_eq(g.ndeck, 67 - 30);
	ck_assert_int_eq(g.nsaboteurs + (g.role_spare == SAB_ROLE_SABOTEUR), 2);
}
END_TEST

START_TEST(drawing_stops_when_the_deck_is_empty)
{
	sab_move m;

	g.ndeck = 0;
	t_hand(&g, 0, "cross", "map", NULL);
	g.ndeck = 0;
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nhand[0], 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
}
END_TEST

/*
 * The event list holds what one step of the largest game makes: 12 seats
 * with hands of 8, 9 rounds, 64 gold cards of 1 and saboteurs paid 9 each
 * (the most gold events), maps to peek with.  A step that made more would
 * set ev.overflow, which the referee refuses to play on (bots would miss
 * events): this keeps it from happening, with room to spare.
 */
START_TEST(the_largest_game_fits_the_event_list)
{
	static const char text[] =
	    "extends: base\nname: biggest\nplayers: {min: 3, max: 12}\n"
	    "rounds: 9\nroles:\n"
	    "  3: {saboteurs: 1, miners: 3}\n  4: {saboteurs: 1, miners: 4}\n"
	    "  5: {saboteurs: 2, miners: 4}\n  6: {saboteurs: 2, miners: 5}\n"
	    "  7: {saboteurs: 3, miners: 5}\n  8: {saboteurs: 3, miners: 6}\n"
	    "  9: {saboteurs: 3, miners: 7}\n  10: {saboteurs: 4, miners: 7}\n"
	    "  11: {saboteurs: 5, miners: 7}\n  12: {saboteurs: 6, miners: 7}\n"
	    "hand_size: {3: 8, 4: 8, 5: 8, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8, 11: 8, "
	    "12: 8}\n"
	    "gold:\n  cards: {1: 64}\n  drawn: per_player\n  drawn_max: 0\n"
	    "  saboteur_pay: {1: 9, 2: 9, 3: 9, 4: 9, 5: 9, 6: 9}\n"
	    "deck:\n  - {name: cross, type: path, edges: NESW, count: 150}\n"
	    "  - {name: map, type: map, count: 42}\n";
	static sab_ruleset rs;
	static sab_events big_ev;
	static sab_game big;
	char err[256];
	int most = 0;

	ck_assert_msg(sab_ruleset_parse(&rs, text, sizeof text - 1, "t", err,
	    sizeof err) == 0, "%s", err);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		sab_rng rng;
		sab_rng_seed(&rng, seed);
		big_ev.n = 0;
		big_ev.overflow = 0;
		ck_assert_int_eq(sab_game_new(&big, &rs, 12, 0, &rng, &big_ev, err,
		    sizeof err), 0);
		while (1) {
			sab_move m;
			ck_assert_msg(!big_ev.overflow, "seed %d: events overflowed",
			    (int)seed);
			most = big_ev.n > most ? big_ev.n : most;
			if (sab_game_over(&big))
				break;
			sab_game_random_move(&big, &rng, &m);
			big_ev.n = 0;
			sab_game_apply(&big, &m, &rng, &big_ev);
		}
	}
	/* The deal of 96 cards and 12 roles, at the least. */
	ck_assert_int_ge(most, 12 * 8 + 12);
	ck_assert_int_le(most, SAB_MAX_EVENTS / 2);
}
END_TEST

/* What a round's deal put on the table: hands, roles, goals and deck. */
typedef struct dealt {
	int round;
	uint8_t hand[SAB_MAX_PLAYERS][SAB_MAX_HAND], nhand[SAB_MAX_PLAYERS];
	uint8_t role[SAB_MAX_PLAYERS], goal[SAB_MAX_GOALS];
	uint8_t deck[SAB_MAX_DECK];
	int ndeck;
} dealt;

static void note_deal(const sab_game *d, dealt *out)
{
	memset(out, 0, sizeof *out);
	out->round = d->round;
	memcpy(out->hand, d->hand, sizeof out->hand);
	memcpy(out->nhand, d->nhand, sizeof out->nhand);
	memcpy(out->role, d->role, sizeof out->role);
	memcpy(out->goal, d->goal_def, sizeof out->goal);
	memcpy(out->deck, d->deck, d->ndeck);
	out->ndeck = d->ndeck;
}

/* Plays a game of seed to its end, seat `first` starting, each seat's
 * moves drawn at random from a generator seeded with `play` (another
 * line-up), and notes each round's deal; returns the rounds noted. */
static int deals_of(const sab_ruleset *rs, int n, int deal, int first,
    uint64_t seed, uint64_t play, dealt *out)
{
	static sab_game d;
	sab_rng rng, moves;
	char err[256];
	int rounds = 0;

	sab_rng_seed(&rng, seed);
	sab_rng_seed(&moves, play);
	ck_assert_msg(sab_game_new_dealt(&d, rs, n, first, deal, &rng, NULL,
	    err, sizeof err) == 0, "%s", err);
	note_deal(&d, &out[rounds++]);
	while (!sab_game_over(&d)) {
		sab_move m;
		int round = d.round;
		sab_game_random_move(&d, &moves, &m);
		sab_game_apply(&d, &m, &rng, NULL);
		if (d.round != round && !sab_game_over(&d) &&
		    rounds < SAB_MAX_ROUNDS)
			note_deal(&d, &out[rounds++]);
	}
	return rounds;
}

static int same_deal(const dealt *a, const dealt *b, int n)
{
	return a->round == b->round && a->ndeck == b->ndeck &&
	    memcmp(a->nhand, b->nhand, (size_t)n) == 0 &&
	    memcmp(a->hand, b->hand, sizeof a->hand) == 0 &&
	    memcmp(a->role, b->role, (size_t)n) == 0 &&
	    memcmp(a->goal, b->goal, sizeof a->goal) == 0 &&
	    memcmp(a->deck, b->deck, (size_t)a->ndeck) == 0;
}

/*
 * Duplicate deals (saboteur-tournament(5)): a game dealt by seats deals
 * every round the same hands, roles, goals and deck to each seat of one
 * seed, whoever starts and however the table plays, even where play
 * draws on the generator (the chests of base-minis).  Dealt by the
 * rulebook ("The player to the left of the one who played the last card
 * of the preceding round starts the new round", and the deal begins
 * with that player), the hands depend on who starts: the contrast shows
 * that the comparison can fail.
 */
START_TEST(dealt_by_seat_every_round_is_the_seats)
{
	static const struct { const char *rs; int n; } t[] = {
		{ "base", 5 }, { "saboteur2", 6 }, { "base-minis", 5 },
		{ "base-wc", 4 },
	};
	static dealt a[SAB_MAX_ROUNDS], b[SAB_MAX_ROUNDS];

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		const sab_ruleset *rs = t_ruleset(t[i].rs);
		int later = 0;
		for (uint64_t seed = 1; seed <= 6; seed++) {
			int na = deals_of(rs, t[i].n, SAB_DEAL_SEATS, 0, seed,
			    100 + seed, a);
			int nb = deals_of(rs, t[i].n, SAB_DEAL_SEATS,
			    (int)seed % t[i].n, seed, 200 + seed, b);
			for (int r = 0; r < na && r < nb; r++) {
				ck_assert_msg(same_deal(&a[r], &b[r], t[i].n),
				    "%s seed %d: round %d dealt otherwise",
				    t[i].rs, (int)seed, a[r].round);
				later += r > 0;
			}
		}
		ck_assert_msg(later > 0, "%s: no game reached round 2", t[i].rs);
		/* By the rulebook, another seat starting deals otherwise. */
		deals_of(rs, t[i].n, SAB_DEAL_PLAY, 0, 1, 101, a);
		deals_of(rs, t[i].n, SAB_DEAL_PLAY, 1, 1, 101, b);
		ck_assert(!same_deal(&a[0], &b[0], t[i].n));
	}
}
END_TEST

/* Dealt by the rulebook, a game is what sab_game_new() made before there
 * was another way; dealing by seats is folded into the state's hash. */
START_TEST(dealing_by_seat_changes_nothing_else)
{
	static sab_game p, q;
	sab_rng r1, r2;
	char err[256];

	sab_rng_seed(&r1, 9);
	sab_rng_seed(&r2, 9);
	ck_assert_int_eq(sab_game_new(&p, t_ruleset("base"), 5, 2, &r1, NULL,
	    err, sizeof err), 0);
	ck_assert_int_eq(sab_game_new_dealt(&q, t_ruleset("base"), 5, 2,
	    SAB_DEAL_PLAY, &r2, NULL, err, sizeof err), 0);
	ck_assert(memcmp(&p, &q, sizeof p) == 0);
	ck_assert(memcmp(&r1, &r2, sizeof r1) == 0);
	sab_rng_seed(&r2, 9);
	ck_assert_int_eq(sab_game_new_dealt(&q, t_ruleset("base"), 5, 2,
	    SAB_DEAL_SEATS, &r2, NULL, err, sizeof err), 0);
	ck_assert(sab_game_hash(&p) != sab_game_hash(&q));
	ck_assert_int_eq(sab_game_new_dealt(&q, t_ruleset("base"), 5, 2, 7,
	    &r2, NULL, err, sizeof err), -1);
	ck_assert_str_eq(err, "there is no way of dealing numbered 7");
}
END_TEST

/* The turn knows no phase but PLAY and OVER and no move kind but PLAY and
 * PASS: every other phase is a decision row, and every other move kind a
 * rule, of the module rules/modules.def says brought it, once. */
static int rows_of(const sab_module *m, int phase)
{
	int n = 0;

	for (int i = 0; i < m->ndecisions; i++)
		if (m->decisions[i].phase == phase) {
			ck_assert_ptr_nonnull(m->decisions[i].check);
			ck_assert_ptr_nonnull(m->decisions[i].moves);
			ck_assert_ptr_nonnull(m->decisions[i].apply);
			n++;
		}
	return n;
}

static int rules_of(const sab_module *m, int kind)
{
	int n = 0;

	for (int i = 0; i < m->nmove_rules; i++)
		n += m->move_rules[i].kind == kind;
	return n;
}

START_TEST(every_decision_and_move_kind_has_its_module_row)
{
	int rows = 0, rules = 0;

#define SAB_PHASE(name, owner) \
	if (SAB_PHASE_##name != SAB_PHASE_PLAY && \
	    SAB_PHASE_##name != SAB_PHASE_OVER) { \
		ck_assert_int_eq(rows_of(&sab_module_##owner, \
		    SAB_PHASE_##name), 1); \
		rows++; \
	}
#define SAB_MOVE(name, owner) \
	if (SAB_MOVE_##name != SAB_MOVE_PLAY && \
	    SAB_MOVE_##name != SAB_MOVE_PASS) { \
		ck_assert_int_eq(rules_of(&sab_module_##owner, \
		    SAB_MOVE_##name), 1); \
		rules++; \
	}
#include "../rules/modules.def"
	/* And no module has a row the list does not give it. */
	for (int i = 0; sab_module_at(i) != NULL; i++) {
		rows -= sab_module_at(i)->ndecisions;
		rules -= sab_module_at(i)->nmove_rules;
	}
	ck_assert_int_eq(rows, 0);
	ck_assert_int_eq(rules, 0);
}
END_TEST

Suite *game_suite(void)
{
	Suite *s = suite_create("game");
	TCase *tc = tcase_create("actions");
	TCase *tg = tcase_create("goals and turns");

	tcase_add_checked_fixture(tc, base_game, NULL);
	tcase_add_test(tc, broken_tool_goes_on_others_only_in_base);
	tcase_add_test(tc, one_broken_tool_of_each_kind);
	tcase_add_test(tc, no_path_cards_with_a_broken_tool);
	tcase_add_test(tc, repairs_need_a_matching_broken_tool);
	tcase_add_test(tc, double_repair_mends_one_tool);
	tcase_add_test(tc, rockfall_removes_path_cards_only);
	tcase_add_test(tc, map_peek_is_private);
	tcase_add_test(tc, map_only_on_face_down_goals);
	tcase_add_test(tc, pass_discards_face_down);
	tcase_add_test(tc, only_cards_in_hand);
	suite_add_tcase(s, tc);

	tcase_add_checked_fixture(tg, base_game, NULL);
	tcase_add_test(tg, reaching_gold_reveals_it_and_ends_the_round);
	tcase_add_test(tg, a_stone_is_turned_to_fit);
	tcase_add_test(tg, one_card_reaches_two_goals);
	tcase_add_test(tg, no_cards_pass_and_round_ends);
	tcase_add_test(tg, setup_deals_roles_and_hands_privately);
	tcase_add_test(tg, drawing_stops_when_the_deck_is_empty);
	suite_add_tcase(s, tg);

	TCase *tl = tcase_create("limits");
	tcase_add_test(tl, the_largest_game_fits_the_event_list);
	tcase_add_test(tl, dealt_by_seat_every_round_is_the_seats);
	tcase_add_test(tl, dealing_by_seat_changes_nothing_else);
	tcase_add_test(tl, every_decision_and_move_kind_has_its_module_row);
	suite_add_tcase(s, tl);
	return s;
}
