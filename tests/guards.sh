#!/bin/sh
# guards.sh: what must not change while the code changes shape.  Every
# committed replay must verify, export to every seat, show and be written
# as a web page exactly as it did (a checksum of each output and its exit
# code); seeded games of every built-in ruleset and of every ruleset file
# in examples/rulesets must end in the same state (selfplay --hash) and be
# told in the same words (selfplay --verbose); and every ruleset must
# print and hash as it did (rules, rules --hash), and every bad ruleset of
# tests/fixtures/bad-rulesets be refused in the same words.  An organiser auditing
# last year's results depends on all of it.
#
# Usage: tests/guards.sh path/to/saboteur      (UPDATE=1 rewrites the lists)
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/.."
golden=tests/golden/guards
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# One line per output: the replay, what was run, its exit code and the
# SHA-256 of what it printed (stdout, then stderr).
outputs() {
	for f in tests/fixtures/replays/*.sabr.gz; do
		n=$(gzip -dc "$f" 2>/dev/null | grep -c '^seat ')
		run "$f" verify "$bin" verify "$f"
		s=0
		while [ "$s" -lt "$n" ]; do
			run "$f" "export-$s" "$bin" export --as "$s" "$f"
			s=$((s + 1))
		done
		run "$f" view-all "$bin" view --as all "$f"
		run "$f" view-public "$bin" view --as public "$f"
		run "$f" view-0-at-1 "$bin" view --as 0 --at 1 "$f"
		# The page names its replay by the path from the page: the
		# same short name wherever the checkout lies.
		cp "$f" "$tmp/page.sabr.gz"
		run "$f" html sh -c "cd '$tmp' && '$bin' html -o page.html \
		    page.sabr.gz && cat page.html"
	done
}
run() {
	f=$1 what=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	sum=$(cat "$tmp/out" "$tmp/err" | sha256sum | cut -c1-64)
	echo "$(basename "$f") $what exit=$rc $sum"
}

# Every ruleset the guards play: the built-in ones, then the example files.
rulesets() {
	"$bin" rules --list | awk 'NR > 1 && NF { print $1 } /^$/ { exit }'
	for f in examples/rulesets/*.yaml; do
		echo "$f"
	done
}

# The player counts a ruleset allows, as "LO HI".
players() {
	"$bin" rules --ruleset "$1" |
	    sed -n 's/^players: \([0-9]*\) to \([0-9]*\);.*/\1 \2/p'
}

# 100 games a ruleset for the first three (seeds 1 to 100), 40 for every
# other one, the player count going round the ruleset's range.
hashes() {
	for r in $(rulesets); do
		set -- $(players "$r")
		lo=$1 hi=$2 games=40
		case $r in base|classic|course) games=100 ;; esac
		seed=1
		while [ "$seed" -le "$games" ]; do
			p=$((lo + seed % (hi - lo + 1)))
			h=$("$bin" selfplay --quiet --hash --ruleset "$r" \
			    --players "$p" --seed "$seed" | tail -n 1)
			echo "$r $p $seed $h"
			seed=$((seed + 1))
		done
	done
}

# Three games a ruleset told in full (every event in words), the ruleset
# printed and its hash.
words() {
	for r in $(rulesets); do
		set -- $(players "$r")
		lo=$1 hi=$2
		for seed in 1 2 3; do
			p=$((lo + seed % (hi - lo + 1)))
			run "$r" "selfplay-$p-$seed" "$bin" selfplay --verbose \
			    --ruleset "$r" --players "$p" --seed "$seed"
		done
		run "$r" rules "$bin" rules --ruleset "$r"
		echo "$r $("$bin" rules --hash --ruleset "$r")"
	done
}

# Every bad ruleset file (one mistake each, in a module's key or the core's
# keys about modules): its exit code and its message, word for word.
errors() {
	for f in tests/fixtures/bad-rulesets/*.yaml; do
		"$bin" rules --ruleset "$f" >/dev/null 2>"$tmp/err" </dev/null
		rc=$?
		echo "$(basename "$f") exit=$rc $(cat "$tmp/err")"
	done
}

check() {
	name=$1
	"$name" >"$tmp/$name"
	if [ "${UPDATE:-0}" = 1 ]; then
		cp "$tmp/$name" "$golden-$name"
	fi
	if cmp -s "$tmp/$name" "$golden-$name"; then
		pass=$((pass + $(wc -l <"$golden-$name")))
		echo "ok   $name: $(wc -l <"$golden-$name") lines as committed"
	else
		fail=$((fail + 1))
		echo "FAIL $name differs from $golden-$name:"
		diff "$golden-$name" "$tmp/$name" | head -20
	fi
}

check outputs
check hashes
check words
check errors
echo "guards: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
