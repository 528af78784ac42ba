#!/bin/sh
# bench-memory.sh: the referee's peak memory over a match of 1,000 games
# and one of 100,000 (two C random bots, the course ruleset: the cheapest
# real games), as play reports it (its own getrusage, the bots' not
# counted), with the wall time of each run; then a tournament worker's
# over 1,000 and 8,000 games of the same bots (-j 1), as the worker writes
# it in its log.  A referee that keeps nothing per game shows the same
# figure for both sizes.
#
# Usage: scripts/bench-memory.sh BUILD_DIR [SMALL [LARGE [WSMALL WLARGE]]]
set -eu
b=${1:?usage: scripts/bench-memory.sh BUILD_DIR [SMALL [LARGE]]}
small=${2:-1000}
large=${3:-100000}
wsmall=${4:-1000}
wlarge=${5:-8000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# run GAMES: prints "KB SECONDS".
run() {
	t0=$(date +%s.%N)
	"$b/saboteur" play --sandbox off --quiet --ruleset course --seed 1 \
	    --games "$1" --log-dir "$tmp/logs-$1" "$b/examples/random-bot" \
	    "$b/examples/random-bot" >"$tmp/out-$1" 2>/dev/null
	t1=$(date +%s.%N)
	kb=$(sed -n 's/.*peak memory \([0-9]*\) kB.*/\1/p' "$tmp/out-$1")
	[ -n "$kb" ] || { echo "bench-memory: no peak memory in play's summary" >&2; exit 1; }
	echo "$kb $t0 $t1" | awk '{ printf "%d %.1f\n", $1, $3 - $2 }'
}

# worker GAMES: prints "KB SECONDS" of a tournament's one worker.
worker() {
	printf 'players: 2\nruleset: course\nseed: 1\nschedule: {games: %s}\n' "$1" \
	    >"$tmp/t$1.yaml"
	printf 'bots:\n  - {name: a, command: %s}\n  - {name: b, command: %s}\n' \
	    "$b/examples/random-bot" "$b/examples/random-bot" >>"$tmp/t$1.yaml"
	t0=$(date +%s.%N)
	"$b/saboteur" tournament --quiet --sandbox off -j 1 --out "$tmp/w$1" \
	    "$tmp/t$1.yaml" >/dev/null 2>&1
	t1=$(date +%s.%N)
	kb=$(sed -n 's/^worker 1: .* peak memory \([0-9]*\) kB$/\1/p' \
	    "$tmp/w$1/logs/worker-1.stderr")
	[ -n "$kb" ] || { echo "bench-memory: no peak memory in the worker's log" >&2; exit 1; }
	echo "$kb $t0 $t1" | awk '{ printf "%d %.1f\n", $1, $3 - $2 }'
}

set -- $(worker "$wsmall") $(worker "$wlarge")
w="$*"
set -- $(run "$small") $(run "$large")
printf 'referee peak memory, play --ruleset course, two C random bots:\n'
printf '  %7d games: %6d kB (%s s)\n' "$small" "$1" "$2"
printf '  %7d games: %6d kB (%s s), %s%% against %d games\n' "$large" "$3" \
    "$4" "$(echo "$1 $3" | awk '{ printf "%+.1f", ($2 - $1) * 100 / $1 }')" \
    "$small"
set -- $w
printf 'tournament worker peak memory, the same bots, -j 1:\n'
printf '  %7d games: %6d kB (%s s)\n' "$wsmall" "$1" "$2"
printf '  %7d games: %6d kB (%s s), %s%% against %d games\n' "$wlarge" "$3" \
    "$4" "$(echo "$1 $3" | awk '{ printf "%+.1f", ($2 - $1) * 100 / $1 }')" \
    "$wsmall"
