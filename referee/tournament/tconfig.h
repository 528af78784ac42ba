/* tconfig.h: the tournament file (saboteur-tournament(5)), read with yamlread
 * into a plain value; every mistake named with file, line and column. */
#ifndef SAB_TCONFIG_H
#define SAB_TCONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "saboteur.h"
#include "yamlread.h"

#define TCONFIG_MAX_BOTS 1000
/* The most games a schedule may hold (rounds times the cycle, or games). */
#define TCONFIG_MAX_GAMES 10000000L

/* Schedule kinds. */
enum tconfig_kind {
	TCONFIG_ROUND_ROBIN,    /* every line-up of the bots */
	TCONFIG_GAUNTLET        /* a challenger against line-ups of the rest */
};

/* Where something was written in the file, counted from 1. */
typedef sab_yaml_mark tconfig_mark;

/* One bot.  cb holds what a --config file holds for a bot (see config.h),
 * so code written for config_bot works on it unchanged. */
typedef struct tconfig_bot {
	config_bot cb;          /* name, command, cwd (NULL: the referee's),
	                           env */
	int64_t move_ms;        /* its own move-ms, else time.move-ms */
	int64_t bank_ms;        /* its own bank-ms, else time.bank-ms */
	tconfig_mark at;        /* where its entry begins */
} tconfig_bot;

/*
 * A tournament.  The defaults, used when a key is absent:
 *
 *   name          the file's name without its folder and .yaml/.yml
 *   ruleset       "base"
 *   players       (required) 2 to 12; the ruleset may allow fewer
 *   seed          1 (the master seed, 0 to 2^64 - 1)
 *   schedule      kind round-robin, rounds 1; games 0 means "rounds";
 *                 duplicate false; no sequential test
 *   time          move-ms 1000, bank-ms 10000, handshake-ms 10000,
 *                 grace-ms 50 (as saboteur play)
 *   failures      tries 3, max-line 4096, max-output 65536,
 *                 disqualify-after 10 (0: never)
 *   concurrency   0: the number of cores
 *   output        the file's name without its folder and .yaml/.yml,
 *                 followed by "-results", in the current folder
 *   sandbox       mode auto, and the limits of sandbox.h
 *   network       address 127.0.0.1, connect-ms 300000, net-ms 100:
 *                 for the bots whose command is "listen:PORT" (net.h)
 *   bots          (required) a list of {name, command, cwd, env, move-ms,
 *                 bank-ms, and the sandbox keys but mode}; name and
 *                 command required
 *
 * Paths (ruleset files, cwd, output, commands) are used as written:
 * relative ones are relative to the folder the referee runs in, as for
 * saboteur play --config.
 */
typedef struct tconfig {
	char *source;           /* the file name given to tconfig_load() */
	char *name;
	char *ruleset;          /* a built-in name or a file, as given to
	                           cli_load_ruleset() */
	int players;
	uint64_t seed;
	int kind;               /* enum tconfig_kind */
	long rounds;            /* cycles of the schedule; 0 when games is set */
	long games;             /* games of the schedule; 0 when rounds is set */
	int challenger;         /* a bot index for a gauntlet, else -1 */
	int duplicate;          /* schedule.duplicate: the rotations of a
	                           line-up share their deal */
	int sequential;         /* schedule.sequential is given (gauntlet) */
	double seq_margin;      /* its margin: gold a game (required) */
	double seq_alpha, seq_beta; /* its error rates (default 0.05) */
	int64_t move_ms, bank_ms, handshake_ms, grace_ms;
	int tries;              /* replies a bot may give for one decision */
	int64_t max_line;       /* bytes in one line from a bot */
	int64_t max_output;     /* bytes from a bot between two requests */
	int disqualify_after;   /* failures before a bot is out; 0: never */
	int concurrency;        /* games at once; 0: the number of cores */
	char *output;           /* the results folder */
	int nbots;
	tconfig_bot *bots;
	tconfig_mark ruleset_at;/* where the ruleset (else the root) is */
	tconfig_mark players_at;/* where players is */
	tconfig_mark schedule_at;/* where rounds or games (else the root) is */
	sandbox_settings box;   /* the "sandbox" mapping: mode, network,
	                           writable and the limits for every bot */
	char *net_address;      /* network.address, or NULL: loopback */
	int64_t connect_ms;     /* network.connect-ms */
	int64_t net_ms;         /* network.net-ms */
} tconfig;

/*
 * Reads the tournament file path into *c.  Returns 0, or -1 with
 * "PATH:LINE:COLUMN: PLACE: what was expected" in err (or "PATH: cannot
 * read: reason").  Free *c with tconfig_free() in both cases.
 */
int tconfig_load(const char *path, tconfig *c, char *err, size_t errlen);

/* Like tconfig_load() on len bytes of text; source names it in messages
 * and in the defaults of name and output. */
int tconfig_parse(tconfig *c, const char *text, size_t len,
    const char *source, char *err, size_t errlen);

/*
 * Checks what only the loaded ruleset can tell: that it is played by
 * players players.  Returns 0, or -1 with "PATH:LINE:COLUMN: players: ..."
 * in err.
 */
int tconfig_check_ruleset(const tconfig *c, const sab_ruleset *rs, char *err,
    size_t errlen);

/* The index of the bot called name, or -1. */
int tconfig_find(const tconfig *c, const char *name);

/*
 * A fingerprint of what the file means for results: the ruleset string,
 * players, seed, schedule, time, failures and every bot (in order, with
 * its effective time limits).  Not name, concurrency or output, which may
 * change between a run and its resumption; not the layout, comments or
 * key order of the file.  FNV-1a 64 over the fields in that order, each
 * integer as 8 bytes little-endian and each text as its length (8 bytes)
 * then its bytes, an absent text as the length 2^64 - 1.  A ruleset named
 * by a file is hashed by its name only: a caller that wants its content
 * covered chains the ruleset's own hash with sab_fnv1a().
 */
uint64_t tconfig_hash(const tconfig *c);

/* Frees what tconfig_parse() allocated and zeroes *c; a zeroed tconfig is
 * fine. */
void tconfig_free(tconfig *c);

#endif
