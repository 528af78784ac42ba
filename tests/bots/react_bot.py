#!/usr/bin/env python3
"""react_bot.py: a bot that asks for feature "react" (and "moves"), for the
tests of the reaction request: at a reaction request it vetoes when it can
and was started with "veto", else it allows; any other decision is the
first legal move.  It never reads the game: only the "legal" lines.
With "at-once" it asks for "react-at-once" too; with "garbage" its first
answer to each reaction request is a line no rule reads; with "slow" it
never answers its first reaction request; with "standing" it asks for
"react-standing" too and allows with "allow standing"; with "fake-standing"
it allows so without asking for the feature (the referee refuses it).

Usage: react_bot.py [veto] [at-once] [garbage] [slow] [standing]
       [fake-standing] [TAG...]
"""
import sys
import time


def main():
    args = sys.argv[1:]
    veto = "veto" in args
    legal = []
    said = False                # garbage: said already to this request
    answered = False            # the legal list belongs to a past request
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        words = line.split()
        if not words:
            continue
        if words[0] == "saboteur":
            out.write("bot react%s moves seed react%s%s\n" % (
                "-veto" if veto else "",
                " react-at-once" if "at-once" in args else "",
                " react-standing" if "standing" in args else ""))
        elif words[0] == "legal":
            if answered:
                legal, said, answered = [], False, False
            legal.append(line[len("legal "):])
        elif words[0] in ("turn", "illegal"):
            if "allow" in legal:
                move = "play veto" if veto and "play veto" in legal else "allow"
                if "slow" in args and words[0] == "turn":
                    time.sleep(600)
                if "garbage" in args and not said:
                    move, said = "garbage", True
                elif move == "allow" and not said and (
                        "standing" in args or "fake-standing" in args):
                    move = "allow standing"
                    said = "fake-standing" in args
            else:
                move = legal[0] if legal else "discard -"
            out.write(move + "\n")
            answered = True
        elif words[0] == "quit":
            return 0
        else:
            continue
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
