/* treasure.c: who wins a Saboteur 2 round and what each dwarf is paid (treasure.h). */
#include <string.h>

#include "treasure.h"

int sab2_group_pay(int n)
{
	/* "1 dwarf 5 gold, 2 dwarves 4 gold each, 3 dwarves 3 gold each,
	 * 4 dwarves 2 gold each, 5 or more dwarves 1 gold each" */
	return n <= 1 ? 5 : n >= 5 ? 1 : 6 - n;
}

/* Whether any seat of the round holds role (trapped or not). */
static int in_play(const sab2_round *r, uint8_t role)
{
	for (int s = 0; s < r->nplayers; s++)
		if (r->role[s] == role)
			return 1;
	return 0;
}

/*
 * Which teams of gold miners win, as bits (1 blue, 2 green), when the gold
 * was reached.  "As a Gold Miner, you win if your own team creates the
 * connection to the treasure and the way there isn't blocked by a door";
 * "Both teams win if the Boss, the Profiteer, a Geologist, or a Saboteur has
 * created the connection ... and the way there isn't blocked by a door";
 * "SPECIAL CASE: A team also wins if the other team has created the
 * connection to the treasure, but the way for that team is blocked by a
 * door"; and "If the path to the gold is blocked by a door, only the Gold
 * Miners of the corresponding color win."
 */
static unsigned teams_win(const sab2_round *r)
{
	uint8_t by = r->finder < r->nplayers ? r->role[r->finder] : SAB2_NONE;
	unsigned open = (r->open_blue ? 1u : 0u) | (r->open_green ? 2u : 0u);

	if (by == SAB2_BLUE)
		return r->open_blue ? 1u : open & 2u;
	if (by == SAB2_GREEN)
		return r->open_green ? 2u : open & 1u;
	return open;
}

/* Pays every untrapped seat of the winning group by the group's size. */
static void pay_group(const sab2_round *r, uint16_t group, sab2_payout *out)
{
	int n = 0;

	for (int s = 0; s < r->nplayers; s++)
		if ((group >> s & 1) && !r->trapped[s])
			n++;
	if (n == 0)
		return;
	for (int s = 0; s < r->nplayers; s++) {
		if (!(group >> s & 1) || r->trapped[s])
			continue;
		int g = sab2_group_pay(n);
		/* "The Boss and the Profiteer get 1 or 2 gold fewer than the
		 * rest, depending on their role." */
		if (r->role[s] == SAB2_BOSS)
			g -= 1;
		else if (r->role[s] == SAB2_PROFITEER)
			g -= 2;
		out->winners |= (uint16_t)(1u << s);
		out->pay[s] = (int16_t)(g > 0 ? g : 0);
	}
}

/* The seats holding role that are not trapped, as a set. */
static uint16_t seats_of(const sab2_round *r, uint8_t role)
{
	uint16_t m = 0;

	for (int s = 0; s < r->nplayers; s++)
		if (r->role[s] == role && !r->trapped[s])
			m |= (uint16_t)(1u << s);
	return m;
}

/* One seat's win alone, paid `gold`, when it is not trapped. */
static void alone(const sab2_round *r, uint8_t role, int gold,
    sab2_payout *out)
{
	for (int s = 0; s < r->nplayers; s++) {
		if (r->role[s] != role || r->trapped[s])
			continue;
		out->winners |= (uint16_t)(1u << s);
		out->pay[s] = (int16_t)gold;
	}
}

/* "you get as much gold as there are visible crystals ... If there are 2
 * Geologists in the game, they split the gold. If the number of nuggets is
 * odd, round down."  A trapped geologist's share is not paid: "they are not
 * considered when it comes to distributing the treasure". */
static void pay_geologists(const sab2_round *r, sab2_payout *out)
{
	int n = 0;

	for (int s = 0; s < r->nplayers; s++)
		n += r->role[s] == SAB2_GEOLOGIST;
	if (n == 0)
		return;
	for (int s = 0; s < r->nplayers; s++)
		if (r->role[s] == SAB2_GEOLOGIST && !r->trapped[s])
			out->pay[s] = (int16_t)(out->pay[s] + r->crystals / n);
}

void sab2_distribute(const sab2_round *r, sab2_payout *out)
{
	memset(out, 0, sizeof *out);
	if (!r->connected) {
		/* The saboteurs "win if there is no connection to the golden
		 * treasure"; the profiteer is "always with the winning group";
		 * with no saboteur in the game the profiteer wins alone: 3. */
		if (in_play(r, SAB2_SABOTEUR))
			pay_group(r, (uint16_t)(seats_of(r, SAB2_SABOTEUR) |
			    seats_of(r, SAB2_PROFITEER)), out);
		else
			alone(r, SAB2_PROFITEER, 3, out);
	} else {
		unsigned teams = teams_win(r);
		uint16_t group = 0;

		if (teams & 1u)
			group |= seats_of(r, SAB2_BLUE);
		if (teams & 2u)
			group |= seats_of(r, SAB2_GREEN);
		if (teams) {
			/* "If one or both of these teams win, you win with
			 * them" (the boss); the profiteer is always there. */
			group |= seats_of(r, SAB2_BOSS) |
			    seats_of(r, SAB2_PROFITEER);
			pay_group(r, group, out);
		} else if (!in_play(r, SAB2_PROFITEER)) {
			/* Neither team can get to it: the boss alone, 4 gold,
			 * when there is no profiteer... */
			alone(r, SAB2_BOSS, 4, out);
		} else if (!in_play(r, SAB2_BOSS)) {
			/* ...the profiteer alone, 3 gold, when there is no
			 * boss. */
			alone(r, SAB2_PROFITEER, 3, out);
		}
	}
	pay_geologists(r, out);
}

int sab2_theft_order(const sab2_round *r, uint16_t thief, int last,
    uint8_t *order)
{
	int n = 0;

	if (r->nplayers == 0)
		return 0;
	if (last < 0 || last >= r->nplayers)
		last = 0;
	for (int i = 0; i < r->nplayers; i++) {
		int s = (last + i) % r->nplayers;
		if ((thief >> s & 1) && !r->trapped[s])
			order[n++] = (uint8_t)s;
	}
	return n;
}

int sab2_crystals(const sab_board *b, const sab_ruleset *rs)
{
	int n = 0;

	for (int i = 0; i < b->nplaced; i++) {
		uint8_t c = b->cell[b->placed[i]];
		if (c != SAB_CELL_EMPTY && c != SAB_CELL_HIDDEN)
			n += rs->defs[SAB_CELL_DEF(c)].crystals;
	}
	return n;
}
