"""The ten places of every player board (summary, The Actions / Places; tracks.json player_board.places).

Each test builds a position in the actions phase with the place activated,
uses it and checks every number that changes: the character taken from the
supply into the bag, the track, the reward, the followers going back to the
bag, the turn passing on.
"""
import pytest

from olab.orleans import DEVELOPMENT, TRACKS
from .orlhelp import doc_of, legal, play, player, position, set_place, texts

SUPPLY_2P = {"F": 12, "B": 6, "C": 6, "T": 6, "K": 8, "S": 8, "M": 8}   # tracks.json neutral_supply 2 players


def test_farm_house_farmer_track_and_good():
    # Farm House: "Take a Farmer Tile, put it in your bag, advance on the Farmers Track, and receive the depicted good."
    def e(doc):
        set_place(doc, "farm_house", ["B", "C*"])
        doc["players"][0]["tracks"]["farmers"] = 2
    s = position(edit=e)
    before = doc_of(s)
    play(s, "USE farm_house")
    d = doc_of(s)
    p = d["players"][0]
    assert p["tracks"]["farmers"] == 3
    assert p["bag"] == {"F": 1, "B": 1, "C*": 1}          # the farmer, and the followers used back in the bag
    assert p["goods"] == {"cheese": 1}                     # farmers track step 3: cheese
    assert p["places"]["farm_house"]["spaces"] == [None, None]
    assert d["supply"]["characters"]["F"] == SUPPLY_2P["F"] - 1
    assert d["supply"]["goods"]["cheese"] == before["supply"]["goods"]["cheese"] - 1
    assert d["pending"] == {"decision": "act", "player": 1}


@pytest.mark.parametrize("step", range(8))
def test_farm_house_reward_of_every_step(step):
    # tracks.json character_tracks.farmers.rewards_by_step
    def e(doc):
        set_place(doc, "farm_house", ["B", "C"])
        doc["players"][0]["tracks"]["farmers"] = step
        doc["supply"]["goods"] = {g: 5 for g in doc["supply"]["goods"]}
    s = play(position(edit=e), "USE farm_house")
    assert player(s)["goods"] == {TRACKS["farmers"].rewards[step].good: 1}


def test_farm_house_blocked_at_the_end_of_the_track_without_farmers_or_the_good():
    # "Once your marker reaches the last space of a track, you may no longer take that action";
    # Running Out of Tiles: "you cannot play an action that provides it" (choices.json farm_house_good_out_of_stock)
    def end(doc):
        set_place(doc, "farm_house", ["B", "C"])
        doc["players"][0]["tracks"]["farmers"] = 8
    assert not legal(position(edit=end), "USE farm_house")

    def no_farmer(doc):
        set_place(doc, "farm_house", ["B", "C"])
        doc["supply"]["characters"]["F"] = 0
    assert not legal(position(edit=no_farmer), "USE farm_house")

    def no_good(doc):
        set_place(doc, "farm_house", ["B", "C"])
        doc["supply"]["goods"]["grain"] = 0            # step 1 shows grain
    assert not legal(position(edit=no_good), "USE farm_house")


@pytest.mark.parametrize("step, coins", [(0, 2), (1, 3), (2, 4), (3, 5)])
def test_village_boatman_coins(step, coins):
    # Village, Boatman: "advance on the Boatmen Track, and receive the depicted coins" (2, 3, 4, 5)
    def e(doc):
        set_place(doc, "village", ["F", "B", "C"])
        doc["players"][0]["tracks"]["boatmen"] = step
    s = position(edit=e)
    before = doc_of(s)["supply"]             # the village's tiles came out of it (issue 24.6)
    play(s, "USE village boatman")
    d = doc_of(s)
    p = d["players"][0]
    assert p["coins"] == 5 + coins and d["supply"]["coins"] == 37 - coins
    assert p["tracks"]["boatmen"] == step + 1 and p["bag"] == {"F": 1, "B": 2, "C": 1}
    assert d["supply"]["characters"]["B"] == before["characters"]["B"] - 1 == SUPPLY_2P["B"] - 2


def test_village_boatman_last_step_citizen_then_coins():
    # "The first player to reach the last space gets a Citizen Tile instead of coins";
    # later players: choices.json boatmen_last_step_coins_when_citizen_gone (6, unconfirmed)
    def e(doc):
        for seat in (0, 1):
            set_place(doc, "village", ["F", "B", "C"], seat)
            doc["players"][seat]["tracks"]["boatmen"] = 4
    s = position(edit=e, hold=False)
    play(s, "USE village boatman")
    d = doc_of(s)
    assert d["citizens"]["boatmen"] == 0 and d["players"][0]["coins"] == 5 and d["players"][0]["citizens"] == 1
    play(s, "USE village boatman")
    d = doc_of(s)
    assert d["citizens"]["boatmen"] == 0 and d["players"][1]["coins"] == 5 + TRACKS["boatmen"].citizen_fallback_coins
    assert d["players"][1]["tracks"]["boatmen"] == 5


def test_village_craftsman_technology_tile():
    # Craftsman: "receive a Technology Tile (usable only after you pass)"
    def e(doc):
        set_place(doc, "village", ["F", "B", "C"])
    s = position(edit=e)
    before = doc_of(s)["supply"]             # the village's tiles came out of it (issue 24.6)
    play(s, "USE village craftsman")
    d = doc_of(s)
    p = d["players"][0]
    assert p["technology_unplaced"] == 1 and p["tracks"]["craftsmen"] == 1 and d["supply"]["technology"] == 15
    assert d["supply"]["characters"]["C"] == before["characters"]["C"] - 1 == SUPPLY_2P["C"] - 2

    def none_left(doc):
        e(doc)
        doc["supply"]["technology"] = 0
    s = position(edit=none_left)
    assert not legal(s, "USE village craftsman") and legal(s, "USE village boatman")


def test_village_trader_place_tile_stages():
    # Expanding the City: "choose a Place Tile from stack I (first advance) or stack I or II (later advances)"
    def e(doc):
        set_place(doc, "village", ["F", "B", "C"])
    s = position(edit=e)
    first = sorted(t.split()[-1] for t in texts(s) if t.startswith("USE village trader"))
    from olab.orleans import PLACE_TILES
    assert first == sorted(t for t, tile in PLACE_TILES.items() if tile.stage == "I")
    play(s, "USE village trader hayrick")
    d = doc_of(s)
    assert d["players"][0]["place_tiles"] == ["hayrick"] and "hayrick" not in d["supply"]["place_tiles"]
    assert d["players"][0]["places"]["hayrick"] == {"spaces": [None], "activated": False}
    assert d["players"][0]["tracks"]["traders"] == 1

    def later(doc):
        e(doc)
        doc["players"][0]["tracks"]["traders"] = 1
    s = position(edit=later)
    assert sum(t.startswith("USE village trader") for t in texts(s)) == 20
    assert legal(s, "USE village trader laboratory")


def test_university_development_rewards_coins_and_citizen():
    # University: "receive Development Points" (tracks.json scholars: +2 +3 +4 +5 +6);
    # coin spaces pay "when you move onto or past"; the citizen space goes to the first to reach it
    def e(doc):
        set_place(doc, "university", ["F", "C", "T"])
        doc["players"][0]["development"] = 2
        doc["players"][0]["tracks"]["scholars"] = 3
    s = play(position(edit=e), "USE university")
    d = doc_of(s)
    p = d["players"][0]
    assert p["development"] == 2 + 5 and p["tracks"]["scholars"] == 4
    assert p["coins"] == 5 + DEVELOPMENT.coin_spaces[7]                    # 7: 3 coins
    assert d["citizens"][f"development:{DEVELOPMENT.citizen_spaces[0]}"] == 0   # passed space 3
    assert p["status"] == 2


def test_castle_knights_draw_limit_and_citizen():
    # Castle: the Knights Track sets the draw (4 -> 5, 6, 7, 7 + citizen, 8)
    def e(doc):
        set_place(doc, "castle", ["F", "B", "T"])
        doc["players"][0]["tracks"]["knights"] = 3
    s = play(position(edit=e), "USE castle")
    d = doc_of(s)
    assert d["players"][0]["tracks"]["knights"] == 4 and d["players"][0]["draw_limit"] == 7
    assert d["citizens"]["knights"] == 0
    assert [position(edit=lambda doc, k=k: doc["players"][0]["tracks"].update(knights=k)).to_json()["players"][0]
            ["draw_limit"] for k in range(6)] == [4, 5, 6, 7, 7, 8]


def test_monastery_monk_not_in_a_pilgrimage_round():
    # Monastery: "Take a Monk Tile into your bag"; Pilgrimage: "You may not recruit Monks this round"
    def e(doc):
        set_place(doc, "monastery", ["S", "T"])
    assert not legal(position(edit=e, event="pilgrimage"), "USE monastery")
    s = play(position(edit=e, event="income"), "USE monastery")
    d = doc_of(s)
    assert d["players"][0]["bag"] == {"T": 1, "S": 1, "M": 1} and d["supply"]["characters"]["M"] == SUPPLY_2P["M"] - 1


def _at_orleans(doc, place, tiles):
    set_place(doc, place, tiles)
    for c in doc["map"]["goods"]:
        doc["map"]["goods"][c] = []
    doc["map"]["goods"]["W01"] = ["wine", "grain"]
    doc["map"]["goods"]["R02"] = ["wool"]


def test_ship_along_a_waterway_taking_a_good():
    # Ship: "Move your Merchant Token along a Waterway to an adjacent town; take a Goods Tile on the way if available"
    s = position(edit=lambda doc: _at_orleans(doc, "ship", ["F", "B", "K"]))
    play(s, "USE ship")
    assert sorted(texts(s)) == ["MOVE W01 grain", "MOVE W01 wine", "MOVE W04 -"]   # Orléans: Briare, Blois
    play(s, "MOVE W01 wine")
    d = doc_of(s)
    assert d["players"][0]["merchant"] == "briare" and d["players"][0]["goods"] == {"wine": 1}
    assert d["map"]["goods"]["W01"] == ["grain"] and d["pending"]["player"] == 1


def test_wagon_along_a_road_and_an_empty_connection():
    # Wagon: "Like Ship, but move along a Road"; Empty Roads/Waterways: "You may use them; you just receive no good"
    s = play(position(edit=lambda doc: _at_orleans(doc, "wagon", ["F", "T", "K"])), "USE wagon")
    assert sorted(texts(s)) == ["MOVE R02 wool", "MOVE R09 -", "MOVE R10 -", "MOVE R11 -"]
    play(s, "MOVE R09 -")
    assert player(s)["merchant"] == "chateaudun" and player(s)["goods"] == {}


def test_ship_needs_a_waterway():
    def e(doc):
        set_place(doc, "ship", ["F", "B", "K"])
        doc["players"][0]["merchant"] = "chartres"          # map.json: Chartres has no waterway
    assert not legal(position(edit=e), "USE ship")


def test_guildhall_one_station_per_town_orleans_one_per_player():
    # Guildhall: "Build a Trading Station ... if none exists there (each town can have only one; each player
    # may build one Trading Station in Orléans)"
    def e(doc):
        for seat in (0, 1):
            set_place(doc, "guildhall", ["F", "C", "K"], seat)
            doc["players"][seat]["merchant"] = "tours"
    s = position(edit=e, hold=False)
    play(s, "USE guildhall")
    d = doc_of(s)
    assert d["map"]["stations"] == {"tours": [0]}
    assert d["players"][0]["stations_built"] == 1 and d["players"][0]["stations_in_stock"] == 9
    assert not legal(s, "USE guildhall")                      # seat 1 in Tours too

    def orleans(doc):
        for seat in (0, 1):
            set_place(doc, "guildhall", ["F", "C", "K"], seat)
        doc["map"]["stations"] = {"orleans": [0]}
        doc["players"][0]["stations_built"] = 1
    s = position(edit=orleans, hold=False)
    assert not legal(s, "USE guildhall")                      # seat 0 has its station in Orléans
    play(s, "PASS")
    play(s, "USE guildhall")
    assert doc_of(s)["map"]["stations"] == {"orleans": [0, 1]}

    def stock(doc):
        set_place(doc, "guildhall", ["F", "C", "K"])
        doc["players"][0]["stations_in_stock"] = 0
    assert not legal(position(edit=stock), "USE guildhall")


def test_scriptorium_one_development_point():
    # Scriptorium: "Receive 1 Development Point"
    def e(doc):
        set_place(doc, "scriptorium", ["K", "S"])
        doc["players"][0]["development"] = 8
    s = play(position(edit=e), "USE scriptorium")
    p = player(s)
    assert p["development"] == 9 and p["status"] == 3 and p["bag"] == {"K": 1, "S": 1}


def test_town_hall_to_the_deeds():
    # Town Hall: "move them to free spaces on the Beneficial Deeds board for the depicted reward"
    s = position(edit=lambda doc: set_place(doc, "town_hall", ["K", "F"]))
    play(s, "USE town_hall")
    assert sorted(texts(s)) == ["DEED city_wall", "DEED papal_conclave", "DEED peace_treaty"]   # the knight first
    play(s, "DEED papal_conclave")
    assert sorted(texts(s)) == ["DEED canalization coin", "DEED canalization development", "DEED city_wall",
                                "DEED defeating_the_plague"]
    # the farmer still waits: the same position, byte for byte, whether played or read from its JSON
    assert doc_of(s)["turn"]["deed_queue"] == ["F"]
    assert s.game.state_from_json(s.to_json()) == s
    assert s.game.deserialize_state(s.serialize()) == s
    play(s, "DEED canalization development")
    d = doc_of(s)
    p = d["players"][0]
    assert p["coins"] == 5 + 3 and p["development"] == 1        # Papal Conclave 3 coins, Canalization 1 point
    assert d["deeds"]["papal_conclave"][0] == {"character": "K", "seat": 0}
    assert [x["seat"] for x in d["deeds"]["canalization"]][5] == 0   # the first farmer space
    assert p["bag"] == {} and p["places"]["town_hall"]["spaces"] == [None, None]   # they stay on the deeds
    assert d["pending"]["player"] == 1


def test_town_hall_with_one_tile_and_completing_a_deed():
    # Town Hall activates with one tile (tracks.json min_to_activate 1); "Completing a Beneficial Deed
    # (placing on its last space) earns that Deed's Citizen Tile"
    def e(doc):
        set_place(doc, "town_hall", ["S", None])
        for x in doc["deeds"]["astronomy"][:2]:
            x["seat"] = 1
        doc["deeds"]["astronomy"][2]["seat"] = 1          # astronomy: scholar, scholar, trader: all full
        doc["deeds"]["boatmen_guild"][0]["seat"] = 1
        doc["deeds"]["boatmen_guild"][1]["seat"] = 1
        doc["deeds"]["boatmen_guild"][2]["seat"] = 1       # boatmen guild: B B B S, the scholar is last
    s = play(position(edit=e), "USE town_hall")
    assert sorted(texts(s)) == ["DEED boatmen_guild", "DEED defeating_the_plague", "DEED peace_treaty"]
    play(s, "DEED boatmen_guild")
    d = doc_of(s)
    assert d["citizens"]["deed:boatmen_guild"] == 0 and d["players"][0]["citizens"] == 1
    assert d["players"][0]["coins"] == 6


def test_town_hall_tile_without_a_free_deed_space_goes_back_to_the_bag():
    # choices.json town_hall_unplaceable_follower
    def e(doc):
        set_place(doc, "town_hall", ["M", "K"])
        for d in ("papal_conclave", "cathedral", "peace_treaty"):
            for x in doc["deeds"][d]:
                if x["character"] == "M":
                    x["seat"] = 1
    s = play(position(edit=e), "USE town_hall")
    assert sorted(texts(s)) == ["DEED city_wall", "DEED papal_conclave", "DEED peace_treaty"]
    play(s, "DEED city_wall")
    assert player(s)["bag"] == {"M": 1}

    def nothing(doc):
        set_place(doc, "town_hall", ["M", None])
        for d in doc["deeds"].values():
            for x in d:
                if x["character"] == "M":
                    x["seat"] = 1
    assert not legal(position(edit=nothing), "USE town_hall")


def test_an_unactivated_place_cannot_be_used():
    # "You can play an action only if it is activated (all spaces occupied)"
    s = position(edit=lambda doc: set_place(doc, "castle", ["F", "B", None]))
    assert not legal(s, "USE castle") and texts(s) == ["PASS"]
