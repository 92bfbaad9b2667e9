"""olab: fast, rule-exact engines for worker-placement games, on one shared core.

Every game is registered (:func:`games`), made with :func:`load`, and plays by
one contract (:mod:`olab.contract`): OpenSpiel's names and values, with
chance nodes and per-player views.

>>> import olab
>>> game = olab.load("ora_et_labora", players=4, variant="france", length="long")
>>> state = game.new_initial_state(seed=7)
>>> len(state.legal_actions()) > 0
True
>>> olab.load(**game.config()) == game
True
"""
from __future__ import annotations

from .contract import CHANCE, TERMINAL, Outcome
from .errors import HistoryError, IllegalActionError, NotationError, OlabError, StateFormatError
from .registry import GameInfo, Option, games, load, register

__version__ = "0.2.0"
__all__ = ["load", "games", "register", "GameInfo", "Option", "CHANCE", "TERMINAL", "Outcome",
           "OlabError", "IllegalActionError", "NotationError", "StateFormatError", "HistoryError",
           "__version__"]


def __getattr__(name):
    # the game packages and the bots, importable as attributes without a
    # prior load() (``import olab; olab.ora.BUILDINGS``)
    import importlib

    if name in ("ora", "bots", "search", "testing", "arena", "bench", "protocol"):
        return importlib.import_module(f".{name}", __name__)
    # any other module of the package too, every registered game's included
    if not name.startswith("_"):
        import importlib.util

        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'olab' has no attribute {name!r}")
