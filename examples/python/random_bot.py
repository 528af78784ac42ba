#!/usr/bin/env python3
"""random_bot.py: a Saboteur bot in Python that plays a uniformly random legal move."""
# Run it as: saboteur play "python3 examples/python/random_bot.py" ...
# BOT_SEED=N makes its choices repeatable.

import os
import random
import sys

# The helper sits next to this file, wherever the bot is started from.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from saboteur_bot import Bot  # noqa: E402


class RandomBot(Bot):
    def __init__(self, name, rng):
        super().__init__(name)
        self.rng = rng

    def choose(self):
        # The referee listed every legal move; any one will do.  (self.hand,
        # self.board, self.role and the rest are there for smarter bots.)
        if self.legal:
            return self.rng.choice(self.legal)
        return None     # the helper then picks or discards something


if __name__ == "__main__":
    seed = os.environ.get("BOT_SEED")
    rng = random.Random(int(seed) if seed else None)
    sys.exit(RandomBot("random-py", rng).run())
