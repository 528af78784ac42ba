/* heuristic.c: the heuristic example bot (examples/c/heuristic_bot.c, built
 * as the C search bot links it) for Python: the Heuristic type, which
 * follows a seat's lines as the bot does and ranks its legal moves; its
 * moves in a complete game (Game.heuristic_move() and the rest, game.c);
 * and Rng, the rules' random generator, for a search that draws as the C
 * search bot does. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <string.h>

#include "botlib.h"
#include "heuristic.h"
#include "pysab.h"
#include "search.h"

/* ---- trust lists ---------------------------------------------------------- */

int pysab_trust_get(PyObject *list, int *tr)
{
	Py_ssize_t n;

	if (!PyList_Check(list) || (n = PyList_GET_SIZE(list)) >
	    SAB_MAX_PLAYERS) {
		PyErr_Format(PyExc_TypeError, "a trust is a list of at most "
		    "%d ints, one a seat", SAB_MAX_PLAYERS);
		return -1;
	}
	for (int i = 0; i < SAB_MAX_PLAYERS; i++) {
		long v = i < n ? PyLong_AsLong(PyList_GET_ITEM(list, i)) : 0;
		if (v == -1 && PyErr_Occurred())
			return -1;
		tr[i] = (int)v;
	}
	return 0;
}

int pysab_trust_put(PyObject *list, const int *tr)
{
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
		PyObject *v = PyLong_FromLong(tr[i]);
		if (v == NULL || PyList_SetItem(list, i, v) != 0)
			return -1;
	}
	return 0;
}

static PyObject *trust_list(const int *tr, int n)
{
	PyObject *l = PyList_New(n);

	for (int i = 0; l != NULL && i < n; i++) {
		PyObject *v = PyLong_FromLong(tr[i]);
		if (v == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, v);
	}
	return l;
}

/* ---- Heuristic ------------------------------------------------------------ */

/*
 * The C helper (botlib.c) keeps one seat's state and the heuristic bot
 * its trust in each seat, both the process's: every Heuristic object is a
 * view of that one state, as a bot process follows one seat.  The lines
 * go to the helper as bot_run() gives them, but for those it answers
 * ("saboteur", "turn", "illegal"): the Python bot answers those itself.
 */

typedef struct {
	PyObject_HEAD
} PyHeuristicObject;

/* Whether the last line fed was a "legal" line: the next one adds to the
 * list; otherwise it starts a new one. */
static int listing;

static const char *no_choice(const botstate *s)
{
	(void)s;
	return NULL;
}

/* Whether line's first word is w. */
static int first_word(const char *line, const char *w)
{
	size_t n = strlen(w);

	line += strspn(line, " \t");
	return strncmp(line, w, n) == 0 && (line[n] == '\0' ||
	    line[n] == ' ' || line[n] == '\t');
}

/* The doors each seat laid this round noted as the C search bot notes
 * them (search.h's search_door_seen()), for doors(). */
static void seen(const botstate *s, int seat, const sab_move *m)
{
	search_door_seen(s->table.round, seat, m, bot_card(s, m->card));
	heuristic_seen(s, seat, m);
}

/* Gives the helper one line, as bot_run() would. */
static int feed_line(const char *line, void *ctx)
{
	char buf[PROTO_LINE_MAX * 4];
	int legal = first_word(line, "legal");

	(void)ctx;
	if (first_word(line, "saboteur") || first_word(line, "turn") ||
	    first_word(line, "illegal"))
		return 0;
	/* Far longer than any line the referee sends (the helper too leaves
	 * out a line too long for it). */
	if (strlen(line) >= sizeof buf)
		return 0;
	/* A decision's first "legal" line starts its list: the helper
	 * starts one after its own answer, which it does not give here. */
	if (legal && !listing)
		bot_decision_done();
	listing = legal;
	snprintf(buf, sizeof buf, "%s", line);
	(void)bot_handle(buf, "heuristic", no_choice, seen);
	return 0;
}

static PyObject *heur_feed(PyHeuristicObject *self, PyObject *arg)
{
	(void)self;
	if (pysab_each_line(arg, feed_line, NULL) != 0)
		return NULL;
	Py_RETURN_NONE;
}

/* Every legal line the helper could read, with the heuristic's score. */
static PyObject *heur_rank(PyHeuristicObject *self, PyObject *unused)
{
	static int sc[BOT_MAX_LEGAL];
	const botstate *s = bot_state();
	PyObject *l;

	(void)self;
	(void)unused;
	if ((l = PyList_New(0)) == NULL)
		return NULL;
	if (s->nplayers == 0 || s->nlegal == 0)
		return l;
	heuristic_rank(s, sc);
	for (int i = 0; i < s->nlegal; i++) {
		PyObject *p;
		if (!s->legal[i].parsed || sc[i] == INT_MIN)
			continue;
		p = Py_BuildValue("(si)", s->legal[i].line, sc[i]);
		if (p == NULL || PyList_Append(l, p) != 0) {
			Py_XDECREF(p);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(p);
	}
	return l;
}

static PyObject *heur_trust(PyHeuristicObject *self, PyObject *unused)
{
	static int sc[BOT_MAX_LEGAL];
	int tr[SAB_MAX_PLAYERS];
	const botstate *s = bot_state();

	(void)self;
	(void)unused;
	/* The heuristic starts each round's trust afresh when it first
	 * ranks or watches a play in it: ranked first, the trust is right
	 * at a round's first decision whichever the caller asks first. */
	if (s->nplayers > 0 && s->table.round > 0)
		heuristic_rank(s, sc);
	heuristic_trust(s->seat, tr);
	return trust_list(tr, s->nplayers);
}

static PyObject *heur_doors(PyHeuristicObject *self, PyObject *unused)
{
	const botstate *s = bot_state();
	int d[SAB_MAX_PLAYERS];

	(void)self;
	(void)unused;
	for (int i = 0; i < SAB_MAX_PLAYERS; i++)
		d[i] = search_doors(s->table.round, i);
	return trust_list(d, s->nplayers);
}

static PyObject *heur_best(PyHeuristicObject *self, PyObject *unused)
{
	PyObject *l = heur_rank(self, unused), *best = Py_None;
	long bs = 0;

	if (l == NULL)
		return NULL;
	/* The first of the highest, as the bot plays it. */
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(l); i++) {
		PyObject *p = PyList_GET_ITEM(l, i);
		long v = PyLong_AsLong(PyTuple_GET_ITEM(p, 1));
		if (best == Py_None || v > bs)
			best = PyTuple_GET_ITEM(p, 0), bs = v;
	}
	Py_INCREF(best);
	Py_DECREF(l);
	return best;
}

static PyObject *heur_get_seat(PyHeuristicObject *self, void *c)
{
	(void)self;
	(void)c;
	return PyLong_FromLong(bot_state()->nplayers ? bot_state()->seat : -1);
}

static PyGetSetDef heur_getset[] = {
	{ "seat", (getter)heur_get_seat, NULL, "the seat followed (-1 before "
	    "a game line)", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyMethodDef heur_methods[] = {
	{ "feed", (PyCFunction)heur_feed, METH_O,
	    "feed(line or lines) follows the lines the seat's bot receives, "
	    "as the heuristic bot does (its trust in each seat included)" },
	{ "rank", (PyCFunction)heur_rank, METH_NOARGS,
	    "rank() -> [(move, score)] for the last legal list fed, in its "
	    "order: the heuristic bot plays the first of the highest" },
	{ "best", (PyCFunction)heur_best, METH_NOARGS,
	    "best() -> the heuristic bot's move for the last legal list fed, "
	    "or None" },
	{ "trust", (PyCFunction)heur_trust, METH_NOARGS,
	    "trust() -> the heuristic's trust in each seat (up for digging "
	    "towards the gold, down for blocking), and for this seat the "
	    "trust the others have in it: a search's start for "
	    "Game.heuristic_move()" },
	{ "doors", (PyCFunction)heur_doors, METH_NOARGS,
	    "doors() -> the colours of the doors each seat laid this round "
	    "(bit 1 blue, bit 2 green), as the C search bot notes them" },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject PyHeuristic_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "saboteur.Heuristic",
	.tp_basicsize = sizeof(PyHeuristicObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Heuristic(): the heuristic example bot (examples/c/"
	    "heuristic_bot.c) following one seat: feed() it every line the "
	    "seat's bot receives, then rank() the legal moves.  Its state is "
	    "the process's, shared by every Heuristic: one seat at a time.",
	.tp_methods = heur_methods,
	.tp_getset = heur_getset,
	.tp_new = PyType_GenericNew,
};

/* ---- Rng ------------------------------------------------------------------ */

static int rng_init(PyRngObject *self, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "seed", NULL };
	unsigned long long seed = 0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|K", kwlist, &seed))
		return -1;
	sab_rng_seed(&self->rng, seed);
	return 0;
}

static PyObject *rng_next(PyRngObject *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromUnsignedLongLong(sab_rng_next(&self->rng));
}

static PyObject *rng_below(PyRngObject *self, PyObject *arg)
{
	unsigned long n = PyLong_AsUnsignedLong(arg);

	if (PyErr_Occurred())
		return NULL;
	if (n < 1 || n > UINT32_MAX) {
		PyErr_SetString(PyExc_ValueError, "below(n) takes 1 <= n < 2**32");
		return NULL;
	}
	return PyLong_FromUnsignedLong(sab_rng_below(&self->rng, (uint32_t)n));
}

static PyMethodDef rng_methods[] = {
	{ "next", (PyCFunction)rng_next, METH_NOARGS,
	    "next() -> the next 64 random bits" },
	{ "below", (PyCFunction)rng_below, METH_O,
	    "below(n) -> a uniform integer in [0, n)" },
	{ NULL, NULL, 0, NULL }
};

PyTypeObject PyRng_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "saboteur.Rng",
	.tp_basicsize = sizeof(PyRngObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Rng(seed=0): the rules' random generator (xoshiro256**), "
	    "for Knowledge.sample(rng=) and a search that draws its numbers "
	    "as the C search bot does.",
	.tp_methods = rng_methods,
	.tp_init = (initproc)rng_init,
	.tp_new = PyType_GenericNew,
};

int pysab_heuristic_ready(void)
{
	if (PyType_Ready(&PyHeuristic_Type) < 0 ||
	    PyType_Ready(&PyRng_Type) < 0)
		return -1;
	return 0;
}

int pysab_heuristic_add(PyObject *m)
{
	Py_INCREF(&PyHeuristic_Type);
	if (PyModule_AddObject(m, "Heuristic",
	    (PyObject *)&PyHeuristic_Type) < 0) {
		Py_DECREF(&PyHeuristic_Type);
		return -1;
	}
	Py_INCREF(&PyRng_Type);
	if (PyModule_AddObject(m, "Rng", (PyObject *)&PyRng_Type) < 0) {
		Py_DECREF(&PyRng_Type);
		return -1;
	}
	return 0;
}
