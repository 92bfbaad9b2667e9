"""Fields of Arle's observation tensor: its layout, and a reference encoder in Python.

The core (``olab_core/arle/observe.pxi``) writes the tensor; this module says
what each slice holds, built from the game's data (``olab/data/arle``: goods,
tools, equipment, land tiles, buildings, action spaces, destinations), and
re-computes a tensor from the state's fields in plain Python
(:func:`reference_observation`), which the tests compare with the core's.

Nothing in Fields of Arle is hidden; rows of ``seat.*`` segments are seats
relative to the observer (row 0 is the observer).
"""
from __future__ import annotations

import math
from functools import lru_cache

from olab_core.arle import _engine as core

from olab.tensors import Layout, checked, seg

from . import data

__all__ = ["layout", "reference_observation"]

SEATS = 2
PHASES = ("work", "work_next", "end_of_work", "before_november", "inventory", "half_year_end", "final", "over")
REL = ("+0", "+1")
MOOR_STATES = ("gone", "1_peat", "2_peat", "3_peat", "4_peat", "undrained")
PARAMS = 64
BREEDS = 16
SCALARS = (("missing", 5), ("boats", 2), ("plows", 2), ("boardwalk", 4), ("dikes", 7), ("travel", 20),
           ("travel_pend", 20), ("land_total", 20), ("empty_land", 20), ("board_peat", 20))


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The layout of the tensor (the same for every configuration)."""
    S = SEATS
    goods, tools = data.GOOD_KEYS, data.TOOL_KEYS
    return checked(Layout("fields_of_arle", [
        seg("config.players", 2, "number of players", "onehot", [("1", "2")]),
        seg("config.buildings", 3, "how the buildings in play were chosen", "onehot",
            [("starter", "random", "explicit")]),
        seg("observer", 2, "the observer's own seat (absolute)", "onehot", [("0", "1")]),
        seg("half_year", 9, "the half year (1..9; odd: summer)", "onehot", [tuple(str(h) for h in range(1, 10))]),
        seg("phase", len(PHASES), "where the half year stands (the game frame's step; over at the end)",
            "onehot", [PHASES]),
        seg("special_by", 3, "who used the other season's board this half year (first: nobody)", "onehot",
            [("nobody",) + REL]),
        seg("buildings.in_game", len(data.BUILDING_KEYS), "buildings this game plays with", "bits",
            [data.BUILDING_KEYS]),
        seg("buildings.available", len(data.BUILDING_KEYS), "buildings on the game board, not built yet",
            "bits", [data.BUILDING_KEYS]),
        seg("spaces", (len(data.SPACE_KEYS), 3), "each action space: free, or whose worker is on it",
            "onehot", [data.SPACE_KEYS, ("free",) + REL]),
        seg("supply", len(data.PAIR_KEYS), "double-sided tiles left in the supply", "count", [data.PAIR_KEYS],
            scale=10),
        seg("decision.context", len(core.CONTEXT_NAMES), "what the pending decision asks", "onehot",
            [core.CONTEXT_NAMES]),
        seg("decision.seat", S, "who decides", "onehot", [REL]),
        seg("decision.param", PARAMS, "the question's parameter (a space, building, destination or mode, by "
            "context: see the notation; none past 63)", "onehot", [tuple(str(i) for i in range(PARAMS))]),
        # a change may be negative: animals returned before breeding (at most every animal a
        # home board holds, well under 64 of a type)
        seg("decision.breed", (BREEDS, 3), "May: the breeding outcomes offered, the herd's change per "
            "animal type (newborns less the animals returned first)",
            "count", [(), ("sheep", "cattle", "horse")], scale=4, low=-16.0),
        seg("seat.present", (S, 1), "the seat is in the game", "bits", [REL]),
        seg("seat.start", (S, 1), "the start player", "bits", [REL]),
        seg("seat.goods", (S, len(goods)), "goods and animals held", "count", [REL, goods], scale=10),
        seg("seat.pending", (S, 6), "goods on the vehicles, received when they are emptied", "count",
            [REL, ("timber", "brick", "summer_wear", "winter_wear", "leather_wear", "peat")], scale=10),
        seg("seat.buildings", (S, len(data.BUILDING_KEYS)), "buildings built", "bits",
            [REL, data.BUILDING_KEYS]),
        seg("seat.destinations", (S, len(data.DEST_KEYS)), "destinations used", "bits", [REL, data.DEST_KEYS]),
        seg("seat.tools", (S, len(tools), 5), "each tool's indicator position", "onehot",
            [REL, tools, ("0", "1", "2", "3", "4")]),
        seg("seat.land", (S, len(data.LAND_KEYS)), "land tiles on the home board", "count",
            [REL, data.LAND_KEYS], scale=4),
        seg("seat.vehicles", (S, 24), "vehicles by (type, occupancy) state, in the core's order", "count",
            [REL, tuple(f"state{k}" for k in range(24))], scale=2),
        seg("seat.moors", (S, 3, len(MOOR_STATES)), "the three moor slots", "onehot", [REL, (), MOOR_STATES]),
        seg("seat.numbers", (S, len(SCALARS)), "supply bottlenecks, peat boats, plows, peat on the boardwalk, "
            "dike moves, travel track (covered, on vehicles), land spaces (all, empty), peat on the board; "
            "each divided by the number given with it", "value",
            [REL, tuple(f"{n}/{d}" for n, d in SCALARS)]),
        seg("seat.score", (S, len(core.SCORE_KEYS)), "the score now by category, in half points", "count",
            [REL, core.SCORE_KEYS], scale=100, low=-math.inf),
    ]), core.OBS_OFFSETS, core.OBSERVATION_SIZE)


def reference_observation(state, player: int):
    """The tensor of ``player`` computed in Python from the state's fields (for the tests)."""
    import numpy as np

    L = layout()
    t = np.zeros(L.size, dtype=np.float32)
    f32 = np.float32

    def put(name, index, value=1.0):
        t[L[name].offset + index] = value

    def put_n(name, index, value, scale):
        put(name, index, f32(value) / f32(scale))

    cfg = state._config()
    gf = state._game_fields()
    dec = state._decision()
    players = cfg["players"]
    rel = [(q - player) % players for q in range(players)]
    put("config.players", players - 1)
    put("config.buildings", cfg["bmode"])
    put("observer", player)
    put("half_year", gf["half_year"] - 1)
    step = state._root_step()[0]
    put("phase", 7 if step < 0 else step)
    if gf["special_by"]:
        put("special_by", 1 + rel[gf["special_by"] - 1])
    else:
        put("special_by", 0)
    for b in gf["in_game"]:
        put("buildings.in_game", b)
    for b in gf["avail"]:
        put("buildings.available", b)
    for sp, occ in enumerate(gf["occ"]):
        put("spaces", sp * 3 + (0 if occ == 0 else 1 + rel[occ - 1]))
    for k, n in enumerate(state._supply()):
        put_n("supply", k, n, 10)
    put("decision.context", core.CONTEXT_NAMES.index(dec["ctx"]))
    put("decision.seat", rel[dec["seat"]])
    if dec["p1"] < PARAMS:
        put("decision.param", dec["p1"])
    for k, row in enumerate(dec["breed"][:BREEDS]):
        for j in range(3):
            put_n("decision.breed", k * 3 + j, row[j] - dec["released"][k][j], 4)
    for q in range(players):
        r = rel[q]
        pl, der = state._player(q), state._derived(q)
        put("seat.present", r)
        if q == gf["start_player"]:
            put("seat.start", r)
        for g, n in enumerate(pl["goods"]):
            put_n("seat.goods", r * 19 + g, n, 10)
        for i, n in enumerate(pl["pend"]):
            put_n("seat.pending", r * 6 + i, n, 10)
        for b in pl["buildings"]:
            put("seat.buildings", r * 31 + b)
        for dd in pl["dest_used"]:
            put("seat.destinations", r * 9 + dd)
        for k, pos in enumerate(pl["tools"]):
            put("seat.tools", r * 50 + k * 5 + pos)
        for k, n in enumerate(pl["land"]):
            put_n("seat.land", r * 8 + k, n, 4)
        for k, n in enumerate(pl["vehicles"]):
            put_n("seat.vehicles", r * 24 + k, n, 2)
        for k, m in enumerate(pl["moors"]):
            put("seat.moors", r * 18 + k * 6 + m)
        values = dict(pl, **der)
        for i, (name, div) in enumerate(SCALARS):
            put_n("seat.numbers", r * len(SCALARS) + i, values[name], div)
        for i, v in enumerate(state._score_parts(q)):
            put_n("seat.score", r * len(core.SCORE_KEYS) + i, v, 100)
    return t
