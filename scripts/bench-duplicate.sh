#!/bin/sh
# bench-duplicate.sh: what duplicate deals buy.  The same gauntlet (the C
# heuristic bot against four C random bots, five players, GAMES games) is
# played with and without schedule.duplicate, and the width of the 95%
# interval of the heuristic bot's mean gold is printed for each, as
# saboteur standings gives it (by deal with duplicate deals).
#
# Usage: scripts/bench-duplicate.sh BUILD_DIR [GAMES [SEED]]
set -eu
b=${1:?usage: scripts/bench-duplicate.sh BUILD_DIR [GAMES [SEED]]}
games=${2:-1000}
seed=${3:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
b=$(cd "$b" && pwd)
. "$(dirname "$0")/gauntlet.sh"

gauntlet_play "$b" "$seed" "$games" "$tmp"
for d in false true; do
	"$b/saboteur" standings --format csv "$tmp/out-$d" >"$tmp/$d.csv"
done
# The CSV's header names the columns: find them rather than count them.
width() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["name"] == "heuristic" { printf "%.3f %.3f", $c["mean_gold"],
	    $c["ci95_high"] - $c["ci95_low"] }' "$1"
}
set -- $(width "$tmp/false.csv") $(width "$tmp/true.csv")
printf 'duplicate deals, heuristic bot vs 4 random bots, %s five-player games each:\n' "$games"
printf '  without: mean gold %s, 95%% interval %s wide\n' "$1" "$2"
printf '  with:    mean gold %s, 95%% interval %s wide (%s times narrower)\n' \
    "$3" "$4" "$(echo "$2 $4" | awk '{ printf "%.2f", $1 / $2 }')"
