#!/bin/sh
# slurm-array.sh: one tournament as a Slurm job array, one shard per task.
#
#   sbatch --array=1-16 examples/distributed/slurm-array.sh examples/tournament.yaml
#
# Task I of N runs shard I/N of the schedule into results-shard-I (on the
# shared file system the cluster mounts).  A task that is preempted or fails
# can be submitted again (sbatch --array=7 ...): it resumes its shard from
# its journal.  When every task is done, merge the shards anywhere:
#
#   build/saboteur standings results-shard-*
#
# The settings below are examples: one task uses -j games at once, so ask
# for that many cores.
#SBATCH --job-name=saboteur-tournament
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=slurm-%A_%a.out
set -eu
file=${1:?usage: sbatch --array=1-N slurm-array.sh TOURNAMENT.yaml}
i=${SLURM_ARRAY_TASK_ID:?run me with sbatch --array=1-N}
n=${SLURM_ARRAY_TASK_COUNT:?run me with sbatch --array=1-N}
cd "${SLURM_SUBMIT_DIR:-.}"
exec build/saboteur tournament --quiet -j "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$i/$n" --out "results-shard-$i" "$file"
