/* ruleset.c: reads rulesets from YAML in memory, checks and completes them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "effect.h"
#include "rskey.h"
#include "ruleset.h"
#include "yamlread.h"

/*
 * Every cell a ruleset names lies within -40..40, inside the window the
 * engine keeps for an unbounded table (board.h), with room to dig around it.
 */
#define COORD_LIMIT 40
#define ROUNDS_MAX SAB_MAX_ROUNDS
#define NO_DEF 0xFF             /* sabotage_def when a tool has no card */
/* A key path such as "deck[12].groups[1]"; a quoted piece of the input. */
#define PLACE_LEN SAB_YAML_PLACE
#define QUOTE_LEN SAB_YAML_QUOTE

/* The most ruleset key rows of all the modules together. */
#define SAB_RS_ROWS_MAX 16

/*
 * Where the parser found each part of the ruleset, so that the checks of
 * sab_ruleset_finish(), which see only the filled struct, can still point
 * at the right line and column.  Line 0 means "not given".
 */
struct marks {
	sab_yaml_mark root;
	sab_yaml_mark name, title, players, rounds, roles, hand_size;
	sab_yaml_mark role[SAB_MAX_PLAYERS + 1], hand[SAB_MAX_PLAYERS + 1];
	sab_yaml_mark board, bmin, bmax, start, goals, goal[SAB_MAX_GOALS];
	sab_yaml_mark start_card, goal_cards, deck, def[SAB_MAX_DEFS];
	sab_yaml_mark gold, gold_cards, pay, options, placement, scoring;
	sab_yaml_mark modules, column, pieces;
	sab_yaml_mark rows[SAB_RS_ROWS_MAX][SAB_RS_MARKS]; /* the modules' */
};

/*
 * What every step needs to report an error.  source is NULL when
 * sab_ruleset_finish() runs on a ruleset built in code: its messages then
 * carry no "SOURCE:LINE:COLUMN: " prefix.  y is the document being read
 * (NULL in the checks, which run after it is freed).
 */
struct sab_rs_ctx {
	const char *source;
	char *err;
	size_t errlen;
	const sab_yaml *y;
	struct marks *ln;
	/* A row's marks when there are none to keep (ln NULL): written,
	 * never read back as a place in the file. */
	sab_yaml_mark *scratch;
};

static const char *const tool_names[SAB_TOOLS] = {
	"pickaxe", "lantern", "cart"
};
/* The most card kinds that lie in a deck, over every module. */
#define DECK_KINDS_MAX 64
static const char *const drawn_words[] = { "per_miner", "per_player" };
static const char *const placement_words[] = { "connected", "touching" };
static const char *const scoring_words[] = { "gold", "path" };
/* Door colours, by team number from 1 (sab_card.door). */
static const char *const door_words[SAB_MAX_TEAMS] = { "blue", "green" };
static const char edge_letters[] = "NESW";

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Messages (yamlread.h writes them) */

/*
 * Writes "SOURCE:LINE:COLUMN: PLACE: reason" and returns -1; a part with
 * no place of its own is blamed on the top of the file.  The core calls it
 * fail(); the modules' rows, sab_rs_fail() (rskey.h).
 */
int sab_rs_fail(const struct sab_rs_ctx *c, sab_yaml_mark at,
    const char *place, const char *fmt, ...)
{
	va_list ap;

	if (at.line < 1 && c->ln != NULL)
		at = c->ln->root;
	va_start(ap, fmt);
	sab_yaml_vfail_at(c->err, c->errlen, c->source, at, place, fmt, ap);
	va_end(ap);
	return -1;
}
#define fail sab_rs_fail

/* The first of two marks that is given. */
static sab_yaml_mark either(sab_yaml_mark a, sab_yaml_mark b)
{
	return a.line > 0 ? a : b;
}

static int place_key(const struct sab_rs_ctx *c, char out[PLACE_LEN],
    const char *parent, const char *key, sab_yaml_mark at)
{
	return sab_yaml_path_key(c->y, at, out, parent, key);
}

static int place_index(const struct sab_rs_ctx *c, char out[PLACE_LEN],
    const char *parent, size_t i, sab_yaml_mark at)
{
	return sab_yaml_path_index(c->y, at, out, parent, i);
}

/* ------------------------------------------------------------------ */
/* Values */

static int get_int(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, long lo, long hi, long *out)
{
	int64_t v;

	if (sab_yaml_int(c->y, n, place, lo, hi, &v) != 0)
		return -1;
	*out = (long)v;
	return 0;
}

static int get_u8(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, long lo, long hi, uint8_t *out)
{
	long v;

	if (get_int(c, n, place, lo, hi, &v) != 0)
		return -1;
	*out = (uint8_t)v;
	return 0;
}

static int get_bool(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, uint8_t *out)
{
	int v;

	if (sab_yaml_bool(c->y, n, place, &v) != 0)
		return -1;
	*out = (uint8_t)v;
	return 0;
}

/* Reads one of a list of words, the value of key in the mapping at
 * parent: "deck[3].type: expected path, ... or map, found "pathh"". */
static int get_word(const struct sab_rs_ctx *c, const sab_yaml_field *f,
    const char *parent, const char *const *words, size_t nwords,
    size_t *out)
{
	char sub[PLACE_LEN];

	if (place_key(c, sub, parent, f->key, f->at) != 0)
		return -1;
	return sab_yaml_word(c->y, f->val, sub, words, nwords, out);
}

/* Copies a string value into a fixed buffer of size bytes. */
static int get_string(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, char *buf, size_t size)
{
	const char *s;
	size_t len;

	if (sab_yaml_text(c->y, n, place, 0, size - 1, &s, &len) != 0)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return 0;
}

/* Reads an edge string such as "NESW" or "NS"; "-" and "" are no edges. */
static int get_edges(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, uint8_t *out)
{
	char q[QUOTE_LEN], q2[QUOTE_LEN];
	const char *s, *p;
	size_t len;
	uint8_t m = 0, bit;

	if (sab_yaml_need(c->y, n, place, SAB_YAML_SCALAR,
	    "edges like NESW") != 0)
		return -1;
	s = sab_yaml_scalar(n, &len);
	if (len == 1 && s[0] == '-')
		len = 0;
	for (size_t i = 0; i < len; i++) {
		p = s[i] != '\0' ? strchr(edge_letters, s[i]) : NULL;
		if (p == NULL)
			return fail(c, sab_yaml_at(n), place, "unexpected "
			    "letter %s in %s (use N, E, S and W)",
			    sab_yaml_quote(s + i, 1, q),
			    sab_yaml_quote(s, len, q2));
		bit = (uint8_t)(1u << (p - edge_letters));
		if (m & bit)
			return fail(c, sab_yaml_at(n), place, "edge %c given "
			    "twice in %s", s[i], sab_yaml_quote(s, len, q));
		m |= bit;
	}
	*out = m;
	return 0;
}

/* Reads [x, y], each within the coordinate limits. */
static int get_cell(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, int8_t *x, int8_t *y)
{
	char sub[PLACE_LEN];
	long v[2];

	if (sab_yaml_kind(n) != SAB_YAML_LIST || sab_yaml_count(n) != 2)
		return fail(c, sab_yaml_at(n), place,
		    "expected a cell [x, y] (two integers)");
	for (size_t i = 0; i < 2; i++) {
		if (place_index(c, sub, place, i, sab_yaml_at(n)) != 0 ||
		    get_int(c, sab_yaml_item(c->y, n, i), sub, -COORD_LIMIT,
		    COORD_LIMIT, &v[i]) != 0)
			return -1;
	}
	*x = (int8_t)v[0];
	*y = (int8_t)v[1];
	return 0;
}

/* ------------------------------------------------------------------ */
/* Mappings */

/*
 * Walks a mapping whose keys are integers in [lo, hi] (player counts, gold
 * values); what names such a key in messages.  Calls each(c, key, value,
 * place, at, arg) in file order, at being the key's mark.
 */
typedef int (*int_map_fn)(const struct sab_rs_ctx *, long, const sab_yaml_node *,
    const char *, sab_yaml_mark, void *);

static int int_map(const struct sab_rs_ctx *c, const sab_yaml_node *map,
    const char *place, long lo, long hi, const char *what, int_map_fn each,
    void *arg)
{
	char sub[PLACE_LEN], q[QUOTE_LEN];
	sab_yaml_mark seen[SAB_MAX_PLAYERS + 1] = { { 0, 0 } }; /* hi <= 12 */
	const sab_yaml_node *k;
	const char *s;
	size_t len;
	int64_t key = 0;
	int n;

	if (sab_yaml_need(c->y, map, place, SAB_YAML_MAP, "a mapping") != 0)
		return -1;
	for (size_t p = 0; p < sab_yaml_count(map); p++) {
		k = sab_yaml_key(c->y, map, p);
		if ((s = sab_yaml_scalar(k, &len)) == NULL)
			return fail(c, sab_yaml_at(k), place, "expected a key, "
			    "found %s", sab_yaml_kind_name(k));
		if (sab_yaml_number(k, &key) != 0 || key < lo || key > hi ||
		    hi > SAB_MAX_PLAYERS)
			return fail(c, sab_yaml_at(k), place, "key %s is not a "
			    "%s (%ld to %ld)", sab_yaml_quote(s, len, q), what,
			    lo, hi);
		if (seen[key].line != 0)
			return fail(c, sab_yaml_at(k), place, "key %ld given "
			    "twice (first on line %d)", (long)key,
			    seen[key].line);
		seen[key] = sab_yaml_at(k);
		n = snprintf(sub, sizeof sub, "%s.%ld", place, (long)key);
		if (n < 0 || (size_t)n >= sizeof sub)
			return fail(c, sab_yaml_at(k), place,
			    "key path too long");
		if (each(c, (long)key, sab_yaml_value(c->y, map, p), sub,
		    sab_yaml_at(k), arg) != 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The modules' rows (rskey.h) */

/* Whether r is the empty row that ends a module's rows. */
static int row_last(const sab_rs_key *r)
{
	return r->key == NULL && r->check == NULL && r->canon == NULL &&
	    r->describe == NULL && r->def_place == NULL &&
	    !r->more_goal_cards && r->describe_card == NULL &&
	    r->role_key == NULL;
}

/* The i-th ruleset key row of all the modules, in module order, or NULL
 * past the last. */
static const sab_rs_key *row_at(int i)
{
	const sab_module *m;

	for (int k = 0; (m = sab_module_at(k)) != NULL; k++)
		for (const sab_rs_key *r = m->keys; r != NULL &&
		    !row_last(r); r++)
			if (i-- == 0)
				return r;
	return NULL;
}

const sab_yaml *sab_rs_yaml(const struct sab_rs_ctx *c)
{
	return c->y;
}

sab_yaml_mark *sab_rs_marks(const struct sab_rs_ctx *c, const char *key)
{
	const sab_rs_key *r;

	for (int i = 0; c->ln != NULL && i < SAB_RS_ROWS_MAX &&
	    (r = row_at(i)) != NULL; i++)
		if (r->key != NULL && strcmp(r->key, key) == 0)
			return c->ln->rows[i];
	return c->scratch;
}

sab_yaml_mark sab_rs_core_at(const struct sab_rs_ctx *c, const char *key)
{
	static const struct {
		const char *key;
		size_t at;
	} core[] = {
		{ .key = "modules", .at = offsetof(struct marks, modules) },
		{ .key = "roles", .at = offsetof(struct marks, roles) },
		{ .key = "roles.column", .at = offsetof(struct marks,
		    column) },
		{ .key = "goal_cards", .at = offsetof(struct marks,
		    goal_cards) },
	};

	for (size_t i = 0; c->ln != NULL && i < NELEM(core); i++)
		if (strcmp(core[i].key, key) == 0)
			return *(const sab_yaml_mark *)(const void *)
			    ((const char *)c->ln + core[i].at);
	return (sab_yaml_mark){ 0, 0 };
}

sab_yaml_mark sab_rs_either(sab_yaml_mark a, sab_yaml_mark b)
{
	return either(a, b);
}

int sab_rs_place_key(const struct sab_rs_ctx *c, char *out,
    const char *parent, const char *key, sab_yaml_mark at)
{
	return place_key(c, out, parent, key, at);
}

int sab_rs_place_index(const struct sab_rs_ctx *c, char *out,
    const char *parent, size_t i, sab_yaml_mark at)
{
	return place_index(c, out, parent, i, at);
}

int sab_rs_u8(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, long lo, long hi, uint8_t *out)
{
	return get_u8(c, n, place, lo, hi, out);
}

int sab_rs_string(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, char *buf, size_t size)
{
	return get_string(c, n, place, buf, size);
}

int sab_rs_edges(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, uint8_t *out)
{
	return get_edges(c, n, place, out);
}

int sab_rs_cell(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, int8_t *x, int8_t *y)
{
	return get_cell(c, n, place, x, y);
}

int sab_rs_word(const struct sab_rs_ctx *c, const sab_yaml_field *f,
    const char *parent, const char *const *words, size_t nwords,
    size_t *out)
{
	return get_word(c, f, parent, words, nwords, out);
}

/* ------------------------------------------------------------------ */
/* Sections of the file */

static int load_name(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	c->ln->name = sab_yaml_at(n);
	return get_string(c, n, "name", rs->name, sizeof rs->name);
}

static int load_title(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	c->ln->title = sab_yaml_at(n);
	return get_string(c, n, "title", rs->title, sizeof rs->title);
}

/* modules: [base, ...]: the expansions the ruleset plays. */
static int load_modules(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	char sub[PLACE_LEN];

	c->ln->modules = sab_yaml_at(n);
	if (sab_yaml_need(c->y, n, "modules", SAB_YAML_LIST,
	    "a list of module names") != 0)
		return -1;
	if (sab_yaml_count(n) > SAB_MAX_MODULES)
		return fail(c, sab_yaml_at(n), "modules", "%zu modules, at most "
		    "%d", sab_yaml_count(n), SAB_MAX_MODULES);
	rs->nmodules = 0;
	for (size_t i = 0; i < sab_yaml_count(n); i++) {
		const sab_yaml_node *item = sab_yaml_item(c->y, n, i);
		const sab_module *m;
		const char *name;
		char q[QUOTE_LEN];
		size_t len;
		int k;

		if (place_index(c, sub, "modules", i, sab_yaml_at(item)) != 0 ||
		    sab_yaml_need(c->y, item, sub, SAB_YAML_SCALAR,
		    "a name") != 0)
			return -1;
		name = sab_yaml_scalar(item, &len);
		m = sab_module_find(name, len);
		if (m == NULL)
			return fail(c, sab_yaml_at(item), sub, "unknown module %s "
			    "(saboteur rules --list shows them)",
			    sab_yaml_quote(name, len, q));
		for (k = 0; sab_module_at(k) != m; k++)
			;
		if (i == 0 && k != 0)
			return fail(c, sab_yaml_at(item), "modules", "the first "
			    "module is base");
		rs->modules[rs->nmodules++] = (uint8_t)k;
	}
	return 0;
}

static int load_players(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("min"), SAB_YAML_FIELD("max") };

	c->ln->players = sab_yaml_at(n);
	if (sab_yaml_fields(c->y, n, "players", f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(c->y, n, "players", &f[0]) != 0 ||
	    sab_yaml_need_field(c->y, n, "players", &f[1]) != 0)
		return -1;
	if (get_u8(c, f[0].val, "players.min", 2, SAB_MAX_PLAYERS,
	    &rs->min_players) != 0)
		return -1;
	return get_u8(c, f[1].val, "players.max", 2, SAB_MAX_PLAYERS,
	    &rs->max_players);
}

static int load_rounds(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	c->ln->rounds = sab_yaml_at(n);
	return get_u8(c, n, "rounds", 1, ROUNDS_MAX, &rs->rounds);
}

/* The most columns the modules' rows add to the dwarf table. */
#define ROLE_COLUMNS_MAX 4

static int load_role(const struct sab_rs_ctx *c, long players, const sab_yaml_node *n,
    const char *place, sab_yaml_mark at, void *arg)
{
	sab_yaml_field f[2 + ROLE_COLUMNS_MAX] = {
		SAB_YAML_FIELD("saboteurs"), SAB_YAML_FIELD("miners") };
	sab_ruleset *rs = arg;
	uint8_t *to[2 + ROLE_COLUMNS_MAX] = { &rs->saboteurs[players],
	    &rs->miners[players] };
	const sab_rs_key *r;
	char sub[PLACE_LEN];
	size_t nf = 2;

	/* The modules' columns (module wc's greedy dwarves) follow. */
	for (int k = 0; (r = row_at(k)) != NULL && nf < NELEM(f); k++)
		if (r->role_key != NULL && r->role_counts != 0) {
			f[nf] = (sab_yaml_field)SAB_YAML_FIELD(r->role_key);
			to[nf++] = (uint8_t *)(void *)rs + r->role_counts +
			    players;
		}
	c->ln->role[players] = at;
	if (sab_yaml_fields(c->y, n, place, f, nf) != 0)
		return -1;
	for (size_t i = 0; i < nf; i++) {
		/* A module's column may be left out. */
		if (i >= 2 && f[i].val == NULL)
			continue;
		if (i >= 2 && c->ln->column.line == 0)
			c->ln->column = f[i].at;
		if (sab_yaml_need_field(c->y, n, place, &f[i]) != 0 ||
		    place_key(c, sub, place, f[i].key, f[i].at) != 0 ||
		    get_u8(c, f[i].val, sub, 0, SAB_MAX_PLAYERS, to[i]) != 0)
			return -1;
	}
	return 0;
}

const uint8_t *sab_ruleset_role_column(const sab_ruleset *rs, int i,
    const char **key)
{
	const sab_rs_key *r;

	for (int k = 0; (r = row_at(k)) != NULL; k++)
		if (r->role_key != NULL && r->role_counts != 0 && i-- == 0) {
			*key = r->role_key;
			return (const uint8_t *)(const void *)rs +
			    r->role_counts;
		}
	return NULL;
}

static int load_roles(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	c->ln->roles = sab_yaml_at(n);
	rs->has_roles = 1;
	return int_map(c, n, "roles", 2, SAB_MAX_PLAYERS, "player count",
	    load_role, rs);
}

static int load_hand(const struct sab_rs_ctx *c, long players, const sab_yaml_node *n,
    const char *place, sab_yaml_mark at, void *arg)
{
	sab_ruleset *rs = arg;

	c->ln->hand[players] = at;
	return get_u8(c, n, place, 1, SAB_MAX_HAND, &rs->hand_size[players]);
}

static int load_hand_size(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	c->ln->hand_size = sab_yaml_at(n);
	return int_map(c, n, "hand_size", 2, SAB_MAX_PLAYERS,
	    "player count", load_hand, rs);
}

static int load_goal_places(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	char sub[PLACE_LEN];
	size_t count;

	c->ln->goals = sab_yaml_at(n);
	if (sab_yaml_need(c->y, n, "board.goals", SAB_YAML_LIST,
	    "a list of cells") != 0)
		return -1;
	count = sab_yaml_count(n);
	if (count < 1 || count > SAB_MAX_GOALS)
		return fail(c, sab_yaml_at(n), "board.goals", "%zu goals, "
		    "expected 1 to %d", count, SAB_MAX_GOALS);
	for (size_t i = 0; i < count; i++) {
		const sab_yaml_node *g = sab_yaml_item(c->y, n, i);

		c->ln->goal[i] = sab_yaml_at(g);
		if (place_index(c, sub, "board.goals", i,
		    sab_yaml_at(g)) != 0 ||
		    get_cell(c, g, sub, &rs->goal_x[i], &rs->goal_y[i]) != 0)
			return -1;
	}
	rs->ngoals = (uint8_t)count;
	return 0;
}

static int load_board(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("bounded"), SAB_YAML_FIELD("min"),
	    SAB_YAML_FIELD("max"), SAB_YAML_FIELD("start"),
	    SAB_YAML_FIELD("goals") };

	c->ln->board = sab_yaml_at(n);
	if (sab_yaml_fields(c->y, n, "board", f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(c->y, n, "board", &f[3]) != 0 ||
	    sab_yaml_need_field(c->y, n, "board", &f[4]) != 0)
		return -1;
	if (f[0].val != NULL && get_bool(c, f[0].val, "board.bounded",
	    &rs->bounded) != 0)
		return -1;
	if (!rs->bounded) {
		/* The engine plays an unbounded game in its own window, so
		 * min and max would mean nothing: they stay 0. */
		if (f[1].val != NULL || f[2].val != NULL)
			return fail(c, f[1].val ? f[1].at : f[2].at,
			    "board", "min and max need bounded: true");
	} else {
		if (sab_yaml_need_field(c->y, n, "board", &f[1]) != 0 ||
		    sab_yaml_need_field(c->y, n, "board", &f[2]) != 0)
			return -1;
		c->ln->bmin = sab_yaml_at(f[1].val);
		c->ln->bmax = sab_yaml_at(f[2].val);
		if (get_cell(c, f[1].val, "board.min", &rs->min_x,
		    &rs->min_y) != 0 || get_cell(c, f[2].val, "board.max",
		    &rs->max_x, &rs->max_y) != 0)
			return -1;
	}
	c->ln->start = sab_yaml_at(f[3].val);
	if (get_cell(c, f[3].val, "board.start", &rs->start_x,
	    &rs->start_y) != 0)
		return -1;
	return load_goal_places(c, f[4].val, rs);
}

/* Appends a card definition and notes where it is. */
static sab_card *add_def(const struct sab_rs_ctx *c, sab_ruleset *rs,
    const char *place, sab_yaml_mark at)
{
	sab_card *d;

	if (rs->ndefs >= SAB_MAX_DEFS) {
		fail(c, at, place, "more than %d card definitions (deck, "
		    "start and goal cards together)", SAB_MAX_DEFS);
		return NULL;
	}
	c->ln->def[rs->ndefs] = at;
	d = &rs->defs[rs->ndefs++];
	memset(d, 0, sizeof *d);
	return d;
}

/* Keys of a deck entry, and which card types take each. */
enum { K_NAME, K_TYPE, K_COUNT, K_EDGES, K_DEAD, K_GROUPS, K_TOOL, K_TOOLS,
	K_DOOR, K_LADDER, K_CRYSTALS, K_NKEYS };

#define T(t) (1u << (t))
static const unsigned key_types[K_NKEYS] = {
	[K_NAME] = ~0u, [K_TYPE] = ~0u, [K_COUNT] = ~0u,
	[K_EDGES] = T(SAB_CARD_PATH), [K_DEAD] = T(SAB_CARD_PATH),
	[K_GROUPS] = T(SAB_CARD_PATH),
	[K_TOOL] = T(SAB_CARD_SABOTAGE), [K_TOOLS] = T(SAB_CARD_REPAIR),
	[K_DOOR] = T(SAB_CARD_PATH), [K_LADDER] = T(SAB_CARD_PATH),
	[K_CRYSTALS] = T(SAB_CARD_PATH)
};
#undef T

static int load_groups(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, sab_card *d)
{
	char sub[PLACE_LEN];
	size_t count;

	if (sab_yaml_need(c->y, n, place, SAB_YAML_LIST,
	    "a list of edge sets") != 0)
		return -1;
	count = sab_yaml_count(n);
	if (count > 2)
		return fail(c, sab_yaml_at(n), place, "%zu groups, at most 2",
		    count);
	d->groups[0] = d->groups[1] = 0;
	for (size_t i = 0; i < count; i++) {
		const sab_yaml_node *g = sab_yaml_item(c->y, n, i);

		if (place_index(c, sub, place, i, sab_yaml_at(g)) != 0 ||
		    get_edges(c, g, sub, &d->groups[i]) != 0)
			return -1;
		if (d->groups[i] == 0)
			return fail(c, sab_yaml_at(g), sub,
			    "a group needs at least one edge");
	}
	return 0;
}

static int load_tools(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *parent, uint8_t *tools)
{
	char sub[PLACE_LEN];
	size_t t;

	if (sab_yaml_need(c->y, n, parent, SAB_YAML_LIST,
	    "a list of tools") != 0)
		return -1;
	*tools = 0;
	for (size_t i = 0; i < sab_yaml_count(n); i++) {
		const sab_yaml_node *item = sab_yaml_item(c->y, n, i);

		if (place_index(c, sub, parent, i, sab_yaml_at(item)) != 0 ||
		    sab_yaml_word(c->y, item, sub, tool_names, SAB_TOOLS,
		    &t) != 0)
			return -1;
		if (*tools & (1u << t))
			return fail(c, sab_yaml_at(item), parent, "tool %s "
			    "given twice", tool_names[t]);
		*tools = (uint8_t)(*tools | (1u << t));
	}
	return 0;
}

/* Reads the keys that depend on the type of a deck card. */
static int load_card_shape(const struct sab_rs_ctx *c, const sab_yaml_field *f,
    const char *place, sab_card *d)
{
	char sub[PLACE_LEN];
	uint8_t dead = 0;
	size_t t;

	if (f[K_EDGES].val != NULL) {
		if (place_key(c, sub, place, "edges", f[K_EDGES].at) != 0 ||
		    get_edges(c, f[K_EDGES].val, sub, &d->edges) != 0)
			return -1;
		d->groups[0] = d->edges;
	}
	if (f[K_DEAD].val != NULL && (place_key(c, sub, place, "dead_end",
	    f[K_DEAD].at) != 0 || get_bool(c, f[K_DEAD].val, sub,
	    &dead) != 0))
		return -1;
	if (dead && f[K_GROUPS].val != NULL)
		return fail(c, f[K_GROUPS].at, place,
		    "dead_end and groups exclude each other");
	if (dead)
		d->groups[0] = 0;
	if (f[K_GROUPS].val != NULL && (place_key(c, sub, place, "groups",
	    f[K_GROUPS].at) != 0 || load_groups(c, f[K_GROUPS].val, sub,
	    d) != 0))
		return -1;
	if (f[K_TOOL].val != NULL) {
		if (get_word(c, &f[K_TOOL], place, tool_names, SAB_TOOLS,
		    &t) != 0)
			return -1;
		d->tools = (uint8_t)(1u << t);
	}
	if (f[K_DOOR].val != NULL) {
		if (get_word(c, &f[K_DOOR], place, door_words,
		    NELEM(door_words), &t) != 0)
			return -1;
		d->door = (uint8_t)(t + 1);
	}
	if (f[K_LADDER].val != NULL && (place_key(c, sub, place, "ladder",
	    f[K_LADDER].at) != 0 || get_bool(c, f[K_LADDER].val, sub,
	    &d->ladder) != 0))
		return -1;
	if (f[K_CRYSTALS].val != NULL && (place_key(c, sub, place,
	    "crystals", f[K_CRYSTALS].at) != 0 || get_u8(c,
	    f[K_CRYSTALS].val, sub, 0, 9, &d->crystals) != 0))
		return -1;
	if (f[K_TOOLS].val != NULL && (place_key(c, sub, place, "tools",
	    f[K_TOOLS].at) != 0 || load_tools(c, f[K_TOOLS].val, sub,
	    &d->tools) != 0))
		return -1;
	return 0;
}

/* The words of a deck entry's type: the kinds that lie in a deck of the
 * modules the ruleset plays (the base game always), in card type order.
 * Returns how many. */
static size_t deck_words(const sab_ruleset *rs, const char **words)
{
	size_t n = 0;

	for (int i = 0; sab_module_at(i) != NULL; i++) {
		const sab_module *m = sab_module_at(i);
		int on = i == 0;        /* the base game is always played */

		for (int k = 0; k < rs->nmodules; k++)
			on |= rs->modules[k] == i;
		for (int k = 0; on && m->kinds != NULL && m->kinds[k] != NULL;
		    k++)
			if (m->kinds[k]->deck && n < DECK_KINDS_MAX)
				words[n++] = m->kinds[k]->word;
	}
	return n;
}

/* Reads one deck entry; its type decides which other keys it may have. */
static int load_card(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, sab_ruleset *rs, sab_card *d)
{
	const char *words[DECK_KINDS_MAX];
	sab_yaml_field f[K_NKEYS] = {
		[K_NAME] = SAB_YAML_FIELD("name"),
		[K_TYPE] = SAB_YAML_FIELD("type"),
		[K_COUNT] = SAB_YAML_FIELD("count"),
		[K_EDGES] = SAB_YAML_FIELD("edges"),
		[K_DEAD] = SAB_YAML_FIELD("dead_end"),
		[K_GROUPS] = SAB_YAML_FIELD("groups"),
		[K_TOOL] = SAB_YAML_FIELD("tool"),
		[K_TOOLS] = SAB_YAML_FIELD("tools"),
		[K_DOOR] = SAB_YAML_FIELD("door"),
		[K_LADDER] = SAB_YAML_FIELD("ladder"),
		[K_CRYSTALS] = SAB_YAML_FIELD("crystals")
	};
	char sub[PLACE_LEN];
	size_t t;

	if (sab_yaml_fields(c->y, n, place, f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(c->y, n, place, &f[K_NAME]) != 0 ||
	    sab_yaml_need_field(c->y, n, place, &f[K_TYPE]) != 0)
		return -1;
	if (place_key(c, sub, place, "name", f[K_NAME].at) != 0 ||
	    get_string(c, f[K_NAME].val, sub, d->name, sizeof d->name) != 0 ||
	    get_word(c, &f[K_TYPE], place, words, deck_words(rs, words),
	    &t) != 0)
		return -1;
	d->type = (uint8_t)sab_kind_find(words[t], strlen(words[t]));
	for (size_t k = K_COUNT; k < K_NKEYS; k++)
		if (f[k].val != NULL && (d->type >= 32 ||
		    !(key_types[k] & (1u << d->type))))
			return fail(c, f[k].at, place, "\"%s\" does not "
			    "apply to a %s card", f[k].key,
			    sab_card_type_name(d->type));
	if ((d->type == SAB_CARD_PATH && sab_yaml_need_field(c->y, n, place,
	    &f[K_EDGES]) != 0) || (d->type == SAB_CARD_SABOTAGE &&
	    sab_yaml_need_field(c->y, n, place, &f[K_TOOL]) != 0) ||
	    (d->type == SAB_CARD_REPAIR && sab_yaml_need_field(c->y, n, place,
	    &f[K_TOOLS]) != 0))
		return -1;
	d->count = 1;
	if (f[K_COUNT].val != NULL && (place_key(c, sub, place, "count",
	    f[K_COUNT].at) != 0 || get_u8(c, f[K_COUNT].val, sub, 1, 255,
	    &d->count) != 0))
		return -1;
	return load_card_shape(c, f, place, d);
}

static int load_deck(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	char sub[PLACE_LEN];
	sab_card *d;

	c->ln->deck = sab_yaml_at(n);
	if (sab_yaml_need(c->y, n, "deck", SAB_YAML_LIST,
	    "a list of cards") != 0)
		return -1;
	for (size_t i = 0; i < sab_yaml_count(n); i++) {
		const sab_yaml_node *e = sab_yaml_item(c->y, n, i);

		if (place_index(c, sub, "deck", i, sab_yaml_at(e)) != 0 ||
		    (d = add_def(c, rs, sub, sab_yaml_at(e))) == NULL ||
		    load_card(c, e, sub, rs, d) != 0)
			return -1;
	}
	return 0;
}

static int load_start_card(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("edges") };
	sab_card *d;

	c->ln->start_card = sab_yaml_at(n);
	if (sab_yaml_fields(c->y, n, "start_card", f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(c->y, n, "start_card", &f[0]) != 0)
		return -1;
	rs->start_def = rs->ndefs;
	if ((d = add_def(c, rs, "start_card", sab_yaml_at(n))) == NULL)
		return -1;
	memcpy(d->name, "start", sizeof "start");
	d->type = SAB_CARD_START;
	d->count = 1;
	if (get_edges(c, f[0].val, "start_card.edges", &d->edges) != 0)
		return -1;
	d->groups[0] = d->edges;
	return 0;
}

static int more_goal_cards(const sab_ruleset *rs);

/* Reads one goal_cards entry into a new definition; returns its count. */
static int load_goal_card(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, sab_ruleset *rs, uint8_t *count)
{
	static const char *const effects[SAB_GOAL_EFFECTS] = {
		"rocks", "sack", "dragon", "spider"
	};
	sab_yaml_field f[] = { SAB_YAML_FIELD("name"), SAB_YAML_FIELD("edges"),
	    SAB_YAML_FIELD("gold"), SAB_YAML_FIELD("count"),
	    SAB_YAML_FIELD("effect"), SAB_YAML_FIELD("amount") };
	char sub[PLACE_LEN];
	size_t effect = SAB_GOAL_ROCKS;
	sab_card *d;

	if (sab_yaml_fields(c->y, n, place, f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(c->y, n, place, &f[0]) != 0 ||
	    sab_yaml_need_field(c->y, n, place, &f[1]) != 0 ||
	    (d = add_def(c, rs, place, sab_yaml_at(n))) == NULL)
		return -1;
	d->type = SAB_CARD_GOAL;
	d->count = 1;
	if (place_key(c, sub, place, "name", f[0].at) != 0 ||
	    get_string(c, f[0].val, sub, d->name, sizeof d->name) != 0 ||
	    place_key(c, sub, place, "edges", f[1].at) != 0 ||
	    get_edges(c, f[1].val, sub, &d->edges) != 0)
		return -1;
	d->groups[0] = d->edges;
	if (f[2].val != NULL && (place_key(c, sub, place, "gold",
	    f[2].at) != 0 || get_bool(c, f[2].val, sub, &d->gold) != 0))
		return -1;
	if (f[3].val != NULL && (place_key(c, sub, place, "count",
	    f[3].at) != 0 || get_u8(c, f[3].val, sub, 1, SAB_MAX_GOALS,
	    &d->count) != 0))
		return -1;
	/* The New Goals' effects (module goals): a sack names its amount. */
	if (f[4].val != NULL && get_word(c, &f[4], place, effects,
	    SAB_GOAL_EFFECTS, &effect) != 0)
		return -1;
	d->effect = (uint8_t)effect;
	if (f[5].val != NULL && (place_key(c, sub, place, "amount",
	    f[5].at) != 0 || get_u8(c, f[5].val, sub, 1, SAB_MAX_GOLD_VALUE,
	    &d->amount) != 0))
		return -1;
	if ((d->effect == SAB_GOAL_SACK) != (d->amount != 0))
		return fail(c, sab_yaml_at(n), place, "%s", d->amount != 0 ?
		    "only a gold sack (effect: sack) has an amount" :
		    "a gold sack (effect: sack) needs its amount: 1 or 2");
	if (d->effect != SAB_GOAL_ROCKS && d->gold)
		return fail(c, sab_yaml_at(n), place, "the gold has no other "
		    "effect");
	*count = d->count;
	return 0;
}

/*
 * Reads the goal cards.  Each entry is one definition used count times, and
 * goal_defs lists them in file order, one per goal place.
 */
static int load_goal_cards(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	char sub[PLACE_LEN];
	size_t total = 0;
	uint8_t count = 0;

	c->ln->goal_cards = sab_yaml_at(n);
	if (sab_yaml_need(c->y, n, "goal_cards", SAB_YAML_LIST,
	    "a list of cards") != 0)
		return -1;
	for (size_t i = 0; i < sab_yaml_count(n); i++) {
		const sab_yaml_node *e = sab_yaml_item(c->y, n, i);
		uint8_t def = rs->ndefs;

		if (place_index(c, sub, "goal_cards", i, sab_yaml_at(e)) != 0 ||
		    load_goal_card(c, e, sub, rs, &count) != 0)
			return -1;
		for (uint8_t k = 0; k < count; k++, total++)
			if (total < SAB_MAX_GOALS)
				rs->goal_defs[total] = def;
	}
	/* A module may deal the places from more cards (its row checks). */
	if (total > SAB_MAX_GOALS || (total != rs->ngoals &&
	    !more_goal_cards(rs)))
		return fail(c, sab_yaml_at(n), "goal_cards", "%zu goal card%s "
		    "for %d goal place%s (board.goals)", total,
		    total == 1 ? "" : "s", rs->ngoals,
		    rs->ngoals == 1 ? "" : "s");
	rs->ngoal_cards = (uint8_t)total;
	return 0;
}

static int load_gold_value(const struct sab_rs_ctx *c, long value,
    const sab_yaml_node *n, const char *place, sab_yaml_mark at, void *arg)
{
	sab_ruleset *rs = arg;
	uint8_t copies;

	(void)at;
	if (get_u8(c, n, place, 1, SAB_MAX_GOLD, &copies) != 0)
		return -1;
	if (rs->ngold + copies > SAB_MAX_GOLD)
		return fail(c, sab_yaml_at(n), place, "more than %d gold cards "
		    "in all", SAB_MAX_GOLD);
	while (copies-- > 0)
		rs->gold_cards[rs->ngold++] = (uint8_t)value;
	return 0;
}

static int load_pay(const struct sab_rs_ctx *c, long saboteurs,
    const sab_yaml_node *n, const char *place, sab_yaml_mark at, void *arg)
{
	sab_ruleset *rs = arg;

	(void)at;
	return get_u8(c, n, place, 1, SAB_MAX_GOLD,
	    &rs->saboteur_pay[saboteurs]);
}

static int load_piece_pay(const struct sab_rs_ctx *c, long saboteurs,
    const sab_yaml_node *n, const char *place, sab_yaml_mark at, void *arg)
{
	sab_ruleset *rs = arg;

	(void)at;
	return get_u8(c, n, place, 1, SAB_MAX_GOLD_VALUE,
	    &rs->pieces_saboteur[saboteurs]);
}

/* The tournament variant's gold pieces: gold.pieces, in the place of the
 * gold cards. */
static int load_pieces(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("finder"),
	    SAB_YAML_FIELD("miner"), SAB_YAML_FIELD("greedy"),
	    SAB_YAML_FIELD("saboteur") };
	uint8_t *to[] = { &rs->pieces_finder, &rs->pieces_miner,
	    &rs->pieces_greedy };
	char sub[PLACE_LEN];

	c->ln->pieces = sab_yaml_at(n);
	rs->pieces = 1;
	if (sab_yaml_fields(c->y, n, "gold.pieces", f, NELEM(f)) != 0)
		return -1;
	for (size_t i = 0; i < NELEM(f); i++)
		if (sab_yaml_need_field(c->y, n, "gold.pieces", &f[i]) != 0)
			return -1;
	for (size_t i = 0; i < NELEM(to); i++)
		if (place_key(c, sub, "gold.pieces", f[i].key, f[i].at) != 0 ||
		    get_u8(c, f[i].val, sub, 0, SAB_MAX_GOLD_VALUE, to[i]) != 0)
			return -1;
	return int_map(c, f[3].val, "gold.pieces.saboteur", 1,
	    SAB_MAX_PLAYERS, "number of saboteurs", load_piece_pay, rs);
}

static int load_gold(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("cards"), SAB_YAML_FIELD("drawn"),
	    SAB_YAML_FIELD("drawn_max"), SAB_YAML_FIELD("saboteur_pay"),
	    SAB_YAML_FIELD("pieces") };
	size_t w;

	c->ln->gold = sab_yaml_at(n);
	if (sab_yaml_fields(c->y, n, "gold", f, NELEM(f)) != 0)
		return -1;
	if (f[4].val != NULL) {
		if (f[0].val != NULL || f[1].val != NULL || f[2].val != NULL ||
		    f[3].val != NULL)
			return fail(c, sab_yaml_at(n), "gold", "pieces are paid "
			    "instead of gold cards: leave cards, drawn, "
			    "drawn_max and saboteur_pay out");
		return load_pieces(c, f[4].val, rs);
	}
	if (sab_yaml_need_field(c->y, n, "gold", &f[0]) != 0)
		return -1;
	c->ln->gold_cards = sab_yaml_at(f[0].val);
	/* Value 0: the old mine's worthless stones. */
	if (int_map(c, f[0].val, "gold.cards", 0, SAB_MAX_GOLD_VALUE,
	    "gold value", load_gold_value, rs) != 0)
		return -1;
	if (f[1].val != NULL) {
		if (get_word(c, &f[1], "gold", drawn_words,
		    NELEM(drawn_words), &w) != 0)
			return -1;
		rs->gold_drawn = (uint8_t)w;
	}
	if (f[2].val != NULL && get_u8(c, f[2].val, "gold.drawn_max", 0,
	    SAB_MAX_GOLD, &rs->gold_drawn_max) != 0)
		return -1;
	if (f[3].val == NULL)
		return 0;
	c->ln->pay = sab_yaml_at(f[3].val);
	return int_map(c, f[3].val, "gold.saboteur_pay", 1, SAB_MAX_PLAYERS,
	    "number of saboteurs", load_pay, rs);
}

static int load_options(const struct sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("placement"),
	    SAB_YAML_FIELD("sabotage_self"), SAB_YAML_FIELD("sabotage_stacks"),
	    SAB_YAML_FIELD("repair_self_only"),
	    SAB_YAML_FIELD("sabotaged_dwarf"),
	    SAB_YAML_FIELD("scoring"), SAB_YAML_FIELD("remove_front"),
	    SAB_YAML_FIELD("pass_max"), SAB_YAML_FIELD("set_aside"),
	    SAB_YAML_FIELD("middle_path") };
	uint8_t *flags[] = { &rs->sabotage_self, &rs->sabotage_stacks,
	    &rs->repair_self_only, &rs->sabotaged_dwarf };
	char sub[PLACE_LEN];
	size_t w;

	c->ln->options = sab_yaml_at(n);
	if (sab_yaml_fields(c->y, n, "options", f, NELEM(f)) != 0)
		return -1;
	if (f[0].val != NULL) {
		c->ln->placement = f[0].at;
		if (get_word(c, &f[0], "options", placement_words,
		    NELEM(placement_words), &w) != 0)
			return -1;
		rs->placement = (uint8_t)w;
	}
	for (size_t i = 0; i < NELEM(flags); i++)
		if (f[i + 1].val != NULL && (place_key(c, sub, "options",
		    f[i + 1].key, f[i + 1].at) != 0 || get_bool(c,
		    f[i + 1].val, sub, flags[i]) != 0))
			return -1;
	if (f[5].val != NULL) {
		c->ln->scoring = f[5].at;
		if (get_word(c, &f[5], "options", scoring_words,
		    NELEM(scoring_words), &w) != 0)
			return -1;
		rs->scoring = (uint8_t)w;
	}
	if (f[6].val != NULL && (place_key(c, sub, "options", f[6].key,
	    f[6].at) != 0 || get_bool(c, f[6].val, sub, &rs->remove_front)
	    != 0))
		return -1;
	if (f[7].val != NULL && (place_key(c, sub, "options", f[7].key,
	    f[7].at) != 0 || get_u8(c, f[7].val, sub, 1, 3, &rs->pass_max)
	    != 0))
		return -1;
	if (f[8].val != NULL && (place_key(c, sub, "options", f[8].key,
	    f[8].at) != 0 || get_u8(c, f[8].val, sub, 0, SAB_MAX_ASIDE,
	    &rs->set_aside) != 0))
		return -1;
	if (f[9].val != NULL && (place_key(c, sub, "options", f[9].key,
	    f[9].at) != 0 || get_bool(c, f[9].val, sub, &rs->middle_path)
	    != 0))
		return -1;
	return 0;
}

/*
 * The top-level keys, in the order they are read: the deck before the start
 * and goal cards (that is the order of defs), the board before the goal
 * cards (their number must match the goal places).  With "extends", a
 * section the file leaves out comes from the ruleset it extends, except the
 * ones marked own; the options merge key by key (merge).
 */
typedef int (*section_fn)(const struct sab_rs_ctx *, const sab_yaml_node *,
    sab_ruleset *);

enum { SECTION_EXTENDS = 0 };

struct section {
	const char *key;
	section_fn load;        /* NULL: handled before the others */
	uint8_t required;
	uint8_t own;            /* never taken from the extended ruleset */
	uint8_t merge;          /* the extended ruleset's, then this file's */
};

/* The core's keys; the modules' rows (rskey.h) come in after theirs. */
static const struct section core_sections[] = {
	{ .key = "extends", .own = 1 },
	{ .key = "name", .load = load_name, .required = 1, .own = 1 },
	{ .key = "title", .load = load_title, .own = 1 },
	{ .key = "modules", .load = load_modules },
	{ .key = "players", .load = load_players, .required = 1 },
	{ .key = "rounds", .load = load_rounds, .required = 1 },
	{ .key = "roles", .load = load_roles },
	{ .key = "hand_size", .load = load_hand_size, .required = 1 },
	{ .key = "board", .load = load_board, .required = 1 },
	{ .key = "deck", .load = load_deck, .required = 1 },
	{ .key = "start_card", .load = load_start_card, .required = 1 },
	{ .key = "goal_cards", .load = load_goal_cards, .required = 1 },
	{ .key = "gold", .load = load_gold },
	{ .key = "options", .load = load_options, .merge = 1 },
};
#define SECTIONS_MAX (NELEM(core_sections) + SAB_RS_ROWS_MAX)

/* Every key of a ruleset file in the order they are read: each core key,
 * then the modules' rows read after it.  Returns how many. */
static size_t all_sections(struct section *out)
{
	const sab_rs_key *r;
	size_t n = 0;

	for (size_t i = 0; i < NELEM(core_sections); i++) {
		out[n++] = core_sections[i];
		for (int k = 0; (r = row_at(k)) != NULL; k++)
			if (r->key != NULL && r->after != NULL &&
			    strcmp(r->after, core_sections[i].key) == 0 &&
			    n < SECTIONS_MAX)
				out[n++] = (struct section){ .key = r->key,
				    .load = r->load };
	}
	return n;
}

/*
 * An inherited section (key) that failed to load in context pc, with its
 * message in c->err, failed because of something this file changed: says
 * so at at, in this file, with the remedy, not at a line of the
 * extended ruleset the user never wrote.
 */
static int inherited_fail(const struct sab_rs_ctx *c, const struct sab_rs_ctx *pc,
    const char *key, sab_yaml_mark at)
{
	char why[512];
	const char *s = c->err, *base = pc->source;
	size_t klen = strlen(key);

	/* The message without its "builtin:NAME:LINE:COLUMN: " and "KEY: ". */
	if (strncmp(s, base, strlen(base)) == 0) {
		s += strlen(base);
		s += strspn(s, ":0123456789");
		s += strspn(s, " ");
	}
	if (strncmp(s, key, klen) == 0 && strncmp(s + klen, ": ", 2) == 0)
		s += klen + 2;
	snprintf(why, sizeof why, "%s", s);
	if (strncmp(base, "builtin:", 8) == 0)
		base += 8;
	return fail(c, at, NULL, "%s, taken from %s (this file extends "
	    "it), does not fit: %s; give %s in this file too", key, base, why,
	    key);
}

/*
 * Loads the sections from f (this file's root mapping, context c) and,
 * where this file leaves one out, from pf (the extended ruleset, context pc;
 * both NULL without "extends").
 */
static int load_sections(const struct sab_rs_ctx *c, const sab_yaml_node *root,
    sab_yaml_field *f, const struct sab_rs_ctx *pc, sab_yaml_field *pf,
    sab_ruleset *rs)
{
	/* The place to blame when an inherited section does not fit: the
	 * last section this file gave, else its "extends". */
	sab_yaml_mark blame = f[SECTION_EXTENDS].at;
	struct section sections[SECTIONS_MAX];
	size_t n = all_sections(sections);

	for (size_t i = SECTION_EXTENDS + 1; i < n; i++) {
		const struct section *sec = &sections[i];
		int own = f[i].val != NULL;
		int inherit = pf != NULL && pf[i].val != NULL && !sec->own &&
		    (!own || sec->merge);

		if (!own && !inherit && sec->required)
			return sab_yaml_need_field(c->y, root, "", &f[i]);
		if (inherit && sec->load(pc, pf[i].val, rs) != 0)
			return inherited_fail(c, pc, sec->key, blame);
		if (own && sec->load(c, f[i].val, rs) != 0)
			return -1;
		if (own && !sec->own)
			blame = f[i].at;
	}
	if (rs->title[0] == '\0')
		memcpy(rs->title, rs->name, sizeof rs->name);
	return 0;
}

static int root_fields(const struct sab_rs_ctx *c, const sab_yaml_node *root,
    sab_yaml_field *f)
{
	struct section sections[SECTIONS_MAX];
	size_t n = all_sections(sections);

	for (size_t i = 0; i < n; i++)
		f[i] = (sab_yaml_field)SAB_YAML_FIELD(sections[i].key);
	return sab_yaml_fields(c->y, root, "", f, n);
}

/*
 * "extends: NAME": reads the built-in ruleset NAME as the base of this one.
 * Only built-in rulesets can be extended (the library reads no files), and
 * they extend nothing themselves.
 */
static int load_extended(const struct sab_rs_ctx *c, const sab_yaml_node *root,
    sab_yaml_field *f, sab_ruleset *rs)
{
	char name[SAB_NAME_MAX], sub[PLACE_LEN], source[SAB_NAME_MAX + 8];
	sab_yaml_field pf[SECTIONS_MAX];
	sab_yaml_mark scratch[SAB_RS_MARKS] = { { 0, 0 } };
	struct marks pmarks;
	struct sab_rs_ctx pc;
	sab_yaml *py;
	const char *text;
	size_t len;
	int rc;

	if (place_key(c, sub, "", "extends", f[SECTION_EXTENDS].at) != 0 ||
	    get_string(c, f[SECTION_EXTENDS].val, sub, name, sizeof name) != 0)
		return -1;
	text = sab_ruleset_builtin(name, &len);
	if (text == NULL)
		return fail(c, f[SECTION_EXTENDS].at, "extends", "unknown "
		    "built-in ruleset \"%s\" (built in: base, classic, course)",
		    name);
	snprintf(source, sizeof source, "builtin:%s", name);
	/* The extended ruleset's marks are its own: a later check of a
	 * section this file inherits points at this file, not into another. */
	memset(&pmarks, 0, sizeof pmarks);
	if ((py = sab_yaml_load(text, len, source, "a ruleset", c->err,
	    c->errlen)) == NULL)
		return -1;
	pc = (struct sab_rs_ctx){ .source = source, .err = c->err,
	    .errlen = c->errlen, .y = py, .ln = &pmarks, .scratch = scratch };
	rc = sab_yaml_root(py) == NULL ? fail(&pc, pmarks.root, NULL,
	    "the ruleset is empty") : root_fields(&pc, sab_yaml_root(py), pf);
	if (rc == 0)
		rc = load_sections(c, root, f, &pc, pf, rs);
	sab_yaml_free(py);
	return rc;
}

static int load_root(const struct sab_rs_ctx *c, const sab_yaml_node *root,
    sab_ruleset *rs)
{
	sab_yaml_field f[SECTIONS_MAX];

	c->ln->root = sab_yaml_at(root);
	if (root_fields(c, root, f) != 0)
		return -1;
	if (f[SECTION_EXTENDS].val != NULL)
		return load_extended(c, root, f, rs);
	return load_sections(c, root, f, NULL, NULL, rs);
}

static int check_and_fill(const struct sab_rs_ctx *c, sab_ruleset *rs);

int sab_ruleset_parse(sab_ruleset *rs, const char *text, size_t len,
    const char *source, char *err, size_t errlen)
{
	sab_yaml_mark scratch[SAB_RS_MARKS] = { { 0, 0 } };
	struct marks ln;
	struct sab_rs_ctx c;
	sab_yaml *y;
	int rc;

	memset(rs, 0, sizeof *rs);
	memset(&ln, 0, sizeof ln);
	if (source == NULL)
		source = "(ruleset)";
	if ((y = sab_yaml_load(text, len, source, "a ruleset", err,
	    errlen)) == NULL)
		return -1;
	c = (struct sab_rs_ctx){ .source = source, .err = err,
	    .errlen = errlen, .y = y, .ln = &ln, .scratch = scratch };
	if (sab_yaml_root(y) == NULL)
		rc = fail(&c, ln.root, NULL, "the ruleset is empty");
	else
		rc = load_root(&c, sab_yaml_root(y), rs);
	sab_yaml_free(y);
	c.y = NULL;
	if (rc == 0)
		rc = check_and_fill(&c, rs);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Checks and derived fields */

/* Where (line and column) the parser found a part; line 0 without a
 * parser. */
static const sab_yaml_mark nowhere;
#define LINE(c, m) ((c)->ln != NULL ? (c)->ln->m : nowhere)
#define LINE_AT(c, m, i) ((c)->ln != NULL ? (c)->ln->m[i] : nowhere)

static int is_deck_type(uint8_t type)
{
	const sab_kind *k = sab_kind_of(type);

	return k != NULL && k->deck;
}

/* The length of s, or size when s has no NUL in its first size bytes. */
static size_t strnlen_max(const char *s, size_t size)
{
	const char *end = memchr(s, '\0', size);

	return end != NULL ? (size_t)(end - s) : size;
}

static int valid_name(const char *s, size_t size)
{
	const char *end = memchr(s, '\0', size);
	size_t len;

	if (end == NULL)
		return 0;
	len = (size_t)(end - s);
	if (len < 1 || len > SAB_NAME_MAX - 1)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
			return 0;
	return 1;
}

/*
 * Names a definition as the file does: "deck[3]", "start_card",
 * "goal_cards[1]", counting definitions of the same section before it.
 */
static const char *def_place(const sab_ruleset *rs, size_t i,
    char out[PLACE_LEN])
{
	size_t k = 0;
	int goal = rs->defs[i].type == SAB_CARD_GOAL;

	const sab_rs_key *r;

	if (rs->defs[i].type == SAB_CARD_START)
		return "start_card";
	for (int n = 0; (r = row_at(n)) != NULL; n++)
		if (r->def_place != NULL && r->def_place(rs, i, out) != NULL)
			return out;
	for (size_t j = 0; j < i; j++)
		if ((rs->defs[j].type == SAB_CARD_GOAL) == goal &&
		    rs->defs[j].type != SAB_CARD_START)
			k++;
	/* At most 96 definitions: the text always fits. */
	(void)snprintf(out, PLACE_LEN, "%s[%zu]", goal ? "goal_cards" : "deck",
	    k);
	return out;
}

static int check_name_and_players(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	char q[QUOTE_LEN];

	if (!valid_name(rs->name, sizeof rs->name))
		return fail(c, LINE(c, name), NULL, "name %s is not 1 to %d of "
		    "the characters a-z, 0-9, _ and -", sab_yaml_quote(rs->name,
		    strnlen_max(rs->name, sizeof rs->name), q),
		    SAB_NAME_MAX - 1);
	if (memchr(rs->title, '\0', sizeof rs->title) == NULL)
		return fail(c, LINE(c, title), "title", "not terminated");
	if (rs->min_players < 2 || rs->min_players > SAB_MAX_PLAYERS ||
	    rs->max_players < 2 || rs->max_players > SAB_MAX_PLAYERS)
		return fail(c, LINE(c, players), "players", "min %d and max %d "
		    "must be within 2 to %d", rs->min_players, rs->max_players,
		    SAB_MAX_PLAYERS);
	if (rs->min_players > rs->max_players)
		return fail(c, LINE(c, players), "players", "min %d is above "
		    "max %d", rs->min_players, rs->max_players);
	if (rs->rounds < 1 || rs->rounds > ROUNDS_MAX)
		return fail(c, LINE(c, rounds), "rounds", "%d is out of range "
		    "(1 to %d)", rs->rounds, ROUNDS_MAX);
	return 0;
}

/* The shape of a card with edges: groups inside its edges and disjoint. */
static int check_shape(const struct sab_rs_ctx *c, const sab_card *d,
    const char *place, sab_yaml_mark line)
{
	char a[5], b[5];

	if (d->edges == 0)
		return fail(c, line, place, "a %s card needs at least one open "
		    "edge", sab_card_type_name(d->type));
	if (d->edges > 15)
		return fail(c, line, place, "edges %d are not a mask of N, E, "
		    "S and W", d->edges);
	if (d->groups[0] == 0 && d->groups[1] != 0)
		return fail(c, line, place, "the first group is empty but the "
		    "second is not");
	for (size_t g = 0; g < 2; g++)
		if (d->groups[g] & ~d->edges)
			return fail(c, line, place, "group %s is not within "
			    "the edges %s", sab_edges_format(d->groups[g], a),
			    sab_edges_format(d->edges, b));
	if (d->groups[0] & d->groups[1])
		return fail(c, line, place, "groups %s and %s share an edge",
		    sab_edges_format(d->groups[0], a),
		    sab_edges_format(d->groups[1], b));
	if ((d->type == SAB_CARD_START || d->type == SAB_CARD_GOAL ||
	    sab_kind_of(d->type)->laid) &&
	    (d->groups[0] != d->edges || d->groups[1] != 0))
		return fail(c, line, place, "a %s card joins all its edges",
		    sab_card_type_name(d->type));
	return 0;
}

/* What each type needs besides its shape. */
static int check_def(const struct sab_rs_ctx *c, const sab_card *d,
    const char *place, sab_yaml_mark line)
{
	char q[QUOTE_LEN];
	unsigned t = d->tools;

	if (!valid_name(d->name, sizeof d->name))
		return fail(c, line, place, "name %s is not 1 to %d of the "
		    "characters a-z, 0-9, _ and -", sab_yaml_quote(d->name,
		    strnlen_max(d->name, sizeof d->name), q), SAB_NAME_MAX - 1);
	if (sab_kind_of(d->type) == NULL)
		return fail(c, line, place, "unknown card type %d", d->type);
	if (is_deck_type(d->type) && d->count < 1)
		return fail(c, line, place, "count must be at least 1");
	if (d->type == SAB_CARD_SABOTAGE && (t == 0 || t > 7 || (t & (t - 1))))
		return fail(c, line, place, "a sabotage card breaks exactly "
		    "one tool");
	if (d->type == SAB_CARD_REPAIR && (t == 0 || t > 7))
		return fail(c, line, place, "a repair card needs one or more "
		    "of the tools pickaxe, lantern and cart");
	if (d->type == SAB_CARD_PATH || d->type == SAB_CARD_START ||
	    d->type == SAB_CARD_GOAL || sab_kind_of(d->type)->laid)
		return check_shape(c, d, place, line);
	return 0;
}

/*
 * Every card name is unique, goal cards included: names are what moves,
 * events and the protocol call cards by, so one name must mean one card.
 */
static int check_unique(const struct sab_rs_ctx *c, const sab_ruleset *rs, size_t i)
{
	char p1[PLACE_LEN], p2[PLACE_LEN];

	for (size_t j = 0; j < i; j++) {
		if (strcmp(rs->defs[j].name, rs->defs[i].name) != 0)
			continue;
		return fail(c, LINE_AT(c, def, i), def_place(rs, i, p1),
		    "name \"%s\" already used by %s", rs->defs[i].name,
		    def_place(rs, j, p2));
	}
	return 0;
}

/* Fills the orientation fields of a card from its edges and groups. */
static void fill_rotations(sab_card *d)
{
	uint8_t turned[2];

	d->rot_edges[0] = d->edges;
	d->rot_edges[1] = sab_edges_turn(d->edges);
	turned[0] = sab_edges_turn(d->groups[0]);
	turned[1] = sab_edges_turn(d->groups[1]);
	for (int e = 0; e < 4; e++) {
		uint8_t bit = (uint8_t)(1u << e);

		d->rot_group[0][e] = d->groups[0] & bit ? d->groups[0] :
		    d->groups[1] & bit ? d->groups[1] : 0;
		d->rot_group[1][e] = turned[0] & bit ? turned[0] :
		    turned[1] & bit ? turned[1] : 0;
	}
	d->symmetric = d->rot_edges[1] == d->edges &&
	    ((turned[0] == d->groups[0] && turned[1] == d->groups[1]) ||
	    (turned[0] == d->groups[1] && turned[1] == d->groups[0]));
}

/* Notes the sabotage card of each tool; a tool may have only one. */
static int note_sabotage(const struct sab_rs_ctx *c, sab_ruleset *rs, size_t i)
{
	char p1[PLACE_LEN], p2[PLACE_LEN];
	const sab_card *d = &rs->defs[i];
	size_t t = 0;

	while (!(d->tools & (1u << t)))
		t++;
	if (rs->sabotage_def[t] != NO_DEF)
		return fail(c, LINE_AT(c, def, i), def_place(rs, i, p1),
		    "a second sabotage card for the %s (%s \"%s\" is the "
		    "first)", tool_names[t], def_place(rs, rs->sabotage_def[t],
		    p2), rs->defs[rs->sabotage_def[t]].name);
	rs->sabotage_def[t] = (uint8_t)i;
	return 0;
}

static int check_defs(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	char p[PLACE_LEN];
	unsigned total = 0, front = 0;

	rs->nteams = 0;
	rs->ladders = 0;
	rs->reactions = 0;
	if (rs->ndefs > SAB_MAX_DEFS)
		return fail(c, LINE(c, deck), "deck", "%d card definitions, "
		    "at most %d", rs->ndefs, SAB_MAX_DEFS);
	memset(rs->sabotage_def, NO_DEF, sizeof rs->sabotage_def);
	for (size_t i = 0; i < rs->ndefs; i++) {
		sab_card *d = &rs->defs[i];

		if (check_def(c, d, def_place(rs, i, p), LINE_AT(c, def, i))
		    != 0 || check_unique(c, rs, i) != 0)
			return -1;
		if (d->type == SAB_CARD_SABOTAGE &&
		    note_sabotage(c, rs, i) != 0)
			return -1;
		fill_rotations(d);
		if (d->door > SAB_MAX_TEAMS)
			return fail(c, LINE_AT(c, def, i), def_place(rs, i, p),
			    "door colour %d, at most %d", d->door,
			    SAB_MAX_TEAMS);
		if (d->door > rs->nteams)
			rs->nteams = d->door;
		rs->ladders |= d->ladder;
		if (sab_kind_of(d->type) != NULL && sab_kind_of(d->type)->reaction)
			rs->reactions = 1;
		if (is_deck_type(d->type) && !d->chest)
			total += d->count;
		/* All of them could lie in front of one seat. */
		if (d->type == SAB_CARD_SABOTAGE)
			front += d->count;
	}
	if (total > SAB_MAX_DECK)
		return fail(c, LINE(c, deck), "deck", "%u cards, at most %d",
		    total, SAB_MAX_DECK);
	if (front > SAB_MAX_FRONT)
		return fail(c, LINE(c, deck), "deck", "%u cards that lie in front "
		    "of a player, at most %d", front, SAB_MAX_FRONT);
	rs->deck_size = (uint16_t)total;
	for (unsigned v = 0; v < 256; v++) {
		unsigned def = (v & 0x7F) - 1;
		int card = v != SAB_CELL_EMPTY && v != SAB_CELL_HIDDEN &&
		    def < rs->ndefs;
		const sab_card *d = card ? &rs->defs[def] : NULL;

		rs->cell_edges[v] = d ? (uint8_t)(d->rot_edges[v >> 7] | 16) : 0;
		for (int e = 0; e < 4; e++)
			rs->cell_group[v][e] = d ? d->rot_group[v >> 7][e] : 0;
		rs->cell_door[v] = d ? d->door : 0;
	}
	return 0;
}

static int check_goal_cards(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	if (rs->ngoals < 1 || rs->ngoals > SAB_MAX_GOALS)
		return fail(c, LINE(c, goals), "board.goals", "%d goals, "
		    "expected 1 to %d", rs->ngoals, SAB_MAX_GOALS);
	if (rs->start_def >= rs->ndefs ||
	    rs->defs[rs->start_def].type != SAB_CARD_START)
		return fail(c, LINE(c, start_card), "start_card", "start_def "
		    "%d is not a start card", rs->start_def);
	if (rs->ngoal_cards == 0)       /* a ruleset built in code */
		rs->ngoal_cards = rs->ngoals;
	for (size_t i = 0; i < rs->ngoal_cards; i++) {
		uint8_t g = rs->goal_defs[i];

		if (g >= rs->ndefs || rs->defs[g].type != SAB_CARD_GOAL)
			return fail(c, LINE(c, goal_cards), "goal_cards",
			    "goal_defs[%zu] is not a goal card", i);
	}
	return 0;
}

/* One goal card holds the gold (a module may ask for more: its rows
 * check after "goal_cards.gold"). */
static int check_goal_gold(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	for (size_t i = 0; i < rs->ngoal_cards; i++)
		if (rs->defs[rs->goal_defs[i]].gold)
			return 0;
	return fail(c, LINE(c, goal_cards), "goal_cards", "no goal card "
	    "holds the gold (mark one with gold: true)");
}

static int check_roles(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	if (rs->roles_module != 0)
		return 0;
	for (int n = 0; n <= SAB_MAX_PLAYERS; n++) {
		int s = rs->saboteurs[n], m = rs->miners[n];
		char more[64] = "";
		const uint8_t *col;
		const char *key;

		/* The modules' columns count with the miners. */
		for (int i = 0; (col = sab_ruleset_role_column(rs, i, &key)) !=
		    NULL; i++) {
			size_t o = strlen(more);

			m += col[n];
			if (col[n] && o < sizeof more)
				(void)snprintf(more + o, sizeof more - o,
				    " + %s", key);
		}
		sab_yaml_mark line = either(LINE_AT(c, role, n),
		    LINE(c, roles));

		if (n < rs->min_players || n > rs->max_players) {
			if (s + m != 0)
				return fail(c, line, "roles", "an entry for %d "
				    "players, but the game is for %d to %d",
				    n, rs->min_players, rs->max_players);
			continue;
		}
		if (!rs->has_roles && s + m != 0)
			return fail(c, line, "roles", "entries given but "
			    "has_roles is 0");
		if (!rs->has_roles)
			continue;
		if (s + m == 0)
			return fail(c, line, "roles", "no entry for %d "
			    "players", n);
		if (s + m < n)
			return fail(c, line, "roles", "%d players need at "
			    "least %d role cards, but saboteurs + miners%s "
			    "is %d", n, n, more,
			    s + m);
	}
	return 0;
}

static int check_hands(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	for (int n = 0; n <= SAB_MAX_PLAYERS; n++) {
		int h = rs->hand_size[n];
		sab_yaml_mark line = either(LINE_AT(c, hand, n),
		    LINE(c, hand_size));

		if (n < rs->min_players || n > rs->max_players) {
			if (h != 0)
				return fail(c, line, "hand_size", "an entry "
				    "for %d players, but the game is for %d to "
				    "%d", n, rs->min_players, rs->max_players);
			continue;
		}
		if (h == 0)
			return fail(c, line, "hand_size", "no entry for %d "
			    "players", n);
		if (h > SAB_MAX_HAND)
			return fail(c, line, "hand_size", "%d cards for %d "
			    "players, at most %d", h, n, SAB_MAX_HAND);
		if (n * h > rs->deck_size)
			return fail(c, line, "hand_size", "%d players with %d "
			    "cards each need %d cards, but the deck has %d",
			    n, h, n * h, rs->deck_size);
	}
	return 0;
}

/* The most saboteurs any player count of the ruleset can deal. */
static int most_saboteurs(const sab_ruleset *rs)
{
	int most = 0;

	for (int n = rs->min_players; n <= rs->max_players; n++) {
		int s = rs->saboteurs[n] < n ? rs->saboteurs[n] : n;

		if (s > most)
			most = s;
	}
	return most;
}

static int check_gold(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = LINE(c, gold_cards);

	if (rs->ngold > SAB_MAX_GOLD)
		return fail(c, line, "gold.cards", "%d gold cards, at most %d",
		    rs->ngold, SAB_MAX_GOLD);
	for (size_t i = 0; i < rs->ngold; i++)
		if (rs->gold_cards[i] > SAB_MAX_GOLD_VALUE)
			return fail(c, line, "gold.cards", "value %d is out of "
			    "range (0 to %d)", rs->gold_cards[i],
			    SAB_MAX_GOLD_VALUE);
	if (rs->gold_drawn > SAB_GOLD_PER_PLAYER)
		return fail(c, LINE(c, gold), "gold", "unknown drawn %d",
		    rs->gold_drawn);
	if (rs->pieces) {
		for (int k = 1; rs->has_roles && k <= most_saboteurs(rs); k++)
			if (rs->pieces_saboteur[k] == 0)
				return fail(c, either(LINE(c, pieces),
				    LINE(c, gold)), "gold.pieces.saboteur",
				    "no pay for %d saboteur%s (the roles can "
				    "deal up to %d)", k, k == 1 ? "" : "s",
				    most_saboteurs(rs));
		return 0;
	}
	if (rs->ngold == 0 || !rs->has_roles)
		return 0;
	for (int k = 1; k <= most_saboteurs(rs); k++)
		if (rs->saboteur_pay[k] == 0)
			return fail(c, either(LINE(c, pay), LINE(c, gold)),
			    "gold.saboteur_pay", "no pay for %d "
			    "saboteur%s (the roles can deal up to %d)", k,
			    k == 1 ? "" : "s", most_saboteurs(rs));
	return 0;
}

static int cell_ok(int x, int y)
{
	return x >= -COORD_LIMIT && x <= COORD_LIMIT &&
	    y >= -COORD_LIMIT && y <= COORD_LIMIT;
}

/* Checks one cell: within the limits, on a bounded board, not taken. */
static int check_cell(const struct sab_rs_ctx *c, const sab_ruleset *rs, int x,
    int y, const char *place, sab_yaml_mark line)
{
	if (!cell_ok(x, y))
		return fail(c, line, place, "(%d, %d) is outside the limits "
		    "(-%d to %d)", x, y, COORD_LIMIT, COORD_LIMIT);
	if (rs->bounded && (x < rs->min_x || x > rs->max_x || y < rs->min_y ||
	    y > rs->max_y))
		return fail(c, line, place, "(%d, %d) is outside the board "
		    "(%d, %d) to (%d, %d)", x, y, rs->min_x, rs->min_y,
		    rs->max_x, rs->max_y);
	return 0;
}

static int check_board(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	char p[PLACE_LEN];

	if (rs->bounded && (!cell_ok(rs->min_x, rs->min_y) ||
	    !cell_ok(rs->max_x, rs->max_y) || rs->min_x > rs->max_x ||
	    rs->min_y > rs->max_y))
		return fail(c, LINE(c, bmin), "board", "min (%d, %d) and max "
		    "(%d, %d) do not make a board within -%d to %d", rs->min_x,
		    rs->min_y, rs->max_x, rs->max_y, COORD_LIMIT, COORD_LIMIT);
	if (check_cell(c, rs, rs->start_x, rs->start_y, "board.start",
	    LINE(c, start)) != 0)
		return -1;
	for (size_t i = 0; i < rs->ngoals; i++) {
		int x = rs->goal_x[i], y = rs->goal_y[i];
		sab_yaml_mark line = LINE_AT(c, goal, i);

		/* At most 8 goals: the text always fits. */
		(void)snprintf(p, sizeof p, "board.goals[%zu]", i);
		if (check_cell(c, rs, x, y, p, line) != 0)
			return -1;
		if (x == rs->start_x && y == rs->start_y)
			return fail(c, line, p, "(%d, %d) is the start", x, y);
		for (size_t j = 0; j < i; j++)
			if (x == rs->goal_x[j] && y == rs->goal_y[j])
				return fail(c, line, p, "(%d, %d) is also "
				    "goal %zu", x, y, j);
	}
	return 0;
}

static int check_options(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = either(LINE(c, scoring), LINE(c, options));

	if (rs->placement > SAB_PLACE_TOUCHING)
		return fail(c, LINE(c, placement), "options", "unknown "
		    "placement %d", rs->placement);
	if (rs->scoring > SAB_SCORE_PATH)
		return fail(c, line, "options", "unknown scoring %d",
		    rs->scoring);
	if (rs->sabotage_self > 1 || rs->sabotage_stacks > 1 ||
	    rs->repair_self_only > 1 || rs->sabotaged_dwarf > 1 ||
	    rs->bounded > 1 || rs->has_roles > 1)
		return fail(c, LINE(c, options), "options", "a flag is "
		    "neither 0 nor 1");
	/* Touching placement lets the maze wander off any window. */
	if (!rs->bounded && rs->placement != SAB_PLACE_CONNECTED)
		return fail(c, either(LINE(c, placement), LINE(c, board)),
		    "options", "an unbounded board needs "
		    "placement: connected");
	if (rs->scoring == SAB_SCORE_GOLD && rs->ngold == 0 &&
	    !rs->pieces && rs->roles_module == 0)
		return fail(c, line, "options", "scoring gold needs a gold "
		    "section");
	if (rs->scoring == SAB_SCORE_GOLD && !rs->has_roles)
		return fail(c, line, "options", "scoring gold needs roles");
	return 0;
}

/* Whether a module rs plays lets goal_cards hold more cards than places
 * (rskey.h). */
static int more_goal_cards(const sab_ruleset *rs)
{
	const sab_module *m;

	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++)
		for (int k = 0; (m = sab_module_at(rs->modules[i])) != NULL &&
		    m->keys != NULL && !row_last(&m->keys[k]); k++)
			if (m->keys[k].more_goal_cards)
				return 1;
	return 0;
}

/*
 * The roles that extend the base game's (module wc's greedy dwarf) come
 * after them, when the base game's are the ruleset's.
 */
static int extend_roles(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = either(LINE(c, column), LINE(c, modules));

	if (rs->roles_module != 0)
		return 0;
	for (int i = 0; i < rs->nmodules; i++) {
		const sab_module *m = sab_module_at(rs->modules[i]);

		for (int r = 0; m->roles_extend && r < m->nroles; r++) {
			if (rs->nroles >= SAB_MAX_ROLES)
				return fail(c, line, "modules", "more than %d "
				    "roles", SAB_MAX_ROLES);
			rs->roles[rs->nroles++] = m->roles[r];
		}
	}
	return 0;
}

/*
 * The modules: none named means the base game alone, as every ruleset
 * before modules had; the base comes first; each is ready and named once.
 * Their roles become the ruleset's, in module order.
 */
static int check_modules(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = LINE(c, modules);

	if (rs->nmodules == 0) {
		rs->nmodules = 1;
		rs->modules[0] = 0;
	}
	if (rs->nmodules > SAB_MAX_MODULES || rs->modules[0] != 0)
		return fail(c, line, "modules", "the first module is base");
	rs->nroles = 0;
	rs->roles_module = 0;
	for (int i = 0; i < rs->nmodules; i++) {
		const sab_module *m = sab_module_at(rs->modules[i]);

		if (m == NULL)
			return fail(c, line, "modules", "unknown module %d",
			    rs->modules[i]);
		for (int j = 0; j < i; j++)
			if (rs->modules[j] == rs->modules[i])
				return fail(c, line, "modules", "module %s "
				    "named twice", m->name);
		if (!m->ready)
			return fail(c, line, "modules", "module %s (%s) is not "
			    "playable yet", m->name, m->title);
		/* A later module's dwarf cards replace the earlier ones',
		 * unless it extends them (below). */
		if (m->roles_extend)
			continue;
		if (m->nroles > 0) {
			rs->nroles = 0;
			rs->roles_module = rs->modules[i];
		}
		for (int r = 0; r < m->nroles; r++) {
			if (rs->nroles >= SAB_MAX_ROLES)
				return fail(c, line, "modules", "more than %d "
				    "roles", SAB_MAX_ROLES);
			rs->roles[rs->nroles++] = m->roles[r];
		}
	}
	return 0;
}

/* The roles the modules bring (after their rows' checks of the modules,
 * rskey.h): the extending ones added, and a module that deals its own. */
static int check_module_roles(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	if (extend_roles(c, rs) != 0)
		return -1;
	/* An expansion that deals its own dwarf cards and pays in pieces
	 * has no dwarf table and no gold cards. */
	if (rs->roles_module != 0) {
		if (rs->has_roles && LINE(c, roles).line > 0)
			return fail(c, LINE(c, roles), "roles", "module %s deals "
			    "its own dwarf cards: leave roles out",
			    sab_module_at(rs->roles_module)->name);
		if (rs->ngold > 0 || rs->pieces)
			return fail(c, LINE(c, gold), "gold", "module %s pays in "
			    "gold pieces: leave gold out",
			    sab_module_at(rs->roles_module)->name);
		rs->has_roles = 1;
	}
	if (rs->pass_max == 0)
		rs->pass_max = 1;
	return 0;
}

/* The core's checks, each with the key whose modules' rows check after it
 * (rskey.h), in the order they run. */
static const struct core_check {
	const char *key;
	int (*check)(const struct sab_rs_ctx *, sab_ruleset *);
} core_checks[] = {
	{ .key = "modules", .check = check_modules },
	{ .key = "modules.roles", .check = check_module_roles },
	{ .key = "name", .check = check_name_and_players },
	{ .key = "deck", .check = check_defs },
	{ .key = "goal_cards", .check = check_goal_cards },
	{ .key = "goal_cards.gold", .check = check_goal_gold },
	{ .key = "roles", .check = check_roles },
	{ .key = "hand_size", .check = check_hands },
	{ .key = "gold", .check = check_gold },
	{ .key = "board", .check = check_board },
	{ .key = "options", .check = check_options },
};

static int check_and_fill(const struct sab_rs_ctx *c, sab_ruleset *rs)
{
	const sab_rs_key *r;

	for (size_t i = 0; i < NELEM(core_checks); i++) {
		if (core_checks[i].check(c, rs) != 0)
			return -1;
		for (int k = 0; (r = row_at(k)) != NULL; k++)
			if (r->check != NULL && r->after != NULL &&
			    strcmp(r->after, core_checks[i].key) == 0 &&
			    r->check(c, rs) != 0)
				return -1;
	}
	return 0;
}

/* ---- the modules' rows: canonical text and words for people ---- */

void sab_rs_line(sab_rs_canon *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sab_rs_vline(out, fmt, ap);
	va_end(ap);
}

void sab_rs_vline(sab_rs_canon *out, const char *fmt, va_list ap)
{
	char buf[256];
	int n = vsnprintf(buf, sizeof buf, fmt, ap);

	/* Every line is far shorter; a cut line would still hash the same
	 * everywhere. */
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof buf)
		n = (int)sizeof buf - 1;
	out->put(out, buf, (size_t)n);
}

void sab_ruleset_canon_at(const sab_ruleset *rs, int at, sab_rs_canon *out)
{
	const sab_rs_key *r;

	for (int k = 0; (r = row_at(k)) != NULL; k++)
		if (r->canon != NULL && r->canon_at == at)
			r->canon(rs, out);
}

/* What the rows say, one after another into buf: each row's describe at
 * `at`, or (c not NULL) its describe_card of c.  Returns the length it
 * needed, as snprintf() does. */
static int describe_rows(const sab_ruleset *rs, int at,
    const char *const *tok, const sab_card *c, char *buf, size_t size)
{
	const sab_rs_key *r;
	size_t o = 0;
	int n;

	if (size > 0)
		buf[0] = '\0';
	for (int k = 0; (r = row_at(k)) != NULL; k++) {
		char *to = buf + (o < size ? o : size);
		size_t room = o < size ? size - o : 0;

		if (c != NULL && r->describe_card != NULL)
			n = r->describe_card(rs, c, to, room);
		else if (c == NULL && r->describe != NULL && r->say_at == at)
			n = r->describe(rs, tok, to, room);
		else
			continue;
		if (n < 0)
			return n;
		o += (size_t)n;
	}
	return (int)o;
}

int sab_ruleset_describe_at(const sab_ruleset *rs, int at,
    const char *const *tok, char *buf, size_t size)
{
	return describe_rows(rs, at, tok, NULL, buf, size);
}

int sab_ruleset_describe_card(const sab_ruleset *rs, const sab_card *c,
    char *buf, size_t size)
{
	return describe_rows(rs, SAB_RS_AT_NONE, NULL, c, buf, size);
}

sab_card *sab_rs_add_def(const struct sab_rs_ctx *c, sab_ruleset *rs,
    const char *place, sab_yaml_mark at)
{
	return add_def(c, rs, place, at);
}

int sab_rs_check_cell(const struct sab_rs_ctx *c, const sab_ruleset *rs,
    int x, int y, const char *place, sab_yaml_mark line)
{
	return check_cell(c, rs, x, y, place, line);
}

int sab_rs_plays(const sab_ruleset *rs, const struct sab_module *m)
{
	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++)
		if (sab_module_at(rs->modules[i]) == m)
			return 1;
	return 0;
}

int sab_ruleset_finish(sab_ruleset *rs, char *err, size_t errlen)
{
	sab_yaml_mark scratch[SAB_RS_MARKS] = { { 0, 0 } };
	struct sab_rs_ctx c = { .err = err, .errlen = errlen,
	    .scratch = scratch };

	if (errlen > 0)
		err[0] = '\0';
	return check_and_fill(&c, rs);
}

/* ------------------------------------------------------------------ */
/* Built-in rulesets and names */

const char *sab_ruleset_builtin(const char *name, size_t *len)
{
	for (const struct sab_builtin *b = sab_builtins; b->name; b++) {
		if (strcmp(b->name, name) == 0) {
			if (len != NULL)
				*len = strlen(b->text);
			return b->text;
		}
	}
	return NULL;
}

const char *sab_ruleset_builtin_name(int i)
{
	if (i < 0)
		return NULL;
	for (int k = 0; sab_builtins[k].name != NULL; k++)
		if (k == i)
			return sab_builtins[k].name;
	return NULL;
}

int sab_ruleset_load_builtin(sab_ruleset *rs, const char *name,
    char *err, size_t errlen)
{
	struct sab_rs_ctx c = { .err = err, .errlen = errlen };
	const char *names[16];
	char source[SAB_NAME_MAX + 16], list[256], q[QUOTE_LEN];
	const char *text;
	size_t len, n = 0;
	int k;

	text = sab_ruleset_builtin(name, &len);
	if (text == NULL) {
		while (n < NELEM(names) &&
		    (names[n] = sab_ruleset_builtin_name((int)n)) != NULL)
			n++;
		return fail(&c, nowhere, NULL, "unknown ruleset %s (built in: "
		    "%s)", sab_yaml_quote(name, strlen(name), q),
		    sab_yaml_words(names, n, ", ", list, sizeof list));
	}
	k = snprintf(source, sizeof source, "builtin:%s", name);
	if (k < 0 || (size_t)k >= sizeof source)
		return fail(&c, nowhere, NULL, "ruleset name too long");
	return sab_ruleset_parse(rs, text, len, source, err, errlen);
}

int sab_ruleset_find(const sab_ruleset *rs, const char *name)
{
	for (int i = 0; i < rs->ndefs && i < SAB_MAX_DEFS; i++)
		if (strcmp(rs->defs[i].name, name) == 0)
			return i;
	return -1;
}

const char *sab_tool_name(uint8_t tool)
{
	for (int t = 0; t < SAB_TOOLS; t++)
		if (tool & (1u << t))
			return tool_names[t];
	return "?";
}

const char *sab_card_type_name(uint8_t type)
{
	const sab_kind *k = sab_kind_of(type);

	return k != NULL ? k->word : "?";
}

const char *sab_role_name(const sab_ruleset *rs, uint8_t role)
{
	return role < rs->nroles ? rs->roles[role].name : "?";
}

const char *sab_role_side(const sab_ruleset *rs, uint8_t role)
{
	return role < rs->nroles ? rs->roles[role].side : "?";
}

char *sab_edges_format(uint8_t edges, char *buf)
{
	size_t o = 0;

	for (int e = 0; e < 4; e++)
		if (edges & (1u << e))
			buf[o++] = edge_letters[e];
	if (o == 0)
		buf[o++] = '-';
	buf[o] = '\0';
	return buf;
}
