"""test_game.py: saboteur.Game and saboteur.selfplay against the saboteur
program: the same games move for move and hash for hash, every built-in
ruleset; legal moves, refusals, clones and the lines a seat is sent."""
import os
import subprocess
import unittest

import saboteur

BIN = os.environ.get("SABOTEUR_BIN", "build/saboteur")
SEEDS = int(os.environ.get("SAB_PY_SEEDS", "12"))


def default_players(rs):
    """The player count saboteur selfplay picks: 5, or the nearest allowed."""
    return max(rs.min_players, min(5, rs.max_players))


def program(ruleset, players, seed):
    """The moves ("SEAT LINE") and final hash of saboteur selfplay."""
    out = subprocess.run(
        [BIN, "selfplay", "--ruleset", ruleset, "--players", str(players),
         "--seed", str(seed), "--quiet", "--moves", "--hash"],
        check=True, capture_output=True, text=True).stdout
    moves = [l[5:] for l in out.splitlines() if l.startswith("move ")]
    hashes = [l.split()[1] for l in out.splitlines() if l.startswith("hash ")]
    return moves, int(hashes[-1], 16)


class SameGames(unittest.TestCase):
    """The package plays saboteur selfplay's games exactly."""

    def test_every_ruleset_move_for_move(self):
        for name in saboteur.Ruleset.builtins():
            rs = saboteur.Ruleset(name)
            counts = sorted({default_players(rs), rs.min_players,
                             rs.max_players})
            for players in counts:
                for seed in range(SEEDS):
                    with self.subTest(ruleset=name, players=players,
                                      seed=seed):
                        want, want_hash = program(name, players, seed)
                        g = saboteur.Game(name, players, seed)
                        got = []
                        while not g.over:
                            m = g.random_move()
                            self.assertIn(m, g.legal())
                            got.append("%d %s" % (g.to_act, m))
                            g.apply(m)
                        self.assertEqual(got, want)
                        self.assertEqual(g.hash(), want_hash)
                        self.assertEqual(
                            saboteur.selfplay(name, players, seed), want_hash)

    def test_playout_is_selfplay(self):
        for seed in range(50):
            g = saboteur.Game("saboteur2", 6, seed)
            g.playout()
            self.assertTrue(g.over)
            self.assertEqual(g.hash(), saboteur.selfplay("saboteur2", 6, seed))

    def test_ruleset_file(self):
        path = os.path.join("examples", "rulesets", "tunnel-toll.yaml")
        _, want = program(path, 4, 9)
        self.assertEqual(saboteur.selfplay(path, 4, 9), want)


class Moves(unittest.TestCase):

    def test_refusal_names_the_reason(self):
        g = saboteur.Game("base", 5, 1)
        with self.assertRaisesRegex(ValueError, "illegal move"):
            g.apply("play path-NESW 40 40 0")
        self.assertIsNotNone(g.check("pick 3"))
        self.assertIsNone(g.check(g.legal()[0]))
        with self.assertRaises(TypeError):
            g.apply(3)

    def test_clone_is_independent(self):
        g = saboteur.Game("base-wc", 5, 7)
        for _ in range(20):
            g.apply(g.random_move())
        c = g.clone()
        self.assertEqual(c.hash(), g.hash())
        c.playout()
        self.assertTrue(c.over)
        self.assertFalse(g.over)
        g.playout()
        self.assertEqual(c.hash(), g.hash())   # the generator is copied too

    def test_state(self):
        g = saboteur.Game("base", 5, 42)
        self.assertEqual(g.players, 5)
        self.assertEqual(g.round, 1)
        self.assertEqual(g.phase, "play")
        self.assertEqual(len(g.hand(0)), 6)
        self.assertIn(g.role(0), ("miner", "saboteur"))
        self.assertEqual(sorted(saboteur.Ruleset("base").deck)[:1],
                         ["break-cart"])
        g.playout()
        self.assertEqual(g.phase, "over")
        self.assertTrue(g.winners)
        self.assertEqual(max(g.gold), min(g.gold[s] for s in g.winners))

    def test_lines_are_the_referees(self):
        g = saboteur.Game("base", 5, 3, record=True)
        first = g.lines(2)
        self.assertEqual(first[0], "round 1 0 37")
        self.assertIn("role 2 ", " ".join(first))
        self.assertEqual(sum(l.startswith("draw 2 -") for l in g.lines(1)), 6)
        self.assertEqual(g.setup_lines(2)[0], "game 1 base 5 2")
        g.apply(g.legal()[0])
        self.assertTrue(g.lines(-1)[0].startswith(("played 0", "discarded 0")))


if __name__ == "__main__":
    unittest.main()
