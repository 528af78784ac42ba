/* chests_seen.h: what a perspective knows of Treasure Chests (rules/seen.h
 * pulls it into sab_seen). */
#ifndef SAB_CHESTS_SEEN_H
#define SAB_CHESTS_SEEN_H

/* The take to come is a chest's (keep-one, trove), from the discard
 * pile. */
#define SAB_SEEN_FIELDS_chests \
	uint8_t chest_take;
#define SAB_SEEN_START_chests(s) ((void)(s))
#define SAB_SEEN_ROUND_chests(s) ((s)->chest_take = 0)

#endif
