"""``State.to_json()``: everything a frontend draws, as plain JSON data.

The layout is versioned by ``schema`` (currently ``olab.ora.state/2``) and
described field by field by the JSON Schema :func:`olab.ora.json_schema`
returns (``olab/schema/ora_state_2.json``).
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from olab_core.ora import _engine as core

from .notation import card_label
from .scoring import card_name

__all__ = ["to_json", "json_schema", "free_use", "decision_card", "SCHEMA"]

#: the ``schema`` field of every document, naming its layout and version
SCHEMA = "olab.ora.state/2"
SCHEMA_FILE = "ora_state_2.json"
TILE_KINDS = {1: "plains", 2: "hills", 3: "coast", 4: "mountain"}
GOOD_CODES = core.GOOD_CODES[:-1]          # the real goods (no virtual 5-coin piece)
CARD_CODES = core.CARD_CODES
TOKENS = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grapes", "stone")
TERRAIN = {1: "plains", 2: "hillside", 4: "coast", 8: "water", 16: "mountain"}
CLERGY_SLOTS = ("lay_brother_1", "lay_brother_2", "prior")
L = core.ACTION_LAYOUT
N_SPACES = L["N_SPACES"]


#: engine fields that the readable part of the document gives (to_json leaves
#: them out of "engine"; state_from_json reads them from where they are shown)
READABLE_ENGINE_FIELDS = ("arm", "tokens", "districts_taken", "plots_taken", "wonders", "current",
                          "start_player", "turn_kind", "main_used", "land_bought", "phase_letter",
                          "game_over", "seating")


def engine_section(state) -> dict:
    """The ``engine`` part of ``to_json``: the struct's fields the readable parts do not give."""
    e = state._engine_fields()
    for k in READABLE_ENGINE_FIELDS:
        del e[k]
    return e


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of :func:`~olab.ora.jsonview.to_json`'s documents.

    Read from ``olab/schema/ora_state_2.json``, which ships with the package;
    its ``$id`` ends in the :data:`~olab.ora.jsonview.SCHEMA` name.  Use it with any validator,
    e.g. ``jsonschema.validate(state.to_json(), olab.ora.json_schema())``.
    """
    with resources.files("olab").joinpath("schema").joinpath(SCHEMA_FILE).open("r", encoding="utf-8") as f:
        return json.load(f)


def display_round(state) -> int | str:
    t = state._turn()
    if t["in_bonus"]:
        return "bonus"
    r = t["round"]
    if state._config()["mode"] == "solo" and r > 25:
        return r - 1        # round 25 is played twice in solo (rules.md 5.6)
    return r


def _landscape(state, seat: int) -> dict:
    occupants: dict[int, list[dict[str, Any]]] = {}     # space -> its clergy
    for who in range(state._config()["seats"]):
        for slot, loc in enumerate(state._clergy(who)):
            if isinstance(loc, tuple) and loc[0] == seat:
                occupants.setdefault(loc[1], []).append(
                    {"seat": who, "color": state._color(who), "clergy": CLERGY_SLOTS[slot]})
    spaces = []
    for sp, col, row, terrain, cid in state._spaces(seat):
        code = CARD_CODES[cid]
        entry = {"col": col, "row": row, "terrain": TERRAIN[terrain], "card": None,
                 "name": None, "clergy": occupants.get(sp, [])}
        if code == "LFO":
            entry["card"], entry["name"] = "forest", "Forest"
        elif code == "LMO":
            entry["card"], entry["name"] = "moor", "Moor"
        elif cid:
            entry["card"], entry["name"] = card_label(state, seat, cid), card_name(cid)
        spaces.append(entry)
    tiles = [{"kind": TILE_KINDS[kind], "row": row} for kind, row in state._player_fields(seat)["tiles"]]
    return {"spaces": spaces, "tiles": tiles}


def decision_card(state, d: dict) -> str | None:
    """The code of the card a pending decision belongs to, as the notation writes it.

    Heartland buildings and settlements carry their owner's colour (``LR1``,
    ``SG3``); ``None`` at the top of a turn.
    """
    cid = d["card"]
    if not cid or d["kind"] == "turn":
        return None
    code = CARD_CODES[cid]
    if code in ("L1", "L2", "L3"):
        return card_label(state, d["loc_p"], cid)      # the building's owner
    if code.startswith("S"):
        return card_label(state, d["actor"], cid)      # a settlement being placed
    return code


def free_use(state) -> dict | None:
    """The lent use waiting at the top of the turn, or ``None``.

    A work contract, the Priory, Palace, Grand Manor, Cloister Garden,
    Cottage, Hospice and Guesthouse lend the use of a building; the engine
    offers it at the top of the turn (``TARGET`` / ``CHOOSE`` actions next to
    the free actions and ``COMMIT``) until it is taken or the turn ends.
    ``options`` are the actions that take it now (empty when, say, the Palace's
    wine is gone).
    """
    t = state._turn()
    if t["game_over"] or not t["free_use"] or state._decision()["kind"] != "turn":
        return None
    options = []
    for a in state.legal_actions():
        if L["TARGET"] <= a < L["FELL"]:
            owner, sp = divmod(a - L["TARGET"], N_SPACES)
            col, row = state._space_coord(owner, sp)
            card = card_label(state, owner, state._card_at(owner, sp))
        elif L["CARD"] <= a < L["SETTLE"]:
            owner = col = row = None
            card = CARD_CODES[a - L["CARD"]]
        else:
            continue
        options.append({"action": a, "text": state.action_to_string(a), "card": card,
                        "seat": owner, "col": col, "row": row})
    cid = t["free_card"]
    code = CARD_CODES[cid]
    if code in ("L1", "L2", "L3"):
        # only a work contract lends a heartland building: its owner is the option's
        code = card_label(state, options[0]["seat"], cid) if options else code
    return {"kind": t["free_use"], "card": code, "name": card_name(cid), "options": options}


def chance_outcomes(state) -> list[dict] | None:
    """The outcomes of the chance node (the seating), ``None`` elsewhere."""
    if not state.is_chance_node():
        return None
    return [{"action": a, "text": state.action_to_string(a), "probability": p}
            for a, p in state.chance_outcomes()]


def to_json(state, legal: bool = True, player: int | None = None) -> dict:
    """The position as a JSON-ready dict (see :data:`~olab.ora.jsonview.SCHEMA`).

    ``player`` is recorded as the document's ``view``; nothing in Ora et
    Labora is hidden, so every view holds the whole position.
    """
    cfg = state._config()
    t = state._turn()
    arm, slots, values = state._wheel()
    rules = state.game.rules
    players = []
    scores = state.scores()
    for seat in range(cfg["seats"]):
        goods = state._goods(seat)
        neutral = seat >= cfg["players"]
        clergy = []
        for slot, loc in enumerate(state._clergy(seat)):
            if loc is None:
                continue
            if loc == "home":
                where = None
            else:
                c, r = state._space_coord(loc[0], loc[1])
                where = {"seat": loc[0], "col": c, "row": r}
            clergy.append({"clergy": CLERGY_SLOTS[slot], "at": where})
        players.append({
            "seat": seat,
            "color": state._color(seat),
            "neutral": neutral,
            "goods": {g: goods[i] for i, g in enumerate(GOOD_CODES) if goods[i]},
            "clergy": clergy,
            "settlements_in_hand": [f"S{state._color(seat)}{cid - CARD_CODES.index('S01') + 1}"
                                    for cid in state._hand(seat)],
            "landscape": _landscape(state, seat),
            "score": None if neutral else scores[seat],
        })
    d = state._decision()
    prices = rules.core_config()
    pending = None
    if state.is_chance_node():
        pending = {"decision": "seating", "player": state.current_player(), "acting_player": None,
                   "card": None, "free_use": None}
    elif not t["game_over"]:
        pending = {"decision": d["kind"], "player": d["chooser"], "acting_player": d["actor"],
                   "card": decision_card(state, d), "free_use": free_use(state)}
    out = {
        "schema": SCHEMA,
        "game": "ora_et_labora",
        "view": player,
        "config": state.game.config(),
        "rules": {"players": rules.players, "variant": rules.variant, "length": rules.length,
                  "mode": rules.mode, "preset": rules.preset},
        "round": display_round(state),
        "phase": t["phase_letter"],
        "turn": {"kind": t["turn_kind"], "player": t["current"], "start_player": t["start_player"],
                 "main_action_used": t["main_used"], "landscape_bought": t["land_bought"]},
        "terminal": t["game_over"],
        "truncated": state.is_truncated(),
        "current_player": state.current_player(),
        "chance": chance_outcomes(state),
        "wheel": {"arm": arm, "side": "back" if cfg["wheel_back"] else "front",
                  "tokens": {name: (None if slots[i] is None else {"slot": slots[i], "value": values[i]})
                             for i, name in enumerate(TOKENS)}},
        "display": [CARD_CODES[c] for c in state._display()],
        "prices": {
            "district": None if t["districts_taken"] >= 9 else prices["district_prices"][t["districts_taken"]],
            "plot": None if t["plots_taken"] >= 9 else prices["plot_prices"][t["plots_taken"]],
            "districts_left": 9 - t["districts_taken"],
            "plots_left": 9 - t["plots_taken"],
        },
        "work_contract_fee": t["contract_fee"],
        "wonders_left": t["wonders"],
        "players": players,
        "pending": pending,
        "history_length": state.move_number(),
        "engine": engine_section(state),
    }
    if legal:
        out["legal_actions"] = [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
    return out
