"""saboteur: the Saboteur rules engine for Python, over the C rules library.

    import saboteur
    g = saboteur.Game("base", 5, seed=42)     # every hidden card dealt
    while not g.over:
        g.apply(g.legal()[0])                 # moves are protocol lines
    print(g.hash() == saboteur.selfplay("base", 5, 42) or "another game")

Game: a whole game (legal(), apply(), clone(), hash(), random_move(),
playout(), the policy of the search bot: policy_move(), outlook()).
Knowledge: what one seat knows, fed the lines its bot receives, and games
sampled from it (sample()).  Heuristic: the heuristic example bot following
a seat (rank() its legal moves, trust() in each seat); in a Game, its move
as the seat to act (heuristic_move(), heuristic_playout()).  Rng: the rules'
random generator.  run(): the bot protocol's loop (saboteur.bot).
saboteur.env: a PettingZoo AEC environment (optional import).
See bindings/python/README.md and "Simulating games in your bot" in the
project's README.
"""
from ._saboteur import (Ruleset, Game, Knowledge, Heuristic, Rng, LostError,
                        selfplay, PROTOCOL_VERSION)
from .bot import Decision, run

__all__ = ["Ruleset", "Game", "Knowledge", "Heuristic", "Rng", "LostError",
           "selfplay", "run", "Decision", "PROTOCOL_VERSION"]
