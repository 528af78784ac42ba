/* fuzz_config.c: a libFuzzer harness for the other two readers of the one
 * YAML reader, the --config file and the tournament file: any input must
 * load or fail with a "SOURCE:LINE:COLUMN: " message, never crash or leak. */
#include <stdint.h>

#include "config.h"
#include "fuzz_message.h"
#include "tconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static config c;
	tconfig t;
	char err[512];

	if (config_parse(&c, (const char *)data, size, "fuzz.yaml", err,
	    sizeof err) != 0)
		fuzz_check_message(err, "fuzz.yaml");
	config_free(&c);
	if (tconfig_parse(&t, (const char *)data, size, "fuzz.yaml", err,
	    sizeof err) != 0)
		fuzz_check_message(err, "fuzz.yaml");
	tconfig_free(&t);
	return 0;
}
