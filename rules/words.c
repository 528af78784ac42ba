/* words.c: events and roles in words for people (words.h): each event
 * type's row says its own; the base game's keep their callers' words. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "event_def.h"
#include "words.h"

int sab_words_expansion(const sab_ruleset *rs)
{
	return !sab_modules_default(rs);
}

const char *sab_words_card(const sab_words *w, int card)
{
	return w->card(w->ctx, (uint8_t)card);
}

void sab_words_cards(sab_strbuf *b, const sab_words *w, const int16_t *c,
    int n)
{
	for (int i = 0; i < n; i++)
		sab_strbuf_printf(b, "%s%s", i == 0 ? "" : i == n - 1 ?
		    " and " : ", ", sab_words_card(w, c[i]));
}

void sab_words_seats(sab_strbuf *b, uint16_t mask)
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

void sab_words_place(sab_strbuf *b, const sab_words *w, int x, int y)
{
	if (w->style == SAB_WORDS_TRACE)
		sab_strbuf_printf(b, "(%d,%d)", x, y);
	else
		sab_strbuf_printf(b, "%d %d", x, y);
}

void sab_words_goal_at(sab_strbuf *b, const sab_ruleset *rs,
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

/* The words are each event type's row's (rules/base/, the expansions'
 * folders). */
int sab_event_words(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	const sab_event_def *d = sab_event_def_of(e->type);
	sab_strbuf b;

	sab_strbuf_init(&b, buf, size);
	if (d == NULL || d->words == NULL || d->words(&b, rs, e, w) < 0)
		return -1;
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
