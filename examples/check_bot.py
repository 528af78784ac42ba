#!/usr/bin/env python3
"""check_bot.py: plays a recorded referee transcript to a bot and checks its replies."""
# Usage: examples/check_bot.py "BOT COMMAND" TRANSCRIPT...
#
# A transcript holds the lines one seat is sent, in order (as in
# tests/fixtures/transcripts/).  The bot must answer "saboteur 1" with
# "bot NAME [FEATURE...]", answer every "turn" (and every "illegal" with
# tries left) with exactly one line that is among the "legal" lines sent
# just before (a bot that listed "react-standing" may add " standing" to an
# answer), send nothing else but "note" lines, and exit 0 on "quit" or
# at the end of input.  Lines starting with "#" in a transcript are comments.
# A "seed S" line goes only to a bot whose handshake listed the feature
# "seed", as the referee does.
# Standard library only, so it runs wherever Python 3 does.

import os
import re
import select
import shlex
import subprocess
import sys
import time

# How long a reply may take: generous, since a bot's first reply includes
# its start (an interpreter can take seconds on a busy machine); a bot that
# hangs fails all the same.
REPLY_SECONDS = 60.0
NAME = re.compile(r"^[A-Za-z0-9._-]{1,32}$")


class Failure(Exception):
    pass


class Bot:
    """A bot process and its output read line by line with a deadline."""

    def __init__(self, command):
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, bufsize=0)
        self.buf = b""
        os.set_blocking(self.p.stdin.fileno(), False)

    def send(self, line):
        """Writes one line, failing if the bot stops reading for long."""
        data = line.encode() + b"\n"
        deadline = time.monotonic() + REPLY_SECONDS
        while data:
            left = deadline - time.monotonic()
            _, ready, _ = select.select([], [self.p.stdin], [], max(0, left))
            if not ready:
                raise Failure("the bot stopped reading at: " + line[:60])
            try:
                data = data[os.write(self.p.stdin.fileno(), data):]
            except BrokenPipeError:
                raise Failure("the bot stopped reading at: " + line[:60])

    def _line(self, deadline):
        """The next line, or None when the deadline passes or output ends;
        a deadline already past still takes what is there."""
        while b"\n" not in self.buf:
            left = max(0, deadline - time.monotonic())
            ready, _, _ = select.select([self.p.stdout], [], [], left)
            if not ready:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("ascii", "replace").rstrip("\r")

    def reply(self, what):
        """The next line that is not a note, or a Failure."""
        deadline = time.monotonic() + REPLY_SECONDS
        while True:
            line = self._line(deadline)
            if line is None:
                raise Failure("no reply to " + what)
            if line != "note" and not line.startswith("note "):
                return line

    def unasked(self, wait):
        """Lines already sent that nobody asked for (notes aside), waiting
        up to wait seconds for the first."""
        lines = []
        deadline = time.monotonic() + wait
        while True:
            line = self._line(deadline)
            if line is None:
                return lines
            if line != "note" and not line.startswith("note "):
                lines.append(line)
            deadline = time.monotonic()


def check(command, path):
    # newline="" keeps a "\r" before the "\n": a bot must accept both ends.
    with open(path, newline="") as f:
        script = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    bot = Bot(command)
    legal, answered, last, features = [], 0, None, []
    try:
        for line in script:
            # A bot that answers too early shows it before the request;
            # waiting a little before each one catches it, and costs little.
            words = line.split()
            if words[0] == "seed" and "seed" not in features:
                continue
            extra = bot.unasked(0.01 if line.startswith("turn") else 0)
            if extra:
                raise Failure("unasked line %r before: %s" % (extra[0], line))
            bot.send(line)
            line = line.rstrip("\r")
            if words[0] == "saboteur":
                hello = bot.reply(line).split()
                if len(hello) < 2 or hello[0] != "bot" or not NAME.match(hello[1]):
                    raise Failure("bad handshake reply %r" % " ".join(hello))
                features = hello[2:]
            elif words[0] == "legal":
                if last == "answered":
                    legal = []
                legal.append(line[len("legal "):])
                last = "legal"
            elif words[0] in ("turn", "illegal"):
                if words[0] == "illegal" and int(words[1]) == 0:
                    continue
                if words[0] == "turn" and last != "legal":
                    legal = []
                got = bot.reply(line)
                move = got
                if "react-standing" in features and got.split()[-1:] == [
                        "standing"]:
                    move = got.rsplit(None, 1)[0].strip()
                if legal and move not in legal:
                    raise Failure("%r is not among the %d legal moves at: %s"
                                  % (got, len(legal), line))
                if words[0] == "illegal" and got in legal:
                    legal.remove(got)
                answered += 1
                last = "answered"
        bot.p.stdin.close()
        extra = bot.unasked(0.2)
        if extra:
            raise Failure("unasked line %r at the end" % extra[0])
        code = bot.p.wait(timeout=REPLY_SECONDS)
        if code != 0:
            raise Failure("exit status %d" % code)
    except Failure as e:
        bot.p.kill()
        bot.p.wait()
        print("FAIL %s: %s" % (path, e))
        return False
    except subprocess.TimeoutExpired:
        bot.p.kill()
        bot.p.wait()
        print("FAIL %s: the bot did not exit" % path)
        return False
    print("ok   %s: %d decisions" % (path, answered))
    return True


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: check_bot.py \"BOT COMMAND\" TRANSCRIPT...")
    results = [check(sys.argv[1], p) for p in sys.argv[2:]]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
