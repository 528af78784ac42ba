#!/usr/bin/env python3
"""bot_stats.py: one bot's results by role, read from its saboteur play transcript."""
# Usage: examples/bot_stats.py saboteur-logs/1-mybot.transcript...
#
# "saboteur play --transcripts" writes, for every bot, each line it was sent
# ("<-") and each line it sent ("->").  From the lines it was sent this
# prints, per transcript: games played and won (a shared win counts), its
# mean gold, and for each role the rounds it ended in that role, the share
# of them it won (its side won, in the base game; in Saboteur 2 it was
# among the round's winners) and the gold it took a round (its pay, and
# thefts by and from it); also the share of all rounds won by each side.
# With --ci each share has its 95% Wilson interval and each gold a round
# its 95% normal interval (the mean's, from the rounds' spread).
# Standard library only.

import math
import sys
from collections import Counter

CI = False


def wilson(k, n, z=1.96):
    """The 95% Wilson score interval of k successes in n, as percents."""
    if n == 0:
        return 0.0, 100.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return 100 * max(0.0, c - h), 100 * min(1.0, c + h)


def share(k, n):
    """k of n as a percent, with its interval under --ci."""
    if not CI:
        return "%5.1f%%" % (100.0 * k / n)
    lo, hi = wilson(k, n)
    return "%5.1f%% [%.1f, %.1f]" % (100.0 * k / n, lo, hi)


def mean_gold(total, squares, n, z=1.96):
    """Gold a round, with its interval under --ci."""
    m = total / n
    if not CI:
        return "%.2f" % m
    var = (squares - n * m * m) / (n - 1) if n > 1 else 0.0
    h = z * math.sqrt(max(var, 0.0) / n)
    return "%.2f [%.2f, %.2f]" % (m, m - h, m + h)


def stats(path):
    games = wins = gold = 0
    rounds, won, pay, sides = Counter(), Counter(), Counter(), Counter()
    squares = Counter()
    order = []
    seat = role = None
    ended = False
    this = 0            # the gold of the round that ended, so far
    with open(path, encoding="ascii", errors="replace") as f:
        for line in f:
            # "   0.012345 1-mybot <- round 1 0 49": time, bot, direction, line
            parts = line.split(None, 3)
            if len(parts) < 4 or parts[2] != "<-":
                continue
            w = parts[3].split()
            if ended and w[0] in ("round", "gameover"):
                squares[role] += this * this
                this = 0
            if w[0] == "game" and len(w) >= 5:
                seat = int(w[4])
            elif w[0] == "round":
                role, ended = None, False
            elif w[0] == "role" and len(w) >= 3 and int(w[1]) == seat:
                # Ours: dealt, changed by change hats, shown at the end.
                if not ended:
                    role = w[2]
            elif w[0] == "roundend" and len(w) >= 5:
                ended = True
                sides[w[4]] += 1
                rounds[role] += 1
                if role not in order:
                    order.append(role)
                if "winners" in w:
                    won[role] += str(seat) in w[w.index("winners") + 1:]
                elif (w[4], role) in (("miners", "miner"),
                                      ("saboteurs", "saboteur")):
                    won[role] += 1
            elif w[0] == "gold" and len(w) >= 3 and ended and \
                    int(w[1]) == seat and w[2] != "-":
                pay[role] += int(w[2])
                this += int(w[2])
            elif w[0] == "stole" and len(w) >= 3 and ended:
                d = (int(w[1]) == seat) - (int(w[2]) == seat)
                pay[role] += d
                this += d
            elif w[0] == "gameover":
                ended = False
            if w[0] == "gameover" and "winners" in w:
                i = w.index("winners")
                games += 1
                gold += int(w[1 + seat])
                wins += str(seat) in w[i + 1:]
    if games == 0:
        print("%s: no complete game" % path)
        return
    print("%s: %d games, won %d (%s), mean gold %.2f"
          % (path, games, wins, share(wins, games).strip(), gold / games))
    for r in order:
        print("  as %-11s %5d rounds, won %s, gold a round %s"
              % (r, rounds[r], share(won[r], rounds[r]),
                 mean_gold(pay[r], squares[r], rounds[r])))
    total = sum(sides.values())
    print("  all rounds (%d) won by: %s" % (total, ", ".join(
        "%s %.1f%%" % (k, 100.0 * v / total) for k, v in sides.most_common())))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--ci":
        CI = True
        args = args[1:]
    if not args:
        sys.exit("usage: bot_stats.py [--ci] TRANSCRIPT...")
    for p in args:
        stats(p)
