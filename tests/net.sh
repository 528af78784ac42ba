#!/bin/sh
# net.sh: network seats over real TCP.  A bot connected with saboteur
# connect plays a whole match on loopback and its replay verifies; a wrong
# token and a stranger's greeting are refused and logged while the seat
# keeps waiting; a connection that closes or is cut mid-game fails that
# seat only, and the seat waits for its bot again before the next game; a
# slow link (a delaying relay, and tc netem where the kernel has it) is
# charged as saboteur(1) says; a flood and a line over the limit end the
# seat as on a pipe; as root, a second "host" in a network namespace of
# the test's own plays through a veth pair, and cannot reach a seat that
# listens on loopback (the default); a tournament plays a remote entry;
# hostile bots sealed by connect harm nobody and leave nothing behind.
# Nothing but 127.0.0.1 and the test's namespace is contacted.
#
# Usage: tests/net.sh PATH/TO/saboteur
set -u
bin=${1:?usage: tests/net.sh PATH/TO/saboteur}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
tag="net-tag-$$"
ns="sabnet$$"
trap 'pkill -KILL -f "$tag" 2>/dev/null; ip netns del "$ns" 2>/dev/null;
    rm -rf "$tmp"' EXIT INT TERM

. "$here/checks.sh"

# Bot command lines, their paths quoted (q): the checkout's path may hold
# blanks.  connect takes such a line as one word after --, as play does.
rb="$(q "$(dirname "$bin")/examples/random-bot") $tag"
hb="$(q "$(dirname "$bin")/examples/heuristic-bot") $tag"
bad="python3 $(q "$here/bots/badbot.py")"
# Generous limits: nothing may fail here because the machine is slow.
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"

# start NAME ARGS...: a quiet match in the background (its pid in $ref),
# with a token file; waits until the file is written.
start() {
	name=$1
	shift
	rm -f "$tmp/$name.tokens"
	# shellcheck disable=SC2086
	"$bin" play --sandbox off --quiet --seed 5 $limits --log-dir \
	    "$tmp/$name" --transcripts --replay "$tmp/$name-%d.sabr.gz" \
	    --token-file "$tmp/$name.tokens" "$@" >"$tmp/$name.out" \
	    2>"$tmp/$name.err" &
	ref=$!
	i=0
	while [ ! -s "$tmp/$name.tokens" ] && kill -0 "$ref" 2>/dev/null &&
	    [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# finish NAME: waits for the match started last; its exit code goes to
# $tmp/NAME.rc.
finish() {
	wait "$ref"
	echo $? >"$tmp/$1.rc"
}

# where NAME K, token NAME K: bot K's address and token in the file.
where() { awk -v k="$2" '$1 == k { print $2 }' "$tmp/$1.tokens"; }
token() { awk -v k="$2" '$1 == k { print $3 }' "$tmp/$1.tokens"; }

# conn NAME K OUT ARGS...: saboteur connect to bot K of NAME, the bot
# after ARGS; output in $tmp/OUT.conn, exit code in $tmp/OUT.crc.
conn() {
	n=$1
	k=$2
	out=$3
	shift 3
	"$bin" connect --wait-ms 20000 "$(where "$n" "$k")" "$(token "$n" "$k")" \
	    "$@" >"$tmp/$out.conn" 2>&1
	echo $? >"$tmp/$out.crc"
}

expect_rc() {
	[ "$(cat "$tmp/$1")" = "$2" ] && ok || {
		no "$1: exit $(cat "$tmp/$1"), want $2"
		for f in "$tmp/${1%.*}.out" "$tmp/${1%.*}.err" "$tmp/${1%.*}.conn"; do
			[ -f "$f" ] && sed 's/^/  | /' "$f" | tail -10
		done
	}
}

verified() {
	for g in "$tmp/$1"-*.sabr.gz; do
		"$bin" verify --quiet "$g" >/dev/null 2>"$tmp/verify.err" && ok || {
			no "$1: $g does not verify"
			sed 's/^/  | /' "$tmp/verify.err"
		}
	done
}

has() {
	grep -q "$2" "$1" && ok || {
		no "$1 lacks \"$2\""
		sed 's/^/  | /' "$1" | tail -10
	}
}

# free_port: a port nobody listens on now (the kernel's choice).
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ---- a whole match over loopback, as the README's example plays it ----

port=$(free_port)
start done "$hb" "listen:$port" "$rb"
conn done 2 done -- python3 "$top/examples/python/random_bot.py"
finish done
expect_rc done.rc 0
expect_rc done.crc 0
expect done 2 ok
expect done 1 ok
verified done
# The token file: "2 127.0.0.1:PORT TOKEN", private; the same on stdout.
grep -Eqx "2 127\\.0\\.0\\.1:$port [0-9a-f]{32}" "$tmp/done.tokens" && ok ||
    { no "token file: $(cat "$tmp/done.tokens")"; }
[ "$(stat -c %a "$tmp/done.tokens")" = 600 ] && ok || no "token file not 0600"
has "$tmp/done.out" "saboteur connect 127.0.0.1:$port $(token done 2) -- BOT"
# The seat's log is named as the summary names the seat: by its bot's
# handshake (2-random-py), as a bot's log is (saboteur(1)).
has "$tmp/done/2-random-py.stderr" "connected with the seat's token"
# The replay names the seat as the bot argument was given.
zcat "$tmp"/done-1.sabr.gz | grep -q "^seat 1 random-py listen:$port\$" && ok ||
    no "the replay does not name seat 1 listen:$port"
# connect hid the token from the process list: the log of a spy would not
# show it (its own command line is overwritten with x's).
grep -q "$(token done 2)" "$tmp/done.conn" && no "connect printed the token" || ok

# A port taken is the user's to fix, said before any bot starts.
# (Each refused match has its log folder in $tmp, not saboteur-logs/ in
# the current folder, the source tree.)
"$bin" play --quiet --log-dir "$tmp/refused" "$rb" "listen:$port" \
    "listen:$port" >"$tmp/taken.out" 2>&1
[ $? = 2 ] && grep -q "cannot listen on 127.0.0.1 port $port" "$tmp/taken.out" &&
    ok || { no "a port taken twice"; sed 's/^/  | /' "$tmp/taken.out"; }
"$bin" play --quiet --log-dir "$tmp/refused" --listen-address localhost \
    "$rb" listen:auto "$rb" >"$tmp/name.out" 2>&1
[ $? = 2 ] && grep -q "not a numeric address" "$tmp/name.out" && ok ||
    { no "--listen-address localhost"; sed 's/^/  | /' "$tmp/name.out"; }
"$bin" play --quiet --log-dir "$tmp/refused-words" "$rb" listen:99999 "$rb" \
    >"$tmp/bad.out" 2>&1
[ $? = 2 ] && grep -q "listen:PORT, listen:LOW-HIGH" "$tmp/bad.out" && ok ||
    { no "listen:99999"; sed 's/^/  | /' "$tmp/bad.out"; }
# A seat refused for its words is refused before anything is written.
[ ! -e "$tmp/refused-words" ] && ok ||
    no "a refused listen:99999 left its log folder behind"

# ---- a wrong token and a stranger are refused; the seat keeps waiting ----

start wrong "$rb" listen:auto "$rb"
"$bin" connect --wait-ms 20000 "$(where wrong 2)" 0123456789abcdef0123456789abcdef \
    -- "$rb" >"$tmp/wrong1.conn" 2>&1
echo $? >"$tmp/wrong1.crc"
expect_rc wrong1.crc 1
has "$tmp/wrong1.conn" "refused wrong token"
python3 -c "
import socket, sys
h, p = sys.argv[1].rsplit(':', 1)
s = socket.create_connection((h, int(p)), timeout=10)
s.sendall(b'GET / HTTP/1.0\r\n\r\n')
print(s.recv(200).decode().strip())" "$(where wrong 2)" >"$tmp/stranger.out" 2>&1
has "$tmp/stranger.out" "refused not a saboteur connect greeting"
conn wrong 2 wrong2 -- "$rb"
finish wrong
expect_rc wrong.rc 0
expect_rc wrong2.crc 0
expect wrong 2 ok
verified wrong
has "$tmp/wrong/2-random.stderr" "refused a connection from 127.0.0.1:[0-9]*: wrong token (the seat keeps waiting)"
has "$tmp/wrong.err" "saboteur play: bot 2 (listen:auto): refused a connection from 127.0.0.1:[0-9]*: wrong token"
has "$tmp/wrong/2-random.stderr" "not a saboteur connect greeting"

# ---- a connection that closes mid-game fails that seat only --------------

# Game 1: the bot exits at its third decision, so connect ends the
# session: the seat crashes, the others play on.  Game 2: the seat waits
# for its bot again, and another session plays it.
start drop --games 2 "$rb" listen:auto "$hb"
conn drop 2 drop1 -- "$bad exit-mid $tag"
conn drop 2 drop2 -- "$rb"
finish drop
expect_rc drop.rc 0
expect drop 2 restarted
expect drop 1 ok
expect drop 3 ok
verified drop
zcat "$tmp/drop-1.sabr.gz" | grep -q "^status 1 crash its connection (127.0.0.1:[0-9]*) closed at" &&
    ok || { no "drop: the replay of game 1 has no crash of seat 1";
	zcat "$tmp/drop-1.sabr.gz" | grep '^status' | sed 's/^/  | /'; }
has "$tmp/drop.err" "waits on 127.0.0.1:[0-9]* for its bot to connect again"
has "$tmp/drop.out" "started again after 1 failure; the last, crash in game 1: its connection"

# The connection cut: connect killed (SIGKILL) while its bot thinks; the
# kernel closes the socket, the seat crashes at once (not after its move
# time of 20 s), the others finish the game.
# (--debug echoes each line to and from the bots on stderr as it goes,
# labelled "2-listen:auto" until the handshake names the bot, then "2-hang":
# matched by its seat, the third turn is seen as it is sent.  Matched by
# "listen:auto", none was: the wait ran its full minute, and on a loaded
# machine past the seat's 80 s of move and bank time, a timeout.)
start cut --debug "$rb" listen:auto "$rb"
"$bin" connect --wait-ms 20000 "$(where cut 2)" "$(token cut 2)" -- \
    "$bad hang $tag" >"$tmp/cut.conn" 2>&1 &
cpid=$!
i=0
while [ "$(grep -c ' 2-[^ ]* <- turn ' "$tmp/cut.err" 2>/dev/null)" -lt 3 ] &&
    [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ $i -lt 600 ] && ok || no "cut: seat 2 was sent no third turn in 60 s"
t0=$(date +%s)
kill -KILL "$cpid"
finish cut
t1=$(date +%s)
expect_rc cut.rc 0
expect cut 2 crash
expect cut 1 ok
expect cut 3 ok
verified cut
[ $((t1 - t0)) -lt 15 ] && ok || no "cut: the seat was failed after $((t1 - t0)) s"
zcat "$tmp/cut-1.sabr.gz" | grep -q "^status 1 crash its connection (127.0.0.1:[0-9]*) closed at decision [0-9]* of game 1" &&
    ok || no "cut: no crash at a decision in the replay"
leftovers "cut: the bot of a killed connect"

# ---- floods and lines over the limit, as on a pipe -------------------------

for m in flood long-line; do
	start "$m" "$rb" listen:auto "$rb"
	conn "$m" 2 "$m" -- "$bad $m $tag"
	finish "$m"
	expect_rc "$m.rc" 0
	verified "$m"
done
expect flood 2 flood
expect flood 1 ok
expect long-line 2 line-too-long
expect long-line 3 ok

# ---- a slow link: the round trip is charged, less the allowance ----------

# slow NAME DELAY ARGS...: a match whose bot 2 connects through a relay
# that holds every byte DELAY ms each way.
slow() {
	name=$1
	delay=$2
	shift 2
	rm -f "$tmp/$name.port"
	start "$name" "$@"
	python3 "$here/bots/slowlink.py" "$delay" \
	    "$(where "$name" 2 | sed 's/.*://')" "$tmp/$name.port" "$tag" &
	link=$!
	i=0
	while [ ! -s "$tmp/$name.port" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	"$bin" connect --wait-ms 20000 "127.0.0.1:$(cat "$tmp/$name.port")" \
	    "$(token "$name" 2)" -- "$rb" >"$tmp/$name.conn" 2>&1
	finish "$name"
	kill "$link"
	wait "$link" 2>/dev/null
}
# Every reply of the remote seat takes at least 80 ms from the referee's
# send; with --net-ms 30 each is charged at least 50 ms (and recorded so
# in the replay, whose bank the audit checks), over its 30 ms move time:
# the bank pays the rest.  The check asks for 35 ms: the referee's clock
# starts when its write returns, and a busy machine may hold the referee
# a few milliseconds between the two (seen: up to 4 ms under two CPU
# hogs); the allowance taken twice would leave 20.
limits="--move-ms 30 --bank-ms 60000 --grace-ms 0 --handshake-ms 60000"
slow slow 40 --net-ms 30 "$rb" listen:auto "$rb"
expect_rc slow.rc 0
expect slow 2 ok
verified slow
zcat "$tmp/slow-1.sabr.gz" | awk '$1 == "bot" && $2 == 1 { n++; if ($3 < 35000) short++ }
    END { exit !(n > 5 && short == 0) }' && ok || {
	no "slow: a reply of the remote seat charged less than 35 ms"
	zcat "$tmp/slow-1.sabr.gz" | awk '$1 == "bot" && $2 == 1' | head -5 | sed 's/^/  | /'; }
# Without the allowance and the bank, a move time shorter than the round
# trip is a timeout.
limits="--move-ms 30 --bank-ms 0 --grace-ms 0 --handshake-ms 60000"
slow late 20 --net-ms 0 "$rb" listen:auto "$rb"
expect late 2 timeout
limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"

# ---- a second host: a network namespace of the test's own -----------------

if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null 2>&1; then
	echo "SKIP net.sh namespace: making a network namespace needs root" \
	    "and ip(8) (iproute2); this run is $(id -un)"
elif ! ip netns add "$ns" 2>"$tmp/ns.err"; then
	echo "SKIP net.sh namespace: ip netns add: $(cat "$tmp/ns.err")"
else
	net=
	# A /24 of 10.231/16 for this run: the first, from its process id on,
	# that no address of the host holds yet, chosen and taken under a lock
	# so that two runs at once (two checkouts) never share one.
	ip link add "sabh$$" type veth peer name "sabn$$" &&
	    ip link set "sabn$$" netns "$ns" &&
	    net=$(flock 9 && k=$(($$ % 250)) && i=0 &&
		while [ $i -lt 250 ] && ip -o -4 addr show |
		    grep -q " 10\.231\.$k\."; do
			k=$(((k + 1) % 250)); i=$((i + 1))
		done &&
		ip addr add "10.231.$k.1/24" dev "sabh$$" && echo "10.231.$k"
	    ) 9>>"${TMPDIR:-/tmp}/saboteur-net.lock" && [ -n "$net" ] &&
	    ip link set "sabh$$" up &&
	    ip netns exec "$ns" ip addr add "$net.2/24" dev "sabn$$" &&
	    ip netns exec "$ns" ip link set "sabn$$" up &&
	    ip netns exec "$ns" ip link set lo up && ok ||
	    no "cannot link the namespace"
	# A seat on the host's side of the link, played from the namespace.
	start nshost --listen-address "$net.1" "$rb" listen:auto "$rb"
	ip netns exec "$ns" "$bin" connect --wait-ms 20000 "$(where nshost 2)" \
	    "$(token nshost 2)" -- "$rb" >"$tmp/nshost.conn" 2>&1
	echo $? >"$tmp/nshost.crc"
	finish nshost
	expect_rc nshost.crc 0
	expect nshost 2 ok
	verified nshost
	has "$tmp/nshost/2-random.stderr" "$net.2:[0-9]* connected"
	# The default: loopback only.  From the namespace the seat's port on
	# the host's address is closed; nobody comes, and the seat says so.
	limits="$limits --connect-ms 1000"
	start nsclosed "$rb" listen:auto "$rb"
	p=$(where nsclosed 2 | sed 's/.*://')
	ip netns exec "$ns" "$bin" connect --wait-ms 1000 "$net.1:$p" \
	    "$(token nsclosed 2)" -- "$rb" >"$tmp/nsclosed.conn" 2>&1
	echo $? >"$tmp/nsclosed.crc"
	finish nsclosed
	limits="--move-ms 20000 --bank-ms 60000 --handshake-ms 60000"
	expect_rc nsclosed.crc 1
	has "$tmp/nsclosed.conn" "cannot reach $net.1 port $p"
	expect nsclosed 2 no-start
	has "$tmp/nsclosed.out" "nobody connected to 127.0.0.1:$p with its token within 1 s"
	# tc netem in the namespace, where the kernel has it (the delaying
	# relay above stands for it where it does not).
	if ip netns exec "$ns" tc qdisc add dev "sabn$$" root netem delay 25ms \
	    2>"$tmp/netem.err"; then
		start netem --net-ms 10 --listen-address "$net.1" "$rb" listen:auto "$rb"
		ip netns exec "$ns" "$bin" connect --wait-ms 20000 \
		    "$(where netem 2)" "$(token netem 2)" -- "$rb" \
		    >"$tmp/netem.conn" 2>&1
		finish netem
		expect netem 2 ok
		zcat "$tmp/netem-1.sabr.gz" | awk '$1 == "bot" && $2 == 1 {
		    n++; if ($3 < 15000) short++ } END { exit !(n > 5 && short == 0) }' &&
		    ok || no "netem: a reply charged less than the delay less the allowance"
	else
		echo "SKIP net.sh netem: tc qdisc netem: $(cat "$tmp/netem.err")" \
		    "(the delaying relay above slowed the link instead)"
	fi
	ip netns del "$ns"
fi

# Every connection any seat saw came from loopback or the namespace.
peers=$(cat "$tmp"/*/*.stderr | grep -o 'from [0-9.]*:[0-9]*\|^[0-9.]*:[0-9]* connected' |
    sed 's/^from //; s/:[0-9]*.*//' | sort -u | grep -v '^127\.0\.0\.1$' |
    grep -v "^10\\.231\\.$(($$ % 250))\\.2\$")
[ -z "$peers" ] && ok || no "connections from elsewhere: $peers"

# ---- a tournament with a network entry -----------------------------------

# Two games at once: two sessions of the remote entry, each connect
# coming back for the next game (--again) until the tournament is over.
cat >"$tmp/t.yaml" <<EOF
players: 3
seed: 4
schedule: {games: 4}
time: {move-ms: 20000, bank-ms: 60000, handshake-ms: 60000}
network: {connect-ms: 20000}
output: $tmp/t-results
bots:
  - {name: local, command: "$rb"}
  - {name: far, command: "listen:auto"}
  - {name: clever, command: "$hb"}
EOF
rm -f "$tmp/t.tokens"
"$bin" tournament -j 2 --token-file "$tmp/t.tokens" "$tmp/t.yaml" \
    >"$tmp/t.out" 2>"$tmp/t.err" &
ref=$!
i=0
while [ ! -s "$tmp/t.tokens" ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
for k in 1 2; do
	"$bin" connect --again --wait-ms 3000 "$(where t far)" "$(token t far)" \
	    -- "$rb" >"$tmp/t-conn$k.out" 2>&1 &
done
finish t
wait
expect_rc t.rc 0
grep -Eq '^ *[0-9]+  far .* remote$' "$tmp/t.out" && ok ||
    { no "the standings do not say the remote entry"; sed 's/^/  | /' "$tmp/t.out"; }
"$bin" standings --format yaml "$tmp/t-results" | grep -q '^    remote: true' &&
    ok || no "standings --format yaml: no remote: true"
grep -q "^far 127.0.0.1:[0-9]*\$" "$tmp/t-results/network.txt" && ok ||
    no "no network.txt"
grep -q "$(token t far)" "$tmp/t-results/network.txt" && no "network.txt holds the token" || ok
n=$(grep -c 'status=ok,ok,ok' "$tmp/t-results/journal.txt")
[ "$n" = 4 ] && ok || no "tournament: $n of 4 games with every seat ok"
for g in "$tmp"/t-results/replays/*.sabr.gz; do
	"$bin" verify --quiet "$g" >/dev/null 2>&1 && ok || no "tournament: $g does not verify"
done
# The file is checked: a person's seat has no place in a tournament.
sed 's/listen:auto/human/' "$tmp/t.yaml" >"$tmp/th.yaml"
"$bin" tournament "$tmp/th.yaml" >"$tmp/th.out" 2>&1
[ $? = 3 ] && grep -q "th.yaml:[0-9]*:[0-9]*: bots\[1\].command: a person's seat" "$tmp/th.out" &&
    ok || { no "a human entry"; sed 's/^/  | /' "$tmp/th.out"; }

# ---- hostile bots behind connect: sealed on their side, harmless ---------

if "$bin" play --sandbox on --quiet --log-dir "$tmp/probe" $limits \
    "$rb" "$rb" "$rb" >"$tmp/probe.out" 2>&1; then
	lport=$(free_port)
	python3 -c "
import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1', $lport)); s.listen(5); time.sleep(120)" &
	lpid=$!
	# As tests/hostile.sh asks of the referee's sandbox: the spy finds
	# nothing (no referee in sight, no network but its seat's link), the
	# others disturb no other seat, and nothing is left behind.
	for m in spy killer injector storm daemon; do
		args=
		[ $m = spy ] && args="net:$lport"
		start "h-$m" "$rb" listen:auto "$rb"
		"$bin" connect --sandbox on --wait-ms 20000 "$(where "h-$m" 2)" \
		    "$(token "h-$m" 2)" -- python3 "$here/bots/hostile.py" "$m" \
		    "$tag" $args >"$tmp/h-$m.conn" 2>"$tmp/h-$m.report"
		finish "h-$m"
		expect "h-$m" 1 ok
		expect "h-$m" 3 ok
		grep -q '^DONE' "$tmp/h-$m.report" && ok ||
		    { no "hostile $m behind connect did not attack";
			sed 's/^/  | /' "$tmp/h-$m.report" | head -5; }
	done
	grep -q '^TRIED' "$tmp/h-spy.report" && ! grep -q '^FOUND' "$tmp/h-spy.report" &&
	    ok || { no "the spy behind connect got through:";
		grep '^FOUND\|^TRIED' "$tmp/h-spy.report" | head -8 | sed 's/^/  | /'; }
	kill "$lpid"
	wait "$lpid" 2>/dev/null
	leftovers "hostile bots behind connect"
else
	echo "SKIP net.sh hostile: bwrap cannot seal bots here:" \
	    "$(tail -1 "$tmp/probe.out")"
fi

leftovers "net.sh: after every match"
echo "net: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
