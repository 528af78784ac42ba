#!/bin/sh
# bench-tournament.sh: games per second of a 5-player base tournament of C
# random bots (five entries of the same program), at -j 1 and -j 2, RUNS
# runs each (default 3) of GAMES games; prints the medians and their ratio.
#
# Usage: [RUNS=N] scripts/bench-tournament.sh BUILD_DIR [GAMES]
set -eu
b=${1:?usage: scripts/bench-tournament.sh BUILD_DIR [GAMES]}
games=${2:-300}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

{
	printf 'players: 5\nseed: 1\nschedule:\n  kind: round-robin\n'
	printf '  games: %s\nbots:\n' "$games"
	for k in 1 2 3 4 5; do
		printf '  - name: random%s\n    command: %s/examples/random-bot\n' \
		    "$k" "$b"
	done
} >"$tmp/bench.yaml"

for j in 1 2; do
	run=0
	while [ "$run" -lt "$runs" ]; do
		run=$((run + 1))
		t0=$(date +%s.%N)
		"$b/saboteur" tournament --quiet -j $j --out "$tmp/out-$j-$run" \
		    "$tmp/bench.yaml" >/dev/null 2>&1
		t1=$(date +%s.%N)
		echo "$games $t0 $t1" | awk '{ printf "%.1f\n", $1 / ($3 - $2) }' \
		    >>"$tmp/j$j"
		echo "  -j $j run $run: $(tail -1 "$tmp/j$j") games/s"
	done
done
m1=$(median <"$tmp/j1")
m2=$(median <"$tmp/j2")
printf 'tournament, %s five-player games a run, C random bots, %s runs:\n' \
    "$games" "$runs"
printf '  -j 1: %s games/s (median)\n  -j 2: %s games/s (median), %s times -j 1\n' \
    "$m1" "$m2" "$(echo "$m1 $m2" | awk '{ printf "%.2f", $2 / $1 }')"
