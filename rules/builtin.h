/* builtin.h: the rulesets compiled into the library (internal). */
#ifndef SAB_BUILTIN_H
#define SAB_BUILTIN_H

struct sab_builtin {
	const char *name;       /* NULL ends the table */
	const char *text;       /* the YAML file, NUL-terminated */
};

extern const struct sab_builtin sab_builtins[];

#endif
