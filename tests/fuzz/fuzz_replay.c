/* fuzz_replay.c: a libFuzzer harness for the replay reader and the audit:
 * any bytes must read or fail with a "fuzz: ..." message, and any file that
 * reads must audit to a verdict with a reason, never crash, hang or leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "reader.h"
#include "saboteur.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The built-in rulesets, loaded once. */
static const char *const names[] = { "base", "classic", "course",
	"saboteur2", "base-wc", "saboteur2-wc" };
#define NSETS ((int)(sizeof names / sizeof names[0]))
static sab_ruleset sets[NSETS];

static void load_sets(void)
{
	static int loaded;
	char err[256];

	if (loaded)
		return;
	for (int i = 0; i < NSETS; i++)
		if (sab_ruleset_load_builtin(&sets[i], names[i], err,
		    sizeof err) != 0)
			abort();
	loaded = 1;
}

/* The callbacks see every record and line: touch them all. */
typedef struct seen {
	size_t bytes;
	int records;
} seen;

static void record(void *ctx, const replay_rec *r, const sab_event *e,
    const sab_game *g)
{
	seen *s = ctx;

	if (r == NULL || g == NULL || r->text == NULL)
		abort();
	s->bytes += strlen(r->text) + (e != NULL ? e->type : 0);
	s->records++;
}

static void sent(void *ctx, int seat, const char *line)
{
	seen *s = ctx;

	if (seat < 0 || seat >= SAB_MAX_PLAYERS || line == NULL)
		abort();
	s->bytes += strlen(line);
}

/* Audits f on rs and checks that the verdict holds together. */
static void audit(const replay_file *f, const sab_ruleset *rs)
{
	replay_audit_ops ops = { record, sent };
	replay_audit a;
	seen s = { 0, 0 };
	int rc = replay_audit_run(f, rs, &ops, &s, &a);

	if (rc != 0 && rc != -1)
		abort();
	if (rc == 0 && (!a.ok || !f->complete || a.what[0] != '\0'))
		abort();
	if (rc != 0 && (a.ok || a.what[0] == '\0' || a.line <= 0 ||
	    strncmp(a.what, "line ", 5) != 0))
		abort();
	if (a.records != s.records || a.decisions < 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	replay_file *f;

	load_sets();
	err[0] = '\0';
	f = replay_parse((const char *)data, size, "fuzz", err, sizeof err);
	if (f == NULL) {
		if (strncmp(err, "fuzz: ", 6) != 0)
			abort();
		return 0;
	}
	if (!f->complete && f->problem[0] == '\0')
		abort();
	if (f->nseats < 1 || f->nseats > SAB_MAX_PLAYERS || f->nrecs < 0)
		abort();
	audit(f, &sets[0]);
	/* And on the ruleset the header names, when it is built in. */
	for (int i = 1; i < NSETS; i++)
		if (strcmp(f->ruleset, names[i]) == 0)
			audit(f, &sets[i]);
	replay_file_free(f);
	return 0;
}
