/* test_session.c: the lines each seat is sent (set-up, events, requests,
 * refusals, defaults), as the referee and a replay's export both build
 * them through protocol/session.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "session.h"
#include "suites.h"

#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* Every seat's lines, each ended by "\n", in the order sent. */
typedef struct heard {
	char text[SAB_MAX_PLAYERS][1 << 16];
	size_t len[SAB_MAX_PLAYERS];
	size_t last[SAB_MAX_PLAYERS];   /* where the last line begins */
	int lines[SAB_MAX_PLAYERS];
} heard;

static void hear(void *ctx, int seat, const char *line, size_t len)
{
	heard *h = ctx;
	size_t n = strlen(line);

	REQUIRE(len == n, "a line of %zu bytes said to be %zu: \"%s\"", n,
	    len, line);
	REQUIRE(seat >= 0 && seat < SAB_MAX_PLAYERS, "a line for seat %d",
	    seat);
	REQUIRE(strchr(line, '\n') == NULL, "a newline in \"%s\"", line);
	REQUIRE(h->len[seat] + n + 2 < sizeof h->text[seat], "too many lines");
	h->last[seat] = h->len[seat];
	memcpy(h->text[seat] + h->len[seat], line, n);
	h->len[seat] += n;
	h->text[seat][h->len[seat]++] = '\n';
	h->text[seat][h->len[seat]] = '\0';
	h->lines[seat]++;
}

/* The test's table: a game of base, its tokens, a session on it. */
typedef struct table {
	proto_cards pc;
	sab_game g;
	sab_events ev;
	session s;
	heard h;
} table;

static table *table_new(int n, uint64_t seed, const unsigned *features)
{
	table *t = calloc(1, sizeof *t);
	char err[256];

	REQUIRE(t != NULL, "out of memory");
	REQUIRE(proto_cards_init(&t->pc, t_ruleset("base"), err,
	    sizeof err) == 0, "%s", err);
	t_game(&t->g, t->pc.rs, n, seed, &t->ev);
	session_start(&t->s, &t->pc, n, features, hear, &t->h);
	return t;
}

START_TEST(the_handshake_names_the_protocol)
{
	char buf[32];

	ck_assert_int_eq(session_hello_line(buf, sizeof buf), 10);
	ck_assert_str_eq(buf, "saboteur 1");
	ck_assert_int_eq(session_hello_line(buf, 10), -1);
}
END_TEST

START_TEST(the_set_up_with_a_seed_after_game)
{
	static const unsigned feat[3] = { 0, PROTO_FEAT_SEED,
	    PROTO_FEAT_MOVES };
	static const char *const names[3] = { "alice", NULL, "carol" };
	table *t = table_new(3, 7, feat);
	char want[1024], seed[64];
	const char *table_lines = "player 0 alice\nplayer 1 -\n"
	    "player 2 carol\nboard unbounded\nstart 0 0 start-NESW\n"
	    "goal 8 -2\ngoal 8 0\ngoal 8 2\n";

	session_setup(&t->s, 4, 99, names);
	snprintf(want, sizeof want, "game 4 base 3 0\n%s", table_lines);
	ck_assert_str_eq(t->h.text[0], want);
	/* Only the seat that asked gets a seed, its own, after "game". */
	snprintf(seed, sizeof seed, "seed %llu",
	    (unsigned long long)proto_seat_seed(99, 1));
	snprintf(want, sizeof want, "game 4 base 3 1\n%s\n%s", seed,
	    table_lines);
	ck_assert_str_eq(t->h.text[1], want);
	snprintf(want, sizeof want, "game 4 base 3 2\n%s", table_lines);
	ck_assert_str_eq(t->h.text[2], want);
	ck_assert_int_eq(t->h.lines[3], 0);
	free(t);
}
END_TEST

START_TEST(events_go_to_the_seats_that_may_see_them)
{
	table *t = table_new(4, 11, NULL);
	int draws = 0, roles = 0;

	REQUIRE(!t->ev.overflow && t->ev.n > 0, "no events");
	for (int i = 0; i < t->ev.n; i++) {
		const sab_event *e = &t->ev.ev[i];
		char mine[PROTO_LINE_MAX], other[PROTO_LINE_MAX];
		int before[4];

		for (int s = 0; s < 4; s++)
			before[s] = t->h.lines[s];
		session_tell(&t->s, e);
		if (e->type == SAB_EV_GAME_START) {
			for (int s = 0; s < 4; s++)
				ck_assert_int_eq(t->h.lines[s], before[s]);
			continue;
		}
		if (e->type == SAB_EV_DRAW) {
			/* Everyone hears of the draw; only the drawer, which. */
			REQUIRE(proto_event(&t->pc, e, e->seat, 4, mine,
			    sizeof mine) > 0, "draw");
			snprintf(other, sizeof other, "draw %d -", e->seat);
			strcat(mine, "\n");
			strcat(other, "\n");
			for (int s = 0; s < 4; s++) {
				ck_assert_int_eq(t->h.lines[s], before[s] + 1);
				ck_assert_str_eq(t->h.text[s] + t->h.last[s],
				    s == e->seat ? mine : other);
			}
			REQUIRE(strcmp(mine, other) != 0 &&
			    strncmp(mine, "draw ", 5) == 0, "%s", mine);
			draws++;
		}
		if (e->type == SAB_EV_ROLE) {
			for (int s = 0; s < 4; s++)
				ck_assert_int_eq(t->h.lines[s], before[s] +
				    (s == e->seat));
			ck_assert_int_eq(session_tell_seat(&t->s, e,
			    (e->seat + 1) % 4), 0);
			roles++;
		}
	}
	ck_assert_int_eq(draws, 4 * t->g.nhand[0]);
	ck_assert_int_eq(roles, 4);
	free(t);
}
END_TEST

START_TEST(a_request_lists_the_moves_to_a_seat_that_asked)
{
	static const unsigned feat[3] = { PROTO_FEAT_MOVES, 0, 0 };
	static sab_move moves[SAB_MAX_MOVES];
	table *t = table_new(3, 5, feat);
	char want[PROTO_LINE_MAX + 8];
	int k = sab_game_moves(&t->g, moves), n = 0;

	ck_assert_int_eq(t->g.to_act, 0);
	session_request(&t->s, &t->g, 1, 1000, 9500);
	/* Every legal move in the rules' order, then the request. */
	for (int i = 0; i < k; i++) {
		char mv[PROTO_LINE_MAX];
		REQUIRE(proto_move(&t->pc, &moves[i], mv, sizeof mv) > 0, "move");
		n += snprintf(want, sizeof want, "legal %s\n", mv);
		REQUIRE(strstr(t->h.text[0], want) != NULL, "no %s", want);
	}
	ck_assert_int_eq(t->h.lines[0], k + 1);
	ck_assert_int_gt(k, 3);
	ck_assert_uint_eq(t->h.len[0], (size_t)n + strlen("turn 1 1000 9500\n"));
	ck_assert_str_eq(t->h.text[0] + t->h.last[0], "turn 1 1000 9500\n");
	ck_assert_int_eq(t->h.lines[1] + t->h.lines[2], 0);

	/* A seat that did not ask gets the request alone. */
	sab_move m = moves[k - 1];
	sab_rng rng;
	sab_rng_seed(&rng, 1);
	t->ev.n = 0;
	sab_game_apply(&t->g, &m, &rng, &t->ev);
	ck_assert_int_eq(t->g.to_act, 1);
	session_request(&t->s, &t->g, 2, 250, 0);
	ck_assert_str_eq(t->h.text[1], "turn 2 250 0\n");
	free(t);
}
END_TEST

/* What session_send_lines() takes: a block of lines, told apart from
 * hear()'s lines by the count of blocks. */
static int blocks;

static void hear_lines(void *ctx, int seat, const char *block, size_t len,
    int nlines)
{
	heard *h = ctx;
	int newlines = 0;

	REQUIRE(strlen(block) == len, "a block of %zu bytes said to be %zu",
	    strlen(block), len);
	REQUIRE(len > 0 && block[len - 1] != '\n', "a block ends its last line");
	for (size_t i = 0; i < len; i++)
		newlines += block[i] == '\n';
	ck_assert_int_eq(newlines + 1, nlines);
	REQUIRE(h->len[seat] + len + 2 < sizeof h->text[seat], "too many lines");
	memcpy(h->text[seat] + h->len[seat], block, len);
	h->len[seat] += len;
	h->text[seat][h->len[seat]++] = '\n';
	h->text[seat][h->len[seat]] = '\0';
	h->lines[seat] += nlines;
	blocks++;
}

/* A request given as one block (the referee's way) is the same lines, in
 * the same order, as one by one (the replay audit's), decision after
 * decision of a whole game. */
START_TEST(a_request_in_one_block_is_the_same_lines)
{
	static const unsigned feat[4] = { PROTO_FEAT_MOVES, PROTO_FEAT_MOVES,
	    0, PROTO_FEAT_MOVES };
	table *a = table_new(4, 11, feat), *b = table_new(4, 11, feat);
	sab_rng pick, ra, rb;
	int decision = 0;

	session_send_lines(&b->s, hear_lines);
	blocks = 0;
	sab_rng_seed(&pick, 3);
	sab_rng_seed(&ra, 4);
	sab_rng_seed(&rb, 4);
	while (!sab_game_over(&a->g)) {
		sab_move m;
		decision++;
		session_request(&a->s, &a->g, decision, 1000, 10000 - decision);
		session_request(&b->s, &b->g, decision, 1000, 10000 - decision);
		for (int s = 0; s < 4; s++) {
			ck_assert_int_eq(a->h.lines[s], b->h.lines[s]);
			ck_assert_uint_eq(a->h.len[s], b->h.len[s]);
			REQUIRE(memcmp(a->h.text[s], b->h.text[s], a->h.len[s]) == 0,
			    "seat %d told otherwise at decision %d", s, decision);
			a->h.len[s] = b->h.len[s] = 0;
		}
		sab_game_random_move(&a->g, &pick, &m);
		a->ev.n = b->ev.n = 0;
		sab_game_apply(&a->g, &m, &ra, &a->ev);
		sab_game_apply(&b->g, &m, &rb, &b->ev);
	}
	ck_assert_int_eq(blocks, decision);
	ck_assert_int_gt(decision, 50);
	free(a);
	free(b);
}
END_TEST

START_TEST(refusals_and_the_moves_played_instead)
{
	table *t = table_new(3, 5, NULL);
	sab_move dflt;
	char want[256];

	proto_default_move(&t->g, &dflt);
	snprintf(want, sizeof want, "illegal 2 not your card\n"
	    "illegal 0 no such card\ndefault illegal discard %s\n"
	    "default timeout discard %s\n", t->pc.tok[dflt.card],
	    t->pc.tok[dflt.card]);
	session_refused(&t->s, 0, 2, "not your card", NULL);
	session_refused(&t->s, 0, 0, "no such card", &dflt);
	session_timeout(&t->s, 0, &dflt);
	ck_assert_str_eq(t->h.text[0], want);
	ck_assert_int_eq(t->h.lines[1] + t->h.lines[2], 0);
	free(t);
}
END_TEST

/* ---- the leak test of the reaction request ---------------------------- */

/* One whole game of the leak test: what each seat was sent, and the
 * reaction requests in order (seat asked, decision number). */
typedef struct leak_run {
	char *text[SAB_MAX_PLAYERS];
	size_t len[SAB_MAX_PLAYERS], cap;
	int asked[8192][2];
	int nasked;
	int vetoed_asked;       /* requests to the marked seat holding a veto */
	int react_lines;        /* "react" lines sent to the other seats */
	int vetoes;             /* vetoes played */
	int unasked;            /* reactions allowed for, no veto left */
	int standings;          /* standing allows given */
} leak_run;

static void leak_hear(void *ctx, int seat, const char *line, size_t n)
{
	leak_run *r = ctx;

	REQUIRE(r->len[seat] + n + 2 < r->cap, "too many lines");
	memcpy(r->text[seat] + r->len[seat], line, n);
	r->len[seat] += n;
	r->text[seat][r->len[seat]++] = '\n';
	r->text[seat][r->len[seat]] = '\0';
}

static int holds(const sab_game *g, int seat, uint8_t def)
{
	for (int i = 0; i < g->nhand[seat]; i++)
		if (g->hand[seat][i] == def)
			return 1;
	return 0;
}

/*
 * Plays a game of base-wc, 5 seats that all asked for "react", and seed;
 * with veto set, the marked seat's first card is swapped for a veto before
 * the game is told.  Every seat plays the first legal move it is offered
 * (what its "legal" lines would say), allows every reaction, and the
 * marked seat never plays the swapped card nor the veto (a pass may
 * discard one, face down): so the marked seat's choices and every other
 * seat's hand are the same in both games, and only a leak could make
 * another seat hear something different.  With others_veto the other
 * seats veto whenever they can, so the round's veto is played and no seat
 * is asked for a while (session_spent()).  With standing every seat asked
 * for "react-standing" and answers a reaction it allows "allow standing"
 * (session_judge()) when it holds no veto, as botlib's bots do, so the
 * marked seat is asked more often when it holds one: its own choice.
 */
static void leak_game(leak_run *r, uint64_t seed, int marked, int veto,
    int at_once, int others_veto, int standing)
{
	static sab_move moves[SAB_MAX_MOVES];
	unsigned feat[5];
	const sab_ruleset *rs = t_ruleset("base-wc");
	uint8_t v = t_def(rs, "veto"), x;
	proto_cards *pc = malloc(sizeof *pc);
	sab_game *g = malloc(sizeof *g);
	sab_events *ev = malloc(sizeof *ev);
	session *s = malloc(sizeof *s);
	char err[256];
	sab_rng rng;
	int decision = 0, window = 0;
	int64_t move_ms[5] = { 1000, 1000, 1000, 1000, 1000 };
	int64_t bank_ms[5] = { 10000, 10000, 10000, 10000, 10000 };

	REQUIRE(pc && g && ev && s, "out of memory");
	for (int k = 0; k < 5; k++)
		feat[k] = PROTO_FEAT_REACT | (at_once ? PROTO_FEAT_AT_ONCE : 0) |
		    (standing ? PROTO_FEAT_STANDING : 0);
	REQUIRE(proto_cards_init(pc, rs, err, sizeof err) == 0, "%s", err);
	sab_rng_seed(&rng, seed);
	ev->n = 0;
	REQUIRE(sab_game_new(g, rs, 5, 0, &rng, ev, err, sizeof err) == 0,
	    "%s", err);
	x = g->hand[marked][0];
	REQUIRE(x != v && !holds(g, marked, v), "seed %llu deals the marked "
	    "seat a veto", (unsigned long long)seed);
	if (veto)
		g->hand[marked][0] = v;
	session_start(s, pc, 5, feat, leak_hear, r);
	session_setup(s, 1, seed, NULL);
	while (!sab_game_over(g)) {
		int seat = g->to_act, k, pick = -1;
		for (int i = 0; i < ev->n; i++) {
			session_tell(s, &ev->ev[i]);
			if (ev->ev[i].type == SAB_EV_REACT &&
			    ev->ev[i].seat != marked)
				r->react_lines++;
			r->vetoes += ev->ev[i].type == SAB_EV_VETO;
		}
		ev->n = 0;
		decision++;
		if (g->phase != SAB_PHASE_REACT) {
			window = 0;
		} else if (!window) {
			/* Those asked at once, in the order asked. */
			int seats[SAB_MAX_PLAYERS], n = sab_game_reactors(g, seats);
			unsigned asked = session_window(s, g, decision, 0x1f,
			    move_ms, bank_ms);
			window = 1;
			for (int i = 1; i < n; i++)
				if (asked >> seats[i] & 1) {
					REQUIRE(r->nasked < 8192, "too many requests");
					r->asked[r->nasked][0] = seats[i];
					r->asked[r->nasked++][1] = decision + i;
				}
		}
		if (g->phase == SAB_PHASE_REACT && !session_early(s, seat) &&
		    session_asks(s, g)) {
			REQUIRE(r->nasked < 8192, "too many requests");
			r->asked[r->nasked][0] = seat;
			r->asked[r->nasked++][1] = decision;
		}
		if (g->phase == SAB_PHASE_REACT)
			r->vetoed_asked += seat == marked && holds(g, marked, v);
		/* As the referee asks (match.c's decide()). */
		int asks = session_asks(s, g);
		if (!session_early(s, seat) && asks)
			session_request(s, g, decision, 1000, 10000);
		r->unasked += g->phase == SAB_PHASE_REACT && !asks;
		session_settled(s, seat);
		k = sab_game_moves(g, moves);
		REQUIRE(k > 0, "no legal move");
		for (int i = 0; i < k && pick < 0; i++)
			if (g->phase == SAB_PHASE_REACT ?
			    (moves[i].kind == SAB_MOVE_ALLOW) !=
			    (others_veto && seat != marked &&
			    holds(g, seat, v)) :
			    seat != marked || g->phase != SAB_PHASE_PLAY ||
			    moves[i].kind == SAB_MOVE_PASS ||
			    (moves[i].card != x && moves[i].card != v))
				pick = i;
		/* A pathfinder's second path card may have to be a copy of
		 * the swapped card: the same card in both games. */
		if (pick < 0)
			pick = 0;
		if (standing && asks && moves[pick].kind == SAB_MOVE_ALLOW &&
		    !holds(g, seat, v)) {
			static const char line[] = "allow standing";
			char why[256];
			sab_move m;
			REQUIRE(session_judge(s, g, line, sizeof line - 1,
			    PROTO_REASONS_TOKENS, &m, why, sizeof why) == 1 &&
			    m.kind == SAB_MOVE_ALLOW, "\"allow standing\" "
			    "refused: %s", why);
			r->standings++;
		}
		sab_game_apply(g, &moves[pick], &rng, ev);
	}
	for (int i = 0; i < ev->n; i++)
		session_tell(s, &ev->ev[i]);
	free(pc);
	free(g);
	free(ev);
	free(s);
}

static leak_run *leak_run_new(void)
{
	leak_run *r = calloc(1, sizeof *r);

	REQUIRE(r != NULL, "out of memory");
	r->cap = 1 << 20;
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		REQUIRE((r->text[k] = malloc(r->cap)) != NULL, "out of memory");
	return r;
}

/* Strikes seat's requests from the list of r's. */
static void drop_seat(leak_run *r, int seat)
{
	int n = 0;

	for (int i = 0; i < r->nasked; i++)
		if (r->asked[i][0] != seat) {
			r->asked[n][0] = r->asked[i][0];
			r->asked[n++][1] = r->asked[i][1];
		}
	r->nasked = n;
}

static void leak_run_free(leak_run *r)
{
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		free(r->text[k]);
	free(r);
}

/* Issue 13: "design the reaction request so that a seat's being asked
 * reveals nothing about what it holds".  The same seeded game with and
 * without a veto in one hand: every other seat is sent the same bytes,
 * and the same seats are asked to react in the same order; also when the
 * seats are asked at once (issue 28: "ask every seat that may react at
 * once ... without revealing who holds a veto"); with standing allows
 * (issue 28: "or otherwise cut the round trips"), the seats other than the
 * marked one are asked the same and sent the same bytes, whatever the
 * marked seat's own choices. */
static void reveals_nothing(int at_once, int others_veto, int standing)
{
	static const uint64_t seeds[] = { 3, 8, 21 };
	int marked = 2;

	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		leak_run *with = leak_run_new(), *without = leak_run_new();
		leak_game(with, seeds[i], marked, 1, at_once, others_veto,
		    standing);
		leak_game(without, seeds[i], marked, 0, at_once, others_veto,
		    standing);
		REQUIRE(!others_veto || (with->vetoes > 0 &&
		    with->unasked > 0), "seed %llu: nobody vetoed, or every "
		    "seat was asked all the same", (unsigned long long)seeds[i]);
		REQUIRE(others_veto || standing || with->unasked == 0,
		    "seed %llu: a seat was not asked with no veto played",
		    (unsigned long long)seeds[i]);
		REQUIRE(!standing || (with->standings > 0 &&
		    with->unasked > 0),
		    "seed %llu: no standing allow spared a request, or the "
		    "marked seat's veto changed nothing (%d given, %d and %d "
		    "not asked)", (unsigned long long)seeds[i], with->standings,
		    with->unasked, without->unasked);
		REQUIRE(with->vetoed_asked > 0, "seed %llu: the marked seat "
		    "was never asked holding its veto",
		    (unsigned long long)seeds[i]);
		REQUIRE(with->react_lines > 0, "no react line to another seat");
		/* The marked seat's own requests follow its own choices:
		 * holding a veto, it gave no standing allow, so it was asked
		 * more (as often when the round's vetoes were soon played and
		 * nobody was asked). */
		if (standing) {
			int a = with->nasked, b = without->nasked;
			drop_seat(with, marked);
			drop_seat(without, marked);
			REQUIRE(a - with->nasked > b - without->nasked ||
			    (others_veto && a - with->nasked ==
			    b - without->nasked), "seed "
			    "%llu (%d, %d): seat %d was asked %d times holding a "
			    "veto, %d without", (unsigned long long)seeds[i],
			    at_once, others_veto, marked,
			    a - with->nasked, b - without->nasked);
		}
		ck_assert_int_eq(with->nasked, without->nasked);
		REQUIRE(memcmp(with->asked, without->asked,
		    (size_t)with->nasked * sizeof with->asked[0]) == 0,
		    "seed %llu: not the same seats asked in the same order",
		    (unsigned long long)seeds[i]);
		for (int s = 0; s < 5; s++) {
			if (s == marked)
				continue;
			REQUIRE(with->len[s] > 0, "seat %d heard nothing", s);
			REQUIRE(with->len[s] == without->len[s] &&
			    memcmp(with->text[s], without->text[s],
			    with->len[s]) == 0, "seed %llu: seat %d was sent "
			    "other lines when seat %d held a veto",
			    (unsigned long long)seeds[i], s, marked);
		}
		/* The marked seat's own lines differ: its hand did. */
		REQUIRE(with->len[marked] != without->len[marked] ||
		    memcmp(with->text[marked], without->text[marked],
		    with->len[marked]) != 0, "the swap changed nothing");
		leak_run_free(with);
		leak_run_free(without);
	}
}

START_TEST(a_reaction_request_reveals_nothing)
{
	reveals_nothing(0, 0, 0);
}
END_TEST

START_TEST(a_request_asked_at_once_reveals_nothing)
{
	reveals_nothing(1, 0, 0);
}
END_TEST

/* Issue 28: the seats stop being asked once the round's veto was played
 * (session_spent()); when they stop depends on what every seat saw. */
START_TEST(no_request_after_a_veto_reveals_nothing)
{
	reveals_nothing(0, 1, 0);
	reveals_nothing(1, 1, 0);
}
END_TEST

/* Issue 28, "a reaction window that costs little": a bot may answer
 * "allow standing" ("react-standing") and is not asked again until its
 * own next turn; what the other seats hear, and when they are asked,
 * still depends on no hand. */
START_TEST(a_standing_allow_reveals_nothing)
{
	reveals_nothing(0, 0, 1);
	reveals_nothing(1, 0, 1);
	reveals_nothing(1, 1, 1);
}
END_TEST

/*
 * saboteur-protocol(7), Reactions: "allow standing" from a bot that asked
 * for "react-standing" allows the card, and the seat is asked no more
 * until its own next turn's request (or the next round); a bot that did
 * not ask for it is refused the words, as any line no move reads.
 */
static void open_window(sab_game *g, const sab_ruleset *rs, int n,
    sab_events *ev);

START_TEST(a_standing_allow_stands_till_the_own_turn)
{
	const sab_ruleset *rs = t_ruleset("base-wc");
	static const unsigned feat[3] = { PROTO_FEAT_REACT,
	    PROTO_FEAT_REACT | PROTO_FEAT_STANDING,
	    PROTO_FEAT_REACT | PROTO_FEAT_STANDING | PROTO_FEAT_AT_ONCE };
	proto_cards *pc = malloc(sizeof *pc);
	sab_game *g = malloc(sizeof *g);
	sab_events *ev = malloc(sizeof *ev);
	session *s = malloc(sizeof *s);
	leak_run *r = leak_run_new();
	char err[256], why[256];
	sab_move m;

	REQUIRE(pc && g && ev && s, "out of memory");
	REQUIRE(proto_cards_init(pc, rs, err, sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(proto_standing("allow standing", 14), 5);
	ck_assert_uint_eq(proto_standing(" allow\tstanding ", 16), 6);
	ck_assert_uint_eq(proto_standing("allow", 5), 0);
	ck_assert_uint_eq(proto_standing("allowstanding", 13), 0);
	ck_assert_uint_eq(proto_standing("allow standing x", 16), 0);
	ck_assert_uint_eq(proto_standing("allow stand", 11), 0);
	ck_assert_uint_eq(proto_standing("standing", 8), 0);
	ck_assert_uint_eq(proto_standing(" standing", 9), 0);
	open_window(g, rs, 3, ev);
	session_start(s, pc, 3, feat, leak_hear, r);
	/* Seat 1 reacts first: seat 0 played. */
	ck_assert_int_eq(g->to_act, 1);
	ck_assert_int_eq(session_asks(s, g), 1);
	ck_assert_int_eq(session_judge(s, g, "allow standing", 14,
	    PROTO_REASONS_TOKENS, &m, why, sizeof why), 1);
	ck_assert_int_eq(m.kind, SAB_MOVE_ALLOW);
	ck_assert_int_eq(session_asks(s, g), 0);
	/* Seat 0 has no such feature: the words are no move of its. */
	g->to_act = 0;
	ck_assert_int_eq(session_judge(s, g, "allow standing", 14,
	    PROTO_REASONS_TOKENS, &m, why, sizeof why), 0);
	ck_assert_int_eq(session_asks(s, g), 1);
	/* A veto may not stand: only the move played by default. */
	g->to_act = 2;
	g->hand[2][0] = t_def(rs, "veto");
	ck_assert_int_eq(session_judge(s, g, "play veto standing", 18,
	    PROTO_REASONS_TOKENS, &m, why, sizeof why), 0);
	ck_assert_str_eq(why, "only the move played by default may stand");
	ck_assert_int_eq(session_judge(s, g, "play veto", 9,
	    PROTO_REASONS_TOKENS, &m, why, sizeof why), 1);
	ck_assert_int_eq(session_asks(s, g), 1);
	/* Seat 2 holds its standing allow until its own turn. */
	ck_assert_int_eq(session_judge(s, g, "allow  standing", 15,
	    PROTO_REASONS_TOKENS, &m, why, sizeof why), 1);
	ck_assert_int_eq(session_asks(s, g), 0);
	ck_assert_int_eq(session_window(s, g, 3, 0x7, (const int64_t[]){ 1, 1,
	    1 }, (const int64_t[]){ 1, 1, 1 }), 0);
	g->phase = SAB_PHASE_PLAY;
	session_request(s, g, 9, 1000, 10000);
	g->phase = SAB_PHASE_REACT;
	ck_assert_int_eq(session_asks(s, g), 1);
	/* Seat 1's stands till a new round. */
	g->to_act = 1;
	ck_assert_int_eq(session_asks(s, g), 0);
	sab_event e = sab_event_new(SAB_EV_ROUND_START, SAB_VIS_ALL, 0);
	session_follow(s, &e);
	ck_assert_int_eq(session_asks(s, g), 1);
	free(pc);
	free(g);
	free(ev);
	free(s);
	leak_run_free(r);
}
END_TEST

/* A game of rs at n seats (seed 5) where seat 0 has played a card other
 * than the veto: its reaction window is open. */
static void open_window(sab_game *g, const sab_ruleset *rs, int n,
    sab_events *ev)
{
	t_game(g, rs, n, 5, NULL);
	for (int i = 0; i < g->nhand[0]; i++) {
		sab_move m[SAB_MAX_CARD_MOVES];
		if (sab_game_moves_card(g, g->hand[0][i], m) > 0 &&
		    m[0].kind == SAB_MOVE_PLAY) {
			ev->n = 0;
			sab_game_apply(g, &m[0], NULL, ev);
			break;
		}
	}
	REQUIRE(g->phase == SAB_PHASE_REACT, "seat 0's card opened no window");
}

/*
 * "react-at-once": when a card opens a reaction window, every later seat
 * the rules will ask whose bot asked for it (and listens) is sent its whole
 * request at once, with the number its decision has if the seats before it
 * allow; the first seat is asked as usual; a seat without the feature, or
 * out of the game, waits for its turn; the rules' "react" line is not sent
 * again to a seat asked already, nor its request.
 */
START_TEST(reaction_requests_go_out_at_once)
{
	const sab_ruleset *rs = t_ruleset("base-wc");
	const unsigned both = PROTO_FEAT_REACT | PROTO_FEAT_AT_ONCE;
	unsigned feat[5] = { both, both, both | PROTO_FEAT_MOVES,
	    PROTO_FEAT_REACT, both };
	int64_t move_ms[5] = { 100, 200, 300, 400, 500 };
	int64_t bank_ms[5] = { 10, 20, 30, 40, 50 };
	proto_cards *pc = malloc(sizeof *pc);
	session *s = malloc(sizeof *s);
	sab_game *g = malloc(sizeof *g);
	sab_events *ev = malloc(sizeof *ev);
	leak_run *r = leak_run_new();
	char err[256], want[64];
	int seats[SAB_MAX_PLAYERS], n, first;
	unsigned asked;

	REQUIRE(pc && s && g && ev, "out of memory");
	REQUIRE(proto_cards_init(pc, rs, err, sizeof err) == 0, "%s", err);
	session_start(s, pc, 5, feat, leak_hear, r);
	open_window(g, rs, 5, ev);
	n = sab_game_reactors(g, seats);
	ck_assert_int_eq(n, 4);
	first = g->to_act;
	ck_assert_int_eq(first, 1);
	/* Seat 4 is out of the game: not asked, as seat 3 (no feature). */
	asked = session_window(s, g, 7, 0x0f, move_ms, bank_ms);
	ck_assert_uint_eq(asked, 1u << 2);
	ck_assert_int_eq(g->to_act, first);
	ck_assert_uint_eq(r->len[0] + r->len[1] + r->len[3] + r->len[4], 0);
	ck_assert(strncmp(r->text[2], "react 0\n", 8) == 0);
	ck_assert(strstr(r->text[2], "legal allow\n") != NULL);
	snprintf(want, sizeof want, "turn 8 300 30\n");
	ck_assert(strstr(r->text[2], want) != NULL);
	ck_assert_int_eq(session_early(s, 2), 1);
	ck_assert_int_eq(session_early(s, 1), 0);
	/* The rules ask seat 2 in its turn: its line is not sent again. */
	sab_event e = sab_event_new(SAB_EV_REACT, SAB_VIS_SEAT, 2);
	e.target = 0;
	size_t before = r->len[2];
	ck_assert_int_eq(session_tell_seat(s, &e, 2), 0);
	ck_assert_uint_eq(r->len[2], before);
	session_settled(s, 2);
	ck_assert_int_eq(session_early(s, 2), 0);
	ck_assert_int_eq(session_tell_seat(s, &e, 2), 7);
	free(pc);
	free(s);
	free(g);
	free(ev);
	leak_run_free(r);
}
END_TEST

/* A seat whose bot did not ask for "react" hears no "react" line and is
 * not asked: session_asks() says the referee allows for it. */
START_TEST(no_react_line_without_the_feature)
{
	const sab_ruleset *rs = t_ruleset("base-wc");
	static const unsigned feat[3] = { PROTO_FEAT_REACT, 0,
	    PROTO_FEAT_REACT | PROTO_FEAT_MOVES };
	proto_cards *pc = malloc(sizeof *pc);
	session *s = malloc(sizeof *s);
	leak_run *r = leak_run_new();
	sab_game g;
	char err[256];
	sab_event e = sab_event_new(SAB_EV_REACT, SAB_VIS_SEAT, 1);

	REQUIRE(pc && s, "out of memory");
	REQUIRE(proto_cards_init(pc, rs, err, sizeof err) == 0, "%s", err);
	session_start(s, pc, 3, feat, leak_hear, r);
	t_game(&g, rs, 3, 5, NULL);
	e.target = 0;
	ck_assert_int_eq(session_tell_seat(s, &e, 1), 0);
	ck_assert_uint_eq(r->len[1], 0);
	e.seat = 2;
	ck_assert_int_eq(session_tell_seat(s, &e, 2), 7);
	ck_assert_str_eq(r->text[2], "react 0\n");
	ck_assert_int_eq(session_asks(s, &g), 1);       /* seat 0 plays */
	g.phase = SAB_PHASE_REACT;
	g.to_act = 1;
	ck_assert_int_eq(session_asks(s, &g), 0);
	g.to_act = 2;
	ck_assert_int_eq(session_asks(s, &g), 1);
	free(pc);
	free(s);
	leak_run_free(r);
}
END_TEST

/* Issue 28: "ask only when a reaction is publicly possible at all".  Once
 * the deck's one veto was played face up (every seat heard "veto"), no
 * seat is asked to react, at once or in turn, and hears no "react" line,
 * until a card comes back from the discard pile or a new round begins;
 * an audit of a file from before version 1.7 (skip_spent 0) asks on. */
START_TEST(no_request_once_every_veto_was_played)
{
	const sab_ruleset *rs = t_ruleset("base-wc");
	static const unsigned feat[3] = { PROTO_FEAT_REACT,
	    PROTO_FEAT_REACT | PROTO_FEAT_AT_ONCE,
	    PROTO_FEAT_REACT | PROTO_FEAT_AT_ONCE };
	int64_t move_ms[3] = { 300, 300, 300 }, bank_ms[3] = { 30, 30, 30 };
	proto_cards *pc = malloc(sizeof *pc);
	session *s = malloc(sizeof *s);
	sab_game *g = malloc(sizeof *g);
	sab_events *ev = malloc(sizeof *ev);
	leak_run *r = leak_run_new();
	sab_event veto = sab_event_new(SAB_EV_VETO, SAB_VIS_ALL, 1);
	sab_event react = sab_event_new(SAB_EV_REACT, SAB_VIS_SEAT, 1);
	sab_event take = sab_event_new(SAB_EV_TAKE, SAB_VIS_ALL, 2);
	sab_event round = sab_event_new(SAB_EV_ROUND_START, SAB_VIS_ALL, 0);
	char err[256];

	REQUIRE(pc && s && g && ev, "out of memory");
	REQUIRE(proto_cards_init(pc, rs, err, sizeof err) == 0, "%s", err);
	session_start(s, pc, 3, feat, leak_hear, r);
	ck_assert_int_eq(s->reaction_cards, 1);
	open_window(g, rs, 3, ev);
	ck_assert_int_eq(session_spent(s), 0);
	ck_assert_int_eq(session_asks(s, g), 1);
	veto.target = 0;
	veto.card = g->pending.card;
	session_tell(s, &veto);
	ck_assert_int_eq(session_spent(s), 1);
	ck_assert_int_eq(session_asks(s, g), 0);
	ck_assert_uint_eq(session_window(s, g, 3, 0x7, move_ms, bank_ms), 0);
	react.target = 0;
	for (int k = 0; k < 3; k++)
		r->len[k] = 0;
	ck_assert_int_eq(session_tell_seat(s, &react, 1), 0);
	session_tell(s, &react);
	ck_assert_uint_eq(r->len[0] + r->len[1] + r->len[2], 0);
	/* A treasure trove could take the veto back: asked again. */
	take.card = SAB_NO_CARD;
	session_tell(s, &take);
	ck_assert_int_eq(session_spent(s), 0);
	ck_assert_int_eq(session_asks(s, g), 1);
	session_tell(s, &veto);
	ck_assert_int_eq(session_asks(s, g), 0);
	round.value = 2;
	session_tell(s, &round);
	ck_assert_int_eq(session_asks(s, g), 1);
	/* As a referee before 1.7 did. */
	session_tell(s, &veto);
	s->skip_spent = 0;
	ck_assert_int_eq(session_spent(s), 0);
	ck_assert_int_eq(session_asks(s, g), 1);
	free(pc);
	free(s);
	free(g);
	free(ev);
	leak_run_free(r);
}
END_TEST

Suite *session_suite(void)
{
	Suite *s = suite_create("session");
	TCase *tc = tcase_create("lines");

	tcase_add_test(tc, the_handshake_names_the_protocol);
	tcase_add_test(tc, a_request_in_one_block_is_the_same_lines);
	tcase_add_test(tc, the_set_up_with_a_seed_after_game);
	tcase_add_test(tc, events_go_to_the_seats_that_may_see_them);
	tcase_add_test(tc, a_request_lists_the_moves_to_a_seat_that_asked);
	tcase_add_test(tc, refusals_and_the_moves_played_instead);
	tcase_add_test(tc, a_reaction_request_reveals_nothing);
	tcase_add_test(tc, a_request_asked_at_once_reveals_nothing);
	tcase_add_test(tc, no_request_after_a_veto_reveals_nothing);
	tcase_add_test(tc, a_standing_allow_reveals_nothing);
	tcase_add_test(tc, a_standing_allow_stands_till_the_own_turn);
	tcase_add_test(tc, reaction_requests_go_out_at_once);
	tcase_add_test(tc, no_react_line_without_the_feature);
	tcase_add_test(tc, no_request_once_every_veto_was_played);
	suite_add_tcase(s, tc);
	return s;
}
