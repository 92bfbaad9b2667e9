"""Animal husbandry (rulebook: Animal Husbandry Rules) and the inventories (Phase 3: Inventorying):
the herd kept feasible, baby animals, shearing, milking, harvest, sustenance in its exact order."""
import pytest

import olab
from .arlehelp import decision, goods, make, play, player, set_goods, set_tiles, skip_to_inventory, start, texts


def herd_doc(sheep=0, cattle=0, horse=0, half_year=1, **tiles):
    g, doc = start(half_year=half_year)
    set_goods(doc, sheep=sheep, cattle=cattle, horse=horse)
    if tiles:
        set_tiles(doc, **tiles)
    return g, doc


def fits(**kw) -> bool:
    g, doc = herd_doc(**kw)
    try:
        make(g, doc)
    except olab.StateFormatError as e:
        assert "do not fit" in str(e)
        return False
    return True


STABLE_AND_ONE_LAND = dict(stall=0, stable=1, grain_field=2, flax_field=1)
NO_LAND = dict(stall=0, grain_field=2, flax_field=2, forest=1)


@pytest.mark.parametrize("herd, ok", [
    # the start: 5 dikes (1 of any type each), 2 empty land spaces (2 of one type), 1 stall (3 of one type)
    (dict(horse=12), True), (dict(horse=13), False),
    (dict(sheep=3, cattle=3, horse=3), True),
    (dict(sheep=4, cattle=4, horse=4), True),      # stall 3 sheep, land 2+2 cattle & horses, dikes the rest
    (dict(sheep=1, cattle=1, horse=3), True),
    # a stable and one empty land space: 13 places, but pens of one type waste room
    (dict(sheep=6, cattle=2, horse=4, **STABLE_AND_ONE_LAND), True),
    (dict(sheep=4, cattle=4, horse=4, **STABLE_AND_ONE_LAND), False),
])
def test_the_herd_fits_or_not(herd, ok):
    assert fits(**herd) == ok


def test_every_accommodation_rule():
    # dikes 1 of any type each; empty land 2 of one type; stall 3; stable 6;
    # park 2 of any types; a double stall is two stalls of 3
    assert fits(sheep=5, **NO_LAND) and not fits(sheep=6, **NO_LAND)                 # the 5 dikes
    assert fits(sheep=5, cattle=1, horse=1, **{**NO_LAND, "forest": 0, "park": 1})   # a park: 2 of any kinds
    assert not fits(sheep=5, cattle=2, horse=1, **{**NO_LAND, "forest": 0, "park": 1})
    assert fits(sheep=11, **{**NO_LAND, "forest": 0, "stable": 1})                   # 6 + 5 dikes
    assert not fits(sheep=12, **{**NO_LAND, "forest": 0, "stable": 1})
    assert fits(sheep=3, cattle=3, horse=5, **{**NO_LAND, "forest": 0, "double_stall": 1})
    assert not fits(sheep=4, cattle=4, horse=4, **{**NO_LAND, "forest": 0, "double_stall": 1})
    assert fits(sheep=5, cattle=2, **{**NO_LAND, "flax_field": 1})                   # one empty land space
    assert not fits(sheep=4, cattle=2, horse=2, **{**NO_LAND, "flax_field": 1})


def test_a_gain_that_does_not_fit_asks_which_animal_goes():
    # "You can only keep newly gained Animals if you can accommodate them"
    g, doc = herd_doc(horse=12)
    s = play(make(g, doc), "PLACE fisherman")
    assert decision(s) == "release" and texts(s) == ["RELEASE Ho", "RELEASE Sh"]
    play(s, "RELEASE Ho")
    assert goods(s)["sheep"] == 1 and goods(s)["horse"] == 11 and decision(s) == "turn"


def test_a_tile_on_grazing_land_sends_animals_away():
    # a forest on an empty land space takes its 2 places
    g, doc = herd_doc(horse=12)
    s = play(make(g, doc), "PLACE forester; FOREST")
    assert decision(s) == "turn" and goods(s)["horse"] == 10          # one type only: no question


def test_a_stall_turned_depot_sends_animals_away():
    g, doc = herd_doc(sheep=2, cattle=3, horse=7)
    s = play(make(g, doc), "PLACE warden; UPGRADE stall")
    assert decision(s) == "release"
    play(s, "RELEASE Ho; RELEASE Ho; RELEASE Ho")
    assert (goods(s)["sheep"], goods(s)["cattle"], goods(s)["horse"]) == (2, 3, 4)


# ------------------------------------------------------------------ May: baby animals and shearing
def may(**kw):
    g, doc = herd_doc(half_year=2, **kw)
    set_goods(doc, food=9)
    return skip_to_inventory(make(g, doc))


@pytest.mark.parametrize("in_stall, born", [(1, 0), (2, 1), (3, 0)])
def test_stall_breeding(in_stall, born):
    # "In each Stall with exactly 2 Animals of the same type, you receive a third."
    # (with one stall the arrangement decides: 3 sheep can be 2 in the stall + 1 on a dike)
    s = may(sheep=in_stall, horse=0)
    expect = {1: 0, 2: 1, 3: 1}[in_stall]
    assert goods(s)["sheep"] == in_stall + expect


@pytest.mark.parametrize("n, born", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (9, 2), (10, 1), (11, 0)])
def test_stable_breeding(n, born):
    # "In each Stable with 2, 3 or 5 Animals of the same type, you also receive
    # another Animal of that type; in Stables with exactly 4, you receive 2."
    # One stable, no land, the 5 dikes: the player puts 4 in the stable when
    # they can (up to 9 animals); 10 force 5 into it (+1), 11 force 6 (none).
    g, doc = start(half_year=2)
    set_tiles(doc, **{**NO_LAND, "forest": 0, "stable": 1})
    set_goods(doc, sheep=n, horse=0, food=9)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["sheep"] == n + born


def test_double_stalls_are_two_stalls_and_parks_do_not_breed():
    g, doc = start(half_year=2)
    set_tiles(doc, stall=0, double_stall=1, park=1, grain_field=1, flax_field=1)
    set_goods(doc, sheep=2, cattle=2, horse=2, food=9)
    s = skip_to_inventory(make(g, doc))
    # two half stalls: two of the three types breed, so the player chooses which
    assert decision(s) == "breed" and texts(s) == ["BREED 0 1 1", "BREED 1 0 1", "BREED 1 1 0"]
    play(s, "BREED 1 0 1")
    assert (goods(s)["sheep"], goods(s)["cattle"], goods(s)["horse"]) == (3, 2, 3)


def test_animals_outside_stalls_do_not_breed():
    g, doc = start(half_year=2)
    set_tiles(doc, stall=0)
    set_goods(doc, sheep=4, food=9)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["sheep"] == 4


@pytest.mark.parametrize("sheep, wool", [(0, 0), (1, 1), (3, 1), (4, 2), (6, 3), (9, 3)])
def test_shearing(sheep, wool):
    # "You receive 1/2/3 Wool for 1/4/6 Sheep ... Your newborn Sheep can be shorn right away."
    g, doc = start(half_year=2)
    set_tiles(doc, stall=0, park=1)
    set_goods(doc, sheep=sheep, wool=0, food=9, horse=0)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["wool"] == wool


def test_newborn_sheep_are_shorn():
    s = may(sheep=3, horse=0)                       # 2 in the stall: 4 sheep after May
    assert goods(s)["sheep"] == 4 and goods(s)["wool"] == 4 + 2


# ------------------------------------------------------------------ November: milking and harvest
@pytest.mark.parametrize("sheep, cattle, food", [(1, 0, 0), (2, 0, 1), (5, 0, 2), (8, 0, 3), (0, 1, 1), (0, 3, 2),
                                                 (0, 5, 3), (8, 5, 6), (10, 6, 6)])
def test_milking(sheep, cattle, food):
    # "1/2/3 Food for 2/5/8 Sheep and 1/2/3 Food for 1/3/5 Cattle (not more than 6 Food)"
    g, doc = start()
    set_tiles(doc, stable=2, stall=0, grain_field=0, flax_field=1)
    set_goods(doc, sheep=sheep, cattle=cattle, horse=0, food=10)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["food"] == 10 + food - 3


def test_harvest():
    # "1 Grain per Grain Field and 1 Flax per Flax Field ... 1 Wood per Forest (no Wood for Parks)"
    g, doc = start()
    doc["players"][0]["home_board"]["dikes_moved"] = 4
    set_tiles(doc, grain_field=2, flax_field=3, forest=2, park=1)
    s = skip_to_inventory(make(g, doc))
    gd = goods(s)
    assert gd["grain"] == 1 + 2 and gd["flax"] == 3 + 3 and gd["wood"] == 4 + 2


def test_vehicles_are_emptied_before_milking():
    # step 1 of both inventories
    g, doc = start(half_year=2)
    doc["players"][0]["barn"]["vehicles"] = [{"type": "handcart", "taken": "1"}]
    doc["players"][0]["on_vehicles"]["timber"] = 1
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["timber"] == 1 and player(s)["barn"]["vehicles"][0]["taken"] == "0"


# ------------------------------------------------------------------ sustenance
def november(**goods_):
    g, doc = start()
    set_tiles(doc, grain_field=0, flax_field=0)
    set_goods(doc, **goods_)
    return skip_to_inventory(make(g, doc))


def test_sustenance_food_then_grain_then_animals():
    # "Pay 3 Food and 2 Peat. For each missing Food, pay 1 Grain instead; if you
    # run out of Grain, pay 1 Animal per missing Food instead."
    s = november(food=2, grain=5, peat=2)
    assert goods(s)["food"] == 0 and goods(s)["grain"] == 4 and s._player(0)["missing"] == 0
    s = november(food=1, grain=1, peat=2, horse=3)
    assert goods(s)["food"] == 0 and goods(s)["grain"] == 0 and goods(s)["horse"] == 2


def test_which_animals_are_eaten_is_asked():
    # "if you run out of Grain, pay 1 Animal per missing Food instead": as many
    # animals as food is missing, their types chosen together (issue 24)
    s = november(food=0, grain=0, peat=2, sheep=2, horse=2)     # the 2 sheep are milked: 1 food
    assert decision(s) == "pick" and texts(s) == ["EAT 0 0 2", "EAT 1 0 1", "EAT 2 0 0"]
    play(s, "EAT 1 0 1")
    assert decision(s) == "turn"
    assert goods(s)["sheep"] == 1 and goods(s)["horse"] == 1 and s._player(0)["missing"] == 0
    s = november(food=0, grain=0, peat=2, sheep=1, horse=2)     # no choice: all three are eaten
    assert decision(s) == "turn" and goods(s)["sheep"] == goods(s)["horse"] == 0


def test_food_shortfall_costs_2_points_each():
    # "If you are still missing Food or Fuel, you lose 2 Victory Points per missing item."
    s = november(food=0, grain=1, peat=2, horse=1)
    assert goods(s)["horse"] == 0 and s._player(0)["missing"] == 1
    b = s.score_breakdown(0)["bottlenecks"]
    assert b["half_points"] == -4 and b["total"] == b["points"] == -2.0 and b["label"] == "Supply bottlenecks"
    assert [(i["missing"], i["half_points"]) for i in b["items"]] == [(1, -4)]


def test_peat_then_wood_then_timber():
    # "For each missing Peat, pay 1 Wood (or Timber) instead."
    s = november(food=3, peat=1, wood=0, timber=4)
    assert goods(s)["peat"] == 0 and goods(s)["timber"] == 3 and s._player(0)["missing"] == 0
    s = november(food=3, peat=0, wood=1, timber=2)
    assert goods(s)["wood"] == 0 and goods(s)["timber"] == 1
    s = november(food=3, peat=0, wood=0, timber=0)
    assert s._player(0)["missing"] == 2


def test_may_needs_no_peat():
    g, doc = start(half_year=2)
    set_goods(doc, food=3, peat=0, horse=0)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["food"] == 0 and s._player(0)["missing"] == 0


def test_peat_boat_before_sustenance():
    # "If you own a Peat Boat, exchange Peat for goods of the Goods Track at a 1:1 ratio" (any time)
    g, doc = start()
    doc["players"][0]["barn"]["peat_boat"] = 1
    set_tiles(doc, grain_field=0, flax_field=0)
    set_goods(doc, food=0, grain=0, peat=5, horse=0)
    s = make(g, doc)
    for _ in range(4):
        play(s, "SKIP")
    play(s, "DONE")                                   # the end of the work phase
    assert decision(s) == "anytime" and "BOAT Fo" in texts(s)
    play(s, "BOAT Fo; BOAT Fo; BOAT Fo; DONE")
    assert goods(s)["food"] == 0 and goods(s)["peat"] == 0 and s._player(0)["missing"] == 0


def test_a_release_decision_round_trips_through_json():
    # the one moment a herd does not fit: while its owner chooses which animal goes back
    g, doc = herd_doc(horse=12)
    s = play(make(g, doc), "PLACE fisherman")
    assert decision(s) == "release"
    assert g.state_from_json(s.to_json()) == s


def test_each_field_over_grazing_land_sends_animals_away_before_the_next():
    # the animals must always be accommodated, so a field that takes their
    # land is answered before the next field is placed
    g, doc = herd_doc(sheep=2, cattle=10)
    doc["players"][0]["barn"]["plow"] = 2
    s = play(make(g, doc), "PLACE farmer; SKIP; FIELD grain")
    assert decision(s) == "release" and texts(s) == ["RELEASE Ca", "RELEASE Sh"]
    play(s, "RELEASE Sh; RELEASE Sh")
    assert decision(s) == "field"
    play(s, "FIELD flax")                               # no land left: 2 cattle go (one type, no question)
    assert decision(s) == "turn" and goods(s)["cattle"] == 8


def test_potters_inn_animals_arrive_together():
    g, doc = start(buildings="farmers_house,plow_makers_workshop,novices_hut,workshop,turnery,smokehouse,"
                             "potters_inn,farmers_inn,junk_dealers_inn")
    set_goods(doc, wood=2, clay=2, food=9, horse=12)
    s = play(make(g, doc), "PLACE builder; BUILD potters_inn")   # wood and clay: paid at once
    assert decision(s) == "pick" and goods(s)["sheep"] == 0      # not yet: chosen together
    play(s, "TAKE 2 0 0")
    assert decision(s) == "release" and goods(s)["sheep"] == 2
