/* sysfilter.h: the system-call filter every bot runs under: a BPF program
 * built once with libseccomp, handed to bwrap (--seccomp FD) for a sealed
 * bot, or installed by the bot's own process before exec when it runs
 * unsealed. */
#ifndef SAB_SYSFILTER_H
#define SAB_SYSFILTER_H

#include <stddef.h>

typedef struct sysfilter_prog {
	void *bpf;              /* struct sock_filter[], or NULL */
	size_t len;             /* bytes of it */
	int memfd;              /* a memory file holding it, or -1 */
} sysfilter_prog;

/*
 * Builds the filter for this machine's architecture (system calls of
 * other ABIs kill the process).  What it refuses, and how, is in
 * saboteur(1), SANDBOX: calls that only an attack needs (ptrace, another
 * process's memory, keys, BPF, perf events, userfaultfd, mounts, new
 * namespaces, modules, kexec, ...) kill the bot with SIGSYS, so that the
 * referee can say so; calls a runtime may probe and do without (io_uring,
 * clone3, inotify, POSIX locks, leases, directory notices) fail with an
 * error; flock(2), which the JVM needs to succeed, and advice that would
 * evict the shared page cache succeed without effect.  Returns 0, or -1
 * with the reason in err.
 */
int sysfilter_build(sysfilter_prog *p, char *err, size_t errlen);

/* A new descriptor (close-on-exec) reading the program from its start,
 * for bwrap's --seccomp.  Returns it, or -1 with errno set. */
int sysfilter_open(const sysfilter_prog *p);

/*
 * Installs the program in the calling process (no new privileges first,
 * as the kernel wants of an unprivileged filter).  For the child between
 * fork() and exec: system calls only.  Returns 0, or -1 with errno set.
 */
int sysfilter_install(const sysfilter_prog *p);

/* Frees the program; a zeroed one is fine. */
void sysfilter_free(sysfilter_prog *p);

#endif
