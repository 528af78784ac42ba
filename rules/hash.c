/* hash.c: FNV-1a 64 over a game state's meaningful fields, in a fixed order. */
#include <string.h>

#include "effect.h"
#include "hash.h"

uint64_t sab_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= SAB_FNV_PRIME;
	}
	return h;
}

static uint64_t u8(uint64_t h, unsigned v)
{
	unsigned char b = (unsigned char)v;

	return sab_fnv1a(h, &b, 1);
}

/* Two bytes, little-endian, whatever the machine's order. */
static uint64_t u16(uint64_t h, unsigned v)
{
	unsigned char b[2] = { (unsigned char)(v & 0xFF),
		(unsigned char)((v >> 8) & 0xFF) };

	return sab_fnv1a(h, b, 2);
}

static uint64_t s16(uint64_t h, int v)
{
	return u16(h, (unsigned)v & 0xFFFFu);
}

/* The cards of the piles and hands, with their counts. */
static uint64_t hash_cards(uint64_t h, const sab_game *g)
{
	h = u16(h, g->ndeck);
	h = sab_fnv1a(h, g->deck, g->ndeck);
	for (int s = 0; s < g->nplayers; s++) {
		h = u8(h, g->nhand[s]);
		h = sab_fnv1a(h, g->hand[s], g->nhand[s]);
	}
	h = u16(h, g->ndiscard);
	h = sab_fnv1a(h, g->discard, g->ndiscard);
	/* The cards in front of a seat as broken tools, counted per tool:
	 * what the hash held before they were a pile of cards. */
	for (int s = 0; s < g->nplayers; s++)
		for (int t = 0; t < SAB_TOOLS; t++)
			h = u8(h, (unsigned)sab_game_broken(g, s,
			    (uint8_t)(1u << t)));
	return h;
}

static uint64_t hash_roles_goals(uint64_t h, const sab_game *g)
{
	for (int s = 0; s < g->nplayers; s++)
		h = u8(h, g->role[s]);
	h = u8(h, g->role_spare);
	h = sab_fnv1a(h, g->goal_def, g->rs->ngoals);
	h = u8(h, g->goal_open);
	for (int s = 0; s < g->nplayers; s++)
		h = u16(h, g->peeked[s]);
	return h;
}

/* The placed cells sorted by index: placed[] itself is in an order that
 * removals change, which is no part of the position. */
static uint64_t hash_board(uint64_t h, const sab_board *b)
{
	uint16_t idx[SAB_MAX_PLACED];
	int n = b->nplaced;

	memcpy(idx, b->placed, (size_t)n * sizeof idx[0]);
	for (int i = 1; i < n; i++) {
		uint16_t v = idx[i];
		int j = i;
		for (; j > 0 && idx[j - 1] > v; j--)
			idx[j] = idx[j - 1];
		idx[j] = v;
	}
	h = u16(h, (unsigned)n);
	for (int i = 0; i < n; i++) {
		h = s16(h, sab_board_x(idx[i]));
		h = s16(h, sab_board_y(idx[i]));
		h = u8(h, b->cell[idx[i]]);
	}
	return h;
}

static uint64_t hash_gold(uint64_t h, const sab_game *g)
{
	h = u8(h, g->round_end);
	h = u8(h, g->finder);
	h = u8(h, g->ngold_deck);
	h = sab_fnv1a(h, g->gold_deck, g->ngold_deck);
	h = u8(h, g->noffer);
	h = sab_fnv1a(h, g->offer, g->noffer);
	for (int s = 0; s < g->nplayers; s++)
		h = s16(h, g->gold[s]);
	return u16(h, g->winners);
}

uint64_t sab_game_hash(const sab_game *g)
{
	uint64_t h = SAB_FNV_OFFSET;

	h = u8(h, g->nplayers);
	h = u8(h, g->phase);
	h = u8(h, g->round);
	h = u8(h, g->to_act);
	h = u8(h, g->last_player);
	h = u16(h, g->turn);
	h = hash_cards(h, g);
	h = hash_roles_goals(h, g);
	h = hash_board(h, &g->board);
	h = hash_gold(h, g);
	/* The key of the rounds to come, only in a game dealt by seats, so
	 * that the hashes of the others stay as they were. */
	if (g->deal == SAB_DEAL_SEATS) {
		h = u8(h, g->deal);
		for (int i = 0; i < 8; i++)
			h = u8(h, (unsigned)(g->deal_key >> (8 * i)) & 0xFFu);
	}
	/* What only some modules use, folded in only when they are on. */
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *m = sab_module_at(g->rs->modules[i]);
		if (m != NULL && m->hash != NULL)
			h = m->hash(h, g);
	}
	return h;
}
