#!/bin/sh
# new_module.sh: holds the README's promise that an expansion which brings
# card kinds touches its own folder, one line of the module list and a
# ruleset file, and nothing else.  It copies the source tree, writes the
# README's "Adding an expansion" example (the sweep of "Adding a card" as a
# module of its own) into rules/minis/sweep/, appends it to
# rules/modules.def, builds, and checks that the program knows the module,
# that bots play it through the protocol, that its replays verify and
# export, and that nothing else changed: every guard of tests/guards.sh
# (every other ruleset's games, words and hash, every committed replay)
# still holds.
#
# Usage: tests/new_module.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
ok() {
	if "$@" >"$tmp/out" 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $*"
		sed 's/^/  | /' "$tmp/out" | head -20
	fi
}

# The tracked source, as a fresh checkout would have it.
(cd "$top" && git ls-files -z | xargs -0 tar cf - 2>/dev/null) |
    (mkdir "$tmp/src" && cd "$tmp/src" && tar xf -)
src=$tmp/src

# The README's two code blocks, unindented: the module's file, with the
# card's block of "Adding a card" where it says so; the module list's line
# after its last module.
python3 - "$src" <<'PY' || { echo "FAIL: the README's example not found"; exit 1; }
import sys
src = sys.argv[1]
readme = open(src + "/README.md").read()

def block(title, lang):
    sec = readme[readme.index(title):]
    start = sec.index("```" + lang + "\n") + len(lang) + 4
    code = sec[start:sec.index("   ```\n", start)]
    return "\n".join(l[3:] if l.startswith("   ") else l
        for l in code.split("\n"))

card = block("### Adding a card", "c")
module = block("### Adding an expansion", "c")
mark = "/* The card's block of \"Adding a card\". */\n"
assert module.count(mark) == 1
import os
os.makedirs(src + "/rules/minis/sweep")
open(src + "/rules/minis/sweep/sweep.c", "w").write(
    module.replace(mark, card))
p = src + "/rules/modules.def"
s = open(p).read()
last = "SAB_MODULE(chests)\n"
assert s.count(last) == 1
s = s.replace(last, last + "SAB_MODULE(sweep)\n")
open(p, "w").write(s)
PY
cat >"$src/sweep.yaml" <<'YAML'
name: sweep
extends: base
modules: [base, sweep]
deck:
  - {name: cross, type: path, edges: NESW, count: 5}
  - {name: tee-nse, type: path, edges: NSE, count: 5}
  - {name: tee-new, type: path, edges: NEW, count: 5}
  - {name: straight-ns, type: path, edges: NS, count: 4}
  - {name: straight-ew, type: path, edges: EW, count: 3}
  - {name: curve-ne, type: path, edges: NE, count: 5}
  - {name: curve-nw, type: path, edges: NW, count: 4}
  - {name: broken-pickaxe, type: sabotage, tool: pickaxe, count: 3}
  - {name: broken-lantern, type: sabotage, tool: lantern, count: 3}
  - {name: broken-cart, type: sabotage, tool: cart, count: 3}
  - {name: map, type: map, count: 6}
  - {name: sweep, type: sweep, count: 4}
YAML

ok sh -c "cd '$src' && \
    make -s -j2 WERROR=1 build/saboteur bots >/dev/null"
sab=$src/build/saboteur
bot=$src/build/examples/random-bot
heur=$src/build/examples/heuristic-bot
ok sh -c "'$sab' rules --list | grep -q '^sweep  *the sweep'"
ok sh -c "'$sab' rules --ruleset '$src/sweep.yaml' | grep -q '^modules: base, sweep'"
ok sh -c "'$sab' rules --ruleset '$src/sweep.yaml' | grep -q '^  sweep  *sweep  *sweep  *4'"
ok "$sab" play --quiet --sandbox off --ruleset "$src/sweep.yaml" --seed 4 \
    --games 6 \
    --log-dir "$tmp/logs" --replay "$tmp/g%d.sabr.gz" \
    "$bot" "$heur" "$bot" "$heur" "$bot"
n=0
for f in "$tmp"/g*.sabr.gz; do
	ok "$sab" verify --quiet "$f"
	n=$((n + 1))
done
ok test "$n" = 6
ok sh -c "gzip -dc '$tmp'/g*.sabr.gz | grep -q '^move [0-9]* play sweep [0-9]'"
ok sh -c "'$sab' export --as 0 '$tmp/g1.sabr.gz' | grep -q '^played [0-9] sweep [0-9]'"
ok sh -c "'$sab' selfplay --ruleset '$src/sweep.yaml' --seed 11 | grep -q 'sweeps in front of seat'"
# Nothing else moved: the guards, in the copy, against its own build.
ok "$src/tests/guards.sh" "$sab"
echo "new_module: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
