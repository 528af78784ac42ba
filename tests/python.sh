#!/bin/sh
# python.sh: the Python package (bindings/python, "import saboteur"): its
# unit tests (the same games as saboteur selfplay move for move and hash
# for hash, every ruleset; samples consistent and unbiased; the PettingZoo
# environment's API; the heuristic bot's moves and the Python search bot's
# answers those of the C bots), then a real match under every built-in ruleset
# between the Python search bot, which imports only the package and reads
# the protocol, and the C search bot.  With --install, first installs the
# package into a virtual environment with pip, offline (as the README
# says), and runs all of it with that environment's Python.
#
# Usage: tests/python.sh build/saboteur [--install]
set -u
bin=$1
install=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$(dirname "$bin")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# q WORD: WORD quoted for a bot's command line (the checkout's path may
# hold blanks).
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
ex=$(q "$build/examples")

py=python3
pkg=$build/python
if [ "$install" = --install ]; then
	# PEP 668: Debian's python3 refuses pip installs; a virtual
	# environment (python3-venv) takes them.
	if ! python3 -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1; then
		cat "$tmp/venv.log"
		echo "python.sh: python3 -m venv failed (Debian: apt-get install python3-venv)"
		exit 1
	fi
	if "$tmp/venv/bin/python" -m pip install --no-index "$here/bindings/python" \
	    >"$tmp/pip.log" 2>&1; then ok; else
		tail -20 "$tmp/pip.log"; bad "pip install ./bindings/python"; fi
	py=$tmp/venv/bin/python
	pkg=$("$py" -c 'import os, saboteur; print(os.path.dirname(os.path.dirname(saboteur.__file__)))')
	# Installed, it imports from anywhere, without PYTHONPATH.
	if (cd "$tmp" && "$py" -c 'import saboteur; saboteur.Game("base", 5, 1)'); then
		ok; else bad "import saboteur from the virtual environment"; fi
fi

# The unit tests, against this build of the program.
if (cd "$here" && SABOTEUR_BIN="$build/saboteur" PYTHONPATH="$pkg" \
    PYTHONDONTWRITEBYTECODE=1 "$py" -m unittest discover -s bindings/python/tests \
    >"$tmp/unit.log" 2>&1); then
	ok
else
	tail -40 "$tmp/unit.log"
	bad "unit tests (bindings/python/tests)"
fi
grep -E '^Ran [0-9]+ tests' "$tmp/unit.log" | sed 's/^/python.sh: unit: /'

# The README's bots: the quick path's, with no library, passes every
# recorded transcript; the Monte Carlo bot is the example file, word for
# word, and plays a game.
"$py" - "$here/README.md" "$tmp" <<'EOF2'
import sys
text = open(sys.argv[1]).read()
quick = text[text.index("## Write a bot: the quick path"):]
open(sys.argv[2] + "/quick.py", "w").write(
    quick.split("```python\n", 1)[1].split("```", 1)[0])
sim = text[text.index("## Simulating games in your bot"):]
open(sys.argv[2] + "/mc_readme.py", "w").write(
    sim.split("```python\n", 1)[1].split("```", 1)[0])
EOF2
if (cd "$here" && python3 examples/check_bot.py "python3 $(q "$tmp/quick.py")" \
    tests/fixtures/transcripts/*.txt tests/fixtures/transcripts-wc/*.txt \
    >"$tmp/quick.out" 2>&1); then ok; else
	cat "$tmp/quick.out"; bad "the README's quick-path bot"; fi
cmp -s "$tmp/mc_readme.py" "$here/bindings/python/examples/mc_bot.py" && ok ||
    bad "the README's Monte Carlo bot is not bindings/python/examples/mc_bot.py"

# The Python search bot in its own folder, next to the package, as a
# sealed bot sees it: its folder and the system's, nothing else.
mkdir -p "$tmp/bot"
cp -r "$pkg/saboteur" "$tmp/bot/"
cp "$here/bindings/python/examples/search_bot.py" \
    "$here/bindings/python/examples/mc_bot.py" "$tmp/bot/"
cat >"$tmp/bots.yaml" <<EOF2
bots:
  pysearch:
    command: "$(q "$py") search_bot.py --iter 6"
    cwd: "$tmp/bot"
  montecarlo:
    command: "$(q "$py") mc_bot.py"
    cwd: "$tmp/bot"
EOF2
if (cd "$here" && "$bin" play --config "$tmp/bots.yaml" --seed 5 --games 1 \
    --quiet --log-dir "$tmp/logs-mc" montecarlo "$ex/heuristic-bot" \
    "$ex/random-bot" >"$tmp/play-mc.out" 2>&1) &&
    grep -Eq '^1:montecarlo +[0-9]+ +-?[0-9]+ ok +[0-9.]+ +[0-9.]+ +0 +0$' "$tmp/play-mc.out"; then
	ok
else
	cat "$tmp/play-mc.out"; bad "the Monte Carlo bot's game"
fi
n=0
for rs in $("$bin" rules --list 2>/dev/null | awk 'NR > 1 && !NF { exit } NR > 1 { print $1 }'); do
	n=$((n + 1))
	set -- pysearch "$ex/search-bot --iter 20"
	case $rs in
	course) ;;
	*) set -- "$@" "$ex/heuristic-bot" "$ex/random-bot" "$ex/random-bot" ;;
	esac
	if (cd "$here" && "$bin" play --config "$tmp/bots.yaml" --ruleset "$rs" \
	    --seed $((40 + n)) --games 1 --quiet --log-dir "$tmp/logs-$rs" \
	    "$@" >"$tmp/play-$rs.out" 2>&1) &&
	    grep -Eq '^1:pysearch +[0-9]+ +-?[0-9]+ ok +[0-9.]+ +[0-9.]+ +0 +0$' "$tmp/play-$rs.out" &&
	    grep -Eq '^2:search +[0-9]+ +-?[0-9]+ ok +[0-9.]+ +[0-9.]+ +0 +0$' "$tmp/play-$rs.out"; then
		ok
	else
		cat "$tmp/play-$rs.out"
		cat "$tmp/logs-$rs"/1-*.stderr 2>/dev/null | tail -20
		bad "match under $rs: Python search bot against the C search bot"
	fi
done
[ "$n" -ge 10 ] && ok || bad "only $n built-in rulesets listed"
echo "python.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
