#!/bin/sh
# check-slow.sh: runs the whole "make check" as on a slow, busy machine: a
# python3 first on PATH that waits 2 s before it starts the real one, and
# a process for each core that keeps it busy.  No test may fail for it.
#
# Usage: scripts/check-slow.sh [MAKE ARGUMENTS...]  (FULL=1: every suite)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
real=$(command -v python3) || { echo "check-slow: no python3 on PATH"; exit 1; }
tmp=$(mktemp -d)
hogs=
cleanup() {
	for p in $hogs; do
		kill "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 5' INT TERM

# The wrapper is a Python script whose #! line names the real python3, so
# that a bot sealed off in the sandbox sees the real one's installation
# too (the sandbox follows #! lines); it sleeps, then becomes the real one
# with the same arguments (its standard input untouched).
cat >"$tmp/python3" <<PY
#!$real
# A python3 that is slow to start (scripts/check-slow.sh).
import os, sys, time
time.sleep(2)
os.execv("$real", ["$real"] + sys.argv[1:])
PY
chmod 755 "$tmp/python3"
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
i=0
while [ "$i" -lt "$cores" ]; do
	sh -c 'while :; do :; done' &
	hogs="$hogs $!"
	i=$((i + 1))
done

# Run from make, this is not one of its jobs: its jobserver is not ours.
MAKEFLAGS=$(printf '%s\n' "${MAKEFLAGS:-}" |
    sed 's/ *--jobserver-[a-z]*=[^ ]*//g; s/\(^\| \)-j[0-9]*//g')
export MAKEFLAGS
start=$(date +%s)
PATH="$tmp:$PATH" make -C "$top" check "$@"
rc=$?
echo "check-slow: make check $* exited $rc after $(($(date +%s) - start)) s," \
    "with python3 starting 2 s late and $cores CPU hogs"
exit $rc
