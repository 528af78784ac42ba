"""test_env.py: saboteur.env against the properties PettingZoo's own API test
(pettingzoo.test.api_test) checks of an AEC environment, tested here
because PettingZoo is not installed on the machines that run make check
(no Debian package; the package needs no third-party module).  With
PettingZoo installed, its api_test runs as well."""
import random
import unittest

import saboteur
from saboteur import env as senv


def play(e, seed, rng):
    """Plays a whole game with random legal actions through agent_iter;
    returns the agents' summed rewards (with the gold dealt before the
    first decision) and the steps."""
    e.reset(seed=seed)
    total = dict(zip(e.possible_agents, e.game.gold))
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        mask = obs["action_mask"]
        e.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
        steps += 1
    return total, steps


class AEC(unittest.TestCase):

    def test_api_properties(self):
        e = senv.raw_env(ruleset="base", players=5)
        self.assertEqual(e.possible_agents, ["seat_%d" % s for s in range(5)])
        self.assertEqual(e.metadata["name"], "saboteur_v0")
        self.assertFalse(e.metadata["is_parallelizable"])
        e.reset(seed=3)
        self.assertEqual(e.agents, e.possible_agents)
        self.assertIn(e.agent_selection, e.agents)
        self.assertEqual(e.num_agents, 5)
        self.assertEqual(e.max_num_agents, 5)
        for a in e.agents:
            obs = e.observe(a)
            self.assertTrue(e.observation_space(a).contains(obs), a)
            self.assertIs(e.action_space(a), e.action_spaces[a])
            for d in (e.rewards, e._cumulative_rewards, e.terminations,
                      e.truncations, e.infos):
                self.assertIn(a, d)
        obs, rew, term, trunc, info = e.last()
        self.assertEqual(sum(obs["action_mask"]), len(info["legal_moves"]))
        self.assertEqual(info["legal_moves"], e.game.legal())
        # Only the agent to act has actions.
        for a in e.agents:
            if a != e.agent_selection:
                self.assertEqual(sum(e.observe(a)["action_mask"]), 0)

    def test_api_every_step(self):
        # What api_test checks at every step of its cycles (PettingZoo
        # 1.27.0): the dicts keyed by the live agents, the observation in
        # its space, the mask as long as the action space, last() without
        # an observation, agent_iter's limit, the same game again from a
        # reset of the same environment with the same seed, render and
        # close.
        for name, n in (("base", 5), ("saboteur2", 6), ("base-wc", 4)):
            e = senv.raw_env(ruleset=name, players=n)
            runs = []
            for _ in range(2):
                e.reset(seed=11)
                rng = random.Random(3)
                trace = []
                for agent in e.agent_iter():
                    with self.subTest(ruleset=name, step=len(trace)):
                        for d in (e.rewards, e._cumulative_rewards,
                                  e.terminations, e.truncations, e.infos):
                            self.assertEqual(set(d), set(e.agents))
                        self.assertEqual(agent, e.agent_selection)
                        obs, rew, term, trunc, info = e.last()
                        self.assertTrue(
                            e.observation_space(agent).contains(obs))
                        self.assertEqual(len(obs["action_mask"]),
                                         e.action_space(agent).n)
                        self.assertIsNone(e.last(observe=False)[0])
                        self.assertIsInstance(rew, (int, float))
                    trace.append((agent, bytes(obs["observation"]), rew,
                                  term, trunc))
                    if term or trunc:
                        e.step(None)
                        continue
                    mask = obs["action_mask"]
                    e.step(rng.choice([i for i in range(len(mask))
                                       if mask[i]]))
                runs.append(trace)
                self.assertEqual(e.agents, [])
            self.assertEqual(runs[0], runs[1], name)
            e.reset(seed=1)
            self.assertEqual(len(list(e.agent_iter(max_iter=7))), 7)
            self.assertIsInstance(e.render(), str)
            e.close()

    def test_illegal_actions_refused(self):
        e = senv.raw_env(ruleset="base", players=3)
        e.reset(seed=1)
        n = sum(e.last()[0]["action_mask"])
        for bad in (n, -1, None, e.max_actions):
            with self.assertRaises(ValueError):
                e.step(bad)

    def test_whole_games_every_ruleset(self):
        rng = random.Random(5)
        for name in saboteur.Ruleset.builtins():
            rs = saboteur.Ruleset(name)
            n = max(rs.min_players, min(5, rs.max_players))
            e = senv.raw_env(ruleset=name, players=n)
            total, steps = play(e, 17, rng)
            with self.subTest(ruleset=name):
                self.assertEqual(e.agents, [])
                self.assertIsNone(e.agent_selection)
                # The rewards add up to each seat's final gold.
                self.assertEqual([total[a] for a in e.possible_agents],
                                 e.game.gold)
                self.assertGreater(steps, 10)

    def test_done_agents_step_none(self):
        e = senv.raw_env(ruleset="course", players=2)
        e.reset(seed=2)
        while not e.game.over:
            mask = e.last()[0]["action_mask"]
            e.step(list(mask).index(1))
        self.assertTrue(all(e.terminations.values()))
        self.assertIn("winners", e.infos[e.agent_selection])
        with self.assertRaises(ValueError):
            e.step(0)
        e.step(None)
        self.assertEqual(len(e.agents), 1)

    def test_seeded_games_repeat(self):
        runs = []
        for _ in range(2):
            e = senv.raw_env(ruleset="saboteur2", players=6)
            e.reset(seed=9)
            seen = []
            for _ in range(60):
                obs, rew, term, trunc, info = e.last()
                seen.append((e.agent_selection, bytes(obs["observation"]),
                             rew))
                e.step(0)
            runs.append(seen)
        self.assertEqual(runs[0], runs[1])

    def test_observation_is_the_seats_own(self):
        # What an agent observes is built from its own lines only: the
        # same as a Knowledge fed what that seat's bot would be sent.
        e = senv.raw_env(ruleset="base-wc", players=5)
        e.reset(seed=4)
        g = saboteur.Game("base-wc", 5, 4, record=True)
        k = saboteur.Knowledge()
        k.feed(g.setup_lines(3))
        k.feed(g.lines(3))
        for _ in range(40):
            self.assertEqual(bytes(e.observe("seat_3")["observation"]),
                             k.observation())
            self.assertEqual(g.observation(3), k.observation())
            move = e.game.legal()[0]
            e.step(0)
            g.apply(move)
            k.feed(g.lines(3))
        # And it differs from the seat's with all cards: its hand only.
        self.assertEqual(sorted(k.hand(3)), sorted(g.hand(3)))
        self.assertEqual(k.hand(1), [None] * len(g.hand(1)))

    def test_spaces_sample(self):
        e = senv.raw_env(ruleset="base", players=4)
        for a in e.possible_agents:
            self.assertTrue(e.action_space(a).contains(
                e.action_space(a).sample()))

    @unittest.skipUnless(senv.HAVE_PETTINGZOO, "PettingZoo is not installed")
    def test_pettingzoo_api_test(self):       # pragma: no cover
        from pettingzoo.test import api_test
        api_test(senv.env(ruleset="base", players=5), num_cycles=200)


if __name__ == "__main__":
    unittest.main()
