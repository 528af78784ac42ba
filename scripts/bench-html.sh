#!/bin/sh
# bench-html.sh: the web side's figures: the size of a 5-player base game's
# page and of a 12-player Saboteur 2 game's, the time headless Chromium
# takes to open each and draw its table, and to draw all of it (the medians
# of five openings, as the page measures them; and the page's own drawing,
# the time to its table and to draw the rest after the first frame, which
# is what a page that draws all before its first frame measures as all of
# it) and to draw a decision (the median of 60), and the time
# saboteur report takes for a tournament of 10,000 games (a real tournament
# of 40 games of the C bots, its journal lines repeated with new indices
# and seeds up to 10,000 in the journal's own format, each pointing at a
# real replay).
#
# Usage: scripts/bench-html.sh BUILD_DIR
set -eu
b=${1:?usage: scripts/bench-html.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

"$b/saboteur" play --sandbox off --quiet --seed 2026 --log-dir "$tmp/logs" \
    --replay "$tmp/game.sabr.gz" \
    "$b/examples/heuristic-bot" "$b/examples/random-bot" "$b/examples/random-bot" \
    "$b/examples/random-bot" "$b/examples/random-bot" >/dev/null
"$b/saboteur" html -o "$tmp/game.html" "$tmp/game.sabr.gz"
set --
for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
	if [ $((k % 2)) = 0 ]; then set -- "$@" "$b/examples/heuristic-bot"; else set -- "$@" "$b/examples/random-bot"; fi
done
"$b/saboteur" play --sandbox off --quiet --seed 2026 --ruleset saboteur2 \
    --log-dir "$tmp/logs12" --replay "$tmp/game12.sabr.gz" "$@" >/dev/null
"$b/saboteur" html -o "$tmp/game12.html" "$tmp/game12.sabr.gz"
for g in game:"a 5-player base game" game12:"a 12-player Saboteur 2 game"; do
	f=$tmp/${g%%:*}.html
	size=$(wc -c <"$f")
	echo "html: ${g#*:}'s page: $((size / 1024)) KB ($size bytes)"
	if command -v chromium >/dev/null 2>&1; then
		set -- $(node "$here/../tests/html_check.js" --time "$f")
		step=$(node "$here/../tests/html_check.js" --steptime "$f")
		echo "html: opened and its table drawn by headless Chromium in $1 ms, all of it (charts, moves, legend) in $2 ms (medians of 5); a decision drawn in $step ms (median of 60)"
		echo "html: the page's own drawing, to its table and then the rest, without the wait for the first frame between them: $3 ms (median of 5)"
	else
		echo "html: no chromium to time the page in (scripts/deps.sh check installs it)"
	fi
done

{
	printf 'players: 5\nseed: 1\nschedule:\n  kind: round-robin\n  games: 40\nbots:\n'
	for k in 1 2 3 4 5; do
		printf '  - name: random%s\n    command: %s/examples/random-bot\n' "$k" "$b"
	done
	printf '  - name: heuristic\n    command: %s/examples/heuristic-bot\n' "$b"
} >"$tmp/t.yaml"
"$b/saboteur" tournament --sandbox off --quiet -j 2 --out "$tmp/t" "$tmp/t.yaml" >/dev/null
# The journal's first line says how many games the schedule has: a game
# beyond them is left out, with a warning, as a forged line would be.
awk 'NR == 1 { sub(/schedule=[0-9]+/, "schedule=10000"); print; next }
	$1 == "game" { line[n++] = $0 }
	END {
		for (i = 0; i < 10000; i++) {
			split(line[i % n], w, " ")
			out = "game " i " seed=" sprintf("%.0f", 1000003 * i + 7)
			for (k = 4; k in w; k++) out = out " " w[k]
			print out
		}
	}' "$tmp/t/journal.txt" >"$tmp/t/journal.new"
mv "$tmp/t/journal.new" "$tmp/t/journal.txt"
t0=$(date +%s.%N)
"$b/saboteur" report --quiet -o "$tmp/report" "$tmp/t"
t1=$(date +%s.%N)
pages=$(ls "$tmp/report/games" | wc -l)
echo "$t0 $t1 $pages $(wc -c <"$tmp/report/index.html")" | awk '{
	printf "report: a 10000-game tournament in %.2f s (%d game pages, index.html %d KB)\n",
	    $2 - $1, $3, $4 / 1024 }'
