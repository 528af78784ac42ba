/* knowledge.c: the Python type Knowledge: a seat's knowledge from the lines
 * its bot received, and worlds sampled from it (examples/c/know.h). */
#include "pysab.h"

int pysab_knowledge_ready(void)
{
	return 0;
}

int pysab_knowledge_add(PyObject *m)
{
	(void)m;
	return 0;
}
