/* view.h: a replay as a viewer sees it: the steps of the game in order, and
 * the table at any step as one perspective knows it. */
#ifndef SAB_REPLAY_VIEW_H
#define SAB_REPLAY_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "protocol.h"
#include "reader.h"
#include "saboteur.h"

/*
 * A perspective: the full view (every hidden card), the public view (a
 * spectator's), or a seat's view (exactly what its bot was told), given as
 * the seat number.
 */
enum { VIEW_FULL = SAB_SEEN_ALL, VIEW_PUBLIC = SAB_SEEN_PUBLIC };

/* What the table does not know: a role, or a card (SAB_NO_CARD). */
#define VIEW_UNKNOWN SAB_SEEN_UNKNOWN

/* Marks on a step. */
enum {
	VIEW_TURN_END = 1,      /* the last step of a decision (its move) */
	VIEW_ROUND_START = 2,   /* the event that starts a round */
	VIEW_FAILURE = 4,       /* a status change, or a reply refused */
	VIEW_DEFAULT = 8        /* a move the referee played for the seat */
};

/* One step: a record of the replay a viewer stops at. */
typedef struct view_step {
	const replay_rec *rec;  /* ev, bot, note, status or move; in the file */
	sab_event ev;           /* ev: the event as the rules made it */
	int decision;           /* the decision it belongs to; 0: the set-up */
	uint8_t round;
	uint8_t flags;          /* VIEW_* marks */
	int8_t actor;           /* the seat asked in this decision, or -1 */
	uint8_t goal_def[SAB_MAX_GOALS]; /* VIEW_ROUND_START: the goal cards */
	char *why;              /* a refused reply: the reason; owned */
} view_step;

/*
 * A loaded replay.  It points into the replay file and the ruleset, which
 * the caller keeps until view_free().
 */
typedef struct view {
	const replay_file *f;
	const sab_ruleset *rs;
	proto_cards pc;
	int number;             /* the game's number as shown: the file's
	                           (view_load), or one its caller gives */
	int nsteps;
	view_step *steps;
	int decisions;          /* decisions walked to their end */
	int ok;                 /* the whole game walked and verified */
	char problem[1100];     /* otherwise: where the walk stopped, and why */
} view;

/* What the referee's records say of one seat, as a perspective sees them. */
typedef struct view_seat {
	int64_t bank_ms;                /* its bank after its last reply */
	int64_t used_us;                /* its last reply's time, or -1 */
	const char *status;             /* NULL, or "STATUS[ DETAIL]" */
	const char *line;               /* its last line, if seen here */
	int line_decision;              /* the decision that line answered */
	const char *note;               /* its last note, if seen here */
} view_seat;

/*
 * The table at one step as one perspective knows it: the game in `seen`,
 * built only from the events as sab_event_view() gives them to that
 * perspective (the full view also knows each round's goal cards), and the
 * referee's records of each seat.
 */
typedef struct view_table {
	int persp;                      /* VIEW_FULL, VIEW_PUBLIC, or a seat */
	int step;                       /* the last step applied, or -1 */
	int round, decision;            /* of the step (a move's round is the
	                                   one it was played in) */
	int8_t mark_x, mark_y;          /* the cell the step changed ... */
	uint8_t marked;                 /* ... when this is 1 */
	int8_t focus_x, focus_y;        /* the last cell changed this round */
	uint8_t focused;                /* ... when this is 1 */
	int nseats;
	view_seat seat[SAB_MAX_PLAYERS];
	sab_seen seen;                  /* board, hands, cards in front, roles,
	                                   peeks, gold, deck, as known here */
} view_table;

/*
 * Walks the replay f, played by ruleset rs, with replay_audit_run() and
 * fills *v with a step per event, bot line, note, status and move, as far
 * as the walk went.  Returns 0, or -1 with the reason in err when nothing
 * could be walked (the ruleset's cards have no tokens, out of memory).  A
 * walk that stopped early is no error: v->ok is 0 and v->problem says why.
 * Free the view with view_free() either way.
 */
int view_load(view *v, const replay_file *f, const sab_ruleset *rs,
    char *err, size_t errlen);

/* Frees what view_load() allocated; a zeroed view does nothing. */
void view_free(view *v);

/* Returns 1 when persp is a perspective of this replay's game. */
int view_persp_valid(const view *v, int persp);

/* The table before the first step, as persp knows it. */
void view_table_reset(const view *v, int persp, view_table *t);

/* Applies step i, which must be the step after t->step. */
void view_table_apply(const view *v, int i, view_table *t);

/* The table after step i (-1: before the first) as persp knows it. */
void view_table_at(const view *v, int i, int persp, view_table *t);

/* Returns 1 when persp is told anything of step i. */
int view_step_visible(const view *v, int i, int persp);

/*
 * The next step after from (dir 1) or before it (dir -1) carrying one of
 * the flags (0: any step) and, when persp is not VIEW_FULL, visible to it;
 * returns -1 when there is none.
 */
int view_find(const view *v, int from, int dir, int flags, int persp);

/* The step at the end of decision d (0: the end of the set-up), or -1. */
int view_decision_step(const view *v, int d);

/* The step that starts round r, or -1. */
int view_round_step(const view *v, int r);

/* Writes step i as persp may see it, in words, into buf (never more than
 * len bytes, always terminated). */
void view_describe(const view *v, int i, int persp, char *buf, size_t len);

/* The name of a perspective ("full", "public", "seat 2 (name)"). */
void view_persp_name(const view *v, int persp, char *buf, size_t len);

#endif
