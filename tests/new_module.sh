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
# still holds.  What it shares with tests/new_card.sh is tests/sweep.sh.
#
# Usage: tests/new_module.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/sweep.sh"

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
sweep_ruleset "[base, sweep]"
sweep_plays
ok sh -c "'$sab' rules --list | grep -q '^sweep  *the sweep'"
ok sh -c "'$sab' rules --ruleset '$src/sweep.yaml' |
    grep -q '^modules: base, sweep'"
# Nothing else moved: the guards, in the copy, against its own build.
ok "$src/tests/guards.sh" "$sab"
echo "new_module: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
