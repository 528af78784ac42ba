/* board.h: the tunnel grid, where path cards may go, and what the start reaches. */
#ifndef SAB_BOARD_H
#define SAB_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "ruleset.h"

/*
 * The table is a fixed window of cells, large enough that an unbounded game
 * never reaches its edge: every card is joined to the start when it is placed,
 * so with 44 base path cards no card lies more than 44 cells from the start.
 * The outermost cells stay empty so a neighbour lookup never leaves the array.
 */
#define SAB_GRID 96
#define SAB_GRID_OFF 48
#define SAB_COORD_MIN (-46)
#define SAB_COORD_MAX 46
#define SAB_MAX_PLACED 224
/* Every frontier cell lies next to a placed card. */
#define SAB_MAX_FRONTIER (4 * SAB_MAX_PLACED)

/* Cell values: 0 empty, a face-down goal, or (definition + 1) | turned. */
#define SAB_CELL_EMPTY 0
#define SAB_CELL_HIDDEN 0x7F
#define SAB_CELL_TURNED 0x80
#define SAB_CELL_DEF(c) ((uint8_t)(((c) & 0x7F) - 1))
#define SAB_CELL_ROT(c) ((uint8_t)((c) >> 7))
_Static_assert(SAB_MAX_DEFS + 1 < SAB_CELL_HIDDEN,
    "a cell holds a definition + 1 below SAB_CELL_HIDDEN");

/*
 * Per-cell constraints for a fast fit test: a card with open edges e fits
 * the empty cell when (e & need_open) == need_open, (e & need_closed) == 0
 * and (e & join) != 0.
 */
typedef struct sab_fit {
	uint8_t need_open, need_closed, join;
} sab_fit;

typedef struct sab_board {
	/* Every card on the table, start and revealed goals included. */
	uint16_t placed[SAB_MAX_PLACED];
	uint16_t nplaced;
	uint8_t cell[SAB_GRID * SAB_GRID];
	/* The edges of each card that an open tunnel from the start reaches
	 * from inside the card (whole connection groups, never a stub). */
	uint8_t reach[SAB_GRID * SAB_GRID];
	/* The same for each team of a ruleset with doors (rs->nteams), team
	 * t's edges in bits 4(t-1) to 4(t-1)+3: a door of another colour is a
	 * wall to the team's tunnels; reach[] above passes every door.
	 * Unused, and left uncleared, without doors. */
	uint8_t team_reach[SAB_GRID * SAB_GRID];
	/* The frontier (sab_board_frontier()), kept as cards are placed
	 * rather than found again at every move list: each cell once, in
	 * the order a pass over placed[] and each card's open edges (in
	 * direction order) first finds it; front_key[i] is where that pass
	 * finds front[i], 4 * (its finder's place in placed[]) + direction.
	 * Found afresh when a card is taken away (placed[] reorders); zero
	 * past nfront.  front_fit[i]: front[i]'s fit masks, kept too. */
	uint16_t nfront;
	uint16_t front[SAB_MAX_FRONTIER];
	uint16_t front_key[SAB_MAX_FRONTIER];
	sab_fit front_fit[SAB_MAX_FRONTIER];
	/* Bit i % 64 of front_bit[i / 64]: cell i is in front[]. */
	uint64_t front_bit[SAB_GRID * SAB_GRID / 64];
} sab_board;

/* Directions 0..3 are N, E, S, W; the edge bit of direction d is 1 << d. */
extern const int8_t sab_dir_dx[4], sab_dir_dy[4];

static inline uint16_t sab_board_index(int x, int y)
{
	return (uint16_t)((y + SAB_GRID_OFF) * SAB_GRID + (x + SAB_GRID_OFF));
}
static inline int sab_board_x(uint16_t idx)
{
	return idx % SAB_GRID - SAB_GRID_OFF;
}
static inline int sab_board_y(uint16_t idx)
{
	return idx / SAB_GRID - SAB_GRID_OFF;
}

/* Empties the board, then lays the start card face up and the goal places
 * face down.  Recomputes what the start reaches. */
void sab_board_reset(sab_board *b, const sab_ruleset *rs);

/* Returns 1 when (x, y) is a cell a card may ever occupy under rs. */
int sab_board_inside(const sab_ruleset *rs, int x, int y);

/* Returns the cell value at (x, y); 0 outside the window. */
uint8_t sab_board_get(const sab_board *b, int x, int y);

/* Returns the open edges of a cell value (0 for empty or face-down). */
uint8_t sab_board_cell_edges(const sab_ruleset *rs, uint8_t cell);

/*
 * Checks whether path card def may go at (x, y), turned when rot is 1, by
 * the board rules of rs (inside the board, an empty cell, every side matching
 * its neighbours, and connected to the start or touching an open tunnel, as
 * the ruleset asks).  Broken tools are the game's business, not the board's.
 * Returns 1, or 0 with a reason in why (when why is not NULL).
 */
int sab_board_fits(const sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def, uint8_t rot, char *why, size_t whylen);

/* The same, with the reason naming card definition i as words[i] (NULL:
 * the ruleset's names), as sab_game_check_as() does. */
int sab_board_fits_as(const sab_board *b, const sab_ruleset *rs, int x,
    int y, uint8_t def, uint8_t rot, const char *const *words, char *why,
    size_t whylen);

/*
 * Lists the empty cells where some path card could go (next to an open edge
 * the ruleset lets a new card join).  Writes at most max cell indexes into
 * out and returns how many.
 */
int sab_board_frontier(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, int max);

/*
 * The empty cells where a card with a ladder could go: next to a card on
 * the table, not next to a goal card (no connection to the start needed).
 * Writes at most max cell indexes into out and returns how many.
 */
int sab_board_ladder_cells(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, int max);

void sab_board_fit_masks(const sab_board *b, const sab_ruleset *rs,
    uint16_t idx, sab_fit *f);

/* sab_board_frontier() with each cell's fit masks in fit[i] (the move
 * lists' way, in one call). */
int sab_board_frontier_fits(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, sab_fit *fit, int max);

/* Places a path card (no checks) and extends what the start reaches. */
void sab_board_place(sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def, uint8_t rot);

/* Removes the card at (x, y) (no checks) and recomputes what the start
 * reaches.  Returns the cell value that was there. */
uint8_t sab_board_remove(sab_board *b, const sab_ruleset *rs, int x, int y);

/* Lays a face-down card (Treasure Chests' path card over a chest) on the
 * empty cell (x, y), as a goal place is laid: no card may go there, and
 * a tunnel reaching it turns it face up (sab_board_reveal()). */
void sab_board_hide(sab_board *b, const sab_ruleset *rs, int x, int y);

/* Returns the directions (as edge bits, seen from the goal) through which a
 * tunnel from the start reaches the face-down goal at (x, y), or 0. */
uint8_t sab_board_goal_reached(const sab_board *b, int x, int y);

/*
 * Turns the face-down goal at (x, y) face up as card def, choosing the
 * orientation that opens towards the reaching tunnels (then the one that
 * matches most neighbours; upright on a tie), and extends what the start
 * reaches.  Returns the orientation chosen (0 upright, 1 turned).
 */
uint8_t sab_board_reveal(sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def);

/* The directions through which the tunnels of team `team` (1 to
 * rs->nteams; 0: everyone, passing every door) reach the cell (x, y),
 * seen from it, as edge bits; 0 when none does. */
uint8_t sab_board_team_reached(const sab_board *b, const sab_ruleset *rs,
    int team, int x, int y);

/* Returns 1 when the card at (x, y) is reached from the start. */
int sab_board_connected(const sab_board *b, int x, int y);

#endif
