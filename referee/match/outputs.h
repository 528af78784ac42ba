/* outputs.h: the files "saboteur play" writes (the log folder, the replays)
 * named and checked before any bot starts. */
#ifndef SAB_OUTPUTS_H
#define SAB_OUTPUTS_H

#include <stddef.h>

/*
 * Checks a --replay name: a file name in which each printf conversion of
 * an int, with any flags, width and precision (%d, %05d, %3i...), stands
 * for the game number and %% for a percent sign.  Returns how many game
 * number conversions it holds, or -1 with the reason and the remedy in
 * err when it holds another conversion.
 */
int outputs_replay_check(const char *pattern, char *err, size_t errlen);

/*
 * Writes into out the file name of game g (from 1) by a pattern that
 * outputs_replay_check() accepted.  Returns 0, or -1 when it does not fit
 * or the pattern is not one it accepts.
 */
int outputs_replay_path(const char *pattern, int g, char *out, size_t len);

/*
 * Creates path as a folder, 0700, with the parents it lacks (a folder that
 * exists keeps its mode), and checks that it is a folder this process may
 * write in.  Returns 0, or -1 with the reason in err.
 */
int outputs_folder(const char *path, char *err, size_t errlen);

/*
 * What "play" checks before any bot starts: the log folder (created), the
 * folder of every game's replay (created), and that no game's replay is
 * there already from an earlier run unless force.  Returns 0, or -1 with the reason
 * and the remedy in err.
 */
int outputs_prepare(const char *log_dir, const char *replay, int games,
    int force, char *err, size_t errlen);

/*
 * The last line of the file at path that holds something (a bot's stderr
 * log, to say why it failed), without its newline, cut to len.  Returns
 * 0, or -1 with "" in out when there is none or the file cannot be read.
 */
int outputs_last_line(const char *path, char *out, size_t len);

#endif
