#!/usr/bin/env python3
"""slowlink.py: a slow network on loopback for tests/net.sh: a TCP relay
that carries every byte both ways after DELAY_MS, in order, as a long
cable would.  It listens on 127.0.0.1 at a port the kernel picks, writes
that port to PORTFILE, and relays each connection to 127.0.0.1:TARGET.

Usage: slowlink.py DELAY_MS TARGET PORTFILE [TAG]   (TAG marks the process)
"""
import socket
import sys
import threading
import time

DELAY = int(sys.argv[1]) / 1000.0
TARGET = int(sys.argv[2])
PORTFILE = sys.argv[3]


def carry(src, dst):
    """Reads src and writes each chunk to dst DELAY after it came."""
    queue = []
    cond = threading.Condition()
    done = []

    def writer():
        while True:
            with cond:
                while not queue and not done:
                    cond.wait()
                if not queue:
                    break
                due, data = queue.pop(0)
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                dst.sendall(data)
            except OSError:
                break
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    while True:
        try:
            data = src.recv(65536)
        except OSError:
            data = b""
        with cond:
            if data:
                queue.append((time.monotonic() + DELAY, data))
            else:
                done.append(1)
            cond.notify()
        if not data:
            break
    t.join()


def serve(conn):
    up = socket.create_connection(("127.0.0.1", TARGET))
    for s in (conn, up):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    a = threading.Thread(target=carry, args=(conn, up), daemon=True)
    b = threading.Thread(target=carry, args=(up, conn), daemon=True)
    a.start()
    b.start()
    a.join()
    b.join()
    conn.close()
    up.close()


def main():
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(4)
    with open(PORTFILE + ".tmp", "w") as f:
        f.write("%d\n" % ls.getsockname()[1])
    import os
    os.rename(PORTFILE + ".tmp", PORTFILE)
    while True:
        conn, _ = ls.accept()
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


if __name__ == "__main__":
    main()
