/* keys.h: Tunnel Toll's part of a ruleset (module toll): its fields of sab_ruleset (its key rows: keys.c). */
#ifndef SAB_MINIS_TOLL_KEYS_H
#define SAB_MINIS_TOLL_KEYS_H

#define SAB_MAX_TOLL_DWARVES 4  /* Tunnel Toll's dwarves (the box has 2) */

/* The dwarves a round has (0: the module is off) and the gold pieces each
 * seat takes at the game's setup (toll: {dwarves: 2, gold: 1}). */
#define SAB_RULESET_FIELDS_toll \
	uint8_t toll_dwarves; \
	uint8_t toll_gold;

#endif
