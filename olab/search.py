"""Batch entry points of the core, for every game: random playouts and perft.

Both run their whole loop in C without the GIL, so :func:`random_playouts`
can spread a batch over threads and really use several cores.

>>> import olab
>>> from olab.search import perft, random_playouts
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

from olab_core.common import search as _search
from olab_core.common import state as _state

__all__ = ["PlayoutStats", "random_playouts", "random_games", "perft"]


@dataclass(frozen=True)
class PlayoutStats:
    """What a batch of random games gave.

    Attributes
    ----------
    games : int
        Games played.
    actions : int
        Actions (decisions and chance outcomes) in all of them together.
    failed : int
        Games that stopped at a position without legal actions or ran too
        long: engine bugs, so always 0.
    truncated : int
        Games stopped by an engine safety cap rather than by the rules
        (see :meth:`olab.contract.StateProtocol.is_truncated`).
    min_actions, max_actions : int
        The shortest and longest game, in actions.
    score_mean, score_std, score_min, score_max : tuple of float
        Final scores per seat, in the game's points (Fields of Arle's halves
        included).
    wins : tuple of float
        Games won per seat, by each game's
        :meth:`~olab.contract.StateProtocol.outcome` (the score, then the
        game's tie-breaks); a win still tied is shared.
    """

    games: int
    actions: int
    failed: int
    truncated: int
    min_actions: int
    max_actions: int
    score_mean: tuple[float, ...]
    score_std: tuple[float, ...]
    score_min: tuple[float, ...]
    score_max: tuple[float, ...]
    wins: tuple[float, ...]

    @property
    def mean_actions(self) -> float:
        """Mean actions per finished game."""
        done = self.games - self.failed
        return self.actions / done if done else 0.0


def _points(unit: int, value):
    # the core's exact score units as the game's points (halves are exact floats)
    return value if unit == 1 else value / unit


def _merge(parts: list[dict], unit: int = 1) -> PlayoutStats:
    games = sum(p["games"] for p in parts)
    failed = sum(p["failed"] for p in parts)
    done = games - failed
    seats = len(parts[0]["score_sum"])
    ssum = [sum(p["score_sum"][i] for p in parts) for i in range(seats)]
    ssq = [sum(p["score_sq_sum"][i] for p in parts) for i in range(seats)]
    mean = tuple(s / done if done else 0.0 for s in ssum)
    std = tuple(math.sqrt(max(0.0, q / done - m * m)) / unit if done else 0.0 for q, m in zip(ssq, mean))
    mean = tuple(m / unit for m in mean)
    finished = [p for p in parts if p["games"] > p["failed"]]
    return PlayoutStats(
        games=games, actions=sum(p["actions"] for p in parts), failed=failed,
        truncated=sum(p["truncated"] for p in parts),
        min_actions=min((p["min_actions"] for p in finished), default=0),
        max_actions=max((p["max_actions"] for p in finished), default=0),
        score_mean=mean, score_std=std,
        score_min=tuple(_points(unit, min((p["score_min"][i] for p in finished), default=0)) for i in range(seats)),
        score_max=tuple(_points(unit, max((p["score_max"][i] for p in finished), default=0)) for i in range(seats)),
        wins=tuple(sum(round(p["wins"][i] * 12) for p in parts) / 12 for i in range(seats)))


def random_playouts(game, n: int, seed: int = 0, threads: int = 1) -> PlayoutStats:
    """Play ``n`` uniformly random games in C and summarise them.

    Parameters
    ----------
    game : olab.contract.GameProtocol
        Any registered game.
    n : int
        Games to play.  Game ``g`` is ``game.new_initial_state(seed + g)``
        played with uniformly random actions (chance outcomes by their
        probabilities) drawn from PCG32 ``(seed, stream 54 + g)``, so the
        result is the same for any number of ``threads``, and the same games
        as each game's ``Game.random_games`` and the C library's ``olab_random_playouts``.
    seed : int
    threads : int
        Threads to split the batch over; the loop holds no GIL, so each uses
        a core.
    """
    if n < 0 or threads < 1:
        raise ValueError("n must be >= 0 and threads >= 1")
    if not 0 <= seed < 2 ** 64:
        raise ValueError("seed must be in 0..2**64-1")
    cap = _max_game_length(game)
    if threads == 1 or n < 2 * threads:
        return _merge([_search.random_playouts(game.core, n, seed, max_actions=cap)],
                      _search.units_per_point(game.core))
    bounds = [n * i // threads for i in range(threads + 1)]
    with ThreadPoolExecutor(threads) as pool:
        parts = list(pool.map(lambda i: _search.random_playouts(game.core, bounds[i + 1] - bounds[i], seed,
                                                             first=bounds[i], max_actions=cap), range(threads)))
    return _merge(parts, _search.units_per_point(game.core))


def perft(state, depth: int) -> int:
    """Leaves of the decision tree ``depth`` decisions below ``state``.

    ``perft(state, 0)`` is 1; a line that ends the game before ``depth``
    decisions counts nothing; a chance node's outcomes are its branches.  The
    files in ``tests/perft/`` pin these counts for positions of every game,
    the way chess engines pin their move generators.  The count runs in C on
    a copy of ``state``.

    Raises
    ------
    ValueError
        For a depth that is not an int in 0..2**31-1.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < 2 ** 31:
        raise ValueError(f"depth must be an int in 0..2**31-1, not {depth!r}")
    return _search.perft_state(state, depth)


def random_games(game, n: int, seed: int = 0) -> list[tuple[int, tuple[int, ...], bool]]:
    """``(actions, scores, truncated)`` of each of ``n`` random games (see :func:`random_playouts`); scores in the game's points."""
    if n < 0:
        raise ValueError("n must be >= 0")
    if not 0 <= seed < 2 ** 64:
        raise ValueError("seed must be in 0..2**64-1")
    unit = _search.units_per_point(game.core)
    batch = _search.random_games(game.core, n, seed, max_actions=_max_game_length(game))
    return [(k, tuple(_points(unit, v) for v in scores), cut) for k, scores, cut in batch]


def _max_game_length(game) -> int:
    # the game's declared cap (GameInfo.max_game_length), the engine's for a game not registered
    info = game.info()
    return info.max_game_length if info is not None else _state.MAX_GAME_LENGTH
