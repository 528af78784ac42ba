/* pipe_floor.c: the floor of any pipe referee: a program that only swaps
 * lines with its children over pipes, in turn, and prints its own CPU time
 * per round trip, to set beside the referee's CPU time per decision
 * (scripts/bench-referee.sh prints both).  Two floors: children that echo
 * one short line at once, and real bots sent again the bytes a referee
 * sent them in a recorded match (--replay): the same writes, the same
 * bots reading and thinking as they must, with no rules, no clock and no
 * checks. */
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
 *        pipe-floor --replay BOT TRANSCRIPT...
 *
 * Starts CHILDREN processes that each answer every line they read with one
 * short line, then for ROUNDS rounds writes one request line to each child
 * in turn and reads its reply before the next: one write(2) and one read(2)
 * a round trip (with "poll", a poll(2) on the one descriptor awaited, with
 * a deadline, before the read: what a referee that keeps a clock cannot do
 * without).  Prints the round trips, this process's CPU time (user and
 * system) per round trip and the wall time per round trip, in
 * microseconds; the children's time is theirs, as the bots' is.
 *
 * With --replay, starts BOT (a path, run without arguments) once for each
 * TRANSCRIPT, the bytes one seat of a recorded match received from the
 * referee, in seat order.  Each transcript is cut after every line that
 * asks for an answer (the handshake's first line and each "turn" line);
 * the pieces are sent in the match's order (the handshakes, then by game
 * and by decision, which "turn N" counts over all seats), each by one
 * write(2), and its one reply line read after it (an "offer" or a
 * "chestchoice" asks nothing itself: the "turn" that follows it, when the
 * seat must choose, does; a seat's own pieces keep their order): what the
 * referee wrote, in
 * the same pieces, to bots that answer as they did (a bot that draws its
 * moves from the referee's seed makes the same ones).  A transcript with
 * "react" lines (a bot that reacts) cannot be replayed in order.
 */

#define MAX_CHILDREN 64

/* One piece of a transcript: what is written before the next reply. */
typedef struct {
	const char *bytes;
	size_t len;
	long game, decision;    /* the order: the handshake is game 0 */
	int seat;
	size_t seq;             /* its place in the seat's transcript */
} piece;

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

/* Reads until n more lines came from fd; 0, or -1 at end of file. */
static int read_lines(int fd, int n)
{
	char buf[4096];

	while (n > 0) {
		ssize_t k = read(fd, buf, sizeof buf);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		for (ssize_t i = 0; i < k; i++)
			n -= buf[i] == '\n';
	}
	return 0;
}

/* Starts path with its stdin and stdout on pipes: to[i], from[i]. */
static int start(const char *path, int i, int *to, int *from)
{
	int a[2], b[2];
	pid_t pid;

	if (pipe(a) < 0 || pipe(b) < 0 || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		for (int j = 0; j < i; j++) {
			close(to[j]);
			close(from[j]);
		}
		if (dup2(a[0], 0) < 0 || dup2(b[1], 1) < 0)
			_exit(127);
		close(a[0]);
		close(a[1]);
		close(b[0]);
		close(b[1]);
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	close(a[0]);
	close(b[1]);
	to[i] = a[1];
	from[i] = b[0];
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, k;

	if (f == NULL)
		return NULL;
	do {
		if (n == cap) {
			char *grown = realloc(buf, cap = cap ? 2 * cap : 1 << 16);
			if (grown == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = grown;
		}
		n += k = fread(buf + n, 1, cap - n, f);
	} while (k > 0);
	fclose(f);
	*len = n;
	return buf;
}

static int by_order(const void *a, const void *b)
{
	const piece *x = a, *y = b;

	if (x->game != y->game)
		return x->game < y->game ? -1 : 1;
	if (x->decision != y->decision)
		return x->decision < y->decision ? -1 : 1;
	if (x->seat != y->seat)
		return x->seat < y->seat ? -1 : 1;
	/* A pick or a chest's choice may share its decision number with
	 * the seat's next turn: the seat's order stands. */
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Cuts seat's transcript t into pieces appended to *ps; the bytes after
 * the last request go to tail.  0, or -1 with a message printed. */
static int cut(const char *name, int seat, const char *t, size_t len,
    piece **ps, size_t *np, size_t *cap, const char **tail, size_t *tail_len)
{
	size_t start = 0, at = 0;
	long game = 0;
	size_t seq = 0;

	while (at < len) {
		const char *line = t + at, *nl = memchr(line, '\n', len - at);
		size_t next = nl != NULL ? (size_t)(nl - t) + 1 : len;
		long decision = -1;
		if (strncmp(line, "react ", 6) == 0) {
			fprintf(stderr, "pipe-floor: %s: a react line: a reacting "
			    "bot's transcript cannot be replayed in order\n", name);
			return -1;
		}
		if (strncmp(line, "game ", 5) == 0)
			game = atol(line + 5);
		if (at == 0)
			decision = 0;   /* the handshake */
		else if (strncmp(line, "turn ", 5) == 0)
			decision = atol(line + 5);
		if (decision >= 0) {
			if (*np == *cap) {
				piece *grown = realloc(*ps,
				    (*cap = *cap ? 2 * *cap : 4096) * sizeof **ps);
				if (grown == NULL) {
					perror("pipe-floor");
					return -1;
				}
				*ps = grown;
			}
			(*ps)[(*np)++] = (piece){ t + start, next - start, game,
			    decision, seat, seq++ };
			start = next;
		}
		at = next;
	}
	*tail = t + start;
	*tail_len = len - start;
	return 0;
}

static int replay(const char *bot, int n, char **files)
{
	int to[MAX_CHILDREN], from[MAX_CHILDREN];
	const char *tail[MAX_CHILDREN];
	size_t tail_len[MAX_CHILDREN], np = 0, cap = 0;
	char *text[MAX_CHILDREN];
	piece *ps = NULL;

	for (int i = 0; i < n; i++) {
		size_t len;
		if ((text[i] = slurp(files[i], &len)) == NULL) {
			fprintf(stderr, "pipe-floor: cannot read %s: %s\n",
			    files[i], strerror(errno));
			return 1;
		}
		if (cut(files[i], i, text[i], len, &ps, &np, &cap, &tail[i],
		    &tail_len[i]) < 0)
			return 1;
	}
	qsort(ps, np, sizeof *ps, by_order);
	for (int i = 0; i < n; i++)
		if (start(bot, i, to, from) < 0) {
			perror("pipe-floor");
			return 1;
		}
	double c0 = cpu_self(), w0 = seconds(CLOCK_MONOTONIC);
	for (size_t k = 0; k < np; k++) {
		int i = ps[k].seat;
		if (write(to[i], ps[k].bytes, ps[k].len) != (ssize_t)ps[k].len ||
		    read_lines(from[i], 1) < 0) {
			fprintf(stderr, "pipe-floor: bot %d stopped\n", i);
			return 1;
		}
	}
	double c1 = cpu_self(), w1 = seconds(CLOCK_MONOTONIC);
	for (int i = 0; i < n; i++) {
		if (write(to[i], tail[i], tail_len[i]) < 0)
			fprintf(stderr, "pipe-floor: bot %d stopped\n", i);
		close(to[i]);
	}
	while (wait(NULL) > 0)
		;
	printf("%zu round trips, %.2f us CPU per round trip, %.2f us wall "
	    "per round trip\n", np, (c1 - c0) * 1e6 / (double)np,
	    (w1 - w0) * 1e6 / (double)np);
	for (int i = 0; i < n; i++)
		free(text[i]);
	free(ps);
	return 0;
}

int main(int argc, char **argv)
{
	int to[MAX_CHILDREN], from[MAX_CHILDREN], n, use_poll;
	long rounds;

	signal(SIGPIPE, SIG_IGN);
	if (argc >= 4 && argc - 3 <= MAX_CHILDREN &&
	    strcmp(argv[1], "--replay") == 0)
		return replay(argv[2], argc - 3, argv + 3);
	if (argc < 3 || argc > 4 || (n = atoi(argv[1])) < 1 ||
	    n > MAX_CHILDREN || (rounds = atol(argv[2])) < 1 ||
	    (argc == 4 && strcmp(argv[3], "poll") != 0)) {
		fprintf(stderr, "usage: pipe-floor CHILDREN ROUNDS [poll]\n"
		    "       pipe-floor --replay BOT TRANSCRIPT...\n");
		return 2;
	}
	use_poll = argc == 4;
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
