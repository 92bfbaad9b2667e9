"""Itemised scores by the scoring pad's categories (rulebook: The End of the Game and the Winner).

Scores are reported in **points**, as every surface reports them: timber is
worth ½ point and, in the printed preset, winter and leather wear 2½, so
:meth:`State.scores` gives floats (``50.5``; halves are exact in binary
floating point, and the rulebook ranks by the exact, unrounded total).  The
core keeps half points, exact integers: :meth:`State.scores_half_points`
and every ``half_points`` field of :func:`score_breakdown` give them.  The
totals come from the core; this module lays the same numbers out item by
item, so a breakdown always adds up to ``scores()``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from olab_core.arle import _engine as core

from . import data

__all__ = ["CATEGORIES", "score_breakdown", "points", "format_points"]

#: (key, short label) of each category, in the order of the scoring pad
CATEGORIES = (
    ("clothing", "cloth"),
    ("equipment", "barn"),
    ("travel", "travel"),
    ("tools", "tools"),
    ("goods", "goods"),
    ("home", "home"),
    ("animals", "animals"),
    ("bottlenecks", "bottl"),
)

#: the scoring pad's name of each category
PAD_NAMES = {
    "clothing": "Clothing tiles and building materials",
    "equipment": "Equipment in the barn",
    "travel": "Travel experience",
    "tools": "Tools",
    "goods": "Goods track",
    "home": "VP on the home board",
    "animals": "Animals on the home board",
    "bottlenecks": "Supply bottlenecks",
}


def _what(item: dict) -> str:
    # a short text naming an item (for tables)
    name = next(item[k] for k in ("good", "equipment", "tool", "building", "tile", "animal", "rule")
                if k in item) if any(k in item for k in ("good", "equipment", "tool", "building", "tile",
                                                          "animal", "rule")) else "travel" \
        if "spaces_covered" in item else "missing"
    n = item.get("count")
    return f"{name} x{n}" if n not in (None, 1) else str(name)


def _hp(n) -> float:
    return n / 2


def score_breakdown(state, seat: int) -> dict:
    """The score of ``seat`` item by item.

    Returns
    -------
    dict
        ``{"seat", "total", "points", "half_points", <category>: {"total",
        "points", "half_points", "items"}}``; ``total`` and ``points`` in
        points (``total`` equals ``scores()[seat]``), ``half_points`` the same
        as an exact integer.  Every item has ``points`` and ``half_points``.
    """
    if not isinstance(seat, int) or not 0 <= seat < state.game.num_players():
        raise ValueError(f"no seat {seat!r}")
    parts = state._score_parts(seat)
    p = state._player(seat)
    g = dict(zip(data.GOOD_KEYS, p["goods"]))
    rules = state.game.rules
    tables = data.core_tables()
    out: dict[str, Any] = {"seat": seat}

    def cat(i, items):
        key = CATEGORIES[i][0]
        total = parts[i]
        for it in items:
            it["what"] = _what(it)
            it["points"] = _hp(it["half_points"])
        out[key] = {"total": _hp(total), "points": _hp(total), "half_points": total, "label": PAD_NAMES[key],
                    "items": items}

    wear = {"summer_wear": rules.summer_wear_half_points, "winter_wear": rules.winter_wear_half_points,
            "leather_wear": rules.leather_wear_half_points}
    each = {"brick": 2, "timber": 1, "linen": 2, "woolen": 2, "leather": 2, **wear}
    cat(0, [{"good": k, "count": g[k], "each_half_points": e, "half_points": g[k] * e}
            for k, e in each.items() if g[k]])
    items = []
    eq_vp = dict(zip(data.EQUIP_KEYS, (e["vp"] for e in tables["equipment"])))
    counts = {"peat_boat": p["boats"], "plow": p["plows"]}
    for v, n in enumerate(p["vehicles"]):
        if n:
            key = data.vehicle_states()[v]["key"]
            counts[key] = counts.get(key, 0) + n
    large = False
    for key, n in counts.items():
        if n:
            items.append({"equipment": key, "count": n, "half_points": 2 * n * eq_vp[key]})
            large |= tables["equipment"][data.EQUIP_KEYS.index(key)]["large"] == 1
    if not large:
        items.append({"rule": "no large vehicle", "half_points": 2 * tables["no_large_vp"]})
    cat(1, items)
    cat(2, [{"spaces_covered": p["travel"], "half_points": parts[2]}])
    cat(3, [{"tool": k, "position": pos, "value": tables["tools"][i]["values"][pos],
             "half_points": 2 * tables["tools"][i]["vp"][pos]}
            for i, (k, pos) in enumerate(zip(data.TOOL_KEYS, p["tools"])) if tables["tools"][i]["vp"][pos]])
    track: list[dict[str, Any]] = [
        {"good": "food", "count": g["food"], "half_points": 2 * tables["food_vp"][g["food"]]}]
    for k in ("grain", "flax", "wool", "hide"):
        track.append({"good": k, "count": g[k], "half_points": 2 * tables["track_vp"][g[k]]})
    if p["land"][data.LAND_KEYS.index("depot")]:
        track.append({"rule": "depot doubles the category", "half_points": sum(t["half_points"] for t in track)})
    cat(4, [t for t in track if t["half_points"]])
    home = []
    for i, key in enumerate(p["buildings"]):
        b = data.arle()["buildings"][key]
        home.append({"building": b["key"], "half_points": 2 * b["vp"]})
    for k, n in zip(data.LAND_KEYS, p["land"]):
        vp = tables["land_vp"][data.LAND_KEYS.index(k)]
        if n and vp:
            home.append({"tile": k, "count": n, "half_points": 2 * n * vp})
    und = sum(1 for m in p["moors"] if m == 5)
    deh = sum(1 for m in p["moors"] if 0 < m < 5)
    if und:
        home.append({"tile": "moor", "count": und, "half_points": 2 * und * tables["moor_vp"][0]})
    if deh:
        home.append({"tile": "dehydrated_moor", "count": deh, "half_points": 2 * deh * tables["moor_vp"][1]})
    if p["boardwalk"]:
        home.append({"tile": "small_boardwalk", "count": 1, "half_points": 2 * rules.small_boardwalk_vp})
    pen = tables["dike_top_penalty"][p["dikes"]]
    if pen:
        home.append({"rule": "tidal-flat spaces of the top row", "count": -pen, "half_points": 2 * pen})
    cat(5, home)
    herd = sorted((g[k], k) for k in ("sheep", "cattle", "horse"))
    cat(6, [{"animal": herd[0][1], "count": herd[0][0], "each_half_points": 4, "half_points": 4 * herd[0][0]},
            {"animal": herd[1][1], "count": herd[1][0], "each_half_points": 2, "half_points": 2 * herd[1][0]},
            {"animal": herd[2][1], "count": herd[2][0], "each_half_points": 0, "half_points": 0}])
    cat(7, [{"missing": p["missing"], "half_points": parts[7]}] if p["missing"] else [])
    out["half_points"] = sum(parts)
    out["total"] = out["points"] = _hp(out["half_points"])
    return out


def points(state, seat: int) -> Fraction:
    """The exact score of ``seat`` in points (a fraction with denominator 1 or 2)."""
    return Fraction(state.scores_half_points()[seat], 2)


def format_points(half_points: int) -> str:
    """Half points as the rulebook writes points: ``"12½"``, ``"-3"``, ``"½"``."""
    whole, half = divmod(abs(half_points), 2)
    sign = "-" if half_points < 0 else ""
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}½"
