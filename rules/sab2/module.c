/* module.c: Saboteur 2 as a module: its dwarf cards dealt each round, who wins a round, the treasure paid in pieces, and the thefts. */
#include <string.h>

#include "../hash.h"
#include "../rskey.h"
#include "../say.h"
#include "sab2.h"

/* By role value: the order of enum sab2_role. */
static const sab_role_def roles[] = {
	{ "none", "none", "none", "nobody" },
	{ "blue-miner", "blue-miners", "blue gold miner", "blue gold miners" },
	{ "green-miner", "green-miners", "green gold miner",
	  "green gold miners" },
	{ "boss", "boss", "boss", "the boss" },
	{ "profiteer", "profiteer", "profiteer", "the profiteer" },
	{ "geologist", "geologists", "geologist", "geologists" },
	{ "saboteur", "saboteurs", "saboteur", "saboteurs" },
};

/* "4 blue and 4 green Gold Miners, the Boss, the Profiteer, 2 Geologists,
 * 3 Saboteurs", by role value (roles.c deals them; tests/test_sab2.c
 * checks the two agree). */
static const uint8_t role_cards[] = { 0, 4, 4, 1, 1, 2, 3 };

/* "Shuffle all 15 dwarf cards in this expansion and deal 1 to each player.
 * ... Put aside the remaining dwarf cards as a face-down deck." */
static void round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	sab2_dwarf_pile pile;

	/* No theft laid yet, none to settle. */
	g->choices = 0;
	g->nthieves = g->next_thief = 0;
	memset(g->theft_turn, 0, sizeof g->theft_turn);
	/* The deal fills pile.card[0 .. n) only, and the whole array is
	 * copied into the game: a game is a plain value that seed plus moves
	 * reproduce byte for byte, so no stack garbage beyond the pile. */
	memset(&pile, 0, sizeof pile);
	sab2_deal_roles(rng, g->nplayers, g->role, &pile);
	memcpy(g->dwarves, pile.card, sizeof pile.card);
	g->ndwarves = pile.n;
	g->role_spare = SAB_ROLE_NONE;
	g->nsaboteurs = 0;
	for (int s = 0; s < g->nplayers; s++) {
		g->nsaboteurs = (uint8_t)(g->nsaboteurs +
		    (g->role[s] == SAB2_SABOTEUR));
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_ROLE, SAB_VIS_SEAT,
			    (uint8_t)s);
			e.value = g->role[s];
			sab_table_emit(ev, &e);
		}
	}
}

/* The gold goal's place, or -1 (a round that ended without reaching it). */
static int gold_goal(const sab_game *g)
{
	for (int k = 0; k < g->rs->ngoals; k++)
		if (g->rs->defs[g->goal_def[k]].gold)
			return k;
	return -1;
}

void sab2_round_facts(const sab_game *g, sab2_round *r)
{
	const sab_ruleset *rs = g->rs;
	int k = gold_goal(g);

	memset(r, 0, sizeof *r);
	r->nplayers = g->nplayers;
	for (int s = 0; s < g->nplayers; s++) {
		r->role[s] = g->role[s];
		r->trapped[s] = sab2_front_find(g, s, SAB2_CARD_TRAPPED) !=
		    SAB_NO_CARD;
	}
	r->connected = g->round_end == SAB_END_GOLD;
	r->finder = g->finder;
	/* "Doors block the way for Gold Miners of the other color": a door
	 * of the other colour is a wall to a team's reach (board.c); blue is
	 * door colour 1, green 2. */
	if (r->connected && k >= 0) {
		int x = g->goal_x[k], y = g->goal_y[k];
		r->open_blue = rs->nteams < 1 ||
		    sab_board_team_reached(&g->board, rs, 1, x, y) != 0;
		r->open_green = rs->nteams < 2 ||
		    sab_board_team_reached(&g->board, rs, 2, x, y) != 0;
	}
	r->crystals = (uint8_t)sab2_crystals(&g->board, rs);
}

/* The winners, and a side for the round's end line: the saboteurs', one
 * team's, both teams' (*both), the boss's or the profiteer's alone. */
static uint16_t round_winners(const sab_game *g, uint8_t *side,
    uint8_t *both)
{
	sab2_round r;
	sab2_payout p;
	uint16_t teams = 0;

	sab2_round_facts(g, &r);
	sab2_distribute(&r, &p);
	*side = SAB2_NONE;
	*both = 0;
	for (int s = 0; s < g->nplayers; s++) {
		if (!(p.winners >> s & 1))
			continue;
		if (g->role[s] == SAB2_BLUE || g->role[s] == SAB2_GREEN)
			teams |= (uint16_t)(1u << g->role[s]);
	}
	if (!r.connected) {
		/* The saboteurs (with the profiteer), or the profiteer alone
		 * when no saboteur is in play. */
		for (int s = 0; s < g->nplayers; s++)
			if ((p.winners >> s & 1) && *side != SAB2_SABOTEUR)
				*side = g->role[s];
	} else if (teams == ((1u << SAB2_BLUE) | (1u << SAB2_GREEN))) {
		*side = SAB2_BLUE;
		*both = 1;
	} else if (teams) {
		*side = teams & (1u << SAB2_BLUE) ? SAB2_BLUE : SAB2_GREEN;
	} else {
		for (int s = 0; s < g->nplayers; s++)
			if (p.winners >> s & 1)
				*side = g->role[s];
	}
	return p.winners;
}

static void pay(sab_game *g, int seat, int amount, sab_events *ev)
{
	g->gold[seat] = (int16_t)(g->gold[seat] + amount);
	g->round_pay[seat] = (int16_t)(g->round_pay[seat] + amount);
	if (ev && amount > 0) {
		sab_event e = sab_event_new(SAB_EV_GOLD, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.value = (uint8_t)amount;
		sab_table_emit(ev, &e);
	}
}

/* The seats the thief may rob: every other player who has gold. */
static uint16_t victims(const sab_game *g, int thief)
{
	uint16_t m = 0;

	for (int s = 0; s < g->nplayers; s++)
		if (s != thief && g->gold[s] > 0)
			m |= (uint16_t)(1u << s);
	return m;
}

/* Asks the next thief who can rob anyone; returns 0 when none is left. */
static int next_theft(sab_game *g, sab_events *ev)
{
	while (g->next_thief < g->nthieves) {
		int t = g->thieves[g->next_thief++];
		uint16_t m = victims(g, t);
		if (m == 0)
			continue;
		g->phase = SAB_PHASE_CHOOSE;
		g->to_act = (uint8_t)t;
		g->choices = m;
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_CHOICES,
			    SAB_VIS_SEAT, (uint8_t)t);
			e.mask = m;
			sab_table_emit(ev, &e);
		}
		return 1;
	}
	g->choices = 0;
	return 0;
}

/* Roles shown; "Depending on the number of dwarves in the group, each
 * dwarf gets as many gold pieces as the table below shows."; then "deal
 * with Theft cards ... start with the last player to play their Theft
 * card. The other players follow in a clockwise direction." */
static int round_end(sab_game *g, sab_rng *rng, sab_events *ev)
{
	sab2_round r;
	sab2_payout p;
	uint16_t thief = 0;
	int last = -1;

	(void)rng;
	for (int s = 0; ev && s < g->nplayers; s++) {
		sab_event e = sab_event_new(SAB_EV_ROLE_REVEAL, SAB_VIS_ALL,
		    (uint8_t)s);
		e.value = g->role[s];
		sab_table_emit(ev, &e);
	}
	sab2_round_facts(g, &r);
	sab2_distribute(&r, &p);
	for (int s = 0; s < g->nplayers; s++)
		pay(g, s, p.pay[s], ev);
	for (int s = 0; s < g->nplayers; s++) {
		if (sab2_front_find(g, s, SAB2_CARD_THEFT) == SAB_NO_CARD)
			continue;
		thief |= (uint16_t)(1u << s);
		if (last < 0 || g->theft_turn[s] > g->theft_turn[last])
			last = s;
	}
	g->nthieves = (uint8_t)sab2_theft_order(&r, thief, last, g->thieves);
	g->next_thief = 0;
	return next_theft(g, ev);
}

/* "steal a gold piece worth 1 gold from any 1 other player" */
static void chosen(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int thief = g->to_act;

	g->gold[m->target]--;
	g->round_pay[m->target]--;
	g->gold[thief]++;
	g->round_pay[thief]++;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_STEAL, SAB_VIS_ALL,
		    (uint8_t)thief);
		e.target = m->target;
		e.value = 1;
		sab_table_emit(ev, &e);
	}
	if (!next_theft(g, ev))
		sab_table_next_round(g, rng, ev);
}

/* SAB_PHASE_CHOOSE: a seat of g->choices. */
static int choose_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (m->kind != SAB_MOVE_CHOOSE) {
		sab_say(why, whylen, "you must choose a player now");
		return 0;
	}
	if (m->target >= g->nplayers || !(g->choices & (1u << m->target))) {
		sab_say(why, whylen, "seat %d cannot be chosen", m->target);
		return 0;
	}
	return 1;
}

static int choose_moves(const sab_game *g, sab_move *out)
{
	int n = 0;

	for (int s = 0; s < g->nplayers; s++)
		if (g->choices & (1u << s)) {
			out[n] = sab_table_move(SAB_MOVE_CHOOSE, 0);
			out[n++].target = (uint8_t)s;
		}
	return n;
}

static const sab_decision decisions[] = {
	{ .phase = SAB_PHASE_CHOOSE, .check = choose_check,
	  .moves = choose_moves, .apply = chosen },
};

static const sab_move_rule move_rules[] = {
	{ .kind = SAB_MOVE_REMOVE, .same = SAB_SAME_CARDS | SAB_SAME_FRONT },
	{ .kind = SAB_MOVE_CHOOSE, .same = SAB_SAME_TARGET,
	  .idle = "there is no player to choose now" },
};

/* The state only Saboteur 2 uses, folded into the state hash
 * (rules/hash.h) after the base game's: naside 1, owed_draw 1, choices 2,
 * dwarves[0..ndwarves) 1 each, per seat theft_turn 2; per seat nfront 1,
 * front[0..nfront) 1 each (every card in front, in the order laid);
 * nthieves 1, next_thief 1, thieves[0..nthieves) 1 each. */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	uint8_t b[4 + 16 + 2 * SAB_MAX_PLAYERS];
	size_t n = 0;

	b[n++] = g->naside;
	b[n++] = g->owed_draw;
	b[n++] = (uint8_t)g->choices;
	b[n++] = (uint8_t)(g->choices >> 8);
	for (int i = 0; i < g->ndwarves && i < 16; i++)
		b[n++] = g->dwarves[i];
	for (int s = 0; s < g->nplayers; s++) {
		b[n++] = (uint8_t)g->theft_turn[s];
		b[n++] = (uint8_t)(g->theft_turn[s] >> 8);
	}
	h = sab_fnv1a(h, b, n);
	/* The cards in front of each seat: the game's hash counts only the
	 * broken tools there, and a theft or a trapped card is as much a
	 * part of the position (who may steal, who may play paths). */
	for (int s = 0; s < g->nplayers; s++) {
		h = sab_fnv1a(h, &g->nfront[s], 1);
		h = sab_fnv1a(h, g->front[s], g->nfront[s]);
	}
	/* The thefts still to come at a round's end. */
	h = sab_fnv1a(h, &g->nthieves, 1);
	h = sab_fnv1a(h, &g->next_thief, 1);
	return sab_fnv1a(h, g->thieves, g->nthieves);
}

/* The face-down pile of dwarf cards nobody holds, for a replay's records
 * of the deal. */
static int unused_roles(const sab_game *g, uint8_t *out)
{
	int n = 0;

	for (int i = 0; i < g->ndwarves && i < SAB_MAX_UNUSED_ROLES; i++)
		out[n++] = g->dwarves[i];
	return n;
}

/* "Draw the top card from the deck of remaining dwarf cards and put your
 * old one under the deck (Saboteur 2)": the Costume Department, as a
 * change of hats. */
static void swap_role(sab_game *g, int seat)
{
	sab2_dwarf_pile pile;

	memset(&pile, 0, sizeof pile);
	pile.n = g->ndwarves;
	memcpy(pile.card, g->dwarves, sizeof pile.card);
	sab2_change_hats(&g->role[seat], &pile);
	memcpy(g->dwarves, pile.card, sizeof pile.card);
}

/* Its ruleset rows (keys.c). */
extern const sab_rs_key sab_sab2_keys[];

const sab_module sab_module_sab2 = {
	.name = "sab2",
	.title = "Saboteur 2",
	.ready = 1,
	.kinds = sab2_kinds,
	.roles = roles,
	.nroles = sizeof roles / sizeof roles[0],
	.role_cards = role_cards,
	.round_start = round_start,
	.round_end = round_end,
	.round_winners = round_winners,
	.swap_role = swap_role,
	.hash = hash,
	.keys = sab_sab2_keys,
	.decisions = decisions,
	.ndecisions = sizeof decisions / sizeof decisions[0],
	.move_rules = move_rules,
	.nmove_rules = sizeof move_rules / sizeof move_rules[0],
	.turn_check = sab2_turn_check,
	.turn_moves = sab2_turn_moves,
	.turn_apply = sab2_turn_apply,
	.unused_roles = unused_roles,
};
