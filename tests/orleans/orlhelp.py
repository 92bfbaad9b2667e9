"""Helpers for the Orléans rule tests: build a position from an edited JSON document, act, read it back.

A test starts from a fresh game's full view (``to_json()``), edits what it
needs (a phase, a pending decision, tiles on places, coins...) and loads it
with ``state_from_json``; then it plays actions by their text and checks
the numbers in the resulting document.
"""
from __future__ import annotations

import copy

import olab

from ..helpers import texts  # noqa: F401  (the tests import it from here)


def fresh_doc(players=2, chance="sampled", exclusion=False, seed=1):
    game = olab.load("orleans", players=players, chance=chance, exclusion=exclusion)
    return game, game.new_initial_state(seed).to_json()


def position(players=2, phase="actions", decision="act", seat=0, event="pilgrimage", round=2, chance="sampled",
             edit=None, seed=1, start=0, hold=True, **pending):
    """A position of ``players`` at ``phase`` with ``decision`` pending for ``seat``; every bag is empty.

    With ``hold`` every other seat has an activated Scriptorium, so that the
    actions phase does not end by itself after ``seat``'s action.
    ``edit(doc)`` changes the document further before it is loaded.
    """
    game, doc = fresh_doc(players, chance, seed=seed)
    if hold:
        for other in range(players):
            if other != seat:
                set_place(doc, "scriptorium", ["K", "S"], other)
    doc["phase"] = phase
    doc["round"] = round
    doc["event"] = event
    doc["start_player"] = start
    doc["pending"] = {"decision": decision, "player": seat, **pending}
    doc["turn"]["current"] = seat
    for p in doc["players"]:
        p["bag"] = {}
    # one hourglass tile revealed per round so far (taken from the last events first)
    revealed = round - (1 if phase in ("hourglass", "exclusion") else 0)
    extra = sum(doc["hourglass"].values()) - (18 - revealed)
    for e in reversed(list(doc["hourglass"])):
        take = min(extra, doc["hourglass"][e])
        doc["hourglass"][e] -= take
        extra -= take
    if edit is not None:
        edit(doc)
    for p in doc["players"]:
        # a test that builds trading stations takes them from the stock
        p["stations_in_stock"] = min(p["stations_in_stock"], 10 - p["stations_built"])
    take_from_supply(game, doc)
    return game.state_from_json(doc)


def take_from_supply(game, doc):
    """What an edit put in play beyond the box comes out of the supply (state_from_json counts the totals)."""
    from olab.orleans.fromjson import component_totals

    sup = doc["supply"]
    for path, count, limit in component_totals(game, doc):
        extra = count - limit
        if extra <= 0:
            continue
        if path == "$.supply.coins":
            sup["coins"] -= min(extra, sup["coins"])
        elif path == "$.supply.technology":
            sup["technology"] -= min(extra, sup["technology"])
        elif path.startswith("$.supply.goods."):
            g = path.rsplit(".", 1)[1]
            sup["goods"][g] -= min(extra, sup["goods"][g])
        elif path.startswith("$.supply.characters."):
            c = path.rsplit(".", 1)[1]
            sup["characters"][c] -= min(extra, sup["characters"][c])
        elif path.startswith("$.players["):
            # a seat's own-colour tile put in its bag leaves its market or its places
            seat, code = path[len("$.players["):].split("].")
            p = doc["players"][int(seat)]
            while extra and p["market"].get(code):
                p["market"][code] -= 1
                p["market"] = {k: v for k, v in p["market"].items() if v}
                extra -= 1
            for entry in p["places"].values():
                for j, text in enumerate(entry["spaces"]):
                    if extra and text == code:
                        entry["spaces"][j] = None
                        extra -= 1


def doc_of(state):
    return state.to_json(legal_actions=False)


def player(state, seat=0):
    return doc_of(state)["players"][seat]


def play(state, *texts):
    """Apply actions by their text; return the state (changed in place)."""
    for t in texts:
        state.apply_action(state.string_to_action(t))
    return state


def legal(state, text):
    return state.string_to_action(text) in state.legal_actions()


def places(doc, seat=0):
    return doc["players"][seat]["places"]


def set_place(doc, place, spaces, seat=0):
    """Put tiles on a place (``["B", "C"]``; ``None`` free, ``"technology"``); a tile place is also owned."""
    p = doc["players"][seat]
    if place not in p["places"]:
        p["place_tiles"].append(place)
        if place in doc["supply"]["place_tiles"]:
            doc["supply"]["place_tiles"].remove(place)
        p["places"][place] = {"spaces": [], "activated": False}
    had = p["places"][place]["spaces"].count("technology")
    p["places"][place]["spaces"] = list(spaces)
    p["technology_placed"] += list(spaces).count("technology") - had   # tiles placed so far


def own_tile(doc, tile, seat=0):
    """Give ``seat`` a place tile with free spaces."""
    from olab.orleans import PLACE_TILES
    set_place(doc, tile, [None] * len(PLACE_TILES[tile].needs), seat)


def clone_doc(doc):
    return copy.deepcopy(doc)
