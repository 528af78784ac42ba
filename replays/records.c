/* records.c: a round's hidden state and a game's result as replay records,
 * for the writer and the audit alike (see records.h). */
#include <string.h>

#include "records.h"
#include "say.h"

/* Starts record f of kind with its numbers, its text empty in *b. */
static void start(replay_fields *f, sab_strbuf *b, int kind, int n, int a,
    int c)
{
	f->kind = kind;
	f->n = n;
	f->num[0] = a;
	f->num[1] = c;
	sab_strbuf_init(b, f->text, sizeof f->text);
}

/* The text's words, one space between them. */
static void add(sab_strbuf *b, const char *word)
{
	if (b->len > 0)
		sab_strbuf_put(b, " ", 1);
	sab_strbuf_put(b, word, strlen(word));
}

static void add_number(sab_strbuf *b, int v)
{
	sab_strbuf_printf(b, b->len > 0 ? " %d" : "%d", v);
}

static void add_cards(sab_strbuf *b, const proto_cards *pc, const uint8_t *c,
    int n)
{
	for (int i = 0; i < n; i++)
		add(b, c[i] < pc->rs->ndefs ? pc->tok[c[i]] : "?");
}

/* 1, or -1 when the text was cut. */
static int done(const sab_strbuf *b)
{
	return b->cut ? -1 : 1;
}

int replay_round_record(const proto_cards *pc, const sab_game *g, int k,
    replay_fields *out)
{
	const sab_ruleset *rs = g->rs;
	int np = g->nplayers;
	sab_strbuf b;

	if (k == 0) {
		start(out, &b, REPLAY_ROUND, 1, g->round, 0);
		return done(&b);
	}
	if ((k -= 1) == 0) {
		start(out, &b, REPLAY_DECK, 0, 0, 0);
		add_cards(&b, pc, g->deck, g->ndeck);
		return done(&b);
	}
	if ((k -= 1) < np) {
		start(out, &b, REPLAY_HAND, 1, k, 0);
		add_cards(&b, pc, g->hand[k], g->nhand[k]);
		return done(&b);
	}
	if ((k -= np) < np) {
		start(out, &b, REPLAY_ROLE, 1, k, 0);
		add(&b, sab_role_name(g->rs, g->role[k]));
		return done(&b);
	}
	if ((k -= np) == 0) {
		start(out, &b, REPLAY_SPARE, 0, 0, 0);
		add(&b, sab_role_name(g->rs, g->role_spare));
		return done(&b);
	}
	if ((k -= 1) < rs->ngoals) {
		start(out, &b, REPLAY_GOALCARD, 2, rs->goal_x[k], rs->goal_y[k]);
		add_cards(&b, pc, &g->goal_def[k], 1);
		return done(&b);
	}
	if ((k -= rs->ngoals) == 0) {
		start(out, &b, REPLAY_GOLDDECK, 0, 0, 0);
		for (int i = 0; i < g->ngold_deck; i++)
			add_number(&b, g->gold_deck[i]);
		return done(&b);
	}
	return 0;
}

int replay_result_record(const sab_game *g, replay_fields *out)
{
	sab_strbuf b;

	start(out, &b, REPLAY_RESULT, 0, 0, 0);
	for (int s = 0; s < g->nplayers; s++)
		add_number(&b, g->gold[s]);
	add(&b, "winners");
	for (int s = 0; s < g->nplayers; s++)
		if (g->winners & (1u << s))
			add_number(&b, s);
	return done(&b);
}
