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

/* ---- naming a bot after its program ---------------------------------- */

/* An interpreter and its options: those that take the next word as their
 * value, those whose value is code (the program is then the interpreter
 * itself) and those whose value is the program to run. */
typedef struct interp {
	const char *name;
	const char *const *with_value, *const *code, *const *program;
} interp;

static const char *const py_value[] = { "-W", "-X", "-Q", NULL };
static const char *const py_code[] = { "-c", NULL };
static const char *const py_prog[] = { "-m", NULL };
static const char *const node_value[] = { "-r", "--require", "--import",
	"--loader", "--experimental-loader", "--env-file", NULL };
static const char *const node_code[] = { "-e", "--eval", "-p", "--print",
	NULL };
static const char *const java_value[] = { "-cp", "-classpath",
	"--class-path", "-p", "--module-path", "--add-modules", NULL };
static const char *const java_prog[] = { "-jar", "-m", "--module", NULL };
static const char *const sh_value[] = { "-o", "+o", "-O", "+O", NULL };
static const char *const sh_code[] = { "-c", NULL };
static const char *const perl_code[] = { "-e", "-E", NULL };
static const char *const ruby_value[] = { "-I", "-r", "-C", NULL };
static const char *const ruby_code[] = { "-e", NULL };
static const char *const none[] = { NULL };

static const interp interps[] = {
	{ "python", py_value, py_code, py_prog },
	{ "pypy", py_value, py_code, py_prog },
	{ "node", node_value, node_code, none },
	{ "nodejs", node_value, node_code, none },
	{ "deno", none, node_code, none },
	{ "bun", none, node_code, none },
	{ "java", java_value, none, java_prog },
	{ "sh", sh_value, sh_code, none },
	{ "bash", sh_value, sh_code, none },
	{ "dash", sh_value, sh_code, none },
	{ "zsh", sh_value, sh_code, none },
	{ "perl", none, perl_code, none },
	{ "ruby", ruby_value, ruby_code, none },
	{ "lua", none, perl_code, none },
	{ "php", none, ruby_code, none },
	{ "Rscript", none, perl_code, none },
};

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

static int listed(const char *const *list, const char *word)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, word) == 0)
			return 1;
	return 0;
}

/* The interpreter base names: name, or name followed by a version made of
 * digits and dots ("python3", "python3.12", "pypy3"). */
static const interp *interp_find(const char *base)
{
	for (size_t i = 0; i < sizeof interps / sizeof interps[0]; i++) {
		size_t n = strlen(interps[i].name);
		if (strncmp(base, interps[i].name, n) == 0 &&
		    strspn(base + n, "0123456789.") == strlen(base + n))
			return &interps[i];
	}
	return NULL;
}

/* Skips env's options and NAME=VALUE words from argv[i] (the word after
 * "env"); returns the index of the command env runs. */
static int past_env(char *const *argv, int i)
{
	for (; argv[i] != NULL; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--") == 0)
			return argv[i + 1] != NULL ? i + 1 : i;
		if (strcmp(w, "-u") == 0 || strcmp(w, "-C") == 0 ||
		    strcmp(w, "--unset") == 0 || strcmp(w, "--chdir") == 0) {
			if (argv[i + 1] == NULL)
				return i;
			i++;
		} else if (w[0] != '-' && (w[0] == '=' ||
		    strchr(w, '=') == NULL)) {
			return i;
		}
	}
	return i - 1;
}

/* Skips an interpreter's options from argv[i]; returns the index of the
 * program it runs, or -1 when it runs none (code, or nothing). */
static int past_interp(const interp *in, char *const *argv, int i)
{
	for (; argv[i] != NULL; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--") == 0)
			return argv[i + 1] != NULL ? i + 1 : -1;
		if (listed(in->code, w))
			return -1;
		if (listed(in->program, w))
			return argv[i + 1] != NULL ? i + 1 : -1;
		if (listed(in->with_value, w)) {
			if (argv[++i] == NULL)
				return -1;
		} else if (w[0] != '-' && w[0] != '+') {
			return i;
		}
	}
	return -1;
}

const char *split_program(char *const *argv)
{
	int i = 0;

	/* "env" may run env again, or an interpreter: a few rounds do. */
	for (int round = 0; round < 4 && argv[i] != NULL; round++) {
		const char *base = base_of(argv[i]);
		const interp *in;
		int k;

		if (strcmp(base, "env") == 0 && argv[i + 1] != NULL) {
			k = past_env(argv, i + 1);
			if (k <= i || argv[k] == NULL || strchr(argv[k], '=') ||
			    argv[k][0] == '-')
				return base;
			i = k;
			continue;
		}
		if ((in = interp_find(base)) == NULL)
			return base;
		k = past_interp(in, argv, i + 1);
		return k < 0 ? base : base_of(argv[k]);
	}
	return argv[i] != NULL ? base_of(argv[i]) : "?";
}
