#!/bin/sh
# hostile.sh: bots written to cheat or to harm (tests/bots/hostile.py), each
# a real process in a real game.  With the sandbox on, a spy finds nothing,
# a killer, a stopper and a pipe injector leave the other seats "ok", a
# journal forger cannot reach the journal, and whatever a bot starts (a
# new session, a new process group, a fork storm) is gone after the match,
# after SIGTERM and after SIGKILL of the referee.  Then the seal's bounds
# (saboteur(1), What the sandbox guarantees), one bot per way past them: a
# full /tmp, a tree over its memory, a fork bomb as root, two bots that
# collude, system calls no bot needs, a bot bwrap cannot seal, a bot's own
# module, a symlinked bot, a bot in the log folder, a writable folder
# filled, a disqualification's last words, an unsealed tournament, forged
# journal lines and a full results disk; each is bounded by itself (it
# stops at a cap and says FOUND), so that a referee without the bound
# fails the test without harming the machine.  With the sandbox off the
# suite checks what the fallback still guarantees: nothing left behind
# after the match or SIGTERM, a bot over its memory limit named so, and
# no lock or inotify channel between two bots.
#
# Usage: tests/hostile.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/hostile.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
tag="hostile-tag-$$"
listener=
trap 'pkill -CONT -f "$tag" 2>/dev/null; pkill -KILL -f "$tag" 2>/dev/null;
    [ -n "$listener" ] && kill "$listener" 2>/dev/null; rm -rf "$tmp"' \
    EXIT INT TERM

. "$here/checks.sh"
# Paths in bot command lines are quoted (q): the checkout's may hold blanks.
host="python3 $(q "$here/bots/hostile.py")"
good="$(q "$(dirname "$bin")/examples/random-bot") $tag"

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

# report NAME [K]: hostile bot K's own report (its stderr log; K is 1
# unless given).
report() {
	cat "$tmp/$1/${2:-1}"-hostile-*.stderr 2>/dev/null
}

# found_nothing NAME MIN [K]: hostile bot K tried at least MIN things,
# finished its attack, and found nothing.
found_nothing() {
	r=$(report "$1" "${3:-1}")
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
    command: "$host hog $tag"
    memory-mb: 200
  random:
    command: "$good"
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

# tfile FILE SEED GAMES OUT EXTRA NAME COMMAND: a tournament file of three
# seats, bot NAME running COMMAND and two random bots, generous limits,
# the line EXTRA (a top-level key, or nothing), results in OUT.
tfile() {
	cat >"$1" <<EOF
players: 3
seed: $2
schedule: {games: $3}
time: {move-ms: 20000, bank-ms: 60000, handshake-ms: 60000, grace-ms: 500}
$5
output: $4
bots:
  - {name: $6, command: "$7"}
  - {name: random, command: "$good"}
  - {name: random2, command: "$good"}
EOF
}

# The journal forger, in a tournament: it knows where the journal is.
tfile "$tmp/t.yaml" 99 2 "$tmp/t-results" "sandbox: {mode: on}" forger \
    "$host forger $tag $tmp/t-results/journal.txt"
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

# ---- whole-tree limits, the system-call filter, no channel, loud failures --

# Whether this machine gives the referee cgroups: play's summary says
# when it has none (a referee that does not say has none to offer).
cgroups=1
if grep -q '^sandbox: .*whole-tree limits: none' "$tmp/probe.out"; then
	cgroups=0
	echo "hostile: no cgroups for this user here, so the whole-tree" \
	    "memory and process limits go untested:" \
	    "$(grep '^sandbox:' "$tmp/probe.out")"
fi

# refused NAME WHAT: the hostile bot's attack was refused (it says WHAT)
# and got nowhere.
refused() {
	if report "$1" | grep -q "^REFUSED $2" && ! report "$1" | grep -q '^FOUND'
	then
		ok
	else
		no "$1: want the attack refused $2, got:"
		report "$1" | grep -v '^WROTE' | head -8 | sed 's/^/  | /'
	fi
}

# 1. A bot's private /tmp has a size, and with cgroups its pages count in
# the memory of the bot's whole tree.  2. With cgroups a fork bomb stops
# at the tree's process limit, root or not.  (Each is bounded: the bot
# stops at 300 MB or 400 processes by itself, and says FOUND.)
cat >"$tmp/limits.yaml" <<EOF
bots:
  tmpsize: {command: "$host tmpfill $tag 300", disk-mb: 32}
  tmpmem: {command: "$host tmpfill $tag 300", memory-mb: 96, disk-mb: 0}
  bomb: {command: "$host forkbomb $tag 400", processes: 48}
  spin: {command: "$host cpukids $tag", cpu-seconds: 1}
  random: {command: "$good"}
EOF
play on tmpsize --config "$tmp/limits.yaml" tmpsize random random
expect tmpsize 1 ok
refused tmpsize "after 32 MB: No space left on device"
if [ $cgroups = 1 ]; then
	play on tmpmem --config "$tmp/limits.yaml" tmpmem random random
	expect tmpmem 1 memory
	report tmpmem | grep -q '^FOUND' && no "tmpmem: /tmp grew past the limit"
	play on bomb --config "$tmp/limits.yaml" bomb random random
	expect bomb 1 processes
	refused bomb "after 4[0-9] children"
	leftovers "sandbox on, bomb: after the match"
	# The CPU time of the whole tree: three children of 0.6 s each,
	# none at its own limit of 1 s, dead ones too.
	play on spin --config "$tmp/limits.yaml" spin random random
	expect spin 1 cpu
fi

# 3. Two bots that collude: the sender opens every channel it knows at
# its handshake, the receiver listens on each at its first turn.
port2=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
play on collude "$host sender $tag $port2" "$host receiver $tag $port2" \
    "$good"
expect collude 1 ok
found_nothing collude 16 2

# 4. The system-call filter: each call in a child of its own, then one
# the bot makes itself, which kills it and says so.
play on syscalls "$host syscalls $tag" "$good" "$good"
found_nothing syscalls 13
# A sealed bot shares the referee's session, not its terminal: under a
# terminal of script(1)'s, the unsealed bot writes to it (so the test can
# fail), the sealed one cannot.
if command -v script >/dev/null 2>&1; then
	for box in off on; do
		# The match's command line, as play() would run it.
		printf '%s play --sandbox %s --quiet --games 1 %s --log-dir %s "%s" "%s" "%s"\n' \
		    "$(q "$bin")" "$box" "$limits" "$(q "$tmp/tty-$box")" \
		    "$host tty $tag" "$good" "$good" >"$tmp/tty-$box.sh"
		script -qc "sh $(q "$tmp/tty-$box.sh")" "$tmp/tty-$box.typescript" \
		    >/dev/null 2>&1 </dev/null
	done
	grep -q "hostile-tty-$tag" "$tmp/tty-off.typescript" && ok ||
	    no "tty: the unsealed bot did not reach script's terminal (no test)"
	if grep -q "hostile-tty-$tag" "$tmp/tty-on.typescript"; then
		no "tty: a sealed bot wrote to the terminal"
	else
		ok
	fi
	found_nothing tty-on 1
fi
play on ptrace "$host ptrace $tag" "$good" "$good"
expect ptrace 1 crash
grep -q "1:hostile-ptrace: killed by the sandbox's system-call filter" \
    "$tmp/ptrace.out" && ok ||
    no "ptrace: no word of the filter in the summary"

# 5. A bot bwrap cannot seal off (its folder inside /proc, where bwrap
# cannot make it) stops play, with bwrap's own words.
play on unsealable --bot-cwd /proc/self "$good" "$good" "$good"
if [ "$(cat "$tmp/unsealable.rc")" = 3 ] &&
    grep -q 'cannot be sealed off: bwrap: ' "$tmp/unsealable.out"; then
	ok
else
	no "unsealable: want exit 3 and bwrap's words, got exit" \
	    "$(cat "$tmp/unsealable.rc"):"
	sed 's/^/  | /' "$tmp/unsealable.out" | head -5
fi

# 5b. bwrap that cannot make its namespaces (run in a user namespace that
# maps no user, where it fails as on a machine that forbids them): the
# bots, started while bwrap was tried, are started again unsealed under
# --sandbox auto, after the warning, and leave nothing behind; --sandbox
# on stops with bwrap's words.
if unshare -U true 2>/dev/null; then
	unshare -U "$bin" play --sandbox auto --quiet --seed 12345 $limits \
	    --log-dir "$tmp/nouserns" "$good" "$good" "$good" \
	    >"$tmp/nouserns.out" 2>&1
	rc=$?
	if [ $rc = 0 ] && grep -q 'warning: bwrap cannot make a sandbox here' \
	    "$tmp/nouserns.out" && grep -q '^sandbox: unsealed' \
	    "$tmp/nouserns.out" && grep -q '^3:random .* ok ' "$tmp/nouserns.out"
	then
		ok
	else
		no "no user namespaces, auto: want exit 0, the warning and an" \
		    "unsealed match, got exit $rc:"
		sed 's/^/  | /' "$tmp/nouserns.out" | head -8
	fi
	leftovers "no user namespaces, auto: after the match"
	unshare -U "$bin" play --sandbox on --quiet --seed 12345 $limits \
	    --log-dir "$tmp/nouserns-on" "$good" "$good" "$good" \
	    >"$tmp/nouserns-on.out" 2>&1
	rc=$?
	[ $rc = 3 ] && grep -q -- '--sandbox on: bwrap cannot make a sandbox' \
	    "$tmp/nouserns-on.out" && ok ||
	    { no "no user namespaces, on: want exit 3 and bwrap's words, got $rc:"
		sed 's/^/  | /' "$tmp/nouserns-on.out" | head -5; }
	leftovers "no user namespaces, on: after the refusal"
else
	echo "hostile: unshare -U cannot run here: bwrap's failure at start is not checked"
fi

# 6. A bot run from its own folder sees it: its helper module imports.
# 7. A symbolic link to a bot runs sealed; a bot in the log folder is
# refused (exit 3).  8. A writable folder has a quota.  (Outside $tmp,
# which holds the replays bots must not see.)
sb=$(mktemp -d)
mkdir "$sb/own" "$sb/w"
printf 'def first(legal):\n    return legal[0] if legal else "x"\n' \
    >"$sb/own/helper.py"
cat >"$sb/own/bot.py" <<EOF
import sys
from helper import first
legal = []
for raw in sys.stdin:
    w = raw.split()
    if w and w[0] == "saboteur":
        print("bot own-folder moves", flush=True)
    elif w and w[0] == "legal":
        legal.append(raw.strip()[6:])
    elif w and w[0] == "turn":
        print(first(legal), flush=True)
        legal = []
    elif w and w[0] == "quit":
        break
EOF
(cd "$sb/own" && play on own-folder "python3 bot.py $tag" "$good" "$good")
expect own-folder 1 ok
ln -s "$(dirname "$bin")/examples/random-bot" "$sb/link-bot"
play on symlink "$sb/link-bot $tag" "$good" "$good"
expect symlink 1 ok
# What a sealed bot sees, said by --debug before the first game.
play on debug --debug --games 1 "$sb/link-bot $tag" "$good" "$good"
if grep -q "^  sees, read-only: $sb\$" "$tmp/debug.out" &&
    grep -q '^  system-call filter: on$' "$tmp/debug.out" &&
    grep -q '^  a private /tmp of 256 MB$' "$tmp/debug.out"; then
	ok
else
	no "debug: play --debug does not say what the bot sees:"
	grep -v '^ *[0-9.]* [0-9]:' "$tmp/debug.out" | head -12 | sed 's/^/  | /'
fi
mkdir -p "$tmp/inside"
cp "$(dirname "$bin")/examples/random-bot" "$tmp/inside/bot"
play on inside --log-dir "$tmp/inside" "$tmp/inside/bot $tag" "$good" "$good"
if [ "$(cat "$tmp/inside.rc")" = 3 ] &&
    grep -q 'which bots must not see' "$tmp/inside.out"; then
	ok
else
	no "inside: want the refusal, exit 3:"
	sed 's/^/  | /' "$tmp/inside.out" | head -5
fi
cat >"$tmp/disk.yaml" <<EOF
bots:
  filler:
    command: $host diskfill $tag 300
    cwd: $sb/w
    writable: true
    disk-mb: 16
  random:
    command: "$good"
EOF
play on disk --config "$tmp/disk.yaml" filler random random
expect disk 1 disk
grew=$(du -sm "$sb/w" | cut -f1)
[ "$grew" -lt 200 ] && ok || no "disk: the folder grew to $grew MB"
echo "disk: the folder of a bot with a quota of 16 MB grew to $grew MB"
# The same from a thread, while the bot before it thinks (it never
# answers): the referee hears the folder change whichever bot it waits
# for, and stops the writer then, not at its own turn.
mkdir "$sb/w2"
cat >"$tmp/diskbg.yaml" <<EOF
bots:
  filler:
    command: $host diskfill-bg $tag 300
    cwd: $sb/w2
    writable: true
    disk-mb: 16
  mute:
    command: $host mute $tag
EOF
"$bin" play --sandbox on --quiet --seed 12345 --move-ms 8000 --bank-ms 0 \
    --handshake-ms 60000 --grace-ms 500 --log-dir "$tmp/diskbg" \
    --config "$tmp/diskbg.yaml" mute filler "$good" >"$tmp/diskbg.out" 2>&1
expect diskbg 2 disk
grew=$(du -sm "$sb/w2" | cut -f1)
if [ "$grew" -lt 200 ] &&
    ! report diskbg 2 | grep -q '^FOUND'; then
	ok
else
	no "disk while another thinks: the folder grew to $grew MB"
	report diskbg 2 | sed 's/^/  | /' | tail -5
fi
echo "disk while another thinks: the folder of a bot with a quota of 16 MB grew to $grew MB"
rm -rf "$sb"

# 5, 6 and 9 in a tournament: a disqualification quotes the bot's last
# stderr line, --quiet or not; a tournament will not run unsealed unless
# told to, and then says so; a journal line that is not the schedule's
# is left out, said.
printf 'import sys\nsys.stderr.write("no module named helper\\n")\nsys.exit(1)\n' \
    >"$tmp/quitter.py"
tfile "$tmp/t9.yaml" 5 6 "$tmp/t9" "failures: {disqualify-after: 1}" \
    quitter "python3 $tmp/quitter.py $tag"
# The quitter lives in $tmp, which its sandbox may show: not the results.
"$bin" tournament --quiet -j 1 "$tmp/t9.yaml" >"$tmp/t9.out" 2>&1 && ok ||
    { no "t9: exit $?"; sed 's/^/  | /' "$tmp/t9.out" | head; }
grep -q "quitter's last stderr line: no module named helper" "$tmp/t9.out" &&
    ok || { no "t9: the disqualification does not quote the bot:"
	sed 's/^/  | /' "$tmp/t9.out" | head; }
tail -1 "$tmp/t9/journal.txt" | sed 's/^game 5 /game 99999 /' \
    >>"$tmp/t9/journal.txt"
sed -n 2p "$tmp/t9/journal.txt" | sed 's/^game [0-9]* /game 4 /' \
    >>"$tmp/t9/journal.txt"
"$bin" tournament -j 1 "$tmp/t9.yaml" >"$tmp/t9b.out" 2>&1
if grep -q "game 99999 is not one of this tournament's" "$tmp/t9b.out" &&
    grep -q "game 4 is not one of this tournament's" "$tmp/t9b.out" &&
    grep -q '^6 games' "$tmp/t9b.out"; then
	ok
else
	no "t9: a forged journal line counted:"
	sed 's/^/  | /' "$tmp/t9b.out" | head
fi
nobwrap=$(mktemp -d)
tfile "$tmp/t5.yaml" 5 6 "$tmp/t5" "" random0 "$good"
PATH=$nobwrap "$bin" tournament --quiet -j 1 "$tmp/t5.yaml" \
    >"$tmp/t5.out" 2>&1
rc=$?
[ $rc = 3 ] && grep -q 'will not run bots unsealed' "$tmp/t5.out" && ok ||
    { no "t5: want exit 3 without bwrap, got $rc:"
	sed 's/^/  | /' "$tmp/t5.out"; }
if PATH=$nobwrap "$bin" tournament -j 1 --sandbox off "$tmp/t5.yaml" \
    >"$tmp/t5b.out" 2>&1 && grep -q ' sandbox=off$' "$tmp/t5/journal.txt" &&
    grep -q 'played unsealed' "$tmp/t5b.out" &&
    "$bin" report --quiet -o "$tmp/t5-report" "$tmp/t5" >/dev/null 2>&1 &&
    grep -q '6 of them were played unsealed' "$tmp/t5-report/index.html"; then
	ok
else
	no "t5: an unsealed tournament does not say so:"
	sed 's/^/  | /' "$tmp/t5b.out" | head
fi
rmdir "$nobwrap"

# 8. A full results disk stops a tournament with what to do, and the same
# command resumes it once there is room: results on a small tmpfs of its
# own, in a mount namespace of a user namespace (where the machine lets
# users make them; else untested).  The remount names its type: a user
# that is not root may not remount by the folder alone.
full=$(mktemp -d)
tfile "$tmp/full.yaml" 5 40 "$full/t" "" random0 "$good"
if unshare -Urm true 2>/dev/null; then
	unshare -Urm sh -c "mount -t tmpfs -o size=256k none '$full' &&
	    '$bin' tournament --quiet -j 1 '$tmp/full.yaml'
	    echo \$? >'$tmp/full.rc1'
	    mount -t tmpfs -o remount,size=64m none '$full' &&
	    '$bin' tournament -j 1 '$tmp/full.yaml'
	    echo \$? >'$tmp/full.rc2'" >"$tmp/full.out" 2>&1
	if [ "$(cat "$tmp/full.rc1")" != 0 ] &&
	    grep -q "the disk of $full/t is full" "$tmp/full.out" &&
	    [ "$(cat "$tmp/full.rc2")" = 0 ] &&
	    grep -q '^40 games' "$tmp/full.out"; then
		ok
	else
		no "full disk: want a stop that says so, then a whole resume:"
		sed 's/^/  | /' "$tmp/full.out" | head -12
	fi
else
	echo "hostile: no user namespaces for unshare here: the full results" \
	    "disk goes untested"
fi
rmdir "$full"
leftovers "the tournaments of the sealed checks"

# ---- the sandbox off: what the fallback still guarantees -------------------

# The system-call filter holds unsealed too: no locks, no inotify.  The
# other channels are open (saboteur(1), SANDBOX).
TMPDIR=$tmp play off collude-off "$host sender $tag $port2" \
    "$host receiver $tag $port2" "$good"
if report collude-off 2 | grep -q '^FOUND.*\(lock\|flock\|inotify\)'; then
	no "collude-off: a lock or inotify carried a word:"
	report collude-off 2 | grep '^FOUND' | sed 's/^/  | /'
else
	ok
fi
rm -f "/dev/shm/saboteur-chan-$tag"

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
