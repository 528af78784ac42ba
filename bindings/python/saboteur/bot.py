"""saboteur.bot: the bot protocol's loop, for bots that search.

run(choose) answers the referee's handshake ("bot NAME moves seed react
react-standing"),
feeds every line it is sent to a Knowledge of the seat, and on every "turn"
calls choose(decision) for the reply, a line of decision.legal.  The
protocol is saboteur-protocol(7); this loop is about as small as it can be,
so that a bot author sees all of it:

    import saboteur

    def choose(d):
        world = d.knowledge.sample(d.rng.getrandbits(64))   # a whole game
        return d.legal[0]

    saboteur.run(choose, name="mine")
"""

import random
import sys

from ._saboteur import Knowledge, LostError


class Decision:
    """What choose() is given: the seat's knowledge (a saboteur.Knowledge:
    sample() it, read hand() and role()), the legal replies as protocol
    lines, and the request's numbers."""

    def __init__(self):
        self.knowledge = None   # saboteur.Knowledge of this game's seat
        self.legal = []         # the legal replies, as the referee wrote them
        self.game = 0           # the game's number in the match, from 1
        self.seat = -1
        self.seed = None        # the referee's "seed S" for this seat, or None
        self.rng = random.Random(0)   # seeded by "seed S" when it comes
        self.turn = 0           # the decision's number
        self.move_ms = 0        # the time for this move, and the bank left
        self.bank_ms = 0
        self.tries = 0          # after an "illegal": the tries left


def run(choose, name="python", react=True, ruleset=None, stdin=None,
        stdout=None, lines=None):
    """Plays a whole match over stdin and stdout; returns 0 on "quit" or at
    the end of input (an exit status).  choose(decision) returns the reply
    line; None, or a line that is not legal, plays the first legal move.
    react: ask to be asked about every card another seat plays while a veto
    is in the game; an "allow" when no veto is legal is sent as "allow
    standing", so the referee asks no more until this seat's next turn
    (saboteur-protocol(7), "react-standing").  ruleset: a Ruleset (or its
    file's path) for games whose ruleset is not built in.  lines (may be None) is called with every line
    the referee sends, as it came, before the loop reads it: a bot that
    follows the game on its own (saboteur.Heuristic().feed) sees all of
    it."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    d = Decision()
    listing = False             # a "legal" line adds to the current list
    last = None

    def answer():
        nonlocal listing, last
        try:
            reply = choose(d)
        except LostError:
            reply = None
        if reply is None or reply not in d.legal:
            reply = d.legal[0] if d.legal else "note nothing to play"
        last = reply
        listing = False
        if react and reply == "allow" and not any(
                l.startswith("play ") for l in d.legal):
            reply = "allow standing"
        stdout.write(reply + "\n")
        stdout.flush()

    for raw in stdin:
        line = raw.rstrip("\r\n")
        if lines is not None:
            lines(line)
        w = line.split()
        if not w:
            continue
        if w[0] == "saboteur":
            stdout.write("bot %s moves seed%s\n" % (
                name, " react react-standing" if react else ""))
            stdout.flush()
            continue
        if w[0] == "quit":
            return 0
        if w[0] == "game":
            d.knowledge = Knowledge(ruleset)
            d.game, d.seat = int(w[1]), int(w[4])
            d.seed = None
            d.rng = random.Random("%d %d" % (d.game, d.seat))
        elif w[0] == "seed" and len(w) > 1:
            d.seed = int(w[1])
            d.rng = random.Random(d.seed)
        if d.knowledge is not None:
            d.knowledge.feed(line)
        if w[0] == "legal":
            if not listing:
                d.legal, listing = [], True
            d.legal.append(line[len("legal "):].strip())
        elif w[0] == "turn":
            if not listing:
                d.legal = []    # the referee sent no list this time
            d.turn, d.move_ms, d.bank_ms = (int(x) for x in w[1:4])
            d.tries = 0
            answer()
        elif w[0] == "illegal" and int(w[1]) > 0:
            d.tries = int(w[1])
            if last in d.legal:
                d.legal.remove(last)
            answer()
    return 0
