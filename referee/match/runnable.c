/* runnable.c: finds a bot's program before it is started, as execvp() in
 * the bot's folder and environment will. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runnable.h"

/* execvp()'s search path when PATH is not set (glibc's and musl's). */
#define DEFAULT_PATH "/bin:/usr/bin"

/* The PATH the bot's execvp() will search. */
static const char *bot_path(char *const *env)
{
	const char *path = getenv("PATH");

	/* proc_spawn() adds env to the referee's; the last entry wins. */
	for (; env != NULL && *env != NULL; env++)
		if (strncmp(*env, "PATH=", 5) == 0)
			path = *env + 5;
	return path != NULL ? path : DEFAULT_PATH;
}

/* 0 when DIR/NAME (dir of dlen bytes; none when dlen is 0 and name is
 * absolute), taken from cwd when relative, is a regular file the user may
 * execute; else -1 with errno as execve() would set it. */
static int can_exec(const char *cwd, const char *dir, size_t dlen,
    const char *name)
{
	char path[PATH_MAX];
	struct stat st;
	int n;
	int rel = dlen > 0 ? dir[0] != '/' : name[0] != '/';

	n = snprintf(path, sizeof path, "%s%s%.*s%s%s", rel && cwd ? cwd : "",
	    rel && cwd ? "/" : "", (int)dlen, dir, dlen > 0 ? "/" : "", name);
	if (n < 0 || (size_t)n >= sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (stat(path, &st) != 0)
		return -1;
	/* execve() refuses a folder or a device with EACCES. */
	if (!S_ISREG(st.st_mode)) {
		errno = EACCES;
		return -1;
	}
	return access(path, X_OK);
}

/* Searches PATH as execvp() does: a folder that refuses (EACCES) is
 * remembered and reported if no other has the program. */
static int search(const char *cwd, const char *path, const char *name)
{
	int refused = 0;

	for (const char *p = path;; p++) {
		size_t len = strcspn(p, ":");
		/* An empty entry is the current folder. */
		if (can_exec(cwd, len ? p : ".", len ? len : 1, name) == 0)
			return 0;
		refused |= errno == EACCES;
		p += len;
		if (*p == '\0')
			break;
	}
	errno = refused ? EACCES : ENOENT;
	return -1;
}

/* 0 when the bot can enter its folder; else -1 with errno as chdir()
 * would set it. */
static int can_enter(const char *cwd)
{
	struct stat st;

	if (stat(cwd, &st) != 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return access(cwd, X_OK);
}

int runnable_check(char *const *argv, const char *cwd, char *const *env,
    char *err, size_t errlen)
{
	const char *name = argv != NULL && argv[0] != NULL ? argv[0] : "";
	int n;

	if (cwd != NULL && can_enter(cwd) != 0)
		n = snprintf(err, errlen, "cannot run %s: %s: %s", name, cwd,
		    strerror(errno));
	else if (name[0] == '\0')
		n = snprintf(err, errlen, "cannot run \"\": %s",
		    strerror(ENOENT));
	else if ((strchr(name, '/') != NULL ? can_exec(cwd, "", 0, name) :
	    search(cwd, bot_path(env), name)) == 0)
		return 0;
	else
		n = snprintf(err, errlen, "cannot run %s: %s", name,
		    strerror(errno));
	/* A message cut short still begins with what matters. */
	if (n < 0 && errlen > 0)
		err[0] = '\0';
	return -1;
}
