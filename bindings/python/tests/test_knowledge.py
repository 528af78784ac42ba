"""test_knowledge.py: a seat's Knowledge against real games of every built-in
ruleset: the samples are consistent (each, its round played again, sends the
seat exactly the lines it received) and unbiased (chi-square tests of the
cards, roles and goals of simple positions against the uniform deal over
the cards the seat has not seen)."""
import math
import os
import unittest
from collections import Counter

import saboteur

GAMES = int(os.environ.get("SAB_PY_GAMES", "2"))


def chi2_sf(x, k):
    """P(X >= x) for X chi-square with k degrees of freedom: the
    regularized upper incomplete gamma Q(k/2, x/2)."""
    a, x = k / 2.0, x / 2.0
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:               # the series of P, then 1 - P
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * math.exp(-x + a * math.log(x) - gln)
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)   # the continued fraction
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def chi2(observed, expected):
    """The statistic and degrees of freedom, bins with an expected count
    under 5 merged into one."""
    stat, bins, small_o, small_e = 0.0, 0, 0.0, 0.0
    for key, e in expected.items():
        o = observed.get(key, 0)
        if e < 5:
            small_o += o
            small_e += e
            continue
        stat += (o - e) ** 2 / e
        bins += 1
    if small_e > 0:
        stat += (small_o - small_e) ** 2 / small_e
        bins += 1
    return stat, bins - 1


def follow(ruleset, players, seed):
    """A game of random moves and every seat's knowledge of it, fed the
    lines each seat's bot would get; yields (game, knowledges, step)
    after the setup and after each decision."""
    g = saboteur.Game(ruleset, players, seed, record=True)
    ks = [saboteur.Knowledge() for _ in range(players)]
    for s in range(players):
        ks[s].feed(g.setup_lines(s))
        ks[s].feed(g.lines(s))
    step = 0
    yield g, ks, step
    while not g.over:
        g.apply(g.random_move())
        step += 1
        for s in range(players):
            ks[s].feed(g.lines(s))
        yield g, ks, step


def players_of(rs):
    return max(rs.min_players, min(5, rs.max_players))


class Consistent(unittest.TestCase):
    """Every sample replays the seat's lines; what the seat knows holds in
    it."""

    # Rulesets whose knowledge is never lost in these games and whose
    # samples need no second try: the base game's family and Saboteur 2.
    # The World Championship's cards and the mini expansions can end a
    # template in a dead end now and then (see know.h) or ask for an
    # exact sample to be drawn again; for them the rate is bounded.
    EXACT = ("base", "classic", "course", "tournament", "saboteur2")

    def test_every_ruleset(self):
        for name in saboteur.Ruleset.builtins():
            rs = saboteur.Ruleset(name)
            n = players_of(rs)
            seats = lost = samples = failed = 0
            for seed in range(GAMES):
                alive = [True] * n
                for g, ks, step in follow(name, n, 100 + seed):
                    if step % 9:
                        continue
                    for s in range(n):
                        if not alive[s]:
                            continue
                        try:
                            ks[s].sync()
                        except saboteur.LostError:
                            alive[s] = False
                            continue
                        samples += 1
                        why = ks[s].check(step)
                        if name in self.EXACT:
                            self.assertIsNone(why, "%s seed %d seat %d "
                                              "step %d" % (name, seed, s,
                                                           step))
                        try:
                            w = ks[s].sample(step, exact=True, tries=40)
                        except ValueError:
                            failed += 1
                            continue
                        self.assertEqual(sorted(w.hand(s)),
                                         sorted(g.hand(s)))
                        # At its own decision the seat has been told all
                        # (another's silent decision, letting a card
                        # through, is told by the lines after it).
                        if g.to_act == s:
                            self.assertEqual(w.turn, g.turn)
                            self.assertEqual(w.to_act, s)
                            self.assertEqual(w.phase, g.phase)
                            self.assertEqual(sorted(w.legal()),
                                             sorted(g.legal()))
                        for t in range(n):
                            if ks[s].role(t) is not None:
                                self.assertEqual(w.role(t), ks[s].role(t))
                            self.assertEqual(len(w.hand(t)),
                                             len(g.hand(t)))
                seats += n
                lost += alive.count(False)
            with self.subTest(ruleset=name):
                if name in self.EXACT:
                    self.assertEqual(lost, 0)
                    self.assertEqual(failed, 0)
                self.assertLessEqual(lost, seats // 3)
                self.assertLessEqual(failed, samples // 5)

    def test_template_follows_the_seat(self):
        # The template is the seat's game as far as the seat can tell.
        for g, ks, step in follow("base", 5, 7):
            if step % 11 == 0 and step:
                t = ks[2].template()
                self.assertEqual(sorted(t.hand(2)), sorted(g.hand(2)))
                self.assertEqual(t.role(2), g.role(2))
                self.assertEqual(t.turn, g.turn)
                self.assertEqual(t.deck, g.deck)
                self.assertEqual(t.to_act, g.to_act)
        self.assertEqual(ks[2].error, None)

    def test_lost_is_an_error_not_a_guess(self):
        k = saboteur.Knowledge()
        k.feed("game 1 base 5 0")
        k.feed("round 1 0 37")
        k.feed("played 3 path-NESW 1 0 0")
        with self.assertRaises(saboteur.LostError):
            k.sync()
        self.assertIn("round", k.error)
        k = saboteur.Knowledge()
        with self.assertRaises(saboteur.LostError):
            k.feed("game 1 no-such-ruleset 5 0")


class Unbiased(unittest.TestCase):
    """Samples deal the unseen cards, roles and goals uniformly."""

    N = int(os.environ.get("SAB_PY_SAMPLES", "3000"))
    ALPHA = 1e-3                # a fixed seed: the test never flips

    def unseen(self, k, lines, seat):
        """The deck's cards this seat has not seen: the ruleset's deck less
        its hand, the cards played face up, its own discards."""
        u = Counter(k.ruleset.deck)
        u.subtract(k.hand())
        for line in lines:
            w = line.split()
            if w[0] == "played":
                u[w[2]] -= 1
            elif w[0] == "discarded" and int(w[1]) == seat:
                u.subtract(w[2:])
        return +u

    def check(self, name, ks_lines, seat, exact, n):
        k, lines = ks_lines
        u = self.unseen(k, lines, seat)
        total = sum(u.values())
        other = (seat + 1) % k.players
        hands, tops, sab, gold = Counter(), Counter(), 0, Counter()
        nhand = None
        for i in range(n):
            w = k.sample(1000 + i, exact=exact)
            h = w.hand(other)
            nhand = len(h)
            hands.update(h)
            tops[w.draw_pile()[-1]] += 1
            sab += w.role(other) == "saboteur"
            gold[next(i for i, (x, y, c) in enumerate(w.goals())
                      if c.startswith("gold"))] += 1
        # The other seat's hand and the top card: the unseen cards' shares.
        for what, obs, per in (("hand", hands, nhand), ("top", tops, 1)):
            exp = {c: n * per * m / total for c, m in u.items()}
            stat, df = chi2(obs, exp)
            self.assertGreater(chi2_sf(stat, df), self.ALPHA,
                               "%s: %s of %d samples: chi2 %.1f, %d df" % (
                                   name, what, n, stat, df))
            self.assertEqual(set(obs) - set(u), set())   # nothing seen
        # The goals: the gold under each unknown place alike.
        stat, df = chi2(gold, {g: n / 3 for g in range(3)})
        self.assertGreater(chi2_sf(stat, df), self.ALPHA)
        return sab

    def test_the_deal(self):
        # Seat 0 at its first decision: it knows its hand and its role.
        g = saboteur.Game("base", 5, 11, record=True)
        k = saboteur.Knowledge()
        k.feed(g.setup_lines(0))
        lines = g.lines(0)
        k.feed(lines)
        sab = self.check("deal", (k, lines), 0, False, self.N)
        # 5 players: 2 saboteur cards and 4 miner cards, one left out; a
        # miner sees 2 of the 5 other cards as saboteurs.
        p = 2 / 5 if k.role() == "miner" else 1 / 5
        stat, df = chi2({1: sab, 0: self.N - sab},
                        {1: self.N * p, 0: self.N * (1 - p)})
        self.assertGreater(chi2_sf(stat, df), self.ALPHA)

    def test_after_discards(self):
        # Seat 2 after twelve decisions: cards played face up, others
        # discarded face down, its own draws; exact samples too.
        g = saboteur.Game("base", 5, 4, record=True)
        k = saboteur.Knowledge()
        k.feed(g.setup_lines(2))
        lines = list(g.lines(2))
        k.feed(g.lines(2))
        for _ in range(12):
            g.apply(g.random_move())
            lines += g.lines(2)
            k.feed(g.lines(2))
        self.assertTrue(any(l.startswith("discarded") and "-" in l
                            for l in lines))
        self.check("after discards", (k, lines), 2, False, self.N)
        self.check("after discards, exact", (k, lines), 2, True,
                   self.N // 3)

    def test_chi2_is_right(self):
        # The survival function against known quantiles.
        self.assertAlmostEqual(chi2_sf(3.841, 1), 0.05, places=3)
        self.assertAlmostEqual(chi2_sf(18.307, 10), 0.05, places=3)
        self.assertAlmostEqual(chi2_sf(29.588, 10), 0.001, places=4)


if __name__ == "__main__":
    unittest.main()


class Roles(unittest.TestCase):
    """Knowledge.roles() and deal_roles(): each seat's likelihood of each
    role from the cards it played, as the heuristic bot would have played
    them (examples/c/roles.h)."""

    def test_reads_heuristic_saboteurs(self):
        """10 seeded 5-player base games of heuristic bots: by the last
        move of round 1, as seat 0 knows it, a saboteur's log-likelihood of
        'saboteur' less that of 'miner' is far above a miner's."""
        margin = {"saboteur": [], "miner": []}
        for seed in range(10):
            g = saboteur.Game("base", 5, seed, record=True)
            k = saboteur.Knowledge()
            k.feed(g.setup_lines(0))
            k.feed(g.lines(0))
            trust, ll = [0] * 5, None
            while not g.over and g.round == 1:
                ll = k.roles(saboteur.Rng(seed))
                m = g.heuristic_move(trust) or g.random_move()
                g.heuristic_seen(trust, m)
                truth = [g.role(s) for s in range(5)]
                g.apply(m)
                k.feed(g.lines(0))
            self.assertIsNotNone(ll)
            self.assertEqual(ll[0], {"miner": 0.0, "saboteur": 0.0})
            for s in range(1, 5):
                margin[truth[s]].append(ll[s]["saboteur"] - ll[s]["miner"])
        mean = {r: sum(v) / len(v) for r, v in margin.items()}
        self.assertGreater(mean["saboteur"], mean["miner"] + 5, mean)

    def test_deal_and_errors(self):
        """No dwarf cards (course): None.  deal_roles() keeps the roles a
        seat knows and the cards dealt; it refuses a list of another
        length and an rng that is not a saboteur.Rng."""
        g = saboteur.Game("course", 2, 1, record=True)
        k = saboteur.Knowledge()
        k.feed(g.setup_lines(0))
        k.feed(g.lines(0))
        self.assertIsNone(k.roles(saboteur.Rng(1)))
        g = saboteur.Game("saboteur2", 6, 3, record=True)
        k = saboteur.Knowledge()
        k.feed(g.setup_lines(0))
        k.feed(g.lines(0))
        for _ in range(12):
            g.apply(g.random_move())
            k.feed(g.lines(0))
        r = saboteur.Rng(5)
        ll = k.roles(r)
        self.assertEqual(len(ll), 6)
        world = k.sample(rng=r, exact=False)
        before = sorted(world.role(s) for s in range(6))
        k.deal_roles(world, ll, r)
        self.assertEqual(world.role(0), g.role(0))
        self.assertEqual(len([world.role(s) for s in range(6)]), 6)
        self.assertTrue(all(world.role(s) for s in range(6)), before)
        with self.assertRaises(ValueError):
            k.deal_roles(world, ll[:5], r)
        with self.assertRaises(TypeError):
            k.deal_roles(world, ll, 5)
        with self.assertRaises(TypeError):
            k.roles(7)


class HeuristicGames(unittest.TestCase):
    """The knowledge follows base games of heuristic bots to their end,
    synced at every line: gold cards handed on after another seat took one
    unseen (seat and seed below: lost at "gold N -" before), and the
    game's last line, which shows every seat's gold."""

    CASES = ((5, 4), (22, 2), (23, 1), (37, 3), (0, 3), (0, 4), (1, 0),
             (3, 1))

    def test_followed_to_the_end(self):
        for seed, seat in self.CASES:
            g = saboteur.Game("base", 5, seed, record=True)
            k = saboteur.Knowledge()
            k.feed(g.setup_lines(seat))
            k.feed(g.lines(seat))
            trust = [0] * 5
            while not g.over:
                m = g.heuristic_move(trust) or g.random_move()
                g.heuristic_seen(trust, m)
                g.apply(m)
                lines = g.lines(seat)
                k.feed(lines)
                k.sync()        # LostError when no game gives the lines
                # Where this seat is offered gold, a sample's round played
                # again sends it every line it received.
                if any(line.startswith("offer ") for line in lines):
                    self.assertIsNone(k.check(seed), (seed, seat))
