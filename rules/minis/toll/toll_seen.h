/* toll_seen.h: what a perspective knows of Tunnel Toll's dwarves
 * (rules/seen.h pulls it into sab_seen). */
#ifndef SAB_TOLL_SEEN_H
#define SAB_TOLL_SEEN_H

/* The cell each dwarf stands on (SAB_NO_CELL: none), and the seat that
 * put it there; none at a round's start. */
#define SAB_SEEN_FIELDS_toll \
	uint16_t toll_cell[SAB_MAX_TOLL_DWARVES]; \
	uint8_t toll_owner[SAB_MAX_TOLL_DWARVES];
#define SAB_SEEN_ROUND_toll(s) \
	do { \
		for (int d_ = 0; d_ < SAB_MAX_TOLL_DWARVES; d_++) { \
			(s)->toll_cell[d_] = SAB_NO_CELL; \
			(s)->toll_owner[d_] = SAB_NO_SEAT; \
		} \
	} while (0)
#define SAB_SEEN_START_toll(s) SAB_SEEN_ROUND_toll(s)

#endif
