/* shards.h: standings over the shards of one tournament: the results
 * folders a set of names stands for, and how much of the schedule they
 * hold ("45 of 60 games; shard 4/4 missing"). */
#ifndef SAB_SHARDS_H
#define SAB_SHARDS_H

#include <stddef.h>

#include "journal.h"
#include "standings.h"

/*
 * Expands the n names into results folders: a name whose folder holds a
 * journal.txt is one; a folder without one whose subfolders hold journals
 * (the shards the distributed scripts bring back into one folder, such
 * as OUT/shard-1-of-4 ...) stands for those subfolders, in name order;
 * one whose shard subfolders hold none yet is an error that names the
 * shards missing ("OUT holds no results yet: shards 1-4 of 4 missing");
 * any other name is kept as it is, for standings_add_dir() to say what is
 * wrong with it.  Returns 0 with a new array *out of *nout names (free it
 * with shards_free()), or -1 with a message in err (out of memory, a
 * folder that cannot be read).
 */
int shards_expand(const char *const *names, int n, char ***out, int *nout,
    char *err, size_t errlen);

/* Frees what shards_expand() made; NULL is fine. */
void shards_free(char **list, int n);

/*
 * Says how much of the schedule the n folders (already counted into st)
 * hold, in one line for people in msg: "45 of 60 games; shard 4/4
 * missing", "52 of 60 games; shard 3/4 unfinished (7 of 15 games)",
 * "60 of 60 games, all 4 shards".  Folders that split the schedule in
 * different ways (shard 1/3 and shard 2/4) are told to warn, once: their
 * games still count once each, but no shard is named missing.  The
 * number of games of the schedule is known from journals written since
 * headers hold it ("schedule="); without it the line gives the games
 * counted alone.  Returns 1 when the line is worth printing (something
 * is missing, or there is more than one folder or shard), 0 when it is
 * not (one whole run, finished), -1 with a message in err when a header
 * cannot be read or memory runs out.
 */
int shards_coverage(const standings *st, const char *const *dirs, int n,
    journal_warn_fn *warn, void *arg, char *msg, size_t len, char *err,
    size_t errlen);

/* The number of games of the whole schedule, from the n folders' journal
 * headers (the largest they give), or 0 when none gives it (journals of
 * earlier versions).  -1 with a message in err when a header cannot be
 * read. */
long shards_schedule(const char *const *dirs, int n, char *err,
    size_t errlen);

#endif
