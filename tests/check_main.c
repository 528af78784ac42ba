/* check_main.c: runs every Check suite of the rules library. */
#include <stdlib.h>

#include "suites.h"

const char *fixtures_dir(void)
{
	const char *d = getenv("SAB_FIXTURES");

	return d ? d : "tests/fixtures";
}

int main(void)
{
	SRunner *sr;
	int failed;

	/* Check's time limits (4 s a test unless a suite sets its own) only
	 * catch a test that hangs; a busy machine or the sanitizers must not
	 * trip them.  Ten times longer, unless the caller chose; read when the
	 * suites below are made. */
	if (getenv("CK_DEFAULT_TIMEOUT") == NULL &&
	    getenv("CK_TIMEOUT_MULTIPLIER") == NULL &&
	    setenv("CK_TIMEOUT_MULTIPLIER", "10", 1) != 0)
		return EXIT_FAILURE;
	sr = srunner_create(rng_suite());

	srunner_add_suite(sr, say_suite());
	srunner_add_suite(sr, ruleset_suite());
	srunner_add_suite(sr, board_suite());
	srunner_add_suite(sr, game_suite());
	srunner_add_suite(sr, scoring_suite());
	srunner_add_suite(sr, course_suite());
	srunner_add_suite(sr, props_suite());
	srunner_add_suite(sr, proc_suite());
	srunner_add_suite(sr, protocol_suite());
	srunner_add_suite(sr, split_suite());
	srunner_add_suite(sr, replay_suite());
	srunner_add_suite(sr, tconfig_suite());
	srunner_add_suite(sr, schedule_suite());
	srunner_add_suite(sr, journal_suite());
	srunner_add_suite(sr, standings_suite());
	srunner_add_suite(sr, stats_suite());
	srunner_add_suite(sr, view_suite());
	srunner_add_suite(sr, reader_suite());
	srunner_add_suite(sr, audit_suite());
	srunner_add_suite(sr, bot_suite());
	srunner_add_suite(sr, yamlread_suite());
	srunner_add_suite(sr, seen_suite());
	srunner_add_suite(sr, session_suite());
	srunner_add_suite(sr, sab2_suite());
	srunner_add_suite(sr, sab2_cards_suite());
	srunner_add_suite(sr, sab2_props_suite());
	srunner_add_suite(sr, wc_suite());
	srunner_add_suite(sr, wc_props_suite());
	srunner_add_suite(sr, wc_variants_suite());
	srunner_add_suite(sr, minis_suite());
	srunner_add_suite(sr, page_suite());
	srunner_add_suite(sr, goals_suite());
	srunner_add_suite(sr, chests_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
