/* module.c: the extension module saboteur._saboteur, made of the game's
 * types (game.c), a seat's knowledge (knowledge.c) and the heuristic bot
 * (heuristic.c). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pysab.h"

static struct PyModuleDef module_def = {
	PyModuleDef_HEAD_INIT, "saboteur._saboteur",
	"The Saboteur rules engine (the C rules library) for Python.", -1,
	NULL, NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__saboteur(void);

PyMODINIT_FUNC PyInit__saboteur(void)
{
	PyObject *m;

	if (pysab_game_ready() < 0 || pysab_knowledge_ready() < 0 ||
	    pysab_heuristic_ready() < 0)
		return NULL;
	if ((m = PyModule_Create(&module_def)) == NULL)
		return NULL;
	if (pysab_game_add(m) < 0 || pysab_knowledge_add(m) < 0 ||
	    pysab_heuristic_add(m) < 0 ||
	    PyModule_AddIntConstant(m, "PROTOCOL_VERSION", PROTO_VERSION) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
