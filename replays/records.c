/* records.c: a round's hidden state and a game's result as replay records,
 * for the writer and the audit alike (see records.h). */
#include <string.h>

#include "effect.h"
#include "records.h"
#include "rskey.h"
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

/* How many dwarf cards of role value r the base game's dwarf table holds
 * for n players: its saboteurs and miners, then the columns the modules
 * add (rules/rskey.h), whose roles follow the base game's in that order. */
static int table_cards(const sab_ruleset *rs, int n, uint8_t r)
{
	const uint8_t *col = NULL;
	const char *key;

	if (r == SAB_ROLE_MINER)
		return rs->miners[n];
	if (r == SAB_ROLE_SABOTEUR)
		return rs->saboteurs[n];
	if (r > SAB_ROLE_SABOTEUR)
		col = sab_ruleset_role_column(rs, r - SAB_ROLE_SABOTEUR - 1,
		    &key);
	return col != NULL ? col[n] : 0;
}

/* How many dwarf cards of role value r the round's deal left to nobody
 * in a ruleset of the base game's roles, besides the spare. */
static int base_unused(const sab_game *g, uint8_t r)
{
	int n = g->nplayers, left = table_cards(g->rs, n, r);

	for (int s = 0; s < n; s++)
		left -= g->role[s] == r;
	left -= g->role_spare == r;
	return left > 0 ? left : 0;
}

/* Whether a round's deal leaves dwarf cards nobody holds besides the
 * spare: another module's roles (Saboteur 2's face-down pile), or more
 * dwarf cards in a base game's role table than the seats and the spare
 * take. */
static int has_unused_dwarves(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	int n = g->nplayers, cards;
	const uint8_t *col;
	const char *key;

	if (rs->roles_module != 0)
		return 1;
	cards = rs->saboteurs[n] + rs->miners[n];
	for (int i = 0; (col = sab_ruleset_role_column(rs, i, &key)) != NULL;
	    i++)
		cards += col[n];
	return rs->has_roles && cards > n + 1;
}

/* The records version 1.5 added, after "golddeck": k from 0. */
static int hidden_record(const proto_cards *pc, const sab_game *g, int k,
    replay_fields *out)
{
	const sab_ruleset *rs = g->rs;
	sab_strbuf b;

	if (rs->set_aside > 0 && k-- == 0) {
		start(out, &b, REPLAY_ASIDE, 0, 0, 0);
		add_cards(&b, pc, g->aside, g->naside);
		return done(&b);
	}
	if (has_unused_dwarves(g) && k-- == 0) {
		start(out, &b, REPLAY_DWARVES, 0, 0, 0);
		if (rs->roles_module != 0) {
			const sab_module *m = sab_module_at(rs->roles_module);
			uint8_t roles[SAB_MAX_UNUSED_ROLES];
			int n = m != NULL && m->unused_roles != NULL ?
			    m->unused_roles(g, roles) : 0;
			for (int i = 0; i < n; i++)
				add(&b, sab_role_name(rs, roles[i]));
			return done(&b);
		}
		for (uint8_t r = 1; r < rs->nroles; r++)
			for (int i = base_unused(g, r); i > 0; i--)
				add(&b, sab_role_name(rs, r));
		return done(&b);
	}
	/* The face-down cards the modules laid (a chest each), in module
	 * order. */
	for (int i = 0; sab_module_at(i) != NULL; i++) {
		const sab_module *m = sab_module_at(i);
		uint16_t at;
		uint8_t card;
		const char *word;
		int n = m->laid_hidden != NULL ? m->laid_hidden(g, -1, NULL,
		    NULL, NULL) : 0;
		if (k < n) {
			m->laid_hidden(g, k, &at, &card, &word);
			start(out, &b, REPLAY_CHEST, 2, sab_board_x(at),
			    sab_board_y(at));
			add_cards(&b, pc, &card, 1);
			add(&b, word);
			return done(&b);
		}
		k -= n;
	}
	if (rs->ngoal_cards > rs->ngoals && k-- == 0) {
		start(out, &b, REPLAY_GOALASIDE, 0, 0, 0);
		add_cards(&b, pc, g->goal_def + rs->ngoals,
		    rs->ngoal_cards - rs->ngoals);
		return done(&b);
	}
	return 0;
}

int replay_round_record(const proto_cards *pc, const sab_game *g, int k,
    int all, replay_fields *out)
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
	return all ? hidden_record(pc, g, k - 1, out) : 0;
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
