#!/bin/sh
# starters.sh: every starter bot of examples/starters/ passes its own
# transcript test and plays real matches through its own "make run", sealed
# and unsealed; the helpers and the starters draw their randomness from the
# seat's seed ("seed S") when the referee sends one.
#
# Usage: tests/starters.sh build/saboteur
set -u
# Python bots import the helper from the tree: no bytecode written there.
export PYTHONDONTWRITEBYTECODE=1
sab=$(cd "$(dirname "${1:?usage: tests/starters.sh build/saboteur}")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

ok() {
	if "$@" >"$tmp/out" 2>&1; then pass=$((pass + 1)); else
		echo "FAIL: $*"; sed 's/^/  | /' "$tmp/out" | tail -n 15; fail=$((fail + 1)); fi
}

# The summary row of each starter bot says ok, no illegal reply, no default
# move: "N:starter-LANG ... STATUS ... ILLEGAL DEFAULTS".
clean_match() {
	awk -v n="$2" '$1 ~ /^[0-9]+:starter-/ { rows++
		if ($4 == "ok" && $(NF - 1) == 0 && $NF == 0) good++ }
	    END { exit !(rows == n && good == n) }' "$1"
}

# Generous time limits: a slow machine (a python3 or a JVM that takes
# seconds to start) must not fail a match.
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"

# The kits' Makefiles take paths from their own folder, as a user gives
# them: relative ones, so that the checkout's path may hold blanks (a
# make variable cannot).  In bot command lines paths are quoted (q).
[ "$sab" = "$top/build/saboteur" ] && sabrel=../../../build/saboteur ||
    sabrel=$sab
qtop=$(q "$top")
ntranscripts=$(ls "$top"/tests/fixtures/transcripts/*.txt | wc -l)
for l in c python javascript java; do
	dir=$top/examples/starters/$l
	out=../../../build/starters/$l
	ok test -f "$dir/README.md"
	# The kit's own test: one legal reply per decision of every transcript.
	make -s -C "$dir" test OUT="$out" SAB="$sabrel" >"$tmp/$l.test" 2>&1 &&
	    [ "$(grep -c '^ok ' "$tmp/$l.test")" = "$ntranscripts" ] &&
	    pass=$((pass + 1)) || { echo "FAIL: make -C $dir test"; cat "$tmp/$l.test"; fail=$((fail + 1)); }
	# The one-command run of the README, sealed as by default, 5 players.
	ok make -s -C "$dir" run OUT="$out" SAB="$sabrel" GAMES=2 SEED=7 \
	    LOGDIR="$tmp/$l-base" SANDBOX=auto PLAYFLAGS="$limits"
	cp "$tmp/out" "$tmp/$l-base.txt"
	ok clean_match "$tmp/$l-base.txt" 1
	# The course ruleset of two players, unsealed.
	ok make -s -C "$dir" run OUT="$out" SAB="$sabrel" GAMES=2 SEED=8 \
	    RULESET=course LOGDIR="$tmp/$l-course" SANDBOX=off PLAYFLAGS="$limits"
	cp "$tmp/out" "$tmp/$l-course.txt"
	ok clean_match "$tmp/$l-course.txt" 1
done

# All four at one table, from another working folder, unsealed: the Python
# and JavaScript starters find the helper next to their own folder.
mkdir -p "$tmp/elsewhere"
# shellcheck disable=SC2086
(cd "$tmp/elsewhere" && "$sab" play --games 2 --seed 9 --sandbox off $limits \
    --log-dir "$tmp/all" "$qtop/build/starters/c/starter-bot" \
    "python3 $qtop/examples/starters/python/bot.py" \
    "node $qtop/examples/starters/javascript/bot.js" \
    "java -cp $qtop/build/starters/java/classes StarterBot" \
    "$qtop/build/examples/heuristic-bot") >"$tmp/all.txt" 2>&1 &&
    pass=$((pass + 1)) || { echo "FAIL: a table of the four starters"; cat "$tmp/all.txt"; fail=$((fail + 1)); }
ok clean_match "$tmp/all.txt" 4

# The seed decides: the same "seed S" lines give the same replies whatever
# BOT_SEED says; other seeds give other replies.
seeded=$top/tests/fixtures/transcripts/seeded.txt
grep -v '^#' "$seeded" >"$tmp/seed-a"
sed 's/^seed .*/seed 7/' "$tmp/seed-a" >"$tmp/seed-b"
same_seed() {   # command...: replies equal under two BOT_SEEDs
	(cd "$tmp/elsewhere" && BOT_SEED=1 "$@" <"$tmp/seed-a" >"$tmp/r1" &&
	    BOT_SEED=2 "$@" <"$tmp/seed-a" >"$tmp/r2") &&
	    [ "$(wc -l <"$tmp/r1")" -gt 100 ] && cmp -s "$tmp/r1" "$tmp/r2"
}
other_seed() {  # command...: replies differ under another seed
	(cd "$tmp/elsewhere" && BOT_SEED=1 "$@" <"$tmp/seed-b" >"$tmp/r3") &&
	    ! cmp -s "$tmp/r1" "$tmp/r3"
}
# BOT|ARGUMENTS: the program, then its arguments (the paths may hold
# blanks; none of the arguments do).
for bot in "python3|$top/examples/python/random_bot.py" \
    "node|$top/examples/js/random_bot.js" \
    "$top/build/starters/c/starter-bot|" \
    "python3|$top/examples/starters/python/bot.py" \
    "node|$top/examples/starters/javascript/bot.js" \
    "java|-cp|$top/build/starters/java/classes|StarterBot"; do
	old_ifs=$IFS
	IFS='|'
	# shellcheck disable=SC2086
	set -- $bot
	IFS=$old_ifs
	ok same_seed "$@"
	ok other_seed "$@"
done

echo "starters: $pass passed, $fail failed"
[ "$fail" = 0 ]
