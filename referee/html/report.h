/* report.h: a tournament's results folders as a web report: index.html with
 * the standings, pictures and tables, and game pages. */
#ifndef SAB_REPORT_H
#define SAB_REPORT_H

/* What to read and write. */
typedef struct report_opts {
	const char *const *dirs;        /* results folders of one tournament */
	int ndirs;
	const char *out;                /* the report's folder */
	int all;                        /* a page for every game */
	int sample;                     /* else: the last this many games, and
	                                   every game with a failure */
	int quiet;                      /* no line per page on stderr */
} report_opts;

/*
 * Writes o->out/index.html and o->out/games/game-N.html.  A game page
 * that cannot be written (its replay missing or unreadable) is named on
 * stderr and the game links to its replay, or to nothing.  Returns an
 * exit code (EXIT_OK, EXIT_CONFIG for folders that cannot be read as one
 * tournament, EXIT_INTERNAL when the report cannot be written), after
 * printing "saboteur report: ..." for any but EXIT_OK.
 */
int report_write(const report_opts *o);

#endif
