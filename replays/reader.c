/* reader.c: reads a replay (saboteur-replay(5)) into memory, record by
 * record, and says precisely where and why a file is not a good one. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "reader.h"
#include "replay.h"

static const char *const kind_name[REPLAY_KINDS] = {
	[REPLAY_ROUND] = "round", [REPLAY_DECK] = "deck",
	[REPLAY_HAND] = "hand", [REPLAY_ROLE] = "role",
	[REPLAY_SPARE] = "spare", [REPLAY_GOALCARD] = "goalcard",
	[REPLAY_GOLDDECK] = "golddeck", [REPLAY_ASIDE] = "aside",
	[REPLAY_DWARVES] = "dwarves", [REPLAY_CHEST] = "chest",
	[REPLAY_GOALASIDE] = "goalaside", [REPLAY_EV] = "ev",
	[REPLAY_BOT] = "bot", [REPLAY_NOTE] = "note",
	[REPLAY_STATUS] = "status", [REPLAY_MOVE] = "move",
	[REPLAY_TURN] = "turn", [REPLAY_RESULT] = "result",
	[REPLAY_END] = "end", [REPLAY_VOID] = "void",
};

const char *replay_kind_name(int kind)
{
	return kind >= 0 && kind < REPLAY_KINDS ? kind_name[kind] : "?";
}

void replay_file_free(replay_file *f)
{
	if (f == NULL)
		return;
	free(f->recs);
	free(f->text);
	free(f->rules);
	free(f);
}

/* Whether f is of version 1.2 or later, which escapes bot lines and words
 * refusal reasons with protocol tokens. */
static int since_1_2(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 2);
}

int replay_records_seeds(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 3);
}

int replay_honours_react(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 4);
}

int replay_asks_at_once(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 6);
}

int replay_skips_spent(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 7);
}

int replay_honours_standing(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 8);
}

unsigned replay_seat_features(const replay_file *f, const proto_cards *pc,
    int seat)
{
	const char *h = seat >= 0 && seat < f->nseats ? f->seat[seat].hello :
	    NULL;
	char name[PROTO_NAME_MAX + 1], why[128];
	unsigned feat = 0;
	sab_move m;

	if (h == NULL || proto_parse(pc, h, strlen(h), &m, name, &feat, why,
	    sizeof why) != PROTO_HELLO)
		return 0;
	/* Before 1.6 the word was no feature: asked in turn. */
	if (!replay_asks_at_once(f))
		feat &= ~(unsigned)PROTO_FEAT_AT_ONCE;
	/* Nor was "react-standing" before 1.8. */
	if (!replay_honours_standing(f))
		feat &= ~(unsigned)PROTO_FEAT_STANDING;
	return feat;
}

static int since_1_5(const replay_file *f)
{
	return f->major > 1 || (f->major == 1 && f->minor >= 5);
}

unsigned replay_compat(const replay_file *f)
{
	return since_1_5(f) ? 0 : PROTO_COMPAT_1_4;
}

int replay_records_all_hidden(const replay_file *f)
{
	return since_1_5(f);
}

proto_reasons replay_reasons(const replay_file *f)
{
	return since_1_2(f) ? PROTO_REASONS_TOKENS : PROTO_REASONS_NAMES;
}

char *replay_rec_line(const replay_file *f, const replay_rec *r, size_t *len)
{
	size_t n = strlen(r->text);
	char *s = malloc(n + 1);

	if (s == NULL)
		return NULL;
	memcpy(s, r->text, n + 1);
	*len = since_1_2(f) ? proto_unescape(s, n) : n;
	return s;
}

/* The longest time a file may give, in ms (31 years): the audit counts
 * the clock in ns, which stay far from overflowing. */
#define REPLAY_MAX_MS 1000000000000LL

/* ---- words ------------------------------------------------------------- */

/* A record being read: its words are taken one at a time from the front. */
typedef struct cursor {
	char *s;                /* what is left of the record */
	int line;
	const char *name;       /* the file's name */
	char *err;
	size_t errlen;
} cursor;

static int say(cursor *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int say(cursor *c, const char *fmt, ...)
{
	char what[384], shown[4 * 384 + 1];
	va_list ap;

	va_start(ap, fmt);
	(void)vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	/* The message quotes the file, which holds what bots sent. */
	(void)proto_escape(shown, sizeof shown, what, strlen(what), 0);
	(void)snprintf(c->err, c->errlen, "%s: line %d: %s", c->name, c->line,
	    shown);
	return -1;
}

/* The next word (ended by one space, which is cut), or NULL at the end. */
static char *word(cursor *c)
{
	char *w = c->s, *sp;

	if (*w == '\0')
		return NULL;
	sp = strchr(w, ' ');
	if (sp != NULL) {
		*sp = '\0';
		c->s = sp + 1;
	} else {
		c->s = w + strlen(w);
	}
	return w;
}

/* A whole number in [lo, hi] as the next word; what names it in messages. */
static int number(cursor *c, const char *what, long long lo, long long hi,
    int64_t *out)
{
	char *w = word(c), *end;
	long long v;

	if (w == NULL)
		return say(c, "%s is missing", what);
	errno = 0;
	v = strtoll(w, &end, 10);
	if (*w == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi ||
	    (*w != '-' && (*w < '0' || *w > '9')))
		return say(c, "%s \"%.40s\" is not a number from %lld to %lld",
		    what, w, lo, hi);
	*out = v;
	return 0;
}

static int seat_number(cursor *c, int nseats, int16_t *seat)
{
	int64_t v;

	if (number(c, "the seat", 0, nseats - 1, &v) != 0)
		return -1;
	*seat = (int16_t)v;
	return 0;
}

/* 16 lowercase hexadecimal digits. */
static int hash_word(cursor *c, const char *what, uint64_t *out)
{
	char *w = word(c);
	uint64_t v = 0;

	if (w == NULL || strlen(w) != 16)
		return say(c, "%s is not 16 hexadecimal digits", what);
	for (int i = 0; i < 16; i++) {
		int d = w[i] >= '0' && w[i] <= '9' ? w[i] - '0' :
		    w[i] >= 'a' && w[i] <= 'f' ? w[i] - 'a' + 10 : -1;
		if (d < 0)
			return say(c, "%s \"%s\" is not 16 lowercase hexadecimal "
			    "digits", what, w);
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

static int no_more(cursor *c, const char *kind)
{
	if (*c->s != '\0')
		return say(c, "a \"%s\" record with more than it should have: "
		    "\"%.40s\"", kind, c->s);
	return 0;
}

/* ---- the header -------------------------------------------------------- */

/* Which header records were seen. */
enum { H_PROGRAM = 1, H_RULESET = 2, H_SEED = 4, H_GAME = 8, H_START = 16,
	H_CLOCK = 32, H_PLAYERS = 64, H_ALL = 127,
	H_SEATCLOCK = 128 };    /* shifted left by the seat */

static int version(cursor *c, replay_file *f)
{
	char *w = word(c), *dot, *end;
	long major, minor;

	if (w == NULL || strcmp(w, "sabr") != 0)
		return say(c, "not a Saboteur replay (it does not begin with "
		    "\"sabr\")");
	w = word(c);
	dot = w ? strchr(w, '.') : NULL;
	if (dot == NULL)
		return say(c, "the version is not MAJOR.MINOR");
	*dot = '\0';
	errno = 0;
	major = strtol(w, &end, 10);
	if (*w == '\0' || *end != '\0' || errno || major < 0 || major > 9999)
		return say(c, "the version is not MAJOR.MINOR");
	minor = strtol(dot + 1, &end, 10);
	if (dot[1] == '\0' || *end != '\0' || errno || minor < 0 ||
	    minor > 9999)
		return say(c, "the version is not MAJOR.MINOR");
	if (major != REPLAY_MAJOR)
		return say(c, "replay format version %ld.%ld, but this program "
		    "reads version %d.x (up to %d.%d)", major, minor,
		    REPLAY_MAJOR, REPLAY_MAJOR, REPLAY_MINOR);
	f->major = (int)major;
	f->minor = (int)minor;
	return 0;
}

static int clock_field(cursor *c, const char *key, int64_t *out)
{
	char *w = word(c), *end;
	size_t n = strlen(key);
	long long v;

	if (w == NULL || strncmp(w, key, n) != 0 || w[n] != '=')
		return say(c, "the clock has no %s=MS", key);
	errno = 0;
	v = strtoll(w + n + 1, &end, 10);
	if (w[n + 1] < '0' || w[n + 1] > '9' || *end != '\0' || errno)
		return say(c, "the clock's %s is not a number", key);
	if (v > REPLAY_MAX_MS)
		return say(c, "the clock's %s is more than %lld ms", key,
		    (long long)REPLAY_MAX_MS);
	*out = v;
	return 0;
}

static int header_seat(cursor *c, replay_file *f)
{
	int64_t s;
	char *name;

	if (number(c, "the seat", 0, SAB_MAX_PLAYERS - 1, &s) != 0)
		return -1;
	if (s != f->nseats)
		return say(c, "seat %d where seat %d was due", (int)s, f->nseats);
	name = word(c);
	if (name == NULL || *name == '\0')
		return say(c, "seat %d has no name", (int)s);
	f->seat[s].name = name;
	f->seat[s].command = c->s;
	f->nseats++;
	return 0;
}

/* A line of the ruleset the game was played by, for a ruleset read from a
 * file: appended to f->rules. */
static int rules_line(cursor *c, replay_file *f)
{
	size_t n = strlen(c->s);
	char *r = realloc(f->rules, f->rules_len + n + 2);

	if (r == NULL)
		return say(c, "out of memory");
	memcpy(r + f->rules_len, c->s, n);
	r[f->rules_len + n] = '\n';
	r[f->rules_len + n + 1] = '\0';
	f->rules = r;
	f->rules_len += n + 1;
	return 0;
}

/* "seatseed SEAT S": the seed line seat SEAT was sent. */
static int seat_seed(cursor *c, replay_file *f)
{
	int16_t s;
	char *w, *end;

	if (seat_number(c, f->nseats, &s) != 0)
		return -1;
	w = word(c);
	errno = 0;
	if (w == NULL || *w < '0' || *w > '9')
		return say(c, "seat %d's seed is not a number", s);
	f->seat[s].seed = strtoull(w, &end, 10);
	if (*end != '\0' || errno)
		return say(c, "seat %d's seed \"%.40s\" is not a number below "
		    "2^64", s, w);
	if (no_more(c, "seatseed"))
		return -1;
	f->seat[s].seeded = 1;
	return 0;
}

/* One header record; *seen marks which.  Returns 0, 1 when the record is
 * not a header record (the header is over), -1 on a mistake. */
static int header_record(cursor *c, replay_file *f, const char *kind,
    int *seen)
{
	int64_t v;
	char *w;

	if (strcmp(kind, "program") == 0) {
		f->program = c->s, *seen |= H_PROGRAM;
	} else if (strcmp(kind, "ruleset") == 0) {
		w = word(c);
		if (w == NULL || *w == '\0' || strlen(w) > SAB_NAME_MAX)
			return say(c, "the ruleset has no name, or too long a one");
		memcpy(f->ruleset, w, strlen(w) + 1);
		if (hash_word(c, "the ruleset's hash", &f->ruleset_hash) ||
		    no_more(c, kind))
			return -1;
		*seen |= H_RULESET;
	} else if (strcmp(kind, "seed") == 0) {
		w = word(c);
		char *end;
		errno = 0;
		if (w == NULL || *w < '0' || *w > '9')
			return say(c, "the seed is not a number");
		f->seed = strtoull(w, &end, 10);
		if (*end != '\0' || errno)
			return say(c, "the seed \"%.40s\" is not a number below "
			    "2^64", w);
		f->generator = c->s;
		if (strcmp(f->generator, "xoshiro256**/splitmix64") != 0)
			return say(c, "the generator \"%.60s\" is not one this "
			    "program has", f->generator);
		*seen |= H_SEED;
	} else if (strcmp(kind, "deal") == 0) {
		w = word(c);
		if (w == NULL || strcmp(w, "seats") != 0)
			return say(c, "the deal \"%.40s\" is not one this "
			    "program knows (seats)", w ? w : "");
		if (no_more(c, kind))
			return -1;
		f->deal = SAB_DEAL_SEATS;
	} else if (strcmp(kind, "game") == 0) {
		if (number(c, "the game's number", 1, 1000000000, &v) ||
		    no_more(c, kind))
			return -1;
		f->game = (int)v, *seen |= H_GAME;
	} else if (strcmp(kind, "start") == 0) {
		f->start = c->s, *seen |= H_START;
	} else if (strcmp(kind, "seat") == 0) {
		return header_seat(c, f);
	} else if (strcmp(kind, "clock") == 0) {
		if (clock_field(c, "handshake", &f->handshake_ms) ||
		    clock_field(c, "move", &f->move_ms) ||
		    clock_field(c, "bank", &f->bank_ms) ||
		    clock_field(c, "grace", &f->grace_ms) || no_more(c, kind))
			return -1;
		*seen |= H_CLOCK;
	} else if (strcmp(kind, "players") == 0) {
		if (number(c, "the number of players", 1, SAB_MAX_PLAYERS, &v) ||
		    no_more(c, kind))
			return -1;
		if (v != f->nseats)
			return say(c, "%d players, but %d seats", (int)v,
			    f->nseats);
		*seen |= H_PLAYERS;
	} else if (strcmp(kind, "tries") == 0) {
		if (number(c, "the tries", 1, 1000, &v) || no_more(c, kind))
			return -1;
		f->tries = (int)v;
	} else if (strcmp(kind, "hello") == 0) {
		int16_t s;
		if (seat_number(c, f->nseats, &s) != 0)
			return -1;
		f->seat[s].hello = c->s;
	} else if (strcmp(kind, "rules") == 0) {
		return rules_line(c, f);
	} else if (strcmp(kind, "seatseed") == 0) {
		return seat_seed(c, f);
	} else if (strcmp(kind, "seatclock") == 0) {
		int16_t s;
		if (seat_number(c, f->nseats, &s) != 0 ||
		    clock_field(c, "move", &f->seat[s].move_ms) ||
		    clock_field(c, "bank", &f->seat[s].bank_ms) ||
		    no_more(c, kind))
			return -1;
		*seen |= H_SEATCLOCK << s;
	} else {
		return 1;
	}
	return 0;
}

static const char *const header_word[] = { "program", "ruleset", "seed",
	"game", "start", "clock", "players" };

static int header_done(cursor *c, int seen)
{
	for (int i = 0; i < 7; i++)
		if (!(seen & (1 << i)))
			return say(c, "the header has no \"%s\" record",
			    header_word[i]);
	return 0;
}

/* ---- the records ------------------------------------------------------- */

static int kind_of(const char *w)
{
	for (int k = 0; k < REPLAY_KINDS; k++)
		if (strcmp(w, kind_name[k]) == 0)
			return k;
	return -1;
}

static int ev_record(cursor *c, const replay_file *f, replay_rec *r)
{
	char *v = word(c), *colon;

	if (v == NULL)
		return say(c, "an event without its visibility");
	if (strcmp(v, "all") == 0) {
		r->vis = SAB_VIS_ALL;
		r->seat = 0;
	} else {
		colon = strchr(v, ':');
		if (colon == NULL)
			return say(c, "the visibility \"%.40s\" is not all, "
			    "seat:S or hidden:S", v);
		*colon = '\0';
		if (strcmp(v, "seat") == 0)
			r->vis = SAB_VIS_SEAT;
		else if (strcmp(v, "hidden") == 0)
			r->vis = SAB_VIS_HIDDEN;
		else
			return say(c, "the visibility \"%.40s\" is not all, "
			    "seat:S or hidden:S", v);
		cursor sub = *c;
		sub.s = colon + 1;
		if (seat_number(&sub, f->nseats, &r->seat) != 0)
			return -1;
	}
	if (*c->s == '\0')
		return say(c, "an event without its line");
	return 0;
}

/* The fields of a body record after its kind; the rest is its text. */
static int body_record(cursor *c, const replay_file *f, replay_rec *r)
{
	int64_t v;

	switch (r->kind) {
	case REPLAY_ROUND:
		if (number(c, "the round", 1, 255, &r->a) || no_more(c, "round"))
			return -1;
		break;
	case REPLAY_HAND:
	case REPLAY_ROLE:
	case REPLAY_NOTE:
	case REPLAY_STATUS:
	case REPLAY_MOVE:
		if (seat_number(c, f->nseats, &r->seat) != 0)
			return -1;
		if (r->kind == REPLAY_STATUS && *c->s == '\0')
			return say(c, "a status record without its status");
		if (r->kind == REPLAY_MOVE && *c->s == '\0')
			return say(c, "a move record without its move");
		break;
	case REPLAY_GOALCARD:
	case REPLAY_CHEST:
		if (number(c, "x", -128, 127, &r->a) ||
		    number(c, "y", -128, 127, &r->b))
			return -1;
		break;
	case REPLAY_EV:
		return ev_record(c, f, r);
	case REPLAY_BOT:
	case REPLAY_VOID:
		if (seat_number(c, f->nseats, &r->seat) ||
		    number(c, "the time used", 0, REPLAY_MAX_MS * 1000, &r->a) ||
		    number(c, "the bank", 0, REPLAY_MAX_MS, &r->b))
			return -1;
		break;
	case REPLAY_TURN:
		if (number(c, "the decision", 1, 1000000000, &v) ||
		    hash_word(c, "the state's hash", &r->hash) ||
		    no_more(c, "turn"))
			return -1;
		r->a = v;
		break;
	case REPLAY_END:
		if (no_more(c, "end"))
			return -1;
		break;
	default:
		break;
	}
	return 0;
}

/* ---- the file ---------------------------------------------------------- */

static int add_record(replay_file *f, const replay_rec *r, int *cap)
{
	if (f->nrecs == *cap) {
		int ncap = *cap ? 2 * *cap : 1024;
		replay_rec *n = realloc(f->recs, (size_t)ncap * sizeof *n);
		if (n == NULL)
			return -1;
		f->recs = n;
		*cap = ncap;
	}
	f->recs[f->nrecs++] = *r;
	return 0;
}

/* Reads the records after line `line`; stops at the first mistake,
 * which goes into f->problem. */
static void read_body(replay_file *f, char *s, char *end, int line,
    const char *name)
{
	cursor c = { NULL, line, name, f->problem, sizeof f->problem };
	int cap = 0;

	while (s < end) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		if (nl == NULL) {
			c.line = line + 1;
			say(&c, "the last record is cut short (the file ends "
			    "inside it)");
			return;
		}
		*nl = '\0';
		c.s = s;
		c.line = ++line;
		s = nl + 1;
		char *kw = word(&c);
		if (f->nrecs > 0 && f->recs[f->nrecs - 1].kind == REPLAY_END) {
			say(&c, "a record after \"end\"");
			return;
		}
		if (kw == NULL) {
			say(&c, "an empty line, which is no record");
			return;
		}
		int k = kind_of(kw);
		/* A kind a file's version does not have is skipped as an
		 * older reader skips it. */
		if (k < 0 || (k == REPLAY_VOID && !replay_asks_at_once(f))) {
			f->skipped++;   /* a later minor version's record */
			continue;
		}
		replay_rec r = { (uint8_t)k, 0, -1, line, 0, 0, 0, NULL };
		if (body_record(&c, f, &r) != 0)
			return;
		r.text = c.s;
		if (add_record(f, &r, &cap) != 0) {
			say(&c, "out of memory");
			return;
		}
	}
	if (f->nrecs == 0 || f->recs[f->nrecs - 1].kind != REPLAY_END) {
		c.line = line;
		say(&c, "the file ends before the game does (no \"end\" record): "
		    "a replay still being written, or one cut short");
		return;
	}
	f->complete = 1;
}

/* Checks that the text has no NUL byte and no line longer than the limit;
 * returns the line of the first fault, or 0. */
static int text_fault(const char *s, size_t len, const char **why)
{
	int line = 1;
	size_t start = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\0') {
			*why = "holds a NUL byte: not a text replay";
			return line;
		}
		if (s[i] == '\n') {
			line++;
			start = i + 1;
		} else if (i - start >= REPLAY_MAX_RECORD) {
			*why = "is longer than a record may be";
			return line;
		}
	}
	return 0;
}

static const char *const header_kinds[] = { "program", "ruleset", "seed",
	"deal", "game", "start", "seat", "clock", "players", "tries", "hello",
	"seatclock", "rules", "seatseed", NULL };

/* Whether the record at s (ended by '\n' or NUL) is a header record. */
static int is_header(const char *s)
{
	size_t n = strcspn(s, " \n");

	for (int i = 0; header_kinds[i] != NULL; i++)
		if (strlen(header_kinds[i]) == n &&
		    memcmp(s, header_kinds[i], n) == 0)
			return 1;
	return 0;
}

/* Whether the record at s (ended by '\n' or NUL) is of a kind of the
 * body, the first of which ends the header. */
static int is_body(const char *s)
{
	size_t n = strcspn(s, " \n");

	for (int k = 0; k < REPLAY_KINDS; k++)
		if (strlen(kind_name[k]) == n && memcmp(s, kind_name[k], n) == 0)
			return 1;
	return 0;
}

/* Reads the header from the front of [s, end); returns where the body
 * begins, or NULL with the reason in c->err.  A record of a kind this
 * reader does not know is a later minor version's, in the header as in
 * the body: it is skipped. */
static char *read_header(cursor *c, replay_file *f, char *s, char *end)
{
	int seen = 0;

	while (c->line == 0 || (s < end && !is_body(s))) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		c->line++;
		if (nl == NULL) {
			say(c, c->line == 1 ? "not a Saboteur replay (no "
			    "\"sabr\" line)" : "the file ends inside its header");
			return NULL;
		}
		*nl = '\0';
		c->s = s;
		if (c->line == 1) {
			if (version(c, f) != 0 || no_more(c, "sabr"))
				return NULL;
		} else if (!is_header(s)) {
			f->skipped++;
		} else if (header_record(c, f, word(c), &seen) != 0) {
			return NULL;
		}
		s = nl + 1;
	}
	c->line++;      /* messages about the header's end name the next line */
	if (f->nseats == 0)
		return say(c, "the header has no \"seat\" record"), NULL;
	if (header_done(c, seen) != 0)
		return NULL;
	for (int k = 0; k < f->nseats; k++)
		if (!(seen & (H_SEATCLOCK << k))) {
			f->seat[k].move_ms = f->move_ms;
			f->seat[k].bank_ms = f->bank_ms;
		}
	c->line--;
	return s;
}

/* Counts the lines of a text, for messages about where damage begins. */
static int lines_in(const char *s, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n;
}

static replay_file *parse_owned(char *text, size_t len, const char *name,
    const char *zproblem, char *err, size_t errlen)
{
	replay_file *f = calloc(1, sizeof *f);
	cursor c = { NULL, 0, name, err, errlen };
	const char *why = NULL;
	char *body, *end = text + len;
	int fault, whole;

	if (f == NULL) {
		free(text);
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	f->text = text;
	f->len = len;
	/* A NUL byte or an endless line: read only what comes before it. */
	fault = text_fault(text, len, &why);
	if (fault) {
		end = text;
		for (int l = 1; l < fault; end++)
			if (*end == '\n')
				l++;
	}
	/* Counted before the header's newlines are cut. */
	whole = zproblem != NULL ? lines_in(text, len) : 0;
	body = read_header(&c, f, text, end);
	if (body == NULL) {
		if (fault && c.line >= fault)
			snprintf(err, errlen, "%s: line %d %s", name, fault, why);
		/* The header stopped where a damaged stream did: say that. */
		if (zproblem != NULL && c.line > whole)
			snprintf(err, errlen, "%s", zproblem);
		replay_file_free(f);
		return NULL;
	}
	f->header_lines = c.line;
	read_body(f, body, end, c.line, name);
	if (fault)
		snprintf(f->problem, sizeof f->problem, "%s: line %d %s", name,
		    fault, why);
	if (zproblem != NULL)
		snprintf(f->problem, sizeof f->problem, "%s", zproblem);
	if (fault || zproblem != NULL)
		f->complete = 0;
	return f;
}

replay_file *replay_parse(const char *text, size_t len, const char *name,
    char *err, size_t errlen)
{
	char *copy = malloc(len + 1);

	if (copy == NULL) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	return parse_owned(copy, len, name, NULL, err, errlen);
}

/* ---- reading a file ---------------------------------------------------- */

/* A file being read: its raw bytes in, its text out. */
typedef struct reading {
	FILE *fp;
	const char *path;
	unsigned char in[65536];
	size_t have;            /* raw bytes in `in`, from `at` */
	size_t at;
	int eof;
	char *buf;              /* the text so far */
	size_t len, cap;
	char *err;
	size_t errlen;
} reading;

/* Tops up the raw bytes; -1 on a read error (the reason in err). */
static int fill(reading *r)
{
	size_t n;

	if (r->at > 0) {
		memmove(r->in, r->in + r->at, r->have);
		r->at = 0;
	}
	if (r->eof || r->have == sizeof r->in)
		return 0;
	n = fread(r->in + r->have, 1, sizeof r->in - r->have, r->fp);
	r->have += n;
	if (n == 0 && ferror(r->fp)) {
		snprintf(r->err, r->errlen, "%s: %s", r->path, strerror(errno));
		return -1;
	}
	if (n == 0 || feof(r->fp))
		r->eof = 1;
	return 0;
}

/* Room for at least 65536 more bytes of text, or what is left below the
 * limit; returns the room, 0 with the reason in err past the limit or
 * when out of memory. */
static size_t room(reading *r)
{
	size_t want = REPLAY_MAX_BYTES - r->len < 65536 ?
	    REPLAY_MAX_BYTES - r->len : 65536;
	char *n;

	if (want > 0 && r->cap - r->len >= want)
		return r->cap - r->len;
	if (want > 0) {
		size_t ncap = r->cap ? 2 * r->cap : 262144;
		while (ncap - r->len < want)
			ncap *= 2;
		if (ncap > REPLAY_MAX_BYTES)
			ncap = REPLAY_MAX_BYTES;
		n = realloc(r->buf, ncap + 1);
		if (n != NULL) {
			r->buf = n;
			r->cap = ncap;
			return r->cap - r->len;
		}
	}
	snprintf(r->err, r->errlen, "%s: larger than %u MiB uncompressed, or "
	    "out of memory", r->path, REPLAY_MAX_BYTES >> 20);
	return 0;
}

/* Copies a file that is not gzip (plain text, as zcat prints it). */
static int read_plain(reading *r)
{
	for (;;) {
		if (fill(r) != 0)
			return -1;
		if (r->have == 0)
			return 0;
		size_t n = room(r);
		if (n == 0)
			return -1;
		if (n > r->have)
			n = r->have;
		memcpy(r->buf + r->len, r->in + r->at, n);
		r->len += n;
		r->at += n;
		r->have -= n;
	}
}

/* Whether the raw bytes go on with another gzip member (as after `cat
 * a.gz b.gz`); anything else after a member is ignored, as gzip does. */
static int next_member(reading *r)
{
	if (r->have < 2 && fill(r) != 0)
		return -1;
	return r->have >= 2 && r->in[r->at] == 0x1f && r->in[r->at + 1] == 0x8b;
}

/*
 * Inflates the gzip stream into the text.  Keeps everything inflated
 * before a fault, so that a stream cut short or damaged still shows the
 * records before the damage.  Returns 0 (with *zmsg NULL when the stream
 * was whole, else what was wrong with it), or -1 with the reason in err.
 */
static int read_gzip(reading *r, const char **zmsg, int *cut)
{
	z_stream zs;
	int rc = Z_OK;

	memset(&zs, 0, sizeof zs);
	*zmsg = NULL;
	*cut = 0;
	if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
		snprintf(r->err, r->errlen, "%s: out of memory", r->path);
		return -1;
	}
	for (;;) {
		if (r->have == 0 && fill(r) != 0)
			break;
		if (r->have == 0) {
			*cut = 1;
			*zmsg = "unexpected end of file";
			break;
		}
		size_t n = room(r);
		if (n == 0)
			break;
		zs.next_in = r->in + r->at;
		zs.avail_in = (uInt)r->have;
		zs.next_out = (Bytef *)r->buf + r->len;
		zs.avail_out = (uInt)n;
		rc = inflate(&zs, Z_NO_FLUSH);
		int moved = zs.avail_out < n || zs.avail_in < r->have;
		r->len += n - zs.avail_out;
		r->at += r->have - zs.avail_in;
		r->have = zs.avail_in;
		if (rc == Z_STREAM_END) {
			int more = next_member(r);
			if (more <= 0) {
				inflateEnd(&zs);
				return more;
			}
			inflateReset(&zs);
		} else if (rc == Z_MEM_ERROR) {
			snprintf(r->err, r->errlen, "%s: out of memory", r->path);
			break;
		} else if (rc != Z_OK && (rc != Z_BUF_ERROR || !moved)) {
			*zmsg = zs.msg ? zs.msg : "compressed data error";
			break;
		}
	}
	inflateEnd(&zs);
	return *zmsg != NULL ? 0 : -1;
}

replay_file *replay_read(const char *path, char *err, size_t errlen)
{
	reading *r = calloc(1, sizeof *r);
	char zproblem[512];
	const char *zmsg = NULL;
	int rc, cut = 0;

	if (r == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	r->path = path;
	r->err = err;
	r->errlen = errlen;
	r->fp = fopen(path, "rb");
	if (r->fp == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(r);
		return NULL;
	}
	/* What zcat does: gzip when it begins like gzip, else the text as it
	 * is. */
	rc = next_member(r);
	if (rc == 1)
		rc = read_gzip(r, &zmsg, &cut);
	else if (rc == 0)
		rc = read_plain(r);
	fclose(r->fp);
	if (rc == 0 && room(r) == 0)
		rc = -1;
	if (rc != 0) {
		free(r->buf);
		free(r);
		return NULL;
	}
	char *buf = r->buf;
	size_t len = r->len;
	free(r);
	buf[len] = '\0';
	if (zmsg != NULL)
		snprintf(zproblem, sizeof zproblem, "%s: after line %d: the "
		    "compressed data %s (%s)", path, lines_in(buf, len), cut ?
		    "ends before the stream does, so the file was cut short or "
		    "is still being written" : "is damaged", zmsg);
	return parse_owned(buf, len, path, zmsg ? zproblem : NULL, err,
	    errlen);
}
