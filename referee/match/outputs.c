/* outputs.c: the files "saboteur play" writes, named and checked before any
 * bot starts, so that a mistake costs no game and no earlier result. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "outputs.h"
#include "say.h"

/* The length of the conversion at s (just after a '%'): flags, width,
 * precision and 'd' or 'i'; 0 when it is not one of the game number. */
static size_t conversion_len(const char *s)
{
	size_t k = strspn(s, "-+ #0");

	k += strspn(s + k, "0123456789");
	if (s[k] == '.') {
		k++;
		k += strspn(s + k, "0123456789");
	}
	return s[k] == 'd' || s[k] == 'i' ? k + 1 : 0;
}

int outputs_replay_check(const char *pattern, char *err, size_t errlen)
{
	int n = 0;

	for (const char *p = strchr(pattern, '%'); p != NULL;
	    p = strchr(p, '%')) {
		size_t k;
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		if ((k = conversion_len(p + 1)) == 0) {
			/* '%', its flags and width, the letter. */
			size_t bad = strspn(p + 1, "-+ #0123456789.") + 1;
			bad += p[bad] != '\0';
			snprintf(err, errlen, "--replay \"%s\": \"%.*s\" is not "
			    "the game number: write %%d (or %%05d, %%3d...) for "
			    "it and %%%% for a percent sign", pattern,
			    (int)(bad > 16 ? 16 : bad), p);
			return -1;
		}
		n++;
		p += 1 + k;
	}
	return n;
}

int outputs_replay_path(const char *pattern, int g, char *out, size_t len)
{
	sab_strbuf b;
	const char *p = pattern;

	sab_strbuf_init(&b, out, len);
	for (;;) {
		const char *pc = strchr(p, '%');
		if (pc == NULL)
			return sab_strbuf_put(&b, p, strlen(p));
		if (sab_strbuf_put(&b, p, (size_t)(pc - p)) != 0)
			return -1;
		if (pc[1] == '%') {
			if (sab_strbuf_put(&b, "%", 1) != 0)
				return -1;
			p = pc + 2;
			continue;
		}
		size_t k = conversion_len(pc + 1);
		char fmt[64], num[512];
		if (k == 0 || k + 2 > sizeof fmt)
			return -1;
		/* The conversion as written, which conversion_len() has
		 * checked is one of an int. */
		memcpy(fmt, pc, k + 1);
		fmt[k + 1] = '\0';
		int w = snprintf(num, sizeof num, fmt, g);
		if (w < 0 || (size_t)w >= sizeof num ||
		    sab_strbuf_put(&b, num, (size_t)w) != 0)
			return -1;
		p = pc + 1 + k;
	}
}

int outputs_folder(const char *path, char *err, size_t errlen)
{
	char buf[4096];
	struct stat st;
	size_t n = strlen(path);

	if (n == 0 || n >= sizeof buf) {
		snprintf(err, errlen, "%s: not a usable folder name", path);
		return -1;
	}
	memcpy(buf, path, n + 1);
	/* Each parent, then the folder: mkdir -p, 0700 for what it makes. */
	for (char *s = buf + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (cli_private_dir(buf) != 0 && errno != ENOTDIR) {
			snprintf(err, errlen, "cannot create the folder %s: %s",
			    buf, strerror(errno));
			return -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot create the folder %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s is a file, not a folder", path);
		return -1;
	}
	if (access(path, W_OK | X_OK) != 0) {
		snprintf(err, errlen, "cannot write in the folder %s: %s", path,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* The folder part of path into dir: "." when it has none. */
static int folder_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	int w;

	if (slash == NULL)
		w = snprintf(dir, len, ".");
	else if (slash == path)
		w = snprintf(dir, len, "/");
	else
		w = snprintf(dir, len, "%.*s", (int)(slash - path), path);
	return w < 0 || (size_t)w >= len ? -1 : 0;
}

/* Checks game g's replay: its folder made, no file of an earlier run
 * there unless force.  last holds the folder checked before, to check
 * each folder once. */
static int replay_ready(const char *replay, int g, int force, char *last,
    size_t lastlen, char *err, size_t errlen)
{
	char path[4096], dir[4096], why[4096 + 64];
	struct stat st;

	if (outputs_replay_path(replay, g, path, sizeof path) != 0 ||
	    folder_of(path, dir, sizeof dir) != 0) {
		snprintf(err, errlen, "--replay \"%s\": too long a file name",
		    replay);
		return -1;
	}
	if (strcmp(dir, last) != 0) {
		if (outputs_folder(dir, why, sizeof why) != 0) {
			snprintf(err, errlen, "--replay: %s: give --replay a "
			    "folder you may write in", why);
			return -1;
		}
		snprintf(last, lastlen, "%s", dir);
	}
	if (lstat(path, &st) != 0)
		return 0;
	if (S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--replay: %s is a folder: give --replay "
		    "a file name%s", path, g > 1 || strchr(replay, '%') ?
		    " (%d in it is the game number)" : "");
		return -1;
	}
	if (!force) {
		snprintf(err, errlen, "--replay: %s holds an earlier game; give "
		    "--replay another name, remove the file, or add --force to "
		    "replace it", path);
		return -1;
	}
	return 0;
}

int outputs_prepare(const char *log_dir, const char *replay, int games,
    int force, char *err, size_t errlen)
{
	char why[4096 + 64], last[4096] = "";

	if (outputs_folder(log_dir, why, sizeof why) != 0) {
		snprintf(err, errlen, "--log-dir: %s: give --log-dir a folder "
		    "you may write in", why);
		return -1;
	}
	for (int g = 1; replay != NULL && g <= games; g++)
		if (replay_ready(replay, g, force, last, sizeof last, err,
		    errlen) != 0)
			return -1;
	return 0;
}

int outputs_last_line(const char *path, char *out, size_t len)
{
	char buf[4096];
	FILE *f = fopen(path, "r");
	long size;
	size_t k, end;

	if (len > 0)
		out[0] = '\0';
	if (f == NULL)
		return -1;
	/* The last 4 KiB hold the last line of any log worth quoting. */
	if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
	    fseek(f, size > (long)sizeof buf - 1 ? size - (long)sizeof buf + 1 :
	    0, SEEK_SET) != 0) {
		(void)fclose(f);
		return -1;
	}
	k = fread(buf, 1, sizeof buf - 1, f);
	(void)fclose(f);
	while (k > 0 && (buf[k - 1] == '\n' || buf[k - 1] == '\r' ||
	    buf[k - 1] == ' '))
		k--;
	end = k;
	while (k > 0 && buf[k - 1] != '\n')
		k--;
	if (end == k || len == 0)
		return -1;
	(void)snprintf(out, len, "%.*s", (int)(end - k), buf + k);
	return 0;
}
