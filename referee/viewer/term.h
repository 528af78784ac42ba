/* term.h: the terminal of the interactive viewer, through ncurses: keys,
 * the window's size and its changes, colours where the terminal has them,
 * and the screen put back however the program ends. */
#ifndef SAB_TERM_H
#define SAB_TERM_H

#include <stddef.h>

/* What term_key() returns besides a byte typed (1 to 255). */
enum {
	TERM_EOF = -1,          /* the terminal is gone */
	TERM_NONE = 0,          /* no key: the time ran out, or a signal came */
	TERM_UP = 0x100,
	TERM_DOWN,
	TERM_RIGHT,
	TERM_LEFT,
	TERM_HOME,
	TERM_END,
	TERM_PGUP,
	TERM_PGDN,
	TERM_ESC,
	TERM_RESIZE             /* the window changed size */
};

/*
 * Takes the terminal on stdin and stdout with ncurses: keys one by one
 * (signals from the keyboard still work), the alternate screen, no cursor,
 * colours when the terminal has them; handlers for SIGINT, SIGTERM and
 * SIGHUP (see term_quit()).  ncurses itself follows the window's size
 * (SIGWINCH) and Ctrl-Z.  Returns 0, or -1 with the reason in err.
 * term_close() puts the terminal back; so does exit(), and a second SIGINT
 * or SIGTERM while the first is handled.
 */
int term_open(char *err, size_t errlen);

/* The same on the terminal of descriptors in and out (a person's seat:
 * /dev/tty, its stdin and stdout being the referee's pipes). */
int term_open_on(int in, int out, char *err, size_t errlen);

/* Puts the terminal back as term_open() found it; again does nothing. */
void term_close(void);

/* Returns 1 when the locale's characters are UTF-8, so box drawing can be
 * shown; 0 when only ASCII is safe. */
int term_utf8(void);

/* Waits up to timeout_ms (-1: no limit) for a key and returns it. */
int term_key(int timeout_ms);

/* The window's size. */
void term_size(int *rows, int *cols);

/* Returns the signal (SIGINT, SIGTERM, SIGHUP) that asked the program to
 * stop, or 0. */
int term_quit(void);

/* Starts a new picture: the screen is blank until term_show(). */
void term_clear(void);

/*
 * Writes one line of text at row, from column 0, cut to the window's
 * width.  The text may hold the ANSI colour sequences render.c writes
 * (ESC [ ... m): they become attributes, and colours when the terminal has
 * them.  reverse shows the whole line reversed (a status line).
 */
void term_line(int row, const char *s, size_t len, int reverse);

/* Shows what was written since term_clear().  Returns 0, or -1. */
int term_show(void);

#endif
