"""The generic bots on Orléans: the game's search defaults, strength, determinism.

The arena figures over 200 games are in docs/orleans/bots.rst (commands there); CI plays a few
games only.
"""
import pytest

import olab
from olab.arena import play_bots, run_arena
from olab.bots import GreedyBot, MCTSBot, heuristic


def test_mcts_takes_the_games_search_defaults_unless_given():
    game = olab.load("orleans", players=2)
    state = game.new_initial_state(1)
    # the planner over whole turns by default, at its own budget
    bot = MCTSBot(seed=1)
    bot.choose(state)
    assert game.search_defaults["search"] == "beam"
    assert bot.simulations == game.search_defaults["beam"]["simulations"] and bot.search == "beam"
    chains = game.search_defaults["chains"]
    bot = MCTSBot(seed=1, search="chains")
    bot.choose(state)
    assert bot.simulations == chains["simulations"] and bot.search == "chains"
    assert bot._searcher.prior_scale == chains["prior_scale"] and bot._searcher.exploration == chains["exploration"]
    old = MCTSBot(seed=1, search="actions")
    old.choose(state)
    actions = game.search_defaults["actions"]
    assert old._searcher.playout_depth == -1 and old._searcher.exploration == actions["exploration"]
    mine = MCTSBot(seed=1, simulations=50, search="actions", playout_depth=3)
    mine.choose(state)
    assert mine.simulations == 50 and mine._searcher.playout_depth == 3
    ora = MCTSBot(seed=1, simulations=20, search="actions")
    ora.choose(olab.load("ora_et_labora", players=2).new_initial_state(1))
    assert ora._searcher.playout_depth == 20 and ora._searcher.exploration == 0.7   # Ora et Labora unchanged
    ora = MCTSBot(seed=1, simulations=20, search="chains")
    ora.choose(olab.load("ora_et_labora", players=2).new_initial_state(1))
    assert ora._searcher.prior_scale == MCTSBot.DEFAULTS["chains"]["prior_scale"]


def test_greedy_beats_random():
    r = run_arena(["greedy", "random"], games=6, game="orleans", seed=3)
    assert r.wins[0] == 6 and r.mean_score[0] > 40


def test_mcts_beats_random_and_is_deterministic():
    r = run_arena(["mcts", "random"], games=2, game="orleans", seed=3, budget={"simulations": 200})
    assert r.wins[0] == 2
    game = olab.load("orleans", players=3, chance="explicit")
    runs = []
    for _ in range(2):
        s = game.new_initial_state(4)
        play_bots(s, [MCTSBot(seed=5, simulations=100), GreedyBot(seed=6), GreedyBot(seed=7)], seed=8)
        runs.append((s.scores(), s.history()))
    assert runs[0] == runs[1]


def test_heuristic_sees_what_every_seat_sees():
    s = olab.load("orleans", players=2).new_initial_state(1)
    assert heuristic(s, 0) == heuristic(s, 1)          # the same start for both seats
    before = heuristic(s, 0)
    s.apply_action(s.string_to_action("DRAW"))
    assert heuristic(s, 0) > before                     # a tile in the market is worth a little
    d = s.determinize(0, 3)
    assert heuristic(d, 0) == heuristic(s, 0) and heuristic(d, 1) == heuristic(s, 1)


def _planning_position(edit, round=10):
    from .orlhelp import position

    return position(players=4, round=round, edit=edit)


def test_greedy_uses_an_activated_hospital_when_the_supply_has_no_coins():
    # rulebook: "If the supply temporarily lacks coins, players cannot receive coins then".  The
    # heuristic credited the Hospital with the status in coins anyway, so using it (for nothing)
    # lost the credit of a place waiting activated: a greedy seat of four passed round after round
    # with its boatman and scholar on it, and scored 6 where the best seat scored 73
    from .orlhelp import set_place, texts

    def edit(doc):
        set_place(doc, "hospital", ["B", "S"])
        doc["players"][0]["places"]["hospital"]["activated"] = True
        doc["players"][0]["coins"] += doc["supply"]["coins"]
        doc["supply"]["coins"] = 0

    s = _planning_position(edit)
    assert texts(s) == ["USE hospital", "PASS"] and s.to_json()["supply"]["coins"] == 0
    assert s.action_to_string(GreedyBot(seed=1).choose(s)) == "USE hospital"


def test_heuristic_counts_no_follower_that_waits_for_good():
    # a tile on a partly filled place the seat's tiles cannot complete waits there until it is
    # recalled: it is not a follower to the heuristic, the seat's own colour included (counted,
    # and own tiles not counted anywhere, a greedy seat of three left two of its own tiles on a
    # University it never completed and scored 3 where the best made 64)
    from .orlhelp import set_place

    def value(bag, place=None, spaces=None):
        def edit(doc):
            if place is not None:
                set_place(doc, place, spaces)
            doc["players"][0]["bag"] = bag
        return heuristic(_planning_position(edit), 0)

    # the Farm House needs a boatman and a craftsman: no craftsman (nor monk) to complete it
    assert value({"K": 1}, "farm_house", ["B", None]) < value({"K": 1, "B": 1})
    assert value({"K": 1}, "farm_house", ["B*", None]) < value({"K": 1, "B*": 1})
    # a boatman on a Farm House the seat can complete is a follower still (and a fifth of the
    # place's gain times the filled share is credited on top)
    assert value({"K": 1, "C": 1}, "farm_house", ["B", None]) > value({"K": 1, "C": 1, "B": 1})


def test_heuristic_weighs_followers_short_of_the_draw_limit_more():
    # a seat with fewer followers than it may draw acts less every round: the heuristic takes
    # H_SHORT early per follower missing, so a follower is worth more below the limit (4 at the
    # start) than above it; without it a greedy seat gave its followers away to the Beneficial
    # Deeds until it had nothing to draw
    def value(bag):
        def edit(doc):
            doc["players"][0]["bag"] = bag
        return heuristic(_planning_position(edit), 0)

    assert value({"K": 3}) - value({"K": 2}) > value({"K": 6}) - value({"K": 5}) > 0


@pytest.mark.slow
def test_mcts_beats_greedy_over_200_games():
    # issue 12, Done means: "MCTS (over determinizations) beats greedy", 200 games of 2 and of 4
    # players (docs/orleans/bots.rst: 0.600 [0.531, 0.665] and 0.425 [0.359, 0.494])
    two = run_arena(["mcts", "greedy"], games=200, game="orleans", seed=0)
    assert two.ci95[0][0] > 0.5 and two.truncated == 0
    four = run_arena(["mcts", "greedy", "greedy", "greedy"], games=200, game="orleans", seed=0)
    assert four.ci95[0][0] > 0.25 and four.truncated == 0
    assert all(four.win_rate[0] > r for r in four.win_rate[1:])


@pytest.mark.slow
def test_greedy_beats_random_over_200_games():
    for bots in (["greedy", "random"], ["greedy", "random", "random", "random"]):
        r = run_arena(bots, games=200, game="orleans", seed=0)
        assert r.wins[0] == 200
