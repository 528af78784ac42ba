/* cmd_selfplay.c: "saboteur selfplay" plays a seeded game between built-in
 * random players and prints it, every hidden card included. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"
#include "event_def.h"
#include "protocol.h"

/* The options, by their place in selfplay_opts. */
enum { O_RULESET, O_PLAYERS, O_SEED, O_QUIET, O_VERBOSE, O_HASH, O_MOVES,
	O_COUNT };

/* ---- the game as text for people ------------------------------------ */

static const char *show_role(const sab_ruleset *rs, uint8_t role)
{
	return role < rs->nroles ? rs->roles[role].title : "none";
}

static const char *name(const sab_ruleset *rs, uint8_t def)
{
	return def < rs->ndefs ? rs->defs[def].name : "a hidden card";
}

/* A card by its name in the ruleset (the trace shows every card). */
static const char *card_name(const void *ctx, uint8_t def)
{
	return name(ctx, def);
}

/* A play in its card kind's words (rules/base/cards.c), or a pass. */
static void show_play(FILE *f, const sab_ruleset *rs, const sab_event *e)
{
	sab_words w = { SAB_WORDS_TRACE, card_name, rs, NULL, NULL };
	const sab_kind *k = e->card < rs->ndefs ?
	    sab_kind_of(rs->defs[e->card].type) : NULL;
	char buf[256];

	if (e->type == SAB_EV_PEEK) {
		fprintf(f, "  (seat %d sees %s)", e->seat, name(rs, e->card));
	} else if (e->type != SAB_EV_PASS && k != NULL && k->say != NULL) {
		if (k->say(rs, e, &w, buf, sizeof buf) >= 0)
			fputs(buf, f);
	} else if (e->card == SAB_NO_CARD && e->vis == SAB_VIS_ALL) {
		fprintf(f, "seat %d has no cards and passes", e->seat);
	} else {
		fprintf(f, "seat %d passes, discarding %s", e->seat,
		    name(rs, e->card));
	}
}

/* One event, on one line without its end; the expansions' own events in
 * the words rules/words.c gives them. */
static void show_event(FILE *f, const sab_ruleset *rs, const sab_event *e)
{
	sab_words w = { SAB_WORDS_TRACE, card_name, rs, NULL, NULL };
	char buf[512];

	if (sab_event_words(rs, e, &w, buf, sizeof buf) >= 0) {
		/* What one seat alone is told, as a peek is. */
		if (e->vis == SAB_VIS_SEAT)
			fprintf(f, "  (%s)", buf);
		else
			fputs(buf, f);
		return;
	}
	switch (e->type) {
	case SAB_EV_GAME_START:
		fprintf(f, "game of %d players, ruleset %s", e->n, rs->name);
		break;
	case SAB_EV_ROUND_START:
		fprintf(f, "round %d: seat %d plays first, %d cards in the deck",
		    e->value, e->seat, e->n);
		break;
	case SAB_EV_ROLE:
		fprintf(f, "seat %d is a %s", e->seat, show_role(rs, e->value));
		break;
	case SAB_EV_DRAW:
		fprintf(f, "seat %d draws %s", e->seat, name(rs, e->card));
		break;
	case SAB_EV_REVEAL:
		fprintf(f, "goal %d at (%d,%d) is turned up: %s%s", e->goal, e->x,
		    e->y, name(rs, e->card), e->rot ? " (turned)" : "");
		break;
	case SAB_EV_ROUND_END:
		fprintf(f, "round %d ends: %s", e->value,
		    e->n == SAB_END_GOLD ? "the gold is reached" :
		    "no one holds a card");
		if (e->seat != SAB_NO_SEAT)
			fprintf(f, " by seat %d", e->seat);
		if (e->target != SAB_ROLE_NONE)
			fprintf(f, "; the %s win", e->target < rs->nroles ?
			    rs->roles[e->target].titles : "none");
		break;
	case SAB_EV_ROLE_REVEAL:
		fprintf(f, "seat %d was a %s", e->seat, show_role(rs, e->value));
		break;
	case SAB_EV_GOLD_OFFER:
		fprintf(f, "seat %d is offered gold:", e->seat);
		for (int i = 0; i < e->n; i++)
			fprintf(f, " %d", e->vals[i]);
		break;
	case SAB_EV_GOLD:
		fprintf(f, "seat %d takes gold worth %d", e->seat, e->value);
		break;
	case SAB_EV_GAME_END:
		fprintf(f, "game over; gold:");
		for (int s = 0; s < e->n && s < SAB_MAX_PLAYERS; s++)
			fprintf(f, " %d%s", e->vals[s],
			    e->mask & (1u << s) ? "*" : "");
		fprintf(f, " (* shares the win)");
		break;
	default:
		show_play(f, rs, e);
		break;
	}
}

/* The 3 x 3 characters of one cell, row by row. */
static void cell_art(const sab_ruleset *rs, const sab_board *b,
    const uint8_t *goal_def, int x, int y, char art[3][4])
{
	uint8_t c = sab_board_get(b, x, y);
	uint8_t e = sab_board_cell_edges(rs, c);
	char mid = '.';

	if (c == SAB_CELL_HIDDEN) {
		mid = '?';
		for (int k = 0; goal_def && k < rs->ngoals; k++)
			if (rs->goal_x[k] == x && rs->goal_y[k] == y)
				mid = rs->defs[goal_def[k]].gold ? 'g' : 'r';
	} else if (c != SAB_CELL_EMPTY) {
		const sab_card *card = &rs->defs[SAB_CELL_DEF(c)];
		mid = card->type == SAB_CARD_START ? 'S' :
		    card->type == SAB_CARD_GOAL ? (card->gold ? 'G' : 'R') :
		    card->groups[0] ? '+' : '#';
		/* Saboteur 2's doors, ladders and crystals, as the viewer
		 * marks them. */
		mid = card->door == 1 ? 'b' : card->door == 2 ? 'g' :
		    card->ladder ? 'H' : card->crystals && mid == '+' ? '*' :
		    mid;
	} else if (!sab_board_inside(rs, x, y)) {
		mid = ' ';
	}
	snprintf(art[0], 4, " %c ", e & SAB_N ? '|' : ' ');
	snprintf(art[1], 4, "%c%c%c", e & SAB_W ? '-' : ' ', mid,
	    e & SAB_E ? '-' : ' ');
	snprintf(art[2], 4, " %c ", e & SAB_S ? '|' : ' ');
}

/* Draws the board; face-down goals show what goal_def holds when it is not
 * NULL ('g' gold, 'r' rock), else '?'. */
static void show_board(FILE *f, const sab_ruleset *rs, const sab_board *b,
    const uint8_t *goal_def)
{
	int x0 = rs->start_x, x1 = x0, y0 = rs->start_y, y1 = y0;

	for (int k = 0; k < rs->ngoals; k++) {
		x0 = rs->goal_x[k] < x0 ? rs->goal_x[k] : x0;
		x1 = rs->goal_x[k] > x1 ? rs->goal_x[k] : x1;
		y0 = rs->goal_y[k] < y0 ? rs->goal_y[k] : y0;
		y1 = rs->goal_y[k] > y1 ? rs->goal_y[k] : y1;
	}
	for (int i = 0; i < b->nplaced; i++) {
		int x = sab_board_x(b->placed[i]);
		int y = sab_board_y(b->placed[i]);
		x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
	}
	fprintf(f, "     ");
	for (int x = x0; x <= x1; x++)
		fprintf(f, "%3d", x);
	fprintf(f, "\n");
	for (int y = y0; y <= y1; y++) {
		for (int row = 0; row < 3; row++) {
			if (row == 1)
				fprintf(f, "%4d ", y);
			else
				fprintf(f, "     ");
			for (int x = x0; x <= x1; x++) {
				char art[3][4];
				cell_art(rs, b, goal_def, x, y, art);
				fputs(art[row], f);
			}
			fputc('\n', f);
		}
	}
}

typedef struct selfplay {
	const sab_ruleset *rs;
	sab_seen table;         /* the whole table as the events tell it, so
	                           the board can be drawn as it stood at the end
	                           of a round, after the rules dealt the next */
	int quiet;
	int verbose;
} selfplay;

/* A role told after a card is played (change hats): the new dwarf card. */
static int new_hat(const sab_events *ev, int i)
{
	return ev->ev[i].type == SAB_EV_ROLE && i > 0 &&
	    ev->ev[i - 1].type == SAB_EV_PLAY;
}

/* Prints the events of one step; turn (0: none) numbers the first play. */
static void print_events(selfplay *sp, int turn, const sab_events *ev)
{
	for (int i = 0; i < ev->n; i++) {
		const sab_event *e = &ev->ev[i];
		sab_seen_apply(&sp->table, sp->rs, e);
		if (e->type == SAB_EV_ROUND_END && !sp->quiet) {
			printf("\n");
			show_board(stdout, sp->rs, &sp->table.board, NULL);
			printf("\n");
		}
		/* Every other seat is asked about each card open to a veto:
		 * with the draws, only when asked for. */
		const sab_event_def *d = sab_event_def_of(e->type);
		int trace = d != NULL ? d->trace : 0;
		if ((sp->quiet && e->type != SAB_EV_ROUND_END &&
		    e->type != SAB_EV_GAME_END) || (trace == 2 && !sp->verbose))
			continue;
		if (e->type == SAB_EV_ROUND_START)
			printf("\n");
		if (sab_event_is_play(e->type) || trace == 1) {
			if (turn > 0)
				printf("%4d  ", turn);
			else
				printf("      ");
			turn = 0;
		}
		if (new_hat(ev, i))
			printf("seat %d changes hats: now a %s", e->seat,
			    show_role(sp->rs, e->value));
		else
			show_event(stdout, sp->rs, e);
		printf("\n");
	}
}

/* "move SEAT LINE": the decision g's seat to act makes, as its bot would
 * write it. */
static void print_move(proto_cards *pc, const sab_game *g, const sab_move *m)
{
	char line[PROTO_LINE_MAX];

	proto_cards_follow(pc, g);
	if (proto_move(pc, m, line, sizeof line) > 0)
		printf("move %d %s\n", g->to_act, line);
}

static int parse_options(int argc, char **argv, opt *opts, sab_ruleset *rs,
    long long *players, uint64_t *seed)
{
	char *pos[1], err[512];

	if (cli_parse("selfplay", argc, argv, opts, pos, 0) < 0)
		return EXIT_USAGE;
	if (cli_load_ruleset(opts[O_RULESET].value ? opts[O_RULESET].value : "base", rs, err,
	    sizeof err) < 0) {
		fprintf(stderr, "saboteur selfplay: %s\n", err);
		return EXIT_CONFIG;
	}
	*players = rs->min_players > 5 ? rs->min_players :
	    rs->max_players < 5 ? rs->max_players : 5;
	if (opts[O_PLAYERS].value && cli_number("selfplay", "players", opts[O_PLAYERS].value,
	    rs->min_players, rs->max_players, players) < 0)
		return EXIT_USAGE;
	/* Without --seed, a random one: the first line says it. */
	if (opts[O_SEED].value == NULL)
		*seed = cli_random_seed();
	else if (cli_seed("selfplay", "seed", opts[O_SEED].value, seed) < 0)
		return EXIT_USAGE;
	return EXIT_OK;
}

static const opt selfplay_opts[] = {
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_RULESET_HELP },
	[O_PLAYERS] = { .name = "players", .arg = "N", .help = "players in "
	    "the game (default 5, or the nearest the ruleset allows)" },
	[O_SEED] = { .name = "seed", .arg = "N", .help = "the game's seed "
	    "(default: a random one, printed)" },
	[O_QUIET] = { .name = "quiet", .help = "print only the ends of rounds "
	    "and the result" },
	[O_VERBOSE] = { .name = "verbose", .help = "also print every card "
	    "drawn and every seat asked to react to a card" },
	[O_HASH] = { .name = "hash", .help = "end with the final state's "
	    "hash, to compare builds" },
	[O_MOVES] = { .name = "moves", .help = "also print each decision as "
	    "\"move SEAT LINE\", LINE in the bot protocol" },
	[O_COUNT] = { .name = NULL }
};

static int cmd_selfplay(int argc, char **argv);

const cli_command cli_selfplay = { .name = "selfplay", .run = cmd_selfplay,
	.summary = "play a seeded game between built-in random players",
	.operands = "", .opts = selfplay_opts };

static int cmd_selfplay(int argc, char **argv)
{
	opt opts[sizeof selfplay_opts / sizeof selfplay_opts[0]];
	static sab_events ev;
	static sab_game g;
	static selfplay sp;
	static proto_cards pc;
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
	sp.quiet = opts[O_QUIET].value != NULL;
	sp.verbose = opts[O_VERBOSE].value != NULL;
	printf("selfplay: ruleset %s, %lld random players, seed %" PRIu64 "\n",
	    rs->name, players, seed);
	sab_rng_seed(&rng, seed);
	ev.n = 0;
	if (sab_game_new(&g, rs, (int)players, 0, &rng, &ev, err, sizeof err) < 0) {
		fprintf(stderr, "saboteur selfplay: %s\n", err);
		free(rs);
		return EXIT_USAGE;
	}
	sab_seen_init(&sp.table, rs, (int)players, SAB_SEEN_ALL);
	/* Each decision in the bot protocol's words, for programs that play
	 * the same game move by move (the Python package's tests). */
	if (opts[O_MOVES].value != NULL && proto_cards_init(&pc, rs, err,
	    sizeof err) != 0) {
		fprintf(stderr, "saboteur selfplay: %s\n", err);
		free(rs);
		return EXIT_CONFIG;
	}
	print_events(&sp, 0, &ev);
	while (!sab_game_over(&g)) {
		sab_move m;
		/* A pathfinder's second path card is the same turn. */
		int turn = g.phase == SAB_PHASE_PLAY && g.substep == 0 ?
		    g.turn + 1 : 0;
		sab_game_random_move(&g, &rng, &m);
		if (opts[O_MOVES].value != NULL)
			print_move(&pc, &g, &m);
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
	if (opts[O_HASH].value != NULL)
		printf("hash %016" PRIx64 "\n", sab_game_hash(&g));
	free(rs);
	return EXIT_OK;
}
