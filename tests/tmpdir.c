/* tmpdir.c: a scratch folder per test, and a count of open descriptors. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "tmpdir.h"

void tmpdir_make(char *dir, size_t len, const char *name)
{
	ck_assert_int_lt(snprintf(dir, len, "/tmp/sab-%s-XXXXXX", name),
	    (int)len);
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

void tmpdir_remove(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) <
		    (int)sizeof path)
			unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

void tmpdir_path(const char *dir, char *buf, size_t len, const char *name)
{
	ck_assert_int_lt(snprintf(buf, len, "%s/%s", dir, name), (int)len);
}

int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (d == NULL)
		return -1;
	while (readdir(d) != NULL)
		n++;
	closedir(d);
	return n;
}
