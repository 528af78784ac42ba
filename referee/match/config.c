/* config.c: named bots from a YAML configuration, read with yamlread; and
 * what a bot's entry in a tournament file shares with it (env, name,
 * sandbox keys). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "split.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define TEXT_MAX 4096           /* bytes of a command or a folder */

const char *const config_box_keys[CONFIG_BOX_KEYS] = { "mode", "network",
	"writable", "memory-mb", "processes", "open-files", "file-size-mb",
	"cpu-seconds", "disk-mb" };

/* The names the sandbox sets itself (sandbox.c): a bot's env may not give
 * them, so that a file means the same with the sandbox on or off. */
static const char *const reserved_env[] = { "HOME", "TMPDIR" };

/* ------------------------------------------------------------------ */
/* What a tournament file shares */

static int env_name_ok(const char *s, size_t n)
{
	if (n == 0 || n > CONFIG_ENV_NAME_MAX || (s[0] >= '0' && s[0] <= '9'))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '_'))
			return 0;
	return 1;
}

/* Checks the i-th variable of map: its name, not reserved, given once. */
static int env_name(const sab_yaml *y, const sab_yaml_node *map, size_t i,
    const char *place)
{
	char q[SAB_YAML_QUOTE];
	const sab_yaml_node *k = sab_yaml_key(y, map, i);
	size_t len;
	const char *s = sab_yaml_scalar(k, &len);

	if (s == NULL || !env_name_ok(s, len))
		return sab_yaml_fail(y, k, place, "expected a variable name "
		    "(1 to %d letters, digits or '_', not starting with a "
		    "digit), found %s", CONFIG_ENV_NAME_MAX, s == NULL ?
		    sab_yaml_kind_name(k) : len == 0 ? "nothing" :
		    sab_yaml_quote(s, len, q));
	for (size_t r = 0; r < NELEM(reserved_env); r++)
		if (sab_yaml_is(k, reserved_env[r]))
			return sab_yaml_fail(y, k, place, "%s is reserved: the "
			    "sandbox sets HOME and TMPDIR to /tmp", s);
	for (size_t j = 0; j < i; j++) {
		const sab_yaml_node *e = sab_yaml_key(y, map, j);

		if (sab_yaml_is(e, s))
			return sab_yaml_fail(y, k, place, "variable %s given "
			    "twice (first on line %d)", s, sab_yaml_at(e).line);
	}
	return 0;
}

int config_load_env(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, config_bot *b)
{
	char sub[SAB_YAML_PLACE];
	size_t n;

	if (sab_yaml_kind(map) != SAB_YAML_MAP)
		return sab_yaml_fail(y, map, place, "expected a mapping of "
		    "NAME: VALUE, found %s", sab_yaml_kind_name(map));
	n = sab_yaml_count(map);
	if (n > CONFIG_MAX_ENV)
		return sab_yaml_fail(y, sab_yaml_key(y, map, CONFIG_MAX_ENV),
		    place, "at most %d variables", CONFIG_MAX_ENV);
	for (size_t i = 0; i < n; i++) {
		const sab_yaml_node *k = sab_yaml_key(y, map, i);
		const char *name, *value;
		size_t nlen, vlen;

		if (env_name(y, map, i, place) != 0)
			return -1;
		name = sab_yaml_scalar(k, &nlen);
		if (sab_yaml_path_key(y, sab_yaml_at(k), sub, place,
		    name) != 0 || sab_yaml_text(y, sab_yaml_value(y, map, i),
		    sub, 0, CONFIG_ENV_VALUE_MAX, &value, &vlen) != 0)
			return -1;
		if ((b->env[i] = malloc(nlen + vlen + 2)) == NULL)
			return sab_yaml_fail(y, k, place, "out of memory");
		memcpy(b->env[i], name, nlen);
		b->env[i][nlen] = '=';
		memcpy(b->env[i] + nlen + 1, value, vlen + 1);
	}
	return 0;
}

int config_load_name(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, char out[33])
{
	char q[SAB_YAML_QUOTE];
	size_t len;
	const char *s = sab_yaml_scalar(n, &len);

	if (s == NULL || !config_name_ok(s, len))
		return sab_yaml_fail(y, n, place, "expected a name of 1 to 32 "
		    "letters, digits, '.', '_' or '-', found %s", s == NULL ?
		    sab_yaml_kind_name(n) : len == 0 ? "nothing" :
		    sab_yaml_quote(s, len, q));
	memcpy(out, s, len + 1);
	return 0;
}

int config_load_box(const sab_yaml *y, const sab_yaml_field *f,
    const char *place, int top, sandbox_settings *s)
{
	char sub[SAB_YAML_PLACE], why[160], q[SAB_YAML_QUOTE];

	for (int i = 0; i < CONFIG_BOX_KEYS - !top; i++) {
		const sab_yaml_node *v = f[i].val;
		const char *key = config_box_keys[i + !top], *text;
		size_t len;

		if (v == NULL)
			continue;
		if (sab_yaml_path_key(y, f[i].at, sub, place, key) != 0)
			return -1;
		if ((text = sab_yaml_scalar(v, &len)) == NULL)
			return sab_yaml_fail(y, v, sub, "expected a value, "
			    "found %s", sab_yaml_kind_name(v));
		if (sandbox_settings_key(s, key, text, top, why,
		    sizeof why) < 0)
			return sab_yaml_fail(y, v, sub, "%s", why[0] ? why :
			    sab_yaml_quote(text, len, q));
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* The configuration */

enum { B_COMMAND, B_CWD, B_ENV, B_MOVE, B_BANK, B_BOX,
	B_N = B_BOX + CONFIG_BOX_KEYS - 1 };

/* A copy of text of 1 to TEXT_MAX bytes, into *out. */
static int load_text(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, char **out)
{
	const char *s;
	size_t len;

	if (sab_yaml_text(y, n, place, 1, TEXT_MAX, &s, &len) != 0)
		return -1;
	if ((*out = strdup(s)) == NULL)
		return sab_yaml_fail(y, n, place, "out of memory");
	return 0;
}

/* The command, split here too, so that a bad quote is a mistake at its
 * line, found before any bot starts. */
static int load_command(const sab_yaml *y, const sab_yaml_node *n,
    const char *place, config_bot *b)
{
	char why[256], **argv;

	if (load_text(y, n, place, &b->command) != 0)
		return -1;
	if ((argv = split_command(b->command, why, sizeof why)) == NULL)
		return sab_yaml_fail(y, n, place, "%s", why);
	split_free(argv);
	return 0;
}

static int load_bot(const sab_yaml *y, const sab_yaml_node *map,
    const char *place, config_bot *b)
{
	sab_yaml_field f[B_N] = { SAB_YAML_FIELD("command"),
	    SAB_YAML_FIELD("cwd"), SAB_YAML_FIELD("env"),
	    SAB_YAML_FIELD("move-ms"), SAB_YAML_FIELD("bank-ms") };
	char sub[SAB_YAML_PLACE];

	for (int k = 1; k < CONFIG_BOX_KEYS; k++)
		f[B_BOX + k - 1] = (sab_yaml_field)SAB_YAML_FIELD(
		    config_box_keys[k]);
	if (sab_yaml_fields(y, map, place, f, B_N) != 0 ||
	    sab_yaml_need_field(y, map, place, &f[B_COMMAND]) != 0)
		return -1;
	if (sab_yaml_path_key(y, f[B_COMMAND].at, sub, place, "command") != 0 ||
	    load_command(y, f[B_COMMAND].val, sub, b) != 0)
		return -1;
	if (f[B_CWD].val && (sab_yaml_path_key(y, f[B_CWD].at, sub, place,
	    "cwd") != 0 || load_text(y, f[B_CWD].val, sub, &b->cwd) != 0))
		return -1;
	if (f[B_ENV].val && (sab_yaml_path_key(y, f[B_ENV].at, sub, place,
	    "env") != 0 || config_load_env(y, f[B_ENV].val, sub, b) != 0))
		return -1;
	/* Its own time control, as a tournament file's bots have. */
	if (f[B_MOVE].val && (sab_yaml_path_key(y, f[B_MOVE].at, sub, place,
	    "move-ms") != 0 || sab_yaml_int(y, f[B_MOVE].val, sub, 1, 86400000,
	    &b->move_ms) != 0))
		return -1;
	if (f[B_BANK].val && (sab_yaml_path_key(y, f[B_BANK].at, sub, place,
	    "bank-ms") != 0 || sab_yaml_int(y, f[B_BANK].val, sub, 0, 86400000,
	    &b->bank_ms) != 0))
		return -1;
	b->clock = (f[B_MOVE].val ? CONFIG_OWN_MOVE : 0) |
	    (f[B_BANK].val ? CONFIG_OWN_BANK : 0);
	return config_load_box(y, f + B_BOX, place, 0, &b->box);
}

static int load_bots(const sab_yaml *y, const sab_yaml_node *map, config *cf)
{
	char place[SAB_YAML_PLACE];
	size_t n;

	if (sab_yaml_kind(map) != SAB_YAML_MAP)
		return sab_yaml_fail(y, map, "bots", "expected a mapping of "
		    "bot names, found %s", sab_yaml_kind_name(map));
	n = sab_yaml_count(map);
	if (n > CONFIG_MAX_BOTS)
		return sab_yaml_fail(y, sab_yaml_key(y, map, CONFIG_MAX_BOTS),
		    "bots", "%zu bots, at most %d", n, CONFIG_MAX_BOTS);
	if (sab_yaml_unique_keys(y, map, "bots") != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		config_bot *b = &cf->bots[cf->nbots++];
		const sab_yaml_node *k = sab_yaml_key(y, map, i);

		if (config_load_name(y, k, "bots", b->name) != 0 ||
		    sab_yaml_path_key(y, sab_yaml_at(k), place, "bots",
		    b->name) != 0 || load_bot(y, sab_yaml_value(y, map, i),
		    place, b) != 0)
			return -1;
	}
	return 0;
}

static int load_root(const sab_yaml *y, const sab_yaml_node *root,
    config *cf)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("bots"),
	    SAB_YAML_FIELD("sandbox") };
	sab_yaml_field box[CONFIG_BOX_KEYS];

	if (root == NULL)
		return sab_yaml_fail(y, NULL, NULL, "the file is empty "
		    "(expected a mapping with bots)");
	if (sab_yaml_kind(root) != SAB_YAML_MAP)
		return sab_yaml_fail(y, root, NULL, "expected a mapping with "
		    "bots, found %s", sab_yaml_kind_name(root));
	if (sab_yaml_fields(y, root, "", f, NELEM(f)) != 0 ||
	    sab_yaml_need_field(y, root, "", &f[0]) != 0)
		return -1;
	if (f[1].val != NULL) {
		for (int i = 0; i < CONFIG_BOX_KEYS; i++)
			box[i] = (sab_yaml_field)SAB_YAML_FIELD(
			    config_box_keys[i]);
		if (sab_yaml_fields(y, f[1].val, "sandbox", box,
		    CONFIG_BOX_KEYS) != 0 || config_load_box(y, box, "sandbox",
		    1, &cf->box) != 0)
			return -1;
	}
	return load_bots(y, f[0].val, cf);
}

int config_parse(config *cf, const char *text, size_t len, const char *source,
    char *err, size_t errlen)
{
	sab_yaml *y;
	int rc;

	memset(cf, 0, sizeof *cf);
	if ((y = sab_yaml_load(text, len, source, "a configuration", err,
	    errlen)) == NULL)
		return -1;
	rc = load_root(y, sab_yaml_root(y), cf);
	sab_yaml_free(y);
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
