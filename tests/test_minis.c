/* test_minis.c: the mini expansions Tunnel Toll, Costume Department and Tunnel Party, played in real games of base-minis and saboteur2-minis (their chests taken off the table: test_chests.c tests them), each test from a sentence of the rulebook's "Saboteur Mini Expansions" section (seed 004) or a decision of saboteur-rules(5). */
#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"
#include "../protocol/protocol.h"
#include "../rules/effect.h"
#include "../rules/seen.h"

/*
 * Each test builds a position the way earlier turns would have left it,
 * asks the rules what is legal and plays the move.  Five players; seat 0
 * to act unless said.  The postcards lie at 4 -2 (costume) and 4 2
 * (party), as the built-ins have them.
 */

static sab_game g;
static sab_events ev;

static const sab_ruleset *base(void)
{
	return t_ruleset("base-minis");
}

/* A game of rs (base-minis or saboteur2-minis, which hold every mini
 * expansion) as t_game deals it, with the chests the setup laid taken off
 * the table: the positions below lay tunnels where a chest may lie, and a
 * chest opened on the way would change the turn under test.  The five
 * goal places and the chests' rules are New Goals' and Treasure Chests'
 * own suites' (test_goals.c, test_chests.c). */
static void minis_game(const sab_ruleset *rs, uint64_t seed, sab_events *e)
{
	t_game(&g, rs, 5, seed, e);
	g.nchests = 0;
}

static sab_move dwarf(const char *card, int x, int y)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_DWARF;
	m.card = t_def(g.rs, card);
	m.x = (int8_t)x;
	m.y = (int8_t)y;
	return m;
}

/* The first event of type in ev, or NULL. */
static const sab_event *find(int type)
{
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == type)
			return &ev.ev[i];
	return NULL;
}

/* A tunnel east of the start: tees open north at 1 0 to 3 0. */
static void tunnel(void)
{
	t_place(&g, "tee-new", 1, 0, 0);
	t_place(&g, "tee-new", 2, 0, 0);
	t_place(&g, "tee-new", 3, 0, 0);
}

/* ---- Tunnel Toll ------------------------------------------------------ */

/* "Take 1 gold piece each." (decision: it counts towards the final score,
 * and everyone sees it taken) */
START_TEST(toll_each_player_takes_one_gold_piece_at_setup)
{
	minis_game(base(), 1, &ev);
	for (int s = 0; s < 5; s++)
		ck_assert_int_eq(g.gold[s], 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 5);
	ck_assert_int_eq(find(SAB_EV_GOLD)->vis, SAB_VIS_ALL);
	/* Only at the game's setup: the second round's deals none.  The
	 * first round ends at once (no cards left but seat 0's one). */
	t_hand(&g, 0, "map", NULL);
	for (int s = 1; s < 5; s++)
		g.nhand[s] = 0;
	g.ndeck = 0;
	sab_move m = { .kind = SAB_MOVE_PASS, .card = t_def(g.rs, "map") };
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.round, 2);
	for (int i = 0; i < ev.n; i++)
		ck_assert(ev.ev[i].type != SAB_EV_GOLD ||
		    ev.ev[i].vis != SAB_VIS_ALL);
	/* And the base game has none. */
	t_game(&g, t_ruleset("base"), 5, 1, NULL);
	ck_assert_int_eq(g.gold[0], 0);
}
END_TEST

/* "Discard 1 card from your hand on the discard pile, face down. ...
 * Place the dwarf at the open end of a path." and "After this action,
 * you don't draw a card from the draw deck". */
START_TEST(toll_dwarf_discards_face_down_without_a_draw)
{
	sab_move m;
	int deck;
	sab_event v;

	minis_game(base(), 2, NULL);
	t_hand(&g, 0, "map", "cross", "rockfall", NULL);
	deck = g.ndeck;
	m = dwarf("map", 1, 0);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.nhand[0], 2);
	ck_assert_int_eq(g.ndeck, deck);
	ck_assert_int_eq(g.ndiscard, 1);
	ck_assert_int_eq(g.discard[0], t_def(g.rs, "map"));
	ck_assert_int_eq(g.toll_cell[0], sab_board_index(1, 0));
	ck_assert_int_eq(g.toll_owner[0], 0);
	ck_assert_int_eq(g.to_act, 1);
	ck_assert_int_eq(t_count(&ev, SAB_EV_DRAW), 0);
	/* Face down: the card to the seat alone; the dwarf in the open. */
	ck_assert_int_eq(find(SAB_EV_PASS)->vis, SAB_VIS_HIDDEN);
	ck_assert(sab_event_view(find(SAB_EV_PASS), 1, &v));
	ck_assert_int_eq(v.card, SAB_NO_CARD);
	ck_assert_int_eq(find(SAB_EV_DWARF)->vis, SAB_VIS_ALL);
	ck_assert_int_eq(find(SAB_EV_DWARF)->x, 1);
}
END_TEST

/* "the open end of a path" (decision: an empty cell a path card could
 * join to the tunnels from the start now, without a dwarf). */
START_TEST(toll_dwarf_goes_only_on_an_open_end)
{
	sab_move m;

	minis_game(base(), 3, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	m = dwarf("map", 2, 0);         /* not next to the tunnel */
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "no open end") != NULL);
	ck_assert(!t_listed(&g, &m));
	m = dwarf("map", 0, 0);         /* the start */
	ck_assert(!t_legal(&g, &m));
	m = dwarf("gold", 1, 0);        /* a card not held */
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "not in your hand") != NULL);
	m = dwarf("map", 1, 0);
	t_apply(&g, &m, NULL);
	/* Seat 1: the same cell holds a dwarf now. */
	t_hand(&g, 1, "map", "cross", NULL);
	m = dwarf("cross", 1, 0);
	ck_assert(!t_legal(&g, &m));
	m = dwarf("cross", 0, 1);
	ck_assert(t_legal(&g, &m));
}
END_TEST

/* "This action can be used exactly once per dwarf each round." and "Get
 * the dwarves and their markers ready again." */
START_TEST(toll_each_dwarf_once_a_round)
{
	sab_move m;

	minis_game(base(), 4, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	t_hand(&g, 1, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 0, 1), &m), NULL);
	t_hand(&g, 2, "map", "cross", NULL);
	m = dwarf("map", -1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "both dwarves") != NULL);
	/* Paid and gone, a dwarf stays out for the round. */
	t_hand(&g, 2, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 1, 0, 0), &m), NULL);
	ck_assert_int_eq(g.toll_cell[0], SAB_NO_CELL);
	t_hand(&g, 3, "map", "cross", NULL);
	m = dwarf("map", 2, 0);
	ck_assert(!t_legal(&g, &m));
}
END_TEST

/* "The dwarf blocks this path, so no player can put any path cards there"
 * and "If you want to place a path card in the place where the dwarf is,
 * you must pay 1 gold to do it. Give the gold to the player who put that
 * dwarf into play. Then, put the dwarf and its marker aside." */
START_TEST(toll_a_path_card_on_a_dwarf_pays_its_owner)
{
	sab_move m;
	const sab_event *e;

	minis_game(base(), 5, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	t_hand(&g, 1, "cross", "map", NULL);
	m = t_path(g.rs, "cross", 1, 0, 0);
	ck_assert(t_listed(&g, &m));
	t_apply(&g, &m, &ev);
	ck_assert_int_eq(g.gold[1], 0);
	ck_assert_int_eq(g.gold[0], 2);
	ck_assert_int_eq(g.toll_cell[0], SAB_NO_CELL);
	e = find(SAB_EV_TOLL);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->seat, 1);
	ck_assert_int_eq(e->target, 0);
	ck_assert_int_eq(e->vis, SAB_VIS_ALL);
	ck_assert_int_eq(e->value, 1);
}
END_TEST

/* "A player who cannot pay cannot place there" (issue 14): a seat without
 * gold is refused, and the listing leaves the cell out. */
START_TEST(toll_a_seat_without_gold_cannot_pass_a_dwarf)
{
	sab_move m;

	minis_game(base(), 6, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	g.gold[1] = 0;
	t_hand(&g, 1, "cross", "map", NULL);
	m = t_path(g.rs, "cross", 1, 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "costs 1 gold") != NULL);
	ck_assert(!t_listed(&g, &m));
	/* Another cell is free. */
	m = t_path(g.rs, "cross", 0, 1, 0);
	ck_assert(t_legal(&g, &m));
}
END_TEST

/* "Starting with the second round, you can also pay the dwarves with gold
 * you've won in previous rounds.": gold won pays like the setup piece. */
START_TEST(toll_gold_won_pays_from_round_two)
{
	sab_move m;

	minis_game(base(), 7, NULL);
	g.round = 2;
	g.gold[1] = 3;          /* the piece spent, three nuggets won */
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	t_hand(&g, 1, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 1, 0, 0), &m), NULL);
	ck_assert_int_eq(g.gold[1], 2);
}
END_TEST

/* Decision: a dwarf blocks its cell for every card but a path card from
 * the hand, which pays; a rockfall takes path cards away, never a dwarf
 * (its cell is empty). */
START_TEST(toll_a_rockfall_cannot_remove_a_dwarf)
{
	sab_move m;

	minis_game(base(), 8, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	t_hand(&g, 1, "rockfall", "map", NULL);
	m = t_path(g.rs, "rockfall", 1, 0, 0);
	m.rot = 0;
	ck_assert(!t_legal(&g, &m));
	ck_assert_int_eq(g.toll_cell[0], sab_board_index(1, 0));
}
END_TEST

/* The special cards: a diversion cannot move the last path card onto a
 * dwarf. */
START_TEST(toll_a_diversion_cannot_move_onto_a_dwarf)
{
	static const char yaml[] = "extends: base-wc\nname: wc-toll\n"
	    "modules: [base, wc, toll]\ntoll: {dwarves: 2, gold: 1}\n";
	const sab_ruleset *rs = t_ruleset_text("wc-toll", yaml);
	sab_move m;

	t_game(&g, rs, 5, 9, NULL);
	g.rs = rs;
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = t_path(rs, "cross", 1, 0, 0), &m), NULL);
	while (g.phase == SAB_PHASE_REACT)
		t_apply(&g, (m = (sab_move){ .kind = SAB_MOVE_ALLOW }, &m),
		    NULL);
	t_hand(&g, 1, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 0, 1), &m), NULL);
	t_hand(&g, 2, "diversion", "map", NULL);
	m = t_path(rs, "diversion", 0, 1, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert(strstr(t_why, "dwarf") != NULL);
	ck_assert(!t_listed(&g, &m));
	m = t_path(rs, "diversion", 0, -1, 0);
	ck_assert(t_legal(&g, &m));
}
END_TEST

/* The dwarves are part of the position: two games that differ only in
 * where a dwarf stands hash differently. */
START_TEST(toll_dwarves_fold_into_the_hash)
{
	static sab_game a;
	sab_move m;

	minis_game(base(), 10, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	a = g;
	t_apply(&g, (m = dwarf("map", 1, 0), &m), NULL);
	t_apply(&a, (m = dwarf("map", 0, 1), &m), NULL);
	ck_assert(sab_game_hash(&a) != sab_game_hash(&g));
}
END_TEST

/* The protocol: "dwarf CARD X Y" read and written; the lines a seat is
 * sent. */
START_TEST(toll_protocol_lines)
{
	static proto_cards pc;
	char err[256], buf[128], name[40];
	unsigned feat = 0;
	sab_move m;

	ck_assert_int_eq(proto_cards_init(&pc, base(), err, sizeof err), 0);
	ck_assert_int_eq(proto_parse(&pc, "dwarf map 1 -2", 14, &m, name,
	    &feat, err, sizeof err), PROTO_MOVE);
	ck_assert_int_eq(m.kind, SAB_MOVE_DWARF);
	ck_assert_int_eq(m.x, 1);
	ck_assert_int_eq(m.y, -2);
	ck_assert_int_gt(proto_move(&pc, &m, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "dwarf map 1 -2");
	ck_assert_int_eq(proto_parse(&pc, "dwarf map 1", 11, &m, name,
	    &feat, err, sizeof err), PROTO_BAD);
	ck_assert(strstr(err, "dwarf wants") != NULL);
	minis_game(base(), 11, NULL);
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), &ev);
	ck_assert_int_gt(proto_event(&pc, find(SAB_EV_PASS), 0, 5, buf,
	    sizeof buf), 0);
	ck_assert_str_eq(buf, "discarded 0 map");
	ck_assert_int_gt(proto_event(&pc, find(SAB_EV_PASS), 2, 5, buf,
	    sizeof buf), 0);
	ck_assert_str_eq(buf, "discarded 0 -");
	ck_assert_int_gt(proto_event(&pc, find(SAB_EV_DWARF), 2, 5, buf,
	    sizeof buf), 0);
	ck_assert_str_eq(buf, "dwarf 0 1 0");
	t_hand(&g, 1, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 1, 0, 0), &m), &ev);
	ck_assert_int_gt(proto_event(&pc, find(SAB_EV_TOLL), 3, 5, buf,
	    sizeof buf), 0);
	ck_assert_str_eq(buf, "toll 1 0 1 0");
}
END_TEST

/* What a seat knows (rules/seen.h): the dwarf, the toll and the gold. */
START_TEST(toll_seen_follows_the_dwarves)
{
	static sab_seen s;
	sab_move m;

	sab_seen_init(&s, base(), 5, 2);
	minis_game(base(), 12, &ev);
	for (int i = 0; i < ev.n; i++)
		sab_seen_tell(&s, base(), &ev.ev[i]);
	ck_assert_int_eq(s.gold[0], 1);         /* in the open */
	t_hand(&g, 0, "map", "cross", NULL);
	t_apply(&g, (m = dwarf("map", 1, 0), &m), &ev);
	for (int i = 0; i < ev.n; i++)
		sab_seen_tell(&s, base(), &ev.ev[i]);
	ck_assert_int_eq(s.toll_cell[0], sab_board_index(1, 0));
	ck_assert_int_eq(s.to_act, 1);
	t_hand(&g, 1, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 1, 0, 0), &m), &ev);
	for (int i = 0; i < ev.n; i++)
		sab_seen_tell(&s, base(), &ev.ev[i]);
	ck_assert_int_eq(s.toll_cell[0], SAB_NO_CELL);
	ck_assert_int_eq(s.gold[0], 2);
	ck_assert_int_eq(s.gold[1], 0);
}
END_TEST

/* ---- the postcards ---------------------------------------------------- */

/* "Place the postcard ... into the network of tunnels during setup"
 * (decision: face up at 4 -2 and 4 2, open on every side). */
START_TEST(postcards_lie_face_up_at_setup)
{
	minis_game(base(), 13, &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_LAID), 2);
	ck_assert_int_eq(SAB_CELL_DEF(sab_board_get(&g.board, 4, -2)),
	    t_def(g.rs, "costume-department"));
	ck_assert_int_eq(SAB_CELL_DEF(sab_board_get(&g.board, 4, 2)),
	    t_def(g.rs, "tunnel-party"));
	ck_assert(!sab_board_connected(&g.board, 4, -2));
	/* Not deck cards: the census holds without them. */
	sab_census c;
	sab_game_census(&g, &c);
	ck_assert_int_eq(c.deck + c.hands + c.discard + c.board, 67);
}
END_TEST

/* "If you're the first player to connect the Costume Department with the
 * start card, you must immediately swap out your dwarf card. Swap it to
 * the card you put aside during setup (Saboteur)" */
START_TEST(costume_first_connector_swaps_with_the_card_set_aside)
{
	sab_move m;
	uint8_t old, spare;
	const sab_event *e;

	minis_game(base(), 14, NULL);
	tunnel();
	t_place(&g, "cross", 4, 0, 0);
	old = g.role[0];
	spare = g.role_spare;
	t_hand(&g, 0, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 4, -1, 0), &m), &ev);
	ck_assert_int_eq(g.role[0], spare);
	ck_assert_int_eq(g.role_spare, old);
	e = find(SAB_EV_POSTCARD);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->vis, SAB_VIS_ALL);
	/* Its new role to the seat alone. */
	e = find(SAB_EV_ROLE);
	ck_assert_ptr_nonnull(e);
	ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
	ck_assert_int_eq(e->seat, 0);
	ck_assert_int_eq(e->value, spare);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROLE), 1);
	/* The saboteurs counted again (their pay depends on it). */
	int n = 0;
	for (int s = 0; s < 5; s++)
		n += g.role[s] == SAB_ROLE_SABOTEUR;
	ck_assert_int_eq(g.nsaboteurs, n);
	/* Only the first: a second connection does nothing. */
	t_hand(&g, 1, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 3, -1, 0), &m), &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_POSTCARD), 0);
	ck_assert_int_eq(g.role[0], spare);
}
END_TEST

/* "draw the top card from the deck of remaining dwarf cards and put your
 * old one under the deck (Saboteur 2)." */
START_TEST(costume_saboteur2_draws_the_top_of_the_dwarf_pile)
{
	sab_move m;
	uint8_t old, top;

	minis_game(t_ruleset("saboteur2-minis"), 15, NULL);
	tunnel();
	t_place(&g, "cross", 4, 0, 0);
	old = g.role[0];
	top = g.dwarves[g.ndwarves - 1];
	t_hand(&g, 0, "cross", "map", NULL);
	t_apply(&g, (m = t_path(g.rs, "cross", 4, -1, 0), &m), &ev);
	ck_assert_int_eq(g.role[0], top);
	ck_assert_int_eq(g.dwarves[0], old);
	ck_assert_int_eq(g.ndwarves, 10);
}
END_TEST

/* "If you're the first player to connect the Tunnel Party to the start
 * card, collect all players' dwarf cards without looking at them. Shuffle
 * them and deal them back out face down (each player may look at their
 * own card)." */
START_TEST(party_deals_every_dwarf_card_again)
{
	static sab_seen s;
	sab_move m;
	uint8_t before[5], after[5];
	int told[5] = { 0 }, changed = 0;

	/* Seeds until the shuffle moves a card (it may leave all). */
	for (uint64_t seed = 16; !changed && seed < 60; seed++) {
		minis_game(base(), seed, &ev);
		sab_seen_init(&s, base(), 5, 1);
		for (int i = 0; i < ev.n; i++)
			sab_seen_tell(&s, base(), &ev.ev[i]);
		s.role[3] = g.role[3];  /* as if seat 1 had inspected seat 3 */
		tunnel();
		t_place(&g, "cross", 4, 0, 0);
		memcpy(before, g.role, 5);
		t_hand(&g, 0, "cross", "map", NULL);
		t_apply(&g, (m = t_path(g.rs, "cross", 4, 1, 0), &m), &ev);
		memcpy(after, g.role, 5);
		changed = memcmp(before, after, 5) != 0;
	}
	ck_assert(changed);
	/* The same cards, dealt again. */
	int nb[4] = { 0 }, na[4] = { 0 };
	for (int k = 0; k < 5; k++)
		nb[before[k]]++, na[after[k]]++;
	ck_assert(memcmp(nb, na, sizeof nb) == 0);
	/* Each seat told its own, and only its own. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_POSTCARD), 1);
	for (int i = 0; i < ev.n; i++) {
		const sab_event *e = &ev.ev[i];
		if (e->type != SAB_EV_ROLE)
			continue;
		ck_assert_int_eq(e->vis, SAB_VIS_SEAT);
		ck_assert_int_eq(e->value, after[e->seat]);
		told[e->seat]++;
	}
	for (int k = 0; k < 5; k++)
		ck_assert_int_eq(told[k], 1);
	/* Seat 1's table: its own new role, and no longer seat 3's. */
	for (int i = 0; i < ev.n; i++)
		sab_seen_tell(&s, base(), &ev.ev[i]);
	ck_assert_int_eq(s.role[1], after[1]);
	ck_assert_int_eq(s.role[3], SAB_SEEN_UNKNOWN);
}
END_TEST

/* Decision: a postcard connected by the card that also reaches the gold
 * acts first, and the round's winners are read from the new roles. */
START_TEST(postcards_act_before_the_round_is_settled)
{
	static const char yaml[] = "extends: base\nname: near-costume\n"
	    "modules: [base, costume]\npostcards:\n"
	    "  - {name: costume-department, type: costume, at: [7, 1], "
	    "edges: NESW}\n";
	const sab_ruleset *rs = t_ruleset_text("near-costume", yaml);
	sab_move m;
	int gold = -1;

	t_game(&g, rs, 5, 17, NULL);
	for (int k = 0; k < 3; k++)
		if (rs->defs[g.goal_def[k]].gold)
			gold = k;
	/* The gold at 8 0, reached through 7 0, next to the postcard. */
	uint8_t t = g.goal_def[1];
	g.goal_def[1] = g.goal_def[gold];
	g.goal_def[gold] = t;
	for (int x = 1; x <= 6; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "tee-new", x, 0, 0);
	g.role[0] = SAB_ROLE_SABOTEUR;
	g.role_spare = SAB_ROLE_MINER;
	g.nsaboteurs = 0;
	for (int s = 0; s < 5; s++)
		g.nsaboteurs = (uint8_t)(g.nsaboteurs +
		    (g.role[s] == SAB_ROLE_SABOTEUR));
	t_hand(&g, 0, "cross", "map", NULL);
	t_apply(&g, (m = t_path(rs, "cross", 7, 0, 0), &m), &ev);
	ck_assert_int_eq(t_count(&ev, SAB_EV_POSTCARD), 1);
	/* Seat 0, a miner now, shares the miners' win. */
	for (int i = 0; i < ev.n; i++)
		if (ev.ev[i].type == SAB_EV_ROUND_END) {
			ck_assert_int_eq(ev.ev[i].n, SAB_END_GOLD);
			ck_assert(ev.ev[i].mask & 1u);
		}
}
END_TEST

/* ---- the rulesets ----------------------------------------------------- */

/* Each mistake in the mini expansions' data is named where it is. */
START_TEST(minis_ruleset_errors)
{
	static const struct { const char *yaml, *err; } bad[] = {
		{ "extends: base\nname: a\ntoll: {dwarves: 2, gold: 1}\n",
		  "t:3:7: toll: a toll section needs module toll in modules" },
		{ "extends: base\nname: a\nmodules: [base, toll]\n",
		  "t:3:10: modules: module toll needs a toll section: toll: "
		  "{dwarves: 2, gold: 1}" },
		{ "extends: base\nname: a\nmodules: [base, toll]\n"
		  "toll: {dwarves: 5, gold: 1}\n",
		  "t:4:17: toll.dwarves: \"5\" is out of range (1 to 4)" },
		{ "extends: base\nname: a\nmodules: [base, costume]\n",
		  "t:3:10: postcards: module costume needs one postcard of "
		  "type costume, not 0" },
		{ "extends: base\nname: a\nmodules: [base, costume]\n"
		  "postcards:\n  - {name: c, type: costume, at: [8, 0], "
		  "edges: NESW}\n",
		  "t:5:5: postcards[0]: (8, 0) is goal 1" },
		{ "extends: base\nname: a\nmodules: [base, costume]\n"
		  "postcards:\n  - {name: c, type: party, at: [4, 2], "
		  "edges: NESW}\n", "t:5:21: postcards[0].type: expected costume, "
		  "found \"party\"" },
		{ "extends: base\nname: a\n"
		  "postcards:\n  - {name: c, type: party, at: [4, 2], "
		  "edges: NESW}\n", "t:4:15: postcards[0]: no module of the "
		  "ruleset lays postcards" },
	};
	sab_ruleset rs;
	char err[512];

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(sab_ruleset_parse(&rs, bad[i].yaml,
		    strlen(bad[i].yaml), "t", err, sizeof err), -1);
		ck_assert_msg(strncmp(err, bad[i].err, strlen(bad[i].err)) == 0,
		    "case %zu: %s", i, err);
	}
}
END_TEST

/* The mini expansions fold into a ruleset's hash only when on: the base
 * game's stays as it was; the built-ins differ from it. */
START_TEST(minis_modules_are_named_and_ready)
{
	const char *names[] = { "toll", "costume", "party" };

	for (int i = 0; i < 3; i++) {
		const sab_module *m = sab_module_find(names[i],
		    strlen(names[i]));
		ck_assert_ptr_nonnull(m);
		ck_assert(m->ready);
	}
	ck_assert_ptr_null(sab_module_find("minis", 5));
	ck_assert_int_eq(base()->toll_dwarves, 2);
	ck_assert_int_eq(base()->toll_gold, 1);
	ck_assert_int_eq(base()->npostcards, 2);
	ck_assert_int_eq(t_ruleset("base")->npostcards, 0);
}
END_TEST

Suite *minis_suite(void)
{
	Suite *s = suite_create("minis");
	TCase *tc = tcase_create("Tunnel Toll");

	tcase_add_test(tc, toll_each_player_takes_one_gold_piece_at_setup);
	tcase_add_test(tc, toll_dwarf_discards_face_down_without_a_draw);
	tcase_add_test(tc, toll_dwarf_goes_only_on_an_open_end);
	tcase_add_test(tc, toll_each_dwarf_once_a_round);
	tcase_add_test(tc, toll_a_path_card_on_a_dwarf_pays_its_owner);
	tcase_add_test(tc, toll_a_seat_without_gold_cannot_pass_a_dwarf);
	tcase_add_test(tc, toll_gold_won_pays_from_round_two);
	tcase_add_test(tc, toll_a_rockfall_cannot_remove_a_dwarf);
	tcase_add_test(tc, toll_a_diversion_cannot_move_onto_a_dwarf);
	tcase_add_test(tc, toll_dwarves_fold_into_the_hash);
	tcase_add_test(tc, toll_protocol_lines);
	tcase_add_test(tc, toll_seen_follows_the_dwarves);
	suite_add_tcase(s, tc);
	tc = tcase_create("Costume Department and Tunnel Party");
	tcase_add_test(tc, postcards_lie_face_up_at_setup);
	tcase_add_test(tc, costume_first_connector_swaps_with_the_card_set_aside);
	tcase_add_test(tc, costume_saboteur2_draws_the_top_of_the_dwarf_pile);
	tcase_add_test(tc, party_deals_every_dwarf_card_again);
	tcase_add_test(tc, postcards_act_before_the_round_is_settled);
	suite_add_tcase(s, tc);
	tc = tcase_create("rulesets");
	tcase_add_test(tc, minis_ruleset_errors);
	tcase_add_test(tc, minis_modules_are_named_and_ready);
	suite_add_tcase(s, tc);
	return s;
}
