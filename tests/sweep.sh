# sweep.sh: what tests/new_card.sh and tests/new_module.sh share, sourced
# with top set to the checkout: a copy of the tracked tree in $src, the
# ok() check, a ruleset file that deals the README's sweep, and the games
# that must play it once the copy holds the card.
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
ok() {
	if "$@" >"$tmp/out" 2>&1; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $*"
		sed 's/^/  | /' "$tmp/out" | head -20
	fi
}

# The tracked source, as a fresh checkout would have it.
(cd "$top" && git ls-files -z | xargs -0 tar cf - 2>/dev/null) |
    (mkdir "$tmp/src" && cd "$tmp/src" && tar xf -)
src=$tmp/src

# sweep_ruleset [MODULES]: $src/sweep.yaml, the base game with four sweeps
# in the deck (and "modules: MODULES" when given).
sweep_ruleset() {
	{
		echo "name: sweep"
		echo "extends: base"
		[ $# -eq 0 ] || echo "modules: $1"
		cat <<'YAML'
deck:
  - {name: cross, type: path, edges: NESW, count: 5}
  - {name: tee-nse, type: path, edges: NSE, count: 5}
  - {name: tee-new, type: path, edges: NEW, count: 5}
  - {name: straight-ns, type: path, edges: NS, count: 4}
  - {name: straight-ew, type: path, edges: EW, count: 3}
  - {name: curve-ne, type: path, edges: NE, count: 5}
  - {name: curve-nw, type: path, edges: NW, count: 4}
  - {name: broken-pickaxe, type: sabotage, tool: pickaxe, count: 3}
  - {name: broken-lantern, type: sabotage, tool: lantern, count: 3}
  - {name: broken-cart, type: sabotage, tool: cart, count: 3}
  - {name: map, type: map, count: 6}
  - {name: sweep, type: sweep, count: 4}
YAML
	} >"$src/sweep.yaml"
}

# sweep_plays: builds the copy; the ruleset reader, the protocol, the
# replays (verify, export), selfplay and the C bots must all play the
# sweep.  Sets sab to the copy's program.
sweep_plays() {
	ok sh -c "cd '$src' && \
	    make -s -j2 WERROR=1 build/saboteur bots >/dev/null"
	sab=$src/build/saboteur
	bot=$src/build/examples/random-bot
	heur=$src/build/examples/heuristic-bot
	ok sh -c "'$sab' rules --ruleset '$src/sweep.yaml' |
	    grep -q '^  sweep  *sweep  *sweep  *4'"
	ok "$sab" play --quiet --sandbox off --ruleset "$src/sweep.yaml" \
	    --seed 4 --games 10 \
	    --log-dir "$tmp/logs" --replay "$tmp/g%d.sabr.gz" \
	    "$bot" "$heur" "$bot" "$heur" "$bot"
	n=0
	for f in "$tmp"/g*.sabr.gz; do
		ok "$sab" verify --quiet "$f"
		n=$((n + 1))
	done
	ok test "$n" = 10
	ok sh -c "gzip -dc '$tmp'/g*.sabr.gz |
	    grep -q '^ev all played [0-9]* sweep [0-9]'"
	ok sh -c "gzip -dc '$tmp'/g*.sabr.gz |
	    grep -q '^move [0-9]* play sweep [0-9]'"
	ok sh -c "'$sab' export --as 0 '$tmp/g1.sabr.gz' |
	    grep -q '^played [0-9] sweep [0-9]'"
	ok sh -c "'$sab' selfplay --ruleset '$src/sweep.yaml' --seed 11 |
	    grep -q 'sweeps in front of seat'"
}
