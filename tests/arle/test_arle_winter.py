"""The 15 winter action spaces (rulebook: Action Spaces - Winter/Spring Half Year, Further Details)."""
import pytest

from .arlehelp import decision, goods, make, master, occupy, play, player, set_goods, set_tiles, set_tools, start, texts


def winter(**kw):
    return start(half_year=2, **kw)


@pytest.mark.parametrize("boats, peat", [(0, 3), (1, 4), (2, 5)])
def test_peat_boatman(boats, peat):
    # "Take 3 Peat and, additionally, 1 Peat per Peat Boat you have."
    g, doc = winter()
    doc["players"][0]["barn"]["peat_boat"] = boats
    s = play(make(g, doc), "PLACE peat_boatman")
    assert goods(s)["peat"] == 3 + peat and player(s)["home_board"]["boardwalk_peat"] == 4   # not off the moor


@pytest.mark.parametrize("beams, hides, most", [(0, 2, 2), (1, 9, 5), (2, 9, 6)])
def test_tanner(beams, hides, most):
    # "Per Fleshing Beam you have (up to 3, 5, or 6 times), you may convert 1 Hide to 1 Leather."
    g, doc = winter()
    set_tools(doc, fleshing_beams=beams)
    set_goods(doc, hide=hides)
    s = play(make(g, doc), "PLACE tanner")
    assert texts(s) == [f"AMOUNT {k}" for k in range(most + 1)]
    play(s, f"AMOUNT {most}")
    assert goods(s)["hide"] == hides - most and goods(s)["leather"] == most


@pytest.mark.parametrize("looms, flax, most", [(0, 3, 2), (3, 9, 5), (1, 1, 1)])
def test_linen_weaver(looms, flax, most):
    # "Per Weaving Loom you have (up to 2, 3, 4, or 5 times), you may convert 1 Flax to 1 Linen."
    g, doc = winter()
    set_tools(doc, weaving_looms=looms)
    set_goods(doc, flax=flax)
    s = play(make(g, doc), "PLACE linen_weaver")
    if most == 1:
        assert texts(s) == ["AMOUNT 0", "AMOUNT 1"]
    play(s, f"AMOUNT {most}")
    assert goods(s)["flax"] == flax - most and goods(s)["linen"] == most


def test_butcher():
    # "Per Slaughtering Table (up to 2, 3, or 4 times), you may convert 1 Animal
    # of any type to 3 Food and 2 Hides. You get 1 more Food per Cattle you convert."
    g, doc = winter()
    set_goods(doc, sheep=2, cattle=1, horse=1)
    s = play(make(g, doc), "PLACE butcher")
    # 2 tables: up to 2 animals, how many of each type chosen together (issue 24)
    assert texts(s) == ["BUTCHER 0 0 0", "BUTCHER 0 0 1", "BUTCHER 0 1 0", "BUTCHER 0 1 1", "BUTCHER 1 0 0",
                        "BUTCHER 1 0 1", "BUTCHER 1 1 0", "BUTCHER 2 0 0"]
    play(s, "BUTCHER 1 1 0")
    assert goods(s)["sheep"] == 1 and goods(s)["cattle"] == 0
    assert goods(s)["food"] == 5 + 3 + 4 and goods(s)["hide"] == 2 + 4 and decision(s) == "turn"
    g, doc = winter()
    set_tools(doc, slaughtering_tables=2)
    set_goods(doc, sheep=3, food=28, hide=14)
    s = play(make(g, doc), "PLACE butcher; BUTCHER 2 0 0")
    assert goods(s)["food"] == 30 and goods(s)["hide"] == 15 and goods(s)["sheep"] == 1   # the caps


def test_cattle_trader():
    # "Take 2 Grain and 1 Sheep. Additionally, take 1 Cattle or 1 Horse."
    g, doc = winter()
    s = play(make(g, doc), "PLACE cattle_trader")
    assert texts(s) == ["TAKE Ca", "TAKE Ho"]
    play(s, "TAKE Ca")
    assert goods(s)["grain"] == 3 and goods(s)["sheep"] == 1 and goods(s)["cattle"] == 1


@pytest.mark.parametrize("animal", ["Sh", "Ca", "Ho"])
def test_winter_grocer(animal):
    # "Take 1 Peat off one of your Moor Tiles (not from the general supply).
    # Additionally, take 1 Animal of any type, 1 Wood, and 1 Clay."
    g, doc = winter()
    s = play(make(g, doc), f"PLACE winter_grocer; TAKE {animal}")
    gd = goods(s)
    assert gd["peat"] == 4 and player(s)["home_board"]["boardwalk_peat"] == 3
    assert gd["wood"] == 5 and gd["clay"] == 5
    assert gd[{"Sh": "sheep", "Ca": "cattle", "Ho": "horse"}[animal]] == (2 if animal == "Ho" else 1)


def test_winter_grocer_without_peat_on_the_moors():
    g, doc = winter()
    doc["players"][0]["home_board"]["boardwalk_peat"] = 0
    s = play(make(g, doc), "PLACE winter_grocer; TAKE Sh")
    assert goods(s)["peat"] == 3


@pytest.mark.parametrize("a, b", [("Wo", "Ti"), ("Wo", "Br"), ("Cl", "Ti"), ("Cl", "Br")])
def test_builders_merchant(a, b):
    # "Take 2 Hides. Additionally, take 1 Wood or 1 Clay, and 1 Timber or 1 Brick."
    g, doc = winter()
    s = play(make(g, doc), f"PLACE builders_merchant; TAKE {a}; TAKE {b}")
    gd = goods(s)
    names = {"Wo": "wood", "Cl": "clay", "Ti": "timber", "Br": "brick"}
    assert gd["hide"] == 4 and gd[names[a]] == 5 and gd[names[b]] == 1


def test_potter():
    # "Per Pottery Wheel (up to 2, 3, or 4 times), you may convert 1 Clay to 3
    # Food and 1 Peat."  Brick stands in for clay only when the clay is gone.
    g, doc = winter()
    set_goods(doc, clay=1, brick=2)
    s = play(make(g, doc), "PLACE potter")
    assert texts(s) == ["AMOUNT 0", "AMOUNT 1", "AMOUNT 2"]
    play(s, "AMOUNT 2")
    gd = goods(s)
    assert gd["clay"] == 0 and gd["brick"] == 1 and gd["food"] == 5 + 6 and gd["peat"] == 3 + 2


def test_baker_with_the_substitutions():
    # "Per Oven, you may convert 1 Grain and 1 Peat to 6 Food. You may replace
    # Grain with Flax and Peat with Wood if you have no Grain or Peat."
    g, doc = winter()
    set_tools(doc, ovens=2)                        # 3 ovens
    set_goods(doc, grain=1, flax=5, peat=2, wood=3)
    s = play(make(g, doc), "PLACE baker; AMOUNT 3")
    gd = goods(s)
    assert gd["grain"] == 0 and gd["flax"] == 3 and gd["peat"] == 0 and gd["wood"] == 2
    assert gd["food"] == 5 + 18


def test_wood_trader():
    # "Pay 1 Food and either take 4 Wood, or build a Building. If you cannot
    # pay the Food, you may pay 1 Grain instead" (Further Details 6).
    g, doc = winter()
    s = play(make(g, doc), "PLACE wood_trader")
    assert "WOOD4" in texts(s) and "BUILD workshop" in texts(s)
    play(s, "WOOD4")
    assert goods(s)["food"] == 4 and goods(s)["wood"] == 8
    g, doc = winter()
    set_goods(doc, food=0)
    s = play(make(g, doc), "PLACE wood_trader")      # no grain left for a building: 4 wood is the only answer
    assert goods(s)["grain"] == 0 and goods(s)["wood"] == 8 and decision(s) == "turn"
    g, doc = winter()
    set_goods(doc, food=0, grain=0)
    assert "PLACE wood_trader" not in texts(make(g, doc))


def test_winter_master():
    g, doc = winter()
    s = master(play(make(g, doc), "PLACE winter_master"), "pottery_wheels", "axes")
    t = player(s)["tools"]
    assert t["pottery_wheels"]["position"] == 1 and t["axes"]["position"] == 1
    assert goods(s)["clay"] == 3 and goods(s)["wood"] == 3 and decision(s) == "turn"


def test_wainwright_vehicle_and_peat_boat():
    # "Build a Vehicle by paying its costs. Additionally or alternatively, you may build 1 Peat Boat."
    g, doc = winter()
    set_goods(doc, wood=9, horse=2)
    s = play(make(g, doc), "PLACE wainwright")
    assert texts(s) == ["EQUIP carriage", "EQUIP cart", "EQUIP droshky", "EQUIP handcart", "EQUIP horse_cart",
                        "EQUIP wagon", "SKIP"]
    play(s, "EQUIP droshky")                    # 6 wood and 2 horses
    assert goods(s)["wood"] == 3 and goods(s)["horse"] == 0
    play(s, "EQUIP peat_boat")
    p = player(s)
    assert goods(s)["wood"] == 2 and p["barn"]["peat_boat"] == 1
    assert p["barn"]["vehicles"] == [{"type": "droshky", "taken": "000"}]
    assert s.score_breakdown(0)["equipment"]["points"] == 5 + 1


@pytest.mark.parametrize("vehicle, wood, horses, vp", [
    ("handcart", 2, 0, 0), ("wagon", 4, 0, 1), ("cart", 5, 1, 1), ("horse_cart", 7, 1, 2),
    ("carriage", 4, 2, 4), ("droshky", 6, 2, 5)])
def test_vehicle_costs_and_points(vehicle, wood, horses, vp):
    # Further Details 3 / Index of Equipment: costs and VP of each vehicle
    g, doc = winter()
    set_goods(doc, wood=wood, horse=horses)
    s = play(make(g, doc), f"PLACE wainwright; EQUIP {vehicle}")
    assert goods(s)["wood"] == 0 and goods(s)["horse"] == 0
    eq = s.score_breakdown(0)["equipment"]
    large = vehicle not in ("handcart", "wagon")
    assert eq["points"] == vp - (0 if large else 3)


def test_winter_carpenter():
    # "Either build a Stall for 2 Clay and 1 Grain, or exchange a Stall for a Stable by paying 2 Bricks."
    g, doc = winter()
    set_goods(doc, brick=2)
    s = play(make(g, doc), "PLACE winter_carpenter")
    assert texts(s) == ["STABLE", "STALL"]
    play(s, "STABLE")
    t = player(s)["home_board"]["tiles"]
    assert t["stall"] == 0 and t["stable"] == 1 and goods(s)["brick"] == 0
    assert s.to_json()["supply"]["stable_double_stall"] == 2 and s.to_json()["supply"]["stall_depot"] == 7


def test_dike_warden():
    # "Flip over a tile with the arrow Symbol for free. Additionally, build 1 Dike."
    g, doc = winter()
    set_tiles(doc, stable=1)
    s = play(make(g, doc), "PLACE dike_warden; UPGRADE stable")
    hb = player(s)["home_board"]
    assert hb["dikes_moved"] == 1 and hb["land_spaces"] == 9
    assert hb["tiles"]["stable"] == 0 and hb["tiles"]["double_stall"] == 1
    assert s.score_breakdown(0)["home"]["points"] == -14 + 9


def test_winter_laborer_builds_or_imitates():
    # "Pay 2 Food and either build a Building ... or imitate an occupied Winter Action Space."
    g, doc = winter(players=2)
    occupy(doc, "peat_boatman", seat=1)
    s = play(make(g, doc), "PLACE winter_laborer")
    assert "IMITATE peat_boatman" in texts(s) and "BUILD farmers_house" in texts(s)
    assert not any(t.startswith("EQUIP") for t in texts(s))
    play(s, "IMITATE peat_boatman")
    assert goods(s)["peat"] == 6 and goods(s)["food"] == 3


def test_laborer_imitating_the_forester_pays_both():
    # imitating a space that costs food pays its cost too, after the Laborer's 2 food
    g, doc = start()
    occupy(doc, "forester")
    set_goods(doc, food=3)
    s = play(make(g, doc), "PLACE summer_laborer; IMITATE forester; FOREST")
    assert goods(s)["food"] == 0 and player(s)["home_board"]["tiles"]["forest"] == 1
    g, doc = start()
    occupy(doc, "forester")
    set_goods(doc, food=2)
    s = make(g, doc)
    assert "PLACE summer_laborer" in texts(s)          # a wagon or a handcart still
    play(s, "PLACE summer_laborer")
    assert "IMITATE forester" not in texts(s)
