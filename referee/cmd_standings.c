/* cmd_standings.c: "saboteur standings" prints the standings of one or more
 * results folders of a tournament. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "shards.h"
#include "standings.h"
#include "stats.h"

enum { O_FORMAT, O_BY_ROLE, O_PAIRS, O_COMPLETE, O_NOPTS };

static const opt standings_opts[O_NOPTS + 1] = {
	[O_FORMAT] = { "format", "table|yaml|csv", "how to print them "
	    "(default table)", 0, NULL },
	[O_BY_ROLE] = { "by-role", NULL, "per bot and role: rounds played, "
	    "won, gold", 0, NULL },
	[O_PAIRS] = { "head-to-head", NULL, "after the table: how often each "
	    "bot had more gold than each other, and the likelihood that each "
	    "is better than the next", 0, NULL },
	[O_COMPLETE] = { "complete", NULL, "only when the folders hold every "
	    "game of the schedule; else say what is missing and exit 1", 0,
	    NULL },
	[O_NOPTS] = { NULL, NULL, NULL, 0, NULL }
};

static int cmd_standings(int argc, char **argv);

const cli_command cli_standings = { "standings", cmd_standings,
	"print the standings of tournament results folders", "DIR...",
	"Folders of one tournament (shards, copies) are merged: a game in two "
	"counts\nonce; a folder of shard folders stands for them.  It says "
	"which shards and\nhow many games are missing.  What each figure "
	"means: man 5 saboteur-tournament.\n",
	standings_opts };

/*
 * Loads the standings of the folders the names stand for (see
 * shards_expand()) and says on stderr how much of the schedule they hold
 * when something is missing or they are shards.  Returns 0, or -1 with a
 * message in err.
 */
static int load(standings *st, const char *const *names, int n,
    long *schedule, char *err, size_t errlen)
{
	char **dirs = NULL, line[1024];
	int ndirs = 0, rc;
	long total;

	standings_init(st);
	if (shards_expand(names, n, &dirs, &ndirs, err, errlen) != 0)
		return -1;
	standings_free(st);
	rc = standings_load(st, (const char *const *)dirs, ndirs, cli_warn,
	    NULL, err, errlen);
	/* Shards with no game yet too: which are missing is the news. */
	if (rc == 0 && (st->games > 0 || ndirs > 1)) {
		rc = shards_coverage(st, (const char *const *)dirs, ndirs,
		    cli_warn, NULL, line, sizeof line, err, errlen);
		if (rc > 0)
			fprintf(stderr, "saboteur standings: %s\n", line);
		rc = rc < 0 ? -1 : 0;
	}
	if (rc == 0 && (total = shards_schedule((const char *const *)dirs,
	    ndirs, err, errlen)) < 0)
		rc = -1;
	else if (rc == 0)
		*schedule = total;
	shards_free(dirs, ndirs);
	return rc;
}

static int cmd_standings(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[1024], err[1024];
	int n, format = STANDINGS_TABLE, rc;
	long schedule = 0;
	standings st;

	CLI_OPTS_COPY(o, standings_opts);
	n = cli_parse("standings", argc, argv, o, pos, 1024);
	if (n < 0)
		return EXIT_USAGE;
	if (n == 0) {
		fprintf(stderr, "saboteur standings: give one or more results "
		    "folders\n");
		return EXIT_USAGE;
	}
	if (o[O_PAIRS].value != NULL && (o[O_BY_ROLE].value != NULL ||
	    (o[O_FORMAT].value != NULL && strcmp(o[O_FORMAT].value,
	    "table") != 0))) {
		fprintf(stderr, "saboteur standings: --head-to-head goes with "
		    "the table of the standings, not --by-role or another "
		    "--format\n");
		return EXIT_USAGE;
	}
	if (o[O_FORMAT].value != NULL &&
	    standings_parse_format(o[O_FORMAT].value, &format) != 0) {
		fprintf(stderr, "saboteur standings: --format is table, yaml or "
		    "csv, not \"%s\"\n", o[O_FORMAT].value);
		return EXIT_USAGE;
	}
	rc = load(&st, (const char *const *)pos, n, &schedule, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "saboteur standings: %s\n", err);
	} else if (o[O_COMPLETE].value != NULL && schedule == 0) {
		fprintf(stderr, "saboteur standings: --complete: the journals "
		    "do not say how many games the schedule has (an earlier "
		    "version wrote them)\n");
		rc = -1;
	} else if (o[O_COMPLETE].value != NULL && st.games < schedule) {
		/* The line above said which shards and games are missing. */
		fprintf(stderr, "saboteur standings: --complete: %ld of %ld "
		    "games: not every game is in\n", st.games, schedule);
		rc = -3;
	} else if (st.games == 0) {
		/* An empty table would look like standings of nothing. */
		fprintf(stderr, "saboteur standings: no games in %s%s: the "
		    "tournament has finished none yet\n", pos[0], n > 1 ?
		    " and the other folders" : "");
		rc = -1;
	}
	else if ((o[O_BY_ROLE].value != NULL ?
	    standings_print_roles(stdout, &st, format) :
	    standings_print(stdout, &st, format)) != 0 ||
	    (o[O_PAIRS].value != NULL && stats_print_pairs(stdout, &st) != 0) ||
	    fflush(stdout)) {
		perror("saboteur standings: stdout");
		rc = -2;
	}
	standings_free(&st);
	return rc == 0 ? EXIT_OK : rc == -2 ? EXIT_INTERNAL : rc == -3 ?
	    EXIT_FAILED : EXIT_CONFIG;
}
