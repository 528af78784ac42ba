#!/bin/sh
# bench-referee.sh: measures the referee with the C random bot, whose moves
# take microseconds: PLAYERS bot processes (default 5) kept running over a
# match of GAMES games of RULESET (default base), three runs, and after
# each run the floor of any pipe referee (BUILD_DIR/pipe-floor: a program
# that only swaps one short line with as many children, in turn); prints
# the median of each figure and of the referee's CPU per decision over the
# floor's CPU per round trip, each run's referee against the floor run
# just after it, so that both meet the same machine.  With BENCH_RATIOS
# set to a file, also appends that ratio to it as one line (make bench
# prints the file at its end).
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
	    awk '
		# Read by their words, so that an earlier build, which did
		# not print its CPU per decision, is measured alike.
		/^match:/ { gps = $7; gsub(/\(/, "", gps); wall = $11; n = $9 }
		/^referee:/ {
			msgs = $2
			for (i = 2; i < NF; i++) {
				if ($(i + 1) == "us" && $(i + 4) == "message,")
					cpu = $i
				if ($(i + 1) == "us" && $(i + 2) == "median")
					gap = $i
			}
		}
		END { printf "%s %s %s %s %.2f\n", gps, cpu, wall, gap, cpu * msgs / n }' >"$logs/run$run"
	# As many round trips as a 300-game match has decisions.
	"$b/pipe-floor" "$players" $((60000 / players)) |
	    awk '{ print $4 }' >"$logs/floor$run"
	paste -d' ' "$logs/run$run" "$logs/floor$run" |
	    awk '{ printf "%s %.2f\n", $0, $5 / $6 }' >"$logs/all$run"
	echo "  run $run: $(cat "$logs/all$run")  (games/s, us CPU/message, us wall/decision, us reply-to-request, us CPU/decision, floor us CPU/round trip, ratio)"
done
cat "$logs"/all? >"$logs/all"
printf 'referee, %s %s-player %s games a run, 3 runs, %s C random bots kept running:\n' \
    "$games" "$players" "$ruleset" "$players"
printf '  %s complete games/s (median)\n' "$(cut -d' ' -f1 "$logs/all" | median)"
printf '  %s us of referee CPU per message, %s us per decision (medians)\n' \
    "$(cut -d' ' -f2 "$logs/all" | median)" "$(cut -d' ' -f5 "$logs/all" | median)"
printf '  %s us wall per decision, %s us median from a reply to the next request\n' \
    "$(cut -d' ' -f3 "$logs/all" | median)" "$(cut -d' ' -f4 "$logs/all" | median)"
printf '  the floor (%s children, one line each way, in turn): %s us of CPU per round trip (median)\n' \
    "$players" "$(cut -d' ' -f6 "$logs/all" | median)"
ratio=$(cut -d' ' -f7 "$logs/all" | median)
printf '  the referee costs %s times the floor per decision (median of the runs'"'"' ratios)\n' \
    "$ratio"
if [ -n "${BENCH_RATIOS:-}" ]; then
	printf '  referee CPU a decision over the pipe floor'"'"'s a round trip (%s %s-player, C random bots): %s times (target: at most 2)\n' \
	    "$ruleset" "$players" "$ratio" >>"$BENCH_RATIOS"
fi
