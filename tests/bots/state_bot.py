#!/usr/bin/env python3
"""state_bot.py: a bot on the Python helper (examples/python) that checks,
at every decision, the state the helper tracked against what the referee's
legal moves say, and exits 1 at the first mismatch (which check_bot.py
reports), so that a transcript played to it tests the helper's state.

At each turn: the distinct cards of the hand are those of the one-card
discards listed ("A discard of each card is always among them",
saboteur-protocol(7)); every card a legal move takes is held (as many
copies as it takes); what a legal remove takes away lies in front of the
seat; a trapped seat is offered no path card; a steal's seat is among the
victims, and a steal is asked exactly when victims were told; a reaction
offers "allow" and a veto exactly when one is held, with a card pending; a
take offers the cards of the trove we were shown.  At the
game's end, the gold the helper counted for the seat (its pieces, thefts
included) is the gameover line's.  It plays the first legal move, and after
an "illegal" with tries left (the list then lacks the moves refused) checks
nothing more.

Usage: state_bot.py
"""
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "examples", "python"))
from saboteur_bot import Bot  # noqa: E402


class StateBot(Bot):
    def fail(self, why):
        sys.stderr.write("state_bot: game %s turn %s: %s\n"
                         % (self.game, self.turn, why))
        sys.stderr.write("  hand %s\n  in front %s\n  legal %s\n"
                         % (self.hand, self.in_front, self.legal))
        sys.exit(1)

    def check(self):
        moves = self.moves()
        steals = [m.target for m in moves if m.kind == "steal"]
        if steals:
            if set(steals) != set(self.victims):
                self.fail("steals of %s, victims %s" % (steals, self.victims))
            return
        if self.victims:
            self.fail("victims %s but no steal asked" % self.victims)
        # Treasure Chests: a chest's player, exactly the seats we were
        # told; New Goals: the goals we reached at once.
        chooses = [m.target for m in moves if m.kind == "choose"]
        if chooses or self.chest_choices:
            if set(chooses) != set(self.chest_choices) or \
                    len(chooses) != len(moves):
                self.fail("chooses of %s, chest choices %s"
                          % (chooses, self.chest_choices))
            return
        # Treasure Chests: a goal to push, exactly the face-down goals we
        # were told, each on a goal place we know.
        pushes = [(m.x, m.y) for m in moves if m.kind == "push"]
        if pushes or self.push_choices:
            if set(pushes) != set(self.push_choices) or \
                    len(pushes) != len(moves) or \
                    not set(pushes) <= set(self.goals):
                self.fail("pushes of %s, push choices %s, goals %s"
                          % (pushes, self.push_choices, self.goals))
            return
        reveals = [(m.x, m.y) for m in moves if m.kind == "reveal"]
        if reveals or self.goal_order:
            if set(reveals) != set(self.goal_order) or \
                    len(reveals) != len(moves):
                self.fail("reveals of %s, goals %s"
                          % (reveals, self.goal_order))
            return
        if any(m.kind == "pick" for m in moves):
            return
        if self.reacting or any(m.kind == "allow" for m in moves):
            # "allow", and a veto exactly when we hold one.
            if not self.reacting or self.pending is None:
                self.fail("a reaction asked with nothing pending")
            vetoes = [m for m in moves if m.kind == "veto"]
            if [m.kind for m in moves if m.kind != "veto"] != ["allow"] or \
                    bool(vetoes) != ("veto" in self.hand):
                self.fail("reaction moves %s, hand %s" % (self.legal, self.hand))
            return
        takes = [m.card for m in moves if m.kind == "take"]
        if takes or self.trove:
            if sorted(set(takes)) != sorted(set(self.trove)) or \
                    len(takes) != len(moves):
                self.fail("takes of %s, trove %s" % (takes, self.trove))
            return
        singles = {m.card for m in moves if m.kind == "discard"
                   and len(m.cards) == 1}
        # A pathfinder's second path card: path plays only.
        if not singles and moves and all(m.kind == "path" for m in moves):
            singles = set(self.hand)
        if singles != set(self.hand):
            self.fail("hand %s, one-card discards %s"
                      % (sorted(set(self.hand)), sorted(singles)))
        held = Counter(self.hand)
        for m in moves:
            if Counter(m.cards) - held:
                self.fail("%r takes cards the hand lacks" % m.line)
            if m.kind == "remove" and m.front not in self.in_front.get(
                    self.seat, []):
                self.fail("%r takes away a card not in front" % m.line)
            if m.kind == "path" and self.is_trapped():
                self.fail("%r listed to a trapped seat" % m.line)
            if m.kind == "other":
                self.fail("%r not understood" % m.line)
            # Tunnel toll: a dwarf goes on a cell without one, and a path
            # card onto one is listed only when we can pay.
            if m.kind == "dwarf" and (m.x, m.y) in self.dwarves:
                self.fail("%r: a dwarf stands there" % m.line)
            if m.kind == "path" and (m.x, m.y) in self.dwarves and \
                    self.gold.get(self.seat, 0) < 1:
                self.fail("%r listed without the gold for its toll" % m.line)

    def take(self, w):
        if w[0] == "gameover" and "winners" in w and self.seat is not None:
            want = int(w[1 + self.seat])
            if self.gold.get(self.seat, 0) != want:
                self.fail("gold counted %d, gameover says %d"
                          % (self.gold.get(self.seat, 0), want))
        return super().take(w)

    def choose(self):
        if self.tries == 0:     # a retry's list lacks the refused moves
            try:
                self.check()
            except Exception as e:      # the helper would answer anyway
                self.fail("%s: %s" % (type(e).__name__, e))
        return self.legal[0] if self.legal else None


if __name__ == "__main__":
    sys.exit(StateBot("state-py").run())
