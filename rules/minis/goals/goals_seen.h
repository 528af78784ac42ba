/* goals_seen.h: what a perspective knows of New Goals' choices (rules/seen.h
 * pulls it into sab_seen). */
#ifndef SAB_GOALS_SEEN_H
#define SAB_GOALS_SEEN_H

/* The goals to_act chooses among (SAB_PHASE_ORDER), until a goal turns
 * face up. */
#define SAB_SEEN_FIELDS_goals \
	uint8_t goal_choices;
#define SAB_SEEN_START_goals(s) ((void)(s))
#define SAB_SEEN_ROUND_goals(s) ((void)(s))

#endif
