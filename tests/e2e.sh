#!/bin/sh
# e2e.sh: runs the real saboteur binary against real bot processes: bots
# that fail in every way the referee must survive, and the example bots.
# Each failing bot must get its documented status, the game must finish,
# the other bots must play undisturbed, and no process may be left behind.
# The bots run unsealed (--sandbox off): these are the referee's own
# guarantees, and some checks (a bot reading the referee's /proc) need the
# referee in sight; tests/hostile.sh plays against the sandbox.
#
# Usage: tests/e2e.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/e2e.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
tag="e2e-tag-$$"
ex="$top/build/examples"
trap 'pkill -KILL -f "$tag" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM

. "$here/checks.sh"
# Paths in bot command lines are quoted (q): the checkout's path may hold
# blanks.
qhere=$(q "$here") qtop=$(q "$top") qex=$(q "$ex")
bad="python3 $qhere/bots/badbot.py"

# Time limits are generous: no bot may fail here because the machine is
# slow (a python3 that takes seconds to start, a busy CI machine).  Where a
# limit is what is tested, the bot never answers, and only that test's
# limit is short (see "timeouts" below).
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"

# play NAME ARGS...: runs a 3-seat match under $limits (or those of
# $play_limits); output in $tmp/NAME.out.
play() {
	name=$1
	shift
	# shellcheck disable=SC2086
	"$bin" play --sandbox off --quiet --seed 3 ${play_limits:-$limits} \
	    --log-dir "$tmp/$name" \
	    --transcripts --replay "$tmp/$name.sabr.gz" "$@" \
	    >"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
}

# The lines a transcript says the referee sent its bot.
received() {
	sed -n 's/^ *[0-9.]* [^ ]* <- //p' "$1"
}

# audit NAME: the match's replay verifies, and for every seat "saboteur
# export" prints exactly the lines the bot's transcript shows it received
# (game 1 puts bot k in seat k-1), also for a bot that failed its
# handshake, which received only "saboteur 1".
audit() {
	name=$1
	"$bin" verify --quiet "$tmp/$name.sabr.gz" >"$tmp/$name.verify" 2>&1 &&
	    ok || { no "$name: the replay does not verify"
		sed 's/^/  | /' "$tmp/$name.verify"; }
	for k in 1 2 3; do
		t=$(ls "$tmp/$name/$k"-*.transcript 2>/dev/null | head -1)
		[ -n "$t" ] || { no "$name: no transcript for bot $k"; continue; }
		"$bin" export --as $((k - 1)) "$tmp/$name.sabr.gz" \
		    >"$tmp/$name.export" 2>&1
		received "$t" >"$tmp/$name.want"
		if cmp -s "$tmp/$name.want" "$tmp/$name.export"; then
			ok
		else
			no "$name: export --as $((k - 1)) differs from what bot $k received"
			diff "$tmp/$name.want" "$tmp/$name.export" | head -5 |
			    sed 's/^/  | /'
		fi
	done
}

# expect_status NAME MODE STATUS: bot 2 ran MODE between two good bots.
expect_status() {
	expect_command "$1" "$bad $2 $tag" "$3"
}

# expect_command NAME COMMAND STATUS: bot 2 ran COMMAND between good bots.
expect_command() {
	name=$1 cmd=$2 want=$3
	play "$name" "$bad good $tag" "$cmd" "$bad good $tag"
	rc=$(cat "$tmp/$name.rc")
	[ "$rc" = 0 ] && ok || no "$name: exit $rc, want 0"
	# Summary rows, not the detail lines under them ("2:name: what").
	got=$(awk '$1 ~ /^2:[^:]*$/ && NF >= 8 { print $4 }' "$tmp/$name.out")
	[ "$got" = "$want" ] && ok || {
		no "$name: bot 2 status \"$got\", want \"$want\""
		sed 's/^/  | /' "$tmp/$name.out"
	}
	# The good bots played every decision themselves.
	good=$(awk '$1 ~ /^[13]:good$/ && $4 == "ok" && $8 == 0' "$tmp/$name.out" |
	    wc -l)
	[ "$good" = 2 ] && ok || no "$name: the good bots were disturbed"
	leftovers "$name"
	[ -f "$tmp/$name.sabr.gz" ] && audit "$name"
}

expect_status good good ok
expect_status crash-start crash-start crash
expect_status crash-mid crash-mid crash
expect_status exit-mid exit-mid crash
expect_status garbage garbage ok
expect_status illegal illegal illegal
expect_status long-line long-line line-too-long
expect_status flood flood flood
expect_status stderr-flood stderr-flood ok
expect_status close-stdout close-stdout closed
expect_status fork-holder fork-holder ok
expect_status ignore-term ignore-term ok
expect_status bad-hello bad-hello handshake
expect_status nul-byte nul-byte ok
expect_status debug-stdout debug-stdout ok

# Timeouts: the bot never answers (it sleeps for ten minutes), so the
# limit is all that ends its decision, and it can be short.  The good bots
# share it, as every bot of a match does: a few seconds per move, and for
# the handshake long enough for any python3 to start.
play_limits="--move-ms 2000 --bank-ms 2000 --handshake-ms 60000"
expect_status hang hang timeout
play_limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 30000"
expect_status hang-hello hang-hello handshake
play_limits=
# A bot that has sent nothing at all is told why that may be.
grep -q '^  2:badbot.py: no "bot NAME" reply in time (it has sent nothing: does it flush its output after each line?)$' \
    "$tmp/hang-hello.out" && ok || no "hang-hello: no hint about flushing"

# A log folder that earlier runs wrote in too: the summary says how many
# of its bot logs are theirs, not this match's (none in a new folder).
mkdir "$tmp/shared"
: >"$tmp/shared/2-old-bot.stderr"
: >"$tmp/shared/2-old-bot.transcript"
for run in 1 2; do
	"$bin" play --sandbox off --quiet --seed 3 $limits --log-dir "$tmp/shared" \
	    "$bad good $tag" "$bad good $tag" "$bad good $tag" \
	    >"$tmp/shared-$run.out" 2>&1
done
grep -qx "note: $tmp/shared/ also holds 2 bot logs of earlier runs, older than this match's (give each match its own --log-dir to keep them apart)" \
    "$tmp/shared-2.out" && ok || no "shared log folder: no note: $(tail -2 "$tmp/shared-2.out")"
grep -q '^note: ' "$tmp/good.out" && no "a new log folder: a note" || ok

# A bot run through env is named after its program, not after env's
# NAME=VALUE words: in the summary (no handshake, so no name of its own)
# and in its log files' names.
expect_command env-label "env SAB_E2E=1 $bad bad-hello $tag" handshake
awk '$1 ~ /^2:/ && NF >= 8 { print $1 }' "$tmp/env-label.out" |
    grep -qx '2:badbot.py' && test -f "$tmp/env-label/2-badbot.py.stderr" &&
    test -f "$tmp/env-label/2-badbot.py.transcript" && ok || {
	no "env-label: the bot is not named after its program"
	ls "$tmp/env-label" | sed 's/^/  | /'
	sed 's/^/  | /' "$tmp/env-label.out"; }

# A bot that writes debug text to stdout: the summary says how many
# replies were refused, the first of them and why, not only a count.
want='  2:debug-stdout: [0-9]* refused; the first, "debug: thinking": unknown message "debug:" (a reply is play, discard, pick or note)$'
grep -q "$want" "$tmp/debug-stdout.out" && ok || {
	no "debug-stdout: the summary does not show the first refused reply"
	sed 's/^/  | /' "$tmp/debug-stdout.out"; }
# One line for a bot's refused replies, not one per refusal.
[ "$(grep -c 'refused; the first' "$tmp/illegal.out")" = 1 ] && ok ||
    no "illegal: not one line for the refused replies"

# A new replay (format 1.2 and later) keeps the reasons its referee sent: the bot
# that plays a path-NESW it does not hold was told so by the card's token,
# and export says the same, never the ruleset's name for it ("cross").
"$bin" export --as 1 "$tmp/illegal.sabr.gz" >"$tmp/illegal.export" 2>&1
t=$(ls "$tmp/illegal"/2-*.transcript)
[ "$(zcat "$tmp/illegal.sabr.gz" | head -1)" = "sabr 1.5" ] &&
    grep -q -- '<- illegal [0-9] path-NESW is not in your hand$' "$t" &&
    grep -q '^illegal [0-9] path-NESW is not in your hand$' \
    "$tmp/illegal.export" && ! grep -q 'cross' "$tmp/illegal.export" && ok ||
    no "illegal: a 1.2 replay's refusals do not name cards by their tokens"

# A NUL byte in a reply does not cut it: the reply (a legal move, then the
# NUL and more) is refused with the NUL's column, and the transcript and
# the replay hold the whole line, the NUL escaped; the replay verifies
# (expect_status audited it), so the audit refuses it too.
t=$(ls "$tmp/nul-byte"/2-*.transcript)
grep -q -- '<- illegal 2 a NUL byte at column [0-9]*$' "$t" && ok ||
    no "nul-byte: the reply was not refused for its NUL byte"
grep -q -- '-> [a-z].*\\x00 and more$' "$t" && ok ||
    no "nul-byte: the transcript does not show the whole line"
zgrep -q '^bot 1 [0-9]* [0-9]* [a-z].*\\x00 and more$' "$tmp/nul-byte.sabr.gz" &&
    ok || no "nul-byte: the replay does not hold the whole line"

# raw_control FILE: how many ESC, BEL and CR bytes FILE holds.
raw_control() {
	tr -d -c '\033\007\015' <"$1" | wc -c | tr -d ' '
}
# no_raw_control WHAT FILE: FILE, printed for people, holds none of them,
# and shows them escaped instead.
no_raw_control() {
	[ "$(raw_control "$2")" = 0 ] && grep -q 'x1b' "$2" && ok || {
		no "$1: raw control bytes, or none escaped"
		od -c "$2" | grep -m 3 '033\|\\a\|\\r' | sed 's/^/  | /'; }
}
# Bots whose name and lines hold ESC, BEL and CR: nothing the referee
# prints for people passes them on raw.
name=control
"$bin" play --sandbox off --seed 3 $limits --log-dir "$tmp/$name" --transcripts \
    --replay "$tmp/$name.sabr.gz" "$bad good $tag" "$bad control-lines $tag" \
    "$bad control-hello $tag" >"$tmp/$name.out" 2>&1
no_raw_control "play's summary" "$tmp/$name.out"
# The first refused reply, shown in the summary, escaped.
grep -q '^  2:control-lines: [0-9]* refused; the first, "play \\x1b\[31mred\\x07\\x0d 1 1 0": ' \
    "$tmp/$name.out" && ok ||
    no "control: the summary does not show the first refused reply escaped"
leftovers "$name"
audit "$name"
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
	"$bin" view --at $n --as all "$tmp/$name.sabr.gz"
	"$bin" view --at $n --as 1 "$tmp/$name.sabr.gz"
done >"$tmp/$name.view" 2>&1
no_raw_control "view --at" "$tmp/$name.view"
for t in "$tmp/$name"/*.transcript; do
	[ "$(raw_control "$t")" = 0 ] && ok || no "$t: raw control bytes"
done
# A replay whose move quotes them: the error names it escaped.
esc=$(printf '\033')
line=$(zcat "$tmp/$name.sabr.gz" | grep -n "^move " | head -1 | cut -d: -f1)
zcat "$tmp/$name.sabr.gz" |
    sed "${line}s/^move \([0-9]*\) .*/move \1 ${esc}[2J/" |
    gzip >"$tmp/control-bad.sabr.gz"
"$bin" verify "$tmp/control-bad.sabr.gz" >"$tmp/control-bad.out" 2>&1
"$bin" export --as 0 "$tmp/control-bad.sabr.gz" >>"$tmp/control-bad.out" 2>&1
"$bin" view --at 3 "$tmp/control-bad.sabr.gz" >>"$tmp/control-bad.out" 2>&1
no_raw_control "verify, export and view errors" "$tmp/control-bad.out"

# What the referee wrote is its user's alone: the log folder 0700, stderr
# logs, transcripts and replays 0600, also files an earlier run left 0644
# (the folder, given by the user, keeps its mode).
private "log folder, logs, transcripts and replay" "$tmp/good" \
    "$tmp/good.sabr.gz"
mkdir -p -m 755 "$tmp/again"   # whatever the umask
for f in 1-badbot.py.stderr 2-badbot.py.transcript; do
	: >"$tmp/again/$f"
	chmod 644 "$tmp/again/$f"
done
: >"$tmp/again.sabr.gz.part"
chmod 644 "$tmp/again.sabr.gz.part"
"$bin" play --sandbox off --quiet --seed 3 $limits --transcripts --replay "$tmp/again.sabr.gz" \
    --log-dir "$tmp/again" "$bad good $tag" "$bad good $tag" "$bad good $tag" \
    >/dev/null 2>&1
private "files an earlier run left" "$tmp/again"/* "$tmp/again.sabr.gz"
[ "$(stat -c %a "$tmp/again")" = 755 ] && ok ||
    no "the referee changed the mode of a log folder it did not create"

# A bot that cannot start stops the match before its first game: exec's
# reason on the terminal, exit 2, the other bots stopped, no replay.
# cannot_start NAME COMMAND MESSAGE: bot 2 ran COMMAND between good bots.
cannot_start() {
	name=$1 cmd=$2 want=$3
	play "$name" "$bad good $tag" "$cmd" "$bad good $tag"
	rc=$(cat "$tmp/$name.rc")
	[ "$rc" = 2 ] && ok || no "$name: exit $rc, want 2"
	grep -qxF "saboteur play: bot 2 \"$cmd\": $want" "$tmp/$name.out" &&
	    ok || { no "$name: no \"$want\""; sed 's/^/  | /' "$tmp/$name.out"; }
	grep -q "^bot " "$tmp/$name.out" && no "$name: a summary was printed" || ok
	[ ! -e "$tmp/$name.sabr.gz" ] && [ ! -e "$tmp/$name.sabr.gz.part" ] &&
	    ok || no "$name: a replay was written"
	leftovers "$name"
}
# Found before any bot starts: exec's reason, or what the program's first
# bytes say (the kernel's reading of its #! line).
cannot_start no-such-program "$(q "$here/bots/no-such-program") $tag" \
    "cannot run $here/bots/no-such-program: No such file or directory"
cannot_start a-folder "$(q "$here/bots") $tag" "cannot run $here/bots: Permission denied"
cannot_start bad-interpreter "$(q "$top/tests/fixtures/bots/bad-interpreter") $tag" \
    "cannot run $top/tests/fixtures/bots/bad-interpreter: its #! line names /no/such/interpreter, which does not exist"
mkdir "$tmp/bots"
nosuch=no-such-interpreter-$$
printf '#!/usr/bin/env %s\nprint("bot x moves")\n' "$nosuch" >"$tmp/bots/env.py"
printf 'import sys\nprint("bot x moves")\n' >"$tmp/bots/no-line.py"
printf '#!/bin/sh\necho bot x moves\n' >"$tmp/bots/not-executable.sh"
chmod 755 "$tmp/bots/env.py" "$tmp/bots/no-line.py"
chmod 644 "$tmp/bots/not-executable.sh"
cannot_start env-interpreter "$tmp/bots/env.py $tag" \
    "cannot run $tmp/bots/env.py: its #! line runs $nosuch through env, and there is no $nosuch in the PATH"
cannot_start no-interpreter-line "$tmp/bots/no-line.py $tag" \
    "cannot run $tmp/bots/no-line.py: it is not a program, and no #! line names its interpreter: begin it with one (such as #!/usr/bin/env python3), or put the interpreter first in the command (python3 $tmp/bots/no-line.py)"
cannot_start not-executable "$tmp/bots/not-executable.sh $tag" \
    "cannot run $tmp/bots/not-executable.sh: Permission denied"
printf '#!/bin/sh\r\necho bot x moves\r\n' >"$tmp/bots/windows.sh"
chmod 755 "$tmp/bots/windows.sh"
cannot_start windows-line-ends "$tmp/bots/windows.sh $tag" \
    "cannot run $tmp/bots/windows.sh: its #! line ends with a carriage return (Windows line ends): convert the file to Unix ones (dos2unix, or sed -i 's/\\r\$//')"
# A program for another machine: the example bot, its ELF header's machine
# changed (bytes 18 and 19: e_machine) to one this is not.
cp "$top/build/examples/random-bot" "$tmp/bots/other-machine"
m=$(od -An -tu1 -j18 -N1 "$tmp/bots/other-machine" | tr -d ' ')
printf "\\$(printf %03o $(( m == 40 ? 62 : 40 )))\\000" |
    dd of="$tmp/bots/other-machine" bs=1 seek=18 conv=notrunc 2>/dev/null
cannot_start other-machine "$tmp/bots/other-machine $tag" \
    "cannot run $tmp/bots/other-machine: Exec format error (a program for another kind of machine)"
# Its program runs, but gives up with 127 as a shell does for a command it
# cannot find: the first line of its stderr log says why, after the
# handshake, and the match stops before its first game.
printf '#!/bin/sh\nexec /no/such/program-%s\n' $$ >"$tmp/bots/gives-up.sh"
chmod 755 "$tmp/bots/gives-up.sh"
play gives-up "$bad good $tag" "$tmp/bots/gives-up.sh $tag" "$bad good $tag"
rc=$(cat "$tmp/gives-up.rc")
[ "$rc" = 2 ] && ok || no "gives-up: exit $rc, want 2"
grep -q "^saboteur play: bot 2 \"$tmp/bots/gives-up.sh $tag\": cannot run $tmp/bots/gives-up.sh: .*/no/such/program-$$" \
    "$tmp/gives-up.out" && ok || { no "gives-up: its reason was not said"
	sed 's/^/  | /' "$tmp/gives-up.out"; }
grep -q "^bot " "$tmp/gives-up.out" && no "gives-up: a summary was printed" || ok
leftovers gives-up
# The stderr flood is capped, not lost: the log exists and is bounded.
size=$(cat "$tmp/stderr-flood"/2-*.stderr | wc -c)
[ "$size" -gt 1000000 ] && [ "$size" -le 16777216 ] && ok ||
    no "stderr-flood: log of $size bytes"

# Replays: one per game, complete, with the failing bot's status in it.
"$bin" play --sandbox off --quiet --seed 4 --games 2 --replay "$tmp/r-%d.sabr.gz" \
    $limits --log-dir "$tmp/rp" "$bad good $tag" \
    "$bad notes $tag" "$bad crash-mid $tag" >"$tmp/rp.out" 2>&1
for g in 1 2; do
	f="$tmp/r-$g.sabr.gz"
	[ -f "$f" ] && [ ! -e "$f.part" ] && ok || no "replay $g not complete"
	gzip -t "$f" 2>/dev/null && ok || no "replay $g is not a whole gzip file"
	[ "$(zcat "$f" | head -1)" = "sabr 1.5" ] && ok || no "replay $g header"
	[ "$(zcat "$f" | tail -1)" = "end" ] && ok || no "replay $g has no end"
done
zgrep -q "^status 2 crash killed by SIGSEGV" "$tmp/r-1.sabr.gz" && ok ||
    no "the crash is not in replay 1"
zgrep -q "^note 1 thinking" "$tmp/r-1.sabr.gz" && ok ||
    no "notes are not in replay 1"
"$bin" play --sandbox off --games 2 --replay "$tmp/x.sabr.gz" --log-dir "$tmp/x" \
    "$bad good" "$bad good" "$bad good" >/dev/null 2>&1
[ $? = 2 ] && ok || no "--games 2 --replay without %d: want exit 2"

# Ctrl-C or SIGTERM of the referee: bots stopped, exit 5, nothing left,
# and the replay so far is kept, readable, under its .part name.
"$bin" play --sandbox off --quiet --seed 1 $limits --log-dir "$tmp/int" \
    --replay "$tmp/int.sabr.gz" \
    "$bad good $tag" "$bad hang $tag" "$bad ignore-term $tag" \
    >"$tmp/int.out" 2>&1 &
pid=$!
# Stopped once the game is under way (the replay so far holds a decision
# of seat 2), however long the bots took to start: a poll, not a pause.
i=0
while [ $i -lt 1200 ] && kill -0 $pid 2>/dev/null &&
    ! zcat "$tmp/int.sabr.gz.part" 2>/dev/null | grep -q "^turn 2 "; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
[ "$rc" = 5 ] && ok || no "interrupted: exit $rc, want 5"
leftovers interrupted
private "an interrupted replay" "$tmp/int.sabr.gz.part"
[ -f "$tmp/int.sabr.gz.part" ] && [ ! -e "$tmp/int.sabr.gz" ] &&
    zcat "$tmp/int.sabr.gz.part" 2>/dev/null | grep -q "^turn 2 " && ok ||
    no "interrupted: no readable .part replay"

# verify and export on damaged replays: exit 1 and the place named.
# bad_replay NAME WANT-MESSAGE: verify and export of $tmp/NAME.sabr.gz.
bad_replay() {
	"$bin" verify "$tmp/$1.sabr.gz" >"$tmp/$1.vout" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -q -- "$2" "$tmp/$1.vout" && ok || {
		no "verify $1: exit $rc, want 1 and \"$2\""
		sed 's/^/  | /' "$tmp/$1.vout"; }
	"$bin" export --as 0 "$tmp/$1.sabr.gz" >/dev/null 2>"$tmp/$1.eout"
	rc=$?
	[ $rc = 1 ] && grep -q -- "$2" "$tmp/$1.eout" && ok || {
		no "export $1: exit $rc, want 1 and \"$2\""
		sed 's/^/  | /' "$tmp/$1.eout"; }
}
src="$tmp/r-1.sabr.gz"
# The first "move" record names another card: the line and decision.
line=$(zcat "$src" | grep -n "^move " | head -1 | cut -d: -f1)
zcat "$src" | sed "${line}s/^move \([0-9]*\) .*/move \1 discard rockfall/" |
    gzip >"$tmp/moved.sabr.gz"
bad_replay moved "line $line, decision 1: the move applied was"
# A hidden card shown to all: the seat that must not see it is named.
zcat "$src" | sed '0,/^ev hidden:0 draw 0/s//ev all draw 0/' |
    gzip >"$tmp/leak.sabr.gz"
bad_replay leak "seat 1 was sent .draw 0 [a-z]"
# Cut short: the compressed stream ends early.
size=$(wc -c <"$src")
head -c $((size / 2)) "$src" >"$tmp/cut.sabr.gz"
bad_replay cut "cut short"
# The replay an interrupted referee left under its .part name.
cp "$tmp/int.sabr.gz.part" "$tmp/part.sabr.gz"
bad_replay part "stops before"
# Not a replay at all, and no file.
echo "hello" | gzip >"$tmp/hello.sabr.gz"
bad_replay hello "line 1: not a Saboteur replay"
bad_replay missing "No such file"
# A later major version is refused by name.
zcat "$src" | sed '1s/.*/sabr 2.0/' | gzip >"$tmp/v2.sabr.gz"
bad_replay v2 "version 2.0, but this program reads version 1"
"$bin" verify "$src" "$tmp/r-2.sabr.gz" >"$tmp/two.out" 2>&1 &&
    grep -q "2 of 2 replays verified" "$tmp/two.out" && ok ||
    no "verify of two good replays"

# A game played by a ruleset file carries it: the replay verifies anywhere,
# without the file; a carried ruleset that was changed is refused.
"$bin" play --sandbox off --quiet --seed 5 $limits --ruleset "$top/examples/rulesets/sabotaged-dwarf.yaml" \
    --replay "$tmp/carried.sabr.gz" --log-dir "$tmp/carried" \
    "$bad good $tag" "$bad good $tag" "$bad good $tag" >/dev/null 2>&1
(cd / && "$bin" verify --quiet "$tmp/carried.sabr.gz") >"$tmp/carried.out" 2>&1 &&
    ok || { no "a replay of a ruleset file does not verify without the file"
	sed 's/^/  | /' "$tmp/carried.out"; }
zcat "$tmp/carried.sabr.gz" |
    sed 's/^rules   sabotaged_dwarf: true$/rules   sabotaged_dwarf: false/' |
    gzip >"$tmp/recarried.sabr.gz"
if zcat "$tmp/recarried.sabr.gz" | cmp -s - "$tmp/carried.sabr.gz"; then
	no "the test could not change the carried ruleset"
else
	bad_replay recarried "the ruleset the replay carries (hash [0-9a-f]*) is not the one its header names"
fi

# Every seat's transcript of a seeded 5-player match: no secret leaks.
"$bin" play --sandbox off --quiet --seed 12 --games 2 $limits --transcripts \
    --log-dir "$tmp/tr" \
    "$bad good $tag" "$bad good $tag" "$bad notes $tag" "$bad good $tag" \
    "$bad good $tag" >"$tmp/tr.out" 2>&1
python3 "$here/check_transcripts.py" "$tmp/tr"/*.transcript &&
    ok || no "transcripts leak secrets"
grep -q -- "-> note thinking" "$tmp/tr"/3-*.transcript && ok ||
    no "notes are not in the transcript"
grep -q -- "<- note" "$tmp/tr"/*.transcript && no "a note was forwarded" || ok

# The same seed gives the same games.
"$bin" play --sandbox off --quiet --seed 12 --games 2 $limits --log-dir "$tmp/tr2" \
    "$bad good $tag" "$bad good $tag" "$bad notes $tag" "$bad good $tag" \
    "$bad good $tag" >"$tmp/tr2.out" 2>&1
a=$(grep -v "referee:" "$tmp/tr.out" | awk '{print $1,$2,$3}')
b=$(grep -v "referee:" "$tmp/tr2.out" | awk '{print $1,$2,$3}')
[ "$a" = "$b" ] && ok || no "the same seed gave different results"

# Bots named in a configuration, with their own folder and environment.
mkdir -p "$tmp/cfgdir"
cat >"$tmp/bots.yaml" <<YAML
bots:
  env-bot:
    command: sh -c 'echo "cwd=\$(pwd) v=\$E2E_V" >&2; exec $bad notes $tag'
    cwd: $tmp/cfgdir
    env: {E2E_V: "from config"}
YAML
"$bin" play --sandbox off --quiet --seed 2 $limits --config "$tmp/bots.yaml" \
    --log-dir "$tmp/cfg" \
    env-bot "$bad good $tag" env-bot >"$tmp/cfg.out" 2>&1
[ $? = 0 ] && ok || no "config: exit $?"
grep -q "cwd=$tmp/cfgdir v=from config" "$tmp/cfg"/1-*.stderr && ok ||
    no "config: the bot did not get its folder and environment"
leftovers config

# The referee is not dumpable: a bot of its user can neither open its
# memory nor read its environment, and the kernel shows it by giving the
# referee's /proc/PID/mem to root.  Root reads any process's memory
# (CAP_SYS_PTRACE), so as root the match is played as nobody, with copies
# of the program and the bot in a folder of nobody's: the checkout may be
# where nobody cannot go (a 0700 home or mktemp -d folder).
spy=$(mktemp -d)
cp "$bin" "$spy/saboteur"
cp "$here/bots/badbot.py" "$spy/badbot.py"
spybad="python3 $(q "$spy/badbot.py")"
spy_as=""
why=
if [ "$(id -u)" = 0 ]; then
	if ! nobody=$(id -u nobody 2>/dev/null); then
		why="there is no user nobody"
	elif ! command -v setpriv >/dev/null 2>&1; then
		why="setpriv (util-linux) is missing"
	else
		chown -R nobody "$spy"
		spy_as="setpriv --reuid=$nobody --regid=$(id -g nobody) --clear-groups"
		$spy_as test -x "$spy/saboteur" -a -r "$spy/badbot.py" ||
		    { why="nobody cannot run $spy/saboteur"; spy_as=""; }
	fi
fi
if [ -z "$why" ]; then
	$spy_as "$spy/saboteur" play --sandbox off --quiet --seed 7 $limits \
	    --log-dir "$spy/logs" "$spybad good $tag" "$spybad spy $tag" \
	    "$spybad good $tag" >"$tmp/spy.out" 2>&1
	log=$(cat "$spy/logs"/2-*.stderr 2>/dev/null)
	for what in mem environ; do
		echo "$log" | grep -Eq "^spy $what: (EACCES|EPERM)$" && ok ||
		    no "a bot read the referee's $what: $(echo "$log" | grep "spy $what")"
	done
	echo "$log" | grep -Eq "^spy owner: 0 me: [1-9][0-9]*$" && ok ||
	    no "the referee's /proc/PID/mem is not root's: $(echo "$log" | grep owner)"
	leftovers spy
else
	echo "e2e: SKIP the dumpable test, run as root: $why"
fi
rm -rf "$spy"

# No seed on a command line a bot can read: the referee's --seed is hidden
# before the bots start (a bot that reads every /proc/PID/cmdline finds
# neither it nor a game's seed), and the bot did see the referee's.
"$bin" play --sandbox off --seed 2718281828 --games 2 $limits --log-dir "$tmp/cmdl" \
    "$bad good $tag" "$bad cmdlines $tag" "$bad good $tag" >"$tmp/cmdl.out" 2>&1
seeds=$(sed -n 's/^game [0-9]* (seed \([0-9]*\).*/\1/p' "$tmp/cmdl.out")
[ "$(echo $seeds | wc -w)" = 2 ] && ok || no "cmdlines: no game seeds printed"
grep -q "^cmdline [0-9]*: $bin play --sandbox off --seed x* --games 2" "$tmp/cmdl"/2-*.stderr &&
    ok || no "cmdlines: the bot did not see the referee's command line hidden"
for s in 2718281828 $seeds; do
	grep -q "$s" "$tmp/cmdl"/2-*.stderr && no "a bot read seed $s on a command line" || ok
done

# Bad command lines and options are the referee's failures: exit 2.
"$bin" play --sandbox off --log-dir "$tmp/one" "$bad good" >/dev/null 2>&1
[ $? = 2 ] && ok || no "one bot for base: want exit 2"
"$bin" play --sandbox off --log-dir "$tmp/q" "'unclosed" "$bad good" "$bad good" \
    >"$tmp/q.out" 2>&1
[ $? = 2 ] && grep -q "a quote is not closed" "$tmp/q.out" && ok ||
    no "unclosed quote: want exit 2 and the reason"
leftovers options

# deal REPLAY: the hidden state of its first round, just after the deal
# (deck, hands, roles, goal cards, gold cards).
deal() {
	zcat "$1" | awk '/^round 1$/ { on = 1 } on && /^ev / { exit } on'
}

# same_exports A B WHAT: every seat of replays A and B received the same
# lines (export), so the deal, the seeds and every move were the same.
same_exports() {
	for s in 0 1 2; do
		"$bin" export --as $s "$1" >"$tmp/x1" 2>&1
		"$bin" export --as $s "$2" >"$tmp/x2" 2>&1
		if cmp -s "$tmp/x1" "$tmp/x2"; then
			ok
		else
			no "$3: seat $s received other lines"
			diff "$tmp/x1" "$tmp/x2" | head -5 | sed 's/^/  | /'
		fi
	done
}

# Playing one game again (saboteur(1)): a match of the example bots (the
# random ones seed themselves with the protocol's "seed" line), a seed past
# 2^63, a time control no machine is slow enough to touch.
play_again() {
	ag="--sandbox off --quiet --move-ms 60000 --bank-ms 600000"
	# Not --quiet: the games' seeds are printed.
	"$bin" play --sandbox off --move-ms 60000 --bank-ms 600000 --seed 15178329099753204437 --games 2 \
	    --log-dir "$tmp/ag" --replay "$tmp/ag-%d.sabr.gz" \
	    "$qex/heuristic-bot $tag" "$qex/random-bot $tag" \
	    "$qex/random-bot $tag" >"$tmp/ag.out" 2>&1
	[ $? = 0 ] && [ -f "$tmp/ag-2.sabr.gz" ] && ok ||
	    { no "again: the match with a seed past 2^63"; sed 's/^/  | /' "$tmp/ag.out"; }
	# Seats that asked for "seed" got one, right after "game".
	"$bin" export --as 1 "$tmp/ag-2.sabr.gz" | sed -n 3p |
	    grep -Eq '^seed [0-9]+$' && ok || no "again: no seed line after game"
	deal "$tmp/ag-1.sabr.gz" >"$tmp/d1"
	deal "$tmp/ag-2.sabr.gz" >"$tmp/d2"
	[ -s "$tmp/d2" ] && ! cmp -s "$tmp/d1" "$tmp/d2" && ok ||
	    no "again: two games of the match have the same deal"
	# The recorded seeds are checked: one changed, one missing, one for a
	# seat that did not ask (its hello without the feature).
	zcat "$tmp/ag-2.sabr.gz" | sed 's/^seatseed 1 [0-9]*$/seatseed 1 12345/' |
	    gzip >"$tmp/seed-changed.sabr.gz"
	bad_replay seed-changed "seat 1's seed is 12345, but the game's seed gives it"
	zcat "$tmp/ag-2.sabr.gz" | sed '/^seatseed 2 /d' |
	    gzip >"$tmp/seed-missing.sabr.gz"
	bad_replay seed-missing "seat 2 asked for feature \"seed\" but the header records no seed"
	zcat "$tmp/ag-2.sabr.gz" | sed 's/^\(hello 0 bot [a-z]* moves\) seed\( .*\)\{0,1\}$/\1\2/' |
	    gzip >"$tmp/seed-unasked.sabr.gz"
	bad_replay seed-unasked "the header records a seed for seat 0, which did not ask"
	# In a file older than 1.3 a bot that listed "seed" was sent none: such
	# a file verifies, and its export has no seed line.
	zcat "$tmp/ag-2.sabr.gz" | sed '1s/^sabr 1.5$/sabr 1.2/; /^seatseed /d' |
	    gzip >"$tmp/seed-old.sabr.gz"
	"$bin" verify --quiet "$tmp/seed-old.sabr.gz" >/dev/null 2>&1 &&
	    ! "$bin" export --as 1 "$tmp/seed-old.sabr.gz" | grep -q '^seed ' &&
	    ok || no "again: a 1.2 file with a bot that asked for seed"
	# --again with the replay's own bots: the same game, move for move.
	"$bin" play $ag --again "$tmp/ag-2.sabr.gz" --log-dir "$tmp/ag" \
	    --replay "$tmp/same.sabr.gz" >"$tmp/same.out" 2>&1
	[ $? = 0 ] && ok || { no "again: exit $?"; sed 's/^/  | /' "$tmp/same.out"; }
	"$bin" verify --quiet "$tmp/same.sabr.gz" >/dev/null 2>&1 && ok ||
	    no "again: the replay of the game played again does not verify"
	same_exports "$tmp/ag-2.sabr.gz" "$tmp/same.sabr.gz" "again, same bots"
	# With another bot in seat 2 (it was the heuristic one): the same deal.
	"$bin" play $ag --again "$tmp/ag-2.sabr.gz" --log-dir "$tmp/ag" \
	    --replay "$tmp/other.sabr.gz" "$qex/random-bot $tag" \
	    "$qex/random-bot $tag" "$qex/random-bot $tag" >"$tmp/other.out" 2>&1
	deal "$tmp/other.sabr.gz" >"$tmp/d3"
	cmp -s "$tmp/d2" "$tmp/d3" && ok || no "again: another bot got another deal"
	zcat "$tmp/other.sabr.gz" | grep -q "^seat 2 random " && ok ||
	    no "again: the bot named did not sit in seat 2"
	# --game-seed with the seed printed for game 2: the same deal.
	gs=$(sed -n 's/^game 2 (seed \([0-9]*\).*/\1/p' "$tmp/ag.out")
	"$bin" play $ag --game-seed "$gs" --log-dir "$tmp/ag" \
	    --replay "$tmp/gs.sabr.gz" "$qex/random-bot $tag" \
	    "$qex/random-bot $tag" "$qex/heuristic-bot $tag" >"$tmp/gs.out" 2>&1
	deal "$tmp/gs.sabr.gz" >"$tmp/d4"
	[ -n "$gs" ] && cmp -s "$tmp/d2" "$tmp/d4" && ok ||
	    no "again: --game-seed $gs did not deal game 2's cards"
	# Without --seed the match's seed is printed first, and plays it again.
	"$bin" play --sandbox off --log-dir "$tmp/ag" "$qex/random-bot $tag" \
	    "$qex/random-bot $tag" "$qex/random-bot $tag" >"$tmp/rs1.out" 2>&1
	ms=$(sed -n '1s/^match seed \([0-9]*\) (at random; --seed \1 plays this match again)$/\1/p' \
	    "$tmp/rs1.out")
	"$bin" play --sandbox off --seed "${ms:-0}" --log-dir "$tmp/ag" \
	    "$qex/random-bot $tag" "$qex/random-bot $tag" "$qex/random-bot $tag" \
	    >"$tmp/rs2.out" 2>&1
	g1=$(grep "^game 1 (seed" "$tmp/rs1.out")
	[ -n "$ms" ] && [ -n "$g1" ] && [ "$g1" = "$(grep "^game 1 (seed" "$tmp/rs2.out")" ] &&
	    ok || { no "again: the random match seed was not printed, or not the match's"
		head -3 "$tmp/rs1.out" | sed 's/^/  | /'; }
	leftovers again
}

# Saboteur 2 with six C example bots: the replay verifies, every seat's
# export is exactly what its bot received, and no transcript shows another
# seat's secret (check_transcripts.py): the cards of a pass of several,
# an inspection's role (the inspector alone), a new dwarf card, a swapped
# hand, a theft's choice.  The match met each of them, and a transcript
# with one planted fails the check.
sab2_secrets() {
	d=$tmp/sab2
	r="$qex/random-bot $tag" h="$qex/heuristic-bot $tag"
	"$bin" play --sandbox off --quiet --ruleset saboteur2 --seed 7 $limits \
	    --transcripts --log-dir "$d" --replay "$d/g.sabr.gz" \
	    "$r" "$h" "$r" "$h" "$r" "$h" >"$tmp/sab2.out" 2>&1 &&
	    "$bin" verify --quiet "$d/g.sabr.gz" >/dev/null 2>&1 && ok ||
	    { no "saboteur2: the match or its replay"; sed 's/^/  | /' "$tmp/sab2.out"; }
	for k in 1 2 3 4 5 6; do
		received "$(ls "$d/$k"-*.transcript)" >"$tmp/sab2.want"
		"$bin" export --as $((k - 1)) "$d/g.sabr.gz" >"$tmp/sab2.export" 2>&1
		cmp -s "$tmp/sab2.want" "$tmp/sab2.export" && ok ||
		    no "saboteur2: export --as $((k - 1)) differs from what bot $k received"
	done
	python3 "$here/check_transcripts.py" "$d"/*.transcript && ok ||
	    no "saboteur2 transcripts leak secrets"
	cat "$d"/*.transcript >"$tmp/sab2.all"
	for secret in "<- discarded [0-9]+ - - -" "<- hand " "<- victims " \
	    "<- role [0-9]+ [a-z-]+\$" "-> play inspection " \
	    "-> play change-hats "; do
		grep -Eq -- "$secret" "$tmp/sab2.all" && ok ||
		    no "saboteur2: no \"$secret\" in the transcripts"
	done
	# Planted: another seat's discarded card, another seat's role.
	t=$(ls "$d"/1-*.transcript)
	sed '0,/<- discarded [1-5] - /s/<- discarded \([1-5]\) - /<- discarded \1 map /' \
	    "$t" >"$tmp/planted1.transcript"
	sed '0,/<- turn /s/<- turn /<- role 3 saboteur\n&/' "$t" \
	    >"$tmp/planted2.transcript"
	for p in planted1 planted2; do
		if cmp -s "$t" "$tmp/$p.transcript"; then
			no "saboteur2: nothing planted in $p"
		elif python3 "$here/check_transcripts.py" "$tmp/$p.transcript" \
		    >/dev/null; then
			no "saboteur2: check_transcripts.py misses $p"
		else
			ok
		fi
	done
	leftovers saboteur2
}

# The World Championship's cards (base-wc) with two test bots that ask for
# "react" (seat 2 vetoes when it can), the C heuristic bot, which asks too
# (and for "react-at-once"), and two C random bots, which do not: the
# replay verifies, every seat's export is exactly what its bot received,
# only the bots that asked hear "react" lines (the others are allowed for
# by rule, never asked), and no transcript shows a secret.  The same file
# called 1.3, when every seat was asked, does not verify; a match where
# every bot asks and none vetoes (so no veto is ever spent and the seats are
# asked at every card, as before 1.7) verifies as 1.3 too, with the same
# exports.
# The mini expansions: the example bots (the C ones with BOTLIB_CHECK, the
# helpers' state bots) in base-minis and saboteur2-minis, which hold every
# mini expansion, every decision answered legally by the bot itself,
# nothing on any stderr; a dwarf put in play, a toll paid, a postcard
# reached, chests laid and opened, a chest's choice answered, goals reached
# at once and the first chosen, a goal pushed (a push-goal chest's choice,
# in the two built-ins); the replay verifies, each seat's export is what its
# bot received, and no transcript shows another seat's secret (a planted
# one is caught).  The same with the special cards too (the
# ruleset file base-wc-minis: every module of the base box at once), where
# the C bots, which read a file ruleset as base and so cannot check their
# table against the special cards, play without BOTLIB_CHECK; special cards
# played besides.  Then each mini expansion alone, by its example ruleset
# file, with the C bots.
minis_matches() {
	mpy="python3 $qtop/tests/bots/state_bot.py $tag"
	mjs="$mpy"
	[ -n "$js" ] && mjs="node $qtop/tests/bots/state_bot.js $tag"
	h="$qex/heuristic-bot $tag" r="$qex/random-bot $tag"
	"$bin" play --sandbox off --quiet --ruleset base-minis --seed 106 $limits \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/minis-base-minis" \
	    --replay "$tmp/minis-base-minis/g.sabr.gz" "$h" "$mpy" "$r" "$mjs" \
	    "$h" >"$tmp/minis-base-minis.out" 2>&1
	"$bin" play --sandbox off --quiet --ruleset saboteur2-minis --seed 120 \
	    $limits --bot-env BOTLIB_CHECK=1 --transcripts \
	    --log-dir "$tmp/minis-saboteur2-minis" \
	    --replay "$tmp/minis-saboteur2-minis/g.sabr.gz" "$h" "$mpy" "$r" \
	    "$mjs" "$h" "$r" >"$tmp/minis-saboteur2-minis.out" 2>&1
	"$bin" play --sandbox off --quiet --seed 20 $limits \
	    --ruleset "$here/fixtures/rulesets/base-wc-minis.yaml" --transcripts \
	    --log-dir "$tmp/minis-base-wc-minis" \
	    --replay "$tmp/minis-base-wc-minis/g.sabr.gz" "$h" "$mpy" "$r" \
	    "$mjs" "$h" >"$tmp/minis-base-wc-minis.out" 2>&1
	for spec in "base-minis 5" "saboteur2-minis 6" "base-wc-minis 5"; do
		set -- $spec
		name=$1 n=$2 d=$tmp/minis-$1
		k=$(awk '$1 ~ /^[1-9]:[^:]*$/ && NF >= 8 && $4 == "ok" &&
		    $7 == 0 && $8 == 0' "$d.out" | wc -l)
		[ "$k" = "$n" ] && ok || { no "$name example bots"
			sed 's/^/  | /' "$d.out"; }
		# A file ruleset is read as base by the C bots, which say so.
		cat "$d"/*.stderr 2>/dev/null | grep -v "is not built in" >"$d.err"
		[ -s "$d.err" ] && { no "$name: a bot's state drifted"
			head -3 "$d.err" | sed 's/^/  | /'; } || ok
		cat "$d"/*.transcript >"$d.all"
		for want in "-> dwarf " "<- toll " "<- postcard " \
		    "<- laid 4 -2 costume-NESW 0" "<- chest " "<- opened " \
		    "<- chestchoice " "-> choose " "<- goals " "-> reveal "; do
			grep -q -- "$want" "$d.all" && ok ||
			    no "$name: no \"$want\" (its seed no longer has one)"
		done
		[ "$name" != base-wc-minis ] && for want in "-> push " \
		    "<- pushed "; do
			grep -q -- "$want" "$d.all" && ok ||
			    no "$name: no \"$want\" (its seed no longer has one)"
		done
		[ "$name" = base-wc-minis ] && for want in "-> play goal-swap " \
		    "-> play diversion " "-> play change-direction" \
		    "-> play treasure-trove"; do
			grep -q -- "$want" "$d.all" && ok ||
			    no "$name: no \"$want\" (its seed no longer has one)"
		done
		"$bin" verify --quiet "$d/g.sabr.gz" >"$d.verify" 2>&1 && ok ||
		    { no "$name: the replay does not verify"
			sed 's/^/  | /' "$d.verify"; }
		for k in $(seq 1 "$n"); do
			received "$(ls "$d/$k"-*.transcript)" >"$d.want"
			"$bin" export --as $((k - 1)) "$d/g.sabr.gz" >"$d.export" 2>&1
			cmp -s "$d.want" "$d.export" && ok ||
			    no "$name: export --as $((k - 1)) differs from what bot $k received"
		done
		python3 "$here/check_transcripts.py" "$d"/*.transcript && ok ||
		    no "$name transcripts leak secrets"
		leftovers "$name"
	done
	# Planted: another seat's card discarded for a dwarf; a public gold
	# line outside a round's setup.
	t=$(ls "$tmp/minis-base-minis"/1-*.transcript)
	sed '0,/<- discarded [1-4] - *$/s/<- discarded \([1-4]\) - *$/<- discarded \1 map/' \
	    "$t" >"$tmp/planted3.transcript"
	sed '0,/<- toll /s/<- toll /<- gold 2 1\n&/' "$t" >"$tmp/planted4.transcript"
	for p in planted3 planted4; do
		if cmp -s "$t" "$tmp/$p.transcript"; then
			no "minis: nothing planted in $p"
		elif python3 "$here/check_transcripts.py" "$tmp/$p.transcript" \
		    >/dev/null; then
			no "minis: check_transcripts.py misses $p"
		else
			ok
		fi
	done
	for f in tunnel-toll costume-department tunnel-party; do
		d=$tmp/alone-$f
		"$bin" play --sandbox off --quiet --seed 3 $limits \
		    --ruleset "$top/examples/rulesets/$f.yaml" \
		    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$d" \
		    --replay "$d.sabr.gz" "$qex/heuristic-bot $tag" \
		    "$qex/random-bot $tag" "$qex/heuristic-bot $tag" \
		    "$qex/random-bot $tag" "$qex/heuristic-bot $tag" >"$d.out" 2>&1
		k=$(awk '$1 ~ /^[1-9]:[^:]*$/ && NF >= 8 && $4 == "ok" &&
		    $7 == 0 && $8 == 0' "$d.out" | wc -l)
		[ "$k" = 5 ] && ok || { no "$f alone"; sed 's/^/  | /' "$d.out"; }
		# A file ruleset is read as base by the C bots, which say so.
		cat "$d"/*.stderr 2>/dev/null | grep -v "is not built in" >"$d.err"
		[ -s "$d.err" ] && { no "$f: a bot's state drifted"
			head -3 "$d.err" | sed 's/^/  | /'; } || ok
		case $f in
		tunnel-toll) want="<- toll " ;;
		*) want="<- postcard " ;;
		esac
		grep -q -- "$want" "$d"/1-*.transcript && ok ||
		    no "$f: no \"$want\" (seed 3 no longer has one)"
		"$bin" verify --quiet "$d.sabr.gz" >/dev/null 2>&1 && ok ||
		    no "$f: the replay does not verify"
		leftovers "alone-$f"
	done
}

wc_react() {
	d=$tmp/wc
	react="python3 $qhere/bots/react_bot.py"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 2 $limits \
	    --transcripts --log-dir "$d" --replay "$d/g.sabr.gz" \
	    "$react $tag" "$qex/random-bot $tag" "$react veto $tag" \
	    "$qex/heuristic-bot $tag" "$qex/random-bot $tag" >"$tmp/wc.out" 2>&1 &&
	    "$bin" verify --quiet "$d/g.sabr.gz" >/dev/null 2>&1 && ok ||
	    { no "base-wc: the match or its replay"; sed 's/^/  | /' "$tmp/wc.out"; }
	for k in 1 2 3 4 5; do
		received "$(ls "$d/$k"-*.transcript)" >"$tmp/wc.want$k"
		"$bin" export --as $((k - 1)) "$d/g.sabr.gz" >"$tmp/wc.export" 2>&1
		cmp -s "$tmp/wc.want$k" "$tmp/wc.export" && ok ||
		    no "base-wc: export --as $((k - 1)) differs from what bot $k received"
	done
	for k in 1 3 4; do
		grep -q '^react ' "$tmp/wc.want$k" && ok ||
		    no "base-wc: bot $k asked for react and was never asked"
	done
	for k in 2 5; do
		grep -q '^react ' "$tmp/wc.want$k" &&
		    no "base-wc: bot $k did not ask for react but got a react line" ||
		    ok
	done
	grep -q '^vetoed 2 ' "$tmp/wc.want1" && ok ||
	    no "base-wc: seat 2 never vetoed (seed 2 no longer does)"
	python3 "$here/check_transcripts.py" "$d"/*.transcript && ok ||
	    no "base-wc transcripts leak secrets"
	zcat "$d/g.sabr.gz" | sed '1s/^sabr 1\.[5-8]$/sabr 1.3/' |
	    gzip >"$tmp/wc-old.sabr.gz"
	bad_replay wc-old "seat 1 was played for after 0 refused replies"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 2 $limits \
	    --transcripts --log-dir "$d/all" --replay "$d/all.sabr.gz" \
	    "$react $tag" "$react $tag" "$react $tag" >"$tmp/wc.out" 2>&1 || no "base-wc: all asking"
	[ "$(zcat "$d/all.sabr.gz" | head -1)" = "sabr 1.7" ] && ok ||
	    no "base-wc: all asking: the replay is not of version 1.7"
	zcat "$d/all.sabr.gz" | sed '1s/^sabr 1\.7$/sabr 1.3/' |
	    gzip >"$tmp/wc-all-old.sabr.gz"
	"$bin" verify --quiet "$tmp/wc-all-old.sabr.gz" >/dev/null 2>&1 && ok ||
	    no "base-wc: a 1.3 file where every seat asked does not verify"
	for k in 1 2 3; do
		"$bin" export --as $((k - 1)) "$d/all.sabr.gz" >"$tmp/wc.new" 2>&1
		"$bin" export --as $((k - 1)) "$tmp/wc-all-old.sabr.gz" >"$tmp/wc.old" 2>&1
		received "$(ls "$d/all/$k"-*.transcript)" >"$tmp/wc.want"
		cmp -s "$tmp/wc.new" "$tmp/wc.want" && cmp -s "$tmp/wc.old" "$tmp/wc.want" &&
		    ok || no "base-wc: all asking: export --as $((k - 1)) as 1.4 or 1.3"
	done
	leftovers base-wc
}

# Seats asked at once ("react-at-once"): the test bot at seats 0 (it
# vetoes when it can) and 2 (its first answer to each reaction request is
# a line no rule reads), the C random bot asking for both at seats 1 and 4,
# and the test bot asking for "react" alone at seat 3.  The replay (1.7)
# verifies, with answers a veto made void (seed 1 has two); every seat's
# export is exactly what its bot received; only the seats that asked hear
# "react" lines; no transcript shows a secret.  Called 1.6 or 1.5, the same
# file does not verify: once the round's veto was played no seat was asked
# to react (1.7), where the earlier referees asked them all.  A bot too
# slow for its window's request is out of the game, and the replay says so
# and verifies.
wc_at_once() {
	d=$tmp/wc1
	q="python3 $qhere/bots/react_bot.py"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 1 $limits \
	    --transcripts --log-dir "$d" --replay "$d/g.sabr.gz" \
	    "$q at-once veto $tag" "$qex/random-bot --react-each $tag" \
	    "$q at-once garbage $tag" "$q veto $tag" \
	    "$qex/random-bot --react-each $tag" >"$tmp/wc1.out" 2>&1 &&
	    "$bin" verify --quiet "$d/g.sabr.gz" >/dev/null 2>&1 && ok ||
	    { no "base-wc at once: the match or its replay"
		sed 's/^/  | /' "$tmp/wc1.out"; }
	[ "$(zcat "$d/g.sabr.gz" | head -1)" = "sabr 1.7" ] && ok ||
	    no "base-wc at once: the replay is not of version 1.7"
	zcat "$d/g.sabr.gz" | grep -q '^void ' && ok ||
	    no "base-wc at once: no void answer (seed 1 no longer has one)"
	for v in 1.6 1.5; do
		zcat "$d/g.sabr.gz" | sed "1s/^sabr 1\\.7\$/sabr $v/" |
		    gzip >"$tmp/wc1-old.sabr.gz"
		bad_replay wc1-old "was played for after 0 refused replies"
	done
	for k in 1 2 3 4 5; do
		received "$(ls "$d/$k"-*.transcript)" >"$tmp/wc1.want$k"
		"$bin" export --as $((k - 1)) "$d/g.sabr.gz" >"$tmp/wc1.export" 2>&1
		cmp -s "$tmp/wc1.want$k" "$tmp/wc1.export" && ok ||
		    no "base-wc at once: export --as $((k - 1)) differs from what bot $k received"
	done
	grep -q '^illegal ' "$tmp/wc1.want3" && ok ||
	    no "base-wc at once: seat 2's garbage was never refused"
	python3 "$here/check_transcripts.py" "$d"/*.transcript && ok ||
	    no "base-wc at once: the transcripts leak secrets"
	# The limit is what is tested: the slow bot, alone under it, never
	# answers; the others keep the generous clock.
	printf 'bots:\n  slow:\n    command: "%s at-once slow %s"\n    move-ms: 300\n    bank-ms: 0\n' \
	    "$q" "$tag" >"$tmp/wc1-slow.yaml"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 4 $limits \
	    --config "$tmp/wc1-slow.yaml" --transcripts --log-dir "$d/slow" \
	    --replay "$d/slow.sabr.gz" slow \
	    "$qex/random-bot --react-each $tag" "$q at-once veto $tag" \
	    "$q at-once $tag" "$qex/random-bot --react-each $tag" \
	    >"$tmp/wc1.out" 2>&1 &&
	    "$bin" verify --quiet "$d/slow.sabr.gz" >/dev/null 2>&1 && ok ||
	    { no "base-wc at once: a slow bot's match or its replay"
		sed 's/^/  | /' "$tmp/wc1.out"; }
	zcat "$d/slow.sabr.gz" | grep -q '^status 0 timeout ' && ok ||
	    no "base-wc at once: the slow bot did not time out"
	for k in 1 2 3 4 5; do
		received "$(ls "$d/slow/$k"-*.transcript)" >"$tmp/wc1.want"
		"$bin" export --as $((k - 1)) "$d/slow.sabr.gz" >"$tmp/wc1.export" 2>&1
		cmp -s "$tmp/wc1.want" "$tmp/wc1.export" && ok ||
		    no "base-wc at once, slow: export --as $((k - 1)) differs"
	done
	leftovers base-wc-at-once
}

# Standing allows ("react-standing"): the test bot asking for it at seats
# 0 (it vetoes when it can, else allows standing) and 2 (asked at once
# too), the C random bot (which allows standing when it holds no veto) at
# seats 1 and 4, and at seat 3 the test bot answering "allow standing"
# without asking for the feature, which the referee refuses.  The replay
# (1.8) verifies; every seat's export is what its bot received; no
# transcript shows a secret.  A standing allow struck from the file (the
# seat would have been asked again), or the file called 1.7 (before the
# feature), does not verify.
wc_standing() {
	d=$tmp/wcs
	q="python3 $qhere/bots/react_bot.py"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 1 $limits \
	    --transcripts --log-dir "$d" --replay "$d/g.sabr.gz" \
	    "$q standing veto $tag" "$qex/random-bot --react $tag" \
	    "$q at-once standing $tag" "$q fake-standing $tag" \
	    "$qex/random-bot --react $tag" >"$tmp/wcs.out" 2>&1 &&
	    "$bin" verify --quiet "$d/g.sabr.gz" >/dev/null 2>&1 && ok ||
	    { no "base-wc standing: the match or its replay"
		sed 's/^/  | /' "$tmp/wcs.out"; }
	[ "$(zcat "$d/g.sabr.gz" | head -1)" = "sabr 1.8" ] && ok ||
	    no "base-wc standing: the replay is not of version 1.8"
	for k in 0 1 2 4; do
		zcat "$d/g.sabr.gz" | grep -q "^bot $k .* allow standing\$" && ok ||
		    no "base-wc standing: seat $k never allowed standing"
	done
	for k in 1 2 3 4 5; do
		received "$(ls "$d/$k"-*.transcript)" >"$tmp/wcs.want$k"
		"$bin" export --as $((k - 1)) "$d/g.sabr.gz" >"$tmp/wcs.export" 2>&1
		cmp -s "$tmp/wcs.want$k" "$tmp/wcs.export" && ok ||
		    no "base-wc standing: export --as $((k - 1)) differs from what bot $k received"
	done
	grep -q '^illegal 2 .*allow' "$tmp/wcs.want4" && ok ||
	    no "base-wc standing: seat 3's standing allow, not asked for, was not refused"
	python3 "$here/check_transcripts.py" "$d"/*.transcript && ok ||
	    no "base-wc standing: the transcripts leak secrets"
	zcat "$d/g.sabr.gz" |
	    awk '!done && /^bot 0 .* allow standing$/ { sub(/ allow standing$/, " allow"); done = 1 } { print }' |
	    gzip >"$tmp/wcs-struck.sabr.gz"
	bad_replay wcs-struck "seat 0 was played for after 0 refused replies"
	zcat "$d/g.sabr.gz" | sed '1s/^sabr 1\.8$/sabr 1.7/' |
	    gzip >"$tmp/wcs-old.sabr.gz"
	bad_replay wcs-old "was played for after 1 refused replies"
	leftovers base-wc-standing
}

# The example bots, when they are built, play a match to the end.
if [ -x "$ex/random-bot" ] && [ -x "$ex/heuristic-bot" ]; then
	"$bin" play --sandbox off --quiet --seed 5 --games 3 $limits --log-dir "$tmp/ex" \
	    "$qex/heuristic-bot $tag" "$qex/random-bot $tag" \
	    "$qex/random-bot $tag" "$qex/random-bot $tag" "$qex/random-bot $tag" \
	    >"$tmp/ex.out" 2>&1
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $8 == 0' \
	    "$tmp/ex.out" | wc -l)
	[ "$n" = 5 ] && ok || { no "C example bots"; sed 's/^/  | /' "$tmp/ex.out"; }
	leftovers examples
	# Saboteur 2: one 6-seat game of the C bots (seed 4 has every new
	# line: discards of several cards, removed, hand after swap hands,
	# victims answered with steal, the action cards), with BOTLIB_CHECK
	# set: every bot plays every decision itself and legally, the table
	# botlib keeps never disallows a legal move (nothing on stderr), the
	# replay verifies and each seat's export is what its bot received.
	six="$qex/heuristic-bot $tag|$qex/random-bot $tag"
	"$bin" play --sandbox off --quiet --ruleset saboteur2 --seed 4 $limits \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/s2" \
	    --replay "$tmp/s2.sabr.gz" "${six%|*}" "${six#*|}" "${six%|*}" \
	    "${six#*|}" "${six%|*}" "${six#*|}" >"$tmp/s2.out" 2>&1
	n=$(awk '$1 ~ /^[1-6]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/s2.out" | wc -l)
	[ "$n" = 6 ] && ok || { no "saboteur2 C bots"; sed 's/^/  | /' "$tmp/s2.out"; }
	cat "$tmp/s2"/*.stderr 2>/dev/null >"$tmp/s2.err"
	[ -s "$tmp/s2.err" ] && { no "saboteur2: botlib's table drifted"
		head -3 "$tmp/s2.err" | sed 's/^/  | /'; } || ok
	grep -q -- '-> steal ' "$tmp/s2"/*.transcript && ok ||
	    no "saboteur2: no bot was asked whom to rob (seed 4 no longer does)"
	"$bin" verify --quiet "$tmp/s2.sabr.gz" >"$tmp/s2.verify" 2>&1 && ok ||
	    { no "saboteur2: the replay does not verify"; sed 's/^/  | /' "$tmp/s2.verify"; }
	for k in 1 2 3 4 5 6; do
		t=$(ls "$tmp/s2/$k"-*.transcript 2>/dev/null | head -1)
		[ -n "$t" ] || { no "saboteur2: no transcript for bot $k"; continue; }
		"$bin" export --as $((k - 1)) "$tmp/s2.sabr.gz" >"$tmp/s2.export" 2>&1
		received "$t" >"$tmp/s2.want"
		cmp -s "$tmp/s2.want" "$tmp/s2.export" && ok ||
		    no "saboteur2: export --as $((k - 1)) differs from what bot $k received"
	done
	leftovers saboteur2-examples
	# Every example bot, in every language this machine has, in one match.
	js=""
	command -v node >/dev/null 2>&1 && js="node $qtop/examples/js/random_bot.js $tag"
	"$bin" play --sandbox off --quiet --seed 6 --games 2 $limits --log-dir "$tmp/all" \
	    "$qex/heuristic-bot $tag" "$qex/random-bot $tag" \
	    "python3 $qtop/examples/python/random_bot.py $tag" \
	    ${js:+"$js"} >"$tmp/all.out" 2>&1
	[ -n "$js" ] && want=4 || want=3
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $8 == 0' \
	    "$tmp/all.out" | wc -l)
	[ "$n" = "$want" ] && ok || { no "all example bots"; sed 's/^/  | /' "$tmp/all.out"; }
	leftovers all-examples
	# The same under saboteur2 (passes of several cards, removes, thefts
	# and their steals), with the bots that check the Python and
	# JavaScript helpers' state at every decision: no illegal reply, no
	# default, no failure; and each of those two was asked whom to rob.
	"$bin" play --sandbox off --quiet --ruleset saboteur2 --seed 1 --games 2 \
	    $limits --transcripts --log-dir "$tmp/all2" \
	    "$qex/heuristic-bot $tag" "$qex/random-bot $tag" \
	    "python3 $qtop/examples/python/random_bot.py $tag" \
	    "python3 $qtop/tests/bots/state_bot.py $tag" \
	    ${js:+"$js"} ${js:+"node $qtop/tests/bots/state_bot.js $tag"} \
	    >"$tmp/all2.out" 2>&1
	[ -n "$js" ] && want=6 || want=4
	n=$(awk '$1 ~ /^[1-6]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/all2.out" | wc -l)
	[ "$n" = "$want" ] && ok ||
	    { no "all example bots in saboteur2"; sed 's/^/  | /' "$tmp/all2.out"; }
	grep -q -- '-> steal ' "$tmp/all2"/4-*.transcript && ok ||
	    no "saboteur2: the Python state bot never stole (seed 1 no longer asks)"
	[ -z "$js" ] || grep -q -- '-> steal ' "$tmp/all2"/6-*.transcript && ok ||
	    no "saboteur2: the JavaScript state bot never stole (seed 1 no longer asks)"
	leftovers all-examples-saboteur2
	# New Goals (examples/rulesets/new-goals.yaml, a file botlib reads
	# as base, learning the goal cards from their tokens): the C bots
	# under BOTLIB_CHECK; seed 25 has a card reaching two goals at once
	# (the heuristic bot in seat 2 chooses the order) and a dragon.  The
	# replay verifies, each seat's export is what its bot received, a
	# dragon's payment is hidden from the other seats, and a payment
	# planted in another seat's transcript is caught.
	g5="$qex/heuristic-bot $tag|$qex/random-bot $tag"
	"$bin" play --sandbox off --quiet --seed 25 $limits \
	    --ruleset "$top/examples/rulesets/new-goals.yaml" \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/ng" \
	    --replay "$tmp/ng.sabr.gz" "${g5%|*}" "${g5#*|}" "${g5%|*}" \
	    "${g5#*|}" "${g5%|*}" >"$tmp/ng.out" 2>&1
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/ng.out" | wc -l)
	[ "$n" = 5 ] && ok || { no "new-goals C bots"; sed 's/^/  | /' "$tmp/ng.out"; }
	cat "$tmp/ng"/*.stderr 2>/dev/null | grep -v 'is not built in' >"$tmp/ng.err"
	[ -s "$tmp/ng.err" ] && { no "new-goals: botlib's table drifted"
		head -3 "$tmp/ng.err" | sed 's/^/  | /'; } || ok
	grep -q -- '-> reveal ' "$tmp/ng"/3-*.transcript && ok ||
	    no "new-goals: no bot chose which goal turns first (seed 25 no longer does)"
	grep -q -- '<- paid 2 -' "$tmp/ng"/1-*.transcript && ok ||
	    no "new-goals: no dragon's payment hidden from seat 0 (seed 25 no longer has one)"
	"$bin" verify --quiet "$tmp/ng.sabr.gz" >/dev/null 2>&1 && ok ||
	    no "new-goals: the replay does not verify"
	for k in 1 2 3 4 5; do
		"$bin" export --as $((k - 1)) "$tmp/ng.sabr.gz" >"$tmp/ng.export" 2>&1
		received "$(ls "$tmp/ng/$k"-*.transcript)" >"$tmp/ng.want"
		cmp -s "$tmp/ng.want" "$tmp/ng.export" && ok ||
		    no "new-goals: export --as $((k - 1)) differs from what bot $k received"
	done
	python3 "$here/check_transcripts.py" "$tmp/ng"/*.transcript && ok ||
	    no "new-goals transcripts leak secrets"
	sed '0,/<- paid 2 -/s/<- paid 2 -/<- paid 2 1/' \
	    "$(ls "$tmp/ng"/1-*.transcript)" >"$tmp/ng-planted.transcript"
	python3 "$here/check_transcripts.py" "$tmp/ng-planted.transcript" \
	    >/dev/null 2>&1 && no "new-goals: check_transcripts.py misses a dragon's payment" || ok
	leftovers new-goals
	# Treasure Chests (examples/rulesets/treasure-chests.yaml, read as
	# base by botlib, which learns the chests' cards and module from the
	# lines): the C bots under BOTLIB_CHECK; seed 16 takes a card from a
	# hand (a seat chooses, "grabbed"), looks at a role, offers the
	# shuffled discards, and rockfalls a face-down chest.  The replay
	# verifies, each seat's export is what its bot received, no secret
	# leaks, and a hand planted in a third seat's transcript after a
	# "grabbed" line is caught.
	"$bin" play --sandbox off --quiet --seed 16 $limits \
	    --ruleset "$top/examples/rulesets/treasure-chests.yaml" \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/tc" \
	    --replay "$tmp/tc.sabr.gz" "${g5%|*}" "${g5#*|}" "${g5%|*}" \
	    "${g5#*|}" "${g5%|*}" >"$tmp/tc.out" 2>&1
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/tc.out" | wc -l)
	[ "$n" = 5 ] && ok || { no "treasure-chests C bots"; sed 's/^/  | /' "$tmp/tc.out"; }
	cat "$tmp/tc"/*.stderr 2>/dev/null | grep -v 'is not built in' >"$tmp/tc.err"
	[ -s "$tmp/tc.err" ] && { no "treasure-chests: botlib's table drifted"
		head -3 "$tmp/tc.err" | sed 's/^/  | /'; } || ok
	cat "$tmp/tc"/*.transcript >"$tmp/tc.all"
	for line in "-> choose " "<- grabbed " "<- chestchoice look-role" \
	    "<- opened [0-9]+ -?[0-9]+ -?[0-9]+ [^ ]+ [01] trove" \
	    "<- played [0-9]+ rockfall -?[0-9]+ -?[0-9]+ -\$" "<- peekchest "; do
		grep -Eq -- "$line" "$tmp/tc.all" && ok ||
		    no "treasure-chests: no \"$line\" (seed 16 no longer has it)"
	done
	"$bin" verify --quiet "$tmp/tc.sabr.gz" >/dev/null 2>&1 && ok ||
	    no "treasure-chests: the replay does not verify"
	for k in 1 2 3 4 5; do
		"$bin" export --as $((k - 1)) "$tmp/tc.sabr.gz" >"$tmp/tc.export" 2>&1
		received "$(ls "$tmp/tc/$k"-*.transcript)" >"$tmp/tc.want"
		cmp -s "$tmp/tc.want" "$tmp/tc.export" && ok ||
		    no "treasure-chests: export --as $((k - 1)) differs from what bot $k received"
	done
	python3 "$here/check_transcripts.py" "$tmp/tc"/*.transcript && ok ||
	    no "treasure-chests transcripts leak secrets"
	# Planted: after the first "grabbed A B", a hand in the transcript of
	# a seat that is neither A nor B.
	g=$(grep -h -m1 -- '<- grabbed ' "$tmp/tc.all" | awk '{print $4, $5}')
	for k in 1 2 3 4 5; do
		case " $g " in *" $((k - 1)) "*) continue ;; esac
		sed '0,/<- grabbed /s/\(.*<- grabbed .*\)/\1\n  0.0 x <- hand map/' \
		    "$(ls "$tmp/tc/$k"-*.transcript)" >"$tmp/tc-planted.transcript"
		break
	done
	python3 "$here/check_transcripts.py" "$tmp/tc-planted.transcript" \
	    >/dev/null 2>&1 && no "treasure-chests: check_transcripts.py misses a planted hand" || ok
	leftovers treasure-chests
	# The tenth chest, push-goal: seed 5 pushes face-down goals (a seat
	# chooses among them, "push X Y"; every seat sees "pushed"); botlib
	# follows the goals (BOTLIB_CHECK), the replay verifies, each seat's
	# export is what its bot received, and no secret leaks.
	"$bin" play --sandbox off --quiet --seed 5 $limits \
	    --ruleset "$top/examples/rulesets/treasure-chests.yaml" \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/tp" \
	    --replay "$tmp/tp.sabr.gz" "${g5%|*}" "${g5#*|}" "${g5%|*}" \
	    "${g5#*|}" "${g5%|*}" >"$tmp/tp.out" 2>&1
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/tp.out" | wc -l)
	[ "$n" = 5 ] && ok || { no "push-goal C bots"; sed 's/^/  | /' "$tmp/tp.out"; }
	cat "$tmp/tp"/*.stderr 2>/dev/null | grep -v 'is not built in' >"$tmp/tp.err"
	[ -s "$tmp/tp.err" ] && { no "push-goal: botlib's table drifted"
		head -3 "$tmp/tp.err" | sed 's/^/  | /'; } || ok
	cat "$tmp/tp"/*.transcript >"$tmp/tp.all"
	for line in "<- chestchoice push-goal( -?[0-9]+ -?[0-9]+)+\$" "-> push " \
	    "<- pushed [0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+\$"; do
		grep -Eq -- "$line" "$tmp/tp.all" && ok ||
		    no "push-goal: no \"$line\" (seed 5 no longer has it)"
	done
	"$bin" verify --quiet "$tmp/tp.sabr.gz" >/dev/null 2>&1 && ok ||
	    no "push-goal: the replay does not verify"
	for k in 1 2 3 4 5; do
		"$bin" export --as $((k - 1)) "$tmp/tp.sabr.gz" >"$tmp/tp.export" 2>&1
		received "$(ls "$tmp/tp/$k"-*.transcript)" >"$tmp/tp.want"
		cmp -s "$tmp/tp.want" "$tmp/tp.export" && ok ||
		    no "push-goal: export --as $((k - 1)) differs from what bot $k received"
	done
	python3 "$here/check_transcripts.py" "$tmp/tp"/*.transcript && ok ||
	    no "push-goal transcripts leak secrets"
	# Planted: the taker's choice of goals in another seat's transcript.
	k=$(grep -l -- '<- chestchoice push-goal' "$tmp/tp"/*.transcript | head -1)
	for f in "$tmp/tp"/*.transcript; do
		[ "$f" = "$k" ] && continue
		sed '0,/<- pushed /s/\(.*<- pushed .*\)/\1\n  0.0 x <- chestchoice push-goal 8 0 8 2/' \
		    "$f" >"$tmp/tp-planted.transcript"
		break
	done
	python3 "$here/check_transcripts.py" "$tmp/tp-planted.transcript" \
	    >/dev/null 2>&1 && no "push-goal: check_transcripts.py misses a planted choice" || ok
	leftovers push-goal
	# The Python and JavaScript helpers under Treasure Chests, through
	# the state bots (their state checked against the legal moves at
	# every decision): seed 9 has both state bots choose a player for a
	# chest; seed 15 has the Python one push a goal, seed 10 the
	# JavaScript one (their goal places then follow the "pushed" line).
	for spec in 9:4:choose 9:5:choose 15:4:push 10:5:push; do
		seed=${spec%%:*} k=${spec#*:} word=${k#*:} k=${k%%:*}
		[ "$k" = 5 ] && [ -z "$js" ] && continue
		"$bin" play --sandbox off --quiet --seed "$seed" $limits \
		    --ruleset "$top/examples/rulesets/treasure-chests.yaml" \
		    --transcripts --log-dir "$tmp/tcs$seed" \
		    "python3 $qtop/examples/python/random_bot.py $tag" \
		    "${js:-python3 $qtop/examples/python/random_bot.py $tag}" \
		    "$qex/heuristic-bot $tag" \
		    "python3 $qtop/tests/bots/state_bot.py $tag" \
		    "${js:+node $qtop/tests/bots/state_bot.js $tag}${js:-python3 $qtop/tests/bots/state_bot.py $tag}" \
		    >"$tmp/tcs.out" 2>&1
		n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
		    $8 == 0' "$tmp/tcs.out" | wc -l)
		[ "$n" = 5 ] && ok ||
		    { no "treasure-chests helpers, seed $seed"; sed 's/^/  | /' "$tmp/tcs.out"; }
		grep -q -- "-> $word " "$tmp/tcs$seed/$k"-*.transcript && ok ||
		    no "treasure-chests: state bot $k never answered $word (seed $seed no longer asks)"
		rm -rf "$tmp/tcs$seed"
	done
	leftovers treasure-chests-helpers
	# The variants (issue 13): the tournament at 5 players (seed 8: a
	# greedy dwarf connects the gold and wins a round alone) and at 9,
	# the selfish dwarf and the old mine, each a real match of the C
	# bots under BOTLIB_CHECK (every decision legal and the bot's own,
	# botlib's table never drifts), whose replay verifies and whose
	# exports are what each bot received.
	# RULESET|PLAYERS|SEED (a ruleset's path may hold blanks).
	for v in "tournament|5|8" "tournament|9|1" \
	    "$top/examples/rulesets/selfish-dwarf.yaml|4|2" \
	    "$top/examples/rulesets/old-mine.yaml|4|2"; do
		rs=${v%%|*} np=${v#*|}
		seed=${np#*|} np=${np%%|*}
		name=variant-$(basename "$rs" .yaml)-$np
		set --
		for k in $(seq "$np"); do
			[ $((k % 2)) = 1 ] && b=heuristic-bot || b=random-bot
			set -- "$@" "$qex/$b $tag"
		done
		# shellcheck disable=SC2086
		"$bin" play --sandbox off --quiet --ruleset "$rs" --seed "$seed" \
		    $limits --bot-env BOTLIB_CHECK=1 --transcripts \
		    --log-dir "$tmp/$name" --replay "$tmp/$name.sabr.gz" \
		    "$@" >"$tmp/$name.out" 2>&1
		n=$(awk '$1 ~ /^[1-9]:[^:]*$/ && NF >= 8 && $4 == "ok" &&
		    $7 == 0 && $8 == 0' "$tmp/$name.out" | wc -l)
		[ "$n" = "$np" ] && ok || { no "$name: C bots"; sed 's/^/  | /' "$tmp/$name.out"; }
		# A ruleset file is read as base by botlib, which says so once.
		cat "$tmp/$name"/*.stderr 2>/dev/null |
		    grep -v 'is not built in; reading its cards as base$' \
		    >"$tmp/$name.err"
		[ -s "$tmp/$name.err" ] && { no "$name: botlib's table drifted"
			head -3 "$tmp/$name.err" | sed 's/^/  | /'; } || ok
		"$bin" verify --quiet "$tmp/$name.sabr.gz" >"$tmp/$name.verify" 2>&1 && ok ||
		    { no "$name: the replay does not verify"; sed 's/^/  | /' "$tmp/$name.verify"; }
		for k in $(seq "$np"); do
			t=$(ls "$tmp/$name/$k"-*.transcript 2>/dev/null | head -1)
			[ -n "$t" ] || { no "$name: no transcript for bot $k"; continue; }
			"$bin" export --as $((k - 1)) "$tmp/$name.sabr.gz" >"$tmp/$name.export" 2>&1
			received "$t" >"$tmp/$name.want"
			cmp -s "$tmp/$name.want" "$tmp/$name.export" && ok ||
			    no "$name: export --as $((k - 1)) differs from what bot $k received"
		done
		leftovers "$name"
	done
	grep -q -- '<- roundend [0-9] gold [0-9] greedy winners' \
	    "$tmp/variant-tournament-5"/1-*.transcript && ok ||
	    no "tournament: no greedy dwarf won a round (seed 8 no longer does)"
	# The World Championship's special cards (base-wc): the C bots with
	# BOTLIB_CHECK and the helpers' state bots in one 5-seat game that
	# has a veto and a treasure trove's take: every decision answered
	# legally by the bot itself, nothing on any stderr, the replay
	# verifies and each seat's export is what its bot received.
	wcpy="python3 $qtop/tests/bots/state_bot.py $tag"
	wcjs="$wcpy"
	[ -n "$js" ] && wcjs="node $qtop/tests/bots/state_bot.js $tag"
	"$bin" play --sandbox off --quiet --ruleset base-wc --seed 4 $limits \
	    --bot-env BOTLIB_CHECK=1 --transcripts --log-dir "$tmp/wcx" \
	    --replay "$tmp/wcx.sabr.gz" "$qex/heuristic-bot $tag" "$wcpy" \
	    "$qex/random-bot $tag" "$wcjs" "$qex/heuristic-bot $tag" \
	    >"$tmp/wcx.out" 2>&1
	n=$(awk '$1 ~ /^[1-5]:[^:]*$/ && NF >= 8 && $4 == "ok" && $7 == 0 &&
	    $8 == 0' "$tmp/wcx.out" | wc -l)
	[ "$n" = 5 ] && ok || { no "base-wc example bots"; sed 's/^/  | /' "$tmp/wcx.out"; }
	cat "$tmp/wcx"/*.stderr 2>/dev/null >"$tmp/wcx.err"
	[ -s "$tmp/wcx.err" ] && { no "base-wc: a bot's state drifted"
		head -3 "$tmp/wcx.err" | sed 's/^/  | /'; } || ok
	grep -q -- '-> play veto' "$tmp/wcx"/*.transcript && ok ||
	    no "base-wc: no bot vetoed (seed 4 no longer does)"
	grep -q -- '-> take ' "$tmp/wcx"/*.transcript && ok ||
	    no "base-wc: no bot took from a treasure trove (seed 4 no longer does)"
	"$bin" verify --quiet "$tmp/wcx.sabr.gz" >"$tmp/wcx.verify" 2>&1 && ok ||
	    { no "base-wc: the replay does not verify"; sed 's/^/  | /' "$tmp/wcx.verify"; }
	for k in 1 2 3 4 5; do
		t=$(ls "$tmp/wcx/$k"-*.transcript 2>/dev/null | head -1)
		[ -n "$t" ] || { no "base-wc: no transcript for bot $k"; continue; }
		"$bin" export --as $((k - 1)) "$tmp/wcx.sabr.gz" >"$tmp/wcx.export" 2>&1
		received "$t" >"$tmp/wcx.want"
		cmp -s "$tmp/wcx.want" "$tmp/wcx.export" && ok ||
		    no "base-wc: export --as $((k - 1)) differs from what bot $k received"
	done
	leftovers base-wc-examples
	play_again
	sab2_secrets
	wc_react
	wc_at_once
	wc_standing
	minis_matches
fi

# What chess referees' users expect of a match.  A bot that crashes is
# started again for the next game (a stderr log per start), and the
# summary says so; the others play on.
"$bin" play --sandbox off --quiet --seed 3 --games 3 $limits --log-dir "$tmp/re" \
    "$bad good $tag" "$bad crash-mid $tag" "$bad good $tag" >"$tmp/re.out" 2>&1
[ $? = 0 ] && ok || { no "restart: exit $?"; sed 's/^/  | /' "$tmp/re.out"; }
# Each named as the summary names its bot (the handshake's name).
[ -e "$tmp/re/2-crash-mid.stderr" ] && [ -e "$tmp/re/2-crash-mid.2.stderr" ] && [ -e "$tmp/re/2-crash-mid.3.stderr" ] &&
    [ ! -e "$tmp/re/1-good.2.stderr" ] && [ -e "$tmp/re/1-good.stderr" ] &&
    [ ! -e "$tmp/re/2-badbot.py.stderr" ] && ok ||
    { no "restart: not one stderr log per start, named as the summary"; ls "$tmp/re"; }
grep -q "^2:crash-mid  *[0-9]*  *[0-9]* restarted" "$tmp/re.out" ||
    grep -q "^2:crash-mid  *[0-9]*  *[0-9]* crash" "$tmp/re.out" && ok ||
    { no "restart: the crashing bot's status"; sed 's/^/  | /' "$tmp/re.out"; }
grep -q "^  2:crash-mid: started again after 2 failures; the last, crash in game 2: killed by SIGSEGV at decision [0-9]* of game 2$" \
    "$tmp/re.out" && ok || { no "restart: the summary does not say it"; sed 's/^/  | /' "$tmp/re.out"; }
leftovers restart
# --debug echoes each line to and from each bot on stderr, as the
# transcripts would hold it; stdout is as without it.
"$bin" play --sandbox off --quiet --seed 9 --ruleset course --debug $limits \
    --log-dir "$tmp/dbg" "$bad good $tag" "$bad good $tag" \
    >"$tmp/dbg.out" 2>"$tmp/dbg.err"
# (a bot is named by its program until its handshake names it)
grep -q "^ *[0-9.]* 1-badbot.py <- saboteur 1$" "$tmp/dbg.err" &&
    grep -q "^ *[0-9.]* 2-badbot.py -> bot " "$tmp/dbg.err" &&
    grep -q "^ *[0-9.]* 2-good -> play " "$tmp/dbg.err" && ok ||
    { no "--debug: no echo of the protocol"; head -5 "$tmp/dbg.err"; }
"$bin" play --sandbox off --quiet --seed 9 --ruleset course $limits \
    --log-dir "$tmp/dbg2" "$bad good $tag" "$bad good $tag" >"$tmp/dbg2.out" 2>&1
[ "$(grep -v referee: "$tmp/dbg.out" | awk '{print $1,$2,$3}')" = \
    "$(grep -v referee: "$tmp/dbg2.out" | awk '{print $1,$2,$3}')" ] && ok ||
    no "--debug changed the games"
# --bot-time: bot 2 has its own clock, which the replay records, and
# which its requests carry; the other keeps the match's.
"$bin" play --sandbox off --quiet --seed 9 --ruleset course $limits \
    --bot-time '2:30000/90000' --transcripts --replay "$tmp/bt.sabr.gz" \
    --log-dir "$tmp/bt" "$bad good $tag" "$bad good $tag" >"$tmp/bt.out" 2>&1
zcat "$tmp/bt.sabr.gz" | grep -q "^seatclock 1 move=30000 bank=90000$" &&
    ! zcat "$tmp/bt.sabr.gz" | grep -q "^seatclock 0 " && ok ||
    no "--bot-time: the replay's seat clocks"
"$bin" verify --quiet "$tmp/bt.sabr.gz" >/dev/null 2>&1 && ok ||
    no "--bot-time: the replay does not verify"
grep -q "<- turn [0-9]* 30000 90000$" "$tmp/bt"/2-*.transcript &&
    grep -q "<- turn [0-9]* 20000 60000$" "$tmp/bt"/1-*.transcript &&
    ! grep -q "<- turn [0-9]* 30000 " "$tmp/bt"/1-*.transcript && ok ||
    no "--bot-time: the requests do not carry bot 2's own clock"
# A --config entry's move-ms and bank-ms, and --bot-time over them.
printf 'bots:\n  own:\n    command: %s good %s\n    move-ms: 25000\n    bank-ms: 70000\n' \
    "$bad" "$tag" >"$tmp/own.yaml"
"$bin" play --sandbox off --quiet --seed 9 --ruleset course $limits \
    --config "$tmp/own.yaml" --bot-time '2:26000' --replay "$tmp/own.sabr.gz" \
    --log-dir "$tmp/own" own own >"$tmp/own.out" 2>&1
zcat "$tmp/own.sabr.gz" | grep -q "^seatclock 0 move=25000 bank=70000$" &&
    zcat "$tmp/own.sabr.gz" | grep -q "^seatclock 1 move=26000 bank=70000$" &&
    ok || { no "--config move-ms and --bot-time"; zcat "$tmp/own.sabr.gz" | grep seatclock; }
"$bin" play --sandbox off --bot-time '3:100' --ruleset course a b >"$tmp/bt3.out" 2>&1
[ $? = 2 ] && grep -q "bot-time names bot 3, but there are 2" "$tmp/bt3.out" && ok ||
    no "--bot-time of a bot that is not there"
# --affinity: the bots run on the CPUs given, as the kernel says to each
# of them (/proc/self/status); a CPU this machine does not have is refused
# before the match, with exec's step named.
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)
"$bin" play --sandbox off --quiet --seed 3 --affinity "$cpu" $limits \
    --log-dir "$tmp/aff" "$bad cpus $tag" "$bad cpus $tag" "$bad cpus $tag" \
    >"$tmp/aff.out" 2>&1
[ "$(cat "$tmp/aff"/*.stderr | sort -u)" = "cpus $cpu" ] && ok ||
    { no "--affinity $cpu: the bots run elsewhere"; cat "$tmp/aff"/*.stderr; }
"$bin" play --sandbox off --quiet --seed 3 --affinity 1023 $limits \
    --log-dir "$tmp/aff2" "$bad cpus $tag" "$bad cpus $tag" "$bad cpus $tag" \
    >"$tmp/aff2.out" 2>&1
[ $? = 2 ] && grep -q "cannot run python3: sched_setaffinity: Invalid argument" \
    "$tmp/aff2.out" && ok || { no "--affinity 1023"; cat "$tmp/aff2.out"; }
"$bin" play --sandbox off --affinity 2-1 a b c >"$tmp/aff3.out" 2>&1
[ $? = 2 ] && grep -q "is not a CPU list such as 0-3,6" "$tmp/aff3.out" && ok ||
    { no "--affinity 2-1"; cat "$tmp/aff3.out"; }
leftovers play-options

echo "e2e: $pass passed, $fail failed"
[ "$fail" = 0 ]
