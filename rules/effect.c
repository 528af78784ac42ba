/* effect.c: the modules the library knows, and finding a card kind by its type or word. */
#include <string.h>

#include "effect.h"

/* In a fixed order: a card's type numbers the kinds of these modules in
 * this order, and a ruleset file names modules by these names. */
static const sab_module *const modules[] = {
	&sab_module_base,
	&sab_module_sab2,
	&sab_module_wc,
	&sab_module_minis,
};
#define NMODULES (sizeof modules / sizeof modules[0])

const sab_module *sab_module_at(int i)
{
	return i >= 0 && (size_t)i < NMODULES ? modules[i] : NULL;
}

const sab_module *sab_module_find(const char *name, size_t len)
{
	for (size_t i = 0; i < NMODULES; i++)
		if (strlen(modules[i]->name) == len &&
		    memcmp(modules[i]->name, name, len) == 0)
			return modules[i];
	return NULL;
}

int sab_modules_default(const sab_ruleset *rs)
{
	return rs->nmodules == 1 && rs->modules[0] == 0;
}

const sab_kind *sab_kind_of(uint8_t type)
{
	size_t t = type;

	/* The base game's kinds first, without a walk: the turn asks this
	 * for every card it checks or lists. */
	if (t < SAB_CARD_TYPES)
		return sab_module_base.kinds[t];
	for (size_t i = 0; i < NMODULES; i++) {
		if (t < modules[i]->nkinds)
			return modules[i]->kinds[t];
		t -= modules[i]->nkinds;
	}
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
		for (size_t k = 0; k < modules[i]->nkinds; k++, type++)
			if (strlen(modules[i]->kinds[k]->word) == len &&
			    memcmp(modules[i]->kinds[k]->word, word, len) == 0)
				return type;
	return -1;
}
