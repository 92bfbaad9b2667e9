"""Orléans's observation tensor: its layout, and a reference encoder in Python.

The core (``olab_core/orleans/observe.pxi``) writes the tensor; this module
says what each slice holds, built from the game's data (characters, goods,
places, place tiles, towns, connections, deeds, citizens, events), and
re-computes a tensor from the state's fields in plain Python
(:func:`reference_observation`), which the tests compare with the core's.

Only the future is hidden in Orléans (the generator that draws from the bags
and the hourglass stack) and it is not encoded: a bag is its public counts.
Rows of ``seat.*`` segments are seats relative to the observer (row 0 is the
observer); towns, connections and deed spaces have the core's capacities as
rows, so every configuration has the same shape (rows past the data are 0).
"""
from __future__ import annotations

from functools import lru_cache

from olab_core.orleans import _engine as core

from olab.tensors import Layout, checked, seg

from . import components
from .notation import CONN_IDS, DEED_IDS, EVENT_IDS, GOOD_IDS, KIND_CODES, PLACE_IDS, TILE_IDS, TOWN_IDS
from .scoring import CITIZEN_IDS

__all__ = ["layout", "reference_observation"]

SEATS = 4
ROUNDS = 18
MAX_TOWNS, MAX_CONN, MAX_DEED_SPACES, SPACES = 24, 48, 48, 3
REL = ("+0", "+1", "+2", "+3")
CHARS = KIND_CODES[:7]
TRACKS = tuple(components.TRACKS)
SLOT_VALUES = ("empty",) + KIND_CODES + ("technology",)
#: the decisions that concern one place (the one being used)
PLACE_DECISIONS = ("move", "deed", "pharmacy", "bathhouse")


def _rows(ids, capacity):
    return tuple(ids) + tuple(f"unused{i}" for i in range(len(ids), capacity))


def _deed_spaces():
    out = [f"{d}:{i}" for d, deed in components.DEEDS.items() for i in range(len(deed.spaces))]
    return _rows(out, MAX_DEED_SPACES)


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The layout of the tensor (the same for every configuration)."""
    S = SEATS
    return checked(Layout("orleans", [
        seg("config.players", 3, "number of players", "onehot", [("2", "3", "4")]),
        seg("config.chance", 2, "chance mode", "onehot", [("sampled", "explicit")]),
        seg("config.exclusion", 1, "the exclusion of place tiles is played", "bits", [("exclusion",)]),
        seg("observer", S, "the observer's own seat (absolute)", "onehot", [("0", "1", "2", "3")]),
        seg("round", ROUNDS, "the round (1..18)", "onehot", [tuple(str(r) for r in range(1, ROUNDS + 1))]),
        seg("phase", len(core.PHASE_NAMES), "the phase of the round", "onehot", [core.PHASE_NAMES]),
        seg("event", len(EVENT_IDS), "this round's event (none before the first reveal)", "onehot", [EVENT_IDS]),
        seg("decision", len(core.DECISION_NAMES), "the pending decision (none at a chance node or the end)",
            "onehot", [core.DECISION_NAMES]),
        seg("decision.seat", S, "who decides (none without a decision)", "onehot", [REL]),
        seg("chance", len(core.CHANCE_NAMES), "the pending chance draw", "onehot", [core.CHANCE_NAMES]),
        seg("chance.seat", S, "whose bag the pending draw is from (none without one)", "onehot", [REL]),
        seg("start_player", S, "the start player", "onehot", [REL]),
        seg("current", S, "whose turn it is in the actions phase", "onehot", [REL]),
        seg("decision.place", len(PLACE_IDS), "the place being used, for a decision of its action (a move, a "
            "deed, the Pharmacy, the Bathhouse; none otherwise)", "onehot", [PLACE_IDS]),
        seg("decision.deeds", (2, len(CHARS)), "the characters waiting to go to the deeds, first first", "onehot",
            [("first", "second"), CHARS]),
        seg("decision.bathhouse", len(KIND_CODES), "tiles the Bathhouse drew, not placed yet", "count",
            [KIND_CODES], scale=3),
        seg("decision.left", 1, "draws, placements or recalls left in the decision", "count", [("left",)], scale=8),
        seg("decision.debt", 1, "coins still owed (torture)", "count", [("debt",)], scale=10),
        seg("decision.debtor", S, "who owes them (none without a debt)", "onehot", [REL]),
        seg("decision.road", 1, "the pending move is along a road (else a waterway)", "bits", [("road",)]),
        seg("hourglass", len(EVENT_IDS), "hourglass tiles not revealed yet, per event", "count", [EVENT_IDS],
            scale=3),
        seg("supply.coins", 1, "coins in the supply", "count", [("coins",)], scale=10),
        seg("supply.goods", len(GOOD_IDS), "goods in the supply", "count", [GOOD_IDS], scale=10),
        seg("supply.characters", len(CHARS), "characters in the supply", "count", [CHARS], scale=10),
        seg("supply.technology", 1, "technology tiles in the supply", "count", [("technology",)], scale=16),
        seg("supply.place_tiles", len(TILE_IDS), "place tiles still in the stacks", "bits", [TILE_IDS]),
        seg("supply.excluded", len(TILE_IDS), "place tiles excluded to the box", "bits", [TILE_IDS]),
        seg("map.goods", (MAX_CONN, len(GOOD_IDS)), "goods on each connection", "count",
            [_rows(CONN_IDS, MAX_CONN), GOOD_IDS]),
        seg("map.stations", (MAX_TOWNS, S), "trading stations in each town, by seat", "bits",
            [_rows(TOWN_IDS, MAX_TOWNS), REL]),
        seg("deeds", (MAX_DEED_SPACES, S), "who fills each Beneficial Deed space (free: none)", "bits",
            [_deed_spaces(), REL]),
        seg("citizens", (len(CITIZEN_IDS), S), "who holds each citizen tile (none: not taken)", "bits",
            [CITIZEN_IDS, REL]),
        seg("seat.present", S, "the seat is in the game", "bits", [REL]),
        seg("seat.passed", S, "the seat passed in this actions phase", "bits", [REL]),
        seg("seat.coins", S, "coins", "count", [REL], scale=10),
        seg("seat.tracks", (S, len(TRACKS)), "steps on each character track", "count", [REL, TRACKS], scale=5),
        seg("seat.development", S, "development track position", "count", [REL], scale=30),
        seg("seat.status", S, "development status", "count", [REL], scale=6),
        seg("seat.town", (S, MAX_TOWNS), "where the merchant stands", "onehot", [REL, _rows(TOWN_IDS, MAX_TOWNS)]),
        seg("seat.bag", (S, len(KIND_CODES)), "the followers bag, per kind (public counts; the order of the "
            "draws is the hidden future)", "count", [REL, KIND_CODES], scale=5),
        seg("seat.market", (S, len(KIND_CODES)), "tiles on the market, per kind", "count", [REL, KIND_CODES],
            scale=5),
        seg("seat.tower", (S, len(CHARS)), "tiles on the Gunpowder Tower, per kind", "count", [REL, CHARS],
            scale=2),
        seg("seat.goods", (S, len(GOOD_IDS)), "goods held", "count", [REL, GOOD_IDS], scale=5),
        seg("seat.stations", (S, 2), "trading stations in stock and built", "count", [REL, ("stock", "built")],
            scale=10),
        seg("seat.technology", (S, 2), "technology tiles not placed yet (/4) and placed (/16)", "value",
            [REL, ("unplaced/4", "placed/16")]),
        seg("seat.drawn", S, "tiles drawn in this followers phase", "count", [REL], scale=8),
        seg("seat.place_tiles", (S, len(TILE_IDS)), "place tiles owned", "bits", [REL, TILE_IDS]),
        seg("seat.spaces", (S, len(PLACE_IDS), SPACES, len(SLOT_VALUES)), "what stands on each action space "
            "(spaces a place does not have, and places not owned, are empty)", "onehot",
            [REL, PLACE_IDS, ("0", "1", "2"), SLOT_VALUES]),
        seg("seat.score", S, "the score now", "count", [REL], scale=100),
    ]), core.OBS_OFFSETS, core.OBSERVATION_SIZE)


def reference_observation(state, player: int):
    """The tensor of ``player`` computed in Python from the state's fields (for the tests).

    Parameters
    ----------
    state : State
    player : int
        A seat.

    Returns
    -------
    numpy.ndarray
        float32, ``layout().size`` values.
    """
    import numpy as np

    L = layout()
    t = np.zeros(L.size, dtype=np.float32)
    f32 = np.float32

    def put(name, index, value=1.0):
        t[L[name].offset + index] = value

    def put_n(name, index, value, scale):
        if value:
            put(name, index, f32(value) / f32(scale))

    f = state._fields()
    n = state.game.num_players()
    cfg = state.game.config()
    rel = [(q - player) % n for q in range(n)]
    put("config.players", n - 2)
    put("config.chance", 1 if cfg["chance"] == "explicit" else 0)
    put("config.exclusion", 0, 1.0 if cfg["exclusion"] else 0.0)
    put("observer", player)
    if 1 <= f["round"] <= ROUNDS:
        put("round", f["round"] - 1)
    put("phase", f["phase"])
    if f["event"] < len(EVENT_IDS):
        put("event", f["event"])
    put("decision", f["dec"])
    if f["dec"]:
        put("decision.seat", rel[f["chooser"]])
    put("chance", f["chance"])
    if f["chance"]:
        put("chance.seat", rel[f["chance_player"]])
    put("start_player", rel[f["start"]])
    put("current", rel[f["current"]])
    if core.DECISION_NAMES[f["dec"]] in PLACE_DECISIONS:
        put("decision.place", f["use_place"])
    for i, q in enumerate(f["deed_q"]):
        if q:
            put("decision.deeds", i * len(CHARS) + q - 1)
    for k, c in enumerate(f["bath"]):
        put_n("decision.bathhouse", k, c, 3)
    put_n("decision.left", 0, f["left"], 8)
    put_n("decision.debt", 0, f["debt"], 10)
    if f["debt"]:
        put("decision.debtor", rel[f["debtor"]])
    put("decision.road", 0, float(f["move_road"]))
    for k, c in enumerate(f["hourglass"]):
        put_n("hourglass", k, c, 3)
    put_n("supply.coins", 0, f["coin_supply"], 10)
    for k, c in enumerate(f["goods_supply"]):
        put_n("supply.goods", k, c, 10)
    for k, c in enumerate(f["char_supply"]):
        put_n("supply.characters", k, c, 10)
    put_n("supply.technology", 0, f["tech_supply"], 16)
    for i in range(len(TILE_IDS)):
        put("supply.place_tiles", i, float((f["tiles_avail"] >> i) & 1))
        put("supply.excluded", i, float((f["tiles_excluded"] >> i) & 1))
    for i, pair in enumerate(f["conn_goods"]):
        for g in pair:
            if g:
                t[L["map.goods"].offset + i * len(GOOD_IDS) + g - 1] += 1
    for i, bits in enumerate(f["station"]):
        for q in range(n):
            if (bits >> q) & 1:
                put("map.stations", i * SEATS + rel[q])
    for i, v in enumerate(f["deed"]):
        if v:
            put("deeds", i * SEATS + rel[v - 1])
    for i, v in enumerate(f["citizen"]):
        if v:
            put("citizens", i * SEATS + rel[v - 1])
    scores = state.scores()
    for q in range(n):
        p, r = f["pl"][q], rel[q]
        put("seat.present", r)
        put("seat.passed", r, float(p["passed"]))
        put_n("seat.coins", r, p["coins"], 10)
        for k, c in enumerate(p["track"]):
            put_n("seat.tracks", r * len(TRACKS) + k, c, 5)
        put_n("seat.development", r, p["dev"], 30)
        put_n("seat.status", r, components.DEVELOPMENT.status(p["dev"]), 6)
        put("seat.town", r * MAX_TOWNS + p["town"])
        for k in range(len(KIND_CODES)):
            put_n("seat.bag", r * len(KIND_CODES) + k, p["bag"][k], 5)
            put_n("seat.market", r * len(KIND_CODES) + k, p["market"][k], 5)
        for k, c in enumerate(p["tower"]):
            put_n("seat.tower", r * len(CHARS) + k, c, 2)
        for k, c in enumerate(p["goods"]):
            put_n("seat.goods", r * len(GOOD_IDS) + k, c, 5)
        put_n("seat.stations", r * 2, p["stations_left"], 10)
        put_n("seat.stations", r * 2 + 1, p["stations_built"], 10)
        put_n("seat.technology", r * 2, p["tech_pending"], 4)
        put_n("seat.technology", r * 2 + 1, p["tech_placed"], 16)
        put_n("seat.drawn", r, p["drawn"], 8)
        for i in range(len(TILE_IDS)):
            put("seat.place_tiles", r * len(TILE_IDS) + i, float((p["tiles"] >> i) & 1))
        for k, spaces in enumerate(p["slot"]):
            for j, v in enumerate(spaces):
                put("seat.spaces", ((r * len(PLACE_IDS) + k) * SPACES + j) * len(SLOT_VALUES) + v)
        put_n("seat.score", r, scores[q], 100)
    return t
