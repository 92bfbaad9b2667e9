"""The rules object of Orléans: the numbers of the set-up and of the rules that are not a component.

Built from ``olab/data/orleans/`` like the components
(:mod:`olab.orleans.components`); the fields marked *unconfirmed* rest on
one source or on olab's choice (``choices.json``).  Orléans has one reading,
so there is one :class:`Rules` object, :data:`RULES`.

>>> from olab.orleans.rules import RULES
>>> RULES.rounds, RULES.start_coins
(18, 5)
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .components import _val, load_data

__all__ = ["Rules", "RULES"]


@dataclass(frozen=True)
class Rules:
    """The numbers of the set-up and of the rules that are not a track, a place or a deed.

    Every field comes from the data files; the ones marked *unconfirmed*
    rest on one source or on olab's choice (``choices.json``).

    Attributes
    ----------
    rounds : int
        18.
    start_coins, market, stations, draw : int
        Per player at the start: 5 coins, 8 market spaces, 10 trading
        stations, 4 draws (the knights track's first space).
    coins_total, technology_tiles : int
        47 coins (the supply is what the players do not hold), 16 technology tiles.
    starting_followers : tuple of str
        The four tiles of a player's colour.
    census_gain, census_pay : int
        The census's coin for the strict leader on the farmers track and for
        the strict last; ``census_two_player_pay`` False: with 2 players nobody pays.
    harvest_coins : int
        What a player without food pays instead (5).
    taxes_goods_per_coin : int
        Taxes: 1 coin per this many goods (3).
    scriptorium_development : int
    boatmen_fallback_coins : int
        *Unconfirmed*: the boatmen track's last step after its citizen is gone.
    exclusion_per_player : mapping
        Place tiles each player may exclude with the option ``exclusion``.
    pharmacy_max_coins, bathhouse_draw, bathhouse_place, tower_room : int
    monk_fills_knight_spaces : bool
    technology_on_town_hall : bool
        *Unconfirmed*: False.
    torture_station_from_stock : bool
        *Unconfirmed*: a trading station may be given up to torture from the stock.
    first_event : str
        The top hourglass tile (Pilgrimage).
    """

    rounds: int
    start_coins: int
    market: int
    stations: int
    draw: int
    coins_total: int
    technology_tiles: int
    starting_followers: tuple[str, ...]
    census_gain: int
    census_pay: int
    census_two_player_pay: bool
    harvest_coins: int
    taxes_goods_per_coin: int
    scriptorium_development: int
    boatmen_fallback_coins: int
    exclusion_per_player: Mapping[int, int]
    pharmacy_max_coins: int
    bathhouse_draw: int
    bathhouse_place: int
    tower_room: int
    monk_fills_knight_spaces: bool
    technology_on_town_hall: bool
    torture_station_from_stock: bool
    first_event: str


def _build() -> Rules:
    tracks, _map, choices = load_data()
    fallback = _val(choices["boatmen_last_step_coins_when_citizen_gone"])
    st = tracks["starting_state"]
    nums = choices["summary_numbers"]
    return Rules(
        rounds=nums["rounds"], start_coins=_val(st["coins_per_player"]), market=_val(st["market_size"]),
        stations=_val(st["trading_stations_per_player"]), draw=_val(st["initial_draw"]),
        coins_total=_val(choices["coins_total"]), technology_tiles=nums["technology_tiles"],
        starting_followers=tuple(_val(st["followers_per_player"])),
        census_gain=nums["census"]["gain"], census_pay=nums["census"]["pay"],
        census_two_player_pay=nums["census"]["two_player_pay"],
        harvest_coins=nums["harvest"]["else_coins"], taxes_goods_per_coin=nums["taxes"]["goods_per_coin"],
        scriptorium_development=nums["scriptorium"]["development"], boatmen_fallback_coins=fallback,
        exclusion_per_player=MappingProxyType({int(k): v for k, v in choices["exclusion"]["tiles_per_player"].items()}),
        pharmacy_max_coins=choices["pharmacy"]["max_coins"], bathhouse_draw=choices["bathhouse"]["draw"],
        bathhouse_place=choices["bathhouse"]["place"], tower_room=choices["gunpowder_tower"]["room"],
        monk_fills_knight_spaces=_val(choices["monk_fills_knight_spaces"]),
        technology_on_town_hall=_val(choices["technology_on_town_hall"]),
        torture_station_from_stock="stock" in _val(choices["torture_station_sources"]),
        first_event=_val(choices["first_event"]))


#: the numbers of the set-up and of the rules that are not a track, a place or a deed
RULES: Rules = _build()
