#!/bin/sh
# search_roles.sh: the search bot's guess of who is who (examples/c/roles.c).
# Heuristic bots play seeded games (real matches): 12 of 5-player base and
# 12 of 6-player Saboteur 2.  The lines the first seat was sent are fed to
# search-bot --roles-check 200, which scores how well its samples guess the
# saboteurs at every decision (the Brier score, 0 knows, on stderr at each
# game's end), once with the roles dealt by each seat's likelihood of each
# role (the default) and once by the trust alone (--infer 0): by
# likelihood must guess better by a wide margin (at most 3/4 of the
# trust's score; measured 0.016 against 0.051 in base, 0.086 against 0.136
# in Saboteur 2).  The bot answers every decision either way, and in a
# ruleset without dwarf cards (course) the likelihoods draw nothing: its
# answers are the same with --infer 0.  Seconds.
#
# Usage: tests/search_roles.sh build/saboteur   (KEEP_TMP=1 keeps its folder)
set -u
sab=$(cd "$(dirname "${1:?usage: tests/search_roles.sh build/saboteur}")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/.." && pwd)
tag=search-roles-test-$$
. "$top/tests/checks.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -n "${KEEP_TMP:-}" ] && trap - EXIT
ex=$(dirname "$sab")/examples
h="$(q "$ex/heuristic-bot") $tag"

# lines NAME RULESET PLAYERS: plays 12 games of heuristic bots, then writes
# the lines the first seat was sent into $tmp/NAME.in.
lines() {
	name=$1 rs=$2 n=$3
	set --
	for i in $(seq "$n"); do set -- "$@" "$h"; done
	if "$sab" play --ruleset "$rs" --seed 11 --games 12 --transcripts \
	    --quiet --log-dir "$tmp/$name" "$@" >"$tmp/$name.out" 2>&1; then
		ok; else no "match $name"; tail -5 "$tmp/$name.out"; fi
	awk '$3 == "<-" { sub(/^ *[^ ]+ [^ ]+ <- ?/, ""); print }' \
	    "$tmp/$name"/1-*.transcript >"$tmp/$name.in"
}

# brier NAME OPTIONS...: the search bot's last Brier score over NAME's
# lines; its answers in $tmp/NAME.OPTIONS.ans.
brier() {
	name=$1
	shift
	ans="$tmp/$name$(echo "$*" | tr -d ' -').ans"
	SEARCH_ROLES_CHECK=200 "$ex/search-bot" --iter 2 "$@" \
	    <"$tmp/$name.in" >"$ans" 2>"$tmp/$name.err"
	decisions=$(grep -c '^turn' "$tmp/$name.in")
	[ "$(grep -c . "$ans")" -eq $((decisions + 1)) ] ||
	    no "$name $*: $(grep -c . "$ans") answers to $decisions decisions"
	sed -n 's/^search: roles: Brier \([0-9.]*\) .*/\1/p' "$tmp/$name.err" |
	    tail -1
}

for t in "base base 5" "sab2 saboteur2 6"; do
	set -- $t
	lines "$1" "$2" "$3"
	by_ll=$(brier "$1")
	by_trust=$(brier "$1" --infer 0)
	if [ -n "$by_ll" ] && [ -n "$by_trust" ] &&
	    awk -v a="$by_ll" -v b="$by_trust" 'BEGIN { exit !(a <= 0.75 * b) }'
	then ok; else no "$1: Brier by likelihood \"$by_ll\", by trust \"$by_trust\""; fi
	echo "search_roles.sh: $1: Brier by likelihood $by_ll, by trust $by_trust"
done

# No dwarf cards: nothing inferred, nothing drawn, the same answers.
set -- "$h" "$h"
"$sab" play --ruleset course --seed 11 --games 3 --transcripts --quiet \
    --log-dir "$tmp/course" "$@" >"$tmp/course.out" 2>&1 || no "match course"
awk '$3 == "<-" { sub(/^ *[^ ]+ [^ ]+ <- ?/, ""); print }' \
    "$tmp/course"/1-*.transcript >"$tmp/course.in"
"$ex/search-bot" --iter 5 <"$tmp/course.in" >"$tmp/course.a" 2>/dev/null
"$ex/search-bot" --iter 5 --infer 0 <"$tmp/course.in" >"$tmp/course.b" 2>/dev/null
if [ -s "$tmp/course.a" ] && cmp -s "$tmp/course.a" "$tmp/course.b"; then
	ok; else no "course: the answers differ with --infer 0"; fi
leftovers "the matches"

echo "search_roles.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
