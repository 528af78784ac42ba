#!/usr/bin/env python3
"""bot.py: a Python starter bot for Saboteur that plays by its role; copy it and make it yours."""
# It uses the helper package saboteur_bot: the helper keeps the state and
# lists the legal moves, this file only chooses among them.
#
# How it plays, in order of preference (ties broken at random, with the
# seed the referee sends for the seat when it sends one):
#   everyone:  takes the highest gold card offered; repairs its own tools;
#   a miner:   lays the path card that brings the tunnel closest to the
#              goal it believes holds the gold, then looks at unknown goals
#              with a map, repairs the others, and discards what a miner
#              needs least (dead ends first);
#   a saboteur: breaks the others' tools, lays dead ends near the front of
#              the tunnel, drops rocks on the path card nearest the gold,
#              and discards what miners would want most (open path cards).
#   Without roles (the two-player course ruleset) it digs like a miner and
#   breaks its opponent's tools when it cannot dig.

import os
import sys

# The helper: from the folder named on the command line (python3 bot.py
# PATH/examples/python: the sandbox shows a bot only its own folder and what
# its command names), else the installed package (pip install
# PATH/examples/python), else the source tree's, next to this file's folder.
if len(sys.argv) > 1:
    sys.path.insert(0, os.path.abspath(sys.argv[1]))
try:
    from saboteur_bot import Bot, card_exits
except ImportError:
    sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                 "..", "..", "python"))
    from saboteur_bot import Bot, card_exits


def distance(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Starter(Bot):

    # ---- what the bot believes -------------------------------------------

    def target(self):
        """The goal place the gold is believed to be under: one a map or a
        reveal showed gold, else the unknown one nearest the start."""
        for cell, card in self.goal_cards.items():
            if card.startswith("gold"):
                return cell
        unknown = [g for g in self.goals if g not in self.goal_cards]
        if not unknown:
            unknown = list(self.goals) or [self.start]
        return min(unknown, key=lambda g: distance(g, self.start))

    def front(self, goal):
        """How near the tunnel comes to goal: the least distance from a
        path card on the table (the start card included)."""
        cells = [c for c, t in self.board.items()
                 if t == "start" or t.startswith("path-")]
        return min((distance(c, goal) for c in cells), default=99)

    def toward(self, move, goal):
        """Whether a path move leaves an opening that faces goal."""
        exits = move.exits()
        dx, dy = goal[0] - move.x, goal[1] - move.y
        return ((dx > 0 and "E" in exits) or (dx < 0 and "W" in exits) or
                (dy > 0 and "S" in exits) or (dy < 0 and "N" in exits))

    # ---- the choice ------------------------------------------------------

    def choose(self):
        moves = self.moves()
        self.rng.shuffle(moves)     # ties go to chance
        by_kind = {}
        for m in moves:
            by_kind.setdefault(m.kind, []).append(m)

        picks = by_kind.get("pick")
        if picks:
            return max(picks, key=lambda m: m.value).line
        mine = [m for m in by_kind.get("repair", []) if m.target == self.seat]
        if mine:
            return mine[0].line
        if self.role == "saboteur":
            choice = self.sabotage(by_kind)
        else:
            choice = self.dig(by_kind)
        return choice.line if choice else self.discard(by_kind)

    def dig(self, by_kind):
        goal = self.target()
        front = self.front(goal)
        paths = [m for m in by_kind.get("path", []) if m.exits()]
        if paths:
            best = min(paths, key=lambda m: (distance((m.x, m.y), goal),
                                             not self.toward(m, goal),
                                             -len(m.exits())))
            d = distance((best.x, best.y), goal)
            if d < front or (d == front and self.toward(best, goal)):
                return best
        known_gold = any(c.startswith("gold") for c in self.goal_cards.values())
        maps = [m for m in by_kind.get("map", [])
                if (m.x, m.y) not in self.goal_cards]
        if maps and not known_gold:
            return min(maps, key=lambda m: distance((m.x, m.y), self.start))
        others = [m for m in by_kind.get("repair", []) if m.target != self.seat]
        if others and self.role == "miner":
            return others[0]
        if self.role is None:       # no roles: the other player is the rival
            breaks = [m for m in by_kind.get("break", []) if m.target != self.seat]
            if breaks:
                return breaks[0]
        return None

    def sabotage(self, by_kind):
        goal = self.target()
        front = self.front(goal)
        breaks = [m for m in by_kind.get("break", [])
                  if m.target != self.seat and self.roles.get(m.target) != "saboteur"]
        if breaks:
            return breaks[0]
        dead = [m for m in by_kind.get("path", []) if not m.exits()]
        if dead:
            best = min(dead, key=lambda m: distance((m.x, m.y), goal))
            if distance((best.x, best.y), goal) <= front + 1:
                return best
        rocks = by_kind.get("rockfall", [])
        if rocks:
            best = min(rocks, key=lambda m: distance((m.x, m.y), goal))
            if distance((best.x, best.y), goal) <= front + 1:
                return best
        maps = [m for m in by_kind.get("map", []) if (m.x, m.y) not in self.goal_cards]
        return maps[0] if maps else None

    def discard(self, by_kind):
        """The discard of the card this role needs least; None lets the
        helper answer something legal."""
        discards = by_kind.get("discard", [])
        if not discards:
            return None

        def useless(m):
            exits = card_exits(m.card)
            if self.role == "saboteur":     # open paths help the miners
                return (not m.card.startswith("path-"), -len(exits))
            order = ("dead-", "rockfall", "break-", "map", "repair-", "path-")
            rank = next((i for i, p in enumerate(order) if m.card.startswith(p)),
                        len(order))
            return (rank, len(exits))
        return min(discards, key=useless).line


if __name__ == "__main__":
    sys.exit(Starter("starter-py").run())
