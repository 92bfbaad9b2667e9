"""Settlement phases (rules.md 8), the bonus round (9), the solo game (10)."""
import pytest

from olab_core.ora._engine import CARD_CODES
from .orahelp import at, editor, good, goods, new, play, texts


def to_settlement(state):
    while not state._turn()["in_settlement"]:
        play(state, "COMMIT")
    return state.current_player()


def test_settle_pays_food_and_energy():
    # Farming Village (S02): 3 food, 3 energy; grain 1 food, wood 1 energy, straw 1/2
    state = new(players=4)
    seat = to_settlement(state)
    ed = editor(state)
    ed.clear_goods(seat)
    ed.goods(seat, sheep=1, grain=1, wood=2, straw=2)
    c = "RGBW"[seat]
    play(state, f"SETTLE S{c}2", "AT 3 0")
    # goods in a fixed order (meat, beer, bread, sheep, grain, ...): the sheep comes first;
    # 2 grain-less paths would leave food unpaid, so PAY Gn is not offered before the sheep
    assert texts(state) == ["PAY Sh"]
    play(state, "PAY Sh", "PAY Gn")                       # 2 + 1 = 3 food
    assert texts(state)[0].startswith("PAY")
    play(state, "PAY WoWo", "PAY SwSw")                  # 2 + 1 = 3 energy
    assert at(state, seat, 3, 0) == "S02"
    assert goods(state, seat) == {}
    assert f"S{c}2" not in state.to_json()["players"][seat]["settlements_in_hand"]


def test_settle_grain_counts_as_food_or_as_straw_but_not_both():
    # Shanty Town (S01): 1 food, 1 energy; 2 grain pay it (one eaten, one flipped to straw
    # is only 1/2 energy: not enough), so 1 grain + 1 wood is needed
    state = new(players=4)
    seat = to_settlement(state)
    ed = editor(state)
    ed.clear_goods(seat)
    ed.goods(seat, grain=2)
    assert not any(t.startswith("SETTLE") for t in texts(state))
    ed.goods(seat, grain=3)
    play(state, f"SETTLE S{'RGBW'[seat]}1", "AT 3 0", "PAY Gn", "PAY SwSw")
    assert goods(state, seat) == {}


def test_overpayment_is_lost():
    state = new(players=4)
    seat = to_settlement(state)
    ed = editor(state)
    ed.clear_goods(seat)
    ed.goods(seat, meat=1, peat=1)
    play(state, f"SETTLE S{'RGBW'[seat]}1", "AT 3 0", "PAY Mt", "PAY Pt")   # 5 food for 1, 2 energy for 1
    assert goods(state, seat) == {}


@pytest.mark.parametrize("card, terrain", [("4", "coast"), ("1", "plains_hill_coast")])
def test_settlement_terrain(card, terrain):
    state = new(players=4)
    seat = to_settlement(state)
    ed = editor(state)
    ed.goods(seat, meat=3, peat=3)
    ed.plot(seat, 0, "COAST")
    ed.plot(seat, 0, "MOUNTAIN")
    c = "RGBW"[seat]
    play(state, f"SETTLE S{c}{card}")
    spots = set(texts(state))
    if terrain == "coast":                                # Fishing Village: coast only
        assert spots == {"AT -1 0", "AT -1 1"}
    else:                                                 # never water or mountain
        assert {"AT -1 0", "AT 3 0", "AT 5 0", "AT 5 1"} <= spots
        assert not spots & {"AT -2 0", "AT -2 1", "AT 6 0"}


def test_hilltop_village_only_on_hillside():
    state = new(players=4)
    seat = to_settlement(state)
    ed = editor(state)
    ed.hand(seat, "S08")
    ed.goods(seat, meat=6, peat=2)
    ed.district(seat, -1, "HILLS")
    play(state, f"SETTLE S{'RGBW'[seat]}8")
    assert set(texts(state)) == {"AT 3 -1", "AT 4 -1"}


def test_at_most_one_settlement_per_phase_and_it_is_optional():
    state = new(players=4)
    seat = to_settlement(state)
    editor(state).goods(seat, meat=5, peat=5, wood=5)
    c = "RGBW"[seat]
    play(state, f"SETTLE S{c}1", "AT 3 0", "PAY Mt", "PAY Pt")
    assert not any(t.startswith("SETTLE") for t in texts(state))
    play(state, "COMMIT")
    assert state.current_player() == (seat + 1) % 4        # the next player may simply commit
    play(state, "COMMIT")


def test_new_settlement_card_is_not_usable_in_its_own_phase():
    state = new(players=4)
    seat = to_settlement(state)
    assert state.to_json()["players"][seat]["settlements_in_hand"][-1][-1] == "4"


# ---------------------------------------------------------------- 9 bonus round

def to_bonus(players=4, length="long", **kw):
    state = new(players=players, length=length, **kw)
    while not (state._turn()["round"] == (24 if length == "long" else 12) and state._turn()["turn_idx"] == players):
        play(state, "COMMIT")
    return state


def test_bonus_round_priors_return_and_wheel_turns():
    state = to_bonus()
    ed = editor(state)
    for seat in range(4):
        ed.clergy(seat, "lay_brother_1", (seat, 4, 0))
        ed.clergy(seat, "prior", (seat, 2, 1))
    arm = state._wheel()[0]
    play(state, "COMMIT")
    assert state._turn()["in_bonus"] and state.current_player() == 0
    assert state._wheel()[0] == (arm + 1) % 13
    for seat in range(4):
        assert state._clergy(seat) == [(seat, 4), "home", "home"]


def test_bonus_round_prior_on_any_building_without_fee():
    state = to_bonus()
    editor(state).clergy(1, "lay_brother_1", (1, 4, 0))   # Green's Clay Mound is occupied
    play(state, "COMMIT")
    editor(state).token_value(clay=6)
    targets = [t for t in texts(state) if t.startswith("TARGET")]
    assert "TARGET LG1" in targets and "TARGET LR1" in targets and "TARGET LW3" in targets
    coins = good(state, 0, "coin")
    play(state, "TARGET LG1", "TAKE Cl")
    assert good(state, 0, "clay") == 1 + 6 and good(state, 0, "coin") == coins
    assert state._clergy(0)[2] == (1, 4)
    assert not {t.split()[0] for t in texts(state)} & {"TARGET", "BUILD", "USE", "FELL_TREES"}


def test_bonus_round_build_then_prior():
    state = to_bonus()
    play(state, "COMMIT")
    assert state._turn()["in_bonus"]
    editor(state).goods(state.current_player(), clay=1)
    verbs = {t.split()[0] for t in texts(state)}
    assert "BUILD" in verbs and not verbs & {"FELL_TREES", "CUT_PEAT", "WORK_CONTRACT", "USE"}
    play(state, "BUILD G07", "AT 3 0", "USE G07 WITH_PRIOR", "AMOUNT 0")


def test_bonus_round_then_phase_e_then_end():
    state = to_bonus(players=3)
    play(state, "COMMIT")
    seats = []
    while state._turn()["in_bonus"]:
        seats.append(state.current_player())
        play(state, "COMMIT")
    assert seats == [0, 1, 2]
    assert state._turn()["in_settlement"] and state._turn()["phase_letter"] == "E"
    for _ in range(3):
        play(state, "COMMIT")
    assert state.is_terminal()


def test_kennerspiel_3p_short_returns_clergy_before_the_priors():
    for rules, lay_home in (("printed", False), ("kennerspiel", True)):
        state = to_bonus(players=3, length="short", rules=rules)
        ed = editor(state)
        ed.clergy(0, "lay_brother_1", (0, 4, 0))
        ed.clergy(0, "prior", (0, 2, 1))
        play(state, "COMMIT")
        assert (state._clergy(0)[0] == "home") == lay_home


# ---------------------------------------------------------------- 10 solo

def to_solo_settlement(seed=42):
    state = new(players=1, seed=seed)                    # Red plays, White is neutral
    while state._turn()["turn_kind"] != "solo_settlement":
        play(state, "COMMIT")
    return state


def test_solo_neutral_building_phase():
    state = to_solo_settlement()
    display = sorted(CARD_CODES[c] for c in state._display())
    assert display and "COMMIT" not in texts(state)
    builds = sorted(t.split()[1] for t in texts(state) if t.startswith("BUILD"))
    assert builds == display
    # costs nothing, terrain ignored; over a building of the same kind
    before = state._goods(0)
    play(state, "BUILD G12")                             # non-cloister: empty spaces or over non-cloister
    spots = set(texts(state))
    assert {"AT 0 0", "AT 4 0", "AT 2 1", "AT 1 0"} <= spots and "AT 4 1" not in spots
    play(state, "AT 4 0")                                # over the neutral Clay Mound
    assert at(state, 1, 4, 0) == "G12" and state._goods(0) == before
    while any(t.startswith("BUILD") for t in texts(state)):
        play(state, texts(state)[0])
        play(state, texts(state)[0])
    assert state._display() == [] and "COMMIT" in texts(state)


def test_solo_settlement_contract_on_a_new_building():
    state = to_solo_settlement()
    editor(state).goods(0, coin=3)
    play(state, "BUILD G12", "AT 3 0")
    while any(t.startswith("BUILD") for t in texts(state)):
        play(state, texts(state)[0])
        play(state, texts(state)[0])
    contracts = [t for t in texts(state) if t.startswith("WORK_CONTRACT")]
    assert "WORK_CONTRACT G12 Pn" in contracts
    assert not any(c.split()[1] in ("LW1", "LW2", "LW3", "G13") for c in contracts)
    play(state, "WORK_CONTRACT G12 Pn")
    assert state._clergy(1)[2] == (1, state._space_at(1, 3, 0))   # the neutral prior goes there
    assert good(state, 0, "coin") == 2 and good(state, 1, "coin") == 0
    play(state, "TARGET G12")
    assert not any(t.startswith("WORK_CONTRACT") for t in texts(state))


def test_solo_neutral_clergy_return_when_all_placed():
    state = new(players=1, seed=42)
    ed = editor(state)
    ed.clergy(1, "lay_brother_1", (1, 4, 0))
    ed.clergy(1, "lay_brother_2", (1, 2, 1))
    ed.clergy(1, "prior", (1, 4, 1))
    play(state, "COMMIT", "COMMIT")
    assert state._clergy(1) == ["home", "home", "home"]


def test_solo_normal_contract_on_the_builders_market():
    state = new(players=1, seed=42)
    editor(state).goods(0, coin=5)
    play(state, "WORK_CONTRACT G13 Pn", "WITH_LAYBROTHER", "TARGET G13", "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "wood": 2, "clay": 2, "stone": 1, "straw": 1}


def test_solo_settlement_castle_by_contract_gives_a_second_settle():
    # rules.md 10.3: after the neutral building phase a work contract may use a building just
    # built, and then the player may build one settlement; the Castle (G28) gives a Settle of its
    # own (rules.md 7), so a Castle used that way makes two settlements in the turn (kennerspiel
    # does so: corpus record random-france-solo-09 of seed 101, lines 157-160)
    state = to_solo_settlement()
    seat = state.current_player()
    c = state._color(seat)
    ed = editor(state)
    ed.display("G28")
    ed.goods(seat, coin=1, wood=4, sheep=6, grain=4)
    ed.hand(seat, "S01", "S02")
    play(state, "BUILD G28", "AT 3 0", "WORK_CONTRACT G28 Pn", "TARGET G28")
    assert [t for t in texts(state) if t.startswith("SETTLE")] == [f"SETTLE S{c}1", f"SETTLE S{c}2"]
    play(state, f"SETTLE S{c}1", "AT 3 0", "PAY Sh", "PAY Wo")
    play(state, f"SETTLE S{c}2", "AT 3 1", "PAY ShSh", "PAY WoWoWo")
    assert not any(t.startswith("SETTLE") for t in texts(state))
