#!/bin/sh
# slurm-array.sh: one tournament as a Slurm job array, one shard per task;
# the last task to end well merges the shards into OUT/standings.txt.
#
# Submit (from any folder; prints the job id):
#
#   examples/distributed/slurm-array.sh [-o OUT] [-c CPUS] SHARDS TOURNAMENT.yaml [SBATCH-OPTION...]
#   e.g. examples/distributed/slurm-array.sh 16 examples/tournament.yaml --time=02:00:00
#
# submits "sbatch --array=1-SHARDS" of this script: task I runs shard I of
# SHARDS into OUT/shard-I-of-SHARDS, its output appended to
# OUT/slurm-shard-I.out.  A task whose shard ends well then runs
# "saboteur standings --complete OUT": when every shard is in, it writes
# the merged standings to OUT/standings.txt (whole, by a rename), so the
# last task to end well merges, whichever it is and however often tasks
# were run again; no job waits on the others, so a task that failed and
# was run again alone still gets the standings merged.  OUT defaults to
# the file's name and -results in the current folder; it must be on a
# file system every node mounts, and so must this checkout (built with
# make), whose paths the tournament file's bots and ruleset are relative
# to.  Each task asks for CPUS cores (-c, default 1) and plays that many
# games at once.
#
# A task: the same script under sbatch, with the shard count as argument:
#
#   sbatch --array=1-SHARDS slurm-array.sh SHARDS TOURNAMENT.yaml [OUT]
#
# The task index must be a shard of SHARDS (1 to SHARDS), or the task
# fails saying so.  A task that failed, was cancelled or preempted runs
# again from its journal, never counting a game twice:
#
#   sbatch --array=7 --open-mode=append --output=OUT/slurm-shard-%a.out \
#       examples/distributed/slurm-array.sh 16 TOURNAMENT.yaml OUT
#                                  (one task again, e.g. the 7th of 16)
#   scontrol requeue ARRAY_7       (the same task again, same job id)
#   examples/distributed/slurm-array.sh 16 TOURNAMENT.yaml
#                                  (the whole array again: the shards that
#                                   were finished end at once)
#
# and the last of them to end well writes OUT/standings.txt; meanwhile
# build/saboteur standings OUT  shows the standings so far and says which
# shards and games are missing.  Keep SHARDS and OUT the same when you
# submit again.  A task stopped by scancel or a time limit gets SIGTERM,
# which saboteur turns into a clean stop (the games being played are
# played again when the task resumes).
#
# tests/slurm.sh runs this on a one-node cluster (slurmctld, slurmd and
# munge started by the test).
set -eu

die() {
	echo "slurm-array.sh: $*" >&2
	exit 2
}
number() {   # number NAME VALUE: a whole number from 1 to 1000000
	case $2 in '' | *[!0-9]* | 0*) die "$1 is a whole number from 1, not \"$2\"";; esac
	[ "${#2}" -le 7 ] && [ "$2" -le 1000000 ] || die "$1 is at most 1000000"
}
# absolute PATH: PATH from the folder the command was given in.
absolute() {
	case $1 in
	/*) echo "$1";;
	*) echo "${SLURM_SUBMIT_DIR:-$PWD}/$1";;
	esac
}
# default_out FILE: the file's name without .yaml, then -results.
default_out() {
	b=$(basename "$1")
	b=${b%.yaml}
	absolute "${b%.yml}-results"
}

# --- A task of the array: shard SLURM_ARRAY_TASK_ID of SHARDS.
if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
	[ $# -ge 2 ] || die "usage: sbatch --array=1-SHARDS slurm-array.sh SHARDS TOURNAMENT.yaml [OUT]"
	n=$1
	number SHARDS "$n"
	i=$SLURM_ARRAY_TASK_ID
	[ "$i" -ge 1 ] && [ "$i" -le "$n" ] ||
	    die "task $i is not a shard of $n: submit --array within 1-$n"
	file=$(absolute "$2")
	out=$(absolute "${3:-$(default_out "$2")}")
	# The checkout: as submitted by this script, else where sbatch was
	# given this script (Slurm runs a copy of it from its spool folder).
	top=${SAB_TOP:-}
	if [ -z "$top" ]; then
		cmd=$(scontrol show job "$SLURM_JOB_ID" 2>/dev/null |
		    sed -n 's/^ *Command=\([^ ]*\).*/\1/p' | head -1)
		[ -n "$cmd" ] && top=$(cd "$(dirname "$cmd")/../.." && pwd)
	fi
	[ -n "$top" ] && [ -x "$top/build/saboteur" ] ||
	    die "cannot find the checkout's build/saboteur (\"$top\"): set SAB_TOP"
	mkdir -p "$out"
	cd "$top"
	echo "slurm-array.sh: job ${SLURM_ARRAY_JOB_ID:-?}_$i on $(hostname):" \
	    "shard $i/$n into $out/shard-$i-of-$n"
	# In the background, so that this shell passes scancel's SIGTERM on
	# and stays until saboteur has stopped its games and bots.
	"$top/build/saboteur" tournament --quiet -j "${SLURM_CPUS_PER_TASK:-1}" \
	    --shard "$i/$n" --out "$out/shard-$i-of-$n" "$file" &
	pid=$!
	trap 'kill -TERM "$pid" 2>/dev/null' TERM INT
	while :; do
		rc=0
		wait "$pid" || rc=$?
		kill -0 "$pid" 2>/dev/null || break
	done
	trap - TERM INT
	[ "$rc" = 0 ] || exit "$rc"
	# Every shard in (this one was the last to end well): the merged
	# standings, written whole.  Any task that sees them all writes the
	# same text, so two at once do no harm.
	part=$out/.standings-$i.$$
	if "$top/build/saboteur" standings --complete "$out" >"$part" 2>&1; then
		mv -f "$part" "$out/standings.txt"
		echo "slurm-array.sh: every shard of $n is in: the standings" \
		    "are in $out/standings.txt"
	else
		rm -f "$part"
		echo "slurm-array.sh: shard $i/$n is in; the standings are" \
		    "merged when the last shard is"
	fi
	exit 0
fi
[ -z "${SLURM_JOB_ID:-}" ] ||
    die "run me with sbatch --array=1-SHARDS (this job has no array index)"

# --- Submitting the array.
out='' cpus=1
while getopts o:c: opt; do
	case $opt in
	o) out=$OPTARG;;
	c) number -c "$OPTARG"; cpus=$OPTARG;;
	*) die "usage: slurm-array.sh [-o OUT] [-c CPUS] SHARDS TOURNAMENT.yaml [SBATCH-OPTION...]";;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || die "usage: slurm-array.sh [-o OUT] [-c CPUS] SHARDS TOURNAMENT.yaml [SBATCH-OPTION...]"
n=$1
number SHARDS "$n"
[ -f "$2" ] || die "$2: no such tournament file"
file=$(absolute "$2")
shift 2
out=$(absolute "${out:-$(default_out "$file")}")
top=$(cd "$(dirname "$0")/../.." && pwd)
me=$top/examples/distributed/slurm-array.sh
[ -x "$top/build/saboteur" ] || die "$top/build/saboteur is missing: run make there"
command -v sbatch >/dev/null 2>&1 || die "sbatch is missing: is this a Slurm login node?"
mkdir -p "$out"

# --open-mode=append: a task run again (requeued, or submitted again alone)
# adds to its shard's output instead of wiping what the earlier run said.
array=$(sbatch --parsable --array="1-$n" --job-name="saboteur-$(basename "$out")" \
    --cpus-per-task="$cpus" --chdir="$top" --open-mode=append \
    --output="$out/slurm-shard-%a.out" --export="ALL,SAB_TOP=$top" "$@" \
    "$me" "$n" "$file" "$out")
array=${array%%;*}
echo "array job $array: shards 1-$n of $file into $out/shard-I-of-$n"
echo "the standings: $out/standings.txt, once every task has ended well"
