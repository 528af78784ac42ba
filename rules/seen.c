/* seen.c: the table as one perspective knows it, kept from the events it is
 * told; see seen.h. */
#include <string.h>

#include "effect.h"
#include "pile.h"
#include "seen.h"

/* What a seat holds at a round's start: nothing, and no secret known. */
static void seat_clear(sab_seen *s, int k)
{
	s->nhand[k] = 0;
	memset(s->hand[k], SAB_NO_CARD, sizeof s->hand[k]);
	s->nfront[k] = 0;
	memset(s->front[k], SAB_NO_CARD, sizeof s->front[k]);
	s->role[k] = SAB_SEEN_UNKNOWN;
	s->peeked[k] = 0;
	memset(s->peek[k], SAB_NO_CARD, sizeof s->peek[k]);
}

void sab_seen_init(sab_seen *s, const sab_ruleset *rs, int nplayers,
    int persp)
{
	memset(s, 0, sizeof *s);
	s->persp = (int8_t)persp;
	s->nplayers = (uint8_t)(nplayers < 0 ? 0 : nplayers > SAB_MAX_PLAYERS ?
	    SAB_MAX_PLAYERS : nplayers);
	s->first = SAB_NO_SEAT;
	s->to_act = SAB_NO_SEAT;
	s->finder = SAB_NO_SEAT;
	s->phase = SAB_PHASE_PLAY;
	s->pending = SAB_NO_CARD;
	s->pending_seat = SAB_NO_SEAT;
	memset(s->goal_known, SAB_NO_CARD, sizeof s->goal_known);
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		seat_clear(s, k);
	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++) {
		s->toll_cell[d] = SAB_NO_CELL;
		s->toll_owner[d] = SAB_NO_SEAT;
	}
	memcpy(s->goal_x, rs->goal_x, sizeof s->goal_x);
	memcpy(s->goal_y, rs->goal_y, sizeof s->goal_y);
	sab_board_reset(&s->board, rs);
}

static uint8_t next_seat(const sab_seen *s, int k)
{
	return (uint8_t)(s->dir ? (k + s->nplayers - 1) % s->nplayers :
	    (k + 1) % s->nplayers);
}

static void round_start(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	s->round = e->value;
	s->first = e->seat;
	s->to_act = e->seat < s->nplayers ? e->seat : SAB_NO_SEAT;
	s->phase = SAB_PHASE_PLAY;
	s->round_end = SAB_END_NONE;
	s->chest_take = 0;
	s->finder = SAB_NO_SEAT;
	s->dir = 0;
	s->pending = SAB_NO_CARD;
	s->deck = e->n;
	s->dealing = 1;
	s->dealt = 0;
	s->ndiscard = 0;
	s->goal_open = 0;
	s->noffer = 0;
	memset(s->goal_known, SAB_NO_CARD, sizeof s->goal_known);
	for (int k = 0; k < s->nplayers; k++)
		seat_clear(s, k);
	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++) {
		s->toll_cell[d] = SAB_NO_CELL;
		s->toll_owner[d] = SAB_NO_SEAT;
	}
	memcpy(s->goal_x, rs->goal_x, sizeof s->goal_x);
	memcpy(s->goal_y, rs->goal_y, sizeof s->goal_y);
	sab_board_reset(&s->board, rs);
}

static void hand_add(sab_seen *s, int k, uint8_t card)
{
	if (s->nhand[k] < SAB_MAX_HAND)
		s->hand[k][s->nhand[k]++] = card;
}

/* Takes card from the hand as the rules do (the last card fills its
 * place), so that hands fully known keep the rules' order; a card this
 * perspective did not know leaves as an unknown one. */
static void hand_take(sab_seen *s, int k, uint8_t card)
{
	uint8_t *h = s->hand[k];
	int i = 0;

	if (s->nhand[k] == 0)
		return;
	while (i < s->nhand[k] && h[i] != card)
		i++;
	/* Not known here: one of the cards not known goes (a hand partly
	 * known, as after swap hands), else the last. */
	for (int j = 0; i == s->nhand[k] && j < s->nhand[k]; j++)
		if (h[j] == SAB_NO_CARD)
			i = j;
	if (i == s->nhand[k])
		i = s->nhand[k] - 1;
	h[i] = h[--s->nhand[k]];
	h[s->nhand[k]] = SAB_NO_CARD;
}

static void draw(sab_seen *s, const sab_event *e)
{
	hand_add(s, e->seat, e->card);
	if (s->dealing)
		s->dealt++;
	else if (s->deck > 0)
		s->deck--;
}

/* A card laid in front of target (a broken tool). */
void sab_seen_front_add(sab_seen *s, int target, uint8_t card)
{
	if (target < s->nplayers)
		sab_pile_add(s->front[target], &s->nfront[target], card);
}

void sab_seen_front_take_tool(sab_seen *s, const sab_ruleset *rs,
    int target, uint8_t tool)
{
	if (target < s->nplayers)
		(void)sab_pile_take_tool(rs, s->front[target],
		    &s->nfront[target], tool);
}

void sab_seen_front_take(sab_seen *s, int target, uint8_t card)
{
	if (target < s->nplayers)
		(void)sab_pile_take(s->front[target], &s->nfront[target], card);
}

void sab_seen_swap_hands(sab_seen *s, int a, int b)
{
	if (a >= s->nplayers || b >= s->nplayers)
		return;
	sab_hands_swap(s->hand[a], &s->nhand[a], s->hand[b], &s->nhand[b]);
}

/* A card played from a hand, and what it did; the turn moves on. */
static void card_played(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;

	/* A card that waited for a veto left the hand then; every seat let
	 * it be, so the reactions are over. */
	if (s->pending != SAB_NO_CARD && s->pending_seat == e->seat) {
		s->pending = SAB_NO_CARD;
		s->phase = SAB_PHASE_PLAY;
	} else
		hand_take(s, e->seat, e->card);
	/* What the play did, as its kind tells (rules/base/cards.c). */
	if (k != NULL && k->learn != NULL)
		k->learn(s, rs, e);
	s->turn++;
	s->to_act = next_seat(s, e->seat);
}

/* A pass: a discard from the hand, or in the open a seat without cards. */
static void pass(sab_seen *s, const sab_event *e)
{
	if (e->vis != SAB_VIS_ALL && e->n > 1) {
		for (int i = 0; i < e->n && i < 3; i++)
			hand_take(s, e->seat, (uint8_t)e->vals[i]);
		s->ndiscard = (uint16_t)(s->ndiscard + e->n);
		s->turn++;
	} else if (e->vis != SAB_VIS_ALL) {
		hand_take(s, e->seat, e->card);
		s->ndiscard++;
		s->turn++;
	}
	s->to_act = next_seat(s, e->seat);
}

/* Two cards discarded face up to take one away from in front. */
static void removal(sab_seen *s, const sab_event *e)
{
	hand_take(s, e->seat, (uint8_t)e->vals[0]);
	hand_take(s, e->seat, (uint8_t)e->vals[1]);
	sab_seen_front_take(s, e->seat, e->removed);
	s->ndiscard = (uint16_t)(s->ndiscard + 3);
	s->turn++;
	s->to_act = next_seat(s, e->seat);
}

/* A seat's whole hand, told to it (swap hands). */
static void hand(sab_seen *s, const sab_event *e)
{
	int k = e->seat;

	s->nhand[k] = 0;
	memset(s->hand[k], SAB_NO_CARD, sizeof s->hand[k]);
	for (int i = 0; i < e->n && i < SAB_MAX_HAND; i++)
		s->hand[k][s->nhand[k]++] = (uint8_t)e->vals[i];
}

/* A card played, waiting for the other seats' reactions. */
static void pending(sab_seen *s, const sab_event *e)
{
	hand_take(s, e->seat, e->card);
	s->pending = e->card;
	s->pending_seat = e->seat;
	s->phase = SAB_PHASE_REACT;
	s->to_act = SAB_NO_SEAT;
}

/* A veto: both cards to the discard pile; the turn goes on after the
 * vetoed seat (its draw, then the veto's player's, are events). */
static void veto(sab_seen *s, const sab_event *e)
{
	hand_take(s, e->seat, e->card);
	s->ndiscard = (uint16_t)(s->ndiscard + 2);
	s->pending = SAB_NO_CARD;
	s->phase = SAB_PHASE_PLAY;
	if (e->target < s->nplayers) {
		s->turn++;
		s->to_act = next_seat(s, e->target);
	}
}

/* A card taken from a treasure trove (the trove card goes on the pile in
 * its place). */
static void took(sab_seen *s, const sab_event *e)
{
	/* A trove on an empty discard pile: nothing taken, in the open. */
	if (!(e->vis == SAB_VIS_ALL && e->card == SAB_NO_CARD))
		hand_add(s, e->seat, e->card);
	s->phase = SAB_PHASE_PLAY;
	s->to_act = next_seat(s, e->seat);
}

/* Tunnel toll: a dwarf put on (x, y), after the pass that discarded its
 * card (the turn moved on with it); no draw follows. */
static void dwarf(sab_seen *s, const sab_event *e)
{
	if (e->tool < SAB_MAX_TOLL_DWARVES && e->x >= SAB_COORD_MIN &&
	    e->x <= SAB_COORD_MAX && e->y >= SAB_COORD_MIN &&
	    e->y <= SAB_COORD_MAX) {
		s->toll_cell[e->tool] = sab_board_index(e->x, e->y);
		s->toll_owner[e->tool] = e->seat;
	}
}

/* A toll paid, in the open (always 1 gold): the dwarf leaves. */
static void toll(sab_seen *s, const sab_event *e)
{
	if (e->target < s->nplayers)
		s->gold[e->target] = (int16_t)(s->gold[e->target] + e->value);
	s->gold[e->seat] = (int16_t)(s->gold[e->seat] - e->value);
	if (e->tool < SAB_MAX_TOLL_DWARVES)
		s->toll_cell[e->tool] = SAB_NO_CELL;
}

/* A postcard reached: the dwarf cards it changes are no longer known
 * here, but for the new ones this perspective is told next (its own). */
static void postcard(sab_seen *s, const sab_ruleset *rs, const sab_event *e)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;

	if (s->persp == SAB_SEEN_ALL || k == NULL)
		return;
	for (int i = 0; i < s->nplayers; i++)
		if (strcmp(k->word, "party") == 0 || i == e->seat)
			s->role[i] = SAB_SEEN_UNKNOWN;
}

/* A theft carried out: one gold piece, in the open. */
static void steal(sab_seen *s, const sab_event *e)
{
	if (e->target < s->nplayers)
		s->gold[e->target] = (int16_t)(s->gold[e->target] - e->value);
	s->gold[e->seat] = (int16_t)(s->gold[e->seat] + e->value);
	s->phase = SAB_PHASE_PLAY;
	s->to_act = SAB_NO_SEAT;
}

static void peek(sab_seen *s, const sab_event *e)
{
	if (e->card == SAB_NO_CARD || e->goal >= SAB_MAX_GOALS)
		return;
	s->peek[e->seat][e->goal] = e->card;
	s->goal_known[e->goal] = e->card;
}

static void reveal(sab_seen *s, const sab_ruleset *rs, const sab_event *e)
{
	sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
	if (e->goal < SAB_MAX_GOALS) {
		s->goal_open |= (uint8_t)(1u << e->goal);
		s->goal_known[e->goal] = e->card;
	}
	/* New Goals: the choice of which goal first is made. */
	if (s->phase == SAB_PHASE_ORDER) {
		s->phase = SAB_PHASE_PLAY;
		s->goal_choices = 0;
	}
}

static void round_end(sab_seen *s, const sab_event *e)
{
	s->round_end = (uint8_t)e->n;
	s->finder = e->seat < s->nplayers ? e->seat : SAB_NO_SEAT;
	s->to_act = SAB_NO_SEAT;
}

static void gold_offer(sab_seen *s, const sab_event *e)
{
	s->phase = SAB_PHASE_PICK_GOLD;
	s->to_act = e->seat;
	s->noffer = 0;
	for (int i = 0; i < e->n && i < SAB_MAX_PLAYERS; i++)
		s->offer[s->noffer++] = (uint8_t)e->vals[i];
}

static void gold(sab_seen *s, const sab_event *e)
{
	int k = e->seat;

	/* Tunnel toll's gold at setup is taken in the open. */
	if (s->persp == SAB_SEEN_ALL || s->persp == k || e->vis == SAB_VIS_ALL)
		s->gold[k] = (int16_t)(s->gold[k] + e->value);
	else
		s->gold_hidden[k]++;
	if (s->phase == SAB_PHASE_PICK_GOLD && s->to_act == k) {
		s->noffer = 0;
		s->to_act = SAB_NO_SEAT;
	}
}

/* Treasure Chests: a card of target's hand taken by seat (the card
 * known to seat alone; target is told its whole hand next). */
static void grab(sab_seen *s, const sab_event *e)
{
	if (e->target >= s->nplayers)
		return;
	hand_take(s, e->target, e->card);
	hand_add(s, e->seat, e->card);
}

/* Treasure Chests: n cards of the deck to the discard pile. */
static void milled(sab_seen *s, const sab_event *e)
{
	s->deck = (uint16_t)(s->deck > e->n ? s->deck - e->n : 0);
	s->ndiscard = (uint16_t)(s->ndiscard + e->n);
}

/* A dragon's gold paid (New Goals): the payer knows how much. */
static void paid(sab_seen *s, const sab_event *e)
{
	int k = e->seat;

	if (s->persp == SAB_SEEN_ALL || s->persp == k)
		s->gold[k] = (int16_t)(s->gold[k] - e->value);
	else
		s->gold_hidden[k]++;
}

static void game_end(sab_seen *s, const sab_event *e)
{
	for (int k = 0; k < e->n && k < s->nplayers; k++) {
		s->gold[k] = e->vals[k];
		s->gold_hidden[k] = 0;
	}
	s->winners = e->mask;
	s->phase = SAB_PHASE_OVER;
	s->to_act = SAB_NO_SEAT;
	s->noffer = 0;
}

/* Events about no seat of the game, and round ends (whose seat is the
 * finder, often none), are the only ones without a seat to check. */
static int seatless(uint8_t type)
{
	return type == SAB_EV_GAME_START || type == SAB_EV_ROUND_START ||
	    type == SAB_EV_REVEAL || type == SAB_EV_ROUND_END ||
	    type == SAB_EV_GAME_END || type == SAB_EV_LAID ||
	    type == SAB_EV_CHEST;
}

void sab_seen_apply(sab_seen *s, const sab_ruleset *rs, const sab_event *e)
{
	if (!seatless(e->type) && e->seat >= s->nplayers)
		return;
	if (s->dealing && e->type != SAB_EV_DRAW && e->type != SAB_EV_ROLE &&
	    e->type != SAB_EV_ROUND_START && e->type != SAB_EV_LAID &&
	    e->type != SAB_EV_GOLD && e->type != SAB_EV_CHEST)
		s->dealing = 0;
	if (sab_event_is_play(e->type)) {
		card_played(s, rs, e);
		return;
	}
	switch (e->type) {
	case SAB_EV_ROUND_START:
		round_start(s, rs, e);
		break;
	case SAB_EV_ROLE:
	case SAB_EV_ROLE_REVEAL:
		s->role[e->seat] = e->value;
		break;
	case SAB_EV_DRAW:
		draw(s, e);
		break;
	case SAB_EV_PEEK:
		peek(s, e);
		break;
	case SAB_EV_PASS:
		pass(s, e);
		break;
	case SAB_EV_REVEAL:
		reveal(s, rs, e);
		break;
	case SAB_EV_ROUND_END:
		round_end(s, e);
		break;
	case SAB_EV_GOLD_OFFER:
		gold_offer(s, e);
		break;
	case SAB_EV_GOLD:
		gold(s, e);
		break;
	case SAB_EV_GAME_END:
		game_end(s, e);
		break;
	case SAB_EV_REMOVE:
		removal(s, e);
		break;
	case SAB_EV_INSPECT:
		if (e->target < s->nplayers)
			s->role[e->target] = e->value;
		break;
	case SAB_EV_HAND:
		hand(s, e);
		break;
	case SAB_EV_STEAL:
		steal(s, e);
		break;
	case SAB_EV_CHOICES:
		s->phase = SAB_PHASE_CHOOSE;
		s->to_act = e->seat;
		break;
	case SAB_EV_PENDING:
		pending(s, e);
		break;
	case SAB_EV_LAID:
		if (e->card < rs->ndefs)
			sab_board_place(&s->board, rs, e->x, e->y, e->card,
			    e->rot);
		break;
	case SAB_EV_REACT:
		s->phase = SAB_PHASE_REACT;
		s->to_act = e->seat;
		break;
	case SAB_EV_VETO:
		veto(s, e);
		break;
	case SAB_EV_TROVE:
		s->phase = SAB_PHASE_TAKE;
		s->to_act = e->seat;
		break;
	case SAB_EV_TAKE:
		took(s, e);
		/* A chest's take comes off the discard pile (a treasure
		 * trove's card never reached it). */
		if (s->chest_take && s->ndiscard > 0)
			s->ndiscard--;
		s->chest_take = 0;
		break;
	case SAB_EV_DWARF:
		dwarf(s, e);
		break;
	case SAB_EV_TOLL:
		toll(s, e);
		break;
	case SAB_EV_POSTCARD:
		postcard(s, rs, e);
		break;
	case SAB_EV_ORDER:
		s->phase = SAB_PHASE_ORDER;
		s->to_act = e->seat;
		s->goal_choices = (uint8_t)e->mask;
		break;
	case SAB_EV_PAID:
		paid(s, e);
		break;
	case SAB_EV_CHEST:
		sab_board_hide(&s->board, rs, e->x, e->y);
		break;
	case SAB_EV_OPEN:
		sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
		s->chest_take |= e->value == SAB_CHEST_KEEP_ONE ||
		    e->value == SAB_CHEST_TROVE;
		break;
	case SAB_EV_MILL:
		milled(s, e);
		break;
	case SAB_EV_CHEST_ASK:
		s->phase = SAB_PHASE_CHEST;
		s->to_act = e->seat;
		break;
	case SAB_EV_GRAB:
		grab(s, e);
		s->phase = SAB_PHASE_PLAY;
		break;
	case SAB_EV_PUSH:
		if (e->goal < rs->ngoals && e->goal < SAB_MAX_GOALS) {
			(void)sab_board_remove(&s->board, rs, e->vals[0],
			    e->vals[1]);
			sab_board_hide(&s->board, rs, e->x, e->y);
			s->goal_x[e->goal] = e->x;
			s->goal_y[e->goal] = e->y;
		}
		s->phase = SAB_PHASE_PLAY;
		break;
	default:                /* the game's start: nothing to know yet */
		break;
	}
}

int sab_seen_tell(sab_seen *s, const sab_ruleset *rs, const sab_event *e)
{
	sab_event v;

	if (s->persp == SAB_SEEN_ALL) {
		sab_seen_apply(s, rs, e);
		return 1;
	}
	if (!sab_event_view(e, s->persp, &v))
		return 0;
	sab_seen_apply(s, rs, &v);
	return 1;
}

void sab_seen_goals(sab_seen *s, const sab_ruleset *rs,
    const uint8_t *goal_def)
{
	for (int g = 0; g < rs->ngoals && g < SAB_MAX_GOALS; g++)
		s->goal_known[g] = goal_def[g];
}

int sab_seen_deck(const sab_seen *s, const sab_ruleset *rs)
{
	int left = 0;

	if (s->dealing && s->nplayers > 0)
		left = rs->hand_size[s->nplayers] * s->nplayers - s->dealt;
	return s->deck + (left > 0 ? left : 0);
}

int sab_seen_broken(const sab_seen *s, const sab_ruleset *rs, int seat,
    uint8_t tools)
{
	if (seat < 0 || seat >= s->nplayers)
		return 0;
	return sab_pile_count(rs, s->front[seat], s->nfront[seat], tools);
}
