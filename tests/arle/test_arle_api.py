"""The facade: configuration, JSON view and schema, state_from_json (errors name the JSON path),
snapshots, notation and whole turns, illegal actions."""
import json
import pickle
import random

import jsonschema
import pytest

import olab
from olab.arle import Rules, json_schema
from .arlehelp import make, play, set_goods, set_tiles, start


def positions(players=2, n=60, seed=1, **opts):
    g = olab.load("fields_of_arle", players=players, **opts)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal():
        if rng.random() < n / 160:
            out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    out.append(s)
    return g, out


# ------------------------------------------------------------------ configuration
def test_config_round_trips_and_rules_objects():
    g = olab.load("fields_of_arle", players=1, rules="rulebook", winter_wear_half_points=5)
    assert g.config() == {"game": "fields_of_arle", "players": 1, "buildings": "starter", "rules": "rulebook",
                          "winter_wear_half_points": 5}
    assert olab.load(**g.config()) == g
    r = Rules.preset("rulebook", players=2)
    assert olab.load("fields_of_arle", rules=r).rules == r
    assert pickle.loads(pickle.dumps(g)) == g


@pytest.mark.parametrize("bad", [dict(players=3), dict(rules="kennerspiel"), dict(winter_wear_half_points=3),
                                 dict(weaving_mill_cost="flax"), dict(nope=1)])
def test_bad_options(bad):
    with pytest.raises(ValueError):
        olab.load("fields_of_arle", **bad)


def test_presets():
    assert Rules.preset("printed").winter_wear_half_points == 5 and Rules.preset("rulebook").leather_wear_half_points == 4
    assert Rules.preset("printed").weaving_mill_cost == "wool" and Rules.preset("rulebook").colonists_house_input == "woolen"
    assert Rules.preset("printed").small_boardwalk_vp == Rules.preset("rulebook").small_boardwalk_vp == -1


def test_the_default_rules_are_the_rulebook_preset():
    # issue 24.1: the rulebook outranks the print (board.json); "Summer, Winter, and Leather Wear
    # are each worth 2 VP", the Weaving Mill "Costs 2 Bricks and either 10 Flax or 10 Woolen",
    # the Colonists' House: "pay 2 Woolen".
    # Rules.preset is a field and the constructor; the constructor must not be the field's default
    assert Rules() == Rules.preset("rulebook") == Rules.preset() and Rules().preset == "rulebook"
    assert Rules(preset="printed").preset == Rules.preset("printed").preset == "printed"
    assert (Rules().winter_wear_half_points, Rules().leather_wear_half_points) == (4, 4)
    assert (Rules().weaving_mill_cost, Rules().colonists_house_input) == ("woolen", "woolen")


def test_every_surface_defaults_to_the_rulebook_and_a_named_preset_still_plays():
    # issue 24.1: olab.load, the protocol's new and the C ABI's config all take the registry's
    # default; a configuration (a record header, game.config()) that names "printed" keeps it
    import json

    import olab
    from olab.protocol import Engine

    assert olab.load("fields_of_arle").config()["rules"] == "rulebook"
    r = Engine().handle({"cmd": "new", "game": "fields_of_arle", "seed": 3})
    assert r["ok"] and r["game"]["rules"] == "rulebook"
    printed = olab.load("fields_of_arle", rules="printed")
    assert olab.load(**json.loads(json.dumps(printed.config()))).rules.winter_wear_half_points == 5


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize("players", [1, 2])
def test_documents_follow_the_schema_and_round_trip(players):
    g, states = positions(players, buildings="random")
    schema = json_schema()
    assert schema["$id"].endswith("olab.arle.state/1")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for s in states:
        doc = s.to_json()
        validator.validate(doc)
        back = g.state_from_json(json.loads(json.dumps(doc)))
        assert back == s and back.legal_actions() == s.legal_actions()
        assert doc["current_player"] == s.current_player()


def test_views_show_everything():
    g, states = positions(2, n=5)
    s = states[1]
    full, view = s.to_json(), s.to_json(1)
    assert view["view"] == 1 and {k: v for k, v in view.items() if k != "view"} == {
        k: v for k, v in full.items() if k != "view"}
    with pytest.raises(ValueError):
        s.to_json(2)


def _error(edit, players=1):
    g, doc = start(players=players)
    edit(doc)
    with pytest.raises(olab.StateFormatError) as e:
        make(g, doc)
    return str(e.value)


@pytest.mark.parametrize("edit, path", [
    (lambda d: d["players"][0]["goods"].update(food=31), "$.players[0].goods.food"),
    (lambda d: d["players"][0]["goods"].update(grain=-1), "$.players[0].goods.grain"),
    (lambda d: d["players"][0]["goods"].update(gold=1), "$.players[0].goods"),
    (lambda d: d["players"][0]["home_board"]["buildings"].append("castle"), "$.players[0].home_board.buildings[0]"),
    (lambda d: d["players"][0]["barn"]["vehicles"].append({"type": "cart", "taken": "0101"}),
     "$.players[0].barn.vehicles[0]"),
    (lambda d: d["players"][0]["barn"]["vehicles"].append({"type": "cart", "taken": "010"}),
     "$.players[0].barn.vehicles[0].taken"),
    (lambda d: d["players"][0]["tools"]["spades"].update(position=3), "$.players[0].tools"),
    (lambda d: d["players"][0]["home_board"].update(dikes_moved=8), "$.players[0].home_board.dikes_moved"),
    (lambda d: d.update(half_year=10), "$.half_year"),
    (lambda d: d["config"].update(players=2), "$.config"),
    (lambda d: d["players"][0]["goods"].update(horse=13), "$.players[0].goods"),
    (lambda d: d["players"][0]["travel"].update(spaces_covered=2), "$.players[0].travel"),
    (lambda d: d["buildings"]["on_board"].remove("mill"), "$.buildings.on_board"),
    (lambda d: d["buildings"]["in_game"].remove("mill"), "$.buildings.in_game"),
    (lambda d: d["engine"]["frames"][0].update(op=99), "$.engine.frames[0].op"),
    (lambda d: d["action_spaces"][15].update(occupant=0), "$.special_action_by"),
])
def test_errors_name_the_json_path(edit, path):
    assert path in _error(edit)


def test_more_tiles_than_land_or_supply():
    assert "more tiles than land" in _error(lambda d: set_tiles(d, forest=3))
    def many_stalls(d):
        d["players"][0]["home_board"]["dikes_moved"] = 7
        set_tiles(d, stall=8)
    assert "supply" in _error(many_stalls)


def test_nothing_is_half_made():
    g, doc = start()
    doc["players"][0]["goods"]["food"] = 99
    with pytest.raises(olab.StateFormatError):
        g.state_from_json(doc)
    with pytest.raises(olab.StateFormatError, match=r"^\$: a state document is a JSON object"):
        g.state_from_json([])


def test_read_only_fields_are_recomputed():
    g, doc = start()
    doc["players"][0]["score"] = {"half_points": 999, "points": 499.5}
    doc["players"][0]["home_board"]["empty_land"] = 17
    doc["supply"]["field"] = 0
    s = make(g, doc)
    d = s.to_json()
    assert d["players"][0]["score"]["half_points"] == -34 and d["players"][0]["home_board"]["empty_land"] == 2
    assert d["supply"]["field"] == 12


def test_an_edited_document_gets_fresh_legal_actions():
    g, doc = start()
    set_goods(doc, food=0, grain=0)
    s = make(g, doc)
    assert "PLACE forester" not in [s.action_to_string(a) for a in s.legal_actions()]


# ------------------------------------------------------------------ snapshots, pickling, illegal actions
def test_serialize_and_pickle():
    g, states = positions(2, n=8, buildings="random")
    for s in states:
        back = g.deserialize_state(s.serialize())
        assert back == s and back.history() == s.history()
        assert pickle.loads(pickle.dumps(s)) == s
    data = bytearray(states[1].serialize())
    data[-1] ^= 1
    with pytest.raises(olab.StateFormatError, match="checksum"):
        g.deserialize_state(bytes(data))
    with pytest.raises(olab.StateFormatError, match="another game"):
        g.deserialize_state(olab.load("ora_et_labora", players=2).new_initial_state(0).serialize())


def test_illegal_actions_leave_the_state_untouched():
    g, states = positions(2, n=10)
    for s in states[:-1]:
        before = s._raw()
        for a in (1, 579, 200):
            if a not in s.legal_actions():
                with pytest.raises(olab.IllegalActionError):
                    s.apply_action(a)
                assert s._raw() == before
    with pytest.raises(olab.IllegalActionError, match="game is over"):
        states[-1].apply_action(0)


# ------------------------------------------------------------------ notation
def test_every_legal_action_reads_back():
    for players in (1, 2):
        g, states = positions(players, n=80, buildings="random")
        for s in states[:-1]:
            for a in s.legal_actions():
                assert s.string_to_action(s.action_to_string(a)) == a


@pytest.mark.parametrize("text, where", [("", 0), ("PLACE nowhere", 6), ("FLY away", 0), ("AMOUNT 99", 7),
                                         ("LOAD Wo spaceship", 8), ("PLACE", 5)])
def test_bad_texts(text, where):
    s = olab.load("fields_of_arle").new_initial_state(0)
    with pytest.raises(olab.NotationError) as e:
        s.string_to_action(text)
    assert e.value.position == where


def test_whole_turns_and_moves():
    g, doc = start(players=1)
    s = make(g, doc)
    line = "PLACE summer_grocer; TAKE Ho"
    acts = s.string_to_turn(line)
    assert s.turn_to_string(acts) == line
    play(s, line)
    play(s, "PLACE builder; BUILD workshop; PAY Cl")
    assert [m.text for m in s.moves()] == [line, "PLACE builder; BUILD workshop; PAY Cl"]
    g = olab.load("fields_of_arle", players=2)
    s = g.new_initial_state(2)
    rng = random.Random(3)
    for _ in range(60):
        s.apply_action(rng.choice(s.legal_actions()))
    moves = s.moves()
    assert sum(len(m.actions) for m in moves) == 60
    root = g.new_initial_state(2)
    for m in moves:
        assert root.string_to_turn(m.text) == list(m.actions)
        for a in m.actions:
            root.apply_action(a)
    assert root == s


def test_describe_action_and_render():
    g, states = positions(2, n=40, buildings="random")
    kinds = set()
    for s in states[:-1]:
        for a in s.legal_actions():
            d = s.describe_action(a)
            assert d["text"] == s.action_to_string(a) and d["kind"]
            kinds.add(d["kind"])
        text = s.render()
        assert text == str(s) and text.startswith("Fields of Arle: 2 players") and "\n\nLegal (" in text
        assert s.render(1) == text                       # nothing is hidden
    assert {"place", "skip", "take"} <= kinds
    assert "game over" in states[-1].render() and "Legal" not in states[-1].render()


def test_records_round_trip():
    from olab.arle.record import export, replay

    for players in (1, 2):
        g, states = positions(players, n=3, buildings="random")
        s = states[-1]
        text = export(s)
        assert text.startswith("SEED 1\n")
        r = replay("# a comment\n" + text, players=players, buildings="random")
        assert r.finished and r.error is None and r.state == s and r.moves_applied == r.moves_total
    bad = replay("SEED 1\nPLACE fisherman\nPLACE nowhere\n", players=1)
    assert bad.error.line == 3 and bad.moves_applied == 1 and not bad.finished
    assert replay("PLACE fisherman\n", players=1).error.line == 1
    g, doc = start()
    doc["players"][0]["goods"]["wood"] = 9                 # a position no seed deals
    with pytest.raises(ValueError, match="dealt position"):
        export(make(g, doc))
