/* runnable.c: finds a bot's program before it is started, as execvp() in
 * the bot's folder and environment will. */
#include <errno.h>
#include <fcntl.h>
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
 * execute, its path in path (PATH_MAX bytes); else -1 with errno as
 * execve() would set it. */
static int can_exec(const char *cwd, const char *dir, size_t dlen,
    const char *name, char *path)
{
	struct stat st;
	int n;
	int rel = dlen > 0 ? dir[0] != '/' : name[0] != '/';

	n = snprintf(path, PATH_MAX, "%s%s%.*s%s%s", rel && cwd ? cwd : "",
	    rel && cwd ? "/" : "", (int)dlen, dir, dlen > 0 ? "/" : "", name);
	if (n < 0 || n >= PATH_MAX) {
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
 * remembered and reported if no other has the program.  The program's
 * path goes into found (PATH_MAX bytes). */
static int search(const char *cwd, const char *path, const char *name,
    char *found)
{
	int refused = 0;

	for (const char *p = path;; p++) {
		size_t len = strcspn(p, ":");
		/* An empty entry is the current folder. */
		if (can_exec(cwd, len ? p : ".", len ? len : 1, name, found) ==
		    0)
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

/* A #! line's words: the kernel reads no more than its first 256 bytes. */
#define WORD_MAX 256

/* The first word of s (at most len bytes) into out (WORD_MAX bytes):
 * returns what follows it, or NULL when it is too long. */
static const char *first_word(const char *s, size_t len, char *out)
{
	size_t n = 0;

	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (n < len && s[n] != ' ' && s[n] != '\t')
		n++;
	if (n >= WORD_MAX)
		return NULL;
	memcpy(out, s, n);
	out[n] = '\0';
	return s + n;
}

/*
 * The program env(1) runs for a #! line's argument (arg, len bytes): its
 * first word that is neither an option nor NAME=VALUE (with -S, as env
 * splits it; without, Linux passes the rest of the line as one argument,
 * whose first word is then the program too).  Empty when there is none.
 */
static void env_program(const char *arg, size_t len, char *out)
{
	const char *end = arg + len;

	out[0] = '\0';
	while (arg < end) {
		const char *next = first_word(arg, (size_t)(end - arg), out);
		if (next == NULL || out[0] == '\0') {
			out[0] = '\0';
			return;
		}
		if (out[0] != '-' && strchr(out, '=') == NULL)
			return;
		/* -S and -u NAME are the options a #! line may hold. */
		if (strcmp(out, "-u") == 0 || strcmp(out, "--unset") == 0)
			next = first_word(next, (size_t)(end - next), out);
		if (next == NULL) {
			out[0] = '\0';
			return;
		}
		arg = next;
	}
	out[0] = '\0';
}

/*
 * Whether the script's #! line (line, len bytes, after the "#!") names an
 * interpreter that is there: the kernel runs it, and env(1), when that
 * is the interpreter, searches the bot's PATH for the program it names.
 * Returns 0, or -1 with the reason in err.
 */
static int interpreter_ok(const char *line, size_t len, const char *cwd,
    char *const *env, char *err, size_t errlen)
{
	char interp[WORD_MAX], prog[WORD_MAX], found[PATH_MAX];
	const char *rest = first_word(line, len, interp);
	const char *base;

	if (rest == NULL || interp[0] == '\0') {
		(void)snprintf(err, errlen, "its #! line names no interpreter");
		return -1;
	}
	if (can_exec(cwd, "", 0, interp, found) != 0) {
		(void)snprintf(err, errlen, "its #! line names %s, which %s",
		    interp, errno == ENOENT ? "does not exist" :
		    errno == EACCES ? "is not a program it may run" :
		    strerror(errno));
		return -1;
	}
	base = strrchr(interp, '/');
	base = base != NULL ? base + 1 : interp;
	if (strcmp(base, "env") != 0)
		return 0;
	env_program(rest, len - (size_t)(rest - line), prog);
	if (prog[0] == '\0' || (strchr(prog, '/') != NULL ?
	    can_exec(cwd, "", 0, prog, found) : search(cwd, bot_path(env), prog,
	    found)) == 0)
		return 0;
	if (strchr(prog, '/') != NULL)
		(void)snprintf(err, errlen, "its #! line runs %s through env, "
		    "which cannot be run: %s", prog, strerror(errno));
	else
		(void)snprintf(err, errlen, "its #! line runs %s through env, "
		    "and there is no %s in the PATH", prog, prog);
	return -1;
}

/* The ELF header fields that say which machine a program is for. */
static int elf_kind(const unsigned char *h, size_t n, unsigned char kind[4])
{
	if (n < 20 || memcmp(h, "\177ELF", 4) != 0)
		return -1;
	kind[0] = h[4];         /* 32 or 64 bits */
	kind[1] = h[5];         /* byte order */
	kind[2] = h[18];        /* e_machine, in that order */
	kind[3] = h[19];
	return 0;
}

/*
 * Whether the kernel can execute the file at path: a program for this
 * machine, or a script whose #! line names an interpreter that is there.
 * A file with neither (a script without its #! line) would fail with
 * ENOEXEC, and execvp() would hand it to /bin/sh, which runs a Python or
 * JavaScript bot as nonsense: that is refused too.  A file the user may
 * execute but not read passes: only the kernel can tell.  name is the
 * command's, for the hint.  Returns 0, or -1 with the reason in err.
 */
static int content_ok(const char *name, const char *path, const char *cwd,
    char *const *env, char *err, size_t errlen)
{
	unsigned char head[WORD_MAX], mine[64], k1[4], k2[4];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	n = read(fd, head, sizeof head);
	(void)close(fd);        /* read only */
	if (n < 0)
		return 0;
	if (n >= 2 && head[0] == '#' && head[1] == '!') {
		size_t len = 2;
		while (len < (size_t)n && head[len] != '\n')
			len++;
		/* The kernel takes a '\r' before the '\n' as part of the
		 * interpreter's name (or its argument's): never found. */
		if (head[len - 1] == '\r') {
			(void)snprintf(err, errlen, "its #! line ends with a "
			    "carriage return (Windows line ends): convert the "
			    "file to Unix ones (dos2unix, or sed -i "
			    "'s/\\r$//')");
			return -1;
		}
		return interpreter_ok((const char *)head + 2, len - 2, cwd, env,
		    err, errlen);
	}
	if (elf_kind(head, (size_t)n, k1) == 0) {
		fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return 0;
		ssize_t m = read(fd, mine, sizeof mine);
		(void)close(fd);
		if (m < 0 || elf_kind(mine, (size_t)m, k2) != 0 ||
		    memcmp(k1, k2, 4) == 0)
			return 0;
		(void)snprintf(err, errlen, "%s (a program for another kind "
		    "of machine)", strerror(ENOEXEC));
		return -1;
	}
	(void)snprintf(err, errlen, "it is not a program, and no #! line "
	    "names its interpreter: begin it with one (such as "
	    "#!/usr/bin/env python3), or put the interpreter first in the "
	    "command (python3 %s)", name);
	return -1;
}

int runnable_check(char *const *argv, const char *cwd, char *const *env,
    char *err, size_t errlen)
{
	const char *name = argv != NULL && argv[0] != NULL ? argv[0] : "";
	char found[PATH_MAX], why[PATH_MAX + 200];
	int n;

	if (cwd != NULL && can_enter(cwd) != 0)
		n = snprintf(err, errlen, "cannot run %s: %s: %s", name, cwd,
		    strerror(errno));
	else if (name[0] == '\0')
		n = snprintf(err, errlen, "cannot run \"\": %s",
		    strerror(ENOENT));
	else if ((strchr(name, '/') != NULL ? can_exec(cwd, "", 0, name,
	    found) : search(cwd, bot_path(env), name, found)) == 0) {
		if (content_ok(name, found, cwd, env, why, sizeof why) == 0)
			return 0;
		n = snprintf(err, errlen, "cannot run %s: %s", name, why);
	} else
		n = snprintf(err, errlen, "cannot run %s: %s", name,
		    strerror(errno));
	/* A message cut short still begins with what matters. */
	if (n < 0 && errlen > 0)
		err[0] = '\0';
	return -1;
}
