/* protocol.c: card tokens, events as lines for one seat, bot lines as moves. */
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
		if (pc->len[i] == len &&
		    memcmp(pc->tok[i], tok, len) == 0)
			return i;
	return -1;
}

/* ---- escaping text a bot sent ------------------------------------------ */

/* The move kinds' rows quote a bot's words too: the escapes are
 * rules/line.c's. */
size_t proto_escape(char *buf, size_t size, const char *s, size_t len,
    int exact)
{
	return sab_escape(buf, size, s, len, exact);
}

size_t proto_unescape(char *s, size_t len)
{
	return sab_unescape(s, len);
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

/* ---- the legal moves' lines --------------------------------------------- */

/*
 * "legal play ..." and "legal discard ...", the lines of almost every legal
 * move, written into buf (len bytes) by the appenders the move
 * kinds' rows use (write_play()'s token and sab_put_args(), write_pass()'s
 * tokens), the same bytes, without a pass through proto_move()'s row.
 * Returns the length, or -1 for a move written otherwise.
 */
static int put_legal_fast(char *buf, size_t len, const proto_cards *pc,
    const sab_move *m)
{
	sab_line l = { buf, len, 0, 0 };

	if (m->card >= pc->rs->ndefs)
		return -1;
	if (m->kind == SAB_MOVE_PASS) {
		sab_put_mem(&l, "legal discard", 13);
		sab_put_tok(&l, pc, m->card);
		for (int i = 0; i < m->nmore && i < 2; i++)
			sab_put_tok(&l, pc, m->more[i]);
	} else if (m->kind == SAB_MOVE_PLAY && pc->kind[m->card] != NULL) {
		sab_put_mem(&l, "legal play", 10);
		sab_put_tok(&l, pc, m->card);
		sab_put_args(&l, pc, m, NULL);
	} else {
		return -1;
	}
	return l.full ? -1 : (int)l.used;
}

int proto_legal_line(const proto_cards *pc, const sab_move *m, char *buf,
    size_t len)
{
	int n;

	if ((n = put_legal_fast(buf, len, pc, m)) >= 0)
		return n;
	if (len < 7)
		return -1;
	memcpy(buf, "legal ", 6);
	n = proto_move(pc, m, buf + 6, len - 6);
	return n <= 0 ? n : n + 6;
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
		 * rebuilt with the names its referee used (NULL words).  The
		 * words only word a refusal: a legal move, most replies, is
		 * found legal without them. */
		const char *words[SAB_MAX_DEFS];
		if (sab_game_check_as(g, m, NULL, NULL, 0))
			return 1;
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

/* The first byte at or after at that is no blank (len: none). */
static size_t blanks(const char *s, size_t at, size_t len)
{
	while (at < len && (s[at] == ' ' || s[at] == '\t'))
		at++;
	return at;
}

/* The end of s[0, end) without the blanks it ends with. */
static size_t blanks_back(const char *s, size_t end)
{
	while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t'))
		end--;
	return end;
}

size_t proto_standing(const char *reply, size_t len)
{
	size_t end = blanks_back(reply, len), word;

	if (end < 8 || memcmp(reply + end - 8, "standing", 8) != 0)
		return 0;
	word = end - 8;
	end = blanks_back(reply, word);
	/* A word of its own, after a move. */
	return end < word && blanks(reply, 0, end) < end ? end : 0;
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

/* The move a seat that gave none makes: the row of the kind the game's
 * decision asks for fills it (rules/base/, the expansions' folders); a
 * turn's play without one is a discard of the hand's first card. */
void proto_default_move(const sab_game *g, sab_move *m)
{
	memset(m, 0, sizeof *m);
	for (int k = 0; k < SAB_MOVE_KINDS; k++)
		if (sab_move_defs[k]->fallback != NULL &&
		    sab_move_defs[k]->fallback(g, m))
			return;
	m->kind = SAB_MOVE_PASS;
	m->card = g->hand[g->to_act][0];
}

/* ---- reading lines ---------------------------------------------------- */

static int parse_hello(sab_reply *r, char *name, unsigned *features)
{
	if (r->n < 2 || r->len[1] > PROTO_NAME_MAX)
		return sab_reply_bad(r, "the handshake reply is \"bot NAME\" "
		    "with a name of 1 to %d characters", PROTO_NAME_MAX);
	for (size_t i = 0; i < r->len[1]; i++) {
		char c = r->w[1][i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
			return sab_reply_bad(r, "a bot name is made of letters, "
			    "digits, '.', '_' and '-'");
	}
	memcpy(name, r->w[1], r->len[1]);
	name[r->len[1]] = '\0';
	*features = 0;
	/* Features a referee does not know are ignored, so bots can ask for
	 * more than an older referee offers. */
	for (int i = 2; i < r->n; i++)
		if (sab_reply_is(r, i, "moves"))
			*features |= PROTO_FEAT_MOVES;
		else if (sab_reply_is(r, i, "seed"))
			*features |= PROTO_FEAT_SEED;
		else if (sab_reply_is(r, i, "react"))
			*features |= PROTO_FEAT_REACT;
		else if (sab_reply_is(r, i, "react-at-once"))
			*features |= PROTO_FEAT_AT_ONCE;
		else if (sab_reply_is(r, i, "react-standing"))
			*features |= PROTO_FEAT_STANDING;
	return PROTO_HELLO;
}

int proto_parse(const proto_cards *pc, const char *s, size_t len,
    sab_move *m, char *name, unsigned *features, char *why, size_t whylen)
{
	return parse_line(pc, s, len, PROTO_REASONS_TOKENS, m, name, features,
	    why, whylen);
}

/* A reply of a word no move kind reads: the reason lists the words the
 * ruleset takes. */
static int unknown(sab_reply *r)
{
	char first[4 * 40 + 1];
	char hints[64];
	size_t used = 0;

	hints[0] = '\0';
	for (int k = 0; k < SAB_MOVE_KINDS; k++) {
		const sab_move_def *d = sab_move_defs[k];
		if (d->hint == NULL || !d->offered(r->pc->rs))
			continue;
		size_t n = strlen(d->hint);
		if (used + n < sizeof hints) {
			memcpy(hints + used, d->hint, n + 1);
			used += n;
		}
	}
	sab_reply_quote(r, 0, first, sizeof first);
	return sab_reply_bad(r, "unknown message \"%s\" (a reply is play, "
	    "discard, pick or note%s)", first, hints);
}

/* proto_parse(), with the reasons worded as style says: the reply's first
 * word names the move kind whose row reads it. */
static int parse_line(const proto_cards *pc, const char *s, size_t len,
    proto_reasons style, sab_move *m, char *name, unsigned *features,
    char *why, size_t whylen)
{
	const char *nul = memchr(s, '\0', len);
	sab_reply r;

	memset(m, 0, sizeof *m);
	r.pc = pc;
	r.names = style == PROTO_REASONS_NAMES;
	r.why = why;
	r.whylen = whylen;
	/* C string functions would end the line there, and what came after
	 * it would be lost from every record of it. */
	if (nul != NULL) {
		(void)sab_reply_bad(&r, "a NUL byte at column %zu",
		    (size_t)(nul - s) + 1);
		return PROTO_BAD;
	}
	sab_reply_split(&r, s, len);
	if (r.n == 0) {
		(void)sab_reply_bad(&r, "an empty line");
		return PROTO_BAD;
	}
	if (sab_reply_is(&r, 0, "note"))
		return PROTO_NOTE;
	if (sab_reply_is(&r, 0, "bot"))
		return parse_hello(&r, name, features) == PROTO_HELLO ?
		    PROTO_HELLO : PROTO_BAD;
	for (int k = 0; k < SAB_MOVE_KINDS; k++)
		if (sab_reply_is(&r, 0, sab_move_defs[k]->word))
			return sab_move_defs[k]->read(&r, m) < 0 ? PROTO_BAD :
			    PROTO_MOVE;
	(void)unknown(&r);
	return PROTO_BAD;
}
