"""The six events, the Sacristy, torture and running out of coins (summary, The Events in Detail; Torture;
General Rules).

A position is the last action of a round: seat 0 passes, phase 6 resolves
the event for every player in turn order from the start player, and the
next round begins (every bag holds a tile, so the next round stops at its
first draw).
"""
import pytest

from olab.orleans import DEVELOPMENT
from .orlhelp import doc_of, play, position, set_place, texts


def after_event(event, edit=None, players=2, chance="sampled"):
    def e(doc):
        for seat in range(players):
            doc["players"][seat]["passed"] = seat > 0
            doc["players"][seat]["bag"] = doc["players"][seat]["bag"] or {"K": 1}
        if edit:
            edit(doc)
    return play(position(players=players, event=event, edit=e, hold=False, chance=chance), "PASS")


def test_pilgrimage_has_no_phase_6_effect():
    d = doc_of(after_event("pilgrimage"))
    assert [p["coins"] for p in d["players"]] == [5, 5] and d["round"] == 3


def test_income_coins_equal_to_status():
    # Income: "Receive coins equal to your Development Status"
    def e(doc):
        doc["players"][0]["development"] = 9          # status 3
        doc["players"][1]["development"] = 30         # status 6
    d = doc_of(after_event("income", e))
    assert [p["coins"] for p in d["players"]] == [5 + 3, 5 + 6] and d["supply"]["coins"] == 37 - 9


def test_income_when_the_supply_runs_short():
    # "If the supply temporarily lacks coins, players cannot receive coins then" (in turn order)
    def e(doc):
        doc["players"][0]["development"] = 9
        doc["players"][1]["development"] = 9
        doc["supply"]["coins"] = 4
    d = doc_of(after_event("income", e))
    assert [p["coins"] for p in d["players"]] == [8, 6] and d["supply"]["coins"] == 0


def test_trading_day_coin_per_station():
    # Trading Day: "Receive 1 coin per Trading Station you built"
    def e(doc):
        doc["map"]["stations"] = {"tours": [1], "blois": [1], "orleans": [0, 1]}
        doc["players"][0]["stations_built"] = 1
        doc["players"][1]["stations_built"] = 3
    d = doc_of(after_event("trading_day", e))
    assert [p["coins"] for p in d["players"]] == [6, 8]


def test_harvest_food_choice_coins_or_torture():
    # Harvest: "Pay 1 food item (grain, cheese, or wine) to the Goods Market; if you cannot, pay 5 coins;
    # if not, undergo torture"
    def e(doc):
        doc["players"][0]["goods"] = {"grain": 1, "wine": 2, "wool": 1}
        doc["players"][1]["goods"] = {"brocade": 1}
        doc["players"][1]["coins"] = 3
    s = after_event("harvest", e)
    assert doc_of(s)["pending"] == {"decision": "harvest", "player": 0}
    assert texts(s) == ["FOOD grain", "FOOD wine"]
    before = doc_of(s)["supply"]["goods"]["wine"]
    play(s, "FOOD wine")
    d = doc_of(s)
    assert d["players"][0]["goods"] == {"grain": 1, "wine": 1, "wool": 1}
    assert d["supply"]["goods"]["wine"] == before + 1
    # seat 1 has no food and 3 coins: pays them, and 2 items by torture
    assert d["players"][1]["coins"] == 0 and d["pending"] == {"decision": "torture", "player": 1, "debt": 2}
    play(s, "TORTURE good brocade", "TORTURE station stock")
    d = doc_of(s)
    assert d["players"][1]["goods"] == {} and d["players"][1]["stations_in_stock"] == 9
    assert d["round"] == 3


def test_harvest_one_food_is_paid_without_asking_and_five_coins_without_food():
    def e(doc):
        doc["players"][0]["goods"] = {"cheese": 2}
        doc["players"][1]["coins"] = 7
    d = doc_of(after_event("harvest", e))
    assert d["players"][0]["goods"] == {"cheese": 1} and d["players"][1]["coins"] == 2


def test_taxes_coin_per_three_goods():
    # Taxes: "Pay 1 coin per 3 goods you have; if you cannot, undergo torture"
    def e(doc):
        doc["players"][0]["goods"] = {"grain": 4, "wool": 4}      # 8 goods: 2 coins
        doc["players"][1]["goods"] = {"grain": 2}                 # 2 goods: nothing
    d = doc_of(after_event("taxes", e))
    assert [p["coins"] for p in d["players"]] == [3, 5]


def test_plague_loses_a_neutral_follower_to_the_supply():
    # Plague: "draw one from your bag and return it to the board (you cannot lose the Followers of your
    # color—if you draw one, you lose nothing this round). Do not move back on the corresponding track."
    def e(doc):
        doc["players"][0]["bag"] = {"K": 3, "F*": 1}
        doc["players"][0]["tracks"]["knights"] = 3
        doc["players"][1]["bag"] = {"C*": 1}
    s = after_event("plague", e, chance="explicit")
    assert s.is_chance_node() and doc_of(s)["pending"] == {"decision": "chance", "chance": "plague",
                                                           "player": None, "bag_of": 0}
    assert {s.action_to_string(a): p for a, p in s.chance_outcomes()} == {"DRAWN K": 0.75, "DRAWN F*": 0.25}
    supply = doc_of(s)["supply"]["characters"]["K"]
    play(s, "DRAWN K")
    d = doc_of(s)
    assert d["players"][0]["bag"] == {"K": 2, "F*": 1} and d["supply"]["characters"]["K"] == supply + 1
    assert d["players"][0]["tracks"]["knights"] == 3
    play(s, "DRAWN C*")                                            # seat 1 draws its own colour: nothing lost
    assert doc_of(s)["players"][1]["bag"] == {"C*": 1}


@pytest.mark.parametrize("event", ["harvest", "taxes", "plague"])
def test_sacristy_protects_from_negative_events(event):
    # Sacristy: "Protects you from a negative event (Harvest, Taxes, or Plague) if activated; during the Event
    # Phase, return the activating Monk to your bag instead of suffering the event" (choices.json sacristy)
    def e(doc):
        set_place(doc, "sacristy", ["M"])
        doc["players"][0]["goods"] = {"wool": 6}
        doc["players"][0]["bag"] = {"K": 1}
    d = doc_of(after_event(event, e))
    p = d["players"][0]
    assert p["places"]["sacristy"]["spaces"] == [None] and p["goods"] == {"wool": 6} and p["coins"] == 5
    assert p["bag"] == {"K": 1, "M": 1}


@pytest.mark.parametrize("event, edit", [
    # Taxes: "Pay 1 coin per 3 goods you have" -- two goods: nothing due
    ("taxes", lambda doc: doc["players"][0].update(goods={"wool": 2})),
    # Plague: "you cannot lose the Followers of your color" -- a bag of them alone: nothing to lose
    ("plague", lambda doc: doc["players"][0].update(bag={"F*": 1})),
    # (a Harvest always costs its owner something: food, coins, or by torture at least the
    # Sacristy tile itself)
])
def test_sacristy_is_kept_when_the_event_would_cost_nothing(event, edit):
    # issue 24.5: "return the activating Monk ... instead of suffering the event": with nothing to
    # suffer the Sacristy is not spent (it fired on a Taxes round with nothing due, a Plague that
    # could take nothing, and the protection was lost); choices.json sacristy
    def e(doc):
        set_place(doc, "sacristy", ["M"])
        edit(doc)
    d = doc_of(after_event(event, e))
    assert d["players"][0]["places"]["sacristy"]["spaces"] == ["M"]


def test_sacristy_still_protects_when_the_plague_could_take_a_tile():
    # a bag of one own-colour tile and one knight: the Plague may take the knight
    def e(doc):
        set_place(doc, "sacristy", ["M"])
        doc["players"][0]["bag"] = {"F*": 1, "K": 1}
    d = doc_of(after_event("plague", e))
    assert d["players"][0]["places"]["sacristy"]["spaces"] == [None] and d["players"][0]["bag"]["K"] == 1


def test_sacristy_stays_for_positive_events():
    def e(doc):
        set_place(doc, "sacristy", ["M"])
    d = doc_of(after_event("income", e))
    assert d["players"][0]["places"]["sacristy"]["spaces"] == ["M"] and d["players"][0]["coins"] == 6


def _torture(edit):
    # seat 1 owes 3 coins of taxes (9 goods) and has none
    def e(doc):
        doc["players"][1]["coins"] = 0
        doc["players"][1]["goods"] = {"grain": 9}
        edit(doc)
    return after_event("taxes", e)


def test_torture_menu():
    # Torture: "a Trading Station, a Follower (draw randomly; redraw if it's your color), a Development Point
    # (move one space left, but not onto/past a coin space), a Goods Tile, a Place Tile, or a Technology Tile"
    def e(doc):
        p = doc["players"][1]
        p["bag"] = {"S": 1, "T*": 1}
        p["development"] = 5
        p["technology_unplaced"] = 1
        set_place(doc, "hayrick", ["F"], 1)
        set_place(doc, "castle", ["technology", None, None], 1)
        doc["map"]["stations"] = {"tours": [1]}
        p["stations_built"] = 1
    s = _torture(e)
    assert doc_of(s)["pending"] == {"decision": "torture", "player": 1, "debt": 3}
    assert texts(s) == ["TORTURE station stock", "TORTURE follower", "TORTURE development",
                        "TORTURE technology unplaced", "TORTURE good grain", "TORTURE place hayrick",
                        "TORTURE station tours", "TORTURE technology castle"]
    play(s, "TORTURE place hayrick", "TORTURE station tours", "TORTURE development")
    d = doc_of(s)
    p = d["players"][1]
    assert p["place_tiles"] == [] and "hayrick" not in d["supply"]["place_tiles"]   # out of the game
    assert p["bag"] == {"F": 1, "S": 1, "T*": 1}              # the hayrick's farmer back in the bag
    assert d["map"]["stations"] == {} and p["stations_built"] == 0 and p["development"] == 4


def test_torture_follower_is_drawn_among_neutral_tiles_and_leaves_the_game():
    def e(doc):
        doc["players"][1]["bag"] = {"S": 1, "K": 3, "T*": 1, "F*": 1}
    s = _torture(e)
    s2 = s.game.state_from_json(s.to_json())
    play(s, "TORTURE follower")
    # explicit chance shows the weights: the player's colour is redrawn, so only S and K count
    from .orlhelp import fresh_doc
    import olab
    g = olab.load("orleans", players=2, chance="explicit")
    doc = s2.to_json()
    doc["config"] = g.config()
    x = g.state_from_json(doc)
    play(x, "TORTURE follower")
    assert {x.action_to_string(a): p for a, p in x.chance_outcomes()} == {"DRAWN K": 0.75, "DRAWN S": 0.25}
    supply = doc_of(x)["supply"]["characters"]["K"]
    play(x, "DRAWN K")
    d = doc_of(x)
    assert d["players"][1]["bag"] == {"S": 1, "K": 2, "T*": 1, "F*": 1}
    assert d["supply"]["characters"]["K"] == supply        # removed from the game, not to the supply
    assert d["pending"]["debt"] == 2


def test_torture_development_never_onto_or_off_a_coin_space():
    for dev, ok in [(1, True), (6, True), (7, False), (8, False), (9, True), (0, False)]:
        s = _torture(lambda doc, dev=dev: doc["players"][1].update(development=dev))
        assert ("TORTURE development" in texts(s)) == ok, dev
    assert 7 in DEVELOPMENT.coin_spaces


def test_torture_with_nothing_left_forgives_the_rest():
    # the debt ends when the player has nothing (left) to give up
    def e(doc):
        p = doc["players"][1]
        p.update(coins=1, goods={"brocade": 1}, stations_in_stock=0, bag={"F*": 1})
    s = after_event("harvest", e)                  # no food: 5 coins; 1 paid, 4 missing, one item to give
    assert doc_of(s)["pending"] == {"decision": "torture", "player": 1, "debt": 4}
    assert texts(s) == ["TORTURE good brocade"]
    play(s, "TORTURE good brocade")
    d = doc_of(s)
    assert d["round"] == 3 and d["players"][1]["goods"] == {} and d["players"][1]["coins"] == 0
