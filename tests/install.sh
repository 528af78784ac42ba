#!/bin/sh
# install.sh: installs into a staging folder (DESTDIR) and checks that every
# file lands, that the installed program runs, that a C program builds
# against the installed header and library and plays a game with them;
# that make install PREFIX=... builds a program that finds the rulesets
# installed under that prefix; and runs the README's two blocks of "Write a
# bot" as written there (a virtual environment, pip and npm, from the tree
# and from the installed copies), after which bots in Python and
# JavaScript use the helper packages from another folder.
#
# The builds use a copy of the checkout's build folder, so that the suites
# running beside this one keep theirs as it is.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/checks.sh"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM

# ok COMMAND...: passes when the command does (its output in $stage/out).
ok() {
	if "$@" >"$stage/out" 2>&1; then pass=$((pass + 1)); else
		echo "FAIL: $*"; sed 's/^/  | /' "$stage/out" | tail -20
		fail=$((fail + 1)); fi
}

# What the program is built from, as built (mtimes kept: only what depends
# on the prefix is built again).
mkdir "$stage/build"
for d in rules protocol replays referee gen examples librules.a saboteur \
    datadir; do
	[ -e "$top/build/$d" ] && cp -Rp "$top/build/$d" "$stage/build/"
done
install_at() {   # install_at PREFIX [DESTDIR]
	make -s -C "$top" install B="$stage/build" PREFIX="$1" \
	    DESTDIR="${2:-}" >"$stage/make.out" 2>&1 ||
	    { echo "FAIL: make install PREFIX=$1"; cat "$stage/make.out"; exit 1; }
}

install_at /opt/sab "$stage"
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
# shellcheck disable=SC2046
ok ${CC:-cc} -std=c11 -I"$p/include/saboteur" -o "$stage/bot" "$stage/bot.c" \
    "$p/lib/libsaboteur-rules.a" $(pkg-config --libs yaml-0.1 zlib)
ok "$stage/bot"
for f in python/pyproject.toml python/build_backend/saboteur_build.py \
    python/saboteur_bot/__init__.py js/package.json js/saboteur_bot.js; do
	ok test -f "$p/share/saboteur/$f"
done

make -s -C "$top" uninstall DESTDIR="$stage" PREFIX=/opt/sab >/dev/null
ok test ! -e "$p/bin/saboteur"
ok test ! -e "$p/share/man/man5/saboteur-rules.5"
ok test ! -e "$p/share/saboteur"

# Another PREFIX, no DESTDIR: the program is built again for it and finds
# a ruleset by name in PREFIX/share/saboteur/rules.
pre=$stage/prefix
install_at "$pre"
sed 's/^name: .*/name: mine/' "$top/rules/classic.yaml" \
    >"$pre/share/saboteur/rules/mine.yaml"
ok "$pre/bin/saboteur" rules --ruleset mine

# ---- the README's blocks, as written ------------------------------------

# readme_block TEXT: the README's ```sh block that holds TEXT.
readme_block() {
	awk -v want="$1" '
	/^```sh$/ { inb = 1; b = ""; next }
	/^```$/ && inb { if (index(b, want)) printf "%s", b; inb = 0; next }
	inb { b = b $0 "\n" }' "$top/README.md"
}
b1=$(readme_block "pip install ./examples/python")
b2=$(readme_block "share/saboteur/python")
[ -n "$b1" ] && [ -n "$b2" ] && ok true ||
    { echo "FAIL: the README's blocks of the helpers are not found"; exit 1; }

# A bot of one's own in each language, in a folder of its own; they run
# from yet another folder.
mkdir -p "$stage/home" "$stage/py" "$stage/js" "$stage/elsewhere"
cat >"$stage/py/bot.py" <<'PYEOF'
import sys
from saboteur_bot import Bot, Move

class Last(Bot):
    def choose(self):
        assert isinstance(self.moves()[0], Move)
        return self.legal[-1]

sys.exit(Last("installed-py").run())
PYEOF
cat >"$stage/js/bot.js" <<'JSEOF'
const { Bot, parseMove } = require("saboteur-bot");
class Last extends Bot {
  choose() { return parseMove(this.legal[this.legal.length - 1]).line; }
}
new Last("installed-js").run();
JSEOF
transcript=$top/tests/fixtures/transcripts/base-3p-seat1.txt

# plays WHAT PATH COMMAND: the bot, run by COMMAND (its python3 and node
# from PATH), plays a recorded transcript legally from another folder.
plays() {
	(cd "$stage/elsewhere" && PATH=$2 python3 "$top/examples/check_bot.py" \
	    "$3" "$transcript") >"$stage/out" 2>&1 && ok || {
		echo "FAIL: $1"; sed 's/^/  | /' "$stage/out"
		fail=$((fail + 1)); }
}
# Before anything is installed they cannot run, so the checks below can
# fail (python3 -I -S: no site-packages, where a helper someone installed
# by hand would be found).
(cd "$stage/elsewhere" && python3 -I -S "$stage/py/bot.py" </dev/null) \
    >/dev/null 2>&1 && no "bot.py ran without the helper installed" || ok
(cd "$stage/elsewhere" && env -u NODE_PATH node "$stage/js/bot.js" </dev/null) \
    >/dev/null 2>&1 && no "bot.js ran without the helper installed" || ok

# run_readme NAME BLOCK: the block's lines, run by one shell as a user
# would type them (from the checkout's folder, with HOME in the stage):
# PATH/TO/ is this checkout, /usr/local the prefix installed below, npm
# runs in the JavaScript bot's folder; a comment ends a line.  Nothing
# is fetched, and no bytecode is written into the tree.
run_readme() {
	printf '%s\n' "$2" | sed 's/[[:space:]]*#[[:space:]].*$//' | grep . |
	    while IFS= read -r line; do
		line=$(printf '%s' "$line" |
		    sed "s|PATH/TO/|$(q "$top")/|g; s|/usr/local/|$(q "$pre")/|g")
		case $line in
		npm\ *) printf '(cd %s && %s)\n' "$(q "$stage/js")" "$line" ;;
		*) printf '%s\n' "$line" ;;
		esac
	    done >"$stage/$1.sh"
	(cd "$top" && HOME=$stage/home PYTHONDONTWRITEBYTECODE=1 \
	    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INDEX=1 \
	    npm_config_update_notifier=false npm_config_audit=false \
	    npm_config_fund=false npm_config_cache="$stage/npm-cache" \
	    sh -e "$stage/$1.sh") >"$stage/$1.out" 2>&1 && ok || {
		echo "FAIL: the README's block, run as $stage/$1.sh:"
		sed 's/^/  | /' "$stage/$1.sh"
		sed 's/^/  > /' "$stage/$1.out" | tail -20
		fail=$((fail + 1))
	}
}

# The first block: a virtual environment, the helpers from the tree.
venv=$stage/home/saboteur-venv
run_readme tree "$b1"
vpath="$venv/bin:$PATH"
plays "a bot importing the helper pip installed from the tree" "$vpath" \
    "python3 $(q "$stage/py/bot.py")"
plays "a bot requiring the helper npm installed from the tree" "$PATH" \
    "node $(q "$stage/js/bot.js")"

# The second block, after make install: a new environment (the first
# block's lines that make and enter it), the installed copies.
rm -rf "$stage/home" "$stage/js/node_modules" "$stage/js/package.json" \
    "$stage/js/package-lock.json"
mkdir "$stage/home"
run_readme installed "$(printf '%s\n' "$b1" | grep -v 'pip install\|npm install')
$b2"
plays "a bot importing the installed helper, pip installed" "$vpath" \
    "python3 $(q "$stage/py/bot.py")"
plays "a bot requiring the installed helper, npm installed" "$PATH" \
    "node $(q "$stage/js/bot.js")"
# pip and npm copied the package: the installed tree is as it was.
ok test ! -e "$pre/share/saboteur/python/build_backend/__pycache__"
ok test ! -e "$pre/share/saboteur/js/node_modules"

echo "install: $pass passed, $fail failed"
[ "$fail" = 0 ]
