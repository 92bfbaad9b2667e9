"""The engine API (issue 2, section 3 and 4): load, Game, State, errors."""
import copy
import pickle
import random

import pytest

import olab
from olab import IllegalActionError, NotationError, StateFormatError
from .orahelp import MODES, new, play, texts


def test_load_defaults_and_repr():
    game = olab.load("ora_et_labora")
    assert game.rules.players == 4 and game.rules.variant == "france" and game.rules.length == "long"
    assert game.rules.preset == "printed"
    assert "4p" in repr(game)
    assert game.num_distinct_actions() == olab.ora.game.core.NUM_DISTINCT_ACTIONS


@pytest.mark.parametrize("kwargs, words", [
    (dict(game="chess"), ["ora_et_labora"]),
    (dict(game="ora_et_labora", players=5), ["1, 2, 3, 4"]),
    (dict(game="ora_et_labora", variant="spain"), ["france", "ireland"]),
    (dict(game="ora_et_labora", length="medium"), ["long", "short"]),
    (dict(game="ora_et_labora", rules="house"), ["printed", "kennerspiel"]),
    (dict(game="ora_et_labora", money_scoring="double"), ["additive", "either_or"]),
    (dict(game="ora_et_labora", no_such_option=1), ["unknown option", "no_such_option", "money_scoring"]),
])
def test_load_refuses_unknown_modes_and_options(kwargs, words):
    with pytest.raises(ValueError) as e:
        olab.load(**kwargs)
    for w in words:
        assert w in str(e.value)


def test_ireland_plays():
    game = olab.load("ora_et_labora", variant="ireland")
    state = game.new_initial_state(1)
    assert game.rules.variant == "ireland" and state.legal_actions()


def test_rules_default_is_the_printed_preset():
    # the field ``preset`` and the constructor ``Rules.preset`` share a name
    assert olab.ora.Rules() == olab.ora.Rules.preset("printed")
    assert olab.ora.Rules().preset == "printed"


def test_load_with_rules_object():
    rules = olab.ora.Rules.preset("kennerspiel", players=3, length="short")
    game = olab.load("ora_et_labora", rules=rules)
    assert game.rules == rules
    with pytest.raises(ValueError):
        olab.load("ora_et_labora", players=2, rules=rules)


@pytest.mark.parametrize("players, length", MODES)
def test_initial_state_basics(players, length):
    game = olab.load("ora_et_labora", players=players, length=length)
    state = game.new_initial_state(seed=1)
    assert not state.is_terminal()
    assert state.current_player() == 0
    assert state.history() == []
    assert len(state.scores()) == players
    assert state.returns() == [0.0] * players
    acts = state.legal_actions()
    assert acts and all(0 <= a < game.num_distinct_actions() for a in acts)
    assert len(set(acts)) == len(acts)


def test_seed_decides_the_seating_only():
    game = olab.load("ora_et_labora", players=4)
    # kennerspiel: START 74239 R G W B -> G W R B; our colours are given as R G B W
    a, b = game.new_initial_state(2692), game.new_initial_state(74239)
    assert [a._color(i) for i in range(4)] == list("RGBW")
    assert sorted(b._color(i) for i in range(4)) == list("BGRW")
    assert a._goods(0) == b._goods(0)


def test_illegal_action_raises_and_leaves_state_untouched():
    state = new(players=2, length="long")
    before = state.clone()
    raw = state._raw()
    for bad in (-1, 10 ** 6, olab.ora.game.core.ACTION_LAYOUT["DONE"]):
        with pytest.raises(IllegalActionError) as e:
            state.apply_action(bad)
        assert e.value.action == bad
        assert e.value.reason
    assert state == before and state._raw() == raw
    with pytest.raises(TypeError):
        state.apply_action("USE LR1")


def test_illegal_action_mid_decision_leaves_state_untouched():
    state = new(players=2, length="long")
    play(state, "USE LR1")                      # now choosing token or joker
    assert texts(state) == ["TAKE Cl", "TAKE Cl Jo", "SKIP"]
    raw, h = state._raw(), state.state_hash()
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(state.string_to_action("COMMIT"))
    assert "pending take decision of LR1" in str(e.value)     # the card as the notation writes it
    assert "COMMIT" in str(e.value)
    assert state._raw() == raw and state.state_hash() == h
    assert state.history() == [state.string_to_action("USE LR1")]


def test_illegal_reasons_name_the_rule():
    state = new(players=2, length="long")
    play(state, "BUILD G07", "AT 3 0", "USE G07 WITH_PRIOR", "AMOUNT 1")
    with pytest.raises(IllegalActionError, match="main action"):
        state.apply_action(state.string_to_action("USE LR1"))
    with pytest.raises(IllegalActionError, match="not in the display"):
        state.apply_action(state.string_to_action("BUILD G07"))


def test_undo_restores_identical_state_and_hash():
    state = new(players=3)
    rng = random.Random(5)
    snapshots = []
    for _ in range(200):
        snapshots.append((state.clone(), state.state_hash(), state._raw()))
        state.apply_action(rng.choice(state.legal_actions()))
    for clone, h, raw in reversed(snapshots):
        state.undo_action()
        assert state == clone and state.state_hash() == h and state._raw() == raw
    with pytest.raises(IndexError):
        state.undo_action()


def test_clone_is_independent_and_shares_history():
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl")
    c = state.clone()
    assert c == state and hash(c) == hash(state) and c.history() == state.history()
    play(c, "COMMIT")
    assert c != state
    c.undo_action()
    assert c == state
    state.undo_action()
    state.undo_action()
    assert c.history() != state.history() and len(c.history()) == 2


def test_copy_and_deepcopy_are_clones():
    state = new()
    assert copy.copy(state) == state and copy.deepcopy(state) == state


CONFIGS = [(p, length, v) for p, length in MODES for v in ("france", "ireland")]
CONFIG_IDS = [f"{v}-{p}p-{length}" for p, length, v in CONFIGS]


def _round_trip_in_random_positions(players, length, variant, positions, seed):
    # random games (presets alternating) until `positions` positions have been
    # checked, about every other one, so that they spread over whole games
    checked = actions = games = 0
    while checked < positions:
        rules = ("printed", "kennerspiel")[games % 2]
        game = olab.load("ora_et_labora", players=players, length=length, variant=variant, rules=rules)
        state = game.new_initial_state(seed + games)
        rng = random.Random(seed + games)
        while not state.is_terminal() and checked < positions:
            legal = state.legal_actions()
            if rng.random() < 0.5:
                for a in legal:
                    text = state.action_to_string(a)
                    assert state.string_to_action(text) == a, (text, a)
                checked += 1
                actions += len(legal)
            # lean towards going on with the turn: longer chains than uniform play
            busy = [a for a in legal if a != 0]
            state.apply_action(rng.choice(busy if busy and rng.random() < 0.8 else legal))
        games += 1
    return checked, actions


@pytest.mark.parametrize("players, length, variant", CONFIGS, ids=CONFIG_IDS)
def test_string_round_trip_of_every_legal_action_in_random_positions(players, length, variant):
    # 14 configurations x 1,500 positions: every legal action's text reads back to it
    checked, actions = _round_trip_in_random_positions(players, length, variant, 1500, seed=players * 10)
    assert checked == 1500 and actions > checked


@pytest.mark.slow
@pytest.mark.parametrize("players, length, variant", CONFIGS, ids=CONFIG_IDS)
def test_string_round_trip_in_many_random_positions(players, length, variant):
    checked, _ = _round_trip_in_random_positions(players, length, variant, 100_000, seed=9000 + players)
    assert checked == 100_000


@pytest.mark.parametrize("text, pos", [
    ("", 0), ("JUMP 3", 0), ("USE", 3), ("USE ZZ9", 4), ("PAY GnXx", 6), ("PAY Gnx", 4),
    ("FELL_TREES 1 x", 13), ("FELL_TREES 9 9", 11), ("BUY_DISTRICT 1 FOREST", 15),
    ("CONVERT Sh", 8), ("AMOUNT 300", 7), ("SETTLE SG1", 7),
])
def test_notation_errors_name_the_position(text, pos):
    state = new(players=2, length="long")
    with pytest.raises(NotationError) as e:
        state.string_to_action(text)
    assert e.value.position == pos, str(e.value)


def test_serialize_round_trip_and_pickle():
    game = olab.load("ora_et_labora", players=3)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    for _ in range(150):
        state.apply_action(rng.choice(state.legal_actions()))
    data = state.serialize()
    back = game.deserialize_state(data)
    assert back == state and back.history() == state.history()
    assert pickle.loads(pickle.dumps(state)) == state


def test_deserialize_refuses_bad_bytes():
    game = olab.load("ora_et_labora", players=2, length="long")
    state = game.new_initial_state(2692)
    play(state, "USE LR1", "TAKE Cl", "COMMIT")
    data = state.serialize()
    for bad in (b"", data[:10], data[:-1], data + b"x", b"XXXX" + data[4:]):
        with pytest.raises(StateFormatError):
            game.deserialize_state(bad)
    corrupted = bytearray(data)
    corrupted[40] ^= 0xFF
    with pytest.raises(StateFormatError, match="checksum"):
        game.deserialize_state(bytes(corrupted))
    other = olab.load("ora_et_labora", players=3)
    with pytest.raises(StateFormatError, match="other rules"):
        other.deserialize_state(data)
    with pytest.raises(StateFormatError):
        game.deserialize_state("not bytes")


def test_deserialize_refuses_a_history_that_does_not_apply():
    import struct
    import zlib
    game = olab.load("ora_et_labora", players=2, length="long")
    state = game.new_initial_state(2692)
    play(state, "USE LR1", "TAKE Cl")
    data = bytearray(state.serialize()[:-4])
    struct.pack_into("<i", data, len(data) - 4, 5)       # DONE is not legal there
    data += struct.pack("<I", zlib.crc32(bytes(data)) & 0xFFFFFFFF)
    with pytest.raises(StateFormatError, match="does not apply"):
        game.deserialize_state(bytes(data))


def test_returns_and_breakdown_at_the_end():
    game = olab.load("ora_et_labora", players=2, length="short")
    state = game.new_initial_state(4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == -4
    assert state.legal_actions() == []
    scores = state.scores()
    rets = state.returns()
    assert abs(sum(rets) - 1.0) < 1e-9
    assert rets[scores.index(max(scores))] > 0
    for seat in range(2):
        assert state.score_breakdown(seat)["total"] == scores[seat]
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(0)


def test_to_json_is_json():
    import json
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl")
    doc = json.loads(json.dumps(state.to_json()))
    assert doc["schema"] == "olab.ora.state/2"
    assert doc["players"][0]["goods"]["clay"] == 3
    assert {"id", "text"} <= set(doc["legal_actions"][0])
    assert doc["pending"]["decision"] == "turn"
