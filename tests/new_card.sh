#!/bin/sh
# new_card.sh: holds the README's promise that a new card kind touches one
# card file, one ruleset file and the man page, and nothing else.  It copies
# the source tree, adds the README's "sweep" example to rules/base/cards.c
# exactly as written there (and nothing else), builds, and checks that the
# ruleset reader, the protocol, the replays (verify, export), selfplay and
# the C bots all play the card (tests/sweep.sh).
#
# Usage: tests/new_card.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/sweep.sh"

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
sweep_ruleset
sweep_plays
echo "new_card: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
