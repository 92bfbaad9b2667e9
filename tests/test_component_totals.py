"""Positions that cannot exist are refused: component totals (issue 24.6).

``state_from_json`` checked ranges and placement but not totals: Fields of Arle
accepted 4 large vehicles, 6 plows, 5 small plus 3 large pieces and loads on no
vehicle; Orleans 80 coins held plus 37 in the supply (the box has 47), 22
brocade (12), 3 own-colour farmers (1), 20 knights in one bag (8 in the 2-player
supply).  Each is refused with a StateFormatError naming the path and the limit.
"""
import copy
import random

import pytest

import olab
from olab.testing import ConformanceError, check_game


def _doc(name, moves=0, **options):
    game = olab.load(name, **options)
    state = game.new_initial_state(1)
    rng = random.Random(2)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state.to_json(legal_actions=False)


def _refused(game, doc, edit, *needles):
    doc = copy.deepcopy(doc)
    edit(doc)
    with pytest.raises(olab.StateFormatError) as e:
        game.state_from_json(doc)
    for needle in needles:
        assert needle in str(e.value), str(e.value)


def _large(doc):
    doc["players"][0]["barn"]["vehicles"] = [{"type": t, "taken": "0000"}
                                             for t in ("cart", "horse_cart", "carriage", "droshky")]


def _small_and_large(doc):
    doc["players"][0]["barn"]["plow"] = 5
    doc["players"][0]["barn"]["vehicles"] = [{"type": t, "taken": "0000"} for t in ("cart", "horse_cart", "carriage")]


@pytest.mark.parametrize("edit, needles", [
    # "4 Parking Spaces ... for Small Vehicles and other Equipment ..., and 3 spaces for Large
    # Vehicles. (Alternatively, the bottommost Parking Space can be used for a small piece of
    # Equipment instead of a Large Vehicle.)" (rulebook, The Vehicles)
    (_large, ("$.players[0].barn", "large", "at most 3")),
    (lambda d: d["players"][0]["barn"].update(plow=6), ("$.players[0].barn", "small", "at most 5")),
    (_small_and_large, ("$.players[0].barn", "small", "at most 4")),
    # a load lies on a vehicle (the start position has none)
    (lambda d: d["players"][0]["on_vehicles"].update(timber=2), ("$.players[0].on_vehicles", "no vehicle")),
    # "6x Peat Boat/Plow" (rulebook, components), shared by both players
    (lambda d: (d["players"][0]["barn"].update(plow=4), d["players"][1]["barn"].update(peat_boat=3)),
     ("$.supply.peat_boat_plow", "the box has 6")),
])
def test_arle_refuses_what_the_box_cannot_hold(edit, needles):
    game, doc = _doc("fields_of_arle")
    _refused(game, doc, edit, *needles)


def test_arle_refuses_the_box_at_the_end_of_the_game_too():
    # the supply was only checked during play (_sanity returns early at the end)
    game = olab.load("fields_of_arle", players=2)
    state = game.new_initial_state(4)
    state.random_playout(4)
    doc = state.to_json(legal_actions=False)
    assert doc["terminal"]
    _refused(game, doc, lambda d: (d["players"][0]["barn"].update(plow=4, peat_boat=0, vehicles=[]),
                                   d["players"][1]["barn"].update(plow=3, peat_boat=0, vehicles=[])),
             "$.supply.peat_boat_plow", "the box has 6")


@pytest.mark.parametrize("edit, needles", [
    # "47 Coins" (summary, Components)
    (lambda d: (d["players"][0].update(coins=80), d["supply"].update(coins=37)), ("$.supply.coins", "47")),
    # "90 Goods (24 Grain, 21 Cheese, 18 Wine, 15 Wool, 12 Brocade)"
    (lambda d: d["players"][0]["goods"].update(brocade=22), ("$.supply.goods.brocade", "12")),
    # a player has one tile of each kind in its colour
    (lambda d: d["players"][0]["bag"].update({"F*": 3}), ("$.players[0]", "F*")),
    # the 2-player supply has 8 knights
    (lambda d: d["players"][0]["bag"].update(K=20), ("$.supply.characters.K", "8")),
    (lambda d: d["supply"].update(technology=17), ("$.supply.technology", "16")),
])
def test_orleans_refuses_what_the_box_cannot_hold(edit, needles):
    game, doc = _doc("orleans", moves=60, players=2)
    _refused(game, doc, edit, *needles)


@pytest.mark.parametrize("name", ["fields_of_arle", "orleans"])
def test_the_totals_hold_in_play_and_the_suite_checks_them(name, monkeypatch):
    game = olab.load(name, players=2)
    report = check_game(game, games=1, seed=4)
    assert report.checks.get("component_totals", 0) > 0
    # a game whose limits were one too low fails the suite: the check can fail
    real = type(game).component_totals
    monkeypatch.setattr(type(game), "component_totals",
                        lambda self, doc: [(p, c, c - 1) for p, c, _l in real(self, doc)])
    with pytest.raises(ConformanceError, match="component_totals|in play"):
        check_game(game, games=1, seed=4)
