/* test_yamlread.c: the one YAML reader: marks, typed getters, mapping walks
 * and every message it writes, in the format SOURCE:LINE:COLUMN: PLACE: ... */
#include <stdint.h>
#include <string.h>

#include <check.h>

#include "suites.h"
#include "yamlread.h"

static char err[512];

/* Loads text, which must load; the caller frees the result. */
static sab_yaml *load(const char *text)
{
	sab_yaml *y = sab_yaml_load(text, strlen(text), "t.yaml", "a test",
	    err, sizeof err);

	ck_assert_msg(y != NULL, "%s", err);
	return y;
}

/* Fails unless text does not load, with exactly want. */
static void load_fails(const char *text, size_t len, const char *want)
{
	sab_yaml *y = sab_yaml_load(text, len, "t.yaml", "a test", err,
	    sizeof err);

	ck_assert_ptr_null(y);
	ck_assert_str_eq(err, want);
}

/* The value of key in the root mapping. */
static const sab_yaml_node *value_of(const sab_yaml *y, const char *key)
{
	const sab_yaml_node *root = sab_yaml_root(y);

	for (size_t i = 0; i < sab_yaml_count(root); i++)
		if (sab_yaml_is(sab_yaml_key(y, root, i), key))
			return sab_yaml_value(y, root, i);
	ck_abort_msg("no key %s", key);
	return NULL;
}

START_TEST(marks_count_lines_and_characters_from_1)
{
	/* "é" is two bytes but one column, as libyaml counts. */
	sab_yaml *y = load("# a comment\n\"é\": [10, 20]\nb:\n  - x\n");
	const sab_yaml_node *list = value_of(y, "é"), *b = value_of(y, "b");

	ck_assert_int_eq(sab_yaml_kind(list), SAB_YAML_LIST);
	ck_assert_int_eq(sab_yaml_count(list), 2);
	ck_assert_int_eq(sab_yaml_at(list).line, 2);
	ck_assert_int_eq(sab_yaml_at(list).column, 6);
	ck_assert_int_eq(sab_yaml_at(sab_yaml_item(y, list, 1)).column, 11);
	ck_assert_int_eq(sab_yaml_at(sab_yaml_item(y, b, 0)).line, 4);
	ck_assert_int_eq(sab_yaml_at(sab_yaml_item(y, b, 0)).column, 5);
	ck_assert_int_eq(sab_yaml_at(sab_yaml_root(y)).line, 2);
	ck_assert_int_eq(sab_yaml_at(sab_yaml_root(y)).column, 1);
	ck_assert_int_eq(sab_yaml_fail(y, sab_yaml_item(y, list, 1), "é[1]",
	    "too big"), -1);
	ck_assert_str_eq(err, "t.yaml:2:11: é[1]: too big");
	sab_yaml_free(y);
	sab_yaml_free(NULL);
}
END_TEST

START_TEST(an_empty_text_has_no_root)
{
	sab_yaml *y = load("# only a comment\n");

	ck_assert_ptr_null(sab_yaml_root(y));
	sab_yaml_free(y);
	y = sab_yaml_load(NULL, 0, "t.yaml", "a test", err, sizeof err);
	ck_assert_ptr_nonnull(y);
	ck_assert_ptr_null(sab_yaml_root(y));
	sab_yaml_free(y);
}
END_TEST

START_TEST(bad_text_is_named_where_it_is)
{
	load_fails("a: 1\n---\nb: 2\n", 14,
	    "t.yaml:3:1: a second YAML document; a test is one document");
	load_fails("a: {b: 1\nc: 2\n", 14, "t.yaml:2:2: YAML syntax error: "
	    "did not find expected ',' or '}' while parsing a flow mapping "
	    "that starts on line 1");
	load_fails("a: [1, 2\n", 9, "t.yaml:2:1: YAML syntax error: did not "
	    "find expected ',' or ']' while parsing a flow sequence that "
	    "starts on line 1");
	load_fails("a:\n  b: 1\n\tc: 2\n", 16, "t.yaml:3:1: a tab, where YAML "
	    "allows only spaces (indentation): indent with spaces");
	/* After two-byte characters and a byte order mark, the tab is still
	 * found: libyaml's index counts characters, not bytes. */
	load_fails("\xEF\xBB\xBF\xC3\xA9\xC3\xA9:\n  b: 1\n\tc: 2\n", 21,
	    "t.yaml:3:1: a tab, where YAML allows only spaces (indentation): "
	    "indent with spaces");
	load_fails("a: 1\nb: \xC3\xA9\xFF\n", 11, "t.yaml:2:5: not UTF-8 "
	    "text: invalid leading UTF-8 octet");
}
END_TEST

START_TEST(messages_are_cut_and_terminated)
{
	static const sab_yaml_mark at = { 3, 7 };
	char small[10];

	ck_assert_int_eq(sab_yaml_fail_at(err, sizeof err, NULL, at, "deck",
	    "no %s", "card"), -1);
	ck_assert_str_eq(err, "deck: no card");
	ck_assert_int_eq(sab_yaml_fail_at(err, sizeof err, "f", at, NULL,
	    "no card"), -1);
	ck_assert_str_eq(err, "f:3:7: no card");
	memset(small, 'z', sizeof small);
	ck_assert_int_eq(sab_yaml_fail_at(small, sizeof small, "file", at,
	    "deck", "no card"), -1);
	ck_assert_str_eq(small, "file:3:7:");
	small[0] = 'z';
	ck_assert_int_eq(sab_yaml_fail_at(small, 0, "file", at, "deck",
	    "no card"), -1);
	ck_assert_int_eq(small[0], 'z');
}
END_TEST

START_TEST(numbers_are_digits_in_a_range)
{
	sab_yaml *y = load("a: 12\nb: -40\nc: +3\nd: 0x10\ne: 3.0\nf: -1\n"
	    "g: 18446744073709551616\nh: -9223372036854775808\n"
	    "i: 9223372036854775808\nj: [1]\nk:\n");
	uint64_t u;
	int64_t v;

	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "a"), "a", 1, 12, &u), 0);
	ck_assert_uint_eq(u, 12);
	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "a"), "a", 1, 11, &u), -1);
	ck_assert_str_eq(err, "t.yaml:1:4: a: \"12\" is out of range "
	    "(1 to 11)");
	ck_assert_int_eq(sab_yaml_int(y, value_of(y, "b"), "b", -40, 40, &v),
	    0);
	ck_assert_int_eq(v, -40);
	ck_assert_int_eq(sab_yaml_int(y, value_of(y, "b"), "b", -39, 40, &v),
	    -1);
	ck_assert_str_eq(err, "t.yaml:2:4: b: \"-40\" is out of range "
	    "(-39 to 40)");
	ck_assert_int_eq(sab_yaml_int(y, value_of(y, "c"), "c", -9, 9, &v), -1);
	ck_assert_str_eq(err, "t.yaml:3:4: c: expected an integer from -9 to "
	    "9, found \"+3\"");
	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "d"), "d", 0, 99, &u), -1);
	ck_assert_str_eq(err, "t.yaml:4:4: d: expected a whole number from 0 "
	    "to 99, found \"0x10\"");
	ck_assert_int_eq(sab_yaml_int(y, value_of(y, "e"), "e", 0, 9, &v), -1);
	ck_assert_str_eq(err, "t.yaml:5:4: e: expected a whole number from 0 "
	    "to 9, found \"3.0\"");
	ck_assert_int_eq(sab_yaml_int(y, value_of(y, "f"), "f", 0, 9, &v), -1);
	ck_assert_str_eq(err, "t.yaml:6:4: f: expected a whole number from 0 "
	    "to 9, found \"-1\"");
	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "g"), "g", 0, UINT64_MAX,
	    &u), -1);
	ck_assert_str_eq(err, "t.yaml:7:4: g: \"18446744073709551616\" is out "
	    "of range (0 to 18446744073709551615)");
	ck_assert_int_eq(sab_yaml_number(value_of(y, "h"), &v), 0);
	ck_assert(v == INT64_MIN);
	ck_assert_int_eq(sab_yaml_number(value_of(y, "i"), &v), 2);
	ck_assert_int_eq(sab_yaml_number(value_of(y, "c"), &v), 1);
	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "j"), "j", 0, 9, &u), -1);
	ck_assert_str_eq(err, "t.yaml:10:4: j: expected a whole number from 0 "
	    "to 9, found a list");
	ck_assert_int_eq(sab_yaml_u64(y, value_of(y, "k"), "k", 0, 9, &u), -1);
	ck_assert_str_eq(err, "t.yaml:11:3: k: expected a whole number from 0 "
	    "to 9, found nothing");
	sab_yaml_free(y);
}
END_TEST

START_TEST(words_booleans_and_text)
{
	static const char *const words[] = { "gold", "path", "none" };
	sab_yaml *y = load("a: yes\nb: maybe\nc: path\nd: \"x\\0y\"\n"
	    "e: abcdef\nf: ''\ng: {x: 1}\n");
	const char *s;
	size_t w, len;
	int b;

	ck_assert_int_eq(sab_yaml_bool(y, value_of(y, "a"), "a", &b), 0);
	ck_assert_int_eq(b, 1);
	ck_assert_int_eq(sab_yaml_bool(y, value_of(y, "b"), "b", &b), -1);
	ck_assert_str_eq(err, "t.yaml:2:4: b: expected true or false, found "
	    "\"maybe\"");
	ck_assert_int_eq(sab_yaml_word(y, value_of(y, "c"), "c", words, 3, &w),
	    0);
	ck_assert_uint_eq(w, 1);
	ck_assert_int_eq(sab_yaml_word(y, value_of(y, "b"), "b", words, 3, &w),
	    -1);
	ck_assert_str_eq(err, "t.yaml:2:4: b: expected gold, path or none, "
	    "found \"maybe\"");
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "d"), "d", 0, 9, &s,
	    &len), -1);
	ck_assert_str_eq(err, "t.yaml:4:4: d: contains a NUL byte");
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "e"), "e", 1, 5, &s,
	    &len), -1);
	ck_assert_str_eq(err, "t.yaml:5:4: e: too long (at most 5 "
	    "characters)");
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "e"), "e", 1, 6, &s,
	    &len), 0);
	ck_assert_str_eq(s, "abcdef");
	ck_assert_uint_eq(len, 6);
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "f"), "f", 1, 5, &s,
	    &len), -1);
	ck_assert_str_eq(err, "t.yaml:6:4: f: expected text, found nothing");
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "f"), "f", 0, 5, &s,
	    &len), 0);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(sab_yaml_text(y, value_of(y, "g"), "g", 0, 5, &s,
	    &len), -1);
	ck_assert_str_eq(err, "t.yaml:7:4: g: expected text, found a mapping");
	sab_yaml_free(y);
}
END_TEST

START_TEST(fields_refuse_unknown_repeated_and_missing_keys)
{
	sab_yaml_field f[] = { SAB_YAML_FIELD("min"), SAB_YAML_FIELD("max"),
	    SAB_YAML_FIELD("step") };
	sab_yaml *y = load("good: {max: 3, min: 1}\nunknown: {min: 1, mx: 2}\n"
	    "twice: {min: 1,\n  min: 2}\nkey: {[a]: 1}\nlist: [1]\n");

	ck_assert_int_eq(sab_yaml_fields(y, value_of(y, "good"), "good", f, 3),
	    0);
	ck_assert_int_eq(sab_yaml_at(f[0].val).column, 21);
	ck_assert_int_eq(f[0].at.column, 16);
	ck_assert_int_eq(f[1].at.column, 8);
	ck_assert_ptr_null(f[2].val);
	ck_assert_int_eq(f[2].at.line, 0);
	ck_assert_int_eq(sab_yaml_need_field(y, value_of(y, "good"), "good",
	    &f[0]), 0);
	ck_assert_int_eq(sab_yaml_need_field(y, value_of(y, "good"), "good",
	    &f[2]), -1);
	ck_assert_str_eq(err, "t.yaml:1:7: good: missing key \"step\"");
	ck_assert_int_eq(sab_yaml_fields(y, value_of(y, "unknown"), "unknown",
	    f, 3), -1);
	ck_assert_str_eq(err, "t.yaml:2:19: unknown: unknown key \"mx\" "
	    "(expected min, max or step)");
	ck_assert_int_eq(sab_yaml_fields(y, value_of(y, "twice"), "twice", f,
	    3), -1);
	ck_assert_str_eq(err, "t.yaml:4:3: twice: key \"min\" given twice "
	    "(first on line 3)");
	ck_assert_int_eq(sab_yaml_fields(y, value_of(y, "key"), "key", f, 3),
	    -1);
	ck_assert_str_eq(err, "t.yaml:5:7: key: expected a key, found a list");
	ck_assert_int_eq(sab_yaml_fields(y, value_of(y, "list"), "list", f, 3),
	    -1);
	ck_assert_str_eq(err, "t.yaml:6:7: list: expected a mapping, found a "
	    "list");
	ck_assert_int_eq(sab_yaml_unique_keys(y, value_of(y, "good"), "good"),
	    0);
	ck_assert_int_eq(sab_yaml_unique_keys(y, value_of(y, "twice"),
	    "twice"), -1);
	ck_assert_str_eq(err, "t.yaml:4:3: twice: key \"min\" given twice "
	    "(first on line 3)");
	sab_yaml_free(y);
}
END_TEST

START_TEST(key_paths_are_checked)
{
	static const sab_yaml_mark at = { 2, 5 };
	char out[SAB_YAML_PLACE], sub[SAB_YAML_PLACE];
	char big[SAB_YAML_PLACE + 8];
	sab_yaml *y = load("a: 1\n");

	ck_assert_int_eq(sab_yaml_path_key(y, at, out, "", "deck"), 0);
	ck_assert_str_eq(out, "deck");
	ck_assert_int_eq(sab_yaml_path_index(y, at, sub, out, 12), 0);
	ck_assert_str_eq(sub, "deck[12]");
	ck_assert_int_eq(sab_yaml_path_key(y, at, out, sub, "edges"), 0);
	ck_assert_str_eq(out, "deck[12].edges");
	memset(big, 'k', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ck_assert_int_eq(sab_yaml_path_key(y, at, out, "deck", big), -1);
	ck_assert_str_eq(err, "t.yaml:2:5: deck: key path too long");
	sab_yaml_free(y);
}
END_TEST

Suite *yamlread_suite(void)
{
	Suite *s = suite_create("yamlread");
	TCase *tc = tcase_create("reader");

	tcase_add_test(tc, marks_count_lines_and_characters_from_1);
	tcase_add_test(tc, an_empty_text_has_no_root);
	tcase_add_test(tc, bad_text_is_named_where_it_is);
	tcase_add_test(tc, messages_are_cut_and_terminated);
	tcase_add_test(tc, numbers_are_digits_in_a_range);
	tcase_add_test(tc, words_booleans_and_text);
	tcase_add_test(tc, fields_refuse_unknown_repeated_and_missing_keys);
	tcase_add_test(tc, key_paths_are_checked);
	suite_add_tcase(s, tc);
	return s;
}
