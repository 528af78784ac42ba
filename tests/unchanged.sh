#!/bin/sh
# unchanged.sh: fails when anything in the source tree (outside the build
# folder and .git) was created, changed or removed after STAMP was made:
# tests write only into temporary folders, never into the tree (a user's
# saboteur-logs/, a __pycache__ beside an example bot).  "make check"
# touches STAMP before its first test and runs this after its last.
#
# Usage: tests/unchanged.sh STAMP BUILD-FOLDER
set -u
stamp=${1:?usage: tests/unchanged.sh STAMP BUILD-FOLDER}
build=${2:?usage: tests/unchanged.sh STAMP BUILD-FOLDER}
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd)
[ -e "$stamp" ] || { echo "unchanged: no $stamp"; exit 1; }

# A file created or rewritten is newer than the stamp, and so is the
# folder that gained or lost an entry.
changed=$(find "$top" \( -path "$top/.git" -o -path "$build" \) -prune -o \
    -newer "$stamp" -print)
if [ -n "$changed" ]; then
	echo "FAIL the tests wrote into the source tree (or it was edited" \
	    "while they ran); tests must write only into mktemp -d folders:"
	echo "$changed" | sed "s|^$top/||; s|^$top$|.|; s/^/  | /"
	exit 1
fi
echo "unchanged: the source tree is as it was before the tests"
