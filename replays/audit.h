/* audit.h: plays a replay's game again with the rules engine, checks every
 * record against what the rules and the referee's documented behaviour
 * give, and tells what each seat was sent on the way. */
#ifndef SAB_REPLAY_AUDIT_H
#define SAB_REPLAY_AUDIT_H

#include <stddef.h>

#include "reader.h"
#include "saboteur.h"

/* What a caller hears while the audit walks the file; any may be NULL. */
typedef struct replay_audit_ops {
	/* A record that matched, with the game as it stands after it (for an
	 * event: after the whole move that made it, and the event as the
	 * rules made it, hidden parts included; NULL for other records). */
	void (*record)(void *ctx, const replay_rec *r, const sab_event *e,
	    const sab_game *g);
	/* A line the referee sent to the bot at seat, in the order sent:
	 * the handshake, the set-up, the events the seat may see, the
	 * requests, refusals and default moves, and the farewell. */
	void (*sent)(void *ctx, int seat, const char *line);
} replay_audit_ops;

/* What the audit found. */
typedef struct replay_audit {
	int ok;                 /* the whole game matched, to its "end" */
	int decisions;          /* decisions checked */
	int records;            /* records checked */
	int line;               /* the line of the first divergence, or 0 */
	char what[1024];        /* the first divergence, for people */
} replay_audit;

/*
 * Re-simulates the game of f on ruleset rs (which must be the one the
 * header names: its hash is checked) from the header's seed and the moves
 * the bots' recorded lines and the referee's rules give, and checks every
 * record: the hidden state at each round's start, every event and its
 * visibility (including, for each seat, that the line it received held
 * nothing outside what it may see), every bot line's verdict, tries and
 * bank, each applied move, each state hash, and the result.  Stops at the
 * first divergence.  Returns 0 when everything matched, otherwise -1, with
 * the details in *out either way.
 */
int replay_audit_run(const replay_file *f, const sab_ruleset *rs,
    const replay_audit_ops *ops, void *ctx, replay_audit *out);

#endif
