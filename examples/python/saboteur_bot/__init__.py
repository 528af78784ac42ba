"""saboteur_bot: a small helper for Saboteur bots in Python 3 (standard library only).

Install it with "pip install ./examples/python" (or put examples/python on
PYTHONPATH), then subclass Bot, override choose(), and call run():

    from saboteur_bot import Bot

    class FirstMove(Bot):
        def choose(self):
            return self.legal[0]          # any legal line will do

    FirstMove("first").run()

run() answers the handshake with "bot NAME moves seed react" (so the referee
lists the legal moves before every decision, may send a seed, and asks for a
reaction to the cards other seats play when a veto is in the game), keeps the state
below up to date from the referee's lines, calls choose() on every "turn"
(a "victims" line before it asks for a steal, at a Saboteur 2 round's end)
and prints its answer.  Lines it does not know are ignored, as the protocol asks
(saboteur-protocol(7)).  The state follows the base game and Saboteur 2
(ruleset "saboteur2": its cards in front of the seats, inspections, change
hats, swap hands, multi-card discards, thefts, gold in pieces) and the World
Championship's special cards (rulesets "base-wc", "saboteur2-wc": a card
waiting for a veto, our reaction, the treasure trove's take, goal swaps,
diversions, changes of direction) and the mini expansions (rulesets
"base-minis", "saboteur2-minis", which hold every one: Tunnel Toll's dwarves
and tolls, the postcards laid at setup and the new dwarf card one gives us,
New Goals' goal places and order, Treasure Chests' chests and choices).

State, reset by each "game" (and the round part by each "round"):
    seat, players, ruleset       our seat, the player count, the ruleset name
    game                         the game's number in the match, from 1
    seed                         the "seed S" the referee sent for this seat of
                                 this game, or None (a referee that sends none)
    rng                          a random.Random for the bot's choices: seeded
                                 by "seed S" when it comes, else by BOT_SEED
                                 (with the game and seat), else by the clock
    names                        {seat: bot name}
    start, goals                 (x, y) of the start card; list of goal places
                                 this round (a push-goal chest moves one:
                                 "pushed" line; each round lays them back)
    round, deck                  round number; cards left in the draw pile
    role                         "miner", "saboteur", or None (not dealt, or a
                                 ruleset without roles); in saboteur2
                                 "blue-miner", "green-miner", "boss",
                                 "profiteer", "geologist" or "saboteur", and
                                 it changes when a change hats is played on us
    roles                        {seat: role}: ours, those our inspections
                                 showed (forgotten when that seat changes
                                 hats), then everyone's at round end
    hand                         our cards as tokens, e.g. ["path-NES", "map"];
                                 all of it anew after a swap hands
    board                        {(x, y): token} of every card on the table;
                                 "start" for the start card, "-" for a goal
                                 still face down
    turned                       the set of (x, y) whose card is turned 180 degrees
    goal_cards                   {(x, y): token} of goals we peeked at or saw revealed
    broken                       {seat: list of broken tools}, e.g. {2: ["cart"]}
                                 (a tool twice where they stack, as in "course")
    in_front                     {seat: tokens of the cards lying in front of
                                 it}: broken tools ("break-cart"), and in
                                 saboteur2 "theft" and "trapped"
    gold                         {seat: gold}: ours as we get it (thefts
                                 included), all at game over
    offer                        gold values offered to us now (pick one)
    victims                      the seats we may rob now ("victims" line):
                                 reply "steal SEAT" (a legal line)
    chests                       Treasure Chests: the cells (x, y) of the
                                 face-down chests ("chest" lines)
    chest_choices                the seats we may choose for our chest
                                 ("chestchoice" line): reply "choose SEAT"
    push_choices                 the face-down goals (x, y) we may push one
                                 further ("chestchoice push-goal" line):
                                 reply "push X Y" (a legal line)
    goal_order                   New Goals: the goals (x, y) we reached at
                                 once ("goals" line): reply "reveal X Y"
                                 (a legal line) for the one to turn first
    result                       the last round's end, a dict: "round", "how"
                                 ("gold", "nocards" or "spider"), "finder" (a seat or
                                 None), "side" (e.g. "miners", "blue-miners",
                                 "boss"), "winners" (seats; None where the
                                 line has none, as in the base game)
    thefts                       (thief, victim) pairs of this game's thefts
    pending                      (seat, move line) of a card played and waiting
                                 for a veto ("plays"), else None; a "react"
                                 decision asks us "allow" or "play veto"
    reacting                     True while the decision asked is a reaction
    trove                        the cards our treasure trove shows, top of
                                 the discard pile first: reply "take CARD"
    direction                    0 clockwise, 1 after an odd number of changes
                                 of direction this round
    dwarves                      {(x, y): seat} of Tunnel Toll's dwarves on the
                                 table and who put each there: a path card
                                 there pays that seat 1 gold ("toll")
    postcards                    {(x, y): token} of the postcards reached this
                                 round (the rest lie in board)
    legal                        the legal move lines of this decision
    turn, move_ms, bank_ms       from the "turn" line: the time we have
    tries                        replies left after an "illegal"
"""

import os
import random
import sys
import time
import traceback

__version__ = "0.1.0"
__all__ = ["Bot", "Move", "parse_move", "card_exits", "card_marks",
           "card_crystals"]

# Turning a card 180 degrees swaps north with south and east with west.
_TURNED = {"N": "S", "E": "W", "S": "N", "W": "E"}
# The step to the neighbouring cell through each edge (y grows to the south).
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def card_exits(token, rot=0):
    """The edges of a path card through which a tunnel goes on, as a string
    such as "NES": the joined edges, without the stubs after "." of the
    token or its marks after ":", turned when rot is 1.  "" for a dead end
    or a card that is not a path (a goal or start card's shape counts as a
    path)."""
    if "-" not in token:
        return ""
    kind, shape = token.split("-", 1)
    if kind not in ("path", "start", "gold", "stone", "costume", "party"):
        return ""
    edges = shape.split(":")[0].split(".")[0].replace("+", "")
    if rot == 1:
        edges = "".join(_TURNED[e] for e in edges)
    return "".join(e for e in "NESW" if e in edges)


def card_marks(token):
    """The marks of an expansion's path card, after its shape: "blue" or
    "green" (a door of that colour), "ladder", "crystal" ("crystal2" for
    two), e.g. ["green"] for "path-EW.N:green"; [] for any other card."""
    return token.split(":")[1:] if token.startswith(("path-", "dead-")) else []


def card_crystals(token):
    """How many crystals a path card shows (a geologist is paid for them)."""
    for m in card_marks(token):
        if m.startswith("crystal"):
            return int(m[len("crystal"):] or 1)
    return 0


# Saboteur 2's action cards played on a seat ("play trapped 2"); theft is
# played on nobody ("play theft").
SEAT_ACTIONS = ("hands-off", "trapped", "freedom", "inspection",
                "change-hats", "swap-hands")
# The World Championship's special cards played without arguments, and
# their Move kinds (the master crafter is "repair-pickaxe-lantern-cart").
WC_PLAIN = {"veto": "veto", "treasure-trove": "trove",
            "change-direction": "direction", "pathfinder": "pathfinder"}


class Move:
    """One move line taken apart.  kind is "path", "break", "repair",
    "rockfall", "map", "discard", "pick", and in saboteur2 "action" (theft,
    hands-off, trapped, freedom, inspection, change-hats or swap-hands, the
    card says which), "remove" or "steal"; "other" for anything else.  card
    is the token (the first discarded for a discard or a remove; None for a
    pick, a steal or an allow); the World Championship adds "allow" (no veto),
    "take" (a card of our treasure trove), "veto", "swap" (a goal swap: goals
    [(x1, y1), (x2, y2)], rot 1 to swap), "trove", "direction", "pathfinder"
    and "diversion" (x, y, rot: where the last path card goes); Tunnel Toll
    adds "dwarf" (card discarded, x, y where the dwarf goes); New Goals
    adds "reveal" (x, y: the goal to turn face up first of two reached at
    once); Treasure Chests "choose" (target: a player for a chest) and
    "push" (x, y: the face-down goal to push one further away); cards every card the move takes from the hand (1 to 3
    for a discard, 2 for a remove); front the card a remove takes away from
    in front of us; x, y, rot for a path, a rockfall or a map; target (a
    seat) for a break, a repair, an action played on a seat or a steal;
    tool for a repair; value for a pick.  line is the line itself, the
    answer to send."""

    def __init__(self, line):
        self.line = line
        self.kind, self.card, self.cards, self.front = "other", None, [], None
        self.x = self.y = self.rot = self.target = self.tool = self.value = None
        self.goals = []
        w = line.split()
        try:
            if w[0] == "allow":
                self.kind = "allow"
            elif w[0] == "take" and len(w) >= 2:
                self.kind, self.card, self.cards = "take", w[1], []
            elif w[0] == "pick" and len(w) >= 2:
                self.kind, self.value = "pick", int(w[1])
            elif w[0] == "discard" and len(w) >= 2:
                self.kind, self.card, self.cards = "discard", w[1], w[1:4]
            elif w[0] == "remove" and len(w) >= 4:
                self.kind, self.front = "remove", w[1]
                self.card, self.cards = w[2], w[2:4]
            elif w[0] == "steal" and len(w) >= 2:
                self.kind, self.target = "steal", int(w[1])
            elif w[0] == "dwarf" and len(w) >= 4:
                self.kind, self.card, self.cards = "dwarf", w[1], [w[1]]
                self.x, self.y = int(w[2]), int(w[3])
            elif w[0] == "reveal" and len(w) >= 3:
                self.kind, self.x, self.y = "reveal", int(w[1]), int(w[2])
            elif w[0] == "choose" and len(w) >= 2:
                self.kind, self.target = "choose", int(w[1])
            elif w[0] == "push" and len(w) >= 3:
                self.kind, self.x, self.y = "push", int(w[1]), int(w[2])
            elif w[0] == "play" and len(w) >= 2:
                self.card = c = w[1]
                self.cards = [c]
                if c.startswith(("path-", "dead-")) and len(w) >= 5:
                    self.kind = "path"
                    self.x, self.y, self.rot = int(w[2]), int(w[3]), int(w[4])
                elif c.startswith("break-") and len(w) >= 3:
                    self.kind, self.target = "break", int(w[2])
                elif c.startswith("repair-") and len(w) >= 4:
                    self.kind, self.target, self.tool = "repair", int(w[2]), w[3]
                elif c in ("rockfall", "map") and len(w) >= 4:
                    self.kind, self.x, self.y = c, int(w[2]), int(w[3])
                elif c == "theft":
                    self.kind = "action"
                elif c in WC_PLAIN:
                    self.kind = WC_PLAIN[c]
                elif c == "goal-swap" and len(w) >= 7:
                    self.kind, self.rot = "swap", int(w[6])
                    self.goals = [(int(w[2]), int(w[3])),
                                  (int(w[4]), int(w[5]))]
                elif c == "diversion" and len(w) >= 5:
                    self.kind = "diversion"
                    self.x, self.y, self.rot = int(w[2]), int(w[3]), int(w[4])
                elif c in SEAT_ACTIONS and len(w) >= 3:
                    self.kind, self.target = "action", int(w[2])
        except ValueError:
            self.kind = "other"

    def exits(self):
        """A path move's open edges once laid (see card_exits)."""
        return card_exits(self.card, self.rot) if self.kind == "path" else ""

    def __repr__(self):
        return "Move(%r)" % self.line


def parse_move(line):
    """The Move of one move line."""
    return Move(line)


class Bot:
    """A bot: state tracking and the protocol; choose() is the strategy."""

    def __init__(self, name="python-bot"):
        self.name = name
        self.new_game()

    def new_game(self, game=0):
        self.game = game
        self.seat = self.players = None
        self.seed = None
        self.rng = random.Random()
        self.ruleset = None
        self.names, self.gold = {}, {}
        self.thefts, self.result = [], None
        self.start, self.goals, self.setup_goals = (0, 0), [], []
        self.new_round()
        self.last_answer = None
        self.answered = True        # the legal list belongs to an answered decision

    # ---- the strategy ---------------------------------------------------

    def choose(self):
        """Returns the reply to the decision being asked: a move line such as
        "play path-NES 1 0 0", "discard map", "pick 3" or "steal 2".  The default plays
        the first legal move; bots override this."""
        return self.legal[0] if self.legal else None

    def seen(self, words):
        """Called with the words of every line just before the state takes
        it in (the moment the C helper calls its seen(): a bot compares the
        state before the line with what the line says); override to learn
        more (who played what, say)."""

    # ---- helpers for strategies ------------------------------------------

    def moves(self):
        """The legal moves of this decision, as Move objects."""
        return [Move(line) for line in self.legal]

    def is_broken(self, seat=None):
        """Whether seat (ours by default) has a broken tool in front of it."""
        return bool(self.broken.get(self.seat if seat is None else seat))

    def is_trapped(self, seat=None):
        """Whether seat (ours by default) is trapped (saboteur2): it may
        play no path card, and is neither paid nor steals at round end."""
        seat = self.seat if seat is None else seat
        return "trapped" in self.in_front.get(seat, [])

    # ---- the state -------------------------------------------------------

    def new_round(self):
        self.round, self.deck = 0, 0
        self.role, self.roles = None, {}
        self.hand, self.legal, self.offer, self.victims = [], [], [], []
        self.goal_order = []
        self.chests, self.chest_choices, self.push_choices = set(), [], []
        self.board, self.turned, self.goal_cards = {}, set(), {}
        self.broken, self.in_front = {}, {}
        self.pending, self.reacting, self.trove, self.direction = None, False, [], 0
        self.dwarves, self.postcards = {}, {}
        self.turn = self.move_ms = self.bank_ms = self.tries = 0
        self.dealing = False

    def _fallback_seed(self):
        """The generator's seed when the referee sends none: BOT_SEED with
        the game and the seat (so a game plays the same whichever games the
        process played before), else the clock."""
        env = os.environ.get("BOT_SEED")
        if env and env.strip().isdigit():
            return "%s/%d/%d" % (env.strip(), self.game, self.seat)
        return time.time_ns() ^ os.getpid()

    def _card_left(self, seat, token):
        if seat == self.seat and token in self.hand:
            self.hand.remove(token)

    def _take_from_front(self, seat, token):
        """The card token no longer lies in front of seat."""
        cards = self.in_front.get(seat, [])
        if token in cards:
            cards.remove(token)
        tools = self.broken.get(seat, [])
        if token.startswith("break-") and token[len("break-"):] in tools:
            tools.remove(token[len("break-"):])

    def _played(self, seat, w):
        """played SEAT CARD ARGS...: the card's effect on the state."""
        card = w[2]
        if card.startswith(("path-", "dead-")) and len(w) >= 6:
            cell = (int(w[3]), int(w[4]))
            self.board[cell] = card
            if w[5] == "1":
                self.turned.add(cell)
        elif card.startswith("break-") and len(w) >= 4:
            self.broken.setdefault(int(w[3]), []).append(card[len("break-"):])
            self.in_front.setdefault(int(w[3]), []).append(card)
        elif card.startswith("repair-") and len(w) >= 5:
            self._take_from_front(int(w[3]), "break-" + w[4])
        elif card == "rockfall" and len(w) >= 5:
            cell = (int(w[3]), int(w[4]))
            self.board.pop(cell, None)
            self.turned.discard(cell)
        elif card == "theft":
            self.in_front.setdefault(seat, []).append(card)
        elif card == "trapped" and len(w) >= 4:
            self.in_front.setdefault(int(w[3]), []).append(card)
        elif card in ("hands-off", "freedom") and len(w) >= 5:
            self._take_from_front(int(w[3]), w[4])
        elif card == "change-hats" and len(w) >= 4 and int(w[3]) != self.seat:
            # That seat's role is new, and only it learns which.
            self.roles.pop(int(w[3]), None)
        elif card == "goal-swap" and len(w) >= 8 and w[7] == "1":
            # What anyone knew of the two goals now lies where they went.
            a, b = (int(w[3]), int(w[4])), (int(w[5]), int(w[6]))
            ka, kb = self.goal_cards.pop(a, None), self.goal_cards.pop(b, None)
            if ka is not None:
                self.goal_cards[b] = ka
            if kb is not None:
                self.goal_cards[a] = kb
        elif card == "diversion" and len(w) >= 9:
            # played S diversion X Y ROT CARD FROMX FROMY
            old, new = (int(w[7]), int(w[8])), (int(w[3]), int(w[4]))
            self.board.pop(old, None)
            self.turned.discard(old)
            self.board[new] = w[6]
            if w[5] == "1":
                self.turned.add(new)
        elif card == "change-direction":
            self.direction ^= 1
        self.reacting = False
        # A card that waited for a veto left the hand when it was played.
        if self.pending is not None and self.pending[0] == seat:
            self.pending = None
        else:
            self._card_left(seat, card)

    def take(self, w):
        """Updates the state from one line's words; returns what to do:
        "answer", "quit" or None."""
        kind = w[0]
        if kind not in ("draw", "role"):
            self.dealing = False
        if kind == "saboteur":
            self.send("bot %s moves seed react" % self.name)
        elif kind == "quit":
            return "quit"
        elif kind == "game" and len(w) >= 5:
            self.new_game(int(w[1]))
            self.ruleset, self.players, self.seat = w[2], int(w[3]), int(w[4])
            self.rng.seed(self._fallback_seed())
        elif kind == "seed" and len(w) >= 2:
            self.seed = int(w[1])
            self.rng.seed(self.seed)
        elif kind == "player" and len(w) >= 3:
            self.names[int(w[1])] = w[2]
        elif kind == "start" and len(w) >= 3:
            self.start = (int(w[1]), int(w[2]))
        elif kind == "goal" and len(w) >= 3:
            self.setup_goals.append((int(w[1]), int(w[2])))
            self.goals = list(self.setup_goals)
        elif kind == "round" and len(w) >= 4:
            self.new_round()
            self.goals = list(self.setup_goals)
            self.round, self.deck, self.dealing = int(w[1]), int(w[3]), True
            self.board[self.start] = "start"
            for g in self.goals:
                self.board[g] = "-"
        elif kind == "role" and len(w) >= 3:
            self.roles[int(w[1])] = w[2]
            if int(w[1]) == self.seat and w[2] != "none":
                self.role = w[2]
        elif kind == "draw" and len(w) >= 3:
            if not self.dealing:
                self.deck = max(0, self.deck - 1)
            if int(w[1]) == self.seat and w[2] != "-":
                self.hand.append(w[2])
        elif kind == "played" and len(w) >= 3:
            self._played(int(w[1]), w)
        elif kind == "plays" and len(w) >= 3:
            # A card waits for a veto: it has left the hand.
            self.pending = (int(w[1]), "play " + " ".join(w[2:]))
            self._card_left(int(w[1]), w[2])
        elif kind == "react" and len(w) >= 2:
            self.reacting = True
        elif kind == "vetoed" and len(w) >= 4:
            # Both cards go to the discard pile; the vetoed play never was.
            self._card_left(int(w[1]), "veto")
            self.pending, self.reacting = None, False
        elif kind == "trove":
            self.trove = list(w[1:])
        elif kind == "took" and len(w) >= 3:
            if int(w[1]) == self.seat:
                if w[2] != "-":
                    self.hand.append(w[2])
                self.trove = []
        elif kind == "discarded" and len(w) >= 3:
            for card in w[2:5]:         # 1 to 3 cards (saboteur2)
                self._card_left(int(w[1]), card)
        elif kind == "removed" and len(w) >= 5:
            seat = int(w[1])
            self._take_from_front(seat, w[2])
            for card in w[3:5]:
                self._card_left(seat, card)
        elif kind == "laid" and len(w) >= 4:
            # A card the rules lay face up at setup: the tournament's middle
            # path card, a postcard.
            cell = (int(w[1]), int(w[2]))
            self.board[cell] = w[3]
            if len(w) >= 5 and w[4] == "1":
                self.turned.add(cell)
        elif kind == "dwarf" and len(w) >= 4:
            # After its card's "discarded": the dwarf on an open end.
            self.dwarves[(int(w[2]), int(w[3]))] = int(w[1])
        elif kind == "toll" and len(w) >= 5:
            payer, owner = int(w[1]), int(w[2])
            self.dwarves.pop((int(w[3]), int(w[4])), None)
            for s, d in ((payer, -1), (owner, 1)):
                if s == self.seat:
                    self.gold[s] = self.gold.get(s, 0) + d
        elif kind == "postcard" and len(w) >= 5:
            # Our new dwarf card, if any, comes in the "role" lines next;
            # what we knew of the others' may be out of date.
            self.postcards[(int(w[2]), int(w[3]))] = w[4]
            for s in list(self.roles):
                if s != self.seat and (w[4].startswith("party-") or
                                       s == int(w[1])):
                    del self.roles[s]
        elif kind == "hand":            # after a swap hands: all of ours
            self.hand = list(w[1:])
        elif kind == "victims":
            self.victims = [int(s) for s in w[1:]]
        elif kind == "goals" and len(w) >= 2:
            # New Goals: the seat chooses which of these goals turns first.
            if int(w[1]) == self.seat:
                self.goal_order = [(int(w[i]), int(w[i + 1]))
                                   for i in range(2, len(w) - 1, 2)]
        elif kind == "chest" and len(w) >= 3:
            # Treasure Chests: a face-down chest at (x, y).
            self.chests.add((int(w[1]), int(w[2])))
        elif kind == "opened" and len(w) >= 7:
            cell = (int(w[2]), int(w[3]))
            self.chests.discard(cell)
            self.board[cell] = w[4]
            if w[5] == "1":
                self.turned.add(cell)
        elif kind == "chestchoice" and len(w) >= 2 and w[1] == "push-goal":
            # The face-down goals we may push one further, by X Y.
            self.push_choices = [(int(w[i]), int(w[i + 1]))
                                 for i in range(2, len(w) - 1, 2)]
        elif kind == "chestchoice" and len(w) >= 2:
            self.chest_choices = [int(x) for x in w[2:]]
        elif kind == "pushed" and len(w) >= 6:
            # pushed SEAT X0 Y0 X Y: a face-down goal went one further.
            old, new = (int(w[2]), int(w[3])), (int(w[4]), int(w[5]))
            self.goals = [new if g == old else g for g in self.goals]
            self.board.pop(old, None)
            self.board[new] = "-"
            if old in self.goal_cards:
                self.goal_cards[new] = self.goal_cards.pop(old)
            self.push_choices = []
        elif kind == "grabbed":
            self.chest_choices = []
        elif kind == "paid" and len(w) >= 3 and w[2] != "-":
            seat = int(w[1])
            self.gold[seat] = self.gold.get(seat, 0) - int(w[2])
        elif kind == "stole" and len(w) >= 3:
            thief, victim = int(w[1]), int(w[2])
            self.thefts.append((thief, victim))
            for s, d in ((thief, 1), (victim, -1)):
                if s == self.seat:
                    self.gold[s] = self.gold.get(s, 0) + d
            if thief == self.seat:
                self.victims = []
        elif kind == "roundend" and len(w) >= 5:
            self.result = {
                "round": int(w[1]), "how": w[2],
                "finder": None if w[3] == "-" else int(w[3]), "side": w[4],
                "winners": [int(s) for s in w[6:]] if w[5:6] == ["winners"]
                else None}
        elif kind in ("peek", "reveal") and len(w) >= 4:
            cell = (int(w[1]), int(w[2]))
            self.goal_cards[cell] = w[3]
            if kind == "reveal":
                self.goal_order = []
                self.board[cell] = w[3]
                if len(w) >= 5 and w[4] == "1":
                    self.turned.add(cell)
        elif kind == "offer":
            self.offer = [int(v) for v in w[1:]]
        elif kind == "gold" and len(w) >= 3 and w[2] != "-":
            seat = int(w[1])
            self.gold[seat] = self.gold.get(seat, 0) + int(w[2])
            if seat == self.seat:
                self.offer = []
        elif kind == "gameover" and "winners" in w:
            golds = w[1:w.index("winners")]
            self.gold = {s: int(v) for s, v in enumerate(golds)}
        elif kind == "legal" and len(w) >= 2:
            if self.answered:
                self.legal, self.answered = [], False
            self.legal.append(" ".join(w[1:]))
        elif kind == "turn" and len(w) >= 4:
            self.turn, self.move_ms, self.bank_ms = int(w[1]), int(w[2]), int(w[3])
            self.tries = 0
            if self.answered:       # no list came for this decision
                self.legal = []
            return "answer"
        elif kind == "illegal" and len(w) >= 2:
            # With tries left the referee waits for another reply to the
            # same decision and sends neither the list nor "turn" again.
            self.tries = int(w[1])
            if self.last_answer in self.legal:
                self.legal.remove(self.last_answer)
            return "answer" if self.tries > 0 else None
        return None

    # ---- the protocol ----------------------------------------------------

    def send(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def answer(self):
        try:
            move = self.choose()
        except Exception:           # a bug in choose() should not lose the game
            traceback.print_exc()
            move = None
        if not move or not str(move).strip():   # something rather than nothing
            if self.legal:
                move = self.legal[0]
            elif self.offer:
                move = "pick %d" % max(self.offer)
            elif self.victims:
                move = "steal %d" % self.victims[0]
            elif self.goal_order:
                move = "reveal %d %d" % self.goal_order[0]
            elif self.chest_choices:
                move = "choose %d" % self.chest_choices[0]
            elif self.push_choices:
                move = "push %d %d" % self.push_choices[0]
            elif self.hand:
                move = "discard " + self.hand[0]
            else:
                move = "note nothing to play"
        move = str(move).strip().splitlines()[0]     # one line, whatever came
        self.last_answer, self.answered = move, True
        if move.startswith("choose "):  # a chest's choice is made
            self.chest_choices = []
        if move.startswith("push "):
            self.push_choices = []
        self.send(move)

    def run(self):
        """Plays until "quit" or the end of input; returns 0 (an exit status)."""
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")
        try:
            while True:
                line = sys.stdin.readline()
                if not line:
                    return 0
                w = line.split()
                if not w:
                    continue
                self.seen(w)
                try:
                    what = self.take(w)
                except ValueError:      # a malformed number: ignore the line
                    continue
                if what == "quit":
                    return 0
                if what == "answer":
                    self.answer()
        except (BrokenPipeError, KeyboardInterrupt):
            return 1
