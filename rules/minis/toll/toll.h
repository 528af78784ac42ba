/* toll.h: Tunnel Toll (a mini expansion): dwarves that block a cell until a toll is paid; what the turn and the path cards ask of it (internal). */
#ifndef SAB_MINIS_TOLL_H
#define SAB_MINIS_TOLL_H

#include "../../table.h"

/*
 * The dwarf standing on cell idx (a board index), or -1.  Inline: the path
 * cards ask at every move list.  Without the module no dwarf is ever on
 * the table (rs->toll_dwarves is 0).
 */
static inline int sab_toll_at(const sab_game *g, uint16_t idx)
{
	for (int d = 0; d < g->rs->toll_dwarves; d++)
		if (g->toll_cell[d] == idx)
			return d;
	return -1;
}

/* Whether the seat to act may lay a path card on the cell of dwarf d:
 * "you must pay 1 gold to do it" (a seat without gold cannot).  Returns 1,
 * or 0 with the reason in why. */
int sab_toll_check_pay(const sab_game *g, int d, char *why, size_t whylen);

/* Drops from out[0 .. n) the path card moves onto a dwarf the seat to act
 * cannot pay for; returns how many are left. */
int sab_toll_filter(const sab_game *g, sab_move *out, int n);

/* A path card was laid on the cell of dwarf d by the seat to act: it pays
 * 1 gold to the dwarf's owner, and the dwarf leaves for the round. */
void sab_toll_pay(sab_game *g, int d, sab_events *ev);

#endif
