/* cmd_report.c: "saboteur report": the results folders of a tournament as
 * a web report (referee/html/report.c). */
#include <stdio.h>

#include "cli.h"
#include "report.h"

enum { O_O, O_OUTPUT, O_ALL, O_QUIET, O_NOPTS };

static const opt report_opts_table[O_NOPTS + 1] = {
	[O_O] = { "o", "FOLDER", NULL, 0, NULL },
	[O_OUTPUT] = { "output", "FOLDER", "write index.html and games/ here "
	    "(made if missing)", 1, NULL },
	[O_ALL] = { "all", NULL, "a page for every game (default: every game "
	    "of up to 1,000; over that, those with a failure and the last 50)",
	    0, NULL },
	[O_QUIET] = { "quiet", NULL, "say nothing when all went well", 0,
	    NULL },
	[O_NOPTS] = { NULL, NULL, NULL, 0, NULL }
};

static int cmd_report(int argc, char **argv);

const cli_command cli_report = { "report", cmd_report,
	"write a tournament's results as a web report", "DIR...",
	"Folders of one tournament (shards, copies) are merged as by "
	"standings.\nThe report opens from a file, with no network.\n",
	report_opts_table };

static int cmd_report(int argc, char **argv)
{
	opt o[O_NOPTS + 1];
	char *pos[1024];
	int n;
	report_opts ro;

	CLI_OPTS_COPY(o, report_opts_table);
	n = cli_parse("report", argc, argv, o, pos, 1024);
	if (n < 0)
		return EXIT_USAGE;
	if (n == 0) {
		fprintf(stderr, "saboteur report: give one or more results "
		    "folders\n");
		return EXIT_USAGE;
	}
	ro.out = o[O_O].value ? o[O_O].value : o[O_OUTPUT].value;
	if (ro.out == NULL) {
		fprintf(stderr, "saboteur report: give the report's folder "
		    "with -o FOLDER\n");
		return EXIT_USAGE;
	}
	ro.dirs = (const char *const *)pos;
	ro.ndirs = n;
	ro.all = o[O_ALL].value != NULL;
	ro.sample = 50;
	ro.quiet = o[O_QUIET].value != NULL;
	return report_write(&ro);
}
