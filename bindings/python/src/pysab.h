/* pysab.h: what the Python extension's files share: the object types over
 * the rules library (game.c), over a seat's knowledge (knowledge.c) and
 * over the heuristic example bot (heuristic.c), the observation both
 * games and knowledge give (observation.c), the module (module.c). */
#ifndef PYSAB_H
#define PYSAB_H

#include <Python.h>

#include "protocol.h"
#include "saboteur.h"

/* A ruleset and its protocol tokens, shared by every game played on it. */
typedef struct {
	PyObject_HEAD
	sab_ruleset *rs;
	proto_cards *pc;
} PyRulesetObject;

/* A whole game, hidden cards included, with its own random generator; ev
 * keeps the last step's events when the game records them. */
typedef struct {
	PyObject_HEAD
	PyRulesetObject *ruleset;
	sab_game *g;
	sab_rng rng;
	sab_events *ev;
	sab_seen *seen;         /* with ev: each seat's table, from the events */
} PyGameObject;

extern PyTypeObject PyRuleset_Type;
extern PyTypeObject PyGame_Type;

/* Returns a new reference to the Ruleset that arg names (a built-in name,
 * a path, or a Ruleset), loading it once; NULL with an exception set. */
PyObject *pysab_ruleset_get(PyObject *arg);

/* Reads a protocol move line for the seat to act in the game into *m
 * when it is legal; -1 with ValueError (the referee's reason) when not. */
int pysab_parse_move(PyGameObject *self, PyObject *arg, sab_move *m);

/* A new list of the tokens of cards defs[0..n) (None for a card not in
 * the ruleset: one a seat does not know), or NULL. */
PyObject *pysab_tokens(const sab_ruleset *rs, const proto_cards *pc,
    const uint8_t *defs, int n);

/* observation.c: the table seat knows (seen) as the numbers of an
 * observation (the layout is there); a new bytes object, or NULL. */
PyObject *pysab_observation(const sab_ruleset *rs, const sab_seen *t,
    int me, int nplayers);
Py_ssize_t pysab_observation_size(const sab_ruleset *rs);

/* game.c: readies the Ruleset and Game types, and adds them and
 * selfplay() to the module (module.c). */
int pysab_game_ready(void);
int pysab_game_add(PyObject *m);

/* heuristic.c: the rules' random generator as a Python object. */
typedef struct {
	PyObject_HEAD
	sab_rng rng;
} PyRngObject;

extern PyTypeObject PyRng_Type;

/* heuristic.c: a trust (the heuristic bot's, in each seat) from a Python
 * list of ints into tr (SAB_MAX_PLAYERS entries, 0 past the list), and
 * back into the list; -1 with an exception set. */
int pysab_trust_get(PyObject *list, int *tr);
int pysab_trust_put(PyObject *list, const int *tr);

/* heuristic.c: readies the Heuristic and Rng types, and adds them to the
 * module. */
int pysab_heuristic_ready(void);
int pysab_heuristic_add(PyObject *m);

/* knowledge.c: calls fn(line, ctx) for arg, a line or a sequence of
 * lines, until it returns nonzero; 0, or -1 with an exception set (fn
 * sets its own). */
int pysab_each_line(PyObject *arg, int (*fn)(const char *, void *),
    void *ctx);

/* knowledge.c: readies the Knowledge type, and adds it to the module. */
int pysab_knowledge_ready(void);
int pysab_knowledge_add(PyObject *m);

#endif
