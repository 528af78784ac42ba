/* sandbox.c: each bot sealed off in bubblewrap: the command line that builds
 * its view of the machine, its environment, its limits and their settings. */
#define _XOPEN_SOURCE 700       /* realpath() */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/inotify.h>
#endif

#include "sandbox.h"
#include "split.h"

extern char **environ;

#define MB (1024 * 1024ULL)
/* How long the one trial run of bwrap may take; a busy machine may be slow
 * to start it, and it runs once per command. */
#define PROBE_NS (20 * 1000000000LL)

/* ---- settings --------------------------------------------------------------- */

/* The fields in the order of their bits, with their defaults and the
 * largest value a file may give. */
static const struct field {
	const char *key;
	size_t off;
	int64_t dflt, max;
} fields[] = {
	{ "mode", offsetof(sandbox_settings, mode), SANDBOX_AUTO, SANDBOX_OFF },
	{ "network", offsetof(sandbox_settings, network), 0, 1 },
	{ "writable", offsetof(sandbox_settings, writable), 0, 1 },
	{ "memory-mb", offsetof(sandbox_settings, memory_mb), 2048, 1 << 24 },
	{ "processes", offsetof(sandbox_settings, processes), 256, 1 << 20 },
	{ "open-files", offsetof(sandbox_settings, open_files), 1024, 1 << 20 },
	{ "file-size-mb", offsetof(sandbox_settings, file_size_mb), 64, 1 << 24 },
	{ "cpu-seconds", offsetof(sandbox_settings, cpu_seconds), 0, 1 << 30 },
	{ "disk-mb", offsetof(sandbox_settings, disk_mb), 256, 1 << 24 },
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static int64_t *field_of(sandbox_settings *s, size_t i)
{
	return (int64_t *)(void *)((char *)s + fields[i].off);
}

void sandbox_settings_over(sandbox_settings *s, const sandbox_settings *over)
{
	for (size_t i = 0; i < NFIELDS; i++)
		if (over->given & (1u << i)) {
			*field_of(s, i) = *field_of((sandbox_settings *)over, i);
			s->given |= 1u << i;
		}
}

void sandbox_settings_final(sandbox_settings *s)
{
	for (size_t i = 0; i < NFIELDS; i++)
		if (!(s->given & (1u << i))) {
			*field_of(s, i) = fields[i].dflt;
			s->given |= 1u << i;
		}
}

int sandbox_settings_field(const sandbox_settings *s, size_t i, int64_t *v)
{
	if (i >= NFIELDS)
		return 0;
	*v = *(const int64_t *)(const void *)((const char *)s + fields[i].off);
	return 1;
}

static const char *const mode_names[] = { "auto", "on", "off" };

const char *sandbox_mode_name(int mode)
{
	return mode >= 0 && mode <= SANDBOX_OFF ? mode_names[mode] : "?";
}

int sandbox_mode_parse(const char *word)
{
	for (int m = 0; m <= SANDBOX_OFF; m++)
		if (strcmp(word, mode_names[m]) == 0)
			return m;
	return -1;
}

static int bool_word(const char *v)
{
	static const char *const yes[] = { "true", "yes", "on", NULL };
	static const char *const no[] = { "false", "no", "off", NULL };

	for (int i = 0; yes[i]; i++)
		if (strcmp(v, yes[i]) == 0)
			return 1;
	for (int i = 0; no[i]; i++)
		if (strcmp(v, no[i]) == 0)
			return 0;
	return -1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && errlen > 0) {
		va_start(ap, fmt);
		if (vsnprintf(err, errlen, fmt, ap) < 0)
			err[0] = '\0';
		va_end(ap);
	}
	return -1;
}

int sandbox_settings_key(sandbox_settings *s, const char *key,
    const char *value, int top_level, char *err, size_t errlen)
{
	for (size_t i = top_level ? 0 : 1; i < NFIELDS; i++) {
		char *end;
		long long v;
		if (strcmp(key, fields[i].key) != 0)
			continue;
		if (i == 0)
			v = sandbox_mode_parse(value);
		else if (fields[i].max == 1)
			v = bool_word(value);
		else {
			errno = 0;
			v = strtoll(value, &end, 10);
			if (errno || end == value || *end != '\0' ||
			    v > fields[i].max)
				v = -1;
		}
		if (v < 0 && i == 0)
			return fail(err, errlen, "auto, on or off expected, "
			    "not \"%.40s\"", value);
		if (v < 0 && fields[i].max == 1)
			return fail(err, errlen, "true or false expected, not "
			    "\"%.40s\"", value);
		if (v < 0)
			return fail(err, errlen, "a whole number from 0 to %lld "
			    "expected (0: no limit), not \"%.40s\"",
			    (long long)fields[i].max, value);
		*field_of(s, i) = v;
		s->given |= 1u << i;
		return 1;
	}
	return 0;
}

void sandbox_limits(const sandbox_settings *s, proc_limits *l)
{
	l->memory = (uint64_t)s->memory_mb * MB;
	l->procs = (uint64_t)s->processes;
	l->files = (uint64_t)s->open_files;
	l->file_size = (uint64_t)s->file_size_mb * MB;
	l->cpu = (uint64_t)s->cpu_seconds;
}

/* ---- paths -------------------------------------------------------------------- */

/* 1 when path is dir or inside it. */
static int is_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return 1;
	return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* The folders bots see read-only, as on the machine. */
static const char *const system_dirs[] = {
	"/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
	"/libx32", NULL
};

static int is_system(const char *path)
{
	for (int i = 0; system_dirs[i]; i++)
		if (is_under(path, system_dirs[i]))
			return 1;
	return 0;
}

/* Secrets of the machine inside the system folders: hidden all the same
 * (a referee run as root gives its bots a root that can read them). */
static const char *const secret_files[] = {
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-",
	"/etc/sudoers", NULL
};
static const char *const secret_dirs[] = {
	"/etc/ssh", "/etc/munge", "/etc/ssl/private", "/etc/sudoers.d", NULL
};

/* The absolute, resolved path of p (relative to cwd) into out; -1 when it
 * does not exist. */
static int resolve(const char *cwd, const char *p, char out[PATH_MAX])
{
	char joined[PATH_MAX];

	if (p[0] != '/' && cwd != NULL) {
		if (snprintf(joined, sizeof joined, "%s/%s", cwd, p) >=
		    (int)sizeof joined)
			return -1;
		p = joined;
	}
	return realpath(p, out) == NULL ? -1 : 0;
}

/* Finds name in the PATH of env (else the referee's) as execvp() would,
 * into out; -1 when it is nowhere. */
static int find_program(const char *name, char *const *env, char out[PATH_MAX])
{
	const char *path = getenv("PATH");
	char dir[PATH_MAX];

	for (int i = 0; env != NULL && env[i] != NULL; i++)
		if (strncmp(env[i], "PATH=", 5) == 0)
			path = env[i] + 5;
	if (path == NULL)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path != '\0') {
		size_t n = strcspn(path, ":");
		if (n > 0 && n < sizeof dir &&
		    snprintf(out, PATH_MAX, "%.*s/%s", (int)n, path, name) <
		    PATH_MAX && access(out, X_OK) == 0) {
			return 0;
		}
		path += n + (path[n] == ':');
	}
	return -1;
}

/* ---- the command ---------------------------------------------------------------- */

/* Keeps p to be freed with the command; returns p (NULL when p is NULL or
 * there is no memory, having freed p). */
static void *own(sandbox_cmd *c, void *p)
{
	if (p == NULL)
		return NULL;
	if (c->nowned == c->capowned) {
		size_t ncap = c->capowned ? 2 * c->capowned : 64;
		char **n = realloc(c->owned, ncap * sizeof *n);
		if (n == NULL) {
			free(p);
			return NULL;
		}
		c->owned = n;
		c->capowned = ncap;
	}
	c->owned[c->nowned++] = p;
	return p;
}

void sandbox_cmd_free(sandbox_cmd *c)
{
	for (size_t i = 0; i < c->nowned; i++)
		free(c->owned[i]);
	free(c->owned);
	cgroup_free(c->cg);
	/* Above 2 when open (sysfilter_open()); a zeroed command has none. */
	if (c->filter_fd > 2)
		(void)close(c->filter_fd);
	sandbox_guard_close(&c->guard);
	memset(c, 0, sizeof *c);
	c->filter_fd = -1;
	c->guard.notify_fd = -1;
}

/* The growing argument list of bwrap. */
typedef struct args {
	sandbox_cmd *c;
	char **v;
	size_t n, cap;
	int oom;
	/* The trees bound so far, to hide inside them and not bind twice. */
	char *bound[64];
	int bound_rw[64];
	int nbound;
} args;

static void arg(args *a, const char *s)
{
	char *copy;

	if (a->oom)
		return;
	if (a->n + 2 > a->cap) {
		size_t ncap = a->cap ? 2 * a->cap : 128;
		char **n = realloc(a->v, ncap * sizeof *n);
		if (n == NULL) {
			a->oom = 1;
			return;
		}
		a->v = n;
		a->cap = ncap;
	}
	if ((copy = own(a->c, strdup(s))) == NULL) {
		a->oom = 1;
		return;
	}
	a->v[a->n++] = copy;
	a->v[a->n] = NULL;
}

static void arg3(args *a, const char *x, const char *y, const char *z)
{
	arg(a, x);
	arg(a, y);
	if (z != NULL)
		arg(a, z);
}

/* 1 when path is already visible through a bound tree (read-only, or
 * writable when rw is not asked). */
static int is_bound(const args *a, const char *path, int rw)
{
	if (is_system(path))
		return 1;
	for (int i = 0; i < a->nbound; i++)
		if (is_under(path, a->bound[i]) && (a->bound_rw[i] || !rw))
			return 1;
	return 0;
}

/* Shows path (resolved, absolute) inside at the same place. */
static void show_path(args *a, const char *path, int rw)
{
	if (is_bound(a, path, rw) || a->nbound == 64)
		return;
	arg3(a, rw ? "--bind" : "--ro-bind", path, path);
	a->bound[a->nbound] = own(a->c, strdup(path));
	a->bound_rw[a->nbound++] = rw;
}

/* The system folders, read-only; merged-/usr links as links. */
static void bind_system(args *a)
{
	for (int i = 0; system_dirs[i]; i++) {
		const char *d = system_dirs[i];
		char target[PATH_MAX];
		struct stat st;
		ssize_t k;

		if (lstat(d, &st) != 0)
			continue;
		if (S_ISLNK(st.st_mode) &&
		    (k = readlink(d, target, sizeof target - 1)) > 0) {
			target[k] = '\0';
			arg3(a, "--symlink", target, d);
		} else if (S_ISDIR(st.st_mode)) {
			arg3(a, "--ro-bind", d, d);
		}
	}
	for (int i = 0; secret_files[i]; i++)
		if (access(secret_files[i], F_OK) == 0)
			arg3(a, "--ro-bind", "/dev/null", secret_files[i]);
	for (int i = 0; secret_dirs[i]; i++)
		if (access(secret_dirs[i], F_OK) == 0)
			arg3(a, "--tmpfs", secret_dirs[i], NULL);
}

/* The program's own folder when it lies outside the system folders (a
 * pyenv shim, a language installed in a home folder): the folder of the
 * file, or the one above a bin/ or shims/ folder, whose siblings hold the
 * rest of the installation. */
static void bind_program_home(args *a, const char *file)
{
	char dir[PATH_MAX], *slash;

	if (snprintf(dir, sizeof dir, "%s", file) >= (int)sizeof dir ||
	    (slash = strrchr(dir, '/')) == NULL || slash == dir)
		return;
	*slash = '\0';
	slash = strrchr(dir, '/');
	if (slash != NULL && slash != dir &&
	    (strcmp(slash + 1, "bin") == 0 || strcmp(slash + 1, "shims") == 0))
		*slash = '\0';
	if (!is_system(dir))
		show_path(a, dir, 0);
}

/* The first word of text (up to a blank) into out; returns what follows
 * it, or NULL when it does not fit. */
static const char *word_of(const char *text, char *out, size_t len)
{
	size_t n = strcspn(text, " \t");

	if (n >= len)
		return NULL;
	memcpy(out, text, n);
	out[n] = '\0';
	return text + n + strspn(text + n, " \t");
}

/* The program env(1) runs for the words of a #! line after it (the kernel
 * passes them as one argument, which env splits only after -S): its
 * options and NAME=VALUE words skipped, into out.  -1: none. */
static int env_program(const char *words, char *out, size_t len)
{
	char w[PATH_MAX];

	if (strncmp(words, "-S", 2) != 0) {
		if (words[0] == '-' || strchr(words, '=') != NULL ||
		    snprintf(out, len, "%s", words) >= (int)len)
			return -1;
		return out[0] != '\0' ? 0 : -1;
	}
	words += 2 + strspn(words + 2, " \t");
	while (*words != '\0' && (words = word_of(words, w, sizeof w)) != NULL) {
		if (strcmp(w, "-u") == 0 || strcmp(w, "-C") == 0) {
			if ((words = word_of(words, w, sizeof w)) == NULL)
				return -1;
		} else if (w[0] != '-' && strchr(w, '=') == NULL) {
			return snprintf(out, len, "%s", w) < (int)len ? 0 : -1;
		}
	}
	return -1;
}

/*
 * A script's interpreter lives where the script says on its #! line, which
 * may be outside the system folders too: a python3 in a home folder, a
 * wrapper script on PATH that runs the real one through it, a pyenv shim
 * named through env(1).  Shows the installation of the interpreter file
 * names (as bind_program_home() does for the program), then of its own
 * interpreter, as deep as the kernel follows them.  The referee must be
 * able to read file; a binary, or a file it cannot read, adds nothing.
 */
static void bind_interpreters(args *a, const char *file, char *const *env,
    int depth)
{
	char head[256], interp[PATH_MAX], prog[PATH_MAX], real[PATH_MAX];
	const char *rest, *base;
	ssize_t k;
	int fd;

	if (depth == 0 || (fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	k = read(fd, head, sizeof head - 1);
	(void)close(fd);
	if (k < 3 || head[0] != '#' || head[1] != '!')
		return;
	head[k] = '\0';
	head[strcspn(head, "\r\n")] = '\0';
	rest = head + 2 + strspn(head + 2, " \t");
	if ((rest = word_of(rest, interp, sizeof interp)) == NULL ||
	    interp[0] != '/')
		return;
	base = strrchr(interp, '/') + 1;
	if (strcmp(base, "env") == 0) {
		if (env_program(rest, prog, sizeof prog) != 0 ||
		    (strchr(prog, '/') == NULL ?
		    find_program(prog, env, interp) : resolve(NULL, prog,
		    interp)) != 0)
			return;
	}
	/* A missing interpreter stays missing: exec fails in the bot's
	 * process and says so, as outside (bwrap would fail to bind it). */
	if (realpath(interp, real) == NULL)
		return;
	if (!is_system(interp))
		bind_program_home(a, interp);
	if (strcmp(real, interp) != 0 && !is_system(real))
		bind_program_home(a, real);
	bind_interpreters(a, interp, env, depth - 1);
}

/* 1 when path is, or is inside, something bots may not see. */
static int is_hidden(const sandbox *sb, const char *path)
{
	for (int h = 0; h < sb->nhide; h++)
		if (is_under(path, sb->hide[h]))
			return 1;
	return 0;
}

/* The word of argv that names the bot's program: the script, module or
 * jar an interpreter runs (split_program()), else the program itself. */
static int program_word(char *const *argv)
{
	const char *p = split_program(argv);

	for (int i = 0; argv[i] != NULL; i++)
		if (p >= argv[i] && p <= argv[i] + strlen(argv[i]))
			return i;
	return 0;
}

/* The path of word (relative to cwd) with its folder resolved and its
 * last name kept, so that a symbolic link stays the link; -1 when the
 * folder does not exist. */
static int resolve_folder(const char *cwd, const char *word,
    char out[PATH_MAX])
{
	char dir[PATH_MAX], real[PATH_MAX];
	const char *base = strrchr(word, '/');
	size_t n;

	if (base == NULL)
		return resolve(cwd, ".", real) != 0 || snprintf(out, PATH_MAX,
		    "%s/%s", strcmp(real, "/") ? real : "", word) >= PATH_MAX ?
		    -1 : 0;
	n = (size_t)(base - word);
	if (base[1] == '\0' || strcmp(base + 1, ".") == 0 ||
	    strcmp(base + 1, "..") == 0 || n + 1 >= sizeof dir)
		return -1;
	memcpy(dir, word, n ? n : 1);
	dir[n ? n : 1] = '\0';
	if (resolve(cwd, dir, real) != 0 || snprintf(out, PATH_MAX, "%s/%s",
	    strcmp(real, "/") ? real : "", base + 1) >= PATH_MAX)
		return -1;
	return 0;
}

/* Cuts path (absolute) to its folder, in place. */
static void to_folder(char *path)
{
	char *slash = strrchr(path, '/');

	if (slash == path)
		slash[1] = '\0';
	else if (slash != NULL)
		*slash = '\0';
}

/*
 * The files the command names: a folder as itself, a file with its folder
 * (where an interpreter finds the script's modules), but a file in the
 * referee's own folder alone (that folder holds the logs and more), unless
 * it is the bot's program: a bot's program is seen with its folder, where
 * its own libraries are.  A symbolic link is seen where it is and where it
 * points.  Nothing hidden is shown when the command names it, but a
 * program in a hidden place is shown, for hide_all() to refuse.
 */
static void bind_named(args *a, const sandbox *sb, char *const *argv,
    const char *work, int own_dir)
{
	char path[PATH_MAX], link[PATH_MAX];
	int prog = program_word(argv);
	struct stat st;

	for (int i = 0; argv[i] != NULL; i++) {
		int is_prog = i == prog;
		if (argv[i][0] == '-' || (i == 0 && strchr(argv[i], '/') == NULL))
			continue;
		if (resolve(work, argv[i], path) != 0 || stat(path, &st) != 0)
			continue;
		if (resolve_folder(work, argv[i], link) != 0)
			snprintf(link, sizeof link, "%s", path);
		if (is_system(path) && is_system(link))
			continue;
		if (!is_prog && (is_hidden(sb, path) || is_hidden(sb, link)))
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (own_dir || strcmp(path, work) != 0)
				show_path(a, path, 0);
			continue;
		}
		to_folder(path);
		if (!is_prog && !own_dir && strcmp(path, work) == 0) {
			/* bwrap binds what a link points to, at the link. */
			show_path(a, link, 0);
			continue;
		}
		if (!is_system(path))
			show_path(a, path, 0);
		to_folder(link);
		if (strcmp(link, path) != 0 && !is_system(link) &&
		    (is_prog || own_dir || strcmp(link, work) != 0))
			show_path(a, link, 0);
	}
}

/* Covers each hidden path that a bound tree shows; a bound tree inside a
 * hidden one, or one that shows a shielded folder, is the organiser's
 * mistake, said plainly. */
static int hide_all(args *a, const sandbox *sb, char *err, size_t errlen)
{
	for (int h = 0; h < sb->nshield; h++)
		for (int i = 0; i < a->nbound; i++)
			if (is_under(sb->shield[h], a->bound[i]))
				return fail(err, errlen, "the bot would see the "
				    "replays written in %s (it sees %s): give "
				    "--replay a folder of its own (such as "
				    "games/g%%d.sabr.gz), or run the bot from a "
				    "folder of its own", sb->shield[h],
				    a->bound[i]);
	for (int h = 0; h < sb->nhide; h++) {
		const char *p = sb->hide[h];
		struct stat st;
		int shown = 0;

		for (int i = 0; i < a->nbound; i++) {
			if (is_under(a->bound[i], p))
				return fail(err, errlen, "%s is inside %s, which "
				    "bots must not see (logs, replays or "
				    "results): put the bot in a folder of its "
				    "own elsewhere", a->bound[i], p);
			if (is_under(p, a->bound[i]))
				shown = 1;
		}
		if (!shown || stat(p, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			arg3(a, "--tmpfs", p, NULL);
		else
			arg3(a, "--ro-bind", "/dev/null", p);
	}
	return 0;
}

/* The names the referee's environment passes into a sandbox (saboteur(1)):
 * what a program needs to find its tools and speak the user's language. */
static int env_allowed(const char *e)
{
	static const char *const names[] = { "PATH", "LANG", "LANGUAGE", "TZ",
		"PYENV_ROOT", "PYENV_VERSION", "JAVA_HOME", NULL };
	size_t n = strcspn(e, "=");

	if (strncmp(e, "LC_", 3) == 0)
		return 1;
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == n && strncmp(e, names[i], n) == 0)
			return 1;
	return 0;
}

/* The allow list from the referee's environment, then HOME and TMPDIR in
 * the private /tmp, then the configuration's entries. */
static int sandbox_env(sandbox_cmd *c, char *const *env)
{
	size_t n = 0, k = 0, m = 0;

	while (environ != NULL && environ[n] != NULL)
		n++;
	while (env != NULL && env[k] != NULL)
		k++;
	if ((c->env = own(c, calloc(n + k + 3, sizeof *c->env))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (env_allowed(environ[i]))
			c->env[m++] = environ[i];
	c->env[m++] = "HOME=/tmp";
	c->env[m++] = "TMPDIR=/tmp";
	for (size_t j = 0; j < k; j++)
		c->env[m++] = env[j];
	c->env[m] = NULL;
	c->env_exact = 1;
	return 0;
}

/* bwrap's processes (its own and the PID namespace's init) on top of the
 * bot's in its cgroup. */
#define BWRAP_PROCS 2

/* The bot's cgroup, where the machine offers them: the whole tree's
 * memory (its tmpfs pages too) and processes.  0 or -1 with err set. */
static int make_cgroup(const sandbox *sb, const sandbox_settings *s,
    sandbox_cmd *out, char *err, size_t errlen)
{
	uint64_t procs = s->processes > 0 ? (uint64_t)s->processes +
	    (sb->on ? BWRAP_PROCS : 0) : 0;

	out->cg = cgroup_new((cgroup_sys *)&sb->cgs,
	    (uint64_t)s->memory_mb * MB, procs, s->cpu_seconds > 0, err, errlen);
	return out->cg == NULL && err[0] != '\0' ? -1 : 0;
}

#ifdef __linux__
static void guard_watch_all(const sandbox_guard *g);
#endif

/* A writable folder's quota, measured from where it starts. */
static void guard_init(sandbox_guard *g, const char *dir, int64_t mb)
{
	int64_t used = sandbox_disk_used(dir);

	g->notify_fd = -1;
	if (mb <= 0 || snprintf(g->dir, sizeof g->dir, "%s", dir) >=
	    (int)sizeof g->dir) {
		g->dir[0] = '\0';
		return;
	}
	g->quota = (uint64_t)mb * MB;
	g->base = used > 0 ? (uint64_t)used : 0;
#ifdef __linux__
	if ((g->notify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) >= 0)
		guard_watch_all(g);
#endif
}

int sandbox_command(const sandbox *sb, const sandbox_settings *s,
    char *const *argv, const char *cwd, int own_dir, char *const *env,
    sandbox_cmd *out, char *err, size_t errlen)
{
	char work[PATH_MAX], prog[PATH_MAX], real[PATH_MAX], size[32];
	args a = { .c = out };

	memset(out, 0, sizeof *out);
	out->filter_fd = -1;
	out->guard.notify_fd = -1;
	if (make_cgroup(sb, s, out, err, errlen) != 0)
		return -1;
	if (!sb->on) {
		out->argv = (char **)argv;
		out->env = (char **)env;
		out->filter = sb->filter.bpf != NULL ? &sb->filter : NULL;
		return 0;
	}
	if (resolve(NULL, cwd != NULL ? cwd : ".", work) != 0) {
		sandbox_cmd_free(out);
		return fail(err, errlen, "cannot find the folder %s: %s",
		    cwd != NULL ? cwd : ".", strerror(errno));
	}
	if ((out->filter_fd = sysfilter_open(&sb->filter)) < 0) {
		sandbox_cmd_free(out);
		return fail(err, errlen, "cannot pass the system-call filter to "
		    "bwrap: %s", strerror(errno));
	}
	arg(&a, sb->bwrap);
	arg3(&a, "--unshare-all", "--unshare-user", NULL);
	if (s->network)
		arg(&a, "--share-net");
	/* No --new-session: a session of its own is an autogroup of its own
	 * for the scheduler (kernel.sched_autogroup_enabled), which cost
	 * sealed bots a third of their games a second on a busy machine; the
	 * system-call filter refuses what a shared session would allow
	 * (TIOCSTI, see sysfilter.c), and proc_spawn() gives the bot a
	 * process group of its own, which the terminal's signals miss. */
	arg(&a, "--die-with-parent");
	arg3(&a, "--cap-drop", "ALL", NULL);
	/* proc_spawn() makes the filter's descriptor the bot's 3, and a
	 * pipe for the init's pid its 4 (the command is wrapped). */
	arg3(&a, "--seccomp", "3", NULL);
	arg3(&a, "--info-fd", "4", NULL);
	bind_system(&a);
	arg3(&a, "--proc", "/proc", NULL);
	arg3(&a, "--dev", "/dev", NULL);
	/* The bot shares the referee's session, so /dev/tty would be the
	 * user's terminal: hidden, so that nothing a bot writes reaches it
	 * raw (its own /dev has no other way to that terminal). */
	arg(&a, "--ro-bind");
	arg3(&a, "/dev/null", "/dev/tty", NULL);
	if (s->disk_mb > 0) {
		(void)snprintf(size, sizeof size, "%llu",
		    (unsigned long long)s->disk_mb * MB);
		arg3(&a, "--size", size, NULL);
	}
	arg3(&a, "--tmpfs", "/tmp", NULL);
	if (!is_system(work))
		arg3(&a, "--dir", work, NULL);
	if (own_dir)
		show_path(&a, work, s->writable > 0);
	if (own_dir && s->writable > 0)
		guard_init(&out->guard, work, s->disk_mb);
	if (strchr(argv[0], '/') == NULL &&
	    find_program(argv[0], env, prog) == 0) {
		bind_program_home(&a, prog);
		if (realpath(prog, real) != NULL && strcmp(real, prog) != 0)
			bind_program_home(&a, real);
	}
	/* The kernel follows four #! lines deep (BINPRM_MAX_RECURSION). */
	if (strchr(argv[0], '/') == NULL ? find_program(argv[0], env, prog) ==
	    0 : resolve(work, argv[0], prog) == 0)
		bind_interpreters(&a, prog, env, 4);
	bind_named(&a, sb, argv, work, own_dir);
	if (hide_all(&a, sb, err, errlen) != 0) {
		free(a.v);
		sandbox_cmd_free(out);
		return -1;
	}
	arg3(&a, "--chdir", work, "--");
	for (int i = 0; argv[i] != NULL; i++)
		arg(&a, argv[i]);
	if (a.oom || own(out, a.v) == NULL || sandbox_env(out, env) != 0) {
		if (a.oom)
			free(a.v);
		sandbox_cmd_free(out);
		return fail(err, errlen, "out of memory");
	}
	out->argv = a.v;
	out->wrapped = 1;
	return 0;
}

void sandbox_spec(sandbox_cmd *c, proc_spec *spec)
{
	spec->argv = c->argv;
	spec->env = c->env;
	spec->env_exact = c->env_exact;
	spec->wrapped = c->wrapped;
	spec->cg = c->cg;
	if (c->filter_fd > 0) {       /* bwrap's --seccomp 3 */
		spec->pass_fds = &c->filter_fd;
		spec->npass = 1;
	}
	spec->seccomp = c->filter;
	c->cg = NULL;
}

/* ---- telling people --------------------------------------------------------------- */

/* The folder bwrap binds at its own place, for sandbox_show(). */
static void show_bind(FILE *f, const char *prefix, const char *what,
    const char *path)
{
	fprintf(f, "%s%s %s\n", prefix, what, path);
}

void sandbox_show(const sandbox_cmd *c, const sandbox_settings *s,
    const char *prefix, FILE *f)
{
	char **v = c->argv;
	int i = 1;

	if (!c->wrapped) {
		fprintf(f, "%sunsealed: it sees what the referee's user sees\n",
		    prefix);
		i = 0;
	}
	for (; c->wrapped && v[i] != NULL && strcmp(v[i], "--") != 0; i++) {
		if (strcmp(v[i], "--ro-bind") == 0 && v[i + 1] != NULL &&
		    strcmp(v[i + 1], "/dev/null") == 0 && v[i + 2] != NULL) {
			show_bind(f, prefix, "hidden:", v[i + 2]);
			i += 2;
		} else if ((strcmp(v[i], "--ro-bind") == 0 ||
		    strcmp(v[i], "--bind") == 0) && v[i + 1] && v[i + 2]) {
			show_bind(f, prefix, v[i][2] == 'r' ? "sees, read-only:" :
			    "sees, writable:", v[i + 2]);
			i += 2;
		} else if (strcmp(v[i], "--tmpfs") == 0 && v[i + 1] != NULL) {
			if (strcmp(v[i + 1], "/tmp") == 0)
				fprintf(f, "%sa private /tmp of %lld MB\n", prefix,
				    (long long)s->disk_mb);
			else
				show_bind(f, prefix, "hidden:", v[i + 1]);
			i++;
		} else if (strcmp(v[i], "--symlink") == 0 && v[i + 1] && v[i + 2]) {
			fprintf(f, "%slink: %s -> %s\n", prefix, v[i + 2], v[i + 1]);
			i += 2;
		} else if (strcmp(v[i], "--proc") == 0 || strcmp(v[i],
		    "--dev") == 0) {
			fprintf(f, "%sits own %s\n", prefix, v[++i]);
		} else if (strcmp(v[i], "--chdir") == 0 && v[i + 1] != NULL) {
			fprintf(f, "%sruns in %s\n", prefix, v[++i]);
		} else if (strcmp(v[i], "--size") == 0 || strcmp(v[i],
		    "--seccomp") == 0 || strcmp(v[i], "--dir") == 0 ||
		    strcmp(v[i], "--cap-drop") == 0 ||
		    strcmp(v[i], "--info-fd") == 0) {
			i++;
		}
	}
	if (v[i] != NULL && strcmp(v[i], "--") == 0)
		i++;
	fprintf(f, "%sruns:", prefix);
	for (; v[i] != NULL; i++)
		fprintf(f, " %s", v[i]);
	fputc('\n', f);
	for (int k = 0; c->env != NULL && c->env[k] != NULL; k++)
		fprintf(f, "%senv: %s\n", prefix, c->env[k]);
	if (c->env == NULL)
		fprintf(f, "%senv: the referee's\n", prefix);
	fprintf(f, "%slimits: memory %lld MB, processes %lld, open files %lld, "
	    "file size %lld MB, CPU %lld s, disk %lld MB (0: none); %s\n",
	    prefix, (long long)s->memory_mb, (long long)s->processes,
	    (long long)s->open_files, (long long)s->file_size_mb,
	    (long long)s->cpu_seconds, (long long)s->disk_mb, c->cg != NULL ||
	    !c->wrapped ? "memory and processes for its whole tree (cgroup)" :
	    "memory and processes per process (no cgroup)");
	fprintf(f, "%ssystem-call filter: %s\n", prefix, c->filter_fd > 0 ||
	    c->filter != NULL ? "on" : "off");
}

/* ---- a writable folder's quota ---------------------------------------------------- */

/* Adds up the blocks under the open folder fd, on device dev, up to depth
 * levels down; closes fd. */
static int64_t disk_walk(int fd, dev_t dev, int depth)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int64_t sum = 0;

	if (d == NULL) {
		(void)close(fd);
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    st.st_dev != dev)
			continue;
		sum += (int64_t)st.st_blocks * 512;
		if (S_ISDIR(st.st_mode) && depth > 0) {
			int sub = openat(dirfd(d), e->d_name, O_RDONLY |
			    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0)
				sum += disk_walk(sub, dev, depth - 1);
		}
	}
	(void)closedir(d);
	return sum;
}

int64_t sandbox_disk_used(const char *dir)
{
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		(void)close(fd);
		return -1;
	}
	return disk_walk(fd, st.st_dev, 64);
}

#ifdef __linux__
/* What the guard hears of a folder: a file made, moved in, or closed after
 * writing (a folder made is a file made). */
#define GUARD_EVENTS (IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | \
	IN_ONLYDIR | IN_DONT_FOLLOW)

/* Watches path and the folders under it, depth levels down, on device dev
 * (a folder watched already keeps its watch). */
static void guard_watch(int nfd, char *path, size_t len, dev_t dev, int depth)
{
	DIR *d;
	struct dirent *e;
	size_t at = strlen(path);

	if (inotify_add_watch(nfd, path, GUARD_EVENTS) < 0 || depth <= 0 ||
	    (d = opendir(path)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(st.st_mode) || st.st_dev != dev ||
		    snprintf(path + at, len - at, "/%s", e->d_name) >=
		    (int)(len - at))
			continue;
		guard_watch(nfd, path, len, dev, depth - 1);
		path[at] = '\0';
	}
	(void)closedir(d);
}

/* Watches every folder under g's (again, after folders came). */
static void guard_watch_all(const sandbox_guard *g)
{
	char path[PATH_MAX];
	struct stat st;

	if (stat(g->dir, &st) == 0 &&
	    snprintf(path, sizeof path, "%s", g->dir) < (int)sizeof path)
		guard_watch(g->notify_fd, path, sizeof path, st.st_dev, 64);
}
#endif

void sandbox_guard_drain(sandbox_guard *g)
{
#ifdef __linux__
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t got;
	int dirs = 0;

	if (g->dir[0] == '\0' || g->notify_fd < 0)
		return;
	while ((got = read(g->notify_fd, buf, sizeof buf)) > 0)
		for (char *at = buf; at < buf + got;) {
			const struct inotify_event *e = (const void *)at;
			if (e->mask & (IN_ISDIR | IN_Q_OVERFLOW))
				dirs = 1;
			at += sizeof *e + e->len;
		}
	if (dirs)
		guard_watch_all(g);
#else
	(void)g;
#endif
}

void sandbox_guard_close(sandbox_guard *g)
{
	if (g->dir[0] != '\0' && g->notify_fd >= 0)
		(void)close(g->notify_fd);
	g->notify_fd = -1;
}

int sandbox_guard_over(const sandbox_guard *g, uint64_t *used)
{
	int64_t now;

	if (g->dir[0] == '\0' || (now = sandbox_disk_used(g->dir)) < 0)
		return 0;
	*used = (uint64_t)now > g->base ? (uint64_t)now - g->base : 0;
	return *used > g->quota;
}

/* ---- the referee's sandbox -------------------------------------------------------- */

/* What to do when bwrap is there but fails: the usual cause is a kernel
 * that does not let users make namespaces. */
static void explain_failure(const char *said, char *msg, size_t msglen)
{
	const char *hint = "";

	if (strstr(said, "ermission") != NULL || strstr(said, "namespace") != NULL)
		hint = "; user namespaces are disabled on this machine: enable "
		    "them (as root) with 'sysctl -w kernel.unprivileged_userns_"
		    "clone=1' and 'sysctl -w user.max_user_namespaces=15000' "
		    "(on Ubuntu 24.04 and later also 'sysctl -w kernel."
		    "apparmor_restrict_unprivileged_userns=0'), or run in a "
		    "container that allows them";
	(void)fail(msg, msglen, "bwrap cannot make a sandbox here (it said: "
	    "%.300s)%s", said[0] ? said : "nothing", hint);
}

/*
 * Starts bwrap once with the namespaces, mounts and filter every bot gets,
 * but the network's: a kernel that makes user namespaces makes network
 * namespaces in them, and making one is most of what this run would cost
 * (16 of 47 ms on a 2-core machine); a bot whose own bwrap still fails is
 * stopped before any game with bwrap's reason (saboteur(1), SANDBOX).
 * Returns 0, or -1 with what bwrap could not do in said.
 */
static int sandbox_try(sandbox *sb, char *said, size_t saidlen)
{
	char *argv[] = { (char *)sb->bwrap, "--unshare-all", "--unshare-user",
		"--share-net", "--die-with-parent", "--cap-drop",
		"ALL", "--seccomp", "3", "--info-fd", "4", "--ro-bind", "/", "/",
		"--proc", "/proc", "--dev", "/dev", "--size", "1048576",
		"--tmpfs", "/tmp", "--", "true", NULL };

	if ((sb->probe_fd = sysfilter_open(&sb->filter)) < 0) {
		(void)snprintf(said, saidlen, "cannot pass it the system-call "
		    "filter: %s", strerror(errno));
		return -1;
	}
	sb->probe_deadline = proc_now() + PROBE_NS;
	if (proc_run_start(&sb->probe, argv, sb->probe_fd, 1, said,
	    saidlen) != 0) {
		(void)close(sb->probe_fd);
		sb->probe_fd = -1;
		return -1;
	}
	sb->probing = 1;
	return 0;
}

/* What a bot run unsealed can do, in the warnings. */
static const char *const exposed = "bots run unsealed: each can read every "
    "file the referee's user can (other seats' logs and the replay being "
    "written among them) and signal the other bots";

/* Says the outcome of a failed try for mode: -1 with the error (on), or
 * 0 with the warning, the sandbox off (auto). */
static int sandbox_failed_try(sandbox *sb, const char *said, char *msg,
    size_t msglen)
{
	char why[1024];

	explain_failure(said, why, sizeof why);
	sb->on = 0;
	if (sb->mode == SANDBOX_ON)
		return fail(msg, msglen, "--sandbox on: %s", why);
	(void)fail(msg, msglen, "warning: %s; so %s (pass --sandbox off to "
	    "accept this)", why, exposed);
	return 0;
}

int sandbox_begin(sandbox *sb, int mode, char *msg, size_t msglen)
{
	static const char *const install = "install bubblewrap (Debian: "
	    "apt-get install bubblewrap) or pass --sandbox off to accept this";
	char why[1024];

	memset(sb, 0, sizeof *sb);
	sb->filter.memfd = -1;
	sb->probe_fd = -1;
	sb->mode = mode;
	if (msglen > 0)
		msg[0] = '\0';
	cgroup_sys_init(&sb->cgs);
	if (sysfilter_build(&sb->filter, why, sizeof why) != 0)
		return fail(msg, msglen, "%s", why);
	if (mode == SANDBOX_OFF)
		return 0;
	if (find_program("bwrap", NULL, sb->bwrap) != 0) {
		if (mode == SANDBOX_ON)
			return fail(msg, msglen, "--sandbox on needs bwrap, which "
			    "is not in PATH: %s", install);
		(void)fail(msg, msglen, "warning: bwrap is not in PATH, so %s; "
		    "%s", exposed, install);
		return 0;
	}
	if (sandbox_try(sb, why, sizeof why) != 0)
		return sandbox_failed_try(sb, why, msg, msglen);
	sb->on = 1;
	return 0;
}

int sandbox_settle(sandbox *sb, char *msg, size_t msglen)
{
	char said[512];
	int st;

	if (!sb->probing)
		return 0;       /* msg holds what sandbox_begin() said */
	if (msglen > 0)
		msg[0] = '\0';
	sb->probing = 0;
	st = proc_run_end(&sb->probe, said, sizeof said, sb->probe_deadline);
	(void)close(sb->probe_fd);
	sb->probe_fd = -1;
	if (st == 0)
		return 0;
	return sandbox_failed_try(sb, said, msg, msglen) < 0 ? -1 : 1;
}

int sandbox_init(sandbox *sb, int mode, char *msg, size_t msglen)
{
	if (sandbox_begin(sb, mode, msg, msglen) != 0)
		return -1;
	return sandbox_settle(sb, msg, msglen) < 0 ? -1 : 0;
}

const char *sandbox_describe(const sandbox *sb, char *buf, size_t len)
{
	char cg[300];

	(void)snprintf(buf, len, "%s (%s); whole-tree limits: %s",
	    sb->on ? "sealed" : "unsealed", sb->on ? "bwrap, a system-call "
	    "filter" : "no bwrap: a system-call filter only",
	    cgroup_sys_describe(&sb->cgs, cg, sizeof cg));
	return buf;
}

int sandbox_shield(sandbox *sb, const char *dir, char *err, size_t errlen)
{
	char real[PATH_MAX];

	if (sb->nshield == SANDBOX_MAX_HIDE)
		return fail(err, errlen, "too many folders to shield");
	if (realpath(dir, real) == NULL)
		return fail(err, errlen, "%s: %s", dir, strerror(errno));
	if ((sb->shield[sb->nshield] = strdup(real)) == NULL)
		return fail(err, errlen, "out of memory");
	sb->nshield++;
	return 0;
}

int sandbox_hide(sandbox *sb, const char *path, char *err, size_t errlen)
{
	char real[PATH_MAX];

	if (sb->nhide == SANDBOX_MAX_HIDE)
		return fail(err, errlen, "too many folders to hide");
	if (realpath(path, real) == NULL)
		return fail(err, errlen, "%s: %s", path, strerror(errno));
	if ((sb->hide[sb->nhide] = strdup(real)) == NULL)
		return fail(err, errlen, "out of memory");
	sb->nhide++;
	return 0;
}

void sandbox_free(sandbox *sb)
{
	if (sb->probing) {
		proc_free(&sb->probe);  /* stopped, not waited for */
		sb->probing = 0;
	}
	if (sb->probe_fd >= 0)
		(void)close(sb->probe_fd);
	sb->probe_fd = -1;
	for (int i = 0; i < sb->nhide; i++)
		free(sb->hide[i]);
	sb->nhide = 0;
	for (int i = 0; i < sb->nshield; i++)
		free(sb->shield[i]);
	sb->nshield = 0;
	sysfilter_free(&sb->filter);
	cgroup_sys_free(&sb->cgs);
}

int sandbox_failed(const char *path, char *why, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int failed = 0;

	if (f == NULL)
		return 0;
	if (fgets(line, sizeof line, f) != NULL &&
	    strncmp(line, "bwrap: ", 7) == 0 &&
	    strncmp(line, "bwrap: execvp ", 14) != 0) {
		line[strcspn(line, "\r\n")] = '\0';
		(void)snprintf(why, len, "%s", line);
		failed = 1;
	}
	(void)fclose(f);        /* read only: nothing to lose */
	return failed;
}
