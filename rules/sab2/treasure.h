/* treasure.h: who wins a Saboteur 2 round and what each dwarf is paid, as the rulebook's "Distributing the treasure" says. */
#ifndef SAB_SAB2_TREASURE_H
#define SAB_SAB2_TREASURE_H

/*
 * Internal to the rules library, and pure: the facts of a round's end in,
 * the winners and their gold out.  The Saboteur 2 module (not playable yet)
 * will gather the facts from the game; tests/test_sab2.c checks the function
 * against the rulebook's sentences and its worked example.
 */

#include <stdint.h>

#include "../board.h"
#include "../ruleset.h"

/* The dwarf cards of Saboteur 2. */
enum sab2_role {
	SAB2_NONE,
	SAB2_BLUE,              /* blue gold miner */
	SAB2_GREEN,             /* green gold miner */
	SAB2_BOSS,
	SAB2_PROFITEER,
	SAB2_GEOLOGIST,
	SAB2_SABOTEUR
};

/* A round's end as the treasure distribution needs it. */
typedef struct sab2_round {
	uint8_t nplayers;
	uint8_t role[SAB_MAX_PLAYERS];  /* enum sab2_role */
	uint8_t trapped[SAB_MAX_PLAYERS]; /* 1: a trapped card still lies in
	                                     front of the seat */
	uint8_t connected;              /* the gold was reached */
	uint8_t finder;                 /* the seat that reached it */
	uint8_t open_blue, open_green;  /* the way to the gold is not blocked
	                                   by a door for that team */
	uint8_t crystals;               /* crystals visible in the tunnels */
} sab2_round;

/* Who won and what each seat is paid (before thefts). */
typedef struct sab2_payout {
	uint16_t winners;               /* bit s: seat s is in the winning
	                                   group, or won alone */
	int16_t pay[SAB_MAX_PLAYERS];   /* gold pieces, crystals included */
} sab2_payout;

/*
 * Decides the round: the winning group (the gold miners of the teams that
 * win, the boss with them, the profiteer with whichever side wins; the
 * saboteurs and the profiteer when the gold was not reached), or the boss's
 * or the profiteer's win alone; pays the group by its size (5, 4, 3, 2,
 * then 1 each; the boss 1 less, the profiteer 2 less), the boss alone 4,
 * the profiteer alone 3; and the geologists a piece per visible crystal,
 * shared and rounded down when both are in play.  A trapped seat neither
 * counts in the group nor is paid.
 */
void sab2_distribute(const sab2_round *r, sab2_payout *out);

/* The gold each dwarf of a winning group of n dwarves gets (n >= 1). */
int sab2_group_pay(int n);

/*
 * The order in which thefts are carried out: "If more than one of you have
 * a theft card in front of you, start with the last player to play their
 * Theft card. The other players follow in a clockwise direction." and "You
 * can't use theft at the end of the round if you've been Trapped."  thief
 * is the set of seats with a theft card in front, last the seat that played
 * one last.  Writes the seats into order and returns how many.
 */
int sab2_theft_order(const sab2_round *r, uint16_t thief, int last,
    uint8_t *order);

/* The crystals visible in the tunnels: those of every card on the board
 * ("Some path cards show crystals ... they only matter to geologists"). */
int sab2_crystals(const sab_board *b, const sab_ruleset *rs);

#endif
