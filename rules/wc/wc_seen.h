/* wc_seen.h: what a perspective knows of the World Championship's
 * reactions (rules/seen.h pulls it into sab_seen). */
#ifndef SAB_WC_SEEN_H
#define SAB_WC_SEEN_H

/* A card played and waiting for a veto (SAB_NO_CARD: none), of seat
 * pending_seat. */
#define SAB_SEEN_FIELDS_wc \
	uint8_t pending; \
	uint8_t pending_seat;
#define SAB_SEEN_START_wc(s) \
	((s)->pending = SAB_NO_CARD, (s)->pending_seat = SAB_NO_SEAT)
#define SAB_SEEN_ROUND_wc(s) ((s)->pending = SAB_NO_CARD)

#endif
