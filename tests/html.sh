#!/bin/sh
# html.sh: game pages (saboteur html) opened in real headless Chromium:
# pages of the committed replays of every ruleset and of fresh games of the
# C example bots under every built-in ruleset, at many positions and
# perspectives chosen by the link's fragment, compared with what saboteur
# view prints for the same position (tests/html_check.js), with no script
# error; pages that hold one perspective searched for every hand and goal
# card it may not know; a replay cut short, a huge game and a replay with
# every kind of bot failure; bad command lines refused; the page as people
# use it at a phone's size and a desktop's (tests/html_ui.js); a
# tournament's report.  Screenshots go to the folder beside the program
# (html-shots/) for people to look at.
#
# make check runs the short form: a few positions of each page, every
# 25th decision of the perspectives' pages against saboteur view, the
# pages of two games as people use them.  --full (make check-html) runs
# every position, decision and page.
#
# Usage: tests/html.sh [--full] PATH/TO/saboteur
set -u
full=0
if [ "${1:-}" = --full ]; then
	full=1
	shift
fi
bin=${1:?usage: tests/html.sh [--full] PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
shots=$(dirname "$bin")/html-shots
tmp=$(mktemp -d)
tag="html-tag-$$"
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$top" || exit 1
. "$here/checks.sh"
mkdir -p "$shots"
fx=tests/fixtures/replays
# The example bots' folder, quoted for bot command lines (q): the
# checkout's path may hold blanks.
bots=$(q "$(dirname "$bin")/examples")

# page NAME REPLAY [ARGS...]: writes NAME.html of REPLAY; exit 0 wanted.
page() {
	name=$1
	replay=$2
	shift 2
	"$bin" html "$@" -o "$tmp/$name.html" "$replay" 2>"$tmp/$name.err" &&
	    ok || { no "html $name: exit $?"; sed 's/^/  | /' "$tmp/$name.err"; }
}

# decisions REPLAY: the last decision saboteur view can show.
decisions() {
	"$bin" view --at 1000000 "$1" 2>&1 | sed -n 's/.*has decisions 0 to \([0-9]*\).*/\1/p'
}

# positions NAME REPLAY SEATS: lines for html_check.js: the set-up, the
# first decision, two in the middle and the end, each from another view
# (the short form: the first decision, the middle and the end).
positions() {
	n=$(decisions "$2")
	[ -n "$n" ] || { no "$1: cannot count its decisions"; return; }
	last=$(( $3 - 1 ))
	if [ $full = 0 ]; then
		# Opened once, then moved by the link's fragment; a page
		# opened with no position (the last step) for a few.
		echo "$tmp/$1.html $2 d=1 public"
		echo "$tmp/$1.html $2 d=$(( n / 2 )) all $1.png"
		case $1 in
		base-5p-cut | course-2p | play-base) echo "$tmp/$1.html $2 last $last" ;;
		*) echo "$tmp/$1.html $2 d=$n $last" ;;
		esac
		return
	fi
	echo "$tmp/$1.html $2 d=0 all"
	echo "$tmp/$1.html $2 d=1 public"
	echo "$tmp/$1.html $2 d=$(( n / 3 )) 0 $1-seat0.png"
	echo "$tmp/$1.html $2 d=$(( n / 2 )) all $1.png"
	echo "$tmp/$1.html $2 d=$(( 2 * n / 3 )) $last"
	echo "$tmp/$1.html $2 d=$n public"
	echo "$tmp/$1.html $2 last all"
}

: >"$tmp/checks.txt"
# 1. Every committed replay: every ruleset they hold (base, classic,
# course, Saboteur 2, the World Championship cards, files of their own).
for f in $fx/*.sabr.gz; do
	name=$(basename "$f" .sabr.gz)
	seats=$(zcat "$f" 2>/dev/null | grep -c '^seat ')
	case $name in
	base-5p-cut)
		# Cut short: the page is written, says where it stops, and
		# the exit code says so, as saboteur view's does.
		"$bin" html -o "$tmp/$name.html" "$f" 2>"$tmp/$name.err"
		rc=$?
		[ $rc = 1 ] && ok || no "html of a replay cut short: exit $rc, want 1"
		grep -q 'stops before the end' "$tmp/$name.err" && ok ||
		    no "html of a replay cut short: no word of where it stops"
		grep -q '"ok":0,"problem":"line ' "$tmp/$name.html" && ok ||
		    no "the page of a replay cut short does not say where it stops"
		;;
	*)
		page "$name" "$f"
		;;
	esac
	positions "$name" "$f" "$seats" >>"$tmp/checks.txt"
done
# Each decision where a seat failed, in the replay with every kind of
# failure, from the public view and every seat's; the keys that step by
# failure, decision and round.
persps="public 0 1 2 3 4 all"
[ $full = 1 ] || persps="public 2"
for p in $persps; do
	echo "$tmp/base-5p-failures.html $fx/base-5p-failures.sabr.gz failures $p"
done >>"$tmp/checks.txt"
echo "$tmp/base-5p-failures.html $fx/base-5p-failures.sabr.gz keys all" >>"$tmp/checks.txt"
echo "$tmp/saboteur2-6p.html $fx/saboteur2-6p.sabr.gz keys 3" >>"$tmp/checks.txt"

# 2. Fresh games of the C example bots under every built-in ruleset, and
# under the example rulesets of the mini expansions that no built-in one
# holds (New Goals, Treasure Chests).
for rs in $("$bin" rules --list | awk 'NR > 1 && NF { print $1 } /^$/ { exit }') \
    examples/rulesets/new-goals.yaml examples/rulesets/treasure-chests.yaml; do
	case $rs in course) seats=2 ;; saboteur2*) seats=6 ;; *) seats=5 ;; esac
	set --
	i=0
	while [ $i -lt $seats ]; do
		if [ $((i % 2)) = 0 ]; then set -- "$@" "$bots/random-bot"; else set -- "$@" "$bots/heuristic-bot"; fi
		i=$((i + 1))
	done
	rsfile=$rs
	rs=$(basename "$rs" .yaml)
	"$bin" play --sandbox off --quiet --seed 7 --ruleset "$rsfile" \
	    --log-dir "$tmp/logs-$rs" --replay "$tmp/play-$rs.sabr.gz" "$@" >"$tmp/play-$rs.out" 2>&1 &&
	    ok || { no "play $rs: exit $?"; sed 's/^/  | /' "$tmp/play-$rs.out"; continue; }
	page "play-$rs" "$tmp/play-$rs.sabr.gz"
	positions "play-$rs" "$tmp/play-$rs.sabr.gz" "$seats" >>"$tmp/checks.txt"
	case $rs in
	*minis | new-goals | treasure-chests)
		echo "$tmp/play-$rs.html $tmp/play-$rs.sabr.gz minis all" >>"$tmp/checks.txt"
		echo "$tmp/play-$rs.html $tmp/play-$rs.sabr.gz minis $last" >>"$tmp/checks.txt" ;;
	esac
done
# The mini expansions' decisions (a dwarf put down, the goal to turn
# first, a seat chosen for a chest) in the committed replays that hold
# them, from the public view and a seat's: the bot's reply shown as
# saboteur view shows it.  html_check.js fails when no page holds one
# of each.
for f in $fx/*minis*.sabr.gz $fx/*goals*.sabr.gz $fx/*chests*.sabr.gz; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .sabr.gz)
	echo "$tmp/$name.html $f minis public"
	[ $full = 0 ] || echo "$tmp/$name.html $f minis 1"
done >>"$tmp/checks.txt"
# A Tunnel Toll dwarf put down beyond the cards' rows (row -5): drawn, as
# saboteur view draws it.
echo "$tmp/base-minis-5p.html $fx/base-minis-5p.sabr.gz d=27 all" >>"$tmp/checks.txt"

# 3. In the browser: every position above against saboteur view.
node "$here/html_check.js" "$bin" "$shots" "$tmp/checks.txt" >"$tmp/check.out" 2>&1 &&
    ok || no "pages differ from saboteur view, or the browser failed:"
sed 's/^/  | /' "$tmp/check.out"
# A page that shows something else must fail: the same checks on a page
# whose game is another one.
echo "$tmp/base-3p.html $fx/base-3p-old-reasons.sabr.gz d=20 all" >"$tmp/wrong.txt"
node "$here/html_check.js" "$bin" "$tmp" "$tmp/wrong.txt" >"$tmp/wrong.out" 2>&1 &&
    no "a page of another game passed as this one's" || ok

# 4. One perspective's page holds nothing more than it knew.
# The mini expansions' secrets too: the roles dealt again by the Costume
# Department, a chest's card stolen from a hand, a goal's effect known
# only where it was looked at; the seats and the public of every committed
# replay of the minis (whichever are there).
minis=
for f in $fx/*minis*.sabr.gz $fx/*goals*.sabr.gz $fx/*chests*.sabr.gz; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .sabr.gz)
	minis="$minis $name:public $name:2"
done
# The short form compares every 25th decision with saboteur view (the
# files are searched whole all the same).
[ $full = 1 ] || export HTML_LEAK_STRIDE=25
for c in "base-5p-failures public" "base-5p-failures 2" "saboteur2-6p public" \
    "saboteur2-6p 4" "base-wc-view public" "base-wc-view 1" "course-2p 0" \
    $minis; do
	set -- $(echo "$c" | tr ':' ' ')
	page "$1-as-$2" "$fx/$1.sabr.gz" --as "$2"
	node "$here/html_check.js" --leaks "$bin" "$fx/$1.sabr.gz" "$tmp/$1.html" \
	    "$tmp/$1-as-$2.html" "$2" >"$tmp/leak.out" 2>&1 && ok ||
	    no "the page of $1 as $2 holds more than it may know:"
	sed 's/^/  | /' "$tmp/leak.out"
done
# The check finds what it looks for: the page of every perspective holds
# every hand, so it fails as seat 2's.
node "$here/html_check.js" --leaks "$bin" "$fx/base-5p-failures.sabr.gz" \
    "$tmp/base-5p-failures.html" "$tmp/base-5p-failures.html" 2 >/dev/null 2>&1 &&
    no "the leak check passed the page of every perspective as seat 2's" || ok

# 5. Bad command lines.
refuse() {
	want=$1
	shift
	"$bin" html "$@" >"$tmp/bad.out" 2>&1
	rc=$?
	[ $rc = "$want" ] && ok || { no "html $*: exit $rc, want $want"; sed 's/^/  | /' "$tmp/bad.out"; }
}
refuse 2 --as 7 -o "$tmp/x.html" "$fx/course-2p.sabr.gz"
refuse 2 --as seven "$fx/course-2p.sabr.gz"
refuse 2
refuse 1 -o "$tmp/x.html" "$tmp/no-such-replay.sabr.gz"
# -o into a folder that is not there: the file asked for is named, not
# the one written aside, and nothing is left.
refuse 2 -o "$tmp/no-such-dir/x.html" "$fx/course-2p.sabr.gz"
grep -qx "saboteur html: cannot write $tmp/no-such-dir/x.html: No such file or directory (give -o a place you may write in)" \
    "$tmp/bad.out" && ok || no "html -o no-such-dir: $(cat "$tmp/bad.out")"
[ ! -e "$tmp/x.html" ] && ok || no "a refused command wrote a page"
# Without -o the page goes beside the replay, named after it.
cp $fx/course-2p.sabr.gz "$tmp/beside.sabr.gz"
"$bin" html "$tmp/beside.sabr.gz" && [ -s "$tmp/beside.html" ] && ok ||
    no "html without -o: no beside.html"

# 7. A tournament's report, of two shards merged: its standings are
# saboteur standings', its links lead to files, its game pages (every
# game of a tournament of up to 1,000 games; over that, every game with a
# failure and the last 50; every game with --all) open without an error
# and link back; it opens on a phone, its tables sort, its charts have
# ticks, its rating over the games a band for each bot.
cat >"$tmp/t.yaml" <<YAML
name: report
players: 3
seed: 11
schedule:
  kind: round-robin
  rounds: 5
time:
  move-ms: 20000
  bank-ms: 60000
  handshake-ms: 60000
failures:
  disqualify-after: 0
bots:
  - name: heuristic
    command: "$bots/heuristic-bot $tag"
  - name: first
    command: "$bots/random-bot $tag"
    env: {BOT_SEED: "5"}
  - name: second
    command: "$bots/random-bot $tag"
  - name: crasher
    command: python3 tests/bots/badbot.py crash-mid $tag
YAML
for s in 1 2; do
	"$bin" tournament --sandbox off --quiet -j 2 --shard $s/2 --out "$tmp/t$s" \
	    "$tmp/t.yaml" >"$tmp/t$s.out" 2>&1 && ok ||
	    { no "tournament shard $s: exit $?"; sed 's/^/  | /' "$tmp/t$s.out"; }
done
"$bin" standings --format csv "$tmp/t1" "$tmp/t2" >"$tmp/st.csv" 2>/dev/null
"$bin" report --quiet -o "$tmp/report" "$tmp/t1" "$tmp/t2" 2>"$tmp/report.err" &&
    ok || { no "report: exit $?"; sed 's/^/  | /' "$tmp/report.err"; }
# A tournament this small (60 games) gets a page for every game.
have=$(ls "$tmp/report/games" | wc -l)
[ "$have" = 60 ] && ok || no "report: $have game pages, want one for each of the 60 games"
want=60
cat "$tmp/t1/journal.txt" "$tmp/t2/journal.txt" >"$tmp/journals.txt"
node "$here/html_check.js" --report "$tmp/report/index.html" "$tmp/st.csv" "$want" \
    "$tmp/journals.txt" "$shots" >"$tmp/rcheck.out" 2>&1 && ok || no "the report in the browser:"
sed 's/^/  | /' "$tmp/rcheck.out"
# Over 1,000 games: a page for each game with a failure and the last 50.
# The first shard's games without a failure, again and again under new
# numbers and seeds up to 1,001 games, each pointing at its real replay.
mkdir -p "$tmp/big"
cp -R "$tmp/t1/replays" "$tmp/big/replays"
# The header says one shard of 1,001 games, so that no line is left out
# as another shard's or past the schedule (saboteur-tournament(5)).
awk 'NR == 1 { sub(/ shard=[0-9]+\/[0-9]+/, " shard=1/1"); sub(/ schedule=[0-9]+/, " schedule=1001"); print; next }
	$1 == "game" && / status=ok(,ok)* / && / illegal=0(,0)* / && / defaults=0(,0)* / && / timeouts=0(,0)* / { line[n++] = $0 }
	END {
		for (i = 0; i < 1001 && n > 0; i++) {
			split(line[i % n], w, " ")
			out = "game " i " seed=" (1000003 * i + 7)
			for (k = 4; k in w; k++) out = out " " w[k]
			print out
		}
	}' "$tmp/t1/journal.txt" >"$tmp/big/journal.txt"
"$bin" report --quiet -o "$tmp/big-report" "$tmp/big" 2>"$tmp/big.err" &&
    [ "$(ls "$tmp/big-report/games" | wc -l)" = 50 ] &&
    grep -q 'every game with a failure and the last ones' "$tmp/big-report/index.html" && ok ||
    { no "report of 1,001 games: $(ls "$tmp/big-report/games" 2>/dev/null | wc -l) pages, want the last 50"; sed 's/^/  | /' "$tmp/big.err"; }
"$bin" report --quiet --all -o "$tmp/report-all" "$tmp/t1" "$tmp/t2" 2>/dev/null &&
    [ "$(ls "$tmp/report-all/games" | wc -l)" = 60 ] && ok ||
    no "report --all: not a page for each of the 60 games"
"$bin" report -o "$tmp/r2" "$tmp/t1" $fx >/dev/null 2>&1
[ $? = 3 ] && ok || no "report of a folder that holds no journal: not exit 3"
"$bin" report "$tmp/t1" >/dev/null 2>&1
[ $? = 2 ] && ok || no "report without -o: not exit 2"

# The page's link to its replay is the path from the page's folder.
mkdir -p "$tmp/sub/deeper"
"$bin" html -o "$tmp/sub/deeper/c.html" $fx/course-2p.sabr.gz &&
    link=$(sed -n 's/.*"replay":"\([^"]*\)".*/\1/p' "$tmp/sub/deeper/c.html") &&
    cmp -s "$tmp/sub/deeper/$link" $fx/course-2p.sabr.gz && ok ||
    no "the page's link to its replay leads elsewhere: ${link:-none}"

# The report of a committed journal (tests/report-journal: 200 games of
# the C bots, their replays left out, so no game pages) says what it said,
# to the byte: its index without the style and script it embeds, by its
# SHA-256 (tests/golden/report-index; UPDATE=1 rewrites it).
"$bin" report --quiet -o "$tmp/fixed-report" tests/report-journal 2>"$tmp/fixed.err"
sum=$(sed -e '/^<style>$/,/^<\/style>$/d' -e '/^<script>$/,/^<\/script>$/d' \
    "$tmp/fixed-report/index.html" 2>/dev/null | sha256sum | cut -c1-64)
if [ "${UPDATE:-0}" = 1 ]; then
	echo "$sum" >tests/golden/report-index
fi
[ "$sum" = "$(cat tests/golden/report-index)" ] && ok ||
    { no "the report of tests/report-journal is not as it was (sha256 $sum)"; sed 's/^/  | /' "$tmp/fixed.err"; }

# The build's minifier (scripts/minify.c, build/minify), which writes the
# pages' script and style, keeps a script's meaning: node prints the same
# lines from tests/fixtures/minify/tricky.js before and after it (regular
# expressions, a + +b, statements ended by a line break, return and a
# line break, strings and a template with comment marks in them); a
# template it cannot read is refused, naming its line.
minify=$(dirname "$bin")/minify
if [ -x "$minify" ]; then
	node tests/fixtures/minify/tricky.js >"$tmp/tricky.want" 2>&1
	"$minify" --js tests/fixtures/minify/tricky.js >"$tmp/tricky.min.js" &&
	    node "$tmp/tricky.min.js" >"$tmp/tricky.got" 2>&1 &&
	    [ -s "$tmp/tricky.want" ] && cmp -s "$tmp/tricky.want" "$tmp/tricky.got" && ok ||
	    { no "minify changed what tests/fixtures/minify/tricky.js does"; diff "$tmp/tricky.want" "$tmp/tricky.got" | sed 's/^/  | /'; }
	"$minify" --js tests/fixtures/minify/bad-template.js >/dev/null 2>"$tmp/bad-template.err"
	rc=$?
	[ $rc = 1 ] && grep -q 'bad-template.js:4: a template literal holds a string' "$tmp/bad-template.err" && ok ||
	    { no "minify of a template it cannot read: exit $rc"; sed 's/^/  | /' "$tmp/bad-template.err"; }
else
	echo "html: no minify beside $bin: its checks skipped"
fi

# 6. A 5-player base game's page is small, a 12-player Saboteur 2 one too.
size=$(wc -c <"$tmp/base-5p-failures.html")
[ "$size" -lt 409600 ] && ok || no "the 5-player base game's page is $size bytes, over 400 KB"
size=$(wc -c <"$tmp/saboteur2-12p.html")
[ "$size" -lt 1048576 ] && ok || no "the 12-player Saboteur 2 game's page is $size bytes, over 1 MB"

# 8. The page as people use it, at 390x844 and 1440x900 (tests/html_ui.js):
# the layout, navigation bounded at both ends, autoplay, the results,
# every card a picture, the move list and the charts; the marks of a card
# waiting for a veto (a map, a goal swap) and whose decision comes next;
# a dwarf beyond the cards' rows; gold not known drawn as the least it can
# be.  The short form takes two games whole; --full every committed one.
{
	echo "ui $tmp/base-5p-failures.html"
	echo "ui $tmp/base-wc-5p.html"
	echo "minute $tmp/base-5p-failures.html"
	echo "gold $tmp/base-5p-failures.html s=880&as=public"
	echo "cell $tmp/base-minis-5p.html d=27&as=all 6 -5 dwarf"
	echo "cell $tmp/base-wc-view.html d=3&as=public 8 -2 back target"
	echo "cell $tmp/base-wc-5p.html d=26&as=public 8 -2 back target"
	echo "cell $tmp/base-wc-5p.html d=26&as=public 8 0 back target"
	echo "toact $tmp/base-wc-5p.html d=26&as=all 1"
	echo "toact $tmp/base-wc-5p.html d=26&as=public none"
	if [ $full = 1 ]; then
		for f in $fx/*.sabr.gz; do
			name=$(basename "$f" .sabr.gz)
			case $name in base-5p-failures | base-wc-5p | base-5p-cut) continue ;; esac
			echo "ui $tmp/$name.html"
		done
	fi
} >"$tmp/ui.txt"
node "$here/html_check.js" --ui "$shots" "$tmp/ui.txt" >"$tmp/ui.out" 2>&1 &&
    ok || no "the page as people use it:"
sed 's/^/  | /' "$tmp/ui.out"

echo "html: $pass passed, $fail failed (screenshots in $shots)"
[ "$fail" = 0 ]
