#!/bin/sh
# bench-reactions.sh: the cost of the veto's reaction window to the
# referee: matches of GAMES games of PLAYERS C bots (default: the random
# bot) kept running, under base, base-wc (the game with the World
# Championship's cards, so every card played waits for the other seats'
# reactions) and base-wc without its veto (the same cards but no reaction
# window: the window's own cost is the difference from base-wc), in turn,
# RUNS runs each (default 5); prints each ruleset's median games per
# second, CPU per game (the referee's and the bots', user and system) and
# context switches per game (the wake-ups of the referee and the bots,
# which the load of other jobs barely changes), and base-wc's ratios to
# base: the ratio of the medians and the median of each run's own ratio
# (its three matches ran close together, so a slow spell of the machine
# moves both sides of it).  Also says whether the bots asked for feature
# "react" (then each card played costs a request to every other seat;
# without it the referee allows for them by rule) and "react-at-once"
# (then the other seats are asked at once, and answer together).  BOT is
# a command, words and all ("BUILD_DIR/examples/random-bot --react": the
# C random bot, asking for both).
#
# With OLD_BUILD set to another build folder (main's, say), every run
# plays each match with both builds, one right after the other (the new
# first in odd runs, the old first in even ones), and the figures are
# printed for each and side by side; a BOT under BUILD_DIR is taken from
# OLD_BUILD for the old build's matches.  With BENCH_RATIOS set to a
# file, also appends base-wc's games per second over base's (and by CPU)
# to it as one line.
#
# Usage: [RUNS=N] [OLD_BUILD=DIR] scripts/bench-reactions.sh BUILD_DIR
#        [GAMES [PLAYERS [BOT]]]
set -eu
usage="usage: scripts/bench-reactions.sh BUILD_DIR [GAMES [PLAYERS [BOT]]]"
b=${1:?$usage}
games=${2:-300}
players=${3:-5}
bot=${4:-$b/examples/random-bot}
runs=${RUNS:-5}
old=${OLD_BUILD:-}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM
src=$(cd "$(dirname "$0")/.." && pwd)
sed -e 's/^name: base-wc$/name: base-wc-noveto/' \
    -e '/{name: veto, type: veto}/d' "$src/rules/base-wc.yaml" >"$logs/noveto.yaml"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", 100 * a / b }'; }

# The bot command for build dir $1: BOT, its BUILD_DIR prefix swapped.
bot_of() {
	case $bot in
	"$b"/*) printf '%s%s\n' "$1" "${bot#"$b"}" ;;
	*) printf '%s\n' "$bot" ;;
	esac
}

# Runs the command after DIR with PLAYERS copies of DIR's bot after its
# words.
with_bots() {
	cmd=$(bot_of "$1")
	shift
	i=0
	while [ $i -lt "$players" ]; do
		set -- "$@" "$cmd"
		i=$((i + 1))
	done
	"$@"
}

# One match of build $1: "games/s cpu-ms/game switches/game" (the referee's
# and the bots' CPU time and context switches, voluntary and not, as
# time(1) has them from the referee and the children it waited for).
match() {
	dir=$1 seed=$2 rs=$3
	with_bots "$dir" /usr/bin/time -f "cpu %U %S %w %c" -o "$logs/time" \
	    "$dir/saboteur" play --quiet --seed "$seed" --games "$games" \
	    --ruleset "$rs" --log-dir "$logs" |
	    awk '/^match:/ { gps = $7; gsub(/\(/, "", gps); print gps }' >"$logs/gps"
	awk -v g="$games" -v gps="$(cat "$logs/gps")" '/^cpu/ {
	    printf "%s %.2f %.0f\n", gps, 1000 * ($2 + $3) / g, ($4 + $5) / g }' \
	    "$logs/time"
}

asks() {
	rm -rf "$logs/hello"
	with_bots "$1" "$1/saboteur" play --quiet --seed 1 --games 1 \
	    --ruleset base-wc --transcripts --log-dir "$logs/hello" >/dev/null
	if grep -q -- '-> bot .* react-at-once' "$logs"/hello/1-*.transcript; then
		echo "ask for react, at once"
	elif grep -q -- '-> bot .* react' "$logs"/hello/1-*.transcript; then
		echo "ask for react"
	else
		echo "do not ask for react"
	fi
}

builds=new
[ -n "$old" ] && builds="new old"
dir_of() { if [ "$1" = new ]; then echo "$b"; else echo "$old"; fi; }
asks_new=$(asks "$b")
[ -n "$old" ] && asks_old=$(asks "$old")

run=1
while [ "$run" -le "$runs" ]; do
	order=$builds
	[ -n "$old" ] && [ $((run % 2)) -eq 0 ] && order="old new"
	for rs in base base-wc "$logs/noveto.yaml"; do
		k=$(basename "$rs" .yaml)
		for v in $order; do
			match "$(dir_of "$v")" "$run" "$rs" >>"$logs/$v-$k"
			printf '  run %s %s %s: %s (games/s, CPU ms/game, switches/game)\n' \
			    "$run" "$v" "$k" "$(tail -1 "$logs/$v-$k")"
		done
	done
	for v in $builds; do
		paste -d' ' "$logs/$v-base" "$logs/$v-base-wc" | tail -1 |
		    awk '{ printf "%f %f\n", $4 / $1, $2 / $5 }' >>"$logs/$v-ratios"
	done
	run=$((run + 1))
done

# Prints the figures of build $1 ("new" or "old"); sets gps_pct, cpu_pct.
report() {
	v=$1
	col() { cut -d' ' -f"$2" "$logs/$v-$1" | median; }
	b0=$(col base 1) w0=$(col base-wc 1) n0=$(col noveto 1)
	b1=$(col base 2) w1=$(col base-wc 2) n1=$(col noveto 2)
	b2=$(col base 3) w2=$(col base-wc 3) n2=$(col noveto 3)
	r0=$(cut -d' ' -f1 "$logs/$v-ratios" | median)
	r1=$(cut -d' ' -f2 "$logs/$v-ratios" | median)
	gps_pct=$(pct "$r0" 1) cpu_pct=$(pct "$r1" 1) sw_pct=$(pct "$b2" "$w2")
	printf '  games/s (medians): base %s, base-wc %s (%s%% of base; median of the runs'"'"' ratios %s%%), base-wc without the veto %s\n' \
	    "$b0" "$w0" "$(pct "$w0" "$b0")" "$gps_pct" "$n0"
	printf '  CPU ms a game, referee and bots (medians): base %s, base-wc %s, base-wc without the veto %s\n' \
	    "$b1" "$w1" "$n1"
	printf '  by CPU, base-wc plays at %s%% of base'"'"'s throughput (median of the runs'"'"' ratios %s%%), and at %s%% of its own without the reaction window\n' \
	    "$(pct "$b1" "$w1")" "$cpu_pct" "$(pct "$n1" "$w1")"
	printf '  context switches a game (medians): base %s, base-wc %s, base-wc without the veto %s\n' \
	    "$b2" "$w2" "$n2"
	printf '  the window itself (base-wc less base-wc without the veto): %s ms of CPU, %s context switches a game\n' \
	    "$(awk -v a="$w1" -v b="$n1" 'BEGIN { printf "%.2f", a - b }')" \
	    "$(awk -v a="$w2" -v b="$n2" 'BEGIN { printf "%.0f", a - b }')"
}

printf 'reaction window, %s %s-player games a run, %s alternating runs each, %s C bots\n' \
    "$games" "$players" "$runs" "$players"
if [ -n "$old" ]; then
	printf 'old build %s, bots that %s:\n' "$old" "$asks_old"
	report old
	old_gps=$gps_pct old_cpu=$cpu_pct
	printf 'new build %s, bots that %s:\n' "$b" "$asks_new"
else
	printf 'bots that %s:\n' "$asks_new"
fi
report new
if [ -n "$old" ]; then
	printf 'base-wc over base, median of the runs'"'"' ratios: games/s %s%% (old %s%%), by CPU %s%% (old %s%%)\n' \
	    "$gps_pct" "$old_gps" "$cpu_pct" "$old_cpu"
fi
if [ -n "${BENCH_RATIOS:-}" ]; then
	printf '  base-wc over base, games/s, bots that %s: %s%% (by CPU %s%%, medians of %s runs'"'"' ratios; by context switches %s%%; target with reacting bots: at least 70%%)\n' \
	    "$asks_new" "$gps_pct" "$cpu_pct" "$runs" "$sw_pct" >>"$BENCH_RATIOS"
fi
