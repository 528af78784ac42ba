/* test_replay.c: replays written as the referee writes them and read back
 * with zlib (header, hidden state, events with who sees them, moves, state
 * hashes, the .part file and its rename), and the state hash itself. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <check.h>
#include <zlib.h>

#include "helpers.h"
#include "records.h"
#include "replay.h"
#include "suites.h"
#include "tmpdir.h"

/* Check reports every passing assertion with a write(2); the loops below
 * call it only when something fails. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

#define MAX_TURNS 1024
#define MAX_GAME_EVENTS 8192
#define MAX_LINES 20000
#define START_TIME 1700000000   /* 2023-11-14T22:13:20Z */

/* ---- a fresh directory per test ---------------------------------------- */

static char tmp[64];
static int fds_before;

static void setup(void)
{
	tmpdir_make(tmp, sizeof tmp, "replay");
	fds_before = open_fds();
}

static void teardown(void)
{
	tmpdir_remove(tmp);
}

static void tmp_path(char *buf, size_t len, const char *name)
{
	tmpdir_path(tmp, buf, len, name);
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static void copy_file(const char *from, const char *to)
{
	char buf[8192];
	int in = open(from, O_RDONLY), out;
	ssize_t n;

	REQUIRE(in >= 0, "%s: %s", from, strerror(errno));
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	REQUIRE(out >= 0, "%s: %s", to, strerror(errno));
	while ((n = read(in, buf, sizeof buf)) > 0)
		REQUIRE(write(out, buf, (size_t)n) == n, "%s: short write", to);
	REQUIRE(n == 0, "%s: %s", from, strerror(errno));
	close(in);
	close(out);
}

/* ---- writing a game as the referee does -------------------------------- */

static proto_cards pc;

/* What the writer was given, to hold the file against. */
typedef struct played {
	uint64_t seed;
	int n;
	int nturns;
	uint64_t hash[MAX_TURNS];
	sab_move move[MAX_TURNS];
	int mover[MAX_TURNS];
	int nrounds;
	sab_game round_state[4];        /* just after each deal */
	int nev;
	sab_event ev[MAX_GAME_EVENTS];
	sab_game final;
} played;

/* How to write it: stop (abandon) after a turn, copy the .part file after
 * a turn; 0 for neither. */
typedef struct plan {
	int abandon_after;
	int copy_after;
	const char *copy_to;
} plan;

static const replay_seat seats[] = {
	{ "alice", "python3 alice.py --depth 3", "bot alice moves", NULL, NULL,
	    0, 0, 0 },
	{ "bob", "./bob", "bot bob", NULL, NULL, 1500, 20000, 0 },
	{ "carol", "./carol -q", "bot carol seed", NULL, NULL, 1000, 30000, 1 },
	{ NULL, "./crashes-at-start", NULL, "no-start", "cannot run it", 0, 0,
	    0 },
	{ "eve", "java -jar eve.jar", "bot eve", NULL, NULL, 0, 0, 0 },
	{ "frank", "./frank", "bot frank", NULL, NULL, 0, 0, 0 },
};

static void cards(const sab_ruleset *rs)
{
	char err[256];

	ck_assert_msg(proto_cards_init(&pc, rs, err, sizeof err) == 0, "%s",
	    err);
}

/* The events of one call of the rules, each after the round's hidden state
 * when it starts a round (the game is then just after that deal). */
static void write_events(replay_writer *w, played *p, const sab_game *g,
    const sab_events *ev)
{
	REQUIRE(!ev->overflow, "events overflowed");
	for (int i = 0; i < ev->n; i++) {
		if (ev->ev[i].type == SAB_EV_ROUND_START) {
			REQUIRE(p->nrounds < 4, "too many rounds");
			replay_round(w, g);
			p->round_state[p->nrounds++] = *g;
		}
		replay_event(w, &ev->ev[i]);
		REQUIRE(p->nev < MAX_GAME_EVENTS, "too many events");
		p->ev[p->nev++] = ev->ev[i];
	}
}

/* One decision: the bot's line (a note now and then), the move applied,
 * its events, the turn. */
static void write_decision(replay_writer *w, played *p, sab_game *g,
    sab_rng *rng, sab_rng *bots, sab_events *ev)
{
	char line[128];
	sab_move m;
	int seat = g->to_act;
	int64_t used = (int64_t)sab_rng_below(bots, 20000) * 1000 + 50000;

	REQUIRE(sab_game_random_move(g, bots, &m) == 0, "no move");
	REQUIRE(proto_move(&pc, &m, line, sizeof line) > 0, "proto_move");
	if (p->nturns % 17 == 3)
		replay_note(w, seat, "note I think seat 2 is a saboteur", 33);
	replay_bot_line(w, seat, line, strlen(line), used,
	    30000000000LL - used);
	if (p->nturns == 5)
		replay_status(w, seat, "timeout", "no reply in time\nat 6");
	REQUIRE(p->nturns < MAX_TURNS, "too many turns");
	p->move[p->nturns] = m;
	p->mover[p->nturns] = seat;
	ev->n = 0;
	sab_game_apply(g, &m, rng, ev);
	write_events(w, p, g, ev);
	replay_turn(w, seat, &m, g);
	p->hash[p->nturns++] = sab_game_hash(g);
}

/* Writes a whole seeded game of n players on ruleset rs to path.  Returns
 * 1 when it finished, 0 when the plan abandoned it. */
static int write_game(played *p, const sab_ruleset *rs, const char *path,
    uint64_t seed, int n, const plan *pl)
{
	static sab_events ev;
	replay_header h = { "saboteur-test 0.1", rs, &pc, 1, seed, START_TIME,
		n, seats, 5000, 1000, 30000, 200, 3, NULL, 0, SAB_DEAL_PLAY };
	char err[256], part[PATH_MAX];
	sab_rng rng, bots;
	sab_game g;
	replay_writer *w;

	cards(rs);
	memset(p, 0, sizeof *p);
	p->seed = seed;
	p->n = n;
	snprintf(part, sizeof part, "%s.part", path);
	w = replay_create(path, &h, err, sizeof err);
	ck_assert_msg(w != NULL, "%s", err);
	ck_assert(exists(part));
	sab_rng_seed(&rng, seed);
	sab_rng_seed(&bots, seed ^ 0x9e3779b97f4a7c15u);
	ev.n = 0;
	ck_assert_int_eq(sab_game_new(&g, rs, n, 0, &rng, &ev, err,
	    sizeof err), 0);
	write_events(w, p, &g, &ev);
	while (!sab_game_over(&g)) {
		write_decision(w, p, &g, &rng, &bots, &ev);
		if (pl && pl->copy_after == p->nturns)
			copy_file(part, pl->copy_to);
		if (pl && pl->abandon_after == p->nturns) {
			replay_abandon(w);
			return 0;
		}
	}
	p->final = g;
	ck_assert_msg(replay_finish(w, &g, err, sizeof err) == 0, "%s", err);
	return 1;
}

/* ---- reading it back --------------------------------------------------- */

typedef struct lines {
	int n;
	char *l[MAX_LINES];
	int partial;            /* the last line had no newline */
	int zerr;               /* zlib's verdict at the end of the stream */
} lines;

static void read_lines(const char *path, lines *L)
{
	static char buf[1 << 16];
	gzFile z = gzopen(path, "rb");

	memset(L, 0, sizeof *L);
	REQUIRE(z != NULL, "cannot open %s", path);
	while (gzgets(z, buf, sizeof buf) != NULL) {
		size_t len = strlen(buf);
		REQUIRE(L->n < MAX_LINES, "too many lines");
		L->partial = len == 0 || buf[len - 1] != '\n';
		if (!L->partial)
			buf[len - 1] = '\0';
		L->l[L->n] = strdup(buf);
		REQUIRE(L->l[L->n] != NULL, "out of memory");
		L->n++;
	}
	(void)gzerror(z, &L->zerr);
	gzclose_r(z);
}

static void free_lines(lines *L)
{
	for (int i = 0; i < L->n; i++)
		free(L->l[i]);
	L->n = 0;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Appends the tokens of n cards to buf. */
static void cat_cards(char *buf, size_t len, const uint8_t *c, int n)
{
	for (int i = 0; i < n; i++) {
		size_t used = strlen(buf);
		REQUIRE(snprintf(buf + used, len - used, " %s",
		    pc.tok[c[i]]) < (int)(len - used), "buffer");
	}
}

static void require_line(const lines *L, int i, const char *want)
{
	REQUIRE(i < L->n, "line %d missing, want \"%s\"", i + 1, want);
	REQUIRE(strcmp(L->l[i], want) == 0, "line %d is \"%s\", want \"%s\"",
	    i + 1, L->l[i], want);
}

/* Returns the index of the first line after the header. */
static int check_header(const lines *L, const played *p)
{
	char want[512];
	int i = 0;

	require_line(L, i++, "sabr 1.5");
	require_line(L, i++, "program saboteur-test 0.1");
	snprintf(want, sizeof want, "ruleset %s %016llx", pc.rs->name,
	    (unsigned long long)replay_ruleset_hash(pc.rs));
	require_line(L, i++, want);
	snprintf(want, sizeof want, "seed %llu xoshiro256**/splitmix64",
	    (unsigned long long)p->seed);
	require_line(L, i++, want);
	require_line(L, i++, "game 1");
	require_line(L, i++, "start 2023-11-14T22:13:20Z");
	for (int s = 0; s < p->n; s++) {
		snprintf(want, sizeof want, "seat %d %s %s", s,
		    seats[s].name ? seats[s].name : "-", seats[s].command);
		require_line(L, i++, want);
	}
	require_line(L, i++, "clock handshake=5000 move=1000 bank=30000 "
	    "grace=200");
	snprintf(want, sizeof want, "players %d", p->n);
	require_line(L, i++, want);
	require_line(L, i++, "tries 3");
	for (int s = 0; s < p->n; s++)
		if (seats[s].hello != NULL) {
			snprintf(want, sizeof want, "hello %d %s", s,
			    seats[s].hello);
			require_line(L, i++, want);
		}
	/* Carol asked for a seed: the one SipHash gives her seat. */
	if (p->n > 2) {
		snprintf(want, sizeof want, "seatseed 2 %llu",
		    (unsigned long long)proto_seat_seed(p->seed, 2));
		require_line(L, i++, want);
	}
	/* Bob's own clock differs from the header's; Carol's is the same. */
	require_line(L, i++, "seatclock 1 move=1500 bank=20000");
	if (p->n > 3)
		require_line(L, i++, "status 3 no-start cannot run it");
	return i;
}

static const char *role_word(uint8_t r)
{
	return r == SAB_ROLE_MINER ? "miner" : r == SAB_ROLE_SABOTEUR ?
	    "saboteur" : "none";
}

/* The hidden-state block after "round R" at line i; returns the line
 * after it. */
static int check_round(const lines *L, int i, const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	char want[8192];

	snprintf(want, sizeof want, "round %d", g->round);
	require_line(L, i++, want);
	snprintf(want, sizeof want, "deck");
	cat_cards(want, sizeof want, g->deck, g->ndeck);
	require_line(L, i++, want);
	for (int s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "hand %d", s);
		cat_cards(want, sizeof want, g->hand[s], g->nhand[s]);
		require_line(L, i++, want);
	}
	for (int s = 0; s < g->nplayers; s++) {
		snprintf(want, sizeof want, "role %d %s", s, role_word(g->role[s]));
		require_line(L, i++, want);
	}
	snprintf(want, sizeof want, "spare %s", role_word(g->role_spare));
	require_line(L, i++, want);
	for (int k = 0; k < rs->ngoals; k++) {
		snprintf(want, sizeof want, "goalcard %d %d %s", rs->goal_x[k],
		    rs->goal_y[k], pc.tok[g->goal_def[k]]);
		require_line(L, i++, want);
	}
	snprintf(want, sizeof want, "golddeck");
	for (int k = 0; k < g->ngold_deck; k++) {
		size_t used = strlen(want);
		snprintf(want + used, sizeof want - used, " %d", g->gold_deck[k]);
	}
	require_line(L, i++, want);
	return i;
}

/*
 * An "ev" record against the event it came from.  Its visibility word must
 * be what sab_event_view() says, and the line each seat derives from the
 * record by the format's rule (all: everyone; seat:S: only S; hidden:S: the
 * others with the last word as "-") must be exactly what that seat was sent.
 */
static void check_event(const char *rec, const sab_event *e, int n)
{
	char word[32], derived[PROTO_LINE_MAX], sent[PROTO_LINE_MAX];
	const char *line;
	sab_event v;

	if (!sab_event_view(e, -1, &v))
		snprintf(word, sizeof word, "seat:%d", e->seat);
	else if (v.card != e->card || v.value != e->value)
		snprintf(word, sizeof word, "hidden:%d", e->seat);
	else
		snprintf(word, sizeof word, "all");
	REQUIRE(starts(rec, "ev ") && starts(rec + 3, word) &&
	    rec[3 + strlen(word)] == ' ', "\"%s\" is not a %s event (%s)",
	    rec, word, sab_event_name(e->type));
	line = rec + 3 + strlen(word) + 1;
	for (int s = 0; s < n; s++) {
		int len = proto_event(&pc, e, s, n, sent, sizeof sent);
		REQUIRE(len >= 0, "proto_event");
		derived[0] = '\0';
		if (word[0] == 'a' || e->seat == s) {
			snprintf(derived, sizeof derived, "%s", line);
		} else if (word[0] == 'h') {
			const char *last = strrchr(line, ' ');
			REQUIRE(last != NULL, "\"%s\" has one word", rec);
			snprintf(derived, sizeof derived, "%.*s -",
			    (int)(last - line), line);
		}
		REQUIRE(strcmp(derived, sent) == 0, "seat %d: \"%s\" from \"%s\","
		    " but it was sent \"%s\"", s, derived, rec, sent);
	}
}

/* Replays the recorded moves on a second game from the seed and checks
 * every turn's hash against that game's. */
static void check_resimulation(const lines *L, const played *p)
{
	sab_game g;
	sab_rng rng;
	sab_events *none = NULL;
	char err[256], name[PROTO_NAME_MAX + 1];
	int turns = 0;

	sab_rng_seed(&rng, p->seed);
	ck_assert_int_eq(sab_game_new(&g, pc.rs, p->n, 0, &rng, none, err,
	    sizeof err), 0);
	for (int i = 0; i < L->n; i++) {
		const char *s = L->l[i];
		if (starts(s, "move ")) {
			sab_move m;
			unsigned feat;
			int seat = atoi(s + 5);
			const char *mv = strchr(s + 5, ' ');
			REQUIRE(mv != NULL, "line %d: %s", i + 1, s);
			REQUIRE(seat == g.to_act, "line %d: seat %d, but %d "
			    "is to act", i + 1, seat, g.to_act);
			mv++;
			REQUIRE(proto_parse(&pc, mv, strlen(mv), &m, name, &feat,
			    err, sizeof err) == PROTO_MOVE, "line %d: %s",
			    i + 1, err);
			REQUIRE(sab_game_check(&g, &m, err, sizeof err),
			    "line %d: %s", i + 1, err);
			sab_game_apply(&g, &m, &rng, none);
		} else if (starts(s, "turn ")) {
			char want[64];
			snprintf(want, sizeof want, "turn %d %016llx", ++turns,
			    (unsigned long long)sab_game_hash(&g));
			require_line(L, i, want);
		}
	}
	ck_assert_int_eq(turns, p->nturns);
	ck_assert_int_eq(sab_game_hash(&g), sab_game_hash(&p->final));
}

/* Walks the body of a finished replay in order. */
static void check_body(const lines *L, int i, const played *p)
{
	char want[512], mv[128];
	int ev = 0, turn = 0, rounds = 0, notes = 0;

	while (i < L->n && !starts(L->l[i], "result")) {
		const char *s = L->l[i];
		if (starts(s, "round ")) {
			REQUIRE(rounds < p->nrounds, "round %d?", rounds + 1);
			i = check_round(L, i, &p->round_state[rounds++]);
			continue;
		}
		if (starts(s, "ev ")) {
			/* The game start has no protocol line, so no record. */
			while (ev < p->nev && p->ev[ev].type == SAB_EV_GAME_START)
				ev++;
			REQUIRE(ev < p->nev, "line %d: an event too many", i + 1);
			check_event(s, &p->ev[ev++], p->n);
		} else if (starts(s, "bot ")) {
			REQUIRE(proto_move(&pc, &p->move[turn], mv, sizeof mv) > 0,
			    "proto_move");
			int seat, n = 0;
			long long used, bank;
			REQUIRE(sscanf(s, "bot %d %lld %lld %n", &seat, &used,
			    &bank, &n) == 3 && n > 0, "line %d: %s", i + 1, s);
			REQUIRE(seat == p->mover[turn] && strcmp(s + n, mv) == 0 &&
			    used >= 50 && bank == (30000000000LL - used * 1000) /
			    1000000, "line %d: %s, want %s", i + 1, s, mv);
		} else if (starts(s, "move ")) {
			proto_move(&pc, &p->move[turn], mv, sizeof mv);
			snprintf(want, sizeof want, "move %d %s", p->mover[turn],
			    mv);
			require_line(L, i, want);
		} else if (starts(s, "turn ")) {
			snprintf(want, sizeof want, "turn %d %016llx", turn + 1,
			    (unsigned long long)p->hash[turn]);
			require_line(L, i, want);
			turn++;
		} else if (starts(s, "note ")) {
			snprintf(want, sizeof want, "note %d I think seat 2 is a "
			    "saboteur", p->mover[turn]);
			require_line(L, i, want);
			notes++;
		} else if (starts(s, "status ")) {
			snprintf(want, sizeof want, "status %d timeout no reply in "
			    "time at 6", p->mover[turn]);
			require_line(L, i, want);
		} else {
			ck_abort_msg("line %d: an unknown record: %s", i + 1, s);
		}
		i++;
	}
	while (ev < p->nev && p->ev[ev].type == SAB_EV_GAME_START)
		ev++;
	ck_assert_int_eq(ev, p->nev);
	ck_assert_int_eq(turn, p->nturns);
	ck_assert_int_eq(rounds, p->nrounds);
	ck_assert_int_eq(notes, (p->nturns + 13) / 17);
}

static void check_result(const lines *L, const sab_game *g)
{
	char want[256];
	size_t used;

	snprintf(want, sizeof want, "result");
	for (int s = 0; s < g->nplayers; s++) {
		used = strlen(want);
		snprintf(want + used, sizeof want - used, " %d", g->gold[s]);
	}
	used = strlen(want);
	snprintf(want + used, sizeof want - used, " winners");
	for (int s = 0; s < g->nplayers; s++) {
		used = strlen(want);
		if (g->winners & (1u << s))
			snprintf(want + used, sizeof want - used, " %d", s);
	}
	ck_assert_int_ge(L->n, 2);
	require_line(L, L->n - 2, want);
	require_line(L, L->n - 1, "end");
}

/* ---- the tests --------------------------------------------------------- */

static played game;
static lines file;

START_TEST(a_whole_game_reads_back)
{
	char path[PATH_MAX], part[PATH_MAX];
	struct stat st;

	tmp_path(path, sizeof path, "game.sabr.gz");
	tmp_path(part, sizeof part, "game.sabr.gz.part");
	ck_assert_int_eq(write_game(&game, t_ruleset("base"), path, 2026, 5,
	    NULL), 1);
	ck_assert(exists(path));
	ck_assert(!exists(part));
	ck_assert_int_eq(open_fds(), fds_before);
	read_lines(path, &file);
	ck_assert_int_eq(file.zerr, Z_OK);
	ck_assert(!file.partial);
	check_body(&file, check_header(&file, &game), &game);
	check_result(&file, &game.final);
	check_resimulation(&file, &game);
	/* A typical 5-player game is a few tens of kilobytes at most; the
	 * median over many seeds is in saboteur-replay(5). */
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_lt(st.st_size, 64 * 1024);
	free_lines(&file);
}
END_TEST

START_TEST(other_rulesets_and_player_counts_read_back)
{
	static const struct { const char *rs; int n; } cases[] = {
		{ "classic", 3 }, { "classic", 6 }, { "base", 4 },
		{ "course", 2 },
	};
	char path[PATH_MAX];

	tmp_path(path, sizeof path, "other.sabr.gz");
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		write_game(&game, t_ruleset(cases[k].rs), path, 100 + k,
		    cases[k].n, NULL);
		read_lines(path, &file);
		ck_assert_int_eq(file.zerr, Z_OK);
		check_body(&file, check_header(&file, &game), &game);
		check_result(&file, &game.final);
		check_resimulation(&file, &game);
		free_lines(&file);
	}
}
END_TEST

START_TEST(an_abandoned_replay_stays_a_readable_part_file)
{
	char path[PATH_MAX], part[PATH_MAX], want[64];

	tmp_path(path, sizeof path, "stopped.sabr.gz");
	tmp_path(part, sizeof part, "stopped.sabr.gz.part");
	ck_assert_int_eq(write_game(&game, t_ruleset("base"), path, 7, 5,
	    &(plan){ 30, 0, NULL }), 0);
	ck_assert(!exists(path));
	ck_assert(exists(part));
	ck_assert_int_eq(open_fds(), fds_before);
	read_lines(part, &file);
	/* Closed properly: a whole gzip stream, just without the end. */
	ck_assert_int_eq(file.zerr, Z_OK);
	ck_assert(!file.partial);
	check_header(&file, &game);
	snprintf(want, sizeof want, "turn 30 %016llx",
	    (unsigned long long)game.hash[29]);
	require_line(&file, file.n - 1, want);
	free_lines(&file);
}
END_TEST

START_TEST(a_copy_taken_mid_game_holds_every_turn_so_far)
{
	char path[PATH_MAX], copy[PATH_MAX], want[64];
	int turns = 0;

	tmp_path(path, sizeof path, "live.sabr.gz");
	tmp_path(copy, sizeof copy, "copy.gz");
	write_game(&game, t_ruleset("base"), path, 11, 5,
	    &(plan){ 0, 40, copy });
	read_lines(copy, &file);
	/* The stream stops short of its end: zlib says so, and yet every
	 * record up to the last turn is there, whole. */
	ck_assert_int_eq(file.zerr, Z_BUF_ERROR);
	ck_assert(!file.partial);
	check_header(&file, &game);
	for (int i = 0; i < file.n; i++)
		if (starts(file.l[i], "turn ")) {
			snprintf(want, sizeof want, "turn %d %016llx", turns + 1,
			    (unsigned long long)game.hash[turns]);
			require_line(&file, i, want);
			turns++;
		}
	ck_assert_int_eq(turns, 40);
	ck_assert(starts(file.l[file.n - 1], "turn 40 "));
	free_lines(&file);
}
END_TEST

START_TEST(the_writer_reports_what_fails)
{
	replay_header h = { "t", t_ruleset("base"), &pc, 1, 1, START_TIME, 3,
		seats, 1, 1, 1, 1, 1, NULL, 0, SAB_DEAL_PLAY };
	char path[PATH_MAX], part[PATH_MAX], err[256];

	cards(t_ruleset("base"));
	tmp_path(path, sizeof path, "no/such/dir/x.sabr.gz");
	ck_assert_ptr_null(replay_create(path, &h, err, sizeof err));
	ck_assert_msg(strstr(err, "cannot create") && strstr(err, path),
	    "%s", err);
	ck_assert_ptr_null(replay_create("", &h, err, sizeof err));
	h.nseats = 0;
	ck_assert_ptr_null(replay_create(path, &h, err, sizeof err));
	ck_assert_msg(strstr(err, "seats") != NULL, "%s", err);
	h.nseats = 3;
	/* A full disk: the header's flush already fails, and nothing is
	 * left behind. */
	tmp_path(path, sizeof path, "full.sabr.gz");
	tmp_path(part, sizeof part, "full.sabr.gz.part");
	if (symlink("/dev/full", part) == 0) {
		ck_assert_ptr_null(replay_create(path, &h, err, sizeof err));
		ck_assert_msg(strstr(err, strerror(ENOSPC)) != NULL, "%s", err);
		ck_assert(!exists(path));
	}
	/* A rename that fails (a folder holds the name): the game stays in
	 * the .part file, and the caller hears why. */
	static sab_game g;
	char sub[PATH_MAX];
	replay_writer *w;

	t_game(&g, t_ruleset("base"), 3, 1, NULL);
	tmp_path(path, sizeof path, "taken.sabr.gz");
	tmp_path(part, sizeof part, "taken.sabr.gz.part");
	tmp_path(sub, sizeof sub, "taken.sabr.gz/inside");
	ck_assert_int_eq(mkdir(path, 0755), 0);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	w = replay_create(path, &h, err, sizeof err);
	ck_assert_msg(w != NULL, "%s", err);
	replay_round(w, &g);
	ck_assert_int_eq(replay_finish(w, &g, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "cannot rename") != NULL, "%s", err);
	ck_assert(exists(part));
	rmdir(sub);
	rmdir(path);
	ck_assert_int_eq(open_fds(), fds_before);
}
END_TEST

/* ---- the records of hidden state, shared with the audit ------------------ */

START_TEST(hidden_state_records_come_in_order)
{
	static const int kinds[] = { REPLAY_ROUND, REPLAY_DECK, REPLAY_HAND,
	    REPLAY_HAND, REPLAY_HAND, REPLAY_HAND, REPLAY_ROLE, REPLAY_ROLE,
	    REPLAY_ROLE, REPLAY_ROLE, REPLAY_SPARE, REPLAY_GOALCARD,
	    REPLAY_GOALCARD, REPLAY_GOALCARD, REPLAY_GOLDDECK };
	static sab_game g;
	static replay_fields f;
	char want[REPLAY_TEXT_MAX];
	int k, rc;

	cards(t_ruleset("base"));
	t_game(&g, pc.rs, 4, 3, NULL);
	for (k = 0; (rc = replay_round_record(&pc, &g, k, 1, &f)) > 0; k++) {
		REQUIRE(k < (int)(sizeof kinds / sizeof kinds[0]), "record %d", k);
		ck_assert_int_eq(f.kind, kinds[k]);
		want[0] = '\0';
		switch (f.kind) {
		case REPLAY_ROUND:
			ck_assert_int_eq(f.n, 1);
			ck_assert_int_eq(f.num[0], 1);
			break;
		case REPLAY_HAND:
			ck_assert_int_eq(f.n, 1);
			ck_assert_int_eq(f.num[0], k - 2);
			for (int i = 0; i < g.nhand[k - 2]; i++)
				snprintf(want + strlen(want), sizeof want -
				    strlen(want), "%s%s", i ? " " : "",
				    pc.tok[g.hand[k - 2][i]]);
			ck_assert_str_eq(f.text, want);
			break;
		case REPLAY_ROLE:
			ck_assert_int_eq(f.num[0], k - 6);
			ck_assert_str_eq(f.text, sab_role_name(g.rs, g.role[k - 6]));
			break;
		case REPLAY_GOALCARD:
			ck_assert_int_eq(f.n, 2);
			ck_assert_int_eq(f.num[0], 8);
			ck_assert_int_eq(f.num[1], 2 * (k - 11) - 2);
			ck_assert_str_eq(f.text, pc.tok[g.goal_def[k - 11]]);
			break;
		case REPLAY_DECK:
			ck_assert_int_eq(f.n, 0);
			ck_assert_int_eq((int)strlen(f.text) > 0, g.ndeck > 0);
			ck_assert_str_eq(strrchr(f.text, ' ') + 1,
			    pc.tok[g.deck[g.ndeck - 1]]);
			break;
		default:
			ck_assert_int_eq(f.n, 0);
			break;
		}
	}
	ck_assert_int_eq(rc, 0);
	ck_assert_int_eq(k, (int)(sizeof kinds / sizeof kinds[0]));
	/* No deck, no gold: the record holds its word alone. */
	g.ndeck = 0;
	g.ngold_deck = 0;
	ck_assert_int_eq(replay_round_record(&pc, &g, 1, 1, &f), 1);
	ck_assert_str_eq(f.text, "");
	ck_assert_int_eq(replay_round_record(&pc, &g, 14, 1, &f), 1);
	ck_assert_int_eq(f.kind, REPLAY_GOLDDECK);
	ck_assert_str_eq(f.text, "");
	g.gold[0] = 3, g.gold[1] = 0, g.gold[2] = 5, g.gold[3] = 0;
	g.winners = 1u << 0 | 1u << 2;
	ck_assert_int_eq(replay_result_record(&g, &f), 1);
	ck_assert_int_eq(f.kind, REPLAY_RESULT);
	ck_assert_str_eq(f.text, "3 0 5 0 winners 0 2");
	g.winners = 0;
	ck_assert_int_eq(replay_result_record(&g, &f), 1);
	ck_assert_str_eq(f.text, "3 0 5 0 winners");
}
END_TEST

/* ---- the state hash ---------------------------------------------------- */

START_TEST(fnv1a_matches_its_published_values)
{
	ck_assert_uint_eq(sab_fnv1a(SAB_FNV_OFFSET, "", 0),
	    UINT64_C(0xcbf29ce484222325));
	ck_assert_uint_eq(sab_fnv1a(SAB_FNV_OFFSET, "a", 1),
	    UINT64_C(0xaf63dc4c8601ec8c));
	ck_assert_uint_eq(sab_fnv1a(SAB_FNV_OFFSET, "foobar", 6),
	    UINT64_C(0x85944171f73967e8));
}
END_TEST

/* A game some way in, with cards on the board and in front of players. */
static void midgame(sab_game *g, uint64_t seed, int turns)
{
	sab_rng rng, bots;
	char err[256];

	sab_rng_seed(&rng, seed);
	sab_rng_seed(&bots, seed + 1);
	ck_assert_int_eq(sab_game_new(g, t_ruleset("base"), 5, 0, &rng, NULL,
	    err, sizeof err), 0);
	for (int i = 0; i < turns && !sab_game_over(g); i++) {
		sab_move m;
		sab_game_random_move(g, &bots, &m);
		sab_game_apply(g, &m, &rng, NULL);
	}
}

static void move_card(sab_game *g)
{
	g->hand[1][g->nhand[1]++] = g->deck[--g->ndeck];
}
static void break_tool(sab_game *g) { t_break(g, 2, SAB_LANTERN); }
static void swap_deck(sab_game *g)
{
	for (int i = 1; i < g->ndeck; i++)
		if (g->deck[i] != g->deck[0]) {
			uint8_t c = g->deck[0];
			g->deck[0] = g->deck[i];
			g->deck[i] = c;
			return;
		}
}
static void discard_card(sab_game *g)
{
	g->discard[g->ndiscard++] = g->hand[0][--g->nhand[0]];
}
static void next_to_act(sab_game *g)
{
	g->to_act = (uint8_t)((g->to_act + 1) % 5);
}
static void pick_phase(sab_game *g) { g->phase = SAB_PHASE_PICK_GOLD; }
static void later_turn(sab_game *g) { g->turn++; }
static void swap_roles(sab_game *g)
{
	for (int s = 1; s < 5; s++)
		if (g->role[s] != g->role[0]) {
			uint8_t r = g->role[0];
			g->role[0] = g->role[s];
			g->role[s] = r;
			return;
		}
}
static void open_goal(sab_game *g) { g->goal_open ^= 4; }
static void peek(sab_game *g) { g->peeked[3] ^= 1; }
static void swap_goals(sab_game *g)
{
	uint8_t c = g->goal_def[0];

	g->goal_def[0] = g->goal_def[1];
	g->goal_def[1] = c;
}
static void turn_card(sab_game *g)
{
	g->board.cell[g->board.placed[g->board.nplaced - 1]] ^= SAB_CELL_TURNED;
}
static void more_gold(sab_game *g) { g->gold[4]++; }
static void take_gold_card(sab_game *g) { g->ngold_deck--; }
static void win(sab_game *g) { g->winners |= 2; }
static void offer(sab_game *g) { g->offer[g->noffer++] = 3; }
static void last_player(sab_game *g) { g->last_player ^= 1; }

START_TEST(any_change_of_the_state_changes_its_hash)
{
	static void (*const change[])(sab_game *) = {
		move_card, break_tool, swap_deck, discard_card, next_to_act,
		pick_phase, later_turn, swap_roles, open_goal, peek,
		swap_goals, turn_card, more_gold, take_gold_card, win, offer,
		last_player,
	};
	static sab_game a, b;

	midgame(&a, 99, 25);
	ck_assert_int_gt(a.board.nplaced, 5);
	ck_assert_int_gt(a.nhand[0], 0);
	for (size_t k = 0; k < sizeof change / sizeof change[0]; k++) {
		b = a;
		change[k](&b);
		REQUIRE(sab_game_hash(&b) != sab_game_hash(&a),
		    "change %zu left the hash alone", k);
	}
}
END_TEST

START_TEST(equal_states_hash_equal)
{
	static sab_game a, b;

	midgame(&a, 5, 60);
	midgame(&b, 5, 60);
	ck_assert_uint_eq(sab_game_hash(&a), sab_game_hash(&b));
	/* What lies past the counts, and what follows from other fields,
	 * is no part of the state. */
	b.deck[b.ndeck] ^= 0x55;
	b.hand[0][b.nhand[0]] ^= 0x55;
	b.discard[b.ndiscard] ^= 0x55;
	b.board.reach[sab_board_index(0, 0)] ^= 0x0F;
	b.nsaboteurs ^= 1;
	b.hand[b.nplayers][0] ^= 1;
	ck_assert_uint_eq(sab_game_hash(&a), sab_game_hash(&b));
	midgame(&b, 6, 60);
	ck_assert_uint_ne(sab_game_hash(&a), sab_game_hash(&b));
}
END_TEST

START_TEST(the_order_of_placed_cards_does_not_matter)
{
	static sab_game a, b;
	int n;

	midgame(&a, 3, 45);
	b = a;
	n = b.board.nplaced;
	ck_assert_int_gt(n, 5);
	for (int i = 0; i < n / 2; i++) {
		uint16_t t = b.board.placed[i];
		b.board.placed[i] = b.board.placed[n - 1 - i];
		b.board.placed[n - 1 - i] = t;
	}
	ck_assert_uint_eq(sab_game_hash(&a), sab_game_hash(&b));
	/* The same cards on other cells are another position. */
	b = a;
	uint16_t from = b.board.placed[n - 1], to = sab_board_index(40, 40);
	b.board.cell[to] = b.board.cell[from];
	b.board.cell[from] = SAB_CELL_EMPTY;
	b.board.placed[n - 1] = to;
	ck_assert_uint_ne(sab_game_hash(&a), sab_game_hash(&b));
}
END_TEST

/* Issue 11: "the module list is part of the ruleset hash only when it
 * differs from today's, so existing hashes and resumable tournaments hold". */
START_TEST(the_module_list_is_hashed_only_beyond_the_base_game)
{
	static const char text[] = "name: base\nextends: base\n"
	    "title: \"Saboteur, anniversary edition (2024)\"\n"
	    "modules: [base]\n";
	static sab_ruleset a, b;
	char err[256];

	ck_assert_msg(sab_ruleset_parse(&a, text, sizeof text - 1, "t", err,
	    sizeof err) == 0, "%s", err);
	ck_assert_uint_eq(replay_ruleset_hash(&a),
	    replay_ruleset_hash(t_ruleset("base")));
	b = a;
	b.modules[b.nmodules++] = 2;    /* wc, were it playable */
	ck_assert_uint_ne(replay_ruleset_hash(&a), replay_ruleset_hash(&b));
	b = a;
	b.defs[0].door = 1;
	ck_assert_uint_ne(replay_ruleset_hash(&a), replay_ruleset_hash(&b));
}
END_TEST

START_TEST(the_ruleset_hash_sees_every_rule)
{
	static sab_ruleset a, b;
	char err[256];
	uint64_t h;

	ck_assert_int_eq(sab_ruleset_load_builtin(&a, "base", err, sizeof err), 0);
	h = replay_ruleset_hash(&a);
	ck_assert_uint_eq(h, replay_ruleset_hash(t_ruleset("base")));
	ck_assert_uint_ne(h, replay_ruleset_hash(t_ruleset("classic")));
	ck_assert_uint_ne(h, replay_ruleset_hash(t_ruleset("course")));
	b = a;
	b.sabotaged_dwarf = 1;
	ck_assert_uint_ne(h, replay_ruleset_hash(&b));
	b = a;
	b.defs[3].count++;
	ck_assert_uint_ne(h, replay_ruleset_hash(&b));
	b = a;
	b.saboteur_pay[2]++;
	ck_assert_uint_ne(h, replay_ruleset_hash(&b));
	b = a;
	b.goal_x[1]++;
	ck_assert_uint_ne(h, replay_ruleset_hash(&b));
	b = a;
	b.title[0] ^= 1;
	ck_assert_uint_ne(h, replay_ruleset_hash(&b));
	/* Bytes after a name's end are not the ruleset's. */
	b = a;
	b.name[sizeof b.name - 1] = '\0';
	b.name[strlen(b.name) + 1] ^= 0x20;
	ck_assert_uint_eq(h, replay_ruleset_hash(&b));
}
END_TEST

Suite *replay_suite(void)
{
	Suite *s = suite_create("replay");
	TCase *tc = tcase_create("files");
	TCase *th = tcase_create("hashes");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, a_whole_game_reads_back);
	tcase_add_test(tc, other_rulesets_and_player_counts_read_back);
	tcase_add_test(tc, an_abandoned_replay_stays_a_readable_part_file);
	tcase_add_test(tc, a_copy_taken_mid_game_holds_every_turn_so_far);
	tcase_add_test(tc, the_writer_reports_what_fails);
	tcase_add_test(tc, hidden_state_records_come_in_order);
	suite_add_tcase(s, tc);
	tcase_add_test(th, fnv1a_matches_its_published_values);
	tcase_add_test(th, any_change_of_the_state_changes_its_hash);
	tcase_add_test(th, equal_states_hash_equal);
	tcase_add_test(th, the_order_of_placed_cards_does_not_matter);
	tcase_add_test(th, the_ruleset_hash_sees_every_rule);
	tcase_add_test(th, the_module_list_is_hashed_only_beyond_the_base_game);
	suite_add_tcase(s, th);
	return s;
}
