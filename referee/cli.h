/* cli.h: the saboteur program's commands and the helpers they share. */
#ifndef SAB_CLI_H
#define SAB_CLI_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "saboteur.h"

/* Exit codes of the program (see saboteur(1)). */
enum {
	EXIT_OK = 0,
	EXIT_FAILED = 1,        /* a replay did not verify; standings
	                           --complete: a game is missing */
	EXIT_USAGE = 2,         /* bad command line */
	EXIT_CONFIG = 3,        /* unreadable or malformed ruleset or configuration */
	EXIT_INTERNAL = 4,      /* the program's own failure (out of memory, a bug) */
	EXIT_INTERRUPTED = 5    /* stopped by SIGINT or SIGTERM; bots were stopped */
};

/*
 * One command-line option: --name VALUE, --name=VALUE, or a --flag; an
 * option whose name is one letter with a value is -n VALUE or -nVALUE.
 * Each command keeps one table of them, the single source of its parser,
 * of "saboteur help CMD" and (checked by tests/cli.sh) of saboteur(1).
 */
typedef struct opt {
	const char *name;       /* without the dashes */
	const char *arg;        /* the value's name in help ("N", "DIR"), NULL
	                         * for a flag that takes none */
	const char *help;       /* one line for help; NULL for a one-letter
	                         * name, shown as the next entry's short form */
	int required;           /* shown without [ ] in the usage line */
	const char *value;      /* set when seen; "1" for a flag */
} opt;

/* A command: what main() runs and "saboteur help" shows. */
typedef struct cli_command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;    /* one line for the list of commands */
	const char *operands;   /* after the options in the usage line */
	const char *details;    /* lines after the options table, or NULL */
	const opt *opts;        /* its table, ended by a NULL name */
} cli_command;

/* The help of --ruleset where it chooses the rules to play by, and where
 * it replaces the one a replay names. */
#define CLI_RULESET_HELP "the rules: a built-in name or a YAML file " \
	"(default base)"
#define CLI_REPLAY_RULESET_HELP "use this ruleset, not the one the " \
	"replay names (hashes must match)"
/* The help of --sandbox, in play and tournament alike. */
#define CLI_SANDBOX_HELP "seal bots off with bwrap: if it works, " \
	"always, never"

/* Fills the array a command's parser writes into from its const table:
 * dst must be an array of exactly as many entries as table. */
#define CLI_OPTS_COPY(dst, table) do { \
	_Static_assert(sizeof(dst) == sizeof(table), \
	    "an options array the size of its table"); \
	memcpy((dst), (table), sizeof(dst)); \
} while (0)

/* Prints "usage: saboteur CMD ...", the summary, the options table with
 * each option's help, and the details, folded to 79 columns. */
void cli_help(FILE *f, const cli_command *c);

/*
 * Parses argv[1..argc) into opts (terminated by a NULL name).  Positional
 * arguments are collected in order into pos (at most maxpos).  Returns the
 * number of positionals, or -1 after printing "saboteur CMD: ..." to stderr.
 */
int cli_parse(const char *cmd, int argc, char **argv, opt *opts, char **pos,
    int maxpos);

/* Parses a whole number in [lo, hi] from the value of option name; prints
 * the error and returns -1 when it is not one. */
int cli_number(const char *cmd, const char *name, const char *s, long long lo,
    long long hi, long long *out);

/*
 * Reads a seed, or any unsigned 64-bit number: len bytes of decimal digits
 * (no sign, no space) from 0 to 2^64 - 1.  Returns 0, or -1 when s is not
 * one.  Every seed the program reads goes through it: the command line's
 * (cli_seed()) and the tournament file's.
 */
int cli_u64(const char *s, size_t len, uint64_t *out);

/* The seed given as option name's value s; prints the error and returns -1
 * when it is not one (see cli_u64()). */
int cli_seed(const char *cmd, const char *name, const char *s, uint64_t *out);

/* A fresh seed for a match the user gave none: from getrandom(2), else
 * /dev/urandom, else the clock and the process id.  Print it, so that the
 * match can be played again. */
uint64_t cli_random_seed(void);

/*
 * Loads a ruleset given as NAME (built in, or NAME.yaml in the installed
 * rules folder or $SABOTEUR_RULES) or as a FILE path (containing '/' or
 * ending in .yaml).  Returns 0, or -1 with a message naming the file and line
 * in err.
 */
int cli_load_ruleset(const char *arg, sab_ruleset *rs, char *err,
    size_t errlen);

/* The same, and when the ruleset came from a file, its text into *text (the
 * caller frees it) and *len, for a replay to carry; NULL for a built-in. */
int cli_load_ruleset_text(const char *arg, sab_ruleset *rs, char **text,
    size_t *len, char *err, size_t errlen);

/* Reads a whole file (at most 16 MiB) into a buffer the caller frees;
 * NULL with errno set on failure. */
char *cli_read_file(const char *path, size_t *len);

/*
 * What the referee writes is its own: replays and logs hold hidden cards,
 * so other users of the machine may not read them.  cli_private_dir()
 * creates a folder 0700 (0 also when it exists: a folder the user gave is
 * left as it is).  cli_private_file() opens a file for writing, created or
 * truncated, and makes it 0600 (also when it existed: what it held is being
 * replaced).  Both return -1 with errno set.
 */
int cli_private_dir(const char *path);
int cli_private_file(const char *path);

/* Creates path empty and 0600 for another part to open and fill: a bot's
 * stderr log, which proc_spawn() opens itself.  Returns 0, or -1 with
 * errno set. */
int cli_private_touch(const char *path);

/*
 * Overwrites an option's value with 'x's where it lies in the program's
 * arguments, so that no other process sees it in /proc/PID/cmdline (or
 * ps) any more: bots run as the referee's user, and the seed would deal
 * them every hand.  value must point into argv, as cli_parse() leaves it.
 */
void cli_hide(const char *value);

/* Prints "saboteur: warning: MSG" to stderr: the callback through which
 * the tournament's modules report what they pass over (arg is unused). */
void cli_warn(void *arg, const char *msg);

/* The commands, each in its cmd_*.c: its name, summary, usage and options
 * table beside the function that runs it, which only main.c's table of
 * commands reaches. */
extern const cli_command cli_rules, cli_bench, cli_selfplay, cli_play,
    cli_connect, cli_verify, cli_export, cli_tournament, cli_standings, cli_view,
    cli_html, cli_report;

#endif
