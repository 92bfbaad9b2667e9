"""A turn and its actions (rules.md 6 and 7): main action, placing a clergyman,
work contracts, Fell Trees / Cut Peat, Build, buying landscape, conversions."""
import pytest

from olab import IllegalActionError
from .orahelp import at, editor, good, goods, new, play, texts


def verbs(state):
    return {t.split()[0] for t in texts(state)}


# ---------------------------------------------------------------- 6.1 the turn

def test_one_main_action_per_turn():
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl")
    assert not verbs(state) & {"USE", "WORK_CONTRACT", "FELL_TREES", "CUT_PEAT", "BUILD"}
    assert "COMMIT" in verbs(state)


def test_a_turn_may_end_without_a_main_action():
    state = new(players=4)
    play(state, "COMMIT")
    assert state.current_player() == 1


def test_one_landscape_per_turn_and_free_actions_before_and_after():
    state = new(players=4)
    editor(state).goods(0, coin=20, grain=3)
    play(state, "CONVERT Gn", "BUY_DISTRICT -1 PLAINS")
    assert not verbs(state) & {"BUY_DISTRICT", "BUY_PLOT"}
    play(state, "USE LR1", "TAKE Cl", "CONVERT Gn", "CONVERT Gn")
    assert good(state, 0, "straw") == 3 and good(state, 0, "grain") == 0


# ---------------------------------------------------------------- 7.1 USE

def test_use_places_the_chosen_clergyman():
    state = new(players=4)
    play(state, "USE LR1 WITH_PRIOR", "TAKE Cl")
    assert state._clergy(0) == ["home", "home", (0, 4)]
    state = new(players=4)
    play(state, "USE LR1", "TAKE Cl")
    assert state._clergy(0) == [(0, 4), "home", "home"]


def test_only_own_unoccupied_buildings():
    state = new(players=4)
    uses = [t for t in texts(state) if t.startswith("USE")]
    assert uses == ["USE LR1", "USE LR1 WITH_PRIOR", "USE LR2", "USE LR2 WITH_PRIOR",
                    "USE LR3", "USE LR3 WITH_PRIOR"]
    editor(state).clergy(0, "lay_brother_1", (0, 4, 0))
    assert not any(t.startswith("USE LR1") for t in texts(state))


def test_no_use_without_a_clergyman_at_home_but_other_actions_stay():
    state = new(players=4)
    ed = editor(state)
    ed.clergy(0, "lay_brother_1", (0, 4, 0))
    ed.clergy(0, "lay_brother_2", (0, 2, 1))
    ed.clergy(0, "prior", (0, 4, 1))
    assert "USE" not in verbs(state)
    assert {"FELL_TREES", "CUT_PEAT", "BUILD", "WORK_CONTRACT"} <= verbs(state)


def test_a_use_may_produce_nothing_in_the_printed_rules():
    # rules.md 7.1 [seed]: placed without using the function; the token does not move
    state = new(players=4)
    play(state, "USE LR1", "SKIP")
    assert goods(state, 0)["clay"] == 1
    assert state._wheel()[2][2] == 2 and state._clergy(0)[0] == (0, 4)
    ks = new(players=4, rules="kennerspiel")
    play(ks, "USE LR1")
    assert texts(ks) == ["TAKE Cl", "TAKE Cl Jo"]


# ---------------------------------------------------------------- 7.2 work contracts

def test_work_contract_fee_goes_to_the_owner_and_the_effect_to_the_actor():
    state = new(players=4)
    editor(state).token_value(clay=5)
    play(state, "WORK_CONTRACT LG1 Pn")
    assert state.current_player() == 1                    # Green chooses its clergyman
    assert texts(state) == ["WITH_LAYBROTHER", "WITH_PRIOR"]
    play(state, "WITH_PRIOR")
    assert state.current_player() == 0
    # the contracted use waits at the top of the turn (free actions may come first)
    assert "TARGET LG1" in texts(state) and "COMMIT" in texts(state)
    play(state, "TARGET LG1", "TAKE Cl")
    assert good(state, 0, "coin") == 0 and good(state, 0, "clay") == 1 + 5
    assert good(state, 1, "coin") == 2 and good(state, 1, "clay") == 1
    assert state._clergy(1)[2] == (1, 4)                  # Green's prior stands on its Clay Mound


def test_work_contract_with_wine_goes_to_the_supply():
    state = new(players=4)
    editor(state).goods(0, coin=0, wine=1)
    assert "WORK_CONTRACT LG1 Wn" in texts(state) and "WORK_CONTRACT LG1 Pn" not in texts(state)
    play(state, "WORK_CONTRACT LG1 Wn", "WITH_LAYBROTHER", "TARGET LG1", "TAKE Cl")
    assert good(state, 0, "wine") == 0 and good(state, 1, "coin") == 1


def test_owner_with_one_kind_free_does_not_choose():
    state = new(players=4)
    ed = editor(state)
    ed.clergy(1, "lay_brother_1", (1, 2, 1))
    ed.clergy(1, "lay_brother_2", (1, 4, 1))
    play(state, "WORK_CONTRACT LG1 Pn")
    assert state.current_player() == 0 and "TARGET LG1" in texts(state)
    assert state._clergy(1)[2] == (1, 4)


def test_a_contracted_building_may_be_left_unused():
    # rules.md 7.2 [seed]: a work contract may be made without using the function
    state = new(players=4, rules="kennerspiel")
    play(state, "WORK_CONTRACT LG1 Pn", "WITH_LAYBROTHER", "CONVERT Gn", "COMMIT")
    assert good(state, 0, "coin") == 0 and good(state, 1, "coin") == 2
    assert good(state, 0, "clay") == 1 and state._clergy(1)[0] == (1, 4)


def test_no_contract_with_a_player_whose_clergy_are_all_placed():
    state = new(players=4)
    ed = editor(state)
    ed.clergy(1, "lay_brother_1", (1, 2, 1))
    ed.clergy(1, "lay_brother_2", (1, 4, 1))
    ed.clergy(1, "prior", (1, 4, 0))
    assert not any("LG" in t for t in texts(state))


def test_no_contract_on_an_occupied_building_or_without_the_fee():
    state = new(players=4)
    editor(state).clergy(1, "lay_brother_1", (1, 4, 0))
    assert "WORK_CONTRACT LG1 Pn" not in texts(state)
    editor(state).goods(0, coin=0)
    assert "WORK_CONTRACT" not in verbs(state)


def test_fee_rises_to_two_once_the_winery_is_built():
    # rules.md 7.2 [seed]: from the moment the Winery has been built by anyone
    state = new(players=4)
    editor(state).turn(fee_raised=True)
    editor(state).goods(0, coin=1)
    assert "WORK_CONTRACT" not in verbs(state)
    editor(state).goods(0, coin=2)
    assert "WORK_CONTRACT LG1 PnPn" in texts(state)
    play(state, "WORK_CONTRACT LG1 PnPn", "WITH_LAYBROTHER", "TARGET LG1", "TAKE Cl")
    assert good(state, 0, "coin") == 0 and good(state, 1, "coin") == 3


def test_kennerspiel_fee_rule_follows_the_display():
    state = new(players=4, rules="kennerspiel")
    assert state._turn()["contract_fee"] == 1
    editor(state).turn(phase_letter=2)           # after phase B, Winery not in the display
    assert state._turn()["contract_fee"] == 2
    editor(state).display("F21")
    assert state._turn()["contract_fee"] == 1


def test_no_work_contract_in_the_bonus_round():
    state = new(players=3)
    while not state._turn()["in_bonus"]:
        play(state, "COMMIT")
    assert "WORK_CONTRACT" not in verbs(state)


def test_solo_contract_fee_goes_to_the_supply_and_the_player_chooses():
    state = new(players=1, seed=42)                # Red plays, White is neutral
    editor(state).goods(0, coin=3)
    play(state, "WORK_CONTRACT LW1 Pn")
    assert state.current_player() == 0 and texts(state) == ["WITH_LAYBROTHER", "WITH_PRIOR"]
    play(state, "WITH_PRIOR", "TARGET LW1", "TAKE Cl")
    assert good(state, 0, "coin") == 2 and good(state, 1, "coin") == 0
    assert state._clergy(1)[2] == (1, 4)


# ---------------------------------------------------------------- 7.3 fell trees / cut peat

def test_fell_trees_removes_the_forest_and_takes_wood():
    state = new(players=4)
    editor(state).token_value(wood=6)
    play(state, "FELL_TREES 1 0")
    assert at(state, 0, 1, 0) is None and good(state, 0, "wood") == 1 + 6
    assert state._wheel()[2][4] == 0


def test_cut_peat_with_the_joker():
    state = new(players=4)
    editor(state).token_value(peat=3, joker=7)
    play(state, "CUT_PEAT 0 1 Jo")
    assert at(state, 0, 0, 1) is None and good(state, 0, "peat") == 1 + 7
    assert state._wheel()[2][5] == 3 and state._wheel()[2][6] == 0


def test_fell_trees_only_on_own_forests():
    state = new(players=4)
    fells = sorted(t for t in texts(state) if t.startswith("FELL"))
    assert fells == sorted(["FELL_TREES 1 0", "FELL_TREES 1 0 Jo", "FELL_TREES 2 0", "FELL_TREES 2 0 Jo",
                            "FELL_TREES 1 1", "FELL_TREES 1 1 Jo"])


def test_fell_trees_with_no_forest_left():
    # rules.md 7.3 [seed]: allowed, nothing gained, the token does not move (printed only)
    for rules, offered in (("printed", True), ("kennerspiel", False)):
        state = new(players=4, rules=rules)
        ed = editor(state)
        for c, r in ((1, 0), (2, 0), (1, 1)):
            ed.clear(0, c, r)
        assert ("FELL_TREES -" in texts(state)) == offered
    play(state := new(players=4), "COMMIT")
    ed = editor(state)
    for c, r in ((1, 0), (2, 0), (1, 1)):
        ed.clear(1, c, r)
    wheel = state._wheel()
    play(state, "FELL_TREES -")
    assert goods(state, 1)["wood"] == 1 and state._wheel() == wheel
    assert "USE" not in verbs(state)


# ---------------------------------------------------------------- 7.4 build

def test_build_pays_the_cost_and_places_the_card():
    state = new(players=4)
    editor(state).goods(0, wood=2, clay=1)
    play(state, "BUILD G01", "AT 3 1")                     # Priory: 1 wood, 1 clay, cloister
    assert at(state, 0, 3, 1) == "G01"
    assert goods(state, 0) == {"wood": 1, "peat": 1, "coin": 1, "grain": 1, "sheep": 1}
    assert "G01" not in [state.action_to_string(a) for a in state.legal_actions()]


def test_build_needs_an_empty_space_of_the_right_terrain():
    # Windmill: coast or hillside only; the heartland's only hillside holds the Clay Mound
    state = new(players=4)
    editor(state).goods(0, wood=5, clay=5)
    editor(state).display("F04")
    assert "BUILD F04" not in texts(state)
    editor(state).district(0, -1, "HILLS")
    assert "BUILD F04" in texts(state)
    play(state, "BUILD F04")
    assert texts(state) == ["AT 3 -1", "AT 4 -1"]


def test_cloister_buildings_go_next_to_a_cloister():
    state = new(players=4)
    editor(state).goods(0, wood=5, clay=5)
    play(state, "BUILD G01")
    assert texts(state) == ["AT 3 1"]                   # next to the Cloister Office only


def test_mountain_takes_only_a_quarry_or_the_castle():
    state = new(players=4)
    ed = editor(state)
    ed.plot(0, 0, "MOUNTAIN")
    ed.goods(0, wood=9, clay=9, stone=9, coin=30)
    ed.display("G22", "G28", "F05", "G06")
    play(state, "BUILD G22")
    assert texts(state) == ["AT 6 0"]
    state.undo_action()
    play(state, "BUILD G28")                              # Castle: hillside or mountain
    assert sorted(texts(state)) == ["AT 5 0", "AT 5 1", "AT 6 0"]
    state.undo_action()
    play(state, "BUILD F05")
    assert "AT 6 0" not in texts(state) and "AT 5 0" in texts(state)


def test_no_france_card_on_water():
    state = new(players=4)
    ed = editor(state)
    ed.plot(0, 0, "COAST")
    ed.goods(0, wood=9, clay=9, stone=9, straw=9, coin=40)
    for b in [state.action_to_string(a) for a in state.legal_actions() if state.action_to_string(a).startswith("BUILD")]:
        play(state, b)
        assert not any(t in ("AT -2 0", "AT -2 1") for t in texts(state)), b
        state.undo_action()


def test_financed_building_paid_in_coins_and_wine():
    state = new(players=4)
    ed = editor(state)
    ed.display("F09")
    ed.goods(0, coin=2, wine=2)
    play(state, "BUILD F09", "AT 3 1")                    # Cloister Garden: 3 coins
    assert good(state, 0, "coin") == 0 and good(state, 0, "wine") == 1


def test_straw_cost_takes_grain_when_straw_runs_short():
    state = new(players=4)
    ed = editor(state)
    ed.display("F03")
    ed.goods(0, wood=1, straw=0, grain=2)
    play(state, "BUILD F03", "AT 3 0")                    # Grain Storage: 1 wood, 1 straw
    assert good(state, 0, "grain") == 1 and good(state, 0, "straw") == 0


def test_prior_may_use_the_new_building_at_once():
    # rules.md 7.4: only the prior, only if at home, only the building just built (printed)
    state = new(players=4)
    editor(state).goods(0, clay=1)
    play(state, "BUILD G07", "AT 3 0")
    assert "USE G07 WITH_PRIOR" in texts(state)
    assert not any(t.startswith("USE LR") for t in texts(state))
    play(state, "USE G07 WITH_PRIOR", "AMOUNT 1")
    assert state._clergy(0)[2] == (0, 3)
    state = new(players=4)
    editor(state).goods(0, clay=1)
    editor(state).clergy(0, "prior", (0, 4, 1))
    play(state, "BUILD G07", "AT 3 0")
    assert not any(t.startswith("USE") for t in texts(state))


def test_kennerspiel_prior_may_go_on_any_own_building_after_a_build():
    state = new(players=4, rules="kennerspiel")
    editor(state).goods(0, clay=1)
    play(state, "BUILD G07", "AT 3 0")
    assert {"USE G07 WITH_PRIOR", "USE LR1 WITH_PRIOR"} <= set(texts(state))
    assert "USE LR1" not in texts(state)


# ---------------------------------------------------------------- 7.5 landscape

def test_landscape_prices_are_one_shared_track():
    state = new(players=4)
    editor(state).goods(0, coin=10)
    play(state, "BUY_DISTRICT -1 PLAINS", "COMMIT")
    assert good(state, 0, "coin") == 8
    editor(state).goods(1, coin=10)
    play(state, "BUY_DISTRICT 2 HILLS")
    assert good(state, 1, "coin") == 7
    assert state.to_json()["prices"]["district"] == 4


@pytest.mark.parametrize("side, cards", [
    ("PLAINS", {(0, -1): "forest", (1, -1): None, (2, -1): None, (3, -1): None, (4, -1): None}),
    ("HILLS", {(0, -1): "moor", (1, -1): "forest", (2, -1): "forest", (3, -1): None, (4, -1): None}),
])
def test_district_sides(side, cards):
    state = new(players=4)
    editor(state).goods(0, coin=5)
    play(state, f"BUY_DISTRICT -1 {side}")
    for (c, r), card in cards.items():
        assert at(state, 0, c, r) == card
    terrain = {(s["col"], s["row"]): s["terrain"] for s in state.to_json()["players"][0]["landscape"]["spaces"]}
    hills = [c for c in range(5) if terrain[(c, -1)] == "hillside"]
    assert hills == ([4] if side == "PLAINS" else [3, 4])


def test_where_landscape_can_go():
    state = new(players=4)
    editor(state).goods(0, coin=20)
    rows = sorted(t for t in texts(state) if t.startswith("BUY"))
    assert rows == sorted(["BUY_DISTRICT -1 PLAINS", "BUY_DISTRICT -1 HILLS", "BUY_DISTRICT 2 PLAINS",
                           "BUY_DISTRICT 2 HILLS", "BUY_PLOT -1 COAST", "BUY_PLOT -1 MOUNTAIN",
                           "BUY_PLOT 0 COAST", "BUY_PLOT 0 MOUNTAIN", "BUY_PLOT 1 COAST",
                           "BUY_PLOT 1 MOUNTAIN"])
    play(state, "BUY_PLOT 0 COAST")
    terrain = {(s["col"], s["row"]): s["terrain"] for s in state.to_json()["players"][0]["landscape"]["spaces"]}
    assert terrain[(-2, 0)] == terrain[(-2, 1)] == "water" and terrain[(-1, 0)] == terrain[(-1, 1)] == "coast"


def test_coast_plots_chain_and_districts_attach_to_their_rows():
    state = new(players=4)
    ed = editor(state)
    ed.plot(0, 0, "COAST")
    ed.plot(0, -2, "COAST")                               # directly above the first one
    ed.goods(0, coin=20)
    buys = set(texts(state))
    assert "BUY_DISTRICT -2 PLAINS" in buys               # a row that holds a coast plot
    assert "BUY_PLOT -4 COAST" in buys and "BUY_PLOT 2 COAST" in buys
    assert "BUY_PLOT -3 COAST" not in buys                # overlaps


def test_mountain_plot_geometry():
    state = new(players=4)
    editor(state).plot(0, 0, "MOUNTAIN")
    sp = {(s["col"], s["row"]): s["terrain"] for s in state.to_json()["players"][0]["landscape"]["spaces"]}
    assert sp[(5, 0)] == sp[(5, 1)] == "hillside" and sp[(6, 0)] == "mountain" and (6, 1) not in sp
    # the mountain touches both hillsides of its plot and nothing else
    m = state._space_at(0, 6, 0)
    assert sorted(state._space_coord(0, n) for n in state._neighbors(0, m)) == [(5, 0), (5, 1)]


def test_nine_tiles_of_each_kind():
    state = new(players=2, length="long")
    editor(state).turn(districts_taken=9)
    editor(state).goods(0, coin=50)
    assert not any(t.startswith("BUY_DISTRICT") for t in texts(state))
    assert state.to_json()["prices"]["district"] is None


def test_landscape_in_a_settlement_turn():
    state = new(players=4)
    while not state._turn()["in_settlement"]:
        play(state, "COMMIT")
    seat = state.current_player()
    editor(state).goods(seat, coin=10)
    assert "BUY_DISTRICT -1 PLAINS" in texts(state)


# ---------------------------------------------------------------- 7.6 conversions

def test_conversions():
    state = new(players=4)
    editor(state).goods(0, grain=2, wine=1, whiskey=1, coin=0)
    play(state, "CONVERT Gn", "CONVERT Wn", "CONVERT Wh")
    assert goods(state, 0)["straw"] == 1 and goods(state, 0)["grain"] == 1
    assert goods(state, 0)["coin"] == 3 and "wine" not in goods(state, 0)
    with pytest.raises(IllegalActionError):
        play(state, "CONVERT Wn")
