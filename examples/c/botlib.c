/* botlib.c: the referee's lines read back into the rules' events, which seen
 * applies to the seat's table, and the bot's answers written back; see
 * botlib.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botlib.h"
#include "linewords.h"

/* Lines are short (the referee's longest is 512 bytes), but a bot must not
 * choke on a longer one from a newer referee: it is read whole and ignored. */
#define LINE_MAX_READ 65536
#define MAX_WORDS 64


/* The state is large (the legal list), so it lives here, not on a stack. */

int bot_react = 1;
bot_line_fn *bot_lines;
int bot_at_once = 1;
int bot_standing = 1;

static botstate st;

/* Whether the legal list belongs to a decision already answered: the next
 * "legal" line then starts a new list. */
static int legal_done;
static unsigned games_begun;    /* "game" lines read: see legal_allow() */
/* The last answer, to strike it from the list if the referee refuses it. */
static char last_answer[BOT_MOVE_MAX];
/* Whether the layout lines after "game" have replaced the goal list yet. */
static int goals_from_referee;

/* ---- small helpers ---------------------------------------------------- */

typedef struct words {
	int n;
	char *w[MAX_WORDS];
} words;

/* Splits s in place at spaces and tabs. */
static void split(char *s, words *w)
{
	w->n = linewords_split(s, w->w, MAX_WORDS);
}

/* Reads word i as a whole number in [lo, hi]; returns 0, or -1.  A word
 * of up to 9 digits, the referee's every number but a seed, is read here
 * (a strtol() was a tenth of a reaction request's work); any other goes
 * to linewords_num(), which gives the same answer for these. */
static int num(const words *w, int i, long lo, long hi, int *out)
{
	const char *p = i < w->n ? w->w[i] : "";
	int neg = *p == '-', k = 0;
	long v = 0;

	for (p += neg; *p >= '0' && *p <= '9' && k < 9; p++, k++)
		v = v * 10 + (*p - '0');
	if (k == 0 || *p != '\0')
		return linewords_num(w->w, w->n, i, lo, hi, out);
	v = neg ? -v : v;
	if (v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* Reads word i as a seat of this game. */
static int seat_word(const words *w, int i, int *seat)
{
	return num(w, i, 0, st.nplayers - 1, seat);
}

/* Reads words i and i+1 as a cell the board's window holds. */
static int cell_words(const words *w, int i, int *x, int *y)
{
	if (num(w, i, SAB_COORD_MIN, SAB_COORD_MAX, x) ||
	    num(w, i + 1, SAB_COORD_MIN, SAB_COORD_MAX, y))
		return -1;
	return 0;
}

static int card_of(const char *tok)
{
	return proto_card_find(&st.cards, tok, strlen(tok));
}

int bot_goal_at(const botstate *s, int x, int y)
{
	for (int g = 0; g < s->rs.ngoals && g < SAB_MAX_GOALS; g++)
		if (bot_goal_x(s, g) == x && bot_goal_y(s, g) == y)
			return g;
	return -1;
}

int bot_goal_x(const botstate *s, int g)
{
	return s->table.round > 0 ? s->table.goal_x[g] : s->rs.goal_x[g];
}

int bot_goal_y(const botstate *s, int g)
{
	return s->table.round > 0 ? s->table.goal_y[g] : s->rs.goal_y[g];
}

/* The protocol's parser names goals by the cells they lie on now (a
 * push-goal chest moves one): it follows the table. */
static void follow_goals(void)
{
	for (int g = 0; g < SAB_MAX_GOALS; g++) {
		st.cards.goal_x[g] = (int8_t)bot_goal_x(&st, g);
		st.cards.goal_y[g] = (int8_t)bot_goal_y(&st, g);
	}
}

int bot_goal_card(const botstate *s, int g)
{
	uint8_t c = g >= 0 && g < SAB_MAX_GOALS ? s->table.goal_known[g] :
	    SAB_NO_CARD;

	return c < s->rs.ndefs ? c : -1;
}

int bot_role(const botstate *s, int seat)
{
	if (seat < 0 || seat >= s->nplayers || s->table.round == 0)
		return -1;
	if (!s->rs.has_roles)
		return SAB_ROLE_NONE;
	return s->table.role[seat] == SAB_SEEN_UNKNOWN ? -1 :
	    s->table.role[seat];
}

const char *bot_role_word(const botstate *s, int seat)
{
	int r = bot_role(s, seat);

	return r < 0 ? NULL : sab_role_name(&s->rs, (uint8_t)r);
}

int bot_kind_type(const char *word)
{
	return sab_kind_find(word, strlen(word));
}

int bot_in_front(const botstate *s, int seat, int type)
{
	int n = 0;

	if (seat < 0 || seat >= s->nplayers)
		return 0;
	for (int i = 0; i < s->table.nfront[seat]; i++) {
		const sab_card *c = bot_card(s, s->table.front[seat][i]);
		n += c != NULL && c->type == type;
	}
	return n;
}

int bot_gold_guess(const botstate *s, int seat)
{
	return seat >= 0 && seat < s->nplayers ? s->gold_guess[seat] : 0;
}

int bot_is_broken(const botstate *s, int seat)
{
	return sab_seen_broken(&s->table, &s->rs, seat,
	    SAB_PICKAXE | SAB_LANTERN | SAB_CART) > 0;
}

const sab_card *bot_card(const botstate *s, int def)
{
	return def >= 0 && def < s->rs.ndefs ? &s->rs.defs[def] : NULL;
}

int bot_move_type(const botstate *s, const sab_move *m)
{
	if (m->kind == SAB_MOVE_PICK_GOLD)
		return BOT_PICK;
	if (m->kind == SAB_MOVE_REMOVE)
		return BOT_REMOVE;
	if (m->kind == SAB_MOVE_CHOOSE)
		return BOT_STEAL;
	if (m->kind == SAB_MOVE_ALLOW)
		return BOT_ALLOW;
	if (m->kind == SAB_MOVE_TAKE)
		return BOT_TAKE;
	if (m->kind == SAB_MOVE_DWARF)
		return BOT_DWARF;
	if (m->kind == SAB_MOVE_REVEAL)
		return BOT_REVEAL;
	if (m->kind == SAB_MOVE_SEAT)
		return BOT_CHOOSE;
	if (m->kind == SAB_MOVE_PUSH)
		return BOT_PUSH;
	if (m->kind != SAB_MOVE_PLAY || bot_card(s, m->card) == NULL)
		return BOT_DISCARD;
	return s->rs.defs[m->card].type;
}

int bot_dwarf_at(const botstate *s, int x, int y)
{
	if (x < SAB_COORD_MIN || x > SAB_COORD_MAX || y < SAB_COORD_MIN ||
	    y > SAB_COORD_MAX)
		return -1;
	for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++)
		if (s->table.toll_cell[d] == sab_board_index(x, y))
			return s->table.toll_owner[d];
	return -1;
}

int bot_is_dead_end(const botstate *s, int def)
{
	const sab_card *c = bot_card(s, def);

	return c != NULL && c->type == SAB_CARD_PATH && c->groups[0] == 0;
}

/* An event as the rules would have made it, to be filled from a line. */
static sab_event event_new(uint8_t type, uint8_t vis, int seat)
{
	return sab_event_new(type, vis, (uint8_t)seat);
}

/* The table learns what the line told: seen does the rest. */
static void tell(const sab_event *e)
{
	sab_seen_apply(&st.table, &st.rs, e);
}

/* ---- the game and the round ------------------------------------------- */

/* Loads the ruleset the "game" line names.  A ruleset that is not built in
 * (a file given to the referee) most often extends base, so base reads its
 * cards; the layout lines that follow correct the board. */
static void load_ruleset(const char *name)
{
	char err[256];

	if (st.ruleset[0] != '\0' && strcmp(st.ruleset, name) == 0)
		return;         /* kept from the last game (see on_game) */
	snprintf(st.ruleset, sizeof st.ruleset, "%s", name);
	st.ruleset_builtin = sab_ruleset_load_builtin(&st.rs, name, err,
	    sizeof err) == 0;
	if (!st.ruleset_builtin) {
		static int told;
		if (!told++)
			fprintf(stderr, "botlib: ruleset %s is not built in; "
			    "reading its cards as base\n", name);
		if (sab_ruleset_load_builtin(&st.rs, "base", err, sizeof err))
			fprintf(stderr, "botlib: %s\n", err);
	}
	if (proto_cards_init(&st.cards, &st.rs, err, sizeof err) != 0)
		fprintf(stderr, "botlib: %s\n", err);
}

/* game G RULESET PLAYERS SEAT */
static void on_game(const words *w)
{
	int g, n, seat;

	if (w->n < 5 || num(w, 1, 0, 1000000000, &g) ||
	    num(w, 3, 1, SAB_MAX_PLAYERS, &n) || num(w, 4, 0, n - 1, &seat))
		return;
	/* A new game forgets everything but the ruleset, which a match keeps
	 * (parsing it again costs about 100 us of YAML a game). */
	static sab_ruleset rs;
	static proto_cards cards;
	static char name[sizeof st.ruleset];
	static int builtin;
	rs = st.rs;
	cards = st.cards;
	memcpy(name, st.ruleset, sizeof name);
	builtin = st.ruleset_builtin;
	memset(&st, 0, sizeof st);
	st.rs = rs;
	st.cards = cards;
	st.cards.rs = &st.rs;
	memcpy(st.ruleset, name, sizeof name);
	st.ruleset_builtin = builtin;
	st.game = g;
	games_begun++;
	st.nplayers = n;
	st.seat = seat;
	load_ruleset(w->w[2]);
	sab_seen_init(&st.table, &st.rs, n, seat);
	st.pending_seat = -1;
	goals_from_referee = 0;
	legal_done = 1;
}

/* player SEAT NAME */
static void on_player(const words *w)
{
	int s;

	if (w->n >= 3 && seat_word(w, 1, &s) == 0)
		snprintf(st.names[s], sizeof st.names[s], "%s", w->w[2]);
}

/* board bounded MINX MINY MAXX MAXY | board unbounded */
static void on_board(const words *w)
{
	int v[4];

	if (w->n == 2 && strcmp(w->w[1], "unbounded") == 0) {
		st.rs.bounded = 0;
		return;
	}
	if (w->n < 6 || strcmp(w->w[1], "bounded") != 0)
		return;
	for (int i = 0; i < 4; i++)
		if (num(w, 2 + i, SAB_COORD_MIN, SAB_COORD_MAX, &v[i]))
			return;
	st.rs.bounded = 1;
	st.rs.min_x = (int8_t)v[0];
	st.rs.min_y = (int8_t)v[1];
	st.rs.max_x = (int8_t)v[2];
	st.rs.max_y = (int8_t)v[3];
}

/* start X Y, goal X Y */
static void on_place(const words *w, int is_goal)
{
	int x, y;

	if (cell_words(w, 1, &x, &y))
		return;
	if (!goals_from_referee) {      /* the first goal line: a new list */
		if (is_goal)
			st.rs.ngoals = 0;
		goals_from_referee = is_goal;
	}
	/* The start and the goals need cells of their own: a line that would
	 * put two on one cell is ignored rather than trusted. */
	if (goals_from_referee && bot_goal_at(&st, x, y) >= 0)
		return;
	if (!is_goal) {
		st.rs.start_x = (int8_t)x;
		st.rs.start_y = (int8_t)y;
	} else if ((x != st.rs.start_x || y != st.rs.start_y) &&
	    st.rs.ngoals < SAB_MAX_GOALS) {
		st.rs.goal_x[st.rs.ngoals] = (int8_t)x;
		st.rs.goal_y[st.rs.ngoals++] = (int8_t)y;
	}
	follow_goals();
}

/* round R FIRST DECK: a fresh table, empty hands, roles to be dealt. */
static void on_round(const words *w)
{
	int r, first, deck;
	sab_event e;

	if (num(w, 1, 1, 255, &r) || seat_word(w, 2, &first) ||
	    num(w, 3, 0, 65535, &deck))
		return;
	e = event_new(SAB_EV_ROUND_START, SAB_VIS_ALL, first);
	e.value = (uint8_t)r;
	e.n = (uint16_t)deck;
	st.victims = 0;
	st.pending_seat = -1;
	st.ntrove = 0;
	st.trove_empty = 0;
	st.has_last_path = 0;
	st.dwarves_used = 0;
	st.push_choices = 0;
	tell(&e);
	follow_goals();
}

/* The value of role word `word`, or -1.  A word the ruleset we read does
 * not know (a ruleset file that is not built in, read as base, may deal a
 * module's roles, such as the greedy dwarf) becomes a role of its own, so
 * that bot_role_word() tells it; a bot that does not know it plays it as
 * it plays roles it has no plan for. */
static int role_value(const char *word)
{
	sab_role_def *d;

	for (int r = 0; r < st.rs.nroles; r++)
		if (strcmp(word, sab_role_name(&st.rs, (uint8_t)r)) == 0)
			return r;
	if (st.rs.nroles >= SAB_MAX_ROLES || strlen(word) >= SAB_NAME_MAX)
		return -1;
	d = &st.rs.roles[st.rs.nroles];
	snprintf(d->name, sizeof d->name, "%s", word);
	snprintf(d->side, sizeof d->side, "%s", word);
	snprintf(d->title, sizeof d->title, "%s", word);
	snprintf(d->titles, sizeof d->titles, "%s", word);
	return st.rs.nroles++;
}

/* role SEAT ROLE */
static void on_role(const words *w)
{
	int s, r;

	if (w->n < 3 || seat_word(w, 1, &s) || (r = role_value(w->w[2])) < 0)
		return;
	sab_event e = event_new(SAB_EV_ROLE, SAB_VIS_SEAT, s);
	e.value = (uint8_t)r;
	tell(&e);
}

/* ---- cards ------------------------------------------------------------ */

/* A card word: a definition, or SAB_NO_CARD for "-" or a token we do not
 * know. */
static uint8_t card_word(const char *tok)
{
	int def = card_of(tok);

	return def >= 0 ? (uint8_t)def : SAB_NO_CARD;
}

/* draw SEAT CARD|- */
static void on_draw(const words *w)
{
	int s;

	if (w->n < 3 || seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_DRAW, SAB_VIS_HIDDEN, s);
	e.card = card_word(w->w[2]);
	tell(&e);
}

/* discarded SEAT CARD|- ...: one card, or (Saboteur 2) up to three, left
 * the hand face down.  passed SEAT: a seat without cards passed in the
 * open. */
static void on_pass(const words *w, int open)
{
	int s;

	if (w->n < (open ? 2 : 3) || seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_PASS, open ? SAB_VIS_ALL :
	    SAB_VIS_HIDDEN, s);
	if (!open)
		e.card = card_word(w->w[2]);
	if (!open && w->n > 3) {
		for (int i = 2; i < w->n && e.n < 3; i++)
			e.vals[e.n++] = card_word(w->w[i]);
	}
	tell(&e);
}

/* removed SEAT FRONT C1 C2: two cards discarded face up to take FRONT away
 * from in front of the seat. */
static void on_removed(const words *w)
{
	int s;

	if (w->n < 5 || seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_REMOVE, SAB_VIS_ALL, s);
	e.removed = card_word(w->w[2]);
	e.card = card_word(w->w[3]);
	e.n = 2;
	e.vals[0] = card_word(w->w[3]);
	e.vals[1] = card_word(w->w[4]);
	tell(&e);
}

/* hand C...: our whole hand, after a swap of hands. */
static void on_hand(const words *w)
{
	sab_event e = event_new(SAB_EV_HAND, SAB_VIS_SEAT, st.seat);

	for (int i = 1; i < w->n && e.n < SAB_MAX_HAND; i++) {
		int def = card_of(w->w[i]);
		if (def < 0)
			return;         /* a hand we cannot read is not ours */
		e.vals[e.n++] = (int16_t)def;
	}
	tell(&e);
}

/* Returns 1 when (x, y) lies in the board's window. */
static int in_window(int x, int y)
{
	return x >= SAB_COORD_MIN && x <= SAB_COORD_MAX &&
	    y >= SAB_COORD_MIN && y <= SAB_COORD_MAX;
}

/*
 * Returns 1 when move m makes sense on the mirror: a path card on an empty
 * cell, a rockfall on a path card, a tool of a seat of this game.  The
 * referee's lines always do; checking keeps the mirror, and the bots that
 * try moves on copies of it, sound even if a line is wrong.
 */
static int sound(const sab_move *m)
{
	const sab_card *c = bot_card(&st, m->card);
	uint8_t cell;

	switch (m->kind == SAB_MOVE_PLAY && c != NULL ? c->type : 0xFF) {
	case SAB_CARD_PATH:
	case SAB_CARD_ROCKFALL:
		if (!in_window(m->x, m->y))
			return 0;
		cell = sab_board_get(&st.table.board, m->x, m->y);
		if (c->type == SAB_CARD_PATH)
			return cell == SAB_CELL_EMPTY;
		/* Treasure Chests: a face-down chest that is no goal place. */
		if (cell == SAB_CELL_HIDDEN)
			return bot_goal_at(&st, m->x, m->y) < 0;
		return cell != SAB_CELL_EMPTY &&
		    st.rs.defs[SAB_CELL_DEF(cell)].type == SAB_CARD_PATH;
	case SAB_CARD_SABOTAGE:
	case SAB_CARD_REPAIR:
		return m->target < st.nplayers && sab_tool_index(m->tool) >= 0;
	default:
		return 1;
	}
}

/*
 * Reads nwords words from word first, after prefix, as a move line ("play
 * path-NES 1 0 0") with the protocol's own parser, so that the bot and the
 * referee agree on every card.  Returns 1 when it parsed into a sound move.
 */
static int parse_move(const words *w, const char *prefix, int first,
    int nwords, sab_move *m)
{
	char line[PROTO_LINE_MAX], name[PROTO_NAME_MAX + 1], why[128];
	unsigned feat;
	size_t len = strlen(prefix);

	if (len >= sizeof line)
		return 0;
	memcpy(line, prefix, len + 1);
	/* The words joined by hand: a snprintf() a word was most of the
	 * bot's work on a line. */
	for (int i = first; i < first + nwords && i < w->n; i++) {
		size_t n = strlen(w->w[i]), sep = len > 0;
		if (n + sep >= sizeof line - len)
			return 0;
		line[len] = ' ';
		memcpy(line + len + sep, w->w[i], n + 1);
		len += sep + n;
	}
	return proto_parse(&st.cards, line, len, m, name, &feat, why,
	    sizeof why) == PROTO_MOVE && sound(m);
}

/* The event of seat playing move m (m is sound), as the referee wrote it;
 * removed is the card a rockfall took away. */
static sab_event play_event(int seat, const sab_move *m, uint8_t removed)
{
	const sab_kind *k = sab_move_kind(&st.rs, m);
	sab_event e = event_new(k->event, SAB_VIS_ALL, seat);

	e.card = m->card;
	/* The kind's arguments are the fields the event shares with the
	 * move. */
	for (const uint8_t *a = k->args; *a != SAB_ARG_END; a++) {
		switch (*a) {
		case SAB_ARG_X:
			e.x = m->x;
			break;
		case SAB_ARG_Y:
			e.y = m->y;
			break;
		case SAB_ARG_ROT:
			e.rot = m->rot;
			break;
		case SAB_ARG_SEAT:
			e.target = m->target;
			break;
		case SAB_ARG_TOOL:
		case SAB_ARG_CARD_TOOL:
			e.tool = m->tool;
			break;
		case SAB_ARG_GOAL:
			e.goal = m->goal;
			break;
		case SAB_ARG_GOAL2:     /* a goal swap's second goal */
			e.value = m->goal2;
			break;
		case SAB_ARG_REMOVED:
			e.removed = removed;
			break;
		default:        /* SAB_ARG_FROM: the caller's */
			break;
		}
	}
	return e;
}

/* The words of a played card's event beyond its move's ("played" lines
 * only): the card its play took away (a rockfall's path card, hands off's
 * theft, freedom's trapped, the card a diversion moved) and the cell it
 * left (a diversion's). */
typedef struct extra {
	uint8_t removed;
	int has_from;
	int from_x, from_y;
	int end;        /* the first word not read */
} extra;

/*
 * Reads the card at word first and its arguments as its kind lists them,
 * the move's words into m (1 when they parse into a sound move); with
 * event_words, the words only an event has go into x instead.
 */
static int read_card(const words *w, int first, int event_words,
    sab_move *m, extra *x)
{
	const sab_card *c = first < w->n ? bot_card(&st, card_of(w->w[first]))
	    : NULL;
	const sab_kind *k = c != NULL ? sab_kind_of(c->type) : NULL;
	words mw;
	int i = first + 1;

	x->removed = SAB_NO_CARD;
	x->has_from = 0;
	x->end = first;
	mw.n = 0;
	if (k == NULL)
		return 0;
	mw.w[mw.n++] = w->w[first];
	for (const uint8_t *a = k->args; *a != SAB_ARG_END && i <= w->n; a++) {
		int n = *a == SAB_ARG_GOAL || *a == SAB_ARG_GOAL2 ? 2 :
		    *a == SAB_ARG_CARD_TOOL ? 0 : 1;
		if (*a == SAB_ARG_REMOVED || *a == SAB_ARG_FROM) {
			if (!event_words)
				continue;
			if (*a == SAB_ARG_REMOVED && i < w->n)
				x->removed = card_word(w->w[i]);
			else if (*a == SAB_ARG_FROM)
				x->has_from = cell_words(w, i, &x->from_x,
				    &x->from_y) == 0;
			i += *a == SAB_ARG_FROM ? 2 : 1;
			continue;
		}
		for (int j = 0; j < n && i < w->n && mw.n < MAX_WORDS; j++)
			mw.w[mw.n++] = w->w[i++];
	}
	x->end = i;
	return parse_move(&mw, "play", 0, mw.n, m) &&
	    sab_move_kind(&st.rs, m) != NULL;
}

/* A path card now lies at (x, y): the one a diversion would move. */
static void path_laid(int x, int y)
{
	st.has_last_path = 1;
	st.last_path_x = x;
	st.last_path_y = y;
}

/* Change hats gives its target a new dwarf card that only the target is
 * told: whatever we knew of another seat's role (an inspection) is gone. */
static void forget_hats(const sab_move *m)
{
	const sab_card *c = bot_card(&st, m->card);

	if (c != NULL && c->type == bot_kind_type("change-hats") &&
	    m->target < st.nplayers && m->target != st.seat)
		st.table.role[m->target] = SAB_SEEN_UNKNOWN;
}

/* The words of the last "plays" line from its card on, joined by one
 * space, when they were the move's words alone; "" when not.  Its
 * "played" line most often says the same: the move is then the one read
 * from "plays" (st.pending), not read again. */
static char plays_words[PROTO_LINE_MAX];

/* Keeps words first.. of w as plays_words, or "" when they do not fit. */
static void plays_keep(const words *w, int first)
{
	size_t at = 0;

	plays_words[0] = '\0';
	for (int i = first; i < w->n; i++) {
		size_t n = strlen(w->w[i]);
		if (at + n + 2 > sizeof plays_words) {
			plays_words[0] = '\0';
			return;
		}
		if (i > first)
			plays_words[at++] = ' ';
		memcpy(plays_words + at, w->w[i], n);
		at += n;
	}
	plays_words[at] = '\0';
}

/* 1 when words first.. of w are plays_words. */
static int plays_same(const words *w, int first)
{
	const char *p = plays_words;

	if (*p == '\0')
		return 0;
	for (int i = first; i < w->n; i++) {
		size_t n = strlen(w->w[i]);
		if (i > first && *p++ != ' ')
			return 0;
		if (strncmp(p, w->w[i], n) != 0)
			return 0;
		p += n;
	}
	return *p == '\0';
}

/* played SEAT CARD ARGS... (a rockfall adds the card it removed, a
 * diversion the card it moved and the cell it left) */
static void on_played(const words *w, bot_seen_fn *seen)
{
	sab_move m;
	sab_event e;
	extra x;
	int s, ok;

	if (w->n < 3 || seat_word(w, 1, &s))
		return;
	/* The card that waited, in the same words: read then (the words
	 * after its move's, had there been any, would be this line's). */
	if (st.pending_seat == s && st.pending_parsed && plays_same(w, 2)) {
		m = st.pending;
		x = (extra){ SAB_NO_CARD, 0, 0, 0, w->n };
		ok = 1;
	} else {
		ok = read_card(w, 2, 1, &m, &x);
	}
	st.pending_seat = -1;
	if (ok) {
		const sab_card *c = bot_card(&st, m.card);
		if (seen != NULL)
			seen(&st, s, &m);
		e = play_event(s, &m, x.removed);
		/* A treasure trove showed its player the top cards of the
		 * pile, up to 5, as many as lay there. */
		if (c->type == bot_kind_type("treasure-trove")) {
			e.n = st.table.ndiscard < 5 ? st.table.ndiscard : 5;
			st.trove_empty = e.n == 0;
		}
		if (x.has_from) {
			e.vals[0] = (int16_t)x.from_x;
			e.vals[1] = (int16_t)x.from_y;
		}
		tell(&e);
		forget_hats(&m);
		if (c->type == SAB_CARD_PATH || x.has_from)
			path_laid(m.x, m.y);
		return;
	}
	/* What it did is not trusted; that it left the hand is. */
	e = event_new(SAB_EV_PASS, SAB_VIS_HIDDEN, s);
	e.card = card_word(w->w[2]);
	tell(&e);
}

/* plays SEAT CARD ARGS...: a card waits for a veto; it has left the
 * seat's hand. */
static void on_plays(const words *w)
{
	extra x;
	sab_event e;
	int s;

	if (w->n < 3 || seat_word(w, 1, &s))
		return;
	st.pending_seat = s;
	st.pending_parsed = read_card(w, 2, 0, &st.pending, &x);
	if (st.pending_parsed && x.end == w->n)
		plays_keep(w, 2);
	else
		plays_words[0] = '\0';
	if (st.pending_parsed) {
		e = play_event(s, &st.pending, SAB_NO_CARD);
		e.type = SAB_EV_PENDING;
	} else {
		e = event_new(SAB_EV_PENDING, SAB_VIS_ALL, s);
	}
	/* The card read_card() found, not looked up again. */
	e.card = st.pending_parsed ? st.pending.card : card_word(w->w[2]);
	tell(&e);
}

/* react SEAT: we may veto the card SEAT's play left waiting. */
static void on_react(const words *w)
{
	int s;

	if (seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_REACT, SAB_VIS_SEAT, st.seat);
	e.target = (uint8_t)s;
	tell(&e);
}

/* The definition of the veto card, or SAB_NO_CARD. */
static uint8_t veto_def(void)
{
	for (int d = 0; d < st.rs.ndefs; d++) {
		const sab_kind *k = sab_kind_of(st.rs.defs[d].type);
		if (k != NULL && k->reaction)
			return (uint8_t)d;
	}
	return SAB_NO_CARD;
}

/* vetoed VETOER SEAT CARD: both cards went to the discard pile. */
static void on_vetoed(const words *w)
{
	int v, s;

	if (w->n < 4 || seat_word(w, 1, &v) || seat_word(w, 2, &s))
		return;
	sab_event e = event_new(SAB_EV_VETO, SAB_VIS_ALL, v);
	e.target = (uint8_t)s;
	e.card = veto_def();
	e.removed = card_word(w->w[3]);
	st.pending_seat = -1;
	tell(&e);
}

/* trove C...: the top cards of the discard pile, ours to take one of. */
static void on_trove(const words *w)
{
	sab_event e = event_new(SAB_EV_TROVE, SAB_VIS_SEAT, st.seat);

	st.ntrove = 0;
	for (int i = 1; i < w->n && st.ntrove < SAB_MAX_PLAYERS; i++) {
		uint8_t c = card_word(w->w[i]);
		if (c == SAB_NO_CARD)
			continue;
		st.trove[st.ntrove++] = c;
		e.vals[e.n++] = c;
	}
	tell(&e);
}

/* took SEAT CARD|-: a card of a treasure trove went to SEAT's hand. */
static void on_took(const words *w)
{
	int s;

	if (w->n < 3 || seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_TAKE, SAB_VIS_HIDDEN, s);
	e.card = card_word(w->w[2]);
	/* After a trove on an empty pile, nothing was taken, in the open. */
	if (st.trove_empty && e.card == SAB_NO_CARD)
		e.vis = SAB_VIS_ALL;
	st.trove_empty = 0;
	if (s == st.seat)
		st.ntrove = 0;
	tell(&e);
}

/* Makes the definition just filled in at st.rs.defs[st.rs.ndefs] (a card
 * learnt from its token) part of the ruleset we read and of the protocol's
 * card table.  Returns its index, or -1 with both as they were when the
 * ruleset refuses it. */
static int learn_def(void)
{
	char err[256];

	st.rs.ndefs++;
	if (sab_ruleset_finish(&st.rs, err, sizeof err) != 0 ||
	    proto_cards_init(&st.cards, &st.rs, err, sizeof err) != 0) {
		st.rs.ndefs--;
		(void)sab_ruleset_finish(&st.rs, err, sizeof err);
		(void)proto_cards_init(&st.cards, &st.rs, err, sizeof err);
		return -1;
	}
	return st.rs.ndefs - 1;
}

/* A card laid at setup that the ruleset read does not hold (a postcard of
 * a ruleset file read as base): "WORD-EDGES" of a kind the library lays
 * (costume-NESW) joins the cards read, so the board knows its tunnels.
 * Returns its definition, or -1. */
static int laid_card(const char *tok)
{
	const char *dash = strchr(tok, '-');
	sab_card *d;
	int type;

	if (dash == NULL || st.rs.ndefs >= SAB_MAX_DEFS ||
	    (type = sab_kind_find(tok, (size_t)(dash - tok))) < 0 ||
	    !sab_kind_of((uint8_t)type)->laid)
		return -1;
	d = &st.rs.defs[st.rs.ndefs];
	memset(d, 0, sizeof *d);
	for (const char *p = dash + 1; *p; p++) {
		const char *at = strchr("NESW", *p);
		if (at == NULL || *p == '\0')
			return -1;
		d->edges |= (uint8_t)(1u << (at - "NESW"));
	}
	/* A name the ruleset accepts: the token in small letters. */
	for (size_t i = 0; tok[i] && i + 1 < sizeof d->name; i++)
		d->name[i] = (char)(tok[i] >= 'A' && tok[i] <= 'Z' ?
		    tok[i] - 'A' + 'a' : tok[i]);
	d->type = (uint8_t)type;
	d->groups[0] = d->edges;
	d->count = 1;
	if (learn_def() < 0)
		return -1;
	return card_of(tok);
}

/* laid X Y CARD ROT: a card the rules lay face up at a round's setup (the
 * tournament variant's path card, a postcard). */
static void on_laid(const words *w)
{
	int x, y, def, rot = 0;
	sab_event e;

	if (w->n < 5 || cell_words(w, 1, &x, &y) || num(w, 4, 0, 1, &rot))
		return;
	if ((def = card_of(w->w[3])) < 0 && (def = laid_card(w->w[3])) < 0)
		return;
	e = event_new(SAB_EV_LAID, SAB_VIS_ALL, SAB_NO_SEAT);
	e.x = (int8_t)x;
	e.y = (int8_t)y;
	e.rot = (uint8_t)rot;
	e.card = (uint8_t)def;
	tell(&e);
}

/* Tunnel toll and the postcards: "dwarf SEAT X Y" (after its discard),
 * "toll SEAT OWNER X Y", "postcard SEAT X Y CARD" (the role lines that
 * follow tell ours). */
static void on_minis(const words *w)
{
	int s, t = 0, x, y, def = -1;
	sab_event e;

	if (seat_word(w, 1, &s))
		return;
	if (strcmp(w->w[0], "toll") == 0) {
		if (seat_word(w, 2, &t) || cell_words(w, 3, &x, &y))
			return;
		e = event_new(SAB_EV_TOLL, SAB_VIS_ALL, s);
		e.target = (uint8_t)t;
		e.value = 1;
		e.tool = SAB_MAX_TOLL_DWARVES;
		/* Which dwarf: the one on that cell. */
		for (int d = 0; d < SAB_MAX_TOLL_DWARVES; d++)
			if (st.table.toll_cell[d] == sab_board_index(x, y))
				e.tool = (uint8_t)d;
		st.gold_guess[s]--;
		st.gold_guess[t]++;
	} else if (strcmp(w->w[0], "dwarf") == 0) {
		if (cell_words(w, 2, &x, &y))
			return;
		e = event_new(SAB_EV_DWARF, SAB_VIS_ALL, s);
		/* The first dwarf not on the table: the referee puts them in
		 * play in order, one each a round. */
		e.tool = SAB_MAX_TOLL_DWARVES;
		for (int d = SAB_MAX_TOLL_DWARVES - 1; d >= 0; d--)
			if (st.table.toll_cell[d] == SAB_NO_CELL &&
			    !(st.dwarves_used >> d & 1))
				e.tool = (uint8_t)d;
		if (e.tool < SAB_MAX_TOLL_DWARVES)
			st.dwarves_used |= (uint8_t)(1u << e.tool);
	} else {
		if (cell_words(w, 2, &x, &y) || w->n < 5 ||
		    (def = card_of(w->w[4])) < 0)
			return;
		e = event_new(SAB_EV_POSTCARD, SAB_VIS_ALL, s);
		e.card = (uint8_t)def;
	}
	e.x = (int8_t)x;
	e.y = (int8_t)y;
	tell(&e);
}

/* A goal card's token the ruleset we read does not know (a ruleset file
 * that is not built in, read as base, may hold New Goals' cards:
 * "sack2-NESW", "dragon-NESW"): a goal definition of its own, with the
 * effect and edges its token says, so that the board and the bot's plans
 * follow it.  Returns its definition, or -1. */
static int goal_of(const char *tok)
{
	static const char *const effect[SAB_GOAL_EFFECTS] = {
		"stone-", "sack", "dragon-", "spider-"
	};
	const char *dash = strrchr(tok, '-'), *p;
	sab_card *d;
	int def = card_of(tok), e = -1;

	if (def >= 0 || dash == NULL || st.rs.ndefs >= SAB_MAX_DEFS)
		return def;
	for (int i = 0; i < SAB_GOAL_EFFECTS; i++)
		if (strncmp(tok, effect[i], strlen(effect[i])) == 0)
			e = i;
	if (e < 0 && strncmp(tok, "gold-", 5) != 0)
		return -1;
	d = &st.rs.defs[st.rs.ndefs];
	memset(d, 0, sizeof *d);
	snprintf(d->name, sizeof d->name, "%.*s", (int)(sizeof d->name - 1),
	    tok);
	d->type = SAB_CARD_GOAL;
	d->gold = e < 0;
	d->effect = (uint8_t)(e < 0 ? 0 : e);
	if (e == SAB_GOAL_SACK)
		d->amount = (uint8_t)(tok[4] >= '1' && tok[4] <= '9' ?
		    tok[4] - '0' : 1);
	for (p = dash + 1; *p; p++)
		d->edges |= *p == 'N' ? SAB_N : *p == 'E' ? SAB_E :
		    *p == 'S' ? SAB_S : *p == 'W' ? SAB_W : 0;
	d->groups[0] = d->edges;
	d->count = 1;
	return learn_def();
}

/* A Treasure Chests path card's token the ruleset we read does not know
 * ("path-NES:chest"): a chest path definition of its own, its edges from
 * the token (one tunnel through its open edges, or a dead end).  Returns
 * its definition, or -1. */
static int chest_path_of(const char *tok)
{
	const char *p = strchr(tok, '-');
	sab_card *d;
	int def = card_of(tok), dead;

	if (def >= 0 || p == NULL || strstr(tok, ":chest") == NULL ||
	    st.rs.ndefs >= SAB_MAX_DEFS)
		return def;
	dead = strncmp(tok, "dead-", 5) == 0;
	if (!dead && strncmp(tok, "path-", 5) != 0)
		return -1;
	d = &st.rs.defs[st.rs.ndefs];
	memset(d, 0, sizeof *d);
	snprintf(d->name, sizeof d->name, "%.*s", (int)(sizeof d->name - 1),
	    tok);
	d->type = SAB_CARD_PATH;
	d->chest = 1;
	d->count = 1;
	for (p++; *p && *p != ':' && *p != '.' && *p != '+'; p++)
		d->edges |= *p == 'N' ? SAB_N : *p == 'E' ? SAB_E :
		    *p == 'S' ? SAB_S : *p == 'W' ? SAB_W : 0;
	d->groups[0] = dead ? 0 : d->edges;
	return learn_def();
}

/* Adds module chests to the ruleset we read, when it lacks it. */
static void plays_chests(void)
{
	for (int i = 0; i < st.rs.nmodules; i++)
		if (sab_module_at(st.rs.modules[i]) == sab_module_find("chests",
		    6))
			return;
	for (int k = 0; sab_module_at(k) != NULL; k++)
		if (sab_module_at(k) == sab_module_find("chests", 6) &&
		    st.rs.nmodules < SAB_MAX_MODULES)
			st.rs.modules[st.rs.nmodules++] = (uint8_t)k;
}

/* Treasure Chests: chest X Y, opened SEAT X Y CARD ROT CHEST, milled SEAT
 * N, chestchoice CHEST S..., grabbed SEAT TARGET (each of the two is
 * sent its hand next) */
static void on_chest_line(const words *w)
{
	sab_event e;
	int x, y, s, t, v, def;

	if (strcmp(w->w[0], "chest") == 0) {
		if (cell_words(w, 1, &x, &y))
			return;
		/* A ruleset file read as base plays chests after all: maps
		 * may name them (the protocol's parser asks the modules). */
		plays_chests();
		e = event_new(SAB_EV_CHEST, SAB_VIS_ALL, SAB_NO_SEAT);
		e.x = (int8_t)x;
		e.y = (int8_t)y;
	} else if (strcmp(w->w[0], "opened") == 0) {
		if (w->n < 7 || seat_word(w, 1, &s) ||
		    cell_words(w, 2, &x, &y) ||
		    (def = chest_path_of(w->w[4])) < 0 || num(w, 5, 0, 1, &v))
			return;
		e = event_new(SAB_EV_OPEN, SAB_VIS_ALL, s);
		e.x = (int8_t)x;
		e.y = (int8_t)y;
		e.card = (uint8_t)def;
		e.rot = (uint8_t)v;
		for (int k = 0; k < SAB_CHEST_KINDS; k++)
			if (strcmp(w->w[6], sab_chest_words[k]) == 0)
				e.value = (uint8_t)k;
	} else if (strcmp(w->w[0], "milled") == 0) {
		if (seat_word(w, 1, &s) || num(w, 2, 0, 255, &v))
			return;
		e = event_new(SAB_EV_MILL, SAB_VIS_ALL, s);
		e.n = (uint16_t)v;
	} else if (strcmp(w->w[0], "chestchoice") == 0) {
		e = event_new(SAB_EV_CHEST_ASK, SAB_VIS_SEAT, st.seat);
		for (int k = 0; w->n > 1 && k < SAB_CHEST_KINDS; k++)
			if (strcmp(w->w[1], sab_chest_words[k]) == 0)
				e.value = (uint8_t)k;
		if (e.value == SAB_CHEST_PUSH_GOAL) {
			/* chestchoice push-goal X Y X Y...: the face-down
			 * goals we may push further away. */
			for (int i = 2; i + 1 < w->n; i += 2)
				if (cell_words(w, i, &x, &y) == 0 &&
				    (t = bot_goal_at(&st, x, y)) >= 0)
					e.mask |= (uint16_t)(1u << t);
			st.push_choices = e.mask;
		} else {
			for (int i = 2; i < w->n; i++)
				if (seat_word(w, i, &s) == 0)
					e.mask |= (uint16_t)(1u << s);
		}
	} else if (strcmp(w->w[0], "pushed") == 0) {
		/* pushed SEAT X0 Y0 X Y: a goal went one cell further. */
		int x0, y0, g;
		if (seat_word(w, 1, &s) || cell_words(w, 2, &x0, &y0) ||
		    cell_words(w, 4, &x, &y) ||
		    (g = bot_goal_at(&st, x0, y0)) < 0 ||
		    sab_board_get(&st.table.board, x, y) != SAB_CELL_EMPTY)
			return;
		e = event_new(SAB_EV_PUSH, SAB_VIS_ALL, s);
		e.goal = (uint8_t)g;
		e.x = (int8_t)x;
		e.y = (int8_t)y;
		e.vals[0] = (int16_t)x0;
		e.vals[1] = (int16_t)y0;
		st.push_choices = 0;
		tell(&e);
		follow_goals();
		return;
	} else {
		if (seat_word(w, 1, &s) || seat_word(w, 2, &t))
			return;
		e = event_new(SAB_EV_GRAB, SAB_VIS_ALL, s);
		e.target = (uint8_t)t;
	}
	tell(&e);
}

/* peek X Y CARD, reveal X Y CARD ROT */
static void on_goal_card(const words *w, int reveal)
{
	int x, y, g, def, rot = 0;
	sab_event e;

	if (w->n < 4 || cell_words(w, 1, &x, &y) ||
	    (g = bot_goal_at(&st, x, y)) < 0 || (def = goal_of(w->w[3])) < 0)
		return;
	if (!reveal) {
		e = event_new(SAB_EV_PEEK, SAB_VIS_SEAT, st.seat);
	} else {
		/* Only a face-down goal turns face up. */
		if (num(w, 4, 0, 1, &rot) ||
		    sab_board_get(&st.table.board, x, y) != SAB_CELL_HIDDEN)
			return;
		e = event_new(SAB_EV_REVEAL, SAB_VIS_ALL, SAB_NO_SEAT);
		e.x = (int8_t)x;
		e.y = (int8_t)y;
		e.rot = (uint8_t)rot;
	}
	e.goal = (uint8_t)g;
	e.card = (uint8_t)def;
	tell(&e);
}

/* roundend R gold|nocards FINDER|- SIDE [winners S...]: SIDE is miners,
 * saboteurs or none in the base game; Saboteur 2 adds the other roles'
 * sides, "miners" for both teams, and the winning seats. */
static void on_roundend(const words *w)
{
	sab_event e = event_new(SAB_EV_ROUND_END, SAB_VIS_ALL, SAB_NO_SEAT);
	int r = 0, finder, s, i;

	(void)num(w, 1, 0, 255, &r);
	e.value = (uint8_t)r;
	e.n = w->n > 2 && strcmp(w->w[2], "gold") == 0 ? SAB_END_GOLD :
	    w->n > 2 && strcmp(w->w[2], "spider") == 0 ? SAB_END_SPIDER :
	    SAB_END_NO_CARDS;
	if (seat_word(w, 3, &finder) == 0)
		e.seat = (uint8_t)finder;
	e.target = SAB_ROLE_NONE;
	for (int k = 1; w->n > 4 && k < st.rs.nroles; k++)
		if (strcmp(w->w[4], sab_role_side(&st.rs, (uint8_t)k)) == 0)
			e.target = (uint8_t)k;
	for (i = 5; i < w->n && strcmp(w->w[i], "winners") != 0; i++)
		;
	while (++i < w->n)
		if (seat_word(w, i, &s) == 0)
			e.mask |= (uint16_t)(1u << s);
	st.round_winners = e.mask;
	tell(&e);
}

/* "1 dwarf 5 gold, 2 dwarves 4 gold each, 3 dwarves 3 gold each, 4
 * dwarves 2 gold each, 5 or more dwarves 1 gold each": a guess at what
 * each winner of the last round was paid, when the amount is hidden. */
static int pay_guess(void)
{
	int n = 0;

	for (int s = 0; s < st.nplayers; s++)
		n += st.round_winners >> s & 1;
	return n >= 5 ? 1 : n >= 1 ? 6 - n : 2;
}

/* offer V..., gold SEAT V|-, gameover G0 G1 ... winners S... */
static void on_gold(const words *w)
{
	sab_event e;
	int s, v, i;

	if (strcmp(w->w[0], "offer") == 0) {
		e = event_new(SAB_EV_GOLD_OFFER, SAB_VIS_SEAT, st.seat);
		for (i = 1; i < w->n && e.n < SAB_MAX_PLAYERS; i++)
			/* 0: a stone (the old mine), worth nothing. */
			if (num(w, i, 0, SAB_MAX_GOLD_VALUE, &v) == 0)
				e.vals[e.n++] = (int16_t)v;
	} else if (strcmp(w->w[0], "gold") == 0) {
		if (seat_word(w, 1, &s))
			return;
		e = event_new(SAB_EV_GOLD, SAB_VIS_HIDDEN, s);
		/* Another seat's gold is "-": a card of unknown value; a
		 * number for it was taken in the open (Tunnel Toll's gold at
		 * setup). */
		if (num(w, 2, 0, 255, &v) == 0)
			e.value = (uint8_t)v;
		if (s != st.seat && e.value)
			e.vis = SAB_VIS_ALL;
		/* Our own value is told, a stone's 0 too. */
		st.gold_guess[s] += e.value || s == st.seat ? e.value :
		    pay_guess();
	} else {
		e = event_new(SAB_EV_GAME_END, SAB_VIS_ALL, SAB_NO_SEAT);
		for (i = 1; (int)e.n < st.nplayers &&
		    num(w, i, -32768, 32767, &v) == 0; i++)
			e.vals[e.n++] = (int16_t)v;
		if (i < w->n && strcmp(w->w[i], "winners") == 0)
			while (++i < w->n)
				if (seat_word(w, i, &s) == 0)
					e.mask |= (uint16_t)(1u << s);
		for (i = 0; i < e.n; i++)
			st.gold_guess[i] = e.vals[i];
	}
	tell(&e);
}

/* stole SEAT TARGET: a theft took one gold piece from TARGET ("steal a
 * gold piece worth 1 gold"). */
static void on_stole(const words *w)
{
	int s, t;

	if (seat_word(w, 1, &s) || seat_word(w, 2, &t))
		return;
	sab_event e = event_new(SAB_EV_STEAL, SAB_VIS_ALL, s);
	e.target = (uint8_t)t;
	e.value = 1;
	if (s == st.seat)
		st.victims = 0;
	st.gold_guess[s]++;
	if (st.gold_guess[t] > 0)
		st.gold_guess[t]--;
	tell(&e);
}

/* goals SEAT X Y X Y...: New Goals: SEAT reached these face-down goals
 * at once and chooses which turns face up first. */
static void on_goals(const words *w)
{
	int s, x, y, g;

	if (seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_ORDER, SAB_VIS_ALL, s);
	for (int i = 2; i + 1 < w->n; i += 2)
		if (cell_words(w, i, &x, &y) == 0 &&
		    (g = bot_goal_at(&st, x, y)) >= 0)
			e.mask |= (uint16_t)(1u << g);
	tell(&e);
}

/* paid SEAT V|-: New Goals: SEAT paid the dragon V gold ("-": only it
 * knows how much, 1 or none). */
static void on_paid(const words *w)
{
	int s, v = 0;

	if (seat_word(w, 1, &s))
		return;
	sab_event e = event_new(SAB_EV_PAID, SAB_VIS_HIDDEN, s);
	if (num(w, 2, 0, 255, &v) == 0)
		e.value = (uint8_t)v;
	else if (st.gold_guess[s] > 0)
		v = 1;
	st.gold_guess[s] -= v;
	tell(&e);
}

/* victims S...: we must choose whom to rob, among these seats. */
static void on_victims(const words *w)
{
	sab_event e = event_new(SAB_EV_CHOICES, SAB_VIS_SEAT, st.seat);
	int s;

	for (int i = 1; i < w->n; i++)
		if (seat_word(w, i, &s) == 0)
			e.mask |= (uint16_t)(1u << s);
	st.victims = e.mask;
	tell(&e);
}

/* ---- decisions -------------------------------------------------------- */

/* legal MOVE...: the first line of a list starts it afresh. */
static void on_legal(const char *line, const words *w)
{
	bot_legal *l;

	if (legal_done) {
		st.nlegal = 0;
		legal_done = 0;
	}
	if (st.nlegal >= BOT_MAX_LEGAL || w->n < 2)
		return;
	l = &st.legal[st.nlegal];
	/* The move is the line after "legal ", kept as the referee wrote it. */
	line += strspn(line, " \t") + strlen("legal");
	line += strspn(line, " \t");
	if (strlen(line) >= sizeof l->line)
		return;
	snprintf(l->line, sizeof l->line, "%s", line);
	l->parsed = parse_move(w, "", 1, w->n - 1, &l->m);
	st.nlegal++;
}

/* "legal allow", the list of every reaction request (with "legal play
 * veto" when we hold one): on_legal() for it, its move read once a game,
 * not split, copied and parsed at every card another seat plays. */
static void legal_allow(void)
{
	static unsigned game;           /* the games_begun it was read in */
	static sab_move allow;
	static int parsed;
	bot_legal *l;

	if (game != games_begun) {
		char word[] = "allow";
		words w = { 1, { word } };
		parsed = parse_move(&w, "", 0, 1, &allow);
		game = games_begun;
	}
	if (legal_done) {
		st.nlegal = 0;
		legal_done = 0;
	}
	if (st.nlegal >= BOT_MAX_LEGAL)
		return;
	l = &st.legal[st.nlegal++];
	memcpy(l->line, "allow", sizeof "allow");
	l->m = allow;
	l->parsed = parsed;
}

/* A reply when the bot gives none: some legal move, else some card. */
static const char *fallback(void)
{
	static char buf[BOT_MOVE_MAX];

	const sab_seen *t = &st.table;
	int best = 0;

	if (st.nlegal > 0)
		return st.legal[0].line;
	for (int v = 0; v < st.nplayers; v++) {
		if (!(st.victims >> v & 1))
			continue;
		snprintf(buf, sizeof buf, "steal %d", v);
		return buf;
	}
	for (int g = 0; t->phase == SAB_PHASE_ORDER && g < st.rs.ngoals; g++) {
		if (!(t->goal_choices >> g & 1))
			continue;
		snprintf(buf, sizeof buf, "reveal %d %d", bot_goal_x(&st, g),
		    bot_goal_y(&st, g));
		return buf;
	}
	for (int g = 0; t->phase == SAB_PHASE_CHEST && g < st.rs.ngoals; g++) {
		if (!(st.push_choices >> g & 1))
			continue;
		snprintf(buf, sizeof buf, "push %d %d", bot_goal_x(&st, g),
		    bot_goal_y(&st, g));
		return buf;
	}
	for (int i = 0; i < t->noffer; i++)
		if (t->offer[i] > best)
			best = t->offer[i];
	if (best > 0)
		snprintf(buf, sizeof buf, "pick %d", best);
	else if (t->nhand[st.seat] > 0 && t->hand[st.seat][0] < st.rs.ndefs)
		snprintf(buf, sizeof buf, "discard %s",
		    st.cards.tok[t->hand[st.seat][0]]);
	else
		snprintf(buf, sizeof buf, "note nothing to play");
	return buf;
}

/* Whether our hand, as the table knows it, holds a veto. */
static int holds_veto(void)
{
	uint8_t d = veto_def();

	for (int i = 0; d != SAB_NO_CARD && i < st.table.nhand[st.seat]; i++)
		if (st.table.hand[st.seat][i] == d)
			return 1;
	return 0;
}

/* Asks the bot and prints its one-line answer; -1 when stdout fails. */
static int answer(bot_choose_fn *choose)
{
	const char *a = choose(&st);
	size_t len;

	if (a != NULL)
		a += strspn(a, " \t\r\n");
	if (a == NULL || *a == '\0')
		a = fallback();
	/* One line, whatever the bot returned. */
	len = strcspn(a, "\r\n");
	if (len >= sizeof last_answer)
		len = sizeof last_answer - 1;
	memmove(last_answer, a, len);
	last_answer[len] = '\0';
	/* "allow" with no veto in hand: it stands until our next turn, so
	 * the referee need not ask again till then (saboteur-protocol(7),
	 * "react-standing"). */
	if (bot_react && bot_standing && st.table.phase == SAB_PHASE_REACT &&
	    strcmp(last_answer, "allow") == 0 && !holds_veto()) {
		a = "allow standing";
		len = strlen(a);
	} else {
		a = last_answer;
	}
	legal_done = 1;
	if (fwrite(a, 1, len, stdout) != len ||
	    putchar('\n') == EOF || fflush(stdout) != 0)
		return -1;
	return 0;
}

/* ---- checking the table against the legal moves ----------------------- */

/* Returns 1 when card c is in our hand as the table knows it. */
static int in_hand(uint8_t c)
{
	for (int i = 0; i < st.table.nhand[st.seat]; i++)
		if (st.table.hand[st.seat][i] == c)
			return 1;
	return 0;
}

/* Returns 1 when what the table knows allows legal move m: its cards in
 * our hand, the card it takes away in front of us, and the cards in front
 * of its target that Saboteur 2's action cards need (a theft for hands
 * off, a trapped card for freedom, none for trapped). */
static int table_allows(const sab_move *m)
{
	const sab_card *c = bot_card(&st, m->card);
	int trapped = bot_kind_type("trapped"), theft = bot_kind_type("theft");

	if (m->kind == SAB_MOVE_CHOOSE || m->kind == SAB_MOVE_PICK_GOLD ||
	    m->kind == SAB_MOVE_ALLOW)
		return 1;
	if (m->kind == SAB_MOVE_REVEAL)
		return st.table.goal_choices >> m->goal & 1;
	if (m->kind == SAB_MOVE_SEAT)
		return st.table.phase == SAB_PHASE_CHEST;
	if (m->kind == SAB_MOVE_PUSH)
		return st.table.phase == SAB_PHASE_CHEST &&
		    (st.push_choices >> m->goal & 1);
	if (m->kind == SAB_MOVE_TAKE) {
		for (int i = 0; i < st.ntrove; i++)
			if (st.trove[i] == m->card)
				return 1;
		return 0;
	}
	if (c == NULL || !in_hand(m->card) ||
	    (m->kind == SAB_MOVE_PASS && m->nmore > 0 && !in_hand(m->more[0])) ||
	    (m->kind == SAB_MOVE_PASS && m->nmore > 1 && !in_hand(m->more[1])) ||
	    (m->kind == SAB_MOVE_REMOVE && !in_hand(m->more[0])))
		return 0;
	if (m->kind == SAB_MOVE_REMOVE) {
		for (int j = 0; j < st.table.nfront[st.seat]; j++)
			if (st.table.front[st.seat][j] == m->front)
				return 1;
		return 0;
	}
	if (m->kind == SAB_MOVE_DWARF)
		return bot_dwarf_at(&st, m->x, m->y) < 0;
	if (m->kind != SAB_MOVE_PLAY)
		return 1;
	/* A dwarf's cell: we must have the gold for the toll. */
	if (c->type == SAB_CARD_PATH && bot_dwarf_at(&st, m->x, m->y) >= 0 &&
	    st.table.gold[st.seat] < 1)
		return 0;
	if (c->type == SAB_CARD_PATH)
		return trapped < 0 || bot_in_front(&st, st.seat, trapped) == 0;
	if (c->type == bot_kind_type("freedom"))
		return bot_in_front(&st, m->target, trapped) > 0;
	if (c->type == bot_kind_type("hands-off"))
		return bot_in_front(&st, m->target, theft) > 0;
	if (c->type == trapped)
		return bot_in_front(&st, m->target, trapped) == 0;
	if (c->type == theft)
		return bot_in_front(&st, st.seat, theft) == 0;
	return 1;
}

/* With BOTLIB_CHECK set in the environment, every legal move the table
 * does not allow, or that we cannot read, is reported on stderr: the table
 * has drifted from the game (a line read wrong).  tests/e2e.sh plays with
 * it set. */
static void check_table(void)
{
	static int on = -1;

	if (on < 0)
		on = getenv("BOTLIB_CHECK") != NULL;
	for (int i = 0; on && i < st.nlegal; i++)
		if (!st.legal[i].parsed || !table_allows(&st.legal[i].m))
			fprintf(stderr, "botlib: game %d round %d turn %d: "
			    "the table does not allow \"%s\"\n", st.game,
			    st.table.round, st.turn, st.legal[i].line);
}

/* turn N MOVE_MS BANK_MS */
static int on_turn(const words *w, bot_choose_fn *choose)
{
	if (num(w, 1, 0, 1000000000, &st.turn) ||
	    num(w, 2, 0, 1000000000, &st.move_ms) ||
	    num(w, 3, 0, 1000000000, &st.bank_ms))
		st.move_ms = st.bank_ms = 0;
	st.tries = 0;
	if (legal_done)         /* no list was sent for this decision */
		st.nlegal = 0;
	check_table();
	return answer(choose);
}

/* illegal TRIES REASON...: the referee refused our answer.  With tries left
 * it waits for another answer to the same decision, without sending the
 * list or "turn" again, so the refused move is struck and the bot asked
 * again at once; with none left it plays the default move itself. */
static int on_illegal(const words *w, bot_choose_fn *choose)
{
	if (num(w, 1, 0, 1000000, &st.tries) || st.tries == 0)
		return 0;
	for (int i = 0; i < st.nlegal; i++) {
		if (strcmp(st.legal[i].line, last_answer) != 0)
			continue;
		st.legal[i] = st.legal[--st.nlegal];
		break;
	}
	return answer(choose);
}

/* "seed S": the seat's seed for this game, a decimal unsigned 64-bit
 * number; anything else leaves the game unseeded. */
static void on_seed(const words *w)
{
	const char *p = w->n >= 2 ? w->w[1] : "";
	uint64_t v = 0;

	if (*p == '\0')
		return;
	for (; *p; p++) {
		unsigned d = (unsigned)(*p - '0');
		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return;
		v = v * 10 + d;
	}
	st.seed = v;
	st.seeded = 1;
}

/* ---- the loop --------------------------------------------------------- */

/* Handles one line; returns 1 on "quit", -1 when stdout fails. */
static int handle(char *line, const char *name, bot_choose_fn *choose,
    bot_seen_fn *seen)
{
	static char copy[LINE_MAX_READ];
	const char *t = line + strspn(line, " \t");
	words w;
	const char *k;

	/* A legal move is kept as the referee wrote it, so its line is
	 * copied before split() cuts it up; no other line needs a copy (most
	 * lines are events: a copy each cost a third of the bot's work). */
	if (strncmp(t, "legal", 5) == 0) {
		size_t len;
		if (strcmp(t + 5, " allow") == 0 && st.table.round != 0 &&
		    st.nplayers != 0) {
			legal_allow();
			return 0;
		}
		len = strnlen(line, sizeof copy - 1);
		memcpy(copy, line, len);
		copy[len] = '\0';
	}
	split(line, &w);
	if (w.n == 0)
		return 0;
	k = w.w[0];
	/* The lines of every turn and of every reaction request first, by
	 * their first letter: the chain below costs a dozen strcmp()s before
	 * them, more than a reaction request's other work. */
	if (st.nplayers != 0 && st.table.round != 0) {
		switch (k[0]) {
		case 'p':
			if (strcmp(k, "played") == 0) {
				on_played(&w, seen);
				return 0;
			}
			if (strcmp(k, "plays") == 0) {
				on_plays(&w);
				return 0;
			}
			break;
		case 'd':
			if (strcmp(k, "draw") == 0) {
				on_draw(&w);
				return 0;
			}
			break;
		case 'l':
			if (strcmp(k, "legal") == 0) {
				on_legal(copy, &w);
				return 0;
			}
			break;
		case 't':
			if (strcmp(k, "turn") == 0)
				return on_turn(&w, choose);
			break;
		case 'r':
			if (strcmp(k, "react") == 0) {
				on_react(&w);
				return 0;
			}
			break;
		}
	}
	if (strcmp(k, "saboteur") == 0) {
		/* Any version is answered: refusing one is the referee's call. */
		if (printf("bot %s moves seed%s%s%s\n", name,
		    bot_react ? " react" : "",
		    bot_react && bot_at_once ? " react-at-once" : "",
		    bot_react && bot_standing ? " react-standing" : "") < 0 ||
		    fflush(stdout) != 0)
			return -1;
	} else if (strcmp(k, "quit") == 0) {
		return 1;
	} else if (strcmp(k, "game") == 0) {
		on_game(&w);
	} else if (st.nplayers == 0) {
		return 0;       /* nothing else makes sense before a game */
	} else if (strcmp(k, "seed") == 0) {
		on_seed(&w);
	} else if (strcmp(k, "player") == 0) {
		on_player(&w);
	} else if (strcmp(k, "board") == 0) {
		on_board(&w);
	} else if (strcmp(k, "start") == 0 || strcmp(k, "goal") == 0) {
		on_place(&w, k[0] == 'g');
	} else if (strcmp(k, "round") == 0) {
		on_round(&w);
	} else if (st.table.round == 0) {
		return 0;       /* the rest belongs to a round */
	/* The lines of every turn first: each test is a strcmp(). */
	} else if (strcmp(k, "played") == 0) {
		on_played(&w, seen);
	} else if (strcmp(k, "draw") == 0) {
		on_draw(&w);
	} else if (strcmp(k, "legal") == 0) {
		on_legal(copy, &w);
	} else if (strcmp(k, "turn") == 0) {
		return on_turn(&w, choose);
	} else if (strcmp(k, "plays") == 0) {
		on_plays(&w);
	} else if (strcmp(k, "react") == 0) {
		on_react(&w);
	} else if (strcmp(k, "role") == 0) {
		on_role(&w);
	} else if (strcmp(k, "vetoed") == 0) {
		on_vetoed(&w);
	} else if (strcmp(k, "trove") == 0) {
		on_trove(&w);
	} else if (strcmp(k, "took") == 0) {
		on_took(&w);
	} else if (strcmp(k, "discarded") == 0 || strcmp(k, "passed") == 0) {
		on_pass(&w, k[0] == 'p');
	} else if (strcmp(k, "removed") == 0) {
		on_removed(&w);
	} else if (strcmp(k, "hand") == 0) {
		on_hand(&w);
	} else if (strcmp(k, "stole") == 0) {
		on_stole(&w);
	} else if (strcmp(k, "victims") == 0) {
		on_victims(&w);
	} else if (strcmp(k, "goals") == 0) {
		on_goals(&w);
	} else if (strcmp(k, "chest") == 0 || strcmp(k, "opened") == 0 ||
	    strcmp(k, "milled") == 0 || strcmp(k, "chestchoice") == 0 ||
	    strcmp(k, "grabbed") == 0 || strcmp(k, "pushed") == 0) {
		on_chest_line(&w);
	} else if (strcmp(k, "paid") == 0) {
		on_paid(&w);
	} else if (strcmp(k, "laid") == 0) {
		on_laid(&w);
	} else if (strcmp(k, "dwarf") == 0 || strcmp(k, "toll") == 0 ||
	    strcmp(k, "postcard") == 0) {
		on_minis(&w);
	} else if (strcmp(k, "peek") == 0 || strcmp(k, "reveal") == 0) {
		on_goal_card(&w, k[0] == 'r');
	} else if (strcmp(k, "roundend") == 0) {
		on_roundend(&w);
	} else if (strcmp(k, "offer") == 0 || strcmp(k, "gold") == 0 ||
	    strcmp(k, "gameover") == 0) {
		on_gold(&w);
	} else if (strcmp(k, "illegal") == 0) {
		return on_illegal(&w, choose);
	}
	return 0;
}

/* Reads one line into buf without its "\n" or "\r\n".  A line too long for
 * buf is skipped whole.  Returns 0, or -1 at the end of input. */
static int read_line(char *buf, size_t size)
{
	for (;;) {
		size_t len;

		if (fgets(buf, (int)size, stdin) == NULL)
			return -1;
		len = strlen(buf);
		if (len > 0 && buf[len - 1] == '\n') {
			buf[--len] = '\0';
			if (len > 0 && buf[len - 1] == '\r')
				buf[--len] = '\0';
			return 0;
		}
		if (feof(stdin))
			return 0;       /* the last line, without a newline */
		/* Too long: drop the rest of it, then read the next line. */
		int c;
		while ((c = getchar()) != EOF && c != '\n')
			;
	}
}

int bot_handle(char *line, const char *name, bot_choose_fn *choose,
    bot_seen_fn *seen)
{
	return handle(line, name, choose, seen);
}

void bot_decision_done(void)
{
	legal_done = 1;
}

const botstate *bot_state(void)
{
	return &st;
}

int bot_run(const char *name, bot_choose_fn *choose, bot_seen_fn *seen)
{
	static char buf[LINE_MAX_READ];

	while (read_line(buf, sizeof buf) == 0) {
		int r;
		if (bot_lines != NULL)
			bot_lines(buf);
		r = handle(buf, name, choose, seen);
		if (r != 0)
			return r < 0 ? 1 : 0;
	}
	return 0;
}
