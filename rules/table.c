/* table.c: the primitives every card effect and the turn use (table.h). */
#include <string.h>

#include "say.h"
#include "table.h"

sab_event sab_table_play_event(const sab_game *g, const sab_move *m)
{
	const sab_kind *k = sab_move_kind(g->rs, m);
	sab_event e = sab_event_new(k->event, SAB_VIS_ALL, g->to_act);

	e.card = m->card;
	return e;
}

void sab_table_draw(sab_game *g, int seat, sab_events *ev)
{
	if (g->ndeck == 0 || g->nhand[seat] >= SAB_MAX_HAND)
		return;
	uint8_t c = g->deck[--g->ndeck];
	g->hand[seat][g->nhand[seat]++] = c;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_DRAW, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.card = c;
		sab_table_emit(ev, &e);
	}
}

void sab_table_discard(sab_game *g, uint8_t def)
{
	g->discard[g->ndiscard++] = def;
}

void sab_table_front_add(sab_game *g, int seat, uint8_t def)
{
	sab_pile_add(g->front[seat], &g->nfront[seat], def);
}

uint8_t sab_table_front_take_tool(sab_game *g, int seat, uint8_t tool)
{
	return sab_pile_take_tool(g->rs, g->front[seat], &g->nfront[seat],
	    tool);
}

int sab_game_broken(const sab_game *g, int seat, uint8_t tool)
{
	return sab_table_front_tool(g, seat, tool);
}

const char *sab_table_card_word(const sab_game *g, const char *const *words,
    uint8_t def)
{
	return words != NULL && words[def] != NULL ? words[def] :
	    g->rs->defs[def].name;
}

int sab_table_check_seat(const sab_game *g, int target, char *why,
    size_t whylen)
{
	if (target >= g->nplayers) {
		sab_say(why, whylen, "there is no seat %d (seats are 0 to %d)",
		    target, g->nplayers - 1);
		return 0;
	}
	return 1;
}

int sab_table_reveal_goal(sab_game *g, int k, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	uint8_t rot = sab_board_reveal(&g->board, rs, g->goal_x[k],
	    g->goal_y[k], g->goal_def[k]);

	g->goal_open |= (uint8_t)(1u << k);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_REVEAL, SAB_VIS_ALL,
		    SAB_NO_SEAT);
		e.goal = (uint8_t)k;
		e.card = g->goal_def[k];
		e.rot = rot;
		e.x = g->goal_x[k];
		e.y = g->goal_y[k];
		sab_table_emit(ev, &e);
	}
	return rs->defs[g->goal_def[k]].gold;
}

int sab_table_plays(const sab_ruleset *rs, const sab_module *m)
{
	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++)
		if (sab_module_at(rs->modules[i]) == m)
			return 1;
	return 0;
}

int sab_table_path_check(const sab_game *g, const sab_move *m, char *why,
    size_t whylen)
{
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->path_check != NULL && !mod->path_check(g, m, why,
		    whylen))
			return 0;
	}
	return 1;
}

int sab_table_path_filter(const sab_game *g, sab_move *out, int n)
{
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->path_filter != NULL)
			n = mod->path_filter(g, out, n);
	}
	return n;
}

void sab_table_path_laid(sab_game *g, const sab_move *m, sab_events *ev)
{
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->path_laid != NULL)
			mod->path_laid(g, m, ev);
	}
}

int sab_table_cell_held(const sab_game *g, uint16_t idx, char *why,
    size_t whylen)
{
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->cell_held != NULL && mod->cell_held(g, idx, why,
		    whylen))
			return 1;
	}
	return 0;
}

/* The module whose face-down card lies at (x, y), or NULL. */
static const sab_module *hidden_module(const sab_game *g, int x, int y)
{
	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->hidden_at != NULL && mod->hidden_at(g, x, y))
			return mod;
	}
	return NULL;
}

int sab_table_hidden_at(const sab_game *g, int x, int y)
{
	return hidden_module(g, x, y) != NULL;
}

int sab_table_hidden_cells(const sab_game *g, uint16_t *cells)
{
	int n = 0;

	for (int i = 0; i < g->rs->nmodules; i++) {
		const sab_module *mod = sab_module_at(g->rs->modules[i]);
		if (mod->hidden_cells != NULL)
			n += mod->hidden_cells(g, cells + n);
	}
	return n;
}

void sab_table_hidden_taken(sab_game *g, int x, int y)
{
	const sab_module *mod = hidden_module(g, x, y);

	if (mod != NULL)
		mod->hidden_taken(g, x, y);
}

void sab_table_hidden_peek(const sab_game *g, int x, int y, sab_event *e)
{
	const sab_module *mod = hidden_module(g, x, y);

	if (mod != NULL)
		mod->hidden_peek(g, x, y, e);
}

int sab_table_maps_barred(const sab_game *g, char *why, size_t whylen)
{
	for (unsigned b = g->hooks[SAB_HOOK_MAPS]; b; b &= b - 1)
		if (sab_table_hook_module(g, b)->maps_barred(g, why, whylen))
			return 1;
	return 0;
}
