#!/bin/sh
# selffuzz.sh: the referee's own games verify.  First the three games of
# issue 23 that it once got wrong (an old mine stone picked, a treasure
# trove on an empty discard pile, a pathfinder's path card played by
# default), played by real bots and checked line by line; then the hidden
# state that replay format 1.5 records, changed in a copy and caught; what
# the self-fuzz found, kept as a committed game or played again by a bot
# that steers there (a toll paid, then goals reached at once, checked
# line by line in every seat's transcript); then a seeded slice of
# the self-fuzz (tests/selffuzz.py): a match of adversarial bots in every
# built-in ruleset and every example ruleset, each game verified,
# exported seat by seat against what the bot received, and checked for
# leaks.  "make fuzz-referee" runs the self-fuzz for long.
#
# Usage: tests/selffuzz.sh PATH/TO/saboteur PATH/TO/fuzz-bot
set -u
bin=${1:?usage: tests/selffuzz.sh PATH/TO/saboteur PATH/TO/fuzz-bot}
fbot=${2:?usage: tests/selffuzz.sh PATH/TO/saboteur PATH/TO/fuzz-bot}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
fbot=$(cd "$(dirname "$fbot")" && pwd)/$(basename "$fbot")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
# Every bot of this run names a file under $tmp, or carries the tag.
tag="selffuzz-tag-$$"
trap 'pkill -KILL -f "$tag" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM

. "$here/checks.sh"

bots="$top/build/examples"
[ -x "$bots/random-bot" ] || bots=$(dirname "$bin")/examples
rnd="'$bots/random-bot' $tag"
heu="'$bots/heuristic-bot' $tag"
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"

# play NAME ARGS...: a match whose replays are $tmp/NAME-%d.sabr.gz.
play() {
	name=$1
	shift
	# shellcheck disable=SC2086
	"$bin" play --sandbox off --quiet $limits --log-dir "$tmp/$name" \
	    --replay "$tmp/$name-%d.sabr.gz" "$@" >"$tmp/$name.out" 2>&1 ||
	    { no "$name: play failed"; sed 's/^/  | /' "$tmp/$name.out"; }
}

verifies() {
	"$bin" verify --quiet "$@" >"$tmp/verify.out" 2>&1 && ok ||
	    { no "a replay does not verify"; sed 's/^/  | /' "$tmp/verify.out"; }
}

# ---- 1. The old mine: "6 worthless stone cards" ----------------------
# The referee offered "legal pick 0", then refused it; a stone's taker was
# told "-".  Now the pick is taken and its taker told 0.
play oldmine --ruleset "$top/examples/rulesets/old-mine.yaml" --seed 1 \
    --games 3 "$rnd" "$heu" "$rnd" "$heu" "$rnd"
verifies "$tmp"/oldmine-*.sabr.gz
grep -q 'pick 0' "$tmp/oldmine.out" && no "old mine: a pick 0 was refused" ||
    ok
zcat "$tmp"/oldmine-*.sabr.gz | grep -q '^move [0-9]* pick 0$' && ok ||
    no "old mine: no stone was picked (seed 1 no longer offers one)"
zcat "$tmp"/oldmine-*.sabr.gz | grep -q '^ev hidden:\([0-9]*\) gold \1 0$' &&
    ok || no "old mine: no stone's taker was told 0"
for f in "$tmp"/oldmine-*.sabr.gz; do
	for s in 0 1 2 3 4; do
		"$bin" export --as $s "$f"
	done
done >"$tmp/oldmine.export"
grep -q 'pick wants a gold value' "$tmp/oldmine.export" &&
    no "old mine: a seat was refused pick 0" || ok

# ---- 2. A treasure trove on an empty discard pile --------------------
# saboteur-protocol(7) promises every seat "took SEAT -"; none was sent.
play trove --ruleset base-wc --seed 6 --games 4 "$heu" "$rnd" "$heu"
verifies "$tmp"/trove-*.sabr.gz
f="$tmp/trove-3.sabr.gz"
line=$(zcat "$f" | grep -m 1 '^ev all took [0-9]* -$')
[ -n "$line" ] && ok || no "trove: game 3 has no trove on an empty pile"
for s in 0 1 2; do
	"$bin" export --as $s "$f" | grep -qx "${line#ev all }" && ok ||
	    no "trove: seat $s was not told ${line#ev all }"
done

# ---- 3. A pathfinder's path card played by default -------------------
# "Play 2 path cards one after the other this turn": a bot that answers
# them with illegal moves only got a discard played for it, which the
# referee's own replay then failed to verify.
play pathfinder --ruleset base-wc --seed 1 --games 2 --tries 4 \
    "python3 '$here/bots/badbot.py' pathfinder $tag" "$rnd" "$heu" "$rnd"
verifies "$tmp"/pathfinder-*.sabr.gz
"$bin" export --as 0 "$tmp/pathfinder-1.sabr.gz" >"$tmp/pathfinder.export"
grep -q '^default illegal play \(path\|dead\)-' "$tmp/pathfinder.export" &&
    ok || no "pathfinder: no path card was played by default (seed 1 no" \
    "longer gives the bot a pathfinder)"

# ---- 4. The hidden state of format 1.5 -------------------------------
# broken NAME FILE SED WANT: FILE changed by SED no longer verifies, and
# says WANT.
broken() {
	zcat "$2" | sed "$3" | gzip >"$tmp/$1.sabr.gz"
	if "$bin" verify "$tmp/$1.sabr.gz" >"$tmp/$1.out" 2>&1; then
		no "$1: a changed replay verifies"
	elif grep -q "$4" "$tmp/$1.out"; then
		ok
	else
		no "$1: not \"$4\":"
		sed 's/^/  | /' "$tmp/$1.out"
	fi
}
play sab2 --ruleset saboteur2 --seed 3 "$rnd" "$heu" "$rnd" "$heu" "$rnd"
f="$tmp/sab2-1.sabr.gz"
verifies "$f"
[ "$(zcat "$f" | grep -c '^aside \([^ ]* \)\{9\}[^ ]*$')" -ge 1 ] && ok ||
    no "saboteur2: no round names its 10 cards put aside"
zcat "$f" | grep -q '^dwarves [a-z]' && ok ||
    no "saboteur2: no round names its dwarf cards nobody holds"
broken aside "$f" '0,/^aside /s/^aside \([^ ]*\) \([^ ]*\)/aside \2 \1/' \
    'the cards put aside'
broken dwarves "$f" '0,/^dwarves /s/^dwarves .*/dwarves boss/' \
    'the dwarf cards nobody holds'
play minis --ruleset base-minis --seed 3 "$rnd" "$heu" "$rnd" "$heu" "$rnd"
f="$tmp/minis-1.sabr.gz"
verifies "$f"
zcat "$f" | grep -q '^chest -\{0,1\}[0-9]* -\{0,1\}[0-9]* [^ ]*:chest [a-z-]*$' &&
    ok || no "base-minis: no chest record"
zcat "$f" | grep -q '^goalaside [a-z]' && ok || no "base-minis: no goalaside"
broken chest "$f" '0,/^chest /s/:chest [a-z-]*$/:chest nosuch/' \
    'the treasure chest'
broken goalaside "$f" '0,/^goalaside /s/^goalaside .*/goalaside/' \
    'the goal cards put aside'

# ---- 5. What the self-fuzz found ----------------------------------------
# A bot that timed out is played for till the game ends and still hears
# the game, reaction requests included, with no "turn" after them
# (saboteur-protocol(7)); the leak checker used to take them for requests
# left unanswered.  A committed game of fuzz bots where seat 1 did.
f="$top/tests/fixtures/replays/base-wc-3p-react-timeout.sabr.gz"
"$bin" export --as 1 "$f" >"$tmp/rt.export"
awk '/^default timeout/ { t = 1 } t && /^react / { r = 1 } t && /^turn / { u = 1 }
    END { exit !(r && !u) }' "$tmp/rt.export" && ok ||
    no "react-timeout: no react line without a turn after the timeout"
{
	echo "0.0 1-fuzz <- saboteur 1"
	echo "0.0 1-fuzz -> $(zcat "$f" | sed -n 's/^hello 1 //p')"
	sed '1d; s/^/0.0 1-fuzz <- /' "$tmp/rt.export"
} >"$tmp/rt.transcript"
python3 "$here/check_transcripts.py" "$tmp/rt.transcript" >"$tmp/rt.out" &&
    ok || { no "react-timeout: the leak checker refuses it:"
	sed 's/^/  | /' "$tmp/rt.out"; }

# ---- 6. A toll paid, then goals reached at once --------------------------
# A path card laid on a dwarf between two goals: "toll" comes right after
# its "played" line, then the "goals" choice (saboteur-protocol(7)).  The
# self-fuzz met it once (a game timeouts had steered there) and the line
# checker refused the goals line in every seat's transcript.
tg="python3 '$here/bots/toll_goals.py' $tag"
play tollgoals --ruleset base-minis --seed 11 "$tg" "$tg" "$tg" "$tg" "$tg"
f="$tmp/tollgoals-1.sabr.gz"
verifies "$f"
zcat "$f" | grep -A 1 '^ev all toll ' | grep -q '^ev all goals ' && ok ||
    no "toll-goals: no goals right after a toll (seed 11 no longer gives one)"
for s in 0 1 2 3 4; do
	"$bin" export --as $s "$f" >"$tmp/tollgoals-$s.txt"
done
python3 "$here/check_fixtures.py" "$tmp"/tollgoals-?.txt \
    >"$tmp/tollgoals.out" && ok || { no "toll-goals: the line checker refuses:"
	sed 's/^/  | /' "$tmp/tollgoals.out"; }

leftovers "the games above"

# ---- 7. A slice of the self-fuzz --------------------------------------
# One match a ruleset, up to 2 games, from seed 1; what fails is kept.
mkdir "$tmp/work"
if TMPDIR="$tmp/work" python3 "$here/selffuzz.py" --all --games 2 \
    --seed 1 --quiet --keep "$tmp/kept" "$bin" "$fbot" >"$tmp/fuzz.out" 2>&1
then
	ok
else
	no "the self-fuzz failed:"
	sed 's/^/  | /' "$tmp/fuzz.out"
	[ -d "$tmp/kept" ] && cp -r "$tmp/kept" "${SELFFUZZ_KEEP:-/dev/null}" \
	    2>/dev/null
fi
sed -n 's/^selffuzz: /  /p' "$tmp/fuzz.out"
tag="$tmp/work"
leftovers "the self-fuzz"

echo "selffuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
