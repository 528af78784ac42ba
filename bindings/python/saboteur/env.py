"""saboteur.env: Saboteur as a PettingZoo AEC environment, for learning agents.

    from saboteur.env import env
    e = env(ruleset="base", players=5)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            mask = obs["action_mask"]
            action = next(i for i in range(len(mask)) if mask[i])
        e.step(action)

It follows PettingZoo's AEC API; the version it targets is PettingZoo
1.27.0 (with the Gymnasium that version requires).  With PettingZoo installed the environment is an
AECEnv and its spaces are Gymnasium's; without it (the package needs no
third-party module) it keeps the same attributes and methods on a small
base class here, and spaces of the same shape (Discrete, Box, Dict with
contains() and sample()).

Agents are "seat_0" ... "seat_N-1".  An agent's observation is a dict:
"observation", the table as that seat knows it (Game.observation(), kept
from the events that seat is told, the same numbers as a Knowledge fed the
lines its bot would be sent gives: see bindings/python/README.md for the
layout), and "action_mask", 1 for each
legal action of the agent to act (zeros for the others).  Action i plays
the i-th legal move, in the order Game.legal() lists them; the moves as
protocol lines are infos[agent]["legal_moves"] of the agent to act.  A
position with more legal moves than max_actions (1024 by default; Tunnel
Toll's dwarves can make hundreds) offers the first max_actions.  The
reward of each step is the change in each seat's gold (their true gold,
which the seats learn at the game's end), so an agent's rewards over a
game add up to its final gold (less what the rules hand out before the
first decision: Tunnel Toll's piece each); infos[agent]["winners"] names the seats
that share the win once the game is over.
"""

import array

from ._saboteur import Game, Knowledge, Ruleset

try:                                    # optional: the real thing
    from pettingzoo import AECEnv as _Base
    from gymnasium import spaces as _spaces
    HAVE_PETTINGZOO = True
except ImportError:                     # pragma: no cover - tested both ways
    _Base = object
    _spaces = None
    HAVE_PETTINGZOO = False

try:
    import numpy as _np
except ImportError:
    _np = None


# ---- spaces, when Gymnasium is not there --------------------------------

class Discrete:
    """Actions 0 .. n-1 (gymnasium.spaces.Discrete's interface)."""

    def __init__(self, n, seed=None):
        import random
        self.n = n
        self._rng = random.Random(seed)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n

    def sample(self, mask=None):
        if mask is not None:
            legal = [i for i in range(self.n) if mask[i]]
            return self._rng.choice(legal) if legal else 0
        return self._rng.randrange(self.n)

    def seed(self, seed=None):
        import random
        self._rng = random.Random(seed)

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """Integers low .. high in a flat vector of `shape` (uint8)."""

    def __init__(self, low, high, shape):
        self.low, self.high, self.shape = low, high, shape
        self.dtype = "uint8"

    def contains(self, x):
        return len(x) == self.shape[0] and all(
            self.low <= v <= self.high for v in x)

    def sample(self):
        import random
        return array.array("B", (random.randint(self.low, self.high)
                                 for _ in range(self.shape[0])))

    def __repr__(self):
        return "Box(%d, %d, %r, uint8)" % (self.low, self.high, self.shape)


class Dict:
    """Named subspaces."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return isinstance(x, dict) and set(x) == set(self.spaces) and all(
            self.spaces[k].contains(x[k]) for k in self.spaces)

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}


def _vector(data):
    """A uint8 vector: numpy's when numpy is there, else array.array."""
    if _np is not None:
        return _np.frombuffer(bytes(data), dtype=_np.uint8).copy()
    return array.array("B", data)


# ---- the environment -----------------------------------------------------

class raw_env(_Base):
    """Saboteur under `ruleset` (a built-in name, a file, a Ruleset) for
    `players` seats, as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "saboteur_v0",
                "is_parallelizable": False}

    def __init__(self, ruleset="base", players=5, max_actions=1024,
                 render_mode=None):
        if HAVE_PETTINGZOO:
            super().__init__()
        self.ruleset = Ruleset(ruleset) if not isinstance(ruleset, Ruleset) \
            else ruleset
        if not self.ruleset.min_players <= players <= \
                self.ruleset.max_players:
            raise ValueError("ruleset %s is for %d to %d players, not %d" % (
                self.ruleset.name, self.ruleset.min_players,
                self.ruleset.max_players, players))
        self.players = players
        self.max_actions = max_actions
        self.render_mode = render_mode
        self.possible_agents = ["seat_%d" % s for s in range(players)]
        self.agents = []
        size = Knowledge.observation_size(self.ruleset)
        sp = _spaces if HAVE_PETTINGZOO else None
        if sp is not None:
            import numpy as np
            obs = sp.Dict({
                "observation": sp.Box(0, 255, (size,), np.uint8),
                "action_mask": sp.Box(0, 1, (max_actions,), np.uint8)})
            act = sp.Discrete(max_actions)
            self.observation_spaces = {a: obs for a in self.possible_agents}
            self.action_spaces = {a: sp.Discrete(max_actions)
                                  for a in self.possible_agents}
            del act
        else:
            self.observation_spaces = {
                a: Dict({"observation": Box(0, 255, (size,)),
                         "action_mask": Box(0, 1, (max_actions,))})
                for a in self.possible_agents}
            self.action_spaces = {a: Discrete(max_actions)
                                  for a in self.possible_agents}
        self.game = None

    # The AEC API ---------------------------------------------------------

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """A new game, dealt from seed (saboteur selfplay's deal for the
        same seed); options may name "first", the seat to play first."""
        first = (options or {}).get("first", 0)
        self.game = Game(self.ruleset, self.players,
                         0 if seed is None else seed, first=first,
                         record=True)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._gold = list(self.game.gold)
        self._legal = None
        self.agent_selection = self._agent_to_act()
        self._update_infos()

    def observe(self, agent):
        seat = self._seat(agent)
        mask = bytearray(self.max_actions)
        if agent == self.agent_selection and not self.game.over:
            for i in range(min(len(self._legal_moves()), self.max_actions)):
                mask[i] = 1
        return {"observation": _vector(self.game.observation(seat)),
                "action_mask": _vector(mask)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._dead_step(action)
        legal = self._legal_moves()
        if action is None or not 0 <= int(action) < min(len(legal),
                                                        self.max_actions):
            raise ValueError("action %r is not legal for %s (the mask "
                             "allows 0 to %d)" % (
                                 action, agent,
                                 min(len(legal), self.max_actions) - 1))
        self._cumulative_rewards[agent] = 0
        self.game.apply(legal[int(action)])
        self._legal = None
        gold = list(self.game.gold)
        for s, a in enumerate(self.possible_agents):
            self.rewards[a] = gold[s] - self._gold[s]
        self._gold = gold
        if self.game.over:
            for a in self.agents:
                self.terminations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self.agent_selection = self._agent_to_act()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        n = 0
        while self.agents and n < max_iter:
            yield self.agent_selection
            n += 1

    def render(self):
        if self.game is None:
            return None
        g = self.game
        text = ("round %d, %s of seat %d; gold %s%s" % (
            g.round, g.phase, g.to_act, g.gold,
            "; winners %s" % g.winners if g.over else ""))
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        self.game = None

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    # Inside -----------------------------------------------------------

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _legal_moves(self):
        if self._legal is None:
            self._legal = [] if self.game.over else self.game.legal()
        return self._legal

    def _agent_to_act(self):
        if self.game.over:
            # Every agent is done: each is removed by a step(None) in turn.
            return self.agents[0] if self.agents else None
        return self.possible_agents[self.game.to_act]

    def _update_infos(self):
        for a in self.agents:
            self.infos[a] = {}
        if self.game.over:
            for a in self.agents:
                self.infos[a]["winners"] = list(self.game.winners)
        elif self.agent_selection in self.infos:
            self.infos[self.agent_selection]["legal_moves"] = \
                self._legal_moves()[:self.max_actions]

    def _dead_step(self, action):
        """A done agent's step: None only, and it leaves the game."""
        if action is not None:
            raise ValueError("when an agent is done, its only action is None")
        agent = self.agent_selection
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations,
                  self.truncations, self.infos):
            d.pop(agent, None)
        self.agent_selection = self.agents[0] if self.agents else None


def env(**kwargs):
    """The environment, wrapped as PettingZoo wraps its own when PettingZoo
    is there (an order-enforcing wrapper), else raw_env itself."""
    e = raw_env(**kwargs)
    if HAVE_PETTINGZOO:
        from pettingzoo.utils import wrappers
        e = wrappers.OrderEnforcingWrapper(e)
    return e
