#!/usr/bin/env python3
"""check_fixtures.py: fails when a recorded transcript (the lines one seat is
sent, as in tests/fixtures/transcripts/) breaks saboteur-protocol(7), so
that the fixtures example bots are checked against cannot drift from it.

Every line must have the shape the page gives its kind, and the lines the
order it promises to a bot that asked for moves: "saboteur 1" first, the
game's setup, a list of legal moves before every turn (and none before
the retries an "illegal" line with tries left asks for), a default after
"illegal 0", another seat's cards, role and gold hidden, the bot's own
cards and legal moves among the cards it holds.  Lines of kinds the page
does not know are refused too, except those in LATER (edge-cases.txt sends
them, as a later version of the protocol might: a bot must ignore them).

Usage: check_fixtures.py TRANSCRIPT...
"""
import re
import sys

LATER = {"welcome", "hint"}
MAX_LINE = 512                  # bytes, the newline included

INT = re.compile(r"^-?(0|[1-9][0-9]*)$")
NAME = re.compile(r"^[A-Za-z0-9._-]{1,32}$")
CARD = re.compile(r"^((path|dead|start|gold|stone)-[NESW]+([+.][NESW]+)*"
                  r"|break-(pickaxe|lantern|cart)"
                  r"|repair(-(pickaxe|lantern|cart)){1,3}"
                  r"|rockfall|map)$")
TOOLS = ("pickaxe", "lantern", "cart")


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
    if not CARD.match(w) or (in_hand and w.split("-")[0] in
                             ("start", "gold", "stone")):
        raise Bad("%r is not a card token" % w)
    return w


def arity(words, *counts):
    if len(words) not in counts:
        raise Bad("%d words, want %s" % (len(words),
                                         " or ".join(map(str, counts))))


def move(words, seat_ok):
    """A move as the bot writes it after "play" (played, legal, default):
    CARD X Y ROT, CARD SEAT, CARD SEAT TOOL, rockfall X Y, map X Y."""
    c = card(words[0], True)
    rest = words[1:]
    if c.startswith(("path-", "dead-")):
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
    """A reply line: play MOVE, discard CARD or pick V."""
    if words[0] == "play" and len(words) > 1:
        return move(words[1:], seat_ok)
    if words[0] == "discard":
        arity(words, 2)
        return card(words[1], True)
    if words[0] == "pick":
        arity(words, 2)
        num(words[1], 1)
        return None
    raise Bad("%r is not a move" % " ".join(words))


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
        self.prev = None        # the kind of the line before

    def seat_ok(self, s):
        if not 0 <= s < self.players:
            raise Bad("no seat %d in a game of %d" % (s, self.players))

    def own(self, w):
        s = num(w)
        self.seat_ok(s)
        return s == self.seat

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
        handler = getattr(self, "l_" + kind, None)
        if handler is None:
            if kind in LATER:
                return
            raise Bad("%r is no line of protocol version 1" % kind)
        if self.seat is None and kind not in ("game",):
            raise Bad("%r before any game line" % kind)
        handler(w)
        self.prev = kind

    def l_game(self, w):
        arity(w, 5)
        num(w[1], 1)
        if not NAME.match(w[2]):
            raise Bad("bad ruleset name %r" % w[2])
        self.players = num(w[3], 2, 12)
        self.seat = num(w[4], 0, self.players - 1)
        self.hand, self.open, self.after_game = [], None, False

    def l_seed(self, w):
        # Only to a bot that asked for it, right after the game line.
        if self.prev != "game":
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

    def l_role(self, w):
        arity(w, 3)
        if w[2] not in ("miner", "saboteur", "none"):
            raise Bad("no role %r" % w[2])
        if not self.own(w[1]) and not getattr(self, "round_over", False):
            raise Bad("another seat's role before the round ends")

    def l_draw(self, w):
        arity(w, 3)
        if self.own(w[1]):
            self.hand.append(card(w[2], True))
        elif w[2] != "-":
            raise Bad("another seat's drawn card is shown")

    def l_played(self, w):
        if len(w) < 4:
            raise Bad("played SEAT MOVE")
        own = self.own(w[1])
        if w[2] == "rockfall":
            arity(w, 6)
            num(w[3]), num(w[4]), card(w[5])
        else:
            move(w[2:], self.seat_ok)
        if own:
            self.take(w[2])
        self.decided(own)

    def l_discarded(self, w):
        arity(w, 3)
        own = self.own(w[1])
        if own:
            self.take(card(w[2], True))
        elif w[2] != "-":
            raise Bad("another seat's discard is shown")
        self.decided(own)

    def l_passed(self, w):
        arity(w, 2)
        self.decided(self.own(w[1]))

    def l_peek(self, w):
        arity(w, 4)
        num(w[1]), num(w[2]), card(w[3])

    def l_reveal(self, w):
        arity(w, 5)
        num(w[1]), num(w[2]), card(w[3]), num(w[4], 0, 1)

    def l_roundend(self, w):
        arity(w, 5)
        num(w[1], 1)
        if w[2] == "gold":
            self.seat_ok(num(w[3]))
        elif w[2] != "nocards" or w[3] != "-":
            raise Bad("roundend R gold FINDER SIDE or roundend R nocards - SIDE")
        if w[4] not in ("miners", "saboteurs", "none"):
            raise Bad("no side %r" % w[4])
        self.round_over = True

    def l_offer(self, w):
        if len(w) < 2:
            raise Bad("offer V ...")
        [num(v, 1) for v in w[1:]]
        self.offered = True

    def l_gold(self, w):
        arity(w, 3)
        if self.own(w[1]):
            num(w[2], 1)
            self.decided(True)
        elif w[2] != "-":
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
        c = bot_move(w[1:], self.seat_ok)
        if c is None and not self.offered:
            raise Bad("a pick listed with no gold offered")
        if c is not None and c not in self.hand:
            raise Bad("a legal move with %s, which the seat does not hold"
                      % c)
        self.legal += 1

    def l_turn(self, w):
        arity(w, 4)
        num(w[1], 1), num(w[2], 0), num(w[3], 0)
        if not self.legal:
            raise Bad("a turn with no legal moves before it (the bot asked "
                      "for them)")
        self.legal, self.open = 0, "turn"

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
