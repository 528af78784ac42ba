/* say.c: writing text into a caller's fixed buffer: reasons, messages and
 * lines built piece by piece. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "say.h"

void sab_say(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || whylen == 0)
		return;
	va_start(ap, fmt);
	if (vsnprintf(why, whylen, fmt, ap) < 0)
		why[0] = '\0';
	va_end(ap);
}

int sab_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return -1;
	va_start(ap, fmt);
	if (vsnprintf(err, errlen, fmt, ap) < 0)
		err[0] = '\0';
	va_end(ap);
	return -1;
}

void sab_strbuf_init(sab_strbuf *b, char *s, size_t size)
{
	b->s = s;
	b->size = size;
	b->len = 0;
	b->cut = size == 0;
	if (size > 0)
		s[0] = '\0';
}

/* Marks the text cut: it ends with what fitted. */
static int cut(sab_strbuf *b)
{
	b->cut = 1;
	if (b->size > 0)
		b->s[b->len] = '\0';
	return -1;
}

int sab_strbuf_put(sab_strbuf *b, const char *s, size_t n)
{
	size_t room;

	if (b->cut)
		return -1;
	room = b->size - 1 - b->len;
	if (n > room) {
		memcpy(b->s + b->len, s, room);
		b->len += room;
		return cut(b);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

int sab_strbuf_printf(sab_strbuf *b, const char *fmt, ...)
{
	size_t room;
	va_list ap;
	int n;

	if (b->cut)
		return -1;
	room = b->size - b->len;
	va_start(ap, fmt);
	n = vsnprintf(b->s + b->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		return cut(b);
	if ((size_t)n >= room) {
		b->len = b->size - 1;
		return cut(b);
	}
	b->len += (size_t)n;
	return 0;
}
