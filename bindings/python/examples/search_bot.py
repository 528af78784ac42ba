#!/usr/bin/env python3
"""search_bot.py: a Saboteur bot that searches, in Python over the saboteur
package: information-set Monte Carlo tree search over games sampled from
what its seat knows.  A template to start from; it imports nothing but the
package.

    saboteur play "python3 bindings/python/examples/search_bot.py --ms 100" ...

The algorithm is the C search bot's tree search (examples/c/search.c,
search_bot.c, search-bot --tree; its default search plays its candidates
out with the heuristic bot's move in every seat instead, and deals the
unknown roles by the heuristic's trust in each seat, which needs the
heuristic bot in C):

1. The candidates: a few moves to compare (WIDTH).  The C bot takes the
   heuristic example bot's best; this one, with no heuristic in Python,
   takes the moves the playout policy (Game.policy_move(), the C bot's)
   chooses most often in a few samples.  Replace that with your own ideas.
2. Each iteration samples a complete game consistent with every line the
   seat received (Knowledge.sample(exact=False)), walks a tree of this
   seat's decisions (UCB1 with availability counts: a move is a child of a
   decision in every sample where it is legal; the other seats play the
   policy), adds a node, plays the policy for a few moves a seat
   (Game.policy_playout()), and scores the result for this seat: the gold
   it won when the round ended, else a miner's share as likely as
   Game.outlook() says the gold is reached (a saboteur's otherwise).
3. It plays the first candidate unless another did better by MARGIN over
   20 samples at least.

Options: --ms N (the time a decision, default 100, at most a quarter of
the referee's move limit), --iter N (that many samples a decision, the
moves then depending only on the seeds), --ruleset FILE (a ruleset that is
not built in).
"""

import math
import sys
import time
from collections import Counter

import saboteur

WIDTH = 3
MARGIN = 0.03
PLAYOUT_MOVES = 3       # a seat, before the round's outcome is guessed
UCB_C = 0.7


class Node:
    """A decision of this seat, reached by a move of its parent."""
    __slots__ = ("children", "visits", "avail", "value")

    def __init__(self):
        self.children = {}      # move line -> Node
        self.visits = 0
        self.avail = 0
        self.value = 0.0


def result(start, g, me):
    """This seat's result from 0 to 1: gold won (a round pays up to about
    5), at the game's end half for sharing the win; a round still on,
    guessed from Game.outlook()."""
    if not g.over and g.round == start.round and g.round_end is None:
        p = g.outlook()
        return 0.6 * (1 - p) if g.role(me) == "saboteur" else 0.45 * p
    gold = min(1.0, max(0.0, (g.gold[me] - start.gold[me]) / 5.0))
    if g.over:
        return 0.5 * gold + (0.5 / len(g.winners) if me in g.winners
                             else 0.0)
    return gold


def candidates(d, rng):
    """The moves the policy plays most often in a few samples."""
    votes = Counter()
    for _ in range(12):
        g = d.knowledge.sample(rng.getrandbits(64), exact=False)
        votes[g.policy_move()] += 1
    cands = [m for m, _ in votes.most_common() if m in d.legal][:WIDTH]
    return cands or d.legal[:WIDTH]


def iterate(d, root, cands, rng):
    """One sample: down the tree, one new node, a short playout, back up."""
    me = d.seat
    start = d.knowledge.sample(rng.getrandbits(64), exact=False)
    g = start.clone()
    node, path = root, [root]
    while not g.over and g.round == start.round:
        if g.to_act != me:
            g.apply(g.policy_move())
            continue
        legal = g.legal()
        if node is root:
            legal = [m for m in legal if m in cands] or legal
        untried = [m for m in legal if m not in node.children]
        for m in legal:
            if m in node.children:
                node.children[m].avail += 1
        if untried:
            m = rng.choice(untried)
            child = node.children[m] = Node()
            child.avail = 1
            g.apply(m)
            path.append(child)
            break
        m = max(legal, key=lambda m: (
            node.children[m].value / node.children[m].visits +
            UCB_C * math.sqrt(math.log(node.children[m].avail) /
                              node.children[m].visits)))
        node = node.children[m]
        g.apply(m)
        path.append(node)
    g.policy_playout(moves=PLAYOUT_MOVES * g.players)
    r = result(start, g, me)
    for n in path:
        n.visits += 1
        n.value += r


def choose(d, ms, iterations):
    if len(d.legal) <= 1:
        return None
    try:
        d.knowledge.sync()
        rng = d.rng
        cands = candidates(d, rng)
        if len(cands) == 1:
            return cands[0]
        if d.move_ms > 0:
            ms = min(ms, d.move_ms / 4)
        root, deadline, n = Node(), time.monotonic() + ms / 1000.0, 0
        while (n < iterations) if iterations else \
                (n == 0 or time.monotonic() < deadline):
            iterate(d, root, cands, rng)
            n += 1
    except (saboteur.LostError, ValueError):
        return None             # nothing sampled: the first legal move
    first = root.children.get(cands[0])
    best = max((c for m, c in root.children.items() if m != cands[0] and
                c.visits >= 20), key=lambda c: c.value / c.visits,
               default=None)
    if first and best and best.value / best.visits > \
            first.value / first.visits + MARGIN:
        return next(m for m, c in root.children.items() if c is best)
    return cands[0]


def bench(n):
    """n samples searched from the first decision of seat 0 of a seeded
    5-player base game, timed (make bench)."""
    import random
    g = saboteur.Game("base", 5, 2026, record=True)
    d = saboteur.Decision()
    d.knowledge = saboteur.Knowledge()
    d.knowledge.feed(g.setup_lines(0))
    d.knowledge.feed(g.lines(0))
    d.seat, d.legal, d.rng = 0, g.legal(), random.Random(1)
    cands = candidates(d, d.rng)
    root = Node()
    t = time.perf_counter()
    for _ in range(n):
        iterate(d, root, cands, d.rng)
    dt = time.perf_counter() - t
    print("search bot (Python): %.0f samples/s (%d samples)" % (n / dt, n))
    return 0


def main(argv):
    ms, iterations, ruleset = 100.0, 0, None
    if len(argv) > 2 and argv[1] == "--bench":
        return bench(int(argv[2]))
    for i in range(1, len(argv) - 1):
        if argv[i] == "--ms":
            ms = float(argv[i + 1])
        elif argv[i] == "--iter":
            iterations = int(argv[i + 1])
        elif argv[i] == "--ruleset":
            ruleset = saboteur.Ruleset(argv[i + 1])
    return saboteur.run(lambda d: choose(d, ms, iterations),
                        name="pysearch", ruleset=ruleset)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
