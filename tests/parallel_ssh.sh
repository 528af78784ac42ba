#!/bin/sh
# parallel_ssh.sh: runs examples/distributed/parallel-ssh.sh against two
# real sshd on 127.0.0.1, each in its own mount namespace where the same
# work folder is another disk (two host aliases in a temporary ssh config,
# a temporary host key and authorized key), and checks what a user of
# several machines must be able to trust: the shards run under the remote
# sshd on both hosts (the bots see SSH_CONNECTION and an sshd among their
# ancestors), their folders come back and merge to the standings of one
# local run; Ctrl-C stops the remote runs and the same command resumes
# them without counting a game twice; a dropped connection and a host
# that goes down are survived, with every shard the down host finished
# fetched.
#
# Needs root (mount namespaces for the hosts' disks), and Debian's
# openssh-server, parallel and rsync (scripts/deps.sh check installs them).
#
# Usage: tests/parallel_ssh.sh PATH/TO/saboteur  (the checkout's build/)
# KEEP=1 keeps the temporary folder, to look into a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
bin=${1:?usage: tests/parallel_ssh.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ "$bin" = "$top/build/saboteur" ] || {
	echo "parallel_ssh.sh: the script runs the checkout's build/saboteur," \
	    "not $bin: build with B=build" >&2
	exit 2
}
if [ "$(id -u)" != 0 ]; then
	echo "parallel_ssh.sh: SKIP: needs root (each host's sshd runs in its" \
	    "own mount namespace); CI runs it as root"
	exit 0
fi
for c in /usr/sbin/sshd ssh ssh-keygen parallel rsync unshare python3; do
	command -v "$c" >/dev/null 2>&1 || {
		echo "parallel_ssh.sh: $c is missing: run scripts/deps.sh check" \
		    "(apt-get install openssh-server parallel rsync)" >&2
		exit 2
	}
done

# The tag is in every bot's arguments and in the work folder's name, so in
# every saboteur run on a host: the processes of this test, and no sshd.
tmp=$(mktemp -d)
tag=pssh-tag-$$
work=$tmp/work-$tag
sshd_pids=
cleanup() {
	for p in $sshd_pids; do
		kill "$p" 2>/dev/null
	done
	pkill -KILL -f "$tag" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
. "$here/checks.sh"

# --- Two hosts: an sshd each, in a mount namespace where $work is
# that host's own disk, $tmp/disk-a or $tmp/disk-b.
mkdir -p "$tmp/ssh" "$work" "$tmp/disk-a" "$tmp/disk-b" /run/sshd
ssh-keygen -q -t ed25519 -N '' -C host -f "$tmp/ssh/host_key" &&
    ssh-keygen -q -t ed25519 -N '' -C user -f "$tmp/ssh/id" || exit 1
cp "$tmp/ssh/id.pub" "$tmp/ssh/authorized_keys"
: >"$tmp/ssh/known_hosts"
: >"$tmp/ssh/config"
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# start_host NAME PORT: its sshd, whose pid goes in $tmp/sshd-NAME.pid.
start_host() {
	unshare -m --propagation private sh -c 'mount --bind "$1" "$2" &&
	    exec /usr/sbin/sshd -D -e -f "$3"' sh "$tmp/disk-$1" "$work" \
	    "$tmp/ssh/sshd-$1.conf" 2>>"$tmp/sshd-$1.log" &
	echo $! >"$tmp/sshd-$1.pid"
	sshd_pids="$sshd_pids $!"
}
for h in a b; do
	port=$(free_port)
	eval "port_$h=$port"
	cat >"$tmp/ssh/sshd-$h.conf" <<CONF
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/ssh/host_key
PidFile none
AuthorizedKeysFile $tmp/ssh/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
LogLevel ERROR
CONF
	echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$tmp/ssh/host_key.pub")" \
	    >>"$tmp/ssh/known_hosts"
	cat >>"$tmp/ssh/config" <<CONF
Host node-$h
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $tmp/ssh/id
  IdentitiesOnly yes
  BatchMode yes
  ConnectTimeout 10
  UserKnownHostsFile $tmp/ssh/known_hosts
  StrictHostKeyChecking yes
CONF
	start_host "$h"
done
export PARALLEL_SSH="ssh -F $tmp/ssh/config"
export PARALLEL_HOME="$tmp/parallel-home"
# Each sshd answers (a generous wait: the machine may be busy).
for h in a b; do
	i=0
	until ssh -F "$tmp/ssh/config" "node-$h" true 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 300 ] || { no "node-$h: sshd does not answer"; \
		    cat "$tmp/sshd-$h.log"; exit 1; }
		sleep 0.1
	done
done
ssh -F "$tmp/ssh/config" node-a "touch '$work/on-a'"
[ -e "$tmp/disk-a/on-a" ] && [ ! -e "$work/on-a" ] &&
    [ ! -e "$tmp/disk-b/on-a" ] && ok ||
    no "node-a's work folder is not its own disk"

# --- The tournament: bots that depend only on what they are told, one of
# them (where) saying where it runs; "hold" waits from the third game of
# the schedule on while $tmp/hold exists.
yaml() {   # yaml FILE EXTRA-BOT-LINES
	cat >"$1" <<YAML
name: scale-out
players: 3
seed: 16
schedule: {kind: round-robin, rounds: 3}
sandbox: {mode: off}
failures: {disqualify-after: 0}
time: {move-ms: 600000, bank-ms: 600000, handshake-ms: 60000}
bots:
  - {name: heuristic, command: build/examples/heuristic-bot $tag}
  - {name: where, command: tests/bots/where-bot.sh $tag}
  - name: seeded
    command: build/examples/random-bot $tag
    env: {BOT_SEED: "42"}
$2
YAML
}
yaml "$tmp/t.yaml" "  - {name: random, command: build/examples/random-bot $tag}"
yaml "$tmp/hold.yaml" "  - name: hold
    command: python3 tests/bots/badbot.py hold $tag
    env: {HOLD_FILE: $tmp/hold}"

# The standings as CSV, without the thinking time, which no two runs share.
csv() {
	"$bin" standings --format csv "$@" 2>/dev/null | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
keep = [i for i, h in enumerate(rows[0]) if h != "ms_per_move"]
for r in rows:
    print(",".join(r[i] for i in keep))'
}
# One local run of each: the standings the shards must merge to.
for f in t hold; do
	(cd "$top" && "$bin" tournament --quiet -j 2 --out "$tmp/local-$f" \
	    "$tmp/$f.yaml") >"$tmp/local-$f.out" 2>&1 ||
	    { no "local run of $f.yaml"; cat "$tmp/local-$f.out"; }
	csv "$tmp/local-$f" >"$tmp/local-$f.csv"
done

# run NAME ARGS...: the script from $tmp, output in $tmp/NAME.out.
run() {
	n=$1
	shift
	(cd "$tmp" && "$top/examples/distributed/parallel-ssh.sh" \
	    -w "$work" "$@") >"$tmp/$n.out" 2>&1
}
# same NAME DIR LOCAL: DIR's merged standings are those of the local run.
same() {
	csv "$2" >"$tmp/$1.csv"
	if [ -s "$tmp/$1.csv" ] && cmp -s "$tmp/$1.csv" "$tmp/local-$3.csv"; then
		ok
	else
		no "$1: merged standings differ from one local run"
		diff "$tmp/local-$3.csv" "$tmp/$1.csv" | sed 's/^/  | /'
	fi
}
# once NAME DIR SHARDS: every game of the schedule (36) is in exactly one
# shard's journal, once.
once() {
	cat "$2"/shard-*-of-"$3"/journal.txt | awk '$1 == "game" { print $2 }' |
	    sort -n >"$tmp/$1.idx"
	if [ "$(sort -un "$tmp/$1.idx" | wc -l)" = 36 ] &&
	    [ "$(wc -l <"$tmp/$1.idx")" = 36 ]; then
		ok
	else
		no "$1: games in the journals: $(wc -l <"$tmp/$1.idx"), distinct" \
		    "$(sort -un "$tmp/$1.idx" | wc -l), want 36 once each"
	fi
}
# wait_for WHAT SECONDS COMMAND...: until the command holds.
wait_for() {
	what=$1 n=$(($2 * 10))
	shift 2
	i=0
	while ! "$@" >/dev/null && [ $i -lt $n ]; do
		sleep 0.1
		i=$((i + 1))
	done
	"$@" >/dev/null && ok || no "$what: not within a generous wait"
}
# on HOST: the processes of this test running on that host (in its sshd's
# mount namespace): saboteur runs into the work folder, and bots.
on() {
	ns=$(readlink "/proc/$(cat "$tmp/sshd-$1.pid")/ns/mnt")
	for p in $(pgrep -f "$tag"); do
		[ "$(readlink "/proc/$p/ns/mnt" 2>/dev/null)" = "$ns" ] && echo "$p"
	done
}
# gone PID...: none of them runs any more.
gone() {
	for p in "$@"; do
		kill -0 "$p" 2>/dev/null && return 1
	done
	return 0
}
# held NAME: both hosts run saboteur into NAME's shards, and each has
# games in its journals there: the hold tournament's first shards play a
# game, then wait at the third game of the schedule.
held() {
	pgrep -f "saboteur tournament .*$work/$1/" >/dev/null &&
	    [ -n "$(on a)" ] && [ -n "$(on b)" ] &&
	    cat "$tmp/disk-a/$1"/shard-*/journal.txt 2>/dev/null | grep -q '^game ' &&
	    cat "$tmp/disk-b/$1"/shard-*/journal.txt 2>/dev/null | grep -q '^game '
}

# snap NAME: keeps the game lines each host's journals of NAME hold now.
snap() {
	for j in "$tmp"/disk-?/"$1"/shard-*/journal.txt; do
		k=$(basename "$(dirname "$j")")
		grep '^game ' "$j" >"$tmp/snap-$1-$k"
	done
}
# kept NAME: every game line snap kept is still in the journal that came
# back, first and as it was (its thinking times differ in any other run):
# the shard resumed its journal, not playing those games again.
kept() {
	for f in "$tmp"/snap-"$1"-*; do
		k=${f#"$tmp/snap-$1-"}
		n=$(wc -l <"$f")
		if grep '^game ' "$tmp/$1/$k/journal.txt" | head -n "$n" |
		    cmp -s - "$f"; then
			ok
		else
			no "$1: $k did not resume the $n games it had"
		fi
	done
}

# 1. Eight shards on two hosts: independent of the number of hosts.
run full -o full 8 t.yaml node-a node-b
rc=$?
[ $rc = 0 ] && ok || { no "full run: exit $rc"; sed 's/^/  | /' "$tmp/full.out"; }
grep -q "saboteur standings: 36 of 36 games, all 8 shards" "$tmp/full.out" &&
    ok || no "full run: no line saying all 8 shards are here"
same full "$tmp/full" t
once full "$tmp/full" 8
# Every shard ran under a remote sshd: its bot saw the variable only sshd
# sets, with the port of one of the two hosts, and an sshd among its
# ancestors; both hosts took shards.
for i in 1 2 3 4 5 6 7 8; do
	w=$(cat "$tmp/full/shard-$i-of-8"/logs/where.* 2>/dev/null | head -1)
	case $w in
	"where: ssh=127.0.0.1 "*" 127.0.0.1 $port_a "*"<sshd"*) echo a;;
	"where: ssh=127.0.0.1 "*" 127.0.0.1 $port_b "*"<sshd"*) echo b;;
	*) no "shard $i/8 did not run under a remote sshd: \"$w\"";;
	esac
done >"$tmp/hosts"
[ "$(sort -u "$tmp/hosts" | tr -d '\n')" = ab ] && ok ||
    no "the shards did not run on both hosts: $(sort "$tmp/hosts" | uniq -c)"
# Each shard's folder is on the disk of the host that ran it, not here.
[ -z "$(ls "$work")" ] && ok || no "the launching machine's work folder is not empty"
for i in 1 2 3 4 5 6 7 8; do
	n=$(ls -d "$tmp"/disk-?/full/shard-$i-of-8 2>/dev/null | wc -l)
	[ "$n" -ge 1 ] || no "shard $i/8 is on neither host's disk"
done
[ "$(ls -d "$tmp"/disk-a/full/shard-* "$tmp"/disk-b/full/shard-* | wc -l)" = 8 ] &&
    ok || no "shards on the hosts' disks: $(ls -d "$tmp"/disk-?/full/shard-*)"
private "results folder brought back" "$tmp/full/shard-1-of-8"
leftovers "full run"
# Run again: every shard ended well (the joblog), nothing runs.
run again -o full 8 t.yaml node-a node-b && ok || no "second run of a finished tournament failed"
[ "$(awk 'NR > 1' "$tmp/full/joblog" | wc -l)" = 8 ] && ok ||
    no "a finished shard was run again: $(cat "$tmp/full/joblog")"

# 2. Ctrl-C while shards are held on both hosts: nothing goes on running
# there; the same command resumes, and no game is counted twice.
touch "$tmp/hold"
(cd "$tmp" && exec setsid "$top/examples/distributed/parallel-ssh.sh" \
    -w "$work" -o cc 4 hold.yaml node-a node-b) >"$tmp/cc.out" 2>&1 &
spid=$!
wait_for "Ctrl-C: shards held on both hosts" 120 held cc
snap cc
kill -INT "-$spid"
wait_for "Ctrl-C: the script ends" 60 sh -c "! kill -0 $spid 2>/dev/null"
wait $spid
rc=$?
[ $rc != 0 ] && ok || no "Ctrl-C: exit 0"
# It says how many shards ended well, not parallel's status as a count.
grep -q "^parallel-ssh.sh: stopped (interrupted, or parallel's own failure): [0-4] of 4 shards ended well (see $tmp/cc/joblog); the same command runs the others again$" \
    "$tmp/cc.out" && ! grep -q "shard(s) failed" "$tmp/cc.out" && ok ||
    { no "Ctrl-C: what the script said"; sed 's/^/  | /' "$tmp/cc.out"; }
# The bots are from the hold tournament, tagged; saboteur's --out is in
# $work: nothing of this run may be left on either host.
leftovers "Ctrl-C"
rm -f "$tmp/hold"
run cc2 -o cc 4 hold.yaml node-a node-b
rc=$?
[ $rc = 0 ] && ok || { no "Ctrl-C: resumed run: exit $rc"; sed 's/^/  | /' "$tmp/cc2.out"; }
same cc "$tmp/cc" hold
kept cc
once cc "$tmp/cc" 4
leftovers "Ctrl-C resumed"

# 3. A dropped connection: node-a's sessions are killed while it holds a
# shard; the shard stops there, is tried again and resumes its journal.
touch "$tmp/hold"
(cd "$tmp" && exec setsid "$top/examples/distributed/parallel-ssh.sh" \
    -w "$work" -o drop 4 hold.yaml node-a node-b) >"$tmp/drop.out" 2>&1 &
spid=$!
wait_for "drop: shards held on both hosts" 120 held drop
snap drop
pids_a=$(on a)
[ -n "$pids_a" ] && ok || no "drop: nothing runs on node-a"
pkill -KILL -P "$(cat "$tmp/sshd-a.pid")"
# What ran on node-a stops there (its bots included), though held.
wait_for "drop: node-a's runs stop" 60 gone $pids_a
rm -f "$tmp/hold"
wait_for "drop: the script ends" 300 sh -c "! kill -0 $spid 2>/dev/null"
wait $spid
rc=$?
[ $rc = 0 ] && ok || { no "dropped connection: exit $rc"; sed 's/^/  | /' "$tmp/drop.out"; }
kept drop
same drop "$tmp/drop" hold
once drop "$tmp/drop" 4
leftovers "dropped connection"

# 4. node-b goes down for good after finishing a shard: the shards it
# finished are here already (each came back as it ended), the rest are
# played on node-a.
(cd "$tmp" && exec setsid "$top/examples/distributed/parallel-ssh.sh" \
    -w "$work" -o down 6 t.yaml node-a node-b) >"$tmp/down.out" 2>&1 &
spid=$!
b_done() {
	awk -F'\t' 'NR > 1 && $2 == "node-b" && $7 == 0 { print $1 }' \
	    "$tmp/down/joblog" 2>/dev/null | grep .
}
wait_for "down: node-b finishes a shard" 300 b_done
seqs=$(b_done)
kill "$(cat "$tmp/sshd-b.pid")"
pkill -KILL -P "$(cat "$tmp/sshd-b.pid")"
for k in $seqs; do
	# Shard k of 6 holds the games k-1, k+5, ...: 6 of them.
	n=$(grep -c '^game ' "$tmp/down/shard-$k-of-6/journal.txt")
	[ "$n" = 6 ] && ok || no "down: shard $k/6, finished on node-b, has $n games here"
done
wait_for "down: the script ends" 300 sh -c "! kill -0 $spid 2>/dev/null"
wait $spid
rc=$?
[ $rc = 0 ] && ok || { no "host down: exit $rc"; sed 's/^/  | /' "$tmp/down.out"; }
same down "$tmp/down" t
once down "$tmp/down" 6
leftovers "host down"

echo "parallel_ssh: $pass passed, $fail failed"
[ "$fail" = 0 ]
