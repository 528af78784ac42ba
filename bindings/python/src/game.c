/* game.c: the Python types Ruleset and Game over the rules library, and
 * selfplay(): moves and cards as the bot protocol's lines and tokens. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heuristic.h"
#include "pysab.h"
#include "search.h"

/* One move list for every call: SAB_MAX_MOVES moves are 300 KB, too much
 * for a stack and for each game; the interpreter's lock makes it safe. */
static sab_move moves_buf[SAB_MAX_MOVES];

static const char *const phase_words[] = {
	"play", "pick", "over", "react", "choose", "take", "order", "chest"
};

/* ---- Ruleset ------------------------------------------------------------ */

static void ruleset_dealloc(PyRulesetObject *self)
{
	free(self->rs);
	free(self->pc);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Whether arg names a file rather than a built-in ruleset (the referee's
 * rule: a slash, or a name ending in .yaml). */
static int is_path(const char *arg)
{
	size_t n = strlen(arg);

	return strchr(arg, '/') != NULL ||
	    (n > 5 && strcmp(arg + n - 5, ".yaml") == 0);
}

/* Reads a whole file; returns the text (free it) and its length, or NULL. */
static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t cap = 0, n = 0;

	if (f == NULL)
		return NULL;
	for (;;) {
		if (n + 4096 > cap) {
			char *t = realloc(text, cap = cap * 2 + 8192);
			if (t == NULL) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = t;
		}
		size_t k = fread(text + n, 1, cap - n - 1, f);
		n += k;
		if (k == 0)
			break;
	}
	if (ferror(f)) {
		free(text);
		fclose(f);
		return NULL;
	}
	fclose(f);
	text[n] = '\0';
	*len = n;
	return text;
}

/* Loads a built-in ruleset by name or a ruleset file by path into rs and
 * its tokens into pc.  Returns 0, or -1 with a Python exception set. */
static int load_ruleset(const char *arg, sab_ruleset *rs, proto_cards *pc)
{
	char err[512];
	int r;

	if (is_path(arg)) {
		size_t len;
		char *text = read_file(arg, &len);
		if (text == NULL) {
			PyErr_Format(PyExc_OSError, "%s: cannot read: %s", arg,
			    strerror(errno));
			return -1;
		}
		r = sab_ruleset_parse(rs, text, len, arg, err, sizeof err);
		free(text);
	} else {
		r = sab_ruleset_load_builtin(rs, arg, err, sizeof err);
	}
	if (r != 0 || proto_cards_init(pc, rs, err, sizeof err) != 0) {
		PyErr_SetString(PyExc_ValueError, err);
		return -1;
	}
	return 0;
}

/* The rulesets already loaded, by the name or path they were asked by: a
 * YAML parse costs about 100 us, a game far less. */
static PyObject *ruleset_cache;

PyObject *pysab_ruleset_get(PyObject *arg)
{
	PyRulesetObject *r;
	const char *name;

	if (PyObject_TypeCheck(arg, &PyRuleset_Type)) {
		Py_INCREF(arg);
		return arg;
	}
	if (!PyUnicode_Check(arg)) {
		PyErr_SetString(PyExc_TypeError, "a ruleset is a built-in name "
		    "(\"base\"), a file's path or a saboteur.Ruleset");
		return NULL;
	}
	r = (PyRulesetObject *)PyDict_GetItemWithError(ruleset_cache, arg);
	if (r != NULL) {
		Py_INCREF(r);
		return (PyObject *)r;
	}
	if (PyErr_Occurred() || (name = PyUnicode_AsUTF8(arg)) == NULL)
		return NULL;
	r = PyObject_New(PyRulesetObject, &PyRuleset_Type);
	if (r == NULL)
		return NULL;
	r->rs = malloc(sizeof *r->rs);
	r->pc = malloc(sizeof *r->pc);
	if (r->rs == NULL || r->pc == NULL) {
		Py_DECREF(r);
		return PyErr_NoMemory();
	}
	if (load_ruleset(name, r->rs, r->pc) != 0) {
		Py_DECREF(r);
		return NULL;
	}
	r->pc->rs = r->rs;
	/* A file may change on disk: only built-in names are kept. */
	if (!is_path(name) && PyDict_SetItem(ruleset_cache, arg,
	    (PyObject *)r) != 0) {
		Py_DECREF(r);
		return NULL;
	}
	return (PyObject *)r;
}

static PyObject *ruleset_new(PyTypeObject *type, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "name", NULL };
	PyObject *name;

	(void)type;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "U", kwlist, &name))
		return NULL;
	return pysab_ruleset_get(name);
}

static PyObject *ruleset_get_name(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyUnicode_FromString(self->rs->name);
}

static PyObject *ruleset_get_min(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->rs->min_players);
}

static PyObject *ruleset_get_max(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->rs->max_players);
}

static PyObject *ruleset_get_rounds(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->rs->rounds);
}

/* Every card token of the ruleset, by definition index. */
static PyObject *ruleset_get_tokens(PyRulesetObject *self, void *c)
{
	PyObject *l = PyList_New(self->rs->ndefs);

	(void)c;
	for (int i = 0; l != NULL && i < self->rs->ndefs; i++) {
		PyObject *s = PyUnicode_FromString(self->pc->tok[i]);
		if (s == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, s);
	}
	return l;
}

/* The token of every card in the deck, one per copy (the cards a game's
 * hands and draw pile are made of). */
static PyObject *ruleset_get_deck(PyRulesetObject *self, void *c)
{
	const sab_ruleset *rs = self->rs;
	PyObject *l = PyList_New(0);

	(void)c;
	for (int d = 0; l != NULL && d < rs->ndefs; d++) {
		const sab_kind *k = sab_kind_of(rs->defs[d].type);
		if (k == NULL || !k->deck || rs->defs[d].chest)
			continue;
		for (int i = 0; i < rs->defs[d].count; i++) {
			PyObject *s = PyUnicode_FromString(self->pc->tok[d]);
			if (s == NULL || PyList_Append(l, s) != 0) {
				Py_XDECREF(s);
				Py_DECREF(l);
				return NULL;
			}
			Py_DECREF(s);
		}
	}
	return l;
}

/* Whether the ruleset deals dwarf cards (the course game does not). */
static PyObject *ruleset_get_has_roles(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyBool_FromLong(self->rs->has_roles);
}

/* The door colours of its path cards (0: no doors; Saboteur 2: 2). */
static PyObject *ruleset_get_teams(PyRulesetObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->rs->nteams);
}

/* The role words of the ruleset ("miner", "saboteur"), "none" first. */
static PyObject *ruleset_get_roles(PyRulesetObject *self, void *c)
{
	PyObject *l = PyList_New(self->rs->nroles);

	(void)c;
	for (int r = 0; l != NULL && r < self->rs->nroles; r++) {
		PyObject *s = PyUnicode_FromString(sab_role_name(self->rs,
		    (uint8_t)r));
		if (s == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, r, s);
	}
	return l;
}

static PyObject *ruleset_repr(PyRulesetObject *self)
{
	return PyUnicode_FromFormat("saboteur.Ruleset('%s')", self->rs->name);
}

/* The built-in rulesets' names. */
static PyObject *ruleset_builtins(PyObject *cls, PyObject *unused)
{
	PyObject *l = PyList_New(0);
	const char *n;

	(void)cls;
	(void)unused;
	for (int i = 0; l != NULL && (n = sab_ruleset_builtin_name(i)) != NULL;
	    i++) {
		PyObject *s = PyUnicode_FromString(n);
		if (s == NULL || PyList_Append(l, s) != 0) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

static PyGetSetDef ruleset_getset[] = {
	{ "name", (getter)ruleset_get_name, NULL, "the ruleset's name", NULL },
	{ "min_players", (getter)ruleset_get_min, NULL, NULL, NULL },
	{ "max_players", (getter)ruleset_get_max, NULL, NULL, NULL },
	{ "rounds", (getter)ruleset_get_rounds, NULL, NULL, NULL },
	{ "tokens", (getter)ruleset_get_tokens, NULL,
	    "every card's protocol token, by definition", NULL },
	{ "deck", (getter)ruleset_get_deck, NULL,
	    "the token of every card of the deck, one per copy", NULL },
	{ "has_roles", (getter)ruleset_get_has_roles, NULL,
	    "False for a game without dwarf cards (course)", NULL },
	{ "roles", (getter)ruleset_get_roles, NULL,
	    "the role words, \"none\" first", NULL },
	{ "teams", (getter)ruleset_get_teams, NULL,
	    "the door colours of its path cards (0: no doors)", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyMethodDef ruleset_methods[] = {
	{ "builtins", ruleset_builtins, METH_NOARGS | METH_CLASS,
	    "builtins() -> the names of the built-in rulesets" },
	{ NULL, NULL, 0, NULL }
};

PyTypeObject PyRuleset_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "saboteur.Ruleset",
	.tp_basicsize = sizeof(PyRulesetObject),
	.tp_dealloc = (destructor)ruleset_dealloc,
	.tp_repr = (reprfunc)ruleset_repr,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Ruleset(name): a built-in ruleset (\"base\", \"saboteur2\", "
	    "...) or a ruleset file (a path); loaded once, shared by games.",
	.tp_getset = ruleset_getset,
	.tp_methods = ruleset_methods,
	.tp_new = ruleset_new,
};

/* ---- Game --------------------------------------------------------------- */

static proto_cards *game_pc(PyGameObject *self)
{
	proto_cards *pc = self->ruleset->pc;

	/* The lines name goals where they lie in this game (a push-goal
	 * chest moves one). */
	proto_cards_follow(pc, self->g);
	return pc;
}

static void game_dealloc(PyGameObject *self)
{
	free(self->g);
	free(self->ev);
	free(self->seen);
	Py_XDECREF(self->ruleset);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyGameObject *game_alloc(PyObject *ruleset, int record)
{
	PyGameObject *self = PyObject_New(PyGameObject, &PyGame_Type);

	if (self == NULL)
		return NULL;
	self->ruleset = (PyRulesetObject *)ruleset;
	Py_INCREF(ruleset);
	self->g = malloc(sizeof *self->g);
	self->ev = record ? malloc(sizeof *self->ev) : NULL;
	self->seen = record ? malloc(sizeof *self->seen * SAB_MAX_PLAYERS) :
	    NULL;
	if (self->g == NULL || (record && (self->ev == NULL ||
	    self->seen == NULL))) {
		Py_DECREF(self);
		PyErr_NoMemory();
		return NULL;
	}
	if (self->ev != NULL)
		self->ev->n = 0;
	return self;
}

/* Each seat's table takes in the last step's events (a recording game). */
static void tell_seats(PyGameObject *self)
{
	if (self->ev == NULL || self->seen == NULL)
		return;
	for (int s = 0; s < self->g->nplayers; s++)
		for (int i = 0; i < self->ev->n; i++)
			(void)sab_seen_tell(&self->seen[s], self->ruleset->rs,
			    &self->ev->ev[i]);
}

static PyObject *game_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "ruleset", "players", "seed", "first",
		"record", NULL };
	PyObject *rsarg, *rsobj, *seedobj = NULL;
	int players, first = 0, record = 0;
	unsigned long long seed = 0;
	PyGameObject *self;
	char err[256];

	(void)type;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|Oip", kwlist, &rsarg,
	    &players, &seedobj, &first, &record))
		return NULL;
	if (seedobj != NULL && seedobj != Py_None) {
		seed = PyLong_AsUnsignedLongLong(seedobj);
		if (PyErr_Occurred())
			return NULL;
	}
	if ((rsobj = pysab_ruleset_get(rsarg)) == NULL)
		return NULL;
	self = game_alloc(rsobj, record);
	Py_DECREF(rsobj);
	if (self == NULL)
		return NULL;
	sab_rng_seed(&self->rng, seed);
	if (sab_game_new(self->g, self->ruleset->rs, players, first,
	    &self->rng, self->ev, err, sizeof err) != 0) {
		Py_DECREF(self);
		PyErr_SetString(PyExc_ValueError, err);
		return NULL;
	}
	if (self->seen != NULL) {
		for (int s = 0; s < players; s++)
			sab_seen_init(&self->seen[s], self->ruleset->rs, players,
			    s);
		tell_seats(self);
	}
	return (PyObject *)self;
}

static PyObject *move_str(PyGameObject *self, const sab_move *m)
{
	char buf[PROTO_LINE_MAX];
	int n = proto_move(game_pc(self), m, buf, sizeof buf);

	if (n < 0) {
		PyErr_SetString(PyExc_RuntimeError, "a move too long to write");
		return NULL;
	}
	return PyUnicode_FromStringAndSize(buf, n);
}

static PyObject *game_legal(PyGameObject *self, PyObject *unused)
{
	int n = sab_game_moves(self->g, moves_buf);
	PyObject *l = PyList_New(n);

	(void)unused;
	for (int i = 0; l != NULL && i < n; i++) {
		PyObject *s = move_str(self, &moves_buf[i]);
		if (s == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, s);
	}
	return l;
}

int pysab_parse_move(PyGameObject *self, PyObject *arg, sab_move *m)
{
	char why[512];
	Py_ssize_t len;
	const char *s;

	if (!PyUnicode_Check(arg)) {
		PyErr_SetString(PyExc_TypeError, "a move is a protocol line, "
		    "such as \"play path-NES 1 0 0\"");
		return -1;
	}
	if ((s = PyUnicode_AsUTF8AndSize(arg, &len)) == NULL)
		return -1;
	if (sab_game_over(self->g)) {
		PyErr_SetString(PyExc_ValueError, "the game is over");
		return -1;
	}
	if (!proto_judge(game_pc(self), self->g, s, (size_t)len,
	    PROTO_REASONS_TOKENS, m, why, sizeof why)) {
		PyErr_Format(PyExc_ValueError, "illegal move \"%s\": %s", s, why);
		return -1;
	}
	return 0;
}

static void do_apply(PyGameObject *self, const sab_move *m)
{
	if (self->ev != NULL)
		self->ev->n = 0;
	sab_game_apply(self->g, m, &self->rng, self->ev);
	tell_seats(self);
}

static PyObject *game_apply(PyGameObject *self, PyObject *arg)
{
	sab_move m;

	if (pysab_parse_move(self, arg, &m) != 0)
		return NULL;
	do_apply(self, &m);
	Py_RETURN_NONE;
}

static PyObject *game_check(PyGameObject *self, PyObject *arg)
{
	sab_move m;

	if (pysab_parse_move(self, arg, &m) != 0) {
		PyObject *type, *value, *tb;
		if (!PyErr_ExceptionMatches(PyExc_ValueError))
			return NULL;
		PyErr_Fetch(&type, &value, &tb);
		Py_XDECREF(type);
		Py_XDECREF(tb);
		return value != NULL ? PyObject_Str(value) :
		    PyUnicode_FromString("illegal");
	}
	Py_RETURN_NONE;
}

static PyObject *game_random_move(PyGameObject *self, PyObject *unused)
{
	sab_move m;

	(void)unused;
	if (sab_game_random_move(self->g, &self->rng, &m) != 0)
		Py_RETURN_NONE;
	return move_str(self, &m);
}

/* Plays random moves (sab_game_random_move()) to the game's end, or for at
 * most `moves` decisions; returns how many were played. */
static PyObject *game_playout(PyGameObject *self, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "moves", NULL };
	long long max = -1, n = 0;
	sab_move m;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|L", kwlist, &max))
		return NULL;
	while ((max < 0 || n < max) && sab_game_random_move(self->g,
	    &self->rng, &m) == 0) {
		do_apply(self, &m);
		n++;
	}
	return PyLong_FromLongLong(n);
}

/* The playouts' policy of the search bot (examples/c/search.h): a cheap
 * player that knows every card of this game. */
static PyObject *game_policy_move(PyGameObject *self, PyObject *unused)
{
	sab_move m;

	(void)unused;
	if (sab_game_over(self->g))
		Py_RETURN_NONE;
	search_policy(self->g, &self->rng, moves_buf, &m);
	return move_str(self, &m);
}

/* Plays the policy to the round's end (or `moves` moves); returns the
 * moves played. */
static PyObject *game_policy_playout(PyGameObject *self, PyObject *args,
    PyObject *kw)
{
	static char *kwlist[] = { "moves", NULL };
	long long max = 0;

	if (!PyArg_ParseTupleAndKeywords(args, kw, "|L", kwlist, &max))
		return NULL;
	if (self->ev != NULL) {
		/* A recording game records each move's events. */
		int round = self->g->round;
		long n = 0;
		sab_move m;
		while (!sab_game_over(self->g) && self->g->round == round &&
		    (max <= 0 || n < max)) {
			search_policy(self->g, &self->rng, moves_buf, &m);
			do_apply(self, &m);
			n++;
		}
		return PyLong_FromLong(n);
	}
	return PyLong_FromLong(search_playout(self->g, &self->rng, moves_buf,
	    (long)max));
}

/* ---- the heuristic bot's moves (examples/c/heuristic.h) ---------------- */

/* The heuristic bot's move as the seat to act, knowing what that seat
 * knows of this game and trusting the others as trust says. */
static PyObject *game_heuristic_move(PyGameObject *self, PyObject *arg)
{
	int tr[SAB_MAX_PLAYERS];
	sab_move m;

	if (pysab_trust_get(arg, tr) != 0)
		return NULL;
	if (sab_game_over(self->g) ||
	    heuristic_game_move(self->g, tr, moves_buf, &m) != 0)
		Py_RETURN_NONE;
	return move_str(self, &m);
}

/* What any seat watching learns from move (a card played) of the seat to
 * act, into trust; before the move is applied. */
static PyObject *game_heuristic_seen(PyGameObject *self, PyObject *args)
{
	int tr[SAB_MAX_PLAYERS];
	PyObject *list, *move;
	sab_move m;

	if (!PyArg_ParseTuple(args, "OO", &list, &move) ||
	    pysab_trust_get(list, tr) != 0 ||
	    pysab_parse_move(self, move, &m) != 0)
		return NULL;
	if (m.kind != SAB_MOVE_PLAY)
		Py_RETURN_NONE;
	heuristic_game_seen(self->g, tr, self->g->to_act, &m);
	if (pysab_trust_put(list, tr) != 0)
		return NULL;
	Py_RETURN_NONE;
}

/* Every seat plays the heuristic's move (a random one where it has none)
 * to the end of the round being played, or of the game; trust learns
 * from each card played.  Returns the moves played. */
static PyObject *game_heuristic_playout(PyGameObject *self, PyObject *arg)
{
	int tr[SAB_MAX_PLAYERS], round = self->g->round;
	long n = 0;
	sab_move m;

	if (pysab_trust_get(arg, tr) != 0)
		return NULL;
	while (!sab_game_over(self->g) && self->g->round == round) {
		if (heuristic_game_move(self->g, tr, moves_buf, &m) != 0 &&
		    sab_game_random_move(self->g, &self->rng, &m) != 0)
			break;
		if (m.kind == SAB_MOVE_PLAY)
			heuristic_game_seen(self->g, tr, self->g->to_act, &m);
		do_apply(self, &m);
		n++;
	}
	if (pysab_trust_put(arg, tr) != 0)
		return NULL;
	return PyLong_FromLong(n);
}

/* Exchanges two seats' role cards: a search's guess at who is who. */
static PyObject *game_swap_roles(PyGameObject *self, PyObject *args)
{
	int a, b;
	uint8_t x;

	if (!PyArg_ParseTuple(args, "ii", &a, &b))
		return NULL;
	if (a < 0 || b < 0 || a >= self->g->nplayers ||
	    b >= self->g->nplayers) {
		PyErr_Format(PyExc_ValueError, "there is no seat %d",
		    a < 0 || a >= self->g->nplayers ? a : b);
		return NULL;
	}
	x = self->g->role[a];
	self->g->role[a] = self->g->role[b];
	self->g->role[b] = x;
	Py_RETURN_NONE;
}

/* The seat's result in this game, played on from start (search.h). */
static PyObject *game_round_result(PyGameObject *self, PyObject *args)
{
	PyObject *start;
	int seat;

	if (!PyArg_ParseTuple(args, "O!i", &PyGame_Type, &start, &seat))
		return NULL;
	if (seat < 0 || seat >= self->g->nplayers) {
		PyErr_Format(PyExc_ValueError, "there is no seat %d", seat);
		return NULL;
	}
	return PyFloat_FromDouble(search_round_result(
	    ((PyGameObject *)start)->g, self->g, seat));
}

static PyObject *game_outlook(PyGameObject *self, PyObject *unused)
{
	(void)unused;
	return PyFloat_FromDouble(search_outlook(self->g));
}

static PyObject *game_clone(PyGameObject *self, PyObject *unused)
{
	PyGameObject *c = game_alloc((PyObject *)self->ruleset,
	    self->ev != NULL);

	(void)unused;
	if (c == NULL)
		return NULL;
	memcpy(c->g, self->g, sizeof *c->g);
	c->rng = self->rng;
	if (c->ev != NULL)
		c->ev->n = 0;
	if (c->seen != NULL)
		memcpy(c->seen, self->seen, sizeof *c->seen * SAB_MAX_PLAYERS);
	return (PyObject *)c;
}

static PyObject *game_hash(PyGameObject *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromUnsignedLongLong(sab_game_hash(self->g));
}

static PyObject *game_seed(PyGameObject *self, PyObject *arg)
{
	unsigned long long seed = PyLong_AsUnsignedLongLong(arg);

	if (PyErr_Occurred())
		return NULL;
	sab_rng_seed(&self->rng, seed);
	Py_RETURN_NONE;
}

/* The lines the last step (the game's setup, or the last apply) sent seat
 * (-1: a spectator), as the referee would send them. */
static PyObject *game_lines(PyGameObject *self, PyObject *args)
{
	char buf[PROTO_LINE_MAX];
	proto_cards *pc;
	int seat;
	PyObject *l;

	if (!PyArg_ParseTuple(args, "i", &seat))
		return NULL;
	if (self->ev == NULL) {
		PyErr_SetString(PyExc_ValueError, "lines() needs a game made "
		    "with record=True");
		return NULL;
	}
	if (seat < -1 || seat >= self->g->nplayers) {
		PyErr_Format(PyExc_ValueError, "there is no seat %d", seat);
		return NULL;
	}
	pc = game_pc(self);
	if ((l = PyList_New(0)) == NULL)
		return NULL;
	for (int i = 0; i < self->ev->n; i++) {
		int n = proto_event(pc, &self->ev->ev[i], seat,
		    self->g->nplayers, buf, sizeof buf);
		PyObject *s;
		if (n <= 0)
			continue;
		s = PyUnicode_FromStringAndSize(buf, n);
		if (s == NULL || PyList_Append(l, s) != 0) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

/* The setup lines a seat is sent before the first round ("game", one
 * "player" per seat, "board", "start", "goal"...). */
static PyObject *game_setup_lines(PyGameObject *self, PyObject *args)
{
	char buf[PROTO_LINE_MAX];
	int seat, game = 1, n;
	PyObject *l;

	if (!PyArg_ParseTuple(args, "i|i", &seat, &game))
		return NULL;
	if (seat < 0 || seat >= self->g->nplayers) {
		PyErr_Format(PyExc_ValueError, "there is no seat %d", seat);
		return NULL;
	}
	if ((l = PyList_New(0)) == NULL)
		return NULL;
	for (int k = 0; (n = proto_setup_line(self->ruleset->pc, game,
	    self->g->nplayers, seat, NULL, k, buf, sizeof buf)) > 0; k++) {
		PyObject *s = PyUnicode_FromStringAndSize(buf, n);
		if (s == NULL || PyList_Append(l, s) != 0) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

static int check_seat(PyGameObject *self, int seat)
{
	if (seat >= 0 && seat < self->g->nplayers)
		return 0;
	PyErr_Format(PyExc_ValueError, "there is no seat %d", seat);
	return -1;
}

/* The table as seat knows it, from the events it was told: the numbers
 * Knowledge.observation() gives (a recording game). */
static PyObject *game_observation(PyGameObject *self, PyObject *args)
{
	int seat;

	if (!PyArg_ParseTuple(args, "i", &seat) || check_seat(self, seat))
		return NULL;
	if (self->seen == NULL) {
		PyErr_SetString(PyExc_ValueError, "observation() needs a game "
		    "made with record=True");
		return NULL;
	}
	return pysab_observation(self->ruleset->rs, &self->seen[seat], seat,
	    self->g->nplayers);
}

PyObject *pysab_tokens(const sab_ruleset *rs, const proto_cards *pc,
    const uint8_t *defs, int n)
{
	PyObject *l = PyList_New(n);

	for (int i = 0; l != NULL && i < n; i++) {
		PyObject *s = defs[i] < rs->ndefs ?
		    PyUnicode_FromString(pc->tok[defs[i]]) :
		    (Py_INCREF(Py_None), Py_None);
		if (s == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, s);
	}
	return l;
}

static PyObject *tokens(PyGameObject *self, const uint8_t *defs, int n)
{
	return pysab_tokens(self->ruleset->rs, self->ruleset->pc, defs, n);
}

static PyObject *game_hand(PyGameObject *self, PyObject *args)
{
	int seat;

	if (!PyArg_ParseTuple(args, "i", &seat) || check_seat(self, seat))
		return NULL;
	return tokens(self, self->g->hand[seat], self->g->nhand[seat]);
}

static PyObject *game_front(PyGameObject *self, PyObject *args)
{
	int seat;

	if (!PyArg_ParseTuple(args, "i", &seat) || check_seat(self, seat))
		return NULL;
	return tokens(self, self->g->front[seat], self->g->nfront[seat]);
}

static PyObject *game_draw_pile(PyGameObject *self, PyObject *unused)
{
	(void)unused;
	return tokens(self, self->g->deck, self->g->ndeck);
}

static PyObject *game_goals(PyGameObject *self, PyObject *unused)
{
	const sab_ruleset *rs = self->ruleset->rs;
	PyObject *l = PyList_New(rs->ngoals);

	(void)unused;
	for (int k = 0; l != NULL && k < rs->ngoals; k++) {
		PyObject *s = Py_BuildValue("(iis)", self->g->goal_x[k],
		    self->g->goal_y[k], self->ruleset->pc->tok[
		    self->g->goal_def[k]]);
		if (s == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, k, s);
	}
	return l;
}

static PyObject *game_discards(PyGameObject *self, PyObject *unused)
{
	(void)unused;
	return tokens(self, self->g->discard, self->g->ndiscard);
}

static PyObject *game_role(PyGameObject *self, PyObject *args)
{
	int seat;

	if (!PyArg_ParseTuple(args, "i", &seat) || check_seat(self, seat))
		return NULL;
	return PyUnicode_FromString(sab_role_name(self->ruleset->rs,
	    self->g->role[seat]));
}

/* A list of nplayers ints from an int16_t array. */
static PyObject *int_list(const int16_t *v, int n)
{
	PyObject *l = PyList_New(n);

	for (int i = 0; l != NULL && i < n; i++) {
		PyObject *x = PyLong_FromLong(v[i]);
		if (x == NULL) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, i, x);
	}
	return l;
}

/* The seats of a mask, as a list. */
static PyObject *seat_list(unsigned mask, int n)
{
	PyObject *l = PyList_New(0);

	for (int s = 0; l != NULL && s < n; s++) {
		PyObject *x;
		if (!(mask >> s & 1))
			continue;
		x = PyLong_FromLong(s);
		if (x == NULL || PyList_Append(l, x) != 0) {
			Py_XDECREF(x);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(x);
	}
	return l;
}

static PyObject *game_get_over(PyGameObject *self, void *c)
{
	(void)c;
	return PyBool_FromLong(sab_game_over(self->g));
}

static PyObject *game_get_to_act(PyGameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->g->to_act);
}

static PyObject *game_get_phase(PyGameObject *self, void *c)
{
	unsigned p = self->g->phase;

	(void)c;
	return PyUnicode_FromString(p < sizeof phase_words /
	    sizeof phase_words[0] ? phase_words[p] : "?");
}

static PyObject *game_get_round(PyGameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->g->round);
}

static PyObject *game_get_turn(PyGameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->g->turn);
}

static PyObject *game_get_players(PyGameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->g->nplayers);
}

static PyObject *game_get_deck(PyGameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(self->g->ndeck);
}

static PyObject *game_get_gold(PyGameObject *self, void *c)
{
	(void)c;
	return int_list(self->g->gold, self->g->nplayers);
}

static PyObject *game_get_round_pay(PyGameObject *self, void *c)
{
	(void)c;
	return int_list(self->g->round_pay, self->g->nplayers);
}

static PyObject *game_get_winners(PyGameObject *self, void *c)
{
	(void)c;
	return seat_list(sab_game_over(self->g) ? self->g->winners : 0,
	    self->g->nplayers);
}

static PyObject *game_get_round_winners(PyGameObject *self, void *c)
{
	(void)c;
	return seat_list(self->g->round_winners, self->g->nplayers);
}

static PyObject *game_get_round_end(PyGameObject *self, void *c)
{
	static const char *const how[] = { NULL, "gold", "nocards", "spider" };
	unsigned e = self->g->round_end;

	(void)c;
	if (e == SAB_END_NONE || e >= sizeof how / sizeof how[0])
		Py_RETURN_NONE;
	return PyUnicode_FromString(how[e]);
}

static PyObject *game_get_ruleset(PyGameObject *self, void *c)
{
	(void)c;
	Py_INCREF(self->ruleset);
	return (PyObject *)self->ruleset;
}

static PyGetSetDef game_getset[] = {
	{ "over", (getter)game_get_over, NULL, "whether the game has ended",
	    NULL },
	{ "to_act", (getter)game_get_to_act, NULL,
	    "the seat whose decision it is", NULL },
	{ "phase", (getter)game_get_phase, NULL, "what the decision is: "
	    "play, pick, react, choose, take, order, chest (over at the end)",
	    NULL },
	{ "round", (getter)game_get_round, NULL, "the round, from 1", NULL },
	{ "turn", (getter)game_get_turn, NULL, "turns played in this game",
	    NULL },
	{ "players", (getter)game_get_players, NULL, NULL, NULL },
	{ "deck", (getter)game_get_deck, NULL, "cards left in the draw pile",
	    NULL },
	{ "gold", (getter)game_get_gold, NULL, "each seat's gold so far",
	    NULL },
	{ "round_pay", (getter)game_get_round_pay, NULL,
	    "what each seat was paid in the round that ended last", NULL },
	{ "winners", (getter)game_get_winners, NULL,
	    "the seats sharing the win, once the game is over", NULL },
	{ "round_winners", (getter)game_get_round_winners, NULL,
	    "the seats that won the round that ended last", NULL },
	{ "round_end", (getter)game_get_round_end, NULL, "how this round "
	    "ended (gold, nocards, spider), or None while it goes on", NULL },
	{ "ruleset", (getter)game_get_ruleset, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyMethodDef game_methods[] = {
	{ "legal", (PyCFunction)game_legal, METH_NOARGS,
	    "legal() -> every legal move of the seat to act, as protocol "
	    "lines (\"play path-NES 1 0 0\", \"discard map\", \"pick 3\")" },
	{ "apply", (PyCFunction)game_apply, METH_O,
	    "apply(move) plays a legal move (a protocol line); ValueError "
	    "with the referee's reason when it is not legal" },
	{ "check", (PyCFunction)game_check, METH_O,
	    "check(move) -> None when legal, else the referee's reason" },
	{ "random_move", (PyCFunction)game_random_move, METH_NOARGS,
	    "random_move() -> the move saboteur selfplay's random players "
	    "would make, drawn from the game's generator (None at the end)" },
	{ "playout", (PyCFunction)(void (*)(void))game_playout, METH_VARARGS | METH_KEYWORDS,
	    "playout(moves=None) plays random_move() to the end (or that "
	    "many moves) inside C; returns the moves played" },
	{ "policy_move", (PyCFunction)game_policy_move, METH_NOARGS,
	    "policy_move() -> the move of the search bot's playout policy, "
	    "a cheap player that sees every card (None at the end)" },
	{ "policy_playout", (PyCFunction)(void (*)(void))game_policy_playout,
	    METH_VARARGS | METH_KEYWORDS,
	    "policy_playout(moves=0) plays the policy to the round's end, or "
	    "that many moves; returns the moves played" },
	{ "heuristic_move", (PyCFunction)game_heuristic_move, METH_O,
	    "heuristic_move(trust) -> the heuristic example bot's move as the "
	    "seat to act, knowing what it knows here (its hand and role, the "
	    "goals it looked at) and trusting each seat as the list trust "
	    "says (None at the end)" },
	{ "heuristic_seen", (PyCFunction)game_heuristic_seen, METH_VARARGS,
	    "heuristic_seen(trust, move) learns into the list trust what any "
	    "seat makes of the seat to act playing move (before apply())" },
	{ "heuristic_playout", (PyCFunction)game_heuristic_playout, METH_O,
	    "heuristic_playout(trust) plays heuristic_move() in every seat "
	    "to the round's end, learning into trust (as heuristic_seen()); "
	    "returns the moves played" },
	{ "swap_roles", (PyCFunction)game_swap_roles, METH_VARARGS,
	    "swap_roles(a, b) exchanges the role cards of seats a and b" },
	{ "round_result", (PyCFunction)game_round_result, METH_VARARGS,
	    "round_result(start, seat) -> the seat's result of this game "
	    "played on from the game start: half for winning the round, "
	    "half its gold won over 5, with no ceiling (at the game's end, "
	    "half the gold and half for winning)" },
	{ "outlook", (PyCFunction)game_outlook, METH_NOARGS,
	    "outlook() -> the chance the gold is reached this round as the "
	    "tunnels stand: the guess that ends the search's short playouts" },
	{ "clone", (PyCFunction)game_clone, METH_NOARGS,
	    "clone() -> an independent copy, its random generator included" },
	{ "hash", (PyCFunction)game_hash, METH_NOARGS,
	    "hash() -> the state's 64-bit hash (saboteur selfplay --hash)" },
	{ "reseed", (PyCFunction)game_seed, METH_O,
	    "reseed(seed) seeds the game's random generator afresh" },
	{ "lines", (PyCFunction)game_lines, METH_VARARGS,
	    "lines(seat) -> the lines the last step sent seat (-1: a "
	    "spectator); needs record=True" },
	{ "setup_lines", (PyCFunction)game_setup_lines, METH_VARARGS,
	    "setup_lines(seat, game=1) -> the game's set-up lines for seat" },
	{ "observation", (PyCFunction)game_observation, METH_VARARGS,
	    "observation(seat) -> the table as the seat knows it, as "
	    "Knowledge.observation() (needs record=True)" },
	{ "hand", (PyCFunction)game_hand, METH_VARARGS,
	    "hand(seat) -> the seat's cards as tokens" },
	{ "front", (PyCFunction)game_front, METH_VARARGS,
	    "front(seat) -> the cards lying in front of the seat, as tokens" },
	{ "draw_pile", (PyCFunction)game_draw_pile, METH_NOARGS,
	    "draw_pile() -> the draw pile's cards, bottom first (the top, "
	    "drawn next, last)" },
	{ "goals", (PyCFunction)game_goals, METH_NOARGS,
	    "goals() -> each goal place as (x, y, token of the card on it)" },
	{ "discards", (PyCFunction)game_discards, METH_NOARGS,
	    "discards() -> the discard pile's cards, bottom first" },
	{ "role", (PyCFunction)game_role, METH_VARARGS,
	    "role(seat) -> the seat's role word (\"miner\", ...)" },
	{ NULL, NULL, 0, NULL }
};

PyTypeObject PyGame_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "saboteur.Game",
	.tp_basicsize = sizeof(PyGameObject),
	.tp_dealloc = (destructor)game_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Game(ruleset, players, seed=0, first=0, record=False): a "
	    "game with every hidden card, dealt from seed as saboteur "
	    "selfplay deals it.",
	.tp_getset = game_getset,
	.tp_methods = game_methods,
	.tp_new = game_new,
};

/* ---- selfplay ----------------------------------------------------------- */

static PyObject *selfplay(PyObject *mod, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "ruleset", "players", "seed", NULL };
	PyObject *rsarg, *rsobj;
	unsigned long long seed = 0;
	int players;
	sab_game *g = malloc(sizeof *g);
	sab_rng rng;
	sab_move m;
	char err[256];
	uint64_t h;

	(void)mod;
	if (g == NULL)
		return PyErr_NoMemory();
	if (!PyArg_ParseTupleAndKeywords(args, kw, "OiK", kwlist, &rsarg,
	    &players, &seed) || (rsobj = pysab_ruleset_get(rsarg)) == NULL) {
		free(g);
		return NULL;
	}
	sab_rng_seed(&rng, seed);
	if (sab_game_new(g, ((PyRulesetObject *)rsobj)->rs, players, 0, &rng,
	    NULL, err, sizeof err) != 0) {
		Py_DECREF(rsobj);
		free(g);
		PyErr_SetString(PyExc_ValueError, err);
		return NULL;
	}
	while (sab_game_random_move(g, &rng, &m) == 0)
		sab_game_apply(g, &m, &rng, NULL);
	h = sab_game_hash(g);
	Py_DECREF(rsobj);
	free(g);
	return PyLong_FromUnsignedLongLong(h);
}

static PyMethodDef module_methods[] = {
	{ "selfplay", (PyCFunction)(void (*)(void))selfplay,
	    METH_VARARGS | METH_KEYWORDS,
	    "selfplay(ruleset, players, seed) -> the final state's hash of the "
	    "game saboteur selfplay --hash plays with these arguments" },
	{ NULL, NULL, 0, NULL }
};

int pysab_game_ready(void)
{
	if (PyType_Ready(&PyRuleset_Type) < 0 || PyType_Ready(&PyGame_Type) < 0)
		return -1;
	if (ruleset_cache == NULL && (ruleset_cache = PyDict_New()) == NULL)
		return -1;
	return 0;
}

int pysab_game_add(PyObject *m)
{
	Py_INCREF(&PyRuleset_Type);
	Py_INCREF(&PyGame_Type);
	if (PyModule_AddObject(m, "Ruleset", (PyObject *)&PyRuleset_Type) < 0 ||
	    PyModule_AddObject(m, "Game", (PyObject *)&PyGame_Type) < 0 ||
	    PyModule_AddFunctions(m, module_methods) < 0)
		return -1;
	return 0;
}
