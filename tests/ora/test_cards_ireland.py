"""The 26 Ireland (I) building cards: every number printed on them.

Each test builds an Ireland position with the editor, uses (or builds) one card
and compares the seat's full goods afterwards.  The numbers come from the card
texts (buildings.json ``effect`` / ``cost`` / values, rules.md 7 and 12A,
OPTIONS.md for the two presets), not from the engine.  Heartland of seat 0
(Red): row 0 = moor, forest, forest, plains, Clay Mound (LR1, hillside); row 1 =
moor, forest, Farmyard (LR2), plains, Cloister Office (LR3, a cloister
building).  A coast plot in rows 0-1 adds water (-2, r) and coast (-1, r); a
mountain plot adds hillside (5, r) and the mountain (6, 0).
"""
import pytest

import olab
from .orahelp import at as cell
from .orahelp import amounts, at_top, builds, card_ids, card_position, good, goods, lent, new, play
from .orahelp import home as home_of
from .orahelp import texts, token, uses

# card id: (cost, economic value, dwelling value, terrain, cloister) as printed
# terrain letters: C coast, P plains, H hillside, W water
CARDS = {
    "I03": (dict(wood=1), 2, 3, "CPH", True),                # Granary
    "I04": (dict(clay=2), 5, 4, "CPH", False),               # Malthouse
    "I05": (dict(stone=2, straw=1), 9, 7, "CPH", False),     # Brewery
    "I08": (dict(wood=2, clay=1), 5, 5, "C", False),         # False Lighthouse
    "I09": (dict(wood=1, straw=1), 3, 3, "CPH", False),      # Spinning Mill
    "I10": (dict(stone=1, straw=1), 5, 0, "CPH", False),     # Cottage
    "I11": (dict(wood=1), 4, 6, "W", False),                 # Houseboat
    "I14": (dict(stone=1), 3, 6, "CPH", False),              # Sacred Site
    "I15": (dict(clay=1, stone=1), 6, 6, "H", False),        # Druid's House
    "I17": (dict(wood=1, straw=1), 3, 5, "CPH", True),       # Scriptorium
    "I20": (dict(wood=1, stone=1), 3, 6, "CPH", False),      # Alehouse
    "I21": (dict(clay=2, straw=2), 6, 5, "CPH", False),      # Whiskey Distillery
    "I23": (dict(wood=3, clay=2), 7, 1, "CPH", True),        # Locutory
    "I24": (dict(clay=3, stone=3), 10, 8, "CPH", True),      # Chapel
    "I25": (dict(clay=2), 2, 6, "CPH", True),                # Portico
    "I27": (dict(coin=20), 18, 7, "CPH", False),             # Grand Manor
    "I29": (dict(clay=1, straw=1), 1, 5, "CPH", False),      # Forest Hut
    "I30": (dict(wood=1, clay=2), 4, 5, "CPH", True),        # Refectory
    "I31": (dict(clay=1, stone=2), 12, 0, "C", False),       # Coal Harbor
    "I32": (dict(wood=3, clay=4), 6, 7, "CPH", True),        # Filial Church
    "I33": (dict(clay=3, straw=1), 5, 3, "CPH", False),      # Cooperage
    "I35": (dict(stone=4), 6, 9, "H", False),                # Round Tower
    "I36": (dict(clay=2), 5, 3, "CPH", True),                # Camera
    "I37": (dict(wood=2, clay=4), 8, 6, "CPH", False),       # Bulwark
    "I38": (dict(coin=10), 3, 7, "CPH", False),              # Festival Ground
    "I40": (dict(wood=3, straw=1), 7, 5, "CPH", False),      # Guesthouse
}
ALL = sorted(CARDS)

# the empty spaces of a heartland with a coast plot and a mountain plot in rows 0-1
SPACES = {(-2, 0): "W", (-2, 1): "W", (-1, 0): "C", (-1, 1): "C", (3, 0): "P", (3, 1): "P",
          (5, 0): "H", (5, 1): "H", (6, 0): "M"}
CLOISTER_ADJ = {(3, 1), (5, 1)}          # orthogonally next to the Cloister Office (4, 1)
RICH = dict(wood=20, clay=20, stone=20, straw=20, coin=30)


def home(card):
    return home_of(CARDS, card)


def position(card=None, at_=None, **kw):
    """A fresh Ireland game with seat 0's goods set to exactly the stock given and ``card`` placed."""
    return card_position(CARDS, card, at_, variant="ireland", **kw)


# ============================================================== building: cost, terrain, values

@pytest.mark.parametrize("card", ALL)
def test_build_pays_exactly_the_printed_cost(card):
    # every I card: BUILD from the display + AT, the printed cost and nothing else is paid
    cost = CARDS[card][0]
    state, ed = position(coast=True, mountain=True, book=1, **cost)
    ed.display(card)
    col, row, _, _ = home(card)
    assert f"BUILD {card}" in texts(state)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {"book": 1}
    assert cell(state, 0, col, row) == card
    assert state._display() == []
    assert at_top(state)


@pytest.mark.parametrize("card, short", [(c, g) for c in ALL for g in CARDS[c][0]])
def test_build_refused_one_short_of_the_cost(card, short):
    # one unit less of any cost item: BUILD is not offered (printed preset)
    cost = dict(CARDS[card][0])
    cost[short] -= 1
    state, ed = position(coast=True, mountain=True, **cost)
    ed.display(card)
    assert f"BUILD {card}" not in texts(state)


@pytest.mark.parametrize("card", [c for c in ALL if CARDS[c][0].get("straw")])
def test_build_grain_stands_in_for_missing_straw(card):
    # rules.md 7.4: missing straw is paid with grain (grain flips to straw); straw goes first
    cost = dict(CARDS[card][0])
    straw = cost.pop("straw")
    state, ed = position(coast=True, mountain=True, straw=straw - 1, grain=2, **cost)
    ed.display(card)
    col, row, _, _ = home(card)
    play(state, f"BUILD {card}", f"AT {col} {row}")
    assert goods(state, 0) == {"grain": 1}


@pytest.mark.parametrize("card, coins", [("I27", 20), ("I38", 10)])
def test_financed_building_costs_coins_and_whiskey_stands_in(card, coins):
    # financed cards: I27 Grand Manor 20 coins, I38 Festival Ground 10 coins; rules.md 7.4:
    # a whiskey is exchanged for 2 coins automatically (change comes back as a coin)
    state, ed = position(coin=coins - 1)
    ed.display(card)
    assert f"BUILD {card}" not in texts(state)
    ed.goods(0, whiskey=1)
    play(state, f"BUILD {card}", "AT 3 0")
    assert goods(state, 0) == {"coin": 1}
    state, ed = position(coin=coins - 2, whiskey=1)
    ed.display(card)
    play(state, f"BUILD {card}", "AT 3 0")
    assert goods(state, 0) == {}
    state, ed = position(coin=coins + 2, whiskey=1)
    ed.display(card)
    play(state, f"BUILD {card}", "AT 3 0")
    assert goods(state, 0) == {"coin": 2, "whiskey": 1}      # coins first, the whiskey is kept


@pytest.mark.parametrize("card", ALL)
def test_build_terrain_and_cloister_adjacency(card):
    # the AT offered are exactly the empty spaces of the card's terrain: Houseboat I11 only
    # water, False Lighthouse I08 / Coal Harbor I31 only coast, Druid's House I15 / Round
    # Tower I35 only hillside, the rest coast/plains/hillside; never the mountain; a cloister
    # building only orthogonally next to another cloister building (the Cloister Office)
    _cost, _e, _d, terrain, cloister = CARDS[card]
    state, ed = position(coast=True, mountain=True, **RICH)
    ed.display(card)
    play(state, f"BUILD {card}")
    offered = {tuple(int(x) for x in t.split()[1:]) for t in texts(state)}
    expected = {sp for sp, t in SPACES.items() if t in terrain}
    if cloister:
        expected &= CLOISTER_ADJ
    assert offered == expected


@pytest.mark.parametrize("card", [c for c in ALL if CARDS[c][4]])
def test_cloister_card_not_offered_without_a_cloister_neighbour(card):
    # I03 I17 I23 I24 I25 I30 I32 I36: the only empty space next to the Cloister Office is (3, 1)
    state, ed = position(**RICH)
    ed.display(card, "I04")
    assert f"BUILD {card}" in texts(state)
    ed.place(0, "I04", 3, 1)
    assert f"BUILD {card}" not in texts(state)


@pytest.mark.parametrize("card", [c for c in ALL if not CARDS[c][4] and "P" in CARDS[c][3]])
def test_non_cloister_card_needs_no_cloister_neighbour(card):
    # the cards that are not cloister buildings (Cottage, Guesthouse... among them) go on (3, 0)
    state, ed = position(**RICH)
    ed.display(card)
    play(state, f"BUILD {card}")
    assert {t for t in texts(state)} == {"AT 3 0", "AT 3 1"}


def test_cloister_building_next_to_a_new_cloister_building():
    # a built Ireland cloister building (Scriptorium at (3, 1)) is itself a neighbour
    state, ed = position("I17", clay=2)
    ed.display("I36")
    play(state, "BUILD I36")
    assert {t for t in texts(state)} == {"AT 3 0"}


@pytest.mark.parametrize("card", ["I08", "I11", "I15", "I31", "I35"])
def test_special_terrain_card_not_offered_without_its_terrain(card):
    # no coast plot: no coast and no water; no mountain plot: the heartland's only hillside
    # holds the Clay Mound
    state, ed = position(**RICH)
    ed.display(card, "I04")
    assert "BUILD I04" in texts(state)
    assert f"BUILD {card}" not in texts(state)


def test_houseboat_goes_on_every_empty_water_space():
    # two coast plots: four water spaces, the Houseboat may go on each, never on the coast
    state, ed = position(coast=True, wood=1)
    ed.plot(0, 2, "COAST")
    ed.display("I11")
    play(state, "BUILD I11")
    assert sorted(texts(state)) == ["AT -2 0", "AT -2 1", "AT -2 2", "AT -2 3"]
    play(state, "AT -2 3")
    assert goods(state, 0) == {} and cell(state, 0, -2, 3) == "I11"


@pytest.mark.parametrize("card, where", [("I08", "3 0"), ("I31", "3 0"), ("I31", "-2 0"), ("I15", "3 0"),
                                         ("I35", "-1 0"), ("I11", "-1 0"), ("I04", "-2 0"),
                                         ("I04", "6 0"), ("I35", "6 0")])
def test_at_on_a_wrong_space_is_illegal(card, where):
    state, ed = position(coast=True, mountain=True, **RICH)
    ed.display(card)
    play(state, f"BUILD {card}")
    with pytest.raises(olab.IllegalActionError):
        play(state, f"AT {where}")


def test_prior_may_use_the_building_just_built():
    # rules.md 7.4: the Malthouse built, the prior goes there at once
    state, ed = position(clay=2, grain=2)
    ed.display("I04")
    play(state, "BUILD I04", "AT 3 0")
    assert uses(state, "I04") == ["USE I04 WITH_PRIOR"]
    play(state, "USE I04 WITH_PRIOR", "AMOUNT 2")
    assert goods(state, 0) == {"malt": 2, "straw": 2}


@pytest.mark.parametrize("card", ALL)
def test_economic_value(card):
    # rules.md 12.4: the card's shield value is added to the economic value
    state, ed = position()
    base = state._score_parts(0)[2]
    state, ed = position(card)
    assert state._score_parts(0)[2] - base == CARDS[card][1]
    econ = state.score_breakdown(0)["economic"]
    mine = [i["value"] for i in econ["items"] if i["card"] == card]
    assert mine == ([CARDS[card][1]] if CARDS[card][1] else [])
    assert econ["total"] == state._score_parts(0)[2]


# a settlement (Shanty Town) next to the card: its points change by the card's dwelling value
NEXT_TO = {"P": ((3, 0), (3, 1)), "C": ((-1, 0), (-1, 1)), "H": ((5, 0), (5, 1)), "W": ((-2, 0), (-1, 0))}


@pytest.mark.parametrize("card", [c for c in ALL if c not in ("I11", "I35")])
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


def test_i11_houseboat_next_to_a_settlement_counts_6_instead_of_the_waters_3():
    # rules.md 12.5: an empty water space counts 3; the Houseboat on it counts its 6 instead
    state, ed = position(coast=True)
    ed.place(0, "S01", -1, 0)               # neighbours: water (-2, 0), moor (0, 0), coast (-1, 1)
    (_, empty_water), = state._score_parts(0)[3]
    ed.clear(0, -2, 0)
    ed.place(0, "I11", -2, 0)
    (_, houseboat), = state._score_parts(0)[3]
    assert houseboat - empty_water == 6 - 3
    sett = state.score_breakdown(0)["settlements"]["items"][0]
    assert [n["value"] for n in sett["neighbours"] if n["card"] == "I11"] == [6]


@pytest.mark.parametrize("rules, dwelling", [("printed", 9), ("kennerspiel", 2)])
def test_i35_round_tower_dwelling_value_by_preset(rules, dwelling):
    # OPTIONS.md: Round Tower dwelling 9 printed, 2 kennerspiel; the economic value 6 in both
    state, ed = position(mountain=True, rules=rules)
    ed.place(0, "S01", 5, 1)
    (_, without), = state._score_parts(0)[3]
    base = state._score_parts(0)[2]
    ed.place(0, "I35", 5, 0)
    (_, with_card), = state._score_parts(0)[3]
    assert with_card - without == dwelling
    assert state._score_parts(0)[2] - base == 6


START = {"I03": {"solo", "2p_long", "4p"},                          # Granary: marked 4
         "I04": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "I05": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "I08": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"},
         "I09": {"solo", "2p_long", "3p", "4p", "4p_short"},        # Spinning Mill: marked 3+
         "I10": {"solo", "2p_long", "4p"},                          # Cottage: marked 4
         "I11": {"solo", "2p_long", "2p", "3p", "3p_short", "4p", "4p_short"}}
MODE_ARGS = {"solo": (1, "long"), "2p": (2, "short"), "2p_long": (2, "long"), "3p": (3, "long"),
             "3p_short": (3, "short"), "4p": (4, "long"), "4p_short": (4, "short")}


@pytest.mark.parametrize("mode", sorted(MODE_ARGS))
def test_start_cards_by_player_count(mode):
    # buildings.json player_modes (printed preset): which start-stage I cards are dealt
    from olab.ora.editor import CARD_CODES
    players, length = MODE_ARGS[mode]
    state = new(players=players, length=length, variant="ireland")
    shown = {CARD_CODES[c] for c in state._display()} & set(START)
    assert shown == {c for c, modes in START.items() if mode in modes}


# ============================================================== I03 Granary

def test_i03_granary_1_coin_for_4_grain_and_a_book():
    # I03 Granary: once per use, 1 coin -> 4 grain + 1 book
    state, _ = position("I03", coin=2, wood=1)
    play(state, "USE I03")
    assert amounts(state) == [0, 1]                   # once only, though 2 coins
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "wood": 1, "grain": 4, "book": 1}
    assert at_top(state)


def test_i03_granary_whiskey_as_the_coin_zero_and_no_money():
    # a whiskey is 2 coins (rules.md 7.6): 1 pays, 1 comes back
    state, _ = position("I03", whiskey=1)
    play(state, "USE I03", "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "grain": 4, "book": 1}
    state, _ = position("I03", coin=1)
    play(state, "USE I03", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    state, _ = position("I03", book=1)
    play(state, "USE I03")
    assert at_top(state) and goods(state, 0) == {"book": 1}


# ============================================================== I04 Malthouse

def test_i04_malthouse_any_number_of_times():
    # I04 Malthouse: any number of times 1 grain -> 1 malt + 1 straw (no cap of 7)
    state, _ = position("I04", grain=12, wood=1)
    play(state, "USE I04")
    assert amounts(state) == list(range(13))
    play(state, "AMOUNT 12")
    assert goods(state, 0) == {"malt": 12, "straw": 12, "wood": 1}


def test_i04_malthouse_some_zero_and_no_grain():
    state, _ = position("I04", grain=3)
    play(state, "USE I04", "AMOUNT 2")
    assert goods(state, 0) == {"grain": 1, "malt": 2, "straw": 2}
    state, _ = position("I04", grain=2)
    play(state, "USE I04", "AMOUNT 0")
    assert goods(state, 0) == {"grain": 2}
    state, _ = position("I04", straw=3, malt=1)
    play(state, "USE I04")
    assert at_top(state) and goods(state, 0) == {"straw": 3, "malt": 1}


# ============================================================== I05 Brewery

def test_i05_brewery_brews_then_sells_one_beer_for_7():
    # I05 Brewery: any number of times 1 malt + 1 grain -> 1 beer; and then/or once 1 beer -> 7 coins
    state, _ = position("I05", malt=3, grain=4)
    play(state, "USE I05")
    assert amounts(state) == [0, 1, 2, 3]             # limited by the malt
    play(state, "AMOUNT 3")
    assert amounts(state) == [0, 1]                   # once, though 3 beer
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"grain": 1, "beer": 2, "coin": 7}
    assert at_top(state)


def test_i05_brewery_limited_by_grain_and_fresh_beer_sold():
    state, _ = position("I05", malt=5, grain=1)
    play(state, "USE I05")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1", "AMOUNT 1")               # the beer just brewed is sold
    assert goods(state, 0) == {"malt": 4, "coin": 7}


def test_i05_brewery_any_number_of_times():
    state, _ = position("I05", malt=11, grain=11)
    play(state, "USE I05")
    assert amounts(state) == list(range(12))
    play(state, "AMOUNT 11", "AMOUNT 0")
    assert goods(state, 0) == {"beer": 11}


def test_i05_brewery_sell_only_and_nothing():
    state, _ = position("I05", beer=2)
    play(state, "USE I05")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"beer": 1, "coin": 7}
    state, _ = position("I05", malt=2, straw=1)       # malt but no grain, no beer: nothing
    play(state, "USE I05")
    assert at_top(state) and goods(state, 0) == {"malt": 2, "straw": 1}


# ============================================================== I08 False Lighthouse

@pytest.mark.parametrize("pick, name", [("Be", "beer"), ("Wh", "whiskey")])
def test_i08_false_lighthouse_3_coins_and_beer_or_whiskey(pick, name):
    # I08 False Lighthouse (coast): 3 coins plus 1 beer or 1 whiskey
    state, _ = position("I08", coin=1, wood=1)
    play(state, "USE I08")
    assert sorted(texts(state)) == ["SKIP", "TAKE Be", "TAKE Wh"]
    play(state, f"TAKE {pick}")
    assert goods(state, 0) == {"coin": 4, "wood": 1, name: 1}
    assert at_top(state)


def test_i08_false_lighthouse_skip_printed_not_in_kennerspiel():
    state, _ = position("I08")
    play(state, "USE I08", "SKIP")
    assert goods(state, 0) == {} and at_top(state)
    state, _ = position("I08", rules="kennerspiel")
    play(state, "USE I08")
    assert sorted(texts(state)) == ["TAKE Be", "TAKE Wh"]
    play(state, "TAKE Be")
    assert goods(state, 0) == {"coin": 3, "beer": 1}


# ============================================================== I09 Spinning Mill

@pytest.mark.parametrize("sheep, coins", [(0, 0), (1, 3), (4, 3), (5, 5), (8, 5), (9, 6), (14, 6)])
def test_i09_spinning_mill_coins_by_sheep_owned(sheep, coins):
    # I09 Spinning Mill: 1-4 sheep -> 3 coins, 5-8 -> 5, 9 or more -> 6, none -> nothing;
    # the sheep are not spent
    state, _ = position("I09", sheep=sheep, wood=1)
    play(state, "USE I09")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    expect = {"wood": 1}
    if sheep:
        expect["sheep"] = sheep
    if coins:
        expect["coin"] = coins
    assert goods(state, 0) == expect
    assert at_top(state)


@pytest.mark.parametrize("sheep, coins", [(4, 3), (5, 5), (9, 6)])
def test_i09_spinning_mill_kennerspiel_automatic(sheep, coins):
    state, _ = position("I09", rules="kennerspiel", sheep=sheep)
    play(state, "USE I09")
    assert at_top(state)
    assert goods(state, 0) == {"sheep": sheep, "coin": coins}


def test_i09_spinning_mill_printed_skip_gives_nothing():
    state, _ = position("I09", sheep=9)
    play(state, "USE I09")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "SKIP")
    assert goods(state, 0) == {"sheep": 9}


def test_i09_spinning_mill_sheep_by_work_contract_are_the_actors():
    # Green work-contracts Red's Spinning Mill: Green's sheep count, Green takes the coins
    state, ed = position("I09", sheep=9)
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    ed.clear_goods(1)
    ed.goods(1, coin=1, sheep=5)
    play(state, "COMMIT", "WORK_CONTRACT I09 Pn", "TARGET I09", "ACCEPT")
    assert goods(state, 1) == {"sheep": 5, "coin": 5}
    assert goods(state, 0) == {"sheep": 9, "coin": 1}


# ============================================================== I10 Cottage

def test_i10_cottage_malt_and_an_adjacent_building():
    # I10 Cottage at (3, 1): 1 malt + the function of ONE unoccupied orthogonal neighbour
    # (the Farmyard and the Cloister Office; the Clay Mound is diagonal).  The lent use
    # waits at the top of the turn (free actions may come first).
    state, ed = position("I10", (3, 1), coin=1)
    ed.token_value(coin=5)
    play(state, "USE I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"coin": 1, "malt": 1}
    assert lent(state) == ["TARGET LR2", "TARGET LR3"] and "COMMIT" in texts(state)
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 6, "malt": 1}
    assert token(state, "coin")[1] == 0
    # no clergyman went to the Cloister Office: only the one on the Cottage is out
    assert state._clergy(0) == [(0, ed.space(0, 3, 1)), "home", "home"]
    assert at_top(state) and lent(state) == []


def test_i10_cottage_accept_is_the_malt_only_skip_is_nothing():
    state, _ = position("I10", (3, 1))
    play(state, "USE I10", "ACCEPT")
    assert goods(state, 0) == {"malt": 1} and at_top(state)
    state, _ = position("I10", (3, 1))
    play(state, "USE I10", "SKIP")
    assert goods(state, 0) == {} and at_top(state) and lent(state) == []


def test_i10_cottage_kennerspiel_malt_always():
    state, _ = position("I10", (3, 1), rules="kennerspiel")
    play(state, "USE I10")
    assert goods(state, 0) == {"malt": 1}
    assert lent(state) == ["TARGET LR2", "TARGET LR3"]
    play(state, "COMMIT")                          # the neighbour's use may be left
    assert goods(state, 0) == {"malt": 1}


def test_i10_cottage_forests_moors_settlements_are_not_buildings():
    # Cottage at (1, 0): moor (0, 0), forest (2, 0), forest (1, 1): nothing to choose
    state, _ = position("I10", (1, 0))
    play(state, "USE I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert lent(state) == []
    # Cottage at (3, 0): forest (2, 0), Clay Mound (4, 0), a settlement at (3, 1)
    state, ed = position("I10", (3, 0))
    ed.place(0, "S01", 3, 1)
    play(state, "USE I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert lent(state) == ["TARGET LR1"]


def test_i10_cottage_occupied_neighbour_cannot_be_chosen():
    state, ed = position("I10", (3, 1))
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))
    play(state, "USE I10", "ACCEPT")
    assert lent(state) == ["TARGET LR2"]


def test_i10_cottage_neighbour_inputs_are_paid_by_the_user():
    # a Malthouse next to the Cottage: the user's grain is malted
    state, ed = position("I10", (3, 1), grain=3)
    ed.place(0, "I04", 3, 0)
    play(state, "USE I10", "ACCEPT", "TARGET I04")
    assert amounts(state) == [0, 1, 2, 3]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"grain": 1, "malt": 3, "straw": 2}


def test_i10_cottage_at_most_one_use_per_action():
    # Cottage (3, 1) next to a Grand Manor (3, 0): the Grand Manor may use occupied
    # buildings, but the Cottage (occupied by the user) is not among them
    state, ed = position("I10", (3, 1), whiskey=1)
    ed.place(0, "I27", 3, 0)
    play(state, "USE I10", "ACCEPT", "TARGET I27")
    assert at_top(state) and lent(state) == []
    assert goods(state, 0) == {"malt": 1, "whiskey": 1}


def test_i10_cottage_by_work_contract():
    # Green work-contracts Red's Cottage: Green gets the malt and the neighbour's function
    # in Red's landscape; Red gets the fee
    state, ed = position("I10", (3, 1))
    ed.token_value(coin=5)
    ed.goods(1, coin=1)
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    play(state, "COMMIT")
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT I10 Pn", "TARGET I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert lent(state) == ["TARGET LR3"]
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 1}
    assert goods(state, 1) == {**before1, "coin": 5, "malt": 1}


# ============================================================== I11 Houseboat

def test_i11_houseboat_gives_wood_malt_coin_peat():
    # I11 Houseboat (water): 1 wood, 1 malt, 1 coin, 1 peat
    state, _ = position("I11", wood=1)
    play(state, "USE I11")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"wood": 2, "malt": 1, "coin": 1, "peat": 1}
    assert at_top(state)


def test_i11_houseboat_skip_printed_automatic_kennerspiel():
    state, _ = position("I11")
    play(state, "USE I11", "SKIP")
    assert goods(state, 0) == {}
    state, _ = position("I11", rules="kennerspiel")
    play(state, "USE I11")
    assert at_top(state)
    assert goods(state, 0) == {"wood": 1, "malt": 1, "coin": 1, "peat": 1}


# ============================================================== I14 Sacred Site

@pytest.mark.parametrize("first, g1", [("Gn", "grain"), ("Ma", "malt")])
@pytest.mark.parametrize("second, g2", [("Be", "beer"), ("Wh", "whiskey")])
def test_i14_sacred_site_book_two_grain_or_malt_and_beer_or_whiskey(first, g1, second, g2):
    # I14 Sacred Site: 1 book + (2 grain or 2 malt) + (1 beer or 1 whiskey), no input
    state, _ = position("I14", coin=1)
    play(state, "USE I14")
    assert sorted(texts(state)) == ["SKIP", "TAKE Gn", "TAKE Ma"]
    play(state, f"TAKE {first}")
    assert sorted(texts(state)) == ["TAKE Be", "TAKE Wh"]
    play(state, f"TAKE {second}")
    assert goods(state, 0) == {"coin": 1, "book": 1, g1: 2, g2: 1}
    assert at_top(state)


def test_i14_sacred_site_skip_printed_not_in_kennerspiel():
    state, _ = position("I14")
    play(state, "USE I14", "SKIP")
    assert goods(state, 0) == {} and at_top(state)
    state, _ = position("I14", rules="kennerspiel")
    play(state, "USE I14")
    assert sorted(texts(state)) == ["TAKE Gn", "TAKE Ma"]
    play(state, "TAKE Gn", "TAKE Wh")
    assert goods(state, 0) == {"book": 1, "grain": 2, "whiskey": 1}


# ============================================================== I15 Druid's House

BASIC = [("Wo", "wood"), ("Cl", "clay"), ("Pt", "peat"), ("Sh", "sheep"), ("Gn", "grain"), ("Pn", "coin")]


@pytest.mark.parametrize("five, three", [(0, 1), (3, 5), (5, 4), (2, 0), (4, 3)])
def test_i15_druids_house_5_and_3_of_two_different_basic_goods(five, three):
    # I15 Druid's House (hillside): once, 1 book -> 5 of one basic good + 3 of a DIFFERENT one
    (l5, g5), (l3, g3) = BASIC[five], BASIC[three]
    state, _ = position("I15", book=2)
    play(state, "USE I15")
    assert amounts(state) == [0, 1]                   # once, though 2 books
    play(state, "AMOUNT 1")
    assert sorted(texts(state)) == sorted(f"TAKE {l}" for l, _ in BASIC)
    play(state, f"TAKE {l5}")
    assert sorted(texts(state)) == sorted(f"TAKE {l}" for l, _ in BASIC if l != l5)
    play(state, f"TAKE {l3}")
    assert goods(state, 0) == {"book": 1, g5: 5, g3: 3}
    assert at_top(state)


def test_i15_druids_house_no_book_nothing_and_amount_0():
    state, _ = position("I15", coin=3, ceramic=1)
    play(state, "USE I15")
    assert at_top(state) and goods(state, 0) == {"coin": 3, "ceramic": 1}
    state, _ = position("I15", book=1)
    play(state, "USE I15", "AMOUNT 0")
    assert goods(state, 0) == {"book": 1} and at_top(state)


def test_i15_druids_house_goods_add_to_those_held():
    state, _ = position("I15", book=1, wood=2, clay=1)
    play(state, "USE I15", "AMOUNT 1", "TAKE Wo", "TAKE Cl")
    assert goods(state, 0) == {"wood": 7, "clay": 4}


# ============================================================== I17 Scriptorium

def test_i17_scriptorium_coin_for_book_meat_whiskey():
    # I17 Scriptorium: once, 1 coin -> 1 book + 1 meat + 1 whiskey
    state, _ = position("I17", coin=3)
    play(state, "USE I17")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "book": 1, "meat": 1, "whiskey": 1}
    assert at_top(state)


def test_i17_scriptorium_zero_and_no_money():
    state, _ = position("I17", coin=1)
    play(state, "USE I17", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 1}
    state, _ = position("I17", book=2, meat=1)
    play(state, "USE I17")
    assert at_top(state) and goods(state, 0) == {"book": 2, "meat": 1}


# ============================================================== I20 Alehouse

def test_i20_alehouse_beer_for_8_and_whiskey_for_7():
    # I20 Alehouse: once 1 beer -> 8 coins, and/or once 1 whiskey -> 7 coins
    state, _ = position("I20", beer=2, whiskey=2)
    play(state, "USE I20")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"beer": 1, "whiskey": 1, "coin": 15}
    assert at_top(state)


def test_i20_alehouse_either_one_alone():
    state, _ = position("I20", whiskey=3)
    play(state, "USE I20")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"whiskey": 2, "coin": 7}
    state, _ = position("I20", beer=3)
    play(state, "USE I20", "AMOUNT 1")
    assert goods(state, 0) == {"beer": 2, "coin": 8} and at_top(state)
    state, _ = position("I20", beer=1, whiskey=1)
    play(state, "USE I20", "AMOUNT 0", "AMOUNT 1")
    assert goods(state, 0) == {"beer": 1, "coin": 7}


def test_i20_alehouse_nothing_to_sell():
    state, _ = position("I20", malt=2, coin=1)
    play(state, "USE I20")
    assert at_top(state) and goods(state, 0) == {"malt": 2, "coin": 1}


# ============================================================== I21 Whiskey Distillery

def test_i21_distillery_malt_wood_peat_to_2_whiskey():
    # I21 Whiskey Distillery: any number of times 1 malt + 1 wood + 1 peat -> 2 whiskey
    state, _ = position("I21", malt=3, wood=4, peat=2)
    play(state, "USE I21")
    assert amounts(state) == [0, 1, 2]                # limited by the peat
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"malt": 1, "wood": 2, "whiskey": 4}
    assert at_top(state)


def test_i21_distillery_any_number_of_times():
    state, _ = position("I21", malt=10, wood=10, peat=10)
    play(state, "USE I21")
    assert amounts(state) == list(range(11))
    play(state, "AMOUNT 10")
    assert goods(state, 0) == {"whiskey": 20}


def test_i21_distillery_one_input_missing_nothing():
    state, _ = position("I21", malt=3, wood=3, peat_coal=3)   # peat coal is not peat
    play(state, "USE I21")
    assert at_top(state) and goods(state, 0) == {"malt": 3, "wood": 3, "peat_coal": 3}
    state, _ = position("I21", malt=1, wood=1, peat=1)
    play(state, "USE I21", "AMOUNT 0")
    assert goods(state, 0) == {"malt": 1, "wood": 1, "peat": 1}


def test_i21_distillery_kennerspiel_builds_for_nothing():
    # OPTIONS.md: kennerspiel builds the Whiskey Distillery without paying anything
    state, ed = position(rules="kennerspiel", book=1)
    ed.display("I21")
    assert "BUILD I21" in texts(state)
    play(state, "BUILD I21", "AT 3 0")
    assert goods(state, 0) == {"book": 1}
    state, ed = position(rules="kennerspiel", clay=2, straw=2)
    ed.display("I21")
    play(state, "BUILD I21", "AT 3 0")
    assert goods(state, 0) == {"clay": 2, "straw": 2}
    state, ed = position(clay=2, straw=1)               # printed: 2 clay + 2 straw
    ed.display("I21")
    assert "BUILD I21" not in texts(state)


def test_i21_distillery_built_raises_the_work_contract_fee_to_2():
    # once the Whiskey Distillery has been built (by anybody) a work contract costs 2 coins
    state, ed = position(clay=2, straw=2)
    ed.display("I21")
    ed.goods(1, coin=3, whiskey=0)
    assert state._turn()["contract_fee"] == 1
    play(state, "BUILD I21", "AT 3 0")
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


def test_i21_distillery_fee_by_preset():
    # printed: fee 2 from the moment it is built; kennerspiel: 1 in phases S/A or while the
    # card is in the display, 2 afterwards
    for rules, fee in (("printed", 2), ("kennerspiel", 1)):
        state, ed = position(clay=2, straw=2, rules=rules)
        ed.display("I21")
        play(state, "BUILD I21", "AT 3 0")
        assert state._turn()["contract_fee"] == fee
        ed.turn(phase_letter=2)                         # phase B, the Distillery built
        assert state._turn()["contract_fee"] == 2
    state, ed = position()
    ed.display("I24")
    ed.turn(phase_letter=3)                             # phase C, never built: printed 1
    assert state._turn()["contract_fee"] == 1


def test_work_contract_whiskey_goes_to_the_supply():
    # Ireland: the gift instead of the fee is a whiskey (never a wine); the owner gets nothing
    for raised in (False, True):
        state, ed = position(whiskey=1)
        ed.turn(fee_raised=raised)
        before1 = goods(state, 1)
        offered = [t for t in texts(state) if t.startswith("WORK_CONTRACT LG1")]
        assert "WORK_CONTRACT LG1 Wh" in offered and "WORK_CONTRACT LG1 Wn" not in offered
        play(state, "WORK_CONTRACT LG1 Wh", "WITH_LAYBROTHER", "COMMIT")
        assert goods(state, 0) == {}
        assert goods(state, 1) == before1


def test_work_contract_fee_1_goes_to_the_owner_before_the_distillery():
    state, ed = position(coin=1)
    before1 = goods(state, 1)
    assert "WORK_CONTRACT LG1 Pn" in texts(state)
    assert not [t for t in texts(state) if t.endswith(" Wh")]      # no whiskey: no gift
    play(state, "WORK_CONTRACT LG1 Pn", "WITH_LAYBROTHER", "TARGET LG1", "SKIP")
    assert goods(state, 0) == {}
    assert goods(state, 1) == {**before1, "coin": before1["coin"] + 1}


# ============================================================== I23 Locutory

def test_i23_locutory_2_coins_prior_home_then_a_build_and_the_prior_on_it():
    # I23 Locutory: 2 coins -> the prior comes home (from the Locutory itself), one Build
    # with its cost paid; the prior may then use the new building
    state, ed = position("I23", coin=3, clay=2, grain=2)
    ed.display("I04", "I05")
    play(state, "USE I23 WITH_PRIOR")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "clay": 2, "grain": 2}
    assert state._clergy(0) == ["home", "home", "home"]
    assert not uses(state, "I23")                     # the main action is spent
    assert builds(state) == ["BUILD I04"]             # the Brewery is not affordable
    play(state, "BUILD I04", "AT 3 0")
    assert goods(state, 0) == {"coin": 1, "grain": 2}
    assert uses(state, "I04") == ["USE I04 WITH_PRIOR"]
    play(state, "USE I04 WITH_PRIOR", "AMOUNT 2")
    assert goods(state, 0) == {"coin": 1, "malt": 2, "straw": 2}
    assert not builds(state)                          # one Build only


def test_i23_locutory_by_a_lay_brother_brings_the_prior_home():
    # the prior stands on the Clay Mound; a lay brother uses the Locutory and stays there
    state, ed = position("I23", coin=2, wood=1)
    ed.clergy(0, "prior", at=(0, 4, 0))
    ed.display("I03")
    play(state, "USE I23", "AMOUNT 1")
    assert state._clergy(0) == [(0, ed.space(0, 3, 1)), "home", "home"]
    assert goods(state, 0) == {"wood": 1}
    play(state, "BUILD I03")
    assert texts(state) == ["AT 3 0"]
    play(state, "AT 3 0")
    assert goods(state, 0) == {}
    assert uses(state, "I03") == ["USE I03 WITH_PRIOR"]


def test_i23_locutory_prior_already_home_still_builds():
    state, ed = position("I23", coin=2, clay=2)
    ed.display("I04")
    play(state, "USE I23", "AMOUNT 1")
    assert state._turn()["bonus_build"] == 1
    play(state, "BUILD I04", "AT 3 0")
    assert goods(state, 0) == {}


def test_i23_locutory_nothing_without_2_coins():
    state, ed = position("I23", coin=1, clay=2)
    ed.clergy(0, "prior", at=(0, 4, 0))
    ed.display("I04")
    play(state, "USE I23")
    assert at_top(state) and goods(state, 0) == {"coin": 1, "clay": 2}
    assert state._clergy(0)[2] == (0, ed.space(0, 4, 0))
    assert not builds(state)


def test_i23_locutory_amount_0_and_whiskey_as_2_coins():
    state, ed = position("I23", coin=2, clay=2)
    ed.clergy(0, "prior", at=(0, 4, 0))
    ed.display("I04")
    play(state, "USE I23", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 2, "clay": 2}
    assert state._clergy(0)[2] == (0, ed.space(0, 4, 0))
    assert not builds(state)
    state, ed = position("I23", whiskey=1, clay=2)
    ed.display("I04")
    play(state, "USE I23", "AMOUNT 1")
    assert goods(state, 0) == {"clay": 2}
    assert builds(state) == ["BUILD I04"]


def test_i23_locutory_build_needs_its_cost():
    state, ed = position("I23", coin=2, wood=1)
    ed.display("I04", "I05")
    play(state, "USE I23", "AMOUNT 1")
    assert not builds(state)
    assert goods(state, 0) == {"wood": 1}


def test_i23_locutory_by_work_contract_recalls_the_actors_prior():
    # rules.md 12A: Red work-contracts Green's Locutory: RED's prior comes home, Green's
    # lay brother stays on the Locutory, Red builds (and the prior may use the new building)
    state, ed = position(coin=3, clay=2, grain=1)
    ed.place(1, "I23", 3, 1)
    ed.clergy(0, "prior", at=(0, 4, 0))
    ed.display("I04")
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT I23 Pn")
    assert state._decision()["chooser"] == 1
    play(state, "WITH_LAYBROTHER", "TARGET I23", "AMOUNT 1")
    assert goods(state, 0) == {"clay": 2, "grain": 1}
    assert goods(state, 1) == {**before1, "coin": before1["coin"] + 1}
    assert state._clergy(0) == ["home", "home", "home"]
    assert state._clergy(1)[0] == (1, ed.space(1, 3, 1))
    play(state, "BUILD I04", "AT 3 0")
    assert cell(state, 0, 3, 0) == "I04" and cell(state, 1, 3, 0) is None
    play(state, "USE I04 WITH_PRIOR", "AMOUNT 1")
    assert goods(state, 0) == {"malt": 1, "straw": 1}


# ============================================================== I24 Chapel

def test_i24_chapel_book_and_up_to_3_reliquaries():
    # I24 Chapel: once 1 coin -> 1 book, and/or up to 3 times 1 beer + 1 whiskey -> 1 reliquary
    state, _ = position("I24", coin=2, beer=4, whiskey=4)
    play(state, "USE I24")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert amounts(state) == [0, 1, 2, 3]             # 4 pairs, still only 3
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"coin": 1, "book": 1, "beer": 1, "whiskey": 1, "reliquary": 3}
    assert at_top(state)


def test_i24_chapel_pairs_limit_and_reliquaries_alone():
    state, _ = position("I24", coin=1, beer=1, whiskey=3)
    play(state, "USE I24", "AMOUNT 0")
    assert amounts(state) == [0, 1]                   # one beer: one pair
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "whiskey": 2, "reliquary": 1}


def test_i24_chapel_book_only_and_nothing():
    state, _ = position("I24", coin=1, beer=2)
    play(state, "USE I24", "AMOUNT 1")
    assert goods(state, 0) == {"book": 1, "beer": 2} and at_top(state)
    state, _ = position("I24", beer=3, malt=1)
    play(state, "USE I24")
    assert at_top(state) and goods(state, 0) == {"beer": 3, "malt": 1}


# ============================================================== I25 Portico

def test_i25_portico_reliquary_for_2_each_of_7_goods():
    # I25 Portico: once, 1 reliquary -> 2 wood, 2 clay, 2 stone, 2 peat, 2 grain, 2 sheep, 2 coins
    state, _ = position("I25", reliquary=2, wood=1)
    play(state, "USE I25")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"reliquary": 1, "wood": 3, "clay": 2, "stone": 2, "peat": 2,
                               "grain": 2, "sheep": 2, "coin": 2}
    assert at_top(state)


def test_i25_portico_no_reliquary_and_zero():
    state, _ = position("I25", ornament=2, book=1)
    play(state, "USE I25")
    assert at_top(state) and goods(state, 0) == {"ornament": 2, "book": 1}
    state, _ = position("I25", reliquary=1)
    play(state, "USE I25", "AMOUNT 0")
    assert goods(state, 0) == {"reliquary": 1}


# ============================================================== I27 Grand Manor

def test_i27_grand_manor_uses_another_players_occupied_building():
    # I27 Grand Manor: 1 whiskey -> the function of any ONE occupied building (any player's);
    # no clergyman placed there, no fee, the occupant stays
    state, ed = position("I27", whiskey=2)
    ed.clergy(1, "prior", at=(1, 4, 0))              # Green's prior on Green's Clay Mound
    ed.token_value(clay=4, joker=6)
    before1 = goods(state, 1)
    play(state, "USE I27")
    assert lent(state) == ["TARGET LG1"] and goods(state, 0) == {"whiskey": 2}
    play(state, "TARGET LG1")                        # the whiskey is paid when the use is taken
    assert goods(state, 0) == {"whiskey": 1}
    play(state, "TAKE Cl")
    assert goods(state, 0) == {"whiskey": 1, "clay": 4}
    assert goods(state, 1) == before1
    assert state._clergy(1)[2] == (1, ed.space(1, 4, 0))
    assert token(state, "clay")[1] == 0


def test_i27_grand_manor_targets_are_the_occupied_buildings_not_itself():
    state, ed = position("I27", whiskey=1, coin=1)
    ed.clergy(0, "lay_brother_2", at=(0, 4, 1))     # own Cloister Office, own lay brother
    ed.clergy(2, "lay_brother_1", at=(2, 2, 1))     # Blue's Farmyard
    ed.clergy(3, "prior", at=(1, 4, 1))             # White's prior on Green's Office
    ed.token_value(coin=5)
    play(state, "USE I27")
    assert lent(state) == ["TARGET LB2", "TARGET LG3", "TARGET LR3"]
    play(state, "TARGET LR3", "TAKE Pn")
    assert goods(state, 0) == {"coin": 6}


def test_i27_grand_manor_needs_a_whiskey_not_coins():
    state, ed = position("I27", coin=5, beer=1)
    ed.clergy(1, "prior", at=(1, 4, 0))
    play(state, "USE I27")
    assert at_top(state) and lent(state) == [] and goods(state, 0) == {"coin": 5, "beer": 1}


def test_i27_grand_manor_skip_keeps_the_whiskey_and_nothing_occupied():
    state, ed = position("I27", whiskey=1)
    ed.clergy(1, "prior", at=(1, 4, 0))
    play(state, "USE I27", "COMMIT")                 # the lent use is not taken
    assert goods(state, 0) == {"whiskey": 1}
    state, ed = position("I27", whiskey=1)           # only the Grand Manor itself is occupied
    play(state, "USE I27")
    assert lent(state) == []


def test_i27_grand_manor_converting_target_uses_the_users_goods():
    # a Grand Manor use of Green's occupied Malthouse malts Red's grain
    state, ed = position("I27", whiskey=1, grain=2)
    ed.place(1, "I04", 3, 0)
    ed.clergy(1, "lay_brother_1", at=(1, 3, 0))
    before1 = goods(state, 1)
    play(state, "USE I27", "TARGET I04", "AMOUNT 2")
    assert goods(state, 0) == {"malt": 2, "straw": 2}
    assert goods(state, 1) == before1


def test_i27_grand_manor_may_use_an_occupied_priory():
    # rules.md 12A: chains are allowed: an occupied Priory, which then uses a prior's building
    state, ed = position("I27", whiskey=1)
    ed.place(1, "G01", 3, 1)
    ed.clergy(2, "lay_brother_1", at=(1, 3, 1))     # Blue's lay brother on Green's Priory
    ed.clergy(1, "prior", at=(1, 4, 0))             # Green's prior on Green's Clay Mound
    ed.token_value(clay=4)
    play(state, "USE I27")
    assert lent(state) == ["TARGET G01", "TARGET LG1"]
    play(state, "TARGET G01")
    assert lent(state) == ["TARGET LG1"]
    play(state, "TARGET LG1", "TAKE Cl")
    assert goods(state, 0) == {"clay": 4}


def test_i27_grand_manor_on_an_occupied_cottage_gives_malt_and_its_neighbour():
    # Green's Cottage (3, 1) has Green's lay brother on it: the Grand Manor gives Red the malt
    # and the function of an unoccupied neighbour in Green's landscape
    state, ed = position("I27", whiskey=1)
    ed.place(1, "I10", 3, 1)
    ed.clergy(1, "lay_brother_1", at=(1, 3, 1))
    ed.token_value(coin=5)
    before1 = goods(state, 1)
    play(state, "USE I27", "TARGET I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert lent(state) == ["TARGET LG2", "TARGET LG3"]
    play(state, "TARGET LG3", "TAKE Pn")
    assert goods(state, 0) == {"malt": 1, "coin": 5}
    assert goods(state, 1) == before1


# ============================================================== I29 Forest Hut

def test_i29_forest_hut_removes_a_forest_for_sheep_wood_stone():
    # I29 Forest Hut: remove 1 forest (no wood for it) -> 2 sheep, 2 wood, 1 stone
    state, ed = position("I29", wood=1)
    ed.token_value(wood=7)
    play(state, "USE I29")
    assert sorted(texts(state)) == ["AT 1 0", "AT 1 1", "AT 2 0", "SKIP"]
    play(state, "AT 2 0")
    assert cell(state, 0, 2, 0) is None
    assert goods(state, 0) == {"wood": 3, "sheep": 2, "stone": 1}
    assert token(state, "wood")[1] == 7
    assert at_top(state)                              # one forest only
    assert cell(state, 0, 1, 0) == "forest" and cell(state, 0, 1, 1) == "forest"


def test_i29_forest_hut_skip_and_no_forest():
    state, _ = position("I29")
    play(state, "USE I29", "SKIP")
    assert goods(state, 0) == {} and cell(state, 0, 2, 0) == "forest"
    state, ed = position("I29", coin=1)
    for c, r in ((1, 0), (2, 0), (1, 1)):
        ed.clear(0, c, r)
    play(state, "USE I29")
    assert at_top(state) and goods(state, 0) == {"coin": 1}


def test_i29_forest_hut_moor_is_not_a_forest():
    state, ed = position("I29")
    for c, r in ((1, 0), (2, 0)):
        ed.clear(0, c, r)
    play(state, "USE I29")
    assert sorted(texts(state)) == ["AT 1 1", "SKIP"]


def test_i29_forest_hut_by_work_contract_removes_the_actors_forest():
    # Green work-contracts Red's Forest Hut: a forest of GREEN's goes, Green takes the goods
    state, ed = position("I29")
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.clergy(0, "lay_brother_2", at=(0, 2, 1))
    ed.clear_goods(1)
    ed.goods(1, coin=1)
    play(state, "COMMIT", "WORK_CONTRACT I29 Pn", "TARGET I29")
    assert sorted(texts(state)) == ["AT 1 0", "AT 1 1", "AT 2 0", "SKIP"]
    play(state, "AT 1 1")
    assert cell(state, 1, 1, 1) is None and cell(state, 0, 1, 1) == "forest"
    assert goods(state, 1) == {"sheep": 2, "wood": 2, "stone": 1}
    assert goods(state, 0) == {"coin": 1}


# ============================================================== I30 Refectory

def test_i30_refectory_beer_meat_and_up_to_4_ceramics():
    # I30 Refectory: 1 beer + 1 meat; additionally up to 4 times 1 meat -> 1 ceramic
    state, _ = position("I30", meat=5)
    play(state, "USE I30")
    assert amounts(state) == [0, 1, 2, 3, 4]          # 6 meat, still only 4
    play(state, "AMOUNT 4")
    assert goods(state, 0) == {"beer": 1, "meat": 2, "ceramic": 4}
    assert at_top(state)


def test_i30_refectory_the_new_meat_may_be_used():
    state, _ = position("I30", meat=3)
    play(state, "USE I30")
    assert amounts(state) == [0, 1, 2, 3, 4]
    play(state, "AMOUNT 4")
    assert goods(state, 0) == {"beer": 1, "ceramic": 4}
    state, _ = position("I30")
    play(state, "USE I30")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"beer": 1, "ceramic": 1}


def test_i30_refectory_gain_alone_and_skip_printed():
    state, _ = position("I30", meat=1)
    play(state, "USE I30", "AMOUNT 0")
    assert goods(state, 0) == {"beer": 1, "meat": 2}
    state, _ = position("I30", meat=1)
    play(state, "USE I30", "SKIP")
    assert goods(state, 0) == {"meat": 1}


def test_i30_refectory_kennerspiel_gain_always():
    state, _ = position("I30", rules="kennerspiel", meat=1)
    play(state, "USE I30")
    assert goods(state, 0) == {"beer": 1, "meat": 2}
    assert amounts(state) == [0, 1, 2] and "SKIP" not in texts(state)
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"beer": 1, "ceramic": 2}


# ============================================================== I31 Coal Harbor

def test_i31_coal_harbor_up_to_3_peat_coal():
    # I31 Coal Harbor (coast): up to 3 times 1 peat coal -> 3 coins + 1 whiskey
    state, _ = position("I31", peat_coal=5, peat=2)
    play(state, "USE I31")
    assert amounts(state) == [0, 1, 2, 3]             # 5 peat coal, still only 3
    play(state, "AMOUNT 3")
    assert goods(state, 0) == {"peat_coal": 2, "peat": 2, "coin": 9, "whiskey": 3}
    assert at_top(state)


def test_i31_coal_harbor_printed_burns_peat_coal_not_peat():
    state, _ = position("I31", peat=4)
    play(state, "USE I31")
    assert at_top(state) and goods(state, 0) == {"peat": 4}
    state, _ = position("I31", peat_coal=2)
    play(state, "USE I31")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"peat_coal": 1, "coin": 3, "whiskey": 1}


def test_i31_coal_harbor_kennerspiel_burns_peat():
    # OPTIONS.md: the kennerspiel preset spends peat instead of peat coal
    state, _ = position("I31", rules="kennerspiel", peat=4, peat_coal=3)
    play(state, "USE I31")
    assert amounts(state) == [0, 1, 2, 3]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"peat": 2, "peat_coal": 3, "coin": 6, "whiskey": 2}
    state, _ = position("I31", rules="kennerspiel", peat_coal=3)
    play(state, "USE I31")
    assert at_top(state) and goods(state, 0) == {"peat_coal": 3}


# ============================================================== I32 Filial Church

def test_i32_filial_church_5_different_goods_for_a_reliquary():
    # I32 Filial Church: once, 5 goods of 5 different types -> 1 reliquary
    state, _ = position("I32", wood=2, clay=1, peat=1, sheep=1, beer=1, book=1)
    play(state, "USE I32")
    assert "SKIP" in texts(state)
    play(state, "PICK Wo", "PICK Cl", "PICK Pt", "PICK Sh", "PICK Be")
    assert goods(state, 0) == {"wood": 1, "book": 1, "reliquary": 1}
    assert at_top(state)                              # once, though a 6th type is left


def test_i32_filial_church_grain_straw_coin_five_are_different():
    # rules.md 12A: grain / straw and coin / 5-coin piece are different types
    state, _ = position("I32", grain=2, coin=6, malt=1)
    play(state, "USE I32", "PICK Gn", "PICK Sw", "PICK Pn", "PICK Ma", "PICK Ni")
    assert goods(state, 0) == {"reliquary": 1}


def test_i32_filial_church_four_types_nothing_and_skip():
    state, _ = position("I32", wood=3, clay=3, beer=1, whiskey=2, wonder=1)
    play(state, "USE I32")                            # a Wonder is not a good for the count
    assert at_top(state) and goods(state, 0) == {"wood": 3, "clay": 3, "beer": 1, "whiskey": 2,
                                                 "wonder": 1}
    state, _ = position("I32", wood=1, clay=1, peat=1, sheep=1, malt=1)
    play(state, "USE I32", "SKIP")
    assert goods(state, 0) == {"wood": 1, "clay": 1, "peat": 1, "sheep": 1, "malt": 1}


def test_i32_filial_church_never_a_dead_end():
    state, _ = position("I32", wood=1, clay=1, peat=1, sheep=1, malt=1)
    play(state, "USE I32")
    assert texts(state) == ["PICK Wo", "SKIP"]


# ============================================================== I33 Cooperage

@pytest.mark.parametrize("pick, name", [("Be", "beer"), ("Wh", "whiskey")])
def test_i33_cooperage_3_wood_for_beer_or_whiskey_by_the_joker(pick, name):
    # I33 Cooperage: once, 3 wood -> beer OR whiskey, as many as the joker shows; joker resets
    state, ed = position("I33", wood=4, peat=1)
    ed.token_value(joker=7, wood=5)
    play(state, "USE I33")
    assert sorted(texts(state)) == ["SKIP", "TAKE Be Jo", "TAKE Wh Jo"]
    play(state, f"TAKE {pick} Jo")
    assert goods(state, 0) == {"wood": 1, "peat": 1, name: 7}
    assert token(state, "joker")[1] == 0 and token(state, "wood")[1] == 5
    assert at_top(state)


@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
def test_i33_cooperage_exactly_3_wood_and_not_energy(rules):
    # 3 wood are enough in both presets (kennerspiel's off-by-one is not copied)
    state, ed = position("I33", rules=rules, wood=3)
    ed.token_value(joker=4)
    play(state, "USE I33", "TAKE Be Jo")
    assert goods(state, 0) == {"beer": 4}
    state, ed = position("I33", rules=rules, wood=2, peat=3, peat_coal=1)   # energy is not wood
    play(state, "USE I33")
    assert at_top(state) and goods(state, 0) == {"wood": 2, "peat": 3, "peat_coal": 1}


def test_i33_cooperage_skip_keeps_wood_and_joker():
    state, ed = position("I33", wood=3)
    ed.token_value(joker=6)
    play(state, "USE I33", "SKIP")
    assert goods(state, 0) == {"wood": 3} and token(state, "joker")[1] == 6


@pytest.mark.parametrize("players", [3, 4])
def test_i33_cooperage_short_game_bonus_production(players):
    # short 3-4p game: a wheel use, every other player also takes 1 of the chosen good
    state, ed = position("I33", players=players, length="short", wood=3)
    ed.token_value(joker=4)
    others = [goods(state, p) for p in range(1, players)]
    play(state, "USE I33", "TAKE Wh Jo")
    assert goods(state, 0) == {"whiskey": 5}
    for p, before in zip(range(1, players), others):
        assert goods(state, p) == {**before, "whiskey": before.get("whiskey", 0) + 1}


def test_i33_cooperage_long_game_no_bonus_production():
    state, ed = position("I33", wood=3)
    ed.token_value(joker=4)
    others = [goods(state, p) for p in (1, 2, 3)]
    play(state, "USE I33", "TAKE Be Jo")
    assert goods(state, 0) == {"beer": 4}
    assert [goods(state, p) for p in (1, 2, 3)] == others


# ============================================================== I35 Round Tower

def test_i35_round_tower_5_coins_whiskey_and_14_points_for_a_wonder():
    # I35 Round Tower (hillside): 5 coins + 1 whiskey + goods worth >= 14 points -> 1 Wonder
    state, _ = position("I35", coin=7, whiskey=2, book=7, reliquary=1)
    assert state._turn()["wonders"] == 8
    play(state, "USE I35")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"coin": 2, "whiskey": 1, "book": 7, "reliquary": 1}
    assert sorted(texts(state)) == ["PAY BoBoBoBoBoBoBo", "PAY Rq"]
    play(state, "PAY Rq", "PAY BoBoBo")
    assert goods(state, 0) == {"coin": 2, "whiskey": 1, "book": 4, "wonder": 1}
    assert state._turn()["wonders"] == 7
    assert state.score_breakdown(0)["goods"]["items"]["wonder"]["points"] == 30
    assert at_top(state)


def test_i35_round_tower_5_coin_piece_counts_2_points():
    # 15 coins: 5 pay the price, the other 10 are two 5-coin pieces worth 2 points each
    state, _ = position("I35", coin=15, whiskey=1, reliquary=1, book=1)
    play(state, "USE I35", "AMOUNT 1", "PAY Rq", "PAY Bo")
    assert texts(state) == ["PAY NiNi"]
    play(state, "PAY NiNi")
    assert goods(state, 0) == {"wonder": 1}


def test_i35_round_tower_further_whiskey_counts_1_point():
    state, _ = position("I35", coin=5, whiskey=3, reliquary=1, ornament=1)
    play(state, "USE I35", "AMOUNT 1", "PAY Rq", "PAY Or", "PAY WhWh")
    assert goods(state, 0) == {"wonder": 1}


def test_i35_round_tower_13_points_not_enough_loose_coins_count_0():
    state, _ = position("I35", coin=9, whiskey=1, reliquary=1, ceramic=1, book=1)  # 8+3+2 = 13
    play(state, "USE I35")
    assert at_top(state)
    assert goods(state, 0) == {"coin": 9, "whiskey": 1, "reliquary": 1, "ceramic": 1, "book": 1}
    state, _ = position("I35", coin=10, whiskey=1, reliquary=1, ceramic=1, book=1)  # + a 5-coin piece
    play(state, "USE I35", "AMOUNT 1", "PAY Rq", "PAY Ce", "PAY Bo", "PAY Ni")
    assert goods(state, 0) == {"wonder": 1}


def test_i35_round_tower_price_needs_5_coins_and_a_whiskey():
    # the 14 points are on top of the 5 coins and the whiskey
    state, _ = position("I35", coin=4, whiskey=1, reliquary=2)
    play(state, "USE I35")
    assert at_top(state) and goods(state, 0) == {"coin": 4, "whiskey": 1, "reliquary": 2}
    state, _ = position("I35", coin=7, reliquary=2, ornament=1)
    play(state, "USE I35")
    assert at_top(state) and goods(state, 0) == {"coin": 7, "reliquary": 2, "ornament": 1}


def test_i35_round_tower_overpayment_is_lost_and_zero():
    state, _ = position("I35", coin=5, whiskey=1, reliquary=2)
    play(state, "USE I35", "AMOUNT 1")
    assert texts(state) == ["PAY RqRq"]               # 8 is not enough, 16 is
    play(state, "PAY RqRq")
    assert goods(state, 0) == {"wonder": 1}
    state, _ = position("I35", coin=5, whiskey=1, reliquary=2)
    play(state, "USE I35", "AMOUNT 0")
    assert goods(state, 0) == {"coin": 5, "whiskey": 1, "reliquary": 2}


def test_i35_round_tower_only_units_still_needed():
    # after a reliquary and an ornament (12), at most one more book (2) may be added
    state, _ = position("I35", coin=5, whiskey=1, reliquary=1, ornament=1, book=3, ceramic=1)
    play(state, "USE I35", "AMOUNT 1", "PAY Rq", "PAY Or")
    assert sorted(texts(state)) == ["PAY Bo", "PAY Ce"]


def test_i35_round_tower_refused_with_no_wonder_left():
    # rules.md 12A: no Wonder in the supply -> the use is refused, the goods stay
    state, ed = position("I35", coin=5, whiskey=1, reliquary=2)
    ed.turn(wonders=0)
    play(state, "USE I35")
    assert at_top(state)
    assert goods(state, 0) == {"coin": 5, "whiskey": 1, "reliquary": 2}
    assert state._turn()["wonders"] == 0


def test_i35_round_tower_takes_the_last_wonder():
    state, ed = position("I35", coin=5, whiskey=1, reliquary=2)
    ed.turn(wonders=1)
    play(state, "USE I35", "AMOUNT 1", "PAY RqRq")
    assert goods(state, 0) == {"wonder": 1} and state._turn()["wonders"] == 0


# ============================================================== I36 Camera

def test_i36_camera_up_to_2_times_book_and_ceramic():
    # I36 Camera: up to 2 times 1 book + 1 ceramic -> 1 coin + 1 clay + 1 reliquary
    state, _ = position("I36", book=3, ceramic=3)
    play(state, "USE I36")
    assert amounts(state) == [0, 1, 2]
    play(state, "AMOUNT 2")
    assert goods(state, 0) == {"book": 1, "ceramic": 1, "coin": 2, "clay": 2, "reliquary": 2}
    assert at_top(state)


def test_i36_camera_limited_by_the_pairs_and_nothing():
    state, _ = position("I36", book=3, ceramic=1)
    play(state, "USE I36")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"book": 2, "coin": 1, "clay": 1, "reliquary": 1}
    state, _ = position("I36", book=2, straw=2, wood=2)
    play(state, "USE I36")
    assert at_top(state) and goods(state, 0) == {"book": 2, "straw": 2, "wood": 2}


# ============================================================== I37 Bulwark

def test_i37_bulwark_book_for_a_free_district_and_a_free_plot():
    # I37 Bulwark: once, 1 book -> 1 district and/or 1 plot without paying
    state, _ = position("I37", book=2)
    play(state, "USE I37")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"book": 1}
    assert "BUY_DISTRICT 2 PLAINS" in texts(state) and "BUY_PLOT 0 COAST" in texts(state)
    play(state, "BUY_DISTRICT 2 PLAINS")
    assert goods(state, 0) == {"book": 1}
    assert cell(state, 0, 0, 2) == "forest"
    play(state, "BUY_PLOT 0 MOUNTAIN")
    assert goods(state, 0) == {"book": 1}
    assert cell(state, 0, 5, 0) is None
    assert not [t for t in texts(state) if t.startswith("BUY")]     # no money for a paid one


@pytest.mark.parametrize("rules, taken, next_district, next_plot", [("printed", 1, 3, 4),
                                                                      ("kennerspiel", 0, 2, 3)])
def test_i37_bulwark_price_track_by_preset(rules, taken, next_district, next_plot):
    # printed: the free landscape is the top tile of its pile, the track advances;
    # kennerspiel: the track stays.  The next purchase (next turn) costs the next price.
    state, ed = position("I37", rules=rules, book=1)
    play(state, "USE I37", "AMOUNT 1", "BUY_DISTRICT 2 PLAINS", "BUY_PLOT 0 COAST")
    t = state._turn()
    assert (t["districts_taken"], t["plots_taken"]) == (taken, taken)
    ed.turn(main_used=False, land_bought=False)
    ed.goods(0, coin=next_district)
    play(state, "BUY_DISTRICT -1 PLAINS")
    assert goods(state, 0) == {}
    ed.turn(land_bought=False)
    ed.goods(0, coin=next_plot - 1)
    assert not [t for t in texts(state) if t.startswith("BUY_PLOT")]
    ed.goods(0, coin=next_plot)
    play(state, "BUY_PLOT 2 COAST")
    assert goods(state, 0) == {}


def test_i37_bulwark_does_not_use_up_the_turns_landscape_purchase():
    # a paid district bought before, and a paid plot after the free ones, in the same turn
    state, ed = position("I37", book=1, coin=2 + 4)
    play(state, "BUY_DISTRICT 2 PLAINS")              # paid: 2 coins (printed track)
    assert goods(state, 0) == {"book": 1, "coin": 4}
    play(state, "USE I37", "AMOUNT 1", "BUY_DISTRICT -1 HILLS", "BUY_PLOT 0 COAST")
    assert goods(state, 0) == {"coin": 4}             # both free
    assert not [t for t in texts(state) if t.startswith("BUY")]    # the paid one is used up
    state, ed = position("I37", book=1, coin=5)
    play(state, "USE I37", "AMOUNT 1", "BUY_DISTRICT 2 PLAINS", "BUY_PLOT 0 COAST")
    play(state, "BUY_PLOT 0 MOUNTAIN")                # the turn's own purchase: the 2nd tile, 4 coins
    assert goods(state, 0) == {"coin": 1}


def test_i37_bulwark_either_may_be_declined_and_lapses():
    state, ed = position("I37", book=1)
    play(state, "USE I37", "AMOUNT 1", "BUY_PLOT 0 COAST")
    assert state._turn()["bonus_district"] and not state._turn()["bonus_plot"]
    play(state, "COMMIT")
    assert state.current_player() == 1
    assert not state._turn()["bonus_district"]


def test_i37_bulwark_nothing_without_a_book():
    state, ed = position("I37", coin=10, ceramic=1)
    play(state, "USE I37")
    assert at_top(state) and goods(state, 0) == {"coin": 10, "ceramic": 1}
    assert not state._turn()["bonus_district"] and not state._turn()["bonus_plot"]
    state, ed = position("I37", book=1)
    play(state, "USE I37", "AMOUNT 0")
    assert goods(state, 0) == {"book": 1}
    assert not [t for t in texts(state) if t.startswith("BUY")]


def test_i37_bulwark_printed_no_district_left_only_the_plot():
    # printed: the 9 district tiles are gone: no free district can be taken, the plot can
    state, ed = position("I37", book=1)
    ed.turn(districts_taken=9)
    play(state, "USE I37", "AMOUNT 1")
    assert not [t for t in texts(state) if t.startswith("BUY_DISTRICT")]
    play(state, "BUY_PLOT 0 COAST")
    assert goods(state, 0) == {} and state._turn()["plots_taken"] == 1


def test_i37_bulwark_by_work_contract_the_actor_takes_the_landscapes():
    # Red work-contracts Green's Bulwark: Red pays the book and places the free landscapes
    state, ed = position(book=1, coin=1)
    ed.place(1, "I37", 3, 0)
    before1 = goods(state, 1)
    play(state, "WORK_CONTRACT I37 Pn", "WITH_LAYBROTHER", "TARGET I37", "AMOUNT 1")
    assert goods(state, 0) == {}
    assert goods(state, 1) == {**before1, "coin": before1["coin"] + 1}
    assert state.current_player() == 0
    play(state, "BUY_PLOT 0 COAST")
    assert goods(state, 0) == {} and cell(state, 0, -1, 0) is None


# ============================================================== I38 Festival Ground

def test_i38_festival_ground_beer_for_points_up_to_forests_and_moors():
    # I38 Festival Ground: 1 beer -> books (2), ceramics (3), ornaments (4), reliquaries (8)
    # worth at most the forests + moors in the user's landscape: heartland 3 + 2 = 5
    state, _ = position("I38", beer=2)
    play(state, "USE I38")
    assert amounts(state) == [0, 1]
    play(state, "AMOUNT 1")
    assert goods(state, 0) == {"beer": 1}
    assert texts(state) == ["DONE", "PICK Bo", "PICK Ce", "PICK Or"]
    play(state, "PICK Bo", "PICK Ce")
    assert goods(state, 0) == {"beer": 1, "book": 1, "ceramic": 1}
    assert at_top(state)
    assert [cell(state, 0, c, r) for c, r in ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1))] == \
        ["moor", "forest", "forest", "moor", "forest"]      # counted, not removed


def test_i38_festival_ground_reliquary_with_8_forests_and_moors():
    state, ed = position("I38", beer=1)
    ed.district(0, 2, "HILLS")                        # + moor, forest, forest: 8
    play(state, "USE I38", "AMOUNT 1")
    assert texts(state) == ["DONE", "PICK Bo", "PICK Ce", "PICK Or", "PICK Rq"]
    play(state, "PICK Rq")
    assert goods(state, 0) == {"reliquary": 1} and at_top(state)


def test_i38_festival_ground_budget_cannot_be_exceeded_and_rest_is_lost():
    state, _ = position("I38", beer=1)
    play(state, "USE I38", "AMOUNT 1", "PICK Bo")     # 5 - 2 = 3
    assert texts(state) == ["DONE", "PICK Bo", "PICK Ce"]
    play(state, "PICK Bo")                            # 1 left: nothing fits
    assert goods(state, 0) == {"book": 2} and at_top(state)
    state, _ = position("I38", beer=1)
    play(state, "USE I38", "AMOUNT 1", "PICK Or")
    assert goods(state, 0) == {"ornament": 1} and at_top(state)


def test_i38_festival_ground_fewer_forests_fewer_points():
    state, ed = position("I38", beer=1)
    for c, r in ((1, 0), (2, 0), (1, 1)):
        ed.clear(0, c, r)                             # only the 2 moors: a book
    play(state, "USE I38", "AMOUNT 1")
    assert texts(state) == ["DONE", "PICK Bo"]
    play(state, "PICK Bo")
    assert goods(state, 0) == {"book": 1}


def test_i38_festival_ground_no_beer_and_zero():
    state, _ = position("I38", whiskey=2, coin=3)
    play(state, "USE I38")
    assert at_top(state) and goods(state, 0) == {"whiskey": 2, "coin": 3}
    state, _ = position("I38", beer=1)
    play(state, "USE I38", "AMOUNT 0")
    assert goods(state, 0) == {"beer": 1} and at_top(state)


def test_i38_festival_ground_by_work_contract_counts_the_actors_landscape():
    # Red work-contracts Green's Festival Ground with 1 forest + 2 moors left: budget 3
    state, ed = position(beer=1, coin=1)
    ed.place(1, "I38", 3, 0)
    ed.clear(0, 1, 0)
    ed.clear(0, 2, 0)
    play(state, "WORK_CONTRACT I38 Pn", "WITH_LAYBROTHER", "TARGET I38", "AMOUNT 1")
    assert texts(state) == ["DONE", "PICK Bo", "PICK Ce"]
    play(state, "PICK Ce")
    assert goods(state, 0) == {"ceramic": 1}


# ============================================================== I40 Guesthouse

def test_i40_guesthouse_uses_a_card_in_the_display():
    # I40 Guesthouse: the function of one building still unbuilt in the display; the card
    # stays there, nobody's clergyman goes on it, no fee
    state, ed = position("I40", coin=2)
    ed.display("I03", "I04", "I10")
    play(state, "USE I40")
    assert lent(state) == ["CHOOSE I03", "CHOOSE I04", "CHOOSE I10"]
    play(state, "CHOOSE I03", "AMOUNT 1")
    assert goods(state, 0) == {"coin": 1, "grain": 4, "book": 1}
    assert state._display() == card_ids("I03", "I04", "I10")
    assert at_top(state) and lent(state) == []


def test_i40_guesthouse_unbuilt_cottage_gives_only_the_malt():
    state, ed = position("I40")
    ed.display("I10")
    play(state, "USE I40", "CHOOSE I10")
    assert sorted(texts(state)) == ["ACCEPT", "SKIP"]
    play(state, "ACCEPT")
    assert goods(state, 0) == {"malt": 1}
    assert lent(state) == []                          # no neighbours in the display
    state, ed = position("I40", rules="kennerspiel")
    ed.display("I10")
    play(state, "USE I40", "CHOOSE I10")
    assert goods(state, 0) == {"malt": 1} and lent(state) == []


def test_i40_guesthouse_locutory_from_the_display_recalls_the_users_prior():
    state, ed = position("I40", coin=2, clay=2)
    ed.display("I23", "I04")
    play(state, "USE I40 WITH_PRIOR", "CHOOSE I23", "AMOUNT 1")
    assert state._clergy(0) == ["home", "home", "home"]
    assert builds(state) == ["BUILD I04"]             # the Locutory's 3 wood + 2 clay: not affordable
    play(state, "BUILD I04", "AT 3 1")
    assert goods(state, 0) == {}
    assert uses(state, "I04") == ["USE I04 WITH_PRIOR"]


def test_i40_guesthouse_wheel_card_from_the_display():
    state, ed = position("I40", wood=3)
    ed.display("I33")
    ed.token_value(joker=6)
    play(state, "USE I40", "CHOOSE I33", "TAKE Wh Jo")
    assert goods(state, 0) == {"whiskey": 6}
    assert token(state, "joker")[1] == 0


def test_i40_guesthouse_unbuilt_grand_manor_uses_an_occupied_building():
    # a free use may chain (rules.md 12A): the Grand Manor in the display, paid with a whiskey
    state, ed = position("I40", whiskey=1)
    ed.display("I27")
    ed.clergy(1, "prior", at=(1, 4, 0))
    ed.token_value(clay=6)
    play(state, "USE I40", "CHOOSE I27")
    assert lent(state) == ["TARGET LG1"]              # not the Guesthouse: used in this action
    assert goods(state, 0) == {"whiskey": 1}          # paid when the use is taken
    play(state, "TARGET LG1", "TAKE Cl")
    assert goods(state, 0) == {"clay": 6}
    assert state._display() == card_ids("I27")


def test_i40_guesthouse_empty_display_and_skip():
    state, ed = position("I40", coin=1)
    ed.display()
    play(state, "USE I40")
    assert at_top(state) and lent(state) == [] and goods(state, 0) == {"coin": 1}
    state, ed = position("I40", coin=1)
    ed.display("I03")
    play(state, "USE I40", "COMMIT")                  # the lent use is not taken
    assert goods(state, 0) == {"coin": 1}


# ============================================================== empty uses, both presets

@pytest.mark.parametrize("card", ["I03", "I05", "I15", "I17", "I20", "I21", "I23", "I24", "I25",
                                  "I27", "I31", "I32", "I33", "I35", "I36", "I37", "I38"])
def test_use_with_nothing_to_pay_changes_nothing(card):
    # an exchange that cannot be paid gives nothing; the clergyman is placed, the action spent
    state, ed = position(card)
    play(state, f"USE {card}")
    assert at_top(state)
    assert goods(state, 0) == {}
    assert state._turn()["main_used"]
    assert not uses(state, card)


@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
@pytest.mark.parametrize("card, stock, moves, after", [
    ("I03", dict(coin=1), ["AMOUNT 1"], {"grain": 4, "book": 1}),
    ("I04", dict(grain=3), ["AMOUNT 3"], {"malt": 3, "straw": 3}),
    ("I05", dict(malt=1, grain=1), ["AMOUNT 1", "AMOUNT 1"], {"coin": 7}),
    ("I15", dict(book=1), ["AMOUNT 1", "TAKE Cl", "TAKE Pt"], {"clay": 5, "peat": 3}),
    ("I17", dict(coin=1), ["AMOUNT 1"], {"book": 1, "meat": 1, "whiskey": 1}),
    ("I20", dict(beer=1, whiskey=1), ["AMOUNT 1", "AMOUNT 1"], {"coin": 15}),
    ("I21", dict(malt=1, wood=1, peat=1), ["AMOUNT 1"], {"whiskey": 2}),
    ("I24", dict(coin=1, beer=1, whiskey=1), ["AMOUNT 1", "AMOUNT 1"], {"book": 1, "reliquary": 1}),
    ("I25", dict(reliquary=1), ["AMOUNT 1"], dict(wood=2, clay=2, stone=2, peat=2, grain=2, sheep=2, coin=2)),
    ("I36", dict(book=1, ceramic=1), ["AMOUNT 1"], {"coin": 1, "clay": 1, "reliquary": 1}),
    ("I35", dict(coin=5, whiskey=1, reliquary=1, ornament=1, book=1), ["AMOUNT 1", "PAY Rq", "PAY Or", "PAY Bo"],
     {"wonder": 1}),
])
def test_exchange_cards_same_in_both_presets(rules, card, stock, moves, after):
    state, _ = position(card, rules=rules, **stock)
    play(state, f"USE {card}", *moves)
    assert goods(state, 0) == after and at_top(state)
