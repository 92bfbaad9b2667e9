"""A vectorized environment: many games of one configuration stepped in one C call.

>>> import numpy as np
>>> from olab.rl import VectorEnv
>>> env = VectorEnv("ora_et_labora", num_envs=8, seed=1, players=2)
>>> obs, mask, player = env.reset()
>>> obs.shape, mask.shape, player.shape
((8, 1475), (8, 6532), (8,))
>>> rng = np.random.default_rng(0)
>>> for _ in range(200):
...     actions = env.sample_actions(rng)        # uniformly among each game's legal actions
...     obs, mask, rewards, terminated, truncated, player = env.step(actions)
>>> rewards.shape, bool(mask[np.arange(8), env.sample_actions(rng)].all())
((8, 2), True)

The arrays are the env's own (preallocated, overwritten by the next call,
read-only to the caller, and they cannot be made writeable); copy what you keep.
"""
from __future__ import annotations

import os
import sys

from olab.rl import require

# The env's threads are OpenMP's.  By default an OpenMP thread that waits
# for the next step spins on its core; with more runnable processes than
# cores (a shared machine, several envs) the step then waits for a time
# slice, and two threads ran 4x slower than one in our measurements.  Sleeping
# waiters cost a few microseconds a step instead.  libgomp reads the policy
# when it is loaded, that is when the core below is first imported; a policy
# set by the user wins.
if "olab_core.common.vector" not in sys.modules:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__all__ = ["VectorEnv", "deal_seed"]


def deal_seed(seed: int, env: int, episode: int) -> int:
    """The seed the ``episode``-th game of env ``env`` (of a VectorEnv seeded ``seed``) is dealt with."""
    from olab_core.common.vector import deal_seed as _deal

    return _deal(seed, env, episode)


class VectorEnv:
    """``num_envs`` games of one configuration, stepped together in C without the GIL.

    Parameters
    ----------
    name : str
        A registered game (``olab.games()``).
    num_envs : int
        Games played side by side.
    seed : int
        Seeds every game: game ``g`` of env ``i`` is dealt with
        :func:`deal_seed` ``(seed, i, g)``, and env ``i``'s chance outcomes are
        drawn from its own seeded generator, so results do not depend on
        ``num_threads`` or ``num_envs``.
    observations : bool
        Write the observation tensor of the seat to move of every game at
        every step (``False``: only masks and legal actions, and ``obs`` is
        ``None``).
    num_threads : int
        Threads to split each step over (OpenMP; the games are dealt out to
        them in chunks of 16 as they finish).  On a machine with more
        runnable processes than cores, one thread is faster (see the docs
        page "Training agents").
    **options
        The game's options (:func:`olab.load`).

    Notes
    -----
    **Who acts.** ``current_player[i]`` is the seat that decides next in game
    ``i`` (never a chance node: the env resolves those itself); ``obs[i]``
    is that seat's observation (``state.observation_tensor(current_player[i])``)
    and ``mask[i]`` its legal actions.

    **The arrays are the env's.** ``reset`` and ``step`` return read-only
    arrays on memory the env owns and overwrites at the next step: copy what
    you keep.  They cannot be made writeable (``setflags(write=True)``
    raises ``ValueError``): their memory exports a read-only buffer only,
    since the env reads what it wrote back (the legal lists, the
    observation rows a game keeps from step to step).

    **One thread at a time.** ``step``, ``reset`` and ``get_state`` raise
    ``RuntimeError`` while another thread is inside ``step`` or ``reset`` of
    the same env (the step itself runs on ``num_threads`` threads); make one
    env per thread.  ``step`` copies the actions before it checks them, so
    writing the caller's array meanwhile changes nothing.

    **Rewards.** ``rewards`` has shape ``(num_envs, num_players)``, one column
    per seat (absolute seats, not relative to the acting one).  It is 0
    except on the step that ends a game, where row ``i`` holds that game's
    ``returns()``: with several players 1/k to each of the k winners and 0
    to the others, in a solo game the final score.  A zero-sum reward for
    seat ``p`` is ``rewards[:, p] - rewards.mean(axis=1)``.

    **Ends and automatic reset.** ``terminated[i]`` is set on the step where
    game ``i`` ended by its rules, ``truncated[i]`` where an engine safety cap
    stopped it (Gymnasium's meaning); game ``i`` is then dealt anew at once,
    and ``obs[i]``, ``mask[i]`` and ``current_player[i]`` of that step are
    those of the new game.

    Attributes
    ----------
    game : olab.contract.GameProtocol
        The game every env plays (``olab.load(name, **options)``).
    num_envs, num_players, num_actions : int
    observation_shape : tuple
    """

    def __init__(self, name: str, num_envs: int, seed: int = 0, observations: bool = True,
                 num_threads: int = 1, **options):
        np = require("numpy", "olab.rl.VectorEnv")
        import olab
        from olab_core.common.vector import VectorCore

        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be an int >= 1, not {num_envs!r}")
        if isinstance(num_threads, bool) or not isinstance(num_threads, int) or num_threads < 1:
            raise ValueError(f"num_threads must be an int >= 1, not {num_threads!r}")
        self.game = olab.load(name, **options)
        self.name = name
        self.num_envs = num_envs
        self.num_players = self.game.num_players()
        self.num_actions = self.game.num_distinct_actions()
        self.observations = bool(observations)
        self.num_threads = num_threads
        core_game = self.game.core
        self.observation_shape = tuple(self.game.observation_tensor_shape())
        self._seed = self._check_seed(seed)
        self._core = VectorCore(core_game, num_envs, self.num_players, self._seed, num_threads,
                                self.observations)
        # what the caller sees: arrays on the core's read-only memory (issue 27
        # item 4: a view of a writeable base could be made writeable again)
        blocks = self._core.blocks
        max_legal = core_game._max_legal()

        def out(name, dtype, shape):
            return np.frombuffer(blocks[name], dtype=dtype).reshape(shape)

        self._num_legal = out("num_legal", np.int32, (num_envs,))
        self._legal = out("legal", np.int32, (num_envs, max_legal))
        self._mask = out("mask", np.int8, (num_envs, self.num_actions))
        self._obs = (out("obs", np.float32, (num_envs,) + self.observation_shape)
                     if self.observations else None)
        self._rewards = out("rewards", np.float32, (num_envs, self.num_players))
        self._terminated = out("terminated", np.uint8, (num_envs,))
        self._truncated = out("truncated", np.uint8, (num_envs,))
        self._current = out("current", np.int32, (num_envs,))
        self._steps = out("steps", np.int32, (num_envs,))
        self._views = {}
        for key in ("num_legal", "legal", "mask", "obs", "rewards", "current", "steps"):
            arr = getattr(self, "_" + key)
            if arr is not None:
                self._views[key] = arr
        for key in ("terminated", "truncated"):
            self._views[key] = getattr(self, "_" + key).view(np.bool_)
        self._np = np
        self._ready = False

    @staticmethod
    def _check_seed(seed) -> int:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"seed must be an int in 0..2**64-1, not {seed!r}")
        return seed

    def __repr__(self) -> str:
        return (f"<olab VectorEnv {self.name}: {self.num_envs} games, {self.num_players} players, "
                f"observations {'on' if self.observations else 'off'}, {self.num_threads} thread(s)>")

    # ------------------------------------------------------------------ API
    def reset(self, seed: int | None = None):
        """Deal every game anew; returns ``(obs, mask, current_player)``.

        ``seed`` replaces the env's seed (default: the one it was made with).
        """
        if seed is not None:
            self._seed = self._check_seed(seed)
        self._core.reset(self._seed)
        self._ready = True
        v = self._views
        return v.get("obs"), v["mask"], v["current"]

    def step(self, actions):
        """One action per game; returns ``(obs, mask, rewards, terminated, truncated, current_player)``.

        ``actions`` is an array (or sequence) of integers of shape
        ``(num_envs,)``; each must be one of its game's legal actions
        (``ValueError`` naming the env otherwise, and no game is changed).
        An array of another kind (float, bool, complex, text, objects) is
        ``TypeError``: nothing is cast, so ``a + 0.9`` never plays ``a``.
        """
        if not self._ready:
            raise RuntimeError("call reset() before step()")
        a = self._actions(actions)
        self._core.step(a)
        v = self._views
        return v.get("obs"), v["mask"], v["rewards"], v["terminated"], v["truncated"], v["current"]

    def _actions(self, actions):
        # an int32 C-contiguous array of checked ids (issue 27: floats were
        # truncated, int64 >= 2**31 wrapped, bool, complex and text accepted)
        np = self._np
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError(f"step() takes integer actions, not an array of {a.dtype}"
                            + (" (an empty list is read as float64: pass an int array)"
                               if a.dtype.kind == "f" and a.size == 0 else ""))
        if a.shape != (self.num_envs,):
            raise ValueError(f"step() takes one action per env: an array of shape ({self.num_envs},), "
                             f"not {a.shape}")
        bad = np.flatnonzero((a < 0) | (a >= self.num_actions))
        if bad.size:
            i = int(bad[0])
            raise ValueError(f"env {i}: action {int(a[i])} is not an action id (0..{self.num_actions - 1})")
        return np.ascontiguousarray(a, dtype=np.int32)

    def sample_actions(self, rng=None):
        """A uniformly random legal action of every game, chosen in NumPy (an int32 array)."""
        np = self._np
        rng = np.random.default_rng() if rng is None else rng
        k = (rng.random(self.num_envs) * self._num_legal).astype(np.int64)
        return self._legal[np.arange(self.num_envs), k]

    @property
    def legal_actions(self):
        """``(num_envs, max_legal)`` int32: game ``i``'s legal actions are ``legal_actions[i, :num_legal[i]]``."""
        return self._views["legal"]

    @property
    def num_legal(self):
        """``(num_envs,)`` int32: how many legal actions each game has."""
        return self._views["num_legal"]

    @property
    def steps(self):
        """``(num_envs,)`` int32: decisions taken in each game so far (0 after its reset)."""
        return self._views["steps"]

    @property
    def current_player(self):
        """``(num_envs,)`` int32: the seat to move in each game (as ``reset`` and ``step`` return it)."""
        return self._views["current"]

    def get_state(self, i: int):
        """A copy of game ``i``'s position as a State of the game (no history)."""
        state = self.game.new_initial_state(0)
        state._load_raw(self._core.state_bytes(i))
        return state

    def episodes(self, i: int) -> int:
        """Games env ``i`` has finished since the last reset."""
        return self._core.episodes(i)

    @property
    def single_observation_space(self):
        """The Gymnasium space of one game's observation and mask (``olab.rl.spaces``)."""
        from .spaces import observation_space

        return observation_space(self.game)

    @property
    def single_action_space(self):
        """The Gymnasium space of one game's action (``olab.rl.spaces.action_space``)."""
        from .spaces import action_space

        return action_space(self.game)

    def observation_bytes(self) -> int:
        """Bytes of one observation tensor (float32)."""
        return int(self._np.prod(self.observation_shape)) * 4
