/* pipe_floor.c: the floor of any pipe referee: a program that only swaps
 * one short line with each of N children over pipes, in turn, and prints
 * its own CPU time per round trip, to set beside the referee's CPU time
 * per decision (scripts/bench-referee.sh prints both). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * Usage: pipe-floor CHILDREN ROUNDS [poll]
 *
 * Starts CHILDREN processes that each answer every line they read with one
 * short line, then for ROUNDS rounds writes one request line to each child
 * in turn and reads its reply before the next: one write(2) and one read(2)
 * a round trip (with "poll", a poll(2) on the one descriptor awaited, with
 * a deadline, before the read: what a referee that keeps a clock cannot do
 * without).  Prints the round trips, this process's CPU time (user and
 * system) per round trip and the wall time per round trip, in
 * microseconds; the children's time is theirs, as the bots' is.
 */

#define MAX_CHILDREN 64

static const char request[] = "turn 12 1000 10000\n";
static const char reply[] = "play path-NES 1 0 0\n";

static double seconds(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_self(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* A child: a line in, a line out, until end of file. */
static _Noreturn void child(int in, int out)
{
	char buf[4096];
	ssize_t k;

	while ((k = read(in, buf, sizeof buf)) > 0 || (k < 0 && errno == EINTR))
		for (ssize_t i = 0; i < k; i++)
			if (buf[i] == '\n' &&
			    write(out, reply, sizeof reply - 1) < 0)
				_exit(1);
	_exit(0);
}

/* Reads up to and including a newline from fd; 0, or -1 at end of file. */
static int read_line(int fd, int use_poll)
{
	char buf[256];

	for (;;) {
		ssize_t k;
		if (use_poll) {
			struct pollfd p = { fd, POLLIN, 0 };
			if (poll(&p, 1, 10000) <= 0)
				return -1;
		}
		k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		if (buf[k - 1] == '\n')
			return 0;
	}
}

int main(int argc, char **argv)
{
	int to[MAX_CHILDREN], from[MAX_CHILDREN], n, use_poll;
	long rounds;

	if (argc < 3 || argc > 4 || (n = atoi(argv[1])) < 1 ||
	    n > MAX_CHILDREN || (rounds = atol(argv[2])) < 1 ||
	    (argc == 4 && strcmp(argv[3], "poll") != 0)) {
		fprintf(stderr, "usage: pipe-floor CHILDREN ROUNDS [poll]\n");
		return 2;
	}
	use_poll = argc == 4;
	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i < n; i++) {
		int a[2], b[2];
		pid_t pid;
		if (pipe(a) < 0 || pipe(b) < 0 || (pid = fork()) < 0) {
			perror("pipe-floor");
			return 1;
		}
		if (pid == 0) {
			close(a[1]);
			close(b[0]);
			for (int j = 0; j < i; j++) {
				close(to[j]);
				close(from[j]);
			}
			child(a[0], b[1]);
		}
		close(a[0]);
		close(b[1]);
		to[i] = a[1];
		from[i] = b[0];
	}
	double c0 = cpu_self(), w0 = seconds(CLOCK_MONOTONIC);
	for (long r = 0; r < rounds; r++)
		for (int i = 0; i < n; i++)
			if (write(to[i], request, sizeof request - 1) < 0 ||
			    read_line(from[i], use_poll) < 0) {
				fprintf(stderr, "pipe-floor: child %d stopped\n", i);
				return 1;
			}
	double c1 = cpu_self(), w1 = seconds(CLOCK_MONOTONIC);
	for (int i = 0; i < n; i++)
		close(to[i]);
	while (wait(NULL) > 0)
		;
	double trips = (double)rounds * n;
	printf("%.0f round trips, %.2f us CPU per round trip, %.2f us wall "
	    "per round trip\n", trips, (c1 - c0) * 1e6 / trips,
	    (w1 - w0) * 1e6 / trips);
	return 0;
}
