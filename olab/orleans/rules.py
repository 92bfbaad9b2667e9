"""The facts of Orléans as frozen rules objects, built from ``olab/data/orleans/``.

Three files hold every fact the engine plays by:

- ``tracks.json`` and ``map.json``: the team's research, copied unchanged
  from ``../shared/rules/orleans/`` (each fact with its confidence and its
  sources);
- ``choices.json``: olab's reading wherever those files report a conflict, a
  single source or nothing, and the numbers the team's rules summary states.

Nothing here is a number of its own: a correction is a data change.  The
core (``olab_core.orleans._engine``) receives the same facts as tables
from :func:`core_tables` at import time.

>>> from olab.orleans import rules
>>> rules.PLACES["village"].needs
('farmer', 'boatman', 'craftsman')
>>> rules.TRACKS["knights"].rewards[3].citizen
True
>>> rules.DEVELOPMENT.status(15)
4
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Mapping

__all__ = ["Character", "Good", "Reward", "Track", "DevelopmentTrack", "Place", "Deed", "Citizen",
           "Event", "Town", "Connection", "Map", "Rules", "CHARACTERS", "GOODS", "TRACKS",
           "DEVELOPMENT", "PLACES", "BOARD_PLACES", "PLACE_TILES", "DEEDS", "CITIZENS", "EVENTS",
           "MAP", "RULES", "load_data", "core_tables"]

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
    with resources.files("olab").joinpath("data", "orleans", name).open("r", encoding="utf-8") as f:
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

    st = tracks["starting_state"]
    nums = choices["summary_numbers"]
    rules = Rules(
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
    return (characters, goods, track_objs, development, board, tiles, places, deeds, tuple(citizens),
            events, board_map, rules)


(_CHARS, _GOODS, _TRACKS, _DEVELOPMENT, _BOARD, _TILES, _PLACES, _DEEDS, _CITIZENS, _EVENTS, _MAP,
 _RULES) = _build()

#: the development track (coin spaces, status thresholds, citizen spaces)
DEVELOPMENT: DevelopmentTrack = _DEVELOPMENT
#: the 14 citizen tiles, in the core's order
CITIZENS: tuple[Citizen, ...] = _CITIZENS
#: the map, its towns and connections with their goods spaces
MAP: Map = _MAP
#: the numbers of the set-up and of the rules that are not a track, a place or a deed
RULES: Rules = _RULES

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

_NEED_CODES = {**{c: i for i, c in enumerate(CHARACTER_ORDER)}, "any": 7, "any_neutral": 8}
_KIND_CODES = {"farm_house": 0, "village": 1, "university": 2, "castle": 3, "monastery": 4, "ship": 5,
               "wagon": 6, "guildhall": 7, "scriptorium": 8, "town_hall": 9,
               "good": 10, "coins": 11, "coins_development": 12, "development": 13, "sacristy": 14,
               "substitute": 15, "bathhouse": 16, "coins_per_status": 17, "coins_per_station": 18,
               "pharmacy": 19, "tower": 20, "move": 21, "technology": 22}


def core_tables() -> dict:
    """The facts as the plain tables the core installs (``_engine.install_tables``).

    Names become indices in the core's orders (``CHARACTER_ORDER``,
    ``GOOD_ORDER``, ``EVENT_ORDER``, the places as in :data:`PLACES`,
    the towns and connections as in ``map.json``).
    """
    ch = {c: i for i, c in enumerate(CHARACTER_ORDER)}
    gd = {g: i for i, g in enumerate(GOOD_ORDER)}
    towns = list(MAP.towns)
    town_ix = {t: i for i, t in enumerate(towns)}
    t_order = [_TRACK_OF[c] for c in CHARACTER_ORDER[:6]]
    dev = DEVELOPMENT
    places = []
    for p in PLACES.values():
        params = dict(p.params)
        a = b = 0
        if p.kind == "good":
            a = gd[params["good"]]
        elif p.kind in ("coins", "coins_development"):
            a, b = params.get("coins", 0), params.get("development", 0)
        elif p.kind == "development":
            a = params["development"]
        elif p.kind == "substitute":
            a = ch[params["by"]]
            b = sum(1 << ch[x] for x in params["for"])
        elif p.kind == "move":
            a = 0 if params["along"] == "road" else 1
        places.append({"id": p.id, "kind": _KIND_CODES[p.kind], "needs": [_NEED_CODES[n] for n in p.needs],
                       "min": p.min_to_activate, "stage": {"I": 1, "II": 2}.get(p.stage, 0), "a": a, "b": b})
    traders = TRACKS["traders"]
    return {
        "characters": list(CHARACTER_ORDER),
        "supply": {n: [CHARACTERS[c].supply[n] for c in CHARACTER_ORDER] for n in (2, 3, 4)},
        "starting": [ch[c] for c in RULES.starting_followers],
        "goods_count": [GOODS[g].count for g in GOOD_ORDER],
        "goods_points": [GOODS[g].points for g in GOOD_ORDER],
        "food": [int(GOODS[g].food) for g in GOOD_ORDER],
        "track_len": [TRACKS[t].steps for t in t_order],
        "farmer_goods": [gd[r.good] for r in TRACKS["farmers"].rewards],
        "boat_coins": [r.coins for r in TRACKS["boatmen"].rewards],
        "boat_citizen": [int(r.citizen) for r in TRACKS["boatmen"].rewards],
        "boat_fallback": RULES.boatmen_fallback_coins,
        "scholar_dev": [r.development for r in TRACKS["scholars"].rewards],
        "knight_draw": [r.draw or 0 for r in TRACKS["knights"].rewards],
        "knight_citizen": [int(r.citizen) for r in TRACKS["knights"].rewards],
        "trader_first": [int(s in traders.first_step_stages) for s in ("I", "II")],
        "trader_later": [int(s in traders.later_stages) for s in ("I", "II")],
        "dev_len": dev.length,
        "dev_coins": [dev.coin_spaces.get(i, 0) for i in range(dev.length + 1)],
        "dev_citizen": list(dev.citizen_spaces),
        "dev_status": [dev.status(i) for i in range(dev.length + 1)],
        "places": places,
        "deeds": [{"spaces": [ch[s] for s in d.spaces], "coins": d.coins, "dev": d.or_development}
                  for d in DEEDS.values()],
        "events": [EVENTS[e].count for e in EVENT_ORDER],
        "first_event": EVENT_ORDER.index(RULES.first_event),
        "towns": len(towns),
        "start_town": town_ix[MAP.start],
        "connections": [{"a": town_ix[c.a], "b": town_ix[c.b], "road": int(c.kind == "road"),
                         "spaces": [c.spaces[n] for n in (2, 3, 4)]} for c in MAP.connections],
        "removed_goods": [MAP.removed_goods[n] for n in (2, 3, 4)],
        "numbers": {
            "rounds": RULES.rounds, "start_coins": RULES.start_coins, "market": RULES.market,
            "stations": RULES.stations, "draw": RULES.draw, "coins_total": RULES.coins_total,
            "tech_total": RULES.technology_tiles, "census_gain": RULES.census_gain,
            "census_pay": RULES.census_pay, "census_2p_pay": int(RULES.census_two_player_pay),
            "harvest_coins": RULES.harvest_coins, "taxes_per": RULES.taxes_goods_per_coin,
            "scriptorium_dev": RULES.scriptorium_development,
            "exclusion": [RULES.exclusion_per_player[n] for n in (2, 3, 4)],
            "pharmacy_max": RULES.pharmacy_max_coins, "bath_draw": RULES.bathhouse_draw,
            "bath_place": RULES.bathhouse_place, "tower_room": RULES.tower_room,
            "monk_knight": int(RULES.monk_fills_knight_spaces),
            "tech_town_hall": int(RULES.technology_on_town_hall),
            "torture_stock": int(RULES.torture_station_from_stock),
        },
    }
