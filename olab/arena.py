"""Matches between bots: seeded, seats rotated, spread over processes.

>>> from olab.arena import run_arena
>>> r = run_arena(["greedy", "random"], games=2, players=2, seed=1)
>>> r.games, r.bots, r.wins[0] + r.wins[1] + r.draws
(2, ['greedy', 'random'], 2)
"""
from __future__ import annotations

import math
import multiprocessing
import time
from dataclasses import asdict, dataclass, field

import olab
from olab.bots import make_bot

__all__ = ["ArenaResult", "run_arena", "play_game", "wilson_interval"]


@dataclass
class ArenaResult:
    """The outcome of a match; ``as_json()`` is what ``olab arena --json`` prints.

    ``wins[b]`` counts the games bot ``b`` won alone; a game whose best score
    is shared is a draw, and each of the tied bots gets ``1/k`` of it in
    ``win_rate``.  ``ci95`` is the Wilson 95% interval of each win rate.
    """

    games: int
    bots: list[str]
    wins: list[int]
    draws: int
    win_rate: list[float]
    ci95: list[list[float]]
    mean_score: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def as_json(self) -> dict:
        return asdict(self)


def wilson_interval(p: float, n: int, z: float = 1.959964) -> list[float]:
    """The Wilson score interval of a rate ``p`` observed over ``n`` trials."""
    if n == 0:
        return [0.0, 1.0]
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # at p = 0 or 1 one end is exactly 0 or 1; say so rather than round it
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return [lo, hi]


def play_game(config: dict, bot_names: list[str], index: int, seed: int,
              budget: dict | None = None) -> list[int]:
    """Play game ``index`` of a match; return the score of each *bot* (not seat).

    Game ``index`` is dealt with seed ``seed + index``, and seat ``s`` is taken
    by bot ``(s + index) % players``, so every bot sits in every seat equally
    often over a multiple of ``players`` games.
    """
    game = olab.load(**config)
    n = len(bot_names)
    bots = [make_bot(name, seed=(seed * 1_000_003 + index) * 8 + b, **(budget or {}))
            for b, name in enumerate(bot_names)]
    seat_bot = [(s + index) % n for s in range(n)]
    state = game.new_initial_state(seed + index)
    while not state.is_terminal():
        state.apply_action(bots[seat_bot[state.current_player()]].choose(state))
    scores = state.scores()
    by_bot = [0] * n
    for s, b in enumerate(seat_bot):
        by_bot[b] = scores[s]
    return by_bot


def _play_one(job):
    return play_game(*job)


def run_arena(bots: list[str], games: int, game: str = "ora_et_labora", players: int = 2,
              variant: str = "france", length: str = "long", rules: str = "printed",
              seed: int = 0, workers: int = 1, budget: dict | None = None,
              progress=None) -> ArenaResult:
    """Play ``games`` seeded games between ``bots`` (one per seat) and count the results.

    Parameters
    ----------
    bots : list of str
        Bot names (:data:`olab.bots.BOT_NAMES`), one per player.
    games : int
    players, variant, length, rules
        As for :func:`olab.load`.
    seed : int
        Game ``i`` uses seed ``seed + i``; the bots' seeds derive from it too.
    workers : int
        Processes to spread the games over (each game is independent, so the
        result does not depend on this).
    budget : dict, optional
        ``simulations=`` / ``time_ms=`` for the searching bots.
    progress : callable, optional
        Called with the number of finished games after each one.
    """
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    for name in bots:
        make_bot(name, **(budget or {}))           # unknown names fail here, in the parent
    if games < 0 or workers < 1:
        raise ValueError("games must be >= 0 and workers >= 1")
    config = {"game": game, "players": players, "variant": variant, "length": length, "rules": rules}
    olab.load(**config)                            # a bad configuration fails here too
    jobs = [(config, list(bots), i, seed, budget) for i in range(games)]
    start = time.perf_counter()
    results = []
    if workers == 1 or games <= 1:
        for job in jobs:
            results.append(_play_one(job))
            if progress:
                progress(len(results))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for r in pool.imap(_play_one, jobs):
                results.append(r)
                if progress:
                    progress(len(results))
    n = len(bots)
    wins = [0] * n
    shares = [0.0] * n
    draws = 0
    totals = [0] * n
    for scores in results:
        best = max(scores)
        top = [b for b in range(n) if scores[b] == best]
        if len(top) == 1:
            wins[top[0]] += 1
        else:
            draws += 1
        for b in top:
            shares[b] += 1.0 / len(top)
        for b in range(n):
            totals[b] += scores[b]
    rate = [s / games if games else 0.0 for s in shares]
    return ArenaResult(games=games, bots=list(bots), wins=wins, draws=draws, win_rate=rate,
                       ci95=[wilson_interval(p, games) for p in rate],
                       mean_score=[t / games if games else 0.0 for t in totals],
                       seconds=time.perf_counter() - start)
