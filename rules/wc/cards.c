/* cards.c: the World Championship special cards, one block each: goal card swap, treasure trove, veto, change of direction, pathfinder, diversion (the master crafter is a repair card of the base game with its three tools). */
#include <stdio.h>
#include <string.h>

#include "../say.h"
#include "../seen.h"
#include "wc.h"

/*
 * Each block quotes the rulebook's sentence it follows (seed 004, "Special
 * Cards").  "Once you've carried out their actions, these cards go on the
 * discard pile."  What is not one card's is the module's decisions
 * (react.c: the veto's reaction window, a treasure trove's take) or the
 * turn's (rules/game.c: a pathfinder's second card, counted in substep).
 */

static int word_token(const sab_card *c, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s", sab_card_type_name(c->type));

	return n < 0 || (size_t)n >= size ? -1 : n;
}

static int one_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	(void)g, (void)f;
	out[0] = sab_table_move(SAB_MOVE_PLAY, def);
	return 1;
}

static int always(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)g, (void)m, (void)words, (void)why, (void)whylen;
	return 1;
}

static void emit_play(sab_game *g, const sab_move *m, sab_events *ev)
{
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		sab_table_emit(ev, &e);
	}
}

static void learn_discard(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs, (void)e;
	s->ndiscard++;
}

static int say_plain(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d plays %s", e->seat,
	    w->card(w->ctx, e->card));
}

/* ---- 2017 goal card swap: "Pick 2 face-down goal cards and take them
 * without looking at their fronts. Decide whether you want to swap the 2
 * cards or not, then put them back." ------------------------------------ */

static int swap_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (m->goal >= g->rs->ngoals || m->goal2 >= g->rs->ngoals ||
	    m->goal == m->goal2) {
		sab_say(why, whylen, "a goal swap names two different goals");
		return 0;
	}
	if ((g->goal_open >> m->goal & 1) || (g->goal_open >> m->goal2 & 1)) {
		sab_say(why, whylen, "a goal swap takes two face-down goals");
		return 0;
	}
	if (m->rot > 1) {
		sab_say(why, whylen, "swap is 1 (swap them) or 0 (put them back "
		    "as they were), not %d", m->rot);
		return 0;
	}
	return 1;
}

static int swap_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	int n = 0;

	(void)f;
	for (int a = 0; a < g->rs->ngoals; a++)
		for (int b = a + 1; b < g->rs->ngoals; b++) {
			if ((g->goal_open >> a & 1) || (g->goal_open >> b & 1))
				continue;
			for (int sw = 0; sw <= 1; sw++) {
				out[n] = sab_table_move(SAB_MOVE_PLAY, def);
				out[n].goal = (uint8_t)a;
				out[n].goal2 = (uint8_t)b;
				out[n++].rot = (uint8_t)sw;
			}
		}
	return n;
}

/* What a seat learned by a map now lies where the card went. */
static void swap_bits(uint16_t *bits, int a, int b)
{
	uint16_t x = (uint16_t)(((*bits >> a) ^ (*bits >> b)) & 1);

	*bits = (uint16_t)(*bits ^ (x << a) ^ (x << b));
}

static void swap_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_discard(g, m->card);
	if (m->rot) {
		uint8_t t = g->goal_def[m->goal];
		g->goal_def[m->goal] = g->goal_def[m->goal2];
		g->goal_def[m->goal2] = t;
		for (int s = 0; s < g->nplayers; s++)
			swap_bits(&g->peeked[s], m->goal, m->goal2);
	}
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.goal = m->goal;
		e.value = m->goal2;
		e.rot = m->rot;
		sab_table_emit(ev, &e);
	}
}

static void swap_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	int a = e->goal, b = e->value;
	uint8_t t;

	(void)rs;
	s->ndiscard++;
	if (!e->rot || a >= SAB_MAX_GOALS || b >= SAB_MAX_GOALS)
		return;
	t = s->goal_known[a];
	s->goal_known[a] = s->goal_known[b];
	s->goal_known[b] = t;
	for (int k = 0; k < s->nplayers; k++) {
		swap_bits(&s->peeked[k], a, b);
		t = s->peek[k][a];
		s->peek[k][a] = s->peek[k][b];
		s->peek[k][b] = t;
	}
}

static int swap_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	int ax, ay, bx, by;

	if (e->goal >= rs->ngoals || e->value >= rs->ngoals)
		return snprintf(buf, size, "seat %d swaps goals", e->seat);
	if (w->style == SAB_WORDS_TRACE)
		return snprintf(buf, size, "seat %d takes goals %d and %d and "
		    "%s", e->seat, e->goal, e->value, e->rot ? "swaps them" :
		    "puts them back as they were");
	sab_words_goal(rs, w, e->goal, &ax, &ay);
	sab_words_goal(rs, w, e->value, &bx, &by);
	return snprintf(buf, size, "seat %d takes the goals at %d %d and %d %d "
	    "and %s", e->seat, ax, ay, bx, by,
	    e->rot ? "swaps them" : "puts them back as they were");
}

static const sab_kind kind_goal_swap = {
	.word = "goal-swap", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_GOAL, SAB_ARG_GOAL2, SAB_ARG_ROT },
	.args_help = "X1 Y1 X2 Y2 SWAP",
	.token = word_token, .check = swap_check, .gen = swap_gen,
	.apply = swap_apply, .learn = swap_learn, .say = swap_say,
};

/* ---- 2018 treasure trove: "Instead of drawing a card from the draw deck,
 * take the top 5 cards from the discard pile. Look at the cards, take 1 of
 * them into your hand and return the remaining cards to the discard pile,
 * face down."  "If there are fewer than 5 cards in the discard pile, take
 * all there are and pick 1 of them." -------------------------------------- */

static void trove_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	int n = g->ndiscard < 5 ? g->ndiscard : 5;

	g->draws = 0;
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.n = (uint16_t)n;
		sab_table_emit(ev, &e);
	}
	if (n == 0) {           /* nothing to take: the card goes at once */
		sab_table_discard(g, m->card);
		/* Every seat is told that nothing was taken, as a take's
		 * "took SEAT -" (saboteur-protocol(7)). */
		if (ev) {
			sab_event e = sab_event_new(SAB_EV_TAKE, SAB_VIS_ALL,
			    g->to_act);
			e.card = SAB_NO_CARD;
			sab_table_emit(ev, &e);
		}
		return;
	}
	g->held = m->card;
	g->ntrove = (uint8_t)n;
	g->phase = SAB_PHASE_TAKE;
	if (ev) {
		sab_event e = sab_event_new(SAB_EV_TROVE, SAB_VIS_SEAT,
		    g->to_act);
		e.n = (uint16_t)n;
		for (int i = 0; i < n; i++)
			e.vals[i] = g->discard[g->ndiscard - 1 - i];
		sab_table_emit(ev, &e);
	}
}

/* The trove card reaches the pile when a card is taken (the take's own
 * event); at once when the pile was empty. */
static void trove_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->n == 0)
		s->ndiscard++;
}

static int trove_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	if (e->n == 0)
		return snprintf(buf, size, "seat %d plays %s on an empty discard "
		    "pile: nothing to take, and no draw", e->seat,
		    w->card(w->ctx, e->card));
	return snprintf(buf, size, "seat %d plays %s: one of the top %d "
	    "card%s of the discard pile instead of a draw", e->seat,
	    w->card(w->ctx, e->card), e->n, e->n == 1 ? "" : "s");
}

static const sab_kind kind_treasure_trove = {
	.word = "treasure-trove", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_END }, .args_help = "(nothing)",
	.token = word_token, .check = always, .gen = one_gen,
	.apply = trove_apply, .learn = trove_learn, .say = trove_say,
};

/* ---- 2019 veto: "Play the veto during another player's turn as a reaction
 * to the path or action card they've just played."  The module's
 * reaction window plays it (react.c): never on one's own turn. ---------------------- */

static const sab_kind kind_veto = {
	.word = "veto", .deck = 1, .event = SAB_EV_PLAY, .reaction = 1,
	.args = { SAB_ARG_END }, .args_help = "(nothing)",
	.token = word_token, .say = say_plain,
};

/* ---- 2020 change of direction: "Starting immediately, the turn order is
 * reversed for the rest of the round." ----------------------------------- */

static void direction_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_discard(g, m->card);
	g->dir ^= 1;
	emit_play(g, m, ev);
}

static void direction_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs, (void)e;
	s->ndiscard++;
	s->dir ^= 1;
}

static int direction_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d plays %s: the turn order is "
	    "reversed for the rest of the round", e->seat,
	    w->card(w->ctx, e->card));
}

static const sab_kind kind_change_direction = {
	.word = "change-direction", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_END }, .args_help = "(nothing)",
	.token = word_token, .check = always, .gen = one_gen,
	.apply = direction_apply, .learn = direction_learn,
	.say = direction_say,
};

/* ---- 2022 pathfinder: "Play 2 path cards one after the other this turn.
 * ... At the end of your turn, draw 2 cards" ----------------------------- */

static int pathfinder_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)m, (void)words;
	if (g->nfront[g->to_act] &&
	    sab_table_front_blocks(g, g->to_act) != SAB_NO_CARD) {
		sab_say(why, whylen, "you cannot play path cards now");
		return 0;
	}
	return 1;
}

static int pathfinder_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	sab_move probe;

	probe = sab_table_move(SAB_MOVE_PLAY, def);
	return pathfinder_check(g, &probe, NULL, NULL, 0) ?
	    one_gen(g, def, f, out) : 0;
}

static void pathfinder_apply(sab_game *g, const sab_move *m,
    sab_events *ev)
{
	sab_table_discard(g, m->card);
	g->substep = 2;         /* two path cards to come (rules/game.c) */
	g->draws = 2;
	emit_play(g, m, ev);
}

static int pathfinder_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d plays %s: two path cards this "
	    "turn, then two draws", e->seat, w->card(w->ctx, e->card));
}

static const sab_kind kind_pathfinder = {
	.word = "pathfinder", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_END }, .args_help = "(nothing)",
	.token = word_token, .check = pathfinder_check, .gen = pathfinder_gen,
	.apply = pathfinder_apply, .learn = learn_discard,
	.say = pathfinder_say,
};

/* ---- 2023 diversion: "Move the last path card played into the network of
 * tunnels to a new position—according to the usual rules." -------------- */

/* The board with the last path card taken away, and that card. */
static int lifted(const sab_game *g, sab_board *b, uint8_t *def,
    uint8_t *rot)
{
	uint16_t at = g->last_path;
	uint8_t c;

	if (at == SAB_NO_CELL)
		return 0;
	c = g->board.cell[at];
	if (c == SAB_CELL_EMPTY || c == SAB_CELL_HIDDEN ||
	    g->rs->defs[SAB_CELL_DEF(c)].type != SAB_CARD_PATH)
		return 0;
	*b = g->board;
	*def = SAB_CELL_DEF(c);
	*rot = SAB_CELL_ROT(c);
	sab_board_remove(b, g->rs, sab_board_x(at), sab_board_y(at));
	return 1;
}

static int diversion_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	sab_board b;
	uint8_t def, rot;

	if (!lifted(g, &b, &def, &rot)) {
		sab_say(why, whylen, "no path card played last lies on the "
		    "table");
		return 0;
	}
	if (sab_board_index(m->x, m->y) == g->last_path) {
		sab_say(why, whylen, "a diversion moves the card to a new "
		    "place");
		return 0;
	}
	if (m->rot > 1) {
		sab_say(why, whylen, "a card is upright (0) or turned (1), not %d",
		    m->rot);
		return 0;
	}
	if (!sab_board_fits_as(&b, g->rs, m->x, m->y, def, m->rot, words,
	    why, whylen))
		return 0;
	/* A cell a module holds (Tunnel Toll's dwarf) takes only a path
	 * card laid from the hand (saboteur-rules(5)). */
	return !sab_table_cell_held(g, sab_board_index(m->x, m->y), why,
	    whylen);
}

static int diversion_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	sab_board b;
	uint16_t cell[SAB_MAX_FRONTIER];
	uint8_t moved, rot;
	int n = 0, nc;

	(void)f;
	if (!lifted(g, &b, &moved, &rot))
		return 0;
	nc = g->rs->defs[moved].ladder ?
	    sab_board_ladder_cells(&b, g->rs, cell, SAB_MAX_FRONTIER) :
	    sab_board_frontier(&b, g->rs, cell, SAB_MAX_FRONTIER);
	for (int i = 0; i < nc; i++) {
		int x = sab_board_x(cell[i]), y = sab_board_y(cell[i]);
		if (cell[i] == g->last_path ||
		    sab_table_cell_held(g, cell[i], NULL, 0))
			continue;
		for (int r = 0; r <= !g->rs->defs[moved].symmetric; r++) {
			if (!sab_board_fits(&b, g->rs, x, y, moved, (uint8_t)r,
			    NULL, 0))
				continue;
			out[n] = sab_table_move(SAB_MOVE_PLAY, def);
			out[n].x = (int8_t)x;
			out[n].y = (int8_t)y;
			out[n++].rot = (uint8_t)r;
		}
	}
	return n;
}

static void diversion_apply(sab_game *g, const sab_move *m,
    sab_events *ev)
{
	uint16_t at = g->last_path;
	int fx = sab_board_x(at), fy = sab_board_y(at);
	uint8_t moved = SAB_CELL_DEF(sab_board_remove(&g->board, g->rs, fx,
	    fy));

	sab_board_place(&g->board, g->rs, m->x, m->y, moved, m->rot);
	g->last_path = sab_board_index(m->x, m->y);
	sab_table_discard(g, m->card);
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.x = m->x, e.y = m->y, e.rot = m->rot;
		e.removed = moved;
		e.vals[0] = (int16_t)fx;
		e.vals[1] = (int16_t)fy;
		sab_table_emit(ev, &e);
	}
}

static void diversion_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_remove(&s->board, rs, e->vals[0], e->vals[1]);
	if (e->removed < rs->ndefs)
		sab_board_place(&s->board, rs, e->x, e->y, e->removed, e->rot);
	s->ndiscard++;
}

static int diversion_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	if (w->style == SAB_WORDS_TRACE)
		return snprintf(buf, size, "seat %d: %s moves %s from (%d,%d) "
		    "to (%d,%d)%s", e->seat, w->card(w->ctx, e->card),
		    w->card(w->ctx, e->removed), e->vals[0], e->vals[1], e->x,
		    e->y, e->rot ? " turned" : "");
	return snprintf(buf, size, "seat %d plays %s, moving %s from %d %d to "
	    "%d %d%s", e->seat, w->card(w->ctx, e->card),
	    w->card(w->ctx, e->removed), e->vals[0], e->vals[1], e->x, e->y,
	    e->rot ? ", turned" : "");
}

static const sab_kind kind_diversion = {
	.word = "diversion", .deck = 1, .event = SAB_EV_PLAY,
	.args = { SAB_ARG_X, SAB_ARG_Y, SAB_ARG_ROT, SAB_ARG_REMOVED,
	    SAB_ARG_FROM },
	.args_help = "X Y ROT",
	.token = word_token, .check = diversion_check, .gen = diversion_gen,
	.apply = diversion_apply, .learn = diversion_learn, .reveals = 1,
	.say = diversion_say,
};

/* ---- the table: the order of the card types in wc.h --------------------- */

const sab_kind *const wc_kinds[] = {
	&kind_goal_swap,
	&kind_treasure_trove,
	&kind_veto,
	&kind_change_direction,
	&kind_pathfinder,
	&kind_diversion,
	NULL
};
