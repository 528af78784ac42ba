/* match.h: a match: bots that stay running over a number of games, each
 * seat told only what it may know, the clock kept, failures recorded. */
#ifndef SAB_MATCH_H
#define SAB_MATCH_H

#include <stdint.h>
#include <stdio.h>

#include "bot.h"
#include "hist.h"
#include "protocol.h"

/* The most bots one table holds (a tournament worker keeps every bot of
 * the tournament running). */
#define MATCH_MAX_BOTS 256

typedef struct match_opts {
	const sab_ruleset *rs;
	const proto_cards *pc;
	uint64_t seed;          /* the match's seed; each game's is derived */
	int games;
	bot_clock clock;
	int tries;              /* replies a bot may give for one decision */
	uint64_t max_turn_bytes;/* output allowed between two requests */
	FILE *progress;         /* a line per game, or NULL */
	const char *replay;     /* match_games: replay file ("%d": the game
	                           number), or NULL */
	const char *program;    /* "saboteur VERSION", for the replay header */
	const char *rules_text; /* the ruleset file's text, carried in each
	                           replay; NULL for a built-in ruleset */
	size_t rules_len;
	int one_game;           /* 0: games games from the match's seed; else
	                           one game, numbered one_game, whose own seed
	                           is seed (a game played again) */
	int deal;               /* how every game deals its rounds (enum
	                           sab_deal; duplicate deals: by seats) */
} match_opts;

/* What one game came to. */
typedef struct game_result {
	int bot_of[SAB_MAX_PLAYERS];    /* which bot sat at each seat */
	int16_t gold[SAB_MAX_PLAYERS];  /* by seat */
	uint16_t winners;               /* by seat */
	int rounds;
	/* By round: each seat's role (a value of the ruleset's role list),
	 * the seats that won the round (bit s: seat s), and the gold each
	 * seat was paid in it. */
	uint8_t roles[SAB_MAX_ROUNDS][SAB_MAX_PLAYERS];
	uint16_t round_winners[SAB_MAX_ROUNDS];
	int16_t round_pay[SAB_MAX_ROUNDS][SAB_MAX_PLAYERS];
	int decisions;
	uint16_t timed_out;             /* seats that ran out of time */
	/* By seat, this game's own figures of the bot there. */
	int seat_decisions[SAB_MAX_PLAYERS];
	int64_t seat_used_ns[SAB_MAX_PLAYERS];
	int seat_illegal[SAB_MAX_PLAYERS];  /* replies refused */
	int seat_defaults[SAB_MAX_PLAYERS]; /* decisions made for it */
	uint8_t seat_status[SAB_MAX_PLAYERS]; /* enum bot_status after it */
	uint64_t seed;
	char replay[512];               /* the replay written, or "" */
} game_result;

/* The referee's own cost, measured over the match. */
typedef struct match_cost {
	uint64_t messages;      /* lines sent and received */
	double cpu_seconds;     /* the referee's CPU time (user + system) */
	hist gaps;              /* ns from a reply's newline to the next
	                           request, in fixed space (hist.h) */
	double wall_seconds;
} match_cost;

/* Results of match_handshake(), match_play() and match_games(). */
enum {
	MATCH_DONE = 0,         /* every game was played, whatever the bots did */
	MATCH_FAILED = -1,      /* the referee's own failure: see err */
	MATCH_INTERRUPTED = -2  /* SIGINT or SIGTERM: games so far are in results */
};

/* One game for match_play(): who sits where, its number and seed. */
typedef struct match_game {
	int number;             /* in the "game" line and the replay, from 1 */
	uint64_t seed;
	int nseats;
	int bot_of[SAB_MAX_PLAYERS];    /* by seat: an index into the bots */
	const char *replay;     /* the replay file ("%d": number), or NULL */
} match_game;

/*
 * Sends the handshake to bots[0..n) and reads their replies (a bot that
 * fails it is stopped and marked).  Returns MATCH_DONE, MATCH_INTERRUPTED
 * or MATCH_FAILED (out of memory).
 */
int match_handshake(const match_opts *o, bot *bots, int n, match_cost *cost);

/*
 * Plays one game between bots of the pool bots[0..nbots) (started and
 * greeted), seat s played by bots[g->bot_of[s]] (distinct bots).  A bot
 * already out plays by default moves.  Fills *res.  Returns MATCH_DONE
 * (whatever the bots did), MATCH_INTERRUPTED or MATCH_FAILED (see err).
 */
int match_play(const match_opts *o, bot *bots, int nbots,
    const match_game *g, game_result *res, match_cost *cost, char *err,
    size_t errlen);

/* Says "quit" to bots[0..n) and stops them all. */
void match_finish(const match_opts *o, bot *bots, int n, match_cost *cost);

/* What match_games() calls around each game; either may be NULL. */
typedef struct match_hooks {
	/* Before game gi (from 0): may restart bots that failed.  Returns
	 * MATCH_DONE, or MATCH_FAILED with a message in err. */
	int (*before)(void *arg, int gi, bot *bots, int n, char *err,
	    size_t errlen);
	/* After game gi was played, with its result (valid during the call
	 * only: nothing of a game is kept, so a match takes the same memory
	 * however many games it plays). */
	void (*after)(void *arg, int gi, const game_result *res);
	void *arg;
} match_hooks;

/*
 * Plays o->games games between the n bots (one per seat; seats rotate by
 * one each game so every bot plays every seat; with o->one_game, the one
 * game of seed o->seed with the bots in the order given), which must have been
 * started with bot_start() and greeted with match_handshake() (the caller
 * may look at how each bot came through first).  Calls the hooks around
 * each game, fills *cost (its times are those of the games), and returns
 * how many games were completed through *played.  Stops every bot before
 * it returns.
 */
int match_games(const match_opts *o, bot *bots, int n, const match_hooks *h,
    int *played, match_cost *cost, char *err, size_t errlen);

#endif
