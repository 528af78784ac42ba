/* event.c: what each seat may see of an event, and event names. */
#include <string.h>

#include "event.h"

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

static const char *const event_names[SAB_EV_TYPES] = {
	[SAB_EV_GAME_START] = "game-start",
	[SAB_EV_ROUND_START] = "round-start",
	[SAB_EV_ROLE] = "role",
	[SAB_EV_DRAW] = "draw",
	[SAB_EV_PATH] = "path",
	[SAB_EV_SABOTAGE] = "sabotage",
	[SAB_EV_REPAIR] = "repair",
	[SAB_EV_ROCKFALL] = "rockfall",
	[SAB_EV_MAP] = "map",
	[SAB_EV_PEEK] = "peek",
	[SAB_EV_PASS] = "pass",
	[SAB_EV_REVEAL] = "reveal",
	[SAB_EV_ROUND_END] = "round-end",
	[SAB_EV_ROLE_REVEAL] = "role-reveal",
	[SAB_EV_GOLD_OFFER] = "gold-offer",
	[SAB_EV_GOLD] = "gold",
	[SAB_EV_GAME_END] = "game-end",
	[SAB_EV_PLAY] = "play",
	[SAB_EV_REMOVE] = "remove",
	[SAB_EV_INSPECT] = "inspect",
	[SAB_EV_HAND] = "hand",
	[SAB_EV_STEAL] = "steal",
	[SAB_EV_CHOICES] = "choices",
	[SAB_EV_PENDING] = "pending",
	[SAB_EV_REACT] = "react",
	[SAB_EV_VETO] = "veto",
	[SAB_EV_TROVE] = "trove",
	[SAB_EV_TAKE] = "take",
	[SAB_EV_LAID] = "laid",
	[SAB_EV_DWARF] = "dwarf",
	[SAB_EV_TOLL] = "toll",
	[SAB_EV_POSTCARD] = "postcard",
	[SAB_EV_ORDER] = "order",
	[SAB_EV_PAID] = "paid",
	[SAB_EV_CHEST] = "chest",
	[SAB_EV_OPEN] = "open",
	[SAB_EV_MILL] = "mill",
	[SAB_EV_CHEST_ASK] = "chest-ask",
	[SAB_EV_GRAB] = "grab",
};

const char *sab_event_name(uint8_t type)
{
	return type < SAB_EV_TYPES ? event_names[type] : "?";
}
