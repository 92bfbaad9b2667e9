"""``Game.state_from_json``: a position from its JSON document (the inverse of ``to_json``).

A frontend or a test builds any position by taking a document of
:meth:`State.to_json`, editing it (goods, cards, clergy, the wheel...) and
handing it back.  The document is checked in three steps, and nothing is made
until all of them pass:

1. against the JSON Schema (:func:`olab.ora.json_schema`);
2. field by field against the game: its configuration, the landscape layout
   the tiles make, card codes, colours, ranges (the error names the JSON path);
3. against the rules: every card on a space of its terrain, every building at
   most once, settlements with their owners, clergy on buildings, a pending
   decision that has legal actions.

Fields that the engine derives are read-only: ``round``, ``current_player``,
``chance``, ``prices.district`` / ``prices.plot``, ``work_contract_fee``,
``wheel.tokens.*.value``, the players' ``score``, ``pending``,
``history_length`` and ``legal_actions`` are recomputed, whatever the document
says.  The ``engine`` section holds the bookkeeping of the turn in progress as
raw numbers; leave it as it is unless you know the core.
"""
from __future__ import annotations

from olab_core.errors import StateFormatError
from olab_core.ora import _engine as core

from olab.jsonread import PathError as _Fail, SchemaCheck

from .cards import BUILDINGS, SETTLEMENTS
from .jsonview import CLERGY_SLOTS, GOOD_CODES, TILE_KINDS, TOKENS, json_schema

__all__ = ["state_from_json"]

_schema_check = SchemaCheck(json_schema)

CARD_CODES = core.CARD_CODES
COLORS = core.COLORS
_TILE_IDS = {name: kind for kind, name in TILE_KINDS.items()}
_TURN_KINDS = core.TURN_KIND_NAMES
_PHASES = "SABCDE"
_TERRAIN_OF = {"plains": "plains", "hillside": "hillside", "coast": "coast", "water": "water",
               "mountain": "mountain"}


def _card_code(label, owner_color: str, path: str) -> tuple[int, str]:
    # a landscape card's code as to_json writes it -> (card id, kind)
    if label == "forest":
        return CARD_CODES.index("LFO"), "landscape"
    if label == "moor":
        return CARD_CODES.index("LMO"), "landscape"
    if len(label) == 3 and label[0] in "LS" and label[1] in COLORS and label[2].isdigit():
        if label[1] != owner_color:
            raise _Fail(path, f"{label} carries colour {label[1]}, but this landscape is {owner_color}'s")
        code = ("L" if label[0] == "L" else "S0") + label[2]
        if code in CARD_CODES:
            return CARD_CODES.index(code), "settlement" if label[0] == "S" else "basic"
    if label in CARD_CODES and label[0] in "GFI":
        return CARD_CODES.index(label), "building"
    raise _Fail(path, f"unknown card {label!r}")


def _card_terrain(code: str) -> frozenset:
    info = SETTLEMENTS[code] if code.startswith("S") else BUILDINGS[code]
    return frozenset(t.value for t in info.terrain)


def state_from_json(game, doc):
    """The state ``doc`` describes, in ``game`` (see the module docstring).

    Raises
    ------
    StateFormatError
        Naming the JSON path of the first problem; no state is returned.
    """
    try:
        return _build(game, doc)
    except _Fail as f:
        raise StateFormatError(str(f)) from None


def _build(game, doc):
    if not isinstance(doc, dict):
        raise _Fail("$", f"a state document is a JSON object, not {type(doc).__name__}")
    _schema_check(doc)
    if doc["config"] != game.config():
        raise _Fail("$.config", f"the document is of the game {doc['config']}, not of {game.config()}")
    seats = game._core.info["players"] + (1 if game.num_players() == 1 else 0)
    players = doc["players"]
    if len(players) != seats:
        raise _Fail("$.players", f"{seats} seats in this game, not {len(players)}")
    colors = []
    for seat, pl in enumerate(players):
        if pl["seat"] != seat:
            raise _Fail(f"$.players[{seat}].seat", f"seat {seat} is listed as {pl['seat']}")
        if pl["neutral"] != (seat >= game.num_players()):
            raise _Fail(f"$.players[{seat}].neutral", "only the solo game's seat 1 is the neutral player")
        colors.append(pl["color"])
    if len(set(colors)) != len(colors):
        raise _Fail("$.players", f"two seats have the same colour ({''.join(colors)})")

    # the engine section and the readable fields that give the rest of it
    e = dict(doc["engine"])
    t = doc["turn"]
    tokens = doc["wheel"]["tokens"]
    e.update(arm=doc["wheel"]["arm"],
             tokens=[255 if tokens[name] is None else tokens[name]["slot"] for name in TOKENS],
             districts_taken=9 - doc["prices"]["districts_left"],
             plots_taken=9 - doc["prices"]["plots_left"],
             wonders=doc["wonders_left"], current=t["player"], start_player=t["start_player"],
             turn_kind=_TURN_KINDS.index(t["kind"]), main_used=int(t["main_action_used"]),
             land_bought=int(t["landscape_bought"]), phase_letter=_PHASES.index(doc["phase"]),
             game_over=int(doc["terminal"]),
             seating=int(doc["pending"] is not None and doc["pending"]["decision"] == "seating"))
    if doc["truncated"] and not (e["truncated"] and doc["terminal"]):
        raise _Fail("$.truncated", "only a finished game stopped by the round cap (engine.truncated) is truncated")
    for k in ("main_used", "land_bought", "game_over", "seating"):
        e[k] = int(e[k])

    # pass 1: the layouts (tiles), to read the coordinates of cards and clergy
    raw = []
    for seat, pl in enumerate(players):
        tiles = [(_TILE_IDS[tile["kind"]], tile["row"]) for tile in pl["landscape"]["tiles"]]
        raw.append({"tiles": tiles, "cards": [0] * 100, "goods": [0] * 22,
                    "clergy": [core.CLERGY_HOME] * 3, "hand": 0, "color": COLORS.index(pl["color"])})
    layout = game.new_initial_state(0)
    try:
        layout._build(game._core, _layout_only(e), raw)
    except ValueError as err:
        raise _Fail(_engine_path(str(err)), str(err).split(": ", 1)[-1]) from None

    def space(seat, col, row, path):
        sp = layout._space_at(seat, col, row)
        if sp < 0:
            raise _Fail(path, f"seat {seat}'s landscape has no space ({col}, {row})")
        return sp

    # pass 2: cards, goods, clergy, hands
    deck = set(game.rules.deck()) | {"G13"} if game.num_players() == 1 else set(game.rules.deck())
    buildings_seen = {}
    for seat, pl in enumerate(players):
        where = f"$.players[{seat}]"
        r = raw[seat]
        listed = set()
        layout_spaces = {(c, w): (sp, terrain) for sp, c, w, terrain, _cid in layout._spaces(seat)}
        for i, entry in enumerate(pl["landscape"]["spaces"]):
            path = f"{where}.landscape.spaces[{i}]"
            key = (entry["col"], entry["row"])
            if key not in layout_spaces:
                raise _Fail(path, f"no space ({key[0]}, {key[1]}) in the landscape the tiles make")
            if key in listed:
                raise _Fail(path, f"space ({key[0]}, {key[1]}) is listed twice")
            listed.add(key)
            sp, terrain = layout_spaces[key]
            if entry["terrain"] != _terrain_name(terrain):
                raise _Fail(f"{path}.terrain", f"({key[0]}, {key[1]}) is {_terrain_name(terrain)}")
            if entry["card"] is None:
                continue
            cid, kind = _card_code(entry["card"], pl["color"], f"{path}.card")
            code = CARD_CODES[cid]
            if not pl["neutral"]:
                if _terrain_name(terrain) not in _card_terrain(code):
                    raise _Fail(f"{path}.card", f"{entry['card']} cannot stand on {_terrain_name(terrain)}")
            if kind == "building":
                if code not in deck:
                    raise _Fail(f"{path}.card", f"{code} is not in this game's deck")
                if code in buildings_seen:
                    raise _Fail(f"{path}.card", f"{code} is built twice (also at {buildings_seen[code]})")
                buildings_seen[code] = path
            elif kind in ("basic", "settlement"):
                if (seat, code) in buildings_seen:
                    raise _Fail(f"{path}.card", f"{entry['card']} stands twice in this landscape")
                buildings_seen[(seat, code)] = path
            r["cards"][sp] = cid
        if len(listed) != len(layout_spaces):
            missing = sorted(set(layout_spaces) - listed)
            raise _Fail(f"{where}.landscape.spaces", f"space {missing[0]} of the landscape is not listed")
        for name, n in pl["goods"].items():
            r["goods"][GOOD_CODES.index(name)] = n
        for i, cl in enumerate(pl["clergy"]):
            path = f"{where}.clergy[{i}]"
            slot = CLERGY_SLOTS.index(cl["clergy"])
            if r["clergy"][slot] != core.CLERGY_HOME or any(c["clergy"] == cl["clergy"] for c in pl["clergy"][:i]):
                raise _Fail(path, f"{cl['clergy']} is listed twice")
            at = cl["at"]
            if at is None:
                continue
            if not 0 <= at["seat"] < seats:
                raise _Fail(f"{path}.at.seat", f"no seat {at['seat']}")
            r["clergy"][slot] = (at["seat"] << 8) | space(at["seat"], at["col"], at["row"], f"{path}.at")
        present = {cl["clergy"] for cl in pl["clergy"]}
        expected = set(CLERGY_SLOTS) if (game.rules.mode not in ("3p_short", "4p_short") or pl["neutral"]) \
            else {"lay_brother_1", "prior"}
        if present != expected:
            raise _Fail(f"{where}.clergy", f"this seat has {', '.join(sorted(expected))}, not {', '.join(sorted(present))}")
        for slot in range(3):
            if CLERGY_SLOTS[slot] not in present:
                r["clergy"][slot] = core.CLERGY_ABSENT
        for i, label in enumerate(pl["settlements_in_hand"]):
            path = f"{where}.settlements_in_hand[{i}]"
            cid, _ = _card_code(label, pl["color"], path)
            if (seat, CARD_CODES[cid]) in buildings_seen:
                raise _Fail(path, f"{label} is both in the hand and on the landscape")
            r["hand"] |= 1 << (cid - CARD_CODES.index("S01"))
        if pl["neutral"] and r["hand"]:
            raise _Fail(f"{where}.settlements_in_hand", "the neutral player has no settlements in hand")
    display = []
    for i, code in enumerate(doc["display"]):
        path = f"$.display[{i}]"
        if code not in deck:
            raise _Fail(path, f"{code} is not in this game's deck")
        if code in buildings_seen:
            raise _Fail(path, f"{code} is in the display and built (at {buildings_seen[code]})")
        display.append(CARD_CODES.index(code))

    state = game.new_initial_state(0)
    try:
        state._build(game._core, e, raw)
    except ValueError as err:
        raise _Fail(_engine_path(str(err)), str(err).split(": ", 1)[-1]) from None
    state._set_display(display)
    problem = state._sanity()
    if problem:
        raise _Fail("$", f"not a position of the game: {problem}")
    if not state.is_terminal() and not state.legal_actions():
        raise _Fail("$.engine.decision", "the pending decision has no legal action")
    return state


def _layout_only(e: dict) -> dict:
    # the engine fields with the turn in progress cleared: a position that
    # only carries the landscapes (pass 1 reads coordinates from it)
    out = dict(e)
    out.update(chain=[], neutral_new=[], free=[0, 0, 0, 0], prior_space=0, game_over=0, seating=0,
               current=0, start_player=0, truncated=0)
    out["decision"] = {k: (0 if not isinstance(v, list) else []) for k, v in e["decision"].items()}
    out["decision"]["loc_p"] = 0
    return out


def _engine_path(message: str) -> str:
    # the core names raw fields ("decision.lo", "players[1].tiles[2]"); map to the document
    field = message.split(":", 1)[0].split(" ", 1)[0]
    if field.startswith("players["):
        return "$." + field
    readable = {"arm": "$.wheel.arm", "tokens": "$.wheel.tokens", "current": "$.turn.player",
                "start_player": "$.turn.start_player", "wonders": "$.wonders_left",
                "districts_taken": "$.prices.districts_left", "plots_taken": "$.prices.plots_left"}
    head = field.split("[", 1)[0].split(".", 1)[0]
    return readable.get(head, f"$.engine.{field}")


def _terrain_name(bits: int) -> str:
    return {1: "plains", 2: "hillside", 4: "coast", 8: "water", 16: "mountain"}[bits]
