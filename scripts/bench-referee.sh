#!/bin/sh
# bench-referee.sh: measures the referee with the C random bot, whose moves
# take microseconds: PLAYERS bot processes (default 5) kept running over a
# match of GAMES games of RULESET (default base), three runs; prints the
# median of each figure.
#
# Usage: scripts/bench-referee.sh BUILD_DIR [GAMES [RULESET [PLAYERS]]]
set -eu
usage="usage: scripts/bench-referee.sh BUILD_DIR [GAMES [RULESET [PLAYERS]]]"
b=${1:?$usage}
games=${2:-300}
ruleset=${3:-base}
players=${4:-5}
bot=$b/examples/random-bot
bots=$(i=0; while [ $i -lt "$players" ]; do printf '%s ' "$bot"; i=$((i + 1)); done)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for run in 1 2 3; do
	# shellcheck disable=SC2086 # the bots' paths, one word each
	"$b/saboteur" play --quiet --seed "$run" --games "$games" \
	    --ruleset "$ruleset" --log-dir "$logs" $bots |
	    awk -v run="$run" '
		/^match:/ { gps = $7; gsub(/\(/, "", gps); wall = $11 }
		/^referee:/ { cpu = $4; gap = $9 }
		END { print gps, cpu, wall, gap }' >"$logs/run$run"
	echo "  run $run: $(cat "$logs/run$run")  (games/s, us CPU/message, us wall/decision, us reply-to-request)"
done
cat "$logs"/run* >"$logs/all"
printf 'referee, %s %s-player %s games a run, 3 runs, %s C random bots kept running:\n' \
    "$games" "$players" "$ruleset" "$players"
printf '  %s complete games/s (median)\n' "$(cut -d' ' -f1 "$logs/all" | median)"
printf '  %s us of referee CPU per message (median)\n' "$(cut -d' ' -f2 "$logs/all" | median)"
printf '  %s us wall per decision, %s us median from a reply to the next request\n' \
    "$(cut -d' ' -f3 "$logs/all" | median)" "$(cut -d' ' -f4 "$logs/all" | median)"
