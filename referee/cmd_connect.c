/* cmd_connect.c: "saboteur connect" runs a bot program here and carries its
 * lines to a network seat of a referee elsewhere, so any bot plays remotely
 * unchanged. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "net.h"
#include "proc.h"
#include "protocol.h"
#include "runnable.h"
#include "sandbox.h"
#include "split.h"

#define NS_PER_MS 1000000LL
/* Between two tries to reach a referee that does not listen yet. */
#define RETRY_MS 200

enum { O_AGAIN, O_WAIT, O_LOG, O_SANDBOX, O_NOPTS };

static const opt connect_opts[O_NOPTS + 1] = {
	[O_AGAIN] = { "again", NULL, "when a session ends, connect again for "
	    "the next (a tournament's games, a restart), until the referee is "
	    "gone", 0, NULL },
	[O_WAIT] = { "wait-ms", "MS", "keep trying to reach the referee this "
	    "long (default 60000)", 0, NULL },
	[O_LOG] = { "log", "FILE", "the bot's stderr (default: this program's "
	    "stderr)", 0, NULL },
	[O_SANDBOX] = { "sandbox", "auto|on|off", "seal the bot off with bwrap "
	    "as play does (default off)", 0, NULL },
	[O_NOPTS] = { NULL, NULL, NULL, 0, NULL }
};

static int cmd_connect(int argc, char **argv);

const cli_command cli_connect = { "connect", cmd_connect,
	"play a network seat of a referee elsewhere", "HOST:PORT TOKEN -- BOT "
	"[ARG...]",
	"Runs BOT here and relays its stdin and stdout to the seat that listens "
	"at\nHOST:PORT (saboteur play's listen:PORT) once it accepts TOKEN.  A "
	"single BOT\nword is split as play splits a command line.  Exit status: "
	"0 the referee\nplayed with the bot (whatever it did), 1 the referee "
	"could not be reached\nor refused the token, 2 bad command line or a "
	"bot that cannot run, 4 the\nprogram's own failure, 5 interrupted.\n",
	connect_opts };

typedef struct conn {
	char host[256];
	char port[8];
	const char *token;
	char **bot;             /* the bot's words */
	int64_t wait_ms;
	int again;
	int logfd;              /* where the bot's stderr goes */
	sandbox sb;
	sandbox_settings box;
	int sessions;
} conn;

/* "HOST:PORT" or "[V6]:PORT" into l; -1 after saying what is wrong. */
static int parse_where(conn *l, const char *s)
{
	const char *colon = strrchr(s, ':');
	const char *host = s;
	size_t hlen;

	if (colon == NULL || colon[1] == '\0' || strlen(colon + 1) >= sizeof l->port)
		goto bad;
	hlen = (size_t)(colon - s);
	if (s[0] == '[') {
		if (hlen < 2 || colon[-1] != ']')
			goto bad;
		host++;
		hlen -= 2;
	}
	if (hlen == 0 || hlen >= sizeof l->host)
		goto bad;
	memcpy(l->host, host, hlen);
	l->host[hlen] = '\0';
	(void)snprintf(l->port, sizeof l->port, "%s", colon + 1);
	for (const char *p = l->port; *p; p++)
		if (*p < '0' || *p > '9')
			goto bad;
	return 0;
bad:
	fprintf(stderr, "saboteur connect: \"%s\" is not HOST:PORT (such as "
	    "127.0.0.1:7001 or [::1]:7001)\n", s);
	return -1;
}

/* One try to connect to ai before deadline: the socket, or -1 (errno). */
static int dial_one(const struct addrinfo *ai, int64_t deadline)
{
	int fd = socket(ai->ai_family, SOCK_STREAM, 0), fl, e;
	struct pollfd p;
	socklen_t len = sizeof e;
	int64_t left;

	if (fd < 0)
		return -1;
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || (fl = fcntl(fd, F_GETFL)) < 0 ||
	    fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
		goto fail;
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
		return fd;
	if (errno != EINPROGRESS)
		goto fail;
	p.fd = fd;
	p.events = POLLOUT;
	left = (deadline - proc_now()) / NS_PER_MS;
	if (poll(&p, 1, left < 1 ? 1 : left > 60000 ? 60000 : (int)left) <= 0) {
		errno = ETIMEDOUT;
		goto fail;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) < 0)
		goto fail;
	if (e == 0)
		return fd;
	errno = e;
fail:
	e = errno;
	(void)close(fd);
	errno = e;
	return -1;
}

/* Connects to the referee, trying again while it does not listen yet,
 * until the wait runs out: the socket, or -1 after saying why. */
static int dial(const conn *l, int quiet)
{
	int64_t deadline = proc_now() + l->wait_ms * NS_PER_MS;
	struct addrinfo hints, *ai = NULL;
	int r, e = 0;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if ((r = getaddrinfo(l->host, l->port, &hints, &ai)) != 0) {
		fprintf(stderr, "saboteur connect: %s: %s\n", l->host,
		    gai_strerror(r));
		return -1;
	}
	for (;;) {
		for (struct addrinfo *a = ai; a != NULL; a = a->ai_next) {
			int fd = dial_one(a, deadline);
			if (fd >= 0) {
				freeaddrinfo(ai);
				return fd;
			}
			e = errno;
		}
		if (proc_interrupted() || proc_now() + RETRY_MS * NS_PER_MS >
		    deadline)
			break;
		struct timespec ts = { 0, RETRY_MS * NS_PER_MS };
		(void)nanosleep(&ts, NULL);
	}
	freeaddrinfo(ai);
	if (!quiet)
		fprintf(stderr, "saboteur connect: cannot reach %s port %s within "
		    "%lld s: %s\n", l->host, l->port, (long long)(l->wait_ms +
		    999) / 1000, strerror(e));
	return -1;
}

/* Presents the token.  Returns 1 when the seat took it, 0 when the seat
 * closed before answering (a referee that finished), -1 when it refused
 * (said). */
static int greet(const conn *l, int fd)
{
	char line[NET_GREETING_MAX];
	int n = snprintf(line, sizeof line, NET_HELLO " %d %s\n",
	    NET_HELLO_VERSION, l->token), on = 1, k;

	/* Lines go out at once, never held for more (Nagle's algorithm). */
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	if (n < 0 || (size_t)n >= sizeof line ||
	    net_write_all(fd, line, (size_t)n, proc_now() + 10000 * NS_PER_MS))
		return 0;
	/* A seat in use leaves us queued until it is free: no time limit. */
	k = net_read_line(fd, line, sizeof line, INT64_MAX);
	if (k <= 0)
		return 0;
	if (strcmp(line, "ok") == 0)
		return 1;
	char shown[4 * NET_GREETING_MAX];
	(void)proto_escape(shown, sizeof shown, line, strlen(line), 0);
	fprintf(stderr, "saboteur connect: %s port %s %s\n", l->host, l->port,
	    strncmp(line, "refused", 7) == 0 ? shown : "answered in a way that "
	    "is not a saboteur seat's");
	return -1;
}

/* Starts the bot for one session; -1 after saying why. */
static int bot_spawn(conn *l, proc *p, proc_limits *lim)
{
	sandbox_settings set = l->box;
	sandbox_cmd cmd;
	char err[512];
	int rc;

	sandbox_settings_final(&set);
	sandbox_limits(&set, lim);
	if (sandbox_command(&l->sb, &set, l->bot, NULL, 0, NULL, &cmd, err,
	    sizeof err) != 0) {
		fprintf(stderr, "saboteur connect: %s\n", err);
		return -1;
	}
	proc_spec spec = { .max_line = 4096, .max_stderr = (size_t)1 << 40,
	    .limits = l->sb.on ? lim : NULL };
	sandbox_spec(&cmd, &spec);      /* its command, group and filter */
	rc = proc_spawn(p, &spec, err, sizeof err);
	sandbox_cmd_free(&cmd);
	if (rc != 0) {
		fprintf(stderr, "saboteur connect: %s\n", err);
		return -1;
	}
	/* What the bot writes on stderr after the session, while it is
	 * stopped, goes where the rest went. */
	p->log_fd = dup(l->logfd);
	return 0;
}

/* One session: connected, the token taken, the bot run until either side
 * ends.  Returns 1 when played, 0 when the referee turned out to be gone,
 * -1 on a failure (said). */
static int session(conn *l)
{
	proc p;
	proc_limits lim;
	proc *set = &p;
	int fd = dial(l, l->sessions > 0), k, rc;
	char how[64];

	if (fd < 0)
		return l->sessions > 0 ? 0 : -1;
	if ((k = greet(l, fd)) <= 0) {
		(void)close(fd);
		if (k == 0 && l->sessions == 0)
			fprintf(stderr, "saboteur connect: %s port %s closed the "
			    "connection before it answered\n", l->host, l->port);
		return k == 0 && l->sessions > 0 ? 0 : -1;
	}
	fprintf(stderr, "saboteur connect: the seat at %s port %s took the "
	    "token; the bot plays\n", l->host, l->port);
	if (bot_spawn(l, &p, &lim) != 0) {
		(void)close(fd);
		return -1;
	}
	rc = net_pump(p.out_fd, p.in_fd, fd, p.err_fd, l->logfd, 0, NULL, 0);
	(void)close(fd);
	proc_stop_all(&set, 1, 2000 * NS_PER_MS);
	fprintf(stderr, "saboteur connect: session %d over: %s; the bot: %s\n",
	    l->sessions + 1, rc == NET_EXIT_DONE ? "the bot's output ended" :
	    rc == NET_EXIT_DROPPED ? "the referee closed the connection" :
	    "the bot stopped reading", proc_describe_exit(&p, how, sizeof how));
	proc_free(&p);
	l->sessions++;
	return 1;
}

/* The bot's words: those after "--", or one command line split. */
static char **bot_words(int argc, char **argv, int dash, char **pos, int npos)
{
	char err[256], **words;

	if (dash < 0 && npos == 3)
		return split_command(pos[2], err, sizeof err);
	if (dash < 0 || dash + 1 >= argc)
		return NULL;
	if (argc - dash - 1 == 1) {
		words = split_command(argv[dash + 1], err, sizeof err);
		if (words == NULL)
			fprintf(stderr, "saboteur connect: \"%s\": %s\n",
			    argv[dash + 1], err);
		return words;
	}
	words = calloc((size_t)(argc - dash), sizeof *words);
	for (int i = dash + 1; words != NULL && i < argc; i++)
		if ((words[i - dash - 1] = strdup(argv[i])) == NULL) {
			split_free(words);
			return NULL;
		}
	return words;
}

/* Reads the options into l; an exit code, EXIT_OK to go on. */
static int configure(conn *l, opt *o)
{
	long long wait = 60000;
	char err[512];

	if (o[O_WAIT].value != NULL && cli_number("connect", "wait-ms",
	    o[O_WAIT].value, 0, 86400000, &wait) != 0)
		return EXIT_USAGE;
	l->wait_ms = wait;
	l->again = o[O_AGAIN].value != NULL;
	if (o[O_SANDBOX].value != NULL && sandbox_settings_key(&l->box, "mode",
	    o[O_SANDBOX].value, 1, err, sizeof err) < 0) {
		fprintf(stderr, "saboteur connect: --sandbox: %s\n", err);
		return EXIT_USAGE;
	}
	if (o[O_SANDBOX].value == NULL)
		(void)sandbox_settings_key(&l->box, "mode", "off", 1, err,
		    sizeof err);
	sandbox_settings set = l->box;
	sandbox_settings_final(&set);
	if (sandbox_init(&l->sb, (int)set.mode, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur connect: %s\n", err);
		return EXIT_CONFIG;
	}
	if (err[0] != '\0' && set.mode != SANDBOX_OFF)
		fprintf(stderr, "saboteur connect: %s\n", err);
	if (o[O_LOG].value != NULL) {
		l->logfd = open(o[O_LOG].value, O_CREAT | O_TRUNC | O_WRONLY |
		    O_CLOEXEC, 0600);
		if (l->logfd < 0) {
			fprintf(stderr, "saboteur connect: cannot write %s: %s\n",
			    o[O_LOG].value, strerror(errno));
			return EXIT_CONFIG;
		}
	} else if ((l->logfd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)) < 0) {
		fprintf(stderr, "saboteur connect: %s\n", strerror(errno));
		return EXIT_INTERNAL;
	}
	return EXIT_OK;
}

static int cmd_connect(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[3], err[512];
	static conn l;
	int dash = -1, npos, rc = EXIT_OK;

	CLI_OPTS_COPY(o, connect_opts);
	for (int i = 1; i < argc && dash < 0; i++)
		if (strcmp(argv[i], "--") == 0)
			dash = i;
	npos = cli_parse("connect", dash < 0 ? argc : dash, argv, o, pos, 3);
	if (npos < 0)
		return EXIT_USAGE;
	if (npos < 2 || (dash < 0 && npos != 3) || (dash >= 0 && npos != 2)) {
		fprintf(stderr, "usage: saboteur connect [OPTIONS] HOST:PORT TOKEN "
		    "-- BOT [ARG...]\n");
		return EXIT_USAGE;
	}
	memset(&l, 0, sizeof l);
	l.logfd = -1;
	if (parse_where(&l, pos[0]) != 0)
		return EXIT_USAGE;
	/* Anyone who read it off the process list could take the seat. */
	if ((l.token = strdup(pos[1])) == NULL)
		return EXIT_INTERNAL;
	cli_hide(pos[1]);
	if ((l.bot = bot_words(argc, argv, dash, pos, npos)) == NULL) {
		fprintf(stderr, "saboteur connect: no bot to run: give it after "
		    "\"--\"\n");
		free((char *)l.token);
		return EXIT_USAGE;
	}
	if (runnable_check(l.bot, NULL, NULL, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur connect: %s\n", err);
		rc = EXIT_USAGE;
	} else if (proc_signals_init() != 0) {
		rc = EXIT_INTERNAL;
	} else {
		rc = configure(&l, o);
	}
	while (rc == EXIT_OK) {
		int k = session(&l);
		if (proc_interrupted())
			rc = EXIT_INTERRUPTED;
		else if (k < 0)
			rc = l.sessions > 0 ? EXIT_OK : EXIT_FAILED;
		if (k <= 0 || !l.again)
			break;
	}
	if (rc == EXIT_OK && l.again)
		fprintf(stderr, "saboteur connect: the referee at %s port %s is "
		    "gone after %d session%s\n", l.host, l.port, l.sessions,
		    l.sessions == 1 ? "" : "s");
	if (l.logfd >= 0)
		(void)close(l.logfd);
	sandbox_free(&l.sb);
	split_free(l.bot);
	free((char *)l.token);
	return rc;
}
