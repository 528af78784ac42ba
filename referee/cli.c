/* cli.c: option parsing and ruleset loading shared by the commands. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static opt *opt_find(opt *opts, const char *name, size_t len)
{
	for (opt *o = opts; o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
			return o;
	return NULL;
}

/* The edit distance of a[0..n) and b, capped: enough to tell a typing
 * slip (--rulset) from another word. */
static size_t distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b), row[64];

	if (n >= 63 || m >= 63)
		return 99;
	for (size_t j = 0; j <= m; j++)
		row[j] = j;
	for (size_t i = 1; i <= n; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[m];
}

/* Says an option is unknown, with the one meant when it is a slip. */
static void unknown(const char *cmd, const opt *opts, const char *shown,
    const char *name, size_t len)
{
	const opt *near = NULL;
	size_t best = len > 4 ? 2 : 1;

	for (const opt *o = opts; o->name; o++) {
		size_t d = o->name[1] != '\0' ? distance(name, len, o->name) : 99;
		if (d <= best && (near == NULL || d < best)) {
			near = o;
			best = d;
		}
	}
	if (near != NULL)
		fprintf(stderr, "saboteur %s: unknown option \"%s\"; did you mean "
		    "--%s?\n", cmd, shown, near->name);
	else
		fprintf(stderr, "saboteur %s: unknown option \"%s\" (saboteur "
		    "help %s lists them)\n", cmd, shown, cmd);
}

/* Says an option lacks its value, showing the value it wants. */
static void needs_value(const char *cmd, const opt *o)
{
	const char *dash = o->name[1] ? "--" : "-";

	fprintf(stderr, "saboteur %s: option %s%s needs a value: %s%s %s\n",
	    cmd, dash, o->name, dash, o->name, o->arg);
}

int cli_parse(const char *cmd, int argc, char **argv, opt *opts, char **pos,
    int maxpos)
{
	int npos = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		opt *so = a[0] == '-' && a[1] != '\0' && a[1] != '-' ?
		    opt_find(opts, a + 1, 1) : NULL;
		if (so != NULL && so->arg != NULL) {
			/* A one-letter option: -j 2 or -j2. */
			if (a[2] != '\0') {
				so->value = a + 2;
			} else if (i + 1 < argc) {
				so->value = argv[++i];
			} else {
				needs_value(cmd, so);
				return -1;
			}
			continue;
		}
		if (a[0] == '-' && a[1] != '\0' && a[1] != '-') {
			fprintf(stderr, "saboteur %s: unknown option \"%s\" "
			    "(saboteur help %s lists them)\n", cmd, a, cmd);
			return -1;
		}
		if (strncmp(a, "--", 2) != 0 || a[2] == '\0') {
			if (npos >= maxpos) {
				fprintf(stderr, "saboteur %s: unexpected "
				    "argument \"%s\"\n", cmd, a);
				return -1;
			}
			pos[npos++] = argv[i];
			continue;
		}
		const char *eq = strchr(a + 2, '=');
		size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
		opt *o = opt_find(opts, a + 2, len);
		if (o == NULL) {
			char shown[128];
			/* Shown cut short when it is long: nothing is lost. */
			(void)snprintf(shown, sizeof shown, "%.*s",
			    (int)(len + 2), a);
			unknown(cmd, opts, shown, a + 2, len);
			return -1;
		}
		if (o->arg == NULL) {
			if (eq) {
				fprintf(stderr, "saboteur %s: option --%s takes "
				    "no value\n", cmd, o->name);
				return -1;
			}
			o->value = "1";
		} else if (eq) {
			o->value = eq + 1;
		} else if (i + 1 < argc) {
			o->value = argv[++i];
		} else {
			needs_value(cmd, o);
			return -1;
		}
	}
	return npos;
}

/* Help output is folded at this column. */
enum { HELP_WIDTH = 79, HELP_COLUMN = 24 };

/* "[--name ARG]", "--name ARG" when required, "[-j N]" for a short one. */
static int help_synopsis_word(char *buf, size_t len, const opt *o)
{
	int n = snprintf(buf, len, "%s%s%s%s%s%s", o->required ? "" : "[",
	    o->name[1] ? "--" : "-", o->name, o->arg ? " " : "",
	    o->arg ? o->arg : "", o->required ? "" : "]");

	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* The usage line: every option, the long form of one with a one-letter
 * short form only as that; folded under the command's name. */
static void help_usage(FILE *f, const cli_command *c)
{
	char word[128];
	int col = fprintf(f, "usage: saboteur %s", c->name);

	for (const opt *o = c->opts; o->name; o++) {
		if (o > c->opts && o[-1].help == NULL)
			continue;       /* the long form of a short option */
		int n = help_synopsis_word(word, sizeof word, o);
		if (n < 0)
			continue;
		if (col + 1 + n > HELP_WIDTH)
			col = fprintf(f, "\n        ") - 1;
		col += fprintf(f, " %s", word);
	}
	if (c->operands[0] != '\0') {
		if (col + 1 + (int)strlen(c->operands) > HELP_WIDTH)
			fprintf(f, "\n        ");
		fprintf(f, " %s", c->operands);
	}
	fprintf(f, "\n");
}

/* "--name ARG", or "-j, --jobs N" for a long option after its short form. */
static int help_label(char *buf, size_t len, const opt *o, const opt *first)
{
	const opt *s = o > first && o[-1].help == NULL ? &o[-1] : NULL;
	int n = snprintf(buf, len, "%s%s%s--%s%s%s", s ? "-" : "",
	    s ? s->name : "", s ? ", " : "", o->name, o->arg ? " " : "",
	    o->arg ? o->arg : "");

	return n < 0 || (size_t)n >= len ? -1 : n;
}

/* Prints text from column HELP_COLUMN (the cursor is there), folded at
 * spaces so that no line passes HELP_WIDTH. */
static void help_fold(FILE *f, const char *text)
{
	int col = HELP_COLUMN;

	while (*text != '\0') {
		size_t w = strcspn(text, " ");
		if (col > HELP_COLUMN && col + 1 + (int)w > HELP_WIDTH)
			col = fprintf(f, "\n%*s", HELP_COLUMN, "") - 1;
		else if (col > HELP_COLUMN)
			col += fprintf(f, " ");
		col += fprintf(f, "%.*s", (int)w, text);
		text += w;
		text += strspn(text, " ");
	}
	fprintf(f, "\n");
}

void cli_help(FILE *f, const cli_command *c)
{
	char label[128];

	help_usage(f, c);
	fprintf(f, "%s\n", c->summary);
	if (c->opts[0].name != NULL)
		fprintf(f, "\noptions:\n");
	for (const opt *o = c->opts; o->name; o++) {
		if (o->help == NULL)
			continue;       /* shown with the next entry */
		int n = help_label(label, sizeof label, o, c->opts);
		if (n < 0)
			continue;
		if (2 + n + 2 > HELP_COLUMN)
			fprintf(f, "  %s\n%*s", label, HELP_COLUMN, "");
		else
			fprintf(f, "  %-*s", HELP_COLUMN - 2, label);
		help_fold(f, o->help);
	}
	if (c->details != NULL)
		fprintf(f, "\n%s", c->details);
}

int cli_number(const char *cmd, const char *name, const char *s, long long lo,
    long long hi, long long *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno || v < lo || v > hi) {
		fprintf(stderr, "saboteur %s: %s%s wants a whole number from "
		    "%lld to %lld, not \"%s\"\n", cmd, name[1] ? "--" : "-", name,
		    lo, hi, s);
		return -1;
	}
	*out = v;
	return 0;
}

int cli_u64(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		unsigned d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int cli_seed(const char *cmd, const char *name, const char *s, uint64_t *out)
{
	if (cli_u64(s, strlen(s), out) == 0)
		return 0;
	fprintf(stderr, "saboteur %s: --%s wants a whole number from 0 to %"
	    PRIu64 ", not \"%s\"\n", cmd, name, UINT64_MAX, s);
	return -1;
}

uint64_t cli_random_seed(void)
{
	uint64_t v;
	int fd;

	if (getrandom(&v, sizeof v, 0) == (ssize_t)sizeof v)
		return v;
	/* An old kernel without getrandom(2). */
	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0) {
		ssize_t got = read(fd, &v, sizeof v);
		(void)close(fd);
		if (got == (ssize_t)sizeof v)
			return v;
	}
	struct timespec ts;
	(void)clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec ^
	    (uint64_t)getpid() << 32;
}

char *cli_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (f == NULL)
		return NULL;
	for (;;) {
		if (n == cap) {
			char *nb;
			cap = cap ? cap * 2 : 8192;
			if (cap > (16u << 20) || (nb = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(f);
				errno = EFBIG;
				return NULL;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		free(buf);
		fclose(f);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Loads a ruleset file; its text goes to *keep (the caller frees it) when
 * keep is not NULL. */
static int load_file(const char *path, sab_ruleset *rs, char **keep,
    size_t *keeplen, char *err, size_t errlen)
{
	size_t len;
	char *text = cli_read_file(path, &len);
	int r;

	if (text == NULL) {
		snprintf(err, errlen, "%s: cannot read: %s", path,
		    strerror(errno));
		return -1;
	}
	r = sab_ruleset_parse(rs, text, len, path, err, errlen);
	if (r == 0 && keep != NULL) {
		*keep = text;
		*keeplen = len;
	} else {
		free(text);
	}
	return r;
}

static int is_path(const char *arg)
{
	size_t n = strlen(arg);

	return strchr(arg, '/') != NULL ||
	    (n > 5 && strcmp(arg + n - 5, ".yaml") == 0);
}

int cli_load_ruleset_text(const char *arg, sab_ruleset *rs, char **text,
    size_t *len, char *err, size_t errlen)
{
	char path[4096];
	const char *dirs[2] = { getenv("SABOTEUR_RULES"), SAB_DATADIR "/rules" };

	if (text != NULL) {
		*text = NULL;
		*len = 0;
	}
	if (is_path(arg))
		return load_file(arg, rs, text, len, err, errlen);
	if (sab_ruleset_builtin(arg, &(size_t){ 0 }) != NULL)
		return sab_ruleset_load_builtin(rs, arg, err, errlen);
	for (int i = 0; i < 2; i++) {
		FILE *f;
		if (dirs[i] == NULL || *dirs[i] == '\0')
			continue;
		int w = snprintf(path, sizeof path, "%s/%s.yaml", dirs[i], arg);
		if (w < 0 || (size_t)w >= sizeof path || (f = fopen(path, "r")) == NULL)
			continue;
		fclose(f);
		return load_file(path, rs, text, len, err, errlen);
	}
	/* The built-in loader words the "unknown ruleset" message. */
	return sab_ruleset_load_builtin(rs, arg, err, errlen);
}

int cli_load_ruleset(const char *arg, sab_ruleset *rs, char *err,
    size_t errlen)
{
	return cli_load_ruleset_text(arg, rs, NULL, NULL, err, errlen);
}

int cli_private_dir(const char *path)
{
	return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

int cli_private_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	/* O_CREAT leaves the mode of a file an earlier run left alone. */
	if (fd >= 0 && fchmod(fd, 0600) != 0) {
		int e = errno;
		(void)close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int cli_private_touch(const char *path)
{
	int fd = cli_private_file(path);

	if (fd < 0)
		return -1;
	return close(fd);
}

void cli_hide(const char *value)
{
	/* argv's strings are the program's to write: the const is only
	 * cli_parse()'s promise not to. */
	char *s = (char *)value;

	memset(s, 'x', strlen(s));
}

void cli_warn(void *arg, const char *msg)
{
	(void)arg;
	fprintf(stderr, "saboteur: warning: %s\n", msg);
}
