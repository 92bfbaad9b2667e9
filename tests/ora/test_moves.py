"""Whole turns as one line (olab.ora.moves): Move, turn_to_string, string_to_turn, moves()."""
import dataclasses
import random

import pytest

import olab
from olab import IllegalActionError, NotationError
from olab.ora import Move
from .orahelp import MODES, editor, new, play


def test_move_is_a_frozen_dataclass_reexported():
    assert olab.ora.Move is olab.ora.moves.Move
    m = Move(seat=0, actions=(1, 2), text="CONVERT Gn; SKIP", start=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.seat = 1
    assert str(m) == "CONVERT Gn; SKIP" and not m.ends_turn
    assert Move(1, (0,), "COMMIT", 0).ends_turn


def test_turn_to_string_and_back_in_the_position():
    state = new(players=2, length="long")
    line = "USE LR1; TAKE Cl; COMMIT"
    actions = state.string_to_turn(line)
    assert actions == [state.string_to_action("USE LR1"), state.string_to_action("TAKE Cl"), 0]
    assert state.turn_to_string(actions) == line
    assert state.history() == []                          # neither call changes the state
    # spaces around the separator are optional, a trailing separator is allowed
    assert state.string_to_turn("USE LR1 ;TAKE Cl;COMMIT;") == actions


def test_texts_are_read_in_the_position_they_are_played_in():
    # AT names a space of the landscape asked about then: only a clone that has
    # played BUILD can read it
    state = new(players=2, length="long")
    actions = state.string_to_turn("BUILD G07; AT 3 0; USE G07 WITH_PRIOR; AMOUNT 1; COMMIT")
    assert len(actions) == 5
    assert state.turn_to_string(actions) == "BUILD G07; AT 3 0; USE G07 WITH_PRIOR; AMOUNT 1; COMMIT"


@pytest.mark.parametrize("line, pos", [
    ("", 0), ("   ", 0), ("USE LR1; JUMP", 9), ("USE LR1;; COMMIT", 8), ("USE LR1; TAKE Xx", 14),
    ("; USE LR1", 0),
])
def test_turn_notation_errors_count_in_the_whole_line(line, pos):
    state = new(players=2, length="long")
    with pytest.raises(NotationError) as e:
        state.string_to_turn(line)
    assert e.value.position == pos, str(e.value)
    assert e.value.text == line


def test_an_illegal_part_raises_illegal_action():
    state = new(players=2, length="long")
    with pytest.raises(IllegalActionError) as e:
        state.string_to_turn("USE LR1; COMMIT")          # the take decision is pending
    assert e.value.action == 0
    with pytest.raises(IllegalActionError):
        state.turn_to_string([state.string_to_action("USE LR1"), 0])
    assert state.history() == []


def test_moves_split_at_commit_and_at_the_owners_decision():
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl", "COMMIT",
         "WORK_CONTRACT LR3 Pn", "WITH_PRIOR", "TARGET LR3", "TAKE Pn", "COMMIT",
         "CONVERT Gn")
    moves = state.moves()
    assert [(m.seat, m.text, m.start) for m in moves] == [
        (0, "USE LR1; TAKE Cl; COMMIT", 0),
        (1, "WORK_CONTRACT LR3 Pn", 3),
        (0, "WITH_PRIOR", 4),                             # Red chooses who goes to its Cloister Office
        (1, "TARGET LR3; TAKE Pn; COMMIT", 5),
        (2, "CONVERT Gn", 8),                             # the turn in progress
    ]
    assert [m.ends_turn for m in moves] == [True, False, False, True, False]
    assert sum((list(m.actions) for m in moves), []) == state.history()


def test_moves_of_one_seat_in_a_row_split_at_commit():
    # solo: every turn is the same seat's
    state = new(players=1)
    play(state, "COMMIT", "COMMIT")
    assert [m.text for m in state.moves()] == ["COMMIT", "COMMIT"]
    assert new(players=1).moves() == []


def test_moves_start_at_the_root_of_an_edited_position():
    state = new(players=2, length="long")
    play(state, "USE LR1", "TAKE Cl")
    editor(state).goods(0, wood=3)                        # the edit is the new root
    play(state, "COMMIT")
    assert [(m.text, m.start) for m in state.moves()] == [("COMMIT", 0)]


def _check_game_moves(state):
    # every move reads back to its actions in the position before it, and the
    # moves cover the history, split exactly where the rule says
    moves = state.moves()
    history = state.history()
    assert sum((list(m.actions) for m in moves), []) == history
    root = state.clone()
    for _ in history:
        root.undo_action()
    for i, m in enumerate(moves):
        assert m.start == root.move_number()
        assert m.seat == root.current_player()
        assert root.turn_to_string(m.actions) == m.text
        assert root.string_to_turn(m.text) == list(m.actions)
        for a in m.actions:
            assert root.current_player() == m.seat
            root.apply_action(a)
        if i + 1 < len(moves):
            assert m.ends_turn or root.current_player() != m.seat
            assert 0 not in m.actions[:-1]
    assert root == state
    return len(moves)


def _random_game(game, seed, cut=None):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (cut is None or n < cut):
        legal = state.legal_actions()
        # prefer to go on with the turn, for longer moves than uniform play makes
        busy = [a for a in legal if a != 0]
        state.apply_action(rng.choice(busy if busy and rng.random() < 0.8 else legal))
        n += 1
    return state


CONFIGS = [(p, length, v) for p, length in MODES for v in ("france", "ireland")]


@pytest.mark.parametrize("players, length, variant", CONFIGS,
                         ids=[f"{v}-{p}p-{length}" for p, length, v in CONFIGS])
def test_every_move_of_random_games_reads_back(players, length, variant):
    # 14 configurations x 20 games (alternating presets, a few cut mid-game) = 280 games
    total = 0
    for k in range(20):
        rules = ("printed", "kennerspiel")[k % 2]
        game = olab.load("ora_et_labora", players=players, length=length, variant=variant, rules=rules)
        state = _random_game(game, seed=1000 * players + k, cut=None if k % 5 else 150)
        total += _check_game_moves(state)
    assert total > 20


@pytest.mark.slow
@pytest.mark.parametrize("players, length, variant", CONFIGS,
                         ids=[f"{v}-{p}p-{length}" for p, length, v in CONFIGS])
def test_every_move_of_many_random_games_reads_back(players, length, variant):
    for k in range(300):
        rules = ("printed", "kennerspiel")[k % 2]
        game = olab.load("ora_et_labora", players=players, length=length, variant=variant, rules=rules)
        _check_game_moves(_random_game(game, seed=77_000 + k))
