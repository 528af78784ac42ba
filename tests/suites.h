/* suites.h: the Check suites, one per module of rules/, protocol/ and the
 * referee's testable parts. */
#ifndef SAB_SUITES_H
#define SAB_SUITES_H

#include <check.h>

Suite *rng_suite(void);
Suite *say_suite(void);
Suite *ruleset_suite(void);
Suite *board_suite(void);
Suite *game_suite(void);
Suite *scoring_suite(void);
Suite *course_suite(void);
Suite *props_suite(void);
Suite *proc_suite(void);
Suite *protocol_suite(void);
Suite *split_suite(void);
Suite *replay_suite(void);
Suite *tconfig_suite(void);
Suite *schedule_suite(void);
Suite *journal_suite(void);
Suite *standings_suite(void);
Suite *stats_suite(void);
Suite *view_suite(void);
Suite *reader_suite(void);
Suite *audit_suite(void);
Suite *bot_suite(void);
Suite *yamlread_suite(void);
Suite *seen_suite(void);
Suite *session_suite(void);
Suite *sab2_suite(void);
Suite *sab2_cards_suite(void);
Suite *sab2_props_suite(void);
Suite *wc_suite(void);
Suite *wc_props_suite(void);
Suite *wc_variants_suite(void);
Suite *minis_suite(void);
Suite *page_suite(void);
Suite *goals_suite(void);
Suite *chests_suite(void);

/* The folder of the test fixtures (tests/fixtures unless SAB_FIXTURES says). */
const char *fixtures_dir(void);

#endif
