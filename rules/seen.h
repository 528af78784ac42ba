/* seen.h: the table as one seat, a spectator or the whole table knows it,
 * kept from the events that perspective is told. */
#ifndef SAB_SEEN_H
#define SAB_SEEN_H

#include <stdint.h>

#include "board.h"
#include "event.h"
#include "game.h"
#include "ruleset.h"

/*
 * The modules' own perspective state, each in its folder's header:
 * SAB_SEEN_FIELDS_NAME its fields of sab_seen, SAB_SEEN_START_NAME(s) and
 * SAB_SEEN_ROUND_NAME(s) what they hold at the game's start (after every
 * field is zeroed) and at each round's.  A module without any is not
 * listed.  C cannot include a file for each row of a list, so the headers
 * are named here, once.
 */
#include "wc/wc_seen.h"
#include "minis/toll/toll_seen.h"
#include "minis/goals/goals_seen.h"
#include "minis/chests/chests_seen.h"
#define SAB_SEEN_MODULES(X) X(wc) X(toll) X(goals) X(chests)

/*
 * Perspectives: a seat (0 and up) knows what its bot is told; the public
 * perspective what a spectator is told; the whole table every hidden card
 * (it is given the events as the rules made them).
 */
enum {
	SAB_SEEN_ALL = -2,
	SAB_SEEN_PUBLIC = -1
};

/* A role this perspective has not been told. */
#define SAB_SEEN_UNKNOWN 0xFF

/*
 * The table as one perspective knows it: a plain value, built only from
 * events (sab_seen_apply()), so that the viewer, selfplay and the bot
 * helpers keep one model of what a seat knows instead of re-applying card
 * effects each.  Lists by seat have nplayers entries; a card or a role this
 * perspective does not know is SAB_NO_CARD or SAB_SEEN_UNKNOWN.
 */
typedef struct sab_seen {
	int8_t persp;                   /* a seat, SAB_SEEN_PUBLIC or _ALL */
	uint8_t nplayers;
	uint8_t round;                  /* 1-based; 0 before the first */
	uint8_t first;                  /* who plays first this round */
	uint8_t phase;                  /* enum sab_phase, as far as known */
	uint8_t to_act;                 /* whose decision it is, when known
	                                   here; else SAB_NO_SEAT */
	uint16_t turn;                  /* cards played or discarded, this game */
	uint8_t dir;                    /* 0 clockwise, 1 counter-clockwise */
	uint8_t round_end;              /* enum sab_round_end, this round */
	uint8_t finder;                 /* who reached the gold, or none */

	/* Cards.  The draw pile is counted as the deal left it (the round's
	 * start says how many), less each draw since; sab_seen_deck() adds
	 * the cards still being dealt. */
	uint16_t deck;
	uint8_t dealing;                /* 1 from a round's start to its first
	                                   play or pass */
	uint16_t dealt;                 /* draws of the deal so far */
	uint16_t ndiscard;              /* cards on the discard pile */
	uint8_t nhand[SAB_MAX_PLAYERS];
	uint8_t hand[SAB_MAX_PLAYERS][SAB_MAX_HAND]; /* in the rules' order */
	uint8_t front[SAB_MAX_PLAYERS][SAB_MAX_FRONT]; /* cards in front */
	uint8_t nfront[SAB_MAX_PLAYERS];

	/* Roles and goals. */
	uint8_t role[SAB_MAX_PLAYERS];  /* enum sab_role, or SAB_SEEN_UNKNOWN */
	uint16_t peeked[SAB_MAX_PLAYERS];/* bit g: the seat looked at goal g */
	uint8_t peek[SAB_MAX_PLAYERS][SAB_MAX_GOALS]; /* and saw this card */
	uint8_t goal_open;              /* bit g: goal g is face up */
	uint8_t goal_known[SAB_MAX_GOALS]; /* the card on goal g, if known */

	/* Gold. */
	int16_t gold[SAB_MAX_PLAYERS];  /* the gold known here */
	uint8_t gold_hidden[SAB_MAX_PLAYERS]; /* gold cards of unknown value */
	/* The gold cards offered to to_act, when this perspective is told. */
	uint8_t noffer;
	uint8_t offer[SAB_MAX_PLAYERS];
	uint16_t winners;               /* at the end: bit s shares the win */

	/* Where each goal place lies this round: the ruleset's cells until
	 * a module moves one (public). */
	int8_t goal_x[SAB_MAX_GOALS], goal_y[SAB_MAX_GOALS];

	/* What the modules bring, each module's fields from its header. */
#define SAB_SEEN_MODULE(name) SAB_SEEN_FIELDS_##name
	SAB_SEEN_MODULES(SAB_SEEN_MODULE)
#undef SAB_SEEN_MODULE

	sab_board board;
} sab_seen;

/*
 * Starts the table of a game of nplayers under rs as persp knows it before
 * any event: nothing known, the board laid out.
 */
void sab_seen_init(sab_seen *s, const sab_ruleset *rs, int nplayers,
    int persp);

/*
 * Applies event e as this perspective was told it (sab_event_view()'s
 * output for a seat or the public; the event itself for the whole table).
 * Events about seats outside the game are ignored.
 */
void sab_seen_apply(sab_seen *s, const sab_ruleset *rs, const sab_event *e);

/*
 * Tells the perspective event e as the rules made it: what sab_event_view()
 * lets it see, applied.  Returns 1 when it was told anything, else 0.
 */
int sab_seen_tell(sab_seen *s, const sab_ruleset *rs, const sab_event *e);

/* The whole table also knows the goal cards a round was dealt, which no
 * event tells: call it after the round's start with the game's goal_def. */
void sab_seen_goals(sab_seen *s, const sab_ruleset *rs,
    const uint8_t *goal_def);

/* Returns the cards in the draw pile, counting those the deal has still to
 * hand out (rs's hand size for each seat). */
int sab_seen_deck(const sab_seen *s, const sab_ruleset *rs);

/* Returns how many cards lying in front of seat break one of the tools
 * (tool bits; SAB_PICKAXE | SAB_LANTERN | SAB_CART: any). */
/* For the card kinds' learn functions: lays card in front of target;
 * takes away the card laid last there that breaks tool. */
void sab_seen_front_add(sab_seen *s, int target, uint8_t card);
void sab_seen_front_take_tool(sab_seen *s, const sab_ruleset *rs,
    int target, uint8_t tool);
/* Takes card away from in front of target; swaps the hands of a and b. */
void sab_seen_front_take(sab_seen *s, int target, uint8_t card);
void sab_seen_swap_hands(sab_seen *s, int a, int b);

int sab_seen_broken(const sab_seen *s, const sab_ruleset *rs, int seat,
    uint8_t tools);

#endif
