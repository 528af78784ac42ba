/* fuzz_message.h: what the fuzz harnesses of the YAML readers require of
 * every message: "SOURCE:LINE:COLUMN: " and a reason. */
#ifndef SAB_FUZZ_MESSAGE_H
#define SAB_FUZZ_MESSAGE_H

#include <stdlib.h>
#include <string.h>

/* Aborts unless err is "SOURCE:LINE:COLUMN: " followed by a reason. */
static inline void fuzz_check_message(const char *err, const char *source)
{
	const char *p = err + strlen(source);

	if (strncmp(err, source, strlen(source)) != 0)
		abort();
	for (int part = 0; part < 2; part++) {
		if (*p++ != ':' || *p < '1' || *p > '9')
			abort();
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (p[0] != ':' || p[1] != ' ' || p[2] == '\0')
		abort();
}

#endif
