/* human.h: a person's seat ("human" as a BOT of saboteur play): a bot
 * process like any other, whose moves a person picks on the terminal from
 * the legal ones, over the viewer's drawing of the table as the seat
 * knows it; and the referee's side of sharing its terminal with it. */
#ifndef SAB_HUMAN_H
#define SAB_HUMAN_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <termios.h>

/* The BOT argument of a person's seat. */
#define HUMAN_WORD "human"
/* A person's own clock, unless --bot-time gives one. */
#define HUMAN_MOVE_MS 120000LL
#define HUMAN_BANK_MS 600000LL

/* Returns 1 when command names a person's seat.  Inline: the tournament
 * file's reader refuses such a seat without the viewer's code. */
static inline int human_is_seat(const char *command)
{
	return command != NULL && strcmp(command, HUMAN_WORD) == 0;
}

/* The referee's terminal while a person plays on it. */
typedef struct human_table {
	int open;
	int tty;                /* /dev/tty */
	struct termios saved;   /* its modes, to put back */
	int saved_ok;
	pid_t fg;               /* its foreground process group before */
	int out, err;           /* the referee's stdout and stderr, kept */
	FILE *held_out, *held_err; /* what the referee wrote meanwhile */
} human_table;

/*
 * Before a person's seat starts: checks that the referee runs in the
 * foreground of a terminal, keeps the terminal's state, and from now on
 * holds what the referee writes on stdout and stderr (it would draw over
 * the person's screen).  Returns 0, or -1 with the reason in err.
 */
/* Whether human_table_open() would find the terminal (the same test, the
 * terminal left as it is): 0, or -1 with why in err. */
int human_table_check(char *err, size_t errlen);
int human_table_open(human_table *t, char *err, size_t errlen);

/* After the person's seat stopped: the terminal back in its modes and in
 * the referee's hands, then what was held written out.  A table never
 * opened does nothing. */
void human_table_close(human_table *t);

/* The person's seat: "saboteur human-seat", as saboteur play runs it. */
int cmd_human_seat(int argc, char **argv);

#endif
