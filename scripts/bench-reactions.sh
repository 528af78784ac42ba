#!/bin/sh
# bench-reactions.sh: the cost of the veto's reaction window to the
# referee: matches of GAMES games of PLAYERS C bots (default: the random
# bot) kept running, under base and under base-wc (the same game with the
# World Championship's cards, so every card played waits for the other
# seats' reactions), alternating, three pairs; prints each ruleset's median
# games per second, their ratio, and whether the bots asked for feature
# "react" (then each card played costs a request to every other seat;
# without it the referee allows for them by rule).
#
# Usage: scripts/bench-reactions.sh BUILD_DIR [GAMES [PLAYERS [BOT]]]
set -eu
usage="usage: scripts/bench-reactions.sh BUILD_DIR [GAMES [PLAYERS [BOT]]]"
b=${1:?$usage}
games=${2:-300}
players=${3:-5}
bot=${4:-$b/examples/random-bot}
bots=$(i=0; while [ $i -lt "$players" ]; do printf '%s ' "$bot"; i=$((i + 1)); done)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# shellcheck disable=SC2086 # the bots' paths, one word each
"$b/saboteur" play --quiet --seed 1 --games 1 --ruleset base-wc \
    --transcripts --log-dir "$logs/hello" $bots >/dev/null
if grep -q -- '-> bot .* react' "$logs"/hello/1-*.transcript; then
	asks="ask for react"
else
	asks="do not ask for react"
fi
# One match: "games/s cpu-ms/game" (the referee's and the bots' CPU time,
# user and system: less disturbed than wall time by other jobs).
match() {
	# shellcheck disable=SC2086
	/usr/bin/time -f "cpu %U %S" -o "$logs/time" "$b/saboteur" play --quiet \
	    --seed "$1" --games "$games" --ruleset "$2" --log-dir "$logs" $bots |
	    awk '/^match:/ { gps = $7; gsub(/\(/, "", gps); print gps }' >"$logs/gps"
	awk -v g="$games" -v gps="$(cat "$logs/gps")" \
	    '/^cpu/ { printf "%s %.2f\n", gps, 1000 * ($2 + $3) / g }' "$logs/time"
}
for run in 1 2 3; do
	for rs in base base-wc; do
		match "$run" "$rs" >>"$logs/$rs"
		echo "  run $run $rs: $(tail -1 "$logs/$rs") (games/s, CPU ms/game)"
	done
done
b0=$(cut -d' ' -f1 "$logs/base" | median)
w0=$(cut -d' ' -f1 "$logs/base-wc" | median)
b1=$(cut -d' ' -f2 "$logs/base" | median)
w1=$(cut -d' ' -f2 "$logs/base-wc" | median)
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", 100 * a / b }'; }
printf 'reaction window, %s %s-player games a run, 3 alternating runs each, %s C bots that %s:\n' \
    "$games" "$players" "$players" "$asks"
printf '  base %s games/s, base-wc %s games/s (medians): base-wc at %s%% of base\n' \
    "$b0" "$w0" "$(pct "$w0" "$b0")"
printf '  base %s ms, base-wc %s ms of CPU a game, referee and bots (medians): base-wc at %s%% of base'"'"'s throughput\n' \
    "$b1" "$w1" "$(pct "$b1" "$w1")"
