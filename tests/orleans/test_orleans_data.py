"""The rules objects read the data (olab/data/orleans) faithfully: one test per group of facts.

Each test names the data key (tracks.json / map.json / choices.json) or the
line of the team's rules summary it rests on.
"""
import json
from importlib import resources

import pytest

from olab.orleans import components, tables
from olab.orleans.components import (BOARD_PLACES, CHARACTERS, CITIZENS, DEEDS, DEVELOPMENT, EVENTS, GOODS, MAP,
                                     PLACE_TILES, PLACES, TRACKS)
from olab.orleans.rules import RULES


def _data(name):
    with resources.files("olab").joinpath("data", "orleans", name).open(encoding="utf-8") as f:
        return json.load(f)


def test_the_data_files_are_the_shared_ones_unchanged():
    # tracks.json and map.json are copied from ../shared/rules/orleans/ as they are
    tracks, mapdata, choices = components.load_data()
    assert tracks["game"].startswith("Orl") and mapdata["counts"]["connections"] == 43
    assert "about" in choices


def test_characters_and_their_supply():
    # tracks.json character_supply.neutral_supply_by_player_count (single source for the split)
    assert tuple(CHARACTERS) == components.CHARACTER_ORDER
    assert [CHARACTERS[c].supply[4] for c in components.CHARACTER_ORDER] == [16, 10, 10, 10, 14, 14, 14]
    assert [CHARACTERS[c].supply[3] for c in components.CHARACTER_ORDER] == [14, 8, 8, 8, 11, 11, 11]
    assert [CHARACTERS[c].supply[2] for c in components.CHARACTER_ORDER] == [12, 6, 6, 6, 8, 8, 8]
    # 104 character tiles = 88 neutral + 16 of the four colours (components)
    assert sum(CHARACTERS[c].supply[4] for c in CHARACTERS) + 16 == 104
    assert CHARACTERS["monk"].track is None and CHARACTERS["knight"].track == "knights"


def test_goods():
    # summary: 90 Goods (24 Grain, 21 Cheese, 18 Wine, 15 Wool, 12 Brocade); Brocade 5 ... Grain 1 VP
    assert {g: GOODS[g].count for g in GOODS} == {"grain": 24, "cheese": 21, "wine": 18, "wool": 15, "brocade": 12}
    assert {g: GOODS[g].points for g in GOODS} == {"grain": 1, "cheese": 2, "wine": 3, "wool": 4, "brocade": 5}
    # Harvest: "Pay 1 food item (grain, cheese, or wine)"
    assert [g for g in GOODS if GOODS[g].food] == ["grain", "cheese", "wine"]


def test_tracks():
    # tracks.json character_tracks.*.rewards_by_step
    assert [r.good for r in TRACKS["farmers"].rewards] == ["grain", "grain", "cheese", "cheese", "wine", "wine",
                                                            "wool", "brocade"]
    assert [r.coins for r in TRACKS["boatmen"].rewards[:4]] == [2, 3, 4, 5]
    assert TRACKS["boatmen"].rewards[4].citizen and TRACKS["boatmen"].citizen_fallback_coins == 6
    assert all(r.technology for r in TRACKS["craftsmen"].rewards) and TRACKS["craftsmen"].steps == 5
    assert all(r.place_tile for r in TRACKS["traders"].rewards)
    assert TRACKS["traders"].first_step_stages == ("I",) and TRACKS["traders"].later_stages == ("I", "II")
    assert [r.development for r in TRACKS["scholars"].rewards] == [2, 3, 4, 5, 6]
    # summary: "The 4th Knight doesn't increase the number (7) but may grant a Citizen Tile"
    k = TRACKS["knights"].rewards
    assert [r.draw for r in k] == [5, 6, 7, None, 8] and k[3].citizen


def test_development_track():
    # tracks.json development_track; citizen spaces choices.json development_citizen_spaces (unconfirmed)
    assert DEVELOPMENT.length == 30
    assert dict(DEVELOPMENT.coin_spaces) == {7: 3, 12: 4, 25: 5}
    assert DEVELOPMENT.citizen_spaces == tuple(_data("choices.json")["development_citizen_spaces"]["value"])
    assert [DEVELOPMENT.status(d) for d in (0, 3, 4, 8, 9, 14, 15, 21, 22, 29, 30)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]


def test_board_places():
    # tracks.json player_board.places; Town Hall: summary "You may not place the Followers of your color"
    needs = {p: BOARD_PLACES[p].needs for p in BOARD_PLACES}
    assert needs == {
        "farm_house": ("boatman", "craftsman"), "village": ("farmer", "boatman", "craftsman"),
        "university": ("farmer", "craftsman", "trader"), "castle": ("farmer", "boatman", "trader"),
        "monastery": ("scholar", "trader"), "ship": ("farmer", "boatman", "knight"),
        "wagon": ("farmer", "trader", "knight"), "guildhall": ("farmer", "craftsman", "knight"),
        "scriptorium": ("knight", "scholar"), "town_hall": ("any_neutral", "any_neutral")}
    assert BOARD_PLACES["town_hall"].min_to_activate == 1
    assert all(BOARD_PLACES[p].min_to_activate == len(BOARD_PLACES[p].needs) for p in BOARD_PLACES if p != "town_hall")


def test_place_tiles():
    # choices.json place_tiles: stage and needs per tile, 12 of stage I and 8 of stage II
    choices = {t["id"]: t for t in _data("choices.json")["place_tiles"]["tiles"]}
    assert len(PLACE_TILES) == 20 and set(PLACE_TILES) == set(choices)
    for tid, tile in PLACE_TILES.items():
        assert tile.stage == choices[tid]["stage"] and list(tile.needs) == choices[tid]["needs"]
        assert tile.kind == choices[tid]["effect"]["kind"]
    stages = [t.stage for t in PLACE_TILES.values()]
    assert stages.count("I") == 12 and stages.count("II") == 8
    assert PLACE_TILES["school"].passive and PLACE_TILES["herb_garden"].passive
    assert PLACE_TILES["pharmacy"].needs == ("any",)          # summary: "Activate with any Character Tile"
    assert PLACE_TILES["bathhouse"].needs == ("boatman",)     # summary: "the Bathhouse's Follower"
    assert dict(PLACE_TILES["windmill"].params) == {"coins": 2, "development": 1}
    assert list(PLACES)[:10] == list(BOARD_PLACES)


def test_deeds():
    # tracks.json beneficial_deeds: 8 deeds, 45 spaces, coins per space; Canalization coin or development
    assert len(DEEDS) == 8 and sum(len(d.spaces) for d in DEEDS.values()) == 45
    assert {d: DEEDS[d].coins for d in DEEDS} == {"city_wall": 1, "papal_conclave": 3, "defeating_the_plague": 2,
                                                 "astronomy": 1, "boatmen_guild": 1, "cathedral": 2,
                                                 "peace_treaty": 2, "canalization": 1}
    assert DEEDS["canalization"].or_development == 1
    assert DEEDS["papal_conclave"].spaces == ("knight", "monk", "monk")


def test_citizens():
    # tracks.json citizen_tiles: 14 = 8 deeds + 3 development + knights + boatmen + most stations
    assert len(CITIZENS) == 14
    assert [c.source for c in CITIZENS].count("deed") == 8
    assert [c.source for c in CITIZENS].count("development") == 3
    assert CITIZENS[-1].id == "most_stations"


def test_events():
    # summary, The Events in Detail: six events, three tiles each; Pilgrimage always first
    assert tuple(EVENTS) == components.EVENT_ORDER and all(e.count == 3 for e in EVENTS.values())
    assert RULES.first_event == "pilgrimage"


@pytest.mark.parametrize("players, spaces, removed", [(2, 43, 12), (3, 48, 6), (4, 52, 0)])
def test_map(players, spaces, removed):
    # map.json: 23 towns, 43 connections (29 roads, 14 waterways), goods spaces 43/48/52, goods removed
    assert len(MAP.towns) == 23 and len(MAP.connections) == 43
    assert sum(c.kind == "road" for c in MAP.connections) == 29
    assert MAP.spaces(players) == spaces and MAP.removed_goods[players] == removed
    assert MAP.start == "orleans"
    assert {c.id for c in MAP.connections_of("chinon")} == {"R27", "W06", "W12", "W13"}


def test_setup_numbers():
    # summary Components / tracks.json starting_state / choices.json summary_numbers
    r = RULES
    assert (r.rounds, r.start_coins, r.market, r.stations, r.draw, r.coins_total, r.technology_tiles) == \
        (18, 5, 8, 10, 4, 47, 16)
    assert r.starting_followers == ("farmer", "boatman", "craftsman", "trader")
    assert (r.census_gain, r.census_pay, r.census_two_player_pay) == (1, 1, False)
    assert (r.harvest_coins, r.taxes_goods_per_coin, r.scriptorium_development) == (5, 3, 1)
    assert dict(r.exclusion_per_player) == {2: 2, 3: 1, 4: 1}
    assert (r.pharmacy_max_coins, r.bathhouse_draw, r.bathhouse_place, r.tower_room) == (3, 3, 2, 2)


def test_core_tables_cover_every_place():
    t = tables.core_tables()
    assert len(t["places"]) == 30 and len(t["connections"]) == 43 and len(t["deeds"]) == 8
    assert t["dev_status"][30] == 6 and t["knight_draw"] == [5, 6, 7, 0, 8]
