/* goals.c: New Goals: eight goal cards dealt into the goal places each round, and what each does when it turns face up. */
#include <string.h>

#include "../../hash.h"
#include "../../say.h"
#include "../../rskey.h"
#include "goals.h"

/*
 * "Take the goal card with gold and 4 random of the remaining 7 goal
 * cards. Shuffle all 5 cards and prepare the setup as shown. Put aside the
 * remaining 3 goal cards" -- and "The Next Round: Take all 8 goal cards
 * and prepare the setup as described above."  The places are the
 * ruleset's board.goals, the cards its goal_cards; the cards put aside
 * stay in goal_def past the places, unseen.
 */
static void round_start(sab_game *g, sab_rng *rng, sab_events *ev)
{
	const sab_ruleset *rs = g->rs;
	uint8_t others[SAB_MAX_GOALS], gold = 0;
	int n = 0;

	(void)ev;
	for (int i = 0; i < rs->ngoal_cards && i < SAB_MAX_GOALS; i++) {
		uint8_t d = rs->goal_defs[i];
		if (rs->defs[d].gold)
			gold = d;
		else
			others[n++] = d;
	}
	sab_rng_shuffle(rng, others, (uint32_t)n);
	g->goal_def[0] = gold;
	memcpy(g->goal_def + 1, others, (size_t)n);
	sab_rng_shuffle(rng, g->goal_def, rs->ngoals);
	g->goal_choices = 0;
}

/* The face-down goals a tunnel from the start reaches, as a mask. */
static uint8_t reached(const sab_game *g)
{
	const sab_ruleset *rs = g->rs;
	uint8_t mask = 0;

	for (int k = 0; k < rs->ngoals; k++)
		if (!(g->goal_open >> k & 1) && sab_board_goal_reached(
		    &g->board, g->goal_x[k], g->goal_y[k]))
			mask |= (uint8_t)(1u << k);
	return mask;
}

/* Gold taken or paid at once: a change of the seat's gold this round,
 * private to it as the gold of a round's end is. */
static void gold_change(sab_game *g, int seat, int amount, uint8_t type,
    sab_events *ev)
{
	g->gold[seat] = (int16_t)(g->gold[seat] + amount);
	g->round_pay[seat] = (int16_t)(g->round_pay[seat] + amount);
	if (ev) {
		sab_event e = sab_event_new(type, SAB_VIS_HIDDEN,
		    (uint8_t)seat);
		e.value = (uint8_t)(amount < 0 ? -amount : amount);
		sab_table_emit(ev, &e);
	}
}

/* The effect of the goal card at place k, just turned face up by the seat
 * to act; returns the end of the round it brings, or SAB_END_NONE. */
static int resolve(sab_game *g, int k, sab_events *ev)
{
	const sab_card *c = &g->rs->defs[g->goal_def[k]];
	int seat = g->to_act;

	if (c->gold)            /* "the round ends and the Gold Miners win" */
		return SAB_END_GOLD;
	switch (c->effect) {
	case SAB_GOAL_SACK:     /* "Take 1 or 2 gold pieces as shown on the
	                           card immediately." */
		gold_change(g, seat, c->amount, SAB_EV_GOLD, ev);
		break;
	case SAB_GOAL_DRAGON:   /* "Pay 1 gold piece immediately, if you
	                           already have any."  The payment is told
	                           even when there was nothing to pay, so
	                           that nobody else learns whether the seat
	                           had gold. */
		if (g->gold[seat] > 0) {
			gold_change(g, seat, -1, SAB_EV_PAID, ev);
		} else if (ev) {
			sab_event e = sab_event_new(SAB_EV_PAID,
			    SAB_VIS_HIDDEN, (uint8_t)seat);
			sab_table_emit(ev, &e);
		}
		break;
	case SAB_GOAL_SPIDER:   /* "The round ends immediately, and the
	                           Saboteurs have won." */
		return SAB_END_SPIDER;
	default:                /* the black rocks: no effect */
		break;
	}
	return SAB_END_NONE;
}

/*
 * The module's reveal hook: turns face up the goals a tunnel from the start
 * now reaches, each as the seat to act reached it, and carries out its
 * card's effect before the next is turned: goal place `first` first (a
 * choice made in SAB_PHASE_ORDER; -1: none).  When two or more face-down
 * goals are reached at once, the seat chooses which turns first: the phase
 * becomes SAB_PHASE_ORDER and the function returns SAB_END_NONE.  Returns
 * the end of the round an effect brought (SAB_END_GOLD, SAB_END_SPIDER),
 * at which no further goal is turned, or SAB_END_NONE.
 */
static int reveal(sab_game *g, int first, sab_events *ev)
{
	for (;;) {
		int k = first, end;
		uint8_t mask;

		first = -1;
		if (k < 0) {
			mask = reached(g);
			if (mask == 0)
				return SAB_END_NONE;
			/* "If you place a new path card that connects the
			 * start card to 2 face-down goal cards at the same
			 * time, reveal 1, carry out its effect, and then
			 * reveal the other. You choose the order." */
			if (mask & (mask - 1)) {
				g->phase = SAB_PHASE_ORDER;
				g->goal_choices = mask;
				if (ev) {
					sab_event e = sab_event_new(
					    SAB_EV_ORDER, SAB_VIS_ALL,
					    g->to_act);
					e.mask = mask;
					sab_table_emit(ev, &e);
				}
				return SAB_END_NONE;
			}
			for (k = 0; !(mask >> k & 1); k++)
				;
		}
		g->goal_choices = 0;
		(void)sab_table_reveal_goal(g, k, ev);
		end = resolve(g, k, ev);
		if (end != SAB_END_NONE)
			return end;
	}
}

/* SAB_PHASE_ORDER: a goal of g->goal_choices. */
static int order_check(const sab_game *g, const sab_move *m,
    const char *const *words, char *why, size_t whylen)
{
	(void)words;
	if (m->kind != SAB_MOVE_REVEAL) {
		sab_say(why, whylen, "choose which of the goals you reached "
		    "turns face up first");
		return 0;
	}
	if (m->goal >= g->rs->ngoals || !(g->goal_choices >> m->goal & 1)) {
		sab_say(why, whylen, "that is not one of the face-down goals "
		    "you reached");
		return 0;
	}
	return 1;
}

static int order_moves(const sab_game *g, sab_move *out)
{
	int n = 0;

	for (int k = 0; k < g->rs->ngoals; k++)
		if (g->goal_choices >> k & 1) {
			out[n] = sab_table_move(SAB_MOVE_REVEAL, 0);
			out[n++].goal = (uint8_t)k;
		}
	return n;
}

/* The goal the seat chose turns face up first, then the others it
 * reached, each resolved in turn; then the turn goes on where the card
 * that reached them left it. */
static void order_apply(sab_game *g, const sab_move *m, sab_rng *rng,
    sab_events *ev)
{
	int seat = g->to_act, sub = g->substep, end;

	g->phase = SAB_PHASE_PLAY;
	end = sab_table_reveal_all(g, m->goal, ev);
	sab_table_after_reveal(g, seat, sub, m, end, rng, ev);
}

static const sab_decision decisions[] = {
	{ .phase = SAB_PHASE_ORDER, .check = order_check,
	  .moves = order_moves, .apply = order_apply },
};

static const sab_move_rule move_rules[] = {
	{ .kind = SAB_MOVE_REVEAL, .same = SAB_SAME_GOAL,
	  .idle = "there is no goal to choose now" },
};

/* The state only New Goals uses: the goal cards put aside (the places'
 * cards the game's hash folds in), and a choice of goals waiting. */
static uint64_t hash(uint64_t h, const sab_game *g)
{
	int n = g->rs->ngoal_cards - g->rs->ngoals;

	if (n > 0)
		h = sab_fnv1a(h, g->goal_def + g->rs->ngoals, (size_t)n);
	return sab_fnv1a(h, &g->goal_choices, 1);
}

/* Its ruleset keys (keys.c). */
extern const sab_rs_key sab_goals_keys[];

const sab_module sab_module_goals = {
	.name = "goals",
	.title = "New Goals (mini expansion)",
	.ready = 1,
	.round_start = round_start,
	.hash = hash,
	.keys = sab_goals_keys,
	.decisions = decisions,
	.ndecisions = sizeof decisions / sizeof decisions[0],
	.move_rules = move_rules,
	.nmove_rules = sizeof move_rules / sizeof move_rules[0],
	.reveal = reveal,
};
