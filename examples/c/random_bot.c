/* random_bot.c: a Saboteur bot that plays a uniformly random legal move. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "botlib.h"

static sab_rng rng;

/* Any legal line is as good as another; botlib lists them for us. */
static const char *choose(const botstate *s)
{
	if (s->nlegal == 0)
		return NULL;    /* botlib then discards a card */
	return s->legal[sab_rng_below(&rng, (uint32_t)s->nlegal)].line;
}

int main(void)
{
	/* BOT_SEED makes a game repeatable; otherwise each process differs. */
	const char *seed = getenv("BOT_SEED");

	sab_rng_seed(&rng, seed != NULL ? strtoull(seed, NULL, 10) :
	    (uint64_t)getpid());
	return bot_run("random", choose, NULL);
}
