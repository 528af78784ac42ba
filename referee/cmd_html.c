/* cmd_html.c: "saboteur html": a replay as one self-contained HTML page
 * that a browser opens from a file, with no network. */
#define _XOPEN_SOURCE 700       /* realpath() */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "html.h"
#include "page.h"
#include "viewer.h"

enum { O_AS, O_O, O_OUTPUT, O_RULESET, O_NOPTS };

static const opt html_opts[O_NOPTS + 1] = {
	[O_AS] = { .name = "as", .arg = "SEAT|public|all", .help = "write "
	    "only what that seat, or a spectator, may know (default all: "
	    "every perspective)" },
	[O_O] = { .name = "o", .arg = "FILE" },
	[O_OUTPUT] = { .name = "output", .arg = "FILE", .help = "write the "
	    "page here (default: the replay's name ending in .html)" },
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_REPLAY_RULESET_HELP },
	[O_NOPTS] = { .name = NULL }
};

static int cmd_html(int argc, char **argv);

const cli_command cli_html = { "html", cmd_html,
	"write a replay as a web page to step through in a browser", "REPLAY",
	"The page holds its script, style and the game: it opens from a file\n"
	"with no network.  Its link's fragment holds the position and the\n"
	"perspective: game.html#d=57&as=2.\n",
	html_opts };

int html_parse_as(const char *cmd, const char *s, int *persp)
{
	char *end;
	long seat;

	*persp = PAGE_EVERY;
	if (s == NULL || strcmp(s, "all") == 0)
		return 0;
	if (strcmp(s, "public") == 0) {
		*persp = VIEW_PUBLIC;
		return 0;
	}
	errno = 0;
	seat = strtol(s, &end, 10);
	if (s[0] >= '0' && s[0] <= '9' && *end == '\0' && errno == 0 &&
	    seat < SAB_MAX_PLAYERS) {
		*persp = (int)seat;
		return 0;
	}
	fprintf(stderr, "saboteur %s: --as wants a seat (0 to %d), public or "
	    "all, not \"%s\"\n", cmd, SAB_MAX_PLAYERS - 1, s);
	return -1;
}

void html_default_path(const char *replay, char *out, size_t len)
{
	static const char *const ends[] = { ".sabr.gz", ".gz", ".sabr",
	    NULL };
	size_t n = strlen(replay);

	for (int i = 0; ends[i]; i++) {
		size_t e = strlen(ends[i]);
		if (n > e && strcmp(replay + n - e, ends[i]) == 0) {
			n -= e;
			break;
		}
	}
	if (snprintf(out, len, "%.*s.html", (int)n, replay) >= (int)len)
		out[0] = '\0';
}

int html_write_file(const char *cmd, const char *path, const render_buf *b)
{
	char tmp[4200];
	FILE *f;
	int e;

	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
		fprintf(stderr, "saboteur %s: %s: name too long\n", cmd, path);
		return EXIT_USAGE;
	}
	/* Written aside and renamed, so that a browser never opens half;
	 * a failure names the file asked for, not the one aside. */
	if ((f = fopen(tmp, "w")) == NULL) {
		e = errno;
		goto fail;
	}
	if (fwrite(b->s, 1, b->len, f) != b->len) {
		e = errno;
		(void)fclose(f);
		(void)remove(tmp);
		goto fail;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		e = errno;
		(void)remove(tmp);
		goto fail;
	}
	return EXIT_OK;
fail:
	fprintf(stderr, "saboteur %s: cannot write %s: %s (give -o a place "
	    "you may write in)\n", cmd, path, strerror(e));
	return EXIT_USAGE;
}

int html_relative(const char *dir, const char *file, char *out, size_t len)
{
	char a[PATH_MAX], f[PATH_MAX];
	size_t i = 0, last = 0, n = 0;

	if (realpath(dir, a) == NULL || realpath(file, f) == NULL)
		return -1;
	while (a[i] && a[i] == f[i]) {
		if (a[i] == '/')
			last = i;
		i++;
	}
	if (a[i] == '\0' && f[i] == '/')
		last = i;
	/* One "../" for each folder of dir below the part they share. */
	for (const char *p = a + last; *p; p++) {
		if (*p != '/')
			continue;
		if (n + 3 >= len)
			return -1;
		memcpy(out + n, "../", 3);
		n += 3;
	}
	if (snprintf(out + n, len - n, "%s", f + last + 1) >= (int)(len - n))
		return -1;
	return 0;
}

/* The replay as the page at out links it: the path from out's folder. */
static const char *replay_link(const char *out, const char *replay,
    char *buf, size_t len)
{
	char dir[PATH_MAX];
	const char *s = strrchr(out, '/');

	if (s == NULL)
		snprintf(dir, sizeof dir, ".");
	else if (snprintf(dir, sizeof dir, "%.*s", (int)(s - out + (s == out)),
	    out) >= (int)sizeof dir)
		return NULL;
	return html_relative(dir, replay, buf, len) == 0 ? buf : NULL;
}

int html_game_page(const char *cmd, const char *replay, const char *ruleset,
    int persp, const char *out, const char *link, const char *back)
{
	char err[1200];
	int rc;
	viewer_replay *L = viewer_replay_read(replay, ruleset, err,
	    sizeof err, &rc);
	render_buf b = { NULL, 0, 0, 0 };
	page_opts o = { persp, link, back };

	if (L == NULL) {
		fprintf(stderr, "saboteur %s: %s\n", cmd, err);
		return rc;
	}
	if (persp != PAGE_EVERY && !view_persp_valid(&L->v, persp)) {
		fprintf(stderr, "saboteur %s: --as %d: %s has seats 0 to %d\n",
		    cmd, persp, replay, L->f->nseats - 1);
		viewer_replay_free(L);
		return EXIT_USAGE;
	}
	if (page_build(&b, &L->v, &o) != 0) {
		fprintf(stderr, "saboteur %s: out of memory\n", cmd);
		rc = EXIT_INTERNAL;
	} else {
		rc = html_write_file(cmd, out, &b);
	}
	/* A replay cut short still gets its page (it says where it stops);
	 * the exit code says so, as saboteur view's does. */
	if (rc == EXIT_OK && !L->v.ok) {
		fprintf(stderr, "saboteur %s: %s: %s\n", cmd, replay,
		    L->v.problem);
		rc = EXIT_FAILED;
	}
	render_buf_free(&b);
	viewer_replay_free(L);
	return rc;
}

static int cmd_html(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[2], out[4096], link[PATH_MAX];
	const char *path;
	int n, persp;

	CLI_OPTS_COPY(o, html_opts);
	n = cli_parse("html", argc, argv, o, pos, 2);
	if (n < 0)
		return EXIT_USAGE;
	if (n != 1) {
		fprintf(stderr, "saboteur html: give one replay file\n");
		return EXIT_USAGE;
	}
	if (html_parse_as("html", o[O_AS].value, &persp) != 0)
		return EXIT_USAGE;
	path = o[O_O].value ? o[O_O].value : o[O_OUTPUT].value;
	if (path == NULL) {
		html_default_path(pos[0], out, sizeof out);
		if (out[0] == '\0') {
			fprintf(stderr, "saboteur html: %s: name too long\n",
			    pos[0]);
			return EXIT_USAGE;
		}
		path = out;
	}
	return html_game_page("html", pos[0], o[O_RULESET].value, persp, path,
	    replay_link(path, pos[0], link, sizeof link), NULL);
}
