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

int cli_parse(const char *cmd, int argc, char **argv, opt *opts, char **pos,
    int maxpos)
{
	int npos = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		opt *so = a[0] == '-' && a[1] != '\0' && a[1] != '-' ?
		    opt_find(opts, a + 1, 1) : NULL;
		if (so != NULL && so->takes_value) {
			/* A one-letter option: -j 2 or -j2. */
			if (a[2] != '\0') {
				so->value = a + 2;
			} else if (i + 1 < argc) {
				so->value = argv[++i];
			} else {
				fprintf(stderr, "saboteur %s: option -%s needs a "
				    "value\n", cmd, so->name);
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
			fprintf(stderr, "saboteur %s: unknown option \"%.*s\" "
			    "(saboteur help %s lists them)\n", cmd,
			    (int)(len + 2), a, cmd);
			return -1;
		}
		if (!o->takes_value) {
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
			fprintf(stderr, "saboteur %s: option --%s needs a "
			    "value\n", cmd, o->name);
			return -1;
		}
	}
	return npos;
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
