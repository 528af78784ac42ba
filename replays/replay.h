/* replay.h: writing a game's replay: a gzip stream of text records, enough to
 * see the game from any seat and to re-simulate and verify it.  The format
 * is specified in saboteur-replay(5). */
#ifndef SAB_REPLAY_H
#define SAB_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "protocol.h"
#include "saboteur.h"

#define REPLAY_MAJOR 1
/* The latest minor version; a file is written 1.8 only when a seat may
 * give a standing allow, 1.7 when a seat may be asked to react, 1.5
 * otherwise (replay_create()). */
#define REPLAY_MINOR 8

typedef struct replay_seat {
	const char *name;       /* the bot's name, "-" when unknown */
	const char *command;    /* its command line as given */
	const char *hello;      /* its handshake reply as sent, escaped as
	                           a bot's line is written (proto_escape,
	                           exact); NULL or "": none */
	const char *status;     /* NULL, or the status of a bot that is out of
	                           the match before the game ("crash") */
	const char *detail;     /* and what happened, for people */
	int64_t move_ms, bank_ms;       /* its own time limits, when they are
	                           not the header's (0, 0: the header's) */
	int seeded;             /* it asked for feature "seed": its "seed"
	                           line is recorded (version 1.3) */
} replay_seat;

typedef struct replay_header {
	const char *program;    /* "saboteur 0.1.0" */
	const sab_ruleset *rs;
	const proto_cards *pc;
	int game;               /* the game's number in its match, from 1 */
	uint64_t seed;          /* the game's seed */
	time_t start;           /* when the game began (written as UTC) */
	int nseats;
	const replay_seat *seats;   /* by seat */
	int64_t handshake_ms, move_ms, bank_ms, grace_ms;
	int tries;              /* replies a bot may give for one decision */
	const char *rules_text; /* the text of a ruleset read from a file, so
	                           the replay can be verified without it; NULL
	                           for a built-in ruleset */
	size_t rules_len;
	int deal;               /* enum sab_deal: SAB_DEAL_SEATS is recorded
	                           (version 1.5), SAB_DEAL_PLAY is not */
} replay_header;

typedef struct replay_writer replay_writer;

/*
 * Starts a replay: creates PATH.part (the complete file is renamed to PATH
 * by replay_finish, so a killed referee leaves a readable prefix, never a
 * "complete" file that is not) and writes the header.  Returns the writer,
 * or NULL with the reason in err.
 */
replay_writer *replay_create(const char *path, const replay_header *h,
    char *err, size_t errlen);

/* The complete hidden state at a round's start, just after the deal: deck
 * order, hands, roles, the left-over role, goal cards, gold deck.  Call it
 * just before replay_event() of the SAB_EV_ROUND_START event, with g as the
 * call of the rules that made that event (sab_game_new or sab_game_apply)
 * left it: it is then just after the deal. */
void replay_round(replay_writer *w, const sab_game *g);

/* Takes where g's goal places lie now (proto_cards_follow()): call it
 * before the events of each call of the rules. */
void replay_follow(replay_writer *w, const sab_game *g);

/* One event, with who may see it, written as the seat that sees it all
 * would receive it.  Give every event, in order: those without a protocol
 * line (the game's start) are skipped here. */
void replay_event(replay_writer *w, const sab_event *e);

/* A line a bot sent at seat (len bytes, any of them, written escaped as
 * saboteur-replay(5) says), the time it took and the bank left after it; a
 * note is written the same way, marked as a note (line is the bot's whole
 * "note ..." line; the record keeps what follows "note "). */
void replay_bot_line(replay_writer *w, int seat, const char *line,
    size_t len, int64_t used_ns, int64_t bank_left_ns);
void replay_note(replay_writer *w, int seat, const char *line, size_t len);

/* A bot's answer to a reaction request that a veto before it made void
 * (version 1.6): as replay_bot_line(), in a "void" record. */
void replay_void(replay_writer *w, int seat, const char *line, size_t len,
    int64_t used_ns, int64_t bank_left_ns);

/* A change in a seat's status ("timeout", "crash: killed by SIGSEGV"). */
void replay_status(replay_writer *w, int seat, const char *status,
    const char *detail);

/* The end of a decision, after its events: m, the move the rules applied
 * for seat (the seat to act before it, whether its bot chose the move or
 * the referee played it for it), and the state hash after it; flushes the
 * stream so the file holds every turn so far.  Once per decision, gold
 * picks included, so its count matches the protocol's "turn N". */
void replay_turn(replay_writer *w, int seat, const sab_move *m,
    const sab_game *g);

/*
 * Writes the result (gold and winners, from the finished game), closes the
 * stream and renames PATH.part to PATH.  Frees w.  Returns 0, or -1 with
 * the reason in err: the first failure of any call on w (the calls above
 * return nothing; after a failure they write nothing more), and then the
 * file stays PATH.part.  replay_abandon() instead closes what was written
 * (flushed, readable) and leaves it as PATH.part.
 */
int replay_finish(replay_writer *w, const sab_game *g, char *err,
    size_t errlen);
void replay_abandon(replay_writer *w);

/* The hash of a ruleset's content, written in the header (FNV-1a 64 over a
 * canonical text of every field; the same on every machine). */
uint64_t replay_ruleset_hash(const sab_ruleset *rs);

#endif
