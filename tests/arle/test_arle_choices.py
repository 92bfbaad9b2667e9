"""The choices the rulebook gives (issue 24, point 2): returning animals and equipment, the optional
animals of the Colonist and the Dike Builder, and multi-pick actions whose order of picks costs nothing.

Each multi-pick action is explored to its end from a fixed position: every outcome the rules allow is
reached, and by exactly one path (the positions after the action are compared byte for byte).
"""
from .arlehelp import RULEBOOK, decision, goods, make, play, player, set_goods, set_tiles, set_tools, skip_to_inventory, start, texts

LIGHT = "farmers_house,plow_makers_workshop,novices_hut,workshop,turnery,smokehouse,potters_inn,farmers_inn,junk_dealers_inn"
DARK = "weaving_parlor,colonists_house,carpenters_workshop,schnapps_distillery,smithy,cooperage,gulf_house_inn,milk_house_inn,sluice_yard_inn"


def rule(text: str) -> str:
    """The rulebook line quoted, checked against the rulebook (so a citation cannot drift)."""
    import pathlib
    book = pathlib.Path(__file__).resolve().parents[3] / RULEBOOK
    if book.exists():
        assert text in book.read_text(), text
    return text


def explore(state, inside):
    """Every path of decisions from ``state`` while ``inside(state)``; returns (paths, {outcome bytes: path})."""
    paths, outcomes = [], {}

    def walk(s, path):
        if s.is_terminal() or not inside(s):
            paths.append(path)
            outcomes.setdefault(s.serialize(), path)
            return
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            walk(c, path + [s.action_to_string(a)])

    walk(state, [])
    return paths, outcomes


def in_ctx(*ctxs):
    return lambda s: decision(s) in ctxs


# ------------------------------------------------------------------ returning animals before breeding
def test_an_animal_returned_before_breeding_can_give_a_newborn():
    rule("You can return Animals to the general supply (without substitution) at any time.")
    # only the stall as a pen (and the 5 dikes): 2 sheep and 6 cattle fill every place, so no
    # stall holds exactly 2 of a type; one cattle returned, the 2 sheep in the stall breed a third
    g, doc = start(half_year=2)
    set_tiles(doc, stall=1, grain_field=2, flax_field=2, forest=0)
    set_goods(doc, sheep=2, cattle=6, horse=0, food=9)
    s = skip_to_inventory(make(g, doc))
    # (or a sheep returned: 2 cattle in the stall breed one)
    assert decision(s) == "breed"
    assert texts(s) == ["BREED 0 0 0", "BREED 0 1 0 RELEASE 1 0 0", "BREED 1 0 0 RELEASE 0 1 0"]
    d = s.describe_action(s.string_to_action("BREED 1 0 0 RELEASE 0 1 0"))
    assert d["newborns"] == {"sheep": 1, "cattle": 0, "horse": 0} and d["released"] == {"sheep": 0, "cattle": 1, "horse": 0}
    play(s, "BREED 1 0 0 RELEASE 0 1 0")
    assert (goods(s)["sheep"], goods(s)["cattle"]) == (3, 5)


def test_returns_are_offered_only_where_they_pay():
    # a herd that breeds as it is: returning first only loses animals, so it is not offered
    g, doc = start(half_year=2)
    set_goods(doc, sheep=2, cattle=0, horse=0, food=9)
    s = skip_to_inventory(make(g, doc))
    assert goods(s)["sheep"] == 3                      # one outcome: no question


# ------------------------------------------------------------------ returning equipment
def test_equipment_can_go_back_when_the_supply_board_has_none_left():
    rule("you can return Equipment to the Supply Board at any time (without substitution)")
    g, doc = start()
    assert "RETURN handcart" not in texts(make(g, doc))
    doc["players"][0]["barn"]["vehicles"] = [{"type": "handcart", "taken": "0"}, {"type": "handcart", "taken": "0"}]
    s = make(g, doc)
    assert s.to_json()["supply"]["handcart_wagon"] == 0
    assert decision(s) == "turn" and "RETURN handcart" in texts(s)
    play(s, "RETURN handcart")                         # the tile is available again (a wagon is possible)
    assert s.to_json()["supply"]["handcart_wagon"] == 1 and decision(s) == "turn"
    assert "RETURN handcart" not in texts(s)           # one is on the board again: nothing more to gain
    doc["players"][0]["barn"]["vehicles"] = [{"type": "handcart", "taken": "1"}, {"type": "handcart", "taken": "0"}]
    doc["players"][0]["on_vehicles"]["timber"] = 1
    s = make(g, doc)
    play(s, "RETURN handcart")                         # the empty one; a loaded vehicle never goes back
    assert "RETURN handcart" not in texts(s)


# ------------------------------------------------------------------ the optional animals
def test_the_colonists_horse_is_optional():
    rule("Colonist: Take 1 Horse and/or dehydrate a Moor Section")
    g, doc = start()
    s = play(make(g, doc), "PLACE colonist; SKIP")
    assert goods(s)["horse"] == 1 and player(s)["home_board"]["moors"] == ["undrained", "undrained", {"peat": 4}]


def test_the_dike_builders_animal_is_optional():
    rule("Dike Builder: Take 1 Sheep or 1 Cattle. Additionally or alternatively, carry out a \"Dike Building\" action")
    g, doc = start()
    s = play(make(g, doc), "PLACE dike_builder; SKIP")
    assert goods(s)["sheep"] == goods(s)["cattle"] == 0 and player(s)["home_board"]["dikes_moved"] == 1
    doc["players"][0]["home_board"]["dikes_moved"] = 7      # no dike can move: the animal is the action
    s = play(make(g, doc), "PLACE dike_builder")
    assert texts(s) == ["TAKE Ca", "TAKE Sh"]


# ------------------------------------------------------------------ multi-pick actions
def test_master_no_answer_forfeits_a_tool_that_was_not_asked():
    rule("Master: Per Workbench you have (up to 2, 3, or 4 times), you may move one of your Tool Indicators 1 space right.")
    # with 2 workbenches (before: TOOL axes first ended the action, the second movement lost)
    g, doc = start()
    set_goods(doc, wood=9, clay=9, brick=9)
    s = play(make(g, doc), "PLACE summer_master")
    paths, outcomes = explore(s, in_ctx("tool"))
    assert len(paths) == len(outcomes)                                  # each outcome once
    movable = ["fish_traps", "fleshing_beams", "weaving_looms", "slaughtering_tables", "spades", "shovels",
               "pottery_wheels", "ovens", "axes"]
    for path in paths:
        moved = [p[5:] for p in path if p.startswith("TOOL ")]
        asked = len(path)                                               # one question per tool, in order
        limit = 3 if "workbenches" in moved else 2
        # the action ends only when the movements are used up or every tool has been asked
        assert len(moved) == limit or asked == 10, path
    # every set of movements is reached: 2 of the 9 others, or the workbenches and 2 more
    from math import comb
    assert len(outcomes) == sum(comb(9, k) for k in range(3)) + sum(comb(9, k) for k in range(3))
    assert ["SKIP"] * 8 + ["TOOL ovens", "TOOL axes"] in paths          # the axes with a second movement
    assert movable


def test_butcher_any_mix_of_types():
    rule("Butcher: Per Slaughtering Table you have (up to 2, 3, or 4 times), you may convert 1 Animal of any type")
    # before: after a horse, a sheep could no longer be butchered
    g, doc = start(half_year=2)
    set_tools(doc, slaughtering_tables=2)          # 4 tables
    set_goods(doc, sheep=2, cattle=1, horse=2)
    s = play(make(g, doc), "PLACE butcher")
    assert "BUTCHER 1 0 1" in texts(s)
    paths, outcomes = explore(s, in_ctx("pick"))
    expect = {(a, b, c) for a in range(3) for b in range(2) for c in range(3) if a + b + c <= 4}
    assert len(paths) == len(outcomes) == len(expect)
    play(s, "BUTCHER 1 0 2")
    assert goods(s)["sheep"] == 1 and goods(s)["horse"] == 0 and goods(s)["food"] == 5 + 9


def test_smithy_any_mix_of_exchanges():
    rule("Smithy (3 VP): Immediately (only when building), you may exchange Peat Boats, Handcarts, and Wagons")
    # before: exchanging the handcart first removed the peat-boat exchange
    g, doc = start(buildings=DARK)
    set_goods(doc, wood=9, clay=9, timber=9, brick=9, food=30, grain=15)
    doc["players"][0]["barn"].update(peat_boat=2, vehicles=[{"type": "handcart", "taken": "0"},
                                                             {"type": "wagon", "taken": "00"}])
    s = play(make(g, doc), "PLACE builder; BUILD smithy")
    paths, outcomes = explore(s, in_ctx("pick"))
    assert len(paths) == len(outcomes) == 3 * 2 * 2
    play(s, "EXCHANGE 2 1 1")
    b = player(s)["barn"]
    assert b["peat_boat"] == 0 and b["plow"] == 4 and b["vehicles"] == []


def test_potters_inn_any_mix_of_animals():
    rule("Potter's Inn (5 VP): Immediately, receive 1 Animal of any type per Pottery Wheel you have.")
    g, doc = start(buildings=LIGHT)
    set_goods(doc, wood=9, clay=9, food=30, grain=15, horse=0)
    set_tools(doc, pottery_wheels=1)               # 3 wheels
    s = play(make(g, doc), "PLACE builder; BUILD potters_inn")
    paths, outcomes = explore(s, in_ctx("pick"))
    assert len(paths) == len(outcomes) == 10       # (s, c, h) with s + c + h = 3
    play(s, "TAKE 1 1 1")
    assert (goods(s)["sheep"], goods(s)["cattle"], goods(s)["horse"]) == (1, 1, 1)


def test_animals_eaten_any_mix():
    rule("if you run out of Grain, pay 1 Animal per missing Food instead")
    g, doc = start()
    set_tiles(doc, grain_field=0, flax_field=0)
    set_goods(doc, food=0, grain=0, peat=2, sheep=1, cattle=2, horse=2)
    s = skip_to_inventory(make(g, doc))            # 1 sheep is not milked, 2 cattle give 1 food: 2 missing
    assert decision(s) == "pick"
    assert texts(s) == ["EAT 0 0 2", "EAT 0 1 1", "EAT 0 2 0", "EAT 1 0 1", "EAT 1 1 0"]


def test_destination_items_asked_in_turn_none_forfeited():
    rule("Aurich (2): Sell 1 to 3 items: 4 Food for Leather (not Leather Wear), 5 Food for a Horse")
    g, doc = start()
    doc["players"][0]["barn"]["vehicles"] = [{"type": "droshky", "taken": "000"}]
    set_goods(doc, leather=1, horse=2, sheep=1)
    s = play(make(g, doc), "LOAD aurich droshky")
    paths, outcomes = explore(s, in_ctx("sell"))
    assert len(paths) == len(outcomes)
    # leather or not; any animal: none, the sheep or a horse; the horse: only if one is left
    sold = {tuple(p for p in path if p != "SKIP") for path in paths}
    assert ("SELL animal:Ho", "SELL Ho") in sold and ("SELL Le", "SELL animal:Sh", "SELL Ho") in sold
    assert len(sold) == 2 * 3 * 2 - 1              # at least one item is sold


def test_the_observation_shows_a_return_before_breeding_within_its_bounds():
    # the tensor's breeding rows carry the herd's change, negative for a return (its bounds say so)
    import numpy as np
    g, doc = start(half_year=2)
    set_tiles(doc, stall=1, grain_field=2, flax_field=2, forest=0)
    set_goods(doc, sheep=2, cattle=6, horse=0, food=9)
    s = skip_to_inventory(make(g, doc))
    layout = g.observation_layout()
    obs = np.asarray(s.observation_tensor(0), dtype=np.float32)
    low, high = layout.bounds()
    assert (low <= obs).all() and (obs <= high).all()
    rows = obs[layout["decision.breed"].slice].reshape(-1, 3)
    assert rows[:3].tolist() == [[0, 0, 0], [0.25, -0.25, 0], [-0.25, 0.25, 0]]


def test_an_optional_animal_is_offered_once_not_taken_and_given_back():
    # declining the Colonist's horse is SKIP; taking it and giving it back would be a second path
    # to the same position, so a horse taken stays (another animal makes room), and a horse that
    # could only stay by giving back a horse is not offered
    g, doc = start()
    set_goods(doc, horse=11, sheep=1)                 # the start's 12 places are full
    s = play(make(g, doc), "PLACE colonist")
    assert texts(s) == ["SKIP", "TAKE Ho"]
    paths, outcomes = explore(s, in_ctx("take", "release"))
    assert len(paths) == len(outcomes) == 2
    play(s, "TAKE Ho")                                # the sheep goes, no question
    assert decision(s) == "turn" and (goods(s)["horse"], goods(s)["sheep"]) == (12, 0)
    set_goods(doc, horse=12, sheep=0)
    s = play(make(g, doc), "PLACE colonist")          # 13 horses never fit: nothing to ask
    assert decision(s) == "turn" and goods(s)["horse"] == 12
    # the Dike Builder alike, with the home board as the dikes leave it: the second dike move
    # opens no land, so 18 sheep fill it (5 dikes, 5 empty spaces, the stall)
    doc["players"][0]["home_board"]["dikes_moved"] = 1
    set_goods(doc, horse=0, sheep=18)
    s = play(make(g, doc), "PLACE dike_builder")
    assert texts(s) == ["SKIP", "TAKE Ca"]            # a cattle stays if a sheep goes; a 19th sheep cannot
    paths, outcomes = explore(s, in_ctx("take", "release"))
    assert len(paths) == len(outcomes) == 2
    doc["players"][0]["home_board"]["dikes_moved"] = 0  # the first move opens 3 spaces: both fit
    set_goods(doc, sheep=12)
    assert texts(play(make(g, doc), "PLACE dike_builder")) == ["SKIP", "TAKE Ca", "TAKE Sh"]
