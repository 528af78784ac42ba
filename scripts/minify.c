/* minify.c: the game page's script and style without their comments and
 * the blanks nobody reads, so every page and report embeds fewer bytes.
 * A build tool (make builds build/minify and runs it on referee/html/'s
 * files before scripts/embed.sh embeds them); it only takes out what does
 * not change the meaning and stops with a message on what it does not
 * know (a template literal with a nested one).
 *
 * Usage: minify --js FILE | --css FILE      (writes to standard output)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "minify";

static void die(const char *file, int line, const char *why)
{
	fprintf(stderr, "%s: %s:%d: %s\n", prog, file, line, why);
	exit(1);
}

static char *slurp(const char *file, size_t *len)
{
	FILE *f = fopen(file, "rb");
	char *s = NULL;
	size_t cap = 0, n = 0, got;

	if (f == NULL) {
		perror(file);
		exit(1);
	}
	do {
		if (n + 4096 + 1 > cap) {
			cap = (n + 4096 + 1) * 2;
			if ((s = realloc(s, cap)) == NULL) {
				fputs("minify: out of memory\n", stderr);
				exit(1);
			}
		}
		got = fread(s + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		perror(file);
		exit(1);
	}
	fclose(f);
	s[n] = '\0';
	*len = n;
	return s;
}

static int is_word(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80;
}

/* ---- JavaScript ------------------------------------------------------- */

/* The last token written, as far as the next one's spacing cares. */
struct last {
	char kind;              /* 0 none, 'w' word, 'n' number, 'p' punct,
	                         * 's' string, 'r' regular expression */
	char ch;                /* its last character */
	char word[16];          /* a word's first 15 characters */
};

/* A '/' starts a regular expression unless it follows what ends an
 * operand: a name (not a keyword that wants an expression), a number, a
 * string, or a closing bracket. */
static int regex_allowed(const struct last *l)
{
	static const char *const kw[] = { "return", "typeof", "case", "do",
		"else", "in", "of", "new", "delete", "void", "throw",
		"instanceof", "yield", "await", NULL };

	if (l->kind == 'n' || l->kind == 's' || l->kind == 'r')
		return 0;
	if (l->kind == 'w') {
		for (int i = 0; kw[i]; i++)
			if (strcmp(l->word, kw[i]) == 0)
				return 1;
		return 0;
	}
	return !(l->kind == 'p' && (l->ch == ')' || l->ch == ']' ||
	    l->ch == '}'));
}

/* Whether a line break between the last token and one starting with c
 * can go: only where automatic semicolon insertion cannot happen there,
 * because the last token wants more (an opening bracket, a separator, an
 * operator that is never postfix) or the next one cannot begin a
 * statement. */
static int break_may_go(const struct last *l, const char *next)
{
	if (l->kind == 'p' && strchr("{([,;:=*%&|^!~?<>.", l->ch))
		return 1;
	if (next[0] == '.' && next[1] >= '0' && next[1] <= '9')
		return 0;
	return strchr("})],;.?:=*%&|^<>", next[0]) != NULL;
}

/* Whether the token starting at next would run into the last one. */
static int needs_space(const struct last *l, const char *next)
{
	char c = next[0];

	if (l->kind == 0)
		return 0;
	if (l->kind != 'p' && is_word((unsigned char)l->ch) &&
	    is_word((unsigned char)c))
		return 1;
	if (l->kind == 'n' && c == '.')
		return 1;
	/* A name right after a regular expression would be its flags. */
	if (l->kind == 'r' && is_word((unsigned char)c))
		return 1;
	if (l->kind == 'p' && (l->ch == '+' || l->ch == '-' || l->ch == '/') &&
	    c == l->ch)
		return 1;
	if (l->kind == 'p' && l->ch == '/' && c == '*')
		return 1;
	if (l->kind == 'p' && l->ch == '<' && c == '!')
		return 1;
	return 0;
}

/* Copies a quoted string from s[*i] (the quote) and returns past it. */
static size_t copy_string(const char *file, const char *s, size_t i,
    int line, FILE *out)
{
	char q = s[i];
	size_t j = i + 1;

	while (s[j] != q) {
		if (s[j] == '\0' || s[j] == '\n')
			die(file, line, "a string runs to the end of its line");
		j += s[j] == '\\' && s[j + 1] != '\0' ? 2 : 1;
	}
	fwrite(s + i, 1, j + 1 - i, out);
	return j + 1;
}

/* Skips a block comment from s[i] (its opening slash); returns past it,
 * counting its lines into *line and setting *broke when it holds one. */
static size_t skip_comment(const char *file, const char *s, size_t i,
    int *line, int *broke)
{
	const char *end = strstr(s + i + 2, "*/");

	if (end == NULL)
		die(file, *line, "a comment runs to the end");
	for (; s + i < end; i++)
		if (s[i] == '\n') {
			(*line)++;
			*broke = 1;
		}
	return i + 2;
}

/* Copies a template literal whole (its ${...} parts too, unchanged). */
static size_t copy_template(const char *file, const char *s, size_t i,
    int *line, FILE *out)
{
	size_t j = i + 1;
	int depth = 0;

	for (; s[j] != '\0'; j++) {
		if (s[j] == '\\' && s[j + 1] != '\0') {
			j++;
			continue;
		}
		if (s[j] == '\n')
			(*line)++;
		if (depth == 0 && s[j] == '`')
			break;
		if (s[j] == '$' && s[j + 1] == '{' && depth == 0) {
			depth = 1;
			j++;
		} else if (depth > 0 && s[j] == '{') {
			depth++;
		} else if (depth > 0 && s[j] == '}') {
			depth--;
		} else if (depth > 0 && (s[j] == '`' || s[j] == '\'' ||
		    s[j] == '"' || s[j] == '/')) {
			die(file, *line, "a template literal holds a string, "
			    "a template or a slash in ${...}: write it "
			    "without one");
		}
	}
	if (s[j] != '`')
		die(file, *line, "a template literal runs to the end");
	fwrite(s + i, 1, j + 1 - i, out);
	return j + 1;
}

/* Copies a regular expression literal (its flags too). */
static size_t copy_regex(const char *file, const char *s, size_t i,
    int line, FILE *out)
{
	size_t j = i + 1;
	int in_class = 0;

	for (; s[j] != '/' || in_class; j++) {
		if (s[j] == '\0' || s[j] == '\n')
			die(file, line, "a regular expression runs to the end "
			    "of its line");
		if (s[j] == '\\' && s[j + 1] != '\0')
			j++;
		else if (s[j] == '[')
			in_class = 1;
		else if (s[j] == ']')
			in_class = 0;
	}
	for (j++; is_word((unsigned char)s[j]); j++)
		;
	fwrite(s + i, 1, j - i, out);
	return j;
}

static void minify_js(const char *file, const char *s, FILE *out)
{
	struct last l = { 0, 0, "" };
	size_t i = 0;
	int line = 1, broke = 0, gap = 0;

	while (s[i] != '\0') {
		char c = s[i];
		size_t j;

		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			if (c == '\n') {
				line++;
				broke = 1;
			}
			gap = 1;
			i++;
			continue;
		}
		if (c == '/' && s[i + 1] == '/') {
			while (s[i] != '\0' && s[i] != '\n')
				i++;
			gap = 1;
			continue;
		}
		if (c == '/' && s[i + 1] == '*') {
			i = skip_comment(file, s, i, &line, &broke);
			gap = 1;
			continue;
		}
		/* A token starts here: first what separated it from the last,
		 * if anything did (tokens that touched keep touching). */
		if (broke && l.kind != 0 && !break_may_go(&l, s + i))
			fputc('\n', out);
		else if (gap && needs_space(&l, s + i))
			fputc(' ', out);
		broke = gap = 0;
		if (c == '\'' || c == '"') {
			i = copy_string(file, s, i, line, out);
			l.kind = 's';
		} else if (c == '`') {
			i = copy_template(file, s, i, &line, out);
			l.kind = 's';
		} else if (c == '/' && regex_allowed(&l)) {
			i = copy_regex(file, s, i, line, out);
			l.kind = 'r';
		} else if (is_word((unsigned char)c)) {
			for (j = i; is_word((unsigned char)s[j]) ||
			    (c >= '0' && c <= '9' && s[j] == '.'); j++)
				;
			fwrite(s + i, 1, j - i, out);
			l.kind = c >= '0' && c <= '9' ? 'n' : 'w';
			snprintf(l.word, sizeof l.word, "%.*s",
			    (int)(j - i < 15 ? j - i : 15), s + i);
			i = j;
		} else {
			fputc(c, out);
			l.kind = 'p';
			i++;
		}
		l.ch = s[i - 1];
	}
	fputc('\n', out);
}

/* ---- CSS -------------------------------------------------------------- */

/* Comments out, blanks folded to one, and none beside { } ; , or after
 * ':', where they never mean anything (one before ':' may: a descendant's
 * pseudo-class). */
static void minify_css(const char *file, const char *s, FILE *out)
{
	size_t i = 0;
	int line = 1, blank = 0;
	char lastc = '\0';

	while (s[i] != '\0') {
		char c = s[i];
		if (c == '\n')
			line++;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			blank = 1;
			i++;
			continue;
		}
		if (c == '/' && s[i + 1] == '*') {
			int broke = 0;
			i = skip_comment(file, s, i, &line, &broke);
			blank = 1;
			continue;
		}
		if (blank && lastc != '\0' && !strchr("{};,:", lastc) &&
		    !strchr("{};,", c))
			fputc(' ', out);
		blank = 0;
		if (c == '\'' || c == '"') {
			i = copy_string(file, s, i, line, out);
			lastc = c;
			continue;
		}
		/* The last declaration of a block needs no ';'. */
		if (c == ';') {
			size_t j = i + 1;
			while (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' ||
			    s[j] == '\n')
				j++;
			if (s[j] == '}') {
				i++;
				lastc = ';';
				continue;
			}
		}
		fputc(c, out);
		lastc = c;
		i++;
	}
	fputc('\n', out);
}

int main(int argc, char **argv)
{
	size_t len;
	char *s;

	if (argc != 3 || (strcmp(argv[1], "--js") != 0 &&
	    strcmp(argv[1], "--css") != 0)) {
		fprintf(stderr, "usage: %s --js FILE | --css FILE\n", prog);
		return 2;
	}
	s = slurp(argv[2], &len);
	if (strlen(s) != len)
		die(argv[2], 1, "the file holds a NUL byte");
	if (argv[1][2] == 'j')
		minify_js(argv[2], s, stdout);
	else
		minify_css(argv[2], s, stdout);
	free(s);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("minify: standard output");
		return 1;
	}
	return 0;
}
