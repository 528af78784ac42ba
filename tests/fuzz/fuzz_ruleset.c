/* fuzz_ruleset.c: a libFuzzer harness for the ruleset parser and the YAML
 * reader under it: any input must parse or fail with a
 * "SOURCE:LINE:COLUMN: reason" message, never crash or leak. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_message.h"
#include "saboteur.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static sab_ruleset rs;
	char err[512];

	err[0] = '\0';
	if (sab_ruleset_parse(&rs, (const char *)data, size, "fuzz", err,
	    sizeof err) != 0) {
		fuzz_check_message(err, "fuzz");
		return 0;
	}
	/* A ruleset that parses must play: one short game to its end. */
	if (rs.min_players >= 2) {
		static sab_game g;
		sab_rng rng;
		sab_move m;
		int steps = 0;
		sab_rng_seed(&rng, size);
		if (sab_game_new(&g, &rs, rs.min_players, 0, &rng, NULL, NULL,
		    0) != 0)
			abort();
		while (!sab_game_over(&g) && steps++ < 20000) {
			sab_game_random_move(&g, &rng, &m);
			if (!sab_game_check(&g, &m, NULL, 0))
				abort();
			sab_game_apply(&g, &m, &rng, NULL);
		}
		if (!sab_game_over(&g))
			abort();
	}
	return 0;
}
