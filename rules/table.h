/* table.h: the primitives every card effect and the turn use: hands, piles, the cards in front of each seat, seats and direction, events. */
#ifndef SAB_TABLE_H
#define SAB_TABLE_H

/*
 * Internal to the rules library (not part of saboteur.h): the turn
 * (game.c), the card kinds and the modules share these, so that no effect
 * touches the state's arrays in its own way.
 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "effect.h"
#include "game.h"
#include "pile.h"

/*
 * The small primitives are inline: the move generator and the turn call
 * them for every card and move, and the rules engine's speed is measured
 * (make bench).
 */

/* Appends e to ev (NULL: nothing); a full list sets ev->overflow. */
static inline void sab_table_emit(sab_events *ev, const sab_event *e)
{
	if (ev == NULL)
		return;
	if (ev->n >= SAB_MAX_EVENTS) {
		ev->overflow = 1;
		return;
	}
	ev->ev[ev->n++] = *e;
}

/* The event of seat g->to_act playing m's card: its kind's event type,
 * public, with the card. */
sab_event sab_table_play_event(const sab_game *g, const sab_move *m);

/* The position of card def in seat's hand, or -1. */
static inline int sab_table_hand_find(const sab_game *g, int seat, uint8_t def)
{
	for (int i = 0; i < g->nhand[seat]; i++)
		if (g->hand[seat][i] == def)
			return i;
	return -1;
}
/* Takes one copy of def out of seat's hand (the last card fills its
 * place). */
static inline void sab_table_hand_take(sab_game *g, int seat, uint8_t def)
{
	int i = sab_table_hand_find(g, seat, def);

	if (i >= 0)
		g->hand[seat][i] = g->hand[seat][--g->nhand[seat]];
}
/* Seat draws the top card of the deck, when there is one and room. */
void sab_table_draw(sab_game *g, int seat, sab_events *ev);
/* Puts def on the discard pile. */
void sab_table_discard(sab_game *g, uint8_t def);

/* The seat after s in the direction of play. */
static inline int sab_table_next(const sab_game *g, int s)
{
	return g->dir ? (s + g->nplayers - 1) % g->nplayers :
	    (s + 1) % g->nplayers;
}
/* The seat before s in the direction of play (the way base game gold
 * cards travel). */
static inline int sab_table_prev(const sab_game *g, int s)
{
	return g->dir ? (s + 1) % g->nplayers :
	    (s + g->nplayers - 1) % g->nplayers;
}

/* The cards in front of a seat (rules/pile.h): lay def there; take away
 * the one laid last that breaks tool (returns its definition, or
 * SAB_NO_CARD); count those that break tool. */
void sab_table_front_add(sab_game *g, int seat, uint8_t def);
uint8_t sab_table_front_take_tool(sab_game *g, int seat, uint8_t tool);
static inline int sab_table_front_tool(const sab_game *g, int seat,
    uint8_t tool)
{
	return sab_pile_count(g->rs, g->front[seat], g->nfront[seat], tool);
}

/* The tools broken in front of seat, as tool bits. */
static inline uint8_t sab_table_front_mask(const sab_game *g, int seat)
{
	return sab_pile_mask(g->rs, g->front[seat], g->nfront[seat]);
}

/* Whether any broken tool lies in front of seat. */
static inline int sab_table_front_broken(const sab_game *g, int seat)
{
	return sab_table_front_mask(g, seat) != 0;
}

/* Whether a card lying in front of seat stops it playing path cards: a
 * broken tool, or a card whose kind blocks paths (Saboteur 2's trapped).
 * Returns that card, or SAB_NO_CARD. */
static inline uint8_t sab_table_front_blocks(const sab_game *g, int seat)
{
	for (int i = 0; i < g->nfront[seat]; i++) {
		uint8_t def = g->front[seat][i];
		uint8_t type = g->rs->defs[def].type;
		if (type == SAB_CARD_SABOTAGE || (type >= SAB_CARD_TYPES &&
		    sab_kind_of(type)->blocks_paths))
			return def;
	}
	return SAB_NO_CARD;
}

/* The word for card def in a reason: words[def] (the caller's), or the
 * ruleset's name. */
const char *sab_table_card_word(const sab_game *g, const char *const *words,
    uint8_t def);
/* Checks that target is a seat; 0 with a reason when not. */
int sab_table_check_seat(const sab_game *g, int target, char *why,
    size_t whylen);

/* A move of kind for card (every other field 0). */
static inline sab_move sab_table_move(uint8_t kind, uint8_t card)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = kind;
	m.card = card;
	return m;
}

/* The same move written in place, as move lists write theirs: a move
 * built on the stack, filled byte by byte and copied whole was most of the
 * time a path card's list took (store forwarding stalls; make bench). */
static inline void sab_table_move_at(sab_move *m, uint8_t kind, uint8_t card)
{
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->card = card;
}

/* Turns the face-down goal at place k face up, fitting it to the tunnels
 * that reach it (sab_board_reveal()), and emits its reveal (table.c).
 * Returns its card's gold (1: the gold). */
int sab_table_reveal_goal(sab_game *g, int k, sab_events *ev);

/* The hooks the turn asks at every play, by their index in
 * sab_game.hooks: those no module of the ruleset has cost a game nothing,
 * and the others are asked of the modules that have them alone. */
enum sab_hook {
	SAB_HOOK_REACT,         /* sab_module.react */
	SAB_HOOK_REVEAL,        /* reveal */
	SAB_HOOK_UNCOVER,       /* uncover */
	SAB_HOOK_SETTLE,        /* settle */
	SAB_HOOK_MAPS           /* maps_barred */
};

/* The i-th module of the ruleset, for i of a mask of sab_game.hooks. */
static inline const sab_module *sab_table_module(const sab_game *g, int i)
{
	return sab_modules[g->rs->modules[i]];
}

/* The module of the lowest bit of hook mask b (not 0): the modules a
 * hook mask names are asked as
 * for (unsigned b = g->hooks[h]; b; b &= b - 1) sab_table_hook_module(g, b)
 * (a loop over the bits set alone: the turn asks at every play). */
static inline const sab_module *sab_table_hook_module(const sab_game *g,
    unsigned b)
{
	return sab_table_module(g, __builtin_ctz(b));
}

/* Whether rs plays the module m. */
int sab_table_plays(const sab_ruleset *rs, const sab_module *m);

/* The path hooks of every module the game plays, in the ruleset's order
 * (sab_module.path_check and the rest): whether the seat to act may lay
 * path move m, which fits (1, or 0 with the reason in why); the path moves
 * of out[0 .. n) they allow, kept in order (returns how many); path move
 * m was laid and told; whether a module holds cell idx, which only a path
 * card from the hand may cover (1, with the reason in why). */
int sab_table_path_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen);
int sab_table_path_filter(const sab_game *g, sab_move *out, int n);
void sab_table_path_laid(sab_game *g, const sab_move *m, sab_events *ev);
int sab_table_cell_held(const sab_game *g, uint16_t idx, char *why,
    size_t whylen);

/* The face-down cards the modules lay (sab_module.hidden_at and the rest):
 * whether one lies at (x, y); every one's cell into cells (room for
 * SAB_MAX_HIDDEN), returning how many; the one at (x, y) taken off the
 * table; what a map shows of the one at (x, y), into e. */
int sab_table_hidden_at(const sab_game *g, int x, int y);
/* Whether a module bars maps from looking at goals
 * (sab_module.maps_barred): 1, with the reason in why (may be NULL). */
int sab_table_maps_barred(const sab_game *g, char *why, size_t whylen);
int sab_table_hidden_cells(const sab_game *g, uint16_t *cells);
void sab_table_hidden_taken(sab_game *g, int x, int y);
void sab_table_hidden_peek(const sab_game *g, int x, int y, sab_event *e);

/* What the turn does after the round's end was settled: the next round,
 * or the game's end (game.c). */
void sab_table_next_round(sab_game *g, sab_rng *rng, sab_events *ev);

/*
 * The turn's steps a module's decision goes on with (game.c).
 * carry_out: the seat to act's play m takes effect (its card out of the
 * hand already when pending), then the rest of the turn.  reveal_all:
 * what a card turned face up, goals first (goal place `first` first; -1:
 * none), returning the round's end they brought.  after_reveal: the turn
 * of seat goes on after that (the round's end `end`, a decision asked, the
 * modules' settle, the next card of a pathfinder; sub: the substep the
 * card was played in).  settle: the modules' settle hooks, 1 when one
 * asks a seat.  finish_turn: the end of seat's turn after move m (the
 * draws, the next seat).  turn_over: the next seat holding cards, or the
 * round's end when no hand holds one.
 */
void sab_table_carry_out(sab_game *g, const sab_move *m, int pending,
    sab_rng *rng, sab_events *ev);
int sab_table_reveal_all(sab_game *g, int first, sab_events *ev);
void sab_table_after_reveal(sab_game *g, int seat, int sub,
    const sab_move *m, int end, sab_rng *rng, sab_events *ev);
int sab_table_settle(sab_game *g, sab_rng *rng, sab_events *ev);
void sab_table_finish_turn(sab_game *g, int seat, const sab_move *m,
    sab_rng *rng, sab_events *ev);
void sab_table_turn_over(sab_game *g, sab_rng *rng, sab_events *ev);

#endif
