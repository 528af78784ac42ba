/* keys.h: Saboteur 2's part of sab_ruleset: none of its own (its turn options are core keys: options.pass_max, remove_front, set_aside). */
#ifndef SAB_SAB2_KEYS_H
#define SAB_SAB2_KEYS_H

#define SAB_RULESET_FIELDS_sab2

#endif
