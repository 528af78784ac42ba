/* event_def.h: each event type and move kind as one row of a table, kept
 * in the folder of the module that brought it: how the protocol says it,
 * what a perspective learns from it, and its words for people. */
#ifndef SAB_EVENT_DEF_H
#define SAB_EVENT_DEF_H

#include <stddef.h>
#include <stdint.h>

#include "effect.h"
#include "event.h"
#include "line.h"
#include "say.h"
#include "seen.h"
#include "words.h"

/*
 * An event type.  rules/modules.def numbers the types; the row of type
 * NAME is sab_event_def_NAME, defined in its owner's folder, and the core
 * (protocol/protocol.c, rules/seen.c, rules/words.c, the viewers) loops
 * over sab_event_defs[] instead of switching on types.
 */
typedef struct sab_event_def {
	const char *name;       /* "draw": sab_event_name() */
	/* 1: about no seat of the game (a perspective learns from it
	 * whatever its seat field holds). */
	uint8_t seatless;
	/* 1: told while a round's deal goes on, which it does not end
	 * (everything else ends the deal). */
	uint8_t in_deal;
	/* Writes the event's line as c->seat sees it (c->v; c->e as the
	 * rules made it) into l; NULL, or nothing written: the seat is told
	 * nothing. */
	void (*say)(sab_line *l, const sab_say_ctx *c);
	/* Applies the event, as the perspective may see it, to what s knows
	 * (rules/seen.h); NULL: nothing to learn. */
	void (*learn)(sab_seen *s, const sab_ruleset *rs, const sab_event *e);
	/* The event in words for people, as w asks, into b; returns 0, or -1
	 * when the caller says it in its own words (NULL: always). */
	int (*words)(sab_strbuf *b, const sab_ruleset *rs, const sab_event *e,
	    const sab_words *w);
	/* The goal place the event moves (its new cell: x, y), or -1
	 * (NULL: none): the viewers follow where the goals lie. */
	int (*goal_moved)(const sab_event *e);
	/* For the game page's move list: 1 when the event says nothing a
	 * decision did (a draw, what one seat alone is asked or shown). */
	uint8_t quiet;
	/* 1: a card played from a hand, its kind's arguments in the move's
	 * fields (sab_event_is_play()); 2: the same, not yet in effect
	 * (waiting for reactions). */
	uint8_t card_played;
	/* The card the event leaves face up on top of the discard pile, or
	 * -1 (NULL: none, or face down). */
	int (*pile_top)(const sab_event *e);
	/* The word for what the event uncovers on its cell (x, y), which
	 * the page shows there (a chest's kind), or NULL (NULL: never). */
	const char *(*uncovers)(const sab_event *e);
	/* For a trace of a game (saboteur selfplay): 1 when the event is
	 * what a seat's decision did, beyond a card played (card_played),
	 * so that it begins the decision's numbered line (a pass, a
	 * removal, a theft, a veto, a take); 2 when it is told only with
	 * --verbose (a draw, a seat asked to react). */
	uint8_t trace;
	/* Gold passing between two seats in the round under way: 1 when
	 * the event's seat takes `value` gold from its target (a theft), -1
	 * when it pays them to its target (a toll); 0: none. */
	int8_t gold_flow;
	/* For a person's log of the referee's lines (saboteur human): the
	 * first word of the event's line when the acting seat follows it
	 * and the rest reads as it is ("took 2 map"); NULL: the viewer
	 * words it itself, or not at all. */
	const char *log_word;
} sab_event_def;

#define SAB_EVENT(name, owner) extern const sab_event_def sab_event_def_##name;
#include "modules.def"

/* Every event type's row, in type order. */
extern const sab_event_def *const sab_event_defs[SAB_EV_TYPES];

/* The row of event type t, or NULL for a type this program does not
 * know.  Inline: the referee says every event to every seat. */
static inline const sab_event_def *sab_event_def_of(uint8_t type)
{
	return type < SAB_EV_TYPES ? sab_event_defs[type] : NULL;
}

/*
 * A move kind: its protocol word (the first word of a bot's reply), how
 * it is written and read.  The row of kind NAME is sab_move_def_NAME, in
 * its owner's folder.
 */
typedef struct sab_move_def {
	const char *word;       /* "discard" */
	/* Writes move m after its word ("discard" written by the caller)
	 * into l. */
	void (*write)(sab_line *l, const sab_tokens *pc, const sab_move *m);
	/* Reads reply r, whose first word is the row's, into m (zeroed):
	 * 0, or -1 with the reason (sab_reply_bad()).  Syntax only: whether
	 * the move is legal is the rules' business. */
	int (*read)(sab_reply *r, sab_move *m);
	/* For the reason a reply of an unknown word is refused: the words
	 * the row adds to "a reply is play, discard, pick or note" when
	 * offered(rs) says rs takes them (NULL: none). */
	const char *hint;
	int (*offered)(const sab_ruleset *rs);
	/* The move the referee makes for a seat that gave none: 1 with m
	 * (zeroed) filled when g's decision asks for a move of this kind,
	 * else 0 (NULL: never; a turn's play falls back to a discard). */
	int (*fallback)(const sab_game *g, sab_move *m);
	/* Where the move lands on the board, for a person choosing it (enum
	 * sab_lands); a card's play lands as its kind says. */
	uint8_t lands;
} sab_move_def;

enum sab_lands {
	SAB_LANDS_NOWHERE,
	SAB_LANDS_CELL,         /* on the move's cell (x, y) */
	SAB_LANDS_GOAL          /* on goal place `goal`, where it lies now */
};

#define SAB_MOVE(name, owner) extern const sab_move_def sab_move_def_##name;
#include "modules.def"

/* Every move kind's row, in kind order. */
extern const sab_move_def *const sab_move_defs[SAB_MOVE_KINDS];

/*
 * A phase, as the viewers name it.  The row of phase NAME is
 * sab_phase_def_NAME, in its owner's folder.
 */
/* How many phases rules/modules.def lists. */
enum {
	SAB_PHASES = 0
#define SAB_PHASE(name, owner) + 1
#include "modules.def"
};

typedef struct sab_phase_def {
	/* For the viewers' line of what is open at a step ("react: seat
	 * 2"), the phase's word, followed by whom it asks when that is known
	 * (NULL: the phase is not said). */
	const char *status;
	/* 1: said even when the perspective does not know whom it asks. */
	uint8_t status_unasked;
} sab_phase_def;

#define SAB_PHASE(name, owner) extern const sab_phase_def sab_phase_def_##name;
#include "modules.def"

/* Every phase's row, in phase order; the row of phase p, or NULL. */
extern const sab_phase_def *const sab_phase_defs[SAB_PHASES];
static inline const sab_phase_def *sab_phase_def_of(uint8_t phase)
{
	return phase < SAB_PHASES ? sab_phase_defs[phase] : NULL;
}

/* Something of a module standing on an empty cell of the table, as a
 * perspective knows it (Tunnel Toll's dwarves). */
#define SAB_MAX_MARKS 8
typedef struct sab_mark {
	uint16_t cell;          /* board index */
	uint8_t owner;          /* the seat it belongs to, or SAB_NO_SEAT */
	const char *word;       /* what it is, one word (the page's kind) */
	const char *glyph;      /* its letter on the board: "D" */
	/* For the game page: what it is in words, with its owner when
	 * known (owner a seat of the game, else SAB_NO_SEAT). */
	void (*title)(sab_strbuf *b, int owner);
} sab_mark;

/*
 * A module's own perspective state (rules/seen.h lists the modules that
 * keep one, SAB_SEEN_MODULES): what a perspective learns of it beyond the
 * module's own events, and what the viewers show of it.  The row of
 * module NAME is sab_seen_def_NAME, in its folder; every member may be
 * NULL.
 */
typedef struct sab_seen_def {
	/* A card played from a hand took effect (an event whose row has
	 * card_played 1): 1 when the module held the card out of the hand
	 * already (it waited for a veto), else 0. */
	int (*played)(sab_seen *s, const sab_event *e);
	/* A goal place turned face up. */
	void (*revealed)(sab_seen *s, const sab_event *e);
	/* A map's look at a card the module hides (e->goal
	 * SAB_GOAL_CHEST): its line, and its words in the viewer's steps;
	 * 1 when the module said it, else 0. */
	int (*say_peek)(sab_line *l, const sab_say_ctx *c);
	int (*words_peek)(sab_strbuf *b, const sab_event *e,
	    const sab_words *w);
	/* What of the module stands on empty cells, as s knows it, into out
	 * (at most SAB_MAX_MARKS), in the module's order; returns how many. */
	int (*marks)(const sab_seen *s, sab_mark *out);
	/* The viewer's legend of its marks (legend_key, then the words),
	 * when legend_shown(rs) says rs plays them. */
	const char *legend_key, *legend;
	int (*legend_shown)(const sab_ruleset *rs);
	/* What the module leaves open, as s knows it, for the viewers' line
	 * of the step ("pending: seat 1's veto"), after sep; pc names rs's
	 * cards.  Returns 1 when it wrote anything, else 0. */
	int (*status)(sab_strbuf *b, const sab_seen *s, const sab_ruleset *rs,
	    const sab_tokens *pc, const char *sep);
} sab_seen_def;

#define SAB_SEEN_DEF(name) extern const sab_seen_def sab_seen_def_##name;
SAB_SEEN_MODULES(SAB_SEEN_DEF)
#undef SAB_SEEN_DEF

/* The modules' perspective rows, in rules/seen.h's order. */
extern const sab_seen_def *const sab_seen_defs[];
extern const int sab_nseen_defs;

/* What stands on empty cells as s knows it, every module's, into out (at
 * least SAB_MAX_MARKS); returns how many.  sab_seen_mark_at(): the mark
 * on cell idx among marks[0 .. n), or NULL. */
int sab_seen_marks(const sab_seen *s, sab_mark *out);
const sab_mark *sab_seen_mark_at(const sab_mark *marks, int n,
    uint16_t idx);

/* For the rows' learn functions (rules/seen.c): the seat after k in the
 * turn's direction; a card added to seat k's hand; a card taken from it
 * as the rules take it (one this perspective did not know: an unknown
 * one). */
uint8_t sab_seen_next(const sab_seen *s, int k);
void sab_seen_hand_add(sab_seen *s, int k, uint8_t card);
void sab_seen_hand_take(sab_seen *s, int k, uint8_t card);
/* At a round's start: seat k holds nothing and knows no secret; the
 * modules' perspective state is as at the game's start. */
void sab_seen_seat_clear(sab_seen *s, int k);
void sab_seen_round_modules(sab_seen *s, const sab_ruleset *rs);

/* For the rows' words (rules/words.c): card's word; "a, b and c"; the
 * seats of mask (" 1 3", or " none"); a place ("X Y" in the steps,
 * "(X,Y)" in the trace); goal place k ("the goal at X Y", "goal K"). */
const char *sab_words_card(const sab_words *w, int card);
void sab_words_cards(sab_strbuf *b, const sab_words *w, const int16_t *c,
    int n);
void sab_words_seats(sab_strbuf *b, uint16_t mask);
void sab_words_place(sab_strbuf *b, const sab_words *w, int x, int y);
void sab_words_goal_at(sab_strbuf *b, const sab_ruleset *rs,
    const sab_words *w, int goal);

#endif
