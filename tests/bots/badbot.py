#!/usr/bin/env python3
"""badbot.py: a bot that misbehaves on purpose, one way per MODE, so the
end-to-end tests can check that the referee survives it.  When it is not
misbehaving it plays the first legal move it was offered.

Usage: badbot.py MODE [TAG]   (TAG only marks the process for the tests)
"""
import errno
import os
import signal
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "good"
BAD_TURN = 3            # the decision at which the mid-game modes act


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def spy():
    """Tries to read its referee (its parent process): its memory and its
    environment.  Says on stderr what it got, and who owns the memory file,
    which shows whether the referee made itself undumpable."""
    parent = os.getppid()
    for what in ("mem", "environ"):
        try:
            # Opening mem is where the kernel checks; environ is checked
            # when read.
            with open("/proc/%d/%s" % (parent, what), "rb") as f:
                if what == "environ":
                    f.read()
            got = "read"
        except OSError as e:
            got = errno.errorcode.get(e.errno, str(e.errno))
        sys.stderr.write("spy %s: %s\n" % (what, got))
    st = os.stat("/proc/%d/mem" % parent)
    sys.stderr.write("spy owner: %d me: %d\n" % (st.st_uid, os.getuid()))
    sys.stderr.flush()


def cmdlines():
    """Writes every process's command line it can read to stderr, one
    "cmdline PID: ARGS" line each, for the tests to look for secrets."""
    for pid in sorted(p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                args = f.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        sys.stderr.write("cmdline %s: %s\n" % (pid, args))
    sys.stderr.flush()


def main():
    if MODE == "spy":
        spy()
    if MODE == "crash-start":
        sys.exit(3)
    if MODE == "cpus":
        # The CPUs it may run on, as the kernel says, for the tests of
        # --affinity; then it plays as "good".
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Cpus_allowed_list:"):
                    sys.stderr.write("cpus %s\n" % line.split()[1])
        sys.stderr.flush()
    if MODE == "fork-holder":
        # A child that keeps stdin, stdout and stderr open, long after.
        if os.fork() == 0:
            time.sleep(600)
            os._exit(0)
    if MODE == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    legal, turns, answer, collecting = [], 0, "", False
    pathfinding = False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if MODE == "cmdlines" and words[0] in ("saboteur", "game"):
            cmdlines()
        if words[0] == "saboteur":
            if MODE == "bad-hello":
                say("hello there")
                continue
            if MODE == "hang-hello":
                time.sleep(600)
            if MODE == "control-hello":
                # A name that would recolour, beep and rewrite a terminal.
                say("bot \x1b[31mred\x07\rgotcha\x1b]0;owned\x07")
                continue
            say("bot " + MODE + " moves")
            if MODE == "close-stdout":
                os.close(1)
                time.sleep(600)
        elif words[0] == "game" and MODE == "interrupt-game-3":
            # Ctrl-C at the referee (its parent when unsealed) as the
            # third game starts: two games are played, for certain.
            if words[1] == "3":
                os.kill(os.getppid(), signal.SIGINT)
        elif words[0] == "game" and MODE == "hold" and int(words[1]) >= 3:
            # From the third game on, waits while the file $HOLD_FILE
            # exists: a test holds its tournament there, with two games
            # played, to kill it midway for certain.
            while os.path.exists(os.environ.get("HOLD_FILE", "")):
                time.sleep(0.05)
        elif words[0] == "legal":
            if not collecting:
                legal, collecting = [], True
            legal.append(raw.strip()[len("legal "):])
        elif words[0] == "turn":
            turns += 1
            answer = legal[0] if legal else "discard nothing"
            collecting = False
            if MODE == "pathfinder":
                # Plays a pathfinder whenever it may, and answers its
                # path cards with illegal moves only: the referee plays
                # the second card for it (issue 23's third bug).
                if "play pathfinder" in legal:
                    answer = "play pathfinder"
                elif pathfinding:
                    answer = "play path-NESW 30 30 0"
                pathfinding = answer == "play pathfinder" or (
                    pathfinding and answer.startswith("play path-NESW 30"))
            say(misbehave(turns, answer) or answer)
        elif words[0] == "illegal" and int(words[1]) > 0 and \
                MODE != "debug-stdout":
            # A refused reply: try again, as badly as the mode says.
            # (debug-stdout's retry is the move it sent after its debug
            # line, already on its way.)
            say("play path-NESW 30 30 0" if MODE == "illegal" else answer)
        elif words[0] == "default" and MODE == "pathfinder":
            pathfinding = False
        elif words[0] == "quit":
            if MODE == "ignore-term":
                time.sleep(600)
            return


def misbehave(turn, answer):
    """Does this mode's harm at this decision; returns a reply to send
    instead of the legal one (answer), or None."""
    if turn == 1 and MODE == "stderr-flood":
        chunk = "x" * 65535 + "\n"
        for _ in range(800):            # 50 MB
            sys.stderr.write(chunk)
        sys.stderr.flush()
    if MODE == "debug-stdout":
        # Debug text on stdout, as a bot author's print() would: each
        # such line is a refused reply, and the move after it the retry.
        say("debug: thinking")
    if turn < BAD_TURN:
        return None
    if MODE == "crash-mid":
        os.kill(os.getpid(), signal.SIGSEGV)
    if MODE == "exit-mid":
        sys.exit(0)
    if MODE == "hang":
        time.sleep(600)
    if MODE == "garbage":
        return "\x01\x02 this is no move \xff"
    if MODE == "nul-byte" and turn == BAD_TURN:
        # A legal move with more after a NUL byte: cut at the NUL, it
        # would pass for the move.
        return answer + "\x00 and more"
    if MODE == "control-lines":
        say("note \x1b[2J\x07\rwiped")
        return "play \x1b[31mred\x07\r 1 1 0"
    if MODE == "illegal":
        return "play path-NESW 30 30 0"
    if MODE == "long-line" and turn == BAD_TURN:
        sys.stdout.write("x" * (10 << 20) + "\n")
        sys.stdout.flush()
    if MODE == "flood" and turn == BAD_TURN:
        for _ in range(200000):
            sys.stdout.write("note flood flood flood flood flood\n")
        sys.stdout.flush()
    if MODE == "notes":
        say("note thinking about turn %d" % turn)
    return None


if __name__ == "__main__":
    main()
