"""The 15 summer action spaces (rulebook: Action Spaces - Summer/Fall Half Year, Further Details).

Each test builds a position from a document, places a worker and checks
every number the action changes.
"""
import pytest

from .arlehelp import decision, goods, make, master, occupy, play, player, set_goods, set_tiles, set_tools, start, texts


def test_fisherman():
    # "Take 1 Sheep. Also move your Fish Trap Tool Indicator one space right.
    # Then take 1 Food per Fish Trap you have."
    g, doc = start()
    s = play(make(g, doc), "PLACE fisherman")
    assert goods(s)["sheep"] == 1 and goods(s)["food"] == 5 + 3
    assert player(s)["tools"]["fish_traps"] == {"position": 1, "value": 3}
    g, doc = start()
    set_tools(doc, fish_traps=4)                   # already 6 fish traps: the indicator stays
    set_goods(doc, food=27)
    s = play(make(g, doc), "PLACE fisherman")
    assert player(s)["tools"]["fish_traps"]["position"] == 4 and goods(s)["food"] == 30   # 27 + 6, at most 30


@pytest.mark.parametrize("choice, good", [("Ti", "timber"), ("Br", "brick"), ("Sh", "sheep"),
                                          ("Ca", "cattle"), ("Ho", "horse")])
def test_summer_grocer(choice, good):
    # "Take one of: Timber, Brick, Sheep, Cattle, or Horse. Additionally, take 1 Grain and 1 Leather."
    g, doc = start()
    s = make(g, doc)
    play(s, "PLACE summer_grocer")
    assert texts(s) == ["TAKE Br", "TAKE Ca", "TAKE Ho", "TAKE Sh", "TAKE Ti"]
    before = goods(s)
    play(s, f"TAKE {choice}")
    after = goods(s)
    assert after[good] == before[good] + 1
    assert after["grain"] == 2 and after["leather"] == 1


@pytest.mark.parametrize("looms, wool, most", [(0, 4, 2), (3, 4, 4), (3, 7, 5), (0, 0, 0)])
def test_woolen_weaver(looms, wool, most):
    # "Per Weaving Loom you have (up to 2, 3, 4, or 5 times), you may convert 1 Wool to 1 Woolen."
    g, doc = start()
    set_tools(doc, weaving_looms=looms)
    set_goods(doc, wool=wool)
    s = play(make(g, doc), "PLACE woolen_weaver")
    if most == 0:
        assert decision(s) == "turn"               # nothing to convert: the action is over
        return
    assert texts(s) == [f"AMOUNT {k}" for k in range(most + 1)]
    play(s, f"AMOUNT {most}")
    assert goods(s)["wool"] == wool - most and goods(s)["woolen"] == most


def test_colonist():
    # "Take 1 Horse and/or dehydrate a Moor Section ... then place exactly 4
    # Peat Tokens from the general supply on it."  The dehydrated moor can only
    # help, so it happens; the horse may be declined ("and/or", issue 24).
    g, doc = start()
    s = play(make(g, doc), "PLACE colonist")
    assert decision(s) == "take" and texts(s) == ["SKIP", "TAKE Ho"]
    play(s, "TAKE Ho")
    assert goods(s)["horse"] == 2
    assert player(s)["home_board"]["moors"] == ["undrained", "undrained", {"peat": 4}]
    assert s.score_breakdown(0)["points"] == -17 + 3                   # -4 became -1
    g, doc = start()
    doc["players"][0]["home_board"]["moors"] = [{"peat": 2}]
    s = play(make(g, doc), "PLACE colonist")       # no moor to dehydrate: the horse is the action
    assert goods(s)["horse"] == 2 and player(s)["home_board"]["moors"] == [{"peat": 2}]


def test_peat_cutter():
    # "Per Spade you have (up to 3, 5, or 7 times), you may take 1 Peat Token off one of your Moor Tiles."
    # The tile with the least peat first (a moor before the boardwalk): as soon
    # as its last peat is cut it leaves, freeing its 2 land spaces.
    g, doc = start()
    doc["players"][0]["home_board"]["moors"] = ["undrained", {"peat": 2}]
    s = play(make(g, doc), "PLACE peat_cutter")
    hb = player(s)["home_board"]
    assert goods(s)["peat"] == 3 + 3
    # one tile was gone already in the document, the cut one leaves now: 2 + 2 spaces
    assert hb["moors"] == ["undrained"] and hb["boardwalk_peat"] == 3 and hb["land_spaces"] == 6 + 4
    g, doc = start()
    set_tools(doc, spades=2)                       # 7 spades, 4 + 1 peat on the board
    doc["players"][0]["home_board"]["moors"] = [{"peat": 1}]
    s = play(make(g, doc), "PLACE peat_cutter")
    assert goods(s)["peat"] == 3 + 5 and player(s)["home_board"]["boardwalk_peat"] == 0
    # no moor and no boardwalk left (+12, +1), and 7 spades score 2
    assert player(s)["home_board"]["moors"] == [] and s.score_breakdown(0)["points"] == -17 + 12 + 1 + 2


@pytest.mark.parametrize("shovels, dikes, after", [(0, 0, 1), (1, 0, 2), (2, 2, 4), (3, 0, 3), (3, 6, 7)])
def test_dike_builder(shovels, dikes, after):
    # "Take 1 Sheep or 1 Cattle. Additionally or alternatively ... move 1 Dike
    # per Pair of Shovels (1/2/2/3 Dikes with 3/4/5/6 Shovels)."  Moves 1, 4, 7 open 3 spaces.
    g, doc = start()
    set_tools(doc, shovels=shovels)
    doc["players"][0]["home_board"]["dikes_moved"] = dikes
    s = play(make(g, doc), "PLACE dike_builder")
    assert texts(s) == ["SKIP", "TAKE Ca", "TAKE Sh"]          # the animal is optional (issue 24)
    play(s, "TAKE Ca")
    hb = player(s)["home_board"]
    assert goods(s)["cattle"] == 1 and hb["dikes_moved"] == after
    assert hb["land_spaces"] == 6 + 3 * sum(1 for k in (1, 4, 7) if k <= after)


@pytest.mark.parametrize("shovels, clay", [(0, 3), (1, 4), (2, 5), (3, 6)])
def test_clay_worker(shovels, clay):
    # "Take 1 Clay per Shovel you have (i.e. 3, 4, 5, or 6 Clay)."
    g, doc = start()
    set_tools(doc, shovels=shovels)
    s = play(make(g, doc), "PLACE clay_worker")
    assert goods(s)["clay"] == 4 + clay


def test_farmer_builds_a_plow_and_plows():
    # "Build a Plow ... Additionally or alternatively, you may plow 1 Field per
    # Plow you have."  A plow: 1 wood and 1 cattle or horse, the animal is lost.
    g, doc = start()
    set_goods(doc, cattle=1)
    s = play(make(g, doc), "PLACE farmer")
    assert texts(s) == ["PLOW Ca", "PLOW Ho", "SKIP"]
    play(s, "PLOW Ho")
    assert goods(s)["wood"] == 3 and goods(s)["horse"] == 0 and player(s)["barn"]["plow"] == 1
    assert texts(s) == ["DONE", "FIELD flax", "FIELD grain"]
    play(s, "FIELD grain")
    hb = player(s)["home_board"]
    assert hb["tiles"]["grain_field"] == 2 and hb["empty_land"] == 1 and decision(s) == "turn"


def test_farmer_plows_fewer_and_is_limited_by_land():
    g, doc = start()
    doc["players"][0]["barn"]["plow"] = 3
    s = play(make(g, doc), "PLACE farmer; SKIP; FIELD flax")
    assert texts(s) == ["DONE", "FIELD flax"]            # grain before flax: only flax may follow
    play(s, "FIELD flax")
    assert player(s)["home_board"]["tiles"]["flax_field"] == 3 and decision(s) == "turn"   # no land left


def test_forester():
    # "Pay 1 Food and either take a Forest, or build a Building."
    g, doc = start()
    s = play(make(g, doc), "PLACE forester")
    assert "FOREST" in texts(s) and "BUILD farmers_house" in texts(s)
    play(s, "FOREST")
    assert goods(s)["food"] == 4 and player(s)["home_board"]["tiles"]["forest"] == 1
    assert player(s)["home_board"]["empty_land"] == 1
    g, doc = start()
    set_goods(doc, food=0)
    assert "PLACE forester" not in texts(make(g, doc))   # the food must be paid


@pytest.mark.parametrize("axes, wood", [(0, 3), (1, 4), (3, 6)])
def test_woodcutter(axes, wood):
    # "Take 1 Wood per Axe you have (i.e. 3, 4, 5, or 6 Wood)."
    g, doc = start()
    set_tools(doc, axes=axes)
    s = play(make(g, doc), "PLACE woodcutter")
    assert goods(s)["wood"] == 4 + wood


def test_master_with_the_workbench_subtlety():
    # Further Details 5: with 2 workbenches, moving the workbench indicator
    # gives 3 at once, so 2 more indicators may move; each movement pays the
    # cost before its track (the spades move +2 for 1 wood).
    g, doc = start()
    s = master(play(make(g, doc), "PLACE summer_master"), "workbenches", "fish_traps", "spades")
    t = player(s)["tools"]
    assert t["workbenches"] == {"position": 1, "value": 3} and t["fish_traps"]["position"] == 1
    assert t["spades"] == {"position": 1, "value": 5}
    assert goods(s)["clay"] == 4 - 2 and goods(s)["wood"] == 4 - 2 and decision(s) == "turn"


def test_master_each_indicator_once_and_costs():
    g, doc = start()
    set_goods(doc, wood=1, clay=0, timber=1)
    s = play(make(g, doc), "PLACE summer_master")
    # the workbenches (2 clay) are not asked: the fish traps come first
    assert texts(s) == ["SKIP", "TOOL fish_traps"]
    play(s, "TOOL fish_traps")
    assert texts(s) == ["SKIP", "TOOL fleshing_beams"]  # each indicator once, in track order
    play(s, "SKIP")                                     # not the fleshing beams
    # not asked: the looms (2 wood), the slaughtering tables (clay)
    assert texts(s) == ["SKIP", "TOOL spades"]
    play(s, "TOOL spades")                              # timber stands in for the second wood
    assert goods(s)["wood"] == 0 and goods(s)["timber"] == 0 and decision(s) == "turn"


def test_summer_carpenter():
    # "Either build a Building ... or build a Stall for 2 Clay and 1 Grain."
    g, doc = start()
    s = play(make(g, doc), "PLACE summer_carpenter")
    assert "STALL" in texts(s) and "BUILD workshop" in texts(s)
    play(s, "STALL")
    assert goods(s)["clay"] == 2 and goods(s)["grain"] == 0
    assert player(s)["home_board"]["tiles"]["stall"] == 2 and s.to_json()["supply"]["stall_depot"] == 5


def test_builder():
    # "Build a Building by paying the costs ... Place the new tile on an empty Land Space."
    g, doc = start()
    s = play(make(g, doc), "PLACE builder; BUILD farmers_house")
    assert texts(s) == ["PAY Cl", "PAY Wo"]             # any 1 building material and 1 grain
    play(s, "PAY Cl")
    assert goods(s)["clay"] == 3 and goods(s)["grain"] == 0
    assert player(s)["home_board"]["buildings"] == ["farmers_house"]
    assert "farmers_house" not in s.to_json()["buildings"]["on_board"]
    g, doc = start()
    set_goods(doc, grain=0)
    assert "PLACE builder" not in texts(make(g, doc))   # nothing buildable


def test_warden():
    # "Flip over a tile with the arrow Symbol for free."  A stall becomes a
    # depot; its horse then grazes on empty land.
    g, doc = start()
    set_tiles(doc, forest=1)
    s = play(make(g, doc), "PLACE warden")
    assert texts(s) == ["SKIP", "UPGRADE forest", "UPGRADE moor", "UPGRADE stall"]
    play(s, "UPGRADE stall")
    t = player(s)["home_board"]["tiles"]
    assert t["stall"] == 0 and t["depot"] == 1 and goods(s)["horse"] == 1


def test_summer_laborer_builds_a_vehicle_or_imitates():
    # "Pay 2 Food and either build a Vehicle by paying its costs, or imitate an occupied Summer Action Space."
    g, doc = start(players=2)
    occupy(doc, "fisherman", seat=1)
    occupy(doc, "peat_boatman", seat=1)            # the special action: a winter space, not imitable in summer
    doc["special_action_by"] = 1
    s = play(make(g, doc), "PLACE summer_laborer")
    assert texts(s) == ["EQUIP handcart", "EQUIP wagon", "IMITATE fisherman"]
    play(s, "IMITATE fisherman")
    assert goods(s)["food"] == 5 - 2 + 3 and goods(s)["sheep"] == 1
    assert player(s)["tools"]["fish_traps"]["position"] == 1      # the imitator's own fish traps
    assert player(s, 1)["tools"]["fish_traps"]["position"] == 0


def test_laborer_uses_the_imitators_tools():
    # Further Details 7: opponent 7 spades, you 3: imitating their Peat Cutter gives you 3 peat
    g, doc = start(players=2)
    occupy(doc, "peat_cutter", seat=1)
    set_tools(doc, seat=1, spades=2)
    s = play(make(g, doc), "PLACE summer_laborer; IMITATE peat_cutter")
    assert goods(s)["peat"] == 3 + 3 and goods(s, 1)["peat"] == 3


def test_laborer_may_imitate_its_own_space_and_builds_a_wagon():
    g, doc = start()
    occupy(doc, "woodcutter")
    s = play(make(g, doc), "PLACE summer_laborer; EQUIP wagon")
    assert goods(s)["wood"] == 0 and goods(s)["food"] == 3
    assert player(s)["barn"]["vehicles"] == [{"type": "wagon", "taken": "00"}]
    g, doc = start()
    occupy(doc, "woodcutter")
    s = play(make(g, doc), "PLACE summer_laborer; IMITATE woodcutter")
    assert goods(s)["wood"] == 4 + 3


def test_laborer_needs_two_food():
    g, doc = start()
    set_goods(doc, food=1)
    assert "PLACE summer_laborer" not in texts(make(g, doc))
