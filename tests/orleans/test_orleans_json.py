"""to_json per observer, its schema, and state_from_json's checks (errors name the JSON path)."""
import random

import jsonschema
import pytest

import olab
from olab.orleans import json_schema
from .orlhelp import fresh_doc

VALIDATOR = jsonschema.Draft202012Validator(json_schema())


def test_every_view_of_random_games_validates_and_round_trips():
    for players, chance in ((2, "sampled"), (3, "explicit"), (4, "sampled")):
        game = olab.load("orleans", players=players, chance=chance, exclusion=True)
        state = game.new_initial_state(3)
        rng = random.Random(3)
        k = 0
        while not state.is_terminal():
            if k % 23 == 0:
                VALIDATOR.validate(state.to_json())
                for p in range(players):
                    VALIDATOR.validate(state.to_json(p))
                assert game.state_from_json(state.to_json()) == state
            if state.is_chance_node():
                a, pr = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(a, pr)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            k += 1
        VALIDATOR.validate(state.to_json())
        assert game.state_from_json(state.to_json()) == state


def test_the_schema_names_its_version():
    assert json_schema()["$id"].endswith("olab.orleans.state/1")
    game, doc = fresh_doc()
    assert doc["schema"] == "olab.orleans.state/1" and doc["view"] is None


def _bad(edit, path_part):
    game, doc = fresh_doc()
    edit(doc)
    with pytest.raises(olab.StateFormatError, match=path_part):
        game.state_from_json(doc)


def test_bad_documents_name_the_path():
    _bad(lambda d: d["players"][0]["places"].update(castle={"spaces": ["F", "B"], "activated": False}),
         r"players\[0\]\.places\.castle\.spaces")
    _bad(lambda d: d["players"][0].update(merchant="paris"), r"players\[0\]")
    _bad(lambda d: d.update(config={"game": "orleans", "players": 3, "chance": "sampled", "exclusion": False}),
         r"\$\.config")
    _bad(lambda d: (d["players"][0]["place_tiles"].append("hayrick"), d["players"][1]["place_tiles"].append("hayrick"),
                    d["players"][0]["places"].update(hayrick={"spaces": [None], "activated": False}),
                    d["players"][1]["places"].update(hayrick={"spaces": [None], "activated": False})),
         "place_tiles")
    _bad(lambda d: d["players"][0].update(market={"K": 9}), r"players\[0\]\.market")
    _bad(lambda d: (d["players"][0]["place_tiles"].append("cellar"),
                    d["players"][0]["places"].update(cellar={"spaces": ["technology", None], "activated": False})),
         "technology")
    _bad(lambda d: d["map"].update(stations={"tours": [0, 1]}), r"map\.stations\.tours")
    _bad(lambda d: d.update(phase="planning"), r"\$\.pending")
    _bad(lambda d: d["players"][0]["tracks"].update(knights=9), r"tracks")
    _bad(lambda d: d["engine"]["rng"].update(inc=2), r"engine\.rng\.inc")


def test_a_seats_view_loads_with_a_fresh_generator():
    game, doc = fresh_doc()
    view = game.new_initial_state(1).to_json(1)
    s = game.state_from_json(view)
    assert s.to_json(1) == view
    assert s.to_json()["engine"]["seed"] == 0


def test_render_and_describe_action():
    game = olab.load("orleans", players=3)
    state = game.new_initial_state(2)
    text = state.render(1)
    assert text.startswith("Orléans: 3 players") and "\n\nLegal (3): DRAW | DRAW_ALL | STOP" in text
    assert str(state) == state.render()
    assert state.describe_action(state.string_to_action("PLACE tower:K castle 2")) == {
        "kind": "place", "text": "PLACE tower:K castle 2", "from_tower": True, "tile": "K", "place": "castle",
        "space": 2}
    assert state.describe_action(state.string_to_action("MOVE W01 -"))["good"] is None
    assert state.describe_action(state.string_to_action("TORTURE station stock")) == {
        "kind": "torture", "text": "TORTURE station stock", "item": "station", "town": None, "placed": False}
    assert state.describe_action(state.string_to_action("TORTURE technology village"))["place"] == "village"
    assert state.describe_action(state.string_to_action("TORTURE technology unplaced"))["placed"] is False
    for a in range(game.num_distinct_actions()):          # every id has a description with its text
        assert state.describe_action(a)["text"] == state.action_to_string(a)
