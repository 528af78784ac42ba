/* goals.h: the New Goals mini expansion (internal). */
#ifndef SAB_MINIS_GOALS_H
#define SAB_MINIS_GOALS_H

#include "../../table.h"

/* The module is sab_module_goals (rules/effect.h): its hooks are all the
 * turn knows of it. */

#endif
