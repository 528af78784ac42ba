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
  tmpfill CAP     write into its private /tmp (TMPDIR), 4 MB at a time,
                  until refused or CAP MB are written (FOUND then)
  diskfill CAP    the same into its own folder (the working directory)
  diskfill-bg CAP the same, from a thread started at the handshake, while
                  the other bots think
  mute            never answer its first turn
  forkbomb CAP    leave sleeping children until a fork is refused or CAP
                  are made (FOUND then)
  sender PORT     at the handshake, open every channel it knows to
                  another bot (locks on shared files, file activity for
                  inotify, a socket, a loopback port, /dev/shm, TMPDIR,
                  message queues) and keep them open
  receiver PORT   at its first turn, listen on each of those channels
                  for the sender (FOUND for each that carries anything)
  syscalls        make, each in a child of its own, the system calls a
                  bot never needs (FOUND for each that succeeds)
  ptrace          call ptrace(PTRACE_TRACEME) itself, at its first turn
  cpukids         leave three children that each spin 0.6 s of CPU time
                  (under a per-process limit of 1 s) and wait for them
TAG marks every process of the run for the test's process count.
"""
import ctypes
import errno
import fcntl
import glob
import os
import signal
import socket
import struct
import termios
import sys
import threading
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


def terminal():
    """Writes a marker (and a title-setting escape) to the controlling
    terminal, which the referee's user would see raw."""
    report("TRIED", "writing to /dev/tty")
    try:
        with open("/dev/tty", "w") as tty:
            tty.write("\x1b]0;hostile\x07hostile-tty-" + TAG + "\n")
        report("FOUND", "wrote to the terminal")
    except OSError as e:
        report("DENIED", "/dev/tty: %s" % e.strerror)


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


def fill(where, cap):
    """Files of 4 MB into where until a write fails or cap MB are in."""
    report("TRIED", "filling %s" % where)
    chunk = b"x" * (4 << 20)
    done = 0
    try:
        while done < cap:
            path = os.path.join(where, "fill-%d-%d" % (os.getpid(), done))
            with open(path, "wb") as f:
                f.write(chunk)
            done += 4
            if done % 16 == 0:
                report("WROTE", "%d MB" % done)
    except OSError as e:
        report("REFUSED", "after %d MB: %s" % (done, e.strerror))
        return
    report("FOUND", "wrote %d MB into %s" % (done, where))


def forkbomb(cap):
    report("TRIED", "leaving %d children" % cap)
    made = 0
    try:
        while made < cap:
            if os.fork() == 0:
                time.sleep(600)
                os._exit(0)
            made += 1
    except OSError as e:
        report("REFUSED", "after %d children: %s" % (made, e.strerror))
        return
    report("FOUND", "left %d children" % made)


# ---- two bots that collude ---------------------------------------------

# Files every bot of the test sees: this script, env(1), the interpreter.
SHARED = [os.path.abspath(__file__), "/usr/bin/env",
          os.path.realpath(sys.executable)]
LIBC = ctypes.CDLL(None, use_errno=True)
# A key of this run's own, so that runs at once do not meet.
MSG_KEY = 0x5AB00000 | (sum(TAG.encode()) & 0xffff)


def flock_struct(kind):
    # struct flock: l_type, l_whence, l_start, l_len, l_pid (Linux, LP64)
    return struct.pack("hhqqi4x", kind, 0, 0, 0, 0)


def names():
    return ("\0saboteur-chan-" + TAG, "/dev/shm/saboteur-chan-" + TAG,
            os.path.join(os.environ.get("TMPDIR", "/tmp"),
                         "saboteur-chan-" + TAG), "/saboteur-chan-" + TAG)


KEEP = []


def sender_try(what, fn):
    report("TRIED", what)
    try:
        fn()
    except OSError as e:
        report("REFUSED", "%s: %s" % (what, e.strerror or e))


def sender(port):
    abstract, shm, tmp, mq = names()
    for path in SHARED:
        fd = os.open(path, os.O_RDONLY)
        KEEP.append(fd)
        sender_try("flock on " + path,
                   lambda fd=fd: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB))
        fd2 = os.open(path, os.O_RDONLY)
        KEEP.append(fd2)
        sender_try("fcntl lock on " + path,
                   lambda fd=fd2: fcntl.fcntl(fd, fcntl.F_SETLK,
                                              flock_struct(fcntl.F_RDLCK)))
        fd3 = os.open(path, os.O_RDONLY)
        KEEP.append(fd3)
        sender_try("OFD lock on " + path,
                   lambda fd=fd3: fcntl.fcntl(fd, fcntl.F_OFD_SETLK,
                                              flock_struct(fcntl.F_RDLCK)))

    def serve(sock):
        while True:
            try:
                c, _ = sock.accept()
                c.sendall(b"secret")
                c.close()
            except OSError:
                return

    def listen(family, address):
        s = socket.socket(family, socket.SOCK_STREAM)
        s.bind(address)
        s.listen(5)
        KEEP.append(s)
        threading.Thread(target=serve, args=(s,), daemon=True).start()

    sender_try("an abstract socket", lambda: listen(socket.AF_UNIX, abstract))
    sender_try("127.0.0.1:%d" % port,
               lambda: listen(socket.AF_INET, ("127.0.0.1", port)))

    def put(path):
        with open(path, "w") as f:
            f.write("secret")
    sender_try(shm, lambda: put(shm))
    sender_try(tmp, lambda: put(tmp))

    def sysv():
        q = LIBC.msgget(MSG_KEY, 0o1666)        # IPC_CREAT | 0666
        if q < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        msg = struct.pack("q", 1) + b"secret"
        if LIBC.msgsnd(q, msg, 6, 0o4000) < 0:  # IPC_NOWAIT
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    sender_try("a System V message queue", sysv)

    def posix_mq():
        LIBC.mq_open.restype = ctypes.c_int
        q = LIBC.mq_open(mq.encode(), os.O_CREAT | os.O_WRONLY, 0o666, None)
        if q < 0 or LIBC.mq_send(q, b"secret", 6, 0) < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
    sender_try("a POSIX message queue", posix_mq)

    def touch():
        # Opens a file both bots see, again and again: inotify's signal.
        while True:
            try:
                with open(SHARED[0], "rb") as f:
                    f.read(1)
            except OSError:
                pass
            time.sleep(0.02)
    threading.Thread(target=touch, daemon=True).start()


INOTIFY = []


def receiver_watch():
    """At the handshake: watch this script for opens (the sender's)."""
    fd = LIBC.inotify_init1(os.O_NONBLOCK)
    if fd < 0:
        return
    if LIBC.inotify_add_watch(fd, SHARED[0].encode(), 0x20 | 0x1) < 0:
        os.close(fd)                    # IN_OPEN | IN_ACCESS
        return
    INOTIFY.append(fd)


def receiver(port):
    abstract, shm, tmp, mq = names()
    # First, before it opens any of them itself.
    report("TRIED", "inotify on " + SHARED[0])
    for fd in INOTIFY:
        time.sleep(0.3)
        try:
            if os.read(fd, 4096):
                report("FOUND", "inotify: another bot opened " + SHARED[0])
        except OSError:
            pass
    for path in SHARED:
        fd = os.open(path, os.O_RDONLY)
        report("TRIED", "flock on " + path)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                report("FOUND", "flock: %s is locked by another bot" % path)
        for cmd, what in ((fcntl.F_GETLK, "fcntl"),
                          (fcntl.F_OFD_GETLK, "OFD")):
            report("TRIED", "%s lock test on %s" % (what, path))
            try:
                got = fcntl.fcntl(fd, cmd, flock_struct(fcntl.F_WRLCK))
                if struct.unpack("hhqqi4x", got)[0] != fcntl.F_UNLCK:
                    report("FOUND", "%s: %s is locked by another bot"
                           % (what, path))
            except OSError:
                pass
        os.close(fd)
    for family, address, what in (
            (socket.AF_UNIX, abstract, "the abstract socket"),
            (socket.AF_INET, ("127.0.0.1", port), "127.0.0.1:%d" % port)):
        report("TRIED", what)
        try:
            s = socket.create_connection(address, timeout=2) \
                if family == socket.AF_INET else socket.socket(family)
            if family == socket.AF_UNIX:
                s.settimeout(2)
                s.connect(address)
            if s.recv(16) == b"secret":
                report("FOUND", "%s carried the sender's word" % what)
            s.close()
        except OSError:
            pass
    for path in (shm, tmp):
        report("TRIED", path)
        try:
            with open(path) as f:
                if f.read() == "secret":
                    report("FOUND", "%s holds the sender's word" % path)
        except OSError:
            pass
    report("TRIED", "a System V message queue")
    q = LIBC.msgget(MSG_KEY, 0)
    buf = ctypes.create_string_buffer(8192)
    if q >= 0 and LIBC.msgrcv(q, buf, 16, 0, 0o4000) > 0:
        report("FOUND", "a System V message queue carried the sender's word")
    if q >= 0:
        LIBC.msgctl(q, 0, None)         # IPC_RMID: unsealed, it would stay
    report("TRIED", "a POSIX message queue")
    LIBC.mq_open.restype = ctypes.c_int
    q = LIBC.mq_open(mq.encode(), os.O_RDONLY | os.O_NONBLOCK, 0, None)
    if q >= 0 and LIBC.mq_receive(q, buf, 8192, None) > 0:
        report("FOUND", "a POSIX message queue carried the sender's word")
    LIBC.mq_unlink(mq.encode())


# ---- system calls a bot never needs ---------------------------------------

# name: (x86_64 number, aarch64 number, arguments)
CALLS = {
    "ptrace": (101, 117, (0, 0, 0, 0)),                 # PTRACE_TRACEME
    "process_vm_readv": (310, 270, "vm"),
    "keyctl": (250, 219, (0, -3, 1)),           # the session keyring's id
    "add_key": (248, 217, "key"),
    "bpf": (321, 280, (0, 0, 0)),
    "perf_event_open": (298, 241, "perf"),
    "userfaultfd": (323, 282, (1,)),                    # UFFD_USER_MODE_ONLY
    "io_uring_setup": (425, 425, "uring"),
    "unshare(CLONE_NEWUSER)": (272, 97, (0x10000000,)),
    "unshare(CLONE_NEWNS)": (272, 97, (0x00020000,)),
    "mount": (165, 40, "mount"),
    "inotify_init1": (294, 26, (0,)),
    # A character pushed into a terminal's input, as if typed: into the
    # controlling terminal of a session of its own, which the kernel allows
    # (dev.tty.legacy_tiocsti) unless the filter refuses it.
    "ioctl(TIOCSTI)": (16, 29, "tiocsti"),
}


def call_args(how):
    """The arguments of a call that needs memory of its own."""
    if how == "vm":
        buf = ctypes.create_string_buffer(8)
        local = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
        remote = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
        return (os.getpid(), ctypes.addressof(local), 1,
                ctypes.addressof(remote), 1, 0), (buf, local, remote)
    if how == "key":
        return (ctypes.c_char_p(b"user"), ctypes.c_char_p(b"sab"),
                ctypes.c_char_p(b"x"), 1, -3), ()
    if how == "perf":
        attr = ctypes.create_string_buffer(128)
        struct.pack_into("IIQQ", attr, 0, 1, 128, 0, 0)  # software clock
        struct.pack_into("Q", attr, 40, 1 << 5 | 1 << 6)  # no kernel, hv
        return (ctypes.addressof(attr), 0, -1, -1, 0), (attr,)
    if how == "uring":
        params = ctypes.create_string_buffer(120)
        return (4, ctypes.addressof(params)), (params,)
    if how == "tiocsti":
        master, slave = os.openpty()
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        ch = ctypes.create_string_buffer(b"x", 1)
        return (slave, ctypes.c_ulong(0x5412),
                ctypes.c_void_p(ctypes.addressof(ch))), (master, ch)
    if how == "mount":
        return (ctypes.c_char_p(b"none"), ctypes.c_char_p(b"/tmp"),
                ctypes.c_char_p(b"tmpfs"), 0, None), ()
    return how, ()


def syscalls():
    arm = os.uname().machine in ("aarch64", "arm64")
    for name, (x86, a64, how) in CALLS.items():
        report("TRIED", name)
        pid = os.fork()
        if pid == 0:
            args, keep = call_args(how)
            r = LIBC.syscall(a64 if arm else x86, *args)
            os._exit(0 if r >= 0 else 1)
        _, st = os.waitpid(pid, 0)
        if os.WIFSIGNALED(st):
            report("DENIED", "%s: killed by signal %d" % (name,
                                                           os.WTERMSIG(st)))
        elif os.WEXITSTATUS(st) == 0:
            report("FOUND", "%s succeeded" % name)
        else:
            report("DENIED", "%s: refused" % name)


def cpukids():
    report("TRIED", "three children that spin")
    kids = []
    for _ in range(3):
        pid = os.fork()
        if pid == 0:
            end = time.time() + 20
            while time.process_time() < 0.6 and time.time() < end:
                pass
            os._exit(0)
        kids.append(pid)
    for pid in kids:
        _, st = os.waitpid(pid, 0)
        report("SPUN", "a child ended with status %d" % st)


def ptrace():
    report("TRIED", "ptrace(PTRACE_TRACEME)")
    LIBC.syscall(117 if os.uname().machine in ("aarch64", "arm64") else 101,
                 0, 0, 0, 0)
    report("FOUND", "ptrace(PTRACE_TRACEME) did not kill it")


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
    elif MODE == "tmpfill":
        fill(os.environ.get("TMPDIR", "/tmp"), int(PATHS[0]))
    elif MODE == "diskfill":
        fill(os.getcwd(), int(PATHS[0]))
    elif MODE == "forkbomb":
        forkbomb(int(PATHS[0]))
    elif MODE == "receiver":
        receiver(int(PATHS[0]))
    elif MODE == "syscalls":
        syscalls()
    elif MODE == "ptrace":
        ptrace()
    elif MODE == "cpukids":
        cpukids()
    elif MODE == "tty":
        terminal()
    report("DONE", MODE)


def main():
    legal, collecting, attacked = [], False, False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0] == "saboteur":
            # The colluding pair sets up while the referee greets all.
            if MODE == "sender":
                sender(int(PATHS[0]))
                report("DONE", MODE)
            elif MODE == "receiver":
                receiver_watch()
            elif MODE == "diskfill-bg":
                threading.Thread(target=fill, daemon=True,
                                 args=(os.getcwd(), int(PATHS[0]))).start()
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
                if MODE in ("linger", "mute"):
                    report("LINGER", "thinking forever")
                    time.sleep(600)
            say(legal[0] if legal else "discard nothing")
        elif words[0] == "illegal" and int(words[1]) > 0:
            say(legal[0] if legal else "discard nothing")
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
