/* replay_open.c: what the replay commands (view, verify, export) share:
 * reading a replay and finding the ruleset it was played by. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_open.h"

/* Whether rs is the ruleset f was played by. */
static int same_rules(const replay_file *f, const sab_ruleset *rs)
{
	return strcmp(rs->name, f->ruleset) == 0 &&
	    replay_ruleset_hash(rs) == f->ruleset_hash;
}

/* The ruleset the replay carries (played from a file); -1 with the
 * reason in err when it has none or it does not match its header. */
static int carried(const replay_file *f, sab_ruleset *rs, char *err,
    size_t errlen)
{
	char why[512];

	if (f->rules == NULL)
		return -1;
	if (sab_ruleset_parse(rs, f->rules, f->rules_len, "the ruleset the "
	    "replay carries", why, sizeof why) != 0) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (same_rules(f, rs))
		return 0;
	snprintf(err, errlen, "the ruleset the replay carries (hash %016llx) "
	    "is not the one its header names (\"%s\", hash %016llx)",
	    (unsigned long long)replay_ruleset_hash(rs), f->ruleset,
	    (unsigned long long)f->ruleset_hash);
	return -1;
}

int replay_open_ruleset(const replay_file *f, const char *given,
    sab_ruleset *rs, char *err, size_t errlen)
{
	char why[512];
	int found = cli_load_ruleset(given != NULL ? given : f->ruleset, rs,
	    why, sizeof why) == 0;

	if (found && same_rules(f, rs))
		return 0;
	/* Not given: the ruleset the replay carries, else the one by name. */
	if (given == NULL && f->rules != NULL)
		return carried(f, rs, err, errlen);
	if (!found && given != NULL)
		snprintf(err, errlen, "%s", why);
	else if (!found)
		snprintf(err, errlen, "the game was played by ruleset \"%s\", "
		    "which is neither built in nor installed: give its file "
		    "with --ruleset FILE (%s)", f->ruleset, why);
	else if (strcmp(rs->name, f->ruleset) != 0)
		snprintf(err, errlen, "the game was played by ruleset \"%s\", "
		    "not \"%s\"", f->ruleset, rs->name);
	else
		snprintf(err, errlen, "ruleset \"%s\" here (hash %016llx) is not "
		    "the one the game was played by (hash %016llx): give that "
		    "one with --ruleset FILE", rs->name,
		    (unsigned long long)replay_ruleset_hash(rs),
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
		/* The ruleset a replay carries is part of the file: when
		 * it is wrong the file is damaged, not the ruleset given. */
		int carries = given == NULL && (*f)->rules != NULL;
		replay_file_free(*f);
		*f = NULL;
		return carries ? -1 : -2;
	}
	return 0;
}
