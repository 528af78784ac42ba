/* html.h: what the html and report commands share: writing a game page
 * to a file, and the command line's words for it. */
#ifndef SAB_HTML_H
#define SAB_HTML_H

#include <stddef.h>

#include "render.h"

/* Reads --as: a seat, "public", or "all" / NULL for every perspective
 * (PAGE_EVERY).  Returns 0, or -1 after printing why. */
int html_parse_as(const char *cmd, const char *s, int *persp);

/* The page's name beside the replay: .sabr.gz, .gz or .sabr replaced by
 * .html; an empty string when it does not fit in len bytes. */
void html_default_path(const char *replay, char *out, size_t len);

/* The path to file from folder dir (both made absolute with realpath(3),
 * so both must exist) into out.  Returns 0, or -1 when either is missing
 * or the path does not fit in len bytes. */
int html_relative(const char *dir, const char *file, char *out, size_t len);

/* Writes b to path (aside, then renamed).  Returns an exit code, after
 * printing "saboteur CMD: ..." when it is not EXIT_OK: EXIT_USAGE when
 * path cannot be written, since -o named it. */
int html_write_file(const char *cmd, const char *path, const render_buf *b);

/*
 * Reads the replay at path (with --ruleset given, or NULL) and writes its
 * page to out, holding persp's knowledge (PAGE_EVERY: every
 * perspective's); link names the replay for the page's link, back a page
 * to go back to (both may be NULL).  Returns an exit code: EXIT_FAILED
 * when the replay stops early (its page is written all the same).
 */
int html_game_page(const char *cmd, const char *path, const char *ruleset,
    int persp, const char *out, const char *link, const char *back);

#endif
