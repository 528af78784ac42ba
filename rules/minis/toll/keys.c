/* keys.c: Tunnel Toll's ruleset key (toll: {dwarves: 2, gold: 1}): read, checked, hashed and told. */
#include <stdio.h>

#include "../../effect.h"
#include "../../rskey.h"
#include "keys.h"

/* toll: {dwarves: 2, gold: 1}: Tunnel Toll's dwarves, and the gold each
 * seat takes at setup. */
static int load_toll(const sab_rs_ctx *c, const sab_yaml_node *n,
    sab_ruleset *rs)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("dwarves"),
	    SAB_YAML_FIELD("gold") };
	const sab_yaml *y = sab_rs_yaml(c);
	char sub[SAB_YAML_PLACE];

	sab_rs_marks(c, "toll")[0] = sab_yaml_at(n);
	if (sab_yaml_fields(y, n, "toll", f, 2) != 0 ||
	    sab_yaml_need_field(y, n, "toll", &f[0]) != 0 ||
	    sab_yaml_need_field(y, n, "toll", &f[1]) != 0 ||
	    sab_rs_place_key(c, sub, "toll", "dwarves", f[0].at) != 0 ||
	    sab_rs_u8(c, f[0].val, sub, 1, SAB_MAX_TOLL_DWARVES,
	    &rs->toll_dwarves) != 0 ||
	    sab_rs_place_key(c, sub, "toll", "gold", f[1].at) != 0 ||
	    sab_rs_u8(c, f[1].val, sub, 0, 9, &rs->toll_gold) != 0)
		return -1;
	return 0;
}

/* Its section and its module go together; it pays in gold. */
static int check_toll(const sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = sab_rs_either(sab_rs_marks(c, "toll")[0],
	    sab_rs_core_at(c, "modules"));
	int on = sab_rs_plays(rs, &sab_module_toll);

	if (on && rs->toll_dwarves == 0)
		return sab_rs_fail(c, line, "modules", "module toll needs a "
		    "toll section: toll: {dwarves: 2, gold: 1}");
	if (!on && (rs->toll_dwarves || rs->toll_gold))
		return sab_rs_fail(c, line, "toll", "a toll section needs "
		    "module toll in modules");
	if (rs->toll_dwarves > SAB_MAX_TOLL_DWARVES)
		return sab_rs_fail(c, line, "toll", "%d dwarves, at most %d",
		    rs->toll_dwarves, SAB_MAX_TOLL_DWARVES);
	if (on && rs->scoring != SAB_SCORE_GOLD)
		return sab_rs_fail(c, line, "toll", "the tolls are paid in "
		    "gold: module toll needs scoring: gold");
	return 0;
}

static void canon_toll(const sab_ruleset *rs, sab_rs_canon *out)
{
	if (rs->toll_dwarves)
		sab_rs_line(out, "toll dwarves=%d gold=%d", rs->toll_dwarves,
		    rs->toll_gold);
}

static int describe_toll(const sab_ruleset *rs, const char *const *tok,
    char *buf, size_t size)
{
	(void)tok;
	if (!rs->toll_dwarves)
		return snprintf(buf, size, "%s", "");
	return snprintf(buf, size, "\nTunnel Toll: %d dwarves a round; each "
	    "player takes %d gold at setup\n(it counts); discard a card to "
	    "put a dwarf on an open end of a path\n(no draw); a path card "
	    "there pays its owner 1 gold\n", rs->toll_dwarves, rs->toll_gold);
}

const sab_rs_key sab_toll_keys[] = {
	{ .key = "toll", .after = "options", .load = load_toll,
	  .check = check_toll, .canon_at = SAB_RS_AT_END,
	  .canon = canon_toll, .say_at = SAB_RS_AT_END,
	  .describe = describe_toll },
	{ .key = NULL }
};
