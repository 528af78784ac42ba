# gauntlet.sh: sourced by the benchmarks that play the example gauntlet.
# gauntlet_yaml BUILD_DIR SEED GAMES DUPLICATE: prints the tournament file
# of the C heuristic bot against four C random bots at five players, GAMES
# games from SEED, with schedule.duplicate DUPLICATE (true or false).
gauntlet_yaml() {
	printf 'players: 5\nseed: %s\nschedule:\n  kind: gauntlet\n' "$2"
	printf '  challenger: heuristic\n  games: %s\n  duplicate: %s\n' "$3" "$4"
	printf 'bots:\n  - {name: heuristic, command: %s}\n' \
	    "$1/examples/heuristic-bot"
	for k in 1 2 3 4; do
		printf '  - {name: random%s, command: %s}\n' "$k" \
		    "$1/examples/random-bot"
	done
}

# gauntlet_play BUILD_DIR SEED GAMES DIR: plays that gauntlet without and
# with duplicate deals into DIR/out-false and DIR/out-true (their files
# DIR/false.yaml and DIR/true.yaml).
gauntlet_play() {
	for d in false true; do
		gauntlet_yaml "$1" "$2" "$3" "$d" >"$4/$d.yaml"
		"$1/saboteur" tournament --quiet --sandbox off --out "$4/out-$d" \
		    "$4/$d.yaml" >/dev/null || return 1
	done
}
