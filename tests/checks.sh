# checks.sh: what the shell test scripts share, sourced by them: counting
# passes and failures, and looking for processes a run left behind.
# The sourcing script sets tag, a word every process it starts carries.

pass=0
fail=0

ok() { pass=$((pass + 1)); }
no() { echo "FAIL $*"; fail=$((fail + 1)); }

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

# leftovers WHAT [PAUSE]: no process of this run may outlive the referee;
# PAUSE (seconds, default 0.2) lets the last ones be reaped first.
leftovers() {
	sleep "${2:-0.2}"
	if pgrep -f "$tag" >/dev/null 2>&1; then
		no "$1: processes left behind:"
		pgrep -af "$tag" | sed 's/^/  | /'
		pkill -KILL -f "$tag"
	else
		ok
	fi
}
