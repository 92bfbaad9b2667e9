"""The components of Orléans as frozen dataclasses, built from ``olab/data/orleans/``.

Characters, goods, tracks, places, deeds, citizens, events and the map, each
a class whose docstring is its index entry, and their catalogues (looked up
by id: ``PLACES["village"]``).  Three files hold every fact the engine plays by:

- ``tracks.json`` and ``map.json``: the researched facts of the game, each
  with its confidence and its sources;
- ``choices.json``: olab's reading wherever those facts conflict, rest on a
  single source or are missing, and the numbers of the rules.

Nothing here is a number of its own: a correction is a data change.  The
numbers that are not a component are :data:`olab.orleans.rules.RULES`; the
core receives the same facts as tables from
:func:`olab.orleans.tables.core_tables`.

>>> from olab.orleans import components
>>> components.PLACES["village"].needs
('farmer', 'boatman', 'craftsman')
>>> components.TRACKS["knights"].rewards[3].citizen
True
>>> components.DEVELOPMENT.status(15)
4
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Mapping

__all__ = ["Character", "Good", "Reward", "Track", "DevelopmentTrack", "Place", "Deed", "Citizen",
           "Event", "Town", "Connection", "Map", "CHARACTERS", "GOODS", "TRACKS",
           "DEVELOPMENT", "PLACES", "BOARD_PLACES", "PLACE_TILES", "DEEDS", "CITIZENS", "EVENTS",
           "MAP", "load_data"]

#: the characters in the core's order (the order of the character kinds in actions)
CHARACTER_ORDER = ("farmer", "boatman", "craftsman", "trader", "knight", "scholar", "monk")
#: the goods in the core's order, cheapest first
GOOD_ORDER = ("grain", "cheese", "wine", "wool", "brocade")
#: the events in the core's order
EVENT_ORDER = ("pilgrimage", "income", "harvest", "taxes", "trading_day", "plague")
_LETTERS = {"farmer": "F", "boatman": "B", "craftsman": "C", "trader": "T", "knight": "K",
            "scholar": "S", "monk": "M"}
_TRACK_OF = {"farmer": "farmers", "boatman": "boatmen", "craftsman": "craftsmen", "trader": "traders",
             "knight": "knights", "scholar": "scholars"}
_EVENT_NAMES = {"pilgrimage": "Pilgrimage", "income": "Income", "harvest": "Harvest", "taxes": "Taxes",
                "trading_day": "Trading Day", "plague": "Plague"}
_PLACE_NAMES = {"farm_house": "Farm House", "village": "Village", "university": "University",
                "castle": "Castle", "monastery": "Monastery", "ship": "Ship", "wagon": "Wagon",
                "guildhall": "Guildhall", "scriptorium": "Scriptorium", "town_hall": "Town Hall"}


def _read(name: str) -> dict:
    with (resources.files("olab") / "data" / "orleans" / name).open("r", encoding="utf-8") as f:
        return json.load(f)


def load_data() -> tuple[dict, dict, dict]:
    """The three data files as parsed JSON: ``(tracks, map, choices)``."""
    return _read("tracks.json"), _read("map.json"), _read("choices.json")


# ---------------------------------------------------------------------------
# the objects

@dataclass(frozen=True)
class Character:
    """A kind of character tile (follower).

    Players recruit neutral characters from the general supply into their
    bag; each player also owns one farmer, boatman, craftsman and trader of
    their colour from the start (summary, Marked Followers: "Your color's
    Followers always stay with you").  Monks stand in for any other
    character on a place, but never on a Beneficial Deed.

    Attributes
    ----------
    id : str
        ``"farmer"`` ... ``"monk"``.
    letter : str
        One letter in the notation (``F B C T K S M``; a player's own colour
        is the letter with ``*``: ``F*``).
    track : str or None
        The character track recruiting it advances (monks have none).
    supply : mapping
        Neutral tiles in the general supply with 2, 3 and 4 players.
    """

    id: str
    letter: str
    track: str | None
    supply: Mapping[int, int]


@dataclass(frozen=True)
class Good:
    """A goods tile type.

    Attributes
    ----------
    id : str
    points : int
        Victory points at the end (summary: Brocade 5, Wool 4, Wine 3, Cheese 2, Grain 1).
    count : int
        Tiles in the box (90 together).
    food : bool
        Whether the Harvest event accepts it (grain, cheese, wine).
    """

    id: str
    points: int
    count: int
    food: bool


@dataclass(frozen=True)
class Reward:
    """What one step of a character track gives (the space reached).

    At most one of the fields is set: a good, coins, development points, a
    new draw size, a citizen (the first player there only), a technology
    tile or a place tile.
    """

    good: str | None = None
    coins: int = 0
    development: int = 0
    draw: int | None = None
    citizen: bool = False
    technology: bool = False
    place_tile: bool = False


@dataclass(frozen=True)
class Track:
    """A character track: taking its character moves the cube one space on.

    Once the cube is on the last space the action is no longer allowed
    (summary: "Once your marker reaches the last space of a track, you may no
    longer take that action"), nor while the character's supply is empty.

    Attributes
    ----------
    id : str
        ``"farmers"``, ``"boatmen"``, ``"craftsmen"``, ``"traders"``, ``"scholars"``, ``"knights"``.
    character : str
    recruited_by : str
        The place that recruits it.
    rewards : tuple of Reward
        The reward of each step, step 1 first.
    citizen_fallback_coins : int
        Coins for reaching the citizen step after the citizen is gone (boatmen
        only; ``choices.json`` ``boatmen_last_step_coins_when_citizen_gone``).
    first_step_stages, later_stages : tuple of str
        Traders only: the place-tile stacks the first trader may take from,
        and the later ones.
    """

    id: str
    character: str
    recruited_by: str
    rewards: tuple[Reward, ...]
    citizen_fallback_coins: int = 0
    first_step_stages: tuple[str, ...] = ()
    later_stages: tuple[str, ...] = ()

    @property
    def steps(self) -> int:
        """The number of spaces after the start (the marker's last position)."""
        return len(self.rewards)


@dataclass(frozen=True)
class DevelopmentTrack:
    """The development track, spaces ``0 .. length``.

    Coin spaces pay every player who moves onto or past them; a citizen
    space gives its citizen tile to the first player who reaches or passes
    it; the status (1-6) multiplies trading stations and citizens at the end
    and is read from the marker's position.  Points past the end are lost.

    Attributes
    ----------
    length : int
    coin_spaces : mapping
        Space -> coins.
    citizen_spaces : tuple of int
        **Unconfirmed** (3/18/28 against 4/19/29; ``choices.json``).
    status_from : tuple of int
        The first space of status 1, 2, ... 6.
    """

    length: int
    coin_spaces: Mapping[int, int]
    citizen_spaces: tuple[int, ...]
    status_from: tuple[int, ...]

    def status(self, position: int) -> int:
        """The development status of a marker on ``position``."""
        s = 0
        for i, start in enumerate(self.status_from):
            if position >= start:
                s = i + 1
        return s


@dataclass(frozen=True)
class Place:
    """A place: one of the ten on every player board, or one of the 20 place tiles.

    A place is activated once every action space holds a character (or a
    technology tile); the Town Hall already with one.  Using it in the
    action phase returns its characters to the bag (technology tiles stay).

    Attributes
    ----------
    id : str
    name : str
    needs : tuple of str
        The action spaces: a character, ``"any"`` (any tile, the player's
        colour too) or ``"any_neutral"`` (not the player's colour).  A place
        tile without spaces is passive: owning it is enough.
    effect : str
        What using (or owning) it does, in words.
    stage : str or None
        ``"I"`` or ``"II"`` for a place tile (its stack); ``None`` on the board.
    kind : str
        The core's behaviour: ``"farm_house"`` ... ``"town_hall"`` for the
        board, and for tiles ``"good"``, ``"coins"``, ``"coins_development"``,
        ``"development"``, ``"sacristy"``, ``"substitute"``, ``"bathhouse"``,
        ``"coins_per_status"``, ``"coins_per_station"``, ``"pharmacy"``,
        ``"tower"``, ``"move"``, ``"technology"``.
    params : Mapping
        The effect's numbers (``{"good": "grain"}``, ``{"coins": 2}``...).
    min_to_activate : int
        Filled spaces needed to use it (the Town Hall: 1).
    confirmed : mapping
        For a place tile: whether its ``stage`` and ``needs`` rest on two
        agreeing sources (see ``choices.json``).
    """

    id: str
    name: str
    needs: tuple[str, ...]
    effect: str
    stage: str | None
    kind: str
    params: Mapping = field(default_factory=dict)
    min_to_activate: int = 0
    confirmed: Mapping[str, bool] = field(default_factory=dict)

    @property
    def passive(self) -> bool:
        """Whether the place has no action spaces (a tile whose effect holds while it is owned)."""
        return not self.needs


@dataclass(frozen=True)
class Deed:
    """A Beneficial Deed: characters sent from the Town Hall (or the Gunpowder Tower) fill its spaces.

    Each space takes exactly the character shown (no monk for another kind,
    never the player's colour) and pays its reward at once; the player who
    fills the last space takes the deed's citizen tile.  The characters stay
    there for the rest of the game.

    Attributes
    ----------
    id, name : str
    spaces : tuple of str
        The character of each space.
    coins : int
        Coins per space filled.
    or_development : int
        Canalization: instead of the coin, this many development points.
    """

    id: str
    name: str
    spaces: tuple[str, ...]
    coins: int
    or_development: int = 0


@dataclass(frozen=True)
class Citizen:
    """A citizen tile: worth the development status at the end, like a trading station.

    Attributes
    ----------
    id : str
        ``"deed:city_wall"``, ``"development:3"``, ``"knights"``, ``"boatmen"``, ``"most_stations"``.
    source : str
        Where it lies: ``"deed"``, ``"development"``, ``"knights"``, ``"boatmen"``, ``"end"``.
    how : str
        Who takes it.
    """

    id: str
    source: str
    how: str


@dataclass(frozen=True)
class Event:
    """The event on an hourglass tile (three tiles each).

    Resolved in phase 6 by every player in turn order, except Pilgrimage,
    which forbids the Monastery in phase 5.

    Attributes
    ----------
    id, name : str
    count : int
        Tiles with this event.
    effect : str
    """

    id: str
    name: str
    count: int
    effect: str


@dataclass(frozen=True)
class Town:
    """A town of the map; a trading station may be built in it (Orléans: one per player)."""

    id: str
    name: str


@dataclass(frozen=True)
class Connection:
    """A road or waterway between two towns, with its goods spaces per player count.

    Attributes
    ----------
    id : str
        ``"R01"`` ... ``"R29"`` (roads), ``"W01"`` ... ``"W14"`` (waterways).
    a, b : str
        The towns it joins (undirected).
    kind : str
        ``"road"`` (Wagon, Horse Wagon) or ``"waterway"`` (Ship).
    spaces : mapping
        Goods spaces filled at set-up with 2, 3, 4 players.
    """

    id: str
    a: str
    b: str
    kind: str
    spaces: Mapping[int, int]

    def other(self, town: str) -> str:
        """The town at the other end from ``town``."""
        return self.b if town == self.a else self.a


@dataclass(frozen=True)
class Map:
    """The board's map: 23 towns joined by 43 connections (map.json, single source).

    Attributes
    ----------
    towns : mapping
    connections : tuple of Connection
    start : str
        Where every merchant starts (Orléans).
    removed_goods : mapping
        Goods tiles taken out of the game at random with 2, 3, 4 players.
    """

    towns: Mapping[str, Town]
    connections: tuple[Connection, ...]
    start: str
    removed_goods: Mapping[int, int]

    def connections_of(self, town: str, kind: str | None = None) -> list[Connection]:
        """The connections leaving ``town`` (of one ``kind`` if given)."""
        return [c for c in self.connections if town in (c.a, c.b) and (kind is None or c.kind == kind)]

    def spaces(self, players: int) -> int:
        """Goods spaces filled at set-up (43 / 48 / 52)."""
        return sum(c.spaces[players] for c in self.connections)


# ---------------------------------------------------------------------------
# building the objects from the data

def _val(entry):
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry

def _build():
    tracks, mapdata, choices = load_data()
    supply = tracks["character_supply"]["neutral_supply_by_player_count"]
    characters = {c: Character(c, _LETTERS[c], _TRACK_OF.get(c),
                               MappingProxyType({int(n): supply[n][c] for n in supply}))
                  for c in CHARACTER_ORDER}

    g = tracks["goods"]
    food = set(_val(g["food_types"]))
    goods = {k: Good(k, _val(g["victory_points_each"])[k], _val(g["supply"])[k], k in food) for k in GOOD_ORDER}

    ct = tracks["character_tracks"]
    fallback = _val(choices["boatmen_last_step_coins_when_citizen_gone"])

    def rewards(track_id):
        out = []
        for r in _val(ct[track_id]["rewards_by_step"]):
            if track_id == "farmers":
                out.append(Reward(good=r))
            elif track_id == "craftsmen":
                out.append(Reward(technology=True))
            elif track_id == "traders":
                out.append(Reward(place_tile=True))
            elif "coins" in r:
                out.append(Reward(coins=r["coins"]))
            elif "development" in r:
                out.append(Reward(development=r["development"]))
            elif "draw" in r:
                out.append(Reward(draw=r["draw"]))
            elif "citizen" in r:
                out.append(Reward(citizen=True))
            else:  # pragma: no cover - a data error
                raise ValueError(f"unknown reward {r!r} on the {track_id} track")
        return tuple(out)

    stages = _val(ct["traders"]["stage_access"])
    track_objs = {}
    for c in CHARACTER_ORDER[:6]:
        tid = _TRACK_OF[c]
        track_objs[tid] = Track(
            tid, c, ct[tid]["recruited_by"], rewards(tid),
            citizen_fallback_coins=fallback if tid == "boatmen" else 0,
            first_step_stages=tuple(stages["step_1"]) if tid == "traders" else (),
            later_stages=tuple(stages["steps_2_to_5"]) if tid == "traders" else ())

    dt = tracks["development_track"]
    levels = _val(dt["status_levels"])
    development = DevelopmentTrack(
        length=_val(dt["spaces_after_start"]),
        coin_spaces=MappingProxyType({int(k): v for k, v in _val(dt["coin_spaces"]).items()}),
        citizen_spaces=tuple(_val(choices["development_citizen_spaces"])),
        status_from=tuple(lv["from"] for lv in sorted(levels, key=lambda lv: lv["status"])))

    board = {}
    override = choices["board_place_needs"]
    for p in tracks["player_board"]["places"]:
        needs = tuple(override[p["id"]]["needs"]) if p["id"] in override else tuple(p["needs"])
        board[p["id"]] = Place(p["id"], _PLACE_NAMES[p["id"]], needs, p["effect"], None, p["id"],
                               min_to_activate=p.get("min_to_activate", len(needs)))
    chosen = {t["id"]: t for t in choices["place_tiles"]["tiles"]}
    tiles = {}
    for t in tracks["place_tiles"]["tiles"]:
        c = chosen[t["id"]]
        eff = dict(c["effect"])
        kind = eff.pop("kind")
        needs = tuple(c["needs"])
        tiles[t["id"]] = Place(t["id"], t["name"], needs, c["text"],
                               c["stage"], kind, MappingProxyType(eff), min_to_activate=len(needs),
                               confirmed=MappingProxyType(dict(c["confirmed"])))
    places = {**board, **tiles}

    bd = tracks["beneficial_deeds"]["deeds"]
    deeds = {d["id"]: Deed(d["id"], d["name"], tuple(d["spaces"]), d["reward_per_space"]["coins"],
                           d["reward_per_space"].get("or_development", 0)) for d in bd}

    citizens = [Citizen(f"deed:{d}", "deed", f"fill the last space of {deeds[d].name}") for d in deeds]
    citizens += [Citizen(f"development:{sp}", "development", f"first to reach or pass development space {sp}")
                 for sp in development.citizen_spaces]
    citizens.append(Citizen("knights", "knights", "first to take the knights track's citizen step"))
    citizens.append(Citizen("boatmen", "boatmen", "first to take the boatmen track's citizen step"))
    citizens.append(Citizen("most_stations", "end", "at the end, the strict leader in trading stations built"))
    total = _val(tracks["citizen_tiles"]["total"])
    if len(citizens) != total:  # pragma: no cover - a data error
        raise ValueError(f"{len(citizens)} citizen tiles from the data, the box has {total}")

    hg = tracks["hourglass_tiles"]
    per = _val(hg["per_event"])
    ev = {e["id"]: e for e in hg["events"]}
    events = {e: Event(e, _EVENT_NAMES[e], per, ev[e]["effect"]) for e in EVENT_ORDER}

    towns = {t["id"]: Town(t["id"], t["name"]) for t in mapdata["towns"]}
    conns = tuple(Connection(c["id"], c["a"], c["b"], c["type"],
                             MappingProxyType({int(k): v for k, v in c["goods_spaces_by_player_count"].items()}))
                  for c in mapdata["connections"])
    removed = {int(k): v["random_tiles_removed_from_game"] for k, v in mapdata["goods_setup"]["by_player_count"].items()}
    board_map = Map(MappingProxyType(towns), conns, mapdata["start_town"], MappingProxyType(removed))

    return (characters, goods, track_objs, development, board, tiles, places, deeds, tuple(citizens),
            events, board_map)


(_CHARS, _GOODS, _TRACKS, _DEVELOPMENT, _BOARD, _TILES, _PLACES, _DEEDS, _CITIZENS, _EVENTS,
 _MAP) = _build()

#: the development track (coin spaces, status thresholds, citizen spaces)
DEVELOPMENT: DevelopmentTrack = _DEVELOPMENT
#: the 14 citizen tiles, in the core's order
CITIZENS: tuple[Citizen, ...] = _CITIZENS
#: the map, its towns and connections with their goods spaces
MAP: Map = _MAP

#: the seven kinds of character, in the core's order
CHARACTERS: Mapping[str, Character] = MappingProxyType(_CHARS)
#: the five goods, cheapest first
GOODS: Mapping[str, Good] = MappingProxyType(_GOODS)
#: the six character tracks by id (``"farmers"`` ...)
TRACKS: Mapping[str, Track] = MappingProxyType(_TRACKS)
#: the ten places of every player board
BOARD_PLACES: Mapping[str, Place] = MappingProxyType(_BOARD)
#: the 20 place tiles
PLACE_TILES: Mapping[str, Place] = MappingProxyType(_TILES)
#: every place, the board's ten and then the 20 tiles (the core's place numbers follow this order)
PLACES: Mapping[str, Place] = MappingProxyType(_PLACES)
#: the eight Beneficial Deeds
DEEDS: Mapping[str, Deed] = MappingProxyType(_DEEDS)
#: the six events
EVENTS: Mapping[str, Event] = MappingProxyType(_EVENTS)
