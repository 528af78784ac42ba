/* event.h: every state change of a game, marked with who may see it. */
#ifndef SAB_EVENT_H
#define SAB_EVENT_H

#include <stdint.h>
#include <string.h>

#include "ruleset.h"

#define SAB_NO_CARD 0xFF
#define SAB_NO_SEAT 0xFF

/* Every state change of a game: rules/modules.def lists each type, what its
 * fields hold and the module that brought it, in the order that numbers
 * them (append only). */
enum sab_event_type {
#define SAB_EVENT(name, owner) SAB_EV_##name,
#include "modules.def"
	SAB_EV_TYPES
};

/*
 * Who may see an event.  This is decided here, in the rules, once: the
 * protocol and the replays format events; they never decide visibility.
 */
enum sab_visibility {
	SAB_VIS_ALL,            /* every seat sees all of it */
	SAB_VIS_SEAT,           /* only `seat` sees it */
	SAB_VIS_HIDDEN          /* every seat sees it, but card, value and
	                           vals only `seat` */
};

typedef struct sab_event {
	uint8_t type;           /* enum sab_event_type */
	uint8_t vis;            /* enum sab_visibility */
	uint8_t seat;
	uint8_t card;           /* a definition index, or SAB_NO_CARD */
	uint8_t target;
	uint8_t tool;
	uint8_t goal;
	uint8_t rot;
	uint8_t value;
	uint8_t removed;        /* a definition index */
	int8_t x, y;
	uint16_t n;
	uint16_t mask;
	int16_t vals[SAB_MAX_PLAYERS];
} sab_event;

/* The most events one call of the rules can make (a round end, the gold
 * handed round, and the deal of the next round, with 12 players). */
#define SAB_MAX_EVENTS 1024

/* A caller-owned list of events.  Set n to 0 before a call to collect just
 * that call's events; a call that would overflow sets `overflow` and drops. */
typedef struct sab_events {
	int n;
	int overflow;
	sab_event ev[SAB_MAX_EVENTS];
} sab_events;

/*
 * What seat may know of event e.  Returns 0 when the seat may not see it at
 * all; otherwise 1 and writes into *out the event as the seat may see it,
 * with every hidden field replaced (card by SAB_NO_CARD, value by 0).  seat
 * -1 is a spectator who sees only what is public.
 */
int sab_event_view(const sab_event *e, int seat, sab_event *out);

/* Returns an event of type, seen as vis, about seat: every other field 0,
 * and no card, no card removed and no target.  Inline: the rules make
 * events at every step. */
static inline sab_event sab_event_new(uint8_t type, uint8_t vis,
    uint8_t seat)
{
	sab_event e;

	memset(&e, 0, sizeof e);
	e.type = type;
	e.vis = vis;
	e.seat = seat;
	e.card = SAB_NO_CARD;
	e.removed = SAB_NO_CARD;
	e.target = SAB_NO_SEAT;
	return e;
}

/* Returns 1 when events of type are a card played from a hand (of any
 * kind: the base game's own event types, or SAB_EV_PLAY). */
static inline int sab_event_is_play(uint8_t type)
{
	return (type >= SAB_EV_PATH && type <= SAB_EV_MAP) ||
	    type == SAB_EV_PLAY;
}

/* Returns the name of an event type ("draw", "path", ...). */
const char *sab_event_name(uint8_t type);

#endif
