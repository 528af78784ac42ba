/* events.c: Saboteur 2's event types and move kinds, one row each: the
 * line a seat is sent, what a perspective learns, the words for people. */
#include "../event_def.h"

/* Two cards discarded face up to take one away from in front. */
static void say_remove(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "removed");
	sab_put_wi(l, c->v->seat);
	sab_put_card(l, c->pc, c->v->removed);
	sab_put_card(l, c->pc, (uint8_t)c->v->vals[0]);
	sab_put_card(l, c->pc, (uint8_t)c->v->vals[1]);
}

static void learn_remove(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	sab_seen_hand_take(s, e->seat, (uint8_t)e->vals[0]);
	sab_seen_hand_take(s, e->seat, (uint8_t)e->vals[1]);
	sab_seen_front_take(s, e->seat, e->removed);
	s->ndiscard = (uint16_t)(s->ndiscard + 3);
	s->turn++;
	s->to_act = sab_seen_next(s, e->seat);
}

static int words_remove(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d discards %s and %s to take %s away "
	    "from in front of itself", e->seat, sab_words_card(w, e->vals[0]),
	    sab_words_card(w, e->vals[1]), sab_words_card(w, e->removed));
	return 0;
}

/* The second card discarded lies on top. */
static int top_remove(const sab_event *e)
{
	return e->vals[1];
}

const sab_event_def sab_event_def_REMOVE = {
	.name = "remove",
	.say = say_remove,
	.learn = learn_remove,
	.words = words_remove,
	.pile_top = top_remove,
	.trace = 1,
	.log_word = "removed",
};

/* An inspection: seat alone sees target's role. */
static void say_inspect(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "role");
	sab_put_wi(l, c->v->target);
	sab_put_ws(l, sab_role_name(c->pc->rs, c->v->value));
}

static void learn_inspect(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->target < s->nplayers)
		s->role[e->target] = e->value;
}

static int words_inspect(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)w;
	sab_strbuf_printf(b, "seat %d sees that seat %d is a %s", e->seat,
	    e->target, e->value < rs->nroles ? rs->roles[e->value].title :
	    "?");
	return 0;
}

const sab_event_def sab_event_def_INSPECT = {
	.name = "inspect",
	.say = say_inspect,
	.learn = learn_inspect,
	.words = words_inspect,
};

/* A seat's whole hand, told to it (swap hands). */
static void say_hand(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "hand");
	for (int i = 0; i < c->v->n && i < SAB_MAX_HAND; i++)
		sab_put_card(l, c->pc, (uint8_t)c->v->vals[i]);
}

static void learn_hand(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	int k = e->seat;

	(void)rs;
	s->nhand[k] = 0;
	memset(s->hand[k], SAB_NO_CARD, sizeof s->hand[k]);
	for (int i = 0; i < e->n && i < SAB_MAX_HAND; i++)
		s->hand[k][s->nhand[k]++] = (uint8_t)e->vals[i];
}

static int words_hand(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	sab_strbuf_printf(b, "seat %d's hand is now", e->seat);
	if (e->n == 0)
		sab_strbuf_printf(b, " empty");
	else
		sab_strbuf_printf(b, ":");
	for (int i = 0; i < e->n && i < SAB_MAX_PLAYERS; i++)
		sab_strbuf_printf(b, " %s", sab_words_card(w, e->vals[i]));
	return 0;
}

const sab_event_def sab_event_def_HAND = {
	.name = "hand",
	.say = say_hand,
	.learn = learn_hand,
	.words = words_hand,
	.quiet = 1,
};

/* A theft carried out: one gold piece, in the open. */
static void say_steal(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "stole");
	sab_put_wi(l, c->v->seat);
	sab_put_wi(l, c->v->target);
}

static void learn_steal(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	if (e->target < s->nplayers)
		s->gold[e->target] = (int16_t)(s->gold[e->target] - e->value);
	s->gold[e->seat] = (int16_t)(s->gold[e->seat] + e->value);
	s->phase = SAB_PHASE_PLAY;
	s->to_act = SAB_NO_SEAT;
}

static int words_steal(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "seat %d steals %d gold from seat %d", e->seat,
	    e->value, e->target);
	return 0;
}

const sab_event_def sab_event_def_STEAL = {
	.name = "steal",
	.say = say_steal,
	.learn = learn_steal,
	.words = words_steal,
	.trace = 1,
	.gold_flow = 1,
	.log_word = "stole",
};

/* The seats a theft may rob, to the thief alone. */
static void say_choices(sab_line *l, const sab_say_ctx *c)
{
	sab_put_s(l, "victims");
	sab_put_seats(l, c->v->mask);
}

static void learn_choices(sab_seen *s, const sab_ruleset *rs,
    const sab_event *e)
{
	(void)rs;
	s->phase = SAB_PHASE_CHOOSE;
	s->to_act = e->seat;
}

static int words_choices(sab_strbuf *b, const sab_ruleset *rs,
    const sab_event *e, const sab_words *w)
{
	(void)rs;
	(void)w;
	sab_strbuf_printf(b, "seat %d chooses whom to steal from (seats",
	    e->seat);
	sab_words_seats(b, e->mask);
	sab_strbuf_printf(b, ")");
	return 0;
}

const sab_event_def sab_event_def_CHOICES = {
	.name = "choices",
	.say = say_choices,
	.learn = learn_choices,
	.words = words_choices,
	.quiet = 1,
};

/* ---- moves ------------------------------------------------------------------ */

/* "remove FRONT C1 C2": the card in front first. */
static void write_remove(sab_line *l, const sab_tokens *pc,
    const sab_move *m)
{
	sab_put_tok(l, pc, m->front);
	sab_put_tok(l, pc, m->card);
	sab_put_tok(l, pc, m->more[0]);
}

static int read_remove(sab_reply *r, sab_move *m)
{
	if (sab_reply_card(r, m) < 0)
		return -1;
	if (r->n != 4)
		return sab_reply_bad(r, "remove wants the card in front of "
		    "you, then two cards of your hand");
	m->front = m->card;
	m->kind = SAB_MOVE_REMOVE;
	return sab_reply_cards(r, 2, m);
}

/* Removal and theft are a ruleset's that passes several cards or removes
 * cards from in front. */
static int takes_remove(const sab_ruleset *rs)
{
	return rs->pass_max > 1 || rs->remove_front;
}

const sab_move_def sab_move_def_REMOVE = {
	.word = "remove",
	.write = write_remove,
	.read = read_remove,
	.hint = "; remove, steal",
	.offered = takes_remove,
};

/* "steal SEAT". */
static void write_steal(sab_line *l, const sab_tokens *pc,
    const sab_move *m)
{
	(void)pc;
	sab_put_wi(l, m->target);
}

static int read_steal(sab_reply *r, sab_move *m)
{
	long v;

	if (r->n != 2 || sab_reply_number(r, 1, 0, 255, &v))
		return sab_reply_bad(r, "steal wants a seat");
	m->kind = SAB_MOVE_CHOOSE;
	m->target = (uint8_t)v;
	return 0;
}

/* The first seat a theft may rob. */
static int fallback_steal(const sab_game *g, sab_move *m)
{
	if (g->phase != SAB_PHASE_CHOOSE)
		return 0;
	m->kind = SAB_MOVE_CHOOSE;
	while (m->target < g->nplayers && !(g->choices & (1u << m->target)))
		m->target++;
	return 1;
}

const sab_move_def sab_move_def_CHOOSE = {
	.word = "steal",
	.write = write_steal,
	.read = read_steal,
	.fallback = fallback_steal,
};

/* Its phase: the viewers do not name it (a theft's victim is chosen at a
 * round's end, which they say). */
const sab_phase_def sab_phase_def_CHOOSE = { .status = NULL };
