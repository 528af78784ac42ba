"""mc_bot.py: each legal move tried in games dealt from what the seat knows."""
import saboteur

SAMPLES = 20                            # games tried for each move


def value(world, me):
    """The gold this seat wins by the round's end, the game played on."""
    before = world.gold[me]
    world.policy_playout()              # every seat plays a cheap policy
    return world.gold[me] - before


def choose(d):
    if len(d.legal) == 1:
        return d.legal[0]
    best, best_gold = d.legal[0], -1
    for move in d.legal:
        gold = 0
        for _ in range(SAMPLES):
            # The cards this seat has not seen, dealt at random.
            world = d.knowledge.sample(d.rng.getrandbits(64), exact=False)
            world.apply(move)
            gold += value(world, d.seat)
        if gold > best_gold:
            best, best_gold = move, gold
    return best


saboteur.run(choose, name="montecarlo")
