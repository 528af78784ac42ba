#!/bin/sh
# install.sh: installs into a staging folder (DESTDIR) and checks that every
# file lands, that the installed program runs, that a C program builds
# against the installed header and library and plays a game with them, and
# that bots in Python and JavaScript use the installed helper packages from
# another folder.
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
ok test ! -f "$p/include/saboteur/yamlread.h"
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
# The bot helpers: installed as packages, a bot of one's own imports them
# from any folder, with no path of the source tree.
for f in python/pyproject.toml python/build_backend/saboteur_build.py \
    python/saboteur_bot/__init__.py js/package.json js/saboteur_bot.js; do
	ok test -f "$p/share/saboteur/$f"
done
mkdir -p "$stage/mybot" "$stage/elsewhere"
cat >"$stage/mybot/bot.py" <<'PYEOF'
import sys
from saboteur_bot import Bot, Move

class Last(Bot):
    def choose(self):
        assert isinstance(self.moves()[0], Move)
        return self.legal[-1]

sys.exit(Last("installed-py").run())
PYEOF
cat >"$stage/mybot/bot.js" <<'JSEOF'
const { Bot, parseMove } = require("saboteur-bot");
class Last extends Bot {
  choose() { return parseMove(this.legal[this.legal.length - 1]).line; }
}
new Last("installed-js").run();
JSEOF
transcript=$top/tests/fixtures/transcripts/base-3p-seat1.txt
# Not yet installed, the import fails (so the checks below can fail).
(cd "$stage/elsewhere" && ! python3 "$top/examples/check_bot.py" \
    "python3 $stage/mybot/bot.py" "$transcript" >/dev/null 2>&1) ||
	{ echo "FAIL: bot.py ran without the helper installed"; fail=$((fail + 1)); }
# pip builds the package with its own backend: offline, nothing fetched;
# no bytecode, so the installed tree stays as it was.
ok env PYTHONDONTWRITEBYTECODE=1 python3 -m pip install --quiet --no-index \
    --disable-pip-version-check --target "$stage/pylib" "$p/share/saboteur/python"
ok test -f "$stage/pylib/saboteur_bot/__init__.py"
ok test ! -e "$p/share/saboteur/python/build_backend/__pycache__"
(cd "$stage/elsewhere" && PYTHONPATH=$stage/pylib python3 \
    "$top/examples/check_bot.py" "python3 $stage/mybot/bot.py" "$transcript" \
    >/dev/null 2>&1) && pass=$((pass + 1)) ||
	{ echo "FAIL: a bot importing the pip-installed helper"; fail=$((fail + 1)); }
if command -v node >/dev/null 2>&1; then
	# NODE_PATH names a folder holding the package, as npm install
	# PATH/share/saboteur/js would link it into node_modules.
	mkdir -p "$stage/nodelib"
	ln -s "$p/share/saboteur/js" "$stage/nodelib/saboteur-bot"
	(cd "$stage/elsewhere" && NODE_PATH=$stage/nodelib python3 \
	    "$top/examples/check_bot.py" "node $stage/mybot/bot.js" "$transcript" \
	    >/dev/null 2>&1) && pass=$((pass + 1)) ||
		{ echo "FAIL: a bot requiring the installed JS helper"; fail=$((fail + 1)); }
fi

make -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/opt/sab >/dev/null
ok test ! -e "$p/bin/saboteur"
ok test ! -e "$p/share/man/man5/saboteur-rules.5"
ok test ! -e "$p/share/saboteur"

echo "install: $pass passed, $fail failed"
[ "$fail" = 0 ]
