/* module.c: the home of the mini expansions: an empty module until it is built. */
#include "../effect.h"

/*
 * Its card kinds, roles and hooks go here and in files beside this one,
 * as rules/base/ holds the base game's.  Not ready: a ruleset that names
 * it is refused, so no game is played on half an expansion.
 */
const sab_module sab_module_minis = {
	.name = "minis",
	.title = "the mini expansions",
	.ready = 0,
};
