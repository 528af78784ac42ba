/* split.h: a command line split into words the way a shell would, without
 * running a shell. */
#ifndef SAB_SPLIT_H
#define SAB_SPLIT_H

#include <stddef.h>

/*
 * Splits s into words: blanks separate words; '...' keeps everything
 * literally; "..." keeps everything but lets \ escape " \ $ and `; outside
 * quotes \ escapes the next character.  No variables, globs or operators:
 * those characters are literal.  Returns a NULL-terminated array of words
 * (free it with split_free), or NULL with a reason in err for an unclosed
 * quote, a trailing backslash, no words at all, or no memory.
 */
char **split_command(const char *s, char *err, size_t errlen);

/* Frees what split_command() returned; NULL does nothing. */
void split_free(char **argv);

#endif
