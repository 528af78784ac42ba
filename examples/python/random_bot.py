#!/usr/bin/env python3
"""random_bot.py: a Saboteur bot in Python that plays a uniformly random legal move."""
# Run it as: saboteur play "python3 examples/python/random_bot.py" ...
# Its choices follow the seed the referee sends for the seat ("seed S");
# without one, BOT_SEED=N makes them repeatable (see saboteur_bot).
# The helper package saboteur_bot sits next to this file, which Python
# finds wherever the bot is started from; elsewhere, pip install it.

import sys

from saboteur_bot import Bot


class RandomBot(Bot):
    def choose(self):
        # The referee listed every legal move; any one will do.  (self.hand,
        # self.board, self.role and the rest are there for smarter bots.)
        if self.legal:
            return self.rng.choice(self.legal)
        return None     # the helper then picks or discards something


if __name__ == "__main__":
    sys.exit(RandomBot("random-py").run())
