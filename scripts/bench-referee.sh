#!/bin/sh
# bench-referee.sh: measures the referee with the C random bot, whose moves
# take microseconds: PLAYERS bot processes (default 5) kept running over a
# match of GAMES games of RULESET (default base), RUNS runs (default 5),
# and after each run two floors of any pipe referee (BUILD_DIR/pipe-floor):
# the echo floor, a program that only swaps one short line with as many
# children that answer at once, and the replay floor, which sends the same
# bots the bytes this referee sent them in a recorded match of the same
# games, in the same pieces and order, and reads their replies (the bots
# answer as they did: they draw their moves from the referee's seed).  The
# replay floor is the target's: its bots read and think as the referee's
# do, which decides how the two cores pass the turn (an echo child that
# answers at once shares the writer's core, a bot that thinks for tens of
# microseconds is woken on the other one).  Prints the median of each
# figure and of the referee's CPU per decision over each floor's CPU per
# round trip, each run's referee against the floors run just after it, so
# that they meet the same machine.  With BENCH_RATIOS set to a file, also
# appends the ratio to the replay floor to it as one line (make bench
# prints the file at its end).
#
# Usage: scripts/bench-referee.sh BUILD_DIR [GAMES [RULESET [PLAYERS]]]
# (RUNS=N in the environment: N runs instead of 5)
set -eu
usage="usage: scripts/bench-referee.sh BUILD_DIR [GAMES [RULESET [PLAYERS]]]"
b=${1:?$usage}
games=${2:-300}
ruleset=${3:-base}
players=${4:-5}
runs=${RUNS:-5}
bot=$b/examples/random-bot
bots=$(i=0; while [ $i -lt "$players" ]; do printf '%s ' "$bot"; i=$((i + 1)); done)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The transcripts of the replay floor: each seat's bytes from the referee,
# recorded by tee(1) between the referee and the bot in one match (unsealed,
# so that tee may write here; the bytes are the same sealed).
mkdir "$logs/rec"
seats=
i=0
while [ $i -lt "$players" ]; do
	i=$((i + 1))
	printf '#!/bin/sh\ntee "%s" | "%s"\n' "$logs/rec/seat$i" "$bot" \
	    >"$logs/rec/bot$i"
	chmod +x "$logs/rec/bot$i"
	seats="$seats $logs/rec/seat$i"
done
# shellcheck disable=SC2086 # the wrappers' paths, one word each
"$b/saboteur" play --quiet --seed 1 --games "$games" --ruleset "$ruleset" \
    --sandbox off --log-dir "$logs/rec" \
    $(i=0; while [ $i -lt "$players" ]; do i=$((i + 1)); printf '%s ' "$logs/rec/bot$i"; done) \
    >/dev/null

run=0
while [ "$run" -lt "$runs" ]; do
	run=$((run + 1))
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
	# shellcheck disable=SC2086 # the transcripts' paths, one word each
	"$b/pipe-floor" --replay "$bot" $seats |
	    awk '{ print $4 }' >"$logs/replay$run"
	paste -d' ' "$logs/run$run" "$logs/floor$run" "$logs/replay$run" |
	    awk '{ printf "%s %.2f %.2f\n", $0, $5 / $6, $5 / $7 }' >"$logs/all$run"
	echo "  run $run: $(cat "$logs/all$run")  (games/s, us CPU/message, us wall/decision, us reply-to-request, us CPU/decision, echo floor us CPU/round trip, replay floor us CPU/round trip, ratios to each)"
done
cat "$logs"/all[0-9]* >"$logs/all"
printf 'referee, %s %s-player %s games a run, %s runs, %s C random bots kept running (load average %s):\n' \
    "$games" "$players" "$ruleset" "$runs" "$players" \
    "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '  %s complete games/s (median)\n' "$(cut -d' ' -f1 "$logs/all" | median)"
printf '  %s us of referee CPU per message, %s us per decision (medians)\n' \
    "$(cut -d' ' -f2 "$logs/all" | median)" "$(cut -d' ' -f5 "$logs/all" | median)"
printf '  %s us wall per decision, %s us median from a reply to the next request\n' \
    "$(cut -d' ' -f3 "$logs/all" | median)" "$(cut -d' ' -f4 "$logs/all" | median)"
printf '  the echo floor (%s children, one short line each way, in turn): %s us of CPU per round trip (median)\n' \
    "$players" "$(cut -d' ' -f6 "$logs/all" | median)"
printf '  the replay floor (the same bots sent the bytes this referee sent them): %s us of CPU per round trip (median)\n' \
    "$(cut -d' ' -f7 "$logs/all" | median)"
echo_ratio=$(cut -d' ' -f8 "$logs/all" | median)
ratio=$(cut -d' ' -f9 "$logs/all" | median)
printf '  the referee costs %s times the replay floor per decision, %s times the echo floor (medians of the runs'"'"' ratios)\n' \
    "$ratio" "$echo_ratio"
if [ -n "${BENCH_RATIOS:-}" ]; then
	printf '  referee CPU a decision over the replay floor'"'"'s a round trip (%s %s-player, C random bots): %s times (target: at most 2; over the echo floor: %s)\n' \
	    "$ruleset" "$players" "$ratio" "$echo_ratio" >>"$BENCH_RATIOS"
fi
