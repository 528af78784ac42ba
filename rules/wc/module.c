/* module.c: the home of the World Championship special cards and the variants: an empty module until it is built. */
#include "../effect.h"

/*
 * Its card kinds, roles and hooks go here and in files beside this one,
 * as rules/base/ holds the base game's.  Not ready: a ruleset that names
 * it is refused, so no game is played on half an expansion.
 */
const sab_module sab_module_wc = {
	.name = "wc",
	.title = "the World Championship special cards and the variants",
	.ready = 0,
};
