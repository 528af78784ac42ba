/* keys.c: the postcards' ruleset key (postcards: [...], modules costume and party): read, checked, hashed and told. */
#include <stdio.h>
#include <string.h>

#include "../../effect.h"
#include "../../rskey.h"
#include "keys.h"

/* The most laid kinds over every module. */
#define LAID_KINDS_MAX 16

/* The words of a postcard's type: the laid kinds of the modules the
 * ruleset plays.  Returns how many. */
static size_t laid_words(const sab_ruleset *rs, const char **words)
{
	size_t n = 0;

	for (int k = 0; k < rs->nmodules; k++) {
		const sab_module *m = sab_module_at(rs->modules[k]);
		for (int i = 0; m != NULL && m->kinds != NULL &&
		    m->kinds[i] != NULL; i++)
			if (m->kinds[i]->laid && n < LAID_KINDS_MAX)
				words[n++] = m->kinds[i]->word;
	}
	return n;
}

/* One postcard: {name: costume-department, type: costume, at: [4, -2],
 * edges: NESW}, a definition of its own. */
static int load_postcard(const sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, sab_ruleset *rs)
{
	const char *words[LAID_KINDS_MAX];
	sab_yaml_field f[] = { SAB_YAML_FIELD("name"), SAB_YAML_FIELD("type"),
	    SAB_YAML_FIELD("at"), SAB_YAML_FIELD("edges") };
	const sab_yaml *y = sab_rs_yaml(c);
	size_t nw = laid_words(rs, words), t;
	char sub[SAB_YAML_PLACE];
	sab_card *d;
	int i = rs->npostcards;

	if (sab_yaml_fields(y, n, place, f, 4) != 0)
		return -1;
	for (size_t k = 0; k < 4; k++)
		if (sab_yaml_need_field(y, n, place, &f[k]) != 0)
			return -1;
	if (nw == 0)
		return sab_rs_fail(c, f[1].at, place, "no module of the "
		    "ruleset lays postcards: name costume or party in modules");
	if ((d = sab_rs_add_def(c, rs, place, sab_yaml_at(n))) == NULL ||
	    sab_rs_place_key(c, sub, place, "name", f[0].at) != 0 ||
	    sab_rs_string(c, f[0].val, sub, d->name, sizeof d->name) != 0 ||
	    sab_rs_word(c, &f[1], place, words, nw, &t) != 0 ||
	    sab_rs_place_key(c, sub, place, "at", f[2].at) != 0 ||
	    sab_rs_cell(c, f[2].val, sub, &rs->postcard_x[i],
	    &rs->postcard_y[i]) != 0 ||
	    sab_rs_place_key(c, sub, place, "edges", f[3].at) != 0 ||
	    sab_rs_edges(c, f[3].val, sub, &d->edges) != 0)
		return -1;
	d->type = (uint8_t)sab_kind_find(words[t], strlen(words[t]));
	d->groups[0] = d->edges;
	d->count = 1;
	sab_rs_marks(c, "postcards")[1 + i] = sab_yaml_at(n);
	rs->postcard_def[i] = (uint8_t)(rs->ndefs - 1);
	rs->npostcards++;
	return 0;
}

/* postcards: the postcards laid face up at setup. */
static int load_postcards(const sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	char sub[SAB_YAML_PLACE];

	sab_rs_marks(c, "postcards")[0] = sab_yaml_at(n);
	if (sab_yaml_need(sab_rs_yaml(c), n, "postcards", SAB_YAML_LIST,
	    "a list of postcards") != 0)
		return -1;
	if (sab_yaml_count(n) > SAB_MAX_POSTCARDS)
		return sab_rs_fail(c, sab_yaml_at(n), "postcards", "%zu "
		    "postcards, at most %d", sab_yaml_count(n),
		    SAB_MAX_POSTCARDS);
	rs->npostcards = 0;
	for (size_t i = 0; i < sab_yaml_count(n); i++) {
		const sab_yaml_node *e = sab_yaml_item(sab_rs_yaml(c), n, i);

		if (sab_rs_place_index(c, sub, "postcards", i,
		    sab_yaml_at(e)) != 0 || load_postcard(c, e, sub, rs) != 0)
			return -1;
	}
	return 0;
}

/* One postcard: a laid card of a module the ruleset plays, on a free
 * cell of the board. */
static int check_postcard(const sab_rs_ctx *c, const sab_ruleset *rs, int i)
{
	const sab_yaml_mark *marks = sab_rs_marks(c, "postcards");
	sab_yaml_mark line = sab_rs_either(marks[1 + i], marks[0]);
	int x = rs->postcard_x[i], y = rs->postcard_y[i];
	uint8_t def = rs->postcard_def[i];
	const sab_kind *k;
	char p[SAB_YAML_PLACE];

	(void)snprintf(p, sizeof p, "postcards[%d]", i);
	if (def >= rs->ndefs || (k = sab_kind_of(rs->defs[def].type)) ==
	    NULL || !k->laid)
		return sab_rs_fail(c, line, p, "card %d is no postcard", def);
	if (sab_rs_check_cell(c, rs, x, y, p, line) != 0)
		return -1;
	if (x == rs->start_x && y == rs->start_y)
		return sab_rs_fail(c, line, p, "(%d, %d) is the start", x, y);
	for (int g = 0; g < rs->ngoals; g++)
		if (x == rs->goal_x[g] && y == rs->goal_y[g])
			return sab_rs_fail(c, line, p, "(%d, %d) is goal %d",
			    x, y, g);
	if (rs->middle_path && rs->ngoals > 0 &&
	    x == (rs->start_x + rs->goal_x[rs->ngoals / 2]) / 2 &&
	    y == (rs->start_y + rs->goal_y[rs->ngoals / 2]) / 2)
		return sab_rs_fail(c, line, p, "(%d, %d) is where the middle "
		    "path card is laid", x, y);
	for (int j = 0; j < i; j++)
		if (x == rs->postcard_x[j] && y == rs->postcard_y[j])
			return sab_rs_fail(c, line, p, "(%d, %d) is also "
			    "postcard %d", x, y, j);
	return 0;
}

/* The postcards: each module that lays one has exactly one, and changes
 * dwarf cards, so the ruleset has some. */
static int check_postcards(const sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = sab_rs_either(sab_rs_marks(c, "postcards")[0],
	    sab_rs_core_at(c, "modules"));

	if (rs->npostcards > SAB_MAX_POSTCARDS)
		return sab_rs_fail(c, line, "postcards", "%d postcards, at "
		    "most %d", rs->npostcards, SAB_MAX_POSTCARDS);
	for (int i = 0; i < rs->npostcards; i++)
		if (check_postcard(c, rs, i) != 0)
			return -1;
	for (int i = 0; i < rs->nmodules; i++) {
		const sab_module *m = sab_module_at(rs->modules[i]);
		for (int k = 0; m->kinds != NULL && m->kinds[k] != NULL; k++) {
			int n = 0;
			if (!m->kinds[k]->laid)
				continue;
			for (int j = 0; j < rs->npostcards; j++)
				n += sab_kind_of(rs->defs[rs->postcard_def[j]]
				    .type) == m->kinds[k];
			if (n != 1)
				return sab_rs_fail(c, line, "postcards",
				    "module %s needs one postcard of type %s, "
				    "not %d", m->name, m->kinds[k]->word, n);
			if (!rs->has_roles)
				return sab_rs_fail(c, line, "postcards",
				    "module %s changes dwarf cards: the ruleset "
				    "needs roles", m->name);
		}
	}
	return 0;
}

static void canon_postcards(const sab_ruleset *rs, sab_rs_canon *out)
{
	for (int i = 0; i < rs->npostcards && i < SAB_MAX_POSTCARDS; i++)
		sab_rs_line(out, "postcard %d at %d %d", rs->postcard_def[i],
		    rs->postcard_x[i], rs->postcard_y[i]);
}

static int describe_postcards(const sab_ruleset *rs, const char *const *tok,
    char *buf, size_t size)
{
	size_t o = 0;
	int n;

	n = snprintf(buf, size, "%s", rs->npostcards ? "\npostcards (face "
	    "up at each round's setup; the first to connect one to the\n"
	    "start triggers it):\n" : "");
	for (int i = 0; n >= 0 && i < rs->npostcards; i++) {
		uint8_t def = rs->postcard_def[i];
		const sab_kind *k = sab_kind_of(rs->defs[def].type);
		char at[16];

		o += (size_t)n;
		/* Two numbers within -40..40: always fits. */
		(void)snprintf(at, sizeof at, "%d %d", rs->postcard_x[i],
		    rs->postcard_y[i]);
		n = snprintf(buf + (o < size ? o : size), o < size ? size - o :
		    0, "  %-16s at %-6s %s\n", tok[def], at,
		    strcmp(k->word, "costume") == 0 ?
		    "Costume Department: that player swaps their dwarf card" :
		    "Tunnel Party: every dwarf card dealt again");
	}
	return n < 0 ? n : (int)(o + (size_t)n);
}

/* A postcard's definition is named by its place in the section. */
static const char *postcard_place(const sab_ruleset *rs, size_t def,
    char *out)
{
	for (int p = 0; p < rs->npostcards && p < SAB_MAX_POSTCARDS; p++)
		if (rs->postcard_def[p] == def) {
			/* At most 4 postcards: the text always fits. */
			(void)snprintf(out, SAB_YAML_PLACE, "postcards[%d]", p);
			return out;
		}
	return NULL;
}

const sab_rs_key sab_postcards_keys[] = {
	{ .key = "postcards", .after = "options", .load = load_postcards,
	  .check = check_postcards, .canon_at = SAB_RS_AT_END,
	  .canon = canon_postcards, .say_at = SAB_RS_AT_END,
	  .describe = describe_postcards, .def_place = postcard_place },
	{ .key = NULL }
};
