/* cards.c: the base game's card kinds, one block each: path, sabotage, repair, rockfall, map, and the start and goal cards. */
#include <stdio.h>
#include <string.h>

#include "../say.h"
#include "../seen.h"
#include "../table.h"
#include "base.h"

/*
 * Adding a card kind: write its block in its module's card file and list it
 * in that file's table at the end; the ruleset word, the protocol, the
 * replays and the viewer then know it (README, "Adding a card").
 */

/* ---- tokens: the words a bot reads and writes for a card ---------------- */

/* A token being written: into buf (size bytes), never past its end. */
typedef struct tokbuf {
	char *buf;
	size_t size, len;       /* len: what the whole token takes */
} tokbuf;

static void tok_put(tokbuf *t, const char *s)
{
	for (; *s; s++, t->len++)
		if (t->len + 1 < t->size)
			t->buf[t->len] = *s;
	if (t->size > 0)
		t->buf[t->len < t->size ? t->len : t->size - 1] = '\0';
}

static void tok_edges(tokbuf *t, uint8_t m)
{
	char s[5];

	tok_put(t, m ? sab_edges_format(m, s) : "");
}

static int tok_done(const tokbuf *t)
{
	return t->len < t->size ? (int)t->len : -1;
}

/* "break-pickaxe", "repair-pickaxe-lantern". */
static int tools_token(const char *kind, uint8_t tools, char *buf,
    size_t size)
{
	tokbuf t = { buf, size, 0 };

	tok_put(&t, kind);
	for (int k = 0; k < SAB_TOOLS; k++)
		if (tools & (1 << k)) {
			tok_put(&t, "-");
			tok_put(&t, sab_tool_name((uint8_t)(1 << k)));
		}
	return tok_done(&t);
}

/* A card whose token is its kind's word ("rockfall", "map"). */
static int word_token(const sab_card *c, char *buf, size_t size)
{
	tokbuf t = { buf, size, 0 };

	tok_put(&t, sab_card_type_name(c->type));
	return tok_done(&t);
}


/* ---- path: a tunnel card placed on the table ------------------------------ */

/* The expansions' marks after a path card's shape: ":blue" or ":green" (a
 * door of that colour), ":ladder", ":crystal" (":crystal2" for two). */
static int path_marks(tokbuf *t, const sab_card *c)
{
	static const char *const door[] = { "", ":blue", ":green" };
	char n[16];

	if (c->door > 0 && c->door <= SAB_MAX_TEAMS)
		tok_put(t, door[c->door]);
	if (c->ladder)
		tok_put(t, ":ladder");
	if (c->chest)           /* Treasure Chests' own path cards */
		tok_put(t, ":chest");
	if (c->crystals == 1)
		tok_put(t, ":crystal");
	else if (c->crystals > 1) {
		(void)snprintf(n, sizeof n, ":crystal%d", c->crystals);
		tok_put(t, n);
	}
	return tok_done(t);
}

static int path_token(const sab_card *c, char *buf, size_t size)
{
	tokbuf t = { buf, size, 0 };
	uint8_t joined = (uint8_t)(c->groups[0] | c->groups[1]);
	uint8_t stubs = (uint8_t)(c->edges & ~joined);

	if (c->groups[0] == 0) {
		tok_put(&t, "dead-");
		tok_edges(&t, c->edges);
		return path_marks(&t, c);
	}
	tok_put(&t, "path-");
	tok_edges(&t, c->groups[0]);
	if (c->groups[1]) {
		tok_put(&t, "+");
		tok_edges(&t, c->groups[1]);
	}
	if (stubs) {
		tok_put(&t, ".");
		tok_edges(&t, stubs);
	}
	return path_marks(&t, c);
}

static int path_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	uint8_t broken = sab_table_front_mask(g, g->to_act), block;

	for (int t = 0; t < SAB_TOOLS; t++) {
		if (broken & (1 << t)) {
			sab_say(why, whylen, "you cannot play path cards while a "
			    "broken %s lies in front of you",
			    sab_tool_name((uint8_t)(1 << t)));
			return 0;
		}
	}
	block = sab_table_front_blocks(g, g->to_act);
	if (block != SAB_NO_CARD) {
		sab_say(why, whylen, "you cannot play path cards while %s lies "
		    "in front of you", sab_table_card_word(g, words, block));
		return 0;
	}
	if (m->rot > 1) {
		sab_say(why, whylen, "a card is upright (0) or turned (1), not %d",
		    m->rot);
		return 0;
	}
	/* A goal a module moved lies where the ruleset put none. */
	for (int k = 0; g->goals_pushed && k < g->rs->ngoals; k++)
		if (g->goal_x[k] == m->x && g->goal_y[k] == m->y &&
		    !(g->goal_open >> k & 1)) {
			sab_say(why, whylen, "(%d,%d) holds a face-down goal "
			    "card", m->x, m->y);
			return 0;
		}
	if (!sab_board_fits_as(&g->board, g->rs, m->x, m->y, m->card, m->rot,
	    words, why, whylen))
		return 0;
	/* What the modules ask of the cell (Tunnel Toll: 1 gold). */
	return sab_table_path_check(g, m, why, whylen);
}

static void frontier_fill(const sab_game *g, sab_frontier *f)
{
	if (f->n >= 0)
		return;
	f->n = sab_board_frontier_fits(&g->board, g->rs, f->cell, f->fit,
	    SAB_MAX_FRONTIER);
}

/* A card with a ladder goes next to any card but a goal's, joined to the
 * start or not (board.c, ladder_fits()). */
static int ladder_gen(const sab_game *g, uint8_t def, sab_move *out)
{
	const sab_card *c = &g->rs->defs[def];
	uint16_t cell[SAB_MAX_FRONTIER];
	int nc = sab_board_ladder_cells(&g->board, g->rs, cell,
	    SAB_MAX_FRONTIER), n = 0;

	for (int i = 0; i < nc; i++) {
		sab_fit fit;
		sab_board_fit_masks(&g->board, g->rs, cell[i], &fit);
		for (int r = 0; r <= !c->symmetric; r++) {
			uint8_t e = c->rot_edges[r];
			if ((e & fit.need_open) != fit.need_open ||
			    (e & fit.need_closed))
				continue;
			sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
			out[n].rot = (uint8_t)r;
			out[n].x = (int8_t)sab_board_x(cell[i]);
			out[n].y = (int8_t)sab_board_y(cell[i]);
			n++;
		}
	}
	return n;
}

static int path_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	const sab_card *c = &g->rs->defs[def];
	int n = 0;

	if (g->nfront[g->to_act] &&
	    sab_table_front_blocks(g, g->to_act) != SAB_NO_CARD)
		return 0;
	if (c->ladder)
		return sab_table_path_filter(g, out, ladder_gen(g, def, out));
	frontier_fill(g, f);
	/* The card's edges read once: the moves written below could alias
	 * them for all the compiler knows. */
	const int nrot = c->symmetric ? 1 : 2, nf = f->n;
	const uint8_t edges[2] = { c->rot_edges[0], c->rot_edges[1] };
	/* Each move is written, and kept when the card fits: whether it
	 * fits is a coin toss to the branch predictor.  out holds
	 * SAB_MAX_CARD_MOVES, two a frontier cell; the move past the last
	 * kept one may hold one not kept. */
	for (int i = 0; i < nf; i++) {
		const sab_fit fit = f->fit[i];
		const int8_t x = (int8_t)sab_board_x(f->cell[i]);
		const int8_t y = (int8_t)sab_board_y(f->cell[i]);
		for (int r = 0; r < nrot; r++) {
			unsigned e = edges[r];
			sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
			out[n].rot = (uint8_t)r;
			out[n].x = x;
			out[n].y = y;
			n += ((e & fit.need_open) == fit.need_open) &
			    ((e & fit.need_closed) == 0) & ((e & fit.join) != 0);
		}
	}
	return sab_table_path_filter(g, out, n);
}

static void path_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_board_place(&g->board, g->rs, m->x, m->y, m->card, m->rot);
	g->last_path = sab_board_index(m->x, m->y);
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.x = m->x, e.y = m->y, e.rot = m->rot;
		sab_table_emit(ev, &e);
	}
	sab_table_path_laid(g, m, ev);
}

static int path_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	if (w->style == SAB_WORDS_TRACE)
		return snprintf(buf, size, "seat %d plays %s at (%d,%d)%s",
		    e->seat, w->card(w->ctx, e->card), e->x, e->y,
		    e->rot ? " turned" : "");
	return snprintf(buf, size, "seat %d plays %s at %d %d%s", e->seat,
	    w->card(w->ctx, e->card), e->x, e->y, e->rot ? ", turned" : "");
}

static void path_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
}

static const sab_kind sab_kind_path = {
	.word = "path", .deck = 1, .event = SAB_EV_PATH,
	.args = { SAB_ARG_X, SAB_ARG_Y, SAB_ARG_ROT }, .args_help = "X Y ROT",
	.token = path_token, .check = path_check, .gen = path_gen,
	.apply = path_apply, .learn = path_learn, .reveals = 1, .say = path_say,
};

/* ---- sabotage: a broken tool laid in front of a player ---------------- */

static int sabotage_token(const sab_card *c, char *buf, size_t size)
{
	return tools_token("break", c->tools, buf, size);
}

static int sabotage_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_card *c = &g->rs->defs[m->card];

	if (!sab_table_check_seat(g, m->target, why, whylen))
		return 0;
	if (m->target == g->to_act && !g->rs->sabotage_self) {
		sab_say(why, whylen, "%s must go in front of another player",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	if (!g->rs->sabotage_stacks &&
	    sab_table_front_tool(g, m->target, c->tools)) {
		sab_say(why, whylen, "seat %d already has a broken %s", m->target,
		    sab_tool_name(c->tools));
		return 0;
	}
	return 1;
}

static int sabotage_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	const sab_ruleset *rs = g->rs;
	uint8_t tool = rs->defs[def].tools;
	int n = 0;

	(void)f;
	for (int s = 0; s < g->nplayers; s++) {
		if ((s == g->to_act && !rs->sabotage_self) ||
		    (!rs->sabotage_stacks && (sab_table_front_mask(g, s) & tool)))
			continue;
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n].target = (uint8_t)s;
		out[n++].tool = tool;
	}
	return n;
}

static void sabotage_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	sab_table_front_add(g, m->target, m->card);
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.target = m->target;
		e.tool = g->rs->defs[m->card].tools;
		sab_table_emit(ev, &e);
	}
}

static int sabotage_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs, (void)w;
	return snprintf(buf, size, "seat %d breaks the %s of seat %d", e->seat,
	    sab_tool_name(e->tool), e->target);
}

static void sabotage_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_front_add(s, e->target, e->card);
}

static const sab_kind sab_kind_sabotage = {
	.word = "sabotage", .deck = 1, .event = SAB_EV_SABOTAGE,
	.args = { SAB_ARG_SEAT, SAB_ARG_CARD_TOOL }, .args_help = "SEAT",
	.token = sabotage_token, .check = sabotage_check, .gen = sabotage_gen,
	.apply = sabotage_apply, .learn = sabotage_learn, .say = sabotage_say,
};

/* ---- repair: mends one broken tool, both cards to the discard pile ---- */

static int repair_token(const sab_card *c, char *buf, size_t size)
{
	return tools_token("repair", c->tools, buf, size);
}

static int repair_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	const sab_card *c = &g->rs->defs[m->card];

	if (!sab_table_check_seat(g, m->target, why, whylen))
		return 0;
	if (g->rs->repair_self_only && m->target != g->to_act) {
		sab_say(why, whylen, "%s can only repair your own tools",
		    sab_table_card_word(g, words, m->card));
		return 0;
	}
	if (m->tool == 0 || (m->tool & (m->tool - 1)) || !(m->tool & c->tools)) {
		sab_say(why, whylen, "%s cannot repair a %s",
		    sab_table_card_word(g, words, m->card),
		    m->tool ? sab_tool_name(m->tool) : "missing tool");
		return 0;
	}
	if (!sab_table_front_tool(g, m->target, m->tool)) {
		sab_say(why, whylen, "seat %d has no broken %s to repair",
		    m->target, sab_tool_name(m->tool));
		return 0;
	}
	return 1;
}

static int repair_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	uint8_t tools = g->rs->defs[def].tools, broken[SAB_MAX_PLAYERS];
	int n = 0;

	uint8_t any = 0;

	(void)f;
	for (int s = 0; s < g->nplayers; s++)
		any |= broken[s] = sab_table_front_mask(g, s);
	if (!(any & tools))
		return 0;
	for (int t = 0; t < SAB_TOOLS; t++) {
		if (!(tools & (1 << t)))
			continue;
		for (int s = 0; s < g->nplayers; s++) {
			if (!(broken[s] & (1 << t)) ||
			    (g->rs->repair_self_only && s != g->to_act))
				continue;
			sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
			out[n].target = (uint8_t)s;
			out[n++].tool = (uint8_t)(1 << t);
		}
	}
	return n;
}

static void repair_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	uint8_t broken = sab_table_front_take_tool(g, m->target, m->tool);

	sab_table_discard(g, m->card);
	sab_table_discard(g, broken);
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.target = m->target;
		e.tool = m->tool;
		sab_table_emit(ev, &e);
	}
}

static int repair_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	(void)rs;
	return snprintf(buf, size, "seat %d repairs the %s of seat %d with %s",
	    e->seat, sab_tool_name(e->tool), e->target,
	    w->card(w->ctx, e->card));
}

/* The repair and the broken card go to the discard pile. */
static void repair_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_seen_front_take_tool(s, rs, e->target, e->tool);
	s->ndiscard = (uint16_t)(s->ndiscard + 2);
}

static const sab_kind sab_kind_repair = {
	.word = "repair", .deck = 1, .event = SAB_EV_REPAIR,
	.args = { SAB_ARG_SEAT, SAB_ARG_TOOL }, .args_help = "SEAT TOOL",
	.token = repair_token, .check = repair_check, .gen = repair_gen,
	.apply = repair_apply, .learn = repair_learn, .say = repair_say,
};

/* ---- rockfall: takes a path card off the table ------------------------- */

static int rockfall_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	uint8_t c = sab_board_get(&g->board, m->x, m->y);

	(void)words;
	if (c == SAB_CELL_EMPTY) {
		sab_say(why, whylen, "there is no card at (%d,%d) to remove",
		    m->x, m->y);
		return 0;
	}
	/* Treasure Chests: "you may either remove a revealed or a
	 * face-down path card" (and the chest beneath it). */
	if (c == SAB_CELL_HIDDEN && sab_table_hidden_at(g, m->x, m->y))
		return 1;
	if (c == SAB_CELL_HIDDEN ||
	    g->rs->defs[SAB_CELL_DEF(c)].type != SAB_CARD_PATH) {
		sab_say(why, whylen, "the %s card at (%d,%d) cannot be removed",
		    c == SAB_CELL_HIDDEN ? "goal" :
		    sab_card_type_name(g->rs->defs[SAB_CELL_DEF(c)].type),
		    m->x, m->y);
		return 0;
	}
	return 1;
}

static int rockfall_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	const sab_board *b = &g->board;
	uint16_t hidden[SAB_MAX_HIDDEN];
	int n = 0, nh;

	(void)f;
	for (int i = 0; i < b->nplaced; i++) {
		uint8_t c = b->cell[b->placed[i]];
		if (g->rs->defs[SAB_CELL_DEF(c)].type != SAB_CARD_PATH)
			continue;
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n].x = (int8_t)sab_board_x(b->placed[i]);
		out[n++].y = (int8_t)sab_board_y(b->placed[i]);
	}
	/* The modules' face-down cards (Treasure Chests' path cards). */
	nh = sab_table_hidden_cells(g, hidden);
	for (int i = 0; i < nh; i++) {
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n].x = (int8_t)sab_board_x(hidden[i]);
		out[n++].y = (int8_t)sab_board_y(hidden[i]);
	}
	return n;
}

static void rockfall_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	int hidden = sab_table_hidden_at(g, m->x, m->y);
	uint8_t cell = sab_board_remove(&g->board, g->rs, m->x, m->y);
	uint8_t removed = cell == SAB_CELL_HIDDEN ? SAB_NO_CARD :
	    SAB_CELL_DEF(cell);

	if (g->last_path == sab_board_index(m->x, m->y))
		g->last_path = SAB_NO_CELL;
	sab_table_discard(g, m->card);
	/* Treasure Chests' path cards, face down with their chest or face
	 * up, leave the round unseen, not for the discard pile. */
	if (hidden)
		sab_table_hidden_taken(g, m->x, m->y);
	else if (!g->rs->defs[removed].chest)
		sab_table_discard(g, removed);
	if (ev) {
		sab_event e = sab_table_play_event(g, m);
		e.removed = removed;
		e.x = m->x, e.y = m->y;
		sab_table_emit(ev, &e);
	}
}

static int rockfall_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	if (w->style == SAB_WORDS_TRACE && e->removed >= rs->ndefs)
		return snprintf(buf, size, "seat %d: %s removes a face-down "
		    "card and its chest from (%d,%d)", e->seat,
		    w->card(w->ctx, e->card), e->x, e->y);
	if (w->style == SAB_WORDS_TRACE)
		return snprintf(buf, size, "seat %d: %s removes %s from (%d,%d)",
		    e->seat, w->card(w->ctx, e->card),
		    w->card(w->ctx, e->removed), e->x, e->y);
	if (e->removed >= rs->ndefs)    /* a chest under its card */
		return snprintf(buf, size, "seat %d drops a rockfall on %d "
		    "%d, removing a face-down card and its chest", e->seat,
		    e->x, e->y);
	return snprintf(buf, size, "seat %d drops a rockfall on %d %d, "
	    "removing %s", e->seat, e->x, e->y, w->card(w->ctx, e->removed));
}

/* The rockfall and the card it removed go to the discard pile. */
static void rockfall_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_remove(&s->board, rs, e->x, e->y);
	/* A chest's path card does not go to the discard pile. */
	s->ndiscard = (uint16_t)(s->ndiscard + 1 + (e->removed < rs->ndefs &&
	    !rs->defs[e->removed].chest));
}

static const sab_kind sab_kind_rockfall = {
	.word = "rockfall", .deck = 1, .event = SAB_EV_ROCKFALL,
	.args = { SAB_ARG_X, SAB_ARG_Y, SAB_ARG_REMOVED }, .args_help = "X Y",
	.token = word_token, .check = rockfall_check, .gen = rockfall_gen,
	.apply = rockfall_apply, .learn = rockfall_learn, .say = rockfall_say,
};

/* ---- map: one player looks at a face-down goal -------------------------- */

static int map_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (m->goal == SAB_GOAL_CHEST) {        /* a module's face-down card */
		if (sab_table_hidden_at(g, m->x, m->y))
			return 1;
		sab_say(why, whylen, "there is no face-down chest at (%d,%d)",
		    m->x, m->y);
		return 0;
	}
	if (m->goal >= g->rs->ngoals) {
		sab_say(why, whylen, "there is no goal %d (goals are 0 to %d)",
		    m->goal, g->rs->ngoals - 1);
		return 0;
	}
	if (sab_table_maps_barred(g, why, whylen))
		return 0;
	if (g->goal_open & (1u << m->goal)) {
		sab_say(why, whylen, "goal %d is already face up", m->goal);
		return 0;
	}
	return 1;
}

static int map_gen(const sab_game *g, uint8_t def, sab_frontier *f,
    sab_move *out)
{
	uint16_t hidden[SAB_MAX_HIDDEN];
	int n = 0, nh, barred = sab_table_maps_barred(g, NULL, 0);

	(void)f;
	for (int k = 0; k < g->rs->ngoals && !barred; k++) {
		if (g->goal_open & (1u << k))
			continue;
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n++].goal = (uint8_t)k;
	}
	/* The modules' face-down cards (Treasure Chests' chests). */
	nh = sab_table_hidden_cells(g, hidden);
	for (int i = 0; i < nh; i++) {
		sab_table_move_at(&out[n], SAB_MOVE_PLAY, def);
		out[n].goal = SAB_GOAL_CHEST;
		out[n].x = (int8_t)sab_board_x(hidden[i]);
		out[n++].y = (int8_t)sab_board_y(hidden[i]);
	}
	return n;
}

/* Everyone sees which goal; only the player learns what lies there. */
static void map_apply(sab_game *g, const sab_move *m, sab_events *ev)
{
	int seat = g->to_act;

	sab_table_discard(g, m->card);
	if (m->goal == SAB_GOAL_CHEST) {
		/* The chest and its path card, to the player alone. */
		if (ev == NULL || !sab_table_hidden_at(g, m->x, m->y))
			return;
		sab_event e = sab_table_play_event(g, m);
		e.goal = m->goal;
		e.x = m->x, e.y = m->y;
		sab_table_emit(ev, &e);
		e = sab_event_new(SAB_EV_PEEK, SAB_VIS_SEAT, (uint8_t)seat);
		e.goal = SAB_GOAL_CHEST;
		e.x = m->x, e.y = m->y;
		sab_table_hidden_peek(g, m->x, m->y, &e);
		sab_table_emit(ev, &e);
		return;
	}
	g->peeked[seat] |= (uint16_t)(1u << m->goal);
	if (ev == NULL)
		return;
	sab_event e = sab_table_play_event(g, m);
	e.goal = m->goal;
	sab_table_emit(ev, &e);
	e = sab_event_new(SAB_EV_PEEK, SAB_VIS_SEAT, (uint8_t)seat);
	e.goal = m->goal;
	e.card = g->goal_def[m->goal];
	sab_table_emit(ev, &e);
}

static int map_say(const sab_ruleset *rs, const sab_event *e,
    const sab_words *w, char *buf, size_t size)
{
	if (e->goal == SAB_GOAL_CHEST)
		return snprintf(buf, size, w->style == SAB_WORDS_TRACE ?
		    "seat %d looks at the chest at (%d,%d)" :
		    "seat %d looks at the chest at %d %d with a map", e->seat,
		    e->x, e->y);
	if (w->style == SAB_WORDS_TRACE)
		return snprintf(buf, size, "seat %d looks at goal %d", e->seat,
		    e->goal);
	if (e->goal >= rs->ngoals)
		return snprintf(buf, size, "%s", "");
	int x, y;
	sab_words_goal(rs, w, e->goal, &x, &y);
	return snprintf(buf, size, "seat %d looks at the goal at %d %d with a "
	    "map", e->seat, x, y);
}

/* Everyone learns which goal was looked at; what lies there is the peek,
 * an event of its own for the player alone. */
static void map_learn(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->goal < SAB_MAX_GOALS)
		s->peeked[e->seat] |= (uint16_t)(1u << e->goal);
	s->ndiscard++;
}

static const sab_kind sab_kind_map = {
	.word = "map", .deck = 1, .event = SAB_EV_MAP,
	.args = { SAB_ARG_GOAL }, .args_help = "X Y",
	.token = word_token, .check = map_check, .gen = map_gen,
	.apply = map_apply, .learn = map_learn, .say = map_say,
};

/* ---- the start and the goal cards: on the table, never in a hand -------- */

static int start_token(const sab_card *c, char *buf, size_t size)
{
	tokbuf t = { buf, size, 0 };

	tok_put(&t, "start-");
	tok_edges(&t, c->edges);
	return tok_done(&t);
}

static const sab_kind kind_start = {
	.word = "start", .token = start_token,
};

static int goal_token(const sab_card *c, char *buf, size_t size)
{
	tokbuf t = { buf, size, 0 };

	/* New Goals' cards say their effect (module goals); a sack its
	 * amount: "sack2-NESW". */
	static const char *const effect[SAB_GOAL_EFFECTS] = {
		"stone-", "sack", "dragon-", "spider-"
	};

	if (c->gold)
		tok_put(&t, "gold-");
	else
		tok_put(&t, effect[c->effect < SAB_GOAL_EFFECTS ? c->effect :
		    0]);
	if (!c->gold && c->effect == SAB_GOAL_SACK) {
		char n[2] = { (char)('0' + c->amount % 10), '\0' };
		tok_put(&t, n);
		tok_put(&t, "-");
	}
	tok_edges(&t, c->edges);
	return tok_done(&t);
}

static const sab_kind kind_goal = {
	.word = "goal", .token = goal_token,
};

/* ---- the base game's kinds: enum sab_card_type's order, then any new ---- */

const sab_kind *const sab_base_kinds[] = {
	[SAB_CARD_PATH] = &sab_kind_path,
	[SAB_CARD_START] = &kind_start,
	[SAB_CARD_GOAL] = &kind_goal,
	[SAB_CARD_SABOTAGE] = &sab_kind_sabotage,
	[SAB_CARD_REPAIR] = &sab_kind_repair,
	[SAB_CARD_ROCKFALL] = &sab_kind_rockfall,
	[SAB_CARD_MAP] = &sab_kind_map,
	/* A new kind of the base game goes here, before the end. */
	NULL
};
