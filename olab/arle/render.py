"""``State.render()``: the position as compact text (``str(state)``, ``olab show``, ``olab play --human``).

One header line (the game, the half year, who decides what), the action
spaces with their workers, the buildings still on the board, the supply, then
per seat its goods, tools, home board, barn and travel, and the legal moves.
Nothing is hidden in Fields of Arle, so every seat's view is the same text.
"""
from __future__ import annotations

from . import data
from .jsonview import phase

__all__ = ["render"]


_PAIRS = {"field": "fields", "forest_park": "forest/park", "stall_depot": "stall/depot",
          "stable_double_stall": "stable/double stall", "peat_boat_plow": "peat boat/plow",
          "handcart_wagon": "handcart/wagon", "cart_horse_cart": "cart/horse cart",
          "carriage_droshky": "carriage/droshky"}


def _goods(d: dict, keys) -> str:
    parts = [f"{d[k]} {k.replace('_', ' ')}" for k in keys if d[k]]
    return ", ".join(parts) or "-"


def _seat(doc: dict, seat: int) -> list[str]:
    p = doc["players"][seat]
    g = p["goods"]
    hb, barn, ov = p["home_board"], p["barn"], p["on_vehicles"]
    tiles = ", ".join(f"{k.replace('_', ' ')}" + (f" x{n}" if n > 1 else "") for k, n in hb["tiles"].items() if n)
    moors = ", ".join("undrained" if m == "undrained" else f"{m['peat']} peat" for m in hb["moors"]) or "-"
    vehicles = ", ".join(v["type"] + ("" if "1" not in v["taken"] else f" ({v['taken']})") for v in barn["vehicles"])
    equipment = ", ".join(x for x in (f"{barn['peat_boat']} peat boat" if barn["peat_boat"] else "",
                                      f"{barn['plow']} plow" if barn["plow"] else "", vehicles) if x) or "-"
    tools = ", ".join(f"{k.replace('_', ' ')} {t['value']}" for k, t in p["tools"].items())
    lines = [f"Seat {seat}, score {p['score']['points']:g} ({p['score']['half_points']} half points)"
             + (f", {p['missing']} food/fuel short at inventories (-2 points each)" if p["missing"] else ""),
             f"  goods track: {_goods(g, data.GOOD_KEYS[:5])}",
             f"  supply: {_goods(g, data.GOOD_KEYS[5:16])}",
             f"  animals: {_goods(g, data.GOOD_KEYS[16:])}",
             f"  tools: {tools}",
             f"  home: {hb['land_spaces']} land spaces ({hb['empty_land']} empty), dikes moved {hb['dikes_moved']}/7; "
             f"tiles: {tiles or '-'}; moors: {moors}; boardwalk: {hb['boardwalk_peat']} peat",
             f"  buildings: {', '.join(hb['buildings']) or '-'}",
             f"  barn: {equipment}; on the vehicles: {_goods(ov, ov.keys())}",
             f"  travel: {p['travel']['spaces_covered']} spaces; used: {', '.join(p['travel']['destinations_used']) or '-'}"]
    return lines


def render(state, player: int | None = None) -> str:
    """The position as text (see the module docstring)."""
    doc = state.to_json(player)
    cfg = doc["config"]
    head = (f"Fields of Arle: {cfg['players']} player{'s' if cfg['players'] > 1 else ''}, {cfg['buildings']}, "
            f"rules {cfg['rules']}; half year {doc['half_year']} ({doc['season']}), {phase(state).replace('_', ' ')}")
    if doc["terminal"]:
        head += f"; game over, winner{'s' if len(state.winners()) > 1 else ''} {state.winners()}"
    else:
        pend = doc["pending"]
        head += f"; seat {pend['seat']} decides: {pend['decision']}" + (f" ({pend['about']})" if pend["about"] else "")
        if cfg["players"] == 2:
            head += f"; start player {doc['start_player']}"
    season = doc["season"]
    spaces = " . ".join(s["key"] + ("" if s["occupant"] is None else f" [{s['occupant']}]")
                        for s in doc["action_spaces"] if s["season"] == season)
    off = [s["key"] + f" [{s['occupant']}]" for s in doc["action_spaces"]
           if s["season"] != season and s["occupant"] is not None]
    lines = [head, f"Spaces: {spaces}" + (f"; special action: {', '.join(off)}" if off else ""),
             f"Buildings on the board: {', '.join(doc['buildings']['on_board']) or '-'}",
             "Supply: " + ", ".join(f"{_PAIRS[k]} {n}" for k, n in doc["supply"].items())]
    for seat in range(len(doc["players"])):
        lines.append("")
        lines += _seat(doc, seat)
    if not doc["terminal"]:
        legal = [x["text"] for x in doc["legal_actions"]]
        lines += ["", f"Legal ({len(legal)}): " + " | ".join(legal)]
    return "\n".join(lines)
