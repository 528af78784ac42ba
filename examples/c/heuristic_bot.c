/* heuristic_bot.c: a Saboteur bot that scores every legal move by its role:
 * miners dig towards the gold, saboteurs block the tunnel nearest to it. */
#include <stdlib.h>

#include "botlib.h"

#define NEVER (-1000)

/* How far each seat seems to help the miners this round: up for digging
 * towards the gold, down for dead ends, rockfalls on the tunnel, and tools
 * broken on helpful players. */
static int trust[SAB_MAX_PLAYERS];
static int trust_key = -1;      /* the game and round trust is about */

/* Everyone starts a round trusted as much as anyone: roles are new. */
static void trust_new_round(const botstate *s)
{
	if (trust_key == s->game * 100 + s->table.round)
		return;
	for (int i = 0; i < SAB_MAX_PLAYERS; i++)
		trust[i] = 0;
	trust_key = s->game * 100 + s->table.round;
}

/* The fewest steps from a cell the tunnel may grow into to (gx, gy); 0 once
 * the tunnel reaches it. */
static int distance(const sab_board *b, const sab_ruleset *rs, int gx, int gy)
{
	static uint16_t f[SAB_MAX_FRONTIER];
	int n = sab_board_frontier(b, rs, f, SAB_MAX_FRONTIER), best = 999;

	if (sab_board_goal_reached(b, gx, gy))
		return 0;
	for (int i = 0; i < n; i++) {
		int d = abs(sab_board_x(f[i]) - gx) + abs(sab_board_y(f[i]) - gy);
		if (d < best)
			best = d;
	}
	return best;
}

static int goal_distance(const botstate *s, int g)
{
	return distance(&s->table.board, &s->rs, s->rs.goal_x[g],
	    s->rs.goal_y[g]);
}

/* The goal we believe holds the gold: one a peek or a reveal showed, the
 * last one left when the others are stone, or else the nearest unknown one.
 * *sure tells which. */
static int target_goal(const botstate *s, int *sure)
{
	int best = 0, bestd = 1 << 30, unknown = 0;

	for (int g = 0; g < s->rs.ngoals; g++) {
		const sab_card *c = bot_card(s, bot_goal_card(s, g));
		if (c != NULL && c->gold) {
			*sure = 1;
			return g;
		}
		if (c != NULL)
			continue;
		unknown++;
		int d = goal_distance(s, g);
		if (d < bestd)
			best = g, bestd = d;
	}
	*sure = unknown == 1;
	return best;
}

/* The distance to the target goal after move m (a path or a rockfall). */
static int distance_after(const botstate *s, const sab_move *m, int g)
{
	static sab_board b;

	b = s->table.board;
	if (bot_move_type(s, m) == SAB_CARD_PATH)
		sab_board_place(&b, &s->rs, m->x, m->y, m->card, m->rot);
	else if (bot_move_type(s, m) == SAB_CARD_ROCKFALL)
		sab_board_remove(&b, &s->rs, m->x, m->y);
	return distance(&b, &s->rs, s->rs.goal_x[g], s->rs.goal_y[g]);
}

/* Watches every play to learn who digs and who blocks. */
static void seen(const botstate *s, int seat, const sab_move *m)
{
	int sure, g = target_goal(s, &sure), before = goal_distance(s, g);
	int type = bot_move_type(s, m);

	trust_new_round(s);
	if (seat == s->seat)
		return;
	if (type == SAB_CARD_PATH && bot_is_dead_end(s, m->card))
		trust[seat] -= 2;
	else if (type == SAB_CARD_PATH || type == SAB_CARD_ROCKFALL) {
		int after = distance_after(s, m, g);
		trust[seat] += after < before ? 1 : after > before ? -3 : 0;
	} else if (type == SAB_CARD_SABOTAGE) {
		int victim_good = m->target == s->seat ?
		    bot_role(s, s->seat) == SAB_ROLE_MINER :
		    trust[m->target] > 0;
		trust[seat] += victim_good ? -2 : trust[m->target] < 0;
	} else if (type == SAB_CARD_REPAIR && trust[m->target] < 0)
		trust[seat] -= 1;
}

/* How much we want to keep a card: the least useful is discarded first. */
static int keep_value(const botstate *s, int def, int miner, int sure)
{
	const sab_card *c = bot_card(s, def);

	if (c == NULL)
		return 0;
	switch (c->type) {
	case SAB_CARD_PATH: {
		int edges = (c->edges & 1) + (c->edges >> 1 & 1) +
		    (c->edges >> 2 & 1) + (c->edges >> 3 & 1);
		if (c->groups[0] == 0)          /* a dead end */
			return miner ? 0 : 8;
		return miner ? 6 + edges : 4 - edges;   /* crosses help miners */
	}
	case SAB_CARD_MAP:
		return sure ? 1 : 6;
	case SAB_CARD_ROCKFALL:
		return miner ? 3 : 9;
	case SAB_CARD_SABOTAGE:
		return miner ? 4 : 7;
	default:        /* a repair: a miner's own tools come first */
		return miner ? 8 : 5;
	}
}

/* A path card or a rockfall, as a miner (closer is better) or a saboteur
 * (further, or a dead end in the way near the gold). */
static int score_table(const botstate *s, const sab_move *m, int miner, int g,
    int before)
{
	int after = distance_after(s, m, g), dead = bot_is_dead_end(s, m->card);
	int near = abs(m->x - s->rs.goal_x[g]) + abs(m->y - s->rs.goal_y[g]);

	if (miner) {
		if (dead || after > before)
			return NEVER;
		if (after < before)
			return (bot_move_type(s, m) == SAB_CARD_PATH ? 80 : 55) +
			    5 * (before - after);
		/* No progress: a card near the front opens a second lane
		 * that one dead end cannot close; far away, a discard wins. */
		return bot_move_type(s, m) == SAB_CARD_PATH ? 20 - near : NEVER;
	}
	if (after > before)
		return 50 + 10 * (after - before);
	/* A dead end in the tunnel's way, only where the tunnel is close. */
	if (dead && bot_move_type(s, m) == SAB_CARD_PATH && near <= before + 1)
		return 40 - near;
	return dead ? -5 : NEVER;
}

/* The score of one legal move for us; the highest is played. */
static int score(const botstate *s, const sab_move *m, int g, int sure,
    int before)
{
	int miner = bot_role(s, s->seat) != SAB_ROLE_SABOTEUR;

	switch (bot_move_type(s, m)) {
	case BOT_PICK:
		return 100 + m->value;
	case SAB_CARD_PATH:
	case SAB_CARD_ROCKFALL:
		return score_table(s, m, miner, g, before);
	case SAB_CARD_MAP:
		if (sure)
			return NEVER;
		/* Early: before the tunnel must choose between the goals, or
		 * whenever nothing better is at hand. */
		return m->goal == g ? (before <= 5 ? 88 : 45) : 30;
	case SAB_CARD_REPAIR:
		if (m->target == s->seat)
			return miner ? 90 : 55;
		return miner && trust[m->target] > 0 ? 60 + trust[m->target] :
		    NEVER;
	case SAB_CARD_SABOTAGE:
		/* No roles: all are rivals. */
		if (bot_role(s, s->seat) == SAB_ROLE_NONE)
			return 50;
		if (miner)
			return trust[m->target] < 0 ? 50 - trust[m->target] :
			    NEVER;
		return trust[m->target] >= 0 ? 35 + trust[m->target] : NEVER;
	default:                /* a discard */
		return 5 - keep_value(s, m->card, miner, sure);
	}
}

static const char *choose(const botstate *s)
{
	int sure, g = target_goal(s, &sure), before = goal_distance(s, g);
	int best = -1, best_score = NEVER - 1;

	trust_new_round(s);
	for (int i = 0; i < s->nlegal; i++) {
		if (!s->legal[i].parsed)
			continue;
		int v = score(s, &s->legal[i].m, g, sure, before);
		if (v > best_score)
			best = i, best_score = v;
	}
	return best < 0 ? NULL : s->legal[best].line;
}

int main(void)
{
	return bot_run("heuristic", choose, seen);
}
