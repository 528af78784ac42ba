#!/bin/sh
# human_tmux.sh: a person plays a seat ("human") of a real match in a real
# terminal (tmux, on a private server, 80 x 24) against the example bots:
# the picker shows the seat's table and its legal moves, a filter typed
# narrows them, the board cursor picks a path card's cell, and every move
# chosen is the one the replay records; the person plays the whole game,
# which verifies, the referee's summary comes after the person's screen,
# and the terminal is as it was.  ^C stops the match (exit 5) and puts the
# terminal back too; a referee without a terminal refuses a person's seat.
#
# Usage: tests/human_tmux.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/human_tmux.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
sock=sabhuman-$$
tag="human-tag-$$"

cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
	pkill -KILL -f "$tag" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

. "$here/checks.sh"

# Bot command lines, their paths quoted (q): the checkout's path may hold
# blanks.
rb="$(q "$(dirname "$bin")/examples/random-bot") $tag"
hb="$(q "$(dirname "$bin")/examples/heuristic-bot") $tag"

if ! command -v tmux >/dev/null 2>&1; then
	echo "human_tmux: tmux is missing (scripts/deps.sh check installs it)"
	exit 1
fi

bad() {
	no "$1"
	sed 's/^/  | /' "$tmp/screen" | head -30
}

t() {
	tmux -L "$sock" -f /dev/null "$@"
}

t new-session -d -s keep -x 20 -y 5 "sleep 3600"

screen() {
	t capture-pane -p -t game >"$tmp/screen" 2>/dev/null
}

# wait_for NAME PATTERN [SECONDS]: the screen shows PATTERN (grep -E).
wait_for() {
	name=$1 pattern=$2 n=$(( ${3:-60} * 20 ))
	while [ "$n" -gt 0 ]; do
		screen
		grep -Eq -- "$pattern" "$tmp/screen" && { ok; return 0; }
		sleep 0.05
		n=$((n - 1))
	done
	bad "$name: no \"$pattern\" on the screen"
	return 1
}

# The move the picker has chosen (the line marked ">").
chosen() {
	screen
	sed -n 's/^> \(play\|discard\|pick\|allow\|take\|steal\|reveal\|push\|choose\|dwarf\|remove\)/\1/p' \
	    "$tmp/screen" | head -1
}

# game NAME: a 3-seat match, the person at seat 0, in window "game"; the
# terminal's settings before and after it go to NAME.before and .after.
# The window's shell (the user's: bash, dash, ...) is sent ^C with play,
# and dash would die of it before saying play's exit code: it catches
# SIGINT instead (play, a new program, gets the default action back),
# and becomes the sleep that keeps the window, which holds no tag.
game() {
	t kill-session -t game 2>/dev/null
	t new-session -d -s game -x 80 -y 24 "trap : INT; cd $(q "$tmp") &&
	    stty -a >$(q "$1.before") && $(q "$bin") play --seed 3 \
	    --log-dir $(q "$tmp/$1") --replay $(q "$tmp/$1.sabr.gz") \
	    human $(q "$rb") $(q "$hb"); echo EXIT=\$?; stty -a >$(q "$1.after");
	    exec sleep 3600"
}

# ---- a whole game ----------------------------------------------------------

game full
wait_for picker "type: filter" || exit 1
wait_for header "you: seat 0, (miner|saboteur)"
wait_for hand "^hand "
wait_for players "> 0 human"
grep -q "S" "$tmp/screen" && ok || bad "no start card on the board"
total=$(sed -n 's/^move: _ *(\([0-9]*\) of \([0-9]*\))$/\2/p' "$tmp/screen")
# A filter narrows the list to the moves that hold it.
t send-keys -t game "discard"
wait_for filter "^move: discard_ +\\([0-9]+ of $total\\)"
shown=$(grep -c '^[> ] [a-z]' "$tmp/screen")
disc=$(grep -c '^[> ] discard ' "$tmp/screen")
[ "$shown" -gt 0 ] && [ "$shown" = "$disc" ] && ok ||
    bad "the filter shows $shown lines, $disc of them discards"
# Down chooses the second of them.
want=$(grep '^[> ] discard ' "$tmp/screen" | sed -n '2s/^. //p')
t send-keys -t game Down
wait_for down "^> $want\$"
first=$(chosen)
t send-keys -t game Enter
# Then the board cursor: a path card's cell, chosen with the arrows.  The
# next decision's picker starts with no filter.
wait_for picker2 "^move: _ +\([0-9]+ of [0-9]+\)\$"
second=
if grep -q '^[> ] play path' "$tmp/screen"; then
	t send-keys -t game "play path" Tab
	wait_for board-mode "^board: the moves at -?[0-9]+ -?[0-9]+"
	from=$(sed -n 's/^board: the moves at \(-\?[0-9]* -\?[0-9]*\) .*/\1/p' "$tmp/screen")
	t send-keys -t game Right
	# The cursor leaves its cell, unless nothing lies that way.
	n=0
	while [ $n -lt 100 ]; do
		screen
		grep -q "^board: the moves at $from " "$tmp/screen" || break
		grep -q "no move that way" "$tmp/screen" && break
		sleep 0.05
		n=$((n + 1))
	done
	second=$(chosen)
	cell=$(sed -n 's/^board: the moves at \(-\?[0-9]* -\?[0-9]*\) .*/\1/p' "$tmp/screen")
	case "$second" in
	"play path"*" $cell "[01]) ok ;;
	*) bad "board mode chose \"$second\" at the cell \"$cell\"" ;;
	esac
	t send-keys -t game Enter
else
	bad "the second decision offers no path card to lay (seed 3 did)"
	t send-keys -t game Enter
fi
# The rest of the game: the first legal move each time, until the end.
n=0
while [ $n -lt 3000 ]; do
	screen
	grep -q '^EXIT=' "$tmp/screen" && break
	grep -q 'type: filter' "$tmp/screen" && t send-keys -t game Enter
	sleep 0.05
	n=$((n + 1))
done
wait_for exit "^EXIT=0" 10
t capture-pane -p -S -60 -t game >"$tmp/screen"
grep -q "saboteur: you played seat 0 of game 1" "$tmp/screen" && ok ||
    bad "no word from the seat at its end"
grep -Eq '^1:human +[0-9]+ +[0-9]+ ok ' "$tmp/screen" && ok ||
    bad "the person's seat is not \"ok\" in the summary"
cmp -s "$tmp/full.before" "$tmp/full.after" && ok ||
    no "the terminal's settings changed: $(diff "$tmp/full.before" "$tmp/full.after")"
"$bin" verify "$tmp/full.sabr.gz" >"$tmp/verify.out" 2>&1 && ok ||
    no "the game does not verify: $(cat "$tmp/verify.out")"
# The replay records the moves the person chose, and three rounds.
zcat "$tmp/full.sabr.gz" | awk '$1 == "bot" && $2 == 0' |
    sed 's/^bot 0 [0-9]* [0-9]* //' >"$tmp/moves"
[ "$(sed -n 1p "$tmp/moves")" = "$first" ] && ok ||
    no "the first move chosen was \"$first\", the replay has \"$(sed -n 1p "$tmp/moves")\""
[ -z "$second" ] || [ "$(sed -n 2p "$tmp/moves")" = "$second" ] && ok ||
    no "the second move chosen was \"$second\", the replay has \"$(sed -n 2p "$tmp/moves")\""
[ "$(zcat "$tmp/full.sabr.gz" | grep -c '^round ')" = 3 ] && ok ||
    no "the game did not play three rounds"
zcat "$tmp/full.sabr.gz" | grep -q '^status 0' && no "the person's seat has a status" || ok

# ---- ^C stops the match and puts the terminal back -----------------------

game stop
wait_for picker-stop "type: filter" || exit 1
t send-keys -t game C-c
wait_for exit-stop "^EXIT=5" 30
grep -q "saboteur play: interrupted after 0 of 1 game" "$tmp/screen" && ok ||
    bad "no interruption said"
sleep 0.5
cmp -s "$tmp/stop.before" "$tmp/stop.after" && ok ||
    no "^C: the terminal's settings changed"
leftovers "after ^C" 10

# ---- a person's seat needs the referee's terminal -------------------------

# (Log folders in $tmp: not saboteur-logs/ in the source tree.)
setsid -w "$bin" play --quiet --log-dir "$tmp/refused" human "$rb" "$rb" \
    </dev/null >"$tmp/nott.out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "needs a terminal" "$tmp/nott.out" && ok ||
    no "no terminal: exit $rc: $(cat "$tmp/nott.out")"
"$bin" play --quiet --log-dir "$tmp/refused" human human "$rb" </dev/null \
    >"$tmp/two.out" 2>&1
[ $? = 2 ] && grep -q "one person a match" "$tmp/two.out" && ok ||
    no "two persons: $(cat "$tmp/two.out")"
# Refused before anything is written: the log folder was never made.
[ ! -e "$tmp/refused" ] && ok ||
    no "a refused person's seat left $tmp/refused behind"

leftovers "human_tmux: at the end" 10
echo "human_tmux: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
