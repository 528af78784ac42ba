/* ruleset.h: cards and rulesets as data, parsed from YAML held in memory. */
#ifndef SAB_RULESET_H
#define SAB_RULESET_H

#include <stddef.h>
#include <stdint.h>

/*
 * Limits that size the plain-value game state.  They leave room for the
 * Saboteur 2 expansion (12 players, 118 cards) and the mini expansions.
 */
#define SAB_MAX_PLAYERS 12
#define SAB_MAX_HAND 8
#define SAB_MAX_DEFS 120        /* distinct card definitions (a board cell
                                   holds def + 1 below 0x7F) */
#define SAB_MAX_FRONT 16        /* cards lying in front of one seat */
#define SAB_MAX_MODULES 8       /* modules one ruleset names */
#define SAB_MAX_TEAMS 2         /* door colours, each a team's reach
                                   (two fit in the board's team_reach) */
#define SAB_MAX_DECK 192        /* path and action cards in the deck */
#define SAB_MAX_GOALS 8
#define SAB_MAX_GOLD 64         /* gold cards */
#define SAB_MAX_GOLD_VALUE 9
#define SAB_TOOLS 3
#define SAB_NAME_MAX 32
#define SAB_MAX_ROUNDS 9        /* rounds a ruleset may have */
#define SAB_MAX_ROLES 16        /* kinds of dwarf card, "none" included */
#define SAB_MAX_ASIDE 60        /* cards put aside each round (set_aside) */

/* Each module's limits, enums and fields of sab_ruleset. */
#include "modkeys.h"

/* Edges of a path card, in its upright frame; y grows to the south. */
enum {
	SAB_N = 1,
	SAB_E = 2,
	SAB_S = 4,
	SAB_W = 8
};

/* Turns an edge mask 180 degrees: N<->S, E<->W. */
static inline uint8_t sab_edges_turn(uint8_t m)
{
	return (uint8_t)(((m << 2) | (m >> 2)) & 15);
}

enum sab_card_type {
	SAB_CARD_PATH,          /* a tunnel card from the deck */
	SAB_CARD_START,         /* the start card */
	SAB_CARD_GOAL,          /* a goal card (gold or stone) */
	SAB_CARD_SABOTAGE,      /* a broken tool (course: malus) */
	SAB_CARD_REPAIR,        /* repairs one of its tools (course: bonus) */
	SAB_CARD_ROCKFALL,      /* removes a path card (course: destroy) */
	SAB_CARD_MAP,           /* peeks at a face-down goal */
	SAB_CARD_TYPES
};

/* Tools, as bits of sab_card.tools. */
enum {
	SAB_PICKAXE = 1,
	SAB_LANTERN = 2,
	SAB_CART = 4
};

/* The index (0 pickaxe, 1 lantern, 2 cart) of one tool bit, or -1 when bit
 * is not exactly one tool. */
static inline int sab_tool_index(uint8_t bit)
{
	for (int t = 0; t < SAB_TOOLS; t++)
		if (bit == (1u << t))
			return t;
	return -1;
}

/*
 * One card definition.  The deck holds `count` copies.  For a path card
 * `edges` are its open edges and `groups` the sets of edges joined through
 * its centre: one group for an ordinary card, none for a dead end (every open
 * edge is a stub that connects to nothing), two for a bridge.  An open edge
 * in no group is a stub.  `rot_*` are filled by sab_ruleset_finish().
 */
typedef struct sab_card {
	char name[SAB_NAME_MAX];
	uint8_t type;           /* enum sab_card_type */
	uint8_t edges;          /* open edges, upright */
	uint8_t groups[2];      /* connected edge sets; 0 = unused */
	uint8_t tools;          /* sabotage: exactly one bit; repair: any bits */
	uint8_t gold;           /* goal: 1 when it holds the treasure */
	uint8_t count;          /* copies in the deck (path and action cards) */
	uint8_t symmetric;      /* 1 when turning 180 degrees changes nothing */
	/* Path-card attributes the expansions give (0 in the base game):
	 * a door's colour (1 to SAB_MAX_TEAMS, closed to the other teams'
	 * tunnels), a ladder, crystals shown. */
	uint8_t door;
	uint8_t ladder;
	uint8_t crystals;
	/* A goal card's effect on reveal (module goals, the New Goals mini
	 * expansion: enum sab_goal_effect) and its gold sack's amount. */
	uint8_t effect;
	uint8_t amount;
	/* 1: one of Treasure Chests' face-down path cards (module chests),
	 * never in the deck: count is the copies in their own pile. */
	uint8_t chest;
	uint8_t rot_edges[2];   /* open edges upright [0] and turned [1] */
	uint8_t rot_group[2][4];/* per orientation and edge index (N,E,S,W):
	                           the group that edge belongs to, 0 = stub */
} sab_card;

/* What a goal card does when it turns face up (module goals).  The gold
 * (sab_card.gold) ends the round for the miners as ever. */
enum sab_goal_effect {
	SAB_GOAL_ROCKS,         /* black rocks: nothing */
	SAB_GOAL_SACK,          /* a gold sack: the revealer takes `amount` */
	SAB_GOAL_DRAGON,        /* the revealer pays 1 gold, if any */
	SAB_GOAL_SPIDER,        /* the round ends, the saboteurs win */
	SAB_GOAL_EFFECTS
};

enum sab_gold_drawn {
	SAB_GOLD_PER_MINER,     /* anniversary: one gold card per gold miner */
	SAB_GOLD_PER_PLAYER     /* classic: one per player (up to gold_drawn_max) */
};

enum sab_scoring {
	SAB_SCORE_GOLD,         /* three rounds, most gold wins, ties share */
	SAB_SCORE_PATH          /* course: who completes the path to the nugget wins */
};

enum sab_placement {
	SAB_PLACE_CONNECTED,    /* a new card joins the start through open tunnels */
	SAB_PLACE_TOUCHING      /* course: shares an open edge with any neighbour */
};

/*
 * A role: one kind of dwarf card.  A role's value in a game (sab_game.role,
 * events) indexes sab_ruleset.roles; value 0 is "none", the role of every
 * seat in a game without dwarf cards.  The names are the words bots, replays
 * read ("miner"); `side` is the word for its team's win ("miners");
 * `title` and `titles` what people read ("gold miner", "gold miners").
 * The modules a ruleset names bring its roles.
 */
typedef struct sab_role_def {
	char name[SAB_NAME_MAX];
	char side[SAB_NAME_MAX];
	char title[SAB_NAME_MAX];       /* for people: "gold miner" */
	char titles[SAB_NAME_MAX];      /* and their team: "gold miners" */
} sab_role_def;

/*
 * A ruleset.  Everything the engine needs that is data rather than card
 * effects.  The engine reads it through a pointer; it must outlive every game
 * that uses it.
 */
typedef struct sab_ruleset {
	char name[SAB_NAME_MAX];
	char title[96];
	uint8_t min_players, max_players;
	uint8_t rounds;
	uint8_t has_roles;              /* 0: no dwarf cards (course) */
	uint8_t nroles;                 /* roles[0] is "none" */
	sab_role_def roles[SAB_MAX_ROLES];
	uint8_t nteams;                 /* door colours on its path cards
	                                   (0: no doors; sab_ruleset_finish) */
	uint8_t ladders;                /* 1: some path card has a ladder
	                                   (sab_ruleset_finish) */
	uint8_t reactions;              /* 1: the deck holds a card played in
	                                   reaction (a veto; sab_ruleset_finish) */
	/* The open edges of each board cell value (rules/board.h: 0 empty,
	 * face down, or definition + 1 | turned), | 16 when the cell holds
	 * a card face up: the move lists' fit test reads it without a
	 * branch (sab_ruleset_finish). */
	uint8_t cell_edges[256];
	/* The same cell values' connection group holding each edge (0: a
	 * stub, a wall, or no card), and door colour (0: none). */
	uint8_t cell_group[256][4];
	uint8_t cell_door[256];
	uint8_t nmodules;               /* the modules it plays, by their */
	uint8_t modules[SAB_MAX_MODULES];/* index (sab_module_at()); base first */
	uint8_t saboteurs[SAB_MAX_PLAYERS + 1]; /* role cards by player count */
	uint8_t miners[SAB_MAX_PLAYERS + 1];
	uint8_t hand_size[SAB_MAX_PLAYERS + 1];

	/* Board: cell (x, y), x east, y south, start at `start_x, start_y`. */
	uint8_t bounded;                /* 0: unbounded table (a fixed window) */
	int8_t min_x, min_y, max_x, max_y;/* playable cells when bounded */
	int8_t start_x, start_y;
	uint8_t ngoals;
	int8_t goal_x[SAB_MAX_GOALS], goal_y[SAB_MAX_GOALS];

	/* Cards: every definition, including the start and the goals. */
	uint8_t ndefs;
	sab_card defs[SAB_MAX_DEFS];
	uint8_t start_def;              /* index into defs */
	uint8_t goal_defs[SAB_MAX_GOALS]; /* one goal card per goal place */
	/* The goal cards of the ruleset (module goals: more cards than
	 * places, goal_defs[0 .. ngoal_cards) holding them all; otherwise
	 * ngoals). */
	uint8_t ngoal_cards;
	uint16_t deck_size;             /* sum of counts over deck cards */

	/* Gold. */
	uint8_t ngold;                  /* gold cards in the game */
	uint8_t gold_cards[SAB_MAX_GOLD]; /* their values, in ruleset order */
	uint8_t gold_drawn;             /* enum sab_gold_drawn */
	uint8_t gold_drawn_max;         /* 0: no cap */
	uint8_t saboteur_pay[SAB_MAX_PLAYERS + 1]; /* by saboteurs in the round */
	/* The tournament variant's gold pieces instead of gold cards
	 * (gold: {pieces: ...}): 1 when on; the finder's, every other
	 * miner's, a winning greedy dwarf's pay, and each winning
	 * saboteur's by saboteurs in the round.  Off, a greedy dwarf's 4
	 * come from the gold cards as a saboteur's pay does. */
	uint8_t pieces;
	uint8_t pieces_finder, pieces_miner, pieces_greedy;
	uint8_t pieces_saboteur[SAB_MAX_PLAYERS + 1];

	/* Options: the places where the editions differ, and variants. */
	uint8_t placement;              /* enum sab_placement */
	uint8_t sabotage_self;          /* broken tools may go in front of oneself */
	uint8_t sabotage_stacks;        /* several of one tool (course malus) */
	uint8_t repair_self_only;       /* repairs only on oneself (course bonus) */
	uint8_t sabotaged_dwarf;        /* variant: broken miners get no gold */
	uint8_t scoring;                /* enum sab_scoring */
	uint8_t sabotage_def[SAB_TOOLS];/* the sabotage card of each tool */

	/* The turn's options beyond the base game's (Saboteur 2): a pass
	 * discards 1 to pass_max cards and draws as many; remove_front: a
	 * player may discard 2 cards to take one card away from in front of
	 * themselves; set_aside: cards of the shuffled deck put aside,
	 * unused, each round before the deal. */
	uint8_t pass_max;               /* 1 in the base game */
	uint8_t remove_front;
	uint8_t set_aside;
	/* The tournament variant: each round, the first path card of the
	 * shuffled deck is laid face up, upright, midway between the start
	 * and the middle goal place. */
	uint8_t middle_path;
	/* The module (sab_module_at()) whose roles and scoring the ruleset
	 * plays: 0, the base game's dwarf table (roles:) and gold cards; an
	 * expansion that deals its own dwarf cards and pays in pieces. */
	uint8_t roles_module;

	/* The modules' fields, each module's in its keys.h
	 * (rules/modkeys.h). */
	SAB_MODULES_RULESET_FIELDS
} sab_ruleset;

/*
 * Parses a ruleset from YAML text held in memory (len bytes; it need not end
 * in NUL).  `source` names the text in messages (a file name, or
 * "builtin:base").  On success fills *rs, runs sab_ruleset_finish() and
 * returns 0.  On failure returns -1 and writes "SOURCE:LINE:COLUMN: PLACE:
 * reason" into err (errlen bytes, always NUL-terminated when errlen > 0).
 * Never allocates anything the caller must free.
 *
 * The format (see man/saboteur-rules.5):
 *
 *   extends: base                     # optional: a built-in ruleset whose
 *                                     # sections fill in what this file
 *                                     # leaves out; options merge by key
 *   name: base                        # [a-z0-9_-], at most 31 characters
 *   title: "Saboteur, anniversary edition (2024)"
 *   players: {min: 3, max: 10}
 *   rounds: 3
 *   roles:                            # omit for a game without dwarf cards
 *     3: {saboteurs: 1, miners: 3}    # one entry per player count
 *     5: {saboteurs: 1, miners: 3, greedy: 1}  # greedy: module wc
 *   hand_size: {3: 6, 4: 6, ...}      # one entry per player count
 *   board:
 *     bounded: false                  # true: give min and max
 *     min: [-7, -5]                   # playable cells, inclusive
 *     max: [7, 9]
 *     start: [0, 0]
 *     goals: [[8, -2], [8, 0], [8, 2]]
 *   start_card: {edges: NESW}
 *   goal_cards:                       # as many as goals; shuffled each round
 *     - {name: gold, edges: NESW, gold: true}
 *     - {name: stone-ne, edges: NE}
 *     # module goals: more cards than places, each with an effect:
 *     # - {name: sack-2, edges: NESW, effect: sack, amount: 2}
 *     # - {name: dragon, edges: NS, effect: dragon}   # or spider, rocks
 *   deck:
 *     - {name: cross, type: path, edges: NESW, count: 5}
 *     - {name: dead-n, type: path, edges: N, dead_end: true, count: 1}
 *     - {name: bridge, type: path, edges: NESW, groups: [NS, EW], count: 2}
 *     - {name: broken-pickaxe, type: sabotage, tool: pickaxe, count: 3}
 *     - {name: repair-pickaxe-lantern, type: repair,
 *        tools: [pickaxe, lantern], count: 1}
 *     - {name: rockfall, type: rockfall, count: 3}
 *     - {name: map, type: map, count: 6}
 *   gold:                             # omit for a game without gold
 *     cards: {1: 16, 2: 8, 3: 4}      # value: copies
 *     drawn: per_miner                # or per_player
 *     drawn_max: 9                    # optional cap, 0 = none
 *     saboteur_pay: {1: 4, 2: 3, 3: 3, 4: 2}
 *     # or, instead of cards and saboteur_pay, the tournament's pieces:
 *     # pieces: {finder: 3, miner: 2, greedy: 4, saboteur: {1: 4, 2: 3}}
 *   options:
 *     placement: connected            # or touching
 *     sabotage_self: false
 *     sabotage_stacks: false
 *     repair_self_only: false
 *     sabotaged_dwarf: false
 *     scoring: gold                   # or path
 *     pass_max: 1                     # Saboteur 2: a pass of 1 to 3 cards
 *     remove_front: false             # discard 2, take a card from in front
 *     set_aside: 0                    # cards put aside each round
 *   toll: {dwarves: 2, gold: 1}       # module toll: Tunnel Toll's dwarves,
 *                                     # and each seat's gold at setup
 *   postcards:                        # modules costume and party
 *     - {name: costume-department, type: costume, at: [4, -2],
 *        edges: NESW}
 *
 * Path cards may also carry door: blue|green, ladder: true, crystals: N;
 * the deck may hold the card types the ruleset's modules bring (sab2:
 * theft, hands-off, trapped, freedom, inspection, change-hats,
 * swap-hands).
 *
 * Edge strings are made of the letters N, E, S, W, each at most once.
 * Unknown keys are errors (a typo must not silently change the rules).
 */
int sab_ruleset_parse(sab_ruleset *rs, const char *text, size_t len,
    const char *source, char *err, size_t errlen);

/*
 * Checks the cross-field rules of a filled ruleset and fills the derived
 * fields (rot_edges, rot_group, symmetric, deck_size, sabotage_def).  Returns
 * 0, or -1 with a reason in err.  sab_ruleset_parse() calls it; call it
 * yourself only when you build a ruleset in code.
 */
int sab_ruleset_finish(sab_ruleset *rs, char *err, size_t errlen);

/*
 * The rulesets compiled into the library: returns the YAML text of the
 * ruleset called name and sets *len, or NULL when there is none.
 */
const char *sab_ruleset_builtin(const char *name, size_t *len);

/* Returns the name of the i-th built-in ruleset, or NULL past the last. */
const char *sab_ruleset_builtin_name(int i);

/*
 * Loads the built-in ruleset called name into *rs.  Returns 0, or -1 with a
 * message in err.
 */
int sab_ruleset_load_builtin(sab_ruleset *rs, const char *name,
    char *err, size_t errlen);

/* Returns the index of the card definition called name, or -1. */
int sab_ruleset_find(const sab_ruleset *rs, const char *name);

/* The word for role value `role` of rs ("miner"), or "?" for none such;
 * sab_role_side() the word for its side's win ("miners"). */
const char *sab_role_name(const sab_ruleset *rs, uint8_t role);
const char *sab_role_side(const sab_ruleset *rs, uint8_t role);

/* Names of a tool bit ("pickaxe", ...) and of a card type ("path", ...). */
const char *sab_tool_name(uint8_t tool);
const char *sab_card_type_name(uint8_t type);

/*
 * Writes an edge mask as letters ("NESW", "NS", "-" for none) into buf,
 * which must hold at least 5 bytes.  Returns buf.
 */
char *sab_edges_format(uint8_t edges, char *buf);

#endif
