#!/bin/sh
# check_fixtures.sh: tests/check_fixtures.py passes every recorded transcript
# fixture and refuses each of a set of broken copies of the saboteur2 one
# (one secret leaked or one rule broken each), with the reason expected.
# Usage: tests/check_fixtures.sh
here=$(cd "$(dirname "$0")" && pwd)
. "$here/checks.sh"
checker=$here/check_fixtures.py
good=$here/fixtures/transcripts/saboteur2-3p-match.txt

tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT

if "$checker" "$here"/fixtures/transcripts/*.txt >"$tmp/out" 2>&1; then
	ok
else
	no "the fixtures do not pass:"
	sed 's/^/  | /' "$tmp/out"
fi

# bad WHY EXPECT AWK: the saboteur2 fixture changed by the awk program must
# be refused, with EXPECT among the problems.
bad() {
	awk "$3" "$good" >"$tmp/bad.txt"
	if cmp -s "$good" "$tmp/bad.txt"; then
		no "$1: the change did not apply"
	elif "$checker" "$tmp/bad.txt" >"$tmp/out" 2>&1; then
		no "$1: passed"
	elif grep -q -- "$2" "$tmp/out"; then
		ok
	else
		no "$1: refused, but not for \"$2\":"
		sed 's/^/  | /' "$tmp/out"
	fi
}

# after PATTERN LINE: an awk program that adds LINE after the first line
# matching PATTERN; change PATTERN LINE: one that replaces it.
after() { echo "{ print } !d && /$1/ { print \"$2\"; d = 1 }"; }
change() { echo "!d && /$1/ { print \"$2\"; d = 1; next } { print }"; }

bad "another seat's hidden discard shown" "another seat's discard is shown" \
    "$(change '^discarded 1 - -$' 'discarded 1 path-NS -')"
bad "a pass of four cards" "want 3 or 4 or 5" \
    "$(change '^discarded 1 - -$' 'discarded 1 - - - -')"
bad "a hand line to a seat out of the swap" "no swap hands of this seat" \
    "$(after '^played 1 inspection 0$' 'hand map')"
bad "a hand line without a swap" "no swap hands of this seat" \
    "$(after '^played 0 swap-hands 1$' 'hand map')"
bad "another seat's inspection result" "another seat's role before" \
    "$(after '^played 1 inspection 0$' 'role 1 boss')"
bad "the inspected seat told its role again" "own role in mid-round" \
    "$(after '^played 1 inspection 0$' 'role 0 boss')"
bad "another seat's new role after change hats" "another seat's role before" \
    "$(after '^played 2 change-hats 2$' 'role 2 boss')"
bad "a role that does not exist" "no role" \
    "$(change '^role 1 green-miner$' 'role 1 gnome')"
bad "a remove of a card not in front" "does not lie in front of seat 0" \
    "$(change '^removed 0 break-cart path-NE:green freedom$' 'removed 0 theft path-NE:green freedom')"
bad "a legal remove of a card not in front" "which does not lie in front" \
    "$(after '^legal discard path-EW map hands-off$' 'legal remove trapped path-EW map')"
bad "a legal discard of two copies held once" "which the seat does not hold" \
    "$(after '^legal discard path-EW map hands-off$' 'legal discard map map')"
bad "victims to a seat with no theft" "no theft in front" \
    "$(after '^roundend 2 nocards' 'victims 1')"
bad "a theft of a seat not among the victims" "not among its victims" \
    "$(change '^stole 0 2$' 'stole 0 1')"
bad "a legal steal of a seat not among the victims" "not among the victims" \
    "$(change '^legal steal 2$' 'legal steal 1')"
bad "another seat's gold pieces shown" "another seat's gold" \
    "$(change '^gold 2 -$' 'gold 2 3')"
bad "a round end with no side known" "no side" \
    "$(change '^roundend 1 nocards - saboteurs winners 2$' 'roundend 1 nocards - dwarves winners 2')"
bad "a round end with seats but no winners word" "winners S" \
    "$(change '^roundend 1 nocards - saboteurs winners 2$' 'roundend 1 nocards - saboteurs 2')"
bad "a door of no colour" "not a card token" \
    "$(change '^draw 0 path-NE:ladder$' 'draw 0 path-NE:red')"
bad "a trapped seat offered a path card" "a path card listed for a trapped" \
    "$(after '^legal remove trapped' 'legal play path-NW 1 0 0')"
bad "trapped played on its own player" "played on its own player" \
    "$(change '^played 1 trapped 0$' 'played 1 trapped 1')"
bad "freedom taking away a theft" "freedom takes away a trapped" \
    "$(change '^played ([0-9]) freedom ([0-9]) trapped$' 'played 1 freedom 0 theft')"

echo "check_fixtures.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
