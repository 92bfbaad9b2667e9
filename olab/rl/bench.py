"""``olab bench --vector``: the vectorized env against a Python loop doing the same work.

Both loops play random games of one configuration with a batch of ``batch``
games, choosing uniformly among each game's legal actions with NumPy:

- :class:`olab.rl.VectorEnv`, one C call per step of the whole batch, with
  each thread count asked for, with and without observations;
- a Python loop over ``batch`` single states through the public API, which
  per step writes each state's mask (``legal_actions_mask(out=)``) and, with
  observations, its tensor (``observation_tensor(p, out=)``) into rows of a
  batch array, then applies the chosen action and deals a new game at the end.

A step is one decision of one game (chance nodes, resolved inside, are not
counted).  Nothing here knows a game.
"""
from __future__ import annotations

import time

from olab.rl import require

__all__ = ["run_vector_bench", "format_vector_table", "PythonBatch"]


def _vector_loop(name: str, batch: int, threads: int, observations: bool, seconds: float,
                 seed: int, options: dict) -> dict:
    np = require("numpy", "olab bench --vector")
    from olab.rl import VectorEnv

    env = VectorEnv(name, num_envs=batch, seed=seed, observations=observations,
                    num_threads=threads, **options)
    env.reset()
    rng = np.random.default_rng(seed)
    rows = np.arange(batch)
    legal, num_legal = env._legal, env._num_legal   # the env's own arrays (read, never written here)
    steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(16):
            k = (rng.random(batch) * num_legal).astype(np.int64)
            env.step(legal[rows, k])
        steps += 16 * batch
        elapsed = time.perf_counter() - start
    return {"steps": steps, "seconds": elapsed, "steps_per_second": steps / elapsed}


class PythonBatch:
    """``batch`` single states stepped one by one through the public API (the baseline).

    Each :meth:`step` does, for every state, what one env step does: its
    mask (and, with observations, its tensor) into a row of a batch array,
    a uniformly random legal action, chance nodes resolved, a new game dealt
    after the end.
    """

    def __init__(self, name: str, batch: int, observations: bool, seed: int, options: dict):
        np = require("numpy", "olab bench --vector")
        import olab

        self.game = olab.load(name, **options)
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self.mask = np.zeros((batch, self.game.num_distinct_actions()), dtype=np.int8)
        self.obs = (np.zeros((batch,) + tuple(self.game.observation_tensor_shape()), dtype=np.float32)
                    if observations else None)
        self.dealt = 0
        self.states = [self._deal() for _ in range(batch)]

    def _chance(self, state):
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(self.rng.random() * len(outcomes))][0])

    def _deal(self):
        state = self.game.new_initial_state(self.seed + self.dealt)
        self.dealt += 1
        self._chance(state)
        return state

    def step(self) -> None:
        """One decision in every game."""
        u = self.rng.random(len(self.states))
        mask, obs, states = self.mask, self.obs, self.states
        for i, state in enumerate(states):
            state.legal_actions_mask(out=mask[i])
            if obs is not None:
                state.observation_tensor(state.current_player(), out=obs[i])
            legal = state.legal_actions()
            state.apply_action(legal[int(u[i] * len(legal))])
            self._chance(state)
            if state.is_terminal():
                states[i] = self._deal()


def _python_loop(name: str, batch: int, observations: bool, seconds: float, seed: int,
                 options: dict) -> dict:
    loop = PythonBatch(name, batch, observations, seed, options)
    steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        loop.step()
        steps += batch
        elapsed = time.perf_counter() - start
    return {"steps": steps, "seconds": elapsed, "steps_per_second": steps / elapsed}


def run_vector_bench(game: str | None = None, batch: int = 1024, threads: tuple[int, ...] = (1, 2),
                     seconds: float = 8.0, seed: int = 1, **options) -> dict:
    """Measure :class:`~olab.rl.VectorEnv` and the Python loop, in the same run.

    Parameters
    ----------
    game : str, optional
        A registered game (default: the first registered).
    batch : int
        Games stepped together.
    threads : tuple of int
        The thread counts to measure the env with.
    seconds : float
        Time for the whole measurement, shared between the loops.
    seed : int
    **options
        The game's options.

    Returns
    -------
    dict
        ``config``, ``batch``, ``observation_bytes`` (one observation),
        ``mask_bytes`` (one mask) and ``rows``: one dict per loop with
        ``loop`` (``"vector"`` or ``"python"``), ``threads``,
        ``observations``, ``steps``, ``seconds``, ``steps_per_second``, and
        for the env ``speedup`` (over the Python loop with the same
        observations setting) and, with observations, ``bandwidth`` (the
        bytes of observation tensors written per second; a mask row is
        updated in place, a few bytes per step, so it adds little).
    """
    import math

    import olab

    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ValueError(f"batch must be an int >= 1, not {batch!r}")
    if not threads or any(isinstance(t, bool) or not isinstance(t, int) or t < 1 for t in threads):
        raise ValueError(f"threads must be ints >= 1, not {threads!r}")
    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"seconds must be a finite number > 0, not {seconds!r}")
    name = game if game is not None else olab.registry.default_game()
    g = olab.load(name, **options)
    size = 1
    for d in g.observation_tensor_shape():
        size *= d
    obs_bytes = 4 * size
    mask_bytes = g.num_distinct_actions()
    runs = 2 * (len(threads) + 1)
    each = seconds / runs
    rows = []
    for observations in (False, True):
        py = _python_loop(name, batch, observations, each, seed, options)
        py.update(loop="python", threads=1, observations=observations)
        for t in threads:
            r = _vector_loop(name, batch, t, observations, each, seed, options)
            r.update(loop="vector", threads=t, observations=observations,
                     speedup=r["steps_per_second"] / py["steps_per_second"])
            if observations:
                r["bandwidth"] = r["steps_per_second"] * obs_bytes
            rows.append(r)
        rows.append(py)
    return {"config": g.config(), "batch": batch, "observation_bytes": obs_bytes,
            "mask_bytes": mask_bytes, "rows": rows}


def format_vector_table(r: dict) -> str:
    """The figures of :func:`run_vector_bench` as a readable table."""
    from olab.registry import describe_config

    lines = [f"{describe_config(r['config'])}; batch {r['batch']}; one observation "
             f"{r['observation_bytes']:,} bytes, one mask {r['mask_bytes']:,} bytes",
             f"  {'loop':<8} {'threads':>7} {'observations':>12} {'steps/s':>14} {'vs Python':>10} {'obs written':>12}"]
    for row in r["rows"]:
        speed = f"{row['speedup']:.1f}x" if "speedup" in row else "-"
        bw = f"{row['bandwidth'] / 1e9:.2f} GB/s" if "bandwidth" in row else "-"
        lines.append(f"  {row['loop']:<8} {row['threads']:>7} {'on' if row['observations'] else 'off':>12} "
                     f"{row['steps_per_second']:>14,.0f} {speed:>10} {bw:>12}")
    return "\n".join(lines)
