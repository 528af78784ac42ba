/* tconfig.c: the tournament file, read with yamlread; every mistake is
 * reported as "FILE:LINE:COLUMN: PLACE: what was expected". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hash.h"
#include "human.h"
#include "net.h"
#include "say.h"
#include "schedule.h"
#include "tconfig.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define TEXT_MAX 4096

/* ------------------------------------------------------------------ */
/* Values (the reader, yamlread.h, checks them and writes the messages) */

/* Reads text of 1 to max bytes without NUL into a fresh copy. */
static int get_text(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, size_t max, char **out)
{
	const char *s;
	size_t len;

	if (sab_yaml_text(y, n, place, 1, max, &s, &len) != 0)
		return -1;
	free(*out);
	if ((*out = strdup(s)) == NULL)
		return sab_yaml_fail(y, n, place, "out of memory");
	return 0;
}

static int get_int(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, int lo, int hi, int *out)
{
	int64_t v;

	if (sab_yaml_int(y, n, place, lo, hi, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Sections */

enum { T_MOVE, T_BANK, T_HANDSHAKE, T_GRACE, T_N };

static int load_time(const sab_yaml *y, const sab_yaml_node *map, tconfig *t)
{
	sab_yaml_field f[T_N] = { SAB_YAML_FIELD("move-ms"),
		SAB_YAML_FIELD("bank-ms"), SAB_YAML_FIELD("handshake-ms"),
		SAB_YAML_FIELD("grace-ms") };

	if (sab_yaml_fields(y, map, "time", f, T_N) != 0)
		return -1;
	if ((f[T_MOVE].val && sab_yaml_int(y, f[T_MOVE].val, "time.move-ms", 1,
	    86400000, &t->move_ms) != 0) ||
	    (f[T_BANK].val && sab_yaml_int(y, f[T_BANK].val, "time.bank-ms", 0,
	    86400000, &t->bank_ms) != 0) ||
	    (f[T_HANDSHAKE].val && sab_yaml_int(y, f[T_HANDSHAKE].val,
	    "time.handshake-ms", 1, 86400000, &t->handshake_ms) != 0) ||
	    (f[T_GRACE].val && sab_yaml_int(y, f[T_GRACE].val,
	    "time.grace-ms", 0, 60000, &t->grace_ms) != 0))
		return -1;
	return 0;
}

enum { F_TRIES, F_MAXLINE, F_MAXOUT, F_DQ, F_N };

static int load_failures(const sab_yaml *y, const sab_yaml_node *map,
    tconfig *t)
{
	sab_yaml_field f[F_N] = { SAB_YAML_FIELD("tries"),
		SAB_YAML_FIELD("max-line"),
		SAB_YAML_FIELD("max-output"),
		SAB_YAML_FIELD("disqualify-after") };

	if (sab_yaml_fields(y, map, "failures", f, F_N) != 0)
		return -1;
	if ((f[F_TRIES].val && get_int(y, f[F_TRIES].val, "failures.tries",
	    1, 100, &t->tries) != 0) ||
	    (f[F_MAXLINE].val && sab_yaml_int(y, f[F_MAXLINE].val,
	    "failures.max-line", 64, 1 << 24, &t->max_line) != 0) ||
	    (f[F_MAXOUT].val && sab_yaml_int(y, f[F_MAXOUT].val,
	    "failures.max-output", 64, INT64_C(1) << 32, &t->max_output) != 0) ||
	    (f[F_DQ].val && get_int(y, f[F_DQ].val,
	    "failures.disqualify-after", 0, 1000000, &t->disqualify_after) != 0))
		return -1;
	return 0;
}

static int load_sandbox(const sab_yaml *y, const sab_yaml_node *map,
    tconfig *t)
{
	sab_yaml_field f[CONFIG_BOX_KEYS];

	for (int i = 0; i < CONFIG_BOX_KEYS; i++)
		f[i] = (sab_yaml_field)SAB_YAML_FIELD(config_box_keys[i]);
	if (sab_yaml_fields(y, map, "sandbox", f, CONFIG_BOX_KEYS) != 0)
		return -1;
	return config_load_box(y, f, "sandbox", 1, &t->box);
}

enum { N_ADDRESS, N_CONNECT, N_NETMS, N_N };

/* The "network" mapping: where network entries listen, how long each
 * waits for its bot before a game, the allowance for the round trip. */
static int load_network(const sab_yaml *y, const sab_yaml_node *map,
    tconfig *t)
{
	sab_yaml_field f[N_N] = { SAB_YAML_FIELD("address"),
		SAB_YAML_FIELD("connect-ms"), SAB_YAML_FIELD("net-ms") };

	if (sab_yaml_fields(y, map, "network", f, N_N) != 0)
		return -1;
	if (f[N_ADDRESS].val && get_text(y, f[N_ADDRESS].val,
	    "network.address", 64, &t->net_address) != 0)
		return -1;
	if ((f[N_CONNECT].val && sab_yaml_int(y, f[N_CONNECT].val,
	    "network.connect-ms", 1, 86400000, &t->connect_ms) != 0) ||
	    (f[N_NETMS].val && sab_yaml_int(y, f[N_NETMS].val,
	    "network.net-ms", 0, 86400000, &t->net_ms) != 0))
		return -1;
	return 0;
}

/* A bot's command that names a seat of another kind: a network seat
 * ("listen:PORT") must name its ports well; a person's seat is for
 * saboteur play, whose terminal it takes, not for a tournament. */
static int check_seat(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, const char *command)
{
	char err[256];
	int lo, hi;

	if (human_is_seat(command))
		return sab_yaml_fail(y, n, place, "a person's seat (human) "
		    "plays in saboteur play only, not in a tournament");
	if (net_is_seat(command) && net_parse(command, &lo, &hi, err,
	    sizeof err) != 0)
		return sab_yaml_fail(y, n, place, "%s", err);
	return 0;
}

enum { B_NAME, B_COMMAND, B_CWD, B_ENV, B_MOVE, B_BANK, B_COPIES, B_BOX,
	B_N = B_BOX + CONFIG_BOX_KEYS - 1 };

/* The keys of a bot that a --config file's bots have too. */
static int load_bot_keys(const sab_yaml *y, const sab_yaml_field *f,
    const char *place, tconfig_bot *b)
{
	char sub[SAB_YAML_PLACE];

	if (sab_yaml_path_key(y, f[B_COMMAND].at, sub, place, "command") != 0 ||
	    get_text(y, f[B_COMMAND].val, sub, TEXT_MAX, &b->cb.command) != 0 ||
	    check_seat(y, f[B_COMMAND].val, sub, b->cb.command) != 0)
		return -1;
	if (f[B_CWD].val && (sab_yaml_path_key(y, f[B_CWD].at, sub, place,
	    "cwd") != 0 || get_text(y, f[B_CWD].val, sub, TEXT_MAX,
	    &b->cb.cwd) != 0))
		return -1;
	if (f[B_ENV].val && (sab_yaml_path_key(y, f[B_ENV].at, sub, place,
	    "env") != 0 || config_load_env(y, f[B_ENV].val, sub, &b->cb) != 0))
		return -1;
	return config_load_box(y, f + B_BOX, place, 0, &b->cb.box);
}

/* Reads entry `entry` of the bots list into t->bots[i]; *copies gets its
 * "copies" (1 when absent), *name_at the node of its name. */
static int load_bot(const sab_yaml *y, const sab_yaml_node *map, int entry,
    int i, tconfig *t, int64_t *copies, const sab_yaml_node **name_at)
{
	sab_yaml_field f[B_N] = { SAB_YAML_FIELD("name"),
		SAB_YAML_FIELD("command"), SAB_YAML_FIELD("cwd"),
		SAB_YAML_FIELD("env"), SAB_YAML_FIELD("move-ms"),
		SAB_YAML_FIELD("bank-ms"), SAB_YAML_FIELD("copies") };
	tconfig_bot *b = &t->bots[i];
	char place[SAB_YAML_PLACE], sub[SAB_YAML_PLACE];

	for (int k = 1; k < CONFIG_BOX_KEYS; k++)
		f[B_BOX + k - 1] = (sab_yaml_field)SAB_YAML_FIELD(
		    config_box_keys[k]);
	b->at = sab_yaml_at(map);
	b->move_ms = b->bank_ms = -1;
	*copies = 1;
	if (sab_yaml_path_index(y, b->at, place, "bots", (size_t)entry) != 0 ||
	    sab_yaml_fields(y, map, place, f, B_N) != 0 ||
	    sab_yaml_need_field(y, map, place, &f[B_NAME]) != 0 ||
	    sab_yaml_need_field(y, map, place, &f[B_COMMAND]) != 0)
		return -1;
	if (sab_yaml_path_key(y, f[B_NAME].at, sub, place, "name") != 0 ||
	    config_load_name(y, f[B_NAME].val, sub, b->cb.name) != 0)
		return -1;
	*name_at = f[B_NAME].val;
	if (f[B_COPIES].val && (sab_yaml_path_key(y, f[B_COPIES].at, sub,
	    place, "copies") != 0 || sab_yaml_int(y, f[B_COPIES].val, sub, 1,
	    TCONFIG_MAX_BOTS, copies) != 0))
		return -1;
	/* The copies of a bot are told apart by a number: NAME-1 ... */
	if (*copies > 1) {
		char name[sizeof b->cb.name];
		int w = snprintf(name, sizeof name, "%s-%lld", b->cb.name,
		    (long long)*copies);
		if (w < 0 || (size_t)w >= sizeof name)
			return sab_yaml_path_key(y, f[B_NAME].at, sub, place,
			    "name") != 0 ? -1 :
			    sab_yaml_fail(y, f[B_NAME].val, sub, "\"%s\" is "
			    "too long a name for %lld copies (NAME-%lld is at "
			    "most 32 characters)", b->cb.name, (long long)*copies,
			    (long long)*copies);
	}
	if (load_bot_keys(y, f, place, b) != 0)
		return -1;
	/* A network entry is one remote bot on its own port. */
	if (*copies > 1 && net_is_seat(b->cb.command))
		return sab_yaml_path_key(y, f[B_COPIES].at, sub, place,
		    "copies") != 0 ? -1 : sab_yaml_fail(y, f[B_COPIES].val, sub,
		    "a network entry is one bot on its own port: write an "
		    "entry for each remote bot instead of copies");
	if (f[B_MOVE].val && (sab_yaml_path_key(y, f[B_MOVE].at, sub, place,
	    "move-ms") != 0 || sab_yaml_int(y, f[B_MOVE].val, sub, 1, 86400000,
	    &b->move_ms) != 0))
		return -1;
	if (f[B_BANK].val && (sab_yaml_path_key(y, f[B_BANK].at, sub, place,
	    "bank-ms") != 0 || sab_yaml_int(y, f[B_BANK].val, sub, 0, 86400000,
	    &b->bank_ms) != 0))
		return -1;
	return 0;
}

/* "NAME-k" into out (33 bytes), NAME cut to fit. */
static void numbered(char *out, const char *name, int k)
{
	char num[16];
	int w = snprintf(num, sizeof num, "-%d", k);
	size_t keep = strlen(name);

	if (w < 0)
		w = 0;
	if (keep + (size_t)w > 32)
		keep = 32 - (size_t)w;
	memcpy(out, name, keep);
	memcpy(out + keep, num, (size_t)w + 1);
}

/* A duplicate of bot `from`'s entry, for copy k (from 1) of it: the same
 * command, folder, environment and clock, named NAME-k.  0, or -1 when out
 * of memory. */
static int copy_bot(tconfig_bot *to, const tconfig_bot *from, int k)
{
	const config_bot *c = &from->cb;
	char base[sizeof c->name];

	/* load_bot() made sure NAME-k fits. */
	memcpy(base, c->name, sizeof base);
	*to = *from;
	memset(to->cb.env, 0, sizeof to->cb.env);
	to->cb.command = to->cb.cwd = NULL;
	numbered(to->cb.name, base, k);
	if ((to->cb.command = strdup(c->command)) == NULL ||
	    (c->cwd != NULL && (to->cb.cwd = strdup(c->cwd)) == NULL))
		return -1;
	for (int e = 0; e < CONFIG_MAX_ENV && c->env[e] != NULL; e++)
		if ((to->cb.env[e] = strdup(c->env[e])) == NULL)
			return -1;
	return 0;
}

static int load_bots(const sab_yaml *y, const sab_yaml_node *seq, tconfig *t)
{
	size_t n;
	int at = 0;

	if (sab_yaml_kind(seq) != SAB_YAML_LIST)
		return sab_yaml_fail(y, seq, "bots", "expected a list of bots "
		    "(- name: NAME, command: COMMAND), found %s",
		    sab_yaml_kind_name(seq));
	n = sab_yaml_count(seq);
	if (n == 0)
		return sab_yaml_fail(y, seq, "bots", "the list is empty");
	if (n > TCONFIG_MAX_BOTS)
		return sab_yaml_fail(y, seq, "bots", "%zu bots, at most %d", n,
		    TCONFIG_MAX_BOTS);
	/* Room for every copy an entry may ask for; which entry and which
	 * copy each is, for messages. */
	static int entry[TCONFIG_MAX_BOTS], copy[TCONFIG_MAX_BOTS];
	if ((t->bots = calloc(TCONFIG_MAX_BOTS, sizeof *t->bots)) == NULL)
		return sab_yaml_fail(y, seq, "bots", "out of memory");
	for (size_t i = 0; i < n; i++) {
		const sab_yaml_node *item = sab_yaml_item(y, seq, i), *name_at;
		int64_t copies;
		if (at >= TCONFIG_MAX_BOTS)
			return sab_yaml_fail(y, item, "bots", "more than %d bots "
			    "with their copies", TCONFIG_MAX_BOTS);
		t->nbots = at + 1;      /* so tconfig_free() sees what is set */
		if (load_bot(y, item, (int)i, at, t, &copies, &name_at) != 0)
			return -1;
		if (at + copies > TCONFIG_MAX_BOTS)
			return sab_yaml_fail(y, item, "bots", "more than %d bots "
			    "with their copies", TCONFIG_MAX_BOTS);
		for (int k = 2; k <= copies; k++) {
			t->nbots = at + k;
			if (copy_bot(&t->bots[at + k - 1], &t->bots[at], k) != 0)
				return sab_yaml_fail(y, item, "bots",
				    "out of memory");
		}
		if (copies > 1) {
			char name[sizeof t->bots[at].cb.name];
			memcpy(name, t->bots[at].cb.name, sizeof name);
			numbered(t->bots[at].cb.name, name, 1);
		}
		/* Every name once, the copies' numbered names included. */
		for (int c = at; c < at + copies; c++)
			for (int j = 0; j < c; j++) {
				char place[SAB_YAML_PLACE], whose[48];
				if (strcmp(t->bots[j].cb.name,
				    t->bots[c].cb.name) != 0)
					continue;
				(void)snprintf(place, sizeof place,
				    "bots[%zu].name", i);
				if (copy[j] > 0)
					(void)snprintf(whose, sizeof whose,
					    "copy %d of bots[%d]", copy[j],
					    entry[j]);
				else
					(void)snprintf(whose, sizeof whose,
					    "bots[%d]", entry[j]);
				return sab_yaml_fail(y, name_at, place, "\"%s\" "
				    "is already the name of %s (line %d)",
				    t->bots[c].cb.name, whose,
				    t->bots[j].at.line);
			}
		for (int c = at; c < at + copies; c++) {
			entry[c] = (int)i;
			copy[c] = copies > 1 ? c - at + 1 : 0;
		}
		at += (int)copies;
	}
	t->nbots = at;
	return 0;
}

enum { S_KIND, S_ROUNDS, S_GAMES, S_CHALLENGER, S_DUPLICATE, S_SEQUENTIAL,
	S_N };

/* 1 when a is written after b. */
static int later(sab_yaml_mark a, sab_yaml_mark b)
{
	return a.line > b.line || (a.line == b.line && a.column > b.column);
}

/* How long: rounds or games, and where the size is to be blamed. */
static int load_length(const sab_yaml *y, const sab_yaml_node *map,
    sab_yaml_mark bots_at, const sab_yaml_field *f, tconfig *t)
{
	const sab_yaml_node *r = f[S_ROUNDS].val, *g = f[S_GAMES].val;
	uint64_t v;

	if (r && g)
		return sab_yaml_fail_mark(y, later(f[S_ROUNDS].at,
		    f[S_GAMES].at) ? f[S_ROUNDS].at : f[S_GAMES].at, "schedule",
		    "give rounds or games, not both");
	t->schedule_at = r ? sab_yaml_at(r) : g ? sab_yaml_at(g) :
	    map ? sab_yaml_at(map) : bots_at;
	if (r) {
		if (sab_yaml_u64(y, r, "schedule.rounds", 1, TCONFIG_MAX_GAMES,
		    &v) != 0)
			return -1;
		t->rounds = (long)v;
	}
	if (g) {
		if (sab_yaml_u64(y, g, "schedule.games", 1, TCONFIG_MAX_GAMES,
		    &v) != 0)
			return -1;
		t->games = (long)v;
		t->rounds = 0;
	}
	return 0;
}

/* Who plays: a gauntlet's challenger, and enough bots for the tables. */
static int load_lineups(const sab_yaml *y, const sab_yaml_node *map,
    sab_yaml_mark bots_at, const sab_yaml_field *f, tconfig *t)
{
	const sab_yaml_node *ch = f[S_CHALLENGER].val;
	char q[SAB_YAML_QUOTE];
	const char *s;
	size_t len;

	if (t->kind == TCONFIG_ROUND_ROBIN) {
		if (ch != NULL)
			return sab_yaml_fail_mark(y, f[S_CHALLENGER].at,
			    "schedule.challenger", "only a gauntlet has a "
			    "challenger (add kind: gauntlet)");
		if (t->nbots < t->players)
			return sab_yaml_fail_mark(y, bots_at, "bots", "%d "
			    "bot%s "
			    "for games of %d players: a round robin needs at "
			    "least %d", t->nbots, t->nbots == 1 ? "" : "s",
			    t->players, t->players);
		return 0;
	}
	if (ch == NULL)
		return sab_yaml_fail(y, map, "schedule", "missing key "
		    "\"challenger\" (a gauntlet needs the name of its "
		    "challenger)");
	if ((s = sab_yaml_scalar(ch, &len)) == NULL ||
	    (t->challenger = tconfig_find(t, s)) < 0)
		return sab_yaml_fail(y, ch, "schedule.challenger", "expected "
		    "the name of one of the bots, found %s", s != NULL ?
		    sab_yaml_quote(s, len, q) : sab_yaml_kind_name(ch));
	if (t->nbots < t->players)
		return sab_yaml_fail_mark(y, bots_at, "bots", "%d bot%s for "
		    "games of %d players: a gauntlet needs the challenger and "
		    "at least %d others", t->nbots, t->nbots == 1 ? "" : "s",
		    t->players, t->players - 1);
	return 0;
}

/* A number in (lo, hi) for the sequential test. */
static int real_in(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, double lo, double hi, double *out)
{
	char q[SAB_YAML_QUOTE], *end;
	size_t len;
	const char *v = sab_yaml_scalar(n, &len);

	if (v == NULL || len == 0 || len > 30)
		return sab_yaml_fail(y, n, place, "expected a number between %.15g "
		    "and %.15g, found %s", lo, hi, v != NULL ?
		    sab_yaml_quote(v, len, q) : sab_yaml_kind_name(n));
	errno = 0;
	*out = strtod(v, &end);
	if (end != v + len || errno != 0 || !(*out > lo && *out < hi))
		return sab_yaml_fail(y, n, place, "expected a number between %.15g "
		    "and %.15g (both left out), found %s", lo, hi,
		    sab_yaml_quote(v, len, q));
	return 0;
}

/* schedule.sequential: margin (required), alpha and beta. */
static int load_sequential(const sab_yaml *y, const sab_yaml_node *map,
    tconfig *t)
{
	enum { Q_MARGIN, Q_ALPHA, Q_BETA, Q_N };
	sab_yaml_field f[Q_N] = { SAB_YAML_FIELD("margin"),
		SAB_YAML_FIELD("alpha"), SAB_YAML_FIELD("beta") };

	if (sab_yaml_fields(y, map, "schedule.sequential", f, Q_N) != 0)
		return -1;
	if (f[Q_MARGIN].val == NULL)
		return sab_yaml_fail(y, map, "schedule.sequential", "missing key "
		    "\"margin\" (the difference in gold a game worth "
		    "finding)");
	t->sequential = 1;
	t->seq_alpha = t->seq_beta = 0.05;
	if (real_in(y, f[Q_MARGIN].val, "schedule.sequential.margin", 0, 1e6,
	    &t->seq_margin) != 0 ||
	    (f[Q_ALPHA].val && real_in(y, f[Q_ALPHA].val,
	    "schedule.sequential.alpha", 0, 0.5, &t->seq_alpha) != 0) ||
	    (f[Q_BETA].val && real_in(y, f[Q_BETA].val,
	    "schedule.sequential.beta", 0, 0.5, &t->seq_beta) != 0))
		return -1;
	return 0;
}

/* The schedule section (which may be absent: map NULL), read after the
 * bots, whose names the challenger must be one of. */
static int load_schedule(const sab_yaml *y, const sab_yaml_node *map,
    sab_yaml_mark bots_at, tconfig *t)
{
	static const char *const kinds[] = { "round-robin", "gauntlet" };
	sab_yaml_field f[S_N] = { SAB_YAML_FIELD("kind"),
		SAB_YAML_FIELD("rounds"), SAB_YAML_FIELD("games"),
		SAB_YAML_FIELD("challenger"), SAB_YAML_FIELD("duplicate"),
		SAB_YAML_FIELD("sequential") };
	size_t kind;

	if (map != NULL && sab_yaml_fields(y, map, "schedule", f, S_N) != 0)
		return -1;
	if (f[S_KIND].val) {
		if (sab_yaml_word(y, f[S_KIND].val, "schedule.kind", kinds,
		    NELEM(kinds), &kind) != 0)
			return -1;
		t->kind = (int)kind;
	}
	if (load_length(y, map, bots_at, f, t) != 0)
		return -1;
	if (f[S_DUPLICATE].val && sab_yaml_bool(y, f[S_DUPLICATE].val,
	    "schedule.duplicate", &t->duplicate) != 0)
		return -1;
	if (load_lineups(y, map, bots_at, f, t) != 0)
		return -1;
	if (f[S_SEQUENTIAL].val == NULL)
		return 0;
	if (t->kind != TCONFIG_GAUNTLET)
		return sab_yaml_fail_mark(y, f[S_SEQUENTIAL].at,
		    "schedule.sequential", "only a gauntlet (a challenger "
		    "against the others) has a sequential test");
	return load_sequential(y, f[S_SEQUENTIAL].val, t);
}

/* ------------------------------------------------------------------ */
/* The whole file */

enum { R_NAME, R_RULESET, R_PLAYERS, R_SEED, R_SCHEDULE, R_TIME, R_FAILURES,
	R_CONCURRENCY, R_OUTPUT, R_BOTS, R_SANDBOX, R_NETWORK, R_N };

/* The file's name without its folder and .yaml or .yml, followed by
 * suffix. */
static char *stem_of(const char *source, const char *suffix)
{
	const char *base = strrchr(source, '/');
	size_t n, k = strlen(suffix);
	char *s;

	base = base ? base + 1 : source;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
		n -= 5;
	else if (n > 4 && strcmp(base + n - 4, ".yml") == 0)
		n -= 4;
	if (n == 0) {
		base = "tournament";
		n = strlen(base);
	}
	if ((s = malloc(n + k + 1)) == NULL)
		return NULL;
	memcpy(s, base, n);
	memcpy(s + n, suffix, k + 1);
	return s;
}

static int set_defaults(tconfig *t, const char *source, char *err,
    size_t errlen)
{
	t->challenger = -1;
	t->seed = 1;
	t->kind = TCONFIG_ROUND_ROBIN;
	t->rounds = 1;
	t->move_ms = 1000;
	t->bank_ms = 10000;
	t->handshake_ms = 10000;
	t->grace_ms = 50;
	t->tries = 3;
	t->max_line = 4096;
	t->max_output = 65536;
	t->disqualify_after = 10;
	t->connect_ms = 300000;
	t->net_ms = 100;
	t->ruleset_at.line = t->ruleset_at.column = 1;
	t->players_at = t->schedule_at = t->ruleset_at;
	if ((t->source = strdup(source)) == NULL ||
	    (t->ruleset = strdup("base")) == NULL ||
	    (t->name = stem_of(source, "")) == NULL ||
	    (t->output = stem_of(source, "-results")) == NULL)
		return sab_yaml_fail_at(err, errlen, source, t->ruleset_at,
		    NULL, "out of memory");
	return 0;
}

/* The scalar settings at the top of the file. */
static int load_top(const sab_yaml *y, const sab_yaml_field *f, tconfig *t)
{
	uint64_t v;

	if (f[R_NAME].val && get_text(y, f[R_NAME].val, "name", 200,
	    &t->name) != 0)
		return -1;
	if (f[R_RULESET].val) {
		t->ruleset_at = sab_yaml_at(f[R_RULESET].val);
		if (get_text(y, f[R_RULESET].val, "ruleset", TEXT_MAX,
		    &t->ruleset) != 0)
			return -1;
	}
	t->players_at = sab_yaml_at(f[R_PLAYERS].val);
	if (get_int(y, f[R_PLAYERS].val, "players", 2, SAB_MAX_PLAYERS,
	    &t->players) != 0)
		return -1;
	if (f[R_SEED].val && sab_yaml_u64(y, f[R_SEED].val, "seed", 0,
	    UINT64_MAX, &t->seed) != 0)
		return -1;
	if (f[R_CONCURRENCY].val) {
		if (sab_yaml_u64(y, f[R_CONCURRENCY].val, "concurrency", 0,
		    1024, &v) != 0)
			return -1;
		t->concurrency = (int)v;
	}
	if (f[R_OUTPUT].val && get_text(y, f[R_OUTPUT].val, "output",
	    TEXT_MAX, &t->output) != 0)
		return -1;
	return 0;
}

static int load_root(const sab_yaml *y, const sab_yaml_node *root,
    tconfig *t)
{
	sab_yaml_field f[R_N] = { SAB_YAML_FIELD("name"),
		SAB_YAML_FIELD("ruleset"), SAB_YAML_FIELD("players"),
		SAB_YAML_FIELD("seed"), SAB_YAML_FIELD("schedule"),
		SAB_YAML_FIELD("time"), SAB_YAML_FIELD("failures"),
		SAB_YAML_FIELD("concurrency"), SAB_YAML_FIELD("output"),
		SAB_YAML_FIELD("bots"), SAB_YAML_FIELD("sandbox"),
		SAB_YAML_FIELD("network") };

	if (root == NULL)
		return sab_yaml_fail(y, NULL, NULL, "the file is empty "
		    "(expected a mapping with players and bots)");
	if (sab_yaml_kind(root) != SAB_YAML_MAP)
		return sab_yaml_fail(y, root, NULL, "expected a mapping with "
		    "players and bots, found %s", sab_yaml_kind_name(root));
	if (sab_yaml_fields(y, root, "", f, R_N) != 0 ||
	    sab_yaml_need_field(y, root, "", &f[R_PLAYERS]) != 0 ||
	    sab_yaml_need_field(y, root, "", &f[R_BOTS]) != 0)
		return -1;
	if (load_top(y, f, t) != 0)
		return -1;
	if (f[R_TIME].val && load_time(y, f[R_TIME].val, t) != 0)
		return -1;
	if (f[R_FAILURES].val && load_failures(y, f[R_FAILURES].val, t) != 0)
		return -1;
	if (f[R_SANDBOX].val && load_sandbox(y, f[R_SANDBOX].val, t) != 0)
		return -1;
	if (f[R_NETWORK].val && load_network(y, f[R_NETWORK].val, t) != 0)
		return -1;
	if (load_bots(y, f[R_BOTS].val, t) != 0)
		return -1;
	return load_schedule(y, f[R_SCHEDULE].val, f[R_BOTS].at, t);
}

int tconfig_parse(tconfig *t, const char *text, size_t len,
    const char *source, char *err, size_t errlen)
{
	schedule s;
	sab_yaml *y;
	int rc;

	memset(t, 0, sizeof *t);
	if (set_defaults(t, source, err, errlen) != 0)
		return -1;
	if ((y = sab_yaml_load(text, len, source, "a tournament", err,
	    errlen)) == NULL)
		return -1;
	rc = load_root(y, sab_yaml_root(y), t);
	sab_yaml_free(y);
	if (rc != 0)
		return -1;
	for (int i = 0; i < t->nbots; i++) {
		if (t->bots[i].move_ms < 0)
			t->bots[i].move_ms = t->move_ms;
		if (t->bots[i].bank_ms < 0)
			t->bots[i].bank_ms = t->bank_ms;
	}
	/* A schedule too large to play is refused here; its message names
	 * the place. */
	rc = schedule_make(&s, t, err, errlen);
	schedule_free(&s);
	return rc;
}

int tconfig_load(const char *path, tconfig *t, char *err, size_t errlen)
{
	size_t len;
	char *text = cli_read_file(path, &len);
	int rc;

	if (text == NULL) {
		memset(t, 0, sizeof *t);
		return sab_fail(err, errlen, "%s: cannot read: %s", path,
		    strerror(errno));
	}
	rc = tconfig_parse(t, text, len, path, err, errlen);
	free(text);
	return rc;
}

int tconfig_check_ruleset(const tconfig *t, const sab_ruleset *rs, char *err,
    size_t errlen)
{
	if (t->players >= rs->min_players && t->players <= rs->max_players)
		return 0;
	return sab_yaml_fail_at(err, errlen, t->source, t->players_at,
	    "players", "%d is out of range for ruleset %s (%d to %d players)",
	    t->players, rs->name, rs->min_players, rs->max_players);
}

int tconfig_find(const tconfig *t, const char *name)
{
	for (int i = 0; i < t->nbots; i++)
		if (strcmp(t->bots[i].cb.name, name) == 0)
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* The fingerprint */

static uint64_t hash_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return sab_fnv1a(h, b, sizeof b);
}

static uint64_t hash_text(uint64_t h, const char *s)
{
	if (s == NULL)
		return hash_u64(h, UINT64_MAX);
	h = hash_u64(h, strlen(s));
	return sab_fnv1a(h, s, strlen(s));
}

uint64_t tconfig_hash(const tconfig *t)
{
	uint64_t h = hash_text(SAB_FNV_OFFSET, "saboteur-tournament 1");
	int nenv;

	h = hash_text(h, t->ruleset);
	h = hash_u64(h, (uint64_t)t->players);
	h = hash_u64(h, t->seed);
	h = hash_u64(h, (uint64_t)t->kind);
	h = hash_u64(h, (uint64_t)t->rounds);
	h = hash_u64(h, (uint64_t)t->games);
	h = hash_u64(h, (uint64_t)(int64_t)t->challenger);
	h = hash_u64(h, (uint64_t)t->move_ms);
	h = hash_u64(h, (uint64_t)t->bank_ms);
	h = hash_u64(h, (uint64_t)t->handshake_ms);
	h = hash_u64(h, (uint64_t)t->grace_ms);
	h = hash_u64(h, (uint64_t)t->tries);
	h = hash_u64(h, (uint64_t)t->max_line);
	h = hash_u64(h, (uint64_t)t->max_output);
	h = hash_u64(h, (uint64_t)t->disqualify_after);
	h = hash_u64(h, (uint64_t)t->nbots);
	for (int i = 0; i < t->nbots; i++) {
		const config_bot *b = &t->bots[i].cb;

		h = hash_text(h, b->name);
		h = hash_text(h, b->command);
		h = hash_text(h, b->cwd);
		for (nenv = 0; b->env[nenv] != NULL; nenv++)
			continue;
		h = hash_u64(h, (uint64_t)nenv);
		for (int k = 0; k < nenv; k++)
			h = hash_text(h, b->env[k]);
		h = hash_u64(h, (uint64_t)t->bots[i].move_ms);
		h = hash_u64(h, (uint64_t)t->bots[i].bank_ms);
	}
	/* Duplicate deals change every game's deal: only when on, so that
	 * the hash of a file without them is what it was.  The sequential
	 * test is not hashed: it says when to stop, not what a game is, so a
	 * run may be resumed with another margin or error rates.  Since
	 * every round of a duplicate deal is dealt by seat, the word is
	 * another: a folder of earlier duplicate games, whose later rounds
	 * were dealt from the seat that started them, is not resumed with
	 * games dealt otherwise. */
	if (t->duplicate)
		h = hash_text(h, "duplicate dealt by seat");
	/* The network allowance changes the time a network entry is
	 * charged: only with such an entry, so that the hash of a file
	 * without one is what it was. */
	for (int i = 0; i < t->nbots; i++)
		if (net_is_seat(t->bots[i].cb.command)) {
			h = hash_text(h, "network");
			h = hash_u64(h, (uint64_t)t->net_ms);
			break;
		}
	/* The sandbox's settings, only when the file gives some, so that the
	 * hash of a file without them is what it was before they existed. */
	for (int i = -1; i < t->nbots; i++) {
		const sandbox_settings *s = i < 0 ? &t->box : &t->bots[i].cb.box;
		int64_t v;

		if (s->given == 0)
			continue;
		h = hash_u64(h, (uint64_t)(int64_t)i);
		h = hash_u64(h, s->given);
		/* Fields added later count only when given. */
		for (size_t k = 0; sandbox_settings_field(s, k, &v); k++)
			if (k < SANDBOX_FIELDS_V1 || (s->given >> k & 1))
				h = hash_u64(h, (uint64_t)v);
	}
	return h;
}

void tconfig_free(tconfig *t)
{
	if (t == NULL)
		return;
	for (int i = 0; t->bots != NULL && i < t->nbots; i++) {
		config_bot *b = &t->bots[i].cb;

		free(b->command);
		free(b->cwd);
		for (int k = 0; k < CONFIG_MAX_ENV && b->env[k] != NULL; k++)
			free(b->env[k]);
	}
	free(t->bots);
	free(t->source);
	free(t->name);
	free(t->ruleset);
	free(t->output);
	free(t->net_address);
	memset(t, 0, sizeof *t);
}
