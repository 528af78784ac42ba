/* say.h: writing text into a caller's fixed buffer (internal): the reason a
 * move or card is refused, a message, a line built piece by piece. */
#ifndef SAB_SAY_H
#define SAB_SAY_H

#include <stddef.h>

/*
 * Formats a reason into why (whylen bytes) when why is not NULL.  A reason
 * cut short is still a reason, so truncation is accepted.
 */
void sab_say(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same into err, returning -1: for a function that fails with a
 * message. */
int sab_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Text built piece by piece in the caller's array, with one rule for what
 * does not fit: the text is cut where the array ends (it stays ended by a
 * '\0'), cut is set, and every later piece is left out, so a caller may
 * append a whole line and look once at the end.
 */
typedef struct sab_strbuf {
	char *s;                /* the caller's array */
	size_t size;            /* its size in bytes */
	size_t len;             /* the text's length, without the '\0' */
	int cut;                /* something did not fit */
} sab_strbuf;

/* Starts an empty text in s[0 .. size); size 0 is a text already cut. */
void sab_strbuf_init(sab_strbuf *b, char *s, size_t size);

/* Appends n bytes of s.  Returns 0, or -1 when they did not fit whole (or
 * the text was cut before). */
int sab_strbuf_put(sab_strbuf *b, const char *s, size_t n);

/* Appends formatted text.  Returns 0, or -1 when it did not fit whole (or
 * the text was cut before). */
int sab_strbuf_printf(sab_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
