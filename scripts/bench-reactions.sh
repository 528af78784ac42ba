#!/bin/sh
# bench-reactions.sh: the cost of the veto's reaction window to the
# referee: matches of GAMES games of PLAYERS C bots (default: the random
# bot) kept running, under base, base-wc (the game with the World
# Championship's cards, so every card played waits for the other seats'
# reactions) and base-wc without its veto (the same cards but no reaction
# window: the window's own cost is the difference from base-wc), in turn,
# three runs each; prints each ruleset's median games per second and CPU
# per game, their ratios, and whether the bots asked for feature "react"
# (then each card played costs a request to every other seat; without it
# the referee allows for them by rule) and "react-at-once" (then the
# other seats are asked at once, and answer together).  BOT is a command,
# words and all ("BUILD_DIR/examples/random-bot --react": the C random
# bot, asking for both).  With BENCH_RATIOS set to a file, also appends
# base-wc's games per second over base's to it as one line.
#
# Usage: scripts/bench-reactions.sh BUILD_DIR [GAMES [PLAYERS [BOT]]]
set -eu
usage="usage: scripts/bench-reactions.sh BUILD_DIR [GAMES [PLAYERS [BOT]]]"
b=${1:?$usage}
games=${2:-300}
players=${3:-5}
bot=${4:-$b/examples/random-bot}
# The bots, one argument each, as "$@".
set --
i=0
while [ $i -lt "$players" ]; do
	set -- "$@" "$bot"
	i=$((i + 1))
done
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM
src=$(cd "$(dirname "$0")/.." && pwd)
sed -e 's/^name: base-wc$/name: base-wc-noveto/' \
    -e '/{name: veto, type: veto}/d' "$src/rules/base-wc.yaml" >"$logs/noveto.yaml"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

"$b/saboteur" play --quiet --seed 1 --games 1 --ruleset base-wc \
    --transcripts --log-dir "$logs/hello" "$@" >/dev/null
if grep -q -- '-> bot .* react-at-once' "$logs"/hello/1-*.transcript; then
	asks="ask for react, at once"
elif grep -q -- '-> bot .* react' "$logs"/hello/1-*.transcript; then
	asks="ask for react"
else
	asks="do not ask for react"
fi
# One match: "games/s cpu-ms/game" (the referee's and the bots' CPU time,
# user and system: less disturbed than wall time by other jobs).
match() {
	seed=$1 rs=$2
	shift 2
	/usr/bin/time -f "cpu %U %S" -o "$logs/time" "$b/saboteur" play --quiet \
	    --seed "$seed" --games "$games" --ruleset "$rs" --log-dir "$logs" "$@" |
	    awk '/^match:/ { gps = $7; gsub(/\(/, "", gps); print gps }' >"$logs/gps"
	awk -v g="$games" -v gps="$(cat "$logs/gps")" \
	    '/^cpu/ { printf "%s %.2f\n", gps, 1000 * ($2 + $3) / g }' "$logs/time"
}
for run in 1 2 3; do
	for rs in base base-wc "$logs/noveto.yaml"; do
		k=$(basename "$rs" .yaml)
		match "$run" "$rs" "$@" >>"$logs/$k"
		echo "  run $run $k: $(tail -1 "$logs/$k") (games/s, CPU ms/game)"
	done
done
b0=$(cut -d' ' -f1 "$logs/base" | median)
w0=$(cut -d' ' -f1 "$logs/base-wc" | median)
n0=$(cut -d' ' -f1 "$logs/noveto" | median)
b1=$(cut -d' ' -f2 "$logs/base" | median)
w1=$(cut -d' ' -f2 "$logs/base-wc" | median)
n1=$(cut -d' ' -f2 "$logs/noveto" | median)
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", 100 * a / b }'; }
printf 'reaction window, %s %s-player games a run, 3 alternating runs each, %s C bots that %s:\n' \
    "$games" "$players" "$players" "$asks"
printf '  games/s (medians): base %s, base-wc %s (%s%% of base), base-wc without the veto %s\n' \
    "$b0" "$w0" "$(pct "$w0" "$b0")" "$n0"
printf '  CPU ms a game, referee and bots (medians): base %s, base-wc %s, base-wc without the veto %s\n' \
    "$b1" "$w1" "$n1"
printf '  by CPU, base-wc plays at %s%% of base'"'"'s throughput, and at %s%% of its own without the reaction window\n' \
    "$(pct "$b1" "$w1")" "$(pct "$n1" "$w1")"
if [ -n "${BENCH_RATIOS:-}" ]; then
	printf '  base-wc over base, games/s, bots that %s: %s%% (by CPU %s%%; target with reacting bots: at least 70%%)\n' \
	    "$asks" "$(pct "$w0" "$b0")" "$(pct "$b1" "$w1")" >>"$BENCH_RATIOS"
fi
