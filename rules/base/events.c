/* events.c: the base game's event types and move kinds, one row each: the
 * line a seat is sent, what a perspective learns, the words for people. */
#include <string.h>

#include "../board.h"
#include "../event_def.h"

/* ---- the game and the round ------------------------------------------- */

const sab_event_def sab_event_def_GAME_START = {
	.name = "game-start",
	.seatless = 1,
};

static void say_round_start(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "round");
	sab_put_wi(l, c->v->value);
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->n);
}

static void learn_round_start(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	s->round = e->value;
	s->first = e->seat;
	s->to_act = e->seat < s->nplayers ? e->seat : SAB_NO_SEAT;
	s->phase = SAB_PHASE_PLAY;
	s->round_end = SAB_END_NONE;
	s->finder = SAB_NO_SEAT;
	s->dir = 0;
	s->deck = e->n;
	s->dealing = 1;
	s->dealt = 0;
	s->ndiscard = 0;
	s->goal_open = 0;
	s->noffer = 0;
	memset(s->goal_known, SAB_NO_CARD, sizeof s->goal_known);
	for (int k = 0; k < s->nplayers; k++)
		sab_seen_seat_clear(s, k);
	sab_seen_round_modules(s, rs);
	memcpy(s->goal_x, rs->goal_x, sizeof s->goal_x);
	memcpy(s->goal_y, rs->goal_y, sizeof s->goal_y);
	sab_board_reset(&s->board, rs);
}

const sab_event_def sab_event_def_ROUND_START = {
	.name = "round-start",
	.seatless = 1,
	.in_deal = 1,
	.say = say_round_start,
	.learn = learn_round_start,
};

/* ---- roles and cards dealt ---------------------------------------------- */

static void say_role(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "role");
	sab_put_wi(l, c->v->seat);
	sab_put_ws(l, sab_role_name(c->pc->rs, c->v->value));
}

static void learn_role(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->role[e->seat] = e->value;
}

const sab_event_def sab_event_def_ROLE = {
	.name = "role",
	.in_deal = 1,
	.say = say_role,
	.learn = learn_role,
};

const sab_event_def sab_event_def_ROLE_REVEAL = {
	.name = "role-reveal",
	.say = say_role,
	.learn = learn_role,
};

static void say_draw(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "draw");
	sab_put_wi(l, c->v->seat);
	sab_put_card(l, c->pc, c->v->card);
}

static void learn_draw(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_hand_add(s, e->seat, e->card);
	if (s->dealing)
		s->dealt++;
	else if (s->deck > 0)
		s->deck--;
}

const sab_event_def sab_event_def_DRAW = {
	.name = "draw",
	.in_deal = 1,
	.say = say_draw,
	.learn = learn_draw,
	.quiet = 1,
	.trace = 2,
};

/* ---- cards played -------------------------------------------------------- */

/* "played SEAT TOKEN ARGS": a card of any kind played from a hand. */
static void say_played(sab_line *l, const sab_say_ctx *c)
{
	sab_move m = sab_play_of_event(c->v);

	sab_put_s(l, "played");
	sab_put_wi(l, c->v->seat);
	sab_put_tok(l, c->pc, c->v->card);
	sab_put_args(l, c->pc, &m, c->v);
}

/* A card played from a hand, and what it did; the turn moves on. */
static void learn_played(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;
	int held = 0;

	/* A card a module held out of the hand already (one that waited
	 * for a veto) is not taken from it again. */
	for (int i = 0; i < sab_nseen_defs && !held; i++)
		if (sab_seen_defs[i]->played != NULL)
			held = sab_seen_defs[i]->played(s, e);
	if (!held)
		sab_seen_hand_take(s, e->seat, e->card);
	/* What the play did, as its kind tells (rules/base/cards.c). */
	if (k != NULL && k->learn != NULL)
		k->learn(s, rs, e);
	s->turn++;
	s->to_act = sab_seen_next(s, e->seat);
}

/* The card played goes to the discard pile (a path card stays on the
 * board: the pile does not grow). */
static int top_played(const sab_event *e)
{
	return e->card;
}

#define PLAYED(type, word) \
	const sab_event_def sab_event_def_##type = { \
		.name = word, \
		.say = say_played, \
		.learn = learn_played, \
		.card_played = 1, \
		.pile_top = top_played, \
	};
PLAYED(PATH, "path")
PLAYED(SABOTAGE, "sabotage")
PLAYED(REPAIR, "repair")
PLAYED(ROCKFALL, "rockfall")
PLAYED(MAP, "map")
PLAYED(PLAY, "play")
#undef PLAYED

/* A map's look: at a goal place, or at a card a module hides (its
 * row of sab_module.hidden_peek says it). */
static void say_peek(sab_line *l, const sab_say_ctx *c)
{
	const sab_event *v = c->v;

	if (v->goal == SAB_GOAL_CHEST) {
		for (int i = 0; i < sab_nseen_defs; i++)
			if (sab_seen_defs[i]->say_peek != NULL &&
			    sab_seen_defs[i]->say_peek(l, c))
				break;
		return;
	}
	sab_put_s(l, "peek");
	sab_put_goal(l, c->pc, v->goal);
	sab_put_tok(l, c->pc, v->card);
}

static void learn_peek(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->card == SAB_NO_CARD || e->goal >= SAB_MAX_GOALS)
		return;
	s->peek[e->seat][e->goal] = e->card;
	s->goal_known[e->goal] = e->card;
}

/* A map's look in the viewer's steps (the trace says it in its own
 * words): at a goal place where it lies now, or at a hidden card. */
static int words_peek(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	int x, y;

	if (w->style != SAB_WORDS_STEP)
		return -1;
	if (e->goal == SAB_GOAL_CHEST) {
		for (int i = 0; i < sab_nseen_defs; i++)
			if (sab_seen_defs[i]->words_peek != NULL &&
			    sab_seen_defs[i]->words_peek(b, e, w))
				break;
	} else if (e->goal < rs->ngoals) {
		sab_words_goal(rs, w, e->goal, &x, &y);
		sab_strbuf_printf(b, "seat %d sees %s at %d %d", e->seat,
		    sab_words_card(w, e->card), x, y);
	}
	return 0;
}

const sab_event_def sab_event_def_PEEK = {
	.name = "peek",
	.words = words_peek,
	.say = say_peek,
	.learn = learn_peek,
	.quiet = 1,
};

static void say_pass(sab_line *l, const sab_say_ctx *c)
{
	const sab_event *v = c->v, *e = c->e;

	/* No card at all (not a hidden one): a pass without a discard. */
	if (e->vis == SAB_VIS_ALL && e->card == SAB_NO_CARD) {
		sab_put_s(l, "passed");
		sab_put_wi(l, v->seat);
	} else if (e->n > 1) {
		sab_put_s(l, "discarded");
		sab_put_wi(l, v->seat);
		for (int i = 0; i < e->n && i < 3; i++)
			sab_put_card(l, c->pc, (uint8_t)v->vals[i]);
	} else {
		sab_put_s(l, "discarded");
		sab_put_wi(l, v->seat);
		sab_put_card(l, c->pc, v->card);
	}
}

/* A pass: a discard from the hand, or in the open a seat without cards. */
static void learn_pass(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->vis != SAB_VIS_ALL && e->n > 1) {
		for (int i = 0; i < e->n && i < 3; i++)
			sab_seen_hand_take(s, e->seat, (uint8_t)e->vals[i]);
		s->ndiscard = (uint16_t)(s->ndiscard + e->n);
		s->turn++;
	} else if (e->vis != SAB_VIS_ALL) {
		sab_seen_hand_take(s, e->seat, e->card);
		s->ndiscard++;
		s->turn++;
	}
	s->to_act = sab_seen_next(s, e->seat);
}

/* A pass of two or three cards (Saboteur 2's passes): "face down" to
 * those who do not see them; one card is the callers' own words. */
static int words_pass(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	int n = e->n > 3 ? 3 : e->n;

	(void)rs;
	if (e->n < 2)
		return -1;
	if (e->vis == SAB_VIS_HIDDEN && e->vals[0] == SAB_NO_CARD) {
		sab_strbuf_printf(b, "seat %d passes, discarding %d cards face "
		    "down", e->seat, n);
		return 0;
	}
	sab_strbuf_printf(b, "seat %d passes, discarding ", e->seat);
	sab_words_cards(b, w, e->vals, n);
	return 0;
}

const sab_event_def sab_event_def_PASS = {
	.name = "pass",
	.say = say_pass,
	.learn = learn_pass,
	.words = words_pass,
	.trace = 1,
};

/* ---- goals turned up, the round's end ------------------------------------ */

static void say_reveal(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "reveal");
	sab_put_wi(l, c->v->x);
	sab_put_wi(l, c->v->y);
	sab_put_tok(l, c->pc, c->v->card);
	sab_put_wi(l, c->v->rot);
}

static void learn_reveal(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	sab_board_place(&s->board, rs, e->x, e->y, e->card, e->rot);
	if (e->goal < SAB_MAX_GOALS) {
		s->goal_open |= (uint8_t)(1u << e->goal);
		s->goal_known[e->goal] = e->card;
	}
	/* What a module asked before the goal turned up may end (a choice
	 * of which goal first). */
	for (int i = 0; i < sab_nseen_defs; i++)
		if (sab_seen_defs[i]->revealed != NULL)
			sab_seen_defs[i]->revealed(s, e);
}

const sab_event_def sab_event_def_REVEAL = {
	.name = "reveal",
	.seatless = 1,
	.say = say_reveal,
	.learn = learn_reveal,
};

static void say_round_end(sab_line *l, const sab_say_ctx *c)
{
	const sab_ruleset *rs = c->pc->rs;
	const sab_event *e = c->v;

	sab_put_s(l, "roundend");
	sab_put_wi(l, e->value);
	sab_put_ws(l, e->n == SAB_END_GOLD ? "gold" : e->n == SAB_END_SPIDER ?
	    "spider" : "nocards");
	if (e->seat == SAB_NO_SEAT)
		sab_put_ws(l, "-");
	else
		sab_put_wi(l, e->seat);
	/* Both teams of gold miners (Saboteur 2) have no role of their own. */
	sab_put_ws(l, e->tool ? "miners" : sab_role_side(rs, e->target));
	/* The winning seats, in rulesets beyond the base game (whose line
	 * stays as it always was). */
	if (sab_modules_default(rs))
		return;
	sab_put_ws(l, "winners");
	sab_put_seats(l, e->mask);
}

static void learn_round_end(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->round_end = (uint8_t)e->n;
	s->finder = e->seat < s->nplayers ? e->seat : SAB_NO_SEAT;
	s->to_act = SAB_NO_SEAT;
}

/* Who won a round of a ruleset beyond the base game: a team, both, the
 * saboteurs, or the boss or the profiteer alone; then the winning seats.
 * The base game's rulesets keep their callers' own words. */
static int words_round_end(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	const char *titles = e->target < rs->nroles ?
	    rs->roles[e->target].titles : "?";

	(void)w;
	if (!sab_words_expansion(rs))
		return -1;
	sab_strbuf_printf(b, "round %d ends: %s", e->value,
	    e->n == SAB_END_GOLD ? "the gold is reached" :
	    e->n == SAB_END_SPIDER ? "the giant spider is reached" :
	    "no one holds a card");
	if (e->seat != SAB_NO_SEAT)
		sab_strbuf_printf(b, " by seat %d", e->seat);
	if (e->tool)
		sab_strbuf_printf(b, "; both teams of gold miners win");
	else if (e->target == SAB_ROLE_NONE || e->mask == 0)
		sab_strbuf_printf(b, "; nobody wins");
	else if (strncmp(titles, "the ", 4) == 0)
		sab_strbuf_printf(b, "; %s wins alone", titles);
	else
		sab_strbuf_printf(b, "; the %s win", titles);
	sab_strbuf_printf(b, "; winners:");
	sab_words_seats(b, e->mask);
	return 0;
}

const sab_event_def sab_event_def_ROUND_END = {
	.name = "round-end",
	.seatless = 1,
	.say = say_round_end,
	.learn = learn_round_end,
	.words = words_round_end,
};

/* ---- gold and the game's end ---------------------------------------------- */

static void say_gold_offer(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "offer");
	for (int i = 0; i < c->v->n; i++)
		sab_put_wi(l, c->v->vals[i]);
}

static void learn_gold_offer(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_PICK_GOLD;
	s->to_act = e->seat;
	s->noffer = 0;
	for (int i = 0; i < e->n && i < SAB_MAX_PLAYERS; i++)
		s->offer[s->noffer++] = (uint8_t)e->vals[i];
}

const sab_event_def sab_event_def_GOLD_OFFER = {
	.name = "gold-offer",
	.say = say_gold_offer,
	.learn = learn_gold_offer,
	.quiet = 1,
};

static void say_gold(sab_line *l, const sab_say_ctx *c)
{
	const sab_event *v = c->v, *e = c->e;

	/* A stone (the old mine) is worth 0, and the seat that takes it is
	 * told so; a referee before replay format 1.5 showed it "-", as to
	 * the others. */
	sab_put_s(l, "gold");
	sab_put_wi(l, v->seat);
	if (v->value || (!(c->pc->compat & SAB_COMPAT_1_4) &&
	    (e->vis != SAB_VIS_HIDDEN || c->seat == e->seat)))
		sab_put_wi(l, v->value);
	else
		sab_put_ws(l, "-");
}

static void learn_gold(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	int k = e->seat;

	(void)rs;
	/* Gold taken in the open (at a round's setup) is known to all. */
	if (s->persp == SAB_SEEN_ALL || s->persp == k || e->vis == SAB_VIS_ALL)
		s->gold[k] = (int16_t)(s->gold[k] + e->value);
	else
		s->gold_hidden[k]++;
	if (s->phase == SAB_PHASE_PICK_GOLD && s->to_act == k) {
		s->noffer = 0;
		s->to_act = SAB_NO_SEAT;
	}
}

/* Gold in pieces, in a ruleset beyond the base game. */
static int words_gold(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)w;
	if (!sab_words_expansion(rs))
		return -1;
	if (e->vis == SAB_VIS_HIDDEN && e->value == 0)
		sab_strbuf_printf(b, "seat %d is paid gold (how much, only it "
		    "knows)", e->seat);
	else if (e->vis == SAB_VIS_ALL)
		sab_strbuf_printf(b, "seat %d takes %d gold at setup (Tunnel "
		    "Toll)", e->seat, e->value);
	else
		sab_strbuf_printf(b, "seat %d is paid %d gold", e->seat,
		    e->value);
	return 0;
}

const sab_event_def sab_event_def_GOLD = {
	.name = "gold",
	.in_deal = 1,
	.say = say_gold,
	.learn = learn_gold,
	.words = words_gold,
};

static void say_game_end(sab_line *l, const sab_say_ctx *c)
{
	const sab_event *e = c->v;

	sab_put_s(l, "gameover");
	for (int s = 0; s < c->nplayers; s++)
		sab_put_wi(l, e->vals[s]);
	sab_put_ws(l, "winners");
	for (int s = 0; s < c->nplayers; s++)
		if (e->mask & (1u << s))
			sab_put_wi(l, s);
}

static void learn_game_end(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	for (int k = 0; k < e->n && k < s->nplayers; k++) {
		s->gold[k] = e->vals[k];
		s->gold_hidden[k] = 0;
	}
	s->winners = e->mask;
	s->phase = SAB_PHASE_OVER;
	s->to_act = SAB_NO_SEAT;
	s->noffer = 0;
}

const sab_event_def sab_event_def_GAME_END = {
	.name = "game-end",
	.seatless = 1,
	.say = say_game_end,
	.learn = learn_game_end,
};

/* ---- moves ------------------------------------------------------------------ */

/* A tool word ("pickaxe") at word i into *tool: 0, or -1. */
static int read_tool(const sab_reply *r, int i, uint8_t *tool)
{
	for (int k = 0; k < SAB_TOOLS; k++)
		if (sab_reply_is(r, i, sab_tool_name((uint8_t)(1 << k)))) {
			*tool = (uint8_t)(1 << k);
			return 0;
		}
	return -1;
}

/* Whether a module of rs hides cards on the table (sab_module.hidden_at),
 * whose places a map may name. */
static int hides_cards(const sab_ruleset *rs)
{
	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++) {
		const sab_module *mod = sab_module_at(rs->modules[i]);
		if (mod != NULL && mod->hidden_at != NULL)
			return 1;
	}
	return 0;
}

/* The goal places the arguments named, once all were read. */
static int read_goals(sab_reply *r, const sab_kind *k, const sab_card *c,
    sab_move *m, int goal, int goal2)
{
	for (int i = 0; i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END; i++) {
		if (k->args[i] == SAB_ARG_GOAL2) {
			if (goal2 < 0)
				return sab_reply_bad(r, "there is no second goal "
				    "at the place given");
			m->goal2 = (uint8_t)goal2;
			continue;
		}
		if (k->args[i] != SAB_ARG_GOAL)
			continue;
		/* A map may name the place of a card a module hides, which
		 * the rules judge. */
		if (goal < 0 && c->type == SAB_CARD_MAP &&
		    hides_cards(r->pc->rs)) {
			m->goal = SAB_GOAL_CHEST;
			continue;
		}
		if (goal < 0)
			return sab_reply_bad(r, "there is no goal at (%d,%d)",
			    m->x, m->y);
		m->goal = (uint8_t)goal;
		m->x = m->y = 0;
	}
	return 0;
}

/* "play TOKEN ARGS": the argument list of the card's kind from word 2 on,
 * one loop, the inverse of sab_put_args(). */
static int read_play(sab_reply *r, sab_move *m)
{
	const sab_tokens *pc = r->pc;
	const sab_card *c;
	const sab_kind *k;
	int at = 2, ok = 1, goal = -1, goal2 = -1;
	long v = 0, v2 = 0;

	if (sab_reply_card(r, m) < 0)
		return -1;
	c = &pc->rs->defs[m->card];
	k = sab_kind_of(c->type);
	if (k == NULL || !k->deck)
		return sab_reply_bad(r, "%s cannot be played", pc->tok[m->card]);
	m->kind = SAB_MOVE_PLAY;
	for (int i = 0; ok && i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END;
	    i++) {
		switch (k->args[i]) {
		case SAB_ARG_X:
			ok = !sab_reply_number(r, at++, -128, 127, &v);
			m->x = (int8_t)v;
			break;
		case SAB_ARG_Y:
			ok = !sab_reply_number(r, at++, -128, 127, &v);
			m->y = (int8_t)v;
			break;
		case SAB_ARG_ROT:
			ok = !sab_reply_number(r, at++, 0, 1, &v);
			m->rot = (uint8_t)v;
			break;
		case SAB_ARG_SEAT:
			ok = !sab_reply_number(r, at++, 0, 255, &v);
			m->target = (uint8_t)v;
			break;
		case SAB_ARG_TOOL:
			ok = !read_tool(r, at++, &m->tool);
			break;
		case SAB_ARG_GOAL:
			ok = !sab_reply_xy(r, at, m);
			at += 2;
			goal = ok ? sab_reply_goal_at(pc, m->x, m->y) : -1;
			break;
		case SAB_ARG_CARD_TOOL:
			m->tool = c->tools;
			break;
		case SAB_ARG_GOAL2:
			ok = !sab_reply_number(r, at, -128, 127, &v) &&
			    !sab_reply_number(r, at + 1, -128, 127, &v2);
			goal2 = ok ? sab_reply_goal_at(pc, (int)v, (int)v2) : -1;
			at += 2;
			break;
		default:        /* SAB_ARG_REMOVED, _FROM: events only */
			break;
		}
	}
	if (!ok || r->n != at || r->more)
		return sab_reply_bad(r, "play %s wants %s", pc->tok[m->card],
		    k->args_help);
	return read_goals(r, k, c, m, goal, goal2);
}

/* "play TOKEN ARGS": the card's kind's arguments. */
static void write_play(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	sab_put_tok(l, pc, m->card);
	sab_put_args(l, pc, m, NULL);
}

/* A pathfinder's next path card ("Play 2 path cards one after the other
 * this turn"), where no discard is legal: the first legal move as the
 * "legal" lines list them (sab_game_moves()'s order: the hand's cards in
 * order, each card's places in order).  The turn asks for one only when
 * some path card fits. */
static int fallback_play(const sab_game *g, sab_move *m)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act;

	if (g->phase != SAB_PHASE_PLAY || g->substep == 0)
		return 0;
	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t d = g->hand[seat][i];
		if (g->rs->defs[d].type == SAB_CARD_PATH &&
		    sab_game_moves_card(g, d, buf) > 0) {
			*m = buf[0];
			return 1;
		}
	}
	m->kind = SAB_MOVE_PASS;        /* never: see the turn */
	m->card = g->hand[seat][0];
	return 1;
}

const sab_move_def sab_move_def_PLAY = {
	.word = "play",
	.write = write_play,
	.read = read_play,
	.fallback = fallback_play,
};

/* "discard C [C2 [C3]]". */
static void write_pass(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	sab_put_tok(l, pc, m->card);
	for (int i = 0; i < m->nmore && i < 2; i++)
		sab_put_tok(l, pc, m->more[i]);
}

static int read_pass(sab_reply *r, sab_move *m)
{
	if (sab_reply_card(r, m) < 0)
		return -1;
	if (r->pc->rs->pass_max <= 1 && r->n != 2)
		return sab_reply_bad(r, "discard wants one card");
	if (r->n > 4)
		return sab_reply_bad(r, "discard wants 1 to 3 cards");
	m->kind = SAB_MOVE_PASS;
	return sab_reply_cards(r, 2, m);
}

const sab_move_def sab_move_def_PASS = {
	.word = "discard",
	.write = write_pass,
	.read = read_pass,
};

static void write_pick(sab_line *l, const sab_tokens *pc, const sab_move *m)
{
	(void)pc;
	sab_put_wi(l, m->value);
}

/* Whether the ruleset's gold holds stones: cards worth 0 (the old
 * mine's "worthless stone cards"). */
static int has_stones(const sab_ruleset *rs)
{
	for (int i = 0; i < rs->ngold; i++)
		if (rs->gold_cards[i] == 0)
			return 1;
	return 0;
}

static int read_pick(sab_reply *r, sab_move *m)
{
	/* 0 is a stone's value (the old mine), which a referee before
	 * replay format 1.5 did not read. */
	long lo = has_stones(r->pc->rs) && !(r->pc->compat &
	    SAB_COMPAT_1_4) ? 0 : 1, v;

	if (r->n != 2 || sab_reply_number(r, 1, lo, SAB_MAX_GOLD_VALUE, &v))
		return sab_reply_bad(r, "pick wants a gold value");
	m->kind = SAB_MOVE_PICK_GOLD;
	m->value = (uint8_t)v;
	return 0;
}

/* The most valuable gold card offered. */
static int fallback_pick(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_PICK_GOLD)
		return 0;
	m->kind = SAB_MOVE_PICK_GOLD;
	for (int i = 0; i < g->noffer; i++)
		if (g->offer[i] > m->value)
			m->value = g->offer[i];
	return 1;
}

const sab_move_def sab_move_def_PICK_GOLD = {
	.word = "pick",
	.write = write_pick,
	.read = read_pick,
	.fallback = fallback_pick,
};

/* ---- its phases ---------------------------------------------------------- */

/* The viewers name none of them: a turn, a pick of gold and the game's
 * end say themselves. */
const sab_phase_def sab_phase_def_PLAY = { .status = NULL };
const sab_phase_def sab_phase_def_PICK_GOLD = { .status = NULL };
const sab_phase_def sab_phase_def_OVER = { .status = NULL };
