/* saboteur.h: the public header of the rules library; include just this. */
#ifndef SABOTEUR_H
#define SABOTEUR_H

#include "rng.h"
#include "ruleset.h"
#include "board.h"
#include "event.h"
#include "game.h"
#include "effect.h"
#include "hash.h"
#include "seen.h"
#include "words.h"

#endif
