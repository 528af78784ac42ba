/* effect.h: card kinds and modules: what a card does, and what an expansion brings. */
#ifndef SAB_EFFECT_H
#define SAB_EFFECT_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

struct sab_seen;
struct sab_rs_key;

/*
 * A card kind is one entry of a table, and all of it sits in one block of
 * one file (rules/base/cards.c for the base game's): the word that names it
 * in a ruleset's deck, the protocol arguments a move with it takes, its
 * token, and its check, generate, apply and words.  The turn (rules/game.c)
 * knows no kind: it checks the hand and the phase, then asks the card's kind.
 *
 * A kind's protocol arguments follow "play TOKEN" in a move and "played
 * SEAT TOKEN" in an event, in list order, each read from and written to one
 * field of the move (or of the event, which has the same fields).  The
 * protocol parses and prints every kind with one loop over this list.
 */
enum sab_arg {
	SAB_ARG_END,            /* ends the list */
	SAB_ARG_X,              /* a column: move.x */
	SAB_ARG_Y,              /* a row: move.y */
	SAB_ARG_ROT,            /* 0 upright or 1 turned: move.rot */
	SAB_ARG_SEAT,           /* a seat: move.target */
	SAB_ARG_TOOL,           /* a tool word ("pickaxe"): move.tool */
	SAB_ARG_GOAL,           /* a goal place written as its X Y: move.goal */
	SAB_ARG_CARD_TOOL,      /* not written: move.tool is the card's tool */
	SAB_ARG_REMOVED,        /* events only: the card taken away (removed) */
	SAB_ARG_GOAL2,          /* a second goal place written as its X Y:
	                           move.goal2 */
	SAB_ARG_FROM            /* events only: the cell a card left, X Y
	                           (the event's vals[0] and vals[1]) */
};
#define SAB_MAX_ARGS 6

/* The frontier and its fit masks, computed once per listing of moves and
 * shared by the kinds that place path cards. */
typedef struct sab_frontier {
	int n;                  /* -1: not computed yet */
	uint16_t cell[SAB_MAX_FRONTIER];
	sab_fit fit[SAB_MAX_FRONTIER];
} sab_frontier;

/*
 * How a play is told in words: the viewer's step line (cards by token,
 * places as "X Y") or selfplay's trace (cards by name, places as "(X,Y)").
 * card() gives the word for a card definition (ctx is the caller's).
 */
enum sab_words_style {
	SAB_WORDS_STEP,
	SAB_WORDS_TRACE
};
typedef struct sab_words {
	uint8_t style;          /* enum sab_words_style */
	const char *(*card)(const void *ctx, uint8_t def);
	const void *ctx;
	/* Where each goal place lies now (Treasure Chests may push one);
	 * NULL: the ruleset's cells. */
	const int8_t *goal_x, *goal_y;
} sab_words;

/* The cell goal place k lies on in w's words: w's, else the ruleset's. */
static inline void sab_words_goal(const sab_ruleset *rs, const sab_words *w,
    int k, int *x, int *y)
{
	*x = w != NULL && w->goal_x != NULL ? w->goal_x[k] : rs->goal_x[k];
	*y = w != NULL && w->goal_y != NULL ? w->goal_y[k] : rs->goal_y[k];
}

typedef struct sab_kind {
	const char *word;       /* its ruleset word and name: "sabotage" */
	uint8_t deck;           /* 1: a card of the deck, played from a hand */
	uint8_t event;          /* enum sab_event_type of its play */
	uint8_t args[SAB_MAX_ARGS]; /* enum sab_arg, ending with SAB_ARG_END */
	const char *args_help;  /* the arguments for people: "SEAT TOOL" */

	/* Writes the card's token (what bots call it) into buf; returns its
	 * length, or -1 when it does not fit. */
	int (*token)(const sab_card *c, char *buf, size_t size);
	/* Whether seat g->to_act may play m (card in hand, phase, card of
	 * this kind: already checked).  Returns 1, or 0 with the reason in
	 * words (card i named words[i], NULL: the ruleset's names). */
	int (*check)(const sab_game *g, const sab_move *m,
	    const char *const *words, char *why, size_t whylen);
	/* Writes every legal play of card def into out (at most
	 * SAB_MAX_CARD_MOVES) and returns how many. */
	int (*gen)(const sab_game *g, uint8_t def, sab_frontier *f,
	    sab_move *out);
	/* Carries out a legal play of seat g->to_act, whose card has left
	 * the hand, and emits its events (sab_table_play_event() starts the
	 * first) into ev (may be NULL). */
	void (*apply)(sab_game *g, const sab_move *m, sab_events *ev);
	/* What a perspective learns from its play: applies event e, as the
	 * perspective may see it, to the table it knows (rules/seen.h); the
	 * card has left the hand there already. */
	void (*learn)(struct sab_seen *s, const sab_ruleset *rs,
	    const sab_event *e);
	/* Whether the play may have reached a goal (the turn then reveals). */
	uint8_t reveals;
	/* Lying in front of a seat, the card stops it playing path cards
	 * (Saboteur 2's trapped; broken tools do so by their tools). */
	uint8_t blocks_paths;
	/* Played only as a reaction to another seat's card, in a reaction
	 * window (its phase is a module's, rules/modules.def): never on one's
	 * own turn, and never itself open to a reaction. */
	uint8_t reaction;
	/* Laid face up on the table by the rules at a round's setup, never
	 * in a deck or a hand (the mini expansions' postcards): its shape is
	 * a path card's, and the ruleset gives where it lies. */
	uint8_t laid;
	/* Its play (event e of its kind) in words for people, as w asks;
	 * returns what snprintf() returns. */
	int (*say)(const sab_ruleset *rs, const sab_event *e,
	    const struct sab_words *w, char *buf, size_t size);
	/* Its letter in the viewer's column of what lies in front of a
	 * seat, after the broken tools ('T': a theft lies there); 0: none.
	 * The viewer has room for two such kinds. */
	char front_mark;
	/* The viewer's legend line of a card the rules lay on the board
	 * (laid): its marks and words, said once for the kinds that share
	 * them, when the ruleset has a card of the kind; NULL: none. */
	const char *legend_key, *legend;
} sab_kind;

/* The kind of card type t, or NULL.  Types number the kinds of every
 * module in sab_module_at() order: the base game's are enum
 * sab_card_type, found without a walk (the turn asks for every card). */
extern const sab_kind *const sab_base_kinds[];
const sab_kind *sab_kind_beyond_base(uint8_t type);
static inline const sab_kind *sab_kind_of(uint8_t type)
{
	return type < SAB_CARD_TYPES ? sab_base_kinds[type] :
	    sab_kind_beyond_base(type);
}

/* The kind of the card a move plays, or NULL for a discard or a pick. */
const sab_kind *sab_move_kind(const sab_ruleset *rs, const sab_move *m);

/* The card type whose kind's word is `word` (len bytes), or -1; the deck
 * words are the kinds with deck set. */
int sab_kind_find(const char *word, size_t len);

/*
 * A decision the turn asks of a seat beyond its turn's card: one row for
 * each phase but PLAY and OVER, in the `decisions` of the module
 * rules/modules.def says brought the phase.  The turn (rules/game.c) knows
 * no other phase: in the row's phase it asks the row.
 */
#define SAB_MAX_DECISION_MOVES 32
typedef struct sab_decision {
	uint8_t phase;          /* enum sab_phase */
	/* Whether the seat to act may make move m: 1, or 0 with the reason
	 * in why (card i named words[i], NULL: the ruleset's names). */
	int (*check)(const sab_game *g, const sab_move *m,
	    const char *const *words, char *why, size_t whylen);
	/* Every legal move into out (at most SAB_MAX_DECISION_MOVES),
	 * returning how many. */
	int (*moves)(const sab_game *g, sab_move *out);
	/* A random legal move for a playout; NULL: one of those moves()
	 * lists, uniformly. */
	void (*random)(const sab_game *g, sab_rng *rng, sab_move *m);
	/* Carries out legal move m, then goes on to the next decision (the
	 * rest of the turn, the next round). */
	void (*apply)(sab_game *g, const sab_move *m, sab_rng *rng,
	    sab_events *ev);
} sab_decision;

/* Which fields of two moves of one kind must match for them to have the
 * same effect (sab_move_equal()). */
enum sab_same {
	SAB_SAME_CARD = 1,
	SAB_SAME_VALUE = 2,
	SAB_SAME_TARGET = 4,
	SAB_SAME_XY = 8,
	SAB_SAME_GOAL = 16,
	SAB_SAME_CARDS = 32,    /* card and more[0 .. nmore), as a set */
	SAB_SAME_FRONT = 64
};

/* A move kind a module brings, as the turn judges it. */
typedef struct sab_move_rule {
	uint8_t kind;           /* enum sab_move_kind */
	uint8_t same;           /* enum sab_same bits */
	/* A decision's own move made on a seat's turn, when the decision
	 * is not asked: what the seat is told ("there is no card to allow
	 * now"); NULL: a move of a seat's turn, which turn_check judges. */
	const char *idle;
} sab_move_rule;

/*
 * A module: an expansion, or the base game.  It brings card kinds, roles and
 * scoring, and hooks the turn calls at fixed moments.  A ruleset names its
 * modules (sab_ruleset.modules); the base game is the module "base".  A
 * module that is not ready is an empty home for an expansion still to come:
 * a ruleset naming it is refused.
 */
/* The most face-down cards the modules of one ruleset lay on the table in
 * a round (sab_module.hidden_cells fills a buffer this long; a module
 * checks its own limit against it). */
#define SAB_MAX_HIDDEN 16

typedef struct sab_module {
	const char *name;       /* "base" */
	const char *title;
	uint8_t ready;          /* 0: not playable yet */
	/* The card kinds it brings, ending with NULL, in its card file.  A
	 * card's type numbers the kinds of every module in turn; the number
	 * is the program's own (a ruleset and its hash name a kind by its
	 * word), so a kind may be added anywhere. */
	const sab_kind *const *kinds;
	const sab_role_def *roles; /* its roles, value order ("none" first), */
	uint8_t nroles;         /*   or none */
	/* 1: its roles (no "none" among them) come after the base game's,
	 * which still deal, decide and pay rounds (the greedy dwarf), and
	 * only when the base game's roles are the ruleset's. */
	uint8_t roles_extend;
	/* How many cards of each of its roles it deals from, by role value
	 * (NULL: the ruleset's saboteurs and miners by player count), for
	 * people ("saboteur rules"). */
	const uint8_t *role_cards;
	/* At a round's start, after the board, deck and goals are set and
	 * before the deal: roles. */
	void (*round_start)(sab_game *g, sab_rng *rng, sab_events *ev);
	/* After a turn's card took effect, before the draw. */
	void (*turn_end)(sab_game *g, sab_events *ev);
	/* After a card played took effect and the goals it reached were
	 * turned up, before the round may end (a postcard reached). */
	void (*played)(sab_game *g, sab_rng *rng, sab_events *ev);
	/*
	 * Path cards laid from the hand, and the cells others may not cover
	 * (Tunnel Toll's dwarves); NULL: the module has no say.  path_check:
	 * whether the seat to act may lay path move m, which fits there (1,
	 * or 0 with the reason in why); path_filter: drops from out[0 .. n)
	 * the path moves path_check would refuse and returns how many are
	 * left; path_laid: path move m was laid and told.  cell_held: 1 when
	 * something of the module stands on cell idx (a board index), which
	 * only a path card from the hand may cover, with the reason in why
	 * (NULL: not wanted); 0 when the cell is free.
	 */
	int (*path_check)(const sab_game *g, const sab_move *m, char *why,
	    size_t whylen);
	int (*path_filter)(const sab_game *g, sab_move *out, int n);
	void (*path_laid)(sab_game *g, const sab_move *m, sab_events *ev);
	int (*cell_held)(const sab_game *g, uint16_t idx, char *why,
	    size_t whylen);
	/*
	 * Face-down cards the module lays on the table (Treasure Chests'
	 * chests under their path cards), which a rockfall may take off the
	 * table and a map may look at; NULL: none.  hidden_at: 1 when one
	 * lies at (x, y); hidden_cells: their cells (board indexes) into
	 * cells, in the module's order, returning how many; hidden_taken: a
	 * rockfall took the one at (x, y) off the table (its card removed
	 * from the board already); hidden_peek: what a map shows of the one
	 * at (x, y), into the peek event e (e->card, e->value).
	 */
	int (*hidden_at)(const sab_game *g, int x, int y);
	int (*hidden_cells)(const sab_game *g, uint16_t *cells);
	void (*hidden_taken)(sab_game *g, int x, int y);
	void (*hidden_peek)(const sab_game *g, int x, int y, sab_event *e);
	/* The seat to act plays a card on its turn (SAB_PHASE_PLAY; m is
	 * a checked SAB_MOVE_PLAY): 1 when the module takes it over (the World
	 * Championship's veto: the card waits, open to reactions, and the
	 * module carries it out later with sab_table_carry_out()), 0 to
	 * let the turn carry it out now.  Asked of the ruleset's modules in
	 * order. */
	int (*react)(sab_game *g, const sab_move *m, sab_rng *rng,
	    sab_events *ev);
	/*
	 * The three below are called for the module whose roles the ruleset
	 * plays (sab_ruleset.roles_module) alone: it decides who wins a round
	 * and pays.
	 *
	 * The round has ended (g->round_end set, the winners known): pay.
	 * Returns 1 when it asks a seat to decide (picking gold, choosing
	 * whom to rob), 0 when the next round may start.
	 */
	int (*round_end)(sab_game *g, sab_rng *rng, sab_events *ev);
	/* The winners of the round that just ended (g->round_end set), as a
	 * set of seats; the side's role for the round-end event in *side,
	 * and in *both 1 when both teams of gold miners won. */
	uint16_t (*round_winners)(const sab_game *g, uint8_t *side,
	    uint8_t *both);
	/* The seat swaps its dwarf card for one nobody holds (the Costume
	 * Department asks it), as the module's roles allow: NULL, or nothing
	 * to swap with, leaves the seat's role as it is. */
	void (*swap_role)(sab_game *g, int seat);
	/* Folds the state only this module uses into a game's hash (so a
	 * game without the module hashes as before). */
	uint64_t (*hash)(uint64_t h, const sab_game *g);
	/* Its keys of a ruleset file, as rows (rules/rskey.h), ending with
	 * an empty row; NULL: none. */
	const struct sab_rs_key *keys;

	/* The decisions it brings: a row for each phase rules/modules.def
	 * says is its own (the turn finds the row of g->phase there). */
	const sab_decision *decisions;
	uint8_t ndecisions;
	/* The move kinds it brings, as the turn judges them. */
	const sab_move_rule *move_rules;
	uint8_t nmove_rules;
	/*
	 * Moves of its own on a seat's turn (SAB_PHASE_PLAY) beyond playing
	 * or discarding one card (Saboteur 2's pass of several cards and its
	 * removal, Tunnel Toll's dwarf); NULL: none.  The turn asks the
	 * modules rules/modules.def lists with SAB_TURN_MOVES, in its order,
	 * whether or not the ruleset names them: each answers from the
	 * ruleset's own keys (pass_max, remove_front; toll), as the turn did
	 * before modules.
	 * turn_check: -1 when m is none of its moves, else 1, or 0 with the
	 * reason in why (card i named words[i]); turn_moves: its legal moves
	 * into out, returning how many; turn_random: a random move of its own
	 * for a playout, asked before a card of the hand is: 0 with *m set,
	 * -1 to leave the choice to the cards (it draws from rng only when
	 * the ruleset plays its moves, so other games draw as they did);
	 * turn_apply: 1 when it carried m out (its card out of the hand
	 * already), 0 when m is none of its.
	 */
	int (*turn_check)(const sab_game *g, const sab_move *m,
	    const char *const *words, char *why, size_t whylen);
	int (*turn_moves)(const sab_game *g, sab_move *out);
	int (*turn_random)(const sab_game *g, sab_rng *rng, sab_move *m);
	int (*turn_apply)(sab_game *g, const sab_move *m, sab_events *ev);
	/*
	 * What a card that may reach goals turns face up (asked of the
	 * ruleset's modules in order).  reveal: the goals a tunnel from the
	 * start now reaches, turned face up the module's way (New Goals: each
	 * resolved, goal place `first` first, or a choice of order asked):
	 * returns the round's end they brought (enum sab_round_end); the
	 * first module that has one reveals, and without one the turn turns
	 * them up itself.  uncover: then the module's face-down cards the
	 * tunnels now reach (Treasure Chests' path cards over their chests),
	 * returning how many, the turn revealing again while any was.
	 */
	int (*reveal)(sab_game *g, int first, sab_events *ev);
	int (*uncover)(sab_game *g, sab_events *ev);
	/* After what a card turned face up, before the turn goes on: what
	 * the seat to act took and the module still owes it (Treasure
	 * Chests' chests), resolved.  1 when a decision waits (the phase
	 * changed), 0 when the turn may go on. */
	int (*settle)(sab_game *g, sab_rng *rng, sab_events *ev);
	/* 1 when a map may no longer look at a goal (Treasure Chests: "no
	 * more maps on goals"), with the reason in why (NULL: not wanted);
	 * NULL: the module never bars them. */
	int (*maps_barred)(const sab_game *g, char *why, size_t whylen);
	/*
	 * For a replay's records of a round's deal (replays/records.c: the
	 * format must stay byte for byte).  unused_roles: when the module's
	 * roles are the ruleset's (sab_ruleset.roles_module), the dwarf cards
	 * the deal left to nobody besides the spare, in the module's order
	 * (Saboteur 2's face-down pile), into roles (at most
	 * SAB_MAX_UNUSED_ROLES), returning how many; NULL: none.
	 * laid_hidden: with k < 0, how many face-down cards the module laid
	 * this round (Treasure Chests' chests, those taken since too); else
	 * the k-th: its cell (a board index) into *cell, the path card over
	 * it into *card and its word into *word.  NULL: none.
	 */
	int (*unused_roles)(const sab_game *g, uint8_t *roles);
	int (*laid_hidden)(const sab_game *g, int k, uint16_t *cell,
	    uint8_t *card, const char **word);
} sab_module;

/* The most dwarf cards sab_module.unused_roles gives. */
#define SAB_MAX_UNUSED_ROLES 16

/* The module called name (len bytes), or NULL. */
const sab_module *sab_module_find(const char *name, size_t len);

/* The i-th module known to the library, or NULL past the last (inline:
 * the turn asks for the ruleset's modules at every turn).  The modules
 * and their order are rules/modules.def's. */
enum {
#define SAB_MODULE(name) SAB_MODULE_AT_##name,
#include "modules.def"
	SAB_NMODULES
};
extern const sab_module *const sab_modules[SAB_NMODULES];
static inline const sab_module *sab_module_at(int i)
{
	return i >= 0 && i < SAB_NMODULES ? sab_modules[i] : NULL;
}

/* The modules of the base game, as every ruleset before modules existed
 * had: 1 when rs names exactly those (so its hash stays as it was). */
int sab_modules_default(const sab_ruleset *rs);

/* Every module, sab_module_NAME for each NAME of rules/modules.def: the
 * base game (rules/base/), the expansions (rules/sab2/, rules/wc/) and the
 * mini expansions (rules/minis/NAME/). */
#define SAB_MODULE(name) extern const sab_module sab_module_##name;
#include "modules.def"

#endif
