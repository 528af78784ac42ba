/* test_wc_variants.c: the greedy dwarf, the tournament variant's gold pieces, the old mine's stones, the selfish dwarf and the sabotaged dwarf, from the rulebooks' sentences, and seeded random games of the new rulesets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"
#include "../referee/tournament/journal.h"
#include "../replays/replay.h"

/* Check reports every passing assertion through a pipe; the loops below
 * check many things, so they call Check only on a failure. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static sab_game g;
static sab_events ev;

/* ---- rulesets ------------------------------------------------------------ */

/* Parses YAML text; returns 0, or -1 with the reason in err. */
static int parse(sab_ruleset *rs, const char *text, char *err, size_t len)
{
	return sab_ruleset_parse(rs, text, strlen(text), "test", err, len);
}

/* An example ruleset file (examples/rulesets/NAME.yaml), loaded once. */
static const sab_ruleset *example(const char *name)
{
	static sab_ruleset rs[2];
	static char loaded[2][SAB_NAME_MAX];
	static char text[65536];
	char path[256], err[512];
	FILE *f;
	size_t n;
	int k = strcmp(name, "old-mine") == 0 ? 0 : 1;

	if (strcmp(loaded[k], name) == 0)
		return &rs[k];
	ck_assert_int_lt(snprintf(path, sizeof path,
	    "examples/rulesets/%s.yaml", name), (int)sizeof path);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	ck_assert_msg(sab_ruleset_parse(&rs[k], text, n, path, err,
	    sizeof err) == 0, "%s", err);
	(void)snprintf(loaded[k], sizeof loaded[k], "%s", name);
	return &rs[k];
}

START_TEST(base_rulesets_keep_exactly_their_roles)
{
	const char *names[] = { "base", "classic" };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const sab_ruleset *rs = t_ruleset(names[i]);
		ck_assert_int_eq(rs->nroles, 3);
		ck_assert_str_eq(rs->roles[SAB_ROLE_MINER].name, "miner");
		ck_assert_str_eq(rs->roles[SAB_ROLE_SABOTEUR].name, "saboteur");
		ck_assert_int_eq(rs->roles_module, 0);
	}
}
END_TEST

/* The greedy dwarf's role comes after the base game's, whose module still
 * deals and pays. */
START_TEST(module_wc_appends_the_greedy_dwarf_to_the_base_roles)
{
	const sab_ruleset *rs = t_ruleset("tournament");

	ck_assert_int_eq(rs->nroles, 4);
	ck_assert_int_eq(rs->roles_module, 0);
	ck_assert_str_eq(rs->roles[SAB_ROLE_MINER].name, "miner");
	ck_assert_str_eq(rs->roles[SAB_ROLE_SABOTEUR].name, "saboteur");
	ck_assert_str_eq(rs->roles[SAB_ROLE_GREEDY].name, "greedy");
	ck_assert_str_eq(example("selfish-dwarf")->roles[SAB_ROLE_GREEDY].name,
	    "greedy");
}
END_TEST

/* Journals and standings take their role columns from the ruleset: the
 * greedy dwarf is one more (letter g), the base game keeps exactly its
 * own list, the one a journal without a list has. */
START_TEST(journals_list_the_greedy_dwarf_as_a_role)
{
	journal_roles base, roles;
	char err[256];

	journal_roles_base(&base);
	ck_assert_int_eq(journal_roles_of(&roles, t_ruleset("base"), err,
	    sizeof err), 0);
	ck_assert(journal_roles_equal(&roles, &base));
	ck_assert_int_eq(journal_roles_of(&roles, t_ruleset("tournament"),
	    err, sizeof err), 0);
	ck_assert_int_eq(roles.n, 4);
	ck_assert_str_eq(roles.name[SAB_ROLE_GREEDY], "greedy");
	ck_assert_int_eq(roles.letter[SAB_ROLE_GREEDY], 'g');
	ck_assert(!journal_roles_equal(&roles, &base));
}
END_TEST

/* The ruleset hash folds the greedy dwarves and the pieces in: a change
 * of either is a different ruleset (the base game's hashes stay as they
 * were: tests/guards.sh). */
START_TEST(the_ruleset_hash_holds_greedy_dwarves_and_pieces)
{
	static sab_ruleset rs;
	uint64_t h;

	rs = *t_ruleset("tournament");
	h = replay_ruleset_hash(&rs);
	rs.pieces_finder = 4;
	ck_assert(replay_ruleset_hash(&rs) != h);
	rs = *t_ruleset("tournament");
	rs.pieces_saboteur[1] = 3;
	ck_assert(replay_ruleset_hash(&rs) != h);
	rs = *t_ruleset("tournament");
	rs.greedy[7] = 1;
	rs.miners[7] = 4;
	ck_assert(replay_ruleset_hash(&rs) != h);
}
END_TEST

/* "You can only combine the Greedy Dwarf with the Saboteur base game." */
START_TEST(the_greedy_dwarf_is_refused_with_saboteur_2)
{
	sab_ruleset rs;
	char err[512];

	ck_assert_int_eq(parse(&rs, "name: t\nextends: saboteur2\n"
	    "modules: [base, sab2, wc]\n"
	    "roles: {2: {saboteurs: 1, miners: 1, greedy: 1}}\n", err,
	    sizeof err), -1);
	ck_assert_msg(strstr(err, "You can only combine the Greedy Dwarf "
	    "with the Saboteur base game") != NULL, "%s", err);
	/* Greedy dwarves come with module wc alone. */
	ck_assert_int_eq(parse(&rs, "name: t\nextends: base\n"
	    "roles: {3: {saboteurs: 1, miners: 2, greedy: 1}}\n"
	    "players: {min: 3, max: 3}\nhand_size: {3: 6}\n", err,
	    sizeof err), -1);
	ck_assert_msg(strstr(err, "need module wc") != NULL, "%s", err);
	/* With it, the same ruleset is fine. */
	ck_assert_msg(parse(&rs, "name: t\nextends: base\nmodules: [base, wc]\n"
	    "roles: {3: {saboteurs: 1, miners: 2, greedy: 1}}\n"
	    "players: {min: 3, max: 3}\nhand_size: {3: 6}\n", err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(rs.greedy[3], 1);
}
END_TEST

/* Pieces are paid instead of the gold cards: not both. */
START_TEST(pieces_and_gold_cards_do_not_mix)
{
	sab_ruleset rs;
	char err[512];

	ck_assert_int_eq(parse(&rs, "name: t\nextends: base\ngold:\n"
	    "  cards: {1: 10}\n"
	    "  pieces: {finder: 3, miner: 2, greedy: 4, saboteur: {1: 4}}\n",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "instead of gold cards") != NULL, "%s", err);
	/* Every saboteur count the roles deal needs a pay. */
	ck_assert_int_eq(parse(&rs, "name: t\nextends: base\n"
	    "modules: [base, wc]\nplayers: {min: 5, max: 6}\n"
	    "roles: {5: {saboteurs: 1, miners: 3, greedy: 1},\n"
	    "  6: {saboteurs: 2, miners: 3, greedy: 1}}\n"
	    "hand_size: {5: 6, 6: 5}\ngold:\n"
	    "  pieces: {finder: 3, miner: 2, greedy: 4, saboteur: {1: 4}}\n",
	    err, sizeof err), -1);
	ck_assert_msg(strstr(err, "no pay for 2 saboteurs") != NULL, "%s",
	    err);
}
END_TEST

/* "Depending on the number of players, use the following dwarf cards for
 * each round" and "Deal the following cards from the draw deck". */
START_TEST(the_tournament_deals_its_fixed_dwarf_cards_and_hands)
{
	static const int want[10][4] = {
		[5] = { 1, 3, 1, 6 }, [6] = { 2, 3, 1, 5 },
		[7] = { 2, 3, 2, 5 }, [8] = { 3, 3, 2, 4 },
		[9] = { 3, 4, 2, 4 },
	};
	const sab_ruleset *rs = t_ruleset("tournament");

	ck_assert_int_eq(rs->min_players, 5);
	ck_assert_int_eq(rs->max_players, 9);
	for (int n = 5; n <= 9; n++) {
		for (uint64_t seed = 1; seed <= 20; seed++) {
			int count[4] = { 0 };
			t_game(&g, rs, n, seed, NULL);
			for (int s = 0; s < n; s++)
				count[g.role[s]]++;
			ck_assert_int_eq(count[SAB_ROLE_SABOTEUR], want[n][0]);
			ck_assert_int_eq(count[SAB_ROLE_MINER], want[n][1]);
			ck_assert_int_eq(count[SAB_ROLE_GREEDY], want[n][2]);
			ck_assert_int_eq(g.nsaboteurs, want[n][0]);
			ck_assert_int_eq(g.role_spare, SAB_ROLE_NONE);
			for (int s = 0; s < n; s++)
				ck_assert_int_eq(g.nhand[s], want[n][3]);
		}
	}
}
END_TEST

/* ---- building the end of a round -------------------------------------- */

/* One letter per seat: M a gold miner, S a saboteur, G a greedy dwarf, B a
 * gold miner with a broken pickaxe. */
static void set_roles(const char *roles)
{
	ck_assert_int_eq((int)strlen(roles), g.nplayers);
	g.nsaboteurs = 0;
	for (int s = 0; roles[s] != '\0'; s++) {
		g.role[s] = roles[s] == 'S' ? SAB_ROLE_SABOTEUR :
		    roles[s] == 'G' ? SAB_ROLE_GREEDY : SAB_ROLE_MINER;
		g.nsaboteurs = (uint8_t)(g.nsaboteurs + (roles[s] == 'S'));
		if (roles[s] == 'B')
			t_break(&g, s, SAB_PICKAXE);
	}
}

/* Every gold card worth one nugget: every pick is forced. */
static void stack_ones(void)
{
	g.ngold_deck = (uint8_t)(g.rs->ngold < SAB_MAX_GOLD ? g.rs->ngold :
	    SAB_MAX_GOLD);
	memset(g.gold_deck, 1, g.ngold_deck);
}

/* Seat finder plays the cross at (7,0) that joins the start's tunnel to
 * the gold in the middle goal (8,0). */
static void reach_gold(int finder)
{
	sab_move m = t_path(g.rs, "cross", 7, 0, 0);

	g.goal_def[0] = t_def(g.rs, "stone-ne");
	g.goal_def[1] = t_def(g.rs, "gold");
	g.goal_def[2] = t_def(g.rs, "stone-nw");
	for (int x = 1; x <= 6; x++)
		t_place(&g, x <= 3 ? "straight-ew" : "cross", x, 0, 0);
	t_hand(&g, finder, "cross", NULL);
	g.to_act = (uint8_t)finder;
	ev.n = 0;
	t_apply(&g, &m, &ev);
}

/* The deck and every hand empty but seat last's map, which it discards. */
static void run_out_of_cards(int last)
{
	sab_move m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);

	g.ndeck = 0;
	memset(g.nhand, 0, sizeof g.nhand);
	g.hand[last][0] = t_def(g.rs, "map");
	g.nhand[last] = 1;
	g.to_act = (uint8_t)last;
	ev.n = 0;
	t_apply(&g, &m, &ev);
}

/* Each seat's gold after the round is want[seat]. */
static void assert_gold(const int *want)
{
	for (int s = 0; s < g.nplayers; s++)
		ck_assert_msg(g.gold[s] == want[s], "seat %d has %d gold, not "
		    "%d", s, g.gold[s], want[s]);
}

/* The round-end event: its side and winners. */
static void assert_round_end(uint8_t side, unsigned winners)
{
	for (int k = 0; k < ev.n; k++)
		if (ev.ev[k].type == SAB_EV_ROUND_END) {
			ck_assert_int_eq(ev.ev[k].target, side);
			ck_assert_uint_eq(ev.ev[k].mask, winners);
			return;
		}
	ck_abort_msg("no round end");
}

/* Picks the only values offered until the next round starts. */
static void pick_all(void)
{
	while (g.phase == SAB_PHASE_PICK_GOLD) {
		sab_move m;
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_PICK_GOLD;
		m.value = g.offer[0];
		t_apply(&g, &m, &ev);
	}
}

/* ---- the greedy dwarf with gold cards ---------------------------------- */

/* "If you are the Greedy Dwarf, you only win the round if it was you who
 * created the connection from the start card to the gold.  In this case,
 * you receive 4 gold." */
START_TEST(a_greedy_dwarf_who_connects_the_gold_wins_4_alone)
{
	t_game(&g, example("selfish-dwarf"), 5, 1, NULL);
	set_roles("MGSMS");
	reach_gold(1);
	assert_round_end(SAB_ROLE_GREEDY, 1u << 1);
	/* From the gold cards, as a saboteur's pay: no one picks. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.round, 2);
	assert_gold((const int[]){ 0, 4, 0, 0, 0 });
	ck_assert_int_eq(g.ngold_deck, 28 - t_count(&ev, SAB_EV_GOLD));
}
END_TEST

/* "Otherwise, you remain empty-handed for this round"; "# Gold cards =
 * # Gold-Diggers (the Selfish Dwarf is excluded)" (seed 002). */
START_TEST(a_greedy_dwarf_is_empty_handed_when_a_miner_connects)
{
	t_game(&g, example("selfish-dwarf"), 5, 1, NULL);
	set_roles("MGSMS");
	stack_ones();
	reach_gold(0);
	assert_round_end(SAB_ROLE_MINER, 1u << 0 | 1u << 3);
	pick_all();
	/* Two gold miners: two cards, to seats 0 and 3, none to seat 1. */
	assert_gold((const int[]){ 1, 0, 0, 1, 0 });
	ck_assert_int_eq(g.ngold_deck, 28 - 2);
}
END_TEST

/* A saboteur connecting the gold: the gold miners win; the greedy dwarf
 * did not make the connection, so it gets nothing. */
START_TEST(a_greedy_dwarf_gets_nothing_when_a_saboteur_connects)
{
	t_game(&g, example("selfish-dwarf"), 5, 1, NULL);
	set_roles("MGSMS");
	stack_ones();
	reach_gold(2);
	assert_round_end(SAB_ROLE_MINER, 1u << 0 | 1u << 3);
	pick_all();
	assert_gold((const int[]){ 1, 0, 0, 1, 0 });
}
END_TEST

/* "If the Gold-Diggers win, the Selfish Dwarf loses with the Saboteurs"
 * (seed 002); when the saboteurs win, the greedy dwarf loses with the
 * miners. */
START_TEST(a_greedy_dwarf_loses_when_the_saboteurs_win)
{
	t_game(&g, example("selfish-dwarf"), 5, 1, NULL);
	set_roles("MGSMS");
	run_out_of_cards(0);
	assert_round_end(SAB_ROLE_SABOTEUR, 1u << 2 | 1u << 4);
	assert_gold((const int[]){ 0, 0, 3, 0, 3 });
}
END_TEST

/* ---- the tournament's gold pieces -------------------------------------- */

/* "If the Gold Miners win, the player who reached the goal card with the
 * gold and ended the round gets 3 gold.  All other Gold Miners get 2 gold
 * each." */
START_TEST(tournament_finder_gets_3_and_other_miners_2)
{
	t_game(&g, t_ruleset("tournament"), 6, 1, NULL);
	set_roles("MGSMSM");
	reach_gold(3);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	assert_gold((const int[]){ 2, 0, 0, 3, 0, 2 });
	/* Pieces, not cards: the gold deck is not used. */
	ck_assert_int_eq(g.ngold_deck, 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), 0);
}
END_TEST

/* A saboteur who reached the gold is no gold miner: every miner gets 2. */
START_TEST(tournament_miners_get_2_when_a_saboteur_reaches_the_gold)
{
	t_game(&g, t_ruleset("tournament"), 6, 1, NULL);
	set_roles("MGSMSM");
	reach_gold(2);
	assert_gold((const int[]){ 2, 0, 0, 2, 0, 2 });
}
END_TEST

/* "If a Greedy Dwarf wins, they get 4 gold and everyone else gets
 * nothing." */
START_TEST(tournament_greedy_dwarf_wins_4_and_everyone_else_nothing)
{
	t_game(&g, t_ruleset("tournament"), 7, 1, NULL);
	set_roles("MGSMSMG");
	reach_gold(6);
	assert_round_end(SAB_ROLE_GREEDY, 1u << 6);
	assert_gold((const int[]){ 0, 0, 0, 0, 0, 0, 4 });
}
END_TEST

/* "If the Saboteurs win, they each get 3 gold."  "Exception: In a
 * 5-player game, there is only 1 Saboteur in play: if they win the round,
 * they receive 4 gold." */
START_TEST(tournament_saboteurs_get_3_each_or_4_alone)
{
	t_game(&g, t_ruleset("tournament"), 5, 1, NULL);
	set_roles("MGSMM");
	run_out_of_cards(0);
	assert_gold((const int[]){ 0, 0, 4, 0, 0 });

	t_game(&g, t_ruleset("tournament"), 8, 1, NULL);
	set_roles("MGSMSMGS");
	run_out_of_cards(0);
	assert_gold((const int[]){ 0, 0, 3, 0, 3, 0, 0, 3 });
}
END_TEST

/* ---- the old mine -------------------------------------------------------- */

/* "6 one nugget gold cards removed.  6 worthless stone cards added." */
START_TEST(the_old_mine_has_six_worthless_stones)
{
	const sab_ruleset *rs = example("old-mine");
	int count[4] = { 0 };

	ck_assert_int_eq(rs->ngold, 28);
	for (int i = 0; i < rs->ngold; i++)
		count[rs->gold_cards[i]]++;
	ck_assert_int_eq(count[0], 6);
	ck_assert_int_eq(count[1], 10);
	ck_assert_int_eq(count[2], 8);
	ck_assert_int_eq(count[3], 4);

	/* A stone is handed round like a gold card and is worth nothing. */
	t_game(&g, rs, 4, 1, NULL);
	set_roles("MSMM");
	g.ngold_deck = 3;
	memset(g.gold_deck, 0, 3);
	reach_gold(0);
	pick_all();
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 3);
	assert_gold((const int[]){ 0, 0, 0, 0 });
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/* ---- the sabotaged dwarf ----------------------------------------------- */

static sab_ruleset dwarf_rs;

/* "Regardless, draw as many gold cards as there are Gold Miners in this
 * round, and distribute them as usual.  Skip any players with sabotage
 * cards, though.  This means that 1 or more players may receive more than
 * 1 gold card." */
START_TEST(sabotaged_dwarf_cards_are_drawn_for_every_miner_and_skip_the_broken)
{
	dwarf_rs = *t_ruleset("base");
	dwarf_rs.sabotaged_dwarf = 1;
	t_game(&g, &dwarf_rs, 6, 1, NULL);
	set_roles("MBSBMS");
	stack_ones();
	reach_gold(0);
	pick_all();
	/* Four gold miners: four cards, shared by the unbroken 0 and 4. */
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 4);
	assert_gold((const int[]){ 2, 0, 0, 0, 2, 0 });
	ck_assert_int_eq(g.ngold_deck, 28 - 4);
}
END_TEST

/* "Note: If all Gold Miners have sabotage cards in front of them, no one
 * gets any gold cards this round." */
START_TEST(sabotaged_dwarf_all_miners_broken_nobody_gets_gold)
{
	dwarf_rs = *t_ruleset("base");
	dwarf_rs.sabotaged_dwarf = 1;
	t_game(&g, &dwarf_rs, 5, 1, NULL);
	set_roles("SBSBB");
	stack_ones();
	reach_gold(0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 0);
	assert_gold((const int[]){ 0, 0, 0, 0, 0 });
	ck_assert_int_eq(g.round, 2);
}
END_TEST

/* ---- seeded random games ------------------------------------------------ */

static sab_move moves[SAB_MAX_MOVES];

/* The same move with symmetric cards upright, as the listing gives it. */
static sab_move normal(const sab_game *gm, sab_move m)
{
	if (sab_move_plays(gm->rs, &m, SAB_CARD_PATH) &&
	    gm->rs->defs[m.card].symmetric)
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
static sab_move probe(const sab_game *gm, sab_rng *r)
{
	sab_move m;
	int seat = gm->to_act;

	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)sab_rng_below(r, SAB_MOVE_KINDS);
	if (gm->nhand[seat] && sab_rng_below(r, 4))
		m.card = gm->hand[seat][sab_rng_below(r, gm->nhand[seat])];
	else
		m.card = (uint8_t)sab_rng_below(r, gm->rs->ndefs);
	m.x = (int8_t)((int)sab_rng_below(r, 16) - 4);
	m.y = (int8_t)((int)sab_rng_below(r, 16) - 6);
	m.rot = (uint8_t)sab_rng_below(r, 2);
	m.target = (uint8_t)sab_rng_below(r, gm->nplayers + 1u);
	m.tool = (uint8_t)(1u << sab_rng_below(r, 3));
	m.goal = (uint8_t)sab_rng_below(r, 4);
	m.value = (uint8_t)sab_rng_below(r, 4);
	if (sab_move_plays(gm->rs, &m, SAB_CARD_SABOTAGE))
		m.tool = gm->rs->defs[m.card].tools;
	return m;
}

/* Every listed move is legal, and every probe's verdict is the listing's. */
static long check_listing(const sab_game *gm, sab_rng *r,
    const sab_move *chosen)
{
	char why[256];
	int n = sab_game_moves(gm, moves);

	REQUIRE(n > 0, "no legal move");
	for (int i = 0; i < n; i++)
		REQUIRE(sab_game_check(gm, &moves[i], why, sizeof why),
		    "listed move %d is illegal: %s", i, why);
	REQUIRE(listed(gm->rs, moves, n, chosen), "the move is not listed");
	for (int k = 0; k < 8; k++) {
		sab_move m = normal(gm, probe(gm, r));
		int legal = sab_game_check(gm, &m, why, sizeof why);
		REQUIRE(legal == listed(gm->rs, moves, n, &m),
		    "the checker says %d, the listing %d (kind %d)", legal,
		    !legal, m.kind);
	}
	return n + 8;
}

/*
 * Cards: deck + hands + discards + board + in front = the ruleset's total.
 * Gold: every seat holds what its gold events paid; with gold cards, what
 * the seats hold, the gold deck and the offer make the ruleset's gold.
 */
static void check_conserved(const sab_game *gm, const int *ledger)
{
	sab_census c;
	int have = 0, total = 0;

	sab_game_census(gm, &c);
	REQUIRE(c.deck + c.hands + c.discard + c.board + c.in_front ==
	    gm->rs->deck_size, "cards: %d + %d + %d + %d + %d != %d", c.deck,
	    c.hands, c.discard, c.board, c.in_front, gm->rs->deck_size);
	for (int s = 0; s < gm->nplayers; s++) {
		REQUIRE(gm->gold[s] == ledger[s], "seat %d holds %d, was paid "
		    "%d", s, gm->gold[s], ledger[s]);
		have += gm->gold[s];
	}
	if (gm->rs->pieces)
		return;
	for (int i = 0; i < gm->rs->ngold; i++)
		total += gm->rs->gold_cards[i];
	for (int i = 0; i < gm->ngold_deck; i++)
		have += gm->gold_deck[i];
	for (int i = 0; i < gm->noffer; i++)
		have += gm->offer[i];
	REQUIRE(have == total, "gold: %d != %d", have, total);
}

/* Who won a round and what it paid, against the rules of the pieces. */
static void check_pieces(const sab_game *was, const sab_event *e,
    const int *before, const int *ledger)
{
	const sab_ruleset *rs = was->rs;

	for (int s = 0; s < was->nplayers; s++) {
		int want = 0, role = was->role[s];
		if (e->n != SAB_END_GOLD)
			want = role == SAB_ROLE_SABOTEUR ?
			    rs->pieces_saboteur[was->nsaboteurs] : 0;
		else if (was->role[e->seat] == SAB_ROLE_GREEDY)
			want = s == e->seat ? rs->pieces_greedy : 0;
		else if (role == SAB_ROLE_MINER)
			want = s == e->seat ? rs->pieces_finder :
			    rs->pieces_miner;
		REQUIRE(ledger[s] - before[s] == want, "round end %d: seat %d "
		    "(%s) paid %d, not %d", e->n, s, sab_role_name(rs,
		    (uint8_t)role), ledger[s] - before[s], want);
	}
}

/* Plays one game with the rules' and the players' generators apart;
 * records the moves; returns how many. */
static int play_game(sab_game *gm, const sab_ruleset *rs, int players,
    uint64_t seed, sab_move *record, int maxrec, int checks,
    long *verdicts)
{
	sab_rng rules, policy, probes;
	int ledger[SAB_MAX_PLAYERS] = { 0 }, n = 0;

	sab_rng_seed(&rules, seed);
	sab_rng_seed(&policy, seed ^ 0x5eed);
	sab_rng_seed(&probes, seed + 77);
	ev.n = 0;
	ck_assert_int_eq(sab_game_new(gm, rs, players, (int)(seed % players),
	    &rules, checks ? &ev : NULL, NULL, 0), 0);
	while (!sab_game_over(gm)) {
		static sab_game was;    /* the roles of the round ending */
		int before[SAB_MAX_PLAYERS];
		sab_move m;
		REQUIRE(sab_game_random_move(gm, &policy, &m) == 0,
		    "no random move");
		if (checks)
			*verdicts += check_listing(gm, &probes, &m);
		memcpy(before, ledger, sizeof before);
		if (checks && rs->pieces)
			was = *gm;
		ev.n = 0;
		sab_game_apply(gm, &m, &rules, checks ? &ev : NULL);
		if (n < maxrec)
			record[n] = m;
		n++;
		for (int k = 0; checks && k < ev.n; k++)
			if (ev.ev[k].type == SAB_EV_GOLD)
				ledger[ev.ev[k].seat] += ev.ev[k].value;
		for (int k = 0; checks && rs->pieces && k < ev.n; k++)
			if (ev.ev[k].type == SAB_EV_ROUND_END)
				check_pieces(&was, &ev.ev[k], before, ledger);
		if (checks) {
			REQUIRE(!ev.overflow, "too many events");
			check_conserved(gm, ledger);
		}
		REQUIRE(n < 5000, "the game does not end");
	}
	REQUIRE(gm->winners != 0, "no winner");
	return n;
}

static int games_wanted(void)
{
	const char *s = getenv("SAB_TEST_GAMES");
	int n = s ? atoi(s) / 10 : 0;

	return n > 0 ? n : 300;
}

/* The tournament at 5 and 9 players, the selfish dwarf and the old mine. */
static const struct {
	const char *ruleset;
	int players;
} runs[] = {
	{ "tournament", 5 }, { "tournament", 9 },
	{ "selfish-dwarf", 3 }, { "selfish-dwarf", 10 },
	{ "old-mine", 4 }, { "old-mine", 10 },
};

static const sab_ruleset *run_ruleset(int i)
{
	return strcmp(runs[i].ruleset, "tournament") == 0 ?
	    t_ruleset("tournament") : example(runs[i].ruleset);
}

START_TEST(variant_games_keep_their_invariants)
{
	static sab_game a;
	const sab_ruleset *rs = run_ruleset(_i);
	long verdicts = 0;

	for (int i = 0; i < games_wanted(); i++)
		play_game(&a, rs, runs[_i].players, (uint64_t)i * 7919 + 1,
		    NULL, 0, 1, &verdicts);
	REQUIRE(verdicts > 1000, "only %ld verdicts compared", verdicts);
}
END_TEST

/* A seed and the list of moves reproduce the game exactly. */
START_TEST(variant_seed_and_moves_reproduce_the_game)
{
	static sab_game a, b;
	static sab_move rec[5000];
	const sab_ruleset *rs = run_ruleset(_i);
	int players = runs[_i].players;
	sab_rng rules;
	long verdicts = 0;

	for (uint64_t seed = 1; seed <= 20; seed++) {
		int n = play_game(&a, rs, players, seed, rec, 5000, 0,
		    &verdicts);
		sab_rng_seed(&rules, seed);
		ck_assert_int_eq(sab_game_new(&b, rs, players,
		    (int)(seed % players), &rules, NULL, NULL, 0), 0);
		for (int i = 0; i < n; i++) {
			REQUIRE(sab_game_check(&b, &rec[i], NULL, 0),
			    "recorded move %d is illegal on replay", i);
			sab_game_apply(&b, &rec[i], &rules, NULL);
		}
		ck_assert(sab_game_over(&b));
		ck_assert(sab_game_hash(&a) == sab_game_hash(&b));
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
	}
}
END_TEST

Suite *wc_variants_suite(void)
{
	Suite *s = suite_create("wc variants");
	TCase *tc = tcase_create("greedy dwarf and variants");
	TCase *props = tcase_create("random variant games");
	int n = (int)(sizeof runs / sizeof runs[0]);

	tcase_add_test(tc, base_rulesets_keep_exactly_their_roles);
	tcase_add_test(tc, module_wc_appends_the_greedy_dwarf_to_the_base_roles);
	tcase_add_test(tc, journals_list_the_greedy_dwarf_as_a_role);
	tcase_add_test(tc, the_ruleset_hash_holds_greedy_dwarves_and_pieces);
	tcase_add_test(tc, the_greedy_dwarf_is_refused_with_saboteur_2);
	tcase_add_test(tc, pieces_and_gold_cards_do_not_mix);
	tcase_add_test(tc, the_tournament_deals_its_fixed_dwarf_cards_and_hands);
	tcase_add_test(tc, a_greedy_dwarf_who_connects_the_gold_wins_4_alone);
	tcase_add_test(tc, a_greedy_dwarf_is_empty_handed_when_a_miner_connects);
	tcase_add_test(tc, a_greedy_dwarf_gets_nothing_when_a_saboteur_connects);
	tcase_add_test(tc, a_greedy_dwarf_loses_when_the_saboteurs_win);
	tcase_add_test(tc, tournament_finder_gets_3_and_other_miners_2);
	tcase_add_test(tc,
	    tournament_miners_get_2_when_a_saboteur_reaches_the_gold);
	tcase_add_test(tc,
	    tournament_greedy_dwarf_wins_4_and_everyone_else_nothing);
	tcase_add_test(tc, tournament_saboteurs_get_3_each_or_4_alone);
	tcase_add_test(tc, the_old_mine_has_six_worthless_stones);
	tcase_add_test(tc,
	    sabotaged_dwarf_cards_are_drawn_for_every_miner_and_skip_the_broken);
	tcase_add_test(tc, sabotaged_dwarf_all_miners_broken_nobody_gets_gold);
	suite_add_tcase(s, tc);
	tcase_set_timeout(props, 600);
	tcase_add_loop_test(props, variant_games_keep_their_invariants, 0, n);
	tcase_add_loop_test(props, variant_seed_and_moves_reproduce_the_game,
	    0, n);
	suite_add_tcase(s, props);
	return s;
}
