"""Vehicles, loading, the barn and the travel destinations (rulebook: The Vehicles, Loading Vehicles,
Details on Vehicles, Index of Travel Destination Tiles; board.json vehicles_and_equipment, travel_destinations)."""
import pytest

import olab
from .arlehelp import decision, goods, make, play, player, set_goods, set_tiles, skip_to_inventory, start, texts


def with_vehicles(*vehicles, **goods_):
    g, doc = start()
    doc["players"][0]["barn"]["vehicles"] = [{"type": v, "taken": "0" * n} for v, n in vehicles]
    set_goods(doc, **goods_)
    return g, make(g, doc)


SPACES = {"handcart": 1, "wagon": 2, "cart": 3, "horse_cart": 4, "carriage": 2, "droshky": 3}


def test_wood_and_clay_become_timber_and_brick():
    # "Single Spaces can be loaded with Wood and Clay tiles (immediately turn them
    # to their reverse side, Timber or Bricks). When placing Clay on a Vehicle you must also pay 1 Peat."
    g, s = with_vehicles(("wagon", 2))
    play(s, "LOAD Wo wagon; LOAD Cl wagon.10")
    gd, ov = goods(s), player(s)["on_vehicles"]
    assert gd["wood"] == 3 and gd["clay"] == 3 and gd["peat"] == 2 and gd["timber"] == 0 and gd["brick"] == 0
    assert ov["timber"] == 1 and ov["brick"] == 1
    assert player(s)["barn"]["vehicles"] == [{"type": "wagon", "taken": "11"}]
    skip_to_inventory(s)                    # "you cannot access them until you empty your Vehicles"
    assert goods(s)["timber"] == 1 and goods(s)["brick"] == 1 and player(s)["on_vehicles"]["timber"] == 0
    assert player(s)["barn"]["vehicles"] == [{"type": "wagon", "taken": "00"}]


def test_clay_needs_a_peat():
    g, s = with_vehicles(("handcart", 1), peat=0)
    assert "LOAD Wo handcart" in texts(s) and "LOAD Cl handcart" not in texts(s)


@pytest.mark.parametrize("fabric, wear", [("Li", "summer_wear"), ("Wn", "winter_wear"), ("Le", "leather_wear")])
def test_fabrics_become_clothing(fabric, wear):
    g, s = with_vehicles(("horse_cart", 4), linen=1, woolen=1, leather=1)
    play(s, f"LOAD {fabric} horse_cart")
    assert player(s)["on_vehicles"][wear] == 1
    skip_to_inventory(s)
    assert goods(s)[wear] == 1


def test_spaces_and_sizes():
    # linen 2, woolen and leather 3 (tile widths, board.json load_sizes); a
    # wagon's two single spaces cannot be combined; a double space takes no
    # timber, brick or small destination
    g, s = with_vehicles(("wagon", 2), linen=1, woolen=1)
    assert not any(t.startswith("LOAD Li") or t.startswith("LOAD Wn") for t in texts(s))
    g, s = with_vehicles(("carriage", 2), linen=1, woolen=1)
    assert {"LOAD Li carriage", "LOAD Wn carriage", "LOAD Wo carriage"} <= set(texts(s))
    play(s, "LOAD Wo carriage")                        # the single space
    assert "LOAD Wo carriage.10" not in texts(s) and "LOAD Li carriage.10" in texts(s)
    assert "LOAD Wn carriage.10" not in texts(s)       # a 3 needs the single space too
    g, s = with_vehicles(("cart", 3), linen=2, woolen=1)
    play(s, "LOAD Li cart")
    assert "LOAD Li cart.110" not in texts(s) and "LOAD Wo cart.110" in texts(s)
    g, s = with_vehicles(("droshky", 3), woolen=2)
    play(s, "LOAD Wn droshky")                         # the double space and one single
    assert player(s)["barn"]["vehicles"] == [{"type": "droshky", "taken": "110"}]
    assert "LOAD Wo droshky.110" in texts(s) and "LOAD Wn droshky.110" not in texts(s)


def test_bremen_fits_only_a_horse_cart_or_a_droshky():
    # "Bremen (size 4) can only be accessed by Horse Cart or Droshky"
    for v, ok in (("cart", False), ("carriage", False), ("horse_cart", True), ("droshky", True)):
        g, s = with_vehicles((v, SPACES[v]), timber=1)
        assert (f"LOAD bremen {v}" in texts(s)) == ok


@pytest.mark.parametrize("vehicle, items", [("handcart", 1), ("wagon", 2), ("cart", 3), ("horse_cart", 4),
                                            ("carriage", 1), ("droshky", 2)])
def test_single_spaces_of_each_vehicle(vehicle, items):
    # handcart 1, wagon 1+1, cart 3, horse cart 4 single spaces; carriage 1 and
    # droshky 2 single spaces besides their double space
    g, s = with_vehicles((vehicle, SPACES[vehicle]), wood=9)
    n = 0
    while any(t.startswith("LOAD Wo") for t in texts(s)):
        play(s, next(t for t in texts(s) if t.startswith("LOAD Wo")))
        n += 1
    assert n == items and player(s)["on_vehicles"]["timber"] == items


# ------------------------------------------------------------------ the barn
def test_barn_small_and_large_spaces():
    # 4 small spaces, 3 large, the bottommost large space may hold a small piece instead
    g, doc = start(half_year=2)
    doc["players"][0]["barn"].update(peat_boat=3, plow=1)
    set_goods(doc, wood=9, horse=2)
    s = play(make(g, doc), "PLACE wainwright; EQUIP handcart")     # the fifth small piece: the flexible space
    assert player(s)["barn"]["small"] == 5
    g, doc = start(half_year=2)
    doc["players"][0]["barn"].update(peat_boat=3, plow=2)
    doc["players"][0]["barn"]["vehicles"] = [{"type": "cart", "taken": "000"}, {"type": "cart", "taken": "000"}]
    set_goods(doc, wood=9, horse=2)
    # 5 small pieces use the flexible space: no large space is left, a cart goes back (the only choice)
    s = play(make(g, doc), "PLACE wainwright; EQUIP carriage")
    assert [v["type"] for v in player(s)["barn"]["vehicles"]] == ["cart", "carriage"]


def test_full_barn_returns_equipment_of_equal_size():
    # "If you have no space left in your Barn for a new Vehicle or Peat Boat,
    # you must first get rid of another piece of Equipment of equal size."
    g, doc = start(half_year=2)
    doc["players"][0]["barn"].update(peat_boat=2, plow=3)
    set_goods(doc, wood=9)
    s = play(make(g, doc), "PLACE wainwright; EQUIP handcart")
    assert decision(s) == "return" and texts(s) == ["RETURN peat_boat", "RETURN plow"]
    play(s, "RETURN plow")
    b = player(s)["barn"]
    assert b["plow"] == 2 and b["vehicles"] == [{"type": "handcart", "taken": "0"}] and b["small"] == 5
    assert s.to_json()["supply"]["peat_boat_plow"] == 6 - 4


def test_loaded_vehicles_never_go_back():
    g, doc = start()
    doc["players"][0]["barn"]["vehicles"] = [{"type": v, "taken": t} for v, t in
                                             (("cart", "100"), ("cart", "000"), ("horse_cart", "0000"))]
    set_goods(doc, food=9, wood=9, horse=2)
    s = play(make(g, doc), "PLACE summer_laborer; EQUIP droshky")
    assert texts(s) == ["RETURN cart", "RETURN horse_cart"]      # the loaded cart is not offered
    play(s, "RETURN horse_cart")
    assert sorted(v["type"] + v["taken"] for v in player(s)["barn"]["vehicles"]) == ["cart000", "cart100", "droshky000"]


def test_equipment_points_and_the_large_vehicle_rule():
    # "Add up the VP from your Plows, Peat Boats, and Vehicles. Then subtract 3
    # VP unless you have at least one Large Vehicle in your Barn."
    g, doc = start()
    doc["players"][0]["barn"].update(peat_boat=1, plow=2)
    doc["players"][0]["barn"]["vehicles"] = [{"type": "wagon", "taken": "00"}]
    s = make(g, doc)
    assert s.score_breakdown(0)["equipment"]["points"] == 1 + 6 + 1 - 3
    doc["players"][0]["barn"]["vehicles"].append({"type": "droshky", "taken": "000"})
    assert make(g, doc).score_breakdown(0)["equipment"]["points"] == 1 + 6 + 1 + 5


# ------------------------------------------------------------------ travel destinations
def visit(dest, vehicle="droshky", items="", **goods_):
    g, s = with_vehicles((vehicle, SPACES[vehicle]), **goods_)
    play(s, f"LOAD {dest} {vehicle}")
    if items:
        play(s, items)
    return s


def test_hage():
    # "Immediately remove a Field from your Home Board and receive 1 Food."
    s = visit("hage")
    assert decision(s) == "sell" and texts(s) == ["SELL field:flax", "SELL field:grain"]
    play(s, "SELL field:flax")
    assert goods(s)["food"] == 6 and player(s)["home_board"]["tiles"]["flax_field"] == 0
    assert player(s)["home_board"]["empty_land"] == 3 and s.to_json()["supply"]["field"] == 13


def test_beemoor():
    # "Remove 1 Peat from your supply (but not your Home Board) and receive 2 Food."
    s = visit("beemoor")
    assert goods(s)["peat"] == 2 and goods(s)["food"] == 7 and player(s)["home_board"]["boardwalk_peat"] == 4
    g, s = with_vehicles(("handcart", 1), peat=0)
    assert "LOAD beemoor handcart" not in texts(s)     # at least one item must be sold at once


def test_dornum():
    # "Return a Plow from your Barn to the Supply Board and receive 8 Food."
    g, doc = start()
    doc["players"][0]["barn"].update(plow=1, vehicles=[{"type": "handcart", "taken": "0"}])
    s = play(make(g, doc), "LOAD dornum handcart")
    assert goods(s)["food"] == 13 and player(s)["barn"]["plow"] == 0


def test_norden():
    # "4 Food for a Sheep, 7 Food for Winter Wear. Additionally or alternatively,
    # return a Peat Boat from your Barn and receive 5 Food."
    g, doc = start()
    doc["players"][0]["barn"].update(peat_boat=1, vehicles=[{"type": "carriage", "taken": "00"}])
    set_goods(doc, sheep=1, winter_wear=1, food=0)
    s = play(make(g, doc), "LOAD norden carriage")
    # the items are asked in their printed order, each once (issue 24)
    assert texts(s) == ["SELL Sh", "SKIP"]
    play(s, "SELL Sh; SELL peat_boat; SELL Ww")
    assert goods(s)["food"] == 4 + 5 + 7 and goods(s)["sheep"] == 0 and player(s)["barn"]["peat_boat"] == 0
    assert decision(s) == "turn"


def test_esens():
    # "4 Food for 2 Grain (you cannot sell a single Grain), 2 Food for a Hide, 4 Food for Woolen."
    s = visit("esens", woolen=1, grain=1)
    assert texts(s) == ["SELL Hi", "SKIP"]
    play(s, "SELL Hi")
    assert texts(s) == ["SELL Wn", "SKIP"]           # a single grain cannot be sold: not asked
    play(s, "SELL Wn")
    assert goods(s)["food"] == 5 + 2 + 4 and goods(s)["hide"] == 1 and goods(s)["woolen"] == 0
    s = visit("esens", items="SKIP", grain=2)     # not the hide: then the grain must go (a sale is due)
    assert goods(s)["grain"] == 0 and goods(s)["food"] == 9


def test_aurich():
    # "4 Food for Leather (not Leather Wear), 5 Food for a Horse, 4 Food for an Animal of any type (may be another Horse)."
    s = visit("aurich", leather=1, horse=2, leather_wear=3)
    assert texts(s) == ["SELL Le", "SKIP"]
    play(s, "SELL Le; SELL animal:Ho; SELL Ho")
    assert goods(s)["food"] == 5 + 4 + 4 + 5 and goods(s)["horse"] == 0 and goods(s)["leather_wear"] == 3


def test_emden():
    # "7 Food each for Winter and Leather Wear, 6 Food for Summer Wear. Additionally or
    # alternatively, remove 1 Peat from your supply and receive 3 Food."
    s = visit("emden", items="SELL Pt; SELL Sw; SELL Lw; SELL Ww", summer_wear=1, winter_wear=1, leather_wear=1, food=5)
    assert goods(s)["food"] == 5 + 3 + 6 + 7 + 7 and goods(s)["peat"] == 2
    assert player(s)["travel"]["destinations_used"] == ["emden"] and player(s)["on_vehicles"]["travel_spaces"] == 3


def test_leer():
    # "2 Food for Flax, 3 Food for Linen (not Summer Wear), 5 Food for Cattle,
    # 6 Food for either Summer, Winter or Leather Wear."
    s = visit("leer", linen=1, cattle=1, winter_wear=1)
    assert texts(s) == ["SELL Fl", "SKIP"]
    play(s, "SELL Fl; SELL Li; SELL Ca; SELL wear:Ww")
    assert goods(s)["food"] == 5 + 2 + 3 + 5 + 6 and goods(s)["winter_wear"] == 0


def test_bremen():
    # "5 Food for Timber, 9 Food for 2 Animals of the same type, 12 Food for a set of
    # Linen, Woolen and Leather, 30 Food (excess lost) for a set of Summer, Winter and
    # Leather Wear. Additionally or alternatively, remove a Moor Tile (no Food)."
    s = visit("bremen", timber=1, sheep=2, horse=1, linen=1, woolen=1, leather=1, summer_wear=1,
              winter_wear=1, leather_wear=1, food=0)
    assert texts(s) == ["SELL moor:undrained", "SKIP"]
    play(s, "SELL moor:undrained; SELL Ti; SELL two:Sh; SELL LiWnLe; SELL SwWwLw")
    gd = goods(s)
    assert gd["food"] == 30 and gd["sheep"] == 0 and gd["timber"] == 0 and gd["linen"] == 0
    assert player(s)["home_board"]["moors"] == ["undrained", "undrained"]
    assert s.score_breakdown(0)["home"]["points"] == -14 + 4


def test_bremen_removes_a_dehydrated_moor_with_its_peat():
    g, doc = start()
    doc["players"][0]["home_board"]["moors"] = [{"peat": 4}, {"peat": 1}]
    doc["players"][0]["barn"]["vehicles"] = [{"type": "horse_cart", "taken": "0000"}]
    s = play(make(g, doc), "LOAD bremen horse_cart")
    assert decision(s) == "turn"                      # the only item: sold at once
    assert player(s)["home_board"]["moors"] == [{"peat": 4}] and goods(s)["peat"] == 3


def test_a_destination_is_used_once_and_goes_on_the_track():
    # "You can only use a Travel Destination once" ... "place it on your Travel Experience Track"
    g, s = with_vehicles(("wagon", 2), peat=5)
    play(s, "LOAD beemoor wagon")
    assert "LOAD beemoor wagon.10" not in texts(s)
    skip_to_inventory(s)
    p = player(s)
    assert p["travel"] == {"spaces_covered": 1, "destinations_used": ["beemoor"]}
    assert "LOAD beemoor wagon" not in texts(s)


@pytest.mark.parametrize("covered, vp", [(0, 0), (1, 0), (2, 1), (3, 3), (6, 4), (9, 5), (10, 5), (11, 6),
                                         (18, 9), (19, 10)])
def test_travel_experience_points(covered, vp):
    # "The first empty space (from the bottom) indicates the VP (up to 10)";
    # the points per space are board.json's vp_by_total_size (single source)
    g, doc = start()
    sizes = {"hage": 1, "beemoor": 1, "dornum": 1, "norden": 2, "esens": 2, "aurich": 2, "emden": 3, "leer": 3,
             "bremen": 4}
    used, left = [], covered
    for k, n in sorted(sizes.items(), key=lambda kv: -kv[1]):
        if n <= left:
            used.append(k)
            left -= n
    doc["players"][0]["travel"] = {"spaces_covered": covered, "destinations_used": used}
    assert make(g, doc).score_breakdown(0)["travel"]["points"] == vp


def test_travel_points_formula_option():
    g = olab.load("fields_of_arle", players=1, travel_points="formula")
    doc = g.new_initial_state(0).to_json()
    doc["players"][0]["travel"] = {"spaces_covered": 10, "destinations_used": ["bremen", "emden", "leer"]}
    assert g.state_from_json(doc).score_breakdown(0)["travel"]["points"] == 6


def test_goods_on_vehicles_cannot_be_sold():
    # "You cannot sell goods from your Vehicles."
    g, s = with_vehicles(("handcart", 1), ("horse_cart", 4), leather=1)
    play(s, "LOAD Le horse_cart")
    assert "LOAD aurich horse_cart.1110" not in texts(s)
