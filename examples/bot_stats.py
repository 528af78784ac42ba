#!/usr/bin/env python3
"""bot_stats.py: one bot's results by role, read from its saboteur play transcript."""
# Usage: examples/bot_stats.py saboteur-logs/1-mybot.transcript...
#
# "saboteur play --transcripts" writes, for every bot, each line it was sent
# ("<-") and each line it sent ("->").  From the lines it was sent this
# prints, per transcript: games played and won (a shared win counts), its
# mean gold, and for each role the share of rounds its side won; also the
# share of all rounds won by the miners.  Standard library only.

import sys
from collections import Counter


def stats(path):
    games = wins = gold = 0
    rounds, won, sides = Counter(), Counter(), Counter()
    seat = role = None
    ended = False
    with open(path, encoding="ascii", errors="replace") as f:
        for line in f:
            # "   0.012345 1-mybot <- round 1 0 49": time, bot, direction, line
            parts = line.split(None, 3)
            if len(parts) < 4 or parts[2] != "<-":
                continue
            w = parts[3].split()
            if w[0] == "game" and len(w) >= 5:
                seat = int(w[4])
            elif w[0] == "round":
                role, ended = None, False
            elif w[0] == "role" and len(w) >= 3 and int(w[1]) == seat and not ended:
                role = w[2]         # ours, dealt at the start of the round
            elif w[0] == "roundend" and len(w) >= 5:
                ended = True
                sides[w[4]] += 1
                rounds[role] += 1
                if (w[4], role) in (("miners", "miner"), ("saboteurs", "saboteur")):
                    won[role] += 1
            elif w[0] == "gameover" and "winners" in w:
                i = w.index("winners")
                games += 1
                gold += int(w[1 + seat])
                wins += str(seat) in w[i + 1:]
    if games == 0:
        print("%s: no complete game" % path)
        return
    print("%s: %d games, won %d (%.1f%%), mean gold %.2f"
          % (path, games, wins, 100.0 * wins / games, gold / games))
    for r in ("miner", "saboteur"):
        if rounds[r]:
            print("  as %-8s %5d rounds, its side won %5.1f%%"
                  % (r, rounds[r], 100.0 * won[r] / rounds[r]))
    total = sum(sides.values())
    print("  all rounds: the miners won %.1f%% of %d"
          % (100.0 * sides["miners"] / total, total))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bot_stats.py TRANSCRIPT...")
    for p in sys.argv[1:]:
        stats(p)
