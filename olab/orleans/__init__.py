"""Orléans (Reiner Stockhausen, 2014), 2-4 players: rules objects, Game/State, notation, scoring, JSON.

>>> from olab import orleans
>>> orleans.PLACE_TILES["laboratory"].needs
('craftsman', 'scholar')
>>> orleans.DEEDS["papal_conclave"].spaces
('knight', 'monk', 'monk')
"""
from olab_core.orleans import _engine as _core

from .components import (BOARD_PLACES, CHARACTERS, CITIZENS, DEEDS, DEVELOPMENT, EVENTS, GOODS, MAP, PLACE_TILES,
                         PLACES, TRACKS, Character, Citizen, Connection, Deed, DevelopmentTrack, Event, Good, Map,
                         Place, Reward, Town, Track)
from .rules import RULES, Rules
from .tables import core_tables as _core_tables

_core.install_tables(_core_tables())

from .game import Game, State  # noqa: E402  (needs the tables)
from .jsonview import json_schema  # noqa: E402
from .moves import Move  # noqa: E402
from .registration import GAME_INFO  # noqa: E402

__all__ = ["Game", "State", "Move", "GAME_INFO", "json_schema", "CHARACTERS", "GOODS", "TRACKS",
           "DEVELOPMENT", "PLACES", "BOARD_PLACES", "PLACE_TILES", "DEEDS", "CITIZENS", "EVENTS", "MAP", "RULES",
           "Character", "Good", "Reward", "Track", "DevelopmentTrack", "Place", "Deed", "Citizen", "Event",
           "Town", "Connection", "Map", "Rules"]
