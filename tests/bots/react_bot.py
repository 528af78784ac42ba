#!/usr/bin/env python3
"""react_bot.py: a bot that asks for feature "react" (and "moves"), for the
tests of the reaction request: at a reaction request it vetoes when it can
and was started with "veto", else it allows; any other decision is the
first legal move.  It never reads the game: only the "legal" lines.

Usage: react_bot.py [veto] [TAG...]
"""
import sys


def main():
    veto = len(sys.argv) > 1 and sys.argv[1] == "veto"
    legal = []
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        words = line.split()
        if not words:
            continue
        if words[0] == "saboteur":
            out.write("bot react%s moves seed react\n" % ("-veto" if veto else ""))
        elif words[0] == "legal":
            legal.append(line[len("legal "):])
        elif words[0] in ("turn", "illegal"):
            if "allow" in legal:
                move = "play veto" if veto and "play veto" in legal else "allow"
            else:
                move = legal[0] if legal else "discard -"
            out.write(move + "\n")
            legal = []
        elif words[0] == "quit":
            return 0
        else:
            continue
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
