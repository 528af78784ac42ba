/* test_wc_props.c: seeded random games of base-wc (3, 5, 10 players), saboteur2-wc (2, 6, 12) and base-wc-greedy (5), every special card in the deck; of every mini expansion at once (base-minis, saboteur2-minis, and both with the special cards); and of New Goals alone and with them (new-goals 4, saboteur2-goals 6, base-wc-goals 5, saboteur2-wc-goals 7): cards conserved (a pending card and a held treasure trove counted), gold conserved (tolls included), the listed moves equal to the checker's verdicts in every phase (play, a pathfinder's next card, react, take, a dwarf put in play, a goal's order, a chest's player), and seed plus moves replaying exactly. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "suites.h"
#include "../rules/effect.h"
#include "../rules/sab2/sab2.h"
#include "../rules/wc/wc.h"

/* Check reports every passing assertion through a pipe; the loops below
 * check millions of things, so they call Check only on a failure. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* The combinations: a ruleset and a player count. */
static const struct { const char *rs; int players; } combos[] = {
	{ "base-wc", 3 }, { "base-wc", 5 }, { "base-wc", 10 },
	{ "saboteur2-wc", 2 }, { "saboteur2-wc", 6 }, { "saboteur2-wc", 12 },
	{ "base-wc-greedy", 5 },
	/* New Goals (module goals), alone and with the special cards. */
	{ "examples/rulesets/new-goals.yaml", 4 },
	{ "tests/fixtures/rulesets/saboteur2-goals.yaml", 6 },
	{ "tests/fixtures/rulesets/base-wc-goals.yaml", 5 },
	{ "tests/fixtures/rulesets/saboteur2-wc-goals.yaml", 7 },
	/* Treasure Chests (module chests), alone, with Saboteur 2, and
	 * with New Goals and the special cards. */
	{ "examples/rulesets/treasure-chests.yaml", 5 },
	{ "tests/fixtures/rulesets/saboteur2-chests.yaml", 6 },
	{ "tests/fixtures/rulesets/base-goals-chests.yaml", 4 },
	{ "tests/fixtures/rulesets/saboteur2-wc-goals-chests.yaml", 8 },
};

/* Every mini expansion at once (the built-ins base-minis and
 * saboteur2-minis), with the base game and Saboteur 2, and with the
 * special cards (ruleset files of the same data over base-wc and
 * saboteur2-wc). */
static const struct { const char *rs; int players; } minis_combos[] = {
	{ "base-minis", 3 }, { "base-minis", 5 }, { "base-minis", 10 },
	{ "saboteur2-minis", 2 }, { "saboteur2-minis", 6 },
	{ "saboteur2-minis", 12 },
	{ "tests/fixtures/rulesets/base-wc-minis.yaml", 5 },
	{ "tests/fixtures/rulesets/saboteur2-wc-minis.yaml", 6 },
};

/* Games per player count: SAB_TEST_GAMES (the property suite's knob)
 * scaled down, as a Saboteur 2 game is three long rounds. */
static int games_wanted(void)
{
	const char *s = getenv("SAB_TEST_GAMES");
	int n = s ? atoi(s) / 60 : 0;

	return n > 0 ? n : 50;
}

/* ---- the listing, looked up by card ---------------------------------- */

static sab_move list[SAB_MAX_MOVES];
static int nlist;
static int head[SAB_MAX_DEFS + 2], next_of[SAB_MAX_MOVES];

static int bucket(const sab_move *m)
{
	if (m->kind == SAB_MOVE_CHOOSE || m->kind == SAB_MOVE_ALLOW ||
	    m->kind == SAB_MOVE_REVEAL || m->kind == SAB_MOVE_SEAT ||
	    m->kind == SAB_MOVE_PUSH)
		return SAB_MAX_DEFS;
	if (m->kind == SAB_MOVE_PICK_GOLD)
		return SAB_MAX_DEFS + 1;
	if (m->kind == SAB_MOVE_PLAY || m->kind == SAB_MOVE_TAKE)
		return m->card < SAB_MAX_DEFS ? m->card : -1;
	/* A set of cards: the listing names the least first. */
	uint8_t c = m->card;
	for (int i = 0; i < m->nmore && i < 2; i++)
		c = m->more[i] < c ? m->more[i] : c;
	return c < SAB_MAX_DEFS ? c : -1;
}

static void list_moves(const sab_game *g)
{
	nlist = sab_game_moves(g, list);
	for (int i = 0; i < SAB_MAX_DEFS + 2; i++)
		head[i] = -1;
	for (int i = nlist - 1; i >= 0; i--) {
		int b = bucket(&list[i]);
		REQUIRE(b >= 0, "listed move %d names card %d", i, list[i].card);
		next_of[i] = head[b];
		head[b] = i;
	}
}

/* The same move with a symmetric path card upright, as the listing has
 * it (its turned twin has the same effect). */
static sab_move normal(const sab_game *g, sab_move m)
{
	if (sab_move_plays(g->rs, &m, SAB_CARD_PATH) &&
	    g->rs->defs[m.card].symmetric)
		m.rot = 0;
	/* A diversion turning a symmetric card: the same. */
	if (sab_move_plays(g->rs, &m, WC_CARD_DIVERSION) &&
	    g->last_path != SAB_NO_CELL &&
	    g->board.cell[g->last_path] != SAB_CELL_EMPTY &&
	    g->board.cell[g->last_path] != SAB_CELL_HIDDEN &&
	    g->rs->defs[SAB_CELL_DEF(g->board.cell[g->last_path])].symmetric)
		m.rot = 0;
	return m;
}

static int listed(const sab_game *g, const sab_move *m)
{
	int b = bucket(m);

	for (int i = b >= 0 ? head[b] : -1; i >= 0; i = next_of[i])
		if (sab_move_equal(g->rs, &list[i], m))
			return 1;
	return 0;
}

static long verdicts;

/* The checker and the listing agree on m. */
static void agree(const sab_game *g, sab_move m)
{
	char why[256];
	int legal, in;

	m = normal(g, m);
	why[0] = '\0';
	legal = sab_game_check(g, &m, why, sizeof why);
	in = listed(g, &m);
	verdicts++;
	REQUIRE(legal == in, "seat %d, phase %d: the checker says %d, the "
	    "listing %d: kind %d card %s target %d tool %d goal %d at (%d,%d) "
	    "rot %d nmore %d more %d %d front %d (%s)", g->to_act, g->phase,
	    legal, in, m.kind, m.card < g->rs->ndefs ?
	    g->rs->defs[m.card].name : "?", m.target, m.tool, m.goal, m.x,
	    m.y, m.rot, m.nmore, m.more[0], m.more[1], m.front, why);
	REQUIRE(legal || why[0] != '\0', "no reason given");
}

/* ---- candidate moves: every use of every card ------------------------ */

/* The cells around the cards on the table. */
static void box(const sab_game *g, int *x0, int *y0, int *x1, int *y1)
{
	const sab_board *b = &g->board;

	*x0 = *y0 = 127;
	*x1 = *y1 = -128;
	for (int i = 0; i < b->nplaced; i++) {
		int x = sab_board_x(b->placed[i]), y = sab_board_y(b->placed[i]);
		*x0 = x < *x0 ? x : *x0;
		*y0 = y < *y0 ? y : *y0;
		*x1 = x > *x1 ? x : *x1;
		*y1 = y > *y1 ? y : *y1;
	}
	for (int k = 0; k < g->rs->ngoals; k++) {
		*x1 = g->rs->goal_x[k] > *x1 ? g->rs->goal_x[k] : *x1;
		*y0 = g->rs->goal_y[k] < *y0 ? g->rs->goal_y[k] : *y0;
		*y1 = g->rs->goal_y[k] > *y1 ? g->rs->goal_y[k] : *y1;
	}
	*x0 -= 1, *y0 -= 1, *x1 += 1, *y1 += 1;
}

/* Every move of card def that its kind's arguments can name: seats 0 to
 * nplayers (one past the last), tools, goal places, the cells around the
 * table, both orientations. */
static void sweep_args(const sab_game *g, const sab_kind *k, int i,
    sab_move m)
{
	int x0, y0, x1, y1;

	if (i >= SAB_MAX_ARGS || k->args[i] == SAB_ARG_END) {
		agree(g, m);
		return;
	}
	switch (k->args[i]) {
	case SAB_ARG_X:         /* X and Y together */
		box(g, &x0, &y0, &x1, &y1);
		for (int x = x0; x <= x1; x++)
			for (int y = y0; y <= y1; y++) {
				m.x = (int8_t)x;
				m.y = (int8_t)y;
				sweep_args(g, k, i + 2, m);
			}
		return;
	case SAB_ARG_ROT:
		for (int r = 0; r < 2; r++) {
			m.rot = (uint8_t)r;
			sweep_args(g, k, i + 1, m);
		}
		return;
	case SAB_ARG_SEAT:
		for (int s = 0; s <= g->nplayers; s++) {
			m.target = (uint8_t)s;
			sweep_args(g, k, i + 1, m);
		}
		return;
	case SAB_ARG_TOOL:
		for (int t = 0; t <= SAB_TOOLS; t++) {
			m.tool = (uint8_t)(t ? 1u << (t - 1) : 0);
			sweep_args(g, k, i + 1, m);
		}
		return;
	case SAB_ARG_GOAL:
		for (int goal = 0; goal <= g->rs->ngoals; goal++) {
			m.goal = (uint8_t)goal;
			sweep_args(g, k, i + 1, m);
		}
		return;
	case SAB_ARG_GOAL2:
		for (int goal = 0; goal <= g->rs->ngoals; goal++) {
			m.goal2 = (uint8_t)goal;
			sweep_args(g, k, i + 1, m);
		}
		return;
	case SAB_ARG_CARD_TOOL:
		m.tool = g->rs->defs[m.card].tools;
		sweep_args(g, k, i + 1, m);
		return;
	default:
		sweep_args(g, k, i + 1, m);
		return;
	}
}

/* The distinct cards of the hand to act, in card order. */
static int distinct(const sab_game *g, uint8_t *defs)
{
	int n = 0, seat = g->to_act;

	for (int i = 0; i < g->nhand[seat]; i++) {
		int j = 0;
		while (j < n && defs[j] < g->hand[seat][i])
			j++;
		if (j < n && defs[j] == g->hand[seat][i])
			continue;
		memmove(defs + j + 1, defs + j, (size_t)(n - j));
		defs[j] = g->hand[seat][i];
		n++;
	}
	return n;
}

/* Every play of every card held; every pass of 1 to 3 of them and every
 * removal of two, in card order, as many copies as held or one more; every
 * card in front to remove, and one that is not; every seat to choose. */
static void sweep(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	uint8_t defs[SAB_MAX_HAND], fronts[SAB_MAX_FRONT + 1];
	int n = distinct(g, defs), nf = 0, seat = g->to_act;
	sab_move m;

	for (int i = 0; i < n; i++) {
		const sab_kind *k = sab_kind_of(rs->defs[defs[i]].type);
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_PLAY;
		m.card = defs[i];
		REQUIRE(k != NULL, "card %d has no kind", defs[i]);
		sweep_args(g, k, 0, m);
	}
	for (int i = 0; i < g->nfront[seat]; i++)
		fronts[nf++] = g->front[seat][i];
	fronts[nf++] = t_def(rs, "map");
	for (int a = 0; a < n; a++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_PASS;
		m.card = defs[a];
		agree(g, m);
		for (int b = a; b < n; b++) {
			m.kind = SAB_MOVE_PASS;
			m.nmore = 1;
			m.more[0] = defs[b];
			agree(g, m);
			m.kind = SAB_MOVE_REMOVE;
			for (int f = 0; f < nf; f++) {
				m.front = fronts[f];
				agree(g, m);
			}
			m.kind = SAB_MOVE_PASS;
			m.front = 0;
			for (int c = b; c < n; c++) {
				m.nmore = 2;
				m.more[1] = defs[c];
				agree(g, m);
			}
			m.more[1] = 0;
		}
	}
	for (int s = 0; s <= g->nplayers; s++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_CHOOSE;
		m.target = (uint8_t)s;
		agree(g, m);
	}
	for (int v = 0; v <= 3; v++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_PICK_GOLD;
		m.value = (uint8_t)v;
		agree(g, m);
	}
	/* A dwarf put on every cell around the table with every card. */
	for (int i = 0; rs->toll_dwarves && i < n; i++) {
		int x0, y0, x1, y1;
		box(g, &x0, &y0, &x1, &y1);
		for (int x = x0; x <= x1; x++)
			for (int y = y0; y <= y1; y++) {
				memset(&m, 0, sizeof m);
				m.kind = SAB_MOVE_DWARF;
				m.card = defs[i];
				m.x = (int8_t)x;
				m.y = (int8_t)y;
				agree(g, m);
			}
	}
	/* Treasure Chests: every seat, and one past the last, for a
	 * chest. */
	for (int t = 0; t <= g->nplayers; t++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_SEAT;
		m.target = (uint8_t)t;
		agree(g, m);
	}
	/* New Goals: every goal place, and one past the last, to turn
	 * first. */
	for (int k = 0; k <= rs->ngoals; k++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_REVEAL;
		m.goal = (uint8_t)k;
		agree(g, m);
		/* Treasure Chests: the same place to push further away. */
		m.kind = SAB_MOVE_PUSH;
		agree(g, m);
	}
	/* A reaction's allow, and every card taken from the pile. */
	memset(&m, 0, sizeof m);
	m.kind = SAB_MOVE_ALLOW;
	agree(g, m);
	for (int d = 0; d < rs->ndefs; d++) {
		memset(&m, 0, sizeof m);
		m.kind = SAB_MOVE_TAKE;
		m.card = (uint8_t)d;
		agree(g, m);
	}
}

/* A move drawn from a space much wider than the legal one, passes and
 * removals of cards in any order included. */
static sab_move probe(const sab_game *g, sab_rng *r)
{
	sab_move m;
	int seat = g->to_act;

	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)sab_rng_below(r, SAB_MOVE_KINDS);
	for (int i = 0; i < 3; i++) {
		uint8_t c;
		if (g->nhand[seat] && sab_rng_below(r, 4))
			c = g->hand[seat][sab_rng_below(r, g->nhand[seat])];
		else
			c = (uint8_t)sab_rng_below(r, g->rs->ndefs);
		if (i == 0)
			m.card = c;
		else
			m.more[i - 1] = c;
	}
	if (m.kind == SAB_MOVE_PASS || m.kind == SAB_MOVE_REMOVE)
		m.nmore = (uint8_t)sab_rng_below(r, 3);
	if (g->nfront[seat] && sab_rng_below(r, 2))
		m.front = g->front[seat][sab_rng_below(r, g->nfront[seat])];
	else
		m.front = (uint8_t)sab_rng_below(r, g->rs->ndefs);
	m.x = (int8_t)((int)sab_rng_below(r, 16) - 4);
	m.y = (int8_t)((int)sab_rng_below(r, 16) - 6);
	m.rot = (uint8_t)sab_rng_below(r, 2);
	m.target = (uint8_t)sab_rng_below(r, g->nplayers + 1u);
	m.tool = (uint8_t)(1u << sab_rng_below(r, 3));
	m.goal = (uint8_t)sab_rng_below(r, 4);
	m.goal2 = (uint8_t)sab_rng_below(r, 4);
	m.value = (uint8_t)sab_rng_below(r, 4);
	if (sab_move_plays(g->rs, &m, SAB_CARD_SABOTAGE))
		m.tool = g->rs->defs[m.card].tools;
	return m;
}

/* ---- invariants --------------------------------------------------- */

/* Cards: deck + hands + discards + board + in front + set aside + the
 * card waiting for reactions or a take = the ruleset's deck; and every
 * copy of every card somewhere. */
static void check_census(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	int n[SAB_MAX_DEFS] = { 0 };
	sab_census c;

	sab_game_census(g, &c);
	REQUIRE(c.deck + c.hands + c.discard + c.board + c.in_front +
	    c.aside + c.waiting == rs->deck_size, "cards: %d + %d + %d + %d + "
	    "%d + %d + %d != %d", c.deck, c.hands, c.discard, c.board,
	    c.in_front, c.aside, c.waiting, rs->deck_size);
	for (int i = 0; i < g->ndeck; i++)
		n[g->deck[i]]++;
	for (int i = rs->deck_size - g->naside; i < rs->deck_size; i++)
		n[g->deck[i]]++;
	for (int i = 0; i < g->ndiscard; i++)
		n[g->discard[i]]++;
	for (int s = 0; s < g->nplayers; s++) {
		for (int i = 0; i < g->nhand[s]; i++)
			n[g->hand[s][i]]++;
		for (int i = 0; i < g->nfront[s]; i++)
			n[g->front[s][i]]++;
	}
	for (int i = 0; i < g->board.nplaced; i++) {
		uint8_t d = SAB_CELL_DEF(g->board.cell[g->board.placed[i]]);
		n[d] += rs->defs[d].type == SAB_CARD_PATH;
	}
	if (g->has_pending)
		n[g->pending.card]++;
	if (g->held != SAB_NO_CARD)
		n[g->held]++;
	for (int d = 0; d < rs->ndefs; d++) {
		const sab_kind *k = sab_kind_of(rs->defs[d].type);
		int want = k != NULL && k->deck ? rs->defs[d].count : 0;
		if (rs->defs[d].chest)  /* Treasure Chests' own cards */
			continue;
		REQUIRE(n[d] == want, "%d copies of %s, not %d", n[d],
		    rs->defs[d].name, want);
	}
	for (int s = 0; s < g->nplayers; s++)
		REQUIRE(g->nhand[s] <= SAB_MAX_HAND, "seat %d holds %d cards",
		    s, g->nhand[s]);
}

/* The fifteen dwarf cards: those held and the face-down pile. */
static void check_dwarves(const sab_game *g)
{
	int n[SAB2_SABOTEUR + 1] = { 0 };

	REQUIRE(g->nplayers + g->ndwarves == SAB2_DWARVES, "%d dwarf cards",
	    g->nplayers + g->ndwarves);
	for (int s = 0; s < g->nplayers; s++) {
		REQUIRE(g->role[s] >= SAB2_BLUE && g->role[s] <= SAB2_SABOTEUR,
		    "seat %d has role %d", s, g->role[s]);
		n[g->role[s]]++;
	}
	for (int i = 0; i < g->ndwarves; i++)
		n[g->dwarves[i]]++;
	REQUIRE(n[SAB2_BLUE] == 4 && n[SAB2_GREEN] == 4 && n[SAB2_BOSS] == 1 &&
	    n[SAB2_PROFITEER] == 1 && n[SAB2_GEOLOGIST] == 2 &&
	    n[SAB2_SABOTEUR] == 3, "the dwarf cards changed");
}

/* "You may only have 1 copy of each action card in front of you", and a
 * theft lies in front of the seat that played it. */
static void check_front(const sab_game *g)
{
	for (int s = 0; s < g->nplayers; s++) {
		int n[SAB2_CARD_SWAP_HANDS + 1] = { 0 };
		for (int i = 0; i < g->nfront[s]; i++) {
			uint8_t t = g->rs->defs[g->front[s][i]].type;
			REQUIRE(t == SAB_CARD_SABOTAGE || t == SAB2_CARD_THEFT ||
			    t == SAB2_CARD_TRAPPED, "seat %d has a %s in front",
			    s, g->rs->defs[g->front[s][i]].name);
			if (t != SAB_CARD_SABOTAGE)
				REQUIRE(++n[t] == 1, "seat %d has two %s", s,
				    g->rs->defs[g->front[s][i]].name);
		}
	}
}

/* A theft's victim has gold, and is not the thief. */
static void check_choose(const sab_game *g)
{
	if (g->phase != SAB_PHASE_CHOOSE)
		return;
	REQUIRE(g->choices != 0, "a choice of nobody");
	REQUIRE(!(g->choices >> g->to_act & 1), "the thief may rob itself");
	REQUIRE(sab2_front_find(g, g->to_act, SAB2_CARD_THEFT) != SAB_NO_CARD,
	    "seat %d steals without a theft card", g->to_act);
	REQUIRE(sab2_front_find(g, g->to_act, SAB2_CARD_TRAPPED) ==
	    SAB_NO_CARD, "trapped seat %d steals", g->to_act);
	for (int s = 0; s < g->nplayers; s++)
		REQUIRE(!(g->choices >> s & 1) || g->gold[s] > 0,
		    "seat %d has no gold to steal", s);
}

/* Gold: each seat holds what the rounds paid it (SAB_EV_GOLD) and what it
 * stole, less what was stolen from it; nobody ever holds less than 0. */
static void check_gold(const sab_game *g, const sab_events *ev, int *ledger,
    long *paid)
{
	long have = 0;

	for (int i = 0; i < ev->n; i++) {
		const sab_event *e = &ev->ev[i];
		if (e->type == SAB_EV_GOLD) {
			ledger[e->seat] += e->value;
			*paid += e->value;
		} else if (e->type == SAB_EV_PAID) {   /* a dragon */
			ledger[e->seat] -= e->value;
			*paid -= e->value;
		} else if (e->type == SAB_EV_STEAL) {
			REQUIRE(e->value == 1, "a theft of %d", e->value);
			ledger[e->seat] += e->value;
			ledger[e->target] -= e->value;
		} else if (e->type == SAB_EV_TOLL) {
			/* "you must pay 1 gold ... Give the gold to the
			 * player who put that dwarf into play" */
			REQUIRE(e->value == 1, "a toll of %d", e->value);
			ledger[e->seat] -= e->value;
			ledger[e->target] += e->value;
		}
	}
	for (int s = 0; s < g->nplayers; s++) {
		REQUIRE(g->gold[s] == ledger[s], "seat %d holds %d gold, was "
		    "paid %d", s, g->gold[s], ledger[s]);
		REQUIRE(g->gold[s] >= 0, "seat %d holds %d gold", s, g->gold[s]);
		have += g->gold[s];
	}
	REQUIRE(have == *paid, "gold held %ld, paid %ld", have, *paid);
}

/* Tunnel toll: each dwarf on the table stands on an empty cell of its own
 * and has an owner; "This action can be used exactly once per dwarf each
 * round". */
static void check_toll(const sab_game *g)
{
	for (int d = 0; d < g->rs->toll_dwarves; d++) {
		uint16_t c = g->toll_cell[d];
		if (c == SAB_NO_CELL)
			continue;
		REQUIRE(g->toll_used & (1u << d), "dwarf %d out unused", d);
		REQUIRE(g->board.cell[c] == SAB_CELL_EMPTY, "a card lies "
		    "under dwarf %d", d);
		REQUIRE(g->toll_owner[d] < g->nplayers, "dwarf %d has no "
		    "owner", d);
		for (int e = 0; e < d; e++)
			REQUIRE(g->toll_cell[e] != c, "two dwarves on a cell");
	}
}

/* What the mini expansions' games went through. */
static int dwarves_put, tolls_paid, costumes, parties;

static void count_minis(const sab_game *g, const sab_events *e)
{
	for (int i = 0; i < e->n; i++) {
		const sab_event *v = &e->ev[i];
		dwarves_put += v->type == SAB_EV_DWARF;
		tolls_paid += v->type == SAB_EV_TOLL;
		if (v->type == SAB_EV_POSTCARD) {
			const sab_kind *k = sab_kind_of(g->rs->defs[v->card]
			    .type);
			costumes += strcmp(k->word, "costume") == 0;
			parties += strcmp(k->word, "party") == 0;
		}
	}
}

/* ---- playing ---------------------------------------------------------- */

static sab_events ev;
static int phases[SAB_PHASE_CHEST + 1];      /* the phases met */
static int reveals;                             /* goals turned face up */
static int opened;                              /* chests taken */
static int pushes;                              /* goals pushed */

/* Treasure Chests' push-goal: every goal place lies on its own cell, a
 * face-down one under a face-down card there; a place left where the
 * ruleset put it unless a chest pushed it, and then further from the
 * start. */
static void check_goals(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;

	for (int k = 0; k < rs->ngoals; k++) {
		int x = g->goal_x[k], y = g->goal_y[k];
		int d0 = abs(rs->goal_x[k] - rs->start_x) +
		    abs(rs->goal_y[k] - rs->start_y);
		int d = abs(x - rs->start_x) + abs(y - rs->start_y);
		if (g->goal_open >> k & 1)
			REQUIRE(sab_board_get(&g->board, x, y) !=
			    SAB_CELL_HIDDEN, "face-up goal %d at (%d,%d) is "
			    "face down", k, x, y);
		else
			REQUIRE(sab_board_get(&g->board, x, y) ==
			    SAB_CELL_HIDDEN, "goal %d at (%d,%d) is not face "
			    "down", k, x, y);
		if (g->goals_pushed >> k & 1)
			REQUIRE(d > d0, "pushed goal %d at (%d,%d) is no "
			    "further away", k, x, y);
		else
			REQUIRE(x == rs->goal_x[k] && y == rs->goal_y[k],
			    "goal %d moved without a push", k);
		for (int j = 0; j < k; j++)
			REQUIRE(x != g->goal_x[j] || y != g->goal_y[j],
			    "goals %d and %d share (%d,%d)", j, k, x, y);
	}
}
static int substeps;                            /* a pathfinder's turn met */

/*
 * Plays one game: the rules' generator from seed, the players' another;
 * a quarter of the moves drawn from the whole listing (passes of several
 * cards and removals included), the rest by the cheap random policy.
 * With checks, sweeps every candidate move every `every` steps and probes
 * a few at every step.  Records the moves; returns how many.
 */
static int play_game(sab_game *g, const sab_ruleset *rs, int players,
    uint64_t seed, sab_move *record, int maxrec, int checks, int every)
{
	sab_rng rules, policy, probes;
	int ledger[SAB_MAX_PLAYERS] = { 0 }, n = 0;
	long paid = 0;

	sab_rng_seed(&rules, seed);
	sab_rng_seed(&policy, seed ^ 0x5eed);
	sab_rng_seed(&probes, seed + 77);
	ev.n = 0;
	ck_assert_int_eq(sab_game_new(g, rs, players, (int)(seed % players),
	    &rules, checks ? &ev : NULL, NULL, 0), 0);
	if (checks)     /* Tunnel toll's gold at setup */
		check_gold(g, &ev, ledger, &paid);
	while (!sab_game_over(g)) {
		sab_move m;
		if (checks) {
			list_moves(g);
			REQUIRE(nlist > 0, "no legal move");
			for (int i = 0; i < nlist; i++)
				agree(g, list[i]);
			if (n % every == 0)
				sweep(g);
			for (int i = 0; i < 8; i++)
				agree(g, probe(g, &probes));
		}
		if (rs->ngoal_cards > rs->ngoals && g->phase ==
		    SAB_PHASE_PLAY && sab_rng_below(&policy, 2) == 0) {
			/* New Goals: half the time the path card furthest
			 * east, so that goals are reached (random tunnels
			 * seldom get there), two at once among them. */
			static sab_move all[SAB_MAX_MOVES];
			int k = sab_game_moves(g, all), best = -1;
			for (int i = 0; i < k; i++)
				if (sab_move_plays(rs, &all[i], SAB_CARD_PATH) &&
				    (best < 0 || all[i].x > all[best].x))
					best = i;
			m = all[best >= 0 ? best :
			    (int)sab_rng_below(&policy, (uint32_t)k)];
		} else if (sab_rng_below(&policy, 4) == 0) {
			static sab_move all[SAB_MAX_MOVES];
			int k = sab_game_moves(g, all);
			m = all[sab_rng_below(&policy, (uint32_t)k)];
		} else {
			REQUIRE(sab_game_random_move(g, &policy, &m) == 0,
			    "no random move");
		}
		if (checks)
			REQUIRE(listed(g, &m), "the move played is not listed");
		ev.n = 0;
		sab_game_apply(g, &m, &rules, checks ? &ev : NULL);
		if (n < maxrec)
			record[n] = m;
		n++;
		if (checks) {
			REQUIRE(!ev.overflow, "too many events");
			check_census(g);
			if (rs->roles_module != 0) {    /* Saboteur 2's roles */
				check_dwarves(g);
				check_front(g);
				check_choose(g);
			}
			check_gold(g, &ev, ledger, &paid);
			check_toll(g);
			count_minis(g, &ev);
			phases[g->phase] = 1;
			reveals += t_count(&ev, SAB_EV_REVEAL);
			opened += t_count(&ev, SAB_EV_OPEN);
			pushes += t_count(&ev, SAB_EV_PUSH);
			if (g->phase != SAB_PHASE_OVER)
				check_goals(g);
			substeps |= g->substep > 0;
		}
		REQUIRE(n < 5000, "the game does not end");
	}
	REQUIRE(g->winners != 0, "no winner");
	return n;
}

static void many_games(const sab_ruleset *rs, int players, int games,
    int every)
{
	static sab_game g;

	for (int i = 0; i < games; i++)
		play_game(&g, rs, players, (uint64_t)i * 7919 +
		    (uint64_t)players, NULL, 0, 1, every);
}

START_TEST(wc_games_keep_their_invariants)
{
	const sab_ruleset *rs = t_ruleset(combos[_i].rs);

	verdicts = 0;
	memset(phases, 0, sizeof phases);
	substeps = 0;
	reveals = 0;
	opened = 0;
	pushes = 0;
	many_games(rs, combos[_i].players, games_wanted(), 4);
	/* A push-goal chest pushed goals further away (within the default
	 * 50 games). */
	REQUIRE(rs->chest_count[SAB_CHEST_PUSH_GOAL] == 0 || pushes > 0 ||
	    games_wanted() < 50, "no goal pushed");
	/* Treasure Chests' games took chests, and a chest asked for a
	 * player. */
	REQUIRE(rs->chests_per_round == 0 || (opened > 0 &&
	    (phases[SAB_PHASE_CHEST] || games_wanted() < 50)), "no chest "
	    "taken (%d), or no player chosen for one (%d)", opened,
	    phases[SAB_PHASE_CHEST]);
	REQUIRE(verdicts > 1000, "only %ld verdicts compared", verdicts);
	/* New Goals' games turned goals face up. */
	/* A choice of order (two goals reached at once) is met within the
	 * default 50 games; a few (the sanitizer build's) may miss it. */
	REQUIRE(rs->ngoal_cards == rs->ngoals || (reveals > 0 &&
	    (phases[SAB_PHASE_ORDER] || games_wanted() < 50)), "no goal "
	    "turned face up (%d), or no choice of order (%d)", reveals,
	    phases[SAB_PHASE_ORDER]);
	if (!rs->reactions)     /* no special cards */
		return;
	/* The games went through the special cards' decisions. */
	REQUIRE(phases[SAB_PHASE_REACT] && phases[SAB_PHASE_TAKE] && substeps,
	    "no react (%d), take (%d) or pathfinder's (%d) decision met",
	    phases[SAB_PHASE_REACT], phases[SAB_PHASE_TAKE], substeps);
}
END_TEST

/* The mini expansions: the same invariants; the games put dwarves in
 * play, paid tolls, reached both postcards, turned goals face up, took
 * chests and (in the default number of games) chose a goal's order and a
 * chest's player; with the special cards, their decisions too. */
START_TEST(minis_games_keep_their_invariants)
{
	const sab_ruleset *rs = t_ruleset(minis_combos[_i].rs);

	verdicts = 0;
	dwarves_put = tolls_paid = costumes = parties = 0;
	memset(phases, 0, sizeof phases);
	substeps = reveals = opened = 0;
	/* Enough games that both postcards are reached by chance (at 3
	 * players a round is short), also in the sanitizer's run. */
	many_games(rs, minis_combos[_i].players, games_wanted() > 25 ?
	    games_wanted() : 25, 4);
	REQUIRE(verdicts > 1000, "only %ld verdicts compared", verdicts);
	REQUIRE(dwarves_put > 0 && tolls_paid > 0 && costumes > 0 &&
	    parties > 0, "dwarves %d, tolls %d, costume %d, party %d",
	    dwarves_put, tolls_paid, costumes, parties);
	REQUIRE(reveals > 0 && opened > 0, "no goal turned face up (%d) or "
	    "no chest taken (%d)", reveals, opened);
	REQUIRE(games_wanted() < 50 || (phases[SAB_PHASE_ORDER] &&
	    phases[SAB_PHASE_CHEST]), "no choice of a goal's order (%d) or "
	    "of a chest's player (%d)", phases[SAB_PHASE_ORDER],
	    phases[SAB_PHASE_CHEST]);
	if (rs->reactions)
		REQUIRE(phases[SAB_PHASE_REACT] && phases[SAB_PHASE_TAKE] &&
		    substeps, "no react (%d), take (%d) or pathfinder's (%d) "
		    "decision met", phases[SAB_PHASE_REACT],
		    phases[SAB_PHASE_TAKE], substeps);
}
END_TEST

/* A seed and the list of moves reproduce the game exactly: the same final
 * state and hash. */
static void reproduce(const sab_ruleset *rs, int players)
{
	static sab_game a, b;
	static sab_move rec[5000];
	sab_rng rules;
	int n;

	for (uint64_t seed = 1; seed <= 20; seed++) {
		n = play_game(&a, rs, players, seed, rec, 5000, 0, 1);
		sab_rng_seed(&rules, seed);
		ck_assert_int_eq(sab_game_new(&b, rs, players,
		    (int)(seed % players), &rules, NULL, NULL, 0), 0);
		for (int i = 0; i < n; i++) {
			REQUIRE(sab_game_check(&b, &rec[i], NULL, 0),
			    "recorded move %d is illegal on replay", i);
			sab_game_apply(&b, &rec[i], &rules, NULL);
		}
		ck_assert(sab_game_over(&b));
		ck_assert(sab_game_hash(&a) == sab_game_hash(&b));
		ck_assert(memcmp(&a, &b, sizeof a) == 0);
		/* And a different seed gives a different game. */
		play_game(&b, rs, players, seed + 1000, rec, 0, 0, 1);
		ck_assert(sab_game_hash(&a) != sab_game_hash(&b));
	}
}

START_TEST(wc_seed_and_moves_reproduce_the_game)
{
	reproduce(t_ruleset(combos[_i].rs), combos[_i].players);
}
END_TEST

START_TEST(minis_seed_and_moves_reproduce_the_game)
{
	reproduce(t_ruleset(minis_combos[_i].rs),
	    minis_combos[_i].players);
}
END_TEST

Suite *wc_props_suite(void)
{
	Suite *s = suite_create("wc properties");
	TCase *tc = tcase_create("random base-wc and saboteur2-wc games");
	int n = (int)(sizeof combos / sizeof combos[0]);

	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, wc_games_keep_their_invariants, 0, n);
	tcase_add_loop_test(tc, wc_seed_and_moves_reproduce_the_game, 0, n);
	suite_add_tcase(s, tc);
	tc = tcase_create("random games of the mini expansions");
	n = (int)(sizeof minis_combos / sizeof minis_combos[0]);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, minis_games_keep_their_invariants, 0, n);
	tcase_add_loop_test(tc, minis_seed_and_moves_reproduce_the_game, 0, n);
	suite_add_tcase(s, tc);
	return s;
}
