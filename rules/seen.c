/* seen.c: the table as one perspective knows it, kept from the events it is
 * told; see seen.h. */
#include <string.h>

#include "effect.h"
#include "event_def.h"
#include "pile.h"
#include "seen.h"

/* What a seat holds at a round's start: nothing, and no secret known. */
void sab_seen_seat_clear(sab_seen *s, int k)
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
	memset(s->goal_known, SAB_NO_CARD, sizeof s->goal_known);
	for (int k = 0; k < SAB_MAX_PLAYERS; k++)
		sab_seen_seat_clear(s, k);
#define SAB_SEEN_MODULE(name) SAB_SEEN_START_##name(s);
	SAB_SEEN_MODULES(SAB_SEEN_MODULE)
#undef SAB_SEEN_MODULE
	memcpy(s->goal_x, rs->goal_x, sizeof s->goal_x);
	memcpy(s->goal_y, rs->goal_y, sizeof s->goal_y);
	sab_board_reset(&s->board, rs);
}

uint8_t sab_seen_next(const sab_seen *s, int k)
{
	return (uint8_t)(s->dir ? (k + s->nplayers - 1) % s->nplayers :
	    (k + 1) % s->nplayers);
}

void sab_seen_round_modules(sab_seen *s, const sab_ruleset *rs)
{
	(void)rs;
#define SAB_SEEN_MODULE(name) SAB_SEEN_ROUND_##name(s);
	SAB_SEEN_MODULES(SAB_SEEN_MODULE)
#undef SAB_SEEN_MODULE
}

void sab_seen_hand_add(sab_seen *s, int k, uint8_t card)
{
	if (s->nhand[k] < SAB_MAX_HAND)
		s->hand[k][s->nhand[k]++] = card;
}

/* Takes card from the hand as the rules do (the last card fills its
 * place), so that hands fully known keep the rules' order; a card this
 * perspective did not know leaves as an unknown one. */
void sab_seen_hand_take(sab_seen *s, int k, uint8_t card)
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

/* What the perspective learns is each event type's row's (rules/base/,
 * the expansions' folders): its learn function. */
void sab_seen_apply(sab_seen *s, const sab_ruleset *rs, const sab_event *e)
{
	const sab_event_def *d = sab_event_def_of(e->type);

	if ((d == NULL || !d->seatless) && e->seat >= s->nplayers)
		return;
	if (s->dealing && (d == NULL || !d->in_deal))
		s->dealing = 0;
	if (d != NULL && d->learn != NULL)
		d->learn(s, rs, e);
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
