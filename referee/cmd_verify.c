/* cmd_verify.c: "saboteur verify" plays each replay's game again with the
 * rules engine and checks every record of it. */
#include <stdio.h>

#include "cli.h"
#include "replay_open.h"

/* Verifies one file; returns 0 when it matched, 1 when it did not or
 * could not be read, 2 when its ruleset could not be loaded.  "FAIL path"
 * goes to stdout in every case but the first, the reason to stderr. */
static int verify_one(const char *path, const char *given, int quiet)
{
	replay_file *f;
	replay_audit a;
	sab_ruleset rs;
	int r = replay_open("verify", path, given, &f, &rs);

	if (r != 0) {
		printf("FAIL %s\n", path);
		return r == -2 ? 2 : 1;
	}
	if (replay_audit_run(f, &rs, NULL, NULL, &a) != 0) {
		fprintf(stderr, "saboteur verify: %s: %s\n", path, a.what);
		printf("FAIL %s\n", path);
		replay_file_free(f);
		return 1;
	}
	if (!quiet)
		printf("ok %s: %d decisions, %d records, result matches\n",
		    path, a.decisions, a.records);
	replay_file_free(f);
	return 0;
}

enum { O_RULESET, O_QUIET, O_NOPTS };

static const opt verify_opts[O_NOPTS + 1] = {
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE",
	    .help = CLI_REPLAY_RULESET_HELP },
	[O_QUIET] = { .name = "quiet", .help = "print only the replays that "
	    "fail" },
	[O_NOPTS] = { .name = NULL }
};

static int cmd_verify(int argc, char **argv);

const cli_command cli_verify = { "verify", cmd_verify,
	"play replays again with the rules and check every record",
	"REPLAY...",
	"Prints \"ok FILE\" or \"FAIL FILE\" for each replay, the reason on "
	"standard error.\nExit status: 0 all verified, 1 one did not or "
	"could not be read,\n2 bad command line, 3 a ruleset that cannot be loaded "
	"or does not match.\n",
	verify_opts };

static int cmd_verify(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[4096];
	int n, bad = 0, rules = 0;

	CLI_OPTS_COPY(o, verify_opts);
	n = cli_parse("verify", argc, argv, o, pos, 4096);

	if (n < 0)
		return EXIT_USAGE;
	if (n == 0) {
		fprintf(stderr, "saboteur verify: give one or more replay "
		    "files\n");
		return EXIT_USAGE;
	}
	for (int i = 0; i < n; i++) {
		int r = verify_one(pos[i], o[O_RULESET].value,
		    o[O_QUIET].value != NULL);
		bad += r != 0;
		rules += r == 2;
	}
	if (n > 1 && (bad || !o[O_QUIET].value))
		printf("%d of %d replays verified\n", n - bad, n);
	/* A ruleset that cannot be loaded is the same mistake in every
	 * command that takes --ruleset, whatever the other files did. */
	return rules ? EXIT_CONFIG : bad ? EXIT_FAILED : EXIT_OK;
}
