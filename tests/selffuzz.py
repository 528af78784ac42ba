#!/usr/bin/env python3
"""selffuzz.py: the referee fuzzes itself.  Plays matches with "saboteur
play" (the real referee, real bot processes) between adversarial bots
(tests/fuzz/fuzz_bot.c: at every decision a legal reply, an illegal or
malformed one, one out of its phase, a late one, none, or a crash), over
every ruleset given, and checks after every game:

  - the match ran (exit 0) and wrote every game's replay, complete;
  - "saboteur verify" accepts the replay (so every move applied, default
    moves included, was legal, and every seat was sent only what the rules
    let it see);
  - "saboteur export --as SEAT" is, byte for byte, what the bot at that
    seat received (its own log of every byte read; a bot that died, or
    was stopped asleep on a late reply at the match's end, before it read
    the last lines sent to it: the referee's transcript shows them sent);
  - no line a seat was sent shows another seat's secret
    (tests/check_transcripts.py, on the referee's transcripts), and what a
    seat that asked for its legal moves was sent follows
    saboteur-protocol(7) line by line (tests/check_fixtures.py);
  - no reply that is one of the moves the request's "legal" lines offered
    (written with tabs or a "\\r" at its end, as a bot may) was refused.

A failing match is kept, with the command that plays it again, in the
folder given by --keep (default: selffuzz-failures under the work folder).

Usage: selffuzz.py [options] SABOTEUR FUZZ_BOT [RULESET...]
  RULESET: a built-in name or a ruleset file; --all adds every built-in
  ruleset and every file of examples/rulesets.
Options:
  --seed N         the run's seed (default 1): every match's comes from it
  --decisions N    stop once this many decisions were checked
  --matches N      stop after this many matches
  --seconds N      stop after this many seconds (at a match's end)
  --games N        the most games a match plays (default 3)
  --keep DIR       where failing matches are kept
  --keep-going     go on after a failure (default: stop at the first)
  --quiet          no progress lines
"""
import gzip
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # tests write nothing into the tree
import check_fixtures  # noqa: E402
import check_transcripts  # noqa: E402


def quote(word):
    """A word for the referee's command splitter (referee/match/split.h):
    single quotes keep everything, a single quote itself goes outside."""
    return "'" + word.replace("'", "'\\''") + "'"


def run(argv, **kw):
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          **kw)


class Fuzz:
    def __init__(self, opts):
        self.o = opts
        self.rng = random.Random(opts["seed"])
        self.players = {}
        self.totals = dict(matches=0, games=0, decisions=0, refused=0,
                           defaults=0, timeouts=0, failed_bots=0, failures=0)
        self.by_ruleset = {}
        self.phases = {}
        self.started = time.monotonic()

    # ---- the rulesets ------------------------------------------------------

    def player_range(self, ruleset):
        if ruleset not in self.players:
            p = run([self.o["bin"], "rules", "--ruleset", ruleset])
            m = re.search(rb"players: (\d+) to (\d+)", p.stdout)
            if p.returncode != 0 or m is None:
                sys.exit("selffuzz: cannot read ruleset %s: %s"
                         % (ruleset, p.stderr.decode(errors="replace")))
            self.players[ruleset] = (int(m.group(1)), int(m.group(2)))
        return self.players[ruleset]

    # ---- one match ---------------------------------------------------------

    def match(self, k, ruleset, work):
        lo, hi = self.player_range(ruleset)
        r = random.Random(self.rng.getrandbits(64))
        n = r.randint(lo, hi)
        games = r.randint(1, self.o["games"])
        seed = r.getrandbits(63)
        tries = r.randint(1, 4)
        move = r.choice((30, 60, 200))
        bank = r.choice((0, 40, 200))
        logs = os.path.join(work, "logs")
        os.makedirs(logs)
        bots = []
        for s in range(n):
            log = os.path.join(work, "bot%d.log" % s)
            bots.append((log, "%s %d %s" % (quote(self.o["bot"]),
                                            r.getrandbits(32), quote(log))))
        argv = [self.o["bin"], "play", "--sandbox", "off", "--quiet",
                "--ruleset", ruleset, "--seed", str(seed), "--games",
                str(games), "--tries", str(tries), "--move-ms", str(move),
                "--bank-ms", str(bank), "--grace-ms", "20",
                "--handshake-ms", "5000", "--transcripts", "--log-dir", logs,
                "--replay", os.path.join(work, "g%d.sabr.gz")] + \
            [b[1] for b in bots]
        with open(os.path.join(work, "command"), "w") as f:
            f.write(" ".join(quote(a) for a in argv) + "\n")
        p = run(argv)
        problems = []
        if p.returncode != 0:
            problems.append("play exited %d: %s" % (
                p.returncode, p.stderr.decode(errors="replace")[-2000:]))
        decisions = 0
        for g in range(1, games + 1):
            path = os.path.join(work, "g%d.sabr.gz" % g)
            if not os.path.exists(path):
                problems.append("game %d: no replay %s" % (g, path))
                continue
            d, probs = self.check_game(path, g, g == games, bots)
            decisions += d
            problems += ["game %d: %s" % (g, x) for x in probs]
        problems += self.check_logs(logs)
        t = self.totals
        t["matches"] += 1
        t["games"] += games
        t["decisions"] += decisions
        self.by_ruleset[ruleset] = self.by_ruleset.get(ruleset, 0) + decisions
        return problems

    def check_game(self, path, g, last, bots):
        problems = []
        p = run([self.o["bin"], "verify", path])
        m = re.search(rb"(\d+) decisions", p.stdout)
        if p.returncode != 0 or m is None:
            return 0, ["verify failed: " +
                       p.stderr.decode(errors="replace").strip()]
        decisions = int(m.group(1))
        with gzip.open(path, "rb") as f:
            records = f.read().split(b"\n")
        seats = [line.split(b" ", 3)[3].decode(errors="replace")
                 for line in records if line.startswith(b"seat ")]
        hellos = {}
        for line in records:
            w = line.split(b" ")
            if w[0] == b"hello" and len(w) > 2:
                hellos[int(w[1])] = w[3:]
        replies = replies_by_decision(records)
        for s, command in enumerate(seats):
            log = next((b[0] for b in bots if command == b[1]), None)
            if log is None:
                problems.append("seat %d: no bot of the match runs %r"
                                % (s, command))
                continue
            e = run([self.o["bin"], "export", "--as", str(s), path])
            if e.returncode != 0:
                problems.append("export --as %d failed: %s" % (
                    s, e.stderr.decode(errors="replace").strip()))
                continue
            want = e.stdout.split(b"\n")[:-1]
            self.tally(want)
            problems += ["seat %d: %s" % (s, x)
                         for x in legal_refused(want, replies, s)]
            # The handshake comes once a match (or a restart); the farewell
            # at the match's end only.
            if want[:1] == [b"saboteur 1"]:
                want = want[1:]
            if not last and want[-1:] == [b"quit"]:
                want = want[:-1]
            got, cut = received(log, g)
            # A bot that died (a crash the referee finds only at its next
            # request) or was stopped asleep on a late reply at the match's
            # end read no more lines: the referee's transcript says what
            # was sent to it.
            if cut and got != want and got == want[:len(got)]:
                got = sent_lines(os.path.join(os.path.dirname(log),
                                              "logs"), command, g)
            if got != want:
                problems.append("seat %d was sent %s" % (
                    s, first_difference(got, want)))
            elif b"moves" in hellos.get(s, []):
                # A bot that failed mid-game was sent nothing after.
                failed = any(line.startswith(b"status %d " % s)
                             for line in records[header_end(records):])
                problems += ["seat %d: %s" % (s, x) for x in
                             protocol_problems(got, os.path.dirname(log))
                             if not (failed and
                                     x.endswith("ends inside a decision"))]
        return decisions, problems

    def check_logs(self, logs):
        problems = []
        transcripts = sorted(os.path.join(logs, f) for f in os.listdir(logs)
                             if f.endswith(".transcript"))
        for t in transcripts:
            problems += check_transcripts.check(t)
        return problems

    # ---- what the decisions were -------------------------------------------

    def tally(self, lines):
        """Counts, by the kind of decision (told by its legal moves), the
        requests a seat was sent, its refused replies and its defaults."""
        t = self.totals
        legal, kind = [], None
        for line in lines:
            w = line.split(b" ", 2)
            if w[0] == b"legal":
                legal.append(w[1] if len(w) > 1 else b"")
            elif w[0] == b"turn":
                kind = phase_of(legal)
                legal = []
                self.phases.setdefault(kind, [0, 0, 0])[0] += 1
            elif w[0] == b"illegal":
                t["refused"] += 1
                self.phases.setdefault(kind, [0, 0, 0])[1] += 1
            elif w[0] == b"default":
                t["defaults"] += 1
                t["timeouts"] += len(w) > 1 and w[1] == b"timeout"
                self.phases.setdefault(kind, [0, 0, 0])[2] += 1

    # ---- the run -----------------------------------------------------------

    def keep(self, k, ruleset, work, problems):
        dest = os.path.join(self.o["keep"], "match-%d" % k)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(work, dest)
        with open(os.path.join(dest, "problems"), "w") as f:
            f.write("".join(p + "\n" for p in problems))
        print("FAIL match %d (%s): %d problems, kept in %s"
              % (k, ruleset, len(problems), dest))
        for p in problems[:10]:
            print("  " + p)

    def done(self):
        o, t = self.o, self.totals
        if o["decisions"] and t["decisions"] >= o["decisions"]:
            return True
        if o["matches"] and t["matches"] >= o["matches"]:
            return True
        return bool(o["seconds"] and
                    time.monotonic() - self.started >= o["seconds"])

    def go(self):
        k = 0
        while not self.done():
            ruleset = self.o["rulesets"][k % len(self.o["rulesets"])]
            work = tempfile.mkdtemp(prefix="selffuzz.")
            try:
                problems = self.match(k, ruleset, work)
                if problems:
                    self.totals["failures"] += 1
                    self.keep(k, ruleset, work, problems)
                    if not self.o["keep_going"]:
                        break
            finally:
                shutil.rmtree(work, ignore_errors=True)
            k += 1
            if not self.o["quiet"] and k % 20 == 0:
                self.progress()
        self.summary()
        return 1 if self.totals["failures"] else 0

    def progress(self):
        t = self.totals
        print("%d matches, %d games, %d decisions in %.0f s"
              % (t["matches"], t["games"], t["decisions"],
                 time.monotonic() - self.started), flush=True)

    def summary(self):
        t = self.totals
        secs = time.monotonic() - self.started
        print("selffuzz: %d matches, %d games, %d decisions in %.0f s "
              "(%.0f decisions/s): %d refused replies, %d default moves "
              "(%d after a timeout); %d failing matches"
              % (t["matches"], t["games"], t["decisions"], secs,
                 t["decisions"] / secs if secs > 0 else 0, t["refused"],
                 t["defaults"], t["timeouts"], t["failures"]))
        print("  decisions by ruleset:")
        for r, d in sorted(self.by_ruleset.items()):
            print("    %-50s %9d" % (r, d))
        print("  requests by kind (seats with legal lines): asked, "
              "refused, defaults")
        for kind, (a, r, d) in sorted(self.phases.items(),
                                      key=lambda x: str(x[0])):
            print("    %-30s %9d %9d %9d" % (kind, a, r, d))
        sys.stdout.flush()


KINDS = {b"pick": "gold pick", b"steal": "theft's victim", b"take": "take",
         b"choose": "chest's player", b"push": "chest's push",
         b"reveal": "goal order"}


def phase_of(legal):
    """The kind of decision a request's legal moves show."""
    if not legal:
        return "(no legal lines)"
    first = {m.split(b" ")[0] for m in legal}
    if b"allow" in first:
        return "reaction"
    if len(first) == 1 and next(iter(first)) in KINDS:
        return KINDS[next(iter(first))]
    if first == {b"play"}:
        return "pathfinder's path card"
    return "turn"


def replies_by_decision(records):
    """Decision number -> the "bot" records of that decision, in order, as
    (seat, the line sent)."""
    out, now = {}, []
    for rec in records:
        w = rec.split(b" ", 4)
        if w[0] == b"bot" and len(w) == 5:
            now.append((int(w[1]), w[4]))
        elif w[0] == b"turn" and len(w) >= 2:
            out[int(w[1])] = now
            now = []
    return out


def words_of(line):
    """A move as its words: a bot line from a replay (escaped) read as the
    referee reads it, one "\\r" at its end allowed; None when it holds a
    byte no move holds."""
    raw = re.sub(rb"\\x([0-9a-f]{2})",
                 lambda m: bytes([int(m.group(1), 16)]), line)
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if re.search(rb"[^\x20-\x7e\t]", raw):
        return None
    return tuple(raw.split())


def legal_refused(lines, replies, seat):
    """Replies of seat, refused although they were one of the moves its
    request's "legal" lines offered: the referee must accept what it
    lists."""
    problems, legal, fresh = [], set(), False
    decision, refused = None, 0

    def close():
        if decision is None:
            return
        mine = [r for s, r in replies.get(decision, []) if s == seat]
        for r in mine[:refused]:
            w = words_of(r)
            if w is not None and w in legal:
                problems.append("decision %d: the legal move %r was "
                                "refused" % (decision, r))
    for line in lines:
        w = line.split(b" ")
        if w[0] == b"legal":
            if not fresh:
                legal, fresh = set(), True
            legal.add(tuple(line.split()[1:]))
        elif w[0] == b"turn" and len(w) >= 2:
            close()
            if not fresh:
                legal = set()
            fresh = False
            decision, refused = int(w[1]), 0
        elif w[0] == b"illegal":
            refused += 1
        elif w[0] != b"default":
            close()
            decision = None
    close()
    return problems


def header_end(records):
    """The index of a replay's first record past its header."""
    for i, line in enumerate(records):
        if line.startswith(b"round ") or line.startswith(b"ev "):
            return i
    return len(records)


def protocol_problems(lines, work):
    """What tests/check_fixtures.py, which knows saboteur-protocol(7) line
    by line, finds wrong in the lines a seat that asked for its legal
    moves was sent in one game."""
    path = os.path.join(work, "seat.txt")
    with open(path, "wb") as f:
        f.write(b"saboteur 1\n" + b"".join(x + b"\n" for x in lines))
    return check_fixtures.check(path)


def sent_lines(logs, command, g):
    """The lines the referee's transcript of the bot run by command says
    it sent in game g (its own lines are printable ASCII: the transcript
    holds them as sent)."""
    for name in sorted(os.listdir(logs)):
        if not name.endswith(".transcript"):
            continue
        with open(os.path.join(logs, name), "rb") as f:
            lines = f.read().split(b"\n")
        first = lines[0].split(b" -- ", 1)
        if len(first) < 2 or first[1].decode(errors="replace") != command:
            continue
        out = []
        for line in lines:
            part = line.split(b" <- ", 1)
            if len(part) == 2 and b" -- " not in part[0]:
                out.append(part[1])
        return segment(out, g)
    return []


def segment(lines, g, with_cut=False):
    """The lines of game g: from its "game g" line to the next "game" or
    "saboteur" line (a restart); with_cut, also whether the process that
    read them read nothing more (the end, or a restart came next)."""
    out, inside = [], False
    for line in lines:
        w = line.split(b" ")
        if w[0] in (b"game", b"saboteur"):
            if inside:
                return (out, w[0] == b"saboteur") if with_cut else out
            inside = w[0] == b"game" and len(w) > 1 and w[1] == str(g).encode()
        if inside:
            out.append(line)
    return (out, True) if with_cut else out


def received(log, g):
    """The lines the bot logged for game g (see segment()), and whether
    it read nothing more after them."""
    try:
        with open(log, "rb") as f:
            data = f.read()
    except OSError:
        return [], True
    lines = data.split(b"\n")
    return segment(lines[:-1] if data.endswith(b"\n") else lines, g, True)


def first_difference(got, want):
    for i in range(max(len(got), len(want))):
        a = got[i] if i < len(got) else b"(nothing)"
        b = want[i] if i < len(want) else b"(nothing)"
        if a != b:
            return ("line %d: %r, but the export says %r (%d lines against "
                    "%d)" % (i + 1, a[:200], b[:200], len(got), len(want)))
    return "the same lines"


def main(argv):
    o = dict(seed=1, decisions=0, matches=0, seconds=0, games=3,
             keep="selffuzz-failures", keep_going=False, quiet=False,
             all=False)
    args = []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--seed", "--decisions", "--matches", "--seconds",
                 "--games") and i + 1 < len(argv):
            o[a[2:]] = int(argv[i + 1])
            i += 2
        elif a == "--keep" and i + 1 < len(argv):
            o["keep"] = argv[i + 1]
            i += 2
        elif a in ("--keep-going", "--quiet", "--all"):
            o[a[2:].replace("-", "_")] = True
            i += 1
        elif a.startswith("--"):
            sys.exit(__doc__)
        else:
            args.append(a)
            i += 1
    if len(args) < 2:
        sys.exit(__doc__)
    o["bin"], o["bot"] = os.path.abspath(args[0]), os.path.abspath(args[1])
    rulesets = args[2:]
    if o["all"]:
        p = run([o["bin"], "rules", "--list"])
        for line in p.stdout.decode().split("\n")[1:]:
            if not line.strip():
                break
            rulesets.append(line.split()[0])
        ex = os.path.join(HERE, "..", "examples", "rulesets")
        rulesets += sorted(os.path.abspath(os.path.join(ex, f))
                           for f in os.listdir(ex) if f.endswith(".yaml"))
    if not rulesets:
        sys.exit("selffuzz: no ruleset given (name some, or --all)")
    o["rulesets"] = rulesets
    o["keep"] = os.path.abspath(o["keep"])
    if not (o["decisions"] or o["matches"] or o["seconds"]):
        o["matches"] = len(rulesets)
    return Fuzz(o).go()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
