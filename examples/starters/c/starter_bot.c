/* starter_bot.c: a C starter bot for Saboteur that plays by its role; copy it and make it yours. */
/*
 * botlib (examples/c) keeps the state and lists the legal moves, parsed;
 * this file only chooses among them.  How it plays, in order of preference
 * (ties broken at random, with the seed the referee sends for the seat
 * when it sends one):
 *   everyone:    takes the highest gold card offered; repairs its own tools;
 *   a miner:     lays the path card that brings the tunnel closest to the
 *                goal it believes holds the gold, then looks at unknown
 *                goals with a map, repairs the others, and discards what a
 *                miner needs least (dead ends first);
 *   a saboteur:  breaks the others' tools, lays dead ends near the front of
 *                the tunnel, drops rocks on the path card nearest the gold,
 *                and discards what miners would want most (open path cards);
 *   without roles (the two-player course ruleset) it digs like a miner and
 *   breaks its opponent's tools when it cannot dig;
 *   in Saboteur 2 every role but the saboteur digs like a miner, and the
 *   new cards are played only as discards: yours to teach it.
 */
#define _POSIX_C_SOURCE 200809L    /* getpid() under -std=c11 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "botlib.h"

static sab_rng rng;
static int rng_game = -1;       /* the game the generator was seeded for */

static int distance(int x0, int y0, int x1, int y1)
{
	return abs(x0 - x1) + abs(y0 - y1);
}

/* Seeds the generator once a game: by the seat's seed when the referee
 * sent one, else by BOT_SEED with the game and seat, else by the clock. */
static void seed_game(const botstate *s)
{
	const char *env = getenv("BOT_SEED");
	uint64_t seed;

	if (s->game == rng_game)
		return;
	if (s->seeded)
		seed = s->seed;
	else if (env != NULL && *env != '\0')
		seed = strtoull(env, NULL, 10) ^ (SAB_SEED_GOLDEN *
		    (uint64_t)(s->game * 64 + s->seat + 1));
	else
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	sab_rng_seed(&rng, seed);
	rng_game = s->game;
}

/* The goal place the gold is believed to be under: one a map or a reveal
 * showed gold, else the unknown one nearest the start. */
static int target(const botstate *s)
{
	int best = -1;

	for (int g = 0; g < s->rs.ngoals; g++) {
		const sab_card *c = bot_card(s, bot_goal_card(s, g));
		if (c != NULL && c->gold)
			return g;
	}
	for (int g = 0; g < s->rs.ngoals; g++)
		if (bot_goal_card(s, g) < 0 && (best < 0 ||
		    distance(bot_goal_x(s, g), bot_goal_y(s, g), s->rs.start_x, s->rs.start_y) <
		    distance(bot_goal_x(s, best), bot_goal_y(s, best), s->rs.start_x, s->rs.start_y)))
			best = g;
	return best < 0 ? 0 : best;
}

/* How near the tunnel joined to the start comes to (gx, gy). */
static int front(const botstate *s, int gx, int gy)
{
	int d = 99;

	for (int i = 0; i < s->table.board.nplaced; i++) {
		uint16_t idx = s->table.board.placed[i];
		if (s->table.board.reach[idx] != 0) {
			int e = distance(sab_board_x(idx), sab_board_y(idx), gx, gy);
			d = e < d ? e : d;
		}
	}
	return d;
}

/* The open edges of a path move once laid, as bits 1 << direction
 * (N, E, S, W); 0 for a dead end. */
static unsigned exits(const botstate *s, const sab_move *m)
{
	uint8_t cell = (uint8_t)((m->card + 1) | (m->rot ? SAB_CELL_TURNED : 0));

	if (bot_is_dead_end(s, m->card))
		return 0;
	return sab_board_cell_edges(&s->rs, cell);
}

/* Whether a path move leaves an opening that faces (gx, gy). */
static int toward(const botstate *s, const sab_move *m, int gx, int gy)
{
	unsigned e = exits(s, m);
	int dx = gx - m->x, dy = gy - m->y;

	return (dx > 0 && (e & 2)) || (dx < 0 && (e & 8)) ||
	    (dy > 0 && (e & 4)) || (dy < 0 && (e & 1));
}

static int popcount(unsigned v)
{
	int n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/* Whether seat is known to be a saboteur.  In Saboteur 2 the other roles
 * (gold miners of either team, the boss, the profiteer, the geologists)
 * all dig here, like a miner: a starting point to make your own. */
static int is_saboteur(const botstate *s, int seat)
{
	const char *w = bot_role_word(s, seat);

	return w != NULL && strcmp(w, "saboteur") == 0;
}

/* Below every discard: a move this bot would rather not play. */
#define RATHER_NOT (-1000)

/* A score for each legal move by this bot's role: the highest is played.
 * Discards score from -1 (the card least needed) down; a move worth
 * playing scores above 0. */
static int score(const botstate *s, const sab_move *m)
{
	int g = target(s), gx = bot_goal_x(s, g), gy = bot_goal_y(s, g);
	int near = front(s, gx, gy), d = distance(m->x, m->y, gx, gy);
	int role = bot_role(s, s->seat);
	/* By the role's word, as every ruleset names it: Saboteur 2's role
	 * values differ from the base game's. */
	int saboteur = is_saboteur(s, s->seat), rival = role == SAB_ROLE_NONE;
	const sab_card *c = bot_card(s, m->card);

	switch (bot_move_type(s, m)) {
	case BOT_PICK:
		return 10000 + m->value;
	case SAB_CARD_REPAIR:
		if (m->target == s->seat)
			return 9000;
		return !saboteur && !rival ? 500 : RATHER_NOT;
	case SAB_CARD_SABOTAGE:
		if (m->target == s->seat ||
		    (saboteur && is_saboteur(s, m->target)))
			return RATHER_NOT;
		return saboteur ? 8000 : rival ? 400 : RATHER_NOT;
	case SAB_CARD_PATH:
		if (saboteur)
			return exits(s, m) == 0 && d <= near + 1 ? 7000 - d : RATHER_NOT;
		if (exits(s, m) == 0 || d > near ||
		    (d == near && !toward(s, m, gx, gy)))
			return RATHER_NOT;
		return 8000 - 10 * d + 5 * toward(s, m, gx, gy) + popcount(exits(s, m));
	case SAB_CARD_ROCKFALL:
		return saboteur && d <= near + 1 ? 6000 - d : RATHER_NOT;
	case SAB_CARD_MAP:
		for (int k = 0; k < s->rs.ngoals; k++)
			if (bot_card(s, bot_goal_card(s, k)) != NULL &&
			    bot_card(s, bot_goal_card(s, k))->gold)
				return RATHER_NOT;
		return bot_goal_card(s, m->goal) < 0 ? 1000 : RATHER_NOT;
	case BOT_DISCARD:
		/* The least needed card goes: a saboteur drops open paths,
		 * the others dead ends, then tools and maps, paths last. */
		if (c == NULL)
			return -50;
		if (saboteur)
			return c->type == SAB_CARD_PATH && !bot_is_dead_end(s, m->card) ? -1 : -20;
		if (c->type == SAB_CARD_PATH)
			return bot_is_dead_end(s, m->card) ? -1 : -30;
		return c->type == SAB_CARD_ROCKFALL ? -2 : c->type == SAB_CARD_SABOTAGE ? -3 :
		    c->type == SAB_CARD_MAP ? -4 : -5;
	default:
		return RATHER_NOT;
	}
}

static const char *choose(const botstate *s)
{
	int best = -1, best_score = 0, ties = 0;

	seed_game(s);
	for (int i = 0; i < s->nlegal; i++) {
		if (!s->legal[i].parsed)
			continue;
		int v = score(s, &s->legal[i].m);
		/* Ties go to chance. */
		if (best < 0 || v > best_score) {
			best = i, best_score = v, ties = 1;
		} else if (v == best_score && sab_rng_below(&rng, (uint32_t)++ties) == 0) {
			best = i;
		}
	}
	return best < 0 ? NULL : s->legal[best].line;
}

int main(void)
{
	return bot_run("starter-c", choose, NULL);
}
