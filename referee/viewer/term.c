/* term.c: the interactive viewer's terminal through ncurses: keys, size,
 * resizing, colours when there are any, and a terminal always put back. */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "term.h"

/* The colours render.c asks for (SGR 31 to 37, and 90: grey). */
enum { PAIR_RED = 1, PAIR_GREEN, PAIR_YELLOW, PAIR_CYAN, PAIR_WHITE,
	PAIR_GREY };

/* The terminal's state is the process's: one terminal, one viewer. */
static SCREEN *scr;
static struct termios saved;
static int saved_ok;
static volatile sig_atomic_t got_quit;
static int exit_hooked, colours;
/* The terminal's descriptors: stdin and stdout for the viewer, /dev/tty
 * for a person's seat, whose stdin and stdout are the referee's pipes. */
static int in_fd = STDIN_FILENO, out_fd = STDOUT_FILENO;
static FILE *in_file, *out_file;
/* What puts the screen back, for a second signal, which may not call
 * ncurses: the terminal's own sequences, looked up while it is open. */
static char leave_seq[128];
static size_t leave_len;

/* Puts the terminal back using only async-signal-safe calls. */
static void restore_now(void)
{
	if (leave_len > 0) {
		ssize_t n = write(out_fd, leave_seq, leave_len);
		(void)n;
	}
	if (saved_ok)
		(void)tcsetattr(in_fd, TCSAFLUSH, &saved);
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

/* No SA_RESTART: a signal must wake the wait for a key. */
static int handle(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static void close_at_exit(void)
{
	term_close();
}

/* Appends the terminal's capability cap to the sequence a second signal
 * writes. */
static void leave_add(const char *cap)
{
	char *s = tigetstr(cap);
	size_t n;

	if (s == NULL || s == (char *)-1)
		return;
	n = strlen(s);
	if (leave_len + n < sizeof leave_seq) {
		memcpy(leave_seq + leave_len, s, n);
		leave_len += n;
	}
}

static void colours_start(void)
{
	static const short fg[] = { COLOR_RED, COLOR_GREEN, COLOR_YELLOW,
		COLOR_CYAN, COLOR_WHITE };

	colours = has_colors() && start_color() == OK;
	if (!colours)
		return;
	(void)use_default_colors();
	for (short i = 0; i < 5; i++)
		(void)init_pair((short)(PAIR_RED + i), fg[i], -1);
	/* Grey is bright black where there are 16 colours. */
	(void)init_pair(PAIR_GREY, COLORS >= 16 ? 8 : COLOR_WHITE, -1);
}

int term_open(char *err, size_t errlen)
{
	return term_open_on(STDIN_FILENO, STDOUT_FILENO, err, errlen);
}

int term_open_on(int in, int out, char *err, size_t errlen)
{
	if (!isatty(in) || !isatty(out)) {
		snprintf(err, errlen, "not a terminal");
		return -1;
	}
	in_fd = in;
	out_fd = out;
	if (in != STDIN_FILENO || out != STDOUT_FILENO) {
		int i2 = dup(in), o2 = dup(out);
		in_file = i2 >= 0 ? fdopen(i2, "r") : NULL;
		out_file = o2 >= 0 ? fdopen(o2, "w") : NULL;
		if (in_file == NULL || out_file == NULL) {
			snprintf(err, errlen, "cannot use the terminal");
			return -1;
		}
	}
	(void)setlocale(LC_ALL, "");
	saved_ok = tcgetattr(in, &saved) == 0;
	/* Ours before ncurses starts, so it leaves them to us. */
	if (handle(SIGINT, on_quit) || handle(SIGTERM, on_quit) ||
	    handle(SIGHUP, on_quit)) {
		snprintf(err, errlen, "cannot catch signals");
		return -1;
	}
	if ((scr = newterm(NULL, out_file ? out_file : stdout,
	    in_file ? in_file : stdin)) == NULL) {
		const char *t = getenv("TERM");
		snprintf(err, errlen, "ncurses cannot drive the terminal \"%s\"",
		    t ? t : "");
		return -1;
	}
	/* A terminal that cannot move its cursor (TERM=dumb) cannot show a
	 * screen. */
	{
		char *cup = tigetstr("cup");
		if (cup == NULL || cup == (char *)-1) {
			const char *t = getenv("TERM");
			term_close();
			snprintf(err, errlen, "the terminal \"%s\" cannot move "
			    "its cursor", t ? t : "");
			return -1;
		}
	}
	if (!exit_hooked && atexit(close_at_exit) == 0)
		exit_hooked = 1;
	(void)set_escdelay(50);
	(void)cbreak();
	(void)noecho();
	(void)nonl();
	(void)keypad(stdscr, TRUE);
	(void)curs_set(0);
	colours_start();
	leave_len = 0;
	leave_add("sgr0");
	leave_add("cnorm");
	leave_add("rmcup");
	return 0;
}

void term_close(void)
{
	if (scr == NULL)
		return;
	(void)curs_set(1);
	(void)endwin();
	(void)delscreen(scr);
	scr = NULL;
	leave_len = 0;
	(void)fflush(out_file ? out_file : stdout);
}

int term_utf8(void)
{
	const char *cs;

	(void)setlocale(LC_ALL, "");
	cs = nl_langinfo(CODESET);
	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
}

static int key_of(int c)
{
	switch (c) {
	case KEY_UP:
		return TERM_UP;
	case KEY_DOWN:
		return TERM_DOWN;
	case KEY_RIGHT:
		return TERM_RIGHT;
	case KEY_LEFT:
		return TERM_LEFT;
	case KEY_HOME:
		return TERM_HOME;
	case KEY_END:
		return TERM_END;
	case KEY_PPAGE:
		return TERM_PGUP;
	case KEY_NPAGE:
		return TERM_PGDN;
	case KEY_RESIZE:
		return TERM_RESIZE;
	case KEY_ENTER:
		return '\r';
	case KEY_BACKSPACE:
		return 127;
	case 27:
		return TERM_ESC;
	default:
		return c > 0 && c < 256 ? c : TERM_NONE;
	}
}

int term_key(int timeout_ms)
{
	int c;

	if (scr == NULL)
		return TERM_EOF;
	timeout(timeout_ms);
	c = getch();
	if (c == ERR) {
		/* A terminal that is gone gives no key at once, again and
		 * again: SIGHUP usually says so first. */
		return isatty(in_fd) ? TERM_NONE : TERM_EOF;
	}
	return key_of(c);
}

void term_size(int *rows, int *cols)
{
	*rows = 24;
	*cols = 80;
	if (scr != NULL)
		getmaxyx(stdscr, *rows, *cols);
	if (*rows < 1)
		*rows = 1;
	if (*cols < 1)
		*cols = 1;
}

int term_quit(void)
{
	return (int)got_quit;
}

void term_clear(void)
{
	if (scr != NULL)
		(void)erase();
}

/* The attributes of one SGR parameter list ("1;33", "0", ""). */
static attr_t sgr_attrs(const char *p, size_t n, attr_t cur)
{
	size_t i = 0;

	while (i <= n) {
		int v = 0, digits = 0;
		while (i < n && p[i] >= '0' && p[i] <= '9') {
			v = v * 10 + (p[i++] - '0');
			digits++;
		}
		i++;            /* the ';' or the end */
		if (v == 0 && digits <= 1)
			cur = A_NORMAL;
		else if (v == 1)
			cur |= A_BOLD;
		else if (v == 7)
			cur |= A_REVERSE;
		else if (colours && v >= 31 && v <= 37) {
			static const short pair[] = { PAIR_RED, PAIR_GREEN,
				PAIR_YELLOW, 0, 0, PAIR_CYAN, PAIR_WHITE };
			cur = (cur & ~A_COLOR) | (attr_t)COLOR_PAIR(pair[v - 31]);
		} else if (colours && v == 90) {
			cur = (cur & ~A_COLOR) | (attr_t)COLOR_PAIR(PAIR_GREY);
		} else if (v == 90) {
			cur |= A_DIM;
		}
	}
	return cur;
}

void term_line(int row, const char *s, size_t len, int reverse)
{
	int rows, cols, col = 0;
	attr_t base = reverse ? A_REVERSE : A_NORMAL, cur = base;
	size_t i = 0;

	if (scr == NULL)
		return;
	getmaxyx(stdscr, rows, cols);
	if (row < 0 || row >= rows)
		return;
	(void)move(row, 0);
	(void)attrset(cur);
	while (i < len && col < cols) {
		size_t n = 1;
		if (s[i] == '\x1b' && i + 1 < len && s[i + 1] == '[') {
			size_t j = i + 2;
			while (j < len && ((s[j] >= '0' && s[j] <= '9') ||
			    s[j] == ';'))
				j++;
			if (j < len && s[j] == 'm')
				cur = sgr_attrs(s + i + 2, j - i - 2, cur) | base;
			(void)attrset(cur);
			i = j + 1;
			continue;
		}
		while (i + n < len && ((unsigned char)s[i + n] & 0xC0) == 0x80)
			n++;
		/* The last cell of the last row would scroll: left out. */
		if (!(row == rows - 1 && col == cols - 1))
			(void)addnstr(s + i, (int)n);
		col++;
		i += n;
	}
	(void)attrset(base);
	if (reverse)
		while (col++ < cols - (row == rows - 1))
			(void)addch(' ');
	else
		(void)clrtoeol();
	(void)attrset(A_NORMAL);
}

int term_show(void)
{
	if (scr == NULL)
		return -1;
	return refresh() == ERR ? -1 : 0;
}
