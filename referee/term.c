/* term.c: raw keys, the window's size and a terminal always put back, for
 * the interactive replay viewer. */
#ifdef __linux__
/* For SIGWINCH and TIOCGWINSZ, which POSIX leaves out. */
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "term.h"

/* The alternate screen without a cursor, and back. */
static const char enter_seq[] = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
static const char leave_seq[] = "\x1b[0m\x1b[?25h\x1b[?1049l";

/* The terminal's state is the process's: one terminal, one viewer. */
static struct termios saved;
static volatile sig_atomic_t active;
static volatile sig_atomic_t got_quit, got_winch, got_tstp;
static int exit_hooked;

/* Puts the terminal back using only async-signal-safe calls. */
static void restore_now(void)
{
	ssize_t n;

	if (!active)
		return;
	active = 0;
	n = write(STDOUT_FILENO, leave_seq, sizeof leave_seq - 1);
	(void)n;
	(void)tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
}

/* The first signal asks the viewer's loop to stop; a second one, while
 * the loop has not got to it, stops at once. */
static void on_quit(int sig)
{
	if (got_quit) {
		restore_now();
		_exit(EXIT_INTERRUPTED);
	}
	got_quit = sig;
}

static void on_winch(int sig)
{
	(void)sig;
	got_winch = 1;
}

static void on_tstp(int sig)
{
	(void)sig;
	got_tstp = 1;
}

/* No SA_RESTART: a signal must wake the poll() in term_key(). */
static int handle(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static int raw_on(char *err, size_t errlen)
{
	struct termios raw = saved;

	raw.c_iflag &= (tcflag_t)~(IXON | ICRNL | BRKINT | INPCK | ISTRIP);
	raw.c_lflag &= (tcflag_t)~(ICANON | ECHO | IEXTEN);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) != 0) {
		snprintf(err, errlen, "the terminal: %s", strerror(errno));
		return -1;
	}
	active = 1;
	if (term_write(enter_seq, sizeof enter_seq - 1) != 0) {
		restore_now();
		snprintf(err, errlen, "the terminal: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int term_open(char *err, size_t errlen)
{
	if (tcgetattr(STDIN_FILENO, &saved) != 0) {
		snprintf(err, errlen, "the terminal: %s", strerror(errno));
		return -1;
	}
	if (handle(SIGINT, on_quit) || handle(SIGTERM, on_quit) ||
	    handle(SIGHUP, on_quit) || handle(SIGWINCH, on_winch) ||
	    handle(SIGTSTP, on_tstp)) {
		snprintf(err, errlen, "sigaction: %s", strerror(errno));
		return -1;
	}
	if (!exit_hooked && atexit(term_close) == 0)
		exit_hooked = 1;
	return raw_on(err, errlen);
}

void term_close(void)
{
	restore_now();
}

int term_suspend(void)
{
	char err[128];

	if (!got_tstp)
		return 0;
	got_tstp = 0;
	restore_now();
	/* Stop as Ctrl-Z would have, then take the terminal again. */
	if (handle(SIGTSTP, SIG_DFL) == 0)
		raise(SIGTSTP);
	(void)handle(SIGTSTP, on_tstp);
	if (tcgetattr(STDIN_FILENO, &saved) == 0)
		(void)raw_on(err, sizeof err);
	return 1;
}

/* One byte within timeout_ms, or -1. */
static int byte_within(int timeout_ms)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };
	unsigned char c;

	if (poll(&p, 1, timeout_ms) <= 0)
		return -1;
	if (read(STDIN_FILENO, &c, 1) != 1)
		return -1;
	return c;
}

/* The key of "ESC [ N ~" sequences. */
static int tilde_key(int n)
{
	switch (n) {
	case 1:
	case 7:
		return TERM_HOME;
	case 4:
	case 8:
		return TERM_END;
	case 5:
		return TERM_PGUP;
	case 6:
		return TERM_PGDN;
	default:
		return TERM_NONE;
	}
}

/* Reads the rest of an escape sequence: ESC [ or ESC O, parameters, and
 * a final byte.  A lone ESC is the Escape key. */
static int escape(void)
{
	int c = byte_within(30), n = 0;

	if (c != '[' && c != 'O')
		return TERM_ESC;
	while ((c = byte_within(30)) >= '0' && c <= ';')
		if (c <= '9')
			n = n * 10 + (c - '0');
	switch (c) {
	case 'A':
		return TERM_UP;
	case 'B':
		return TERM_DOWN;
	case 'C':
		return TERM_RIGHT;
	case 'D':
		return TERM_LEFT;
	case 'H':
		return TERM_HOME;
	case 'F':
		return TERM_END;
	case '~':
		return tilde_key(n);
	default:
		return TERM_NONE;
	}
}

int term_key(int timeout_ms)
{
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };
	unsigned char c;
	ssize_t n;
	int r = poll(&p, 1, timeout_ms);

	if (r < 0)
		return errno == EINTR ? TERM_NONE : TERM_EOF;
	if (r == 0)
		return TERM_NONE;
	n = read(STDIN_FILENO, &c, 1);
	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? TERM_NONE : TERM_EOF;
	if (n == 0)
		return TERM_EOF;
	return c == 0x1b ? escape() : c;
}

void term_size(int *rows, int *cols)
{
	struct winsize ws;

	*rows = 24;
	*cols = 80;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0) {
		*rows = ws.ws_row;
		*cols = ws.ws_col;
	}
}

int term_resized(void)
{
	int r = got_winch;

	got_winch = 0;
	return r;
}

int term_quit(void)
{
	return got_quit;
}

int term_write(const char *s, size_t len)
{
	while (len > 0) {
		ssize_t n = write(STDOUT_FILENO, s, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		s += n;
		len -= (size_t)n;
	}
	return 0;
}
