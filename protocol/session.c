/* session.c: the lines the referee sends each seat of one game, for the
 * match runner and the replay audit alike (see session.h). */
#include <stdio.h>
#include <string.h>

#include "session.h"

void session_start(session *s, const proto_cards *pc, int nplayers,
    const unsigned *features, session_send_fn *send, void *ctx)
{
	s->pc = pc;
	s->nplayers = nplayers;
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		s->features[k] = features != NULL && k < nplayers ?
		    features[k] : 0;
	s->send = send;
	s->send_lines = NULL;
	s->ctx = ctx;
	s->early = 0;
	s->skip_spent = 1;
	s->reactions_played = 0;
	s->reaction_cards = 0;
	s->standing = 0;
	for (int d = 0; pc->rs != NULL && d < pc->rs->ndefs; d++)
		if (pc->kind[d] != NULL && pc->kind[d]->reaction)
			s->reaction_cards += pc->rs->defs[d].count;
}

int session_spent(const session *s)
{
	return s->skip_spent && s->reaction_cards > 0 &&
	    s->reactions_played >= s->reaction_cards;
}

/* Whether seat's standing allow stands (session_judge()). */
static int stands(const session *s, int seat)
{
	return s->standing >> seat & 1;
}

/* Whether seat hears the rules' "react" line (their SAB_EV_REACT): only
 * a seat that is asked then (session_asks()), and not one whose request
 * already went out at its window's start. */
static int hears_react(const session *s, int seat)
{
	return (s->features[seat] & PROTO_FEAT_REACT) &&
	    !(s->early >> seat & 1) && !stands(s, seat) &&
	    !session_spent(s);
}

void session_follow(session *s, const sab_event *e)
{
	if (e->type == SAB_EV_VETO)
		s->reactions_played++;
	else if (e->type == SAB_EV_ROUND_START || e->type == SAB_EV_TAKE)
		s->reactions_played = 0;
	if (e->type == SAB_EV_ROUND_START)
		s->standing = 0;
}

int session_hello_line(char *buf, size_t len)
{
	int n = snprintf(buf, len, "saboteur %d", PROTO_VERSION);

	return n < 0 || (size_t)n >= len ? -1 : n;
}

void session_setup(session *s, int game, uint64_t seed,
    const char *const *names)
{
	char line[PROTO_LINE_MAX];

	for (int seat = 0; seat < s->nplayers; seat++)
		for (int k = 0, n; (n = proto_setup_line(s->pc, game,
		    s->nplayers, seat, names, k, line, sizeof line)) > 0; k++) {
			s->send(s->ctx, seat, line, (size_t)n);
			/* Right after "game" (saboteur-protocol(7)). */
			if (k == 0 && (s->features[seat] & PROTO_FEAT_SEED) &&
			    (n = proto_seed_line(seed, seat, line,
			    sizeof line)) > 0)
				s->send(s->ctx, seat, line, (size_t)n);
		}
}

/* Events are most of what the referee sends: one line buffer for all the
 * seats, and no call between the loop and the formatting. */
static inline int tell_seat(session *s, const sab_event *e, int seat,
    char *line)
{
	int n;

	/* A seat whose bot did not ask for "react" is never asked to react
	 * (session_asks()): the line would announce a request that does not
	 * come. */
	if (e->type == SAB_EV_REACT && !hears_react(s, seat))
		return 0;
	n = proto_event(s->pc, e, seat, s->nplayers, line, PROTO_LINE_MAX);

	if (n > 0)
		s->send(s->ctx, seat, line, (size_t)n);
	return n;
}

int session_tell_seat(session *s, const sab_event *e, int seat)
{
	char line[PROTO_LINE_MAX];

	return tell_seat(s, e, seat, line);
}

/*
 * What a seat is told of e depends only on whether it is e's own seat
 * (sab_event_view(): an event every seat sees whole, one whose card or
 * value only its seat sees, one only its seat sees at all), so the line
 * of every other seat is the same: it is written once, not once a seat.
 */
void session_tell(session *s, const sab_event *e)
{
	char line[PROTO_LINE_MAX];
	int shared = -2;        /* the other seats' line: not written yet */

	session_follow(s, e);
	/* An event only its seat sees (sab_event_view()) goes to it alone:
	 * a reaction request's line, which every window makes for each seat
	 * it asks (by rule too), most often. */
	if (e->vis == SAB_VIS_SEAT) {
		if (e->seat < s->nplayers)
			(void)tell_seat(s, e, e->seat, line);
		return;
	}
	for (int seat = 0; seat < s->nplayers; seat++) {
		if (seat == e->seat && e->vis != SAB_VIS_ALL) {
			(void)tell_seat(s, e, seat, line);
			shared = -2;    /* the buffer holds the seat's own */
			continue;
		}
		if (e->type == SAB_EV_REACT && !hears_react(s, seat))
			continue;
		if (shared == -2)
			shared = proto_event(s->pc, e, seat, s->nplayers, line,
			    PROTO_LINE_MAX);
		if (shared > 0)
			s->send(s->ctx, seat, line, (size_t)shared);
	}
}

/* Whether g waits for a seat's reaction (a reaction window is open). */
static int in_window(const sab_game *g)
{
	return g->phase == SAB_PHASE_REACT;
}

int session_asks(const session *s, const sab_game *g)
{
	return !in_window(g) ||
	    ((s->features[g->to_act] & PROTO_FEAT_REACT) != 0 &&
	    !stands(s, g->to_act) && !session_spent(s));
}

int session_judge_as(const proto_cards *pc, const sab_game *g,
    unsigned features, const char *reply, size_t len, proto_reasons style,
    sab_move *m, int *stands, char *why, size_t whylen)
{
	const unsigned want = PROTO_FEAT_REACT | PROTO_FEAT_STANDING;
	size_t first;

	*stands = 0;
	if (in_window(g) && (features & want) == want &&
	    (first = proto_standing(reply, len)) > 0) {
		sab_move dflt;
		if (!proto_judge(pc, g, reply, first, style, m, why, whylen))
			return 0;
		/* Only the answer the referee gives for a seat it does not
		 * ask may stand for the answers to come. */
		proto_default_move(g, &dflt);
		if (m->kind != dflt.kind) {
			snprintf(why, whylen, "only the move played by default "
			    "may stand");
			return 0;
		}
		*stands = 1;
		return 1;
	}
	return proto_judge(pc, g, reply, len, style, m, why, whylen);
}

int session_judge(session *s, const sab_game *g, const char *reply,
    size_t len, proto_reasons style, sab_move *m, char *why, size_t whylen)
{
	int seat = g->to_act, stands;
	unsigned feat = seat < SAB_MAX_PLAYERS ? s->features[seat] : 0;
	int legal = session_judge_as(s->pc, g, feat, reply, len, style, m,
	    &stands, why, whylen);

	if (stands)
		s->standing |= 1u << seat;
	return legal;
}

unsigned session_window(session *s, sab_game *g, int decision,
    unsigned listening, const int64_t *move_ms, const int64_t *bank_ms)
{
	const unsigned want = PROTO_FEAT_REACT | PROTO_FEAT_AT_ONCE;
	int seats[SAB_MAX_PLAYERS], n = sab_game_reactors(g, seats);
	uint8_t first = g->to_act;
	unsigned asked = 0;
	char line[PROTO_LINE_MAX];
	int k = -2;             /* the "react" line: not written yet */

	if (session_spent(s))
		n = 0;
	for (int i = 1; i < n; i++) {
		int seat = seats[i];
		if ((s->features[seat] & want) != want ||
		    !(listening >> seat & 1) || stands(s, seat))
			continue;
		/* The line the rules send when they ask a seat, which names
		 * the player, not the seat: written once for them all. */
		if (k == -2) {
			sab_event e = sab_event_new(SAB_EV_REACT, SAB_VIS_SEAT,
			    (uint8_t)seat);
			e.target = g->pending_seat;
			e.card = g->pending.card;
			k = proto_event(s->pc, &e, seat, s->nplayers, line,
			    sizeof line);
		}
		if (k > 0)
			s->send(s->ctx, seat, line, (size_t)k);
		g->to_act = (uint8_t)seat;
		session_request(s, g, decision + i, move_ms[seat], bank_ms[seat]);
		asked |= 1u << seat;
	}
	g->to_act = first;
	s->early |= asked;
	return asked;
}

int session_early(const session *s, int seat)
{
	return seat >= 0 && seat < SAB_MAX_PLAYERS && (s->early >> seat & 1);
}

void session_settled(session *s, int seat)
{
	if (seat >= 0 && seat < SAB_MAX_PLAYERS)
		s->early &= ~(1u << seat);
}

void session_send_lines(session *s, session_send_lines_fn *fn)
{
	s->send_lines = fn;
}

/* Gives the block's lines (used bytes, each line ended by a newline) to
 * seat, at once or one by one; the block is empty after. */
static void block_flush(session *s, int seat, size_t *used, int *nlines)
{
	char *b = s->block;

	if (*nlines == 0)
		return;
	b[--*used] = '\0';     /* the last newline is the taker's */
	if (s->send_lines != NULL) {
		s->send_lines(s->ctx, seat, b, *used, *nlines);
	} else {
		for (char *at = b, *nl; at < b + *used; at = nl + 1) {
			nl = memchr(at, '\n', (size_t)(b + *used - at));
			if (nl == NULL)
				nl = b + *used;
			*nl = '\0';
			s->send(s->ctx, seat, at, (size_t)(nl - at));
		}
	}
	*used = 0;
	*nlines = 0;
}

/* Adds a line of n bytes (-1 or 0: none) written at the block's end. */
static void block_add(session *s, size_t *used, int *nlines, int n)
{
	if (n <= 0)
		return;
	*used += (size_t)n;
	s->block[(*used)++] = '\n';
	++*nlines;
}

/* The request's lines are written into one block, as many as fit, and
 * given at once (session_send_lines()): one call, and one copy into the
 * bot's pipe, for the whole list of legal moves and the "turn" line. */
void session_request(session *s, const sab_game *g, int decision,
    int64_t move_ms, int64_t bank_ms)
{
	int seat = g->to_act, nlines = 0;
	size_t used = 0;

	if (!in_window(g) && seat < SAB_MAX_PLAYERS)
		s->standing &= ~(1u << seat);
	if (s->features[seat] & PROTO_FEAT_MOVES) {
		int k = sab_game_moves(g, s->moves);
		for (int i = 0; i < k; i++) {
			if (sizeof s->block - used < PROTO_LINE_MAX + 1)
				block_flush(s, seat, &used, &nlines);
			block_add(s, &used, &nlines, proto_legal_line(s->pc,
			    &s->moves[i], s->block + used, PROTO_LINE_MAX));
		}
	}
	if (sizeof s->block - used < PROTO_LINE_MAX + 1)
		block_flush(s, seat, &used, &nlines);
	block_add(s, &used, &nlines, proto_turn_line(decision, move_ms,
	    bank_ms, s->block + used, PROTO_LINE_MAX));
	block_flush(s, seat, &used, &nlines);
}

static void played_for(session *s, int seat, const char *why,
    const sab_move *m)
{
	char line[PROTO_LINE_MAX];
	int n = proto_default_line(s->pc, why, m, line, sizeof line);

	if (n > 0)
		s->send(s->ctx, seat, line, (size_t)n);
}

void session_refused(session *s, int seat, int tries_left, const char *why,
    const sab_move *played)
{
	char line[PROTO_LINE_MAX];
	int n = proto_illegal_line(tries_left, why, line, sizeof line);

	if (n > 0)
		s->send(s->ctx, seat, line, (size_t)n);
	if (played != NULL)
		played_for(s, seat, "illegal", played);
}

void session_timeout(session *s, int seat, const sab_move *played)
{
	played_for(s, seat, "timeout", played);
}
