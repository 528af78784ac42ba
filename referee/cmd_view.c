/* cmd_view.c: "saboteur view": a replay viewer, interactive on a terminal
 * (viewer/viewer.c), otherwise one position printed as plain text. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"
#include "view.h"
#include "viewer.h"

/* The command line: what the viewer shows, and --at. */
typedef struct view_args {
	viewer_opts o;
	long long at;           /* --at, or -1: the last position */
} view_args;

/* ---- the command line ------------------------------------------------- */

static int parse_as(const char *s, int *persp)
{
	char *end;
	long seat;

	*persp = VIEW_PUBLIC;
	if (s == NULL || strcmp(s, "public") == 0)
		return 0;
	if (strcmp(s, "all") == 0 || strcmp(s, "full") == 0) {
		*persp = VIEW_FULL;
		return 0;
	}
	errno = 0;
	seat = strtol(s, &end, 10);
	if (s[0] >= '0' && s[0] <= '9' && *end == '\0' && errno == 0 &&
	    seat < SAB_MAX_PLAYERS) {
		*persp = (int)seat;
		return 0;
	}
	fprintf(stderr, "saboteur view: --as wants a seat (0 to %d), public "
	    "or all, not \"%s\"\n", SAB_MAX_PLAYERS - 1, s);
	return -1;
}

enum { O_AT, O_AS, O_ASCII, O_FOLLOW, O_RULESET, O_NOPTS };

static const opt view_opts[O_NOPTS + 1] = {
	[O_AT] = { .name = "at", .arg = "TURN", .help = "print the position "
	    "at the end of decision TURN and exit" },
	[O_AS] = { .name = "as", .arg = "SEAT|public|all", .help = "whose "
	    "view: a seat's, a spectator's (default) or every card" },
	[O_ASCII] = { .name = "ascii", .help = "plain ASCII, no colours "
	    "(also when NO_COLOR is set)" },
	[O_FOLLOW] = { .name = "follow", .help = "follow a game still being "
	    "played (reads FILE.part)" },
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_REPLAY_RULESET_HELP },
	[O_NOPTS] = { .name = NULL }
};

static int cmd_view(int argc, char **argv);

const cli_command cli_view = { "view", cmd_view,
	"watch a replay from any seat, or print one position", "REPLAY",
	"On a terminal without --at it is interactive; ? shows the keys.\n",
	view_opts };

static int parse_args(int argc, char **argv, view_args *a)
{
	opt o[O_NOPTS + 1];
	char *pos[2];
	int n;
	const char *nc = getenv("NO_COLOR");

	CLI_OPTS_COPY(o, view_opts);
	n = cli_parse("view", argc, argv, o, pos, 2);
	if (n < 0)
		return -1;
	if (n != 1) {
		fprintf(stderr, "saboteur view: give one replay file\n");
		return -1;
	}
	memset(a, 0, sizeof *a);
	a->o.path = pos[0];
	a->o.ruleset = o[O_RULESET].value;
	a->o.ascii = o[O_ASCII].value != NULL || (nc != NULL && nc[0] != '\0');
	a->o.follow = o[O_FOLLOW].value != NULL;
	a->at = -1;
	if (parse_as(o[O_AS].value, &a->o.persp) != 0)
		return -1;
	if (o[O_AT].value != NULL && cli_number("view", "at", o[O_AT].value,
	    0, 1000000, &a->at) != 0)
		return -1;
	return 0;
}

/* The checks that need the game: the seat exists, the decision too. */
static int check_position(const viewer_replay *L, const char *path,
    const view_args *a)
{
	if (!view_persp_valid(&L->v, a->o.persp)) {
		fprintf(stderr, "saboteur view: --as %d: %s has seats 0 to %d\n",
		    a->o.persp, path, L->f->nseats - 1);
		return -1;
	}
	if (a->at > L->v.decisions) {
		fprintf(stderr, "saboteur view: --at %lld: %s has decisions 0 "
		    "to %d%s\n", a->at, path, L->v.decisions, L->v.ok ? "" :
		    " that could be read");
		return -1;
	}
	return 0;
}

static int start_step(const viewer_replay *L, const view_args *a)
{
	if (a->at >= 0)
		return view_decision_step(&L->v, (int)a->at);
	return L->v.nsteps - 1;
}

/* ---- plain text ------------------------------------------------------- */

static int plain_write(const viewer_replay *L, const char *path,
    const view_args *a)
{
	render_style st = { a->o.ascii, 0, 0 };
	render_buf b = { NULL, 0, 0, 0 };
	view_table *t = malloc(sizeof *t);
	int rc = EXIT_OK;

	if (t == NULL) {
		fprintf(stderr, "saboteur view: out of memory\n");
		return EXIT_INTERNAL;
	}
	view_table_at(&L->v, start_step(L, a), a->o.persp, t);
	if (render_position(&b, &L->v, t, &st) != 0) {
		fprintf(stderr, "saboteur view: out of memory\n");
		rc = EXIT_INTERNAL;
	} else if (fwrite(b.s, 1, b.len, stdout) != b.len ||
	    fflush(stdout) != 0) {
		perror("saboteur view: stdout");
		rc = EXIT_INTERNAL;
	} else if (!L->v.ok) {
		fprintf(stderr, "saboteur view: %s: %s\n", path, L->v.problem);
		rc = EXIT_FAILED;
	}
	render_buf_free(&b);
	free(t);
	return rc;
}

static int plain_print(const view_args *a)
{
	char part[PATH_MAX], err[1200];
	const char *path = a->o.follow ? viewer_follow_path(a->o.path, part,
	    sizeof part) : a->o.path;
	int rc;
	viewer_replay *L = viewer_replay_read(path, a->o.ruleset, err,
	    sizeof err, &rc);

	if (L == NULL) {
		fprintf(stderr, "saboteur view: %s\n", err);
		return rc;
	}
	rc = check_position(L, path, a) != 0 ? EXIT_USAGE :
	    plain_write(L, path, a);
	viewer_replay_free(L);
	return rc;
}

/* ---- the interactive viewer ------------------------------------------- */

/* Reads the file before the viewer takes the terminal, so that an error
 * is plain text; with --follow the viewer reads it, when it appears. */
static int interactive(const view_args *a)
{
	char err[1200];
	viewer_replay *L = NULL;
	int rc;

	if (!a->o.follow) {
		L = viewer_replay_read(a->o.path, a->o.ruleset, err, sizeof err,
		    &rc);
		if (L == NULL) {
			fprintf(stderr, "saboteur view: %s\n", err);
			return rc;
		}
		if (check_position(L, a->o.path, a) != 0) {
			viewer_replay_free(L);
			return EXIT_USAGE;
		}
	}
	rc = viewer_run(&a->o, L);
	/* A terminal ncurses cannot drive gets the plain print. */
	return rc < 0 ? plain_print(a) : rc;
}

static int cmd_view(int argc, char **argv)
{
	view_args a;

	if (parse_args(argc, argv, &a) != 0)
		return EXIT_USAGE;
	if (a.at < 0 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return interactive(&a);
	return plain_print(&a);
}
