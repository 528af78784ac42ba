/* keys.c: the World Championship's rows of a ruleset (module wc): the greedy dwarves' checks and hash, and the special cards told. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../effect.h"
#include "../rskey.h"

/* Whether any player count deals greedy dwarves. */
static int has_greedy(const sab_ruleset *rs)
{
	for (int n = 0; n <= SAB_MAX_PLAYERS; n++)
		if (rs->greedy[n])
			return 1;
	return 0;
}

/* Greedy dwarves are dealt only with module wc, and "You can only combine
 * the Greedy Dwarf with the Saboteur base game". */
static int check_greedy(const sab_rs_ctx *c, sab_ruleset *rs)
{
	sab_yaml_mark line = sab_rs_either(sab_rs_core_at(c, "roles.column"),
	    sab_rs_core_at(c, "modules"));

	if (!has_greedy(rs))
		return 0;
	if (sab_rs_plays(rs, &sab_module_sab2))
		return sab_rs_fail(c, line, "roles", "greedy dwarves with "
		    "module sab2: \"You can only combine the Greedy Dwarf with "
		    "the Saboteur base game\"");
	if (!sab_rs_plays(rs, &sab_module_wc))
		return sab_rs_fail(c, line, "roles", "greedy dwarves need "
		    "module wc");
	if (rs->scoring != SAB_SCORE_GOLD)
		return sab_rs_fail(c, line, "roles", "greedy dwarves need "
		    "scoring: gold");
	return 0;
}

/* The greedy dwarves, only when dealt: a ruleset without them hashes as
 * before they existed (as the core's tables by player count). */
static void canon_greedy(const sab_ruleset *rs, sab_rs_canon *out)
{
	if (!has_greedy(rs))
		return;
	sab_rs_line(out, "greedy");
	for (int p = 0; p <= SAB_MAX_PLAYERS; p++)
		if (rs->greedy[p])
			sab_rs_line(out, " %d:%d", p, rs->greedy[p]);
}

/* What each special card does, as the engine plays it (saboteur-rules(5)
 * says more), by its kind's word. */
static const struct {
	const char *word, *what;
} wc_words[] = {
	{ .word = "goal-swap",
	  .what = "two face-down goals, unseen: swapped (1) or not" },
	{ .word = "treasure-trove",
	  .what = "no draw: takes 1 of the discard pile's top 5" },
	{ .word = "veto",
	  .what = "stops another's path or action card; both draw" },
	{ .word = "change-direction",
	  .what = "reverses the turn order (and the gold's)" },
	{ .word = "pathfinder",
	  .what = "two path cards this turn, then two draws" },
	{ .word = "diversion",
	  .what = "moves the last path card played elsewhere" },
};

/* One special card: its token and arguments, and what it does. */
static int describe_special(const sab_card *c, const char *tok, char *buf,
    size_t size)
{
	const sab_kind *k = sab_kind_of(c->type);
	char head[64];          /* a token (at most 47 bytes) and more */
	const char *what = NULL;

	if (k == NULL)
		return 0;
	for (size_t i = 0; i < sizeof wc_words / sizeof wc_words[0]; i++)
		if (strcmp(k->word, wc_words[i].word) == 0)
			what = wc_words[i].what;
	if (c->type == SAB_CARD_REPAIR)
		what = "master crafter: repairs any one tool";
	if (what == NULL)
		return 0;
	/* A token alone always fits (a token is shorter than head); with
	 * its arguments it may not, and then goes alone. */
	if (k->args[0] == SAB_ARG_END || c->type == SAB_CARD_REPAIR)
		snprintf(head, sizeof head, "%s", tok);
	else if (snprintf(head, sizeof head, "%s %s", tok, k->args_help) >=
	    (int)sizeof head)
		snprintf(head, sizeof head, "%s", tok);
	return snprintf(buf, size, "  %-27s %s\n", head, what);
}

/* The special cards a ruleset shuffles in, and the reaction window the
 * veto opens. */
static int describe_specials(const sab_ruleset *rs, const char *const *tok,
    char *buf, size_t size)
{
	size_t o = 0;
	int n;

	if (!sab_rs_plays(rs, &sab_module_wc))
		return snprintf(buf, size, "%s", "");
	n = snprintf(buf, size, "\nWorld Championship special cards (in the "
	    "deck; each goes to the discard pile\nafter use; "
	    "saboteur-rules(5) says how the referee plays each):\n");
	for (int i = 0; n >= 0 && i <= rs->ndefs; i++) {
		o += (size_t)n;
		n = 0;
		if (i == rs->ndefs) {
			if (rs->reactions)
				n = snprintf(buf + (o < size ? o : size),
				    o < size ? size - o : 0, "reactions: each "
				    "path or action card played waits while "
				    "every other seat\nholding cards is asked, "
				    "in the direction of play, whether to veto "
				    "it; the\nfirst veto wins; a bot that does "
				    "not answer allows it\n");
			break;
		}
		const sab_card *c = &rs->defs[i];
		int master = c->type == SAB_CARD_REPAIR &&
		    c->tools == (1u << SAB_TOOLS) - 1;
		if (c->count == 0 || (c->type < SAB_CARD_TYPES && !master))
			continue;
		n = describe_special(c, tok[i], buf + (o < size ? o : size),
		    o < size ? size - o : 0);
	}
	return n < 0 ? n : (int)(o + (size_t)n);
}

const sab_rs_key sab_wc_keys[] = {
	{ .after = "modules", .check = check_greedy,
	  .canon_at = SAB_RS_AT_ROLES, .canon = canon_greedy,
	  .say_at = SAB_RS_AT_CARDS, .describe = describe_specials,
	  .role_key = "greedy",
	  .role_counts = offsetof(sab_ruleset, greedy) },
	{ .key = NULL }
};
