"""Orléans (Reiner Stockhausen, 2014), 2-4 players: the rules objects (the engine follows).

>>> from olab import orleans
>>> orleans.PLACE_TILES["laboratory"].needs
('craftsman', 'scholar')
"""
from . import rules
from .rules import (BOARD_PLACES, CHARACTERS, CITIZENS, DEEDS, DEVELOPMENT, EVENTS, GOODS, MAP, PLACE_TILES,
                    PLACES, RULES, TRACKS, Character, Citizen, Connection, Deed, DevelopmentTrack, Event, Good,
                    Map, Place, Reward, Rules, Town, Track)
