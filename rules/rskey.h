/* rskey.h: the ruleset keys a module brings, as rows, and what a row may call (internal to the rules library). */
#ifndef SAB_RSKEY_H
#define SAB_RSKEY_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"
#include "yamlread.h"

struct sab_module;

/*
 * A module's ruleset keys are rows of a table in its folder (sab_module.keys,
 * ending with an empty row: every field 0 or NULL).  rules/ruleset.c
 * keeps the core keys and, for every row of every module (in
 * rules/modules.def order, whether the ruleset plays the module or not: a
 * row's check says when a section needs its module), reads the row's
 * section of a ruleset file, checks the filled ruleset, folds the row's
 * fields into the canonical text a ruleset's hash is taken of, and says
 * them for people ("saboteur rules").
 */
typedef struct sab_rs_ctx sab_rs_ctx;   /* a reading or a check under way */

/*
 * Where a row's canonical lines and its words for people go among the
 * core's (fixed: a ruleset's hash must never change).
 */
enum sab_rs_at {
	SAB_RS_AT_NONE,         /* nowhere */
	SAB_RS_AT_ROLES,        /* canon: after the dwarf table's miners */
	SAB_RS_AT_BOARD,        /* canon: after the goal places; people:
	                           after the deck's count */
	SAB_RS_AT_GOALS,        /* both: right after SAB_RS_AT_BOARD's */
	SAB_RS_AT_CARDS,        /* people: after the cards (canon: none) */
	SAB_RS_AT_END           /* canon: after the turn's options; people:
	                           after SAB_RS_AT_CARDS' */
};

/* The canonical text being folded: sab_rs_line() adds a line. */
typedef struct sab_rs_canon {
	void (*put)(struct sab_rs_canon *out, const char *line, size_t len);
	uint64_t h;             /* the caller's */
} sab_rs_canon;

typedef struct sab_rs_key {
	/* Its key at the top of a ruleset file; NULL: the row only
	 * checks, hashes or says fields of other sections. */
	const char *key;
	/* The core key its section is read after (its defs then come in
	 * the same order as they always did), and its check runs after:
	 * a core key, or one of the core's later steps "modules.roles"
	 * (the modules' roles added) and "goal_cards.gold" (one goal card
	 * holds the gold). */
	const char *after;
	/* Reads its section n into rs; returns 0, or -1 with the message
	 * written (sab_rs_fail()). */
	int (*load)(const sab_rs_ctx *c, const sab_yaml_node *n,
	    sab_ruleset *rs);
	/* Checks the filled ruleset (and fills what it derives); returns 0,
	 * or -1 with the message written.  NULL: nothing to check. */
	int (*check)(const sab_rs_ctx *c, sab_ruleset *rs);
	/* Its lines of the canonical text, at canon_at: only when the
	 * ruleset has some of its fields, so that a ruleset without them
	 * hashes as before they existed. */
	uint8_t canon_at;       /* enum sab_rs_at */
	void (*canon)(const sab_ruleset *rs, sab_rs_canon *out);
	/* Its words for people at say_at, into buf (lines, each ending in a
	 * newline; "" when it has nothing to say for rs); tok[i] is card
	 * definition i's token.  Returns what snprintf() returns. */
	uint8_t say_at;         /* enum sab_rs_at */
	int (*describe)(const sab_ruleset *rs, const char *const *tok,
	    char *buf, size_t size);
	/* How a message names card definition def when the row's section
	 * made it ("postcards[1]"), into out (SAB_YAML_PLACE bytes); NULL
	 * (the function, or what it returns): the core names it. */
	const char *(*def_place)(const sab_ruleset *rs, size_t def,
	    char *out);
	/* 1: while its module is played, goal_cards may hold more cards
	 * than there are goal places (the row's check says how many). */
	uint8_t more_goal_cards;
	/* What card definition c of rs shows of the row's attributes, for
	 * people, after what the core shows of its shape ("  door: blue"),
	 * into buf; returns what snprintf() returns ("": nothing). */
	int (*describe_card)(const sab_ruleset *rs, const sab_card *c,
	    char *buf, size_t size);
	/* A column its module's roles add to the base game's dwarf table
	 * (roles: N: {saboteurs: S, miners: M, KEY: G}, KEY optional): the
	 * key, and where the counts by player count lie in sab_ruleset
	 * (offsetof; 0: the row has no column). */
	const char *role_key;
	size_t role_counts;
} sab_rs_key;

/* Adds one line (a newline follows it) to the canonical text: at most 255
 * bytes, a longer one cut there. */
void sab_rs_line(sab_rs_canon *out, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

void sab_rs_vline(sab_rs_canon *out, const char *fmt, va_list ap);

/* Every module's rows at `at`, in module order: their canonical lines into
 * out; their words for people into buf (returns the length it needed, as
 * snprintf() does). */
void sab_ruleset_canon_at(const sab_ruleset *rs, int at, sab_rs_canon *out);
int sab_ruleset_describe_at(const sab_ruleset *rs, int at,
    const char *const *tok, char *buf, size_t size);
/* The i-th column the modules' rows add to the dwarf table (role_key), in
 * module order: its counts by player count, its key in *key; NULL past
 * the last. */
const uint8_t *sab_ruleset_role_column(const sab_ruleset *rs, int i,
    const char **key);
/* Every module's rows' describe_card for card c, in module order. */
int sab_ruleset_describe_card(const sab_ruleset *rs, const sab_card *c,
    char *buf, size_t size);

/* ---- what a row's load and check may call --------------------------- */

/* Writes "SOURCE:LINE:COLUMN: PLACE: reason" and returns -1; at line 0
 * blames the top of the file. */
int sab_rs_fail(const sab_rs_ctx *c, sab_yaml_mark at, const char *place,
    const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The document being read (NULL in a check). */
const sab_yaml *sab_rs_yaml(const sab_rs_ctx *c);

/* The marks a row keeps, SAB_RS_MARKS of them, all line 0 until it sets
 * them (and in a check of a ruleset built in code: then the array is
 * writable but never read back). */
#define SAB_RS_MARKS 8
sab_yaml_mark *sab_rs_marks(const sab_rs_ctx *c, const char *key);
/* Where the file gave a core key (line 0: it did not, or in a check of a
 * ruleset built in code): "modules", "roles", "roles.column" (the first
 * roles entry with a count of a row's role_key) or "goal_cards". */
sab_yaml_mark sab_rs_core_at(const sab_rs_ctx *c, const char *key);
/* The first of two marks that is given. */
sab_yaml_mark sab_rs_either(sab_yaml_mark a, sab_yaml_mark b);

/* "PARENT.KEY" and "PARENT[I]" into out (SAB_YAML_PLACE bytes). */
int sab_rs_place_key(const sab_rs_ctx *c, char *out, const char *parent,
    const char *key, sab_yaml_mark at);
int sab_rs_place_index(const sab_rs_ctx *c, char *out, const char *parent,
    size_t i, sab_yaml_mark at);

/* Values, each named `place` in messages. */
int sab_rs_u8(const sab_rs_ctx *c, const sab_yaml_node *n, const char *place,
    long lo, long hi, uint8_t *out);
int sab_rs_string(const sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, char *buf, size_t size);
int sab_rs_edges(const sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, uint8_t *out);
int sab_rs_cell(const sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, int8_t *x, int8_t *y);
/* One of words, the value of field f of the mapping at parent. */
int sab_rs_word(const sab_rs_ctx *c, const sab_yaml_field *f,
    const char *parent, const char *const *words, size_t nwords,
    size_t *out);

/* Appends a card definition (zeroed), noting where it is; NULL with the
 * message written when there is no room. */
sab_card *sab_rs_add_def(const sab_rs_ctx *c, sab_ruleset *rs,
    const char *place, sab_yaml_mark at);

/* Checks one cell: within the limits, on a bounded board. */
int sab_rs_check_cell(const sab_rs_ctx *c, const sab_ruleset *rs, int x,
    int y, const char *place, sab_yaml_mark line);

/* Whether rs names module m (its modules: known after the check of the
 * modules, and while reading as far as the file named them). */
int sab_rs_plays(const sab_ruleset *rs, const struct sab_module *m);

#endif
