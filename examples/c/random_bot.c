/* random_bot.c: a Saboteur bot that plays a uniformly random legal move. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "botlib.h"

static sab_rng rng;
static int fixed;               /* BOT_SEED was given */
static uint64_t seed;           /* BOT_SEED, or 0 */
static int game_seeded = -1;    /* the game the generator was seeded for */

/* Any legal line is as good as another; botlib lists them for us.  Tunnel
 * toll's dwarf moves (a card of the hand on any open end: dozens) count
 * as one choice among the others, then one of them at random, or the bot
 * would put both dwarves out at the start of every round.  Without them
 * the generator is drawn as it always was. */
static const char *pick(const botstate *s)
{
	int nd = 0, others, k, want_dwarf;

	for (int i = 0; i < s->nlegal; i++)
		nd += s->legal[i].parsed && s->legal[i].m.kind == SAB_MOVE_DWARF;
	if (nd == 0)
		return s->legal[sab_rng_below(&rng, (uint32_t)s->nlegal)].line;
	others = s->nlegal - nd;
	k = (int)sab_rng_below(&rng, (uint32_t)(others + 1));
	want_dwarf = k == others;
	if (want_dwarf)
		k = (int)sab_rng_below(&rng, (uint32_t)nd);
	/* The k-th move of the kind chosen. */
	for (int i = 0; i < s->nlegal; i++) {
		int dwarf = s->legal[i].parsed &&
		    s->legal[i].m.kind == SAB_MOVE_DWARF;
		if (dwarf == want_dwarf && k-- == 0)
			return s->legal[i].line;
	}
	return s->legal[0].line;
}

static const char *choose(const botstate *s)
{
	/* Each game's moves depend only on the game's own seed (the
	 * referee's "seed" line, mixed with BOT_SEED so that two copies with
	 * different BOT_SEED play differently), not on the games this
	 * process played before: a game played again, or a tournament that
	 * hands games to workers in any order, gets the same moves.  A
	 * referee that sends no seed leaves BOT_SEED, the game and the seat. */
	if (s->game != game_seeded && (s->seeded || fixed)) {
		sab_rng_seed(&rng, s->seeded ? s->seed ^ seed :
		    seed ^ (SAB_SEED_GOLDEN *
		    (uint64_t)(s->game * 16 + s->seat + 1)));
		game_seeded = s->game;
	}
	if (s->nlegal == 0)
		return NULL;    /* botlib then discards a card */
	/* A reaction with no veto in hand draws nothing from the generator,
	 * so a referee that asks only the bots that want to react plays
	 * the same game as one that asks every bot. */
	if (s->nlegal == 1 && s->table.phase == SAB_PHASE_REACT)
		return s->legal[0].line;
	return pick(s);
}

/* Usage: random-bot [--react | --react-each | --react-in-turn] */
int main(int argc, char **argv)
{
	/* Without a seed from the referee or BOT_SEED, each process differs. */
	const char *env = getenv("BOT_SEED");

	fixed = env != NULL;
	seed = fixed ? strtoull(env, NULL, 10) : 0;
	sab_rng_seed(&rng, fixed ? seed : (uint64_t)getpid());
	/* A veto at random is no strategy: this bot does not ask to react,
	 * so a referee never waits on it for one (saboteur-protocol(7)),
	 * unless told to (--react: what the reaction window costs a referee
	 * is measured with it, scripts/bench-reactions.sh); --react-each
	 * without "react-standing", to be asked at every card;
	 * --react-in-turn without "react-at-once" either, to be asked in
	 * turn. */
	bot_react = argc > 1 && (strcmp(argv[1], "--react") == 0 ||
	    strcmp(argv[1], "--react-each") == 0 ||
	    strcmp(argv[1], "--react-in-turn") == 0);
	bot_at_once = !(argc > 1 && strcmp(argv[1], "--react-in-turn") == 0);
	bot_standing = argc > 1 && strcmp(argv[1], "--react") == 0;
	return bot_run("random", choose, NULL);
}
