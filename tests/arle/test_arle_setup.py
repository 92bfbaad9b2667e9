"""Setup (rulebook: Setup, About the Home Board; board.json start_layout, starting_components_per_player)
and the score of the untouched starting position, category by category (issue 11, "Done means")."""
import pytest

import olab
from olab.arle import BUILDINGS, data

from .arlehelp import game, goods, player


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("rules", ["printed", "rulebook"])
def test_the_untouched_start_scores_minus_17(players, rules):
    # stall +2, three undrained moors -12, the small boardwalk -1, three
    # tidal-flat spaces of the top row -3, no large vehicle -3 (rulebook:
    # scoring; OPTIONS.md: the boardwalk is -1 in both presets)
    state = game(players, rules=rules).new_initial_state(3)
    for seat in range(players):
        b = state.score_breakdown(seat)
        assert b["points"] == b["total"] == -17 == state.scores()[seat]
        assert b["half_points"] == -34 == state.scores_half_points()[seat]
        assert {k: b[k]["points"] for k, _ in state.game.score_categories()} == {
            "clothing": 0, "equipment": -3, "travel": 0, "tools": 0, "goods": 0, "home": -14,
            "animals": 0, "bottlenecks": 0}
        home = {(i.get("tile") or i.get("rule")): i["half_points"] for i in b["home"]["items"]}
        assert home == {"stall": 4, "moor": -24, "small_boardwalk": -2,
                        "tidal-flat spaces of the top row": -6}
        assert [(i["rule"], i["half_points"], i["points"]) for i in b["equipment"]["items"]] == [
            ("no large vehicle", -6, -3.0)]


def test_each_starting_term_on_its_own():
    # each of the five terms moves the total by its own amount
    from .arlehelp import make, start

    g, doc = start()
    doc["players"][0]["home_board"]["tiles"]["stall"] = 0           # -2 points of the stall gone
    assert make(g, doc).score_breakdown(0)["points"] == -19
    g, doc = start()
    doc["players"][0]["home_board"]["moors"] = ["undrained", "undrained"]
    assert make(g, doc).score_breakdown(0)["points"] == -13      # one moor tile less: +4
    g, doc = start()
    doc["players"][0]["home_board"]["boardwalk_peat"] = 0
    assert make(g, doc).score_breakdown(0)["points"] == -16      # the boardwalk gone: +1
    g, doc = start()
    doc["players"][0]["home_board"]["dikes_moved"] = 7
    assert make(g, doc).score_breakdown(0)["points"] == -14      # every tidal-flat space diked: +3
    g, doc = start()
    doc["players"][0]["barn"]["vehicles"] = [{"type": "cart", "taken": "000"}]
    assert make(g, doc).score_breakdown(0)["points"] == -13      # a cart: +1, and no -3


def test_starting_goods_and_pieces():
    # 4 wood, 4 clay, 3 peat (rulebook); food 5, wool 4, flax 3, hide 2, grain 1
    # (board.json goods_track.start_values); 1 horse on the stall
    state = game(2).new_initial_state(0)
    for seat in range(2):
        assert goods(state, seat) == {
            "food": 5, "grain": 1, "flax": 3, "wool": 4, "hide": 2, "wood": 4, "clay": 4, "timber": 0,
            "brick": 0, "peat": 3, "linen": 0, "woolen": 0, "leather": 0, "summer_wear": 0,
            "winter_wear": 0, "leather_wear": 0, "sheep": 0, "cattle": 0, "horse": 1}
        p = player(state, seat)
        hb = p["home_board"]
        assert hb["tiles"] == {"grain_field": 1, "flax_field": 1, "forest": 0, "park": 0, "stall": 1,
                               "depot": 0, "stable": 0, "double_stall": 0}
        assert hb["moors"] == ["undrained"] * 3 and hb["boardwalk_peat"] == 4 and hb["dikes_moved"] == 0
        assert hb["land_spaces"] == 6 and hb["empty_land"] == 2          # 2 empty + 4 covered
        assert {k: v["position"] for k, v in p["tools"].items()} == {k: 0 for k in data.TOOL_KEYS}
        assert {k: v["value"] for k, v in p["tools"].items()} == {
            "fish_traps": 2, "fleshing_beams": 3, "weaving_looms": 2, "slaughtering_tables": 2, "spades": 3,
            "shovels": 3, "pottery_wheels": 2, "ovens": 1, "axes": 3, "workbenches": 2}
        assert p["barn"] == {"peat_boat": 0, "plow": 0, "vehicles": [], "small": 0, "large": 0}


def test_rule_fields_set_the_starting_grain_and_hides():
    state = olab.load("fields_of_arle", players=1, start_grain=2, start_hide=1).new_initial_state(0)
    assert goods(state)["grain"] == 2 and goods(state)["hide"] == 1


@pytest.mark.parametrize("players, fields, stalls", [(1, 12, 6), (2, 10, 5)])
def test_the_supply_after_setup(players, fields, stalls):
    # board.json supply_counts: 14 fields and 7 stall/depot tiles in the box,
    # each home board starts with 2 fields and 1 stall
    doc = game(players).new_initial_state(0).to_json()
    assert doc["supply"] == {"field": fields, "forest_park": 5, "stall_depot": stalls, "stable_double_stall": 3,
                             "peat_boat_plow": 6, "handcart_wagon": 2, "cart_horse_cart": 3, "carriage_droshky": 3}


def _colors(keys):
    out = {}
    for k in keys:
        out.setdefault(BUILDINGS[k].color, []).append(k)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_starter_buildings(seed):
    # the four light-green houses, the first-play inns, two minor craft
    # buildings, all major craft and large buildings (rulebook: Setup, Index of Inns)
    state = game(2, buildings="starter").new_initial_state(seed)
    c = _colors(state.to_json()["buildings"]["in_game"])
    assert c["light_green"] == ["farmers_house", "plow_makers_workshop", "novices_hut", "workshop"]
    assert c["blue"] == ["potters_inn", "farmers_inn", "junk_dealers_inn"]
    assert len(c["yellow"]) == 2 and len(c["orange"]) == 6 and len(c["red"]) == 3 and "dark_green" not in c


@pytest.mark.parametrize("seed", range(6))
def test_random_buildings(seed):
    # 4 of the 7 dark-green houses, 2 of 5 minor craft, 3 of 6 inns
    state = game(1, buildings="random").new_initial_state(seed)
    c = _colors(state.to_json()["buildings"]["in_game"])
    assert len(c["dark_green"]) == 4 and len(c["yellow"]) == 2 and len(c["blue"]) == 3
    assert len(c["orange"]) == 6 and len(c["red"]) == 3 and "light_green" not in c
    assert state.to_json()["buildings"]["on_board"] == state.to_json()["buildings"]["in_game"]


def test_random_draws_follow_the_seed():
    g = game(2, buildings="random")
    draws = {tuple(g.new_initial_state(s).to_json()["buildings"]["in_game"]) for s in range(30)}
    assert len(draws) > 10
    assert g.new_initial_state(7) == g.new_initial_state(7)


def test_explicit_buildings():
    keys = ["workshop", "weaving_parlor", "litter_storage", "wood_trader_house", "turnery", "smithy",
            "gulf_house_inn", "potters_inn", "milk_house_inn"]
    g = olab.load("fields_of_arle", players=2, buildings=keys)
    assert g.config()["buildings"] == ",".join(k for k in data.BUILDING_KEYS if k in keys)   # index order
    assert olab.load(**g.config()) == g
    in_game = set(g.new_initial_state(1).to_json()["buildings"]["in_game"])
    assert set(keys) < in_game and len(in_game) == 18


@pytest.mark.parametrize("bad, message", [
    ("mill,turnery", "4 green buildings play"),
    ("workshop,novices_hut,farmers_house,plow_makers_workshop,turnery,smithy,cooperage,potters_inn,farmers_inn,"
     "junk_dealers_inn", "2 yellow buildings play, not 3"),
    ("nonsense", "unknown building"),
])
def test_bad_explicit_buildings(bad, message):
    with pytest.raises(ValueError, match=message):
        olab.load("fields_of_arle", buildings=bad)


def test_start_player_is_drawn():
    g = game(2)
    assert {g.new_initial_state(s).to_json()["start_player"] for s in range(20)} == {0, 1}
    assert all(g.new_initial_state(s).current_player() == g.new_initial_state(s).to_json()["start_player"]
               for s in range(10))
    assert game(1).new_initial_state(5).current_player() == 0
