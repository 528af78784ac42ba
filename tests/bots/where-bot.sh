#!/bin/sh
# where-bot.sh: the C random bot, after telling its standard error (the
# results folder's logs/) where it runs: the variables only sshd and Slurm
# set, its working folder, and the names of its ancestor processes, so
# that tests/parallel_ssh.sh and tests/slurm.sh can check that shards ran
# under a remote sshd or a Slurm task, not on the launching machine.
chain='' pid=$$
while [ "$pid" -gt 1 ] 2>/dev/null; do
	comm=$(cat "/proc/$pid/comm" 2>/dev/null) || break
	chain="$chain<$comm"
	pid=$(awk '{ print $4 }' "/proc/$pid/stat" 2>/dev/null) || break
done
echo "where: ssh=${SSH_CONNECTION:-none} slurm=${SLURM_ARRAY_JOB_ID:-none}_${SLURM_ARRAY_TASK_ID:-none} chain=$chain" >&2
exec "$(dirname "$0")/../../build/examples/random-bot" "$@"
