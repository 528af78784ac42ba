/* fuzz_bot.c: an adversarial bot for the referee's self-fuzz (tests/selffuzz.py): at every decision it replies legally, illegally, malformed, out of phase, late, not at all, or dies, and logs every byte it receives. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * Usage: fuzz-bot SEED LOG
 *
 * Every line the referee sends is appended to LOG exactly as received
 * (with its newline), so the harness can compare it with what
 * "saboteur export" says the seat was sent.  What it replies is drawn
 * from SEED (and the game number, so a restarted bot plays on
 * differently): mostly a move the "legal" lines offered, written as a bot
 * may write it, else one of the ways a bot can fail.  Plain C and POSIX:
 * it links nothing of the referee.
 */

#define MAX_LEGAL 4096
#define MAX_LINE 8192

static uint64_t rng_state;
static FILE *logfile;
static char *legal[MAX_LEGAL], *older[MAX_LEGAL];
static int nlegal, nolder;
static int move_ms = 1000, bank_ms = 10000;
static int slowed;              /* late or silent once this game */
static int features;            /* 1 moves, 2 seed, 4 react */

static uint64_t next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int below(int n)
{
	return n > 0 ? (int)(next() % (uint64_t)n) : 0;
}

/* per_mille chances in a thousand. */
static int chance(int per_mille)
{
	return below(1000) < per_mille;
}

static void die(const char *what)
{
	fprintf(stderr, "fuzz-bot: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* Writes len bytes and a newline to stdout at once (no stdio buffer
 * between the bot and the referee). */
static void send_bytes(const char *s, size_t len)
{
	char buf[MAX_LINE + 2];

	if (len > MAX_LINE)
		len = MAX_LINE;
	memcpy(buf, s, len);
	buf[len++] = '\n';
	for (size_t off = 0; off < len; ) {
		ssize_t k = write(1, buf + off, len - off);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			exit(0);        /* the referee closed our stdout */
		off += (size_t)k;
	}
}

static void say(const char *s)
{
	send_bytes(s, strlen(s));
}

static void nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

static void forget(char **list, int *n)
{
	for (int i = 0; i < *n; i++)
		free(list[i]);
	*n = 0;
}

/* The current request's moves join the older ones (a bounded list). */
static void retire(void)
{
	if (nolder + nlegal > MAX_LEGAL)
		forget(older, &nolder);
	for (int i = 0; i < nlegal; i++)
		older[nolder++] = legal[i];
	nlegal = 0;
}

/* The i-th word of s (words split by blanks) into out; 0 when none. */
static int word(const char *s, int i, char *out, size_t len)
{
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		size_t n = strcspn(s, " \t");
		if (i-- == 0) {
			snprintf(out, len, "%.*s", (int)n, s);
			return 1;
		}
		s += n;
	}
	return 0;
}

/* A card token seen in a legal line, or a made-up one. */
static void some_card(char *out, size_t len)
{
	static const char *const made[] = { "path-NESW", "map", "rockfall",
	    "veto", "pathfinder", "theft", "break-cart", "dead-N",
	    "treasure-trove", "path-NS+EW", "gold-NESW", "nosuchcard" };
	char w[64];
	char **l = nlegal ? legal : older;
	int n = nlegal ? nlegal : nolder;

	if (n > 0 && chance(700)) {
		const char *s = l[below(n)];
		if (word(s, 1, w, sizeof w) && (w[0] < '0' || w[0] > '9') &&
		    w[0] != '-') {
			snprintf(out, len, "%s", w);
			return;
		}
	}
	snprintf(out, len, "%s", made[below((int)(sizeof made /
	    sizeof made[0]))]);
}

/* A reply of the right words but wrong: another decision's move, a
 * request's answer out of its phase, a card or a place that is not
 * there. */
static void out_of_phase(char *out, size_t len)
{
	char c1[64], c2[64], c3[64];
	int k = below(14);

	some_card(c1, sizeof c1);
	some_card(c2, sizeof c2);
	some_card(c3, sizeof c3);
	if (k == 0 && nolder > 0) {
		snprintf(out, len, "%s", older[below(nolder)]);
		return;
	}
	switch (k) {
	case 1: snprintf(out, len, "allow"); break;
	case 2: snprintf(out, len, "pick %d", below(5)); break;
	case 3: snprintf(out, len, "take %s", c1); break;
	case 4: snprintf(out, len, "steal %d", below(13)); break;
	case 5: snprintf(out, len, "choose %d", below(13)); break;
	case 6: snprintf(out, len, "push %d %d", below(12), below(7) - 3);
		break;
	case 7: snprintf(out, len, "reveal 8 %d", 2 * below(3) - 2); break;
	case 8: snprintf(out, len, "play %s %d %d %d", c1, below(20) - 10,
		    below(20) - 10, below(2));
		break;
	case 9: snprintf(out, len, "discard %s %s %s", c1, c2, c3); break;
	case 10: snprintf(out, len, "dwarf %s %d %d", c1, below(9),
		    below(7) - 3);
		break;
	case 11: snprintf(out, len, "remove %s %s %s", c1, c2, c3); break;
	case 12: snprintf(out, len, "play %s %d", c1, below(13)); break;
	default: snprintf(out, len, "play veto"); break;
	}
}

/* Bytes no reply may hold, words no reply may be: returns the length
 * (the line may hold a NUL byte). */
static size_t malformed(char *out, size_t len)
{
	static const char *const junk[] = { "", "play", "discard", "pick",
	    "pick x", "pick 99999999", "PLAY map 8 0", " note a blank first",
	    "play path-NESW 1 0 0 0 0 0 0 0 0 0 0", "bot again moves",
	    "hello", "take", "steal", "choose", "push 1", "reveal",
	    "play map 7 0", "play repair-cart 1 wagon", "\t", "-" };
	size_t n;

	switch (below(4)) {
	case 0:
		snprintf(out, len, "%s", junk[below((int)(sizeof junk /
		    sizeof junk[0]))]);
		return strlen(out);
	case 1:                 /* random bytes, NUL and high ones too */
		n = 1 + (size_t)below(60);
		for (size_t i = 0; i < n && i < len; i++) {
			out[i] = (char)below(256);
			if (out[i] == '\n')
				out[i] = 'x';
		}
		return n < len ? n : len;
	case 2:                 /* a legal move with a NUL byte in it */
		if (nlegal > 0) {
			n = (size_t)snprintf(out, len, "%s", legal[below(nlegal)]);
			if (n + 6 < len) {
				memcpy(out + n, "\0 more", 6);
				return n + 6;
			}
		}
		snprintf(out, len, "play \x1b[31m 1 1 0");
		return strlen(out);
	default:                /* control bytes and a tab */
		snprintf(out, len, "play\tmap\x07 8 \r0\x7f");
		return strlen(out);
	}
}

/* Half the time the path card laid farthest east (the goals' way), so
 * that games reach the goals and what follows them (gold handed round,
 * stones, thefts, goals turned in order) as games between real bots do;
 * else any legal move. */
static const char *pick_legal(void)
{
	const char *best = NULL;
	int bx = -1000, east = chance(500);

	for (int i = 0; east && i < nlegal; i++) {
		char w[16];
		if (strncmp(legal[i], "play path-", 10) != 0 ||
		    !word(legal[i], 2, w, sizeof w))
			continue;
		if (atoi(w) > bx || (atoi(w) == bx && chance(500))) {
			bx = atoi(w);
			best = legal[i];
		}
	}
	return best != NULL ? best : legal[below(nlegal)];
}

/* A legal move, written as a bot may write it: words apart by tabs or
 * blanks, a "\r" before the newline. */
static void legal_move(char *out, size_t len)
{
	const char *m = pick_legal();
	size_t o = 0;

	if (chance(900)) {
		snprintf(out, len, "%s", m);
		return;
	}
	for (const char *p = m; *p && o + 3 < len; p++) {
		if (*p == ' ') {
			out[o++] = chance(500) ? '\t' : ' ';
			if (chance(300))
				out[o++] = ' ';
		} else {
			out[o++] = *p;
		}
	}
	if (chance(500) && o + 1 < len)
		out[o++] = '\r';
	out[o] = '\0';
}

/*
 * The reply to a request (a "turn") or to a refusal (try is then more
 * than 0): one of every way to answer, most often a legal move.
 */
static void reply(int try)
{
	char line[MAX_LINE];
	size_t n;
	int r = below(1000);

	/* Late or silent once a game at most: then a legal move instead. */
	if (slowed && r >= 950 && r < 964)
		r = 999;
	if (nlegal > 0 && r < (try ? 500 : 620)) {
		legal_move(line, sizeof line);
		n = strlen(line);
	} else if (r < 760) {
		out_of_phase(line, sizeof line);
		n = strlen(line);
	} else if (r < 880) {
		n = malformed(line, sizeof line);
	} else if (r < 930) {
		/* Notes first, then a move. */
		for (int k = 1 + below(3); k > 0; k--)
			say(chance(900) ? "note thinking it over" :
			    "note \x1b[2J\x07 a control byte in a note");
		if (nlegal > 0)
			legal_move(line, sizeof line);
		else
			out_of_phase(line, sizeof line);
		n = strlen(line);
	} else if (r < 950 && nlegal > 0) {
		/* A move, then a line nobody asked for: dropped as stale. */
		legal_move(line, sizeof line);
		send_bytes(line, strlen(line));
		say(chance(500) ? "play path-NESW 30 30 0" : legal[0]);
		return;
	} else if (r < 958) {
		/* Late: past the move time, the bank and the grace. */
		slowed = 1;
		nap_ms(move_ms + bank_ms + 150);
		if (nlegal > 0)
			legal_move(line, sizeof line);
		else
			snprintf(line, sizeof line, "allow");
		n = strlen(line);
	} else if (r < 964) {
		slowed = 1;     /* silent: no reply at all */
		return;
	} else if (r < 966) {
		/* Gone: a crash, an exit, or a line past the limit. */
		switch (below(4)) {
		case 0: abort();
		case 1: exit(0);
		case 2: close(1); nap_ms(60000); exit(0);
		default: {
			static char big[6000];
			memset(big, 'x', sizeof big);
			send_bytes(big, sizeof big);
			nap_ms(60000);
			exit(0);
		}
		}
	} else if (nlegal > 0) {
		legal_move(line, sizeof line);
		n = strlen(line);
	} else {
		out_of_phase(line, sizeof line);
		n = strlen(line);
	}
	send_bytes(line, n);
}

static void hello(void)
{
	static const char *const bad[] = { "hello", "bot", "bot bad/name",
	    "bot 012345678901234567890123456789012" };
	char line[128];
	int r = below(1000);

	if (r < 8) {            /* a handshake that fails */
		say(bad[below(4)]);
		return;
	}
	features = r < 80 ? 0 : 1;
	features |= chance(500) ? 2 : 0;
	features |= chance(600) ? 4 : 0;
	snprintf(line, sizeof line, "bot fuzz%d%s%s%s", below(100),
	    features & 1 ? " moves" : "", features & 2 ? " seed" : "",
	    features & 4 ? " react" : "");
	say(line);
}

/* Reads "turn N MOVE_MS BANK_MS": the time this decision has. */
static void turn_times(const char *line)
{
	char w[32];

	if (word(line, 2, w, sizeof w))
		move_ms = atoi(w);
	if (word(line, 3, w, sizeof w))
		bank_ms = atoi(w);
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int collecting = 0, fresh = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: fuzz-bot SEED LOG\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	rng_state = strtoull(argv[1], NULL, 10) ^ ((uint64_t)getpid() << 32);
	if ((logfile = fopen(argv[2], "a")) == NULL)
		die(argv[2]);
	/* Unbuffered: a bot the referee kills loses no line it read. */
	setvbuf(logfile, NULL, _IONBF, 0);
	while ((len = getline(&line, &cap, stdin)) > 0) {
		char w0[32], w1[32];

		fwrite(line, 1, (size_t)len, logfile);
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (!word(line, 0, w0, sizeof w0))
			continue;
		if (strcmp(w0, "legal") != 0)
			collecting = 0;
		if (strcmp(w0, "saboteur") == 0) {
			hello();
		} else if (strcmp(w0, "game") == 0) {
			slowed = 0;
			forget(older, &nolder);
			forget(legal, &nlegal);
			if (word(line, 1, w1, sizeof w1))
				rng_state ^= strtoull(w1, NULL, 10) *
				    0x9e3779b97f4a7c15ULL;
		} else if (strcmp(w0, "legal") == 0) {
			if (!collecting) {
				/* A new request: the last one's moves are
				 * another decision's now. */
				retire();
				collecting = fresh = 1;
			}
			if (nlegal < MAX_LEGAL && (legal[nlegal] =
			    strdup(line + 6)) != NULL)
				nlegal++;
		} else if (strcmp(w0, "turn") == 0) {
			turn_times(line);
			/* A request without "legal" lines: nothing is known
			 * to be legal. */
			if (!fresh)
				retire();
			fresh = 0;
			reply(0);
		} else if (strcmp(w0, "illegal") == 0) {
			if (word(line, 1, w1, sizeof w1) && atoi(w1) > 0)
				reply(1);
		} else if (strcmp(w0, "quit") == 0) {
			break;
		}
	}
	fflush(logfile);
	fclose(logfile);
	return 0;
}
