"""The heartland cards: L1 Clay Mound, L2 Farmyard, L3 Cloister Office, and the
Forest / Moor cards with the Fell Trees / Cut Peat main actions.

Numbers from the card text (``buildings.json``) and rules.md 4 (wheel), 7.1
(using without the function), 7.3 (fell / cut), 12.4-12.5 (values).  Seat 0's
heartland: moors (0, 0), (0, 1); forests (1, 0), (2, 0), (1, 1); Clay Mound
(4, 0), Farmyard (2, 1), Cloister Office (4, 1).
"""
import pytest

from .orahelp import at, editor, goods, new, play, texts, token_value

FORESTS = [(1, 0), (2, 0), (1, 1)]
MOORS = [(0, 0), (0, 1)]


def position(players=4, length="long", rules="printed", **g):
    state = new(players=players, length=length, rules=rules)
    ed = editor(state)
    ed.clear_goods(0)
    if g:
        ed.goods(0, **g)
    return state


def everyone(state, name):
    return [goods(state, s).get(name, 0) for s in range(state._config()["players"])]


# ------------------------------------------------------------------ wheel buildings

WHEEL = [("LR1", "Cl", "clay"), ("LR3", "Pn", "coin")]


@pytest.mark.parametrize("card, code, name", WHEEL)
def test_l1_l3_take_by_the_token(card, code, name):
    # L1 clay / L3 coins: as many as the token shows (5), the token resets, the joker stays
    state = position(book=1)
    editor(state).token_value(**{name: 5, "joker": 7})
    others = [goods(state, s) for s in (1, 2, 3)]
    play(state, f"USE {card}")
    assert texts(state) == [f"TAKE {code}", f"TAKE {code} Jo", "SKIP"]
    play(state, f"TAKE {code}")
    assert goods(state, 0) == {"book": 1, name: 5}
    assert token_value(state, name) == 0 and token_value(state, "joker") == 7
    assert [goods(state, s) for s in (1, 2, 3)] == others
    assert state._decision()["kind"] == "turn" and state._turn()["main_used"]


@pytest.mark.parametrize("card, code, name", WHEEL)
def test_l1_l3_take_by_the_joker(card, code, name):
    # rules.md 4.4: the joker's value (8), the joker resets, the good's token does not move
    state = position()
    editor(state).token_value(**{name: 3, "joker": 8})
    play(state, f"USE {card}", f"TAKE {code} Jo")
    assert goods(state, 0) == {name: 8}
    assert token_value(state, "joker") == 0 and token_value(state, name) == 3


@pytest.mark.parametrize("card, code, name", WHEEL)
def test_l1_l3_take_at_value_0(card, code, name):
    # rules.md 4.3: taking at value 0 is legal and yields nothing
    state = position(wood=1)
    editor(state).token_value(**{name: 0})
    play(state, f"USE {card}", f"TAKE {code}")
    assert goods(state, 0) == {"wood": 1}


@pytest.mark.parametrize("card, code, name", WHEEL + [("LR2", "Gn", "grain")])
def test_l1_l2_l3_skip_printed_only(card, code, name):
    # printed (rules.md 7.1): the clergyman may stand there without producing, the token stays;
    # kennerspiel: a wheel building always produces (no SKIP)
    state = position()
    editor(state).token_value(**{name: 6})
    play(state, f"USE {card}", "SKIP")
    assert goods(state, 0) == {}
    assert token_value(state, name) == 6
    col, row = {"LR1": (4, 0), "LR2": (2, 1), "LR3": (4, 1)}[card]
    assert state._clergy(0)[0] == (0, state._space_at(0, col, row)) and state._turn()["main_used"]
    state = position(rules="kennerspiel")
    play(state, f"USE {card}")
    assert "SKIP" not in texts(state)


@pytest.mark.parametrize("take, name", [("Gn", "grain"), ("Sh", "sheep")])
def test_l2_farmyard_grain_or_sheep(take, name):
    # L2: grain OR sheep by that good's token, only one of the two; that token resets
    state = position(coin=2)
    editor(state).token_value(grain=4, sheep=6, joker=9)
    play(state, "USE LR2")
    assert texts(state) == ["TAKE Gn", "TAKE Gn Jo", "TAKE Sh", "TAKE Sh Jo", "SKIP"]
    play(state, f"TAKE {take}")
    assert goods(state, 0) == {"coin": 2, name: {"grain": 4, "sheep": 6}[name]}
    assert token_value(state, name) == 0
    other = "sheep" if name == "grain" else "grain"
    assert token_value(state, other) == {"grain": 4, "sheep": 6}[other]
    assert token_value(state, "joker") == 9


def test_l2_farmyard_sheep_by_the_joker():
    state = position()
    editor(state).token_value(grain=4, sheep=6, joker=9)
    play(state, "USE LR2", "TAKE Sh Jo")
    assert goods(state, 0) == {"sheep": 9}
    assert (token_value(state, "grain"), token_value(state, "sheep"), token_value(state, "joker")) == (4, 6, 0)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("card, take, name", [("LR1", "TAKE Cl", "clay"), ("LR2", "TAKE Sh", "sheep"),
                                              ("LR3", "TAKE Pn", "coin"), ("LR1", "TAKE Cl Jo", "clay")])
def test_l1_l2_l3_short_game_bonus_production(players, card, take, name):
    # rules.md 4.6 / card notes: every player, the user included, also takes 1 of the good
    state = position(players=players, length="short")
    editor(state).token_value(**{name: 4, "joker": 5})
    before = everyone(state, name)
    play(state, f"USE {card}", take)
    value = 5 if take.endswith("Jo") else 4
    assert everyone(state, name) == [before[0] + value + 1] + [n + 1 for n in before[1:]]


def test_l1_short_game_no_bonus_production_on_skip():
    state = position(players=4, length="short")
    before = [goods(state, s) for s in range(4)]
    play(state, "USE LR1", "SKIP")
    assert [goods(state, s) for s in range(4)] == before


def test_l1_no_bonus_production_in_the_long_game():
    state = position(players=4, length="long")
    editor(state).token_value(clay=4)
    before = everyone(state, "clay")
    play(state, "USE LR1", "TAKE Cl")
    assert everyone(state, "clay") == [before[0] + 4] + before[1:]


def test_l1_clay_mound_by_work_contract():
    # rules.md 7.2: Red pays 1 coin to Green; Green's lay brother goes there; Red gets the clay
    state = position(coin=1)
    editor(state).token_value(clay=5)
    g1 = goods(state, 1)
    play(state, "WORK_CONTRACT LG1 Pn")
    assert state.current_player() == 1
    play(state, "WITH_LAYBROTHER", "TARGET LG1", "TAKE Cl")
    assert goods(state, 0) == {"clay": 5}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1}
    assert state._clergy(1)[0] == (1, state._space_at(1, 4, 0))


def test_l3_cloister_office_by_work_contract_wine_instead_of_coins():
    # rules.md 7.2: 1 wine instead of the fee; it goes to the supply, the owner gets nothing
    state = position(wine=1)
    editor(state).token_value(coin=3)
    g2 = goods(state, 2)
    play(state, "WORK_CONTRACT LB3 Wn", "WITH_PRIOR", "TARGET LB3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 3}
    assert goods(state, 2) == g2


@pytest.mark.parametrize("space, neighbours", [
    ((3, 0), 3),        # (4, 0) Clay Mound 3, (2, 0) forest 0, (3, 1) empty
    ((3, 1), 2 + 2),    # (2, 1) Farmyard 2, (4, 1) Cloister Office 2, (3, 0) empty
])
def test_l1_l2_l3_dwelling_values(space, neighbours):
    # L1 dwelling 3, L2 2, L3 2, forest 0; all economic 0 (Shanty Town: economic 0, dwelling -3)
    state = position()
    editor(state).place(0, "S01", *space)
    b = state.score_breakdown(0)
    assert b["settlements"]["total"] == -3 + neighbours
    assert b["economic"]["total"] == 0


def test_lfo_lmo_score_nothing():
    # LFO / LMO: 0 economic, 0 dwelling (a settlement between a moor and two forests)
    state = position()
    editor(state).clear(0, 1, 0)
    editor(state).place(0, "S02", 1, 0)        # (0, 0) moor, (2, 0) forest, (1, 1) forest
    b = state.score_breakdown(0)
    assert b["settlements"]["total"] == 1 and b["economic"]["total"] == 1


def test_l3_is_a_cloister_building_l1_l2_are_not():
    # L3 seeds the cloister: a cloister building may go next to it and nowhere else here
    state = position(wood=2)
    editor(state).display("G02")
    play(state, "BUILD G02")
    assert texts(state) == ["AT 3 1"]


def test_lfo_lmo_never_used_or_contracted():
    # forest and moor are no buildings: never used, never a work-contract target
    state = position(coin=5)
    assert not [t for t in texts(state) if "LFO" in t or "LMO" in t or "forest" in t or "moor" in t]


# ------------------------------------------------------------------ Fell Trees / Cut Peat

@pytest.mark.parametrize("verb, spaces, token, name", [
    ("FELL_TREES", FORESTS, "wood", "wood"), ("CUT_PEAT", MOORS, "peat", "peat")])
def test_lfo_lmo_fell_cut_offers_every_own_card_with_and_without_joker(verb, spaces, token, name):
    state = position()
    offered = [t for t in texts(state) if t.startswith(verb)]
    expected = []
    for c, r in sorted(spaces, key=lambda cr: (cr[1], cr[0])):
        expected += [f"{verb} {c} {r}", f"{verb} {c} {r} Jo"]
    assert offered == expected


@pytest.mark.parametrize("verb, col, row, name", [("FELL_TREES", 2, 0, "wood"), ("CUT_PEAT", 0, 1, "peat")])
def test_lfo_lmo_fell_cut_by_the_token(verb, col, row, name):
    # rules.md 7.3: the card is removed; goods = the token's value (6); the token resets;
    # no clergyman; the space is an empty plains space
    state = position(book=1)
    editor(state).token_value(**{name: 6, "joker": 8})
    clergy = state._clergy(0)
    play(state, f"{verb} {col} {row}")
    assert goods(state, 0) == {"book": 1, name: 6}
    assert token_value(state, name) == 0 and token_value(state, "joker") == 8
    assert at(state, 0, col, row) is None
    assert state._terrain(0, state._space_at(0, col, row)) == "plains"
    assert state._clergy(0) == clergy
    assert state._turn()["main_used"]
    assert not [t for t in texts(state) if t.startswith(("USE", "FELL", "CUT", "BUILD"))]


@pytest.mark.parametrize("verb, col, row, name", [("FELL_TREES", 1, 1, "wood"), ("CUT_PEAT", 0, 0, "peat")])
def test_lfo_lmo_fell_cut_by_the_joker(verb, col, row, name):
    state = position()
    editor(state).token_value(**{name: 3, "joker": 9})
    play(state, f"{verb} {col} {row} Jo")
    assert goods(state, 0) == {name: 9}
    assert token_value(state, "joker") == 0 and token_value(state, name) == 3
    assert at(state, 0, col, row) is None


@pytest.mark.parametrize("verb, col, row, name", [("FELL_TREES", 1, 0, "wood"), ("CUT_PEAT", 0, 0, "peat")])
def test_lfo_lmo_fell_cut_at_value_0(verb, col, row, name):
    # rules.md 7.3: allowed at value 0: nothing gained, the card is still removed, the action spent
    state = position(clay=1)
    editor(state).token_value(**{name: 0})
    play(state, f"{verb} {col} {row}")
    assert goods(state, 0) == {"clay": 1}
    assert at(state, 0, col, row) is None and state._turn()["main_used"]


def test_lfo_fell_trees_frees_a_space_to_build_on():
    # LFO: the freed space can be built on (plains)
    state = position(wood=1)
    play(state, "FELL_TREES 1 0")
    editor(state).turn(main_used=0)
    editor(state).display("G12")
    play(state, "BUILD G12")
    assert "AT 1 0" in texts(state)


@pytest.mark.parametrize("verb, spaces", [("FELL_TREES", FORESTS), ("CUT_PEAT", MOORS)])
def test_lfo_lmo_fell_cut_without_a_card_printed(verb, spaces):
    # rules.md 7.3 [seed]: with no forest / moor left the action may still be taken: nothing
    # gained, no token moves, the main action is spent
    state = position(wood=2)
    ed = editor(state)
    for c, r in spaces:
        ed.clear(0, c, r)
    ed.token_value(wood=6, peat=6, joker=7)
    wheel = state._wheel()
    assert [t for t in texts(state) if t.startswith(verb)] == [f"{verb} -"]
    play(state, f"{verb} -")
    assert goods(state, 0) == {"wood": 2}
    assert state._wheel() == wheel
    assert state._turn()["main_used"]


@pytest.mark.parametrize("verb, spaces", [("FELL_TREES", FORESTS), ("CUT_PEAT", MOORS)])
def test_lfo_lmo_fell_cut_without_a_card_kennerspiel(verb, spaces):
    # kennerspiel preset: refused without a card
    state = position(rules="kennerspiel")
    for c, r in spaces:
        editor(state).clear(0, c, r)
    assert not [t for t in texts(state) if t.startswith(verb)]


def test_lfo_fell_trees_dash_not_offered_while_a_forest_is_left():
    state = position()
    assert "FELL_TREES -" not in texts(state) and "CUT_PEAT -" not in texts(state)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("move, name", [("FELL_TREES 2 0", "wood"), ("CUT_PEAT 0 1 Jo", "peat")])
def test_lfo_lmo_fell_cut_short_game_bonus_production(players, move, name):
    # rules.md 4.6: Fell Trees / Cut Peat are wheel takes: every player +1
    state = position(players=players, length="short")
    editor(state).token_value(**{name: 5, "joker": 4})
    before = everyone(state, name)
    play(state, move)
    value = 4 if move.endswith("Jo") else 5
    assert everyone(state, name) == [before[0] + value + 1] + [n + 1 for n in before[1:]]


def test_lfo_fell_trees_dash_no_bonus_production_in_the_short_game():
    state = position(players=4, length="short")
    for c, r in [(2, 0), (1, 1)]:                  # the short heartland has two forests
        editor(state).clear(0, c, r)
    before = [goods(state, s) for s in range(4)]
    play(state, "FELL_TREES -")
    assert [goods(state, s) for s in range(4)] == before


def test_lfo_lmo_short_heartland_has_one_forest_and_one_moor_fewer():
    # LFO / LMO notes: short 3-4p game: 2 forests, 1 moor
    state = position(players=3, length="short")
    cards = {(c, r): at(state, 0, c, r) for _sp, c, r, _t, _cid in state._spaces(0)}
    assert sorted(k for k, v in cards.items() if v == "forest") == [(1, 1), (2, 0)]
    assert sorted(k for k, v in cards.items() if v == "moor") == [(0, 1)]
