#!/bin/sh
# install.sh: installs into a staging folder (DESTDIR) and checks that every
# file lands, that the installed program runs, and that a C program builds
# against the installed header and library and plays a game with them.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM
pass=0
fail=0

ok() {
	if "$@" >/dev/null 2>&1; then pass=$((pass + 1)); else echo "FAIL: $*"; fail=$((fail + 1)); fi
}

make -s -C "$top" install DESTDIR="$stage" PREFIX=/opt/sab >/dev/null || {
	echo "FAIL: make install"; exit 1; }
p=$stage/opt/sab
ok test -x "$p/bin/saboteur"
ok test -f "$p/lib/libsaboteur-rules.a"
ok test -f "$p/include/saboteur/saboteur.h"
ok test ! -f "$p/include/saboteur/builtin.h"
ok test ! -f "$p/include/saboteur/say.h"
for r in base classic course; do ok test -f "$p/share/saboteur/rules/$r.yaml"; done
ok test -f "$p/share/man/man1/saboteur.1"
ok test -f "$p/share/man/man5/saboteur-rules.5"
ok "$p/bin/saboteur" rules --ruleset "$p/share/saboteur/rules/classic.yaml"

cat >"$stage/bot.c" <<'CEOF'
#include <stdio.h>
#include "saboteur.h"
int main(void)
{
	static sab_ruleset rs;
	static sab_game g;
	static sab_move moves[SAB_MAX_MOVES];
	sab_rng rng;
	char why[256];

	if (sab_ruleset_load_builtin(&rs, "base", why, sizeof why) != 0)
		return 1;
	sab_rng_seed(&rng, 42);
	if (sab_game_new(&g, &rs, 5, 0, &rng, NULL, why, sizeof why) != 0)
		return 1;
	while (!sab_game_over(&g)) {
		int n = sab_game_moves(&g, moves);
		sab_game_apply(&g, &moves[n - 1], &rng, NULL);
	}
	printf("winners %u\n", g.winners);
	return 0;
}
CEOF
ok ${CC:-cc} -std=c11 -I"$p/include/saboteur" -o "$stage/bot" "$stage/bot.c" \
    "$p/lib/libsaboteur-rules.a" $(pkg-config --libs yaml-0.1 zlib)
ok "$stage/bot"
make -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/opt/sab >/dev/null
ok test ! -e "$p/bin/saboteur"
ok test ! -e "$p/share/man/man5/saboteur-rules.5"

echo "install: $pass passed, $fail failed"
[ "$fail" = 0 ]
