/* cgroup.h: limits on a bot's whole process tree through the machine's
 * control groups (memory with its tmpfs, processes and threads, CPU time),
 * what the tree used, and whether any process of it is left. */
#ifndef SAB_CGROUP_H
#define SAB_CGROUP_H

#include <stddef.h>
#include <stdint.h>

/* What the machine offers this process. */
enum cgroup_kind {
	CGROUP_NONE,            /* nothing usable: see cgroup_sys.why */
	CGROUP_V1,              /* v1 hierarchies: pids, memory (cpuacct) */
	CGROUP_V2               /* a v2 subtree with pids and memory */
};

/* The controllers a seat's group is made in (v1: a folder each). */
enum { CG_PIDS, CG_MEMORY, CG_CPU, CG_NCTL };

#define CGROUP_PATH 512

/*
 * The referee's place in the control groups: where it makes a group per
 * seat (v1: a folder per controller, NAME-PID under its own group; v2: the
 * nearest folder of its own whose children get pids and memory), removed
 * again by cgroup_sys_free().
 */
typedef struct cgroup_sys {
	int kind;               /* enum cgroup_kind */
	char base[CG_NCTL][CGROUP_PATH]; /* v1: per controller, "" when
	                           absent; v2: base[0] only */
	int made[CG_NCTL];      /* 1: cgroup_sys_init() created base[i] */
	unsigned seq;           /* seat groups made so far */
	char why[256];          /* CGROUP_NONE: why, for people */
	/* Folders of seat groups whose last processes were still on their
	 * way out when their seat stopped: removed later, not waited for. */
	char **pending;
	int npending, cappending;
} cgroup_sys;

/*
 * Finds what the machine offers: cgroup v2 with pids and memory delegated
 * to this process (its group's parent, or its own group once it moved
 * itself into a leaf), else v1 pids and memory hierarchies it may write
 * in (cpuacct too when mounted), else none, with the reason in sys->why.
 * Removes the folders earlier referees left (killed before they could),
 * when their process is gone.  Never fails: none is an answer.
 */
void cgroup_sys_init(cgroup_sys *sys);

/* A line for people: "cgroup v1 (pids, memory, cpuacct)", or "none
 * (REASON)". */
const char *cgroup_sys_describe(const cgroup_sys *sys, char *buf,
    size_t len);

/* Removes what cgroup_sys_init() created, the seat groups still pending
 * removal first (waiting a little for them to empty).  A zeroed or NONE
 * sys is fine. */
void cgroup_sys_free(cgroup_sys *sys);

/* One seat's group: what it limits, and descriptors of its cgroup.procs
 * for the child to enter it between fork and exec. */
typedef struct cgroup {
	cgroup_sys *sys;        /* where it was made */
	int kind;
	char dir[CG_NCTL][CGROUP_PATH]; /* "" where there is none */
	int procs_fd[CG_NCTL];  /* -1 when closed */
	uint64_t memory;        /* bytes, 0: no limit */
	uint64_t procs;         /* processes and threads, 0: no limit */
	int met_fd[2];          /* the files of the limits met (memory's
	                           events, pids.events), kept open once read:
	                           a game's end reads them for every seat */
} cgroup;

/*
 * Makes a new group for one seat under sys with these limits (memory in
 * bytes, counting the tmpfs pages its processes write; procs counting
 * every process and thread of the tree; 0: no limit) and swap denied;
 * with cpu, its tree's CPU time is counted too (v1 needs a cpuacct group
 * for it, which costs a folder more to make and remove).
 * Returns a group to give to proc_spawn() (which frees it with the
 * process), or NULL with the reason in err.  NULL with "" in err when sys
 * is NONE: no group, no failure.
 */
cgroup *cgroup_new(cgroup_sys *sys, uint64_t memory, uint64_t procs,
    int cpu, char *err, size_t errlen);

/*
 * Moves the calling process into cg.  For the child between fork() and
 * exec: only write(2) on descriptors opened by cgroup_new().  Returns 0,
 * or -1 with errno set.
 */
int cgroup_enter(const cgroup *cg);

/* Closes the descriptors cgroup_enter() needs, in the parent once the
 * child entered (or died). */
void cgroup_entered(cgroup *cg);

/* What cgroup_usage_read() reads: the limits met (cheap: what a referee
 * asks after every game), the CPU time, the peak memory. */
enum { CGROUP_MET = 1, CGROUP_CPU = 2, CGROUP_PEAK = 4, CGROUP_ALL = 7 };

/* What a seat's tree used and met, read from its group. */
typedef struct cgroup_usage {
	int64_t cpu_ns;         /* CPU time of every process, dead ones too;
	                           -1 when unknown */
	uint64_t memory_peak;   /* bytes, 0 when unknown */
	long oom_kills;         /* processes killed at the memory limit */
	long memory_hits;       /* times an allocation met the limit */
	long procs_refused;     /* forks refused at the process limit */
} cgroup_usage;

/* Reads what of cg's tree's usage `what` asks for (CGROUP_* bits; the
 * rest stays 0, or -1 for the CPU time); the files of CGROUP_MET are kept
 * open in cg for the next time.  Returns 0, or -1 when cg is NULL. */
int cgroup_usage_read(cgroup *cg, int what, cgroup_usage *u);

/*
 * 1 while some process of cg's tree lives, 0 once none does, -1 when it
 * cannot tell.  With cgroup_watch_fd() a caller can wait for the change
 * instead of asking again.
 */
int cgroup_populated(const cgroup *cg);

/*
 * A descriptor that poll(2) reports with POLLPRI when cg's tree empties
 * (v2's cgroup.events; the caller closes it), or -1 where the kernel has
 * no such notice (v1): then ask cgroup_populated() from time to time.
 */
int cgroup_watch_fd(const cgroup *cg);

/* SIGKILLs every process in cg (v2: cgroup.kill where there is one),
 * once.  Returns how many were signalled, -1 when it cannot read them. */
int cgroup_kill(const cgroup *cg);

/* Kills what is left and removes the group, then frees cg.  NULL is fine.
 * A group whose processes are still on their way out is not waited for:
 * it is removed by a later cgroup_new() or by cgroup_sys_free() (and one
 * that will not empty, by the next referee's cgroup_sys_init()). */
void cgroup_free(cgroup *cg);

#endif
