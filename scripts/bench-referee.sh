#!/bin/sh
# bench-referee.sh: measures the referee with the C random bot, whose moves
# take microseconds: five bot processes kept running over a match of GAMES
# 5-player base games, three runs; prints the median of each figure.
#
# Usage: scripts/bench-referee.sh BUILD_DIR [GAMES]
set -eu
b=${1:?usage: scripts/bench-referee.sh BUILD_DIR [GAMES]}
games=${2:-300}
bot=$b/examples/random-bot
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for run in 1 2 3; do
	"$b/saboteur" play --quiet --seed "$run" --games "$games" \
	    --log-dir "$logs" "$bot" "$bot" "$bot" "$bot" "$bot" |
	    awk -v run="$run" '
		/^match:/ { gps = $7; gsub(/\(/, "", gps); wall = $11 }
		/^referee:/ { cpu = $4; gap = $9 }
		END { print gps, cpu, wall, gap }' >"$logs/run$run"
	echo "  run $run: $(cat "$logs/run$run")  (games/s, us CPU/message, us wall/decision, us reply-to-request)"
done
cat "$logs"/run* >"$logs/all"
printf 'referee, %s five-player games a run, 3 runs, 5 C random bots kept running:\n' "$games"
printf '  %s complete games/s (median)\n' "$(cut -d' ' -f1 "$logs/all" | median)"
printf '  %s us of referee CPU per message (median)\n' "$(cut -d' ' -f2 "$logs/all" | median)"
printf '  %s us wall per decision, %s us median from a reply to the next request\n' \
    "$(cut -d' ' -f3 "$logs/all" | median)" "$(cut -d' ' -f4 "$logs/all" | median)"
