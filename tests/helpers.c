/* helpers.c: building exact positions for the rules tests. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <check.h>

#include "helpers.h"

char t_why[256];

const sab_ruleset *t_ruleset(const char *name)
{
	static sab_ruleset sets[11];
	static int loaded[11];
	static const char *names[11] = { "base", "classic", "course",
	    "saboteur2", "tournament", "base-wc", "saboteur2-wc",
	    "base-wc-greedy", "base-minis", "saboteur2-minis", NULL };
	char err[256];

	if (strchr(name, '/') != NULL)  /* a ruleset file */
		return t_ruleset_file(name);
	for (int i = 0; names[i]; i++) {
		if (strcmp(names[i], name) != 0)
			continue;
		if (!loaded[i]) {
			ck_assert_msg(sab_ruleset_load_builtin(&sets[i], name,
			    err, sizeof err) == 0, "%s", err);
			loaded[i] = 1;
		}
		return &sets[i];
	}
	ck_abort_msg("no built-in ruleset %s", name);
	return NULL;
}

const sab_ruleset *t_ruleset_text(const char *name, const char *yaml)
{
	static sab_ruleset sets[8];
	static char names[8][SAB_NAME_MAX];
	char err[512];
	int i = 0;

	for (; i < 8 && names[i][0] != '\0'; i++)
		if (strcmp(names[i], name) == 0)
			return &sets[i];
	ck_assert_msg(i < 8, "too many rulesets from text");
	ck_assert_msg(sab_ruleset_parse(&sets[i], yaml, strlen(yaml), name,
	    err, sizeof err) == 0, "%s", err);
	snprintf(names[i], sizeof names[i], "%s", name);
	return &sets[i];
}

const sab_ruleset *t_ruleset_file(const char *path)
{
	static sab_ruleset sets[8];
	static char paths[8][128];
	static char text[65536];
	char err[512];
	size_t n;
	FILE *f;
	int i;

	for (i = 0; i < 8 && paths[i][0] != '\0'; i++)
		if (strcmp(paths[i], path) == 0)
			return &sets[i];
	ck_assert_msg(i < 8 && strlen(path) < sizeof paths[i],
	    "too many ruleset files, or %s too long", path);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	ck_assert_msg(sab_ruleset_parse(&sets[i], text, n, path, err,
	    sizeof err) == 0, "%s", err);
	memcpy(paths[i], path, strlen(path) + 1);
	return &sets[i];
}

uint8_t t_def(const sab_ruleset *rs, const char *name)
{
	int d = sab_ruleset_find(rs, name);

	ck_assert_msg(d >= 0, "no card %s in %s", name, rs->name);
	return (uint8_t)d;
}

void t_game(sab_game *g, const sab_ruleset *rs, int n, uint64_t seed,
    sab_events *ev)
{
	sab_rng rng;
	char err[256];

	sab_rng_seed(&rng, seed);
	if (ev)
		ev->n = 0;
	ck_assert_msg(sab_game_new(g, rs, n, 0, &rng, ev, err, sizeof err) == 0,
	    "%s", err);
}

/* Returns the cards of seat's hand to the deck so the census still holds. */
static void hand_return(sab_game *g, int seat)
{
	for (int i = 0; i < g->nhand[seat]; i++)
		g->deck[g->ndeck++] = g->hand[seat][i];
	g->nhand[seat] = 0;
}

/* Takes one copy of def out of the deck, or else out of a hand other than
 * seat's (the hand being built), or else out of the cards set aside, for a
 * test position.  The cards set aside were the top of the full deck: they
 * stay at its top, deck[deck_size - naside .. deck_size), as the round
 * draws below them. */
static void card_take(sab_game *g, uint8_t def, int seat)
{
	for (int i = 0; i < g->ndeck; i++) {
		if (g->deck[i] == def) {
			memmove(&g->deck[i], &g->deck[i + 1],
			    (size_t)(g->ndeck - i - 1));
			g->ndeck--;
			return;
		}
	}
	for (int s = 0; s < g->nplayers; s++) {
		for (int i = 0; s != seat && i < g->nhand[s]; i++) {
			if (g->hand[s][i] == def) {
				g->hand[s][i] = g->hand[s][--g->nhand[s]];
				return;
			}
		}
	}
	for (int i = g->rs->deck_size - g->naside; i < g->rs->deck_size; i++) {
		if (g->deck[i] == def) {
			g->deck[i] = g->deck[g->rs->deck_size - g->naside];
			g->naside--;
			return;
		}
	}
	ck_abort_msg("no copy of %s left to take", g->rs->defs[def].name);
}

void t_front(sab_game *g, int seat, const char *name)
{
	uint8_t d = t_def(g->rs, name);

	card_take(g, d, -1);
	g->front[seat][g->nfront[seat]++] = d;
}

void t_hand(sab_game *g, int seat, ...)
{
	va_list ap;
	const char *name;

	hand_return(g, seat);
	va_start(ap, seat);
	while ((name = va_arg(ap, const char *)) != NULL) {
		uint8_t d = t_def(g->rs, name);
		card_take(g, d, seat);
		g->hand[seat][g->nhand[seat]++] = d;
	}
	va_end(ap);
}

void t_place(sab_game *g, const char *name, int x, int y, int rot)
{
	uint8_t d = t_def(g->rs, name);

	card_take(g, d, -1);
	sab_board_place(&g->board, g->rs, x, y, d, (uint8_t)rot);
}

sab_move t_path(const sab_ruleset *rs, const char *name, int x, int y, int rot)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_PLAY;
	m.card = t_def(rs, name);
	m.x = (int8_t)x;
	m.y = (int8_t)y;
	m.rot = (uint8_t)rot;
	return m;
}

sab_move t_action(const sab_ruleset *rs, int kind, const char *name, int target,
    int tool)
{
	sab_move m;

	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)kind;
	m.card = t_def(rs, name);
	m.target = (uint8_t)target;
	m.tool = (uint8_t)tool;
	/* The card says what a play does: a sabotage breaks its own tool, a
	 * map looks at goal `target`. */
	if (kind == SAB_MOVE_PLAY && rs->defs[m.card].type == SAB_CARD_SABOTAGE)
		m.tool = rs->defs[m.card].tools;
	if (kind == SAB_MOVE_PLAY && rs->defs[m.card].type == SAB_CARD_MAP) {
		m.goal = (uint8_t)target;
		m.target = 0;
	}
	return m;
}

int t_legal(const sab_game *g, const sab_move *m)
{
	t_why[0] = '\0';
	return sab_game_check(g, m, t_why, sizeof t_why);
}

int t_listed(const sab_game *g, const sab_move *m)
{
	static sab_move buf[SAB_MAX_MOVES];
	int n = sab_game_moves(g, buf);

	for (int i = 0; i < n; i++)
		if (sab_move_equal(g->rs, &buf[i], m))
			return 1;
	return 0;
}

void t_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_rng rng;

	ck_assert_msg(t_legal(g, m), "move should be legal: %s", t_why);
	sab_rng_seed(&rng, 99);
	if (ev)
		ev->n = 0;
	sab_game_apply(g, m, &rng, ev);
}

int t_count(const sab_events *ev, int type)
{
	int n = 0;

	for (int i = 0; i < ev->n; i++)
		n += ev->ev[i].type == type;
	return n;
}

void t_break(sab_game *g, int seat, uint8_t tool)
{
	int t = tool == SAB_PICKAXE ? 0 : tool == SAB_LANTERN ? 1 : 2;

	g->front[seat][g->nfront[seat]++] = g->rs->sabotage_def[t];
}
