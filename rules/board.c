/* board.c: placement rules and reachability from the start card. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "say.h"

const int8_t sab_dir_dx[4] = { 0, 1, 0, -1 };
const int8_t sab_dir_dy[4] = { -1, 0, 1, 0 };
static const int dir_delta[4] = { -SAB_GRID, 1, SAB_GRID, -1 };
static const char dir_name[4][6] = { "north", "east", "south", "west" };

#define OPP(d) (((d) + 2) & 3)
#define STACK_MAX (2 * SAB_MAX_PLACED + 8)

static int is_card(uint8_t c)
{
	return c != SAB_CELL_EMPTY && c != SAB_CELL_HIDDEN;
}

uint8_t sab_board_cell_edges(const sab_ruleset *rs, uint8_t c)
{
	return rs->cell_edges[c] & 15;
}

/* The connection group of the card c that holds edge direction d (0: stub or
 * closed edge). */
static uint8_t group_of(const sab_ruleset *rs, uint8_t c, int d)
{
	return rs->cell_group[c][d];
}

int sab_board_inside(const sab_ruleset *rs, int x, int y)
{
	if (rs->bounded)
		return x >= rs->min_x && x <= rs->max_x &&
		    y >= rs->min_y && y <= rs->max_y;
	return x >= SAB_COORD_MIN && x <= SAB_COORD_MAX &&
	    y >= SAB_COORD_MIN && y <= SAB_COORD_MAX;
}

uint8_t sab_board_get(const sab_board *b, int x, int y)
{
	if (x < SAB_COORD_MIN || x > SAB_COORD_MAX ||
	    y < SAB_COORD_MIN || y > SAB_COORD_MAX)
		return SAB_CELL_EMPTY;
	return b->cell[sab_board_index(x, y)];
}

/*
 * A reach layer: the everyone's layer (doors open; the base game's only
 * one) or a team's, to which a door of another colour is a wall.
 */
typedef struct layer {
	uint8_t *reach;
	uint8_t team;           /* 0: everyone; t: the team of door colour t */
	uint8_t shift;          /* its four edge bits in each byte of reach */
} layer;

/* The layer's edges of cell n; adds edges g; clears the cell. */
static inline uint8_t lget(const layer *l, uint16_t n)
{
	return (uint8_t)((l->reach[n] >> l->shift) & 15);
}
static inline void ladd(const layer *l, uint16_t n, uint8_t g)
{
	l->reach[n] = (uint8_t)(l->reach[n] | (g << l->shift));
}
static inline void lclear(const layer *l, uint16_t n)
{
	l->reach[n] = (uint8_t)(l->reach[n] & ~(15u << l->shift));
}

/* Whether a tunnel of layer l may enter the card c (a placed card). */
static int enters(const sab_ruleset *rs, const layer *l, uint8_t c)
{
	uint8_t door = rs->cell_door[c];

	return l->team == 0 || door == 0 || door == l->team;
}

/*
 * Spreads reach from the given newly reached edges of the card at idx: each
 * such edge leads into the neighbour's group holding the facing edge, which
 * becomes reached in turn.  Groups are reached whole, so a group is either
 * fully in the layer or not at all.
 */
static void spread(sab_board *b, const sab_ruleset *rs, const layer *l,
    uint16_t idx, uint8_t edges)
{
	uint16_t st_idx[STACK_MAX];
	uint8_t st_edges[STACK_MAX];
	int sp = 0;

	st_idx[sp] = idx;
	st_edges[sp++] = edges;
	while (sp > 0) {
		uint16_t i = st_idx[--sp];
		uint8_t es = st_edges[sp];

		for (int d = 0; d < 4; d++) {
			if (!(es & (1 << d)))
				continue;
			uint16_t n = (uint16_t)(i + dir_delta[d]);
			uint8_t c = b->cell[n];
			if (!is_card(c) || !enters(rs, l, c))
				continue;
			uint8_t g = group_of(rs, c, OPP(d));
			if (g == 0 || (lget(l, n) & g))
				continue;
			ladd(l, n, g);
			if (sp < STACK_MAX) {
				st_idx[sp] = n;
				st_edges[sp++] = g;
			}
		}
	}
}

static void front_rebuild(sab_board *b, const sab_ruleset *rs);
static void front_opened(sab_board *b, const sab_ruleset *rs, uint16_t p,
    unsigned edges);

/* spread() for everyone's layer, which passes every door: the base game's
 * only layer, kept as plain as it was before teams had layers of their
 * own (the rules engine's speed is measured: make bench).  track: the
 * frontier follows the edges reached (not while a layer is found afresh,
 * after which the frontier is too). */
static void spread_all(sab_board *b, const sab_ruleset *rs, uint16_t idx,
    uint8_t edges, int track)
{
	uint16_t st_idx[STACK_MAX];
	uint8_t st_edges[STACK_MAX];
	int sp = 0;

	st_idx[sp] = idx;
	st_edges[sp++] = edges;
	while (sp > 0) {
		uint16_t i = st_idx[--sp];
		uint8_t es = st_edges[sp];

		for (int d = 0; d < 4; d++) {
			if (!(es & (1 << d)))
				continue;
			uint16_t n = (uint16_t)(i + dir_delta[d]);
			uint8_t c = b->cell[n];
			if (!is_card(c))
				continue;
			uint8_t g = group_of(rs, c, OPP(d));
			if (g == 0 || (b->reach[n] & g))
				continue;
			b->reach[n] |= g;
			if (track)
				front_opened(b, rs, n, g);
			if (sp < STACK_MAX) {
				st_idx[sp] = n;
				st_edges[sp++] = g;
			}
		}
	}
}

/* The reach layers rs uses: everyone's, then one per door colour. */
static inline int layers(sab_board *b, const sab_ruleset *rs, layer *out)
{
	int n = 0;

	out[n++] = (layer){ b->reach, 0, 0 };
	if (rs->nteams == 0)
		return n;
	for (int t = 0; t < rs->nteams && t < SAB_MAX_TEAMS; t++)
		out[n++] = (layer){ b->team_reach, (uint8_t)(t + 1),
		    (uint8_t)(4 * t) };
	return n;
}

/* Reaches every group of the card at s in layer l that it does not yet
 * reach, and spreads from there: the start card, and a card with a ladder
 * ("a direct connection both to the start card and to all other cards with
 * a ladder"). */
static void seed(sab_board *b, const sab_ruleset *rs, const layer *l,
    uint16_t s, int track)
{
	uint8_t c = b->cell[s];

	if (!enters(rs, l, c))
		return;
	for (int d = 0; d < 4; d++) {
		uint8_t g = group_of(rs, c, d);
		if (g && !(lget(l, s) & g)) {
			ladd(l, s, g);
			if (l->team == 0 && track)
				front_opened(b, rs, s, g);
			if (l->team == 0)
				spread_all(b, rs, s, g, track);
			else
				spread(b, rs, l, s, g);
		}
	}
}

static int has_ladder(const sab_ruleset *rs, uint8_t c)
{
	return is_card(c) && rs->defs[SAB_CELL_DEF(c)].ladder;
}

/* Recomputes a layer from scratch, from the start card and the ladders
 * outwards. */
static void layer_recompute(sab_board *b, const sab_ruleset *rs,
    const layer *l)
{
	for (uint16_t i = 0; i < b->nplaced; i++)
		lclear(l, b->placed[i]);
	seed(b, rs, l, sab_board_index(rs->start_x, rs->start_y), 0);
	if (!rs->ladders)
		return;
	for (uint16_t i = 0; i < b->nplaced; i++)
		if (has_ladder(rs, b->cell[b->placed[i]]))
			seed(b, rs, l, b->placed[i], 0);
}

static void reach_recompute(sab_board *b, const sab_ruleset *rs)
{
	layer ls[1 + SAB_MAX_TEAMS];
	int n;

	if (rs->nteams == 0 && !rs->ladders) {
		uint16_t s = sab_board_index(rs->start_x, rs->start_y);
		uint8_t c = b->cell[s];

		for (uint16_t i = 0; i < b->nplaced; i++)
			b->reach[b->placed[i]] = 0;
		for (int d = 0; d < 4; d++) {
			uint8_t g = group_of(rs, c, d);
			if (g && !(b->reach[s] & g)) {
				b->reach[s] |= g;
				spread_all(b, rs, s, g, 0);
			}
		}
		return;
	}
	n = layers(b, rs, ls);

	for (int i = 0; i < n; i++)
		layer_recompute(b, rs, &ls[i]);
}

void sab_board_reset(sab_board *b, const sab_ruleset *rs)
{
	memset(b->cell, 0, sizeof b->cell);
	memset(b->reach, 0, sizeof b->reach);
	if (rs->nteams > 0)
		memset(b->team_reach, 0, sizeof b->team_reach);
	b->nplaced = 0;
	uint16_t s = sab_board_index(rs->start_x, rs->start_y);
	b->cell[s] = (uint8_t)(rs->start_def + 1);
	b->placed[b->nplaced++] = s;
	for (int g = 0; g < rs->ngoals; g++)
		b->cell[sab_board_index(rs->goal_x[g], rs->goal_y[g])] =
		    SAB_CELL_HIDDEN;
	reach_recompute(b, rs);
	/* The lists' unused ends stay zero: a game is a plain value that
	 * the same moves reproduce byte for byte. */
	memset(b->front, 0, sizeof b->front);
	memset(b->front_key, 0, sizeof b->front_key);
	memset(b->front_fit, 0, sizeof b->front_fit);
	memset(b->front_bit, 0, sizeof b->front_bit);
	b->nfront = 0;
	front_rebuild(b, rs);
}

static inline void fit_masks(const sab_board *b, const sab_ruleset *rs,
    uint16_t idx, sab_fit *f)
{
	const unsigned touching = rs->placement == SAB_PLACE_TOUCHING;
	unsigned open = 0, closed = 0, join = 0;

	/* Without a branch: a neighbour is a card or not at random. */
	for (int d = 0; d < 4; d++) {
		uint16_t n = (uint16_t)(idx + dir_delta[d]);
		unsigned e = rs->cell_edges[b->cell[n]];
		unsigned facing = e >> OPP(d) & 1;      /* 0 unless a card */
		open |= facing << d;
		closed |= (e >> 4 & ~facing & 1) << d;
		join |= (facing & (touching | b->reach[n] >> OPP(d))) << d;
	}
	f->need_open = (uint8_t)open;
	f->need_closed = (uint8_t)closed;
	f->join = (uint8_t)join;
}

void sab_board_fit_masks(const sab_board *b, const sab_ruleset *rs,
    uint16_t idx, sab_fit *f)
{
	fit_masks(b, rs, idx, f);
}

/* The word for card definition def in a reason: the caller's, or the
 * ruleset's name. */
static const char *card_word(const sab_ruleset *rs, const char *const *words,
    int def)
{
	return words != NULL && words[def] != NULL ? words[def] :
	    rs->defs[def].name;
}

/* Explains the first side of card e at (x, y) that does not match. */
static void say_mismatch(const sab_board *b, const sab_ruleset *rs, int x,
    int y, const char *card, uint8_t e, const sab_fit *f,
    const char *const *words, char *why, size_t whylen)
{
	for (int d = 0; d < 4; d++) {
		uint8_t bit = (uint8_t)(1 << d);
		int nx = x + sab_dir_dx[d], ny = y + sab_dir_dy[d];
		const char *nb;
		if (!((f->need_open & bit) && !(e & bit)) &&
		    !((f->need_closed & bit) && (e & bit)))
			continue;
		nb = card_word(rs, words, SAB_CELL_DEF(sab_board_get(b, nx, ny)));
		if (e & bit)
			sab_say(why, whylen, "the open %s side of %s at (%d,%d) "
			    "would run into the wall of %s at (%d,%d)",
			    dir_name[d], card, x, y, nb, nx, ny);
		else
			sab_say(why, whylen, "the closed %s side of %s at (%d,%d) "
			    "would block the open tunnel of %s at (%d,%d)",
			    dir_name[d], card, x, y, nb, nx, ny);
		return;
	}
}

/* The cells a list holds, one bit each, so that it keeps each cell once,
 * where it was first found, without searching itself: the move lists
 * follow that order, and a board of many cards has a frontier of tens of
 * cells, found up to four times each. */
typedef struct cellset {
	uint64_t bit[SAB_GRID * SAB_GRID / 64];
} cellset;

static int listed(const cellset *seen, uint16_t idx)
{
	return (int)(seen->bit[idx >> 6] >> (idx & 63) & 1);
}

static int frontier_add(cellset *seen, uint16_t *out, int n, int max,
    uint16_t idx)
{
	if (listed(seen, idx) || n >= max)
		return n;
	seen->bit[idx >> 6] |= (uint64_t)1 << (idx & 63);
	out[n++] = idx;
	return n;
}

/* Whether a goal card (face down or up) lies next to idx. */
static int next_to_goal(const sab_board *b, const sab_ruleset *rs,
    uint16_t idx)
{
	for (int d = 0; d < 4; d++) {
		uint8_t c = b->cell[idx + dir_delta[d]];
		if (c == SAB_CELL_HIDDEN || (c != SAB_CELL_EMPTY &&
		    rs->defs[SAB_CELL_DEF(c)].type == SAB_CARD_GOAL))
			return 1;
	}
	return 0;
}

/* Whether a card lies next to idx. */
static int next_to_card(const sab_board *b, uint16_t idx)
{
	for (int d = 0; d < 4; d++)
		if (b->cell[idx + dir_delta[d]] != SAB_CELL_EMPTY)
			return 1;
	return 0;
}

/* A ladder: "Place the ladder next to any other path card, but not next
 * to a goal card ... it doesn't have to be connected to the start card in
 * any other way." (its sides still match its neighbours). */
static int ladder_fits(const sab_board *b, const sab_ruleset *rs, int x,
    int y, const char *name, char *why, size_t whylen)
{
	uint16_t idx = sab_board_index(x, y);

	if (next_to_goal(b, rs, idx)) {
		sab_say(why, whylen, "%s has a ladder and may not go next to a "
		    "goal card, as (%d,%d) is", name, x, y);
		return 0;
	}
	if (!next_to_card(b, idx)) {
		sab_say(why, whylen, "(%d,%d) is not next to any card on the "
		    "board", x, y);
		return 0;
	}
	return 1;
}

int sab_board_ladder_cells(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, int max)
{
	cellset seen;
	int n = 0;

	memset(&seen, 0, sizeof seen);
	for (uint16_t i = 0; i < b->nplaced; i++) {
		uint16_t p = b->placed[i];
		for (int d = 0; d < 4; d++) {
			uint16_t q = (uint16_t)(p + dir_delta[d]);
			if (b->cell[q] != SAB_CELL_EMPTY ||
			    !sab_board_inside(rs, sab_board_x(q),
			    sab_board_y(q)) || listed(&seen, q) ||
			    next_to_goal(b, rs, q))
				continue;
			n = frontier_add(&seen, out, n, max, q);
		}
	}
	return n;
}

int sab_board_fits(const sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def, uint8_t rot, char *why, size_t whylen)
{
	return sab_board_fits_as(b, rs, x, y, def, rot, NULL, why, whylen);
}

int sab_board_fits_as(const sab_board *b, const sab_ruleset *rs, int x,
    int y, uint8_t def, uint8_t rot, const char *const *words, char *why,
    size_t whylen)
{
	const sab_card *card = &rs->defs[def];
	const char *name = card_word(rs, words, def);
	uint8_t e = card->rot_edges[rot & 1];
	sab_fit f;

	if (card->type != SAB_CARD_PATH) {
		sab_say(why, whylen, "%s is not a path card", name);
		return 0;
	}
	if (!sab_board_inside(rs, x, y)) {
		sab_say(why, whylen, "(%d,%d) is outside the board", x, y);
		return 0;
	}
	uint16_t idx = sab_board_index(x, y);
	uint8_t c = b->cell[idx];
	if (c == SAB_CELL_HIDDEN) {
		int goal = 0;
		for (int k = 0; k < rs->ngoals; k++)
			goal |= rs->goal_x[k] == x && rs->goal_y[k] == y;
		/* Not a goal place: Treasure Chests' card over a chest. */
		sab_say(why, whylen, "(%d,%d) holds a face-down %s", x, y,
		    goal ? "goal card" : "card over a treasure chest");
		return 0;
	}
	if (c != SAB_CELL_EMPTY) {
		sab_say(why, whylen, "(%d,%d) is already taken by %s", x, y,
		    card_word(rs, words, SAB_CELL_DEF(c)));
		return 0;
	}
	sab_board_fit_masks(b, rs, idx, &f);
	if ((e & f.need_open) != f.need_open || (e & f.need_closed)) {
		say_mismatch(b, rs, x, y, name, e, &f, words, why, whylen);
		return 0;
	}
	if (card->ladder)
		return ladder_fits(b, rs, x, y, name, why, whylen);
	if ((e & f.join) == 0) {
		if ((f.need_open | f.need_closed) == 0)
			sab_say(why, whylen, "(%d,%d) is not next to any card on "
			    "the board", x, y);
		else if (rs->placement == SAB_PLACE_TOUCHING)
			sab_say(why, whylen, "%s at (%d,%d) shares no open tunnel "
			    "with a neighbouring card", name, x, y);
		else
			sab_say(why, whylen, "no open tunnel from the start "
			    "reaches (%d,%d)", x, y);
		return 0;
	}
	return 1;
}

/* The direction of the lowest of four edge bits. */
static const uint8_t low_dir[16] = { 0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0,
	1, 0 };

/* Finds the frontier afresh in one pass over the cards (the order the
 * kept list follows): only open edges are visited (in direction order),
 * and a cell found again is known by its bit. */
static void front_rebuild(sab_board *b, const sab_ruleset *rs)
{
	const int touching = rs->placement == SAB_PLACE_TOUCHING;
	const int nplaced = b->nplaced;
	cellset seen;
	int n = 0;

	memset(&seen, 0, sizeof seen);
	for (int i = 0; i < b->nfront; i++)
		b->front_bit[b->front[i] >> 6] = 0;
	for (int i = 0; i < nplaced; i++) {
		uint16_t p = b->placed[i];
		unsigned open = touching ? sab_board_cell_edges(rs, b->cell[p]) :
		    b->reach[p] & 15u;
		for (; open; open &= open - 1) {
			uint16_t q = (uint16_t)(p + dir_delta[low_dir[open]]);
			if (b->cell[q] != SAB_CELL_EMPTY || listed(&seen, q) ||
			    !sab_board_inside(rs, sab_board_x(q),
			    sab_board_y(q)) || n >= SAB_MAX_FRONTIER)
				continue;
			seen.bit[q >> 6] |= (uint64_t)1 << (q & 63);
			b->front_key[n] = (uint16_t)(4 * i + low_dir[open]);
			fit_masks(b, rs, q, &b->front_fit[n]);
			b->front[n++] = q;
		}
	}
	for (int i = n; i < b->nfront; i++) {
		b->front[i] = b->front_key[i] = 0;
		b->front_fit[i] = (sab_fit){ 0, 0, 0 };
	}
	b->nfront = (uint16_t)n;
	for (int i = 0; i < n; i++)
		b->front_bit[b->front[i] >> 6] |= (uint64_t)1 << (b->front[i] & 63);
}

/* Takes cell q out of the frontier, if it is there. */
static int in_front(const sab_board *b, uint16_t q)
{
	return (int)(b->front_bit[q >> 6] >> (q & 63) & 1);
}

static void front_drop(sab_board *b, uint16_t q)
{
	int n = b->nfront;

	if (!in_front(b, q))
		return;
	b->front_bit[q >> 6] &= ~((uint64_t)1 << (q & 63));
	for (int i = 0; i < n; i++)
		if (b->front[i] == q) {
			memmove(b->front + i, b->front + i + 1,
			    (size_t)(n - i - 1) * sizeof b->front[0]);
			memmove(b->front_key + i, b->front_key + i + 1,
			    (size_t)(n - i - 1) * sizeof b->front_key[0]);
			memmove(b->front_fit + i, b->front_fit + i + 1,
			    (size_t)(n - i - 1) * sizeof b->front_fit[0]);
			b->front[n - 1] = b->front_key[n - 1] = 0;
			b->front_fit[n - 1] = (sab_fit){ 0, 0, 0 };
			b->nfront = (uint16_t)(n - 1);
			return;
		}
}

/* The card at p (placed[] holds it) opens edges onto its neighbours:
 * each empty cell inside the board beyond them joins the frontier, or
 * moves up to where the pass over placed[] would now find it first. */
static void front_opened(sab_board *b, const sab_ruleset *rs, uint16_t p,
    unsigned edges)
{
	int at = b->nplaced - 1;

	while (at >= 0 && b->placed[at] != p)
		at--;
	if (at < 0)             /* past SAB_MAX_PLACED: the pass skips it */
		return;
	for (edges &= 15u; edges; edges &= edges - 1) {
		uint16_t q = (uint16_t)(p + dir_delta[low_dir[edges]]);
		uint16_t key = (uint16_t)(4 * at + low_dir[edges]);
		int n = b->nfront, i;
		if (b->cell[q] != SAB_CELL_EMPTY ||
		    !sab_board_inside(rs, sab_board_x(q), sab_board_y(q)))
			continue;
		for (i = in_front(b, q) ? 0 : n; i < n && b->front[i] != q; i++)
			;
		if (i < n) {
			if (b->front_key[i] <= key) {
				/* Its join masks may have changed. */
				fit_masks(b, rs, q, &b->front_fit[i]);
				continue;
			}
			front_drop(b, q);
			n--;
		} else if (n >= SAB_MAX_FRONTIER) {
			continue;
		}
		for (i = n; i > 0 && b->front_key[i - 1] > key; i--) {
			b->front[i] = b->front[i - 1];
			b->front_key[i] = b->front_key[i - 1];
			b->front_fit[i] = b->front_fit[i - 1];
		}
		b->front[i] = q;
		b->front_key[i] = key;
		fit_masks(b, rs, q, &b->front_fit[i]);
		b->front_bit[q >> 6] |= (uint64_t)1 << (q & 63);
		b->nfront = (uint16_t)(n + 1);
	}
}

/* The fit masks of the frontier cells next to idx, whose card changed. */
static void front_refit(sab_board *b, const sab_ruleset *rs, uint16_t idx)
{
	const int n = b->nfront;

	for (int d = 0; d < 4; d++) {
		uint16_t q = (uint16_t)(idx + dir_delta[d]);
		for (int i = in_front(b, q) ? 0 : n; i < n; i++)
			if (b->front[i] == q) {
				fit_masks(b, rs, q, &b->front_fit[i]);
				break;
			}
	}
}

/* The kept frontier, and each cell's fit masks when fit is not NULL: what
 * every move list starts from (make bench). */
static int frontier_scan(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, sab_fit *fit, int max)
{
	int n = b->nfront < max ? b->nfront : max;

	(void)rs;
	memcpy(out, b->front, (size_t)n * sizeof out[0]);
	if (fit != NULL)
		memcpy(fit, b->front_fit, (size_t)n * sizeof fit[0]);
	return n;
}

int sab_board_frontier_fits(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, sab_fit *fit, int max)
{
	return frontier_scan(b, rs, out, fit, max);
}

int sab_board_frontier(const sab_board *b, const sab_ruleset *rs,
    uint16_t *out, int max)
{
	return frontier_scan(b, rs, out, NULL, max);
}

/* Joins the card at idx to every reached neighbour edge it opens onto, in
 * every reach layer it may be entered in. */
static void join_reached(sab_board *b, const sab_ruleset *rs, uint16_t idx)
{
	layer ls[1 + SAB_MAX_TEAMS];
	uint8_t c = b->cell[idx];
	const int track = rs->placement != SAB_PLACE_TOUCHING;
	int nl;

	if (rs->nteams == 0 && !rs->ladders) {  /* the base game */
		b->reach[idx] = 0;
		for (int d = 0; d < 4; d++) {
			uint16_t n = (uint16_t)(idx + dir_delta[d]);
			uint8_t g = group_of(rs, c, d);
			if (g == 0 || (b->reach[idx] & g) ||
			    !(b->reach[n] & (1 << OPP(d))))
				continue;
			b->reach[idx] |= g;
			if (track)
				front_opened(b, rs, idx, g);
			spread_all(b, rs, idx, g, track);
		}
		return;
	}
	nl = layers(b, rs, ls);

	for (int k = 0; k < nl; k++) {
		const layer *l = &ls[k];
		lclear(l, idx);
		if (!enters(rs, l, c))
			continue;
		for (int d = 0; d < 4; d++) {
			uint16_t n = (uint16_t)(idx + dir_delta[d]);
			uint8_t g = group_of(rs, c, d);
			if (g == 0 || (lget(l, idx) & g) ||
			    !(lget(l, n) & (1 << OPP(d))))
				continue;
			ladd(l, idx, g);
			if (l->team == 0 && track)
				front_opened(b, rs, idx, g);
			if (l->team == 0)
				spread_all(b, rs, idx, g, track);
			else
				spread(b, rs, l, idx, g);
		}
		if (has_ladder(rs, c))
			seed(b, rs, l, idx, track);
	}
}

void sab_board_place(sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def, uint8_t rot)
{
	uint16_t idx = sab_board_index(x, y);

	b->cell[idx] = (uint8_t)((def + 1) | (rot ? SAB_CELL_TURNED : 0));
	if (b->nplaced < SAB_MAX_PLACED)
		b->placed[b->nplaced++] = idx;
	front_drop(b, idx);
	join_reached(b, rs, idx);
	if (rs->placement == SAB_PLACE_TOUCHING)
		front_opened(b, rs, idx, sab_board_cell_edges(rs, b->cell[idx]));
	front_refit(b, rs, idx);
}

uint8_t sab_board_remove(sab_board *b, const sab_ruleset *rs, int x, int y)
{
	uint16_t idx = sab_board_index(x, y);
	uint8_t c = b->cell[idx];

	for (uint16_t i = 0; i < b->nplaced; i++) {
		if (b->placed[i] == idx) {
			b->placed[i] = b->placed[--b->nplaced];
			break;
		}
	}
	b->cell[idx] = SAB_CELL_EMPTY;
	b->reach[idx] = 0;
	b->team_reach[idx] = 0;
	reach_recompute(b, rs);
	front_rebuild(b, rs);
	return c;
}

void sab_board_hide(sab_board *b, const sab_ruleset *rs, int x, int y)
{
	b->cell[sab_board_index(x, y)] = SAB_CELL_HIDDEN;
	front_rebuild(b, rs);
}

uint8_t sab_board_goal_reached(const sab_board *b, int x, int y)
{
	uint16_t idx = sab_board_index(x, y);
	uint8_t m = 0;

	for (int d = 0; d < 4; d++)
		if (b->reach[idx + dir_delta[d]] & (1 << OPP(d)))
			m |= (uint8_t)(1 << d);
	return m;
}

static int popcount4(uint8_t m)
{
	return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

/* How well goal edges e sit among the neighbours of idx: opening towards the
 * reaching tunnels counts most, then each side that matches. */
static int reveal_score(const sab_board *b, const sab_ruleset *rs,
    uint16_t idx, uint8_t e, uint8_t reaching)
{
	int score = 16 * popcount4(e & reaching);

	for (int d = 0; d < 4; d++) {
		uint8_t c = b->cell[idx + dir_delta[d]];
		if (!is_card(c))
			continue;
		int nb_open = !!(sab_board_cell_edges(rs, c) & (1 << OPP(d)));
		score += nb_open == !!(e & (1 << d));
	}
	return score;
}

uint8_t sab_board_reveal(sab_board *b, const sab_ruleset *rs, int x, int y,
    uint8_t def)
{
	uint16_t idx = sab_board_index(x, y);
	uint8_t reaching = sab_board_goal_reached(b, x, y);
	const sab_card *card = &rs->defs[def];
	uint8_t rot = reveal_score(b, rs, idx, card->rot_edges[1], reaching) >
	    reveal_score(b, rs, idx, card->rot_edges[0], reaching);

	sab_board_place(b, rs, x, y, def, rot);
	return rot;
}

int sab_board_connected(const sab_board *b, int x, int y)
{
	return b->reach[sab_board_index(x, y)] != 0;
}

uint8_t sab_board_team_reached(const sab_board *b, const sab_ruleset *rs,
    int team, int x, int y)
{
	layer l = { (uint8_t *)b->reach, 0, 0 };
	uint16_t idx = sab_board_index(x, y);
	uint8_t dirs = 0;

	if (team < 0 || team > rs->nteams || team > SAB_MAX_TEAMS)
		return 0;
	if (team > 0)
		l = (layer){ (uint8_t *)b->team_reach, (uint8_t)team,
		    (uint8_t)(4 * (team - 1)) };
	for (int d = 0; d < 4; d++)
		if (lget(&l, (uint16_t)(idx + dir_delta[d])) & (1 << OPP(d)))
			dirs |= (uint8_t)(1 << d);
	return dirs;
}
