#!/bin/sh
# bench-sequential.sh: the sequential test of a gauntlet on the real
# distribution of gold differences.  The heuristic C bot plays four random
# C bots (five players) GAMES games with duplicate deals and GAMES without;
# the heuristic bot's gold less the others' mean gold, by deal (duplicate)
# and by game, makes two samples, and BUILD_DIR/sprt-sim runs the test
# RUNS times on each at a few margins, on draws from the sample shifted to
# no difference, to +margin and to -margin (its spread and skew kept), and
# on the zeros that identical bots give.  It prints, for each, how often
# the test said better, worse and no difference, the observations it took,
# and how often the interval printed after the stop held the true mean.
# With alpha = beta = 0.05 the test should say better or worse at most
# about 2.5% of the time each when there is no difference, and miss a
# difference of the margin at most about 5% (with RUNS 2000, a rate
# counted has a sampling error of about 0.4 to 0.5 points).
#
# Usage: scripts/bench-sequential.sh BUILD_DIR [GAMES [RUNS [SEED]]]
set -eu
b=${1:?usage: scripts/bench-sequential.sh BUILD_DIR [GAMES [RUNS [SEED]]]}
games=${2:-4000}
runs=${3:-2000}
seed=${4:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
b=$(cd "$b" && pwd)
. "$(dirname "$0")/gauntlet.sh"

gauntlet_play "$b" "$seed" "$games" "$tmp"

# obs BLOCK JOURNAL: the heuristic bot's gold less the others' mean, per
# game, averaged over blocks of BLOCK games (a deal), in schedule order.
obs() {
	awk -v block="$1" '
	/^game / {
		for (f = 3; f <= NF; f++) {
			split($f, kv, "=")
			if (kv[1] == "bots") n = split(kv[2], bot, ",")
			if (kv[1] == "gold") split(kv[2], gold, ",")
		}
		mine = others = 0
		for (s = 1; s <= n; s++)
			if (bot[s] == "heuristic") mine = gold[s]
			else others += gold[s]
		x[$2] = mine - others / (n - 1)
		if ($2 + 1 > last) last = $2 + 1
	}
	END {
		for (i = 0; i < last; i += block) {
			sum = k = 0
			for (j = i; j < i + block && j < last; j++) { sum += x[j]; k++ }
			printf "%.6f\n", sum / k
		}
	}' "$2"
}
obs 5 "$tmp/out-true/journal.txt" >"$tmp/deals"
obs 1 "$tmp/out-false/journal.txt" >"$tmp/games"

echo "sequential test, alpha 0.05, beta 0.05, on the heuristic bot's gold less"
echo "the others' mean against four random bots ($games five-player games each):"
echo "by deal (duplicate deals; an observation is a deal of 5 games):"
for m in 0.02 0.05 0.1; do
	"$b/sprt-sim" "$m" 0.05 0.05 "$runs" 1000000 "$seed" <"$tmp/deals"
done
echo "by game (no duplicate deals):"
for m in 0.25 0.5 1; do
	"$b/sprt-sim" "$m" 0.05 0.05 "$runs" 1000000 "$seed" <"$tmp/games"
done
