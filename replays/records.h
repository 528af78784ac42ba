/* records.h: the records a replay holds of what the bots could not check
 * themselves (each round's deal, the game's result), formatted once from
 * the game's state: the writer writes them, the audit rebuilds them to
 * compare, so the two cannot word a record differently. */
#ifndef SAB_REPLAY_RECORDS_H
#define SAB_REPLAY_RECORDS_H

#include "protocol.h"
#include "reader.h"
#include "saboteur.h"

/* The longest text such a record holds: a whole deck of card tokens. */
#define REPLAY_TEXT_MAX (SAB_MAX_DECK * PROTO_TOKEN_MAX + 1)

/*
 * One record as saboteur-replay(5) lays it out: its kind's word
 * (replay_kind_name()), then n numbers, then, when not empty, the text,
 * each after one space.
 */
typedef struct replay_fields {
	int kind;               /* enum replay_kind */
	int n;                  /* numbers after the word: 0, 1 or 2 */
	int num[2];             /* "round": the round; "hand", "role": the
	                           seat; "goalcard": the goal place's x y;
	                           "chest": its cell's x y */
	char text[REPLAY_TEXT_MAX];     /* the rest; "" when there is none */
} replay_fields;

/*
 * Record k (from 0) of the hidden state of g just after a round's deal, in
 * the order written: "round", "deck" (bottom first), one "hand" per seat,
 * one "role" per seat, "spare", one "goalcard" per goal place, "golddeck"
 * (bottom first); with all (the records of format 1.5 on), then "aside"
 * (a ruleset that puts cards aside), "dwarves" (one whose deal leaves
 * dwarf cards besides the spare), one "chest" per chest laid, and
 * "goalaside" (goal cards put aside).  Cards are pc's tokens ("?" for a
 * card the ruleset does not have).  Returns 1 with the record in *out, 0
 * past the last, or -1 when its text would not fit (the sizes above rule
 * that out).
 */
int replay_round_record(const proto_cards *pc, const sab_game *g, int k,
    int all, replay_fields *out);

/* The "result" record of the finished game g: every seat's gold, then
 * "winners" and the winning seats.  Returns 1, or -1 as above. */
int replay_result_record(const sab_game *g, replay_fields *out);

#endif
