#!/usr/bin/env python3
"""hostile.py: a bot written to cheat or to harm, one way per MODE, so the
tests can check that the referee's sandbox holds.  At its first turn it
attacks; then it plays the first legal move it is offered, like any bot.
It reports each attempt on stderr (its log, which the test reads) as
"TRIED what" and each success as "FOUND what"; "DONE" ends the report.

Usage: hostile.py MODE TAG [PATH...]
  spy PATHS       read the files named (other seats' transcripts, the
                  replay being written, the journal), every process's
                  command line, environment and memory; connect to
                  127.0.0.1:PORT for each path net:PORT
  killer          SIGKILL every other process of the run it can see,
                  SIGSTOP the referee (whose program is named saboteur)
  injector        write a long line into every other bot's stdout pipe
(It touches only processes whose command line holds TAG.)
  forger PATH     append a forged game to the journal at PATH
  daemon          leave a child that makes a new session (double fork)
  pgroup          leave a child in a process group of its own
  storm           leave 60 children
  hog             take memory 16 MB at a time until refused
  linger          like daemon, then think forever at its turn
TAG marks every process of the run for the test's process count.
"""
import glob
import os
import signal
import sys
import time

MODE = sys.argv[1]
TAG = sys.argv[2]
PATHS = sys.argv[3:]


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def report(word, what):
    sys.stderr.write("%s %s\n" % (word, what))
    sys.stderr.flush()


def processes():
    """(pid, command line, whether it is the referee's) of every process
    of the test run (its command line holds TAG) this bot can see, but
    itself: a hostile bot would take them all, but this one must not harm
    the machine it is tested on.  The referee is the process whose
    program is named saboteur: other command lines may hold the word too
    (bwrap's names the checkout's folder, which may)."""
    out = []
    for d in glob.glob("/proc/[0-9]*"):
        pid = int(d[6:])
        if pid == os.getpid():
            continue
        try:
            with open(d + "/cmdline", "rb") as f:
                raw = f.read()
        except OSError:
            continue
        cmd = raw.replace(b"\0", b" ").decode("utf-8", "replace")
        prog = raw.split(b"\0", 1)[0].decode("utf-8", "replace")
        if TAG in cmd:
            out.append((pid, cmd, os.path.basename(prog) == "saboteur"))
    return out


def try_read(path, what):
    report("TRIED", what + " " + path)
    try:
        if os.path.isdir(path):
            names = os.listdir(path)
            if names:
                report("FOUND", "%s %s: %s" % (what, path, " ".join(names)))
            return
        with open(path, "rb") as f:
            data = f.read(4096)
        if data:
            report("FOUND", "%s %s: %d bytes" % (what, path, len(data)))
    except OSError:
        pass


def spy():
    for p in PATHS:
        if p.startswith("net:"):
            continue
        try_read(p, "file")
        try_read(p + ".part", "file")
    for pid, cmd, referee in processes():
        report("TRIED", "command line of %d" % pid)
        if "--seed" in cmd or referee:
            report("FOUND", "command line %d: %s" % (pid, cmd[:200]))
        for part in ("environ", "mem"):
            path = "/proc/%d/%s" % (pid, part)
            try:
                with open(path, "rb") as f:
                    if part == "mem":
                        f.seek(0x400000)
                    data = f.read(64)
                if data and referee:
                    report("FOUND", "%s: %d bytes" % (path, len(data)))
            except (OSError, ValueError, OverflowError):
                pass
    for p in PATHS:
        if not p.startswith("net:"):
            continue
        report("TRIED", "the network: 127.0.0.1:" + p[4:])
        try:
            import socket
            s = socket.create_connection(("127.0.0.1", int(p[4:])), timeout=5)
            s.close()
            report("FOUND", "the network: connected to 127.0.0.1:" + p[4:])
        except OSError:
            pass
    report("TRIED", "descriptors")
    extra = [fd for fd in os.listdir("/proc/self/fd") if int(fd) > 2]
    # listdir's own descriptor is the one above 2 it may see
    if len(extra) > 1:
        report("FOUND", "descriptors: " + " ".join(extra))


def killer():
    for pid, cmd, referee in processes():
        sig = signal.SIGSTOP if referee else signal.SIGKILL
        report("TRIED", "signal %d to %d" % (sig, pid))
        try:
            os.kill(pid, sig)
            report("FOUND", "signalled %d: %s" % (pid, cmd[:100]))
        except OSError:
            pass


def injector():
    for pid, _, _ in processes():
        path = "/proc/%d/fd/1" % pid
        report("TRIED", "writing into " + path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            os.write(fd, b"x" * 8192 + b"\n")
            os.close(fd)
            report("FOUND", "wrote into the output of %d" % pid)
        except OSError:
            pass


def forger():
    for p in PATHS:
        report("TRIED", "appending to " + p)
        try:
            with open(p, "a") as f:
                f.write("game 999999 forged\n")
            report("FOUND", "appended to " + p)
        except OSError:
            pass


def leave(how):
    """Children that outlive the bot if nothing stops them."""
    if how == "storm":
        for _ in range(60):
            if os.fork() == 0:
                time.sleep(600)
                os._exit(0)
        return
    if os.fork() == 0:
        if how == "pgroup":
            os.setpgid(0, 0)
            time.sleep(600)
            os._exit(0)
        os.setsid()
        if os.fork() == 0:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            report("SETTLED", "a daemon in its own session, deaf to SIGTERM")
            time.sleep(600)
        os._exit(0)
    # The daemon's first child exits at once; the process group's child
    # stays, and waiting for it would only make this bot time out.
    if how != "pgroup":
        os.wait()


def hog():
    chunks = []
    while True:
        chunks.append(b"x" * (16 << 20))


def attack():
    if MODE == "spy":
        spy()
    elif MODE == "killer":
        killer()
    elif MODE == "injector":
        injector()
    elif MODE == "forger":
        forger()
    elif MODE in ("daemon", "pgroup", "storm", "linger"):
        leave("daemon" if MODE == "linger" else MODE)
    elif MODE == "hog":
        hog()
    report("DONE", MODE)


def main():
    legal, collecting, attacked = [], False, False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0] == "saboteur":
            say("bot hostile-" + MODE + " moves")
        elif words[0] == "legal":
            if not collecting:
                legal, collecting = [], True
            legal.append(raw.strip()[len("legal "):])
        elif words[0] == "turn":
            collecting = False
            if not attacked:
                attacked = True
                attack()
                if MODE == "linger":
                    report("LINGER", "thinking forever")
                    time.sleep(600)
            say(legal[0] if legal else "discard nothing")
        elif words[0] == "illegal" and int(words[1]) > 0:
            say(legal[0] if legal else "discard nothing")
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
