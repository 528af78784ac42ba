#!/bin/sh
# bot_stats.sh: examples/bot_stats.py --against, two bots compared round by
# round on the same deals.  Real matches played by saboteur play with the C
# bots (the search bot, then the heuristic bot, in the first seat of a few
# base and Saboteur 2 games on one seed) pair: the same seat dealt the same
# role in every round, the first round dealt alike; the paired shares are
# the plain report's where no role changes; A against B is B against A
# negated; a tiny case written out here gives the difference and the
# interval worked by hand; transcripts of another seed, a round dealt
# another role or another hand, and a game twice in one side are refused
# (exit 3, naming the game and round); --pool pools matches of other
# seeds; the search bot follows a game dealt by seat to its end (its
# knowledge never lost).  Seconds.
#
# Usage: tests/bot_stats.sh build/saboteur   (KEEP_TMP=1 keeps its folder)
set -u
sab=$(cd "$(dirname "${1:?usage: tests/bot_stats.sh build/saboteur}")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
tag=bot-stats-test-$$
. "$top/tests/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -n "${KEEP_TMP:-}" ] && trap - EXIT
ex=$(dirname "$sab")/examples
stats() { python3 "$top/examples/bot_stats.py" "$@"; }

# play NAME RULESET SEED GAMES BOT OTHERS [OPTION]: the first seat's
# transcript in $tmp/NAME/1-*.transcript (seats rotate from game to game).
play() {
	name=$1 rs=$2 seed=$3 games=$4 bot=$5 others=$6 opt=${7:-}
	set -- $opt "$bot"
	for i in $(seq "$others"); do set -- "$@" "$(q "$ex/heuristic-bot") $tag"; done
	if "$sab" play --ruleset "$rs" --seed "$seed" --games "$games" \
	    --transcripts --quiet --log-dir "$tmp/$name" "$@" \
	    >"$tmp/$name.out" 2>&1; then ok; else
		no "match $name"; sed 's/^/  | /' "$tmp/$name.out" | tail -5; fi
}
play base-a base 7 3 "$(q "$ex/search-bot") --iter 30 $tag" 4
play base-b base 7 3 "$(q "$ex/heuristic-bot") $tag" 4
play sab2-a saboteur2 7 3 "$(q "$ex/search-bot") --iter 30 $tag" 5
play sab2-b saboteur2 7 3 "$(q "$ex/heuristic-bot") $tag" 5
play base-c base 8 3 "$(q "$ex/heuristic-bot") $tag" 4
leftovers "the matches"
ba=$(echo "$tmp"/base-a/1-*.transcript) bb=$(echo "$tmp"/base-b/1-*.transcript)
sa=$(echo "$tmp"/sab2-a/1-*.transcript) sb=$(echo "$tmp"/sab2-b/1-*.transcript)

# The pairing itself, read apart from bot_stats.py: in every round of every
# game the measured seat is sent the same role first in both transcripts,
# and each game's first round (its starting seat, the seat's hand) alike.
# dealt T: "game round role" of each round; first T: round 1's opening.
dealt() {
	awk '$3 != "<-" { next } $4 == "game" { g = $5; s = $8 }
	    $4 == "round" { r = $5; want = 1 }
	    $4 == "role" && $5 == s && want { print g, r, $6; want = 0 }' "$1"
}
# hands T: "game round card..." of the seat's hand as each round deals it.
hands() {
	awk '$3 != "<-" { next } $4 == "game" { g = $5; s = $8 }
	    $4 == "round" { if (h != "") print h; h = g " " $5; on = 1; n = 0; next }
	    on && $4 == "draw" && $5 == s { h = h " " $6; n++; next }
	    on && n > 0 && $4 != "draw" && $4 != "role" { on = 0 }
	    END { if (h != "") print h }' "$1"
}
first() {
	awk '$3 != "<-" { next } $4 == "game" { g = $5; s = $8 }
	    $4 == "round" { on = $5 == 1 } $4 == "round" && on { print g, $4, $5, $6, $7 }
	    on && $4 == "draw" && $5 == s { print g, $4, $5, $6 }
	    on && $4 == "legal" { on = 0 }' "$1"
}
for t in base sab2; do
	case $t in
	base) a=$ba b=$bb ;;
	*) a=$sa b=$sb ;;
	esac
	dealt "$a" >"$tmp/$t.da"
	dealt "$b" >"$tmp/$t.db"
	if [ "$(wc -l <"$tmp/$t.da")" -eq 9 ] && cmp -s "$tmp/$t.da" "$tmp/$t.db"; then
		ok; else no "$t: the roles dealt differ, or not 9 rounds"; fi
	first "$a" >"$tmp/$t.fa"
	first "$b" >"$tmp/$t.fb"
	if [ "$(grep -c ' draw ' "$tmp/$t.fa")" -ge 12 ] && cmp -s "$tmp/$t.fa" "$tmp/$t.fb"; then
		ok; else no "$t: the first rounds' deals differ"; fi
	if stats "$a" --against "$b" >"$tmp/$t.ab" 2>&1 &&
	    grep -q '^3 games in both (0 in one only, left out), 9 rounds paired' "$tmp/$t.ab"; then
		ok; else no "$t: A against B"; sed 's/^/  | /' "$tmp/$t.ab"; fi
	# The rounds that dealt the seat the same hand, counted apart.
	hands "$a" | sort >"$tmp/$t.ha"
	hands "$b" | sort >"$tmp/$t.hb"
	want=$(comm -12 "$tmp/$t.ha" "$tmp/$t.hb" | wc -l)
	n=$(awk '/dealt the seat the same hand/ { print $1 }' "$tmp/$t.ab")
	[ "${n:-0}" -eq "$want" ] && [ "$want" -ge 3 ] && ok ||
	    no "$t: $n rounds dealt the same hand, counted apart $want"
	# Each role's rounds are those dealt it.
	awk '{ print $3 }' "$tmp/$t.da" | sort | uniq -c | awk '{ print $2, $1 }' >"$tmp/$t.nd"
	sed -n '/^  dealt role/,/^  all rounds/p' "$tmp/$t.ab" | sed '1d;$d' |
	    awk '{ print $1, $2 }' | sort >"$tmp/$t.np"
	cmp -s "$tmp/$t.nd" "$tmp/$t.np" && ok || {
		no "$t: the rounds of each role are not those dealt it"
		diff "$tmp/$t.nd" "$tmp/$t.np" | sed 's/^/  | /'; }
	# B against A: the same rounds, the shares swapped, each difference
	# and its interval negated.
	stats "$b" --against "$a" >"$tmp/$t.ba" 2>&1
	neg() { sed -n '/^  dealt role/,$p' "$1" | sed '1d' |
	    sed 's/\[one game\]/[n n]/g' | tr -d '[],%' | awk '{
		l = NF - 12; name = $1; for (i = 2; i <= l + 1; i++) name = name " " $i
		printf "%s %s ", name, $(l + 2)
		if (mode == "swap") printf "%s %s %.2f %.2f %.2f %s %s %.2f %.2f %.2f\n",
		    $(l + 4), $(l + 3), -$(l + 5), -$(l + 7), -$(l + 6),
		    $(l + 9), $(l + 8), -$(l + 10), -$(l + 12), -$(l + 11)
		else printf "%s %s %.2f %.2f %.2f %s %s %.2f %.2f %.2f\n",
		    $(l + 3), $(l + 4), $(l + 5), $(l + 6), $(l + 7),
		    $(l + 8), $(l + 9), $(l + 10), $(l + 11), $(l + 12) }' mode="$2" | sed 's/-0\.00/0.00/g'; }
	neg "$tmp/$t.ab" swap >"$tmp/$t.ab.neg"
	neg "$tmp/$t.ba" same >"$tmp/$t.ba.same"
	if [ -s "$tmp/$t.ab.neg" ] && cmp -s "$tmp/$t.ab.neg" "$tmp/$t.ba.same"; then
		ok; else no "$t: B against A is not A against B negated"
		diff "$tmp/$t.ab.neg" "$tmp/$t.ba.same" | sed 's/^/  | /'; fi
done

# Dealt by seat, every round deals the seat the same hand in both.
play dbs-a saboteur2 7 3 "$(q "$ex/search-bot") --iter 30 $tag" 5 --deal-by-seat
play dbs-b saboteur2 7 3 "$(q "$ex/heuristic-bot") $tag" 5 --deal-by-seat
if stats "$tmp"/dbs-a/1-*.transcript --against "$tmp"/dbs-b/1-*.transcript \
    >"$tmp/dbs.ab" 2>&1 && grep -q '^9 of them dealt the seat the same hand' "$tmp/dbs.ab"; then
	ok; else no "dealt by seat: not every round the same hand"; sed 's/^/  | /' "$tmp/dbs.ab"; fi
# --pool: two matches pooled, each pair in order (here the same match
# twice, keyed apart): the same differences over twice the rounds; A and
# B of other numbers of transcripts are a bad command line.
da=$(echo "$tmp"/dbs-a/1-*.transcript) db=$(echo "$tmp"/dbs-b/1-*.transcript)
if stats --pool "$da" "$da" --against "$db" "$db" >"$tmp/pool.ab" 2>&1 &&
    grep -q '^6 games in both (0 in one only, left out), 18 rounds paired' "$tmp/pool.ab" &&
    [ "$(grep '^  all rounds' "$tmp/pool.ab" | awk '{ print $4, $5, $6, $9, $10, $11 }')" = \
      "$(grep '^  all rounds' "$tmp/dbs.ab" | awk '{ print $4, $5, $6, $9, $10, $11 }')" ]; then
	ok; else no "--pool: not the same match twice"; sed 's/^/  | /' "$tmp/pool.ab"; fi
stats --pool "$da" "$da" --against "$db" >/dev/null 2>&1
[ $? -eq 2 ] && ok || no "--pool with 2 against 1 transcripts: not exit 2"
# ...and the search bot follows such a game to its end: a later round
# that another seat starts is dealt seat 0 first there too (its knowledge
# lost, the bot would say "no move of seat N gives the line ...").
if grep -q 'game over:' "$tmp"/dbs-a/1-*.stderr &&
    ! grep -q 'gives the line' "$tmp"/dbs-a/1-*.stderr; then
	ok; else no "dealt by seat: the search bot lost its knowledge"
	grep 'game over:' "$tmp"/dbs-a/1-*.stderr | sed 's/^/  | /'; fi

# In the base game no role changes in play: the paired shares of each role
# are those of the plain report of each side (all its rounds paired).
for side in a b; do
	eval "t=\$b$side"
	col=3
	[ "$side" = b ] && col=4
	stats "$t" | awk '/^  as / { print $2, $3, $6 }' >"$tmp/plain.$side"
	sed -n '/^  dealt role/,/^  all rounds/p' "$tmp/base.ab" |
	    awk -v c=$col '$1 == "miner" || $1 == "saboteur" { print $1, $2, $c "," }' |
	    sort >"$tmp/paired.$side"
	sort "$tmp/plain.$side" >"$tmp/plain.$side.s"
	if [ -s "$tmp/paired.$side" ] && cmp -s "$tmp/plain.$side.s" "$tmp/paired.$side"; then
		ok; else no "base: the paired shares of $side are not its plain report's"
		diff "$tmp/plain.$side.s" "$tmp/paired.$side" | sed 's/^/  | /'; fi
done

# Refused: another seed (game 1's seat sent another seed), a round dealt
# the seat another role (game 2's second round changed here), or another
# hand with the same seat starting (one table dealt by seat, the other
# not; a card of game 1's first hand changed here), a game twice in one
# side; a bad command line.
refused() {     # WHAT PATTERN ARGS...: exit 3, the message matching PATTERN
	what=$1 pat=$2
	shift 2
	stats "$@" >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc=$?
	if [ "$rc" -eq 3 ] && grep -q "$pat" "$tmp/ref.err" && [ ! -s "$tmp/ref.out" ]; then
		ok; else no "$what: exit $rc"; sed 's/^/  | /' "$tmp/ref.err"; fi
}
refused "another seed" "^bot_stats.py: game 1: the seat's seeds differ: " \
    "$ba" --against "$tmp"/base-c/1-*.transcript
# edit WORD GAME ROUND X Y FILE: FILE with the seat's first WORD line of
# that round holding X where it held Y, else Y.
edit() {
	awk -v w="$1" -v gg="$2" -v rr="$3" -v x="$4" -v y="$5" '
	    $3 == "<-" && $4 == "game" { g = $5; s = $8 }
	    $3 == "<-" && $4 == "round" { r = $5; want = 1 }
	    $3 == "<-" && $4 == w && $5 == s && want { want = 0
		if (g == gg && r == rr) $6 = $6 == y ? x : y }
	    { print }' "$6"
}
edit role 2 2 saboteur miner "$bb" >"$tmp/b-edited.transcript"
refused "another role" "^bot_stats.py: game 2 round 2: the measured seat was dealt .* not the same deal$" \
    "$ba" --against "$tmp/b-edited.transcript"
refused "one dealt by seat, the other not" "^bot_stats.py: game 1 round 1: the measured seat was dealt .* not the same deal" \
    "$tmp"/dbs-a/1-*.transcript --against "$sb"
edit draw 1 1 path-NS map "$sb" >"$tmp/b-hand.transcript"
refused "another hand" "^bot_stats.py: game 1 round 1: the measured seat was dealt .* (one dealt by seat, the other not?)$" \
    "$sa" --against "$tmp/b-hand.transcript"
refused "a game twice" "^bot_stats.py: game 1 is in " "$ba" "$ba" --against "$bb"
stats "$ba" --against >/dev/null 2>&1
[ $? -eq 2 ] && ok || no "--against with no B: not exit 2"
stats "$ba" --against "$tmp/none.transcript" >/dev/null 2>"$tmp/none.err"
[ $? -eq 1 ] && grep -q "none.transcript" "$tmp/none.err" && ok ||
    no "an unreadable transcript: not exit 1 naming it"

# A tiny case worked by hand: seat 0 of four 2-round base games, A and B,
# (won, gold) per round:
#   game 1: miner A (1,3) B (0,0); saboteur A (0,0) B (0,0)
#   game 2: miner A (1,2) B (1,2); miner A (0,0) B (1,1)
#   game 3: saboteur A (1,4) B (1,3); miner A (1,1) B (0,0)
#   game 4: miner A (0,0) B (0,0); saboteur A (1,2) B (0,0)
# Miner: 5 rounds, won A 3/5 = 60%, B 40%, d = 20 points; games' sums
# D (n) 1 (1), -1 (2), 1 (1), 0 (1); D - d n = .8, -1.4, .8, -.2, squares
# 3.28; 4/3 x 3.28 / 5^2 = .174933, root .418250, x 1.96 = .819770: the
# interval [-62.0, +102.0] points.  Gold: A 6/5 = 1.20, B 3/5 = 0.60,
# d = .6; D 3, -1, 1, 0; D - d n = 2.4, -2.2, .4, -.6, squares 11.12;
# 4/3 x 11.12 / 25 = .593067, root .770108, x 1.96 = 1.509412:
# [-0.91, +2.11].
# tiny FILE: a transcript of the seat's lines from "GAME ROUND ROLE WON
# GOLD" lines on standard input, two rounds a game.
tiny() {
	awk '{ if ($2 == 1) { printf "game %d base 5 0\nseed 10%d\n", $1, $1; t = 0 }
	    side = ($3 == "miner") == ($4 == 1) ? "miners" : "saboteurs"
	    printf "round %d 0 40\nrole 0 %s\ndraw 0 path-NS\ndraw 1 -\n", $2, $3
	    printf "legal discard path-NS\nroundend %d nocards - %s\n", $2, side
	    printf "gold 0 %s\n", ($5 > 0 ? $5 : "-"); t += $5
	    if ($2 == 2) printf "gameover %d 0 0 0 0 winners 0\n", t }' |
	    sed 's/^/  0.000001 1-tiny <- /' >"$1"
}
tiny "$tmp/tiny-a" <<EOF2
1 1 miner 1 3
1 2 saboteur 0 0
2 1 miner 1 2
2 2 miner 0 0
3 1 saboteur 1 4
3 2 miner 1 1
4 1 miner 0 0
4 2 saboteur 1 2
EOF2
tiny "$tmp/tiny-b" <<EOF2
1 1 miner 0 0
1 2 saboteur 0 0
2 1 miner 1 2
2 2 miner 1 1
3 1 saboteur 1 3
3 2 miner 0 0
4 1 miner 0 0
4 2 saboteur 0 0
EOF2
stats "$tmp/tiny-a" --against "$tmp/tiny-b" >"$tmp/tiny.out" 2>&1
if grep -q '^  miner  *5  *60\.0%  *40\.0%  *+20\.0 \[-62\.0, +102\.0\]  *1\.20  *0\.60  *+0\.60 \[-0\.91, +2\.11\]$' "$tmp/tiny.out" &&
    grep -q '^4 games in both (0 in one only, left out), 8 rounds paired' "$tmp/tiny.out"; then
	ok; else no "the tiny case worked by hand"; sed 's/^/  | /' "$tmp/tiny.out"; fi

echo "bot_stats.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
