/* keys.h: Treasure Chests' part of a ruleset (module chests): its fields of sab_ruleset (its key rows: keys.c). */
#ifndef SAB_MINIS_CHESTS_KEYS_H
#define SAB_MINIS_CHESTS_KEYS_H

/* The treasure chests' effects, in the rulebook's order. */
enum sab_chest {
	SAB_CHEST_GOLD,         /* take 1 gold */
	SAB_CHEST_NO_MAPS,      /* no more maps on goals, for anyone */
	SAB_CHEST_NO_DRAW,      /* no draw at the end of this turn */
	SAB_CHEST_EXTRA_DRAW,   /* one more draw at the end of this turn */
	SAB_CHEST_PUSH_GOAL,    /* push a face-down goal one place further */
	SAB_CHEST_STEAL_CARD,   /* a card of another's hand instead of a draw */
	SAB_CHEST_KEEP_ONE,     /* draw 3, keep 1, discard 2 */
	SAB_CHEST_LOOK_ROLE,    /* look at another player's dwarf card */
	SAB_CHEST_TROVE,        /* shuffle the discards, take 1 of the top 5 */
	SAB_CHEST_MILL,         /* the top 5 of the deck to the discards */
	SAB_CHEST_KINDS
};
#define SAB_MAX_CHESTS 8        /* chests on the table in one round */

/* How many chests of each effect, how many lie on the table each round,
 * and the cells they may lie on (min to max, inclusive).  The face-down
 * path cards are the definitions with chest set. */
#define SAB_RULESET_FIELDS_chests \
	uint8_t chest_count[SAB_CHEST_KINDS]; \
	uint8_t chests_per_round; \
	int8_t chest_min_x, chest_min_y, chest_max_x, chest_max_y;

/* The words of the chests' effects in rulesets and the protocol
 * ("gold", "no-maps", ...), by enum sab_chest. */
extern const char *const sab_chest_words[SAB_CHEST_KINDS];

#endif
