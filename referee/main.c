/* main.c: the saboteur program: finds the subcommand and runs it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "cli.h"
#include "human.h"
#include "net.h"
#include "worker.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const opt no_opts[] = { { NULL, NULL, NULL, 0, NULL } };

static const cli_command cli_help_cmd = { "help", cmd_help,
	"list the commands, or explain one", "[COMMAND]", NULL, no_opts };
static const cli_command cli_version = { "version", cmd_version,
	"print the program version", "", NULL, no_opts };

static const cli_command *const commands[] = {
	&cli_help_cmd, &cli_play, &cli_connect, &cli_tournament, &cli_standings,
	&cli_verify,
	&cli_export, &cli_view, &cli_html, &cli_report, &cli_rules,
	&cli_selfplay,
	&cli_bench,
	&cli_version, NULL
};

static void usage(FILE *f)
{
	fprintf(f, "usage: saboteur COMMAND [OPTIONS]\n\ncommands:\n");
	for (int i = 0; commands[i]; i++)
		fprintf(f, "  %-10s %s\n", commands[i]->name,
		    commands[i]->summary);
	fprintf(f, "\n'saboteur help COMMAND' shows a command's options; "
	    "man saboteur has the details.\n");
}

static int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		usage(stdout);
		return EXIT_OK;
	}
	for (int i = 0; commands[i]; i++) {
		if (strcmp(argv[1], commands[i]->name) == 0) {
			cli_help(stdout, commands[i]);
			return EXIT_OK;
		}
	}
	fprintf(stderr, "saboteur help: unknown command \"%s\" "
	    "(saboteur help lists them)\n", argv[1]);
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
	/* Nor these: play and tournament run them as seats' processes. */
	if (strcmp(argv[1], "net-seat") == 0)
		return cmd_net_seat(argc - 1, argv + 1);
	if (strcmp(argv[1], "human-seat") == 0)
		return cmd_human_seat(argc - 1, argv + 1);
	for (int i = 0; commands[i]; i++) {
		if (strcmp(argv[1], commands[i]->name) == 0) {
			/* "saboteur CMD --help" is "saboteur help CMD". */
			for (int j = 2; j < argc; j++)
				if (strcmp(argv[j], "--help") == 0 ||
				    strcmp(argv[j], "-h") == 0) {
					char *h[] = { "help", argv[1], NULL };
					return cmd_help(2, h);
				}
			return commands[i]->run(argc - 1, argv + 1);
		}
	}
	fprintf(stderr, "saboteur: unknown command \"%s\" "
	    "(saboteur help lists them)\n", argv[1]);
	return EXIT_USAGE;
}
