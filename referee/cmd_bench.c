/* cmd_bench.c: "saboteur bench" measures random playouts and move listing
 * on one core and prints the figures; it never fails on a slow machine. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"

#define RUNS 5

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct tally {
	long long games, moves, lists, listed;
	double seconds;
} tally;

/* Plays games to the end with the cheap random policy; when list is set,
 * also lists every legal move of every position reached. */
static void play(const sab_ruleset *rs, int players, long long games,
    uint64_t seed, int list, tally *t, sab_move *buf)
{
	sab_game *g = malloc(sizeof *g);
	sab_rng rng;
	double t0 = now();

	if (g == NULL)
		return;
	sab_rng_seed(&rng, seed);
	for (long long i = 0; i < games; i++) {
		sab_game_new(g, rs, players, (int)(i % players), &rng, NULL,
		    NULL, 0);
		while (!sab_game_over(g)) {
			sab_move m;
			if (list) {
				t->listed += sab_game_moves(g, buf);
				t->lists++;
			}
			sab_game_random_move(g, &rng, &m);
			sab_game_apply(g, &m, &rng, NULL);
			t->moves++;
		}
		t->games++;
	}
	t->seconds = now() - t0;
	free(g);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return v[n / 2];
}

static const opt bench_opts[] = {
	{ .name = "games", .arg = "N", .help = "games in each of the five "
	    "runs (default 20000)" },
	{ .name = "ruleset", .arg = "NAME|FILE", .help = CLI_RULESET_HELP },
	{ .name = "players", .arg = "N", .help = "players a game (default "
	    "5, or the nearest the ruleset allows)" },
	{ .name = "seed", .arg = "N", .help = "the first run's seed "
	    "(default 1)" },
	{ .name = NULL }
};

static int cmd_bench(int argc, char **argv);

const cli_command cli_bench = { "bench", cmd_bench,
	"measure random playouts and move listing speed", "", NULL,
	bench_opts };

static int cmd_bench(int argc, char **argv)
{
	opt opts[sizeof bench_opts / sizeof bench_opts[0]];
	double gps[RUNS], mps[RUNS], lps[RUNS];
	long long games = 20000, players = 5;
	uint64_t seed = 1;
	char *pos[1], err[512];
	sab_ruleset rs;
	sab_move *buf = malloc(SAB_MAX_MOVES * sizeof *buf);
	tally a = { 0 }, b = { 0 };

	CLI_OPTS_COPY(opts, bench_opts);
	if (buf == NULL)
		return EXIT_INTERNAL;
	if (cli_parse("bench", argc, argv, opts, pos, 0) < 0 ||
	    (opts[0].value && cli_number("bench", "games", opts[0].value, 1,
	    100000000, &games) < 0) ||
	    (opts[3].value && cli_seed("bench", "seed", opts[3].value,
	    &seed) < 0)) {
		free(buf);
		return EXIT_USAGE;
	}
	if (cli_load_ruleset(opts[1].value ? opts[1].value : "base", &rs, err,
	    sizeof err) < 0) {
		fprintf(stderr, "saboteur bench: %s\n", err);
		free(buf);
		return EXIT_CONFIG;
	}
	if (rs.max_players < players)
		players = rs.max_players;
	if (opts[2].value && cli_number("bench", "players", opts[2].value,
	    rs.min_players, rs.max_players, &players) < 0) {
		free(buf);
		return EXIT_USAGE;
	}
	printf("bench: ruleset %s, %lld players, %lld games a run, %d runs, "
	    "one core\n", rs.name, players, games, RUNS);
	for (int r = 0; r < RUNS; r++) {
		tally x = { 0 }, y = { 0 };
		play(&rs, (int)players, games, seed + (uint64_t)r, 0, &x, buf);
		play(&rs, (int)players, games / 4 + 1, seed + 100 + (uint64_t)r,
		    1, &y, buf);
		gps[r] = (double)x.games / x.seconds;
		mps[r] = (double)x.moves / x.seconds;
		lps[r] = (double)y.lists / y.seconds;
		a.games += x.games, a.moves += x.moves;
		b.lists += y.lists, b.listed += y.listed;
		fprintf(stderr, "  run %d: %.0f games/s, %.0f listings/s\n",
		    r + 1, gps[r], lps[r]);
	}
	printf("random playouts: %.0f complete games/s (median of %d runs), "
	    "%.0f moves/s, %.1f moves a game\n", median(gps, RUNS), RUNS,
	    median(mps, RUNS), (double)a.moves / (double)a.games);
	printf("legal-move listings: %.0f positions/s (median; the time "
	    "includes playing the move), %.1f legal moves a position\n",
	    median(lps, RUNS), (double)b.listed / (double)b.lists);
	free(buf);
	return EXIT_OK;
}
