"""A bot of your own: it builds when it can, and otherwise plays like the greedy bot.

Use it anywhere a bot goes, by its import path::

    olab play --players 2 --bots cautious:Builder,greedy
    olab arena --players 2 --bots cautious:Builder,greedy --games 20 --workers 2

(with this file's folder on ``PYTHONPATH``), or register it for every
program in your package's ``pyproject.toml``::

    [project.entry-points."olab.bots"]
    builder = "cautious:Builder"
"""
import random

from olab.bots import GreedyBot


class Builder:
    """Builds the building of the display with the most economic value; else greedy."""

    name = "builder"

    def __init__(self, seed: int = 0, **budget):
        # olab makes a bot with cls(seed=..., **budget); a budget it has no use
        # for (simulations=, time_ms=) may be ignored
        self.rng = random.Random(seed)
        self.fallback = GreedyBot(seed=seed)

    def choose(self, state) -> int:
        from olab.ora import BUILDINGS

        legal = state.legal_actions()
        builds = []
        for a in legal:
            what = state.describe_action(a)          # kind, card, good, count... no text parsing
            if what["kind"] == "build":
                builds.append((BUILDINGS[what["card"]].economic_value, a))
        if builds:
            return max(builds)[1]
        return self.fallback.choose(state)
