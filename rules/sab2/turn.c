/* turn.c: Saboteur 2's options of a turn: a pass of 2 or 3 cards, and discarding two cards to take one away from in front of oneself. */
#include <string.h>

#include "../say.h"
#include "sab2.h"

/* Whether m is a move of these options: a pass of several cards, or a
 * removal. */
static int is_option(const sab_move *m)
{
	return (m->kind == SAB_MOVE_PASS && m->nmore > 0) ||
	    m->kind == SAB_MOVE_REMOVE;
}

/* Whether the cards card and more[0 .. n) are all in seat's hand, as
 * many copies as the move names. */
static int in_hand(const sab_game *g, int seat, const sab_move *m, int n)
{
	uint8_t want[3] = { m->card, m->more[0], m->more[1] };

	for (int i = 0; i <= n; i++) {
		int need = 0, have = 0;
		for (int j = 0; j <= n; j++)
			need += want[j] == want[i];
		for (int j = 0; j < g->nhand[seat]; j++)
			have += g->hand[seat][j] == want[i];
		if (have < need)
			return 0;
	}
	return 1;
}

/* A pass of several cards, or discarding two to remove a card in front. */
static int check_turn_option(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_ruleset *rs = g->rs;
	int seat = g->to_act, n = m->nmore;

	if (n > 2 || m->more[0] >= rs->ndefs || (n > 1 &&
	    m->more[1] >= rs->ndefs)) {
		sab_say(why, whylen, "that names no card");
		return 0;
	}
	if (m->kind == SAB_MOVE_PASS && n + 1 > rs->pass_max) {
		sab_say(why, whylen, "a pass discards %s",
		    rs->pass_max > 1 ? "1 to 3 cards" : "one card");
		return 0;
	}
	if (m->kind == SAB_MOVE_REMOVE && (!rs->remove_front || n != 1)) {
		sab_say(why, whylen, "%s", rs->remove_front ?
		    "a removal discards two cards" :
		    "this ruleset has no removal of cards in front of you");
		return 0;
	}
	if (!in_hand(g, seat, m, n)) {
		sab_say(why, whylen, "you do not hold those %d cards", n + 1);
		return 0;
	}
	if (m->kind == SAB_MOVE_REMOVE && (m->front >= rs->ndefs ||
	    !sab_pile_has(g->front[seat], g->nfront[seat], m->front))) {
		sab_say(why, whylen, "%s does not lie in front of you",
		    m->front < rs->ndefs ?
		    sab_table_card_word(g, words, m->front) : "that card");
		return 0;
	}
	return 1;
}

/* The hand's distinct cards in order, with their copies. */
static int hand_kinds(const sab_game *g, int seat, uint8_t *def,
    uint8_t *copies)
{
	int k = 0;

	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t d = g->hand[seat][i];
		int j = 0;
		while (j < k && def[j] < d)
			j++;
		if (j < k && def[j] == d) {
			copies[j]++;
			continue;
		}
		memmove(def + j + 1, def + j, (size_t)(k - j));
		memmove(copies + j + 1, copies + j, (size_t)(k - j));
		def[j] = d;
		copies[j] = 1;
		k++;
	}
	return k;
}

/* Passes of 2 to pass_max cards, and removals (two cards for one in
 * front): every distinct set of cards once, in card order. */
static int turn_options(const sab_game *g, sab_move *out)
{
	const sab_ruleset *rs = g->rs;
	uint8_t def[SAB_MAX_HAND], copies[SAB_MAX_HAND], fronts[SAB_MAX_FRONT];
	int seat = g->to_act, k = hand_kinds(g, seat, def, copies), n = 0;
	int nfronts = 0;

	for (int i = 0; rs->remove_front && i < g->nfront[seat]; i++)
		if (!sab_pile_has(fronts, (uint8_t)nfronts, g->front[seat][i]))
			fronts[nfronts++] = g->front[seat][i];
	for (int a = 0; a < k; a++)
		for (int b = a; b < k; b++) {
			if (b == a && copies[a] < 2)
				continue;
			sab_move m = sab_table_move(SAB_MOVE_PASS, def[a]);
			m.nmore = 1;
			m.more[0] = def[b];
			if (rs->pass_max >= 2)
				out[n++] = m;
			for (int f = 0; f < nfronts; f++) {
				out[n] = m;
				out[n].kind = SAB_MOVE_REMOVE;
				out[n++].front = fronts[f];
			}
			for (int c = b; rs->pass_max >= 3 && c < k; c++) {
				int need = c != b ? 1 : b == a ? 3 : 2;
				if (copies[c] < need)
					continue;
				out[n] = m;
				out[n].nmore = 2;
				out[n++].more[1] = def[c];
			}
		}
	return n;
}

/* Discards several cards (a pass of more than one card, face down), or
 * two to take away a card in front of the seat (face up). */
static void turn_option(sab_game *g, const sab_move *m, sab_events *ev)
{
	int seat = g->to_act;
	uint8_t cards[3] = { m->card, m->more[0], m->more[1] };
	sab_event e;

	for (int i = 1; i <= m->nmore && i < 3; i++) {
		sab_table_hand_take(g, seat, cards[i]);
		sab_table_discard(g, cards[i]);
	}
	sab_table_discard(g, m->card);
	if (m->kind == SAB_MOVE_PASS) {
		e = sab_event_new(SAB_EV_PASS, SAB_VIS_HIDDEN, (uint8_t)seat);
		e.card = m->card;
		e.n = (uint16_t)(m->nmore + 1);
		for (int i = 0; i <= m->nmore && i < 3; i++)
			e.vals[i] = cards[i];
	} else {
		sab_pile_take(g->front[seat], &g->nfront[seat], m->front);
		sab_table_discard(g, m->front);
		e = sab_event_new(SAB_EV_REMOVE, SAB_VIS_ALL, (uint8_t)seat);
		e.card = m->card;
		e.removed = m->front;
		e.n = 2;
		e.vals[0] = m->card;
		e.vals[1] = m->more[0];
	}
	sab_table_emit(ev, &e);
}

int sab2_turn_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	return is_option(m) ? check_turn_option(g, m, words, why, whylen) :
	    -1;
}

int sab2_turn_moves(const sab_game *g, sab_move *out)
{
	return g->rs->pass_max > 1 || g->rs->remove_front ?
	    turn_options(g, out) : 0;
}

int sab2_turn_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	if (!is_option(m))
		return 0;
	turn_option(g, m, ev);
	return 1;
}
