#!/usr/bin/env python3
"""check_fixtures.py: fails when a recorded transcript (the lines one seat is
sent, as in tests/fixtures/transcripts/) breaks saboteur-protocol(7), so
that the fixtures example bots are checked against cannot drift from it.

Every line must have the shape the page gives its kind, and the lines the
order it promises to a bot that asked for moves: "saboteur 1" first, the
game's setup, a list of legal moves before every turn (and none before
the retries an "illegal" line with tries left asks for), a default after
"illegal 0", another seat's cards, role and gold hidden, the bot's own
cards and legal moves among the cards it holds.  Saboteur 2's secrets
too: another seat's discards hidden, a "hand" line only right after a swap
hands of this seat's, another seat's role before the round ends only right
after this seat's inspection of it, this seat's own role in mid-round only
right after a change hats played on it, "victims" only to the thief at a
round's end; and the cards in front of each seat followed, so that what a
remove, a hands off or a freedom takes away lay there.  The mini
expansions' too: a "dwarf" line right after its seat's discard, a "toll"
paid for a dwarf on the table, another seat's gold shown only at a round's
setup (Tunnel Toll's piece), and the seat's own role in mid-round right
after a "postcard" line (or the party's other role lines).  New Goals and
Treasure Chests too: a "goals" choice only of goals reached at once, a
dragon's payment hidden from the other seats, a chest's path card (marked
":chest") opened only where a chest lies, a rockfall's "-" only there, a
chest's offer ("trove"), choice ("chestchoice") and peek ("peekchest") only
to the seat whose chest or map it is, a push-goal chest's "push" only of a
goal its "chestchoice push-goal" offered, and "pushed" only of a goal one
cell off where it lay, another seat's role only after the
seat's own look-role choice of it, a "hand" line after a card grabbed from
or by the seat.  Lines of kinds the
page does not know are refused too, except those in LATER (edge-cases.txt
sends them, as a later version of the protocol might: a bot must ignore
them).

Usage: check_fixtures.py TRANSCRIPT...
"""
import re
import sys

LATER = {"welcome", "hint"}
# What a card played did, told between its "played" line and a "goals"
# choice the goals it reached ask (saboteur-protocol(7)): "toll" comes
# right after the played line of a path card laid on a dwarf; a goal or a
# chest's card turned face up ("reveal", "opened" and what they gave:
# "gold", "paid", "milled", "pushed") may carry the tunnel on, and "several
# reveals can follow one card", to two face-down goals at once.
CARRIED = {"toll", "reveal", "gold", "paid", "opened", "milled", "pushed"}
MAX_LINE = 512                  # bytes, the newline included

INT = re.compile(r"^-?(0|[1-9][0-9]*)$")
NAME = re.compile(r"^[A-Za-z0-9._-]{1,32}$")
# Path cards may carry Saboteur 2's marks: a door's colour, a ladder,
# crystals (":crystal2" for two), in that order.
CARD = re.compile(r"^((path|dead)-[NESW]+([+.][NESW]+)*"
                  r"(:(blue|green))?(:ladder)?(:crystal([2-9])?)?(:chest)?"
                  r"|(start|gold|stone|sack[12]|dragon|spider)-[NESW]+([+.][NESW]+)*"
                  r"|break-(pickaxe|lantern|cart)"
                  r"|repair(-(pickaxe|lantern|cart)){1,3}"
                  r"|rockfall|map"
                  r"|theft|hands-off|trapped|freedom|inspection|change-hats"
                  r"|swap-hands"
                  r"|goal-swap|treasure-trove|veto|change-direction"
                  r"|pathfinder|diversion"
                  r"|(costume|party)-[NESW]+)$")
TOOLS = ("pickaxe", "lantern", "cart")
ROLES = ("miner", "saboteur", "none", "blue-miner", "green-miner", "boss",
         "profiteer", "geologist", "greedy")
SIDES = ("miners", "saboteurs", "none", "blue-miners", "green-miners",
         "boss", "profiteer", "geologists", "greedy")
# The World Championship's cards played with no words after them.
BARE = ("theft", "treasure-trove", "veto", "change-direction", "pathfinder")
# Saboteur 2's action cards played on a seat, and those of them played on
# another player only; hands off and freedom take away the card named.
SEAT_ACTIONS = ("hands-off", "trapped", "freedom", "inspection",
                "change-hats", "swap-hands")
ON_OTHERS = ("trapped", "inspection", "swap-hands")
TAKES = {"hands-off": "theft", "freedom": "trapped"}
# Treasure Chests' chests, and those that ask their seat to choose a player.
CHESTS = ("gold", "no-maps", "no-draw", "extra-draw", "push-goal",
          "steal-card", "keep-one", "look-role", "trove", "mill")
CHOOSERS = ("steal-card", "look-role")
GOAL_CARDS = ("start", "gold", "stone", "sack1", "sack2", "dragon", "spider")


class Bad(Exception):
    pass


def num(w, lo=None, hi=None):
    if not INT.match(w):
        raise Bad("%r is not a number" % w)
    v = int(w)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise Bad("%d is out of range" % v)
    return v


def card(w, in_hand=False):
    if not CARD.match(w) or (in_hand and (w.split("-")[0] in GOAL_CARDS
                                          or w.endswith(":chest"))):
        raise Bad("%r is not a card token" % w)
    return w


def arity(words, *counts):
    if len(words) not in counts:
        raise Bad("%d words, want %s" % (len(words),
                                         " or ".join(map(str, counts))))


def move(words, seat_ok):
    """A move as the bot writes it after "play" (played, legal, default):
    CARD X Y ROT, CARD SEAT, CARD SEAT TOOL, rockfall X Y, map X Y, theft,
    ACTION SEAT, goal-swap X1 Y1 X2 Y2 SWAP, diversion X Y ROT, and the
    bare cards (treasure-trove, veto, change-direction, pathfinder)."""
    c = card(words[0], True)
    rest = words[1:]
    if c in BARE:
        arity(rest, 0)
    elif c == "goal-swap":
        arity(rest, 5)
        [num(x) for x in rest[:4]]
        num(rest[4], 0, 1)
    elif c == "diversion":
        arity(rest, 3)
        num(rest[0]), num(rest[1]), num(rest[2], 0, 1)
    elif c in SEAT_ACTIONS:
        arity(rest, 1)
        seat_ok(num(rest[0]))
    elif c.startswith(("path-", "dead-")):
        arity(rest, 3)
        num(rest[0]), num(rest[1]), num(rest[2], 0, 1)
    elif c.startswith("break-"):
        arity(rest, 1)
        seat_ok(num(rest[0]))
    elif c.startswith("repair-"):
        arity(rest, 2)
        seat_ok(num(rest[0]))
        if rest[1] not in TOOLS or rest[1] not in c:
            raise Bad("%r cannot repair %r" % (c, rest[1]))
    else:
        arity(rest, 2)
        num(rest[0]), num(rest[1])
    return c


def bot_move(words, seat_ok):
    """A reply line: play MOVE, discard CARD [CARD [CARD]], remove FRONT
    CARD CARD, pick V, steal SEAT, allow or take CARD.  Returns the cards
    it takes from the hand."""
    if words[0] == "play" and len(words) > 1:
        return [move(words[1:], seat_ok)]
    if words[0] == "discard":
        arity(words, 2, 3, 4)
        return [card(c, True) for c in words[1:]]
    if words[0] == "remove":
        arity(words, 4)
        card(words[1], True)
        return [card(c, True) for c in words[2:]]
    if words[0] == "pick":
        arity(words, 2)
        num(words[1], 0)                # 0: an old mine's stone
        return []
    if words[0] == "steal":
        arity(words, 2)
        seat_ok(num(words[1]))
        return []
    if words[0] == "allow":
        arity(words, 1)
        return []
    if words[0] == "take":
        arity(words, 2)
        card(words[1], True)
        return []
    if words[0] == "dwarf":
        arity(words, 4)
        num(words[2]), num(words[3])
        return [card(words[1], True)]
    if words[0] == "choose":
        arity(words, 2)
        seat_ok(num(words[1]))
        return []
    if words[0] == "push":
        arity(words, 3)
        num(words[1]), num(words[2])
        return []
    if words[0] == "reveal":
        arity(words, 3)
        num(words[1]), num(words[2])
        return []
    raise Bad("%r is not a move" % " ".join(words))


def holds(hand, cards):
    """Whether hand holds every card of cards (as many copies as listed)."""
    left = list(hand)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    return True


class Seat:
    """What the page promises one seat, checked line by line."""

    def __init__(self):
        self.started = False
        self.players = 0
        self.seat = None
        self.hand = []
        self.legal = 0          # legal lines in the current list
        self.open = None        # "turn", "retry" or "default": a decision
        self.after_game = False
        self.offered = False
        self.victims = None     # the seats this seat may rob, once told
        self.front = {}         # seat -> the cards lying in front of it
        self.round_over = False
        self.prev = None        # the words of the line before
        self.reacting = None    # the seat whose card waits for this
                                # seat's reaction, from "react" to "turn"
        self.trove = None       # the cards a treasure trove showed it
        self.in_react = False   # its decision is a reaction
        self.setup = False      # a round's setup, before its first draw
        self.dwarves = set()    # (x, y) of the dwarves on the table
        self.postcard = False   # the role lines after a postcard's
        self.chests = set()     # (x, y) of the chests face down
        self.my_chests = []     # the seat's own chests still carried out
        self.choices = None     # the seats its chest lets it choose among
        self.chose = None       # the chest whose choice it was asked
        self.goals = None       # the goals it may turn face up first
        self.pushable = None    # the goals its push-goal chest may push
        self.laying = None      # the seat whose card's effects are told

    def seat_ok(self, s):
        if not 0 <= s < self.players:
            raise Bad("no seat %d in a game of %d" % (s, self.players))

    def own(self, w):
        s = num(w)
        self.seat_ok(s)
        return s == self.seat

    def l_laid(self, w):
        arity(w, 5)
        num(w[1]), num(w[2]), card(w[3]), num(w[4], 0, 1)

    def l_dwarf(self, w):
        """Tunnel toll: a dwarf, right after its seat's discard."""
        arity(w, 4)
        self.seat_ok(num(w[1]))
        cell = (num(w[2]), num(w[3]))
        if not self.after("discarded", w[1]) or len(self.prev) != 3:
            raise Bad("a dwarf not right after its seat's discard of one "
                      "card")
        if cell in self.dwarves:
            raise Bad("a second dwarf on %d %d" % cell)
        self.dwarves.add(cell)

    def l_toll(self, w):
        arity(w, 5)
        self.seat_ok(num(w[1]))
        self.seat_ok(num(w[2]))
        cell = (num(w[3]), num(w[4]))
        if cell not in self.dwarves:
            raise Bad("a toll paid where no dwarf stands")
        if not self.after("played", w[1]):
            raise Bad("a toll not right after its seat's path card")
        self.dwarves.discard(cell)

    def l_postcard(self, w):
        arity(w, 5)
        self.seat_ok(num(w[1]))
        num(w[2]), num(w[3])
        if not card(w[4]).startswith(("costume-", "party-")):
            raise Bad("%s is no postcard" % w[4])

    def line(self, raw):
        if raw.endswith("\r"):
            raise Bad("a line ends with \\r\\n, the referee's end with \\n")
        if len(raw) + 1 > MAX_LINE:
            raise Bad("%d bytes, over the %d the referee sends"
                      % (len(raw) + 1, MAX_LINE))
        if not re.match(r"^[\x21-\x7e]+( [\x21-\x7e]+)*$", raw):
            raise Bad("not printable ASCII words separated by one space")
        w = raw.split(" ")
        kind = w[0]
        if not self.started:
            if w != ["saboteur", "1"]:
                raise Bad("the first line must be \"saboteur 1\"")
            self.started = True
            return
        if self.legal and kind not in ("legal", "turn"):
            raise Bad("legal moves not followed by a turn")
        if self.open == "default" and kind != "default":
            raise Bad("\"illegal 0\" not followed by a default")
        if self.open == "retry" and kind in ("legal", "turn"):
            raise Bad("legal or turn again before a retried decision ended")
        if self.in_react and kind not in ("illegal", "default"):
            # An allowed reaction has no event of the seat's own: the next
            # line of the game ends the decision.
            self.open, self.in_react = None, False
        handler = getattr(self, "l_" + kind, None)
        if handler is None:
            if kind in LATER:
                return
            raise Bad("%r is no line of protocol version 1" % kind)
        if self.seat is None and kind not in ("game",):
            raise Bad("%r before any game line" % kind)
        handler(w)
        # The seat whose card was just played, while the lines of what it
        # did follow (a "goals" choice may come after them).
        if kind == "played":
            self.laying = w[1]
        elif kind not in CARRIED:
            self.laying = None
        if kind == "postcard":
            self.postcard = True
        elif kind != "role":
            self.postcard = False
        self.prev = w

    def after(self, *words):
        """Whether the line before began with these words."""
        return self.prev is not None and self.prev[:len(words)] == list(words)

    def front_take(self, seat, c):
        cards = self.front.get(seat, [])
        if c not in cards:
            raise Bad("%s does not lie in front of seat %d" % (c, seat))
        cards.remove(c)

    def l_game(self, w):
        arity(w, 5)
        num(w[1], 1)
        if not NAME.match(w[2]):
            raise Bad("bad ruleset name %r" % w[2])
        self.players = num(w[3], 2, 12)
        self.seat = num(w[4], 0, self.players - 1)
        self.hand, self.open, self.after_game = [], None, False
        self.front, self.victims, self.round_over = {}, None, False
        self.reacting, self.trove = None, None

    def l_seed(self, w):
        # Only to a bot that asked for it, right after the game line.
        if not self.after("game"):
            raise Bad("a seed line not right after the game line")
        arity(w, 2)
        num(w[1], 0, 2**64 - 1)

    def l_player(self, w):
        arity(w, 3)
        self.seat_ok(num(w[1]))
        if w[2] != "-" and not NAME.match(w[2]):
            raise Bad("bad bot name %r" % w[2])

    def l_board(self, w):
        if w[1:] == ["unbounded"]:
            return
        arity(w, 6)
        if w[1] != "bounded":
            raise Bad("board unbounded or board bounded MINX MINY MAXX MAXY")
        [num(x) for x in w[2:]]

    def l_start(self, w):
        arity(w, 4)
        num(w[1]), num(w[2])
        if not w[3].startswith("start-"):
            raise Bad("the start card is %r" % w[3])
        card(w[3])

    def l_goal(self, w):
        arity(w, 3)
        num(w[1]), num(w[2])

    def l_round(self, w):
        arity(w, 4)
        num(w[1], 1)
        self.seat_ok(num(w[2]))
        num(w[3], 0)
        self.hand, self.round_over = [], False
        self.front, self.victims = {}, None
        self.setup, self.dwarves = True, set()
        self.chests, self.my_chests, self.choices = set(), [], None
        self.pushable = None
        self.goals, self.chose = None, None

    def l_role(self, w):
        """Every role at a round's end; before it, a seat's own role as the
        round starts or right after a change hats played on it, and the
        role of the seat its inspection looked at, right after it."""
        arity(w, 3)
        if w[2] not in ROLES:
            raise Bad("no role %r" % w[2])
        if self.round_over:
            return
        me = str(self.seat)
        if self.own(w[1]):
            # As the round starts: right after "round", or after the
            # path card the tournament variant lays then.
            if not (self.after("round") or self.setup or
                    self.after("postcard") or
                    (self.after("role") and self.postcard) or
                    (self.after("played") and self.prev[2:] ==
                     ["change-hats", me])):
                raise Bad("the seat's own role in mid-round, with no "
                          "change hats played on it")
        elif (self.chose == "look-role" and self.choices is not None and
              int(w[1]) in self.choices):
            # The role of the seat its look-role chest chose: its answer.
            self.chose, self.choices = None, None
            self.decided(True)
        elif not self.after("played", me, "inspection", w[1]):
            raise Bad("another seat's role before the round ends (and not "
                      "right after this seat's inspection of it)")

    def l_draw(self, w):
        arity(w, 3)
        self.setup = False
        if self.own(w[1]):
            self.hand.append(card(w[2], True))
        elif w[2] != "-":
            raise Bad("another seat's drawn card is shown")

    def l_played(self, w):
        if len(w) < 3:
            raise Bad("played SEAT MOVE")
        own = self.own(w[1])
        actor = int(w[1])
        if w[2] == "rockfall":
            arity(w, 6)
            cell = (num(w[3]), num(w[4]))
            if w[5] == "-":
                # A rockfall on a chest takes it away unopened.
                if cell not in self.chests:
                    raise Bad("a rockfall on nothing where no chest lies")
                self.chests.discard(cell)
            else:
                card(w[5])
        elif w[2] == "diversion":
            # The moved card and the cell it left follow the move.
            arity(w, 9)
            move(w[2:6], self.seat_ok)
            card(w[6]), num(w[7]), num(w[8])
        elif w[2] in TAKES:
            arity(w, 5)
            self.seat_ok(num(w[3]))
            if w[4] != TAKES[w[2]]:
                raise Bad("%s takes away a %s" % (w[2], TAKES[w[2]]))
            self.front_take(int(w[3]), w[4])
        else:
            if len(w) < 4 and w[2] not in BARE:
                raise Bad("played SEAT MOVE")
            move(w[2:], self.seat_ok)
        self.lay(actor, w[2:])
        if own:
            self.take(w[2])
        self.decided(own)

    def lay(self, actor, m):
        """What a card played lays in front of a seat or takes away."""
        c = m[0]
        if c in ON_OTHERS and int(m[1]) == actor:
            raise Bad("%s played on its own player" % c)
        if c.startswith("break-") or c == "trapped":
            self.front.setdefault(int(m[1]), []).append(c)
        elif c == "theft":
            self.front.setdefault(actor, []).append(c)
        elif c.startswith("repair-"):
            broken = "break-" + m[2]
            if broken in self.front.get(int(m[1]), []):
                self.front[int(m[1])].remove(broken)

    def l_discarded(self, w):
        """A pass of 1 to 3 cards (2 or 3 in Saboteur 2), face down."""
        arity(w, 3, 4, 5)
        own = self.own(w[1])
        for c in w[2:]:
            if own:
                self.take(card(c, True))
            elif c != "-":
                raise Bad("another seat's discard is shown")
        self.decided(own)

    def l_removed(self, w):
        """Two cards discarded face up to take one away from in front."""
        arity(w, 5)
        own = self.own(w[1])
        self.front_take(int(w[1]), card(w[2], True))
        for c in w[3:]:
            card(c, True)
            if own:
                self.take(c)
        self.decided(own)

    def l_hand(self, w):
        """The seat's whole hand, right after a swap hands it is part of."""
        me = str(self.seat)
        if not ((self.after("played") and self.prev[2] == "swap-hands" and
                 me in (self.prev[1], self.prev[3])) or
                (self.after("grabbed") and me in self.prev[1:3])):
            raise Bad("a hand line with no swap hands of this seat's "
                      "before it")
        self.hand = [card(c, True) for c in w[1:]]

    def l_goals(self, w):
        """New Goals: goals reached at once; their seat picks the first."""
        if len(w) < 6 or len(w) % 2:
            raise Bad("goals SEAT X1 Y1 X2 Y2 ...")
        if self.laying != w[1]:
            raise Bad("a goals choice not right after its seat's path card "
                      "(and what that card did before it)")
        cells = [(num(w[k]), num(w[k + 1])) for k in range(2, len(w), 2)]
        if self.own(w[1]):
            self.goals = set(cells)

    def l_paid(self, w):
        """New Goals: a dragon's payment, 1 or 0, to its seat alone."""
        arity(w, 3)
        if self.own(w[1]):
            num(w[2], 0, 1)
        elif w[2] != "-":
            raise Bad("another seat's payment to the dragon is shown")

    def l_chest(self, w):
        arity(w, 3)
        if not self.setup:
            raise Bad("a chest laid after the round's setup")
        cell = (num(w[1]), num(w[2]))
        if cell in self.chests:
            raise Bad("a second chest on %d %d" % cell)
        self.chests.add(cell)

    def l_opened(self, w):
        arity(w, 7)
        own = self.own(w[1])
        cell = (num(w[2]), num(w[3]))
        if not card(w[4]).endswith(":chest"):
            raise Bad("%s is no chest's path card" % w[4])
        num(w[5], 0, 1)
        if w[6] not in CHESTS:
            raise Bad("no chest %r" % w[6])
        if cell not in self.chests:
            raise Bad("a chest opened where none lies")
        self.chests.discard(cell)
        if own:
            # One card may open two chests, carried out in turn.
            self.my_chests.append(w[6])

    def l_milled(self, w):
        arity(w, 3)
        self.seat_ok(num(w[1]))
        num(w[2], 0)

    def l_chestchoice(self, w):
        """To the seat whose chest lets it choose a player (or a goal to
        push), alone."""
        if len(w) >= 6 and len(w) % 2 == 0 and w[1] == "push-goal":
            if "push-goal" not in self.my_chests:
                raise Bad("a chest's choice with no push-goal chest of this "
                          "seat's")
            self.pushable = set((num(w[k]), num(w[k + 1]))
                                for k in range(2, len(w), 2))
            self.my_chests.remove("push-goal")
            return
        if len(w) < 3 or w[1] not in CHOOSERS:
            raise Bad("chestchoice steal-card|look-role SEAT ...")
        if w[1] not in self.my_chests:
            raise Bad("a chest's choice with no %s chest of this seat's"
                      % w[1])
        self.choices = set(num(s) for s in w[2:])
        for s in self.choices:
            self.seat_ok(s)
            if s == self.seat:
                raise Bad("the seat may choose itself")
        self.chose = w[1]
        self.my_chests.remove(w[1])

    def l_pushed(self, w):
        """To every seat: a push-goal chest pushed a face-down goal one
        cell further; the seat's own push ends its choice, if it had one."""
        arity(w, 6)
        own = self.own(w[1])
        x0, y0, x, y = num(w[2]), num(w[3]), num(w[4]), num(w[5])
        if abs(x - x0) + abs(y - y0) != 1:
            raise Bad("a goal pushed from %d %d to %d %d, not one cell"
                      % (x0, y0, x, y))
        if own:
            if self.pushable is not None:
                if (x0, y0) not in self.pushable:
                    raise Bad("a goal pushed that the chest did not offer")
                self.pushable = None
                self.decided(True)
            elif "push-goal" in self.my_chests:
                # One goal only: pushed without asking.
                self.my_chests.remove("push-goal")

    def l_grabbed(self, w):
        arity(w, 3)
        own = self.own(w[1])
        self.seat_ok(num(w[2]))
        if w[1] == w[2]:
            raise Bad("a seat grabbed its own card")
        if own:
            if self.choices is None or int(w[2]) not in self.choices:
                raise Bad("a card grabbed from a seat not offered")
            self.choices, self.chose = None, None
            self.decided(True)

    def l_peekchest(self, w):
        """To the seat that played a map on a chest, alone."""
        arity(w, 5)
        num(w[1]), num(w[2])
        if not card(w[3]).endswith(":chest") or w[4] not in CHESTS:
            raise Bad("peekchest X Y CARD:chest CHEST")
        if not self.after("played", str(self.seat), "map", w[1], w[2]):
            raise Bad("a chest's peek with no map of this seat's on it")

    def l_passed(self, w):
        arity(w, 2)
        self.decided(self.own(w[1]))

    def l_peek(self, w):
        arity(w, 4)
        num(w[1]), num(w[2]), card(w[3])

    def l_reveal(self, w):
        arity(w, 5)
        num(w[1]), num(w[2]), card(w[3]), num(w[4], 0, 1)
        if self.goals is not None:
            # The first goal turned face up is this seat's answer.
            self.goals = None
            self.decided(True)

    def l_roundend(self, w):
        if len(w) < 5 or (len(w) > 5 and w[5] != "winners"):
            raise Bad("roundend R gold|nocards FINDER|- SIDE [winners S...]")
        num(w[1], 1)
        if w[2] in ("gold", "spider"):
            # The giant spider (New Goals) ends a round as gold does.
            self.seat_ok(num(w[3]))
        elif w[2] != "nocards" or w[3] != "-":
            raise Bad("roundend R gold|spider FINDER SIDE or roundend R "
                      "nocards - SIDE")
        if w[4] not in SIDES:
            raise Bad("no side %r" % w[4])
        [self.seat_ok(num(s)) for s in w[6:]]
        self.round_over = True

    def l_victims(self, w):
        """Only to a thief, at a round's end: the seats it may rob."""
        if len(w) < 2:
            raise Bad("victims SEAT ...")
        if not self.round_over:
            raise Bad("victims before the round ends")
        if "theft" not in self.front.get(self.seat, []):
            raise Bad("victims to a seat with no theft in front of it")
        self.victims = [num(s) for s in w[1:]]
        for s in self.victims:
            self.seat_ok(s)
            if s == self.seat:
                raise Bad("the seat may rob itself")

    def l_stole(self, w):
        arity(w, 3)
        if not self.round_over:
            raise Bad("a theft before the round ends")
        own = self.own(w[1])
        self.seat_ok(num(w[2]))
        if w[1] == w[2]:
            raise Bad("a seat robbed itself")
        if own:
            if self.victims is None or int(w[2]) not in self.victims:
                raise Bad("the seat robbed a seat not among its victims")
            self.victims = None
        self.decided(own)

    def l_plays(self, w):
        """A path or action card waiting for reactions (the veto): public,
        the move as "played" would give it; the card is still held."""
        if len(w) < 3:
            raise Bad("plays SEAT MOVE")
        self.seat_ok(num(w[1]))
        move(w[2:], self.seat_ok)
        if self.own(w[1]) and w[2] not in self.hand:
            raise Bad("the seat plays %s, which it does not hold" % w[2])

    def l_react(self, w):
        """To the seat asked alone, right after the card it reacts to (or
        the reaction of the seat asked before it); its request follows."""
        arity(w, 2)
        if self.own(w[1]):
            raise Bad("a seat asked to react to its own card")
        if not (self.after("plays", w[1]) or self.after("turn")):
            raise Bad("a react line not right after the card waiting")
        self.reacting = int(w[1])

    def l_vetoed(self, w):
        """VETOER SEAT CARD: both cards to the discard pile."""
        arity(w, 4)
        vetoer, own = self.own(w[1]), self.own(w[2])
        if w[1] == w[2]:
            raise Bad("a seat vetoed its own card")
        card(w[3], True)
        if own:
            self.take(w[3])
        if vetoer:
            self.take("veto")
        self.decided(own)

    def l_trove(self, w):
        """The top cards of the discard pile, to the seat that played the
        treasure trove alone, right after it."""
        if not 2 <= len(w) <= 6:
            raise Bad("trove CARD... (1 to 5 cards)")
        offer = [c for c in self.my_chests if c in ("trove", "keep-one")]
        if offer:
            self.my_chests.remove(offer[0])
        elif not self.after("played", str(self.seat), "treasure-trove"):
            raise Bad("a trove line with no treasure trove of this seat's "
                      "before it (nor a chest of its that offers cards)")
        self.trove = [card(c, True) for c in w[1:]]

    def l_took(self, w):
        arity(w, 3)
        if self.own(w[1]):
            if w[2] == "-" and self.trove is None and \
                    self.after("played", w[1], "treasure-trove"):
                return          # its trove on an empty pile took nothing
            if self.trove is None or w[2] not in self.trove:
                raise Bad("the seat took %s, which its trove did not show"
                          % w[2])
            self.hand.append(w[2])
            self.trove = None
            self.decided(True)
        elif w[2] != "-":
            raise Bad("another seat's taken card is shown")

    def l_offer(self, w):
        if len(w) < 2:
            raise Bad("offer V ...")
        [num(v, 0) for v in w[1:]]      # 0: an old mine's stone
        self.offered = True

    def l_gold(self, w):
        arity(w, 3)
        if self.own(w[1]):
            num(w[2], 0)                # 0: an old mine's stone
            self.decided(True)
        elif w[2] != "-" and not self.setup:
            # Tunnel toll's gold piece each seat takes at setup is public.
            raise Bad("another seat's gold is shown before the game ends")

    def l_gameover(self, w):
        if "winners" not in w:
            raise Bad("gameover G0 G1 ... winners SEAT ...")
        k = w.index("winners")
        if k - 1 != self.players:
            raise Bad("%d golds for %d seats" % (k - 1, self.players))
        [num(g, 0) for g in w[1:k]]
        [self.seat_ok(num(s)) for s in w[k + 1:]]
        self.after_game = True

    def l_legal(self, w):
        if len(w) < 2:
            raise Bad("legal MOVE")
        cards = bot_move(w[1:], self.seat_ok)
        if (w[1] == "allow" or w[1:3] == ["play", "veto"]) != \
                (self.reacting is not None):
            raise Bad("%s listed %s a reaction request"
                      % (" ".join(w[1:]), "outside" if self.reacting is None
                         else "in"))
        if w[1] == "take" and (self.trove is None or w[2] not in self.trove):
            raise Bad("a take of %s, which the trove did not show" % w[2])
        if w[1] == "choose" and (self.choices is None or
                                 int(w[2]) not in self.choices):
            raise Bad("a choice of a seat its chest did not offer")
        if w[1] == "push" and (self.pushable is None or
                               (int(w[2]), int(w[3])) not in self.pushable):
            raise Bad("a push of a goal its chest did not offer")
        if w[1] == "reveal" and (self.goals is None or
                                 (int(w[2]), int(w[3])) not in self.goals):
            raise Bad("a reveal of a goal not reached at once")
        if w[1] == "pick" and not self.offered:
            raise Bad("a pick listed with no gold offered")
        if w[1] == "steal" and (self.victims is None or
                                int(w[2]) not in self.victims):
            raise Bad("a steal of a seat not among the victims")
        if not holds(self.hand, cards):
            raise Bad("a legal move with %s, which the seat does not hold"
                      % " ".join(cards))
        mine = self.front.get(self.seat, [])
        if w[1] == "remove" and w[2] not in mine:
            raise Bad("a remove of %s, which does not lie in front of the "
                      "seat" % w[2])
        if w[1] == "play":
            c = w[2]
            if "trapped" in mine and c.startswith(("path-", "dead-")):
                raise Bad("a path card listed for a trapped seat")
            if c in ON_OTHERS and int(w[3]) == self.seat:
                raise Bad("%s listed on the seat itself" % c)
            if c == "theft" and "theft" in mine:
                raise Bad("a second theft listed in front of the seat")
            if c in TAKES and TAKES[c] not in self.front.get(int(w[3]), []):
                raise Bad("%s listed with no %s to take away"
                          % (c, TAKES[c]))
        self.legal += 1

    def l_turn(self, w):
        arity(w, 4)
        num(w[1], 1), num(w[2], 0), num(w[3], 0)
        if not self.legal:
            raise Bad("a turn with no legal moves before it (the bot asked "
                      "for them)")
        self.legal, self.open = 0, "turn"
        if self.reacting is not None:
            self.in_react, self.reacting = True, None

    def l_illegal(self, w):
        if len(w) < 3:
            raise Bad("illegal TRIES REASON")
        tries = num(w[1], 0)
        if self.open not in ("turn", "retry"):
            raise Bad("illegal with no decision asked")
        self.open = "retry" if tries > 0 else "default"

    def l_default(self, w):
        if len(w) < 3 or w[1] not in ("illegal", "timeout"):
            raise Bad("default illegal|timeout MOVE")
        if w[1] == "illegal" and self.open != "default":
            raise Bad("default illegal without \"illegal 0\" before it")
        if w[1] == "timeout" and self.open not in ("turn", "retry"):
            raise Bad("default timeout with no decision asked")
        bot_move(w[2:], self.seat_ok)
        self.open = "effect"

    def l_quit(self, w):
        arity(w, 1)

    def take(self, c):
        if c not in self.hand:
            raise Bad("the seat played %s, which it does not hold" % c)
        self.hand.remove(c)

    def decided(self, own):
        if own:
            if self.open in ("turn", "retry") or self.open == "effect":
                self.open = None
            self.offered = False


def check(path):
    seat = Seat()
    problems = []
    with open(path, "rb") as f:
        data = f.read()
    if not data.endswith(b"\n"):
        problems.append("%s: does not end with a newline" % path)
    for n, raw in enumerate(data.decode("ascii", "replace").split("\n")[:-1], 1):
        if raw.startswith("#"):
            continue
        try:
            seat.line(raw)
        except Bad as e:
            problems.append("%s:%d: %s: %s" % (path, n, e, raw[:80]))
            if len(problems) >= 20:
                break
    if seat.legal or seat.open in ("turn", "retry", "default"):
        problems.append("%s: ends inside a decision" % path)
    return problems


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: check_fixtures.py TRANSCRIPT...")
    problems = [p for path in sys.argv[1:] for p in check(path)]
    for p in problems:
        print("FAIL " + p)
    print("check_fixtures: %d transcripts, %d problems"
          % (len(sys.argv) - 1, len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
