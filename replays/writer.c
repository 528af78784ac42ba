/* writer.c: a game's replay as gzip-compressed text records, one a line
 * (the format is saboteur-replay(5)). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <zlib.h>

#include "records.h"
#include "replay.h"
#include "rskey.h"

struct replay_writer {
	gzFile z;
	int sync_fd;            /* a duplicate of the stream's descriptor, to
	                           fsync the file once gzclose has closed it */
	char *path;             /* the complete file's name */
	char *part;             /* PATH.part, the name while it is written */
	proto_cards pc;         /* a copy: the caller's may not outlive us */
	/* Where the goals lay before the last call of the rules (a move
	 * names a goal where it was when it was made: a push moves it). */
	int8_t before_x[SAB_MAX_GOALS], before_y[SAB_MAX_GOALS];
	int nplayers;
	int turns;              /* replay_turn() calls so far */
	int failed;             /* a write failed: the rest is not written */
	char err[256];          /* the first failure */
};

/* ---- failures and output ----------------------------------------------- */

static void fail(replay_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void fail(replay_writer *w, const char *fmt, ...)
{
	va_list ap;

	if (w->failed)
		return;
	w->failed = 1;
	va_start(ap, fmt);
	(void)vsnprintf(w->err, sizeof w->err, fmt, ap);
	va_end(ap);
}

/* Records a failure of the zlib stream.  zlib's message names the stream
 * "<fd:N>", which tells a person nothing: the file's name replaces it. */
static void zfail(replay_writer *w, const char *what)
{
	int zerr = Z_OK;
	const char *msg = w->z ? gzerror(w->z, &zerr) : NULL;

	if (msg != NULL && strncmp(msg, "<fd:", 4) == 0 &&
	    strstr(msg, ": ") != NULL)
		msg = strstr(msg, ": ") + 2;
	if (msg == NULL || *msg == '\0')
		msg = zerr == Z_OK ? "unknown error" : zError(zerr);
	fail(w, "%s: %s %s", w->part, what, msg);
}

/* Writes len bytes to the stream (in pieces that fit gzwrite's unsigned
 * length). */
static void put(replay_writer *w, const char *s, size_t len)
{
	while (!w->failed && len > 0) {
		unsigned chunk = len > (1u << 20) ? 1u << 20 : (unsigned)len;
		int n = gzwrite(w->z, s, chunk);
		if (n <= 0 || (unsigned)n != chunk) {
			zfail(w, "cannot write:");
			return;
		}
		s += chunk;
		len -= chunk;
	}
}

static void putf(replay_writer *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void putf(replay_writer *w, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	if (w->failed)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof buf) {
		fail(w, "%s: a record longer than %zu bytes", w->part,
		    sizeof buf - 1);
		return;
	}
	put(w, buf, (size_t)n);
}

/* Writes free text (a bot's line, a command, a detail) as one field that
 * runs to the end of the record: a newline in it, which no caller should
 * pass, would split the record, so it becomes a space. */
static void put_text(replay_writer *w, const char *s)
{
	while (!w->failed && *s) {
		size_t n = strcspn(s, "\n");
		put(w, s, n);
		s += n;
		if (*s == '\n') {
			put(w, " ", 1);
			s++;
		}
	}
}

/* A single word: "-" when missing or empty, blanks made '_' so that the
 * fields after it stay where a reader looks for them. */
static void put_word(replay_writer *w, const char *s)
{
	char buf[128];
	size_t n = 0;

	if (s == NULL || *s == '\0')
		s = "-";
	for (; s[n] && n < sizeof buf - 1; n++)
		buf[n] = (unsigned char)s[n] <= ' ' ? '_' : s[n];
	put(w, buf, n);
}

static void flush(replay_writer *w)
{
	if (!w->failed && gzflush(w->z, Z_SYNC_FLUSH) != Z_OK)
		zfail(w, "cannot flush:");
}

/* ---- the header -------------------------------------------------------- */

static void write_start_time(replay_writer *w, time_t t)
{
	struct tm tm;
	char buf[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
		fail(w, "%s: the start time %lld cannot be written", w->part,
		    (long long)t);
		return;
	}
	putf(w, "start %s\n", buf);
}

/* A ruleset read from a file, one "rules" record per line of it. */
static void write_rules(replay_writer *w, const char *text, size_t len)
{
	while (text != NULL && len > 0) {
		const char *nl = memchr(text, '\n', len);
		size_t n = nl != NULL ? (size_t)(nl - text) : len;
		put(w, "rules ", 6);
		put(w, text, n);
		put(w, "\n", 1);
		n += nl != NULL;
		text += n;
		len -= n;
	}
}

/* Whether a seat may be asked to react (want PROTO_FEAT_REACT: its hello
 * asked for "react", in a ruleset with reactions): its file may hold
 * "void" records (version 1.6, a seat that also asked for
 * "react-at-once") and its requests stop once no seat can react (version
 * 1.7, session_spent()); or may give a standing allow (want also
 * PROTO_FEAT_STANDING: version 1.8, session_judge()). */
static int asks_to_react(const replay_header *h, unsigned want)
{
	char name[PROTO_NAME_MAX + 1], why[128];

	for (int s = 0; h->rs->reactions && s < h->nseats; s++) {
		const char *hello = h->seats[s].hello;
		unsigned feat = 0;
		sab_move m;
		if (hello != NULL && proto_parse(h->pc, hello, strlen(hello), &m,
		    name, &feat, why, sizeof why) == PROTO_HELLO &&
		    (feat & want) == want)
			return 1;
	}
	return 0;
}

static void write_header(replay_writer *w, const replay_header *h)
{
	/* Version 1.8 only for a file whose seats may give a standing allow,
	 * 1.7 for one whose seats may be asked to react; every other file is
	 * written 1.5, as before 1.6 existed. */
	putf(w, "sabr %d.%d\n", REPLAY_MAJOR,
	    asks_to_react(h, PROTO_FEAT_REACT | PROTO_FEAT_STANDING) ?
	    REPLAY_MINOR : asks_to_react(h, PROTO_FEAT_REACT) ? 7 : 5);
	put(w, "program ", 8);
	put_text(w, h->program && *h->program ? h->program : "-");
	put(w, "\n", 1);
	putf(w, "ruleset %.*s %016llx\n", (int)sizeof h->rs->name, h->rs->name,
	    (unsigned long long)replay_ruleset_hash(h->rs));
	putf(w, "seed %llu xoshiro256**/splitmix64\n",
	    (unsigned long long)h->seed);
	/* Version 1.5: how the seed dealt the rounds, when not by the
	 * rulebook. */
	if (h->deal == SAB_DEAL_SEATS)
		putf(w, "deal seats\n");
	putf(w, "game %d\n", h->game);
	write_start_time(w, h->start);
	for (int s = 0; s < h->nseats; s++) {
		putf(w, "seat %d ", s);
		put_word(w, h->seats[s].name);
		put(w, " ", 1);
		put_text(w, h->seats[s].command ? h->seats[s].command : "-");
		put(w, "\n", 1);
	}
	putf(w, "clock handshake=%lld move=%lld bank=%lld grace=%lld\n",
	    (long long)h->handshake_ms, (long long)h->move_ms,
	    (long long)h->bank_ms, (long long)h->grace_ms);
	putf(w, "players %d\n", h->nseats);
	/* Version 1.1: what the referee's other lines to the bots depend on. */
	putf(w, "tries %d\n", h->tries);
	for (int s = 0; s < h->nseats; s++) {
		if (h->seats[s].hello == NULL || *h->seats[s].hello == '\0')
			continue;
		putf(w, "hello %d ", s);
		put_text(w, h->seats[s].hello);
		put(w, "\n", 1);
	}
	/* Version 1.3: the seed line each seat that asked for one got. */
	for (int s = 0; s < h->nseats; s++)
		if (h->seats[s].seeded)
			putf(w, "seatseed %d %llu\n", s, (unsigned long long)
			    proto_seat_seed(h->seed, s));
	for (int s = 0; s < h->nseats; s++) {
		const replay_seat *t = &h->seats[s];
		if ((t->move_ms || t->bank_ms) && (t->move_ms != h->move_ms ||
		    t->bank_ms != h->bank_ms))
			putf(w, "seatclock %d move=%lld bank=%lld\n", s,
			    (long long)t->move_ms, (long long)t->bank_ms);
	}
	write_rules(w, h->rules_text, h->rules_len);
	for (int s = 0; s < h->nseats; s++)
		if (h->seats[s].status != NULL)
			replay_status(w, s, h->seats[s].status,
			    h->seats[s].detail);
}

/* ---- creating and closing ---------------------------------------------- */

static int header_ok(const replay_header *h, char *err, size_t errlen)
{
	const char *why = NULL;

	if (h == NULL || h->rs == NULL || h->pc == NULL)
		why = "no ruleset or card tokens";
	else if (h->deal != SAB_DEAL_PLAY && h->deal != SAB_DEAL_SEATS)
		why = "no such way of dealing";
	else if (h->nseats < 1 || h->nseats > SAB_MAX_PLAYERS ||
	    h->seats == NULL)
		why = "no seats, or too many";
	if (why != NULL && errlen > 0)
		snprintf(err, errlen, "replay header: %s", why);
	return why == NULL;
}

static void writer_free(replay_writer *w)
{
	free(w->path);
	free(w->part);
	free(w);
}

/* Opens PATH.part for writing, with a second descriptor kept for fsync.
 * The descriptors are close-on-exec: bots are forked while it is open.
 * The file is its owner's only (0600), also one an interrupted run left:
 * it holds every hidden card, and the rename keeps the mode. */
static int open_part(replay_writer *w)
{
	int fd = open(w->part, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || fchmod(fd, 0600) != 0) {
		fail(w, "cannot create %s: %s", w->part, strerror(errno));
		if (fd >= 0)
			(void)close(fd);
		return -1;
	}
	w->sync_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (w->sync_fd < 0) {
		fail(w, "%s: %s", w->part, strerror(errno));
		(void)close(fd);
		return -1;
	}
	w->z = gzdopen(fd, "wb");
	if (w->z == NULL) {
		fail(w, "%s: cannot start a gzip stream (out of memory)",
		    w->part);
		(void)close(fd);
		(void)close(w->sync_fd);
		return -1;
	}
	return 0;
}

/* Ends the stream and closes both descriptors; the data is on disk when
 * it returns without a failure. */
static void close_part(replay_writer *w, int sync)
{
	int rc = gzclose(w->z);

	w->z = NULL;
	if (rc != Z_OK)
		fail(w, "%s: cannot close: %s", w->part, rc == Z_ERRNO ?
		    strerror(errno) : zError(rc));
	if (sync && !w->failed && fsync(w->sync_fd) != 0)
		fail(w, "%s: cannot sync: %s", w->part, strerror(errno));
	if (close(w->sync_fd) != 0)
		fail(w, "%s: cannot close: %s", w->part, strerror(errno));
}

replay_writer *replay_create(const char *path, const replay_header *h,
    char *err, size_t errlen)
{
	replay_writer *w;
	size_t n = path ? strlen(path) : 0;

	if (n == 0) {
		snprintf(err, errlen, "replay: no file name");
		return NULL;
	}
	if (!header_ok(h, err, errlen))
		return NULL;
	w = calloc(1, sizeof *w);
	if (w == NULL || (w->path = strdup(path)) == NULL ||
	    (w->part = malloc(n + sizeof ".part")) == NULL) {
		if (w != NULL)
			writer_free(w);
		snprintf(err, errlen, "replay: out of memory");
		return NULL;
	}
	memcpy(w->part, path, n);
	memcpy(w->part + n, ".part", sizeof ".part");
	w->pc = *h->pc;
	memcpy(w->before_x, w->pc.goal_x, sizeof w->before_x);
	memcpy(w->before_y, w->pc.goal_y, sizeof w->before_y);
	w->nplayers = h->nseats;
	if (open_part(w) == 0) {
		write_header(w, h);
		flush(w);
		if (!w->failed)
			return w;
		close_part(w, 0);
		(void)unlink(w->part);
	}
	snprintf(err, errlen, "%s", w->err);
	writer_free(w);
	return NULL;
}

void replay_abandon(replay_writer *w)
{
	/* The caller is stopping already: a failure here has nobody left
	 * to tell, and the file is a prefix either way. */
	if (w == NULL)
		return;
	close_part(w, 0);
	writer_free(w);
}

/* A record records.c formatted from the game: its word, its numbers,
 * its text. */
static void put_fields(replay_writer *w, const replay_fields *f)
{
	const char *kind = replay_kind_name(f->kind);

	put(w, kind, strlen(kind));
	for (int i = 0; i < f->n; i++)
		putf(w, " %d", f->num[i]);
	if (f->text[0] != '\0') {
		put(w, " ", 1);
		put(w, f->text, strlen(f->text));
	}
	put(w, "\n", 1);
}

static void write_result(replay_writer *w, const sab_game *g)
{
	replay_fields f;

	if (replay_result_record(g, &f) < 0)
		fail(w, "%s: a result longer than %d bytes", w->part,
		    REPLAY_TEXT_MAX);
	put_fields(w, &f);
	put(w, "end\n", 4);
}

int replay_finish(replay_writer *w, const sab_game *g, char *err,
    size_t errlen)
{
	int rc = 0;

	write_result(w, g);
	close_part(w, 1);
	if (!w->failed && rename(w->part, w->path) != 0)
		fail(w, "cannot rename %s to %s: %s", w->part, w->path,
		    strerror(errno));
	if (w->failed) {
		snprintf(err, errlen, "%s", w->err);
		rc = -1;
	}
	writer_free(w);
	return rc;
}

/* ---- the game ---------------------------------------------------------- */

void replay_round(replay_writer *w, const sab_game *g)
{
	replay_fields f;
	int rc;

	for (int k = 0; (rc = replay_round_record(&w->pc, g, k, 1, &f)) > 0;
	    k++)
		put_fields(w, &f);
	if (rc < 0)
		fail(w, "%s: round %d's hidden state longer than %d bytes a "
		    "record", w->part, g->round, REPLAY_TEXT_MAX);
}

void replay_follow(replay_writer *w, const sab_game *g)
{
	memcpy(w->before_x, w->pc.goal_x, sizeof w->before_x);
	memcpy(w->before_y, w->pc.goal_y, sizeof w->before_y);
	proto_cards_follow(&w->pc, g);
}

void replay_event(replay_writer *w, const sab_event *e)
{
	char line[PROTO_LINE_MAX];
	int seat = 0, n;

	if (e->vis != SAB_VIS_ALL) {
		if (e->seat >= w->nplayers) {
			fail(w, "%s: a %s event for seat %d of %d", w->part,
			    sab_event_name(e->type), e->seat, w->nplayers);
			return;
		}
		seat = e->seat;
	}
	n = proto_event(&w->pc, e, seat, w->nplayers, line, sizeof line);
	if (n < 0)
		fail(w, "%s: a %s event longer than %d bytes", w->part,
		    sab_event_name(e->type), PROTO_LINE_MAX);
	if (n <= 0)
		return;
	if (e->vis == SAB_VIS_ALL)
		putf(w, "ev all ");
	else
		putf(w, "ev %s:%d ", e->vis == SAB_VIS_SEAT ? "seat" : "hidden",
		    seat);
	put(w, line, (size_t)n);
	put(w, "\n", 1);
}

/* A bot's bytes as text (version 1.2): a NUL byte, a control byte or a
 * byte above 0x7f is written \xHH, and so is a backslash that would read
 * as one, so the reader gets back exactly what the bot sent; a line of
 * printable ASCII is written as it was before 1.2. */
static void put_escaped(replay_writer *w, const char *s, size_t len)
{
	char small[1024], *buf = small;
	size_t need = proto_escape(small, sizeof small, s, len, 1);

	if (need >= sizeof small) {
		if ((buf = malloc(need + 1)) == NULL) {
			fail(w, "%s: out of memory", w->part);
			return;
		}
		(void)proto_escape(buf, need + 1, s, len, 1);
	}
	put_text(w, buf);
	if (buf != small)
		free(buf);
}

void replay_bot_line(replay_writer *w, int seat, const char *line,
    size_t len, int64_t used_ns, int64_t bank_left_ns)
{
	putf(w, "bot %d %lld %lld ", seat, (long long)(used_ns / 1000),
	    (long long)(bank_left_ns / 1000000));
	put_escaped(w, line, len);
	put(w, "\n", 1);
}

void replay_void(replay_writer *w, int seat, const char *line, size_t len,
    int64_t used_ns, int64_t bank_left_ns)
{
	putf(w, "void %d %lld %lld ", seat, (long long)(used_ns / 1000),
	    (long long)(bank_left_ns / 1000000));
	put_escaped(w, line, len);
	put(w, "\n", 1);
}

void replay_note(replay_writer *w, int seat, const char *line, size_t len)
{
	/* The text after the bot's "note" word: "note S" says the rest. */
	if (len > 4 && memcmp(line, "note", 4) == 0 &&
	    (line[4] == ' ' || line[4] == '\t')) {
		line += 5;
		len -= 5;
	} else if (len == 4 && memcmp(line, "note", 4) == 0) {
		line += 4;
		len = 0;
	}
	putf(w, "note %d ", seat);
	put_escaped(w, line, len);
	put(w, "\n", 1);
}

void replay_status(replay_writer *w, int seat, const char *status,
    const char *detail)
{
	putf(w, "status %d ", seat);
	put_word(w, status);
	if (detail != NULL && *detail) {
		put(w, " ", 1);
		put_text(w, detail);
	}
	put(w, "\n", 1);
}

void replay_turn(replay_writer *w, int seat, const sab_move *m,
    const sab_game *g)
{
	char mv[128];
	int8_t now_x[SAB_MAX_GOALS], now_y[SAB_MAX_GOALS];
	int n;

	w->turns++;
	memcpy(now_x, w->pc.goal_x, sizeof now_x);
	memcpy(now_y, w->pc.goal_y, sizeof now_y);
	memcpy(w->pc.goal_x, w->before_x, sizeof now_x);
	memcpy(w->pc.goal_y, w->before_y, sizeof now_y);
	n = proto_move(&w->pc, m, mv, sizeof mv);
	memcpy(w->pc.goal_x, now_x, sizeof now_x);
	memcpy(w->pc.goal_y, now_y, sizeof now_y);
	if (n < 0)
		fail(w, "%s: a move longer than %zu bytes", w->part, sizeof mv);
	else
		putf(w, "move %d %s\n", seat, mv);
	putf(w, "turn %d %016llx\n", w->turns,
	    (unsigned long long)sab_game_hash(g));
	flush(w);
}

/* ---- the ruleset's hash ------------------------------------------------ */

/* Folds one line of the canonical text into out->h. */
static void canon_put(sab_rs_canon *out, const char *line, size_t len)
{
	out->h = sab_fnv1a(out->h, line, len);
	out->h = sab_fnv1a(out->h, "\n", 1);
}

/* Folds one line of the canonical text into h (a line is far shorter than
 * sab_rs_vline()'s 255 bytes: a name is at most 31 characters, a title
 * 95). */
static uint64_t hline(uint64_t h, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static uint64_t hline(uint64_t h, const char *fmt, ...)
{
	sab_rs_canon out = { .put = canon_put, .h = h };
	va_list ap;

	va_start(ap, fmt);
	sab_rs_vline(&out, fmt, ap);
	va_end(ap);
	return out.h;
}

/* A table by player count: only its non-zero entries, as COUNT:VALUE, so
 * that the text does not depend on how long the arrays are. */
static uint64_t htable(uint64_t h, const char *name, const uint8_t *t)
{
	h = hline(h, "%s", name);
	for (int p = 0; p <= SAB_MAX_PLAYERS; p++)
		if (t[p])
			h = hline(h, " %d:%d", p, t[p]);
	return h;
}

/* The modules' rows' lines at `at` (rules/rskey.h). */
static uint64_t hrows(uint64_t h, const sab_ruleset *rs, int at)
{
	sab_rs_canon out = { .put = canon_put, .h = h };

	sab_ruleset_canon_at(rs, at, &out);
	return out.h;
}

static uint64_t hcard(uint64_t h, int i, const sab_card *c)
{
	char type[SAB_NAME_MAX];

	/* The base game's kinds by number, as always; any other by its word,
	 * since type numbers are the program's own. */
	if (c->type < SAB_CARD_TYPES)
		(void)snprintf(type, sizeof type, "%d", c->type);
	else
		(void)snprintf(type, sizeof type, "%s",
		    sab_card_type_name(c->type));
	h = hline(h, "card %d %.*s type=%s edges=%d groups=%d,%d tools=%d "
	    "gold=%d count=%d symmetric=%d", i, (int)sizeof c->name, c->name,
	    type, c->edges, c->groups[0], c->groups[1], c->tools, c->gold,
	    c->count, c->symmetric);
	h = hline(h, " rot=%d,%d groups0=%d,%d,%d,%d groups1=%d,%d,%d,%d",
	    c->rot_edges[0], c->rot_edges[1], c->rot_group[0][0],
	    c->rot_group[0][1], c->rot_group[0][2], c->rot_group[0][3],
	    c->rot_group[1][0], c->rot_group[1][1], c->rot_group[1][2],
	    c->rot_group[1][3]);
	/* The expansions' attributes, only when a card has one: a base game
	 * card hashes as it did before they existed. */
	if (c->door || c->ladder || c->crystals)
		h = hline(h, " door=%d ladder=%d crystals=%d", c->door,
		    c->ladder, c->crystals);
	/* A New Goals card's effect, only when it has one. */
	if (c->effect || c->amount)
		h = hline(h, " effect=%d amount=%d", c->effect, c->amount);
	if (c->chest)
		h = hline(h, " chest=1");
	return h;
}

/* The modules, only when they are not the base game alone: a ruleset
 * from before modules hashes as it did. */
static uint64_t hmodules(uint64_t h, const sab_ruleset *rs)
{
	if (sab_modules_default(rs))
		return h;
	h = hline(h, "modules %d", rs->nmodules);
	for (int i = 0; i < rs->nmodules && i < SAB_MAX_MODULES; i++) {
		const sab_module *m = sab_module_at(rs->modules[i]);
		h = hline(h, " %s", m != NULL ? m->name : "?");
	}
	return h;
}

static uint64_t hboard(uint64_t h, const sab_ruleset *rs)
{
	h = hline(h, "board bounded=%d min=%d,%d max=%d,%d start=%d,%d",
	    rs->bounded, rs->min_x, rs->min_y, rs->max_x, rs->max_y,
	    rs->start_x, rs->start_y);
	h = hline(h, "goals %d", rs->ngoals);
	for (int k = 0; k < rs->ngoals && k < SAB_MAX_GOALS; k++)
		h = hline(h, " %d,%d card=%d", rs->goal_x[k], rs->goal_y[k],
		    rs->goal_defs[k]);
	/* The modules' rows (rules/rskey.h), each only when the ruleset has
	 * some of its fields: a ruleset without them hashes as before. */
	h = hrows(h, rs, SAB_RS_AT_BOARD);
	h = hrows(h, rs, SAB_RS_AT_GOALS);
	return h;
}

static uint64_t hgold(uint64_t h, const sab_ruleset *rs)
{
	h = hline(h, "gold %d drawn=%d max=%d", rs->ngold, rs->gold_drawn,
	    rs->gold_drawn_max);
	for (int i = 0; i < rs->ngold && i < SAB_MAX_GOLD; i++)
		h = hline(h, " %d", rs->gold_cards[i]);
	h = htable(h, "saboteur_pay", rs->saboteur_pay);
	/* The tournament's gold pieces, only when paid: a ruleset of gold
	 * cards hashes as before they existed. */
	if (rs->pieces) {
		h = hline(h, "pieces finder=%d miner=%d greedy=%d",
		    rs->pieces_finder, rs->pieces_miner, rs->pieces_greedy);
		h = htable(h, "pieces_saboteur", rs->pieces_saboteur);
	}
	return h;
}

uint64_t replay_ruleset_hash(const sab_ruleset *rs)
{
	uint64_t h = SAB_FNV_OFFSET;

	h = hline(h, "saboteur-ruleset 1");
	h = hline(h, "name %.*s", (int)sizeof rs->name, rs->name);
	h = hline(h, "title %.*s", (int)sizeof rs->title, rs->title);
	h = hline(h, "players %d %d rounds %d roles %d", rs->min_players,
	    rs->max_players, rs->rounds, rs->has_roles);
	h = htable(h, "saboteurs", rs->saboteurs);
	h = htable(h, "miners", rs->miners);
	/* The modules' rows, only when on (as in hboard). */
	h = hrows(h, rs, SAB_RS_AT_ROLES);
	h = htable(h, "hand_size", rs->hand_size);
	h = hboard(h, rs);
	h = hline(h, "cards %d start=%d deck=%d", rs->ndefs, rs->start_def,
	    rs->deck_size);
	for (int i = 0; i < rs->ndefs && i < SAB_MAX_DEFS; i++)
		h = hcard(h, i, &rs->defs[i]);
	h = hgold(h, rs);
	h = hmodules(h, rs);
	/* The turn's options beyond the base game, only when one is on: a
	 * ruleset without them hashes as before they existed. */
	if (rs->pass_max > 1 || rs->remove_front || rs->set_aside)
		h = hline(h, "turn pass_max=%d remove_front=%d set_aside=%d",
		    rs->pass_max, rs->remove_front, rs->set_aside);
	if (rs->middle_path)
		h = hline(h, "middle_path=1");
	/* The modules' rows, only when on (as in hboard). */
	h = hrows(h, rs, SAB_RS_AT_END);
	return hline(h, "options placement=%d sabotage_self=%d "
	    "sabotage_stacks=%d repair_self_only=%d sabotaged_dwarf=%d "
	    "scoring=%d sabotage_def=%d,%d,%d", rs->placement,
	    rs->sabotage_self, rs->sabotage_stacks, rs->repair_self_only,
	    rs->sabotaged_dwarf, rs->scoring, rs->sabotage_def[0],
	    rs->sabotage_def[1], rs->sabotage_def[2]);
}
