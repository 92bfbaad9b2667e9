"""Helpers for the Fields of Arle rule tests: build a position from a JSON document, act, read numbers.

A test starts from the first position of a game (:func:`start`), edits its
document (goods, tiles, tools, the half year, whose turn), builds the state
with ``state_from_json`` (:func:`make`), plays a line of notation
(:func:`play`) and reads the numbers back (:func:`goods`, :func:`player`).
"""
from __future__ import annotations

import olab
from olab.arle import data

from ..helpers import texts as _texts

RULEBOOK = "shared/rules/seeds/fields_of_arle_rulebook.txt"


def game(players=1, **options):
    return olab.load("fields_of_arle", players=players, **options)


def start(players=1, seed=0, half_year=1, seat=0, **options):
    """(game, document) of a first position, with ``seat`` to place the first worker of ``half_year``."""
    g = game(players, **options)
    doc = g.new_initial_state(seed).to_json(legal_actions=False)
    doc["half_year"] = half_year
    doc["start_player"] = seat if players == 2 else 0
    frames = doc["engine"]["frames"]
    frames[1]["seat"] = seat
    return g, doc


def me(doc, seat=0) -> dict:
    """The document's player ``seat``, to edit."""
    return doc["players"][seat]


def set_goods(doc, seat=0, **goods):
    for k, v in goods.items():
        doc["players"][seat]["goods"][k] = v


def set_tiles(doc, seat=0, **tiles):
    for k, v in tiles.items():
        doc["players"][seat]["home_board"]["tiles"][k] = v


def set_tools(doc, seat=0, **positions):
    for k, v in positions.items():
        doc["players"][seat]["tools"][k]["position"] = v


def occupy(doc, space, seat=0):
    i = data.SPACE_KEYS.index(space)
    doc["action_spaces"][i]["occupant"] = seat


def build_for(doc, key, seat=0):
    """``key`` is already built by ``seat`` (taken off the board)."""
    if key not in doc["buildings"]["in_game"]:
        raise ValueError(f"{key} is not in this game")
    doc["buildings"]["on_board"].remove(key)
    doc["players"][seat]["home_board"]["buildings"].append(key)


def make(g, doc):
    return g.state_from_json(doc)


def play(state, line: str):
    """Apply a line of notation (``"PLACE fisherman; TAKE Sh"``) to ``state``; returns it."""
    for a in state.string_to_turn(line):
        state.apply_action(a)
    return state


def goods(state, seat=0) -> dict:
    return dict(zip(data.GOOD_KEYS, state._player(seat)["goods"]))


def player(state, seat=0) -> dict:
    return state.to_json(legal_actions=False)["players"][seat]


def texts(state) -> list[str]:
    """The legal actions' texts, sorted."""
    return sorted(_texts(state))


def decision(state) -> str:
    return state._decision()["ctx"]


def skip_to_inventory(state):
    """Skip every worker of the half year (solo) and end the work phase; stops at the first
    decision after it (or at the next half year's first worker)."""
    hy = state._game_fields()["half_year"]
    while not state.is_terminal() and state._game_fields()["half_year"] == hy:
        ctx = decision(state)
        if ctx == "turn":
            state.apply_action(state.string_to_action("SKIP"))
        elif ctx == "anytime" and state._decision()["p1"] == 0:     # the end of the work phase
            state.apply_action(state.string_to_action("DONE"))
        else:
            return state
    return state


def master(state, *tools):
    """Answer a Master action's questions (each movable tool in its turn): move ``tools``, skip the others."""
    while not state.is_terminal() and decision(state) == "tool":
        asked = [t for t in texts(state) if t.startswith("TOOL ")]
        state.apply_action(state.string_to_action(asked[0] if asked[0][5:] in tools else "SKIP"))
    return state
