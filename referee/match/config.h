/* config.h: named bots from a YAML file, so a match can say "heuristic"
 * instead of a command line. */
#ifndef SAB_CONFIG_H
#define SAB_CONFIG_H

#include <stddef.h>

#include "sandbox.h"

#define CONFIG_MAX_BOTS 64
#define CONFIG_MAX_ENV 16

/* One named bot. */
typedef struct config_bot {
	char name[33];
	char *command;          /* split like a shell would, run without one */
	char *cwd;              /* NULL: the referee's (or --bot-cwd) */
	char *env[CONFIG_MAX_ENV + 1];  /* "NAME=VALUE", NULL-terminated */
	sandbox_settings box;   /* its own sandbox keys (network, memory-mb...) */
} config_bot;

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
 *   sandbox:
 *     mode: on
 *     network: false
 *
 * A bot's own sandbox keys and the "sandbox" mapping are those of
 * sandbox_settings_key() (see sandbox.h).
 * Returns 0, or -1 with "SOURCE:LINE: reason" in err.  Free with
 * config_free() in both cases.
 */
int config_parse(config *c, const char *text, size_t len, const char *source,
    char *err, size_t errlen);

/* 1 when the n bytes at s make a bot name: 1 to 32 letters, digits, '.',
 * '_' or '-' (one word in journals and tables), else 0. */
int config_name_ok(const char *s, size_t n);

/* The bot called name, or NULL. */
const config_bot *config_find(const config *c, const char *name);

/* Frees what config_parse() allocated; a zeroed config is fine. */
void config_free(config *c);

#endif
