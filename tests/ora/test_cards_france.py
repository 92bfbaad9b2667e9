"""The 26 France (F) building cards: every number printed on them.

Each test builds a position with the editor, uses (or builds) one card and
compares the seat's full goods afterwards.  The numbers come from the card
texts (buildings.json ``effect`` / ``cost`` / values, rules.md 7 and 12A), not
from the engine.  Heartland of seat 0 (Red): row 0 = moor, forest, forest,
plains, Clay Mound (LR1, hillside); row 1 = moor, forest, Farmyard (LR2),
plains, Cloister Office (LR3, a cloister building).  A coast plot in rows 0-1
adds water (-2, r) and coast (-1, r); a mountain plot adds hillside (5, r) and
the mountain (6, 0).
"""
import pytest

from .orahelp import at as cell
from .orahelp import amounts, at_top, card_ids, card_position, good, goods, lent, play
from .orahelp import home as home_of
from .orahelp import texts, token, uses

# card id: (cost, economic value, dwelling value, terrain, cloister) as printed
CARDS = {
    "F03": (dict(wood=1, straw=1), 3, 4, "CPH", False),      # Grain Storage
    "F04": (dict(wood=3, clay=2), 10, 6, "CH", False),       # Windmill
    "F05": (dict(clay=2, straw=1), 4, 5, "CPH", False),      # Bakery
    "F08": (dict(stone=2), 5, 8, "CPH", False),              # Market
    "F09": (dict(coin=3), 5, 0, "CPH", True),                # Cloister Garden
    "F10": (dict(wood=2, clay=1), 7, 0, "CPH", False),       # Carpentry
    "F11": (dict(wood=1, stone=1), 1, 7, "C", False),        # Harbor Promenade
    "F14": (dict(wood=1), 3, 6, "H", False),                 # Grapevine (A)
    "F15": (dict(clay=1, stone=1), 4, 6, "CPH", False),      # Financed Estate
    "F17": (dict(stone=2, straw=1), 7, 7, "CPH", True),      # Cloister Library
    "F20": (dict(wood=2, straw=2), 4, 6, "CPH", False),      # Inn
    "F21": (dict(clay=2, straw=2), 4, 5, "CPH", False),      # Winery
    "F23": (dict(stone=1, straw=1), 2, 6, "CPH", True),      # Bathhouse
    "F24": (dict(clay=5, stone=3), 12, 9, "CPH", True),      # Cloister Church
    "F25": (dict(wood=1, clay=1), 0, 6, "CPH", False),       # Chamber of Wonders
    "F27": (dict(coin=25), 25, 8, "H", False),               # Palace
    "F29": (dict(coin=5), 7, -4, "M", False),                # Quarry (C)
    "F30": (dict(stone=2, straw=2), 6, 5, "CPH", False),     # Town Estate
    "F31": (dict(wood=1), 3, 6, "H", False),                 # Grapevine (C)
    "F32": (dict(stone=1), 2, 5, "CPH", True),               # Calefactory
    "F33": (dict(wood=3, clay=3), 8, 4, "C", False),         # Shipping Company
    "F35": (dict(clay=2, straw=1), 4, 2, "CPH", False),      # Forger's Workshop
    "F36": (dict(coin=6), 2, 6, "CPH", False),               # Pilgrimage Site
    "F37": (dict(clay=3), 3, 4, "CPH", True),                # Dormitory
    "F38": (dict(wood=1, stone=2), 5, 5, "CPH", False),      # Printing Office
    "F40": (dict(wood=3, straw=1), 7, 5, "CPH", True),       # Hospice
}
ALL = sorted(CARDS)

# the empty spaces of a heartland with a coast plot and a mountain plot in rows 0-1
SPACES = {(-1, 0): "C", (-1, 1): "C", (3, 0): "P", (3, 1): "P", (5, 0): "H", (5, 1): "H", (6, 0): "M"}
CLOISTER_ADJ = {(3, 1), (5, 1)}          # orthogonally next to the Cloister Office (4, 1)


def home(card):
    return home_of(CARDS, card)


def position(card=None, at_=None, **kw):
    """A fresh game with seat 0's goods set to exactly the stock given and ``card`` placed."""
    return card_position(CARDS, card, at_, **kw)


# ============================================================== building: cost, terrain, values

@pytest.mark.parametrize("card", ALL)
def test_build_pays_exactly_the_printed_cost(card):
    # every F card: BUILD from the display + AT, the printed cost and nothing else is paid
    cost = CARDS[card][0]
    state, ed = position(coast=True, mountain=True, **cost)
    ed.display(card)
    col, row, _, _ = home(card)
    assert f"BUILD {card}" in texts(state)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {}
    assert cell(state, 0, col, row) == card
    assert state._display() == []
    assert at_top(state)


@pytest.mark.parametrize("card, short", [(c, g) for c in ALL for g in CARDS[c][0]])
def test_build_refused_one_short_of_the_cost(card, short):
    # one unit less of any cost item: BUILD is not offered
    cost = dict(CARDS[card][0])
    cost[short] -= 1
    state, ed = position(coast=True, mountain=True, **cost)
    ed.display(card)
    assert f"BUILD {card}" not in texts(state)


@pytest.mark.parametrize("card", [c for c in ALL if CARDS[c][0].get("straw")])
def test_build_grain_stands_in_for_missing_straw(card):
    # rules.md 7.4: missing straw is paid with grain (grain flips to straw)
    cost = dict(CARDS[card][0])
    straw = cost.pop("straw")
    state, ed = position(coast=True, mountain=True, grain=straw + 1, **cost)
    ed.display(card)
    col, row, _, _ = home(card)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {"grain": 1}


def test_build_straw_is_used_before_grain():
    # F20 Inn costs 2 wood + 2 straw: 1 straw + 1 grain of 1 straw + 2 grain
    state, ed = position(wood=2, straw=1, grain=2)
    ed.display("F20")
    play(state, "BUILD F20", "AT 3 0")
    assert goods(state, 0) == {"grain": 1}


@pytest.mark.parametrize("card, coins", [("F09", 3), ("F27", 25), ("F29", 5), ("F36", 6)])
def test_financed_building_costs_coins_and_wine_stands_in(card, coins):
    # financed cards: F09 3, F27 25, F29 5, F36 6 coins; a wine counts as 1 coin
    col, row, _, _ = home(card)
    state, ed = position(coast=True, mountain=True, coin=coins - 1)
    ed.display(card)
    assert f"BUILD {card}" not in texts(state)
    ed.goods(0, wine=1)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {}
    state, ed = position(coast=True, mountain=True, coin=coins + 2, wine=1)
    ed.display(card)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {"coin": 2, "wine": 1}      # coins first, the wine is kept


@pytest.mark.parametrize("card", ALL)
def test_build_terrain_and_cloister_adjacency(card):
    # the AT offered are exactly the empty spaces of the card's terrain; a cloister
    # building only orthogonally next to another cloister building (the Cloister Office)
    _cost, _e, _d, terrain, cloister = CARDS[card]
    state, ed = position(coast=True, mountain=True, wood=9, clay=9, stone=9, straw=9, coin=30)
    ed.display(card)
    play(state, f"BUILD {card}")
    offered = {tuple(int(x) for x in t.split()[1:]) for t in texts(state)}
    expected = {sp for sp, t in SPACES.items() if t in terrain}
    if cloister:
        expected &= CLOISTER_ADJ
    assert offered == expected


@pytest.mark.parametrize("card", [c for c in ALL if CARDS[c][4]])
def test_cloister_card_not_offered_without_a_cloister_neighbour(card):
    # F09 F17 F23 F24 F32 F37 F40: the only empty space next to the Cloister Office is (3, 1)
    state, ed = position(wood=9, clay=9, stone=9, straw=9, coin=30)
    ed.display(card, "F03")
    assert f"BUILD {card}" in texts(state)
    ed.place(0, "F03", 3, 1)
    assert f"BUILD {card}" not in texts(state)
    ed.clear(0, 4, 1)                    # no cloister at all: (4, 1) is empty plains now
    ed.clear(0, 3, 1)
    assert f"BUILD {card}" not in texts(state)


def test_cloister_building_next_to_a_new_cloister_building():
    # a built cloister building is itself a neighbour for the next one
    state, ed = position(stone=9, straw=9, clay=9)
    ed.place(0, "F17", 3, 1)
    ed.display("F37")
    play(state, "BUILD F37")
    assert {t for t in texts(state)} == {"AT 3 0"}


@pytest.mark.parametrize("card, where", [("F04", "3 0"), ("F11", "3 0"), ("F33", "3 0"), ("F14", "3 0"),
                                         ("F27", "3 0"), ("F29", "5 0"), ("F11", "5 0"), ("F04", "-2 0")])
def test_wrong_terrain_is_not_offered(card, where):
    state, ed = position(coast=True, mountain=True, wood=9, clay=9, stone=9, straw=9, coin=30)
    ed.display(card)
    play(state, f"BUILD {card}")
    assert f"AT {where}" not in texts(state)


def test_building_needs_a_space_of_its_terrain():
    # F11 Harbor Promenade without a coast, F29 Quarry without a mountain: not offered
    state, ed = position(wood=9, stone=9, straw=9, coin=30)
    ed.display("F11", "F29", "F27", "F03")
    offered = [t for t in texts(state) if t.startswith("BUILD")]
    assert "BUILD F03" in offered
    assert "BUILD F11" not in offered and "BUILD F29" not in offered
    # F27 Palace is hillside only; the heartland's hillside holds the Clay Mound
    assert "BUILD F27" not in offered


def test_prior_may_use_the_building_just_built():
    # rules.md 7.4: F04 Windmill built on the coast, the prior goes there at once
    state, ed = position(coast=True, wood=3, clay=2, grain=2)
    ed.display("F04")
    play(state, "BUILD F04", "AT -1 0")
    assert uses(state, "F04") == ["USE F04 WITH_PRIOR"]
    play(state, "USE F04 WITH_PRIOR", "AMOUNT 2")
    assert goods(state, 0) == {"flour": 2, "straw": 2}


@pytest.mark.parametrize("card", ALL)
def test_economic_value(card):
    # rules.md 12.4: the card's shield value is added to the economic value
    state, ed = position()
    base = state._score_parts(0)[2]
    col, row, c, m = home(card)
    state, ed = position(card)
    assert state._score_parts(0)[2] - base == CARDS[card][1]
    econ = state.score_breakdown(0)["economic"]
    mine = [i["value"] for i in econ["items"] if i["card"] == card]
    assert mine == ([CARDS[card][1]] if CARDS[card][1] else [])
    assert econ["total"] == state._score_parts(0)[2]


# a settlement (Shanty Town) next to the card: its points change by the card's dwelling value
NEXT_TO = {"P": ((3, 0), (3, 1)), "C": ((-1, 0), (-1, 1)), "H": ((5, 0), (5, 1)), "M": ((6, 0), (5, 0))}


@pytest.mark.parametrize("card", ALL)
def test_dwelling_value(card):
    terrain = CARDS[card][3]
    key = "P" if "P" in terrain else terrain[0]
    (col, row), (scol, srow) = NEXT_TO[key]
    state, ed = position(coast=True, mountain=True)
    ed.place(0, "S01", scol, srow)
    (_, without), = state._score_parts(0)[3]
    ed.place(0, card, col, row)
    (_, with_card), = state._score_parts(0)[3]
    assert with_card - without == CARDS[card][2]
    sett = state.score_breakdown(0)["settlements"]["items"][0]
    nb = [n["value"] for n in sett["neighbours"] if n["card"] == card]
    assert nb == ([CARDS[card][2]] if CARDS[card][2] else [])


# ============================================================== F03 Grain Storage

def test_f03_grain_storage_1_coin_for_6_grain():
    # F03 Grain Storage: once per use, 1 coin -> 6 grain
    state, _ = position("F03", coin=2, wood=1)
    play(state, "USE F03")
    assert amounts(state) == [0, 1]                   # once only, though 2 coins
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "wood": 1, "grain": 6}
    assert at_top(state)


def test_f03_grain_storage_wine_as_the_coin_and_zero_use():
    # F03: a wine is the coin when coins run short; AMOUNT 0 and no money give nothing
    state, _ = position("F03", wine=1)
    play(state, "USE F03", "AMOUNT 1")
    assert goods(state, 0) == {"grain": 6}
    state, _ = position("F03", coin=1)
    play(state, "USE F03", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    state, _ = position("F03", grain=1)
    play(state, "USE F03")
    assert at_top(state) and goods(state, 0) == {"grain": 1}


# ============================================================== F04 Windmill

def test_f04_windmill_up_to_7_times():
    # F04 Windmill: up to 7 times 1 grain -> 1 flour + 1 straw (8 not offered with 9 grain)
    state, _ = position("F04", grain=9, wood=1)
    play(state, "USE F04")
    assert amounts(state) == list(range(8))
    play(state, "AMOUNT 7")
    assert goods(state, 0) == {"grain": 2, "flour": 7, "straw": 7, "wood": 1}


def test_f04_windmill_3_grain():
    # F04: 3 grain -> 3 flour + 3 straw; only what can be paid is offered
    state, _ = position("F04", grain=3, straw=1)
    play(state, "USE F04")
    assert amounts(state) == [0, 1, 2, 3]
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"flour": 3, "straw": 4}


def test_f04_windmill_zero_and_no_grain():
    state, _ = position("F04", grain=2)
    play(state, "USE F04", "AMOUNT 0")
    assert goods(state, 0) == {"grain": 2}
    state, _ = position("F04", straw=3, flour=1)
    play(state, "USE F04")
    assert at_top(state) and goods(state, 0) == {"straw": 3, "flour": 1}


# ============================================================== F05 Bakery

def test_f05_bakery_wood_bakes_2_bread_then_sells_2():
    # F05 Bakery: flour + 1/2 energy -> bread any number of times; 1 wood bakes 2;
    # and then up to 2 times 1 bread -> 4 coins (bread just baked may be sold)
    state, _ = position("F05", flour=3, wood=1)
    play(state, "USE F05")
    assert amounts(state) == [0, 1, 2]                # 1 wood = 2 half energies
    play(state, "AMOUNT 2", "PAY Wo")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"flour": 1, "coin": 8}


def test_f05_bakery_peat_coal_bakes_6():
    state, _ = position("F05", flour=8, peat_coal=1)
    play(state, "USE F05")
    assert max(amounts(state)) == 6
    play(state, "AMOUNT 6", "PAY Co", "AMOUNT 0")
    assert goods(state, 0) == {"flour": 2, "bread": 6}


def test_f05_bakery_any_number_of_times():
    # no upper limit but the goods: 10 flour and 5 energy bake 10 bread; selling stops at 2
    state, _ = position("F05", flour=10, peat=1, peat_coal=1, bread=1)
    play(state, "USE F05")
    assert amounts(state) == list(range(11))
    play(state, "AMOUNT 10", "PAY Co", "PAY Pt")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"bread": 10, "coin": 4}


def test_f05_bakery_straw_is_half_energy_and_grain_flips():
    # straw = 1/2 energy each; grain can be flipped to straw
    state, _ = position("F05", flour=5, straw=1, grain=1)
    play(state, "USE F05")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 2", "PAY SwSw", "AMOUNT 0")
    assert goods(state, 0) == {"flour": 3, "bread": 2}


def test_f05_bakery_overpaid_fuel_is_lost():
    # 1 bread paid with 1 peat (2 energy): the rest of the tile is lost
    state, _ = position("F05", flour=1, peat=1)
    play(state, "USE F05", "AMOUNT 1")
    assert texts(state) == ["PAY Pt"]
    play(state, "PAY Pt", "AMOUNT 0")
    assert goods(state, 0) == {"bread": 1}


def test_f05_bakery_sell_only_and_nothing():
    # "and then/or": selling without baking; bread already held sells at 4
    state, _ = position("F05", bread=3)
    play(state, "USE F05")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"bread": 1, "coin": 8}
    state, _ = position("F05", flour=2)               # flour but no energy: nothing
    play(state, "USE F05")
    assert at_top(state) and goods(state, 0) == {"flour": 2}


# ============================================================== F08 Market

def test_f08_market_4_different_goods_for_7_coins_and_bread():
    # F08 Market: exactly 4 goods of 4 types -> 7 coins + 1 bread, once
    state, _ = position("F08", wood=2, clay=1, peat=1, sheep=1)
    play(state, "USE F08")
    assert "SKIP" in texts(state)
    play(state, "PICK Wo", "PICK Cl", "PICK Pt", "PICK Sh")
    assert goods(state, 0) == {"wood": 1, "coin": 7, "bread": 1}
    assert at_top(state)


def test_f08_market_grain_and_straw_coin_and_five_are_different():
    # rules.md 12A: grain / straw and coin / 5-coin piece are different types
    state, _ = position("F08", grain=2, coin=6)
    play(state, "USE F08", "PICK Gn", "PICK Sw", "PICK Pn", "PICK Ni")
    assert goods(state, 0) == {"coin": 7, "bread": 1}


def test_f08_market_three_types_give_nothing_and_skip():
    state, _ = position("F08", wood=3, clay=3, grain=1)
    play(state, "USE F08")
    assert at_top(state) and goods(state, 0) == {"wood": 3, "clay": 3, "grain": 1}
    state, _ = position("F08", wood=1, clay=1, peat=1, sheep=1)
    play(state, "USE F08", "SKIP")
    assert goods(state, 0) == {"wood": 1, "clay": 1, "peat": 1, "sheep": 1}


def test_f08_market_never_a_dead_end():
    # the picks offered always leave enough different goods for the rest
    state, _ = position("F08", wood=1, clay=1, peat=1, sheep=1)
    play(state, "USE F08")
    assert texts(state) == ["PICK Wo", "SKIP"]


# ============================================================== F09 Cloister Garden

def test_f09_garden_grape_and_an_adjacent_basic_building():
    # F09 Cloister Garden at (3, 1): 1 grape + the function of ONE unoccupied orthogonal
    # neighbour (the Farmyard and the Cloister Office; the Clay Mound is diagonal).  The lent
    # use waits at the top of the turn (free actions may come first).
    state, ed = position("F09", coin=1)
    ed.token_value(coin=5)
    play(state, "USE F09")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"coin": 1, "grapes": 1}
    assert lent(state) == ["TARGET LR2", "TARGET LR3"] and "COMMIT" in texts(state)
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 6, "grapes": 1}
    assert token(state, "coin")[1] == 0
    # no clergyman went to the Cloister Office: only the one on the Garden is out
    assert state._clergy(0) == [(0, 8), "home", "home"]
    assert at_top(state) and lent(state) == []


def test_f09_garden_accept_is_the_grape_only_skip_is_nothing():
    state, _ = position("F09")
    play(state, "USE F09", "ACCEPT")
    assert goods(state, 0) == {"grapes": 1} and at_top(state)
    state, _ = position("F09")
    play(state, "USE F09", "SKIP")
    assert goods(state, 0) == {} and at_top(state)


def test_f09_garden_kennerspiel_grape_always():
    state, ed = position("F09", rules="kennerspiel")
    play(state, "USE F09")
    assert goods(state, 0) == {"grapes": 1}
    assert lent(state) == ["TARGET LR2", "TARGET LR3"]
    play(state, "COMMIT")                          # the neighbour's use may be left
    assert goods(state, 0) == {"grapes": 1}


def test_f09_garden_settlements_forests_moors_are_not_buildings():
    # Garden at (1, 0): moor (0, 0), forest (2, 0), forest (1, 1): nothing to choose
    state, _ = position("F09", (1, 0))
    play(state, "USE F09", "ACCEPT")
    assert lent(state) == []
    # Garden at (3, 0): forest (2, 0), Clay Mound (4, 0), a settlement at (3, 1)
    state, ed = position("F09", (3, 0))
    ed.place(0, "S01", 3, 1)
    play(state, "USE F09", "ACCEPT")
    assert lent(state) == ["TARGET LR1"]


def test_f09_garden_occupied_neighbour_cannot_be_chosen():
    state, ed = position("F09")
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))
    play(state, "USE F09", "ACCEPT")
    assert lent(state) == ["TARGET LR2"]


def test_f09_garden_neighbour_inputs_are_paid():
    # a Windmill next to the Garden: the user's grain is milled, nothing else is paid
    state, ed = position("F09", grain=3)
    ed.place(0, "F04", 3, 0)
    play(state, "USE F09", "ACCEPT", "TARGET F04")
    assert amounts(state) == [0, 1, 2, 3]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"grain": 1, "grapes": 1, "flour": 2, "straw": 2}


def test_f09_garden_cannot_be_triggered_again_through_the_neighbour():
    # Garden (5, 1) next to a Palace (5, 0): the Palace may use occupied buildings, but the
    # Garden (occupied by the user) is not among them: at most once per action
    state, ed = position("F09", (5, 1), mountain=True, wine=1)
    ed.place(0, "F27", 5, 0)
    play(state, "USE F09", "ACCEPT", "TARGET F27")
    assert lent(state) == []
    assert goods(state, 0) == {"grapes": 1, "wine": 1}


def test_f09_garden_by_work_contract():
    # Green work-contracts Red's Garden: Green gets the grape and the neighbour's function
    # in Red's landscape; Red gets the fee
    state, ed = position("F09")
    ed.token_value(coin=5)
    ed.goods(1, coin=1)
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    play(state, "COMMIT")
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT F09 Pn", "TARGET F09", "ACCEPT")
    assert lent(state) == ["TARGET LR3"]
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 1}
    assert goods(state, 1) == {**before1, "coin": 5, "grapes": 1}


# ============================================================== F10 Carpentry

def test_f10_carpentry_removes_a_forest_without_wood_and_grants_a_build():
    # F10 Carpentry: remove 1 forest (no wood) -> one Build, paid normally
    state, ed = position("F10", clay=2, grain=1, wood=4)
    ed.display("F05", "F03")
    ed.token_value(wood=8)
    play(state, "USE F10")
    assert sorted(texts(state)) == ["AT 1 0", "AT 1 1", "AT 2 0", "SKIP"]
    play(state, "AT 1 0")
    assert cell(state, 0, 1, 0) is None
    assert goods(state, 0) == {"clay": 2, "grain": 1, "wood": 4}
    assert token(state, "wood")[1] == 8
    assert state._turn()["bonus_build"] == 1
    assert "BUILD F05" in texts(state) and "BUILD F03" in texts(state)
    play(state, "BUILD F05")
    assert "AT 1 0" in texts(state)                    # the cleared space is plains now
    play(state, "AT 1 0")
    assert cell(state, 0, 1, 0) == "F05"
    assert goods(state, 0) == {"wood": 4}              # 2 clay + 1 straw (the grain)
    # the prior's use of the building just built applies, then no further Build
    assert uses(state, "F05") == ["USE F05 WITH_PRIOR"]
    assert not [t for t in texts(state) if t.startswith("BUILD")]


def test_f10_carpentry_skip_and_no_forest_give_no_build():
    state, ed = position("F10", wood=9, clay=9, straw=9)
    ed.display("F05")
    play(state, "USE F10", "SKIP")
    assert state._turn()["bonus_build"] == 0
    assert not [t for t in texts(state) if t.startswith("BUILD")]
    assert cell(state, 0, 1, 0) == "forest"
    state, ed = position("F10", wood=9, clay=9, straw=9)
    ed.display("F05")
    for c, r in ((1, 0), (2, 0), (1, 1)):
        ed.clear(0, c, r)
    play(state, "USE F10")
    assert at_top(state) and state._turn()["bonus_build"] == 0
    assert not [t for t in texts(state) if t.startswith("BUILD")]


def test_f10_carpentry_build_cost_still_needed():
    # the granted Build needs the building's cost: nothing affordable, nothing offered
    state, ed = position("F10", wood=1)
    ed.display("F04", "F05")
    play(state, "USE F10", "AT 2 0")
    assert not [t for t in texts(state) if t.startswith("BUILD")]
    assert goods(state, 0) == {"wood": 1}


def test_f10_carpentry_by_work_contract_acts_on_the_actors_landscape():
    # Green work-contracts Red's Carpentry: a forest of GREEN's is removed, Green builds
    state, ed = position("F10")
    ed.display("F05")
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    ed.clear_goods(1)
    ed.goods(1, coin=1, clay=2, straw=1)
    play(state, "COMMIT", "WORK_CONTRACT F10 Pn", "TARGET F10")
    assert sorted(texts(state)) == ["AT 1 0", "AT 1 1", "AT 2 0", "SKIP"]
    play(state, "AT 1 1")
    assert cell(state, 1, 1, 1) is None and cell(state, 0, 1, 1) == "forest"
    play(state, "BUILD F05", "AT 1 1")
    assert cell(state, 1, 1, 1) == "F05"
    assert goods(state, 1) == {}
    assert goods(state, 0) == {"coin": 1}


# ============================================================== F11 Harbor Promenade

def test_f11_harbor_promenade_gives_wood_wine_coin_ceramic():
    # F11 Harbor Promenade (coast): 1 wood, 1 wine, 1 coin, 1 ceramic
    state, _ = position("F11", wood=1)
    play(state, "USE F11")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"wood": 2, "wine": 1, "coin": 1, "ceramic": 1}


def test_f11_harbor_promenade_skip_printed_automatic_kennerspiel():
    state, _ = position("F11")
    play(state, "USE F11", "SKIP")
    assert goods(state, 0) == {}
    state, _ = position("F11", rules="kennerspiel")
    play(state, "USE F11")
    assert at_top(state)
    assert goods(state, 0) == {"wood": 1, "wine": 1, "coin": 1, "ceramic": 1}


# ============================================================== F14 / F31 Grapevine

@pytest.mark.parametrize("card", ["F14", "F31"])
def test_grapevine_before_the_grapes_token_only_the_joker(card):
    # F14 / F31 Grapevine: before the grapes indicator enters, only the joker
    state, ed = position(card)
    ed.token_value(joker=6)
    assert token(state, "grapes")[0] is None
    play(state, f"USE {card}")
    assert sorted(texts(state)) == ["SKIP", "TAKE Gp Jo"]
    play(state, "TAKE Gp Jo")
    assert goods(state, 0) == {"grapes": 6}
    assert token(state, "joker")[1] == 0


@pytest.mark.parametrize("card", ["F14", "F31"])
def test_grapevine_takes_the_grapes_indicator_and_resets_it(card):
    state, ed = position(card, grapes=1)
    ed.wheel(grapes=0)
    ed.token_value(grapes=4, joker=7)
    play(state, f"USE {card}")
    assert sorted(texts(state)) == ["SKIP", "TAKE Gp", "TAKE Gp Jo"]
    play(state, "TAKE Gp")
    assert goods(state, 0) == {"grapes": 5}
    assert token(state, "grapes")[1] == 0 and token(state, "joker")[1] == 7


@pytest.mark.parametrize("card", ["F14", "F31"])
def test_grapevine_joker_instead_of_grapes(card):
    state, ed = position(card)
    ed.wheel(grapes=0)
    ed.token_value(grapes=4, joker=7)
    play(state, f"USE {card}", "TAKE Gp Jo")
    assert goods(state, 0) == {"grapes": 7}
    assert token(state, "grapes")[1] == 4 and token(state, "joker")[1] == 0


@pytest.mark.parametrize("card", ["F14", "F31"])
def test_grapevine_skip_printed_none_in_kennerspiel(card):
    state, ed = position(card)
    ed.token_value(joker=5)
    play(state, f"USE {card}", "SKIP")
    assert goods(state, 0) == {} and token(state, "joker")[1] == 5
    state, ed = position(card, rules="kennerspiel")
    ed.token_value(joker=5)
    play(state, f"USE {card}")
    assert texts(state) == ["TAKE Gp Jo"]


@pytest.mark.parametrize("card, tok, letters, players", [("F14", "grapes", "Gp", 4), ("F29", "stone", "Sn", 4),
                                                         ("F14", "grapes", "Gp", 3), ("F29", "stone", "Sn", 3)])
def test_wheel_card_short_game_every_player_takes_one(card, tok, letters, players):
    # F14 Grapevine / F29 Quarry, short 3-4p game: bonus production, every player (the
    # user too) takes 1 more of the good
    state, ed = position(card, players=players, length="short")
    ed.wheel(**{tok: 0})
    ed.token_value(**{tok: 3})
    others = [goods(state, p) for p in range(1, players)]
    play(state, f"USE {card}", f"TAKE {letters}")
    assert goods(state, 0) == {tok: 4}
    for p, before in zip(range(1, players), others):
        assert goods(state, p) == {**before, tok: before.get(tok, 0) + 1}


# ============================================================== F15 Financed Estate

def test_f15_financed_estate():
    # F15 Financed Estate: once, 1 coin -> 1 book, 1 bread, 2 grapes, 2 flour
    state, _ = position("F15", coin=3)
    play(state, "USE F15")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "book": 1, "bread": 1, "grapes": 2, "flour": 2}


def test_f15_financed_estate_wine_zero_and_no_money():
    state, _ = position("F15", wine=1)
    play(state, "USE F15", "AMOUNT 1")
    assert goods(state, 0) == {"book": 1, "bread": 1, "grapes": 2, "flour": 2}
    state, _ = position("F15", coin=1)
    play(state, "USE F15", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    state, _ = position("F15", book=1)
    play(state, "USE F15")
    assert at_top(state) and goods(state, 0) == {"book": 1}


# ============================================================== F17 Cloister Library

def test_f17_library_up_to_3_books_then_a_book_for_meat_and_wine():
    # F17 Cloister Library: up to 3 times 1 coin -> 1 book; and then once 1 book -> 1 meat + 1 wine
    state, _ = position("F17", coin=5)
    play(state, "USE F17")
    assert amounts(state) == [0, 1, 2, 3]             # 5 coins, still only 3
    play(state, "AMOUNT 3")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "book": 2, "meat": 1, "wine": 1}


def test_f17_library_book_just_bought_may_be_used():
    state, _ = position("F17", coin=1)
    play(state, "USE F17", "AMOUNT 1", "AMOUNT 1")
    assert goods(state, 0) == {"meat": 1, "wine": 1}


def test_f17_library_only_what_can_be_paid_and_own_books():
    state, _ = position("F17", coin=2, book=2)
    play(state, "USE F17")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 0")
    assert amounts(state) == [0, 1]                   # once only, though 2 books
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "book": 1, "meat": 1, "wine": 1}
    state, _ = position("F17", coin=1, wine=2)        # wine stands in for coins
    play(state, "USE F17", "AMOUNT 3", "AMOUNT 0")
    assert goods(state, 0) == {"book": 3}


def test_f17_library_nothing_to_pay():
    state, _ = position("F17", grain=1)
    play(state, "USE F17")
    assert at_top(state) and goods(state, 0) == {"grain": 1}


# ============================================================== F20 Inn

def test_f20_inn_up_to_7_food_and_a_wine_for_6():
    # F20 Inn: once 1 wine -> 6 coins; and/or up to 7 times food 1 -> 1 coin (13 at most).
    # The wine sale is asked first
    state, _ = position("F20", meat=2, wine=2)
    play(state, "USE F20")
    assert amounts(state) == [0, 1]                   # once, though 2 wine
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 6, "wine": 1, "meat": 2}
    assert amounts(state) == list(range(8))
    play(state, "AMOUNT 7", "PAY MtMt")              # 10 food pays only 7
    assert goods(state, 0) == {"coin": 13, "wine": 1}


def test_f20_inn_a_wine_is_food_only_next_to_a_sold_wine():
    # a wine handed in at the Inn is sold (kennerspiel reads it so; 6 coins beat 1): without
    # the sale no wine counts as food; with it a second wine may
    state, _ = position("F20", wine=2, grain=1)
    play(state, "USE F20", "AMOUNT 0")
    assert amounts(state) == [0, 1]                   # only the grain
    state, _ = position("F20", wine=2, grain=1)
    play(state, "USE F20", "AMOUNT 1")
    # the grain, the second wine and the 6 coins just taken (a coin is 1 food)
    assert amounts(state) == list(range(8))
    play(state, "AMOUNT 2", "PAY Gn", "PAY Wn")
    assert goods(state, 0) == {"coin": 8}


def test_f20_inn_pays_for_the_food_handed_in_up_to_7():
    # 1 meat + 1 bread = 8 food, 6 coins announced: the food handed in pays the
    # most the Inn gives (7), the eighth food is lost (kennerspiel counts the same)
    state, _ = position("F20", meat=1, bread=1)
    play(state, "USE F20", "AMOUNT 6", "PAY Mt", "PAY Br")
    assert goods(state, 0) == {"coin": 7}
    assert at_top(state)


def test_f20_inn_4_sheep_pay_7():
    state, _ = position("F20", sheep=4)
    play(state, "USE F20")
    assert max(amounts(state)) == 7
    play(state, "AMOUNT 7", "PAY ShShShSh")
    assert goods(state, 0) == {"coin": 7}


def test_f20_inn_only_the_food_held_and_wine_only():
    state, _ = position("F20", grain=3)
    play(state, "USE F20")
    assert amounts(state) == [0, 1, 2, 3]
    state, _ = position("F20", wine=1)
    play(state, "USE F20", "AMOUNT 1", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 6} and at_top(state)


# ============================================================== F21 Winery

def test_f21_winery_grapes_to_wine_then_one_wine_for_7():
    # F21 Winery: any number of times 1 grape -> 1 wine; and then/or once 1 wine -> 7 coins
    state, _ = position("F21", grapes=9)
    play(state, "USE F21")
    assert amounts(state) == list(range(10))
    play(state, "AMOUNT 9")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"wine": 8, "coin": 7}


def test_f21_winery_sell_only_and_nothing():
    state, _ = position("F21", wine=2)
    play(state, "USE F21", "AMOUNT 1")
    assert goods(state, 0) == {"wine": 1, "coin": 7}
    state, _ = position("F21", grapes=1)
    play(state, "USE F21", "AMOUNT 1", "AMOUNT 0")
    assert goods(state, 0) == {"wine": 1}
    state, _ = position("F21", coin=1)
    play(state, "USE F21")
    assert at_top(state) and goods(state, 0) == {"coin": 1}


def test_f21_winery_built_raises_the_work_contract_fee_to_2():
    # once the Winery has been built (by anybody) a work contract costs 2 coins for everyone
    state, ed = position(clay=2, straw=2)
    ed.display("F21")
    ed.goods(1, coin=3, wine=1)
    assert state._turn()["contract_fee"] == 1
    play(state, "BUILD F21", "AT 3 0")
    assert goods(state, 0) == {}
    assert state._turn()["contract_fee"] == 2
    play(state, "COMMIT")
    assert state.current_player() == 1
    offered = [t for t in texts(state) if t.startswith("WORK_CONTRACT")]
    assert "WORK_CONTRACT LR1 PnPn" in offered and "WORK_CONTRACT LB1 PnPn" in offered
    assert "WORK_CONTRACT LR1 Pn" not in offered
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT LR1 PnPn", "WITH_LAYBROTHER")
    assert goods(state, 0) == {"coin": 2}
    assert good(state, 1, "coin") == before1["coin"] - 2


def test_work_contract_fee_1_before_the_winery():
    state, ed = position()
    ed.goods(0, coin=1)
    before1 = goods(state, 1)
    assert "WORK_CONTRACT LG1 Pn" in texts(state)
    play(state, "WORK_CONTRACT LG1 Pn", "WITH_LAYBROTHER", "TARGET LG1", "SKIP")
    assert goods(state, 0) == {}
    assert goods(state, 1) == {**before1, "coin": before1["coin"] + 1}


def test_work_contract_wine_goes_to_the_supply():
    # a wine instead of the fee: the owner gets nothing (also at fee 2)
    state, ed = position(wine=1)
    ed.turn(fee_raised=True)
    before1 = goods(state, 1)
    assert "WORK_CONTRACT LG1 Wn" in texts(state)
    play(state, "WORK_CONTRACT LG1 Wn", "WITH_LAYBROTHER", "COMMIT")
    assert goods(state, 0) == {}
    assert goods(state, 1) == before1


def test_winery_fee_printed_vs_kennerspiel():
    # printed: fee 2 from the moment it is built, even in phase S; 1 while unbuilt, even
    # when it is gone from the display. kennerspiel: 1 in phases S/A or while in the display
    for rules in ("printed", "kennerspiel"):
        state, ed = position(clay=2, straw=2, rules=rules)
        ed.display("F21")
        play(state, "BUILD F21", "AT 3 0")
        assert state._turn()["contract_fee"] == (2 if rules == "printed" else 1)
        ed.turn(phase_letter=2)                       # phase B, Winery built
        assert state._turn()["contract_fee"] == 2
    state, ed = position()
    ed.display("F24")
    ed.turn(phase_letter=3)                           # phase C, Winery never built
    assert state._turn()["contract_fee"] == 1
    state, ed = position(rules="kennerspiel")
    ed.display("F21")
    ed.turn(phase_letter=2)
    assert state._turn()["contract_fee"] == 1


# ============================================================== F23 Bathhouse

def test_f23_bathhouse_coin_for_book_ceramic_and_all_clergy_home():
    # F23 Bathhouse: once, 1 coin -> 1 book + 1 ceramic, then ALL own clergymen come home
    # (the one on the Bathhouse too)
    state, ed = position("F23", coin=2)
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))
    play(state, "USE F23 WITH_PRIOR")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "book": 1, "ceramic": 1}
    assert state._clergy(0) == ["home", "home", "home"]


def test_f23_bathhouse_nothing_without_the_coin():
    state, ed = position("F23", book=1)
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))
    play(state, "USE F23")
    assert at_top(state) and goods(state, 0) == {"book": 1}
    assert state._clergy(0)[1:] == [(0, ed.space(0, 4, 1)), "home"]
    assert state._clergy(0)[0] == (0, ed.space(0, 3, 1))
    state, ed = position("F23", coin=1)
    play(state, "USE F23", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    assert state._clergy(0)[0] == (0, ed.space(0, 3, 1))


def test_f23_bathhouse_wine_as_the_coin():
    state, ed = position("F23", wine=1)
    play(state, "USE F23", "AMOUNT 1")
    assert goods(state, 0) == {"book": 1, "ceramic": 1}
    assert state._clergy(0) == ["home", "home", "home"]


def test_f23_bathhouse_by_work_contract_actor_clergy_home_owner_stays():
    # rules.md 12A: the acting player's clergy come home, the owner's stays on the Bathhouse
    state, ed = position(coin=2)
    ed.place(1, "F23", 3, 1)
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT F23 Pn")
    assert state._decision()["chooser"] == 1
    play(state, "WITH_LAYBROTHER")
    assert state.current_player() == 0
    play(state, "TARGET F23", "AMOUNT 1")
    assert goods(state, 0) == {"book": 1, "ceramic": 1}
    assert goods(state, 1) == {**before1, "coin": before1["coin"] + 1}
    assert state._clergy(0) == ["home", "home", "home"]
    assert state._clergy(1)[0] == (1, ed.space(1, 3, 1))


# ============================================================== F24 Cloister Church

def test_f24_church_up_to_2_reliquaries():
    # F24 Cloister Church: up to 2 times 1 bread + 1 wine -> 1 reliquary
    state, _ = position("F24", bread=3, wine=3)
    play(state, "USE F24")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"bread": 1, "wine": 1, "reliquary": 2}


def test_f24_church_one_wine_per_reliquary():
    state, _ = position("F24", bread=3, wine=1)
    play(state, "USE F24")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"bread": 2, "reliquary": 1}
    state, _ = position("F24", bread=3)
    play(state, "USE F24")
    assert at_top(state) and goods(state, 0) == {"bread": 3}
    state, _ = position("F24", wine=2, coin=3)
    play(state, "USE F24")
    assert at_top(state) and goods(state, 0) == {"wine": 2, "coin": 3}


# ============================================================== F25 Chamber of Wonders

THIRTEEN = dict(wood=1, clay=1, peat=1, peat_coal=1, grain=1, straw=1, sheep=1, meat=1, coin=1,
                stone=1, grapes=1, flour=1, bread=1)
THIRTEEN_PICKS = ["Wo", "Cl", "Pt", "Co", "Gn", "Sw", "Sh", "Mt", "Pn", "Sn", "Gp", "Fl", "Br"]


def test_f25_chamber_13_different_goods_for_a_wonder():
    # F25 Chamber of Wonders: once, 13 goods of 13 types -> 1 Wonder (30 points); 8 in supply
    state, _ = position("F25", **THIRTEEN)
    assert state._turn()["wonders"] == 8
    play(state, "USE F25")
    for g in THIRTEEN_PICKS:
        assert f"PICK {g}" in texts(state)
        play(state, f"PICK {g}")
    assert goods(state, 0) == {"wonder": 1}
    assert state._turn()["wonders"] == 7
    assert state.score_breakdown(0)["goods"]["items"]["wonder"]["points"] == 30


def test_f25_chamber_grain_straw_coin_five_are_different():
    # 13 types from 12 kinds of tile: grain + straw (2 grain), coin + 5-coin piece (6 coins)
    state, _ = position("F25", wood=1, clay=1, peat=1, peat_coal=1, grain=2, sheep=1, meat=1,
                        coin=6, stone=1, grapes=1, flour=1)
    play(state, "USE F25")
    for g in ["Wo", "Cl", "Pt", "Co", "Gn", "Sw", "Sh", "Mt", "Pn", "Sn", "Gp", "Fl", "Ni"]:
        play(state, f"PICK {g}")
    assert goods(state, 0) == {"wonder": 1}


def test_f25_chamber_12_types_nothing_and_a_wonder_is_not_a_good():
    stock = dict(THIRTEEN)
    del stock["bread"]
    state, _ = position("F25", wonder=1, **stock)
    play(state, "USE F25")
    assert at_top(state)
    assert goods(state, 0) == {"wonder": 1, **stock}
    assert state._turn()["wonders"] == 8


def test_f25_chamber_refused_with_no_wonder_left():
    # rules.md 12A: no Wonder in the supply -> the use is refused, the goods stay
    state, ed = position("F25", **THIRTEEN)
    ed.turn(wonders=0)
    play(state, "USE F25")
    assert at_top(state)
    assert goods(state, 0) == THIRTEEN


def test_f25_chamber_skip():
    state, _ = position("F25", **THIRTEEN)
    play(state, "USE F25", "SKIP")
    assert goods(state, 0) == THIRTEEN and state._turn()["wonders"] == 8


def test_f25_chamber_takes_the_last_wonder():
    state, ed = position("F25", **THIRTEEN)
    ed.turn(wonders=1)
    play(state, "USE F25", *[f"PICK {g}" for g in THIRTEEN_PICKS])
    assert goods(state, 0) == {"wonder": 1} and state._turn()["wonders"] == 0


# ============================================================== F27 Palace

def test_f27_palace_uses_another_players_occupied_building():
    # F27 Palace: 1 wine -> the function of any ONE occupied building (any player's);
    # no clergyman placed there, no fee, the occupant stays
    state, ed = position("F27", wine=2)
    ed.clergy(1, "prior", at=(1, 4, 0))              # Green's prior on Green's Clay Mound
    ed.token_value(clay=4, joker=6)
    before1 = goods(state, 1)
    play(state, "USE F27")
    assert lent(state) == ["TARGET LG1"] and goods(state, 0) == {"wine": 2}
    play(state, "TARGET LG1")                        # the wine is paid when the use is taken
    assert goods(state, 0) == {"wine": 1}
    play(state, "TAKE Cl")
    assert goods(state, 0) == {"wine": 1, "clay": 4}
    assert goods(state, 1) == before1
    assert state._clergy(1)[2] == (1, ed.space(1, 4, 0))
    assert token(state, "clay")[1] == 0


def test_f27_palace_targets_are_the_occupied_buildings_not_itself():
    state, ed = position("F27", wine=1, coin=1)
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))     # own Cloister Office, own lay brother
    ed.clergy(2, "lay_brother_1", at=(2, 2, 1))     # Blue's Farmyard
    ed.clergy(3, "prior", at=(1, 4, 1))             # White's prior on Green's Office
    ed.token_value(coin=5)
    play(state, "USE F27")
    assert lent(state) == ["TARGET LB2", "TARGET LG3", "TARGET LR3"]
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 6}


def test_f27_palace_needs_one_wine():
    state, ed = position("F27", coin=5)
    ed.clergy(1, "prior", at=(1, 4, 0))
    play(state, "USE F27")
    assert at_top(state) and lent(state) == [] and goods(state, 0) == {"coin": 5}


def test_f27_palace_skip_keeps_the_wine_and_nothing_occupied():
    state, ed = position("F27", wine=1)
    ed.clergy(1, "prior", at=(1, 4, 0))
    play(state, "USE F27", "COMMIT")                 # the lent use is not taken
    assert goods(state, 0) == {"wine": 1}
    state, ed = position("F27", wine=1)              # only the Palace itself is occupied
    play(state, "USE F27")
    assert lent(state) == []


def test_f27_palace_converting_target_uses_the_users_goods():
    # a Palace use of Green's occupied Windmill mills Red's grain
    state, ed = position("F27", wine=1, grain=2)
    ed.place(1, "F04", 3, 0)
    ed.clergy(1, "lay_brother_1", at=(1, 3, 0))
    before1 = goods(state, 1)
    play(state, "USE F27", "TARGET F04", "AMOUNT 2")
    assert goods(state, 0) == {"flour": 2, "straw": 2}
    assert goods(state, 1) == before1


def test_f27_palace_may_use_an_occupied_priory():
    # rules.md 12A: free uses chain; the Palace's target is ANY occupied building but itself,
    # so an occupied Priory may be used, and the Priory then uses a prior's building
    state, ed = position("F27", wine=1)
    ed.place(1, "G01", 3, 1)
    ed.clergy(2, "lay_brother_1", at=(1, 3, 1))     # Blue's lay brother on Green's Priory
    ed.clergy(1, "prior", at=(1, 4, 0))             # Green's prior on Green's Clay Mound
    ed.token_value(clay=4)
    play(state, "USE F27")
    assert lent(state) == ["TARGET G01", "TARGET LG1"]
    play(state, "TARGET G01")
    assert lent(state) == ["TARGET LG1"]
    play(state, "TARGET LG1", "TAKE Cl")
    assert goods(state, 0) == {"clay": 4}


# ============================================================== F29 Quarry

def test_f29_quarry_joker_before_stone_enters():
    # F29 Quarry (mountain): stone by the stone indicator or the joker; before stone enters
    # only the joker
    state, ed = position("F29")
    ed.token_value(joker=6)
    play(state, "USE F29")
    assert sorted(texts(state)) == ["SKIP", "TAKE Sn Jo"]
    play(state, "TAKE Sn Jo")
    assert goods(state, 0) == {"stone": 6}
    assert token(state, "joker")[1] == 0


def test_f29_quarry_takes_the_stone_indicator():
    state, ed = position("F29", stone=1)
    ed.wheel(stone=0)
    ed.token_value(stone=3, joker=6)
    play(state, "USE F29")
    assert sorted(texts(state)) == ["SKIP", "TAKE Sn", "TAKE Sn Jo"]
    play(state, "TAKE Sn")
    assert goods(state, 0) == {"stone": 4}
    assert token(state, "stone")[1] == 0 and token(state, "joker")[1] == 6


def test_f29_quarry_kennerspiel_no_skip_and_build_on_the_mountain():
    state, ed = position("F29", rules="kennerspiel")
    ed.token_value(joker=4)
    play(state, "USE F29")
    assert texts(state) == ["TAKE Sn Jo"]
    state, ed = position(mountain=True, coin=5)
    ed.display("F29")
    play(state, "BUILD F29")
    assert texts(state) == ["AT 6 0"]
    play(state, "AT 6 0")
    assert cell(state, 0, 6, 0) == "F29" and goods(state, 0) == {}


# ============================================================== F30 Town Estate

def test_f30_town_estate_ceramic_for_12_coins_once():
    # F30 Town Estate: once, 1 ceramic -> 12 coins
    state, _ = position("F30", ceramic=2, coin=1)
    play(state, "USE F30")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"ceramic": 1, "coin": 13}
    state, _ = position("F30", coin=3)
    play(state, "USE F30")
    assert at_top(state) and goods(state, 0) == {"coin": 3}
    state, _ = position("F30", ceramic=1)
    play(state, "USE F30", "AMOUNT 0")
    assert goods(state, 0) == {"ceramic": 1}


# ============================================================== F32 Calefactory

def test_f32_calefactory_coin_then_fell_trees_and_cut_peat():
    # F32 Calefactory: once, 1 coin -> a Fell Trees and/or a Cut Peat action (wheel as normal)
    state, ed = position("F32", coin=2)
    ed.token_value(wood=6, peat=4, joker=8)
    play(state, "USE F32")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1}
    fell = [t for t in texts(state) if t.startswith("FELL_TREES")]
    cut = [t for t in texts(state) if t.startswith("CUT_PEAT")]
    assert sorted(fell) == sorted(f"FELL_TREES {c} {r}{j}" for c, r in ((1, 0), (2, 0), (1, 1))
                                  for j in ("", " Jo"))
    assert sorted(cut) == sorted(f"CUT_PEAT {c} {r}{j}" for c, r in ((0, 0), (0, 1)) for j in ("", " Jo"))
    play(state, "FELL_TREES 1 0")
    assert goods(state, 0) == {"coin": 1, "wood": 6}
    assert cell(state, 0, 1, 0) is None and token(state, "wood")[1] == 0
    assert not [t for t in texts(state) if t.startswith("FELL_TREES")]     # once
    play(state, "CUT_PEAT 0 0 Jo")
    assert goods(state, 0) == {"coin": 1, "wood": 6, "peat": 8}
    assert token(state, "joker")[1] == 0 and token(state, "peat")[1] == 4
    assert not [t for t in texts(state) if t.startswith(("FELL", "CUT"))]


def test_f32_calefactory_or_only_one_of_them():
    state, ed = position("F32", coin=1)
    ed.token_value(peat=5)
    play(state, "USE F32", "AMOUNT 1", "CUT_PEAT 0 1")
    assert goods(state, 0) == {"peat": 5}
    play(state, "COMMIT")
    assert state.current_player() == 1


def test_f32_calefactory_no_coin_nothing():
    state, ed = position("F32", wood=1)
    play(state, "USE F32")
    assert at_top(state) and goods(state, 0) == {"wood": 1}
    assert not [t for t in texts(state) if t.startswith(("FELL", "CUT"))]
    state, ed = position("F32", coin=1)
    play(state, "USE F32", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    assert not [t for t in texts(state) if t.startswith(("FELL", "CUT"))]
    state, ed = position("F32", wine=1)               # a wine is the coin
    play(state, "USE F32", "AMOUNT 1")
    assert goods(state, 0) == {}
    assert [t for t in texts(state) if t.startswith("FELL")]


def test_f32_calefactory_bonus_actions_end_with_the_turn():
    state, ed = position("F32", coin=1)
    play(state, "USE F32", "AMOUNT 1")
    assert state._turn()["bonus_fell"] and state._turn()["bonus_cut"]
    play(state, "COMMIT")
    assert state.current_player() == 1
    assert not state._turn()["bonus_fell"] and not state._turn()["bonus_cut"]


def test_f32_calefactory_forest_felled_with_the_joker_in_the_short_game():
    # each action takes goods from the wheel as normal (short game: +1 wood for everyone)
    state, ed = position("F32", coin=1, players=3, length="short")
    ed.token_value(joker=5, wood=2)
    others = [good(state, p, "wood") for p in (1, 2)]
    play(state, "USE F32", "AMOUNT 1", "FELL_TREES 2 0 Jo")
    assert goods(state, 0) == {"wood": 6}
    assert [good(state, p, "wood") for p in (1, 2)] == [n + 1 for n in others]


# ============================================================== F33 Shipping Company

@pytest.mark.parametrize("pick, name", [("Mt", "meat"), ("Br", "bread"), ("Wn", "wine")])
def test_f33_shipping_3_energy_for_goods_by_the_joker(pick, name):
    # F33 Shipping Company (coast): fuel worth 3 energy, meat OR bread OR wine as many as the
    # joker shows; the joker resets to 0
    state, ed = position("F33", wood=1, peat=1, grain=1)
    ed.token_value(joker=7, wood=3)
    play(state, "USE F33")
    assert sorted(texts(state)) == ["SKIP", "TAKE Br Jo", "TAKE Mt Jo", "TAKE Wn Jo"]
    play(state, f"TAKE {pick} Jo", "PAY Pt", "PAY Wo")
    assert goods(state, 0) == {name: 7, "grain": 1}
    assert token(state, "joker")[1] == 0 and token(state, "wood")[1] == 3


def test_f33_shipping_straw_counts_half_and_not_offered_below_3_energy():
    state, ed = position("F33", straw=5, grain=1)
    ed.token_value(joker=5)
    play(state, "USE F33", "TAKE Br Jo")
    assert texts(state) == ["PAY SwSwSwSwSwSw"]      # 5 straw + 1 flipped grain
    play(state, "PAY SwSwSwSwSwSw")
    assert goods(state, 0) == {"bread": 5}
    state, ed = position("F33", wood=2, straw=1)
    play(state, "USE F33")
    assert at_top(state) and goods(state, 0) == {"wood": 2, "straw": 1}


def test_f33_shipping_overpaid_and_skip():
    state, ed = position("F33", peat_coal=2)
    ed.token_value(joker=4)
    play(state, "USE F33", "SKIP")
    assert goods(state, 0) == {"peat_coal": 2} and token(state, "joker")[1] == 4
    play(state, "COMMIT")
    state, ed = position("F33", peat=2)
    ed.token_value(joker=4)
    play(state, "USE F33", "TAKE Mt Jo", "PAY PtPt")  # 4 energy for 3: the rest is lost
    assert goods(state, 0) == {"meat": 4}


def test_f33_shipping_short_game_bonus_production():
    # short 3-4p game: wheel use, every player also takes 1 of the chosen good
    state, ed = position("F33", players=4, length="short", peat_coal=1)
    ed.token_value(joker=4)
    others = [goods(state, p) for p in (1, 2, 3)]
    play(state, "USE F33", "TAKE Br Jo", "PAY Co")
    assert goods(state, 0) == {"bread": 5}
    for p, before in zip((1, 2, 3), others):
        assert goods(state, p) == {**before, "bread": 1}


# ============================================================== F35 Forger's Workshop

@pytest.mark.parametrize("coins, n, left", [(5, 1, 0), (15, 2, 0), (25, 3, 0), (14, 1, 9), (24, 2, 9)])
def test_f35_forger_5_then_10_per_reliquary(coins, n, left):
    # F35 Forger's Workshop: 5 coins -> 1 reliquary; any number of times 10 more -> 1 more
    state, _ = position("F35", coin=coins)
    play(state, "USE F35")
    assert max(amounts(state)) == n
    play(state, f"AMOUNT {n}")
    assert goods(state, 0) == ({"reliquary": n, "coin": left} if left else {"reliquary": n})


def test_f35_forger_unlimited_with_wine_as_coins():
    # 34 coins + 1 wine = 35 = 5 + 3 * 10: 4 reliquaries, not 5
    state, _ = position("F35", coin=34, wine=1)
    play(state, "USE F35")
    assert amounts(state) == [0, 1, 2, 3, 4]
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"coin": 9, "wine": 1, "reliquary": 3}


def test_f35_forger_below_5_coins_nothing():
    state, _ = position("F35", coin=4)
    play(state, "USE F35")
    assert at_top(state) and goods(state, 0) == {"coin": 4}
    state, _ = position("F35", coin=4, wine=1)
    play(state, "USE F35", "AMOUNT 1")
    assert goods(state, 0) == {"reliquary": 1}


# ============================================================== F36 Pilgrimage Site

def test_f36_pilgrimage_second_upgrade_on_the_first_result():
    # F36 Pilgrimage Site: up to 2 upgrades book -> ceramic -> ornament -> reliquary
    state, _ = position("F36", book=1)
    play(state, "USE F36")
    assert sorted(texts(state)) == ["SKIP", "UPGRADE Bo"]
    play(state, "UPGRADE Bo")
    assert sorted(texts(state)) == ["SKIP", "UPGRADE Ce"]
    play(state, "UPGRADE Ce")
    assert goods(state, 0) == {"ornament": 1} and at_top(state)


def test_f36_pilgrimage_at_most_two_upgrades():
    state, _ = position("F36", book=3)
    play(state, "USE F36", "UPGRADE Bo", "UPGRADE Bo")
    assert at_top(state)
    assert goods(state, 0) == {"book": 1, "ceramic": 2}


def test_f36_pilgrimage_ornament_to_reliquary_and_mixed():
    state, _ = position("F36", book=1, ornament=1)
    play(state, "USE F36")
    assert sorted(texts(state)) == ["SKIP", "UPGRADE Bo", "UPGRADE Or"]
    play(state, "UPGRADE Or")
    assert sorted(texts(state)) == ["SKIP", "UPGRADE Bo"]      # a reliquary goes no further
    play(state, "UPGRADE Bo")
    assert goods(state, 0) == {"reliquary": 1, "ceramic": 1}


def test_f36_pilgrimage_one_upgrade_skip_and_nothing_to_upgrade():
    state, _ = position("F36", ceramic=1)
    play(state, "USE F36", "UPGRADE Ce", "SKIP")
    assert goods(state, 0) == {"ornament": 1}
    state, _ = position("F36", reliquary=1, coin=3)
    play(state, "USE F36")
    assert at_top(state) and goods(state, 0) == {"reliquary": 1, "coin": 3}
    state, _ = position("F36", book=1)
    play(state, "USE F36", "SKIP")
    assert goods(state, 0) == {"book": 1}


# ============================================================== F37 Dormitory

def test_f37_dormitory_ceramic_and_books():
    # F37 Dormitory: 1 ceramic; additionally any number of times 1 straw + 1 wood -> 1 book
    state, _ = position("F37", straw=2, grain=1, wood=5)
    play(state, "USE F37")
    assert amounts(state) == [0, 1, 2, 3]             # 2 straw + 1 grain flipped
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"wood": 2, "ceramic": 1, "book": 3}


def test_f37_dormitory_any_number_of_times():
    state, _ = position("F37", straw=12, wood=10)
    play(state, "USE F37")
    assert max(amounts(state)) == 10
    play(state, "AMOUNT 10")
    assert goods(state, 0) == {"straw": 2, "ceramic": 1, "book": 10}


def test_f37_dormitory_ceramic_alone_skip_printed():
    state, _ = position("F37")
    play(state, "USE F37")
    assert sorted(texts(state)) == ["AMOUNT 0", "SKIP"]
    play(state, "AMOUNT 0")
    assert goods(state, 0) == {"ceramic": 1}
    state, _ = position("F37")
    play(state, "USE F37", "SKIP")
    assert goods(state, 0) == {}


def test_f37_dormitory_kennerspiel_ceramic_always():
    state, _ = position("F37", rules="kennerspiel")
    play(state, "USE F37")
    assert at_top(state) and goods(state, 0) == {"ceramic": 1}
    state, _ = position("F37", rules="kennerspiel", wood=1, straw=1)
    play(state, "USE F37")
    assert amounts(state) == [0, 1] and "SKIP" not in texts(state)
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"ceramic": 1, "book": 1}


# ============================================================== F38 Printing Office

def test_f38_printing_office_up_to_4_forests_1_book_each():
    # F38 Printing Office: remove up to 4 forests (no wood), 1 book per forest
    state, ed = position("F38")
    ed.district(0, 2, "HILLS")                        # forests (1, 2), (2, 2): 5 in all
    ed.token_value(wood=7)
    play(state, "USE F38")
    assert sorted(texts(state)) == ["AT 1 0", "AT 1 1", "AT 1 2", "AT 2 0", "AT 2 2", "DONE"]
    for c, r in ((1, 0), (2, 0), (1, 1), (1, 2)):
        play(state, f"AT {c} {r}")
    assert at_top(state)                              # the 5th forest is not offered
    assert goods(state, 0) == {"book": 4}
    assert [cell(state, 0, c, r) for c, r in ((1, 0), (2, 0), (1, 1), (1, 2), (2, 2))] == \
        [None, None, None, None, "forest"]
    assert token(state, "wood")[1] == 7


def test_f38_printing_office_fewer_and_done():
    state, _ = position("F38", wood=1)
    play(state, "USE F38", "AT 2 0", "DONE")
    assert goods(state, 0) == {"wood": 1, "book": 1}
    assert cell(state, 0, 1, 0) == "forest" and cell(state, 0, 2, 0) is None
    state, ed = position("F38")
    for c, r in ((1, 0), (2, 0), (1, 1)):
        ed.clear(0, c, r)
    play(state, "USE F38")
    assert at_top(state) and goods(state, 0) == {}


def test_f38_cleared_space_is_buildable():
    # the cleared spaces become empty buildable spaces
    state, ed = position("F38", clay=2, straw=1)
    ed.display("F05")
    ed.place(0, "F03", 3, 1)
    play(state, "USE F38", "AT 2 0", "DONE")
    assert goods(state, 0) == {"clay": 2, "straw": 1, "book": 1}
    ed.turn(main_used=False)
    play(state, "BUILD F05")
    assert texts(state) == ["AT 2 0"]


# ============================================================== F40 Hospice

def test_f40_hospice_uses_a_card_in_the_display():
    # F40 Hospice: the function of one building still unbuilt in the display; the card stays
    # there, nobody's clergyman goes on it, no fee
    state, ed = position("F40", coin=2)
    ed.display("F03", "F04", "F09")
    play(state, "USE F40")
    assert lent(state) == ["CHOOSE F03", "CHOOSE F04", "CHOOSE F09"]
    play(state, "CHOOSE F03", "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "grain": 6}
    assert state._display() == card_ids("F03", "F04", "F09")
    assert at_top(state)


def test_f40_hospice_unbuilt_garden_gives_only_the_grape():
    state, ed = position("F40")
    ed.display("F09")
    play(state, "USE F40", "CHOOSE F09")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"grapes": 1}
    assert lent(state) == []                          # no neighbours in the display
    state, ed = position("F40", rules="kennerspiel")
    ed.display("F09")
    play(state, "USE F40", "CHOOSE F09")
    assert goods(state, 0) == {"grapes": 1} and lent(state) == []


def test_f40_hospice_carpentry_acts_on_the_users_landscape():
    state, ed = position("F40", clay=2, straw=1)
    ed.display("F10", "F05")
    play(state, "USE F40", "CHOOSE F10", "AT 2 0")
    assert cell(state, 0, 2, 0) is None
    assert state._turn()["bonus_build"] == 1
    play(state, "BUILD F05", "AT 2 0")
    assert goods(state, 0) == {} and cell(state, 0, 2, 0) == "F05"


def test_f40_hospice_wheel_card_from_the_display():
    state, ed = position("F40")
    ed.display("F14")
    ed.token_value(joker=6)
    play(state, "USE F40", "CHOOSE F14", "TAKE Gp Jo")
    assert goods(state, 0) == {"grapes": 6}
    assert token(state, "joker")[1] == 0


def test_f40_hospice_empty_display_and_skip():
    state, ed = position("F40", coin=1)
    ed.display()
    play(state, "USE F40")
    assert at_top(state) and lent(state) == [] and goods(state, 0) == {"coin": 1}
    state, ed = position("F40", coin=1)
    ed.display("F03")
    play(state, "USE F40", "COMMIT")                  # the lent use is not taken
    assert goods(state, 0) == {"coin": 1}


# ============================================================== both presets

@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
@pytest.mark.parametrize("card, stock, moves, after", [
    ("F03", dict(coin=1), ["AMOUNT 1"], {"grain": 6}),
    ("F04", dict(grain=3), ["AMOUNT 3"], {"flour": 3, "straw": 3}),
    ("F15", dict(coin=1), ["AMOUNT 1"], {"book": 1, "bread": 1, "grapes": 2, "flour": 2}),
    ("F17", dict(coin=3), ["AMOUNT 3", "AMOUNT 1"], {"book": 2, "meat": 1, "wine": 1}),
    ("F21", dict(grapes=2), ["AMOUNT 2", "AMOUNT 1"], {"wine": 1, "coin": 7}),
    ("F24", dict(bread=2, wine=2), ["AMOUNT 2"], {"reliquary": 2}),
    ("F30", dict(ceramic=1), ["AMOUNT 1"], {"coin": 12}),
    ("F35", dict(coin=15), ["AMOUNT 2"], {"reliquary": 2}),
    ("F36", dict(book=1), ["UPGRADE Bo", "UPGRADE Ce"], {"ornament": 1}),
])
def test_exchange_cards_same_in_both_presets(rules, card, stock, moves, after):
    state, _ = position(card, rules=rules, **stock)
    play(state, f"USE {card}", *moves)
    assert goods(state, 0) == after and at_top(state)
