/* roles.c: each seat's likelihood of each role from its plays, and
 * samples dealt by it; see roles.h. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "heuristic.h"
#include "roles.h"

typedef struct walk {
	roles_ll *r;
	const know *k;
	double temp;
	int trust[SAB_MAX_PLAYERS];
	int hats;               /* the change of hats' card kind */
} walk;

/* Whether legal move a uses the card that move m plays: m's card played
 * elsewhere or on someone else, or discarded. */
static int same_card(const sab_move *a, const sab_move *m)
{
	return a->card == m->card &&
	    (a->kind == SAB_MOVE_PLAY || a->kind == SAB_MOVE_PASS);
}

/* The log-likelihood that the seat to act in g plays m with role `role`:
 * the softmax of the heuristic's scores over the moves of m's card. */
static double likelihood(sab_game *h, int role, const sab_move *m, walk *w)
{
	static sab_move buf[SAB_MAX_MOVES];
	static int sc[SAB_MAX_MOVES];
	int n, set = 0, best = INT_MIN;
	double sum = 0, p = 0;

	h->role[h->to_act] = (uint8_t)role;
	if ((n = heuristic_game_scores(h, w->trust, buf, sc)) <= 0)
		return 0;
	for (int i = 0; i < n; i++)
		if (same_card(&buf[i], m) && sc[i] > best)
			best = sc[i];
	for (int i = 0, found = 0; i < n; i++) {
		double e;
		if (!same_card(&buf[i], m))
			continue;
		set++;
		e = exp((sc[i] - best) / w->temp);
		sum += e;
		if (!found && sab_move_equal(h->rs, &buf[i], m))
			found = 1, p = e;
	}
	if (set == 0)
		return 0;
	return log(ROLES_EPS / set + (1 - ROLES_EPS) * p / sum);
}

static void walk_step(const sab_game *g, const sab_move *m, void *ctx)
{
	static sab_game h;
	walk *w = ctx;
	int a = g->to_act;

	if (m->kind != SAB_MOVE_PLAY || a < 0 || a >= g->nplayers)
		return;
	if (a != know_seat(w->k) &&
	    know_seen(w->k)->role[a] == SAB_SEEN_UNKNOWN) {
		h = *g;
		for (int r = 1; r < g->rs->nroles && r < SAB_MAX_ROLES; r++)
			w->r->ll[a][r] += likelihood(&h, r, m, w);
	}
	heuristic_game_seen(g, w->trust, a, m);
	if (m->card < g->rs->ndefs && g->rs->defs[m->card].type == w->hats &&
	    m->target < SAB_MAX_PLAYERS)
		memset(w->r->ll[m->target], 0, sizeof w->r->ll[m->target]);
}

int roles_infer(know *k, sab_rng *rng, double temp, roles_ll *r)
{
	static walk w;

	memset(r, 0, sizeof *r);
	/* No dwarf cards, nothing to read (and no random numbers drawn). */
	if (know_sync(k) < 0 || !know_ready(k) ||
	    !know_ruleset(k)->has_roles)
		return -1;
	memset(&w, 0, sizeof w);
	w.r = r;
	w.k = k;
	w.temp = temp > 0 ? temp : 1;
	w.hats = sab_kind_find("change-hats", strlen("change-hats"));
	if (know_walk(k, rng, walk_step, &w) != 0) {
		memset(r, 0, sizeof *r);
		return -1;
	}
	r->ok = 1;
	return 0;
}

static double place_ll(const roles_ll *r, int p, uint8_t role)
{
	return p < SAB_MAX_PLAYERS && role < SAB_MAX_ROLES ? r->ll[p][role] : 0;
}

void roles_deal(const roles_ll *r, const know *k, sab_game *g, sab_rng *rng)
{
	int fr[SAB_MAX_PLAYERS + 1 + 16], n, seats = 0;

	if (!r->ok || !g->rs->has_roles)
		return;
	n = know_free_dwarves(k, g, fr);
	for (int i = 0; i < n; i++)
		seats += fr[i] < SAB_MAX_PLAYERS;
	if (seats == 0)
		return;
	for (int i = 0; n >= 2 && i < 20 * n; i++) {
		int a = fr[sab_rng_below(rng, (uint32_t)n)];
		int b = fr[sab_rng_below(rng, (uint32_t)n)];
		uint8_t ra = *know_dwarf(g, a), rb = *know_dwarf(g, b);
		double lw;
		if (ra == rb)
			continue;
		lw = place_ll(r, a, rb) + place_ll(r, b, ra) -
		    place_ll(r, a, ra) - place_ll(r, b, rb);
		if (lw >= 0 || (double)sab_rng_below(rng, 1u << 30) <
		    exp(lw) * (double)(1u << 30)) {
			*know_dwarf(g, a) = rb;
			*know_dwarf(g, b) = ra;
		}
	}
	know_count_saboteurs(g);
}
