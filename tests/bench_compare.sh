#!/bin/sh
# bench_compare.sh: scripts/bench-compare.sh runs both builds and prints
# its table, on a workload of seconds (one run, 5-game matches): a row for
# each figure with both medians and their ratio, a line for what the old
# build lacks (here a copy of this build's folder without pipe-floor), the
# count of marks; and a build that cannot play stops it with a message
# naming the part and the build.  It times nothing: only the table's shape
# and numbers are checked, never their size.
#
# Usage: tests/bench_compare.sh BUILD_DIR/saboteur
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
b=$(dirname "$bin")
here=$(cd "$(dirname "$0")" && pwd)
. "$here/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
check() {
	name=$1
	shift
	if "$@"; then ok; else no "$name"; sed 's/^/  | /' "$tmp/out" | tail -20; fi
}

# Two builds: this one's program and random bot (copied: a sealed bot's
# path must be a file, not a link), only the new one with a pipe-floor
# (any program will do: the part is skipped).
for v in old new bad; do
	mkdir -p "$tmp/$v/examples"
	cp "$b/examples/random-bot" "$tmp/$v/examples/"
	ln -s "$bin" "$tmp/$v/saboteur"
done
ln -s "$bin" "$tmp/new/pipe-floor"

RUNS=1 GAMES=5 ONLY="engine referee floor" "$here/../scripts/bench-compare.sh" \
    "$tmp/old" "$tmp/new" >"$tmp/out" 2>&1
check exits-0 test $? = 0
check header grep -q '^figure (medians of 1 runs) *old *new *new/old$' "$tmp/out"
# Every figure of both parts has a row with two numbers and their ratio.
for f in "bench base 5p games/s" "bench saboteur2 12p listings/s" \
    "bench base-minis 5p games/s" "referee base 5p games/s" \
    "referee saboteur2 6p us CPU/decision"; do
	check "row: $f" grep -Eq "^$f +[0-9.]+ +[0-9.]+ +[0-9]\.[0-9]{3}( +WORSE)?$" "$tmp/out"
done
# A ratio is new over old: recompute one.
check ratio-is-new-over-old awk '/^referee base 5p games\/s/ {
	o = $(NF - 2); n = $(NF - 1); p = $NF
	if ($NF == "WORSE") { o = $(NF - 3); n = $(NF - 2); p = $(NF - 1) }
	d = n / o - p; found = d < 0.001 && d > -0.001 } END { exit !found }' "$tmp/out"
check floor-skipped grep -q '^skipped: the pipe floor: a build has no pipe-floor' "$tmp/out"
check marks-counted grep -q '^[0-9]* figure(s) worse by more than 3%' "$tmp/out"
check runs-alternate grep -q '^  run 1 of 1 done' "$tmp/out"

# A build whose program fails stops the comparison, naming part and build.
printf '#!/bin/sh\necho broken >&2\nexit 1\n' >"$tmp/broken"
chmod +x "$tmp/broken"
ln -sf "$tmp/broken" "$tmp/bad/saboteur"
RUNS=1 GAMES=5 ONLY=referee "$here/../scripts/bench-compare.sh" "$tmp/bad" \
    "$tmp/new" >"$tmp/out" 2>&1
check broken-build-fails test $? = 1
check broken-build-named grep -q 'referee failed with the old build' "$tmp/out"
RUNS=1 ONLY=nosuch "$here/../scripts/bench-compare.sh" "$tmp/old" "$tmp/new" \
    >"$tmp/out" 2>&1
check unknown-part-refused test $? = 2

echo "bench_compare: $pass passed, $fail failed"
[ "$fail" = 0 ]
