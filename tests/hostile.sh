#!/bin/sh
# hostile.sh: bots written to cheat or to harm (tests/bots/hostile.py), each
# a real process in a real game.  With the sandbox on, a spy finds nothing,
# a killer, a stopper and a pipe injector leave the other seats "ok", a
# journal forger cannot reach the journal, and whatever a bot starts (a
# new session, a new process group, a fork storm) is gone after the match,
# after SIGTERM and after SIGKILL of the referee.  With the sandbox off the
# suite checks what the fallback still guarantees: nothing left behind
# after the match or SIGTERM, and a bot over its memory limit named so.
#
# Usage: tests/hostile.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/hostile.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
tag="hostile-tag-$$"
host="python3 $here/bots/hostile.py"
good="$(dirname "$bin")/examples/random-bot $tag"
listener=
trap 'pkill -CONT -f "$tag" 2>/dev/null; pkill -KILL -f "$tag" 2>/dev/null;
    [ -n "$listener" ] && kill "$listener" 2>/dev/null; rm -rf "$tmp"' \
    EXIT INT TERM

. "$here/checks.sh"

# Limits are generous: nothing here may fail because the machine is slow.
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000 --grace-ms 500"

# play BOX NAME ARGS...: a 3-seat match with --sandbox BOX; output in
# $tmp/NAME.out, logs in $tmp/NAME/.
play() {
	box=$1
	name=$2
	shift 2
	# shellcheck disable=SC2086
	"$bin" play --sandbox "$box" --quiet --seed 12345 $limits \
	    --log-dir "$tmp/$name" --transcripts --replay "$tmp/$name.sabr.gz" \
	    "$@" >"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
}

# status NAME K: bot K's status in the summary of match NAME.
status() {
	awk -v k="$2" '$1 ~ "^"k":" && NF >= 4 { print $4; exit }' "$tmp/$1.out"
}

# expect NAME K STATUS
expect() {
	got=$(status "$1" "$2")
	[ "$got" = "$3" ] && ok || {
		no "$1: bot $2 status \"$got\", want \"$3\""
		sed 's/^/  | /' "$tmp/$1.out" | tail -12
	}
}

# report NAME: the hostile bot's own report (its stderr log).
report() {
	cat "$tmp/$1"/1-hostile-*.stderr 2>/dev/null
}

# found_nothing NAME MIN: the hostile bot tried at least MIN things, finished
# its attack, and found nothing.
found_nothing() {
	r=$(report "$1")
	tried=$(printf '%s\n' "$r" | grep -c '^TRIED')
	if [ "$tried" -lt "$2" ] || ! printf '%s\n' "$r" | grep -q '^DONE'; then
		no "$1: the hostile bot tried $tried things (want $2 or more) or did not finish"
		printf '%s\n' "$r" | head -20 | sed 's/^/  | /'
	elif printf '%s\n' "$r" | grep -q '^FOUND'; then
		no "$1: the hostile bot got through:"
		printf '%s\n' "$r" | grep '^FOUND' | head -10 | sed 's/^/  | /'
	else
		ok
	fi
}

# wait_gone WHAT: every process of this run ends within a minute (a killed
# referee's bots die as the kernel gets to them, not at once).
wait_gone() {
	i=0
	while pgrep -f "$tag" >/dev/null 2>&1 && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	leftovers "$1" 0
}

# wait_for FILE WORD: until FILE holds WORD (the bot reached its attack).
wait_for() {
	i=0
	while ! grep -q "$2" "$1" 2>/dev/null && [ $i -lt 1200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	grep -q "$2" "$1" 2>/dev/null && ok || no "never saw $2 in $1"
}

# killed BOX SIGNAL: a bot that leaves a new-session daemon and then
# thinks forever; the referee gets SIGNAL while it waits.
killed() {
	name=$1-$2
	"$bin" play --sandbox "$1" --quiet --seed 7 $limits \
	    --log-dir "$tmp/$name" "$host linger $tag" "$good" "$good" \
	    >"$tmp/$name.out" 2>&1 &
	ref=$!
	wait_for "$tmp/$name/1-hostile-linger.stderr" LINGER
	# The daemon, forked before LINGER, says when it ignores SIGTERM.
	wait_for "$tmp/$name/1-hostile-linger.stderr" SETTLED
	kill "-$2" "$ref"
	wait "$ref" 2>/dev/null
	wait_gone "$1: after SIG$2 of the referee"
}

# A port that answers on the machine's loopback, for the spy to find.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c "
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1', $port)); s.listen(5); time.sleep(600)" &
listener=$!

if ! "$bin" play --sandbox on --games 1 --quiet --log-dir "$tmp/probe" \
    $limits "$good" "$good" "$good" >"$tmp/probe.out" 2>&1; then
	no "the sandbox cannot run here (scripts/deps.sh installs bubblewrap):"
	sed 's/^/  | /' "$tmp/probe.out"
fi

# ---- the sandbox on ------------------------------------------------------

# The spy knows where the organiser keeps everything: the other seats'
# transcripts, the replay being written, the log folder; it reads every
# process's command line (the --seed), environment and memory, and dials
# a port open on the machine.
play on spy "$host spy $tag $tmp/spy/2-random.transcript $tmp/spy.sabr.gz $tmp/spy net:$port" "$good" "$good"
expect spy 1 ok
found_nothing spy 4

play on killer "$host killer $tag" "$good" "$good"
expect killer 2 ok
expect killer 3 ok
grep -q '^TRIED' "$tmp/killer/1-hostile-killer.stderr" && ok ||
    no "killer: tried nothing"

play on injector "$host injector $tag" "$good" "$good"
expect injector 2 ok
expect injector 3 ok

for m in daemon pgroup storm; do
	play on "$m" "$host $m $tag" "$good" "$good"
	expect "$m" 2 ok
	leftovers "sandbox on, $m: after the match"
done

cat >"$tmp/hog.yaml" <<EOF
bots:
  hog:
    command: $host hog $tag
    memory-mb: 200
  random:
    command: $good
EOF
play on hog --config "$tmp/hog.yaml" hog random random
expect hog 1 memory
expect hog 2 ok
leftovers "sandbox on, hog: after the match"

killed on TERM
killed on KILL

# Script bots whose #! line names an interpreter outside the system
# folders, directly or through env(1) on the PATH (a wrapper, a python3 in
# a home folder): the sandbox shows the interpreter's installation too.
# They live outside $tmp, which holds the replays bots must not see.
sb=$(mktemp -d)
mkdir -p "$sb/interp/bin" "$sb/scripts"
cp "$(command -v sh)" "$sb/interp/bin/mysh"
for how in direct env; do
	if [ $how = direct ]; then
		echo "#!$sb/interp/bin/mysh"
	else
		echo "#!/usr/bin/env mysh"
	fi >"$sb/scripts/$how.bot"
	cat >>"$sb/scripts/$how.bot" <<EOF
# $tag
while read -r word rest; do
	case \$word in
	saboteur) echo "bot shebang-$how moves" ;;
	legal) last=\$rest ;;
	turn) echo "\$last" ;;
	quit) exit 0 ;;
	esac
done
EOF
	chmod 755 "$sb/scripts/$how.bot"
done
(PATH="$sb/interp/bin:$PATH"; play on shebang "$sb/scripts/direct.bot" \
    "$sb/scripts/env.bot" "$good")
expect shebang 1 ok
expect shebang 2 ok
rm -rf "$sb"

# The journal forger, in a tournament: it knows where the journal is.
cat >"$tmp/t.yaml" <<EOF
players: 3
seed: 99
schedule: {games: 2}
time: {move-ms: 20000, bank-ms: 60000, handshake-ms: 60000, grace-ms: 500}
sandbox: {mode: on}
output: $tmp/t-results
bots:
  - {name: forger, command: "$host forger $tag $tmp/t-results/journal.txt"}
  - {name: random, command: "$good"}
  - {name: random2, command: "$good"}
EOF
"$bin" tournament --quiet -j 1 "$tmp/t.yaml" >"$tmp/t.out" 2>&1 && ok ||
    { no "forger tournament: exit $?"; sed 's/^/  | /' "$tmp/t.out"; }
if grep -q forged "$tmp/t-results/journal.txt"; then
	no "forger: a forged line is in the journal"
else
	ok
fi
cat "$tmp"/t-results/logs/forger.*.stderr >"$tmp/forger.report" 2>/dev/null
grep -q '^TRIED' "$tmp/forger.report" && ! grep -q '^FOUND' "$tmp/forger.report" &&
    ok || { no "forger: tried nothing, or got through"
	sed 's/^/  | /' "$tmp/forger.report"; }
leftovers "forger tournament"

# ---- the sandbox off: what the fallback still guarantees -------------------

for m in daemon pgroup storm; do
	play off "off-$m" "$host $m $tag" "$good" "$good"
	expect "off-$m" 2 ok
	leftovers "sandbox off, $m: after the match"
done
play off off-hog --config "$tmp/hog.yaml" hog random random
expect off-hog 1 memory
leftovers "sandbox off, hog: after the match"
killed off TERM

echo "hostile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
