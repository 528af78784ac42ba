/* module.c: the home of the World Championship special cards and the variants: an empty module until it is built. */
#include "../effect.h"

/* Its role, after the base game's (value SAB_ROLE_GREEDY): "replace 1 of
 * the Gold Miners with the Greedy Dwarf" (the 2016 special card). */
static const sab_role_def roles[] = {
	{ "greedy", "greedy", "greedy dwarf", "the greedy dwarf" },
};

/*
 * Its card kinds, roles and hooks go here and in files beside this one,
 * as rules/base/ holds the base game's.  Its greedy dwarf is dealt, and
 * its rounds decided and paid, by the base game (rules/base/).
 */
const sab_module sab_module_wc = {
	.name = "wc",
	.title = "the World Championship special cards and the variants",
	.ready = 1,
	.roles = roles,
	.nroles = sizeof roles / sizeof roles[0],
	.roles_extend = 1,
};
