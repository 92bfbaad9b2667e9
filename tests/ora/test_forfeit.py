"""Forfeits: goods lost outside the rules' payments, recorded but never legal (issue 10, point 2).

The kennerspiel importer reproduces a command in which the reference engine
takes more than a card needs (REPORT.md section 5.2, every LOSS row) as olab's
minimal payment followed by forfeits.  A forfeit is part of the history, so
undo, serialization, JSON, turn lines and the notation keep working, but it is
never a legal action, so search, bots and random play never meet it.
"""
import random

import pytest

import olab
from olab import IllegalActionError, NotationError
from olab.ora.editor import Editor
from olab_core.ora import _engine as core

L = core.ACTION_LAYOUT


def position():
    state = olab.load("ora_et_labora", players=2, length="long", rules="kennerspiel").new_initial_state(2692)
    Editor(state).goods(0, peat=3, coin=4)
    return state


def test_forfeit_ids_follow_the_rules_actions_and_are_never_legal():
    assert L["FORFEIT"] == 4868 and L["TOTAL"] == olab.load("ora_et_labora").num_distinct_actions()
    game = olab.load("ora_et_labora", players=3, length="long", rules="kennerspiel")
    state = game.new_initial_state(7)
    rng = random.Random(7)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert max(legal) < L["FORFEIT"]
        state.apply_action(rng.choice(legal))


def test_apply_action_refuses_a_forfeit_and_apply_forfeit_applies_it():
    state = position()
    a = state.string_to_action("FORFEIT PtPt")
    assert not state.is_legal(a) and state.is_forfeit(a)
    before = state.clone()
    with pytest.raises(IllegalActionError, match="never a legal action"):
        state.apply_action(a)
    assert state == before
    state.apply_forfeit(a)
    assert state._goods(0)[core.GOOD_CODES.index("peat")] == 1
    assert state.history() == [a] and state.action_to_string(a) == "FORFEIT PtPt"
    state.undo_action()
    assert state == before


@pytest.mark.parametrize("text, why", [
    ("FORFEIT PtPtPtPt", "does not hold that many"),      # never below zero
    ("FORFEIT Wd", "Wonders cannot be forfeited"),         # Wonders are conserved
    ("FORFEIT Pn TO R", "another seat"),                   # not to oneself
    ("FORFEIT PnPnPnPnPn TO G", "does not hold that many"),
])
def test_a_forfeit_that_does_not_apply_leaves_the_state_as_it_was(text, why):
    state = position()
    before = state.clone()
    with pytest.raises(IllegalActionError, match=why):
        state.apply_forfeit(state.string_to_action(text))
    assert state == before and state.history() == []


def test_a_forfeit_only_between_commands():
    state = position()
    state.apply_action(state.string_to_action("USE LR1"))       # a take decision is pending
    with pytest.raises(IllegalActionError, match="top of a turn"):
        state.apply_forfeit(state.string_to_action("FORFEIT Pt"))


def test_coins_given_to_another_seat():
    state = position()
    a = state.string_to_action("FORFEIT PnPn TO G")
    state.apply_forfeit(a)
    coin = core.GOOD_CODES.index("coin")
    assert state._goods(0)[coin] == 2 and state._goods(1)[coin] == 1 + 2
    assert state.action_to_string(a) == "FORFEIT PnPn TO G"
    with pytest.raises(NotationError):
        state.string_to_action("FORFEIT Pt TO G")               # only coins go to a seat


def test_history_with_forfeits_serializes_and_replays_as_turn_lines():
    state = position()
    for text in ("USE LR1", "TAKE Cl"):
        state.apply_action(state.string_to_action(text))
    state.apply_recorded(state.string_to_action("FORFEIT Pt"))
    state.apply_recorded(state.string_to_action("FORFEIT Pn TO G"))
    state.apply_action(state.string_to_action("COMMIT"))
    back = state.game.deserialize_state(state.serialize())
    assert back == state and back.history() == state.history()
    moves = state.moves()
    assert moves[0].text == "USE LR1; TAKE Cl; FORFEIT Pt; FORFEIT Pn TO G; COMMIT"
    root = position()
    assert root.string_to_turn(moves[0].text) == list(moves[0].actions)
    assert state.to_json()["history_length"] == 5
