"""The 20 place tiles (summary, The Place Tiles in Detail; requirements and stages: choices.json place_tiles).

Every tile is given to seat 0 activated (its needs from the data), used, and
every number that changes is checked.  The Sacristy is tested with the
events (test_orleans_events.py).
"""
import pytest

from olab.orleans import DEVELOPMENT, PLACE_TILES
from .orlhelp import doc_of, legal, play, player, position, set_place, texts

LETTER = {"farmer": "F", "boatman": "B", "craftsman": "C", "trader": "T", "knight": "K", "scholar": "S",
          "monk": "M", "any": "M", "any_neutral": "K"}


def activated(tile, **fields):
    def e(doc):
        set_place(doc, tile, [LETTER[n] for n in PLACE_TILES[tile].needs])
        doc["players"][0].update(fields)
    return e


@pytest.mark.parametrize("tile, good", [("hayrick", "grain"), ("cheese_factory", "cheese"), ("winery", "wine"),
                                        ("wool_manufacturer", "wool"), ("tailor_shop", "brocade")])
def test_goods_tiles(tile, good):
    # "Receive the depicted good from the Goods Market (if available)"
    assert PLACE_TILES[tile].params["good"] == good
    s = position(edit=activated(tile))
    before = doc_of(s)["supply"]["goods"][good]
    play(s, f"USE {tile}")
    d = doc_of(s)
    assert d["players"][0]["goods"] == {good: 1} and d["supply"]["goods"][good] == before - 1
    assert sum(d["players"][0]["bag"].values()) == len(PLACE_TILES[tile].needs)   # followers back in the bag

    def empty(doc):
        activated(tile)(doc)
        doc["supply"]["goods"][good] = 0
    assert not legal(position(edit=empty), f"USE {tile}")


@pytest.mark.parametrize("tile, coins, development", [("brewery", 2, 0), ("cellar", 4, 0), ("windmill", 2, 1),
                                                      ("library", 0, 2), ("shipping_line", 0, 1)])
def test_coin_and_development_tiles(tile, coins, development):
    # Brewery 2 coins, Cellar 4 coins, Windmill 2 coins and 1 development point, Library 2, Shipping Line 1
    s = play(position(edit=activated(tile)), f"USE {tile}")
    p = doc_of(s)["players"][0]
    assert p["coins"] == 5 + coins and p["development"] == development


def test_hospital_coins_equal_to_status():
    # Hospital: "Receive coins equal to your current Development Status"
    s = play(position(edit=activated("hospital", development=15)), "USE hospital")
    assert player(s)["coins"] == 5 + DEVELOPMENT.status(15) == 9


def test_office_coin_per_trading_station():
    # Office: "Receive 1 coin for each Trading Station you built"
    def e(doc):
        activated("office")(doc)
        doc["map"]["stations"] = {"tours": [0], "blois": [0], "orleans": [0]}
        doc["players"][0]["stations_built"] = 3
        doc["players"][0]["stations_in_stock"] = 7
    s = play(position(edit=e), "USE office")
    assert player(s)["coins"] == 8


def test_pharmacy_coins_into_development():
    # Pharmacy: "Activate with any Character Tile; spend up to 3 coins to advance one space per coin"
    s = play(position(edit=activated("pharmacy", development=5)), "USE pharmacy")
    assert texts(s) == ["PAY 1", "PAY 2", "PAY 3"]
    play(s, "PAY 2")
    d = doc_of(s)
    p = d["players"][0]
    assert p["coins"] == 5 + DEVELOPMENT.coin_spaces[7] - 2 and p["development"] == 7   # 7 is a coin space
    assert d["supply"]["coins"] == 37 + 2 - 3
    s = play(position(edit=activated("pharmacy", coins=2)), "USE pharmacy")
    assert texts(s) == ["PAY 1", "PAY 2"]
    assert not legal(position(edit=activated("pharmacy", coins=0)), "USE pharmacy")
    # any character, the player's colour too
    s = position(edit=lambda doc: set_place(doc, "pharmacy", ["F*"]))
    assert legal(s, "USE pharmacy")


def test_horse_wagon_road_move():
    # Horse Wagon: "Move your Merchant Token along a Road to an adjacent town and collect one good if available"
    def e(doc):
        activated("horse_wagon")(doc)
        doc["map"]["goods"]["R10"] = ["brocade"]
    s = play(position(edit=e), "USE horse_wagon")
    assert all(t.startswith("MOVE R") for t in texts(s)) and "MOVE R10 brocade" in texts(s)
    play(s, "MOVE R10 brocade")
    assert player(s)["merchant"] == "montargis" and player(s)["goods"] == {"brocade": 1}


def test_laboratory_technology_tile():
    # Laboratory: "Receive a Technology Tile ... following the usual Technology rules; it may go on the Laboratory itself"
    s = position(edit=activated("laboratory", technology_placed=1))
    before = doc_of(s)["supply"]["technology"]      # the placed tile came out of the supply (issue 24.6)
    play(s, "USE laboratory")
    d = doc_of(s)
    assert d["players"][0]["technology_unplaced"] == 1 and d["supply"]["technology"] == before - 1 == 14
    play(s, "USE scriptorium")            # seat 1; seat 0 has nothing left and passes by itself:
    assert doc_of(s)["pending"] == {"decision": "technology", "player": 0}   # the tile goes down now
    assert "TECH laboratory 0" in texts(s) and "TECH laboratory 1" in texts(s)
    play(s, "TECH laboratory 1")
    assert player(s)["places"]["laboratory"]["spaces"] == [None, "technology"]

    def none_left(doc):
        activated("laboratory")(doc)
        doc["supply"]["technology"] = 0
    assert not legal(position(edit=none_left), "USE laboratory")


def test_herb_garden_boatmen_for_farmers_craftsmen_traders():
    # Herb Garden: "Use Boatmen in place of Craftsmen, Traders, and Farmers"
    def e(doc, own):
        doc["players"][0]["market"] = {"B": 1}
        if own:
            doc["players"][0]["place_tiles"].append("herb_garden")
            doc["supply"]["place_tiles"].remove("herb_garden")
    without = position(phase="planning", decision="plan", edit=lambda d: e(d, False))
    with_it = position(phase="planning", decision="plan", edit=lambda d: e(d, True))
    assert "PLACE B university 0" not in texts(without)
    for t in ("PLACE B university 0", "PLACE B university 1", "PLACE B university 2", "PLACE B village 0"):
        assert t in texts(with_it)
    assert "PLACE B ship 2" not in texts(with_it)            # not for a knight


def test_school_scholars_for_any_but_monks():
    # School: "Use Scholars in place of other Character Tiles (but not Monks)"
    def e(doc):
        doc["players"][0]["market"] = {"S": 1}
        doc["players"][0]["place_tiles"].append("school")
        doc["supply"]["place_tiles"].remove("school")
        set_place(doc, "brewery", [None])
    s = position(phase="planning", decision="plan", edit=e)
    for t in ("PLACE S ship 0", "PLACE S ship 1", "PLACE S ship 2", "PLACE S farm_house 0"):
        assert t in texts(s)
    assert "PLACE S brewery 0" not in texts(s)


def test_bathhouse_draws_three_places_two():
    # Bathhouse: "Draw 3 Character Tiles from your bag, choose 2, and immediately place them on Action Spaces
    # (not the Bathhouse); the third and the Bathhouse's Follower go back into your bag."
    def e(doc):
        activated("bathhouse")(doc)
        doc["players"][0]["bag"] = {"K": 2, "F": 1, "M": 1}
        set_place(doc, "castle", ["F", "B", None])
        set_place(doc, "hayrick", [None])
    s = position(edit=e, chance="explicit")
    play(s, "USE bathhouse")
    assert s.is_chance_node() and sorted(s.chance_outcomes()) == sorted(
        [(s.string_to_action("DRAWN F"), 0.25), (s.string_to_action("DRAWN K"), 0.5),
         (s.string_to_action("DRAWN M"), 0.25)])
    play(s, "DRAWN K", "DRAWN M", "DRAWN F")
    assert doc_of(s)["pending"]["decision"] == "bathhouse"
    assert "PLACE M bathhouse 0" not in texts(s) and "PLACE F hayrick 0" in texts(s)
    assert "DONE" not in texts(s)                            # issue 24.5: two, unless fewer can be placed
    play(s, "PLACE F hayrick 0")
    assert "DONE" not in texts(s)
    play(s, "PLACE M castle 2")                              # two placed: the third goes back
    p = player(s)
    assert p["places"]["hayrick"]["spaces"] == ["F"] and p["places"]["castle"]["spaces"] == ["F", "B", "M"]
    assert p["bag"] == {"B": 1, "K": 2} and p["places"]["bathhouse"]["spaces"] == [None]
    assert doc_of(s)["pending"]["player"] == 1


def test_bathhouse_with_a_small_bag_places_what_it_can():
    # issue 24.5: "choose 2, and immediately place them" -- two, unless fewer can be placed; the
    # one tile drawn is placed (no DONE while it can be), then the turn goes on
    def e(doc):
        activated("bathhouse")(doc)
        doc["players"][0]["bag"] = {"S": 1}
    s = play(position(edit=e), "USE bathhouse")           # sampled: the one tile is drawn
    assert doc_of(s)["pending"]["drawn"] == {"S": 1} and sorted(texts(s)) == ["PLACE S monastery 0", "PLACE S scriptorium 1", "PLACE S town_hall 0"]
    assert not legal(s, "DONE")
    play(s, "PLACE S monastery 0")
    assert player(s)["bag"] == {"B": 1} and doc_of(s)["pending"] == {"decision": "act", "player": 1}
    assert not legal(position(edit=activated("bathhouse")), "USE bathhouse")   # an empty bag


def test_gunpowder_tower_market_room_planning_and_deeds():
    # Gunpowder Tower: "Expands your Market by 2 spaces. During Phase 3 you may place 1 or 2 Character Tiles
    # here; during Planning place them on Action Spaces, or during Actions send them to Beneficial Deeds
    # (both in one action). Not your color's Followers."
    def e(doc):
        set_place(doc, "gunpowder_tower", [None, None])
        doc["players"][0]["market"] = {"K": 7, "F*": 1}
        doc["players"][0]["bag"] = {"S": 3}
    s = position(phase="followers", decision="draw", round=2, edit=e)
    assert texts(s) == ["TOWER K", "STOP"]                    # the market is full: no draw, no F* on the tower
    play(s, "TOWER K")
    assert texts(s) == ["DRAW", "TOWER K", "STOP"]
    play(s, "TOWER K", "DRAW", "DRAW")
    p = player(s)
    assert p["tower"] == {"K": 2} and p["market"] == {"K": 5, "S": 2, "F*": 1}
    assert doc_of(s)["pending"]["decision"] != "draw" or doc_of(s)["pending"]["player"] != 0

    def plan(doc):
        set_place(doc, "gunpowder_tower", [None, None])
        doc["players"][0]["tower"] = {"K": 1, "S": 1}
    s = position(phase="planning", decision="plan", edit=plan)
    assert "PLACE tower:K castle 0" not in texts(s) and "PLACE tower:K ship 2" in texts(s)
    play(s, "PLACE tower:K ship 2")
    assert player(s)["tower"] == {"S": 1} and player(s)["places"]["ship"]["spaces"] == [None, None, "K"]

    s = position(edit=plan)
    play(s, "USE gunpowder_tower")
    assert doc_of(s)["pending"]["characters"] == ["K", "S"]
    play(s, "DEED peace_treaty", "DEED peace_treaty")
    d = doc_of(s)
    assert d["players"][0]["tower"] == {} and d["players"][0]["coins"] == 5 + 2 + 2
    assert [x["seat"] for x in d["deeds"]["peace_treaty"]] == [None, 0, 0, None]


def test_passive_tiles_are_never_used():
    # Herb Garden and School have no action spaces (choices.json: passive); the Sacristy acts in phase 6
    def e(doc):
        for t in ("herb_garden", "school"):
            doc["players"][0]["place_tiles"].append(t)
            doc["supply"]["place_tiles"].remove(t)
        set_place(doc, "sacristy", ["M"])
    s = position(edit=e)
    assert texts(s) == ["PASS"]
