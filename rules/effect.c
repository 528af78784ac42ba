/* effect.c: the modules the library knows, and finding a card kind by its type or word. */
#include <string.h>

#include "effect.h"

/* In rules/modules.def's order: a card's type numbers the kinds of these
 * modules in this order, and a ruleset file names modules by these names. */
const sab_module *const sab_modules[SAB_NMODULES] = {
#define SAB_MODULE(name) &sab_module_##name,
#include "modules.def"
};

/* The list is append only: the numbers replays and hashes hold stay. */
_Static_assert(SAB_MODULE_AT_chests == 7 && SAB_PHASE_CHEST == 7 &&
    SAB_MOVE_PUSH == 10 && SAB_EV_PUSH == 39,
    "rules/modules.def changed an old number: append, never insert");
#define NMODULES ((size_t)SAB_NMODULES)

const sab_module *sab_module_find(const char *name, size_t len)
{
	for (size_t i = 0; i < NMODULES; i++)
		if (strlen(sab_modules[i]->name) == len &&
		    memcmp(sab_modules[i]->name, name, len) == 0)
			return sab_modules[i];
	return NULL;
}

int sab_modules_default(const sab_ruleset *rs)
{
	return rs->nmodules == 1 && rs->modules[0] == 0;
}

const sab_kind *sab_kind_beyond_base(uint8_t type)
{
	size_t t = type;

	for (size_t i = 0; i < NMODULES; i++)
		for (size_t k = 0; sab_modules[i]->kinds != NULL &&
		    sab_modules[i]->kinds[k] != NULL; k++, t--)
			if (t == 0)
				return sab_modules[i]->kinds[k];
	return NULL;
}

const sab_kind *sab_move_kind(const sab_ruleset *rs, const sab_move *m)
{
	if (m->kind != SAB_MOVE_PLAY || m->card >= rs->ndefs)
		return NULL;
	return sab_kind_of(rs->defs[m->card].type);
}

int sab_kind_find(const char *word, size_t len)
{
	int type = 0;

	for (size_t i = 0; i < NMODULES; i++)
		for (size_t k = 0; sab_modules[i]->kinds != NULL &&
		    sab_modules[i]->kinds[k] != NULL; k++, type++)
			if (strlen(sab_modules[i]->kinds[k]->word) == len &&
			    memcmp(sab_modules[i]->kinds[k]->word, word, len) == 0)
				return type;
	return -1;
}
