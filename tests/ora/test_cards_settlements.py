"""The settlements S01-S08: cost in food and energy, economic and dwelling
values, terrain; settling in settlement turns or through the Castle (G28).

Numbers from ``settlements.json`` and rules.md 8 / 12.5.  Most tests grant the
Castle's bonus Settle with the editor (``bonus(settle=1)``) in a normal turn;
one test plays into settlement phase A.
"""
import pytest

from .orahelp import at, editor, goods, new, play, texts

# id -> (food, energy, economic, dwelling)
SETTLEMENTS = {
    "S01": (1, 1, 0, -3),      # Shanty Town
    "S02": (3, 3, 1, 1),       # Farming Village
    "S03": (7, 0, 2, 2),       # Market Town
    "S04": (8, 3, 4, 6),       # Fishing Village (coast only)
    "S05": (5, 1, -1, 5),      # Artist's Colony
    "S06": (5, 6, 3, 4),       # Hamlet
    "S07": (15, 9, 8, 6),      # Village
    "S08": (30, 3, 10, 8),     # Hilltop Village (hillside only)
}
HAND_IDS = {f"S0{i}": 72 + i for i in range(1, 9)}       # card ids (CARD_CODES index)
# a legal space of each settlement whose neighbours add exactly 3:
#   (3, 0): Clay Mound 3, forest 0, empty; (-1, 0): water 3, moor 0, coast; (5, 0): Clay Mound 3
HOME = {"S04": (-1, 0), "S08": (5, 0)}


def position(*hand, rules="printed", players=4, **g):
    state = new(players=players, rules=rules)
    ed = editor(state)
    ed.clear_goods(0)
    if g:
        ed.goods(0, **g)
    ed.plot(0, 0, "COAST")
    ed.plot(0, 0, "MOUNTAIN")
    ed.hand(0, *hand)
    return state


def settles(state):
    return [t for t in texts(state) if t.startswith("SETTLE")]


def pay_all(state):
    """Answer every PAY with its largest offer of the first good (the goods are set up so
    that this is the exact payment)."""
    while state._decision()["kind"] == "pay":
        first = texts(state)[0][4:6]
        play(state, max((t for t in texts(state) if t[4:6] == first), key=len))


@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
@pytest.mark.parametrize("card", sorted(SETTLEMENTS))
def test_s01_s08_cost_food_and_energy(card, rules):
    # settlements.json: food by grain (1 each), energy by wood (1 each), exactly the cost
    food, energy, _e, _d = SETTLEMENTS[card]
    state = position(card, "S01" if card != "S01" else "S02", rules=rules, grain=food, wood=energy, book=1)
    editor(state).bonus(settle=1)
    n = card[-1]
    play(state, f"SETTLE SR{n}")
    col, row = HOME.get(card, (3, 0))
    play(state, f"AT {col} {row}")
    pay_all(state)
    assert goods(state, 0) == {"book": 1}
    assert at(state, 0, col, row) == card
    assert HAND_IDS[card] not in state._hand(0) and len(state._hand(0)) == 1
    assert not settles(state)                       # one settlement per Settle


@pytest.mark.parametrize("card, short", [(c, k) for c in sorted(SETTLEMENTS) for k in ("food", "energy")
                                         if SETTLEMENTS[c][0 if k == "food" else 1]])
def test_s01_s08_not_offered_one_short(card, short):
    food, energy, _e, _d = SETTLEMENTS[card]
    if short == "food":
        food -= 1
    else:
        energy -= 1
    # meat / peat would over-pay; use coins (1 food) and wood (1 energy) so nothing else counts
    state = position(card, coin=food, wood=energy)
    editor(state).bonus(settle=1)
    assert not settles(state)


@pytest.mark.parametrize("card", sorted(SETTLEMENTS))
def test_s01_s08_economic_and_dwelling_value(card):
    # rules.md 12.4 / 12.5: economic value; settlement points = own dwelling + neighbours (3 here)
    _f, _en, econ, dwell = SETTLEMENTS[card]
    state = position()
    editor(state).place(0, card, *HOME.get(card, (3, 0)))
    b = state.score_breakdown(0)
    assert b["economic"]["total"] == econ
    assert b["settlements"]["total"] == dwell + 3


def test_s01_s02_adjacent_settlements_count_each_other():
    # rules.md 12.5: Shanty Town (-3) next to the Farming Village (1): each counts the other
    state = position()
    editor(state).place(0, "S01", 3, 1)      # (2, 1) Farmyard 2, (4, 1) Cloister Office 2
    editor(state).place(0, "S02", 3, 0)      # (4, 0) Clay Mound 3
    assert state.score_breakdown(0)["settlements"]["total"] == (-3 + 2 + 2 + 1) + (1 + 3 - 3)


@pytest.mark.parametrize("card, spaces", [
    ("S01", {(3, 0), (3, 1), (-1, 0), (-1, 1), (5, 0), (5, 1)}),     # coast, plains, hillside
    ("S03", {(3, 0), (3, 1), (-1, 0), (-1, 1), (5, 0), (5, 1)}),
    ("S07", {(3, 0), (3, 1), (-1, 0), (-1, 1), (5, 0), (5, 1)}),
    ("S04", {(-1, 0), (-1, 1)}),                                     # Fishing Village: coast only
    ("S08", {(5, 0), (5, 1)}),                                       # Hilltop Village: hillside only
])
def test_s01_s08_terrain(card, spaces):
    # rules.md 8: never water (-2, r) or mountain (6, 0); no adjacency requirement
    state = position(card, grain=40, wood=10)
    editor(state).bonus(settle=1)
    play(state, f"SETTLE SR{card[-1]}")
    assert {tuple(map(int, t.split()[1:])) for t in texts(state)} == spaces


def test_s04_s08_no_settle_without_a_space_of_its_terrain():
    # Fishing Village without coast, Hilltop Village with the only hillside taken
    state = new()
    ed = editor(state)
    ed.goods(0, grain=40, wood=10)
    ed.hand(0, "S04", "S08")
    ed.bonus(settle=1)
    assert not settles(state)


def test_s01_payment_is_pooled_and_over_payment_is_lost():
    # rules.md 8 / 12A: Shanty Town (1 food, 1 energy) paid by a sheep (2 food) and a peat (2 energy)
    state = position("S01", sheep=1, peat=1, clay=1)
    editor(state).bonus(settle=1)
    play(state, "SETTLE SR1", "AT 3 1")
    assert texts(state) == ["PAY Sh"]
    play(state, "PAY Sh")
    assert texts(state) == ["PAY Pt"]
    play(state, "PAY Pt")
    assert goods(state, 0) == {"clay": 1}


def test_s01_grain_is_food_or_straw():
    # 3 grain pay a Shanty Town: 1 as food, 2 flipped to straw (1/2 energy each)
    state = position("S01", grain=3)
    editor(state).bonus(settle=1)
    play(state, "SETTLE SR1", "AT 3 1", "PAY Gn", "PAY SwSw")
    assert goods(state, 0) == {}
    state = position("S01", grain=2)
    editor(state).bonus(settle=1)
    assert not settles(state)


def test_s07_food_and_energy_values_of_every_good():
    # rules.md 8: food sheep 2, meat 5, coin 1, grapes 1, flour 1, bread 3, wine 1 (= 15);
    # energy wood 1, peat 2, peat coal 3, straw 1/2 (= 9): the Village (S07, 15 / 9) exactly
    food = dict(sheep=1, meat=1, coin=2, grapes=1, flour=1, bread=1, wine=1)
    energy = dict(wood=1, peat=2, peat_coal=1, straw=2)
    state = position("S07", **food, **energy, book=1)
    editor(state).bonus(settle=1)
    play(state, "SETTLE SR7", "AT 3 1")
    pay_all(state)
    assert goods(state, 0) == {"book": 1}
    assert at(state, 0, 3, 1) == "S07"
    # one energy less (no wood): not offered
    state = position("S07", **food, **{**energy, "wood": 0})
    editor(state).bonus(settle=1)
    assert not settles(state)


def test_s03_coins_are_food():
    # rules.md 8: coin 1 food: Market Town (7 food, no energy) by 7 coins
    state = position("S03", coin=7, wood=1)
    editor(state).bonus(settle=1)
    play(state, "SETTLE SR3", "AT 3 0", "PAY PnPnPnPnPnPnPn")
    assert goods(state, 0) == {"wood": 1}
    assert at(state, 0, 3, 0) == "S03"


def test_s01_s02_no_settle_in_a_normal_turn():
    # rules.md 8: outside settlement turns only the Castle settles
    state = position("S01", "S02", grain=10, wood=10)
    assert not settles(state)


def commit_to_phase_a():
    state = new()
    while not state._turn()["in_settlement"]:
        play(state, "COMMIT")
    while state.current_player() != 0:
        play(state, "COMMIT")
    return state


def test_s02_settlement_turn_in_phase_a():
    # rules.md 8: in a settlement turn at most one settlement, no USE / BUILD / work contract
    state = commit_to_phase_a()
    assert state._turn()["phase_letter"] == "A"
    editor(state).goods(0, grain=5, wood=5, peat=0, sheep=0, coin=0, clay=0)
    t = texts(state)
    assert settles(state) == ["SETTLE SR1", "SETTLE SR2"]
    assert not [x for x in t if x.startswith(("USE", "BUILD", "WORK_CONTRACT", "FELL", "CUT"))]
    play(state, "SETTLE SR2", "AT 3 0", "PAY GnGnGn", "PAY WoWoWo")
    assert goods(state, 0) == {"grain": 2, "wood": 2}
    assert at(state, 0, 3, 0) == "S02"
    assert not settles(state)
    # the phase's settlement (A: Artist's Colony) arrives only after the phase
    assert HAND_IDS["S05"] not in state._hand(0)
    while state._turn()["in_settlement"]:
        play(state, "COMMIT")
    assert HAND_IDS["S05"] in state._hand(0)
