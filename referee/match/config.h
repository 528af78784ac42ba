/* config.h: named bots from a YAML file, so a match can say "heuristic"
 * instead of a command line. */
#ifndef SAB_CONFIG_H
#define SAB_CONFIG_H

#include <stddef.h>

#include "sandbox.h"
#include "yamlread.h"

#define CONFIG_MAX_BOTS 64
#define CONFIG_MAX_ENV 16

/* One named bot. */
typedef struct config_bot {
	char name[33];
	char *command;          /* split like a shell would, run without one */
	char *cwd;              /* NULL: the referee's (or --bot-cwd) */
	char *env[CONFIG_MAX_ENV + 1];  /* "NAME=VALUE", NULL-terminated */
	sandbox_settings box;   /* its own sandbox keys (network, memory-mb...) */
	int clock;              /* CONFIG_OWN_*: which of the two below it
	                           gives (a --config file's move-ms, bank-ms;
	                           a tournament file's bots keep theirs in
	                           tconfig_bot) */
	int64_t move_ms, bank_ms;
} config_bot;

enum { CONFIG_OWN_MOVE = 1, CONFIG_OWN_BANK = 2 };

typedef struct config {
	sandbox_settings box;   /* the file's "sandbox" mapping */
	int nbots;
	config_bot bots[CONFIG_MAX_BOTS];
} config;

/*
 * Reads a configuration from YAML text (source names it in messages):
 *
 *   bots:
 *     heuristic:
 *       command: build/examples/heuristic-bot
 *     deep:
 *       command: "python3 my_bot.py --depth 4"
 *       cwd: bots/deep
 *       env: {MODEL: small, THREADS: "1"}
 *       memory-mb: 4096
 *       move-ms: 5000         # its own time control
 *       bank-ms: 30000
 *   sandbox:
 *     mode: on
 *     network: false
 *
 * A bot's own sandbox keys and the "sandbox" mapping are those of
 * sandbox_settings_key() (see sandbox.h); env is read by config_load_env().
 * Returns 0, or -1 with "SOURCE:LINE:COLUMN: PLACE: reason" in err.  Free
 * with config_free() in both cases.
 */
int config_parse(config *c, const char *text, size_t len, const char *source,
    char *err, size_t errlen);

/*
 * What a --config file and a tournament file share, read the same way in
 * both (place is the key path of the bot's entry, such as "bots.deep" or
 * "bots[2]"):
 *
 * config_load_env() reads the env mapping map, "NAME: VALUE", into b->env
 * as "NAME=VALUE" strings in file order (the caller frees them, as
 * config_free() does).  At most CONFIG_MAX_ENV variables; a name is 1 to
 * CONFIG_ENV_NAME_MAX letters, digits or '_', not starting with a digit;
 * HOME and TMPDIR are the sandbox's (it sets them to /tmp) and may not be
 * given; each name once; a value is text of at most CONFIG_ENV_VALUE_MAX
 * bytes (it may be empty) without a NUL.
 *
 * config_load_name() reads a bot name (config_name_ok()) into out.
 *
 * config_load_box() reads the sandbox keys found in f, a table whose
 * entries start with SAB_YAML_FIELD of config_box_keys[!top], ... (the
 * "mode" key only at the top of a file, top 1), into s.
 *
 * Each returns 0, or -1 with the message in the document's err.
 */
#define CONFIG_ENV_NAME_MAX 64
#define CONFIG_ENV_VALUE_MAX 4096
#define CONFIG_BOX_KEYS 9
extern const char *const config_box_keys[CONFIG_BOX_KEYS];

int config_load_env(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, config_bot *b);
int config_load_name(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, char out[33]);
int config_load_box(const sab_yaml *y, const sab_yaml_field *f,
    const char *place, int top, sandbox_settings *s);

/* 1 when the n bytes at s make a bot name: 1 to 32 letters, digits, '.',
 * '_' or '-' (one word in journals and tables), else 0. */
int config_name_ok(const char *s, size_t n);

/* The bot called name, or NULL. */
const config_bot *config_find(const config *c, const char *name);

/* Frees what config_parse() allocated; a zeroed config is fine. */
void config_free(config *c);

#endif
