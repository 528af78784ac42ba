/* sandbox.h: what a bot may see and use: a bubblewrap (bwrap) sandbox per
 * bot, its environment, its resource limits, and the settings behind them. */
#ifndef SAB_SANDBOX_H
#define SAB_SANDBOX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cgroup.h"
#include "proc.h"
#include "sysfilter.h"

/* Whether bots run sealed off (--sandbox, the files' "sandbox" key). */
enum sandbox_mode {
	SANDBOX_AUTO,           /* on when bwrap works, else off with a warning */
	SANDBOX_ON,             /* on, or refuse to run */
	SANDBOX_OFF
};

/*
 * One layer of settings: a tournament or --config file's "sandbox"
 * mapping, one bot's own keys, the command line.  A field counts only when
 * its bit is in given, so a zeroed value is an empty layer and layers merge
 * (sandbox_settings_over()); sandbox_settings_final() fills what no layer
 * gave with the defaults:
 *
 *   mode auto, network false, writable false, memory-mb 2048,
 *   processes 256, open-files 1024, file-size-mb 64, cpu-seconds 0 (none),
 *   disk-mb 256
 */
typedef struct sandbox_settings {
	unsigned given;         /* 1 << the field's place in the list above */
	int64_t mode;           /* enum sandbox_mode */
	int64_t network;        /* 1: the bot keeps the machine's network */
	int64_t writable;       /* 1: its own folder (cwd) is writable */
	int64_t memory_mb, processes, open_files, file_size_mb, cpu_seconds;
	int64_t disk_mb;        /* the private /tmp's size, and how much a
	                           writable folder may grow */
} sandbox_settings;

/* The fields before disk-mb: a tournament file's hash takes the later
 * ones only when the file gives them, so that it stays what it was. */
#define SANDBOX_FIELDS_V1 8

/* Copies into s every field that over gives. */
void sandbox_settings_over(sandbox_settings *s, const sandbox_settings *over);

/* Fills the fields no layer gave with the defaults above. */
void sandbox_settings_final(sandbox_settings *s);

/* The value of field i (the order of the list above, the order of the
 * bits of given) into *v: 1, or 0 when there is no field i.  For what
 * must go over every field, such as a tournament file's hash. */
int sandbox_settings_field(const sandbox_settings *s, size_t i, int64_t *v);

/*
 * Sets the field a file's key names from its text value ("on", "true",
 * "512"): mode (only when top_level: the file's "sandbox" mapping),
 * network, writable, memory-mb, processes, open-files, file-size-mb,
 * cpu-seconds, disk-mb.  Returns 1 when key is one of them, 0 when it is not, or -1
 * with what was expected in err when the value is wrong.
 */
int sandbox_settings_key(sandbox_settings *s, const char *key,
    const char *value, int top_level, char *err, size_t errlen);

/* The keys sandbox_settings_key() takes for a bot, for messages. */
#define SANDBOX_BOT_KEYS "network, writable, memory-mb, processes, " \
	"open-files, file-size-mb, cpu-seconds or disk-mb"

/* The word of a mode ("auto", "on", "off"), and back (-1: not one). */
const char *sandbox_mode_name(int mode);
int sandbox_mode_parse(const char *word);

/* The limits proc_spawn() sets for s (which must be final). */
void sandbox_limits(const sandbox_settings *s, proc_limits *l);

#define SANDBOX_MAX_HIDE 16

/* The referee's sandbox for a run: whether it is on, the folders and files
 * that no bot may see (logs, replays, results, the tournament file), and
 * what holds whether it is on or not: a cgroup per bot, where the machine
 * offers them, and the system-call filter. */
typedef struct sandbox {
	int on;
	char bwrap[4096];       /* bwrap's path, when on */
	char *hide[SANDBOX_MAX_HIDE];
	int nhide;
	/* Folders whose own files bots may not see, though a folder inside
	 * may be a bot's (the referee's folder when replays go there). */
	char *shield[SANDBOX_MAX_HIDE];
	int nshield;
	cgroup_sys cgs;         /* whole-tree limits, if any */
	sysfilter_prog filter;    /* every bot's system-call filter */
	/* The run of bwrap that tries the sandbox, while sandbox_begin()'s
	 * caller starts the bots: settled by sandbox_settle(). */
	int probing, mode, probe_fd;
	int64_t probe_deadline;
	proc probe;
} sandbox;

/*
 * Decides whether bots run sealed off for mode: for SANDBOX_AUTO and
 * SANDBOX_ON it finds bwrap in PATH and tries it once, with the
 * system-call filter.  Whatever the mode, it builds the filter and finds
 * the machine's cgroups (see cgroup_sys_init()).  Returns 0 (with sb->on
 * set), or -1 with the reason and what to do in msg when mode is
 * SANDBOX_ON and bwrap cannot be used, or the filter cannot be built.
 * With SANDBOX_AUTO and no usable bwrap it returns 0, sb->on 0, and a
 * warning in msg (which says what a bot can then reach and how to install
 * bwrap); msg is "" otherwise.  Free with sandbox_free() in every case.
 */
int sandbox_init(sandbox *sb, int mode, char *msg, size_t msglen);

/*
 * sandbox_init() in two steps, so that bots start while bwrap is tried
 * (one bwrap run: tens of milliseconds): sandbox_begin() does all but
 * wait for the try, and says sb->on 1 when bwrap is there; the caller may
 * then start sealed bots, and must call sandbox_settle() before it trusts
 * them.  sandbox_settle() returns 0 when they are sealed (or the sandbox
 * is off); -1 with the reason in msg when the try failed and mode is
 * SANDBOX_ON; 1 with the warning in msg when it failed under
 * SANDBOX_AUTO: sb->on is 0 now, and the caller starts its bots again,
 * unsealed.  Both return and fill msg as sandbox_init() otherwise.
 */
int sandbox_begin(sandbox *sb, int mode, char *msg, size_t msglen);
int sandbox_settle(sandbox *sb, char *msg, size_t msglen);

/* One line on what holds the bots, for people: "sealed (bwrap, a
 * system-call filter); whole-tree limits: cgroup v1 (pids, memory,
 * cpuacct)", or "unsealed (...)". */
const char *sandbox_describe(const sandbox *sb, char *buf, size_t len);

/* Adds path (a folder or file; it must exist) to what bots may not see.
 * Returns 0, or -1 with the reason in err. */
int sandbox_hide(sandbox *sb, const char *path, char *err, size_t errlen);

/* Adds folder dir, whose own files (replays to come) bots may not see: a
 * bot's folder inside it is fine, one that shows it is refused.  Returns
 * 0, or -1 with the reason in err. */
int sandbox_shield(sandbox *sb, const char *dir, char *err, size_t errlen);

/* Frees what sandbox_hide() and sandbox_shield() kept, the filter, and
 * the cgroups' folders. */
void sandbox_free(sandbox *sb);

/*
 * 1 when the stderr log at path begins with bwrap's own complaint (a
 * mount it could not make, say): the bot was never sealed off, and why
 * is in why (bwrap's line).  0 otherwise, also for "bwrap: execvp ...",
 * which says that the bot's program could not run.
 */
int sandbox_failed(const char *path, char *why, size_t len);

/*
 * A writable folder's quota: how much it may grow while its bot runs.  The
 * referee looks at the folder's size whenever a file in it (or in a folder
 * under it) is made, moved in or closed after writing, which inotify(7)
 * tells at once, and every 50 ms while it waits for the bot; so a bot
 * overshoots its quota by at most what it writes in the moments the referee
 * takes to notice, or by one file it keeps open (that file's size is
 * limited by file-size-mb).
 */
typedef struct sandbox_guard {
	char dir[4096];         /* the folder, "" when the bot has none */
	uint64_t quota;         /* bytes it may grow by */
	uint64_t base;          /* bytes it held when the bot started */
	int notify_fd;          /* inotify descriptor on dir and the folders
	                           under it, readable when one changed, or
	                           -1 (none, or the kernel refused: then
	                           only the 50 ms look) */
} sandbox_guard;

/* The bytes the files under dir take on disk (not following links, not
 * leaving its file system); -1 when dir cannot be read. */
int64_t sandbox_disk_used(const char *dir);

/* 1 when g's folder grew past its quota (then *used is its growth), else
 * 0. */
int sandbox_guard_over(const sandbox_guard *g, uint64_t *used);

/* Takes the changes notify_fd reported (watching the folders made
 * meanwhile too), so that it is readable again at the next one. */
void sandbox_guard_drain(sandbox_guard *g);

/* Closes the guard's descriptor; g is then a guard without one. */
void sandbox_guard_close(sandbox_guard *g);

/* A bot's command as the referee runs it: argv and the environment (see
 * proc_spec), with the strings it owns. */
typedef struct sandbox_cmd {
	char **argv;
	char **env;             /* NULL: the referee's environment */
	int env_exact;          /* 1: env replaces the referee's */
	int wrapped;            /* 1: argv is bwrap's (see proc_spec) */
	cgroup *cg;             /* the bot's group, or NULL */
	int filter_fd;          /* bwrap's --seccomp 3, or -1 */
	const sysfilter_prog *filter; /* unsealed: installed by the child */
	sandbox_guard guard;    /* a writable folder's quota */
	char **owned;           /* every string and array to free */
	size_t nowned, capowned;
} sandbox_cmd;

/*
 * The command that runs argv in cwd (NULL: the referee's folder; own_dir
 * says whether cwd is the bot's own folder or the referee's) with env (the
 * configuration's NAME=VALUE additions, or NULL) under settings s (final),
 * and the bot's cgroup with the limits of s, where there are cgroups.
 * With the sandbox off: argv and env as given, the filter installed by the
 * bot's process.  With it on: bwrap with a new user, PID, IPC, UTS, cgroup
 * and (unless s->network) network namespace, a new session, no
 * capabilities, the system-call filter, a read-only view of the system
 * folders, the bot's folder (read-only unless s->writable), the folder of
 * its program, the folders of the files its command names and of its
 * interpreter, a private /tmp of s->disk_mb, and an environment of the
 * allow list (see saboteur(1)) plus env.  Returns 0, or -1 with the
 * reason in err: a bot whose program or folder lies in what bots may not
 * see, or that would show them a shielded folder's files, is refused.
 * Free with sandbox_cmd_free().
 */
int sandbox_command(const sandbox *sb, const sandbox_settings *s,
    char *const *argv, const char *cwd, int own_dir, char *const *env,
    sandbox_cmd *out, char *err, size_t errlen);

void sandbox_cmd_free(sandbox_cmd *c);

/* Puts c's argv, environment, group and filter into spec; the group goes
 * with it (proc_spawn() takes it). */
void sandbox_spec(sandbox_cmd *c, proc_spec *spec);

/* Writes what the bot of c sees and runs under, for people (play
 * --debug): its mounts, environment and limits, one item a line, each
 * line begun with prefix. */
void sandbox_show(const sandbox_cmd *c, const sandbox_settings *s,
    const char *prefix, FILE *f);

#endif
