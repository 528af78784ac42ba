/* test_proc.c: bot processes with real children: lines, deadlines, floods, deaths, stops, no orphans. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "suites.h"
#include "tmpdir.h"

#define MS ((int64_t)1000000)
/*
 * No test may fail because the machine is slow.  A wait for something that
 * must happen gets LONG (it returns as soon as it happens); a bound on how
 * long something took is SLOW, far above any delay a busy machine makes and
 * far below what the fault it guards against would take (a wait that runs
 * to its deadline, a bot that blocks the referee until it exits).  Only
 * the deadline tests use short limits, on bots that never answer.
 */
#define LONG (60000 * MS)
#define SLOW_MS 20000

/* A fresh directory per test (Check forks each test: no sharing). */
static char tmp[64];
/* Descriptors open before the test: after it, none more may be. */
static int fds_before;

/* The number of open descriptors (Linux), or -1. */
static void setup(void)
{
	tmpdir_make(tmp, sizeof tmp, "proc");
	ck_assert_int_eq(proc_signals_init(), 0);
	fds_before = open_fds();
}

static void teardown(void)
{
	tmpdir_remove(tmp);
}

static void tmp_path(char *buf, size_t len, const char *name)
{
	tmpdir_path(tmp, buf, len, name);
}

/* Starts /bin/sh -c script; its stderr goes to err_path (NULL: dropped). */
static void spawn_sh(proc *p, const char *script, size_t max_line,
    const char *err_path, size_t max_stderr)
{
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	proc_spec spec = { .argv = argv, .stderr_path = err_path,
	    .max_line = max_line, .max_stderr = max_stderr };
	char err[256];

	ck_assert_msg(proc_spawn(p, &spec, err, sizeof err) == 0, "%s", err);
	ck_assert_int_gt(p->pid, 0);
}

static int64_t ms_since(int64_t t0)
{
	return (proc_now() - t0) / MS;
}

/* Waits for p's next line (failing the test otherwise) and returns it. */
static char *next_line(proc *p, int64_t within)
{
	proc *set[] = { p };
	size_t len;
	int ev = proc_wait(set, 1, p, proc_now() + within, 0);
	char *s;

	ck_assert_int_eq(ev, PROC_EV_LINE);
	s = proc_take_line(p, &len, NULL);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(len, strlen(s));
	return s;
}

static void expect_line(proc *p, const char *want)
{
	char *s = next_line(p, LONG);

	ck_assert_str_eq(s, want);
	free(s);
}

static void expect_status(const proc *p, const char *want)
{
	char buf[64];

	ck_assert_str_eq(proc_describe_exit(p, buf, sizeof buf), want);
}

/* Stops p with the given grace, frees it, and checks nothing is left. */
static void stop_one(proc *p, int64_t grace)
{
	proc *set[] = { p };

	proc_stop_all(set, 1, grace);
	ck_assert_int_eq(p->state, PROC_DEAD);
}

/* No child, zombie or leaked descriptor is left. */
static void no_children(void)
{
	errno = 0;
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ck_assert_int_eq(errno, ECHILD);
	ck_assert_int_eq(open_fds(), fds_before);
}

/* The size of a file, or -1. */
static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static char *file_read(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* ---- talking ----------------------------------------------------------- */

static const char echo_bot[] =
    "#!/bin/sh\n"
    "while IFS= read -r l; do\n"
    "  case $l in\n"
    "  crlf*) printf '%s\\r\\n' \"$l\" ;;\n"
    "  *) printf 'got %s\\n' \"$l\" ;;\n"
    "  esac\n"
    "done\n"
    "exit 0\n";

START_TEST(echo_bot_answers_lines)
{
	char path[PATH_MAX];
	char *argv[] = { path, NULL };
	proc_spec spec = { .argv = argv, .max_line = 100 };
	char err[256], *s;
	FILE *f;
	proc p;
	proc *set[] = { &p };
	size_t len;
	int64_t t, sent;

	tmp_path(path, sizeof path, "echo.sh");
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(echo_bot, f);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0755), 0);
	ck_assert_msg(proc_spawn(&p, &spec, err, sizeof err) == 0, "%s", err);

	sent = proc_now();
	ck_assert_int_eq(proc_send(&p, "hello", 5), 0);
	ck_assert_uint_eq(p.wlen, 6);           /* queued until the wait */
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_LINE);
	ck_assert_uint_eq(p.wlen, 0);
	ck_assert_int_ge(p.t_written, sent);
	s = proc_take_line(&p, &len, &t);
	ck_assert_str_eq(s, "got hello");
	ck_assert_uint_eq(len, 9);
	ck_assert_int_ge(t, p.t_written);
	free(s);
	ck_assert_ptr_null(proc_take_line(&p, &len, &t));

	/* \r\n is accepted: the \r is not part of the line. */
	ck_assert_int_eq(proc_send(&p, "crlf x", 6), 0);
	expect_line(&p, "crlf x");

	/* Several at once come back in order. */
	ck_assert_int_eq(proc_send(&p, "a", 1), 0);
	ck_assert_int_eq(proc_send(&p, "b", 1), 0);
	ck_assert_int_eq(proc_send(&p, "c", 1), 0);
	expect_line(&p, "got a");
	expect_line(&p, "got b");
	expect_line(&p, "got c");

	/* Closing stdin is the polite "quit": it exits 0. */
	proc_close_stdin(&p);
	ck_assert_int_eq(proc_send(&p, "late", 4), -1);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	expect_status(&p, "exit 0");
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

/* A line of exactly max_line bytes (plus \r) is fine; one more is not. */
START_TEST(max_line_is_exact)
{
	proc p;

	spawn_sh(&p, "printf '0123456789\\r\\n'; printf 'abcdefghij\\n';"
	    "printf '0123456789x\\n'; exec sleep 600", 10, NULL, 0);
	expect_line(&p, "0123456789");
	expect_line(&p, "abcdefghij");
	{
		proc *set[] = { &p };
		ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
		    PROC_EV_TOO_LONG);
	}
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

/* More lines than the queue holds wait in order (the bot may block). */
START_TEST(many_lines_keep_their_order)
{
	proc p;

	spawn_sh(&p, "i=0; while [ $i -lt 200 ]; do echo $i; i=$((i+1)); done;"
	    "exec sleep 600", 100, NULL, 0);
	for (int i = 0; i < 200; i++) {
		char want[16], *s = next_line(&p, LONG);
		snprintf(want, sizeof want, "%d", i);
		if (strcmp(s, want) != 0)
			ck_abort_msg("line %d is \"%s\"", i, s);
		if (p.nlines > PROC_LINE_QUEUE)
			ck_abort_msg("queue holds %d lines", p.nlines);
		free(s);
	}
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

START_TEST(cwd_and_env)
{
	char *argv[] = { "/bin/sh", "-c", "pwd; echo \"$SAB_X\";"
	    "env | grep -c '^SAB_OLD='; echo \"$SAB_OLD\"", NULL };
	char *env[] = { "SAB_X=hello world", "SAB_OLD=new", NULL };
	char *bad_env[] = { "NOEQUALS", NULL };
	proc_spec spec = { .argv = argv, .cwd = tmp, .env = env,
	    .max_line = 1000 };
	char err[256], *s;
	struct stat want, got;
	proc p;

	ck_assert_int_eq(setenv("SAB_OLD", "old", 1), 0);
	ck_assert_msg(proc_spawn(&p, &spec, err, sizeof err) == 0, "%s", err);
	/* pwd may spell it differently (symbolic links): compare the inodes. */
	s = next_line(&p, LONG);
	ck_assert_int_eq(stat(tmp, &want), 0);
	ck_assert_int_eq(stat(s, &got), 0);
	ck_assert(want.st_dev == got.st_dev && want.st_ino == got.st_ino);
	free(s);
	expect_line(&p, "hello world");
	expect_line(&p, "1");
	expect_line(&p, "new");
	stop_one(&p, 100 * MS);
	proc_free(&p);

	/* A malformed entry is the referee's configuration error. */
	spec.env = bad_env;
	ck_assert_int_eq(proc_spawn(&p, &spec, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "NOEQUALS"));
	proc_free(&p);
	no_children();
}
END_TEST

/* A descriptor the runner opened without close-on-exec stays out of the
 * bot: it sees 0, 1, 2 (and 3, the directory the loop reads). */
START_TEST(only_stdio_is_inherited)
{
	int leak = open("/dev/null", O_RDONLY);
	proc p;
	proc *set[] = { &p };
	int ev, highest = -1;

	ck_assert_int_gt(leak, 2);
	spawn_sh(&p, "for f in /proc/$$/fd/*; do echo ${f##*/}; done", 100,
	    NULL, 0);
	while ((ev = proc_wait(set, 1, &p, proc_now() + LONG, 0)) ==
	    PROC_EV_LINE) {
		char *s = proc_take_line(&p, NULL, NULL);
		int fd = atoi(s);
		if (fd == leak)
			ck_abort_msg("the bot inherited descriptor %d", fd);
		if (fd > highest)
			highest = fd;
		free(s);
	}
	ck_assert_int_eq(ev, PROC_EV_EXIT);
	ck_assert_int_ge(highest, 2);
	ck_assert_int_le(highest, 3);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	close(leak);
	no_children();
}
END_TEST

/* A network seat's relay gets the listening socket as its descriptor 3:
 * descriptors passed arrive as 3, 4, ... in order, the referee's own
 * stderr among them, and nothing else above 2 is inherited. */
START_TEST(passed_descriptors_arrive_in_order)
{
	int a[2], b[2], ev, highest = -1;
	char *argv[] = { "/bin/sh", "-c", "echo three >&3; echo four >&4; "
	    "for f in /proc/$$/fd/*; do echo ${f##*/}; done", NULL };
	proc p;
	proc *set[] = { &p };
	char err[256], buf[64];

	ck_assert_int_eq(pipe(a), 0);
	ck_assert_int_eq(pipe(b), 0);
	/* Passed in the reverse order of their numbers: each must still
	 * land where its place says. */
	int pass[2] = { b[1], a[1] };
	proc_spec spec = { .argv = argv, .max_line = 100, .pass_fds = pass,
	    .npass = 2 };
	ck_assert_msg(proc_spawn(&p, &spec, err, sizeof err) == 0, "%s", err);
	close(a[1]);
	close(b[1]);
	while ((ev = proc_wait(set, 1, &p, proc_now() + LONG, 0)) ==
	    PROC_EV_LINE) {
		char *l = proc_take_line(&p, NULL, NULL);
		if (atoi(l) > highest)
			highest = atoi(l);
		free(l);
	}
	ck_assert_int_eq(ev, PROC_EV_EXIT);
	/* 0 to 4, and the folder the shell's glob reads. */
	ck_assert_int_le(highest, 5);
	ssize_t k = read(b[0], buf, sizeof buf - 1);
	ck_assert_int_gt(k, 0);
	buf[k] = '\0';
	ck_assert_str_eq(buf, "three\n");
	k = read(a[0], buf, sizeof buf - 1);
	ck_assert_int_gt(k, 0);
	buf[k] = '\0';
	ck_assert_str_eq(buf, "four\n");
	stop_one(&p, 100 * MS);
	proc_free(&p);
	close(a[0]);
	close(b[0]);
	no_children();
}
END_TEST

/* ---- deadlines ---------------------------------------------------------- */

START_TEST(silent_bot_times_out_at_the_deadline)
{
	proc p;
	proc *set[] = { &p };
	int64_t deadline, late;

	spawn_sh(&p, "exec sleep 600", 100, NULL, 0);
	ck_assert_int_eq(proc_send(&p, "your move", 9), 0);
	deadline = proc_now() + 200 * MS;
	ck_assert_int_eq(proc_wait(set, 1, &p, deadline, 0), PROC_EV_TIMEOUT);
	late = proc_now() - deadline;
	ck_assert_int_ge(late, 0);
	ck_assert_msg(late < SLOW_MS * MS, "returned %lld ns after the deadline",
	    (long long)late);
	/* A deadline already past still times out, at once. */
	deadline = proc_now() - 1000 * MS;
	ck_assert_int_eq(proc_wait(set, 1, &p, deadline, 0), PROC_EV_TIMEOUT);
	stop_one(&p, 100 * MS);
	expect_status(&p, "killed by SIGTERM");
	proc_free(&p);
	no_children();
}
END_TEST

/* A process's poke descriptor wakes a wait that holds the process, and only
 * such a wait; once the owner cleared poked, the next change wakes one
 * again (the quota's inotify descriptor, bot.c). */
START_TEST(a_poke_wakes_the_waits_that_hold_its_process)
{
	proc a, b;
	proc *one[] = { &a }, *both[] = { &a, &b };
	int pk[2];
	char c;

	spawn_sh(&a, "exec sleep 600", 100, NULL, 0);
	spawn_sh(&b, "exec sleep 600", 100, NULL, 0);
	ck_assert_int_eq(pipe(pk), 0);
	b.poke_fd = pk[0];
	ck_assert_int_eq(write(pk[1], "x", 1), 1);
	/* A wait for a alone does not see it. */
	ck_assert_int_eq(proc_wait(one, 1, &a, proc_now() + 100 * MS, 0),
	    PROC_EV_TIMEOUT);
	ck_assert_int_eq(b.poked, 0);
	/* One that holds b does, long before its deadline. */
	ck_assert_int_eq(proc_wait(both, 2, &a, proc_now() + 30000 * MS, 0),
	    PROC_EV_POKED);
	ck_assert_int_eq(b.poked, 1);
	ck_assert_int_eq(a.poked, 0);
	/* Taken and cleared: quiet until the next change. */
	ck_assert_int_eq(read(pk[0], &c, 1), 1);
	b.poked = 0;
	ck_assert_int_eq(proc_wait(both, 2, &a, proc_now() + 100 * MS, 0),
	    PROC_EV_TIMEOUT);
	ck_assert_int_eq(write(pk[1], "x", 1), 1);
	ck_assert_int_eq(proc_wait(both, 2, &a, proc_now() + 30000 * MS, 0),
	    PROC_EV_POKED);
	ck_assert_int_eq(b.poked, 1);
	stop_one(&a, 100 * MS);
	stop_one(&b, 100 * MS);
	proc_free(&a);
	proc_free(&b);
	(void)close(pk[0]);
	(void)close(pk[1]);
	no_children();
}
END_TEST

/* A bot that does not read its stdin cannot make the referee block. */
START_TEST(unread_stdin_never_blocks)
{
	size_t big = 1 << 20;
	char *line = malloc(big);
	proc p;
	proc *set[] = { &p };
	int64_t t0, deadline, late;

	ck_assert_ptr_nonnull(line);
	memset(line, 'x', big);
	spawn_sh(&p, "exec sleep 600", 100, NULL, 0);
	t0 = proc_now();
	ck_assert_int_eq(proc_send(&p, line, big), 0);
	ck_assert_int_eq(proc_send(&p, line, big), 0);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	ck_assert_uint_gt(p.wlen, 0);
	deadline = proc_now() + 200 * MS;
	ck_assert_int_eq(proc_wait(set, 1, &p, deadline, 0), PROC_EV_TIMEOUT);
	late = proc_now() - deadline;
	ck_assert_int_ge(late, 0);
	ck_assert_int_lt(late, SLOW_MS * MS);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	free(line);
	no_children();
}
END_TEST

/* ---- deaths -------------------------------------------------------------- */

START_TEST(bot_exits_at_once)
{
	proc p;
	proc *set[] = { &p };
	int64_t t0 = proc_now();

	spawn_sh(&p, "exit 3", 100, NULL, 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	ck_assert_int_eq(p.state, PROC_DEAD);
	expect_status(&p, "exit 3");
	/* Sending to it fails at the next wait, without SIGPIPE killing the
	 * referee; then proc_send refuses at once. */
	ck_assert_int_eq(proc_send(&p, "hello", 5), 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	ck_assert_int_eq(p.stdin_closed, 1);
	ck_assert_int_eq(proc_send(&p, "hello", 5), -1);
	stop_one(&p, 100 * MS);
	expect_status(&p, "exit 3");
	proc_free(&p);
	no_children();
}
END_TEST

/* The last line before the exit is not lost to the exit. */
START_TEST(last_words_come_before_the_exit)
{
	proc p;
	proc *set[] = { &p };

	spawn_sh(&p, "echo bye; exit 0", 100, NULL, 0);
	expect_line(&p, "bye");
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	expect_status(&p, "exit 0");
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

START_TEST(missing_command_exits_127)
{
	char path[PATH_MAX];
	char *argv[] = { "sab-no-such-bot", NULL };
	proc_spec spec = { .argv = argv, .stderr_path = path, .max_line = 100,
	    .max_stderr = 4096 };
	char err[256];
	proc p;
	proc *set[] = { &p };

	tmp_path(path, sizeof path, "bot.err");
	ck_assert_msg(proc_spawn(&p, &spec, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	expect_status(&p, "exit 127");
	stop_one(&p, 100 * MS);
	proc_free(&p);
	ck_assert_ptr_nonnull(strstr(file_read(path),
	    "cannot run sab-no-such-bot: "));

	/* A stderr file that cannot be opened is the referee's failure. */
	spec.stderr_path = "/nonexistent-dir/bot.err";
	ck_assert_int_eq(proc_spawn(&p, &spec, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent-dir/bot.err"));
	proc_free(&p);
	no_children();
}
END_TEST

/* Runs script as a bot; it must die, and be described as want. */
static void dies_as(const char *script, const char *want)
{
	proc p;
	proc *set[] = { &p };

	spawn_sh(&p, script, 100, NULL, 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	expect_status(&p, want);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}

START_TEST(killed_by_a_signal)
{
	dies_as("kill -SEGV $$", "killed by SIGSEGV");
}
END_TEST

/* The referee ignores SIGPIPE; its bots must not inherit that. */
START_TEST(sigpipe_is_not_inherited)
{
	dies_as("kill -PIPE $$; echo survived", "killed by SIGPIPE");
}
END_TEST

/* The bot forks a child that keeps the pipes, then exits: the exit is seen
 * at once, and the grandchild does not outlive the stop. */
START_TEST(grandchild_holding_the_pipes)
{
	proc p;
	proc *set[] = { &p };
	char *s;
	long gpid;
	int64_t t0;

	spawn_sh(&p, "sleep 600 & echo $!; exit 5", 100, NULL, 0);
	s = next_line(&p, LONG);
	gpid = strtol(s, NULL, 10);
	free(s);
	ck_assert_int_gt(gpid, 1);
	t0 = proc_now();
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EXIT);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	expect_status(&p, "exit 5");
	/* Its process is gone: the stop does not wait out the grace. */
	t0 = proc_now();
	stop_one(&p, LONG);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	errno = 0;
	ck_assert_int_eq(kill((pid_t)gpid, 0), -1);
	ck_assert_int_eq(errno, ESRCH);
	proc_free(&p);
	no_children();
}
END_TEST

/* ---- misbehaving output ------------------------------------------------- */

/* 10 MB without a newline: the line before it is taken first, then it is
 * reported early, and the rest is read and dropped (the bot never blocks,
 * the buffer stays small) while another bot is waited for. */
START_TEST(ten_megabyte_line)
{
	proc big, idle;
	proc *set[] = { &big, &idle };
	int64_t t0;
	uint64_t all = 6 + 10000000 + 1 + 3;

	spawn_sh(&big, "echo first; head -c 10000000 /dev/zero | tr '\\0' a;"
	    "echo; echo ok; exec sleep 600", 4096, NULL, 0);
	spawn_sh(&idle, "exec sleep 600", 4096, NULL, 0);
	expect_line(&big, "first");
	ck_assert_int_eq(proc_wait(set, 2, &big, proc_now() + LONG, 0),
	    PROC_EV_TOO_LONG);
	ck_assert(big.too_long);
	t0 = proc_now();
	while (big.out_bytes < all && ms_since(t0) < LONG / MS) {
		int ev = proc_wait(set, 2, &idle, proc_now() + 20 * MS, 0);
		if (ev != PROC_EV_TIMEOUT)
			ck_abort_msg("waiting for idle gave %d", ev);
		if (big.rcap > 2 * 65536 + 8192)
			ck_abort_msg("line buffer grew to %zu", big.rcap);
	}
	ck_assert_uint_eq(big.out_bytes, all);
	/* Nothing after a too-long line is a line; it stays reported. */
	ck_assert_int_eq(big.nlines, 0);
	ck_assert_int_eq(proc_wait(set, 2, &big, proc_now() + LONG, 0),
	    PROC_EV_TOO_LONG);
	proc_stop_all(set, 2, 100 * MS);
	proc_free(&big);
	proc_free(&idle);
	no_children();
}
END_TEST

START_TEST(flood_without_newlines)
{
	proc p;
	proc *set[] = { &p };

	spawn_sh(&p, "exec cat /dev/zero", 4 << 20, NULL, 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 1 << 20),
	    PROC_EV_FLOOD);
	ck_assert_uint_gt(p.out_bytes, 1 << 20);
	ck_assert_uint_lt(p.rcap, 4 * (4 << 20));
	/* A new count starts from zero. */
	proc_count_reset(&p);
	ck_assert_uint_eq(p.out_bytes, 0);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

START_TEST(flood_of_lines)
{
	proc p;
	proc *set[] = { &p };
	int lines = 0, ev;

	spawn_sh(&p, "exec yes 0123456789012345678901234567890123456789"
	    "01234567890123456789012345678901234567890123456789", 1000, NULL, 0);
	for (;;) {
		ev = proc_wait(set, 1, &p, proc_now() + LONG, 256 << 10);
		if (ev != PROC_EV_LINE)
			break;
		free(proc_take_line(&p, NULL, NULL));
		lines++;
	}
	ck_assert_int_eq(ev, PROC_EV_FLOOD);
	ck_assert_int_ge(lines, PROC_LINE_QUEUE);
	/* The chunk that crosses the limit (64 KiB) is still split. */
	ck_assert_int_le(lines, ((256 << 10) + 65536) / 101 + 1);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

/* 50 MB on stderr: the bot never blocks, the file keeps max_stderr bytes,
 * and the stdout answer after it arrives. */
START_TEST(stderr_flood_is_capped)
{
	char path[PATH_MAX];
	proc p;
	int64_t t0 = proc_now();

	tmp_path(path, sizeof path, "bot.err");
	spawn_sh(&p, "head -c 50000000 /dev/zero >&2; echo done; exec sleep 600",
	    100, path, 1 << 20);
	expect_line(&p, "done");
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	ck_assert_int_eq(file_size(path), 1 << 20);
	no_children();
}
END_TEST

/* ---- stopping -------------------------------------------------------------- */

START_TEST(closed_stdout_then_stop)
{
	proc p;
	proc *set[] = { &p };
	int64_t t0;

	spawn_sh(&p, "exec >&-; exec sleep 600", 100, NULL, 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_EOF);
	ck_assert_int_eq(p.state, PROC_CLOSED);
	expect_status(&p, "running");
	/* Closing its stdin does not end it, so one grace passes; SIGTERM
	 * does, so the second is not waited out.  The grace is long enough
	 * that a busy machine's delays cannot pass for it. */
	t0 = proc_now();
	proc_stop_all(set, 1, 3000 * MS);
	ck_assert_int_eq(p.state, PROC_DEAD);
	ck_assert_int_ge(ms_since(t0), 3000);
	ck_assert_int_lt(ms_since(t0), 6000);
	expect_status(&p, "killed by SIGTERM");
	proc_free(&p);
	no_children();
}
END_TEST

START_TEST(sigterm_ignored_then_killed)
{
	proc p;
	proc *set[] = { &p };
	int64_t t0, took;

	spawn_sh(&p, "trap '' TERM; echo ready; exec sleep 600", 100, NULL, 0);
	expect_line(&p, "ready");
	t0 = proc_now();
	proc_stop_all(set, 1, 100 * MS);
	took = ms_since(t0);
	ck_assert_int_ge(took, 200);
	ck_assert_int_lt(took, SLOW_MS);
	expect_status(&p, "killed by SIGKILL");
	proc_free(&p);
	no_children();
}
END_TEST

/* Bots that quit when stdin closes are not made to wait for a grace. */
START_TEST(stop_is_quick_for_polite_bots)
{
	proc a, b;
	proc *set[] = { &a, &b };
	int64_t t0;

	spawn_sh(&a, "cat >/dev/null; exit 0", 100, NULL, 0);
	spawn_sh(&b, "while read -r l; do :; done; exit 1", 100, NULL, 0);
	ck_assert_int_eq(proc_send(&a, "bye", 3), 0);
	t0 = proc_now();
	proc_stop_all(set, 2, LONG);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	expect_status(&a, "exit 0");
	expect_status(&b, "exit 1");
	proc_free(&a);
	proc_free(&b);
	no_children();
}
END_TEST

/* SIGINT to the referee ends a wait at once (here the bot sends it). */
START_TEST(interrupted_wait)
{
	proc p;
	proc *set[] = { &p };
	int64_t t0 = proc_now();
	const char *fork_mode = getenv("CK_FORK");

	/* The flag stays set for the process: only with a process per test. */
	if (fork_mode != NULL && strcmp(fork_mode, "no") == 0)
		return;
	spawn_sh(&p, "kill -INT $PPID; exec sleep 600", 100, NULL, 0);
	ck_assert_int_eq(proc_wait(set, 1, &p, proc_now() + LONG, 0),
	    PROC_EV_INTERRUPTED);
	ck_assert_int_lt(ms_since(t0), SLOW_MS);
	ck_assert_int_eq(proc_interrupted(), SIGINT);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

START_TEST(describe_before_start)
{
	proc p;
	char buf[32];

	memset(&p, 0, sizeof p);
	ck_assert_str_eq(proc_describe_exit(&p, buf, sizeof buf), "not started");
	ck_assert_str_eq(proc_describe_exit(&p, buf, 0), "");
	proc_free(&p);          /* a zeroed proc is safe to free */
	proc_free(NULL);
}
END_TEST

/* CPU lists read and written as Linux writes them, and a child pinned to
 * one CPU of the referee's is told so by the kernel (its own
 * /proc/self/status); a list with a bad piece is refused. */
START_TEST(cpu_lists_and_pinning)
{
	static const char *const bad[] = { "", "a", "1-", "-1", "3-1", "1,,2",
		"1,", "1 ", "+1", "1024", "0x1" };
	char *argv[] = { "/bin/sh", "-c", "sed -n 's/^Cpus_allowed_list:[[:space:]]"
	    "*//p' /proc/self/status", NULL };
	proc_spec spec = { .argv = argv, .max_line = 1000 };
	proc_cpus c, own;
	char err[256], buf[64];
	proc p;

	ck_assert_int_eq(proc_cpus_parse("0-3,6,8-9", &c, err, sizeof err), 7);
	proc_cpus_format(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, "0-3,6,8-9");
	ck_assert_int_eq(proc_cpus_parse("5,1,2,1", &c, err, sizeof err), 3);
	proc_cpus_format(&c, buf, sizeof buf);
	ck_assert_str_eq(buf, "1-2,5");
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(proc_cpus_parse(bad[i], &c, err, sizeof err) == -1,
		    "\"%s\" accepted", bad[i]);
	ck_assert_ptr_nonnull(strstr(err, "is not a CPU list such as 0-3,6"));
	/* The last CPU the referee may use, alone. */
	ck_assert_int_gt(proc_cpus_own(&own), 0);
	int last = -1;
	for (int i = 0; i < PROC_MAX_CPUS; i++)
		if (own.bits[i / 64] >> (i % 64) & 1)
			last = i;
	memset(&c, 0, sizeof c);
	c.bits[last / 64] |= 1ULL << (last % 64);
	spec.cpus = &c;
	ck_assert_msg(proc_spawn(&p, &spec, err, sizeof err) == 0, "%s", err);
	snprintf(buf, sizeof buf, "%d", last);
	expect_line(&p, buf);
	stop_one(&p, 100 * MS);
	proc_free(&p);
	no_children();
}
END_TEST

Suite *proc_suite(void)
{
	Suite *s = suite_create("proc");
	TCase *tc = tcase_create("proc");

	tcase_add_checked_fixture(tc, setup, teardown);
	/* The floods move tens of megabytes: slow under sanitizers; and the
	 * waits above may take up to LONG on a busy machine. */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, echo_bot_answers_lines);
	tcase_add_test(tc, a_poke_wakes_the_waits_that_hold_its_process);
	tcase_add_test(tc, max_line_is_exact);
	tcase_add_test(tc, many_lines_keep_their_order);
	tcase_add_test(tc, cwd_and_env);
	tcase_add_test(tc, cpu_lists_and_pinning);
	tcase_add_test(tc, only_stdio_is_inherited);
	tcase_add_test(tc, passed_descriptors_arrive_in_order);
	tcase_add_test(tc, silent_bot_times_out_at_the_deadline);
	tcase_add_test(tc, unread_stdin_never_blocks);
	tcase_add_test(tc, bot_exits_at_once);
	tcase_add_test(tc, last_words_come_before_the_exit);
	tcase_add_test(tc, missing_command_exits_127);
	tcase_add_test(tc, killed_by_a_signal);
	tcase_add_test(tc, sigpipe_is_not_inherited);
	tcase_add_test(tc, grandchild_holding_the_pipes);
	tcase_add_test(tc, ten_megabyte_line);
	tcase_add_test(tc, flood_without_newlines);
	tcase_add_test(tc, flood_of_lines);
	tcase_add_test(tc, stderr_flood_is_capped);
	tcase_add_test(tc, closed_stdout_then_stop);
	tcase_add_test(tc, sigterm_ignored_then_killed);
	tcase_add_test(tc, stop_is_quick_for_polite_bots);
	tcase_add_test(tc, interrupted_wait);
	tcase_add_test(tc, describe_before_start);
	suite_add_tcase(s, tc);
	return s;
}
