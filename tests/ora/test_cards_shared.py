"""The shared (G) buildings: every number printed on the cards.

Each test names the card (G01...) and the rule it pins.  The numbers come from
the card text (``olab/data/ora/buildings.json`` field ``effect`` and the cost /
value columns), not from the engine.  Goods are always compared as full
``goods()`` dicts, so a good of another kind that changes is caught too.

Heartland of seat 0 (Red): (3, 0) and (3, 1) are empty plains, (4, 0) Clay
Mound, (2, 1) Farmyard, (4, 1) Cloister Office (a cloister building); a coast
plot adds water (-2, r) and coast (-1, r), a mountain plot hillside (5, r) and
the mountain (6, top row).
"""
import pytest

from .orahelp import at, editor, goods, lent, new, play, texts, token_value, uses


# card id -> (cost, economic value, dwelling value, cloister) as printed
CARDS = {
    "G01": (dict(wood=1, clay=1), 4, 3, True),                 # Priory
    "G02": (dict(wood=2), 4, 4, True),                         # Cloister Courtyard
    "G06": (dict(clay=1, straw=1), 5, 2, False),               # Fuel Merchant
    "G07": (dict(clay=1), 4, -2, False),                       # Peat Coal Kiln
    "G12": (dict(wood=1), 6, 1, False),                        # Stone Merchant
    "G13": (dict(clay=2), 6, 1, False),                        # Builders' Market
    "G16": (dict(clay=3, straw=1), 2, 5, True),                # Cloister Chapter House
    "G18": (dict(wood=3), 7, 2, True),                         # Cloister Workshop
    "G19": (dict(wood=2, clay=2), 8, -3, False),               # Slaughterhouse
    "G22": (dict(coin=5), 7, -4, False),                       # Quarry
    "G26": (dict(clay=4, stone=1), 15, -2, False),             # Shipyard
    "G28": (dict(wood=6, stone=5), 15, 7, False),              # Castle
    "G34": (dict(stone=3, straw=2), 10, 7, True),              # Sacristy
    "G39": (dict(wood=2, stone=2), 5, 6, False),               # Estate
    "G41": (dict(clay=1, stone=1), 3, 3, True),                # House of the Brotherhood
}

# where each card may stand (coast plot and mountain plot in rows 0-1 added)
DEFAULT_SPACES = {(3, 0), (3, 1), (-1, 0), (-1, 1), (5, 0), (5, 1)}    # coast, plains, hillside
CLOISTER_SPACES = {(3, 1), (5, 1)}            # ... orthogonally next to the Cloister Office (4, 1)
SPACES = {"G22": {(6, 0)},                    # Quarry: mountain only
          "G26": {(-1, 0), (-1, 1)},          # Shipyard: coast only
          "G28": {(5, 0), (5, 1), (6, 0)}}    # Castle: hillside or mountain


def home_space(card):
    """A legal space of seat 0 for the card, and the plot it needs."""
    if card == "G22":
        return (6, 0), "MOUNTAIN"
    if card == "G28":
        return (5, 0), "MOUNTAIN"
    if card == "G26":
        return (-1, 0), "COAST"
    return ((3, 1) if CARDS[card][3] else (3, 0)), None


def position(card=None, at=None, players=4, length="long", rules="printed", **g):
    """A fresh game; seat 0 holds exactly the goods ``g`` and the card ``card``."""
    state = new(players=players, length=length, rules=rules)
    ed = editor(state)
    ed.clear_goods(0)
    if g:
        ed.goods(0, **g)
    if card is not None:
        space, plot = home_space(card)
        if plot:
            ed.plot(0, 0, plot)
        col, row = at or space
        ed.place(0, card, col, row)
    return state


def others(state):
    return [goods(state, s) for s in range(1, state._config()["seats"])]


def at_turn_top(state):
    return state._decision()["kind"] == "turn"


# ------------------------------------------------------------------ build cost, terrain, values

@pytest.mark.parametrize("card", sorted(CARDS))
def test_build_cost_is_paid_exactly(card):
    # buildings.json cost: wood / clay / stone / straw / coins, nothing else; the card leaves the display
    cost = CARDS[card][0]
    state = position(**cost, book=1, sheep=2)
    space, plot = home_space(card)
    if plot:
        editor(state).plot(0, 0, plot)
    editor(state).display(card, "G07" if card != "G07" else "G12")
    play(state, f"BUILD {card}", f"AT {space[0]} {space[1]}")
    assert goods(state, 0) == {"book": 1, "sheep": 2}
    assert card not in [t.split()[1] for t in texts(state) if t.startswith("BUILD")]
    assert state.string_to_action(f"USE {card} WITH_PRIOR") in state.legal_actions()   # rules.md 7.4


@pytest.mark.parametrize("card, short", [(c, g) for c in sorted(CARDS) for g in CARDS[c][0]])
def test_build_not_offered_one_good_short(card, short):
    # a building whose cost cannot be paid is not offered (grain would stand in for straw: none here)
    cost = dict(CARDS[card][0])
    cost[short] -= 1
    state = position(**cost)
    space, plot = home_space(card)
    if plot:
        editor(state).plot(0, 0, plot)
    editor(state).display(card)
    assert f"BUILD {card}" not in texts(state)


@pytest.mark.parametrize("card", ["G06", "G16", "G34"])
def test_build_grain_stands_in_for_missing_straw(card):
    # rules.md 7.4: missing straw is taken as grain (grain flips to straw for free); straw goes first
    cost = dict(CARDS[card][0])
    straw = cost.pop("straw")
    state = position(**cost, straw=straw - 1, grain=2)
    editor(state).display(card)
    space, _ = home_space(card)
    play(state, f"BUILD {card}", f"AT {space[0]} {space[1]}")
    assert goods(state, 0) == {"grain": 1}


def test_g22_quarry_cost_5_coins_wine_counts_as_a_coin():
    # G22: financed, 5 coins; rules.md 7.4: wine is exchanged for a coin automatically
    state = position(coin=3, wine=3)
    editor(state).plot(0, 0, "MOUNTAIN")
    editor(state).display("G22")
    play(state, "BUILD G22", "AT 6 0")
    assert goods(state, 0) == {"wine": 1}


@pytest.mark.parametrize("card", sorted(CARDS))
def test_terrain_and_cloister_adjacency(card):
    # rules.md 7.4: terrain printed on the card (default coast/plains/hillside; Quarry mountain;
    # Shipyard coast; Castle hillside or mountain); never water; a cloister building only
    # orthogonally next to another cloister building
    state = position(wood=20, clay=20, stone=20, straw=20, coin=20)
    ed = editor(state)
    ed.plot(0, 0, "COAST")
    ed.plot(0, 0, "MOUNTAIN")
    ed.display(card)
    play(state, f"BUILD {card}")
    offered = {tuple(map(int, t.split()[1:])) for t in texts(state)}
    expected = SPACES.get(card, CLOISTER_SPACES if CARDS[card][3] else DEFAULT_SPACES)
    assert offered == expected
    assert not offered & {(-2, 0), (-2, 1)}              # water


@pytest.mark.parametrize("card", ["G22", "G26", "G28"])
def test_build_not_offered_without_a_space_of_its_terrain(card):
    # G22 mountain, G26 coast, G28 hillside/mountain: the heartland's only hillside holds the Clay Mound
    state = position(wood=20, clay=20, stone=20, straw=20, coin=20)
    editor(state).display(card)
    assert f"BUILD {card}" not in texts(state)


def test_g01_g02_cloister_building_next_to_a_new_cloister_building():
    # rules.md 7.4: any cloister building counts, not only the Cloister Office
    state = position("G02", wood=1, clay=1)              # Cloister Courtyard at (3, 1)
    editor(state).display("G01")
    play(state, "BUILD G01")
    assert {t for t in texts(state)} == {"AT 3 0"}      # (3, 0) touches the Courtyard at (3, 1)


@pytest.mark.parametrize("card", sorted(CARDS))
def test_economic_and_dwelling_value(card):
    # rules.md 12.4 / 12.5: economic value counted once; a settlement next to the card adds its
    # dwelling value.  The Farming Village (S02, economic 1, dwelling 1) stands next to the card.
    _cost, econ, dwell, _cl = CARDS[card]
    state = position(card)
    (col, row), _ = home_space(card)
    ed = editor(state)
    if card in ("G22", "G28"):
        # (5, 1): (4, 1) Cloister Office 2; the mountain (6, 0) touches both hillsides of its plot
        ed.place(0, "S02", 5, 1)
        extra = 2
    elif card == "G26":
        ed.place(0, "S02", -1, 1)                  # below the Shipyard: water (-2, 1) 3, (0, 1) moor 0
        extra = 3
    elif (col, row) == (3, 1):
        ed.place(0, "S02", 3, 0)                   # (2, 0) forest 0, (4, 0) Clay Mound 3
        extra = 3
    else:
        ed.place(0, "S02", 3, 1)                   # (2, 1) Farmyard 2, (4, 1) Cloister Office 2
        extra = 4
    b = state.score_breakdown(0)
    assert b["economic"]["total"] == econ + 1
    assert b["settlements"]["total"] == 1 + dwell + extra
    assert [i["value"] for i in b["economic"]["items"] if i["card"] == card] == [econ]


# ------------------------------------------------------------------ G01 Priory

def test_g01_priory_targets_only_buildings_with_a_prior():
    # G01: any player's building with a PRIOR on it (own included); a lay brother does not count
    state = position("G01")
    ed = editor(state)
    ed.clergy(0, "prior", at=(0, 2, 1))            # own Farmyard
    ed.clergy(1, "prior", at=(1, 4, 0))            # Green's Clay Mound
    ed.clergy(2, "lay_brother_1", at=(2, 4, 1))    # Blue's Cloister Office: a lay brother only
    play(state, "USE G01")
    assert lent(state) == ["TARGET LG1", "TARGET LR2"]


def test_g01_priory_copies_the_clay_mound_of_another_player():
    # G01: the function as if used: clay by the clay token (5), the token resets; no fee, the
    # owner's prior stays, the owner gets nothing
    state = position("G01", wood=1)
    ed = editor(state)
    ed.clergy(1, "prior", at=(1, 4, 0))
    ed.token_value(clay=5, joker=7)
    before = others(state)
    play(state, "USE G01", "TARGET LG1")
    assert texts(state) == ["TAKE Cl", "TAKE Cl Jo", "SKIP"]
    play(state, "TAKE Cl")
    assert goods(state, 0) == {"wood": 1, "clay": 5}
    assert others(state) == before
    assert token_value(state, "clay") == 0 and token_value(state, "joker") == 7
    assert state._clergy(1)[2] == (1, state._space_at(1, 4, 0))
    assert at_turn_top(state)


def test_g01_priory_copies_a_conversion_with_own_goods():
    # G01 copying the Stone Merchant (G12) under Green's prior: Red pays, Red gets the stone
    state = position("G01", meat=1, peat=1)
    ed = editor(state)
    ed.place(1, "G12", 3, 0)
    ed.clergy(1, "prior", at=(1, 3, 0))
    before = others(state)
    play(state, "USE G01", "TARGET G12", "AMOUNT 1", "PAY Mt", "PAY Pt")
    assert goods(state, 0) == {"stone": 2}            # 5 food + 2 energy pay for 2 stones
    assert others(state) == before


def test_g01_priory_never_targets_itself():
    # G01: the Priory is never a valid target, even with the prior standing on it
    state = position("G01")
    play(state, "USE G01 WITH_PRIOR")
    assert lent(state) == []


def test_g01_priory_without_any_prior_does_nothing():
    # G01: no prior-occupied building -> nothing happens, the clergyman stays on the Priory
    state = position("G01", wood=2, coin=1)
    before = others(state)
    play(state, "USE G01")
    assert lent(state) == []
    assert goods(state, 0) == {"wood": 2, "coin": 1} and others(state) == before
    assert state._clergy(0)[0] == (0, state._space_at(0, 3, 1))
    assert state._turn()["main_used"]


def test_g01_priory_by_work_contract_gives_the_copy_to_the_contractor():
    # rules.md 7.2 / 12A: Red contracts Green's Priory (fee 1 to Green), Green's lay brother goes
    # there, Red copies Blue's prior-occupied Cloister Office and gets the coins (4)
    state = position(coin=1)
    ed = editor(state)
    ed.place(1, "G01", 3, 1)
    ed.clergy(2, "prior", at=(2, 4, 1))
    ed.token_value(coin=4)
    g1, g2 = goods(state, 1), goods(state, 2)
    play(state, "WORK_CONTRACT G01 Pn")
    assert state.current_player() == 1 and texts(state) == ["WITH_LAYBROTHER", "WITH_PRIOR"]
    play(state, "WITH_LAYBROTHER")
    assert state.current_player() == 0
    assert lent(state) == ["TARGET G01"]          # the contracted use waits at the top of the turn
    play(state, "TARGET G01")
    assert lent(state) == ["TARGET LB3"]
    play(state, "TARGET LB3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 4}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1}
    assert goods(state, 2) == g2


def test_g01_priory_contract_with_the_owners_prior_on_it():
    # G01: if the owner sends the prior to the Priory, the Priory still is no target
    state = position(coin=1)
    ed = editor(state)
    ed.place(1, "G01", 3, 1)
    play(state, "WORK_CONTRACT G01 Pn", "WITH_PRIOR", "TARGET G01")
    assert lent(state) == []


def test_g01_priory_copy_of_a_wheel_building_in_the_short_game():
    # G01 + rules.md 4.6: the copied Clay Mound take is a wheel take: every player +1 clay
    state = position("G01", length="short")
    editor(state).clergy(0, "prior", at=(0, 4, 0))
    editor(state).token_value(clay=3)
    before = [goods(state, s).get("clay", 0) for s in range(1, 4)]
    play(state, "USE G01", "TARGET LR1", "TAKE Cl")
    assert goods(state, 0) == {"clay": 3 + 1}
    assert [goods(state, s).get("clay", 0) for s in range(1, 4)] == [n + 1 for n in before]


# ------------------------------------------------------------------ G02 Cloister Courtyard

@pytest.mark.parametrize("take, name", [("Wo", "wood"), ("Cl", "clay"), ("Pt", "peat"),
                                        ("Sh", "sheep"), ("Gn", "grain"), ("Pn", "coin")])
def test_g02_courtyard_3_different_goods_give_6_of_one_basic_good(take, name):
    # G02: hand in 3 goods of 3 different types -> 6 of one of wood, clay, peat, sheep, grain, coins
    state = position("G02", book=1, ceramic=1, ornament=1, stone=2)
    play(state, "USE G02", "PICK Bo", "PICK Ce", "PICK Or")
    assert texts(state) == ["TAKE Wo", "TAKE Cl", "TAKE Pt", "TAKE Sh", "TAKE Gn", "TAKE Pn"]
    play(state, f"TAKE {take}")
    assert goods(state, 0) == {"stone": 2, name: 6}
    assert at_turn_top(state)


def test_g02_courtyard_grain_and_straw_are_two_types():
    # rules.md 12A: grain and straw are different goods (a grain flips to straw)
    state = position("G02", grain=2, wood=1)
    play(state, "USE G02", "PICK Wo", "PICK Gn", "PICK Sw", "TAKE Cl")
    assert goods(state, 0) == {"clay": 6}


def test_g02_courtyard_coin_and_5_coin_piece_are_two_types():
    # rules.md 12A: the 1-coin and the 5-coin piece are different goods (6 coins in hand)
    state = position("G02", coin=6, peat=1)
    play(state, "USE G02", "PICK Pt", "PICK Pn", "PICK Ni", "TAKE Sh")
    assert goods(state, 0) == {"sheep": 6}


def test_g02_courtyard_two_types_only_is_not_offered():
    # G02: exactly 3 different types; many goods of two types cannot be handed in
    state = position("G02", wood=5, clay=5, wonder=1)      # a Wonder is not a good for this count
    play(state, "USE G02")
    assert at_turn_top(state)
    assert goods(state, 0) == {"wood": 5, "clay": 5, "wonder": 1}


@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
def test_g02_courtyard_skip(rules):
    # G02: the exchange is optional in both presets
    state = position("G02", rules=rules, wood=1, clay=1, peat=1)
    play(state, "USE G02")
    assert "SKIP" in texts(state)
    play(state, "SKIP")
    assert goods(state, 0) == {"wood": 1, "clay": 1, "peat": 1}


# ------------------------------------------------------------------ G06 Fuel Merchant

@pytest.mark.parametrize("fuel, tier, pay, coins", [
    (dict(wood=3), 1, ["PAY WoWoWo"], 5),               # 3 energy -> 5 coins
    (dict(peat=3), 2, ["PAY PtPtPt"], 8),               # 6 energy -> 8 coins
    (dict(peat_coal=3), 3, ["PAY CoCoCo"], 10),         # 9 energy -> 10 coins
])
def test_g06_fuel_merchant_tiers(fuel, tier, pay, coins):
    # G06: at least 3 / 6 / 9 energy -> 5 / 8 / 10 coins
    state = position("G06", book=1, **fuel)
    play(state, "USE G06")
    assert texts(state) == [f"AMOUNT {i}" for i in range(tier + 1)]      # no higher tier offered
    play(state, f"AMOUNT {tier}", *pay)
    assert goods(state, 0) == {"book": 1, "coin": coins}


def test_g06_fuel_merchant_over_payment_is_lost():
    # G06: 2 peat = 4 energy reaches only the 3-energy tier: 5 coins, both peat are gone
    state = position("G06", peat=2)
    play(state, "USE G06", "AMOUNT 1")
    assert texts(state) == ["PAY PtPt"]
    play(state, "PAY PtPt")
    assert goods(state, 0) == {"coin": 5}


def test_g06_fuel_merchant_8_energy_reaches_the_6_tier():
    state = position("G06", peat=4)
    play(state, "USE G06")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(state, "AMOUNT 2", "PAY PtPtPt")
    assert goods(state, 0) == {"peat": 1, "coin": 8}


def test_g06_fuel_merchant_straw_is_half_an_energy():
    # goods.json: straw 1/2 energy; grain flips to straw: 2 wood + 2 grain = 3 energy -> 5 coins
    state = position("G06", wood=2, grain=2)
    play(state, "USE G06", "AMOUNT 1", "PAY WoWo", "PAY SwSw")
    assert goods(state, 0) == {"coin": 5}


def test_g06_fuel_merchant_under_3_energy_gives_nothing():
    # 2 wood + 1 grain = 2.5 energy: no tier is reached, nothing is handed in
    state = position("G06", wood=2, grain=1)
    play(state, "USE G06")
    assert at_turn_top(state)
    assert goods(state, 0) == {"wood": 2, "grain": 1}


def test_g06_fuel_merchant_amount_0():
    state = position("G06", peat=5)
    play(state, "USE G06", "AMOUNT 0")
    assert goods(state, 0) == {"peat": 5} and state._turn()["main_used"]


# ------------------------------------------------------------------ G07 Peat Coal Kiln

def test_g07_kiln_gain_and_any_number_of_peat():
    # G07: 1 peat coal + 1 coin, additionally any number of times 1 peat -> 1 peat coal
    state = position("G07", peat=3, wood=1)
    play(state, "USE G07")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2", "AMOUNT 3", "SKIP"]
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"wood": 1, "peat_coal": 1 + 3, "coin": 1}


def test_g07_kiln_without_peat_still_gives_the_gain():
    state = position("G07")
    play(state, "USE G07", "AMOUNT 0")
    assert goods(state, 0) == {"peat_coal": 1, "coin": 1}


def test_g07_kiln_skip_in_the_printed_preset():
    # printed (rules.md 7.1): the clergyman may be placed without the function
    state = position("G07", peat=2)
    play(state, "USE G07", "SKIP")
    assert goods(state, 0) == {"peat": 2}


def test_g07_kiln_kennerspiel_gain_is_automatic():
    # kennerspiel preset: the gain always comes; no SKIP
    state = position("G07", rules="kennerspiel", peat=2)
    play(state, "USE G07")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    assert goods(state, 0) == {"peat": 2, "peat_coal": 1, "coin": 1}
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"peat": 1, "peat_coal": 2, "coin": 1}


def test_g07_kiln_by_work_contract():
    # rules.md 7.2: Red pays the fee (1 coin) to Green; Red's peat, Red's gain
    state = position(peat=2, coin=1)
    editor(state).place(1, "G07", 3, 0)
    g1 = goods(state, 1)
    play(state, "WORK_CONTRACT G07 Pn", "WITH_LAYBROTHER", "TARGET G07", "AMOUNT 2")
    assert goods(state, 0) == {"peat_coal": 3, "coin": 1}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1}


# ------------------------------------------------------------------ G12 Stone Merchant

def test_g12_stone_merchant_up_to_5_stones():
    # G12: food 2 + energy 1 -> 1 stone, up to 5 times (enough for 6 here)
    state = position("G12", grain=12, peat_coal=6)
    play(state, "USE G12")
    assert texts(state) == [f"AMOUNT {i}" for i in range(6)]
    play(state, "AMOUNT 5", "PAY GnGnGnGnGnGnGnGnGnGn", "PAY CoCo")
    # 10 food by grain; 5 energy by 2 peat coal = 6 (the 6th energy is lost)
    assert goods(state, 0) == {"grain": 2, "peat_coal": 4, "stone": 5}


def test_g12_stone_merchant_exact_payment():
    # 2 meat = 10 food, 5 wood = 5 energy -> 5 stones, nothing left
    state = position("G12", meat=2, wood=5, book=1)
    play(state, "USE G12", "AMOUNT 5", "PAY MtMt", "PAY WoWoWoWoWo")
    assert goods(state, 0) == {"book": 1, "stone": 5}


def test_g12_stone_merchant_only_affordable_amounts():
    # food 5 (sheep 2 + coin 1 = 5) and energy 3: at most 2 stones
    state = position("G12", sheep=2, coin=1, wood=3)
    play(state, "USE G12")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(state, "AMOUNT 2", "PAY ShSh", "PAY WoWo")
    assert goods(state, 0) == {"coin": 1, "wood": 1, "stone": 2}


def test_g12_stone_merchant_grain_is_food_or_straw_not_both():
    # 3 grain: 2 food + one straw (1/2 energy) is not enough; 4 grain is
    state = position("G12", grain=3)
    play(state, "USE G12")
    assert at_turn_top(state) and goods(state, 0) == {"grain": 3}
    state = position("G12", grain=4)
    play(state, "USE G12", "AMOUNT 1", "PAY GnGn", "PAY SwSw")
    assert goods(state, 0) == {"stone": 1}


def test_g12_stone_merchant_pays_for_what_is_handed_in():
    # 1 meat (5 food) and 1 peat (2 energy) announced for one stone pay for two: both come
    # (announcing fewer is never better; kennerspiel counts min(energy, food / 2, 5) too);
    # the fifth food is lost
    state = position("G12", meat=1, peat=1)
    play(state, "USE G12", "AMOUNT 1", "PAY Mt", "PAY Pt")
    assert goods(state, 0) == {"stone": 2}
    state = position("G12", meat=1, wood=1)       # 5 food, 1 energy: one stone only
    play(state, "USE G12", "AMOUNT 1", "PAY Mt", "PAY Wo")
    assert goods(state, 0) == {"stone": 1}


def test_g12_stone_merchant_amount_0():
    state = position("G12", meat=2, wood=5)
    play(state, "USE G12", "AMOUNT 0")
    assert goods(state, 0) == {"meat": 2, "wood": 5}


# ------------------------------------------------------------------ G13 Builders' Market

def test_g13_builders_market():
    # G13: pay 2 coins -> 2 wood, 2 clay, 1 stone, 1 straw; once per use
    state = position("G13", coin=7)
    play(state, "USE G13")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 5, "wood": 2, "clay": 2, "stone": 1, "straw": 1}


def test_g13_builders_market_needs_2_coins():
    state = position("G13", coin=1, grain=3)
    play(state, "USE G13")
    assert at_turn_top(state) and goods(state, 0) == {"coin": 1, "grain": 3}


def test_g13_builders_market_by_work_contract_fee_first():
    # rules.md 7.2: the fee is paid before the use; 3 coins = fee 1 (to Green) + 2
    state = position(coin=3)
    editor(state).place(1, "G13", 3, 0)
    g1 = goods(state, 1)
    play(state, "WORK_CONTRACT G13 Pn", "WITH_PRIOR", "TARGET G13", "AMOUNT 1")
    assert goods(state, 0) == {"wood": 2, "clay": 2, "stone": 1, "straw": 1}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1}
    # with 2 coins the fee leaves only 1: the exchange is not offered
    state = position(coin=2)
    editor(state).place(1, "G13", 3, 0)
    play(state, "WORK_CONTRACT G13 Pn", "WITH_PRIOR", "TARGET G13")
    assert at_turn_top(state) and goods(state, 0) == {"coin": 1}


# ------------------------------------------------------------------ G16 Cloister Chapter House

def test_g16_chapter_house_one_of_each_basic_good():
    # G16: 1 clay, 1 wood, 1 peat, 1 sheep, 1 grain, 1 coin
    state = position("G16", clay=2, book=1)
    play(state, "USE G16")
    assert texts(state) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"clay": 3, "wood": 1, "peat": 1, "sheep": 1, "grain": 1, "coin": 1,
                               "book": 1}


def test_g16_chapter_house_skip_in_the_printed_preset():
    state = position("G16", clay=2)
    play(state, "USE G16", "SKIP")
    assert goods(state, 0) == {"clay": 2}


def test_g16_chapter_house_kennerspiel_automatic():
    state = position("G16", rules="kennerspiel")
    play(state, "USE G16")
    assert at_turn_top(state)
    assert goods(state, 0) == {"clay": 1, "wood": 1, "peat": 1, "sheep": 1, "grain": 1, "coin": 1}


# ------------------------------------------------------------------ G18 Cloister Workshop

def test_g18_workshop_3_ceramics_and_1_ornament():
    # G18: up to 3 times clay + 1 energy -> ceramic, and once stone + 1 energy -> ornament
    state = position("G18", clay=4, stone=2, peat=2, wood=1)
    play(state, "USE G18")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2", "AMOUNT 3"]      # 4 clay: 3 at most
    play(state, "AMOUNT 3")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]                              # 2 stone: once
    # payments list peat before wood (kennerspiel's order): 2 peat pay the 4 energy exactly
    play(state, "AMOUNT 1", "PAY PtPt")
    assert goods(state, 0) == {"clay": 1, "stone": 1, "wood": 1, "ceramic": 3, "ornament": 1}


def test_g18_workshop_energy_limits_the_total():
    # 2 energy: 2 conversions in all; after 2 ceramics no ornament is offered
    state = position("G18", clay=3, stone=1, peat=1)
    play(state, "USE G18", "AMOUNT 2")
    assert texts(state) == ["PAY Pt"]
    play(state, "PAY Pt")
    assert goods(state, 0) == {"clay": 1, "stone": 1, "ceramic": 2}


def test_g18_workshop_ornament_only():
    state = position("G18", stone=2, wood=1)
    play(state, "USE G18")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]
    play(state, "AMOUNT 1", "PAY Wo")
    assert goods(state, 0) == {"stone": 1, "ornament": 1}


def test_g18_workshop_without_energy_does_nothing():
    state = position("G18", clay=3, stone=1)
    play(state, "USE G18")
    assert at_turn_top(state) and goods(state, 0) == {"clay": 3, "stone": 1}


# ------------------------------------------------------------------ G19 Slaughterhouse

def test_g19_slaughterhouse_any_number():
    # G19: any number of times 1 sheep + 1 straw -> 1 meat
    state = position("G19", sheep=7, straw=6)
    play(state, "USE G19")
    assert texts(state) == [f"AMOUNT {i}" for i in range(7)]
    play(state, "AMOUNT 6")
    assert goods(state, 0) == {"sheep": 1, "meat": 6}


def test_g19_slaughterhouse_grain_stands_in_for_straw():
    # rules.md 7.6: grain flips to straw; the straw is used first
    state = position("G19", sheep=3, straw=1, grain=2)
    play(state, "USE G19", "AMOUNT 2")
    assert goods(state, 0) == {"sheep": 1, "grain": 1, "meat": 2}


def test_g19_slaughterhouse_limited_by_sheep():
    state = position("G19", sheep=1, straw=4)
    play(state, "USE G19")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]


# ------------------------------------------------------------------ G22 Quarry

def test_g22_quarry_stone_token():
    # G22: stone by the stone token's value, the token resets to 0
    state = position("G22", coin=1)
    ed = editor(state)
    ed.wheel(stone=0)
    ed.token_value(stone=6, joker=3)
    play(state, "USE G22")
    assert texts(state) == ["TAKE Sn", "TAKE Sn Jo", "SKIP"]
    play(state, "TAKE Sn")
    assert goods(state, 0) == {"coin": 1, "stone": 6}
    assert token_value(state, "stone") == 0 and token_value(state, "joker") == 3


def test_g22_quarry_joker_instead():
    state = position("G22")
    ed = editor(state)
    ed.wheel(stone=0)
    ed.token_value(stone=2, joker=8)
    play(state, "USE G22", "TAKE Sn Jo")
    assert goods(state, 0) == {"stone": 8}
    assert token_value(state, "joker") == 0 and token_value(state, "stone") == 2


def test_g22_quarry_before_the_stone_token_only_the_joker():
    # G22: "Before the stone indicator enters the wheel, only the joker can be used"
    state = position("G22")
    editor(state).token_value(joker=4)
    play(state, "USE G22")
    assert texts(state) == ["TAKE Sn Jo", "SKIP"]
    play(state, "TAKE Sn Jo")
    assert goods(state, 0) == {"stone": 4}


def test_g22_quarry_short_game_bonus_production():
    # rules.md 4.6: every player (the user included) also takes 1 stone
    state = position("G22", length="short")
    ed = editor(state)
    ed.wheel(stone=0)
    ed.token_value(stone=3)
    before = [goods(state, s).get("stone", 0) for s in range(1, 4)]
    play(state, "USE G22", "TAKE Sn")
    assert goods(state, 0) == {"stone": 3 + 1}
    assert [goods(state, s).get("stone", 0) for s in range(1, 4)] == [n + 1 for n in before]


def test_g22_quarry_kennerspiel_no_skip():
    state = position("G22", rules="kennerspiel")
    editor(state).token_value(joker=4)
    play(state, "USE G22")
    assert texts(state) == ["TAKE Sn Jo"]


# ------------------------------------------------------------------ G26 Shipyard

def test_g26_shipyard_once_per_use():
    # G26: 2 wood -> 1 ornament and 5 coins, once per use even with 6 wood
    state = position("G26", wood=6)
    play(state, "USE G26")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"wood": 4, "ornament": 1, "coin": 5}


def test_g26_shipyard_needs_2_wood():
    state = position("G26", wood=1, peat=3)
    play(state, "USE G26")
    assert at_turn_top(state) and goods(state, 0) == {"wood": 1, "peat": 3}


def test_g26_shipyard_by_work_contract():
    # Red contracts Green's Shipyard: Red's wood, Red's ornament and coins, Green gets the fee
    state = position(coin=1, wood=2)
    ed = editor(state)
    ed.plot(1, 0, "COAST")
    ed.place(1, "G26", -1, 0)
    g1 = goods(state, 1)
    play(state, "WORK_CONTRACT G26 Pn", "WITH_LAYBROTHER", "TARGET G26", "AMOUNT 1")
    assert goods(state, 0) == {"ornament": 1, "coin": 5}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1}


# ------------------------------------------------------------------ G28 Castle

def castle(**g):
    state = position("G28", **g)             # Castle on the hillside (5, 0) of a mountain plot
    editor(state).hand(0, "S01", "S02", "S03", "S04")
    return state


def test_g28_castle_settles_one_settlement():
    # G28: build one own settlement now, paying its food and energy (Farming Village 3 / 3);
    # no settlement phase is advanced
    state = castle(grain=3, wood=3, book=1)
    phase = state._turn()["phase_letter"]
    play(state, "USE G28")
    assert [t for t in texts(state) if t.startswith("SETTLE")] == ["SETTLE SR1", "SETTLE SR2"]
    play(state, "SETTLE SR2")
    assert texts(state) == ["AT 3 0", "AT 3 1", "AT 5 1"]           # empty plains / hillside
    play(state, "AT 3 0", "PAY GnGnGn", "PAY WoWoWo")
    assert goods(state, 0) == {"book": 1}
    assert at(state, 0, 3, 0) == "S02"
    assert [c for c in state._hand(0)] == [73, 75, 76]               # S01, S03, S04 kept
    assert not [t for t in texts(state) if t.startswith("SETTLE")]   # one settlement only
    assert state._turn()["phase_letter"] == phase and not state._turn()["in_settlement"]


def test_g28_castle_fishing_village_needs_coast():
    # S04 only on coast: without a coast space it is not offered, with one only coast is offered
    state = castle(meat=2, peat=2)
    play(state, "USE G28")
    assert "SETTLE SR4" not in texts(state)
    state = castle(meat=2, peat=2)
    editor(state).plot(0, 0, "COAST")
    play(state, "USE G28", "SETTLE SR4")
    assert texts(state) == ["AT -1 0", "AT -1 1"]


def test_g28_castle_settle_lapses_at_the_end_of_the_turn():
    state = castle(grain=3, wood=3)
    play(state, "USE G28", "COMMIT")
    assert not state._turn()["bonus_settle"]
    assert goods(state, 0) == {"grain": 3, "wood": 3}


def test_g28_castle_nothing_affordable():
    state = castle(grain=1)
    play(state, "USE G28")
    assert not [t for t in texts(state) if t.startswith("SETTLE")]


def test_g28_castle_by_work_contract_settles_in_the_contractors_landscape():
    # rules.md 12A: Red contracts Green's Castle and builds Red's own Shanty Town (1 food, 1 energy)
    state = position(coin=1, sheep=1, peat=1)
    ed = editor(state)
    ed.plot(1, 0, "MOUNTAIN")
    ed.place(1, "G28", 6, 0)
    g1, hand1 = goods(state, 1), state._hand(1)
    play(state, "WORK_CONTRACT G28 Pn", "WITH_LAYBROTHER", "TARGET G28")
    assert state.current_player() == 0
    play(state, "SETTLE SR1", "AT 3 0", "PAY Sh", "PAY Pt")
    assert at(state, 0, 3, 0) == "S01" and at(state, 1, 3, 0) is None
    assert goods(state, 0) == {}
    assert goods(state, 1) == {**g1, "coin": g1["coin"] + 1} and state._hand(1) == hand1


# ------------------------------------------------------------------ G34 Sacristy

def test_g34_sacristy_wonder():
    # G34: book + ceramic + ornament + reliquary -> 1 Wonder (30 points); once per use
    state = position("G34", book=2, ceramic=2, ornament=2, reliquary=2)
    play(state, "USE G34")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1"]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1, "wonder": 1}
    assert state._turn()["wonders"] == 8 - 1
    assert state.score_breakdown(0)["goods"]["items"]["wonder"]["points"] == 30


@pytest.mark.parametrize("missing", ["book", "ceramic", "ornament", "reliquary"])
def test_g34_sacristy_needs_all_four(missing):
    g = dict(book=1, ceramic=1, ornament=1, reliquary=1)
    g[missing] = 0
    state = position("G34", **g)
    play(state, "USE G34")
    assert at_turn_top(state)
    assert goods(state, 0) == {k: v for k, v in g.items() if v}
    assert state._turn()["wonders"] == 8


def test_g34_sacristy_refused_when_no_wonder_is_left():
    # rules.md 12A: no Wonder in the supply -> no exchange, the four goods stay
    state = position("G34", book=1, ceramic=1, ornament=1, reliquary=1)
    editor(state).turn(wonders=0)
    play(state, "USE G34")
    assert at_turn_top(state)
    assert goods(state, 0) == {"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}


# ------------------------------------------------------------------ G39 Estate

def test_g39_estate_twice_by_energy():
    # G39: up to 2 times: 6 energy -> 1 book + 1 ornament
    state = position("G39", peat=6, wood=1)
    play(state, "USE G39")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(state, "AMOUNT 2", "PAY PtPtPtPtPtPt")
    assert goods(state, 0) == {"wood": 1, "book": 2, "ornament": 2}


def test_g39_estate_twice_by_food():
    # 10 food each time: 4 meat = 20 food
    state = position("G39", meat=4)
    play(state, "USE G39")                 # no energy: the energy count is 0 and not asked
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(state, "AMOUNT 2", "PAY MtMtMtMt")
    assert goods(state, 0) == {"book": 2, "ornament": 2}


def test_g39_estate_one_by_energy_one_by_food():
    state = position("G39", peat_coal=2, meat=2, bread=1)
    play(state, "USE G39", "AMOUNT 1", "AMOUNT 1", "PAY MtMt", "PAY CoCo")
    assert goods(state, 0) == {"bread": 1, "book": 2, "ornament": 2}


def test_g39_estate_at_most_2_times():
    # 30 energy would pay 5 sets: still only 2
    state = position("G39", peat=15, meat=6)
    play(state, "USE G39")
    assert texts(state) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(state, "AMOUNT 2")                        # both by energy: no food set is asked
    assert state._decision()["kind"] == "pay" and texts(state)[0].startswith("PAY Pt")


def test_g39_estate_over_payment_is_lost():
    # 1 meat + 2 bread = 11 food for one set of 10: all handed in
    state = position("G39", meat=1, bread=2)
    play(state, "USE G39", "AMOUNT 1", "PAY Mt", "PAY BrBr")
    assert goods(state, 0) == {"book": 1, "ornament": 1}


def test_g39_estate_5_energy_and_9_food_give_nothing():
    state = position("G39", wood=5, meat=1, bread=1, coin=1)
    play(state, "USE G39")
    assert at_turn_top(state)
    assert goods(state, 0) == {"wood": 5, "meat": 1, "bread": 1, "coin": 1}


# ------------------------------------------------------------------ G41 House of the Brotherhood

@pytest.mark.parametrize("players, length, budget", [
    (4, "long", 6), (3, "short", 6), (2, "short", 6),   # 2 points per cloister building
    (2, "long", 4),                                     # 1.5 per cloister, rounded down: 4.5 -> 4
    (1, "long", 3),                                     # solo: 1 per cloister building
])
def test_g41_house_budget_per_cloister_building(players, length, budget):
    # G41: 3 cloister buildings (Cloister Office, Courtyard, the House itself)
    state = position("G41", players=players, length=length, coin=6)
    editor(state).place(0, "G02", 3, 0)
    play(state, "USE G41", "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1}                       # 5 coins paid first
    assert state._decision()["need"] == budget
    picks = {2: "PICK Bo", 3: "PICK Ce", 4: "PICK Or", 8: "PICK Rq"}
    assert texts(state) == ["DONE"] + [p for v, p in sorted(picks.items()) if v <= budget]


def test_g41_house_two_books_and_a_ceramic_cannot_exceed_the_budget():
    # budget 6: book + book (4) leaves 2: a third book, not a ceramic
    state = position("G41", coin=5, book=1)
    editor(state).place(0, "G02", 3, 0)
    play(state, "USE G41", "AMOUNT 1", "PICK Bo", "PICK Bo")
    assert texts(state) == ["DONE", "PICK Bo"]
    play(state, "PICK Bo")
    assert goods(state, 0) == {"book": 1 + 3}
    assert at_turn_top(state)


def test_g41_house_reliquary_with_4_cloisters():
    # 4 cloister buildings -> 8 points: one reliquary
    state = position("G41", coin=5)
    ed = editor(state)
    ed.place(0, "G02", 3, 0)
    ed.clear(0, 2, 0)
    ed.place(0, "G16", 2, 0)
    play(state, "USE G41", "AMOUNT 1", "PICK Rq")
    assert goods(state, 0) == {"reliquary": 1}
    assert at_turn_top(state)


def test_g41_house_unused_budget_is_lost():
    state = position("G41", coin=5)
    play(state, "USE G41", "AMOUNT 1")           # 2 cloisters: 4 points
    play(state, "PICK Ce", )
    assert at_turn_top(state)                     # 1 point left: nothing fits
    assert goods(state, 0) == {"ceramic": 1}


def test_g41_house_needs_5_coins():
    state = position("G41", coin=4, wine=0, book=1)
    play(state, "USE G41")
    assert at_turn_top(state) and goods(state, 0) == {"coin": 4, "book": 1}


# ------------------------------------------------------------------ empty uses

@pytest.mark.parametrize("card", ["G06", "G12", "G13", "G18", "G19", "G26", "G34", "G39", "G41"])
def test_use_with_nothing_to_pay_changes_nothing(card):
    # an exchange that cannot be paid is not offered; the clergyman is placed, the action spent
    state = position(card, book=0)
    play(state, f"USE {card}")
    assert at_turn_top(state)
    assert goods(state, 0) == {}
    assert state._turn()["main_used"]
    assert not uses(state, card)


# ------------------------------------------------------------------ player counts (start cards)

START = {"G01": {"solo", "2p_long", "3p", "4p", "4p_short"},       # Priory: marked 3+
         "G02": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "G06": {"solo", "2p_long", "3p", "4p", "4p_short"},       # Fuel Merchant: marked 3+
         "G07": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "G12": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "G13": {"2p_long", "4p"}}                                  # Builders' Market: marked 4
MODE_ARGS = {"solo": (1, "long"), "2p": (2, "short"), "2p_long": (2, "long"), "3p": (3, "long"),
             "3p_short": (3, "short"), "4p": (4, "long"), "4p_short": (4, "short")}


@pytest.mark.parametrize("mode", sorted(MODE_ARGS))
def test_g01_g06_g13_start_cards_by_player_count(mode):
    # buildings.json player_modes (printed preset): which start-stage G cards are dealt
    from olab.ora.editor import CARD_CODES
    players, length = MODE_ARGS[mode]
    state = new(players=players, length=length)
    shown = {CARD_CODES[c] for c in state._display()} & set(START)
    assert shown == {c for c, modes in START.items() if mode in modes}


def test_g13_builders_market_solo_on_the_neutral_landscape():
    # G13 notes: solo: already built on the neutral player's landscape; used by a work contract
    # whose fee goes to the supply; the player chooses the neutral clergyman
    state = new(players=1)
    editor(state).clear_goods(0)
    editor(state).goods(0, coin=3)
    assert at(state, 1, 0, 0) == "G13"
    play(state, "WORK_CONTRACT G13 Pn")
    assert state.current_player() == 0 and texts(state) == ["WITH_LAYBROTHER", "WITH_PRIOR"]
    play(state, "WITH_PRIOR", "TARGET G13", "AMOUNT 1")
    assert goods(state, 0) == {"wood": 2, "clay": 2, "stone": 1, "straw": 1}
    assert goods(state, 1) == {}


@pytest.mark.parametrize("card, wrong", [("G26", (3, 0)), ("G22", (5, 0)), ("G28", (3, 0)),
                                         ("G12", (6, 0)), ("G12", (-2, 0)), ("G41", (3, 0))])
def test_at_on_a_wrong_space_is_illegal(card, wrong):
    # rules.md 7.4: Shipyard not on plains, Quarry not on hillside, Castle not on plains, a
    # default card neither on mountain nor on water, a cloister building not away from the cloister
    import olab
    state = position(wood=20, clay=20, stone=20, straw=20, coin=20)
    editor(state).plot(0, 0, "COAST")
    editor(state).plot(0, 0, "MOUNTAIN")
    editor(state).display(card)
    play(state, f"BUILD {card}")
    with pytest.raises(olab.IllegalActionError):
        play(state, f"AT {wrong[0]} {wrong[1]}")
