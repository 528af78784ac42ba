/* botlib.h: a helper for Saboteur bots in C: reads the referee's lines, keeps
 * what the bot may know, and asks the bot for a move on each "turn". */
#ifndef BOTLIB_H
#define BOTLIB_H

#include <stdint.h>

#include "protocol.h"
#include "saboteur.h"

/*
 * A bot is a program: main() calls bot_run() with the bot's name and its
 * callbacks, and returns what bot_run() returns.  bot_run() answers the
 * handshake ("bot NAME moves seed react react-at-once react-standing": the
 * referee lists the legal moves before every decision, gives each game a
 * seed for the bot's randomness in s->seed, and asks for a reaction,
 * "allow" or a veto, to every card another seat plays while a veto is in
 * the game, at once with every other seat that may react, and an allow
 * with no veto in hand stands till the bot's next turn (bot_standing);
 * without the last three when bot_react is 0), follows the game line by
 * line into a
 * botstate, calls choose() on every "turn" and prints its answer.  Unknown lines are
 * ignored, as the protocol asks; see saboteur-protocol(7).  With
 * BOTLIB_CHECK set in its environment, a bot reports on stderr every legal
 * move the table it keeps does not allow (a card it does not know it
 * holds, ...): the table has drifted from the game.
 *
 *	static const char *choose(const botstate *s)
 *	{
 *		return s->nlegal ? s->legal[0].line : NULL;   // any will do
 *	}
 *	int main(void)
 *	{
 *		return bot_run("first", choose, NULL);
 *	}
 */

/* Far more legal moves than a real position has (about 17 on average); a
 * longer list is cut, which only narrows the bot's choice. */
#define BOT_MAX_LEGAL 4096
/* The longest move line kept ("play repair-pickaxe-lantern-cart 11 cart"). */
#define BOT_MOVE_MAX 64

/* One legal move of the current decision. */
typedef struct bot_legal {
	char line[BOT_MOVE_MAX];        /* as the referee wrote it: the answer */
	sab_move m;                     /* the same move, parsed */
	int parsed;                     /* 0: m is not valid (an unknown card) */
} bot_legal;

/*
 * Everything a seat may know, rebuilt from the lines it was sent.  The
 * table (board, hands, cards in front of each seat, peeks, roles, gold,
 * deck) is the rules library's sab_seen for our seat: the lines are read
 * back into the events they were written from, and seen applies them as it
 * does for the referee's viewer.  Lists indexed by seat have nplayers
 * entries; card definitions index rs.defs.
 */
typedef struct botstate {
	/* The match and the game. */
	int game;                       /* game number in the match, from 1 */
	char ruleset[SAB_NAME_MAX];     /* the name in the "game" line */
	int ruleset_builtin;            /* 0: not built in; base reads the cards */
	sab_ruleset rs;                 /* with the layout the referee sent */
	proto_cards cards;              /* card tokens of rs */
	int nplayers;
	int seat;                       /* our seat */
	int seeded;                     /* the referee sent "seed S" */
	uint64_t seed;                  /* S: seed the bot's randomness with it,
	                                   and the game plays the same way
	                                   whenever it is played again */
	char names[SAB_MAX_PLAYERS][PROTO_NAME_MAX + 1];

	/* The table as our seat knows it: table.round (from 1; 0 before the
	 * first), table.board (the functions of board.h work on it),
	 * table.hand[seat] and table.nhand[] (ours, and how many each seat
	 * holds), table.goal_known[g], table.role[], table.gold[] (ours as we
	 * get it, everyone's at the end), table.offer[] (gold offered to us),
	 * sab_seen_deck() and sab_seen_broken().  See rules/seen.h. */
	sab_seen table;

	/* Gold.  round_winners: the seats that won the last round (the
	 * "winners" of its "roundend" line; 0 in the base game).
	 * gold_guess[]: each seat's gold as far as we can tell: ours exact,
	 * another seat's hidden pay guessed from the size of the winning
	 * group, thefts counted; everyone's exact after "gameover".  See
	 * bot_gold_guess(). */
	uint16_t round_winners;
	int gold_guess[SAB_MAX_PLAYERS];
	/* The seats we may rob, from a "victims" line, until we have. */
	uint16_t victims;
	/* Treasure Chests: the goals we may push further away (bit g),
	 * from a "chestchoice push-goal" line, until one is pushed. */
	uint16_t push_choices;

	/* The decision being asked for ("turn N MOVE_MS BANK_MS"). */
	int turn, move_ms, bank_ms;
	int tries;                      /* left, after an "illegal" */
	int nlegal;
	bot_legal legal[BOT_MAX_LEGAL];

	/* The World Championship cards.  pending: the card pending_seat
	 * played that waits for a veto ("plays SEAT CARD ARGS"), as its move
	 * (pending_parsed 0: not readable); pending_seat -1 when none waits.
	 * A "react SEAT" decision is ours while table.phase is
	 * SAB_PHASE_REACT: its legal moves are "allow" and, holding one,
	 * "play veto". */
	int pending_seat;
	int pending_parsed;
	sab_move pending;
	/* The top cards of the discard pile a treasure trove of ours shows,
	 * top first ("trove C..."), for the "take CARD" decision that
	 * follows (table.phase SAB_PHASE_TAKE). */
	int ntrove;
	uint8_t trove[SAB_MAX_PLAYERS];
	/* The treasure trove just played lay on an empty discard pile: the
	 * "took SEAT -" that follows took nothing. */
	int trove_empty;
	/* The cell of the last path card played this round, the one a
	 * diversion moves (has_last_path 0: none yet). */
	int has_last_path;
	int last_path_x, last_path_y;
	/* Tunnel toll: bit d, dwarf d was put in play this round (each goes
	 * once a round); where the dwarves stand is table.toll_cell[] and
	 * who put them there table.toll_owner[] (bot_dwarf_at()). */
	uint8_t dwarves_used;
} botstate;

/*
 * choose() returns the reply for the decision in s: one move line without
 * its newline ("play path-NES 1 0 0", "discard map", "pick 3"), which must
 * stay valid until the next call.  NULL lets bot_run() answer the first
 * legal move.
 *
 * seen() (may be NULL) is called for every card played, before the play
 * changes s, so a bot can compare the table before and after: seat played
 * move m.  (A line that does not make sense on the table, which the referee
 * never sends, is left out rather than passed on.)
 *
 * After an "illegal" with tries left, choose() is called again at once with
 * the refused move struck from the list and s->tries set.
 */
typedef const char *bot_choose_fn(const botstate *s);
typedef void bot_seen_fn(const botstate *s, int seat, const sab_move *m);

/*
 * Plays a whole match over stdin and stdout.  Returns 0 on "quit" or at the
 * end of input, 1 when stdout fails (the referee has gone).
 */
int bot_run(const char *name, bot_choose_fn *choose, bot_seen_fn *seen);

/*
 * For a program that reads the referee's lines itself, because it waits
 * on more than stdin (the referee's own person's seat, which also waits on
 * a keyboard): handles one line (without its newline; changed in place)
 * as bot_run() does.  Returns 0, 1 on "quit", -1 when stdout fails.
 * bot_state() is the state the lines built.
 */
int bot_handle(char *line, const char *name, bot_choose_fn *choose,
    bot_seen_fn *seen);
const botstate *bot_state(void);

/*
 * For a program that feeds bot_handle() a seat's lines but answers the
 * referee itself (the Python package's heuristic): the decision it will
 * answer is over, so the next "legal" line starts a new list, as after
 * the helper's own answer.
 */
void bot_decision_done(void);

/* 1 (the default): the handshake asks for the "react" and "react-at-once"
 * features, so the referee asks this bot whether to veto each card another
 * seat plays, with the other seats that may react at once (a veto before
 * it in the order of play makes its answer void; the "vetoed" line names
 * the seat whose veto was played); 0:
 * it never is, and the referee lets every card through for it (the
 * documented default), which costs a referee nothing. */
extern int bot_react;

/* When set, called with every line the referee sends, as it came (without
 * its newline), before the helper takes it in: a bot that keeps its own
 * record of the game (a search bot's knowledge, know.h) sees all of it. */
typedef void bot_line_fn(const char *line);
extern bot_line_fn *bot_lines;

/* 1 (the default): with bot_react, the handshake asks for "react-standing"
 * too, and a reaction request whose only legal answer is "allow" (no veto
 * in hand) is answered "allow standing": the referee asks this bot no
 * more until its own next turn or the next round (a veto that comes into
 * its hand before then cannot be played until then); 0: "allow", asked
 * again at every card. */
extern int bot_standing;

/* 1 (the default): with bot_react, the handshake asks for "react-at-once"
 * too; 0: only for "react", so this bot is asked in its turn (a person's
 * seat: a person is not asked a question a veto before might make void). */
extern int bot_at_once;

/* Returns the goal place at (x, y), or -1; the cell goal place g lies on
 * now (the setup's "goal" line, until a push-goal chest moves it:
 * "pushed"). */
int bot_goal_at(const botstate *s, int x, int y);
int bot_goal_x(const botstate *s, int g);
int bot_goal_y(const botstate *s, int g);

/* Returns the card known to lie on goal place g (a peek or a reveal showed
 * it), or -1. */
int bot_goal_card(const botstate *s, int g);

/* Returns the role of seat as far as we know it (ours from the deal,
 * everyone's at a round's end): enum sab_role, SAB_ROLE_NONE in a game
 * without dwarf cards, or -1. */
int bot_role(const botstate *s, int seat);

/* Returns 1 when seat has a broken tool in front of it. */
int bot_is_broken(const botstate *s, int seat);

/* Returns the card definition of def, or NULL when def is -1. */
const sab_card *bot_card(const botstate *s, int def);

/* Returns the word of seat's role as far as we know it ("miner",
 * "blue-miner", ...; see bot_role()), or NULL. */
const char *bot_role_word(const botstate *s, int seat);

/* What move m does: the type of the card it plays (SAB_CARD_PATH, ...,
 * since a move says only play, discard or pick; an expansion's action
 * card has the type bot_kind_type() gives its word), BOT_DISCARD (of one
 * card, or up to three in Saboteur 2), BOT_PICK, BOT_REMOVE (discard two
 * cards to take one away from in front of us: "remove FRONT C1 C2"),
 * BOT_STEAL ("steal SEAT", after a "victims" line), BOT_ALLOW (no veto of
 * the pending card: "allow"), BOT_TAKE (a card of a treasure trove:
 * "take CARD"), BOT_DWARF (Tunnel Toll: "dwarf CARD X Y", discard CARD
 * to put a dwarf on X Y, no draw), BOT_REVEAL (New Goals: the goal to
 * turn face up first of two reached at once: "reveal X Y"), BOT_CHOOSE
 * (Treasure Chests: a player for a chest, "choose SEAT") or BOT_PUSH
 * (Treasure Chests: a face-down goal to push further away, "push X Y"). */
enum { BOT_DISCARD = 100, BOT_PICK, BOT_REMOVE, BOT_STEAL, BOT_ALLOW,
	BOT_TAKE, BOT_DWARF, BOT_REVEAL, BOT_CHOOSE, BOT_PUSH };
int bot_move_type(const botstate *s, const sab_move *m);

/* Tunnel toll: the seat whose dwarf stands on (x, y) (a path card there
 * pays it 1 gold), or -1 when no dwarf does. */
int bot_dwarf_at(const botstate *s, int x, int y);

/* Returns the card type of the action cards whose kind is word ("theft",
 * "trapped", ...), or -1 when the library knows no such kind. */
int bot_kind_type(const char *word);

/* Returns how many cards of card type `type` lie in front of seat. */
int bot_in_front(const botstate *s, int seat, int type);

/* Returns our guess at seat's gold (botstate.gold_guess). */
int bot_gold_guess(const botstate *s, int seat);

/* Returns 1 when def is a path card that joins nothing through its centre
 * (a dead end). */
int bot_is_dead_end(const botstate *s, int def);

#endif
