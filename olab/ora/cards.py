"""The cards and goods of Ora et Labora, as frozen dataclasses.

Built once from the card data shipped in :mod:`olab.data` (``buildings.json``,
``settlements.json``, ``goods.json``).  Every card object has its own class
whose docstring is the card's effect text, so ``help(BUILDINGS["F09"])`` reads
like the glossary entry of the Cloister Garden.
"""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

__all__ = [
    "Terrain", "Clergy", "Good", "Cost", "Building", "Settlement", "GoodInfo",
    "BUILDINGS", "SETTLEMENTS", "GOODS", "load_data",
]


class Terrain(str, enum.Enum):
    """The five terrain types of a landscape space."""

    PLAINS = "plains"
    HILLSIDE = "hillside"
    COAST = "coast"
    WATER = "water"
    MOUNTAIN = "mountain"


class Clergy(str, enum.Enum):
    """The two kinds of clergymen: each player has a prior and lay brothers."""

    PRIOR = "prior"
    LAY_BROTHER = "lay_brother"


class Good(str, enum.Enum):
    """Every kind of goods tile (``goods.json``).

    ``coin`` is a 1-coin piece and ``coin5`` a 5-coin piece; the engine keeps
    only the total money, and the 5-coin piece appears where a card tells the
    two apart (different goods, points).
    """

    WOOD = "wood"
    CLAY = "clay"
    PEAT = "peat"
    PEAT_COAL = "peat_coal"
    GRAIN = "grain"
    STRAW = "straw"
    SHEEP = "sheep"
    MEAT = "meat"
    COIN = "coin"
    STONE = "stone"
    GRAPES = "grapes"
    FLOUR = "flour"
    BREAD = "bread"
    WINE = "wine"
    MALT = "malt"
    BEER = "beer"
    WHISKEY = "whiskey"
    BOOK = "book"
    CERAMIC = "ceramic"
    ORNAMENT = "ornament"
    RELIQUARY = "reliquary"
    WONDER = "wonder"
    COIN5 = "coin5"


@dataclass(frozen=True)
class Cost:
    """What a building costs to build: materials, or coins for a financed one."""

    wood: int = 0
    clay: int = 0
    stone: int = 0
    straw: int = 0
    coin: int = 0

    def __str__(self) -> str:
        # "3 coins", "1 wood, 2 clay": the words of the card texts
        parts = [f"{n} {k}s" if k == "coin" and n != 1 else f"{n} {k}" for k, n in vars(self).items() if n]
        return ", ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class Building:
    """A building card, a heartland building, or a forest / moor card."""

    id: str
    name: str
    variant: str
    stage: str
    kind: str
    cost: Cost
    economic_value: int
    dwelling_value: int
    terrain: frozenset
    cloister: bool
    player_modes: Mapping[str, object]
    effect: str
    notes: str = ""
    disagreements: tuple = field(default=(), repr=False)

    @property
    def financed(self) -> bool:
        """True for a building paid in coins."""
        return self.cost.coin > 0


@dataclass(frozen=True)
class Settlement:
    """A settlement card: its cost in food and energy, values and terrain."""

    id: str
    name: str
    stage: str
    food: int
    energy: int
    economic_value: int
    dwelling_value: int
    terrain: frozenset
    notes: str = ""


@dataclass(frozen=True)
class GoodInfo:
    """One kind of goods tile and the values printed on it."""

    id: str
    name: str
    variant: str
    food: float
    energy: float
    coin: int
    points: int
    basic: bool
    code: str | None
    notes: str = ""


def _read(name: str) -> Any:
    # a JSON document of olab/data/ora: a list of records or (wheel, landscape) a dict
    with resources.files("olab.data").joinpath("ora").joinpath(name).open("r", encoding="utf-8") as f:
        return json.load(f)


def load_data() -> tuple[list, list, list]:
    """The raw records of ``buildings.json``, ``settlements.json``, ``goods.json``."""
    return _read("buildings.json"), _read("settlements.json"), _read("goods.json")


def _class_name(name: str) -> str:
    return "".join(ch for ch in name.title() if ch.isalnum())


def _card(cls, rec: dict, doc: str, **values):
    # a class of its own per card, carrying the card text as its docstring
    sub = type(_class_name(rec["name"]), (cls,), {"__doc__": doc, "__module__": __name__})
    return sub(**values)


_VARIANT_WORDS = {"both": "shared", "france": "France", "ireland": "Ireland"}


def _modes_text(modes: dict) -> str:
    # the player modes a card is in: "solo, 2p_long, 3p, 4p (4p_short optional)"
    used = [m for m, v in modes.items() if v is True]
    other = [f"{m} {v.replace('_', ' ')}" for m, v in modes.items() if isinstance(v, str)]
    return ", ".join(used) + (f" ({', '.join(other)})" if other else "")


def _building_doc(rec: dict) -> str:
    # the glossary entry of a card: name and code, the function, the numbers
    cost = Cost(**rec["cost"])
    if rec["kind"] == "building":
        what = (f"{_VARIANT_WORDS[rec['variant']]} building, stage {rec['stage']}, "
                f"marked {rec['player_marking']}")
    elif rec["kind"] == "basic":
        what = "heartland building, printed on every player's heartland"
    else:
        what = "landscape card"
    lines = [f"{rec['name']} ({rec['id']}): {what}.", "", rec["effect"], ""]
    if rec["kind"] == "building":
        lines.append(f"Cost: {cost}." + ("  A financed building." if cost.coin else ""))
        lines.append(f"In play: {_modes_text(rec['player_modes'])}.")
    lines.append(f"Economic value: {rec['economic_value']}.  Dwelling value: {rec['dwelling_value']}.")
    lines.append(f"Terrain: {', '.join(rec['terrain'])}." + ("  Cloister building." if rec["cloister"] else ""))
    if rec.get("notes"):
        lines += ["", "Notes: " + rec["notes"]]
    return "\n".join(lines)


def _settlement_doc(rec: dict) -> str:
    lines = [f"{rec['name']} ({rec['id']}): settlement, stage {rec['stage']}.", "",
             f"Cost: {rec['cost']['food']} food and {rec['cost']['energy']} energy.",
             f"Economic value: {rec['economic_value']}.  Dwelling value: {rec['dwelling_value']}.",
             f"Terrain: {', '.join(rec['terrain'])}."]
    if rec.get("notes"):
        lines += ["", "Notes: " + rec["notes"]]
    return "\n".join(lines)


def _build_tables():
    buildings, settlements, goods = load_data()
    by_id = {}
    for rec in buildings:
        b = _card(
            Building, rec, _building_doc(rec),
            id=rec["id"], name=rec["name"], variant=rec["variant"], stage=rec["stage"],
            kind=rec["kind"], cost=Cost(**rec["cost"]), economic_value=rec["economic_value"],
            dwelling_value=rec["dwelling_value"],
            terrain=frozenset(Terrain(t) for t in rec["terrain"]), cloister=rec["cloister"],
            player_modes=MappingProxyType(dict(rec["player_modes"])), effect=rec["effect"],
            notes=rec.get("notes", ""), disagreements=tuple(
                MappingProxyType(d) for d in rec.get("disagreements", [])),
        )
        by_id[b.id] = b
    sets = {}
    for rec in settlements:
        s = _card(Settlement, rec, _settlement_doc(rec), id=rec["id"], name=rec["name"], stage=rec["stage"],
                  food=rec["cost"]["food"], energy=rec["cost"]["energy"],
                  economic_value=rec["economic_value"], dwelling_value=rec["dwelling_value"],
                  terrain=frozenset(Terrain(t) for t in rec["terrain"]), notes=rec.get("notes", ""))
        sets[s.id] = s
    gds = {}
    for rec in goods:
        doc = (f"{rec['name']}: food {rec['food']}, energy {rec['energy']}, coin {rec['coin']}, "
               f"points {rec['points']}.  {rec.get('notes', '')}").strip()
        g = _card(GoodInfo, rec, doc, id=rec["id"], name=rec["name"], variant=rec["variant"],
                  food=rec["food"], energy=rec["energy"], coin=rec["coin"], points=rec["points"],
                  basic=rec["basic"], code=rec["kennerspiel_code"], notes=rec.get("notes", ""))
        gds[g.id] = g
    return by_id, sets, gds


def canonical_code(code: str) -> str:
    """The data id of a card code as the notation and the JSON write it.

    ``"LR1"`` (Red's Clay Mound) is ``"L1"``, ``"SG3"`` (Green's Market Town)
    is ``"S03"``, ``"forest"`` / ``"moor"`` are ``"LFO"`` / ``"LMO"``; other
    codes are their own id.
    """
    if not isinstance(code, str):
        return code
    if code in ("forest", "moor"):
        return {"forest": "LFO", "moor": "LMO"}[code]
    if len(code) == 3 and code[1] in "RGBW" and code[2].isdigit():
        if code[0] == "L":
            return "L" + code[2]
        if code[0] == "S":
            return "S0" + code[2]
    return code


class _Catalogue(Mapping):
    """A read-only mapping of cards by id that also finds them by name, and by
    the per-colour codes the notation writes (``"LR1"``, ``"SB3"``)."""

    def __init__(self, by_id: dict):
        self._by_id = dict(by_id)
        self._by_name: dict[str, Any] = {}
        for v in by_id.values():
            self._by_name.setdefault(v.name.lower(), v)

    def __getitem__(self, key):
        if key in self._by_id:
            return self._by_id[key]
        alias = canonical_code(key)
        if alias in self._by_id:
            return self._by_id[alias]
        try:
            return self._by_name[key.lower()]
        except (KeyError, AttributeError):
            raise KeyError(key) from None

    def __iter__(self):
        return iter(self._by_id)

    def __len__(self):
        return len(self._by_id)

    def __repr__(self):
        return f"<{len(self)} entries: {', '.join(list(self._by_id)[:6])}, ...>"


_B, _S, _G = _build_tables()

#: Every building, heartland building and landscape card, by id (``"F09"``) or
#: by name (``"Cloister Garden"``; for the two Grapevines and Quarries the
#: name finds the earlier card).
BUILDINGS = _Catalogue(_B)

#: The 8 settlement cards by id (``"S01"`` to ``"S08"``) or name.
SETTLEMENTS = _Catalogue(_S)

#: Every goods tile by id (``"wood"``, ``"coin5"``) or name.
GOODS = _Catalogue(_G)


def card(code: str):
    """The card a code names, as the notation, the JSON and the data write it.

    Buildings (``"F09"``, ``"Cloister Garden"``), heartland buildings per colour
    (``"LR1"`` and ``"L1"`` are the Clay Mound), settlements per colour
    (``"SB3"`` and ``"S03"`` are the Market Town), ``"forest"``, ``"moor"``.

    >>> from olab import ora
    >>> ora.card("LR1").name, ora.card("SB3").name, ora.card("F09").name
    ('Clay Mound', 'Market Town', 'Cloister Garden')

    Raises
    ------
    KeyError
        For a code that names no card.
    """
    for table in (BUILDINGS, SETTLEMENTS):
        try:
            return table[code]
        except KeyError:
            pass
    raise KeyError(f"no card {code!r}")
