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
# the exit code, must match tests/golden/NAME.
case_() {
	name=$1 want=$2
	shift 2
	(cd "$here/.." && "$bin" "$@") >"$tmp/out" 2>&1
	got=$?
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
case_ help-rules 0 help rules
case_ dash-help 0 rules --help
case_ no-command 2
case_ unknown-command 2 dance
case_ unknown-option 2 rules --rulset base
case_ option-needs-value 2 rules --ruleset
case_ rules-base 0 rules
case_ rules-classic 0 rules --ruleset classic
case_ rules-course 0 rules --ruleset course
case_ rules-by-file 0 rules --ruleset rules/course.yaml
case_ rules-good-fixture 0 rules --ruleset tests/fixtures/rulesets/good-tiny.yaml
case_ rules-extends 0 rules --ruleset examples/rulesets/sabotaged-dwarf.yaml
case_ selfplay-extends 0 selfplay --ruleset examples/rulesets/sabotaged-dwarf.yaml --seed 5 --quiet
case_ rules-unknown 3 rules --ruleset nosuch
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
case_ selfplay-quiet 0 selfplay --seed 7 --quiet
case_ selfplay-course 0 selfplay --ruleset course --seed 3 --quiet
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
case_ view-help 0 help view
case_ view-at-40-as-2 0 view --at 40 --as 2 --ascii "$rp"
case_ view-at-40-public 0 view --at 40 --ascii "$rp"
case_ view-at-40-all 0 view --at 40 --as all "$rp"
case_ view-set-up-as-4 0 view --at 0 --as 4 --ascii "$rp"
case_ view-end-all 0 view --as all --ascii "$rp"
case_ view-cut 1 view --ascii tests/fixtures/replays/base-5p-cut.sabr.gz
case_ view-missing 1 view tests/fixtures/replays/nosuch.sabr.gz
case_ view-bad-as 2 view --as seven "$rp"
case_ view-as-no-such-seat 2 view --as 5 "$rp"
case_ view-bad-at 2 view --at -3 "$rp"
case_ view-at-past-the-end 2 view --at 202 "$rp"
case_ view-no-file 2 view
case_ view-two-files 2 view "$rp" "$rp"
case_ view-wrong-ruleset 3 view --ruleset classic "$rp"

# verify and export on the committed replay (tests/e2e.sh damages others).
case_ verify-ok 0 verify "$rp"
case_ verify-cut 1 verify tests/fixtures/replays/base-5p-cut.sabr.gz "$rp"
case_ verify-no-file 2 verify
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
case_ tournament-help 0 help tournament
case_ standings-help 0 help standings
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
case_ standings-no-dir 2 standings
case_ standings-bad-format 2 standings --format xml tests
case_ standings-no-journal 3 standings tests/fixtures
(cd "$here/.." && "$bin" view --ascii "$rp") >"$tmp/va" 2>&1
(cd "$here/.." && NO_COLOR=1 "$bin" view "$rp") >"$tmp/vb" 2>&1
check view-no-color-is-ascii cmp -s "$tmp/va" "$tmp/vb"
cp "$here/../$rp" "$tmp/live.sabr.gz.part"
NO_COLOR=1 "$bin" view --follow "$tmp/live.sabr.gz" >"$tmp/vc" 2>&1
check view-follow-reads-the-part-file cmp -s "$tmp/va" "$tmp/vc"

# The same seed plays the same game; the program runs from any directory.
"$bin" selfplay --seed 99 --verbose >"$tmp/a" 2>&1
(cd / && "$bin" selfplay --seed 99 --verbose) >"$tmp/b" 2>&1
check same-seed-same-game cmp -s "$tmp/a" "$tmp/b"
"$bin" selfplay --seed 100 --verbose >"$tmp/c" 2>&1
check other-seed-other-game test -n "$(cmp "$tmp/a" "$tmp/c" 2>&1)"
"$bin" bench --games 20 >"$tmp/bench" 2>&1
check bench-prints-figures grep -q "complete games/s" "$tmp/bench"
SABOTEUR_RULES=$here/../rules "$bin" rules --ruleset base >/dev/null 2>&1
check rules-env-folder test $? = 0

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
