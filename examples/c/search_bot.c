/* search_bot.c: a Saboteur bot that searches: it compares the heuristic
 * example bot's best moves in games sampled from what its seat knows (or,
 * with --tree, runs an information-set Monte Carlo tree search there). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "botlib.h"
#include "heuristic.h"
#include "know.h"
#include "roles.h"
#include "search.h"

/*
 * Each decision, the heuristic example bot scores the legal moves
 * (heuristic.h); the search (search.h) samples complete games consistent
 * with every line the seat received (know.h), the other seats' roles dealt
 * by what their plays made of them (each seat's likelihood of each role,
 * from the cards it played as the heuristic bot would have played them:
 * roles.h; with --infer 0 the heuristic's trust in each), and
 * compares the heuristic's best moves (--width, default 5) by what follows
 * them, for --ms milliseconds (default 100; never more than a quarter of
 * the move limit the referee gives), or for --iter samples exactly (the
 * moves then depend only on the seeds, not on the machine's load).  By
 * default each sample plays every candidate and then the round out with
 * every seat playing the heuristic bot's move in the sampled game
 * (heuristic_game_move(): the seat knows its own hand and role and the
 * goals it looked at, and trusts the others as their plays, the
 * playout's too, make it), the same sample and random numbers for each
 * candidate, so their differences are measured in pairs
 * (search_compare()); the bot plays the candidate whose mean difference
 * from the heuristic's first is highest and above --z standard errors
 * (default 0) and --margin (default 0), over 8 samples at least.  --cheap
 * plays the playouts with search_policy() instead (the earlier search).
 * With --tree it searches a tree of its own decisions instead
 * (search_run()) and changes the heuristic's move when a candidate's mean
 * is better by --margin (default there 0.03) over 20 samples.  A single
 * legal move, or a knowledge that is lost (no game of the ruleset gives
 * the lines: a ruleset file it was not given), leaves the heuristic's
 * choice.  Each option may be given in the environment too (SEARCH_MS,
 * SEARCH_ITER, SEARCH_WIDTH, SEARCH_Z, SEARCH_MARGIN, SEARCH_INFER,
 * SEARCH_TREE=1, SEARCH_RULESET).  It reports on stderr, per game, its
 * decisions, samples, and those it could not search; see --help.
 */

/* The most candidates compared (--width), and the default. */
#define MAX_WIDTH 16
static int width = 5;

static know *k;
static search *srch;
static sab_rng rng;
static uint64_t bot_seed;
static int game_seeded = -1;
static double budget_ms = 100, margin = -1, zscore = 0;
static int use_tree;
static long fixed_iter;
static long decisions, samples, fallbacks, changed;

/* ---- who is who ----------------------------------------------------------
 *
 * The samples deal the roles this seat does not know uniformly; what the
 * other seats did says more.  The heuristic bot keeps a trust in each
 * seat (heuristic.h: up for digging towards the gold, down for dead ends,
 * rockfalls on the tunnel, tools broken on trusted seats); a sample's roles
 * are dealt again among the seats whose role is unknown, each saboteur
 * card weighted by exp(-TRUST x its seat's trust) (--trust X; 0 leaves
 * them uniform).  Against heuristic bots this guesses the saboteurs far
 * better than uniform roles: --roles-check N measures it.
 */

static double trust_weight = 1.0;
static int root_trust[SAB_MAX_PLAYERS];

/*
 * Saboteur 2's colours: a gold miner lays only its own colour's doors (a
 * door of the other colour closes its team's tunnels; the heuristic bot
 * never lays one), so a seat that laid a blue door is hardly a green
 * miner, and the other way round.  seen() notes the doors each seat laid
 * this round (search_door_seen()); a sample's gold miners' colours are
 * dealt again by them (deal_colours()).
 */
static void seen(const botstate *s, int seat, const sab_move *m)
{
	search_door_seen(s->table.round, seat, m, bot_card(s, m->card));
	heuristic_seen(s, seat, m);
}

/* A colour's weight at a seat that laid doors of the other colour. */
#define DOOR_AGAINST 0.05

/* The weight of gold miner card `team` (1 blue, 2 green) at seat s in
 * round. */
static double colour_weight(int round, int s, int team)
{
	return search_doors(round, s) >> (2 - team) & 1 ? DOOR_AGAINST : 1.0;
}

/* The team (1 blue, 2 green) of role r in g, 0 for others. */
static int role_team(const sab_game *g, uint8_t r)
{
	const char *n = sab_role_name(g->rs, r);

	return strcmp(n, "blue-miner") == 0 ? 1 :
	    strcmp(n, "green-miner") == 0 ? 2 : 0;
}

/* Exchanges of two seats' gold miner cards of different colours among
 * free[] (the seats whose role this seat does not know), each kept with
 * the ratio of the door weights. */
static void deal_colours(sab_game *g, sab_rng *r, const int *free, int n)
{
	for (int i = 0; n >= 2 && i < 4 * n; i++) {
		int a = free[sab_rng_below(r, (uint32_t)n)];
		int b = free[sab_rng_below(r, (uint32_t)n)];
		int ta = role_team(g, g->role[a]), tb = role_team(g, g->role[b]);
		double w;
		if (ta == 0 || tb == 0 || ta == tb)
			continue;
		w = colour_weight(g->round, a, tb) *
		    colour_weight(g->round, b, ta) /
		    (colour_weight(g->round, a, ta) *
		    colour_weight(g->round, b, tb));
		if (w >= 1 || (double)sab_rng_below(r, 1u << 30) <
		    w * (double)(1u << 30)) {
			uint8_t x = g->role[a];
			g->role[a] = g->role[b];
			g->role[b] = x;
		}
	}
}

/* ---- who is who, by what each role would have played ------------------
 *
 * By default (--infer 8) the samples' unknown dwarf cards are dealt by
 * each seat's likelihood of each role, from the cards it played this
 * round as the heuristic bot would have played them (roles.h), in place
 * of the trust's and the doors' (--infer 0 keeps those).
 */

static double infer_temp = 8;   /* the softmax's temperature; 0: off */
static roles_ll inferred;

/* Deals a sample's roles again among the seats this seat does not know,
 * by trust (a few exchanges of two seats' cards, each kept with the
 * weights' ratio). */
static void adjust(sab_game *g, sab_rng *r, void *ctx)
{
	const sab_seen *t = know_seen(k);
	int free[SAB_MAX_PLAYERS], n = 0;

	(void)ctx;
	if (!g->rs->has_roles)
		return;
	if (infer_temp > 0 && inferred.ok) {
		roles_deal(&inferred, k, g, r);
		return;
	}
	for (int s = 0; s < g->nplayers; s++)
		if (s != know_seat(k) && t->role[s] == SAB_SEEN_UNKNOWN)
			free[n++] = s;
	for (int i = 0; n >= 2 && i < 4 * n; i++) {
		int a = free[sab_rng_below(r, (uint32_t)n)];
		int b = free[sab_rng_below(r, (uint32_t)n)];
		int sa = strcmp(sab_role_name(g->rs, g->role[a]), "saboteur") == 0;
		int sb = strcmp(sab_role_name(g->rs, g->role[b]), "saboteur") == 0;
		double w;
		if (sa == sb)
			continue;
		/* Weight of the exchange: b's saboteur card to a. */
		w = exp(trust_weight * (sa ? root_trust[a] - root_trust[b] :
		    root_trust[b] - root_trust[a]));
		if (w >= 1 || (double)sab_rng_below(r, 1u << 30) <
		    w * (double)(1u << 30)) {
			uint8_t x = g->role[a];
			g->role[a] = g->role[b];
			g->role[b] = x;
		}
	}
	if (g->rs->nteams >= 2)
		deal_colours(g, r, free, n);
}

/* ---- the playouts: the heuristic bot in every seat ----------------------
 *
 * Each playout starts from the trust this bot's heuristic has in each
 * seat (what their plays made of them), and every seat of the sampled
 * game plays the heuristic bot's move there (heuristic.h), knowing what
 * that seat knows of the sample.
 */

static int play_trust[SAB_MAX_PLAYERS];
static int cheap_playouts;

static void play_begin(const sab_game *g, void *ctx)
{
	(void)g;
	(void)ctx;
	memcpy(play_trust, root_trust, sizeof play_trust);
}

static void play_move(const sab_game *g, sab_rng *r, sab_move *buf,
    sab_move *m, void *ctx)
{
	(void)ctx;
	if (heuristic_game_move(g, play_trust, buf, m) != 0)
		sab_game_random_move(g, r, m);
}

static void play_seen(const sab_game *g, const sab_move *m, void *ctx)
{
	(void)ctx;
	if (m->kind == SAB_MOVE_PLAY)
		heuristic_game_seen(g, play_trust, g->to_act, m);
}

/* The moves the search may choose among: the heuristic's best. */
static sab_move cands[MAX_WIDTH];
static int ncands;

static int allow(const sab_game *g, const sab_move *m, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < ncands; i++)
		if (sab_move_equal(g->rs, m, &cands[i]))
			return 1;
	return 0;
}

/* ---- how well the samples guess the roles (SEARCH_ROLES_CHECK=N) -------
 *
 * At each decision, N samples (roles dealt again by trust, as the
 * search deals them) give each other seat's chance of being a saboteur;
 * the round's end tells the roles; stderr gets, at each game's end, the
 * mean squared error of those chances so far (the Brier score: 0 knows,
 * 0.25 a coin). */

static long roles_check;
static double rc_pred[256][SAB_MAX_PLAYERS];
static int rc_n, rc_after_end, rc_truth[SAB_MAX_PLAYERS];
static double rc_brier;
static long rc_count;

static void roles_predict(void)
{
	static sab_game g;
	sab_rng r;
	int me = know_seat(k), n = know_players(k);

	if (rc_n >= 256)
		return;
	sab_rng_seed(&r, (uint64_t)rc_n * 7919 + 1);
	for (int i = 0; i < n; i++)
		rc_pred[rc_n][i] = 0;
	for (long it = 0; it < roles_check; it++) {
		if (know_sample(k, &r, &g) != 0)
			return;
		adjust(&g, &r, NULL);
		for (int i = 0; i < n; i++)
			rc_pred[rc_n][i] += strcmp(sab_role_name(g.rs, g.role[i]),
			    "saboteur") == 0 ? 1.0 / (double)roles_check : 0;
	}
	rc_pred[rc_n][me] = -1;
	rc_n++;
}

static void roles_line(const char *l)
{
	int seat;
	char word[64];

	if (strncmp(l, "roundend", 8) == 0) {
		rc_after_end = 1;
		for (int i = 0; i < SAB_MAX_PLAYERS; i++)
			rc_truth[i] = -1;
	} else if (rc_after_end && sscanf(l, "role %d %63s", &seat,
	    word) == 2 && seat >= 0 && seat < SAB_MAX_PLAYERS) {
		rc_truth[seat] = strcmp(word, "saboteur") == 0;
	} else if (rc_after_end && (strncmp(l, "round ", 6) == 0 ||
	    strncmp(l, "gameover", 8) == 0)) {
		int n = know_players(k);
		for (int d = 0; d < rc_n; d++)
			for (int i = 0; i < n; i++) {
				if (rc_pred[d][i] < 0 || rc_truth[i] < 0)
					continue;
				rc_brier += (rc_pred[d][i] - rc_truth[i]) *
				    (rc_pred[d][i] - rc_truth[i]);
				rc_count++;
			}
		rc_after_end = 0;
		rc_n = 0;
	}
	if (strncmp(l, "gameover", 8) == 0 && rc_count > 0)
		fprintf(stderr, "search: roles: Brier %.4f over %ld guesses\n",
		    rc_brier / (double)rc_count, rc_count);
}

static void line(const char *l)
{
	if (roles_check > 0)
		roles_line(l);
	if (strncmp(l, "gameover", 8) == 0 && decisions > 0) {
		fprintf(stderr, "search: game over: %ld decisions, %ld samples "
		    "(%.0f a decision), %ld other than the heuristic's, %ld not "
		    "searched%s%s\n", decisions, samples, (double)samples /
		    (double)decisions, changed, fallbacks,
		    know_error(k)[0] ? ": " : "", know_error(k));
		decisions = samples = fallbacks = changed = 0;
	}
	(void)know_line(k, l);
}

/* The referee's line for move m, when it is legal now. */
static const char *legal_line(const botstate *s, const sab_move *m)
{
	proto_cards pc = *know_cards(k);
	char buf[PROTO_LINE_MAX];

	pc.rs = know_ruleset(k);
	proto_cards_follow(&pc, know_template(k));
	if (proto_move(&pc, m, buf, sizeof buf) <= 0)
		return NULL;
	for (int i = 0; i < s->nlegal; i++)
		if (strcmp(s->legal[i].line, buf) == 0)
			return s->legal[i].line;
	return NULL;
}

/* The heuristic's width best legal moves, best first, into cands; their
 * lines' indexes into order.  Returns how many. */
static int best_of_heuristic(const botstate *s, int *order)
{
	static int sc[BOT_MAX_LEGAL];

	heuristic_rank(s, sc);
	ncands = 0;
	for (int w = 0; w < width; w++) {
		int b = -1;
		for (int i = 0; i < s->nlegal; i++) {
			int taken = 0;
			for (int j = 0; j < ncands; j++)
				taken |= order[j] == i;
			if (!taken && s->legal[i].parsed && sc[i] > INT_MIN &&
			    (b < 0 || sc[i] > sc[b]))
				b = i;
		}
		if (b < 0)
			break;
		order[ncands] = b;
		cands[ncands++] = s->legal[b].m;
	}
	return ncands;
}

static const char *choose(const botstate *s)
{
	search_hooks hooks = { adjust, allow, NULL, play_begin, play_move,
	    play_seen, 0 };
	search_stats st;
	sab_move best, moves[MAX_WIDTH * 4];
	int order[MAX_WIDTH], visits[MAX_WIDTH * 4], n;
	double values[MAX_WIDTH * 4], ms = budget_ms, hv = -1, bv = -1;
	const char *answer;

	if (s->game != game_seeded) {
		sab_rng_seed(&rng, (s->seeded ? s->seed : (uint64_t)getpid()) ^
		    bot_seed);
		game_seeded = s->game;
	}
	if (s->nlegal == 0)
		return NULL;
	if (best_of_heuristic(s, order) == 0)
		return s->legal[0].line;
	answer = s->legal[order[0]].line;
	if (ncands == 1)
		return answer;
	/* A quarter of the move's limit at most, for the machine's load. */
	if (s->move_ms > 0 && ms > s->move_ms / 4.0)
		ms = s->move_ms / 4.0;
	decisions++;
	heuristic_trust(s->seat, root_trust);
	inferred.ok = 0;
	if (infer_temp > 0)
		(void)roles_infer(k, &rng, infer_temp, &inferred);
	if (roles_check > 0)
		roles_predict();
	if (cheap_playouts)
		hooks.begin = NULL, hooks.play = NULL, hooks.seen = NULL;
	if (!use_tree) {
		double mean[MAX_WIDTH], diff[MAX_WIDTH], se[MAX_WIDTH];
		long used = search_compare(srch, k, &rng, cands, ncands, ms,
		    fixed_iter, &hooks, mean, diff, se);
		int b = 0;
		if (used < 0) {
			fallbacks++;
			return answer;
		}
		samples += used;
		/* Another move than the heuristic's first only when the
		 * paired samples say it does better, clearly. */
		for (int i = 1; i < ncands; i++)
			if (diff[i] > diff[b] && diff[i] > (margin < 0 ? 0 :
			    margin) &&
			    diff[i] > zscore * se[i])
				b = i;
		if (b != 0 && used >= 8) {
			changed++;
			answer = s->legal[order[b]].line;
		}
		return answer;
	}
	if (search_run(srch, k, &rng, ms, fixed_iter, &hooks, &best,
	    &st) != 0) {
		fallbacks++;
		return answer;
	}
	samples += st.iterations;
	n = search_root(srch, moves, visits, values, MAX_WIDTH * 4);
	for (int i = 0, bi = -1; i <= n; i++) {
		if (i == n) {
			const char *l;
			if (bi >= 0 && hv >= 0 && bv > hv + (margin < 0 ? 0.03 :
			    margin) &&
			    (l = legal_line(s, &moves[bi])) != NULL) {
				answer = l;
				changed++;
			}
			break;
		}
		if (sab_move_equal(&s->rs, &moves[i], &cands[0]))
			hv = values[i];
		else if (visits[i] >= 20 && values[i] > bv)
			bv = values[i], bi = i;
	}
	return answer;
}

/* "--ms N", "--iter N", "--ruleset FILE" override the environment's
 * SEARCH_MS, SEARCH_ITER, SEARCH_RULESET (a sealed bot gets only the
 * variables a bot file gives it: arguments are simpler). */
static const char *arg(int argc, char **argv, const char *name,
    const char *env)
{
	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return argv[i + 1];
	return getenv(env);
}

static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "--bench N": N samples searched from the first decision of seat 0 of
 * a seeded 5-player base game (its lines fed to a knowledge as a bot gets
 * them), timed; prints samples (whole iterations: a sample, the tree, a
 * playout) per second.  For make bench. */
static int bench(long n)
{
	static sab_ruleset rs;
	static sab_game g;
	static sab_events ev;
	static proto_cards pc;
	char err[256], line[PROTO_LINE_MAX];
	search_stats st;
	sab_move best;
	sab_rng r;

	if (sab_ruleset_load_builtin(&rs, "base", err, sizeof err) != 0 ||
	    proto_cards_init(&pc, &rs, err, sizeof err) != 0)
		return 1;
	sab_rng_seed(&r, 2026);
	ev.n = 0;
	if (sab_game_new(&g, &rs, 5, 0, &r, &ev, err, sizeof err) != 0)
		return 1;
	for (int i = 0; proto_setup_line(&pc, 1, 5, 0, NULL, i, line,
	    sizeof line) > 0; i++)
		know_line(k, line);
	for (int i = 0; i < ev.n; i++)
		if (proto_event(&pc, &ev.ev[i], 0, 5, line, sizeof line) > 0)
			know_line(k, line);
	sab_rng_seed(&rng, 1);
	if (search_run(srch, k, &rng, 0, n, NULL, &best, &st) != 0) {
		fprintf(stderr, "search: bench: %s\n", know_error(k));
		return 1;
	}
	printf("search bot (C): %.0f samples/s (%ld samples, %.0f playout "
	    "moves/s)\n", (double)st.iterations / st.seconds, st.iterations,
	    (double)st.playout_moves / st.seconds);
	{
		/* The default search: three candidates in each sample. */
		static sab_move legal[SAB_MAX_MOVES];
		double mean[MAX_WIDTH], diff[MAX_WIDTH], se[MAX_WIDTH], t0, t1;
		long used;
		int nl = sab_game_moves(&g, legal);
		t0 = bench_now();
		search_hooks hooks = { NULL, NULL, NULL, play_begin, play_move,
		    play_seen, 0 };
		used = search_compare(srch, k, &rng, legal, nl < width ? nl :
		    width, 0, n / width, cheap_playouts ? NULL : &hooks, mean,
		    diff, se);
		t1 = bench_now();
		if (used > 0 && t1 > t0)
			printf("search bot (C), paired: %.0f samples/s of %d "
			    "candidates (%.0f playouts to the round's end/s)\n",
			    (double)used / (t1 - t0), nl < width ? nl : width,
			    (double)used * (nl < width ? nl : width) / (t1 - t0));
	}
	return 0;
}

/* ---- --check-policy: the playouts' heuristic is the heuristic bot ------- */

static char check_line[PROTO_LINE_MAX];

/* The heuristic bot's choice, as it makes it from the lines it is sent. */
static const char *check_choose(const botstate *s)
{
	int order[MAX_WIDTH];

	check_line[0] = '\0';
	if (best_of_heuristic(s, order) > 0)
		snprintf(check_line, sizeof check_line, "%s",
		    s->legal[order[0]].line);
	return check_line[0] ? check_line : NULL;
}

static void check_feed(const char *l)
{
	char buf[PROTO_LINE_MAX];

	snprintf(buf, sizeof buf, "%s", l);
	bot_handle(buf, "search", check_choose, seen);
}

/*
 * "--check-policy N": N seeded 5-player base games, every seat playing
 * heuristic_game_move() (the playouts' policy, on the rules engine's
 * game); one seat a game is also followed through the bot helper, line by
 * line as a bot is sent them, and at each of its decisions the heuristic
 * bot's own choice there (heuristic_rank()) must be the move
 * heuristic_game_move() chooses.  Prints how many agreed on stderr (the
 * bot helper's answers go to stdout); returns 1 when fewer than 99% did.
 */
static int check_policy(long n)
{
	static sab_ruleset rs;
	static sab_game g;
	static sab_events ev;
	static proto_cards pc;
	static sab_move moves[SAB_MAX_MOVES];
	char err[256], line[PROTO_LINE_MAX];
	int tr[SAB_MAX_PLAYERS], others[SAB_MAX_PLAYERS];
	long agree = 0, total = 0;
	sab_rng r;
	sab_move m;

	if (sab_ruleset_load_builtin(&rs, "base", err, sizeof err) != 0 ||
	    proto_cards_init(&pc, &rs, err, sizeof err) != 0)
		return 1;
	for (long gi = 0; gi < n; gi++) {
		int seat = (int)(gi % 5), decision = 0;
		sab_rng_seed(&r, 1000 + (uint64_t)gi);
		ev.n = 0;
		if (sab_game_new(&g, &rs, 5, 0, &r, &ev, err, sizeof err) != 0)
			return 1;
		memset(others, 0, sizeof others);
		for (int i = 0; proto_setup_line(&pc, (int)gi + 1, 5, seat, NULL,
		    i, line, sizeof line) > 0; i++)
			check_feed(line);
		for (;;) {
			proto_cards_follow(&pc, &g);
			for (int i = 0; i < ev.n; i++)
				if (proto_event(&pc, &ev.ev[i], seat, 5, line,
				    sizeof line) > 0)
					check_feed(line);
			ev.n = 0;
			if (sab_game_over(&g))
				break;
			if (g.to_act == seat) {
				int nm = sab_game_moves(&g, moves);
				memcpy(line, "legal ", 6);
				for (int i = 0; i < nm; i++)
					if (proto_move(&pc, &moves[i], line + 6,
					    sizeof line - 6) > 0)
						check_feed(line);
				if (proto_turn_line(++decision, 10000, 0, line,
				    sizeof line) > 0)
					check_feed(line);
				heuristic_trust(seat, tr);
				if (heuristic_game_move(&g, tr, moves, &m) != 0 ||
				    proto_move(&pc, &m, line, sizeof line) <= 0)
					return 1;
				total++;
				if (strcmp(line, check_line) == 0)
					agree++;
				else
					fprintf(stderr, "search: check: game %ld "
					    "decision %d: heuristic bot \"%s\", "
					    "on the game \"%s\"\n", gi + 1,
					    decision, check_line, line);
			} else if (heuristic_game_move(&g, others, moves, &m) !=
			    0) {
				return 1;
			}
			if (m.kind == SAB_MOVE_PLAY)
				heuristic_game_seen(&g, others, g.to_act, &m);
			sab_game_apply(&g, &m, &r, &ev);
		}
	}
	fprintf(stderr, "search: check: %ld of %ld decisions alike (%.1f%%)\n",
	    agree, total, total ? 100.0 * (double)agree / (double)total : 0);
	return total == 0 || agree * 100 < total * 99;
}

static const char usage[] =
"usage: search-bot [--ms N | --iter N] [--width N] [--z X] [--margin X]\n"
"                  [--trust X] [--infer T] [--cheap | --tree] [--ruleset FILE]\n"
"                  [--roles-check N] [--bench N] [--check-policy N]\n"
"A Saboteur bot (saboteur-protocol(7) on stdin and stdout) that compares\n"
"the heuristic bot's best moves in games sampled from what its seat knows,\n"
"each played out with the heuristic bot's move in every seat.\n"
"  --ms N           milliseconds a decision (default 100; at most a quarter\n"
"                   of the referee's move limit)\n"
"  --iter N         exactly N samples a decision instead (each plays every\n"
"                   candidate out: N x width playouts); the moves then\n"
"                   depend only on the seeds, not on the machine's load\n"
"  --width N        candidates: the heuristic's N best moves (default 5)\n"
"  --z X            another move than the heuristic's only when it does\n"
"                   better by X standard errors (default 0)\n"
"  --margin X       and by more than X (results 0 to 1; default 0)\n"
"  --infer T        deal the unknown roles by each seat's likelihood of each\n"
"                   role, from the cards it played this round as the\n"
"                   heuristic bot would have played them (a softmax of\n"
"                   temperature T, default 8; 0: by trust, below)\n"
"  --trust X        with --infer 0, deal the unknown roles by the heuristic's\n"
"                   trust in each seat, weight exp(-X x trust) (default 1;\n"
"                   0: uniform)\n"
"  --cheap          play the playouts with the cheap policy instead\n"
"  --tree           information-set MCTS over its own decisions instead\n"
"  --ruleset FILE   the ruleset, when it is not built in\n"
"  --roles-check N  report how well N samples a decision guess the\n"
"                   saboteurs (Brier score, on stderr at each game's end)\n"
"  --bench N        time N samples of a seeded position and exit\n"
"  --check-policy N play N seeded base games with the playouts' policy and\n"
"                   check it chooses as the heuristic bot does (exit 1 when\n"
"                   fewer than 99%% of one seat's decisions agree)\n"
"Each may be set in the environment instead: SEARCH_MS, SEARCH_ITER,\n"
"SEARCH_WIDTH, SEARCH_Z, SEARCH_MARGIN, SEARCH_INFER, SEARCH_TRUST,\n"
"SEARCH_TREE=1, SEARCH_RULESET, SEARCH_ROLES_CHECK, SEARCH_BENCH; BOT_SEED\n"
"mixes into the seed of its randomness.\n";

int main(int argc, char **argv)
{
	const char *env;

	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(usage, stdout);
			return 0;
		}

	if ((k = know_new()) == NULL || (srch = search_new(1 << 20)) == NULL) {
		fprintf(stderr, "search: out of memory\n");
		return 1;
	}
	if ((env = arg(argc, argv, "--ms", "SEARCH_MS")) != NULL &&
	    atof(env) > 0)
		budget_ms = atof(env);
	if ((env = arg(argc, argv, "--iter", "SEARCH_ITER")) != NULL)
		fixed_iter = atol(env);
	if ((env = arg(argc, argv, "--margin", "SEARCH_MARGIN")) != NULL)
		margin = atof(env);
	if ((env = arg(argc, argv, "--z", "SEARCH_Z")) != NULL)
		zscore = atof(env);
	if ((env = arg(argc, argv, "--width", "SEARCH_WIDTH")) != NULL &&
	    atoi(env) > 0)
		width = atoi(env) < MAX_WIDTH ? atoi(env) : MAX_WIDTH;
	if ((env = arg(argc, argv, "--roles-check", "SEARCH_ROLES_CHECK")) != NULL)
		roles_check = atol(env);
	if ((env = arg(argc, argv, "--trust", "SEARCH_TRUST")) != NULL)
		trust_weight = atof(env);
	if ((env = arg(argc, argv, "--infer", "SEARCH_INFER")) != NULL)
		infer_temp = atof(env);
	for (int i = 1; i < argc; i++) {
		use_tree |= strcmp(argv[i], "--tree") == 0;
		cheap_playouts |= strcmp(argv[i], "--cheap") == 0;
	}
	if ((env = getenv("SEARCH_TREE")) != NULL && atoi(env) > 0)
		use_tree = 1;
	if ((env = getenv("BOT_SEED")) != NULL)
		bot_seed = strtoull(env, NULL, 10);
	if ((env = arg(argc, argv, "--ruleset", "SEARCH_RULESET")) != NULL) {
		static sab_ruleset rs;
		char err[512];
		FILE *f = fopen(env, "rb");
		static char text[1 << 20];
		size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
		if (f == NULL || sab_ruleset_parse(&rs, text, n, env, err,
		    sizeof err) != 0) {
			fprintf(stderr, "search: %s: %s\n", env, f ? err :
			    "cannot read");
			if (f)
				fclose(f);
			return 1;
		}
		fclose(f);
		know_use_ruleset(k, &rs);
	}
	if ((env = arg(argc, argv, "--check-policy", "SEARCH_CHECK_POLICY")) !=
	    NULL)
		return check_policy(atol(env) > 0 ? atol(env) : 20);
	if ((env = arg(argc, argv, "--bench", "SEARCH_BENCH")) != NULL)
		return bench(atol(env) > 0 ? atol(env) : 20000);
	bot_lines = line;
	/* Asked in its turn in a reaction window, not at once: its knowledge
	 * (know.c) follows the lines of a seat asked in the rules' order. */
	bot_at_once = 0;
	return bot_run("search", choose, seen);
}
