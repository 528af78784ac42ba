/* keys.c: Treasure Chests' ruleset key (chests: {region, per_round, paths, chests}): read, checked, hashed and told. */
#include <stdio.h>

#include "../../effect.h"
#include "../../rskey.h"
#include "keys.h"

const char *const sab_chest_words[SAB_CHEST_KINDS] = {
	"gold", "no-maps", "no-draw", "extra-draw", "push-goal", "steal-card",
	"keep-one", "look-role", "trove", "mill"
};

/* One chests.paths entry: a face-down path card of its own pile. */
static int load_chest_path(const sab_rs_ctx *c, const sab_yaml_node *n,
    const char *place, sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("name"), SAB_YAML_FIELD("edges"),
	    SAB_YAML_FIELD("count") };
	const sab_yaml *y = sab_rs_yaml(c);
	char sub[SAB_YAML_PLACE];
	sab_card *d;

	if (sab_yaml_fields(y, n, place, f, 3) != 0 ||
	    sab_yaml_need_field(y, n, place, &f[0]) != 0 ||
	    sab_yaml_need_field(y, n, place, &f[1]) != 0 ||
	    (d = sab_rs_add_def(c, rs, place, sab_yaml_at(n))) == NULL)
		return -1;
	d->type = SAB_CARD_PATH;
	d->chest = 1;
	d->count = 1;
	if (sab_rs_place_key(c, sub, place, "name", f[0].at) != 0 ||
	    sab_rs_string(c, f[0].val, sub, d->name, sizeof d->name) != 0 ||
	    sab_rs_place_key(c, sub, place, "edges", f[1].at) != 0 ||
	    sab_rs_edges(c, f[1].val, sub, &d->edges) != 0)
		return -1;
	d->groups[0] = d->edges;
	if (f[2].val != NULL && (sab_rs_place_key(c, sub, place, "count",
	    f[2].at) != 0 || sab_rs_u8(c, f[2].val, sub, 1, SAB_MAX_CHESTS * 2,
	    &d->count) != 0))
		return -1;
	return 0;
}

/* chests.region: {min: [X, Y], max: [X, Y]}, the cells chests may lie on. */
static int load_region(const sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field r[] = { SAB_YAML_FIELD("min"), SAB_YAML_FIELD("max") };
	const sab_yaml *y = sab_rs_yaml(c);

	if (sab_yaml_fields(y, n, "chests.region", r, 2) != 0 ||
	    sab_yaml_need_field(y, n, "chests.region", &r[0]) != 0 ||
	    sab_yaml_need_field(y, n, "chests.region", &r[1]) != 0 ||
	    sab_rs_cell(c, r[0].val, "chests.region.min", &rs->chest_min_x,
	    &rs->chest_min_y) != 0 || sab_rs_cell(c, r[1].val,
	    "chests.region.max", &rs->chest_max_x, &rs->chest_max_y) != 0)
		return -1;
	if (rs->chest_min_x > rs->chest_max_x ||
	    rs->chest_min_y > rs->chest_max_y)
		return sab_rs_fail(c, sab_yaml_at(n), "chests.region", "min "
		    "(%d, %d) lies beyond max (%d, %d)", rs->chest_min_x,
		    rs->chest_min_y, rs->chest_max_x, rs->chest_max_y);
	return 0;
}

/*
 * chests: Treasure Chests.
 *   region: {min: [X, Y], max: [X, Y]}   the cells chests may lie on
 *   per_round: 4
 *   paths: [{name: ..., edges: ..., count: N}, ...]
 *   chests: {gold: 1, no-maps: 1, ...}   by effect word
 */
static int load_chests(const sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("region"),
	    SAB_YAML_FIELD("per_round"), SAB_YAML_FIELD("paths"),
	    SAB_YAML_FIELD("chests") };
	sab_yaml_field k[SAB_CHEST_KINDS];
	const sab_yaml *y = sab_rs_yaml(c);
	char sub[SAB_YAML_PLACE];

	if (!sab_rs_plays(rs, &sab_module_chests))
		return sab_rs_fail(c, sab_yaml_at(n), "chests", "a chests "
		    "section needs module chests");
	if (sab_yaml_fields(y, n, "chests", f, 4) != 0)
		return -1;
	for (size_t i = 0; i < 4; i++)
		if (sab_yaml_need_field(y, n, "chests", &f[i]) != 0)
			return -1;
	if (load_region(c, f[0].val, rs) != 0 ||
	    sab_rs_u8(c, f[1].val, "chests.per_round", 1, SAB_MAX_CHESTS,
	    &rs->chests_per_round) != 0 ||
	    sab_yaml_need(y, f[2].val, "chests.paths", SAB_YAML_LIST,
	    "a list of path cards") != 0)
		return -1;
	for (size_t i = 0; i < sab_yaml_count(f[2].val); i++) {
		const sab_yaml_node *e = sab_yaml_item(y, f[2].val, i);
		if (sab_rs_place_index(c, sub, "chests.paths", i,
		    sab_yaml_at(e)) != 0 || load_chest_path(c, e, sub, rs) != 0)
			return -1;
	}
	for (size_t i = 0; i < SAB_CHEST_KINDS; i++)
		k[i] = (sab_yaml_field)SAB_YAML_FIELD(sab_chest_words[i]);
	if (sab_yaml_fields(y, f[3].val, "chests.chests", k,
	    SAB_CHEST_KINDS) != 0)
		return -1;
	for (size_t i = 0; i < SAB_CHEST_KINDS; i++) {
		if (k[i].val == NULL)
			continue;
		if (sab_rs_place_key(c, sub, "chests.chests", k[i].key,
		    k[i].at) != 0 || sab_rs_u8(c, k[i].val, sub, 0,
		    SAB_MAX_CHESTS * 2, &rs->chest_count[i]) != 0)
			return -1;
	}
	return 0;
}

/* Its section, enough chests and path cards for a round. */
static int check_chests(const sab_rs_ctx *c, sab_ruleset *rs)
{
	int chests = 0, paths = 0;

	if (!sab_rs_plays(rs, &sab_module_chests))
		return 0;
	for (int i = 0; i < SAB_CHEST_KINDS; i++)
		chests += rs->chest_count[i];
	for (int i = 0; i < rs->ndefs; i++)
		paths += rs->defs[i].chest ? rs->defs[i].count : 0;
	if (rs->chests_per_round == 0)
		return sab_rs_fail(c, sab_rs_core_at(c, "modules"), "modules", "module "
		    "chests needs a chests section");
	if (chests < rs->chests_per_round || paths < rs->chests_per_round)
		return sab_rs_fail(c, sab_rs_core_at(c, "modules"), "chests", "%d "
		    "chests and %d path cards for %d a round", chests, paths,
		    rs->chests_per_round);
	return 0;
}

static void canon_chests(const sab_ruleset *rs, sab_rs_canon *out)
{
	if (!rs->chests_per_round)
		return;
	sab_rs_line(out, "chests %d region=%d,%d,%d,%d", rs->chests_per_round,
	    rs->chest_min_x, rs->chest_min_y, rs->chest_max_x,
	    rs->chest_max_y);
	for (int k = 0; k < SAB_CHEST_KINDS; k++)
		sab_rs_line(out, " %d", rs->chest_count[k]);
}

/* The chests and where they lie. */
static int describe_chests(const sab_ruleset *rs, const char *const *tok,
    char *buf, size_t size)
{
	size_t o = 0;
	int n;

	(void)tok;
	if (!rs->chests_per_round)
		return snprintf(buf, size, "%s", "");
	n = snprintf(buf, size, "chests: %d a round, laid in x %d to %d, y %d "
	    "to %d, each under a path card marked :chest; the chests:",
	    rs->chests_per_round, rs->chest_min_x, rs->chest_max_x,
	    rs->chest_min_y, rs->chest_max_y);
	for (int k = 0; n >= 0 && k <= SAB_CHEST_KINDS; k++) {
		o += (size_t)n;
		if (k == SAB_CHEST_KINDS)
			n = snprintf(buf + (o < size ? o : size), o < size ?
			    size - o : 0, "\n");
		else if (rs->chest_count[k])
			n = snprintf(buf + (o < size ? o : size), o < size ?
			    size - o : 0, " %s x%d", sab_chest_words[k],
			    rs->chest_count[k]);
		else
			n = 0;
	}
	return n < 0 ? n : (int)(o + (size_t)n);
}

const sab_rs_key sab_chests_keys[] = {
	{ .key = "chests", .after = "goal_cards", .load = load_chests,
	  .check = check_chests, .canon_at = SAB_RS_AT_BOARD,
	  .canon = canon_chests, .say_at = SAB_RS_AT_BOARD,
	  .describe = describe_chests },
	{ .key = NULL }
};
