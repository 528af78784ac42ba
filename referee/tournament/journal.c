/* journal.c: the results journal: one text line per finished game, written
 * whole and synced, read back after any interruption. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "config.h"
#include "journal.h"
#include "protocol.h"
#include "say.h"

#define MAGIC "saboteur-journal"
#define PAY_MAX 32767           /* the largest payout a line holds */

struct journal {
	char *dir;
	char path[4096];        /* DIR/journal.txt */
	journal_roles roles;    /* its header's */
	long schedule;          /* a new header's schedule=, or 0 */
	int fd;                 /* the journal, appended */
	int lock_fd;            /* DIR/lock, held with flock */
	off_t size;             /* the bytes of whole lines in the file */
	journal_set done;
};

/* ------------------------------------------------------------------ */
/* Small helpers */

int journal_set_has(const journal_set *s, long i)
{
	size_t byte = (size_t)i / 8;

	return i >= 0 && byte < s->n && (s->b[byte] >> (i % 8)) & 1;
}

int journal_set_add(journal_set *s, long i)
{
	size_t byte = (size_t)i / 8;

	if (journal_set_has(s, i))
		return 1;
	if (byte >= s->n) {
		size_t n = s->n ? s->n : 1024;
		uint8_t *nb;

		while (n <= byte)
			n *= 2;
		if ((nb = realloc(s->b, n)) == NULL)
			return -1;
		memset(nb + s->n, 0, n - s->n);
		s->b = nb;
		s->n = n;
	}
	s->count++;
	s->b[byte] |= (uint8_t)(1u << (i % 8));
	return 0;
}

void journal_set_free(journal_set *s)
{
	free(s->b);
	memset(s, 0, sizeof *s);
}

const char *journal_status_name(int status)
{
	return status == JOURNAL_DISQUALIFIED ? "disqualified" :
	    bot_status_name(status);
}

/* ------------------------------------------------------------------ */
/* Role lists */

void journal_roles_base(journal_roles *r)
{
	static const char *const names[] = { "none", "miner", "saboteur" };

	memset(r, 0, sizeof *r);
	r->n = 3;
	for (int i = 0; i < 3; i++) {
		r->letter[i] = "-ms"[i];
		snprintf(r->name[i], sizeof r->name[i], "%s", names[i]);
	}
}

/* Adds role value r->n called name[0..len) with letter; 0, or -1 when
 * the name cannot be a word of the header or the list has it already. */
static int roles_add(journal_roles *r, const char *name, size_t len,
    char letter)
{
	if (r->n >= SAB_MAX_ROLES || len >= sizeof r->name[0] ||
	    !config_name_ok(name, len))
		return -1;
	for (int i = 0; i < r->n; i++)
		if (strncmp(r->name[i], name, len) == 0 &&
		    r->name[i][len] == '\0')
			return -1;
	memcpy(r->name[r->n], name, len);
	r->name[r->n][len] = '\0';
	r->letter[r->n++] = letter;
	return 0;
}

static int letter_taken(const journal_roles *r, char c)
{
	return memchr(r->letter, c, (size_t)r->n) != NULL;
}

int journal_roles_of(journal_roles *r, const sab_ruleset *rs, char *err,
    size_t errlen)
{
	memset(r, 0, sizeof *r);
	(void)roles_add(r, "none", 4, '-');
	for (int v = 1; v < rs->nroles; v++) {
		const char *name = sab_role_name(rs, (uint8_t)v), *p;
		char c = 'a';

		for (p = name; *p && !(*p >= 'a' && *p <= 'z' &&
		    !letter_taken(r, *p)); p++)
			;
		if (*p)
			c = *p;
		while (letter_taken(r, c))
			c++;            /* 15 roles at most: a free one is there */
		if (roles_add(r, name, strlen(name), c) != 0)
			return sab_fail(err, errlen, "role %d \"%.40s\" cannot be "
			    "journaled: a role's name is 1 to %d letters, digits, "
			    "'.', '_' or '-', given once", v, name,
			    SAB_NAME_MAX - 1);
	}
	return 0;
}

int journal_roles_equal(const journal_roles *a, const journal_roles *b)
{
	if (a->n != b->n)
		return 0;
	for (int i = 0; i < a->n; i++)
		if (a->letter[i] != b->letter[i] ||
		    strcmp(a->name[i], b->name[i]) != 0)
			return 0;
	return 1;
}

/* The value of the role whose letter is c, or -1. */
static int role_by_letter(const journal_roles *r, char c)
{
	for (int i = 0; i < r->n; i++)
		if (r->letter[i] == c)
			return i;
	return -1;
}

/* The value of the role called name, or -1. */
static int role_by_name(const journal_roles *r, const char *name)
{
	for (int i = 0; i < r->n; i++)
		if (strcmp(r->name[i], name) == 0)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* Writing a line */

/* Lines are built with the one string builder (rules/say.h): a line
 * that does not fit is cut and marked, and refused below. */

/* One per-seat list "key=v0,v1,...". */
static void put_ints(sab_strbuf *o, const char *key, const journal_game *g,
    size_t offset, int wide)
{
	(void)sab_strbuf_printf(o, " %s=", key);
	for (int s = 0; s < g->players; s++) {
		const char *p = (const char *)&g->seat[s] + offset;
		if (wide)
			(void)sab_strbuf_printf(o, "%s%" PRId64, s ? "," : "",
			    *(const int64_t *)p);
		else
			(void)sab_strbuf_printf(o, "%s%d", s ? "," : "",
			    *(const int *)p);
	}
}

/* Checks what the text form cannot hold; 0 when g makes a valid line. */
static int check_game(const journal_game *g, const journal_roles *roles,
    char *err, size_t errlen)
{
	size_t rlen = strlen(g->replay);

	if (g->index < 0 || g->index >= JOURNAL_MAX_INDEX)
		return sab_fail(err, errlen, "game index %ld out of range",
		    g->index);
	if (g->players < 1 || g->players > SAB_MAX_PLAYERS ||
	    g->rounds < 1 || g->rounds > SAB_MAX_ROUNDS)
		return sab_fail(err, errlen, "game %ld: %d players and %d rounds "
		    "cannot be recorded", g->index, g->players, g->rounds);
	if (g->winners >> g->players)
		return sab_fail(err, errlen, "game %ld: a winner beyond the seats",
		    g->index);
	if (!g->paid)
		return sab_fail(err, errlen, "game %ld: no payouts (a game of an "
		    "earlier version's journal is not written again)", g->index);
	for (int r = 0; r < g->rounds; r++) {
		if (g->round_winners[r] >> g->players)
			return sab_fail(err, errlen, "game %ld: a winner of round "
			    "%d beyond the seats", g->index, r + 1);
		for (int s = 0; s < g->players; s++)
			if (g->seat[s].role[r] >= roles->n ||
			    g->seat[s].pay[r] < -PAY_MAX ||
			    g->seat[s].pay[r] > PAY_MAX)
				return sab_fail(err, errlen, "game %ld: seat %d: a "
				    "role or payout of round %d out of range",
				    g->index, s, r + 1);
	}
	if (rlen >= sizeof g->replay || strcmp(g->replay, "-") == 0 ||
	    strcspn(g->replay, " \t\r\n") != rlen)
		return sab_fail(err, errlen, "game %ld: replay name \"%.60s\" is "
		    "not one word", g->index, g->replay);
	for (int s = 0; s < g->players; s++) {
		const journal_seat *t = &g->seat[s];

		if (!config_name_ok(t->bot, strnlen(t->bot, sizeof t->bot)))
			return sab_fail(err, errlen, "game %ld: seat %d: bot name "
			    "\"%.40s\" is not 1 to 32 letters, digits, '.', "
			    "'_' or '-'", g->index, s, t->bot);
		if (t->status < 0 || t->status >= JOURNAL_STATUSES ||
		    t->decisions < 0 || t->think_us < 0 || t->illegal < 0 ||
		    t->defaults < 0 || t->timeouts < 0)
			return sab_fail(err, errlen, "game %ld: seat %d: a count or "
			    "status out of range", g->index, s);
	}
	return 0;
}

int journal_format(const journal_game *g, const journal_roles *roles,
    char *buf, size_t len, char *err, size_t errlen)
{
	sab_strbuf o;

	sab_strbuf_init(&o, buf, len);

	if (check_game(g, roles, err, errlen) != 0)
		return -1;
	(void)sab_strbuf_printf(&o, "game %ld seed=%" PRIu64 " bots=", g->index,
	    g->seed);
	for (int s = 0; s < g->players; s++)
		(void)sab_strbuf_printf(&o, "%s%s", s ? "," : "", g->seat[s].bot);
	put_ints(&o, "gold", g, offsetof(journal_seat, gold), 0);
	(void)sab_strbuf_printf(&o, " winners=");
	if (g->winners == 0)
		(void)sab_strbuf_printf(&o, "-");
	for (int s = 0, k = 0; s < g->players; s++)
		if (g->winners >> s & 1)
			(void)sab_strbuf_printf(&o, "%s%d", k++ ? "," : "", s);
	(void)sab_strbuf_printf(&o, " roles=");
	for (int r = 0; r < g->rounds; r++) {
		(void)sab_strbuf_printf(&o, "%s", r ? "," : "");
		for (int s = 0; s < g->players; s++)
			(void)sab_strbuf_printf(&o, "%c", roles->letter[g->seat[s].role[r]]);
	}
	(void)sab_strbuf_printf(&o, " results=");
	for (int r = 0; r < g->rounds; r++) {
		(void)sab_strbuf_printf(&o, "%s", r ? "," : "");
		if (g->round_winners[r] == 0)
			(void)sab_strbuf_printf(&o, "-");
		for (int s = 0, k = 0; s < g->players; s++)
			if (g->round_winners[r] >> s & 1)
				(void)sab_strbuf_printf(&o, "%s%d", k++ ? "+" : "", s);
		for (int s = 0; s < g->players; s++)
			(void)sab_strbuf_printf(&o, "%c%d", s ? '/' : ':', g->seat[s].pay[r]);
	}
	put_ints(&o, "decisions", g, offsetof(journal_seat, decisions), 0);
	put_ints(&o, "think-us", g, offsetof(journal_seat, think_us), 1);
	put_ints(&o, "illegal", g, offsetof(journal_seat, illegal), 0);
	put_ints(&o, "defaults", g, offsetof(journal_seat, defaults), 0);
	put_ints(&o, "timeouts", g, offsetof(journal_seat, timeouts), 0);
	(void)sab_strbuf_printf(&o, " status=");
	for (int s = 0; s < g->players; s++)
		(void)sab_strbuf_printf(&o, "%s%s", s ? "," : "",
		    journal_status_name(g->seat[s].status));
	(void)sab_strbuf_printf(&o, " replay=%s%s\n", g->replay[0] ? g->replay :
	    "-", g->unsealed ? " sandbox=off" : "");
	if (o.cut || o.len >= JOURNAL_LINE_MAX)
		return sab_fail(err, errlen, "game %ld: the journal line is too "
		    "long", g->index);
	return (int)o.len;
}

/* ------------------------------------------------------------------ */
/* Reading a line */

/* A piece of a line. */
typedef struct span {
	const char *p;
	size_t n;
} span;

/* Splits s at sep into at most max pieces; returns the count, or -1 when
 * there are more. */
static int split(span s, char sep, span *parts, int max)
{
	int k = 0;
	const char *p = s.p, *end = s.p + s.n;

	for (;;) {
		const char *q = memchr(p, sep, (size_t)(end - p));
		if (k == max)
			return -1;
		parts[k].p = p;
		parts[k++].n = q ? (size_t)(q - p) : (size_t)(end - p);
		if (q == NULL)
			return k;
		p = q + 1;
	}
}

static int span_is(span s, const char *w)
{
	return s.n == strlen(w) && memcmp(s.p, w, s.n) == 0;
}

/* Digits only, at most max. */
static int span_u64(span s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (s.n == 0 || s.n > 20)
		return -1;
	for (size_t i = 0; i < s.n; i++) {
		unsigned d = (unsigned)(s.p[i] - '0');
		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (v > max)
		return -1;
	*out = v;
	return 0;
}

/* An optional '-' and digits, within [-max, max]. */
static int span_i64(span s, int64_t max, int64_t *out)
{
	uint64_t v;
	int neg = s.n > 0 && s.p[0] == '-';
	span d = { s.p + neg, s.n - (size_t)neg };

	if (span_u64(d, (uint64_t)max, &v) != 0)
		return -1;
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* The fields of a game line after "game INDEX": every key a line may
 * have, then the keys of a line in their order, now and in a journal of
 * an earlier version (rounds= where roles= and results= are now). */
enum { L_SEED, L_BOTS, L_GOLD, L_WINNERS, L_ROLES, L_RESULTS, L_ROUNDS,
	L_DECISIONS, L_THINK, L_ILLEGAL, L_DEFAULTS, L_TIMEOUTS, L_STATUS,
	L_REPLAY, L_SANDBOX, L_KEYS };
static const char *const line_keys[L_KEYS] = { "seed", "bots", "gold",
	"winners", "roles", "results", "rounds", "decisions", "think-us",
	"illegal", "defaults", "timeouts", "status", "replay", "sandbox" };
#define L_N 13                  /* fields of a line */
#define L_N_OLD 12              /* fields of an earlier version's line */
/* A game played unsealed adds "sandbox=off" after them: a line without
 * it was played sealed, or by a version that did not say. */
static const uint8_t line_fields[L_N + 1] = { L_SEED, L_BOTS, L_GOLD,
	L_WINNERS, L_ROLES, L_RESULTS, L_DECISIONS, L_THINK, L_ILLEGAL,
	L_DEFAULTS, L_TIMEOUTS, L_STATUS, L_REPLAY, L_SANDBOX };
static const uint8_t old_fields[L_N_OLD] = { L_SEED, L_BOTS, L_GOLD,
	L_WINNERS, L_ROUNDS, L_DECISIONS, L_THINK, L_ILLEGAL, L_DEFAULTS,
	L_TIMEOUTS, L_STATUS, L_REPLAY };

static int parse_bots(span v, journal_game *g)
{
	span p[SAB_MAX_PLAYERS];
	int n = split(v, ',', p, SAB_MAX_PLAYERS);

	if (n < 1)
		return -1;
	g->players = n;
	for (int s = 0; s < n; s++) {
		if (!config_name_ok(p[s].p, p[s].n))
			return -1;
		memcpy(g->seat[s].bot, p[s].p, p[s].n);
		g->seat[s].bot[p[s].n] = '\0';
	}
	return 0;
}

/* A per-seat list of numbers into the field at offset of each seat. */
static int parse_ints(span v, journal_game *g, size_t offset, int wide,
    int neg)
{
	span p[SAB_MAX_PLAYERS];
	int64_t x;

	if (split(v, ',', p, SAB_MAX_PLAYERS) != g->players)
		return -1;
	for (int s = 0; s < g->players; s++) {
		char *f = (char *)&g->seat[s] + offset;
		if (span_i64(p[s], wide ? INT64_MAX : 2147483647, &x) != 0 ||
		    (x < 0 && !neg))
			return -1;
		if (wide)
			*(int64_t *)f = x;
		else
			*(int *)f = (int)x;
	}
	return 0;
}

/* Seats separated by sep, each once, or "-" for none, into *set. */
static int parse_seats(span v, char sep, int players, uint16_t *set)
{
	span p[SAB_MAX_PLAYERS];
	uint64_t s;
	int n;

	*set = 0;
	if (span_is(v, "-"))
		return 0;
	if ((n = split(v, sep, p, SAB_MAX_PLAYERS)) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (span_u64(p[i], (uint64_t)players - 1, &s) != 0 ||
		    (*set >> s & 1))
			return -1;
		*set |= (uint16_t)(1u << s);
	}
	return 0;
}

/* One round's role letters, one a seat, into the seats' role[r]. */
static int parse_round_roles(span v, const journal_roles *roles, int r,
    journal_game *g)
{
	if (v.n != (size_t)g->players)
		return -1;
	for (int s = 0; s < g->players; s++) {
		int role = role_by_letter(roles, v.p[s]);
		if (role < 0)
			return -1;
		g->seat[s].role[r] = (uint8_t)role;
	}
	return 0;
}

static int parse_roles(span v, const journal_roles *roles, journal_game *g)
{
	span p[SAB_MAX_ROUNDS];
	int n = split(v, ',', p, SAB_MAX_ROUNDS);

	if (n < 1)
		return -1;
	g->rounds = n;
	for (int r = 0; r < n; r++)
		if (parse_round_roles(p[r], roles, r, g) != 0)
			return -1;
	return 0;
}

/* Per round (as many as roles= gave): "WINNERS:PAY/PAY/...". */
static int parse_results(span v, journal_game *g)
{
	span p[SAB_MAX_ROUNDS], q[SAB_MAX_PLAYERS];
	int64_t x;

	if (split(v, ',', p, SAB_MAX_ROUNDS) != g->rounds)
		return -1;
	for (int r = 0; r < g->rounds; r++) {
		const char *colon = memchr(p[r].p, ':', p[r].n);
		span won = { p[r].p, colon ? (size_t)(colon - p[r].p) : 0 };
		span pay = { colon + 1, colon ? p[r].n - won.n - 1 : 0 };

		if (colon == NULL ||
		    parse_seats(won, '+', g->players, &g->round_winners[r]) != 0 ||
		    split(pay, '/', q, SAB_MAX_PLAYERS) != g->players)
			return -1;
		for (int s = 0; s < g->players; s++) {
			if (span_i64(q[s], PAY_MAX, &x) != 0)
				return -1;
			g->seat[s].pay[r] = (int)x;
		}
	}
	g->paid = 1;
	return 0;
}

/*
 * An earlier version's rounds=: per round, every seat's role letter and
 * ':' the letter of the side that won it, read as they were meant (m gold
 * miner, s saboteur, - none) into the roles' values; the round's winners
 * are the seats of that side.
 */
static int parse_old_rounds(span v, const journal_roles *roles,
    journal_game *g)
{
	journal_roles old;
	span p[SAB_MAX_ROUNDS];
	int n = split(v, ',', p, SAB_MAX_ROUNDS), map[3];

	journal_roles_base(&old);
	for (int i = 0; i < 3; i++)
		map[i] = role_by_name(roles, old.name[i]);
	if (n < 1)
		return -1;
	g->rounds = n;
	for (int r = 0; r < n; r++) {
		span letters = { p[r].p, (size_t)g->players };
		int side;

		if (p[r].n != (size_t)g->players + 2 ||
		    p[r].p[g->players] != ':' ||
		    parse_round_roles(letters, &old, r, g) != 0 ||
		    (side = role_by_letter(&old, p[r].p[g->players + 1])) < 0)
			return -1;
		for (int s = 0; s < g->players; s++) {
			int role = g->seat[s].role[r];
			if (map[role] < 0)
				return -1;
			if (side != 0 && role == side)
				g->round_winners[r] |= (uint16_t)(1u << s);
			g->seat[s].role[r] = (uint8_t)map[role];
		}
	}
	return 0;
}

static int parse_status(span v, journal_game *g)
{
	span p[SAB_MAX_PLAYERS];

	if (split(v, ',', p, SAB_MAX_PLAYERS) != g->players)
		return -1;
	for (int s = 0; s < g->players; s++) {
		int k;
		for (k = 0; k < JOURNAL_STATUSES; k++)
			if (span_is(p[s], journal_status_name(k)))
				break;
		if (k == JOURNAL_STATUSES)
			return -1;
		g->seat[s].status = k;
	}
	return 0;
}

static int parse_field(int k, span v, const journal_roles *roles,
    journal_game *g)
{
	switch (k) {
	case L_SEED:
		return span_u64(v, UINT64_MAX, &g->seed);
	case L_BOTS:
		return parse_bots(v, g);
	case L_GOLD:
		return parse_ints(v, g, offsetof(journal_seat, gold), 0, 1);
	case L_WINNERS:
		return parse_seats(v, ',', g->players, &g->winners);
	case L_ROLES:
		return parse_roles(v, roles, g);
	case L_RESULTS:
		return parse_results(v, g);
	case L_ROUNDS:
		return parse_old_rounds(v, roles, g);
	case L_DECISIONS:
		return parse_ints(v, g, offsetof(journal_seat, decisions), 0, 0);
	case L_THINK:
		return parse_ints(v, g, offsetof(journal_seat, think_us), 1, 0);
	case L_ILLEGAL:
		return parse_ints(v, g, offsetof(journal_seat, illegal), 0, 0);
	case L_DEFAULTS:
		return parse_ints(v, g, offsetof(journal_seat, defaults), 0, 0);
	case L_TIMEOUTS:
		return parse_ints(v, g, offsetof(journal_seat, timeouts), 0, 0);
	case L_STATUS:
		return parse_status(v, g);
	case L_SANDBOX:
		if (!span_is(v, "off"))
			return -1;
		g->unsealed = 1;
		return 0;
	default:
		if (v.n == 0 || v.n >= sizeof g->replay ||
		    memchr(v.p, '\0', v.n) != NULL)
			return -1;
		if (span_is(v, "-"))
			v.n = 0;
		memcpy(g->replay, v.p, v.n);
		g->replay[v.n] = '\0';
		return 0;
	}
}

int journal_parse(const char *line, const journal_roles *roles,
    journal_game *g, char *err, size_t errlen)
{
	span words[L_N + 4], all = { line, strlen(line) };
	uint64_t index;
	int n = split(all, ' ', words, L_N + 4);
	const uint8_t *fields = n == L_N_OLD + 2 ? old_fields : line_fields;

	memset(g, 0, sizeof *g);
	if (n < 2 || !span_is(words[0], "game") ||
	    span_u64(words[1], JOURNAL_MAX_INDEX - 1, &index) != 0)
		return sab_fail(err, errlen, "expected \"game INDEX ...\"");
	g->index = (long)index;
	if (n != L_N + 2 && n != L_N + 3 && n != L_N_OLD + 2)
		return sab_fail(err, errlen, "game %ld: %d fields, expected %d",
		    g->index, n - 2, L_N);
	for (int k = 0; k < n - 2; k++) {
		span w = words[k + 2];
		const char *eq = memchr(w.p, '=', w.n);
		const char *key = line_keys[fields[k]];
		span name = { w.p, eq ? (size_t)(eq - w.p) : w.n };
		span val = { eq ? eq + 1 : w.p, eq ? w.n - name.n - 1 : 0 };

		if (!span_is(name, key))
			return sab_fail(err, errlen, "game %ld: expected %s= as "
			    "field %d", g->index, key, k + 1);
		if (eq == NULL || parse_field(fields[k], val, roles, g) != 0)
			return sab_fail(err, errlen, "game %ld: bad %s value "
			    "\"%.*s\"", g->index, key,
			    (int)(val.n > 60 ? 60 : val.n), val.p);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Reading a journal */

/* The header, its role list as "roles=m:miner,s:saboteur" (value 0, none,
 * goes without saying; "roles=-" when there is no other). */
static int header_format(char *buf, size_t len, uint64_t fp, int shard,
    int nshards, long schedule, const journal_roles *roles)
{
	sab_strbuf o;

	sab_strbuf_init(&o, buf, len);

	(void)sab_strbuf_printf(&o, "%s %d config=%016" PRIx64
	    " shard=%d/%d", MAGIC, JOURNAL_VERSION, fp, shard, nshards);
	/* The whole schedule's size lets standings over shards say how many
	 * games are missing; a journal of an earlier version has none. */
	if (schedule > 0)
		(void)sab_strbuf_printf(&o, " schedule=%ld", schedule);
	(void)sab_strbuf_printf(&o, " roles=%s", roles->n > 1 ? "" : "-");
	for (int i = 1; i < roles->n; i++)
		(void)sab_strbuf_printf(&o, "%s%c:%s", i > 1 ? "," : "", roles->letter[i],
		    roles->name[i]);
	(void)sab_strbuf_printf(&o, "\n");
	return o.cut ? -1 : (int)o.len;
}

/* The value of a header's "roles=". */
static int roles_parse(const char *text, journal_roles *r)
{
	span p[SAB_MAX_ROLES], all = { text, strlen(text) };
	int n = split(all, ',', p, SAB_MAX_ROLES - 1);

	memset(r, 0, sizeof *r);
	(void)roles_add(r, "none", 4, '-');
	if (strcmp(text, "-") == 0)
		return 0;
	for (int i = 0; i < n; i++) {
		char c = p[i].n > 2 ? p[i].p[0] : '\0';
		if (p[i].n <= 2 || p[i].p[1] != ':' || !(c >= 'a' && c <= 'z') ||
		    letter_taken(r, c) ||
		    roles_add(r, p[i].p + 2, p[i].n - 2, c) != 0)
			return -1;
	}
	return n < 1 ? -1 : 0;
}

/* The value of a header's "schedule=": a count of games, 1 to
 * JOURNAL_MAX_INDEX; *end moves past it. */
static int schedule_parse(const char *text, long *schedule, int *end)
{
	char *stop;
	long n;

	if (!(*text >= '1' && *text <= '9'))
		return -1;
	errno = 0;
	n = strtol(text, &stop, 10);
	if (errno != 0 || n > JOURNAL_MAX_INDEX || (*stop != ' ' && *stop != '\0'))
		return -1;
	*schedule = n;
	*end += 10 + (int)(stop - text);
	return 0;
}

static int header_parse(const char *line, journal_header *h, const char *path,
    char *err, size_t errlen)
{
	char magic[32];
	int k, end = -1;

	memset(h, 0, sizeof *h);
	k = sscanf(line, "%31s %d config=%16" SCNx64 " shard=%d/%d%n", magic,
	    &h->version, &h->config, &h->shard, &h->nshards, &end);
	if (k == 5 && end > 0 && strncmp(line + end, " schedule=", 10) == 0 &&
	    schedule_parse(line + end + 10, &h->schedule, &end) != 0)
		return sab_fail(err, errlen, "%s:1: bad journal header", path);
	if (k < 2 || strcmp(magic, MAGIC) != 0)
		return sab_fail(err, errlen, "%s:1: not a saboteur journal (the "
		    "first line should begin \"%s\")", path, MAGIC);
	if (h->version != JOURNAL_VERSION)
		return sab_fail(err, errlen, "%s:1: journal version %d; this "
		    "program reads version %d", path, h->version,
		    JOURNAL_VERSION);
	/* A header of an earlier version ends there: its games are the base
	 * game's. */
	if (k == 5 && end > 0 && line[end] == '\0')
		journal_roles_base(&h->roles);
	else if (k != 5 || end < 0 || strncmp(line + end, " roles=", 7) != 0 ||
	    roles_parse(line + end + 7, &h->roles) != 0)
		return sab_fail(err, errlen, "%s:1: bad journal header", path);
	if (h->shard < 1 || h->shard > h->nshards)
		return sab_fail(err, errlen, "%s:1: bad journal header", path);
	return 0;
}

/* What reading found, besides the games. */
typedef struct scan {
	const char *path;
	journal_header h;
	int have_header;
	off_t good;             /* bytes of whole lines */
	off_t torn;             /* bytes of a last line without its newline */
	long torn_line;
	journal_set seen;
	int header_only;        /* stop after the header */
	/* When check is set, the header must be this run's. */
	int check;
	const char *dir;
	uint64_t config;
	int shard, nshards;
	const journal_roles *roles;
} scan;

static void warnf(const journal_visit *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void warnf(const journal_visit *v, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (v == NULL || v->warn == NULL)
		return;
	va_start(ap, fmt);
	(void)vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	v->warn(v->arg, msg);
}

/* 0 when game g can be one of the journal's: its index in the header's
 * schedule and share; else -1 with why. */
static int belongs(const scan *sc, const journal_game *g, char *why,
    size_t whylen)
{
	if (sc->h.schedule > 0 && g->index >= sc->h.schedule)
		return sab_fail(why, whylen, "the schedule has %ld games, from 0 "
		    "to %ld", sc->h.schedule, sc->h.schedule - 1);
	if (sc->h.nshards > 1 && g->index % sc->h.nshards != sc->h.shard - 1)
		return sab_fail(why, whylen, "it is not in shard %d/%d",
		    sc->h.shard, sc->h.nshards);
	return 0;
}

/* One whole game line: parsed, checked, deduplicated, handed on. */
static int scan_game(scan *sc, const char *line, long lineno,
    const journal_visit *v, char *err, size_t errlen)
{
	journal_game g;
	char why[256], shown[4 * sizeof why];

	/* The reason quotes the file, which anyone could have edited: it
	 * reaches a terminal with its control bytes escaped. */
	if (journal_parse(line, &sc->h.roles, &g, why, sizeof why) != 0) {
		(void)proto_escape(shown, sizeof shown, why, strlen(why), 0);
		return sab_fail(err, errlen, "%s:%ld: bad journal line: %s",
		    sc->path, lineno, shown);
	}
	/* A line that parses is not yet a game of this tournament: one
	 * written by hand, or by another program, is left out, said. */
	if (belongs(sc, &g, why, sizeof why) != 0 || (v != NULL &&
	    v->check != NULL && v->check(v->arg, &g, why, sizeof why) != 0)) {
		(void)proto_escape(shown, sizeof shown, why, strlen(why), 0);
		warnf(v, "%s:%ld: game %ld is not one of this tournament's "
		    "(%s): left out", sc->path, lineno, g.index, shown);
		return 0;
	}
	switch (journal_set_add(&sc->seen, g.index)) {
	case 1:
		warnf(v, "%s:%ld: game %ld is recorded a second time; the "
		    "first counts", sc->path, lineno, g.index);
		return 0;
	case -1:
		return sab_fail(err, errlen, "%s: out of memory", sc->path);
	}
	if (v != NULL && v->game != NULL && v->game(v->arg, &g, err,
	    errlen) != 0)
		return -1;
	return 0;
}

/* Parses the header and, when asked, checks that it is this run's. */
static int header_check(scan *sc, const char *line, char *err, size_t errlen)
{
	if (header_parse(line, &sc->h, sc->path, err, errlen) != 0)
		return -1;
	if (!sc->check)
		return 0;
	if (sc->h.config != sc->config)
		return sab_fail(err, errlen, "%s holds a run of another tournament "
		    "file (or of this one before it changed): give --out another "
		    "folder, or remove %s to start again", sc->dir, sc->dir);
	if (sc->h.shard != sc->shard || sc->h.nshards != sc->nshards)
		return sab_fail(err, errlen, "%s holds shard %d/%d of this "
		    "tournament, not %d/%d: give each shard its own --out "
		    "folder", sc->dir, sc->h.shard, sc->h.nshards, sc->shard,
		    sc->nshards);
	/* The fingerprint covers the ruleset, so this takes a journal
	 * changed by hand, or a program that names roles otherwise. */
	if (!journal_roles_equal(&sc->h.roles, sc->roles))
		return sab_fail(err, errlen, "%s holds a run whose roles are not "
		    "the ruleset's: give --out another folder", sc->dir);
	return 0;
}

/* Reads every line of sc->path (only the first with header_only); a torn
 * last line is counted, not read. */
static int scan_file(scan *sc, const journal_visit *v, char *err,
    size_t errlen)
{
	FILE *f = fopen(sc->path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	int rc = 0;

	if (f == NULL)
		return sab_fail(err, errlen, "%s: cannot read: %s", sc->path,
		    strerror(errno));
	while (rc == 0 && !(sc->header_only && sc->have_header) &&
	    (n = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[n - 1] != '\n') {
			sc->torn = n;
			sc->torn_line = lineno;
			break;
		}
		line[n - 1] = '\0';
		if (strlen(line) != (size_t)n - 1)
			rc = sab_fail(err, errlen, "%s:%ld: a NUL byte in the "
			    "journal", sc->path, lineno);
		else if (lineno == 1)
			rc = header_check(sc, line, err, errlen);
		else
			rc = scan_game(sc, line, lineno, v, err, errlen);
		if (rc == 0) {
			sc->have_header = 1;
			sc->good += n;
		}
	}
	if (rc == 0 && ferror(f))
		rc = sab_fail(err, errlen, "%s: cannot read: %s", sc->path,
		    strerror(errno));
	free(line);
	fclose(f);
	return rc;
}

static int journal_path(char *buf, size_t len, const char *dir,
    const char *name, char *err, size_t errlen)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= len)
		return sab_fail(err, errlen, "%s: folder name too long", dir);
	return 0;
}

/* journal_scan(), or journal_read_header() with header_only. */
static int scan_dir(const char *dir, journal_header *h,
    const journal_visit *v, int header_only, char *err, size_t errlen)
{
	char path[4096];
	scan sc;
	int rc;

	memset(&sc, 0, sizeof sc);
	if (journal_path(path, sizeof path, dir, "journal.txt", err,
	    errlen) != 0)
		return -1;
	sc.path = path;
	sc.header_only = header_only;
	rc = scan_file(&sc, v, err, errlen);
	journal_set_free(&sc.seen);
	if (rc == 0 && !sc.have_header)
		rc = sab_fail(err, errlen, "%s: no journal header (the run "
		    "stopped before it began)", path);
	if (rc == 0 && sc.torn > 0)
		warnf(v, "%s:%ld: a last line without its newline (%lld "
		    "bytes, left by a run that was stopped) is ignored", path,
		    sc.torn_line, (long long)sc.torn);
	if (rc == 0)
		*h = sc.h;
	return rc;
}

int journal_scan(const char *dir, journal_header *h, const journal_visit *v,
    char *err, size_t errlen)
{
	return scan_dir(dir, h, v, 0, err, errlen);
}

int journal_read_header(const char *dir, journal_header *h, char *err,
    size_t errlen)
{
	return scan_dir(dir, h, NULL, 1, err, errlen);
}

/* Collects games for journal_load(). */
typedef struct collect {
	journal_game *games;
	long n, cap;
	const journal_visit *user;
} collect;

static int collect_game(void *arg, const journal_game *g, char *err,
    size_t errlen)
{
	collect *c = arg;

	if (c->n == c->cap) {
		long cap = c->cap ? c->cap * 2 : 64;
		journal_game *ng = realloc(c->games, (size_t)cap * sizeof *ng);
		if (ng == NULL)
			return sab_fail(err, errlen, "out of memory");
		c->games = ng;
		c->cap = cap;
	}
	c->games[c->n++] = *g;
	if (c->user != NULL && c->user->game != NULL)
		return c->user->game(c->user->arg, g, err, errlen);
	return 0;
}

static void collect_warn(void *arg, const char *msg)
{
	collect *c = arg;

	if (c->user != NULL && c->user->warn != NULL)
		c->user->warn(c->user->arg, msg);
}

static int collect_check(void *arg, const journal_game *g, char *why,
    size_t whylen)
{
	collect *c = arg;

	if (c->user != NULL && c->user->check != NULL)
		return c->user->check(c->user->arg, g, why, whylen);
	return 0;
}

int journal_load(const char *dir, journal_header *h, journal_game **games,
    long *ngames, const journal_visit *v, char *err, size_t errlen)
{
	collect c = { NULL, 0, 0, v };
	journal_visit cv = { collect_game, collect_warn, &c, collect_check };

	*games = NULL;
	*ngames = 0;
	if (journal_scan(dir, h, &cv, err, errlen) != 0) {
		free(c.games);
		return -1;
	}
	*games = c.games;
	*ngames = c.n;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Writing a journal */

/* Writes all of buf at the end of fd. */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Takes DIR/lock, or says who holds it. */
static int take_lock(journal *j, char *err, size_t errlen)
{
	char path[4096], buf[32];
	ssize_t n;
	int len;

	if (journal_path(path, sizeof path, j->dir, "lock", err, errlen) != 0)
		return -1;
	if ((j->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return sab_fail(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
	if (flock(j->lock_fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK)
			return sab_fail(err, errlen, "%s: cannot lock: %s", path,
			    strerror(errno));
		n = pread(j->lock_fd, buf, sizeof buf - 1, 0);
		buf[n > 0 ? n : 0] = '\0';
		buf[strspn(buf, "0123456789")] = '\0';
		return sab_fail(err, errlen, "%s is in use by another run (pid "
		    "%s): wait for it to end, stop it, or give --out another "
		    "folder", j->dir, buf[0] ? buf : "unknown");
	}
	len = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
	if (ftruncate(j->lock_fd, 0) != 0 ||
	    pwrite(j->lock_fd, buf, (size_t)len, 0) != len)
		return sab_fail(err, errlen, "%s: cannot write: %s", path,
		    strerror(errno));
	return 0;
}

/* Syncs the folder, so that a journal just created survives a crash. */
static int sync_dir(const char *dir, char *err, size_t errlen)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || fsync(fd) != 0) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		return sab_fail(err, errlen, "%s: cannot sync: %s", dir,
		    strerror(e));
	}
	close(fd);
	return 0;
}

/* Starts an empty journal with its header. */
static int start_file(journal *j, uint64_t fp, int shard, int nshards,
    char *err, size_t errlen)
{
	char head[JOURNAL_LINE_MAX];
	int n = header_format(head, sizeof head, fp, shard, nshards,
	    j->schedule, &j->roles);

	if (ftruncate(j->fd, 0) != 0 || n < 0 ||
	    write_all(j->fd, head, (size_t)n) != 0 || fsync(j->fd) != 0)
		return sab_fail(err, errlen, "%s: cannot write: %s", j->path,
		    strerror(errno));
	j->size = n;
	return sync_dir(j->dir, err, errlen);
}

/* Records what a resumed journal holds and checks that it is this run's
 * (the header is checked before any game is handed on). */
static int resume_file(journal *j, uint64_t fp, int shard, int nshards,
    const journal_visit *v, char *err, size_t errlen)
{
	scan sc;
	int rc;

	memset(&sc, 0, sizeof sc);
	sc.path = j->path;
	sc.dir = j->dir;
	sc.check = 1;
	sc.config = fp;
	sc.shard = shard;
	sc.nshards = nshards;
	sc.roles = &j->roles;
	rc = scan_file(&sc, v, err, errlen);
	j->done = sc.seen;
	j->size = sc.good;
	if (rc != 0)
		return -1;
	if (!sc.have_header)
		return start_file(j, fp, shard, nshards, err, errlen);
	if (sc.torn == 0)
		return 0;
	warnf(v, "%s:%ld: a last line without its newline (%lld bytes, left "
	    "by a run that was stopped) is removed", j->path, sc.torn_line,
	    (long long)sc.torn);
	if (ftruncate(j->fd, sc.good) != 0 || fsync(j->fd) != 0)
		return sab_fail(err, errlen, "%s: cannot cut the last line: %s",
		    j->path, strerror(errno));
	return 0;
}

int journal_open(journal **jp, const char *dir, uint64_t fp, int shard,
    int nshards, const journal_roles *roles, const journal_visit *v,
    char *err, size_t errlen)
{
	return journal_open_sized(jp, dir, fp, shard, nshards, 0, roles, v,
	    err, errlen);
}

int journal_open_sized(journal **jp, const char *dir, uint64_t fp,
    int shard, int nshards, long schedule, const journal_roles *roles,
    const journal_visit *v, char *err, size_t errlen)
{
	journal *j = calloc(1, sizeof *j);
	struct stat st;

	*jp = NULL;
	if (j == NULL || (j->dir = strdup(dir)) == NULL) {
		free(j);
		return sab_fail(err, errlen, "out of memory");
	}
	j->roles = *roles;
	j->schedule = schedule;
	j->fd = j->lock_fd = -1;
	/* The folder and its files are the user's alone: replays and logs
	 * hold every hidden card.  A folder that exists is left as it is. */
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		sab_fail(err, errlen, "%s: cannot create: %s", dir,
		    strerror(errno));
		goto fail;
	}
	if (take_lock(j, err, errlen) != 0 ||
	    journal_path(j->path, sizeof j->path, dir, "journal.txt", err,
	    errlen) != 0)
		goto fail;
	j->fd = open(j->path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (j->fd < 0 || fstat(j->fd, &st) != 0) {
		sab_fail(err, errlen, "%s: cannot open: %s", j->path,
		    strerror(errno));
		goto fail;
	}
	if ((st.st_size == 0 ? start_file(j, fp, shard, nshards, err,
	    errlen) : resume_file(j, fp, shard, nshards, v, err,
	    errlen)) != 0)
		goto fail;
	*jp = j;
	return 0;
fail:
	journal_close(j);
	return -1;
}

const journal_roles *journal_role_list(const journal *j)
{
	return &j->roles;
}

int journal_has(const journal *j, long index)
{
	return journal_set_has(&j->done, index);
}

long journal_count(const journal *j)
{
	return j->done.count;
}

int journal_append(journal *j, const journal_game *g, char *err,
    size_t errlen)
{
	char line[JOURNAL_LINE_MAX];
	int n;

	if (journal_has(j, g->index))
		return sab_fail(err, errlen, "%s: game %ld is already recorded",
		    j->path, g->index);
	if ((n = journal_format(g, &j->roles, line, sizeof line, err,
	    errlen)) < 0)
		return -1;
	if (write_all(j->fd, line, (size_t)n) != 0) {
		int e = errno;
		/* Cut a partial line off, so the file stays whole lines. */
		if (ftruncate(j->fd, j->size) != 0)
			e = errno;
		return sab_fail(err, errlen, "%s: cannot write: %s", j->path,
		    strerror(e));
	}
	if (fsync(j->fd) != 0)
		return sab_fail(err, errlen, "%s: cannot sync: %s", j->path,
		    strerror(errno));
	j->size += n;
	if (journal_set_add(&j->done, g->index) < 0)
		return sab_fail(err, errlen, "out of memory");
	return 0;
}

void journal_close(journal *j)
{
	if (j == NULL)
		return;
	if (j->fd >= 0)
		close(j->fd);
	if (j->lock_fd >= 0)
		close(j->lock_fd);
	journal_set_free(&j->done);
	free(j->dir);
	free(j);
}
