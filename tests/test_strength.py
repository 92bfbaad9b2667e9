"""The bots' strength goals (issue 22), each pinned on a smaller sample than docs/bots.rst's runs.

These are slow tests (``pytest -m slow tests/test_strength.py``): a regression in the search or
the heuristic fails them.  The figures they pin, and the 200-game runs behind the docs, are in
docs/bots.rst, "Strength", with the commands that made them.
"""
import random
import statistics

import pytest

import olab
from olab.arena import play_bots, run_arena
from olab.bots import MCTSBot

pytestmark = pytest.mark.slow

TWO_PLAYERS = [
    ("ora_et_labora", dict(length="long", variant="france")),
    ("ora_et_labora", dict(length="short", variant="france")),
    ("ora_et_labora", dict(length="long", variant="ireland")),
    ("ora_et_labora", dict(length="short", variant="ireland")),
    ("fields_of_arle", {}),
    ("orleans", {}),
]


@pytest.mark.parametrize("name, options", TWO_PLAYERS, ids=lambda v: v if isinstance(v, str) else
                         "-".join(map(str, v.values())) or "default")
def test_search_beats_greedy_with_two_players(name, options):
    # goal 1: >= 70% of 200 games at the default budget; here the lower end of the 95% interval
    # over 40 games stays above an even share
    r = run_arena(["mcts", "greedy"], games=40, game=name, seed=1, workers=2, players=2, **options)
    assert r.ci95[0][0] > 0.5 and r.truncated == 0, r.as_json()


@pytest.mark.parametrize("name, options", [("ora_et_labora", dict(variant="france")),
                                           ("ora_et_labora", dict(variant="ireland")),
                                           ("orleans", {})])
def test_search_against_three_greedy(name, options):
    # goal 1: >= 45% as one of four (an even share is 25%); here the lower end of the 95% interval
    # over 24 games stays above an even share
    r = run_arena(["mcts", "greedy", "greedy", "greedy"], games=24, game=name, seed=1, workers=2, players=4,
                  **options)
    assert r.ci95[0][0] > 0.25, r.as_json()


def test_more_budget_is_not_weaker():
    # goal 1: 10x the simulations wins >= 55% head to head; here at least half of 24 games
    r = run_arena(["mcts:search=chains:simulations=2000", "mcts:search=chains:simulations=200"], games=24,
                  game="fields_of_arle", seed=1, workers=2, players=2)
    assert r.win_rate[0] >= 0.5, r.as_json()


def test_more_budget_is_not_weaker_for_the_planner():
    # goal 1 for Ora et Labora's planner (its default: 500 positions a decision); at least half of 12 games
    r = run_arena(["mcts:simulations=5000", "mcts"], games=12, game="ora_et_labora", seed=1, workers=2,
                  players=2, length="short")
    assert r.win_rate[0] >= 0.5, r.as_json()


def _solo_mean(name, seeds, **options):
    game = olab.load(name, players=1, **options)
    return statistics.mean(play_bots(game.new_initial_state(s), [MCTSBot(seed=s)], seed=s).scores()[0]
                           for s in range(1, seeds + 1))


def test_ora_solo_score():
    # goal 2: Ora solo France >= 300 points at the default budget (the planner, 500 positions a
    # decision: docs/bots.rst, "Strength"); pinned here on 3 seeds, what the planner reaches less
    # a margin
    assert _solo_mean("ora_et_labora", 3, variant="france") >= 380


def test_ora_solo_score_at_a_bigger_budget():
    # goal 2: Ora solo France >= 430 points (the recorded human game: 428) at a budget we name:
    # the planner at 2,000 positions a decision, a few seconds at most: 439.4 on seeds 1 to 10
    # (docs/bots.rst; at 1,000: 427.3, short of it)
    game = olab.load("ora_et_labora", players=1, variant="france")
    scores = [play_bots(game.new_initial_state(s), [MCTSBot(seed=s, simulations=2000)], seed=s).scores()[0]
              for s in (1, 2)]
    assert statistics.mean(scores) >= 430, scores


def test_ora_four_player_self_play():
    # goal 2 (not met, docs/bots.rst): Ora 4p France self-play >= 213 a seat.  Pinned here: what
    # the planner reaches, less a margin, on 2 games (191.25 a seat on these 2 at the default of
    # 2,000 positions with four seats, 198.3 on 12; 188.6 on 12 at 500)
    r = run_arena(["mcts"] * 4, games=2, game="ora_et_labora", seed=1, workers=2, players=4, variant="france")
    assert statistics.mean(r.mean_score) >= 182, r.as_json()


def test_ora_four_player_self_play_for_their_own_scores():
    # goal 2, the planner's objective "score" (each seat plays for its own score): 203.4 a seat on
    # 12 games (docs/bots.rst), 200.1 on these 2; pinned less the same margin as above
    bots = ["mcts:objective=score"] * 4
    r = run_arena(bots, games=2, game="ora_et_labora", seed=1, workers=2, players=4, variant="france")
    assert statistics.mean(r.mean_score) >= 191, r.as_json()


def test_ora_four_player_self_play_reaches_the_human_games_at_ten_times_the_budget():
    # goal 2 at a budget we name: each seat playing for its own score at 10x the default budget
    # (20,000 positions, 15 million evaluations a decision) averages 221.8 a seat on these 2
    # games, above the recorded human games' 213 (docs/bots.rst); about 14 minutes a game a core
    bots = ["mcts:objective=score:simulations=20000:evaluations=15000000"] * 4
    r = run_arena(bots, games=2, game="ora_et_labora", seed=1, workers=2, players=4, variant="france")
    assert statistics.mean(r.mean_score) >= 213, r.as_json()


def test_arle_solo_score():
    # goal 2: Fields of Arle solo >= 125 points at the default budget, which the game's
    # search_defaults make the search over single decisions with playouts to the end at
    # 10,000 simulations: 131.0 on seeds 1 to 50 (docs/bots.rst), 131.1 on these 8
    assert _solo_mean("fields_of_arle", 8) >= 125


def test_the_fitted_heuristic_beats_the_hand_written_one():
    # goal 4: Fields of Arle 2p plays the packaged fit (olab tune --fit heuristic, refined with the
    # search) by default; at equal budget it beats the same search on the hand-written weights
    # (docs/bots.rst, "Fitted evaluations": the planner 21 of 24 games at its default 5,000
    # positions, 22 of 24 at 10,000; the search over whole actions 35 of 48); here more than half
    # of 12 and 48 games
    r = run_arena(["mcts", "mcts:weights=heuristic"], games=12, game="fields_of_arle", seed=101, workers=2,
                  players=2)
    assert r.win_rate[0] > 0.5, r.as_json()
    r = run_arena(["mcts:search=chains", "mcts:search=chains:weights=heuristic"], games=48, game="fields_of_arle",
                  seed=101, workers=2, players=2)
    assert r.win_rate[0] > 0.5, r.as_json()


def test_the_fitted_heuristic_makes_greedy_stronger():
    # goal 4: the first fit's own objective, the one-action lookahead it was fitted with, on fresh deals
    r = run_arena(["greedy:weights=fields_of_arle_2p_greedy", "greedy"], games=200, game="fields_of_arle", seed=7,
                  workers=2, players=2)
    assert r.ci95[0][0] > 0.8, r.as_json()


@pytest.mark.parametrize("name, players", [("ora_et_labora", 2), ("fields_of_arle", 2), ("orleans", 2)])
def test_a_default_decision_values_no_more_than_the_bound(name, players):
    # goal 1's "a decision under a second": the time of a search follows the positions it values,
    # and the default budget bounds them (search_defaults' "evaluations"); a bound the planner
    # passed by more than a tenth (it may by about one greedy line, far less here) would let the
    # longest decisions of a game grow again.  Counted, not timed: the same on every machine.
    # In these games the bound narrows 4 to 7 searches (of 43 to 65), so it is tested where it
    # binds
    from olab.bots import GreedyBot

    game = olab.load(name, players=players)
    bound = game.search_defaults["beam"]["evaluations"]
    bot = MCTSBot(seed=3)
    others = [GreedyBot(seed=k) for k in range(players)]
    state = game.new_initial_state(3)
    rng = random.Random(3)
    worst = searches = narrowed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
            continue
        if state.current_player() == 0:
            before = bot._searcher.evaluated if bot._searcher is not None else 0
            a = bot.choose(state)
            if bot.searched:
                searches += 1
                worst = max(worst, bot._searcher.evaluated - before)
                narrowed += bot._searcher.unexpanded > 0
        else:
            a = others[state.current_player()].choose(state)
        state.apply_action(a)
    assert bot.evaluations == bound and searches > 20
    assert narrowed > 0 and worst <= bound * 1.1, (narrowed, worst, bound)
