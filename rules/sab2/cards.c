/* cards.c: Saboteur 2's action cards, one block each: theft, hands off, trapped, freedom, inspection, change hats, swap hands. */
#include <stdio.h>
#include <string.h>

#include "../say.h"
#include "../seen.h"
#include "sab2.h"

/*
 * Each block quotes the rulebook's sentence it follows (seed 004, "New
 * action cards").  "You may only have 1 copy of each action card in front
 * of you at any one time": theft and trapped check it.
 */

/* ---- shared steps ------------------------------------------------------- */

/* The token of every action card here is its kind's word. */
static int word_token(const sab_card *c, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s", sab_card_type_name(c->type));

	return n < 0 || (size_t)n >= size ? -1 : n;
}

/* "seat 2 plays hands-off on seat 3": the play and its target. */
static int say_target(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d plays %s on seat %d", e->seat,
	    w->card(w->ctx, e->card), e->target);
}

/* A target that must be another seat. */
static int check_other(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	if (!sab_table_check_seat(g, m->target, why, whylen))
		return 0;
	if (m->target == g->to_act) {
		sab_say(why, whylen, "%s is played on another player",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	return 1;
}

/* One play on each seat that passes ok (every other seat when other). */
static int gen_seats(const sab_game *g, uint8_t def, int other,
    uint8_t type, int want, sab_move *out)
{
	int n = 0;

	for (int s = 0; s < g->nplayers; s++) {
		if (other && s == g->to_act)
			continue;
		if (type != 0 &&
		    (sab2_front_find(g, s, type) != SAB_NO_CARD) != want)
			continue;
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n++].target = (uint8_t)s;
	}
	return n;
}

/* The play's event: public, with its target (and the card it removed). */
static void emit_play(sab_game *g, const sab_move *m, uint8_t removed,
    sab_events *ev)
{
	if (ev == NULL)
		return;
	sab_event e = sab_table_play_event(g, m);
	e.target = m->target;
	e.removed = removed;
	sab_table_emit(ev, &e);
}

/* Takes the card of type away from in front of target; both it and the
 * card played go to the discard pile.  Returns the card taken. */
static uint8_t take_both(sab_game *g, const sab_move *m, uint8_t type)
{
	uint8_t taken = sab2_front_find(g, m->target, type);

	sab_pile_take(g->front[m->target], &g->nfront[m->target], taken);
	sab_table_discard(g, m->card);
	sab_table_discard(g, taken);
	return taken;
}

static void learn_front_add(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_front_add(s, e->target, e->card);
}

static void learn_take_both(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_front_take(s, e->target, e->removed);
	s->ndiscard = (uint16_t)(s->ndiscard + 2);
}

static void learn_discard(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs, (void)e;
	s->ndiscard++;
}

/* ---- theft: "Place the theft card face up in front of yourself" --------- */

static int theft_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)m;
	if (sab2_front_find(g, g->to_act, SAB2_CARD_THEFT) != SAB_NO_CARD) {
		sab_say(why, whylen, "a %s already lies in front of you (only "
		    "one copy of each action card)",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	return 1;
}

static int theft_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	if (sab2_front_find(g, g->to_act, SAB2_CARD_THEFT) != SAB_NO_CARD)
		return 0;
	out[0] = sab_table_move(SAB_MOVE_PLAY, def);
	return 1;
}

/* "If more than one of you have a theft card in front of you, start with
 * the last player to play their Theft card": the turn is kept. */
static void theft_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_front_add(g, g->to_act, m->card);
	g->theft_turn[g->to_act] = g->turn;
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		sab_table_emit(ev, &e);
	}
}

static void theft_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_front_add(s, e->seat, e->card);
}

static int theft_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d lays %s in front of itself",
	    e->seat, w->card(w->ctx, e->card));
}

static const sab_kind kind_theft = {
	.word = "theft", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_END }, .args_help = "(nothing)",
	.token = word_token, .check = theft_check, .gen = theft_gen,
	.apply = theft_apply, .learn = theft_learn, .say = theft_say,
	.front_mark = 'T',
};

/* ---- hands off: "Remove 1 theft card of your choice that's face up on the
 * table. Place both cards on the discard pile." ------------------------- */

static int handsoff_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (!sab_table_check_seat(g, m->target, why, whylen))
		return 0;
	if (sab2_front_find(g, m->target, SAB2_CARD_THEFT) == SAB_NO_CARD) {
		sab_say(why, whylen, "no theft card lies in front of seat %d",
		    m->target);
		return 0;
	}
	return 1;
}

static int handsoff_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	return gen_seats(g, def, 0, SAB2_CARD_THEFT, 1, out);
}

static void handsoff_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	emit_play(g, m, take_both(g, m, SAB2_CARD_THEFT), ev);
}

static const sab_kind kind_hands_off = {
	.word = "hands-off", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT, SAB_ARG_REMOVED }, .args_help = "SEAT",
	.token = word_token, .check = handsoff_check, .gen = handsoff_gen,
	.apply = handsoff_apply, .learn = learn_take_both, .say = say_target,
};

/* ---- trapped: "Place the trapped card in front of any other player. When
 * you have a trapped card in front of you, you can't play path cards" --- */

static int trapped_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	if (!check_other(g, m, words, why, whylen))
		return 0;
	if (sab2_front_find(g, m->target, SAB2_CARD_TRAPPED) != SAB_NO_CARD) {
		sab_say(why, whylen, "seat %d is already trapped (only one "
		    "copy of each action card)", m->target);
		return 0;
	}
	return 1;
}

static int trapped_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	return gen_seats(g, def, 1, SAB2_CARD_TRAPPED, 0, out);
}

static void trapped_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_front_add(g, m->target, m->card);
	emit_play(g, m, SAB_NO_CARD, ev);
}

static const sab_kind kind_trapped = {
	.word = "trapped", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT }, .args_help = "SEAT",
	.token = word_token, .check = trapped_check, .gen = trapped_gen,
	.apply = trapped_apply, .learn = learn_front_add, .say = say_target,
	.blocks_paths = 1,
	.front_mark = 'X',
};

/* ---- freedom: "Remove a trapped card of your choice that's face up on the
 * table. Place both cards on the discard pile." ------------------------- */

static int freedom_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (!sab_table_check_seat(g, m->target, why, whylen))
		return 0;
	if (sab2_front_find(g, m->target, SAB2_CARD_TRAPPED) == SAB_NO_CARD) {
		sab_say(why, whylen, "seat %d is not trapped", m->target);
		return 0;
	}
	return 1;
}

static int freedom_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	return gen_seats(g, def, 0, SAB2_CARD_TRAPPED, 1, out);
}

static void freedom_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	emit_play(g, m, take_both(g, m, SAB2_CARD_TRAPPED), ev);
}

static const sab_kind kind_freedom = {
	.word = "freedom", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT, SAB_ARG_REMOVED }, .args_help = "SEAT",
	.token = word_token, .check = freedom_check, .gen = freedom_gen,
	.apply = freedom_apply, .learn = learn_take_both, .say = say_target,
};

/* ---- inspection: "Look at the dwarf card of another player of your choice
 * in secret. Then, discard the inspection card." ------------------------ */

static int other_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	return gen_seats(g, def, 1, 0, 0, out);
}

static void inspection_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_discard(g, m->card);
	emit_play(g, m, SAB_NO_CARD, ev);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_INSPECT, SAB_VIS_SEAT,
		    g->to_act);
		e.target = m->target;
		e.value = g->role[m->target];
		sab_table_emit(ev, &e);
	}
}

static const sab_kind kind_inspection = {
	.word = "inspection", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT }, .args_help = "SEAT",
	.token = word_token, .check = check_other, .gen = other_gen,
	.apply = inspection_apply, .learn = learn_discard, .say = say_target,
};

/* ---- change hats: "Pick any 1 player including yourself. This player must
 * swap their dwarf card for a new one by drawing the top card from the deck
 * of unused dwarf cards and pushing their former card under the deck." -- */

static int hats_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	return sab_table_check_seat(g, m->target, why, whylen);
}

static int hats_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)f;
	return gen_seats(g, def, 0, 0, 0, out);
}

/* Only the player concerned learns the new card. */
static void hats_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab2_dwarf_pile pile;

	sab_table_discard(g, m->card);
	pile.n = g->ndwarves;
	memcpy(pile.card, g->dwarves, sizeof pile.card);
	sab2_change_hats(&g->role[m->target], &pile);
	memcpy(g->dwarves, pile.card, sizeof pile.card);
	g->ndwarves = pile.n;
	emit_play(g, m, SAB_NO_CARD, ev);
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_ROLE, SAB_VIS_SEAT,
		    m->target);
		e.value = g->role[m->target];
		sab_table_emit(ev, &e);
	}
}

/* Whatever an inspection told of the target's role is stale now; the
 * target (and the whole table) learn the new card from the role event. */
static void hats_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->ndiscard++;
	if (e->target < s->nplayers && s->persp != e->target)
		s->role[e->target] = SAB_SEEN_UNKNOWN;
}

static const sab_kind kind_change_hats = {
	.word = "change-hats", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT }, .args_help = "SEAT",
	.token = word_token, .check = hats_check, .gen = hats_gen,
	.apply = hats_apply, .learn = hats_learn, .say = say_target,
};

/* ---- swap hands: "Pick 1 other player and swap all of your hand of cards
 * with them. ... The other player draws 1 card at the end of your turn." - */

/* Each of the two learns its new hand, and so the other's. */
static void tell_hand(const sab_game *g, int seat, sab_events *ev)
{
	sab_event e = sab_event_new(SAB_EV_HAND, SAB_VIS_SEAT, (uint8_t)seat);

	e.n = g->nhand[seat];
	for (int i = 0; i < g->nhand[seat]; i++)
		e.vals[i] = g->hand[seat][i];
	sab_table_emit(ev, &e);
}

static void swap_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	uint8_t me = g->to_act, t = m->target;

	sab_table_discard(g, m->card);
	sab_hands_swap(g->hand[me], &g->nhand[me], g->hand[t], &g->nhand[t]);
	g->owed_draw = t;
	emit_play(g, m, SAB_NO_CARD, ev);
	if (ev) {
		tell_hand(g, me, ev);
		tell_hand(g, t, ev);
	}
}

static void swap_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_swap_hands(s, e->seat, e->target);
	s->ndiscard++;
}

static const sab_kind kind_swap_hands = {
	.word = "swap-hands", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_SEAT }, .args_help = "SEAT",
	.token = word_token, .check = check_other, .gen = other_gen,
	.apply = swap_apply, .learn = swap_learn, .say = say_target,
};

/* ---- the table: the order of the card types in sab2.h ------------------ */

const sab_kind *const sab2_kinds[] = {
	&kind_theft,
	&kind_hands_off,
	&kind_trapped,
	&kind_freedom,
	&kind_inspection,
	&kind_change_hats,
	&kind_swap_hands,
	NULL
};
