#!/bin/sh
# new_card.sh: holds the README's promise that a new card kind touches one
# card file, one ruleset file and the man page, and nothing else.  It copies
# the source tree, adds the README's "sweep" example to rules/base/cards.c
# exactly as written there (and nothing else), builds, and checks that the
# ruleset reader, the protocol, the replays (verify, export), selfplay and
# the C bots all play the card.
#
# Usage: tests/new_card.sh
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

# The README's code block, unindented, before the table of base kinds; the
# kind listed before the table's NULL.
python3 - "$src" <<'PY' || { echo "FAIL: the README's example not found"; exit 1; }
import sys
src = sys.argv[1]
readme = open(src + "/README.md").read()
sec = readme[readme.index("### Adding a card"):]
start = sec.index("```c\n") + 5
code = sec[start:sec.index("   ```\n", start)]
code = "\n".join(l[3:] if l.startswith("   ") else l for l in code.split("\n"))
p = src + "/rules/base/cards.c"
s = open(p).read()
i = s.index("/* ---- the base game's kinds")
s = s[:i] + code + "\n" + s[i:]
mark = "\tNULL\n};"
assert s.count(mark) == 1
s = s.replace(mark, "\t&kind_sweep,\n" + mark)
open(p, "w").write(s)
PY
cat >"$src/sweep.yaml" <<'YAML'
name: sweep
extends: base
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
ok sh -c "'$sab' rules --ruleset '$src/sweep.yaml' | grep -q '^  sweep  *sweep  *sweep  *4'"
ok "$sab" play --quiet --sandbox off --ruleset "$src/sweep.yaml" --seed 4 \
    --games 10 \
    --log-dir "$tmp/logs" --replay "$tmp/g%d.sabr.gz" \
    "$bot" "$heur" "$bot" "$heur" "$bot"
n=0
for f in "$tmp"/g*.sabr.gz; do
	ok "$sab" verify --quiet "$f"
	n=$((n + 1))
done
ok test "$n" = 10
ok sh -c "gzip -dc '$tmp'/g*.sabr.gz | grep -q '^ev all played [0-9]* sweep [0-9]'"
ok sh -c "gzip -dc '$tmp'/g*.sabr.gz | grep -q '^move [0-9]* play sweep [0-9]'"
ok sh -c "'$sab' export --as 0 '$tmp/g1.sabr.gz' | grep -q '^played [0-9] sweep [0-9]'"
ok sh -c "'$sab' selfplay --ruleset '$src/sweep.yaml' --seed 11 | grep -q 'sweeps in front of seat'"
echo "new_card: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
