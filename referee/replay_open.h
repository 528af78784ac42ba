/* replay_open.h: reading a replay and the ruleset it was played by, for the
 * commands that look at replays. */
#ifndef SAB_REPLAY_OPEN_H
#define SAB_REPLAY_OPEN_H

#include <stddef.h>

#include "audit.h"
#include "reader.h"
#include "saboteur.h"

/*
 * Loads into rs the ruleset the replay f was played by: the one given
 * (--ruleset NAME|FILE), else the built-in or installed one of the name in
 * its header, else the one the replay carries (a ruleset played from a
 * file); its hash must match the header's.  Returns 0, or -1 with the
 * reason in err.
 */
int replay_open_ruleset(const replay_file *f, const char *given,
    sab_ruleset *rs, char *err, size_t errlen);

/*
 * Reads the replay at path and loads its ruleset.  Returns 0, or after
 * printing "saboteur CMD: ..." to stderr (then *f is NULL) -1 when the file
 * cannot be read as a replay, -2 when its ruleset (given, or
 * named by the replay) cannot be loaded or is not the one the game was
 * played by (exit EXIT_CONFIG, as in every
 * command that takes --ruleset).  A replay that
 * is damaged or cut short after its header is opened: f->complete says so.
 */
int replay_open(const char *cmd, const char *path, const char *given,
    replay_file **f, sab_ruleset *rs);

#endif
