"""test_replays.py: a seat's Knowledge fed what each seat of the committed
replays of format 1.5 received (saboteur export), among them issue 23's
games: a stone picked in the old mine ("pick 0", its taker told 0), a
treasure trove on an empty discard pile ("took SEAT -"), a pathfinder's
path card played by default.  At every decision of every seat the
knowledge is not lost, and an exact sample, its round played again, sends
the seat every line it received and asks it the same legal moves."""
import gzip
import os
import subprocess
import unittest

import saboteur

BIN = os.environ.get("SABOTEUR_BIN", "build/saboteur")
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..", "..")
REPLAYS = os.path.join(TOP, "tests", "fixtures", "replays")

# (replay, ruleset file or None for a built-in one).  In the pathfinder's
# game seat 0 played a pathfinder and one path card, and its turn ended: it
# held no path card that fit, which every sample must keep (and the cards
# the seat played later came to it after that turn).
GAMES = [
    ("old-mine-5p-picked", "examples/rulesets/old-mine.yaml"),
    ("base-wc-3p-trove", None),
    ("base-wc-4p-pathfinder", None),
    ("base-wc-3p-react-timeout", None),
    ("saboteur2-5p-hidden", None),
    ("base-minis-5p-hidden", None),
]


def decisions(path, seat):
    """(the lines before a decision, its legal moves) for each decision of
    the seat, from the lines saboteur export gives it."""
    out = subprocess.run([BIN, "export", "--as", str(seat), path],
                         check=True, capture_output=True,
                         text=True).stdout.splitlines()
    fed, i = [], 0
    while i < len(out):
        if out[i].startswith("legal "):
            j = i
            while j < len(out) and out[j].startswith("legal "):
                j += 1
            yield fed, sorted(l[6:] for l in out[i:j])
            fed, i = [], j
            continue
        fed.append(out[i])
        i += 1


class Replays(unittest.TestCase):

    def test_every_decision(self):
        for name, rs in GAMES:
            path = os.path.join(REPLAYS, name + ".sabr.gz")
            with open(path, "rb") as f:
                self.assertIn(b"sabr 1.5", gzip.decompress(
                    f.read())[:16])
            players = int(subprocess.run(
                [BIN, "export", "--as", "0", path], check=True,
                capture_output=True, text=True).stdout.splitlines()[1]
                .split()[3])
            asked = 0
            for seat in range(players):
                k = (saboteur.Knowledge(ruleset=os.path.join(TOP, rs))
                     if rs else saboteur.Knowledge())
                for d, (fed, legal) in enumerate(decisions(path, seat)):
                    k.feed(fed)
                    where = "%s seat %d decision %d" % (name, seat, d)
                    try:
                        k.sync()
                    except saboteur.LostError:
                        self.fail("%s: lost: %s" % (where, k.error))
                    asked += 1
                    try:
                        w = k.sample(d, exact=True, tries=40)
                    except ValueError:
                        self.fail("%s: no exact sample in 40 tries: %s"
                                  % (where, k.check(d)))
                    if name == "base-wc-4p-pathfinder":
                        # The fast samples too: every deal keeps the
                        # pathfinder's turn that ended early.
                        for s in range(4):
                            self.assertIsNone(k.check(100 * d + s), where)
                    self.assertEqual(w.to_act, seat, where)
                    self.assertEqual(sorted(w.legal()), legal, where)
                    self.assertEqual(sorted(w.hand(seat)),
                                     sorted(k.hand()), where)
            with self.subTest(replay=name):
                self.assertGreater(asked, 50)


if __name__ == "__main__":
    unittest.main()
