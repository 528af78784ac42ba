/* pile.h: the cards lying in front of a seat, as the game and every perspective (seen) keep them. */
#ifndef SAB_PILE_H
#define SAB_PILE_H

/*
 * Internal to the rules library.  A pile is an array of card definitions
 * with a count, in the order the cards were laid; the game (table.h) and a
 * perspective of it (seen.h) keep the same piles with these same steps, so
 * they cannot drift apart.
 */

#include <stdint.h>
#include <string.h>

#include "event.h"
#include "ruleset.h"

/* Whether card def breaks a tool among the bits `tool`. */
static inline int sab_pile_breaks(const sab_ruleset *rs, uint8_t def,
    uint8_t tool)
{
	return def < rs->ndefs && rs->defs[def].type == SAB_CARD_SABOTAGE &&
	    (rs->defs[def].tools & tool);
}

/* Lays def on the pile when there is room (sab_ruleset_finish() keeps the
 * cards that can lie in front of a seat within SAB_MAX_FRONT). */
static inline void sab_pile_add(uint8_t *pile, uint8_t *n, uint8_t def)
{
	if (*n < SAB_MAX_FRONT)
		pile[(*n)++] = def;
}

/* Takes away the card laid last of those that break tool; returns it, or
 * SAB_NO_CARD when none does.  The freed slot holds SAB_NO_CARD. */
static inline uint8_t sab_pile_take_tool(const sab_ruleset *rs,
    uint8_t *pile, uint8_t *n, uint8_t tool)
{
	for (int i = *n - 1; i >= 0; i--) {
		uint8_t def = pile[i];
		if (!sab_pile_breaks(rs, def, tool))
			continue;
		memmove(&pile[i], &pile[i + 1], (size_t)(*n - i - 1));
		pile[--(*n)] = SAB_NO_CARD;
		return def;
	}
	return SAB_NO_CARD;
}

/* Swaps two hands (SAB_MAX_HAND cards each, with their counts): swap
 * hands, in the game and in every perspective of it. */
static inline void sab_hands_swap(uint8_t *a, uint8_t *na, uint8_t *b,
    uint8_t *nb)
{
	uint8_t t[SAB_MAX_HAND], n = *na;

	memcpy(t, a, sizeof t);
	memcpy(a, b, sizeof t);
	memcpy(b, t, sizeof t);
	*na = *nb;
	*nb = n;
}

/* Whether card def lies in the pile. */
static inline int sab_pile_has(const uint8_t *pile, uint8_t n, uint8_t def)
{
	for (int i = 0; i < n; i++)
		if (pile[i] == def)
			return 1;
	return 0;
}

/* Takes away one copy of def (the one laid last); returns 1, or 0 when the
 * pile has none.  The freed slot holds SAB_NO_CARD. */
static inline int sab_pile_take(uint8_t *pile, uint8_t *n, uint8_t def)
{
	for (int i = *n - 1; i >= 0; i--) {
		if (pile[i] != def)
			continue;
		memmove(&pile[i], &pile[i + 1], (size_t)(*n - i - 1));
		pile[--(*n)] = SAB_NO_CARD;
		return 1;
	}
	return 0;
}

/* The card of type `type` in the pile (the one laid last), or SAB_NO_CARD. */
static inline uint8_t sab_pile_find_type(const sab_ruleset *rs,
    const uint8_t *pile, uint8_t n, uint8_t type)
{
	for (int i = n - 1; i >= 0; i--)
		if (rs->defs[pile[i]].type == type)
			return pile[i];
	return SAB_NO_CARD;
}

/* The tools broken by the pile's cards, as tool bits; how many of its
 * cards break a tool among `tools`. */
static inline uint8_t sab_pile_mask(const sab_ruleset *rs,
    const uint8_t *pile, uint8_t n)
{
	uint8_t mask = 0;

	for (int i = 0; i < n; i++) {
		const sab_card *c = &rs->defs[pile[i]];
		if (c->type == SAB_CARD_SABOTAGE)
			mask = (uint8_t)(mask | c->tools);
	}
	return mask;
}
static inline int sab_pile_count(const sab_ruleset *rs, const uint8_t *pile,
    uint8_t n, uint8_t tools)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		k += sab_pile_breaks(rs, pile[i], tools);
	return k;
}

#endif
