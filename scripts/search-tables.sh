#!/bin/sh
# search-tables.sh: the README's tables of the search bots.  Each measured
# bot plays the first seat (seats rotate) against the heuristic bots and
# against the random bots, 5-player base and 6-player Saboteur 2 games,
# seed 42; the heuristic bot in the same seat is the baseline.  Prints each
# table's results by role with 95% intervals (examples/bot_stats.py --ci),
# and with KEEP=1 each measured bot against the heuristic bot round by
# round on the same deals (bot_stats.py --against).
# CPU-heavy: run it with nice (JOBS=2 in the environment runs the four
# tables of each bot at once).
#
# Usage: scripts/search-tables.sh BUILD OUTDIR SEARCH GAMES WHICH...
#   SEARCH: the search bots' options, "--iter N ..." (N samples a decision,
#   whatever the machine's load: the README's tables), or a number of
#   milliseconds a decision (--ms).
#   WHICH: c (build/examples/search-bot SEARCH), py (the Python search bot,
#   bindings/python/examples/search_bot.py SEARCH, next to the package
#   built in BUILD/python), heuristic (the baseline).
#   TABLES in the environment (default "base-heuristic base-random
#   sab2-heuristic sab2-random") plays only those tables; KEEP=1 keeps
#   the measured seat's transcripts (OUTDIR/TABLE/1-*.transcript; the
#   other seats' are removed) and prints, for every table that the
#   heuristic bot and a search bot have both played into OUTDIR (this run
#   or an earlier one), the search bot minus the heuristic bot round by
#   round on the same deals, by role, with 95% intervals
#   (examples/bot_stats.py A --against B; also in OUTDIR/TABLE.paired).
#   DEAL_BY_SEAT=1 plays every table with --deal-by-seat: each round then
#   deals every seat the same hand in both bots' tables, whoever starts it
#   (without, a round after the first deals its hands from the seat that
#   starts it, which play decides), so that every round pairs alike; the
#   games are not those played without it.
set -eu
b=$1 out=$2 search=$3 games=$4
shift 4
case $search in
*[!0-9.]*) ;;
*) search="--ms $search" ;;
esac
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
h=$b/examples/heuristic-bot
r=$b/examples/random-bot
cfg=$out/bots.yaml
# The Python bot runs from a folder of its own holding the package, as a
# sealed bot sees it.
mkdir -p "$out/pybot"
case " $* " in
*" py "*)
	rm -rf "$out/pybot/saboteur"
	cp -r "$b/python/saboteur" "$out/pybot/"
	cp "$here/bindings/python/examples/search_bot.py" "$out/pybot/" ;;
esac
cat >"$cfg" <<EOF2
bots:
  pysearch:
    command: "python3 search_bot.py $search"
    cwd: "$(cd "$out/pybot" && pwd)"
  csearch:
    command: "$(cd "$b" && pwd)/examples/search-bot $search"
  heuristic:
    command: "$(cd "$b" && pwd)/examples/heuristic-bot"
EOF2
table() {       # name ruleset bot others...
	name=$1 rs=$2 bot=$3
	shift 3
	[ -s "$out/$name.done" ] && return 0
	case " ${TABLES:-base-heuristic base-random sab2-heuristic sab2-random} " in
	*" ${name#*-} "*) ;;
	*) return 0 ;;
	esac
	# Time enough for every decision on a loaded machine: a table
	# measures strength at a fixed number of samples, and a decision the
	# referee makes for a bot that ran out of time would spoil it.
	deal=
	[ "${DEAL_BY_SEAT:-0}" = 1 ] && deal=--deal-by-seat
	"$b/saboteur" play --config "$cfg" --ruleset "$rs" --seed 42 $deal \
	    --move-ms 60000 --bank-ms 600000 \
	    --games "$games" --transcripts --quiet --force \
	    --log-dir "$out/$name" "$bot" "$@" >"$out/$name.out" 2>&1
	python3 "$here/examples/bot_stats.py" --ci "$out/$name"/1-*.transcript \
	    >"$out/$name.done"
	if [ "${KEEP:-0}" = 1 ]; then
		find "$out/$name" -name '*.transcript' ! -name '1-*' -exec rm -f {} +
	else
		rm -f "$out/$name"/*.transcript
	fi
}
# JOBS=2 (or more): the four tables of each bot at once.
run() {
	if [ "${JOBS:-1}" -gt 1 ]; then
		table "$@" &
	else
		table "$@"
	fi
}
for which in "$@"; do
	case $which in
	c) bot=csearch ;;
	py) bot=pysearch ;;
	heuristic) bot=heuristic ;;
	*) echo "search-tables.sh: no such bot: $which" >&2; exit 2 ;;
	esac
	run "$which-base-heuristic" base $bot "$h" "$h" "$h" "$h"
	run "$which-base-random" base $bot "$r" "$r" "$r" "$r"
	run "$which-sab2-heuristic" saboteur2 $bot "$h" "$h" "$h" "$h" "$h"
	run "$which-sab2-random" saboteur2 $bot "$r" "$r" "$r" "$r" "$r"
	wait
done
for f in "$out"/*.done; do
	echo "== $(basename "$f" .done)"
	cat "$f"
done
# KEEP=1: each search bot against the heuristic bot in the same seat, on
# the same seeds, round by round.
[ "${KEEP:-0}" = 1 ] || exit 0
st=0
for t in base-heuristic base-random sab2-heuristic sab2-random; do
	set -- "$out/heuristic-$t"/1-*.transcript
	[ -f "$1" ] || continue
	base=$1
	for which in c py; do
		set -- "$out/$which-$t"/1-*.transcript
		[ -f "$1" ] || continue
		echo "== $which-$t against heuristic-$t, round by round"
		if python3 "$here/examples/bot_stats.py" "$1" --against "$base" \
		    >"$out/$which-$t.paired"; then
			cat "$out/$which-$t.paired"
		else
			st=1
		fi
	done
done
exit $st
