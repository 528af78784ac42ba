/* chests.h: the Treasure Chests mini expansion (internal): what its tests ask of it beyond its module's hooks. */
#ifndef SAB_MINIS_CHESTS_H
#define SAB_MINIS_CHESTS_H

#include "../../table.h"

/* The face-down goal places a push-goal chest may push now (bit k:
 * place k): saboteur-rules(5) says where a push goes and when it cannot. */
int sab_chests_pushable(const sab_game *g);

/* The chest under the face-down card at (x, y), or -1. */
int sab_chests_at(const sab_game *g, int x, int y);

#endif
