/* keys.h: the base game's part of sab_ruleset beyond the core's: none (its keys are the core's, rules/ruleset.c). */
#ifndef SAB_BASE_KEYS_H
#define SAB_BASE_KEYS_H

#define SAB_RULESET_FIELDS_base

#endif
