/* shards.c: standings over the shards of one tournament: which results
 * folders a set of names stands for, and how much of the schedule they
 * hold. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "say.h"
#include "shards.h"

#define SHARDS_MAX 1000000      /* as --shard takes (schedule.c) */

/* 1 when DIR/journal.txt exists (whatever it holds). */
static int has_journal(const char *dir)
{
	char path[4096];
	struct stat sb;
	int n = snprintf(path, sizeof path, "%s/journal.txt", dir);

	return n > 0 && (size_t)n < sizeof path && stat(path, &sb) == 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A list of names that grows. */
typedef struct names {
	char **v;
	int n, cap;
} names;

static int names_add(names *l, const char *dir, const char *sub)
{
	size_t len = strlen(dir) + (sub ? strlen(sub) + 1 : 0) + 1;
	char *s = malloc(len);

	if (s == NULL)
		return -1;
	if (sub != NULL)
		(void)snprintf(s, len, "%s/%s", dir, sub);
	else
		memcpy(s, dir, len);
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 16;
		char **v = realloc(l->v, (size_t)cap * sizeof *v);
		if (v == NULL) {
			free(s);
			return -1;
		}
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = s;
	return 0;
}

/* Adds the subfolders of dir that hold a journal, in name order; returns
 * how many, or -1 with a message in err. */
static int add_subfolders(names *l, const char *dir, char *err,
    size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int first = l->n;

	if (d == NULL)
		return errno == ENOENT || errno == ENOTDIR ? 0 :
		    sab_fail(err, errlen, "%s: cannot read: %s", dir,
		    strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (names_add(l, dir, e->d_name) != 0) {
			closedir(d);
			return sab_fail(err, errlen, "out of memory");
		}
		if (!has_journal(l->v[l->n - 1]))
			free(l->v[--l->n]);
	}
	closedir(d);
	qsort(l->v + first, (size_t)(l->n - first), sizeof *l->v, by_name);
	return l->n - first;
}

static void put_list(sab_strbuf *o, const unsigned char *flag, int nshards,
    int *count);

/*
 * A folder without a journal whose subfolders are named as shards
 * (shard-I-of-N, as the distributed scripts make them before any comes
 * back) but hold none: -1 with a message naming the shards missing, so
 * that nobody takes it for the wrong folder; 0 when it has no such
 * subfolder.
 */
static int no_shard_back(const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int nshards = 0, mixed = 0, count = 0;
	unsigned char *flag;
	char list[256];
	sab_strbuf o;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		int i, k, end = 0;
		if (sscanf(e->d_name, "shard-%d-of-%d%n", &i, &k, &end) == 2 &&
		    e->d_name[end] == '\0' && i >= 1 && i <= k &&
		    k <= SHARDS_MAX) {
			mixed |= nshards != 0 && k != nshards;
			nshards = k > nshards ? k : nshards;
		}
	}
	closedir(d);
	if (nshards == 0)
		return 0;
	if (mixed)
		return sab_fail(err, errlen, "%s holds no results yet: none of "
		    "its shard folders (shard-I-of-N) has a journal.txt; merge "
		    "once the shards have come back", dir);
	if ((flag = malloc((size_t)nshards + 1)) == NULL)
		return sab_fail(err, errlen, "out of memory");
	memset(flag, 1, (size_t)nshards + 1);
	sab_strbuf_init(&o, list, sizeof list);
	put_list(&o, flag, nshards, &count);
	free(flag);
	return sab_fail(err, errlen, "%s holds no results yet: shard%s %s of "
	    "%d missing (no journal.txt in %s/shard-I-of-%d); merge once the "
	    "shards have come back", dir, nshards > 1 ? "s" : "", list,
	    nshards, dir, nshards);
}

int shards_expand(const char *const *in, int n, char ***out, int *nout,
    char *err, size_t errlen)
{
	names l = { NULL, 0, 0 };

	for (int i = 0; i < n; i++) {
		int k = 0;
		if (!has_journal(in[i]) &&
		    (k = add_subfolders(&l, in[i], err, errlen)) < 0)
			goto fail;
		if (k == 0 && !has_journal(in[i]) &&
		    no_shard_back(in[i], err, errlen) != 0)
			goto fail;
		if (k == 0 && names_add(&l, in[i], NULL) != 0) {
			sab_fail(err, errlen, "out of memory");
			goto fail;
		}
	}
	*out = l.v;
	*nout = l.n;
	return 0;
fail:
	shards_free(l.v, l.n);
	return -1;
}

void shards_free(char **list, int n)
{
	if (list == NULL)
		return;
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

/* Writes the shard numbers k (1-based) whose flag is set as "2, 4-6";
 * *count gets how many there were. */
static void put_list(sab_strbuf *o, const unsigned char *flag, int nshards,
    int *count_out)
{
	int count = 0;

	for (int k = 1; k <= nshards; k++) {
		if (!flag[k])
			continue;
		int last = k;
		while (last < nshards && flag[last + 1])
			last++;
		(void)sab_strbuf_printf(o, "%s%d", count ? ", " : "", k);
		if (last > k)
			(void)sab_strbuf_printf(o, "-%d", last);
		count += last - k + 1;
		k = last;
	}
	*count_out = count;
}

/* "; shard 4/4 missing" or "; shards 2, 4 of 4 missing" (what: the last
 * words), for the shards flagged; nothing when none is. */
static void put_shards(sab_strbuf *o, const unsigned char *flag,
    int nshards, int count, const char *what)
{
	if (count == 0)
		return;
	if (count == 1) {
		for (int k = 1; k <= nshards; k++)
			if (flag[k])
				(void)sab_strbuf_printf(o, "; shard %d/%d %s", k,
				    nshards, what);
		return;
	}
	(void)sab_strbuf_printf(o, "; shards ");
	put_list(o, flag, nshards, &count);
	(void)sab_strbuf_printf(o, " of %d %s", nshards, what);
}

/* The games of shard k of n in a schedule of total games. */
static long shard_games(long total, int k, int n)
{
	return total > k - 1 ? (total - (k - 1) + n - 1) / n : 0;
}

/* The line for folders of one split into n shards; present[k] for the
 * shards found.  Games are counted by shard from the indices st counted,
 * so a game in two folders counts once here too. */
static int split_line(const standings *st, int nshards, long total,
    const unsigned char *present, sab_strbuf *o, char *err, size_t errlen)
{
	unsigned char *missing = calloc((size_t)nshards + 1, 2);
	long *got = calloc((size_t)nshards + 1, sizeof *got);
	long want = 0, have = 0;
	int nmiss = 0, nshort = 0;

	if (missing == NULL || got == NULL) {
		free(missing);
		free(got);
		return sab_fail(err, errlen, "out of memory");
	}
	unsigned char *shortf = missing + nshards + 1;
	for (size_t byte = 0; byte < st->seen.n; byte++)
		for (int bit = 0; bit < 8 && st->seen.b[byte]; bit++)
			if (st->seen.b[byte] >> bit & 1)
				got[(long)(byte * 8 + (size_t)bit) % nshards + 1]++;
	for (int k = 1; k <= nshards; k++) {
		long w = shard_games(total, k, nshards);
		/* A shard of a schedule shorter than the split holds no game:
		 * nothing of it is missing. */
		if (!present[k] && (total == 0 || w > 0)) {
			missing[k] = 1;
			nmiss++;
		} else if (total > 0 && got[k] < w) {
			shortf[k] = 1;
			nshort++;
			want += w;
			have += got[k];
		}
	}
	if (nmiss == 0 && nshort == 0 && nshards > 1)
		(void)sab_strbuf_printf(o, ", all %d shards", nshards);
	put_shards(o, missing, nshards, nmiss, "missing");
	if (nshort > 0) {
		char what[64];
		(void)snprintf(what, sizeof what, "unfinished (%ld of %ld games)",
		    have, want);
		put_shards(o, shortf, nshards, nshort, what);
	}
	free(missing);
	free(got);
	return nmiss > 0 || nshort > 0;
}

int shards_coverage(const standings *st, const char *const *dirs, int n,
    journal_warn_fn *warn, void *arg, char *msg, size_t len, char *err,
    size_t errlen)
{
	journal_header h, first;
	unsigned char *present = NULL;
	long total = 0;
	int mixed = 0, other = -1, rc = 0;
	sab_strbuf o;

	if (n < 1)
		return sab_fail(err, errlen, "no results folder");
	if (journal_read_header(dirs[0], &first, err, errlen) != 0)
		return -1;
	present = calloc((size_t)first.nshards + 1, 1);
	if (present == NULL)
		return sab_fail(err, errlen, "out of memory");
	for (int i = 0; i < n; i++) {
		if (i > 0 && journal_read_header(dirs[i], &h, err, errlen) != 0) {
			free(present);
			return -1;
		}
		const journal_header *p = i > 0 ? &h : &first;
		if (p->schedule > total)
			total = p->schedule;
		if (p->nshards != first.nshards) {
			if (!mixed)
				other = i;
			mixed = 1;
		} else {
			present[p->shard] = 1;
		}
	}
	if (mixed && warn != NULL) {
		char w[1024];
		(void)journal_read_header(dirs[other], &h, err, errlen);
		(void)snprintf(w, sizeof w, "%s holds shard %d/%d and %s shard "
		    "%d/%d: the folders split the schedule in different ways; "
		    "each game counts once, but which shards are missing cannot "
		    "be told", dirs[other], h.shard, h.nshards, dirs[0],
		    first.shard, first.nshards);
		warn(arg, w);
	}
	sab_strbuf_init(&o, msg, len);
	if (total > 0)
		(void)sab_strbuf_printf(&o, "%ld of %ld games", st->games, total);
	else
		(void)sab_strbuf_printf(&o, "%ld games", st->games);
	if (!mixed)
		rc = split_line(st, first.nshards, total, present, &o, err,
		    errlen);
	free(present);
	if (rc < 0)
		return -1;
	return rc > 0 || n > 1 || first.nshards > 1 ||
	    (total > 0 && st->games < total);
}

long shards_schedule(const char *const *dirs, int n, char *err,
    size_t errlen)
{
	journal_header h;
	long total = 0;

	for (int i = 0; i < n; i++) {
		if (journal_read_header(dirs[i], &h, err, errlen) != 0)
			return -1;
		if (h.schedule > total)
			total = h.schedule;
	}
	return total;
}
