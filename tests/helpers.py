"""What the tests of every game share: the registered games' configurations, perft files, texts.

Nothing here names a game: a game registered later is tested the same way.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import olab
from olab.testing import read_perft_file

PERFT = Path(__file__).resolve().parent / "perft"


def config_id(config: dict) -> str:
    """A short test id for a configuration (its values, each cut to 12 characters)."""
    return "-".join(str(v)[:12] for v in config.values())


def game_configs() -> list:
    """``pytest.param(name, config)`` for every test configuration of every registered game."""
    return [pytest.param(name, dict(c), id=f"{name}-{config_id(c)}")
            for name, info in olab.games().items() for c in info.test_configs]


def texts(state) -> list[str]:
    """The texts of the legal actions."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def _reader(option):
    if option.type is bool:
        return lambda v: v == "True"
    return option.type


def perft_cases(name: str) -> list:
    """The cases of ``tests/perft/<name>.perft`` (the option names from its header, the types from the registry)."""
    path = PERFT / f"{name}.perft"
    with open(path, encoding="utf-8") as f:
        header = f.readline()
    names = header.split("(", 1)[1].split(")", 1)[0].split()
    options = {o.name: o for o in olab.games()[name].options}
    return read_perft_file(path, [(n, _reader(options[n])) for n in names])


def random_positions(state, n: int, seed: int, greedy: float = 0.0) -> list:
    """Up to ``n`` positions of a seeded game from ``state``: chance drawn by weight, moves random.

    ``greedy`` is the share of moves a greedy bot makes (purely random players
    of some games end their game in a few dozen actions).
    """
    from olab.bots import GreedyBot

    rng = random.Random(seed)
    bot = GreedyBot(seed=seed) if greedy else None
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        elif bot is not None and rng.random() < greedy:
            state.apply_action(bot.choose(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out
