/* main.c: the saboteur program: finds the subcommand and runs it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cli.h"
#include "worker.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const struct command {
	const char *name;
	int (*run)(int, char **);
	const char *summary;
} commands[] = {
	{ "help", cmd_help, "list the commands, or explain one" },
	{ "play", cmd_play, "run a match between bot programs" },
	{ "tournament", cmd_tournament, "run a tournament file's games in parallel, resumably" },
	{ "standings", cmd_standings, "print the standings of tournament results folders" },
	{ "verify", cmd_verify, "play replays again with the rules and check every record" },
	{ "export", cmd_export, "print the protocol lines one seat received in a replay" },
	{ "view", cmd_view, "watch a replay from any seat, or print one position" },
	{ "rules", cmd_rules, "print a ruleset: cards with counts, roles, layout" },
	{ "selfplay", cmd_selfplay, "play a seeded game between built-in random players" },
	{ "bench", cmd_bench, "measure random playouts and move listing speed" },
	{ "version", cmd_version, "print the program version" },
	{ NULL, NULL, NULL }
};

static const char *const usages[] = {
	"help [COMMAND]",
	"play [--ruleset NAME|FILE] [--seed N | --game-seed N | --again REPLAY]\n"
	"         [--games N] [--log-dir DIR]\n"
	"         [--move-ms MS] [--bank-ms MS] [--handshake-ms MS] [--grace-ms MS]\n"
	"         [--tries N] [--max-line BYTES] [--max-output BYTES]\n"
	"         [--transcripts] [--bot-cwd DIR] [--bot-env 'NAME=VALUE ...']\n"
	"         [--sandbox auto|on|off] [--bot-network] [--bot-writable]\n"
	"         [--bot-memory MB] [--bot-processes N] [--bot-open-files N]\n"
	"         [--bot-file-size MB] [--bot-cpu SECONDS]\n"
	"         [--config FILE] [--quiet] BOT...",
	"tournament [-j N] [--shard I/N] [--out DIR] [--sandbox auto|on|off]\n"
	"         [--quiet] FILE.yaml",
	"standings [--format table|yaml|csv] DIR...",
	"verify [--ruleset NAME|FILE] [--quiet] REPLAY...",
	"export --as SEAT [--ruleset NAME|FILE] REPLAY",
	"view [--at TURN] [--as SEAT|public|all] [--ascii] [--follow]\n"
	"         [--ruleset NAME|FILE] REPLAY",
	"rules [--ruleset NAME|FILE]",
	"selfplay [--ruleset NAME|FILE] [--players N] [--seed N] [--quiet]",
	"bench [--games N] [--ruleset NAME|FILE] [--players N] [--seed N]",
	"version",
};

static void usage(FILE *f)
{
	fprintf(f, "usage: saboteur COMMAND [OPTIONS]\n\ncommands:\n");
	for (int i = 0; commands[i].name; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'saboteur help COMMAND' shows a command's options; "
	    "man saboteur has the details.\n");
}

static int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		usage(stdout);
		return EXIT_OK;
	}
	for (int i = 0; commands[i].name; i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			printf("usage: saboteur %s\n  %s\n", usages[i],
			    commands[i].summary);
			return EXIT_OK;
		}
	}
	fprintf(stderr, "saboteur help: unknown command \"%s\"\n", argv[1]);
	return EXIT_USAGE;
}

static int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("saboteur %s\n", SAB_VERSION);
	return EXIT_OK;
}

/*
 * Bots run as the referee's user, so without this any of them could read
 * the referee's memory (the deck, every hand, the seed) through
 * /proc/PID/mem, its environment through /proc/PID/environ, or ptrace it:
 * a process that is not dumpable has its /proc files owned by root and
 * refuses ptrace to everyone without CAP_SYS_PTRACE.  Bots are dumpable
 * again after their exec; the referee leaves no core file if it crashes.
 */
static int not_dumpable(void)
{
#ifdef __linux__
	if (prctl(PR_SET_DUMPABLE, 0L, 0L, 0L, 0L) != 0) {
		fprintf(stderr, "saboteur: cannot keep bots out of the "
		    "referee's memory (prctl): %s\n", strerror(errno));
		return -1;
	}
#endif
	return 0;
}

int main(int argc, char **argv)
{
	if (not_dumpable() != 0)
		return EXIT_INTERNAL;
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0)
		return cmd_version(argc - 1, argv + 1);
	/* Not listed: the tournament runs its workers this way. */
	if (strcmp(argv[1], "tournament-worker") == 0)
		return cmd_tournament_worker(argc - 1, argv + 1);
	for (int i = 0; commands[i].name; i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			/* "saboteur CMD --help" is "saboteur help CMD". */
			for (int j = 2; j < argc; j++)
				if (strcmp(argv[j], "--help") == 0 ||
				    strcmp(argv[j], "-h") == 0) {
					char *h[] = { "help", argv[1], NULL };
					return cmd_help(2, h);
				}
			return commands[i].run(argc - 1, argv + 1);
		}
	}
	fprintf(stderr, "saboteur: unknown command \"%s\" "
	    "(saboteur help lists them)\n", argv[1]);
	return EXIT_USAGE;
}
