/* know.c: one seat's knowledge of a game, kept as a template game that
 * sends the seat the lines it received, and games sampled from it; see
 * know.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "know.h"
#include "linewords.h"

/* ---- cards as tags -------------------------------------------------------
 *
 * Every card of a round's deck is a tag: a number that follows the card
 * wherever the rules move it (draw pile, hands, discard pile), with its
 * definition in val[] and whether this seat knows which card it is in
 * pin[].  Swapping the definitions of two unknown tags changes nothing the
 * seat was told, so it is how the template gets a card it needs and how a
 * sample deals the unknown cards.  The tags of a zone lie parallel to the
 * game's array of that zone, position for position.
 */

#define MAX_TAGS 1024
#define MAX_OPS 512
#define NOTAG 0xFFFF
/* How many times one decision is tried with other random draws of the
 * rules (a shuffle the seat saw the result of), and how many repairs
 * (hidden cards given) one try may make. */
#define MAX_TRIES 48
#define MAX_REPAIRS 64

typedef struct ktags {
	uint16_t ntags;
	uint8_t val[MAX_TAGS];
	uint8_t pin[MAX_TAGS];
	uint16_t deck[SAB_MAX_DECK];            /* g->deck[0 .. ndeck) */
	uint16_t ndeck;
	uint16_t aside[SAB_MAX_DECK];           /* g->deck[aside_at + i] */
	uint16_t aside_at;
	uint16_t naside;
	uint16_t hand[SAB_MAX_PLAYERS][SAB_MAX_HAND];
	uint8_t nhand[SAB_MAX_PLAYERS];
	uint16_t disc[SAB_MAX_DECK];            /* g->discard[0 .. ndisc) */
	uint16_t ndisc;
	uint16_t pending;       /* the card waiting for a veto, out of play */
	uint16_t held;          /* a treasure trove's card, laid on the pile
	                           once a card is taken */
	uint8_t exact;          /* 0 once a step was not followed card by card */
	/* What happened to the discard pile this round, in order: a sample
	 * deals its unknown cards anew, and the rules lay and take cards of
	 * the pile by their definitions, so a sample's pile is laid again
	 * from these (see pile_again()). */
	struct kop {
		uint8_t kind, n;
		uint16_t step;          /* the round's decision that made it */
		uint16_t tag[3];
	} ops[MAX_OPS];
	uint16_t nops;
} ktags;

/* A card laid on the pile; a pass of 2 or 3 cards laid face down (the
 * rules lay them from the second card's definition up, the lowest last;
 * tags in the take order); a card taken from the top n; the pile
 * shuffled. */
enum { OP_PUSH, OP_PASS, OP_TAKE, OP_SHUFFLE };

/* A place a card lies in: a zone and a position in it. */
enum { Z_DECK, Z_ASIDE, Z_HAND, Z_DISC };
typedef struct kslot {
	uint8_t zone, seat;
	uint16_t i;
} kslot;

/* A hidden card of the template other than a deck card, changed before
 * step `step` of the round: two dwarf cards' places (role_at()), two goal
 * places, two gold cards of the pile, or what lies in chest a (b: the
 * chest's kind, and its path card << 8); a card of the gold offer and one
 * of the pile (P_OFFER), or two of the offer (P_OFFER_ORDER). */
enum { P_ROLE, P_GOAL, P_GOLD, P_CHEST, P_OFFER, P_OFFER_ORDER };
typedef struct kpatch {
	uint8_t kind;
	uint16_t step, a, b;
} kpatch;

/*
 * A pathfinder's turn that ended early: seat held no path card that fit
 * (rules/game.c's can_lay_path()), so none of the cards it held then
 * (tags) was a path card that the board had room for (fits: a bit per
 * definition).  Every sample keeps it: the template gives the seat a
 * fitting card it plays later in another place than these, and a deal
 * puts none there (see keep_nofit()).
 */
#define MAX_NOFIT 16
typedef struct knofit {
	uint8_t seat, n;
	uint16_t tag[SAB_MAX_HAND];
	uint8_t fits[(SAB_MAX_DEFS + 7) / 8];
} knofit;

/* One decision of the round, as the template played it. */
typedef struct kstep {
	sab_move m;
	uint16_t rel[3];        /* the tags the move took from the hand */
	uint8_t nrel;
	uint8_t actor;
	/* The actor's hand before a face-down discard of another seat's:
	 * any of these cards could have been the one it discarded. */
	uint16_t hb[SAB_MAX_HAND];
	uint8_t nhb;
	uint32_t tries;         /* the try whose random draws were used */
	uint64_t decision;
	int line0, nlines;      /* its lines, in the round's list */
} kstep;

struct know {
	/* The game. */
	int have_rs, own_rs;
	sab_ruleset rs;
	proto_cards pc;
	int nplayers, seat, game;
	uint64_t seed;
	char ruleset_name[SAB_NAME_MAX];
	int started, lost;
	char why[512];
	/* 1 when the referee deals each round by seats (saboteur play
	 * --deal-by-seat: seat 0's hand first, whoever starts): seen at the
	 * first round that another seat starts (deal_by_seats()). */
	int deal_seats;

	/* The template and what the seat knows of it. */
	sab_game T;
	ktags tags;
	sab_seen seen;
	long decisions, repairs;

	/* Every line of the game's events received, and the first one not
	 * yet explained: a template that reaches a dead end (a hidden
	 * choice that later lines contradict) follows them again from the
	 * start with other random choices. */
	char **q;
	int nq, qhead, qcap;
	uint64_t seed0;
	int restarts;

	/* The round so far, to play it again (know_check()). */
	sab_game T0;
	ktags tags0;
	kstep *steps;
	int nsteps, capsteps;
	char **rlines;
	int nrlines, caprlines;
	uint8_t roles_moved, goals_moved;

	/* The template before its last decision, to take that decision
	 * again when the next lines show it wrong about a hidden card (a
	 * pathfinder's turn that ended: the seat held no path card that
	 * fit); how many times the decision was taken again. */
	struct kundo {
		int valid;
		sab_game T;
		ktags tags;
		sab_seen seen;
		int qhead, nsteps, nrlines, npatches, nnofit;
		long decisions;
		uint8_t roles_moved, goals_moved;
		uint8_t actor;
	} undo;
	long stuck_at;
	int undos;
	kpatch *patches;
	int npatches, cappatches;
	knofit nofit[MAX_NOFIT];
	int nnofit;

	/* Scratch. */
	sab_game copy, best;
	ktags ctags, btags, wtags;
	sab_events ev, bev, wev;
	uint16_t evtag[SAB_MAX_EVENTS], bevtag[SAB_MAX_EVENTS];
	/* The cards a trove (or a chest's) showed this seat in the step
	 * tried, top first, by their tags; and those of the worst try. */
	uint16_t shown[SAB_MAX_PLAYERS], wshown[SAB_MAX_PLAYERS];
	int nshown, nwshown;
	sab_move moves[SAB_MAX_MOVES];
	sab_move cands[SAB_MAX_MOVES];
};

/* ---- small helpers ------------------------------------------------------ */

#define MAX_WORDS 64

typedef struct words {
	int n;
	char buf[PROTO_LINE_MAX];
	char *w[MAX_WORDS];
} words;

static void split(const char *line, words *w)
{
	snprintf(w->buf, sizeof w->buf, "%s", line);
	w->n = linewords_split(w->buf, w->w, MAX_WORDS);
}

static int num(const words *w, int i, long lo, long hi, int *out)
{
	return linewords_num(w->w, w->n, i, lo, hi, out);
}

static int card_word(const know *k, const words *w, int i)
{
	return i < w->n ? proto_card_find(&k->pc, w->w[i], strlen(w->w[i])) :
	    -1;
}

static int lose(know *k, const char *why)
{
	if (!k->lost)
		snprintf(k->why, sizeof k->why, "%.*s",
		    (int)sizeof k->why - 1, why);
	k->lost = 1;
	return -1;
}

static char *dup_line(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p != NULL)
		memcpy(p, s, n);
	return p;
}

/* The random generator of try `t` of decision d: the template's own draws,
 * the same whenever the game is followed again. */
static void try_rng(const know *k, uint64_t d, uint32_t t, sab_rng *r)
{
	sab_rng_seed(r, sab_seed_mix(sab_seed_mix(k->seed, d), t));
}

/* ---- tags --------------------------------------------------------------- */

static void op_add(ktags *t, uint8_t kind, uint8_t n, const uint16_t *tags,
    int ntags, int step)
{
	struct kop *o;

	if (t->nops >= MAX_OPS) {
		t->exact = 0;
		return;
	}
	o = &t->ops[t->nops++];
	o->kind = kind;
	o->n = n;
	o->step = (uint16_t)step;
	for (int i = 0; i < 3; i++)
		o->tag[i] = i < ntags ? tags[i] : NOTAG;
}

static uint16_t tag_new(ktags *t, uint8_t val, uint8_t pin)
{
	if (t->ntags >= MAX_TAGS) {
		t->exact = 0;
		return NOTAG;
	}
	t->val[t->ntags] = val;
	t->pin[t->ntags] = pin;
	return t->ntags++;
}

static uint8_t *slot_val(sab_game *g, const ktags *t, kslot s)
{
	switch (s.zone) {
	case Z_DECK:
		return &g->deck[s.i];
	case Z_ASIDE:
		return &g->deck[t->aside_at + s.i];
	case Z_HAND:
		return &g->hand[s.seat][s.i];
	default:
		return &g->discard[s.i];
	}
}

static uint16_t *slot_tag(ktags *t, kslot s)
{
	switch (s.zone) {
	case Z_DECK:
		return &t->deck[s.i];
	case Z_ASIDE:
		return &t->aside[s.i];
	case Z_HAND:
		return &t->hand[s.seat][s.i];
	default:
		return &t->disc[s.i];
	}
}

/* Every place of the zones, in a fixed order; returns how many. */
static int all_slots(const ktags *t, int nplayers, kslot *out)
{
	int n = 0;

	for (uint16_t i = 0; i < t->ndeck; i++)
		out[n++] = (kslot){ Z_DECK, 0, i };
	for (uint16_t i = 0; i < t->naside; i++)
		out[n++] = (kslot){ Z_ASIDE, 0, i };
	for (int s = 0; s < nplayers; s++)
		for (uint16_t i = 0; i < t->nhand[s]; i++)
			out[n++] = (kslot){ Z_HAND, (uint8_t)s, i };
	for (uint16_t i = 0; i < t->ndisc; i++)
		out[n++] = (kslot){ Z_DISC, 0, i };
	return n;
}

#define MAX_SLOTS (3 * SAB_MAX_DECK + SAB_MAX_PLAYERS * SAB_MAX_HAND)

/* Gives the cards at a and b each other's definition (both unknown). */
static void slot_swap(sab_game *g, ktags *t, kslot a, kslot b)
{
	uint8_t *va = slot_val(g, t, a), *vb = slot_val(g, t, b);
	uint16_t ta = *slot_tag(t, a), tb = *slot_tag(t, b);
	uint8_t x = *va;

	*va = *vb;
	*vb = x;
	if (ta != NOTAG)
		t->val[ta] = *va;
	if (tb != NOTAG)
		t->val[tb] = *vb;
}

static int slot_pinned(const ktags *t, kslot s)
{
	uint16_t tg = *slot_tag((ktags *)t, s);

	return tg == NOTAG || t->pin[tg];
}

/* An unknown place holding def, other than `not` and the places whose
 * tags are in fixed[0 .. nfixed), picked with rng among all such; -1 when
 * there is none. */
static int find_free(const sab_game *g, const ktags *t, int nplayers,
    uint8_t def, kslot not, const uint16_t *fixed, int nfixed, sab_rng *rng,
    kslot *out)
{
	kslot all[MAX_SLOTS];
	int n = all_slots(t, nplayers, all), found = 0;

	for (int i = 0; i < n; i++) {
		uint16_t tg = *slot_tag((ktags *)t, all[i]);
		int skip = 0;
		if (slot_pinned(t, all[i]) ||
		    *slot_val((sab_game *)g, t, all[i]) != def ||
		    (all[i].zone == not.zone && all[i].seat == not.seat &&
		    all[i].i == not.i))
			continue;
		for (int f = 0; f < nfixed; f++)
			skip |= fixed[f] == tg;
		if (skip)
			continue;
		/* Reservoir sampling: each candidate equally likely. */
		if (sab_rng_below(rng, (uint32_t)++found) == 0)
			*out = all[i];
	}
	return found ? 0 : -1;
}

/* A new round's tags, from the game just dealt: every card of the draw
 * pile, the cards put aside and the hands; this seat knows its hand. */
static void tags_round(ktags *t, const sab_game *g, int me)
{
	int dealt = 0;

	t->ntags = 0;
	t->exact = 1;
	t->nops = 0;
	t->pending = t->held = NOTAG;
	for (int s = 0; s < g->nplayers; s++)
		dealt += g->nhand[s];
	t->ndeck = g->ndeck;
	for (int i = 0; i < g->ndeck; i++)
		t->deck[i] = tag_new(t, g->deck[i], 0);
	/* The cards put aside lie past the draw pile as it was before the
	 * deal. */
	t->aside_at = (uint16_t)(g->ndeck + dealt);
	t->naside = g->naside;
	for (int i = 0; i < g->naside; i++)
		t->aside[i] = tag_new(t, g->deck[t->aside_at + i], 0);
	for (int s = 0; s < g->nplayers; s++) {
		t->nhand[s] = g->nhand[s];
		for (int i = 0; i < g->nhand[s]; i++)
			t->hand[s][i] = tag_new(t, g->hand[s][i], s == me);
	}
	t->ndisc = g->ndiscard;
	for (int i = 0; i < g->ndiscard; i++)
		t->disc[i] = tag_new(t, g->discard[i], 1);
}

/* ---- following one step of the rules card by card ---------------------- */

/* The rules' hand take (rules/table.h): the first copy of def leaves the
 * hand, the last card fills its place.  Returns its tag.  With hidden set
 * (a card discarded face down, unseen), an unknown copy goes rather than
 * a known one (their tags change places: the same definitions lie where
 * they did). */
static uint16_t hand_take(ktags *t, int seat, uint8_t def, int hidden)
{
	for (int i = 0; i < t->nhand[seat]; i++) {
		uint16_t tg = t->hand[seat][i];
		if (tg == NOTAG || t->val[tg] != def)
			continue;
		for (int j = i + 1; hidden && t->pin[tg] && j < t->nhand[seat];
		    j++) {
			uint16_t o = t->hand[seat][j];
			if (o != NOTAG && t->val[o] == def && !t->pin[o]) {
				t->hand[seat][j] = tg;
				tg = o;
			}
		}
		t->hand[seat][i] = t->hand[seat][--t->nhand[seat]];
		return tg;
	}
	t->exact = 0;
	return NOTAG;
}

static void hand_add(ktags *t, int seat, uint16_t tg)
{
	if (t->nhand[seat] < SAB_MAX_HAND)
		t->hand[seat][t->nhand[seat]++] = tg;
	else
		t->exact = 0;
}

static int is_kind(const sab_ruleset *rs, uint8_t card, const char *word)
{
	int type = sab_kind_find(word, strlen(word));

	return card < rs->ndefs && type >= 0 && rs->defs[card].type == type;
}

/* The first tag left in list[0..n) (taken ones are NOTAG) whose card is
 * def, taken out of the list; NOTAG when none is. */
static uint16_t take_tag(const ktags *t, uint16_t *list, int n, uint8_t def)
{
	for (int j = 0; j < n; j++)
		if (list[j] != NOTAG && t->val[list[j]] == def) {
			uint16_t tg = list[j];
			list[j] = NOTAG;
			return tg;
		}
	return NOTAG;
}

/* Takes the discard pile of post into t: the cards the step laid on it
 * come from rel (the cards it took from hands, in the order the rules
 * discard them) when their definitions match, else they are cards that lay
 * face up elsewhere (the board, in front of a seat): known. */
static void discard_follow(ktags *t, const sab_game *post, uint16_t *rel,
    int nrel, int step)
{
	int same = t->ndisc <= post->ndiscard;

	for (int i = 0; same && i < t->ndisc; i++)
		same = t->disc[i] != NOTAG && t->val[t->disc[i]] ==
		    post->discard[i];
	if (!same) {
		/* Shuffled (a chest's treasure trove): the same cards, in an
		 * order the tags no longer follow. */
		uint16_t old[SAB_MAX_DECK];
		int nold = t->ndisc;
		memcpy(old, t->disc, sizeof old);
		t->exact = 0;
		t->ndisc = 0;
		op_add(t, OP_SHUFFLE, 0, NULL, 0, step);
		for (int i = 0; i < post->ndiscard; i++) {
			uint16_t tg = take_tag(t, old, nold, post->discard[i]);
			if (tg == NOTAG)
				tg = take_tag(t, rel, nrel, post->discard[i]);
			if (tg == NOTAG)
				tg = tag_new(t, post->discard[i], 1);
			t->disc[t->ndisc++] = tg;
		}
		return;
	}
	for (int i = t->ndisc; i < post->ndiscard; i++) {
		uint16_t tg = take_tag(t, rel, nrel, post->discard[i]);
		if (tg == NOTAG)
			tg = tag_new(t, post->discard[i], 1);
		t->disc[t->ndisc++] = tg;
		op_add(t, OP_PUSH, 0, &tg, 1, step);
	}
}

/* Checks the tags against the game's zones; a zone that differs is taken
 * again by definition (the step was not followed card by card). */
static void tags_verify(ktags *t, const sab_game *g)
{
	int ok = t->ndeck == g->ndeck && t->ndisc == g->ndiscard;

	for (int i = 0; ok && i < g->ndeck; i++)
		ok = t->deck[i] != NOTAG && t->val[t->deck[i]] == g->deck[i];
	for (int i = 0; ok && i < g->ndiscard; i++)
		ok = t->disc[i] != NOTAG && t->val[t->disc[i]] == g->discard[i];
	for (int s = 0; ok && s < g->nplayers; s++) {
		ok = t->nhand[s] == g->nhand[s];
		for (int i = 0; ok && i < g->nhand[s]; i++)
			ok = t->hand[s][i] != NOTAG &&
			    t->val[t->hand[s][i]] == g->hand[s][i];
	}
	if (ok)
		return;
	/* Rebuild each hand from its own tags by definition, then anything
	 * else as new known cards: consistent, no longer exact. */
	t->exact = 0;
	for (int s = 0; s < g->nplayers; s++) {
		uint16_t old[SAB_MAX_HAND];
		int nold = t->nhand[s];
		memcpy(old, t->hand[s], sizeof old);
		for (int i = 0; i < g->nhand[s]; i++) {
			uint16_t tg = take_tag(t, old, nold, g->hand[s][i]);
			if (tg == NOTAG)
				tg = tag_new(t, g->hand[s][i], 1);
			t->hand[s][i] = tg;
		}
		t->nhand[s] = g->nhand[s];
	}
	if (t->ndeck != g->ndeck) {
		t->ndeck = g->ndeck;
		for (int i = 0; i < g->ndeck; i++)
			t->deck[i] = tag_new(t, g->deck[i], 1);
	}
	for (int i = 0; i < g->ndeck; i++)
		if (t->deck[i] == NOTAG || t->val[t->deck[i]] != g->deck[i])
			t->deck[i] = tag_new(t, g->deck[i], 1);
	for (int i = 0; i < g->ndiscard; i++)
		if (i >= t->ndisc || t->disc[i] == NOTAG ||
		    t->val[t->disc[i]] != g->discard[i])
			t->disc[i] = tag_new(t, g->discard[i], 1);
	t->ndisc = g->ndiscard;
}

/* Whether this seat's view of e shows its card. */
static int seen_card(const sab_event *e, int me)
{
	sab_event v;

	return sab_event_view(e, me, &v) && v.card != SAB_NO_CARD;
}

/*
 * Follows the step that took pre to post by move m (its events in ev) in
 * the tags t, card by card: the cards the move took from the hand, then
 * each event's draw, take, swap or mill in order, then the discard pile.
 * evtag[j] gets the tag event j moved (NOTAG when none); rel the tags the
 * move took.  Returns the index of the event that began a new round (its
 * tags are then the new round's), or -1.
 */
static int tags_follow(const know *k, ktags *t, const sab_game *pre,
    const sab_move *m, const sab_game *post, const sab_events *ev,
    uint16_t *evtag, kstep *rec)
{
	const sab_ruleset *rs = &k->rs;
	int actor = pre->to_act, me = k->seat, nrel = 0, newround = -1;
	uint16_t rel[8];
	int ndiscarded = 0;

	rec->nrel = 0;
	for (int j = 0; j < ev->n; j++)
		evtag[j] = NOTAG;
	/* The cards the move takes from the hand, in the rules' order. */
	if (m->kind == SAB_MOVE_PLAY || m->kind == SAB_MOVE_PASS ||
	    m->kind == SAB_MOVE_REMOVE || m->kind == SAB_MOVE_DWARF) {
		/* Face down, another seat's card is one this seat does not
		 * know, when it may be: what it knows the seat holds, it
		 * goes on holding. */
		int hidden = actor != me && (m->kind == SAB_MOVE_PASS ||
		    m->kind == SAB_MOVE_DWARF);
		rec->nhb = 0;
		for (int i = 0; hidden && i < t->nhand[actor]; i++)
			rec->hb[rec->nhb++] = t->hand[actor][i];
		rel[nrel++] = hand_take(t, actor, m->card, hidden);
		if (m->kind == SAB_MOVE_PASS || m->kind == SAB_MOVE_REMOVE)
			for (int i = 0; i < m->nmore && i < 2; i++)
				rel[nrel++] = hand_take(t, actor, m->more[i],
				    hidden);
		for (int i = 0; i < nrel && i < 3; i++)
			rec->rel[rec->nrel++] = rel[i];
		/* Played and discarded face up, the card is known; face down,
		 * only to its player. */
		for (int i = 0; i < nrel; i++)
			if (rel[i] != NOTAG && (actor == me ||
			    m->kind == SAB_MOVE_PLAY || m->kind == SAB_MOVE_REMOVE))
				t->pin[rel[i]] = 1;
	}
	/* A card waiting for a veto, or a trove's card held, leaves play
	 * until its step ends. */
	if (m->kind == SAB_MOVE_PLAY && nrel > 0 && post->has_pending &&
	    !pre->has_pending) {
		t->pending = rel[0];
		nrel = 0;
	}
	if (pre->has_pending && !post->has_pending && t->pending != NOTAG) {
		rel[nrel++] = t->pending;
		t->pending = NOTAG;
	}
	if (m->kind == SAB_MOVE_PLAY && nrel > 0 && rel[0] != NOTAG &&
	    post->held != SAB_NO_CARD && pre->held == SAB_NO_CARD &&
	    post->held == t->val[rel[0]]) {
		t->held = rel[0];
		memmove(rel, rel + 1, sizeof rel[0] * (size_t)--nrel);
	}
	for (int j = 0; j < ev->n; j++) {
		const sab_event *e = &ev->ev[j];
		evtag[j] = NOTAG;
		if (e->type == SAB_EV_ROUND_START) {
			newround = j;
			break;
		}
		switch (e->type) {
		case SAB_EV_DRAW:
			if (t->ndeck == 0 || e->seat >= post->nplayers) {
				t->exact = 0;
				break;
			}
			evtag[j] = t->deck[--t->ndeck];
			hand_add(t, e->seat, evtag[j]);
			if (e->seat == me && evtag[j] != NOTAG)
				t->pin[evtag[j]] = 1;
			break;
		case SAB_EV_MILL:
			for (int i = 0; i < e->n && t->ndeck > 0; i++) {
				t->disc[t->ndisc++] = t->deck[--t->ndeck];
				op_add(t, OP_PUSH, 0, &t->disc[t->ndisc - 1], 1,
				    k->nsteps);
				ndiscarded++;
			}
			break;
		case SAB_EV_TROVE:
			/* The top cards shown to the seat: known to it. */
			if (e->seat == me)
				((know *)k)->nshown = 0;
			for (int i = 0; i < e->n && i < t->ndisc; i++)
				if (e->seat == me && t->disc[t->ndisc - 1 - i] !=
				    NOTAG) {
					know *kk = (know *)k;
					t->pin[t->disc[t->ndisc - 1 - i]] = 1;
					if (kk->nshown < SAB_MAX_PLAYERS)
						kk->shown[kk->nshown++] =
						    t->disc[t->ndisc - 1 - i];
				}
			break;
		case SAB_EV_TAKE: {
			/* The topmost copy among the cards shown (the rules'
			 * trove_find()), out of the pile into the hand. */
			int at = -1;
			for (int i = 0; i < pre->ntrove && i < t->ndisc; i++) {
				uint16_t tg = t->disc[t->ndisc - 1 - i];
				if (tg != NOTAG && t->val[tg] == e->card) {
					at = t->ndisc - 1 - i;
					break;
				}
			}
			if (at < 0) {
				t->exact = 0;
				break;
			}
			evtag[j] = t->disc[at];
			/* A card taken unseen is resolved from its tag when
			 * the round is played again. */
			if (m->kind == SAB_MOVE_TAKE && rec->nrel == 0)
				rec->rel[rec->nrel++] = evtag[j];
			/* Unseen, any card shown could have been the one. */
			rec->nhb = 0;
			for (int i = 0; e->seat != me && i < pre->ntrove &&
			    i < t->ndisc && i < SAB_MAX_HAND; i++)
				rec->hb[rec->nhb++] = t->disc[t->ndisc - 1 - i];
			op_add(t, OP_TAKE, pre->ntrove, &evtag[j], 1,
			    k->nsteps);
			memmove(&t->disc[at], &t->disc[at + 1],
			    sizeof t->disc[0] * (size_t)(t->ndisc - at - 1));
			t->ndisc--;
			hand_add(t, e->seat, evtag[j]);
			if (e->seat == me)
				t->pin[evtag[j]] = 1;
			if (t->held != NOTAG) {
				rel[nrel++] = t->held;
				t->held = NOTAG;
			}
			break;
		}
		case SAB_EV_GRAB: {
			/* Which card went is the two seats' secret: the
			 * target's hand, told next, shows which position. */
			const sab_event *h = NULL;
			int tgt = e->target, at = -1;
			for (int i = j + 1; i < ev->n && h == NULL; i++)
				if (ev->ev[i].type == SAB_EV_HAND &&
				    ev->ev[i].seat == tgt)
					h = &ev->ev[i];
			if (tgt >= post->nplayers || h == NULL) {
				t->exact = 0;
				break;
			}
			for (int i = 0; at < 0 && i < t->nhand[tgt]; i++)
				if (i >= h->n || t->val[t->hand[tgt][i]] !=
				    (uint8_t)h->vals[i])
					at = i;
			if (at < 0) {
				t->exact = 0;
				break;
			}
			evtag[j] = t->hand[tgt][at];
			memmove(&t->hand[tgt][at], &t->hand[tgt][at + 1],
			    sizeof t->hand[0][0] * (size_t)(t->nhand[tgt] - at -
			    1));
			t->nhand[tgt]--;
			hand_add(t, e->seat, evtag[j]);
			break;
		}
		case SAB_EV_HAND:
			if (e->seat == me)
				for (int i = 0; i < t->nhand[me]; i++)
					t->pin[t->hand[me][i]] = 1;
			break;
		default:
			/* Swap hands: the two hands change places whole. */
			if (e->type == SAB_EV_PLAY && is_kind(rs, e->card,
			    "swap-hands") && e->target < post->nplayers) {
				uint16_t tmp[SAB_MAX_HAND];
				uint8_t n = t->nhand[e->seat];
				memcpy(tmp, t->hand[e->seat], sizeof tmp);
				memcpy(t->hand[e->seat], t->hand[e->target],
				    sizeof tmp);
				memcpy(t->hand[e->target], tmp, sizeof tmp);
				t->nhand[e->seat] = t->nhand[e->target];
				t->nhand[e->target] = n;
			}
			break;
		}
		(void)seen_card;
	}
	if (newround >= 0) {
		tags_round(t, post, me);
		return newround;
	}
	(void)ndiscarded;
	{
		int before = t->nops;
		discard_follow(t, post, rel, nrel, k->nsteps);
		/* Another seat's pass of several cards, face down: its
		 * cards' order on the pile follows their definitions. */
		if (m->kind == SAB_MOVE_PASS && m->nmore > 0 && actor != me &&
		    t->nops == before + m->nmore + 1 && rec->nrel ==
		    m->nmore + 1) {
			t->nops = (uint16_t)before;
			op_add(t, OP_PASS, 0, rec->rel, rec->nrel, k->nsteps);
		}
	}
	/* The rest of what left the hands lies face up (board, in front). */
	for (int s = 0; s < post->nplayers; s++)
		if (s == me)
			for (int i = 0; i < t->nhand[s]; i++)
				if (t->hand[s][i] != NOTAG)
					t->pin[t->hand[s][i]] = 1;
	tags_verify(t, post);
	return -1;
}

/* ---- roles and goals the seat does not know ----------------------------- */

/* A place a dwarf card lies: a seat's (0..n-1), the one left out
 * (SAB_MAX_PLAYERS) or Saboteur 2's pile (SAB_MAX_PLAYERS + 1 + i). */
static uint8_t *role_at(sab_game *g, int r)
{
	if (r < SAB_MAX_PLAYERS)
		return &g->role[r];
	if (r == SAB_MAX_PLAYERS)
		return &g->role_spare;
	return &g->dwarves[r - SAB_MAX_PLAYERS - 1];
}

/* The dwarf cards this seat does not know, as role_at() places; returns
 * how many. */
static int free_roles(const know *k, const sab_game *g, int *out)
{
	int n = 0;

	if (!k->rs.has_roles)
		return 0;
	for (int s = 0; s < g->nplayers; s++)
		if (s != k->seat && k->seen.role[s] == SAB_SEEN_UNKNOWN)
			out[n++] = s;
	if (g->role_spare != SAB_ROLE_NONE)
		out[n++] = SAB_MAX_PLAYERS;
	for (int i = 0; i < g->ndwarves && i < 16; i++)
		out[n++] = SAB_MAX_PLAYERS + 1 + i;
	return n;
}

/* The saboteurs among the seats, counted again after their dwarf cards
 * changed (as rules/minis/postcards.c counts them). */
static void count_saboteurs(sab_game *g)
{
	g->nsaboteurs = 0;
	for (int s = 0; s < g->nplayers; s++)
		g->nsaboteurs = (uint8_t)(g->nsaboteurs + (strcmp(sab_role_name(
		    g->rs, g->role[s]), "saboteur") == 0));
}

uint8_t *know_dwarf(sab_game *g, int place)
{
	return role_at(g, place);
}

int know_free_dwarves(const know *k, const sab_game *g, int *out)
{
	return free_roles(k, g, out);
}

void know_count_saboteurs(sab_game *g)
{
	count_saboteurs(g);
}

/* The goal cards this seat has not seen: face-down places it did not
 * look at, and New Goals' cards put aside past the places. */
static int free_goals(const know *k, const sab_game *g, int *out)
{
	int n = 0;

	for (int p = 0; p < k->rs.ngoals; p++)
		if (!(g->goal_open >> p & 1) &&
		    k->seen.goal_known[p] == SAB_NO_CARD)
			out[n++] = p;
	for (int p = k->rs.ngoals; p < k->rs.ngoal_cards && p < SAB_MAX_GOALS;
	    p++)
		out[n++] = p;
	return n;
}

/* Notes a change of the template's hidden cards, so that the round played
 * again (know_check()) makes it at the same point. */
static void note_patch(know *k, const sab_game *g, uint8_t kind, int a,
    int b)
{
	if (g != &k->T)
		return;         /* a copy's new deal: part of the round's start */
	if (k->npatches >= k->cappatches) {
		int cap = k->cappatches ? 2 * k->cappatches : 64;
		kpatch *p = realloc(k->patches, sizeof *p * (size_t)cap);
		if (p == NULL) {
			(void)lose(k, "out of memory");
			return;
		}
		k->patches = p;
		k->cappatches = cap;
	}
	k->patches[k->npatches++] = (kpatch){ kind, (uint16_t)k->nsteps,
	    (uint16_t)a, (uint16_t)b };
}

/* Gives role `want` to place r (one this seat does not know, or its own
 * when self is set) by swapping with an unknown place holding it, not one
 * of fixed[0 .. nfixed).  Returns 0, or -1. */
static int impose_role(know *k, sab_game *g, int r, uint8_t want,
    int *fixed, int *nfixed, int self)
{
	int places[SAB_MAX_PLAYERS + 20], n = free_roles(k, g, places);
	int known = !self;

	if (*role_at(g, r) == want)
		return 0;
	for (int i = 0; i < n; i++)
		known &= places[i] != r;
	if (known)
		return -1;
	for (int i = 0; i < n; i++) {
		int skip = places[i] == r;
		for (int f = 0; f < *nfixed; f++)
			skip |= fixed[f] == places[i];
		if (skip || *role_at(g, places[i]) != want)
			continue;
		*role_at(g, places[i]) = *role_at(g, r);
		*role_at(g, r) = want;
		count_saboteurs(g);
		note_patch(k, g, P_ROLE, r, places[i]);
		if (*nfixed < SAB_MAX_PLAYERS + 19)
			fixed[(*nfixed)++] = r;
		return 0;
	}
	return -1;
}

static int impose_goal(know *k, sab_game *g, int p, uint8_t want)
{
	int places[SAB_MAX_GOALS], n = free_goals(k, g, places);

	if (g->goal_def[p] == want)
		return 0;
	for (int i = 0; i < n; i++) {
		if (places[i] == p || g->goal_def[places[i]] != want)
			continue;
		g->goal_def[places[i]] = g->goal_def[p];
		g->goal_def[p] = want;
		note_patch(k, g, P_GOAL, p, places[i]);
		return 0;
	}
	return -1;
}

static int goal_at(const sab_game *g, int x, int y)
{
	for (int p = 0; p < g->rs->ngoals; p++)
		if (g->goal_x[p] == x && g->goal_y[p] == y)
			return p;
	return -1;
}

/* ---- the lines received ------------------------------------------------- */

/* How many lines wait to be explained. */
static int pending(const know *k)
{
	return k->nq - k->qhead;
}

static const char *peek_line(const know *k, int i)
{
	return i < pending(k) ? k->q[k->qhead + i] : NULL;
}

static void pop_lines(know *k, int n)
{
	k->qhead += n;
}

static int push_line(know *k, const char *line)
{
	char *p;

	if (k->nq >= k->qcap) {
		int cap = k->qcap ? 2 * k->qcap : 1024;
		char **q = realloc(k->q, sizeof *q * (size_t)cap);
		if (q == NULL)
			return -1;
		k->q = q;
		k->qcap = cap;
	}
	if ((p = dup_line(line)) == NULL)
		return -1;
	k->q[k->nq++] = p;
	return 0;
}

/* Words the referee sends that are not events of the game. */
static int not_an_event(const char *w)
{
	static const char *const skip[] = {
		"saboteur", "seed", "player", "board", "start", "goal",
		"legal", "turn", "illegal", "default", "quit", "note", NULL
	};

	for (int i = 0; skip[i] != NULL; i++)
		if (strcmp(w, skip[i]) == 0)
			return 1;
	return 0;
}

static void clear_round(know *k)
{
	k->npatches = 0;
	k->nnofit = 0;
	for (int i = 0; i < k->nrlines; i++)
		free(k->rlines[i]);
	k->nrlines = 0;
	k->nsteps = 0;
	k->roles_moved = k->goals_moved = 0;
}

static void reset(know *k)
{
	for (int i = 0; i < k->nq; i++)
		free(k->q[i]);
	k->nq = k->qhead = 0;
	k->restarts = 0;
	clear_round(k);
	k->started = k->lost = 0;
	k->why[0] = '\0';
	k->decisions = k->repairs = 0;
}

know *know_new(void)
{
	know *k = calloc(1, sizeof *k);

	if (k == NULL)
		return NULL;
	k->seat = -1;
	return k;
}

void know_free(know *k)
{
	if (k == NULL)
		return;
	reset(k);
	free(k->q);
	free(k->steps);
	free(k->rlines);
	free(k->patches);
	free(k);
}

void know_use_ruleset(know *k, const sab_ruleset *rs)
{
	char err[256];

	if (rs == NULL) {
		k->own_rs = 0;
		k->have_rs = 0;
		return;
	}
	k->rs = *rs;
	k->own_rs = 1;
	k->have_rs = proto_cards_init(&k->pc, &k->rs, err, sizeof err) == 0;
	k->pc.rs = &k->rs;
}

/* game G RULESET PLAYERS SEAT: a new game, this seat's. */
static int on_game(know *k, const words *w)
{
	char err[256];
	int g, n, seat;

	reset(k);
	k->deal_seats = 0;
	if (w->n < 5 || num(w, 1, 0, 1000000000, &g) ||
	    num(w, 3, 1, SAB_MAX_PLAYERS, &n) || num(w, 4, 0, n - 1, &seat))
		return lose(k, "a \"game\" line that cannot be read");
	k->game = g;
	k->nplayers = n;
	k->seat = seat;
	k->seed = k->seed0 = sab_seed_mix(UINT64_C(0x6b6e6f77),
	    (uint64_t)g * 16 + (uint64_t)seat);
	snprintf(k->ruleset_name, sizeof k->ruleset_name, "%s", w->w[2]);
	if (!k->own_rs) {
		k->have_rs = sab_ruleset_load_builtin(&k->rs, w->w[2], err,
		    sizeof err) == 0 && proto_cards_init(&k->pc, &k->rs, err,
		    sizeof err) == 0;
		k->pc.rs = &k->rs;
		if (!k->have_rs) {
			snprintf(k->why, sizeof k->why, "ruleset %s is not built "
			    "in: give its file (know_use_ruleset())", w->w[2]);
			k->lost = 1;
			return -1;
		}
	}
	if (n < k->rs.min_players || n > k->rs.max_players)
		return lose(k, "the player count does not suit the ruleset");
	sab_seen_init(&k->seen, &k->rs, n, seat);
	return 0;
}

int know_line(know *k, const char *line)
{
	words w;

	split(line, &w);
	if (w.n == 0)
		return k->lost ? -1 : 0;
	if (strcmp(w.w[0], "game") == 0)
		return on_game(k, &w);
	if (k->seat < 0 || k->lost || not_an_event(w.w[0]))
		return k->lost ? -1 : 0;
	if (push_line(k, line) != 0)
		return lose(k, "out of memory");
	return 0;
}

/* ---- playing one decision ---------------------------------------------- */

static int cmp_word(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Two lines alike; "hand" lines list the same cards in any order (a hand
 * given by a swap is in the order the other seat held it). */
static int same_line(const char *a, const char *b)
{
	words wa, wb;

	if (strcmp(a, b) == 0)
		return 1;
	/* The game's last line shows every seat's gold, which the template
	 * holds only as it guessed the gold cards taken unseen (and the
	 * winners by it): any game's end explains it, as nothing is decided
	 * after it. */
	if (strncmp(a, "gameover ", 9) == 0 && strncmp(b, "gameover ", 9) == 0)
		return 1;
	if (strncmp(a, "hand ", 5) != 0 || strncmp(b, "hand ", 5) != 0)
		return 0;
	split(a, &wa);
	split(b, &wb);
	if (wa.n != wb.n)
		return 0;
	qsort(wa.w, (size_t)wa.n, sizeof wa.w[0], cmp_word);
	qsort(wb.w, (size_t)wb.n, sizeof wb.w[0], cmp_word);
	for (int i = 0; i < wa.n; i++)
		if (strcmp(wa.w[i], wb.w[i]) != 0)
			return 0;
	return 1;
}

/* The lines of the step's events for this seat, compared with the lines
 * received: the number matched (all the step's), MORE when the lines
 * received ran out first, or BAD with the event and the received line
 * where they part.  Events of a new round's deal (from `setup` on) are
 * fixed on the spot where the seat was dealt other cards or another role
 * than it was told, or a chest lies elsewhere: nothing was decided since
 * the deal, so any deal is as good. */
enum { CMP_MATCH, CMP_MORE, CMP_BAD };
typedef struct cmp {
	int res, nlines, ev, line;
} cmp;

static int patch_setup(know *k, sab_game *g, ktags *t, sab_event *e,
    const words *w, int *ourdraws, sab_rng *rng);

/* Whether a chest's treasure trove shuffled the discard pile before
 * event j (Treasure Chests: "Shuffle the discard pile. Draw the top 5"). */
static int shuffled(const sab_events *ev, int j)
{
	for (int i = 0; i < j; i++)
		if (ev->ev[i].type == SAB_EV_OPEN &&
		    ev->ev[i].value == SAB_CHEST_TROVE)
			return 1;
	return 0;
}

/* The pile was just shuffled: any order is as likely, so the cards this
 * seat was shown on top are laid on top (a card the pile lacks given by
 * an unknown card of the pile from the unknown cards elsewhere).
 * Returns 1 when the event now shows them. */
static int patch_trove(know *k, sab_game *g, ktags *t, sab_event *e,
    const words *w, sab_rng *rng)
{
	int nd = g->ndiscard;

	if (nd != t->ndisc || w->n - 1 != e->n || e->n > nd)
		return 0;
	for (int i = 0; i < e->n; i++) {
		int want = card_word(k, w, i + 1), top = nd - 1 - i, at = -1;
		if (want < 0)
			return 0;
		for (int p = top; p >= 0 && at < 0; p--)
			if (g->discard[p] == want)
				at = p;
		for (int p = top; p >= 0 && at < 0; p--) {
			kslot sp = { Z_DISC, 0, (uint16_t)p }, from;
			if (t->disc[p] == NOTAG || t->pin[t->disc[p]] ||
			    find_free(g, t, g->nplayers, (uint8_t)want, sp,
			    NULL, 0, rng, &from) != 0)
				continue;
			slot_swap(g, t, sp, from);
			at = p;
		}
		if (at < 0)
			return 0;
		uint8_t v = g->discard[at];
		uint16_t tg = t->disc[at];
		g->discard[at] = g->discard[top];
		t->disc[at] = t->disc[top];
		g->discard[top] = v;
		t->disc[top] = tg;
		e->vals[i] = (int16_t)want;
		if (tg != NOTAG)
			t->pin[tg] = 1;
	}
	return 1;
}

/* 1 when e asks this seat to react and rec, the line received in its
 * place (NULL: none), is not that: a bot that did not ask for feature
 * "react" is not asked; the referee allows for it, with no line. */
static int unasked(const know *k, const sab_event *e, const char *rec)
{
	return e->type == SAB_EV_REACT && e->seat == k->seat &&
	    (rec == NULL || strncmp(rec, "react ", 6) != 0);
}

static cmp compare(know *k, sab_game *g, ktags *t, sab_events *ev,
    int setup, sab_rng *rng)
{
	char buf[PROTO_LINE_MAX];
	int qi = 0, ourdraws = 0;
	cmp c = { CMP_MATCH, 0, -1, -1 };

	proto_cards_follow(&k->pc, g);
	for (int j = 0; j < ev->n; j++) {
		sab_event *e = &ev->ev[j];
		int deal = setup >= 0 && j >= setup, n;
		const char *rec;
		/* A patch of an earlier card of the deal may have moved this
		 * one: the event tells the card that lies there now. */
		if (deal && e->type == SAB_EV_DRAW && e->seat == k->seat &&
		    ourdraws < g->nhand[k->seat])
			e->card = g->hand[k->seat][ourdraws];
		n = proto_event(&k->pc, e, k->seat, g->nplayers, buf,
		    sizeof buf);
		if (n <= 0)
			continue;
		if ((rec = peek_line(k, qi)) == NULL) {
			c.res = CMP_MORE;
			return c;
		}
		if (unasked(k, e, rec))
			continue;
		if (!same_line(buf, rec) && e->type == SAB_EV_TROVE &&
		    e->seat == k->seat && shuffled(ev, j)) {
			words w;
			split(rec, &w);
			if (patch_trove(k, g, t, e, &w, rng))
				n = proto_event(&k->pc, e, k->seat,
				    g->nplayers, buf, sizeof buf);
		} else if (!same_line(buf, rec) && deal) {
			words w;
			int before = ourdraws;
			split(rec, &w);
			if (patch_setup(k, g, t, e, &w, &ourdraws, rng)) {
				proto_cards_follow(&k->pc, g);
				n = proto_event(&k->pc, e, k->seat,
				    g->nplayers, buf, sizeof buf);
			}
			ourdraws = before;
		}
		if (deal && e->type == SAB_EV_DRAW && e->seat == k->seat)
			ourdraws++;
		if (n <= 0 || !same_line(buf, rec)) {
			c.res = CMP_BAD;
			c.ev = j;
			c.line = qi;
			c.nlines = qi;
			return c;
		}
		qi++;
	}
	c.nlines = qi;
	return c;
}

/* Fixes event e of a new round's deal to match the line received in w;
 * returns 1 when it did. */
static int patch_setup(know *k, sab_game *g, ktags *t, sab_event *e,
    const words *w, int *ourdraws, sab_rng *rng)
{
	int me = k->seat;

	if (e->type == SAB_EV_DRAW && e->seat == me && w->n >= 3 &&
	    strcmp(w->w[0], "draw") == 0) {
		int want = card_word(k, w, 2), p = (*ourdraws)++;
		kslot at = { Z_HAND, (uint8_t)me, (uint16_t)p }, from;
		uint16_t fixed[SAB_MAX_HAND];
		if (want < 0 || p >= t->nhand[me])
			return 0;
		for (int i = 0; i <= p; i++)
			fixed[i] = t->hand[me][i];
		/* Our hand's tags are known: look among the others. */
		for (int i = p + 1; i < t->nhand[me]; i++)
			t->pin[t->hand[me][i]] = 0;
		int r = find_free(g, t, g->nplayers, (uint8_t)want, at, fixed,
		    p + 1, rng, &from);
		for (int i = p + 1; i < t->nhand[me]; i++)
			t->pin[t->hand[me][i]] = 1;
		if (r != 0)
			return 0;
		slot_swap(g, t, at, from);
		e->card = (uint8_t)want;
		return 1;
	}
	if (e->type == SAB_EV_ROLE && e->seat == me && w->n >= 3 &&
	    strcmp(w->w[0], "role") == 0) {
		for (int r = 0; r < k->rs.nroles; r++) {
			if (strcmp(sab_role_name(&k->rs, (uint8_t)r),
			    w->w[2]) != 0)
				continue;
			int fixed[SAB_MAX_PLAYERS + 20], nfixed = 0;
			/* A new round: no other role is known yet. */
			sab_seen save = k->seen;
			for (int s = 0; s < g->nplayers; s++)
				k->seen.role[s] = SAB_SEEN_UNKNOWN;
			int ok = impose_role(k, g, me, (uint8_t)r, fixed,
			    &nfixed, 1) == 0;
			k->seen = save;
			if (!ok)
				return 0;
			e->value = (uint8_t)r;
			return 1;
		}
		return 0;
	}
	if (e->type == SAB_EV_CHEST && w->n >= 3 &&
	    strcmp(w->w[0], "chest") == 0) {
		int x, y;
		if (num(w, 1, SAB_COORD_MIN, SAB_COORD_MAX, &x) ||
		    num(w, 2, SAB_COORD_MIN, SAB_COORD_MAX, &y) ||
		    e->goal >= g->nchests ||
		    sab_board_get(&g->board, x, y) != SAB_CELL_EMPTY)
			return 0;
		(void)sab_board_remove(&g->board, &k->rs, e->x, e->y);
		sab_board_hide(&g->board, &k->rs, x, y);
		g->chest_cell[e->goal] = sab_board_index(x, y);
		e->x = (int8_t)x;
		e->y = (int8_t)y;
		return 1;
	}
	return 0;
}

/* Where tag tg lies in the template's zones; 0, or -1 when nowhere. */
static int find_tag(const know *k, uint16_t tg, kslot *out)
{
	kslot all[MAX_SLOTS];
	int n = all_slots(&k->tags, k->T.nplayers, all);

	for (int i = 0; i < n; i++)
		if (*slot_tag((ktags *)&k->tags, all[i]) == tg) {
			*out = all[i];
			return 0;
		}
	return -1;
}

/*
 * The card a seat discarded face down was another of the cards it held
 * then: tag a, in seat's hand now, goes where the seat's discard of a
 * card `want` lies, and that card comes back to the hand.  The cards keep
 * their definitions (both may be known to this seat); the discard's
 * decision now discards a.  Returns 0, or -1 when no such discard of this
 * round had a in the hand.
 */
static int swap_back(know *k, int seat, uint16_t a, uint8_t want,
    int known_only, sab_rng *rng)
{
	ktags *t = &k->tags;
	kslot sa, sb, from;

	if (find_tag(k, a, &sa) != 0 || sa.zone != Z_HAND || sa.seat != seat)
		return -1;
	/* A discard of that very card first, else one of an unknown card
	 * that can be given the card's definition. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = k->nsteps - 1; i >= 0; i--) {
			kstep *st = &k->steps[i];
			int had = 0;
			if (st->actor != seat || st->nhb == 0 ||
			    st->m.kind == SAB_MOVE_TAKE)
				continue;
			for (int j = 0; j < st->nhb; j++)
				had |= st->hb[j] == a;
			if (!had)
				continue;
			for (int r = 0; r < st->nrel; r++) {
				uint16_t b = st->rel[r];
				if (b == NOTAG || b == a || (known_only &&
				    !t->pin[b]) ||
				    find_tag(k, b, &sb) != 0 || sb.zone != Z_DISC)
					continue;
				if (t->val[b] != want) {
					if (pass == 0 || known_only || t->pin[b] ||
					    find_free(&k->T, t, k->T.nplayers,
					    want, sb, &b, 1, rng, &from) != 0)
						continue;
					slot_swap(&k->T, t, sb, from);
				}
				*slot_tag(t, sa) = b;
				*slot_val(&k->T, t, sa) = t->val[b];
				*slot_tag(t, sb) = a;
				*slot_val(&k->T, t, sb) = t->val[a];
				st->rel[r] = a;
				/* The pile's record: a was laid there since. */
				for (int o = 0; o < t->nops; o++)
					for (int q = 0; q < 3; q++)
						if (t->ops[o].step >= i &&
						    t->ops[o].tag[q] == b)
							t->ops[o].tag[q] = a;
				return 0;
			}
		}
	return -1;
}

/* This seat's hand after a swap or a grab is the line's cards: the
 * unknown cards that came to it take the definitions it was told, and a
 * known card it was not given was one the other seat discarded earlier.
 * Returns how many cards changed. */
static int impose_hand(know *k, const ktags *after, const sab_events *ev,
    int at_ev, const words *w, uint16_t *tfixed, int *ntfixed, sab_rng *rng)
{
	sab_game *g = &k->T;
	ktags *t = &k->tags;
	int me = k->seat, n = 0, changed = 0;
	int need[SAB_MAX_DEFS] = { 0 };
	uint16_t h[SAB_MAX_HAND];
	int surplus[SAB_MAX_HAND], ns = 0;

	/* The hand as it was when told: without the cards drawn after. */
	for (int i = 0; i < after->nhand[me]; i++) {
		int later = 0;
		for (int j = at_ev + 1; j < ev->n; j++)
			later |= ev->ev[j].type == SAB_EV_DRAW &&
			    k->evtag[j] == after->hand[me][i];
		if (!later)
			h[n++] = after->hand[me][i];
	}
	for (int i = 1; i < w->n; i++) {
		int d = card_word(k, w, i);
		if (d >= 0)
			need[d]++;
	}
	for (int i = 0; i < n; i++)
		if (h[i] != NOTAG && need[t->val[h[i]]] > 0)
			need[t->val[h[i]]]--;
		else
			surplus[ns++] = i;
	for (int d = 0; d < k->rs.ndefs; d++)
		while (need[d] > 0 && ns > 0) {
			uint16_t a = h[surplus[--ns]];
			kslot at, from;
			int done = 0;
			need[d]--;
			if (a == NOTAG || find_tag(k, a, &at) != 0)
				continue;
			if (!t->pin[a] && find_free(g, t, g->nplayers,
			    (uint8_t)d, at, h, n, rng, &from) == 0) {
				slot_swap(g, t, at, from);
				done = 1;
			} else if (at.zone == Z_HAND &&
			    swap_back(k, at.seat, a, (uint8_t)d, 0, rng) == 0) {
				done = 1;
			}
			if (done && *ntfixed < MAX_REPAIRS)
				tfixed[(*ntfixed)++] = a;
			changed += done;
		}
	return changed;
}

/* Whether the step's events give seat a dwarf card from the pile or the
 * one left out: a change hats on it, its Costume Department.  (The
 * Tunnel Party deals the seats' cards again at random: other random
 * draws give another deal.) */
static int changes_hats(const know *k, const sab_events *ev, int seat)
{
	for (int j = 0; j < ev->n; j++) {
		const sab_event *e = &ev->ev[j];
		if (e->type == SAB_EV_PLAY && e->target == seat &&
		    is_kind(&k->rs, e->card, "change-hats"))
			return 1;
		if (e->type == SAB_EV_POSTCARD && e->seat == seat &&
		    is_kind(&k->rs, e->card, "costume"))
			return 1;
	}
	return 0;
}

/* The roles the lines from `from` on tell of seats this seat did not
 * know (a round's end shows them all, an inspection one), given to those
 * seats together: each takes its card from a place no other seat told
 * of needs.  Returns how many changed. */
static int impose_roles(know *k, int from)
{
	sab_game *g = &k->T;
	int want[SAB_MAX_PLAYERS], changed = 0;
	int places[SAB_MAX_PLAYERS + 20], n = free_roles(k, g, places);
	words w;

	for (int s = 0; s < SAB_MAX_PLAYERS; s++)
		want[s] = -1;
	for (int i = from; i < pending(k) && i < from + 3 * SAB_MAX_PLAYERS + 8;
	    i++) {
		int s;
		split(peek_line(k, i), &w);
		if (w.n > 0 && strcmp(w.w[0], "round") == 0)
			break;
		if (w.n < 3 || strcmp(w.w[0], "role") != 0 ||
		    num(&w, 1, 0, g->nplayers - 1, &s) != 0 || s == k->seat ||
		    k->seen.role[s] != SAB_SEEN_UNKNOWN)
			continue;
		for (int r = 0; r < k->rs.nroles; r++)
			if (strcmp(sab_role_name(&k->rs, (uint8_t)r),
			    w.w[2]) == 0 && want[s] < 0)
				want[s] = r;
	}
	for (int s = 0; s < g->nplayers; s++) {
		int best = -1;
		if (want[s] < 0 || g->role[s] == want[s])
			continue;
		/* A place holding the role whose own need is not it: first
		 * a place no line names, then a seat that needs another. */
		for (int i = 0; i < n && best < 0; i++) {
			int p = places[i];
			if (p != s && *role_at(g, p) == want[s] &&
			    (p >= SAB_MAX_PLAYERS || want[p] < 0))
				best = p;
		}
		for (int i = 0; i < n && best < 0; i++) {
			int p = places[i];
			if (p != s && p < SAB_MAX_PLAYERS &&
			    *role_at(g, p) == want[s] && want[p] != want[s])
				best = p;
		}
		if (best < 0)
			continue;
		*role_at(g, best) = *role_at(g, s);
		g->role[s] = (uint8_t)want[s];
		count_saboteurs(g);
		note_patch(k, g, P_ROLE, s, best);
		changed++;
	}
	return changed;
}

/* Whether this seat was offered gold cards earlier in the round: then the
 * cards handed round are partly ones it saw. */
static int offer_seen(const know *k)
{
	for (int i = 0; i < k->nrlines; i++)
		if (strncmp(k->rlines[i], "offer ", 6) == 0)
			return 1;
	return 0;
}

/* The first gold cards this seat is offered, handed on by another seat
 * that took one unseen (w: "offer V..."): the template's offer, none of it
 * seen, must hold them all, in the line's order, with the card taken past
 * them (a card taken is replaced by the offer's last: see
 * rules/base/gold.c).  Swaps a card of the offer the line does not hold
 * for a face-down gold card of a value it lacks, then orders the offer.
 * Returns how many cards it moved. */
static int impose_offer(know *k, sab_game *g, const words *w)
{
	int need[SAB_MAX_GOLD_VALUE + 1] = { 0 }, have[SAB_MAX_GOLD_VALUE + 1] =
	    { 0 }, want[SAB_MAX_GOLD], n = w->n - 1, changed = 0;

	if (n + 1 != g->noffer || n > SAB_MAX_GOLD)
		return 0;
	for (int j = 0; j < n; j++) {
		if (num(w, j + 1, 1, SAB_MAX_GOLD_VALUE, &want[j]))
			return 0;
		need[want[j]]++;
	}
	for (int j = 0; j < g->noffer; j++)
		if (g->offer[j] <= SAB_MAX_GOLD_VALUE)
			have[g->offer[j]]++;
	for (int v = 1; v <= SAB_MAX_GOLD_VALUE; v++)
		while (have[v] < need[v]) {
			int a = -1, b = -1;
			/* A card of the offer beyond what the line holds... */
			for (int j = 0; j < g->noffer && a < 0; j++)
				if (g->offer[j] <= SAB_MAX_GOLD_VALUE &&
				    have[g->offer[j]] > need[g->offer[j]])
					a = j;
			/* ...for a face-down card of value v. */
			for (int q = 0; q < g->ngold_deck && b < 0; q++)
				if (g->gold_deck[q] == v)
					b = q;
			if (a < 0 || b < 0)
				return changed;
			have[g->offer[a]]--;
			have[v]++;
			g->gold_deck[b] = g->offer[a];
			g->offer[a] = (uint8_t)v;
			note_patch(k, g, P_OFFER, a, b);
			changed++;
		}
	for (int j = 0; j < n; j++) {
		uint8_t x;
		int q = j + 1;
		if (g->offer[j] == want[j])
			continue;
		while (q < g->noffer && g->offer[q] != want[j])
			q++;
		if (q >= g->noffer)
			return changed;
		x = g->offer[j];
		g->offer[j] = g->offer[q];
		g->offer[q] = x;
		note_patch(k, g, P_OFFER_ORDER, j, q);
		changed++;
	}
	return changed;
}

/* The facts the lines received from `from` on tell about hidden cards the
 * template may have wrong (a role shown, a goal card seen, the gold cards
 * offered, a chest opened, the cards a trove shows, a hand after a swap, a
 * card this seat drew), made true in the template by swapping unknown
 * cards.  Returns how many it changed. */
static int impose_facts(know *k, const cmp *c, const sab_events *ev,
    const ktags *after, int *rfixed, int *nrfixed, uint16_t *tfixed,
    int *ntfixed, sab_rng *rng)
{
	sab_game *g = &k->T;
	ktags *t = &k->tags;
	int changed = 0, me = k->seat;
	words w;

	changed += impose_roles(k, c->line);
	for (int i = c->line; i < pending(k) && i < c->line + 3 * SAB_MAX_PLAYERS +
	    8; i++) {
		int s;
		split(peek_line(k, i), &w);
		if (w.n > 0 && strcmp(w.w[0], "round") == 0)
			break;
		if (w.n < 3 || strcmp(w.w[0], "role") != 0 ||
		    num(&w, 1, 0, g->nplayers - 1, &s) != 0 ||
		    strcmp(sab_role_name(&k->rs, g->role[s]), w.w[2]) != 0)
			continue;
		for (int f = 0; f < *nrfixed; f++)
			if (rfixed[f] == s)
				s = -1;
		if (s >= 0 && *nrfixed < SAB_MAX_PLAYERS + 19)
			rfixed[(*nrfixed)++] = s;
	}
	for (int i = c->line; i < pending(k) && i < c->line + 3 * SAB_MAX_PLAYERS +
	    8; i++) {
		split(peek_line(k, i), &w);
		if (w.n == 0)
			continue;
		/* What a next round's lines tell is about its own deal. */
		if (strcmp(w.w[0], "round") == 0)
			break;
		if (strcmp(w.w[0], "role") == 0 && w.n >= 3) {
			int s;
			if (num(&w, 1, 0, g->nplayers - 1, &s) != 0 ||
			    (s != me && k->seen.role[s] == SAB_SEEN_UNKNOWN) ||
			    !changes_hats(k, ev, s))
				continue;
			/* A seat whose role is known that is told a new one
			 * changed its dwarf card: the new one comes from the
			 * top of the pile, or is the one left out (change
			 * hats, the Costume Department). */
			for (int r = 0; r < k->rs.nroles; r++) {
				if (strcmp(sab_role_name(&k->rs, (uint8_t)r),
				    w.w[2]) != 0)
					continue;
				if (g->ndwarves > 0 &&
				    *role_at(g, SAB_MAX_PLAYERS + g->ndwarves) != r &&
				    impose_role(k, g, SAB_MAX_PLAYERS + g->ndwarves,
				    (uint8_t)r, rfixed, nrfixed, 0) == 0)
					changed++;
				else if (g->ndwarves == 0 &&
				    g->role_spare != SAB_ROLE_NONE &&
				    g->role_spare != r && impose_role(k, g,
				    SAB_MAX_PLAYERS, (uint8_t)r, rfixed, nrfixed,
				    0) == 0)
					changed++;
			}
		} else if ((strcmp(w.w[0], "reveal") == 0 ||
		    strcmp(w.w[0], "peek") == 0) && w.n >= 4) {
			int x, y, p, def = card_word(k, &w, 3);
			if (num(&w, 1, SAB_COORD_MIN, SAB_COORD_MAX, &x) ||
			    num(&w, 2, SAB_COORD_MIN, SAB_COORD_MAX, &y) ||
			    def < 0 || (p = goal_at(g, x, y)) < 0)
				continue;
			if (g->goal_def[p] != def &&
			    impose_goal(k, g, p, (uint8_t)def) == 0)
				changed++;
		} else if (strcmp(w.w[0], "offer") == 0 && i == c->line &&
		    g->noffer == 0) {
			/* The first offer of a round's gold: the top cards
			 * of the gold pile, in order. */
			int n = w.n - 1, v;
			if (n <= 0 || n > g->ngold_deck)
				continue;
			for (int j = 0; j < n; j++) {
				int pos = g->ngold_deck - n + j;
				if (num(&w, 1 + j, 1, SAB_MAX_GOLD_VALUE, &v) ||
				    g->gold_deck[pos] == v)
					continue;
				for (int q = 0; q < g->ngold_deck - n + j; q++)
					if (g->gold_deck[q] == v) {
						g->gold_deck[q] =
						    g->gold_deck[pos];
						g->gold_deck[pos] = (uint8_t)v;
						note_patch(k, g, P_GOLD, q, pos);
						changed++;
						break;
					}
			}
		} else if (strcmp(w.w[0], "offer") == 0 && i == c->line &&
		    g->noffer > 0 && !offer_seen(k)) {
			changed += impose_offer(k, g, &w);
		} else if ((strcmp(w.w[0], "opened") == 0 && w.n >= 7) ||
		    (strcmp(w.w[0], "peekchest") == 0 && w.n >= 5)) {
			/* "opened SEAT X Y PATH ROT KIND", "peekchest X Y PATH
			 * KIND": what lies under a face-down path card. */
			int at = w.w[0][0] == 'o' ? 2 : 1;
			int x, y, ci = -1, path = card_word(k, &w, at + 2);
			const char *kw = w.w[at == 2 ? 6 : 4];
			if (num(&w, at, SAB_COORD_MIN, SAB_COORD_MAX, &x) ||
			    num(&w, at + 1, SAB_COORD_MIN, SAB_COORD_MAX, &y) ||
			    path < 0)
				continue;
			for (int q = 0; q < g->nchests; q++)
				if (g->chest_cell[q] == sab_board_index(x, y) &&
				    !(g->chests_gone >> q & 1))
					ci = q;
			if (ci < 0)
				continue;
			for (int kind = 0; kind < SAB_CHEST_KINDS; kind++)
				if (strcmp(sab_chest_words[kind], kw) == 0 &&
				    (g->chest_kind[ci] != kind ||
				    g->chest_path[ci] != path)) {
					g->chest_kind[ci] = (uint8_t)kind;
					g->chest_path[ci] = (uint8_t)path;
					note_patch(k, g, P_CHEST, ci, kind | path << 8);
					changed++;
				}
		}
	}
	/* The mismatch itself, when it is about cards: this seat's draw, the
	 * cards a trove showed it, its hand after a swap. */
	if (c->ev >= 0 && c->ev < ev->n) {
		const sab_event *e = &ev->ev[c->ev];
		split(peek_line(k, c->line), &w);
		if (e->type == SAB_EV_DRAW && e->seat == me &&
		    k->evtag[c->ev] != NOTAG && w.n >= 3 &&
		    strcmp(w.w[0], "draw") == 0) {
			uint16_t tg = k->evtag[c->ev];
			int want = card_word(k, &w, 2);
			kslot at, from;
			int found = 0;
			kslot all[MAX_SLOTS];
			int n = all_slots(t, g->nplayers, all);
			for (int i = 0; i < n && !found; i++)
				if (*slot_tag(t, all[i]) == tg) {
					at = all[i];
					found = 1;
				}
			if (found && want >= 0 && !t->pin[tg] &&
			    find_free(g, t, g->nplayers, (uint8_t)want, at,
			    tfixed, *ntfixed, rng, &from) == 0) {
				slot_swap(g, t, at, from);
				tfixed[(*ntfixed)++] = tg;
				changed++;
			}
		} else if (e->type == SAB_EV_HAND && e->seat == me && w.n >= 2) {
			changed += impose_hand(k, after, ev, c->ev, &w, tfixed,
			    ntfixed, rng);
		} else if (e->type == SAB_EV_TROVE && e->seat == me && w.n >= 2) {
			/* The cards shown, top first, by their tags (some
			 * from the draw pile, when a chest milled them). */
			for (int i = 0; i < k->nwshown && i + 1 < w.n; i++) {
				uint16_t tg = k->wshown[i];
				int want = card_word(k, &w, i + 1);
				kslot at, from;
				if (want < 0 || tg == NOTAG || t->val[tg] == want ||
				    t->pin[tg] || find_tag(k, tg, &at) != 0)
					continue;
				if (find_free(g, t, g->nplayers, (uint8_t)want,
				    at, k->wshown, k->nwshown, rng, &from) == 0) {
					slot_swap(g, t, at, from);
					changed++;
				}
			}
		}
	}
	return changed;
}

/* Lays the template's discard pile again from the round's record (after
 * a take chose another card): as pile_again() does, for the template.
 * Returns 0, or -1 when the record no longer fits the pile. */
static int pile_relay(know *k, uint16_t *taken, int step)
{
	ktags *t = &k->tags;
	uint16_t pile[SAB_MAX_DECK];
	int n = 0;

	for (int i = 0; i < t->nops; i++) {
		const struct kop *o = &t->ops[i];
		if (o->kind == OP_SHUFFLE)
			return -1;
		if (o->kind == OP_PUSH && n < SAB_MAX_DECK) {
			pile[n++] = o->tag[0];
		} else if (o->kind == OP_PASS) {
			for (int j = 1; j <= 3; j++)
				if (o->tag[j % 3] != NOTAG && n < SAB_MAX_DECK)
					pile[n++] = o->tag[j % 3];
		} else if (o->kind == OP_TAKE) {
			int at = -1;
			for (int j = 0; j < o->n && j < n && at < 0; j++)
				if (t->val[pile[n - 1 - j]] == t->val[o->tag[0]])
					at = n - 1 - j;
			if (at < 0)
				return -1;
			if (o->step == step)
				*taken = pile[at];
			memmove(&pile[at], &pile[at + 1], sizeof pile[0] *
			    (size_t)(n - at - 1));
			n--;
		}
	}
	if (n != k->T.ndiscard)
		return -1;
	memcpy(t->disc, pile, sizeof pile[0] * (size_t)n);
	for (int i = 0; i < n; i++)
		k->T.discard[i] = t->val[pile[i]];
	return 0;
}

/* Seat took, unseen, another card of a treasure trove than the template
 * had it take: one of `want` shown then, still on the pile; the card it
 * took goes back.  Returns 0, or -1. */
static int retake(know *k, int seat, uint8_t want)
{
	ktags *t = &k->tags;
	ktags save = *t;
	sab_game gsave = k->T;

	for (int i = k->nsteps - 1; i >= 0; i--) {
		kstep *st = &k->steps[i];
		uint16_t b = st->nrel ? st->rel[0] : NOTAG, taken = NOTAG;
		kslot sb, sa;
		if (st->actor != seat || st->m.kind != SAB_MOVE_TAKE ||
		    b == NOTAG || find_tag(k, b, &sb) != 0 ||
		    sb.zone != Z_HAND || sb.seat != seat)
			continue;
		for (int j = 0; j < st->nhb; j++) {
			uint16_t a = st->hb[j];
			if (a == b || t->val[a] != want || find_tag(k, a, &sa) != 0 ||
			    sa.zone != Z_DISC)
				continue;
			for (int o = 0; o < t->nops; o++)
				if (t->ops[o].kind == OP_TAKE && t->ops[o].step == i)
					t->ops[o].tag[0] = a;
			/* b leaves the hand for the pile: the hand's slot is
			 * the card taken's. */
			*slot_tag(t, sb) = NOTAG;
			if (pile_relay(k, &taken, i) != 0 || taken == NOTAG ||
			    find_tag(k, b, &sa) != 0 || sa.zone != Z_DISC) {
				*t = save;
				k->T = gsave;
				continue;
			}
			/* The card taken now lies in the hand where b was;
			 * b is back on the pile (pile_relay() laid it). */
			*slot_tag(t, sb) = taken;
			*slot_val(&k->T, t, sb) = t->val[taken];
			st->rel[0] = taken;
			return 0;
		}
	}
	return -1;
}

static int keep_back(know *k, int seat, uint8_t want, int known_only,
    sab_rng *rng)
{
	ktags *t = &k->tags;

	if (retake(k, seat, want) == 0)
		return 0;
	/* An unknown card of the hand goes in its place first. */
	for (int pin = 0; pin < 2; pin++)
		for (int j = 0; j < t->nhand[seat]; j++) {
			uint16_t a = t->hand[seat][j];
			if (t->pin[a] == pin && t->val[a] != want &&
			    swap_back(k, seat, a, want, known_only, rng) == 0)
				return 0;
		}
	return -1;
}

/* ---- a pathfinder's turn that ended early ------------------------------ */

static int bit(const uint8_t *bits, uint8_t def)
{
	return bits[def >> 3] >> (def & 7) & 1;
}

/* Whether a card def may not lie at tag tg: tg was in the hand of a seat
 * whose pathfinder's turn ended with no path card to fit, and def would
 * have fit. */
static int nofit_bad(const know *k, uint16_t tg, uint8_t def)
{
	for (int c = 0; c < k->nnofit; c++) {
		const knofit *f = &k->nofit[c];
		if (!bit(f->fits, def))
			continue;
		for (int i = 0; i < f->n; i++)
			if (f->tag[i] == tg)
				return 1;
	}
	return 0;
}

/*
 * Notes the step from b to a when it ended a pathfinder's turn early (the
 * card carried out, a pathfinder or its first path card, left path cards
 * to come, yet the turn is over): the cards its seat held then (in its
 * hand before the step and after, the draws left out) and the path cards
 * that fit.
 */
static void note_nofit(know *k, const sab_game *b, const sab_game *a,
    const sab_move *m, int nlines)
{
	static sab_game c;
	int react = b->phase == SAB_PHASE_REACT && b->has_pending;
	int p = react ? b->pending_seat : b->to_act, more;
	const sab_move *card = react ? &b->pending : m;
	knofit *f;

	if (card->kind != SAB_MOVE_PLAY || card->card >= k->rs.ndefs ||
	    k->nnofit >= MAX_NOFIT || p >= b->nplayers)
		return;
	more = is_kind(&k->rs, card->card, "pathfinder") ? 2 : b->substep - 1;
	if (more < 1 || sab_game_over(a) || a->round != b->round ||
	    a->round_end != SAB_END_NONE)
		return;
	/* Still open to reactions, or the seat lays its next path card. */
	if ((a->phase == SAB_PHASE_REACT && a->has_pending &&
	    a->pending_seat == p) || (a->phase == SAB_PHASE_PLAY &&
	    a->to_act == p && a->substep > 0))
		return;
	for (int i = 0; i < nlines; i++)
		if (strncmp(peek_line(k, i), "vetoed ", 7) == 0)
			return;
	f = &k->nofit[k->nnofit++];
	memset(f, 0, sizeof *f);
	f->seat = (uint8_t)p;
	for (int i = 0; i < k->tags.nhand[p]; i++)
		for (int j = 0; j < k->btags.nhand[p]; j++)
			if (k->tags.hand[p][i] == k->btags.hand[p][j] &&
			    k->tags.hand[p][i] != NOTAG)
				f->tag[f->n++] = k->tags.hand[p][i];
	c = *a;
	c.phase = SAB_PHASE_PLAY;
	c.to_act = (uint8_t)p;
	c.substep = 1;
	for (int d = 0; d < k->rs.ndefs; d++)
		if (k->rs.defs[d].type == SAB_CARD_PATH &&
		    sab_game_moves_card(&c, (uint8_t)d, k->moves) > 0)
			f->fits[d >> 3] |= (uint8_t)(1u << (d & 7));
}

/*
 * A deal of the cards this seat has not seen (v[i] to lie at fr[i]) made
 * to keep every pathfinder's turn that ended early: a card that would have
 * fit, dealt where such a seat held a card then, changes places with a
 * card that may lie there, picked at random among the other places.  With
 * one such turn the deal stays uniform over the deals that keep it (the
 * places of the fitting cards are a uniform choice among the others).
 */
static void keep_nofit(const know *k, const ktags *t, kslot *fr,
    uint8_t *v, int nf, sab_rng *rng)
{
	for (int i = 0; i < nf && k->nnofit > 0; i++) {
		uint16_t tg = *slot_tag((ktags *)t, fr[i]);
		int pick = -1, found = 0;
		if (!nofit_bad(k, tg, v[i]))
			continue;
		for (int j = 0; j < nf; j++)
			if (j != i && !nofit_bad(k, tg, v[j]) &&
			    !nofit_bad(k, *slot_tag((ktags *)t, fr[j]), v[i]) &&
			    sab_rng_below(rng, (uint32_t)++found) == 0)
				pick = j;
		if (pick >= 0) {
			uint8_t x = v[i];
			v[i] = v[pick];
			v[pick] = x;
		}
	}
}

/* The seat to act must hold the cards the next line says it plays: gives
 * them to it from the cards this seat has not seen. */
static int give_cards(know *k, sab_rng *rng)
{
	sab_game *g = &k->T;
	ktags *t = &k->tags;
	int actor = g->to_act, want[3], nwant = 0, s;
	words w;

	if (pending(k) == 0 || actor == k->seat)
		return 0;
	split(peek_line(k, 0), &w);
	if (w.n < 3)
		return 0;
	if ((strcmp(w.w[0], "played") == 0 || strcmp(w.w[0], "plays") == 0) &&
	    num(&w, 1, 0, g->nplayers - 1, &s) == 0 && s == actor)
		want[nwant++] = card_word(k, &w, 2);
	else if (strcmp(w.w[0], "removed") == 0 && w.n >= 5 &&
	    num(&w, 1, 0, g->nplayers - 1, &s) == 0 && s == actor) {
		want[nwant++] = card_word(k, &w, 3);
		want[nwant++] = card_word(k, &w, 4);
	} else if (strcmp(w.w[0], "vetoed") == 0 &&
	    num(&w, 1, 0, g->nplayers - 1, &s) == 0 && s == actor) {
		for (int d = 0; d < k->rs.ndefs; d++) {
			const sab_kind *kd = sab_kind_of(k->rs.defs[d].type);
			if (kd != NULL && kd->reaction)
				want[nwant++] = d;
		}
	}
	for (int i = 0; i < nwant && i < 3; i++) {
		uint16_t used[SAB_MAX_HAND];
		int nused = 0, have = -1;
		if (want[i] < 0)
			continue;
		/* A copy already there, not given to an earlier want. */
		for (int j = 0; j < t->nhand[actor] && have < 0; j++) {
			uint16_t tg = t->hand[actor][j];
			int taken = 0;
			for (int u = 0; u < i; u++)
				taken |= want[u] == want[i];
			if (t->val[tg] == want[i] && !taken)
				have = j;
		}
		if (have >= 0) {
			t->pin[t->hand[actor][have]] = 1;
			continue;
		}
		/* A card this seat knows the seat held, which the template
		 * had it discard face down: it kept it. */
		if (keep_back(k, actor, (uint8_t)want[i], 1, rng) == 0) {
			k->repairs++;
			continue;
		}
		/* Else one of the seat's unknown cards takes its place. */
		for (int j = 0; j < t->nhand[actor]; j++)
			if (t->pin[t->hand[actor][j]])
				used[nused++] = t->hand[actor][j];
		/* Not one it held when its pathfinder's turn ended for
		 * want of a path card that fit, if it can be helped: it
		 * drew want since. */
		int pick = -1, nfree = 0;
		for (int strict = 1; strict >= 0 && pick < 0; strict--)
			for (int j = 0; j < t->nhand[actor]; j++)
				if (!t->pin[t->hand[actor][j]] && (!strict ||
				    !nofit_bad(k, t->hand[actor][j],
				    (uint8_t)want[i])) &&
				    sab_rng_below(rng, (uint32_t)++nfree) == 0)
					pick = j;
		kslot at = { Z_HAND, (uint8_t)actor, (uint16_t)pick }, from;
		if (pick < 0 || find_free(g, t, g->nplayers, (uint8_t)want[i],
		    at, used, nused, rng, &from) != 0) {
			/* None unknown to give: the seat kept it, and
			 * discarded another of its cards in its place. */
			if (keep_back(k, actor, (uint8_t)want[i], 0, rng) == 0)
				k->repairs++;
			continue;
		}
		slot_swap(g, t, at, from);
		t->pin[t->hand[actor][pick]] = 1;
		k->repairs++;
	}
	return 0;
}

/* Whether move m could have made the line received next: a cheap test to
 * try the likely moves first. */
static int plausible(know *k, const sab_move *m, const words *w)
{
	char buf[PROTO_LINE_MAX];
	int actor = k->T.to_act, s;

	if (w->n < 2 || num(w, 1, 0, k->nplayers - 1, &s) != 0)
		return 1;
	if (strcmp(w->w[0], "played") == 0 || strcmp(w->w[0], "plays") == 0) {
		size_t n;
		const char *rest;
		if (s != actor)
			return m->kind != SAB_MOVE_PLAY;
		if (m->kind != SAB_MOVE_PLAY || proto_move(&k->pc, m, buf,
		    sizeof buf) < 5)
			return 0;
		/* "play CARD ARGS" against "played SEAT CARD ARGS [EXTRA]". */
		rest = peek_line(k, 0);
		rest = strchr(rest, ' ');
		rest = rest ? strchr(rest + 1, ' ') : NULL;
		if (rest == NULL)
			return 0;
		rest++;
		n = strlen(buf + 5);
		return strncmp(rest, buf + 5, n) == 0 &&
		    (rest[n] == '\0' || rest[n] == ' ');
	}
	if (strcmp(w->w[0], "discarded") == 0 && s == actor)
		return (m->kind == SAB_MOVE_PASS && m->nmore + 3 == w->n) ||
		    m->kind == SAB_MOVE_DWARF;
	if (strcmp(w->w[0], "removed") == 0 && s == actor)
		return m->kind == SAB_MOVE_REMOVE;
	if (strcmp(w->w[0], "vetoed") == 0)
		return s == actor ? m->kind == SAB_MOVE_PLAY :
		    m->kind == SAB_MOVE_ALLOW;
	return 1;
}

/* How many ways the seat could have made a hidden choice: the copies of a
 * discarded card in its hand, of a gold value in the offer. */
static int weight(const sab_game *g, const ktags *t, const sab_move *m)
{
	int n = 0, unknown = 0, seat = g->to_act;

	if (m->kind == SAB_MOVE_PASS && m->nmore == 0) {
		/* The cards of the seat this seat does not know, when it
		 * holds any: it knows the others stay. */
		for (int i = 0; i < t->nhand[seat]; i++)
			unknown += !t->pin[t->hand[seat][i]];
		for (int i = 0; i < t->nhand[seat]; i++)
			n += t->val[t->hand[seat][i]] == m->card &&
			    (!unknown || !t->pin[t->hand[seat][i]]);
		return n;
	}
	if (m->kind == SAB_MOVE_PICK_GOLD) {
		for (int i = 0; i < g->noffer; i++)
			n += g->offer[i] == m->value;
		return n ? n : 1;
	}
	return 1;
}

/* Whether the lines waiting show a round dealt by seats: a "round N
 * FIRST" line whose FIRST is not seat 0, and then seat 0's draw before
 * FIRST's (dealt from FIRST, as the rulebook deals, FIRST draws first). */
static int deal_by_seats(const know *k)
{
	const char *l;
	int first = -1, s;
	words w;

	for (int i = 0; (l = peek_line(k, i)) != NULL; i++) {
		split(l, &w);
		if (w.n >= 3 && strcmp(w.w[0], "round") == 0 &&
		    num(&w, 2, 0, k->nplayers - 1, &first) != 0)
			return 0;
		if (first > 0 && w.n >= 2 && strcmp(w.w[0], "draw") == 0 &&
		    num(&w, 1, 0, k->nplayers - 1, &s) == 0)
			return s == 0;
	}
	return 0;
}

/* Plays candidate m on a copy of the template with the random draws of try
 * `tr`; the copy, its tags and events stay in k->copy, ctags, ev. */
static cmp try_move(know *k, const sab_move *m, uint32_t tr, kstep *rec)
{
	sab_rng rng, fix;
	int setup;

	try_rng(k, (uint64_t)k->decisions, tr, &rng);
	fix = rng;
	sab_rng_next(&fix);
	k->copy = k->T;
	/* Dealt by seats, a new round deals as the referee did, its
	 * shuffles from a key of this try's. */
	if (k->deal_seats && k->copy.deal != SAB_DEAL_SEATS) {
		k->copy.deal = SAB_DEAL_SEATS;
		k->copy.deal_key = sab_rng_next(&fix);
	}
	k->ctags = k->tags;
	k->ev.n = 0;
	k->ev.overflow = 0;
	sab_game_apply(&k->copy, m, &rng, &k->ev);
	setup = tags_follow(k, &k->ctags, &k->T, m, &k->copy, &k->ev,
	    k->evtag, rec);
	return compare(k, &k->copy, &k->ctags, &k->ev, setup, &fix);
}

/* The template takes the step in k->best (a match of nlines lines). */
static int commit(know *k, const sab_move *m, const kstep *rec,
    uint32_t tr, int nlines, int newround)
{
	const sab_game *before = &k->T;
	struct kundo *u = &k->undo;

	/* A new round's start is not taken again: it is the deal. */
	u->valid = !newround && k->started;
	if (u->valid) {
		u->T = k->T;
		u->tags = k->tags;
		u->seen = k->seen;
		u->qhead = k->qhead;
		u->nsteps = k->nsteps;
		u->nrlines = k->nrlines;
		u->npatches = k->npatches;
		u->nnofit = k->nnofit;
		u->decisions = k->decisions;
		u->roles_moved = k->roles_moved;
		u->goals_moved = k->goals_moved;
		u->actor = k->T.to_act;
	}

	if (newround) {
		k->T0 = k->best;
		k->tags0 = k->btags;
		clear_round(k);
	} else {
		if (memcmp(before->role, k->best.role, sizeof before->role) ||
		    before->role_spare != k->best.role_spare ||
		    memcmp(before->dwarves, k->best.dwarves,
		    sizeof before->dwarves))
			k->roles_moved = 1;
		if (memcmp(before->goal_def, k->best.goal_def,
		    sizeof before->goal_def))
			k->goals_moved = 1;
		if (k->nsteps >= k->capsteps) {
			int cap = k->capsteps ? 2 * k->capsteps : 256;
			kstep *s = realloc(k->steps, sizeof *s * (size_t)cap);
			if (s == NULL)
				return lose(k, "out of memory");
			k->steps = s;
			k->capsteps = cap;
		}
		kstep *st = &k->steps[k->nsteps++];
		*st = *rec;
		st->m = *m;
		st->actor = before->to_act;
		st->tries = tr;
		st->decision = (uint64_t)k->decisions;
		st->line0 = k->nrlines;
		st->nlines = nlines;
		for (int i = 0; i < nlines; i++) {
			if (k->nrlines >= k->caprlines) {
				int cap = k->caprlines ? 2 * k->caprlines : 512;
				char **r = realloc(k->rlines, sizeof *r *
				    (size_t)cap);
				if (r == NULL)
					return lose(k, "out of memory");
				k->rlines = r;
				k->caprlines = cap;
			}
			if ((k->rlines[k->nrlines] = dup_line(peek_line(k,
			    i))) == NULL)
				return lose(k, "out of memory");
			k->nrlines++;
		}
		note_nofit(k, before, &k->best, m, nlines);
	}
	k->T = k->best;
	k->tags = k->btags;
	for (int j = 0; j < k->bev.n; j++)
		(void)sab_seen_tell(&k->seen, &k->rs, &k->bev.ev[j]);
	pop_lines(k, nlines);
	k->decisions++;
	return 0;
}

/* The first round's deal: a new game dealt until its lines are the ones
 * received. */
static int begin(know *k)
{
	char err[256];
	words w;
	int first, deck;
	kstep rec;

	split(peek_line(k, 0), &w);
	if (w.n < 4 || strcmp(w.w[0], "round") != 0 ||
	    num(&w, 2, 0, k->nplayers - 1, &first) ||
	    num(&w, 3, 0, 65535, &deck))
		return lose(k, "the game's lines do not begin with its round");
	memset(&rec, 0, sizeof rec);
	for (uint32_t tr = 0; tr < MAX_TRIES * 4; tr++) {
		sab_rng rng, fix;
		cmp c;
		try_rng(k, 0, tr, &rng);
		k->ev.n = 0;
		if (sab_game_new(&k->copy, &k->rs, k->nplayers, first, &rng,
		    &k->ev, err, sizeof err) != 0)
			return lose(k, err);
		fix = rng;
		tags_round(&k->ctags, &k->copy, k->seat);
		c = compare(k, &k->copy, &k->ctags, &k->ev, 0, &fix);
		if (c.res == CMP_MORE)
			return 1;
		if (c.res != CMP_MATCH)
			continue;
		k->best = k->copy;
		k->btags = k->ctags;
		k->bev = k->ev;
		k->started = 1;
		return commit(k, &rec.m, &rec, tr, c.nlines, 1);
	}
	return lose(k, "no deal of the ruleset sends the first round's lines "
	    "received (is it the referee's ruleset?)");
}

/* Takes the last decision back, and deals the unknown cards of the seat
 * that made it afresh from the unknown cards elsewhere, so that the
 * decision is played again with another hand.  Returns 0, or -1 when it
 * cannot (none kept, or tried enough). */
static int undo(know *k, sab_rng *rng)
{
	struct kundo *u = &k->undo;
	ktags *t;
	int seat;

	if (!u->valid)
		return -1;
	if (k->decisions != k->stuck_at) {
		k->stuck_at = k->decisions;
		k->undos = 0;
	}
	if (++k->undos > 24)
		return -1;
	k->T = u->T;
	k->tags = u->tags;
	k->seen = u->seen;
	k->qhead = u->qhead;
	k->nsteps = u->nsteps;
	for (int i = u->nrlines; i < k->nrlines; i++)
		free(k->rlines[i]);
	k->nrlines = u->nrlines;
	k->npatches = u->npatches;
	k->nnofit = u->nnofit;
	k->decisions = u->decisions;
	k->roles_moved = u->roles_moved;
	k->goals_moved = u->goals_moved;
	u->valid = 0;
	/* Every card this seat does not know dealt afresh (the seat that
	 * decided, or the one whose turn it was, held other cards). */
	t = &k->tags;
	{
		kslot all[MAX_SLOTS];
		uint8_t v[MAX_SLOTS];
		int n = all_slots(t, k->T.nplayers, all), nf = 0;
		kslot fr[MAX_SLOTS];
		for (int i = 0; i < n; i++)
			if (!slot_pinned(t, all[i])) {
				fr[nf] = all[i];
				v[nf++] = *slot_val(&k->T, t, all[i]);
			}
		sab_rng_shuffle(rng, v, (uint32_t)nf);
		keep_nofit(k, t, fr, v, nf, rng);
		for (int i = 0; i < nf; i++) {
			*slot_val(&k->T, t, fr[i]) = v[i];
			t->val[*slot_tag(t, fr[i])] = v[i];
		}
	}
	(void)seat;
	/* The undo stays stuck at the decision after the one taken back. */
	k->stuck_at = k->decisions + 1;
	return 0;
}

/* One decision of the template: the move whose lines are the next ones
 * received.  Returns 0, 1 (the lines wait for more), or -1 (lost). */
static int advance(know *k)
{
	int rfixed[SAB_MAX_PLAYERS + 20], nrfixed = 0, ntfixed = 0;
	uint16_t tfixed[MAX_REPAIRS];
	sab_rng pick;
	words w;
	int n, ncand = 0, more = 0, repairs = 0;

	if (sab_game_over(&k->T))
		return lose(k, "lines after the game's end");
	try_rng(k, (uint64_t)k->decisions, 0xFFFFFFFFu, &pick);
	if (!k->deal_seats && deal_by_seats(k))
		k->deal_seats = 1;
	give_cards(k, &pick);
	n = sab_game_moves(&k->T, k->moves);
	split(peek_line(k, 0), &w);
	for (int i = 0; i < n; i++)
		if (plausible(k, &k->moves[i], &w))
			k->cands[ncand++] = k->moves[i];
	if (ncand == 0) {
		memcpy(k->cands, k->moves, sizeof k->moves[0] * (size_t)n);
		ncand = n;
	}
	for (uint32_t tr = 0; tr < MAX_TRIES; tr++) {
		cmp worst;
		long total = 0;
		int bestn = -1, zero = -1, besti = -1, firsti = -1;
		kstep rec, brec;
		memset(&worst, 0, sizeof worst);
		worst.res = CMP_BAD;
		worst.line = -1;
		for (int i = 0; i < ncand; i++) {
			cmp c = try_move(k, &k->cands[i], tr, &rec);
			if (c.res == CMP_MORE) {
				more = 1;
				continue;
			}
			if (c.res == CMP_BAD) {
				if (c.line > worst.line) {
					worst = c;
					/* Keep its events for the repairs. */
					k->wev = k->ev;
					k->wtags = k->ctags;
					memcpy(k->bevtag, k->evtag,
					    sizeof k->evtag[0] * (size_t)k->ev.n);
					memcpy(k->wshown, k->shown,
					    sizeof k->shown);
					k->nwshown = k->nshown;
				}
				continue;
			}
			if (c.nlines == 0) {
				/* No line for this seat (another seat let a
				 * card through): only when nothing says more. */
				if (zero < 0)
					zero = i;
				continue;
			}
			/* Among equal matches (a card discarded face down, a
			 * gold card taken unseen) each as likely as its
			 * copies. */
			if (c.nlines > bestn) {
				bestn = c.nlines;
				total = 0;
				besti = -1;
				firsti = i;
			}
			if (c.nlines == bestn) {
				long wgt = weight(&k->T, &k->tags, &k->cands[i]);
				total += wgt;
				if (wgt > 0 && sab_rng_below(&pick,
				    (uint32_t)total) < (uint32_t)wgt) {
					besti = i;
					k->best = k->copy;
					k->btags = k->ctags;
					k->bev = k->ev;
					brec = rec;
				}
			}
		}
		if (bestn > 0) {
			int nr = 0;
			if (besti < 0) {
				besti = firsti;
				(void)try_move(k, &k->cands[besti], tr, &brec);
				k->best = k->copy;
				k->btags = k->ctags;
				k->bev = k->ev;
			}
			for (int j = 0; j < k->bev.n; j++)
				nr |= k->bev.ev[j].type == SAB_EV_ROUND_START;
			return commit(k, &k->cands[besti], &brec, tr, bestn, nr);
		}
		if (more)
			return 1;
		if (zero >= 0) {
			cmp c = try_move(k, &k->cands[zero], tr, &rec);
			k->best = k->copy;
			k->btags = k->ctags;
			k->bev = k->ev;
			return commit(k, &k->cands[zero], &rec, tr, c.nlines, 0);
		}
		/* No move gives the lines: a hidden card the template has
		 * wrong.  Repair and try again, else other random draws. */
		if (worst.line >= 0 && repairs < MAX_REPAIRS) {
			k->ev = k->wev;
			k->ctags = k->wtags;
			memcpy(k->evtag, k->bevtag,
			    sizeof k->evtag[0] * (size_t)k->ev.n);
			int ch = impose_facts(k, &worst, &k->ev, &k->ctags,
			    rfixed, &nrfixed, tfixed, &ntfixed, &pick);
			if (ch > 0) {
				repairs += ch;
				k->repairs += ch;
				tr--;
				continue;
			}
		}
	}
	if (undo(k, &pick) == 0)
		return 0;
	{
		char why[PROTO_LINE_MAX + 128];
		snprintf(why, sizeof why, "no move of seat %d gives the line "
		    "\"%s\"", k->T.to_act, peek_line(k, 0));
		return lose(k, why);
	}
}

/* Follows the game's lines again from their start, with the template's
 * own random choices drawn afresh. */
static void restart(know *k)
{
	k->qhead = 0;
	k->started = k->lost = 0;
	k->why[0] = '\0';
	k->decisions = 0;
	clear_round(k);
	k->seed = sab_seed_mix(k->seed0, (uint64_t)++k->restarts);
	sab_seen_init(&k->seen, &k->rs, k->nplayers, k->seat);
}

#define MAX_RESTARTS 12

int know_sync(know *k)
{
	if (k->lost)
		return -1;
	while (pending(k) > 0) {
		int r = k->started ? advance(k) : begin(k);
		if (r < 0 && k->restarts < MAX_RESTARTS && k->have_rs) {
			restart(k);
			continue;
		}
		if (r != 0)
			return r;
	}
	return 0;
}

const char *know_error(const know *k)
{
	return k->lost ? k->why : "";
}

int know_ready(const know *k)
{
	return k->started && !k->lost;
}

int know_seat(const know *k)
{
	return k->seat;
}

int know_players(const know *k)
{
	return k->nplayers;
}

const sab_ruleset *know_ruleset(const know *k)
{
	return &k->rs;
}

const proto_cards *know_cards(const know *k)
{
	return &k->pc;
}

const sab_seen *know_seen(const know *k)
{
	return &k->seen;
}

const sab_game *know_template(const know *k)
{
	return &k->T;
}

long know_decisions(const know *k)
{
	return k->decisions;
}

long know_repairs(const know *k)
{
	return k->repairs;
}

/* ---- sampling ----------------------------------------------------------- */

/*
 * The discard pile of a sample, laid again from the round's start as the
 * rules lay it: a card taken from the pile is the topmost card of its
 * definition among those shown, and a pass of several cards face down is
 * laid in the order of their definitions, so with the unknown cards dealt
 * anew the pile's order is the one the round, played again, would give.
 * val holds the sample's definitions.  Leaves the pile as it is when the
 * round shuffled it (a chest's treasure trove).
 */
static void pile_again(const know *k, sab_game *out, const uint8_t *val)
{
	const ktags *t = &k->tags;
	uint16_t pile[SAB_MAX_DECK];
	int n = 0;

	for (int i = 0; i < t->nops; i++) {
		const struct kop *o = &t->ops[i];
		if (o->kind == OP_SHUFFLE)
			return;
		if (o->kind == OP_PUSH && n < SAB_MAX_DECK) {
			pile[n++] = o->tag[0];
		} else if (o->kind == OP_PASS) {
			uint16_t c[3];
			int nc = 0;
			for (int j = 0; j < 3; j++)
				if (o->tag[j] != NOTAG)
					c[nc++] = o->tag[j];
			for (int a = 1; a < nc; a++)
				for (int b = a; b > 0 && val[c[b - 1]] > val[c[b]];
				    b--) {
					uint16_t x = c[b];
					c[b] = c[b - 1];
					c[b - 1] = x;
				}
			/* The second and third cards, then the first. */
			for (int j = 1; j <= nc && n < SAB_MAX_DECK; j++)
				pile[n++] = c[j % nc];
		} else if (o->kind == OP_TAKE) {
			int at = -1;
			for (int j = 0; j < o->n && j < n && at < 0; j++)
				if (val[pile[n - 1 - j]] == val[o->tag[0]])
					at = n - 1 - j;
			if (at < 0)
				return;
			memmove(&pile[at], &pile[at + 1], sizeof pile[0] *
			    (size_t)(n - at - 1));
			n--;
		}
	}
	if (n != out->ndiscard)
		return;
	for (int i = 0; i < n; i++)
		out->discard[i] = val[pile[i]];
}

/* Deals the template's unknown cards, roles and goals at random into out;
 * val gets each tag's new definition. */
static void deal(know *k, sab_rng *rng, sab_game *out, uint8_t *val)
{
	const ktags *t = &k->tags;
	kslot all[MAX_SLOTS], fr[MAX_SLOTS];
	uint8_t v[MAX_SLOTS];
	int n = all_slots(t, k->T.nplayers, all), nf = 0;

	*out = k->T;
	memcpy(val, t->val, MAX_TAGS);
	for (int i = 0; i < n; i++)
		if (!slot_pinned(t, all[i])) {
			fr[nf] = all[i];
			v[nf++] = *slot_val(out, t, all[i]);
		}
	sab_rng_shuffle(rng, v, (uint32_t)nf);
	keep_nofit(k, t, fr, v, nf, rng);
	for (int i = 0; i < nf; i++) {
		*slot_val(out, t, fr[i]) = v[i];
		val[*slot_tag((ktags *)t, fr[i])] = v[i];
	}
	if (!k->roles_moved) {
		int places[SAB_MAX_PLAYERS + 20], np = free_roles(k, out, places);
		uint8_t r[SAB_MAX_PLAYERS + 20];
		for (int i = 0; i < np; i++)
			r[i] = *role_at(out, places[i]);
		sab_rng_shuffle(rng, r, (uint32_t)np);
		for (int i = 0; i < np; i++)
			*role_at(out, places[i]) = r[i];
		if (np > 0)
			count_saboteurs(out);
	}
	if (!k->goals_moved) {
		int places[SAB_MAX_GOALS], np = free_goals(k, out, places);
		uint8_t d[SAB_MAX_GOALS];
		for (int i = 0; i < np; i++)
			d[i] = out->goal_def[places[i]];
		sab_rng_shuffle(rng, d, (uint32_t)np);
		for (int i = 0; i < np; i++)
			out->goal_def[places[i]] = d[i];
	}
	pile_again(k, out, val);
	/* The gold cards still face down, while the round is on (its gold
	 * not yet handed round). */
	if (out->round_end == SAB_END_NONE && out->noffer == 0)
		sab_rng_shuffle(rng, out->gold_deck, out->ngold_deck);
}

int know_sample(know *k, sab_rng *rng, sab_game *out)
{
	static uint8_t val[MAX_TAGS];

	if (know_sync(k) < 0 || !k->started)
		return -1;
	deal(k, rng, out, val);
	return 0;
}

/* ---- playing a sample's round again ------------------------------------- */

/* A game's state with every hand in sorted order: the same cards held
 * whatever their order (a hand's order follows the order cards were
 * played, which a sample does not keep). */
static uint64_t canon_hash(const sab_game *g)
{
	static sab_game c;

	c = *g;
	for (int s = 0; s < c.nplayers; s++)
		for (int i = 1; i < c.nhand[s]; i++)
			for (int j = i; j > 0 && c.hand[s][j - 1] >
			    c.hand[s][j]; j--) {
				uint8_t x = c.hand[s][j];
				c.hand[s][j] = c.hand[s][j - 1];
				c.hand[s][j - 1] = x;
			}
	return sab_game_hash(&c);
}

/*
 * Plays the round again from its deal with the cards of sample S (val:
 * each tag's definition in it) into *R, checking every line this seat is
 * sent against the lines it received.  Returns 1 when they all match, 0
 * with the first difference in why.
 */
static int replay(know *k, const sab_game *S, const uint8_t *val,
    sab_game *R, char *why, size_t whylen, know_walk_fn *walk, void *ctx)
{
	static sab_events ev;
	kslot all[MAX_SLOTS];
	char buf[PROTO_LINE_MAX];
	int n;

	/* The round's deal as sampled: each card where its tag lay then. */
	*R = k->T0;
	n = all_slots(&k->tags0, R->nplayers, all);
	for (int i = 0; i < n; i++) {
		uint16_t tg = *slot_tag(&k->tags0, all[i]);
		if (tg != NOTAG)
			*slot_val(R, &k->tags0, all[i]) = val[tg];
	}
	if (!k->roles_moved) {
		memcpy(R->role, S->role, sizeof R->role);
		R->role_spare = S->role_spare;
		memcpy(R->dwarves, S->dwarves, sizeof R->dwarves);
		R->nsaboteurs = S->nsaboteurs;
	}
	if (!k->goals_moved)
		memcpy(R->goal_def, S->goal_def, sizeof R->goal_def);
	int resampled_gold = S->round_end == SAB_END_NONE && S->noffer == 0 &&
	    R->ngold_deck == S->ngold_deck;
	if (resampled_gold)
		memcpy(R->gold_deck, S->gold_deck, sizeof R->gold_deck);
	int pi = 0;
	for (int i = 0; i <= k->nsteps; i++) {
		/* The template's changes before this step, where the sample
		 * did not deal those cards afresh. */
		for (; pi < k->npatches && k->patches[pi].step == i; pi++) {
			const kpatch *p = &k->patches[pi];
			uint8_t x;
			if (p->kind == P_ROLE && k->roles_moved) {
				x = *role_at(R, p->a);
				*role_at(R, p->a) = *role_at(R, p->b);
				*role_at(R, p->b) = x;
				count_saboteurs(R);
			} else if (p->kind == P_GOAL && k->goals_moved) {
				x = R->goal_def[p->a];
				R->goal_def[p->a] = R->goal_def[p->b];
				R->goal_def[p->b] = x;
			} else if (p->kind == P_GOLD && !resampled_gold) {
				x = R->gold_deck[p->a];
				R->gold_deck[p->a] = R->gold_deck[p->b];
				R->gold_deck[p->b] = x;
			} else if (p->kind == P_OFFER && p->a < R->noffer &&
			    p->b < R->ngold_deck) {
				x = R->offer[p->a];
				R->offer[p->a] = R->gold_deck[p->b];
				R->gold_deck[p->b] = x;
			} else if (p->kind == P_OFFER_ORDER && p->a < R->noffer &&
			    p->b < R->noffer) {
				x = R->offer[p->a];
				R->offer[p->a] = R->offer[p->b];
				R->offer[p->b] = x;
			} else if (p->kind == P_CHEST && p->a < SAB_MAX_CHESTS) {
				R->chest_kind[p->a] = (uint8_t)(p->b & 0xFF);
				R->chest_path[p->a] = (uint8_t)(p->b >> 8);
			}
		}
		if (i == k->nsteps)
			break;
		const kstep *st = &k->steps[i];
		sab_move m = st->m;
		sab_rng r;
		char reason[256];
		int li = st->line0;
		/* A card taken or discarded unseen is the card its tag holds
		 * in the sample. */
		if (st->actor != k->seat && m.kind == SAB_MOVE_TAKE &&
		    st->nrel > 0 && st->rel[0] != NOTAG)
			m.card = val[st->rel[0]];
		if (st->actor != k->seat && (m.kind == SAB_MOVE_PASS ||
		    m.kind == SAB_MOVE_DWARF) && st->nrel > 0) {
			uint8_t c[3];
			int nc = 0;
			for (int j = 0; j < st->nrel; j++)
				if (st->rel[j] != NOTAG)
					c[nc++] = val[st->rel[j]];
			for (int a = 1; a < nc; a++)
				for (int b = a; b > 0 && c[b - 1] > c[b]; b--) {
					uint8_t x = c[b];
					c[b] = c[b - 1];
					c[b - 1] = x;
				}
			if (nc > 0)
				m.card = c[0];
			for (int j = 1; j < nc && j < 3; j++)
				m.more[j - 1] = c[j];
		}
		if (!sab_game_check(R, &m, reason, sizeof reason)) {
			snprintf(why, whylen, "decision %d of the round: %s", i,
			    reason);
			return 0;
		}
		if (walk != NULL)
			walk(R, &m, ctx);
		try_rng(k, st->decision, st->tries, &r);
		ev.n = 0;
		sab_game_apply(R, &m, &r, &ev);
		proto_cards_follow(&k->pc, R);
		for (int j = 0; j < ev.n; j++) {
			int len = proto_event(&k->pc, &ev.ev[j], k->seat,
			    R->nplayers, buf, sizeof buf);
			if (len <= 0 || unasked(k, &ev.ev[j],
			    li < st->line0 + st->nlines ? k->rlines[li] : NULL))
				continue;
			if (li >= st->line0 + st->nlines ||
			    !same_line(buf, k->rlines[li])) {
				snprintf(why, whylen, "decision %d of the round "
				    "sends \"%s\" for \"%s\"", i, buf,
				    li < st->line0 + st->nlines ?
				    k->rlines[li] : "(no line)");
				return 0;
			}
			li++;
		}
		if (li != st->line0 + st->nlines) {
			snprintf(why, whylen, "decision %d of the round sends "
			    "%d lines, not %d", i, li - st->line0, st->nlines);
			return 0;
		}
	}
	return 1;
}

int know_check(know *k, sab_rng *rng, char *why, size_t whylen)
{
	static uint8_t val[MAX_TAGS];
	static sab_game S, R;

	if (know_sync(k) < 0 || !k->started)
		return -1;
	deal(k, rng, &S, val);
	if (!replay(k, &S, val, &R, why, whylen, NULL, NULL))
		return 0;
	if (canon_hash(&R) != canon_hash(&S)) {
		snprintf(why, whylen, "the round played again ends elsewhere "
		    "than the sample");
		return 0;
	}
	return 1;
}

int know_sample_exact(know *k, sab_rng *rng, sab_game *out, int tries)
{
	static uint8_t val[MAX_TAGS];
	static sab_game S;
	char why[256];

	if (know_sync(k) < 0 || !k->started)
		return -1;
	for (int i = 0; i < tries; i++) {
		deal(k, rng, &S, val);
		if (replay(k, &S, val, out, why, sizeof why, NULL, NULL))
			return 0;
	}
	return -1;
}

int know_walk(know *k, sab_rng *rng, know_walk_fn *walk, void *ctx)
{
	static uint8_t val[MAX_TAGS];
	static sab_game S, R;
	char why[256];

	if (know_sync(k) < 0 || !k->started)
		return -1;
	deal(k, rng, &S, val);
	return replay(k, &S, val, &R, why, sizeof why, walk, ctx) ? 0 : -1;
}

int know_roles_moved(const know *k)
{
	return k->roles_moved;
}
