/* search.c: information-set Monte Carlo tree search over sampled games,
 * and the playouts' policy; see search.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

/* ---- the playouts' policy ------------------------------------------------ */

static int is_saboteur(const sab_game *g, int seat)
{
	return strcmp(sab_role_name(g->rs, g->role[seat]), "saboteur") == 0;
}

/* The cell of the goal that holds the gold, in this game (a sample's), or
 * 0 when none lies face down. */
static int gold_cell(const sab_game *g, int *x, int *y)
{
	for (int k = 0; k < g->rs->ngoals; k++)
		if (!(g->goal_open >> k & 1) && g->rs->defs[g->goal_def[k]].gold) {
			*x = g->goal_x[k];
			*y = g->goal_y[k];
			return 1;
		}
	return 0;
}

static int dist(int x0, int y0, int x1, int y1)
{
	return abs(x0 - x1) + abs(y0 - y1);
}

/* How near the tunnels from the start come to (gx, gy): the least distance
 * of a card the start reaches. */
static int reach_dist(const sab_game *g, int gx, int gy)
{
	int best = 1000;

	for (int i = 0; i < g->board.nplaced; i++) {
		int x = sab_board_x(g->board.placed[i]);
		int y = sab_board_y(g->board.placed[i]);
		int d = dist(x, y, gx, gy);
		if (d < best && sab_board_connected(&g->board, x, y))
			best = d;
	}
	return best;
}

/* Whether seat holds a broken tool card in front of it. */
static int broken(const sab_game *g, int seat)
{
	return sab_game_broken(g, seat, SAB_PICKAXE) +
	    sab_game_broken(g, seat, SAB_LANTERN) +
	    sab_game_broken(g, seat, SAB_CART) > 0;
}

/* A score for move m of the seat to act; the highest is played. */
static int score(const sab_game *g, const sab_move *m, int sab, int have,
    int gx, int gy, int cur)
{
	const sab_card *c = m->card < g->rs->ndefs ? &g->rs->defs[m->card] :
	    NULL;
	int me = g->to_act;

	if (m->kind == SAB_MOVE_PASS)
		return m->nmore == 0 ? 10 : 5;
	if (m->kind != SAB_MOVE_PLAY || c == NULL)
		return 8;
	switch (c->type) {
	case SAB_CARD_PATH: {
		int d = have ? dist(m->x, m->y, gx, gy) : 50, dead, ahead;
		uint8_t e = m->rot ? sab_edges_turn(c->edges) : c->edges;
		dead = c->groups[0] == 0;
		if (!have)
			return 9;
		/* Open towards the gold: the tunnel goes on that way. */
		ahead = (gx > m->x && (e & SAB_E)) || (gx < m->x && (e & SAB_W)) ||
		    (gy > m->y && (e & SAB_S)) || (gy < m->y && (e & SAB_N));
		if (sab)
			return dead && d <= cur + 1 ? 40 : d > cur ? 15 : 2;
		if (dead)
			return 1;
		if (d < cur)
			return (ahead ? 70 : 25) + 4 * (cur - d);
		return d == cur && ahead ? 30 : 6;
	}
	case SAB_CARD_SABOTAGE:
		if (m->target == me)
			return 0;
		return is_saboteur(g, m->target) != sab ? 30 : 3;
	case SAB_CARD_REPAIR:
		if (m->target == me && broken(g, me))
			return sab ? 40 : 65;
		return is_saboteur(g, m->target) == sab &&
		    broken(g, m->target) ? 35 : 2;
	case SAB_CARD_ROCKFALL: {
		/* A miner clears a dead end in the tunnel's way. */
		uint8_t cell = sab_board_get(&g->board, m->x, m->y);
		int deadend = cell != SAB_CELL_EMPTY && cell != SAB_CELL_HIDDEN &&
		    g->rs->defs[SAB_CELL_DEF(cell)].groups[0] == 0;
		if (!have)
			return 3;
		if (sab)
			return !deadend && dist(m->x, m->y, gx, gy) <= cur + 1 ?
			    25 : 3;
		return deadend && dist(m->x, m->y, gx, gy) <= cur + 2 ? 45 : 2;
	}
	case SAB_CARD_MAP:
		return 4;
	default:
		return 12;
	}
}

void search_policy(const sab_game *g, sab_rng *rng, sab_move *buf,
    sab_move *m)
{
	int n, gx = 0, gy = 0, have, cur = 1000, best = -1, nbest = 0;
	int sab;

	if (g->phase != SAB_PHASE_PLAY || sab_rng_below(rng, 6) == 0 ||
	    (n = sab_game_moves(g, buf)) == 0) {
		sab_game_random_move(g, rng, m);
		return;
	}
	/* A saboteur hides what it is, one move in two. */
	sab = g->rs->has_roles && is_saboteur(g, g->to_act) &&
	    sab_rng_below(rng, 2) == 0;
	have = gold_cell(g, &gx, &gy);
	if (have)
		cur = reach_dist(g, gx, gy);
	for (int i = 0; i < n; i++) {
		int sc = score(g, &buf[i], sab, have, gx, gy, cur);
		if (sc > best) {
			best = sc;
			nbest = 0;
		}
		/* Among the best, one at random. */
		if (sc == best && sab_rng_below(rng, (uint32_t)++nbest) == 0)
			*m = buf[i];
	}
}

long search_playout(sab_game *g, sab_rng *rng, sab_move *buf, long max)
{
	int round = g->round;
	long n = 0;
	sab_move m;

	while (!sab_game_over(g) && g->round == round && (max <= 0 || n < max)) {
		search_policy(g, rng, buf, &m);
		sab_game_apply(g, &m, rng, NULL);
		n++;
	}
	return n;
}

/* ---- the tree ------------------------------------------------------------ */

#define NONE UINT32_MAX
/* Exploration, as the results run from 0 to 1. */
#define UCB_C 0.7

typedef struct node {
	uint64_t key;           /* the move made to reach this node */
	sab_move move;
	uint8_t actor;          /* the seat that made it */
	uint32_t visits, avail;
	double value;           /* the actor's results, summed */
	uint32_t child, next;
} node;

struct search {
	node *nodes;
	size_t n, max;
	sab_game g, start;
	sab_move moves[SAB_MAX_MOVES];
	sab_move buf[SAB_MAX_MOVES];
	uint32_t path[4096];
};

search *search_new(size_t max_nodes)
{
	search *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->nodes = malloc(sizeof *s->nodes * max_nodes);
	if (s->nodes == NULL) {
		free(s);
		return NULL;
	}
	s->max = max_nodes;
	return s;
}

void search_free(search *s)
{
	if (s == NULL)
		return;
	free(s->nodes);
	free(s);
}

/* A move's identity across samples: the fields of its kind (moves the
 * rules list leave the others 0). */
static uint64_t move_key(const sab_move *m)
{
	return sab_fnv1a(SAB_FNV_OFFSET, m, sizeof *m);
}

static uint32_t node_new(search *s, const sab_move *m, int actor)
{
	node *n;

	if (s->n >= s->max)
		return NONE;
	n = &s->nodes[s->n];
	memset(n, 0, sizeof *n);
	n->key = move_key(m);
	n->move = *m;
	n->actor = (uint8_t)actor;
	n->child = n->next = NONE;
	return (uint32_t)s->n++;
}

static uint32_t child_of(search *s, uint32_t parent, uint64_t key)
{
	for (uint32_t c = s->nodes[parent].child; c != NONE;
	    c = s->nodes[c].next)
		if (s->nodes[c].key == key)
			return c;
	return NONE;
}

/* A playout stops after this many moves a seat, and the round's outcome
 * is guessed from where it stands (search_outlook()). */
#define PLAYOUT_MOVES 3

/* The chance that the gold is reached, as the tunnels stand: falls with
 * their distance to the gold and the miners' broken tools, rises with the
 * cards still to play.  A guess, not a model: it gives the search a
 * gradient where whole-round playouts of a cheap policy mostly end alike. */
double search_outlook(const sab_game *g)
{
	int gx, gy, d, nbroken = 0, cards = g->ndeck;
	double p;

	if (!gold_cell(g, &gx, &gy))
		return 0;
	d = reach_dist(g, gx, gy);
	for (int s = 0; s < g->nplayers; s++) {
		cards += g->nhand[s];
		nbroken += !is_saboteur(g, s) && broken(g, s);
	}
	p = 0.95 - 0.09 * (d - 1) - 0.08 * nbroken;
	/* Few cards left: little time to dig. */
	if (cards < 4 * d)
		p -= 0.3;
	return p < 0.02 ? 0.02 : p > 0.95 ? 0.95 : p;
}

/* Seat's share of the win of a game over: 1 / the winners, or 0. */
static double win_share(const sab_game *g, int seat)
{
	int nwin = 0;

	for (int s = 0; s < g->nplayers; s++)
		nwin += g->winners >> s & 1;
	return (g->winners >> seat & 1) ? 1.0 / nwin : 0;
}

/* Each seat's result: the gold it won since the search's position (a
 * round pays up to about 5), and at the game's end whether it shares the
 * win; 0 to 1.  A round still on is guessed: a miner's share of the gold
 * as likely as search_outlook() says, a saboteur's otherwise. */
static void results(const sab_game *start, const sab_game *g, double *r)
{
	if (!sab_game_over(g) && g->round == start->round &&
	    g->round_end == SAB_END_NONE) {
		double p = search_outlook(g);
		for (int s = 0; s < g->nplayers; s++)
			r[s] = is_saboteur(g, s) ? 0.6 * (1 - p) : 0.45 * p;
		return;
	}

	for (int s = 0; s < g->nplayers; s++) {
		double gold = (g->gold[s] - start->gold[s]) / 5.0;
		gold = gold < 0 ? 0 : gold > 1 ? 1 : gold;
		if (sab_game_over(g))
			r[s] = 0.5 * gold + 0.5 * win_share(g, s);
		else
			r[s] = gold;
	}
}

/* The child to follow from `at`, among the moves legal in this sample
 * (n of them): a move never tried first (added, returned in *added),
 * else the best by UCB1 with availability. */
static uint32_t select_child(search *s, uint32_t at, int n, sab_rng *rng,
    int *added)
{
	uint32_t best = NONE, untried = 0;
	double bestv = -1;
	int actor = s->g.to_act, pick = -1;

	*added = 0;
	for (int i = 0; i < n; i++) {
		uint32_t c = child_of(s, at, move_key(&s->moves[i]));
		if (c == NONE) {
			if (sab_rng_below(rng, ++untried) == 0)
				pick = i;
			continue;
		}
		s->nodes[c].avail++;
	}
	if (pick >= 0) {
		uint32_t c = node_new(s, &s->moves[pick], actor);
		if (c == NONE)
			return NONE;
		s->nodes[c].next = s->nodes[at].child;
		s->nodes[at].child = c;
		s->nodes[c].avail = 1;
		*added = 1;
		return c;
	}
	for (int i = 0; i < n; i++) {
		uint32_t c = child_of(s, at, move_key(&s->moves[i]));
		node *d = &s->nodes[c];
		double v = d->value / d->visits + UCB_C *
		    sqrt(log((double)d->avail) / d->visits);
		if (v > bestv) {
			bestv = v;
			best = c;
		}
	}
	return best;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int search_run(search *s, know *k, sab_rng *rng, double ms, long iterations,
    const search_hooks *hooks, sab_move *best, search_stats *st)
{
	double t0 = now(), r[SAB_MAX_PLAYERS];
	sab_move m;
	uint32_t root;
	int me = know_seat(k);

	memset(st, 0, sizeof *st);
	s->n = 0;
	root = node_new(s, &(sab_move){ 0 }, me);
	for (long it = 0; iterations > 0 ? it < iterations :
	    (it == 0 || (now() - t0) * 1000 < ms); it++) {
		int depth = 0, added = 0;
		uint32_t at = root;
		if (know_sample(k, rng, &s->g) != 0)
			return -1;
		if (it == 0 && s->g.to_act != me)
			return -1;
		if (hooks != NULL && hooks->adjust != NULL)
			hooks->adjust(&s->g, rng, hooks->ctx);
		s->start = s->g;
		s->path[depth++] = root;
		/* Down the tree while every legal move has been tried. */
		while (!sab_game_over(&s->g) && !added &&
		    s->g.round == s->start.round &&
		    depth < (int)(sizeof s->path / sizeof s->path[0])) {
			int n;
			uint32_t c;
			/* The other seats play as the policy plays: the
			 * tree is this seat's decisions, each an information
			 * set of the samples that reach it. */
			if (s->g.to_act != me) {
				search_policy(&s->g, rng, s->buf, &m);
				sab_game_apply(&s->g, &m, rng, NULL);
				continue;
			}
			if ((n = sab_game_moves(&s->g, s->moves)) == 0)
				break;
			if (depth == 1 && hooks != NULL && hooks->allow != NULL) {
				int kept = 0;
				for (int i = 0; i < n; i++)
					if (hooks->allow(&s->g, &s->moves[i],
					    hooks->ctx))
						s->moves[kept++] = s->moves[i];
				if (kept > 0)
					n = kept;
			}

			c = select_child(s, at, n, rng, &added);
			if (c == NONE)
				break;
			sab_game_apply(&s->g, &s->nodes[c].move, rng, NULL);
			s->path[depth++] = at = c;
		}
		st->playout_moves += search_playout(&s->g, rng, s->buf,
		    s->g.rs->has_roles ? PLAYOUT_MOVES * s->g.nplayers : 0);
		results(&s->start, &s->g, r);
		for (int i = 0; i < depth; i++) {
			node *d = &s->nodes[s->path[i]];
			d->visits++;
			d->value += r[d->actor];
		}
		st->iterations++;
	}
	/* The move tried most. */
	{
		uint32_t b = NONE;
		for (uint32_t c = s->nodes[root].child; c != NONE;
		    c = s->nodes[c].next)
			if (b == NONE || s->nodes[c].visits > s->nodes[b].visits)
				b = c;
		if (b == NONE)
			return -1;
		*best = s->nodes[b].move;
		st->best_visits = (int)s->nodes[b].visits;
		st->best_value = s->nodes[b].value / s->nodes[b].visits;
	}
	(void)m;
	st->nodes = (long)s->n;
	st->seconds = now() - t0;
	return 0;
}

double search_round_result(const sab_game *start, const sab_game *g,
    int seat)
{
	double r[SAB_MAX_PLAYERS], gold;

	if (!sab_game_over(g) && g->round == start->round &&
	    g->round_end == SAB_END_NONE) {
		results(start, g, r);
		return r[seat];
	}
	/* The gold over 5 with no ceiling: a Saboteur 2 geologist is paid
	 * a share of every crystal in sight, often more than 5 a round, and
	 * each crystal more is worth as much to it as the first. */
	gold = (g->gold[seat] - start->gold[seat]) / 5.0;
	gold = gold < 0 ? 0 : gold;
	if (!sab_game_over(g))
		return 0.5 * (gold > 0) + 0.5 * gold;
	return 0.5 * gold + 0.5 * win_share(g, seat);
}

/* Plays candidate m in s->g, then the playout the hooks' policy plays,
 * to the round's end or hooks->horizon moves. */
static void hooked_playout(search *s, const sab_move *m, sab_rng *rng,
    const search_hooks *hooks)
{
	int round = s->g.round;
	sab_move next = *m;

	if (hooks->begin != NULL)
		hooks->begin(&s->g, hooks->ctx);
	for (long n = 0; ; n++) {
		if (hooks->seen != NULL)
			hooks->seen(&s->g, &next, hooks->ctx);
		sab_game_apply(&s->g, &next, rng, NULL);
		if (sab_game_over(&s->g) || s->g.round != round ||
		    (hooks->horizon > 0 && n >= hooks->horizon))
			break;
		hooks->play(&s->g, rng, s->buf, &next, hooks->ctx);
	}
}

/* The most candidates search_compare() takes. */
#define MAX_CANDS 16

long search_compare(search *s, know *k, sab_rng *rng, const sab_move *cands,
    int n, double ms, long iterations, const search_hooks *hooks,
    double *mean, double *diff, double *se)
{
	double t0 = now(), sum[MAX_CANDS] = { 0 }, d1[MAX_CANDS] = { 0 },
	    d2[MAX_CANDS] = { 0 }, res[MAX_CANDS];
	int me = know_seat(k);
	long used = 0;

	if (n > MAX_CANDS)
		n = MAX_CANDS;
	for (long it = 0; iterations > 0 ? it < iterations :
	    (it == 0 || (now() - t0) * 1000 < ms); it++) {
		uint64_t seed;
		int ok = 1;
		char why[128];
		if (know_sample(k, rng, &s->start) != 0)
			return -1;
		if (s->start.to_act != me)
			return -1;
		if (hooks != NULL && hooks->adjust != NULL)
			hooks->adjust(&s->start, rng, hooks->ctx);
		seed = sab_rng_next(rng);
		for (int i = 0; i < n && ok; i++) {
			sab_rng r;
			s->g = s->start;
			if (!sab_game_check(&s->g, &cands[i], why, sizeof why)) {
				ok = 0;
				break;
			}
			/* The same random numbers for every candidate. */
			sab_rng_seed(&r, seed);
			if (hooks != NULL && hooks->play != NULL) {
				hooked_playout(s, &cands[i], &r, hooks);
			} else {
				sab_game_apply(&s->g, &cands[i], &r, NULL);
				search_playout(&s->g, &r, s->buf, 0);
			}
			res[i] = search_round_result(&s->start, &s->g, me);
		}
		if (!ok)
			continue;
		used++;
		for (int i = 0; i < n; i++) {
			sum[i] += res[i];
			d1[i] += res[i] - res[0];
			d2[i] += (res[i] - res[0]) * (res[i] - res[0]);
		}
	}
	for (int i = 0; i < n; i++) {
		double m = used ? d1[i] / (double)used : 0;
		double var = used > 1 ? (d2[i] - (double)used * m * m) /
		    (double)(used - 1) : 0;
		mean[i] = used ? sum[i] / (double)used : 0;
		diff[i] = m;
		se[i] = used > 1 && var > 0 ? sqrt(var / (double)used) : 1;
	}
	return used;
}

int search_root(const search *s, sab_move *moves, int *visits,
    double *values, int max)
{
	int n = 0;

	if (s->n == 0)
		return 0;
	for (uint32_t c = s->nodes[0].child; c != NONE && n < max;
	    c = s->nodes[c].next, n++) {
		moves[n] = s->nodes[c].move;
		visits[n] = (int)s->nodes[c].visits;
		values[n] = s->nodes[c].visits ? s->nodes[c].value /
		    s->nodes[c].visits : 0;
	}
	return n;
}

/* The doors each seat laid this round, and the round. */
static uint8_t door_seen[SAB_MAX_PLAYERS];
static int door_round = -1;

void search_door_seen(int round, int seat, const sab_move *m,
    const sab_card *c)
{
	if (round != door_round) {
		memset(door_seen, 0, sizeof door_seen);
		door_round = round;
	}
	if (m->kind == SAB_MOVE_PLAY && c != NULL && c->door && seat >= 0 &&
	    seat < SAB_MAX_PLAYERS)
		door_seen[seat] |= (uint8_t)(1u << (c->door - 1));
}

int search_doors(int round, int seat)
{
	return round == door_round && seat >= 0 && seat < SAB_MAX_PLAYERS ?
	    door_seen[seat] : 0;
}
