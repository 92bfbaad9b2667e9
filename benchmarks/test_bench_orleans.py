"""Orléans speed beyond every game's suite (benchmarks/test_bench_games.py): chance draws, determinizations.

    pytest benchmarks/test_bench_orleans.py --benchmark-columns=mean,ops

Positions come from seeded 4-player games, so figures compare run to run.
The goals of issue 12: >= 5,000 random 4-player games per second in the nogil
loop on one core (``test_bench_games.py -k orleans``), >= 1 million actions
per second from a plain Python loop (here); and what a chance draw costs.
"""
import random

import pytest

import olab
from olab.search import random_playouts

from .positions import positions_of


@pytest.fixture(scope="module")
def positions():
    return positions_of("orleans", {"players": 4}, n=300)


@pytest.fixture(scope="module")
def recorded():
    # whole random 4-player games as (seed, actions), for the plain Python replay loop
    game = olab.load("orleans", players=4)
    games = []
    for seed in range(10):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        games.append((seed, s.history()))
    return game, games


def test_python_loop_apply(benchmark, recorded):
    # a plain Python loop of apply_action over recorded games (divide by the action count: ~3,500)
    game, games = recorded

    def run():
        for seed, actions in games:
            s = game.new_initial_state(seed)
            for a in actions:
                s.apply_action(a)
    benchmark(run)


def test_python_loop_legal_apply(benchmark, recorded):
    game, games = recorded

    def run():
        for seed, actions in games:
            s = game.new_initial_state(seed)
            for a in actions:
                s.legal_actions()
                s.apply_action(a)
    benchmark(run)


def test_random_playouts_nogil_explicit(benchmark):
    # every draw a chance node, sampled by the loop with its weights
    game = olab.load("orleans", players=4, chance="explicit")
    benchmark(random_playouts, game, 1000, 5)


def test_chance_draw_sampled(benchmark):
    # one DRAW in chance="sampled": the bag's tile drawn from the state's generator (apply + undo)
    game = olab.load("orleans", players=4)
    doc = game.new_initial_state(1).to_json()
    doc["players"][0]["bag"] = {"F": 3, "K": 2, "S": 2, "M": 1, "F*": 1}
    for kind, k in {"F": 3, "K": 2, "S": 2, "M": 1}.items():     # out of the supply (issue 24.6)
        doc["supply"]["characters"][kind] -= k
    state = game.state_from_json(doc)
    a = state.string_to_action("DRAW")

    def run():
        for _ in range(1000):
            state.apply_action(a)
            state.undo_action()
    benchmark(run)


def test_chance_draw_explicit(benchmark):
    # the same draw as a chance node from Python: chance_outcomes() and applying the drawn outcome
    game = olab.load("orleans", players=4, chance="explicit")
    doc = game.new_initial_state(1).to_json()
    doc["players"][0]["bag"] = {"F": 3, "K": 2, "S": 2, "M": 1, "F*": 1}
    for kind, k in {"F": 3, "K": 2, "S": 2, "M": 1}.items():     # out of the supply (issue 24.6)
        doc["supply"]["characters"][kind] -= k
    state = game.state_from_json(doc)
    state.apply_action(state.string_to_action("DRAW"))
    rng = random.Random(1)

    def run():
        for _ in range(1000):
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
            state.undo_action()
    benchmark(run)


def test_determinize(benchmark, positions):
    sample = positions[::10]

    def run():
        for i, s in enumerate(sample):
            s.determinize(i % 4, i)
    benchmark(run)
