#!/bin/sh
# tournament.sh: runs real tournaments with the example bots and a failing
# bot under -j 2, and checks what people must be able to trust: standings
# that match an independent recount from the replays, a run killed with
# SIGKILL midway and resumed giving the same standings as an uninterrupted
# run, two shards merged giving the standings of one run, the example
# tournament giving the same standings with -j 1 and -j 2, a second run on
# the same folder refused, SIGTERM leaving nothing behind, a twelve-player
# Saboteur 2 tournament killed, resumed, verified and standing per role,
# duplicate deals (one deal per block, intervals by deal, narrower), the
# sequential test on the example bots (stopping, resuming, worse), live
# standings and head to head, --affinity (CPUs of their own per worker),
# and bad files refused with their place named.
#
# Usage: tests/tournament.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/tournament.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
tag="tour-tag-$$"
trap 'pkill -KILL -f "$tag" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
cd "$top" || exit 1

. "$here/checks.sh"

# Bots whose moves depend only on what they are told (the C random bot
# reseeds from BOT_SEED each game), so that a game gives the same result
# whichever worker plays it and whatever it played before.
cat >"$tmp/t.yaml" <<YAML
name: e2e
players: 3
seed: 11
schedule:
  kind: round-robin
  rounds: 6
time:
  move-ms: 20000
  bank-ms: 60000
  handshake-ms: 60000
failures:
  disqualify-after: 0
bots:
  - name: heuristic
    command: build/examples/heuristic-bot $tag
  - name: first
    command: build/examples/random-bot $tag
    env: {BOT_SEED: "5"}
  - name: second
    command: python3 tests/bots/badbot.py good $tag-2
  - name: crasher
    command: python3 tests/bots/badbot.py crash-mid $tag
    move-ms: 30000
YAML

# run DIR ARGS...: a quiet tournament into DIR; output in DIR.out.
run() {
	d=$1
	shift
	"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/$d" "$@" "$tmp/t.yaml" \
	    >"$tmp/$d.out" 2>&1
}

# The standings as CSV, without the thinking time, which no two runs share.
csv() {
	"$bin" standings --format csv "$@" | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
keep = [i for i, h in enumerate(rows[0]) if h != "ms_per_move"]
for r in rows:
    print(",".join(r[i] for i in keep))'
}

# 1. An uninterrupted run.
run full
rc=$?
[ $rc = 0 ] && ok || { no "full run: exit $rc"; sed 's/^/  | /' "$tmp/full.out"; }
games=$(grep -c '^game ' "$tmp/full/journal.txt")
[ "$games" = 72 ] && ok || no "full run: $games games in the journal, want 72"
csv "$tmp/full" >"$tmp/full.csv" && ok || no "standings of the full run"
# The results folder is its user's alone: folders 0700, files 0600.
private "results folder" "$tmp/full"
leftovers full

# 2. Standings against an independent recount from the replays.
"$bin" verify --quiet "$tmp/full/replays"/*.sabr.gz >"$tmp/verify.out" 2>&1 &&
    ok || { no "the tournament's replays do not verify"; head -5 "$tmp/verify.out"; }
python3 - "$tmp/full" "$tmp/t.yaml" "$tmp/full.csv" <<'PY' && ok || no "recount from the replays differs from the standings"
import csv, gzip, os, sys
d, conf, table = sys.argv[1:4]
# Bot names by command, from the tournament file (commands are distinct).
names, cmd = {}, None
for line in open(conf):
    s = line.strip()
    if s.startswith("- name:"):
        name = s.split(":", 1)[1].strip()
    elif s.startswith("command:"):
        names[s.split(":", 1)[1].strip()] = name
games, gold = {}, {}
for f in sorted(os.listdir(os.path.join(d, "replays"))):
    if not f.endswith(".sabr.gz"):
        continue
    seats, result = {}, None
    for rec in gzip.open(os.path.join(d, "replays", f), "rt"):
        w = rec.rstrip("\n").split(" ", 3)
        if w[0] == "seat":
            seats[int(w[1])] = names[w[3]]
        elif w[0] == "result":
            result = rec.split()[1:]
    assert result is not None, f + ": no result"
    for s, b in seats.items():
        games[b] = games.get(b, 0) + 1
        gold[b] = gold.get(b, 0) + int(result[s])
rows = {r["name"]: r for r in csv.DictReader(open(table))}
bad = [b for b in games if int(rows[b]["games"]) != games[b] or
       int(rows[b]["gold"]) != gold[b]]
if bad or set(rows) != set(games):
    print("recount:", games, gold, "standings:", rows)
    sys.exit(1)
PY

# Each game's results in the journal: its rounds' payouts add up to each
# seat's gold, only a round's winners are paid, and the winners of a round
# of the base game are the seats of one role, every seat of it.
python3 - "$tmp/full/journal.txt" <<'PY' && ok || no "the journal's round results do not add up"
import sys
bad = 0
for line in open(sys.argv[1]):
    if not line.startswith("game "):
        continue
    f = dict(w.split("=", 1) for w in line.split()[2:])
    gold = [int(x) for x in f["gold"].split(",")]
    paid = [0] * len(gold)
    for roles, res in zip(f["roles"].split(","), f["results"].split(",")):
        won, pay = res.split(":")
        won = set() if won == "-" else {int(s) for s in won.split("+")}
        pay = [int(x) for x in pay.split("/")]
        paid = [a + b for a, b in zip(paid, pay)]
        sides = {roles[s] for s in won}
        if any(pay[s] and s not in won for s in range(len(pay))) or \
           len(sides) > 1 or \
           (sides and won != {s for s, r in enumerate(roles) if r in sides}):
            bad += 1
    bad += paid != gold
if bad:
    print(bad, "games whose results do not add up")
    sys.exit(1)
PY

# 3. Killed with SIGKILL midway, then resumed: the same standings.
"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/killed" "$tmp/t.yaml" \
    >"$tmp/killed.out" 2>&1 &
pid=$!
n=0
while [ "$n" -lt 15 ] && kill -0 $pid 2>/dev/null; do
	n=$(cat "$tmp/killed/journal.txt" 2>/dev/null | grep -c '^game ')
	sleep 0.05
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
before=$(grep -c '^game ' "$tmp/killed/journal.txt")
[ "$before" -lt 72 ] && ok || no "the run to kill finished before it was killed"
leftovers "killed run"
run killed
rc=$?
[ $rc = 0 ] && ok || { no "resumed run: exit $rc"; sed 's/^/  | /' "$tmp/killed.out"; }
"$bin" tournament --sandbox off -j 2 --out "$tmp/killed" "$tmp/t.yaml" 2>&1 |
    grep -q "resuming: 72 already played" && ok ||
    no "a run of a finished folder did not say it resumed 72 games"
games=$(grep -c '^game ' "$tmp/killed/journal.txt")
[ "$games" = 72 ] && ok || no "resumed run: $games games in the journal, want 72"
ls "$tmp/killed/replays" | grep -q '\.part$' &&
    no "the resumed run left .part replays of the games killed midway" || ok
[ "$(ls "$tmp/killed/replays" | grep -c '\.sabr\.gz$')" = 72 ] && ok ||
    no "the resumed run does not have one replay per game"
csv "$tmp/killed" >"$tmp/killed.csv"
cmp -s "$tmp/full.csv" "$tmp/killed.csv" && ok || {
	no "killed and resumed: the standings differ from the uninterrupted run"
	diff "$tmp/full.csv" "$tmp/killed.csv" | sed 's/^/  | /'; }

# 4. Two shards merged: the standings of one run.
run shard1 --shard 1/2 && run shard2 --shard 2/2 && ok ||
    no "shards: a run failed"
csv "$tmp/shard1" "$tmp/shard2" >"$tmp/shards.csv"
cmp -s "$tmp/full.csv" "$tmp/shards.csv" && ok || {
	no "two shards merged differ from one run"
	diff "$tmp/full.csv" "$tmp/shards.csv" | sed 's/^/  | /'; }
"$bin" tournament --sandbox off --quiet --shard 2/2 --out "$tmp/shard1" "$tmp/t.yaml" \
    >"$tmp/wrong-shard.out" 2>&1
[ $? = 3 ] && grep -q "shard" "$tmp/wrong-shard.out" && ok ||
    no "a folder of shard 1/2 resumed as shard 2/2"
# --complete: the standings only once every game is in, else exit 1.
"$bin" standings --complete "$tmp/shard1" >"$tmp/complete1.out" 2>&1
[ $? = 1 ] && grep -qx "saboteur standings: --complete: 36 of 72 games: not every game is in" \
    "$tmp/complete1.out" && grep -q "shard 2/2 missing" "$tmp/complete1.out" &&
    ! grep -q "^rank" "$tmp/complete1.out" && ok ||
    { no "standings --complete of one shard of two"; cat "$tmp/complete1.out"; }
"$bin" standings --complete "$tmp/shard1" "$tmp/shard2" >"$tmp/complete2.out" 2>/dev/null &&
    "$bin" standings "$tmp/shard1" "$tmp/shard2" 2>/dev/null | cmp -s - "$tmp/complete2.out" &&
    ok || no "standings --complete of both shards"
# The distributed scripts make OUT/shard-I-of-N before any shard comes
# back: with none back yet, the standings name the shards missing.
mkdir -p "$tmp/back/shard-1-of-3" "$tmp/back/shard-2-of-3" "$tmp/back/shard-3-of-3"
"$bin" standings "$tmp/back" >"$tmp/back.out" 2>&1
[ $? = 3 ] && grep -qx "saboteur standings: $tmp/back holds no results yet: shards 1-3 of 3 missing (no journal.txt in $tmp/back/shard-I-of-3); merge once the shards have come back" \
    "$tmp/back.out" && ok || { no "standings of shards none of which came back"; cat "$tmp/back.out"; }

# 5. A second run on a folder in use is refused; SIGTERM stops cleanly.
"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/busy" "$tmp/t.yaml" \
    >"$tmp/busy.out" 2>&1 &
pid=$!
# The first run holds the folder once its lock file names it.
i=0
while [ $i -lt 1200 ] && ! [ -s "$tmp/busy/lock" ]; do
	sleep 0.1
	i=$((i + 1))
done
"$bin" tournament --sandbox off --quiet --out "$tmp/busy" "$tmp/t.yaml" >"$tmp/busy2.out" 2>&1
rc=$?
[ $rc = 3 ] && grep -q "in use by another run" "$tmp/busy2.out" && ok ||
    { no "a second run on a busy folder: exit $rc"; cat "$tmp/busy2.out"; }
kill -TERM $pid
wait $pid
rc=$?
if [ $rc = 5 ] || [ $rc = 0 ]; then ok; else no "SIGTERM: exit $rc, want 5"; fi
leftovers "SIGTERM"

# 5b. The README's promise for the example tournament: its results do not
# depend on -j.  Every bot of examples/tournament.yaml seeds its random
# choices with the protocol's per-game "seed" line (the heuristic bot draws
# none), so -j 1 and -j 2 give the same standings, byte for byte but for
# the thinking time, and the same journal of games.
"$bin" tournament --sandbox off --quiet -j 1 --out "$tmp/ex1" \
    examples/tournament.yaml >"$tmp/ex1.out" 2>&1 &&
"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/ex2" \
    examples/tournament.yaml >"$tmp/ex2.out" 2>&1 && ok ||
    { no "the example tournament failed"; tail -5 "$tmp/ex1.out" "$tmp/ex2.out"; }
csv "$tmp/ex1" >"$tmp/ex1.csv"
csv "$tmp/ex2" >"$tmp/ex2.csv"
[ -s "$tmp/ex1.csv" ] && cmp -s "$tmp/ex1.csv" "$tmp/ex2.csv" && ok || {
	no "the example tournament's standings differ between -j 1 and -j 2"
	diff "$tmp/ex1.csv" "$tmp/ex2.csv" | sed 's/^/  | /'; }
# Game by game: the same seats, gold and winners (the journal's own order
# is the order games finished in).
games_of() {
	grep '^game ' "$1/journal.txt" | sed 's/ think-us=[^ ]*//' | sort
}
games_of "$tmp/ex1" >"$tmp/ex1.games"
games_of "$tmp/ex2" >"$tmp/ex2.games"
[ -s "$tmp/ex1.games" ] && cmp -s "$tmp/ex1.games" "$tmp/ex2.games" && ok || {
	no "the example tournament's games differ between -j 1 and -j 2"
	diff "$tmp/ex1.games" "$tmp/ex2.games" | head -5 | sed 's/^/  | /'; }

# 6. A bot that keeps failing is disqualified, and the tournament goes on.
sed 's/disqualify-after: 0/disqualify-after: 2/; s/rounds: 6/rounds: 1/' \
    "$tmp/t.yaml" >"$tmp/dq.yaml"
"$bin" tournament --sandbox off --quiet -j 1 --out "$tmp/dq" "$tmp/dq.yaml" >"$tmp/dq.out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q "bot crasher is disqualified after 2 failures" \
    "$tmp/dq.out" && ok || { no "disqualification: exit $rc"; cat "$tmp/dq.out"; }
"$bin" standings --format csv "$tmp/dq" | grep -q '^[0-9]*,crasher,.*,1$' &&
    ok || no "the standings do not show the disqualification"
zgrep -l "no-start disqualified" "$tmp/dq/replays"/*.sabr.gz >/dev/null &&
    ok || no "no replay shows the disqualified seat"

# A bot that ran out of time may still be thinking: it is restarted for
# its next game, not counted as failed, and not disqualified.  It never
# answers, so only its own clock is short.
cat >"$tmp/hang.yaml" <<YAML
players: 3
schedule: {kind: round-robin, rounds: 1}
time: {move-ms: 20000, bank-ms: 60000, handshake-ms: 60000}
failures: {disqualify-after: 1}
bots:
  - {name: a, command: build/examples/heuristic-bot $tag}
  - {name: b, command: build/examples/random-bot $tag}
  - {name: hang, command: python3 tests/bots/badbot.py hang $tag,
     move-ms: 100, bank-ms: 100}
YAML
"$bin" tournament --sandbox off --quiet -j 1 --out "$tmp/hang" "$tmp/hang.yaml" \
    >"$tmp/hang.out" 2>&1 && ok || no "the hanging bot's tournament failed"
[ "$(ls "$tmp/hang/logs" | grep -c '^hang\.')" = 3 ] && ok ||
    no "the bot that ran out of time was not restarted for each game"
"$bin" standings --format csv "$tmp/hang" |
    grep -q '^[0-9]*,hang,\([^,]*,\)\{13\}[^,]*,3,.*,0$' && ok ||
    no "the standings do not show 3 timeouts and no disqualification"
leftovers "hanging bot"

# No seed travels on a command line: a bot that reads every process's
# /proc/PID/cmdline at every game finds neither the master seed nor any
# game's (the journal has them), though it sees the workers'.
cat >"$tmp/cmdl.yaml" <<YAML
players: 3
seed: 8231946105527
schedule: {kind: round-robin, rounds: 1}
time: {move-ms: 20000, bank-ms: 60000, handshake-ms: 60000}
bots:
  - {name: a, command: build/examples/heuristic-bot $tag}
  - {name: b, command: build/examples/random-bot $tag}
  - {name: spy, command: python3 tests/bots/badbot.py cmdlines $tag}
YAML
"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/cmdl" "$tmp/cmdl.yaml" \
    >"$tmp/cmdl.out" 2>&1 && ok || no "the cmdline tournament failed"
seeds=$(sed -n 's/^game .* seed=\([0-9]*\) .*/\1/p' "$tmp/cmdl/journal.txt")
[ "$(echo $seeds | wc -w)" = 3 ] && ok ||
    no "cmdlines: $(echo $seeds | wc -w) game seeds in the journal, want 3"
cat "$tmp/cmdl/logs"/spy.*.stderr >"$tmp/cmdl.seen"
grep -q "tournament-worker" "$tmp/cmdl.seen" && ok ||
    no "cmdlines: the bot did not see the workers' command lines"
for s in 8231946105527 $seeds; do
	grep -q "$s" "$tmp/cmdl.seen" && no "a bot read seed $s on a command line" || ok
done
leftovers "cmdlines"

# 6c. Saboteur 2, twelve players: the example C bots (and one that plays
# the first legal move and can hold the run) play, are killed with SIGKILL
# midway, resume, verify every replay and give standings per role.  The
# holding bot waits at the start of the third game and after while the
# hold file exists, so the run killed has exactly two games, whatever the
# machine's speed.
{
	echo "name: saboteur2"
	echo "ruleset: saboteur2"
	echo "players: 12"
	echo "seed: 12"
	echo "schedule: {kind: round-robin, games: 6}"
	echo "time: {move-ms: 20000, bank-ms: 120000, handshake-ms: 60000}"
	echo "bots:"
	for i in 1 2 3 4 5 6; do
		echo "  - {name: heuristic$i, command: build/examples/heuristic-bot $tag}"
	done
	for i in 1 2 3 4 5; do
		echo "  - {name: random$i, command: build/examples/random-bot $tag,"
		echo "     env: {BOT_SEED: \"$i\"}}"
	done
	echo "  - {name: holder, command: python3 tests/bots/badbot.py hold $tag,"
	echo "     env: {HOLD_FILE: \"$tmp/hold\"}}"
} >"$tmp/s2.yaml"
s2() {
	"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/$1" "$tmp/s2.yaml" \
	    >"$tmp/$1.out" 2>&1
}
s2 s2full
rc=$?
[ $rc = 0 ] && ok || { no "saboteur2 run: exit $rc"; sed 's/^/  | /' "$tmp/s2full.out"; }
[ "$(grep -c '^game ' "$tmp/s2full/journal.txt")" = 6 ] && ok ||
    no "saboteur2 run: not 6 games in the journal"
head -1 "$tmp/s2full/journal.txt" | grep -q ' roles=b:blue-miner,g:green-miner,o:boss,p:profiteer,e:geologist,s:saboteur$' &&
    ok || no "saboteur2 journal header: $(head -1 "$tmp/s2full/journal.txt")"
: >"$tmp/hold"
"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/s2killed" "$tmp/s2.yaml" \
    >"$tmp/s2killed.out" 2>&1 &
pid=$!
i=0
while [ $i -lt 1200 ] && kill -0 $pid 2>/dev/null &&
    [ "$(grep -c '^game ' "$tmp/s2killed/journal.txt" 2>/dev/null)" != 2 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
[ "$(grep -c '^game ' "$tmp/s2killed/journal.txt")" = 2 ] && ok ||
    no "saboteur2: the run killed does not hold 2 games"
leftovers "saboteur2 killed run"
rm -f "$tmp/hold"
s2 s2killed
rc=$?
[ $rc = 0 ] && ok || { no "saboteur2 resumed: exit $rc"; sed 's/^/  | /' "$tmp/s2killed.out"; }
[ "$(grep -c '^game ' "$tmp/s2killed/journal.txt")" = 6 ] && ok ||
    no "saboteur2 resumed: not 6 games in the journal"
[ "$(ls "$tmp/s2killed/replays" | grep -c '\.sabr\.gz$')" = 6 ] &&
    ! ls "$tmp/s2killed/replays" | grep -q '\.part$' && ok ||
    no "saboteur2 resumed: not one whole replay per game"
"$bin" verify --quiet "$tmp/s2full/replays"/*.sabr.gz "$tmp/s2killed/replays"/*.sabr.gz \
    >"$tmp/s2verify.out" 2>&1 && ok ||
    { no "saboteur2: the replays do not verify"; head -5 "$tmp/s2verify.out"; }
for d in s2full s2killed; do
	csv "$tmp/$d" >"$tmp/$d.csv"
	csv --by-role "$tmp/$d" >"$tmp/$d.by-role"
done
for f in csv by-role; do
	[ -s "$tmp/s2full.$f" ] && cmp -s "$tmp/s2full.$f" "$tmp/s2killed.$f" && ok || {
		no "saboteur2 killed and resumed: the standings ($f) differ"
		diff "$tmp/s2full.$f" "$tmp/s2killed.$f" | head -5 | sed 's/^/  | /'; }
done
leftovers "saboteur2 tournament"
# The journal's rounds: a seat's payouts (thefts included) add up to its
# gold, no geologist is ever among a round's winners, and every round has
# a role of the six for every seat; then the standings per role against a
# recount of the journal: every bot has a line for each of the six roles,
# with the rounds it played in it, won and the gold it got there.
python3 - "$tmp/s2full/journal.txt" "$tmp/s2full.by-role" <<'PY' && ok ||
import csv, sys
head, *lines = open(sys.argv[1]).read().split("\n")[:-1]
names = dict(r.split(":") for r in head.split("roles=")[1].split(","))
count, bad = {}, 0
for line in lines:
    f = dict(w.split("=", 1) for w in line.split()[2:])
    bots, gold = f["bots"].split(","), [int(x) for x in f["gold"].split(",")]
    paid = [0] * len(gold)
    for roles, res in zip(f["roles"].split(","), f["results"].split(",")):
        won, pay = res.split(":")
        won = set() if won == "-" else {int(s) for s in won.split("+")}
        pay = [int(x) for x in pay.split("/")]
        paid = [a + b for a, b in zip(paid, pay)]
        bad += any(roles[s] == "e" for s in won) or len(roles) != 12 or \
            any(r not in names for r in roles)
        for s, r in enumerate(roles):
            c = count.setdefault((bots[s], names[r]), [0, 0, 0])
            c[0] += 1
            c[1] += s in won
            c[2] += pay[s]
    bad += paid != gold
rows = list(csv.DictReader(open(sys.argv[2])))
got = {(r["name"], r["role"]): [int(r["rounds"]), int(r["won"]), int(r["gold"])]
       for r in rows}
want = {(b, n): count.get((b, n), [0, 0, 0]) for b, _ in got for n in names.values()}
if bad or len(rows) != 72 or got != want:
    print("bad rounds:", bad, "lines:", len(rows))
    for k in sorted(want):
        if got.get(k) != want[k]:
            print(k, "standings", got.get(k), "journal", want[k])
    sys.exit(1)
PY
    no "saboteur2: the journal's rounds or the standings per role are wrong"

# 6d. Duplicate deals: the rotations of a line-up are dealt the same cards
# (the journal shows one seed and every round's roles by seat the same in
# every game of a block of four), the standings count by deal, and the
# heuristic bot's interval is narrower than in the same gauntlet without
# them; the head-to-head table and the likelihood of superiority follow.
for d in false true; do
	cat >"$tmp/dup-$d.yaml" <<YAML
players: 4
seed: 3
schedule: {kind: gauntlet, challenger: heuristic, games: 160, duplicate: $d}
bots:
  - {name: heuristic, command: build/examples/heuristic-bot $tag}
  - {name: r1, command: build/examples/random-bot $tag}
  - {name: r2, command: build/examples/random-bot $tag}
  - {name: r3, command: build/examples/random-bot $tag}
  - {name: r4, command: build/examples/random-bot $tag}
YAML
	"$bin" tournament --sandbox off --quiet -j 2 --out "$tmp/dup-$d" \
	    "$tmp/dup-$d.yaml" >"$tmp/dup-$d.out" 2>&1 ||
	    { no "duplicate: $d: the tournament failed"; cat "$tmp/dup-$d.out"; }
	"$bin" standings --head-to-head "$tmp/dup-$d" >"$tmp/dup-$d.st" 2>&1 ||
	    no "duplicate: $d: standings --head-to-head failed"
done
python3 - "$tmp/dup-true/journal.txt" "$tmp/dup-false/journal.txt" <<'PY' &&
import sys
def blocks(path):
    b = {}
    for line in open(path):
        if not line.startswith("game "):
            continue
        f = line.split()
        kv = dict(x.split("=", 1) for x in f[2:])
        b.setdefault(int(f[1]) // 4, []).append((kv["seed"], kv["roles"]))
    return b
dup, plain = blocks(sys.argv[1]), blocks(sys.argv[2])
assert len(dup) == 40 and all(len(g) == 4 for g in dup.values()), len(dup)
for k, g in dup.items():
    assert len(set(g)) == 1, ("block", k, g)
assert len({g[0][0] for g in dup.values()}) == 40
assert all(len({s for s, _ in g}) == 4 for g in plain.values())
PY
    ok || no "duplicate deals: a block's games differ in seed or roles"
# Every round of every rotation, from the replays' hidden state at each
# round's start: in rotation r the bot at seat k is the one that sat at
# seat k+r in rotation 0, and seat k is dealt what seat k was dealt in
# rotation 0 (hand, role, spare role, goal cards, deck), so that each bot
# holds every seat's cards once in every round, not only in the first.
python3 - "$tmp/dup-true" <<'PY' && ok ||
import gzip, sys
top = sys.argv[1]
games = {}
for line in open(top + "/journal.txt"):
    if line.startswith("game "):
        f = line.split()
        kv = dict(x.split("=", 1) for x in f[2:])
        games[int(f[1])] = (kv["bots"].split(","), kv["replay"])
def deals(path):
    rounds, cur = [], None
    for line in gzip.open(top + "/" + path, "rt"):
        w = line.split()
        if w[0] == "round":
            cur = {}
            rounds.append(cur)
        elif w[0] == "ev":
            cur = None
        elif cur is not None and w[0] in ("hand", "role"):
            cur[w[0], int(w[1])] = w[2:]
        elif cur is not None and w[0] in ("deck", "spare", "goalcard"):
            cur[w[0], " ".join(w[1:3]) if w[0] == "goalcard" else 0] = w[1:]
    return rounds
bad = later = 0
for first in range(0, 160, 4):
    bots0, rep0 = games[first]
    base = deals(rep0)
    for r in range(1, 4):
        bots, rep = games[first + r]
        if bots != [bots0[(k + r) % 4] for k in range(4)]:
            print("game %d: bots %s, game %d: %s" % (first + r, bots, first, bots0))
            bad += 1
        for n, (a, b) in enumerate(zip(base, deals(rep))):
            later += n > 0
            for key in a:
                if a[key] != b.get(key):
                    print("game %d round %d: %s %s, in game %d %s" %
                          (first + r, n + 1, key, b.get(key), first, a[key]))
                    bad += 1
print("duplicate deals: %d later rounds compared, %d differences" % (later, bad))
sys.exit(1 if bad or later < 100 else 0)
PY
    no "duplicate deals: a later round is dealt otherwise in another rotation"
# A duplicate game played again alone: --again deals as its replay says,
# --game-seed with --deal-by-seat deals its first round as the tournament
# did, without it as the rulebook does; --again takes no --deal-by-seat.
seed5=$(sed -n 's/^game 5 seed=\([0-9]*\) .*/\1/p' "$tmp/dup-true/journal.txt")
round1() { gzip -dc "$1" | sed -n '/^round 1$/,/^round 2$/p' | grep '^hand '; }
"$bin" play --sandbox off --quiet --again "$tmp/dup-true/replays/game-000005.sabr.gz" \
    --log-dir "$tmp/play-logs" --replay "$tmp/again5.sabr.gz" >"$tmp/again5.out" 2>&1 &&
    gzip -dc "$tmp/again5.sabr.gz" | grep -qx "deal seats" &&
    [ "$(round1 "$tmp/again5.sabr.gz")" = "$(round1 "$tmp/dup-true/replays/game-000005.sabr.gz")" ] &&
    ok || { no "duplicate: play --again of a duplicate game"; cat "$tmp/again5.out"; }
for how in --deal-by-seat ""; do
	"$bin" play --sandbox off --quiet --game-seed "$seed5" $how \
	    --log-dir "$tmp/play-logs" --replay "$tmp/seed5.sabr.gz" --force \
	    build/examples/random-bot \
	    build/examples/random-bot build/examples/random-bot \
	    build/examples/random-bot >"$tmp/seed5.out" 2>&1 ||
	    no "duplicate: play --game-seed $how failed"
	[ "$(round1 "$tmp/seed5.sabr.gz")" = "$(round1 "$tmp/dup-true/replays/game-000005.sabr.gz")" ]
	same=$?
	[ "$how" = "" ] && same=$((1 - same))
	[ $same = 0 ] && ok || no "duplicate: play --game-seed ${how:-without --deal-by-seat}: round 1 dealt otherwise than expected"
done
"$bin" play --again "$tmp/dup-true/replays/game-000005.sabr.gz" --deal-by-seat \
    --log-dir "$tmp/play-logs" >"$tmp/again-deal.out" 2>&1
[ $? = 2 ] && grep -q "deal-by-seat goes with --seed or --game-seed" "$tmp/again-deal.out" &&
    ok || { no "play --again --deal-by-seat accepted"; cat "$tmp/again-deal.out"; }
grep -q "^160 games, tournament [0-9a-f]*, 40 deals (intervals by deal)\(, 160 played unsealed (--sandbox off)\)\{0,1\}$" \
    "$tmp/dup-true.st" && ok || { no "duplicate: standings not by deal"; cat "$tmp/dup-true.st"; }
grep -q "deals" "$tmp/dup-false.st" && no "standings by deal without duplicate deals" || ok
"$bin" standings --format yaml "$tmp/dup-true" | sed -n 3p | grep -qx "deals: 40" &&
    ! "$bin" standings --format yaml "$tmp/dup-false" | grep -q "^deals:" && ok ||
    no "standings --format yaml: deals"
width() { awk '$1 ~ /^[0-9]+$/ && $2 == "heuristic" { gsub(/[][,]/, " "); print $8 - $7 }' "$1"; }
w1=$(width "$tmp/dup-false.st")
w2=$(width "$tmp/dup-true.st")
echo "$w1 $w2" | awk '{ if ($2 > 0 && $2 < $1) exit 0; exit 1 }' && ok ||
    no "duplicate deals: the interval is $w2 wide, without them $w1"
grep -q "^head to head: how often" "$tmp/dup-true.st" &&
    grep -q "^  heuristic over \|over r[1-4]: [0-9.]*% (ahead in" "$tmp/dup-true.st" &&
    ok || { no "standings --head-to-head"; cat "$tmp/dup-true.st"; }
"$bin" standings --head-to-head --format csv "$tmp/dup-true" >/dev/null 2>&1
[ $? = 2 ] && ok || no "--head-to-head with --format csv accepted"

# 6e. Sequential stopping, on the example bots: the heuristic bot against
# random bots stops long before the schedule's 4000 games with one of the
# three answers, the games finished meanwhile journaled; it takes the
# games in the schedule's order, so -j 1 and -j 4 stop at the same game
# with the same figures; the same command resumes to the same answer
# without a game more; a random challenger against heuristic bots is
# found worse; bots that differ only in name are found no different, at
# the test's least number of deals; --standings-every prints the
# standings, head to head and the test as it goes; --shard is refused.
sed "s|build/examples/\([a-z-]*\)|build/examples/\1 $tag|" \
    examples/tournament-sequential.yaml >"$tmp/seq.yaml"
"$bin" tournament --sandbox off -j 1 --standings-every 20 --out "$tmp/seq" \
    "$tmp/seq.yaml" >"$tmp/seq.out" 2>"$tmp/seq.err" ||
    { no "sequential: the tournament failed"; cat "$tmp/seq.err"; }
"$bin" tournament --sandbox off -j 4 --quiet --out "$tmp/seq4" \
    "$tmp/seq.yaml" >"$tmp/seq4.out" 2>&1 ||
    { no "sequential -j 4: the tournament failed"; cat "$tmp/seq4.out"; }
line=$(grep "^sequential test after [0-9]* games ([0-9]* deals): heuristic against the others: \(better\|worse\|no difference bigger than the margin\) (margin 0.1 gold a game, alpha 0.05, beta 0.05): mean difference" "$tmp/seq.out" | tail -1)
[ -n "$line" ] && ok || { no "sequential: no decision"; cat "$tmp/seq.out"; }
at=$(echo "$line" | sed 's/^sequential test after \([0-9]*\) games.*/\1/')
n=$(grep -c '^game ' "$tmp/seq/journal.txt")
[ -n "$at" ] && [ "$at" -ge 120 ] && [ "$n" = "$at" ] && [ "$n" -lt 1000 ] &&
    ok || no "sequential: decided after $at games, $n in the journal"
n4=$(grep -c '^game ' "$tmp/seq4/journal.txt")
# The same stop, the same figures; beyond it, the games the other three
# workers finished while an earlier one of the schedule still ran (as
# many as the machine's speed made: no fixed number), far fewer than
# the schedule's 4000.
[ "$(sed -n 1p "$tmp/seq4.out")" = "$line" ] && [ "$n4" -ge "$at" ] &&
    [ "$n4" -lt 1000 ] && ok || {
	no "sequential: -j 4 stops otherwise than -j 1 ($n4 games journaled)"
	echo "  -j 1: $line"; sed 's/^/  -j 4: /' "$tmp/seq4.out"; }
grep -q "^standings after 20 of 4000 games$" "$tmp/seq.out" &&
    grep -q "^head to head: how often" "$tmp/seq.out" &&
    grep -q "^sequential test after 20 games ([0-9]* deals): heuristic against the others: undecided" "$tmp/seq.out" &&
    ok || no "--standings-every: no standings, head to head or test after 20 games"
"$bin" tournament --sandbox off -j 2 --out "$tmp/seq" --quiet \
    "$tmp/seq.yaml" >"$tmp/seq2.out" 2>&1 || no "sequential: resuming failed"
# With --quiet: the test's answer again, then the result's line alone.
[ "$(grep -c '^game ' "$tmp/seq/journal.txt")" = "$n" ] &&
    [ "$(sed -n 1p "$tmp/seq2.out")" = "$line" ] &&
    [ "$(wc -l <"$tmp/seq2.out")" = 2 ] &&
    grep -q "^tournament .*: $n games, first [a-z0-9-]* ([0-9.]* gold a game), results in $tmp/seq\$" \
    "$tmp/seq2.out" && ok ||
    { no "sequential: the resumed run differs"; cat "$tmp/seq2.out"; }
cat >"$tmp/worse.yaml" <<YAML
players: 4
seed: 5
schedule: {kind: gauntlet, challenger: random, games: 4000, sequential: {margin: 0.25}}
bots:
  - {name: random, command: build/examples/random-bot $tag}
  - {name: h1, command: build/examples/heuristic-bot $tag}
  - {name: h2, command: build/examples/heuristic-bot $tag}
  - {name: h3, command: build/examples/heuristic-bot $tag}
YAML
"$bin" tournament --sandbox off -j 2 --quiet --out "$tmp/worse" \
    "$tmp/worse.yaml" >"$tmp/worse.out" 2>&1
grep -q "^sequential test after [0-9]* games: random against the others: worse " \
    "$tmp/worse.out" && ok || { no "sequential: a worse challenger"; cat "$tmp/worse.out"; }
# Identical bots: the same program, following the referee's seed, under
# five names; with duplicate deals every rotation plays the same game, so
# every deal gives the challenger exactly 0.
{
	printf 'players: 4\nseed: 9\nschedule: {kind: gauntlet, challenger: a, '
	printf 'games: 4000, duplicate: true, sequential: {margin: 0.05}}\nbots:\n'
	for b in a b c d e; do
		echo "  - {name: $b, command: build/examples/random-bot $tag}"
	done
} >"$tmp/same.yaml"
"$bin" tournament --sandbox off -j 2 --quiet --out "$tmp/same" \
    "$tmp/same.yaml" >"$tmp/same.out" 2>&1
grep -q "^sequential test after 120 games (30 deals): a against the others: no difference bigger than the margin (margin 0.05 gold a game, alpha 0.05, beta 0.05): mean difference 0.00, 95% interval at any stop \[0.00, 0.00\], LLR+ -[0-9.]*, LLR- -[0-9.]*, bounds -2.97 and 3.64$" \
    "$tmp/same.out" && ok || { no "sequential: identical bots"; cat "$tmp/same.out"; }
"$bin" tournament --sandbox off --shard 1/2 --out "$tmp/seq-shard" \
    "$tmp/seq.yaml" >"$tmp/seq-shard.out" 2>&1
[ $? = 2 ] && grep -q "seq.yaml:[0-9]*:[0-9]*: schedule.sequential: a sequential test needs every game" \
    "$tmp/seq-shard.out" && ok || { no "sequential with --shard"; cat "$tmp/seq-shard.out"; }

# 6f. --affinity: the games at once are pinned to CPUs of their own, and
# their bots with them: every bot of worker 1 reports one CPU list
# (/proc/self/status), every bot of worker 2 another, without a CPU in
# common when the machine lets the referee use two or more.
cat >"$tmp/aff.yaml" <<YAML
players: 3
seed: 2
schedule: {games: 12}
bots:
  - {name: a, command: python3 tests/bots/badbot.py cpus $tag}
  - {name: b, command: python3 tests/bots/badbot.py cpus $tag}
  - {name: c, command: python3 tests/bots/badbot.py cpus $tag}
  - {name: d, command: python3 tests/bots/badbot.py cpus $tag}
YAML
"$bin" tournament --sandbox off --quiet -j 2 --affinity --out "$tmp/aff" \
    "$tmp/aff.yaml" >"$tmp/aff.out" 2>&1 || { no "--affinity: the tournament failed"; cat "$tmp/aff.out"; }
own=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
python3 - "$tmp/aff/logs" "$own" <<'PY' && ok || no "--affinity: the workers' bots share CPUs"
import glob, os, re, sys
def cpus(text):
    out = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out |= set(range(int(lo), int(hi or lo) + 1))
    return out
own = cpus(sys.argv[2])
seen = {}
for path in glob.glob(os.path.join(sys.argv[1], "*.w*.*.stderr")):
    worker = re.search(r"\.w(\d+)\.\d+\.stderr$", path).group(1)
    for line in open(path):
        if line.startswith("cpus "):
            seen.setdefault(worker, set()).add(line.split()[1])
assert set(seen) == {"1", "2"}, seen
for w, lists in seen.items():
    assert len(lists) == 1, (w, lists)
one, two = (cpus(next(iter(seen[w]))) for w in ("1", "2"))
assert one <= own and two <= own, (one, two, own)
if len(own) >= 2:
    assert not one & two, (one, two)
PY

# 7. Bad files and arguments: refused with the place named.
printf 'players: 3\nbots:\n  - name: a\n    comand: x\n' >"$tmp/bad.yaml"
"$bin" tournament --sandbox off "$tmp/bad.yaml" >"$tmp/bad.out" 2>&1
[ $? = 3 ] && grep -q "bad.yaml:4:" "$tmp/bad.out" && ok ||
    { no "a misspelt key"; cat "$tmp/bad.out"; }
"$bin" tournament --sandbox off --shard 3/2 "$tmp/t.yaml" >"$tmp/shard.out" 2>&1
[ $? = 2 ] && ok || no "--shard 3/2 accepted"
"$bin" tournament --sandbox off -j 0 "$tmp/t.yaml" >"$tmp/j.out" 2>&1
[ $? = 2 ] && ok || no "-j 0 accepted"
"$bin" standings "$tmp/nothing-here" >"$tmp/st.out" 2>&1
[ $? = 3 ] && ok || no "standings of a folder without a journal"
"$bin" standings "$tmp/full" "$tmp/busy" >/dev/null 2>&1 && ok ||
    no "standings of a full run and a stopped one of the same file"

echo "tournament: $pass passed, $fail failed"
[ "$fail" = 0 ]
