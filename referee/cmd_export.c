/* cmd_export.c: "saboteur export" prints the protocol lines one seat's bot
 * received in a replay's game, to feed a game back into a bot. */
#include <stdio.h>

#include "cli.h"
#include "replay_open.h"

typedef struct export {
	int seat;
	int failed;             /* a write to stdout failed */
} export;

static void sent(void *ctx, int seat, const char *line)
{
	export *x = ctx;

	if (seat == x->seat && !x->failed && printf("%s\n", line) < 0)
		x->failed = 1;
}

enum { O_AS, O_RULESET, O_NOPTS };

static const opt export_opts[O_NOPTS + 1] = {
	[O_AS] = { .name = "as", .arg = "SEAT", .help = "the seat whose "
	    "lines to print (0 is the first)", .required = 1 },
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_REPLAY_RULESET_HELP },
	[O_NOPTS] = { .name = NULL }
};

static int cmd_export(int argc, char **argv);

const cli_command cli_export = { "export", cmd_export,
	"print the protocol lines one seat received in a replay", "REPLAY",
	"Feed them to a new version of a bot:\n"
	"  saboteur export --as 2 game.sabr.gz | ./my-bot > answers.txt\n",
	export_opts };

static int cmd_export(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	replay_audit_ops ops = { NULL, sent };
	char *pos[2];
	int n;
	replay_file *f;
	replay_audit a;
	sab_ruleset rs;
	long long seat;
	export x;

	CLI_OPTS_COPY(o, export_opts);
	n = cli_parse("export", argc, argv, o, pos, 2);
	if (n < 0)
		return EXIT_USAGE;
	if (n != 1 || o[O_AS].value == NULL) {
		fprintf(stderr, "saboteur export: give --as SEAT and one replay "
		    "file\n");
		return EXIT_USAGE;
	}
	if (cli_number("export", "as", o[O_AS].value, 0, SAB_MAX_PLAYERS - 1,
	    &seat) != 0)
		return EXIT_USAGE;
	int r = replay_open("export", pos[0], o[O_RULESET].value, &f, &rs);
	if (r != 0)
		return r == -2 ? EXIT_CONFIG : EXIT_FAILED;
	if (seat >= f->nseats) {
		fprintf(stderr, "saboteur export: %s has seats 0 to %d, not %lld\n",
		    pos[0], f->nseats - 1, seat);
		replay_file_free(f);
		return EXIT_USAGE;
	}
	x.seat = (int)seat;
	x.failed = 0;
	int rc = replay_audit_run(f, &rs, &ops, &x, &a);
	if (fflush(stdout) != 0 || x.failed) {
		perror("saboteur export: stdout");
		replay_file_free(f);
		return EXIT_INTERNAL;
	}
	if (rc != 0)
		fprintf(stderr, "saboteur export: %s: %s (the lines up to there "
		    "are printed)\n", pos[0], a.what);
	replay_file_free(f);
	return rc != 0 ? EXIT_FAILED : EXIT_OK;
}
