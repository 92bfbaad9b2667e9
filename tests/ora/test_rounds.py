"""Rounds and turn order per mode, settlement phases, bonus round, the end
(rules.md 5, 8, 9, 11, 12.1)."""
import pytest

from olab_core.ora._engine import CARD_CODES
from .orahelp import editor, new, play, texts


def schedule(state, limit=2000):
    """(round label, turn kind, seat) of every turn when everyone just commits."""
    out = []
    for _ in range(limit):
        if state.is_terminal():
            return out
        t = state._turn()
        label = "bonus" if t["in_bonus"] else t["round"]
        if t["in_settlement"]:
            label = "ABCDE"[" ABCDE".index(t["phase_letter"]) - 1]
        out.append((label, t["turn_kind"], t["current"]))
        while "COMMIT" not in texts(state):          # solo: the neutral player builds first
            state.apply_action(state.legal_actions()[0])
        play(state, "COMMIT")
    raise AssertionError("no end")


def rounds_of(sched):
    by = {}
    for label, kind, seat in sched:
        by.setdefault(label, []).append(seat)
    return by


@pytest.mark.parametrize("players, settle", [(4, (6, 9, 15, 18)), (3, (5, 10, 14, 19))])
def test_long_3_4_player_flow(players, settle):
    sched = schedule(new(players=players))
    by = rounds_of(sched)
    n = players
    for r in range(1, 25):
        s = (r - 1) % n                         # the start player passes every round
        assert by[r] == [(s + i) % n for i in range(n)] + [s], r   # and acts first and last
    assert max(k for k in by if isinstance(k, int)) == 24
    for letter, after in zip("ABCD", settle):
        # each player settles once, the next round's start player first
        s = after % n
        assert by[letter] == [(s + i) % n for i in range(n)]
        i = sched.index((letter, "settlement", s))
        assert sched[i - 1][0] == after and sched[i + n][0] == after + 1
    assert by["bonus"] == list(range(n))
    assert by["E"] == list(range(n))
    assert sched[-1][0] == "E"
    assert all(kind == "bonus" for label, kind, _ in sched if label == "bonus")


@pytest.mark.parametrize("players", [3, 4])
def test_short_3_4_player_flow(players):
    sched = schedule(new(players=players, length="short"))
    by = rounds_of(sched)
    assert max(k for k in by if isinstance(k, int)) == 12
    for letter, after in zip("ABCD", (2, 4, 6, 8)):
        i = next(i for i, t in enumerate(sched) if t[0] == letter)
        assert sched[i - 1][0] == after and by[letter][0] == after % players
    assert by["bonus"] == list(range(players)) and by["E"] == list(range(players))


def test_2p_short_flow_until_phase_d():
    # rules.md 5.4: a round is one player's two actions; players alternate rounds
    sched = schedule(new(players=2, length="short"))
    by = rounds_of(sched)
    for r in range(1, 28):
        assert by[r] == [(r - 1) % 2] * 2
    for letter, after in zip("ABCD", (6, 13, 20, 27)):
        assert by[letter] == [after % 2, 1 - after % 2]
    assert "E" not in by and "bonus" not in by


def test_2p_long_flow_until_phase_d():
    # rules.md 5.5: the start player two turns in a row, then the other player one
    sched = schedule(new(players=2, length="long"))
    by = rounds_of(sched)
    for r in range(1, 28):
        s = (r - 1) % 2
        assert by[r] == [s, s, 1 - s]
    for letter, after in zip("ABCD", (6, 13, 20, 27)):
        assert by[letter] == [after % 2, 1 - after % 2]


def test_solo_flow():
    # rules.md 5.6: two turns per round, rounds 1..30 with 25 twice, phases after 11/15/21/25
    sched = schedule(new(players=1))
    assert sum(1 for _, kind, _ in sched if kind == "normal") == 62
    letters = [label for label, kind, _ in sched if kind == "solo_settlement"]
    assert letters == ["A", "B", "C", "D"]
    order = [label for label, _, _ in sched]
    for letter, after in zip("ABCD", (11, 15, 21, 25)):
        i = order.index(letter)
        assert order[i - 1] == after
    state = new(players=1)
    rounds_shown = []
    while not state.is_terminal():
        t = state._turn()
        if t["turn_kind"] == "normal" and t["turn_idx"] == 0:
            rounds_shown.append(state.to_json()["round"])
        while "COMMIT" not in texts(state):
            state.apply_action(state.legal_actions()[0])
        play(state, "COMMIT")
    assert rounds_shown == list(range(1, 26)) + [25] + list(range(26, 31))


def test_2p_short_ends_with_a_single_action_when_the_display_is_low():
    # rules.md 5.4: from the second round after D, a player who starts a round with at most
    # one building left takes one action, then the game ends
    state = new(players=2, length="short")
    while state._turn()["round"] < 28:
        play(state, "COMMIT")
    assert state._turn()["current"] == 1
    editor(state).display("G02")                  # one building left
    play(state, "COMMIT", "COMMIT")               # round 28 is played in full
    t = state._turn()
    assert t["round"] == 29 and t["current"] == 0 and t["final_turn"]
    play(state, "COMMIT")
    assert state.is_terminal()


def test_2p_short_plays_on_while_two_buildings_remain():
    state = new(players=2, length="short")
    while state._turn()["round"] < 29:
        play(state, "COMMIT")
    editor(state).display("G02", "F04")
    play(state, "COMMIT", "COMMIT")
    assert not state.is_terminal() and state._turn()["round"] == 30


def test_2p_long_last_turn_when_three_buildings_remain():
    # rules.md 5.5: from the second round after D, when the round's last turn begins with at
    # most 3 buildings in the display, that turn is the last of the game
    state = new(players=2, length="long")
    while state._turn()["round"] < 29:
        play(state, "COMMIT")
    editor(state).display("G02", "F04", "F05")
    assert state._turn()["start_player"] == 0
    play(state, "COMMIT", "COMMIT")               # seat 0's two turns
    assert state._turn()["final_turn"] and state._turn()["current"] == 1
    play(state, "COMMIT")
    assert state.is_terminal()


def test_2p_long_no_end_check_in_the_first_round_after_d():
    state = new(players=2, length="long")
    while state._turn()["round"] < 28:
        play(state, "COMMIT")
    editor(state).display("G02")
    play(state, "COMMIT", "COMMIT", "COMMIT")
    assert not state.is_terminal() and state._turn()["round"] == 29


def test_2p_round_limit_ends_a_stuck_game():
    state = new(players=2, length="long", two_player_round_limit=40)
    sched = schedule(state)
    assert max(label for label, _, _ in sched if isinstance(label, int)) == 40


def test_phase_cards_enter_after_the_phase():
    # rules.md 8: the phase's buildings and settlement card arrive at the next round start
    state = new(players=4)
    a_cards = {"F14", "F15", "G16", "F17", "G18", "G19"}     # the A buildings of the 4p deck
    while not state._turn()["in_settlement"]:
        play(state, "COMMIT")
    display = {CARD_CODES[c] for c in state._display()}
    assert not display & a_cards
    assert state.to_json()["players"][0]["settlements_in_hand"][-1] == "SR4"
    while state._turn()["in_settlement"]:
        play(state, "COMMIT")
    display = {CARD_CODES[c] for c in state._display()}
    assert a_cards <= display
    assert state.to_json()["players"][0]["settlements_in_hand"][-1] == "SR5"   # Artists Colony


def test_clergy_return_only_when_all_are_placed():
    # rules.md 5.7
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl", "COMMIT")      # Red places one lay brother
    for _ in range(4):
        play(state, "COMMIT")
    assert state._turn()["round"] == 2
    assert state._clergy(0)[0] != "home"            # not all placed: nothing comes back
    ed = editor(state)
    ed.clergy(1, "lay_brother_1", (1, 4, 0))
    ed.clergy(1, "lay_brother_2", (1, 2, 1))
    ed.clergy(1, "prior", (1, 4, 1))
    while state._turn()["round"] == 2:
        play(state, "COMMIT")
    assert state._clergy(1) == ["home", "home", "home"]
    assert state._clergy(0)[0] != "home"


def test_settlement_turn_allows_only_settle_landscape_convert_commit():
    state = new(players=4)
    while not state._turn()["in_settlement"]:
        play(state, "COMMIT")
    editor(state).goods(state.current_player(), coin=20, grain=3, wood=3)
    verbs = {t.split()[0] for t in texts(state)}
    assert verbs == {"SETTLE", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "COMMIT"}
