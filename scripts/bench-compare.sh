#!/bin/sh
# bench-compare.sh: make bench's figures for two builds side by side, to
# tell whether a change made anything slower.  Each of make bench's parts
# (the groups below) is run RUNS times (default 3) on a small workload for
# each build, one build right after the other: the new first in odd runs,
# the old first in even ones, so that neither always meets the machine
# warmed or loaded by the other.  Both builds play the same seeds.  Then
# one table: each figure, the old build's median, the new build's, new
# over old, and "WORSE" where the new build is worse by more than 3% (a
# figure's direction is known: games a second higher is better, CPU,
# milliseconds and kilobytes lower).  A part the old build cannot run (no
# pipe-floor, no Python package, a ruleset it lacks, bots that do not ask
# to react) is skipped with one line saying what it lacks; a figure one
# build does not print shows "-".  The workloads are small so that the
# whole takes about ten minutes on a busy 2-core machine; there raise
# RUNS, or run one part alone (ONLY=referee) with more runs, before
# believing a mark.  It prints figures and never fails on a slow machine.
#
# Usage: [RUNS=N] [ONLY='GROUP ...'] [GAMES=N]
#        scripts/bench-compare.sh OLD_BUILD_DIR NEW_BUILD_DIR
# GROUPs: engine referee floor reactions sandbox tournament memory
#         duplicate sequential html python (default: all of them).
# GAMES: the games of each referee, reactions, sandbox and tournament
#        match (default 100; saboteur bench plays 20 times as many).
set -eu
usage="usage: scripts/bench-compare.sh OLD_BUILD_DIR NEW_BUILD_DIR"
[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
here=$(cd "$(dirname "$0")" && pwd)
runs=${RUNS:-3}
games=${GAMES:-100}
all="engine referee floor reactions sandbox tournament memory duplicate sequential html python"
only=${ONLY:-$all}
for g in $only; do
	case " $all " in *" $g "*) ;; *) echo "bench-compare: no part '$g' (parts: $all)" >&2; exit 2 ;; esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
: >"$tmp/skips"

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

# fig LABEL DIRECTION VALUE: records one figure of the build being run
# (DIRECTION + when higher is better, - when lower); a figure the build
# does not print (VALUE empty) is left out.
fig() {
	[ -n "$3" ] || return 0
	case $3 in
	*[!0-9.]* | *.*.* | .*)
		echo "bench-compare: '$1' is '$3', not a figure" >&2
		return 1 ;;
	esac
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$tmp/fig-$v"
}
# skip WHAT: says once that WHAT is not compared.
skip() { grep -qxF "skipped: $1" "$tmp/skips" || echo "skipped: $1" >>"$tmp/skips"; }
# field LINE N: the Nth number in LINE.
field() { printf '%s\n' "$1" | grep -o '[0-9][0-9.]*' | sed -n "$2p"; }
# line PATTERN FILE: the first line of FILE matching PATTERN.
line() { grep -m1 -e "$1" "$2" || true; }
# secs COMMAND...: runs COMMAND, its output in $tmp/out; prints its wall
# time in seconds.
secs() {
	t0=$(date +%s%N)
	"$@" >"$tmp/out" 2>"$tmp/err"
	t1=$(date +%s%N)
	echo "$t0 $t1" | awk '{ printf "%.2f\n", ($2 - $1) / 1e9 }'
}
# both TEST...: true when TEST (a command taking a build dir) holds for
# both builds.
both() { "$@" "$old" && "$@" "$new"; }
# with_bots DIR N BOT ARGS...: runs DIR's saboteur with ARGS and N seats
# of the command BOT after them.
with_bots() {
	wd=$1 wn=$2 wb=$3
	shift 3
	while [ "$wn" -gt 0 ]; do set -- "$@" "$wb"; wn=$((wn - 1)); done
	"$wd/saboteur" "$@"
}
has() { [ -x "$2/$1" ]; }

# The parts.  Each p_GROUP DIR RUN plays its workload with build DIR and
# records its figures with fig; need_GROUP (optional) decides, before any
# run, what both builds can do, and says what is skipped.

# saboteur bench: the rules engine's random playouts and legal-move
# listings a second, for each ruleset and player count make bench runs;
# where perf(1) runs, also the CPU time of the whole run (its playouts and
# listings, perf's task-clock), which the machine's other jobs stretch far
# less than the wall time saboteur bench reads.
engine_sets="base:5 saboteur2:2 saboteur2:6 saboteur2:12 base-wc:5 base-minis:5"
can_bench() { "$2/saboteur" bench --ruleset "${1%:*}" --players "${1#*:}" --games 1 >/dev/null 2>&1; }
need_engine() {
	sets=
	for s in $engine_sets; do
		if both can_bench "$s"; then sets="$sets $s"
		else skip "saboteur bench --ruleset ${s%:*} --players ${s#*:}: the old build cannot run it"; fi
	done
	engine_sets=$sets
	perf=
	if perf stat -x, -e task-clock -o "$tmp/perf" true 2>/dev/null &&
	    grep -q task-clock "$tmp/perf"; then
		perf=yes
	else
		skip "saboteur bench's CPU time: perf stat does not run here"
	fi
}
# counted COMMAND...: runs COMMAND, under perf stat's task-clock (into
# $tmp/perf) where perf runs.
counted() {
	if [ -n "$perf" ]; then
		perf stat -x, -e task-clock -o "$tmp/perf" -- "$@"
	else
		"$@"
	fi
}
p_engine() {
	for s in $engine_sets; do
		counted "$1/saboteur" bench --ruleset "${s%:*}" --players "${s#*:}" \
		    --games $((games * 20)) --seed "$2" >"$tmp/out" 2>/dev/null
		l=$(line '^random playouts:' "$tmp/out")
		fig "bench ${s%:*} ${s#*:}p games/s" + "$(field "$l" 1)"
		[ -z "$perf" ] || fig "bench ${s%:*} ${s#*:}p CPU ms, whole run" - \
		    "$(awk -F, '$3 == "task-clock" { printf "%.0f\n", $1 }' "$tmp/perf")"
		l=$(line '^legal-move listings:' "$tmp/out")
		fig "bench ${s%:*} ${s#*:}p listings/s" + "$(field "$l" 1)"
	done
}

# The referee with five (six) C random bots kept running, as
# scripts/bench-referee.sh measures it: games a second and the referee's
# CPU a decision (its CPU a message times its messages over the
# decisions, so that a build that did not print the CPU a decision is
# measured alike).
p_referee() {
	for s in base:5 saboteur2:6; do
		with_bots "$1" "${s#*:}" "$1/examples/random-bot" play --quiet \
		    --seed "$2" --games "$games" --ruleset "${s%:*}" \
		    --log-dir "$tmp/logs" >"$tmp/out" 2>"$tmp/err"
		l=$(awk '/^match:/ { g = $7; gsub(/\(/, "", g); n = $9 }
		    /^referee:/ { for (i = 2; i < NF; i++)
			if ($(i + 1) == "us" && $(i + 4) == "message,") c = $i * $2 }
		    END { printf "%s %.2f\n", g, c / n }' "$tmp/out")
		fig "referee ${s%:*} ${s#*:}p games/s" + "${l% *}"
		fig "referee ${s%:*} ${s#*:}p us CPU/decision" - "${l#* }"
	done
}

# The pipe floor that make bench prints beside the referee (the echo
# floor: the machine's, but built with each build).
need_floor() {
	both has pipe-floor && return 0
	skip "the pipe floor: a build has no pipe-floor (make build/pipe-floor there, where the Makefile has it)"
	return 1
}
p_floor() {
	"$1/pipe-floor" 5 4000 >"$tmp/out"
	fig "pipe floor 5 children us CPU/round trip" - "$(awk '{ print $4 }' "$tmp/out")"
}

# scripts/bench-reactions.sh, one run: base, base-wc and base-wc without
# its veto with C random bots; then base-wc with bots that ask to react
# (random-bot --react) where both builds' bots do.
reacts() {
	rm -rf "$tmp/hello"
	with_bots "$1" 5 "$1/examples/random-bot --react" play --quiet \
	    --seed 1 --games 1 --ruleset base-wc --transcripts \
	    --log-dir "$tmp/hello" >/dev/null 2>&1 &&
	    grep -q -- '-> bot .* react' "$tmp"/hello/1-*.transcript
}
need_reactions() {
	react=yes
	both reacts && return 0
	react=
	skip "base-wc with reacting bots: the old build's random-bot does not ask to react"
}
p_reactions() {
	set -- "$1" "$2" ""
	[ -n "$react" ] && set -- "$1" "$2" "" "--react"
	d=$1 r=$2
	shift 2
	for how in "$@"; do
		bot=$d/examples/random-bot${how:+ $how}
		RUNS=1 "$here/bench-reactions.sh" "$d" "$games" 5 "$bot" >"$tmp/out"
		l=$(line 'games/s (medians)' "$tmp/out")
		c=$(line 'CPU ms a game' "$tmp/out")
		w=$(line 'context switches a game' "$tmp/out")
		if [ -z "$how" ]; then
			fig "reactions base games/s" + "$(field "$l" 1)"
			fig "reactions base CPU ms/game" - "$(field "$c" 1)"
			fig "reactions base switches/game" - "$(field "$w" 1)"
			fig "reactions base-wc games/s" + "$(field "$l" 2)"
			fig "reactions base-wc CPU ms/game" - "$(field "$c" 2)"
			fig "reactions base-wc switches/game" - "$(field "$w" 2)"
			fig "reactions base-wc no veto games/s" + "$(field "$l" 5)"
			fig "reactions base-wc no veto CPU ms/game" - "$(field "$c" 3)"
		else
			fig "reactions --react base-wc games/s" + "$(field "$l" 2)"
			fig "reactions --react base-wc CPU ms/game" - "$(field "$c" 2)"
			fig "reactions --react base-wc % of base" + "$(field "$l" 4)"
		fi
	done
}

# scripts/bench-sandbox.sh with 3 one-game starts and one pair of
# GAMES-game matches at each setting.
sealed() {
	with_bots "$1" 5 "$1/examples/random-bot" play --quiet --sandbox on \
	    --games 1 --log-dir "$tmp/logs" >/dev/null 2>"$tmp/err"
}
need_sandbox() {
	both sealed && return 0
	skip "the sandbox: $(head -1 "$tmp/err")"
	return 1
}
p_sandbox() {
	STARTS=3 PAIRS=1 "$here/bench-sandbox.sh" "$1" "$games" >"$tmp/out"
	l=$(line 'ms unsealed, .* ms sealed (medians of wall' "$tmp/out")
	fig "sandbox one-game match unsealed ms" - "$(field "$l" 1)"
	fig "sandbox one-game match sealed ms" - "$(field "$l" 2)"
	l=$(sed -n 's/.*does not stretch: //p' "$tmp/out")
	fig "sandbox one-game match unsealed CPU ms" - "$(field "$l" 1)"
	fig "sandbox one-game match sealed CPU ms" - "$(field "$l" 2)"
	l=$(line 'games/s unsealed, .* games/s sealed' "$tmp/out")
	fig "sandbox unsealed games/s" + "$(field "$l" 1)"
	fig "sandbox sealed games/s" + "$(field "$l" 2)"
}

# scripts/bench-tournament.sh, one run of GAMES games at -j 1 and -j 2.
p_tournament() {
	RUNS=1 "$here/bench-tournament.sh" "$1" "$games" >"$tmp/out"
	fig "tournament -j 1 games/s" + "$(field "$(line '^  -j 1:' "$tmp/out")" 2)"
	fig "tournament -j 2 games/s" + "$(field "$(line '^  -j 2:' "$tmp/out")" 2)"
}

# scripts/bench-memory.sh at 200 and 2000 games of play, 100 and 500 of
# a tournament worker.
p_memory() {
	"$here/bench-memory.sh" "$1" 200 2000 100 500 >"$tmp/out"
	set -- $(grep -o ' [0-9]* kB ([0-9.]* s)' "$tmp/out" | tr -d '(s)')
	fig "memory play 2000 games kB" - "$4"
	fig "memory play 2000 games s" - "$6"
	fig "memory worker 500 games kB" - "${10}"
	fig "memory worker 500 games s" - "${12}"
}

# scripts/bench-duplicate.sh and scripts/bench-sequential.sh: their
# figures are the same for builds that play the same games, so their wall
# time is compared, and the duplicate deals' narrowing as a check.
p_duplicate() {
	fig "duplicate 200 games s" - "$(secs "$here/bench-duplicate.sh" "$1" 200)"
	fig "duplicate times narrower" + "$(field "$(line 'times narrower' "$tmp/out")" 4)"
}
need_sequential() {
	both has sprt-sim && return 0
	skip "bench-sequential: a build has no sprt-sim (make build/sprt-sim there)"
	return 1
}
p_sequential() {
	fig "sequential 200 games 200 tests s" - \
	    "$(secs "$here/bench-sequential.sh" "$1" 200 200)"
}

# scripts/bench-html.sh: the pages' sizes, Chromium's times, saboteur
# report's.
need_html() {
	command -v chromium >/dev/null 2>&1 && command -v node >/dev/null 2>&1 &&
	    return 0
	skip "bench-html's Chromium times: no chromium or node here (the sizes and saboteur report are compared)"
}
p_html() {
	"$here/bench-html.sh" "$1" >"$tmp/out" 2>/dev/null
	for p in 5-player:5p 12-player:12p; do
		sed -n "/${p%:*}.*page:/,/^report/p" "$tmp/out" >"$tmp/part"
		fig "html ${p#*:} page bytes" - \
		    "$(sed -n 's/.*page: .* (\([0-9]*\) bytes)$/\1/p' "$tmp/part" | head -1)"
		l=$(line 'headless Chromium in' "$tmp/part")
		fig "html ${p#*:} table drawn ms" - "$(field "$l" 1)"
		fig "html ${p#*:} all drawn ms" - "$(field "$l" 2)"
		fig "html ${p#*:} a decision drawn ms" - "$(field "$l" 4)"
		fig "html ${p#*:} own drawing ms" - \
		    "$(field "$(line 'own drawing' "$tmp/part")" 1)"
	done
	fig "html report 10000 games s" - "$(field "$(line '^report:' "$tmp/out")" 2)"
}

# scripts/bench-python.sh: the Python package and the search bots.
need_python() {
	for d in "$old" "$new"; do
		[ -f "$d/python/saboteur/__init__.py" ] || {
			skip "bench-python: $d has no Python package"
			return 1; }
		has examples/search-bot "$d" || {
			skip "bench-python: $d has no search bot"; return 1; }
	done
}
p_python() {
	"$here/bench-python.sh" "$1" 1000 >"$tmp/out"
	l=$(line 'inside C through the package' "$tmp/out")
	fig "python selfplay games/s" + "$(field "$l" 2)"
	fig "python legal()+apply() a CPU second" + \
	    "$(field "$(line 'one move at a time' "$tmp/out")" 1)"
	l=$(line '^search bots:' "$tmp/out")
	fig "search bot C samples/s" + "$(field "$l" 1)"
	fig "search bot Python samples/s" + "$(field "$l" 2)"
}

groups=
for g in $only; do
	if ! command -v "need_$g" >/dev/null || "need_$g"; then groups="$groups $g"; fi
done
load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "bench-compare: old $old, new $new; $runs alternating runs of:$groups (load average $load0)"
run=1
while [ "$run" -le "$runs" ]; do
	order="new old"
	[ $((run % 2)) -eq 0 ] && order="old new"
	for g in $groups; do
		for v in $order; do
			d=$new
			[ "$v" = old ] && d=$old
			: >>"$tmp/fig-$v"
			n0=$(wc -l <"$tmp/fig-$v")
			# In a subshell of its own, so that set -e stops a
			# part at its first failing command (an if would not).
			set +e
			(set -e; "p_$g" "$d" "$run") >"$tmp/log" 2>&1
			st=$?
			set -e
			if [ "$st" != 0 ]; then
				echo "bench-compare: $g failed with the $v build ($d):" >&2
				cat "$tmp/log" "$tmp/err" "$tmp/out" 2>/dev/null | tail -5 >&2
				exit 1
			fi
			n1=$(wc -l <"$tmp/fig-$v")
			[ "$n1" -gt "$n0" ] || {
				echo "bench-compare: $g printed no figure with the $v build ($d)" >&2
				exit 1; }
		done
	done
	echo "  run $run of $runs done (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
	run=$((run + 1))
done

# The table: figures in the order first met, medians of each build's runs.
cut -f1,2 "$tmp/fig-new" "$tmp/fig-old" | awk '!seen[$0]++' >"$tmp/labels"
printf '%-42s %12s %12s %9s\n' "figure (medians of $runs runs)" old new new/old
worse=0
while IFS='	' read -r label dir; do
	o=$(awk -F'\t' -v l="$label" '$1 == l { print $3 }' "$tmp/fig-old" | median)
	n=$(awk -F'\t' -v l="$label" '$1 == l { print $3 }' "$tmp/fig-new" | median)
	r=$(awk -v o="${o:-0}" -v n="${n:-0}" -v d="$dir" 'BEGIN {
		if (o == 0 || n == 0) { print "-"; exit }
		r = n / o
		bad = (d == "+" && r < 0.97) || (d == "-" && r > 1.03)
		printf "%.3f%s\n", r, bad ? "  WORSE" : "" }')
	case $r in *WORSE) worse=$((worse + 1)) ;; esac
	printf '%-42s %12s %12s %9s\n' "$label" "${o:--}" "${n:--}" "$r"
done <"$tmp/labels"
cat "$tmp/skips"
echo "$worse figure(s) worse by more than 3% (higher is better for games/s," \
    "listings/s, samples/s, times narrower and %; lower for the rest);" \
    "load average $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) at the end"
