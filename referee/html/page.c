/* page.c: a replay as one HTML page.  Each perspective's positions come
 * from the view model (view.c, seen.c) as sets of named items -- a board
 * cell, a seat's role, the step in words -- and the page holds, per step,
 * only the items that changed, through tables of the strings used. */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effect.h"
#include "event_def.h"
#include "page.h"
#include "words.h"

/* ---- a table of strings ------------------------------------------------ */

/* Strings kept once each, numbered in the order they came. */
typedef struct strtab {
	char **s;
	int n, cap;
	int *slot;              /* open addressing: an index, or -1 */
	int nslot;              /* a power of two, more than twice n */
	int failed;
} strtab;

static uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void strtab_free(strtab *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

static int strtab_rehash(strtab *t)
{
	int nslot = t->nslot ? t->nslot * 2 : 1024;
	int *slot = malloc((size_t)nslot * sizeof *slot);

	if (slot == NULL)
		return -1;
	for (int i = 0; i < nslot; i++)
		slot[i] = -1;
	for (int i = 0; i < t->n; i++) {
		uint32_t h = hash_bytes(t->s[i], strlen(t->s[i]));
		int j = (int)(h & (uint32_t)(nslot - 1));
		while (slot[j] >= 0)
			j = (j + 1) & (nslot - 1);
		slot[j] = i;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = nslot;
	return 0;
}

/* Returns the number of s (adding it when new), or -1 when out of memory. */
static int strtab_add(strtab *t, const char *s)
{
	size_t n = strlen(s);
	uint32_t h = hash_bytes(s, n);
	int j;

	if (t->failed)
		return -1;
	if (2 * (t->n + 1) >= t->nslot && strtab_rehash(t) != 0)
		goto oom;
	j = (int)(h & (uint32_t)(t->nslot - 1));
	while (t->slot[j] >= 0) {
		if (strcmp(t->s[t->slot[j]], s) == 0)
			return t->slot[j];
		j = (j + 1) & (t->nslot - 1);
	}
	if (t->n == t->cap) {
		int cap = t->cap ? t->cap * 2 : 256;
		char **ns = realloc(t->s, (size_t)cap * sizeof *ns);
		if (ns == NULL)
			goto oom;
		t->s = ns;
		t->cap = cap;
	}
	if ((t->s[t->n] = malloc(n + 1)) == NULL)
		goto oom;
	memcpy(t->s[t->n], s, n + 1);
	t->slot[j] = t->n;
	return t->n++;
oom:
	t->failed = 1;
	return -1;
}

/* ---- the positions as items -------------------------------------------- */

/* The cells (at most four) and the seat a card played names. */
typedef struct target {
	int n;
	int8_t x[4], y[4];
	int seat;               /* -1: none */
} target;

/* The page being made: the tables, and the items of the position before
 * and of the one being built. */
typedef struct pager {
	const view *v;
	strtab keys, vals, diffs;
	int *cur, *next;        /* per key: a value's number, or -1 */
	int cap;
	render_buf tmp;
	int failed;
	/* The board's items of the last position, kept while its cards,
	 * their reach and the goals known stay the same (most steps). */
	int board_valid;
	uint8_t board_cell[SAB_GRID * SAB_GRID];
	uint8_t board_reach[SAB_GRID * SAB_GRID];
	uint8_t board_goals[SAB_MAX_GOALS];
	/* The modules' marks on the board (sab_seen_marks()). */
	sab_mark board_marks[SAB_MAX_MARKS];
	int nboard_marks;
	int *board_items;       /* key, value, key, value ... */
	int nboard, board_cap;
	int recording;          /* item() adds to board_items */
	/* Treasure Chests: the chests this perspective saw opened this
	 * round, by cell (sab_board_index), as enum sab_chest + 1; 0 none. */
	const char *uncovered[SAB_GRID * SAB_GRID];
	/* The discard pile as this perspective saw cards go onto it, bottom
	 * first, as deep as the table counts it (SAB_NO_CARD: face down, or
	 * not seen). */
	uint8_t pile[SAB_MAX_DECK];
	int npile;
	/* What the step's play names (cells, a seat), and what the card
	 * waiting for a veto names, while it waits. */
	target play, pend;
	/* The round's result from its end to the next round's start: its
	 * words, its winners, and the gold known at its end (what was paid
	 * since is the difference); the game's, once it has ended. */
	int res_on, end_on;
	char res_words[320];
	uint16_t res_mask, end_mask;
	int16_t res_gold[SAB_MAX_PLAYERS], end_gold[SAB_MAX_PLAYERS];
	uint8_t res_hidden[SAB_MAX_PLAYERS];
	int paid[SAB_MAX_PLAYERS], paid_hidden[SAB_MAX_PLAYERS];
} pager;

static void item(pager *p, const char *key, const char *val)
{
	int k = strtab_add(&p->keys, key);
	int x = strtab_add(&p->vals, val);

	if (k < 0 || x < 0) {
		p->failed = 1;
		return;
	}
	if (k >= p->cap) {
		int cap = p->cap ? p->cap * 2 : 512;
		int *c, *n;
		while (cap <= k)
			cap *= 2;
		c = realloc(p->cur, (size_t)cap * sizeof *c);
		if (c != NULL)
			p->cur = c;
		n = realloc(p->next, (size_t)cap * sizeof *n);
		if (n != NULL)
			p->next = n;
		if (c == NULL || n == NULL) {
			p->failed = 1;
			return;
		}
		for (int i = p->cap; i < cap; i++)
			p->cur[i] = p->next[i] = -1;
		p->cap = cap;
	}
	p->next[k] = x;
	if (p->recording) {
		if (p->nboard + 2 > p->board_cap) {
			int cap = p->board_cap ? p->board_cap * 2 : 1024;
			int *n = realloc(p->board_items, (size_t)cap * sizeof *n);
			if (n == NULL) {
				p->failed = 1;
				return;
			}
			p->board_items = n;
			p->board_cap = cap;
		}
		p->board_items[p->nboard++] = k;
		p->board_items[p->nboard++] = x;
	}
}

static void itemf(pager *p, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void itemf(pager *p, const char *key, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* Every caller's words fit; a cut one would only be shorter. */
	if (n < 0)
		buf[0] = '\0';
	item(p, key, buf);
}

/* Text from a bot or a file, made safe as the terminal shows it
 * (render_text: proto_escape, at most max bytes). */
static void item_text(pager *p, const char *key, const char *s, size_t max)
{
	p->tmp.len = 0;
	if (p->tmp.s)
		p->tmp.s[0] = '\0';
	render_text(&p->tmp, s, max);
	if (p->tmp.failed) {
		p->failed = 1;
		return;
	}
	item(p, key, p->tmp.s ? p->tmp.s : "");
}

/* The goal place at (x, y) as the table knows it (a push-goal chest may
 * have moved one), or -1. */
static int goal_at(const sab_ruleset *rs, const sab_seen *s, int x, int y)
{
	for (int k = 0; k < rs->ngoals && k < SAB_MAX_GOALS; k++)
		if (s->goal_x[k] == x && s->goal_y[k] == y)
			return k;
	return -1;
}

/* New Goals: a goal card's effect as a class word ("effect-sack amount-2",
 * "effect-dragon", "effect-spider"; nothing for the black rocks, which
 * any stone goal is). */
static const char *goal_effect_class(const sab_card *card, char buf[40])
{
	static const char *const word[SAB_GOAL_EFFECTS] = { "rocks", "sack",
	    "dragon", "spider" };

	buf[0] = '\0';
	if (card->effect == SAB_GOAL_SACK)
		snprintf(buf, 40, " effect-sack amount-%d", card->amount);
	else if (card->effect != SAB_GOAL_ROCKS &&
	    card->effect < SAB_GOAL_EFFECTS)
		snprintf(buf, 40, " effect-%s", word[card->effect]);
	return buf;
}

/* What of a module stands on the empty cell (x, y) (a dwarf of Tunnel
 * Toll), among the marks of the position, or NULL. */
static const sab_mark *mark_at(const pager *p, int x, int y)
{
	if (x < SAB_COORD_MIN || x > SAB_COORD_MAX || y < SAB_COORD_MIN ||
	    y > SAB_COORD_MAX)
		return NULL;
	return sab_seen_mark_at(p->board_marks, p->nboard_marks,
	    sab_board_index(x, y));
}

/* A mark's cell: "dwarf;0;0;owner-K;D;dwarf of seat K ..." (its colour is
 * its owner's). */
static int cell_mark(const view_table *t, const sab_mark *m, char *out,
    size_t len)
{
	int k = m->owner < t->nseats ? m->owner : SAB_NO_SEAT;
	char title[120];
	sab_strbuf b;
	int n;

	sab_strbuf_init(&b, title, sizeof title);
	m->title(&b, k);
	if (k != SAB_NO_SEAT)
		n = snprintf(out, len, "%s;0;0;owner-%d;%s;%s", m->word, k,
		    m->glyph, title);
	else
		n = snprintf(out, len, "%s;0;0;;%s;%s", m->word, m->glyph,
		    title);
	return n > 0 && (size_t)n < len;
}

/*
 * A cell as "kind;arms;stubs;classes;text;label": its kind (start, goal,
 * back for a goal face down, path, dead, bridge, void off the board; the
 * mini expansions' dwarf on an empty cell, costume and party for the
 * postcards, chest for a path card face down over a chest), the open
 * edges and those not joined to its centre (N E S W bits), words for what
 * else it carries (reach, known-gold, door-blue, ladder, crystals-2,
 * owner-3 for a dwarf, chest-open chest-trove, effect-sack amount-2, ...),
 * a few characters to draw in its centre, and its card in words.  The page draws any kind it does not know as a card with its
 * text and label, so a new board object needs only a new kind word here.
 */
static int cell_value(const pager *p, const view_table *t, int x, int y,
    char *out, size_t len)
{
	const view *v = p->v;
	const char *const *uncovered = p->uncovered;
	const sab_ruleset *rs = v->rs;
	uint8_t c = sab_board_get(&t->seen.board, x, y);
	const sab_card *card;
	const char *kind;
	char cls[120] = "", eff[40], label[2] = "";
	int rot, joined = 0, n;

	if (c == SAB_CELL_HIDDEN) {
		int g = goal_at(rs, &t->seen, x, y);
		uint8_t k = g >= 0 ? t->seen.goal_known[g] : SAB_NO_CARD;
		int known = k < rs->ndefs;
		/* Not a goal place: Treasure Chests' path card over a chest,
		 * which no map looks at. */
		if (g < 0)
			return snprintf(out, len, "chest;0;0;;?;a path card face "
			    "down over a treasure chest") > 0;
		n = snprintf(out, len, "back;0;0;%s%s;%s;%s", !known ? "" :
		    rs->defs[k].gold ? "known-gold" : "known-stone",
		    known ? goal_effect_class(&rs->defs[k], eff) : "",
		    !known ? "?" : rs->defs[k].gold ? "g" : "r",
		    known ? v->pc.tok[k] : "face down");
		return n > 0 && (size_t)n < len;
	}
	if (c == SAB_CELL_EMPTY) {
		const sab_mark *m = mark_at(p, x, y);
		if (m != NULL)
			return cell_mark(t, m, out, len);
		if (sab_board_inside(rs, x, y))
			return 0;
		return snprintf(out, len, "void;0;0;;;") > 0;
	}
	card = &rs->defs[SAB_CELL_DEF(c)];
	rot = SAB_CELL_ROT(c);
	for (int d = 0; d < 4; d++)
		if (card->rot_group[rot][d])
			joined |= 1 << d;
	if (card->type == SAB_CARD_START)
		kind = "start";
	else if (card->type == SAB_CARD_GOAL)
		kind = "goal";
	else if (joined == 0)
		kind = "dead";
	else if (sab_kind_of(card->type) != NULL &&
	    sab_kind_of(card->type)->laid) {
		/* A card the rules lay as a path card (a postcard): its
		 * kind's word, and its initial drawn in its centre. */
		kind = sab_kind_of(card->type)->word;
		label[0] = (char)toupper((unsigned char)kind[0]);
	} else
		kind = card->groups[0] && card->groups[1] ? "bridge" : "path";
	if (card->type == SAB_CARD_GOAL) {
		strcat(cls, card->gold ? " gold" : " stone");
		strcat(cls, goal_effect_class(card, eff));
	} else if (joined && card->type != SAB_CARD_START &&
	    t->seen.board.reach[sab_board_index(x, y)])
		strcat(cls, " reach");
	if (card->chest) {
		/* A chest's path card turned face up: the chest was opened,
		 * and its kind is known when this perspective saw it. */
		const char *ck = uncovered[sab_board_index(x, y)];
		size_t l = strlen(cls);
		snprintf(cls + l, sizeof cls - l, " chest-open%s%s",
		    ck ? " chest-" : "", ck ? ck : "");
	}
	if (card->door == 1 || card->door == 2)
		strcat(cls, card->door == 1 ? " door-blue" : " door-green");
	if (card->ladder)
		strcat(cls, " ladder");
	if (card->crystals) {
		size_t l = strlen(cls);
		snprintf(cls + l, sizeof cls - l, " crystals-%d",
		    card->crystals);
	}
	n = snprintf(out, len, "%s;%d;%d;%s;%s;%s", kind,
	    card->rot_edges[rot], card->rot_edges[rot] & ~joined,
	    cls[0] ? cls + 1 : "", card->type == SAB_CARD_START ? "S" :
	    card->type == SAB_CARD_GOAL ? (card->gold ? "G" : "R") :
	    label,
	    v->pc.tok[SAB_CELL_DEF(c)]);
	return n > 0 && (size_t)n < len;
}

/* Whether the board's items would be those of the last position. */
static int board_same(pager *p, const view_table *t)
{
	const sab_board *b = &t->seen.board;
	int same = p->board_valid &&
	    memcmp(p->board_cell, b->cell, sizeof b->cell) == 0 &&
	    memcmp(p->board_reach, b->reach, sizeof b->reach) == 0 &&
	    memcmp(p->board_goals, t->seen.goal_known,
	    sizeof p->board_goals) == 0;
	sab_mark marks[SAB_MAX_MARKS];
	int n = sab_seen_marks(&t->seen, marks);

	same = same && n == p->nboard_marks;
	for (int i = 0; same && i < n; i++)
		same = marks[i].cell == p->board_marks[i].cell &&
		    marks[i].owner == p->board_marks[i].owner;
	if (!same) {
		memcpy(p->board_marks, marks, sizeof marks);
		p->nboard_marks = n;
		memcpy(p->board_cell, b->cell, sizeof b->cell);
		memcpy(p->board_reach, b->reach, sizeof b->reach);
		memcpy(p->board_goals, t->seen.goal_known,
		    sizeof p->board_goals);
	}
	return same;
}

static void items_board_all(pager *p, const view_table *t);

static void items_board(pager *p, const view_table *t)
{
	if (board_same(p, t)) {
		for (int i = 0; i < p->nboard; i += 2)
			p->next[p->board_items[i]] = p->board_items[i + 1];
	} else {
		p->nboard = 0;
		p->recording = 1;
		items_board_all(p, t);
		p->recording = 0;
		p->board_valid = !p->failed;
	}
	/* The mark moves with every card played, not only when one lies. */
	if (t->marked)
		itemf(p, "mk", "%d,%d", t->mark_x, t->mark_y);
}

/* The board's extent and cells, kept in board_items as they are set. */
static void items_board_all(pager *p, const view_table *t)
{
	const view *v = p->v;
	render_window w;
	char key[32], val[256];

	render_board_extent(v, t, &w);
	itemf(p, "ext", "%d %d %d %d", w.x0, w.x1, w.y0, w.y1);
	for (int y = w.y0; y <= w.y1; y++)
		for (int x = w.x0; x <= w.x1; x++)
			if (cell_value(p, t, x, y, val, sizeof val)) {
				snprintf(key, sizeof key, "c%d,%d", x, y);
				item(p, key, val);
			}
}

/* What this perspective knows of seat k's hand and of the goals it
 * looked at, as the players' table of saboteur view says it. */
static void items_known(pager *p, const view_table *t, int k)
{
	const sab_seen *s = &t->seen;
	const sab_ruleset *rs = p->v->rs;
	char key[16], buf[SAB_MAX_HAND * (PROTO_TOKEN_MAX + 1) + 1];
	size_t n = 0;
	int known = 0;

	for (int i = 0; i < s->nhand[k]; i++)
		known += s->hand[k][i] != SAB_NO_CARD;
	buf[0] = '\0';
	for (int i = 0; known && i < s->nhand[k] && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
		    i ? " " : "", s->hand[k][i] < rs->ndefs ?
		    p->v->pc.tok[s->hand[k][i]] : "?");
	snprintf(key, sizeof key, "p%dk", k);
	item(p, key, buf);
	n = 0;
	buf[0] = '\0';
	for (int g = 0; g < rs->ngoals && g < SAB_MAX_GOALS; g++) {
		if (!(s->peeked[k] & (1u << g)) || n >= sizeof buf)
			continue;
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d %d (%s)",
		    n ? ", " : "", s->goal_x[g], s->goal_y[g],
		    s->peek[k][g] < rs->ndefs ? p->v->pc.tok[s->peek[k][g]] :
		    "?");
	}
	snprintf(key, sizeof key, "p%dp", k);
	item(p, key, buf);
	n = 0;
	buf[0] = '\0';
	for (int i = 0; i < s->nfront[k] && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s",
		    i ? " " : "", s->front[k][i] < rs->ndefs ?
		    p->v->pc.tok[s->front[k][i]] : "?");
	snprintf(key, sizeof key, "p%df", k);
	item(p, key, buf);
}

/* Where seat k's marks stand on the board (a dwarf of Tunnel Toll),
 * ("3 -1, 5 2"), as key pKd; no item when none does. */
static void items_marks(pager *p, const view_table *t, char *key,
    size_t keylen, int k)
{
	sab_mark marks[SAB_MAX_MARKS];
	char buf[SAB_MAX_MARKS * 16 + 1] = "";
	size_t n = 0;
	int nm = sab_seen_marks(&t->seen, marks);

	for (int i = 0; i < nm && n < sizeof buf; i++)
		if (marks[i].owner == k)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d %d",
			    n ? ", " : "", sab_board_x(marks[i].cell),
			    sab_board_y(marks[i].cell));
	if (n == 0)
		return;
	snprintf(key, keylen, "p%dd", k);
	item(p, key, buf);
}

static void items_seat(pager *p, const view_table *t, int k)
{
	const view_seat *s = &t->seat[k];
	render_seat f;
	char key[16];

	render_seat_fields(p->v, t, k, &f);
#define SEATKEY(c) (snprintf(key, sizeof key, "p%d%c", k, (c)), key)
	itemf(p, SEATKEY('w'), "%c", f.mark == ' ' ? '-' : f.mark);
	item(p, SEATKEY('r'), f.role);
	item(p, SEATKEY('t'), f.tools);
	itemf(p, SEATKEY('h'), "%d", t->seen.nhand[k]);
	item(p, SEATKEY('g'), f.gold);
	itemf(p, SEATKEY('b'), "%lld", (long long)s->bank_ms);
	if (s->used_us >= 0)
		itemf(p, SEATKEY('m'), "%.1f", (double)s->used_us / 1000.0);
	else
		item(p, SEATKEY('m'), "-");
	item_text(p, SEATKEY('s'), s->status ? s->status : "ok", 48);
	items_marks(p, t, key, sizeof key, k);
#undef SEATKEY
	items_known(p, t, k);
}

/* The discard pile: how many cards, and its top card's token when this
 * perspective saw it go there face up ("12 map", "12 ?", "0"). */
static void items_pile(pager *p, const view_table *t)
{
	int n = t->seen.ndiscard;
	uint8_t top = n > 0 && p->npile == n ? p->pile[n - 1] : SAB_NO_CARD;

	if (n == 0)
		item(p, "dp", "0");
	else
		itemf(p, "dp", "%d %s", n, top < p->v->rs->ndefs ?
		    p->v->pc.tok[top] : "?");
}

/* What the step's play names, or the card waiting for a veto: "X,Y X,Y|S"
 * (cells, then a seat or nothing); no item when nothing is named. */
static void items_target(pager *p, const view_table *t)
{
	const target *tg = p->play.n || p->play.seat >= 0 ? &p->play :
	    t->seen.pending != SAB_NO_CARD ? &p->pend : NULL;
	char buf[80];
	size_t n = 0;

	if (tg == NULL || (tg->n == 0 && tg->seat < 0))
		return;
	buf[0] = '\0';
	for (int i = 0; i < tg->n; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d,%d",
		    i ? " " : "", tg->x[i], tg->y[i]);
	if (tg->seat >= 0)
		snprintf(buf + n, sizeof buf - n, "|%d", tg->seat);
	else
		snprintf(buf + n, sizeof buf - n, "|");
	item(p, "tg", buf);
}

/* The round's result once it has ended ("WORDS|MASK|K:H,K:H,...": the
 * round's end in words, its winners, and each seat's gold paid since, as
 * known here: K gold known, H gold cards or payments of unknown value),
 * and the game's ("MASK|G,G,...": its winners and each seat's gold). */
static void items_result(pager *p, const view_table *t)
{
	char buf[600];
	size_t n;

	if (p->res_on) {
		n = (size_t)snprintf(buf, sizeof buf, "%s|%u|", p->res_words,
		    (unsigned)p->res_mask);
		for (int k = 0; k < t->nseats && n < sizeof buf; k++)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d:%d",
			    k ? "," : "", p->paid[k], p->paid_hidden[k]);
		item_text(p, "rs", buf, sizeof buf);
	}
	if (p->end_on) {
		n = (size_t)snprintf(buf, sizeof buf, "%u|",
		    (unsigned)p->end_mask);
		for (int k = 0; k < t->nseats && n < sizeof buf; k++)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%d",
			    k ? "," : "", p->end_gold[k]);
		item(p, "ge", buf);
	}
}

static void items_step(pager *p, const view_table *t)
{
	const view *v = p->v;
	char text[1024];
	int a = render_actor(v, t);

	itemf(p, "rd", "%d", t->round);
	itemf(p, "dc", "%d", t->decision);
	itemf(p, "dk", "%d", sab_seen_deck(&t->seen, v->rs));
	if (t->seen.phase == SAB_PHASE_OVER)
		item(p, "ov", "1");
	if (a >= 0)
		itemf(p, "ac", "%d", a);
	/* Whose decision comes next, when this perspective knows: during a
	 * veto question the seat asked, not the card's player. */
	if (t->seen.phase != SAB_PHASE_OVER && t->seen.to_act < t->nseats)
		itemf(p, "nx", "%d", t->seen.to_act);
	items_pile(p, t);
	items_target(p, t);
	items_result(p, t);
	view_describe(v, t->step, t->persp, text, sizeof text);
	item_text(p, "now", text, 300);
	render_step_state(v, t, text, sizeof text);
	if (text[0] != '\0')
		item_text(p, "ss", text, 200);
	if (a >= 0 && t->seat[a].line != NULL &&
	    t->seat[a].line_decision == t->decision)
		item_text(p, "rp", t->seat[a].line, 200);
	if (a >= 0 && t->seat[a].note != NULL)
		item_text(p, "nt", t->seat[a].note, 200);
}

static void items_all(pager *p, const view_table *t)
{
	for (int i = 0; i < p->cap; i++)
		p->next[i] = -1;
	items_step(p, t);
	items_board(p, t);
	for (int k = 0; k < t->nseats; k++)
		items_seat(p, t, k);
}

/* Digits of base 36: short numbers that need no quotes or escapes. */
static void put36(render_buf *b, int n)
{
	char d[16];
	int i = 0;

	do {
		d[i++] = "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36];
		n /= 36;
	} while (n > 0);
	while (i > 0)
		render_printf(b, "%c", d[--i]);
}

/* The items that changed since the last position, as "K.V K.V K." (a
 * key's number, a dot and its new value's number, or none: gone), kept
 * once in the table of changes; returns its number, or -1. */
static int diff_take(pager *p)
{
	render_buf d = { NULL, 0, 0, 0 };
	int id;

	render_printf(&d, "%s", "");
	for (int i = 0; i < p->keys.n; i++) {
		if (p->cur[i] == p->next[i])
			continue;
		if (d.len > 0)
			render_printf(&d, " ");
		put36(&d, i);
		render_printf(&d, ".");
		if (p->next[i] >= 0)
			put36(&d, p->next[i]);
		p->cur[i] = p->next[i];
	}
	id = d.failed ? -1 : strtab_add(&p->diffs, d.s);
	render_buf_free(&d);
	if (id < 0)
		p->failed = 1;
	return id;
}

/* ---- writing ----------------------------------------------------------- */

void page_json_string(render_buf *b, const char *s)
{
	if (s == NULL) {
		render_printf(b, "null");
		return;
	}
	render_printf(b, "\"");
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			render_printf(b, "\\%c", *c);
		else if (*c < 0x20 || *c >= 0x7f || *c == '<' || *c == '>' ||
		    *c == '&')
			render_printf(b, "\\u%04x", *c);
		else
			render_printf(b, "%c", *c);
	}
	render_printf(b, "\"");
}

void page_html_text(render_buf *b, const char *s)
{
	for (const char *c = s; *c; c++) {
		switch (*c) {
		case '<':
			render_printf(b, "&lt;");
			break;
		case '>':
			render_printf(b, "&gt;");
			break;
		case '&':
			render_printf(b, "&amp;");
			break;
		case '"':
			render_printf(b, "&quot;");
			break;
		default:
			render_printf(b, "%c", *c);
			break;
		}
	}
}

static void json_table(render_buf *b, const char *name, const strtab *t)
{
	render_printf(b, ",\n\"%s\":[", name);
	for (int i = 0; i < t->n; i++) {
		if (i)
			render_printf(b, ",");
		page_json_string(b, t->s[i]);
	}
	render_printf(b, "]");
}

/* The page's own marks on steps, beside the view's VIEW_* ones. */
enum {
	PAGE_MAIN = 16,         /* the event a move list names its decision by */
	PAGE_QUIET = 32,        /* a decision that changed nothing anyone saw:
	                           a seat asked whether to veto that let the card
	                           be, the question going on to the next seat */
	PAGE_EFFECT = 64        /* with no main step: what the decision set off
	                           (the last seat's allow: the card's effect) */
};

/* Whether an event of this type says what a decision did, for the move
 * list (not a draw, nor what one seat alone is asked or shown). */
static int says_move(uint8_t type)
{
	const sab_event_def *d = sab_event_def_of(type);

	return d == NULL || !d->quiet;
}

/* Marks each decision's main step (its seat's first event that says what
 * it did, a pass only when nothing else does) and its quiet steps. */
static void page_marks(const view *v, uint8_t *mark)
{
	for (int i = 0; i < v->nsteps;) {
		int d = v->steps[i].decision, j = i, main = -1, pass = -1;
		int events = 0, reacts = 0, effect = -1, ended = 0;
		for (; j < v->nsteps && v->steps[j].decision == d; j++) {
			const view_step *s = &v->steps[j];
			if (s->rec->kind != REPLAY_EV)
				continue;
			events++;
			reacts += s->ev.type == SAB_EV_REACT;
			/* What follows a round's end (roles shown, gold paid)
			 * is the round's, not the move's. */
			ended |= s->ev.type == SAB_EV_ROUND_END ||
			    s->ev.type == SAB_EV_GAME_END;
			if (d == 0 || ended || !says_move(s->ev.type))
				continue;
			if (s->ev.seat != s->actor) {
				if (effect < 0)
					effect = j;
				continue;
			}
			if (s->ev.type == SAB_EV_PASS && pass < 0)
				pass = j;
			else if (s->ev.type != SAB_EV_PASS && main < 0)
				main = j;
		}
		main = main >= 0 ? main : pass;
		if (main >= 0)
			mark[main] |= PAGE_MAIN;
		else if (effect >= 0)
			mark[effect] |= PAGE_EFFECT;
		if (d > 0 && events > 0 && events == reacts)
			for (int k = i; k < j; k++)
				mark[k] |= PAGE_QUIET;
		i = j;
	}
}

/* The steps' marks, decisions, rounds and seats asked: the same for every
 * perspective (the page moves by them), one array each. */
static void json_steps(render_buf *b, const view *v)
{
	static const char *const name[4] = { "flags", "decision", "round",
	    "actor" };
	uint8_t *mark = calloc((size_t)v->nsteps + 1, 1);
	int *ds;
	size_t nd;

	if (mark == NULL) {
		b->failed = 1;
		return;
	}
	page_marks(v, mark);
	for (int a = 0; a < 4; a++) {
		render_printf(b, ",\n\"%s\":[", name[a]);
		for (int i = 0; i < v->nsteps; i++) {
			const view_step *s = &v->steps[i];
			render_printf(b, "%s%d", i ? "," : "", a == 0 ?
			    s->flags | mark[i] : a == 1 ? s->decision :
			    a == 2 ? s->round : s->actor);
		}
		render_printf(b, "]");
	}
	free(mark);
	/* Each decision's last step, as saboteur view --at finds it. */
	render_printf(b, ",\n\"decisionStep\":[");
	nd = v->decisions > 0 ? (size_t)v->decisions + 1 : 1;
	if ((ds = malloc(nd * sizeof *ds)) == NULL) {
		b->failed = 1;
		return;
	}
	for (size_t d = 0; d < nd; d++)
		ds[d] = -1;
	for (int i = v->nsteps - 1; i >= 0; i--)
		if ((v->steps[i].flags & VIEW_TURN_END) &&
		    v->steps[i].decision <= v->decisions)
			ds[v->steps[i].decision] = i;
	if (ds[0] < 0)
		ds[0] = view_decision_step(v, 0);
	for (size_t d = 0; d < nd; d++)
		render_printf(b, "%s%d", d ? "," : "", ds[d]);
	render_printf(b, "]");
	free(ds);
}

/*
 * The ruleset's cards, by definition, for the page to draw them: [token,
 * kind word, open edges, the two groups of edges joined through the
 * centre, tools, gold, door, ladder, crystals, goal effect, its amount,
 * chest, name], all upright; and its roles as [name, title, the two
 * letters saboteur view's compact table gives them].  Which
 * edges a card has and what its kind is called are the ruleset's facts;
 * the page only draws them.
 */
static void json_cards(render_buf *b, const view *v)
{
	const sab_ruleset *rs = v->rs;

	render_printf(b, ",\n\"cards\":[");
	for (int i = 0; i < rs->ndefs; i++) {
		const sab_card *c = &rs->defs[i];
		const sab_kind *k = sab_kind_of(c->type);
		render_printf(b, "%s[", i ? "," : "");
		page_json_string(b, v->pc.tok[i]);
		render_printf(b, ",");
		page_json_string(b, k ? k->word : sab_card_type_name(c->type));
		render_printf(b, ",%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,", c->edges,
		    c->groups[0], c->groups[1], c->tools, c->gold, c->door,
		    c->ladder, c->crystals, c->effect, c->amount, c->chest);
		page_json_string(b, c->name);
		render_printf(b, "]");
	}
	render_printf(b, "],\n\"roles\":[");
	for (int r = 0; r < rs->nroles; r++) {
		char abbrev[3];
		sab_role_abbrev(rs, (uint8_t)r, abbrev);
		render_printf(b, "%s[", r ? "," : "");
		page_json_string(b, rs->roles[r].name);
		render_printf(b, ",");
		page_json_string(b, rs->roles[r].title);
		render_printf(b, ",");
		page_json_string(b, abbrev);
		render_printf(b, "]");
	}
	render_printf(b, "],\"secretGold\":%d", sab_words_expansion(rs));
}

static void json_head(render_buf *b, const view *v, const page_opts *o)
{
	const replay_file *f = v->f;

	render_printf(b, "{\"format\":1,\"game\":%d,\"botsGame\":%d,"
	    "\"ruleset\":", v->number, f->game);
	page_json_string(b, f->ruleset);
	render_printf(b, ",\"seed\":\"%llu\",\"start\":",
	    (unsigned long long)f->seed);
	page_json_string(b, f->start);
	render_printf(b, ",\"replay\":");
	page_json_string(b, o->replay);
	render_printf(b, ",\"back\":");
	page_json_string(b, o->back);
	render_printf(b, ",\"moveMs\":%lld,\"bankMs\":%lld,\"decisions\":%d,"
	    "\"steps\":%d,\"ok\":%d,\"problem\":", (long long)f->move_ms,
	    (long long)f->bank_ms, v->decisions, v->nsteps, v->ok);
	page_json_string(b, v->ok ? NULL : v->problem);
	render_printf(b, ",\n\"names\":[");
	for (int k = 0; k < f->nseats; k++) {
		char clean[256];
		(void)proto_escape(clean, sizeof clean, f->seat[k].name,
		    strlen(f->seat[k].name), 0);
		render_printf(b, "%s", k ? "," : "");
		page_json_string(b, clean);
	}
	render_printf(b, "],\n\"seatMoveMs\":[");
	for (int k = 0; k < f->nseats; k++)
		render_printf(b, "%s%lld", k ? "," : "",
		    (long long)f->seat[k].move_ms);
	render_printf(b, "]");
	json_cards(b, v);
	json_steps(b, v);
}

/* The event of step i as persp was told it; 0 when the step is no event
 * or persp was told nothing of it. */
static int told(const view *v, int i, int persp, sab_event *e)
{
	const view_step *s = &v->steps[i];

	if (s->rec->kind != REPLAY_EV)
		return 0;
	if (persp == VIEW_FULL) {
		*e = s->ev;
		return 1;
	}
	return sab_event_view(&s->ev, persp, e);
}

/* What an event of step i uncovered on its cell (a chest opened), when
 * persp saw it, is remembered by its cell until the round ends; the
 * board's items are made afresh when it is. */
static void uncovered_note(pager *p, int i, const sab_event *e)
{
	const view_step *s = &p->v->steps[i];
	const sab_event_def *d = e != NULL ? sab_event_def_of(e->type) : NULL;
	const char *word;

	if (s->flags & VIEW_ROUND_START) {
		memset(p->uncovered, 0, sizeof p->uncovered);
		p->board_valid = 0;
	}
	if (d == NULL || d->uncovers == NULL ||
	    (word = d->uncovers(e)) == NULL)
		return;
	p->uncovered[sab_board_index(e->x, e->y)] = word;
	p->board_valid = 0;
}

static void target_cell(target *tg, int x, int y)
{
	if (tg->n < 4) {
		tg->x[tg->n] = (int8_t)x;
		tg->y[tg->n++] = (int8_t)y;
	}
}

/* What a card played names, by its kind's arguments: the cells of a path
 * card, a rockfall or a diversion, the goals of a map or a goal swap, the
 * seat of a sabotage, a repair or a theft.  No kind is named here: a new
 * kind's arguments are found the same way. */
static void targets_of(const view *v, const view_table *t, const sab_event *e,
    target *tg)
{
	const sab_ruleset *rs = v->rs;
	const sab_kind *k;

	tg->n = 0;
	tg->seat = -1;
	if (e->card >= rs->ndefs ||
	    (k = sab_kind_of(rs->defs[e->card].type)) == NULL)
		return;
	for (int a = 0; a < SAB_MAX_ARGS && k->args[a] != SAB_ARG_END; a++) {
		int g = -1;
		switch (k->args[a]) {
		case SAB_ARG_X:
			target_cell(tg, e->x, e->y);
			break;
		case SAB_ARG_GOAL:
			g = e->goal;
			break;
		case SAB_ARG_GOAL2:
			/* Events carry the second goal place in value. */
			g = e->value;
			break;
		case SAB_ARG_FROM:
			target_cell(tg, e->vals[0], e->vals[1]);
			break;
		case SAB_ARG_SEAT:
			if (e->target < t->nseats)
				tg->seat = e->target;
			break;
		default:
			break;
		}
		if (g >= 0 && g < rs->ngoals && g < SAB_MAX_GOALS)
			target_cell(tg, t->seen.goal_x[g], t->seen.goal_y[g]);
	}
}

/* The discard pile after step i: cards taken off it leave from the top;
 * cards put on it are face down (a pass), or the card played when it went
 * there face up (a map, a rockfall, a repair, a vetoed card), as far as
 * this perspective saw it. */
static void pile_note(pager *p, const view_table *t, const sab_event *e,
    int before)
{
	int n = t->seen.ndiscard < SAB_MAX_DECK ? t->seen.ndiscard :
	    SAB_MAX_DECK;
	uint8_t top = SAB_NO_CARD;
	const sab_event_def *d;

	if (p->npile > n)
		p->npile = n;
	while (p->npile < n)
		p->pile[p->npile++] = SAB_NO_CARD;
	if (e == NULL || n <= before)
		return;
	d = sab_event_def_of(e->type);
	if (d != NULL && d->pile_top != NULL)
		top = (uint8_t)d->pile_top(e);
	p->pile[n - 1] = top < p->v->rs->ndefs ? top : SAB_NO_CARD;
}

/* What the page keeps of step i beyond the table: a chest's contents,
 * the discard pile's top, what a card played names, the results. */
static void step_note(pager *p, int i, int persp, const view_table *t,
    int ndiscard_before)
{
	const view_step *s = &p->v->steps[i];
	const sab_event_def *d;
	sab_event e;
	int ev = told(p->v, i, persp, &e);

	uncovered_note(p, i, ev ? &e : NULL);
	p->play.n = 0;
	p->play.seat = -1;
	if (s->flags & VIEW_ROUND_START) {
		p->npile = 0;
		p->res_on = 0;
		p->pend = p->play;
	}
	pile_note(p, t, ev ? &e : NULL, ndiscard_before);
	/* The gold paid since the round's end, until the game's end tells
	 * every seat's total (which is no payment). */
	for (int k = 0; p->res_on && !p->end_on && k < t->nseats &&
	    !(ev && e.type == SAB_EV_GAME_END); k++) {
		p->paid[k] = t->seen.gold[k] - p->res_gold[k];
		p->paid_hidden[k] = t->seen.gold_hidden[k] - p->res_hidden[k];
	}
	if (!ev)
		return;
	d = sab_event_def_of(e.type);
	if (d != NULL && d->card_played) {
		targets_of(p->v, t, &e, &p->play);
		if (d->card_played == 2)        /* not yet in effect */
			p->pend = p->play;
	}
	if (e.type == SAB_EV_ROUND_END) {
		p->res_on = 1;
		view_describe(p->v, i, persp, p->res_words,
		    sizeof p->res_words);
		p->res_mask = e.mask;
		memcpy(p->res_gold, t->seen.gold, sizeof p->res_gold);
		memcpy(p->res_hidden, t->seen.gold_hidden,
		    sizeof p->res_hidden);
		memset(p->paid, 0, sizeof p->paid);
		memset(p->paid_hidden, 0, sizeof p->paid_hidden);
	} else if (e.type == SAB_EV_GAME_END) {
		p->end_on = 1;
		p->end_mask = e.mask;
		for (int k = 0; k < SAB_MAX_PLAYERS; k++)
			p->end_gold[k] = k < e.n ? e.vals[k] : 0;
	}
}

/* One perspective: its name, the steps it is told of, and its positions
 * as changes (the first from nothing, then one per step). */
static int json_persp(render_buf *b, pager *p, int persp, view_table *t,
    int first)
{
	const view *v = p->v;
	char name[200], raw[160];

	view_persp_name(v, persp, raw, sizeof raw);
	(void)proto_escape(name, sizeof name, raw, strlen(raw), 0);
	render_printf(b, "%s\n{\"id\":\"%s\",\"seat\":%d,\"name\":",
	    first ? "" : ",", persp == VIEW_FULL ? "all" :
	    persp == VIEW_PUBLIC ? "public" : "seat", persp);
	page_json_string(b, name);
	render_printf(b, ",\"visible\":\"");
	for (int i = 0; i < v->nsteps; i++)
		render_printf(b, "%c", view_step_visible(v, i, persp) ? '1' :
		    '0');
	render_printf(b, "\",\"changes\":\"");
	for (int i = 0; i < p->cap; i++)
		p->cur[i] = -1;
	p->board_valid = 0;
	memset(p->uncovered, 0, sizeof p->uncovered);
	p->npile = p->res_on = p->end_on = 0;
	p->play.n = p->pend.n = 0;
	p->play.seat = p->pend.seat = -1;
	view_table_reset(v, persp, t);
	for (int i = -1; i < v->nsteps && !p->failed; i++) {
		if (i >= 0) {
			int before = t->seen.ndiscard;
			view_table_apply(v, i, t);
			step_note(p, i, persp, t, before);
		}
		items_all(p, t);
		if (i >= 0)
			render_printf(b, ",");
		put36(b, diff_take(p));
	}
	render_printf(b, "\"}");
	return p->failed || b->failed ? -1 : 0;
}

static int json_data(render_buf *b, const view *v, const page_opts *o)
{
	pager p;
	view_table *t = malloc(sizeof *t);
	int rc = 0, first = 1;

	memset(&p, 0, sizeof p);
	p.v = v;
	if (t == NULL)
		return -1;
	json_head(b, v, o);
	render_printf(b, ",\n\"persps\":[");
	if (o->persp == PAGE_EVERY) {
		rc |= json_persp(b, &p, VIEW_FULL, t, first);
		rc |= json_persp(b, &p, VIEW_PUBLIC, t, 0);
		for (int k = 0; k < v->f->nseats; k++)
			rc |= json_persp(b, &p, k, t, 0);
	} else {
		rc |= json_persp(b, &p, o->persp, t, first);
	}
	render_printf(b, "]");
	json_table(b, "keys", &p.keys);
	json_table(b, "values", &p.vals);
	json_table(b, "changes", &p.diffs);
	render_printf(b, "}\n");
	strtab_free(&p.keys);
	strtab_free(&p.vals);
	strtab_free(&p.diffs);
	free(p.cur);
	free(p.next);
	free(p.board_items);
	render_buf_free(&p.tmp);
	free(t);
	return rc != 0 || b->failed ? -1 : 0;
}

int page_build(render_buf *b, const view *v, const page_opts *o)
{
	char title[300];

	snprintf(title, sizeof title, "Saboteur: game %d, %s, %d players%s",
	    v->number, v->f->ruleset, v->f->nseats,
	    o->persp == VIEW_PUBLIC ? " (public)" : "");
	render_printf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"saboteur %s\">\n<title>",
	    SAB_VERSION);
	page_html_text(b, title);
	render_printf(b, "</title>\n<style>\n%s</style>\n</head>\n<body>\n"
	    "<div id=\"app\"><noscript>This replay is drawn by a script: "
	    "allow scripts for this file.</noscript></div>\n"
	    "<script type=\"application/json\" id=\"game\">\n",
	    page_viewer_css);
	if (json_data(b, v, o) != 0)
		return -1;
	render_printf(b, "</script>\n<script>\n%s</script>\n</body>\n"
	    "</html>\n", page_viewer_js);
	return b->failed ? -1 : 0;
}
