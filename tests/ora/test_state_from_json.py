"""Game.state_from_json: a position from its JSON document, edited or not (issue 9, section 2).

The document of State.to_json() rebuilds the position byte for byte; an
edited document gives the edited position; a bad one raises StateFormatError
naming the JSON path, and nothing is made.
"""
import copy
import random

import pytest

import olab
from olab.errors import StateFormatError

from .orahelp import new, play


def _walk(game, seed, steps):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("cfg", olab.games()["ora_et_labora"].test_configs[::3])
def test_every_position_of_a_game_round_trips(cfg):
    game = olab.load("ora_et_labora", **cfg)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    while True:
        if state.move_number() % 7 == 0 or state.is_terminal():
            back = game.state_from_json(state.to_json())
            assert back == state and back.state_hash() == state.state_hash()
            assert back.history() == [] and back.legal_actions() == state.legal_actions()
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert back.scores() == state.scores() and back.is_truncated() == state.is_truncated()


def test_an_edited_document_gives_the_edited_position():
    state = new(players=2)
    doc = state.to_json()
    doc["players"][0]["goods"]["wood"] = 7
    doc["players"][0]["goods"]["reliquary"] = 2
    free = next(s for s in doc["players"][0]["landscape"]["spaces"] if s["card"] is None and s["terrain"] == "plains")
    free["card"] = "F09"                                   # a Cloister Garden
    doc["display"].remove("F09") if "F09" in doc["display"] else None
    doc["players"][1]["clergy"][2]["at"] = {"seat": 0, "col": free["col"], "row": free["row"]}
    edited = state.game.state_from_json(doc)
    out = edited.to_json()
    assert out["players"][0]["goods"]["wood"] == 7 and out["players"][0]["goods"]["reliquary"] == 2
    placed = next(s for s in out["players"][0]["landscape"]["spaces"] if (s["col"], s["row"]) == (free["col"], free["row"]))
    assert placed["card"] == "F09" and placed["clergy"] == [{"seat": 1, "color": out["players"][1]["color"],
                                                             "clergy": "prior"}]
    # the score follows the edit (derived fields are recomputed, whatever the document said)
    assert out["players"][0]["score"] == edited.scores()[0] > state.scores()[0]
    play(edited, "COMMIT") if "COMMIT" in [edited.action_to_string(a) for a in edited.legal_actions()] else None


def _doc(players=2, **kw):
    return new(players=players, **kw).to_json()


def _space(doc, seat, card):
    return next(i for i, s in enumerate(doc["players"][seat]["landscape"]["spaces"]) if s["card"] == card)


@pytest.mark.parametrize("edit, path, words", [
    (lambda d: d["players"][0]["goods"].update(wood=-1), "$.players[0].goods.wood", "JSON Schema"),
    (lambda d: d["players"][0]["goods"].update(wood=10000), "$.players[0].goods[0]", "0..9999"),
    (lambda d: d.update(config={**d["config"], "players": 3}), "$.config", "not of"),
    (lambda d: d["players"][0]["landscape"]["spaces"][_space(d, 0, "LR1")].update(card="G26"),
     "$.players[0].landscape.spaces", "cannot stand on hillside"),
    (lambda d: d["players"][0]["landscape"]["spaces"][_space(d, 0, "moor")].update(card="LG1"),
     "$.players[0].landscape.spaces", "colour G"),
    (lambda d: d["players"][0]["landscape"]["spaces"][_space(d, 0, "moor")].update(card="LR2"),
     "$.players[0].landscape.spaces", "twice"),
    (lambda d: d["players"][0]["landscape"]["spaces"][_space(d, 0, "moor")].update(card="G02"),
     "$.display", "in the display and built"),
    (lambda d: d["players"][0]["landscape"]["spaces"][_space(d, 0, "moor")].update(card="I05"),
     "$.players[0].landscape.spaces", "not in this game's deck"),
    (lambda d: d["players"][0]["landscape"]["spaces"].pop(0), "$.players[0].landscape.spaces", "not listed"),
    (lambda d: d["players"][0]["landscape"]["spaces"][0].update(col=9), "$.players[0].landscape.spaces[0]",
     "no space (9, 0)"),
    (lambda d: d["players"][0]["landscape"]["tiles"].append({"kind": "plains", "row": 7}),
     "$.players[0].tiles[0]", "does not fit"),
    (lambda d: d["players"][0]["clergy"][0].update(at={"seat": 0, "col": 1, "row": 0}), "$",
     "clergyman off a building"),
    (lambda d: d["players"][0]["clergy"][0].update(at={"seat": 1, "col": 8, "row": 0}),
     "$.players[0].clergy[0].at", "no space (8, 0)"),
    (lambda d: d["players"][0]["clergy"].pop(), "$.players[0].clergy", "prior"),
    (lambda d: d["players"][0]["settlements_in_hand"].append("SG5"), "$.players[0].settlements_in_hand[4]",
     "colour G"),
    (lambda d: d["players"][1].update(color="R"), "$.players", "same colour"),
    (lambda d: d["players"][1].update(seat=0), "$.players[1].seat", "listed as 0"),
    (lambda d: d["turn"].update(player=3), "$.turn.player", "0..1"),
    (lambda d: d["engine"]["decision"].update(kind=2, lo=3, hi=1), "$.engine.decision.hi", "3..255"),
    (lambda d: d["engine"]["decision"].update(kind=6), "$.engine.decision", "no legal action"),
    (lambda d: d.update(truncated=True), "$.truncated", "round cap"),
    (lambda d: d.update(extra=1), "$", "JSON Schema"),
])
def test_a_bad_document_names_its_json_path(edit, path, words):
    doc = _doc()
    assert olab.load("ora_et_labora", players=2).state_from_json(copy.deepcopy(doc))
    broken = copy.deepcopy(doc)
    edit(broken)
    with pytest.raises(StateFormatError) as e:
        olab.load("ora_et_labora", players=2).state_from_json(broken)
    assert str(e.value).startswith(path) and words in str(e.value), str(e.value)


def test_not_a_document():
    game = olab.load("ora_et_labora", players=2)
    for bad in (None, [], "{}", 3):
        with pytest.raises(StateFormatError, match=r"^\$"):
            game.state_from_json(bad)


def test_a_view_of_ora_is_the_whole_position():
    # nothing in Ora et Labora is hidden: every seat's view rebuilds the state too
    state = _walk(olab.load("ora_et_labora", players=3), 2, 60)
    for p in range(3):
        doc = state.to_json(p)
        assert doc["view"] == p
        assert state.game.state_from_json(doc) == state
    with pytest.raises(ValueError):
        state.to_json(3)
