"""Ora et Labora speed: move generation, apply + undo, whole random games.

    pytest benchmarks --benchmark-columns=mean,ops

Positions come from seeded random games, so figures compare run to run.
"""
import random

import pytest

import olab


def _positions(players=4, length="long", n=200, seed=1):
    game = olab.load("ora_et_labora", players=players, length=length)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions()


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


def test_random_game_python_loop(benchmark):
    game = olab.load("ora_et_labora", players=4)

    def run():
        state = game.new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    benchmark(run)


def test_random_games_compiled(benchmark):
    game = olab.load("ora_et_labora", players=4)
    benchmark(game.random_games, 100, 5)
