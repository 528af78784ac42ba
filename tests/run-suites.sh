#!/bin/sh
# run-suites.sh: runs test suites side by side, twice as many at once as
# the machine has cores, since many spend their time waiting (for a
# terminal, a daemon, a bot that never answers), the longest first by the
# times of the last run,
# each in a session of its own with its output in a log; prints each
# suite's verdict, its last line, its wall and CPU time as it ends, the
# whole log of a suite that failed, and the total at the end.  The
# suites are independent: each writes only into its own mktemp -d folder.
#
# Usage: tests/run-suites.sh [-j N] [-l LOGDIR] NAME=COMMAND...
#   COMMAND runs in sh -c from the current folder; it passes by exiting 0.
#   -j N      N suites at once (default: $CHECK_JOBS, else twice the cores)
#   -l DIR    the logs and the times kept for the next run's order
#             (default: build/check-logs)
set -u
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
jobs=${CHECK_JOBS:-$((2 * cores))}
logs=build/check-logs
while getopts j:l: o; do
	case $o in
	j) jobs=$OPTARG ;;
	l) logs=$OPTARG ;;
	*) echo "usage: tests/run-suites.sh [-j N] [-l LOGDIR] NAME=COMMAND..." >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $jobs in ''|*[!0-9]*|0) echo "run-suites: -j $jobs: a number of suites, 1 or more" >&2
	exit 2 ;; esac
[ $# -gt 0 ] || { echo "run-suites: no suite given" >&2; exit 2; }
# A suite may run make: with this make's variables, but not in its jobs
# (the jobserver's descriptors are not passed on).
if [ -n "${MAKEFLAGS:-}" ]; then
	MAKEFLAGS=$(printf '%s\n' "$MAKEFLAGS" |
	    sed 's/ *--jobserver-[a-z]*=[^ ]*//g; s/\(^\| \)-j[0-9]*//g')
	export MAKEFLAGS
fi
mkdir -p "$logs" || exit 4
logs=$(cd "$logs" && pwd)
state=$(mktemp -d) || exit 4
running=
trap 'for p in $running; do kill -TERM -- "-${p#*:}" 2>/dev/null; done
    rm -rf "$state"; exit 5' INT TERM HUP
trap 'rm -rf "$state"' EXIT

# Its own arithmetic, with a '.' in every locale.
awk() { LC_ALL=C command awk "$@"; }
now() { date +%s.%N | cut -c1-14; }
# secs A B: B - A, to a tenth of a second.
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# The suites, one a line as "NAME<tab>COMMAND", the longest of the last
# run first; a new one (no time yet) before them all, in the order given.
for s in "$@"; do
	name=${s%%=*}
	case $name in ''|*[!A-Za-z0-9_-]*|"$s")
		echo "run-suites: \"$s\": give NAME=COMMAND (NAME of letters, digits, - and _)" >&2
		exit 2 ;;
	esac
	t=$(awk -v n="$name" '$1 == n { t = $2 } END { print t + 0 }' \
	    "$logs/times" 2>/dev/null || echo 0)
	[ "$t" = 0 ] && t=999999
	printf '%s\t%s\t%s\n' "$t" "$name" "${s#*=}"
done | LC_ALL=C sort -s -t "$(printf '\t')" -k1,1gr | cut -f2- >"$state/queue"

total=$(wc -l <"$state/queue")
echo "$total suites, $jobs at once, the longest first; logs in $logs/"
start=$(now)
n_run=0 n_done=0 failed= cpu_all=0
: >"$state/times"

# start_one LINE: the suite in its own session (so that it and all it
# starts can be stopped at once), timed by the shell that runs it: its
# children's user and system time, which `times` prints last.  Its exit
# code is written last, into NAME.rc, which says it has ended.
start_one() {
	name=$(printf '%s' "$1" | cut -f1)
	cmd=$(printf '%s' "$1" | cut -f2-)
	now >"$state/$name.start"
	setsid sh -c "($cmd
	    ); rc=\$?; times >\"\$0.cpu\"; echo \$rc >\"\$0.rc\"; exit \$rc" \
	    "$state/$name" </dev/null >"$logs/$name.log" 2>&1 &
	running="$running $name:$!"
	n_run=$((n_run + 1))
}

# finish NAME PID: reaps it, then prints its verdict.
finish() {
	name=$1
	wait "$2"
	rc=$?
	# The code the suite's shell wrote, unless that shell was killed.
	[ -s "$state/$name.rc" ] && rc=$(cat "$state/$name.rc")
	t0=$(cat "$state/$name.start")
	wall=$(secs "$t0" "$(now)")
	# The second line of times: the children's "XmY.YYs XmY.YYs".
	cpu=$(sed -n 2p "$state/$name.cpu" 2>/dev/null | awk '{
	    s = 0
	    for (i = 1; i <= 2; i++) {
		split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2]
	    }
	    printf "%.1f", s }')
	[ -n "$cpu" ] || cpu=0
	cpu_all=$(awk -v a="$cpu_all" -v b="$cpu" 'BEGIN { print a + b }')
	last=$(grep -v '^[[:space:]]*$' "$logs/$name.log" | tail -1 | cut -c1-100)
	n_done=$((n_done + 1))
	if [ "$rc" = 0 ]; then
		printf 'PASS %-14s %6s s, CPU %6s s  %s\n' "$name" "$wall" "$cpu" "$last"
		printf '%s %s\n' "$name" "$wall" >>"$state/times"
	else
		printf 'FAIL %-14s %6s s, CPU %6s s  exit %s; its log, %s:\n' \
		    "$name" "$wall" "$cpu" "$rc" "$logs/$name.log"
		sed 's/^/  | /' "$logs/$name.log" | tail -200
		failed="$failed $name"
	fi
}

# Start up to $jobs; each time one ends, start the next.
while :; do
	while [ "$n_run" -lt "$jobs" ] && [ -s "$state/queue" ]; do
		line=$(head -1 "$state/queue")
		sed 1d "$state/queue" >"$state/queue.next"
		mv "$state/queue.next" "$state/queue"
		start_one "$line"
	done
	[ "$n_run" -eq 0 ] && break
	# The first suite of the running ones that has ended (its code is
	# written, or its shell is gone, killed); else wait a little (POSIX
	# sh has no wait for any one child).
	ended=
	for r in $running; do
		if [ -e "$state/${r%:*}.rc" ] || ! kill -0 "${r#*:}" 2>/dev/null
		then
			ended=$r
			break
		fi
	done
	if [ -z "$ended" ]; then
		sleep 0.2
		continue
	fi
	running=$(printf '%s\n' $running | grep -vx "$ended" | tr '\n' ' ')
	n_run=$((n_run - 1))
	finish "${ended%:*}" "${ended#*:}"
done

# The times of the suites that passed, for the next run's order; the
# others keep their last time.
if [ -s "$state/times" ]; then
	awk 'NR == FNR { t[$1] = $2; next } !($1 in t) { print }
	    END { for (n in t) print n, t[n] }' "$state/times" \
	    "$logs/times" 2>/dev/null >"$state/times.all" ||
	    cp "$state/times" "$state/times.all"
	cp "$state/times.all" "$logs/times"
fi

wall=$(secs "$start" "$(now)")
mins() { awk -v s="$1" 'BEGIN { printf "%d min %02d s", s / 60, s % 60 }'; }
if [ -z "$failed" ]; then
	[ "$total" = 1 ] && what="the suite" || what="all $total suites"
	echo "$what passed in $(mins "$wall") ($jobs at once;" \
	    "CPU $(mins "$cpu_all"))"
	exit 0
fi
echo "FAILED:$failed ($((total - $(echo $failed | wc -w))) of $total suites" \
    "passed; $(mins "$wall"), $jobs at once; CPU $(mins "$cpu_all"))"
exit 1
