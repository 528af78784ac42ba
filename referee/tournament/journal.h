/* journal.h: the results journal of a tournament: DIR/journal.txt, one
 * line per finished game, appended and synced, locked against a second
 * run, read back after any interruption. */
#ifndef SAB_JOURNAL_H
#define SAB_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "saboteur.h"

#define JOURNAL_VERSION 1
#define JOURNAL_LINE_MAX 4096   /* the longest line written or read */
#define JOURNAL_MAX_INDEX 10000000L     /* game indices are below this */

/* A seat's status in a game: enum bot_status (ok, no-start, handshake,
 * timeout, crash, closed, line-too-long, flood), or disqualified: the
 * bot was out of the tournament and the referee played for it. */
enum { JOURNAL_DISQUALIFIED = BOT_STATUSES, JOURNAL_STATUSES };

/* One seat of a finished game. */
typedef struct journal_seat {
	char bot[33];           /* the bot's name in the tournament file */
	int gold;
	uint8_t role[SAB_MAX_ROUNDS];   /* by round: a value of the journal's
	                                   role list (journal_roles) */
	int pay[SAB_MAX_ROUNDS];        /* by round: the gold paid to it */
	int decisions;          /* requests it answered or should have */
	int64_t think_us;       /* its thinking time over the game */
	int illegal;            /* replies refused (illegal or malformed) */
	int defaults;           /* decisions the referee made for it */
	int timeouts;           /* times it ran out of time */
	int status;             /* enum bot_status or JOURNAL_DISQUALIFIED */
} journal_seat;

/* One finished game. */
typedef struct journal_game {
	long index;             /* in the schedule, from 0 */
	uint64_t seed;
	int players;
	int rounds;
	uint16_t winners;       /* bit s: seat s won or shared the win */
	uint16_t round_winners[SAB_MAX_ROUNDS]; /* by round: bit s, seat s won
	                           it */
	int paid;               /* 1: the seats' pay holds each round's
	                           payouts; 0: the game was read from a line of
	                           an earlier version, which gave the side that
	                           won each round (its winners here: the seats
	                           of that role) and no payouts */
	char replay[256];       /* the replay file, relative to DIR, or "" */
	int unsealed;           /* 1: its bots ran unsealed (--sandbox off) */
	journal_seat seat[SAB_MAX_PLAYERS];
} journal_game;

/*
 * The role list of a journal: the ruleset's roles by value, value 0
 * ("none") first, with the letter that stands for each in game lines ('-'
 * for none).  A journal's header gives it; a header of an earlier version,
 * without one, means the base game's: none, miner (m), saboteur (s).
 */
typedef struct journal_roles {
	int n;
	char letter[SAB_MAX_ROLES];
	char name[SAB_MAX_ROLES][SAB_NAME_MAX];
} journal_roles;

/* The base game's role list, which a journal without one has. */
void journal_roles_base(journal_roles *r);

/* The role list of rs, each role's letter the first letter of its name not
 * taken by an earlier role (else the first free one from 'a').  Returns 0,
 * or -1 with a message in err when a name is not one word of letters,
 * digits, '.', '_' or '-', or is given twice. */
int journal_roles_of(journal_roles *r, const sab_ruleset *rs, char *err,
    size_t errlen);

/* Returns 1 when a and b are the same list, with the same letters. */
int journal_roles_equal(const journal_roles *a, const journal_roles *b);

/* The header line of a journal. */
typedef struct journal_header {
	int version;
	uint64_t config;        /* tconfig_hash() of the tournament file */
	int shard, nshards;
	long schedule;          /* games in the whole schedule (not only
	                           this shard), or 0 when the header does not
	                           say (earlier versions) */
	journal_roles roles;    /* what the role values of its games mean */
} journal_header;

/* Called for each finished game read; returns 0 to go on, or -1 to stop
 * the reading (which then fails with the message the callback put in err). */
typedef int journal_game_fn(void *arg, const journal_game *g, char *err,
    size_t errlen);
/* Called for each problem tolerated while reading (a torn last line, a
 * game recorded twice, a line that does not belong), with a message for
 * people. */
typedef void journal_warn_fn(void *arg, const char *msg);

/* Called for each game read, before it counts: 0 when it belongs to the
 * journal's tournament, or -1 with why not in why (a seat or seed that is
 * not the schedule's).  A game that does not belong is left out with a
 * warning, as is one whose index is past the header's schedule or in
 * another shard, which the reader checks itself. */
typedef int journal_check_fn(void *arg, const journal_game *g, char *why,
    size_t whylen);

/* What to do with a journal's contents as it is read; any may be NULL. */
typedef struct journal_visit {
	journal_game_fn *game;
	journal_warn_fn *warn;
	void *arg;
	journal_check_fn *check;
} journal_visit;

/*
 * Writes g as one journal line, newline included, into buf, its roles
 * written as the letters of roles.  Returns the line's length, or -1 with
 * a message in err when g does not make a valid line (a bot name that is
 * not one word, a replay name with spaces, a role not in roles, no
 * payouts) or it does not fit.  A line reads (one line here, wrapped):
 *
 *   game 17 seed=8613251966190592343 bots=alpha,beta,gamma gold=3,0,5
 *     winners=2 roles=msm,smm,mms results=0+2:1/0/2,1:0/3/0,-:0/0/0
 *     decisions=31,30,30 think-us=1200,5400,80 illegal=0,0,1
 *     defaults=0,0,1 timeouts=0,0,0 status=ok,ok,crash
 *     replay=replays/17.sabr.gz
 *
 * Per-seat values are in seat order, separated by commas; winners lists
 * seats or is "-"; roles gives, per round, every seat's role letter;
 * results, per round, the seats that won it joined by '+' (or "-"), ':'
 * and each seat's payout in it, joined by '/'; replay is "-" when there
 * is none.  saboteur-tournament(5) has the rest.
 */
int journal_format(const journal_game *g, const journal_roles *roles,
    char *buf, size_t len, char *err, size_t errlen);

/*
 * Parses one journal line (without its newline) of a journal whose role
 * list is roles into *g.  A line of an earlier version has "rounds=" in
 * place of "roles=" and "results=": per round, every seat's role letter
 * (m gold miner, s saboteur, - none), ':' and the letter of the side that
 * won it (or - for nobody); it is read with the seats of that side as the
 * round's winners and g->paid 0.  Returns 0, or -1 with the reason in err.
 */
int journal_parse(const char *line, const journal_roles *roles,
    journal_game *g, char *err, size_t errlen);

/*
 * Reads DIR/journal.txt without locking it (a running tournament may be
 * appending): fills *h from the header and calls v->game for every
 * finished game in file order.  Tolerated, each with a call of v->warn: a
 * last line without its newline (left by a run that was killed; it is
 * skipped), a game index recorded twice (the first counts), and a game
 * that does not belong (see journal_check_fn; it is left out).  Returns
 * 0, or -1 with "DIR/journal.txt:LINE: reason" in err for anything else:
 * no journal, a bad header, a malformed line.
 */
int journal_scan(const char *dir, journal_header *h, const journal_visit *v,
    char *err, size_t errlen);

/* Reads only the header of DIR/journal.txt into *h.  Returns 0, or -1 with
 * journal_scan()'s message for a missing journal or a bad header. */
int journal_read_header(const char *dir, journal_header *h, char *err,
    size_t errlen);

/*
 * Like journal_scan(), collecting the games into a new array *games (free
 * it) of *ngames entries.  Warnings go to v->warn when v is not NULL.
 */
int journal_load(const char *dir, journal_header *h, journal_game **games,
    long *ngames, const journal_visit *v, char *err, size_t errlen);

/* An open journal, appended to by one process. */
typedef struct journal journal;

/*
 * Opens DIR's journal for a run of the tournament whose tconfig_hash() is
 * fp, share shard of nshards (1 of 1 for a whole run).  Creates DIR
 * (its parent must exist) and the journal when they are not there; takes
 * an exclusive lock on DIR/lock, held until journal_close() (and by any
 * process forked meanwhile, until it closes its copy); resumes a journal
 * that is there: calls v->game for each finished game, drops a torn last
 * line from the file, and refuses a journal of another tournament file,
 * another share, or another role list (roles: the ruleset's, which a new
 * journal's header records).  Returns 0 with *jp set, or -1 with a message in err:
 * "DIR is in use by another run (pid N)", "DIR holds a run of another
 * tournament file", "DIR holds shard 2/4 of this tournament, not 1/4", or
 * a system call's failure.
 */
int journal_open(journal **jp, const char *dir, uint64_t fp, int shard,
    int nshards, const journal_roles *roles, const journal_visit *v,
    char *err, size_t errlen);

/*
 * journal_open() for a run that knows its whole schedule's size: a new
 * journal's header records it as "schedule=N" (0 writes none, as
 * journal_open() does), so that standings over shards can count the
 * games missing.  A journal being resumed keeps its header.
 */
int journal_open_sized(journal **jp, const char *dir, uint64_t fp,
    int shard, int nshards, long schedule, const journal_roles *roles,
    const journal_visit *v, char *err, size_t errlen);

/* The role list of the open journal (its header's). */
const journal_roles *journal_role_list(const journal *j);

/* Returns 1 when game index is in the journal, else 0. */
int journal_has(const journal *j, long index);

/* The number of distinct games in the journal. */
long journal_count(const journal *j);

/*
 * Appends g as one line with a single write(2), then fsync(2)s the file,
 * so a game is either in the journal whole or not at all once this
 * returns.  Returns 0, or -1 with a message in err: g already recorded,
 * g not a valid line, or a write that failed (the file is then cut back
 * to what it was).
 */
int journal_append(journal *j, const journal_game *g, char *err,
    size_t errlen);

/* Closes the journal and frees it; NULL is fine.  It never unlocks
 * explicitly: the lock goes when the last copy of its descriptor closes,
 * so a forked worker may close its copy without releasing its parent's. */
void journal_close(journal *j);

/* The word for a seat status ("ok", "crash", "disqualified"...). */
const char *journal_status_name(int status);

/* A set of game indices that grows as needed; a zeroed one is empty. */
typedef struct journal_set {
	uint8_t *b;
	size_t n;               /* bytes */
	long count;             /* members */
} journal_set;

/* Returns 1 when index is in s, else 0. */
int journal_set_has(const journal_set *s, long index);

/* Adds index (0 <= index < JOURNAL_MAX_INDEX).  Returns 0 when it is new,
 * 1 when it was there already, -1 when out of memory. */
int journal_set_add(journal_set *s, long index);

/* Frees what s holds and makes it empty. */
void journal_set_free(journal_set *s);

#endif
