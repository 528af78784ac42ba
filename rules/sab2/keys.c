/* keys.c: Saboteur 2's rows of a ruleset (module sab2): its path cards' marks told for people. */
#include <stdio.h>

#include "../effect.h"
#include "../rskey.h"

/* A path card's marks: a door's colour (team 1 blue, 2 green, the
 * ruleset's words), a ladder, crystals. */
static int describe_marks(const sab_ruleset *rs, const sab_card *c,
    char *buf, size_t size)
{
	static const char *const door[] = { "", "blue", "green" };
	char crystals[24] = "";

	(void)rs;
	if (c->crystals)
		/* At most 255: always fits. */
		(void)snprintf(crystals, sizeof crystals, "  crystals: %d",
		    c->crystals);
	return snprintf(buf, size, "%s%s%s%s", c->door ? "  door: " : "",
	    c->door ? (c->door < 3 ? door[c->door] : "?") : "",
	    c->ladder ? "  ladder" : "", crystals);
}

const sab_rs_key sab_sab2_keys[] = {
	{ .describe_card = describe_marks },
	{ .key = NULL }
};
