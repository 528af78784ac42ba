/* keys.h: the World Championship's part of a ruleset (module wc): its fields of sab_ruleset (its key rows: keys.c). */
#ifndef SAB_WC_KEYS_H
#define SAB_WC_KEYS_H

/* Greedy dwarves dealt by player count (roles: N: {greedy: G}; 0: none). */
#define SAB_RULESET_FIELDS_wc \
	uint8_t greedy[SAB_MAX_PLAYERS + 1];

#endif
