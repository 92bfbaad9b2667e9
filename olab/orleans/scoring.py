"""Itemised scores (summary, End of the Game and Scoring).

Coins 1 point each; goods by type (brocade 5, wool 4, wine 3, cheese 2,
grain 1); trading stations and citizen tiles each worth the development
status.  The totals come from the core (:meth:`State.scores`); this module
lays the same numbers out item by item.
"""
from __future__ import annotations

from . import components

__all__ = ["score_breakdown", "CATEGORIES", "CITIZEN_IDS"]

#: ``(key, label)`` of each part of a score
CATEGORIES = (("coins", "coins"), ("goods", "goods"), ("stations", "trading stations"),
              ("citizens", "citizens"))
#: the citizen tiles' ids, in the core's order (deeds, development, knights, boatmen, most stations)
CITIZEN_IDS = tuple(c.id for c in components.CITIZENS)


def score_breakdown(state, seat: int) -> dict:
    """The score of ``seat`` item by item; ``total`` equals ``state.scores()[seat]``.

    Returns
    -------
    dict
        ``{"total", "status", "development", "coins": {...}, "goods": {...},
        "stations": {...}, "citizens": {...}}``; every part has a ``total``
        and its ``items``.
    """
    f = state._fields()
    if not 0 <= seat < f["players"]:
        raise ValueError(f"no seat {seat}")
    p = f["pl"][seat]
    status = state._status(seat)
    goods = [{"name": g, "good": g, "count": p["goods"][i], "each": components.GOODS[g].points,
              "points": p["goods"][i] * components.GOODS[g].points}
             for i, g in enumerate(components.GOOD_ORDER) if p["goods"][i]]
    towns = list(components.MAP.towns)
    stations = [{"name": towns[t], "town": towns[t], "points": status} for t in range(len(towns)) if (f["station"][t] >> seat) & 1]
    citizens = [{"name": CITIZEN_IDS[i], "citizen": CITIZEN_IDS[i], "points": status} for i, o in enumerate(f["citizen"]) if o == seat + 1]
    out = {
        "status": status,
        "development": p["dev"],
        "coins": {"total": p["coins"], "items": [{"name": "coins", "count": p["coins"], "points": p["coins"]}]},
        "goods": {"total": sum(g["points"] for g in goods), "items": goods},
        "stations": {"total": len(stations) * status, "items": stations},
        "citizens": {"total": len(citizens) * status, "items": citizens},
    }
    out["total"] = sum(out[k]["total"] for k, _ in CATEGORIES)
    return out
