/* test_audit.c: the replay reader and the replay audit.  A simulated referee
 * (no processes) writes games exactly as referee/match.c does, with bots
 * that fail in every documented way; the files must read back, verify, and
 * give each seat exactly the lines the referee sent it.  Then every way a
 * file can be bad, each with its expected message and line. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <check.h>
#include <zlib.h>

#include "audit.h"
#include "helpers.h"
#include "reader.h"
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

#define NS_PER_MS 1000000LL
#define START_TIME 1700000000   /* 2023-11-14T22:13:20Z */

/* The reason the referee gives for a reply that proto_parse() reads as a
 * note although it is not one (a blank before "note"): match.c and
 * audit.c say the same. */
#define NOTE_WHY "a note begins its line with \"note\""

static int games_wanted(void)
{
	const char *s = getenv("SAB_TEST_GAMES");
	int n = s ? atoi(s) : 0;

	return n > 0 ? n : 2000;
}

/* ---- a scratch folder per test ----------------------------------------- */

static char tmp[64];

static void setup(void)
{
	tmpdir_make(tmp, sizeof tmp, "audit");
}

static void teardown(void)
{
	tmpdir_remove(tmp);
}

static void tmp_path(char *buf, size_t len, const char *name)
{
	tmpdir_path(tmp, buf, len, name);
}

/* ---- lines, one after another in one buffer ---------------------------- */

typedef struct sbuf {
	char *s;
	size_t len, cap;
	int lines;
} sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->s, cap);
		REQUIRE(p != NULL, "out of memory");
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void sb_line(sbuf *b, const char *line)
{
	sb_add(b, line, strlen(line));
	sb_add(b, "\n", 1);
	b->lines++;
}

static void sb_clear(sbuf *b)
{
	b->len = 0;
	b->lines = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

static void sb_free(sbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}

/* Fails with the first line where two lists differ. */
static void sb_require_same(const sbuf *got, const sbuf *want,
    const char *what)
{
	const char *g = got->s ? got->s : "", *w = want->s ? want->s : "";
	int line = 1;

	if (got->len == want->len && memcmp(g, w, got->len) == 0)
		return;
	while (*g && *w) {
		size_t gl = strcspn(g, "\n"), wl = strcspn(w, "\n");
		if (gl != wl || memcmp(g, w, gl) != 0)
			break;
		g += gl + 1;
		w += wl + 1;
		line++;
	}
	ck_abort_msg("%s: line %d: the audit gives \"%.*s\", the referee sent "
	    "\"%.*s\"", what, line, (int)strcspn(g, "\n"), g,
	    (int)strcspn(w, "\n"), w);
}

/* ---- the simulated referee --------------------------------------------- */

/* How a seat is out before the game starts. */
enum { PRE_NONE, PRE_NO_START, PRE_HANDSHAKE, PRE_HANDSHAKE_CRASH };

/* One game to simulate: the table, the clock, and how each bot behaves. */
typedef struct sim_opts {
	const char *ruleset;
	int n;
	uint64_t seed;                  /* the game's */
	uint64_t bots;                  /* the bots' own generator */
	int tries;
	int64_t move_ms, bank_ms, grace_ms;
	int bad[SAB_MAX_PLAYERS];       /* per mille of replies that go wrong */
	int notes[SAB_MAX_PLAYERS];     /* per mille: a note before a reply */
	int hello[SAB_MAX_PLAYERS];     /* which handshake reply (hello_form) */
	int pre[SAB_MAX_PLAYERS];       /* PRE_* */
	int timeout_seat, timeout_at;   /* at its Nth request; seat -1: none */
	int crash_seat, crash_at;
	const char *crash_status;       /* "crash", "closed", ... */
	int abandon_after;              /* stop after this decision; 0: finish */
	int deal;                       /* enum sab_deal */
} sim_opts;

/* What the simulation did: what the file must show. */
typedef struct sim {
	int decisions;
	int refused, defaults_illegal, timeouts, crashes, notes, legal_lists;
	int pre_out, handshake_out;
	sbuf sent[SAB_MAX_PLAYERS];     /* every line sent to each seat */
	sab_game g;                     /* the game at its end */
} sim;

/* A bot as the referee sees it. */
typedef struct sim_bot {
	int live;               /* its status is ok: it is sent lines */
	int out;                /* it timed out: played for till the game ends */
	unsigned feat;
	int64_t bank;           /* ns */
	int asked;              /* requests so far */
	char name[PROTO_NAME_MAX + 1];
	char hello[64];
	char command[64];
} sim_bot;

typedef struct simrun {
	const sim_opts *o;
	sim *out;
	proto_cards pc;
	replay_writer *w;
	sab_game g;
	sab_rng rng, bots;
	sab_events ev;
	sim_bot b[SAB_MAX_PLAYERS];
	int decisions;
} simrun;

static const char *const hello_form[] = {
	"bot %s", "bot %s moves", "bot %s colour moves", "bot %s\tmoves  ",
	"bot %s movesx",
};
#define HELLO_FORMS ((int)(sizeof hello_form / sizeof hello_form[0]))

static uint64_t below64(sab_rng *r, uint64_t n)
{
	return n ? sab_rng_next(r) % n : 0;
}

static int chance(sab_rng *r, int per_mille)
{
	return (int)sab_rng_below(r, 1000) < per_mille;
}

static void sim_send(simrun *s, int seat, const char *line)
{
	if (s->b[seat].live)
		sb_line(&s->out->sent[seat], line);
}

/* The bots' handshake: names, features, and the seats already out. */
static void sim_seats(simrun *s, replay_seat *seats)
{
	const sim_opts *o = s->o;
	char name[PROTO_NAME_MAX + 1], why[128];
	sab_move m;

	for (int k = 0; k < o->n; k++) {
		sim_bot *b = &s->b[k];
		memset(b, 0, sizeof *b);
		snprintf(b->command, sizeof b->command, "./bot%d --level %d", k,
		    k % 4);
		b->bank = o->bank_ms * NS_PER_MS;
		seats[k] = (replay_seat){ .name = "-", .command = b->command };
		if (o->pre[k] != PRE_NONE) {
			s->out->pre_out++;
			/* A bot whose command ran was sent the handshake. */
			if (o->pre[k] != PRE_NO_START) {
				sb_line(&s->out->sent[k], "saboteur 1");
				s->out->handshake_out++;
			}
		}
		switch (o->pre[k]) {
		case PRE_NO_START:
			seats[k].status = "no-start";
			seats[k].detail = "cannot run it: No such file or "
			    "directory";
			continue;
		case PRE_HANDSHAKE:
			snprintf(b->hello, sizeof b->hello, "hello there");
			seats[k].hello = b->hello;
			seats[k].status = "handshake";
			seats[k].detail = "the handshake reply \"hello there\" is "
			    "not \"bot NAME\"";
			continue;
		case PRE_HANDSHAKE_CRASH:
			seats[k].status = "crash";
			seats[k].detail = "exited with status 3 at the handshake";
			continue;
		}
		snprintf(name, sizeof name, "b%d-%s", k, k % 2 ? "dig" : "x.y_z");
		snprintf(b->hello, sizeof b->hello, hello_form[o->hello[k]], name);
		REQUIRE(proto_parse(&s->pc, b->hello, strlen(b->hello), &m,
		    b->name, &b->feat, why, sizeof why) == PROTO_HELLO, "%s: %s",
		    b->hello, why);
		b->live = 1;
		seats[k].name = b->name;
		seats[k].hello = b->hello;
		sb_line(&s->out->sent[k], "saboteur 1");
	}
}

/* The set-up match.c sends (through protocol/session.c), written out again
 * here, like the dispatch and the request below: the audit rebuilds the
 * lines with session.c too, so the simulation must not share it. */
static void sim_setup(simrun *s)
{
	const char *names[SAB_MAX_PLAYERS];
	char line[PROTO_LINE_MAX];

	for (int k = 0; k < s->o->n; k++)
		names[k] = s->b[k].name;
	for (int seat = 0; seat < s->o->n; seat++)
		for (int k = 0; proto_setup_line(&s->pc, 1, s->o->n, seat, names,
		    k, line, sizeof line) > 0; k++)
			sim_send(s, seat, line);
}

/* match.c's dispatch(): the replay, then each seat what it may see. */
static void sim_dispatch(simrun *s)
{
	char line[PROTO_LINE_MAX];

	REQUIRE(!s->ev.overflow, "events overflowed");
	for (int i = 0; i < s->ev.n; i++) {
		const sab_event *e = &s->ev.ev[i];
		if (e->type == SAB_EV_ROUND_START)
			replay_round(s->w, &s->g);
		replay_event(s->w, e);
		for (int seat = 0; seat < s->o->n; seat++) {
			int len = proto_event(&s->pc, e, seat, s->o->n, line,
			    sizeof line);
			REQUIRE(len >= 0, "proto_event");
			if (len > 0)
				sim_send(s, seat, line);
		}
	}
	s->ev.n = 0;
}

/* The request match.c sends through session_request(). */
static void sim_request(simrun *s, int seat)
{
	static sab_move moves[SAB_MAX_MOVES];
	char line[PROTO_LINE_MAX];
	sim_bot *b = &s->b[seat];

	if (b->feat & PROTO_FEAT_MOVES) {
		int k = sab_game_moves(&s->g, moves);
		memcpy(line, "legal ", 6);
		for (int i = 0; i < k; i++)
			if (proto_move(&s->pc, &moves[i], line + 6,
			    sizeof line - 6) > 0)
				sim_send(s, seat, line);
		s->out->legal_lists++;
	}
	if (proto_turn_line(s->decisions, s->o->move_ms, b->bank / NS_PER_MS,
	    line, sizeof line) > 0)
		sim_send(s, seat, line);
}

static void sim_note(simrun *s, int seat)
{
	static const char *const notes[] = {
		"note seat 2 looks like a saboteur", "note", "note\ttabbed",
		"note  two blanks", "note \xc3\xa9t\xc3\xa9 \r",
	};
	const char *n = notes[sab_rng_below(&s->bots, 5)];

	replay_note(s->w, seat, n, strlen(n));
	s->out->notes++;
}

/* A line of printable and not so printable bytes that is no note. */
static void garbage(sab_rng *r, char *line, size_t len)
{
	static const char cs[] = "abcdefghijklmnopqrstuvwxyz0123456789 -\t\r"
	    ".:/\\\"'{}play discard pick";
	size_t n = sab_rng_below(r, 40);

	if (n >= len)
		n = len - 1;
	for (size_t i = 0; i < n; i++)
		line[i] = sab_rng_below(r, 10) == 0 ?
		    (char)(0x80 + sab_rng_below(r, 128)) :
		    cs[sab_rng_below(r, sizeof cs - 1)];
	line[n] = '\0';
	if (strncmp(line, "note", 4) == 0)
		line[0] = 'N';
}

/* A move near a legal one, usually illegal: elsewhere, at someone else, a
 * card not in hand, a gold value not offered. */
static void perturb(simrun *s, sab_move *m)
{
	sab_rng *r = &s->bots;
	const sab_ruleset *rs = s->g.rs;

	/* What the move does: the played card's type, else the move kind
	 * past the card types. */
	switch (m->kind == SAB_MOVE_PLAY ? rs->defs[m->card].type :
	    SAB_CARD_TYPES + m->kind) {
	case SAB_CARD_PATH:
		m->x = (int8_t)(m->x + 1 + (int)sab_rng_below(r, 3));
		m->y = (int8_t)(m->y - (int)sab_rng_below(r, 2));
		break;
	case SAB_CARD_SABOTAGE:
	case SAB_CARD_REPAIR:
		m->target = (uint8_t)sab_rng_below(r, (uint32_t)s->o->n);
		m->tool = (uint8_t)(1u << sab_rng_below(r, SAB_TOOLS));
		break;
	case SAB_CARD_ROCKFALL:
		m->x = (int8_t)rs->start_x;
		m->y = (int8_t)rs->start_y;
		break;
	case SAB_CARD_MAP:
		m->goal = (uint8_t)sab_rng_below(r, (uint32_t)rs->ngoals);
		m->kind = SAB_MOVE_PASS;
		break;
	case SAB_CARD_TYPES + SAB_MOVE_PICK_GOLD:
		m->value = (uint8_t)(1 + sab_rng_below(r, SAB_MAX_GOLD_VALUE));
		return;
	default:
		break;
	}
	if (sab_rng_below(r, 3) == 0)
		m->card = (uint8_t)sab_rng_below(r, (uint32_t)rs->ndefs);
}

/* The bot's line for one try: a legal move, or (forced, or at the seat's
 * rate) one of the ways a reply goes wrong. */
static void sim_reply(simrun *s, int seat, int force_bad, char *line,
    size_t len)
{
	sab_rng *r = &s->bots;
	sab_move m;

	REQUIRE(sab_game_random_move(&s->g, r, &m) == 0, "no move");
	if (!force_bad && !chance(r, s->o->bad[seat])) {
		REQUIRE(proto_move(&s->pc, &m, line, len) > 0, "proto_move");
		/* Blanks a bot may add: the protocol splits on them. */
		if (sab_rng_below(r, 50) == 0)
			strncat(line, " \t", len - strlen(line) - 1);
		return;
	}
	switch (sab_rng_below(r, 9)) {
	case 0:
		garbage(r, line, len);
		break;
	case 1:
		snprintf(line, len, "bot again moves");
		break;
	case 2:
		snprintf(line, len, " note a blank before it");
		break;
	case 3:
		snprintf(line, len, "%s", sab_rng_below(r, 2) ? "" : " \t ");
		break;
	case 4:
		snprintf(line, len, "notes are not notes");
		break;
	case 5:
		snprintf(line, len, "%s", (const char *[]){ "pick 0", "pick 99",
		    "discard nosuchcard", "play map", "play", "discard" }
		    [sab_rng_below(r, 6)]);
		break;
	default:
		perturb(s, &m);
		REQUIRE(proto_move(&s->pc, &m, line, len) > 0, "proto_move");
		break;
	}
}

/* The time a reply took (ns): mostly within the move's limit, sometimes
 * into the bank, now and then all that is left before the deadline. */
static int64_t sim_used(simrun *s, int64_t left)
{
	int64_t move = s->o->move_ms * NS_PER_MS;
	uint32_t k = sab_rng_below(&s->bots, 20);

	if (k == 0)
		return left;
	if (k < 5 && left > move)
		return move + (int64_t)below64(&s->bots, (uint64_t)(left - move) + 1);
	return (int64_t)below64(&s->bots, (uint64_t)(move < left ? move : left)
	    + 1);
}

/* match.c's charge(): the bank pays only what is over the move's limit. */
static void sim_charge(simrun *s, sim_bot *b, int64_t used)
{
	int64_t move = s->o->move_ms * NS_PER_MS;

	if (used > move) {
		b->bank -= used - move;
		if (b->bank < 0)
			b->bank = 0;
	}
}

enum { FAIL_NONE, FAIL_TIMEOUT, FAIL_CRASH };

/* Whether the seat fails at this request, and at which try. */
static int sim_failure(simrun *s, int seat, int *at_try)
{
	const sim_opts *o = s->o;
	int asked = s->b[seat].asked;

	*at_try = (int)sab_rng_below(&s->bots, (uint32_t)o->tries);
	if (seat == o->timeout_seat && asked == o->timeout_at)
		return FAIL_TIMEOUT;
	if (seat == o->crash_seat && asked == o->crash_at)
		return FAIL_CRASH;
	return FAIL_NONE;
}

/* One reply, judged as match.c's read_reply() judges it: 1 with the move
 * in *m when it is legal, else 0 with the reason in why. */
static int sim_judge(simrun *s, const char *line, sab_move *m, char *why,
    size_t whylen)
{
	char name[PROTO_NAME_MAX + 1];
	unsigned feat;
	int k = proto_parse(&s->pc, line, strlen(line), m, name, &feat, why,
	    whylen);

	if (k == PROTO_HELLO)
		snprintf(why, whylen, "the handshake is over: reply with a move");
	if (k == PROTO_NOTE)
		snprintf(why, whylen, NOTE_WHY);
	if (k != PROTO_MOVE)
		return 0;
	/* Reasons name cards by their tokens, as bots know them. */
	const char *words[SAB_MAX_DEFS];
	for (int i = 0; i < s->pc.rs->ndefs; i++)
		words[i] = s->pc.tok[i];
	return sab_game_check_as(&s->g, m, words, why, whylen);
}

/* match.c's decide(): the request, the tries, the clock, the failures and
 * the default move. */
static void sim_decide(simrun *s, sab_move *m)
{
	const sim_opts *o = s->o;
	int seat = s->g.to_act, fail_try, fail;
	sim_bot *b = &s->b[seat];
	char line[PROTO_LINE_MAX], why[256], detail[96];
	int64_t left;

	s->decisions++;
	proto_default_move(&s->g, m);
	if (!b->live || b->out)
		return;
	b->asked++;
	fail = sim_failure(s, seat, &fail_try);
	if (chance(&s->bots, o->notes[seat]))
		sim_note(s, seat);      /* a stale one, read before the request */
	sim_request(s, seat);
	left = (o->move_ms + o->grace_ms) * NS_PER_MS + b->bank;
	for (int tries = o->tries, t = 0; tries > 0; tries--, t++) {
		sab_move got;
		while (chance(&s->bots, o->notes[seat]))
			sim_note(s, seat);
		if (fail != FAIL_NONE && t == fail_try) {
			snprintf(detail, sizeof detail, "%s at decision %d of "
			    "game 1", fail == FAIL_TIMEOUT ? "no reply in time" :
			    "killed by SIGSEGV", s->decisions);
			replay_status(s->w, seat, fail == FAIL_TIMEOUT ?
			    "timeout" : o->crash_status, detail);
			break;
		}
		sim_reply(s, seat, fail != FAIL_NONE, line, sizeof line);
		int64_t used = sim_used(s, left);
		left -= used;
		sim_charge(s, b, used);
		replay_bot_line(s->w, seat, line, strlen(line), used, b->bank);
		if (sim_judge(s, line, &got, why, sizeof why)) {
			*m = got;
			return;
		}
		s->out->refused++;
		REQUIRE(proto_illegal_line(tries - 1, why, line, sizeof line) > 0,
		    "proto_illegal_line");
		sim_send(s, seat, line);
		if (tries == 1) {
			REQUIRE(proto_default_line(&s->pc, "illegal", m, line,
			    sizeof line) > 0, "proto_default_line");
			sim_send(s, seat, line);
			s->out->defaults_illegal++;
		}
	}
	if (fail == FAIL_TIMEOUT) {
		/* Out for this game: told the default move, still told the
		 * game. */
		b->out = 1;
		s->out->timeouts++;
		REQUIRE(proto_default_line(&s->pc, "timeout", m, line,
		    sizeof line) > 0, "proto_default_line");
		sim_send(s, seat, line);
	} else if (fail == FAIL_CRASH) {
		b->live = 0;
		s->out->crashes++;
	}
}

/*
 * Plays and writes one game to path as match.c would (the first game of a
 * match), filling out with what the file must show.  With abandon_after,
 * the replay is abandoned after that decision as an interrupted referee
 * leaves it.
 */
static void sim_game(const sim_opts *o, const char *path, sim *out)
{
	static simrun s;
	replay_seat seats[SAB_MAX_PLAYERS];
	const sab_ruleset *rs = t_ruleset(o->ruleset);
	char err[256];

	memset(&s.b, 0, sizeof s.b);
	s.o = o;
	s.out = out;
	out->decisions = out->refused = out->defaults_illegal = 0;
	out->timeouts = out->crashes = out->notes = out->legal_lists = 0;
	out->pre_out = out->handshake_out = 0;
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		sb_clear(&out->sent[k]);
	REQUIRE(proto_cards_init(&s.pc, rs, err, sizeof err) == 0, "%s", err);
	sab_rng_seed(&s.bots, o->bots);
	sim_seats(&s, seats);
	replay_header h = { "saboteur-test 0.1", rs, &s.pc, 1, o->seed,
		START_TIME, o->n, seats, 5000, o->move_ms, o->bank_ms,
		o->grace_ms, o->tries, NULL, 0, o->deal };
	s.w = replay_create(path, &h, err, sizeof err);
	REQUIRE(s.w != NULL, "%s", err);
	sab_rng_seed(&s.rng, o->seed);
	s.ev.n = 0;
	s.decisions = 0;
	REQUIRE(sab_game_new_dealt(&s.g, rs, o->n, 0, o->deal, &s.rng, &s.ev,
	    err, sizeof err) == 0, "%s", err);
	sim_setup(&s);
	sim_dispatch(&s);
	while (!sab_game_over(&s.g)) {
		sab_move m;
		int seat = s.g.to_act;
		sim_decide(&s, &m);
		REQUIRE(sab_game_check(&s.g, &m, err, sizeof err), "%s", err);
		sab_game_apply(&s.g, &m, &s.rng, &s.ev);
		sim_dispatch(&s);
		replay_turn(s.w, seat, &m, &s.g);
		if (s.decisions == o->abandon_after) {
			replay_abandon(s.w);
			s.w = NULL;
			break;
		}
	}
	out->decisions = s.decisions;
	out->g = s.g;
	if (s.w != NULL) {
		REQUIRE(replay_finish(s.w, &s.g, err, sizeof err) == 0, "%s",
		    err);
		for (int k = 0; k < o->n; k++)
			sim_send(&s, k, "quit");
	}
}

static void sim_free(sim *x)
{
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		sb_free(&x->sent[k]);
}

/* Game k of the round trip: its table, clock and bots from k. */
static void sim_random_opts(sim_opts *o, uint64_t k)
{
	static const char *const rsn[] = { "base", "classic", "course" };
	static const int64_t moves[] = { 1, 5, 100, 1000 };
	static const int64_t banks[] = { 0, 3, 300, 30000 };
	static const int64_t graces[] = { 0, 50, 200 };
	static const int bad[] = { 0, 0, 20, 100, 400, 950 };
	static const int notes[] = { 0, 0, 30, 200 };
	static const char *const crash[] = { "crash", "closed",
		"line-too-long", "flood" };
	sab_rng r;

	sab_rng_seed(&r, k * 0x9e3779b97f4a7c15ULL + 12345);
	memset(o, 0, sizeof *o);
	o->ruleset = rsn[sab_rng_below(&r, 3)];
	o->n = strcmp(o->ruleset, "course") == 0 ? 2 :
	    3 + (int)sab_rng_below(&r, 8);
	o->seed = sab_rng_next(&r);
	o->bots = sab_rng_next(&r);
	o->tries = 1 + (int)sab_rng_below(&r, 4);
	o->move_ms = moves[sab_rng_below(&r, 4)];
	o->bank_ms = banks[sab_rng_below(&r, 4)];
	o->grace_ms = graces[sab_rng_below(&r, 3)];
	for (int s = 0; s < o->n; s++) {
		o->bad[s] = bad[sab_rng_below(&r, 6)];
		o->notes[s] = notes[sab_rng_below(&r, 4)];
		o->hello[s] = (int)sab_rng_below(&r, HELLO_FORMS);
	}
	o->timeout_seat = o->crash_seat = -1;
	if (chance(&r, 250)) {
		o->timeout_seat = (int)sab_rng_below(&r, (uint32_t)o->n);
		o->timeout_at = 1 + (int)sab_rng_below(&r, 25);
	}
	if (chance(&r, 200)) {
		o->crash_seat = (int)sab_rng_below(&r, (uint32_t)o->n);
		o->crash_at = 1 + (int)sab_rng_below(&r, 25);
		o->crash_status = crash[sab_rng_below(&r, 4)];
	}
	if (chance(&r, 150))
		o->pre[sab_rng_below(&r, (uint32_t)o->n)] =
		    1 + (int)sab_rng_below(&r, 3);
}

/* A game with a bit of everything, for the tests that damage a file:
 * five seats, one of them never started, one asking for the legal moves,
 * one that times out, one that crashes, refused replies and notes. */
static void rich_opts(sim_opts *o)
{
	memset(o, 0, sizeof *o);
	o->ruleset = "base";
	o->n = 5;
	o->seed = 2026;
	o->bots = 77;
	o->tries = 3;
	o->move_ms = 100;
	o->bank_ms = 300;
	o->grace_ms = 50;
	for (int s = 0; s < o->n; s++) {
		o->bad[s] = s == 0 ? 400 : 50;
		o->notes[s] = 100;
	}
	o->hello[0] = 1;
	o->pre[3] = PRE_NO_START;
	o->timeout_seat = 1;
	o->timeout_at = 12;
	o->crash_seat = 2;
	o->crash_at = 20;
	o->crash_status = "crash";
}

/* ---- what the audit says a seat was sent ------------------------------- */

typedef struct collect {
	sbuf sent[SAB_MAX_PLAYERS];
	int records;
} collect;

static void collect_sent(void *ctx, int seat, const char *line)
{
	collect *c = ctx;

	REQUIRE(seat >= 0 && seat < SAB_MAX_PLAYERS, "seat %d", seat);
	sb_line(&c->sent[seat], line);
}

static void collect_record(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	collect *c = ctx;

	REQUIRE(r != NULL && g != NULL, "a record without a game");
	REQUIRE((r->kind == REPLAY_EV) == (e != NULL), "line %d: an event "
	    "for a %s record", r->line, replay_kind_name(r->kind));
	c->records++;
}

static const replay_audit_ops collect_ops = { collect_record, collect_sent };

static void collect_clear(collect *c)
{
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		sb_clear(&c->sent[k]);
	c->records = 0;
}

static void collect_free(collect *c)
{
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		sb_free(&c->sent[k]);
}

/* ---- files as text ----------------------------------------------------- */

/* The whole uncompressed text of a (gzip or plain) file, as zcat gives it;
 * *len its length.  Free it. */
static char *slurp(const char *path, size_t *len)
{
	gzFile z = gzopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	int got;

	REQUIRE(z != NULL && buf != NULL, "cannot open %s", path);
	while ((got = gzread(z, buf + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)got;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
			REQUIRE(buf != NULL, "out of memory");
		}
	}
	REQUIRE(got == 0, "%s: cannot read it whole", path);
	gzclose_r(z);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Writes len bytes to path, gzip-compressed. */
static void spit_gz(const char *path, const char *text, size_t len)
{
	gzFile z = gzopen(path, "wb");

	REQUIRE(z != NULL, "cannot create %s", path);
	REQUIRE(len == 0 || gzwrite(z, text, (unsigned)len) == (int)len,
	    "%s: cannot write", path);
	REQUIRE(gzclose(z) == Z_OK, "%s: cannot close", path);
}

/* Writes len bytes to path as they are. */
static void spit_raw(const char *path, const void *bytes, size_t len)
{
	FILE *fp = fopen(path, "wb");

	REQUIRE(fp != NULL, "cannot create %s: %s", path, strerror(errno));
	REQUIRE(len == 0 || fwrite(bytes, 1, len, fp) == len, "%s: short "
	    "write", path);
	REQUIRE(fclose(fp) == 0, "%s: %s", path, strerror(errno));
}

/* A file's bytes as they are on disk. */
static unsigned char *slurp_raw(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	struct stat st;
	unsigned char *buf;

	REQUIRE(fp != NULL && stat(path, &st) == 0, "%s: %s", path,
	    strerror(errno));
	buf = malloc((size_t)st.st_size + 1);
	REQUIRE(buf != NULL, "out of memory");
	*len = fread(buf, 1, (size_t)st.st_size, fp);
	REQUIRE(*len == (size_t)st.st_size, "%s: short read", path);
	fclose(fp);
	return buf;
}

/* A replay's text as lines to edit; line i of the array is line i + 1 of
 * the file. */
typedef struct doc {
	int n, cap;
	char **l;
} doc;

static void doc_insert(doc *d, int i, const char *s)
{
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 1024;
		d->l = realloc(d->l, (size_t)d->cap * sizeof *d->l);
		REQUIRE(d->l != NULL, "out of memory");
	}
	memmove(d->l + i + 1, d->l + i, (size_t)(d->n - i) * sizeof *d->l);
	d->l[i] = strdup(s);
	REQUIRE(d->l[i] != NULL, "out of memory");
	d->n++;
}

static void doc_load(doc *d, const char *path)
{
	size_t len;
	char *text = slurp(path, &len), *s = text;

	memset(d, 0, sizeof *d);
	while (*s) {
		char *nl = strchr(s, '\n');
		REQUIRE(nl != NULL, "%s: the last line has no newline", path);
		*nl = '\0';
		doc_insert(d, d->n, s);
		s = nl + 1;
	}
	free(text);
}

static void doc_free(doc *d)
{
	for (int i = 0; i < d->n; i++)
		free(d->l[i]);
	free(d->l);
	memset(d, 0, sizeof *d);
}

static void doc_set(doc *d, int i, const char *s)
{
	REQUIRE(i >= 0 && i < d->n, "no line %d", i + 1);
	free(d->l[i]);
	d->l[i] = strdup(s);
	REQUIRE(d->l[i] != NULL, "out of memory");
}

static void doc_delete(doc *d, int i)
{
	free(d->l[i]);
	memmove(d->l + i, d->l + i + 1, (size_t)(d->n - i - 1) * sizeof *d->l);
	d->n--;
}

static void doc_swap(doc *d, int i, int j)
{
	char *t = d->l[i];

	d->l[i] = d->l[j];
	d->l[j] = t;
}

static void doc_copy(doc *to, const doc *from)
{
	memset(to, 0, sizeof *to);
	for (int i = 0; i < from->n; i++)
		doc_insert(to, i, from->l[i]);
}

/* The text of the doc, one newline after each line; *len its length. */
static char *doc_text(const doc *d, size_t *len)
{
	sbuf b = { NULL, 0, 0, 0 };

	for (int i = 0; i < d->n; i++)
		sb_line(&b, d->l[i]);
	if (b.s == NULL)
		sb_add(&b, "", 0);
	*len = b.len;
	return b.s;
}

static void doc_save(const doc *d, const char *path)
{
	size_t len;
	char *text = doc_text(d, &len);

	spit_gz(path, text, len);
	free(text);
}

/* The first line at or after from that begins with prefix, or -1. */
static int doc_find(const doc *d, const char *prefix, int from)
{
	size_t n = strlen(prefix);

	for (int i = from < 0 ? 0 : from; i < d->n; i++)
		if (strncmp(d->l[i], prefix, n) == 0)
			return i;
	return -1;
}

/* The first line after from that begins with prefix and holds inside. */
static int doc_find2(const doc *d, const char *prefix, const char *inside,
    int from)
{
	for (int i = from; (i = doc_find(d, prefix, i)) >= 0; i++)
		if (strstr(d->l[i], inside) != NULL)
			return i;
	return -1;
}

/* ---- expectations ------------------------------------------------------ */

/* Reads path, which must open (its header is good). */
static replay_file *must_read(const char *path)
{
	char err[512];
	replay_file *f = replay_read(path, err, sizeof err);

	REQUIRE(f != NULL, "%s", err);
	return f;
}

/* Reading path must fail outright, with a message that names the file and
 * holds want (and "line N: " when line is not 0). */
static void read_fails(const char *path, int line, const char *want)
{
	char err[512], at[32];
	replay_file *f = replay_read(path, err, sizeof err);

	ck_assert_msg(f == NULL, "%s read, want \"%s\"", path, want);
	ck_assert_msg(strncmp(err, path, strlen(path)) == 0, "\"%s\" does not "
	    "name the file", err);
	ck_assert_msg(strstr(err, want) != NULL, "\"%s\" does not say \"%s\"",
	    err, want);
	snprintf(at, sizeof at, "line %d", line);
	ck_assert_msg(line == 0 || strstr(err, at) != NULL, "\"%s\" is not "
	    "about %s", err, at);
}

/* The file at path must read, and its audit on rs (NULL: the ruleset the
 * header names) must fail at line (0: any) with a message holding want
 * that begins "line N, ". */
static void audit_fails(const char *path, const sab_ruleset *rs, int line,
    const char *want)
{
	replay_file *f = must_read(path);
	replay_audit a;
	char at[32];

	if (rs == NULL)
		rs = t_ruleset(f->ruleset);
	ck_assert_msg(replay_audit_run(f, rs, NULL, NULL, &a) == -1,
	    "%s verifies, want \"%s\"", path, want);
	ck_assert(!a.ok);
	ck_assert_msg(strstr(a.what, want) != NULL, "\"%s\" does not say "
	    "\"%s\"", a.what, want);
	snprintf(at, sizeof at, "line %d, ", a.line);
	ck_assert_msg(strncmp(a.what, at, strlen(at)) == 0, "\"%s\" does not "
	    "begin with its line %d", a.what, a.line);
	ck_assert_msg(line == 0 || a.line == line, "line %d, want %d: %s",
	    a.line, line, a.what);
	replay_file_free(f);
}

/* The file must read complete and verify; returns the decisions. */
static int audit_passes(const char *path, collect *c)
{
	replay_file *f = must_read(path);
	replay_audit a;
	int rc;

	ck_assert_msg(f->complete, "%s", f->problem);
	if (c != NULL)
		collect_clear(c);
	rc = replay_audit_run(f, t_ruleset(f->ruleset), c ? &collect_ops :
	    NULL, c, &a);
	ck_assert_msg(rc == 0 && a.ok, "%s", a.what);
	replay_file_free(f);
	return a.decisions;
}

/* ---- the round trip ---------------------------------------------------- */

static sim game;
static collect got;

START_TEST(simulated_games_read_back_verify_and_export_what_was_sent)
{
	int games = games_wanted(), rulesets[3] = { 0, 0, 0 };
	int refused = 0, defaults = 0, timeouts = 0, crashes = 0, notes = 0,
	    lists = 0, pre = 0, shook = 0, players[SAB_MAX_PLAYERS + 1] = { 0 };
	char path[PATH_MAX], err[512];
	sim_opts o;

	tmp_path(path, sizeof path, "round.sabr.gz");
	for (int k = 0; k < games; k++) {
		replay_file *f;
		replay_audit a;
		sim_random_opts(&o, (uint64_t)k);
		sim_game(&o, path, &game);
		f = replay_read(path, err, sizeof err);
		REQUIRE(f != NULL, "game %d: %s", k, err);
		REQUIRE(f->complete && f->skipped == 0 && f->nseats == o.n &&
		    f->tries == o.tries && f->seed == o.seed, "game %d: %s", k,
		    f->problem);
		collect_clear(&got);
		int rc = replay_audit_run(f, t_ruleset(o.ruleset), &collect_ops,
		    &got, &a);
		REQUIRE(rc == 0 && a.ok, "game %d (%s, %d players, seed %llu): "
		    "%s", k, o.ruleset, o.n, (unsigned long long)o.seed, a.what);
		REQUIRE(a.decisions == game.decisions, "game %d: %d decisions "
		    "audited of %d", k, a.decisions, game.decisions);
		REQUIRE(a.records == f->nrecs && got.records == f->nrecs,
		    "game %d: %d records audited, %d heard, of %d", k,
		    a.records, got.records, f->nrecs);
		for (int s = 0; s < o.n; s++) {
			char what[64];
			snprintf(what, sizeof what, "game %d, seat %d", k, s);
			sb_require_same(&got.sent[s], &game.sent[s], what);
		}
		replay_file_free(f);
		rulesets[o.ruleset[0] == 'b' ? 0 : o.ruleset[1] == 'l' ? 1 : 2]++;
		players[o.n]++;
		refused += game.refused;
		defaults += game.defaults_illegal;
		timeouts += game.timeouts;
		crashes += game.crashes;
		notes += game.notes;
		lists += game.legal_lists;
		pre += game.pre_out;
		shook += game.handshake_out;
	}
	/* Every path was taken (with the default number of games, and with
	 * the few of the sanitizer run). */
	if (games >= 300) {
		for (int i = 0; i < 3; i++)
			ck_assert_int_gt(rulesets[i], 0);
		for (int n = 3; n <= SAB_MAX_PLAYERS && n <= 10; n++)
			ck_assert_msg(players[n] > 0, "no game of %d players", n);
		ck_assert_int_gt(refused, 0);
		ck_assert_int_gt(defaults, 0);
		ck_assert_int_gt(timeouts, 0);
		ck_assert_int_gt(crashes, 0);
		ck_assert_int_gt(notes, 0);
		ck_assert_int_gt(lists, 0);
		ck_assert_int_gt(pre, 0);
		ck_assert_int_gt(shook, 0);
	}
	sim_free(&game);
	collect_free(&got);
}
END_TEST

START_TEST(the_rich_game_has_everything_the_damage_tests_need)
{
	char path[PATH_MAX];
	sim_opts o;

	rich_opts(&o);
	tmp_path(path, sizeof path, "rich.sabr.gz");
	sim_game(&o, path, &game);
	ck_assert_int_gt(game.refused, 0);
	ck_assert_int_gt(game.defaults_illegal, 0);
	ck_assert_int_eq(game.timeouts, 1);
	ck_assert_int_eq(game.crashes, 1);
	ck_assert_int_gt(game.notes, 0);
	ck_assert_int_gt(game.legal_lists, 0);
	ck_assert_int_eq(game.pre_out, 1);
	ck_assert_int_eq(audit_passes(path, &got), game.decisions);
	for (int s = 0; s < o.n; s++)
		sb_require_same(&got.sent[s], &game.sent[s], "the rich game");
	/* A seat never started is sent nothing. */
	ck_assert_int_eq(got.sent[3].len, 0);
	sim_free(&game);
	collect_free(&got);
}
END_TEST

/* An audit that runs another in the middle of its own, from its callback
 * as soon as it lists a legal move: the audit keeps nothing between calls
 * (no static list of moves), so the outer one still tells each seat what
 * the referee sent it. */
typedef struct nested {
	collect c;
	const char *path;
	int done;
} nested;

static void nested_sent(void *ctx, int seat, const char *line)
{
	nested *n = ctx;
	replay_audit a;

	collect_sent(&n->c, seat, line);
	if (n->done || strncmp(line, "legal ", 6) != 0)
		return;
	n->done = 1;
	replay_file *f = must_read(n->path);
	REQUIRE(replay_audit_run(f, t_ruleset(f->ruleset), NULL, NULL, &a) == 0,
	    "the inner audit: %s", a.what);
	replay_file_free(f);
}

START_TEST(two_audits_interleaved_give_what_each_alone_gives)
{
	static const replay_audit_ops ops = { NULL, nested_sent };
	static nested n;
	char path[PATH_MAX];
	replay_audit a;
	sim_opts o;

	rich_opts(&o);
	tmp_path(path, sizeof path, "rich.sabr.gz");
	sim_game(&o, path, &game);
	ck_assert_int_gt(game.legal_lists, 0);
	n.path = path;
	replay_file *f = must_read(path);
	ck_assert_msg(replay_audit_run(f, t_ruleset(f->ruleset), &ops, &n,
	    &a) == 0, "%s", a.what);
	ck_assert(n.done);
	for (int s = 0; s < o.n; s++)
		sb_require_same(&n.c.sent[s], &game.sent[s], "the outer audit");
	replay_file_free(f);
	sim_free(&game);
	collect_free(&n.c);
}
END_TEST

START_TEST(a_bot_that_failed_its_handshake_was_sent_the_handshake)
{
	char path[PATH_MAX];
	sim_opts o;

	rich_opts(&o);
	o.pre[3] = PRE_HANDSHAKE;
	o.pre[4] = PRE_HANDSHAKE_CRASH;
	tmp_path(path, sizeof path, "shake.sabr.gz");
	sim_game(&o, path, &game);
	audit_passes(path, &got);
	for (int s = 0; s < o.n; s++)
		sb_require_same(&got.sent[s], &game.sent[s], "handshake");
	ck_assert_str_eq(got.sent[3].s, "saboteur 1\n");
	ck_assert_str_eq(got.sent[4].s, "saboteur 1\n");
	sim_free(&game);
	collect_free(&got);
}
END_TEST


/* ---- damaged files: the rich game, edited ------------------------------ */

static doc rich;
static sim_opts rich_o;

/* Writes the rich game to rich.sabr.gz (into path, when not NULL) and
 * loads its text into `rich`. */
static void make_rich(char *path, size_t len)
{
	char p[PATH_MAX];

	rich_opts(&rich_o);
	tmp_path(p, sizeof p, "rich.sabr.gz");
	sim_game(&rich_o, p, &game);
	doc_load(&rich, p);
	if (path != NULL)
		snprintf(path, len, "%s", p);
}

static void free_rich(void)
{
	doc_free(&rich);
	sim_free(&game);
	collect_free(&got);
}

/* The rich game with line i (from 0) replaced by s, or deleted when s is
 * NULL, written to bad.sabr.gz; returns that path. */
static const char *with_line(int i, const char *s)
{
	static char path[PATH_MAX];
	doc d;

	REQUIRE(i >= 0 && i < rich.n, "no line %d", i + 1);
	doc_copy(&d, &rich);
	if (s != NULL)
		doc_set(&d, i, s);
	else
		doc_delete(&d, i);
	tmp_path(path, sizeof path, "bad.sabr.gz");
	doc_save(&d, path);
	doc_free(&d);
	return path;
}

/* The same with s inserted before line i. */
static const char *with_inserted(int i, const char *s)
{
	static char path[PATH_MAX];
	doc d;

	doc_copy(&d, &rich);
	doc_insert(&d, i, s);
	tmp_path(path, sizeof path, "bad.sabr.gz");
	doc_save(&d, path);
	doc_free(&d);
	return path;
}

/* The index of the first line of the body (the header is before it). */
static int body_start(const doc *d)
{
	int i = doc_find(d, "status ", 0), r = doc_find(d, "round 1", 0);

	return i >= 0 && i < r ? i : r;
}

/* Record i of f must be the same as record i of the whole file. */
static void same_record(const replay_file *f, const replay_file *whole,
    int i, const char *what)
{
	const replay_rec *a = &f->recs[i], *b = &whole->recs[i];

	REQUIRE(i < whole->nrecs && a->kind == b->kind && a->line == b->line &&
	    a->seat == b->seat && a->a == b->a && a->b == b->b &&
	    a->hash == b->hash && a->vis == b->vis &&
	    strcmp(a->text, b->text) == 0, "%s: record %d (line %d) is not "
	    "the file's", what, i, a->line);
}

START_TEST(an_empty_or_foreign_file_is_no_replay)
{
	static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
	char path[PATH_MAX], dir[PATH_MAX], err[512];

	tmp_path(path, sizeof path, "x.sabr.gz");
	spit_raw(path, "", 0);
	read_fails(path, 1, "not a Saboteur replay");
	spit_gz(path, "", 0);
	read_fails(path, 1, "not a Saboteur replay");
	spit_raw(path, "hello world\n", 12);
	read_fails(path, 1, "not a Saboteur replay (it does not begin with "
	    "\"sabr\")");
	spit_gz(path, "#!/bin/sh\necho sabr 1.1\n", 24);
	read_fails(path, 1, "it does not begin with \"sabr\"");
	spit_raw(path, png, sizeof png - 1);
	read_fails(path, 1, "not a Saboteur replay");
	spit_raw(path, "\0\0\0\0\n", 5);
	read_fails(path, 1, "holds a NUL byte");
	spit_raw(path, "sabr\n", 5);
	read_fails(path, 1, "the version is not MAJOR.MINOR");
	spit_raw(path, "sabr 1.x\n", 9);
	read_fails(path, 1, "the version is not MAJOR.MINOR");
	spit_raw(path, "sabr 1.1 extra\n", 15);
	read_fails(path, 1, "more than it should have");
	spit_raw(path, "sabr 1.1", 8);
	read_fails(path, 1, "not a Saboteur replay (no \"sabr\" line)");
	tmp_path(path, sizeof path, "no-such-file.sabr.gz");
	read_fails(path, 0, strerror(ENOENT));
	/* A folder: gzopen takes it, reading it fails. */
	tmp_path(dir, sizeof dir, "folder");
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	ck_assert_ptr_null(replay_read(dir, err, sizeof err));
	ck_assert_msg(strstr(err, dir) != NULL, "%s", err);
	/* In memory, the name given is the name in the message. */
	ck_assert_ptr_null(replay_parse("", 0, "mem", err, sizeof err));
	ck_assert_msg(strncmp(err, "mem: line 1: ", 13) == 0, "%s", err);
}
END_TEST

START_TEST(an_unknown_major_version_is_refused_naming_both)
{
	char want[128];

	make_rich(NULL, 0);
	snprintf(want, sizeof want, "replay format version 2.0, but this "
	    "program reads version %d.x (up to %d.%d)", REPLAY_MAJOR,
	    REPLAY_MAJOR, REPLAY_MINOR);
	read_fails(with_line(0, "sabr 2.0"), 1, want);
	read_fails(with_line(0, "sabr 0.9"), 1, "replay format version 0.9");
	read_fails(with_line(0, "sabr 10000.0"), 1, "not MAJOR.MINOR");
	free_rich();
}
END_TEST

START_TEST(a_later_minor_version_skips_records_it_does_not_know)
{
	char path[PATH_MAX];
	int b, deck, bot, end;
	replay_file *f;
	doc d;

	make_rich(path, sizeof path);
	doc_copy(&d, &rich);
	doc_set(&d, 0, "sabr 1.9");
	b = body_start(&d);
	deck = doc_find(&d, "deck ", 0);
	bot = doc_find(&d, "bot ", 0);
	end = doc_find(&d, "end", b);
	/* From the last to the first, so that the indexes hold. */
	doc_insert(&d, end, "summary 201 decisions");
	doc_insert(&d, bot + 1, "think 0 depth=3 nodes=1200");
	doc_insert(&d, bot, "think");
	doc_insert(&d, deck, "shuffle xoshiro256** 12");
	doc_insert(&d, b, "timezone UTC");
	doc_insert(&d, doc_find(&d, "start ", 0), "referee-host build-7");
	doc_insert(&d, 2, "licence CC0");
	doc_save(&d, path);
	doc_free(&d);
	f = must_read(path);
	ck_assert_msg(f->complete, "%s", f->problem);
	ck_assert_int_eq(f->minor, 9);
	ck_assert_int_eq(f->skipped, 7);
	replay_file_free(f);
	ck_assert_int_eq(audit_passes(path, &got), game.decisions);
	for (int s = 0; s < rich_o.n; s++)
		sb_require_same(&got.sent[s], &game.sent[s], "minor 1.9");
	free_rich();
}
END_TEST

/*
 * A game dealt by seats (duplicate deals) says so in a "deal seats" record,
 * a version 1.5 file's, and verifies by it; without the record the same
 * file is a game dealt by the rulebook, which the rules deal otherwise
 * from the second round on; a deal this program does not know is named.
 */
START_TEST(a_game_dealt_by_seats_verifies_by_its_deal_record)
{
	char path[PATH_MAX];
	replay_file *f;
	int i;

	make_rich(NULL, 0);
	free_rich();
	rich_o.deal = SAB_DEAL_SEATS;
	tmp_path(path, sizeof path, "seats.sabr.gz");
	sim_game(&rich_o, path, &game);
	doc_load(&rich, path);
	ck_assert_str_eq(rich.l[0], "sabr 1.5");
	i = doc_find(&rich, "deal ", 0);
	ck_assert_int_eq(i, doc_find(&rich, "seed ", 0) + 1);
	ck_assert_str_eq(rich.l[i], "deal seats");
	f = must_read(path);
	ck_assert_int_eq(f->deal, SAB_DEAL_SEATS);
	replay_file_free(f);
	ck_assert_int_eq(audit_passes(path, &got), game.decisions);
	for (int s = 0; s < rich_o.n; s++)
		sb_require_same(&got.sent[s], &game.sent[s], "dealt by seats");
	audit_fails(with_line(i, NULL), NULL, doc_find(&rich, "deck ", 0),
	    "the deck: the rules give");
	read_fails(with_line(i, "deal cards"), i + 1, "the deal \"cards\" is "
	    "not one this program knows (seats)");
	read_fails(with_line(i, "deal seats now"), i + 1, "deal");
	free_rich();
	rich_o.deal = SAB_DEAL_PLAY;
}
END_TEST

START_TEST(a_header_without_one_of_its_records_is_refused)
{
	static const char *const need[] = { "program", "ruleset", "seed",
		"game", "start", "clock", "players" };
	char want[64];
	int b, i;

	make_rich(NULL, 0);
	b = body_start(&rich);
	for (size_t k = 0; k < sizeof need / sizeof need[0]; k++) {
		snprintf(want, sizeof want, "%s ", need[k]);
		i = doc_find(&rich, want, 0);
		ck_assert_int_ge(i, 0);
		snprintf(want, sizeof want, "the header has no \"%s\" record",
		    need[k]);
		/* The line named is where the header ends: the body's first. */
		read_fails(with_line(i, NULL), b, want);
	}
	i = doc_find(&rich, "seat 2 ", 0);
	read_fails(with_line(i, NULL), i + 1, "seat 3 where seat 2 was due");
	read_fails(with_line(0, NULL), 1, "it does not begin with \"sabr\"");
	i = doc_find(&rich, "players ", 0);
	read_fails(with_line(i, "players 6"), i + 1, "6 players, but 5 seats");
	read_fails(with_line(doc_find(&rich, "seed ", 0), "seed 12x "
	    "xoshiro256**/splitmix64"), 4, "the seed \"12x\" is not a number");
	read_fails(with_line(doc_find(&rich, "seed ", 0), "seed 1 mt19937"), 4,
	    "the generator \"mt19937\" is not one this program has");
	read_fails(with_line(doc_find(&rich, "ruleset ", 0), "ruleset base "
	    "34D11F7D6AC98AC9"), 3, "not 16 lowercase hexadecimal digits");
	i = doc_find(&rich, "clock ", 0);
	read_fails(with_line(i, "clock handshake=5000 move=x bank=300 "
	    "grace=50"), i + 1, "the clock's move is not a number");
	read_fails(with_line(i, "clock handshake=5000 bank=300"), i + 1,
	    "the clock has no move=MS");
	read_fails(with_line(i, "clock handshake=5000 move=9223372036854775807 "
	    "bank=300 grace=50"), i + 1, "the clock's move is more than "
	    "1000000000000 ms");
	i = doc_find(&rich, "hello ", 0);
	read_fails(with_line(i, "hello 7 bot x"), i + 1,
	    "the seat \"7\" is not a number from 0 to 4");
	/* A "seatseed" record (1.3) in the place of the hello. */
	read_fails(with_line(i, "seatseed 5 1"), i + 1,
	    "the seat \"5\" is not a number from 0 to 4");
	read_fails(with_line(i, "seatseed 0 x1"), i + 1,
	    "seat 0's seed is not a number");
	read_fails(with_line(i, "seatseed 0 18446744073709551616"), i + 1,
	    "seat 0's seed \"18446744073709551616\" is not a number below 2^64");
	read_fails(with_line(i, "seatseed 0 12 13"), i + 1,
	    "a \"seatseed\" record with more than it should have");
	/* Cut inside the header. */
	{
		char path[PATH_MAX];
		size_t len;
		char *text = doc_text(&rich, &len);
		tmp_path(path, sizeof path, "cut.sabr.gz");
		/* After a whole line, it is a header without the rest. */
		spit_gz(path, text, (size_t)(strstr(text, "start ") - text));
		read_fails(path, 6, "the header has no \"seat\" record");
		spit_gz(path, text, (size_t)(strstr(text, "start ") - text) + 3);
		read_fails(path, 6, "the file ends inside its header");
		free(text);
	}
	free_rich();
}
END_TEST

/* Reads a damaged copy and holds it against the whole file: NULL with a
 * message naming the file, or the records read are the file's first ones
 * and the audit stops where they stop.  Returns the records read, or -1
 * for NULL. */
static int read_damaged(const char *path, const replay_file *whole,
    const char *what)
{
	char err[512];
	replay_file *f = replay_read(path, err, sizeof err);
	replay_audit a;
	int n;

	if (f == NULL) {
		REQUIRE(strncmp(err, path, strlen(path)) == 0 && strlen(err) >
		    strlen(path) + 2, "%s: \"%s\"", what, err);
		return -1;
	}
	REQUIRE(!f->complete && f->problem[0] != '\0', "%s: read as whole",
	    what);
	REQUIRE(f->nrecs <= whole->nrecs, "%s: %d records of %d", what,
	    f->nrecs, whole->nrecs);
	for (int i = 0; i < f->nrecs; i++)
		same_record(f, whole, i, what);
	REQUIRE(replay_audit_run(f, t_ruleset("base"), NULL, NULL, &a) == -1 &&
	    !a.ok, "%s: verifies", what);
	if (f->nrecs == 0 || f->recs[f->nrecs - 1].kind != REPLAY_END)
		REQUIRE(strstr(a.what, "stops before") != NULL, "%s: \"%s\"",
		    what, a.what);
	else
		REQUIRE(strstr(a.what, f->problem) != NULL, "%s: \"%s\"", what,
		    a.what);
	n = f->nrecs;
	replay_file_free(f);
	return n;
}

START_TEST(a_file_cut_at_any_byte_reads_as_far_as_it_goes)
{
	char path[PATH_MAX], cut[PATH_MAX], what[64];
	int none = 0, some = 0, most = 0, header = 0;
	unsigned char *bytes;
	size_t size;
	replay_file *whole;

	make_rich(path, sizeof path);
	whole = must_read(path);
	bytes = slurp_raw(path, &size);
	tmp_path(cut, sizeof cut, "cut.sabr.gz");
	for (size_t off = 0; off < size; off += off < 64 ||
	    off + 64 >= size ? 1 : 1 + size / 400) {
		snprintf(what, sizeof what, "cut at byte %zu of %zu", off, size);
		spit_raw(cut, bytes, off);
		int n = read_damaged(cut, whole, what);
		none += n < 0;
		some += n >= 0;
		most += n > whole->nrecs / 2;
		/* Once the header reads, it reads in every longer cut. */
		REQUIRE(n >= 0 || !header, "%s: the header does not read", what);
		header = n >= 0;
	}
	ck_assert_int_gt(none, 0);
	ck_assert_int_gt(some, 100);
	ck_assert_int_gt(most, 50);
	/* The message of a cut stream says so. */
	spit_raw(cut, bytes, size / 2);
	replay_file *f = must_read(cut);
	ck_assert_msg(strstr(f->problem, "the compressed data ends before the "
	    "stream does") != NULL, "%s", f->problem);
	replay_file_free(f);
	free(bytes);
	replay_file_free(whole);
	free_rich();
}
END_TEST

START_TEST(a_text_cut_anywhere_reads_as_far_as_it_goes)
{
	char err[512];
	size_t len;
	char *text;
	replay_file *whole;
	int cut_short = 0, ends_early = 0;

	make_rich(NULL, 0);
	text = doc_text(&rich, &len);
	whole = replay_parse(text, len, "whole", err, sizeof err);
	ck_assert_msg(whole != NULL && whole->complete, "%s", err);
	for (size_t off = 0; off < len; off += 1 + len / 500) {
		char what[64];
		replay_audit a;
		replay_file *f = replay_parse(text, off, "cut", err, sizeof err);
		snprintf(what, sizeof what, "text cut at %zu of %zu", off, len);
		if (f == NULL) {
			REQUIRE(strncmp(err, "cut: line ", 10) == 0, "%s: %s",
			    what, err);
			continue;
		}
		REQUIRE(!f->complete, "%s: complete", what);
		for (int i = 0; i < f->nrecs; i++)
			same_record(f, whole, i, what);
		cut_short += strstr(f->problem, "the last record is cut short") !=
		    NULL;
		ends_early += strstr(f->problem, "the file ends before the game "
		    "does") != NULL;
		REQUIRE(replay_audit_run(f, t_ruleset("base"), NULL, NULL, &a) ==
		    -1 && strstr(a.what, "stops before") != NULL, "%s: %s", what,
		    a.what);
		replay_file_free(f);
	}
	ck_assert_int_gt(cut_short, 100);
	/* And cut just after a newline. */
	for (size_t off = len - 1; off > len / 2; off--)
		if (text[off - 1] == '\n') {
			replay_file *f = replay_parse(text, off, "cut", err,
			    sizeof err);
			ck_assert_ptr_nonnull(f);
			ck_assert_msg(strstr(f->problem, "the file ends before "
			    "the game does") != NULL, "%s", f->problem);
			ends_early++;
			replay_file_free(f);
			break;
		}
	ck_assert_int_gt(ends_early, 0);
	replay_file_free(whole);
	free(text);
	free_rich();
}
END_TEST

START_TEST(a_part_file_left_by_abandon_reads_and_stops)
{
	char path[PATH_MAX], part[PATH_MAX];
	struct stat st;
	replay_file *f;
	replay_audit a;
	sim_opts o;

	rich_opts(&o);
	o.abandon_after = 40;
	tmp_path(path, sizeof path, "stopped.sabr.gz");
	tmp_path(part, sizeof part, "stopped.sabr.gz.part");
	sim_game(&o, path, &game);
	ck_assert_int_ne(stat(path, &st), 0);
	f = must_read(part);
	ck_assert(!f->complete);
	ck_assert_msg(strstr(f->problem, "the file ends before the game does")
	    != NULL, "%s", f->problem);
	ck_assert_int_eq(f->recs[f->nrecs - 1].kind, REPLAY_TURN);
	ck_assert_int_eq(f->recs[f->nrecs - 1].a, 40);
	ck_assert_int_eq(replay_audit_run(f, t_ruleset("base"), NULL, NULL, &a),
	    -1);
	ck_assert_msg(strstr(a.what, "stops before") != NULL, "%s", a.what);
	ck_assert_msg(strstr(a.what, "decision 41") != NULL, "%s", a.what);
	ck_assert_int_eq(a.decisions, 40);
	ck_assert_int_eq(a.line, f->recs[f->nrecs - 1].line + 1);
	replay_file_free(f);
	sim_free(&game);
}
END_TEST

START_TEST(bit_flips_never_crash_and_never_pass_unnoticed)
{
	char path[PATH_MAX], bad[PATH_MAX], err[512];
	unsigned char *bytes;
	size_t size, len, tlen;
	char *text = NULL;
	int passed = 0, refused = 0, failed = 0;
	sab_rng r;

	make_rich(path, sizeof path);
	bytes = slurp_raw(path, &size);
	text = slurp(path, &tlen);
	tmp_path(bad, sizeof bad, "flip.sabr.gz");
	sab_rng_seed(&r, 99);
	/* Every bit of the gzip header and trailer, and bits at random in
	 * between. */
	int flips = 8 * 16 + 8 * 8 + 400;
	for (int k = 0; k < flips; k++) {
		size_t pos;
		int bit;
		if (k < 8 * 16)
			pos = (size_t)k / 8, bit = k % 8;
		else if (k < 8 * 24)
			pos = size - 8 + (size_t)(k - 8 * 16) / 8, bit = k % 8;
		else
			pos = 16 + sab_rng_below(&r, (uint32_t)(size - 24)),
			bit = (int)sab_rng_below(&r, 8);
		bytes[pos] ^= (unsigned char)(1u << bit);
		spit_raw(bad, bytes, size);
		bytes[pos] ^= (unsigned char)(1u << bit);
		replay_file *f = replay_read(bad, err, sizeof err);
		if (f == NULL) {
			REQUIRE(strncmp(err, bad, strlen(bad)) == 0, "bit %d of "
			    "byte %zu: %s", bit, pos, err);
			refused++;
			continue;
		}
		replay_audit a;
		if (replay_audit_run(f, t_ruleset("base"), NULL, NULL, &a) == 0) {
			/* It may pass only when what it says is unchanged. */
			char *t = slurp(bad, &len);
			REQUIRE(len == tlen && memcmp(t, text, len) == 0, "bit %d "
			    "of byte %zu: a changed text verifies", bit, pos);
			free(t);
			passed++;
		} else {
			REQUIRE(a.what[0] != '\0' && a.line > 0, "bit %d of byte "
			    "%zu: no reason", bit, pos);
			failed++;
		}
		replay_file_free(f);
	}
	/* The header's time stamp, flags and system byte change nothing. */
	ck_assert_int_gt(passed, 0);
	ck_assert_int_gt(failed, 300);
	ck_assert_int_eq(passed + refused + failed, flips);
	free(text);
	free(bytes);
	free_rich();
}
END_TEST

START_TEST(a_nul_byte_or_an_endless_line_stops_the_reading)
{
	char path[PATH_MAX], want[64];
	size_t len;
	char *text, *big;
	int i;
	replay_file *f;

	make_rich(NULL, 0);
	tmp_path(path, sizeof path, "nul.sabr.gz");
	text = doc_text(&rich, &len);
	/* A NUL byte in the body: the records before its line are read. */
	i = doc_find(&rich, "turn 5 ", 0);
	char *at = strstr(text, "turn 5 ");
	at[3] = '\0';
	spit_gz(path, text, len);
	at[3] = 'n';
	f = must_read(path);
	snprintf(want, sizeof want, "line %d holds a NUL byte", i + 1);
	ck_assert_msg(strstr(f->problem, want) != NULL, "%s", f->problem);
	ck_assert_int_eq(f->recs[f->nrecs - 1].line, i);
	replay_file_free(f);
	audit_fails(path, NULL, i + 1, want);
	/* In the header: not a replay at all. */
	at = strstr(text, "seed ");
	at[1] = '\0';
	spit_gz(path, text, len);
	at[1] = 'e';
	read_fails(path, 4, "holds a NUL byte");
	free(text);

	/* A record of the longest length reads; one byte more does not. */
	i = doc_find(&rich, "note ", 0);
	big = malloc(REPLAY_MAX_RECORD + 2);
	ck_assert_ptr_nonnull(big);
	memset(big, 'x', REPLAY_MAX_RECORD + 1);
	memcpy(big, rich.l[i], 7);
	big[REPLAY_MAX_RECORD] = '\0';
	audit_passes(with_line(i, big), NULL);
	big[REPLAY_MAX_RECORD] = 'x';
	big[REPLAY_MAX_RECORD + 1] = '\0';
	f = must_read(with_line(i, big));
	snprintf(want, sizeof want, "line %d is longer than a record may be",
	    i + 1);
	ck_assert_msg(strstr(f->problem, want) != NULL, "%s", f->problem);
	replay_file_free(f);
	audit_fails(with_line(i, big), NULL, i + 1, want);
	read_fails(with_line(1, big), 2, "is longer than a record may be");
	free(big);
	free_rich();
}
END_TEST

START_TEST(a_record_after_end_is_refused)
{
	char want[64];

	make_rich(NULL, 0);
	snprintf(want, sizeof want, "line %d: a record after \"end\"",
	    rich.n + 1);
	audit_fails(with_inserted(rich.n, "end"), NULL, rich.n + 1, want);
	audit_fails(with_inserted(rich.n, "ev all quit"), NULL, rich.n + 1,
	    want);
	audit_fails(with_inserted(rich.n, "later-minor-record 1"), NULL,
	    rich.n + 1, want);
	free_rich();
}
END_TEST

START_TEST(a_malformed_record_is_named_with_its_line)
{
	static const struct { const char *find, *inside, *now, *want; } c[] = {
		{ "turn 2 ", "", "turn 2 x", "the state's hash is not 16 "
		  "hexadecimal digits" },
		{ "turn 3 ", "", "turn three 0000000000000000",
		  "the decision \"three\" is not a number" },
		{ "ev hidden:0 ", "", "ev sideways:0 draw 0 path-NS",
		  "the visibility \"sideways\" is not all, seat:S or hidden:S" },
		{ "ev hidden:0 ", "", "ev hidden:9 draw 0 path-NS",
		  "the seat \"9\" is not a number from 0 to 4" },
		{ "ev all ", "", "ev all", "an event without its line" },
		{ "ev all ", "", "ev", "an event without its visibility" },
		{ "bot 0 ", "", "bot 0 -5 300 play map 8 0",
		  "the time used \"-5\" is not a number" },
		{ "bot 0 ", "", "bot 0 5", "the bank is missing" },
		{ "bot 0 ", "", "bot 0 4611686018427387903 5 discard map",
		  "the time used \"4611686018427387903\" is not a number from "
		  "0 to 1000000000000000" },
		{ "bot 0 ", "", "bot 0 5 1000000000001 discard map",
		  "the bank \"1000000000001\" is not a number" },
		{ "move 1 ", "", "move 7 discard map",
		  "the seat \"7\" is not a number from 0 to 4" },
		{ "move 1 ", "", "move 1", "a move record without its move" },
		{ "status 1 ", "", "status 1", "a status record without its "
		  "status" },
		{ "round 2", "", "round two", "the round \"two\" is not a number" },
		{ "round 2", "", "round 2 of 3", "a \"round\" record with more "
		  "than it should have" },
		{ "goalcard ", "", "goalcard 8 x gold-NESW", "y \"x\" is not a "
		  "number" },
		{ "end", "", "end now", "a \"end\" record with more than it "
		  "should have" },
	};
	char want[256];

	make_rich(NULL, 0);
	{
		/* A hash in capitals. */
		int i = doc_find(&rich, "turn 1 ", 0);
		char now[64];
		snprintf(now, sizeof now, "%s", rich.l[i]);
		for (char *p = now; *p; p++)
			if (*p >= 'a' && *p <= 'f')
				*p = (char)(*p - 'a' + 'A');
		snprintf(want, sizeof want, "line %d: the state's hash \"%s\" is "
		    "not 16 lowercase hexadecimal digits", i + 1, now + 7);
		replay_file *f = must_read(with_line(i, now));
		ck_assert_msg(strstr(f->problem, want) != NULL, "%s", f->problem);
		replay_file_free(f);
	}
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		int i = doc_find2(&rich, c[k].find, c[k].inside,
		    body_start(&rich));
		ck_assert_msg(i >= 0, "no %s line", c[k].find);
		const char *path = with_line(i, c[k].now);
		replay_file *f = must_read(path);
		snprintf(want, sizeof want, "line %d: %s", i + 1, c[k].want);
		ck_assert_msg(strstr(f->problem, want) != NULL, "\"%s\": \"%s\", "
		    "want \"%s\"", c[k].now, f->problem, want);
		ck_assert(!f->complete);
		replay_file_free(f);
		audit_fails(path, NULL, i + 1, c[k].want);
	}
	free_rich();
}
END_TEST

START_TEST(a_version_1_0_file_still_verifies)
{
	char path[PATH_MAX];
	replay_file *f;
	sim_opts o;
	doc d;

	/* Version 1.0 had no tries, no hello and no seats out before the
	 * game: a game of well-behaved bots. */
	rich_opts(&o);
	for (int s = 0; s < o.n; s++)
		o.bad[s] = 0, o.pre[s] = PRE_NONE;
	o.timeout_seat = o.crash_seat = -1;
	tmp_path(path, sizeof path, "old.sabr.gz");
	sim_game(&o, path, &game);
	doc_load(&d, path);
	doc_set(&d, 0, "sabr 1.0");
	doc_delete(&d, doc_find(&d, "tries ", 0));
	for (int i; (i = doc_find(&d, "hello ", 0)) >= 0;)
		doc_delete(&d, i);
	doc_save(&d, path);
	doc_free(&d);
	f = must_read(path);
	ck_assert_int_eq(f->minor, 0);
	ck_assert_int_eq(f->tries, 0);
	ck_assert_ptr_null(f->seat[0].hello);
	replay_file_free(f);
	ck_assert_int_eq(audit_passes(path, NULL), game.decisions);
	sim_free(&game);
}
END_TEST

/* ---- damaged games: the audit names the place -------------------------- */

/* Which swaps of two neighbouring records the file need not show: notes
 * are kept in the order read, among the replies and statuses of the
 * decision, and nothing depends on where; two refused replies of a seat
 * with the same bank are refused in either order. */
static int swap_may_pass(const char *a, const char *b)
{
	int na = strncmp(a, "note ", 5) == 0, nb = strncmp(b, "note ", 5) == 0;
	int ba = strncmp(a, "bot ", 4) == 0, bb = strncmp(b, "bot ", 4) == 0;
	int qa = na || ba || strncmp(a, "status ", 7) == 0;
	int qb = nb || bb || strncmp(b, "status ", 7) == 0;

	return ((na || nb) && qa && qb) || (ba && bb);
}

START_TEST(records_out_of_order_are_named_at_their_line)
{
	char path[PATH_MAX], err[512];
	int b, tried = 0, first = 0, passed = 0;
	size_t len;
	doc d;

	make_rich(path, sizeof path);
	doc_copy(&d, &rich);
	b = body_start(&d);
	/* In memory (replay_parse), for speed; one through a file below. */
	for (int i = b; i + 1 < d.n; i++) {
		if (strcmp(d.l[i], d.l[i + 1]) == 0)
			continue;
		doc_swap(&d, i, i + 1);
		char *text = doc_text(&d, &len);
		doc_swap(&d, i, i + 1);
		replay_file *f = replay_parse(text, len, "swapped", err,
		    sizeof err);
		replay_audit a;
		REQUIRE(f != NULL, "%s", err);
		if (replay_audit_run(f, t_ruleset("base"), NULL, NULL, &a) == 0) {
			REQUIRE(swap_may_pass(d.l[i], d.l[i + 1]), "lines %d and "
			    "%d swapped: it verifies", i + 1, i + 2);
			passed++;
			replay_file_free(f);
			free(text);
			continue;
		}
		REQUIRE(a.line == i + 1 || a.line == i + 2, "lines %d and %d "
		    "swapped (\"%s\", \"%s\"): %s", i + 1, i + 2, d.l[i + 1],
		    d.l[i], a.what);
		first += a.line == i + 1;
		tried++;
		replay_file_free(f);
		free(text);
	}
	doc_free(&d);
	ck_assert_int_gt(tried, rich.n / 2);
	ck_assert_int_gt(first, tried * 9 / 10);
	ck_assert_int_lt(passed, tried / 10);
	/* The move and the turn that ends it. */
	int i = doc_find(&rich, "move 2 ", 0);
	doc_copy(&d, &rich);
	doc_swap(&d, i, i + 1);
	doc_save(&d, path);
	doc_free(&d);
	audit_fails(path, NULL, i + 1, "expected the move (a \"move\" record), "
	    "found a \"turn\" record");
	free_rich();
}
END_TEST

/* The move of a "move S MOVE" or "bot S USED BANK MOVE" line. */
static const char *move_of(const char *line)
{
	const char *s = line;

	for (int words = strncmp(line, "bot ", 4) == 0 ? 4 : 2; words > 0;
	    words--)
		s = strchr(s, ' ') + 1;
	return s;
}

START_TEST(a_changed_move_is_caught)
{
	char now[256], want[256];
	int i, j;

	make_rich(NULL, 0);
	/* In the "move" record. */
	i = doc_find(&rich, "move 1 play ", 0);
	snprintf(want, sizeof want, "the move applied was \"1 discard map\", "
	    "but the bot's replies and the rules give \"1 %s\"",
	    move_of(rich.l[i]));
	audit_fails(with_line(i, "move 1 discard map"), NULL, i + 1, want);
	/* In the bot's line: another legal move (discarding the card it
	 * played), which the "move" record then contradicts. */
	i = doc_find(&rich, "bot 4 ", 0);
	while (strstr(rich.l[i], " play ") == NULL ||
	    strncmp(rich.l[i - 1], "turn ", 5) != 0 ||
	    strncmp(rich.l[i + 1], "ev all played 4 ", 16) != 0)
		i = doc_find(&rich, "bot 4 ", i + 1);
	j = doc_find(&rich, "move 4 ", i);
	char card[64];
	sscanf(move_of(rich.l[i]), "play %63s", card);
	snprintf(now, sizeof now, "%.*sdiscard %s",
	    (int)(move_of(rich.l[i]) - rich.l[i]), rich.l[i], card);
	snprintf(want, sizeof want, "the move applied was \"4 %s\", but the "
	    "bot's replies and the rules give \"4 discard %s\"",
	    move_of(rich.l[j]), card);
	audit_fails(with_line(i, now), NULL, j + 1, want);
	/* A bot's legal line made garbage: refused, and nothing says why the
	 * seat was then played for. */
	snprintf(now, sizeof now, "%.*splay nothing",
	    (int)(move_of(rich.l[i]) - rich.l[i]), rich.l[i]);
	audit_fails(with_line(i, now), NULL, i + 2, "seat 4 was played for "
	    "after 1 refused replies of 3, with no timeout or failure "
	    "recorded");
	/* The default move of the seat never started. */
	i = doc_find(&rich, "move 3 discard ", 0);
	audit_fails(with_line(i, "move 3 discard map"), NULL, i + 1,
	    "the move applied was \"3 discard map\"");
	free_rich();
}
END_TEST

START_TEST(an_event_shown_to_a_seat_that_may_not_see_it_names_the_seat)
{
	char now[256], want[256], card[64];
	int i;

	make_rich(NULL, 0);
	/* hidden:S made all: the first other seat would have seen the card. */
	i = doc_find(&rich, "ev hidden:2 draw 2 ", 0);
	sscanf(rich.l[i], "ev hidden:2 draw 2 %63s", card);
	snprintf(now, sizeof now, "ev all draw 2 %s", card);
	snprintf(want, sizeof want, "seat 0 was sent \"draw 2 %s\", but the "
	    "rules let it see only \"draw 2 -\"", card);
	audit_fails(with_line(i, now), NULL, i + 1, want);
	/* Shown to the wrong seat. */
	snprintf(now, sizeof now, "ev hidden:1 draw 2 %s", card);
	snprintf(want, sizeof want, "seat 1 was sent \"draw 2 %s\"", card);
	audit_fails(with_line(i, now), NULL, i + 1, want);
	/* seat:S made all: a role nobody else may know. */
	i = doc_find(&rich, "ev seat:1 role 1 ", 0);
	snprintf(now, sizeof now, "ev all %s", rich.l[i] + 10);
	snprintf(want, sizeof want, "seat 0 was sent \"%s\", which the rules "
	    "do not let it see", rich.l[i] + 10);
	audit_fails(with_line(i, now), NULL, i + 1, want);
	/* A peek at a goal made hidden: the others would learn where. */
	i = doc_find(&rich, "ev seat:2 peek ", 0);
	ck_assert_int_ge(i, 0);
	snprintf(now, sizeof now, "ev hidden:2 %s", rich.l[i] + 10);
	audit_fails(with_line(i, now), NULL, i + 1, "seat 0 was sent \"peek ");
	/* The hidden card itself changed: the event differs. */
	i = doc_find(&rich, "ev hidden:0 draw 0 ", 0);
	audit_fails(with_line(i, "ev hidden:0 draw 0 rockfall"), NULL, i + 1,
	    "the rules give \"ev hidden:0 draw 0 ");
	free_rich();
}
END_TEST

START_TEST(a_changed_hash_result_deck_or_seed_is_caught)
{
	char now[8192];
	int i;

	make_rich(NULL, 0);
	/* A state hash. */
	i = doc_find(&rich, "turn 17 ", 0);
	snprintf(now, sizeof now, "%s", rich.l[i]);
	now[strlen(now) - 1] = now[strlen(now) - 1] == '0' ? '1' : '0';
	audit_fails(with_line(i, now), NULL, i + 1, "the state's hash is ");
	/* The decision's number. */
	audit_fails(with_line(i, "turn 18 0000000000000000"), NULL, i + 1,
	    "decision 18 where 17 was due");
	/* The last decision, which ends the game before its records are
	 * checked: its hash, its move, its last event. */
	i = doc_find(&rich, "result ", 0) - 1;
	snprintf(now, sizeof now, "turn %d 0000000000000000", game.decisions);
	audit_fails(with_line(i, now), NULL, i + 1, "the state's hash is "
	    "0000000000000000");
	audit_fails(with_line(i - 1, "move 0 discard map"), NULL, i,
	    "the move applied was \"0 discard map\"");
	snprintf(now, sizeof now, "%s 4", rich.l[i - 2]);
	audit_fails(with_line(i - 2, now), NULL, i - 1, "the rules give \"ev "
	    "all gameover ");
	/* The result. */
	i = doc_find(&rich, "result ", 0);
	snprintf(now, sizeof now, "%s", rich.l[i]);
	now[7] = now[7] == '9' ? '8' : (char)(now[7] + 1);
	audit_fails(with_line(i, now), NULL, i + 1, "the result: the rules "
	    "give \"");
	audit_fails(with_line(i, "result 3 4 0 4 3 winners 1"), NULL, i + 1,
	    "the result");
	/* Round 2's deck: two different cards swapped. */
	i = doc_find(&rich, "round 2", 0) + 1;
	{
		char *w1 = strchr(rich.l[i], ' ') + 1, *w2 = strchr(w1, ' ') + 1;
		size_t l1 = (size_t)(w2 - w1 - 1);
		while (strncmp(w1, w2, l1) == 0 && (w2[l1] == ' ' ||
		    w2[l1] == '\0')) {
			w1 = w2;
			w2 = strchr(w1, ' ') + 1;
			l1 = (size_t)(w2 - w1 - 1);
		}
		size_t l2 = strcspn(w2, " ");
		snprintf(now, sizeof now, "%.*s%.*s %.*s%s",
		    (int)(w1 - rich.l[i]), rich.l[i], (int)l2, w2, (int)l1, w1,
		    w2 + l2);
	}
	audit_fails(with_line(i, now), NULL, i + 1, "the deck: the rules give");
	/* A hand, a role, the spare, a goal card, the gold deck. */
	i = doc_find(&rich, "hand 2 ", 0);
	audit_fails(with_line(i, "hand 2 map map map map map map"), NULL,
	    i + 1, "the hand dealt: the rules give");
	i = doc_find(&rich, "role 0 ", 0);
	audit_fails(with_line(i, strstr(rich.l[i], "miner") ? "role 0 saboteur"
	    : "role 0 miner"), NULL, i + 1, "the role dealt");
	i = doc_find(&rich, "spare ", 0);
	audit_fails(with_line(i, "spare none"), NULL, i + 1, "the spare role");
	i = doc_find(&rich, "goalcard 8 0 ", 0);
	audit_fails(with_line(i, "goalcard 8 0 gold-NESW"), NULL, i + 1,
	    "the goal card");
	audit_fails(with_line(i, "goalcard 8 1 stone-NW"), NULL, i + 1,
	    "a goal card at 8 1 where the goal place 8 0 was due");
	i = doc_find(&rich, "golddeck ", 0);
	audit_fails(with_line(i, "golddeck 3 3 3"), NULL, i + 1,
	    "the gold deck");
	/* The seed: another deck from the first round on. */
	i = doc_find(&rich, "seed ", 0);
	audit_fails(with_line(i, "seed 2027 xoshiro256**/splitmix64"), NULL,
	    doc_find(&rich, "deck ", 0) + 1, "the deck: the rules give");
	free_rich();
}
END_TEST

START_TEST(a_ruleset_other_than_the_one_played_is_refused)
{
	char want[256];
	int i;

	make_rich(NULL, 0);
	i = doc_find(&rich, "ruleset ", 0);
	snprintf(want, sizeof want, "the game was played by ruleset base (hash "
	    "0123456789abcdef), not by base (hash %016llx)",
	    (unsigned long long)replay_ruleset_hash(t_ruleset("base")));
	audit_fails(with_line(i, "ruleset base 0123456789abcdef"),
	    t_ruleset("base"), 0, want);
	snprintf(want, sizeof want, "the game was played by ruleset base (hash "
	    "%016llx), not by classic (hash %016llx)",
	    (unsigned long long)replay_ruleset_hash(t_ruleset("base")),
	    (unsigned long long)replay_ruleset_hash(t_ruleset("classic")));
	audit_fails(with_line(0, rich.l[0]), t_ruleset("classic"),
	    body_start(&rich) + 1, want);
	/* The name and hash of another ruleset on a base game. */
	snprintf(want, sizeof want, "ruleset classic %016llx",
	    (unsigned long long)replay_ruleset_hash(t_ruleset("classic")));
	audit_fails(with_line(i, want), t_ruleset("base"), 0,
	    "not by base");
	free_rich();
}
END_TEST

START_TEST(the_clock_the_tries_and_who_may_speak_are_checked)
{
	char now[256];
	int i;

	make_rich(NULL, 0);
	/* A bank that the clock does not give. */
	i = doc_find(&rich, "bot 2 ", 0);
	{
		long long used, bank;
		int n = 0;
		ck_assert_int_eq(sscanf(rich.l[i], "bot 2 %lld %lld %n", &used,
		    &bank, &n), 2);
		snprintf(now, sizeof now, "bot 2 %lld %lld %s", used, bank + 7,
		    rich.l[i] + n);
	}
	audit_fails(with_line(i, now), NULL, i + 1, "seat 2's bank is ");
	/* A line from a seat that was not asked. */
	audit_fails(with_inserted(i + 1, "bot 4 10 300 discard map"), NULL,
	    i + 2, "a line from seat 4, which was not asked for one");
	/* A second line after a legal one. */
	audit_fails(with_inserted(i + 1, rich.l[i]), NULL, i + 2,
	    "a line from seat 2 after its move was taken");
	/* A fourth reply when three tries were allowed. */
	{
		doc d;
		char path[PATH_MAX];
		doc_copy(&d, &rich);
		for (int k = 0; k < 3; k++)
			doc_insert(&d, i, "bot 2 10 300 play");
		tmp_path(path, sizeof path, "tries.sabr.gz");
		doc_save(&d, path);
		doc_free(&d);
		audit_fails(path, NULL, i + 4, "a line from seat 2 after its 3 "
		    "tries were used");
	}
	/* A timeout status that was not recorded: the seat's later
	 * decisions are asked for. */
	i = doc_find(&rich, "status 1 timeout", 0);
	audit_fails(with_line(i, NULL), NULL, i + 1, "seat 1 was played for "
	    "after 0 refused replies of 3, with no timeout or failure "
	    "recorded");
	/* A crash not recorded, the same. */
	i = doc_find(&rich, "status 2 crash", 0);
	audit_fails(with_line(i, NULL), NULL, i + 1, "seat 2 was played for "
	    "after");
	free_rich();
}
END_TEST

/* ---- suites ------------------------------------------------------------ */

Suite *audit_suite(void)
{
	Suite *s = suite_create("audit");
	TCase *tc = tcase_create("round trip");
	TCase *td = tcase_create("damage");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, simulated_games_read_back_verify_and_export_what_was_sent);
	tcase_add_test(tc, the_rich_game_has_everything_the_damage_tests_need);
	tcase_add_test(tc, a_bot_that_failed_its_handshake_was_sent_the_handshake);
	tcase_add_test(tc, two_audits_interleaved_give_what_each_alone_gives);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(td, setup, teardown);
	tcase_set_timeout(td, 120);
	tcase_add_test(td, records_out_of_order_are_named_at_their_line);
	tcase_add_test(td, a_changed_move_is_caught);
	tcase_add_test(td, an_event_shown_to_a_seat_that_may_not_see_it_names_the_seat);
	tcase_add_test(td, a_changed_hash_result_deck_or_seed_is_caught);
	tcase_add_test(td, a_ruleset_other_than_the_one_played_is_refused);
	tcase_add_test(td, the_clock_the_tries_and_who_may_speak_are_checked);
	suite_add_tcase(s, td);
	return s;
}

Suite *reader_suite(void)
{
	Suite *s = suite_create("reader");
	TCase *tc = tcase_create("bad files");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, an_empty_or_foreign_file_is_no_replay);
	tcase_add_test(tc, an_unknown_major_version_is_refused_naming_both);
	tcase_add_test(tc, a_later_minor_version_skips_records_it_does_not_know);
	tcase_add_test(tc, a_header_without_one_of_its_records_is_refused);
	tcase_add_test(tc, a_game_dealt_by_seats_verifies_by_its_deal_record);
	tcase_add_test(tc, a_file_cut_at_any_byte_reads_as_far_as_it_goes);
	tcase_add_test(tc, a_text_cut_anywhere_reads_as_far_as_it_goes);
	tcase_add_test(tc, a_part_file_left_by_abandon_reads_and_stops);
	tcase_add_test(tc, bit_flips_never_crash_and_never_pass_unnoticed);
	tcase_add_test(tc, a_nul_byte_or_an_endless_line_stops_the_reading);
	tcase_add_test(tc, a_record_after_end_is_refused);
	tcase_add_test(tc, a_malformed_record_is_named_with_its_line);
	tcase_add_test(tc, a_version_1_0_file_still_verifies);
	suite_add_tcase(s, tc);
	return s;
}
