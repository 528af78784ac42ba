/* events.c: the postcards' event types (the Costume Department, the Tunnel
 * Party), one row each: the line a seat is sent, what a perspective
 * learns, the words for people. */
#include <string.h>

#include "../../event_def.h"

/* A path card the rules lay face up at a round's setup. */
static void say_laid(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "laid");
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
	sab_put_tok(l, c->pc, c->v->card);
	sab_put_wi(l, c->v->rot);
}

static void learn_laid(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	if (e->card < rs->ndefs)
		sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
}

static int words_laid(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "%s is laid face up at %d %d%s",
	    sab_words_card(w, e->card), e->x, e->y, e->rot ? ", turned" : "");
	return 0;
}

const sab_event_def sab_event_def_LAID = {
	.name = "laid",
	.seatless = 1,
	.in_deal = 1,
	.say = say_laid,
	.learn = learn_laid,
	.words = words_laid,
};

static void say_postcard(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "postcard");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
	sab_put_card(l, c->pc, c->v->card);
}

/* A postcard reached: the dwarf cards it changes are no longer known
 * here, but for the new ones this perspective is told next (its own). */
static void learn_postcard(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;

	if (s->persp == SAB_SEEN_ALL || k == NULL)
		return;
	for (int i = 0; i < s->nplayers; i++)
		if (strcmp(k->word, "party") == 0 || i == e->seat)
			s->role[i] = SAB_SEEN_UNKNOWN;
}

static int words_postcard(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d connects %s at %d %d to the start",
	    e->seat, sab_words_card(w, e->card), e->x, e->y);
	return 0;
}

const sab_event_def sab_event_def_POSTCARD = {
	.name = "postcard",
	.say = say_postcard,
	.learn = learn_postcard,
	.words = words_postcard,
	.log_word = "postcard",
};
