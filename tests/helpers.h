/* helpers.h: building exact positions for the rules tests. */
#ifndef SAB_TEST_HELPERS_H
#define SAB_TEST_HELPERS_H

#include "saboteur.h"

/* A built-in ruleset, loaded once per call into static storage per name;
 * a name with a '/' is a ruleset file (t_ruleset_file()). */
const sab_ruleset *t_ruleset(const char *name);

/* A ruleset parsed from YAML text (name: its source in messages), once per
 * name, into static storage. */
const sab_ruleset *t_ruleset_text(const char *name, const char *yaml);
/* A ruleset file (a path from the top of the tree, where the tests
 * run), parsed once per path into static storage. */
const sab_ruleset *t_ruleset_file(const char *path);

/* The definition index of card name; fails the test when there is none. */
uint8_t t_def(const sab_ruleset *rs, const char *name);

/* A fresh game of n players with seed, seat 0 to act; events in *ev when
 * ev is not NULL. */
void t_game(sab_game *g, const sab_ruleset *rs, int n, uint64_t seed,
    sab_events *ev);

/* Replaces seat's hand with the given cards (NULL-terminated names). */
void t_hand(sab_game *g, int seat, ...);

/* Puts path card name at (x, y) without checks, as earlier turns would. */
void t_place(sab_game *g, const char *name, int x, int y, int rot);

/* Lays card name in front of seat, taken from the deck, a hand or the
 * cards set aside, as an earlier turn would have. */
void t_front(sab_game *g, int seat, const char *name);

/* Lays a broken tool (the ruleset's sabotage card of tool bit `tool`) in
 * front of seat, from nowhere. */
void t_break(sab_game *g, int seat, uint8_t tool);
/* Builds a move. */
sab_move t_path(const sab_ruleset *rs, const char *name, int x, int y, int rot);
sab_move t_action(const sab_ruleset *rs, int kind, const char *name, int target,
    int tool);

/* Checks m; returns 1 when legal, else 0 and the reason in t_why. */
extern char t_why[256];
int t_legal(const sab_game *g, const sab_move *m);

/* Returns 1 when m is in the listed legal moves of g. */
int t_listed(const sab_game *g, const sab_move *m);

/* Applies m after checking it (fails the test when illegal). */
void t_apply(sab_game *g, const sab_move *m, sab_events *ev);

/* The number of events of type in ev. */
int t_count(const sab_events *ev, int type);

#endif
