#!/bin/sh
# parallel-ssh.sh: one tournament spread over machines reached by ssh, with
# GNU parallel doing the distribution, then merged here.
#
# Usage: examples/distributed/parallel-ssh.sh [-j N] [-g N] [-o OUT]
#            [-w REMOTE_WORKDIR] [-C REMOTE_CHECKOUT] [-r RETRIES]
#            SHARDS TOURNAMENT.yaml HOST...
#
#   e.g. examples/distributed/parallel-ssh.sh 16 examples/tournament.yaml \
#            node1 node2 node3
#
# The schedule is cut into SHARDS shares (saboteur tournament --shard I/N,
# the games whose index modulo N is I-1), whatever the number of hosts:
# the hosts are a pool (parallel -S) that takes the next shard as soon as
# it has a free slot, -j N shards at once on each host (default 1), each
# shard playing -g N games at once (default: the file's concurrency, else
# the host's cores).  Keep SHARDS the same when you run the command again.
#
# Each shard runs on its host in REMOTE_WORKDIR/OUTNAME/shard-I-of-N
# (parallel --workdir; default saboteur-work under the login's home, so
# each host keeps its own), from a checkout of this project built there
# (make) at REMOTE_CHECKOUT (default: this checkout's path), whose paths
# the tournament file's bots and ruleset are relative to.  The tournament
# file itself is sent to each host (--basefile).  When a shard ends, ended
# well or not, its folder comes back here to OUT/shard-I-of-N (--return):
# the shards a host finished are here even when that host goes down later.
# Then the shards here are merged:  saboteur standings OUT,  which says
# which shards and games are missing, if any.
#
# Failures and resumption.  A shard that fails (a host down, a dropped
# connection, a crash) is tried again on another host up to RETRIES times
# (--retries, default 3); before it runs anywhere, the copy here is sent
# there (--transferfile), so it resumes from the games already in its
# journal instead of starting over, and no game is counted twice.  Ctrl-C
# (or a connection that drops) stops the remote runs too: parallel's
# remote wrapper sees its sshd go and sends the shard's saboteur SIGTERM
# (--termseq), which stops its games and bots and keeps the journal.  Run
# the same command again to go on: it first fetches from every host the
# shard folders left there, then OUT/joblog (--joblog with
# --resume-failed) skips the shards that ended well and runs the others,
# each resuming its journal.  Files are copied with rsync's --update, so a
# journal is never replaced by an older copy.
#
# Needs: GNU parallel and rsync here, ssh without a password to each HOST
# (a destination ssh takes: [user@]host or an alias of ~/.ssh/config; the
# ssh command is $PARALLEL_SSH when set, e.g. "ssh -F my_config"),
# and on each host rsync, perl and the built checkout.  Apt: parallel rsync.
# tests/parallel_ssh.sh runs this against two sshd on 127.0.0.1 whose
# work folders are on different file systems.
#
# At the end it says how many shards ended well, from OUT/joblog (each
# shard's last try), when not all of them did, and exits with parallel's
# status (1 when it gave none): 1-100 jobs failed, 101 more, 255
# interrupted or another failure of parallel's.
set -eu

usage() {
	echo "usage: parallel-ssh.sh [-j N] [-g N] [-o OUT] [-w REMOTE_WORKDIR]" \
	    "[-C REMOTE_CHECKOUT] [-r RETRIES] SHARDS TOURNAMENT.yaml HOST..." >&2
	exit 2
}
die() {
	echo "parallel-ssh.sh: $*" >&2
	exit 2
}
number() {   # number NAME VALUE: a whole number from 1
	case $2 in '' | *[!0-9]* | 0*) die "$1 is a whole number from 1, not \"$2\"";; esac
}

top=$(cd "$(dirname "$0")/../.." && pwd)
jobs=1 games='' out='' workdir=saboteur-work checkout=$top retries=3
while getopts j:g:o:w:C:r: opt; do
	case $opt in
	j) number -j "$OPTARG"; jobs=$OPTARG;;
	g) number -g "$OPTARG"; games=$OPTARG;;
	o) out=$OPTARG;;
	w) workdir=$OPTARG;;
	C) checkout=$OPTARG;;
	r) number -r "$OPTARG"; retries=$OPTARG;;
	*) usage;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || usage
shards=$1 file=$2
shift 2
number SHARDS "$shards"
[ "$shards" -le 1000000 ] || die "SHARDS is at most 1000000"
[ -f "$file" ] || die "$file: no such tournament file"
command -v parallel >/dev/null 2>&1 ||
    die "GNU parallel is missing (apt-get install parallel)"
command -v rsync >/dev/null 2>&1 || die "rsync is missing (apt-get install rsync)"

# The results folder here: -o, else the file's name and -results, as
# saboteur tournament names it when the file has no output key.
if [ -z "$out" ]; then
	out=$(basename "$file")
	out=${out%.yaml}
	out=${out%.yml}-results
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
name=$(basename "$out")
parent=$(dirname "$out")

# The tournament file goes with the shards: a copy in OUT, sent to
# WORKDIR/OUTNAME/ on each host by the /./ of rsync's relative paths.
cp "$file" "$out/tournament.yaml"

# Every shard's folder exists here (private: replays and logs hold every
# hidden card) so that it can be sent even before its first game.
i=1
while [ "$i" -le "$shards" ]; do
	[ -d "$out/shard-$i-of-$shards" ] || mkdir -m 700 "$out/shard-$i-of-$shards"
	i=$((i + 1))
done

hosts=
for h in "$@"; do
	hosts=${hosts:+$hosts,}$h
done

# Runs on the host in WORKDIR ($PWD): the checkout's saboteur, from the
# checkout (the file's relative paths), into WORKDIR/OUTNAME/shard-I-of-N.
remote='w=$PWD
cd "$1" || exit 2
exec "$1/build/saboteur" tournament --quiet ${5:+-j "$5"} --shard "$2/$3" \
    --out "$w/$4/shard-$2-of-$3" "$w/$4/tournament.yaml"'

# -p keeps the folders private; -t keeps the times that -u compares, so
# that a newer file (a longer journal) is never replaced by an older copy,
# in either direction.
export PARALLEL_RSYNC_OPTS="-rlDzRptu"

# First, what an earlier run left on the hosts comes here: the shards a
# Ctrl-C stopped (parallel brings a folder back when its shard ends, not
# when it is killed) resume from their journals wherever they run next,
# and a host that was down has its shards fetched once it is back.  A host
# that does not answer is skipped here; parallel tries it again.
for h in "$@"; do
	rsync -rlDzptu -e "${PARALLEL_SSH:-ssh} -o ConnectTimeout=20" \
	    --exclude tournament.yaml "$h:$workdir/$name/" "$out/" \
	    >/dev/null 2>&1 || true
done

cd "$parent"
rc=0
# Ctrl-C (or SIGTERM) goes to parallel, which stops the remote runs; this
# script stays to say how far the shards got and to merge them.
interrupted=
trap 'interrupted=1' INT TERM
parallel --will-cite --sshlogin "$hosts" --jobs "$jobs" \
    --workdir "$workdir" \
    --basefile "$parent/./$name/tournament.yaml" \
    --transferfile "$name/shard-{}-of-$shards" \
    --return "$name/shard-{}-of-$shards" \
    --joblog "$out/joblog" --resume-failed --retries "$retries" \
    --termseq TERM,10000,KILL,25 \
    --tag --line-buffer \
    -q sh -c "$remote" sh "$checkout" {} "$shards" "$name" "$games" \
    ::: $(seq 1 "$shards") || rc=$?

trap - INT TERM
# Each shard's last try in the joblog (Seq is the shard, Exitval and
# Signal the 7th and 8th columns): parallel's own status is a count of
# failed jobs only from 1 to 100, and 255 when it was interrupted.
ended=$(awk -F'\t' 'NR > 1 && $1 ~ /^[0-9]+$/ { good[$1] = $7 == 0 && $8 == 0 }
    END { n = 0; for (k in good) n += good[k]; print n }' "$out/joblog" \
    2>/dev/null) || ended=0
[ -n "$ended" ] || ended=0
# A script started in the background by another gets SIGINT ignored, and
# cannot trap it; parallel says 255 all the same.
[ "$rc" -lt 255 ] || interrupted=1
if [ "$ended" != "$shards" ]; then
	[ "$rc" != 0 ] || rc=1
	echo "parallel-ssh.sh: ${interrupted:+stopped (interrupted, or parallel's own failure): }$ended" \
	    "of $shards shards ended well (see $out/joblog); the same command" \
	    "runs the others again" >&2
fi
# The standings of what is here; it names what is missing.
"$top/build/saboteur" standings "$out" || true
exit "$rc"
