"""Ora et Labora's observation tensor: its layout, and a reference encoder in Python.

The core (``olab_core/ora/observe.pxi``) writes the tensor; this module says
what each slice holds, built from the same tables as the rules (the goods,
the cards, the modes, the decisions of the core), and re-computes a tensor
from the state's fields in plain Python (:func:`reference_observation`), so
that the tests pin the core's output to the layout position by position.

Nothing in Ora et Labora is hidden: every seat sees the whole position, told
from its own seat (rows of ``seat.*`` segments are relative to the observer).
"""
from __future__ import annotations

import math
from functools import lru_cache

from olab_core.ora import _engine as core

from olab.tensors import Layout, checked, seg

__all__ = ["layout", "reference_observation", "CARD_IDS"]

SEATS = 4
#: the ids of the building and settlement cards, in the order of the card axis of every card segment
CARD_IDS = tuple(range(3, len(core.CARD_CODES)))
CARDS = tuple(core.CARD_CODES[c] for c in CARD_IDS)
GOODS = tuple(core.GOOD_CODES[:22])              # the 5-coin piece is a representation only
TERRAINS = ("plains", "hillside", "coast", "water", "mountain")
CONTENTS = ("empty", "forest", "moor", "building", "settlement")
TURN_FLAGS = ("in_settlement", "in_bonus", "final_turn", "main_used", "land_bought", "settled",
              "bonus_build", "bonus_fell", "bonus_cut", "bonus_settle", "bonus_district", "bonus_plot",
              "prior_pending", "neutral_contract_done", "fee_raised", "game_over", "truncated", "seating")
COUNTERS = (("turn_idx", 8), ("round_turns", 8), ("settle_idx", 4), ("districts_taken", 9),
            ("plots_taken", 9), ("wonders", 8), ("contract_fee", 2))
DEC_NUMBERS = (("step", 8), ("lo", 16), ("hi", 16), ("req_food", 16), ("req_energy", 16),
               ("req_points", 16), ("paid_food", 16), ("paid_energy", 16), ("need", 8))
DEC_FLAGS = ("skip", "done", "accept", "no_wine")
SPACE_CONTEXTS = ("none", "build", "settle", "neutral", "card")
REL = tuple(f"+{k}" for k in range(SEATS))       # seats relative to the observer


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The layout of the tensor (the same for every configuration)."""
    S = SEATS
    return checked(Layout("ora_et_labora", [
        seg("config.players", 4, "number of players (1..4)", "onehot", [("1", "2", "3", "4")]),
        seg("config.mode", 7, "the game's mode", "onehot", [core.MODE_NAMES]),
        seg("config.variant", 2, "the variant", "onehot", [("france", "ireland")]),
        seg("config.wheel_back", 1, "the production wheel's back side is used (2-player short game)"),
        seg("observer", 4, "the observer's own seat (absolute)", "onehot", [("0", "1", "2", "3")]),
        seg("round", 1, "the round (the core's counter, 1-based)", "count", scale=32),
        seg("phase", 6, "the last settlement phase begun (none before A)", "onehot",
            [("none", "A", "B", "C", "D", "E")]),
        seg("turn_kind", 4, "the kind of the turn under way", "onehot", [core.TURN_KIND_NAMES]),
        seg("turn_flags", len(TURN_FLAGS), "what this turn has done or may still do, and the game's state",
            "bits", [TURN_FLAGS]),
        seg("counters", len(COUNTERS), "turn in the round, turns in the round, settlements placed in this "
            "phase, landscapes bought (districts, plots), Wonders left, the work-contract fee; each divided "
            "by the number given with it", "value", [tuple(f"{n}/{d}" for n, d in COUNTERS)]),
        seg("free_use", 6, "a free use waiting at the top of the turn (first: none)", "onehot",
            [("none",) + tuple(core.FREE_USE_NAMES[1:])]),
        seg("wheel", (9, 14), "per production token: absent, or its distance from the arm "
            "(0..12: the wheel position that gives its value)", "onehot",
            [("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grapes", "stone"),
             ("absent",) + tuple(str(d) for d in range(13))]),
        seg("display", len(CARDS), "building cards in the display", "bits", [CARDS]),
        seg("to_come", len(CARDS), "building cards of this game's deck in no display and no landscape yet "
            "(the stages to come)", "bits", [CARDS]),
        seg("chain", len(CARDS), "cards already used in this turn's chain of uses", "bits", [CARDS]),
        seg("decision.kind", 11, "what the pending decision asks", "onehot", [core.DECISION_NAMES]),
        seg("decision.chooser", S, "who decides it", "onehot", [REL]),
        seg("decision.actor", S, "who gets its effects", "onehot", [REL]),
        seg("decision.card", len(core.CARD_CODES), "the card whose function asks (first: none)", "onehot",
            [("none",) + tuple(core.CARD_CODES[1:])]),
        seg("decision.where", 1 + S, "where that card stands: the display or a seat's landscape "
            "(none without a card)", "onehot", [("display",) + REL]),
        seg("decision.numbers", len(DEC_NUMBERS), "the decision's numbers: step of the card function, "
            "amount bounds, food / energy (half units) / points still owed and handed in, types still "
            "to hand in; each divided by the number given with it", "value",
            [tuple(f"{n}/{d}" for n, d in DEC_NUMBERS)]),
        seg("decision.flags", len(DEC_FLAGS), "SKIP, DONE, ACCEPT allowed; wine not accepted", "bits", [DEC_FLAGS]),
        seg("decision.space_context", len(SPACE_CONTEXTS), "a space decision: what goes there "
            "(none for other decisions)", "onehot", [SPACE_CONTEXTS]),
        seg("decision.space_owner", S, "a space decision: whose landscape (none for other decisions)",
            "onehot", [REL]),
        seg("seat.present", (S, 1), "the seat is in the game", "bits", [REL]),
        seg("seat.neutral", (S, 1), "the solo game's neutral player", "bits", [REL]),
        seg("seat.color", (S, 4), "the seat's colour", "onehot", [REL, ("R", "G", "B", "W")]),
        seg("seat.roles", (S, 2), "whose turn it is, the start player", "bits", [REL, ("current", "start")]),
        seg("seat.goods", (S, len(GOODS)), "goods held (coins: the money in all)", "count", [REL, GOODS],
            scale=10),
        seg("seat.totals", (S, 2), "all the food and energy (half units) the goods could pay", "count",
            [REL, ("food", "energy")], scale=10),
        seg("seat.clergy", (S, 3), "lay brothers at home (of 2), prior at home, clergymen placed (of 3)",
            "value", [REL, ("lay_brothers_home/2", "prior_home", "placed/3")]),
        seg("seat.hand", (S, 8), "settlement cards in hand", "bits", [REL, CARDS[-8:]]),
        seg("seat.cards", (S, len(CARDS)), "cards in the seat's landscape (buildings, settlements)", "bits",
            [REL, CARDS]),
        seg("seat.occupied", (S, len(CARDS)), "those with a clergyman on them", "bits", [REL, CARDS]),
        seg("seat.landscape", (S, len(TERRAINS), len(CONTENTS)), "spaces of the landscape by terrain and "
            "what covers them", "count", [REL, TERRAINS, CONTENTS], scale=10),
        seg("seat.land", (S, 4), "empty spaces next to a cloister (not water) / 10, districts / 9, "
            "plots / 9, a prior (anyone's) stands in this landscape", "value",
            [REL, ("cloister_spaces/10", "districts/9", "plots/9", "prior_here")]),
        seg("seat.score", (S, 4), "the score now: money, goods, economic value, settlements", "count",
            [REL, ("money", "goods", "economic", "settlements")], scale=100, low=-math.inf),
    ]), core.OBS_OFFSETS, core.OBSERVATION_SIZE)


def reference_observation(state, player: int):
    """The tensor of ``player`` computed in Python from the state's fields (for the tests).

    It must equal ``state.observation_tensor(player)`` exactly.
    """
    import numpy as np

    L = layout()
    t = np.zeros(L.size, dtype=np.float32)
    f32 = np.float32

    def put(name, index, value=1.0):
        s = L[name]
        t[s.offset + index] = value

    def put_n(name, index, value, scale):
        put(name, index, f32(value) / f32(scale))

    cfg = state._config()
    e = state._engine_fields()
    d = e["decision"]
    seats, players = cfg["seats"], cfg["players"]
    rel = [(q - player) % seats for q in range(seats)]
    put("config.players", players - 1)
    put("config.mode", core.MODE_NAMES.index(cfg["mode"]))
    put("config.variant", 0 if cfg["variant"] == "france" else 1)
    put("config.wheel_back", 0, float(cfg["wheel_back"]))
    put("observer", player)
    put_n("round", 0, e["round"], 32)
    put("phase", e["phase_letter"])
    put("turn_kind", e["turn_kind"])
    b = e["bonus"]
    flags = dict(in_settlement=e["in_settlement"], in_bonus=e["in_bonus"], final_turn=e["final_turn"],
                 main_used=e["main_used"], land_bought=e["land_bought"], settled=e["settled"],
                 bonus_build=b[0], bonus_fell=b[1], bonus_cut=b[2], bonus_settle=b[3], bonus_district=b[4],
                 bonus_plot=b[5], prior_pending=e["prior_pending"],
                 neutral_contract_done=e["neutral_contract_done"], fee_raised=e["fee_raised"],
                 game_over=e["game_over"], truncated=e["truncated"], seating=e["seating"])
    for i, name in enumerate(TURN_FLAGS):
        put("turn_flags", i, 1.0 if flags[name] else 0.0)
    turn = state._turn()
    values = dict(e, contract_fee=turn["contract_fee"])
    for i, (name, div) in enumerate(COUNTERS):
        put_n("counters", i, values[name], div)
    put("free_use", e["free"][0])
    arm, tokens = e["arm"], e["tokens"]
    for k, slot in enumerate(tokens):
        put("wheel", k * 14 + (0 if slot == 255 else 1 + (arm - slot) % 13))
    card_index = {c: i for i, c in enumerate(CARD_IDS)}
    display = set(state._display())
    owned = set()
    for q in range(seats):
        owned |= {cid for _sp, _c, _r, _t, cid in state._spaces(q) if cid >= 3}
    deck = set(state.game.rules.core_config()["deck"])
    for cid in CARD_IDS:
        i = card_index[cid]
        if cid in display:
            put("display", i)
        if cid in deck and cid not in display and cid not in owned:
            put("to_come", i)
        if cid in e["chain"]:
            put("chain", i)
    put("decision.kind", d["kind"])
    put("decision.chooser", rel[d["chooser"]])
    put("decision.actor", rel[d["actor"]])
    put("decision.card", d["card"])
    if d["card"]:
        put("decision.where", 0 if d["loc_p"] == 255 else 1 + rel[d["loc_p"]])
    for i, (name, div) in enumerate(DEC_NUMBERS):
        put_n("decision.numbers", i, d[name], div)
    for i in range(len(DEC_FLAGS)):
        put("decision.flags", i, 1.0 if d["flags"] & (1 << i) else 0.0)
    if d["kind"] == core.DECISION_NAMES.index("space"):
        put("decision.space_context", d["ctx"])
        put("decision.space_owner", rel[d["space_p"]])
    neutral = 1 if players == 1 else -1
    for q in range(seats):
        r = rel[q]
        pf = state._player_fields(q)
        put("seat.present", r)
        if q == neutral:
            put("seat.neutral", r)
        put("seat.color", r * 4 + pf["color"])
        if q == e["current"]:
            put("seat.roles", r * 2)
        if q == e["start_player"]:
            put("seat.roles", r * 2 + 1)
        goods = pf["goods"]
        for g in range(len(GOODS)):
            put_n("seat.goods", r * len(GOODS) + g, goods[g], 10)
        food, energy = state._totals(q)
        put_n("seat.totals", r * 2, food, 10)
        put_n("seat.totals", r * 2 + 1, energy, 10)
        clergy = state._clergy(q)
        put_n("seat.clergy", r * 3, sum(1 for c in clergy[:2] if c == "home"), 2)
        put("seat.clergy", r * 3 + 1, 1.0 if clergy[2] == "home" else 0.0)
        put_n("seat.clergy", r * 3 + 2, sum(1 for c in clergy if isinstance(c, tuple)), 3)
        for k in range(8):
            if pf["hand"] & (1 << k):
                put("seat.hand", r * 8 + k)
        occupied = {c[1] for p in range(seats) for c in state._clergy(p) if isinstance(c, tuple) and c[0] == q}
        priors = [c for p in range(seats) for c in state._clergy(p)[2:] if isinstance(c, tuple)]
        counts = [[0] * 5 for _ in range(5)]
        for sp, _c, _r, terrain, cid in state._spaces(q):
            tk = {1: 0, 2: 1, 4: 2, 8: 3, 16: 4}[terrain]
            if cid == 0:
                ck = 0
            elif cid in (1, 2):
                ck = cid
            else:
                ck = 4 if cid >= 73 else 3
            counts[tk][ck] += 1
            if cid >= 3:
                put("seat.cards", r * len(CARDS) + card_index[cid])
                if sp in occupied:
                    put("seat.occupied", r * len(CARDS) + card_index[cid])
        for tk in range(5):
            for ck in range(5):
                put_n("seat.landscape", r * 25 + tk * 5 + ck, counts[tk][ck], 10)
        tiles = pf["tiles"]
        put_n("seat.land", r * 4, state._cloister_spaces(q), 10)
        put_n("seat.land", r * 4 + 1, sum(1 for kind, _row in tiles if kind in (1, 2)), 9)
        put_n("seat.land", r * 4 + 2, sum(1 for kind, _row in tiles if kind in (3, 4)), 9)
        put("seat.land", r * 4 + 3, 1.0 if any(p[0] == q for p in priors) else 0.0)
        money, goods_pts, econ, sets = state._score_parts(q)
        for i, v in enumerate((money, goods_pts, econ, sum(p for _sp, p in sets))):
            put_n("seat.score", r * 4 + i, v, 100)
    return t
