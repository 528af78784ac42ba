"""saboteur: the Saboteur rules engine for Python."""
from ._saboteur import (Ruleset, Game, Knowledge, LostError, selfplay,
                        PROTOCOL_VERSION)
