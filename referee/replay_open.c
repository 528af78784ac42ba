/* replay_open.c: what the replay commands (view, verify, export) share:
 * reading a replay and finding the ruleset it was played by. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_open.h"

int replay_open_ruleset(const replay_file *f, const char *given,
    sab_ruleset *rs, char *err, size_t errlen)
{
	char why[512];
	uint64_t h;

	if (cli_load_ruleset(given != NULL ? given : f->ruleset, rs, why,
	    sizeof why) != 0) {
		if (given != NULL)
			snprintf(err, errlen, "%s", why);
		else
			snprintf(err, errlen, "the game was played by ruleset "
			    "\"%s\", which is neither built in nor installed: "
			    "give its file with --ruleset FILE (%s)", f->ruleset,
			    why);
		return -1;
	}
	h = replay_ruleset_hash(rs);
	if (h == f->ruleset_hash && strcmp(rs->name, f->ruleset) == 0)
		return 0;
	if (strcmp(rs->name, f->ruleset) != 0)
		snprintf(err, errlen, "the game was played by ruleset \"%s\", "
		    "not \"%s\"", f->ruleset, rs->name);
	else
		snprintf(err, errlen, "ruleset \"%s\" here (hash %016llx) is not "
		    "the one the game was played by (hash %016llx): give that "
		    "one with --ruleset FILE", rs->name, (unsigned long long)h,
		    (unsigned long long)f->ruleset_hash);
	return -1;
}

int replay_open(const char *cmd, const char *path, const char *given,
    replay_file **f, sab_ruleset *rs)
{
	char err[1024];

	*f = replay_read(path, err, sizeof err);
	if (*f == NULL) {
		fprintf(stderr, "saboteur %s: %s\n", cmd, err);
		return -1;
	}
	if (replay_open_ruleset(*f, given, rs, err, sizeof err) != 0) {
		fprintf(stderr, "saboteur %s: %s: %s\n", cmd, path, err);
		replay_file_free(*f);
		*f = NULL;
		return -1;
	}
	return 0;
}
