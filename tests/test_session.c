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

static void hear(void *ctx, int seat, const char *line)
{
	heard *h = ctx;
	size_t n = strlen(line);

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

Suite *session_suite(void)
{
	Suite *s = suite_create("session");
	TCase *tc = tcase_create("lines");

	tcase_add_test(tc, the_handshake_names_the_protocol);
	tcase_add_test(tc, the_set_up_with_a_seed_after_game);
	tcase_add_test(tc, events_go_to_the_seats_that_may_see_them);
	tcase_add_test(tc, a_request_lists_the_moves_to_a_seat_that_asked);
	tcase_add_test(tc, refusals_and_the_moves_played_instead);
	suite_add_tcase(s, tc);
	return s;
}
