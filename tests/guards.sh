#!/bin/sh
# guards.sh: what must not change while the code changes shape.  Every
# committed replay must verify, export to every seat and show exactly as it
# did (a checksum of each output and its exit code), and 100 seeded games
# per built-in ruleset must end in the same state (selfplay --hash).  An
# organiser auditing last year's results depends on both.
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

# 100 games a ruleset, seeds 1 to 100, the player count going round the
# ruleset's range.
hashes() {
	for spec in base:3:10 classic:3:10 course:2:2; do
		r=${spec%%:*} lo=${spec#*:} lo=${lo%%:*} hi=${spec##*:}
		seed=1
		while [ "$seed" -le 100 ]; do
			p=$((lo + seed % (hi - lo + 1)))
			h=$("$bin" selfplay --quiet --hash --ruleset "$r" \
			    --players "$p" --seed "$seed" | tail -n 1)
			echo "$r $p $seed $h"
			seed=$((seed + 1))
		done
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
echo "guards: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
