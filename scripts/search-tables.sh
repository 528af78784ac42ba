#!/bin/sh
# search-tables.sh: the README's tables of the search bots.  Each measured
# bot plays the first seat (seats rotate) against the heuristic bots and
# against the random bots, 5-player base and 6-player Saboteur 2 games,
# seed 42; the heuristic bot in the same seat is the baseline.  Prints each
# table's results by role with 95% intervals (examples/bot_stats.py --ci).
# CPU-heavy: run it with nice, on a quiet machine if you can.
#
# Usage: scripts/search-tables.sh BUILD OUTDIR MS GAMES WHICH...
#   WHICH: c (build/examples/search-bot --ms MS), py (the Python search bot,
#   bindings/python/examples/search_bot.py --ms MS, next to the package
#   built in BUILD/python), heuristic (the baseline).
set -eu
b=$1 out=$2 ms=$3 games=$4
shift 4
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
h=$b/examples/heuristic-bot
r=$b/examples/random-bot
cfg=$out/bots.yaml
# The Python bot runs from a folder of its own holding the package, as a
# sealed bot sees it.
mkdir -p "$out/pybot"
rm -rf "$out/pybot/saboteur"
cp -r "$b/python/saboteur" "$out/pybot/"
cp "$here/bindings/python/examples/search_bot.py" "$out/pybot/"
cat >"$cfg" <<EOF2
bots:
  pysearch:
    command: "python3 search_bot.py --ms $ms"
    cwd: "$(cd "$out/pybot" && pwd)"
  csearch:
    command: "$(cd "$b" && pwd)/examples/search-bot --ms $ms"
  heuristic:
    command: "$(cd "$b" && pwd)/examples/heuristic-bot"
EOF2
table() {       # name ruleset bot others...
	name=$1 rs=$2 bot=$3
	shift 3
	[ -s "$out/$name.done" ] && return 0
	"$b/saboteur" play --config "$cfg" --ruleset "$rs" --seed 42 \
	    --games "$games" --transcripts --quiet --force \
	    --log-dir "$out/$name" "$bot" "$@" >"$out/$name.out" 2>&1
	python3 "$here/examples/bot_stats.py" --ci "$out/$name"/1-*.transcript \
	    >"$out/$name.done"
	rm -f "$out/$name"/*.transcript
}
for which in "$@"; do
	case $which in
	c) bot=csearch ;;
	py) bot=pysearch ;;
	heuristic) bot=heuristic ;;
	*) echo "search-tables.sh: no such bot: $which" >&2; exit 2 ;;
	esac
	table "$which-base-heuristic" base $bot $h $h $h $h
	table "$which-base-random" base $bot $r $r $r $r
	table "$which-sab2-heuristic" saboteur2 $bot $h $h $h $h $h
	table "$which-sab2-random" saboteur2 $bot $r $r $r $r $r
done
for f in "$out"/*.done; do
	echo "== $(basename "$f" .done)"
	cat "$f"
done
