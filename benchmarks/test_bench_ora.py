"""Ora et Labora speed: move generation, apply + undo, clone, whole games, search.

    pytest benchmarks --benchmark-columns=mean,ops

Positions come from seeded random games, so figures compare run to run.
Every suite runs for both variants; ``olab bench`` measures the same loops
from the command line.
"""
import random

import pytest

import olab
from olab.bots import GreedyBot, MCTSBot
from olab.ora import perft, random_playouts

VARIANTS = ["france", "ireland"]


def _positions(variant, players=4, length="long", n=200, seed=1):
    game = olab.load("ora_et_labora", players=players, variant=variant, length=length)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.fixture(scope="module", params=VARIANTS)
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


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_game_python_loop(benchmark, variant):
    game = olab.load("ora_et_labora", players=4, variant=variant)

    def run():
        state = game.new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    benchmark(run)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_nogil(benchmark, variant):
    # 100 complete 4-player long games in the C loop
    game = olab.load("ora_et_labora", players=4, variant=variant)
    benchmark(random_playouts, game, 100, 5)


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_4(benchmark, variant):
    state = olab.load("ora_et_labora", players=4, variant=variant).new_initial_state(1)
    benchmark(perft, state, 4)


def test_greedy_decision(benchmark, positions):
    bot = GreedyBot(seed=1)
    sample = positions[::20]

    def run():
        for s in sample:
            bot.choose(s)
    benchmark(run)


def test_mcts_1000_simulations(benchmark):
    state = olab.load("ora_et_labora", players=2).new_initial_state(1)

    def run():
        MCTSBot(seed=1, simulations=1000).choose(state)
    benchmark(run)
