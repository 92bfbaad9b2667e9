"""Ora et Labora: rules objects, the Game/State API, notation, scoring, JSON.

>>> from olab import ora
>>> ora.BUILDINGS["F09"].name
'Cloister Garden'
>>> ora.BUILDINGS["Windmill"].cost.wood
3
"""
from olab_core.ora import _engine as _core

from . import board
from .cards import BUILDINGS, GOODS, SETTLEMENTS, Building, Clergy, Cost, Good, GoodInfo, Settlement, Terrain, card, load_data

_core.install_tables(*load_data())
_core.install_board(board.core_tables())

from .game import Game, State  # noqa: E402  (needs the tables)
from .jsonview import json_schema  # noqa: E402
from .kennerspiel import ReplayError, replay_kennerspiel  # noqa: E402
from .moves import Move  # noqa: E402
from .rules import MODES, PRESETS, Rules  # noqa: E402
from olab.search import PlayoutStats, perft, random_playouts  # noqa: E402
from .registration import GAME_INFO  # noqa: E402

__all__ = [
    "BUILDINGS", "SETTLEMENTS", "GOODS", "card", "Building", "Settlement", "GoodInfo", "Cost",
    "Terrain", "Clergy", "Good", "Rules", "PRESETS", "MODES", "Game", "State",
    "replay_kennerspiel", "ReplayError", "Move", "json_schema",
    "random_playouts", "perft", "PlayoutStats", "GAME_INFO",
]
