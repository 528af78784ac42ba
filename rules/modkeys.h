/* modkeys.h: every module's keys.h (its fields of sab_ruleset, SAB_RULESET_FIELDS_NAME, and its key rows), one line a module of rules/modules.def. */
#ifndef SAB_MODKEYS_H
#define SAB_MODKEYS_H

#include "base/keys.h"
#include "sab2/keys.h"
#include "wc/keys.h"
#include "minis/toll/keys.h"
#include "minis/postcards/keys.h"       /* costume and party */
#include "minis/goals/keys.h"
#include "minis/chests/keys.h"

#endif
