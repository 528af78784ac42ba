/* keys.c: New Goals' rows of a ruleset: goal cards with effects need the module, which deals the places from one gold and the others; hashed and told. */
#include <stdio.h>

#include "../../effect.h"
#include "../../rskey.h"

/* A goal card's effect (goal_cards[i].effect) needs the module. */
static int check_effects(const sab_rs_ctx *c, sab_ruleset *rs)
{
	for (size_t i = 0; i < rs->ngoal_cards; i++) {
		const sab_card *d = &rs->defs[rs->goal_defs[i]];

		if (d->effect != SAB_GOAL_ROCKS &&
		    !sab_rs_plays(rs, &sab_module_goals))
			return sab_rs_fail(c, sab_rs_core_at(c, "goal_cards"),
			    "goal_cards", "goal card %s has an effect: that "
			    "needs module goals", d->name);
	}
	return 0;
}

/* "Take the goal card with gold and 4 random of the remaining 7 goal
 * cards": one gold, and enough others to fill the places. */
static int check_deal(const sab_rs_ctx *c, sab_ruleset *rs)
{
	int gold = 0;

	if (!sab_rs_plays(rs, &sab_module_goals))
		return 0;
	for (size_t i = 0; i < rs->ngoal_cards; i++)
		gold += rs->defs[rs->goal_defs[i]].gold != 0;
	if (gold != 1 || rs->ngoal_cards < rs->ngoals)
		return sab_rs_fail(c, sab_rs_core_at(c, "goal_cards"),
		    "goal_cards", "module goals deals the %d goal places from "
		    "one gold and the other goal cards: %d gold, %d cards",
		    rs->ngoals, gold, rs->ngoal_cards);
	return 0;
}

/* The goal cards beyond the places, only when there are. */
static void canon_goals(const sab_ruleset *rs, sab_rs_canon *out)
{
	if (rs->ngoal_cards <= rs->ngoals)
		return;
	sab_rs_line(out, "goal_cards %d", rs->ngoal_cards);
	for (int k = rs->ngoals; k < rs->ngoal_cards && k < SAB_MAX_GOALS; k++)
		sab_rs_line(out, " card=%d", rs->goal_defs[k]);
}

/* More goal cards than places, dealt each round. */
static int describe_goals(const sab_ruleset *rs, const char *const *tok,
    char *buf, size_t size)
{
	(void)tok;
	if (rs->ngoal_cards <= rs->ngoals)
		return snprintf(buf, size, "%s", "");
	return snprintf(buf, size, "goals: the gold and %d other goal cards "
	    "dealt into the %d places each round, %d put aside\n",
	    rs->ngoals - 1, rs->ngoals, rs->ngoal_cards - rs->ngoals);
}

/* A goal card's effect on reveal. */
static int describe_effect(const sab_ruleset *rs, const sab_card *c,
    char *buf, size_t size)
{
	(void)rs;
	if (c->type == SAB_CARD_GOAL && c->effect == SAB_GOAL_SACK)
		return snprintf(buf, size, "  gold sack: takes %d", c->amount);
	if (c->type == SAB_CARD_GOAL && c->effect == SAB_GOAL_DRAGON)
		return snprintf(buf, size, "  dragon: pays 1 gold, if any");
	if (c->type == SAB_CARD_GOAL && c->effect == SAB_GOAL_SPIDER)
		return snprintf(buf, size, "  giant spider: the saboteurs win "
		    "the round");
	return snprintf(buf, size, "%s", "");
}

const sab_rs_key sab_goals_keys[] = {
	{ .after = "goal_cards", .check = check_effects,
	  .more_goal_cards = 1 },
	{ .after = "goal_cards.gold", .check = check_deal,
	  .canon_at = SAB_RS_AT_GOALS, .canon = canon_goals,
	  .say_at = SAB_RS_AT_GOALS, .describe = describe_goals,
	  .describe_card = describe_effect },
	{ .key = NULL }
};
