#!/bin/sh
# cli.sh: drives the real saboteur binary and compares what it prints, and its
# exit code, with the golden files in tests/golden.  UPDATE=1 rewrites them.
#
# Usage: tests/cli.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/cli.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/golden
fixtures=$here/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

# case NAME EXPECTED-EXIT ARGS...: runs the binary; stdout and stderr, then
# the exit code, must match tests/golden/NAME.  The temporary folder is
# $TMP there.
case_() {
	name=$1 want=$2
	shift 2
	(cd "$here/.." && "$bin" "$@") >"$tmp/raw" 2>&1
	got=$?
	sed "s|$tmp|\$TMP|g" "$tmp/raw" >"$tmp/out"
	echo "exit $got" >>"$tmp/out"
	if [ "${UPDATE:-0}" = 1 ]; then
		cp "$tmp/out" "$golden/$name"
	fi
	if [ "$got" != "$want" ]; then
		echo "FAIL $name: exit $got, want $want"
		sed 's/^/  | /' "$tmp/out" | head -20
		fail=$((fail + 1))
	elif ! diff -u "$golden/$name" "$tmp/out" >"$tmp/diff" 2>&1; then
		echo "FAIL $name: output differs from tests/golden/$name"
		head -30 "$tmp/diff"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

# check NAME COMMAND...: a shell condition that must hold.
check() {
	name=$1
	shift
	if "$@"; then
		pass=$((pass + 1))
	else
		echo "FAIL $name"
		fail=$((fail + 1))
	fi
}

case_ help 0 help
# Every command's help, from its options table; "CMD --help" is the same.
cmds=$("$bin" help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
check help-lists-commands test -n "$cmds"
for c in $cmds; do
	case_ "help-$c" 0 help "$c"
	"$bin" help "$c" >"$tmp/h1" 2>&1
	"$bin" "$c" --help >"$tmp/h2" 2>&1
	check "help-$c-is-$c-dash-help" cmp -s "$tmp/h1" "$tmp/h2"
	check "help-$c-fits-80-columns" test -z "$(awk 'length > 79' "$tmp/h1")"
done
case_ dash-help 0 rules --help
case_ help-unknown 2 help dance

# The man page and the parser cannot drift: the options in each command's
# SYNOPSIS in saboteur(1) are those its table gives "help CMD", and each is
# described in the page beyond its SYNOPSIS.
man=$here/../man/saboteur.1
# man_synopsis CMD: the options of CMD's SYNOPSIS entry, one a line.
man_synopsis() {
	awk -v cmd="$1" '
	/^\.Sh / { in_syn = ($2 == "SYNOPSIS"); next }
	!in_syn { next }
	/^\.Nm/ { cur = ""; next }
	/^\.Cm / && cur == "" { cur = $2; next }
	cur == cmd { print }' "$man" |
	    grep -o 'Fl \\\?-\?[a-z][a-z\\-]*' | sed 's/^Fl //; s/\\//g' |
	    sed 's/^\([a-z]\)$/-\1/; s/^-\([a-z][a-z-]\)/--\1/' | sort -u
}
# help_options CMD: the options "help CMD" lists, one a line.
help_options() {
	"$bin" help "$1" | sed -n '/^options:/,/^$/p' |
	    grep -o '^  -[a-z]\(, --[a-z-]*\)\?\|^  --[a-z-]*' |
	    sed 's/^  //; s/, /\n/' | sort -u
}
for c in $cmds; do
	man_synopsis "$c" >"$tmp/m1"
	help_options "$c" >"$tmp/m2"
	if ! cmp -s "$tmp/m1" "$tmp/m2"; then
		echo "  man/saboteur.1 SYNOPSIS (<) and help $c (>) differ:"
		diff "$tmp/m1" "$tmp/m2" | sed 's/^/  | /'
	fi
	check "man-synopsis-$c-is-help-$c" cmp -s "$tmp/m1" "$tmp/m2"
	check "man-has-command-$c" grep -q "^\.Cm $c\\( \\|\$\\)" "$man"
	for o in $(cat "$tmp/m2"); do
		fl=$(printf '%s' "$o" | sed 's/^-//; s/-/\\\\-/g')
		n=$(grep -cE "Fl $fl([^a-z\\\\]|\$)" "$man")
		if [ "$n" -lt 2 ]; then
			echo "  man/saboteur.1 does not describe $c $o (Fl $fl)"
		fi
		check "man-describes-$c-$o" test "$n" -ge 2
	done
done
# Both ways: the SYNOPSIS names no command that the table of commands lacks.
awk '/^\.Sh / { in_syn = ($2 == "SYNOPSIS"); next }
	!in_syn { next }
	/^\.Nm/ { cur = ""; next }
	/^\.Cm / && cur == "" { cur = $2; print cur }' "$man" | sort -u >"$tmp/m1"
printf '%s\n' $cmds | sort -u >"$tmp/m2"
check man-synopsis-commands-are-help-commands cmp -s "$tmp/m1" "$tmp/m2"
case_ no-command 2
case_ unknown-command 2 dance
case_ unknown-option 2 rules --rulset base
case_ option-needs-value 2 rules --ruleset
case_ option-needs-value-short 2 tournament -j
case_ unknown-option-far 2 play --xyz
case_ rules-base 0 rules
case_ rules-classic 0 rules --ruleset classic
case_ rules-course 0 rules --ruleset course
# Saboteur 2: the module's fifteen dwarf cards, not a table of zeros; the
# doors, ladders and crystals of its path cards; its turn options.
case_ rules-saboteur2 0 rules --ruleset saboteur2
case_ rules-base-wc 0 rules --ruleset base-wc
case_ rules-saboteur2-wc 0 rules --ruleset saboteur2-wc
case_ rules-by-file 0 rules --ruleset rules/course.yaml
case_ rules-good-fixture 0 rules --ruleset tests/fixtures/rulesets/good-tiny.yaml
case_ rules-extends 0 rules --ruleset examples/rulesets/sabotaged-dwarf.yaml
case_ rules-base-minis 0 rules --ruleset base-minis
case_ rules-tunnel-party 0 rules --ruleset examples/rulesets/tunnel-party.yaml
case_ selfplay-extends 0 selfplay --ruleset examples/rulesets/sabotaged-dwarf.yaml --seed 5 --quiet
case_ rules-unknown 3 rules --ruleset nosuch
case_ rules-list 0 rules --list
# The hash a replay's header records, printed alone (guards.sh compares
# builds with it).
case_ rules-hash-base 0 rules --hash
gzip -dc "$fixtures/replays/saboteur2-6p.sabr.gz" |
    sed -n 's/^ruleset //p' >"$tmp/h1"
"$bin" rules --hash --ruleset saboteur2 >"$tmp/h2"
check rules-hash-is-replays cmp -s "$tmp/h1" "$tmp/h2"
case_ rules-modules-base 0 rules --ruleset tests/fixtures/rulesets/good-modules-base.yaml
# Listed all the same, then refused as play would refuse it.
case_ rules-same-token 3 rules --ruleset tests/fixtures/rulesets/same-token.yaml
case_ rules-missing-file 3 rules --ruleset tests/fixtures/nosuch.yaml
for f in "$fixtures"/rulesets/bad-*.yaml "$fixtures"/rulesets/empty.yaml; do
	b=$(basename "$f" .yaml)
	case_ "ruleset-$b" 3 rules --ruleset "tests/fixtures/rulesets/$b.yaml"
done
for f in "$fixtures"/configs/bad-*.yaml; do
	b=$(basename "$f" .yaml)
	case_ "config-$b" 3 play --config "tests/fixtures/configs/$b.yaml" a b c
done
case_ config-missing 3 play --config tests/fixtures/configs/nosuch.yaml a b c
# A bot that cannot start: the reason on the terminal, exit 2, no game.
good="python3 tests/bots/badbot.py good"
# A replay whose deck record is longer than 4 KB verifies: the audit
# holds a whole deck of the longest tokens.
(cd "$here/.." && "$bin" play --sandbox off --quiet --seed 1 \
    --ruleset tests/fixtures/rulesets/long-deck.yaml --log-dir "$tmp/long" \
    --replay "$tmp/long.sabr.gz" "$good" "$good" "$good") >/dev/null 2>&1
check long-deck-played test -f "$tmp/long.sabr.gz"
check long-deck-verifies "$bin" verify --quiet "$tmp/long.sabr.gz"
# A --replay name too long for a path is refused before any bot starts
# (it was cut, and the sandbox hid another folder than the replay's).
long=$tmp/$(printf '%05000d' 0).sabr.gz
(cd "$here/.." && "$bin" play --sandbox on --quiet --log-dir "$tmp/longname" \
    --replay "$long" "$good" "$good" "$good") >"$tmp/longname.out" 2>&1
rc=$?
check long-replay-refused test "$rc" = 2 -o "$rc" = 3
check long-replay-no-bot-started test -z "$(ls "$tmp/longname" 2>/dev/null)"
case_ play-no-such-bot 2 play --log-dir "$tmp/logs" "$good" ./no-such-bot \
    "$good" nosuch-bot-in-path
case_ play-bot-cwd-missing 2 play --log-dir "$tmp/logs" --bot-cwd tests/nosuch \
    "$good" "$good" "$good"
case_ play-bot-bad-interpreter 2 play --log-dir "$tmp/logs" "$good" \
    tests/fixtures/bots/bad-interpreter "$good"
# What play writes is checked before any bot starts: the log folder and
# the replays' folders (made as needed), earlier replays (kept unless
# --force), the game number's conversion.  Mistakes exit 2 and say what
# to do.
: >"$tmp/a-file"
case_ play-log-dir-is-a-file 2 play --log-dir "$tmp/a-file" "$good" "$good" "$good"
case_ play-replay-under-a-file 2 play --log-dir "$tmp/logs" \
    --replay "$tmp/a-file/g.sabr.gz" "$good" "$good" "$good"
case_ play-replay-is-a-folder 2 play --log-dir "$tmp/logs" --replay "$tmp" \
    "$good" "$good" "$good"
case_ play-replay-bad-conversion 2 play --log-dir "$tmp/logs" --games 2 \
    --replay "$tmp/g%s.sabr.gz" "$good" "$good" "$good"
case_ play-replay-bad-width 2 play --log-dir "$tmp/logs" --games 2 \
    --replay "$tmp/g%5x.sabr.gz" "$good" "$good" "$good"
case_ play-replay-no-number 2 play --log-dir "$tmp/logs" --games 2 \
    --replay "$tmp/g.sabr.gz" "$good" "$good" "$good"
case_ play-too-few-bots 2 play --log-dir "$tmp/logs" "$good" "$good"
case_ play-exactly-two-bots 2 play --ruleset course --log-dir "$tmp/logs" \
    "$good" "$good" "$good"
# quietplay ARGS...: a quick unsealed match; its exit code in $tmp/rc.
quietplay() {
	(cd "$here/.." && "$bin" play --sandbox off --quiet --seed 5 "$@") \
	    >"$tmp/qp.out" 2>"$tmp/qp.err"
	echo $? >"$tmp/rc"
}
quietplay --log-dir "$tmp/new/logs" --replay "$tmp/new/replays/g.sabr.gz" \
    "$good" "$good" "$good"
check play-makes-the-replay-folder test "$(cat "$tmp/rc")" = 0 -a \
    -f "$tmp/new/replays/g.sabr.gz" -a -d "$tmp/new/logs"
cp "$tmp/new/replays/g.sabr.gz" "$tmp/first.sabr.gz"
case_ play-replay-exists 2 play --log-dir "$tmp/logs" --seed 6 \
    --replay "$tmp/new/replays/g.sabr.gz" "$good" "$good" "$good"
check play-replay-exists-kept cmp -s "$tmp/first.sabr.gz" \
    "$tmp/new/replays/g.sabr.gz"
quietplay --log-dir "$tmp/logs" --seed 6 --force \
    --replay "$tmp/new/replays/g.sabr.gz" "$good" "$good" "$good"
check play-force-replaces test "$(cat "$tmp/rc")" = 0 -a \
    -n "$(cmp "$tmp/first.sabr.gz" "$tmp/new/replays/g.sabr.gz" 2>&1)"
# Game 2's replay is there: refused before game 1 is played.
quietplay --log-dir "$tmp/logs" --games 2 --replay "$tmp/w/g%05d.sabr.gz" \
    "$good" "$good" "$good"
check play-replay-width test "$(cat "$tmp/rc")" = 0 -a \
    -f "$tmp/w/g00001.sabr.gz" -a -f "$tmp/w/g00002.sabr.gz"
rm "$tmp/w/g00001.sabr.gz"
case_ play-replay-second-exists 2 play --log-dir "$tmp/logs" --games 2 \
    --replay "$tmp/w/g%05d.sabr.gz" "$good" "$good" "$good"
check play-replay-second-exists-plays-none test ! -e "$tmp/w/g00001.sabr.gz"
# The game number in a folder's name, sealed off when bwrap works: each
# game's folder is made, the folder of them all hidden from the bots.
(cd "$here/.." && "$bin" play --quiet --seed 5 --log-dir "$tmp/gf-logs" \
    --games 2 --replay "$tmp/gf/g%d/replay.sabr.gz" "$good" "$good" "$good") \
    >/dev/null 2>&1
check play-replay-numbered-folders test $? = 0 -a \
    -f "$tmp/gf/g1/replay.sabr.gz" -a -f "$tmp/gf/g2/replay.sabr.gz"
# Interrupted (a bot sends SIGINT as game 3 starts): how many games were
# played and where they are.
quietplay --log-dir "$tmp/int" --games 5 --replay "$tmp/int/g%d.sabr.gz" \
    "$good" "python3 tests/bots/badbot.py interrupt-game-3" "$good"
sed "s|$tmp|\$TMP|g" "$tmp/qp.err" >"$tmp/qp.err2"
echo "exit $(cat "$tmp/rc")" >>"$tmp/qp.err2"
[ "${UPDATE:-0}" = 1 ] && cp "$tmp/qp.err2" "$golden/play-interrupted"
check play-interrupted cmp -s "$golden/play-interrupted" "$tmp/qp.err2"

case_ selfplay-quiet 0 selfplay --seed 7 --quiet
case_ selfplay-course 0 selfplay --ruleset course --seed 3 --quiet
# The World Championship cards in the trace: cards open to a veto, vetoes,
# a treasure trove, a goal swap, change of direction, pathfinder, diversion.
case_ selfplay-wc 0 selfplay --ruleset base-wc --players 5 --seed 3
case_ selfplay-full 0 selfplay --seed 2026 --players 4
case_ selfplay-bad-players 2 selfplay --players 11
case_ selfplay-bad-seed 2 selfplay --seed -4
# Seeds take the whole unsigned 64-bit range, one past it is refused, in
# every command that reads one.
case_ selfplay-max-seed 0 selfplay --seed 18446744073709551615 --quiet
case_ selfplay-seed-too-big 2 selfplay --seed 18446744073709551616
case_ bench-seed-too-big 2 bench --seed 18446744073709551616
case_ play-seed-too-big 2 play --seed 18446744073709551616 a b c
case_ play-seed-not-a-number 2 play --seed 12x a b c
case_ play-game-seed-too-big 2 play --game-seed 18446744073709551616 a b c
# A seed past 2^63 reaches the bots' check (and is hidden from them).
case_ play-big-seed-bad-bot 2 play --log-dir "$tmp/logs" \
    --seed 15178329099753204437 "$good" ./no-such-bot "$good"
# Playing one game again: one source of seed, one game, the replay's seats.
arp=tests/fixtures/replays/base-5p-failures.sabr.gz
case_ play-seed-and-again 2 play --seed 1 --again "$arp" a b c
case_ play-game-seed-and-games 2 play --game-seed 1 --games 2 a b c
case_ play-again-and-games 2 play --again "$arp" --games 2
case_ play-again-missing 3 play --again tests/fixtures/replays/nosuch.sabr.gz
case_ play-again-seats 2 play --again "$arp" a b c
case_ play-again-wrong-ruleset 3 play --again "$arp" --ruleset classic
case_ bench-bad-games 2 bench --games 0

# The replay viewer, not on a terminal: one position as plain text.  The
# fixture is a real seeded game with a bot that plays illegal moves (seat 2)
# and one that times out (seat 4); the cut copy ends inside a record.
rp=tests/fixtures/replays/base-5p-failures.sabr.gz
case_ view-at-40-as-2 0 view --at 40 --as 2 --ascii "$rp"
case_ view-at-40-public 0 view --at 40 --ascii "$rp"
case_ view-at-40-all 0 view --at 40 --as all "$rp"
case_ view-set-up-as-4 0 view --at 0 --as 4 --ascii "$rp"
# Decision 134 ends round 2 with no cards left: its round, not the next deal.
case_ view-at-134-ends-a-round 0 view --at 134 --as all --ascii "$rp"
case_ view-end-all 0 view --as all --ascii "$rp"
# The mini expansions: a dwarf (D), both postcards (C, P), chests face
# down (?) and the five goal places, seat 0 just after paying a toll to seat
# 3's dwarf; the costume reached (C) by seat 1, which alone learns its new
# role, every hidden card shown; a chest's look at a role, which only the
# seat that opened it (3) sees.
case_ view-minis-dwarves-as-0 0 view --at 124 --as 0 --ascii tests/fixtures/replays/base-minis-5p.sabr.gz
case_ view-minis-costume-all 0 view --at 8 --as all --ascii tests/fixtures/replays/base-minis-5p.sabr.gz
case_ view-minis-chest-as-3 0 view --at 96 --as 3 --ascii tests/fixtures/replays/base-minis-5p.sabr.gz
case_ view-minis-chest-public 0 view --at 96 --as public --ascii tests/fixtures/replays/base-minis-5p.sabr.gz
case_ view-cut 1 view --ascii tests/fixtures/replays/base-5p-cut.sabr.gz
case_ view-missing 1 view tests/fixtures/replays/nosuch.sabr.gz
case_ view-bad-as 2 view --as seven "$rp"
case_ view-as-no-such-seat 2 view --as 5 "$rp"
case_ view-bad-at 2 view --at -3 "$rp"
case_ view-at-past-the-end 2 view --at 202 "$rp"
case_ view-no-file 2 view
case_ view-two-files 2 view "$rp" "$rp"
case_ view-wrong-ruleset 3 view --ruleset classic "$rp"

# A Saboteur 2 game (C random and heuristic bots, seed 7): doors, ladders
# and crystals on the board, the six roles, cards in front, gold in pieces;
# an inspection as the inspector (seat 1) knows it, swapped hands as seat 2
# knows them, a removal and a theft in public, the end in box drawing.
s2=tests/fixtures/replays/saboteur2-6p.sabr.gz
case_ view-sab2-at-20-as-1 0 view --at 20 --as 1 --ascii "$s2"
case_ view-sab2-at-115-as-2 0 view --at 115 --as 2 --ascii "$s2"
case_ view-sab2-at-34-public 0 view --at 34 --ascii "$s2"
case_ view-sab2-at-103-public 0 view --at 103 --ascii "$s2"
case_ view-sab2-end-all 0 view --as all "$s2"

# A game with the World Championship cards (base-wc, C heuristic and random
# bots, seed 4): a card open to a veto as the seat asked (1) and in public,
# the veto, the diversion, the treasure trove's take as its player (4) and
# in public, and the play reversed.
wc=tests/fixtures/replays/base-wc-view.sabr.gz
case_ view-wc-at-1-as-1 0 view --at 1 --as 1 --ascii "$wc"
case_ view-wc-at-1-public 0 view --at 1 --ascii "$wc"
case_ view-wc-veto-at-2-all 0 view --at 2 --as all --ascii "$wc"
case_ view-wc-diversion-at-523-public 0 view --at 523 --ascii "$wc"
case_ view-wc-trove-at-455-as-4 0 view --at 455 --as 4 --ascii "$wc"
case_ view-wc-take-at-456-public 0 view --at 456 --ascii "$wc"
case_ view-wc-take-at-456-as-4 0 view --at 456 --as 4 --ascii "$wc"
case_ view-wc-reversed-at-686-public 0 view --at 686 --ascii "$wc"

# verify and export on the committed replay (tests/e2e.sh damages others).
case_ verify-ok 0 verify "$rp"
case_ verify-cut 1 verify tests/fixtures/replays/base-5p-cut.sabr.gz "$rp"
case_ verify-no-file 2 verify
# A file that cannot be read fails like one that does not match: FAIL on
# stdout, the reason on stderr, the others still checked, exit 1.
case_ verify-missing 1 verify tests/fixtures/replays/nosuch.sabr.gz "$rp"
# A ruleset that cannot be loaded is exit 3 in every command.
case_ verify-unknown-ruleset 3 verify --ruleset nosuch "$rp"
case_ verify-wrong-ruleset 3 verify --ruleset classic "$rp"
case_ export-unknown-ruleset 3 export --as 1 --ruleset nosuch "$rp"
case_ export-wrong-ruleset 3 export --as 1 --ruleset classic "$rp"
case_ view-unknown-ruleset 3 view --ruleset nosuch "$rp"
case_ export-as-2 0 export --as 2 "$rp"
case_ export-no-as 2 export "$rp"
case_ export-no-such-seat 2 export --as 7 "$rp"
case_ export-cut 1 export --as 0 tests/fixtures/replays/base-5p-cut.sabr.gz

# Replays of format 1.1 keep their meaning: export prints the refusal
# reasons their referee sent, cards by the ruleset's names ("cross") and a
# bot's words quoted as sent, control bytes and all.  The fixture and both
# goldens were written by the referee of 69c2cf7, with three
# tests/fixtures/bots/quoting-bot.py; export-as-2 above is such a file too.
old=tests/fixtures/replays/base-3p-old-reasons.sabr.gz
case_ verify-old-reasons 0 verify "$old"
case_ export-old-reasons 0 export --as 0 "$old"

# Tournaments: the command line and bad files (tests/tournament.sh runs them).
tf=tests/fixtures/tournaments
case_ tournament-no-file 2 tournament
case_ tournament-missing 3 tournament "$tf/nosuch.yaml"
case_ tournament-unknown-key 3 tournament "$tf/bad-unknown-key.yaml"
case_ tournament-duplicate-bot 3 tournament "$tf/bad-duplicate-bot.yaml"
case_ tournament-too-few-bots 3 tournament "$tf/bad-too-few-bots.yaml"
case_ tournament-syntax 3 tournament "$tf/bad-syntax.yaml"
case_ tournament-bad-shard 2 tournament --shard 0/2 "$tf/good.yaml"
case_ tournament-bad-jobs 2 tournament -j many "$tf/good.yaml"
case_ tournament-unknown-short 2 tournament -x "$tf/good.yaml"
case_ tournament-unrunnable-bots 3 tournament "$tf/unrunnable-bots.yaml"
check tournament-unrunnable-bots-makes-no-folder \
    test ! -e "$here/../unrunnable-bots-results"
case_ tournament-tab 3 tournament "$tf/bad-tab.yaml"
case_ tournament-unknown-ruleset 3 tournament "$tf/unknown-ruleset.yaml"
case_ tournament-unclosed-quote 3 tournament "$tf/unclosed-quote.yaml"
check tournament-unclosed-quote-makes-no-folder \
    test ! -e "$here/../unclosed-quote-results"
case_ tournament-out-is-a-file 3 tournament --out "$tmp/a-file" "$tf/quick.yaml"
# A results folder of another tournament, and standings with no games.
(cd "$here/.." && "$bin" tournament --quiet --out "$tmp/res" "$tf/quick.yaml") \
    >"$tmp/t.out" 2>&1
check tournament-quick test $? = 0
sed 's/^seed: 1$/seed: 2/' "$here/../$tf/quick.yaml" >"$tmp/quick2.yaml"
case_ tournament-another-file 3 tournament --quiet --out "$tmp/res" "$tmp/quick2.yaml"
mkdir "$tmp/nogames"
head -1 "$tmp/res/journal.txt" >"$tmp/nogames/journal.txt"
case_ standings-no-games 3 standings "$tmp/nogames"
case_ standings-no-dir 2 standings
case_ standings-bad-format 2 standings --format xml tests
case_ standings-no-journal 3 standings tests/fixtures
# Standings over shard folders: a folder of shard folders stands for them,
# and stderr says which shards and how many games are missing.  The
# thinking times are set to one value, so that the tables do not vary.
sh=$tmp/shards
for i in 1 2 3 4; do
	(cd "$here/.." && "$bin" tournament --quiet --shard $i/4 \
	    --out "$sh/shard-$i-of-4" "$tf/shards.yaml") >"$tmp/t.out" 2>&1 ||
	    cat "$tmp/t.out"
	sed -i 's/ think-us=[0-9,]* / think-us=3000,3000,3000 /' \
	    "$sh/shard-$i-of-4/journal.txt"
done
(cd "$here/.." && "$bin" tournament --quiet --shard 1/2 \
    --out "$tmp/half-1-of-2" "$tf/shards.yaml") >"$tmp/t.out" 2>&1 ||
    cat "$tmp/t.out"
sed -i 's/ think-us=[0-9,]* / think-us=3000,3000,3000 /' \
    "$tmp/half-1-of-2/journal.txt"
check standings-shards-header grep -q '^saboteur-journal 1 config=[0-9a-f]* shard=2/4 schedule=12 roles=' \
    "$sh/shard-2-of-4/journal.txt"
case_ standings-shards-all 0 standings "$sh"
case_ standings-shards-listed 0 standings "$sh/shard-3-of-4" "$sh/shard-1-of-4"
mv "$sh/shard-4-of-4" "$tmp/shard-4-of-4"
case_ standings-shards-missing 0 standings "$sh"
# Shard 2/4 holds games 1, 5 and 9 (in the order they finished): game 9
# goes, as if its run had stopped before it.
sed -i '/^game 9 /d' "$sh/shard-2-of-4/journal.txt"
case_ standings-shards-unfinished 0 standings --format csv "$sh"
case_ standings-shards-mixed 0 standings --format csv "$sh" "$tmp/half-1-of-2"
case_ standings-shards-one 0 standings --format csv "$tmp/half-1-of-2"
(cd "$here/.." && "$bin" view --ascii "$rp") >"$tmp/va" 2>&1
(cd "$here/.." && NO_COLOR=1 "$bin" view "$rp") >"$tmp/vb" 2>&1
check view-no-color-is-ascii cmp -s "$tmp/va" "$tmp/vb"
cp "$here/../$rp" "$tmp/live.sabr.gz.part"
NO_COLOR=1 "$bin" view --follow "$tmp/live.sabr.gz" >"$tmp/vc" 2>&1
check view-follow-reads-the-part-file cmp -s "$tmp/va" "$tmp/vc"
# A tournament's replays/game-000000.sabr.gz is its journal's "game 0";
# the file holds the bots' number, 1.  Any other name shows the file's.
mkdir -p "$tmp/replays"
cp "$here/../$rp" "$tmp/replays/game-000000.sabr.gz"
cp "$here/../$rp" "$tmp/replays/game-000007.sabr.gz"
"$bin" view "$tmp/replays/game-000000.sabr.gz" 2>&1 | head -1 >"$tmp/vd"
check view-names-the-journals-number grep -q "^game 0 (game 1 to the bots), " \
    "$tmp/vd"
"$bin" view "$tmp/replays/game-000007.sabr.gz" 2>&1 | head -1 >"$tmp/ve"
check view-keeps-the-files-number-otherwise grep -q "^game 1, " "$tmp/ve"

# The same seed plays the same game; the program runs from any directory.
"$bin" selfplay --seed 99 --verbose >"$tmp/a" 2>&1
(cd / && "$bin" selfplay --seed 99 --verbose) >"$tmp/b" 2>&1
check same-seed-same-game cmp -s "$tmp/a" "$tmp/b"
"$bin" selfplay --seed 100 --verbose >"$tmp/c" 2>&1
check other-seed-other-game test -n "$(cmp "$tmp/a" "$tmp/c" 2>&1)"
# Selfplay says every Saboteur 2 event (in five seeded 12-player games
# between them): an inspection, a new dwarf card, a new hand, a thief's
# choice and its theft, the pay, each round's winners; never "a hidden
# card", which is what an inspection printed before.
for s in 1 2 3 4 5; do
	"$bin" selfplay --ruleset saboteur2 --players 12 --seed $s
done >"$tmp/s2" 2>&1
for w in inspection:"sees that seat" hats:"changes hats: now a" \
    hand:"'s hand is now: " choice:"chooses whom to steal from (seats" \
    theft:"steals 1 gold from seat" winners:"; winners:" pay:"is paid"; do
	check "selfplay-saboteur2-says-${w%%:*}" grep -q -- "${w#*:}" "$tmp/s2"
done
check selfplay-saboteur2-hides-no-card test -z "$(grep 'hidden card' "$tmp/s2")"
"$bin" bench --games 20 >"$tmp/bench" 2>&1
check bench-prints-figures grep -q "complete games/s" "$tmp/bench"
SABOTEUR_RULES=$here/../rules "$bin" rules --ruleset base >/dev/null 2>&1
check rules-env-folder test $? = 0

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
