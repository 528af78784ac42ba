/* net.h: network seats: a seat whose bot connects over TCP ("listen:PORT")
 * and presents the seat's token, the relay process that carries its lines
 * to the referee's pipes, and the greeting "saboteur connect" speaks. */
#ifndef SAB_NET_H
#define SAB_NET_H

#include <stddef.h>
#include <stdint.h>

/* The BOT argument of a network seat starts with this. */
#define NET_PREFIX "listen:"
/* A token: 128 random bits as 32 lowercase hex digits. */
#define NET_TOKEN_LEN 32
/* The address seats listen on unless an option names another. */
#define NET_LOOPBACK "127.0.0.1"
/* The first line a connecting bot's side sends: "saboteur-seat 1 TOKEN";
 * the seat answers "ok" (then the bot protocol begins) or "refused WHY". */
#define NET_HELLO "saboteur-seat"
#define NET_HELLO_VERSION 1
/* The longest greeting line either side accepts. */
#define NET_GREETING_MAX 256
/* How long a connection may take to present its token. */
#define NET_TOKEN_MS 5000

/* How a seat's relay process ends (its exit code), for the referee. */
enum {
	NET_EXIT_DONE = 0,      /* the referee closed its side, then the bot */
	NET_EXIT_DROPPED = 3,   /* the connection closed while the game went on */
	NET_EXIT_NOBODY = 4,    /* nobody presented the token in time */
	NET_EXIT_FAILED = 5     /* the relay's own failure (said in its log) */
};

/* One listening seat. */
typedef struct net_seat {
	int fd;                 /* the listening socket, -1 when closed */
	char addr[64];          /* the numeric address it is bound to */
	int port;
	char token[NET_TOKEN_LEN + 1];
} net_seat;

/* Returns 1 when command names a network seat ("listen:..."). */
int net_is_seat(const char *command);

/*
 * Reads the ports of "listen:PORT", "listen:LO-HI" (the first free one)
 * or "listen:auto" (any free port, the kernel's choice; also "listen:0")
 * into *lo and *hi (0 and 0 for any).  Returns 0, or -1 with what is
 * expected in err.
 */
int net_parse(const char *command, int *lo, int *hi, char *err,
    size_t errlen);

/*
 * Opens s's listening socket (close-on-exec) on the numeric address addr
 * (IPv4 or IPv6) at the first port of [lo, hi] that is free, or a port
 * the kernel picks when both are 0, and gives it a fresh token.  Returns
 * 0, or -1 with the reason in err (the port taken, an address not of this
 * machine, no randomness for the token).
 */
int net_listen(net_seat *s, const char *addr, int lo, int hi, char *err,
    size_t errlen);

/* Takes fd, a listening socket another process opened (a tournament's
 * worker is given its entries' seats), with its token, into s: its
 * address and port from the socket.  Returns 0, or -1 when fd is not a
 * listening socket of ours. */
int net_adopt(net_seat *s, int fd, const char *token);

/* Closes s's socket; a closed seat does nothing. */
void net_close(net_seat *s);

/* Writes "ADDR:PORT" ("[ADDR]:PORT" for IPv6) into buf. */
void net_where(const net_seat *s, char *buf, size_t len);

/*
 * Writes the token file: one line "NAME ADDR:PORT TOKEN" per seat (NAME:
 * the bot's number in play, its entry's name in a tournament), created or
 * truncated 0600.  Returns 0, or -1 with the reason in err.
 */
int net_token_file(const char *path, const char *const *names,
    const net_seat *seats, int n, char *err, size_t errlen);

/* Returns 1 when addr is a loopback address (127.0.0.0/8 or ::1), which
 * needs no option to be listened on. */
int net_is_loopback(const char *addr);

/*
 * The argv of the relay process of a network seat, for proc_spawn()
 * with pass_fds { s->fd, tell } (tell: where refusals are said besides the
 * seat's log, such as the referee's stderr, each after label and ": ", or
 * -1): the program at self (this one), waiting at most wait_ms for the
 * bot.  The strings live in buf (size len), the pointers in argv (7
 * entries).  Returns 0, or -1 when buf is too small.
 */
int net_relay_argv(const char *self, const net_seat *s, int64_t wait_ms,
    int tell, const char *label, char **argv, char *buf, size_t len);

/* The relay process: "saboteur net-seat" as net_relay_argv() runs it. */
int cmd_net_seat(int argc, char **argv);

/*
 * Copies bytes both ways between a local pair of descriptors and a
 * connected socket until one side ends: the len bytes of pre first, then
 * local_in's bytes go to sock, sock's to local_out; err_in (or -1) is
 * copied to err_out meanwhile.
 * With hold_local, the end of local_in only shuts the socket's writing
 * side, and the copy goes on until the socket ends.  Every descriptor
 * is made non-blocking.  Returns NET_EXIT_DONE when local_in ended first
 * (and, with hold_local, the socket after it), NET_EXIT_DROPPED when the
 * socket ended first, NET_EXIT_FAILED when local_out cannot be written.
 * Nothing buffered is lost at either end: what one side sent before it
 * ended reaches the other.
 */
int net_pump(int local_in, int local_out, int sock, int err_in, int err_out,
    int hold_local, const char *pre, size_t len);

/* Writes the path of this program (/proc/self/exe) into buf; 0, or -1. */
int net_self(char *buf, size_t len);

/*
 * Reads one line (without its newline) from fd into buf (size len) before
 * deadline (proc_now() clock): 1 when one came, 0 at end of file, -1 on
 * timeout, error or a line too long.  Reads byte by byte, so nothing
 * after the line is taken from fd.
 */
int net_read_line(int fd, char *buf, size_t len, int64_t deadline);

/* Writes all of s to fd (blocking or not) before deadline; 0, or -1. */
int net_write_all(int fd, const char *s, size_t len, int64_t deadline);

/* Compares two tokens in time that does not depend on where they differ. */
int net_token_equal(const char *a, const char *b);

#endif
