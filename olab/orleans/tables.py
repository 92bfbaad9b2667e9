"""The facts of Orléans as the plain tables the core installs (``_engine.install_tables``).

>>> from olab.orleans.tables import core_tables
>>> core_tables()["numbers"]["rounds"]
18
"""
from __future__ import annotations

from .components import (CHARACTER_ORDER, CHARACTERS, DEEDS, DEVELOPMENT, EVENT_ORDER, EVENTS, GOOD_ORDER, GOODS,
                         MAP, PLACES, TRACKS, _TRACK_OF)
from .rules import RULES

__all__ = ["core_tables"]

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
                       "min": p.min_to_activate, "stage": {"I": 1, "II": 2}.get(p.stage or "", 0), "a": a, "b": b})
    traders = TRACKS["traders"]
    return {
        "characters": list(CHARACTER_ORDER),
        "supply": {n: [CHARACTERS[c].supply[n] for c in CHARACTER_ORDER] for n in (2, 3, 4)},
        "starting": [ch[c] for c in RULES.starting_followers],
        "goods_count": [GOODS[g].count for g in GOOD_ORDER],
        "goods_points": [GOODS[g].points for g in GOOD_ORDER],
        "food": [int(GOODS[g].food) for g in GOOD_ORDER],
        "track_len": [TRACKS[t].steps for t in t_order],
        "farmer_goods": [gd[r.good or ""] for r in TRACKS["farmers"].rewards],
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
