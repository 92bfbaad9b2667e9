"""Beneficial Deeds, citizens, the end of the game and scoring (summary, Town Hall, The Development Track,
End of the Game and Scoring; tracks.json beneficial_deeds, citizen_tiles, scoring).
"""
import pytest

from olab.orleans import DEEDS, DEVELOPMENT
from .orlhelp import doc_of, play, position, set_place, texts

LETTER = {"farmer": "F", "boatman": "B", "craftsman": "C", "trader": "T", "knight": "K", "scholar": "S",
          "monk": "M"}


def _send(deed, fill_all_but_last=False, choice=""):
    # the Town Hall holds the deed's last character; optionally every other space is taken already
    spaces = DEEDS[deed].spaces
    def e(doc):
        set_place(doc, "town_hall", [LETTER[spaces[-1]], None])
        if fill_all_but_last:
            for x in doc["deeds"][deed][:-1]:
                x["seat"] = 1
    s = play(position(edit=e), "USE town_hall")
    return play(s, f"DEED {deed}{choice}")


@pytest.mark.parametrize("deed", [d for d in DEEDS if d != "canalization"])
def test_deed_reward(deed):
    # tracks.json beneficial_deeds.deeds[].reward_per_space.coins
    d = doc_of(_send(deed))
    assert d["players"][0]["coins"] == 5 + DEEDS[deed].coins
    assert sum(x["seat"] == 0 for x in d["deeds"][deed]) == 1


def test_canalization_coin_or_development():
    # "Canalization gives 1 coin or 1 Development Point" (choices.json summary_numbers.canalization)
    assert doc_of(_send("canalization", choice=" coin"))["players"][0]["coins"] == 6
    d = doc_of(_send("canalization", choice=" development"))
    assert d["players"][0]["coins"] == 5 and d["players"][0]["development"] == 1


@pytest.mark.parametrize("deed", list(DEEDS))
def test_deed_citizen_for_the_last_space(deed):
    # "Completing a Beneficial Deed (placing on its last space) earns that Deed's Citizen Tile"
    choice = " coin" if deed == "canalization" else ""
    d = doc_of(_send(deed, fill_all_but_last=True, choice=choice))
    assert d["citizens"][f"deed:{deed}"] == 0 and d["players"][0]["citizens"] == 1
    d = doc_of(_send(deed, fill_all_but_last=False, choice=choice))
    assert d["citizens"][f"deed:{deed}"] is None


def test_development_citizens_first_to_reach_or_pass():
    # The Development Track: a space that holds a Citizen Tile: "the first player to reach it takes it"
    # (spaces: choices.json development_citizen_spaces, unconfirmed)
    first, second, third = DEVELOPMENT.citizen_spaces
    def e(doc):
        set_place(doc, "scriptorium", ["K", "S"])
        set_place(doc, "library", ["K", "S"], 1)
        doc["players"][0]["development"] = second - 1
        doc["players"][1]["development"] = second - 1
    s = position(edit=e, hold=False)
    play(s, "USE scriptorium")                         # seat 0 reaches the second citizen space
    play(s, "USE library")                             # seat 1 passes it: the tile is gone
    d = doc_of(s)
    assert d["citizens"][f"development:{second}"] == 0
    assert d["players"][1]["development"] == second + 1 and d["players"][1]["citizens"] == 0
    assert d["citizens"][f"development:{first}"] is None      # nobody moved over the first one


def _final(edit, players=2):
    # round 18: the last player passes; the event phase (Pilgrimage: nothing) ends the game
    def e(doc):
        for seat in range(players):
            doc["players"][seat]["passed"] = seat > 0
        edit(doc)
    return play(position(players=players, round=18, edit=e, hold=False), "PASS")


def test_the_game_ends_after_round_18_with_the_most_stations_citizen():
    # "The game ends after 18 rounds. First, the player who built the most Trading Stations receives the
    # remaining Citizen Tile (no one on a tie)."
    def e(doc):
        doc["map"]["stations"] = {"tours": [1], "blois": [1], "orleans": [0, 1]}
        doc["players"][0]["stations_built"] = 1
        doc["players"][1]["stations_built"] = 3
    s = _final(e)
    d = doc_of(s)
    assert s.is_terminal() and d["phase"] == "over" and d["pending"] is None
    assert d["citizens"]["most_stations"] == 1

    def tie(doc):
        doc["map"]["stations"] = {"tours": [1], "orleans": [0]}
        doc["players"][0]["stations_built"] = 1
        doc["players"][1]["stations_built"] = 1
    assert doc_of(_final(tie))["citizens"]["most_stations"] is None


def test_scoring_example_of_the_rules():
    # "Example: 5 Trading Stations + 2 Citizen Tiles at Development Status 4 = (5+2) x 4 = 28 VP";
    # coins 1 VP each; goods Brocade 5, Wool 4, Wine 3, Cheese 2, Grain 1
    def e(doc):
        towns = ["tours", "blois", "chinon", "loches", "bourges"]
        doc["map"]["stations"] = {t: [0] for t in towns}
        p = doc["players"][0]
        p.update(stations_built=5, stations_in_stock=5, development=15, coins=7,
                 goods={"brocade": 1, "wool": 1, "wine": 1, "cheese": 1, "grain": 2})
        doc["citizens"]["knights"] = 0
        doc["citizens"]["deed:astronomy"] = 0
    s = _final(e)
    b = s.score_breakdown(0)
    assert b["stations"]["total"] + b["citizens"]["total"] == (5 + 3) * 4   # + the most-stations citizen
    assert b["coins"]["total"] == 7 and b["goods"]["total"] == 5 + 4 + 3 + 2 + 2
    assert b["total"] == s.scores()[0] == 32 + 7 + 16
    assert b["status"] == 4


def test_tie_break_by_the_development_track_then_shared():
    # "Most VP wins. Tie: the player further ahead on the Development Track wins; if still tied, multiple winners."
    def e(doc):
        doc["players"][0].update(coins=6, development=2)
        doc["players"][1].update(coins=6, development=3)
    s = _final(e)
    assert s.scores() == [6, 6] and s.winners() == [1] and s.returns() == [0.0, 1.0]
    s = _final(lambda doc: [p.update(coins=6, development=2) for p in doc["players"]])
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5]
    s = _final(lambda doc: doc["players"][0].update(coins=9))
    assert s.winners() == [0] and s.returns() == [1.0, 0.0]
    assert doc_of(s)["winners"] == [0]


def test_score_categories():
    s = _final(lambda doc: None)
    assert s.game.score_categories() == (("coins", "coins"), ("goods", "goods"), ("stations", "trading stations"),
                                         ("citizens", "citizens"))
    assert texts(s) == []
