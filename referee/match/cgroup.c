/* cgroup.c: a control group per bot, so that its limits hold for its whole
 * process tree (v1 hierarchies or a delegated v2 subtree; Linux only). */
#define _DEFAULT_SOURCE         /* DT_DIR, strtok_r() */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"
#include "say.h"

/* What the referee's folders are called, with its pid after a '-'. */
#define PREFIX "saboteur-"
/* How long cgroup_free() waits for a killed tree to be gone. */
#define EMPTY_WAIT_MS 2000

static const char *const v1_names[CG_NCTL] = { "pids", "memory", "cpuacct" };

/* ---- files ---------------------------------------------------------------- */

static int path_join(char *out, size_t len, const char *dir, const char *name)
{
	int n = snprintf(out, len, "%s/%s", dir, name);

	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Writes text into DIR/NAME, as the kernel wants it: one write. */
static int put(const char *dir, const char *name, const char *text)
{
	char path[CGROUP_PATH + 64];
	size_t len = strlen(text);
	ssize_t k;
	int fd, e;

	if (path_join(path, sizeof path, dir, name) != 0 ||
	    (fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -1;
	k = write(fd, text, len);
	e = errno;
	(void)close(fd);
	errno = e;
	return k == (ssize_t)len ? 0 : -1;
}

/* Reads DIR/NAME (cut to len - 1 bytes) into buf; -1 when it cannot. */
static int get(const char *dir, const char *name, char *buf, size_t len)
{
	char path[CGROUP_PATH + 64];
	ssize_t k;
	int fd;

	if (path_join(path, sizeof path, dir, name) != 0 ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	k = read(fd, buf, len - 1);
	(void)close(fd);
	if (k < 0)
		return -1;
	buf[k] = '\0';
	return 0;
}

/* The number after "KEY " on a line of text; -1 when there is none. */
static long long key_in(const char *text, const char *key)
{
	size_t n = strlen(key);

	for (const char *l = text; l != NULL && *l != '\0'; ) {
		if (strncmp(l, key, n) == 0 && l[n] == ' ')
			return strtoll(l + n + 1, NULL, 10);
		l = strchr(l, '\n');
		l = l != NULL ? l + 1 : NULL;
	}
	return -1;
}

/* The number after "KEY " on a line of DIR/NAME (a flat-keyed file such
 * as memory.events); -1 when there is none. */
static long long keyed(const char *dir, const char *name, const char *key)
{
	char buf[4096];

	if (dir[0] == '\0' || get(dir, name, buf, sizeof buf) != 0)
		return -1;
	return key_in(buf, key);
}

/* keyed(), on a descriptor of DIR/NAME kept in *fd (opened at the first
 * call, -1 until then): read again from its start, without the path's
 * walk an open costs each time. */
static long long keyed_kept(int *fd, const char *dir, const char *name,
    const char *key)
{
	char path[CGROUP_PATH + 64], buf[4096];
	ssize_t k;

	if (dir[0] == '\0')
		return -1;
	if (*fd < 0 && (path_join(path, sizeof path, dir, name) != 0 ||
	    (*fd = open(path, O_RDONLY | O_CLOEXEC)) < 0))
		return -1;
	if ((k = pread(*fd, buf, sizeof buf - 1, 0)) < 0)
		return -1;
	buf[k] = '\0';
	return key_in(buf, key);
}

/* The number DIR/NAME holds; -1 when it cannot be read. */
static long long number(const char *dir, const char *name)
{
	char buf[64];

	if (dir[0] == '\0' || get(dir, name, buf, sizeof buf) != 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/* 1 when the comma or space separated list holds word. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p != '\0'; ) {
		size_t k = strcspn(p, ", \n");
		if (k == n && strncmp(p, word, n) == 0)
			return 1;
		p += k;
		p += strspn(p, ", \n");
	}
	return 0;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	(void)nanosleep(&ts, NULL);     /* EINTR: early is fine */
}

/* ---- where the hierarchies are ------------------------------------------- */

/* Undoes mountinfo's octal escapes (\040 for a blank) in place. */
static void unescape(char *s)
{
	char *w = s;

	for (; *s != '\0'; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' &&
		    s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
			    (s[3] - '0'));
			s += 3;
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
}

/*
 * The mount point and root of the hierarchy of fstype ("cgroup" with
 * controller ctl among its options, or "cgroup2") from
 * /proc/self/mountinfo.  Returns 0, or -1 when it is not mounted.
 */
static int find_mount(const char *fstype, const char *ctl, char *point,
    char *root, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	int found = -1;

	if (f == NULL)
		return -1;
	while (found != 0 && fgets(line, sizeof line, f) != NULL) {
		char *field[6], *dash = strstr(line, " - "), *save = NULL;
		char *type, *opts;
		int n = 0;

		if (dash == NULL)
			continue;
		*dash = '\0';
		for (char *t = strtok_r(line, " ", &save); t != NULL && n < 6;
		    t = strtok_r(NULL, " ", &save))
			field[n++] = t;
		type = strtok_r(dash + 3, " ", &save);
		(void)strtok_r(NULL, " ", &save);       /* the source */
		opts = strtok_r(NULL, " \n", &save);
		if (n < 5 || type == NULL || strcmp(type, fstype) != 0 ||
		    (ctl != NULL && (opts == NULL || !has_word(opts, ctl))))
			continue;
		unescape(field[3]);
		unescape(field[4]);
		if (snprintf(root, len, "%s", field[3]) >= (int)len ||
		    snprintf(point, len, "%s", field[4]) >= (int)len)
			continue;
		found = 0;
	}
	(void)fclose(f);
	return found;
}

/* This process's group in the hierarchy of ctl (NULL: v2's "0::") from
 * /proc/self/cgroup. */
static int own_group(const char *ctl, char *out, size_t len)
{
	FILE *f = fopen("/proc/self/cgroup", "re");
	char line[4096];
	int found = -1;

	if (f == NULL)
		return -1;
	while (found != 0 && fgets(line, sizeof line, f) != NULL) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

		if (c2 == NULL)
			continue;
		*c2 = '\0';
		line[strcspn(line, "\n")] = '\0';
		c2[1 + strcspn(c2 + 1, "\n")] = '\0';
		if (ctl == NULL ? strcmp(line, "0:") != 0 || c1[1] != '\0' :
		    !has_word(c1 + 1, ctl))
			continue;
		if (snprintf(out, len, "%s", c2 + 1) < (int)len)
			found = 0;
	}
	(void)fclose(f);
	return found;
}

/* The folder of this process's group in the hierarchy of ctl (v1), or in
 * v2's when ctl is NULL. */
static int own_folder(const char *ctl, char *out, size_t len)
{
	char point[CGROUP_PATH], root[CGROUP_PATH], group[CGROUP_PATH];
	size_t r;

	if (find_mount(ctl ? "cgroup" : "cgroup2", ctl, point, root,
	    sizeof point) != 0 || own_group(ctl, group, sizeof group) != 0)
		return -1;
	/* A mount of a group below the hierarchy's root shows that group
	 * at its mount point; a path outside it cannot be reached. */
	r = strcmp(root, "/") == 0 ? 0 : strlen(root);
	if (r > 0 && (strncmp(group, root, r) != 0 ||
	    (group[r] != '/' && group[r] != '\0')))
		return -1;
	if (snprintf(out, len, "%s%s", point, strcmp(group + r, "/") == 0 ?
	    "" : group + r) >= (int)len)
		return -1;
	return 0;
}

/* ---- what earlier referees left ----------------------------------------- */

/* The pid in a folder name PREFIX<pid> or PREFIX<pid>-referee, or 0. */
static long name_pid(const char *name)
{
	char *end;
	long pid;

	if (strncmp(name, PREFIX, strlen(PREFIX)) != 0)
		return 0;
	pid = strtol(name + strlen(PREFIX), &end, 10);
	if (pid <= 0 || (*end != '\0' && strcmp(end, "-referee") != 0))
		return 0;
	return pid;
}

/* Removes dir's empty subfolders, then dir: it never kills, so a group
 * that is still in use (a referee in another pid namespace) stays. */
static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char sub[CGROUP_PATH + 64];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if (e->d_type == DT_DIR && e->d_name[0] != '.' &&
		    path_join(sub, sizeof sub, dir, e->d_name) == 0)
			(void)rmdir(sub);       /* EBUSY: in use, kept */
	(void)closedir(d);
	(void)rmdir(dir);
}

/* Removes the folders of referees that are gone from parent. */
static void sweep_stale(const char *parent)
{
	DIR *d = opendir(parent);
	struct dirent *e;
	char sub[CGROUP_PATH + 64];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		long pid = name_pid(e->d_name);
		if (pid <= 0 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (path_join(sub, sizeof sub, parent, e->d_name) == 0)
			remove_tree(sub);
	}
	(void)closedir(d);
}

/* ---- v1 ----------------------------------------------------------------- */

static int v1_init(cgroup_sys *sys)
{
	char own[CGROUP_PATH], name[64];

	(void)snprintf(name, sizeof name, PREFIX "%ld", (long)getpid());
	for (int c = 0; c < CG_NCTL; c++) {
		if (own_folder(v1_names[c], own, sizeof own) != 0) {
			if (c == CG_CPU)
				continue;       /* CPU time is then unknown */
			sab_say(sys->why, sizeof sys->why, "no cgroup v1 %s "
			    "hierarchy is mounted", v1_names[c]);
			return -1;
		}
		sweep_stale(own);
		if (path_join(sys->base[c], sizeof sys->base[c], own, name) != 0)
			return -1;
		/* Controllers mounted together share one folder. */
		for (int k = 0; k < c; k++)
			if (strcmp(sys->base[k], sys->base[c]) == 0)
				goto shared;
		if (mkdir(sys->base[c], 0755) != 0 && errno != EEXIST) {
			if (c == CG_CPU) {
				sys->base[c][0] = '\0';
				continue;
			}
			sab_say(sys->why, sizeof sys->why, "cannot make a cgroup "
			    "in %s: %s (cgroup v1 needs root)", own,
			    strerror(errno));
			return -1;
		}
		sys->made[c] = 1;
shared:
		;
	}
	sys->kind = CGROUP_V1;
	return 0;
}

/* ---- v2 ----------------------------------------------------------------- */

/* 1 when DIR/NAME lists both pids and memory. */
static int v2_offers(const char *dir, const char *name)
{
	char buf[512];

	return get(dir, name, buf, sizeof buf) == 0 && has_word(buf, "pids") &&
	    has_word(buf, "memory");
}

/* Makes base under parent (whose children get pids and memory) and lets
 * its own children have them. */
static int v2_base(cgroup_sys *sys, const char *parent)
{
	char name[64];

	(void)snprintf(name, sizeof name, PREFIX "%ld", (long)getpid());
	if (path_join(sys->base[0], sizeof sys->base[0], parent, name) != 0)
		return -1;
	if (mkdir(sys->base[0], 0755) != 0 && errno != EEXIST)
		return -1;
	sys->made[0] = 1;
	if (put(sys->base[0], "cgroup.subtree_control", "+pids +memory") != 0) {
		(void)rmdir(sys->base[0]);
		sys->made[0] = 0;
		return -1;
	}
	/* CPU time is in cpu.stat whatever the controllers; the cpu
	 * controller adds nothing the referee reads. */
	sys->kind = CGROUP_V2;
	return 0;
}

/*
 * v2 forbids processes in a group whose children have controllers: the
 * referee's own group can give its children pids and memory only once
 * the referee moved into a leaf of it, and only when nobody else is left
 * there (as in a scope of its own: systemd-run --scope -p Delegate=yes).
 */
static int v2_init(cgroup_sys *sys)
{
	char own[CGROUP_PATH], parent[CGROUP_PATH], leaf[CGROUP_PATH + 64],
	    name[64], *slash;

	if (own_folder(NULL, own, sizeof own) != 0)
		return -1;
	sweep_stale(own);
	/* A tournament's worker: its conductor's leaf already has them, and
	 * the conductor's group gives them to new children. */
	(void)snprintf(parent, sizeof parent, "%s", own);
	if ((slash = strrchr(parent, '/')) != NULL && slash != parent) {
		*slash = '\0';
		if (name_pid(slash + 1) <= 0 && v2_offers(own,
		    "cgroup.controllers") && v2_offers(parent,
		    "cgroup.subtree_control") && access(parent, W_OK) == 0 &&
		    v2_base(sys, parent) == 0)
			return 0;
		*slash = '/';
		if (name_pid(slash + 1) > 0 && v2_offers(parent,
		    "cgroup.subtree_control") && v2_base(sys, parent) == 0)
			return 0;
	}
	if (!v2_offers(own, "cgroup.controllers") || access(own, W_OK) != 0) {
		sab_say(sys->why, sizeof sys->why, "cgroup v2 gives this process "
		    "no pids and memory controllers to delegate (%s)", own);
		return -1;
	}
	if (v2_offers(own, "cgroup.subtree_control") && v2_base(sys, own) == 0)
		return 0;
	(void)snprintf(name, sizeof name, PREFIX "%ld-referee", (long)getpid());
	if (path_join(leaf, sizeof leaf, own, name) != 0 ||
	    (mkdir(leaf, 0755) != 0 && errno != EEXIST) ||
	    put(leaf, "cgroup.procs", "0") != 0) {
		sab_say(sys->why, sizeof sys->why, "cannot make a cgroup in %s: "
		    "%s", own, strerror(errno));
		(void)rmdir(leaf);
		return -1;
	}
	if (put(own, "cgroup.subtree_control", "+pids +memory") == 0 &&
	    v2_base(sys, own) == 0)
		return 0;
	sab_say(sys->why, sizeof sys->why, "cgroup v2: %s holds other "
	    "processes than the referee, so its children cannot have pids and "
	    "memory (run it in a group of its own, such as systemd-run --scope "
	    "-p Delegate=yes)", own);
	(void)put(own, "cgroup.procs", "0");
	(void)rmdir(leaf);
	return -1;
}

/* ---- seat groups whose processes were still leaving -------------------- */

/* Removes the folders of seat group cg (once each: comounted controllers
 * share one); 0, or -1 when one is still in use. */
static int remove_dirs(const char dirs[CG_NCTL][CGROUP_PATH])
{
	int busy = 0;

	for (int c = 0; c < CG_NCTL; c++) {
		int shared = 0;
		for (int k = 0; k < c; k++)
			shared |= strcmp(dirs[k], dirs[c]) == 0;
		if (dirs[c][0] == '\0' || shared)
			continue;
		if (rmdir(dirs[c]) != 0 && errno == EBUSY)
			busy = 1;
	}
	return busy ? -1 : 0;
}

/* Keeps path for a later removal; without memory it is left for the
 * next referee. */
static void pend(cgroup_sys *sys, const char *path)
{
	char *copy;

	if (sys->npending == sys->cappending) {
		int cap = sys->cappending ? 2 * sys->cappending : 16;
		char **n = realloc(sys->pending, (size_t)cap * sizeof *n);
		if (n == NULL)
			return;
		sys->pending = n;
		sys->cappending = cap;
	}
	if ((copy = strdup(path)) != NULL)
		sys->pending[sys->npending++] = copy;
}

/* Removes the pending folders that emptied since. */
static void sweep_pending(cgroup_sys *sys)
{
	int k = 0;

	for (int i = 0; i < sys->npending; i++) {
		if (rmdir(sys->pending[i]) != 0 && errno == EBUSY)
			sys->pending[k++] = sys->pending[i];
		else
			free(sys->pending[i]);
	}
	sys->npending = k;
}

/* ---- the referee's ------------------------------------------------------ */

void cgroup_sys_init(cgroup_sys *sys)
{
	char v2why[256] = "";

	memset(sys, 0, sizeof *sys);
#ifdef __linux__
	if (v2_init(sys) == 0)
		return;
	(void)snprintf(v2why, sizeof v2why, "%s", sys->why);
	cgroup_sys_free(sys);
	if (v1_init(sys) == 0)
		return;
	if (v2why[0] != '\0' && strncmp(sys->why, "no cgroup v1", 12) == 0)
		(void)snprintf(sys->why, sizeof sys->why, "%s", v2why);
	{
		char why[256];
		(void)snprintf(why, sizeof why, "%s", sys->why);
		cgroup_sys_free(sys);
		(void)snprintf(sys->why, sizeof sys->why, "%s", why);
	}
#else
	sab_say(sys->why, sizeof sys->why, "control groups are Linux's");
#endif
}

const char *cgroup_sys_describe(const cgroup_sys *sys, char *buf, size_t len)
{
	if (sys->kind == CGROUP_V2)
		(void)snprintf(buf, len, "cgroup v2 (pids, memory)");
	else if (sys->kind == CGROUP_V1)
		(void)snprintf(buf, len, "cgroup v1 (pids, memory%s)",
		    sys->base[CG_CPU][0] ? ", cpuacct" : "");
	else
		(void)snprintf(buf, len, "none (%s)", sys->why[0] ? sys->why :
		    "not looked for");
	return buf;
}

void cgroup_sys_free(cgroup_sys *sys)
{
	for (int waited = 0; sys->npending > 0 && waited < EMPTY_WAIT_MS;
	    waited++) {
		sweep_pending(sys);
		if (sys->npending > 0)
			nap_ms(1);
	}
	for (int i = 0; i < sys->npending; i++)
		free(sys->pending[i]);
	free(sys->pending);
	sys->pending = NULL;
	sys->npending = sys->cappending = 0;
	for (int c = 0; c < CG_NCTL; c++) {
		if (sys->made[c])
			remove_tree(sys->base[c]);
		sys->made[c] = 0;
		sys->base[c][0] = '\0';
	}
	sys->kind = CGROUP_NONE;
}

/* ---- a seat's ----------------------------------------------------------- */

/* The limit as the kernel reads it: "max" for none. */
static void limit_text(uint64_t v, int v1_memory, char *buf, size_t len)
{
	if (v == 0)
		(void)snprintf(buf, len, "%s", v1_memory ? "-1" : "max");
	else
		(void)snprintf(buf, len, "%" PRIu64, v);
}

/* Sets the limits of controller c in dir. */
static int set_limits(const cgroup *cg, int c, const char *dir)
{
	char mem[32], procs[32];
	int v1 = cg->kind == CGROUP_V1;

	limit_text(cg->memory, v1, mem, sizeof mem);
	limit_text(cg->procs, 0, procs, sizeof procs);
	if ((c == CG_PIDS || !v1) && put(dir, "pids.max", procs) != 0)
		return -1;
	if (c != CG_MEMORY && v1)
		return 0;
	if (put(dir, v1 ? "memory.limit_in_bytes" : "memory.max", mem) != 0)
		return -1;
	/* No swap beyond the limit: where swap is accounted, it counts. */
	if (put(dir, v1 ? "memory.memsw.limit_in_bytes" : "memory.swap.max",
	    v1 ? mem : "0") != 0 && errno != ENOENT && errno != EACCES)
		return -1;
	return 0;
}

cgroup *cgroup_new(cgroup_sys *sys, uint64_t memory, uint64_t procs,
    int cpu, char *err, size_t errlen)
{
	char name[32], path[CGROUP_PATH + 64];
	cgroup *cg;

	sab_say(err, errlen, "%s", "");
	if (sys == NULL || sys->kind == CGROUP_NONE)
		return NULL;
	if ((cg = calloc(1, sizeof *cg)) == NULL) {
		sab_say(err, errlen, "out of memory");
		return NULL;
	}
	sweep_pending(sys);
	cg->sys = sys;
	cg->kind = sys->kind;
	cg->memory = memory;
	cg->procs = procs;
	cg->met_fd[0] = cg->met_fd[1] = -1;
	for (int c = 0; c < CG_NCTL; c++)
		cg->procs_fd[c] = -1;
	(void)snprintf(name, sizeof name, "%u", ++sys->seq);
	for (int c = 0; c < CG_NCTL; c++) {
		int shared = 0;
		if (sys->base[c][0] == '\0' || (c == CG_CPU && !cpu))
			continue;
		for (int k = 0; k < c; k++)
			shared |= strcmp(sys->base[k], sys->base[c]) == 0;
		if (shared)
			continue;
		if (path_join(cg->dir[c], sizeof cg->dir[c], sys->base[c],
		    name) != 0 || (mkdir(cg->dir[c], 0755) != 0 &&
		    errno != EEXIST) || set_limits(cg, c, cg->dir[c]) != 0 ||
		    path_join(path, sizeof path, cg->dir[c], "cgroup.procs") !=
		    0 || (cg->procs_fd[c] = open(path, O_WRONLY | O_CLOEXEC)) <
		    0) {
			sab_say(err, errlen, "cannot make the bot's cgroup %s: %s",
			    cg->dir[c], strerror(errno));
			cgroup_free(cg);
			return NULL;
		}
	}
	/* Comounted controllers read from the one folder. */
	for (int c = 0; c < CG_NCTL; c++)
		for (int k = 0; k < c && cg->dir[c][0] == '\0'; k++)
			if (sys->base[c][0] != '\0' &&
			    strcmp(sys->base[k], sys->base[c]) == 0)
				memcpy(cg->dir[c], cg->dir[k], sizeof cg->dir[c]);
	if (cg->kind == CGROUP_V2)
		for (int c = 1; c < CG_NCTL; c++)
			memcpy(cg->dir[c], cg->dir[0], sizeof cg->dir[c]);
	return cg;
}

int cgroup_enter(const cgroup *cg)
{
	for (int c = 0; cg != NULL && c < CG_NCTL; c++)
		if (cg->procs_fd[c] >= 0 && write(cg->procs_fd[c], "0", 1) != 1)
			return -1;
	return 0;
}

void cgroup_entered(cgroup *cg)
{
	for (int c = 0; cg != NULL && c < CG_NCTL; c++)
		if (cg->procs_fd[c] >= 0) {
			(void)close(cg->procs_fd[c]);
			cg->procs_fd[c] = -1;
		}
}

int cgroup_usage_read(cgroup *cg, int what, cgroup_usage *u)
{
	int v1 = cg != NULL && cg->kind == CGROUP_V1;
	const char *mem = cg != NULL ? cg->dir[CG_MEMORY] : "";
	long long v;

	memset(u, 0, sizeof *u);
	u->cpu_ns = -1;
	if (cg == NULL)
		return -1;
	if (what & CGROUP_MET) {
		if ((v = keyed_kept(&cg->met_fd[0], mem, v1 ?
		    "memory.oom_control" : "memory.events", "oom_kill")) > 0)
			u->oom_kills = (long)v;
		if ((v = keyed_kept(&cg->met_fd[1], cg->dir[CG_PIDS],
		    "pids.events", "max")) > 0)
			u->procs_refused = (long)v;
	}
	if ((what & CGROUP_CPU) && (v = v1 ? number(cg->dir[CG_CPU],
	    "cpuacct.usage") : keyed(cg->dir[0], "cpu.stat", "usage_usec")) >= 0)
		u->cpu_ns = v1 ? v : v * 1000;
	if (what & CGROUP_PEAK) {
		if ((v = number(mem, v1 ? "memory.max_usage_in_bytes" :
		    "memory.peak")) > 0)
			u->memory_peak = (uint64_t)v;
		if ((v = v1 ? number(mem, "memory.failcnt") : keyed(mem,
		    "memory.events", "max")) > 0)
			u->memory_hits = (long)v;
	}
	return 0;
}

int cgroup_populated(const cgroup *cg)
{
	char buf[64];
	long long v;

	if (cg == NULL)
		return -1;
	if (cg->kind == CGROUP_V2)
		return (v = keyed(cg->dir[0], "cgroup.events", "populated")) < 0 ?
		    -1 : v > 0;
	/* A partial read is enough: one pid means somebody is there. */
	if (get(cg->dir[CG_PIDS], "cgroup.procs", buf, sizeof buf) != 0)
		return -1;
	return buf[0] != '\0';
}

int cgroup_watch_fd(const cgroup *cg)
{
	char path[CGROUP_PATH + 64];

	if (cg == NULL || cg->kind != CGROUP_V2 ||
	    path_join(path, sizeof path, cg->dir[0], "cgroup.events") != 0)
		return -1;
	return open(path, O_RDONLY | O_CLOEXEC);
}

int cgroup_kill(const cgroup *cg)
{
	char path[CGROUP_PATH + 64];
	FILE *f;
	long pid;
	int n = 0;

	if (cg == NULL)
		return -1;
	if (cg->kind == CGROUP_V2 && put(cg->dir[0], "cgroup.kill", "1") == 0)
		return 1;
	if (path_join(path, sizeof path, cg->dir[CG_PIDS], "cgroup.procs") != 0 ||
	    (f = fopen(path, "re")) == NULL)
		return -1;
	while (fscanf(f, "%ld", &pid) == 1)
		if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
			n++;
	(void)fclose(f);
	return n;
}

void cgroup_free(cgroup *cg)
{
	if (cg == NULL)
		return;
	cgroup_entered(cg);
	for (int i = 0; i < 2; i++)
		if (cg->met_fd[i] >= 0)
			(void)close(cg->met_fd[i]);
	/* The tree is dead or dying by now (its seat was stopped); what is
	 * left is killed, and removed once the kernel let it go. */
	if (cgroup_populated(cg) == 1)
		(void)cgroup_kill(cg);
	if (remove_dirs((const char (*)[CGROUP_PATH])cg->dir) != 0 &&
	    cg->sys != NULL) {
		for (int c = 0; c < CG_NCTL; c++) {
			int shared = 0;
			for (int k = 0; k < c; k++)
				shared |= strcmp(cg->dir[k], cg->dir[c]) == 0;
			if (cg->dir[c][0] != '\0' && !shared)
				pend(cg->sys, cg->dir[c]);
		}
	}
	free(cg);
}
