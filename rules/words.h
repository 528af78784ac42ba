/* words.h: events and roles in words for people: the viewer's step lines
 * and selfplay's trace share them. */
#ifndef SAB_WORDS_H
#define SAB_WORDS_H

#include <stddef.h>

#include "effect.h"
#include "event.h"
#include "ruleset.h"

/*
 * Writes event e in words into buf (size bytes), cards named as w says:
 * its event type's row says it (rules/event_def.h): the events the base
 * game never makes (a pass of several cards, a removal, an inspection, a
 * new hand, a theft's choice and its steal; a card open to a veto, a seat
 * asked to react, a veto, a treasure trove's cards and the card taken from
 * them; the mini expansions' events), a map's look in the viewer's steps,
 * and the round's end and the gold of a ruleset whose roles a module
 * beyond the base game plays (winners named, gold in pieces).  Returns
 * what snprintf() returns, or -1 when the row has no words for e: the
 * caller says it in its own words, as it always did.  A field e hides
 * (SAB_NO_CARD, a value of 0 in a hidden event) is said to be hidden.
 */
int sab_event_words(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size);

/*
 * The short name of role for a table with a column a role: the first
 * letter of its name in upper case when no two roles of rs begin with the
 * same letter ("M", "S"); else two letters, the initials of a name of two
 * words or its first two ("BM" blue-miner, "GM" green-miner, "GE"
 * geologist), so that no two roles of Saboteur 2 look alike.  Writes at
 * most 2 letters and a '\0' into out; an empty string for no role.
 */
void sab_role_abbrev(const sab_ruleset *rs, uint8_t role, char out[3]);

/* Returns 1 when rs pays gold in pieces and names each round's winners (a
 * module beyond the base game plays its roles), else 0. */
int sab_words_expansion(const sab_ruleset *rs);

#endif
