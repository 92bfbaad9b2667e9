"""``olab bench``: how fast the engine runs on this machine, for any registered game.

Two loops over random games of one configuration, on one core, both through
the contract (nothing here knows a game):

- the batch loop in C without the GIL (:func:`olab.search.random_playouts`);
- a plain Python loop over the public API (``legal_actions`` + ``apply_action``),
  which is what a bot written in Python feels;

plus the per-call cost of ``clone() + apply_action()`` and ``legal_actions()``.
"""
from __future__ import annotations

import random
import time

import olab
from olab.registry import describe_config  # noqa: F401  (the registry's; still importable from here)

__all__ = ["run_bench", "format_table"]


def _batch_loop(game, seconds: float, seed: int) -> dict:
    from olab.search import random_playouts

    games = actions = 0
    start = time.perf_counter()
    chunk = 50
    while True:
        r = random_playouts(game, chunk, seed + games)
        games += r.games
        actions += r.actions
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
        # grow the chunks so the clock is read a few times a second at most
        chunk = min(chunk * 2, max(50, int(games / elapsed * 0.25)))
    return {"games": games, "actions": actions, "seconds": elapsed}


def _python_loop(game, seconds: float, seed: int) -> dict:
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_initial_state(seed + games)
        legal_actions, apply_action, is_terminal = state.legal_actions, state.apply_action, state.is_terminal
        choice = rng.choice
        # chance outcomes are taken uniformly here: the loop measures the
        # engine's calls, not the draw
        while not is_terminal():
            apply_action(choice(legal_actions()))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return {"games": games, "actions": actions, "seconds": elapsed}


def _per_call(game, seed: int, positions: int = 300, repeat: int = 20) -> dict:
    # positions along a seeded random game; each call timed over all of them
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    pos: list = []
    while not state.is_terminal() and len(pos) < positions:
        pos.append((state.clone(), state.legal_actions()[-1]))
        state.apply_action(rng.choice(state.legal_actions()))
    best_clone = best_legal = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for s, a in pos:
            s.clone().apply_action(a)
        best_clone = min(best_clone, time.perf_counter() - t)
        t = time.perf_counter()
        for s, _a in pos:
            s.legal_actions()
        best_legal = min(best_legal, time.perf_counter() - t)
    return {"clone_apply_ns": best_clone / len(pos) * 1e9,
            "legal_actions_ns": best_legal / len(pos) * 1e9}


def run_bench(game: str | None = None, seconds: float = 4.0, seed: int = 1, **options) -> dict:
    """Measure the loops for ``seconds`` in all and return the figures.

    ``game`` is a registered name (default: the first registered) and
    ``options`` its options (:func:`olab.load`).  The returned dict has
    ``games_per_second``, ``actions_per_second`` and
    ``mean_actions_per_game`` (the C loop), ``games`` (games the C loop
    played), ``python_actions_per_second`` and ``python_games`` (the Python
    loop), ``clone_apply_ns`` and ``legal_actions_ns`` (per call), ``game``
    and ``config`` (``game.config()``), and every option of the game by name.
    """
    import math

    if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"seconds must be a finite number > 0, not {seconds!r}")
    name = game if game is not None else olab.registry.default_game()
    g = olab.load(name, **options)
    batch = _batch_loop(g, seconds * 0.5, seed)
    py = _python_loop(g, seconds * 0.4, seed)
    calls = _per_call(g, seed)
    config = g.config()
    return {
        **{k: v for k, v in config.items()},
        "config": config,
        "games": batch["games"],
        "games_per_second": batch["games"] / batch["seconds"],
        "actions_per_second": batch["actions"] / batch["seconds"],
        "mean_actions_per_game": batch["actions"] / max(1, batch["games"]),
        "python_games": py["games"],
        "python_actions_per_second": py["actions"] / py["seconds"],
        **calls,
    }


def format_table(r: dict) -> str:
    """The figures of :func:`run_bench` as a readable table."""
    rows = [
        ("random games per second (C loop, nogil)", f"{r['games_per_second']:,.0f}"),
        ("actions per second (C loop)", f"{r['actions_per_second']:,.0f}"),
        ("mean actions per game", f"{r['mean_actions_per_game']:.1f}"),
        ("games played (C loop)", f"{r['games']:,}"),
        ("actions per second (Python loop)", f"{r['python_actions_per_second']:,.0f}"),
        ("clone() + apply_action()", f"{r['clone_apply_ns']:,.0f} ns"),
        ("legal_actions()", f"{r['legal_actions_ns']:,.0f} ns"),
    ]
    width = max(len(k) for k, _ in rows)
    head = describe_config(r["config"])
    return "\n".join([head] + [f"  {k:<{width}}  {v:>14}" for k, v in rows])
