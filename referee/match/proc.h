/* proc.h: bot processes: spawn, talk over non-blocking pipes with deadlines,
 * stop in stages, reap.  The only module that forks, polls or kills. */
#ifndef SAB_PROC_H
#define SAB_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "cgroup.h"
#include "sysfilter.h"

/* Nanoseconds on CLOCK_MONOTONIC. */
int64_t proc_now(void);

/* Resource limits set in the child before exec (setrlimit(2)), each
 * inherited by everything it starts; 0 means no limit. */
typedef struct proc_limits {
	uint64_t memory;        /* bytes of writable private memory (RLIMIT_DATA) */
	uint64_t procs;         /* processes and threads beyond those the user
	                           already runs (RLIMIT_NPROC; the kernel does
	                           not apply it to root) */
	uint64_t files;         /* open descriptors (RLIMIT_NOFILE) */
	uint64_t file_size;     /* bytes in one written file (RLIMIT_FSIZE) */
	uint64_t cpu;           /* seconds of CPU time (RLIMIT_CPU) */
} proc_limits;

/* A set of CPUs: cpu i is bit i % 64 of bits[i / 64]. */
#define PROC_MAX_CPUS 1024
typedef struct proc_cpus {
	uint64_t bits[PROC_MAX_CPUS / 64];
} proc_cpus;

/*
 * Parses a CPU list as Linux writes one ("0-3,6", the form of
 * /proc/self/status's Cpus_allowed_list) into *c.  Returns the number of
 * CPUs, or -1 with the reason in err.
 */
int proc_cpus_parse(const char *s, proc_cpus *c, char *err, size_t errlen);

/* The CPUs this process may run on (sched_getaffinity(2)); returns how
 * many, or -1 when it cannot tell. */
int proc_cpus_own(proc_cpus *c);

/* Writes c as a CPU list ("0-3,6") into buf. */
void proc_cpus_format(const proc_cpus *c, char *buf, size_t len);

#define PROC_MAX_PASS 64

typedef struct proc_spec {
	char *const *argv;      /* NULL-terminated; argv[0] searched in PATH */
	const char *cwd;        /* working directory, NULL: the referee's */
	char *const *env;       /* "NAME=VALUE" added to the environment, NULL-terminated, or NULL */
	const char *stderr_path;/* the bot's stderr goes here (truncated), NULL: discarded */
	size_t max_line;        /* longest stdout line accepted, newline excluded */
	size_t max_stderr;      /* bytes kept in the stderr file; the rest is read and dropped */
	const proc_limits *limits; /* NULL: none */
	int env_exact;          /* 1: env is the whole environment, not additions */
	int merge_stderr;       /* 1: stderr goes to the stdout pipe */
	int wrapped;            /* 1: argv runs the bot under an init of its
	                           own (bwrap --info-fd 4), whose account is
	                           the bot's: the descriptor after those of
	                           pass_fds (4, after the filter's 3) is a
	                           pipe on which it writes that init's pid,
	                           so that the referee waits for the init
	                           itself when the bot ends (its PID
	                           namespace, the bot's whole tree, is gone
	                           once it is) */
	const proc_cpus *cpus;  /* pinned to these CPUs (sched_setaffinity(2)
	                           in the child before exec, inherited by all
	                           it starts), or NULL: the referee's */
	/* The sandbox's part (sandbox.h), each optional: */
	cgroup *cg;             /* the child enters this group before exec;
	                           proc_spawn() takes it (freed with the
	                           process, or at once when the spawn fails) */
	const sysfilter_prog *seccomp; /* installed in the child just before
	                           exec (an unsealed bot's filter), or NULL */
	const int *pass_fds;    /* descriptors the child gets as 3, 4, ...
	                           (the filter bwrap reads, a network seat's
	                           listening socket), or NULL; every other one
	                           above 2 is closed; the caller closes its own */
	int npass;              /* at most PROC_MAX_PASS */
} proc_spec;

/* Where a process is: these can arrive in any order (end of file before
 * the exit, or the exit while a grandchild still holds the pipe). */
enum proc_state {
	PROC_RUNNING,           /* started, stdout open */
	PROC_CLOSED,            /* stdout at end of file; not reaped yet */
	PROC_DEAD               /* reaped: status is valid */
};

#define PROC_LINE_QUEUE 64      /* complete stdout lines kept, per process */

typedef struct proc {
	pid_t pid;              /* also the process group id; 0 when not started */
	int state;              /* enum proc_state */
	int status;             /* the wait status once PROC_DEAD */
	int in_fd, out_fd, err_fd, log_fd; /* -1 when closed */
	size_t max_line, max_stderr, stderr_kept;
	/* Bytes queued for stdin and not yet written. */
	char *wbuf;
	size_t wlen, wcap;
	int64_t t_written;      /* when the last queued byte was written */
	/* stdout: a partial line, then complete lines waiting to be taken. */
	char *rbuf;
	size_t rlen, rcap;
	int too_long;           /* a line longer than max_line arrived */
	char *lines[PROC_LINE_QUEUE];
	size_t line_len[PROC_LINE_QUEUE];
	int64_t line_time[PROC_LINE_QUEUE];  /* when its newline was read */
	int nlines, first_line;
	uint64_t out_bytes;     /* stdout bytes since the last proc_count_reset() */
	int stdin_closed;       /* a write failed (EPIPE) or proc_close_stdin() */
	int in_armed;           /* stdin is in the referee's epoll set, to
	                           say when a full pipe takes bytes again */
	unsigned long chld_seen;/* SIGCHLDs counted at its last reap check */
	/* Once PROC_DEAD: its peak resident memory (with the descendants it
	 * waited for) and the CPU time it used, from wait4(2). */
	long maxrss_kb;
	int64_t cpu_ns;
	int wrapped;            /* see proc_spec */
	int info_fd;            /* wrapped: where bwrap writes its init's
	                           pid, until it is read; else -1 */
	pid_t init_pid;         /* wrapped: that init, once known, else 0 */
	int init_done;          /* wrapped: 1 once the init is reaped (its
	                           account added to this one's): nothing of
	                           the tree is left */
	cgroup *cg;             /* its tree's group, or NULL (see proc_spec) */
	/* A descriptor of its owner's (not closed here) that becomes readable
	 * when the owner should look at the process's limits now, or -1; set
	 * after proc_spawn().  Once readable, poked is 1 and it is not polled
	 * until the owner clears poked (see PROC_EV_POKED). */
	int poke_fd;
	int poked;
	int poke_armed;         /* poke_fd is in the epoll set (proc.c) */
} proc;

/*
 * Starts spec->argv in a new process group with stdin, stdout and stderr on
 * fresh non-blocking pipes (close-on-exec on the referee's side), the
 * working directory and environment of spec, and PR_SET_PDEATHSIG(SIGKILL)
 * so it dies with the referee.  Returns 0, or -1 with a message in err when
 * the referee cannot start it (pipe, fork, or the stderr file failing).  A
 * command that does not exist is the bot's failure, not the referee's: the
 * child writes "cannot run ARGV0: reason" to its stderr file and exits 127.
 */
int proc_spawn(proc *p, const proc_spec *spec, char *err, size_t errlen);

/* Queues one line for the bot's stdin (a newline is added).  Never blocks:
 * proc_wait() writes it as the pipe takes it.  Returns 0, or -1 when stdin
 * is closed (the bot stopped reading) or memory runs out.  Inline: the
 * referee queues a dozen lines a decision, most into room the buffer
 * already has; proc_send_grow() does the rest. */
int proc_send_grow(proc *p, const char *line, size_t len);

static inline int proc_send(proc *p, const char *line, size_t len)
{
	if (p->stdin_closed || p->in_fd < 0 || len >= p->wcap - p->wlen)
		return proc_send_grow(p, line, len);
	memcpy(p->wbuf + p->wlen, line, len);
	p->wbuf[p->wlen + len] = '\n';
	p->wlen += len + 1;
	return 0;
}

/* What proc_wait() saw for the process it waited for. */
enum proc_event {
	PROC_EV_LINE,           /* a complete line is ready: take it with proc_take_line() */
	PROC_EV_TIMEOUT,        /* the deadline passed first */
	PROC_EV_EOF,            /* stdout closed (the process may still run) */
	PROC_EV_EXIT,           /* the process died and was reaped */
	PROC_EV_TOO_LONG,       /* a line longer than max_line */
	PROC_EV_FLOOD,          /* more than max_bytes of stdout since proc_count_reset() */
	PROC_EV_INTERRUPTED,    /* the referee got SIGINT or SIGTERM */
	PROC_EV_POKED           /* the poke_fd of a process of the set (or of
	                           who) became readable: its poked is 1 */
};

/*
 * Runs the poll loop until process who has a complete stdout line (or one
 * is already queued), or one of the other events above happens to it, or
 * the deadline (proc_now() clock) passes.  While waiting it writes queued
 * stdin bytes of every process in set, drains every stderr pipe into its
 * file, reads and queues the stdout lines of every process (so no bot ever
 * blocks on a full pipe), and reaps any process that exits, within a few
 * milliseconds even when a grandchild keeps its pipes open.  max_bytes
 * (0: no limit) bounds who's stdout since its last proc_count_reset().
 * Never blocks past the deadline; never reads with a blocking call.
 */
int proc_wait(proc *const *set, int n, proc *who, int64_t deadline,
    uint64_t max_bytes);

/*
 * Like proc_wait(), for whichever process of set first has an event (a
 * line, end of file, exit, a line too long; no flood limit): sets *which to
 * its index and returns the event, or PROC_EV_TIMEOUT, or
 * PROC_EV_INTERRUPTED.  A process that is dead keeps reporting
 * PROC_EV_EXIT once its lines are taken: leave it out of the next call.
 */
int proc_wait_any(proc *const *set, int n, int64_t deadline, int *which);

/*
 * Takes the oldest complete line of p: returns it NUL-terminated (without
 * the newline, and without a carriage return before it) in a buffer the
 * caller frees, sets *len and *t (when its newline was read); NULL when none
 * is queued.
 */
char *proc_take_line(proc *p, size_t *len, int64_t *t);

/* Writes what proc_send() queued for p now, as far as its pipe takes it
 * (a later wait writes the rest): a request that must not wait for the
 * next wait, such as one of several asked at once. */
void proc_flush(proc *p);

/* Starts a new count of stdout bytes for the flood limit. */
void proc_count_reset(proc *p);

/* Closes the bot's stdin: the polite way to say "quit". */
void proc_close_stdin(proc *p);

/*
 * Stops every process of set that still runs, in stages: stdin closed,
 * then up to grace nanoseconds to exit, then SIGTERM to its process group,
 * grace again, then SIGKILL to the group and to its cgroup, if it has one.
 * Drains and reaps as it goes, so it returns only when every process is
 * PROC_DEAD and its group is gone.  Then it kills what the stopped
 * processes left behind (see proc_sweep()).
 */
void proc_stop_all(proc *const *set, int n, int64_t grace);

/*
 * Kills, with SIGKILL, every descendant of the referee that no running
 * process of proc_spawn() (nor the referee) is an ancestor of: what a bot
 * left behind, whether it changed its process group, made a new session
 * or was orphaned and adopted (the referee is a subreaper; see
 * proc_signals_init()).  Repeats until none is left, so a fork storm is
 * caught too, and reaps those that became the referee's children.
 * Returns how many it killed.  Linux only (it reads /proc); elsewhere 0.
 */
int proc_sweep(void);

/*
 * A short command, in two steps so that the caller may do something else
 * while it runs (sandbox_begin() starts the bots while bwrap is tried).
 * proc_run_start() runs argv (searched in PATH) into p, with stdin closed
 * and stdout and stderr together; pass_fd, when above 0, becomes its
 * descriptor 3, and wrapped is proc_spec's (argv is bwrap's, with
 * --info-fd 4).  Returns 0, or -1 with the reason in out when it could
 * not be run.  proc_run_end() waits for it until deadline (proc_now()'s
 * clock), with its output in out (NUL-terminated, cut to outlen), stops
 * and frees it, and returns its exit status as waitpid(2) gives it, or
 * -1 with the reason in out when it took too long.
 */
int proc_run_start(proc *p, char *const *argv, int pass_fd, int wrapped,
    char *out, size_t outlen);
int proc_run_end(proc *p, char *out, size_t outlen, int64_t deadline);

/* Frees the buffers, the cgroup (its tree killed) and the descriptors of
 * a stopped process. */
void proc_free(proc *p);

/*
 * Installs the referee's handlers: SIGINT and SIGTERM set a flag that
 * proc_wait() reports as PROC_EV_INTERRUPTED; SIGPIPE is ignored (a closed
 * pipe is a bot's failure, seen as EPIPE).  Call once at start.
 */
int proc_signals_init(void);

/* Returns the signal that interrupted the referee, or 0. */
int proc_interrupted(void);

/* Describes how p ended, e.g. "exit 0", "exit 3", "killed by SIGSEGV". */
const char *proc_describe_exit(const proc *p, char *buf, size_t len);

#endif
