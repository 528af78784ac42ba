/* yamlread.c: the one YAML reader (libyaml's document API) with messages
 * "SOURCE:LINE:COLUMN: PLACE: reason"; pure: no stdio streams, no exit. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "yamlread.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define QUOTE_SHOW 40           /* bytes of input shown before "..." */
#define MAX_FIELDS 32           /* keys listed in "expected ..." */

struct sab_yaml {
	yaml_document_t doc;
	int loaded;             /* doc holds a document to delete */
	const char *source;
	const char *text;       /* for the marks libyaml gives as offsets */
	size_t len;
	char *err;
	size_t errlen;
};

/* ------------------------------------------------------------------ */
/* Messages */

int sab_yaml_vfail_at(char *err, size_t errlen, const char *source,
    sab_yaml_mark at, const char *place, const char *fmt, va_list ap)
{
	size_t off = 0;
	int n;

	if (errlen == 0)
		return -1;
	err[0] = '\0';
	if (source != NULL) {
		n = snprintf(err, errlen, "%s:%d:%d: ", source,
		    at.line > 0 ? at.line : 1, at.column > 0 ? at.column : 1);
		if (n < 0 || (size_t)n >= errlen)
			return -1;
		off = (size_t)n;
	}
	if (place != NULL && place[0] != '\0') {
		n = snprintf(err + off, errlen - off, "%s: ", place);
		if (n < 0 || (size_t)n >= errlen - off)
			return -1;
		off += (size_t)n;
	}
	if (vsnprintf(err + off, errlen - off, fmt, ap) < 0)
		err[off] = '\0';
	return -1;
}

int sab_yaml_fail_at(char *err, size_t errlen, const char *source,
    sab_yaml_mark at, const char *place, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sab_yaml_vfail_at(err, errlen, source, at, place, fmt, ap);
	va_end(ap);
	return -1;
}

int sab_yaml_fail_mark(const sab_yaml *y, sab_yaml_mark at, const char *place,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sab_yaml_vfail_at(y->err, y->errlen, y->source, at, place, fmt, ap);
	va_end(ap);
	return -1;
}

int sab_yaml_fail(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, const char *fmt, ...)
{
	sab_yaml_mark at = { 1, 1 };
	va_list ap;

	if (n != NULL)
		at = sab_yaml_at(n);
	va_start(ap, fmt);
	sab_yaml_vfail_at(y->err, y->errlen, y->source, at, place, fmt, ap);
	va_end(ap);
	return -1;
}

const char *sab_yaml_quote(const char *s, size_t n, char buf[SAB_YAML_QUOTE])
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

const char *sab_yaml_words(const char *const *words, size_t n,
    const char *last, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *sep = i == 0 ? "" : i + 1 == n ? last : ", ";
		int k = snprintf(buf + o, size - o, "%s%s", sep, words[i]);

		if (k < 0 || (size_t)k >= size - o)
			break;  /* a cut list still reads */
		o += (size_t)k;
	}
	return buf;
}

/* The paths of these formats are short, so a cut one is a bug worth an
 * error rather than a wrong message. */
int sab_yaml_path_key(const sab_yaml *y, sab_yaml_mark at,
    char out[SAB_YAML_PLACE], const char *parent, const char *key)
{
	int n = parent[0] == '\0' ? snprintf(out, SAB_YAML_PLACE, "%s", key) :
	    snprintf(out, SAB_YAML_PLACE, "%s.%s", parent, key);

	if (n < 0 || n >= SAB_YAML_PLACE)
		return sab_yaml_fail_mark(y, at, parent, "key path too long");
	return 0;
}

int sab_yaml_path_index(const sab_yaml *y, sab_yaml_mark at,
    char out[SAB_YAML_PLACE], const char *parent, size_t i)
{
	int n = snprintf(out, SAB_YAML_PLACE, "%s[%zu]", parent, i);

	if (n < 0 || n >= SAB_YAML_PLACE)
		return sab_yaml_fail_mark(y, at, parent, "key path too long");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Nodes */

static sab_yaml_mark mark_of(const yaml_mark_t *m)
{
	sab_yaml_mark at;

	at.line = m->line < INT_MAX ? (int)m->line + 1 : INT_MAX;
	at.column = m->column < INT_MAX ? (int)m->column + 1 : INT_MAX;
	return at;
}

sab_yaml_mark sab_yaml_at(const sab_yaml_node *n)
{
	return mark_of(&n->start_mark);
}

int sab_yaml_kind(const sab_yaml_node *n)
{
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return SAB_YAML_MAP;
	case YAML_SEQUENCE_NODE:
		return SAB_YAML_LIST;
	default:
		return SAB_YAML_SCALAR;
	}
}

const char *sab_yaml_kind_name(const sab_yaml_node *n)
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

const char *sab_yaml_scalar(const sab_yaml_node *n, size_t *len)
{
	if (n->type != YAML_SCALAR_NODE)
		return NULL;
	*len = n->data.scalar.length;
	return (const char *)n->data.scalar.value;
}

int sab_yaml_is(const sab_yaml_node *n, const char *s)
{
	size_t k = strlen(s);

	return n->type == YAML_SCALAR_NODE && n->data.scalar.length == k &&
	    memcmp(n->data.scalar.value, s, k) == 0;
}

size_t sab_yaml_count(const sab_yaml_node *n)
{
	if (n->type == YAML_SEQUENCE_NODE)
		return (size_t)(n->data.sequence.items.top -
		    n->data.sequence.items.start);
	if (n->type == YAML_MAPPING_NODE)
		return (size_t)(n->data.mapping.pairs.top -
		    n->data.mapping.pairs.start);
	return 0;
}

/* libyaml numbers nodes from 1 and always links existing ones, but a
 * reader of untrusted text checks anyway. */
static const sab_yaml_node *node_get(const sab_yaml *y, int index)
{
	const yaml_node_t *first = y->doc.nodes.start;

	if (index < 1 || index > y->doc.nodes.top - first)
		return NULL;
	return first + index - 1;
}

const sab_yaml_node *sab_yaml_item(const sab_yaml *y, const sab_yaml_node *n,
    size_t i)
{
	return node_get(y, n->data.sequence.items.start[i]);
}

const sab_yaml_node *sab_yaml_key(const sab_yaml *y, const sab_yaml_node *n,
    size_t i)
{
	return node_get(y, n->data.mapping.pairs.start[i].key);
}

const sab_yaml_node *sab_yaml_value(const sab_yaml *y, const sab_yaml_node *n,
    size_t i)
{
	return node_get(y, n->data.mapping.pairs.start[i].value);
}

const sab_yaml_node *sab_yaml_root(const sab_yaml *y)
{
	return y->loaded ? node_get(y, 1) : NULL;
}

/* ------------------------------------------------------------------ */
/* Values */

int sab_yaml_need(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, int kind, const char *what)
{
	if (sab_yaml_kind(n) == kind)
		return 0;
	return sab_yaml_fail(y, n, place, "expected %s, found %s", what,
	    sab_yaml_kind_name(n));
}

/* Reads digits only into *out: 0, 1 when s is not digits, 2 past 2^64-1. */
static int parse_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return 1;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned)(s[i] - '0');

		if (s[i] < '0' || s[i] > '9')
			return 1;
		if (v > (UINT64_MAX - d) / 10)
			return 2;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int sab_yaml_number(const sab_yaml_node *n, int64_t *out)
{
	const char *s;
	size_t len;
	uint64_t v;
	int neg, rc;

	if ((s = sab_yaml_scalar(n, &len)) == NULL)
		return 1;
	neg = len > 0 && s[0] == '-';
	if ((rc = parse_u64(s + neg, len - (size_t)neg, &v)) != 0)
		return rc;
	if (v > (uint64_t)INT64_MAX + (uint64_t)neg)
		return 2;
	*out = neg ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v) :
	    (int64_t)v;
	return 0;
}

/* "found ..." for a value that is not what was expected. */
static const char *found(const sab_yaml_node *n, char q[SAB_YAML_QUOTE])
{
	size_t len;
	const char *s = sab_yaml_scalar(n, &len);

	return s == NULL || len == 0 ? sab_yaml_kind_name(n) :
	    sab_yaml_quote(s, len, q);
}

int sab_yaml_u64(const sab_yaml *y, const sab_yaml_node *n, const char *place,
    uint64_t lo, uint64_t hi, uint64_t *out)
{
	char q[SAB_YAML_QUOTE];
	const char *s;
	size_t len = 0;
	uint64_t v = 0;
	int rc = 1;

	if ((s = sab_yaml_scalar(n, &len)) != NULL)
		rc = parse_u64(s, len, &v);
	if (rc == 1)
		return sab_yaml_fail(y, n, place, "expected a whole number "
		    "from %llu to %llu, found %s", (unsigned long long)lo,
		    (unsigned long long)hi, found(n, q));
	if (rc == 2 || v < lo || v > hi)
		return sab_yaml_fail(y, n, place, "%s is out of range (%llu to "
		    "%llu)", sab_yaml_quote(s, len, q), (unsigned long long)lo,
		    (unsigned long long)hi);
	*out = v;
	return 0;
}

int sab_yaml_int(const sab_yaml *y, const sab_yaml_node *n, const char *place,
    int64_t lo, int64_t hi, int64_t *out)
{
	char q[SAB_YAML_QUOTE];
	const char *s;
	size_t len = 0;
	uint64_t u;
	int64_t v = 0;
	int rc;

	if (lo >= 0) {
		if (sab_yaml_u64(y, n, place, (uint64_t)lo, (uint64_t)hi,
		    &u) != 0)
			return -1;
		*out = (int64_t)u;
		return 0;
	}
	rc = sab_yaml_number(n, &v);
	if (rc == 1)
		return sab_yaml_fail(y, n, place, "expected an integer from "
		    "%lld to %lld, found %s", (long long)lo, (long long)hi,
		    found(n, q));
	s = sab_yaml_scalar(n, &len);
	if (rc == 2 || v < lo || v > hi)
		return sab_yaml_fail(y, n, place, "%s is out of range (%lld to "
		    "%lld)", sab_yaml_quote(s, len, q), (long long)lo,
		    (long long)hi);
	*out = v;
	return 0;
}

int sab_yaml_bool(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, int *out)
{
	char q[SAB_YAML_QUOTE];

	if (sab_yaml_is(n, "true") || sab_yaml_is(n, "yes")) {
		*out = 1;
		return 0;
	}
	if (sab_yaml_is(n, "false") || sab_yaml_is(n, "no")) {
		*out = 0;
		return 0;
	}
	return sab_yaml_fail(y, n, place, "expected true or false, found %s",
	    found(n, q));
}

int sab_yaml_word(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, const char *const *words, size_t nwords,
    size_t *out)
{
	char q[SAB_YAML_QUOTE], list[256];

	for (size_t i = 0; i < nwords; i++) {
		if (sab_yaml_is(n, words[i])) {
			*out = i;
			return 0;
		}
	}
	return sab_yaml_fail(y, n, place, "expected %s, found %s",
	    sab_yaml_words(words, nwords, " or ", list, sizeof list),
	    found(n, q));
}

int sab_yaml_text(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, size_t min, size_t max, const char **s, size_t *len)
{
	const char *t;
	size_t k;

	if ((t = sab_yaml_scalar(n, &k)) == NULL || (k == 0 && min > 0))
		return sab_yaml_fail(y, n, place, "expected text, found %s",
		    sab_yaml_kind_name(n));
	if (memchr(t, '\0', k) != NULL)
		return sab_yaml_fail(y, n, place, "contains a NUL byte");
	if (k > max)
		return sab_yaml_fail(y, n, place, "too long (at most %zu "
		    "characters)", max);
	if (k < min)
		return sab_yaml_fail(y, n, place, "too short (at least %zu "
		    "characters)", min);
	*s = t;
	*len = k;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Mappings */

/* The i-th key of map, which must be a single value: its text in *s and
 * *len.  NULL after failing. */
static const sab_yaml_node *key_text(const sab_yaml *y,
    const sab_yaml_node *map, size_t i, const char *place, const char **s,
    size_t *len)
{
	const sab_yaml_node *k = sab_yaml_key(y, map, i);

	if ((*s = sab_yaml_scalar(k, len)) == NULL) {
		sab_yaml_fail(y, k, place, "expected a key, found %s",
		    sab_yaml_kind_name(k));
		return NULL;
	}
	return k;
}

int sab_yaml_fields(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, sab_yaml_field *f, size_t nf)
{
	char q[SAB_YAML_QUOTE], list[512];
	const char *keys[MAX_FIELDS];
	size_t i;

	if (sab_yaml_need(y, map, place, SAB_YAML_MAP, "a mapping") != 0)
		return -1;
	for (i = 0; i < nf; i++) {
		f[i].val = NULL;
		f[i].at.line = f[i].at.column = 0;
	}
	for (size_t p = 0; p < sab_yaml_count(map); p++) {
		const char *s;
		size_t len;
		const sab_yaml_node *k = key_text(y, map, p, place, &s, &len);

		if (k == NULL)
			return -1;
		for (i = 0; i < nf && !sab_yaml_is(k, f[i].key); i++)
			continue;
		if (i == nf) {
			for (i = 0; i < nf && i < NELEM(keys); i++)
				keys[i] = f[i].key;
			return sab_yaml_fail(y, k, place, "unknown key %s "
			    "(expected %s)", sab_yaml_quote(s, len, q),
			    sab_yaml_words(keys, i, " or ", list, sizeof list));
		}
		if (f[i].val != NULL)
			return sab_yaml_fail(y, k, place, "key \"%s\" given "
			    "twice (first on line %d)", f[i].key, f[i].at.line);
		f[i].val = sab_yaml_value(y, map, p);
		f[i].at = sab_yaml_at(k);
	}
	return 0;
}

int sab_yaml_need_field(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, const sab_yaml_field *f)
{
	if (f->val != NULL)
		return 0;
	return sab_yaml_fail(y, map, place, "missing key \"%s\"", f->key);
}

int sab_yaml_unique_keys(const sab_yaml *y, const sab_yaml_node *map,
    const char *place)
{
	char q[SAB_YAML_QUOTE];

	for (size_t i = 0; i < sab_yaml_count(map); i++) {
		const char *s;
		size_t len;
		const sab_yaml_node *k = key_text(y, map, i, place, &s, &len);

		if (k == NULL)
			return -1;
		for (size_t j = 0; j < i; j++) {
			const sab_yaml_node *e = sab_yaml_key(y, map, j);
			size_t elen = 0;
			const char *es = sab_yaml_scalar(e, &elen);

			if (elen == len && memcmp(es, s, len) == 0)
				return sab_yaml_fail(y, k, place, "key %s "
				    "given twice (first on line %d)",
				    sab_yaml_quote(s, len, q),
				    sab_yaml_at(e).line);
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Loading */

/*
 * The byte offset of a libyaml mark: its index counts characters, not
 * bytes, and leaves out a byte order mark.  Returns len when the text is
 * not UTF-8 (a UTF-16 byte order mark) or the mark lies past its end.
 */
static size_t byte_of(const sab_yaml *y, const yaml_mark_t *m)
{
	const unsigned char *s = (const unsigned char *)y->text;
	size_t i = 0, chars = 0;

	if (y->len >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) ||
	    (s[0] == 0xFE && s[1] == 0xFF)))
		return y->len;
	if (y->len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
		i = 3;
	for (; i < y->len; i++) {
		if ((s[i] & 0xC0) == 0x80)
			continue;       /* inside a character */
		if (chars++ == m->index)
			return i;
	}
	return y->len;
}

/* The mark of a byte offset, for the errors libyaml gives as an offset
 * only (text that is not UTF-8); columns count characters, as libyaml's. */
static sab_yaml_mark offset_mark(const sab_yaml *y, size_t off)
{
	sab_yaml_mark at = { 1, 1 };

	for (size_t i = 0; i < off && i < y->len; i++) {
		if (y->text[i] == '\n') {
			at.line++;
			at.column = 1;
		} else if (((unsigned char)y->text[i] & 0xC0) != 0x80) {
			at.column++;
		}
	}
	return at;
}

static int parser_fail(const sab_yaml *y, const yaml_parser_t *p)
{
	const char *problem = p->problem != NULL ? p->problem : "?";
	sab_yaml_mark at = mark_of(&p->problem_mark);
	size_t b;

	if (p->error == YAML_MEMORY_ERROR)
		return sab_yaml_fail_mark(y, offset_mark(y, 0), NULL,
		    "out of memory");
	if (p->error == YAML_READER_ERROR)
		return sab_yaml_fail_mark(y, offset_mark(y, p->problem_offset),
		    NULL, "not UTF-8 text: %s", problem);
	/* libyaml's word for a tab in the indentation is "found character
	 * that cannot start any token": say what it is and what to do. */
	b = byte_of(y, &p->problem_mark);
	if (p->error == YAML_SCANNER_ERROR && b < y->len && y->text[b] == '\t')
		return sab_yaml_fail_mark(y, at, NULL, "a tab, where YAML "
		    "allows only spaces (indentation): indent with spaces");
	if (p->context != NULL && p->context_mark.line != p->problem_mark.line)
		return sab_yaml_fail_mark(y, at, NULL, "YAML syntax error: %s "
		    "%s that starts on line %d", problem, p->context,
		    mark_of(&p->context_mark).line);
	if (p->context != NULL)
		return sab_yaml_fail_mark(y, at, NULL, "YAML syntax error: %s "
		    "%s", problem, p->context);
	return sab_yaml_fail_mark(y, at, NULL, "YAML syntax error: %s",
	    problem);
}

/* Loads the first document into y, then makes sure no second one
 * follows. */
static int load_documents(sab_yaml *y, yaml_parser_t *p, const char *what)
{
	yaml_document_t next;
	const sab_yaml_node *root;
	int rc = 0;

	/* On failure yaml_parser_load() frees the document itself. */
	if (!yaml_parser_load(p, &y->doc))
		return parser_fail(y, p);
	y->loaded = 1;
	if (sab_yaml_root(y) == NULL)
		return 0;
	if (!yaml_parser_load(p, &next))
		return parser_fail(y, p);
	root = yaml_document_get_root_node(&next);
	if (root != NULL)
		rc = sab_yaml_fail(y, root, NULL, "a second YAML document; %s "
		    "is one document", what);
	yaml_document_delete(&next);
	return rc;
}

sab_yaml *sab_yaml_load(const char *text, size_t len, const char *source,
    const char *what, char *err, size_t errlen)
{
	static const sab_yaml_mark start = { 1, 1 };
	yaml_parser_t parser;
	sab_yaml *y;

	if (errlen > 0)
		err[0] = '\0';
	if (text == NULL) {
		text = "";
		len = 0;
	}
	if ((y = calloc(1, sizeof *y)) == NULL) {
		sab_yaml_fail_at(err, errlen, source, start, NULL,
		    "out of memory");
		return NULL;
	}
	*y = (sab_yaml){ .source = source, .text = text, .len = len,
	    .err = err, .errlen = errlen };
	if (!yaml_parser_initialize(&parser)) {
		sab_yaml_fail_at(err, errlen, source, start, NULL,
		    "out of memory");
		free(y);
		return NULL;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (load_documents(y, &parser, what) != 0) {
		yaml_parser_delete(&parser);
		sab_yaml_free(y);
		return NULL;
	}
	yaml_parser_delete(&parser);
	return y;
}

void sab_yaml_free(sab_yaml *y)
{
	if (y == NULL)
		return;
	if (y->loaded)
		yaml_document_delete(&y->doc);
	free(y);
}
