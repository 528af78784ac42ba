/* split.c: a command line split into words the way a shell would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "split.h"

/* Reads one word of s from *i into out (which has room for strlen(s) + 1
 * bytes).  Returns 1 for a word, 0 at the end, -1 for a quoting error. */
static int next_word(const char *s, size_t *i, char *out, char *err,
    size_t errlen)
{
	size_t o = 0;
	int have = 0;

	while (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\n')
		(*i)++;
	while (s[*i] != '\0' && s[*i] != ' ' && s[*i] != '\t' && s[*i] != '\n') {
		char c = s[(*i)++];
		have = 1;
		if (c == '\'') {
			while (s[*i] != '\0' && s[*i] != '\'')
				out[o++] = s[(*i)++];
			if (s[*i] == '\0')
				goto unclosed;
			(*i)++;
		} else if (c == '"') {
			while (s[*i] != '\0' && s[*i] != '"') {
				if (s[*i] == '\\' && strchr("\"\\$`", s[*i + 1]) &&
				    s[*i + 1] != '\0')
					(*i)++;
				out[o++] = s[(*i)++];
			}
			if (s[*i] == '\0')
				goto unclosed;
			(*i)++;
		} else if (c == '\\') {
			if (s[*i] == '\0') {
				snprintf(err, errlen, "a backslash ends the "
				    "command");
				return -1;
			}
			out[o++] = s[(*i)++];
		} else {
			out[o++] = c;
		}
	}
	out[o] = '\0';
	return have;
unclosed:
	snprintf(err, errlen, "a quote is not closed");
	return -1;
}

char **split_command(const char *s, char *err, size_t errlen)
{
	size_t n = strlen(s), i = 0, nw = 0;
	/* At most one word every two bytes, plus the NULL. */
	char **argv = calloc(n / 2 + 2, sizeof *argv);
	char *word = malloc(n + 1);
	int r;

	if (argv == NULL || word == NULL) {
		free(argv);
		free(word);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	while ((r = next_word(s, &i, word, err, errlen)) == 1) {
		if ((argv[nw] = strdup(word)) == NULL) {
			snprintf(err, errlen, "out of memory");
			r = -1;
			break;
		}
		nw++;
	}
	free(word);
	if (r == 0 && nw == 0) {
		snprintf(err, errlen, "the command is empty");
		r = -1;
	}
	if (r < 0) {
		split_free(argv);
		return NULL;
	}
	return argv;
}

void split_free(char **argv)
{
	if (argv == NULL)
		return;
	for (char **a = argv; *a; a++)
		free(*a);
	free(argv);
}
