"""Orléans speed: move generation, apply + undo, clone, chance draws, whole games, search.

    pytest benchmarks/test_bench_orleans.py --benchmark-columns=mean,ops

Positions come from seeded random 4-player games, so figures compare run to
run.  The goals of issue 12: >= 5,000 random 4-player games per second in the
nogil loop on one core, >= 1 million actions per second from a plain Python
loop; and what a chance draw costs.
"""
import random

import pytest

import olab
from olab.bots import GreedyBot, MCTSBot
from olab.search import perft, random_playouts


def _positions(players=4, n=300, seed=1, chance="sampled"):
    game = olab.load("orleans", players=players, chance=chance)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    # half the moves greedy: purely random players lock their tiles on unfinished places with
    # an empty bag (no draw, no recall: issue 24.5) and the game is over in a few dozen actions
    bot = GreedyBot(seed=seed)
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        if state.is_chance_node():
            a, p = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(a, p)[0])
        elif rng.random() < 0.5:
            state.apply_action(bot.choose(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions()


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


def test_legal_actions(benchmark, positions):
    def run():
        for s in positions:
            s.legal_actions()
    benchmark(run)


def test_apply_undo(benchmark, positions):
    pairs = [(s, s.legal_actions()[0]) for s in positions if not s.is_chance_node()]

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


def test_random_game_python_loop(benchmark):
    game = olab.load("orleans", players=4)

    def run():
        state = game.new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    benchmark(run)


@pytest.mark.parametrize("players", [2, 4])
def test_random_playouts_nogil(benchmark, players):
    # 1,000 complete random games in the C loop (games/s = 1000 / mean)
    game = olab.load("orleans", players=players)
    benchmark(random_playouts, game, 1000, 5)


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


def test_perft_6(benchmark):
    state = olab.load("orleans", players=4).new_initial_state(1)
    benchmark(perft, state, 6)


def test_greedy_decision(benchmark, positions):
    bot = GreedyBot(seed=1)
    sample = [s for s in positions[::15] if not s.is_chance_node()]

    def run():
        for s in sample:
            bot.choose(s)
    benchmark(run)


def test_mcts_1000_simulations(benchmark, positions):
    state = next(s for s in positions[40:] if len(s.legal_actions()) > 2 and not s.is_chance_node())

    def run():
        MCTSBot(seed=1, simulations=1000).choose(state)
    benchmark(run)
