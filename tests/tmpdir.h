/* tmpdir.h: a scratch folder per test, and a count of open descriptors to
 * prove a test leaked none. */
#ifndef SAB_TEST_TMPDIR_H
#define SAB_TEST_TMPDIR_H

#include <stddef.h>

/* Makes a fresh folder /tmp/sab-NAME-XXXXXX into dir (len bytes). */
void tmpdir_make(char *dir, size_t len, const char *name);

/* Removes the folder and the files in it. */
void tmpdir_remove(const char *dir);

/* Writes DIR/NAME into buf; fails the test when it does not fit. */
void tmpdir_path(const char *dir, char *buf, size_t len, const char *name);

/* The number of descriptors open in this process, or -1. */
int open_fds(void);

#endif
