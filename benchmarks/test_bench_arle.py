"""Fields of Arle speed: move generation, apply + undo, clone, whole games, search.

    pytest benchmarks/test_bench_arle.py --benchmark-columns=mean,ops

Positions come from seeded random games, so figures compare run to run.
Every suite runs for both player counts; ``olab bench --game fields_of_arle``
measures the same loops from the command line.  The goals of issue 11:
10,000 random 2-player games per second in the nogil loop on one core, a
million actions per second from a plain Python loop.
"""
import random

import pytest

import olab
from olab.arle import perft, random_playouts
from olab.bots import GreedyBot, MCTSBot

PLAYERS = [1, 2]


def _positions(players, n=200, seed=1):
    game = olab.load("fields_of_arle", players=players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.fixture(scope="module", params=PLAYERS)
def positions(request):
    return _positions(request.param)


def test_legal_actions(benchmark, positions):
    def run():
        for s in positions:
            s.legal_actions()
    benchmark(run)


def test_apply_undo(benchmark, positions):
    pairs = [(s, s.legal_actions()[0]) for s in positions]

    def run():
        for s, a in pairs:
            s.apply_action(a)
            s.undo_action()
    benchmark(run)


def test_clone_apply(benchmark, positions):
    pairs = [(s, s.legal_actions()[-1]) for s in positions]

    def run():
        for s, a in pairs:
            s.clone().apply_action(a)
    benchmark(run)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_game_python_loop(benchmark, players):
    game = olab.load("fields_of_arle", players=players)

    def run():
        state = game.new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    benchmark(run)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_playouts_nogil(benchmark, players):
    # 1000 complete games in the C loop
    game = olab.load("fields_of_arle", players=players)
    benchmark(random_playouts, game, 1000, 5)


def test_perft_5(benchmark):
    state = olab.load("fields_of_arle", players=2).new_initial_state(1)
    benchmark(perft, state, 5)


def test_greedy_decision(benchmark, positions):
    bot = GreedyBot(seed=1)
    sample = positions[::20]

    def run():
        for s in sample:
            if not s.is_terminal():
                bot.choose(s)
    benchmark(run)


def test_mcts_1000_simulations(benchmark):
    state = olab.load("fields_of_arle", players=2).new_initial_state(1)

    def run():
        MCTSBot(seed=1, simulations=1000).choose(state)
    benchmark(run)
