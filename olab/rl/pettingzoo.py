"""A PettingZoo AEC environment for any registered game.

>>> from olab.rl import pettingzoo_env
>>> env = pettingzoo_env("fields_of_arle", players=2)
>>> env.reset(seed=3)
>>> env.possible_agents
['player_0', 'player_1']
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_actions"])
(['action_mask', 'observation'], True)
>>> while env.agents:
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else info["legal_actions"][0])
>>> env.close()

Agent ``player_k`` is seat ``k``.  Chance nodes are resolved inside, from a
generator seeded by ``reset(seed=...)``.  What an agent observes is its own
view: ``observation`` is ``state.observation_tensor(k)`` (only what seat
``k`` may see, in a game with hidden information too) and ``action_mask``
its legal actions, all 0 when it is not its turn.
"""
from __future__ import annotations

import random

from olab.rl import require

__all__ = ["pettingzoo_env"]


def _base():
    return require("pettingzoo", "olab.rl.pettingzoo_env").AECEnv


def pettingzoo_env(name: str, render_mode: str | None = None, **options):
    """A PettingZoo ``AECEnv`` playing ``name`` with ``options`` (:func:`olab.load`).

    Parameters
    ----------
    name : str
        A registered game.
    render_mode : {None, "ansi", "human"}
        ``render()`` returns the text of the position (``"ansi"``) or prints it
        (``"human"``).
    **options
        The game's options.

    Returns
    -------
    pettingzoo.AECEnv
    """
    return _env_class()(name, render_mode=render_mode, **options)


_CLASS = None


def _env_class():
    # the class is made on first use, so that importing this module needs no PettingZoo
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    np = require("numpy", "olab.rl.pettingzoo_env")
    AECEnv = _base()

    class OlabAECEnv(AECEnv):
        """An olab game as a PettingZoo AEC env (see :mod:`olab.rl.pettingzoo`)."""

        def __init__(self, name: str, render_mode: str | None = None, **options):
            import olab

            from .spaces import action_space, observation_space

            super().__init__()
            if render_mode not in (None, "ansi", "human"):
                raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
            self.game = olab.load(name, **options)
            self.render_mode = render_mode
            self.metadata = {"render_modes": ["ansi", "human"], "name": f"olab_{name}",
                             "is_parallelizable": False}
            n = self.game.num_players()
            self.possible_agents = [f"player_{k}" for k in range(n)]
            self._seat = {a: k for k, a in enumerate(self.possible_agents)}
            self._obs_space = observation_space(self.game)
            self._act_space = action_space(self.game)
            self._num_actions = self.game.num_distinct_actions()
            self.state_ = None
            self._seed: int | None = None
            self._episode = 0

        # the spaces are the same objects at every call, as PettingZoo asks
        def observation_space(self, agent):
            return self._obs_space

        def action_space(self, agent):
            return self._act_space

        def reset(self, seed: int | None = None, options: dict | None = None):
            """Deal a new game: with ``seed`` that game, else the next of the last seed's games."""
            if seed is not None:
                if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                    raise ValueError(f"seed must be an int >= 0, not {seed!r}")
                self._seed, self._episode = seed, 0
            elif self._seed is None:
                self._seed, self._episode = random.SystemRandom().randrange(2 ** 32), 0
            else:
                self._episode += 1
            game_seed = (self._seed + self._episode) % 2 ** 64
            self._rng = random.Random(game_seed)
            self.state_ = self.game.new_initial_state(game_seed)
            self._chance()
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos: dict[str, dict] = {a: {} for a in self.agents}
            self._settle()

        def _chance(self):
            s = self.state_
            while s.is_chance_node():
                outcomes = s.chance_outcomes()
                u, acc = self._rng.random(), 0.0
                for action, p in outcomes:
                    acc += p
                    if u < acc:
                        break
                s.apply_action(action)

        def _settle(self):
            # the agent to act, its infos; at the end, every agent's reward and end flag
            s = self.state_
            if s.is_terminal():
                returns = s.returns()
                truncated = s.is_truncated()
                for a in self.agents:
                    self.rewards[a] = float(returns[self._seat[a]])
                    self.terminations[a] = not truncated
                    self.truncations[a] = truncated
                    self.infos[a] = {"legal_actions": []}
                self.agent_selection = self.agents[0]
                return
            p = s.current_player()
            self.agent_selection = self.possible_agents[p]
            for a in self.agents:
                self.infos[a] = {"legal_actions": s.legal_actions() if self._seat[a] == p else []}

        def observe(self, agent):
            seat = self._seat[agent]
            obs = self.state_.observation_tensor(seat)
            mask = np.zeros(self._num_actions, dtype=np.int8)
            if not self.state_.is_terminal() and self.state_.current_player() == seat:
                self.state_.legal_actions_mask(out=mask)
            return {"observation": obs, "action_mask": mask}

        def step(self, action):
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            if isinstance(action, np.integer):
                action = int(action)
            if isinstance(action, bool) or not isinstance(action, int) or not self.state_.is_legal(action):
                raise ValueError(f"{agent}: {action!r} is not a legal action (see infos[{agent!r}]"
                                 "['legal_actions'] or the observation's action_mask)")
            self._cumulative_rewards[agent] = 0.0
            self.state_.apply_action(action)
            self._chance()
            for a in self.agents:
                self.rewards[a] = 0.0
            self._settle()
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self):
            if self.render_mode is None:
                return None
            text = self.state_.render()
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def state(self):
            """The position as bytes (``state.serialize()``)."""
            return self.state_.serialize()

        def close(self):
            pass

    _CLASS = OlabAECEnv
    return _CLASS


def __getattr__(name):
    if name == "OlabAECEnv":
        return _env_class()
    raise AttributeError(name)
