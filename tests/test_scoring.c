/* test_scoring.c: the gold handed out at each round end, and the final score. */
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"

/*
 * Every expectation here comes from the rulebooks: seed 000 (classic, 2004),
 * "Handing out the gold", "A new round begins", "End of the game"; seed 001,
 * "Optional"; seed 004 (anniversary, 2024), "Distributing the gold cards",
 * "Starting a new round", "The end of the game", "Saboteur variants:
 * sabotaged dwarf".  Seats are numbered clockwise, so counter-clockwise (to a
 * player's right, the way the gold cards travel) is seat s - 1.
 */

static sab_game g;
static sab_events ev;

/* The 28 gold cards hold 16 x 1, 8 x 2 and 4 x 3 nuggets. */
#define GOLD_CARDS 28
#define GOLD_NUGGETS 44

/* ---- building the end of a round -------------------------------------- */

/*
 * Deals the roles, one letter per seat: M a gold miner, S a saboteur, B a
 * gold miner with a broken pickaxe in front of them.
 */
static void set_roles(const char *roles)
{
	ck_assert_int_eq((int)strlen(roles), g.nplayers);
	g.nsaboteurs = 0;
	for (int s = 0; roles[s] != '\0'; s++) {
		g.role[s] = roles[s] == 'S' ? SAB_ROLE_SABOTEUR : SAB_ROLE_MINER;
		if (roles[s] == 'S')
			g.nsaboteurs++;
		if (roles[s] == 'B')
			t_break(&g, s, SAB_PICKAXE);
	}
}

/* Writes n roles into buf with nsab saboteurs on the odd seats 1, 3, 5... */
static const char *spread_roles(char *buf, int n, int nsab)
{
	for (int s = 0; s < n; s++)
		buf[s] = s % 2 == 1 && s / 2 < nsab ? 'S' : 'M';
	buf[n] = '\0';
	return buf;
}

/* Stacks the gold deck: one digit per card, the last one on top. */
static void stack_gold(const char *vals)
{
	g.ngold_deck = 0;
	for (const char *p = vals; *p != '\0'; p++)
		g.gold_deck[g.ngold_deck++] = (uint8_t)(*p - '0');
}

/* Stacks all 28 gold cards as 1-nugget cards: every pick is then forced. */
static void stack_ones(void)
{
	g.ngold_deck = GOLD_CARDS;
	memset(g.gold_deck, 1, GOLD_CARDS);
}

/*
 * Seat finder plays the card that reaches the gold and ends the round: the
 * gold lies in the middle goal (8,0), a tunnel runs from the start to (6,0),
 * and the finder's last card is a cross played at (7,0).
 */
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
	t_apply(&g, &m, &ev);
}

/*
 * Ends the round with no one holding a card: the deck and every hand are
 * empty but for one card of seat last, who discards it.
 */
static void run_out_of_cards(int last)
{
	sab_move m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);

	g.ndeck = 0;
	memset(g.nhand, 0, sizeof g.nhand);
	g.hand[last][0] = t_def(g.rs, "map");
	g.nhand[last] = 1;
	g.to_act = (uint8_t)last;
	t_apply(&g, &m, &ev);
}

static sab_move pick_move(int value)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_PICK_GOLD;
	m.value = (uint8_t)value;
	return m;
}

/* The seat to act picks the gold card worth value. */
static void pick(int value)
{
	sab_move m = pick_move(value);

	ck_assert_int_eq(g.phase, SAB_PHASE_PICK_GOLD);
	t_apply(&g, &m, &ev);
}

/* ---- reading the events ------------------------------------------------ */

/* The i-th event of type in ev (0 is the first); fails when there is none. */
static const sab_event *nth(int type, int i)
{
	for (int k = 0, seen = 0; k < ev.n; k++)
		if (ev.ev[k].type == type && seen++ == i)
			return &ev.ev[k];
	ck_abort_msg("no %s event number %d", sab_event_name((uint8_t)type),
	    i);
	return NULL;
}

/* The seats that received gold cards in ev, in order; returns how many. */
static int gold_order(int *seats)
{
	int n = 0;

	for (int k = 0; k < ev.n; k++)
		if (ev.ev[k].type == SAB_EV_GOLD)
			seats[n++] = ev.ev[k].seat;
	return n;
}

/* Sorts the digits of a value list written as a string, e.g. "321" -> "123". */
static void sort_digits(char *s)
{
	size_t n = strlen(s);

	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && s[j - 1] > s[j]; j--) {
			char c = s[j];
			s[j] = s[j - 1];
			s[j - 1] = c;
		}
}

/* Checks that the offer event e holds the cards vals, in any order. */
static void assert_offer(const sab_event *e, int seat, const char *vals)
{
	char got[SAB_MAX_PLAYERS + 1], want[SAB_MAX_PLAYERS + 1];

	ck_assert_int_eq(e->type, SAB_EV_GOLD_OFFER);
	ck_assert_int_eq(e->seat, seat);
	ck_assert_int_eq(e->n, (int)strlen(vals));
	for (int i = 0; i < e->n; i++)
		got[i] = (char)('0' + e->vals[i]);
	got[e->n] = '\0';
	ck_assert_uint_lt(strlen(vals), sizeof want);
	memcpy(want, vals, strlen(vals) + 1);
	sort_digits(got);
	sort_digits(want);
	ck_assert_str_eq(got, want);
}

/* Checks that the legal moves are exactly one pick of each value in vals
 * (distinct values, in increasing order). */
static void assert_picks(const char *vals)
{
	sab_move moves[SAB_MAX_MOVES];
	char got[SAB_MAX_GOLD + 1];
	int n = sab_game_moves(&g, moves);

	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(moves[i].kind, SAB_MOVE_PICK_GOLD);
		got[i] = (char)('0' + moves[i].value);
	}
	got[n] = '\0';
	sort_digits(got);
	ck_assert_str_eq(got, vals);
}

/* Checks that seat alone sees e; a spectator (-1) does not. */
static void assert_only_seat_sees(const sab_event *e, int seat)
{
	sab_event seen;

	for (int v = -1; v < g.nplayers; v++)
		ck_assert_int_eq(sab_event_view(e, v, &seen), v == seat);
}

/* Checks that everyone sees that the gold event e happened, but only its
 * seat sees the value. */
static void assert_value_private(const sab_event *e)
{
	sab_event seen;

	ck_assert_int_eq(e->type, SAB_EV_GOLD);
	for (int v = -1; v < g.nplayers; v++) {
		ck_assert_int_eq(sab_event_view(e, v, &seen), 1);
		ck_assert_int_eq(seen.seat, e->seat);
		ck_assert_int_eq(seen.value, v == e->seat ? e->value : 0);
	}
}

/* Sets the gold every seat has won so far: vals[s] for seat s. */
static void set_gold(const int *vals)
{
	for (int s = 0; s < g.nplayers; s++)
		g.gold[s] = (int16_t)vals[s];
}

/* Checks the gold of every seat: vals[s] for seat s. */
static void assert_gold(const int *vals)
{
	for (int s = 0; s < g.nplayers; s++)
		ck_assert_msg(g.gold[s] == vals[s], "seat %d has %d gold, not %d",
		    s, g.gold[s], vals[s]);
}

/* The nuggets still in the gold deck. */
static int deck_nuggets(void)
{
	int n = 0;

	for (int i = 0; i < g.ngold_deck; i++)
		n += g.gold_deck[i];
	return n;
}

/* ---- the rulebooks' model of handing the gold round ------------------- */

static int may_take(char role, int sabotaged_dwarf)
{
	return role == 'M' || (role == 'B' && !sabotaged_dwarf);
}

/*
 * The seats that take the k gold cards, in order, as the rulebooks hand them
 * round: the finder first, or the first gold miner to a saboteur finder's
 * right; then counter-clockwise to the next gold miner, skipping saboteurs
 * (and miners with a broken tool in the sabotaged dwarf variant), round and
 * round until none remain.  Returns how many cards are taken: 0 when no one
 * may take any.
 */
static int hand_round(const char *roles, int finder, int k,
    int sabotaged_dwarf, int *seats)
{
	int n = (int)strlen(roles), takers = 0, given = 0;

	for (int s = 0; s < n; s++)
		takers += may_take(roles[s], sabotaged_dwarf);
	for (int s = finder; takers > 0 && given < k; s = (s + n - 1) % n)
		if (may_take(roles[s], sabotaged_dwarf))
			seats[given++] = s;
	return given;
}

/* Checks that the gold cards went to the seats the model says, in order. */
static void assert_handed_round(const char *roles, int finder, int k,
    int sabotaged_dwarf)
{
	int want[SAB_MAX_GOLD], got[SAB_MAX_GOLD];
	int nwant = hand_round(roles, finder, k, sabotaged_dwarf, want);
	int ngot = gold_order(got);

	ck_assert_int_eq(ngot, nwant);
	for (int i = 0; i < nwant; i++)
		ck_assert_msg(got[i] == want[i], "gold card %d went to seat %d, "
		    "not %d (%s, roles %s, finder %d)", i, got[i], want[i],
		    g.rs->name, roles, finder);
}

/* ---- how many gold cards the miners draw ------------------------------- */

/*
 * For each player count, the two possible deals (all the saboteur cards
 * among the seats, or one left over), and the gold cards drawn when the
 * miners win: anniversary one per gold miner among the seats (seed 004, "as
 * many cards ... as there were Gold Miners in this round"); classic one per
 * player, nine with ten players (seed 000, "Handing out the gold").
 */
static const struct {
	int n, saboteurs, base, classic;
} drawn[] = {
	{ 3, 1, 2, 3 }, { 3, 0, 3, 3 },
	{ 4, 1, 3, 4 }, { 4, 0, 4, 4 },
	{ 5, 2, 3, 5 }, { 5, 1, 4, 5 },
	{ 6, 2, 4, 6 }, { 6, 1, 5, 6 },
	{ 7, 3, 4, 7 }, { 7, 2, 5, 7 },
	{ 8, 3, 5, 8 }, { 8, 2, 6, 8 },
	{ 9, 3, 6, 9 }, { 9, 2, 7, 9 },
	{ 10, 4, 6, 9 }, { 10, 3, 7, 9 },
};

/* A value list of k 1-nugget cards, as assert_offer() takes it. */
static const char *ones(int k)
{
	static char buf[SAB_MAX_GOLD + 1];

	memset(buf, '1', (size_t)k);
	buf[k] = '\0';
	return buf;
}

/* Seat 0, a gold miner, reaches the gold; k cards must be handed round. */
static void check_drawn(const char *ruleset, int n, int nsab, int k)
{
	char roles[SAB_MAX_PLAYERS + 1];
	int want[SAB_MAX_GOLD], count[SAB_MAX_PLAYERS] = { 0 };

	t_game(&g, t_ruleset(ruleset), n, (uint64_t)(100 + n), NULL);
	set_roles(spread_roles(roles, n, nsab));
	stack_ones();
	reach_gold(0);
	/* Every pick is forced (all ones), so the whole hand-out happened. */
	ck_assert_msg(t_count(&ev, SAB_EV_GOLD) == k, "%s, %d players, %d "
	    "saboteurs: %d gold cards handed out, not %d", ruleset, n, nsab,
	    t_count(&ev, SAB_EV_GOLD), k);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), k);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 0, ones(k));
	ck_assert_int_eq(g.ngold_deck, GOLD_CARDS - k);
	assert_handed_round(roles, 0, k, 0);
	hand_round(roles, 0, k, 0, want);
	for (int i = 0; i < k; i++)
		count[want[i]]++;
	for (int s = 0; s < n; s++)
		ck_assert_int_eq(g.gold[s], count[s]);
	/* The hand-out over, the next round has begun. */
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
}

START_TEST(miners_draw_one_card_per_gold_miner_in_base)
{
	check_drawn("base", drawn[_i].n, drawn[_i].saboteurs, drawn[_i].base);
}
END_TEST

START_TEST(miners_draw_one_card_per_player_in_classic)
{
	check_drawn("classic", drawn[_i].n, drawn[_i].saboteurs,
	    drawn[_i].classic);
}
END_TEST

/* ---- picking ----------------------------------------------------------- */

START_TEST(the_finder_picks_first_then_counter_clockwise)
{
	const sab_event *e;
	sab_move m;

	t_game(&g, t_ruleset("base"), 5, 1, NULL);
	set_roles("MSMSM");
	stack_gold("1111123");
	reach_gold(2);

	/* Three gold miners: three cards, and seat 2 decides first. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PICK_GOLD);
	ck_assert_int_eq(g.to_act, 2);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), 1);
	e = nth(SAB_EV_GOLD_OFFER, 0);
	assert_offer(e, 2, "123");
	assert_only_seat_sees(e, 2);
	assert_picks("123");
	m = pick_move(4);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "no gold card worth 4 is offered");
	m = t_action(g.rs, SAB_MOVE_PASS, "map", 0, 0);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "you must pick one of the gold cards offered");

	pick(3);
	e = nth(SAB_EV_GOLD, 0);
	ck_assert_int_eq(e->seat, 2);
	ck_assert_int_eq(e->value, 3);
	assert_value_private(e);
	/* Seat 1 is a saboteur: the cards go on to seat 0. */
	ck_assert_int_eq(g.to_act, 0);
	e = nth(SAB_EV_GOLD_OFFER, 0);
	assert_offer(e, 0, "12");
	assert_only_seat_sees(e, 0);
	assert_picks("12");
	m = pick_move(3);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "no gold card worth 3 is offered");

	/* From seat 0 the cards wrap round to seat 4, whose pick is forced. */
	pick(1);
	ck_assert_int_eq(nth(SAB_EV_GOLD, 0)->seat, 0);
	assert_value_private(nth(SAB_EV_GOLD, 0));
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 4, "2");
	assert_only_seat_sees(nth(SAB_EV_GOLD_OFFER, 0), 4);
	e = nth(SAB_EV_GOLD, 1);
	ck_assert_int_eq(e->seat, 4);
	ck_assert_int_eq(e->value, 2);
	assert_value_private(e);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 2);
	assert_gold((const int[]){ 1, 0, 3, 0, 2 });
	ck_assert_int_eq(g.ngold_deck, 4);
	/* Round 2 begins left of seat 2, who played the last card. */
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.to_act, 3);
	ck_assert_int_eq(nth(SAB_EV_ROUND_START, 0)->seat, 3);
}
END_TEST

START_TEST(classic_cards_go_round_and_round)
{
	t_game(&g, t_ruleset("classic"), 5, 1, NULL);
	set_roles("MSMSM");
	stack_gold("111112233");
	reach_gold(2);

	/* Five players: five cards for the three gold miners 2, 0 and 4. */
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 2, "12233");
	ck_assert_int_eq(g.to_act, 2);
	pick(3);
	ck_assert_int_eq(g.to_act, 0);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 0, "1223");
	pick(3);
	ck_assert_int_eq(g.to_act, 4);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 4, "122");
	pick(2);
	/* Round again: back to the finder, then to seat 0, forced. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PICK_GOLD);
	ck_assert_int_eq(g.to_act, 2);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 2, "12");
	assert_picks("12");
	pick(2);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 0, "1");
	ck_assert_int_eq(nth(SAB_EV_GOLD, 1)->seat, 0);
	ck_assert_int_eq(nth(SAB_EV_GOLD, 1)->value, 1);
	assert_gold((const int[]){ 4, 0, 5, 0, 2 });
	ck_assert_int_eq(g.ngold_deck, 4);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 3);
}
END_TEST

START_TEST(a_single_value_is_picked_without_asking)
{
	t_game(&g, t_ruleset("base"), 4, 1, NULL);
	set_roles("MMSM");
	stack_gold("1111222");
	reach_gold(1);

	/* All three cards are worth 2: no decision for anyone. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), 3);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 1, "222");
	assert_offer(nth(SAB_EV_GOLD_OFFER, 1), 0, "22");
	assert_offer(nth(SAB_EV_GOLD_OFFER, 2), 3, "2");
	assert_handed_round("MMSM", 1, 3, 0);
	assert_gold((const int[]){ 2, 2, 0, 2 });
	ck_assert_int_eq(g.to_act, 2);
}
END_TEST

/* A saboteur completes the path; the first gold miner to their right picks
 * first (seed 004, note under "Distributing the gold cards"). */
static void check_saboteur_finder(const char *ruleset, int k)
{
	t_game(&g, t_ruleset(ruleset), 5, 1, NULL);
	set_roles("SSMMM");
	stack_gold("1111111111123");
	reach_gold(1);

	/* The gold miners still win. */
	ck_assert_int_eq(nth(SAB_EV_ROUND_END, 0)->target, SAB_ROLE_MINER);
	ck_assert_int_eq(nth(SAB_EV_ROUND_END, 0)->seat, 1);
	/* Seat 0 is a saboteur too: the first gold miner is seat 4. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PICK_GOLD);
	ck_assert_int_eq(g.to_act, 4);
	ck_assert_int_eq(nth(SAB_EV_GOLD_OFFER, 0)->seat, 4);
	ck_assert_int_eq(nth(SAB_EV_GOLD_OFFER, 0)->n, k);
	pick(3);
	ck_assert_int_eq(g.to_act, 3);
	pick(2);
	/* Only ones are left: the rest is handed round without asking. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	ck_assert_int_eq(g.gold[0], 0);
	ck_assert_int_eq(g.gold[1], 0);
	ck_assert_int_eq(g.gold[2] + g.gold[3] + g.gold[4], 3 + 2 + (k - 2));
	/* The round after starts left of the saboteur who played last. */
	ck_assert_int_eq(g.to_act, 2);
}

START_TEST(a_saboteur_finder_takes_nothing_in_base)
{
	check_saboteur_finder("base", 3);
	assert_gold((const int[]){ 0, 0, 1, 2, 3 });
}
END_TEST

START_TEST(a_saboteur_finder_takes_nothing_in_classic)
{
	/* Seed 000 names only "the player who reached the finish card" as the
	 * first to pick, but says the saboteurs leave empty-handed when the
	 * gold-diggers win; the engine follows the anniversary note. */
	check_saboteur_finder("classic", 5);
	/* Seat 4 takes the 3, seat 3 the 2, then 1s to seats 2, 4 and 3. */
	assert_gold((const int[]){ 0, 0, 1, 3, 4 });
}
END_TEST

/* ---- the saboteurs win -------------------------------------------------- */

/*
 * Nuggets each saboteur gets by the number of saboteurs among the seats,
 * the same in both editions: 1: 4, 2 or 3: 3 each, 4: 2 each; with none
 * (3 or 4 players, the saboteur card left over) no one gets gold.
 */
static const int sab_pay[] = { 0, 4, 3, 3, 2 };

static void check_saboteurs_paid(const char *ruleset, int n, int nsab)
{
	char roles[SAB_MAX_PLAYERS + 1];
	const sab_event *end;

	t_game(&g, t_ruleset(ruleset), n, (uint64_t)(200 + n), NULL);
	set_roles(spread_roles(roles, n, nsab));
	run_out_of_cards(n - 1);
	end = nth(SAB_EV_ROUND_END, 0);
	ck_assert_int_eq(end->n, SAB_END_NO_CARDS);
	ck_assert_int_eq(end->seat, SAB_NO_SEAT);
	ck_assert_int_eq(end->target, nsab ? SAB_ROLE_SABOTEUR : SAB_ROLE_NONE);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), 0);
	for (int s = 0; s < n; s++) {
		int want = roles[s] == 'S' ? sab_pay[nsab] : 0;
		ck_assert_msg(g.gold[s] == want, "%s, %d players, %d saboteurs: "
		    "seat %d (%c) got %d nuggets, not %d", ruleset, n, nsab, s,
		    roles[s], g.gold[s], want);
	}
	for (int i = 0; i < t_count(&ev, SAB_EV_GOLD); i++) {
		const sab_event *e = nth(SAB_EV_GOLD, i);
		ck_assert_int_eq(roles[e->seat], 'S');
		assert_value_private(e);
	}
	ck_assert_int_eq(g.ngold_deck, GOLD_CARDS - t_count(&ev, SAB_EV_GOLD));
	ck_assert_int_eq(deck_nuggets() + nsab * sab_pay[nsab], GOLD_NUGGETS);
	/* The next round starts left of seat n - 1: seat 0. */
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 0);
}

START_TEST(saboteurs_share_by_their_number_in_base)
{
	check_saboteurs_paid("base", drawn[_i].n, drawn[_i].saboteurs);
}
END_TEST

START_TEST(saboteurs_share_by_their_number_in_classic)
{
	check_saboteurs_paid("classic", drawn[_i].n, drawn[_i].saboteurs);
}
END_TEST

/* ---- the sabotaged dwarf variant ---------------------------------------- */

static sab_ruleset dwarf_rs;

/* A ruleset with the sabotaged dwarf variant switched on. */
static const sab_ruleset *with_sabotaged_dwarf(const char *name)
{
	dwarf_rs = *t_ruleset(name);
	dwarf_rs.sabotaged_dwarf = 1;
	return &dwarf_rs;
}

START_TEST(broken_miners_get_nothing_in_the_variant)
{
	/* Seat 2 is a gold miner with a broken pickaxe: skipped.  The three
	 * cards (one per gold miner, seat 2 included) go 0, 3, 0. */
	t_game(&g, with_sabotaged_dwarf("base"), 5, 1, NULL);
	set_roles("MSBMS");
	stack_ones();
	reach_gold(0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 3);
	assert_handed_round("MSBMS", 0, 3, 1);
	assert_gold((const int[]){ 2, 0, 0, 1, 0 });
	ck_assert_int_eq(g.ngold_deck, GOLD_CARDS - 3);

	/* Without the variant the broken miner takes a card as usual. */
	t_game(&g, t_ruleset("base"), 5, 1, NULL);
	set_roles("MSBMS");
	stack_ones();
	reach_gold(0);
	assert_gold((const int[]){ 1, 0, 1, 1, 0 });
}
END_TEST

START_TEST(broken_miners_get_nothing_in_the_classic_variant)
{
	/* Seed 001, "Optional": five cards for five players, to 0 and 3. */
	t_game(&g, with_sabotaged_dwarf("classic"), 5, 1, NULL);
	set_roles("MSBMS");
	stack_ones();
	reach_gold(0);
	assert_handed_round("MSBMS", 0, 5, 1);
	assert_gold((const int[]){ 3, 0, 0, 2, 0 });
}
END_TEST

START_TEST(a_broken_miner_is_skipped_between_picks)
{
	/* Seat 3 finds the gold (a broken miner could not play the path). */
	t_game(&g, with_sabotaged_dwarf("base"), 6, 1, NULL);
	set_roles("BMSMBM");
	stack_gold("111111233");
	reach_gold(3);
	/* Five gold miners (the broken included): five cards, shared by
	 * seats 3, 1 and 5. */
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 3, "11233");
	pick(3);
	/* Seat 2 is a saboteur: on to seat 1. */
	ck_assert_int_eq(g.to_act, 1);
	pick(3);
	/* Seat 0 is broken: on, wrapping, to seat 5. */
	ck_assert_int_eq(g.to_act, 5);
	pick(2);
	/* Seat 4 is broken: back to seat 3, then seat 1, both forced. */
	ck_assert_int_eq(g.phase, SAB_PHASE_PLAY);
	assert_offer(nth(SAB_EV_GOLD_OFFER, 0), 3, "11");
	assert_offer(nth(SAB_EV_GOLD_OFFER, 1), 1, "1");
	assert_gold((const int[]){ 0, 4, 0, 4, 0, 2 });
}
END_TEST

START_TEST(no_gold_when_every_miner_is_broken)
{
	const int none[] = { 0, 0, 0, 0, 0 };

	/* A saboteur completes the path; every gold miner is broken. */
	t_game(&g, with_sabotaged_dwarf("base"), 5, 1, NULL);
	set_roles("SBBSB");
	stack_ones();
	reach_gold(0);
	ck_assert_int_eq(nth(SAB_EV_ROUND_END, 0)->target, SAB_ROLE_MINER);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD_OFFER), 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 0);
	assert_gold(none);
	ck_assert_int_eq(g.ngold_deck, GOLD_CARDS);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 1);

	t_game(&g, with_sabotaged_dwarf("classic"), 5, 1, NULL);
	set_roles("SBBSB");
	stack_ones();
	reach_gold(0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 0);
	assert_gold(none);
	ck_assert_int_eq(g.ngold_deck, GOLD_CARDS);
}
END_TEST

/* ---- three rounds and the end of the game ------------------------------- */

/* Checks the game-end event: every seat's gold, the winners, seen by all. */
static void assert_game_end(const int *gold, unsigned winners)
{
	const sab_event *e = nth(SAB_EV_GAME_END, 0);
	sab_event seen;

	ck_assert_int_eq(e - ev.ev, ev.n - 1);
	ck_assert_int_eq(e->n, g.nplayers);
	ck_assert_uint_eq(e->mask, winners);
	ck_assert_uint_eq(g.winners, winners);
	for (int s = 0; s < g.nplayers; s++)
		ck_assert_int_eq(e->vals[s], gold[s]);
	for (int v = -1; v < g.nplayers; v++) {
		ck_assert_int_eq(sab_event_view(e, v, &seen), 1);
		ck_assert_uint_eq(seen.mask, winners);
		for (int s = 0; s < g.nplayers; s++)
			ck_assert_int_eq(seen.vals[s], gold[s]);
	}
	ck_assert(sab_game_over(&g));
	ck_assert_int_eq(g.phase, SAB_PHASE_OVER);
}

START_TEST(three_rounds_then_the_game_ends)
{
	sab_move moves[SAB_MAX_MOVES];
	sab_move m;

	t_game(&g, t_ruleset("base"), 4, 1, NULL);
	/* Round 1: the saboteur (seat 1) wins; seat 2 played the last card. */
	set_roles("MSMM");
	stack_gold("1111111111111111222222223333");
	run_out_of_cards(2);
	ck_assert_int_eq(g.gold[1], 4);
	ck_assert_int_eq(g.round, 2);
	ck_assert_int_eq(g.to_act, 3);
	ck_assert_int_eq(nth(SAB_EV_ROUND_START, 0)->value, 2);
	ck_assert_int_eq(nth(SAB_EV_ROUND_START, 0)->seat, 3);

	/* Round 2: seat 3 reaches the gold; three gold miners. */
	set_roles("MMSM");
	stack_gold("1111123");
	reach_gold(3);
	pick(2);
	ck_assert_int_eq(g.to_act, 1);
	pick(3);
	assert_gold((const int[]){ 1, 7, 0, 2 });
	/* Seat 3 played the last card: round 3 starts at seat 0. */
	ck_assert_int_eq(g.round, 3);
	ck_assert_int_eq(g.to_act, 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GAME_END), 0);

	/* Round 3: no saboteur among the seats, nobody reaches the gold. */
	set_roles("MMMM");
	g.gold[0] = 7;
	run_out_of_cards(0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_GOLD), 0);
	ck_assert_int_eq(t_count(&ev, SAB_EV_ROUND_START), 0);
	ck_assert_int_eq(g.round, 3);
	/* Seats 0 and 1 tie with 7 and share the win. */
	assert_game_end((const int[]){ 7, 7, 0, 2 }, 0x3);
	ck_assert_int_eq(sab_game_moves(&g, moves), 0);
	m = pick_move(1);
	ck_assert(!t_legal(&g, &m));
	ck_assert_str_eq(t_why, "the game is over");
}
END_TEST

START_TEST(the_last_picks_decide_the_winners)
{
	/* The last round: the gold is handed out, then the game ends.  In
	 * classic four cards go to seats 2, 0, 3, 2: seat 2 alone wins. */
	t_game(&g, t_ruleset("classic"), 4, 1, NULL);
	g.round = 3;
	set_gold((const int[]){ 3, 5, 4, 3 });
	set_roles("MSMM");
	stack_ones();
	reach_gold(2);
	assert_handed_round("MSMM", 2, 4, 0);
	assert_game_end((const int[]){ 4, 5, 6, 4 }, 0x4);

	t_game(&g, t_ruleset("base"), 4, 1, NULL);
	g.round = 3;
	set_gold((const int[]){ 4, 5, 4, 3 });
	set_roles("MSMM");
	stack_ones();
	reach_gold(2);
	/* In base three cards go to seats 2, 0, 3: three seats tie. */
	assert_game_end((const int[]){ 5, 5, 5, 4 }, 0x7);
}
END_TEST

START_TEST(everyone_ties_with_no_gold)
{
	t_game(&g, t_ruleset("base"), 3, 1, NULL);
	g.round = 3;
	set_roles("MMM");
	run_out_of_cards(1);
	assert_game_end((const int[]){ 0, 0, 0 }, 0x7);
}
END_TEST

/* ---- gold stays private until the end ----------------------------------- */

/* Checks what each seat may see of e, an event before the game's end. */
/* (Hot loops test with `if` and fail with ck_abort_msg(): a passing
 * ck_assert() costs Check a write to its parent process.) */
static void assert_no_gold_shown(const sab_event *e)
{
	sab_event seen;

	for (int v = -1; v < g.nplayers; v++) {
		int shown = 0;
		if (!sab_event_view(e, v, &seen))
			continue;
		if (seen.type == SAB_EV_GOLD && seen.seat != v)
			shown = seen.value != 0;
		else if (seen.type == SAB_EV_GOLD_OFFER)
			shown = seen.seat != v;
		for (int s = 0; seen.type != SAB_EV_GOLD_OFFER &&
		    s < SAB_MAX_PLAYERS; s++)
			shown |= seen.vals[s] != 0;
		if (shown)
			ck_abort_msg("seat %d sees the gold of seat %d in a %s "
			    "event", v, seen.seat, sab_event_name(seen.type));
	}
}

/*
 * Plays a seeded random game to its end and checks every event on the way:
 * no seat sees another's gold, and the gold seen at the end is what the
 * gold events gave, the most of it winning.  Returns the number of gold
 * offers made (0 when the miners never won a round).
 */
static int check_private_game(const char *ruleset, int n, uint64_t seed)
{
	int got[SAB_MAX_PLAYERS] = { 0 };
	int rounds = 0, turns = 0, total = 0, best = 0, offers = 0;
	unsigned winners = 0;
	sab_rng rng;
	sab_move m;

	t_game(&g, t_ruleset(ruleset), n, seed, &ev);
	sab_rng_seed(&rng, seed);
	for (;;) {
		if (ev.overflow)
			ck_abort_msg("too many events in one call");
		for (int i = 0; i < ev.n; i++) {
			const sab_event *e = &ev.ev[i];
			if (e->type == SAB_EV_GAME_END)
				break;
			assert_no_gold_shown(e);
			rounds += e->type == SAB_EV_ROUND_END;
			offers += e->type == SAB_EV_GOLD_OFFER;
			if (e->type == SAB_EV_GOLD)
				got[e->seat] += e->value;
		}
		if (sab_game_over(&g))
			break;
		if (++turns > 10000 || sab_game_random_move(&g, &rng, &m) != 0)
			ck_abort_msg("the game does not end");
		if (!t_legal(&g, &m))
			ck_abort_msg("random move illegal: %s", t_why);
		ev.n = 0;
		sab_game_apply(&g, &m, &rng, &ev);
	}
	ck_assert_int_eq(rounds, 3);
	for (int s = 0; s < n; s++) {
		total += got[s];
		if (got[s] > best)
			best = got[s];
	}
	for (int s = 0; s < n; s++)
		if (got[s] == best)
			winners |= 1u << s;
	ck_assert_int_eq(total + deck_nuggets(), GOLD_NUGGETS);
	assert_gold(got);
	assert_game_end(got, winners);
	return offers;
}

START_TEST(gold_stays_private_until_the_end)
{
	static const char *const names[] = { "base", "classic" };
	int n = 3 + _i;

	/* Random play seldom reaches the gold (about one game in a hundred):
	 * play seeded games until one did, so that the miners' hand-out is
	 * checked as well as the saboteurs' pay. */
	for (int r = 0; r < 2; r++) {
		uint64_t seed = (uint64_t)(1000 * n);
		while (check_private_game(names[r], n, seed) == 0)
			if (++seed == (uint64_t)(1000 * n + 5000))
				ck_abort_msg("no gold reached in 5000 games");
	}
}
END_TEST

Suite *scoring_suite(void)
{
	Suite *s = suite_create("scoring");
	TCase *td = tcase_create("gold drawn");
	TCase *tp = tcase_create("picking");
	TCase *ts = tcase_create("saboteurs win");
	TCase *tv = tcase_create("sabotaged dwarf");
	TCase *te = tcase_create("game end");
	TCase *tr = tcase_create("random games");
	int ndrawn = (int)(sizeof drawn / sizeof drawn[0]);

	tcase_add_loop_test(td, miners_draw_one_card_per_gold_miner_in_base,
	    0, ndrawn);
	tcase_add_loop_test(td, miners_draw_one_card_per_player_in_classic,
	    0, ndrawn);
	suite_add_tcase(s, td);

	tcase_add_test(tp, the_finder_picks_first_then_counter_clockwise);
	tcase_add_test(tp, classic_cards_go_round_and_round);
	tcase_add_test(tp, a_single_value_is_picked_without_asking);
	tcase_add_test(tp, a_saboteur_finder_takes_nothing_in_base);
	tcase_add_test(tp, a_saboteur_finder_takes_nothing_in_classic);
	suite_add_tcase(s, tp);

	tcase_add_loop_test(ts, saboteurs_share_by_their_number_in_base,
	    0, ndrawn);
	tcase_add_loop_test(ts, saboteurs_share_by_their_number_in_classic,
	    0, ndrawn);
	suite_add_tcase(s, ts);

	tcase_add_test(tv, broken_miners_get_nothing_in_the_variant);
	tcase_add_test(tv, broken_miners_get_nothing_in_the_classic_variant);
	tcase_add_test(tv, a_broken_miner_is_skipped_between_picks);
	tcase_add_test(tv, no_gold_when_every_miner_is_broken);
	suite_add_tcase(s, tv);

	tcase_add_test(te, three_rounds_then_the_game_ends);
	tcase_add_test(te, the_last_picks_decide_the_winners);
	tcase_add_test(te, everyone_ties_with_no_gold);
	tcase_add_loop_test(tr, gold_stays_private_until_the_end, 0, 8);
	suite_add_tcase(s, te);

	/* Hundreds of games per player count: ample time under sanitizers. */
	tcase_set_timeout(tr, 60);
	suite_add_tcase(s, tr);
	return s;
}
