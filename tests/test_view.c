/* test_view.c: the replay viewer's model and text: every perspective's
 * table against the engine's state, no seat seeing another's secrets,
 * stepping back and forth, the final gold, and replays cut short. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <zlib.h>

#include "audit.h"
#include "helpers.h"
#include "render.h"
#include "replay.h"
#include "suites.h"
#include "tmpdir.h"
#include "view.h"

/* Check reports every passing assertion with a write(2); the loops below
 * call it only when something fails. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

#define FIXTURE "replays/base-5p-failures.sabr.gz"
#define NPERSP (SAB_MAX_PLAYERS + 2)
#define START_TIME 1700000000

/* ---- loading ---------------------------------------------------------- */

static sab_ruleset rs;
static replay_file *file;
static view v;

static void load_file(replay_file *f)
{
	char err[512];

	ck_assert_msg(f != NULL, "no replay");
	file = f;
	ck_assert_msg(sab_ruleset_load_builtin(&rs, f->ruleset, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_msg(view_load(&v, f, &rs, err, sizeof err) == 0, "%s", err);
}

static void load_fixture(void)
{
	char path[512], err[512];

	snprintf(path, sizeof path, "%s/%s", fixtures_dir(), FIXTURE);
	file = replay_read(path, err, sizeof err);
	ck_assert_msg(file != NULL, "%s", err);
	load_file(file);
	ck_assert_msg(v.ok, "%s", v.problem);
}

static void unload(void)
{
	view_free(&v);
	replay_file_free(file);
	file = NULL;
}

/* The perspectives of a game of n seats: full, public, each seat. */
static int persp_of(int k)
{
	return k == 0 ? VIEW_FULL : k == 1 ? VIEW_PUBLIC : k - 2;
}

/* ---- a game written in-process, as the referee writes one ------------ */

static const char *const names[] = { "p0", "p1", "p2", "p3", "p4", "p5" };

static void write_events(replay_writer *w, const sab_game *g,
    const sab_events *ev)
{
	REQUIRE(!ev->overflow, "events overflowed");
	for (int i = 0; i < ev->n; i++) {
		if (ev->ev[i].type == SAB_EV_ROUND_START)
			replay_round(w, g);
		replay_event(w, &ev->ev[i]);
	}
}

/* One decision: now and then a refused reply and a note first. */
static void write_decision(replay_writer *w, const proto_cards *pc,
    sab_game *g, sab_rng *rng, sab_rng *bots, sab_events *ev, int turn)
{
	char line[128];
	sab_move m;
	int seat = g->to_act;

	REQUIRE(sab_game_random_move(g, bots, &m) == 0, "no move");
	REQUIRE(proto_move(pc, &m, line, sizeof line) > 0, "proto_move");
	if (turn % 11 == 4) {
		replay_note(w, seat, "note seat 1 looks like a saboteur", 33);
		replay_bot_line(w, seat, "play path-NESW 30 30 0", 22, 2000000,
		    30000000000LL);
	}
	replay_bot_line(w, seat, line, strlen(line), 1000000,
	    30000000000LL);
	ev->n = 0;
	sab_game_apply(g, &m, rng, ev);
	write_events(w, g, ev);
	replay_turn(w, seat, &m, g);
}

/* Writes a seeded game of n players with random moves to path. */
static void write_game(const char *path, const char *ruleset, int n,
    uint64_t seed)
{
	static sab_events ev;
	static proto_cards pc;
	const sab_ruleset *r = t_ruleset(ruleset);
	replay_seat seats[6];
	replay_header h = { "saboteur-test 0.1", r, &pc, 1, seed, START_TIME,
		n, seats, 5000, 1000, 30000, 200, 3, NULL, 0, SAB_DEAL_PLAY };
	char err[256];
	sab_rng rng, bots;
	sab_game g;
	replay_writer *w;

	ck_assert_msg(proto_cards_init(&pc, r, err, sizeof err) == 0, "%s", err);
	for (int s = 0; s < n; s++)
		seats[s] = (replay_seat){ .name = names[s], .command = "./bot",
		    .hello = "bot p moves" };
	w = replay_create(path, &h, err, sizeof err);
	ck_assert_msg(w != NULL, "%s", err);
	sab_rng_seed(&rng, seed);
	sab_rng_seed(&bots, seed ^ 0x5bd1e995u);
	ev.n = 0;
	ck_assert_int_eq(sab_game_new(&g, r, n, 0, &rng, &ev, err, sizeof err),
	    0);
	write_events(w, &g, &ev);
	for (int turn = 0; !sab_game_over(&g); turn++)
		write_decision(w, &pc, &g, &rng, &bots, &ev, turn);
	ck_assert_msg(replay_finish(w, &g, err, sizeof err) == 0, "%s", err);
}

static void load_written(const char *ruleset, int n, uint64_t seed)
{
	char dir[64], path[256], err[512];

	tmpdir_make(dir, sizeof dir, "view");
	tmpdir_path(dir, path, sizeof path, "game.sabr.gz");
	write_game(path, ruleset, n, seed);
	load_file(replay_read(path, err, sizeof err));
	tmpdir_remove(dir);
	ck_assert_msg(v.ok, "%s", v.problem);
}

/* ---- every perspective against the engine ----------------------------- */

typedef struct against {
	view_table *t[NPERSP];
	int n;                  /* perspectives in use */
	int turns;
} against;

static void same_seat_public(const view_table *t, const sab_game *g, int s)
{
	const sab_seen *ss = &t->seen;

	REQUIRE(ss->nhand[s] == g->nhand[s], "persp %d step %d: seat %d holds "
	    "%d cards, not %d", t->persp, t->step, s, ss->nhand[s],
	    g->nhand[s]);
	for (int k = 0; k < SAB_TOOLS; k++)
		REQUIRE(sab_seen_broken(ss, g->rs, s, (uint8_t)(1u << k)) ==
		    sab_game_broken(g, s, (uint8_t)(1u << k)), "persp %d step "
		    "%d: seat %d tool %d", t->persp, t->step, s, k);
	REQUIRE(ss->peeked[s] == g->peeked[s], "persp %d step %d: seat %d "
	    "looked at %x, not %x", t->persp, t->step, s, ss->peeked[s],
	    g->peeked[s]);
	REQUIRE(ss->role[s] == VIEW_UNKNOWN || ss->role[s] == g->role[s],
	    "persp %d step %d: seat %d's role", t->persp, t->step, s);
	if (g->phase == SAB_PHASE_OVER)
		REQUIRE(ss->gold[s] == g->gold[s] && ss->gold_hidden[s] == 0,
		    "persp %d: seat %d's gold at the end", t->persp, s);
}

/* A seat whose secrets the perspective knows: the full view, or itself. */
static void same_seat_known(const view_table *t, const sab_game *g, int s)
{
	const sab_seen *ss = &t->seen;

	for (int i = 0; i < g->nhand[s]; i++)
		REQUIRE(ss->hand[s][i] == g->hand[s][i], "persp %d step %d: "
		    "seat %d card %d", t->persp, t->step, s, i);
	REQUIRE(!g->rs->has_roles || ss->role[s] == g->role[s], "persp %d "
	    "step %d: seat %d's own role", t->persp, t->step, s);
	REQUIRE(ss->gold[s] == g->gold[s] && ss->gold_hidden[s] == 0,
	    "persp %d: seat %d's gold %d, not %d", t->persp, s, ss->gold[s],
	    g->gold[s]);
}

static void same_seat_hidden(const view_table *t, const sab_game *g, int s)
{
	const sab_seen *ss = &t->seen;

	for (int i = 0; i < SAB_MAX_HAND; i++)
		REQUIRE(ss->hand[s][i] == SAB_NO_CARD, "persp %d step %d: knows "
		    "card %d of seat %d", t->persp, t->step, i, s);
	for (int k = 0; k < SAB_MAX_GOALS; k++)
		REQUIRE(ss->peek[s][k] == SAB_NO_CARD, "persp %d step %d: knows "
		    "what seat %d saw", t->persp, t->step, s);
	if (g->phase != SAB_PHASE_OVER)
		REQUIRE(ss->gold[s] == 0, "persp %d: knows seat %d's gold",
		    t->persp, s);
}

static void same_goals(const view_table *t, const sab_game *g)
{
	for (int k = 0; k < g->rs->ngoals; k++) {
		int open = !!(g->goal_open & (1u << k));
		int peeked = t->persp >= 0 && (g->peeked[t->persp] & (1u << k));
		int known = t->persp == VIEW_FULL || open || peeked;
		REQUIRE(!!(t->seen.goal_open & (1u << k)) == open, "goal %d "
		    "open", k);
		REQUIRE(t->seen.goal_known[k] == (known ? g->goal_def[k] :
		    SAB_NO_CARD), "persp %d step %d: goal %d known as %d",
		    t->persp, t->step, k, t->seen.goal_known[k]);
	}
}

static void same_as_engine(const view_table *t, const sab_game *g)
{
	int deck = sab_seen_deck(&t->seen, g->rs);

	REQUIRE(deck == g->ndeck, "persp %d step %d: deck %d, not %d",
	    t->persp, t->step, deck, g->ndeck);
	REQUIRE(t->round == g->round, "round %d, not %d", t->round, g->round);
	REQUIRE(memcmp(t->seen.board.cell, g->board.cell,
	    sizeof t->seen.board.cell) == 0, "persp %d step %d: the board "
	    "differs", t->persp, t->step);
	same_goals(t, g);
	for (int s = 0; s < g->nplayers; s++) {
		same_seat_public(t, g, s);
		if (t->persp == VIEW_FULL || t->persp == s)
			same_seat_known(t, g, s);
		else
			same_seat_hidden(t, g, s);
	}
}

static void at_turn(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	against *a = ctx;
	int step;

	(void)e;
	if (r->kind != REPLAY_TURN)
		return;
	REQUIRE(view_decision_step(&v, (int)r->a) >= 0, "no step ends "
	    "decision %d", (int)r->a);
	/* The engine's state at the turn record is the table after every
	 * step read before it: a decision that ended a round includes the
	 * next round's deal, which the view counts as the next decision's
	 * start. */
	step = -1;
	for (int i = 0; i < v.nsteps; i++)
		if (v.steps[i].rec < r)
			step = i;
	for (int k = 0; k < a->n; k++) {
		while (a->t[k]->step < step)
			view_table_apply(&v, a->t[k]->step + 1, a->t[k]);
		same_as_engine(a->t[k], g);
	}
	a->turns++;
}

static void check_against_engine(void)
{
	static view_table tables[NPERSP];
	replay_audit_ops ops = { at_turn, NULL };
	replay_audit au;
	against a;

	a.n = file->nseats + 2;
	a.turns = 0;
	for (int k = 0; k < a.n; k++) {
		a.t[k] = &tables[k];
		view_table_reset(&v, persp_of(k), a.t[k]);
	}
	ck_assert_int_eq(replay_audit_run(file, &rs, &ops, &a, &au), 0);
	ck_assert_int_eq(a.turns, v.decisions);
}

START_TEST(every_view_of_the_fixture_agrees_with_the_engine)
{
	load_fixture();
	ck_assert_int_eq(v.decisions, 201);
	check_against_engine();
	unload();
}
END_TEST

START_TEST(every_view_of_written_games_agrees_with_the_engine)
{
	static const struct { const char *rs; int n; } cases[] = {
		{ "base", 3 }, { "base", 6 }, { "classic", 4 }, { "course", 2 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		load_written(cases[i].rs, cases[i].n, 40 + i);
		check_against_engine();
		unload();
	}
}
END_TEST

/* ---- secrets, step by step ------------------------------------------- */

/* What the full events show so far: the roles shown at the round's end,
 * and the gold cards each seat took. */
typedef struct shown {
	int revealed[SAB_MAX_PLAYERS];
	int golds[SAB_MAX_PLAYERS];
} shown;

static void track_shown(const view_step *s, shown *sh)
{
	if (s->rec->kind != REPLAY_EV)
		return;
	if (s->ev.type == SAB_EV_ROUND_START)
		memset(sh->revealed, 0, sizeof sh->revealed);
	if (s->ev.type == SAB_EV_ROLE_REVEAL)
		sh->revealed[s->ev.seat] = 1;
	if (s->ev.type == SAB_EV_GOLD)
		sh->golds[s->ev.seat]++;
}

static void no_secrets(const view_table *t, const shown *sh)
{
	const sab_seen *ss = &t->seen;

	for (int s = 0; s < t->nseats; s++) {
		const view_seat *vs = &t->seat[s];
		if (s == t->persp)
			continue;
		if (ss->phase != SAB_PHASE_OVER)
			REQUIRE(ss->gold[s] == 0 &&
			    ss->gold_hidden[s] == sh->golds[s], "persp %d step "
			    "%d: seat %d's gold %d+%d?, not 0+%d?", t->persp,
			    t->step, s, ss->gold[s], ss->gold_hidden[s],
			    sh->golds[s]);
		for (int i = 0; i < SAB_MAX_HAND; i++)
			REQUIRE(ss->hand[s][i] == SAB_NO_CARD, "persp %d step "
			    "%d holds a card of seat %d", t->persp, t->step, s);
		for (int k = 0; k < SAB_MAX_GOALS; k++)
			REQUIRE(ss->peek[s][k] == SAB_NO_CARD, "persp %d step "
			    "%d knows seat %d's peek", t->persp, t->step, s);
		REQUIRE(ss->role[s] == VIEW_UNKNOWN || sh->revealed[s],
		    "persp %d step %d knows seat %d's role before the reveal",
		    t->persp, t->step, s);
		REQUIRE(vs->line == NULL && vs->note == NULL, "persp %d step %d "
		    "saw seat %d's words", t->persp, t->step, s);
	}
	for (int k = 0; k < SAB_MAX_GOALS; k++)
		REQUIRE(ss->goal_known[k] == SAB_NO_CARD ||
		    (ss->goal_open & (1u << k)) ||
		    (t->persp >= 0 && (ss->peeked[t->persp] & (1u << k))),
		    "persp %d step %d knows goal %d", t->persp, t->step, k);
}

START_TEST(no_seat_and_no_spectator_sees_another_seats_secrets)
{
	static view_table t;
	shown sh;

	load_fixture();
	for (int p = VIEW_PUBLIC; p < file->nseats; p++) {
		memset(&sh, 0, sizeof sh);
		view_table_reset(&v, p, &t);
		for (int i = 0; i < v.nsteps; i++) {
			track_shown(&v.steps[i], &sh);
			view_table_apply(&v, i, &t);
			no_secrets(&t, &sh);
		}
	}
	unload();
}
END_TEST

/* A hidden card never shows in another seat's words: the public view
 * describes every draw and discard without its card. */
START_TEST(the_words_of_a_step_hide_what_the_view_may_not_see)
{
	char text[512];
	int draws = 0;

	load_fixture();
	for (int i = 0; i < v.nsteps; i++) {
		const view_step *s = &v.steps[i];
		view_describe(&v, i, VIEW_PUBLIC, text, sizeof text);
		if (s->rec->kind == REPLAY_EV && s->ev.type == SAB_EV_DRAW) {
			REQUIRE(strstr(text, "draws a card") != NULL, "step %d: "
			    "%s", i, text);
			draws++;
		}
		if (s->rec->kind == REPLAY_MOVE &&
		    strncmp(s->rec->text, "discard ", 8) == 0)
			REQUIRE(strstr(text, "discard -") != NULL, "step %d: %s",
			    i, text);
		if (s->rec->kind == REPLAY_BOT)
			REQUIRE(strstr(text, s->rec->text) == NULL, "step %d: "
			    "the public view quotes the bot: %s", i, text);
	}
	ck_assert_int_gt(draws, 100);
	unload();
}
END_TEST

/* Tunnel Toll: "Discard 1 card from your hand on the discard pile, face
 * down" (seed 004) to put a dwarf in play.  The card is the mover's
 * secret: the words of the committed base-minis game show "dwarf - X Y"
 * to the public and to every other seat, the card to its seat and in the
 * full view. */
START_TEST(a_dwarfs_discard_stays_face_down_in_words)
{
	char path[512], err[512], text[512], card[64];
	int dwarves = 0;

	snprintf(path, sizeof path, "%s/replays/base-minis-5p.sabr.gz",
	    fixtures_dir());
	file = replay_read(path, err, sizeof err);
	ck_assert_msg(file != NULL, "%s", err);
	load_file(file);
	ck_assert_msg(v.ok, "%s", v.problem);
	for (int i = 0; i < v.nsteps; i++) {
		const replay_rec *r = v.steps[i].rec;
		int x, y;
		if (r->kind != REPLAY_MOVE ||
		    sscanf(r->text, "dwarf %63s %d %d", card, &x, &y) != 3)
			continue;
		dwarves++;
		for (int k = 0; k < 2 + v.f->nseats; k++) {
			int p = persp_of(k);
			char want[96];
			int own = p == VIEW_FULL || p == r->seat;
			view_describe(&v, i, p, text, sizeof text);
			snprintf(want, sizeof want, "dwarf %s %d %d",
			    own ? card : "-", x, y);
			REQUIRE(strstr(text, want) != NULL, "step %d persp %d: "
			    "%s (wanted \"%s\")", i, p, text, want);
		}
	}
	ck_assert_int_gt(dwarves, 3);
	unload();
}
END_TEST

/* ---- moving about ----------------------------------------------------- */

static char *render_at(int i, int persp, const render_style *st)
{
	static view_table t;
	render_buf b = { NULL, 0, 0, 0 };

	view_table_at(&v, i, persp, &t);
	ck_assert_int_eq(render_position(&b, &v, &t, st), 0);
	return b.s;
}

static void forth_and_back(int i, int persp, int flags,
    const render_style *st)
{
	int fwd = view_find(&v, i, 1, flags, persp);
	int back = fwd >= 0 ? view_find(&v, fwd, -1, flags, persp) : -1;
	char *a, *b;

	if (back < 0)
		return;
	a = render_at(back, persp, st);
	b = render_at(fwd, persp, st);
	free(b);
	b = render_at(view_find(&v, fwd, -1, flags, persp), persp, st);
	REQUIRE(strcmp(a, b) == 0, "step %d persp %d: back is not the same",
	    i, persp);
	if (flags == 0 && view_step_visible(&v, i, persp))
		REQUIRE(back == i, "step %d persp %d: back at %d", i, persp,
		    back);
	free(a);
	free(b);
}

START_TEST(stepping_forward_then_back_gives_the_same_text)
{
	render_style st = { 0, 1, 0 };

	load_fixture();
	for (int p = VIEW_FULL; p < 3; p++)
		for (int i = 0; i < v.nsteps; i += 13) {
			forth_and_back(i, p, 0, &st);
			forth_and_back(i, p, VIEW_TURN_END, &st);
		}
	unload();
}
END_TEST

/* The moves the referee played, counted from the records alone: those no
 * line of the decision's bot asked for. */
static int played_for(void)
{
	int n = 0, start = 0;

	for (int i = 0; i < file->nrecs; i++) {
		const replay_rec *r = &file->recs[i];
		int asked = 0;
		if (r->kind == REPLAY_TURN)
			start = i + 1;
		if (r->kind != REPLAY_MOVE)
			continue;
		for (int k = start; k < i; k++)
			asked |= file->recs[k].kind == REPLAY_BOT &&
			    strcmp(file->recs[k].text, r->text) == 0;
		n += !asked;
	}
	return n;
}

START_TEST(decisions_rounds_and_failures_are_found)
{
	int prev = -1, statuses = 0, refused = 0, defaults = 0, crosses = 0;

	load_fixture();
	for (int d = 0; d <= v.decisions; d++) {
		int i = view_decision_step(&v, d);
		REQUIRE(i > prev, "decision %d ends at step %d", d, i);
		REQUIRE(v.steps[i].decision == d, "decision %d", d);
		prev = i;
	}
	ck_assert_int_eq(prev, v.nsteps - 1);
	ck_assert_int_eq(view_decision_step(&v, v.decisions + 1), -1);
	for (int r = 1; r <= 3; r++) {
		int i = view_round_step(&v, r);
		ck_assert_int_ge(i, 0);
		ck_assert_int_eq(v.steps[i].ev.type, SAB_EV_ROUND_START);
		ck_assert_int_eq(v.steps[i].ev.value, r);
	}
	ck_assert_int_eq(view_round_step(&v, 4), -1);
	for (int i = view_find(&v, -1, 1, VIEW_FAILURE, VIEW_PUBLIC); i >= 0;
	    i = view_find(&v, i, 1, VIEW_FAILURE, VIEW_PUBLIC)) {
		statuses += v.steps[i].rec->kind == REPLAY_STATUS;
		refused += v.steps[i].rec->kind == REPLAY_BOT;
		REQUIRE(v.steps[i].rec->kind == REPLAY_STATUS ||
		    v.steps[i].why != NULL, "step %d: no reason", i);
		/* The fixture is of format 1.1: its reasons are the ones its
		 * referee gave, with the ruleset's card names. */
		if (v.steps[i].rec->kind == REPLAY_BOT) {
			REQUIRE(strstr(v.steps[i].why, "path-NESW") == NULL,
			    "step %d: refused for \"%s\"", i, v.steps[i].why);
			crosses += strcmp(v.steps[i].why,
			    "cross is not in your hand") == 0;
		}
	}
	for (int i = 0; i < v.nsteps; i++)
		defaults += (v.steps[i].flags & VIEW_DEFAULT) != 0;
	/* The fixture: seat 4 times out once; seat 2 plays illegal moves
	 * (114 refused replies). */
	ck_assert_int_eq(statuses, 1);
	ck_assert_int_eq(refused, 114);
	ck_assert_int_eq(crosses, 78);
	ck_assert_int_eq(defaults, played_for());
	unload();
}
END_TEST

/* saboteur-protocol(7), Reactions: "allow standing" is the allow of a
 * bot that asked for "react-standing", and no move of one that did not.
 * The fixture (1.8): seats 0 to 2 asked for it and allowed standing,
 * seat 3 answered so without asking (each such answer refused once). */
static void load_named(const char *name);

START_TEST(a_standing_allow_is_refused_only_when_not_asked_for)
{
	int standing[5] = { 0 }, refused[5] = { 0 };

	load_named("base-wc-5p-standing.sabr.gz");
	for (int i = 0; i < v.nsteps; i++) {
		const replay_rec *r = v.steps[i].rec;
		if (r == NULL || r->kind != REPLAY_BOT ||
		    strcmp(r->text, "allow standing") != 0 || r->seat >= 5)
			continue;
		standing[r->seat]++;
		refused[r->seat] += (v.steps[i].flags & VIEW_FAILURE) != 0;
	}
	for (int s = 0; s < 3; s++) {
		REQUIRE(standing[s] > 0, "seat %d never allowed standing", s);
		ck_assert_int_eq(refused[s], 0);
	}
	REQUIRE(standing[3] > 0, "seat 3 never allowed standing");
	ck_assert_int_eq(refused[3], standing[3]);
	unload();
}
END_TEST

/* Each decision as the audit saw it: its round and its seat. */
typedef struct played_in {
	int round[400], seat[400];
	int n;
} played_in;

static void at_each_turn(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	played_in *p = ctx;

	(void)e;
	if (r->kind == REPLAY_TURN && p->n + 1 < 400) {
		/* The state after decision n is the one decision n+1 is
		 * played in. */
		p->n = (int)r->a;
		p->round[p->n + 1] = g->round;
		p->seat[p->n + 1] = g->to_act;
	}
}

/* The issue's "view --at 134": decision 134 ends round 2 with no cards
 * left, and the file deals round 3 before the move's record.  The end of
 * the decision must still show round 2's board, its seat, and the move. */
START_TEST(a_decision_that_ends_a_round_shows_that_round)
{
	static view_table t;
	static played_in p;
	replay_audit_ops ops = { at_each_turn, NULL };
	replay_audit au;
	char text[256];
	int i, ends = 0;

	load_fixture();
	memset(&p, 0, sizeof p);
	ck_assert_int_eq(replay_audit_run(file, &rs, &ops, &p, &au), 0);
	for (int d = 2; d <= v.decisions; d++) {
		i = view_decision_step(&v, d);
		view_table_at(&v, i, VIEW_FULL, &t);
		REQUIRE(t.round == p.round[d], "decision %d: round %d, not %d",
		    d, t.round, p.round[d]);
		REQUIRE(v.steps[i].actor == p.seat[d], "decision %d: seat %d "
		    "to play, not %d", d, v.steps[i].actor, p.seat[d]);
		REQUIRE(v.steps[i].rec->kind == REPLAY_MOVE, "decision %d ends "
		    "at a record of kind %d", d, v.steps[i].rec->kind);
		ends += p.round[d + 1] != p.round[d] && d < v.decisions;
	}
	ck_assert_int_eq(ends, 2);
	i = view_decision_step(&v, 134);
	view_table_at(&v, i, VIEW_PUBLIC, &t);
	ck_assert_int_eq(t.round, 2);
	ck_assert_int_eq(v.steps[i].actor, 3);
	ck_assert_int_gt(t.seen.board.nplaced, 1);
	view_describe(&v, i, VIEW_PUBLIC, text, sizeof text);
	ck_assert_str_eq(text, "seat 3's move: discard -");
	/* The next decision starts with round 3's deal, seat 3's no more. */
	i = view_find(&v, i, 1, VIEW_ROUND_START, VIEW_PUBLIC);
	ck_assert_int_eq(v.steps[i].decision, 135);
	ck_assert_int_eq(v.steps[i].actor, p.seat[135]);
	unload();
}
END_TEST

START_TEST(perspectives_are_checked)
{
	char name[64];

	load_fixture();
	ck_assert(view_persp_valid(&v, VIEW_FULL));
	ck_assert(view_persp_valid(&v, VIEW_PUBLIC));
	ck_assert(view_persp_valid(&v, 4));
	ck_assert(!view_persp_valid(&v, 5));
	ck_assert(!view_persp_valid(&v, -3));
	view_persp_name(&v, 2, name, sizeof name);
	ck_assert_str_eq(name, "seat 2 (illegal)");
	unload();
}
END_TEST

/* ---- the end, and a replay cut short ---------------------------------- */

START_TEST(the_final_gold_is_the_result)
{
	static view_table t;
	const replay_rec *res = NULL;

	load_fixture();
	for (int i = 0; i < file->nrecs; i++)
		if (file->recs[i].kind == REPLAY_RESULT)
			res = &file->recs[i];
	ck_assert_ptr_nonnull(res);
	for (int p = VIEW_FULL; p < file->nseats; p++) {
		char want[256] = "";
		size_t used = 0;
		view_table_at(&v, v.nsteps - 1, p, &t);
		ck_assert(t.seen.phase == SAB_PHASE_OVER);
		for (int s = 0; s < t.nseats; s++)
			used += (size_t)snprintf(want + used, sizeof want - used,
			    "%s%d", s ? " " : "", t.seen.gold[s]);
		used += (size_t)snprintf(want + used, sizeof want - used,
		    " winners");
		for (int s = 0; s < t.nseats; s++)
			if (t.seen.winners & (1u << s))
				used += (size_t)snprintf(want + used,
				    sizeof want - used, " %d", s);
		ck_assert_str_eq(want, res->text);
	}
	unload();
}
END_TEST

/* The board and players of a step, without the header's totals. */
static char *body_at(int i)
{
	static view_table t;
	render_style st = { 1, 0, 0 };
	render_buf b = { NULL, 0, 0, 0 };

	view_table_at(&v, i, VIEW_FULL, &t);
	render_board(&b, &v, &t, &st);
	render_players(&b, &v, &t, &st);
	render_step(&b, &v, &t, &st);
	ck_assert(!b.failed);
	return b.s;
}

/* The fixture's text, as zcat prints it; the caller frees it. */
static char *fixture_text(size_t *len)
{
	char path[512];
	size_t cap = 1 << 20;
	char *text = malloc(cap);
	gzFile z;
	int n;

	snprintf(path, sizeof path, "%s/%s", fixtures_dir(), FIXTURE);
	z = gzopen(path, "rb");
	ck_assert_ptr_nonnull(z);
	ck_assert_ptr_nonnull(text);
	n = gzread(z, text, (unsigned)cap);
	gzclose_r(z);
	ck_assert(n > 0 && (size_t)n < cap);
	*len = (size_t)n;
	return text;
}

START_TEST(a_replay_cut_short_shows_what_was_walked)
{
	char err[512], *whole_text, *cut_text, *text;
	replay_file *cut;
	int whole_steps, last;
	size_t half, len;

	load_fixture();
	whole_steps = v.nsteps;
	text = fixture_text(&len);
	half = len / 2;
	while (half > 0 && text[half - 1] != '\n')
		half--;
	cut = replay_parse(text, half, "cut.sabr", err, sizeof err);
	free(text);
	ck_assert_msg(cut != NULL, "%s", err);
	ck_assert(!cut->complete);
	{
		view whole = v;
		replay_file *wf = file;
		view_load(&v, cut, &rs, err, sizeof err);
		ck_assert(!v.ok);
		ck_assert_msg(strstr(v.problem, "stops before") != NULL, "%s",
		    v.problem);
		ck_assert_int_gt(v.nsteps, 100);
		ck_assert_int_lt(v.nsteps, whole_steps);
		last = v.nsteps - 1;
		cut_text = body_at(last);
		view_free(&v);
		v = whole;
		file = wf;
	}
	whole_text = body_at(last);
	ck_assert_str_eq(cut_text, whole_text);
	free(cut_text);
	free(whole_text);
	replay_file_free(cut);
	unload();
}
END_TEST

START_TEST(the_board_draws_every_kind_of_cell)
{
	render_style ascii = { 1, 0, 0 }, box = { 0, 0, 0 }, tiny = { 1, 0, 1 };
	char *a, *b, *c;

	load_fixture();
	a = render_at(v.nsteps - 1, VIEW_FULL, &ascii);
	b = render_at(v.nsteps - 1, VIEW_FULL, &box);
	c = render_at(v.nsteps - 1, VIEW_FULL, &tiny);
	/* The start, face-down goals known as gold and stone, a dead end,
	 * joined tunnels. */
	ck_assert_ptr_nonnull(strstr(a, "S"));
	ck_assert_ptr_nonnull(strstr(a, "| g |"));
	ck_assert_ptr_nonnull(strstr(a, "| r |"));
	ck_assert_ptr_nonnull(strstr(a, "#"));
	ck_assert_ptr_nonnull(strstr(a, "--+--"));
	ck_assert_ptr_nonnull(strstr(b, "\u2502 g \u2502"));
	ck_assert_ptr_nonnull(strstr(b, "\u25a0"));
	ck_assert_ptr_nonnull(strstr(c, "[g]"));
	for (const char *p = a; *p; p++)
		REQUIRE((unsigned char)*p < 0x80 && (*p != '\x1b'),
		    "ASCII mode wrote a byte outside ASCII");
	free(a);
	free(b);
	free(c);
	unload();
}
END_TEST

/* ---- Saboteur 2 ------------------------------------------------------- */

static void load_named(const char *name)
{
	char path[512], err[512];

	snprintf(path, sizeof path, "%s/replays/%s", fixtures_dir(), name);
	file = replay_read(path, err, sizeof err);
	ck_assert_msg(file != NULL, "%s", err);
	load_file(file);
	ck_assert_msg(v.ok, "%s", v.problem);
}

/* How many steps persp is told of contain the words. */
static int steps_saying(int persp, const char *words)
{
	char text[1024];
	int n = 0;

	for (int i = 0; i < v.nsteps; i++) {
		if (!view_step_visible(&v, i, persp))
			continue;
		view_describe(&v, i, persp, text, sizeof text);
		n += strstr(text, words) != NULL;
	}
	return n;
}

/*
 * The committed Saboteur 2 game in words: every turn option ("Pass and
 * discard 1 to 3 cards, face down"; "Discard 2 cards and remove a card
 * from in front of you"), an inspection ("Look at the dwarf card of
 * another player of your choice in secret") for the inspector alone, a
 * new dwarf card for the seat concerned alone, the hands after swap hands,
 * the thief's choice and the theft, the pay, and each round's winners.
 */
START_TEST(saboteur2_steps_in_words)
{
	load_named("saboteur2-6p.sabr.gz");
	ck_assert_int_gt(steps_saying(VIEW_FULL, "passes, discarding "), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, " cards face down"), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " away from in front of "
	    "itself"), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " sees that seat "), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, " sees that seat "), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " changes hats: now a "), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, " changes hats"), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, "'s hand is now: "), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "'s hand is now"), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " chooses whom to steal "
	    "from (seats "), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, " steals 1 gold from "
	    "seat "), 0);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " is paid "), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, "(how much, only it "
	    "knows)"), 0);
	/* Three round ends and the game's end name their winners. */
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "; winners:"), 4);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "both teams of gold "
	    "miners win"), 1);
	/* Roles by their titles; no step without words. */
	ck_assert_int_gt(steps_saying(VIEW_FULL, " is a blue gold miner"), 0);
	ck_assert_int_eq(steps_saying(VIEW_FULL, "blue-miner"), 0);
	for (int i = 0; i < v.nsteps; i++) {
		char text[1024];
		view_describe(&v, i, VIEW_FULL, text, sizeof text);
		REQUIRE(text[0] != '\0', "step %d says nothing", i);
	}
	unload();
}
END_TEST

/*
 * The committed game with the World Championship cards in words, as each
 * perspective may know it (seed 004, "Special Cards"): a card open to a
 * veto in public; "Play the veto during another player's turn as a
 * reaction": the seat asked is told alone, the veto in public; a treasure
 * trove's cards ("Look at the cards, take 1 of them into your hand") to
 * its player alone, the take unseen by others; the goal swap, the change
 * of direction, the pathfinder and the diversion.
 */
START_TEST(world_championship_steps_in_words)
{
	load_named("base-wc-view.sabr.gz");
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, ": open to a veto"), 100);
	ck_assert_int_gt(steps_saying(VIEW_FULL, " is asked whether to veto "
	    "seat "), 100);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, " is asked whether to "
	    "veto"), 0);
	ck_assert_int_gt(steps_saying(1, "seat 1 is asked whether to veto "),
	    0);
	ck_assert_int_eq(steps_saying(1, "seat 2 is asked whether to veto "),
	    0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "seat 1 vetoes seat 0's "
	    "dead-NW: both cards to the discard pile"), 1);
	ck_assert_int_gt(steps_saying(4, "seat 4 sees the top "), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, " sees the top "), 0);
	ck_assert_int_eq(steps_saying(4, "seat 4 takes map from the "
	    "discard pile"), 1);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "seat 4 takes a card from "
	    "the discard pile, unseen"), 1);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "map from the "
	    "discard"), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "take map"), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, "seat 4 takes the goals at "
	    "8 0 and 8 2 and puts them back as they were"), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, "the turn order is "
	    "reversed for the rest of the round"), 0);
	ck_assert_int_gt(steps_saying(VIEW_PUBLIC, "plays pathfinder: two "
	    "path cards this turn, then two draws"), 0);
	ck_assert_int_eq(steps_saying(VIEW_PUBLIC, "seat 0 plays diversion, "
	    "moving path-NEW from 2 -2 to 4 0"), 1);
	for (int i = 0; i < v.nsteps; i++) {
		char text[1024];
		view_describe(&v, i, VIEW_FULL, text, sizeof text);
		REQUIRE(text[0] != '\0', "step %d says nothing", i);
	}
	unload();
}
END_TEST

/* Who is asked to react, as a perspective knows it, is the seat that
 * decides next: a seat that answered is no longer shown as asked. */
START_TEST(the_seat_asked_to_react_is_the_next_to_decide)
{
	static view_table t;
	int asked = 0;

	load_named("base-wc-view.sabr.gz");
	for (int k = 0; k < NPERSP; k++) {
		int persp = persp_of(k);
		if (!view_persp_valid(&v, persp))
			continue;
		for (int d = 1; d < v.decisions; d++) {
			int i = view_decision_step(&v, d);
			int next = view_decision_step(&v, d + 1);
			if (i < 0 || next < 0)
				continue;
			view_table_at(&v, i, persp, &t);
			if (t.seen.phase != SAB_PHASE_REACT ||
			    t.seen.to_act == SAB_NO_SEAT)
				continue;
			REQUIRE(t.seen.to_act == v.steps[next].actor,
			    "persp %d decision %d: seat %d shown asked, seat %d "
			    "decides", persp, d, t.seen.to_act,
			    v.steps[next].actor);
			asked++;
		}
	}
	ck_assert_int_gt(asked, 100);
	unload();
}
END_TEST

/* Doors, ladders and crystals drawn: "b" or "g" a door's colour, "H" a
 * ladder, "*" crystals; six role names, a front column with a theft or a
 * trapped card. */
START_TEST(saboteur2_marks_on_the_board)
{
	render_style ascii = { 1, 0, 0 }, tiny = { 1, 0, 1 };
	char *a, *c;
	int doors = 0, ladders = 0, crystals = 0, front = 0;

	load_named("saboteur2-6p.sabr.gz");
	for (int i = 0; i < v.nsteps; i += 7) {
		a = render_at(i, VIEW_PUBLIC, &ascii);
		doors |= strstr(a, "--g") != NULL || strstr(a, "--b") != NULL ||
		    strstr(a, "g--") != NULL || strstr(a, "b--") != NULL;
		ladders |= strstr(a, "H") != NULL;
		crystals |= strstr(a, "*") != NULL;
		front |= strstr(a, "T  ") != NULL || strstr(a, "X  ") != NULL;
		REQUIRE(strstr(a, "front  hand") != NULL, "no front column");
		free(a);
	}
	ck_assert(doors && ladders && crystals && front);
	c = render_at(v.nsteps - 1, VIEW_FULL, &tiny);
	ck_assert_ptr_nonnull(strstr(c, "*"));
	free(c);
	unload();
}
END_TEST

/* Every line of text is at most width columns (ASCII text). */
static void lines_fit(const char *text, int width)
{
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		REQUIRE((int)n <= width, "a line of %zu columns in %d: %.*s", n,
		    width, (int)n, p);
		p += n + (p[n] == '\n');
	}
}

/* Is f, of len bytes, a whole field of line (fields separated by sep)? */
static int whole_field(const char *line, const char *f, size_t len,
    const char *sep)
{
	size_t sl = strlen(sep);

	for (const char *p = line; (p = strstr(p, f)) != NULL; p++) {
		int starts = p == line || (p - line >= (long)sl &&
		    strncmp(p - sl, sep, sl) == 0);
		const char *e = p + len;
		int ends = *e == '\0' || *e == '\n' || strncmp(e, sep, sl) == 0;
		if (starts && ends && strncmp(p, f, len) == 0)
			return 1;
	}
	return 0;
}

/* Each field of the fitted line is a whole field of the full one, or one
 * of the short forms the header may use. */
static void fields_whole(const char *line, const char *full,
    const char *sep, int width)
{
	size_t sl = strlen(sep);

	for (const char *p = line; *p && *p != '\n';) {
		const char *e = strstr(p, sep), *nl = strchr(p, '\n');
		char f[200];
		size_t n;
		if (e == NULL || (nl != NULL && e > nl))
			e = nl ? nl : p + strlen(p);
		n = (size_t)(e - p);
		snprintf(f, sizeof f, "%.*s", (int)n, p);
		REQUIRE(whole_field(full, f, n, sep) ||
		    strcmp(f, "view: seat 2") == 0 ||
		    strcmp(f, "started 2026-11-21") == 0,
		    "width %d: \"%s\" is not a whole field", width, f);
		p = *e == '\n' || *e == '\0' ? e + (*e != '\0') : e + sl;
		if (e == nl)
			break;
	}
}

START_TEST(the_header_fits_in_whole_fields)
{
	static view_table t;
	render_style st = { 1, 0, 0 };
	render_buf whole = { NULL, 0, 0, 0 }, full = { NULL, 0, 0, 0 };
	const char *second;

	load_fixture();
	view_table_at(&v, view_decision_step(&v, 40), 2, &t);
	render_header(&whole, &v, &t, &st);
	render_header_fit(&full, &v, &t, &st, 0);
	ck_assert_str_eq(whole.s, full.s);
	second = strchr(whole.s, '\n') + 1;
	for (int width = 20; width <= 100; width += 7) {
		render_buf b = { NULL, 0, 0, 0 };
		render_header_fit(&b, &v, &t, &st, width);
		lines_fit(b.s, width);
		ck_assert_msg(strncmp(b.s, "game 1", 6) == 0, "%s", b.s);
		/* The round and the decision go last. */
		ck_assert_ptr_nonnull(strstr(b.s, width < 25 ? "\nround 1" :
		    "\nround 1 | decision 40/201"));
		fields_whole(b.s, whole.s, ", ", width);
		fields_whole(strchr(b.s, '\n') + 1, second, " | ", width);
		render_buf_free(&b);
	}
	render_buf_free(&whole);
	render_buf_free(&full);
	unload();
}
END_TEST

START_TEST(a_board_window_marks_where_it_is_cut)
{
	static view_table t;
	render_style st = { 1, 0, 1 };
	render_buf whole = { NULL, 0, 0, 0 }, part = { NULL, 0, 0, 0 };
	render_buf cut = { NULL, 0, 0, 0 };
	render_window w;

	load_fixture();
	view_table_at(&v, v.nsteps - 1, VIEW_FULL, &t);
	render_board(&whole, &v, &t, &st);
	render_board_extent(&v, &t, &w);
	render_board_part(&part, &v, &t, &st, &w);
	/* The whole extent is the board as printed, byte for byte. */
	ck_assert_str_eq(whole.s, part.s);
	ck_assert_ptr_null(strstr(whole.s, "more:"));
	/* The fixture's last board spans rows -4..3 and columns -2..8. */
	ck_assert_int_eq(w.by0, -4);
	ck_assert_int_eq(w.by1, 3);
	ck_assert_int_eq(w.bx0, -2);
	ck_assert_int_eq(w.bx1, 8);
	w.x0 = 0, w.x1 = 4, w.y0 = -1, w.y1 = 1;
	render_board_part(&cut, &v, &t, &st, &w);
	ck_assert_msg(strncmp(cut.s, "more: ^ rows -4..-2, v rows 2..3, "
	    "< cols -2..-1, > cols 5..8\n<     0  1  2  3  4 >\n^-1 ", 86) == 0,
	    "%s", cut.s);
	ck_assert_ptr_nonnull(strstr(cut.s, "\nv 1 "));
	render_buf_free(&whole);
	render_buf_free(&part);
	render_buf_free(&cut);
	unload();
}
END_TEST

START_TEST(the_compact_table_fits_its_width)
{
	static view_table t;
	render_style st = { 1, 0, 0 };

	load_fixture();
	view_table_at(&v, view_decision_step(&v, 40), VIEW_FULL, &t);
	for (int width = 24; width <= 120; width += 16) {
		render_buf b = { NULL, 0, 0, 0 };
		int seats = 0;
		render_players_compact(&b, &v, &t, &st, width);
		lines_fit(b.s, width);
		for (int k = 0; k < 5; k++) {
			char name[16];
			snprintf(name, sizeof name, "%2d %s", k, k == 1 ?
			    "heuris" : k == 2 ? "illega" : k == 4 ? "slow" :
			    "random");
			seats += strstr(b.s, name) != NULL;
		}
		ck_assert_int_eq(seats, 5);
		render_buf_free(&b);
	}
	unload();
}
END_TEST

Suite *view_suite(void)
{
	Suite *s = suite_create("view");
	TCase *tc = tcase_create("view");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, every_view_of_the_fixture_agrees_with_the_engine);
	tcase_add_test(tc, every_view_of_written_games_agrees_with_the_engine);
	tcase_add_test(tc, no_seat_and_no_spectator_sees_another_seats_secrets);
	tcase_add_test(tc, the_words_of_a_step_hide_what_the_view_may_not_see);
	tcase_add_test(tc, a_dwarfs_discard_stays_face_down_in_words);
	tcase_add_test(tc, stepping_forward_then_back_gives_the_same_text);
	tcase_add_test(tc, decisions_rounds_and_failures_are_found);
	tcase_add_test(tc, a_decision_that_ends_a_round_shows_that_round);
	tcase_add_test(tc, perspectives_are_checked);
	tcase_add_test(tc, the_final_gold_is_the_result);
	tcase_add_test(tc, a_replay_cut_short_shows_what_was_walked);
	tcase_add_test(tc, the_board_draws_every_kind_of_cell);
	tcase_add_test(tc, the_header_fits_in_whole_fields);
	tcase_add_test(tc, a_board_window_marks_where_it_is_cut);
	tcase_add_test(tc, the_compact_table_fits_its_width);
	tcase_add_test(tc, saboteur2_steps_in_words);
	tcase_add_test(tc, world_championship_steps_in_words);
	tcase_add_test(tc, the_seat_asked_to_react_is_the_next_to_decide);
	tcase_add_test(tc, saboteur2_marks_on_the_board);
	tcase_add_test(tc, a_standing_allow_is_refused_only_when_not_asked_for);
	suite_add_tcase(s, tc);
	return s;
}
