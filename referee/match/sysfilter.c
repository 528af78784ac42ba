/* sysfilter.c: the bots' system-call filter, built with libseccomp (modelled
 * on the default profiles of Docker and Podman, narrowed to a game bot). */
#define _GNU_SOURCE             /* memfd_create(), F_OFD_SETLK, F_NOTIFY */
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "say.h"
#include "sysfilter.h"

/* preadv2(2)'s flag that asks only for what is cached: a probe of the
 * shared page cache, the same for every bot. */
#ifndef RWF_NOWAIT
#define RWF_NOWAIT 0x00000008
#endif
/* madvise(2) advice that pushes file pages out of memory. */
#ifndef MADV_COLD
#define MADV_COLD 20
#endif
#ifndef MADV_PAGEOUT
#define MADV_PAGEOUT 21
#endif

/*
 * Calls no game bot needs and an attack does: the bot dies of SIGSYS,
 * which the referee reports.  (Within its own PID namespace a sealed bot
 * has little to ptrace, but a runtime never needs it either.)
 */
static const char *const killed[] = {
	"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd",
	"process_madvise", "keyctl", "add_key", "request_key", "bpf",
	"perf_event_open", "userfaultfd", "mount", "umount", "umount2",
	"mount_setattr", "move_mount", "open_tree", "fsopen", "fsconfig",
	"fsmount", "fspick", "pivot_root", "chroot", "setns", "unshare",
	"init_module", "finit_module", "delete_module", "create_module",
	"kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "acct",
	"quotactl", "quotactl_fd", "iopl", "ioperm", "lookup_dcookie",
	"open_by_handle_at", "name_to_handle_at", "syslog", "uselib", "vm86",
	"vm86old", "_sysctl", "nfsservctl", "get_kernel_syms", "query_module",
	"fanotify_init", "fanotify_mark", NULL
};

/*
 * Calls a runtime may try and do without: ENOSYS, as a kernel without
 * them would say.  clone3's flags are behind a pointer a filter cannot
 * read, so it goes and libc falls back to clone, whose flags it can;
 * io_uring does its work where no filter sees it; inotify would tell a
 * bot when another opens a file both can see.
 */
static const char *const missing[] = {
	"clone3", "io_uring_setup", "io_uring_enter", "io_uring_register",
	"inotify_init", "inotify_init1", "inotify_add_watch", NULL
};

/* New namespaces through clone(2): its flags word. */
static const unsigned long clone_new[] = {
	CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC,
	CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET
};

/* fcntl(2) commands that lock, lease or watch a file, with the error
 * each gets: two bots that see the same file (their interpreter, say)
 * could signal through them. */
static const struct { int cmd, err; } fcntl_denied[] = {
	{ F_GETLK, ENOLCK }, { F_SETLK, ENOLCK }, { F_SETLKW, ENOLCK },
	{ F_OFD_GETLK, ENOLCK }, { F_OFD_SETLK, ENOLCK },
	{ F_OFD_SETLKW, ENOLCK },
#if defined(F_GETLK64) && F_GETLK64 != F_GETLK
	{ F_GETLK64, ENOLCK }, { F_SETLK64, ENOLCK }, { F_SETLKW64, ENOLCK },
#endif
	{ F_SETLEASE, EPERM }, { F_GETLEASE, EPERM }, { F_NOTIFY, EPERM },
};

/* Adds one rule; a call this architecture lacks is no failure. */
static int rule(scmp_filter_ctx ctx, uint32_t action, const char *name,
    unsigned n, const struct scmp_arg_cmp *cmp)
{
	int nr = seccomp_syscall_resolve_name(name), r;

	if (nr == __NR_SCMP_ERROR)
		return 0;
	r = seccomp_rule_add_array(ctx, action, nr, n, cmp);
	return r == 0 || r == -EDOM ? 0 : r;
}

static int add_rules(scmp_filter_ctx ctx)
{
	int r = 0;

	for (int i = 0; killed[i] != NULL && r == 0; i++)
		r = rule(ctx, SCMP_ACT_KILL_PROCESS, killed[i], 0, NULL);
	for (int i = 0; missing[i] != NULL && r == 0; i++)
		r = rule(ctx, SCMP_ACT_ERRNO(ENOSYS), missing[i], 0, NULL);
	for (size_t i = 0; i < sizeof clone_new / sizeof clone_new[0] &&
	    r == 0; i++) {
		/* s390's clone takes the stack first and the flags second. */
#if defined(__s390__) || defined(__s390x__)
		struct scmp_arg_cmp c = SCMP_A1(SCMP_CMP_MASKED_EQ, clone_new[i],
		    clone_new[i]);
#else
		struct scmp_arg_cmp c = SCMP_A0(SCMP_CMP_MASKED_EQ, clone_new[i],
		    clone_new[i]);
#endif
		r = rule(ctx, SCMP_ACT_KILL_PROCESS, "clone", 1, &c);
	}
	/* flock(2) succeeds and locks nothing: the JVM locks its own perf
	 * data file with it and says so on stdout when it fails, which would
	 * break the protocol; a lock nobody else can take carries nothing. */
	r = r ? r : rule(ctx, SCMP_ACT_ERRNO(0), "flock", 0, NULL);
	for (size_t i = 0; i < sizeof fcntl_denied / sizeof fcntl_denied[0] &&
	    r == 0; i++) {
		struct scmp_arg_cmp c = SCMP_A1(SCMP_CMP_EQ,
		    (scmp_datum_t)fcntl_denied[i].cmd, 0);
		uint32_t act = SCMP_ACT_ERRNO((uint32_t)fcntl_denied[i].err);
		r = rule(ctx, act, "fcntl", 1, &c);
		r = r ? r : rule(ctx, act, "fcntl64", 1, &c);
	}
	/* The shared page cache: pages one bot evicts and another finds
	 * missing would carry a bit.  Advice is only advice: it "succeeds". */
	r = r ? r : rule(ctx, SCMP_ACT_ERRNO(0), "fadvise64", 0, NULL);
	r = r ? r : rule(ctx, SCMP_ACT_ERRNO(0), "fadvise64_64", 0, NULL);
	r = r ? r : rule(ctx, SCMP_ACT_ERRNO(0), "arm_fadvise64_64", 0, NULL);
	if (r == 0) {
		struct scmp_arg_cmp c = SCMP_A2(SCMP_CMP_EQ, MADV_PAGEOUT, 0);
		r = rule(ctx, SCMP_ACT_ERRNO(0), "madvise", 1, &c);
	}
	if (r == 0) {
		struct scmp_arg_cmp c = SCMP_A2(SCMP_CMP_EQ, MADV_COLD, 0);
		r = rule(ctx, SCMP_ACT_ERRNO(0), "madvise", 1, &c);
	}
	/* A terminal's input pushed by a bot (TIOCSTI) would be typed by the
	 * user's shell, and TIOCLINUX can do as much on a console: the sealed
	 * bot shares the referee's session (bwrap without --new-session,
	 * which would give each bot a scheduler group of its own, see
	 * sandbox.c), so the filter refuses both, as bwrap's manual advises.
	 * The request is an int: only its low 32 bits count. */
	for (size_t i = 0; i < 2 && r == 0; i++) {
		static const unsigned long tty_push[2] = { TIOCSTI, TIOCLINUX };
		struct scmp_arg_cmp c = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu,
		    (scmp_datum_t)tty_push[i]);
		r = rule(ctx, SCMP_ACT_ERRNO(EPERM), "ioctl", 1, &c);
	}
	if (r == 0) {
		struct scmp_arg_cmp c = SCMP_A5(SCMP_CMP_MASKED_EQ, RWF_NOWAIT,
		    RWF_NOWAIT);
		r = rule(ctx, SCMP_ACT_ERRNO(EOPNOTSUPP), "preadv2", 1, &c);
		r = r ? r : rule(ctx, SCMP_ACT_ERRNO(EOPNOTSUPP), "pwritev2", 1,
		    &c);
	}
	return r;
}

int sysfilter_build(sysfilter_prog *p, char *err, size_t errlen)
{
	scmp_filter_ctx ctx;
	off_t size;
	int r;

	memset(p, 0, sizeof *p);
	p->memfd = -1;
	if ((ctx = seccomp_init(SCMP_ACT_ALLOW)) == NULL)
		return sab_fail(err, errlen, "libseccomp cannot make a filter");
	r = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	if (r == 0)
		r = add_rules(ctx);
	if (r != 0) {
		seccomp_release(ctx);
		return sab_fail(err, errlen, "libseccomp cannot build the "
		    "system-call filter: %s", strerror(-r));
	}
	p->memfd = memfd_create("saboteur-seccomp", MFD_CLOEXEC);
	if (p->memfd < 0 || (r = seccomp_export_bpf(ctx, p->memfd)) != 0 ||
	    (size = lseek(p->memfd, 0, SEEK_END)) <= 0 ||
	    (p->bpf = malloc((size_t)size)) == NULL ||
	    pread(p->memfd, p->bpf, (size_t)size, 0) != size) {
		int e = p->memfd < 0 || r == 0 ? errno : -r;
		seccomp_release(ctx);
		if (p->memfd >= 0)
			(void)close(p->memfd);
		free(p->bpf);
		p->bpf = NULL;
		p->memfd = -1;
		return sab_fail(err, errlen, "cannot keep the system-call "
		    "filter: %s", strerror(e));
	}
	p->len = (size_t)size;
	seccomp_release(ctx);
	return 0;
}

int sysfilter_open(const sysfilter_prog *p)
{
	char path[64];
	int fd, high, e;

	if (p->bpf == NULL || p->memfd < 0) {
		errno = EBADF;
		return -1;
	}
	/* Opened anew, it has an offset of its own: bwrap reads to the end.
	 * Above 2, so that no pipe end a child puts there can clobber it. */
	(void)snprintf(path, sizeof path, "/proc/self/fd/%d", p->memfd);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 || fd > 2)
		return fd;
	high = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	e = errno;
	(void)close(fd);
	errno = e;
	return high;
}

int sysfilter_install(const sysfilter_prog *p)
{
	struct sock_fprog prog;

	prog.len = (unsigned short)(p->len / sizeof(struct sock_filter));
	prog.filter = p->bpf;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

void sysfilter_free(sysfilter_prog *p)
{
	/* A zeroed program holds no descriptor, not descriptor 0. */
	if (p->bpf != NULL && p->memfd >= 0)
		(void)close(p->memfd);
	free(p->bpf);
	memset(p, 0, sizeof *p);
	p->memfd = -1;
}
