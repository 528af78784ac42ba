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

const char *sab_event_name(uint8_t type)
{
	const sab_event_def *d = sab_event_def_of(type);

	return d != NULL ? d->name : "?";
}
