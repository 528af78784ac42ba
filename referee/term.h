/* term.h: the terminal of the interactive viewer: keys in raw mode, the
 * window's size, and the screen put back however the program ends. */
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
	TERM_ESC
};

/*
 * Takes the terminal on stdin and stdout: raw keys (signals from the
 * keyboard still work), the alternate screen, no cursor; handlers for
 * SIGINT, SIGTERM and SIGHUP (see term_quit()), SIGWINCH and SIGTSTP.
 * Returns 0, or -1 with the reason in err.  term_close() puts it back; so
 * does exit(), and a second SIGINT or SIGTERM while the first is handled.
 */
int term_open(char *err, size_t errlen);

/* Puts the terminal back as term_open() found it; again does nothing. */
void term_close(void);

/* Waits up to timeout_ms (-1: no limit) for a key and returns it. */
int term_key(int timeout_ms);

/* The window's size; 24 x 80 when the terminal does not say. */
void term_size(int *rows, int *cols);

/* Returns 1 once after each change of the window's size. */
int term_resized(void);

/* Returns the signal (SIGINT, SIGTERM, SIGHUP) that asked the program to
 * stop, or 0. */
int term_quit(void);

/* When Ctrl-Z was typed: puts the terminal back, stops the program, and
 * takes the terminal again when it is continued.  Returns 1 when that
 * happened (the screen must be drawn again). */
int term_suspend(void);

/* Writes all of s to stdout.  Returns 0, or -1 on a write error. */
int term_write(const char *s, size_t len);

#endif
