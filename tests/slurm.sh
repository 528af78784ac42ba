#!/bin/sh
# slurm.sh: runs examples/distributed/slurm-array.sh on a real one-node
# Slurm cluster (Debian's slurmctld, slurmd and munged, started here with a
# generated slurm.conf in a temporary folder, stopped by their pids), and
# checks: submitted from another folder, the tasks run the shards under
# Slurm (the bots see the array's job and task, and slurmstepd among their
# ancestors), and the last to end well writes OUT/standings.txt, the
# standings of one local run; a task index that is not a shard fails
# saying so; one task submitted again alone runs its shard; a task
# cancelled while it plays leaves no standings, and submitted again alone
# resumes its journal without counting a game twice and writes the merged
# standings, with no job submitted by hand for them; a task requeued with
# scontrol runs again and appends to its output.
#
# Needs root (slurmd starts the tasks), and Debian's slurmctld, slurmd,
# slurm-client and munge (scripts/deps.sh check installs them).
#
# Usage: tests/slurm.sh PATH/TO/saboteur  (the checkout's build/)
# KEEP=1 keeps the temporary folder, to look into a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
bin=${1:?usage: tests/slurm.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ "$bin" = "$top/build/saboteur" ] || {
	echo "slurm.sh: the script runs the checkout's build/saboteur, not" \
	    "$bin: build with B=build" >&2
	exit 2
}
if [ "$(id -u)" != 0 ]; then
	echo "slurm.sh: SKIP: needs root (slurmd starts the tasks); CI runs it" \
	    "as root"
	exit 0
fi
for c in slurmctld slurmd sbatch squeue scontrol scancel munged python3; do
	command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || {
		echo "slurm.sh: $c is missing: run scripts/deps.sh check" \
		    "(apt-get install slurmctld slurmd slurm-client munge)" >&2
		exit 2
	}
done
PATH=$PATH:/usr/sbin

tmp=$(mktemp -d)
chmod 755 "$tmp"
tag=slurm-tag-$$
pids=
cleanup() {
	# The daemons, by the pids this test started; the cluster's tasks go
	# with slurmd's kill of them, and anything tagged that is left.
	for p in $pids; do
		kill "$p" 2>/dev/null
	done
	for p in $pids; do
		i=0
		while kill -0 "$p" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	done
	pkill -KILL -f "$tag" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
. "$here/checks.sh"

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- munge, with its own key and socket.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 711 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge/munge.key"
munged -F --force --key-file="$tmp/munge/munge.key" \
    --socket="$tmp/munge/socket" --pid-file="$tmp/munge/pid" \
    --seed-file="$tmp/munge/seed" --log-file="$tmp/log/munged.log" \
    >"$tmp/log/munged.out" 2>&1 &
pids="$pids $!"

# --- One node, this machine, under its short name.
node=$(hostname -s)
cpus=$(nproc)
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=sabtest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
KillWait=30
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
# The daemons wait for munge's socket.
i=0
until [ -S "$tmp/munge/socket" ] || [ $i -ge 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
slurmctld -D -i >"$tmp/log/slurmctld.out" 2>&1 &
pids="$pids $!"
slurmd -D -N "$node" >"$tmp/log/slurmd.out" 2>&1 &
pids="$pids $!"

# wait_for WHAT SECONDS COMMAND...: until the command holds.
wait_for() {
	what=$1 n=$(($2 * 10))
	shift 2
	i=0
	while ! "$@" >/dev/null 2>&1 && [ $i -lt $n ]; do
		sleep 0.1
		i=$((i + 1))
	done
	"$@" >/dev/null 2>&1 && ok || {
		no "$what: not within a generous wait"
		squeue 2>&1 | sed 's/^/  | /'
		tail -n 5 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" 2>&1 |
		    sed 's/^/  | /'
	}
}
idle() { sinfo -h -o %T 2>/dev/null | grep -q idle; }
wait_for "the cluster is up" 120 idle
# done JOB: the job (every task of an array) has left the queue.
done_() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }

# --- The tournament (the bots of tests/parallel_ssh.sh).
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
csv() {
	"$bin" standings --format csv "$@" 2>/dev/null | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
keep = [i for i, h in enumerate(rows[0]) if h != "ms_per_move"]
for r in rows:
    print(",".join(r[i] for i in keep))'
}
for f in t hold; do
	(cd "$top" && "$bin" tournament --quiet -j 2 --out "$tmp/local-$f" \
	    "$tmp/$f.yaml") >"$tmp/local-$f.out" 2>&1 ||
	    { no "local run of $f.yaml"; cat "$tmp/local-$f.out"; }
	csv "$tmp/local-$f" >"$tmp/local-$f.csv"
done
same() {   # same NAME DIR LOCAL
	csv "$2" >"$tmp/$1.csv"
	if [ -s "$tmp/$1.csv" ] && cmp -s "$tmp/$1.csv" "$tmp/local-$3.csv"; then
		ok
	else
		no "$1: merged standings differ from one local run"
		diff "$tmp/local-$3.csv" "$tmp/$1.csv" | sed 's/^/  | /'
	fi
}
once() {   # once NAME DIR SHARDS: the 36 games, each in one journal once
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
script=$top/examples/distributed/slurm-array.sh

# merged DIR: DIR/standings.txt holds the standings of every shard, as
# saboteur standings DIR prints them now.
merged() {
	(cd "$top" && "$bin" standings "$1") >"$tmp/merged.now" 2>&1
	grep -q "^saboteur standings: 36 of 36 games, all 4 shards$" "$1/standings.txt" &&
	    grep -q "^36 games, tournament" "$1/standings.txt" &&
	    cmp -s "$1/standings.txt" "$tmp/merged.now" && ok ||
	    { no "$1/standings.txt: not the merged standings"; cat "$1/standings.txt"; }
}

# 1. Submitted from another folder, with a relative file and folder: four
# tasks, the last of which merges.
mkdir -p "$tmp/elsewhere"
cp "$tmp/t.yaml" "$tmp/elsewhere/t.yaml"
(cd "$tmp/elsewhere" && "$script" -o res 4 t.yaml --time=30:00) >"$tmp/submit.out" 2>&1
rc=$?
[ $rc = 0 ] && ok || { no "submit: exit $rc"; sed 's/^/  | /' "$tmp/submit.out"; }
array=$(sed -n 's/^array job \([0-9]*\):.*/\1/p' "$tmp/submit.out")
[ -n "$array" ] && ok || no "submit: no job id: $(cat "$tmp/submit.out")"
wait_for "the array" 600 done_ "$array"
res=$tmp/elsewhere/res
merged "$res"
[ "$(cat "$res"/slurm-shard-*.out | grep -c "^slurm-array.sh: every shard of 4 is in")" -ge 1 ] &&
    ok || no "no task said it merged: $(cat "$res"/slurm-shard-*.out)"
same array "$res" t
once array "$res" 4
for k in 1 2 3 4; do
	w=$(cat "$res/shard-$k-of-4"/logs/where.* 2>/dev/null | head -1)
	case $w in
	"where: ssh=none slurm=${array}_$k chain="*"<slurmstepd"*) ok;;
	*) no "shard $k/4 did not run as task $k of array $array: \"$w\"";;
	esac
	grep -q "^slurm-array.sh: job ${array}_$k on .*: shard $k/4" \
	    "$res/slurm-shard-$k.out" && ok || no "task $k's output: $(cat "$res/slurm-shard-$k.out")"
done

# 2. A task index that is not a shard of the count fails, saying so.
j=$(cd "$tmp" && sbatch --parsable --array=5 --output="$tmp/bad-%a.out" \
    "$script" 4 "$tmp/t.yaml" "$tmp/bad")
wait_for "task 5 of 4" 120 done_ "$j"
grep -q "task 5 is not a shard of 4: submit --array within 1-4" "$tmp/bad-5.out" &&
    [ ! -e "$tmp/bad/shard-5-of-4" ] && ok ||
    no "task 5 of 4: $(cat "$tmp/bad-5.out" 2>&1)"

# 3. One task again, alone: shard 2 of 4, after its folder was lost.
mv "$res/shard-2-of-4" "$tmp/lost"
j=$(cd "$tmp" && sbatch --parsable --array=2 --open-mode=append \
    --output="$res/slurm-shard-%a.out" "$script" 4 "$tmp/t.yaml" "$res")
wait_for "task 2 again" 300 done_ "$j"
[ "$(grep -c '^game ' "$res/shard-2-of-4/journal.txt")" = 9 ] && ok ||
    no "task 2 alone did not play shard 2/4: $(cat "$res/slurm-shard-2.out")"
[ "$(grep -c '^slurm-array.sh: job' "$res/slurm-shard-2.out")" = 2 ] && ok ||
    no "task 2's output was not appended to: $(cat "$res/slurm-shard-2.out")"
same again "$res" t

# 4. A task cancelled while it plays, then submitted again alone: it
# resumes its journal (the games it had are its first lines, as they were)
# and no game counts twice.
touch "$tmp/hold"
(cd "$tmp" && "$script" -o "$tmp/cc" 4 "$tmp/hold.yaml") >"$tmp/cc.out" 2>&1
array=$(sed -n 's/^array job \([0-9]*\):.*/\1/p' "$tmp/cc.out")
# Shard 1 plays game 0, then waits at game 4 (the hold bot's third).
has_games() { grep -q '^game ' "$tmp/cc/shard-1-of-4/journal.txt"; }
wait_for "cancel: shard 1 plays" 300 has_games
sleep 1
grep '^game ' "$tmp/cc/shard-1-of-4/journal.txt" >"$tmp/cc-before"
scancel "${array}_1"
stopped() { ! pgrep -f "$tmp/cc/shard-1-of-4" >/dev/null; }
wait_for "cancel: task 1 stops" 120 stopped
rm -f "$tmp/hold"
wait_for "cancel: the other tasks" 300 done_ "$array"
# A shard is missing: no standings yet, and the others said so.
[ ! -e "$tmp/cc/standings.txt" ] &&
    [ "$(cat "$tmp/cc"/slurm-shard-*.out | grep -c "is in; the standings are merged when the last shard is")" = 3 ] &&
    ok || no "cancel: standings written with a shard missing"
# The cancelled task again, alone, as the script says: it merges.
j=$(cd "$tmp" && sbatch --parsable --array=1 --open-mode=append \
    --output="$tmp/cc/slurm-shard-%a.out" "$script" 4 "$tmp/hold.yaml" "$tmp/cc")
wait_for "cancel: task 1 again" 300 done_ "$j"
grep -q "^slurm-array.sh: every shard of 4 is in" "$tmp/cc/slurm-shard-1.out" &&
    ok || no "cancel: task 1 again did not merge: $(cat "$tmp/cc/slurm-shard-1.out")"
merged "$tmp/cc"
n=$(wc -l <"$tmp/cc-before")
grep '^game ' "$tmp/cc/shard-1-of-4/journal.txt" | head -n "$n" |
    cmp -s - "$tmp/cc-before" && [ "$n" -ge 1 ] && ok ||
    no "cancel: shard 1 did not resume the $n games it had"
once cc "$tmp/cc" 4
same cc "$tmp/cc" hold

# 5. scontrol requeue: task 3 of a finished array runs again, resumes
# (nothing left to play) and appends to its output.
j=$(sed -n 's/^array job \([0-9]*\):.*/\1/p' "$tmp/submit.out")
scontrol requeue "${j}_3" >"$tmp/requeue.out" 2>&1 && ok ||
    no "requeue: $(cat "$tmp/requeue.out")"
twice() { [ "$(grep -c '^slurm-array.sh: job' "$res/slurm-shard-3.out")" = 2 ]; }
wait_for "requeue: task 3 runs again" 300 twice
wait_for "requeue: task 3 ends" 300 done_ "${j}_3"
same requeue "$res" t
once requeue "$res" 4

leftovers "slurm"
echo "slurm: $pass passed, $fail failed"
[ "$fail" = 0 ]
