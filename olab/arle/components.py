"""The components of Fields of Arle as frozen dataclasses, read from ``olab/data/arle``.

Every object has a class of its own whose docstring is its index entry, so
``help(olab.arle.BUILDINGS["mill"])`` reads like the rulebook's index of
buildings.  Look things up by key (``"mill"``) or by printed name
(``"Mill"``).

>>> from olab import arle
>>> arle.BUILDINGS["Mill"].vp, arle.BUILDINGS["mill"].cost
(6, '1 timber and 8 flax or 8 grain')
>>> arle.DESTINATIONS["bremen"].size
4
>>> arle.TOOLS["spades"].values
(3, 5, 7)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from . import data

__all__ = ["Good", "Tool", "Equipment", "LandTile", "Building", "ActionSpace", "Destination",
           "DestinationItem", "GOODS", "TOOLS", "EQUIPMENT", "LAND_TILES", "BUILDINGS",
           "ACTION_SPACES", "DESTINATIONS"]


@dataclass(frozen=True)
class Good:
    """A good: on the goods track (capped), in the supply, or an animal."""

    key: str
    name: str
    code: str
    track: bool
    cap: int | None
    animal: bool


@dataclass(frozen=True)
class Tool:
    """A tool track of the game board: the values along it, their points, the cost of a step."""

    key: str
    name: str
    values: tuple
    vp: tuple
    step_cost: str


@dataclass(frozen=True)
class Equipment:
    """A piece of equipment for the barn: a vehicle, a plow or a peat boat."""

    key: str
    name: str
    large: bool
    vehicle: bool
    vp: int
    cost: str
    spaces: tuple
    upgrades_to: str | None


@dataclass(frozen=True)
class LandTile:
    """A tile of the home board's land (one side of a double-sided tile)."""

    key: str
    name: str
    vp: int
    upgrades_to: str | None


@dataclass(frozen=True)
class Building:
    """A building: its colour, cost, points and effect."""

    key: str
    name: str
    color: str
    cost: str
    vp: int
    effect: str
    first_play: bool = False


@dataclass(frozen=True)
class ActionSpace:
    """An action space of the game board (summer or winter side)."""

    key: str
    name: str
    season: str
    index: int
    text: str


@dataclass(frozen=True)
class DestinationItem:
    """One item a travel destination buys: what is handed over and the food it brings."""

    give: str
    food: int


@dataclass(frozen=True)
class Destination:
    """A travel destination tile: its size on a vehicle and the items it buys (each once)."""

    key: str
    name: str
    size: int
    items: tuple


class _Catalogue(Mapping):
    """A read-only mapping by key that also finds entries by their printed name."""

    def __init__(self, entries):
        self._by_key = {e.key: e for e in entries}
        self._by_name = {}
        for e in entries:
            self._by_name.setdefault(e.name.lower(), e)
            self._by_name.setdefault(e.name.lower().replace("ü", "u"), e)

    def __getitem__(self, key):
        if key in self._by_key:
            return self._by_key[key]
        try:
            return self._by_name[key.lower()]
        except (KeyError, AttributeError):
            raise KeyError(key) from None

    def __iter__(self):
        return iter(self._by_key)

    def __len__(self):
        return len(self._by_key)

    def __repr__(self):
        return f"<{len(self)} entries: {', '.join(list(self._by_key)[:6])}, ...>"


def _own_class(cls, title: str, doc: str, **values):
    sub = type("".join(ch for ch in title.title() if ch.isalnum()) or cls.__name__, (cls,),
               {"__doc__": doc, "__module__": __name__})
    return sub(**values)


_WORDS = {"light_green": "small house (light green, a starter house)",
          "dark_green": "small house (dark green)", "yellow": "minor craft building (yellow)",
          "orange": "major craft building (orange)", "blue": "inn (blue)", "red": "large building (red)"}


def _amounts(d: dict) -> str:
    names = {g["key"]: g["name"].lower() for g in data.arle()["goods"]}
    return " and ".join(f"{n} {names.get(k, k)}" for k, n in d.items())


def cost_text(cost) -> str:
    """A building cost in words (``"1 timber and 8 flax or 8 grain"``)."""
    if isinstance(cost, str):
        cost = data.arle()["cost_kinds"][cost]
    parts = []
    if cost.get("materials_any"):
        parts.append("any 1 building material")
    if cost.get("materials_distinct"):
        parts.append(f"{cost['materials_distinct']} building materials of different kinds")
    if cost.get("distinct_clothing"):
        parts.append(f"{cost['distinct_clothing']} different pieces of clothing")
    fixed = {k: v for k, v in cost.items() if k in data.GOOD_KEYS}
    if fixed:
        parts.append(_amounts(fixed))
    text = " and ".join(parts)
    if cost.get("either"):
        text += " and " + " or ".join(_amounts({g: n}) for g, n in cost["either"])
    return text


def _build():
    a, bd = data.arle(), data.board()
    goods = [_own_class(Good, g["name"], f"{g['name']}: " + (
        f"on the goods track (at most {g['cap']})." if g.get("track") else
        "an animal." if g.get("animal") else "in the personal supply (unlimited)."),
        key=g["key"], name=g["name"], code=g["code"], track=bool(g.get("track")), cap=g.get("cap"),
        animal=bool(g.get("animal"))) for g in a["goods"]]
    tracks = bd["tools"]["tracks"]
    tools = []
    for t in a["tools"]:
        tr = tracks[t["key"]]
        step = _amounts(tr["step_cost"])
        doc = (f"{t['name']}: {'-'.join(map(str, tr['values']))} tools along the track, "
               f"worth {'/'.join(map(str, tr['vp']))} VP; a step costs {step}.")
        if t["key"] == "shovels":
            doc += "  Read as pairs of shovels (1/2/2/3) by the Dike Builder."
        tools.append(_own_class(Tool, t["name"], doc, key=t["key"], name=t["name"], values=tuple(tr["values"]),
                                vp=tuple(tr["vp"]), step_cost=step))
    flips = dict(a["tile_upgrades"]["list"])
    items = bd["vehicles_and_equipment"]["items"]
    equipment = []
    for e in a["equipment"]:
        it = items[e["key"]]
        cost = _amounts({k: v for k, v in it["cost"].items() if k != "cattle_or_horse"})
        if "cattle_or_horse" in it["cost"]:
            cost += " and 1 cattle or horse"
        spaces = tuple(it["load_spaces"]) if isinstance(it["load_spaces"], list) else ()
        doc = (f"{e['name']}: {'large' if it['size'] == 'large' else 'small'} "
               f"{'vehicle' if e['vehicle'] else 'piece of equipment'}, {it['vp']} VP, costs {cost}. "
               + a["equipment_texts"][e["key"]])
        equipment.append(_own_class(Equipment, e["name"], doc, key=e["key"], name=e["name"],
                                    large=it["size"] == "large", vehicle=e["vehicle"], vp=it["vp"], cost=cost,
                                    spaces=spaces, upgrades_to=flips.get(e["key"])))
    land = [_own_class(LandTile, t["name"], f"{t['name']}: {t['vp']} VP on the home board.", key=t["key"],
                       name=t["name"], vp=t["vp"], upgrades_to=flips.get(t["key"])) for t in a["land_tiles"]]
    buildings = []
    for b in a["buildings"]:
        cost = cost_text(b["cost"])
        doc = f"{b['name']}: {_WORDS[b['color']]}, {b['vp']} VP, costs {cost}.\n\n{b['text']}"
        if b.get("cost_note"):
            doc += f"\n\nCost: {b['cost_note']}."
        buildings.append(_own_class(Building, b["name"], doc, key=b["key"], name=b["name"], color=b["color"],
                                    cost=cost, vp=b["vp"], effect=b["text"], first_play=bool(b.get("first_play"))))
    spaces = [_own_class(ActionSpace, f"{s['season']} {s['name']}",
                         f"{s['name']} ({s['season']} action space): {s['text']}", key=s["key"], name=s["name"],
                         season=s["season"], index=i, text=s["text"]) for i, s in enumerate(a["action_spaces"])]
    give_words = {"field": "a field off your home board", "plow": "a plow back to the supply board",
                  "peat_boat": "a peat boat back to the supply board", "any_animal": "1 animal of any type",
                  "any_wear": "1 summer, winter or leather wear", "two_same_animals": "2 animals of one type",
                  "moor": "a moor tile off your home board (any side, its peat is lost)"}
    dests = []
    for d in a["destinations"]:
        its = tuple(DestinationItem(give=_amounts(i["give"]) if isinstance(i["give"], dict) else give_words[i["give"]],
                                    food=i["food"]) for i in d["items"])
        doc = (f"{d['name']} (size {d['size']}): sell at least one item as the tile is loaded, each at most once: "
               + "; ".join(f"{i.give} for {i.food} food" for i in its) + ".")
        dests.append(_own_class(Destination, d["name"], doc, key=d["key"], name=d["name"], size=d["size"], items=its))
    return goods, tools, equipment, land, buildings, spaces, dests


_G, _T, _E, _L, _B, _S, _D = _build()

#: every good by key (``"food"``, ``"winter_wear"``) or name
GOODS = _Catalogue(_G)
#: the 10 tool tracks
TOOLS = _Catalogue(_T)
#: plows, peat boats and the 6 vehicles
EQUIPMENT = _Catalogue(_E)
#: the land tiles (both sides of the double-sided tiles)
LAND_TILES = _Catalogue(_L)
#: all 31 buildings by key (``"mill"``) or name (``"Mill"``)
BUILDINGS = _Catalogue(_B)
#: the 30 action spaces (keys ``"fisherman"`` ... ``"winter_laborer"``)
ACTION_SPACES = _Catalogue(_S)
#: the 9 travel destinations
DESTINATIONS = _Catalogue(_D)
