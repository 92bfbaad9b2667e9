"""Batch entry points of the core: random playouts and perft.

Both run their whole loop in C without the GIL, so :func:`random_playouts`
can spread a batch over threads and really use several cores.

>>> import olab
>>> from olab.ora import perft, random_playouts
>>> game = olab.load("ora_et_labora", players=4)
>>> perft(game.new_initial_state(1), 3)
714
>>> stats = random_playouts(game, 20, seed=5)
>>> stats.games, stats.failed
(20, 0)
"""
from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from olab_core.ora import _engine as core

__all__ = ["PlayoutStats", "random_playouts", "perft"]


@dataclass(frozen=True)
class PlayoutStats:
    """What a batch of random games gave.

    Attributes
    ----------
    games : int
        Games played.
    actions : int
        Actions (decisions) in all of them together.
    failed : int
        Games that stopped at a position without legal actions or ran too
        long: engine bugs, so always 0.
    min_actions, max_actions : int
        The shortest and longest game, in actions.
    score_mean, score_std, score_min, score_max : tuple of float
        Final scores per seat.
    wins : tuple of float
        Games won per seat; a tie for first shares the win.
    """

    games: int
    actions: int
    failed: int
    min_actions: int
    max_actions: int
    score_mean: tuple[float, ...]
    score_std: tuple[float, ...]
    score_min: tuple[int, ...]
    score_max: tuple[int, ...]
    wins: tuple[float, ...]

    @property
    def mean_actions(self) -> float:
        """Mean actions per finished game."""
        done = self.games - self.failed
        return self.actions / done if done else 0.0


def _merge(parts: list[dict]) -> PlayoutStats:
    games = sum(p["games"] for p in parts)
    failed = sum(p["failed"] for p in parts)
    done = games - failed
    seats = len(parts[0]["score_sum"])
    ssum = [sum(p["score_sum"][i] for p in parts) for i in range(seats)]
    ssq = [sum(p["score_sq_sum"][i] for p in parts) for i in range(seats)]
    mean = tuple(s / done if done else 0.0 for s in ssum)
    std = tuple(math.sqrt(max(0.0, q / done - m * m)) if done else 0.0 for q, m in zip(ssq, mean))
    finished = [p for p in parts if p["games"] > p["failed"]]
    return PlayoutStats(
        games=games, actions=sum(p["actions"] for p in parts), failed=failed,
        min_actions=min((p["min_actions"] for p in finished), default=0),
        max_actions=max((p["max_actions"] for p in finished), default=0),
        score_mean=mean, score_std=std,
        score_min=tuple(min((p["score_min"][i] for p in finished), default=0) for i in range(seats)),
        score_max=tuple(max((p["score_max"][i] for p in finished), default=0) for i in range(seats)),
        wins=tuple(sum(round(p["wins"][i] * 12) for p in parts) / 12 for i in range(seats)))


def random_playouts(game, n: int, seed: int = 0, threads: int = 1) -> PlayoutStats:
    """Play ``n`` uniformly random games in C and summarise them.

    Parameters
    ----------
    game : olab.ora.Game
    n : int
        Games to play.  Game ``g`` is dealt with seed ``seed + g`` (colours
        R, G, B, W in seat order) and has its own random stream, so the result
        is the same for any number of ``threads``.
    seed : int
    threads : int
        Threads to split the batch over; the loop holds no GIL, so each uses
        a core.
    """
    if n < 0 or threads < 1:
        raise ValueError("n must be >= 0 and threads >= 1")
    if not 0 <= seed < 2 ** 64:
        raise ValueError("seed must be in 0..2**64-1")
    if threads == 1 or n < 2 * threads:
        return _merge([core.random_playouts(game._core, n, seed)])
    bounds = [n * i // threads for i in range(threads + 1)]
    with ThreadPoolExecutor(threads) as pool:
        parts = list(pool.map(lambda i: core.random_playouts(game._core, bounds[i + 1] - bounds[i], seed,
                                                             first=bounds[i]), range(threads)))
    return _merge(parts)


def perft(state, depth: int) -> int:
    """Leaves of the decision tree ``depth`` decisions below ``state``.

    ``perft(state, 0)`` is 1; a line that ends the game before ``depth``
    decisions counts nothing.  The files in ``tests/perft/`` pin these counts
    for positions of every mode, the way chess engines pin their move
    generators.
    """
    return core.perft(state, depth)
