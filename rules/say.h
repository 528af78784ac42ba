/* say.h: writing the reason a move or card is refused (internal). */
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

#endif
