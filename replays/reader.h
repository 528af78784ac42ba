/* reader.h: reading a replay back into memory: its header and its records,
 * each with its line, and a precise message for anything wrong with it.
 * The format is saboteur-replay(5); replay.h writes it. */
#ifndef SAB_REPLAY_READER_H
#define SAB_REPLAY_READER_H

#include <stddef.h>
#include <stdint.h>

#include "protocol.h"
#include "saboteur.h"

/* The largest replay read (uncompressed) and its longest record. */
#define REPLAY_MAX_BYTES (256u << 20)
#define REPLAY_MAX_RECORD (1u << 20)

/* The kinds of record after the header. */
enum replay_kind {
	REPLAY_ROUND,           /* a = round */
	REPLAY_DECK,            /* text = the cards, bottom first */
	REPLAY_HAND,            /* seat; text = its cards */
	REPLAY_ROLE,            /* seat; text = the role */
	REPLAY_SPARE,           /* text = the role */
	REPLAY_GOALCARD,        /* a, b = x, y; text = the card */
	REPLAY_GOLDDECK,        /* text = the values, bottom first */
	/* Since version 1.5. */
	REPLAY_ASIDE,           /* text = the cards put aside, bottom first */
	REPLAY_DWARVES,         /* text = the dwarf cards nobody holds */
	REPLAY_CHEST,           /* a, b = x, y; text = "CARD EFFECT" */
	REPLAY_GOALASIDE,       /* text = the goal cards put aside */
	REPLAY_EV,              /* vis, seat (0 for "all"); text = the line */
	REPLAY_BOT,             /* seat; a = used us, b = bank ms; text = the line */
	REPLAY_NOTE,            /* seat; text = the note */
	REPLAY_STATUS,          /* seat; text = "STATUS[ DETAIL]" */
	REPLAY_MOVE,            /* seat; text = the move */
	REPLAY_TURN,            /* a = the decision; hash */
	REPLAY_RESULT,          /* text = "G0 G1 ... winners S..." */
	REPLAY_END,
	REPLAY_VOID,            /* as REPLAY_BOT: an answer a veto made void
	                           (since 1.6) */
	REPLAY_KINDS
};

typedef struct replay_rec {
	uint8_t kind;           /* enum replay_kind */
	uint8_t vis;            /* REPLAY_EV: enum sab_visibility */
	int16_t seat;           /* the seat it is about, or -1 */
	int line;               /* its line in the file, from 1 */
	int64_t a, b;
	uint64_t hash;
	const char *text;       /* into the file's text; never NULL */
} replay_rec;

typedef struct replay_file_seat {
	const char *name;       /* "-" when the bot gave none */
	const char *command;
	const char *hello;      /* its handshake reply, or NULL (before 1.1) */
	int64_t move_ms, bank_ms;       /* its time limits: a "seatclock"
	                           record's, else the clock's */
	int seeded;             /* a "seatseed" record (since 1.3) gave */
	uint64_t seed;          /* the seed its "seed" line held */
} replay_file_seat;

typedef struct replay_file {
	int major, minor;
	const char *program;
	char ruleset[SAB_NAME_MAX + 1];
	uint64_t ruleset_hash;
	uint64_t seed;
	const char *generator;
	int game;
	const char *start;      /* "YYYY-MM-DDThh:mm:ssZ" */
	int nseats;
	replay_file_seat seat[SAB_MAX_PLAYERS];
	int64_t handshake_ms, move_ms, bank_ms, grace_ms;
	int tries;              /* 0 when the file does not say (1.0) */
	int deal;               /* enum sab_deal: SAB_DEAL_SEATS from a "deal
	                           seats" record (since 1.5), else
	                           SAB_DEAL_PLAY */
	char *rules;            /* the ruleset's text from its "rules" records
	                           (owned), or NULL: a built-in ruleset */
	size_t rules_len;
	int header_lines;       /* the lines the header took */

	int nrecs;
	replay_rec *recs;
	int skipped;            /* records of kinds this reader does not know */

	/* complete: the file ended with "end" and nothing in it was wrong.
	 * Otherwise problem says what stopped the reading, with its line; the
	 * records before it are there to look at. */
	int complete;
	char problem[512];

	char *text;             /* the whole uncompressed text, owned */
	size_t len;
} replay_file;

/*
 * Reads the replay at path (gzip, or plain text as zcat would print it).
 * Returns the file, or NULL with the reason in err when not even its header
 * can be read (no such file, not a replay, an unknown major version).  A
 * file damaged or cut short after its header is returned with complete 0
 * and the reason in problem.  Free it with replay_file_free().
 */
replay_file *replay_read(const char *path, char *err, size_t errlen);

/*
 * The same for len bytes of uncompressed text in memory (copied); name is
 * the file's name for messages.  The fuzz harness drives this.
 */
replay_file *replay_parse(const char *text, size_t len, const char *name,
    char *err, size_t errlen);

/*
 * The line a "bot" record stands for, as the bot sent it: the record's
 * text with its escapes undone in a file of version 1.2 or later (older
 * files hold the line as sent, which then had no NUL byte).  Returns a
 * copy the caller frees, its length in *len (it may hold NUL bytes: judge
 * it by its length), or NULL when memory runs out.
 */
char *replay_rec_line(const replay_file *f, const replay_rec *r, size_t *len);

/*
 * How the referee that wrote f worded the refusal reasons it sent, which
 * the audit, export and the viewer rebuild: PROTO_REASONS_NAMES (the
 * ruleset's card names, bot words quoted as sent) for a file before
 * version 1.2, PROTO_REASONS_TOKENS from 1.2.  An old file keeps meaning
 * what it meant: its export is what its bots received.
 */
proto_reasons replay_reasons(const replay_file *f);

/* Whether the referee that wrote f recorded the "seed" line of each seat
 * that asked for one (version 1.3 or later): in an older file a bot that
 * listed feature "seed" was sent none. */
int replay_records_seeds(const replay_file *f);

/* Whether the referee that wrote f honoured feature "react" (version 1.4
 * or later): it asked reactions only of the seats whose bots asked for
 * the feature, sent "react" lines to those only, and allowed for the
 * others by rule (a "move" record with no "bot" record).  Before, every
 * seat was asked. */
int replay_honours_react(const replay_file *f);

/* How the referee that wrote f spoke, as PROTO_COMPAT_* bits for
 * proto_cards.compat (set them after proto_cards_init() on the cards an
 * audit or a view of f judges and words lines with), and whether it
 * recorded the whole hidden state of a round: the "aside", "dwarves",
 * "chest" and "goalaside" records (version 1.5 or later). */
unsigned replay_compat(const replay_file *f);
int replay_records_all_hidden(const replay_file *f);

/* Whether the referee that wrote f honoured feature "react-at-once"
 * (version 1.6 or later): such a seat was asked with the others of each
 * reaction window at once (session_window()), and its answers that a veto
 * made void are "void" records.  Before, every seat was asked in turn. */
int replay_asks_at_once(const replay_file *f);

/* Whether the referee that wrote f asked no seat to react once every
 * reaction card was played face up in the round (version 1.7 or later;
 * session_spent()).  Before, the seats were asked all the same. */
int replay_skips_spent(const replay_file *f);

/* Whether the referee that wrote f honoured feature "react-standing"
 * (version 1.8 or later): such a seat's "allow standing" kept it from
 * being asked to react until its own next turn or the next round
 * (session_judge()).  Before, the word was no feature. */
int replay_honours_standing(const replay_file *f);

/* The features seat's hello asked for (PROTO_FEAT_*, pc the game's
 * tokens), as far as the referee that wrote f knew them: none when its
 * hello is not recorded or not one. */
unsigned replay_seat_features(const replay_file *f, const proto_cards *pc,
    int seat);

/* Frees f; NULL does nothing. */
void replay_file_free(replay_file *f);

/* The record kind's word ("ev", "bot"), or "?". */
const char *replay_kind_name(int kind);

#endif
