/* yamlread.h: the one YAML reader of rulesets, tournament files and bot
 * configurations: a document from memory, typed getters, and every mistake
 * as "SOURCE:LINE:COLUMN: PLACE: reason" (internal; not for bots). */
#ifndef SAB_YAMLREAD_H
#define SAB_YAMLREAD_H

/*
 * Named yamlread.h, not yaml.h: the folders of the headers are given with
 * -I, where a yaml.h of ours would hide libyaml's own.  This header does
 * not need libyaml's: its nodes are used through the functions below.
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define SAB_YAML_PLACE 128      /* a key path such as "deck[12].groups[1]" */
#define SAB_YAML_QUOTE 48       /* a quoted piece of input in a message */

/* Where something is written, counted from 1; line 0: nowhere known. */
typedef struct sab_yaml_mark {
	int line, column;
} sab_yaml_mark;

/* A loaded document, and one of its nodes (libyaml's yaml_node_t). */
typedef struct sab_yaml sab_yaml;
typedef struct yaml_node_s sab_yaml_node;

enum sab_yaml_kind {
	SAB_YAML_SCALAR,        /* a single value (text, number, nothing) */
	SAB_YAML_LIST,
	SAB_YAML_MAP
};

/*
 * Loads the one YAML document of len bytes of text (no NUL needed).  source
 * names the text in messages; what names the kind of file, as in "a second
 * YAML document; WHAT is one document" (what: "a ruleset").  Messages go to
 * err (errlen bytes, always NUL-terminated when errlen > 0).  source and err
 * must outlive the result.  Returns the document, whose root is NULL when
 * the text holds none (empty, or only comments); or NULL with
 * "SOURCE:LINE:COLUMN: reason" in err.  Free it with sab_yaml_free().
 */
sab_yaml *sab_yaml_load(const char *text, size_t len, const char *source,
    const char *what, char *err, size_t errlen);

/* Frees a document; NULL is fine. */
void sab_yaml_free(sab_yaml *y);

/* The top node, or NULL for an empty document. */
const sab_yaml_node *sab_yaml_root(const sab_yaml *y);

/* ------------------------------------------------------------------ */
/* Nodes */

sab_yaml_mark sab_yaml_at(const sab_yaml_node *n);      /* where n starts */
int sab_yaml_kind(const sab_yaml_node *n);              /* sab_yaml_kind */

/* "a mapping", "a list", "nothing" (an empty value), "a single value". */
const char *sab_yaml_kind_name(const sab_yaml_node *n);

/* A scalar's bytes (NUL-terminated, but they may hold a NUL) and length
 * in *len; NULL for a list or a mapping. */
const char *sab_yaml_scalar(const sab_yaml_node *n, size_t *len);

/* 1 when n is the scalar s exactly. */
int sab_yaml_is(const sab_yaml_node *n, const char *s);

/* The items of a list or the pairs of a mapping (0 for a scalar), and the
 * i-th item, key and value (i below the count). */
size_t sab_yaml_count(const sab_yaml_node *n);
const sab_yaml_node *sab_yaml_item(const sab_yaml *y, const sab_yaml_node *n,
    size_t i);
const sab_yaml_node *sab_yaml_key(const sab_yaml *y, const sab_yaml_node *n,
    size_t i);
const sab_yaml_node *sab_yaml_value(const sab_yaml *y, const sab_yaml_node *n,
    size_t i);

/* ------------------------------------------------------------------ */
/* Messages: every function that fails writes its message and returns -1. */

/*
 * Writes "SOURCE:LINE:COLUMN: PLACE: reason" into err and returns -1; no
 * "SOURCE:LINE:COLUMN: " when source is NULL, no "PLACE: " when place is
 * NULL or empty.  A message longer than errlen is cut, still terminated:
 * it is only shown.
 */
int sab_yaml_fail_at(char *err, size_t errlen, const char *source,
    sab_yaml_mark at, const char *place, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* The same with a va_list. */
int sab_yaml_vfail_at(char *err, size_t errlen, const char *source,
    sab_yaml_mark at, const char *place, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));

/* The same at node n of y (the start of the text when n is NULL). */
int sab_yaml_fail(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The same at a mark of y's text. */
int sab_yaml_fail_mark(const sab_yaml *y, sab_yaml_mark at, const char *place,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Quotes n bytes of input: what is not printable ASCII becomes '?', and
 * long text is cut with "...", so that a message stays one short line. */
const char *sab_yaml_quote(const char *s, size_t n,
    char buf[SAB_YAML_QUOTE]);

/* Joins words as "a, b or c" (last " or ") or "a, b, c" (last ", "). */
const char *sab_yaml_words(const char *const *words, size_t n,
    const char *last, char *buf, size_t size);

/* Key paths: parent.key ("key" when parent is empty) and parent[i], into
 * out (not parent itself).  A path too long for SAB_YAML_PLACE fails at
 * at. */
int sab_yaml_path_key(const sab_yaml *y, sab_yaml_mark at,
    char out[SAB_YAML_PLACE], const char *parent, const char *key);
int sab_yaml_path_index(const sab_yaml *y, sab_yaml_mark at,
    char out[SAB_YAML_PLACE], const char *parent, size_t i);

/* ------------------------------------------------------------------ */
/* Values */

/* Fails with "expected WHAT, found a list" unless n is of kind. */
int sab_yaml_need(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, int kind, const char *what);

/*
 * Reads a whole scalar as an integer: an optional minus sign and decimal
 * digits, nothing else ("+3", "0x10", "1e3", "3.0" and " 3" are not
 * integers, so a typo cannot become a surprising value).  Returns 0, 1
 * when n is no integer, 2 when it is beyond int64_t.
 */
int sab_yaml_number(const sab_yaml_node *n, int64_t *out);

/* A whole number (digits only) in [lo, hi]. */
int sab_yaml_u64(const sab_yaml *y, const sab_yaml_node *n, const char *place,
    uint64_t lo, uint64_t hi, uint64_t *out);

/* An integer in [lo, hi]: a whole number when lo >= 0. */
int sab_yaml_int(const sab_yaml *y, const sab_yaml_node *n, const char *place,
    int64_t lo, int64_t hi, int64_t *out);

/* true or false (also yes or no): 1 or 0 in *out. */
int sab_yaml_bool(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, int *out);

/* One of nwords words ("expected a, b or c, found ..."): its index. */
int sab_yaml_word(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, const char *const *words, size_t nwords,
    size_t *out);

/* Text of min to max bytes without a NUL: its bytes and length (the
 * bytes are the document's, NUL-terminated). */
int sab_yaml_text(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, size_t min, size_t max, const char **s, size_t *len);

/* ------------------------------------------------------------------ */
/* Mappings */

/* A key a mapping may hold, and what sab_yaml_fields() found for it. */
typedef struct sab_yaml_field {
	const char *key;
	const sab_yaml_node *val;       /* NULL when absent */
	sab_yaml_mark at;               /* of the key */
} sab_yaml_field;

/* An entry of a table of fields, for the key k. */
#define SAB_YAML_FIELD(k) { (k), NULL, { 0, 0 } }

/*
 * Finds the keys of a mapping: fills f[i].val and f[i].at for each key
 * present, and fails on a key not among the nf (listing them), and on a
 * key given twice, so that a typo cannot leave a setting at its default.
 */
int sab_yaml_fields(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, sab_yaml_field *f, size_t nf);

/* Fails with "missing key" at map unless f was found. */
int sab_yaml_need_field(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, const sab_yaml_field *f);

/* For a mapping whose keys are not known beforehand: fails unless every
 * key is a single value given once.  Quadratic: limit the count first. */
int sab_yaml_unique_keys(const sab_yaml *y, const sab_yaml_node *map,
    const char *place);

#endif
