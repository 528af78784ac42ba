/* match.c: handshakes, games, decisions with their clock and tries, the
 * default move, and the referee's own cost. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "event_def.h"
#include "outputs.h"
#include "replay.h"
#include "session.h"

#include "match.h"

#define NS_PER_MS 1000000LL

/* The state of one match while it runs.  The fields from g on are large
 * (400 KB, most of it the session's room for a request's moves) and each
 * is set before it is read, so a run is not zeroed beyond them. */
typedef struct run {
	const match_opts *o;
	bot *bots;              /* the pool the seats are filled from */
	int nbots;
	int n;                  /* seats in the game (bots in the handshake) */
	proc *set[MATCH_MAX_BOTS];  /* the seated bots' processes */
	match_cost *cost;
	int64_t last_reply;     /* when the last reply's newline was read, or 0 */
	/* The game being played. */
	const match_game *spec;
	sab_rng rng;
	int seat_bot[SAB_MAX_PLAYERS];
	uint16_t out;           /* seats whose bot lost control this game */
	int decisions;
	game_result *res;
	replay_writer *rw;      /* this game's replay, or NULL */
	/* The reaction window under way: its seats asked at once, in the
	 * rules' order, each with the moment its request was written (its
	 * clock runs from then; 0: when its pipe took the last of it) and
	 * its deadline. */
	int window;             /* 1 while one is open */
	int nearly, early[SAB_MAX_PLAYERS];
	int64_t asked_at[SAB_MAX_PLAYERS], early_deadline[SAB_MAX_PLAYERS];
	int early_decision[SAB_MAX_PLAYERS];    /* its request's number */
	proto_cards pc;         /* o->pc, following g's goal places */
	sab_game g;
	sab_events ev;
	session ss;             /* what the seats are told */
} run;

/* A bot's own time limits, or the match's. */
static int64_t move_of(const run *r, const bot *b)
{
	return b->own_clock ? b->move_limit : r->o->clock.move;
}

static int64_t bank_of(const run *r, const bot *b)
{
	return b->own_clock ? b->bank_limit : r->o->clock.bank;
}

static void count(run *r, uint64_t k)
{
	r->cost->messages += k;
}

static void send_line(run *r, bot *b, const char *line, size_t len)
{
	bot_send(b, line, len);
	count(r, 1);
}

/* Stops one bot at once (its failure may be a hang or garbage). */
static void stop_bot(run *r, bot *b)
{
	proc *p = &b->p;

	proc_stop_all(&p, 1, r->o->clock.grace);
}

/* ---- what a bot says besides its replies ------------------------------ */

/* Keeps a bot's note in the game's replay, if any; frees it. */
static void keep_note(run *r, const bot *b, char *note, size_t len)
{
	if (r->rw != NULL)
		replay_note(r->rw, b->seat, note, len);
	free(note);
}

/*
 * bot_reply(), with the notes the bot sends meanwhile kept in the replay,
 * and a failure, as bot_fail() worded it, recorded there when it happens.
 */
static int reply_of(run *r, bot *b, int64_t deadline, char **line,
    size_t *len, int64_t *t, const char *what)
{
	int was = b->status, k;

	while ((k = bot_reply(b, r->set, r->n, deadline, r->o->max_turn_bytes,
	    line, len, t, what)) == BOT_REPLY_NOTE)
		keep_note(r, b, *line, *len);
	if (r->rw != NULL && was == BOT_OK && b->status != BOT_OK)
		replay_status(r->rw, b->seat, bot_status_name(b->status),
		    b->detail);
	return k;
}

/* ---- the handshake ---------------------------------------------------- */

static void handshake_one(run *r, bot *b, int64_t deadline)
{
	char *line, name[PROTO_NAME_MAX + 1], why[160], shown[4 * 40 + 1];
	unsigned feat = 0;
	size_t len;
	sab_move m;
	int64_t t;

	if (reply_of(r, b, deadline, &line, &len, &t, "the handshake") !=
	    BOT_REPLY_LINE) {
		/* Nothing at all from a bot that runs most often means
		 * that its lines wait in a buffer it never flushes. */
		if (b->status == BOT_TIMEOUT || b->status == BOT_OK)
			b->status = BOT_OK, bot_fail(b, BOT_HANDSHAKE,
			    "no \"bot NAME\" reply in time%s", b->p.rlen == 0 ?
			    " (it has sent nothing: does it flush its output "
			    "after each line?)" : "");
		return;
	}
	count(r, 1);
	/* Kept as the replay records text (saboteur-replay(5)); a reply cut
	 * to fit is still the bot's, and only the features are read from it. */
	(void)proto_escape(b->hello, sizeof b->hello, line, len, 1);
	if (proto_parse(&r->pc, line, len, &m, name, &feat, why,
	    sizeof why) != PROTO_HELLO) {
		(void)proto_escape(shown, sizeof shown, line, len > 40 ? 40 : len,
		    0);
		bot_fail(b, BOT_HANDSHAKE, "the handshake reply \"%s\" is "
		    "not \"bot NAME\"", shown);
	} else {
		memcpy(b->name, name, sizeof b->name);
		b->features = feat;
	}
	free(line);
}

static int handshake(run *r)
{
	char line[32];
	int64_t deadline = proc_now() + r->o->clock.handshake +
	    r->o->clock.grace;
	int len = session_hello_line(line, sizeof line);

	if (len < 0)
		return MATCH_FAILED;
	for (int i = 0; i < r->n; i++)
		send_line(r, &r->bots[i], line, (size_t)len);
	for (int i = 0; i < r->n; i++) {
		bot *b = &r->bots[i];
		/* A network seat waits for its bot to connect first. */
		handshake_one(r, b, deadline + b->net_wait + b->allowance);
		if (proc_interrupted())
			return MATCH_INTERRUPTED;
		if (b->status != BOT_OK)
			stop_bot(r, b);
	}
	return MATCH_DONE;
}

/* ---- telling the seats ----------------------------------------------- */

static bot *at(run *r, int seat)
{
	return &r->bots[r->seat_bot[seat]];
}

/* The session's way to a seat's bot. */
static void tell(void *ctx, int seat, const char *line, size_t len)
{
	run *r = ctx;

	send_line(r, at(r, seat), line, len);
}

/* The session's way to a seat's bot for a request's lines, given at once. */
static void tell_lines(void *ctx, int seat, const char *block, size_t len,
    int nlines)
{
	run *r = ctx;

	bot_send_lines(at(r, seat), block, len);
	count(r, (uint64_t)nlines);
}

/* Starts the game's conversation and sends every seat the set-up: who
 * plays where, the table, and its seed when it asked for one. */
static void send_setup(run *r)
{
	const char *names[SAB_MAX_PLAYERS];
	unsigned features[SAB_MAX_PLAYERS];

	for (int k = 0; k < r->n; k++) {
		names[k] = at(r, k)->name;
		features[k] = at(r, k)->features;
	}
	session_start(&r->ss, &r->pc, r->n, features, tell, r);
	session_send_lines(&r->ss, tell_lines);
	session_setup(&r->ss, r->spec->number, r->spec->seed, names);
}

/* Notes what the result needs from an event: the rounds, and each
 * round's roles, winners (as the rules' round-end event gives them) and
 * payouts (the gold events of the round, its thefts and its tolls, which
 * are what the rules add to and take from each seat's round_pay). */
static void note_event(run *r, const sab_event *e)
{
	game_result *res = r->res;
	int k = res->rounds - 1;        /* the round under way, from 0 */

	if (e->type == SAB_EV_ROUND_START) {
		res->rounds = e->value;
		return;
	}
	if (k < 0 || k >= SAB_MAX_ROUNDS)
		return;
	if (e->type == SAB_EV_ROUND_END)
		res->round_winners[k] = e->mask;
	else if (e->seat >= SAB_MAX_PLAYERS)
		return;
	else if (e->type == SAB_EV_ROLE_REVEAL)
		res->roles[k][e->seat] = (uint8_t)e->value;
	else if (e->type == SAB_EV_GOLD)
		res->round_pay[k][e->seat] = (int16_t)(res->round_pay[k][e->seat] +
		    e->value);
	else if (sab_event_def_of(e->type) != NULL &&
	    sab_event_def_of(e->type)->gold_flow != 0 &&
	    e->target < SAB_MAX_PLAYERS) {
		/* Gold between two seats (Saboteur 2's thefts, after the
		 * round's treasure; Tunnel Toll's tolls) belongs to the round
		 * it passed in (as the gold each seat takes at setup, a public
		 * gold event, belongs to the first), so a game's round pays
		 * add up to its gold. */
		int v = sab_event_def_of(e->type)->gold_flow * e->value;
		res->round_pay[k][e->seat] = (int16_t)(res->round_pay[k][e->seat] +
		    v);
		res->round_pay[k][e->target] = (int16_t)(
		    res->round_pay[k][e->target] - v);
	}
}

/*
 * Sends each seat the events it may see, as the rules marked them.  Events
 * the rules dropped for want of room (ev.overflow) would leave every bot
 * with a wrong game: that is the referee's own failure, said in err, and
 * none of the step's events is sent.  Returns 0, or -1 then.
 */
static int dispatch(run *r, char *err, size_t errlen)
{
	if (r->ev.overflow) {
		snprintf(err, errlen, "game %d: one step of the rules made more "
		    "than %d events, more than the referee can hold: the bots "
		    "would miss some, so the match stops (a bug: please report "
		    "it with the ruleset and the seed %" PRIu64 ")",
		    r->spec->number, SAB_MAX_EVENTS, r->res->seed);
		return -1;
	}
	/* A push-goal chest may have moved a goal: the lines name the
	 * cells the goals lie on now. */
	proto_cards_follow(&r->pc, &r->g);
	if (r->rw != NULL)
		replay_follow(r->rw, &r->g);
	for (int i = 0; i < r->ev.n; i++) {
		const sab_event *e = &r->ev.ev[i];
		note_event(r, e);
		if (r->rw != NULL) {
			/* The state now is the state just after this round's
			 * deal: no decision has been made in it yet. */
			if (e->type == SAB_EV_ROUND_START)
				replay_round(r->rw, &r->g);
			replay_event(r->rw, e);
		}
		session_tell(&r->ss, e);
	}
	r->ev.n = 0;
	return 0;
}

/* ---- one decision ------------------------------------------------------ */

/* Charges a decision's time to the bot's clock (an answer a veto made
 * void counts its time, not as a decision). */
static void charge(run *r, bot *b, int64_t used, int decision)
{
	b->used += used;
	b->decisions += decision;
	if (used > b->longest)
		b->longest = used;
	if (used > move_of(r, b)) {
		b->bank_left -= used - move_of(r, b);
		if (b->bank_left < 0)
			b->bank_left = 0;
	}
}

/* When the request a reply of b's answers was written: asked, for a seat
 * asked at its window's start, else when its pipe took the last byte. */
static int64_t asked_when(const bot *b, int64_t asked)
{
	return asked > 0 ? asked : b->p.t_written;
}

/* The time a reply of b's read at t used: a network seat's is its round
 * trip less its allowance (saboteur(1)), what the replay records and the
 * audit checks.  asked: see asked_when(). */
static int64_t time_used(const bot *b, int64_t t, int64_t asked)
{
	int64_t used = t - asked_when(b, asked) - b->allowance;

	return used > 0 ? used : 0;
}

/* Reads one reply; returns 1 with a legal move in *m, 0 for a refused
 * reply (the reason in why), -1 when the wait ended another way.  asked:
 * see asked_when(). */
static int read_reply(run *r, bot *b, int64_t deadline, int64_t asked,
    const char *what, sab_move *m, char *why, size_t whylen, int *rc)
{
	char *line;
	size_t len;
	int64_t t, used;
	int k = reply_of(r, b, deadline, &line, &len, &t, what);

	if (k == BOT_REPLY_INTERRUPTED)
		*rc = MATCH_INTERRUPTED;
	if (k != BOT_REPLY_LINE)
		return -1;
	count(r, 1);
	r->last_reply = t;
	used = time_used(b, t, asked);
	charge(r, b, used, 1);
	if (r->rw != NULL)
		replay_bot_line(r->rw, b->seat, line, len, used, b->bank_left);
	k = session_judge(&r->ss, &r->g, line, len, PROTO_REASONS_TOKENS, m,
	    why, whylen);
	if (k == 0)
		bot_note_refusal(b, line, len, why);
	free(line);
	return k;
}

/* Appends v in decimal to buf at *at. */
static void put_int(char *buf, size_t *at, int v)
{
	char d[12];
	int k = 0;
	unsigned u = v < 0 ? 0U - (unsigned)v : (unsigned)v;

	do
		d[k++] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		buf[(*at)++] = '-';
	while (k > 0)
		buf[(*at)++] = d[--k];
}

/* "decision D of game G" into buf (of 64 bytes: the words and two ints
 * fit), the moment a failure is told at; written by hand, since printf
 * would cost a decision a thousand instructions for words seldom read. */
static void decision_words(char *buf, int decision, int game)
{
	size_t at = 0;

	memcpy(buf, "decision ", 9);
	at = 9;
	put_int(buf, &at, decision);
	memcpy(buf + at, " of game ", 9);
	at += 9;
	put_int(buf, &at, game);
	buf[at] = '\0';
}

/* Records the referee's delay between the last reply and this request,
 * ready to go at now. */
static void note_gap(run *r, int64_t now)
{
	match_cost *c = r->cost;

	if (r->last_reply == 0)
		return;
	hist_add(&c->gaps, now - r->last_reply);
	/* Only the request right after a reply counts: after a timeout there
	 * is no reply to measure from. */
	r->last_reply = 0;
}

/* ---- the reaction window -------------------------------------------- */

/*
 * A reaction window opens (the seat to act is its first reactor): the
 * later seats whose bots asked for "react-at-once" are sent their requests
 * now, all of them, and start thinking together; each one's clock runs
 * from the moment its request is written, its deadline from then too.
 */
static void window_open(run *r)
{
	int64_t move_ms[SAB_MAX_PLAYERS], bank_ms[SAB_MAX_PLAYERS];
	int seats[SAB_MAX_PLAYERS], n;
	unsigned listening = 0, asked;
	char *note;
	size_t len;

	r->window = 1;
	r->nearly = 0;
	for (int s = 0; s < r->n; s++) {
		bot *b = at(r, s);
		move_ms[s] = move_of(r, b) / NS_PER_MS;
		bank_ms[s] = b->bank_left / NS_PER_MS;
		if (b->status == BOT_OK && !(r->out & (1u << s)))
			listening |= 1u << s;
	}
	/* What they sent unasked goes first, as before any request. */
	n = sab_game_reactors(&r->g, seats);
	for (int i = 1; i < n; i++)
		if (listening >> seats[i] & 1)
			while (bot_drop_stale(at(r, seats[i]), &note, &len))
				keep_note(r, at(r, seats[i]), note, len);
	asked = session_window(&r->ss, &r->g, r->decisions, listening, move_ms,
	    bank_ms);
	for (int i = 1; i < n; i++) {
		int s = seats[i];
		bot *b = at(r, s);
		if (!(asked >> s & 1))
			continue;
		proc_count_reset(&b->p);
		proc_flush(&b->p);
		r->asked_at[s] = b->p.wlen == 0 ? b->p.t_written : 0;
		r->early_deadline[s] = proc_now() + move_of(r, b) + b->bank_left +
		    b->allowance + r->o->clock.grace;
		r->early_decision[s] = r->decisions + i;
		r->early[r->nearly++] = s;
	}
}

/*
 * The seat's request was made void by a veto before it: its answer is
 * read (it is no one else's) and dropped, unjudged and unanswered; its
 * time counts on its clock.  A bot that does not answer in time is out
 * of the game, as after any timeout, and is told nothing more of it.
 */
static int void_answer(run *r, int seat)
{
	bot *b = at(r, seat);
	char what[64], *line;
	size_t len;
	int64_t t, used;
	int k;

	if (b->status != BOT_OK || (r->out & (1u << seat)))
		return MATCH_DONE;
	decision_words(what, r->early_decision[seat], r->spec->number);
	k = reply_of(r, b, r->early_deadline[seat], &line, &len, &t, what);
	if (k == BOT_REPLY_INTERRUPTED)
		return MATCH_INTERRUPTED;
	if (k == BOT_REPLY_LINE) {
		count(r, 1);
		used = time_used(b, t, r->asked_at[seat]);
		charge(r, b, used, 0);
		if (r->rw != NULL)
			replay_void(r->rw, seat, line, len, used, b->bank_left);
		free(line);
	} else if (b->status == BOT_TIMEOUT) {
		b->status = BOT_OK;
		b->timeouts++;
		r->out |= (uint16_t)(1u << seat);
	} else if (b->status != BOT_OK) {
		stop_bot(r, b);
	}
	return MATCH_DONE;
}

/* The window closed: by a veto, the seats asked at once after it answered
 * void requests, which are settled now, in the rules' order, before any
 * of them can be asked again. */
static int window_close(run *r)
{
	int rc = MATCH_DONE;

	r->window = 0;
	for (int i = 0; i < r->nearly && rc == MATCH_DONE; i++) {
		int s = r->early[i];
		if (!session_early(&r->ss, s))
			continue;
		session_settled(&r->ss, s);
		rc = void_answer(r, s);
	}
	r->nearly = 0;
	return rc;
}

/*
 * Gets the seat's decision: asks its bot (with its tries and clock) or
 * plays the default move for it.  Returns MATCH_DONE or MATCH_INTERRUPTED;
 * *judged is 1 when *m is the bot's reply, judged legal in this state.
 */
static int decide(run *r, sab_move *m, int *judged)
{
	int seat = r->g.to_act, rc = MATCH_DONE, early, defaulted = 0;
	bot *b = at(r, seat);
	char what[64], why[256], *note;
	int64_t deadline, asked = 0, now;
	size_t len;

	r->decisions++;
	*judged = 0;
	if (r->g.phase == SAB_PHASE_REACT && !r->window)
		window_open(r);
	early = session_early(&r->ss, seat);
	session_settled(&r->ss, seat);
	/* A reaction request of a bot that did not ask for "react": allowed
	 * by rule at once, without a request (saboteur-protocol(7)). */
	if (b->status != BOT_OK || (r->out & (1u << seat)) ||
	    !session_asks(&r->ss, &r->g)) {
		proto_default_move(&r->g, m);
		return MATCH_DONE;
	}
	decision_words(what, r->decisions, r->spec->number);
	if (early) {
		/* Asked at the window's start: its answer may be in. */
		deadline = r->early_deadline[seat];
		asked = r->asked_at[seat];
	} else {
		while (bot_drop_stale(b, &note, &len))
			keep_note(r, b, note, len);
		proc_count_reset(&b->p);
		session_request(&r->ss, &r->g, r->decisions,
		    move_of(r, b) / NS_PER_MS, b->bank_left / NS_PER_MS);
		/* One clock read for the delay and the deadline. */
		now = proc_now();
		note_gap(r, now);
		deadline = now + move_of(r, b) + b->bank_left +
		    b->allowance + r->o->clock.grace;
	}
	for (int tries = r->o->tries; tries > 0; tries--) {
		sab_move got;
		int k = read_reply(r, b, deadline, asked, what, &got, why,
		    sizeof why, &rc);
		if (k == 1) {
			*m = got;
			*judged = 1;
			return MATCH_DONE;
		}
		/* The move played for a seat that gave none: found only
		 * then (the game does not change while the seat is asked). */
		if (!defaulted) {
			proto_default_move(&r->g, m);
			defaulted = 1;
		}
		if (k < 0)
			break;
		b->illegal++;
		/* The last refusal comes with the move played instead. */
		session_refused(&r->ss, seat, tries - 1, why, tries == 1 ? m :
		    NULL);
		b->defaults += tries == 1;
	}
	if (!defaulted)
		proto_default_move(&r->g, m);
	if (rc == MATCH_INTERRUPTED)
		return rc;
	if (b->status == BOT_TIMEOUT) {
		/* A slow bot loses its seat for this game only: it is told the
		 * default move, keeps hearing the game, and plays the next. */
		b->status = BOT_OK;
		b->timeouts++;
		r->out |= (uint16_t)(1u << seat);
		session_timeout(&r->ss, seat, m);
		b->defaults++;
	} else if (b->status != BOT_OK) {
		stop_bot(r, b);
	}
	return MATCH_DONE;
}

/* ---- games -------------------------------------------------------------- */

/*
 * The move to apply must be legal: a bot's reply is judged so (and not
 * checked again here), and the default move is legal by its definition
 * (saboteur-rules(5)).  Should the default move ever not be, the referee
 * stops the match (a bug of its own, said in err) rather than apply it
 * and write a replay that no "saboteur verify" accepts.  Returns 1 then,
 * else 0.
 */
static int illegal_move(run *r, const sab_move *m, char *err,
    size_t errlen)
{
	char why[256];

	if (sab_game_check(&r->g, m, why, sizeof why))
		return 0;
	snprintf(err, errlen, "game %d, decision %d: the move played for seat "
	    "%d is illegal (%s), so the match stops (a bug: please report it "
	    "with the ruleset and the seed %" PRIu64 ")", r->spec->number,
	    r->decisions, r->g.to_act, why, r->res->seed);
	return 1;
}

/* Starts the game's replay when one is asked for; -1 when it cannot be. */
static int replay_start(run *r, char *err, size_t errlen)
{
	replay_seat seats[SAB_MAX_PLAYERS];
	const match_opts *o = r->o;
	const bot_clock *c = &o->clock;

	if (r->spec->replay == NULL)
		return 0;
	if (outputs_replay_path(r->spec->replay, r->spec->number, r->res->replay,
	    sizeof r->res->replay) != 0) {
		snprintf(err, errlen, "the replay file name is too long");
		return -1;
	}
	for (int s = 0; s < r->n; s++) {
		bot *b = at(r, s);
		seats[s].name = b->name[0] ? b->name : "-";
		seats[s].command = b->command;
		seats[s].hello = b->hello;
		seats[s].status = b->status == BOT_OK ? NULL :
		    bot_status_name(b->status);
		seats[s].detail = b->detail;
		seats[s].move_ms = move_of(r, b) / NS_PER_MS;
		seats[s].bank_ms = bank_of(r, b) / NS_PER_MS;
		seats[s].seeded = (b->features & PROTO_FEAT_SEED) != 0;
	}
	replay_header h = { o->program, o->rs, o->pc, r->spec->number,
	    r->res->seed,
	    time(NULL), r->n, seats, c->handshake / NS_PER_MS,
	    c->move / NS_PER_MS, c->bank / NS_PER_MS, c->grace / NS_PER_MS,
	    o->tries, o->rules_text, o->rules_len, o->deal };
	r->rw = replay_create(r->res->replay, &h, err, errlen);
	return r->rw != NULL ? 0 : -1;
}

/* Finishes (or, when the match was interrupted, abandons) the replay. */
static int replay_end(run *r, int rc, char *err, size_t errlen)
{
	replay_writer *w = r->rw;

	r->rw = NULL;
	if (w == NULL)
		return rc;
	if (rc != MATCH_DONE) {
		replay_abandon(w);
		return rc;
	}
	return replay_finish(w, &r->g, err, errlen) == 0 ? rc : MATCH_FAILED;
}

/* Notes each seat's bot counters before the game, to give the game's own
 * figures after it. */
typedef struct before {
	int decisions, illegal, defaults, timeouts;
	int64_t used;
} before;

static void seat_figures(run *r, const before *b0)
{
	game_result *res = r->res;

	for (int s = 0; s < r->n; s++) {
		const bot *b = at(r, s);
		res->seat_decisions[s] = b->decisions - b0[s].decisions;
		res->seat_used_ns[s] = b->used - b0[s].used;
		res->seat_illegal[s] = b->illegal - b0[s].illegal;
		res->seat_defaults[s] = b->defaults - b0[s].defaults;
		res->seat_status[s] = (uint8_t)b->status;
		res->gold[s] = r->g.gold[s];
	}
	res->winners = r->g.winners;
	res->decisions = r->decisions;
	res->timed_out = r->out;
}

/* After a game: a seat whose tree met a limit meanwhile (a child killed
 * at the memory limit, forks refused) gets its status, as if it had
 * failed at its last decision, and is stopped. */
static void check_limits(run *r)
{
	char what[64];

	snprintf(what, sizeof what, "the end of game %d", r->spec->number);
	for (int s = 0; s < r->n; s++) {
		bot *b = at(r, s);
		if (!bot_check_limits(b, what))
			continue;
		if (r->rw != NULL)
			replay_status(r->rw, s, bot_status_name(b->status),
			    b->detail);
		stop_bot(r, b);
	}
}

static int play_game(run *r, char *err, size_t errlen)
{
	before b0[SAB_MAX_PLAYERS];
	int rc = MATCH_DONE;

	memset(r->res, 0, sizeof *r->res);
	r->res->seed = r->spec->seed;
	sab_rng_seed(&r->rng, r->res->seed);
	for (int s = 0; s < r->n; s++) {
		bot *b;
		r->seat_bot[s] = r->spec->bot_of[s];
		r->res->bot_of[s] = r->seat_bot[s];
		r->set[s] = &at(r, s)->p;
		b = at(r, s);
		b->bank_left = bank_of(r, b);
		b->seat = s;
		b0[s] = (before){ b->decisions, b->illegal, b->defaults,
		    b->timeouts, b->used };
	}
	r->out = 0;
	r->decisions = 0;
	r->window = 0;
	r->nearly = 0;
	r->ev.n = 0;
	r->ev.overflow = 0;
	if (replay_start(r, err, errlen) != 0)
		return MATCH_FAILED;
	if (sab_game_new_dealt(&r->g, r->o->rs, r->n, 0, r->o->deal, &r->rng,
	    &r->ev, err, errlen) != 0)
		return replay_end(r, MATCH_FAILED, err, errlen);
	send_setup(r);
	if (dispatch(r, err, errlen) != 0)
		rc = MATCH_FAILED;
	while (!sab_game_over(&r->g) && rc == MATCH_DONE) {
		sab_move m;
		int seat = r->g.to_act, judged;
		rc = decide(r, &m, &judged);
		if (rc != MATCH_DONE)
			break;
		/* A bot's reply was judged in this very state already. */
		if (!judged && illegal_move(r, &m, err, errlen)) {
			rc = MATCH_FAILED;
			break;
		}
		sab_game_apply(&r->g, &m, &r->rng, &r->ev);
		if (dispatch(r, err, errlen) != 0) {
			rc = MATCH_FAILED;
			break;
		}
		if (r->rw != NULL)
			replay_turn(r->rw, seat, &m, &r->g);
		if (r->window && r->g.phase != SAB_PHASE_REACT)
			rc = window_close(r);
	}
	if (rc == MATCH_DONE)
		check_limits(r);
	rc = replay_end(r, rc, err, errlen);
	seat_figures(r, b0);
	return rc;
}

static double cpu_seconds(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* A run over bots[0..nbots), for the public calls below. */
static run *run_new(const match_opts *o, bot *bots, int nbots,
    match_cost *cost)
{
	run *r = malloc(sizeof *r);

	if (r == NULL)
		return NULL;
	memset(r, 0, offsetof(run, pc));
	r->ev.n = 0;
	r->ev.overflow = 0;
	r->o = o;
	r->pc = *o->pc;
	r->bots = bots;
	r->nbots = nbots;
	r->cost = cost;
	return r;
}

int match_handshake(const match_opts *o, bot *bots, int n, match_cost *cost)
{
	run *r;
	int rc;

	if (n > MATCH_MAX_BOTS)
		return MATCH_FAILED;
	r = run_new(o, bots, n, cost);
	if (r == NULL)
		return MATCH_FAILED;
	r->n = n;
	for (int i = 0; i < n; i++)
		r->set[i] = &bots[i].p;
	rc = handshake(r);
	free(r);
	return rc;
}

/* Checks that the line-up names distinct bots of the pool. */
static int lineup_ok(const match_game *g, int nbots, char *err, size_t errlen)
{
	uint64_t seen[(MATCH_MAX_BOTS + 63) / 64] = { 0 };

	if (g->nseats < 1 || g->nseats > SAB_MAX_PLAYERS) {
		snprintf(err, errlen, "a game of %d seats", g->nseats);
		return 0;
	}
	for (int s = 0; s < g->nseats; s++) {
		int b = g->bot_of[s];
		if (b < 0 || b >= nbots || (seen[b / 64] >> (b % 64) & 1)) {
			snprintf(err, errlen, "seat %d: bot %d is not a free bot "
			    "of the %d", s, b, nbots);
			return 0;
		}
		seen[b / 64] |= 1ULL << (b % 64);
	}
	return 1;
}

int match_play(const match_opts *o, bot *bots, int nbots,
    const match_game *g, game_result *res, match_cost *cost, char *err,
    size_t errlen)
{
	run *r;
	int rc;

	if (nbots > MATCH_MAX_BOTS || !lineup_ok(g, nbots, err, errlen))
		return MATCH_FAILED;
	r = run_new(o, bots, nbots, cost);
	if (r == NULL) {
		snprintf(err, errlen, "out of memory");
		return MATCH_FAILED;
	}
	r->n = g->nseats;
	r->spec = g;
	r->res = res;
	rc = play_game(r, err, errlen);
	free(r);
	return rc;
}

void match_finish(const match_opts *o, bot *bots, int n, match_cost *cost)
{
	proc *set[MATCH_MAX_BOTS];
	int k = 0;

	for (int i = 0; i < n && k < MATCH_MAX_BOTS; i++) {
		bot_send(&bots[i], "quit", 4);
		cost->messages++;
		set[k++] = &bots[i].p;
	}
	proc_stop_all(set, k, o->clock.grace + 500 * NS_PER_MS);
}

int match_games(const match_opts *o, bot *bots, int n, const match_hooks *h,
    int *played, match_cost *cost, char *err, size_t errlen)
{
	double cpu0 = cpu_seconds();
	int64_t w0 = proc_now();
	int rc = MATCH_DONE;
	game_result *res = malloc(sizeof *res);

	*played = 0;
	if (res == NULL) {
		snprintf(err, errlen, "out of memory");
		rc = MATCH_FAILED;
	}
	for (int gi = 0; rc == MATCH_DONE && gi < o->games; gi++) {
		match_game g = { gi + 1, sab_seed_game(o->seed, (uint64_t)gi), n, { 0 },
		    o->replay };
		if (o->one_game > 0)
			g.number = o->one_game, g.seed = o->seed;
		/* Seats rotate by one each game: every bot plays every seat. */
		for (int s = 0; s < n; s++)
			g.bot_of[s] = (s + gi) % n;
		if (h != NULL && h->before != NULL)
			rc = h->before(h->arg, gi, bots, n, err, errlen);
		if (rc == MATCH_DONE)
			rc = match_play(o, bots, n, &g, res, cost, err, errlen);
		if (rc != MATCH_DONE)
			break;
		(*played)++;
		if (h != NULL && h->after != NULL)
			h->after(h->arg, gi, res);
		if (o->progress)
			fprintf(o->progress, "game %d of %d played\n", gi + 1,
			    o->games);
	}
	free(res);
	match_finish(o, bots, n, cost);
	cost->cpu_seconds = cpu_seconds() - cpu0;
	cost->wall_seconds = (double)(proc_now() - w0) * 1e-9;
	return rc;
}
