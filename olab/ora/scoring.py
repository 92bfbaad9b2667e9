"""Itemised scores: goods points, economic value, settlements.

The totals come from the core; this module only lays the same numbers out
item by item, so a breakdown always adds up to :meth:`State.scores`.
"""
from __future__ import annotations

from olab_core.ora import _engine as core

from .cards import BUILDINGS, SETTLEMENTS
from .notation import card_label

__all__ = ["score_breakdown"]

GOOD_CODES = core.GOOD_CODES
CARD_CODES = core.CARD_CODES
_POINT_GOODS = {"book": 2, "ceramic": 3, "ornament": 4, "reliquary": 8, "wonder": 30}


def card_name(cid: int) -> str:
    code = CARD_CODES[cid]
    if code.startswith("S"):
        return SETTLEMENTS[code].name
    if code in BUILDINGS:
        return BUILDINGS[code].name
    return ""


def score_breakdown(state, seat: int) -> dict:
    """The score of ``seat`` item by item.

    Returns
    -------
    dict
        ``{"goods": {...}, "economic": {...}, "settlements": {...}, "total": int}``;
        every part has a ``total`` and its ``items``.
    """
    if not 0 <= seat < state._config()["players"]:
        raise ValueError(f"no seat {seat}")
    goods = state._goods(seat)
    money_pts, goods_pts, econ, settlement_pts = state._score_parts(seat)
    items = {}
    for g, per in _POINT_GOODS.items():
        n = goods[GOOD_CODES.index(g)]
        if n:
            items[g] = {"count": n, "each": per, "points": n * per}
    items["money"] = {
        "coins": goods[GOOD_CODES.index("coin")],
        "wine": goods[GOOD_CODES.index("wine")],
        "whiskey": goods[GOOD_CODES.index("whiskey")],
        "points": money_pts,
        "rule": state._money_rule(),
    }
    econ_items = []
    for sp, col, row, _t, cid in state._spaces(seat):
        code = CARD_CODES[cid]
        if not cid or code in ("LFO", "LMO"):
            continue
        info = SETTLEMENTS[code] if code.startswith("S") else BUILDINGS[code]
        if info.economic_value:
            econ_items.append({"card": card_label(state, seat, cid), "name": info.name,
                               "col": col, "row": row, "value": info.economic_value})
    set_items = []
    for sp, pts in settlement_pts:
        cid = state._card_at(seat, sp)
        col, row = state._space_coord(seat, sp)
        neighbours = []
        for nb in state._neighbors(seat, sp):
            ncid = state._card_at(seat, nb)
            ncol, nrow = state._space_coord(seat, nb)
            if ncid:
                value = state._dwelling(ncid)
                if value:
                    neighbours.append({"card": card_label(state, seat, ncid), "name": card_name(ncid),
                                       "col": ncol, "row": nrow, "value": value})
            elif state._terrain(seat, nb) == "water":
                neighbours.append({"card": None, "name": "water", "col": ncol, "row": nrow, "value": 3})
        set_items.append({"card": card_label(state, seat, cid), "name": card_name(cid), "col": col,
                          "row": row, "own": state._dwelling(cid), "neighbours": neighbours,
                          "points": pts})
    settlements_total = sum(p for _, p in settlement_pts)
    return {
        "seat": seat,
        "color": state._color(seat),
        "goods": {"total": goods_pts, "items": items},
        "economic": {"total": econ, "items": econ_items},
        "settlements": {"total": settlements_total, "items": set_items},
        "total": goods_pts + econ + settlements_total,
    }
