"""Scoring (rules.md 12): goods points, economic value, settlement points."""
import pytest

from .orahelp import editor, new


def parts(state, seat=0):
    money, goods_pts, econ, settlements = state._score_parts(seat)
    return goods_pts, econ, dict(settlements)


@pytest.mark.parametrize("good, each", [("book", 2), ("ceramic", 3), ("ornament", 4),
                                        ("reliquary", 8), ("wonder", 30)])
def test_point_goods(good, each):
    state = new(players=2, length="long")
    ed = editor(state)
    ed.clear_goods(0)
    ed.goods(0, **{good: 3})
    assert parts(state)[0] == 3 * each


@pytest.mark.parametrize("coins, wine, whiskey, printed, kennerspiel", [
    (0, 0, 0, 0, 0),
    (4, 0, 0, 0, 0),
    (5, 0, 0, 2, 2),
    (12, 0, 0, 4, 4),
    (4, 1, 0, 3, 2),          # the rulebook's example: 1 wine + 4 coins
    (0, 1, 0, 1, 1),
    (3, 2, 0, 4, 2),          # printed: five (2) + 2 wine; kennerspiel: 2 wine->coins (2) or keep (2)
    (3, 0, 1, 2, 2),          # printed: 3+1=4 -> whiskey point 1, or exchange: 3+2=5 -> 2
    (0, 0, 3, 3, 3),
    (9, 1, 0, 5, 4),          # printed: 10 -> 4 + 1; kennerspiel: wine->coin 10 -> 4, or 1 + 2*1 = 3
])
def test_money_points(coins, wine, whiskey, printed, kennerspiel):
    for rules, expected in (("printed", printed), ("kennerspiel", kennerspiel)):
        state = new(players=2, length="long", rules=rules)
        ed = editor(state)
        ed.clear_goods(0)
        ed.goods(0, coin=coins, wine=wine, whiskey=whiskey)
        assert parts(state)[0] == expected, rules


def test_economic_value_of_buildings_and_settlements():
    state = new(players=2, length="long")
    ed = editor(state)
    ed.place(0, "F04", 3, 0)        # Windmill 10
    ed.place(0, "G01", 3, 1)        # Priory 4
    ed.place(0, "S05", 0, 0)        # Artists Colony -1
    ed.place(0, "S03", 1, 0)        # Market Town 2
    assert parts(state)[1] == 10 + 4 - 1 + 2


def test_settlement_points_with_neighbours():
    state = new(players=2, length="long")
    ed = editor(state)
    # a Market Town (dwelling 2) at (3,0): neighbours (2,0) forest 0, (4,0) Clay Mound 3,
    # (3,1) Windmill 6 (placed for the test)
    ed.place(0, "S03", 3, 0)
    ed.place(0, "F04", 3, 1)
    sp = state._space_at(0, 3, 0)
    assert parts(state)[2] == {sp: 2 + 0 + 3 + 6}
    # a Shanty Town (-3) next to it lowers it, and scores its own neighbours
    ed.clear(0, 2, 0)
    ed.place(0, "S01", 2, 0)
    sp2 = state._space_at(0, 2, 0)
    # Shanty Town (2,0): own -3, (3,0) Market Town 2, (1,0) forest 0, (2,1) Farmyard 2
    assert parts(state)[2] == {sp: 2 - 3 + 3 + 6, sp2: -3 + 2 + 0 + 2}


def test_settlement_scores_each_neighbour_once_per_settlement():
    state = new(players=2, length="long")
    ed = editor(state)
    ed.clear(0, 2, 0)
    ed.place(0, "S02", 2, 0)        # Farming Village 1
    ed.place(0, "F05", 3, 0)        # Bakery dwelling 5
    ed.place(0, "S03", 3, 1)        # Market Town 2, below the Bakery
    a, b = state._space_at(0, 2, 0), state._space_at(0, 3, 1)
    pts = parts(state)[2]
    # Farming Village (2,0): own 1 + (1,0) forest 0 + (3,0) Bakery 5 + (2,1) Farmyard 2
    assert pts[a] == 1 + 0 + 5 + 2
    # Market Town (3,1): own 2 + (3,0) Bakery 5 + (2,1) Farmyard 2 + (4,1) Cloister Office 2
    assert pts[b] == 2 + 5 + 2 + 2


def test_empty_water_counts_three_and_mountain_touches_both_hillsides():
    state = new(players=2, length="long")
    ed = editor(state)
    ed.plot(0, 0, "COAST")
    ed.place(0, "S04", -1, 0)       # Fishing Village 6 at (-1,0)
    sp = state._space_at(0, -1, 0)
    # neighbours: water (-2,0) 3, coast (-1,1) empty 0, heartland (0,0) moor 0
    assert parts(state)[2] == {sp: 6 + 3}
    ed.plot(0, 0, "MOUNTAIN")
    ed.place(0, "G22", 6, 0)        # Quarry dwelling -4 on the mountain
    ed.place(0, "S01", 5, 1)        # Shanty Town on the lower hillside
    sp2 = state._space_at(0, 5, 1)
    # (5,1): own -3, mountain -4, (5,0) empty, (4,1) Cloister Office 2
    assert parts(state)[2][sp2] == -3 - 4 + 0 + 2


def test_breakdown_adds_up():
    state = new(players=2, length="long")
    ed = editor(state)
    ed.goods(0, book=2, wine=1, coin=4)
    ed.place(0, "S03", 3, 0)
    b = state.score_breakdown(0)
    assert b["goods"]["items"]["book"] == {"count": 2, "each": 2, "points": 4}
    assert b["goods"]["items"]["money"]["points"] == 3
    assert b["settlements"]["items"][0]["points"] == 2 + 3
    assert b["total"] == state.scores()[0] == b["goods"]["total"] + b["economic"]["total"] + b["settlements"]["total"]


def test_point_goods_score_their_goods_json_points():
    # the core's goods points are goods.json's `points` (tables.pxi installs them), not a copy
    from olab.ora.cards import load_data
    goods = {g["id"]: g for g in load_data()[2]}
    for good, each in (("book", 2), ("ceramic", 3), ("ornament", 4), ("reliquary", 8), ("wonder", 30)):
        assert goods[good]["points"] == each
    # the money: a 5-coin piece of 5 coins scores 2; wine 1 coin, whiskey 2, each 1 point
    assert (goods["coin5"]["coin"], goods["coin5"]["points"]) == (5, 2)
    assert [(goods[d]["coin"], goods[d]["points"]) for d in ("wine", "whiskey")] == [(1, 1), (2, 1)]


def test_settlement_points_read_fast_as_the_rules_read_them():
    # the score (and every bot's evaluation) counts the settlements with the landscape's tiles
    # indexed by row (scoring.pxi, for speed); the rules' reading, a neighbour at a time, must
    # give the same points on every landscape: districts above and below, coast and mountain
    # plots chained down both sides, settlements, buildings and empty water around them
    import random

    from olab.ora.editor import CARD_CODES

    settlements = [c for c in CARD_CODES if c.startswith("S") and len(c) == 3]
    buildings = [c for c in CARD_CODES if c[:1] in "GFIL" and len(c) == 3 and c[1:].isdigit()]
    rng = random.Random(7)
    checked = 0
    for trial in range(60):
        state = new(players=4, length="long")
        ed = editor(state)
        for _ in range(rng.randrange(0, 14)):
            kind = rng.choice(["PLAINS", "HILLS", "COAST", "MOUNTAIN"])
            row = rng.randrange(-6, 10)
            try:
                (ed.district if kind in ("PLAINS", "HILLS") else ed.plot)(0, row, kind)
            except ValueError:
                pass
        spaces = [(c, r) for _sp, c, r, _t, _cid in state._spaces(0)]
        for col, row in rng.sample(spaces, min(len(spaces), rng.randrange(1, 30))):
            ed.place(0, rng.choice(settlements if rng.random() < 0.4 else buildings), col, row)
        for col, row in rng.sample(spaces, min(len(spaces), rng.randrange(0, 6))):
            ed.clear(0, col, row)
        fast, slow = state._settlement_points(0)
        assert fast == slow, (trial, fast, slow)
        checked += fast != 0
    assert checked > 40
