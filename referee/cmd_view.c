/* cmd_view.c: "saboteur view": a replay viewer, interactive on a terminal,
 * otherwise one position printed as plain text. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "proc.h"
#include "render.h"
#include "replay_open.h"
#include "term.h"
#include "view.h"

#define FOLLOW_MS 200

/* Autoplay: milliseconds between steps, slowest first. */
static const int play_ms[] = { 1000, 500, 250, 100, 40, 10 };
#define NSPEEDS ((int)(sizeof play_ms / sizeof play_ms[0]))
#define SPEED_START 2

/* The command line. */
typedef struct view_args {
	const char *path;
	const char *ruleset;    /* --ruleset, or NULL */
	int persp;              /* --as */
	long long at;           /* --at, or -1: the last position */
	int ascii;
	int follow;
} view_args;

/* A replay read, its ruleset and its steps, which point into both. */
typedef struct loaded {
	replay_file *f;
	sab_ruleset rs;
	view v;
} loaded;

/* ---- reading ---------------------------------------------------------- */

static void loaded_free(loaded *L)
{
	if (L == NULL)
		return;
	view_free(&L->v);
	replay_file_free(L->f);
	free(L);
}

/* Reads path and walks it.  Returns the replay, or NULL with the reason in
 * err and the exit code in *rc. */
static loaded *loaded_read(const char *path, const char *given, char *err,
    size_t errlen, int *rc)
{
	char why[1024];
	loaded *L = calloc(1, sizeof *L);

	*rc = EXIT_INTERNAL;
	if (L == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if ((L->f = replay_read(path, why, sizeof why)) == NULL) {
		snprintf(err, errlen, "%s", why);
		*rc = EXIT_FAILED;
	} else if (replay_open_ruleset(L->f, given, &L->rs, why,
	    sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", path, why);
		*rc = EXIT_CONFIG;
	} else if (view_load(&L->v, L->f, &L->rs, why, sizeof why) != 0) {
		snprintf(err, errlen, "%s: %s", path, why);
	} else {
		return L;
	}
	replay_file_free(L->f);
	free(L);
	return NULL;
}

/* With --follow the game may still be being written: REPLAY.part until
 * it ends. */
static const char *follow_path(const char *arg, char *buf, size_t len)
{
	struct stat st;
	int n;

	if (stat(arg, &st) == 0)
		return arg;
	n = snprintf(buf, len, "%s.part", arg);
	if (n < 0 || (size_t)n >= len || stat(buf, &st) != 0)
		return arg;
	return buf;
}

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
	[O_AT] = { "at", "TURN", "print the position at the end of decision "
	    "TURN and exit", 0, NULL },
	[O_AS] = { "as", "SEAT|public|all", "whose view: a seat's, a "
	    "spectator's (default) or every card", 0, NULL },
	[O_ASCII] = { "ascii", NULL, "plain ASCII, no colours (also when "
	    "NO_COLOR is set)", 0, NULL },
	[O_FOLLOW] = { "follow", NULL, "follow a game still being played "
	    "(reads FILE.part)", 0, NULL },
	[O_RULESET] = { "ruleset", "NAME|FILE", CLI_REPLAY_RULESET_HELP, 0,
	    NULL },
	[O_NOPTS] = { NULL, NULL, NULL, 0, NULL }
};

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
	a->path = pos[0];
	a->ruleset = o[O_RULESET].value;
	a->ascii = o[O_ASCII].value != NULL || (nc != NULL && nc[0] != '\0');
	a->follow = o[O_FOLLOW].value != NULL;
	a->at = -1;
	if (parse_as(o[O_AS].value, &a->persp) != 0)
		return -1;
	if (o[O_AT].value != NULL && cli_number("view", "at", o[O_AT].value,
	    0, 1000000, &a->at) != 0)
		return -1;
	return 0;
}

/* The checks that need the game: the seat exists, the decision too. */
static int check_position(const loaded *L, const char *path,
    const view_args *a)
{
	if (!view_persp_valid(&L->v, a->persp)) {
		fprintf(stderr, "saboteur view: --as %d: %s has seats 0 to %d\n",
		    a->persp, path, L->f->nseats - 1);
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

static int start_step(const loaded *L, const view_args *a)
{
	if (a->at >= 0)
		return view_decision_step(&L->v, (int)a->at);
	return L->v.nsteps - 1;
}

/* ---- plain text ------------------------------------------------------- */

static int plain_write(const loaded *L, const char *path, const view_args *a)
{
	render_style st = { a->ascii, 0, 0 };
	render_buf b = { NULL, 0, 0, 0 };
	view_table *t = malloc(sizeof *t);
	int rc = EXIT_OK;

	if (t == NULL) {
		fprintf(stderr, "saboteur view: out of memory\n");
		return EXIT_INTERNAL;
	}
	view_table_at(&L->v, start_step(L, a), a->persp, t);
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
	const char *path = a->follow ? follow_path(a->path, part, sizeof part) :
	    a->path;
	int rc;
	loaded *L = loaded_read(path, a->ruleset, err, sizeof err, &rc);

	if (L == NULL) {
		fprintf(stderr, "saboteur view: %s\n", err);
		return rc;
	}
	rc = check_position(L, path, a) != 0 ? EXIT_USAGE :
	    plain_write(L, path, a);
	loaded_free(L);
	return rc;
}

/* ---- the interactive viewer ------------------------------------------- */

typedef struct viewer {
	const view_args *a;
	loaded *L;              /* NULL until the file can be read */
	char path[PATH_MAX];    /* the file L was read from */
	struct stat seen;       /* that file when it was read */
	view_table *t;
	int pos, persp;
	int playing, speed;     /* autoplay and its index in play_ms */
	int help;               /* the list of keys is shown */
	int prompt;             /* a decision is being typed */
	char typed[16];
	char msg[256];          /* for the status line, until the next key */
	char err[1200];         /* why the file cannot be read (--follow) */
	int64_t next_play, next_poll;
	render_style st;
	int quit;
} viewer;

static int64_t now_ms(void)
{
	return proc_now() / 1000000;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_size == b->st_size &&
	    a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	    a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* Takes a newly read replay; stays at the end when it was there. */
static void viewer_take(viewer *w, loaded *L, const char *path,
    const struct stat *st)
{
	int at_end = w->L == NULL || w->pos >= w->L->v.nsteps - 1;

	loaded_free(w->L);
	w->L = L;
	snprintf(w->path, sizeof w->path, "%s", path);
	w->seen = *st;
	w->err[0] = '\0';
	if (at_end || w->pos >= L->v.nsteps)
		w->pos = L->v.nsteps - 1;
	if (!view_persp_valid(&L->v, w->persp)) {
		snprintf(w->msg, sizeof w->msg, "the game has seats 0 to %d: "
		    "showing the public view", L->f->nseats - 1);
		w->persp = VIEW_PUBLIC;
	}
}

/* --follow: reads the file again when it changed, or was renamed from
 * REPLAY.part to REPLAY at the game's end. */
static void viewer_poll(viewer *w)
{
	char part[PATH_MAX];
	const char *path = follow_path(w->a->path, part, sizeof part);
	struct stat st;
	loaded *L;
	int rc;

	if (stat(path, &st) != 0) {
		if (w->L == NULL)
			snprintf(w->err, sizeof w->err, "waiting for %s to "
			    "appear", w->a->path);
		return;
	}
	if (w->L != NULL && strcmp(path, w->path) == 0 &&
	    same_file(&st, &w->seen))
		return;
	if ((L = loaded_read(path, w->a->ruleset, w->err, sizeof w->err,
	    &rc)) != NULL)
		viewer_take(w, L, path, &st);
}

static int nsteps(const viewer *w)
{
	return w->L ? w->L->v.nsteps : 0;
}

/* Moves to step i, or says why not. */
static void go(viewer *w, int i, const char *none)
{
	if (i >= 0 && i < nsteps(w))
		w->pos = i;
	else
		snprintf(w->msg, sizeof w->msg, "%s", none);
}

static void go_find(viewer *w, int dir, int flags, const char *none)
{
	if (w->L != NULL)
		go(w, view_find(&w->L->v, w->pos, dir, flags, w->persp), none);
}

/* The typed text: a decision, or "rN" for round N. */
static void prompt_done(viewer *w)
{
	int round = w->typed[0] == 'r';
	long n = strtol(w->typed + round, NULL, 10);

	w->prompt = 0;
	if (w->L == NULL || w->typed[round] == '\0')
		return;
	if (n > INT_MAX)
		n = INT_MAX;
	if (round)
		go(w, view_round_step(&w->L->v, (int)n), "no such round");
	else
		go(w, view_decision_step(&w->L->v, (int)n), "no such decision");
}

static void prompt_key(viewer *w, int k)
{
	size_t n = strlen(w->typed);

	if (k == '\r' || k == '\n')
		prompt_done(w);
	else if (k == TERM_ESC || k == 'q')
		w->prompt = 0;
	else if ((k == 127 || k == 8) && n > 0)
		w->typed[n - 1] = '\0';
	else if (n + 1 < sizeof w->typed && ((k >= '0' && k <= '9') ||
	    (k == 'r' && n == 0))) {
		w->typed[n] = (char)k;
		w->typed[n + 1] = '\0';
	}
}

static void set_persp(viewer *w, int persp)
{
	if (w->L != NULL && !view_persp_valid(&w->L->v, persp))
		snprintf(w->msg, sizeof w->msg, "there is no seat %d", persp);
	else
		w->persp = persp;
}

static void key_view(viewer *w, int k)
{
	switch (k) {
	case ' ':
		w->playing = !w->playing;
		w->next_play = now_ms() + play_ms[w->speed];
		break;
	case '+':
	case '=':
		w->speed += w->speed + 1 < NSPEEDS;
		break;
	case '-':
		w->speed -= w->speed > 0;
		break;
	case 'a':
		set_persp(w, VIEW_FULL);
		break;
	case 'v':
		set_persp(w, VIEW_PUBLIC);
		break;
	case 'g':
		w->prompt = 1;
		w->typed[0] = '\0';
		break;
	case '?':
		w->help = 1;
		break;
	default:
		if (k >= '0' && k <= '9')
			set_persp(w, k - '0');
		break;
	}
}

static void key_move(viewer *w, int k)
{
	switch (k) {
	case TERM_RIGHT:
	case 'l':
		go_find(w, 1, 0, "the last step");
		break;
	case TERM_LEFT:
	case 'h':
		go_find(w, -1, 0, "the first step");
		break;
	case TERM_DOWN:
	case 'n':
		go_find(w, 1, VIEW_TURN_END, "the last decision");
		break;
	case TERM_UP:
	case 'p':
		go_find(w, -1, VIEW_TURN_END, "the first decision");
		break;
	case TERM_PGDN:
	case 'N':
		go_find(w, 1, VIEW_ROUND_START, "the last round");
		break;
	case TERM_PGUP:
	case 'P':
		go_find(w, -1, VIEW_ROUND_START, "the first round");
		break;
	case 'f':
		go_find(w, 1, VIEW_FAILURE, "no failure after this step");
		break;
	case 'F':
		go_find(w, -1, VIEW_FAILURE, "no failure before this step");
		break;
	case TERM_HOME:
		go(w, 0, "no steps");
		break;
	case TERM_END:
		go(w, nsteps(w) - 1, "no steps");
		break;
	default:
		key_view(w, k);
		break;
	}
}

static void viewer_key(viewer *w, int k)
{
	w->msg[0] = '\0';
	if (w->prompt) {
		prompt_key(w, k);
		return;
	}
	if (k == 'q' || k == 'Q') {
		w->quit = 1;
		return;
	}
	if (w->help) {
		w->help = 0;
		return;
	}
	key_move(w, k);
}

/* Autoplay and --follow, when their time comes. */
static void viewer_tick(viewer *w)
{
	int64_t now = now_ms();

	if (w->a->follow && now >= w->next_poll) {
		viewer_poll(w);
		w->next_poll = now + FOLLOW_MS;
	}
	if (w->playing && now >= w->next_play) {
		int i = w->L ? view_find(&w->L->v, w->pos, 1, 0, w->persp) : -1;
		if (i >= 0)
			w->pos = i;
		else if (!w->a->follow)
			w->playing = 0;
		w->next_play = now + play_ms[w->speed];
	}
}

static int viewer_wait(const viewer *w)
{
	int64_t now = now_ms(), until = INT64_MAX;

	if (w->a->follow)
		until = w->next_poll;
	if (w->playing && w->next_play < until)
		until = w->next_play;
	if (until == INT64_MAX)
		return -1;
	return until <= now ? 0 : (int)(until - now);
}

/* ---- drawing ---------------------------------------------------------- */

/* Appends one line cut to cols columns: escape sequences take none, a
 * UTF-8 character one. */
static void put_fitted(render_buf *out, const char *s, size_t len, int cols)
{
	int col = 0;

	for (size_t i = 0; i < len;) {
		size_t n = 1;
		if (s[i] == '\x1b') {
			while (i + n < len && (n == 1 || s[i + n - 1] == '[' ||
			    (s[i + n - 1] >= '0' && s[i + n - 1] <= ';')))
				n++;
			render_printf(out, "%.*s", (int)n, s + i);
		} else {
			while (i + n < len && ((unsigned char)s[i + n] & 0xC0) ==
			    0x80)
				n++;
			if (col++ < cols)
				render_printf(out, "%.*s", (int)n, s + i);
		}
		i += n;
	}
}

/* Appends the lines of text, at most rows of them, each cut to cols;
 * returns the number of lines written. */
static int put_lines(render_buf *out, const char *text, int rows, int cols)
{
	int n = 0;

	while (text != NULL && *text != '\0' && n < rows) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		put_fitted(out, text, len, cols);
		render_printf(out, "\x1b[K\r\n");
		n++;
		text = nl ? nl + 1 : NULL;
	}
	return n;
}

static int count_lines(const render_buf *b)
{
	int n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->s[i] == '\n';
	return n;
}

/* The position: header and step first, the players, then the board in
 * the rows left (compact when the full one does not fit).  Returns the
 * number of lines written. */
static int draw_position(viewer *w, render_buf *out, int rows, int cols)
{
	render_buf top = { NULL, 0, 0, 0 }, board = { NULL, 0, 0, 0 };
	render_buf players = { NULL, 0, 0, 0 };
	render_style st = w->st;
	const view *v = &w->L->v;
	int left, used;

	view_table_at(v, w->pos, w->persp, w->t);
	render_header(&top, v, w->t, &st);
	render_step(&top, v, w->t, &st);
	render_players(&players, v, w->t, &st);
	left = rows - count_lines(&top) - count_lines(&players) - 2;
	render_board(&board, v, w->t, &st);
	if (count_lines(&board) > left) {
		render_buf_free(&board);
		st.compact = 1;
		render_board(&board, v, w->t, &st);
	}
	used = put_lines(out, top.s, rows, cols);
	used += put_lines(out, "\n", rows - used, cols);
	used += put_lines(out, board.s, left > 0 ? left : 0, cols);
	used += put_lines(out, "\n", rows - used, cols);
	used += put_lines(out, players.s, rows - used, cols);
	render_buf_free(&top);
	render_buf_free(&board);
	render_buf_free(&players);
	return used;
}

static const char keys_text[] =
    "Keys\n"
    "\n"
    "  right, l      one step forward (an event, a reply, a move)\n"
    "  left, h       one step back\n"
    "  down, n       to the end of the next decision (turn)\n"
    "  up, p         to the end of the previous decision\n"
    "  N, P          the next, the previous round (also PgDn, PgUp)\n"
    "  g             go to a decision: type its number, or rN for\n"
    "                round N, then Enter (Esc cancels)\n"
    "  f, F          the next, the previous failure (timeout, crash,\n"
    "                refused reply)\n"
    "  Home, End     the first, the last step\n"
    "  space         autoplay on or off\n"
    "  +, -          autoplay faster, slower\n"
    "  0-9           that seat's view: what its bot knew\n"
    "  a             the full view, every hidden card\n"
    "  v             the public view, a spectator's\n"
    "  ?             this list (any key closes it)\n"
    "  q             quit\n";

static void status_text(const viewer *w, render_buf *s)
{
	const char *path = w->L ? w->path : w->a->path;
	size_t plen = strlen(path);
	int live = plen > 5 && strcmp(path + plen - 5, ".part") == 0;

	if (w->prompt)
		render_printf(s, "go to decision (rN: round N): %s_", w->typed);
	else if (w->msg[0] != '\0')
		render_text(s, w->msg, 250);
	else if (w->L == NULL)
		render_text(s, w->err[0] ? w->err : "reading", 300);
	else if (w->a->follow && live)
		render_printf(s, "live: %s, the game goes on", w->path);
	else if (!w->L->v.ok)
		render_text(s, w->L->v.problem, 400);
	else
		render_printf(s, "%s: complete, every record verified", w->path);
	if (w->playing)
		render_printf(s, " | autoplay %d/s", 1000 / play_ms[w->speed]);
}

static void draw_bottom(const viewer *w, render_buf *out, int cols)
{
	render_buf s = { NULL, 0, 0, 0 };
	const char *keys = w->st.ascii ?
	    "l/h step  n/p turn  N/P round  g go  f/F failure  space play  "
	    "+/- speed  0-9 seat  a all  v public  ? keys  q quit" :
	    "\u2190\u2192 step  \u2191\u2193 turn  N/P round  g go  f/F failure"
	    "  space play  +/- speed  0-9 seat  a all  v public  ? keys  "
	    "q quit";

	status_text(w, &s);
	render_printf(out, "%s", w->st.colour ? "\x1b[7m" : "");
	put_fitted(out, s.s ? s.s : "", s.len, cols);
	render_printf(out, "\x1b[K%s\r\n", w->st.colour ? "\x1b[0m" : "");
	render_buf_free(&s);
	put_fitted(out, keys, strlen(keys), cols);
	render_printf(out, "\x1b[K");
}

static int viewer_draw(viewer *w)
{
	render_buf out = { NULL, 0, 0, 0 };
	int rows, cols, used = 0, rc;

	term_size(&rows, &cols);
	render_printf(&out, "\x1b[H");
	if (w->help)
		used = put_lines(&out, keys_text, rows - 2, cols);
	else if (w->L != NULL)
		used = draw_position(w, &out, rows - 2, cols);
	render_printf(&out, "\x1b[J");
	while (used++ < rows - 2)
		render_printf(&out, "\r\n");
	draw_bottom(w, &out, cols);
	rc = out.failed ? -1 : term_write(out.s, out.len);
	render_buf_free(&out);
	return rc;
}

/* ---- the loop --------------------------------------------------------- */

static int viewer_loop(viewer *w)
{
	char err[256];
	int rc = EXIT_OK;

	if (term_open(err, sizeof err) != 0) {
		fprintf(stderr, "saboteur view: %s\n", err);
		return EXIT_INTERNAL;
	}
	while (!w->quit) {
		if (term_quit()) {
			rc = EXIT_INTERRUPTED;
			break;
		}
		(void)term_suspend();
		(void)term_resized();
		if (viewer_draw(w) != 0) {
			rc = EXIT_INTERNAL;
			break;
		}
		int k = term_key(viewer_wait(w));
		if (k == TERM_EOF)
			break;
		if (k != TERM_NONE)
			viewer_key(w, k);
		viewer_tick(w);
	}
	term_close();
	return rc;
}

/* Reads the file before taking the terminal, so that an error is plain
 * text; --follow waits for a file that is not there yet. */
static int viewer_start(viewer *w)
{
	char err[1200];
	struct stat st;
	loaded *L;
	int rc;

	if (w->a->follow) {
		viewer_poll(w);
		if (w->L != NULL && w->a->at >= 0)
			w->pos = start_step(w->L, w->a);
		return EXIT_OK;
	}
	if ((L = loaded_read(w->a->path, w->a->ruleset, err, sizeof err,
	    &rc)) == NULL) {
		fprintf(stderr, "saboteur view: %s\n", err);
		return rc;
	}
	if (check_position(L, w->a->path, w->a) != 0) {
		loaded_free(L);
		return EXIT_USAGE;
	}
	if (stat(w->a->path, &st) != 0)
		memset(&st, 0, sizeof st);
	viewer_take(w, L, w->a->path, &st);
	w->pos = start_step(L, w->a);
	return EXIT_OK;
}

static int interactive(const view_args *a)
{
	viewer *w = calloc(1, sizeof *w);
	int rc;

	if (w == NULL || (w->t = malloc(sizeof *w->t)) == NULL) {
		free(w);
		fprintf(stderr, "saboteur view: out of memory\n");
		return EXIT_INTERNAL;
	}
	w->a = a;
	w->persp = a->persp;
	w->speed = SPEED_START;
	w->st.ascii = a->ascii;
	w->st.colour = !a->ascii;
	w->next_poll = now_ms() + FOLLOW_MS;
	rc = viewer_start(w);
	if (rc == EXIT_OK)
		rc = viewer_loop(w);
	loaded_free(w->L);
	free(w->t);
	free(w);
	return rc;
}

int cmd_view(int argc, char **argv)
{
	view_args a;

	if (parse_args(argc, argv, &a) != 0)
		return EXIT_USAGE;
	if (a.at < 0 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return interactive(&a);
	return plain_print(&a);
}
