/* test_seen.c: the table as each perspective knows it (rules/seen), held
 * against the game itself after every decision of seeded games and of the
 * committed replays, and the cards in front of a seat, the deal's count and
 * a spectator's ignorance case by case. */
#include <stdio.h>
#include <string.h>

#include <check.h>

#include "audit.h"
#include "helpers.h"
#include "reader.h"
#include "suites.h"

/* Check reports every passing assertion with a write(2); the loops below
 * call it only when something fails. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

#define NPERSP (SAB_MAX_PLAYERS + 2)

/* Every perspective of one game, fed the same events. */
typedef struct watch {
	const sab_ruleset *rs;
	int n;                          /* perspectives: all, public, seats */
	sab_seen seen[NPERSP];
	int golds[SAB_MAX_PLAYERS];     /* gold cards each seat took */
	int decisions;                  /* decisions compared */
	const char *what;               /* the game, for messages */
} watch;

static int persp_of(int k)
{
	return k == 0 ? SAB_SEEN_ALL : k == 1 ? SAB_SEEN_PUBLIC : k - 2;
}

static void watch_start(watch *w, const sab_ruleset *rs, int nplayers,
    const char *what)
{
	memset(w, 0, sizeof *w);
	w->rs = rs;
	w->n = nplayers + 2;
	w->what = what;
	for (int k = 0; k < w->n; k++)
		sab_seen_init(&w->seen[k], rs, nplayers, persp_of(k));
}

/* Tells every perspective event e; g is the game after the move that made
 * it (the whole table is shown a new round's goal cards from it). */
static void watch_event(watch *w, const sab_event *e, const sab_game *g)
{
	for (int k = 0; k < w->n; k++) {
		sab_seen_tell(&w->seen[k], w->rs, e);
		if (k == 0 && e->type == SAB_EV_ROUND_START)
			sab_seen_goals(&w->seen[k], w->rs, g->goal_def);
	}
	if (e->type == SAB_EV_GOLD)
		w->golds[e->seat]++;
}

/* ---- one perspective against the game --------------------------------- */

static int knows_seat(const sab_seen *s, int k)
{
	return s->persp == SAB_SEEN_ALL || s->persp == k;
}

static void same_board(const sab_seen *s, const sab_game *g, const char *at)
{
	REQUIRE(s->board.nplaced == g->board.nplaced &&
	    memcmp(s->board.placed, g->board.placed,
	    g->board.nplaced * sizeof g->board.placed[0]) == 0,
	    "%s persp %d: the cards placed differ", at, s->persp);
	REQUIRE(memcmp(s->board.cell, g->board.cell, sizeof g->board.cell) == 0,
	    "%s persp %d: the board's cells differ", at, s->persp);
	REQUIRE(memcmp(s->board.reach, g->board.reach,
	    sizeof g->board.reach) == 0, "%s persp %d: what the start reaches "
	    "differs", at, s->persp);
}

static void same_hand(const sab_seen *s, const sab_game *g, int k,
    const char *at)
{
	REQUIRE(s->nhand[k] == g->nhand[k], "%s persp %d: seat %d holds %d "
	    "cards, not %d", at, s->persp, k, s->nhand[k], g->nhand[k]);
	for (int i = 0; i < SAB_MAX_HAND; i++) {
		uint8_t want = knows_seat(s, k) && i < g->nhand[k] ?
		    g->hand[k][i] : SAB_NO_CARD;
		REQUIRE(s->hand[k][i] == want, "%s persp %d: seat %d's card %d "
		    "is %d, not %d", at, s->persp, k, i, s->hand[k][i], want);
	}
}

static void same_front(const sab_seen *s, const sab_game *g, int k,
    const char *at)
{
	for (int t = 0; t < SAB_TOOLS; t++) {
		int n = sab_seen_broken(s, g->rs, k, (uint8_t)(1u << t));
		int want = sab_game_broken(g, k, (uint8_t)(1u << t));
		REQUIRE(n == want, "%s persp %d: seat %d's tool %d broken %d "
		    "times, not %d", at, s->persp, k, t, n, want);
	}
	REQUIRE(s->nfront[k] == g->nfront[k] &&
	    memcmp(s->front[k], g->front[k], g->nfront[k]) == 0, "%s persp "
	    "%d: the %d cards in front of seat %d are not the game's %d", at,
	    s->persp, s->nfront[k], k, g->nfront[k]);
}

/* A role is known to the seat itself and the whole table from the deal, to
 * everyone once the round's end reveals it, and to no one else. */
static void same_role(const sab_seen *s, const sab_game *g, int k,
    const char *at)
{
	uint8_t r = s->role[k];

	if (!g->rs->has_roles) {
		REQUIRE(r == SAB_SEEN_UNKNOWN, "%s persp %d: seat %d has a "
		    "role in a game without roles", at, s->persp, k);
		return;
	}
	if (knows_seat(s, k) || g->phase == SAB_PHASE_PICK_GOLD)
		REQUIRE(r == g->role[k], "%s persp %d: seat %d's role %d, not "
		    "%d", at, s->persp, k, r, g->role[k]);
	else if (g->phase == SAB_PHASE_PLAY)
		REQUIRE(r == SAB_SEEN_UNKNOWN, "%s persp %d knows seat %d's "
		    "role", at, s->persp, k);
	else
		REQUIRE(r == SAB_SEEN_UNKNOWN || r == g->role[k], "%s persp "
		    "%d: seat %d's role", at, s->persp, k);
}

static void same_peeks(const sab_seen *s, const sab_game *g, int k,
    const char *at)
{
	REQUIRE(s->peeked[k] == g->peeked[k], "%s persp %d: seat %d looked at "
	    "%x, not %x", at, s->persp, k, s->peeked[k], g->peeked[k]);
	for (int q = 0; q < SAB_MAX_GOALS; q++) {
		uint8_t want = knows_seat(s, k) && (g->peeked[k] & (1u << q)) ?
		    g->goal_def[q] : SAB_NO_CARD;
		REQUIRE(s->peek[k][q] == want, "%s persp %d: what seat %d saw "
		    "at goal %d", at, s->persp, k, q);
	}
}

static void same_gold(const sab_seen *s, const sab_game *g, int k,
    const int *golds, const char *at)
{
	if (knows_seat(s, k) || g->phase == SAB_PHASE_OVER) {
		REQUIRE(s->gold[k] == g->gold[k] && s->gold_hidden[k] == 0,
		    "%s persp %d: seat %d's gold %d+%d?, not %d", at, s->persp,
		    k, s->gold[k], s->gold_hidden[k], g->gold[k]);
		return;
	}
	REQUIRE(s->gold[k] == 0 && s->gold_hidden[k] == golds[k], "%s persp "
	    "%d: seat %d's gold %d+%d?, not 0+%d?", at, s->persp, k,
	    s->gold[k], s->gold_hidden[k], golds[k]);
}

static void same_goals(const sab_seen *s, const sab_game *g, const char *at)
{
	REQUIRE(s->goal_open == g->goal_open, "%s persp %d: goals open %x, "
	    "not %x", at, s->persp, s->goal_open, g->goal_open);
	for (int q = 0; q < g->rs->ngoals; q++) {
		int known = s->persp == SAB_SEEN_ALL ||
		    (g->goal_open & (1u << q)) ||
		    (s->persp >= 0 && (g->peeked[s->persp] & (1u << q)));
		REQUIRE(s->goal_known[q] == (known ? g->goal_def[q] :
		    SAB_NO_CARD), "%s persp %d: goal %d known as %d", at,
		    s->persp, q, s->goal_known[q]);
	}
}

/* Whose decision it is: everyone knows it in play; a gold pick only the
 * seat offered the gold (and the whole table). */
static void same_turn(const sab_seen *s, const sab_game *g, const char *at)
{
	REQUIRE(s->round == g->round && s->turn == g->turn, "%s persp %d: "
	    "round %d turn %d, not %d %d", at, s->persp, s->round, s->turn,
	    g->round, g->turn);
	REQUIRE(s->round_end == g->round_end && s->finder == g->finder,
	    "%s persp %d: the round's end", at, s->persp);
	if (g->phase == SAB_PHASE_OVER) {
		REQUIRE(s->phase == SAB_PHASE_OVER &&
		    s->winners == g->winners, "%s persp %d: the game's end", at,
		    s->persp);
	} else if (g->phase == SAB_PHASE_PLAY || knows_seat(s, g->to_act)) {
		REQUIRE(s->phase == g->phase && s->to_act == g->to_act, "%s "
		    "persp %d: phase %d seat %d to act, not %d %d", at,
		    s->persp, s->phase, s->to_act, g->phase, g->to_act);
	} else {
		REQUIRE(s->to_act == SAB_NO_SEAT, "%s persp %d knows seat %d "
		    "picks gold", at, s->persp, g->to_act);
	}
	if (g->phase == SAB_PHASE_PICK_GOLD && knows_seat(s, g->to_act))
		REQUIRE(s->noffer == g->noffer &&
		    memcmp(s->offer, g->offer, g->noffer) == 0, "%s persp %d: "
		    "the gold offered", at, s->persp);
}

static void same_as_game(const sab_seen *s, const sab_game *g,
    const int *golds, const char *at)
{
	int deck = sab_seen_deck(s, g->rs);

	same_board(s, g, at);
	same_goals(s, g, at);
	same_turn(s, g, at);
	REQUIRE(deck == g->ndeck, "%s persp %d: deck %d, not %d", at, s->persp,
	    deck, g->ndeck);
	REQUIRE(s->ndiscard == g->ndiscard, "%s persp %d: %d discarded, not "
	    "%d", at, s->persp, s->ndiscard, g->ndiscard);
	for (int k = 0; k < g->nplayers; k++) {
		same_hand(s, g, k, at);
		same_front(s, g, k, at);
		same_role(s, g, k, at);
		same_peeks(s, g, k, at);
		same_gold(s, g, k, golds, at);
	}
}

static void watch_decision(watch *w, const sab_game *g)
{
	char at[96];

	snprintf(at, sizeof at, "%s decision %d:", w->what, w->decisions);
	for (int k = 0; k < w->n; k++)
		same_as_game(&w->seen[k], g, w->golds, at);
	w->decisions++;
}

/* ---- seeded games ----------------------------------------------------- */

/* Plays a seeded game with random moves; every perspective must agree with
 * the game after every decision.  Returns the decisions. */
static int play_watched(const char *ruleset, int n, uint64_t seed)
{
	static sab_events ev;
	static watch w;
	const sab_ruleset *rs = t_ruleset(ruleset);
	char what[64], err[256];
	sab_game g;
	sab_rng rng;
	sab_move m;

	snprintf(what, sizeof what, "%s %dp seed %llu", ruleset, n,
	    (unsigned long long)seed);
	watch_start(&w, rs, n, what);
	sab_rng_seed(&rng, seed);
	ev.n = 0;
	ck_assert_msg(sab_game_new(&g, rs, n, (int)(seed % (unsigned)n), &rng,
	    &ev, err, sizeof err) == 0, "%s", err);
	for (;;) {
		REQUIRE(!ev.overflow, "%s: events overflowed", what);
		for (int i = 0; i < ev.n; i++)
			watch_event(&w, &ev.ev[i], &g);
		watch_decision(&w, &g);
		if (sab_game_over(&g))
			break;
		ck_assert_int_eq(sab_game_random_move(&g, &rng, &m), 0);
		ev.n = 0;
		sab_game_apply(&g, &m, &rng, &ev);
	}
	return w.decisions;
}

START_TEST(every_perspective_agrees_with_seeded_games)
{
	static const struct { const char *rs; int lo, hi; } cases[] = {
		{ "base", 3, 10 }, { "classic", 3, 10 }, { "course", 2, 2 },
	};
	int decisions = 0;

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
		for (int n = cases[c].lo; n <= cases[c].hi; n++)
			for (uint64_t seed = 1; seed <= 4; seed++)
				decisions += play_watched(cases[c].rs, n,
				    seed * 7919 + (uint64_t)n);
	/* Every game ends, after a good many decisions each. */
	ck_assert_int_gt(decisions, 68 * 40);
}
END_TEST

/* ---- the committed replays -------------------------------------------- */

static void on_record(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	watch *w = ctx;

	if (r->kind == REPLAY_EV && e != NULL)
		watch_event(w, e, g);
	else if (r->kind == REPLAY_TURN)
		watch_decision(w, g);
}

/* Walks one committed replay with the audit; every perspective must agree
 * with the game the audit rebuilds at every decision. */
static void replay_watched(const char *name)
{
	static watch w;
	static sab_ruleset rs;
	replay_audit_ops ops = { on_record, NULL };
	replay_audit au;
	char path[512], err[512];
	replay_file *f;

	snprintf(path, sizeof path, "%s/replays/%s", fixtures_dir(), name);
	f = replay_read(path, err, sizeof err);
	ck_assert_msg(f != NULL, "%s", err);
	if (f->rules != NULL)
		ck_assert_msg(sab_ruleset_parse(&rs, f->rules, f->rules_len,
		    name, err, sizeof err) == 0, "%s", err);
	else
		ck_assert_msg(sab_ruleset_load_builtin(&rs, f->ruleset, err,
		    sizeof err) == 0, "%s", err);
	watch_start(&w, &rs, f->nseats, name);
	ck_assert_int_eq(replay_audit_run(f, &rs, &ops, &w, &au), 0);
	ck_assert_msg(au.ok, "%s: %s", name, au.what);
	ck_assert_int_eq(w.decisions, au.decisions);
	ck_assert_int_gt(w.decisions, 10);
	/* At the end everyone knows the result. */
	for (int k = 0; k < w.n; k++)
		ck_assert_int_eq(w.seen[k].phase, SAB_PHASE_OVER);
	replay_file_free(f);
}

START_TEST(every_perspective_agrees_with_the_committed_replays)
{
	static const char *const names[] = {
		"base-3p.sabr.gz", "base-5p-failures.sabr.gz",
		"base-5p-tall.sabr.gz", "base-7p.sabr.gz", "base-10p.sabr.gz",
		"base-3p-old-reasons.sabr.gz", "big12-12p.sabr.gz",
		"classic-4p.sabr.gz", "course-2p.sabr.gz",
		"sabotaged-dwarf-5p.sabr.gz",
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		replay_watched(names[i]);
}
END_TEST

/* ---- case by case ------------------------------------------------------ */

static sab_event ev_of(uint8_t type, uint8_t vis, int seat)
{
	return sab_event_new(type, vis, (uint8_t)seat);
}

static sab_event round_of(int round, int first, int deck)
{
	sab_event e = ev_of(SAB_EV_ROUND_START, SAB_VIS_ALL, first);

	e.value = (uint8_t)round;
	e.n = (uint16_t)deck;
	return e;
}

static sab_event tool_ev(uint8_t type, int seat, uint8_t card, int target,
    uint8_t tool)
{
	sab_event e = ev_of(type, SAB_VIS_ALL, seat);

	e.card = card;
	e.target = (uint8_t)target;
	e.tool = tool;
	return e;
}

START_TEST(cards_in_front_are_a_pile_and_a_repair_takes_its_tool)
{
	const sab_ruleset *rs = t_ruleset("course");
	uint8_t malus = t_def(rs, "malus"), bonus = t_def(rs, "bonus");
	sab_seen s;
	sab_event e;

	sab_seen_init(&s, rs, 2, SAB_SEEN_PUBLIC);
	e = round_of(1, 0, 40);
	sab_seen_apply(&s, rs, &e);
	/* Course maluses stack: two in front of seat 1. */
	for (int i = 0; i < 2; i++) {
		e = tool_ev(SAB_EV_SABOTAGE, 0, malus, 1, SAB_PICKAXE);
		sab_seen_apply(&s, rs, &e);
	}
	ck_assert_int_eq(s.nfront[1], 2);
	ck_assert_int_eq(s.front[1][0], malus);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 1, SAB_PICKAXE), 2);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 1, SAB_LANTERN), 0);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 0, SAB_PICKAXE), 0);
	ck_assert_int_eq(s.ndiscard, 0);
	/* A bonus takes one of them away; both go to the discard pile. */
	e = tool_ev(SAB_EV_REPAIR, 1, bonus, 1, SAB_PICKAXE);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nfront[1], 1);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 1, SAB_PICKAXE), 1);
	ck_assert_int_eq(s.ndiscard, 2);
	ck_assert_int_eq(s.turn, 3);
	/* A sabotage of a seat not in the game changes nothing. */
	e = tool_ev(SAB_EV_SABOTAGE, 0, malus, 5, SAB_PICKAXE);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nfront[0] + s.nfront[1], 1);
	/* A new round clears the table. */
	e = round_of(2, 1, 40);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nfront[1], 0);
	ck_assert_int_eq(s.ndiscard, 0);
	ck_assert_int_eq(s.to_act, 1);
}
END_TEST

/* Swap hands: "Pick 1 other player and swap all of your hand of cards with
 * them ... The other player draws 1 card at the end of your turn."  Seat
 * 0 knows the cards it handed over; when seat 1 plays the card it drew,
 * which seat 0 never saw, seat 0 still knows the others. */
START_TEST(a_card_not_known_leaves_as_an_unknown_one)
{
	const sab_ruleset *rs = t_ruleset("saboteur2");
	uint8_t a = t_def(rs, "trapped"), b = t_def(rs, "map");
	uint8_t swap = t_def(rs, "swap-hands"), theft = t_def(rs, "theft");
	sab_seen s;
	sab_event e;

	sab_seen_init(&s, rs, 2, 0);
	e = round_of(1, 0, 40);
	sab_seen_apply(&s, rs, &e);
	for (int i = 0; i < 3; i++) {
		e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 0);
		e.card = i == 0 ? a : i == 1 ? b : swap;
		sab_seen_apply(&s, rs, &e);
		e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 1);
		sab_seen_apply(&s, rs, &e);
	}
	e = ev_of(SAB_EV_PLAY, SAB_VIS_ALL, 0);
	e.card = swap;
	e.target = 1;
	sab_seen_apply(&s, rs, &e);
	/* Seat 1 holds a and b, and draws a card seat 0 does not see. */
	ck_assert_int_eq(s.nhand[1], 2);
	e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 1);
	sab_seen_apply(&s, rs, &e);
	/* It plays a (the rules fill its place with the last card), then
	 * the card it drew. */
	e = ev_of(SAB_EV_PLAY, SAB_VIS_ALL, 1);
	e.card = a;
	e.target = 0;
	sab_seen_apply(&s, rs, &e);
	e = ev_of(SAB_EV_PLAY, SAB_VIS_ALL, 1);
	e.card = theft;
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nhand[1], 1);
	ck_assert_int_eq(s.hand[1][0], b);
}
END_TEST

START_TEST(a_repair_takes_the_card_of_its_own_tool)
{
	const sab_ruleset *rs = t_ruleset("base");
	uint8_t pick = t_def(rs, "broken-pickaxe");
	uint8_t cart = t_def(rs, "broken-cart");
	uint8_t fix = t_def(rs, "repair-pickaxe-lantern");
	sab_seen s;
	sab_event e;

	sab_seen_init(&s, rs, 4, 2);
	e = round_of(1, 0, 40);
	sab_seen_apply(&s, rs, &e);
	e = tool_ev(SAB_EV_SABOTAGE, 0, pick, 3, SAB_PICKAXE);
	sab_seen_apply(&s, rs, &e);
	e = tool_ev(SAB_EV_SABOTAGE, 1, cart, 3, SAB_CART);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.to_act, 2);
	/* A repair of the lantern, which is not broken, takes nothing. */
	e = tool_ev(SAB_EV_REPAIR, 2, fix, 3, SAB_LANTERN);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nfront[3], 2);
	e = tool_ev(SAB_EV_REPAIR, 2, fix, 3, SAB_PICKAXE);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nfront[3], 1);
	ck_assert_int_eq(s.front[3][0], cart);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 3, SAB_PICKAXE), 0);
	ck_assert_int_eq(sab_seen_broken(&s, rs, 3,
	    SAB_PICKAXE | SAB_LANTERN | SAB_CART), 1);
}
END_TEST

START_TEST(the_deal_is_counted_in_the_deck_until_the_first_play)
{
	const sab_ruleset *rs = t_ruleset("base");
	int hand = rs->hand_size[3];
	sab_seen s;
	sab_event e;

	sab_seen_init(&s, rs, 3, 1);
	e = round_of(1, 0, 49);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(sab_seen_deck(&s, rs), 49 + 3 * hand);
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < hand; i++) {
			e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, k);
			sab_seen_apply(&s, rs, &e);
			ck_assert_int_eq(sab_seen_deck(&s, rs),
			    49 + 3 * hand - (k * hand + i + 1));
		}
	ck_assert_int_eq(s.nhand[2], hand);
	/* Seat 0 discards and draws: the deck goes down by one. */
	e = ev_of(SAB_EV_PASS, SAB_VIS_HIDDEN, 0);
	sab_seen_apply(&s, rs, &e);
	e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 0);
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(sab_seen_deck(&s, rs), 48);
	ck_assert_int_eq(s.nhand[0], hand);
	ck_assert_int_eq(s.ndiscard, 1);
	ck_assert_int_eq(s.to_act, 1);
}
END_TEST

/* Issue 11: each card kind says "what a seat learns" from its play; seen
 * asks the card's kind whatever the event type (here the generic play). */
START_TEST(a_play_is_learned_through_its_card_kind)
{
	const sab_ruleset *rs = t_ruleset("base");
	uint8_t map = t_def(rs, "map");
	sab_seen s;
	sab_event e;
	sab_board before;

	sab_seen_init(&s, rs, 3, 2);
	e = round_of(1, 2, 49);
	sab_seen_apply(&s, rs, &e);
	e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 2);
	e.card = map;
	sab_seen_apply(&s, rs, &e);
	before = s.board;
	e = ev_of(SAB_EV_PLAY, SAB_VIS_ALL, 2);
	e.card = map;
	sab_seen_apply(&s, rs, &e);
	ck_assert_int_eq(s.nhand[2], 0);
	ck_assert_int_eq(s.hand[2][0], SAB_NO_CARD);
	ck_assert_int_eq(s.turn, 1);
	ck_assert_int_eq(s.to_act, 0);
	/* The map's kind: seat 2 looked at goal 0, the map is discarded. */
	ck_assert_int_eq(s.peeked[2], 1);
	ck_assert_int_eq(s.ndiscard, 1);
	ck_assert(memcmp(&before, &s.board, sizeof before) == 0);
}
END_TEST

/* "Remove the other player's card before it takes effect" (seed 004,
 * Veto): once every seat let the card be and it took effect, the table is
 * back in play, not still waiting for reactions: the viewer's "now" line
 * says "react" only while a card waits. */
START_TEST(a_card_allowed_by_every_seat_ends_the_react_phase)
{
	static sab_events ev;
	static sab_ruleset rs_wc;
	const sab_ruleset *rs = &rs_wc;
	sab_seen all;
	sab_game g;
	sab_rng rng;
	sab_move m;
	char err[256];
	int played = 0;

	ck_assert_msg(sab_ruleset_load_builtin(&rs_wc, "base-wc", err,
	    sizeof err) == 0, "%s", err);
	sab_rng_seed(&rng, 3);
	ev.n = 0;
	ck_assert_msg(sab_game_new(&g, rs, 5, 0, &rng, &ev, err, sizeof err)
	    == 0, "%s", err);
	sab_seen_init(&all, rs, 5, SAB_SEEN_ALL);
	while (!sab_game_over(&g)) {
		for (int i = 0; i < ev.n; i++) {
			sab_seen_apply(&all, rs, &ev.ev[i]);
			played += ev.ev[i].type == SAB_EV_PATH;
		}
		REQUIRE(g.phase != SAB_PHASE_PLAY ||
		    all.phase == SAB_PHASE_PLAY, "seen in phase %d when the "
		    "game plays, turn %d", all.phase, g.turn);
		ck_assert_int_eq(sab_game_random_move(&g, &rng, &m), 0);
		ev.n = 0;
		sab_game_apply(&g, &m, &rng, &ev);
	}
	ck_assert_int_gt(played, 5);
}
END_TEST

START_TEST(a_spectator_never_learns_a_hidden_card)
{
	const sab_ruleset *rs = t_ruleset("base");
	uint8_t map = t_def(rs, "map");
	sab_seen pub, own, other, all;
	sab_seen *ss[] = { &pub, &own, &other, &all };
	sab_event e;

	sab_seen_init(&pub, rs, 3, SAB_SEEN_PUBLIC);
	sab_seen_init(&own, rs, 3, 0);
	sab_seen_init(&other, rs, 3, 1);
	sab_seen_init(&all, rs, 3, SAB_SEEN_ALL);
	e = round_of(1, 0, 49);
	for (int i = 0; i < 4; i++)
		sab_seen_tell(ss[i], rs, &e);
	e = ev_of(SAB_EV_ROLE, SAB_VIS_SEAT, 0);
	e.value = SAB_ROLE_SABOTEUR;
	ck_assert_int_eq(sab_seen_tell(&pub, rs, &e), 0);
	ck_assert_int_eq(sab_seen_tell(&own, rs, &e), 1);
	ck_assert_int_eq(sab_seen_tell(&other, rs, &e), 0);
	ck_assert_int_eq(sab_seen_tell(&all, rs, &e), 1);
	e = ev_of(SAB_EV_DRAW, SAB_VIS_HIDDEN, 0);
	e.card = map;
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(sab_seen_tell(ss[i], rs, &e), 1);
	/* Seat 0 looks at goal 1: everyone sees the map, only it the goal. */
	e = ev_of(SAB_EV_MAP, SAB_VIS_ALL, 0);
	e.card = map;
	e.goal = 1;
	for (int i = 0; i < 4; i++)
		sab_seen_tell(ss[i], rs, &e);
	e = ev_of(SAB_EV_PEEK, SAB_VIS_SEAT, 0);
	e.card = rs->goal_defs[0];
	e.goal = 1;
	for (int i = 0; i < 4; i++)
		sab_seen_tell(ss[i], rs, &e);
	/* A gold card of value 3 for seat 0. */
	e = ev_of(SAB_EV_GOLD, SAB_VIS_HIDDEN, 0);
	e.value = 3;
	for (int i = 0; i < 4; i++)
		sab_seen_tell(ss[i], rs, &e);

	ck_assert_int_eq(own.role[0], SAB_ROLE_SABOTEUR);
	ck_assert_int_eq(all.role[0], SAB_ROLE_SABOTEUR);
	ck_assert_int_eq(pub.role[0], SAB_SEEN_UNKNOWN);
	ck_assert_int_eq(other.role[0], SAB_SEEN_UNKNOWN);
	for (int i = 0; i < 4; i++) {
		const sab_seen *s = ss[i];
		int knows = s == &own || s == &all;
		ck_assert_int_eq(s->peeked[0], 1 << 1);
		ck_assert_int_eq(s->ndiscard, 1);
		ck_assert_int_eq(s->nhand[0], 0);
		ck_assert_int_eq(s->peek[0][1], knows ? rs->goal_defs[0] :
		    SAB_NO_CARD);
		ck_assert_int_eq(s->goal_known[1], knows ? rs->goal_defs[0] :
		    SAB_NO_CARD);
		ck_assert_int_eq(s->gold[0], knows ? 3 : 0);
		ck_assert_int_eq(s->gold_hidden[0], knows ? 0 : 1);
	}
}
END_TEST

Suite *seen_suite(void)
{
	Suite *s = suite_create("seen");
	TCase *tc = tcase_create("seen");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_perspective_agrees_with_seeded_games);
	tcase_add_test(tc, every_perspective_agrees_with_the_committed_replays);
	tcase_add_test(tc, cards_in_front_are_a_pile_and_a_repair_takes_its_tool);
	tcase_add_test(tc, a_repair_takes_the_card_of_its_own_tool);
	tcase_add_test(tc, a_card_not_known_leaves_as_an_unknown_one);
	tcase_add_test(tc, the_deal_is_counted_in_the_deck_until_the_first_play);
	tcase_add_test(tc, a_play_is_learned_through_its_card_kind);
	tcase_add_test(tc, a_spectator_never_learns_a_hidden_card);
	tcase_add_test(tc, a_card_allowed_by_every_seat_ends_the_react_phase);
	suite_add_tcase(s, tc);
	return s;
}
