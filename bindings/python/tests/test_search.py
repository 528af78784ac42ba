"""test_search.py: the package's heuristic bot and the Python search bot
against their C originals.  The heuristic's moves in a game
(Game.heuristic_move(), the search's playouts) are the heuristic bot's
choice from the lines it is sent (Heuristic, as search-bot --check-policy
checks in C); heuristic_playout() is heuristic_move() played move by move;
and the Python search bot (bindings/python/examples/search_bot.py) answers
every decision of a seat's lines as the C search bot does (search-bot
--iter N: the moves depend only on the seeds), under every built-in
ruleset."""
import os
import re
import subprocess
import sys
import unittest

import saboteur

HERE = os.path.dirname(os.path.abspath(__file__))
PYBOT = os.path.join(HERE, "..", "examples", "search_bot.py")
BIN = os.environ.get("SABOTEUR_BIN")
CBOT = os.path.join(os.path.dirname(BIN), "examples", "search-bot") \
    if BIN else None


def stream(ruleset, players, seed, seat, game=1):
    """Every line a seat's bot is sent in a game where every seat plays the
    heuristic's move (one trust for all), with the legal moves and a
    "turn" line at each of the seat's decisions, and a "seed" line."""
    g = saboteur.Game(ruleset, players, seed, record=True)
    setup = g.setup_lines(seat, game)
    out = ([] if game > 1 else ["saboteur %d" % saboteur.PROTOCOL_VERSION])
    out += [setup[0], "seed %d" % (seed * 7919 + 1)] + setup[1:] + \
        g.lines(seat)
    trust, turn = [0] * players, 0
    while not g.over:
        m = g.heuristic_move(trust) or g.random_move()
        if g.to_act == seat:
            turn += 1
            out += ["legal " + line for line in g.legal()]
            out.append("turn %d 10000 0" % turn)
        g.heuristic_seen(trust, m)
        g.apply(m)
        out += g.lines(seat)
    return out


class TestHeuristic(unittest.TestCase):
    def test_policy_is_the_heuristic_bots_choice(self):
        """search-bot --check-policy 20 in Python: 20 seeded 5-player base
        games, every seat playing Game.heuristic_move(); one seat a game
        is also followed by a Heuristic fed its lines, and at each of its
        decisions the heuristic bot's own choice (Heuristic.best()) is the
        move heuristic_move() makes with Heuristic.trust() there.  The
        same games as the C check: the same count agrees."""
        agree = total = 0
        h = saboteur.Heuristic()
        for gi in range(20):
            seat = gi % 5
            g = saboteur.Game("base", 5, 1000 + gi, record=True)
            # Game numbers the other tests do not use: the heuristic's
            # trust starts afresh with each game's number and round.
            h.feed(g.setup_lines(seat, 5000 + gi))
            h.feed(g.lines(seat))
            others, decision = [0] * 5, 0
            while not g.over:
                if g.to_act == seat:
                    decision += 1
                    h.feed(["legal " + m for m in g.legal()])
                    h.feed("turn %d 10000 0" % decision)
                    m = g.heuristic_move(h.trust())
                    total += 1
                    agree += h.best() == m
                else:
                    m = g.heuristic_move(others)
                g.heuristic_seen(others, m)
                g.apply(m)
                h.feed(g.lines(seat))
        self.assertGreater(total, 400)
        self.assertGreaterEqual(agree * 100, total * 99)
        if CBOT and os.path.exists(CBOT):
            r = subprocess.run([CBOT, "--check-policy", "20"],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            c = re.search(r"(\d+) of (\d+) decisions alike", r.stderr)
            self.assertIsNotNone(c, r.stderr)
            self.assertEqual((agree, total), (int(c[1]), int(c[2])))

    def test_playout_is_heuristic_move_by_move(self):
        """heuristic_playout() plays heuristic_move() in every seat, the
        trust learning from each card played, to the round's end."""
        for rs, n in (("base", 5), ("saboteur2", 6), ("base-wc", 4),
                      ("course", 2)):
            for seed in range(3):
                g = saboteur.Game(rs, n, seed)
                for _ in range(7):
                    g.apply(g.random_move())
                a, b = g.clone(), g.clone()
                ta, tb = [seed, -1, 0, 2, 0, 0][:n], [seed, -1, 0, 2, 0, 0][:n]
                played = 0
                while not b.over and b.round == g.round:
                    m = b.heuristic_move(tb) or b.random_move()
                    b.heuristic_seen(tb, m)
                    b.apply(m)
                    played += 1
                self.assertEqual(a.heuristic_playout(ta), played)
                self.assertEqual((a.hash(), ta), (b.hash(), tb))

    def test_game_helpers(self):
        g = saboteur.Game("base", 5, 3)
        roles = [g.role(s) for s in range(5)]
        g.swap_roles(0, 4)
        self.assertEqual([g.role(s) for s in range(5)],
                         [roles[4]] + roles[1:4] + [roles[0]])
        self.assertRaises(ValueError, g.swap_roles, 0, 5)
        start = g.clone()
        self.assertEqual(g.round_result(start, 0),
                         g.round_result(start, 0))
        self.assertTrue(g.ruleset.has_roles)
        self.assertFalse(saboteur.Ruleset("course").has_roles)
        self.assertRaises(TypeError, g.heuristic_move, "not a list")
        a, b = saboteur.Rng(5), saboteur.Rng(5)
        self.assertEqual([a.next() for _ in range(3)],
                         [b.next() for _ in range(3)])
        self.assertTrue(all(0 <= a.below(7) < 7 for _ in range(100)))


@unittest.skipUnless(CBOT and os.path.exists(CBOT),
                     "the C search bot is not built (SABOTEUR_BIN)")
class TestSearchBot(unittest.TestCase):
    def test_answers_as_the_c_search_bot(self):
        """Fed the same lines of one seat, with --iter 10 the Python search
        bot answers every decision as the C search bot does, under every
        built-in ruleset; in the base game some answers are not the
        heuristic's first (the search is compared, not only the
        heuristic)."""
        names = saboteur.Ruleset.builtins()
        self.assertGreaterEqual(len(names), 10)
        for i, rs in enumerate(names):
            r = saboteur.Ruleset(rs)
            n = min(5, r.max_players)
            lines = stream(rs, n, 20 + i, i % n)
            if rs == "base":    # a second game: seeded and trusted afresh
                lines += stream(rs, n, 90, 2, game=2)
            text = "\n".join(lines + ["quit"]) + "\n"
            c = subprocess.run([CBOT, "--iter", "10"], input=text,
                               capture_output=True, text=True)
            p = subprocess.run([sys.executable, PYBOT, "--iter", "10"],
                               input=text, capture_output=True, text=True)
            self.assertEqual((c.returncode, p.returncode), (0, 0), p.stderr)
            turns = text.count("\nturn ")
            c_lines = c.stdout.splitlines()[1:]
            self.assertEqual(len(c_lines), turns, rs)
            self.assertEqual(p.stdout.splitlines()[1:], c_lines, rs)
            changed = re.search(r"(\d+) other than the heuristic's", c.stderr)
            self.assertIsNotNone(changed, c.stderr)
            if rs == "base":
                self.assertGreater(int(changed[1]), 0)


if __name__ == "__main__":
    unittest.main()
