#!/usr/bin/env python3
"""seen_bot.py: checks that the Python helper (examples/python) calls seen()
at the C helper's moment, before the state takes the line in: for every
path card played, its cell is still empty on the board seen() sees, and
empty no more at the next line.  Exits 1 at the first line that breaks it,
and at the end of input when no path card was played (a transcript that
tests nothing), which check_bot.py reports.

Usage: seen_bot.py
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "examples", "python"))
from saboteur_bot import Bot  # noqa: E402


class SeenBot(Bot):
    def __init__(self):
        super().__init__("seen")
        self.checked = 0
        self.laid = None        # the cell of the path card seen last

    def seen(self, words):
        if self.laid is not None and self.laid not in self.board:
            sys.exit("seen_bot: the card at %r was not laid after its line"
                     % (self.laid,))
        self.laid = None
        if len(words) >= 6 and words[0] == "played" and \
                words[2].startswith(("path-", "dead-")):
            cell = (int(words[3]), int(words[4]))
            if cell in self.board:
                sys.exit("seen_bot: seen() was called after the state took "
                         "in \"%s\"" % " ".join(words))
            self.laid = cell
            self.checked += 1


bot = SeenBot()
status = bot.run()
if bot.checked == 0:
    sys.exit("seen_bot: no path card was played")
sys.exit(status)
