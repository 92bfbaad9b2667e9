"""``State.to_json(player)``: a position as plain JSON data, per observer.

The layout is versioned by ``schema`` (``olab.orleans.state/1``) and described
field by field by :func:`json_schema` (``olab/schema/orleans_state_1.json``).

What a seat may see: everything of the past and the present is public in
Orléans (markets, places, deeds, the map, and every bag's contents, which
follow from public events); what nobody knows is the future — the next tile
out of a bag, the next hourglass tile.  Those exist only as the state's
random generator, which the full view (``player=None``, for tools, tests and
``state_from_json``) carries in its ``engine`` section and a seat's view
leaves out.  Two states that differ only in their generator give every seat
the same view.
"""
from __future__ import annotations

import json
from importlib import resources

from olab_core.orleans import _engine as core

from . import components, rules
from .notation import CONN_IDS, DEED_IDS, EVENT_IDS, GOOD_IDS, KIND_CODES, PLACE_IDS, TILE_IDS, TOWN_IDS
from .scoring import CITIZEN_IDS

__all__ = ["to_json", "json_schema", "SCHEMA"]

#: the schema id of ``State.to_json()`` documents
SCHEMA = "olab.orleans.state/1"
SCHEMA_FILE = "orleans_state_1.json"
L = core.ACTION_LAYOUT
TECH = L["SLOT_TECH"]
NO_EVENT = 255
TRACK_IDS = ("farmers", "boatmen", "craftsmen", "traders", "knights", "scholars")
DECISIONS = core.DECISION_NAMES
CHANCES = core.CHANCE_NAMES
PHASES = core.PHASE_NAMES
N_TILES = L["N_TILES"]
N_BOARD = L["N_BOARD"]


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of :meth:`State.to_json` documents (``olab/schema/orleans_state_1.json``)."""
    with resources.files("olab").joinpath("schema").joinpath(SCHEMA_FILE).open("r", encoding="utf-8") as f:
        return json.load(f)


def kinds(counts) -> dict:
    """``{letter: count}`` of the nonzero kinds of a bag, market or tower."""
    return {KIND_CODES[k]: n for k, n in enumerate(counts) if n}


def slot_text(v: int) -> str | None:
    """What an action space holds: ``None``, a character letter or ``"technology"``."""
    if v == 0:
        return None
    if v == TECH:
        return "technology"
    return KIND_CODES[v - 1]


def tiles_of(mask: int) -> list[str]:
    return [TILE_IDS[t] for t in range(N_TILES) if (mask >> t) & 1]


def _places(state, seat: int, p: dict) -> dict:
    out = {}
    for i, pid in enumerate(PLACE_IDS):
        if i >= N_BOARD and not (p["tiles"] >> (i - N_BOARD)) & 1:
            continue
        n = len(components.PLACES[pid].needs)
        entry = {"spaces": [slot_text(v) for v in p["slot"][i][:n]],
                 "activated": state._activated(seat, i)}
        out[pid] = entry
    return out


def pending(state, f: dict) -> dict | None:
    """What is being decided: the decision, who decides, and the decision's context."""
    if f["game_over"]:
        return None
    if f["chance"]:
        return {"decision": "chance", "chance": CHANCES[f["chance"]], "player": None,
                "bag_of": f["chance_player"] if CHANCES[f["chance"]] != "hourglass" else None}
    d = DECISIONS[f["dec"]]
    out = {"decision": d, "player": f["chooser"]}
    if d in ("move", "deed", "pharmacy", "bathhouse"):
        out["place"] = PLACE_IDS[f["use_place"]]
    if d == "move":
        out["along"] = "road" if f["move_road"] else "waterway"
    if d == "deed":
        q = [q - 1 for q in f["deed_q"] if q]
        out["characters"] = [KIND_CODES[k] for k in q]
    if d == "bathhouse":
        out["drawn"] = kinds(f["bath"])
        out["to_place"] = f["left"]
    if d == "recall":
        out["recalls_left"] = f["left"]
    if d == "torture":
        out["debt"] = f["debt"]
    if d == "draw":
        p = f["pl"][f["chooser"]]
        out["drawn"] = p["drawn"]
        out["draw_limit"] = state._draw_limit(f["chooser"])
    return out


def to_json(state, legal: bool = True, player: int | None = None, public: bool = False) -> dict:
    """The position as a JSON-ready dict (see :data:`SCHEMA`); ``player=None`` is the full view.

    ``public=True`` (with ``player=None``) is a spectator's view: the full
    view without the generator (``State.public_json``).
    """
    f = state._fields()
    n = f["players"]
    scores = state.scores()
    players = []
    for seat in range(n):
        p = f["pl"][seat]
        players.append({
            "seat": seat,
            "coins": p["coins"],
            "development": p["dev"],
            "status": state._status(seat),
            "tracks": {t: p["track"][i] for i, t in enumerate(TRACK_IDS)},
            "draw_limit": state._draw_limit(seat),
            "merchant": TOWN_IDS[p["town"]],
            "bag": kinds(p["bag"]),
            "market": kinds(p["market"]),
            "tower": kinds(p["tower"]),
            "goods": {g: p["goods"][i] for i, g in enumerate(GOOD_IDS) if p["goods"][i]},
            "stations_in_stock": p["stations_left"],
            "stations_built": p["stations_built"],
            "technology_unplaced": p["tech_pending"],
            "technology_placed": p["tech_placed"],
            "citizens": state._citizens(seat),
            "place_tiles": tiles_of(p["tiles"]),
            "places": _places(state, seat, p),
            "passed": bool(p["passed"]),
            "drawn": p["drawn"],
            "score": scores[seat],
        })
    deeds = {}
    for d, did in enumerate(DEED_IDS):
        spaces = components.DEEDS[did].spaces
        first = sum(len(components.DEEDS[x].spaces) for x in DEED_IDS[:d])
        deeds[did] = [{"character": components.CHARACTERS[c].letter,
                       "seat": None if f["deed"][first + i] == 0 else f["deed"][first + i] - 1}
                      for i, c in enumerate(spaces)]
    out = {
        "schema": SCHEMA,
        "game": "orleans",
        "view": player,
        "config": state.game.config(),
        "round": f["round"],
        "rounds": rules.RULES.rounds,
        "phase": PHASES[f["phase"]],
        "event": None if f["event"] == NO_EVENT else EVENT_IDS[f["event"]],
        "start_player": f["start"],
        "current_player": state.current_player(),
        "terminal": bool(f["game_over"]),
        "truncated": False,
        "pending": pending(state, f),
        "chance": chance_outcomes(state),
        "turn": {"current": f["current"], "step": f["step"], "left": f["left"],
                 "debt": f["debt"], "debtor": f["debtor"],
                 "place": PLACE_IDS[f["use_place"]] if f["use_place"] else None,
                 "move_along": ("road" if f["move_road"] else "waterway") if DECISIONS[f["dec"]] == "move" else None,
                 "deed_queue": [KIND_CODES[q - 1] for q in f["deed_q"] if q],
                 "bathhouse": kinds(f["bath"])},
        "hourglass": {e: f["hourglass"][i] for i, e in enumerate(EVENT_IDS)},
        "supply": {
            "coins": f["coin_supply"],
            "goods": {g: f["goods_supply"][i] for i, g in enumerate(GOOD_IDS)},
            "characters": {KIND_CODES[k]: f["char_supply"][k] for k in range(L["N_CHARS"])},
            "technology": f["tech_supply"],
            "place_tiles": tiles_of(f["tiles_avail"]),
            "excluded": tiles_of(f["tiles_excluded"]),
        },
        "map": {
            "goods": {CONN_IDS[c]: [GOOD_IDS[g - 1] for g in f["conn_goods"][c] if g]
                      for c in range(len(CONN_IDS))},
            "stations": {TOWN_IDS[t]: [s for s in range(n) if (f["station"][t] >> s) & 1]
                         for t in range(len(TOWN_IDS)) if f["station"][t]},
        },
        "deeds": deeds,
        "citizens": {cid: (None if f["citizen"][i] == 0 else f["citizen"][i] - 1)
                     for i, cid in enumerate(CITIZEN_IDS)},
        "players": players,
        "winners": state.winners() if f["game_over"] else None,
        "history_length": state.move_number(),
    }
    if player is None and not public:
        # the future of the game: the generator every sampled draw comes from
        out["engine"] = {"rng": {"state": f["rng_state"], "inc": f["rng_inc"]}, "seed": f["seed"],
                         "draws_as_chance": bool(f["draws_as_chance"])}
    if legal:
        out["legal_actions"] = [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]
    return out


def chance_outcomes(state) -> list[dict] | None:
    """The outcomes of the pending chance node with their probabilities, ``None`` elsewhere."""
    if not state.is_chance_node():
        return None
    return [{"action": a, "text": state.action_to_string(a), "probability": p}
            for a, p in state.chance_outcomes()]
