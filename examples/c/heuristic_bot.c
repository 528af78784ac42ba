/* heuristic_bot.c: a Saboteur bot that scores every legal move by its role:
 * miners dig towards the gold, saboteurs block the tunnel nearest to it;
 * in Saboteur 2 a team's miners dig through their own doors, geologists
 * lay crystals, and everyone steals; the World Championship's special
 * cards are played where they help our side (a veto when the other side
 * is about to reach the gold). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "botlib.h"
#include "heuristic.h"

#define NEVER (-1000)

/*
 * What our role asks of us this round.  A digger wants the gold reached
 * (the base game's miner, Saboteur 2's gold miners and boss, and the
 * profiteer, who wins with either side: one seen blocking gets trapped, and
 * a trapped dwarf is not paid, which costs it more than the saboteurs'
 * smaller group would bring); a blocker wants it not reached (saboteurs);
 * a geologist wants crystals on the table and blocks otherwise, since a
 * longer round shows more of them.  team is a gold miner's door colour (1
 * blue, 2 green), 0 for everyone else: its tunnels are the ones that count.
 */
enum { DIGGER, BLOCKER, GEOLOGIST };
typedef struct stance {
	int kind;
	int team;
	int me;                 /* our role, as bot_role() */
} stance;

/* The card types of Saboteur 2's action cards (-1 in a library without
 * them), looked up once; swap hands is not among them: our hand for one
 * we have not seen is no bargain, so we only ever discard it. */
static int t_theft = -2, t_handsoff, t_trapped, t_freedom, t_inspection,
    t_hats;
/* The World Championship's special cards (the master crafter is a repair
 * card). */
static int t_swap, t_trove, t_veto, t_direction, t_pathfinder, t_diversion;

static void kinds_init(void)
{
	if (t_theft != -2)
		return;
	t_theft = bot_kind_type("theft");
	t_handsoff = bot_kind_type("hands-off");
	t_trapped = bot_kind_type("trapped");
	t_freedom = bot_kind_type("freedom");
	t_inspection = bot_kind_type("inspection");
	t_hats = bot_kind_type("change-hats");
	t_swap = bot_kind_type("goal-swap");
	t_trove = bot_kind_type("treasure-trove");
	t_veto = bot_kind_type("veto");
	t_direction = bot_kind_type("change-direction");
	t_pathfinder = bot_kind_type("pathfinder");
	t_diversion = bot_kind_type("diversion");
}

static int is_role(const botstate *s, int seat, const char *word)
{
	const char *w = bot_role_word(s, seat);

	return w != NULL && strcmp(w, word) == 0;
}

static stance stance_of(const botstate *s)
{
	stance st = { DIGGER, 0, bot_role(s, s->seat) };

	if (is_role(s, s->seat, "saboteur"))
		st.kind = BLOCKER;
	else if (is_role(s, s->seat, "geologist"))
		st.kind = GEOLOGIST;
	else if (is_role(s, s->seat, "blue-miner"))
		st.team = 1;
	else if (is_role(s, s->seat, "green-miner"))
		st.team = 2;
	if (st.team > s->rs.nteams)
		st.team = 0;
	return st;
}

/* How far each seat seems to help the miners this round: up for digging
 * towards the gold, down for dead ends, rockfalls on the tunnel, and tools
 * broken on helpful players. */
static int own_trust[SAB_MAX_PLAYERS];
/* The same as another seat would learn it (heuristic_trust()). */
static int pub_trust[SAB_MAX_PLAYERS];
/* The trust read and learned: ours, or a sampled game's (heuristic_game_move()). */
static int *trust = own_trust;
static int trust_key = -1;      /* the game and round trust is about */

/* A sampled game's seat, as heuristic_game_move() makes it: sim (NULL until
 * the first) reads its board from sim_board rather than its table. */
static botstate *sim;
static const sab_board *sim_board;
static int sim_digger;          /* scoring a digger's moves in sim */

/* The board of s's table. */
static const sab_board *board(const botstate *s)
{
	return s == sim ? sim_board : &s->table.board;
}

/* Everyone starts a round trusted as much as anyone: roles are new. */
static void trust_new_round(const botstate *s)
{
	if (trust_key == s->game * 100 + s->table.round)
		return;
	for (int i = 0; i < SAB_MAX_PLAYERS; i++)
		own_trust[i] = pub_trust[i] = 0;
	trust_key = s->game * 100 + s->table.round;
}

/* The team whose tunnels count for us: a gold miner's own (a door of the
 * other colour is a wall to them), else everyone's. */
static int our_team;

/* The fewest steps from a cell the tunnel may grow into to (gx, gy); 0 once
 * the tunnel reaches it.  With a team, only the cells its own tunnels
 * reach count. */
static int distance(const sab_board *b, const sab_ruleset *rs, int gx, int gy)
{
	static uint16_t f[SAB_MAX_FRONTIER];
	int n = sab_board_frontier(b, rs, f, SAB_MAX_FRONTIER), best = 999;

	if (our_team ? sab_board_team_reached(b, rs, our_team, gx, gy) != 0 :
	    sab_board_goal_reached(b, gx, gy) != 0)
		return 0;
	for (int i = 0; i < n; i++) {
		int x = sab_board_x(f[i]), y = sab_board_y(f[i]);
		if (our_team &&
		    !sab_board_team_reached(b, rs, our_team, x, y))
			continue;
		int d = abs(x - gx) + abs(y - gy);
		if (d < best)
			best = d;
	}
	return best;
}

static int goal_distance(const botstate *s, int g)
{
	return distance(board(s), &s->rs, bot_goal_x(s, g),
	    bot_goal_y(s, g));
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

/* The path card a diversion would move (the last one played), or -1. */
static int diverted_card(const botstate *s)
{
	uint8_t cell;

	if (!s->has_last_path)
		return -1;
	cell = sab_board_get(board(s), s->last_path_x, s->last_path_y);
	if (cell == SAB_CELL_EMPTY || cell == SAB_CELL_HIDDEN ||
	    s->rs.defs[SAB_CELL_DEF(cell)].type != SAB_CARD_PATH)
		return -1;
	return SAB_CELL_DEF(cell);
}

/* The distance to the target goal after move m (a path, a rockfall, or a
 * diversion of the last path card to m's cell). */
static int distance_after(const botstate *s, const sab_move *m, int g)
{
	static sab_board b;
	int type = bot_move_type(s, m), moved;

	/* In a sampled game, no copy of the board where the move cannot
	 * change the distance: a path card further from the goal than the
	 * tunnel comes (its new ends lie no nearer, and the nearest end
	 * stays open), short of joining a tunnel a rockfall cut off; and,
	 * for a digger's score, a rockfall that cannot bring the tunnel
	 * nearer (the cell it empties is no nearer than its end): a digger
	 * plays none that does not. */
	if (s == sim && (type == SAB_CARD_PATH ||
	    (sim_digger && type == SAB_CARD_ROCKFALL))) {
		int before = goal_distance(s, g);
		if (abs(m->x - bot_goal_x(s, g)) + abs(m->y - bot_goal_y(s, g)) >=
		    before + (type == SAB_CARD_PATH))
			return before;
	}
	b = *board(s);
	if (type == SAB_CARD_PATH)
		sab_board_place(&b, &s->rs, m->x, m->y, m->card, m->rot);
	else if (type == SAB_CARD_ROCKFALL)
		sab_board_remove(&b, &s->rs, m->x, m->y);
	else if (type == t_diversion && (moved = diverted_card(s)) >= 0) {
		sab_board_remove(&b, &s->rs, s->last_path_x, s->last_path_y);
		sab_board_place(&b, &s->rs, m->x, m->y, (uint8_t)moved,
		    m->rot);
	}
	return distance(&b, &s->rs, bot_goal_x(s, g), bot_goal_y(s, g));
}

/* Returns 1 when we hope the gold is reached: our own tools and freedom
 * matter to the miners then. */
static int me_good(const stance *st)
{
	return st->kind == DIGGER && st->me > SAB_ROLE_NONE;
}

/* Learns from seat's play m who digs and who blocks, into trust, as
 * observer sees it: our seat (s->seat), or anyone else (a seat that knows
 * nothing of the others' roles and digs for everyone). */
static void learn(const botstate *s, int observer, int seat,
    const sab_move *m)
{
	stance st = observer == s->seat ? stance_of(s) :
	    (stance){ DIGGER, 0, -1 };
	our_team = st.team;
	int sure, g = target_goal(s, &sure), before = goal_distance(s, g);
	int type = bot_move_type(s, m);

	if (seat == observer)
		return;
	if (type == SAB_CARD_PATH && bot_is_dead_end(s, m->card))
		trust[seat] -= 2;
	else if (type == SAB_CARD_PATH || type == SAB_CARD_ROCKFALL ||
	    type == t_diversion) {
		int after = distance_after(s, m, g);
		trust[seat] += after < before ? 1 : after > before ? -3 : 0;
	} else if (type == SAB_CARD_SABOTAGE || type == t_trapped) {
		int victim_good = m->target == observer ? me_good(&st) :
		    trust[m->target] > 0;
		trust[seat] += victim_good ? -2 : trust[m->target] < 0;
	} else if ((type == SAB_CARD_REPAIR || type == t_freedom) &&
	    trust[m->target] < 0)
		trust[seat] -= 1;
}

/* Watches every play to learn who digs and who blocks. */
static void seen(const botstate *s, int seat, const sab_move *m)
{
	kinds_init();
	trust_new_round(s);
	learn(s, s->seat, seat, m);
	/* What the others make of everyone, us included. */
	trust = pub_trust;
	learn(s, SAB_MAX_PLAYERS, seat, m);
	trust = own_trust;
}

/* How we feel about seat: its role when an inspection told it (Saboteur
 * 2), else what its plays made of it.  In the base game no other seat's
 * role is known during a round, so this is its trust. */
static int attitude(const botstate *s, const stance *st, int seat)
{
	int blue = is_role(s, seat, "blue-miner"),
	    green = is_role(s, seat, "green-miner"),
	    boss = is_role(s, seat, "boss"),
	    sab = is_role(s, seat, "saboteur");

	if (seat == s->seat || bot_role(s, seat) < 0 ||
	    (!blue && !green && !boss && !sab))
		return trust[seat];
	if (st->kind == DIGGER) {
		if (sab)
			return -6;
		if (st->team == 0 || boss)
			return 6;       /* the boss helps both teams */
		return (st->team == 1) == blue ? 6 : -2;
	}
	return sab ? 6 : -6;    /* a blocker's allies block */
}

/* How much we want to keep a World Championship special card: the veto
 * most, which only another seat's turn can play. */
static int keep_wc(const stance *st, int type)
{
	int digger = st->kind == DIGGER;

	if (type == t_veto)
		return 8;
	if (type == t_diversion)
		return 6;
	if (type == t_pathfinder)
		return digger ? 6 : 3;
	if (type == t_swap)
		return digger ? 2 : 5;
	if (type == t_trove)
		return 4;
	return 0;               /* change of direction, swap hands */
}

/* How much we want to keep a card of Saboteur 2 beyond the base game's. */
static int keep_sab2(const stance *st, int type)
{
	if (type == t_theft)
		return 9;
	if (type == t_trapped)
		return st->kind == DIGGER ? 5 : 7;
	if (type == t_freedom)
		return st->kind == DIGGER ? 7 : 5;
	if (type == t_handsoff)
		return 4;
	if (type == t_inspection || type == t_hats)
		return 2;
	return keep_wc(st, type);
}

/* How much we want to keep a card: the least useful is discarded first. */
static int keep_value(const botstate *s, const stance *st, int def, int sure)
{
	const sab_card *c = bot_card(s, def);
	int miner = st->kind == DIGGER;

	if (c == NULL)
		return 0;
	switch (c->type) {
	case SAB_CARD_PATH: {
		int edges = (c->edges & 1) + (c->edges >> 1 & 1) +
		    (c->edges >> 2 & 1) + (c->edges >> 3 & 1);
		if (st->kind == GEOLOGIST && c->crystals)
			return 9;
		if (c->door && st->team && c->door != st->team)
			return 0;       /* a door closed to our team */
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
	case SAB_CARD_REPAIR:   /* a miner's own tools come first */
		return miner ? 8 : 5;
	default:
		return keep_sab2(st, c->type);
	}
}

/* A path card or a rockfall, as a miner (closer is better) or a saboteur
 * (further, or a dead end in the way near the gold); a geologist lays
 * crystals anywhere, keeps those on the table, and blocks otherwise. */
static int score_table(const botstate *s, const stance *st,
    const sab_move *m, int g, int before)
{
	int after = distance_after(s, m, g), dead = bot_is_dead_end(s, m->card);
	int near = abs(m->x - bot_goal_x(s, g)) + abs(m->y - bot_goal_y(s, g));
	int path = bot_move_type(s, m) == SAB_CARD_PATH;
	const sab_card *c = bot_card(s, m->card);

	if (st->kind == GEOLOGIST) {
		if (path && c->crystals)
			return 70 + (after > before) - (after < before);
		if (!path) {
			uint8_t cell = sab_board_get(board(s), m->x,
			    m->y);
			if (s->rs.defs[SAB_CELL_DEF(cell)].crystals)
				return NEVER;
		}
	}
	if (st->kind == DIGGER) {
		if (dead || after > before)
			return NEVER;
		/* A door closed to our team, even off our way, may yet
		 * close it. */
		if (path && c->door && st->team && c->door != st->team)
			return NEVER;
		if (after < before)
			return (path ? 80 : 55) + 5 * (before - after) +
			    (path && c->door && c->door == st->team);
		/* No progress: a card near the front opens a second lane
		 * that one dead end cannot close; far away, a discard wins.
		 * A gold miner opens lanes only for its own team's tunnels:
		 * one reached through the other colour's door helps the
		 * other team alone. */
		if (path && st->team && !sab_board_team_reached(
		    board(s), &s->rs, st->team, m->x, m->y))
			return NEVER;
		return path ? 20 - near : NEVER;
	}
	if (after > before)
		return 50 + 10 * (after - before);
	/* A dead end in the tunnel's way, only where the tunnel is close. */
	if (dead && path && near <= before + 1)
		return 40 - near;
	return dead ? -5 : NEVER;
}

/* Tunnel toll: a path card on another seat's dwarf pays it 1 gold, worth
 * avoiding when another cell does as well. */
static int toll_cost(const botstate *s, const sab_move *m)
{
	int owner = bot_move_type(s, m) == SAB_CARD_PATH ?
	    bot_dwarf_at(s, m->x, m->y) : -1;

	return owner >= 0 && owner != s->seat ? 8 : 0;
}

/* A dwarf put on an open end of the tunnel: a blocker's, on the cell
 * nearest the gold it can find (the diggers must pay it to pass there),
 * giving up its least useful card; a digger keeps the way open. */
static int score_dwarf(const botstate *s, const stance *st,
    const sab_move *m, int g, int sure, int before)
{
	int near = abs(m->x - bot_goal_x(s, g)) + abs(m->y - bot_goal_y(s, g));

	if (st->kind != BLOCKER || near > before + 1)
		return NEVER;
	return 48 + 4 * (before + 1 - near) - keep_value(s, st, m->card, sure);
}

/* A discard of one card (the base game) or up to three: each card's
 * worth, less what the hand loses for good once the deck is empty (a
 * blocker is glad to run out: the round then ends without the gold). */
static int score_discard(const botstate *s, const stance *st,
    const sab_move *m, int sure)
{
	int v = 5 - keep_value(s, st, m->card, sure);

	if (m->kind != SAB_MOVE_PASS || m->nmore == 0)
		return v;
	for (int i = 0; i < m->nmore && i < 2; i++)
		v += 5 - keep_value(s, st, m->more[i], sure);
	if (sab_seen_deck(&s->table, &s->rs) < 1 + m->nmore)
		v += st->kind == DIGGER ? -10 * m->nmore : m->nmore;
	return v;
}

/* Two cards discarded to take away a card in front of us: worth it for
 * trapped (which also costs us our pay), and for a broken tool when we
 * dig. */
static int score_remove(const botstate *s, const stance *st,
    const sab_move *m, int sure)
{
	const sab_card *f = bot_card(s, m->front);

	if (f == NULL || (f->type != t_trapped &&
	    f->type != SAB_CARD_SABOTAGE))
		return NEVER;
	return (st->kind == DIGGER || f->type == t_trapped ? 62 : 40) + 10 -
	    keep_value(s, st, m->card, sure) -
	    keep_value(s, st, m->more[0], sure);
}

/* The richest seat we may rob, as far as we can guess; an ally last. */
static int score_steal(const botstate *s, const stance *st,
    const sab_move *m)
{
	return 100 + 10 * bot_gold_guess(s, m->target) -
	    attitude(s, st, m->target);
}

/* Saboteur 2's action cards. */
static int score_sab2(const botstate *s, const stance *st, const sab_move *m,
    int type)
{
	int t = m->target, att = t < s->nplayers ? attitude(s, st, t) : 0;
	int digger = st->kind == DIGGER;

	if (type == t_theft)
		return 95;
	if (type == t_handsoff)
		return t != s->seat && att <= 0 ? 48 - att : NEVER;
	if (type == t_trapped) {
		if (digger)
			return att < 0 ? 52 - att : NEVER;
		return att >= 0 ? 37 + att : NEVER;
	}
	if (type == t_freedom) {
		/* "If the trapped card is still in front of you at the end of
		 * the round, you don't get a share of the treasure and you
		 * can't carry out a theft": whatever our role. */
		if (t == s->seat)
			return 90;
		return (digger ? att > 0 : att < 0) ? 60 + abs(att) : NEVER;
	}
	if (type == t_inspection)
		return bot_role(s, t) < 0 ? 30 + abs(trust[t]) : NEVER;
	if (type == t_hats)
		return t != s->seat && att <= -3 ? 40 - att : NEVER;
	return NEVER;           /* swap hands: our hand for theirs, blind */
}

/* ---- the World Championship's special cards ---------------------------- */

/* 1 for a repair card of all three tools (the master crafter). */
static int master(const botstate *s, const sab_move *m)
{
	const sab_card *c = bot_card(s, m->card);

	return c != NULL && c->tools == (SAB_PICKAXE | SAB_LANTERN | SAB_CART);
}

/* Whether seat is on our side (above 0) or against it (below): a
 * digger's attitude; for a blocker, a known saboteur is a friend, a known
 * other role a foe, and otherwise a seat that helps the miners (trust) is
 * against it. */
static int side(const botstate *s, const stance *st, int seat)
{
	if (st->kind == DIGGER)
		return attitude(s, st, seat);
	if (bot_role(s, seat) >= 0 && seat != s->seat &&
	    bot_role(s, seat) != SAB_ROLE_NONE)
		return is_role(s, seat, "saboteur") ? 6 : -6;
	return -trust[seat];
}

/* Returns 1 when the path card of move m would reach a goal
 * that may hold the gold (g, when we are sure of it) or lie next to it. */
static int nears_gold(const botstate *s, const sab_move *m, int g, int sure)
{
	for (int h = 0; h < s->rs.ngoals; h++) {
		const sab_card *c = bot_card(s, bot_goal_card(s, h));
		if ((sure && h != g) || (c != NULL && !c->gold))
			continue;
		if (distance_after(s, m, h) <= 1)
			return 1;
	}
	return 0;
}

/*
 * A veto of the card waiting in s->pending: when the other side is about
 * to reach the gold.  A blocker stops a path card that reaches a goal that
 * may hold the gold, or comes next to it; a digger stops a seat it does
 * not trust from blocking the tunnel near the gold (a rockfall or a dead
 * end that puts it further away) or breaking the tools of a digger it
 * trusts, us first, when the gold is near.  Otherwise it keeps the veto.
 */
static int score_veto(const botstate *s, const stance *st, int g, int sure,
    int before)
{
	const sab_move *m = &s->pending;
	int type = bot_move_type(s, m), p = s->pending_seat;

	if (p < 0 || p >= s->nplayers || !s->pending_parsed || p == s->seat)
		return NEVER;
	if (st->kind != DIGGER) {
		if (type == SAB_CARD_PATH && !bot_is_dead_end(s, m->card) &&
		    side(s, st, p) <= 0 && nears_gold(s, m, g, sure))
			return 100;
		return NEVER;
	}
	if (attitude(s, st, p) >= 0 || before > 3)
		return NEVER;
	if ((type == SAB_CARD_PATH || type == SAB_CARD_ROCKFALL ||
	    type == t_diversion) && distance_after(s, m, g) > before)
		return 100;
	if (type == SAB_CARD_SABOTAGE &&
	    (m->target == s->seat || attitude(s, st, m->target) > 2))
		return 90;
	return NEVER;
}

/* How many path cards of our hand a miner can use (no dead ends), or a
 * blocker (dead ends). */
static int useful_paths(const botstate *s, const stance *st)
{
	int n = 0;

	for (int i = 0; i < s->table.nhand[s->seat]; i++) {
		int def = s->table.hand[s->seat][i];
		const sab_card *c = bot_card(s, def);
		if (c != NULL && c->type == SAB_CARD_PATH &&
		    bot_is_dead_end(s, def) == (st->kind == BLOCKER))
			n++;
	}
	return n;
}

/* A goal swap: a blocker that knows where the gold is moves it away from
 * the tunnel's front, a digger towards it; a swap we cannot judge, never. */
static int score_swap(const botstate *s, const stance *st,
    const sab_move *m, int g, int sure)
{
	int other, dg, dother;

	if (!sure || !m->rot || (m->goal != g && m->goal2 != g))
		return NEVER;
	other = m->goal == g ? m->goal2 : m->goal;
	dg = goal_distance(s, g);
	dother = goal_distance(s, other);
	if (st->kind == DIGGER)
		return dother < dg ? 70 + 5 * (dg - dother) : NEVER;
	return dother > dg && dg <= 6 ? 70 + 5 * (dother - dg) : NEVER;
}

/* Change of direction: when the seat after us is against our side and the
 * one before us with it, they trade places in the order. */
static int score_direction(const botstate *s, const stance *st)
{
	int n = s->nplayers, step = s->table.dir ? n - 1 : 1;
	int next = (s->seat + step) % n, prev = (s->seat + n - step) % n;

	if (n < 3 || st->me == SAB_ROLE_NONE || st->kind == GEOLOGIST)
		return NEVER;
	return side(s, st, next) < 0 && side(s, st, prev) > 0 ? 35 : NEVER;
}

static int score_wc(const botstate *s, const stance *st, const sab_move *m,
    int type, int g, int sure, int before)
{
	int after;

	if (type == t_veto)
		return score_veto(s, st, g, sure, before);
	if (type == t_swap)
		return score_swap(s, st, m, g, sure);
	if (type == t_trove)    /* a card of our choice instead of a draw */
		return s->table.ndiscard > 0 ? 20 : NEVER;
	if (type == t_direction)
		return score_direction(s, st);
	if (type == t_pathfinder) {
		if (useful_paths(s, st) < 2)
			return NEVER;
		return st->kind == DIGGER ? 85 : before <= 4 ? 45 : NEVER;
	}
	if (type == t_diversion) {
		after = distance_after(s, m, g);
		if (st->kind == DIGGER)
			return after < before ? 78 + 5 * (before - after) :
			    NEVER;
		return after > before ? 52 + 10 * (after - before) : NEVER;
	}
	return NEVER;
}

/* New Goals: which of two goals reached at once turns first.  A goal we
 * looked at: the gold first for a miner, the giant spider first for a
 * blocker (each ends the round its way); a dragon before a sack while we
 * have no gold (it then takes nothing); a goal we do not know last. */
static int score_reveal(const botstate *s, const stance *st,
    const sab_move *m)
{
	int def = bot_goal_card(s, m->goal);
	const sab_card *c = def >= 0 ? &s->rs.defs[def] : NULL;
	int miner = st->kind != BLOCKER;

	if (c == NULL)
		return 30;
	if (c->gold)
		return miner ? 90 : 10;
	if (c->effect == SAB_GOAL_SPIDER)
		return miner ? 5 : 90;
	if (c->effect == SAB_GOAL_DRAGON)
		return s->gold_guess[s->seat] <= 0 ? 60 : 20;
	return c->effect == SAB_GOAL_SACK ? 50 : 40;
}

/* Treasure Chests: which face-down goal goes one cell further away.  A
 * miner pushes a goal it knows holds no gold, else one other than the
 * goal it digs for; a blocker the goal the tunnels are nearest (the one
 * it believes the miners dig for). */
static int score_push(const botstate *s, const stance *st,
    const sab_move *m, int g)
{
	int def = bot_goal_card(s, m->goal);
	const sab_card *c = def >= 0 ? &s->rs.defs[def] : NULL;

	if (st->kind == BLOCKER)
		return m->goal == g ? 60 : 30;
	if (c != NULL)
		return c->gold ? 10 : 60;
	return m->goal == g ? 20 : 40;
}

/* The score of one legal move for us; the highest is played. */
static int score(const botstate *s, const stance *st, const sab_move *m,
    int g, int sure, int before)
{
	int miner = st->kind != BLOCKER;
	int type = bot_move_type(s, m);

	switch (type) {
	case BOT_PICK:
		return 100 + m->value;
	case BOT_STEAL:
		return score_steal(s, st, m);
	case BOT_REMOVE:
		return score_remove(s, st, m, sure);
	case BOT_ALLOW:
		return 0;
	case BOT_TAKE:
		return keep_value(s, st, m->card, sure);
	case BOT_REVEAL:
		return score_reveal(s, st, m);
	case BOT_PUSH:
		return score_push(s, st, m, g);
	case BOT_CHOOSE:
		/* Treasure Chests: a player whose role we do not know (to
		 * look at it), with the most cards (to take one). */
		return 40 + (bot_role(s, m->target) < 0 ? 10 : 0) +
		    s->table.nhand[m->target];
	case BOT_DISCARD:
		return score_discard(s, st, m, sure);
	case BOT_DWARF:
		return score_dwarf(s, st, m, g, sure, before);
	case SAB_CARD_PATH:
	case SAB_CARD_ROCKFALL: {
		int v = score_table(s, st, m, g, before);
		return v <= NEVER ? v : v - toll_cost(s, m);
	}
	case SAB_CARD_MAP:
		if (sure)
			return NEVER;
		/* Early: before the tunnel must choose between the goals, or
		 * whenever nothing better is at hand. */
		return m->goal == g ? (before <= 5 ? 88 : 45) : 30;
	case SAB_CARD_REPAIR:
		/* A master crafter, which mends any tool, is kept for
		 * later when a card of fewer tools will do. */
		if (m->target == s->seat)
			return (miner ? 90 : 55) - master(s, m);
		return miner && trust[m->target] > 0 ? 60 + trust[m->target] -
		    master(s, m) : NEVER;
	case SAB_CARD_SABOTAGE:
		/* No roles: all are rivals. */
		if (bot_role(s, s->seat) == SAB_ROLE_NONE)
			return 50;
		if (miner)
			return trust[m->target] < 0 ? 50 - trust[m->target] :
			    NEVER;
		return trust[m->target] >= 0 ? 35 + trust[m->target] : NEVER;
	default:
		if (type == t_veto || type == t_swap || type == t_trove ||
		    type == t_direction || type == t_pathfinder ||
		    type == t_diversion)
			return score_wc(s, st, m, type, g, sure, before);
		return score_sab2(s, st, m, type);
	}
}

#ifndef HEURISTIC_NO_MAIN
static const char *choose(const botstate *s)
{
	stance st = stance_of(s);
	our_team = st.team;
	int sure, g = target_goal(s, &sure), before = goal_distance(s, g);
	int best = -1, best_score = NEVER - 1;

	kinds_init();
	trust_new_round(s);
	for (int i = 0; i < s->nlegal; i++) {
		if (!s->legal[i].parsed)
			continue;
		int v = score(s, &st, &s->legal[i].m, g, sure, before);
		if (v > best_score)
			best = i, best_score = v;
	}
	return best < 0 ? NULL : s->legal[best].line;
}
#endif

/* For the search bot (search_bot.c), which starts from this bot's choice:
 * the score of each legal move of s (score[i] for s->legal[i]; those that
 * could not be read score INT_MIN), and what it learns from each play. */
void heuristic_rank(const botstate *s, int *scores)
{
	stance st = stance_of(s);
	our_team = st.team;
	int sure, g = target_goal(s, &sure), before = goal_distance(s, g);

	kinds_init();
	trust_new_round(s);
	for (int i = 0; i < s->nlegal; i++)
		scores[i] = s->legal[i].parsed ? score(s, &st, &s->legal[i].m,
		    g, sure, before) : INT_MIN;
}

void heuristic_seen(const botstate *s, int seat, const sab_move *m)
{
	seen(s, seat, m);
}

#ifndef HEURISTIC_NO_MAIN
int main(void)
{
	return bot_run("heuristic", choose, seen);
}
#endif

/* ---- the heuristic in a complete game (a search's sample) ---------------- */

static const sab_ruleset *sim_rs;
static int sim_players = -1;

/* Makes sim what seat (or, for SAB_MAX_PLAYERS, a spectator) knows of g:
 * its own hand and role, the goals it looked at or that lie face up, the
 * board, the cards in front of everyone, the gold (the heuristic's guess
 * at it, exact here). */
static int sim_view(const sab_game *g, int seat)
{
	sab_seen *t;

	if (sim == NULL && (sim = calloc(1, sizeof *sim)) == NULL)
		return -1;
	if (sim_rs != g->rs || sim_players != g->nplayers) {
		sim->rs = *g->rs;
		sab_seen_init(&sim->table, g->rs, g->nplayers, SAB_SEEN_PUBLIC);
		sim_rs = g->rs;
		sim_players = g->nplayers;
	}
	kinds_init();
	t = &sim->table;
	sim->nplayers = g->nplayers;
	sim->seat = seat;
	sim->game = 1;
	sim->pending_seat = -1;
	sim->has_last_path = g->last_path != SAB_NO_CELL;
	sim->last_path_x = sim->has_last_path ? sab_board_x(g->last_path) : 0;
	sim->last_path_y = sim->has_last_path ? sab_board_y(g->last_path) : 0;
	sim_board = &g->board;
	t->round = g->round;
	t->phase = g->phase;
	t->to_act = g->to_act;
	t->dir = g->dir;
	t->deck = g->ndeck;
	t->dealing = 0;
	t->ndiscard = g->ndiscard;
	t->goal_open = g->goal_open;
	memcpy(t->nhand, g->nhand, sizeof t->nhand);
	memcpy(t->nfront, g->nfront, sizeof t->nfront);
	memcpy(t->front, g->front, sizeof t->front);
	memcpy(t->goal_x, g->goal_x, sizeof t->goal_x);
	memcpy(t->goal_y, g->goal_y, sizeof t->goal_y);
	for (int i = 0; i < g->nplayers; i++) {
		t->role[i] = i == seat ? g->role[i] : SAB_SEEN_UNKNOWN;
		sim->gold_guess[i] = g->gold[i];
	}
	if (seat < g->nplayers)
		memcpy(t->hand[seat], g->hand[seat], sizeof t->hand[seat]);
	for (int k = 0; k < SAB_MAX_GOALS; k++)
		t->goal_known[k] = k < g->rs->ngoals && ((g->goal_open >> k & 1) ||
		    (seat < g->nplayers && (g->peeked[seat] >> k & 1))) ?
		    g->goal_def[k] : SAB_NO_CARD;
	return 0;
}

int heuristic_game_scores(const sab_game *g, int *tr, sab_move *buf,
    int *scores)
{
	int n = sab_game_moves(g, buf), seat = g->to_act, self;
	int *keep = trust;

	if (n <= 0 || sim_view(g, seat) != 0)
		return -1;
	/* The heuristic never learns from its own plays. */
	self = tr[seat];
	tr[seat] = 0;
	trust = tr;
	{
		stance st = stance_of(sim);
		our_team = st.team;
		int sure, goal = target_goal(sim, &sure),
		    before = goal_distance(sim, goal);
		sim_digger = st.kind == DIGGER;
		for (int i = 0; i < n; i++)
			scores[i] = score(sim, &st, &buf[i], goal, sure, before);
		sim_digger = 0;
	}
	trust = keep;
	tr[seat] = self;
	return n;
}

int heuristic_game_move(const sab_game *g, int *tr, sab_move *buf,
    sab_move *m)
{
	static int sc[SAB_MAX_MOVES];
	int n = heuristic_game_scores(g, tr, buf, sc), best = -1;
	int best_score = NEVER - 1;

	if (n <= 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (sc[i] > best_score)
			best = i, best_score = sc[i];
	*m = buf[best];
	return 0;
}

void heuristic_game_seen(const sab_game *g, int *tr, int seat,
    const sab_move *m)
{
	int *keep = trust;

	if (seat < 0 || seat >= g->nplayers ||
	    sim_view(g, SAB_MAX_PLAYERS) != 0)
		return;
	trust = tr;
	learn(sim, SAB_MAX_PLAYERS, seat, m);
	trust = keep;
}

void heuristic_trust(int seat, int *tr)
{
	memcpy(tr, own_trust, sizeof own_trust);
	if (seat >= 0 && seat < SAB_MAX_PLAYERS)
		tr[seat] = pub_trust[seat];
}
