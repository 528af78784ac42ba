/* view.c: the steps of a replay and the table at each step as one
 * perspective knows it, built from the audit's walk through the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "event_def.h"
#include "say.h"
#include "session.h"
#include "view.h"

/* ---- loading: one step per record of interest ------------------------- */

/* The walk's state while the audit calls back. */
typedef struct loader {
	view *v;
	int cap;
	int turns;              /* "turn" records heard */
	int seen_ev;            /* an event was heard */
	int round;
	int start;              /* the first step of the decision, or -1 */
	int actor;              /* the seat asked in it, or -1 */
	int accepted;           /* the decision's bot gave a legal move */
	int deal;               /* the first step of a round the decision's
	                           move began, or -1 */
	int nomem;
	uint8_t goals[SAB_MAX_GOALS];
} loader;

static view_step *step_push(loader *ld)
{
	view *v = ld->v;

	if (v->nsteps == ld->cap) {
		int ncap = ld->cap ? 2 * ld->cap : 1024;
		view_step *n = realloc(v->steps, (size_t)ncap * sizeof *n);
		if (n == NULL) {
			ld->nomem = 1;
			return NULL;
		}
		v->steps = n;
		ld->cap = ncap;
	}
	view_step *s = &v->steps[v->nsteps++];
	memset(s, 0, sizeof *s);
	s->actor = -1;
	return s;
}

/* The decision a record belongs to: the set-up (0) holds the statuses of
 * bots out before the game and the events of the first deal, which the
 * rules make before anyone has played (the game's turn count is 0). */
static int decision_of(const loader *ld, const replay_rec *r,
    const sab_game *g)
{
	/* A move that ends a round deals the next one: that deal is the
	 * start of the next decision, as the first deal is the set-up. */
	if (ld->deal >= 0)
		return ld->turns + 2;
	if (ld->turns > 0)
		return ld->turns + 1;
	if (r->kind == REPLAY_EV)
		return g->turn == 0 ? 0 : 1;
	if (r->kind == REPLAY_STATUS && !ld->seen_ev)
		return 0;
	return 1;
}

/* A bot's line is refused unless it is a move the rules allow in the
 * state before the decision, which is the state the audit gives with it. */
static void bot_verdict(loader *ld, view_step *s, const sab_game *g)
{
	char why[256] = "";
	sab_move m;
	size_t len;
	char *said = replay_rec_line(ld->v->f, s->rec, &len);
	int legal, stands;

	if (said == NULL) {
		ld->nomem = 1;
		return;
	}
	proto_cards_follow(&ld->v->pc, g);
	/* As the referee judged it, with the seat's features. */
	legal = session_judge_as(&ld->v->pc, g, replay_seat_features(ld->v->f,
	    &ld->v->pc, s->rec->seat), said, len, replay_reasons(ld->v->f), &m,
	    &stands, why, sizeof why);
	free(said);
	if (legal) {
		ld->accepted = 1;
		return;
	}
	if (why[0] == '\0')
		snprintf(why, sizeof why, "not a move");
	s->flags |= VIEW_FAILURE;
	s->why = strdup(why);
	if (s->why == NULL)
		ld->nomem = 1;
}

/* A reply or the move tells who was asked: every step of the decision so
 * far learns it, and the steps to come. */
static void actor_heard(loader *ld, int seat)
{
	view *v = ld->v;

	ld->actor = seat;
	for (int i = ld->start >= 0 ? ld->start : v->nsteps - 1;
	    i < v->nsteps; i++)
		v->steps[i].actor = (int8_t)seat;
}

/* A round that ends in a decision is followed, in the file, by the next
 * round's deal and only then by the move's record.  The deal is the next
 * decision's start (its seat to play, its board), so the move's step goes
 * before it: every step of a decision shows the round the move was played
 * in. */
static int deal_begins(loader *ld, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	if (r->kind != REPLAY_EV || e == NULL ||
	    e->type != SAB_EV_ROUND_START || ld->deal >= 0 ||
	    decision_of(ld, r, g) == 0)
		return 0;
	ld->deal = ld->v->nsteps;
	return 1;
}

/* Moves the step just pushed (the move) to where the deal began; it keeps
 * the decision and round of the steps before it. */
static void move_before_deal(loader *ld)
{
	view *v = ld->v;
	int at = ld->deal;
	view_step s = v->steps[v->nsteps - 1];

	memmove(&v->steps[at + 1], &v->steps[at],
	    (size_t)(v->nsteps - 1 - at) * sizeof *v->steps);
	s.decision = ld->turns + 1;
	s.round = at > 0 ? v->steps[at - 1].round : s.round;
	v->steps[at] = s;
	ld->start = at + 1;
	ld->deal = at + 1;
}

static void step_add(loader *ld, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	view *v = ld->v;
	int deal = deal_begins(ld, r, e, g);
	int d = decision_of(ld, r, g);
	view_step *s;

	/* The set-up's last step ends "decision 0". */
	if (d > 0 && v->nsteps > 0 && v->steps[v->nsteps - 1].decision == 0)
		v->steps[v->nsteps - 1].flags |= VIEW_TURN_END;
	if ((s = step_push(ld)) == NULL)
		return;
	s->rec = r;
	s->decision = d;
	s->round = (uint8_t)ld->round;
	s->actor = (int8_t)(d > 0 && !deal && ld->deal < 0 ? ld->actor : -1);
	if (d > 0 && ld->start < 0)
		ld->start = v->nsteps - 1;
	if (e != NULL)
		s->ev = *e;
	if (r->kind == REPLAY_EV) {
		ld->seen_ev = 1;
		if (e != NULL && e->type == SAB_EV_ROUND_START) {
			s->flags |= VIEW_ROUND_START;
			memcpy(s->goal_def, ld->goals, sizeof s->goal_def);
		}
	} else if (r->kind == REPLAY_STATUS) {
		s->flags |= VIEW_FAILURE;
	} else if (r->kind == REPLAY_BOT) {
		actor_heard(ld, r->seat);
		bot_verdict(ld, s, g);
	} else if (r->kind == REPLAY_MOVE) {
		if (!ld->accepted)
			s->flags |= VIEW_DEFAULT;
		if (ld->deal >= 0) {
			s->actor = (int8_t)r->seat;
			move_before_deal(ld);
		} else {
			actor_heard(ld, r->seat);
		}
	}
}

static void turn_heard(loader *ld)
{
	view *v = ld->v;
	int deal = ld->deal;

	ld->turns++;
	for (int i = v->nsteps - 1; i >= 0 && v->steps[i].decision >= ld->turns;
	    i--)
		if (v->steps[i].decision == ld->turns) {
			v->steps[i].flags |= VIEW_TURN_END;
			break;
		}
	/* The next round's deal, when this decision made one, is the start
	 * of the next decision. */
	ld->start = deal;
	ld->deal = -1;
	ld->actor = -1;
	ld->accepted = 0;
}

static void on_record(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	loader *ld = ctx;

	if (ld->nomem)
		return;
	switch (r->kind) {
	case REPLAY_ROUND:
		/* The game is just after the deal: its goal cards are the
		 * round's. */
		ld->round = (int)r->a;
		memcpy(ld->goals, g->goal_def, sizeof ld->goals);
		break;
	case REPLAY_TURN:
		turn_heard(ld);
		break;
	case REPLAY_EV:
	case REPLAY_BOT:
	case REPLAY_NOTE:
	case REPLAY_STATUS:
	case REPLAY_MOVE:
		step_add(ld, r, e, g);
		break;
	default:
		break;
	}
}

int view_load(view *v, const replay_file *f, const sab_ruleset *rs,
    char *err, size_t errlen)
{
	replay_audit_ops ops = { on_record, NULL };
	replay_audit a;
	loader ld;

	memset(v, 0, sizeof *v);
	v->f = f;
	v->rs = rs;
	v->number = f->game;
	if (proto_cards_init(&v->pc, rs, err, errlen) != 0)
		return -1;
	v->pc.compat = replay_compat(f);
	memset(&ld, 0, sizeof ld);
	ld.v = v;
	ld.start = -1;
	ld.actor = -1;
	ld.deal = -1;
	replay_audit_run(f, rs, &ops, &ld, &a);
	if (ld.nomem) {
		snprintf(err, errlen, "out of memory");
		view_free(v);
		return -1;
	}
	v->decisions = ld.turns;
	v->ok = a.ok;
	if (!a.ok)
		snprintf(v->problem, sizeof v->problem, "%s", a.what);
	return 0;
}

void view_free(view *v)
{
	for (int i = 0; i < v->nsteps; i++)
		free(v->steps[i].why);
	free(v->steps);
	v->steps = NULL;
	v->nsteps = 0;
}

int view_persp_valid(const view *v, int persp)
{
	return persp == VIEW_FULL || persp == VIEW_PUBLIC ||
	    (persp >= 0 && persp < v->f->nseats);
}

/* ---- the table -------------------------------------------------------- */

void view_table_reset(const view *v, int persp, view_table *t)
{
	memset(t, 0, sizeof *t);
	t->persp = persp;
	t->step = -1;
	t->nseats = v->f->nseats;
	for (int s = 0; s < SAB_MAX_PLAYERS; s++) {
		t->seat[s].bank_ms = s < t->nseats ? v->f->seat[s].bank_ms :
		    v->f->bank_ms;
		t->seat[s].used_us = -1;
	}
	sab_seen_init(&t->seen, v->rs, t->nseats, persp);
}

static void mark(view_table *t, int x, int y)
{
	t->mark_x = (int8_t)x;
	t->mark_y = (int8_t)y;
	t->marked = 1;
	t->focus_x = (int8_t)x;
	t->focus_y = (int8_t)y;
	t->focused = 1;
}

/* The perspective is told the event (seen keeps what it learns); the view
 * adds the round's goal cards for the full view, shows a round's start as
 * that round, and marks the cell the event changed. */
static void event_apply(const view *v, const view_step *st, view_table *t)
{
	const sab_event *e = &st->ev;

	if (!sab_seen_tell(&t->seen, v->rs, e))
		return;
	switch (e->type) {
	case SAB_EV_ROUND_START:
		t->round = e->value;
		if (t->persp == VIEW_FULL)
			sab_seen_goals(&t->seen, v->rs, st->goal_def);
		t->focused = 0;
		break;
	case SAB_EV_PATH:
	case SAB_EV_ROCKFALL:
		if (e->seat < t->nseats)
			mark(t, e->x, e->y);
		break;
	case SAB_EV_REVEAL:
		mark(t, e->x, e->y);
		break;
	default:
		break;
	}
}

void view_table_apply(const view *v, int i, view_table *t)
{
	const view_step *s = &v->steps[i];
	const replay_rec *r = s->rec;
	int own = t->persp == VIEW_FULL || t->persp == r->seat;
	view_seat *seat = r->seat >= 0 && r->seat < t->nseats ?
	    &t->seat[r->seat] : NULL;

	t->step = i;
	t->decision = s->decision;
	t->round = s->round;
	t->marked = 0;
	if (r->kind == REPLAY_EV) {
		event_apply(v, s, t);
		return;
	}
	if (seat == NULL)
		return;
	/* A seat asked to react has answered: who is asked next, only the
	 * full view is told (the next seat's own request). */
	if (r->kind == REPLAY_MOVE && t->seen.phase == SAB_PHASE_REACT &&
	    t->seen.to_act == r->seat)
		t->seen.to_act = SAB_NO_SEAT;
	if (r->kind == REPLAY_BOT) {
		seat->bank_ms = r->b;
		seat->used_us = r->a;
		if (own) {
			seat->line = r->text;
			seat->line_decision = s->decision;
		}
	} else if (r->kind == REPLAY_NOTE && own) {
		seat->note = r->text;
	} else if (r->kind == REPLAY_STATUS) {
		seat->status = r->text;
	}
}

void view_table_at(const view *v, int i, int persp, view_table *t)
{
	view_table_reset(v, persp, t);
	for (int k = 0; k <= i && k < v->nsteps; k++)
		view_table_apply(v, k, t);
}

/* ---- finding steps ---------------------------------------------------- */

int view_step_visible(const view *v, int i, int persp)
{
	const view_step *s = &v->steps[i];
	sab_event out;

	if (persp == VIEW_FULL)
		return 1;
	switch (s->rec->kind) {
	case REPLAY_EV:
		return sab_event_view(&s->ev, persp, &out);
	case REPLAY_BOT:
		/* Another seat's refused reply is a failure everyone may
		 * find; its words stay hidden (view_describe). */
		return s->rec->seat == persp || (s->flags & VIEW_FAILURE);
	case REPLAY_NOTE:
		return s->rec->seat == persp;
	default:
		return 1;
	}
}

int view_find(const view *v, int from, int dir, int flags, int persp)
{
	for (int i = from + dir; i >= 0 && i < v->nsteps; i += dir) {
		if (flags != 0 && !(v->steps[i].flags & flags))
			continue;
		if (view_step_visible(v, i, persp))
			return i;
	}
	return -1;
}

int view_decision_step(const view *v, int d)
{
	for (int i = 0; i < v->nsteps; i++)
		if (v->steps[i].decision == d &&
		    (v->steps[i].flags & VIEW_TURN_END))
			return i;
	/* A set-up that nothing followed yet ends at its last step. */
	if (d == 0 && v->nsteps > 0 && v->steps[v->nsteps - 1].decision == 0)
		return v->nsteps - 1;
	return -1;
}

int view_round_step(const view *v, int r)
{
	for (int i = 0; i < v->nsteps; i++)
		if ((v->steps[i].flags & VIEW_ROUND_START) &&
		    v->steps[i].round == r)
			return i;
	return -1;
}

/* ---- words ------------------------------------------------------------ */

static const char *card_tok(const view *v, uint8_t c)
{
	return c < v->rs->ndefs ? v->pc.tok[c] : "a card";
}

static void say_round_end(const sab_ruleset *rs, sab_strbuf *w,
    const sab_event *e)
{
	sab_strbuf_printf(w, "round %d ends: ", e->value);
	if (e->n == SAB_END_GOLD)
		sab_strbuf_printf(w, "the gold is reached");
	else
		sab_strbuf_printf(w, "no one holds a card");
	if (e->seat != SAB_NO_SEAT)
		sab_strbuf_printf(w, " by seat %d", e->seat);
	if (e->target == SAB_ROLE_NONE || e->target >= rs->nroles)
		return;
	/* A role that wins alone (the greedy dwarf, the boss) is titled
	 * "the greedy dwarf". */
	if (strncmp(rs->roles[e->target].titles, "the ", 4) == 0)
		sab_strbuf_printf(w, "; %s wins alone",
		    rs->roles[e->target].titles);
	else
		sab_strbuf_printf(w, "; the %s win", rs->roles[e->target].titles);
}

static const char *card_tok_of(const void *ctx, uint8_t c)
{
	return card_tok(ctx, c);
}

/* Where the goal places lie at step i: the ruleset's cells, moved by the
 * events since the round's start whose rows say they move one (a
 * push-goal chest's). */
static void goals_at(const view *v, int i, int8_t *gx, int8_t *gy)
{
	int j = i;

	memcpy(gx, v->rs->goal_x, SAB_MAX_GOALS);
	memcpy(gy, v->rs->goal_y, SAB_MAX_GOALS);
	while (j > 0 && !(v->steps[j].rec->kind == REPLAY_EV &&
	    v->steps[j].ev.type == SAB_EV_ROUND_START))
		j--;
	for (; j < i && j < v->nsteps; j++) {
		const sab_event *e = &v->steps[j].ev;
		const sab_event_def *d = sab_event_def_of(e->type);
		int k = v->steps[j].rec->kind == REPLAY_EV && d != NULL &&
		    d->goal_moved != NULL ? d->goal_moved(e) : -1;
		if (k >= 0) {
			gx[k] = e->x;
			gy[k] = e->y;
		}
	}
}

/* A play in its card kind's words (rules/base/cards.c); a pass in the
 * viewer's own (a peek has its row's, rules/base/events.c). */
static void say_play(const view *v, sab_strbuf *w, const sab_event *e,
    const int8_t *gx, const int8_t *gy)
{
	const sab_ruleset *rs = v->rs;
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;
	sab_words words = { SAB_WORDS_STEP, card_tok_of, v, gx, gy };
	char buf[256];

	if (e->type != SAB_EV_PASS && k != NULL && k->say != NULL) {
		if (k->say(rs, e, &words, buf, sizeof buf) >= 0)
			sab_strbuf_printf(w, "%s", buf);
		return;
	}
	if (e->vis == SAB_VIS_ALL)
		sab_strbuf_printf(w, "seat %d has no cards and passes",
		    e->seat);
	else if (e->card == SAB_NO_CARD)
		sab_strbuf_printf(w, "seat %d passes, discarding a card face "
		    "down", e->seat);
	else
		sab_strbuf_printf(w, "seat %d passes, discarding %s", e->seat,
		    card_tok(v, e->card));
}

static void say_gold(sab_strbuf *w, const sab_event *e)
{
	switch (e->type) {
	case SAB_EV_GOLD_OFFER:
		sab_strbuf_printf(w, "seat %d is offered gold:", e->seat);
		for (int i = 0; i < e->n && i < SAB_MAX_PLAYERS; i++)
			sab_strbuf_printf(w, " %d", e->vals[i]);
		break;
	case SAB_EV_GOLD:
		if (e->vis == SAB_VIS_HIDDEN && e->value == 0)
			sab_strbuf_printf(w, "seat %d takes a gold card",
			    e->seat);
		else
			sab_strbuf_printf(w, "seat %d takes gold worth %d",
			    e->seat, e->value);
		break;
	default:
		sab_strbuf_printf(w, "game over; gold:");
		for (int s = 0; s < e->n && s < SAB_MAX_PLAYERS; s++)
			sab_strbuf_printf(w, " %d", e->vals[s]);
		sab_strbuf_printf(w, "; winners:");
		for (int s = 0; s < e->n && s < SAB_MAX_PLAYERS; s++)
			if (e->mask & (1u << s))
				sab_strbuf_printf(w, " %d", s);
		break;
	}
}

/* The expansions' events in the words rules/words.c gives them. */
static int say_expansion(const view *v, sab_strbuf *w, const sab_event *e,
    const int8_t *gx, const int8_t *gy)
{
	sab_words words = { SAB_WORDS_STEP, card_tok_of, v, gx, gy };
	char buf[512];

	if (sab_event_words(v->rs, e, &words, buf, sizeof buf) < 0)
		return 0;
	sab_strbuf_printf(w, "%s", buf);
	return 1;
}

/* A role: by its name in the base game's rulesets, as always; by its
 * title ("blue gold miner") in the expansions'. */
static const char *role_words(const view *v, uint8_t role)
{
	if (sab_words_expansion(v->rs) && role < v->rs->nroles)
		return v->rs->roles[role].title;
	return sab_role_name(v->rs, role);
}

/* A role told in the middle of a round follows a card played (change
 * hats): the seat's new dwarf card. */
static int new_hat(const view *v, int i, const sab_event *e)
{
	const view_step *prev = i > 0 ? &v->steps[i - 1] : NULL;

	return e->type == SAB_EV_ROLE && prev != NULL &&
	    prev->rec->kind == REPLAY_EV && prev->ev.type == SAB_EV_PLAY;
}

static void say_event(const view *v, sab_strbuf *w, const sab_event *e,
    const int8_t *gx, const int8_t *gy)
{
	if (say_expansion(v, w, e, gx, gy))
		return;
	switch (e->type) {
	case SAB_EV_GAME_START:
		sab_strbuf_printf(w, "a game of %d players begins", e->n);
		break;
	case SAB_EV_ROUND_START:
		sab_strbuf_printf(w,
		    "round %d begins: seat %d plays first, %d cards stay in "
		    "the deck", e->value, e->seat, e->n);
		break;
	case SAB_EV_ROLE:
		sab_strbuf_printf(w, "seat %d is a %s", e->seat,
		    role_words(v, e->value));
		break;
	case SAB_EV_ROLE_REVEAL:
		sab_strbuf_printf(w, "seat %d was a %s", e->seat,
		    role_words(v, e->value));
		break;
	case SAB_EV_DRAW:
		sab_strbuf_printf(w, "seat %d draws %s", e->seat,
		    card_tok(v, e->card));
		break;
	case SAB_EV_REVEAL:
		sab_strbuf_printf(w, "the goal at %d %d turns face up: %s%s",
		    e->x, e->y, card_tok(v, e->card), e->rot ? ", turned" : "");
		break;
	case SAB_EV_ROUND_END:
		say_round_end(v->rs, w, e);
		break;
	case SAB_EV_GOLD_OFFER:
	case SAB_EV_GOLD:
	case SAB_EV_GAME_END:
		say_gold(w, e);
		break;
	default:
		say_play(v, w, e, gx, gy);
		break;
	}
}

static const char *seat_name(const view *v, int seat)
{
	const char *n = seat >= 0 && seat < v->f->nseats ?
	    v->f->seat[seat].name : "-";

	return strcmp(n, "-") ? n : "no name";
}

/* A move as another seat saw it: a discard's card, a gold card's value
 * the card taken from a treasure trove and the card discarded for a
 * dwarf stay hidden. */
static void say_move(sab_strbuf *w, const char *text, int own)
{
	if (!own && strncmp(text, "discard ", 8) == 0) {
		/* One "-" for each card discarded (Saboteur 2 passes 1 to
		 * 3). */
		sab_strbuf_printf(w, "discard");
		for (const char *p = text + 7; *p; p++)
			if (*p == ' ' && p[1] != ' ' && p[1] != '\0')
				sab_strbuf_printf(w, " -");
	} else if (!own && strncmp(text, "dwarf ", 6) == 0) {
		/* Tunnel toll: the card is discarded face down; the cell
		 * is public ("dwarf SEAT X Y"). */
		const char *cell = strchr(text + 6, ' ');
		sab_strbuf_printf(w, "dwarf -%s", cell != NULL ? cell : "");
	} else if (!own && strncmp(text, "pick ", 5) == 0) {
		sab_strbuf_printf(w, "pick -");
	} else if (!own && strncmp(text, "take ", 5) == 0) {
		/* A treasure trove's card: others see "took SEAT -". */
		sab_strbuf_printf(w, "take -");
	} else {
		sab_strbuf_printf(w, "%s", text);
	}
}

static void say_record(const view *v, sab_strbuf *w, const view_step *s,
    int own)
{
	const replay_rec *r = s->rec;
	size_t n;

	switch (r->kind) {
	case REPLAY_BOT:
		sab_strbuf_printf(w, "seat %d (%s) replies in %.3f ms", r->seat,
		    seat_name(v, r->seat), (double)r->a / 1000.0);
		if (own)
			sab_strbuf_printf(w, ": %s", r->text);
		if ((s->flags & VIEW_FAILURE) && own)
			sab_strbuf_printf(w, "; refused: %s",
			    s->why ? s->why : "?");
		else if (s->flags & VIEW_FAILURE)
			sab_strbuf_printf(w, "; refused");
		break;
	case REPLAY_NOTE:
		if (own)
			sab_strbuf_printf(w, "seat %d notes: %s", r->seat,
			    r->text);
		else
			sab_strbuf_printf(w, "seat %d sends a note", r->seat);
		break;
	case REPLAY_STATUS:
		n = strcspn(r->text, " ");
		sab_strbuf_printf(w, "seat %d (%s) fails: %.*s", r->seat,
		    seat_name(v, r->seat), (int)n, r->text);
		if (r->text[n] != '\0')
			sab_strbuf_printf(w, " (%s)", r->text + n + 1);
		break;
	default:
		sab_strbuf_printf(w, "seat %d's move: ", r->seat);
		say_move(w, r->text, own);
		if (s->flags & VIEW_DEFAULT)
			sab_strbuf_printf(w, " (played by the referee)");
		break;
	}
}

void view_describe(const view *v, int i, int persp, char *buf, size_t len)
{
	sab_strbuf w;
	const view_step *s;
	sab_event e;

	sab_strbuf_init(&w, buf, len);
	if (i < 0 || i >= v->nsteps) {
		sab_strbuf_printf(&w, "before the game");
		return;
	}
	s = &v->steps[i];
	if (s->rec->kind != REPLAY_EV) {
		say_record(v, &w, s, persp == VIEW_FULL ||
		    persp == s->rec->seat);
		return;
	}
	if (persp == VIEW_FULL)
		e = s->ev;
	else if (!sab_event_view(&s->ev, persp, &e)) {
		sab_strbuf_printf(&w, "(seat %d alone is told of this)",
		    s->ev.seat);
		return;
	}
	if (new_hat(v, i, &e))
		sab_strbuf_printf(&w, "seat %d changes hats: now a %s", e.seat,
		    role_words(v, e.value));
	else {
		int8_t gx[SAB_MAX_GOALS], gy[SAB_MAX_GOALS];
		goals_at(v, i, gx, gy);
		say_event(v, &w, &e, gx, gy);
	}
}

void view_persp_name(const view *v, int persp, char *buf, size_t len)
{
	if (persp == VIEW_FULL)
		snprintf(buf, len, "all (every hidden card)");
	else if (persp == VIEW_PUBLIC)
		snprintf(buf, len, "public");
	else
		snprintf(buf, len, "seat %d (%s)", persp, seat_name(v, persp));
}
