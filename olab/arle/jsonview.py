"""``State.to_json()``: everything a frontend draws, as plain JSON data.

The layout is versioned by ``schema`` (``olab.arle.state/1``) and described
field by field by the JSON Schema :func:`json_schema` returns
(``olab/schema/arle_state_1.json``).  Nothing in Fields of Arle is hidden, so
every seat's view is the whole position; ``view`` records which was asked.
"""
from __future__ import annotations

import json
from importlib import resources

from olab_core.arle import _engine as core

from . import data
from .notation import GOOD_CODES, VEHICLE_LABELS

__all__ = ["to_json", "json_schema", "SCHEMA"]

#: the ``schema`` field of every document, naming its layout and version
SCHEMA = "olab.arle.state/1"
SCHEMA_FILE = "arle_state_1.json"
PHASES = ("work", "work", "end_of_work", "before_november", "inventory", "half_year_end", "final", "over")
CONTEXTS = core.CONTEXT_NAMES


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of :func:`to_json`'s documents (``olab/schema/arle_state_1.json``)."""
    with resources.files("olab").joinpath("schema").joinpath(SCHEMA_FILE).open("r", encoding="utf-8") as f:
        return json.load(f)


def phase(state) -> str:
    """``"work"``, ``"end_of_work"``, ``"before_november"``, ``"inventory"``, ``"final"`` or ``"over"``."""
    if state.is_terminal():
        return "over"
    return PHASES[state._root_step()[0]]


def moor_entry(code: int):
    return "undrained" if code == 5 else {"peat": code}


def vehicles_of(p: dict) -> list[dict]:
    out = []
    for k, n in enumerate(p["vehicles"]):
        label = VEHICLE_LABELS[k]
        key, _, taken = label.partition(".")
        spaces = len(data.vehicle_states()[k]["layout"])
        for _ in range(n):
            out.append({"type": key, "taken": taken or "0" * spaces})
    return out


def player_view(state, seat: int) -> dict:
    p = state._player(seat)
    d = state._derived(seat)
    goods = dict(zip(data.GOOD_KEYS, p["goods"]))
    tables = data.core_tables()
    return {
        "seat": seat,
        "goods": goods,
        "on_vehicles": {"timber": p["pend"][0], "brick": p["pend"][1], "summer_wear": p["pend"][2],
                        "winter_wear": p["pend"][3], "leather_wear": p["pend"][4], "peat": p["pend"][5],
                        "travel_spaces": p["travel_pend"]},
        "tools": {k: {"position": pos, "value": tables["tools"][i]["values"][pos]}
                  for i, (k, pos) in enumerate(zip(data.TOOL_KEYS, p["tools"]))},
        "home_board": {
            "dikes_moved": p["dikes"],
            "land_spaces": d["land_total"],
            "empty_land": d["empty_land"],
            "tiles": dict(zip(data.LAND_KEYS, p["land"])),
            "moors": [moor_entry(m) for m in p["moors"] if m],
            "boardwalk_peat": p["boardwalk"],
            "buildings": [data.BUILDING_KEYS[b] for b in p["buildings"]],
        },
        "barn": {"peat_boat": p["boats"], "plow": p["plows"], "vehicles": vehicles_of(p),
                 "small": d["barn_small"], "large": d["barn_large"]},
        "travel": {"spaces_covered": p["travel"],
                   "destinations_used": [data.DEST_KEYS[i] for i in p["dest_used"]]},
        "missing": p["missing"],
        "score": {"half_points": d["score"], "points": d["score"] / 2},
    }


def engine_section(state) -> dict:
    """The turn in progress as raw numbers (the frames of the decision machine)."""
    return {"seed": state._game_fields()["seed"], "frames": state._frames()}


def pending(state):
    if state.is_terminal():
        return None
    d = state._decision()
    out = {"decision": d["ctx"], "seat": d["seat"], "about": about(d["ctx"], d["p1"])}
    if d["breed"]:
        out["breeding"] = [{"sheep": b[0], "cattle": b[1], "horse": b[2]} for b in d["breed"]]
    return out


def about(ctx: str, p1: int):
    # what the pending decision is about, as a key (or None)
    if ctx in ("take", "amount", "build", "vehicle", "laborer", "plow"):
        if p1 < 30:
            return data.SPACE_KEYS[p1]
        if 32 <= p1 < 32 + len(data.BUILDING_KEYS):
            return data.BUILDING_KEYS[p1 - 32]
    if ctx in ("pay", "smithy"):
        return data.BUILDING_KEYS[p1] if p1 < len(data.BUILDING_KEYS) else None
    if ctx == "sell":
        return data.DEST_KEYS[p1]
    if ctx == "return":
        return data.EQUIP_KEYS[p1]
    if ctx == "anytime":
        return ("end_of_work", "sustenance", "final")[p1]
    if ctx == "field":
        return ("plow", "plow_makers_workshop", "farmers_inn")[p1]
    return None


def to_json(state, legal_actions: bool = True, player: int | None = None) -> dict:
    """The document of ``state`` (see the module docstring and the JSON Schema)."""
    g = state._game_fields()
    game = state.game
    season = "summer" if g["half_year"] % 2 else "winter"
    spaces = []
    for i, key in enumerate(data.SPACE_KEYS):
        s = data.arle()["action_spaces"][i]
        spaces.append({"key": key, "name": s["name"], "season": s["season"],
                       "occupant": g["occ"][i] - 1 if g["occ"][i] else None})
    doc = {
        "schema": SCHEMA,
        "view": player,
        "config": game.config(),
        "half_year": g["half_year"],
        "season": season,
        "phase": phase(state),
        "start_player": g["start_player"],
        "special_action_by": g["special_by"] - 1 if g["special_by"] else None,
        "current_player": state.current_player(),
        "terminal": state.is_terminal(),
        "truncated": False,
        "action_spaces": spaces,
        "buildings": {"in_game": [data.BUILDING_KEYS[b] for b in g["in_game"]],
                      "on_board": [data.BUILDING_KEYS[b] for b in g["avail"]]},
        "supply": dict(zip(data.PAIR_KEYS, state._supply())),
        "players": [player_view(state, s) for s in range(game.num_players())],
        "pending": pending(state),
        "engine": engine_section(state),
    }
    if legal_actions:
        doc["legal_actions"] = [{"action": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
    return doc
