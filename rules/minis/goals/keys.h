/* keys.h: New Goals' part of a ruleset (module goals): none of sab_ruleset (its key rows: keys.c; its cards are goal_cards entries, a core key). */
#ifndef SAB_MINIS_GOALS_KEYS_H
#define SAB_MINIS_GOALS_KEYS_H

#define SAB_RULESET_FIELDS_goals

#endif
