/* runnable.h: whether a bot's command can be run, found out before it is
 * started, so that a mistyped command stops the run with its reason. */
#ifndef SAB_RUNNABLE_H
#define SAB_RUNNABLE_H

#include <stddef.h>

/*
 * Looks for argv[0] as execvp() in the bot's process will: a name with a
 * '/' as a path, relative to cwd (NULL: the referee's folder); any other
 * name in the PATH the bot gets (the last PATH= of env, a NULL-terminated
 * list of NAME=VALUE or NULL, else the referee's), whose relative folders
 * are relative to cwd.  It must be a regular file the user may execute.
 * Returns 0, or -1 with the message the started bot would have written,
 * "cannot run ARGV0: REASON" (or "cannot run ARGV0: CWD: REASON" when cwd
 * is not a folder it can enter), in err.  The file must be a program for
 * this machine or a script whose #! line names an interpreter that is
 * there (for env(1), a program it finds in that PATH): else the reason
 * says which interpreter is missing, or that the file has no #! line.
 */
int runnable_check(char *const *argv, const char *cwd, char *const *env,
    char *err, size_t errlen);

#endif
