"""The calendar (rulebook: Course of the Game, The End of the Game and the Winner, The Solo Game Variant):
nine half years, the months, the special action and the starting player, the end and the tie-break."""
import pytest

import olab
from .arlehelp import decision, goods, make, play, player, set_goods, start, texts


def skip_all(state, n):
    seats = []
    for _ in range(n):
        seats.append(state.current_player())
        play(state, "SKIP")
    return seats


def test_in_each_month_the_start_player_goes_first():
    # "Take turns placing your Workers ... In each Month, the player with the Starting Player Marker goes first."
    g, doc = start(players=2, seat=1)
    s = make(g, doc)
    assert skip_all(s, 8) == [1, 0, 1, 0, 1, 0, 1, 0]
    # no special action: "the Starting Player Marker changes hands automatically at the end of the Half Year"
    assert s.to_json()["half_year"] == 2 and s.to_json()["start_player"] == 0 and s.current_player() == 0


@pytest.mark.parametrize("user, next_sp", [(0, 1), (1, 0)])
def test_the_special_action_gives_the_opponent_the_marker(user, next_sp):
    # "When a player makes use of this Special Action, his opponent receives the
    # Starting Player Marker for the subsequent Half Year."
    g, doc = start(players=2, seat=0)
    s = make(g, doc)
    if user == 1:
        play(s, "SKIP")
    play(s, "PLACE peat_boatman")                      # a winter space in summer
    assert s.to_json()["special_action_by"] == user and goods(s, user)["peat"] == 6
    # only one of the 8 workers may use it
    assert not any(t.startswith("PLACE") and t.split()[1] in ("tanner", "potter") for t in texts(s))
    while s.to_json()["half_year"] == 1:
        play(s, "SKIP" if decision(s) == "turn" else "DONE")
    assert s.to_json()["start_player"] == next_sp


def test_no_special_action_in_the_solo_game():
    # "In the solo game there is no Special Action"
    g, doc = start(players=1)
    s = make(g, doc)
    assert not any(t in texts(s) for t in ("PLACE peat_boatman", "PLACE potter", "PLACE winter_laborer"))
    g, doc = start(players=1, half_year=2)
    assert "PLACE fisherman" not in texts(make(g, doc)) and "PLACE potter" in texts(make(g, doc))


def test_an_occupied_space_is_blocked():
    g, doc = start(players=2, seat=0)
    s = play(make(g, doc), "PLACE woodcutter")
    assert s.current_player() == 1 and "PLACE woodcutter" not in texts(s)


def test_nine_half_years_then_the_end():
    # "The game ends after 9 rounds at the end of the last Summer Half Year, after the November Inventorying."
    g = olab.load("fields_of_arle", players=1)
    s = g.new_initial_state(4)
    seen = []
    while not s.is_terminal():
        seen.append(s.to_json()["half_year"])
        play(s, "SKIP" if decision(s) == "turn" else "DONE" if "DONE" in texts(s) else texts(s)[0])
    assert sorted(set(seen)) == list(range(1, 10))
    assert sum(1 for a in s.history() if a == 0) >= 36          # 4 workers in each half year
    assert s.current_player() == olab.TERMINAL and s.legal_actions() == []
    assert s.to_json()["phase"] == "over"


def test_the_peat_boat_after_the_last_november():
    # "Each player may then use his Peat Boat (if he has one) to exchange remaining Peat for other goods"
    g, doc = start(players=1, half_year=9)
    doc["players"][0]["barn"]["peat_boat"] = 1
    set_goods(doc, peat=9, wool=5)
    s = make(g, doc)
    while not (decision(s) == "anytime" and s._decision()["p1"] == 2):
        play(s, "SKIP" if decision(s) == "turn" else "DONE")
    assert s._game_fields()["half_year"] == 9 and "BOAT Wl" in texts(s)
    play(s, "BOAT Wl; BOAT Wl; DONE")
    assert s.is_terminal() and goods(s)["wool"] == 7
    assert s.score_breakdown(0)["goods"]["points"] == 1          # 7 wool: the band 7-10


def test_tie_break_by_the_start_player_of_a_tenth_half_year():
    # "In case of a tie, the Starting Player of a hypothetical 10th Half Year breaks the tie."
    g, doc = start(players=2, seat=0, half_year=9)
    s = make(g, doc)
    while not s.is_terminal():
        play(s, "SKIP" if decision(s) == "turn" else "DONE")
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [1]                                      # the marker passed after half year 9
    # issue 24.3: one rule for who won -- returns() no longer shares what winners() decides
    o = s.outcome()
    assert (o.winners, o.ranks, o.reason, o.tiebreak) == ((1,), (2, 1), "tiebreak", "start_player")
    assert s.returns() == list(o.returns) == [0.0, 1.0]


def test_skipping_a_worker_is_allowed():
    # "Placing a Worker is not mandatory; you can instead remove him from the Month Space and do nothing."
    g, doc = start(players=1)
    s = make(g, doc)
    before = goods(s)
    play(s, "SKIP")
    assert goods(s) == before and s.to_json()["half_year"] == 1


def test_anytime_actions_come_before_a_worker_and_at_the_end_of_the_work_phase():
    g, doc = start(players=1)
    doc["players"][0]["barn"]["vehicles"] = [{"type": "handcart", "taken": "0"}]
    s = make(g, doc)
    assert "LOAD Wo handcart" in texts(s)
    for _ in range(4):
        play(s, "SKIP")
    assert decision(s) == "anytime" and texts(s) == ["DONE", "LOAD Cl handcart", "LOAD Wo handcart",
                                                     "LOAD beemoor handcart", "LOAD hage handcart"]
    play(s, "LOAD Wo handcart")                       # the handcart is full: the phase ends by itself
    assert player(s)["on_vehicles"]["timber"] == 0 and goods(s)["timber"] == 1   # emptied in November
