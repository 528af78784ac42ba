/* cmd_selfplay.c: "saboteur selfplay" plays a seeded game between built-in
 * random players and prints it, every hidden card included. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"

typedef struct selfplay {
	const sab_ruleset *rs;
	sab_board mirror;       /* the board as the events tell it */
	int quiet;
	int verbose;
} selfplay;

/* Keeps the mirror board in step with the events, so the board can be drawn
 * as it stood at the end of a round, after the rules dealt the next one. */
static void mirror_event(selfplay *sp, const sab_event *e)
{
	switch (e->type) {
	case SAB_EV_ROUND_START:
		sab_board_reset(&sp->mirror, sp->rs);
		break;
	case SAB_EV_PATH:
	case SAB_EV_REVEAL:
		sab_board_place(&sp->mirror, sp->rs, e->x, e->y, e->card, e->rot);
		break;
	case SAB_EV_ROCKFALL:
		sab_board_remove(&sp->mirror, sp->rs, e->x, e->y);
		break;
	default:
		break;
	}
}

/* Prints the events of one step; turn (0: none) numbers the first play. */
static void print_events(selfplay *sp, int turn, const sab_events *ev)
{
	for (int i = 0; i < ev->n; i++) {
		const sab_event *e = &ev->ev[i];
		mirror_event(sp, e);
		if (e->type == SAB_EV_ROUND_END && !sp->quiet) {
			printf("\n");
			show_board(stdout, sp->rs, &sp->mirror, NULL);
			printf("\n");
		}
		if ((sp->quiet && e->type != SAB_EV_ROUND_END &&
		    e->type != SAB_EV_GAME_END) ||
		    (e->type == SAB_EV_DRAW && !sp->verbose))
			continue;
		if (e->type == SAB_EV_ROUND_START)
			printf("\n");
		if (e->type >= SAB_EV_PATH && e->type <= SAB_EV_PASS &&
		    e->type != SAB_EV_PEEK) {
			if (turn > 0)
				printf("%4d  ", turn);
			else
				printf("      ");
			turn = 0;
		}
		show_event(stdout, sp->rs, e);
		printf("\n");
	}
}

static int parse_options(int argc, char **argv, opt *opts, sab_ruleset *rs,
    long long *players, uint64_t *seed)
{
	char *pos[1], err[512];

	if (cli_parse("selfplay", argc, argv, opts, pos, 0) < 0)
		return EXIT_USAGE;
	if (cli_load_ruleset(opts[0].value ? opts[0].value : "base", rs, err,
	    sizeof err) < 0) {
		fprintf(stderr, "saboteur selfplay: %s\n", err);
		return EXIT_CONFIG;
	}
	*players = rs->min_players > 5 ? rs->min_players :
	    rs->max_players < 5 ? rs->max_players : 5;
	if (opts[1].value && cli_number("selfplay", "players", opts[1].value,
	    rs->min_players, rs->max_players, players) < 0)
		return EXIT_USAGE;
	/* Without --seed, a random one: the first line says it. */
	if (opts[2].value == NULL)
		*seed = cli_random_seed();
	else if (cli_seed("selfplay", "seed", opts[2].value, seed) < 0)
		return EXIT_USAGE;
	return EXIT_OK;
}

static const opt selfplay_opts[] = {
	{ "ruleset", "NAME|FILE", CLI_RULESET_HELP, 0, NULL },
	{ "players", "N", "players in the game (default 5, or the nearest the "
	    "ruleset allows)", 0, NULL },
	{ "seed", "N", "the game's seed (default: a random one, printed)", 0, NULL },
	{ "quiet", NULL, "print only the ends of rounds and the result", 0,
	    NULL },
	{ "verbose", NULL, "also print every card drawn", 0, NULL },
	{ "hash", NULL, "end with the final state's hash, to compare builds",
	    0, NULL },
	{ NULL, NULL, NULL, 0, NULL }
};

const cli_command cli_selfplay = { "selfplay", cmd_selfplay,
	"play a seeded game between built-in random players", "", NULL,
	selfplay_opts };

int cmd_selfplay(int argc, char **argv)
{
	opt opts[sizeof selfplay_opts / sizeof selfplay_opts[0]];
	static sab_events ev;
	static sab_game g;
	static selfplay sp;
	sab_ruleset *rs = malloc(sizeof *rs);
	long long players;
	uint64_t seed;
	sab_rng rng;
	char err[256];
	int r;

	CLI_OPTS_COPY(opts, selfplay_opts);
	if (rs == NULL)
		return EXIT_INTERNAL;
	if ((r = parse_options(argc, argv, opts, rs, &players, &seed)) != 0) {
		free(rs);
		return r;
	}
	sp.rs = rs;
	sp.quiet = opts[3].value != NULL;
	sp.verbose = opts[4].value != NULL;
	printf("selfplay: ruleset %s, %lld random players, seed %" PRIu64 "\n",
	    rs->name, players, seed);
	sab_rng_seed(&rng, seed);
	ev.n = 0;
	if (sab_game_new(&g, rs, (int)players, 0, &rng, &ev, err, sizeof err) < 0) {
		fprintf(stderr, "saboteur selfplay: %s\n", err);
		free(rs);
		return EXIT_USAGE;
	}
	print_events(&sp, 0, &ev);
	while (!sab_game_over(&g)) {
		sab_move m;
		int turn = g.phase == SAB_PHASE_PLAY ? g.turn + 1 : 0;
		sab_game_random_move(&g, &rng, &m);
		ev.n = 0;
		sab_game_apply(&g, &m, &rng, &ev);
		if (ev.overflow) {
			/* Printing what is left would show a wrong game. */
			fprintf(stderr, "saboteur selfplay: one step of the rules "
			    "made more than %d events, more than can be held (a "
			    "bug: please report it with the ruleset and the seed)\n",
			    SAB_MAX_EVENTS);
			free(rs);
			return EXIT_INTERNAL;
		}
		print_events(&sp, turn, &ev);
	}
	/* The same seed must end in the same state in every later build:
	 * tests/guards.sh keeps these hashes for 100 games a ruleset. */
	if (opts[5].value != NULL)
		printf("hash %016" PRIx64 "\n", sab_game_hash(&g));
	free(rs);
	return EXIT_OK;
}
