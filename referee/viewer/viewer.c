/* viewer.c: the replay viewer on a terminal: reading a replay into steps
 * (again as it grows, with --follow), the keys, and drawing each position
 * as the screen's size allows. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "proc.h"
#include "render.h"
#include "replay_open.h"
#include "term.h"
#include "viewer.h"

#define FOLLOW_MS 200

/* Autoplay: milliseconds between steps, slowest first. */
static const int play_ms[] = { 1000, 500, 250, 100, 40, 10 };
#define NSPEEDS ((int)(sizeof play_ms / sizeof play_ms[0]))
#define SPEED_START 2

/* ---- reading ---------------------------------------------------------- */

void viewer_replay_free(viewer_replay *L)
{
	if (L == NULL)
		return;
	view_free(&L->v);
	replay_file_free(L->f);
	free(L);
}

/*
 * The game's number as the viewer shows it.  A tournament names each
 * replay after the game's index in its schedule, from 0, as its journal
 * does ("game 17", replays/game-000017.sabr.gz), while the file holds the
 * number its bots were told, from 1 (18).  For such a file the name's
 * number is shown, so that journal, file name and viewer agree; any other
 * file shows its own number (play's, from 1, as its summary and --replay
 * FILE's %d give it).
 */
static int shown_number(const char *path, int game)
{
	const char *base = strrchr(path, '/');
	const char *digits;
	char *end;
	long n;

	base = base ? base + 1 : path;
	if (strncmp(base, "game-", 5) != 0)
		return game;
	digits = base + 5;
	if (*digits < '0' || *digits > '9')
		return game;
	errno = 0;
	n = strtol(digits, &end, 10);
	if (errno != 0 || end - digits < 6 || (strcmp(end, ".sabr.gz") != 0 &&
	    strcmp(end, ".sabr.gz.part") != 0))
		return game;
	return n + 1 == game ? (int)n : game;
}

viewer_replay *viewer_replay_read(const char *path, const char *given,
    char *err, size_t errlen, int *rc)
{
	char why[1024];
	viewer_replay *L = calloc(1, sizeof *L);

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
		L->v.number = shown_number(path, L->f->game);
		return L;
	}
	replay_file_free(L->f);
	free(L);
	return NULL;
}

const char *viewer_follow_path(const char *arg, char *buf, size_t len)
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

/* ---- the interactive viewer ------------------------------------------- */

/* How the players' table is shown. */
enum { TABLE_AUTO, TABLE_FULL, TABLE_COMPACT, TABLE_NONE, TABLE_MODES };
static const char *const table_name[TABLE_MODES] = { "as the screen allows",
	"in full", "compact", "hidden" };

/* The board rows a cut board keeps at least before the table gives way. */
#define BOARD_MIN_ROWS 8

typedef struct viewer {
	const viewer_opts *a;
	viewer_replay *L;              /* NULL until the file can be read */
	char path[PATH_MAX];    /* the file L was read from */
	struct stat seen;       /* that file when it was read */
	view_table *t;
	int pos, persp;
	int playing, speed;     /* autoplay and its index in play_ms */
	int help;               /* the help page shown (1, 2), or 0 */
	int help_paged;         /* the help took two pages when last drawn */
	int prompt;             /* 'g' a decision, 's' a seat is typed; or 0 */
	char typed[16];
	char msg[256];          /* for the status line, until the next key */
	char err[1200];         /* why the file cannot be read (--follow) */
	int64_t next_play, next_poll;
	render_style st;
	int table;              /* TABLE_* */
	int ox, oy;             /* the board window's first column and row */
	int vis_x, vis_y;       /* the cells it shows, 0 before the first */
	int panned;             /* moved by hand: the window stays put */
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
static void viewer_take(viewer *w, viewer_replay *L, const char *path,
    const struct stat *st)
{
	int at_end = w->L == NULL || w->pos >= w->L->v.nsteps - 1;

	viewer_replay_free(w->L);
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
	const char *path = viewer_follow_path(w->a->path, part, sizeof part);
	struct stat st;
	viewer_replay *L;
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
	if ((L = viewer_replay_read(path, w->a->ruleset, w->err, sizeof w->err,
	    &rc)) != NULL)
		viewer_take(w, L, path, &st);
}

static int nsteps(const viewer *w)
{
	return w->L ? w->L->v.nsteps : 0;
}

/* Moves to step i, or says why not.  The board follows the move again. */
static void go(viewer *w, int i, const char *none)
{
	if (i >= 0 && i < nsteps(w)) {
		w->pos = i;
		w->panned = 0;
	} else {
		snprintf(w->msg, sizeof w->msg, "%s", none);
	}
}

static void go_find(viewer *w, int dir, int flags, const char *none)
{
	if (w->L != NULL)
		go(w, view_find(&w->L->v, w->pos, dir, flags, w->persp), none);
}

static void set_persp(viewer *w, int persp)
{
	if (w->L != NULL && !view_persp_valid(&w->L->v, persp))
		snprintf(w->msg, sizeof w->msg, "there is no seat %d", persp);
	else
		w->persp = persp;
}

/* [ and ]: the perspectives in turn: all, public, seat 0, 1, ... */
static void cycle_persp(viewer *w, int dir)
{
	int n = w->L ? w->L->f->nseats : 0;
	int k = w->persp == VIEW_FULL ? 0 : w->persp == VIEW_PUBLIC ? 1 :
	    w->persp + 2;

	k = ((k + dir) % (n + 2) + n + 2) % (n + 2);
	set_persp(w, k == 0 ? VIEW_FULL : k == 1 ? VIEW_PUBLIC : k - 2);
}

/* The typed text: a decision, "rN" for round N, or a seat. */
static void prompt_done(viewer *w)
{
	int round = w->prompt == 'g' && w->typed[0] == 'r';
	long n = strtol(w->typed + round, NULL, 10);
	int kind = w->prompt;

	w->prompt = 0;
	if (w->L == NULL || w->typed[round] == '\0')
		return;
	if (n > INT_MAX)
		n = INT_MAX;
	if (kind == 's')
		set_persp(w, n < SAB_MAX_PLAYERS ? (int)n : SAB_MAX_PLAYERS);
	else if (round)
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
	    (k == 'r' && n == 0 && w->prompt == 'g'))) {
		w->typed[n] = (char)k;
		w->typed[n + 1] = '\0';
	}
}

static void prompt_start(viewer *w, int kind)
{
	w->prompt = kind;
	w->typed[0] = '\0';
}

/* H J K L: the board window moves by half its width or height. */
static void pan(viewer *w, int dx, int dy)
{
	int sx = w->vis_x > 1 ? w->vis_x / 2 : 1;
	int sy = w->vis_y > 1 ? w->vis_y / 2 : 1;

	w->ox += dx * sx;
	w->oy += dy * sy;
	w->panned = 1;
}

static void key_board(viewer *w, int k)
{
	switch (k) {
	case 'H':
		pan(w, -1, 0);
		break;
	case 'L':
		pan(w, 1, 0);
		break;
	case 'K':
		pan(w, 0, -1);
		break;
	case 'J':
		pan(w, 0, 1);
		break;
	case 'c':
		w->panned = 0;
		w->vis_x = w->vis_y = 0;
		break;
	case 't':
		w->table = (w->table + 1) % TABLE_MODES;
		snprintf(w->msg, sizeof w->msg, "players' table: %s",
		    table_name[w->table]);
		break;
	default:
		if (k >= '0' && k <= '9')
			set_persp(w, k - '0');
		break;
	}
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
	case 's':
	case 'g':
		prompt_start(w, k);
		break;
	case '[':
		cycle_persp(w, -1);
		break;
	case ']':
		cycle_persp(w, 1);
		break;
	case '?':
		w->help = 1;
		break;
	default:
		key_board(w, k);
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
	if (k == TERM_RESIZE)
		return;
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
		/* One page when the screen holds it all, else the legend and
		 * then the keys. */
		w->help = k == '?' && w->help_paged && w->help == 1 ? 2 : 0;
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
		if (i >= 0) {
			w->pos = i;
			w->panned = 0;
		} else if (!w->a->follow) {
			w->playing = 0;
		}
		w->next_play = now + play_ms[w->speed];
	}
}

/* How long to wait for a key: until autoplay's or --follow's next turn,
 * and never long, so that a signal that asks to stop is seen. */
static int viewer_wait(const viewer *w)
{
	int64_t now = now_ms(), until = now + 250;

	if (w->a->follow && w->next_poll < until)
		until = w->next_poll;
	if (w->playing && w->next_play < until)
		until = w->next_play;
	return until <= now ? 0 : (int)(until - now);
}

/* ---- drawing ---------------------------------------------------------- */

static int count_lines(const render_buf *b)
{
	int n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->s[i] == '\n';
	return n;
}

/* Writes the lines of text from row *row on, not past row end; returns
 * the rows used. */
static int put_lines(const char *text, int *row, int end)
{
	int n = 0;

	while (text != NULL && *text != '\0' && *row < end) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		term_line((*row)++, text, len, 0);
		n++;
		text = nl ? nl + 1 : NULL;
	}
	return n;
}

/* The parts of a position, and the room each gets. */
typedef struct layout {
	render_buf top, players, board;
	render_window win, ext;
	render_style bst;       /* the board's style: compact or not */
	int board_rows;         /* the rows the board may use */
	int gaps;               /* blank lines between the parts */
} layout;

/* The lines a board of window w takes in style st, with its line of cuts
 * when it is cut. */
static int board_height(const render_window *w, int compact)
{
	int cut = w->x0 > w->bx0 || w->x1 < w->bx1 || w->y0 > w->by0 ||
	    w->y1 < w->by1;

	return cut + 1 + (w->y1 - w->y0 + 1) * (compact ? 1 : 3);
}

static int board_width(const render_window *w, int compact)
{
	return 4 + (w->x1 - w->x0 + 1) * (compact ? 3 : 5) + 2;
}

/* Keeps a start inside [lo, hi - n + 1]. */
static int clamp_start(int o, int n, int lo, int hi)
{
	if (o > hi - n + 1)
		o = hi - n + 1;
	return o < lo ? lo : o;
}

/* One axis of the window: n cells of [lo, hi] that show focus f, unless
 * panned by hand; keeps the last window while f is in it. */
static int window_axis(int o, int n, int lo, int hi, int f, int keep)
{
	if (!keep || f < o || f > o + n - 1)
		o = f - n / 2;
	return clamp_start(o, n, lo, hi);
}

/* Chooses the board's window in rows x cols: the whole board when it
 * fits, else the cells around the current move (or where it was panned
 * to), with room for the line that says where it is cut. */
static void board_fit(viewer *w, layout *ly, int rows, int cols)
{
	render_window *win = &ly->win;
	const view_table *t = w->t;
	int compact = ly->bst.compact, cw = compact ? 3 : 5,
	    ch = compact ? 1 : 3;
	int nx = ly->ext.bx1 - ly->ext.bx0 + 1, ny = ly->ext.by1 - ly->ext.by0 + 1;
	int fx = t->focused ? t->focus_x : w->L->rs.start_x;
	int fy = t->focused ? t->focus_y : w->L->rs.start_y;
	int vx, vy, keep = w->vis_x > 0;

	*win = ly->ext;
	if (board_height(win, compact) <= rows &&
	    board_width(win, compact) - 2 <= cols)
		return;
	vx = (cols - 6) / cw;
	vy = (rows - 2) / ch;
	vx = vx < 1 ? 1 : vx > nx ? nx : vx;
	vy = vy < 1 ? 1 : vy > ny ? ny : vy;
	if (w->panned) {
		w->ox = clamp_start(w->ox, vx, ly->ext.bx0, ly->ext.bx1);
		w->oy = clamp_start(w->oy, vy, ly->ext.by0, ly->ext.by1);
	} else {
		w->ox = window_axis(w->ox, vx, ly->ext.bx0, ly->ext.bx1, fx,
		    keep && vx == w->vis_x);
		w->oy = window_axis(w->oy, vy, ly->ext.by0, ly->ext.by1, fy,
		    keep && vy == w->vis_y);
	}
	w->vis_x = vx;
	w->vis_y = vy;
	win->x0 = w->ox;
	win->x1 = w->ox + vx - 1;
	win->y0 = w->oy;
	win->y1 = w->oy + vy - 1;
}

/* Does the whole board fit in rows x cols in this style? */
static int board_fits(const layout *ly, int compact, int rows, int cols)
{
	return board_height(&ly->ext, compact) <= rows &&
	    board_width(&ly->ext, compact) - 2 <= cols;
}

/* The table's mode and the board's rows: the table in full when the
 * whole board still fits beside it, then compact, and hidden when even a
 * compact table would leave the board fewer than BOARD_MIN_ROWS rows. */
static int table_choose(const viewer *w, layout *ly, int avail, int cols,
    int full_rows, int compact_rows)
{
	int mode = w->table;

	if (mode == TABLE_AUTO) {
		if (board_fits(ly, 1, avail - full_rows - 2, cols))
			mode = TABLE_FULL;
		else if (board_fits(ly, 1, avail - compact_rows - 1, cols) ||
		    avail - compact_rows - 1 >= BOARD_MIN_ROWS)
			mode = TABLE_COMPACT;
		else
			mode = TABLE_NONE;
	}
	return mode;
}

static void layout_free(layout *ly)
{
	render_buf_free(&ly->top);
	render_buf_free(&ly->players);
	render_buf_free(&ly->board);
}

/* The columns of s[0..len) on screen: colour sequences take none, a
 * UTF-8 character one. */
static int text_width(const char *s, size_t len)
{
	int w = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\x1b') {
			while (i < len && s[i] != 'm')
				i++;
		} else if (((unsigned char)s[i] & 0xC0) != 0x80) {
			w++;
		}
	}
	return w;
}

/* Where a line of text must break to fit in cols columns: after the last
 * space that fits, or at cols when no space does. */
static size_t break_at(const char *s, size_t len, int cols)
{
	size_t cut = 0, space = 0;

	while (cut < len && text_width(s, cut + 1) <= cols)
		cut++;
	for (size_t i = 1; i < cut; i++)
		if (s[i] == ' ')
			space = i;
	return space > 0 ? space : cut > 0 ? cut : 1;
}

/* Appends text, each line wrapped at spaces to cols columns, at most three
 * screen lines for each (the step's words, a bot's line, a note); the
 * lines that go on are indented. */
static void wrap_text(render_buf *out, const char *text, int cols)
{
	while (text != NULL && *text != '\0') {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		const char *p = text;
		int indent = 0;

		for (int n = 0; n < 3 && len > 0; n++) {
			size_t k = len;
			if (text_width(p, len) > cols - indent)
				k = n == 2 ? len : break_at(p, len, cols - indent);
			render_printf(out, "%*s%.*s\n", indent, "", (int)k, p);
			while (k < len && p[k] == ' ')
				k++;
			p += k;
			len -= k;
			indent = cols > 20 ? 2 : 0;
		}
		text = nl ? nl + 1 : NULL;
	}
}

/* Builds the position's parts for rows x cols. */
static void layout_make(viewer *w, layout *ly, int rows, int cols)
{
	const view *v = &w->L->v;
	render_buf full = { NULL, 0, 0, 0 }, compact = { NULL, 0, 0, 0 };
	render_buf step = { NULL, 0, 0, 0 };
	int avail, mode;

	render_header_fit(&ly->top, v, w->t, &w->st, cols);
	render_step(&step, v, w->t, &w->st);
	wrap_text(&ly->top, step.s, cols);
	render_buf_free(&step);
	render_players(&full, v, w->t, &w->st);
	render_players_compact(&compact, v, w->t, &w->st, cols);
	render_board_extent(v, w->t, &ly->ext);
	avail = rows - count_lines(&ly->top);
	mode = table_choose(w, ly, avail, cols, count_lines(&full),
	    count_lines(&compact));
	if (mode == TABLE_FULL) {
		ly->players = full;
		render_buf_free(&compact);
	} else {
		render_buf_free(&full);
		if (mode == TABLE_COMPACT)
			ly->players = compact;
		else
			render_buf_free(&compact);
	}
	/* Blank lines between the parts when there is room for them.  A
	 * table shown by choice (t) never takes the board's last rows: it
	 * is cut instead. */
	ly->board_rows = avail - count_lines(&ly->players);
	if (ly->board_rows < BOARD_MIN_ROWS) {
		int need = board_height(&ly->ext, 1);
		int least = need < BOARD_MIN_ROWS ? need : BOARD_MIN_ROWS;
		if (ly->board_rows < least)
			ly->board_rows = least < avail ? least : avail;
	}
	ly->bst = w->st;
	ly->bst.compact = !board_fits(ly, 0, ly->board_rows - 2, cols);
	ly->gaps = board_fits(ly, ly->bst.compact, ly->board_rows - 2, cols) ||
	    ly->board_rows - 2 >= 3 * BOARD_MIN_ROWS / 2;
	ly->board_rows -= ly->gaps ? 1 + (ly->players.len > 0) : 0;
	board_fit(w, ly, ly->board_rows, cols);
	render_board_part(&ly->board, v, w->t, &ly->bst, &ly->win);
}

/* The position: the header and the step, the board, the players. */
static void draw_position(viewer *w, int rows, int cols)
{
	layout ly;
	int row = 0, end;

	memset(&ly, 0, sizeof ly);
	view_table_at(&w->L->v, w->pos, w->persp, w->t);
	layout_make(w, &ly, rows, cols);
	put_lines(ly.top.s, &row, rows);
	if (ly.gaps)
		row++;
	end = row + ly.board_rows;
	put_lines(ly.board.s, &row, end < rows ? end : rows);
	if (ly.gaps && ly.players.len > 0)
		row++;
	put_lines(ly.players.s, &row, rows);
	layout_free(&ly);
}

static const char keys_text[] =
    "Keys\n"
    "  right, l      one step forward (an event, a reply, a move)\n"
    "  left, h       one step back\n"
    "  down, n       to the end of the next decision (turn)\n"
    "  up, p         to the end of the previous decision\n"
    "  N, P          the next, the previous round (also PgDn, PgUp)\n"
    "  g             go to a decision: type its number, or rN for\n"
    "                round N, then Enter (Esc cancels)\n"
    "  f, F          the next, the previous failure\n"
    "  Home, End     the first, the last step\n"
    "  space, +, -   autoplay on or off, faster, slower\n"
    "  H J K L       move the board left, down, up, right\n"
    "  c             the board follows the current move again\n"
    "  t             the players' table: as the screen allows, in\n"
    "                full, compact, hidden\n"
    "  0-9           that seat's view: what its bot knew\n"
    "  s             any seat's view (10, 11...): its number, Enter\n"
    "  [, ]          the previous, the next view in turn\n"
    "  a, v          the full view (every hidden card), the public one\n"
    "  ?             this help; q quits\n";

static void draw_help(viewer *w, int rows)
{
	render_buf legend = { NULL, 0, 0, 0 };
	int row = 0, keys_lines = 0, paged;

	render_legend(&legend, w->L != NULL && w->L->v.rs != NULL ?
	    &w->L->v : NULL, &w->st);
	for (const char *p = keys_text; *p; p++)
		keys_lines += *p == '\n';
	paged = count_lines(&legend) + 1 + keys_lines > rows;
	w->help_paged = paged;
	if (!paged || w->help == 1)
		put_lines(legend.s, &row, rows);
	if (!paged)
		row++;
	if (!paged || w->help == 2)
		put_lines(keys_text, &row, rows);
	render_buf_free(&legend);
}

/* The columns s takes on the screen: one a character (UTF-8). */
static int text_cols(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* The path in at most room columns: whole when it fits, else "..." and
 * its end, from a '/' when one is near, so that what follows it on the
 * status line (verified, autoplay) stays on the screen; nothing when not
 * even its file name would show. */
static void path_fit(render_buf *s, const char *path, int room)
{
	const char *p = path;
	int cols = text_cols(path);

	if (cols <= room) {
		render_printf(s, "%s", path);
		return;
	}
	if (room < 12)
		return;
	for (; *p != '\0' && cols > room - 3; p++)
		cols -= ((unsigned char)*p & 0xC0) != 0x80;
	while (((unsigned char)*p & 0xC0) == 0x80)
		p++;
	/* A whole folder or file name reads better than a piece of one. */
	const char *slash = strchr(p, '/');
	if (slash != NULL && slash - p < 20 && slash[1] != '\0')
		p = slash;
	render_printf(s, "...%s", p);
}

/* The status line, in cols columns: the state of the game and of
 * autoplay always show; the file's path gives way first. */
static void status_text(const viewer *w, render_buf *s, int cols)
{
	const char *path = w->L ? w->path : w->a->path;
	size_t plen = strlen(path);
	int live = plen > 5 && strcmp(path + plen - 5, ".part") == 0;
	char play[32] = "";
	const char *before, *after;

	if (w->playing)
		(void)snprintf(play, sizeof play, " | autoplay %d/s",
		    1000 / play_ms[w->speed]);
	if (w->prompt == 'g')
		render_printf(s, "go to decision (rN: round N): %s_", w->typed);
	else if (w->prompt == 's')
		render_printf(s, "view of seat: %s_", w->typed);
	else if (w->msg[0] != '\0')
		render_text(s, w->msg, 250);
	else if (w->help == 1 && w->help_paged)
		render_printf(s, "? the keys, any other key closes the help");
	else if (w->help)
		render_printf(s, "any key closes the help");
	else if (w->L == NULL)
		render_text(s, w->err[0] ? w->err : "reading", 300);
	else if (!(w->a->follow && live) && !w->L->v.ok)
		render_text(s, w->L->v.problem, 400);
	else {
		if (w->a->follow && live) {
			before = "live: ";
			after = ", the game goes on";
		} else {
			before = "";
			after = ": complete, every record verified";
		}
		render_printf(s, "%s", before);
		size_t at = s->len;
		path_fit(s, path, cols - text_cols(before) -
		    text_cols(after) - text_cols(play));
		/* No path: the state alone, without its ": " or ", ". */
		render_printf(s, "%s", s->len > at ? after : after + 2);
	}
	render_printf(s, "%s", play);
}

/* The keys line: as many hints as fit, whole, and always the help's. */
static void keys_line(const viewer *w, render_buf *out, int cols)
{
	static const char *const ascii[] = { "h/l step", "p/n turn",
		"HJKL board", "t table", "g go", "N/P round", "f/F failure",
		"space play", "0-9 s [] seat", "a all", "v public" };
	static const char *const utf8[] = { "\u2190\u2192 step",
		"\u2191\u2193 turn", "HJKL board", "t table", "g go",
		"N/P round", "f/F failure", "space play", "0-9 s [] seat",
		"a all", "v public" };
	const char *const *hint = w->st.ascii ? ascii : utf8;
	const char *last = "? help  q quit";
	int used = (int)strlen(last);

	for (size_t i = 0; i < sizeof ascii / sizeof ascii[0]; i++) {
		/* Two columns between hints; an arrow takes one. */
		int len = (int)strlen(ascii[i]) + 2;
		if (used + len > cols)
			break;
		render_printf(out, "%s  ", hint[i]);
		used += len;
	}
	if ((int)strlen(last) <= cols)
		render_printf(out, "%s", last);
}

static void draw_bottom(const viewer *w, int rows, int cols)
{
	render_buf s = { NULL, 0, 0, 0 }, k = { NULL, 0, 0, 0 };

	status_text(w, &s, cols);
	keys_line(w, &k, cols);
	if (rows >= 2)
		term_line(rows - 2, s.s ? s.s : "", s.len, 1);
	term_line(rows - 1, k.s ? k.s : "", k.len, 0);
	render_buf_free(&s);
	render_buf_free(&k);
}

static int viewer_draw(viewer *w)
{
	int rows, cols;

	term_size(&rows, &cols);
	term_clear();
	if (w->help)
		draw_help(w, rows - 2);
	else if (w->L != NULL)
		draw_position(w, rows - 2, cols);
	draw_bottom(w, rows, cols);
	return term_show();
}

/* ---- the loop --------------------------------------------------------- */

static int viewer_loop(viewer *w)
{
	char err[256];
	int rc = EXIT_OK;

	if (term_open(err, sizeof err) != 0) {
		fprintf(stderr, "saboteur view: %s: printing the position "
		    "instead\n", err);
		return -1;
	}
	while (!w->quit) {
		if (term_quit()) {
			rc = EXIT_INTERRUPTED;
			break;
		}
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

/* --follow waits for a file that is not there yet and stays at its end,
 * the game as it is played; otherwise the viewer opens at the start, so
 * that the result is not told first. */
static void viewer_start(viewer *w, viewer_replay *L)
{
	struct stat st;

	if (L == NULL) {
		viewer_poll(w);
		return;
	}
	if (stat(w->a->path, &st) != 0)
		memset(&st, 0, sizeof st);
	viewer_take(w, L, w->a->path, &st);
	w->pos = 0;
}

int viewer_run(const viewer_opts *a, viewer_replay *L)
{
	viewer *w = calloc(1, sizeof *w);
	int rc;

	if (w == NULL || (w->t = malloc(sizeof *w->t)) == NULL) {
		free(w);
		viewer_replay_free(L);
		fprintf(stderr, "saboteur view: out of memory\n");
		return EXIT_INTERNAL;
	}
	w->a = a;
	w->persp = a->persp;
	w->speed = SPEED_START;
	/* Box drawing needs a UTF-8 locale; ASCII is safe everywhere. */
	w->st.ascii = a->ascii || !term_utf8();
	w->st.colour = !a->ascii;
	w->next_poll = now_ms() + FOLLOW_MS;
	viewer_start(w, L);
	rc = viewer_loop(w);
	viewer_replay_free(w->L);
	free(w->t);
	free(w);
	return rc;
}
