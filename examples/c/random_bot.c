/* random_bot.c: a Saboteur bot that plays a uniformly random legal move. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "botlib.h"

static sab_rng rng;
static int fixed;               /* BOT_SEED was given */
static uint64_t seed;
static int game_seeded = -1;    /* the game the generator was seeded for */

/* Any legal line is as good as another; botlib lists them for us. */
static const char *choose(const botstate *s)
{
	/* With BOT_SEED, each game's moves depend only on the seed, the game
	 * and the seat, not on the games this process played before: a
	 * tournament that hands games to workers in any order gets the same
	 * games. */
	if (fixed && s->game != game_seeded) {
		sab_rng_seed(&rng, seed ^ (0x9e3779b97f4a7c15ULL *
		    (uint64_t)(s->game * 16 + s->seat + 1)));
		game_seeded = s->game;
	}
	if (s->nlegal == 0)
		return NULL;    /* botlib then discards a card */
	return s->legal[sab_rng_below(&rng, (uint32_t)s->nlegal)].line;
}

int main(void)
{
	/* BOT_SEED makes a game repeatable; otherwise each process differs. */
	const char *env = getenv("BOT_SEED");

	fixed = env != NULL;
	seed = fixed ? strtoull(env, NULL, 10) : (uint64_t)getpid();
	sab_rng_seed(&rng, seed);
	return bot_run("random", choose, NULL);
}
