#!/usr/bin/env python3
"""bot_stats.py: one bot's results by role, read from its saboteur play transcript."""
# Usage: examples/bot_stats.py [--ci] TRANSCRIPT...
#        examples/bot_stats.py [--pool] A_TRANSCRIPT... --against B_TRANSCRIPT...
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
#
# With --against, two bots played in the same seat on the same seeds
# (saboteur play --seed S, the same ruleset and other bots; each side one
# transcript or more): round by round, A's result minus B's on the same
# deal, with its 95% interval, games as clusters (--help says more).
# Standard library only.

import math
import sys
from collections import Counter

CI = False
Z = 1.96

HELP = """\
usage: bot_stats.py [--ci] TRANSCRIPT...
       bot_stats.py [--pool] A_TRANSCRIPT... --against B_TRANSCRIPT...

One bot's results by role, from the transcripts saboteur play --transcripts
writes (saboteur-logs/N-BOT.transcript): games played and won, mean gold,
and for each role the rounds it ended in that role, the share of them it
won and the gold it took a round.  --ci adds 95% intervals (Wilson for a
share, normal for gold a round).

--against compares two bots played in the same seat on the same seeds
(the same saboteur play --seed, ruleset, players and other bots), A minus
B; scripts/search-tables.sh with KEEP=1 does it for its tables:

  bot_stats.py OUT/c-sab2-heuristic/1-search.transcript \\
      --against OUT/heuristic-sab2-heuristic/1-heuristic.transcript

Game N of A and game N of B are the same game.  --pool (first) pools
matches of other seeds: A's and B's transcripts pair in order, the i-th
of A with the i-th of B, each pair one match, and every game counts as a
cluster of its own:

  bot_stats.py --pool S42/1-search.transcript S43/1-search.transcript \\
      --against H42/1-heuristic.transcript H43/1-heuristic.transcript

In base and Saboteur 2
games, whose play draws nothing from the game's generator, every round
deals the seats the same roles, deck and goals in both, and the same
hands when the same seat starts the round (round 1 always; a later round
starts left of the seat that played the last card, and the hands are
dealt from it); played with saboteur play --deal-by-seat, every round
deals the same hands.  A round that deals the measured seat another role,
or another hand though the same seat starts it, is refused (exit 3).
For each role the measured seat was dealt (its role at the round's start,
not after a change of hats), it prints the rounds paired, A's and B's
share of them won and gold a round, and A minus B with its 95% interval;
then all rounds, and whole games (share won, mean gold).  The interval
takes the games as clusters, since the rounds of one game are not
independent: d, the difference, is the sum over the games of D_g, game
g's sum of the differences in its n_g rounds of that role, over N, the
rounds; its cluster-robust (sandwich) variance is G/(G-1) times the sum
over the G games holding the role of (D_g - d n_g)^2, over N^2; the
interval is d +- 1.96 standard errors (a role in one game only: "[one
game]", no interval).  Like any cluster-robust error it needs many games
(hundreds): with a few it comes out too narrow.  Only games complete in
both are paired (a table still running has a partial last game); games
in one only are counted and left out.

Exit status: 0 done; 1 a transcript cannot be read (with --against: or
no game is complete in both); 2 a bad command line (--pool with A and B
of different numbers of transcripts); 3 with
--against, A and B do not pair: a game whose ruleset, players, measured
seat or seed differ, a round that deals the measured seat another role,
or another hand though the same seat starts it (round 1 always), or a
game number twice in one side (the message names the game and round).
"""


def wilson(k, n, z=Z):
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


def mean_gold(total, squares, n, z=Z):
    """Gold a round, with its interval under --ci."""
    m = total / n
    if not CI:
        return "%.2f" % m
    var = (squares - n * m * m) / (n - 1) if n > 1 else 0.0
    h = z * math.sqrt(max(var, 0.0) / n)
    return "%.2f [%.2f, %.2f]" % (m, m - h, m + h)


class Stop(Exception):
    """A transcript that cannot be read, or two that do not pair."""

    def __init__(self, message, status):
        Exception.__init__(self, message)
        self.status = status


class Round:
    """One round as the measured seat saw it."""

    def __init__(self, number, start):
        self.number = number    # 1-based, from "round R FIRST N"
        self.start = start      # that line: its first seat, its deck
        self.dealt = None       # the seat's role at the round's start
        self.role = None        # and at its end (after change hats)
        self.hand = []          # the seat's cards as dealt
        self.dealing = True     # still in the round's opening lines
        self.ended = False
        self.side = None        # who won the round ("miners"...)
        self.won = 0            # 1: the seat was among its winners
        self.gold = 0           # its pay and thefts, by and from it


class Game:
    """One game of a transcript: the seat's rounds and, if over, its end."""

    def __init__(self, words):
        self.number = words[1]
        self.setup = words[2:5]  # ruleset, players, the seat
        self.seat = int(words[4])
        self.seed = None        # the seat's "seed S", the game's seed's
        self.rounds = []
        self.over = False       # a "gameover ... winners ..." came
        self.gold = 0
        self.won = 0


def read(path):
    """The games of one transcript, each with the rounds it ended."""
    games = []
    g = r = None
    seat = None
    try:
        f = open(path, encoding="ascii", errors="replace")
    except OSError as e:
        raise Stop("%s: %s" % (path, e.strerror), 1)
    with f:
        for line in f:
            # "   0.012345 1-mybot <- round 1 0 49": time, bot, direction, line
            parts = line.split(None, 3)
            if len(parts) < 4 or parts[2] != "<-":
                continue
            w = parts[3].split()
            if r is not None and r.dealing and r.hand and \
                    w[0] not in ("draw", "role"):
                r.dealing = False
            if w[0] == "game" and len(w) >= 5:
                g = Game(w)
                games.append(g)
                seat, r = g.seat, None
            elif w[0] == "seed" and len(w) >= 2 and g is not None and \
                    g.seed is None and not g.rounds:
                g.seed = w[1]
            elif w[0] == "round":
                r = Round(w[1] if len(w) > 1 else "?", " ".join(w))
                if g is None:       # a transcript cut before its game line
                    g = Game(["game", "?", "?", "?", "-1"])
                    games.append(g)
                g.rounds.append(r)
            elif r is None:
                pass
            elif w[0] == "draw" and len(w) >= 3 and r.dealing and \
                    int(w[1]) == seat:
                r.hand.append(w[2])
            elif w[0] == "role" and len(w) >= 3 and int(w[1]) == seat:
                # Ours: dealt, changed by change hats, shown at the end.
                if not r.ended:
                    r.role = w[2]
                    if r.dealt is None:
                        r.dealt = w[2]
            elif w[0] == "roundend" and len(w) >= 5:
                r.ended = True
                r.side = w[4]
                if "winners" in w:
                    r.won = int(str(seat) in w[w.index("winners") + 1:])
                elif (w[4], r.role) in (("miners", "miner"),
                                        ("saboteurs", "saboteur")):
                    r.won = 1
            elif w[0] == "gold" and len(w) >= 3 and r.ended and \
                    int(w[1]) == seat and w[2] != "-":
                r.gold += int(w[2])
            elif w[0] == "stole" and len(w) >= 3 and r.ended:
                r.gold += (int(w[1]) == seat) - (int(w[2]) == seat)
            if w[0] == "gameover":
                r = None
                if "winners" in w and g is not None:
                    g.over = True
                    g.gold = int(w[1 + seat])
                    g.won = int(str(seat) in w[w.index("winners") + 1:])
    return games


def first_seen(items):
    """The distinct items in the order they first come."""
    return list(dict.fromkeys(items))


def stats(path):
    games = read(path)
    over = [g for g in games if g.over]
    ended = [r for g in games for r in g.rounds if r.ended]
    if not over:
        print("%s: no complete game" % path)
        return
    wins = sum(g.won for g in over)
    print("%s: %d games, won %d (%s), mean gold %.2f"
          % (path, len(over), wins, share(wins, len(over)).strip(),
             sum(g.gold for g in over) / len(over)))
    for role in first_seen(r.role for r in ended):
        rs = [r for r in ended if r.role == role]
        print("  as %-11s %5d rounds, won %s, gold a round %s"
              % (role, len(rs), share(sum(r.won for r in rs), len(rs)),
                 mean_gold(sum(r.gold for r in rs),
                           sum(r.gold * r.gold for r in rs), len(rs))))
    sides = Counter(r.side for r in ended)
    print("  all rounds (%d) won by: %s" % (len(ended), ", ".join(
        "%s %.1f%%" % (k, 100.0 * v / len(ended))
        for k, v in sides.most_common())))


def side(paths):
    """The complete games of one side's transcripts, by game number."""
    games = {}
    for p in paths:
        for g in read(p):
            if not g.over:
                continue
            if g.number in games:
                raise Stop("game %s is in %s and in %s: one side holds a "
                           "game once (transcripts of one match)"
                           % (g.number, games[g.number][1], p), 3)
            games[g.number] = (g, p)
    return games


def cluster(pairs, value):
    """A minus B over paired rounds, and the half width of its 95% interval
    with games as clusters; pairs: [(game's key, round of A, round of B)]."""
    per = {}
    for key, a, b in pairs:
        d, n = per.get(key, (0, 0))
        per[key] = (d + value(a) - value(b), n + 1)
    n = len(pairs)
    diff = sum(d for d, _ in per.values()) / n
    if len(per) < 2:
        return diff, None
    s = sum((d - diff * k) ** 2 for d, k in per.values())
    return diff, Z * math.sqrt(len(per) / (len(per) - 1) * s) / n


def interval(diff, half, fmt):
    if half is None:
        return (fmt + " [one game]") % diff
    return (fmt + " [" + fmt + ", " + fmt + "]") % (diff, diff - half,
                                                     diff + half)


def row(label, pairs):
    """One role's line: rounds, won and gold a round of A and B, A - B."""
    n = len(pairs)
    won_a = 100.0 * sum(a.won for _, a, _ in pairs) / n
    won_b = 100.0 * sum(b.won for _, _, b in pairs) / n
    gold_a = sum(a.gold for _, a, _ in pairs) / n
    gold_b = sum(b.gold for _, _, b in pairs) / n
    dw, hw = cluster(pairs, lambda r: 100.0 * r.won)
    dg, hg = cluster(pairs, lambda r: r.gold)
    print("  %-12s %6d %6.1f%% %6.1f%%  %-22s %6.2f %6.2f  %s"
          % (label, n, won_a, won_b, interval(dw, hw, "%+.1f"),
             gold_a, gold_b, interval(dg, hg, "%+.2f")))


def pooled(paths):
    """side() of each transcript apart, keyed "match I game N"."""
    games = {}
    for i, p in enumerate(paths):
        for n, v in side([p]).items():
            games["match %d game %s" % (i + 1, n)] = v
    return games


def paired(apaths, bpaths, pool=False):
    if pool:
        a, b = pooled(apaths), pooled(bpaths)
    else:
        a, b = side(apaths), side(bpaths)
    both = [k for k in a if k in b]
    if not both:
        raise Stop("no game is complete in both A (%d complete) and B (%d): "
                   "nothing to pair" % (len(a), len(b)), 1)
    pairs = []
    alike = changed = unpaired = 0
    for k in both:
        (ga, pa), (gb, pb) = a[k], b[k]
        for what, x, y in (("rulesets, players or seats",
                            " ".join(ga.setup), " ".join(gb.setup)),
                           ("seat's seeds", ga.seed, gb.seed)):
            if x != y:
                raise Stop("game %s: the %s differ: %s in %s, %s in %s: not "
                           "the same game (the same saboteur play --seed, "
                           "ruleset and bots?)" % (k, what, x, pa, y, pb), 3)
        rb = {r.number: r for r in gb.rounds if r.ended}
        for ra in ga.rounds:
            if not ra.ended or ra.number not in rb:
                unpaired += ra.ended
                continue
            rob = rb.pop(ra.number)
            if ra.dealt != rob.dealt:
                raise Stop("game %s round %s: the measured seat was dealt %s "
                           "in %s and %s in %s: not the same deal"
                           % (k, ra.number, ra.dealt, pa, rob.dealt, pb), 3)
            # The same seat starting, the same hand (dealt from it, or
            # by seat): else another deal.
            if ra.start.split()[:3] == rob.start.split()[:3] and \
                    ra.hand != rob.hand:
                raise Stop("game %s round %s: the measured seat was dealt "
                           "%s in %s and %s in %s: not the same deal (one "
                           "dealt by seat, the other not?)"
                           % (k, ra.number, " ".join(ra.hand) or "nothing",
                              pa, " ".join(rob.hand) or "nothing", pb), 3)
            alike += ra.hand == rob.hand
            changed += ra.role != ra.dealt or rob.role != rob.dealt
            pairs.append((k, ra, rob))
        unpaired += len(rb)
    print("A: %s, %d complete games" % (" ".join(apaths), len(a)))
    print("B: %s, %d complete games" % (" ".join(bpaths), len(b)))
    print("%d games in both (%d in one only, left out), %d rounds paired by "
          "the role dealt" % (len(both), len(a) + len(b) - 2 * len(both),
                              len(pairs))
          + (" (%d rounds in one only, left out)" % unpaired
             if unpaired else "") + ";")
    print("%d of them dealt the seat the same hand, the other %d the same "
          "roles and deck,\nthe hands dealt from another seat; in %d the "
          "seat's role changed in play\n(counted by the role dealt)."
          % (alike, len(pairs) - alike, changed))
    print("A minus B, 95% intervals with games as clusters:")
    print("  %-12s %6s %7s %7s  %-22s %6s %6s  %s"
          % ("dealt role", "rounds", "won A", "won B", "A - B",
             "gold A", "gold B", "A - B"))
    for role in first_seen(ra.dealt for _, ra, _ in pairs):
        row(role, [p for p in pairs if p[1].dealt == role])
    row("all rounds", pairs)
    games = [(k, a[k][0], b[k][0]) for k in both]
    row("whole games", games)


def main(args):
    global CI
    if args and args[0] in ("-h", "--help"):
        sys.stdout.write(HELP)
        return 0
    if args and args[0] == "--ci":
        CI = True
        args = args[1:]
    pool = bool(args) and args[0] == "--pool"
    if pool:
        args = args[1:]
    if "--against" in args:
        i = args.index("--against")
        if i == 0 or i == len(args) - 1 or "--against" in args[i + 1:]:
            sys.stderr.write("bot_stats.py: --against goes between A's "
                             "transcripts and B's (--help)\n")
            return 2
        if pool and i != len(args) - 1 - i:
            sys.stderr.write("bot_stats.py: --pool pairs A's transcripts "
                             "with B's in order: %d against %d (--help)\n"
                             % (i, len(args) - 1 - i))
            return 2
        try:
            paired(args[:i], args[i + 1:], pool)
        except Stop as e:
            sys.stderr.write("bot_stats.py: %s\n" % e)
            return e.status
        return 0
    if pool or not args or any(a.startswith("-") for a in args):
        sys.stderr.write("usage: bot_stats.py [--ci] TRANSCRIPT...\n"
                         "       bot_stats.py [--pool] A_TRANSCRIPT... "
                         "--against B_TRANSCRIPT...   (--help)\n")
        return 2
    try:
        for p in args:
            stats(p)
    except Stop as e:
        sys.stderr.write("bot_stats.py: %s\n" % e)
        return e.status
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
