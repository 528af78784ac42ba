#!/usr/bin/env python3
"""check_transcripts.py: reads the transcripts of a match and fails if any
line sent to a seat shows another seat's card, role, peek, offer or gold
before the rules make it public.  Saboteur 2's secrets too: every card of
another seat's pass ("discarded S - - -"), a role mid-round unless the
seat's own inspection of that seat just asked for it, a whole hand unless
the seat just took part in swapped hands, and a theft's choices outside a
round's end.  The World Championship's too: a treasure trove's cards
("trove") only to the seat that played it, right after; another seat's
take hidden ("took S -"); a reaction request ("react") only to a bot that
asked for feature "react", and only with its request right after it
(unless the bot timed out in that game: the referee then decides for it).
The mini expansions': another seat's card discarded for a dwarf
("discarded S -"), its new dwarf card after a postcard; the gold each seat
takes at setup (Tunnel Toll) is public, and only at a round's setup.
New Goals' too: what another seat paid a dragon ("paid S -"), 1 or none.
Treasure Chests' too: the cards a chest offers ("trove") to its taker
alone, a role only after the seat's own look-role choice, a hand only to
the two seats of a card taken ("grabbed"), a chest's peek ("peekchest")
only after the seat's own map on it, a chest's choice ("chestchoice":
players, goals to push) to its taker alone.

Usage: check_transcripts.py TRANSCRIPT...
"""
import sys


def check(path):
    problems = []
    seat = None
    round_over = False
    my_map = None           # the goal this seat's last map looked at
    my_inspect = None       # the seat this seat's inspection looks at
    swapped = False         # this seat's hand was just swapped
    asked_seed = False      # the bot asked for its seed
    asked_react = False     # the bot asked for reaction requests
    my_trove = False        # this seat just played a treasure trove
    react_open = None       # the line of a "react" whose turn is due
    setup = False           # a round's setup, before its deal
    my_chest = None         # the effect of the chest this seat took last
    my_chests = []          # the effects of this seat's chests not yet
                            # resolved (two may be taken at once)
    my_look = False         # this seat chooses whose role to look at
    grabbed = 0             # hands still due after a card was taken
    greeted = False         # the handshake was sent, its reply not read
    played_for = False      # timed out this game: the referee decides
    for n, raw in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
        parts = raw.split(None, 3)
        if len(parts) == 4 and parts[2] == "<-" and \
                parts[3].split()[:1] == ["saboteur"]:
            greeted = True
        if len(parts) == 4 and parts[2] == "->" and greeted:
            # A bot that lists "seed" in its hello is sent its own seed;
            # a "bot ..." line later is a reply like any other.
            greeted = False
            hello = parts[3].split()
            ok = hello[:1] == ["bot"]
            asked_seed = ok and "seed" in hello[2:]
            asked_react = ok and "react" in hello[2:]
        if len(parts) < 4 or parts[2] != "<-":
            continue
        words = parts[3].split()
        kind = words[0]
        if kind == "game":
            seat = int(words[4])
            played_for = False
            continue
        if kind == "round":
            round_over = False
            my_chests = []
            setup = True            # until the deal's first draw
        if kind == "draw":
            setup = False
        if kind == "roundend":
            round_over = True
        if seat is None or len(words) < 2:
            continue

        def leak(why):
            problems.append("%s:%d: seat %d is told %s: %s"
                            % (path, n, seat, why, parts[3].strip()))

        if kind == "played" and len(words) >= 5 and words[2] == "map":
            my_map = (words[3], words[4]) if int(words[1]) == seat else None
        if react_open is not None and kind not in ("legal", "turn"):
            leak("a react line with no request after it (%s)" % react_open)
            react_open = None
        if kind == "turn":
            react_open = None
        if kind == "default" and words[1] == "timeout":
            # Timed out: the referee decides for the seat till the game
            # ends, and a reaction request is no longer followed by a
            # request to the bot (saboteur-protocol(7)).
            played_for = True
            react_open = None
        if kind == "react":
            react_open = None if played_for else "line %d" % n
            if not asked_react:
                leak("a reaction request it did not ask for")
        if kind == "trove":
            # A keep-one or trove chest of ours, maybe taken with another.
            for c in ("keep-one", "trove"):
                if c in my_chests:
                    my_chests.remove(c)
                    break
            else:
                if not my_trove:
                    leak("a trove of a treasure trove it did not play")
        my_trove = kind == "played" and words[1:3] == [str(seat),
                                                        "treasure-trove"]
        # Treasure Chests: a chest of ours that offers cards (keep-one
        # after its "milled" line, trove), one that looks at a role (the
        # "role" line after our "choose"), a card taken from a hand (each
        # of the two is sent its hand), a map on a chest ("peekchest").
        if kind == "opened" and len(words) >= 7 and int(words[1]) == seat:
            my_trove = words[6] in ("keep-one", "trove")
            my_chest = words[6]
            my_chests.append(words[6])
        if kind == "milled" and my_chest == "keep-one":
            my_trove = True
        if kind == "chestchoice":
            if words[1] in my_chests:
                my_chests.remove(words[1])
            else:
                leak("the choice of a chest it did not take")
        if kind == "chestchoice" and words[1] == "look-role":
            my_look = True
        if kind == "grabbed" and len(words) >= 3:
            swapped = seat in (int(words[1]), int(words[2]))
            grabbed = 2 if int(words[1]) == seat and \
                int(words[2]) != seat else 1
        if kind == "peekchest":
            if my_map != (words[1], words[2] if len(words) > 2 else ""):
                leak("a chest's peek it did not make")
            my_map = None
        if kind == "role" and my_look and len(words) >= 2 and \
                int(words[1]) != seat and not round_over:
            my_inspect = words[1]
            my_look = False
        if kind == "played" and len(words) >= 4:
            mine = int(words[1]) == seat
            if words[2] == "inspection" and mine:
                my_inspect = words[3]
            if words[2] == "swap-hands":
                swapped = mine or int(words[3]) == seat
        if kind == "hand":
            if not swapped:
                leak("a hand without swapping hands")
            if grabbed:             # the thief is sent its hand, then
                grabbed -= 1        # the other seat its own
                swapped = grabbed > 0
            continue
        if kind == "victims" and not round_over:
            leak("a theft's choice before the round ends")
        if kind == "peek":
            if my_map != (words[1], words[2] if len(words) > 2 else ""):
                leak("a peek it did not make")
            my_map = None
        other = words[1].lstrip("-").isdigit() and int(words[1]) != seat
        public_gold = kind == "gold" and setup
        if kind in ("draw", "discarded", "gold", "took", "paid") and other and \
                not public_gold and any(w != "-" for w in words[2:]):
            leak("another seat's " + kind)
        if kind == "role" and other and not round_over:
            if words[1] == my_inspect:
                my_inspect = None
            else:
                leak("another seat's role before the round ends")
        if kind == "turn":
            swapped = False
        if kind in ("seed",) and not asked_seed:
            leak("a seed it did not ask for")
    return problems


def main():
    problems, lines = [], 0
    for path in sys.argv[1:]:
        problems += check(path)
        lines += sum(1 for _ in open(path, encoding="utf-8", errors="replace"))
    for p in problems:
        print(p)
    if lines == 0:
        print("no transcript lines to check")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
