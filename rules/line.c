/* line.c: reading a bot's reply word by word, for the move kinds' rows, and
 * escaping the text a bot sent (line.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "line.h"

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

size_t sab_escape(char *buf, size_t size, const char *s, size_t len,
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

size_t sab_unescape(char *s, size_t len)
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

/* ---- reading a reply ---------------------------------------------------- */

void sab_reply_split(sab_reply *r, const char *s, size_t len)
{
	size_t i = 0;

	r->n = 0;
	r->more = 0;
	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		size_t start = i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		if (r->n == SAB_REPLY_WORDS) {
			r->more = 1;
			return;
		}
		r->w[r->n] = s + start;
		r->len[r->n++] = i - start;
	}
}

int sab_reply_is(const sab_reply *r, int i, const char *s)
{
	return i < r->n && r->len[i] == strlen(s) &&
	    memcmp(r->w[i], s, r->len[i]) == 0;
}

int sab_reply_bad(sab_reply *r, const char *fmt, ...)
{
	va_list ap;

	if (r->whylen > 0) {
		va_start(ap, fmt);
		(void)vsnprintf(r->why, r->whylen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Reasons are shown to people and sent back to the bot, so a bot's words
 * are escaped; referees before replay format 1.2 quoted them as sent.  The
 * line holds no NUL (the protocol refuses one first). */
void sab_reply_quote(const sab_reply *r, int i, char *buf, size_t size)
{
	size_t n = r->len[i] > 40 ? 40 : r->len[i];

	if (!r->names) {
		(void)sab_escape(buf, size, r->w[i], n, 0);
		return;
	}
	if (n >= size)
		n = size - 1;
	memcpy(buf, r->w[i], n);
	buf[n] = '\0';
}

int sab_reply_number(const sab_reply *r, int i, long lo, long hi,
    long *out)
{
	long v = 0;
	size_t k = 0;
	int neg = 0;

	if (i >= r->n || r->len[i] == 0 || r->len[i] > 6)
		return -1;
	if (r->w[i][0] == '-' || r->w[i][0] == '+') {
		neg = r->w[i][0] == '-';
		k = 1;
	}
	if (k == r->len[i])
		return -1;
	for (; k < r->len[i]; k++) {
		if (r->w[i][k] < '0' || r->w[i][k] > '9')
			return -1;
		v = v * 10 + (r->w[i][k] - '0');
	}
	v = neg ? -v : v;
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int sab_reply_xy(const sab_reply *r, int i, sab_move *m)
{
	long x, y;

	if (sab_reply_number(r, i, -128, 127, &x) ||
	    sab_reply_number(r, i + 1, -128, 127, &y))
		return -1;
	m->x = (int8_t)x;
	m->y = (int8_t)y;
	return 0;
}

int sab_reply_goal_at(const sab_tokens *pc, int x, int y)
{
	for (int g = 0; g < pc->rs->ngoals && g < SAB_MAX_GOALS; g++)
		if (pc->goal_x[g] == x && pc->goal_y[g] == y)
			return g;
	return -1;
}

/* The definition whose token is word i, or -1 with the reason. */
static int find_card(sab_reply *r, int i)
{
	const sab_tokens *pc = r->pc;

	for (int d = 0; d < pc->rs->ndefs; d++)
		if (pc->len[d] == r->len[i] &&
		    memcmp(pc->tok[d], r->w[i], r->len[i]) == 0)
			return d;
	char tok[4 * 40 + 1];
	sab_reply_quote(r, i, tok, sizeof tok);
	return sab_reply_bad(r, "unknown card \"%s\"", tok);
}

int sab_reply_card(sab_reply *r, sab_move *m)
{
	int d;

	if (r->n < 2)
		return sab_reply_bad(r, "%.*s wants a card", (int)r->len[0],
		    r->w[0]);
	d = find_card(r, 1);
	if (d < 0)
		return -1;
	m->card = (uint8_t)d;
	return 0;
}

int sab_reply_cards(sab_reply *r, int at, sab_move *m)
{
	uint8_t c[3];
	int n = 0;

	if (m->kind == SAB_MOVE_PASS)
		c[n++] = m->card;
	for (int i = at; i < r->n && n < 3; i++) {
		int d = find_card(r, i);
		if (d < 0)
			return -1;
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
	return 0;
}

int sab_reply_goal(sab_reply *r, sab_move *m)
{
	int k;

	if (r->n != 3 || sab_reply_xy(r, 1, m))
		return sab_reply_bad(r, "%.*s wants a goal's X Y",
		    (int)r->len[0], r->w[0]);
	k = sab_reply_goal_at(r->pc, m->x, m->y);
	if (k < 0)
		return sab_reply_bad(r, "there is no goal at (%d,%d)", m->x,
		    m->y);
	m->goal = (uint8_t)k;
	m->x = m->y = 0;
	return 0;
}
