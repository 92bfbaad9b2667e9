"""Set-up and the seven phases of a round (summary, Course of Play; tracks.json starting_state, census).

Followers (draw limit, market room, declining a draw to recall a follower),
planning (which tile may stand where), actions (turn order, passing,
technology tiles after passing), the hourglass and the start player.
"""
import pytest

import olab
from olab.orleans import MAP, RULES
from .orlhelp import doc_of, legal, play, player, position, set_place, texts


@pytest.mark.parametrize("players, spaces, supply", [(2, 43, 35), (3, 48, 36), (4, 52, 38)])
def test_setup(players, spaces, supply):
    # tracks.json starting_state; map.json goods_setup.by_player_count; Components (47 coins, 16 technology tiles)
    d = olab.load("orleans", players=players).new_initial_state(4).to_json()
    for p in d["players"]:
        assert p["coins"] == RULES.start_coins and p["merchant"] == MAP.start and p["stations_in_stock"] == 10
        assert p["market"] == {} and p["draw_limit"] == 4 and p["development"] == 0 and p["status"] == 1
    # the first player has drawn nothing yet; every bag holds the four tiles of its colour
    assert all(p["bag"] == {"F*": 1, "B*": 1, "C*": 1, "T*": 1} for p in d["players"])
    assert d["supply"]["coins"] == 47 - 5 * players and d["supply"]["technology"] == 16
    assert sum(len(g) for g in d["map"]["goods"].values()) == spaces
    assert sum(d["supply"]["goods"].values()) == supply
    assert len(d["supply"]["place_tiles"]) == 20
    assert d["round"] == 1 and d["event"] == "pilgrimage" and d["start_player"] == 0
    assert d["hourglass"] == {"pilgrimage": 2, "income": 3, "harvest": 3, "taxes": 3, "trading_day": 3, "plague": 3}
    assert d["pending"] == {"decision": "draw", "player": 0, "drawn": 0, "draw_limit": 4}


def test_same_seed_same_game_and_other_seeds_other_maps():
    g = olab.load("orleans", players=4)
    assert g.new_initial_state(9) == g.new_initial_state(9)
    maps = {str(g.new_initial_state(s).to_json()["map"]["goods"]) for s in range(5)}
    assert len(maps) == 5


def test_exclusion_in_rounds_of_turn_order():
    # Additional Rule: each player may exclude one Place Tile; with 2 players 2 each (choices.json exclusion)
    s = olab.load("orleans", players=2, exclusion=True).new_initial_state(1)
    assert doc_of(s)["pending"] == {"decision": "exclude", "player": 0} and "EXCLUDE -" in texts(s)
    play(s, "EXCLUDE laboratory")
    assert doc_of(s)["pending"]["player"] == 1 and "EXCLUDE laboratory" not in texts(s)
    play(s, "EXCLUDE school", "EXCLUDE -", "EXCLUDE hayrick")
    d = doc_of(s)
    assert d["supply"]["excluded"] == ["hayrick", "school", "laboratory"] and len(d["supply"]["place_tiles"]) == 17
    assert d["phase"] == "followers"
    s = olab.load("orleans", players=3, exclusion=True).new_initial_state(1)
    play(s, "EXCLUDE -", "EXCLUDE -", "EXCLUDE -")
    assert doc_of(s)["phase"] == "followers"


def _end_of_round(players, edit, coins=None):
    # the last player of the actions phase passes: the round's event (Pilgrimage: none), then the next
    # round up to its first draw (every bag holds a tile, so every player is asked)
    def e(doc):
        for seat in range(players):
            doc["players"][seat]["passed"] = seat > 0
            doc["players"][seat]["bag"] = {"K": 1}
        edit(doc)
    return play(position(players=players, edit=e, hold=False), "PASS")


@pytest.mark.parametrize("farmers, coins", [([3, 1, 2], [6, 4, 5]), ([2, 2, 1], [5, 5, 4]), ([2, 1, 1], [6, 5, 5]),
                                            ([1, 1, 1], [5, 5, 5])])
def test_census(farmers, coins):
    # Census: the player furthest ahead on the Farmers Track receives 1 coin, the one furthest behind pays 1;
    # nothing on a tie
    def e(doc):
        for seat, f in enumerate(farmers):
            doc["players"][seat]["tracks"]["farmers"] = f
    s = _end_of_round(3, e)
    d = doc_of(s)
    assert d["round"] == 3 and d["phase"] == "followers"
    assert [p["coins"] for p in d["players"]] == coins


def test_census_two_players_nobody_pays():
    # "2-player: the player behind does not pay; the player ahead still receives a coin"
    s = _end_of_round(2, lambda doc: doc["players"][0]["tracks"].update(farmers=2))
    assert [p["coins"] for p in doc_of(s)["players"]] == [6, 5]


def test_census_payment_by_torture():
    # Torture: "When you must pay something and cannot, replace every missing coin with an item"
    def e(doc):
        doc["players"][0]["tracks"]["farmers"] = 1
        doc["players"][1]["tracks"]["farmers"] = 1
        doc["players"][2]["coins"] = 0
        doc["players"][2]["goods"] = {"wool": 1}
    s = _end_of_round(3, e)
    d = doc_of(s)
    assert d["pending"] == {"decision": "torture", "player": 2, "debt": 1}
    assert texts(s) == ["TORTURE station stock", "TORTURE follower", "TORTURE good wool"]
    play(s, "TORTURE good wool")
    assert doc_of(s)["players"][2]["goods"] == {} and doc_of(s)["pending"]["decision"] == "draw"


def test_start_player_moves_left_and_plans_first():
    # Phase 7: "The current Start Player passes the Start Player Token to the player on their left"
    s = _end_of_round(3, lambda doc: None)
    d = doc_of(s)
    assert d["start_player"] == 1
    assert d["pending"] == {"decision": "draw", "player": 1, "drawn": 0, "draw_limit": 4}   # the start player first


def test_hourglass_chance_node_weights():
    # Phase 1: each round's tile is drawn from the unrevealed ones (explicit chance: their counts)
    def e(doc):
        doc["players"][1]["passed"] = True
        doc["players"][0]["bag"] = {"K": 1}
        doc["hourglass"] = {"pilgrimage": 0, "income": 1, "harvest": 2, "taxes": 0, "trading_day": 0, "plague": 1}
    s = play(position(edit=e, chance="explicit", hold=False, round=14), "PASS")
    assert s.is_chance_node() and doc_of(s)["pending"]["chance"] == "hourglass"
    out = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert out == {"EVENT income": 0.25, "EVENT harvest": 0.5, "EVENT plague": 0.25}
    play(s, "EVENT harvest")
    d = doc_of(s)
    assert d["event"] == "harvest" and d["hourglass"]["harvest"] == 1 and d["round"] == 15


def test_followers_draw_limit_from_the_knights_track():
    # Phase 3: "You may draw a number equal to or lower than your marker on the Knights Track"
    def e(doc):
        doc["players"][0]["bag"] = {"F": 9}
        doc["players"][0]["tracks"]["knights"] = 2                 # draw 6
    s = position(phase="followers", decision="draw", edit=e)
    for _ in range(6):
        assert "DRAW" in texts(s)
        play(s, "DRAW")
    p = player(s)
    assert p["market"] == {"F": 6} and p["bag"] == {"F": 3}
    # the sixth draw ended seat 0's turn; seat 1's bag is empty: no draw, so no recall either
    # (issue 24.5), and the planning begins
    assert doc_of(s)["pending"] == {"decision": "plan", "player": 0}


def test_followers_market_room():
    # "You may not draw more tiles than fit in your Market" (8 spaces)
    def e(doc):
        doc["players"][0]["bag"] = {"F": 9}
        doc["players"][0]["market"] = {"K": 7}
    s = play(position(phase="followers", decision="draw", edit=e), "DRAW")
    # the market is full: seat 0's turn is over (seat 1, with an empty bag, has nothing to decide)
    assert player(s)["market"] == {"F": 1, "K": 7} and doc_of(s)["pending"] == {"decision": "plan", "player": 0}


def test_declined_draws_recall_placed_followers():
    # "During Phase 3, for each Follower you decline to draw, you may move a Character Tile from an Action
    # Space to your Market" (choices.json recall_for_declined_draws); technology tiles stay
    def e(doc):
        doc["players"][0]["bag"] = {"F": 4}
        set_place(doc, "castle", ["F", "technology", "T"])
        set_place(doc, "cheese_factory", ["F", "F"])
    s = position(phase="followers", decision="draw", edit=e)
    play(s, "DRAW", "DRAW", "STOP")                                   # 2 of 4 declined, 2 in the bag
    d = doc_of(s)
    assert d["pending"] == {"decision": "recall", "player": 0, "recalls_left": 2}
    assert sorted(texts(s)) == ["DONE", "RECALL castle 0", "RECALL castle 2", "RECALL cheese_factory 0"]
    play(s, "RECALL cheese_factory 0", "RECALL castle 2")
    p = player(s)
    assert p["market"] == {"F": 3, "T": 1} and p["places"]["cheese_factory"]["spaces"] == ["F", None]
    assert p["places"]["castle"]["spaces"] == ["F", "technology", None]
    assert doc_of(s)["pending"] == {"decision": "plan", "player": 0}  # no recall left; seat 1 has no bag


@pytest.mark.parametrize("bag, recalls", [({}, 0), ({"F": 1}, 1), ({"F": 2}, 2), ({"F": 6}, 4)])
def test_recalls_only_for_draws_that_could_have_been_made(bag, recalls):
    # issue 24.5: "for each Follower you decline to draw" -- a draw the bag cannot give is not
    # declined: an empty bag with limit 4 offered 4 recalls (choices.json recall_for_declined_draws)
    def e(doc):
        doc["players"][0]["bag"] = dict(bag)
        set_place(doc, "cheese_factory", ["F", "F"])
        set_place(doc, "castle", ["F", "K", None])
    s = play(position(phase="followers", decision="draw", edit=e), "STOP")
    d = doc_of(s)
    if recalls:
        assert d["pending"] == {"decision": "recall", "player": 0, "recalls_left": recalls}
    else:
        assert d["phase"] != "followers" and d["pending"]["decision"] != "recall"   # nothing to draw or recall


@pytest.mark.parametrize("tile, space, ok", [
    ("F", "village 0", True), ("F*", "village 0", True), ("B", "village 0", False),
    ("M", "ship 2", True),            # monks for any other character, knights too (choices.json)
    ("M", "village 1", True), ("S", "monastery 0", True), ("T", "monastery 0", False),
    ("K", "town_hall 0", True), ("M", "town_hall 0", True), ("F*", "town_hall 0", False),
])
def test_planning_which_tile_stands_where(tile, space, ok):
    # Phase 4 and Monastery: "Monks can substitute for any other Character Tile, but not vice versa";
    # Town Hall: "You may not place the Followers of your color"
    s = position(phase="planning", decision="plan", edit=lambda doc: doc["players"][0].update(market={tile: 1}))
    assert legal(s, f"PLACE {tile} {space}") == ok


def test_planning_monk_spaces_take_only_monks_and_equal_spaces_are_one_choice():
    def e(doc):
        doc["players"][0]["market"] = {"F": 2, "S": 1, "M": 1}
        set_place(doc, "brewery", [None])
        set_place(doc, "cheese_factory", [None, None])
    s = position(phase="planning", decision="plan", edit=e)
    t = texts(s)
    assert "PLACE S brewery 0" not in t and "PLACE M brewery 0" in t
    assert "PLACE F cheese_factory 0" in t and "PLACE F cheese_factory 1" not in t
    play(s, "PLACE F cheese_factory 0")
    assert "PLACE F cheese_factory 1" in texts(s)


def test_partial_activation_carries_over():
    # "you need not place all required tiles in the same Planning Phase—until all are placed, the action
    # is not activated"; "unused activated actions remain activated for later rounds"
    def e(doc):
        doc["players"][0]["market"] = {"F": 1, "B": 1}
        doc["players"][1]["market"] = {"F": 1}
    s = position(phase="planning", decision="plan", edit=e)
    play(s, "PLACE F castle 0", "PLACE B castle 1")          # the market is empty: planning ends by itself
    p = player(s)
    assert p["places"]["castle"] == {"spaces": ["F", "B", None], "activated": False}
    assert doc_of(s)["pending"] == {"decision": "plan", "player": 1}
    play(s, "DONE")                                            # seat 1 keeps its farmer; the actions phase
    assert not legal(s, "USE castle") and player(s)["places"]["castle"]["spaces"] == ["F", "B", None]


def test_actions_in_turn_order_and_passing():
    # Phase 5: "Beginning with the Start Player and clockwise, each player may carry out 1 action or pass.
    # If you pass, you cannot act again this round."
    def e(doc):
        for seat in range(3):
            set_place(doc, "scriptorium", ["K", "S"], seat)
        set_place(doc, "castle", ["F", "B", "T"], 2)
    s = position(players=3, seat=1, start=1, edit=e, hold=False)
    play(s, "USE scriptorium")
    assert doc_of(s)["pending"]["player"] == 2
    play(s, "USE castle")
    assert doc_of(s)["pending"]["player"] == 0
    play(s, "PASS")
    assert doc_of(s)["pending"]["player"] == 2                # seat 1 has nothing left and passed by itself
    play(s, "USE scriptorium")
    d = doc_of(s)
    assert d["round"] == 3 and [p["development"] for p in d["players"]] == [0, 1, 1]


def test_technology_after_passing_first_on_a_farmer():
    # Technology: "the first Technology Tile must replace a Farmer; subsequent tiles may replace any Character
    # Tile except Monks; no more than 1 per Place; not at a Place requiring a single tile"
    def e(doc):
        doc["players"][0]["technology_unplaced"] = 2
        doc["players"][1]["passed"] = False
    s = play(position(edit=e), "PASS")
    assert doc_of(s)["pending"] == {"decision": "technology", "player": 0}
    farmer_spaces = ["TECH castle 0", "TECH guildhall 0", "TECH ship 0", "TECH university 0", "TECH village 0",
                     "TECH wagon 0"]
    assert sorted(texts(s)) == ["DONE"] + farmer_spaces
    play(s, "TECH village 0")
    t = texts(s)
    assert "TECH village 1" not in t                          # one per place
    assert "TECH monastery 0" in t and "TECH farm_house 1" in t and "TECH town_hall 0" not in t
    play(s, "TECH monastery 1")
    p = player(s)
    assert p["places"]["village"]["spaces"] == ["technology", None, None] and p["technology_placed"] == 2
    assert p["technology_unplaced"] == 0 and doc_of(s)["pending"]["player"] == 1


def test_technology_never_on_monk_or_single_spaces():
    def e(doc):
        doc["players"][0]["technology_unplaced"] = 1
        doc["players"][0]["technology_placed"] = 1
        for t in ("hayrick", "brewery", "cellar"):
            set_place(doc, t, [None] * (2 if t == "cellar" else 1))
    s = play(position(edit=e), "PASS")
    t = texts(s)
    assert "TECH hayrick 0" not in t and "TECH brewery 0" not in t
    assert "TECH cellar 0" not in t and "TECH cellar 1" in t   # cellar: monk + scholar


def test_technology_fills_its_space_for_good():
    # "Place a Technology Tile on an Action Space to permanently replace the required Character Tile there"
    s = play(position(edit=lambda doc: set_place(doc, "village", ["technology", "B", "C"])), "USE village boatman")
    p = player(s)
    assert p["places"]["village"]["spaces"] == ["technology", None, None] and p["bag"] == {"B": 2, "C": 1}


def test_fit_masks_agree_with_the_rule_for_every_tile_and_space():
    # the generator's bit masks and the one-space check give the same placements, with and without
    # the Herb Garden and the School
    import olab
    for tiles, market in [(t, m) for t in ([], ["herb_garden"], ["school"], ["herb_garden", "school"])
                          for m in (["F", "B", "C", "T", "K", "S", "M", "F*"], ["B*", "C*", "T*", "S"])]:
        def e(doc, tiles=tiles, market=market):
            doc["players"][0]["market"] = {k: 1 for k in market}
            for t in tiles:
                doc["players"][0]["place_tiles"].append(t)
                doc["supply"]["place_tiles"].remove(t)
        s = position(phase="planning", decision="plan", edit=e)
        listed = set(s.legal_actions())
        every = {a for a in range(s.game.num_distinct_actions()) if s.is_legal(a)}
        assert listed == every and len(listed) > 10


def test_fill_is_the_placements_one_by_one():
    # FILL <place>: every free space at once, the character itself first, then the player's own
    # tile of it, a stand-in, a monk last (a shortcut: the same position as the PLACE actions)
    def e(doc):
        doc["players"][0]["market"] = {"F*": 1, "K": 1, "B": 1, "T": 2}
        doc["players"][1]["market"] = {"F": 1}
    s = position(phase="planning", decision="plan", edit=e)
    assert "FILL castle" in texts(s) and "FILL university" not in texts(s)   # no craftsman, no monk
    one = play(s.clone(), "FILL castle")
    steps = play(s.clone(), "PLACE F* castle 0", "PLACE B castle 1", "PLACE T castle 2")
    assert one == steps
    p = player(one)
    assert p["places"]["castle"] == {"spaces": ["F*", "B", "T"], "activated": True} and p["market"] == {"T": 1, "K": 1}
    assert "FILL town_hall" not in texts(s) and "FILL hayrick" not in texts(s)


def test_fill_uses_a_monk_last_and_needs_two_free_spaces():
    def e(doc):
        doc["players"][0]["market"] = {"M": 1, "C": 1}
        set_place(doc, "university", ["F", None, None])
        doc["players"][1]["market"] = {"F": 1}
    s = position(phase="planning", decision="plan", edit=e)
    play(s, "FILL university")
    assert player(s)["places"]["university"]["spaces"] == ["F", "C", "M"]

    def one_free(doc):
        doc["players"][0]["market"] = {"C": 1, "K": 1}
        set_place(doc, "guildhall", ["F", None, "K"])
    assert "FILL guildhall" not in texts(position(phase="planning", decision="plan", edit=one_free))


def test_draw_all_draws_every_allowed_tile_one_chance_node_each():
    # DRAW_ALL: as many draws as allowed, each still a chance node with the bag's weights
    def e(doc):
        doc["players"][0]["bag"] = {"K": 2, "S": 2}
        doc["players"][0]["tracks"]["knights"] = 1             # draw 5
    s = position(phase="followers", decision="draw", chance="explicit", edit=e)
    assert texts(s) == ["DRAW", "DRAW_ALL", "STOP"]
    play(s, "DRAW_ALL")
    for k in ("K", "S", "K", "S"):
        assert s.is_chance_node()
        play(s, f"DRAWN {k}")
    p = player(s)
    assert p["market"] == {"K": 2, "S": 2} and p["bag"] == {}
    # bag empty: seat 0 is done, and seat 1's empty bag gives it nothing to draw or recall
    assert not s.is_chance_node() and doc_of(s)["pending"] == {"decision": "plan", "player": 0}
    sampled = play(position(phase="followers", decision="draw", edit=e), "DRAW_ALL")
    assert player(sampled)["market"] == {"K": 2, "S": 2}
