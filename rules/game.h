/* game.h: a game of Saboteur as a plain value: moves, their checks, and events. */
#ifndef SAB_GAME_H
#define SAB_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "event.h"
#include "rng.h"
#include "ruleset.h"

enum sab_role {
	SAB_ROLE_NONE,          /* games without dwarf cards */
	SAB_ROLE_MINER,
	SAB_ROLE_SABOTEUR,
	SAB_ROLE_GREEDY         /* module wc's greedy dwarf, after the base's */
};

/* Whose decision it is, and of what kind: each phase, what it asks and the
 * module that brought it are in rules/modules.def, whose order numbers
 * them (hashed: append only). */
enum sab_phase {
#define SAB_PHASE(name, owner) SAB_PHASE_##name,
#include "modules.def"
};

/* What a move does (rules/modules.def says each kind's, in the order that
 * numbers them). */
enum sab_move_kind {
#define SAB_MOVE(name, owner) SAB_MOVE_##name,
#include "modules.def"
	SAB_MOVE_KINDS
};

/*
 * A move.  `card` is a card definition index (which copy in the hand does
 * not matter); the fields the card's kind does not use are 0:
 * a path card: (x, y), rot 0 upright or 1 turned; a sabotage: target, and
 * tool (the card's); a repair: target and tool (one bit); a rockfall: (x,
 * y); a map: goal (a goal place index).
 */
typedef struct sab_move {
	uint8_t kind;           /* enum sab_move_kind */
	uint8_t card;
	uint8_t rot;
	uint8_t target;         /* a seat */
	uint8_t tool;           /* one tool bit */
	uint8_t goal;           /* a goal place index */
	uint8_t value;          /* gold value */
	int8_t x, y;
	/* A pass of several cards, or a removal: the cards discarded beside
	 * card (in the order card <= more[0] <= more[1]), and the card taken
	 * away from in front of oneself. */
	uint8_t nmore;
	uint8_t more[2];
	uint8_t front;
	uint8_t goal2;          /* a second goal place (a goal swap) */
} sab_move;

/* Returns 1 when m plays a card of type `type` (enum sab_card_type). */
static inline int sab_move_plays(const sab_ruleset *rs, const sab_move *m,
    uint8_t type)
{
	return m->kind == SAB_MOVE_PLAY && m->card < rs->ndefs &&
	    rs->defs[m->card].type == type;
}

/*
 * The most legal moves one card can have (a path card: two orientations on
 * every frontier cell), and any position (every distinct card of a full
 * hand, plus a discard of each).  These are bounds, not typical sizes: a
 * base game position has about 17 legal moves.
 */
#define SAB_MAX_CARD_MOVES (2 * SAB_MAX_FRONTIER)
/* Passes of 2 or 3 of 8 cards (C(8,2) + C(8,3)), and removals: a pair of
 * cards for each card in front. */
#define SAB_MAX_TURN_MOVES (28 + 56 + 28 * SAB_MAX_FRONT)
/* Tunnel toll: a dwarf on any frontier cell, for each card of the hand. */
#define SAB_MAX_MOVES (SAB_MAX_HAND * (SAB_MAX_CARD_MOVES + 1) + \
    SAB_MAX_TURN_MOVES + SAB_MAX_HAND * SAB_MAX_FRONTIER)

/*
 * How a game deals its rounds.  PLAY is the rulebook's way and every game's
 * before duplicate deals had their own: each round is shuffled by the
 * game's generator as play has left it, and the hands are dealt from the
 * seat that starts the round.  SEATS makes every round's deal a function
 * of the game's generator at its start and the seats alone, so that games
 * of one seed dealt this way hold the same hands, roles, goals and deck in
 * every round whoever plays them and however they play: round r is
 * shuffled by a generator of its own, seeded with sab_seed_mix(key, r)
 * (key: the generator's first output after the gold cards' shuffle), and
 * seat s is dealt the s-th hand from the top, whoever starts.  Duplicate
 * deals use it; the values are recorded in replays, so they never change.
 */
enum sab_deal {
	SAB_DEAL_PLAY,
	SAB_DEAL_SEATS
};

/* Why a round ended. */
enum sab_round_end {
	SAB_END_NONE,
	SAB_END_GOLD,           /* the gold goal was reached */
	SAB_END_NO_CARDS,       /* no player holds a card */
	/* New Goals (rules/minis/goals/). */
	SAB_END_SPIDER          /* the giant spider was reached: the
	                           saboteurs win */
};

/* The module hooks a game keeps a mask of (sab_game.hooks). */
#define SAB_HOOKS 5

/*
 * The whole state of a game, hidden parts included.  A plain value: copy it
 * with `=` or memcpy to search; it points only at its ruleset, which the
 * copies share.  Seats are numbered clockwise: the seat after s is s + 1.
 */
typedef struct sab_game {
	const sab_ruleset *rs;
	uint8_t nplayers;
	uint8_t phase;                  /* enum sab_phase */
	uint8_t round;                  /* 1-based */
	uint8_t to_act;                 /* the seat whose decision it is */
	uint8_t last_player;            /* who played the last card */
	uint16_t turn;                  /* turns played in this game, from 1 */
	uint8_t deal;                   /* enum sab_deal */
	/* For each hook the turn asks at every play (enum sab_hook,
	 * rules/table.h), bit i: the ruleset's module i has it; set by
	 * sab_game_new() from the ruleset, never hashed. */
	uint8_t hooks[SAB_HOOKS];
	uint64_t deal_key;              /* SAB_DEAL_SEATS: the key of each
	                                   round's own generator; else 0 */

	/* Cards. */
	uint8_t deck[SAB_MAX_DECK];     /* the draw pile; top is deck[ndeck-1] */
	uint16_t ndeck;
	uint8_t hand[SAB_MAX_PLAYERS][SAB_MAX_HAND];
	uint8_t nhand[SAB_MAX_PLAYERS];
	uint8_t discard[SAB_MAX_DECK];  /* the discard pile, face up or down */
	uint16_t ndiscard;
	/* The cards lying in front of each seat (broken tools, ...), in the
	 * order they were laid. */
	uint8_t front[SAB_MAX_PLAYERS][SAB_MAX_FRONT];
	uint8_t nfront[SAB_MAX_PLAYERS];

	/* The turn beyond whose it is (room the expansions need). */
	uint8_t dir;                    /* 0 clockwise, 1 counter-clockwise */
	uint8_t substep;                /* 0; n: the n-th extra card of a turn */
	uint8_t has_pending;            /* 1: `pending` is open to reactions */
	sab_move pending;
	uint16_t last_path;             /* cell index of the last path card
	                                   placed; SAB_NO_CELL: none */

	/* Roles. */
	uint8_t role[SAB_MAX_PLAYERS];  /* enum sab_role */
	uint8_t role_spare;             /* the dwarf card left over, unseen */
	uint8_t nsaboteurs;             /* saboteurs among the seats */

	/* Goals: the card lying on each goal place, and who looked at it. */
	uint8_t goal_def[SAB_MAX_GOALS];
	uint8_t goal_open;              /* bit g: goal g is face up */
	uint16_t peeked[SAB_MAX_PLAYERS];/* bit g: the seat looked at goal g */


	/* Round end and gold. */
	uint8_t round_end;              /* enum sab_round_end, this round */
	uint8_t finder;                 /* who reached the gold */
	uint8_t gold_deck[SAB_MAX_GOLD];/* face-down gold cards; top at end */
	uint8_t ngold_deck;
	uint8_t offer[SAB_MAX_GOLD];    /* gold cards being handed round */
	uint8_t noffer;
	int16_t gold[SAB_MAX_PLAYERS];  /* gold won so far, private until the end */
	uint16_t winners;               /* bit s: seat s shares the win (at the end) */
	uint16_t bank;                  /* gold pieces not yet paid out, for
	                                   modules that pay in pieces */

	/* The round's result once it ended: who won it and what each was
	 * paid in it. */
	uint16_t round_winners;         /* bit s: seat s won the round */
	int16_t round_pay[SAB_MAX_PLAYERS];

	/* The turn's room beyond one card (the expansions' cards use it):
	 * the cards put aside this round (naside of them: "Put aside the
	 * top 10 cards of the deck: You won't need them until the next
	 * round", bottom first, as they lay on the deck; recorded in
	 * replays, never hashed: nothing changes them in a round); a seat
	 * owed a card at the end of this turn (swap hands; SAB_NO_SEAT:
	 * none); the cards the turn draws at its end (1; a pass of several
	 * cards, a pathfinder's 2, a treasure trove's 0); a card held out of
	 * every pile until the turn's decision is made (a treasure trove,
	 * laid on the discard pile once a card is taken; SAB_NO_CARD). */
	uint8_t naside;
	uint8_t owed_draw;
	uint8_t draws;
	uint8_t held;
	uint8_t aside[SAB_MAX_ASIDE];
	/* The cell each goal place lies on this round: the ruleset's, set
	 * at each round's setup, until a module moves one (Treasure Chests'
	 * push-goal chest pushes it one cell further from the start; bit k
	 * of goals_pushed: place k moved).  Every game keeps them; the hash
	 * folds them only once one moved. */
	int8_t goal_x[SAB_MAX_GOALS], goal_y[SAB_MAX_GOALS];
	uint8_t goals_pushed;

	/* Each module's own fields, defined in its folder's state.h and
	 * pulled in by the list of modules (rules/modules.def), in its
	 * order. */
#define SAB_GAME_STATE(fields) fields
#include "modules.def"

	/* Last, so that a new game need not clear the team reach layers at
	 * the board's end (sab_board_reset() clears those a ruleset uses). */
	sab_board board;
} sab_game;

#define SAB_NO_CELL 0xFFFF

/* A map's goal naming no goal place but the face-down chest at the move's
 * (x, y) (Treasure Chests: "look at a treasure chest and the
 * corresponding path card in secret instead of a goal card"). */
#define SAB_GOAL_CHEST 0xFE

/* How many cards breaking tool bit `tool` lie in front of seat. */
int sab_game_broken(const sab_game *g, int seat, uint8_t tool);

/*
 * Starts a game of nplayers on ruleset rs (which must outlive the game),
 * shuffling with rng, and deals the first round; seat `first` plays first.
 * Appends the events of setting up to ev (may be NULL).  Returns 0, or -1
 * with a reason in err when the player count does not suit the ruleset.
 */
int sab_game_new(sab_game *g, const sab_ruleset *rs, int nplayers, int first,
    sab_rng *rng, sab_events *ev, char *err, size_t errlen);

/* The same, dealing the rounds the way `deal` says (enum sab_deal);
 * sab_game_new() deals them by SAB_DEAL_PLAY.  -1 also for a deal that
 * is none of them. */
int sab_game_new_dealt(sab_game *g, const sab_ruleset *rs, int nplayers,
    int first, int deal, sab_rng *rng, sab_events *ev, char *err,
    size_t errlen);

/* Returns 1 when the game has ended. */
int sab_game_over(const sab_game *g);

/*
 * In a reaction window (a module's phase, rules/modules.def): the seats
 * the rules ask, in their order, from the one to act on, if each of them
 * allows (a veto ends the window early), into seats (at least
 * SAB_MAX_PLAYERS); returns how many.  They follow from the order of play
 * and from which seats hold cards, never from what the cards are.  0 in
 * another phase.
 */
int sab_game_reactors(const sab_game *g, int *seats);

/*
 * Writes every legal move of the seat to act into out (at least
 * SAB_MAX_MOVES entries) and returns how many.  Moves that have the same
 * effect are listed once (one copy of a card, one orientation of a
 * symmetric card).  Returns 0 when the game is over.
 */
int sab_game_moves(const sab_game *g, sab_move *out);

/*
 * Like sab_game_moves(), but only the moves that play card def (its discard
 * not included), into out of at least SAB_MAX_CARD_MOVES entries.  Cheap
 * enough for random playouts.
 */
int sab_game_moves_card(const sab_game *g, uint8_t def, sab_move *out);

/*
 * Checks whether m is legal for the seat to act.  Returns 1, or 0 with the
 * reason in words in why (when why is not NULL), for example "no open
 * tunnel from the start reaches (4,1)".
 */
int sab_game_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen);

/*
 * The same, with the reason naming card definition i as words[i] (the
 * caller's words for the cards, such as the bot protocol's tokens, so that
 * a bot reads its own card words back); words NULL: the ruleset's names.
 * The rules know no protocol; the caller brings the words.
 */
int sab_game_check_as(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen);

/*
 * Applies a legal move (check it first: an illegal move is undefined), then
 * everything the rules do on their own until the next decision: drawing,
 * revealing goals, ending the round, handing out gold, dealing the next round,
 * ending the game.  Shuffles with rng; appends the events to ev (may be NULL).
 */
void sab_game_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev);

/*
 * Picks a random legal move with a cheap policy for playouts: a uniformly
 * chosen card of the hand, then a uniformly chosen legal use of it, or a
 * discard of it when it has none.  A gold pick takes one of the offered
 * cards uniformly (so a value with more copies is likelier).  Returns 0, or -1 when the game is over.
 */
int sab_game_random_move(const sab_game *g, sab_rng *rng, sab_move *m);

/* Card accounting: every card of the ruleset's deck, counted where it lies.
 * The seven counts add up to rs->deck_size at every moment; `waiting`:
 * a card pending (open to a veto) and a treasure trove held until its
 * take. */
typedef struct sab_census {
	int deck, hands, discard, board, in_front, aside, waiting;
} sab_census;
void sab_game_census(const sab_game *g, sab_census *c);

/* Returns 1 when the two moves have the same effect under rs: the same
 * kind and card, and the same arguments of the card's kind (the other
 * fields are not compared); a pass or a removal, the same set of cards in
 * whatever order (and the same card taken away). */
int sab_move_equal(const sab_ruleset *rs, const sab_move *a,
    const sab_move *b);

#endif
