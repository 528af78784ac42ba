# checks.sh: what the shell test scripts share, sourced by them: counting
# passes and failures, a bot's status in a match's summary, and looking for
# processes a run left behind.  The sourcing script sets tag, a word every
# process it starts carries, and tmp, where each match NAME wrote its
# summary (NAME.out) and standard error (NAME.err, if apart).

pass=0
fail=0

# Python bots run from the source tree would write their modules'
# bytecode there (__pycache__): tests write only into temporary folders.
export PYTHONDONTWRITEBYTECODE=1

ok() { pass=$((pass + 1)); }
no() { echo "FAIL $*"; fail=$((fail + 1)); }

# status NAME K: bot K's status in the summary of match NAME.
status() {
	awk -v k="$2" '$1 ~ "^"k":" && NF >= 4 { print $4; exit }' "$tmp/$1.out"
}

# expect NAME K STATUS: bot K of match NAME ended with STATUS.
expect() {
	got=$(status "$1" "$2")
	[ "$got" = "$3" ] && ok || {
		no "$1: bot $2 status \"$got\", want \"$3\""
		cat "$tmp/$1.out" "$tmp/$1.err" 2>/dev/null | sed 's/^/  | /' |
		    tail -15
	}
}

# private WHAT PATH...: every folder under the PATHs is 0700 and every
# file 0600, as the referee makes what it writes (saboteur(1)).
private() {
	what=$1
	shift
	open=$(find "$@" \( -type d ! -perm 700 \) -o \( ! -type d ! -perm 600 \) \
	    -exec stat -c '%a %n' {} + 2>&1)
	if [ -z "$open" ]; then
		ok
	else
		no "$what: not private:"
		echo "$open" | sed 's/^/  | /'
	fi
}

# leftovers WHAT [SECONDS]: no process of this run may outlive the referee.
# The last ones may still be on their way out (the kernel reaps them as it
# gets to them, slower on a busy machine), so it waits for them up to
# SECONDS (default 30), and fails only for what is still there then.
leftovers() {
	i=0
	n=$(( ${2:-30} * 10 ))
	while pgrep -f "$tag" >/dev/null 2>&1 && [ "$i" -lt "$n" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if pgrep -f "$tag" >/dev/null 2>&1; then
		no "$1: processes left behind:"
		pgrep -af "$tag" | sed 's/^/  | /'
		pkill -KILL -f "$tag"
	else
		ok
	fi
}
