/* tournament.h: runs a tournament's schedule on worker processes, records
 * each finished game in the journal, and shows the progress. */
#ifndef SAB_TOURNAMENT_H
#define SAB_TOURNAMENT_H

#include <stdio.h>

#include "journal.h"
#include "net.h"
#include "schedule.h"
#include "standings.h"
#include "stats.h"
#include "tconfig.h"

typedef struct tournament {
	const char *file;       /* the tournament file, for the workers */
	const tconfig *cfg;
	const schedule *sch;    /* this run's share of the schedule */
	const char *dir;        /* the results folder */
	journal *j;             /* open (and locked) */
	int jobs;               /* games at once */
	int done_before;        /* games of this share already in the journal */
	FILE *progress;         /* where the progress goes (stderr) */
	int tty;                /* progress is a terminal: one line redrawn */
	int sandbox;            /* bots sealed off (see sandbox_init()) */
	int affinity;           /* --affinity: each worker, and so its bots,
	                           pinned to CPUs of its own */
	/* By bot: the listening seat of a network entry ("listen:PORT"),
	 * fd -1 for the others; every worker gets them all, in bot order,
	 * as its descriptors 3, 4, ..., and a line "seat BOT FD TOKEN" for
	 * each (worker.h).  NULL: none. */
	net_seat *net;
	int nnet;

	/* Tallies by bot (tournament_init() makes them). */
	long *games, *failures;
	int64_t *gold;
	int *dq;                /* disqualified */
	long counted;           /* games counted, resumed ones included */

	/* A gauntlet's sequential test (schedule.sequential): made by
	 * tournament_init(), else NULL.  It takes the games in the order of
	 * the schedule (order.decided_games: how many it had taken when it
	 * decided).  Once it decides, no game is handed out. */
	stats_sprt *seq;
	stats_order order;

	/* Standings printed to stdout every `every` games (0: never), fed
	 * as games are counted; the caller makes them (or leaves NULL). */
	standings *live;
	long every;
} tournament;

/* Makes the tallies for cfg's bots, and the sequential test when cfg has
 * one, over the games of schedule sch; -1 when out of memory. */
int tournament_init(tournament *t, const tconfig *cfg, const schedule *sch);

/* Whether a game read from the journal is the schedule's game of its
 * index: its seed, and its bots seat by seat; a journal_check_fn for
 * journal_open(), with the tournament as its argument. */
int tournament_belongs(void *arg, const journal_game *g, char *why,
    size_t whylen);

/* Counts a finished game in the tallies (disqualifying a bot whose
 * failures reach the limit); a journal_game_fn for journal_open(), with
 * the tournament as its argument. */
int tournament_count(void *t, const journal_game *g, char *err,
    size_t errlen);

/* Writes the sequential test's state as one paragraph to f ("sequential
 * test: the challenger NAME is better ..."). */
void tournament_print_test(const tournament *t, FILE *f);

/* Frees the tallies. */
void tournament_free(tournament *t);

/*
 * Plays every game of the share that the journal does not hold yet, t->jobs
 * at a time, each on a worker process that keeps its bots running between
 * games, and appends each finished game to the journal (synced) as it
 * comes.  A bot whose failures (crash, closed pipe, line too long, flood,
 * failed handshake) reach the file's disqualify-after is disqualified: a
 * message says so, and the referee plays for it in its remaining games.
 * Returns an exit code: EXIT_OK when every game is in the journal,
 * EXIT_INTERRUPTED after SIGINT or SIGTERM (the games finished so far are
 * in the journal; the same command resumes), EXIT_INTERNAL on the
 * referee's own failure (said on stderr).
 */
int tournament_run(tournament *t);

#endif
