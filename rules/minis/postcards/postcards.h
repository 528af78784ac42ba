/* postcards.h: the Costume Department and the Tunnel Party (mini expansions): postcards laid on the table whose first connection to the start changes dwarf cards (internal). */
#ifndef SAB_MINIS_POSTCARDS_H
#define SAB_MINIS_POSTCARDS_H

#include "../../table.h"

/* The postcards' card kinds: a definition of one of these is laid face up
 * at its cell (rs->postcard_*) each round, never dealt. */
extern const sab_kind minis_kind_costume, minis_kind_party;

/* The kinds of each module, ending with NULL. */
extern const sab_kind *const minis_costume_kinds[], *const minis_party_kinds[];

#endif
