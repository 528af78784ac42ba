/* net.c: network seats: listening sockets and their tokens, the relay
 * process between a seat's connection and the referee's pipes, and the
 * byte pump both ends of a connection use. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "net.h"
#include "proc.h"
#include "say.h"

#define NS_PER_MS 1000000LL
/* What one direction of the pump holds before it stops reading: a pipe's
 * capacity, so the pump is as patient as a pipe and no more. */
#define PUMP_BUF 65536
/* What the relay keeps of the referee's lines while nobody is connected:
 * the handshake and no more is sent before the bot answers it. */
#define PENDING_MAX (1 << 20)
/* The listening socket's queue of connections nobody accepted yet. */
#define BACKLOG 16

/* ---- seats ---------------------------------------------------------------- */

int net_is_seat(const char *command)
{
	return command != NULL && strncmp(command, NET_PREFIX,
	    sizeof NET_PREFIX - 1) == 0;
}

/* A port number of s[0..n): 1 to 65535, or 0 when zero_ok; -1 if not. */
static long port_of(const char *s, size_t n, int zero_ok)
{
	long v = 0;

	if (n == 0 || n > 5)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v > 65535 || (v == 0 && !zero_ok) ? -1 : v;
}

int net_parse(const char *command, int *lo, int *hi, char *err,
    size_t errlen)
{
	const char *p = command + sizeof NET_PREFIX - 1;
	const char *dash = strchr(p, '-');
	long a, b;

	*lo = *hi = 0;
	if (!net_is_seat(command))
		return sab_fail(err, errlen, "\"%s\" is not a network seat",
		    command);
	if (strcmp(p, "auto") == 0)
		return 0;
	if (dash == NULL) {
		a = b = port_of(p, strlen(p), 1);
	} else {
		a = port_of(p, (size_t)(dash - p), 0);
		b = port_of(dash + 1, strlen(dash + 1), 0);
	}
	if (a < 0 || b < 0 || b < a)
		return sab_fail(err, errlen, "\"%s\": a network seat is "
		    "listen:PORT, listen:LOW-HIGH (the first free port) or "
		    "listen:auto, ports from 1 to 65535", command);
	*lo = (int)a;
	*hi = (int)b;
	return 0;
}

int net_is_loopback(const char *addr)
{
	return strncmp(addr, "127.", 4) == 0 || strcmp(addr, "::1") == 0;
}

/* 128 bits from the kernel's generator, as hex.  No weaker fallback: a
 * token anyone could guess would seat anyone. */
static int make_token(char *out)
{
	unsigned char raw[NET_TOKEN_LEN / 2];
	size_t got = 0;

	while (got < sizeof raw) {
		ssize_t k = getrandom(raw + got, sizeof raw - got, 0);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	if (got < sizeof raw) {
		int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
		ssize_t k = fd >= 0 ? read(fd, raw, sizeof raw) : -1;
		if (fd >= 0)
			(void)close(fd);
		if (k != (ssize_t)sizeof raw)
			return -1;
	}
	for (size_t i = 0; i < sizeof raw; i++)
		(void)snprintf(out + 2 * i, 3, "%02x", raw[i]);
	return 0;
}

/* Binds a socket for ai at port and listens; the socket, or -1 (errno). */
static int bind_one(const struct addrinfo *ai, int port)
{
	struct sockaddr_storage ss;
	int fd, on = 1, e;

	memcpy(&ss, ai->ai_addr, ai->ai_addrlen);
	if (ai->ai_family == AF_INET)
		((struct sockaddr_in *)&ss)->sin_port = htons((uint16_t)port);
	else
		((struct sockaddr_in6 *)&ss)->sin6_port = htons((uint16_t)port);
	if ((fd = socket(ai->ai_family, SOCK_STREAM, 0)) < 0)
		return -1;
	/* A port a finished match left in TIME_WAIT is free again at once. */
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) < 0 ||
	    bind(fd, (struct sockaddr *)&ss, ai->ai_addrlen) < 0 ||
	    listen(fd, BACKLOG) < 0) {
		e = errno;
		(void)close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* The port fd is bound to. */
static int bound_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;

	if (getsockname(fd, (struct sockaddr *)&ss, &len) < 0)
		return 0;
	if (ss.ss_family == AF_INET)
		return ntohs(((struct sockaddr_in *)&ss)->sin_port);
	return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
}

int net_listen(net_seat *s, const char *addr, int lo, int hi, char *err,
    size_t errlen)
{
	struct addrinfo hints, *ai = NULL;
	int r, e = 0;

	memset(s, 0, sizeof *s);
	s->fd = -1;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE;
	if ((r = getaddrinfo(addr, NULL, &hints, &ai)) != 0 || ai == NULL)
		return sab_fail(err, errlen, "\"%s\" is not a numeric address "
		    "(such as 127.0.0.1, 0.0.0.0 or ::1): %s", addr,
		    gai_strerror(r));
	for (int port = lo; port <= hi && s->fd < 0; port++)
		if ((s->fd = bind_one(ai, port)) < 0)
			e = errno;
	freeaddrinfo(ai);
	if (s->fd < 0) {
		if (lo == hi)
			return sab_fail(err, errlen, "cannot listen on %s port %d:"
			    " %s", addr, lo, strerror(e));
		return sab_fail(err, errlen, "cannot listen on %s at any port "
		    "from %d to %d: %s", addr, lo, hi, strerror(e));
	}
	s->port = bound_port(s->fd);
	(void)snprintf(s->addr, sizeof s->addr, "%s", addr);
	if (make_token(s->token) != 0) {
		net_close(s);
		return sab_fail(err, errlen, "no random bytes for a seat's "
		    "token (getrandom, /dev/urandom): %s", strerror(errno));
	}
	return 0;
}

int net_adopt(net_seat *s, int fd, const char *token)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;

	memset(s, 0, sizeof *s);
	s->fd = -1;
	if (strlen(token) != NET_TOKEN_LEN ||
	    getsockname(fd, (struct sockaddr *)&ss, &len) < 0 ||
	    getnameinfo((struct sockaddr *)&ss, len, s->addr, sizeof s->addr,
	    NULL, 0, NI_NUMERICHOST) != 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	s->fd = fd;
	s->port = bound_port(fd);
	memcpy(s->token, token, NET_TOKEN_LEN + 1);
	return 0;
}

void net_close(net_seat *s)
{
	if (s->fd >= 0)
		(void)close(s->fd);
	s->fd = -1;
}

void net_where(const net_seat *s, char *buf, size_t len)
{
	(void)snprintf(buf, len, strchr(s->addr, ':') ? "[%s]:%d" : "%s:%d",
	    s->addr, s->port);
}

int net_token_file(const char *path, const char *const *names,
    const net_seat *seats, int n, char *err, size_t errlen)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
	FILE *f;

	if (fd < 0 || fchmod(fd, 0600) < 0 || (f = fdopen(fd, "w")) == NULL) {
		int e = errno;
		if (fd >= 0)
			(void)close(fd);
		return sab_fail(err, errlen, "cannot write the token file %s: %s",
		    path, strerror(e));
	}
	for (int i = 0; i < n; i++) {
		char where[96];
		net_where(&seats[i], where, sizeof where);
		fprintf(f, "%s %s %s\n", names[i], where, seats[i].token);
	}
	if (fclose(f) != 0)
		return sab_fail(err, errlen, "cannot write the token file %s: %s",
		    path, strerror(errno));
	return 0;
}

int net_relay_argv(const char *self, const net_seat *s, int64_t wait_ms,
    int tell, const char *label, char **argv, char *buf, size_t len)
{
	char where[96];
	int n;

	net_where(s, where, sizeof where);
	n = snprintf(buf, len, "%s%c%lld%c%s%c%s%c%s", self, 0,
	    (long long)wait_ms, 0, where, 0, tell >= 0 ? "4" : "-", 0, label);
	if (n < 0 || (size_t)n >= len)
		return -1;
	argv[0] = buf;
	argv[1] = "net-seat";
	argv[2] = buf + strlen(self) + 1;
	argv[3] = argv[2] + strlen(argv[2]) + 1;
	argv[4] = argv[3] + strlen(argv[3]) + 1;
	argv[5] = argv[4] + strlen(argv[4]) + 1;
	argv[6] = NULL;
	return 0;
}

int net_self(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);

	if (n <= 0 || (size_t)n >= len - 1)
		return -1;
	buf[n] = '\0';
	return 0;
}

int net_token_equal(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned char d = la != lb;

	for (size_t i = 0; i < la && i < lb; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

/* ---- small I/O ------------------------------------------------------------ */

static int nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Milliseconds from now to deadline, at least 0, at most INT_MAX. */
static int ms_left(int64_t deadline)
{
	int64_t d = deadline - proc_now();

	if (d <= 0)
		return 0;
	d = (d + NS_PER_MS - 1) / NS_PER_MS;
	return d > INT_MAX ? INT_MAX : (int)d;
}

/* Waits until fd is ready for events or deadline; 1 ready, 0 timeout. */
static int wait_fd(int fd, short events, int64_t deadline)
{
	for (;;) {
		struct pollfd p = { fd, events, 0 };
		int r = poll(&p, 1, ms_left(deadline));
		if (r > 0)
			return 1;
		if (r == 0 || errno != EINTR || proc_interrupted())
			return 0;
	}
}

int net_read_line(int fd, char *buf, size_t len, int64_t deadline)
{
	size_t n = 0;

	for (;;) {
		char c;
		ssize_t k = read(fd, &c, 1);
		if (k == 1) {
			if (c == '\n') {
				if (n > 0 && buf[n - 1] == '\r')
					n--;
				buf[n] = '\0';
				return 1;
			}
			if (n + 1 >= len)
				return -1;
			buf[n++] = c;
			continue;
		}
		if (k == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if ((errno != EAGAIN && errno != EWOULDBLOCK) ||
		    !wait_fd(fd, POLLIN, deadline))
			return -1;
	}
}

int net_write_all(int fd, const char *s, size_t len, int64_t deadline)
{
	while (len > 0) {
		ssize_t k = write(fd, s, len);
		if (k > 0) {
			s += k;
			len -= (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) ||
		    !wait_fd(fd, POLLOUT, deadline))
			return -1;
	}
	return 0;
}

/* ---- the pump --------------------------------------------------------------- */

/* One direction: bytes read from in wait in buf for out. */
typedef struct flow {
	int in, out;
	char *buf;
	size_t len;
	int ended;              /* in gave end of file (or failed) */
} flow;

/* Reads what in has, as far as buf has room. */
static void flow_read(flow *f)
{
	while (!f->ended && f->len < PUMP_BUF) {
		ssize_t k = read(f->in, f->buf + f->len, PUMP_BUF - f->len);
		if (k > 0) {
			f->len += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		f->ended = 1;   /* end of file, or a reset connection */
	}
}

/* Writes what buf holds as far as out takes it; -1 when out is gone. */
static int flow_write(flow *f)
{
	size_t done = 0;

	while (done < f->len) {
		ssize_t k = write(f->out, f->buf + done, f->len - done);
		if (k > 0) {
			done += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		return -1;
	}
	memmove(f->buf, f->buf + done, f->len - done);
	f->len -= done;
	return 0;
}

/* Copies what err_in has to err_out (a log or a terminal: blocking). */
static void err_copy(int err_in, int err_out)
{
	char buf[4096];
	ssize_t k;

	while ((k = read(err_in, buf, sizeof buf)) > 0)
		if (err_out >= 0 && write(err_out, buf, (size_t)k) < 0)
			err_out = -1;   /* nobody to tell: keep draining */
}

int net_pump(int local_in, int local_out, int sock, int err_in, int err_out,
    int hold_local, const char *pre, size_t len)
{
	flow up = { local_in, sock, NULL, 0, 0 };
	flow down = { sock, local_out, NULL, 0, 0 };
	int shut = 0, rc = NET_EXIT_FAILED;

	if ((up.buf = malloc(PUMP_BUF + len)) == NULL ||
	    (down.buf = malloc(PUMP_BUF)) == NULL)
		goto out;
	memcpy(up.buf, pre, len);
	up.len = len;
	if (nonblock(local_in) < 0 || nonblock(local_out) < 0 ||
	    nonblock(sock) < 0 || (err_in >= 0 && nonblock(err_in) < 0))
		goto out;
	for (;;) {
		struct pollfd p[5] = {
			{ up.ended || up.len >= PUMP_BUF ? -1 : local_in, POLLIN, 0 },
			{ up.len > 0 && !down.ended ? sock : -1, POLLOUT, 0 },
			{ down.ended || down.len >= PUMP_BUF ? -1 : sock, POLLIN, 0 },
			{ down.len > 0 ? local_out : -1, POLLOUT, 0 },
			{ err_in, POLLIN, 0 }
		};
		if (up.len > 0 && !down.ended && flow_write(&up) < 0) {
			/* The connection is gone: what it still holds for us
			 * comes next, then the end. */
			up.len = 0;
			flow_read(&down);
			down.ended = 1;
		}
		if (down.len > 0 && flow_write(&down) < 0)
			goto out;       /* the referee (or the bot) is gone */
		if (up.ended && up.len == 0 && !shut && !down.ended) {
			(void)shutdown(sock, SHUT_WR);
			shut = 1;
		}
		if (down.ended && down.len == 0) {
			rc = up.ended ? NET_EXIT_DONE : NET_EXIT_DROPPED;
			goto out;
		}
		if (up.ended && up.len == 0 && !hold_local) {
			rc = NET_EXIT_DONE;
			goto out;
		}
		p[0].fd = up.ended || up.len >= PUMP_BUF ? -1 : local_in;
		p[1].fd = up.len > 0 && !down.ended ? sock : -1;
		p[2].fd = down.ended || down.len >= PUMP_BUF ? -1 : sock;
		p[3].fd = down.len > 0 ? local_out : -1;
		if (poll(p, 5, -1) < 0 && errno != EINTR)
			goto out;
		if (proc_interrupted())
			goto out;       /* connect was told to stop */
		if (p[0].revents)
			flow_read(&up);
		if (p[2].revents)
			flow_read(&down);
		if (p[4].revents) {
			err_copy(err_in, err_out);
			if (p[4].revents & (POLLHUP | POLLERR | POLLNVAL))
				err_in = -1;
		}
	}
out:
	if (err_in >= 0)
		err_copy(err_in, err_out);
	free(up.buf);
	free(down.buf);
	return rc;
}

/* ---- the relay process ------------------------------------------------------ */

/* What the relay knows while it waits. */
typedef struct relay {
	const char *where;      /* "ADDR:PORT" */
	const char *label;      /* who says it on the referee's stderr */
	int tell;               /* the referee's stderr, or -1 */
	char token[NET_TOKEN_LEN + 1];
	char *pending;          /* the referee's lines before a bot came */
	size_t npending;
	int referee_gone;       /* stdin ended: stop */
} relay;

/* Says msg in the seat's log and, when it matters to whoever runs the
 * match (a refusal, a bot that came), on the referee's stderr too. */
static void relay_say(const relay *r, int loud, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void relay_say(const relay *r, int loud, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof msg - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof msg - 2)
		n = (int)sizeof msg - 2;
	msg[n++] = '\n';
	if (write(STDERR_FILENO, msg, (size_t)n) < 0) {
		/* The log is gone: nothing to do. */
	}
	if (loud && r->tell >= 0) {
		char out[sizeof msg + 160];
		int k = snprintf(out, sizeof out, "%s: %.*s", r->label, n, msg);
		if (k > 0 && write(r->tell, out, (size_t)k < sizeof out ?
		    (size_t)k : sizeof out - 1) < 0) {
			/* As above. */
		}
	}
}

/* The peer of a connection, "ADDR:PORT", for the log. */
static void peer_name(int fd, char *buf, size_t len)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;
	char host[64], serv[16];

	if (getpeername(fd, (struct sockaddr *)&ss, &sl) < 0 ||
	    getnameinfo((struct sockaddr *)&ss, sl, host, sizeof host, serv,
	    sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
		(void)snprintf(buf, len, "an unknown address");
		return;
	}
	(void)snprintf(buf, len, strchr(host, ':') ? "[%s]:%s" : "%s:%s", host,
	    serv);
}

/* Keeps what the referee sent while nobody is connected; notices when it
 * ends (the referee stopped the seat). */
static void relay_take_stdin(relay *r)
{
	char buf[4096];

	for (;;) {
		ssize_t k = read(STDIN_FILENO, buf, sizeof buf);
		if (k > 0) {
			char *n;
			if (r->npending + (size_t)k > PENDING_MAX)
				return;         /* more than a handshake: wait */
			if ((n = realloc(r->pending, r->npending + (size_t)k)) ==
			    NULL)
				return;
			memcpy(n + r->npending, buf, (size_t)k);
			r->pending = n;
			r->npending += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
			r->referee_gone = 1;
		return;
	}
}

/* Hears a connection's greeting and answers it: 1 when it presented the
 * token (it was told "ok"), 0 when it was refused (and closed). */
static int relay_greet(const relay *r, int fd)
{
	char line[NET_GREETING_MAX], who[96], tok[NET_GREETING_MAX];
	const char *why = NULL;
	int64_t deadline = proc_now() + NET_TOKEN_MS * NS_PER_MS;
	int version = 0, k, on = 1;

	peer_name(fd, who, sizeof who);
	if (nonblock(fd) < 0)
		why = "the seat cannot use the connection";
	else if ((k = net_read_line(fd, line, sizeof line, deadline)) <= 0)
		why = k == 0 ? "closed before its greeting" :
		    "no greeting within 5 s, or one too long";
	else if (sscanf(line, NET_HELLO " %d %255s", &version, tok) != 2)
		why = "not a saboteur connect greeting (\"" NET_HELLO " 1 TOKEN\")";
	else if (version != NET_HELLO_VERSION)
		why = "a greeting of another version (this referee speaks 1)";
	else if (!net_token_equal(tok, r->token))
		why = "wrong token";
	if (why != NULL) {
		char out[NET_GREETING_MAX];
		int n = snprintf(out, sizeof out, "refused %s\n", why);
		(void)net_write_all(fd, out, (size_t)n, proc_now() + NS_PER_MS *
		    100);
		relay_say(r, 1, "refused a connection from %s: %s (the seat "
		    "keeps waiting)", who, why);
		(void)close(fd);
		return 0;
	}
	/* Each line is sent at once: a move's reply must not wait for more
	 * (Nagle's algorithm would hold it up to a round trip). */
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	if (net_write_all(fd, "ok\n", 3, deadline) != 0) {
		relay_say(r, 1, "the connection from %s closed before the seat "
		    "could answer it", who);
		(void)close(fd);
		return 0;
	}
	relay_say(r, 1, "%s connected with the seat's token", who);
	return 1;
}

/* Waits for a connection that presents the token, until deadline or the
 * referee's end; returns the socket, or -1. */
static int relay_wait(relay *r, int lfd, int64_t deadline)
{
	while (!r->referee_gone) {
		struct pollfd p[2] = {
			{ lfd, POLLIN, 0 },
			{ r->npending < PENDING_MAX ? STDIN_FILENO : -1, POLLIN, 0 }
		};
		int n = poll(p, 2, ms_left(deadline));

		if (n < 0 && errno != EINTR)
			return -1;
		if (n == 0)
			return -1;
		if (p[1].revents)
			relay_take_stdin(r);
		if (p[0].revents & POLLIN) {
			int fd = accept(lfd, NULL, NULL);
			if (fd >= 0 && relay_greet(r, fd))
				return fd;
		}
	}
	return -1;
}

int cmd_net_seat(int argc, char **argv)
{
	relay r;
	char *end;
	long long wait_ms;
	int64_t deadline;
	int fd, rc;

	memset(&r, 0, sizeof r);
	if (argc != 5 || (wait_ms = strtoll(argv[1], &end, 10)) < 0 ||
	    *end != '\0') {
		fprintf(stderr, "saboteur net-seat: run by saboteur play and "
		    "tournament for a network seat, not by hand\n");
		return NET_EXIT_FAILED;
	}
	r.where = argv[2];
	r.tell = strcmp(argv[3], "-") != 0 ? 4 : -1;
	r.label = argv[4];
	/* The referee's first line is the token, never sent on. */
	if (nonblock(STDIN_FILENO) < 0 || net_read_line(STDIN_FILENO, r.token, sizeof r.token,
	    proc_now() + 10000 * NS_PER_MS) != 1 || strlen(r.token) !=
	    NET_TOKEN_LEN) {
		relay_say(&r, 0, "net-seat: no token from the referee");
		return NET_EXIT_FAILED;
	}
	/* A connection that closes must not kill the relay. */
	(void)signal(SIGPIPE, SIG_IGN);
	if (nonblock(3) < 0) {
		relay_say(&r, 0, "net-seat: %s", strerror(errno));
		return NET_EXIT_FAILED;
	}
	relay_say(&r, 0, "waiting on %s up to %lld s for a bot that presents "
	    "the seat's token", r.where, (wait_ms + 999) / 1000);
	deadline = proc_now() + wait_ms * NS_PER_MS;
	fd = relay_wait(&r, 3, deadline);
	(void)close(3);
	if (fd < 0) {
		free(r.pending);
		if (r.referee_gone)
			return NET_EXIT_DONE;
		relay_say(&r, 1, "nobody connected to %s with the seat's token "
		    "within %lld s", r.where, (wait_ms + 999) / 1000);
		return NET_EXIT_NOBODY;
	}
	rc = net_pump(STDIN_FILENO, STDOUT_FILENO, fd, -1, -1, 1, r.pending,
	    r.npending);
	free(r.pending);
	if (rc == NET_EXIT_DROPPED)
		relay_say(&r, 0, "the connection closed while the referee still "
		    "had the seat in play");
	(void)close(fd);
	return rc;
}
