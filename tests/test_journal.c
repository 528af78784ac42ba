/* test_journal.c: the results journal: its line format (and an earlier
 * version's, read as it was meant), role lists, appending and reading
 * back, a torn last line, games recorded twice, the lock, and resuming
 * only the same tournament. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <check.h>

#include "journal.h"
#include "suites.h"
#include "tmpdir.h"

static char err[512];

/* The base game's role list, as a journal of it names them. */
static const journal_roles *base(void)
{
	static journal_roles r;

	journal_roles_base(&r);
	return &r;
}

/* A finished game of three seats over three rounds. */
static journal_game sample(long index, const char *a, const char *b,
    const char *c, int ga, int gb, int gc)
{
	journal_game g;
	const char *names[3] = { a, b, c };
	int gold[3] = { ga, gb, gc };

	memset(&g, 0, sizeof g);
	g.index = index;
	g.seed = 1000 + (uint64_t)index;
	g.players = 3;
	g.rounds = 3;
	for (int s = 0; s < 3; s++) {
		journal_seat *t = &g.seat[s];
		snprintf(t->bot, sizeof t->bot, "%s", names[s]);
		t->gold = gold[s];
		t->decisions = 30 + s;
		t->think_us = 1000 * (s + 1);
		for (int r = 0; r < 3; r++)
			t->role[r] = (uint8_t)((r + s) % 3 == 0 ?
			    SAB_ROLE_SABOTEUR : SAB_ROLE_MINER);
	}
	/* The miners win rounds 1 and 3, the saboteurs round 2; each winner
	 * is paid r + s + 1. */
	g.paid = 1;
	for (int r = 0; r < 3; r++)
		for (int s = 0; s < 3; s++)
			if (g.seat[s].role[r] == (r == 1 ? SAB_ROLE_SABOTEUR :
			    SAB_ROLE_MINER)) {
				g.round_winners[r] |= (uint16_t)(1u << s);
				g.seat[s].pay[r] = r + s + 1;
			}
	for (int s = 0; s < 3; s++)
		if (gold[s] >= ga && gold[s] >= gb && gold[s] >= gc)
			g.winners |= (uint16_t)(1u << s);
	snprintf(g.replay, sizeof g.replay, "replays/%ld.sabr.gz", index);
	return g;
}

/* ------------------------------------------------------------------ */
/* Lines */

START_TEST(line_round_trips)
{
	journal_game g = sample(17, "alpha", "beta", "gamma", 3, 0, 3), back;
	char line[JOURNAL_LINE_MAX];
	int n;

	g.seat[1].illegal = 2;
	g.seat[1].defaults = 1;
	g.seat[2].timeouts = 1;
	g.seat[2].status = BOT_CRASH;
	g.seat[1].think_us = 8000000000LL;
	n = journal_format(&g, base(), line, sizeof line, err, sizeof err);
	ck_assert_msg(n > 0, "%s", err);
	ck_assert_str_eq(line, "game 17 seed=1017 bots=alpha,beta,gamma "
	    "gold=3,0,3 winners=0,2 roles=smm,mms,msm "
	    "results=1+2:0/2/3,2:0/0/4,0+2:3/0/5 "
	    "decisions=30,31,32 think-us=1000,8000000000,3000 illegal=0,2,0 "
	    "defaults=0,1,0 timeouts=0,0,1 status=ok,ok,crash "
	    "replay=replays/17.sabr.gz\n");
	ck_assert_int_eq(n, (int)strlen(line));
	line[n - 1] = '\0';
	ck_assert_msg(journal_parse(line, base(), &back, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_mem_eq(&g, &back, sizeof g);
}
END_TEST

/*
 * A line written by an earlier version (each round's side, no payouts)
 * reads as it was meant: the same roles, and as each round's winners the
 * seats of the side that won it ("-": nobody).  It is not written again.
 */
START_TEST(old_line_reads_as_it_was_meant)
{
	journal_game want = sample(17, "alpha", "beta", "gamma", 3, 0, 3), g;
	char line[JOURNAL_LINE_MAX];

	want.seat[1].illegal = 2;
	want.seat[2].status = BOT_CRASH;
	want.paid = 0;
	for (int s = 0; s < 3; s++)
		memset(want.seat[s].pay, 0, sizeof want.seat[s].pay);
	ck_assert_msg(journal_parse("game 17 seed=1017 bots=alpha,beta,gamma "
	    "gold=3,0,3 winners=0,2 rounds=smm:m,mms:s,msm:m "
	    "decisions=30,31,32 think-us=1000,2000,3000 illegal=0,2,0 "
	    "defaults=0,0,0 timeouts=0,0,0 status=ok,ok,crash "
	    "replay=replays/17.sabr.gz", base(), &g, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_mem_eq(&g, &want, sizeof g);
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 17: no payouts (a game of an earlier "
	    "version's journal is not written again)");

	/* Nobody won a round of the course game, or one dealt no saboteur
	 * whose gold was not reached. */
	ck_assert_msg(journal_parse("game 3 seed=1 bots=a,b gold=0,1 "
	    "winners=1 rounds=--:-,mm:- decisions=1,1 think-us=1,1 "
	    "illegal=0,0 defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	    base(), &g, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(g.rounds, 2);
	ck_assert_int_eq(g.round_winners[0] | g.round_winners[1], 0);
	ck_assert_int_eq(g.seat[1].role[0], SAB_ROLE_NONE);
	ck_assert_int_eq(g.seat[1].role[1], SAB_ROLE_MINER);
}
END_TEST

/* A ruleset's role list, each role's letter its name's first free one. */
START_TEST(roles_follow_the_ruleset)
{
	static const char *const names[] = { "none", "green-miner",
		"blue-miner", "boss", "geologist", "saboteur", "bandit" };
	sab_ruleset rs;
	journal_roles r;
	journal_game g, back;
	char line[JOURNAL_LINE_MAX];
	int n;

	ck_assert_int_eq(sab_ruleset_load_builtin(&rs, "base", err,
	    sizeof err), 0);
	ck_assert_int_eq(journal_roles_of(&r, &rs, err, sizeof err), 0);
	ck_assert(journal_roles_equal(&r, base()));
	rs.nroles = 7;
	for (int i = 0; i < 7; i++)
		snprintf(rs.roles[i].name, sizeof rs.roles[i].name, "%s",
		    names[i]);
	ck_assert_int_eq(journal_roles_of(&r, &rs, err, sizeof err), 0);
	ck_assert_int_eq(r.n, 7);
	ck_assert_mem_eq(r.letter, "-gboesa", 7);
	ck_assert_str_eq(r.name[3], "boss");
	ck_assert(!journal_roles_equal(&r, base()));

	/* Lines use those letters; the base game's do not read them. */
	g = sample(4, "a", "b", "c", 1, 2, 3);
	g.seat[0].role[0] = 6;
	g.seat[1].role[0] = 4;
	n = journal_format(&g, &r, line, sizeof line, err, sizeof err);
	ck_assert_msg(n > 0, "%s", err);
	ck_assert(strstr(line, " roles=aeg,ggb,gbg ") != NULL);
	line[n - 1] = '\0';
	ck_assert_int_eq(journal_parse(line, &r, &back, err, sizeof err), 0);
	ck_assert_mem_eq(&g, &back, sizeof g);
	ck_assert_int_eq(journal_parse(line, base(), &back, err, sizeof err),
	    -1);
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 4: seat 0: a role or payout of round 1 "
	    "out of range");

	/* A name that cannot be one word of the header. */
	snprintf(rs.roles[2].name, sizeof rs.roles[2].name, "blue miner");
	ck_assert_int_eq(journal_roles_of(&r, &rs, err, sizeof err), -1);
	ck_assert_str_eq(err, "role 2 \"blue miner\" cannot be journaled: a "
	    "role's name is 1 to 31 letters, digits, '.', '_' or '-', given "
	    "once");
}
END_TEST

/* Two games of twelve seats hold every status: the second begins where
 * the first ended, and is played unsealed. */
START_TEST(every_status_and_role_round_trips)
{
	journal_game g, back;
	char line[JOURNAL_LINE_MAX];
	int n;

	ck_assert_int_le(JOURNAL_STATUSES, 2 * SAB_MAX_PLAYERS);
	for (int off = 0; off < JOURNAL_STATUSES; off += SAB_MAX_PLAYERS) {
		memset(&g, 0, sizeof g);
		g.index = JOURNAL_MAX_INDEX - 1;
		g.seed = UINT64_MAX;
		g.players = SAB_MAX_PLAYERS;
		g.rounds = SAB_MAX_ROUNDS;
		g.paid = 1;
		g.unsealed = off > 0;
		for (int s = 0; s < g.players; s++) {
			snprintf(g.seat[s].bot, sizeof g.seat[s].bot, "bot-%d", s);
			g.seat[s].status = (s + off) % JOURNAL_STATUSES;
			g.seat[s].gold = s - 2; /* negative gold reads back */
			for (int r = 0; r < g.rounds; r++) {
				g.seat[s].role[r] = (uint8_t)((s + r) % 3);
				g.seat[s].pay[r] = (s + r) % 5 - 1;  /* and payouts */
			}
		}
		for (int r = 0; r < g.rounds; r++)
			g.round_winners[r] = (uint16_t)(r * 37 % (1 << g.players));
		n = journal_format(&g, base(), line, sizeof line, err, sizeof err);
		ck_assert_msg(n > 0, "%s", err);
		ck_assert(strstr(line, " winners=- ") != NULL);
		ck_assert(strstr(line, " results=-:-1/0/1/2/3/-1/0/1/2/3/-1/0,"
		    "0+2+5:0/1/2/3/-1/") != NULL);
		if (off == 0) {
			ck_assert(strstr(line, " replay=-\n") != NULL);
			ck_assert(strstr(line, "status=ok,no-start,handshake,"
			    "timeout,crash,closed,line-too-long,flood,memory,cpu,"
			    "file-size,processes ") != NULL);
		} else {
			ck_assert(strstr(line, " replay=- sandbox=off\n") != NULL);
			ck_assert(strstr(line, "status=disk,disqualified,ok,"
			    "no-start,") != NULL);
		}
		line[n - 1] = '\0';
		ck_assert_msg(journal_parse(line, base(), &back, err,
		    sizeof err) == 0, "%s", err);
		ck_assert_mem_eq(&g, &back, sizeof g);
	}
	ck_assert_str_eq(journal_status_name(JOURNAL_DISQUALIFIED),
	    "disqualified");
}
END_TEST

START_TEST(format_refuses_what_a_line_cannot_hold)
{
	journal_game g = sample(1, "a", "b", "c", 1, 2, 3);
	char line[JOURNAL_LINE_MAX];

	snprintf(g.seat[1].bot, sizeof g.seat[1].bot, "my bot");
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 1: seat 1: bot name \"my bot\" is not 1 to "
	    "32 letters, digits, '.', '_' or '-'");
	g = sample(1, "a", "b", "c", 1, 2, 3);
	snprintf(g.replay, sizeof g.replay, "my replay.gz");
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 1: replay name \"my replay.gz\" is not one "
	    "word");
	g = sample(-1, "a", "b", "c", 1, 2, 3);
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game index -1 out of range");
	g = sample(2, "a", "b", "c", 1, 2, 3);
	g.winners = 1u << 3;
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 2: a winner beyond the seats");
	g = sample(2, "a", "b", "c", 1, 2, 3);
	g.round_winners[1] = 1u << 3;
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 2: a winner of round 2 beyond the seats");
	g = sample(2, "a", "b", "c", 1, 2, 3);
	g.seat[2].pay[2] = 40000;
	ck_assert_int_eq(journal_format(&g, base(), line, sizeof line, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, "game 2: seat 2: a role or payout of round 3 out "
	    "of range");
	g = sample(2, "a", "b", "c", 1, 2, 3);
	ck_assert_int_eq(journal_format(&g, base(), line, 20, err, sizeof err), -1);
	ck_assert_str_eq(err, "game 2: the journal line is too long");
}
END_TEST

static const struct {
	const char *line, *message;
} bad_lines[] = {
	{ "", "expected \"game INDEX ...\"" },
	{ "gaem 1", "expected \"game INDEX ...\"" },
	{ "game 10000000 seed=1", "expected \"game INDEX ...\"" },
	{ "game 1 seed=1", "game 1: 1 fields, expected 13" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=0 rounds=mm:m "
	  "decisions=1,1 illegal=0,0 think-us=1,1 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: expected think-us= as field 7" },
	{ "game 1 seed=1 bots=a,b gold=1,x winners=0 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad gold value \"1,x\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2,3 winners=0 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad gold value \"1,2,3\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=2 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad winners value \"2\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 rounds=mx:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad rounds value \"mx:m\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 rounds=mm:m "
	  "decisions=1,-1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad decisions value \"1,-1\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,sleepy replay=-", "game 1: bad status value "
	  "\"ok,sleepy\"" },
	{ "game 1 seed=1 bots=a,b c gold=1,2 winners=1 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: expected gold= as field 3" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 rounds=mm:m roles=mm "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: expected roles= as field 5" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm,sm "
	  "results=1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 "
	  "timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"1:0/2\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mx "
	  "results=1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 "
	  "timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad roles value \"mx\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1+1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"1+1:0/2\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=2:0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"2:0/2\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1:0/2/0 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"1:0/2/0\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1;0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"1;0/2\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1:0/32768 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: bad results value \"1:0/32768\"" },
	{ "game 1 seed=1 bots=a,b c gold=1,2 winners=1 roles=mm "
	  "results=1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=-",
	  "game 1: expected gold= as field 3" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=- sandbox=on",
	  "game 1: bad sandbox value \"on\"" },
	{ "game 1 seed=1 bots=a,b gold=1,2 winners=1 roles=mm "
	  "results=1:0/2 decisions=1,1 think-us=1,1 illegal=0,0 "
	  "defaults=0,0 timeouts=0,0 status=ok,ok replay=- sandbox=off x",
	  "game 1: 15 fields, expected 13" },
	{ "game 1 seed=-1 bots=a,b gold=1,2 winners=1 rounds=mm:m "
	  "decisions=1,1 think-us=1,1 illegal=0,0 defaults=0,0 timeouts=0,0 "
	  "status=ok,ok replay=-", "game 1: bad seed value \"-1\"" },
};

START_TEST(bad_lines_are_named)
{
	journal_game g;

	for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++) {
		ck_assert_msg(journal_parse(bad_lines[i].line, base(), &g, err,
		    sizeof err) == -1, "%s", bad_lines[i].line);
		ck_assert_str_eq(err, bad_lines[i].message);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* Files */

/* Collects what reading a journal reports. */
typedef struct seen {
	journal_game games[16];
	int n;
	char warnings[4][512];
	int nwarn;
} seen;

static int on_game(void *arg, const journal_game *g, char *e, size_t elen)
{
	seen *s = arg;

	(void)e;
	(void)elen;
	ck_assert_int_lt(s->n, 16);
	s->games[s->n++] = *g;
	return 0;
}

static void on_warn(void *arg, const char *msg)
{
	seen *s = arg;

	ck_assert_int_lt(s->nwarn, 4);
	snprintf(s->warnings[s->nwarn++], sizeof s->warnings[0], "%s", msg);
}

/* A scratch folder and the journal folder inside it (not yet made). */
typedef struct place {
	char tmp[256], dir[300], file[400];
} place;

static void place_make(place *p)
{
	tmpdir_make(p->tmp, sizeof p->tmp, "journal");
	tmpdir_path(p->tmp, p->dir, sizeof p->dir, "run");
	tmpdir_path(p->dir, p->file, sizeof p->file, "journal.txt");
}

static void place_remove(const place *p)
{
	tmpdir_remove(p->dir);
	tmpdir_remove(p->tmp);
}

static journal *open_ok(const place *p, uint64_t h, int i, int n, seen *s)
{
	journal_visit v = { on_game, on_warn, s, NULL };
	journal *j;

	ck_assert_msg(journal_open(&j, p->dir, h, i, n, base(), s ? &v : NULL,
	    err, sizeof err) == 0, "%s", err);
	return j;
}

static void append_ok(journal *j, const journal_game *g)
{
	ck_assert_msg(journal_append(j, g, err, sizeof err) == 0, "%s", err);
}

static void append_raw(const char *file, const char *text)
{
	FILE *f = fopen(file, "a");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static char *slurp(const char *file)
{
	FILE *f = fopen(file, "r");
	char *buf = calloc(1, 65536);

	ck_assert_ptr_nonnull(f);
	fread(buf, 1, 65535, f);
	fclose(f);
	return buf;
}

/* Three games written: 0, 1 and 5. */
static void three_games(const place *p, uint64_t h, journal_game *g)
{
	journal *j = open_ok(p, h, 1, 1, NULL);

	g[0] = sample(0, "a", "b", "c", 4, 0, 1);
	g[1] = sample(1, "b", "c", "a", 2, 2, 0);
	g[2] = sample(5, "c", "a", "b", 0, 3, 3);
	for (int k = 0; k < 3; k++)
		append_ok(j, &g[k]);
	ck_assert_int_eq(journal_count(j), 3);
	journal_close(j);
}

START_TEST(append_and_reload)
{
	place p;
	journal_game g[3], *loaded;
	journal_header h;
	journal *j;
	long n;
	seen s;
	char *text;
	int fds = open_fds();

	place_make(&p);
	j = open_ok(&p, 0xab, 1, 1, NULL);
	ck_assert_int_eq(journal_count(j), 0);
	g[0] = sample(0, "a", "b", "c", 4, 0, 1);
	g[1] = sample(1, "b", "c", "a", 2, 2, 0);
	g[2] = sample(5, "c", "a", "b", 0, 3, 3);
	for (int k = 0; k < 3; k++)
		append_ok(j, &g[k]);
	ck_assert(journal_has(j, 5) && journal_has(j, 0) && !journal_has(j, 2));
	ck_assert_int_eq(journal_append(j, &g[1], err, sizeof err), -1);
	ck_assert(strstr(err, "/journal.txt: game 1 is already recorded") !=
	    NULL);
	journal_close(j);
	journal_close(NULL);
	ck_assert_int_eq(open_fds(), fds);

	text = slurp(p.file);
	{
		const char *want = "saboteur-journal 1 config=00000000000000ab "
		    "shard=1/1 roles=m:miner,s:saboteur\ngame 0 seed=1000 "
		    "bots=a,b,c gold=4,0,1 ";
		ck_assert(strncmp(text, want, strlen(want)) == 0);
	}
	free(text);

	ck_assert_msg(journal_load(p.dir, &h, &loaded, &n, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(h.version, 1);
	ck_assert(h.config == 0xab);
	ck_assert_int_eq(h.shard, 1);
	ck_assert_int_eq(h.nshards, 1);
	ck_assert(journal_roles_equal(&h.roles, base()));
	ck_assert_int_eq(n, 3);
	ck_assert_mem_eq(loaded, g, sizeof g);
	free(loaded);

	/* Resuming hands back the finished games, then appends after them. */
	memset(&s, 0, sizeof s);
	j = open_ok(&p, 0xab, 1, 1, &s);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(s.nwarn, 0);
	ck_assert_int_eq(journal_count(j), 3);
	ck_assert(journal_has(j, 1));
	g[0] = sample(2, "a", "c", "b", 1, 1, 1);
	append_ok(j, &g[0]);
	journal_close(j);
	ck_assert_int_eq(journal_load(p.dir, &h, &loaded, &n, NULL, err,
	    sizeof err), 0);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(loaded[3].index, 2);
	free(loaded);
	ck_assert_int_eq(open_fds(), fds);
	place_remove(&p);
}
END_TEST

START_TEST(torn_last_line_is_dropped)
{
	place p;
	journal_game g[3];
	journal_header h;
	journal *j;
	seen s;
	struct stat st;
	off_t whole;
	char *text;

	place_make(&p);
	three_games(&p, 7, g);
	ck_assert_int_eq(stat(p.file, &st), 0);
	whole = st.st_size;
	/* kill -9 in the middle of a write leaves a line without newline. */
	append_raw(p.file, "game 7 seed=12 bots=a");

	memset(&s, 0, sizeof s);
	journal_visit v = { on_game, on_warn, &s, NULL };
	ck_assert_msg(journal_scan(p.dir, &h, &v, err, sizeof err) == 0, "%s",
	    err);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(s.nwarn, 1);
	ck_assert(strstr(s.warnings[0], "/journal.txt:5: a last line without "
	    "its newline (21 bytes, left by a run that was stopped) is "
	    "ignored") != NULL);

	/* Resuming cuts it off and appends cleanly. */
	memset(&s, 0, sizeof s);
	j = open_ok(&p, 7, 1, 1, &s);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(s.nwarn, 1);
	ck_assert(strstr(s.warnings[0], "is removed") != NULL);
	ck_assert_int_eq(stat(p.file, &st), 0);
	ck_assert_int_eq(st.st_size, whole);
	ck_assert(!journal_has(j, 7));
	g[0] = sample(7, "b", "a", "c", 0, 0, 2);
	append_ok(j, &g[0]);
	journal_close(j);

	memset(&s, 0, sizeof s);
	ck_assert_int_eq(journal_scan(p.dir, &h, &v, err, sizeof err), 0);
	ck_assert_int_eq(s.n, 4);
	ck_assert_int_eq(s.nwarn, 0);
	ck_assert_mem_eq(&s.games[3], &g[0], sizeof g[0]);
	text = slurp(p.file);
	ck_assert(text[strlen(text) - 1] == '\n');
	ck_assert(strstr(text, "bots=a\n") == NULL &&
	    strstr(text, "seed=12 ") == NULL);
	free(text);
	place_remove(&p);
}
END_TEST

START_TEST(game_recorded_twice_counts_once)
{
	place p;
	journal_game g[3];
	journal_header h;
	journal *j;
	seen s;
	char line[JOURNAL_LINE_MAX];
	journal_game again = sample(1, "b", "c", "a", 9, 9, 9);
	journal_visit v = { on_game, on_warn, &s, NULL };

	place_make(&p);
	three_games(&p, 7, g);
	ck_assert_int_gt(journal_format(&again, base(), line, sizeof line, err,
	    sizeof err), 0);
	append_raw(p.file, line);

	memset(&s, 0, sizeof s);
	ck_assert_int_eq(journal_scan(p.dir, &h, &v, err, sizeof err), 0);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(s.games[1].seat[0].gold, 2);   /* the first */
	ck_assert_int_eq(s.nwarn, 1);
	ck_assert(strstr(s.warnings[0], "/journal.txt:5: game 1 is recorded a "
	    "second time; the first counts") != NULL);

	memset(&s, 0, sizeof s);
	j = open_ok(&p, 7, 1, 1, &s);
	ck_assert_int_eq(journal_count(j), 3);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(s.nwarn, 1);
	journal_close(j);
	place_remove(&p);
}
END_TEST

/* The check a tournament gives: bot "z" sits in no game of its schedule. */
static int no_z(void *arg, const journal_game *g, char *why, size_t whylen)
{
	(void)arg;
	for (int s = 0; s < g->players; s++)
		if (strcmp(g->seat[s].bot, "z") == 0) {
			snprintf(why, whylen, "seat %d is z", s);
			return -1;
		}
	return 0;
}

/* Lines that read well but are not the tournament's: past the header's
 * schedule, in another shard, refused by the caller's check.  Each is
 * left out with a warning that names its line, and its game is not
 * counted, so that it can be played and appended. */
START_TEST(lines_that_do_not_belong_are_left_out)
{
	place p;
	journal_header h;
	journal *j;
	seen s;
	char line[JOURNAL_LINE_MAX];
	journal_game far = sample(99999, "a", "b", "c", 1, 1, 1),
	    other = sample(3, "a", "b", "c", 1, 1, 1),
	    stranger = sample(4, "z", "b", "c", 1, 1, 1),
	    fine = sample(6, "a", "b", "c", 1, 1, 1);
	journal_visit v = { on_game, on_warn, &s, no_z };

	place_make(&p);
	ck_assert_msg(journal_open_sized(&j, p.dir, 5, 1, 2, 30, base(), NULL,
	    err, sizeof err) == 0, "%s", err);
	journal_close(j);
	journal_game *all[] = { &far, &other, &stranger, &fine };
	for (int k = 0; k < 4; k++) {
		ck_assert_int_gt(journal_format(all[k], base(), line, sizeof line,
		    err, sizeof err), 0);
		append_raw(p.file, line);
	}
	memset(&s, 0, sizeof s);
	ck_assert_msg(journal_scan(p.dir, &h, &v, err, sizeof err) == 0, "%s",
	    err);
	ck_assert_int_eq(s.n, 1);
	ck_assert_int_eq(s.games[0].index, 6);
	ck_assert_int_eq(s.nwarn, 3);
	ck_assert_msg(strstr(s.warnings[0], "/journal.txt:2: game 99999 is not "
	    "one of this tournament's (the schedule has 30 games, from 0 to "
	    "29): left out") != NULL, "%s", s.warnings[0]);
	ck_assert_msg(strstr(s.warnings[1], "/journal.txt:3: game 3 is not one "
	    "of this tournament's (it is not in shard 1/2): left out") != NULL,
	    "%s", s.warnings[1]);
	ck_assert_msg(strstr(s.warnings[2], "/journal.txt:4: game 4 is not one "
	    "of this tournament's (seat 0 is z): left out") != NULL, "%s",
	    s.warnings[2]);

	/* Resumed: the game left out is not in the journal, and may be
	 * played and appended. */
	memset(&s, 0, sizeof s);
	ck_assert_msg(journal_open_sized(&j, p.dir, 5, 1, 2, 30, base(), &v,
	    err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(journal_count(j), 1);
	ck_assert_int_eq(journal_has(j, 4), 0);
	stranger.seat[0].bot[0] = 'a';
	append_ok(j, &stranger);
	ck_assert_int_eq(journal_count(j), 2);
	journal_close(j);
	place_remove(&p);
}
END_TEST

START_TEST(second_run_is_locked_out)
{
	place p;
	int ready[2], go[2], status;
	pid_t pid;
	char c = 0, want[512];
	journal *j;

	place_make(&p);
	ck_assert_int_eq(pipe(ready), 0);
	ck_assert_int_eq(pipe(go), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		/* The other run: holds the journal until told to stop. */
		int rc = journal_open(&j, p.dir, 3, 1, 1, base(), NULL, err,
		    sizeof err);
		c = rc == 0 ? 'y' : 'n';
		if (write(ready[1], &c, 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(2);
		journal_close(j);
		_exit(rc == 0 ? 0 : 1);
	}
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	ck_assert_int_eq(c, 'y');
	ck_assert_int_eq(journal_open(&j, p.dir, 3, 1, 1, base(), NULL, err,
	    sizeof err), -1);
	ck_assert_ptr_null(j);
	snprintf(want, sizeof want, "%s is in use by another run (pid %ld): "
	    "wait for it to end, stop it, or give --out another folder", p.dir,
	    (long)pid);
	ck_assert_str_eq(err, want);
	/* Reading is not locked out. */
	{
		journal_header h;
		ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err),
		    0);
	}
	ck_assert_int_eq(write(go[1], &c, 1), 1);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	/* The lock went with the other run. */
	j = open_ok(&p, 3, 1, 1, NULL);
	journal_close(j);
	close(ready[0]);
	close(ready[1]);
	close(go[0]);
	close(go[1]);
	place_remove(&p);
}
END_TEST

START_TEST(resume_refuses_another_tournament)
{
	place p;
	journal_game g[3];
	journal *j;
	char want[1024];

	place_make(&p);
	three_games(&p, 0x1111, g);
	ck_assert_int_eq(journal_open(&j, p.dir, 0x2222, 1, 1, base(), NULL, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s holds a run of another tournament file "
	    "(or of this one before it changed): give --out another folder, or "
	    "remove %s to start again", p.dir, p.dir);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(journal_open(&j, p.dir, 0x1111, 2, 4, base(), NULL, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s holds shard 1/1 of this tournament, not "
	    "2/4: give each shard its own --out folder", p.dir);
	ck_assert_str_eq(err, want);
	/* Refusing left the journal as it was. */
	j = open_ok(&p, 0x1111, 1, 1, NULL);
	ck_assert_int_eq(journal_count(j), 3);
	journal_close(j);
	place_remove(&p);
}
END_TEST

START_TEST(damaged_journals_are_named)
{
	place p;
	journal_header h;
	journal *j;
	char want[512], *text;

	place_make(&p);
	ck_assert_int_eq(mkdir(p.dir, 0755), 0);
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: cannot read: No such file or directory",
	    p.file);
	ck_assert_str_eq(err, want);

	/* A header cut short: nothing to read, and a run starts afresh. */
	append_raw(p.file, "saboteur-jour");
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: no journal header (the run stopped "
	    "before it began)", p.file);
	ck_assert_str_eq(err, want);
	j = open_ok(&p, 5, 2, 3, NULL);
	ck_assert_int_eq(journal_count(j), 0);
	journal_close(j);
	text = slurp(p.file);
	ck_assert_str_eq(text, "saboteur-journal 1 config=0000000000000005 "
	    "shard=2/3 roles=m:miner,s:saboteur\n");
	free(text);

	/* A bad line before the end is an error, not a torn line. */
	append_raw(p.file, "game 1 what\ngame 2 seed=1\n");
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:2: bad journal line: game 1: 1 fields, "
	    "expected 13", p.file);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(journal_open(&j, p.dir, 5, 2, 3, base(), NULL, err,
	    sizeof err), -1);
	ck_assert_str_eq(err, want);

	/* Another format. */
	ck_assert_int_eq(truncate(p.file, 0), 0);
	append_raw(p.file, "saboteur-journal 2 config=0 shard=1/1\n");
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:1: journal version 2; this program reads "
	    "version 1", p.file);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(truncate(p.file, 0), 0);
	append_raw(p.file, "results of my tournament\n");
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:1: not a saboteur journal (the first "
	    "line should begin \"saboteur-journal\")", p.file);
	ck_assert_str_eq(err, want);
	place_remove(&p);
}
END_TEST

/* A header written by a run that knows its schedule's size says so, and
 * reads back; a header without it reads as 0, and a bad size is refused. */
START_TEST(header_holds_the_schedule_size)
{
	place p;
	journal_header h;
	journal *j;
	char want[512], *text;

	place_make(&p);
	ck_assert_msg(journal_open_sized(&j, p.dir, 5, 2, 4, 60, base(), NULL,
	    err, sizeof err) == 0, "%s", err);
	journal_close(j);
	text = slurp(p.file);
	ck_assert_str_eq(text, "saboteur-journal 1 config=0000000000000005 "
	    "shard=2/4 schedule=60 roles=m:miner,s:saboteur\n");
	free(text);
	ck_assert_int_eq(journal_read_header(p.dir, &h, err, sizeof err), 0);
	ck_assert_int_eq(h.schedule, 60);
	ck_assert_int_eq(h.shard, 2);
	ck_assert_int_eq(h.nshards, 4);
	ck_assert_int_eq(h.roles.n, 3);
	/* Resumed by a run that does not say: the header stays. */
	j = open_ok(&p, 5, 2, 4, NULL);
	journal_close(j);
	ck_assert_int_eq(journal_read_header(p.dir, &h, err, sizeof err), 0);
	ck_assert_int_eq(h.schedule, 60);

	ck_assert_int_eq(truncate(p.file, 0), 0);
	append_raw(p.file, "saboteur-journal 1 config=5 shard=1/1 roles=-\n");
	ck_assert_int_eq(journal_read_header(p.dir, &h, err, sizeof err), 0);
	ck_assert_int_eq(h.schedule, 0);
	const char *bad[] = { "schedule=0 roles=-", "schedule=-3 roles=-",
		"schedule=12x roles=-", "schedule= roles=-",
		"schedule=99999999999999999999 roles=-" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		ck_assert_int_eq(truncate(p.file, 0), 0);
		append_raw(p.file, "saboteur-journal 1 config=5 shard=1/1 ");
		append_raw(p.file, bad[i]);
		append_raw(p.file, "\n");
		ck_assert_int_eq(journal_read_header(p.dir, &h, err, sizeof err),
		    -1);
		snprintf(want, sizeof want, "%s:1: bad journal header", p.file);
		ck_assert_str_eq(err, want);
	}
	place_remove(&p);
}
END_TEST

/* Two games as an earlier version wrote them: its header has no roles. */
static const char old_journal[] =
    "saboteur-journal 1 config=0000000000000009 shard=1/1\n"
    "game 0 seed=1000 bots=a,b,c gold=4,0,1 winners=0 rounds=smm:m,mms:s "
    "decisions=30,31,32 think-us=1000,2000,3000 illegal=0,0,0 "
    "defaults=0,0,0 timeouts=0,0,0 status=ok,ok,ok replay=-\n"
    "game 1 seed=1001 bots=b,c,a gold=2,2,0 winners=0,1 rounds=mss:- "
    "decisions=30,31,32 think-us=1000,2000,3000 illegal=0,0,0 "
    "defaults=0,0,0 timeouts=0,0,0 status=ok,ok,ok replay=-\n";

START_TEST(old_journal_reads_and_resumes)
{
	place p;
	journal_header h;
	journal_game *loaded, g = sample(5, "c", "a", "b", 0, 3, 3);
	journal_roles other;
	journal *j;
	long n;
	seen s;
	char want[1024], *text;

	place_make(&p);
	ck_assert_int_eq(mkdir(p.dir, 0700), 0);
	append_raw(p.file, old_journal);
	ck_assert_msg(journal_load(p.dir, &h, &loaded, &n, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert(journal_roles_equal(&h.roles, base()));
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(loaded[0].rounds, 2);
	ck_assert_int_eq(loaded[0].round_winners[0], 6);        /* miners */
	ck_assert_int_eq(loaded[0].round_winners[1], 4);        /* saboteur */
	ck_assert_int_eq(loaded[0].seat[0].role[0], SAB_ROLE_SABOTEUR);
	ck_assert_int_eq(loaded[1].round_winners[0], 0);
	ck_assert_int_eq(loaded[1].winners, 3);
	ck_assert_int_eq(loaded[0].paid + loaded[1].paid, 0);
	free(loaded);

	/* Another role list does not resume it; the base game's does, and
	 * appends lines of today's form after the old ones. */
	other = *base();
	snprintf(other.name[2], sizeof other.name[2], "bandit");
	ck_assert_int_eq(journal_open(&j, p.dir, 9, 1, 1, &other, NULL, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s holds a run whose roles are not the "
	    "ruleset's: give --out another folder", p.dir);
	ck_assert_str_eq(err, want);
	memset(&s, 0, sizeof s);
	j = open_ok(&p, 9, 1, 1, &s);
	ck_assert_int_eq(s.n, 2);
	ck_assert_int_eq(s.nwarn, 0);
	append_ok(j, &g);
	journal_close(j);
	text = slurp(p.file);
	ck_assert(strncmp(text, old_journal, strlen(old_journal)) == 0);
	ck_assert(strstr(text + strlen(old_journal), " roles=") != NULL);
	free(text);
	ck_assert_int_eq(journal_load(p.dir, &h, &loaded, &n, NULL, err,
	    sizeof err), 0);
	ck_assert_int_eq(n, 3);
	ck_assert_mem_eq(&loaded[2], &g, sizeof g);
	free(loaded);

	/* A header's role list, and ones that are not. */
	ck_assert_int_eq(truncate(p.file, 0), 0);
	append_raw(p.file, "saboteur-journal 1 config=9 shard=1/1 "
	    "roles=g:green-miner,b:boss\n");
	ck_assert_int_eq(journal_scan(p.dir, &h, NULL, err, sizeof err), 0);
	ck_assert_int_eq(h.roles.n, 3);
	ck_assert_str_eq(h.roles.name[2], "boss");
	ck_assert_int_eq(h.roles.letter[1], 'g');
	static const char *const bad[] = { "roles=", "roles=m:miner,m:boss",
		"roles=m:miner,s:miner", "roles=M:miner", "roles=m:",
		"roles=-,m:miner", "roles=m:mi ner", "role=m:miner" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(truncate(p.file, 0), 0);
		append_raw(p.file, "saboteur-journal 1 config=9 shard=1/1 ");
		append_raw(p.file, bad[i]);
		append_raw(p.file, "\n");
		ck_assert_msg(journal_scan(p.dir, &h, NULL, err, sizeof err) ==
		    -1, "%s", bad[i]);
		snprintf(want, sizeof want, "%s:1: bad journal header", p.file);
		ck_assert_str_eq(err, want);
	}
	place_remove(&p);
}
END_TEST

Suite *journal_suite(void)
{
	Suite *s = suite_create("journal");
	TCase *lines = tcase_create("lines");
	TCase *files = tcase_create("files");

	tcase_add_test(lines, line_round_trips);
	tcase_add_test(lines, every_status_and_role_round_trips);
	tcase_add_test(lines, format_refuses_what_a_line_cannot_hold);
	tcase_add_test(lines, bad_lines_are_named);
	tcase_add_test(lines, old_line_reads_as_it_was_meant);
	tcase_add_test(lines, roles_follow_the_ruleset);
	tcase_add_test(files, append_and_reload);
	tcase_add_test(files, torn_last_line_is_dropped);
	tcase_add_test(files, game_recorded_twice_counts_once);
	tcase_add_test(files, lines_that_do_not_belong_are_left_out);
	tcase_add_test(files, second_run_is_locked_out);
	tcase_add_test(files, resume_refuses_another_tournament);
	tcase_add_test(files, damaged_journals_are_named);
	tcase_add_test(files, old_journal_reads_and_resumes);
	tcase_add_test(files, header_holds_the_schedule_size);
	suite_add_tcase(s, lines);
	suite_add_tcase(s, files);
	return s;
}
