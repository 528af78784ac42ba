#!/bin/sh
# view_tmux.sh: drives the interactive replay viewer in a real terminal
# (tmux, on a private server, at a fixed size): keys move the position and
# change the perspective, autoplay advances, q and SIGTERM put the terminal
# back, and --follow shows a game live while "saboteur play" writes it.
#
# Usage: tests/view_tmux.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/view_tmux.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
top=$(cd "$(dirname "$0")/.." && pwd)
fixture=$top/tests/fixtures/replays/base-5p-failures.sabr.gz
tmp=$(mktemp -d)
sock=sabview-$$
play_pid=
pass=0
fail=0

cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
	[ -n "$play_pid" ] && kill "$play_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

if ! command -v tmux >/dev/null 2>&1; then
	echo "view_tmux: tmux is missing (scripts/deps.sh check installs it)"
	exit 1
fi

ok() {
	pass=$((pass + 1))
}

bad() {
	echo "FAIL $1"
	sed 's/^/  | /' "$tmp/screen" | head -60
	fail=$((fail + 1))
}

t() {
	tmux -L "$sock" -f /dev/null "$@"
}

screen() {
	t capture-pane -p -t view >"$tmp/screen" 2>/dev/null
}

# wait_for NAME PATTERN [SECONDS]: the screen shows PATTERN (grep -E) in
# time; the default is generous, so that a busy machine cannot fail it.
wait_for() {
	name=$1 pattern=$2 n=$(( ${3:-60} * 10 ))
	while [ "$n" -gt 0 ]; do
		screen
		if grep -Eq -- "$pattern" "$tmp/screen"; then
			ok
			return 0
		fi
		sleep 0.1
		n=$((n - 1))
	done
	bad "$name: no \"$pattern\" on the screen"
	return 1
}

# keys NAME PATTERN KEY...: sends the keys, then waits for PATTERN.
keys() {
	name=$1 pattern=$2
	shift 2
	t send-keys -t view "$@"
	wait_for "$name" "$pattern"
}

# The decision the header shows ("decision 40/201" gives 40), or 0.
decision() {
	screen
	sed -n 's/.*decision \([0-9]*\).*/\1/p' "$tmp/screen" | head -1 | grep . ||
	    echo 0
}

step() {
	screen
	sed -n 's/.*| step \([0-9]*\)\/.*/\1/p' "$tmp/screen" | head -1 | grep . ||
	    echo 0
}

# start ARGS...: runs the viewer in a fresh 120 x 50 terminal; afterwards
# the shell says how it exited and whether the terminal is cooked again.
start() {
	t kill-session -t view 2>/dev/null
	t new-session -d -s view -x 120 -y 50 -c "$top" \
	    "$bin view $*; echo \"exited \$?\"; stty -a | tr ' ;' '\\n\\n' |
	    grep -x -e icanon -e -icanon -e echo -e -echo; echo stty-done;
	    sleep 600"
}

restored() {
	what=$1
	wait_for "$what: exit code" "^exited $2\$" || return
	wait_for "$what: stty" "^stty-done\$" || return
	if grep -qx -- -icanon "$tmp/screen" || grep -qx -- -echo "$tmp/screen" ||
	    ! grep -qx icanon "$tmp/screen"; then
		bad "$what: the terminal is still raw"
	elif grep -q "view: " "$tmp/screen"; then
		bad "$what: the viewer's screen is still up"
	else
		ok
	fi
}

# ---- keys on a finished game ---------------------------------------------

start "$fixture"
wait_for opens-at-the-end "decision 201/201" &&
    wait_for opens-public "view: public" &&
    wait_for shows-the-keys "q quit"
keys home-is-the-set-up "set-up \| step 1/" Home
keys go-to-decision-120 "decision 120/201" g 1 2 0 Enter
keys go-to-round-3 "round 3 begins" g r 3 Enter
keys go-nowhere "no such decision" g 9 9 9 9 9 9 9 9 9 9 9 9 Enter
keys go-to-decision-40 "decision 40/201" g 4 0 Enter
# One step forward skips the steps the view is not told of; back returns.
s=$(step)
t send-keys -t view Right
# until_step_above S: waits (up to a minute) for the step to pass S.
until_step_above() {
	i=0
	while [ "$(step)" -le "$1" ] && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
until_step_above "$s"
s2=$(step)
if [ "$s2" -gt "$s" ]; then ok; else bad "right: step $s, then $s2"; fi
keys left-is-one-step-back "step $s/" Left
keys full-view-first "view: all" a
keys right-in-the-full-view-is-the-next-step "step $((s + 1))/" Right
keys full-view-back "step $s/" Left
keys public-view-again "view: public" v
keys n-is-the-next-decision "decision 41/201" n
keys p-is-the-previous-decision "decision 40/201" p
keys seat-view "view: seat 2 \(illegal\)" 2
keys full-view "view: all" a
keys public-view "view: public" v
keys no-such-seat "there is no seat 7" 7
keys next-failure "now: seat 2 \(illegal\) replies.*refused" f
keys next-round "round 2 begins" N
keys previous-round "round 1 begins" P
keys end "decision 201/201" End
keys help-screen "f, F +the next, the previous failure" '?'
keys help-closes "decision 201/201" x
keys home-again "step 1/" Home
keys autoplay-on "autoplay 4/s" Space
keys autoplay-faster "autoplay 10/s" +
until_step_above 5
s=$(step)
if [ "$s" -gt 5 ]; then ok; else bad "autoplay: still at step $s"; fi
keys autoplay-off "verified" Space
s=$(step)
sleep 0.6
if [ "$(step)" = "$s" ]; then ok; else bad "autoplay did not stop"; fi
t send-keys -t view q
restored q-quits 0

# ---- SIGTERM puts the terminal back too ----------------------------------

start --as all --ascii "$fixture"
wait_for ascii-full-view "view: all"
pane=$(t display -p -t view '#{pane_pid}')
pid=$(pgrep -P "$pane" -x saboteur)
if [ -n "$pid" ] && kill -TERM "$pid"; then
	restored sigterm-restores 5
else
	bad "no viewer process to stop"
fi

# ---- --follow on a game being written -----------------------------------

# A bot that thinks for a while before each move (the first legal one).
cat >"$tmp/slow.py" <<'EOF'
import sys, time
legal = []
for raw in sys.stdin:
    w = raw.split()
    if not w:
        continue
    if w[0] == "saboteur":
        print("bot slow moves", flush=True)
    elif w[0] == "legal":
        legal.append(raw.strip()[6:])
    elif w[0] == "turn":
        time.sleep(0.08)
        print(legal[0], flush=True)
        legal = []
    elif w[0] == "quit":
        break
EOF
# The replay's folder is hidden from sandboxed bots, so slow.py lives
# elsewhere.
mkdir -p "$tmp/replays"
live=$tmp/replays/live.sabr.gz
start --follow "$live"
wait_for follow-waits "waiting for .*live.sabr.gz"
(cd "$top" && exec "$bin" play --seed 11 --quiet --move-ms 20000 \
    --bank-ms 60000 --handshake-ms 60000 --log-dir "$tmp/logs" \
    --replay "$live" "python3 $tmp/slow.py" build/examples/random-bot \
    build/examples/random-bot build/examples/random-bot \
    build/examples/random-bot >"$tmp/play.out" 2>&1) &
play_pid=$!
wait_for follow-live "live: .*live.sabr.gz.part" 120
d1=$(decision)
i=0
while [ "$(decision)" -le "$d1" ] && [ $i -lt 600 ] &&
    kill -0 "$play_pid" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
d2=$(decision)
if [ "$d2" -gt "$d1" ]; then ok; else bad "follow: decision $d1, then $d2"; fi
screen
if grep -Eq "step ([0-9]+)/\\1 " "$tmp/screen"; then ok; else
	bad "follow: not at the last step"; fi
wait "$play_pid"
play_pid=
wait_for follow-sees-the-end "complete, every record verified" 120 &&
    wait_for follow-at-the-end "game over"
t send-keys -t view q
restored follow-quits 0

echo "view_tmux: $pass passed, $fail failed"
[ "$fail" = 0 ]
