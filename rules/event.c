/* event.c: what each seat may see of an event, and the table of event
 * types and move kinds. */
#include <string.h>

#include "event_def.h"

int sab_event_view(const sab_event *e, int seat, sab_event *out)
{
	int own = seat >= 0 && seat == e->seat;

	if (e->vis == SAB_VIS_SEAT && !own)
		return 0;
	*out = *e;
	if (e->vis == SAB_VIS_HIDDEN && !own) {
		out->card = SAB_NO_CARD;
		out->value = 0;
		if (e->n > 1)
			for (int i = 0; i < SAB_MAX_PLAYERS; i++)
				out->vals[i] = SAB_NO_CARD;
	}
	return 1;
}

/* Every event type's row, found through the module list: the row of type
 * NAME is sab_event_def_NAME, in its owner's folder. */
const sab_event_def *const sab_event_defs[SAB_EV_TYPES] = {
#define SAB_EVENT(name, owner) &sab_event_def_##name,
#include "modules.def"
};

const sab_move_def *const sab_move_defs[SAB_MOVE_KINDS] = {
#define SAB_MOVE(name, owner) &sab_move_def_##name,
#include "modules.def"
};

const sab_phase_def *const sab_phase_defs[SAB_PHASES] = {
#define SAB_PHASE(name, owner) &sab_phase_def_##name,
#include "modules.def"
};

/* The modules' perspective rows, through rules/seen.h's list. */
const sab_seen_def *const sab_seen_defs[] = {
#define SAB_SEEN_DEF(name) &sab_seen_def_##name,
	SAB_SEEN_MODULES(SAB_SEEN_DEF)
#undef SAB_SEEN_DEF
};
const int sab_nseen_defs = (int)(sizeof sab_seen_defs /
    sizeof sab_seen_defs[0]);

int sab_seen_marks(const sab_seen *s, sab_mark *out)
{
	int n = 0;

	for (int i = 0; i < sab_nseen_defs; i++) {
		sab_mark m[SAB_MAX_MARKS];
		int k;

		if (sab_seen_defs[i]->marks == NULL)
			continue;
		k = sab_seen_defs[i]->marks(s, m);
		for (int j = 0; j < k && n < SAB_MAX_MARKS; j++)
			out[n++] = m[j];
	}
	return n;
}

const sab_mark *sab_seen_mark_at(const sab_mark *marks, int n,
    uint16_t idx)
{
	for (int i = 0; i < n; i++)
		if (marks[i].cell == idx)
			return &marks[i];
	return NULL;
}

const char *sab_event_name(uint8_t type)
{
	const sab_event_def *d = sab_event_def_of(type);

	return d != NULL ? d->name : "?";
}
