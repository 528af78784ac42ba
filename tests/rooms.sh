#!/bin/sh
# rooms.sh: every expansion keeps to its own folder.  Lists each source
# file outside the expansions' folders (rules/sab2/, rules/wc/,
# rules/minis/NAME/; tests/, bindings/ and examples/ aside) that names an
# expansion's module, card kinds, phases, move kinds, events, ruleset keys
# or fields, with how many times, and fails when a file names one more
# often than tests/rooms.allow lets it (a file it does not list: never).
# The names come from the code, not from a list kept by hand:
# rules/modules.def (the modules, and who owns each phase, move kind and
# event), and in each expansion's folder its kinds' words (.word = "..."),
# its ruleset keys (.key = "...") and its fields (the SAB_*FIELDS* macros
# of its headers).
#
# Usage: tests/rooms.sh            (UPDATE=1 rewrites the counts of
#                                   tests/rooms.allow, keeping each reason)
#        tests/rooms.sh --names    (prints the names it looks for)
set -u
cd "$(dirname "$0")/.." || exit 2
allow=tests/rooms.allow
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The modules other than the base game, from the module list.
sed -n 's/^SAB_MODULE(\([a-z0-9_]*\)).*/\1/p' rules/modules.def |
    grep -vx base >"$tmp/modules"
# The phases, move kinds and events an expansion owns, as identifiers.
sed -n 's/^SAB_\(PHASE\|MOVE\|EVENT\)(\([A-Z0-9_]*\), *\([a-z0-9_]*\)).*/\1 \2 \3/p' \
    rules/modules.def | awk '$3 != "base" {
	sub(/^EVENT$/, "EV", $1); print "SAB_" $1 "_" $2 }' >"$tmp/owned"
# Each expansion's folder: where its sab_module is defined.
grep -rl '^const sab_module sab_module_' rules | while read -r f; do
	m=$(sed -n 's/^const sab_module sab_module_\([a-z0-9_]*\) =.*/\1/p' "$f")
	for n in $m; do
		grep -qx "$n" "$tmp/modules" && dirname "$f"
	done
done | sort -u >"$tmp/folders"
[ -s "$tmp/modules" ] && [ -s "$tmp/owned" ] && [ -s "$tmp/folders" ] || {
	echo "rooms: found no modules, owned names or folders (rules/modules.def?)" >&2
	exit 2
}
# Their kinds' words and ruleset keys (as string literals), and their
# fields (the members their SAB_*FIELDS* macros declare).
files_in_folders() {
	while read -r d; do
		find "$d" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \)
	done <"$tmp/folders"
}
files_in_folders | sort >"$tmp/infolders"
# A word the base game names as its own too (its event "reveal", which a
# move of New Goals shares) is not an expansion's.
grep -rhoE '\.(name|word|key) = "[^"]*"' rules/base |
    sed 's/.*= "//; s/"$//' | sort -u >"$tmp/basewords"
xargs cat <"$tmp/infolders" |
    sed -n 's/.*\.\(word\|key\) = "\([^"]*\)".*/\2/p' | sort -u |
    comm -23 - "$tmp/basewords" >"$tmp/words"
grep -h '' $(grep '\.h$' "$tmp/infolders") | awk '
	/^#define SAB_[A-Z0-9_]*FIELDS[A-Za-z0-9_]*/ { on = 1 }
	on {
		line = $0
		more = line ~ /\\$/
		sub(/\\$/, "", line)
		gsub(/\/\*.*\*\//, "", line)
		sub(/^#define [A-Za-z0-9_]*/, "", line)
		while (match(line, /[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])? *[,;]/)) {
			name = substr(line, RSTART, RLENGTH)
			sub(/(\[.*)? *[,;]$/, "", name)
			sub(/ *[,;]$/, "", name)
			print name
			line = substr(line, RSTART + RLENGTH)
		}
		if (!more)
			on = 0
	}' | sort -u >"$tmp/fields"

# The names their headers define: macros, enum constants, types,
# functions and variables (include guards and the FIELDS macros aside).
grep -h '' $(grep '\.h$' "$tmp/infolders") | awk '
	/^#define [A-Za-z_]/ { n = $2; sub(/\(.*/, "", n); print n }
	/^[ \t]+[A-Z][A-Z0-9_]*[ \t]*(,|=[^=]|$)/ {
		n = $0; sub(/^[ \t]*/, "", n); sub(/[ \t,=].*/, "", n); print n }
	/^} [a-z][a-z0-9_]*;/ { n = $2; sub(/;.*/, "", n); print n }
	/^(static inline |extern )?(const )?[a-z].*[ *][a-z][a-z0-9_]*[ \t]*[(\[]/ {
		if (match($0, /[a-z][a-z0-9_]*[ \t]*[(\[]/)) {
			n = substr($0, RSTART, RLENGTH); sub(/[ \t]*[(\[]$/, "", n); print n
		}
	}' | grep -v '_H$' | grep -v 'FIELDS' | sort -u >"$tmp/ids"

# The names, each an extended regular expression.
{
	while read -r m; do
		printf '%s\n' "sab_module_$m\\b" "SAB_MODULE_AT_$m\\b" "\"$m\""
	done <"$tmp/modules"
	sed 's/$/\\b/' "$tmp/owned"
	sed 's/$/\\b/' "$tmp/ids"
	sed 's/.*/"&"/' "$tmp/words"
	sed 's/.*/(->|\\.)&\\b/' "$tmp/fields"
	# An expansion's header included from outside its folder.
	sed 's|^rules/||; s|.*|#include "[^"]*&/|' "$tmp/folders"
} | sort -u >"$tmp/names"
# The fields are searched for only in files that can see the structs that
# hold them: that include game.h, seen.h or ruleset.h, or a header that
# does (a closure over the headers); a process table's own .pending is
# not the veto's.
printf '%s\n' game.h seen.h ruleset.h >"$tmp/sees"
for _ in 1 2 3 4 5 6; do
	find rules protocol replays referee -name '*.h' | while read -r h; do
		grep -qE "#include \"([^\"]*/)?($(paste -sd '|' "$tmp/sees" |
		    sed 's/\./\\./g'))\"" "$h" && basename "$h"
	done | cat - "$tmp/sees" | sort -u >"$tmp/sees.new"
	mv "$tmp/sees.new" "$tmp/sees"
done
grep -v '^(->|\\.)' "$tmp/names" >"$tmp/names.nofields"
paste -sd '|' "$tmp/names.nofields" >"$tmp/re.nofields"
if [ "${1:-}" = --names ]; then
	cat "$tmp/names"
	exit 0
fi
paste -sd '|' "$tmp/names" >"$tmp/re"

# The names to look for in file $1: without the fields when it includes
# none of the headers that hold them.
re() {
	if grep -qE "#include \"([^\"]*/)?($(paste -sd '|' "$tmp/sees" |
	    sed 's/\./\\./g'))\"" "$1"; then
		cat "$tmp/re"
	else
		cat "$tmp/re.nofields"
	fi
}

# A file's text as searched: a core section's own keys (SAB_YAML_FIELD)
# aside, whose words may be a module's name too (board.goals).
text() {
	sed 's/SAB_YAML_FIELD("[^"]*")//g' "$1"
}

# Every source file outside the expansions' folders (the source folders
# but tests/, bindings/ and examples/), and how often each names one.
find rules protocol replays referee scripts -type f \( -name '*.c' -o \
    -name '*.h' -o -name '*.def' \) 2>/dev/null |
    sort | comm -23 - "$tmp/infolders" | while read -r f; do
	n=$(text "$f" | grep -oE "$(re "$f")" | wc -l)
	[ "$n" -gt 0 ] && echo "$f $n"
done >"$tmp/found"

if [ "${UPDATE:-0}" = 1 ]; then
	# The new counts, each file's reason kept (a new file: "to do").
	awk 'NR == FNR { if ($0 !~ /^#/ && NF >= 3) {
		r = $0; sub(/^[^ ]+ [0-9]+ /, "", r); why[$1] = r }; next }
	    { print $1, $2, ($1 in why ? why[$1] : "to do: say why or move it") }' \
	    "$allow" "$tmp/found" >"$tmp/new"
	{ grep '^#' "$allow"; cat "$tmp/new"; } >"$tmp/allow" && cp "$tmp/allow" "$allow"
fi

pass=0 fail=0
while read -r f n; do
	lim=$(awk -v f="$f" '$1 == f { print $2 }' "$allow")
	if [ -z "$lim" ]; then
		fail=$((fail + 1))
		echo "FAIL $f names an expansion $n times and is not in $allow:"
		text "$f" | grep -noE "$(re "$f")" | head -${SHOW:-5} | sed 's/^/       /'
	elif [ "$n" -gt "$lim" ]; then
		fail=$((fail + 1))
		echo "FAIL $f names an expansion $n times, $allow allows $lim:"
		text "$f" | grep -noE "$(re "$f")" | head -${SHOW:-5} | sed 's/^/       /'
	else
		pass=$((pass + 1))
		[ "$n" -lt "$lim" ] && echo "note $f: $n, $allow still allows $lim (lower it)"
	fi
done <"$tmp/found"
# A file the allow-list keeps that names none any more, or is gone.
awk '!/^#/ && NF { print $1 }' "$allow" | while read -r f; do
	grep -q "^$f " "$tmp/found" || echo "note $f: in $allow, names none now (take it out)"
done
echo "rooms: $pass files within $allow ($(wc -l <"$tmp/found") name an expansion), $fail failed"
[ "$fail" -eq 0 ]
