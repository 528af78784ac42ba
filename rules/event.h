/* event.h: every state change of a game, marked with who may see it. */
#ifndef SAB_EVENT_H
#define SAB_EVENT_H

#include <stdint.h>
#include <string.h>

#include "ruleset.h"

#define SAB_NO_CARD 0xFF
#define SAB_NO_SEAT 0xFF

enum sab_event_type {
	SAB_EV_GAME_START,      /* n players */
	SAB_EV_ROUND_START,     /* round `value`, seat plays first, n cards in the deck after the deal */
	SAB_EV_ROLE,            /* seat is role `value` (enum sab_role) */
	SAB_EV_DRAW,            /* seat takes card from the deck */
	SAB_EV_PATH,            /* seat plays path card at (x, y), turned when rot */
	SAB_EV_SABOTAGE,        /* seat lays card, breaking tool of target */
	SAB_EV_REPAIR,          /* seat plays card, repairing tool of target */
	SAB_EV_ROCKFALL,        /* seat plays card, removing `removed` from (x, y) */
	SAB_EV_MAP,             /* seat plays card to look at goal */
	SAB_EV_PEEK,            /* seat sees that goal holds card */
	SAB_EV_PASS,            /* seat passes, discarding card (SAB_NO_CARD:
	                           none); n > 1: the n cards vals[0..n) */
	SAB_EV_REVEAL,          /* goal at (x, y) turns face up: card, rot */
	SAB_EV_ROUND_END,       /* round `value` ends: n = enum sab_round_end;
	                           seat reached the gold (or SAB_NO_SEAT);
	                           target = winning side (a role, NONE: nobody);
	                           mask = the seats that won the round */
	SAB_EV_ROLE_REVEAL,     /* seat was role `value` */
	SAB_EV_GOLD_OFFER,      /* seat is offered gold cards vals[0..n) to pick one
	                           (never more than the players, so vals holds them) */
	SAB_EV_GOLD,            /* seat receives a gold card worth `value` */
	SAB_EV_GAME_END,        /* n seats; vals[s] = gold of seat s; mask = seats sharing the win */
	SAB_EV_PLAY,            /* seat plays card of a kind without an event
	                           type of its own, with its kind's arguments
	                           in the move's fields (rules/effect.h) */
	SAB_EV_REMOVE,          /* seat discards vals[0], vals[1] (face up) and
	                           takes card `removed` away from in front */
	SAB_EV_INSPECT,         /* seat (alone) sees that target is role value */
	SAB_EV_HAND,            /* seat's (alone) hand is now vals[0..n) */
	SAB_EV_STEAL,           /* seat takes `value` gold from target */
	SAB_EV_CHOICES,         /* seat (alone) must choose a seat of mask */
	SAB_EV_PENDING,         /* seat plays card (its kind's arguments in
	                           the move's fields): open to a veto, not yet
	                           in effect */
	SAB_EV_REACT,           /* seat (alone) may veto the pending card of
	                           target */
	SAB_EV_VETO,            /* seat vetoes the pending card of target:
	                           both cards to the discard pile */
	SAB_EV_TROVE,           /* seat (alone) sees the top n cards of the
	                           discard pile, vals[0..n), top first */
	SAB_EV_TAKE,            /* seat takes card from the discard pile
	                           (no card, in the open: a treasure trove
	                           on an empty pile took nothing) */
	SAB_EV_LAID,            /* the rules lay path card face up at (x, y),
	                           turned when rot, at a round's setup */
	/* Tunnel toll (rules/minis/toll.c). */
	SAB_EV_DWARF,           /* seat puts dwarf `tool` (0, 1) on (x, y),
	                           after the pass that discarded its card */
	SAB_EV_TOLL,            /* seat pays 1 gold to target, the owner of
	                           dwarf `tool` on (x, y), which leaves */
	/* Costume Department and Tunnel Party (rules/minis/postcards.c). */
	SAB_EV_POSTCARD,        /* seat connected postcard `card` at (x, y)
	                           to the start first: its effect follows */
	/* New Goals (rules/minis/goals.c). */
	SAB_EV_ORDER,           /* seat must choose which face-down goal of
	                           mask (bit k: goal place k) turns face up
	                           first */
	SAB_EV_PAID,            /* seat pays `value` gold to the supply (a
	                           dragon; 0: it had none) */
	/* Treasure chests (rules/minis/chests.c). */
	SAB_EV_CHEST,           /* a chest lies under a face-down path card
	                           at (x, y), at a round's setup */
	SAB_EV_OPEN,            /* seat uncovers the chest at (x, y): its
	                           path card `card` turned face up (rot), its
	                           chest `value` (enum sab_chest) */
	SAB_EV_MILL,            /* n cards of the deck go face down to the
	                           discard pile */
	SAB_EV_CHEST_ASK,       /* seat (alone) chooses a seat of mask for
	                           chest `value` */
	SAB_EV_GRAB,            /* seat takes a card from target's hand
	                           (which: each is sent its SAB_EV_HAND) */
	SAB_EV_PUSH,            /* seat pushes face-down goal place `goal`
	                           from (vals[0], vals[1]) to (x, y) */
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
