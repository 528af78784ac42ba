#!/bin/sh
# view_tmux.sh: drives the interactive replay viewer in a real terminal
# (tmux, on a private server, at a fixed size): keys move the position and
# change the perspective, autoplay advances, q and SIGTERM put the terminal
# back, and --follow shows a game live while "saboteur play" writes it.
# On an ordinary 80 x 24 terminal, games of 5 and 10 players show the move
# played, the board marks where it is cut and pans, the header keeps whole
# words, ? shows the legend, seats 10 and 11 have keys, and a resized
# window is drawn again to its new size.  A game with the World
# Championship cards shows what waits for reactions and who is asked; one
# with the mini expansions shows the postcards, a dwarf and its toll, and
# a new dwarf card to its seat alone.
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

. "$top/tests/checks.sh"

if ! command -v tmux >/dev/null 2>&1; then
	echo "view_tmux: tmux is missing (scripts/deps.sh check installs it)"
	exit 1
fi

# While quiet is 1, what is found is a step on the way, not a check.
quiet=0
ok() {
	[ "$quiet" = 1 ] || pass=$((pass + 1))
}

bad() {
	echo "FAIL $1"
	sed 's/^/  | /' "$tmp/screen" | head -60
	fail=$((fail + 1))
}

t() {
	tmux -L "$sock" -f /dev/null "$@"
}

# A session that outlives the viewer's, so that killing the viewer's does
# not stop the server while the next one starts.
t new-session -d -s keep -x 20 -y 5 "sleep 3600"

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

# start ARGS...: runs the viewer in a fresh terminal of $cols x $rows
# (120 x 50 unless set); afterwards the shell says how it exited and
# whether the terminal is cooked again.  The words are quoted for the
# pane's shell (q, tests/checks.sh): paths may hold blanks.
cols=120 rows=50
start() {
	args=
	for a in "$@"; do
		args="$args $(q "$a")"
	done
	t kill-session -t view 2>/dev/null
	t new-session -d -s view -x "$cols" -y "$rows" -c "$top" \
	    "$(q "$bin") view$args; echo \"exited \$?\"; stty -a | tr ' ;' '\\n\\n' |
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
wait_for opens-at-the-start "round 1 \| set-up \| step 1/" &&
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
wait_for help-has-the-legend "a dead end: nothing joins through it"
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

# ---- an ordinary 80 x 24 terminal -----------------------------------------

cols=80 rows=24
tall=$top/tests/fixtures/replays/base-5p-tall.sabr.gz
ten=$top/tests/fixtures/replays/base-10p.sabr.gz
twelve=$top/tests/fixtures/replays/big12-12p.sabr.gz

# header_whole NAME FILE: the header's two lines hold whole fields only:
# the first, fields of the header the plain print of FILE gives (or the
# start's date alone, or the game's number alone); the second, fields of
# their known shapes, ending either inside the window or with a whole
# "view:" field.
header_whole() {
	"$bin" view --at 0 "$2" 2>/dev/null | sed -n 1p | sed 's/, /\n/g' \
	    >"$tmp/fields"
	sed -n 's/^\(started [0-9-]*\)T.*/\1/p' "$tmp/fields" >>"$tmp/fields"
	sed -n 's/^\(game [0-9]*\) (.*/\1/p' "$tmp/fields" >>"$tmp/fields"
	screen
	w=$(t display -p -t view '#{window_width}')
	l2=$(sed -n 2p "$tmp/screen")
	if sed -n 1p "$tmp/screen" | sed 's/ *$//; s/, /\n/g' |
	    grep -vxF -f "$tmp/fields" | grep -q .; then
		bad "$1: the header's first line is cut inside a field"
	elif ! printf '%s\n' "$l2" | grep -Eqx 'round [0-9]+( \| (set-up|decision [0-9]+(/[0-9]+| \(unfinished\))|step [0-9]+/[0-9]+|deck [0-9]+|seat [0-9]+ to play|game over|view: (public|all \(every hidden card\)|seat [0-9]+( \([^)]*\))?)))* *' ||
	    { [ "${#l2}" -ge "$w" ] &&
	    ! printf '%s\n' "$l2" | grep -Eq '\| view: (public|all \(every hidden card\)|seat [0-9]+( \([^)]*\))?) *$'; }; then
		bad "$1: the header's second line is cut inside a field"
	else
		ok
	fi
}

# on_board X Y: the screen's board shows column X and row Y.
on_board() {
	awk -v x="$1" -v y="$2" '
	{
		n = split($0, w, " "); ints = 0; axis = 1
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^-?[0-9]+$/) ints++
			else if (w[i] != "<" && w[i] != ">") axis = 0
		if (axis && ints >= 2)
			for (i = 1; i <= n; i++) if (w[i] == x) col = 1
		l = substr($0, 1, 4); gsub(/[\^v ]/, "", l)
		if (l == y && substr($0, 4, 1) == " " && length($0) > 4) row = 1
	}
	END { exit !(col && row) }' "$tmp/screen"
}

# press NAME PATTERN KEY...: sends the keys, then waits (up to 60 s) for
# PATTERN.
press() {
	name=$1 pattern=$2
	shift 2
	t send-keys -t view "$@"
	wait_for "$name" "$pattern" 60
}

# go_to NAME PATTERN KEY...: keys that lead to a check, not one.
go_to() {
	quiet=1
	press "$@"
	quiet=0
}

# shows_move NAME X Y: once the screen shows the move played at X Y, the
# board shows that cell.
shows_move() {
	quiet=1
	wait_for "$1: the move" "now: seat [0-9]+'s move: play [A-Za-z-]+ $2 $3 " 60
	quiet=0
	if on_board "$2" "$3"; then ok; else
		bad "$1: cell $2 $3 is not on the board shown"; fi
}

# Five players: the board rows -5..7 of decision 44, played at 2 7.
start "$tall"
wait_for 80x24-opens-at-the-start "round 1 \| set-up \| step 1/" 60
header_whole 80x24-5p-header-at-the-start "$tall"
go_to 80x24-5p-go "decision 44/201" g 4 4 Enter
shows_move 80x24-5p-move 2 7
header_whole 80x24-5p-header "$tall"
go_to 80x24-5p-end "game over" End
header_whole 80x24-5p-header-at-the-end "$tall"
# ? shows the legend of the board's marks, then the keys.
press 80x24-legend "a dead end: nothing joins through it" '?'
press 80x24-legend-then-keys "H J K L +move the board" '?'
go_to 80x24-help-closes "game over" x
# A smaller window: the board is cut, says so, and still shows the move;
# back to 80 x 24 the header is whole again.
go_to 80x24-5p-back-to-44 "decision 44/201" g 4 4 Enter
t resize-window -t view -x 60 -y 16
wait_for resize-small-cuts-the-board "^more: .*rows? -5" 60
shows_move resize-small-move 2 7
header_whole resize-small-header "$tall"
t resize-window -t view -x 80 -y 24
quiet=1
wait_for resize-back "^ *-5 " 60
quiet=0
header_whole resize-back-header "$tall"

# A long path (a checkout deep in a home folder) on the status line gives
# way first: the state after it stays whole, and autoplay with it.
long=$tmp/a-folder-with-a-long-name-as-checkouts-have/and-another-one-below-it
mkdir -p "$long"
cp "$tall" "$long/game.sabr.gz"
start "$long/game.sabr.gz"
wait_for long-path-cut '^\.\.\..*/game\.sabr\.gz: complete, every record verified *$' 60
press long-path-autoplay 'game\.sabr\.gz: complete, every record verified \| autoplay 4/s *$' Space
t send-keys -t view q

# Ten players: the table gives way to the board; decision 129 plays -1 7.
start "$ten"
quiet=1
wait_for 80x24-10p-opens "round 1 \| set-up" 60
quiet=0
go_to 80x24-10p-go "decision 129/201" g 1 2 9 Enter
shows_move 80x24-10p-move -1 7
header_whole 80x24-10p-header "$ten"
# The whole table (t) leaves the board a few rows: cut, marked, following
# the move; K pans up, c follows again.
press 80x24-10p-full-table "^more: .*row" t
screen
if grep -Eq '^(\^|v) ?-?[0-9]+ ' "$tmp/screen"; then ok; else
	bad "80x24-10p: no ^ or v mark on a cut edge"; fi
shows_move 80x24-10p-cut-move -1 7
press 80x24-10p-pan-up "^more: .*v rows? [0-9-]+\.\.7" K
press 80x24-10p-follow-again "^more: .*\^ rows? -" c
shows_move 80x24-10p-followed -1 7

# Twelve players: seats 10 and 11 have keys (s N Enter, and [ ]).
start "$twelve"
quiet=1
wait_for 80x24-12p-opens "round 1 \| set-up" 60
quiet=0
press seat-10 "view: seat 10( |$)" s 1 0 Enter
press seat-11-next "view: seat 11( |$)" ']'
press after-seat-11-all "view: all" ']'
press before-all-seat-11 "view: seat 11( |$)" '['
press no-seat-12 "there is no seat 12" s 1 2 Enter
t send-keys -t view q

# Saboteur 2 with twelve players: at the end of the game, in the full view,
# the compact table names roles by two letters and shows cards in front;
# the legend has the doors, ladders and crystals and the six roles.
sab2=$top/tests/fixtures/replays/saboteur2-12p.sabr.gz
start --as all "$sab2"
quiet=1
wait_for 80x24-sab2-opens "round 1 \| set-up" 60
quiet=0
press 80x24-sab2-end "game over" End
wait_for 80x24-sab2-role-letters "(bm|gm|bo|pr|ge|sa)[ !] [-PLC1-9]{3}[-T][-X] "
press 80x24-sab2-legend "a door, blue or green" '?'
wait_for 80x24-sab2-legend-roles "gm ge|green gold miner"
t send-keys -t view q

# The World Championship cards (base-wc): the "now" line shows the card
# waiting for reactions and, to the seat asked alone, that it is asked; the
# next step says the veto in words; later the reversed direction of play.
wc=$top/tests/fixtures/replays/base-wc-view.sabr.gz
start --as 1 "$wc"
quiet=1
wait_for wc-opens "round 1 \| set-up" 60
quiet=0
# The line may wrap: the patterns stop short of its end.
press wc-pending-as-the-seat-asked \
    "now: .*\[pending: seat 0's dead-NW; react: seat" g 1 Enter
press wc-veto-in-words "now: seat 1 vetoes seat 0's dead-NW" Right Right
press wc-play-reversed "now: .*\[play reversed" g 6 8 6 Enter
press wc-public "view: public" '[' '['
wait_for wc-reversed-in-public "now: seat 1's move: discard - \[play reversed\]"
t send-keys -t view q

# The mini expansions (base-minis, the committed game): both postcards lie
# on the board from the set-up (C and P); seat 0's dwarf (D) stands where it
# was put, its discarded card hidden from the public; the legend names
# them; seat 1 pays the toll for seat 2's dwarf in words; seat 3, who
# connects the Tunnel Party, is told its new dwarf card.
minis=$top/tests/fixtures/replays/base-minis-5p.sabr.gz
# seek NAME PATTERN KEY: presses KEY one step at a time (each press waits
# for the step shown to change) until PATTERN shows, 20 presses at most.
seek() {
	name=$1 pattern=$2 key=$3 k=0
	while [ "$k" -lt 20 ]; do
		s0=$(step)
		t send-keys -t view "$key"
		n=600
		while [ "$n" -gt 0 ] && [ "$(step)" = "$s0" ]; do
			sleep 0.1
			n=$((n - 1))
		done
		if grep -Eq -- "$pattern" "$tmp/screen"; then
			ok
			return 0
		fi
		k=$((k + 1))
	done
	bad "$name: no \"$pattern\" within 20 steps"
}
start "$minis"
quiet=1
wait_for minis-opens "round 1 \| set-up" 60
quiet=0
# Box-drawing lines on a UTF-8 terminal, ASCII ones otherwise ("-C-" in
# the compact board, "--C--" in the full one).
press minis-costume-laid "^ *-2 .*(─C─|-C-)" g 1 Enter
wait_for minis-party-laid "^ *2 .*(─P─|-P-)"
press minis-dwarf-hidden "now: seat 0's move: dwarf - 4 -1" g 9 2 Enter
go_to minis-before-the-dwarf "decision 91/" g 9 1 Enter
seek minis-dwarf-in-words "now: seat 0 puts a dwarf on 4 -1 \(no draw\)" Right
press minis-dwarf-on-board "^ *-1 .* D " Right
press minis-legend-dwarf "D +a dwarf \(Tunnel Toll\)" '?'
wait_for minis-legend-postcards "C P +a postcard: the Costume Department"
go_to minis-legend-closes "q quit" x
go_to minis-before-the-toll "decision 66/" g 6 6 Enter
seek minis-toll-in-words "now: seat 1 pays seat 2 1 gold for the dwarf on 1 0" \
    Right
go_to minis-before-the-party "decision 83/" g 8 3 Enter
seek minis-party-in-words "now: seat 3 connects party-NESW at 4 2" Right
press minis-as-seat-3 "view: seat 3" s 3 Enter
seek minis-new-role-to-the-seat "now: seat 3 is a gold miner" Right
t send-keys -t view q

# A terminal that cannot move its cursor gets the plain print, and why.
t kill-session -t view 2>/dev/null
t new-session -d -s view -x "$cols" -y "$rows" -c "$top" \
    "TERM=dumb $(q "$bin") view --ascii $(q "$tall") 2>$(q "$tmp/dumb.err"); echo \"exited \$?\";
    sleep 600"
wait_for dumb-terminal-prints "^exited 0$" 60
if grep -q "cannot move its cursor: printing the position" "$tmp/dumb.err"
then ok; else bad "dumb terminal: $(cat "$tmp/dumb.err")"; fi

echo "view_tmux: $pass passed, $fail failed"
[ "$fail" = 0 ]
