/* words.c: the events and roles of the expansions in words for people
 * (words.h); the base game's events keep their callers' own words. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "say.h"
#include "words.h"

int sab_words_expansion(const sab_ruleset *rs)
{
	return !sab_modules_default(rs);
}

static const char *card_word(const sab_words *w, int card)
{
	return w->card(w->ctx, (uint8_t)card);
}

/* "a, b and c". */
static void say_cards(sab_strbuf *b, const sab_words *w, const int16_t *c,
    int n)
{
	for (int i = 0; i < n; i++)
		sab_strbuf_printf(b, "%s%s", i == 0 ? "" : i == n - 1 ?
		    " and " : ", ", card_word(w, c[i]));
}

/* A pass of two or three cards: "face down" to those who do not see them. */
static void say_pass(sab_strbuf *b, const sab_words *w, const sab_event *e)
{
	int n = e->n > 3 ? 3 : e->n;

	if (e->vis == SAB_VIS_HIDDEN && e->vals[0] == SAB_NO_CARD) {
		sab_strbuf_printf(b, "seat %d passes, discarding %d cards face "
		    "down", e->seat, n);
		return;
	}
	sab_strbuf_printf(b, "seat %d passes, discarding ", e->seat);
	say_cards(b, w, e->vals, n);
}

static void say_seats(sab_strbuf *b, uint16_t mask)
{
	int any = 0;

	for (int s = 0; s < SAB_MAX_PLAYERS; s++)
		if (mask & (1u << s)) {
			sab_strbuf_printf(b, " %d", s);
			any = 1;
		}
	if (!any)
		sab_strbuf_printf(b, " none");
}

/* Who won a round of Saboteur 2: a team, both, the saboteurs, or the boss
 * or the profiteer alone; then the winning seats. */
static void say_round_end(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e)
{
	const char *titles = e->target < rs->nroles ?
	    rs->roles[e->target].titles : "?";

	sab_strbuf_printf(b, "round %d ends: %s", e->value,
	    e->n == SAB_END_GOLD ? "the gold is reached" :
	    e->n == SAB_END_SPIDER ? "the giant spider is reached" :
	    "no one holds a card");
	if (e->seat != SAB_NO_SEAT)
		sab_strbuf_printf(b, " by seat %d", e->seat);
	if (e->tool)
		sab_strbuf_printf(b, "; both teams of gold miners win");
	else if (e->target == SAB_ROLE_NONE || e->mask == 0)
		sab_strbuf_printf(b, "; nobody wins");
	else if (strncmp(titles, "the ", 4) == 0)
		sab_strbuf_printf(b, "; %s wins alone", titles);
	else
		sab_strbuf_printf(b, "; the %s win", titles);
	sab_strbuf_printf(b, "; winners:");
	say_seats(b, e->mask);
}

/* A place on the board: "X Y" in the viewer's steps, "(X,Y)" in the
 * trace, as the base game's plays say it. */
static void say_place(sab_strbuf *b, const sab_words *w, int x, int y)
{
	if (w->style == SAB_WORDS_TRACE)
		sab_strbuf_printf(b, "(%d,%d)", x, y);
	else
		sab_strbuf_printf(b, "%d %d", x, y);
}

/* A goal: "goal G" in the trace, "the goal at X Y" in the steps. */
static void say_goal(sab_strbuf *b, const sab_ruleset *rs,
    const sab_words *w, int goal)
{
	int x, y;

	if (w->style == SAB_WORDS_TRACE || goal >= rs->ngoals) {
		sab_strbuf_printf(b, "goal %d", goal);
		return;
	}
	sab_words_goal(rs, w, goal, &x, &y);
	sab_strbuf_printf(b, "the goal at %d %d", x, y);
}

/*
 * A card waiting for reactions, with what its player asked of it, by its
 * kind's arguments: "seat 2 plays straight-ns at 0 1: open to a veto".
 * Not its kind's own words, which tell an effect (a card removed, a tool
 * broken) that has not happened and may never.
 */
static void say_pending(sab_strbuf *b, const sab_ruleset *rs,
    const sab_words *w, const sab_event *e)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;
	int swap = 0;

	sab_strbuf_printf(b, "seat %d plays %s", e->seat, card_word(w, e->card));
	for (int i = 0; k != NULL && i < SAB_MAX_ARGS &&
	    k->args[i] != SAB_ARG_END; i++)
		switch (k->args[i]) {
		case SAB_ARG_X:
			sab_strbuf_printf(b, " at ");
			say_place(b, w, e->x, e->y);
			break;
		case SAB_ARG_ROT:
			if (swap)
				sab_strbuf_printf(b, e->rot ? ", to swap them" :
				    ", to put them back as they were");
			else if (e->rot)
				sab_strbuf_printf(b, ", turned");
			break;
		case SAB_ARG_SEAT:
			sab_strbuf_printf(b, " on seat %d", e->target);
			break;
		case SAB_ARG_TOOL:
			sab_strbuf_printf(b, " (the %s)", sab_tool_name(e->tool));
			break;
		case SAB_ARG_GOAL:
			sab_strbuf_printf(b, " on ");
			say_goal(b, rs, w, e->goal);
			break;
		case SAB_ARG_GOAL2:
			sab_strbuf_printf(b, " and ");
			say_goal(b, rs, w, e->value);
			swap = 1;
			break;
		default:        /* Y with X; the rest are not the player's */
			break;
		}
	sab_strbuf_printf(b, ": open to a veto");
}

/* A treasure trove's cards, to its player alone. */
static void say_trove(sab_strbuf *b, const sab_words *w, const sab_event *e)
{
	int n = e->n > SAB_MAX_PLAYERS ? SAB_MAX_PLAYERS : e->n;

	if (n == 1)
		sab_strbuf_printf(b, "seat %d sees the discard pile's only card, "
		    "%s", e->seat, card_word(w, e->vals[0]));
	else {
		sab_strbuf_printf(b, "seat %d sees the top %d cards of the "
		    "discard pile, top first: ", e->seat, n);
		say_cards(b, w, e->vals, n);
		sab_strbuf_printf(b, "; it takes one");
	}
}

int sab_event_words(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	sab_strbuf b;

	sab_strbuf_init(&b, buf, size);
	switch (e->type) {
	case SAB_EV_PASS:
		if (e->n < 2)
			return -1;
		say_pass(&b, w, e);
		break;
	case SAB_EV_REMOVE:
		sab_strbuf_printf(&b, "seat %d discards %s and %s to take %s "
		    "away from in front of itself", e->seat,
		    card_word(w, e->vals[0]), card_word(w, e->vals[1]),
		    card_word(w, e->removed));
		break;
	case SAB_EV_INSPECT:
		sab_strbuf_printf(&b, "seat %d sees that seat %d is a %s",
		    e->seat, e->target, e->value < rs->nroles ?
		    rs->roles[e->value].title : "?");
		break;
	case SAB_EV_HAND:
		sab_strbuf_printf(&b, "seat %d's hand is now", e->seat);
		if (e->n == 0)
			sab_strbuf_printf(&b, " empty");
		else
			sab_strbuf_printf(&b, ":");
		for (int i = 0; i < e->n && i < SAB_MAX_PLAYERS; i++)
			sab_strbuf_printf(&b, " %s", card_word(w, e->vals[i]));
		break;
	case SAB_EV_LAID:
		sab_strbuf_printf(&b, "%s is laid face up at %d %d%s",
		    card_word(w, e->card), e->x, e->y,
		    e->rot ? ", turned" : "");
		break;
	case SAB_EV_STEAL:
		sab_strbuf_printf(&b, "seat %d steals %d gold from seat %d",
		    e->seat, e->value, e->target);
		break;
	case SAB_EV_CHOICES:
		sab_strbuf_printf(&b, "seat %d chooses whom to steal from "
		    "(seats", e->seat);
		say_seats(&b, e->mask);
		sab_strbuf_printf(&b, ")");
		break;
	case SAB_EV_PENDING:
		say_pending(&b, rs, w, e);
		break;
	case SAB_EV_REACT:
		sab_strbuf_printf(&b, "seat %d is asked whether to veto seat "
		    "%d's %s", e->seat, e->target, card_word(w, e->card));
		break;
	case SAB_EV_VETO:
		sab_strbuf_printf(&b, "seat %d vetoes seat %d's %s: both cards "
		    "to the discard pile", e->seat, e->target,
		    card_word(w, e->removed));
		break;
	case SAB_EV_TROVE:
		say_trove(&b, w, e);
		break;
	case SAB_EV_TAKE:
		if (e->card == SAB_NO_CARD && e->vis == SAB_VIS_ALL)
			sab_strbuf_printf(&b, "seat %d takes nothing: the "
			    "discard pile was empty", e->seat);
		else if (e->card == SAB_NO_CARD)
			sab_strbuf_printf(&b, "seat %d takes a card from the "
			    "discard pile, unseen", e->seat);
		else
			sab_strbuf_printf(&b, "seat %d takes %s from the "
			    "discard pile", e->seat, card_word(w, e->card));
		break;
	case SAB_EV_DWARF:
		sab_strbuf_printf(&b, "seat %d puts a dwarf on %d %d (no draw)",
		    e->seat, e->x, e->y);
		break;
	case SAB_EV_TOLL:
		sab_strbuf_printf(&b, "seat %d pays seat %d %d gold for the "
		    "dwarf on %d %d, which leaves", e->seat, e->target,
		    e->value, e->x, e->y);
		break;
	case SAB_EV_POSTCARD:
		sab_strbuf_printf(&b, "seat %d connects %s at %d %d to the "
		    "start", e->seat, card_word(w, e->card), e->x, e->y);
		break;
	case SAB_EV_ROUND_END:
		if (!sab_words_expansion(rs))
			return -1;
		say_round_end(&b, rs, e);
		break;
	case SAB_EV_GOLD:
		if (!sab_words_expansion(rs))
			return -1;
		if (e->vis == SAB_VIS_HIDDEN && e->value == 0)
			sab_strbuf_printf(&b, "seat %d is paid gold (how much, "
			    "only it knows)", e->seat);
		else if (e->vis == SAB_VIS_ALL)
			sab_strbuf_printf(&b, "seat %d takes %d gold at setup "
			    "(Tunnel Toll)", e->seat, e->value);
		else
			sab_strbuf_printf(&b, "seat %d is paid %d gold",
			    e->seat, e->value);
		break;
	case SAB_EV_ORDER:
		sab_strbuf_printf(&b, "seat %d reached two goals at once and "
		    "chooses which turns face up first:", e->seat);
		for (int k = 0, n = 0; k < rs->ngoals; k++)
			if (e->mask >> k & 1) {
				sab_strbuf_printf(&b, "%s ", n++ ? " or" : "");
				say_goal(&b, rs, w, k);
			}
		break;
	case SAB_EV_PUSH:
		sab_strbuf_printf(&b, "seat %d pushes the face-down goal at ",
		    e->seat);
		say_place(&b, w, e->vals[0], e->vals[1]);
		sab_strbuf_printf(&b, " one further, to ");
		say_place(&b, w, e->x, e->y);
		break;
	case SAB_EV_CHEST:
		sab_strbuf_printf(&b, "a treasure chest lies face down at ");
		say_place(&b, w, e->x, e->y);
		break;
	case SAB_EV_OPEN:
		sab_strbuf_printf(&b, "seat %d takes the chest at ", e->seat);
		say_place(&b, w, e->x, e->y);
		sab_strbuf_printf(&b, ": %s, under %s%s", e->value <
		    SAB_CHEST_KINDS ? sab_chest_words[e->value] : "?",
		    card_word(w, e->card), e->rot ? ", turned" : "");
		break;
	case SAB_EV_MILL:
		sab_strbuf_printf(&b, "%d cards of the deck go face down to "
		    "the discard pile", e->n);
		break;
	case SAB_EV_CHEST_ASK:
		if (e->value == SAB_CHEST_PUSH_GOAL) {
			sab_strbuf_printf(&b, "seat %d chooses a face-down goal "
			    "to push further away:", e->seat);
			for (int k = 0, n = 0; k < rs->ngoals; k++)
				if (e->mask >> k & 1) {
					sab_strbuf_printf(&b, "%s ", n++ ?
					    " or" : "");
					say_goal(&b, rs, w, k);
				}
			break;
		}
		sab_strbuf_printf(&b, "seat %d chooses a player for its %s "
		    "chest (seats", e->seat, e->value < SAB_CHEST_KINDS ?
		    sab_chest_words[e->value] : "?");
		say_seats(&b, e->mask);
		sab_strbuf_printf(&b, ")");
		break;
	case SAB_EV_GRAB:
		sab_strbuf_printf(&b, "seat %d takes a card from seat %d's "
		    "hand", e->seat, e->target);
		break;
	case SAB_EV_PAID:
		if (e->vis == SAB_VIS_HIDDEN && e->value == 0)
			sab_strbuf_printf(&b, "seat %d pays the dragon 1 gold "
			    "if it has any (only it knows)", e->seat);
		else
			sab_strbuf_printf(&b, "seat %d pays the dragon %d gold",
			    e->seat, e->value);
		break;
	default:
		return -1;
	}
	return (int)b.len;
}

/* The letters of a role's name: its initial, or two letters. */
static void abbrev(const char *name, int two, char out[3])
{
	const char *dash = strchr(name, '-');

	out[0] = (char)toupper((unsigned char)name[0]);
	out[1] = '\0';
	out[2] = '\0';
	if (!two || name[0] == '\0')
		return;
	if (dash != NULL && dash[1] != '\0')
		out[1] = (char)toupper((unsigned char)dash[1]);
	else if (name[1] != '\0')
		out[1] = (char)toupper((unsigned char)name[1]);
}

void sab_role_abbrev(const sab_ruleset *rs, uint8_t role, char out[3])
{
	int two = 0;

	out[0] = '\0';
	if (!rs->has_roles || role == SAB_ROLE_NONE || role >= rs->nroles)
		return;
	/* Two letters as soon as two roles share their first. */
	for (int i = 1; i < rs->nroles; i++)
		for (int j = i + 1; j < rs->nroles; j++)
			two |= rs->roles[i].name[0] == rs->roles[j].name[0];
	abbrev(rs->roles[role].name, two, out);
}
