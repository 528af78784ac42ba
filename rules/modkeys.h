/* modkeys.h: the modules' fields of sab_ruleset: each keys.h that defines some (SAB_RULESET_FIELDS_NAME), in rules/modules.def order. */
#ifndef SAB_MODKEYS_H
#define SAB_MODKEYS_H

#include "wc/keys.h"
#include "minis/toll/keys.h"
#include "minis/postcards/keys.h"       /* costume (party has none) */
#include "minis/chests/keys.h"

/* What sab_ruleset holds after the core's fields.  A module without
 * fields of its own needs no line here. */
#define SAB_MODULES_RULESET_FIELDS \
	SAB_RULESET_FIELDS_wc \
	SAB_RULESET_FIELDS_toll \
	SAB_RULESET_FIELDS_costume \
	SAB_RULESET_FIELDS_chests

#endif
