/* audit.c: re-simulates a replay's game with the rules engine and checks
 * each record against it, in the order the referee writes them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "protocol.h"
#include "records.h"
#include "replay.h"
#include "session.h"

#define NS_PER_MS 1000000LL

/* The walk through one file. */
typedef struct walk {
	const replay_file *f;
	const replay_audit_ops *ops;
	void *ctx;
	replay_audit *out;
	proto_cards pc;
	sab_game g;
	sab_rng rng;
	sab_events ev;
	int i;                          /* the next record */
	int decision;
	int live[SAB_MAX_PLAYERS];      /* the bot is still in the match */
	int out_game[SAB_MAX_PLAYERS];  /* it timed out: played for till the end */
	unsigned feat[SAB_MAX_PLAYERS];
	int64_t bank[SAB_MAX_PLAYERS];  /* ms, as last recorded */
	int window;                     /* a reaction window is open */
	session ss;                     /* the lines the seats were sent, as
	                                   the referee builds them */
} walk;

/* ---- telling ----------------------------------------------------------- */

static int diverge(walk *w, const replay_rec *r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int diverge(walk *w, const replay_rec *r, const char *fmt, ...)
{
	char what[900], shown[sizeof what];
	va_list ap;
	const replay_file *f = w->f;
	/* Without a record to blame: the next one, or the line past the
	 * last. */
	int line = r != NULL ? r->line : w->i < f->nrecs ? f->recs[w->i].line :
	    f->nrecs > 0 ? f->recs[f->nrecs - 1].line + 1 : f->header_lines + 1;

	va_start(ap, fmt);
	(void)vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	/* What is quoted from the file may hold what a bot sent. */
	(void)proto_escape(shown, sizeof shown, what, strlen(what), 0);
	w->out->line = line;
	if (w->decision > 0)
		snprintf(w->out->what, sizeof w->out->what, "line %d, decision "
		    "%d: %s", line, w->decision, shown);
	else
		snprintf(w->out->what, sizeof w->out->what, "line %d, before the "
		    "first decision: %s", line, shown);
	return -1;
}

static void sent(walk *w, int seat, const char *line)
{
	if (w->live[seat] && w->ops && w->ops->sent)
		w->ops->sent(w->ctx, seat, line);
}

/* The session's way to a seat, as the referee's is to its bot. */
static void session_sent(void *ctx, int seat, const char *line, size_t len)
{
	(void)len;
	sent(ctx, seat, line);
}

static void heard(walk *w, const replay_rec *r, const sab_event *e)
{
	w->out->records++;
	if (w->ops && w->ops->record)
		w->ops->record(w->ctx, r, e, &w->g);
}

/* The next record, which must be of kind; NULL after saying why not. */
static const replay_rec *expect(walk *w, int kind, const char *what)
{
	const replay_file *f = w->f;

	if (w->i >= f->nrecs) {
		diverge(w, NULL, "the replay stops before %s%s%s", what,
		    f->problem[0] ? ": " : "", f->problem);
		return NULL;
	}
	const replay_rec *r = &f->recs[w->i];
	if (r->kind != kind) {
		diverge(w, r, "expected %s (a \"%s\" record), found a \"%s\" "
		    "record", what, replay_kind_name(kind),
		    replay_kind_name(r->kind));
		return NULL;
	}
	w->i++;
	return r;
}

/* Checks a record's text; what names it in the message. */
static int same_text(walk *w, const replay_rec *r, const char *want,
    const char *what)
{
	if (strcmp(r->text, want) == 0)
		return 0;
	return diverge(w, r, "%s: the rules give \"%.300s\", the file has "
	    "\"%.300s\"", what, want, r->text);
}

/* ---- a round's hidden state and the result ----------------------------- */

/* What each record records.c formats is called when it is due, and when
 * its text differs. */
static const struct {
	const char *due, *text;
} rec_words[REPLAY_KINDS] = {
	[REPLAY_ROUND] = { "the round's hidden state", NULL },
	[REPLAY_DECK] = { "the deck", "the deck" },
	[REPLAY_HAND] = { "a hand", "the hand dealt" },
	[REPLAY_ROLE] = { "a role", "the role dealt" },
	[REPLAY_SPARE] = { "the spare role", "the spare role" },
	[REPLAY_GOALCARD] = { "a goal card", "the goal card" },
	[REPLAY_GOLDDECK] = { "the gold deck", "the gold deck" },
	[REPLAY_ASIDE] = { "the cards put aside", "the cards put aside" },
	[REPLAY_DWARVES] = { "the dwarf cards nobody holds",
	    "the dwarf cards nobody holds" },
	[REPLAY_CHEST] = { "a treasure chest", "the treasure chest" },
	[REPLAY_GOALASIDE] = { "the goal cards put aside",
	    "the goal cards put aside" },
	[REPLAY_RESULT] = { "the result", "the result" },
};

/* Checks the numbers of r (read as the reader reads that kind) against
 * the rules' record want. */
static int same_numbers(walk *w, const replay_rec *r,
    const replay_fields *want)
{
	switch (want->kind) {
	case REPLAY_ROUND:
		if (r->a != want->num[0])
			return diverge(w, r, "round %d, but the rules are at round "
			    "%d", (int)r->a, want->num[0]);
		break;
	case REPLAY_HAND:
	case REPLAY_ROLE:
		if (r->seat != want->num[0])
			return diverge(w, r, "the %s of seat %d where seat %d's "
			    "was due", replay_kind_name(want->kind), r->seat,
			    want->num[0]);
		break;
	case REPLAY_GOALCARD:
	case REPLAY_CHEST: {
		int goal = want->kind == REPLAY_GOALCARD;
		if (r->a != want->num[0] || r->b != want->num[1])
			return diverge(w, r, "a %s at %d %d where the %s %d %d "
			    "was due", goal ? "goal card" : "treasure chest",
			    (int)r->a, (int)r->b, goal ? "goal place" :
			    "one at", want->num[0], want->num[1]);
		break;
	}
	default:
		break;
	}
	return 0;
}

/* The next record must be the one the rules give: want. */
static int same_record(walk *w, const replay_fields *want)
{
	const replay_rec *r = expect(w, want->kind, rec_words[want->kind].due);

	if (r == NULL || same_numbers(w, r, want) != 0)
		return -1;
	if (rec_words[want->kind].text != NULL &&
	    same_text(w, r, want->text, rec_words[want->kind].text))
		return -1;
	heard(w, r, NULL);
	return 0;
}

/* The hidden state of the round just dealt, record by record. */
static int round_block(walk *w)
{
	replay_fields want;
	int rc;

	for (int k = 0; (rc = replay_round_record(&w->pc, &w->g, k,
	    replay_records_all_hidden(w->f), &want)) > 0; k++)
		if (same_record(w, &want) != 0)
			return -1;
	return rc < 0 ? diverge(w, NULL, "round %d's hidden state is too long "
	    "to check", w->g.round) : 0;
}

/* ---- events ------------------------------------------------------------ */

static void vis_word(const sab_event *e, char *buf, size_t len)
{
	if (e->vis == SAB_VIS_ALL)
		snprintf(buf, len, "all");
	else
		snprintf(buf, len, "%s:%d", e->vis == SAB_VIS_SEAT ? "seat" :
		    "hidden", e->seat);
}

/*
 * What seat received of the record by the file's own rules
 * (saboteur-replay(5)): the whole line, the line with every word after its
 * second hidden ("draw 2 -", "discarded 0 - - -"; every hidden line of the
 * base game has three words, so this is its last word), or nothing
 * (returns 0).
 */
static int derived_line(const replay_rec *r, int seat, char *buf, size_t len)
{
	const char *p = r->text;
	size_t used;
	int words = 0;

	if (r->vis == SAB_VIS_ALL || r->seat == seat) {
		snprintf(buf, len, "%s", r->text);
		return 1;
	}
	if (r->vis == SAB_VIS_SEAT)
		return 0;
	while (*p && words < 2) {
		while (*p && *p != ' ')
			p++;
		words++;
		if (words < 2 && *p == ' ')
			p++;
	}
	snprintf(buf, len, "%.*s", (int)(p - r->text), r->text);
	used = strlen(buf);
	while (*p == ' ') {
		p++;
		while (*p && *p != ' ')
			p++;
		if (used + 2 < len) {
			buf[used++] = ' ';
			buf[used++] = '-';
			buf[used] = '\0';
		}
	}
	return 1;
}

/* Checks, for every seat, that what the file says it received is what the
 * rules let it see, and passes the lines on. */
static int seat_lines(walk *w, const replay_rec *r, const sab_event *e)
{
	char mine[PROTO_LINE_MAX + 8], rules[PROTO_LINE_MAX];

	for (int s = 0; s < w->g.nplayers; s++) {
		int told = derived_line(r, s, mine, sizeof mine);
		int n = proto_event(&w->pc, e, s, w->g.nplayers, rules,
		    sizeof rules);
		if (n < 0)
			return diverge(w, r, "an event too long to send");
		if (told && n == 0)
			return diverge(w, r, "seat %d was sent \"%.200s\", which "
			    "the rules do not let it see", s, mine);
		if (!told && n > 0)
			return diverge(w, r, "seat %d was not sent \"%.200s\"",
			    s, rules);
		if (told && strcmp(mine, rules) != 0)
			return diverge(w, r, "seat %d was sent \"%.200s\", but "
			    "the rules let it see only \"%.200s\"", s, mine,
			    rules);
		/* The line is the file's and the rules' both: sent as the
		 * referee sends it. */
		if (told)
			(void)session_tell_seat(&w->ss, e, s);
	}
	return 0;
}

/* The records of the events one call of the rules made. */
static int events(walk *w)
{
	char want[PROTO_LINE_MAX], vis[32];

	if (w->ev.overflow)
		return diverge(w, NULL, "the rules made more events than they "
		    "can hold");
	for (int k = 0; k < w->ev.n; k++) {
		const sab_event *e = &w->ev.ev[k];
		int seat = e->vis == SAB_VIS_ALL ? 0 : e->seat;
		int n = proto_event(&w->pc, e, seat, w->g.nplayers, want,
		    sizeof want);
		const replay_rec *r;

		session_follow(&w->ss, e);
		if (e->type == SAB_EV_ROUND_START && round_block(w) != 0)
			return -1;
		if (n <= 0)
			continue;
		vis_word(e, vis, sizeof vis);
		char what[PROTO_LINE_MAX + 64];
		snprintf(what, sizeof what, "the event \"ev %s %s\"", vis, want);
		if ((r = expect(w, REPLAY_EV, what)) == NULL)
			return -1;
		/* A line the seats were told differently is named by the seat
		 * it concerns: a leak is the worst thing a replay can show. */
		if ((strcmp(r->text, want) == 0 && seat_lines(w, r, e) != 0) ||
		    r->vis != e->vis || r->seat != seat ||
		    strcmp(r->text, want) != 0) {
			sab_event as_filed = { .vis = r->vis,
			    .seat = (uint8_t)r->seat };
			char fvis[32];
			if (w->out->line != 0)
				return -1;
			vis_word(&as_filed, fvis, sizeof fvis);
			return diverge(w, r, "the rules give \"ev %s %.200s\", the "
			    "file has \"ev %s %.200s\"", vis, want, fvis,
			    r->text);
		}
		heard(w, r, e);
	}
	w->ev.n = 0;
	return 0;
}

/* ---- decisions --------------------------------------------------------- */

/* Status records: a timeout takes the seat out for the rest of the game,
 * anything else out of the match. */
static int status(walk *w, const replay_rec *r, int asked_seat,
    const sab_move *dflt)
{
	size_t n = strcspn(r->text, " ");

	if (n == 7 && strncmp(r->text, "timeout", 7) == 0) {
		if (r->seat == asked_seat)
			session_timeout(&w->ss, r->seat, dflt);
		w->out_game[r->seat] = 1;
	} else {
		w->live[r->seat] = 0;
	}
	heard(w, r, NULL);
	return 0;
}

/* The bank a reply leaves: the file's figure must be what the clock gives
 * from the last one, within the rounding of the recorded figures. */
static int bank_check(walk *w, const replay_rec *r)
{
	int64_t prev = w->bank[r->seat] * NS_PER_MS;
	int64_t move = w->f->seat[r->seat].move_ms * NS_PER_MS;
	int64_t used_lo = r->a * 1000, used_hi = r->a * 1000 + 999;
	int64_t over_lo = used_lo > move ? used_lo - move : 0;
	int64_t over_hi = used_hi > move ? used_hi - move : 0;
	int64_t lo = (prev - over_hi) / NS_PER_MS;
	int64_t hi = (prev + NS_PER_MS - 1 - over_lo) / NS_PER_MS;

	if (prev - over_hi < 0)
		lo = 0;
	if (hi < 0)
		hi = 0;
	if (r->b < lo || r->b > hi)
		return diverge(w, r, "seat %d's bank is %lld ms after a reply of "
		    "%lld us, but the clock gives %lld ms", r->seat,
		    (long long)r->b, (long long)r->a, (long long)lo);
	w->bank[r->seat] = r->b;
	return 0;
}

/* One reply of the bot asked: *got is set when it is a legal move. */
static int reply(walk *w, const replay_rec *r, int seat, int *refused,
    int *got, sab_move *m, const sab_move *dflt)
{
	char why[256];
	int tries = w->f->tries;

	if (r->seat != seat || !w->live[seat] || w->out_game[seat])
		return diverge(w, r, "a line from seat %d, which was not asked "
		    "for one", r->seat);
	if (*got)
		return diverge(w, r, "a line from seat %d after its move was "
		    "taken", seat);
	if (tries > 0 && *refused >= tries)
		return diverge(w, r, "a line from seat %d after its %d tries "
		    "were used", seat, tries);
	if (bank_check(w, r) != 0)
		return -1;
	size_t len;
	char *said = replay_rec_line(w->f, r, &len);
	if (said == NULL)
		return diverge(w, r, "out of memory");
	int legal = session_judge(&w->ss, &w->g, said, len,
	    replay_reasons(w->f), m, why, sizeof why);
	free(said);
	if (legal) {
		*got = 1;
		heard(w, r, NULL);
		return 0;
	}
	++*refused;
	/* A file that does not record the tries (1.0) has no count to tell. */
	session_refused(&w->ss, seat, tries > 0 ? tries - *refused : 0, why,
	    tries > 0 && *refused == tries ? dflt : NULL);
	heard(w, r, NULL);
	return 0;
}

/* Finds this decision's "move" record, after its events, to compare the
 * move first: a changed move is better told as such than as the first
 * event it changed. */
static const replay_rec *move_record(const walk *w)
{
	for (int i = w->i; i < w->f->nrecs; i++) {
		int k = w->f->recs[i].kind;
		if (k == REPLAY_MOVE)
			return &w->f->recs[i];
		if (k == REPLAY_TURN || k == REPLAY_BOT)
			break;
	}
	return NULL;
}

/* The bot/note/status records of the decision; sets the move the rules and
 * the referee's policy give. */
static int answers(walk *w, int seat, sab_move *m)
{
	const replay_file *f = w->f;
	int asked = w->live[seat] && !w->out_game[seat] &&
	    session_asks(&w->ss, &w->g);
	int refused = 0, got = 0;
	sab_move dflt;

	proto_default_move(&w->g, &dflt);
	/* A seat asked at its window's start has its request out. */
	if (asked && !session_early(&w->ss, seat))
		session_request(&w->ss, &w->g, w->decision,
		    w->f->seat[seat].move_ms, w->bank[seat]);
	session_settled(&w->ss, seat);
	for (; w->i < f->nrecs; w->i++) {
		const replay_rec *r = &f->recs[w->i];
		if (r->kind == REPLAY_NOTE)
			heard(w, r, NULL);
		else if (r->kind == REPLAY_STATUS)
			status(w, r, asked ? seat : -1, &dflt);
		else if (r->kind != REPLAY_BOT)
			break;
		else if (reply(w, r, seat, &refused, &got, m, &dflt) != 0)
			return -1;
	}
	if (got)
		return 0;
	*m = dflt;
	if (asked && w->live[seat] && !w->out_game[seat] && (f->tries == 0 ||
	    refused < f->tries) && w->i < f->nrecs)
		return diverge(w, &f->recs[w->i], "seat %d was played for after "
		    "%d refused replies of %d, with no timeout or failure "
		    "recorded", seat, refused, f->tries);
	return 0;
}

/* A reaction window opens: the seats that asked for "react-at-once" are
 * sent their requests at once, as the referee sent them. */
static void window_open(walk *w)
{
	int64_t move_ms[SAB_MAX_PLAYERS], bank_ms[SAB_MAX_PLAYERS];
	unsigned listening = 0;

	for (int s = 0; s < w->f->nseats; s++) {
		move_ms[s] = w->f->seat[s].move_ms;
		bank_ms[s] = w->bank[s];
		if (w->live[s] && !w->out_game[s])
			listening |= 1u << s;
	}
	(void)session_window(&w->ss, &w->g, w->decision, listening, move_ms,
	    bank_ms);
	w->window = 1;
}

/* One answer of a seat asked at once that a veto before it made void:
 * judged by nobody, its clock charged as any. */
static int void_answer(walk *w, const replay_rec *r)
{
	if (!session_early(&w->ss, r->seat))
		return diverge(w, r, "a void answer of seat %d, which had no "
		    "request out", r->seat);
	if (bank_check(w, r) != 0)
		return -1;
	session_settled(&w->ss, r->seat);
	heard(w, r, NULL);
	return 0;
}

/* The window closed (a veto, or every seat allowed): the seats still
 * asked at once answered void requests; their records come now. */
static int window_close(walk *w)
{
	const replay_file *f = w->f;

	w->window = 0;
	for (; w->i < f->nrecs; w->i++) {
		const replay_rec *r = &f->recs[w->i];
		if (r->kind == REPLAY_NOTE)
			heard(w, r, NULL);
		else if (r->kind == REPLAY_STATUS && session_early(&w->ss,
		    r->seat)) {
			status(w, r, -1, NULL);
			session_settled(&w->ss, r->seat);
		} else if (r->kind != REPLAY_VOID)
			break;
		else if (void_answer(w, r) != 0)
			return -1;
	}
	for (int s = 0; s < f->nseats; s++)
		if (session_early(&w->ss, s))
			return diverge(w, NULL, "seat %d was asked to react at once "
			    "and a veto made its request void, but its answer is "
			    "not recorded", s);
	return 0;
}

static int decision(walk *w)
{
	char want[256], why[256];
	int seat = w->g.to_act;
	const replay_rec *r;
	sab_move m;

	w->decision++;
	if (w->g.phase == SAB_PHASE_REACT && !w->window)
		window_open(w);
	if (answers(w, seat, &m) != 0)
		return -1;
	if (!sab_game_check(&w->g, &m, why, sizeof why))
		return diverge(w, NULL, "the default move of seat %d is illegal: "
		    "%s", seat, why);
	if (proto_move(&w->pc, &m, want, sizeof want) < 0)
		return diverge(w, NULL, "a move too long to write");
	r = move_record(w);
	if (r != NULL && (r->seat != seat || strcmp(r->text, want) != 0))
		return diverge(w, r, "the move applied was \"%d %.100s\", but the "
		    "bot's replies and the rules give \"%d %s\"", r->seat,
		    r->text, seat, want);
	w->ev.n = 0;
	sab_game_apply(&w->g, &m, &w->rng, &w->ev);
	proto_cards_follow(&w->pc, &w->g);
	if (events(w) != 0 || (r = expect(w, REPLAY_MOVE, "the move")) == NULL)
		return -1;
	heard(w, r, NULL);
	if ((r = expect(w, REPLAY_TURN, "the end of the decision")) == NULL)
		return -1;
	if (r->a != w->decision)
		return diverge(w, r, "decision %d where %d was due", (int)r->a,
		    w->decision);
	if (r->hash != sab_game_hash(&w->g))
		return diverge(w, r, "the state's hash is %016llx, but the rules "
		    "give %016llx", (unsigned long long)r->hash,
		    (unsigned long long)sab_game_hash(&w->g));
	heard(w, r, NULL);
	w->out->decisions++;
	if (w->window && w->g.phase != SAB_PHASE_REACT)
		return window_close(w);
	return 0;
}

/* ---- the game ---------------------------------------------------------- */

static int result(walk *w)
{
	replay_fields want;
	const replay_rec *r;

	if (replay_result_record(&w->g, &want) < 0)
		return diverge(w, NULL, "the result is too long to check");
	if (same_record(w, &want) != 0)
		return -1;
	if ((r = expect(w, REPLAY_END, "the end")) == NULL)
		return -1;
	heard(w, r, NULL);
	for (int s = 0; s < w->g.nplayers; s++)
		sent(w, s, "quit");
	return 0;
}

/* The header's seats: their features, and those out before the game. */
static void seats(walk *w)
{
	const replay_file *f = w->f;
	char line[32];

	for (int s = 0; s < f->nseats; s++) {
		w->live[s] = 1;
		w->bank[s] = f->seat[s].bank_ms;
		w->feat[s] = replay_seat_features(f, &w->pc, s);
	}
	/* The referee sends the handshake to every bot whose command ran, so
	 * also to one that then failed it: only a seat out with "no-start"
	 * was sent nothing. */
	(void)session_hello_line(line, sizeof line);
	for (int i = w->i; i < f->nrecs && f->recs[i].kind == REPLAY_STATUS;
	    i++)
		if (strncmp(f->recs[i].text, "no-start", 8) == 0 &&
		    (f->recs[i].text[8] == ' ' || f->recs[i].text[8] == '\0'))
			w->live[f->recs[i].seat] = 0;
	for (int s = 0; s < f->nseats; s++)
		sent(w, s, line);
	while (w->i < f->nrecs && f->recs[w->i].kind == REPLAY_STATUS) {
		w->live[f->recs[w->i].seat] = 0;
		heard(w, &f->recs[w->i++], NULL);
	}
}

/*
 * Checks the seats' "seatseed" records: a file that records seeds (1.3)
 * has one for each seat whose hello asked for feature "seed" and for no
 * other, each the seed proto_seat_seed() gives.  Returns 0, or -1 after
 * saying what differs.
 */
static int seat_seeds(walk *w)
{
	const replay_file *f = w->f;

	for (int s = 0; s < f->nseats; s++) {
		const replay_file_seat *t = &f->seat[s];
		int asked = (w->feat[s] & PROTO_FEAT_SEED) != 0;
		uint64_t want = proto_seat_seed(f->seed, s);
		if (!replay_records_seeds(f) && !t->seeded)
			continue;
		if (asked && !t->seeded)
			return diverge(w, NULL, "seat %d asked for feature "
			    "\"seed\" but the header records no seed for it", s);
		if (!asked && t->seeded)
			return diverge(w, NULL, "the header records a seed for "
			    "seat %d, which did not ask for feature \"seed\"", s);
		if (asked && t->seed != want)
			return diverge(w, NULL, "seat %d's seed is %llu, but the "
			    "game's seed gives it %llu", s,
			    (unsigned long long)t->seed, (unsigned long long)want);
	}
	return 0;
}

/* Starts the seats' conversation as the referee did, with the features
 * it honoured (a seed line only where the file records one: before 1.3
 * none was sent; reaction requests to every seat before 1.4), and sends
 * the set-up. */
static void setup_lines(walk *w)
{
	const replay_file *f = w->f;
	const char *names[SAB_MAX_PLAYERS];
	unsigned feat[SAB_MAX_PLAYERS];

	for (int s = 0; s < f->nseats; s++) {
		names[s] = strcmp(f->seat[s].name, "-") ? f->seat[s].name : NULL;
		feat[s] = w->feat[s] & ~(unsigned)PROTO_FEAT_SEED;
		if (f->seat[s].seeded)
			feat[s] |= PROTO_FEAT_SEED;
		/* Before 1.4 every seat was asked to react, as if it had
		 * asked for "react". */
		if (!replay_honours_react(f))
			feat[s] |= PROTO_FEAT_REACT;
	}
	session_start(&w->ss, &w->pc, f->nseats, feat, session_sent, w);
	w->ss.skip_spent = replay_skips_spent(f);
	session_setup(&w->ss, f->game, f->seed, names);
}

static int start(walk *w, const sab_ruleset *rs)
{
	char err[256];
	uint64_t h = replay_ruleset_hash(rs);

	if (strcmp(rs->name, w->f->ruleset) != 0 || h != w->f->ruleset_hash)
		return diverge(w, NULL, "the game was played by ruleset %s "
		    "(hash %016llx), not by %s (hash %016llx)", w->f->ruleset,
		    (unsigned long long)w->f->ruleset_hash, rs->name,
		    (unsigned long long)h);
	if (proto_cards_init(&w->pc, rs, err, sizeof err) != 0)
		return diverge(w, NULL, "%s", err);
	w->pc.compat = replay_compat(w->f);
	seats(w);
	if (seat_seeds(w) != 0)
		return -1;
	sab_rng_seed(&w->rng, w->f->seed);
	w->ev.n = 0;
	if (sab_game_new_dealt(&w->g, rs, w->f->nseats, 0, w->f->deal,
	    &w->rng, &w->ev, err, sizeof err) != 0)
		return diverge(w, NULL, "%s", err);
	setup_lines(w);
	return events(w);
}

int replay_audit_run(const replay_file *f, const sab_ruleset *rs,
    const replay_audit_ops *ops, void *ctx, replay_audit *out)
{
	walk *w = calloc(1, sizeof *w);
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (w == NULL) {
		snprintf(out->what, sizeof out->what, "out of memory");
		return -1;
	}
	w->f = f;
	w->ops = ops;
	w->ctx = ctx;
	w->out = out;
	if (start(w, rs) == 0) {
		/* The last decision ends the game before its records are
		 * checked: its failure must not pass for the game's end. */
		int diverged = 0;
		while (!diverged && !sab_game_over(&w->g))
			diverged = decision(w) != 0;
		if (!diverged && result(w) == 0) {
			if (!f->complete)
				diverge(w, NULL, "%s", f->problem);
			else
				rc = 0;
		}
	}
	out->ok = rc == 0;
	free(w);
	return rc;
}
