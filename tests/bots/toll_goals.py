#!/usr/bin/env python3
"""toll_goals.py: a bot that digs for the goals of base-minis and puts its
dwarves between two of them, so that a path card laid on a dwarf pays its
toll and reaches two goals at once ("played", "toll", "goals"): for
tests/selffuzz.sh.  Deterministic: the same lines, the same replies.

Usage: toll_goals.py [TAG]   (TAG only marks the process for the tests)
"""
import sys

BETWEEN = ((8, -1), (8, 1))     # the cells between base's goals


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def pick(legal):
    """A path card or dwarf on a cell between two goals, else the path
    card nearest the goals, else the first legal move."""
    best, key = legal[0], None
    for m in legal:
        w = m.split()
        if w[0] == "dwarf" and (int(w[2]), int(w[3])) in BETWEEN:
            return m
        if w[0] == "play" and w[1].startswith("path-") and len(w) == 5:
            x, y = int(w[2]), int(w[3])
            k = (x, y) in BETWEEN, x, -abs(y)
            if key is None or k > key:
                best, key = m, k
    return best


def main():
    legal = []
    for raw in sys.stdin:
        w = raw.split()
        if not w:
            continue
        if w[0] == "saboteur":
            say("bot toll-goals moves")
        elif w[0] == "legal":
            legal.append(raw.strip()[len("legal "):])
        elif w[0] == "turn":
            say(pick(legal) if legal else "discard nothing")
            legal = []
        elif w[0] == "quit":
            return


if __name__ == "__main__":
    main()
