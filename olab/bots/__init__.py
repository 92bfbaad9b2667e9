"""Bots: anything with ``choose(state) -> action`` can play.

>>> import olab
>>> from olab.bots import RandomBot
>>> state = olab.load("ora_et_labora", players=2).new_initial_state(1)
>>> bot = RandomBot(seed=3)
>>> bot.choose(state) in state.legal_actions()
True
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

__all__ = ["Bot", "RandomBot", "make_bot", "BOT_NAMES"]


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: a seeded object that picks a legal action."""

    name: str

    def choose(self, state) -> int:
        """A legal action of ``state`` for the player who decides now."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so games repeat)."""

    name = "random"

    def __init__(self, seed: int = 0, **budget):
        # a random bot has no budget; ``simulations`` / ``time_ms`` are accepted and ignored
        self._rng = random.Random(seed)

    def choose(self, state) -> int:
        return self._rng.choice(state.legal_actions())


def make_bot(name: str, seed: int = 0, **budget) -> Bot:
    """A bot by name (see :data:`BOT_NAMES`).

    ``budget`` takes ``simulations=`` or ``time_ms=`` for the searching bots.
    """
    try:
        cls = BOT_NAMES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; valid bots: {', '.join(BOT_NAMES)}") from None
    return cls(seed=seed, **budget)


#: bot name -> class
BOT_NAMES = {"random": RandomBot}
