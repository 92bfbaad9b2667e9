"""The rules object of Fields of Arle: players, buildings and every disputed fact, with two presets.

The rulebook text and the printed components disagree in three places, and
two facts rest on one source only (``olab/data/arle``, README "Conflicts" and
"Gaps").  Each is a field of :class:`Rules`; the ``rulebook`` preset (the
default: the rulebook outranks the print, ``board.json``) follows the
rulebook text word for word, the ``printed`` preset the print where it is
legible and fits the design.  See the docs page
"Fields of Arle: rule options".
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from . import data

__all__ = ["Rules", "PRESETS", "BUILDING_MODES", "parse_buildings"]

#: the ``buildings`` modes besides an explicit list
BUILDING_MODES = ("starter", "random")

_CHOICES = {
    "weaving_mill_cost": ("wool", "woolen"),
    "colonists_house_input": ("wool", "woolen"),
    "travel_points": ("list", "formula"),
}

#: preset name -> the values of the disputed fields
#:
#: :meta hide-value:
PRESETS = {
    "printed": dict(summer_wear_half_points=4, winter_wear_half_points=5, leather_wear_half_points=5,
                    weaving_mill_cost="wool", colonists_house_input="wool", small_boardwalk_vp=-1,
                    travel_points="list", start_grain=1, start_hide=2),
    "rulebook": dict(summer_wear_half_points=4, winter_wear_half_points=4, leather_wear_half_points=4,
                     weaving_mill_cost="woolen", colonists_house_input="woolen", small_boardwalk_vp=-1,
                     travel_points="list", start_grain=1, start_hide=2),
}

_GROUPS = {"green": ("light_green", "dark_green"), "yellow": ("yellow",), "blue": ("blue",)}


def parse_buildings(spec) -> tuple[str, tuple[str, ...]]:
    """The buildings option as ``(mode, keys)``.

    ``"starter"`` and ``"random"`` are modes (their buildings are dealt from
    the seed); anything else is an explicit choice: a comma-separated string
    or a sequence of building keys (``olab.arle.BUILDINGS``) naming 4 small
    houses, 2 minor craft buildings and 3 inns (the major craft and large
    buildings always play).  The keys come back in the index order.

    Raises
    ------
    ValueError
        Naming the unknown key or the colour with the wrong count.
    """
    if spec in BUILDING_MODES:
        return spec, ()
    if isinstance(spec, str):
        keys = [k.strip() for k in spec.split(",") if k.strip()]
    else:
        keys = list(spec)
    colors = {b["key"]: b["color"] for b in data.arle()["buildings"]}
    for k in keys:
        if k not in colors:
            raise ValueError(f"buildings: unknown building {k!r}; valid: {', '.join(data.BUILDING_KEYS)}")
    if len(set(keys)) != len(keys):
        raise ValueError("buildings: a building is named twice")
    slots = data.arle()["building_slots"]
    chosen = [k for k in keys if colors[k] not in ("orange", "red")]
    for group, cols in _GROUPS.items():
        n = sum(1 for k in chosen if colors[k] in cols)
        if n != slots[group]:
            raise ValueError(f"buildings: {slots[group]} {group} buildings play, not {n} "
                             f"(the orange and red ones always play)")
    return "explicit", tuple(k for k in data.BUILDING_KEYS if k in chosen)


if TYPE_CHECKING:
    from olab.contract import PresetAttr


@dataclass(frozen=True)
class Rules:
    """A complete Fields of Arle configuration.

    Build one with :meth:`preset`; every field can be overridden by name.

    Parameters
    ----------
    players : int
        1 (the solo game) or 2.
    buildings : str
        ``"starter"``: the four light-green small houses, the recommended inns
        (Potter's Inn, Farmers' Inn, Junk Dealer's Inn) and two minor craft
        buildings drawn from the seed (the rulebook recommends none);
        ``"random"``: 4 of the 7 dark-green houses, 2 of the 5 minor craft
        buildings and 3 of the 6 inns drawn from the seed; or an explicit
        comma-separated list of building keys (4 small houses, 2 minor craft,
        3 inns).  The 6 major craft and 3 large buildings always play.
    preset : {"printed", "rulebook"}
        The name of the preset the fields came from (informational).
    summer_wear_half_points : int
        Summer wear at the end, in half points: 4 (2 points) in both sources.
    winter_wear_half_points, leather_wear_half_points : int
        Winter wear and leather wear at the end, in half points: 5 (2½
        points) as printed on the tiles and the supply board, 4 (2 points) in
        the rulebook text.
    weaving_mill_cost : {"wool", "woolen"}
        The Weaving Mill costs 2 bricks and 10 flax or 10 of this: wool as
        the printed cost banner shows it, woolen in the rulebook text.
    colonists_house_input : {"wool", "woolen"}
        What the Colonists' House takes 2 of: wool as printed (the same
        round icon as the Weaving Mill's), woolen in the rulebook text.
    small_boardwalk_vp : int
        The small boardwalk (the starting dehydrated moor section) while it
        is on the board at the end: -1 in both presets (the rulebook charges
        -1 per dehydrated moor section; the tile scan shows -3).
    travel_points : {"list", "formula"}
        Points by spaces covered on the travel-experience track: the explicit
        list of the only source (``board.json``
        ``vp_by_total_size``), or the same source's formula
        (``vp_by_total_size_alternative``, one more at even totals 10-18).
    start_grain, start_hide : int
        The goods track at the start: 1 grain and 2 hides (two of three
        implementations; the third has 2 grain, 1 hide).
    """

    players: int = 2
    buildings: str = "starter"
    if TYPE_CHECKING:
        preset: PresetAttr[Rules] = PresetAttr()
    else:
        preset: str = "rulebook"
    summer_wear_half_points: int = 4
    winter_wear_half_points: int = 4
    leather_wear_half_points: int = 4
    weaving_mill_cost: str = "woolen"
    colonists_house_input: str = "woolen"
    small_boardwalk_vp: int = -1
    travel_points: str = "list"
    start_grain: int = 1
    start_hide: int = 2

    def __post_init__(self):
        if self.players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {self.players!r}")
        if self.preset not in PRESETS:
            raise ValueError(f"preset must be one of {', '.join(PRESETS)}, not {self.preset!r}")
        mode, keys = parse_buildings(self.buildings)
        if mode == "explicit":
            object.__setattr__(self, "buildings", ",".join(keys))
        for name, values in _CHOICES.items():
            if getattr(self, name) not in values:
                raise ValueError(f"{name} must be one of {', '.join(values)}, not {getattr(self, name)!r}")
        for name in ("summer_wear_half_points", "winter_wear_half_points", "leather_wear_half_points"):
            if getattr(self, name) not in (4, 5):
                raise ValueError(f"{name} must be 4 or 5 (2 or 2½ points), not {getattr(self, name)!r}")
        if self.small_boardwalk_vp not in (-1, -3):
            raise ValueError(f"small_boardwalk_vp must be -1 or -3, not {self.small_boardwalk_vp!r}")
        if (self.start_grain, self.start_hide) not in ((1, 2), (2, 1)):
            raise ValueError("start_grain / start_hide must be 1 / 2 or 2 / 1 (the two readings)")

    def overrides(self) -> dict:
        """The fields whose values differ from the preset's (what ``config()`` lists)."""
        base = PRESETS[self.preset]
        return {k: getattr(self, k) for k in base if getattr(self, k) != base[k]}

    def replace(self, **changes) -> "Rules":
        """A copy with some fields changed (:func:`dataclasses.replace`)."""
        return replace(self, **changes)

    @property
    def building_mode(self) -> str:
        """``"starter"``, ``"random"`` or ``"explicit"``."""
        return parse_buildings(self.buildings)[0]

    def travel_table(self) -> list[int]:
        """Points by spaces covered (0..19) under ``travel_points``."""
        track = data.board()["home_board"]["travel_experience_track"]
        table = track["vp_by_total_size" if self.travel_points == "list" else "vp_by_total_size_alternative"]
        return [table[str(k)] for k in range(track["spaces"] + 1)]

    def core_config(self) -> dict:
        """The configuration the compiled core takes."""
        mode, keys = parse_buildings(self.buildings)
        ids = []
        if mode == "explicit":
            colors = {b["key"]: b["color"] for b in data.arle()["buildings"]}
            ids = [i for i, k in enumerate(data.BUILDING_KEYS)
                   if k in keys or colors[k] in ("orange", "red")]
        return {"players": self.players, "bmode": ("starter", "random", "explicit").index(mode),
                "buildings": ids,
                "wear_hp": [self.summer_wear_half_points, self.winter_wear_half_points,
                            self.leather_wear_half_points],
                "weaving_mill_woolen": self.weaving_mill_cost == "woolen",
                "colonists_woolen": self.colonists_house_input == "woolen",
                "boardwalk_vp": self.small_boardwalk_vp, "start_grain": self.start_grain,
                "start_hide": self.start_hide, "travel_vp": self.travel_table()}


def _preset(cls: type[Rules], name: str = "rulebook", **overrides: Any) -> Rules:
    """The preset ``name`` (``"printed"`` or ``"rulebook"``) with ``overrides`` applied."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; valid: {', '.join(PRESETS)}")
    unknown = set(overrides) - {f.name for f in fields(cls)}
    if unknown:
        raise ValueError(f"unknown rule field(s) {', '.join(sorted(unknown))}")
    return cls(preset=name, **{**PRESETS[name], **overrides})


# ``Rules.preset`` is both a field (the preset's name) and the constructor
# ``Rules.preset("rulebook", ...)``.  The constructor is attached after the
# dataclass is made: defined in the class body it would replace the field's
# default, and ``Rules()`` would fail.  Instances keep their field value.
Rules.preset = classmethod(_preset)  # type: ignore[assignment]  # a field on instances (see olab.contract.PresetAttr)
