/* protocol.c: card tokens, events as lines for one seat, bot lines as moves. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "event_def.h"
#include "protocol.h"
#include "siphash.h"


/* ---- card tokens ------------------------------------------------------ */

/* Each card kind writes its own cards' tokens (rules/base/cards.c). */
int proto_card_token(const sab_card *c, char *buf, size_t size)
{
	const sab_kind *k = sab_kind_of(c->type);

	if (k == NULL || k->token == NULL) {
		if (size > 0)
			buf[0] = '\0';
		return -1;
	}
	return k->token(c, buf, size);
}

void proto_cards_follow(proto_cards *pc, const sab_game *g)
{
	memcpy(pc->goal_x, g->goal_x, sizeof pc->goal_x);
	memcpy(pc->goal_y, g->goal_y, sizeof pc->goal_y);
}

int proto_cards_init(proto_cards *pc, const sab_ruleset *rs, char *err,
    size_t errlen)
{
	pc->rs = rs;
	pc->compat = 0;
	memcpy(pc->goal_x, rs->goal_x, sizeof pc->goal_x);
	memcpy(pc->goal_y, rs->goal_y, sizeof pc->goal_y);
	for (int i = 0; i < rs->ndefs; i++) {
		/* The longest token, "repair-pickaxe-lantern-cart", has 27
		 * characters: every token fits. */
		pc->kind[i] = sab_kind_of(rs->defs[i].type);
		int n = proto_card_token(&rs->defs[i], pc->tok[i],
		    sizeof pc->tok[i]);
		pc->len[i] = (uint8_t)(n < 0 ? 0 : n);
		if (n < 0) {
			if (errlen > 0)
				snprintf(err, errlen, "card %s of ruleset %s: its "
				    "token is longer than %d characters",
				    rs->defs[i].name, rs->name, PROTO_TOKEN_MAX - 1);
			return -1;
		}
		for (int j = 0; j < i; j++) {
			if (strcmp(pc->tok[i], pc->tok[j]) != 0)
				continue;
			if (errlen > 0)
				snprintf(err, errlen, "cards %s and %s of ruleset "
				    "%s look the same to a bot (both %s)",
				    rs->defs[j].name, rs->defs[i].name, rs->name,
				    pc->tok[i]);
			return -1;
		}
	}
	return 0;
}

int proto_card_find(const proto_cards *pc, const char *tok, size_t len)
{
	for (int i = 0; i < pc->rs->ndefs; i++)
		if (strlen(pc->tok[i]) == len &&
		    memcmp(pc->tok[i], tok, len) == 0)
			return i;
	return -1;
}

/* ---- escaping text a bot sent ------------------------------------------ */

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Whether s[i..len) begins with an escape, "\xHH". */
static int is_escape(const char *s, size_t len, size_t i)
{
	return i + 3 < len && s[i] == '\\' && s[i + 1] == 'x' &&
	    hex_value(s[i + 2]) >= 0 && hex_value(s[i + 3]) >= 0;
}

size_t proto_escape(char *buf, size_t size, const char *s, size_t len,
    int exact)
{
	static const char hex[] = "0123456789abcdef";
	size_t used = 0, need = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char e[4];
		size_t n = 1;
		e[0] = (char)c;
		if ((c < 0x20 && !(c == '\t' && exact)) || c >= 0x7f ||
		    (exact && is_escape(s, len, i))) {
			e[0] = '\\';
			e[1] = 'x';
			e[2] = hex[c >> 4];
			e[3] = hex[c & 15];
			n = 4;
		}
		/* Once one escape did not fit, nothing after it is written:
		 * the copy is a prefix of the whole. */
		if (used == need && size > 0 && used + n < size) {
			memcpy(buf + used, e, n);
			used += n;
		}
		need += n;
	}
	if (size > 0)
		buf[used] = '\0';
	return need;
}

size_t proto_unescape(char *s, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		if (is_escape(s, len, i)) {
			s[o++] = (char)(hex_value(s[i + 2]) * 16 +
			    hex_value(s[i + 3]));
			i += 3;
		} else {
			s[o++] = s[i];
		}
	}
	s[o] = '\0';
	return o;
}

/* ---- writing lines ---------------------------------------------------- */

/* The appenders are rules/line.h's, which the event types' rows write
 * with too. */
static int done(const sab_line *l)
{
	return l->full ? -1 : (int)l->used;
}

int proto_event(const proto_cards *pc, const sab_event *e, int seat,
    int nplayers, char *buf, size_t len)
{
	sab_line l = { buf, len, 0, 0 };
	const sab_event_def *d = sab_event_def_of(e->type);
	sab_event v;
	sab_say_ctx c;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	if (d == NULL || d->say == NULL || !sab_event_view(e, seat, &v))
		return 0;
	c.pc = pc;
	c.v = &v;
	c.e = e;
	c.seat = seat;
	c.nplayers = nplayers;
	d->say(&l, &c);
	return done(&l);
}

/* Each move kind's row writes it (rules/base/, the expansions' folders);
 * a kind this program does not know is written as a play. */
int proto_move(const proto_cards *pc, const sab_move *m, char *buf,
    size_t len)
{
	sab_line l = { buf, len, 0, 0 };
	const sab_move_def *d = m->kind < SAB_MOVE_KINDS ?
	    sab_move_defs[m->kind] : &sab_move_def_PLAY;

	sab_put_s(&l, d->word);
	d->write(&l, pc, m);
	return done(&l);
}

/* ---- judging a reply ---------------------------------------------------- */

static int parse_line(const proto_cards *pc, const char *s, size_t len,
    proto_reasons style, sab_move *m, char *name, unsigned *features,
    char *why, size_t whylen);

int proto_judge(const proto_cards *pc, const sab_game *g, const char *reply,
    size_t len, proto_reasons style, sab_move *m, char *why, size_t whylen)
{
	char name[PROTO_NAME_MAX + 1];
	unsigned feat = 0;
	int k = parse_line(pc, reply, len, style, m, name, &feat, why, whylen);

	if (k == PROTO_MOVE) {
		/* A bot is told of its cards by their tokens, never by the
		 * ruleset's internal names; only an old replay's reasons are
		 * rebuilt with the names its referee used (NULL words). */
		const char *words[SAB_MAX_DEFS];
		for (int i = 0; i < pc->rs->ndefs; i++)
			words[i] = pc->tok[i];
		return sab_game_check_as(g, m,
		    style == PROTO_REASONS_NAMES ? NULL : words, why, whylen);
	}
	if (whylen == 0)
		return 0;
	/* The referee takes only a line that begins with "note" as a note;
	 * one with blanks before it is a reply, for which proto_parse()
	 * gives no reason. */
	if (k == PROTO_HELLO)
		snprintf(why, whylen, "the handshake is over: reply with a move");
	else if (k == PROTO_NOTE)
		snprintf(why, whylen, "a note begins its line with \"note\"");
	return 0;
}

/* ---- the referee's other lines ---------------------------------------- */

int proto_setup_line(const proto_cards *pc, int game, int nplayers, int seat,
    const char *const *names, int k, char *buf, size_t len)
{
	const sab_ruleset *rs = pc->rs;
	sab_line l = { buf, len, 0, 0 };

	if (len == 0)
		return -1;
	buf[0] = '\0';
	if (k == 0) {
		sab_put_s(&l, "game");
		sab_put_wi(&l, game);
		sab_put_ws(&l, rs->name);
		sab_put_wi(&l, nplayers);
		sab_put_wi(&l, seat);
	} else if (k <= nplayers) {
		const char *name = names != NULL ? names[k - 1] : NULL;
		sab_put_s(&l, "player");
		sab_put_wi(&l, k - 1);
		sab_put_ws(&l, name != NULL && *name ? name : "-");
	} else if (k == nplayers + 1 && rs->bounded) {
		sab_put_s(&l, "board bounded");
		sab_put_wi(&l, rs->min_x);
		sab_put_wi(&l, rs->min_y);
		sab_put_wi(&l, rs->max_x);
		sab_put_wi(&l, rs->max_y);
	} else if (k == nplayers + 1) {
		sab_put_s(&l, "board unbounded");
	} else if (k == nplayers + 2) {
		sab_put_s(&l, "start");
		sab_put_wi(&l, rs->start_x);
		sab_put_wi(&l, rs->start_y);
		sab_put_ws(&l, pc->tok[rs->start_def]);
	} else if (k - nplayers - 3 < rs->ngoals) {
		sab_put_s(&l, "goal");
		sab_put_wi(&l, rs->goal_x[k - nplayers - 3]);
		sab_put_wi(&l, rs->goal_y[k - nplayers - 3]);
	} else {
		return 0;
	}
	return done(&l);
}

uint64_t proto_seat_seed(uint64_t game_seed, int seat)
{
	/* The key is the game's seed (little-endian) and a fixed word that
	 * keeps these hashes apart from any other use of SipHash with the
	 * same seed; the message is the seat, one byte. */
	static const char domain[8] = { 's', 'a', 'b', '-', 's', 'e', 'a', 't' };
	uint8_t key[16], msg = (uint8_t)seat;

	for (int i = 0; i < 8; i++)
		key[i] = (uint8_t)(game_seed >> (8 * i));
	memcpy(key + 8, domain, 8);
	return sab_siphash24(key, &msg, 1);
}

int proto_seed_line(uint64_t game_seed, int seat, char *buf, size_t len)
{
	int n = snprintf(buf, len, "seed %llu",
	    (unsigned long long)proto_seat_seed(game_seed, seat));

	return n < 0 || (size_t)n >= len ? -1 : n;
}

int proto_turn_line(int decision, int64_t move_ms, int64_t bank_ms, char *buf,
    size_t len)
{
	sab_line l = { buf, len, 0, 0 };

	if (len == 0)
		return -1;
	sab_put_s(&l, "turn");
	sab_put_wi(&l, decision);
	sab_put_wi(&l, (long)move_ms);
	sab_put_wi(&l, (long)bank_ms);
	return done(&l);
}

int proto_illegal_line(int tries_left, const char *why, char *buf, size_t len)
{
	sab_line l = { buf, len, 0, 0 };

	if (len == 0)
		return -1;
	sab_put_s(&l, "illegal");
	sab_put_wi(&l, tries_left);
	sab_put_ws(&l, why);
	return done(&l);
}

int proto_default_line(const proto_cards *pc, const char *why,
    const sab_move *m, char *buf, size_t len)
{
	sab_line l = { buf, len, 0, 0 };
	char mv[128];

	if (len == 0 || proto_move(pc, m, mv, sizeof mv) < 0)
		return -1;
	sab_put_s(&l, "default");
	sab_put_ws(&l, why);
	sab_put_ws(&l, mv);
	return done(&l);
}

/* A pathfinder's next path card ("Play 2 path cards one after the other
 * this turn"), where no discard is legal: the first legal move as the
 * "legal" lines list them (sab_game_moves()'s order: the hand's cards in
 * order, each card's places in order).  The turn asks for one only when
 * some path card fits. */
static void first_path_move(const sab_game *g, sab_move *m)
{
	sab_move buf[SAB_MAX_CARD_MOVES];
	int seat = g->to_act;

	for (int i = 0; i < g->nhand[seat]; i++) {
		uint8_t d = g->hand[seat][i];
		if (g->rs->defs[d].type == SAB_CARD_PATH &&
		    sab_game_moves_card(g, d, buf) > 0) {
			*m = buf[0];
			return;
		}
	}
	m->kind = SAB_MOVE_PASS;        /* never: see the turn */
	m->card = g->hand[seat][0];
}

void proto_default_move(const sab_game *g, sab_move *m)
{
	memset(m, 0, sizeof *m);
	if (g->phase == SAB_PHASE_PICK_GOLD) {
		m->kind = SAB_MOVE_PICK_GOLD;
		for (int i = 0; i < g->noffer; i++)
			if (g->offer[i] > m->value)
				m->value = g->offer[i];
	} else if (g->phase == SAB_PHASE_REACT) {
		m->kind = SAB_MOVE_ALLOW;       /* no veto */
	} else if (g->phase == SAB_PHASE_TAKE) {
		m->kind = SAB_MOVE_TAKE;        /* the top card */
		m->card = g->discard[g->ndiscard - 1];
	} else if (g->phase == SAB_PHASE_CHOOSE) {
		m->kind = SAB_MOVE_CHOOSE;
		while (m->target < g->nplayers &&
		    !(g->choices & (1u << m->target)))
			m->target++;
	} else if (g->phase == SAB_PHASE_CHEST &&
	    g->chest_asks == SAB_CHEST_PUSH_GOAL + 1) {
		m->kind = SAB_MOVE_PUSH;        /* the first goal place */
		while (m->goal < g->rs->ngoals &&
		    !(g->chest_choices >> m->goal & 1))
			m->goal++;
	} else if (g->phase == SAB_PHASE_CHEST) {
		m->kind = SAB_MOVE_SEAT;        /* the first seat */
		while (m->target < g->nplayers &&
		    !(g->chest_choices >> m->target & 1))
			m->target++;
	} else if (g->phase == SAB_PHASE_ORDER) {
		m->kind = SAB_MOVE_REVEAL;      /* the first goal place */
		while (m->goal < g->rs->ngoals &&
		    !(g->goal_choices >> m->goal & 1))
			m->goal++;
	} else if (g->substep > 0) {
		first_path_move(g, m);
	} else {
		m->kind = SAB_MOVE_PASS;
		m->card = g->hand[g->to_act][0];
	}
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

/* ---- reading lines ---------------------------------------------------- */

#define MAX_WORDS 8

/* A line split into words (pointers into the line, with lengths). */
typedef struct words {
	int n;
	const char *w[MAX_WORDS];
	size_t len[MAX_WORDS];
	int more;               /* there were more words than MAX_WORDS */
} words;

static void split(const char *s, size_t len, words *w)
{
	size_t i = 0;

	w->n = 0;
	w->more = 0;
	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		size_t start = i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		if (w->n == MAX_WORDS) {
			w->more = 1;
			return;
		}
		w->w[w->n] = s + start;
		w->len[w->n++] = i - start;
	}
}

static int word_is(const words *w, int i, const char *s)
{
	return i < w->n && w->len[i] == strlen(s) &&
	    memcmp(w->w[i], s, w->len[i]) == 0;
}

/* Word i, at most 40 bytes of it, for a reason (size at least 4 * 40 + 1
 * bytes): escaped, since reasons are shown to people and sent back to the
 * bot, or as sent for PROTO_REASONS_NAMES, as referees before replay
 * format 1.2 quoted it.  The line holds no NUL (parse_line()). */
static void quote(char *buf, size_t size, const words *w, int i,
    proto_reasons style)
{
	size_t n = w->len[i] > 40 ? 40 : w->len[i];

	if (style != PROTO_REASONS_NAMES) {
		(void)proto_escape(buf, size, w->w[i], n, 0);
		return;
	}
	if (n >= size)
		n = size - 1;
	memcpy(buf, w->w[i], n);
	buf[n] = '\0';
}

static int bad(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (whylen > 0) {
		va_start(ap, fmt);
		(void)vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return PROTO_BAD;
}

/* Reads word i as a whole number in [lo, hi]. */
static int number(const words *w, int i, long lo, long hi, long *out)
{
	long v = 0;
	size_t k = 0;
	int neg = 0;

	if (i >= w->n || w->len[i] == 0 || w->len[i] > 6)
		return -1;
	if (w->w[i][0] == '-' || w->w[i][0] == '+') {
		neg = w->w[i][0] == '-';
		k = 1;
	}
	if (k == w->len[i])
		return -1;
	for (; k < w->len[i]; k++) {
		if (w->w[i][k] < '0' || w->w[i][k] > '9')
			return -1;
		v = v * 10 + (w->w[i][k] - '0');
	}
	v = neg ? -v : v;
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int parse_tool(const words *w, int i, uint8_t *tool)
{
	for (int k = 0; k < SAB_TOOLS; k++)
		if (word_is(w, i, sab_tool_name((uint8_t)(1 << k)))) {
			*tool = (uint8_t)(1 << k);
			return 0;
		}
	return -1;
}

/* Fills the place fields of a move from "X Y" at word i. */
static int parse_xy(const words *w, int i, sab_move *m)
{
	long x, y;

	if (number(w, i, -128, 127, &x) || number(w, i + 1, -128, 127, &y))
		return -1;
	m->x = (int8_t)x;
	m->y = (int8_t)y;
	return 0;
}

/* The goal place at (x, y) now (pc follows the game's pushes). */
static int goal_at(const proto_cards *pc, int x, int y)
{
	for (int g = 0; g < pc->rs->ngoals && g < SAB_MAX_GOALS; g++)
		if (pc->goal_x[g] == x && pc->goal_y[g] == y)
			return g;
	return -1;
}

/* Whether rs plays Treasure Chests (module chests). */
static int plays_chests(const sab_ruleset *rs)
{
	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++) {
		const sab_module *mod = sab_module_at(rs->modules[i]);
		if (mod != NULL && strcmp(mod->name, "chests") == 0)
			return 1;
	}
	return 0;
}

/* Reads the argument list of the card's kind from word 2 on: one loop,
 * the inverse of put_args(). */
static int parse_args(const proto_cards *pc, const words *w, sab_move *m,
    char *why, size_t whylen)
{
	const sab_card *c = &pc->rs->defs[m->card];
	const sab_kind *k = sab_kind_of(c->type);
	int at = 2, ok = 1, goal = -1, goal2 = -1;
	long v = 0, v2 = 0;

	if (k == NULL || !k->deck)
		return bad(why, whylen, "%s cannot be played", pc->tok[m->card]);
	m->kind = SAB_MOVE_PLAY;
	for (int i = 0; ok && i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END;
	    i++) {
		switch (k->args[i]) {
		case SAB_ARG_X:
			ok = !number(w, at++, -128, 127, &v);
			m->x = (int8_t)v;
			break;
		case SAB_ARG_Y:
			ok = !number(w, at++, -128, 127, &v);
			m->y = (int8_t)v;
			break;
		case SAB_ARG_ROT:
			ok = !number(w, at++, 0, 1, &v);
			m->rot = (uint8_t)v;
			break;
		case SAB_ARG_SEAT:
			ok = !number(w, at++, 0, 255, &v);
			m->target = (uint8_t)v;
			break;
		case SAB_ARG_TOOL:
			ok = !parse_tool(w, at++, &m->tool);
			break;
		case SAB_ARG_GOAL:
			ok = !parse_xy(w, at, m);
			at += 2;
			goal = ok ? goal_at(pc, m->x, m->y) : -1;
			break;
		case SAB_ARG_CARD_TOOL:
			m->tool = c->tools;
			break;
		case SAB_ARG_GOAL2:
			ok = !number(w, at, -128, 127, &v) &&
			    !number(w, at + 1, -128, 127, &v2);
			goal2 = ok ? goal_at(pc, (int)v, (int)v2) : -1;
			at += 2;
			break;
		default:        /* SAB_ARG_REMOVED, _FROM: events only */
			break;
		}
	}
	if (!ok || w->n != at || w->more)
		return bad(why, whylen, "play %s wants %s", pc->tok[m->card],
		    k->args_help);
	for (int i = 0; i < SAB_MAX_ARGS && k->args[i] != SAB_ARG_END; i++) {
		if (k->args[i] == SAB_ARG_GOAL2) {
			if (goal2 < 0)
				return bad(why, whylen, "there is no second goal "
				    "at the place given");
			m->goal2 = (uint8_t)goal2;
			continue;
		}
		if (k->args[i] != SAB_ARG_GOAL)
			continue;
		/* Treasure Chests: a map may name a chest's place, which
		 * the rules judge. */
		if (goal < 0 && c->type == SAB_CARD_MAP && plays_chests(pc->rs)) {
			m->goal = SAB_GOAL_CHEST;
			continue;
		}
		if (goal < 0)
			return bad(why, whylen, "there is no goal at (%d,%d)",
			    m->x, m->y);
		m->goal = (uint8_t)goal;
		m->x = m->y = 0;
	}
	return PROTO_MOVE;
}

static int parse_card(const proto_cards *pc, const words *w,
    proto_reasons style, sab_move *m, char *why, size_t whylen)
{
	int d;

	if (w->n < 2)
		return bad(why, whylen, "%.*s wants a card", (int)w->len[0],
		    w->w[0]);
	d = proto_card_find(pc, w->w[1], w->len[1]);
	if (d < 0) {
		char tok[4 * 40 + 1];
		quote(tok, sizeof tok, w, 1, style);
		return bad(why, whylen, "unknown card \"%s\"", tok);
	}
	m->card = (uint8_t)d;
	return PROTO_MOVE;
}

/* The cards of a discard or a removal from word `at` on: card, then
 * more[], put in card order (a move's set of cards is written once). */
static int parse_more(const proto_cards *pc, const words *w, int at,
    proto_reasons style, sab_move *m, char *why, size_t whylen)
{
	uint8_t c[3];
	int n = 0;

	if (m->kind == SAB_MOVE_PASS)
		c[n++] = m->card;
	for (int i = at; i < w->n && n < 3; i++) {
		int d = proto_card_find(pc, w->w[i], w->len[i]);
		if (d < 0) {
			char tok[4 * 40 + 1];
			quote(tok, sizeof tok, w, i, style);
			return bad(why, whylen, "unknown card \"%s\"", tok);
		}
		c[n++] = (uint8_t)d;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
			uint8_t t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
	m->card = c[0];
	m->nmore = (uint8_t)(n - 1);
	for (int i = 1; i < n; i++)
		m->more[i - 1] = c[i];
	return PROTO_MOVE;
}

static int parse_hello(const words *w, char *name, unsigned *features,
    char *why, size_t whylen)
{
	if (w->n < 2 || w->len[1] > PROTO_NAME_MAX)
		return bad(why, whylen, "the handshake reply is \"bot NAME\" "
		    "with a name of 1 to %d characters", PROTO_NAME_MAX);
	for (size_t i = 0; i < w->len[1]; i++) {
		char c = w->w[1][i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
			return bad(why, whylen, "a bot name is made of letters, "
			    "digits, '.', '_' and '-'");
	}
	memcpy(name, w->w[1], w->len[1]);
	name[w->len[1]] = '\0';
	*features = 0;
	/* Features a referee does not know are ignored, so bots can ask for
	 * more than an older referee offers. */
	for (int i = 2; i < w->n; i++)
		if (word_is(w, i, "moves"))
			*features |= PROTO_FEAT_MOVES;
		else if (word_is(w, i, "seed"))
			*features |= PROTO_FEAT_SEED;
		else if (word_is(w, i, "react"))
			*features |= PROTO_FEAT_REACT;
		else if (word_is(w, i, "react-at-once"))
			*features |= PROTO_FEAT_AT_ONCE;
	return PROTO_HELLO;
}

int proto_parse(const proto_cards *pc, const char *s, size_t len,
    sab_move *m, char *name, unsigned *features, char *why, size_t whylen)
{
	return parse_line(pc, s, len, PROTO_REASONS_TOKENS, m, name, features,
	    why, whylen);
}

/* proto_parse(), with the reasons worded as style says. */
static int parse_line(const proto_cards *pc, const char *s, size_t len,
    proto_reasons style, sab_move *m, char *name, unsigned *features,
    char *why, size_t whylen)
{
	const char *nul = memchr(s, '\0', len);
	char first[4 * 40 + 1];
	words w;
	long v;

	memset(m, 0, sizeof *m);
	/* C string functions would end the line there, and what came after
	 * it would be lost from every record of it. */
	if (nul != NULL)
		return bad(why, whylen, "a NUL byte at column %zu",
		    (size_t)(nul - s) + 1);
	split(s, len, &w);
	if (w.n == 0)
		return bad(why, whylen, "an empty line");
	if (word_is(&w, 0, "note"))
		return PROTO_NOTE;
	if (word_is(&w, 0, "bot"))
		return parse_hello(&w, name, features, why, whylen);
	if (word_is(&w, 0, "pick")) {
		/* 0 is a stone's value (the old mine), which a referee
		 * before replay format 1.5 did not read. */
		long lo = has_stones(pc->rs) && !(pc->compat &
		    PROTO_COMPAT_1_4) ? 0 : 1;
		if (w.n != 2 || number(&w, 1, lo, SAB_MAX_GOLD_VALUE, &v))
			return bad(why, whylen, "pick wants a gold value");
		m->kind = SAB_MOVE_PICK_GOLD;
		m->value = (uint8_t)v;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "discard")) {
		if (parse_card(pc, &w, style, m, why, whylen) != PROTO_MOVE)
			return PROTO_BAD;
		if (pc->rs->pass_max <= 1 && w.n != 2)
			return bad(why, whylen, "discard wants one card");
		if (w.n > 4)
			return bad(why, whylen, "discard wants 1 to 3 cards");
		m->kind = SAB_MOVE_PASS;
		return parse_more(pc, &w, 2, style, m, why, whylen);
	}
	if (word_is(&w, 0, "remove")) {
		/* remove FRONT C1 C2: the card in front first. */
		if (parse_card(pc, &w, style, m, why, whylen) != PROTO_MOVE)
			return PROTO_BAD;
		if (w.n != 4)
			return bad(why, whylen, "remove wants the card in front "
			    "of you, then two cards of your hand");
		m->front = m->card;
		m->kind = SAB_MOVE_REMOVE;
		return parse_more(pc, &w, 2, style, m, why, whylen);
	}
	if (word_is(&w, 0, "allow")) {
		if (w.n != 1)
			return bad(why, whylen, "allow takes nothing more");
		m->kind = SAB_MOVE_ALLOW;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "take")) {
		if (parse_card(pc, &w, style, m, why, whylen) != PROTO_MOVE)
			return PROTO_BAD;
		if (w.n != 2)
			return bad(why, whylen, "take wants one card");
		m->kind = SAB_MOVE_TAKE;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "dwarf")) {
		/* dwarf CARD X Y: Tunnel toll's turn option. */
		long x, y;
		if (parse_card(pc, &w, style, m, why, whylen) != PROTO_MOVE)
			return PROTO_BAD;
		if (w.n != 4 || number(&w, 2, -99, 99, &x) ||
		    number(&w, 3, -99, 99, &y))
			return bad(why, whylen, "dwarf wants a card of your "
			    "hand, then the X Y of an open end of a path");
		m->kind = SAB_MOVE_DWARF;
		m->x = (int8_t)x;
		m->y = (int8_t)y;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "choose")) {
		if (w.n != 2 || number(&w, 1, 0, 255, &v))
			return bad(why, whylen, "choose wants a seat");
		m->kind = SAB_MOVE_SEAT;
		m->target = (uint8_t)v;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "reveal") || word_is(&w, 0, "push")) {
		int k, push = word_is(&w, 0, "push");
		if (w.n != 3 || parse_xy(&w, 1, m))
			return bad(why, whylen, "%s wants a goal's X Y",
			    push ? "push" : "reveal");
		k = goal_at(pc, m->x, m->y);
		if (k < 0)
			return bad(why, whylen, "there is no goal at (%d,%d)",
			    m->x, m->y);
		m->kind = push ? SAB_MOVE_PUSH : SAB_MOVE_REVEAL;
		m->goal = (uint8_t)k;
		m->x = m->y = 0;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "steal")) {
		if (w.n != 2 || number(&w, 1, 0, 255, &v))
			return bad(why, whylen, "steal wants a seat");
		m->kind = SAB_MOVE_CHOOSE;
		m->target = (uint8_t)v;
		return PROTO_MOVE;
	}
	if (word_is(&w, 0, "play")) {
		if (parse_card(pc, &w, style, m, why, whylen) != PROTO_MOVE)
			return PROTO_BAD;
		return parse_args(pc, &w, m, why, whylen);
	}
	quote(first, sizeof first, &w, 0, style);
	return bad(why, whylen, "unknown message \"%s\" (a reply is play, "
	    "discard, pick or note%s%s)", first, pc->rs->pass_max > 1 ||
	    pc->rs->remove_front ? "; remove, steal" : "",
	    pc->rs->toll_dwarves ? "; dwarf" : "");
}
