/* cmd_verify.c: "saboteur verify" plays each replay's game again with the
 * rules engine and checks every record of it. */
#include <stdio.h>

#include "cli.h"
#include "replay_open.h"

/* Verifies one file; returns 0 when it matched, 1 when it did not. */
static int verify_one(const char *path, const char *given, int quiet)
{
	replay_file *f;
	replay_audit a;
	sab_ruleset rs;

	if (replay_open("verify", path, given, &f, &rs) != 0)
		return 1;
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

int cmd_verify(int argc, char **argv)
{
	enum { O_RULESET, O_QUIET, O_NOPTS };
	opt o[O_NOPTS + 1] = { { "ruleset", 1, NULL }, { "quiet", 0, NULL },
		{ NULL, 0, NULL } };
	char *pos[4096];
	int n = cli_parse("verify", argc, argv, o, pos, 4096), bad = 0;

	if (n < 0)
		return EXIT_USAGE;
	if (n == 0) {
		fprintf(stderr, "saboteur verify: give one or more replay "
		    "files\n");
		return EXIT_USAGE;
	}
	for (int i = 0; i < n; i++)
		bad += verify_one(pos[i], o[O_RULESET].value,
		    o[O_QUIET].value != NULL);
	if (n > 1 && (bad || !o[O_QUIET].value))
		printf("%d of %d replays verified\n", n - bad, n);
	return bad ? EXIT_FAILED : EXIT_OK;
}
