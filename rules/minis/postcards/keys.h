/* keys.h: the postcards' part of a ruleset (modules costume and party): their fields of sab_ruleset and their key rows. */
#ifndef SAB_MINIS_POSTCARDS_KEYS_H
#define SAB_MINIS_POSTCARDS_KEYS_H

#define SAB_MAX_POSTCARDS 4     /* postcards laid on the table at setup */

/* Each postcard's card definition (a kind the modules bring, never in the
 * deck) and the cell it is laid face up on at each round's setup
 * (postcards: [...]).  Module costume holds them for both modules. */
#define SAB_RULESET_FIELDS_costume \
	uint8_t npostcards; \
	uint8_t postcard_def[SAB_MAX_POSTCARDS]; \
	int8_t postcard_x[SAB_MAX_POSTCARDS], postcard_y[SAB_MAX_POSTCARDS];

#endif
