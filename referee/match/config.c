/* config.c: named bots from a YAML configuration, read with libyaml. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "config.h"
#include "split.h"

typedef struct ctx {
	const char *source;
	char *err;
	size_t errlen;
	yaml_document_t *doc;
} ctx;

static int fail(const ctx *c, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(const ctx *c, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;
	int off;

	if (c->errlen == 0)
		return -1;
	off = snprintf(c->err, c->errlen, "%s:%lu: ", c->source,
	    n ? (unsigned long)n->start_mark.line + 1 : 1UL);
	if (off < 0 || (size_t)off >= c->errlen)
		return -1;
	va_start(ap, fmt);
	(void)vsnprintf(c->err + off, c->errlen - (size_t)off, fmt, ap);
	va_end(ap);
	return -1;
}

static yaml_node_t *node(const ctx *c, int i)
{
	return yaml_document_get_node(c->doc, i);
}

static const char *scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

/* A scalar of at most max bytes without NUL, copied; NULL after failing. */
static char *text_of(const ctx *c, const yaml_node_t *n, const char *what,
    size_t max)
{
	char *s;

	if (n->type != YAML_SCALAR_NODE) {
		fail(c, n, "%s: expected text", what);
		return NULL;
	}
	if (n->data.scalar.length == 0 || n->data.scalar.length > max ||
	    strlen(scalar(n)) != n->data.scalar.length) {
		fail(c, n, "%s: expected 1 to %zu characters", what, max);
		return NULL;
	}
	if ((s = strdup(scalar(n))) == NULL)
		fail(c, n, "out of memory");
	return s;
}

static int load_env(const ctx *c, const yaml_node_t *map, config_bot *b)
{
	int k = 0;

	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, "bots.%s.env: expected a mapping of "
		    "NAME: VALUE", b->name);
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node(c, p->key), *val = node(c, p->value);
		if (k == CONFIG_MAX_ENV)
			return fail(c, key, "bots.%s.env: at most %d variables",
			    b->name, CONFIG_MAX_ENV);
		if (key->type != YAML_SCALAR_NODE || val->type != YAML_SCALAR_NODE ||
		    key->data.scalar.length == 0 || strchr(scalar(key), '='))
			return fail(c, key, "bots.%s.env: expected NAME: VALUE",
			    b->name);
		size_t len = key->data.scalar.length + val->data.scalar.length + 2;
		if ((b->env[k] = malloc(len)) == NULL)
			return fail(c, key, "out of memory");
		snprintf(b->env[k++], len, "%s=%s", scalar(key), scalar(val));
	}
	return 0;
}

/* One sandbox key of a bot (top 0) or of the "sandbox" mapping (top 1):
 * 1 when it is one, 0 when it is not, -1 after failing. */
static int load_setting(const ctx *c, const yaml_node_t *k,
    const yaml_node_t *v, sandbox_settings *s, int top, const char *what)
{
	char why[160];
	int r;

	if (k->type != YAML_SCALAR_NODE)
		return 0;
	if (v->type != YAML_SCALAR_NODE) {
		r = sandbox_settings_key(s, scalar(k), "", top, why, sizeof why);
		return r == 0 ? 0 : fail(c, v, "%s: expected a value", what);
	}
	r = sandbox_settings_key(s, scalar(k), scalar(v), top, why, sizeof why);
	return r < 0 ? fail(c, v, "%s: %s", what, why) : r;
}

static int load_sandbox(const ctx *c, const yaml_node_t *map, config *cf)
{
	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, "sandbox: expected a mapping of mode, "
		    SANDBOX_BOT_KEYS);
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
		char what[64];
		snprintf(what, sizeof what, "sandbox.%.40s",
		    k->type == YAML_SCALAR_NODE ? scalar(k) : "?");
		int r = load_setting(c, k, v, &cf->box, 1, what);
		if (r < 0)
			return -1;
		if (r == 0)
			return fail(c, k, "sandbox: unknown key \"%.40s\" "
			    "(expected mode, " SANDBOX_BOT_KEYS ")",
			    k->type == YAML_SCALAR_NODE ? scalar(k) : "?");
	}
	return 0;
}

static int load_bot(const ctx *c, const yaml_node_t *key,
    const yaml_node_t *map, config_bot *b)
{
	const char *name = scalar(key);

	if (!config_name_ok(name, key->data.scalar.length))
		return fail(c, key, "bots: \"%.40s\" is not a bot name: a name "
		    "is 1 to 32 letters, digits, '.', '_' or '-'", name);
	memcpy(b->name, name, key->data.scalar.length + 1);
	if (map->type != YAML_MAPPING_NODE)
		return fail(c, map, "bots.%s: expected a mapping with command",
		    b->name);
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
		const char *kn = k->type == YAML_SCALAR_NODE ? scalar(k) : "";
		char what[64];
		snprintf(what, sizeof what, "bots.%.32s.%.12s", b->name, kn);
		if (strcmp(kn, "command") == 0) {
			char why[256], **argv;
			if ((b->command = text_of(c, v, what, 4096)) == NULL)
				return -1;
			/* Split here too, so that a bad quote is a mistake
			 * at its line, found before any bot starts. */
			if ((argv = split_command(b->command, why,
			    sizeof why)) == NULL)
				return fail(c, v, "%s: %s", what, why);
			split_free(argv);
		} else if (strcmp(kn, "cwd") == 0) {
			if ((b->cwd = text_of(c, v, what, 4096)) == NULL)
				return -1;
		} else if (strcmp(kn, "env") == 0) {
			if (load_env(c, v, b) != 0)
				return -1;
		} else {
			int r = load_setting(c, k, v, &b->box, 0, what);
			if (r < 0)
				return -1;
			if (r == 0)
				return fail(c, k, "bots.%s: unknown key \"%.40s\" "
				    "(expected command, cwd, env, "
				    SANDBOX_BOT_KEYS ")", b->name, kn);
		}
	}
	if (b->command == NULL)
		return fail(c, map, "bots.%s: missing key \"command\"", b->name);
	return 0;
}

static int load_root(const ctx *c, const yaml_node_t *root, config *cf)
{
	yaml_node_t *bots = NULL;

	if (root == NULL || root->type != YAML_MAPPING_NODE)
		return fail(c, root, "expected a mapping with \"bots\"");
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
	    p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(c, p->key);
		if (k->type == YAML_SCALAR_NODE && strcmp(scalar(k), "sandbox") == 0) {
			if (load_sandbox(c, node(c, p->value), cf) != 0)
				return -1;
			continue;
		}
		if (k->type != YAML_SCALAR_NODE || strcmp(scalar(k), "bots") != 0)
			return fail(c, k, "unknown key \"%.40s\" (expected bots or "
			    "sandbox)", k->type == YAML_SCALAR_NODE ? scalar(k) :
			    "?");
		bots = node(c, p->value);
	}
	if (bots == NULL || bots->type != YAML_MAPPING_NODE)
		return fail(c, bots ? bots : root, "bots: expected a mapping of "
		    "bot names");
	for (yaml_node_pair_t *p = bots->data.mapping.pairs.start;
	    p < bots->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(c, p->key);
		if (cf->nbots == CONFIG_MAX_BOTS)
			return fail(c, k, "bots: at most %d", CONFIG_MAX_BOTS);
		if (k->type != YAML_SCALAR_NODE)
			return fail(c, k, "bots: expected a bot name");
		if (config_find(cf, scalar(k)) != NULL)
			return fail(c, k, "bots: \"%.32s\" is named twice",
			    scalar(k));
		if (load_bot(c, k, node(c, p->value), &cf->bots[cf->nbots++]) != 0)
			return -1;
	}
	return 0;
}

int config_parse(config *cf, const char *text, size_t len, const char *source,
    char *err, size_t errlen)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	ctx c = { source, err, errlen, &doc };
	int rc;

	memset(cf, 0, sizeof *cf);
	if (!yaml_parser_initialize(&parser))
		return fail(&c, NULL, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		const yaml_mark_t *m = &parser.problem_mark;
		/* libyaml's word for a tab in the indentation is "found
		 * character that cannot start any token". */
		if (parser.error == YAML_SCANNER_ERROR && m->index < len &&
		    text[m->index] == '\t')
			snprintf(err, errlen, "%s:%lu:%lu: " "a tab, where YAML allows only spaces (indentation): indent with spaces",
			    source, (unsigned long)m->line + 1,
			    (unsigned long)m->column + 1);
		else
			snprintf(err, errlen, "%s:%lu: YAML syntax error: %s",
			    source, (unsigned long)m->line + 1,
			    parser.problem ? parser.problem : "?");
		yaml_parser_delete(&parser);
		return -1;
	}
	rc = load_root(&c, yaml_document_get_root_node(&doc), cf);
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return rc;
}

int config_name_ok(const char *s, size_t n)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-";

	if (n == 0 || n > 32)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\0' || strchr(chars, s[i]) == NULL)
			return 0;
	return 1;
}

const config_bot *config_find(const config *c, const char *name)
{
	for (int i = 0; i < c->nbots; i++)
		if (strcmp(c->bots[i].name, name) == 0)
			return &c->bots[i];
	return NULL;
}

void config_free(config *c)
{
	for (int i = 0; i < c->nbots; i++) {
		free(c->bots[i].command);
		free(c->bots[i].cwd);
		for (int k = 0; c->bots[i].env[k]; k++)
			free(c->bots[i].env[k]);
	}
	memset(c, 0, sizeof *c);
}
