/* cmd_rules.c: "saboteur rules" prints a ruleset for people to read. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "protocol.h"
#include "replay.h"
#include "rskey.h"

/* The dwarf cards a module deals its roles from (Saboteur 2's fifteen),
 * by role; they do not depend on the player count. */
static void print_role_cards(const sab_module *m)
{
	int total = 0;

	for (int r = 1; r < m->nroles; r++)
		total += m->role_cards[r];
	printf("\nroles: %d dwarf cards (module %s), shuffled each round and "
	    "one dealt to each player:\n", total, m->name);
	printf("  %-12s %-20s %s\n", "role", "title", "cards");
	for (int r = 1; r < m->nroles; r++)
		printf("  %-12s %-20s %d\n", m->roles[r].name,
		    m->roles[r].title, m->role_cards[r]);
}

/* How the role columns become a table: the dwarf cards are shuffled, one
 * dealt to each player, the rest put aside unseen, so the saboteurs in a
 * game are fewer than their cards some of the time. */
static void explain_role_cards(const sab_ruleset *rs)
{
	int n = rs->min_players <= 5 && rs->max_players >= 5 ? 5 :
	    rs->min_players;
	int sab = rs->saboteurs[n], extra = 0;
	char more[64] = "";
	const uint8_t *col;
	const char *key;

	/* The columns the modules add (module wc's greedy dwarves). */
	for (int i = 0; (col = sab_ruleset_role_column(rs, i, &key)) != NULL;
	    i++) {
		size_t o = strlen(more);

		extra += col[n];
		if (col[n] && o < sizeof more)
			(void)snprintf(more + o, sizeof more - o, " and %d %s",
			    col[n], key);
	}
	int cards = sab + rs->miners[n] + extra, out = cards - n;
	int most = sab < n ? sab : n, least = sab - out > 0 ? sab - out : 0;

	if (!rs->has_roles)
		return;
	if (cards <= n) {
		printf("\n(one dwarf card to each player)\n");
		return;
	}
	printf("\n(the dwarf cards are shuffled and one dealt to each player; "
	    "the %s left over %s put aside unseen. With %d players: %d "
	    "saboteur%s %d miner%s cards, so a game has %d %s %d "
	    "saboteurs.)\n", out == 1 ? "one" : "ones", out == 1 ? "is" : "are",
	    n, sab, extra ? "," : " and", rs->miners[n], more, least,
	    most - least == 1 ? "or" : "to", most);
}

/* The columns the modules add to the dwarf table that rs deals for some
 * player count, into cols and keys (room for 4); returns how many. */
static int dealt_columns(const sab_ruleset *rs, const uint8_t **cols,
    const char **keys)
{
	const uint8_t *col;
	const char *key;
	int k = 0;

	for (int i = 0; k < 4 && (col = sab_ruleset_role_column(rs, i,
	    &key)) != NULL; i++)
		for (int n = rs->min_players; n <= rs->max_players; n++)
			if (col[n]) {
				cols[k] = col;
				keys[k++] = key;
				break;
			}
	return k;
}

static void print_players(const sab_ruleset *rs)
{
	const sab_module *m = sab_module_at(rs->roles_module);

	printf("players: %d to %d; rounds: %d\n", rs->min_players,
	    rs->max_players, rs->rounds);
	if (rs->roles_module != 0 && m != NULL && m->role_cards != NULL) {
		printf("\n%-8s %s\n", "players", "hand");
		for (int n = rs->min_players; n <= rs->max_players; n++)
			printf("%-8d %d\n", n, rs->hand_size[n]);
		print_role_cards(m);
		return;
	}
	const uint8_t *cols[4];
	const char *keys[4];
	int ncols = dealt_columns(rs, cols, keys);

	/* The modules' columns (module wc's greedy dwarves): only when
	 * dealt. */
	if (ncols > 0) {
		printf("\n%-8s %-10s %-7s", "players", "saboteurs", "miners");
		for (int k = 0; k < ncols; k++)
			printf(" %-7s", keys[k]);
		printf(" %s\n", "hand");
		for (int n = rs->min_players; n <= rs->max_players; n++) {
			printf("%-8d %-10d %-7d", n, rs->saboteurs[n],
			    rs->miners[n]);
			for (int k = 0; k < ncols; k++)
				printf(" %-7d", cols[k][n]);
			printf(" %d\n", rs->hand_size[n]);
		}
		explain_role_cards(rs);
		return;
	}
	printf("\n%-8s %-10s %-7s %s\n", "players", "saboteurs", "miners",
	    "hand");
	for (int n = rs->min_players; n <= rs->max_players; n++) {
		if (rs->has_roles)
			printf("%-8d %-10d %-7d %d\n", n, rs->saboteurs[n],
			    rs->miners[n], rs->hand_size[n]);
		else
			printf("%-8d %-10s %-7s %d\n", n, "-", "-",
			    rs->hand_size[n]);
	}
	explain_role_cards(rs);
}

static void print_board(const sab_ruleset *rs)
{
	printf("\nboard: ");
	if (rs->bounded)
		printf("%d x %d cells, x %d..%d, y %d..%d (y grows south)\n",
		    rs->max_x - rs->min_x + 1, rs->max_y - rs->min_y + 1,
		    rs->min_x, rs->max_x, rs->min_y, rs->max_y);
	else
		printf("unbounded (y grows south)\n");
	printf("start: (%d,%d); goals:", rs->start_x, rs->start_y);
	for (int g = 0; g < rs->ngoals; g++)
		printf(" (%d,%d)", rs->goal_x[g], rs->goal_y[g]);
	printf("\n");
}

/* One card: its token (the word bots see), its name in the ruleset, its
 * kind, how many the deck holds, and what its token shows of a path. */
static void print_card(const sab_ruleset *rs, const sab_card *c,
    const char *tok, int wtok, int wname, int wkind)
{
	char e[5], more[256];
	const sab_kind *k = sab_kind_of(c->type);
	int laid = k != NULL && k->laid;
	int path = c->type == SAB_CARD_PATH || c->type == SAB_CARD_START ||
	    c->type == SAB_CARD_GOAL;

	printf("  %-*s  %-*s  %-*s", wtok, tok, wname, c->name, wkind,
	    sab_card_type_name(c->type));
	if (c->type != SAB_CARD_START && c->type != SAB_CARD_GOAL && !laid)
		printf(" %5d", c->count);
	else
		printf(" %5s", "-");
	if (path && c->groups[0] == 0)
		printf("  dead end");
	else if (path && c->groups[1])
		printf("  two tunnels: %s", sab_edges_format(c->groups[0], e));
	else if (path && (c->groups[0] | c->groups[1]) != c->edges)
		printf("  stubs: %s", sab_edges_format((uint8_t)(c->edges &
		    ~c->groups[0]), e));
	/* What the modules' rows show of it (Saboteur 2's marks, a New
	 * Goals card's effect); a few words: a cut one is still printed. */
	if (sab_ruleset_describe_card(rs, c, more, sizeof more) > 0)
		fputs(more, stdout);
	printf("\n");
}

/* What the modules' rows (rules/rskey.h) say at `at`, each card called by
 * its token. */
static void print_rows(const sab_ruleset *rs, const proto_cards *pc, int at)
{
	const char *tok[SAB_MAX_DEFS];
	char buf[4096];
	int n;

	for (int i = 0; i < rs->ndefs; i++)
		tok[i] = pc->tok[i];
	n = sab_ruleset_describe_at(rs, at, tok, buf, sizeof buf);
	/* Each row says a few lines: a cut one is still printed. */
	if (n > 0)
		fputs(buf, stdout);
}

/* Lists the cards by token and by name; returns -1 (after listing them)
 * when two cards have the same token, as play would refuse the ruleset. */
static int print_cards(const sab_ruleset *rs, char *err, size_t errlen)
{
	static proto_cards pc;
	int npath = 0, naction = 0, wtok = 5, wname = 4, wkind = 8, rc = 0;

	if (proto_cards_init(&pc, rs, err, errlen) != 0) {
		rc = -1;
		for (int i = 0; i < rs->ndefs; i++)
			(void)proto_card_token(&rs->defs[i], pc.tok[i],
			    sizeof pc.tok[i]);      /* always fits */
	}
	for (int i = 0; i < rs->ndefs; i++) {
		int lt = (int)strlen(pc.tok[i]), ln = (int)strlen(rs->defs[i].name);
		int lk = (int)strlen(sab_card_type_name(rs->defs[i].type));
		wtok = lt > wtok ? lt : wtok;
		wname = ln > wname ? ln : wname;
		wkind = lk > wkind ? lk : wkind;
	}
	printf("\ncards (token: the card's word in the bot protocol, "
	    "saboteur-protocol(7)):\n");
	printf("  %-*s  %-*s  %-*s %5s\n", wtok, "token", wname, "name",
	    wkind, "kind", "count");
	for (int i = 0; i < rs->ndefs; i++) {
		const sab_card *c = &rs->defs[i];
		print_card(rs, c, pc.tok[i], wtok, wname, wkind);
		if (c->type == SAB_CARD_PATH && !c->chest)
			npath += c->count;
		else if (c->type != SAB_CARD_START &&
		    c->type != SAB_CARD_GOAL && !c->chest &&
		    !sab_kind_of(c->type)->laid)
			naction += c->count;
	}
	printf("deck: %d path + %d action = %d cards; plus the start and %d "
	    "goal cards\n", npath, naction, rs->deck_size, rs->ngoal_cards);
	print_rows(rs, &pc, SAB_RS_AT_BOARD);
	print_rows(rs, &pc, SAB_RS_AT_GOALS);
	print_rows(rs, &pc, SAB_RS_AT_CARDS);
	print_rows(rs, &pc, SAB_RS_AT_END);
	return rc;
}

static void print_gold(const sab_ruleset *rs)
{
	int count[SAB_MAX_GOLD_VALUE + 1] = { 0 };

	if (rs->ngold == 0 && rs->roles_module != 0) {
		printf("\ngold: in pieces, as module %s pays its roles\n",
		    sab_module_at(rs->roles_module)->name);
		return;
	}
	if (rs->pieces) {
		printf("\ngold: in pieces (tournament): %d to the miner who "
		    "reached the gold, %d to each other miner; %d to a "
		    "greedy dwarf who wins alone\nsaboteurs' pay each, by how "
		    "many there are:", rs->pieces_finder, rs->pieces_miner,
		    rs->pieces_greedy);
		for (int n = 1; n <= SAB_MAX_PLAYERS; n++)
			if (rs->pieces_saboteur[n])
				printf("%s%d: %d", n == 1 ? " " : ", ", n,
				    rs->pieces_saboteur[n]);
		printf("\n");
		return;
	}
	if (rs->ngold == 0)
		return;
	for (int i = 0; i < rs->ngold; i++)
		count[rs->gold_cards[i]]++;
	const char *sep = " ";

	printf("\ngold cards:");
	/* Value 0: the old mine's worthless stones. */
	for (int v = 0; v <= SAB_MAX_GOLD_VALUE; v++) {
		if (count[v]) {
			printf("%s%d worth %d", sep, count[v], v);
			sep = ", ";
		}
	}
	printf("; drawn when the miners win: one per %s",
	    rs->gold_drawn == SAB_GOLD_PER_PLAYER ? "player" : "gold miner");
	if (rs->gold_drawn_max)
		printf(" (at most %d)", rs->gold_drawn_max);
	printf("\nsaboteurs' pay each, by how many there are:");
	sep = " ";
	for (int n = 1; n <= SAB_MAX_PLAYERS; n++) {
		if (rs->saboteur_pay[n]) {
			printf("%s%d: %d", sep, n, rs->saboteur_pay[n]);
			sep = ", ";
		}
	}
	printf("\n");
}

static void print_options(const sab_ruleset *rs)
{
	printf("\noptions:\n");
	printf("  placement: %s\n", rs->placement == SAB_PLACE_CONNECTED ?
	    "connected (a new card joins the start through open tunnels)" :
	    "touching (a new card shares an open edge with a neighbour)");
	printf("  sabotage_self: %s\n", rs->sabotage_self ? "true" : "false");
	printf("  sabotage_stacks: %s\n", rs->sabotage_stacks ? "true" : "false");
	printf("  repair_self_only: %s\n", rs->repair_self_only ? "true" : "false");
	printf("  sabotaged_dwarf: %s\n", rs->sabotaged_dwarf ? "true" : "false");
	printf("  scoring: %s\n", rs->scoring == SAB_SCORE_GOLD ?
	    "gold (most gold after the last round wins; ties share)" :
	    "path (who completes the path to the gold wins; else a draw)");
	/* Saboteur 2's turn options, shown where a ruleset has them. */
	if (rs->remove_front)
		printf("  remove_front: true (discard 2 cards to take one away "
		    "from in front of you)\n");
	if (rs->pass_max > 1)
		printf("  pass_max: %d (a pass discards 1 to %d cards)\n",
		    rs->pass_max, rs->pass_max);
	if (rs->set_aside)
		printf("  set_aside: %d (cards put aside each round)\n",
		    rs->set_aside);
}

/* The modules a ruleset plays, by name: "base, wc". */
static void print_modules(const sab_ruleset *rs)
{
	for (int i = 0; i < rs->nmodules; i++)
		printf("%s%s", i ? ", " : "",
		    sab_module_at(rs->modules[i])->name);
}

/* Every built-in ruleset with its modules, then every module the program
 * knows, with those still to come marked. */
static int print_list(void)
{
	char err[512];
	const char *name;
	const sab_module *m;
	sab_ruleset rs;
	int bad = 0;

	/* The widest built-in name sets the first column (the module
	 * names are narrower). */
	int wide = 10, mods = 24;
	for (int i = 0; (name = sab_ruleset_builtin_name(i)) != NULL; i++) {
		int w = -2;
		if ((int)strlen(name) + 1 > wide)
			wide = (int)strlen(name) + 1;
		/* The longest list of modules sets the second. */
		if (sab_ruleset_load_builtin(&rs, name, err, sizeof err) < 0)
			continue;
		for (int k = 0; k < rs.nmodules; k++)
			w += 2 + (int)strlen(sab_module_at(rs.modules[k])->name);
		mods = w + 1 > mods ? w + 1 : mods;
	}
	printf("%-*s %-*s %s\n", wide, "ruleset", mods, "modules", "title");
	for (int i = 0; (name = sab_ruleset_builtin_name(i)) != NULL; i++) {
		if (sab_ruleset_load_builtin(&rs, name, err, sizeof err) < 0) {
			fprintf(stderr, "saboteur rules: %s\n", err);
			bad = 1;
			continue;
		}
		printf("%-*s ", wide, rs.name);
		int w = 0;
		for (int k = 0; k < rs.nmodules; k++)
			w += printf("%s%s", k ? ", " : "",
			    sab_module_at(rs.modules[k])->name);
		printf("%*s %s\n", w < mods ? mods - w : 0, "", rs.title);
	}
	printf("\n%-*s %s\n", wide, "module", "what it brings");
	for (int i = 0; (m = sab_module_at(i)) != NULL; i++)
		printf("%-*s %s%s\n", wide, m->name, m->title,
		    m->ready ? "" : " (not playable yet)");
	return bad ? EXIT_INTERNAL : EXIT_OK;
}

enum { O_RULESET, O_LIST, O_HASH, O_COUNT };

static const opt rules_opts[] = {
	[O_RULESET] = { .name = "ruleset", .arg = "NAME|FILE", .help = "the "
	    "ruleset to print (default base)" },
	[O_LIST] = { .name = "list", .help = "list the built-in rulesets "
	    "with their modules, and every module" },
	[O_HASH] = { .name = "hash", .help = "print only the ruleset's "
	    "hash, as replays record it, to compare builds" },
	[O_COUNT] = { .name = NULL }
};

static int cmd_rules(int argc, char **argv);

const cli_command cli_rules = { .name = "rules", .run = cmd_rules,
	.summary = "print a ruleset: cards with counts, roles, layout",
	.operands = "", .opts = rules_opts };

static int cmd_rules(int argc, char **argv)
{
	opt opts[sizeof rules_opts / sizeof rules_opts[0]];
	char *pos[1], err[512];
	sab_ruleset rs;

	CLI_OPTS_COPY(opts, rules_opts);
	if (cli_parse("rules", argc, argv, opts, pos, 0) < 0)
		return EXIT_USAGE;
	if (opts[O_LIST].value != NULL)
		return print_list();
	if (cli_load_ruleset(opts[O_RULESET].value ? opts[O_RULESET].value :
	    "base", &rs, err,
	    sizeof err) < 0) {
		fprintf(stderr, "saboteur rules: %s\n", err);
		return EXIT_CONFIG;
	}
	if (opts[O_HASH].value != NULL) {
		printf("%s %016llx\n", rs.name,
		    (unsigned long long)replay_ruleset_hash(&rs));
		return EXIT_OK;
	}
	printf("ruleset %s: %s\n", rs.name, rs.title);
	if (!sab_modules_default(&rs)) {
		printf("modules: ");
		print_modules(&rs);
		printf("\n");
	}
	print_players(&rs);
	print_board(&rs);
	int bad = print_cards(&rs, err, sizeof err);
	print_gold(&rs);
	print_options(&rs);
	if (bad) {
		/* Listed all the same, so that the two cards can be found. */
		fflush(stdout);
		fprintf(stderr, "saboteur rules: %s\n", err);
		return EXIT_CONFIG;
	}
	return EXIT_OK;
}
