/* session.h: the lines the referee sends each seat of one game, built in
 * one place for the match runner (which sends them) and the replay audit
 * (which rebuilds them for "saboteur export"), so both give the same bytes.
 * Memory only: the caller's send function does the I/O. */
#ifndef SAB_SESSION_H
#define SAB_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "protocol.h"
#include "saboteur.h"

/* Takes one line (no newline) of len bytes for the bot at seat (line[len]
 * is its NUL, so the taker need not count it).  The caller decides
 * whether a seat still listens: a bot out of the match hears nothing. */
typedef void session_send_fn(void *ctx, int seat, const char *line,
    size_t len);

/* Takes several lines at once for the bot at seat, as nlines calls of a
 * session_send_fn would: len bytes of lines, each but the last ended by a
 * newline (block[len] is a NUL).  Optional (session_send_lines()). */
typedef void session_send_lines_fn(void *ctx, int seat, const char *block,
    size_t len, int nlines);

/* Room for the lines of one request given at once: a list of legal moves
 * longer than this is given in several blocks. */
#define SESSION_BLOCK 8192

/* The conversation of one game with all its seats. */
typedef struct session {
	const proto_cards *pc;
	int nplayers;
	/* By seat, what the referee honours of the handshake's features:
	 * PROTO_FEAT_MOVES (a "legal" list before each "turn"),
	 * PROTO_FEAT_SEED (a "seed" line after "game"),
	 * PROTO_FEAT_REACT (its "react" lines and reaction requests; without
	 * it the seat hears no "react" line and the referee allows for it). */
	unsigned features[SAB_MAX_PLAYERS];
	session_send_fn *send;
	void *ctx;
	unsigned early;         /* seats whose reaction request went out at
	                           the window's start (session_window()) and
	                           is not settled yet */
	/* Whether reaction requests stop while no reaction is possible
	 * (session_spent(); 1 from session_start(), which the replay audit
	 * clears for files written before it existed, version 1.7), the
	 * reaction cards played face up since the round began, and how many
	 * the deck holds. */
	int skip_spent;
	int reactions_played, reaction_cards;
	sab_move moves[SAB_MAX_MOVES];  /* a request's legal moves: too many
	                                   for the stack */
	/* A request's lines given at once, when the caller takes them so
	 * (session_send_lines()); else one by one through send. */
	session_send_lines_fn *send_lines;
	char block[SESSION_BLOCK];
	/* Seats whose standing allow stands (session_judge()): not asked to
	 * react until their own next turn or the next round. */
	unsigned standing;
} session;

/*
 * Starts the conversation of a game of nplayers seats played with the
 * tokens of pc (which must outlive s), the seats' features from
 * features[0..nplayers) (NULL: none), every line going to send(ctx, ...).
 */
void session_start(session *s, const proto_cards *pc, int nplayers,
    const unsigned *features, session_send_fn *send, void *ctx);

/* Gives a request's lines (session_request()) to fn in blocks of several
 * lines instead of one by one to send: the same bytes, with one call (and
 * one copy into a pipe's buffer) instead of one a line.  NULL: one by one
 * again.  Call it after session_start(). */
void session_send_lines(session *s, session_send_lines_fn *fn);

/* "saboteur 1": the handshake, sent to every bot before its first game.
 * Returns the length written into buf (no newline), or -1 when buf is too
 * small. */
int session_hello_line(char *buf, size_t len);

/* The game's set-up, seat by seat (proto_setup_line(); names by seat, as
 * there), with the "seed" line of a seat that asked for one right after
 * its "game" line; seed is the game's. */
void session_setup(session *s, int game, uint64_t seed,
    const char *const *names);

/*
 * Event e as seat may see it (sab_event_view() decides, through
 * proto_event()), sent when the seat is told of it at all.  Returns the
 * line's length, 0 when the seat is not told, or -1 when the line does
 * not fit a protocol line (then nothing is sent).  session_tell() does it
 * for every seat in turn.
 */
int session_tell_seat(session *s, const sab_event *e, int seat);
void session_tell(session *s, const sab_event *e);

/* Counts what session_spent() follows of e: a veto played face up, a card
 * taken from the discard pile, a new round.  session_tell() does it; a
 * caller that tells seat by seat calls it once for each event. */
void session_follow(session *s, const sab_event *e);

/*
 * Whether the seat to act in g is asked for its decision (1), or the
 * referee plays proto_default_move() for it by rule, sending nothing (0):
 * a reaction request of a seat whose bot did not ask for feature "react",
 * or whose standing allow stands (session_judge()), or any reaction
 * request while session_spent() says no seat can react.
 */
int session_asks(const session *s, const sab_game *g);

/*
 * 1 when every reaction card of the deck (the veto) was played face up
 * since the round began, as every seat saw (its "veto" lines), and no
 * card has been taken from the discard pile since (a treasure trove or a
 * chest could take one back): then no seat can hold one, and no seat is
 * asked to react until the next round (saboteur-protocol(7), since
 * replay version 1.7).  Public facts only, so which seats are asked
 * still tells nothing of the hands.  0 when skip_spent is 0.
 */
int session_spent(const session *s);

/*
 * A reaction window opens in g (its phase is SAB_PHASE_REACT, the seat to
 * act its first reactor, whose request session_request() sends as usual):
 * each later seat the rules will ask (sab_game_reactors()) whose bot asked
 * for "react" and "react-at-once" and is in listening (bit s: seat s's bot
 * still plays this game) is sent its whole request now, in the rules'
 * order: its "react" line, its legal moves when it asked for them, and
 * "turn" with the number its decision has if every seat before it allows
 * (decision, the first reactor's, plus its place) and its move_ms[s] and
 * bank_ms[s].  Which seats are asked depends only on the order of play,
 * which seats hold cards and which bots listen, never on the hands.  g's
 * seat to act is moved to each seat asked (to list its moves) and back.
 * Returns the seats asked (bit s); until session_settled() says each one
 * settled, session_tell() sends it no "react" line of the rules' (its
 * request is out) and session_early() says 1 for it, so its decision
 * sends no request.
 */
unsigned session_window(session *s, sab_game *g, int decision,
    unsigned listening, const int64_t *move_ms, const int64_t *bank_ms);

/* 1 when seat's reaction request went out with session_window() and is
 * not settled. */
int session_early(const session *s, int seat);

/* Seat's early request is settled: its decision was taken, or a veto
 * before it made it void and its answer was read. */
void session_settled(session *s, int seat);

/*
 * The referee's verdict on the reply (len bytes) of the seat to act in g,
 * as proto_judge() gives it, but for a standing allow: a seat that asked
 * for "react-standing" (with "react") may answer a reaction request with
 * the two words of proto_standing(), judged as the move of the first and,
 * when legal, standing: the seat is not asked to react again (no "react"
 * line, no request; the referee allows for it) until its own next turn's
 * request or the next round (saboteur-protocol(7), since replay version
 * 1.8).  The referee and the replay audit judge replies with it.
 */
int session_judge(session *s, const sab_game *g, const char *reply,
    size_t len, proto_reasons style, sab_move *m, char *why, size_t whylen);

/* The same verdict for a seat that asked for features, without a
 * session (the viewer's): *stands is 1 when the reply is a legal standing
 * allow. */
int session_judge_as(const proto_cards *pc, const sab_game *g,
    unsigned features, const char *reply, size_t len, proto_reasons style,
    sab_move *m, int *stands, char *why, size_t whylen);

/*
 * The request for decision number decision of the seat to act in g: its
 * legal moves, one "legal" line each, when it asked for them, then "turn"
 * with its move limit and the bank it has left (milliseconds).  A request
 * for the seat's own turn (not a reaction) ends its standing allow.
 */
void session_request(session *s, const sab_game *g, int decision,
    int64_t move_ms, int64_t bank_ms);

/*
 * A reply of seat's refused for why: "illegal TRIES_LEFT WHY"; when
 * played (the seat's tries are spent and the referee plays the default
 * move for it) is not NULL, then "default illegal MOVE" with that move.
 */
void session_refused(session *s, int seat, int tries_left, const char *why,
    const sab_move *played);

/* Seat ran out of time: "default timeout MOVE", the move played for it. */
void session_timeout(session *s, int seat, const sab_move *played);

#endif
