/* viewer.h: the replay viewer: a replay read and walked into steps, and the
 * interactive front end that shows them on a terminal. */
#ifndef SAB_VIEWER_H
#define SAB_VIEWER_H

#include <stddef.h>

#include "reader.h"
#include "saboteur.h"
#include "view.h"

/* A replay read, its ruleset and its steps, which point into both. */
typedef struct viewer_replay {
	replay_file *f;
	sab_ruleset rs;
	view v;
} viewer_replay;

/*
 * Reads the replay at path with its ruleset (given: --ruleset NAME|FILE,
 * or NULL for the one it names) and walks it.  Returns the replay, which
 * the caller frees with viewer_replay_free(), or NULL with the reason in
 * err and the exit code in *rc.  A replay damaged after its header is
 * returned: v.ok and v.problem say so.
 */
viewer_replay *viewer_replay_read(const char *path, const char *given,
    char *err, size_t errlen, int *rc);

/* Frees a replay read; NULL does nothing. */
void viewer_replay_free(viewer_replay *L);

/* With --follow the game may still be being written: arg when it exists,
 * else arg.part (written into buf, len bytes) when that does, else arg. */
const char *viewer_follow_path(const char *arg, char *buf, size_t len);

/* What the viewer shows and how: the command line's choices. */
typedef struct viewer_opts {
	const char *path;
	const char *ruleset;    /* --ruleset, or NULL */
	int persp;              /* --as: a seat, VIEW_PUBLIC or VIEW_FULL */
	int ascii;
	int follow;
} viewer_opts;

/*
 * Shows the replay at o->path on the terminal until q, the terminal's end
 * or a signal.  L is that replay, read and checked by the caller; the
 * viewer takes it and frees it.  With o->follow, L is NULL: the viewer
 * reads the file when it appears and again whenever it grows.  Returns an
 * exit code, or -1 when ncurses cannot drive the terminal (nothing was
 * shown: the caller prints the position instead).
 */
int viewer_run(const viewer_opts *o, viewer_replay *L);

#endif
