/* linewords.h: a protocol line as words, for the C bot helper (botlib.c)
 * and a seat's knowledge (know.c), which the Python package builds without
 * the helper. */
#ifndef LINEWORDS_H
#define LINEWORDS_H

#include <stdlib.h>
#include <string.h>

/* Splits s in place at spaces and tabs into w[0 .. max); returns how many
 * words. */
static inline int linewords_split(char *s, char **w, int max)
{
	int n = 0;

	for (char *p = strtok(s, " \t"); p != NULL && n < max;
	    p = strtok(NULL, " \t"))
		w[n++] = p;
	return n;
}

/* Reads word i of the n in w as a whole number in [lo, hi] into *out;
 * returns 0, or -1 (no such word, not a number, out of range). */
static inline int linewords_num(char *const *w, int n, int i, long lo,
    long hi, int *out)
{
	char *end;
	long v;

	if (i >= n)
		return -1;
	v = strtol(w[i], &end, 10);
	if (end == w[i] || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

#endif
