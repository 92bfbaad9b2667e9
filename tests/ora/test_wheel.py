"""The production wheel (rules.md 4): values, taking, overflow, joker, entry of
grapes and stone, the short game's bonus production and round goods."""
import pytest

from .orahelp import TOKENS, editor, good, goods, new, play, texts, token

FRONT = [0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10]
BACK = [0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10]


@pytest.mark.parametrize("players, length, table", [(4, "long", FRONT), (2, "short", BACK), (1, "long", FRONT)])
def test_value_by_distance_behind_the_arm(players, length, table):
    # rules.md 4.1: value = values[(arm - token) mod 13]; front side, back side in 2p short
    state = new(players=players, length=length)
    arm = state._wheel()[0]
    for d in range(13):
        editor(state).wheel(clay=arm - d)
        assert token(state, "clay")[1] == table[d]


@pytest.mark.parametrize("players, length, value", [(4, "long", 2), (2, "short", 1), (1, "long", 2)])
def test_round_one_tokens(players, length, value):
    # rules.md 4.3: the arm turns before round 1, every start token is worth values[1]
    state = new(players=players, length=length)
    arm, slots, values = state._wheel()
    assert arm == 1
    for name in TOKENS[:7]:
        assert token(state, name) == (0, value)
    assert token(state, "grapes") == (None, 0) and token(state, "stone") == (None, 0)


def test_take_moves_the_token_to_zero():
    state = new(players=4)
    editor(state).token_value(clay=5)
    play(state, "USE LR1", "TAKE Cl")
    assert good(state, 0, "clay") == 1 + 5
    assert token(state, "clay")[1] == 0
    assert token(state, "joker")[1] == 2            # the joker did not move


def test_take_at_zero_gives_nothing_but_is_allowed():
    state = new(players=4)
    editor(state).token_value(clay=0)
    play(state, "USE LR1", "TAKE Cl")
    assert good(state, 0, "clay") == 1


def test_joker_instead_of_the_token():
    # rules.md 4.4: the joker's value, the joker resets, the good's token stays
    state = new(players=4)
    editor(state).token_value(clay=3, joker=8)
    play(state, "USE LR1", "TAKE Cl Jo")
    assert good(state, 0, "clay") == 1 + 8
    assert token(state, "joker")[1] == 0 and token(state, "clay")[1] == 3


def test_joker_is_used_when_the_token_is_absent():
    # stone is not on the wheel yet: a Quarry takes the joker's value
    state = new(players=4)
    ed = editor(state)
    ed.plot(0, 0, "MOUNTAIN")
    ed.place(0, "G22", 6, 0)
    ed.token_value(joker=6)
    assert [t for t in texts(state) if "G22" in t] == ["USE G22", "USE G22 WITH_PRIOR"]
    play(state, "USE G22")
    assert texts(state) == ["TAKE Sn Jo", "SKIP"]
    play(state, "TAKE Sn Jo")
    assert good(state, 0, "stone") == 6 and token(state, "joker")[1] == 0


def test_overflow_token_at_ten_stays_at_ten():
    # rules.md 4.3: the arm pushes a token at value 10 along
    state = new(players=4)
    editor(state).token_value(sheep=10)
    for _ in range(5):
        play(state, "COMMIT")
    assert state._turn()["round"] == 2
    assert token(state, "sheep")[1] == 10
    assert token(state, "grain")[1] == 3


def test_solo_overflow_removes_the_token():
    state = new(players=1)
    editor(state).token_value(sheep=10, joker=10)
    play(state, "COMMIT", "COMMIT")
    assert token(state, "sheep") == (None, 0) and token(state, "joker") == (None, 0)
    # the Farmyard now offers only grain; with neither token nor joker a use gives nothing
    play(state, "USE LR2")
    assert texts(state) == ["TAKE Gn", "SKIP"]


def test_untouched_token_values_by_round():
    # rules.md 4.3 / wheel.json: front 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10...
    state = new(players=4)
    seen = []
    while state._turn()["round"] <= 15 and len(seen) < 15:
        if state._turn()["turn_idx"] == 0 and not state._turn()["in_settlement"]:
            r = state._turn()["round"]
            if not seen or seen[-1][0] != r:
                seen.append((r, token(state, "wood")[1]))
        play(state, "COMMIT")
    assert [v for _, v in seen] == [2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 10, 10]


def _value_at_round(players, length, name, r, **opts):
    state = new(players=players, length=length, **opts)
    while state._turn()["round"] < r:
        play(state, "COMMIT")
    return token(state, name)


@pytest.mark.parametrize("players, length, grape, stone, before", [
    (4, "long", 8, 13, True), (3, "long", 8, 13, True),          # seed: rounds 8 / 13, worth 2
    (2, "long", 11, 18, False), (2, "short", 11, 18, False),
    (3, "short", 4, 6, False), (4, "short", 4, 6, False),
])
def test_grapes_and_stone_enter(players, length, grape, stone, before):
    # rules.md 4.5
    for name, r in (("grapes", grape), ("stone", stone)):
        assert _value_at_round(players, length, name, r - 1)[0] is None
        slot, value = _value_at_round(players, length, name, r)
        assert slot is not None
        assert value == (2 if before else 0)


def test_grapes_round_9_in_kennerspiel_3p():
    assert _value_at_round(3, "long", "grapes", 8, rules="kennerspiel")[0] is None
    assert _value_at_round(3, "long", "grapes", 9, rules="kennerspiel")[1] == 2


def test_no_grapes_or_stone_in_solo():
    state = new(players=1)
    while not state.is_terminal():
        assert token(state, "grapes")[0] is None and token(state, "stone")[0] is None
        play(state, "COMMIT") if "COMMIT" in texts(state) else state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("players", [3, 4])
def test_short_game_bonus_production(players):
    # rules.md 4.6: every player gets one of the good taken, the user included
    state = new(players=players, length="short")
    before = [good(state, s, "clay") for s in range(players)]
    editor(state).token_value(clay=4)
    play(state, "USE LR1", "TAKE Cl")
    after = [good(state, s, "clay") for s in range(players)]
    assert after[0] == before[0] + 4 + 1
    assert all(after[s] == before[s] + 1 for s in range(1, players))


def test_no_bonus_production_in_the_long_game():
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl")
    assert [good(state, s, "clay") for s in range(4)] == [3, 1, 1, 1]


ROUND_GOODS = {1: {"grain": 1, "sheep": 1}, 2: {"grain": 1, "clay": 1}, 3: {"grain": 1, "wood": 1},
               4: {"grain": 1, "stone": 1}, 5: {"peat": 1, "stone": 1}, 6: {"clay": 1, "stone": 1},
               7: {"wood": 1, "stone": 1}, 8: {"stone": 1, "coin": 5}, 9: {"stone": 1, "meat": 1},
               10: {"book": 1, "grain": 1}, 11: {"ceramic": 1, "clay": 1}, 12: {"ornament": 1, "wood": 1}}


@pytest.mark.parametrize("players", [3, 4])
def test_short_game_round_goods(players):
    # rules.md 4.6: goods at the start of each round (a 5-coin piece is 5 coins)
    state = new(players=players, length="short")
    total = {"wood": 1, "clay": 1, "peat": 1, "coin": 1, "grain": 1, "sheep": 1}
    for r in range(1, 13):
        while state._turn()["round"] < r:
            play(state, "COMMIT")
        if r > 1:
            for g, n in ROUND_GOODS[r].items():
                total[g] = total.get(g, 0) + n
        else:
            for g, n in ROUND_GOODS[1].items():
                total[g] += n
        for seat in range(players):
            assert goods(state, seat) == total, (r, seat)
