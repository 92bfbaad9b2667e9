"""Scoring by the scoring pad's categories (rulebook: The End of the Game and the Winner), in exact
half points, and the ten tool tracks (Index of Equipment and Tools; board.json tools.tracks)."""
import pytest

import olab
from olab.arle import TOOLS, format_points
from .arlehelp import make, master, play, set_goods, set_tiles, set_tools, start


def breakdown(rules="printed", edit=None, **goods_):
    g, doc = start(rules=rules)
    set_goods(doc, **goods_)
    if edit:
        edit(doc)
    return make(g, doc).score_breakdown(0)


@pytest.mark.parametrize("rules, winter, leather", [("printed", 5, 5), ("rulebook", 4, 4)])
def test_clothing_and_building_materials(rules, winter, leather):
    # "Bricks, Linen, Woolen, and Leather are each worth 1 VP. Summer, Winter, and
    # Leather Wear are each worth 2 VP. Each Timber is worth 1/2 VP. (Do not round the total.)"
    # The print: winter and leather wear 2 1/2 (OPTIONS.md).
    b = breakdown(rules, wood=9, clay=9, brick=2, timber=3, linen=1, woolen=1, leather=1, summer_wear=1,
                  winter_wear=1, leather_wear=1)
    assert b["clothing"]["half_points"] == 2 * 2 + 3 + 2 * 3 + 4 + winter + leather
    items = {i["good"]: i["half_points"] for i in b["clothing"]["items"]}
    assert items == {"brick": 4, "timber": 3, "linen": 2, "woolen": 2, "leather": 2, "summer_wear": 4,
                     "winter_wear": winter, "leather_wear": leather}
    assert "wood" not in items and "clay" not in items


def test_scores_keep_the_half():
    b = breakdown(timber=1)
    assert b["clothing"]["points"] == 0.5 and b["half_points"] == -34 + 1 and b["total"] == b["points"] == -16.5
    assert format_points(b["half_points"]) == "-16½" and format_points(5) == "2½" and format_points(1) == "½"


@pytest.mark.parametrize("food, grain, vp", [(6, 6, 0), (7, 7, 2), (10, 11, 3), (14, 15, 5), (15, 0, 3),
                                             (21, 0, 3), (22, 0, 4), (26, 0, 5), (30, 15, 9)])
def test_goods_track(food, grain, vp):
    # "Each Goods Indicator on space 15 is worth 3 VP; on spaces 11-14, 2 VP; on
    # spaces 7-10, 1 VP. (Distribute your total Food between the two Food indicators to optimize.)"
    b = breakdown(food=food, grain=grain, flax=0, wool=0, hide=0)
    assert b["goods"]["points"] == vp


def test_a_depot_doubles_the_goods_track_once():
    # "If you have a Depot, double the total VP in this category (only once, even with multiple Depots)."
    b = breakdown(food=15, grain=11, flax=7, wool=0, hide=0, edit=lambda d: set_tiles(d, stall=0, depot=2))
    assert b["goods"]["points"] == 2 * (3 + 2 + 1)


def test_home_board_points():
    # "Add up the VP from your Buildings, Stalls, Stables, Forests, and Parks. Then
    # subtract 4 VP for each hydrated Moor Section, 1 VP for each dehydrated Moor
    # Section, and 1 VP for each Tidal Flat Space (of the top row) left."
    def edit(doc):
        hb = doc["players"][0]["home_board"]
        hb["dikes_moved"] = 5                           # 2 top-row spaces left
        hb["moors"] = ["undrained", {"peat": 2}]
        hb["boardwalk_peat"] = 0
        set_tiles(doc, stall=1, depot=1, stable=1, double_stall=1, forest=1, park=1, grain_field=1, flax_field=1)
    b = breakdown(edit=edit)
    assert b["home"]["points"] == 2 + 2 + 6 + 9 + 2 + 6 - 4 - 1 - 2


@pytest.mark.parametrize("moves, penalty", [(0, -3), (4, -3), (5, -2), (6, -1), (7, 0)])
def test_tidal_flats_by_dike_moves(moves, penalty):
    # board.json dikes.end_game_penalty_by_moves: the 5th, 6th and 7th dike each save a point
    b = breakdown(edit=lambda d: d["players"][0]["home_board"].update(dikes_moved=moves))
    assert b["home"]["points"] == 2 - 12 - 1 + penalty


@pytest.mark.parametrize("sheep, horse, cattle, vp", [(6, 5, 4, 13), (0, 5, 4, 4), (3, 3, 3, 9), (0, 0, 7, 0),
                                                      (1, 2, 3, 4)])
def test_animals(sheep, horse, cattle, vp):
    # the rulebook's examples: 6 sheep, 5 horses, 4 cattle = 0+5+8 = 13; 5 horses,
    # 4 cattle, 0 sheep = 4; 3 of each = 9
    def edit(doc):
        set_tiles(doc, stable=2, grain_field=0)
    b = breakdown(sheep=sheep, horse=horse, cattle=cattle, edit=edit)
    assert b["animals"]["points"] == vp


def test_bottlenecks():
    # "This category tracked VP losses due to missing Food and Fuel during the game."
    b = breakdown(edit=lambda d: d["players"][0].update(missing=3))
    assert b["bottlenecks"]["points"] == -6 and b["points"] == -17 - 6


def test_breakdown_adds_up_in_every_category():
    g = olab.load("fields_of_arle", players=2, buildings="random")
    for seed in range(3):
        s = g.new_initial_state(seed)
        s.random_playout(seed)
        for seat in range(2):
            b = s.score_breakdown(seat)
            assert b["total"] == s.scores()[seat] == sum(b[k]["total"] for k, _ in g.score_categories())
            assert b["half_points"] == s.scores_half_points()[seat] == 2 * b["total"]
            for k, _ in g.score_categories():
                if k not in ("travel", "bottlenecks"):
                    assert b[k]["half_points"] == sum(i["half_points"] for i in b[k]["items"]), k
            assert s.points(seat) == s.scores()[seat] and s.points(seat) * 2 == s.scores_half_points()[seat]


# ------------------------------------------------------------------ tool tracks
TRACKS = {
    # tool: values, VP, cost of a step (rulebook: Index of Equipment and Tools)
    "fish_traps": ((2, 3, 4, 5, 6), (0, 0, 0, 0, 3), {"wood": 1}),
    "fleshing_beams": ((3, 5, 6), (0, 1, 3), {"wood": 1}),
    "weaving_looms": ((2, 3, 4, 5), (0, 1, 3, 4), {"wood": 2}),
    "slaughtering_tables": ((2, 3, 4), (0, 1, 2), {"clay": 1}),
    "spades": ((3, 5, 7), (0, 0, 2), {"wood": 1}),
    "shovels": ((3, 4, 5, 6), (0, 0, 0, 0), {"wood": 1}),
    "pottery_wheels": ((2, 3, 4), (0, 0, 2), {"clay": 1}),
    "ovens": ((1, 2, 3, 4), (0, 1, 5, 7), {"brick": 1}),
    "axes": ((3, 4, 5, 6), (0, 0, 0, 0), {"wood": 1}),
    "workbenches": ((2, 3, 4), (0, 1, 4), {"clay": 2}),
}


@pytest.mark.parametrize("tool", list(TRACKS))
def test_tool_track(tool):
    values, vp, cost = TRACKS[tool]
    assert TOOLS[tool].values == values and TOOLS[tool].vp == vp
    for pos in range(len(values)):
        g, doc = start()
        set_tools(doc, **{tool: pos})
        s = make(g, doc)
        p = s.to_json()["players"][0]
        assert p["tools"][tool]["value"] == values[pos]
        assert s.score_breakdown(0)["tools"]["points"] == vp[pos]
    # one Master step pays the printed cost and moves one space
    g, doc = start()
    set_goods(doc, wood=2, clay=2, brick=1, timber=0)
    s = master(play(make(g, doc), "PLACE summer_master"), tool)
    after = s.to_json()["players"][0]
    assert after["tools"][tool]["position"] == 1
    for good, n in cost.items():
        assert after["goods"][good] == {"wood": 2, "clay": 2, "brick": 1}[good] - n
