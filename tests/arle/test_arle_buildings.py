"""All 31 buildings: their costs (rulebook: Further Details 2) and effects (the building indexes)."""
import pytest

from .arlehelp import (build_for, decision, goods, make, play, player, set_goods, set_tiles, set_tools,
                      skip_to_inventory, start, texts)

LIGHT = "farmers_house,plow_makers_workshop,novices_hut,workshop,turnery,smokehouse,potters_inn,farmers_inn,junk_dealers_inn"
DARK = "weaving_parlor,colonists_house,carpenters_workshop,schnapps_distillery,smithy,cooperage,gulf_house_inn,milk_house_inn,sluice_yard_inn"
DARK2 = "loading_station,litter_storage,wood_trader_house,weaving_parlor,bakehouse,cooperage,potters_inn,gulf_house_inn,sluice_yard_inn"
RICH = dict(wood=9, clay=9, timber=9, brick=9, food=30, grain=15, flax=15, wool=15, leather=9, woolen=9,
            linen=9, summer_wear=3, winter_wear=3, leather_wear=3)


def rich(buildings=LIGHT, rules="printed", **extra):
    g, doc = start(buildings=buildings, rules=rules)
    set_goods(doc, **{**RICH, **extra})
    return g, doc


# ------------------------------------------------------------------ costs
def test_small_house_costs_any_material_and_a_grain():
    # "each cost any 1 Building Material and 1 Grain"
    g, doc = start(buildings=LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD workshop")
    assert texts(s) == ["PAY Cl", "PAY Wo"]              # wood before timber, clay before brick
    play(s, "PAY Wo")
    assert goods(s)["wood"] == 3 and goods(s)["grain"] == 0 and s.score_breakdown(0)["home"]["points"] == -14 + 1
    g, doc = start(buildings=LIGHT)
    set_goods(doc, wood=0, clay=0, timber=1, brick=1)
    s = play(make(g, doc), "PLACE builder; BUILD workshop")
    assert texts(s) == ["PAY Br", "PAY Ti"]


def test_minor_craft_costs_timber_and_brick():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, timber=1, brick=1)
    s = play(make(g, doc), "PLACE builder; BUILD smokehouse")
    assert goods(s)["timber"] == 0 and goods(s)["brick"] == 0
    g, doc = start(buildings=LIGHT)
    set_goods(doc, timber=1, clay=5)
    assert "BUILD smokehouse" not in texts(play(make(g, doc), "PLACE summer_carpenter"))   # clay is no brick


def test_inn_costs_two_different_materials_and_9_food():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, food=9, timber=1)
    s = play(make(g, doc), "PLACE builder; BUILD potters_inn")
    # the pair of different kinds in the index order: timber would need brick after it
    assert texts(s) == ["PAY Cl", "PAY Wo"]
    play(s, "PAY Cl")
    assert goods(s)["clay"] == 3 and goods(s)["timber"] == 0 and goods(s)["food"] == 0 and goods(s)["wood"] == 4
    g, doc = start(buildings=LIGHT)
    set_goods(doc, food=9, clay=0)
    assert "BUILD potters_inn" not in texts(play(make(g, doc), "PLACE builder"))  # only wood: one kind


def test_inn_second_material_choice():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, food=9, timber=1, brick=1)
    s = play(make(g, doc), "PLACE builder; BUILD farmers_inn; PAY Wo")
    assert texts(s) == ["PAY Br", "PAY Cl", "PAY Ti"]
    play(s, "PAY Br")
    assert goods(s)["wood"] == 3 and goods(s)["brick"] == 0 and goods(s)["clay"] == 4


def test_large_building_cost():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, timber=3, brick=3, food=15)
    s = play(make(g, doc), "PLACE builder; BUILD village_church")
    gd = goods(s)
    assert gd["timber"] == 0 and gd["brick"] == 0 and gd["food"] == 0
    assert s.score_breakdown(0)["home"]["points"] == -14 + 15


@pytest.mark.parametrize("rules, second", [("printed", "wool"), ("rulebook", "woolen")])
def test_weaving_mill_cost_follows_the_rules(rules, second):
    # rulebook text: 10 flax or 10 woolen; the print: 10 wool (Rules.weaving_mill_cost)
    g, doc = start(buildings=LIGHT, rules=rules)
    set_goods(doc, brick=2, wool=10, woolen=10, flax=3)
    s = play(make(g, doc), "PLACE builder; BUILD weaving_mill")
    assert goods(s)[second] == 0 and goods(s)["brick"] == 0
    assert goods(s)["woolen" if second == "wool" else "wool"] == 10


def test_either_or_cost_asks_which():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, timber=1, flax=8, grain=8)
    s = play(make(g, doc), "PLACE builder; BUILD mill")
    assert texts(s) == ["PAY Fl", "PAY Gr"]
    play(s, "PAY Gr")
    assert goods(s)["grain"] == 0 and goods(s)["flax"] == 8 and goods(s)["timber"] == 0


def test_textile_house_costs_two_different_clothing():
    g, doc = start(buildings=LIGHT)
    set_goods(doc, brick=1, summer_wear=1, winter_wear=2)
    s = play(make(g, doc), "PLACE builder; BUILD textile_house")
    gd = goods(s)                                   # only one pair possible: paid at once
    assert gd["summer_wear"] == 0 and gd["winter_wear"] == 1 and gd["brick"] == 0
    assert gd["linen"] == 1 and gd["woolen"] == 1 and gd["leather"] == 1


def test_a_building_needs_an_empty_land_space():
    g, doc = start(buildings=LIGHT)
    set_tiles(doc, forest=2)
    assert "PLACE builder" not in texts(make(g, doc))


# ------------------------------------------------------------------ light green: before November
def test_farmers_house():
    # "Before November, receive 1 Clay. Additionally, you may cut 1 Peat."
    g, doc = start(buildings=LIGHT)
    build_for(doc, "farmers_house")
    s = skip_to_inventory(make(g, doc))
    gd = goods(s)
    assert gd["clay"] == 5 and gd["peat"] == 3 + 1 - 2 and player(s)["home_board"]["boardwalk_peat"] == 3


def test_plow_makers_workshop():
    # "Before November, you may place 1 Field of your choice on an empty Land Space."
    g, doc = start(buildings=LIGHT)
    build_for(doc, "plow_makers_workshop")
    s = skip_to_inventory(make(g, doc))
    assert decision(s) == "field" and texts(s) == ["DONE", "FIELD flax", "FIELD grain"]
    play(s, "FIELD grain")                                 # then November, then the next half year
    assert player(s)["home_board"]["tiles"]["grain_field"] == 2
    assert goods(s)["grain"] == 1 + 2                      # harvested in the same November


def test_novices_hut():
    # "Before November, receive 1 Grain and 1 Dike."
    g, doc = start(buildings=LIGHT)
    build_for(doc, "novices_hut")
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["grain"] == 1 + 1 + 1 and player(s)["home_board"]["dikes_moved"] == 1


def test_workshop():
    # "Before November, receive 1 Wood and 1 Master action (move exactly one Tool Indicator)."
    g, doc = start(buildings=LIGHT)
    build_for(doc, "workshop")
    set_goods(doc, wood=0, clay=0)
    s = skip_to_inventory(make(g, doc))
    # each tool that can move is asked in its turn (issue 24): fish traps first
    assert decision(s) == "tool" and texts(s) == ["SKIP", "TOOL fish_traps"]
    play(s, "SKIP; SKIP")                   # not the fish traps, not the fleshing beams
    assert texts(s) == ["SKIP", "TOOL spades"]
    play(s, "SKIP; SKIP; TOOL axes")        # nor the spades, the shovels: the axes
    assert player(s)["tools"]["axes"]["position"] == 1 and goods(s)["wood"] == 0 and decision(s) == "turn"


# ------------------------------------------------------------------ dark green: any time
def test_weaving_parlor():
    # "pay 3 Flax to receive 1 Linen and cut 1 Peat"
    g, doc = start(buildings=DARK)
    build_for(doc, "weaving_parlor")
    s = play(make(g, doc), "HOUSE weaving_parlor")
    assert goods(s)["flax"] == 0 and goods(s)["linen"] == 1 and goods(s)["peat"] == 4
    assert decision(s) == "turn" and "HOUSE weaving_parlor" not in texts(s)


@pytest.mark.parametrize("rules, good", [("printed", "wool"), ("rulebook", "woolen")])
def test_colonists_house(rules, good):
    # "pay 2 Woolen to receive 1 Clay and cut 1 Peat" (the print: 2 wool, Rules.colonists_house_input)
    g, doc = start(buildings=DARK, rules=rules)
    build_for(doc, "colonists_house")
    set_goods(doc, wool=2, woolen=2)
    s = play(make(g, doc), "HOUSE colonists_house")
    assert goods(s)[good] == 0 and goods(s)["clay"] == 5 and goods(s)["peat"] == 4


def test_carpenters_workshop():
    # "pay 4 Food and 1 Brick to upgrade one of your Stalls to a Stable"
    g, doc = start(buildings=DARK)
    build_for(doc, "carpenters_workshop")
    set_goods(doc, brick=1)
    s = play(make(g, doc), "HOUSE carpenters_workshop")
    t = player(s)["home_board"]["tiles"]
    assert goods(s)["food"] == 1 and goods(s)["brick"] == 0 and t["stall"] == 0 and t["stable"] == 1


def test_schnapps_distillery():
    # "exchange 1 Grain plus 1 Peat for 3 Food"
    g, doc = start(buildings=DARK)
    build_for(doc, "schnapps_distillery")
    s = play(make(g, doc), "HOUSE schnapps_distillery")
    assert goods(s)["grain"] == 0 and goods(s)["peat"] == 2 and goods(s)["food"] == 8


def test_schnapps_distillery_between_harvest_and_sustenance():
    # "(even between Harvest and Sustenance)": offered before paying
    g, doc = start(buildings=DARK)
    build_for(doc, "schnapps_distillery")
    set_goods(doc, food=0, grain=0)
    s = skip_to_inventory(make(g, doc))
    assert decision(s) == "anytime" and "HOUSE schnapps_distillery" in texts(s)
    play(s, "HOUSE schnapps_distillery")               # the harvested grain + 1 peat -> 3 food
    assert goods(s)["food"] == 0 and goods(s)["peat"] == 0 and s._player(0)["missing"] == 0


def test_loading_station():
    # "place 1 Peat on an empty Single Space (not Double Space) of one of your Vehicles"
    g, doc = start(buildings=DARK2)
    build_for(doc, "loading_station")
    doc["players"][0]["barn"]["vehicles"] = [{"type": "carriage", "taken": "00"}]
    s = make(g, doc)
    assert "LOAD Pt carriage" in texts(s)
    play(s, "LOAD Pt carriage")
    assert "LOAD Pt carriage.10" not in texts(s)          # the double space takes no peat
    assert player(s)["on_vehicles"]["peat"] == 1
    skip_to_inventory(s)
    assert goods(s)["peat"] == 3 + 1 - 2                  # received when the vehicle is emptied


def test_litter_storage():
    # "exchange 3 Flax for 1 Horse if you already have at least 2 Horses"
    g, doc = start(buildings=DARK2)
    build_for(doc, "litter_storage")
    s = make(g, doc)
    assert "HOUSE litter_storage" not in texts(s)
    g, doc = start(buildings=DARK2)
    build_for(doc, "litter_storage")
    set_goods(doc, horse=2)
    s = play(make(g, doc), "HOUSE litter_storage")
    assert goods(s)["horse"] == 3 and goods(s)["flax"] == 0


def test_wood_trader_house():
    # "exchange 1 Timber plus 1 Food for 2 Wood"
    g, doc = start(buildings=DARK2)
    build_for(doc, "wood_trader_house")
    set_goods(doc, timber=1)
    s = play(make(g, doc), "HOUSE wood_trader_house")
    assert goods(s)["timber"] == 0 and goods(s)["food"] == 4 and goods(s)["wood"] == 6


# ------------------------------------------------------------------ minor craft: once, when built
def test_turnery():
    # "per Forest you have, receive 1 Wood and cut 2 Peat"
    g, doc = rich(LIGHT)
    set_tiles(doc, forest=1)
    doc["players"][0]["home_board"]["moors"] = [{"peat": 4}]
    s = play(make(g, doc), "PLACE builder; BUILD turnery")
    assert goods(s)["wood"] == 9 + 1 and goods(s)["peat"] == 3 + 2
    item = s.score_breakdown(0)["home"]["items"][0]
    assert (item["building"], item["half_points"], item["points"]) == ("turnery", 10, 5.0)


def test_smokehouse():
    # "cut 1 Peat per Fish Trap you have"
    g, doc = rich(LIGHT)
    set_tools(doc, fish_traps=1)
    s = play(make(g, doc), "PLACE builder; BUILD smokehouse")
    assert goods(s)["peat"] == 3 + 3 and player(s)["home_board"]["boardwalk_peat"] == 1


def test_smithy():
    # "exchange Peat Boats, Handcarts, and Wagons for Plows at a 1:1 ratio, any number of times"
    g, doc = rich(DARK)
    doc["players"][0]["barn"].update(peat_boat=2, vehicles=[{"type": "handcart", "taken": "0"}])
    s = play(make(g, doc), "PLACE builder; BUILD smithy")
    # how many peat boats, handcarts and wagons, chosen together (issue 24)
    assert texts(s) == ["EXCHANGE 0 0 0", "EXCHANGE 0 1 0", "EXCHANGE 1 0 0", "EXCHANGE 1 1 0",
                        "EXCHANGE 2 0 0", "EXCHANGE 2 1 0"]
    play(s, "EXCHANGE 1 1 0")
    b = player(s)["barn"]
    assert b["peat_boat"] == 1 and b["plow"] == 2 and b["vehicles"] == [] and decision(s) == "turn"
    assert s.to_json()["supply"]["handcart_wagon"] == 2 and s.to_json()["supply"]["peat_boat_plow"] == 6 - 3


@pytest.mark.parametrize("sheep, cattle, steps", [(2, 2, 0), (3, 2, 1), (6, 4, 2), (8, 7, 3)])
def test_cooperage(sheep, cattle, steps):
    # "For 5/10/15 Dairy Animals, move each of your six Goods Indicators up 1/2/3 spaces."
    g, doc = rich(DARK, food=20, grain=14, flax=3, wool=0, hide=2)
    set_tiles(doc, stable=2)
    doc["players"][0]["home_board"]["dikes_moved"] = 1
    set_goods(doc, sheep=sheep, cattle=cattle)
    s = play(make(g, doc), "PLACE builder; BUILD cooperage")
    gd = goods(s)
    assert gd["food"] == 20 + 2 * steps and gd["grain"] == min(15, 14 + steps)
    assert (gd["flax"], gd["wool"], gd["hide"]) == (3 + steps, steps, 2 + steps)


def test_bakehouse():
    # "per Oven you have, you may exchange 2 Grain and 1 Flax for 8 Food"
    g, doc = rich(DARK2, food=0, grain=5, flax=1)
    set_tools(doc, ovens=2)
    s = play(make(g, doc), "PLACE builder; BUILD bakehouse")
    assert texts(s) == ["AMOUNT 0", "AMOUNT 1"]            # one flax
    play(s, "AMOUNT 1")
    assert goods(s)["grain"] == 3 and goods(s)["flax"] == 0 and goods(s)["food"] == 8


# ------------------------------------------------------------------ major craft
@pytest.mark.parametrize("grain_fields, flax_fields, food", [(1, 1, 0), (2, 1, 8), (3, 2, 10), (4, 2, 12)])
def test_mill(grain_fields, flax_fields, food):
    # "receive 8/10/12 Food if you have 3/5/6 Fields"
    g, doc = rich(LIGHT, food=0)
    set_tiles(doc, grain_field=grain_fields, flax_field=flax_fields)
    doc["players"][0]["home_board"]["dikes_moved"] = 4
    s = play(make(g, doc), "PLACE builder; BUILD mill; PAY Gr")
    assert goods(s)["food"] == food


def test_weaving_mill():
    # "receive 1 Winter Wear and move your Weaving Loom Tool Indicator up to 2 spaces right"
    g, doc = rich(LIGHT)
    set_tools(doc, weaving_looms=2)
    s = play(make(g, doc), "PLACE builder; BUILD weaving_mill; PAY Fl")
    assert goods(s)["winter_wear"] == 4 and player(s)["tools"]["weaving_looms"]["position"] == 3   # the end


def test_saddlery():
    # "cut 1 Peat per Horse you have; afterwards, move your Fleshing Beam Tool Indicator 1 space right"
    g, doc = rich(LIGHT, horse=3)
    s = play(make(g, doc), "PLACE builder; BUILD saddlery")
    assert goods(s)["peat"] == 6 and goods(s)["leather"] == 6 and goods(s)["timber"] == 7
    assert player(s)["tools"]["fleshing_beams"]["position"] == 1


def test_joinery():
    # "receive 2 Peat per Peat Boat you have and 1 Horse per Plow you have"
    g, doc = rich(LIGHT)
    doc["players"][0]["barn"].update(peat_boat=2, plow=1)
    s = play(make(g, doc), "PLACE builder; BUILD joinery")
    assert goods(s)["peat"] == 3 + 4 and goods(s)["horse"] == 2 and goods(s)["grain"] == 10


def test_waterfront_house():
    # "receive 10 Food back, 2 Dikes, and move your Fish Trap Tool Indicator up to 3 spaces right"
    g, doc = rich(LIGHT, food=25)
    s = play(make(g, doc), "PLACE builder; BUILD waterfront_house")
    assert goods(s)["food"] == 10 and player(s)["home_board"]["dikes_moved"] == 2
    assert player(s)["tools"]["fish_traps"]["position"] == 3


# ------------------------------------------------------------------ inns
def test_potters_inn():
    # "receive 1 Animal of any type per Pottery Wheel you have"
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD potters_inn; PAY Wo; PAY Cl")
    # two wheels: the two animals' types chosen together (issue 24)
    assert texts(s) == ["TAKE 0 0 2", "TAKE 0 1 1", "TAKE 0 2 0", "TAKE 1 0 1", "TAKE 1 1 0", "TAKE 2 0 0"]
    play(s, "TAKE 0 1 1")
    assert goods(s)["cattle"] == 1 and goods(s)["horse"] == 2 and decision(s) == "turn"


def test_farmers_inn():
    # "you may replace up to 3 of your Fields with Forests"
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD farmers_inn; PAY Wo; PAY Cl")
    assert texts(s) == ["DONE", "FIELD flax", "FIELD grain"]
    play(s, "FIELD grain; FIELD flax")
    t = player(s)["home_board"]["tiles"]
    assert t["grain_field"] == 0 and t["flax_field"] == 0 and t["forest"] == 2 and decision(s) == "turn"


def test_junk_dealers_inn():
    # "either receive 1 Handcart or 1 Peat Boat for free. Additionally or
    # alternatively, receive 1 Leather Wear and 1 Woolen."
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD junk_dealers_inn; PAY Wo; PAY Cl")
    assert texts(s) == ["EQUIP handcart", "EQUIP peat_boat", "SKIP"]
    play(s, "EQUIP peat_boat")
    assert player(s)["barn"]["peat_boat"] == 1 and goods(s)["leather_wear"] == 4 and goods(s)["woolen"] == 10


def test_gulf_house_inn():
    # "receive 1 Timber per Stall (Double Stalls count as 2 Stalls) and 1 Brick per Stable"
    g, doc = rich(DARK, timber=2, brick=2)
    set_tiles(doc, double_stall=1, stable=1)
    doc["players"][0]["home_board"]["dikes_moved"] = 1
    s = play(make(g, doc), "PLACE builder; BUILD gulf_house_inn; PAY Ti")   # brick: the only kind after timber
    assert goods(s)["timber"] == 1 + 3 and goods(s)["brick"] == 1 + 1


def test_milk_house_inn():
    # "receive 1 Cattle, and afterwards 1 Cut Peat action per Cattle you have"
    g, doc = rich(DARK, cattle=1)
    s = play(make(g, doc), "PLACE builder; BUILD milk_house_inn; PAY Wo; PAY Cl")
    assert goods(s)["cattle"] == 2 and goods(s)["peat"] == 3 + 2


def test_sluice_yard_inn():
    # "move the Fish Trap Tool Indicator 1 space right for free, then take 1 Wood per Fish Trap"
    g, doc = rich(DARK, wood=1)
    s = play(make(g, doc), "PLACE builder; BUILD sluice_yard_inn; PAY Cl; PAY Ti")
    assert player(s)["tools"]["fish_traps"]["position"] == 1 and goods(s)["wood"] == 1 + 3


# ------------------------------------------------------------------ large buildings
def test_village_church():
    # "receive 1 (Wedding) Carriage for free (provided a Carriage is still on the Supply Board)"
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD village_church")
    assert player(s)["barn"]["vehicles"] == [{"type": "carriage", "taken": "00"}]
    assert s.score_breakdown(0)["equipment"]["points"] == 4


def test_lutetsburg_castle():
    # "receive 1 Forest Tile and place it on an empty Land Space (if available),
    # and move Spades, Pottery Wheels, and Workbenches 1 space right"
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD lutetsburg_castle")
    p = player(s)
    assert p["home_board"]["tiles"]["forest"] == 1 and p["home_board"]["empty_land"] == 0
    assert [p["tools"][k]["position"] for k in ("spades", "pottery_wheels", "workbenches")] == [1, 1, 1]
    g, doc = rich(LIGHT)
    set_tiles(doc, park=1)                        # the castle takes the last land space: no forest
    s = play(make(g, doc), "PLACE builder; BUILD lutetsburg_castle")
    assert player(s)["home_board"]["tiles"]["forest"] == 0


def test_berum_castle():
    # "move Ovens and Weaving Looms 1 space right. Additionally, receive 1 Tile Upgrade."
    g, doc = rich(LIGHT)
    s = play(make(g, doc), "PLACE builder; BUILD berum_castle")
    assert texts(s) == ["SKIP", "UPGRADE moor", "UPGRADE stall"]
    play(s, "UPGRADE moor")
    p = player(s)
    assert p["tools"]["ovens"]["position"] == 1 and p["tools"]["weaving_looms"]["position"] == 1
    assert p["home_board"]["moors"] == ["undrained", "undrained", {"peat": 4}]


def test_a_building_is_built_once():
    g, doc = start(players=2, buildings=LIGHT)
    set_goods(doc, seat=1, timber=3, brick=3, food=15)
    build_for(doc, "village_church", seat=0)
    s = make(g, doc)
    doc2 = s.to_json()
    doc2["players"][1]["home_board"]["buildings"].append("village_church")
    import olab
    with pytest.raises(olab.StateFormatError, match="built twice"):
        g.state_from_json(doc2)
