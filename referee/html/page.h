/* page.h: a replay as one self-contained HTML page: the view model
 * computes every position of each perspective here, the page's script
 * only draws them. */
#ifndef SAB_PAGE_H
#define SAB_PAGE_H

#include <stddef.h>
#include <stdio.h>

#include "render.h"
#include "view.h"

/* Every perspective: the full view, the public one and each seat's. */
#define PAGE_EVERY (-100)

/* What the page holds and where it links. */
typedef struct page_opts {
	int persp;              /* PAGE_EVERY, or the one perspective the
	                           page holds (VIEW_PUBLIC or a seat) */
	const char *replay;     /* the replay's name, shown and linked, or
	                           NULL */
	const char *back;       /* a link back (a report's index), or NULL */
} page_opts;

/*
 * Appends the whole page of replay v, as o says, to b.  Only what the
 * chosen perspectives know goes into it.  Returns 0, or -1 when out of
 * memory.
 */
int page_build(render_buf *b, const view *v, const page_opts *o);

/* Appends s as a JSON string (quoted; <, > and & escaped so that it can
 * sit inside a script element), or null for NULL. */
void page_json_string(render_buf *b, const char *s);

/* Appends s with the HTML specials escaped. */
void page_html_text(render_buf *b, const char *s);

/* The page's script and style, and the report's script, embedded at
 * build time (scripts/embed.sh --text). */
extern const char page_viewer_js[], page_viewer_css[], page_report_js[];

#endif
