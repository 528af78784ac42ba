#!/bin/sh
# bench-sandbox.sh: what the sandbox costs, with five C random bots: the
# start-up cost per bot (20 one-game matches at each setting, interleaved
# so that machine noise hits them alike, median wall times; then 20 more
# for their CPU time, the referee's, the bots' and bwrap's, which the
# machine's load does not stretch: perf's task-clock where perf runs,
# else time(1)'s, to 10 ms) and, with the bots kept running over a match
# of GAMES 5-player base games, PAIRS (default 9) alternating pairs of
# runs: games per second, the CPU time a game (the referee's, the bots'
# and bwrap's) and the referee's own CPU per decision.  The
# settings: unsealed, and sealed as this build seals (bwrap, the
# system-call filter, a cgroup per bot where the machine offers them);
# with OTHER_BUILD, also sealed as that build seals (an earlier version's,
# to see what the seal's newer parts cost).  Where the sandbox cannot run,
# says why in one line and exits 0.  A shared machine's load swings
# within seconds, so the ratios are taken within each pair of runs (one
# setting just after the other, the order swapped every other pair) and
# their median printed: the median of the
# medians would compare minutes of different load.  With BENCH_RATIOS set
# to a file, also appends those ratios to it.
#
# Usage: scripts/bench-sandbox.sh BUILD_DIR [GAMES [OTHER_BUILD_DIR]]
# (PAIRS=N in the environment: N pairs of throughput runs instead of 9;
# STARTS=N: N one-game matches at each setting instead of 20)
set -eu
b=${1:?usage: scripts/bench-sandbox.sh BUILD_DIR [GAMES [OTHER_BUILD_DIR]]}
games=${2:-300}
other=${3:-}
bot=$b/examples/random-bot
starts=${STARTS:-20}
pairs=${PAIRS:-9}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT INT TERM

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# play SETTING GAMES SEED: one match of five random bots; its output in
# $logs/out, its stderr in $logs/err.  SETTING: off, on, or other (this
# build's bots, sealed by the other build's referee).
play() {
	ref=$b/saboteur
	box=$1
	if [ "$1" = other ]; then
		ref=$other/saboteur
		box=on
	fi
	measured /usr/bin/time -f "cpu %U %S" -o "$logs/time" \
	    "$ref" play --quiet --sandbox "$box" --games "$2" --seed "$3" \
	    --log-dir "$logs/bots" "$bot" "$bot" "$bot" "$bot" "$bot" \
	    >"$logs/out" 2>"$logs/err"
}
# cpu_ms: the CPU time of the last play, the referee's, the bots' and
# bwrap's, in ms: perf(1)'s task-clock where perf runs (to the
# microsecond), else time(1)'s user and system time (to 10 ms).
cpu_ms() {
	if [ -n "$perf" ]; then
		awk -F, '$3 == "task-clock" { printf "%.2f\n", $1 }' "$logs/perf"
	else
		awk '/^cpu/ { printf "%.2f\n", 1000 * ($2 + $3) }' "$logs/time"
	fi
}
measured() {
	if [ -n "$perf" ] && [ -n "$count_cpu" ]; then
		perf stat -x, -e task-clock -o "$logs/perf" -- "$@"
	else
		"$@"
	fi
}
count_cpu=
perf=
if perf stat -x, -e task-clock -o "$logs/perf" true 2>/dev/null &&
    grep -q task-clock "$logs/perf"; then
	perf=yes
fi

mkdir "$logs/bots"
if ! play on 1 1; then
	why=$(sed 's/^saboteur play: //' "$logs/err" | head -1)
	printf 'sandbox: cannot run here, so not measured: %s\n' "$why"
	[ -n "${BENCH_RATIOS:-}" ] &&
	    printf '  sealed over unsealed: not measured (%s)\n' "$why" \
	    >>"$BENCH_RATIOS"
	exit 0
fi
settings="off on"
[ -n "$other" ] && settings="off on other"
held=$(sed -n 's/^sandbox: //p' "$logs/out")

# Start-up: a one-game match costs the five bots' start, the game (the
# same at each setting: same seed) and, when sealed, the referee's one
# check that bwrap works, which the per-bot figure therefore includes.
run=0
while [ "$run" -lt "$starts" ]; do
	run=$((run + 1))
	for mode in $settings; do
		t0=$(date +%s%N)
		play "$mode" 1 "$run"
		t1=$(date +%s%N)
		echo "$t0 $t1" | awk '{ printf "%.2f\n", ($2 - $1) / 1e6 }' \
		    >>"$logs/start-$mode"
	done
done
# The same matches again for their CPU time, apart: perf's own start
# would lengthen the wall times above.
count_cpu=yes
run=0
while [ "$run" -lt "$starts" ]; do
	run=$((run + 1))
	for mode in $settings; do
		play "$mode" 1 "$run"
		cpu_ms >>"$logs/startcpu-$mode"
	done
done
count_cpu=
s0=$(median <"$logs/start-off")
s1=$(median <"$logs/start-on")
sd=$(paste -d' ' "$logs/start-off" "$logs/start-on" |
    awk '{ printf "%.2f\n", $2 - $1 }' | median)
printf 'sandbox, %s one-game matches of 5 C random bots at each setting, interleaved (load average %s):\n' \
    "$starts" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '  sealed here: %s\n' "$held"
printf '  %s ms unsealed, %s ms sealed (medians of wall time); sealed takes %s ms more (median of the pairs)\n' \
    "$s0" "$s1" "$sd"
sc0=$(median <"$logs/startcpu-off")
sc1=$(median <"$logs/startcpu-on")
scd=$(paste -d' ' "$logs/startcpu-off" "$logs/startcpu-on" |
    awk '{ printf "%.2f\n", $2 - $1 }' | median)
printf '  by CPU time (the referee, the bots, bwrap; %s), which the load does not stretch: %s ms unsealed, %s ms sealed; sealed takes %s ms more (median of the pairs)\n' \
    "$( [ -n "$perf" ] && echo "perf task-clock" || echo "time(1), to 10 ms")" \
    "$sc0" "$sc1" "$scd"
printf '  %s ms sandbox start-up cost per bot\n' \
    "$(echo "$s0 $s1" | awk '{ printf "%.2f", ($2 - $1) / 5 }')"
if [ -n "$other" ]; then
	s2=$(median <"$logs/start-other")
	printf '  %s ms sealed by %s: %s ms start-up cost per bot\n' "$s2" \
	    "$other" "$(echo "$s0 $s2" | awk '{ printf "%.2f", ($2 - $1) / 5 }')"
fi

# Throughput: PAIRS pairs of GAMES-game matches, the order within a pair
# swapped every other pair (so that neither setting always runs second,
# on a machine warmed or loaded by the first).  Per run: games/s by wall
# time, the referee's own CPU per decision (as play prints it), and the
# CPU time a game of the referee, the bots and bwrap (perf's task-clock
# where perf runs, else time(1)'s), which the machine's other jobs stretch
# far less than wall time.  Each figure's sealed-over-unsealed ratio is
# taken within its pair, and the median of the pairs' ratios printed.
count_cpu=yes
run=0
while [ "$run" -lt "$pairs" ]; do
	run=$((run + 1))
	order=$settings
	[ $((run % 2)) -eq 0 ] && order=$(echo "$settings" |
	    awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? " " : "") }')
	for mode in $order; do
		play "$mode" "$games" "$run"
		awk '/^match:/ { gps = $7; gsub(/\(/, "", gps); print gps }' \
		    "$logs/out" >>"$logs/gps-$mode"
		awk '/^referee:/ { for (i = 2; i < NF; i++)
			if ($(i + 1) == "us" && $(i + 4) == "decision,") print $i }' \
		    "$logs/out" >>"$logs/dec-$mode"
		cpu_ms | awk -v g="$games" '{ printf "%.3f\n", $1 / g }' \
		    >>"$logs/cpu-$mode"
		echo "  pair $run, $mode: $(tail -1 "$logs/gps-$mode") games/s," \
		    "$(tail -1 "$logs/cpu-$mode") ms of CPU a game," \
		    "$(tail -1 "$logs/dec-$mode") us of referee CPU a decision"
	done
done
count_cpu=
g0=$(median <"$logs/gps-off")
g1=$(median <"$logs/gps-on")
c0=$(median <"$logs/cpu-off")
c1=$(median <"$logs/cpu-on")
d0=$(median <"$logs/dec-off")
d1=$(median <"$logs/dec-on")
pairs_gps=$(paste -d' ' "$logs/gps-off" "$logs/gps-on" |
    awk '{ printf "%.1f\n", 100 * $2 / $1 }')
gr=$(echo "$pairs_gps" | median)
cr=$(paste -d' ' "$logs/cpu-off" "$logs/cpu-on" |
    awk '{ printf "%.1f\n", 100 * $1 / $2 }' | median)
dd=$(paste -d' ' "$logs/dec-off" "$logs/dec-on" |
    awk '{ printf "%.2f\n", $2 - $1 }' | median)
printf 'sandbox, %s five-player games a run, %s alternating pairs, 5 C random bots kept running (load average %s):\n' \
    "$games" "$pairs" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
printf '  %s games/s unsealed, %s games/s sealed (medians): sealed is %s%% of unsealed\n' \
    "$g0" "$g1" "$(echo "$g0 $g1" | awk '{ printf "%.1f", 100 * $2 / $1 }')"
printf '  sealed over unsealed by wall time, pair by pair: %s%%; their median %s%%\n' \
    "$(echo "$pairs_gps" | tr '\n' ' ' | sed 's/ $//; s/ /%, /g')" "$gr"
printf '  %s ms of CPU a game unsealed, %s sealed (referee, bots, bwrap; %s; medians): by CPU, sealed plays %s%% as many games (median of the pairs)\n' \
    "$c0" "$c1" "$( [ -n "$perf" ] && echo "perf task-clock" || echo "time(1)")" "$cr"
printf '  the referee: %s us of CPU a decision unsealed, %s sealed (medians); sealed seats cost it %s us a decision (median of the pairs)\n' \
    "$d0" "$d1" "$dd"
if [ -n "$other" ]; then
	g2=$(median <"$logs/gps-other")
	printf '  %s games/s sealed by %s: this build sealed is %s%% of it\n' \
	    "$g2" "$other" "$(echo "$g2 $g1" | awk '{ printf "%.1f", 100 * $2 / $1 }')"
fi
if [ -n "${BENCH_RATIOS:-}" ]; then
	printf '  sealed over unsealed, games/s with the bots kept running: %s%% (median of %s paired runs; target: at least 97%%); by CPU time %s%%\n' \
	    "$gr" "$pairs" "$cr" >>"$BENCH_RATIOS"
	printf '  a one-game sealed match takes %s ms more than an unsealed one (median of %s pairs; target: at most 50), %s ms more CPU time\n' \
	    "$sd" "$starts" "$scd" >>"$BENCH_RATIOS"
fi
