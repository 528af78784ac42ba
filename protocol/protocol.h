/* protocol.h: the bot protocol as lines: events out, moves in, card tokens.
 * Works on memory only; the referee does the I/O.  See saboteur-protocol(7). */
#ifndef SAB_PROTOCOL_H
#define SAB_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "line.h"
#include "saboteur.h"

/*
 * Protocol version 1, in brief (saboteur-protocol(7) is the full text).
 * One message a line, ASCII, tokens separated by one space, "\n" (a bot may
 * end its lines "\r\n").  Seats count from 0.  Coordinates are "X Y" with
 * the start at 0 0, x to the east, y to the south.  A hidden value is "-".
 * Bots ignore lines they do not know, so the protocol can grow.
 *
 * Card tokens describe the card, not a name:
 *   path-NES       a path card open N, E and S, all joined through its centre
 *   path-NS+EW     two tunnels that do not meet (a bridge)
 *   path-ESW.N     E, S and W joined; N a stub that leads nowhere
 *   dead-NES       open N, E and S, centre blocked: every edge a stub
 *   break-pickaxe  a broken tool (pickaxe, lantern or cart)
 *   repair-pickaxe, repair-pickaxe-lantern   a repair of any one listed tool
 *   rockfall, map
 *   start-NESW, gold-NESW, stone-NE          the start and the goal cards
 *   path-EW.N:green, path-NE:ladder, dead-E:crystal   an expansion's marks
 *                  after the shape: door (:blue, :green), :ladder,
 *                  :crystal (:crystal2 for two), in that order
 *   theft, hands-off, trapped, freedom, inspection, change-hats, swap-hands
 *                  Saboteur 2's action cards
 *   goal-swap, treasure-trove, veto, change-direction, pathfinder,
 *   diversion, repair-pickaxe-lantern-cart (the master crafter)
 *                  the World Championship's special cards
 *   costume-NESW, party-NESW   the mini expansions' postcards (laid only)
 * Edges are those of the upright card; ROT 1 turns it 180 degrees.
 *
 * Referee to bot:
 *   saboteur 1                        the handshake: protocol and version
 *   game G RULESET PLAYERS SEAT       game G of the match begins; you are SEAT
 *   seed S                            (feature "seed") right after "game": a
 *                                     seed for this seat's own randomness
 *   player SEAT NAME                  one line per seat
 *   board bounded MINX MINY MAXX MAXY | board unbounded
 *   start X Y CARD                    where the start card lies, and its shape
 *   goal X Y                          one line per goal place
 *   round R FIRST DECK                round R; FIRST plays first; DECK cards
 *                                     stay in the draw pile after the deal
 *                                     (the deal itself comes as draw lines)
 *   role SEAT ROLE                    miner, saboteur or none (saboteur2:
 *                                     blue-miner, green-miner, boss,
 *                                     profiteer, geologist, saboteur): yours
 *                                     at the start of a round, everyone's at
 *                                     its end; mid-round, to one seat only,
 *                                     its inspection's answer or its own new
 *                                     role after a change hats on it
 *   draw SEAT CARD|-                  SEAT takes a card (yours: which)
 *   played SEAT MOVE...               SEAT played a card, as the move syntax
 *                                     below; a rockfall, a hands-off and a
 *                                     freedom add the card they removed; a
 *                                     diversion adds the card it moved and
 *                                     the X Y it left
 *   plays SEAT MOVE...                (a deck with a veto) SEAT's card waits
 *                                     for the other seats' reactions
 *   react SEAT                        (feature "react") your reaction to
 *                                     SEAT's waiting card is asked: the
 *                                     seats with cards are asked in the
 *                                     direction of play after SEAT, veto or
 *                                     not; a bot without the feature is
 *                                     never asked (the referee allows)
 *   vetoed VETOER SEAT CARD           CARD never took effect; SEAT draws,
 *                                     then VETOER
 *   trove CARD...                     to the seat alone, after its treasure
 *                                     trove: the top cards of the discard
 *                                     pile (reply "take CARD")
 *   took SEAT CARD|-                  SEAT took a card of its trove (yours:
 *                                     which)
 *   discarded SEAT CARD|- ...         SEAT passed, discarding 1 to 3 cards
 *                                     (yours: which)
 *   removed SEAT FRONT C1 C2          SEAT discarded C1 C2 (face up) to take
 *                                     FRONT away from in front of it
 *   hand CARD...                      after a swap hands, to its two seats
 *                                     only: your whole new hand
 *   passed SEAT                       SEAT had no cards and passed
 *   peek X Y CARD                     your map showed the goal at X Y
 *   laid X Y CARD ROT                 (tournament) a path card the rules
 *                                     lay face up at a round's setup; a
 *                                     postcard (costume-NESW, party-NESW)
 *   dwarf SEAT X Y                    (Tunnel Toll) after SEAT's one-card
 *                                     discard: a dwarf on X Y, no draw
 *   toll SEAT OWNER X Y               SEAT's path card on OWNER's dwarf paid
 *                                     OWNER 1 gold; the dwarf leaves
 *   postcard SEAT X Y CARD            SEAT connected the postcard first;
 *                                     each seat's new role follows, to it
 *                                     alone
 *   reveal X Y CARD ROT               the goal at X Y turned face up
 *   roundend R gold|nocards FINDER|- SIDE [winners S...]
 *                                     SIDE miners, saboteurs or none (and
 *                                     blue-miners, green-miners, boss,
 *                                     profiteer, geologists); the winners
 *                                     in rulesets beyond the base game
 *   offer V...                        gold cards handed to you: pick one
 *   gold SEAT V|-                     SEAT took gold worth V (yours: V);
 *                                     saboteur2: pieces, once a round;
 *                                     Tunnel Toll's 1 at setup: public
 *   victims S...                      to a thief at a round's end: the seats
 *                                     it may rob (reply "steal S")
 *   stole SEAT TARGET                 SEAT took a gold piece from TARGET
 *   gameover G0 G1 ... winners S...   everyone's gold, then the winning seats
 *   legal MOVE                        (feature "moves") one legal move; the
 *                                     list comes just before "turn"
 *   turn N MOVE_MS BANK_MS            your decision: turn N, the time you have
 *   illegal TRIES REASON...           your reply was refused; TRIES left:
 *                                     reply again at once (no new "turn")
 *   default WHY MOVE                  the referee played MOVE for you (WHY:
 *                                     timeout or illegal)
 *   quit                              the match is over: exit
 *
 * Bot to referee:
 *   bot NAME [FEATURE...]             the handshake reply; features: moves,
 *                                     seed, react
 *   play CARD X Y ROT                 a path card
 *   play CARD SEAT                    a broken tool in front of SEAT
 *   play CARD SEAT TOOL               a repair of SEAT's TOOL
 *   play CARD X Y                     a rockfall on X Y, or a map on the goal at X Y
 *   play theft | play ACTION SEAT     Saboteur 2's action cards
 *   discard CARD [CARD [CARD]]        pass, discarding the cards face down
 *                                     (more than one: saboteur2)
 *   remove FRONT C1 C2                discard C1 C2 to take FRONT away from
 *                                     in front of you (saboteur2)
 *   play goal-swap X1 Y1 X2 Y2 SWAP   swap two face-down goals (SWAP 1) or not
 *   play diversion X Y ROT            move the last path card played there
 *   play pathfinder | play treasure-trove | play change-direction
 *   allow | play veto                 the reply to a reaction request (veto:
 *                                     never on your own turn)
 *   take CARD                         take a card of your trove
 *   dwarf CARD X Y                    (Tunnel Toll) discard CARD face down,
 *                                     a dwarf on the open end X Y, no draw
 *   pick V                            take an offered gold card worth V
 *   steal SEAT                        rob SEAT of a gold piece (after
 *                                     "victims")
 *   note TEXT...                      recorded in the replay, never forwarded
 */

#define PROTO_VERSION 1
#define PROTO_TOKEN_MAX SAB_TOKEN_MAX
#define PROTO_NAME_MAX 32       /* bot names: [A-Za-z0-9._-], 1 to 32 */
#define PROTO_LINE_MAX 512      /* the longest line the referee sends */

/* The token of every card of a ruleset, computed once (rules/line.h: the
 * event types' rows write lines with them). */
typedef sab_tokens proto_cards;

/*
 * What the referees that wrote replay format 1.4 and earlier did
 * differently (saboteur-replay(5)): a stone of the old mine, a gold card
 * worth 0, could not be picked ("pick 0" was refused) and was shown "-"
 * to the seat that took it; a treasure trove played on an empty discard
 * pile sent no "took SEAT -".
 */
enum { PROTO_COMPAT_1_4 = SAB_COMPAT_1_4 };

/*
 * Computes the tokens of rs.  Returns 0, or -1 with a reason in err when two
 * cards of the ruleset would share a token (they would look the same to a
 * bot, so the ruleset cannot be played over the protocol).
 */
int proto_cards_init(proto_cards *pc, const sab_ruleset *rs, char *err,
    size_t errlen);

/*
 * Takes the goal places' cells of g into pc, so that the lines about g
 * (a map's goal, a peek, a goal's choice) and the replies read (a goal's
 * X Y) name the cells the goals lie on now.  Call it after every
 * sab_game_apply() and sab_game_new() of a game that may push goals;
 * other games keep the ruleset's cells.
 */
void proto_cards_follow(proto_cards *pc, const sab_game *g);

/*
 * Writes the token of card c ("path-NES", "break-pickaxe") into buf (size
 * bytes, NUL-terminated when size > 0; PROTO_TOKEN_MAX is always enough).
 * Returns its length, or -1 when buf was too small (the token is cut).
 */
int proto_card_token(const sab_card *c, char *buf, size_t size);


/*
 * Copies len bytes of s into buf (size bytes, NUL-terminated when size > 0)
 * with every byte that is not printable ASCII written "\xHH" (two
 * lowercase hex digits): control bytes (ESC, BEL, CR, NUL...), DEL and
 * bytes above 0x7f.  Text a bot sent goes through this before it reaches a
 * terminal or a file, so a bot can never drive the organiser's terminal.
 * With exact 0 (for people) a tab is escaped too.  With exact 1 (for
 * files) a tab is kept, and a backslash that would read as such an escape
 * is written "\x5c", so that proto_unescape() gives back the bytes; text
 * of printable ASCII and tabs without "\xHH" in it is copied unchanged.
 * An escape is never cut in two.  Returns the length the whole text takes
 * escaped (more than size - 1 when buf was too small), as snprintf does.
 */
size_t proto_escape(char *buf, size_t size, const char *s, size_t len,
    int exact);

/* Undoes proto_escape(s, exact 1) in place: every "\xHH" becomes its byte
 * (possibly NUL).  Returns the new length; s[len] is set to NUL. */
size_t proto_unescape(char *s, size_t len);

/* Returns the definition whose token is tok (len bytes), or -1. */
int proto_card_find(const proto_cards *pc, const char *tok, size_t len);

/*
 * Writes event e as seat sees it into buf (no newline).  Returns the length,
 * 0 when the seat is not told of it, or -1 when buf is too small.  This
 * calls sab_event_view(): visibility is the rules' decision, not ours.
 */
int proto_event(const proto_cards *pc, const sab_event *e, int seat,
    int nplayers, char *buf, size_t len);

/* Writes move m in the bot's syntax ("play path-NES 3 1 0", "discard map",
 * "pick 2").  Returns the length, or -1 when buf is too small. */
int proto_move(const proto_cards *pc, const sab_move *m, char *buf,
    size_t len);

/* "legal MOVE": one line of a request's legal moves (feature "moves"),
 * the bytes "legal " and proto_move() write, faster.  Returns the length,
 * or -1 when buf is too small. */
int proto_legal_line(const proto_cards *pc, const sab_move *m, char *buf,
    size_t len);

/* What a line from a bot is. */
enum proto_kind {
	PROTO_MOVE,             /* play, discard or pick: parsed into a move */
	PROTO_NOTE,             /* note: to record, never to forward */
	PROTO_HELLO,            /* bot NAME [FEATURE...] */
	PROTO_BAD               /* anything else: the reason is in why */
};

/*
 * How a refusal reason is worded.  The referee words its reasons
 * PROTO_REASONS_TOKENS: cards by their tokens, as the bot knows them, and
 * bot text it quotes escaped (proto_escape()).  Referees that wrote replay
 * format 1.1 and earlier named cards by the ruleset's internal names
 * (sab_game_check()) and quoted a bot's words as sent:
 * PROTO_REASONS_NAMES words a reason that way again, so that what an old
 * replay's bots were told is rebuilt byte for byte.
 */
typedef enum proto_reasons {
	PROTO_REASONS_TOKENS,
	PROTO_REASONS_NAMES
} proto_reasons;

/*
 * Reads one line from a bot (len bytes, no newline).  For a move, fills *m
 * (syntax only: legality is sab_game_check()'s business); for a handshake,
 * copies the name into name (PROTO_NAME_MAX + 1 bytes) and sets *features
 * (PROTO_FEAT_* bits); otherwise explains in why what is wrong.  A line
 * with a NUL byte is PROTO_BAD, whatever else it holds; bot text quoted in
 * why is escaped (proto_escape()).
 */
enum { PROTO_FEAT_MOVES = 1, PROTO_FEAT_SEED = 2, PROTO_FEAT_REACT = 4,
	PROTO_FEAT_AT_ONCE = 8,       /* "react-at-once": with "react", asked
	                                 with every other seat of a reaction
	                                 window at once (saboteur-protocol(7)) */
	PROTO_FEAT_STANDING = 16 };   /* "react-standing": with "react", may
	                                 answer "allow standing" (see
	                                 proto_standing()) */
int proto_parse(const proto_cards *pc, const char *line, size_t len,
    sab_move *m, char *name, unsigned *features, char *why, size_t whylen);

/*
 * The referee's verdict on a bot's reply (one line of len bytes, without
 * its newline) in state g: 1 with the move in *m when it is a legal move,
 * else 0 with the reason in why, worded as style says (the referee's is
 * PROTO_REASONS_TOKENS; a replay's is replay_reasons()).  The referee, the
 * replay audit and the viewer all judge replies with it.
 */
int proto_judge(const proto_cards *pc, const sab_game *g, const char *reply,
    size_t len, proto_reasons style, sab_move *m, char *why, size_t whylen);

/*
 * When the reply (len bytes) is a move followed by the word "standing"
 * (blanks between and around), returns the length of the move's part
 * (with the blanks before it), which is the move to judge; else 0.  Only
 * the reaction a seat that asked for "react-standing" would be played by
 * default may stand so (session_judge()).
 */
size_t proto_standing(const char *reply, size_t len);

/*
 * The referee's lines that are not events, written here so that the referee
 * and a replay's export (saboteur-replay(5)) produce the same bytes.  Each
 * returns the length written into buf (no newline), or -1 when buf is too
 * small.
 *
 * proto_setup_line() writes line k (from 0) of a game's set-up as seat is
 * told it: "game", one "player" per seat (names by seat; NULL or "" is
 * "-"), "board", "start", one "goal" per goal place.  Returns 0 past the
 * last line.
 */
int proto_setup_line(const proto_cards *pc, int game, int nplayers, int seat,
    const char *const *names, int k, char *buf, size_t len);

/*
 * The seed of a seat's own randomness in the game whose seed is game_seed:
 * SipHash-2-4 (sab_siphash24()) under the key made of game_seed's 8 bytes,
 * little-endian, then the 8 bytes "sab-seat", of the one byte seat.  One
 * way: a bot cannot find the game's seed, and so the deal, from it (but by
 * trying every seed), nor another seat's seed.  saboteur-protocol(7) and
 * saboteur-replay(5) give the same definition.
 */
uint64_t proto_seat_seed(uint64_t game_seed, int seat);

/* "seed S": the line a bot that asked for feature "seed" gets right after
 * "game", S being proto_seat_seed(game_seed, seat). */
int proto_seed_line(uint64_t game_seed, int seat, char *buf, size_t len);

/* "turn N MOVE_MS BANK_MS": the request for decision N. */
int proto_turn_line(int decision, int64_t move_ms, int64_t bank_ms, char *buf,
    size_t len);

/* "illegal TRIES REASON": a refused reply, with the tries left. */
int proto_illegal_line(int tries_left, const char *why, char *buf, size_t len);

/* "default WHY MOVE": the referee played m for the seat (why: "timeout" or
 * "illegal"). */
int proto_default_line(const proto_cards *pc, const char *why,
    const sab_move *m, char *buf, size_t len);

/*
 * The default move, played for a seat whose bot gave no legal one, by
 * phase: the highest gold card offered; letting the card pass in a
 * reaction window; the top card of the discard pile in a take (a
 * treasure trove, a chest's); the first seat or goal place of a choice;
 * a pathfinder's next path card: the first legal move, as the "legal"
 * lines list them; else a discard of the first card in hand.  Always a
 * legal move.  Documented in saboteur-rules(5), "The default move".
 */
void proto_default_move(const sab_game *g, sab_move *m);

#endif
