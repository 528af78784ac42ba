/* proc.c: bot processes on non-blocking pipes: spawn, poll with deadlines, stop in stages, reap. */
#ifdef __linux__
/* For pipe2(), which creates close-on-exec pipes without the window in which
 * another thread's fork() could inherit them, and for syscall(), which
 * reaches close_range(2) (see child_close_fds()). */
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <dirent.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "proc.h"
#include "say.h"

extern char **environ;

#define NS_PER_MS       1000000
/* One read takes a whole pipe (Linux's default capacity), so a flooding bot
 * costs one system call per 64 KiB, and line buffers stay bounded. */
#define READ_CHUNK      65536
/* Reads of a dead process's pipe, at most, before reporting its death: what
 * it wrote before dying is in the pipe and must not be lost, but a
 * grandchild that keeps writing must not hold the referee. */
#define DRAIN_READS     16
/* End of file on stdout usually comes a few microseconds before the exit
 * status, but on a busy machine it can be many milliseconds: wait up to
 * this long for it, so the runner hears "exit 3" rather than "closed its
 * output" however slow the machine (a bot that closes its output and
 * lives on, which is rare, costs that wait once). */
#define EXIT_LINGER     (1000 * (int64_t)NS_PER_MS)
/* Without the SIGCHLD self-pipe (proc_signals_init() not called) deaths are
 * found by polling waitpid() at least this often. */
#define NO_SIGNAL_POLL_MS 10
/* How long proc_stop_all() waits for the killed members of a dead bot's
 * group to be reapable. */
#define GROUP_REAP      (200 * (int64_t)NS_PER_MS)
/* How long a death waits for the rest of its group to be reapable. */
#define GROUP_LINGER    (100 * (int64_t)NS_PER_MS)
/* Processes whose pollfds fit on the stack; more need one malloc per poll. */
#define STACK_PROCS     16
/* Events taken from epoll_wait(2) at once. */
#define EP_EVENTS       64
/* The pollfds of one process: stdin, stdout, stderr, poke_fd. */
#define PFDS            4
/*
 * While the bot a wait is for answers within HOLD_NS, the lines queued for
 * the other bots stay queued (up to HOLD_BYTES each): a fast match then
 * wakes one bot per decision instead of every bot, and a slow one still
 * keeps the others up to date.  Longer than a scheduler tick (1 to 10
 * ms): the wait's timeout is then not the CPU's next timer event, so the
 * sleep does not reprogram the timer, which in a virtual machine costs
 * the wait microseconds each time (a 1 ms hold cost the replay floor's
 * wait 3 to 6 us a round trip more than a 20 ms one).
 */
#define HOLD_NS         (20 * (int64_t)NS_PER_MS)
#define HOLD_BYTES      4096
/*
 * A write(2) to the bot a wait is for that took this long was preempted:
 * the bot it woke ran on the referee's core, and a bot that answers at
 * once has answered by then, so its stdout is read before any wait (about
 * a third of the decisions of five C random bots on two cores).  A guess
 * that fails costs one read(2) that finds nothing.
 */
#define PREEMPTED_NS    (15 * (int64_t)1000)

/*
 * The only global state, because a signal handler can reach nothing else:
 * the SIGINT/SIGTERM flag, and a self-pipe that turns a signal into a
 * readable descriptor in every poll(), so a death or an interrupt wakes the
 * poll at once even when the signal arrives just before poll() starts.
 */
static volatile sig_atomic_t got_signal;
/* SIGCHLDs so far: a process is reaped only if one came since its last
 * check, so a wait costs no waitpid() calls when nothing died. */
static volatile sig_atomic_t chld_count;
static int wake_fd[2] = { -1, -1 };

/*
 * The descriptors the referee waits on, in one epoll set (Linux): every
 * process's stdout and stderr from its spawn to their close, the
 * self-pipe, and a stdin the pipe would not take more of.  A wait then
 * costs the same however many bots run (poll(2) registers and forgets
 * every descriptor at each call, about 2 us for five bots).  What is not
 * Linux, or an epoll that fails, uses poll(2) as before (ep_fd -1).
 * Descriptors that became readable while their process was not one a
 * wait was for are parked: taken out of the set until a wait for that
 * process, so that a wait never spins on them.
 */
static int ep_fd = -1, ep_tried;
static int *parked;
static size_t nparked, capparked;

/*
 * The processes proc_spawn() started and that are not reaped yet: what
 * proc_sweep() must spare.  A fact about the whole referee process (which
 * children it has), so it lives here rather than in a caller's struct.
 */
static pid_t *live_pid;
static size_t live_n, live_cap;

/* What the child needs, prepared before fork() so that between fork() and
 * exec the child calls only async-signal-safe functions. */
typedef struct child_plan {
	char *const *argv;
	const char *cwd;
	char **envp;            /* NULL: the referee's environment */
	int in, out, err;       /* the child's pipe ends, all above 2 */
	pid_t parent;
	int maxfd;              /* close_range(2)'s fallback closes below this */
	proc_limits limits;     /* all 0: none */
	uint64_t user_procs;    /* processes the user ran at the spawn */
	int pin;                /* 1: run on cpus only */
	cpu_set_t cpus;
	const cgroup *cg;       /* entered first, or NULL */
	int info_fd;            /* see proc_spec's wrapped: made the
	                           descriptor after those passed, or -1 */
	const sysfilter_prog *seccomp;    /* installed last, or NULL */
	const int *pass;        /* given to the child as 3, 4, ... */
	int npass;
} child_plan;

/* ---- small helpers ---------------------------------------------------- */

int proc_cpus_parse(const char *s, proc_cpus *c, char *err, size_t errlen)
{
	const char *p = s;
	int n = 0;

	memset(c, 0, sizeof *c);
	while (*p != '\0') {
		char *end;
		long lo = strtol(p, &end, 10), hi;
		if (end == p || *p == '-' || *p == '+' || lo < 0 ||
		    lo >= PROC_MAX_CPUS)
			goto bad;
		hi = lo;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || p[1] == '-' || p[1] == '+' || hi < lo ||
			    hi >= PROC_MAX_CPUS)
				goto bad;
			p = end;
		}
		for (long i = lo; i <= hi; i++)
			if (!(c->bits[i / 64] >> (i % 64) & 1)) {
				c->bits[i / 64] |= 1ULL << (i % 64);
				n++;
			}
		if (*p == ',' && p[1] != '\0')
			p++;
		else if (*p != '\0')
			goto bad;
	}
	if (n > 0)
		return n;
bad:
	sab_say(err, errlen, "\"%s\" is not a CPU list such as 0-3,6 (CPUs "
	    "numbered from 0 to %d)", s, PROC_MAX_CPUS - 1);
	return -1;
}

int proc_cpus_own(proc_cpus *c)
{
	cpu_set_t set;
	int n = 0;

	memset(c, 0, sizeof *c);
	if (sched_getaffinity(0, sizeof set, &set) < 0)
		return -1;
	for (int i = 0; i < PROC_MAX_CPUS && i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set)) {
			c->bits[i / 64] |= 1ULL << (i % 64);
			n++;
		}
	return n;
}

void proc_cpus_format(const proc_cpus *c, char *buf, size_t len)
{
	size_t k = 0;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (int i = 0; i < PROC_MAX_CPUS; i++) {
		int j = i, w;
		if (!(c->bits[i / 64] >> (i % 64) & 1))
			continue;
		while (j + 1 < PROC_MAX_CPUS && (c->bits[(j + 1) / 64] >>
		    ((j + 1) % 64) & 1))
			j++;
		w = j > i ? snprintf(buf + k, len - k, "%s%d-%d", k ? "," : "",
		    i, j) : snprintf(buf + k, len - k, "%s%d", k ? "," : "", i);
		if (w < 0 || (size_t)w >= len - k) {
			buf[k] = '\0';         /* cut at a whole entry */
			return;
		}
		k += (size_t)w;
		i = j;
	}
}

int64_t proc_now(void)
{
	struct timespec ts;

	/* CLOCK_MONOTONIC always exists and ts is valid, so this cannot fail;
	 * 0 is still better than an uninitialised value. */
	if (clock_gettime(CLOCK_MONOTONIC, &ts) < 0)
		return 0;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * Closes *fd if open and marks it closed.  close() fails only with EINTR or
 * EIO, and Linux releases the descriptor either way, so retrying could close
 * a descriptor someone else just got: there is nothing useful to do.
 */
static void fd_close(int *fd)
{
	if (*fd >= 0)
		(void)close(*fd);
	*fd = -1;
}

static int fd_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0)
		return -1;
	return fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* A pipe whose ends are both close-on-exec. */
static int make_pipe(int fd[2])
{
#ifdef __linux__
	return pipe2(fd, O_CLOEXEC);
#else
	if (pipe(fd) < 0)
		return -1;
	if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) < 0 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) < 0) {
		int e = errno;
		fd_close(&fd[0]);
		fd_close(&fd[1]);
		errno = e;
		return -1;
	}
	return 0;
#endif
}

/* Moves *fd above 0, 1 and 2 (a referee started with a closed stdin gets
 * pipes there), so the child's dup2() onto 0-2 can never clobber another of
 * its pipe ends. */
static int fd_above_stdio(int *fd)
{
	int nfd;

	if (*fd > 2)
		return 0;
	if ((nfd = fcntl(*fd, F_DUPFD_CLOEXEC, 3)) < 0)
		return -1;
	fd_close(fd);
	*fd = nfd;
	return 0;
}

/* Makes *buf hold at least need bytes, doubling. */
static int grow(char **buf, size_t *cap, size_t need)
{
	size_t ncap = *cap ? *cap : 256;
	char *nbuf;

	if (need <= *cap)
		return 0;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if ((nbuf = realloc(*buf, ncap)) == NULL)
		return -1;
	*buf = nbuf;
	*cap = ncap;
	return 0;
}

/* Milliseconds from now to until, rounded up, never negative. */
static int ms_until(int64_t now, int64_t until)
{
	int64_t d = until - now, ms;

	if (d <= 0)
		return 0;
	ms = d / NS_PER_MS + (d % NS_PER_MS != 0);
	return ms > INT_MAX ? INT_MAX : (int)ms;
}

/* Sleeps up to ms milliseconds; used only when poll() itself fails, so the
 * loop around it cannot spin. */
static void nap(int ms)
{
	struct timespec ts = { 0, (long)ms * NS_PER_MS };

	if (ms > 0 && nanosleep(&ts, NULL) < 0) {
		/* EINTR: a signal woke us early, which is what we wait for. */
	}
}

/* ---- signals ------------------------------------------------------------ */

static void on_signal(int sig)
{
	int saved = errno;

	if (sig != SIGCHLD)
		got_signal = sig;
	else
		chld_count++;
	if (wake_fd[1] >= 0 && write(wake_fd[1], "", 1) < 0) {
		/* EAGAIN: the pipe is full, a wake-up is already pending. */
	}
	errno = saved;
}

/* Empties the self-pipe; the caller then looks at what the signals did. */
static void wake_drain(void)
{
	char buf[64];

	for (;;) {
		ssize_t k = read(wake_fd[0], buf, sizeof buf);
		if (k > 0 || (k < 0 && errno == EINTR))
			continue;
		return;         /* EAGAIN: empty */
	}
}

/* ---- the epoll set ------------------------------------------------------ */

/* What a descriptor of the set is to its process: the high half of its
 * key; the low half is the descriptor. */
enum { W_OUT = 1, W_ERR, W_IN, W_WAKE, W_POKE };

#ifdef __linux__
static uint64_t ep_key(int fd, int role)
{
	return (uint64_t)(unsigned)fd | (uint64_t)role << 32;
}

/* Falls back to poll(2) for good: a descriptor the set could not take
 * would never wake a wait. */
static void ep_give_up(void)
{
	if (ep_fd >= 0)
		(void)close(ep_fd);
	ep_fd = -1;
	nparked = 0;
}

static int ep_ctl(int op, int fd, int role, uint32_t events)
{
	struct epoll_event e;

	memset(&e, 0, sizeof e);
	e.events = events;
	e.data.u64 = ep_key(fd, role);
	return epoll_ctl(ep_fd, op, fd, &e);
}

/* Adds fd; gives up the set when it cannot. */
static void ep_add(int fd, int role, uint32_t events)
{
	if (ep_fd >= 0 && fd >= 0 && ep_ctl(EPOLL_CTL_ADD, fd, role, events) < 0)
		ep_give_up();
}

/* The set, made at the first spawn. */
static void ep_open(void)
{
	if (ep_tried)
		return;
	ep_tried = 1;
	if ((ep_fd = epoll_create1(EPOLL_CLOEXEC)) < 0)
		return;
	ep_add(wake_fd[0], W_WAKE, EPOLLIN);
}

static long parked_find(int fd)
{
	for (size_t i = 0; i < nparked; i++)
		if (parked[i] == fd)
			return (long)i;
	return -1;
}

static void parked_forget(int fd)
{
	long i = nparked > 0 ? parked_find(fd) : -1;

	if (i >= 0)
		parked[i] = parked[--nparked];
}

/* Takes fd out of the set until a wait for its process (unpark()). */
static void park(int fd)
{
	if (ep_ctl(EPOLL_CTL_DEL, fd, 0, 0) < 0)
		return;         /* not in the set (closed meanwhile) */
	if (nparked == capparked) {
		size_t ncap = capparked ? 2 * capparked : 16;
		int *n = realloc(parked, ncap * sizeof *n);
		if (n == NULL) {
			ep_give_up();   /* it would be lost: poll(2) sees all */
			return;
		}
		parked = n;
		capparked = ncap;
	}
	parked[nparked++] = fd;
}

/* Puts back a parked descriptor of p's (stdout only once its line queue
 * has room). */
static void unpark_one(proc *p)
{
	long i;

	if (p->out_fd >= 0 && p->nlines < PROC_LINE_QUEUE &&
	    (i = parked_find(p->out_fd)) >= 0) {
		parked[i] = parked[--nparked];
		ep_add(p->out_fd, W_OUT, EPOLLIN);
	}
	if (ep_fd >= 0 && p->err_fd >= 0 && (i = parked_find(p->err_fd)) >= 0) {
		parked[i] = parked[--nparked];
		ep_add(p->err_fd, W_ERR, EPOLLIN);
	}
}
#endif

/* Closes one of p's pipe ends, out of the set first: a child forked
 * meanwhile may hold a copy, which would keep it in the set. */
static void watched_close(int *fd)
{
#ifdef __linux__
	if (ep_fd >= 0 && *fd >= 0) {
		(void)epoll_ctl(ep_fd, EPOLL_CTL_DEL, *fd, NULL);
		if (nparked > 0)
			parked_forget(*fd);
	}
#endif
	fd_close(fd);
}

int proc_signals_init(void)
{
	struct sigaction sa;

	if (wake_fd[0] < 0) {
		if (make_pipe(wake_fd) < 0)
			return -1;
		if (fd_nonblock(wake_fd[0]) < 0 || fd_nonblock(wake_fd[1]) < 0)
			return -1;
#ifdef __linux__
		ep_add(wake_fd[0], W_WAKE, EPOLLIN);
#endif
	}
#ifdef __linux__
	/* Made now, with the self-pipe: a descriptor the referee keeps. */
	ep_open();
#endif
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	(void)sigfillset(&sa.sa_mask);
	/* SA_RESTART spares the rest of the program EINTR on its files; poll()
	 * is never restarted, and the self-pipe wakes it anyway. */
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGINT, &sa, NULL) < 0 || sigaction(SIGTERM, &sa, NULL) < 0)
		return -1;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	if (sigaction(SIGCHLD, &sa, NULL) < 0)
		return -1;
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	if (sigaction(SIGPIPE, &sa, NULL) < 0)
		return -1;
#ifdef __linux__
	/* Orphaned grandchildren of bots become the referee's children instead
	 * of init's, so proc_stop_all() can reap them (init in a container
	 * often reaps nothing).  Kernels before 3.4 refuse; then init has them. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0) {
		/* Not fatal: only grandchildren are left to init. */
	}
#endif
	return 0;
}

int proc_interrupted(void)
{
	return got_signal;
}

/* ---- the child, between fork() and exec ---------------------------------- */

/* Appends s to the message in buf (of size len) at *pos, truncating. */
static void msg_add(char *buf, size_t len, size_t *pos, const char *s)
{
	while (*s != '\0' && *pos < len)
		buf[(*pos)++] = *s++;
}

/*
 * Writes "cannot run ARGV0: [STEP: ]REASON" to fd and exits 127, the shell's
 * code for a command that cannot run.  strerror() is not on POSIX's list of
 * async-signal-safe functions, but glibc's and musl's return static text for
 * every errno a failing exec gives; the message is worth that.
 */
static _Noreturn void child_fail(int fd, const char *argv0, const char *step)
{
	const char *why = strerror(errno);
	char msg[512];
	size_t n = 0;

	msg_add(msg, sizeof msg - 1, &n, "cannot run ");
	msg_add(msg, sizeof msg - 1, &n, argv0);
	msg_add(msg, sizeof msg - 1, &n, ": ");
	if (step != NULL) {
		msg_add(msg, sizeof msg - 1, &n, step);
		msg_add(msg, sizeof msg - 1, &n, ": ");
	}
	msg_add(msg, sizeof msg - 1, &n, why);
	msg[n++] = '\n';
	if (write(fd, msg, n) < 0) {
		/* Nobody left to tell. */
	}
	_exit(127);
}

/* Signals caught by the referee are reset by exec, but ignored ones (SIGPIPE)
 * and the mask would be inherited: a bot must start with the defaults. */
static int child_reset_signals(void)
{
	struct sigaction sa;
	sigset_t none;
#ifdef SIGRTMAX
	int last = SIGRTMAX;
#else
	int last = 64;
#endif

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	(void)sigemptyset(&sa.sa_mask);
	for (int s = 1; s <= last; s++)
		if (sigaction(s, &sa, NULL) < 0 && errno != EINVAL)
			return -1;      /* EINVAL: SIGKILL, SIGSTOP, libc's own */
	(void)sigemptyset(&none);
	return sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Closes every descriptor from first on: the referee's own are
 * close-on-exec, but a library or the runner may have opened some without
 * it. */
static void child_close_fds(int first, int maxfd)
{
#if defined(__linux__) && defined(SYS_close_range)
	if (syscall(SYS_close_range, (unsigned)first, ~0U, 0U) == 0)
		return;
	/* ENOSYS before Linux 5.9: close them one by one. */
#endif
	for (int fd = first; fd < maxfd; fd++)
		(void)close(fd);        /* EBADF for most: nothing was open */
}

/* How many descriptors the child gets above 2: those of c->pass, then
 * the init's pipe of a wrapped command (bwrap's --info-fd). */
static int npassed(const child_plan *c)
{
	return c->npass + (c->info_fd >= 0);
}

static int passed(const child_plan *c, int i)
{
	return i < c->npass ? c->pass[i] : c->info_fd;
}

/* Gives the child the descriptors npassed() counts as 3, 4, ...: each is
 * copied above that range first, before stdin, stdout and stderr are
 * replaced (a descriptor passed may be the referee's own stderr), then
 * moved into place; dup2() leaves the copies open across exec. */
static int child_pass_hold(const child_plan *c, int *tmp)
{
	for (int i = 0; i < npassed(c); i++)
		if ((tmp[i] = fcntl(passed(c, i), F_DUPFD, 3 + npassed(c))) < 0)
			return -1;
	return 0;
}

static int child_pass_place(const child_plan *c, const int *tmp)
{
	for (int i = 0; i < npassed(c); i++)
		if (dup2(tmp[i], 3 + i) < 0)
			return -1;
	return 0;
}

/* Sets one limit, soft and hard, when it is not 0. */
static int child_limit(int resource, uint64_t value)
{
	struct rlimit rl;

	if (value == 0)
		return 0;
	rl.rlim_cur = rl.rlim_max = (rlim_t)value;
	return setrlimit(resource, &rl);
}

/* The limits of c; a hard limit below the one asked cannot be raised by
 * an unprivileged referee, so it is kept (EPERM is then no failure). */
static int child_limits(const child_plan *c)
{
	const proc_limits *l = &c->limits;
	const struct { int res; uint64_t v; } set[] = {
		{ RLIMIT_DATA, l->memory },
		{ RLIMIT_NPROC, l->procs ? c->user_procs + l->procs : 0 },
		{ RLIMIT_NOFILE, l->files },
		{ RLIMIT_FSIZE, l->file_size },
		{ RLIMIT_CPU, l->cpu },
	};

	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
		struct rlimit now;
		if (child_limit(set[i].res, set[i].v) == 0 || errno != EPERM)
			continue;
		if (getrlimit(set[i].res, &now) < 0 || now.rlim_max == RLIM_INFINITY)
			return -1;
		now.rlim_cur = now.rlim_max;
		if (setrlimit(set[i].res, &now) < 0)
			return -1;
	}
	return 0;
}

static _Noreturn void child_run(const child_plan *c)
{
	const char *argv0 = c->argv[0];
	int tmp[PROC_MAX_PASS + 1];

	if (setpgid(0, 0) < 0)
		child_fail(c->err, argv0, "setpgid");
#ifdef __linux__
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		child_fail(c->err, argv0, "prctl");
	/* The referee may have died before prctl(): then nobody would kill us. */
	if (getppid() != c->parent)
		_exit(127);
#endif
	/* Into the seat's group before anything can fork. */
	if (cgroup_enter(c->cg) < 0)
		child_fail(c->err, argv0, "entering its cgroup");
	if (child_reset_signals() < 0)
		child_fail(c->err, argv0, "signals");
	if (child_limits(c) < 0)
		child_fail(c->err, argv0, "setrlimit");
	if (c->pin && sched_setaffinity(0, sizeof c->cpus, &c->cpus) < 0)
		child_fail(c->err, argv0, "sched_setaffinity");
	if (child_pass_hold(c, tmp) < 0)
		child_fail(c->err, argv0, "passing descriptors");
	if (dup2(c->in, 0) < 0 || dup2(c->out, 1) < 0 || dup2(c->err, 2) < 0)
		child_fail(c->err, argv0, "dup2");
	if (child_pass_place(c, tmp) < 0)
		child_fail(2, argv0, "passing descriptors");
	child_close_fds(3 + npassed(c), c->maxfd);
	if (c->cwd != NULL && chdir(c->cwd) < 0)
		child_fail(2, argv0, c->cwd);
	if (c->envp != NULL)
		environ = c->envp;
	/* Last: from here on the bot's own calls are filtered, execve too. */
	if (c->seccomp != NULL && sysfilter_install(c->seccomp) < 0)
		child_fail(2, argv0, "the system-call filter");
	execvp(argv0, c->argv);
	child_fail(2, argv0, NULL);
}

/* Forks with every signal blocked, so the child cannot run the referee's
 * handlers (which write to the referee's self-pipe) before it resets them. */
static pid_t fork_child(const child_plan *c)
{
	sigset_t all, old;
	pid_t pid;
	int e;

	(void)sigfillset(&all);
	if (sigprocmask(SIG_BLOCK, &all, &old) < 0)
		return -1;
	if ((pid = fork()) == 0)
		child_run(c);
	e = errno;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);  /* cannot fail: old is valid */
	errno = e;
	return pid;
}

/* ---- the live processes ---------------------------------------------------- */

/* Remembers pid as one of ours; without memory it goes unremembered, and
 * proc_sweep() skips its work rather than kill a live bot's helpers. */
static int live_lost;

static void live_add(pid_t pid)
{
	if (live_n == live_cap) {
		size_t ncap = live_cap ? 2 * live_cap : 32;
		pid_t *n = realloc(live_pid, ncap * sizeof *n);
		if (n == NULL) {
			live_lost++;
			return;
		}
		live_pid = n;
		live_cap = ncap;
	}
	live_pid[live_n++] = pid;
}

static void live_remove(pid_t pid)
{
	for (size_t i = 0; i < live_n; i++)
		if (live_pid[i] == pid) {
			live_pid[i] = live_pid[--live_n];
			return;
		}
}

static int live_has(pid_t pid)
{
	for (size_t i = 0; i < live_n; i++)
		if (live_pid[i] == pid)
			return 1;
	return 0;
}

/* ---- spawning ------------------------------------------------------------ */

/* Length of the NAME in "NAME=VALUE". */
static size_t env_name_len(const char *s)
{
	return strcspn(s, "=");
}

static int env_same_name(const char *a, const char *b)
{
	size_t n = env_name_len(a);

	return n == env_name_len(b) && strncmp(a, b, n) == 0;
}

/* Returns 1 when a later entry of env (after index i, or any when i < 0)
 * sets the same name as s. */
static int env_overridden(char *const *env, long i, const char *s)
{
	for (long j = i + 1; env[j] != NULL; j++)
		if (env_same_name(env[j], s))
			return 1;
	return 0;
}

/*
 * The referee's environment with the spec's entries added or replacing
 * those of the same name (the last one wins), built before fork(): setenv()
 * in the child would not be async-signal-safe.  The strings are shared.
 */
static char **env_merge(char *const *extra, char *err, size_t errlen)
{
	size_t n = 0, k = 0, m = 0;
	char **env;

	for (; extra[k] != NULL; k++) {
		if (env_name_len(extra[k]) == 0 || extra[k][env_name_len(extra[k])] != '=') {
			sab_say(err, errlen, "bad environment entry \"%s\" "
			    "(NAME=VALUE expected)", extra[k]);
			return NULL;
		}
	}
	while (environ != NULL && environ[n] != NULL)
		n++;
	if ((env = calloc(n + k + 1, sizeof *env)) == NULL) {
		sab_say(err, errlen, "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (!env_overridden(extra, -1, environ[i]))
			env[m++] = environ[i];
	for (size_t j = 0; j < k; j++)
		if (!env_overridden(extra, (long)j, extra[j]))
			env[m++] = extra[j];
	env[m] = NULL;
	return env;
}

/* The environment exactly as given, in an array of its own (freed as
 * env_merge()'s is). */
static char **env_copy(char *const *env, char *err, size_t errlen)
{
	size_t n = 0;
	char **copy;

	while (env[n] != NULL)
		n++;
	if ((copy = calloc(n + 1, sizeof *copy)) == NULL) {
		sab_say(err, errlen, "out of memory");
		return NULL;
	}
	memcpy(copy, env, n * sizeof *copy);
	return copy;
}

static void proc_clear(proc *p, const proc_spec *spec)
{
	memset(p, 0, sizeof *p);
	p->in_fd = p->out_fd = p->err_fd = p->log_fd = p->info_fd = -1;
	p->poke_fd = -1;
	p->state = PROC_DEAD;   /* until there is a child */
	p->max_line = spec->max_line;
	p->max_stderr = spec->max_stderr;
}

/* Creates the three pipes; the child's ends above 2, the referee's
 * non-blocking.  fds: stdin read, write; stdout read, write; stderr read,
 * write. */
static int spawn_pipes(int fds[6])
{
	for (int i = 0; i < 3; i++)
		if (make_pipe(fds + 2 * i) < 0)
			return -1;
	if (fd_above_stdio(&fds[0]) < 0 || fd_above_stdio(&fds[3]) < 0 ||
	    fd_above_stdio(&fds[5]) < 0)
		return -1;
	if (fd_nonblock(fds[1]) < 0 || fd_nonblock(fds[2]) < 0 ||
	    fd_nonblock(fds[4]) < 0)
		return -1;
	return 0;
}

/*
 * How many processes the referee's user runs now (the owners of /proc's
 * entries), so that RLIMIT_NPROC, which counts them all, leaves the bot its
 * own allowance on top.  0 where /proc cannot be read.
 */
static uint64_t user_processes(void)
{
	uint64_t n = 0;
#ifdef __linux__
	DIR *d = opendir("/proc");
	struct dirent *e;
	uid_t me = getuid();
	char path[64];
	struct stat st;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		if (snprintf(path, sizeof path, "/proc/%s", e->d_name) <
		    (int)sizeof path && stat(path, &st) == 0 && st.st_uid == me)
			n++;
	}
	(void)closedir(d);
#endif
	return n;
}

static int open_max(void)
{
	long m = sysconf(_SC_OPEN_MAX);

	if (m < 0)
		return 1024;
	return m > 65536 ? 65536 : (int)m;
}

/* The pipe on which bwrap writes its init's pid (--info-fd): the read
 * end, non-blocking, is p's; the write end the child's (npassed()). */
static int info_pipe(proc *p, child_plan *c)
{
	int fd[2];

	if (make_pipe(fd) < 0)
		return -1;
	p->info_fd = fd[0];
	c->info_fd = fd[1];
	return fd_nonblock(fd[0]);
}

/* Everything the child needs before fork(): its environment, the stderr
 * file, the pipes.  On failure the caller closes what was opened. */
static int spawn_prepare(proc *p, const proc_spec *spec, child_plan *c,
    int fds[6], char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	c->info_fd = -1;
	c->argv = spec->argv;
	c->cwd = spec->cwd;
	c->parent = getpid();
	c->cg = spec->cg;
	c->seccomp = spec->seccomp;
	c->maxfd = open_max();
	c->pass = spec->pass_fds;
	c->npass = spec->pass_fds != NULL ? spec->npass : 0;
	if (c->npass < 0 || c->npass > PROC_MAX_PASS) {
		sab_say(err, errlen, "%d descriptors to pass to %s: at most %d",
		    c->npass, spec->argv[0], PROC_MAX_PASS);
		return -1;
	}
	if (spec->cpus != NULL) {
		/* Made here, in the parent: the CPU_ macros are no business of
		 * the child between fork and exec. */
		c->pin = 1;
		CPU_ZERO(&c->cpus);
		for (int i = 0; i < PROC_MAX_CPUS && i < CPU_SETSIZE; i++)
			if (spec->cpus->bits[i / 64] >> (i % 64) & 1)
				CPU_SET(i, &c->cpus);
	}
	/* The kernel does not apply RLIMIT_NPROC to root: no need to count
	 * (a look at every process of the machine, at each spawn). */
	if (spec->limits != NULL) {
		c->limits = *spec->limits;
		if (c->limits.procs > 0 && getuid() != 0)
			c->user_procs = user_processes();
	}
	if (spec->env != NULL && spec->env_exact)
		c->envp = env_copy(spec->env, err, errlen);
	else if (spec->env != NULL)
		c->envp = env_merge(spec->env, err, errlen);
	if (spec->env != NULL && c->envp == NULL)
		return -1;
	if (spec->stderr_path != NULL && (p->log_fd = open(spec->stderr_path,
	    O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600)) < 0) {
		sab_say(err, errlen, "cannot open %s: %s", spec->stderr_path,
		    strerror(errno));
		return -1;
	}
	if (spawn_pipes(fds) < 0) {
		sab_say(err, errlen, "cannot make pipes for %s: %s",
		    spec->argv[0], strerror(errno));
		return -1;
	}
	c->in = fds[0];
	c->out = fds[3];
	c->err = spec->merge_stderr ? fds[3] : fds[5];
	if (spec->wrapped && info_pipe(p, c) < 0) {
		sab_say(err, errlen, "cannot make a pipe for %s: %s",
		    spec->argv[0], strerror(errno));
		return -1;
	}
	return 0;
}

int proc_spawn(proc *p, const proc_spec *spec, char *err, size_t errlen)
{
	int fds[6] = { -1, -1, -1, -1, -1, -1 };
	child_plan c = { .info_fd = -1 };
	pid_t pid = -1;

	proc_clear(p, spec);
	if (spec->argv == NULL || spec->argv[0] == NULL) {
		sab_say(err, errlen, "no command to run");
		cgroup_free(spec->cg);
		return -1;
	}
	if (spawn_prepare(p, spec, &c, fds, err, errlen) == 0 &&
	    (pid = fork_child(&c)) < 0)
		sab_say(err, errlen, "cannot fork for %s: %s", spec->argv[0],
		    strerror(errno));
	/* The child's ends are its own now (or nobody's, on failure). */
	fd_close(&fds[0]);
	fd_close(&fds[3]);
	fd_close(&fds[5]);
	fd_close(&c.info_fd);
	free(c.envp);
	/* The child entered the group with its own copies (or never will). */
	cgroup_entered(spec->cg);
	if (pid < 0) {
		fd_close(&fds[1]);
		fd_close(&fds[2]);
		fd_close(&fds[4]);
		fd_close(&p->log_fd);
		fd_close(&p->info_fd);
		cgroup_free(spec->cg);
		return -1;
	}
	/* The child's own setpgid() is the one that counts; this one closes the
	 * window before it runs, in which kill(-pid) would find no group.  It
	 * fails with EACCES once the child has exec'd, which is fine. */
	(void)setpgid(pid, pid);
	live_add(pid);
	p->pid = pid;
	p->wrapped = spec->wrapped;
	p->cg = spec->cg;
	p->state = PROC_RUNNING;
	p->in_fd = fds[1];
	p->out_fd = fds[2];
	p->err_fd = fds[4];
#ifdef __linux__
	ep_open();
	if (nparked > 0) {
		parked_forget(p->out_fd);
		parked_forget(p->err_fd);
	}
	ep_add(p->out_fd, W_OUT, EPOLLIN);
	ep_add(p->err_fd, W_ERR, EPOLLIN);
#endif
	return 0;
}

/* ---- stdin --------------------------------------------------------------- */

/* Forgets what was queued and closes stdin: the bot cannot take it. */
static void stdin_drop(proc *p)
{
	p->wlen = 0;
	p->stdin_closed = 1;
	watched_close(&p->in_fd);
}

/* Asks the set to say once when p's stdin takes bytes again. */
static void stdin_arm(proc *p)
{
#ifdef __linux__
	if (ep_fd < 0)
		return;
	if (ep_ctl(p->in_armed ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, p->in_fd, W_IN,
	    EPOLLOUT | EPOLLONESHOT) < 0)
		ep_give_up();
	p->in_armed = 1;
#else
	(void)p;
#endif
}

/* Writes queued bytes as far as the pipe takes them; closes stdin once they
 * are out if proc_close_stdin() asked for it.  When timed (the request of
 * the bot a wait is for), returns how long the last write(2) took, in ns,
 * when it wrote the last queued byte; else 0, and no clock is read before
 * a write. */
static int64_t flush_timed(proc *p, int timed)
{
	size_t done = 0;
	int full = 0;
	int64_t took = 0, t0 = 0;

	while (p->in_fd >= 0 && done < p->wlen) {
		ssize_t k;
		if (timed)
			t0 = proc_now();
		k = write(p->in_fd, p->wbuf + done, p->wlen - done);
		if (k > 0) {
			done += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0 || errno == EAGAIN || errno == EWOULDBLOCK) {
			full = 1;
			break;
		}
		stdin_drop(p);  /* EPIPE: the bot closed stdin or died */
		return 0;
	}
	if (done > 0) {
		memmove(p->wbuf, p->wbuf + done, p->wlen - done);
		p->wlen -= done;
		if (p->wlen == 0) {
			p->t_written = proc_now();
			if (timed)
				took = p->t_written - t0;
		}
	}
	if (full)
		stdin_arm(p);
	if (p->wlen == 0 && p->stdin_closed)
		watched_close(&p->in_fd);
	return took;
}

static void stdin_flush(proc *p)
{
	(void)flush_timed(p, 0);
}

int proc_send_grow(proc *p, const char *line, size_t len)
{
	if (p->stdin_closed || p->in_fd < 0)
		return -1;
	if (len > SIZE_MAX - 1 - p->wlen || (p->wlen + len + 1 > p->wcap &&
	    grow(&p->wbuf, &p->wcap, p->wlen + len + 1) < 0))
		return -1;
	memcpy(p->wbuf + p->wlen, line, len);
	p->wbuf[p->wlen + len] = '\n';
	p->wlen += len + 1;
	/* Lines are written by the next proc_wait(), all of a bot's at once:
	 * one write(2) and one wake-up of the bot per batch, not per line.
	 * The bot's clock starts when the last byte is written (t_written). */
	return 0;
}

/*
 * Closing with bytes still queued would lose the last thing said to the bot
 * (often a "quit"), so stdin closes once they are written; proc_stop_all()
 * drops them if the bot does not read them within its grace.
 */
void proc_close_stdin(proc *p)
{
	p->stdin_closed = 1;
	if (p->wlen == 0)
		watched_close(&p->in_fd);
}

/* ---- stdout: bytes into lines ------------------------------------------- */

static int line_queue(proc *p, const char *s, size_t len, int64_t t)
{
	char *copy = malloc(len + 1);
	int i = (p->first_line + p->nlines) % PROC_LINE_QUEUE;

	if (copy == NULL)
		return -1;
	memcpy(copy, s, len);
	copy[len] = '\0';
	p->lines[i] = copy;
	p->line_len[i] = len;
	p->line_time[i] = t;
	p->nlines++;
	return 0;
}

/*
 * Moves complete lines from rbuf into the queue while it has room.  What
 * stays in rbuf is a partial line, or lines held back by a full queue (then
 * stdout is not read until proc_take_line() makes room).  One memmove per
 * call keeps a chunk full of short lines linear.
 *
 * A line longer than max_line (one byte more is allowed for a '\r' before
 * the newline) sets too_long, found as soon as its first max_line + 2 bytes
 * are in.  Nothing after it becomes a line: the lines before it are taken
 * first and PROC_EV_TOO_LONG comes at its place in the stream, never after
 * a reply the bot sent later.  Reading goes on (and out_bytes counts), so
 * the bot never blocks on its stdout.
 */
static void lines_split(proc *p)
{
	size_t start = 0;
	int64_t now = proc_now();

	while (!p->too_long && start < p->rlen && p->nlines < PROC_LINE_QUEUE) {
		char *nl = memchr(p->rbuf + start, '\n', p->rlen - start);
		size_t end, len;

		if (nl == NULL) {
			if (p->rlen - start - 1 > p->max_line)
				p->too_long = 1;
			break;
		}
		end = (size_t)(nl - p->rbuf);
		len = end - start;
		if (len > 0 && p->rbuf[end - 1] == '\r')
			len--;
		if (len > p->max_line)
			p->too_long = 1;
		else if (line_queue(p, p->rbuf + start, len, now) < 0)
			break;  /* out of memory: try again at the next take */
		else
			start = end + 1;
	}
	if (p->too_long)
		start = p->rlen;
	memmove(p->rbuf, p->rbuf + start, p->rlen - start);
	p->rlen -= start;
}

static void lines_drop(proc *p)
{
	while (p->nlines > 0) {
		free(p->lines[p->first_line]);
		p->lines[p->first_line] = NULL;
		p->first_line = (p->first_line + 1) % PROC_LINE_QUEUE;
		p->nlines--;
	}
	p->rlen = 0;
}

static void stdout_closed(proc *p)
{
	watched_close(&p->out_fd);
	p->rlen = 0;            /* a last line without its newline is no line */
	if (p->state == PROC_RUNNING)
		p->state = PROC_CLOSED;
}

/* Reads one chunk of stdout into lines.  Returns 1 when it read bytes. */
static int stdout_read(proc *p)
{
	if (p->out_fd < 0 || p->nlines == PROC_LINE_QUEUE)
		return 0;
	if (grow(&p->rbuf, &p->rcap, p->rlen + READ_CHUNK) < 0)
		return 0;       /* out of memory: try again at the next wake-up */
	for (;;) {
		ssize_t k = read(p->out_fd, p->rbuf + p->rlen, READ_CHUNK);
		if (k > 0) {
			p->rlen += (size_t)k;
			p->out_bytes += (uint64_t)k;
			lines_split(p);
			return 1;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		stdout_closed(p);       /* end of file, or EIO, which means the same */
		return 0;
	}
}

static void stdout_drain(proc *p)
{
	for (int i = 0; i < DRAIN_READS && stdout_read(p); i++)
		;
}

char *proc_take_line(proc *p, size_t *len, int64_t *t)
{
	int i = p->first_line;
	char *s;

	if (p->nlines == 0)
		return NULL;
	s = p->lines[i];
	if (len != NULL)
		*len = p->line_len[i];
	if (t != NULL)
		*t = p->line_time[i];
	p->lines[i] = NULL;
	p->first_line = (i + 1) % PROC_LINE_QUEUE;
	p->nlines--;
	if (p->rlen > 0)
		lines_split(p); /* lines held back by a full queue */
	return s;
}

void proc_flush(proc *p)
{
	if (p->wlen > 0)
		stdin_flush(p);
}

void proc_count_reset(proc *p)
{
	p->out_bytes = 0;
}

/* ---- stderr ---------------------------------------------------------------- */

/* Appends to the stderr file up to max_stderr; a write error (a full disk) is
 * the referee's trouble, not the bot's: logging stops, the match goes on. */
static void stderr_keep(proc *p, const char *s, size_t len)
{
	size_t room = p->max_stderr - p->stderr_kept;

	if (len > room)
		len = room;
	while (len > 0 && p->log_fd >= 0) {
		ssize_t k = write(p->log_fd, s, len);
		if (k > 0) {
			s += k;
			len -= (size_t)k;
			p->stderr_kept += (size_t)k;
		} else if (k < 0 && errno == EINTR) {
			continue;
		} else {
			fd_close(&p->log_fd);
		}
	}
}

/* Reads one chunk of stderr into the file.  Returns 1 when it read bytes. */
static int stderr_read(proc *p)
{
	char buf[READ_CHUNK];

	while (p->err_fd >= 0) {
		ssize_t k = read(p->err_fd, buf, sizeof buf);
		if (k > 0) {
			stderr_keep(p, buf, (size_t)k);
			return 1;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		watched_close(&p->err_fd);  /* end of file: the log is complete */
		fd_close(&p->log_fd);
	}
	return 0;
}

/* ---- reaping ---------------------------------------------------------------- */

static int is_live(const proc *p)
{
	return p != NULL && p->pid > 0 && p->state != PROC_DEAD;
}

/*
 * Records that p ended with status st.  Its group dies with it: helpers a
 * dead bot left behind (holding its pipes, say) have no purpose, and right
 * after the reap is the one moment the group id cannot belong to anyone
 * else (Linux reuses a pid only once no process has it as a group id).
 * What p wrote before dying is in the pipe: read it before anyone hears of
 * the death.
 */
/* Adds what ru used to p's account: the largest peak, the CPU summed. */
static void usage_add(proc *p, const struct rusage *ru)
{
	if (ru->ru_maxrss > p->maxrss_kb)
		p->maxrss_kb = ru->ru_maxrss;
	p->cpu_ns += ((int64_t)ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) *
	    1000000000 + ((int64_t)ru->ru_utime.tv_usec +
	    ru->ru_stime.tv_usec) * 1000;
}

static pid_t wait_usage(pid_t pid, int *st, int flags, struct rusage *ru);

/*
 * The pid bwrap wrote on the info pipe ("child-pid": N, its init, outside
 * the sandbox's PID namespace), or 0 when it wrote none (it failed before
 * it made the namespace).  bwrap has exited by now, so what it wrote is
 * all in the pipe.
 */
static pid_t init_pid_read(proc *p)
{
	char buf[1024], *at;
	ssize_t k;
	long pid;

	if (p->info_fd < 0)
		return p->init_pid;
	do
		k = read(p->info_fd, buf, sizeof buf - 1);
	while (k < 0 && errno == EINTR);
	fd_close(&p->info_fd);
	if (k <= 0)
		return 0;
	buf[k] = '\0';
	if ((at = strstr(buf, "\"child-pid\"")) == NULL ||
	    (at = strchr(at, ':')) == NULL)
		return 0;
	pid = strtol(at + 1, NULL, 10);
	p->init_pid = pid > 0 && pid <= INT_MAX ? (pid_t)pid : 0;
	return p->init_pid;
}

/* Waits up to ms milliseconds for pid to end: on a pidfd, without
 * polling, where the kernel has them (Linux 5.3), else a nap. */
static void await_exit(pid_t pid, int ms)
{
#if defined(__linux__) && defined(SYS_pidfd_open)
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (fd >= 0) {
		struct pollfd w = { fd, POLLIN, 0 };
		(void)poll(&w, 1, ms);
		(void)close(fd);
		return;
	}
#else
	(void)pid;
#endif
	nap(ms < 1 ? ms : 1);
}

/*
 * For a process that runs the bot under an init of its own (bwrap): the
 * init is the sandbox's PID namespace's, so once it is reaped nothing of
 * the bot's tree is left, and only its account holds the bot's peak
 * memory and CPU time.  bwrap exits as soon as the init has told it the
 * bot's status, and the init, its child, dies with it (--die-with-parent):
 * it is the referee's child now (a subreaper, proc_signals_init()).  Reaps
 * it, waiting for it to end within GROUP_LINGER; one that does not is
 * left to proc_sweep().
 */
static void init_reap(proc *p)
{
	pid_t init = init_pid_read(p);
	int64_t limit = proc_now() + GROUP_LINGER;

	while (init > 0 && !p->init_done) {
		struct rusage ru;
		int st;
		int64_t now;
		pid_t r = wait_usage(init, &st, WNOHANG, &ru);
		if (r == init) {
			usage_add(p, &ru);
			p->init_done = 1;
		} else if (r < 0 || (now = proc_now()) >= limit) {
			return; /* ECHILD: not ours (no subreaper) */
		} else {
			await_exit(init, ms_until(now, limit));
		}
	}
}

static void proc_died(proc *p, int st, const struct rusage *ru)
{
	p->state = PROC_DEAD;
	p->status = st;
	live_remove(p->pid);
	if (ru != NULL)
		usage_add(p, ru);
	if (kill(-p->pid, SIGKILL) < 0) {
		/* ESRCH: nothing was left in the group, the usual case. */
	}
	if (p->wrapped)
		init_reap(p);
	stdout_drain(p);
}

/* waitpid() that also gives the resources used (wait4(2), where there is
 * one), retried after EINTR. */
static pid_t wait_usage(pid_t pid, int *st, int flags, struct rusage *ru)
{
	pid_t r;

	memset(ru, 0, sizeof *ru);
	do
#ifdef __linux__
		r = wait4(pid, st, flags, ru);
#else
		r = waitpid(pid, st, flags);
#endif
	while (r < 0 && errno == EINTR);
	return r;
}

/* Collects p's exit status if it has ended, without blocking. */
static void reap(proc *p)
{
	struct rusage ru;
	pid_t r;
	int st = 0;

	if (!is_live(p))
		return;
	r = wait_usage(p->pid, &st, WNOHANG, &ru);
	if (r > 0)
		proc_died(p, st, &ru);
	else if (r < 0)
		proc_died(p, -1, NULL); /* ECHILD: reaped elsewhere, status lost */
}

/* The i-th process polled: those of set, then extra. */
static proc *member(proc *const *set, int n, proc *extra, int i)
{
	return i < n ? set[i] : extra;
}

static void reap_all(proc *const *set, int n, proc *extra)
{
	for (int i = 0; i < n + (extra != NULL); i++)
		reap(member(set, n, extra, i));
}

/* Reaps the processes of set that a SIGCHLD since their last check may
 * concern (every one when there is no SIGCHLD self-pipe). */
static void reap_changed(proc *const *set, int n, proc *extra)
{
	unsigned long count = (unsigned long)chld_count;

	for (int i = 0; i < n + (extra != NULL); i++) {
		proc *p = member(set, n, extra, i);
		if (p == NULL || (wake_fd[0] >= 0 && p->chld_seen == count))
			continue;
		p->chld_seen = count;
		reap(p);
	}
}

/* ---- the poll loop -------------------------------------------------------- */

/* Fills p's PFDS pollfds: stdin when bytes wait, stdout when the queue has
 * room, stderr always, its poke descriptor until it was poked. */
static void watch(const proc *p, struct pollfd *s, int may_write)
{
	int on = p != NULL && p->pid > 0;

	s[0].fd = on && may_write && p->in_fd >= 0 && p->wlen > 0 ? p->in_fd : -1;
	s[0].events = POLLOUT;
	s[1].fd = on && p->nlines < PROC_LINE_QUEUE ? p->out_fd : -1;
	s[1].events = POLLIN;
	s[2].fd = on ? p->err_fd : -1;
	s[2].events = POLLIN;
	s[3].fd = on && !p->poked ? p->poke_fd : -1;
	s[3].events = POLLIN;
	s[0].revents = s[1].revents = s[2].revents = s[3].revents = 0;
}

/* Does what poll() reported for p.  POLLNVAL cannot happen (every watched
 * descriptor is open); if it did, forgetting the descriptor beats spinning. */
static void serve(proc *p, const struct pollfd *s)
{
	if (s[0].revents & POLLNVAL)
		p->in_fd = -1;
	else if (s[0].revents)
		stdin_flush(p);
	if (s[1].revents & POLLNVAL) {
		p->out_fd = -1;
		stdout_closed(p);
	} else if (s[1].revents) {
		stdout_read(p);
	}
	if (s[2].revents & POLLNVAL)
		p->err_fd = -1;
	else if (s[2].revents)
		stderr_read(p);
	if (s[3].revents)
		p->poked = 1;
}

/*
 * One poll() over the self-pipe and the pipes of every process of set (and
 * of extra, when not NULL), for up to timeout_ms, then the work it reported:
 * reaping after a signal, writing, reading.  writer, when not NULL, is the
 * only one whose stdin is written (see HOLD_NS).
 */
static void poll_step_poll(proc *const *set, int n, proc *extra,
    proc *writer, int timeout_ms)
{
	struct pollfd small[1 + PFDS * STACK_PROCS], *pfd = small;
	int m = n + (extra != NULL), r;

	if (m > STACK_PROCS &&
	    (pfd = calloc(1 + PFDS * (size_t)m, sizeof *pfd)) == NULL) {
		nap(timeout_ms < 1 ? timeout_ms : 1);
		reap_all(set, n, extra);
		return;
	}
	if (wake_fd[0] < 0 && timeout_ms > NO_SIGNAL_POLL_MS)
		timeout_ms = NO_SIGNAL_POLL_MS;
	pfd[0].fd = wake_fd[0];
	pfd[0].events = POLLIN;
	pfd[0].revents = 0;
	for (int i = 0; i < m; i++) {
		proc *p = member(set, n, extra, i);
		watch(p, pfd + 1 + PFDS * i, writer == NULL || p == writer);
	}
	r = poll(pfd, (nfds_t)(1 + PFDS * m), timeout_ms);
	if (r < 0 && errno != EINTR)
		nap(timeout_ms < 1 ? timeout_ms : 1);   /* ENOMEM: try again */
	if (r > 0 && pfd[0].revents)
		wake_drain();
	if (wake_fd[0] < 0 || (r > 0 && pfd[0].revents))
		reap_all(set, n, extra);
	for (int i = 0; r > 0 && i < m; i++) {
		proc *p = member(set, n, extra, i);
		if (p != NULL)
			serve(p, pfd + 1 + PFDS * i);
	}
	if (pfd != small)
		free(pfd);
}

#ifdef __linux__
/* The process of set (or extra) whose descriptor fd is, in role; NULL when
 * none of them has it. */
static proc *owner(proc *const *set, int n, proc *extra, int fd, int role)
{
	for (int i = 0; i < n + (extra != NULL); i++) {
		proc *p = member(set, n, extra, i);
		if (p != NULL && (role == W_OUT ? p->out_fd : role == W_ERR ?
		    p->err_fd : role == W_POKE ? p->poke_fd : p->in_fd) == fd)
			return p;
	}
	return NULL;
}

/*
 * A poke descriptor is in the set while its process is not poked (see
 * proc.h's poke_fd): out of it once it woke a wait, and back in once the
 * owner cleared poked.  One that woke a wait for other processes is
 * parked, and its process found poked at its next wait (poke_arm()).
 */
static void poke_taken(proc *p)
{
	(void)ep_ctl(EPOLL_CTL_DEL, p->poke_fd, 0, 0);
	p->poke_armed = 0;
	p->poked = 1;
}

static void poke_arm(proc *p)
{
	long i;

	if (p->poke_fd < 0)
		return;
	if (p->poke_armed && nparked > 0 &&
	    (i = parked_find(p->poke_fd)) >= 0) {
		parked[i] = parked[--nparked];  /* out of the set already */
		p->poke_armed = 0;
		p->poked = 1;
	}
	if (!p->poked && !p->poke_armed) {
		ep_add(p->poke_fd, W_POKE, EPOLLIN);
		p->poke_armed = ep_fd >= 0;
	}
}

/* Does what the set reported for one descriptor of p's. */
static void ep_serve(proc *p, int fd, int role)
{
	if (role == W_POKE) {
		poke_taken(p);
	} else if (role == W_IN) {
		stdin_flush(p);         /* re-arms itself if the pipe fills */
	} else if (role == W_ERR) {
		stderr_read(p);
	} else if (p->nlines < PROC_LINE_QUEUE) {
		stdout_read(p);
	} else {
		park(fd);       /* read again once a line is taken */
	}
}

/* poll_step() on the epoll set: the processes of set and extra are
 * served; a descriptor of any other is parked. */
static void ep_step(proc *const *set, int n, proc *extra, int timeout_ms)
{
	struct epoll_event ev[EP_EVENTS];
	int r, woke = 0;

	for (int i = 0; i < n + (extra != NULL); i++) {
		proc *p = member(set, n, extra, i);
		if (p != NULL && p->poke_fd >= 0)
			poke_arm(p);
		if (p != NULL && nparked > 0)
			unpark_one(p);
	}
	if (ep_fd < 0) {        /* given up while putting one back */
		poll_step_poll(set, n, extra, NULL, timeout_ms);
		return;
	}
	r = epoll_wait(ep_fd, ev, EP_EVENTS, timeout_ms);
	if (r < 0 && errno != EINTR)
		nap(timeout_ms < 1 ? timeout_ms : 1);   /* ENOMEM: try again */
	for (int i = 0; i < r; i++)
		woke |= (int)(ev[i].data.u64 >> 32) == W_WAKE;
	if (woke)
		wake_drain();
	if (wake_fd[0] < 0 || woke)
		reap_all(set, n, extra);
	for (int i = 0; i < r; i++) {
		int fd = (int)(ev[i].data.u64 & 0xffffffffu);
		int role = (int)(ev[i].data.u64 >> 32);
		proc *p;
		if (role == W_WAKE)
			continue;
		if ((p = owner(set, n, extra, fd, role)) != NULL)
			ep_serve(p, fd, role);
		else if (role != W_IN)
			park(fd);
		if (ep_fd < 0)
			return; /* given up: the next step polls */
	}
}
#endif

/* One wait for up to timeout_ms: on the epoll set where there is one.
 * writer: see HOLD_NS (the set writes a stdin only once its pipe was
 * full, so it needs no such rule). */
static void poll_step(proc *const *set, int n, proc *extra, proc *writer,
    int timeout_ms)
{
	if (wake_fd[0] < 0 && timeout_ms > NO_SIGNAL_POLL_MS)
		timeout_ms = NO_SIGNAL_POLL_MS;
#ifdef __linux__
	if (ep_fd >= 0) {
		ep_step(set, n, extra, timeout_ms);
		return;
	}
#endif
	poll_step_poll(set, n, extra, writer, timeout_ms);
}

/* What proc_wait() reports for p now, or -1 for nothing yet.  A flood
 * comes before queued lines, or a bot that keeps the queue full would never
 * be caught; a too-long line after them (see lines_split()). */
static int who_event(proc *p, uint64_t max_bytes)
{
	if (p->state == PROC_DEAD && p->out_fd >= 0 && p->nlines == 0)
		stdout_drain(p);        /* lines a grandchild is still giving */
	if (got_signal)
		return PROC_EV_INTERRUPTED;
	if (max_bytes > 0 && p->out_bytes > max_bytes)
		return PROC_EV_FLOOD;
	if (p->nlines > 0)
		return PROC_EV_LINE;
	if (p->too_long)
		return PROC_EV_TOO_LONG;
	if (p->state == PROC_DEAD || p->pid <= 0)
		return PROC_EV_EXIT;
	if (p->out_fd < 0)
		return PROC_EV_EOF;
	return -1;
}

int proc_wait_any(proc *const *set, int n, int64_t deadline, int *which)
{
	int swept = 0;

	reap_changed(set, n, NULL);
	for (int i = 0; i < n; i++)
		stdin_flush(set[i]);
	for (;;) {
		int64_t now;
		for (int i = 0; i < n; i++) {
			int ev = who_event(set[i], 0);
			if (ev >= 0) {
				*which = i;
				return ev;
			}
		}
		if (got_signal)
			return PROC_EV_INTERRUPTED;
		now = proc_now();
		if (swept && now >= deadline)
			return PROC_EV_TIMEOUT;
		poll_step(set, n, NULL, NULL, ms_until(now, deadline));
		swept = 1;
	}
}

/* 1 when a process of set, or extra, was poked. */
static int any_poked(proc *const *set, int n, const proc *extra)
{
	for (int i = 0; i < n; i++)
		if (set[i] != NULL && set[i]->poked)
			return 1;
	return extra != NULL && extra->poked;
}

static int in_set(proc *const *set, int n, const proc *p)
{
	for (int i = 0; i < n; i++)
		if (set[i] == p)
			return 1;
	return 0;
}

/*
 * The deadline is checked only after at least one poll, so a line already
 * in the pipe when a late caller arrives still counts: the referee's delay
 * must never become the bot's timeout.
 */
int proc_wait(proc *const *set, int n, proc *who, int64_t deadline,
    uint64_t max_bytes)
{
	proc *extra = in_set(set, n, who) ? NULL : who;
	int64_t eof_at = 0;
	int swept = 0, eof_seen = 0;

	reap_changed(set, n, extra);    /* a SIGCHLD another call consumed */
	/* What proc_send() queued for who goes out now; the others' lines
	 * wait a little unless they pile up (see HOLD_NS), from the first
	 * time the wait must sleep. */
	int64_t release = 0, took = 0;
	proc *writer = who;

	for (int i = 0; i < n; i++) {
		if (set[i] == who)
			took = flush_timed(who, 1);
		else if (set[i]->wlen >= HOLD_BYTES)
			stdin_flush(set[i]);
	}
	if (extra != NULL)
		took = flush_timed(extra, 1);
	/* A write that took long was preempted by the bot it woke, which
	 * then most likely answered: its reply is read without a wait. */
	if (took >= PREEMPTED_NS && who->nlines == 0)
		(void)stdout_read(who);
	for (;;) {
		int ev = who_event(who, max_bytes);
		int64_t now, until = deadline;

		if ((ev < 0 || ev == PROC_EV_EOF) && any_poked(set, n, extra))
			return PROC_EV_POKED;
		/* A line, or the end: no clock read (most waits end so). */
		if (ev >= 0 && ev != PROC_EV_EOF)
			return ev;
		/* The clock read as the request went out serves the first
		 * sleep: it was read microseconds ago. */
		now = took > 0 ? who->t_written : proc_now();
		took = 0;
		if (release == 0)
			release = now + HOLD_NS;
		if (ev == PROC_EV_EOF) {
			if (!eof_seen) {
				eof_seen = 1;
				eof_at = now;
			}
			if (now - eof_at >= EXIT_LINGER || now >= deadline)
				return ev;
			if (eof_at + EXIT_LINGER < until)
				until = eof_at + EXIT_LINGER;
		} else if (swept && now >= deadline) {
			return PROC_EV_TIMEOUT;
		}
		if (writer != NULL && now >= release) {
			writer = NULL;
			for (int i = 0; i < n; i++)
				stdin_flush(set[i]);
		}
		if (writer != NULL && release < until)
			until = release;
		poll_step(set, n, extra, writer, ms_until(now, until));
		swept = 1;
	}
}

/* ---- stopping ------------------------------------------------------------ */

static int all_dead(proc *const *set, int n)
{
	for (int i = 0; i < n; i++)
		if (is_live(set[i]))
			return 0;
	return 1;
}

/* Waits up to grace for every process to end, draining their pipes; lines
 * are dropped so that no bot blocks on a full queue while it quits. */
static void stop_wait(proc *const *set, int n, int64_t grace)
{
	int64_t deadline = proc_now() + grace;

	/* What is queued goes out (often "quit"): a wait writes a stdin only
	 * once its pipe filled. */
	for (int i = 0; i < n; i++)
		if (set[i] != NULL && set[i]->wlen > 0)
			stdin_flush(set[i]);

	for (;;) {
		int64_t now;

		for (int i = 0; i < n; i++)
			if (set[i] != NULL)
				lines_drop(set[i]);
		if (all_dead(set, n) || (now = proc_now()) >= deadline)
			return;
		poll_step(set, n, NULL, NULL, ms_until(now, deadline));
	}
}

/* Sends sig to the group of every process still running; stdin bytes it did
 * not take in its grace are dropped.  SIGCONT lets a stopped bot see TERM. */
static void stop_signal(proc *const *set, int n, int sig)
{
	for (int i = 0; i < n; i++) {
		proc *p = set[i];
		if (!is_live(p))
			continue;
		stdin_drop(p);
		/* EPERM (a member changed its credentials) or ESRCH (no group:
		 * the child failed before its setpgid()): the leader at least. */
		if (kill(-p->pid, sig) < 0 && kill(p->pid, sig) < 0) {
			/* Only if it is already gone: the reap will tell. */
		}
		if (sig == SIGTERM && kill(-p->pid, SIGCONT) < 0) {
			/* As above; a stopped leader still dies of SIGKILL. */
		}
	}
}

/* Waits for p after SIGKILL: the only blocking waitpid(), and it is short. */
static void stop_reap(proc *p)
{
	struct rusage ru;
	pid_t r;
	int st = 0;

	if (!is_live(p))
		return;
	r = wait_usage(p->pid, &st, 0, &ru);
	proc_died(p, r > 0 ? st : -1, r > 0 ? &ru : NULL);
}

/*
 * Reaps the members of p's group (killed by proc_died()) that became the
 * referee's children when their parent died (see PR_SET_CHILD_SUBREAPER),
 * then takes the last of stderr into the file.  Killed members die within
 * milliseconds; one that survived (its kill failed with EPERM) is left
 * after GROUP_REAP rather than hang the referee.  A live process of set
 * with the same pid would mean the pid was reused: that group is not p's.
 */
static void group_end(proc *const *set, int n, proc *p)
{
	int64_t limit = proc_now() + GROUP_REAP;

	if (p == NULL || p->pid <= 0)
		return;
	for (int i = 0; i < n; i++)
		if (set[i] != p && is_live(set[i]) && set[i]->pid == p->pid)
			return;
	for (;;) {
		pid_t r = waitpid(-p->pid, NULL, WNOHANG);
		if (r > 0 || (r < 0 && errno == EINTR))
			continue;
		if (r < 0 || proc_now() >= limit)
			break;  /* ECHILD: no child of ours is left in the group */
		nap(1);         /* SIGCHLD cuts it short */
	}
	for (int i = 0; i < DRAIN_READS && stderr_read(p); i++)
		;
}

void proc_stop_all(proc *const *set, int n, int64_t grace)
{
	int sweep = 0;

	for (int i = 0; i < n; i++)
		if (is_live(set[i]))
			proc_close_stdin(set[i]);
	stop_wait(set, n, grace);
	stop_signal(set, n, SIGTERM);
	stop_wait(set, n, grace);
	stop_signal(set, n, SIGKILL);
	for (int i = 0; i < n; i++) {
		proc *p = set[i];
		stop_reap(p);
		if (p == NULL || p->pid <= 0)
			continue;
		/* Whatever of its tree left the process group; but a sealed
		 * bot whose init was reaped left nothing: its PID namespace,
		 * where its whole tree ran, is gone. */
		if (p->cg != NULL && !p->init_done)
			(void)cgroup_kill(p->cg);
		group_end(set, n, p);
		sweep |= !p->init_done;
	}
	if (sweep)
		(void)proc_sweep();
}

/* ---- what bots leave behind ------------------------------------------------ */

#ifdef __linux__
/* One process of the table proc_sweep() reads. */
typedef struct pinfo {
	pid_t pid, ppid;
	int zombie;
} pinfo;

/* Passes of proc_sweep(): each kills every process it found, so only those
 * forked during the pass remain for the next; a storm ends long before. */
#define SWEEP_PASSES    200

static int pinfo_cmp(const void *a, const void *b)
{
	pid_t x = ((const pinfo *)a)->pid, y = ((const pinfo *)b)->pid;

	return (x > y) - (x < y);
}

/* Reads pid's parent and state from /proc/PID/stat (after the name, which
 * may hold anything, up to its last ')').  Returns 0, -1 if it is gone. */
static int pinfo_read(const char *pid, pinfo *out)
{
	char path[64], buf[512], state;
	const char *rp;
	ssize_t k;
	int fd, ppid;

	if (snprintf(path, sizeof path, "/proc/%s/stat", pid) >= (int)sizeof path ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	k = read(fd, buf, sizeof buf - 1);
	(void)close(fd);
	if (k <= 0)
		return -1;
	buf[k] = '\0';
	if ((rp = strrchr(buf, ')')) == NULL ||
	    sscanf(rp + 1, " %c %d", &state, &ppid) != 2)
		return -1;
	out->pid = (pid_t)atol(pid);
	out->ppid = (pid_t)ppid;
	out->zombie = state == 'Z' || state == 'X';
	return 0;
}

/* Every process of the machine (that /proc shows), sorted by pid, in a
 * table the caller frees; NULL when /proc cannot be read. */
static pinfo *ptable_read(size_t *n)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pinfo *t = NULL, one;
	size_t cap = 0;

	*n = 0;
	if (d == NULL)
		return NULL;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '1' || e->d_name[0] > '9' ||
		    pinfo_read(e->d_name, &one) < 0)
			continue;
		if (*n == cap) {
			size_t ncap = cap ? 2 * cap : 512;
			pinfo *nt = realloc(t, ncap * sizeof *nt);
			if (nt == NULL)
				break;
			t = nt;
			cap = ncap;
		}
		t[(*n)++] = one;
	}
	(void)closedir(d);
	if (t == NULL)
		t = malloc(sizeof *t);  /* an empty table, not a failure */
	if (t != NULL)
		qsort(t, *n, sizeof *t, pinfo_cmp);
	return t;
}

static const pinfo *ptable_find(const pinfo *t, size_t n, pid_t pid)
{
	pinfo key = { pid, 0, 0 };

	return bsearch(&key, t, n, sizeof *t, pinfo_cmp);
}

/* 1 when x descends from the referee (self) with no live process of ours
 * on the way: left behind by a bot that is gone. */
static int is_leftover(const pinfo *t, size_t n, const pinfo *x, pid_t self)
{
	pid_t up = x->pid;

	if (up == self || live_has(up))
		return 0;
	for (int depth = 0; depth < 4096; depth++) {
		const pinfo *p = ptable_find(t, n, up);
		if (p == NULL)
			return 0;
		up = p->ppid;
		if (up == self)
			return 1;
		if (up <= 1 || live_has(up))
			return 0;
	}
	return 0;
}

/* One pass: kills the leftovers, reaps those that are our children.
 * Returns how many live ones it killed, or -1 when /proc cannot be read. */
static int sweep_pass(pid_t self)
{
	size_t n;
	pinfo *t = ptable_read(&n);
	int killed = 0;

	if (t == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!is_leftover(t, n, &t[i], self))
			continue;
		if (!t[i].zombie && kill(t[i].pid, SIGKILL) == 0)
			killed++;
		if (t[i].ppid == self)
			(void)waitpid(t[i].pid, NULL, WNOHANG);
	}
	free(t);
	return killed;
}
#endif

int proc_sweep(void)
{
	int total = 0;
#ifdef __linux__
	pid_t self = getpid();

	if (live_lost)
		return 0;
	for (int pass = 0; pass < SWEEP_PASSES; pass++) {
		int k = sweep_pass(self);
		if (k <= 0)
			break;
		total += k;
		nap(1);         /* the killed die and are adopted meanwhile */
	}
	(void)sweep_pass(self); /* reap the last of them */
#endif
	return total;
}

/* ---- a short command ------------------------------------------------------ */

int proc_run_start(proc *p, char *const *argv, int pass_fd, int wrapped,
    char *out, size_t outlen)
{
	proc_spec spec = { .argv = argv, .max_line = 4096, .merge_stderr = 1,
	    .pass_fds = pass_fd > 0 ? &pass_fd : NULL, .npass = pass_fd > 0,
	    .wrapped = wrapped };
	char err[256];

	if (outlen > 0)
		out[0] = '\0';
	if (proc_spawn(p, &spec, err, sizeof err) != 0) {
		sab_say(out, outlen, "%s", err);
		return -1;
	}
	proc_close_stdin(p);
	return 0;
}

int proc_run_end(proc *p, char *out, size_t outlen, int64_t deadline)
{
	size_t used = 0;
	int64_t grace = deadline - proc_now();

	if (outlen > 0)
		out[0] = '\0';
	for (;;) {
		int ev = proc_wait(NULL, 0, p, deadline, 0);
		char *line;
		size_t len;
		if (ev == PROC_EV_LINE && (line = proc_take_line(p, &len, NULL))) {
			if (outlen > 0 && used + 1 < outlen) {
				int k = snprintf(out + used, outlen - used, "%s%s",
				    used ? "\n" : "", line);
				used = k < 0 ? used : used + (size_t)k;
				if (used >= outlen)
					used = outlen - 1;
			}
			free(line);
			continue;
		}
		if (ev == PROC_EV_EOF || ev == PROC_EV_EXIT)
			break;
		sab_say(out, outlen, "no answer in time");
		proc_free(p);
		return -1;
	}
	{
		proc *self = p;
		proc_stop_all(&self, 1, grace > 0 ? grace : 0);
	}
	int st = p->status;
	proc_free(p);
	return st;
}

void proc_free(proc *p)
{
	if (p == NULL)
		return;
	if (p->pid > 0) {
		/* Not stopped yet: no grace, but no zombie either. */
		if (p->state != PROC_DEAD) {
			proc *self = p;
			proc_stop_all(&self, 1, 0);
		}
		watched_close(&p->in_fd);
		watched_close(&p->out_fd);
		watched_close(&p->err_fd);
		fd_close(&p->log_fd);
		fd_close(&p->info_fd);
	}
#ifdef __linux__
	if (p->poke_armed && ep_fd >= 0) {      /* the owner's to close */
		(void)epoll_ctl(ep_fd, EPOLL_CTL_DEL, p->poke_fd, NULL);
		if (nparked > 0)
			parked_forget(p->poke_fd);
	}
#endif
	p->poke_armed = 0;
	lines_drop(p);
	cgroup_free(p->cg);
	p->cg = NULL;
	free(p->rbuf);
	free(p->wbuf);
	p->rbuf = p->wbuf = NULL;
	p->rlen = p->rcap = p->wlen = p->wcap = 0;
	p->pid = 0;
	p->state = PROC_DEAD;
}

/* ---- describing ------------------------------------------------------------ */

static const struct {
	int sig;
	const char *name;
} signames[] = {
	{ SIGHUP, "SIGHUP" }, { SIGINT, "SIGINT" }, { SIGQUIT, "SIGQUIT" },
	{ SIGILL, "SIGILL" }, { SIGABRT, "SIGABRT" }, { SIGBUS, "SIGBUS" },
	{ SIGFPE, "SIGFPE" }, { SIGKILL, "SIGKILL" }, { SIGUSR1, "SIGUSR1" },
	{ SIGSEGV, "SIGSEGV" }, { SIGUSR2, "SIGUSR2" }, { SIGPIPE, "SIGPIPE" },
	{ SIGALRM, "SIGALRM" }, { SIGTERM, "SIGTERM" },
#ifdef SIGTRAP
	{ SIGTRAP, "SIGTRAP" },
#endif
#ifdef SIGXCPU
	{ SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" },
#endif
#ifdef SIGSYS
	{ SIGSYS, "SIGSYS" },
#endif
};

/* A description that does not fit is cut short: still the best we have. */
const char *proc_describe_exit(const proc *p, char *buf, size_t len)
{
	int st = p->status;

	if (len == 0)
		return "";
	if (p->pid <= 0)
		snprintf(buf, len, "not started");
	else if (p->state != PROC_DEAD)
		snprintf(buf, len, "running");
	else if (WIFEXITED(st))
		snprintf(buf, len, "exit %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st)) {
		size_t i;
		for (i = 0; i < sizeof signames / sizeof signames[0]; i++)
			if (signames[i].sig == WTERMSIG(st))
				break;
		if (i < sizeof signames / sizeof signames[0])
			snprintf(buf, len, "killed by %s", signames[i].name);
		else
			snprintf(buf, len, "killed by signal %d", WTERMSIG(st));
	} else
		snprintf(buf, len, "exit status lost");
	return buf;
}
