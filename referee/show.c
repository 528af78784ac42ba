/* show.c: moves, events and the board as plain text for people. */
#include <stdio.h>

#include "cli.h"

const char *show_role(uint8_t role)
{
	switch (role) {
	case SAB_ROLE_MINER:
		return "gold miner";
	case SAB_ROLE_SABOTEUR:
		return "saboteur";
	default:
		return "none";
	}
}

static const char *name(const sab_ruleset *rs, uint8_t def)
{
	return def < rs->ndefs ? rs->defs[def].name : "a hidden card";
}

void show_move(FILE *f, const sab_ruleset *rs, const sab_move *m)
{
	const sab_kind *k = sab_move_kind(rs, m);
	char buf[160];

	if (k != NULL && k->say != NULL && k->say(rs, m, buf, sizeof buf) >= 0)
		fputs(buf, f);
	else if (m->kind == SAB_MOVE_PASS)
		fprintf(f, "pass, discarding %s", name(rs, m->card));
	else
		fprintf(f, "pick gold %d", m->value);
}

static void show_play(FILE *f, const sab_ruleset *rs, const sab_event *e)
{
	switch (e->type) {
	case SAB_EV_PATH:
		fprintf(f, "seat %d plays %s at (%d,%d)%s", e->seat,
		    name(rs, e->card), e->x, e->y, e->rot ? " turned" : "");
		break;
	case SAB_EV_SABOTAGE:
		fprintf(f, "seat %d breaks the %s of seat %d", e->seat,
		    sab_tool_name(e->tool), e->target);
		break;
	case SAB_EV_REPAIR:
		fprintf(f, "seat %d repairs the %s of seat %d with %s", e->seat,
		    sab_tool_name(e->tool), e->target, name(rs, e->card));
		break;
	case SAB_EV_ROCKFALL:
		fprintf(f, "seat %d: %s removes %s from (%d,%d)", e->seat,
		    name(rs, e->card), name(rs, e->removed), e->x, e->y);
		break;
	case SAB_EV_MAP:
		fprintf(f, "seat %d looks at goal %d", e->seat, e->goal);
		break;
	case SAB_EV_PEEK:
		fprintf(f, "  (seat %d sees %s)", e->seat, name(rs, e->card));
		break;
	default:
		if (e->card == SAB_NO_CARD && e->vis == SAB_VIS_ALL)
			fprintf(f, "seat %d has no cards and passes", e->seat);
		else
			fprintf(f, "seat %d passes, discarding %s", e->seat,
			    name(rs, e->card));
		break;
	}
}

void show_event(FILE *f, const sab_ruleset *rs, const sab_event *e)
{
	switch (e->type) {
	case SAB_EV_GAME_START:
		fprintf(f, "game of %d players, ruleset %s", e->n, rs->name);
		break;
	case SAB_EV_ROUND_START:
		fprintf(f, "round %d: seat %d plays first, %d cards in the deck",
		    e->value, e->seat, e->n);
		break;
	case SAB_EV_ROLE:
		fprintf(f, "seat %d is a %s", e->seat, show_role(e->value));
		break;
	case SAB_EV_DRAW:
		fprintf(f, "seat %d draws %s", e->seat, name(rs, e->card));
		break;
	case SAB_EV_REVEAL:
		fprintf(f, "goal %d at (%d,%d) is turned up: %s%s", e->goal, e->x,
		    e->y, name(rs, e->card), e->rot ? " (turned)" : "");
		break;
	case SAB_EV_ROUND_END:
		fprintf(f, "round %d ends: %s", e->value,
		    e->n == SAB_END_GOLD ? "the gold is reached" :
		    "no one holds a card");
		if (e->seat != SAB_NO_SEAT)
			fprintf(f, " by seat %d", e->seat);
		if (e->target != SAB_ROLE_NONE)
			fprintf(f, "; the %ss win", show_role(e->target));
		break;
	case SAB_EV_ROLE_REVEAL:
		fprintf(f, "seat %d was a %s", e->seat, show_role(e->value));
		break;
	case SAB_EV_GOLD_OFFER:
		fprintf(f, "seat %d is offered gold:", e->seat);
		for (int i = 0; i < e->n; i++)
			fprintf(f, " %d", e->vals[i]);
		break;
	case SAB_EV_GOLD:
		fprintf(f, "seat %d takes gold worth %d", e->seat, e->value);
		break;
	case SAB_EV_GAME_END:
		fprintf(f, "game over; gold:");
		for (int s = 0; s < e->n && s < SAB_MAX_PLAYERS; s++)
			fprintf(f, " %d%s", e->vals[s],
			    e->mask & (1u << s) ? "*" : "");
		fprintf(f, " (* shares the win)");
		break;
	default:
		show_play(f, rs, e);
		break;
	}
}

/* The 3 x 3 characters of one cell, row by row. */
static void cell_art(const sab_ruleset *rs, const sab_board *b,
    const uint8_t *goal_def, int x, int y, char art[3][4])
{
	uint8_t c = sab_board_get(b, x, y);
	uint8_t e = sab_board_cell_edges(rs, c);
	char mid = '.';

	if (c == SAB_CELL_HIDDEN) {
		mid = '?';
		for (int k = 0; goal_def && k < rs->ngoals; k++)
			if (rs->goal_x[k] == x && rs->goal_y[k] == y)
				mid = rs->defs[goal_def[k]].gold ? 'g' : 'r';
	} else if (c != SAB_CELL_EMPTY) {
		const sab_card *card = &rs->defs[SAB_CELL_DEF(c)];
		mid = card->type == SAB_CARD_START ? 'S' :
		    card->type == SAB_CARD_GOAL ? (card->gold ? 'G' : 'R') :
		    card->groups[0] ? '+' : '#';
	} else if (!sab_board_inside(rs, x, y)) {
		mid = ' ';
	}
	snprintf(art[0], 4, " %c ", e & SAB_N ? '|' : ' ');
	snprintf(art[1], 4, "%c%c%c", e & SAB_W ? '-' : ' ', mid,
	    e & SAB_E ? '-' : ' ');
	snprintf(art[2], 4, " %c ", e & SAB_S ? '|' : ' ');
}

void show_board(FILE *f, const sab_ruleset *rs, const sab_board *b,
    const uint8_t *goal_def)
{
	int x0 = rs->start_x, x1 = x0, y0 = rs->start_y, y1 = y0;

	for (int k = 0; k < rs->ngoals; k++) {
		x0 = rs->goal_x[k] < x0 ? rs->goal_x[k] : x0;
		x1 = rs->goal_x[k] > x1 ? rs->goal_x[k] : x1;
		y0 = rs->goal_y[k] < y0 ? rs->goal_y[k] : y0;
		y1 = rs->goal_y[k] > y1 ? rs->goal_y[k] : y1;
	}
	for (int i = 0; i < b->nplaced; i++) {
		int x = sab_board_x(b->placed[i]);
		int y = sab_board_y(b->placed[i]);
		x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
	}
	fprintf(f, "     ");
	for (int x = x0; x <= x1; x++)
		fprintf(f, "%3d", x);
	fprintf(f, "\n");
	for (int y = y0; y <= y1; y++) {
		for (int row = 0; row < 3; row++) {
			if (row == 1)
				fprintf(f, "%4d ", y);
			else
				fprintf(f, "     ");
			for (int x = x0; x <= x1; x++) {
				char art[3][4];
				cell_art(rs, b, goal_def, x, y, art);
				fputs(art[row], f);
			}
			fputc('\n', f);
		}
	}
}
