"""Fields of Arle (Uwe Rosenberg), solo and 2 players: rules objects, the Game/State API, notation, scoring, JSON.

>>> import olab
>>> from olab import arle
>>> arle.BUILDINGS["Village Church"].vp
15
>>> game = olab.load("fields_of_arle", players=1)
>>> state = game.new_initial_state(seed=3)
>>> state.score_breakdown(0)["points"]
-17.0
"""
from olab_core.arle import _engine as _core

from . import data as _data

_core.install_tables(_data.core_tables())

from .components import (ACTION_SPACES, BUILDINGS, DESTINATIONS, EQUIPMENT, GOODS, LAND_TILES, TOOLS,  # noqa: E402
                         ActionSpace, Building, Destination, DestinationItem, Equipment, Good, LandTile, Tool)
from .game import Game, State  # noqa: E402
from .jsonview import json_schema  # noqa: E402
from .moves import Move  # noqa: E402
from .rules import PRESETS, Rules  # noqa: E402
from .scoring import CATEGORIES, format_points  # noqa: E402
from olab.search import PlayoutStats, perft, random_playouts  # noqa: E402
from .registration import GAME_INFO  # noqa: E402

__all__ = [
    "ACTION_SPACES", "BUILDINGS", "DESTINATIONS", "EQUIPMENT", "GOODS", "LAND_TILES", "TOOLS",
    "ActionSpace", "Building", "Destination", "DestinationItem", "Equipment", "Good", "LandTile", "Tool",
    "Game", "State", "Move", "Rules", "PRESETS", "CATEGORIES", "format_points", "json_schema",
    "perft", "random_playouts", "PlayoutStats", "GAME_INFO",
]
