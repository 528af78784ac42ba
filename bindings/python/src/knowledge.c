/* knowledge.c: the Python type Knowledge: what one seat knows of a game,
 * from the lines its bot received, and games sampled from it
 * (examples/c/know.h). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "know.h"
#include "pysab.h"
#include "roles.h"

typedef struct {
	PyObject_HEAD
	know *k;
	PyRulesetObject *given;         /* the ruleset the user gave, or NULL */
	PyRulesetObject *ruleset;       /* the one the game is played by */
} PyKnowledgeObject;

static PyObject *LostError;

static void knowledge_dealloc(PyKnowledgeObject *self)
{
	know_free(self->k);
	Py_XDECREF(self->given);
	Py_XDECREF(self->ruleset);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *knowledge_new(PyTypeObject *type, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "ruleset", NULL };
	PyObject *rsarg = Py_None;
	PyKnowledgeObject *self;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", kwlist, &rsarg))
		return NULL;
	self = (PyKnowledgeObject *)type->tp_alloc(type, 0);
	if (self == NULL)
		return NULL;
	if ((self->k = know_new()) == NULL) {
		Py_DECREF(self);
		return PyErr_NoMemory();
	}
	if (rsarg != Py_None) {
		self->given = (PyRulesetObject *)pysab_ruleset_get(rsarg);
		if (self->given == NULL) {
			Py_DECREF(self);
			return NULL;
		}
		know_use_ruleset(self->k, self->given->rs);
	}
	return (PyObject *)self;
}

/* The Ruleset object of the game the lines are about. */
static int find_ruleset(PyKnowledgeObject *self)
{
	PyObject *name, *r;

	if (self->given != NULL) {
		Py_INCREF(self->given);
		Py_XSETREF(self->ruleset, self->given);
		return 0;
	}
	if ((name = PyUnicode_FromString(know_ruleset(self->k)->name)) == NULL)
		return -1;
	r = pysab_ruleset_get(name);
	Py_DECREF(name);
	if (r == NULL)
		return -1;
	Py_XSETREF(self->ruleset, (PyRulesetObject *)r);
	return 0;
}

static PyObject *lost(PyKnowledgeObject *self)
{
	PyErr_SetString(LostError, know_error(self->k));
	return NULL;
}

int pysab_each_line(PyObject *arg, int (*fn)(const char *, void *),
    void *ctx)
{
	PyObject *it;
	int r = 0;

	/* One line, or any iterable of lines. */
	if (PyUnicode_Check(arg))
		it = PyTuple_Pack(1, arg);
	else
		it = PySequence_Fast(arg, "feed() takes a line or lines");
	if (it == NULL)
		return -1;
	for (Py_ssize_t i = 0; r == 0 && i < PySequence_Fast_GET_SIZE(it); i++) {
		PyObject *item = PySequence_Fast_GET_ITEM(it, i);
		const char *s;
		if (!PyUnicode_Check(item)) {
			PyErr_SetString(PyExc_TypeError, "a line is a str");
			r = -1;
		} else if ((s = PyUnicode_AsUTF8(item)) == NULL ||
		    fn(s, ctx) != 0) {
			r = -1;
		}
	}
	Py_DECREF(it);
	return r;
}

static int feed_line(const char *s, void *ctx)
{
	PyKnowledgeObject *self = ctx;
	int r = know_line(self->k, s);

	/* A game line names the ruleset: an unknown one is an error now;
	 * any other line's trouble waits for sync(). */
	if (strncmp(s, "game ", 5) == 0 && (r != 0 ||
	    find_ruleset(self) != 0)) {
		if (r != 0)
			(void)lost(self);
		return -1;
	}
	return 0;
}

static PyObject *knowledge_feed(PyKnowledgeObject *self, PyObject *arg)
{
	if (pysab_each_line(arg, feed_line, self) != 0)
		return NULL;
	Py_RETURN_NONE;
}

static PyObject *knowledge_sync(PyKnowledgeObject *self, PyObject *unused)
{
	int r = know_sync(self->k);

	(void)unused;
	if (r < 0)
		return lost(self);
	return PyBool_FromLong(r == 0);
}

/* A Game holding *g, playable with seed. */
static PyObject *game_of(PyKnowledgeObject *self, const sab_game *g,
    unsigned long long seed)
{
	PyGameObject *o;

	if (self->ruleset == NULL) {
		PyErr_SetString(PyExc_ValueError, "no game yet");
		return NULL;
	}
	o = PyObject_New(PyGameObject, &PyGame_Type);
	if (o == NULL)
		return NULL;
	o->ruleset = self->ruleset;
	Py_INCREF(o->ruleset);
	o->ev = NULL;
	o->seen = NULL;
	if ((o->g = malloc(sizeof *o->g)) == NULL) {
		Py_DECREF(o);
		return PyErr_NoMemory();
	}
	*o->g = *g;
	/* The game follows the Ruleset object, which outlives it. */
	o->g->rs = self->ruleset->rs;
	sab_rng_seed(&o->rng, seed);
	return (PyObject *)o;
}

static PyObject *knowledge_sample(PyKnowledgeObject *self, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "seed", "exact", "tries", "rng", NULL };
	static sab_game g;
	unsigned long long seed = 0;
	int exact = 1, tries = 100, r;
	PyObject *rngarg = Py_None;
	sab_rng rng, *rp = &rng;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|KpiO", kwlist, &seed,
	    &exact, &tries, &rngarg))
		return NULL;
	if (rngarg != Py_None) {
		/* The caller's generator, drawn on as a C search draws. */
		if (!PyObject_TypeCheck(rngarg, &PyRng_Type)) {
			PyErr_SetString(PyExc_TypeError, "rng is a saboteur.Rng");
			return NULL;
		}
		rp = &((PyRngObject *)rngarg)->rng;
	}
	sab_rng_seed(&rng, seed);
	r = exact ? know_sample_exact(self->k, rp, &g, tries) :
	    know_sample(self->k, rp, &g);
	if (r != 0) {
		if (know_error(self->k)[0] != '\0')
			return lost(self);
		PyErr_SetString(PyExc_ValueError, !know_ready(self->k) ?
		    "no round has begun" : "no consistent sample in the tries "
		    "given");
		return NULL;
	}
	/* The game's own generator: another stream of the same seed. */
	return game_of(self, &g, sab_seed_mix(seed, 1));
}

/* The caller's generator (a saboteur.Rng) of arg, or NULL with TypeError
 * set. */
static sab_rng *rng_arg(PyObject *arg)
{
	if (!PyObject_TypeCheck(arg, &PyRng_Type)) {
		PyErr_SetString(PyExc_TypeError, "rng is a saboteur.Rng");
		return NULL;
	}
	return &((PyRngObject *)arg)->rng;
}

/* roles(rng, temp=8.0) -> each seat's log-likelihood of each role from
 * the cards it played this round (roles.h), or None when the round cannot
 * be read. */
static PyObject *knowledge_roles(PyKnowledgeObject *self, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "rng", "temp", NULL };
	static roles_ll r;
	PyObject *rngarg, *out;
	double temp = 8.0;
	sab_rng *rp;
	const sab_ruleset *rs;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "O|d", kwlist, &rngarg,
	    &temp))
		return NULL;
	if ((rp = rng_arg(rngarg)) == NULL)
		return NULL;
	if (temp <= 0) {
		PyErr_SetString(PyExc_ValueError, "temp is above 0");
		return NULL;
	}
	if (roles_infer(self->k, rp, temp, &r) != 0) {
		if (know_error(self->k)[0] != '\0')
			return lost(self);
		Py_RETURN_NONE;
	}
	rs = know_ruleset(self->k);
	if ((out = PyList_New(know_players(self->k))) == NULL)
		return NULL;
	for (int s = 0; s < know_players(self->k); s++) {
		PyObject *d = PyDict_New();
		if (d == NULL) {
			Py_DECREF(out);
			return NULL;
		}
		PyList_SET_ITEM(out, s, d);
		for (int role = 1; role < rs->nroles && role < SAB_MAX_ROLES;
		    role++) {
			PyObject *v = PyFloat_FromDouble(r.ll[s][role]);
			if (v == NULL || PyDict_SetItemString(d,
			    sab_role_name(rs, (uint8_t)role), v) != 0) {
				Py_XDECREF(v);
				Py_DECREF(out);
				return NULL;
			}
			Py_DECREF(v);
		}
	}
	return out;
}

/* deal_roles(game, likelihoods, rng): deals the game's dwarf cards this
 * seat does not know again by likelihoods (roles()'s). */
static PyObject *knowledge_deal_roles(PyKnowledgeObject *self,
    PyObject *args)
{
	static roles_ll r;
	PyObject *game, *lls, *rngarg;
	sab_rng *rp;
	const sab_ruleset *rs;
	int n;

	if (!PyArg_ParseTuple(args, "O!OO", &PyGame_Type, &game, &lls,
	    &rngarg))
		return NULL;
	if ((rp = rng_arg(rngarg)) == NULL)
		return NULL;
	if (know_sync(self->k) < 0)
		return lost(self);
	rs = know_ruleset(self->k);
	n = know_players(self->k);
	if (!PyList_Check(lls) || PyList_GET_SIZE(lls) != n ||
	    ((PyGameObject *)game)->g->nplayers != n) {
		PyErr_SetString(PyExc_ValueError, "likelihoods: roles()'s list, "
		    "one entry a seat of this game");
		return NULL;
	}
	memset(&r, 0, sizeof r);
	for (int s = 0; s < n; s++) {
		PyObject *d = PyList_GET_ITEM(lls, s);
		if (!PyDict_Check(d)) {
			PyErr_SetString(PyExc_ValueError, "likelihoods: a dict "
			    "a seat");
			return NULL;
		}
		for (int role = 1; role < rs->nroles && role < SAB_MAX_ROLES;
		    role++) {
			PyObject *v = PyDict_GetItemString(d, sab_role_name(rs,
			    (uint8_t)role));
			if (v != NULL && (r.ll[s][role] = PyFloat_AsDouble(v)) ==
			    -1.0 && PyErr_Occurred())
				return NULL;
		}
	}
	r.ok = 1;
	roles_deal(&r, self->k, ((PyGameObject *)game)->g, rp);
	Py_RETURN_NONE;
}

static PyObject *knowledge_check(PyKnowledgeObject *self, PyObject *args)
{
	unsigned long long seed = 0;
	char why[1024];
	sab_rng rng;
	int r;

	if (!PyArg_ParseTuple(args, "|K", &seed))
		return NULL;
	sab_rng_seed(&rng, seed);
	why[0] = '\0';
	if ((r = know_check(self->k, &rng, why, sizeof why)) < 0)
		return lost(self);
	if (r == 1)
		Py_RETURN_NONE;
	return PyUnicode_FromString(why);
}

static PyObject *knowledge_template(PyKnowledgeObject *self,
    PyObject *unused)
{
	(void)unused;
	if (know_sync(self->k) < 0)
		return lost(self);
	if (!know_ready(self->k)) {
		PyErr_SetString(PyExc_ValueError, "no round has begun");
		return NULL;
	}
	return game_of(self, know_template(self->k), 0);
}

/* The seat of args (this seat's when none), in *seat, and the table this
 * seat knows; NULL with an exception set. */
static const sab_seen *seat_arg(PyKnowledgeObject *self, PyObject *args,
    int *seat)
{
	*seat = -1;
	if (!PyArg_ParseTuple(args, "|i", seat))
		return NULL;
	if (know_sync(self->k) < 0) {
		(void)lost(self);
		return NULL;
	}
	if (*seat < 0)
		*seat = know_seat(self->k);
	if (*seat < 0 || *seat >= know_players(self->k)) {
		PyErr_Format(PyExc_ValueError, "there is no seat %d", *seat);
		return NULL;
	}
	return know_seen(self->k);
}

/* hand(seat=None) -> the seat's cards as this seat knows them (None for
 * a card it does not know). */
static PyObject *knowledge_hand(PyKnowledgeObject *self, PyObject *args)
{
	int seat;
	const sab_seen *s = seat_arg(self, args, &seat);

	if (s == NULL)
		return NULL;
	return pysab_tokens(know_ruleset(self->k), know_cards(self->k),
	    s->hand[seat], s->nhand[seat]);
}

/* role(seat=None) -> the seat's role word as this seat knows it, or
 * None. */
static PyObject *knowledge_role(PyKnowledgeObject *self, PyObject *args)
{
	int seat;
	const sab_seen *s = seat_arg(self, args, &seat);

	if (s == NULL)
		return NULL;
	if (s->round == 0 || s->role[seat] == SAB_SEEN_UNKNOWN)
		Py_RETURN_NONE;
	return PyUnicode_FromString(sab_role_name(know_ruleset(self->k),
	    s->role[seat]));
}

static PyObject *knowledge_observation(PyKnowledgeObject *self,
    PyObject *unused)
{
	(void)unused;
	if (know_sync(self->k) < 0)
		return lost(self);
	if (!know_ready(self->k)) {
		PyErr_SetString(PyExc_ValueError, "no round has begun");
		return NULL;
	}
	return pysab_observation(know_ruleset(self->k), know_seen(self->k),
	    know_seat(self->k), know_players(self->k));
}

static PyObject *knowledge_get_seat(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(know_seat(self->k));
}

static PyObject *knowledge_get_players(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(know_players(self->k));
}

static PyObject *knowledge_get_ready(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyBool_FromLong(know_ready(self->k));
}

static PyObject *knowledge_get_error(PyKnowledgeObject *self, void *c)
{
	const char *e = know_error(self->k);

	(void)c;
	if (*e == '\0')
		Py_RETURN_NONE;
	return PyUnicode_FromString(e);
}

static PyObject *knowledge_get_ruleset(PyKnowledgeObject *self, void *c)
{
	(void)c;
	if (self->ruleset == NULL)
		Py_RETURN_NONE;
	Py_INCREF(self->ruleset);
	return (PyObject *)self->ruleset;
}

static PyObject *knowledge_get_decisions(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(know_decisions(self->k));
}

static PyObject *knowledge_get_repairs(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(know_repairs(self->k));
}

static PyObject *knowledge_get_round(PyKnowledgeObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(know_seen(self->k)->round);
}

static PyObject *knowledge_get_deck(PyKnowledgeObject *self, void *c)
{
	(void)c;
	if (!know_ready(self->k))
		return PyLong_FromLong(0);
	return PyLong_FromLong(sab_seen_deck(know_seen(self->k),
	    know_ruleset(self->k)));
}

static PyGetSetDef knowledge_getset[] = {
	{ "seat", (getter)knowledge_get_seat, NULL, "this seat (-1 before a "
	    "game line)", NULL },
	{ "players", (getter)knowledge_get_players, NULL, NULL, NULL },
	{ "ready", (getter)knowledge_get_ready, NULL,
	    "whether a round has begun (and the knowledge is not lost)", NULL },
	{ "error", (getter)knowledge_get_error, NULL,
	    "why the knowledge is lost, or None", NULL },
	{ "ruleset", (getter)knowledge_get_ruleset, NULL, NULL, NULL },
	{ "round", (getter)knowledge_get_round, NULL, NULL, NULL },
	{ "deck", (getter)knowledge_get_deck, NULL,
	    "cards in the draw pile", NULL },
	{ "decisions", (getter)knowledge_get_decisions, NULL,
	    "decisions the template played", NULL },
	{ "repairs", (getter)knowledge_get_repairs, NULL,
	    "hidden cards the template had to give a seat", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyObject *knowledge_obs_size(PyObject *cls, PyObject *arg)
{
	PyObject *r = pysab_ruleset_get(arg);
	Py_ssize_t n;

	(void)cls;
	if (r == NULL)
		return NULL;
	n = pysab_observation_size(((PyRulesetObject *)r)->rs);
	Py_DECREF(r);
	return PyLong_FromSsize_t(n);
}

static PyMethodDef knowledge_methods[] = {
	{ "observation_size", (PyCFunction)knowledge_obs_size,
	    METH_O | METH_STATIC,
	    "observation_size(ruleset) -> the length of observation()" },
	{ "feed", (PyCFunction)knowledge_feed, METH_O,
	    "feed(line or lines): lines the referee sent this seat" },
	{ "sync", (PyCFunction)knowledge_sync, METH_NOARGS,
	    "sync() -> True when every line is explained (False: the last "
	    "wait for more); LostError when no game gives them" },
	{ "sample", (PyCFunction)(void (*)(void))knowledge_sample,
	    METH_VARARGS | METH_KEYWORDS,
	    "sample(seed=0, exact=True, tries=100, rng=None) -> a Game consistent with "
	    "every line received, the cards this seat has not seen dealt at "
	    "random; exact=False: faster, without playing the round again to "
	    "rule out the rare deals a rule of legality excludes; rng: a "
	    "saboteur.Rng to draw the deal from instead of seed (the game's "
	    "own generator is still seeded from seed)" },
	{ "check", (PyCFunction)knowledge_check, METH_VARARGS,
	    "check(seed=0) -> None when the sample of seed, its round played "
	    "again, sends every line received; else the first difference" },
	{ "template", (PyCFunction)knowledge_template, METH_NOARGS,
	    "template() -> the one consistent game the knowledge follows" },
	{ "observation", (PyCFunction)knowledge_observation, METH_NOARGS,
	    "observation() -> the table as this seat knows it, as bytes "
	    "(the layout is saboteur.env's; len() is Knowledge.observation_size"
	    "(ruleset))" },
	{ "hand", (PyCFunction)knowledge_hand, METH_VARARGS,
	    "hand(seat=None) -> the seat's cards as known here (None: unknown)" },
	{ "role", (PyCFunction)knowledge_role, METH_VARARGS,
	    "role(seat=None) -> the seat's role as known here, or None" },
	{ "roles", (PyCFunction)(void (*)(void))knowledge_roles,
	    METH_VARARGS | METH_KEYWORDS,
	    "roles(rng, temp=8.0) -> a list, a dict a seat: its "
	    "log-likelihood of each role from the cards it played this round, "
	    "as the heuristic bot would have played them (a softmax of "
	    "temperature temp over the moves of each card; 0 for the seats "
	    "whose role this seat knows); None when the round cannot be "
	    "read.  rng (a saboteur.Rng) deals the round played again, as "
	    "the C search bot draws (examples/c/roles.h)" },
	{ "deal_roles", (PyCFunction)knowledge_deal_roles, METH_VARARGS,
	    "deal_roles(game, likelihoods, rng): deals the sampled game's "
	    "dwarf cards this seat does not know (the other seats', the one "
	    "left out, those not dealt) again by roles()'s likelihoods: a "
	    "few exchanges of two, each kept with the likelihoods' ratio" },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject PyKnowledge_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "saboteur.Knowledge",
	.tp_basicsize = sizeof(PyKnowledgeObject),
	.tp_dealloc = (destructor)knowledge_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Knowledge(ruleset=None): what one seat knows of a game, "
	    "from the lines its bot receives (feed()), and games sampled "
	    "from it (sample()).  ruleset: the file of a ruleset that is not "
	    "built in.",
	.tp_getset = knowledge_getset,
	.tp_methods = knowledge_methods,
	.tp_new = knowledge_new,
};

int pysab_knowledge_ready(void)
{
	return PyType_Ready(&PyKnowledge_Type);
}

int pysab_knowledge_add(PyObject *m)
{
	LostError = PyErr_NewExceptionWithDoc("saboteur.LostError",
	    "No game of the ruleset gives the lines received.",
	    PyExc_ValueError, NULL);
	if (LostError == NULL)
		return -1;
	Py_INCREF(&PyKnowledge_Type);
	if (PyModule_AddObject(m, "Knowledge",
	    (PyObject *)&PyKnowledge_Type) < 0 ||
	    PyModule_AddObject(m, "LostError", LostError) < 0)
		return -1;
	return 0;
}
