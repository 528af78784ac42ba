"""saboteur: the Saboteur rules engine for Python."""
from ._saboteur import Ruleset, Game, selfplay, PROTOCOL_VERSION
