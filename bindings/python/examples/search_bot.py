#!/usr/bin/env python3
"""search_bot.py: a Saboteur bot that searches, in Python over the saboteur
package: it compares the heuristic example bot's best moves in games
sampled from what its seat knows, each played out with the heuristic's
move in every seat.  A template to start from; it imports nothing but the
package.

    saboteur play "python3 bindings/python/examples/search_bot.py --ms 100" ...

The algorithm is the C search bot's default (examples/c/search_bot.c), and
it draws its random numbers as that bot does: with --iter N both answer
alike, line for line.  Each decision:

1. The candidates: the heuristic bot's WIDTH best legal moves
   (saboteur.Heuristic follows this seat's lines as the heuristic bot
   does, its trust in each seat included).
2. Each sample is a complete game consistent with every line the seat
   received (Knowledge.sample()); the roles this seat does not know are
   dealt again by each seat's likelihood of each role (Knowledge.roles():
   the round so far played again, and at every card another seat played,
   how the heuristic bot would have scored its moves with that card in
   each role), see deal_roles(): a seat that laid a dead end where only
   a saboteur would is likely a saboteur.
3. Each candidate is played in the sample and the round played out with
   every seat playing the heuristic's move there (Game.heuristic_playout():
   each seat knows its own hand and role and the goals it looked at, and
   trusts the others as their plays make it), every candidate from the
   same random numbers.  Its result less the first candidate's in the same
   sample measures it with far less noise than apart.
4. It plays the candidate whose mean difference is the highest and above
   0, over 8 samples at least; otherwise the heuristic's first.

Options: --ms N (the time a decision, default 100, at most a quarter of
the referee's move limit), --iter N (exactly N samples a decision: the
moves then depend only on the seeds), --ruleset FILE (a ruleset that is
not built in).  BOT_SEED in the environment mixes into the seed.
"""

import math
import os
import sys
import time

import saboteur

WIDTH = 5               # candidates: the heuristic's best moves
TRUST = 1.0             # a saboteur card's weight: exp(-TRUST x trust)
INFER = 8.0             # the roles' softmax temperature (0: by trust)
MIN_SAMPLES = 8         # before another move than the heuristic's

heuristic = saboteur.Heuristic()    # fed every line (main())


def deal_roles(g, know, me, trust, rng, doors, roles):
    """Deals the sample's roles again among the seats whose role this seat
    does not know.  By default by roles (Knowledge.roles(): each seat's
    log-likelihood of each role from the cards it played this round, as
    the heuristic bot would have played them): Knowledge.deal_roles()
    makes a few exchanges of two dwarf cards, each kept with the ratio of
    the likelihoods.  Without them (INFER = 0, or a round it could not
    read): a few exchanges of two seats' cards, each kept with the ratio
    of the weights (exp(-TRUST x trust) a saboteur card); then the gold
    miners' colours by the doors each seat laid (deal_colours())."""
    if not g.ruleset.has_roles:
        return
    if roles is not None:
        know.deal_roles(g, roles, rng)
        return
    free = [s for s in range(g.players) if s != me and know.role(s) is None]
    n = len(free)
    for _ in range(4 * n if n >= 2 else 0):
        a, b = free[rng.below(n)], free[rng.below(n)]
        sa, sb = g.role(a) == "saboteur", g.role(b) == "saboteur"
        if sa == sb:
            continue
        w = math.exp(TRUST * (trust[a] - trust[b] if sa else
                              trust[b] - trust[a]))
        if w >= 1 or rng.below(1 << 30) < w * (1 << 30):
            g.swap_roles(a, b)
    if g.ruleset.teams >= 2:
        deal_colours(g, free, doors, rng)


DOOR_AGAINST = 0.05     # a colour's weight where the other's doors lie
TEAM = {"blue-miner": 1, "green-miner": 2}


def deal_colours(g, free, doors, rng):
    """Saboteur 2: a gold miner lays only its own colour's doors, so a
    seat that laid a blue door (doors[seat], Heuristic.doors(): bit 1
    blue, bit 2 green) is hardly a green miner.  A few exchanges of two
    seats' gold miner cards of different colours, each kept with the ratio
    of the weights (DOOR_AGAINST for a colour where the other's doors
    lie)."""
    def weight(s, team):
        return DOOR_AGAINST if doors[s] >> (2 - team) & 1 else 1.0
    n = len(free)
    for _ in range(4 * n if n >= 2 else 0):
        a, b = free[rng.below(n)], free[rng.below(n)]
        ta, tb = TEAM.get(g.role(a), 0), TEAM.get(g.role(b), 0)
        if ta == 0 or tb == 0 or ta == tb:
            continue
        w = weight(a, tb) * weight(b, ta) / (weight(a, ta) * weight(b, tb))
        if w >= 1 or rng.below(1 << 30) < w * (1 << 30):
            g.swap_roles(a, b)


def playout(start, move, seed, trust, me):
    """This seat's result (0 to 1) of move in the sample start, the round
    played out by the heuristic in every seat."""
    g = start.clone()
    g.reseed(seed)              # the same random numbers for each move
    t = list(trust)             # what the playout's plays teach
    g.heuristic_seen(t, move)
    g.apply(move)
    if not g.over and g.round == start.round:
        # In Python, move by move, this is:
        #   while not g.over and g.round == start.round:
        #       m = g.heuristic_move(t) or g.random_move()
        #       g.heuristic_seen(t, m)
        #       g.apply(m)
        g.heuristic_playout(t)
    return g.round_result(start, me)


def compare(know, me, cands, trust, rng, ms, iterations, doors, roles=None):
    """Plays every candidate in the same samples for ms milliseconds, or
    exactly `iterations` samples; returns the samples used and each
    candidate's mean result less the first's, with its standard error.
    None when the knowledge has no sample to give."""
    n, used = len(cands), 0
    d1, d2 = [0.0] * n, [0.0] * n
    deadline = time.monotonic() + ms / 1000.0
    it = 0
    while it < iterations if iterations else \
            (it == 0 or time.monotonic() < deadline):
        it += 1
        start = know.sample(rng=rng, exact=False)
        if start.to_act != me:
            return None
        deal_roles(start, know, me, trust, rng, doors, roles)
        seed = rng.next()
        if any(start.check(c) is not None for c in cands):
            continue            # a candidate this sample does not allow
        res = [playout(start, c, seed, trust, me) for c in cands]
        used += 1
        for i in range(n):
            d1[i] += res[i] - res[0]
            d2[i] += (res[i] - res[0]) * (res[i] - res[0])
    diff, se = [0.0] * n, [1.0] * n
    for i in range(n):
        m = d1[i] / used if used else 0.0
        var = (d2[i] - used * m * m) / (used - 1) if used > 1 else 0.0
        diff[i] = m
        se[i] = math.sqrt(var / used) if used > 1 and var > 0 else 1.0
    return used, diff, se


class Search:
    """The bot: its random generator, seeded afresh each game."""

    def __init__(self, ms, iterations):
        self.ms, self.iterations = ms, iterations
        self.game, self.rng = None, None

    def choose(self, d):
        if d.game != self.game:
            seed = d.seed if d.seed is not None else os.getpid()
            self.rng = saboteur.Rng(seed ^ int(os.environ.get("BOT_SEED",
                                                                "0")))
            self.game = d.game
        # The heuristic's best first (sorted() keeps equals in order).
        ranked = sorted(heuristic.rank(), key=lambda p: -p[1])
        cands = [m for m, _ in ranked if m in d.legal][:WIDTH]
        if len(cands) <= 1:
            return cands[0] if cands else None
        ms = self.ms
        if d.move_ms > 0:
            ms = min(ms, d.move_ms / 4.0)
        trust = heuristic.trust()
        try:
            # Who is who, from what each seat played (None: by trust).
            roles = d.knowledge.roles(self.rng, INFER) if INFER > 0 \
                else None
            r = compare(d.knowledge, d.seat, cands, trust, self.rng, ms,
                        self.iterations, heuristic.doors(), roles)
        except (saboteur.LostError, ValueError):
            r = None            # no sample: the knowledge is lost
        if r is None:
            return cands[0]
        used, diff, se = r
        best = 0
        for i in range(1, len(cands)):
            if diff[i] > diff[best] and diff[i] > 0:
                best = i        # (the C bot's --z X asks diff > X se too)
        return cands[best] if used >= MIN_SAMPLES else cands[0]


def bench(n):
    """n samples of WIDTH candidates from the first decision of seat 0 of a
    seeded 5-player base game (search-bot --bench's paired line), timed."""
    g = saboteur.Game("base", 5, 2026, record=True)
    know = saboteur.Knowledge()
    know.feed(g.setup_lines(0))
    know.feed(g.lines(0))
    cands = g.legal()[:WIDTH]
    t = time.perf_counter()
    used, _, _ = compare(know, 0, cands, [0] * 5, saboteur.Rng(1), 0, n,
                         [0] * 5)
    dt = time.perf_counter() - t
    print("search bot (Python): %.0f samples/s of %d candidates (%d "
          "samples)" % (used / dt, len(cands), used))
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
    bot = Search(ms, iterations)
    return saboteur.run(bot.choose, name="pysearch", ruleset=ruleset,
                        lines=heuristic.feed)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
