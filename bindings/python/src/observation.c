/* observation.c: the table a seat knows, as the numbers a learning agent
 * reads (Game.observation and Knowledge.observation both ask it). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "pysab.h"

/*
 * The table as this seat knows it, as numbers for a learning agent; the
 * layout (saboteur.env and README.md describe it):
 *   phase one-hot (8), round, whether it is this seat's decision, cards
 *   in the draw pile (capped at 255), this seat's role (its index in
 *   Ruleset.roles, 0 unknown);
 *   the hand: how many copies of each card definition (Ruleset.tokens);
 *   per seat (12 places, seats from this one on, clockwise; empty past the
 *   players): cards in hand, pickaxe, lantern and cart broken, role known
 *   (index, 0 unknown), gold known (capped at 255);
 *   per goal place (8): 0 unknown, 1 gold, 2 not gold, 3 face up;
 *   the board, a window of 21 x 21 cells around the start (x, y from -10
 *   to 10, row by row): per cell a card lies, its open edges N E S W, a
 *   tunnel from the start reaches it.
 */
#define OBS_WIN 10
#define OBS_CELLS ((2 * OBS_WIN + 1) * (2 * OBS_WIN + 1))

Py_ssize_t pysab_observation_size(const sab_ruleset *rs)
{
	return 8 + 4 + rs->ndefs + SAB_MAX_PLAYERS * 6 + SAB_MAX_GOALS +
	    OBS_CELLS * 6;
}

PyObject *pysab_observation(const sab_ruleset *rs, const sab_seen *t,
    int me, int n)
{
	PyObject *out;
	uint8_t *v;
	int i = 0, deck;

	if ((out = PyBytes_FromStringAndSize(NULL,
	    pysab_observation_size(rs))) == NULL)
		return NULL;
	v = (uint8_t *)PyBytes_AS_STRING(out);
	memset(v, 0, (size_t)pysab_observation_size(rs));
	if (t->phase < 8)
		v[t->phase] = 1;
	i = 8;
	v[i++] = t->round;
	v[i++] = t->to_act == me;
	deck = t->round > 0 ? sab_seen_deck(t, rs) : 0;
	v[i++] = (uint8_t)(deck > 255 ? 255 : deck < 0 ? 0 : deck);
	v[i++] = t->role[me] == SAB_SEEN_UNKNOWN ? 0 : t->role[me];
	for (int j = 0; j < t->nhand[me]; j++)
		if (t->hand[me][j] < rs->ndefs)
			v[i + t->hand[me][j]]++;
	i += rs->ndefs;
	for (int p = 0; p < SAB_MAX_PLAYERS; p++, i += 6) {
		int s = (me + p) % n;
		if (p >= n)
			continue;
		v[i] = t->nhand[s];
		v[i + 1] = (uint8_t)sab_seen_broken(t, rs, s, SAB_PICKAXE);
		v[i + 2] = (uint8_t)sab_seen_broken(t, rs, s, SAB_LANTERN);
		v[i + 3] = (uint8_t)sab_seen_broken(t, rs, s, SAB_CART);
		v[i + 4] = t->role[s] == SAB_SEEN_UNKNOWN ? 0 : t->role[s];
		v[i + 5] = (uint8_t)(t->gold[s] < 0 ? 0 : t->gold[s] > 255 ?
		    255 : t->gold[s]);
	}
	for (int g = 0; g < SAB_MAX_GOALS; g++, i++) {
		uint8_t c = t->goal_known[g];
		if (g >= rs->ngoals)
			continue;
		v[i] = (t->goal_open >> g & 1) ? 3 : c >= rs->ndefs ? 0 :
		    rs->defs[c].gold ? 1 : 2;
	}
	for (int y = -OBS_WIN; y <= OBS_WIN; y++)
		for (int x = -OBS_WIN; x <= OBS_WIN; x++, i += 6) {
			int cx = x + rs->start_x, cy = y + rs->start_y;
			uint8_t c = sab_board_get(&t->board, cx, cy);
			uint8_t e = sab_board_cell_edges(rs, c);
			if (c == SAB_CELL_EMPTY)
				continue;
			v[i] = 1;
			for (int d = 0; d < 4; d++)
				v[i + 1 + d] = e >> d & 1;
			v[i + 5] = c != SAB_CELL_HIDDEN &&
			    sab_board_connected(&t->board, cx, cy);
		}
	return out;
}
