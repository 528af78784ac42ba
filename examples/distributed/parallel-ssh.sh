#!/bin/sh
# parallel-ssh.sh: one tournament spread over several machines with GNU
# parallel and ssh, then merged here.
#
# Each machine runs one shard of the schedule (the games whose index modulo
# N is I - 1) into its own results folder; shards share nothing while they
# run, so any machine may be slow, fail, or be run again: a shard that was
# interrupted resumes where it stopped when its command is run again.
#
# Needs on every machine: the same checkout of this project, built
# (make), at the same path, with the bots the tournament file names; ssh
# access without a password; GNU parallel here (apt-get install parallel).
#
# Usage: examples/distributed/parallel-ssh.sh TOURNAMENT.yaml HOST...
#   e.g. examples/distributed/parallel-ssh.sh examples/tournament.yaml \
#            node1 node2 node3 node4
set -eu
file=${1:?usage: parallel-ssh.sh TOURNAMENT.yaml HOST...}
shift
[ $# -ge 1 ] || { echo "usage: parallel-ssh.sh TOURNAMENT.yaml HOST..." >&2; exit 2; }
n=$#
top=$(cd "$(dirname "$0")/../.." && pwd)

# Shard I runs on the I-th host ({1} is the host, {#} the job number).
# --shard keeps the seeds of the whole schedule, so the merged standings
# are those of one run on one machine.
parallel --jobs "$n" --link --line-buffer --tag \
    ssh {1} "cd '$top' && build/saboteur tournament --quiet --shard {#}/$n \
        --out results-shard-{#} '$file'" \
    ::: "$@"

# Bring every shard's folder here (journal, replays and logs), then merge.
for i in $(seq 1 "$n"); do
	host=$(eval echo "\${$i}")
	rsync -a "$host:$top/results-shard-$i/" "results-shard-$i/"
done
build/saboteur standings results-shard-*
