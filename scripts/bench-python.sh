#!/bin/sh
# bench-python.sh: the Python package against the rules engine in C, in the
# same run (make bench): random 5-player base games per second played
# whole inside C through the package (saboteur.selfplay(), target: at
# least half of saboteur bench's), legal-move listings plus applies per
# CPU second (whatever else the machine runs) one move at a time from
# Python (target: 200,000), and the search bots' samples per second, C
# and Python.  Medians of three runs; it prints
# figures and ratios, and never fails on a slow machine.
#
# Usage: scripts/bench-python.sh BUILD
set -eu
b=$1
games=${2:-4000}
here=$(cd "$(dirname "$0")/.." && pwd)
export PYTHONPATH="$b/python"

median() { sort -g | sed -n 2p; }

c=$(for i in 1 2 3; do
	"$b/saboteur" bench --games "$games" --seed "$i" 2>/dev/null |
	    sed -n 's/^random playouts: \([0-9]*\) complete games.*/\1/p'
done | median)
py=$(for i in 1 2 3; do
	python3 -c "
import time, saboteur
saboteur.selfplay('base', 5, 0)
t = time.perf_counter()
for s in range($games):
    saboteur.selfplay('base', 5, s + $i * 1000000)
print('%.0f' % ($games / (time.perf_counter() - t)))"
done | median)
step=$(for i in 1 2 3; do
	python3 -c "
import random, time, saboteur
r = random.Random($i)
n, t = 0, time.process_time()
for s in range(300):
    g = saboteur.Game('base', 5, s + $i * 1000)
    while not g.over:
        moves = g.legal()
        g.apply(moves[r.randrange(len(moves))])
        n += 1
print('%.0f' % (n / (time.process_time() - t)))"
done | median)
echo "python: random 5-player base games inside C through the package:" \
    "$py games/s against $c for saboteur bench (median of 3 runs each):" \
    "$(awk "BEGIN { printf \"%.2f\", $py / $c }") of it (target: 0.5)"
echo "python: one move at a time, legal() then apply(): $step a CPU second" \
    "(median of 3; target: 200000)"
# The search bots' default search: a sample dealt from the seat's
# knowledge, its roles dealt by trust, 5 candidates each played out by the
# heuristic in every seat (search-bot --bench's "paired" line).
sc=$(for i in 1 2 3; do
	"$b/examples/search-bot" --bench 2500 |
	    sed -n 's/^search bot (C), paired: \([0-9]*\) samples.*/\1/p'
done | median)
sp=$(for i in 1 2 3; do
	python3 "$here/bindings/python/examples/search_bot.py" --bench 500 |
	    sed -n 's/^search bot (Python): \([0-9]*\) samples.*/\1/p'
done | median)
echo "search bots: $sc samples a second in C, $sp in Python (medians of 3;" \
    "a sample: a game dealt from the seat's knowledge, 5 candidates each" \
    "played out by the heuristic bot in every seat):" \
    "Python $(awk "BEGIN { printf \"%.2f\", $sp / $sc }") of C"
