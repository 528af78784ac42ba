/* tconfig.c: the tournament file, read with libyaml; every mistake is
 * reported as "FILE:LINE:COLUMN: PLACE: what was expected". */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "cli.h"
#include "hash.h"
#include "say.h"
#include "schedule.h"
#include "tconfig.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PLACE_LEN 96
#define QUOTE_SHOW 40
#define QUOTE_LEN (QUOTE_SHOW + 8)
#define TEXT_MAX 4096

typedef struct ctx {
	const char *source;
	const char *text;       /* for the marks of errors libyaml gives as */
	size_t len;             /* an offset only */
	yaml_document_t *doc;
	char *err;
	size_t errlen;
} ctx;

/* A key a mapping may hold, and what the walk found for it. */
typedef struct field {
	const char *key;
	yaml_node_t *key_node;  /* NULL when absent */
	yaml_node_t *val;
} field;

/* ------------------------------------------------------------------ */
/* Messages */

static int fail_at(const ctx *c, tconfig_mark m, const char *place,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Writes "SOURCE:LINE:COLUMN: PLACE: reason" into err and returns -1.  A
 * message cut short by the buffer still reads, so truncation is harmless. */
static int fail_at(const ctx *c, tconfig_mark m, const char *place,
    const char *fmt, ...)
{
	size_t off;
	int n;
	va_list ap;

	if (c->errlen == 0)
		return -1;
	n = snprintf(c->err, c->errlen, "%s:%d:%d: ", c->source, m.line,
	    m.column);
	if (n < 0 || (size_t)n >= c->errlen)
		return -1;
	off = (size_t)n;
	if (place != NULL && place[0] != '\0') {
		n = snprintf(c->err + off, c->errlen - off, "%s: ", place);
		if (n < 0 || (size_t)n >= c->errlen - off)
			return -1;
		off += (size_t)n;
	}
	va_start(ap, fmt);
	n = vsnprintf(c->err + off, c->errlen - off, fmt, ap);
	va_end(ap);
	if (n < 0)
		c->err[off] = '\0';
	return -1;
}

static tconfig_mark mark_of(const yaml_mark_t *m)
{
	tconfig_mark t;

	t.line = m->line < INT_MAX ? (int)m->line + 1 : INT_MAX;
	t.column = m->column < INT_MAX ? (int)m->column + 1 : INT_MAX;
	return t;
}

static tconfig_mark node_mark(const yaml_node_t *n)
{
	return mark_of(&n->start_mark);
}

#define fail(c, n, place, ...) fail_at((c), node_mark(n), (place), __VA_ARGS__)

/* Quotes n bytes of input for a message: what is not printable ASCII
 * becomes '?', and long text is cut, so a message stays one short line. */
static const char *quote(const char *s, size_t n, char buf[QUOTE_LEN])
{
	size_t o = 0;

	buf[o++] = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (i == QUOTE_SHOW) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		buf[o++] = ch == '"' || ch == '\\' || ch < 0x20 || ch > 0x7e ?
		    '?' : (char)ch;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

/* Joins words as "a, b or c". */
static const char *word_list(const char *const *words, size_t n, char *buf,
    size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n ? " or " : ", ";
		int k = snprintf(buf + o, size - o, "%s%s", sep, words[i]);

		if (k < 0 || (size_t)k >= size - o)
			break;  /* a cut list still reads */
		o += (size_t)k;
	}
	return buf;
}

/* "parent.key", or "key" at the top.  Paths here are short: a cut one is
 * a bug worth an error rather than a wrong message. */
static int place_key(const ctx *c, const yaml_node_t *n, char out[PLACE_LEN],
    const char *parent, const char *key)
{
	int k = parent[0] == '\0' ? snprintf(out, PLACE_LEN, "%s", key) :
	    snprintf(out, PLACE_LEN, "%s.%s", parent, key);

	if (k < 0 || k >= PLACE_LEN)
		return fail(c, n, parent, "key path too long");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Nodes */

static yaml_node_t *node_get(const ctx *c, int i)
{
	return yaml_document_get_node(c->doc, i);
}

static const char *node_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	default:
		return n->data.scalar.length == 0 ? "nothing" :
		    "a single value";
	}
}

static const char *scalar_text(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

static size_t scalar_len(const yaml_node_t *n)
{
	return n->data.scalar.length;
}

static int scalar_is(const yaml_node_t *n, const char *s)
{
	return n->type == YAML_SCALAR_NODE && scalar_len(n) == strlen(s) &&
	    memcmp(scalar_text(n), s, scalar_len(n)) == 0;
}

/* ------------------------------------------------------------------ */
/* Values */

/* Reads text of 1 to max bytes without NUL into a fresh copy. */
static int get_text(const ctx *c, const yaml_node_t *n, const char *place,
    size_t max, char **out)
{
	if (n->type != YAML_SCALAR_NODE || scalar_len(n) == 0)
		return fail(c, n, place, "expected text, found %s",
		    node_kind(n));
	if (memchr(scalar_text(n), '\0', scalar_len(n)) != NULL)
		return fail(c, n, place, "contains a NUL byte");
	if (scalar_len(n) > max)
		return fail(c, n, place, "too long (at most %zu characters)",
		    max);
	free(*out);
	if ((*out = strdup(scalar_text(n))) == NULL)
		return fail(c, n, place, "out of memory");
	return 0;
}

/*
 * Reads a whole number in [lo, hi].  Only digits are accepted: "+3",
 * "0x10", "1e3", "3.0" and "-1" are not whole numbers here, so a typo
 * cannot turn into a surprising value.
 */
static int get_u64(const ctx *c, const yaml_node_t *n, const char *place,
    uint64_t lo, uint64_t hi, uint64_t *out)
{
	char q[QUOTE_LEN];
	const char *s;
	size_t len;
	uint64_t v = 0;

	if (n->type != YAML_SCALAR_NODE)
		return fail(c, n, place, "expected a whole number from %" PRIu64
		    " to %" PRIu64 ", found %s", lo, hi, node_kind(n));
	s = scalar_text(n);
	len = scalar_len(n);
	if (len == 0 || strspn(s, "0123456789") != len)
		return fail(c, n, place, "expected a whole number from %" PRIu64
		    " to %" PRIu64 ", found %s", lo, hi, len == 0 ? "nothing" :
		    quote(s, len, q));
	/* The one reader of numbers (cli_u64()): digits only, so only a
	 * number past 2^64 - 1 fails here. */
	if (cli_u64(s, len, &v) != 0 || v < lo || v > hi)
		return fail(c, n, place, "%s is out of range (%" PRIu64 " to %"
		    PRIu64 ")", quote(s, len, q), lo, hi);
	*out = v;
	return 0;
}

static int get_i64(const ctx *c, const yaml_node_t *n, const char *place,
    int64_t lo, int64_t hi, int64_t *out)
{
	uint64_t v;

	if (get_u64(c, n, place, (uint64_t)lo, (uint64_t)hi, &v) != 0)
		return -1;
	*out = (int64_t)v;
	return 0;
}

static int get_int(const ctx *c, const yaml_node_t *n, const char *place,
    int lo, int hi, int *out)
{
	uint64_t v;

	if (get_u64(c, n, place, (uint64_t)lo, (uint64_t)hi, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* Reads one of a list of words. */
static int get_word(const ctx *c, const yaml_node_t *n, const char *place,
    const char *const *words, size_t nwords, int *out)
{
	char q[QUOTE_LEN], list[160];

	word_list(words, nwords, list, sizeof list);
	if (n->type != YAML_SCALAR_NODE)
		return fail(c, n, place, "expected %s, found %s", list,
		    node_kind(n));
	for (size_t i = 0; i < nwords; i++) {
		if (scalar_is(n, words[i])) {
			*out = (int)i;
			return 0;
		}
	}
	return fail(c, n, place, "expected %s, found %s", list,
	    quote(scalar_text(n), scalar_len(n), q));
}

/* A bot name: 1 to 32 letters, digits, '.', '_' or '-' (as in --config
 * files), so that it is one word in journals and tables. */
static int get_name(const ctx *c, const yaml_node_t *n, const char *place,
    char out[33])
{
	char q[QUOTE_LEN];

	if (n->type != YAML_SCALAR_NODE)
		return fail(c, n, place, "expected a name of 1 to 32 letters, "
		    "digits, '.', '_' or '-', found %s", node_kind(n));
	if (!config_name_ok(scalar_text(n), scalar_len(n)))
		return fail(c, n, place, "expected a name of 1 to 32 letters, "
		    "digits, '.', '_' or '-', found %s", scalar_len(n) == 0 ?
		    "nothing" : quote(scalar_text(n), scalar_len(n), q));
	memcpy(out, scalar_text(n), scalar_len(n) + 1);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Mappings */

/*
 * Finds the keys of a mapping: fills f[i].val for each key present, and
 * rejects unknown and repeated keys, so that a typo cannot silently leave
 * a setting at its default.
 */
static int get_fields(const ctx *c, const yaml_node_t *map, const char *place,
    field *f, size_t nf)
{
	char q[QUOTE_LEN], list[256];
	const char *keys[16];
	size_t i;

	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, place, "expected a mapping, found %s",
		    node_kind(map));
	for (i = 0; i < nf; i++)
		f[i].key_node = f[i].val = NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node_get(c, p->key);

		if (k->type != YAML_SCALAR_NODE)
			return fail(c, k, place, "expected a key, found %s",
			    node_kind(k));
		for (i = 0; i < nf && !scalar_is(k, f[i].key); i++)
			continue;
		if (i == nf) {
			for (i = 0; i < nf && i < NELEM(keys); i++)
				keys[i] = f[i].key;
			return fail(c, k, place, "unknown key %s (expected %s)",
			    quote(scalar_text(k), scalar_len(k), q),
			    word_list(keys, i, list, sizeof list));
		}
		if (f[i].val != NULL)
			return fail(c, k, place, "key \"%s\" given twice "
			    "(first on line %d)", f[i].key,
			    node_mark(f[i].key_node).line);
		f[i].key_node = k;
		f[i].val = node_get(c, p->value);
	}
	return 0;
}

static int need_field(const ctx *c, const yaml_node_t *map, const char *place,
    const field *f)
{
	if (f->val != NULL)
		return 0;
	return fail(c, map, place, "missing key \"%s\"", f->key);
}

/* ------------------------------------------------------------------ */
/* Sections */

enum { T_MOVE, T_BANK, T_HANDSHAKE, T_GRACE, T_N };

static int load_time(const ctx *c, const yaml_node_t *map, tconfig *t)
{
	field f[T_N] = { { "move-ms", NULL, NULL }, { "bank-ms", NULL, NULL },
		{ "handshake-ms", NULL, NULL }, { "grace-ms", NULL, NULL } };

	if (get_fields(c, map, "time", f, T_N) != 0)
		return -1;
	if ((f[T_MOVE].val && get_i64(c, f[T_MOVE].val, "time.move-ms", 1,
	    86400000, &t->move_ms) != 0) ||
	    (f[T_BANK].val && get_i64(c, f[T_BANK].val, "time.bank-ms", 0,
	    86400000, &t->bank_ms) != 0) ||
	    (f[T_HANDSHAKE].val && get_i64(c, f[T_HANDSHAKE].val,
	    "time.handshake-ms", 1, 86400000, &t->handshake_ms) != 0) ||
	    (f[T_GRACE].val && get_i64(c, f[T_GRACE].val, "time.grace-ms", 0,
	    60000, &t->grace_ms) != 0))
		return -1;
	return 0;
}

enum { F_TRIES, F_MAXLINE, F_MAXOUT, F_DQ, F_N };

static int load_failures(const ctx *c, const yaml_node_t *map, tconfig *t)
{
	field f[F_N] = { { "tries", NULL, NULL }, { "max-line", NULL, NULL },
		{ "max-output", NULL, NULL },
		{ "disqualify-after", NULL, NULL } };

	if (get_fields(c, map, "failures", f, F_N) != 0)
		return -1;
	if ((f[F_TRIES].val && get_int(c, f[F_TRIES].val, "failures.tries",
	    1, 100, &t->tries) != 0) ||
	    (f[F_MAXLINE].val && get_i64(c, f[F_MAXLINE].val,
	    "failures.max-line", 64, 1 << 24, &t->max_line) != 0) ||
	    (f[F_MAXOUT].val && get_i64(c, f[F_MAXOUT].val,
	    "failures.max-output", 64, INT64_C(1) << 32, &t->max_output) != 0) ||
	    (f[F_DQ].val && get_int(c, f[F_DQ].val,
	    "failures.disqualify-after", 0, 1000000, &t->disqualify_after) != 0))
		return -1;
	return 0;
}

static int load_env(const ctx *c, const yaml_node_t *map, const char *place,
    config_bot *b)
{
	int k = 0;

	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, place, "expected a mapping of NAME: VALUE, "
		    "found %s", node_kind(map));
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node_get(c, p->key), *val = node_get(c,
		    p->value);
		size_t len;

		if (k == CONFIG_MAX_ENV)
			return fail(c, key, place, "at most %d variables",
			    CONFIG_MAX_ENV);
		if (key->type != YAML_SCALAR_NODE || scalar_len(key) == 0 ||
		    memchr(scalar_text(key), '=', scalar_len(key)) != NULL ||
		    strlen(scalar_text(key)) != scalar_len(key))
			return fail(c, key, place, "expected a variable name "
			    "without '='");
		if (val->type != YAML_SCALAR_NODE ||
		    strlen(scalar_text(val)) != scalar_len(val))
			return fail(c, val, place, "%s: expected text, found %s",
			    scalar_text(key), node_kind(val));
		for (int i = 0; i < k; i++)
			if (strncmp(b->env[i], scalar_text(key),
			    scalar_len(key)) == 0 &&
			    b->env[i][scalar_len(key)] == '=')
				return fail(c, key, place, "variable %s given "
				    "twice", scalar_text(key));
		len = scalar_len(key) + scalar_len(val) + 2;
		if ((b->env[k] = malloc(len)) == NULL)
			return fail(c, key, place, "out of memory");
		snprintf(b->env[k++], len, "%s=%s", scalar_text(key),
		    scalar_text(val));
	}
	return 0;
}

/* The sandbox keys (sandbox_settings_key()) as fields of a mapping: from
 * index first of f, the mode only at the top (top_level). */
static const char *const box_keys[] = { "mode", "network", "writable",
	"memory-mb", "processes", "open-files", "file-size-mb", "cpu-seconds" };
#define BOX_KEYS ((int)NELEM(box_keys))

static int load_box(const ctx *c, const field *f, const char *place,
    int top_level, sandbox_settings *s)
{
	char sub[PLACE_LEN], why[160], q[QUOTE_LEN];

	for (int i = 0; i < BOX_KEYS - !top_level; i++) {
		const yaml_node_t *v = f[i].val;
		const char *key = box_keys[i + !top_level];
		if (v == NULL)
			continue;
		snprintf(sub, sizeof sub, "%s%s%s", place, place[0] ? "." : "",
		    key);
		if (v->type != YAML_SCALAR_NODE)
			return fail(c, v, sub, "expected a value, found %s",
			    node_kind(v));
		if (sandbox_settings_key(s, key, scalar_text(v), top_level, why,
		    sizeof why) < 0)
			return fail(c, v, sub, "%s", why[0] ? why : quote(
			    scalar_text(v), scalar_len(v), q));
	}
	return 0;
}

static int load_sandbox(const ctx *c, const yaml_node_t *map, tconfig *t)
{
	field f[BOX_KEYS];

	for (int i = 0; i < BOX_KEYS; i++)
		f[i] = (field){ box_keys[i], NULL, NULL };
	if (get_fields(c, map, "sandbox", f, BOX_KEYS) != 0)
		return -1;
	return load_box(c, f, "sandbox", 1, &t->box);
}

enum { B_NAME, B_COMMAND, B_CWD, B_ENV, B_MOVE, B_BANK, B_BOX,
	B_N = B_BOX + BOX_KEYS - 1 };

static int load_bot(const ctx *c, const yaml_node_t *map, int i, tconfig *t)
{
	field f[B_N] = { { "name", NULL, NULL }, { "command", NULL, NULL },
		{ "cwd", NULL, NULL }, { "env", NULL, NULL },
		{ "move-ms", NULL, NULL }, { "bank-ms", NULL, NULL } };
	tconfig_bot *b = &t->bots[i];
	char place[PLACE_LEN], sub[PLACE_LEN];

	for (int k = 1; k < BOX_KEYS; k++)
		f[B_BOX + k - 1] = (field){ box_keys[k], NULL, NULL };
	snprintf(place, sizeof place, "bots[%d]", i);
	b->at = node_mark(map);
	b->move_ms = b->bank_ms = -1;
	if (get_fields(c, map, place, f, B_N) != 0 ||
	    need_field(c, map, place, &f[B_NAME]) != 0 ||
	    need_field(c, map, place, &f[B_COMMAND]) != 0)
		return -1;
	if (place_key(c, map, sub, place, "name") != 0 ||
	    get_name(c, f[B_NAME].val, sub, b->cb.name) != 0)
		return -1;
	for (int j = 0; j < i; j++)
		if (strcmp(t->bots[j].cb.name, b->cb.name) == 0)
			return fail(c, f[B_NAME].val, sub, "\"%s\" is already "
			    "the name of bots[%d] (line %d)", b->cb.name, j,
			    t->bots[j].at.line);
	if (place_key(c, map, sub, place, "command") != 0 ||
	    get_text(c, f[B_COMMAND].val, sub, TEXT_MAX, &b->cb.command) != 0)
		return -1;
	if (f[B_CWD].val && (place_key(c, map, sub, place, "cwd") != 0 ||
	    get_text(c, f[B_CWD].val, sub, TEXT_MAX, &b->cb.cwd) != 0))
		return -1;
	if (f[B_ENV].val && (place_key(c, map, sub, place, "env") != 0 ||
	    load_env(c, f[B_ENV].val, sub, &b->cb) != 0))
		return -1;
	if (f[B_MOVE].val && (place_key(c, map, sub, place, "move-ms") != 0 ||
	    get_i64(c, f[B_MOVE].val, sub, 1, 86400000, &b->move_ms) != 0))
		return -1;
	if (f[B_BANK].val && (place_key(c, map, sub, place, "bank-ms") != 0 ||
	    get_i64(c, f[B_BANK].val, sub, 0, 86400000, &b->bank_ms) != 0))
		return -1;
	return load_box(c, f + B_BOX, place, 0, &b->cb.box);
}

static int load_bots(const ctx *c, const yaml_node_t *seq, tconfig *t)
{
	size_t n;

	if (seq->type != YAML_SEQUENCE_NODE)
		return fail(c, seq, "bots", "expected a list of bots "
		    "(- name: NAME, command: COMMAND), found %s",
		    node_kind(seq));
	n = (size_t)(seq->data.sequence.items.top -
	    seq->data.sequence.items.start);
	if (n == 0)
		return fail(c, seq, "bots", "the list is empty");
	if (n > TCONFIG_MAX_BOTS)
		return fail(c, seq, "bots", "%zu bots, at most %d", n,
		    TCONFIG_MAX_BOTS);
	if ((t->bots = calloc(n, sizeof *t->bots)) == NULL)
		return fail(c, seq, "bots", "out of memory");
	for (size_t i = 0; i < n; i++) {
		t->nbots = (int)i + 1;  /* so tconfig_free() sees what is set */
		if (load_bot(c, node_get(c, seq->data.sequence.items.start[i]),
		    (int)i, t) != 0)
			return -1;
	}
	return 0;
}

enum { S_KIND, S_ROUNDS, S_GAMES, S_CHALLENGER, S_N };

/* How long: rounds or games, and where the size is to be blamed. */
static int load_length(const ctx *c, const yaml_node_t *map,
    const yaml_node_t *bots_key, const field *f, tconfig *t)
{
	const yaml_node_t *r = f[S_ROUNDS].val, *g = f[S_GAMES].val;
	uint64_t v;

	if (r && g)
		return fail(c, f[S_ROUNDS].key_node->start_mark.index >
		    f[S_GAMES].key_node->start_mark.index ?
		    f[S_ROUNDS].key_node : f[S_GAMES].key_node, "schedule",
		    "give rounds or games, not both");
	t->schedule_at = node_mark(r ? r : g ? g : map ? map : bots_key);
	if (r) {
		if (get_u64(c, r, "schedule.rounds", 1, TCONFIG_MAX_GAMES,
		    &v) != 0)
			return -1;
		t->rounds = (long)v;
	}
	if (g) {
		if (get_u64(c, g, "schedule.games", 1, TCONFIG_MAX_GAMES,
		    &v) != 0)
			return -1;
		t->games = (long)v;
		t->rounds = 0;
	}
	return 0;
}

/* Who plays: a gauntlet's challenger, and enough bots for the tables. */
static int load_lineups(const ctx *c, const yaml_node_t *map,
    const yaml_node_t *bots_key, const field *f, tconfig *t)
{
	const yaml_node_t *ch = f[S_CHALLENGER].val;
	char q[QUOTE_LEN];

	if (t->kind == TCONFIG_ROUND_ROBIN) {
		if (ch != NULL)
			return fail(c, f[S_CHALLENGER].key_node,
			    "schedule.challenger", "only a gauntlet has a "
			    "challenger (add kind: gauntlet)");
		if (t->nbots < t->players)
			return fail(c, bots_key, "bots", "%d bot%s for games of "
			    "%d players: a round robin needs at least %d",
			    t->nbots, t->nbots == 1 ? "" : "s", t->players,
			    t->players);
		return 0;
	}
	if (ch == NULL)
		return fail(c, map, "schedule", "missing key \"challenger\" "
		    "(a gauntlet needs the name of its challenger)");
	if (ch->type != YAML_SCALAR_NODE ||
	    (t->challenger = tconfig_find(t, scalar_text(ch))) < 0)
		return fail(c, ch, "schedule.challenger", "expected the name of "
		    "one of the bots, found %s", ch->type == YAML_SCALAR_NODE ?
		    quote(scalar_text(ch), scalar_len(ch), q) : node_kind(ch));
	if (t->nbots < t->players)
		return fail(c, bots_key, "bots", "%d bot%s for games of %d "
		    "players: a gauntlet needs the challenger and at least %d "
		    "others", t->nbots, t->nbots == 1 ? "" : "s", t->players,
		    t->players - 1);
	return 0;
}

/* The schedule section (which may be absent: map NULL), read after the
 * bots, whose names the challenger must be one of. */
static int load_schedule(const ctx *c, const yaml_node_t *map,
    const yaml_node_t *bots_key, tconfig *t)
{
	static const char *const kinds[] = { "round-robin", "gauntlet" };
	field f[S_N] = { { "kind", NULL, NULL }, { "rounds", NULL, NULL },
		{ "games", NULL, NULL }, { "challenger", NULL, NULL } };

	if (map != NULL && get_fields(c, map, "schedule", f, S_N) != 0)
		return -1;
	if (f[S_KIND].val && get_word(c, f[S_KIND].val, "schedule.kind",
	    kinds, NELEM(kinds), &t->kind) != 0)
		return -1;
	if (load_length(c, map, bots_key, f, t) != 0)
		return -1;
	return load_lineups(c, map, bots_key, f, t);
}

/* ------------------------------------------------------------------ */
/* The whole file */

enum { R_NAME, R_RULESET, R_PLAYERS, R_SEED, R_SCHEDULE, R_TIME, R_FAILURES,
	R_CONCURRENCY, R_OUTPUT, R_BOTS, R_SANDBOX, R_N };

/* The file's name without its folder and .yaml or .yml, followed by
 * suffix. */
static char *stem_of(const char *source, const char *suffix)
{
	const char *base = strrchr(source, '/');
	size_t n, k = strlen(suffix);
	char *s;

	base = base ? base + 1 : source;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
		n -= 5;
	else if (n > 4 && strcmp(base + n - 4, ".yml") == 0)
		n -= 4;
	if (n == 0) {
		base = "tournament";
		n = strlen(base);
	}
	if ((s = malloc(n + k + 1)) == NULL)
		return NULL;
	memcpy(s, base, n);
	memcpy(s + n, suffix, k + 1);
	return s;
}

static int set_defaults(const ctx *c, tconfig *t)
{
	t->challenger = -1;
	t->seed = 1;
	t->kind = TCONFIG_ROUND_ROBIN;
	t->rounds = 1;
	t->move_ms = 1000;
	t->bank_ms = 10000;
	t->handshake_ms = 10000;
	t->grace_ms = 50;
	t->tries = 3;
	t->max_line = 4096;
	t->max_output = 65536;
	t->disqualify_after = 10;
	t->ruleset_at.line = t->ruleset_at.column = 1;
	t->players_at = t->schedule_at = t->ruleset_at;
	if ((t->source = strdup(c->source)) == NULL ||
	    (t->ruleset = strdup("base")) == NULL ||
	    (t->name = stem_of(c->source, "")) == NULL)
		return fail_at(c, t->ruleset_at, NULL, "out of memory");
	return 0;
}

/* The scalar settings at the top of the file. */
static int load_top(const ctx *c, const field *f, tconfig *t)
{
	uint64_t v;

	if (f[R_NAME].val && get_text(c, f[R_NAME].val, "name", 200,
	    &t->name) != 0)
		return -1;
	if (f[R_RULESET].val) {
		t->ruleset_at = node_mark(f[R_RULESET].val);
		if (get_text(c, f[R_RULESET].val, "ruleset", TEXT_MAX,
		    &t->ruleset) != 0)
			return -1;
	}
	t->players_at = node_mark(f[R_PLAYERS].val);
	if (get_int(c, f[R_PLAYERS].val, "players", 2, SAB_MAX_PLAYERS,
	    &t->players) != 0)
		return -1;
	if (f[R_SEED].val && get_u64(c, f[R_SEED].val, "seed", 0, UINT64_MAX,
	    &t->seed) != 0)
		return -1;
	if (f[R_CONCURRENCY].val) {
		if (get_u64(c, f[R_CONCURRENCY].val, "concurrency", 0, 1024,
		    &v) != 0)
			return -1;
		t->concurrency = (int)v;
	}
	if (f[R_OUTPUT].val && get_text(c, f[R_OUTPUT].val, "output",
	    TEXT_MAX, &t->output) != 0)
		return -1;
	return 0;
}

/* Refuses a schedule too large to play (its message names the place). */
static int check_size(const ctx *c, const tconfig *t)
{
	schedule s;
	int rc = schedule_make(&s, t, c->err, c->errlen);

	schedule_free(&s);
	return rc;
}

static int load_root(const ctx *c, const yaml_node_t *root, tconfig *t)
{
	field f[R_N] = { { "name", NULL, NULL }, { "ruleset", NULL, NULL },
		{ "players", NULL, NULL }, { "seed", NULL, NULL },
		{ "schedule", NULL, NULL }, { "time", NULL, NULL },
		{ "failures", NULL, NULL }, { "concurrency", NULL, NULL },
		{ "output", NULL, NULL }, { "bots", NULL, NULL },
		{ "sandbox", NULL, NULL } };

	if (root->type != YAML_MAPPING_NODE)
		return fail(c, root, NULL, "expected a mapping with players and "
		    "bots, found %s", node_kind(root));
	if (get_fields(c, root, "", f, R_N) != 0 ||
	    need_field(c, root, "", &f[R_PLAYERS]) != 0 ||
	    need_field(c, root, "", &f[R_BOTS]) != 0)
		return -1;
	if (load_top(c, f, t) != 0)
		return -1;
	if (f[R_TIME].val && load_time(c, f[R_TIME].val, t) != 0)
		return -1;
	if (f[R_FAILURES].val && load_failures(c, f[R_FAILURES].val, t) != 0)
		return -1;
	if (f[R_SANDBOX].val && load_sandbox(c, f[R_SANDBOX].val, t) != 0)
		return -1;
	if (load_bots(c, f[R_BOTS].val, t) != 0)
		return -1;
	if (load_schedule(c, f[R_SCHEDULE].val, f[R_BOTS].key_node, t) != 0 ||
	    check_size(c, t) != 0)
		return -1;
	for (int i = 0; i < t->nbots; i++) {
		if (t->bots[i].move_ms < 0)
			t->bots[i].move_ms = t->move_ms;
		if (t->bots[i].bank_ms < 0)
			t->bots[i].bank_ms = t->bank_ms;
	}
	if (t->output == NULL &&
	    (t->output = stem_of(c->source, "-results")) == NULL)
		return fail_at(c, t->ruleset_at, NULL, "out of memory");
	return 0;
}

/* The line and column of a byte offset, for the errors libyaml reports
 * without a mark (bad UTF-8). */
static tconfig_mark offset_mark(const ctx *c, size_t off)
{
	tconfig_mark m = { 1, 1 };

	for (size_t i = 0; i < off && i < c->len; i++) {
		if (c->text[i] == '\n') {
			m.line++;
			m.column = 1;
		} else {
			m.column++;
		}
	}
	return m;
}

#define TAB_MESSAGE "a tab, where YAML allows only spaces (indentation): indent with spaces"

static int yaml_fail(const ctx *c, const yaml_parser_t *p)
{
	const char *problem = p->problem ? p->problem : "unknown problem";

	if (p->error == YAML_MEMORY_ERROR)
		return fail_at(c, offset_mark(c, 0), NULL, "out of memory");
	if (p->error == YAML_READER_ERROR)
		return fail_at(c, offset_mark(c, p->problem_offset), NULL,
		    "not UTF-8 text: %s", problem);
	/* libyaml's word for a tab in the indentation is "found character
	 * that cannot start any token": say what it is and what to do. */
	if (p->problem_mark.index < c->len &&
	    c->text[p->problem_mark.index] == '\t')
		return fail_at(c, mark_of(&p->problem_mark), NULL, TAB_MESSAGE);
	if (p->context != NULL)
		return fail_at(c, mark_of(&p->problem_mark), NULL, "YAML syntax "
		    "error: %s %s that starts on line %d", problem, p->context,
		    mark_of(&p->context_mark).line);
	return fail_at(c, mark_of(&p->problem_mark), NULL, "YAML syntax "
	    "error: %s", problem);
}

/* Loads the one document of the file into doc; 1 when it is empty. */
static int load_document(const ctx *c, yaml_parser_t *p, yaml_document_t *doc)
{
	yaml_document_t next;
	yaml_node_t *root;
	int rc;

	if (!yaml_parser_load(p, doc))
		return yaml_fail(c, p);
	if ((root = yaml_document_get_root_node(doc)) == NULL) {
		yaml_document_delete(doc);
		return 1;
	}
	if (!yaml_parser_load(p, &next)) {
		rc = yaml_fail(c, p);
	} else if (yaml_document_get_root_node(&next) != NULL) {
		rc = fail(c, yaml_document_get_root_node(&next), NULL, "a second "
		    "YAML document; a tournament is one document");
		yaml_document_delete(&next);
	} else {
		yaml_document_delete(&next);
		return 0;
	}
	yaml_document_delete(doc);
	return rc;
}

int tconfig_parse(tconfig *t, const char *text, size_t len,
    const char *source, char *err, size_t errlen)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	ctx c = { source, text, len, &doc, err, errlen };
	int rc;

	memset(t, 0, sizeof *t);
	if (set_defaults(&c, t) != 0)
		return -1;
	if (!yaml_parser_initialize(&parser))
		return fail_at(&c, t->ruleset_at, NULL, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	rc = load_document(&c, &parser, &doc);
	if (rc == 1)
		rc = fail_at(&c, t->ruleset_at, NULL, "the file is empty "
		    "(expected a mapping with players and bots)");
	else if (rc == 0) {
		rc = load_root(&c, yaml_document_get_root_node(&doc), t);
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&parser);
	return rc;
}

int tconfig_load(const char *path, tconfig *t, char *err, size_t errlen)
{
	size_t len;
	char *text = cli_read_file(path, &len);
	int rc;

	if (text == NULL) {
		memset(t, 0, sizeof *t);
		return sab_fail(err, errlen, "%s: cannot read: %s", path,
		    strerror(errno));
	}
	rc = tconfig_parse(t, text, len, path, err, errlen);
	free(text);
	return rc;
}

int tconfig_check_ruleset(const tconfig *t, const sab_ruleset *rs, char *err,
    size_t errlen)
{
	ctx c = { t->source, NULL, 0, NULL, err, errlen };

	if (t->players >= rs->min_players && t->players <= rs->max_players)
		return 0;
	return fail_at(&c, t->players_at, "players", "%d is out of range for "
	    "ruleset %s (%d to %d players)", t->players, rs->name,
	    rs->min_players, rs->max_players);
}

int tconfig_find(const tconfig *t, const char *name)
{
	for (int i = 0; i < t->nbots; i++)
		if (strcmp(t->bots[i].cb.name, name) == 0)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* The fingerprint */

static uint64_t hash_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return sab_fnv1a(h, b, sizeof b);
}

static uint64_t hash_text(uint64_t h, const char *s)
{
	if (s == NULL)
		return hash_u64(h, UINT64_MAX);
	h = hash_u64(h, strlen(s));
	return sab_fnv1a(h, s, strlen(s));
}

uint64_t tconfig_hash(const tconfig *t)
{
	uint64_t h = hash_text(SAB_FNV_OFFSET, "saboteur-tournament 1");
	int nenv;

	h = hash_text(h, t->ruleset);
	h = hash_u64(h, (uint64_t)t->players);
	h = hash_u64(h, t->seed);
	h = hash_u64(h, (uint64_t)t->kind);
	h = hash_u64(h, (uint64_t)t->rounds);
	h = hash_u64(h, (uint64_t)t->games);
	h = hash_u64(h, (uint64_t)(int64_t)t->challenger);
	h = hash_u64(h, (uint64_t)t->move_ms);
	h = hash_u64(h, (uint64_t)t->bank_ms);
	h = hash_u64(h, (uint64_t)t->handshake_ms);
	h = hash_u64(h, (uint64_t)t->grace_ms);
	h = hash_u64(h, (uint64_t)t->tries);
	h = hash_u64(h, (uint64_t)t->max_line);
	h = hash_u64(h, (uint64_t)t->max_output);
	h = hash_u64(h, (uint64_t)t->disqualify_after);
	h = hash_u64(h, (uint64_t)t->nbots);
	for (int i = 0; i < t->nbots; i++) {
		const config_bot *b = &t->bots[i].cb;

		h = hash_text(h, b->name);
		h = hash_text(h, b->command);
		h = hash_text(h, b->cwd);
		for (nenv = 0; b->env[nenv] != NULL; nenv++)
			continue;
		h = hash_u64(h, (uint64_t)nenv);
		for (int k = 0; k < nenv; k++)
			h = hash_text(h, b->env[k]);
		h = hash_u64(h, (uint64_t)t->bots[i].move_ms);
		h = hash_u64(h, (uint64_t)t->bots[i].bank_ms);
	}
	/* The sandbox's settings, only when the file gives some, so that the
	 * hash of a file without them is what it was before they existed. */
	for (int i = -1; i < t->nbots; i++) {
		const sandbox_settings *s = i < 0 ? &t->box : &t->bots[i].cb.box;
		int64_t v;

		if (s->given == 0)
			continue;
		h = hash_u64(h, (uint64_t)(int64_t)i);
		h = hash_u64(h, s->given);
		for (size_t k = 0; sandbox_settings_field(s, k, &v); k++)
			h = hash_u64(h, (uint64_t)v);
	}
	return h;
}

void tconfig_free(tconfig *t)
{
	if (t == NULL)
		return;
	for (int i = 0; t->bots != NULL && i < t->nbots; i++) {
		config_bot *b = &t->bots[i].cb;

		free(b->command);
		free(b->cwd);
		for (int k = 0; k < CONFIG_MAX_ENV && b->env[k] != NULL; k++)
			free(b->env[k]);
	}
	free(t->bots);
	free(t->source);
	free(t->name);
	free(t->ruleset);
	free(t->output);
	memset(t, 0, sizeof *t);
}
