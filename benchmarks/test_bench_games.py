"""Every registered game's speed: move generation, apply + undo, clone, whole games, perft, search.

    pytest benchmarks/test_bench_games.py --benchmark-columns=mean,ops
    pytest benchmarks/test_bench_games.py -k orleans

Each suite runs for each game in its default configuration and in the last of
its test configurations; positions come from seeded games (chance drawn by
weight, half the moves greedy: purely random players of some games end a game
in a few dozen actions), so figures compare run to run.  ``olab bench``
measures the same loops from the command line; what only one game has (the
chance draws of Orléans) is in ``test_bench_<game>.py``.
"""
import random

import pytest

import olab
from olab.bots import GreedyBot, MCTSBot
from olab.search import perft, random_playouts

from .positions import positions_of

CONFIGS = [pytest.param(name, {}, id=f"{name}-default") for name in olab.games()] + [
    pytest.param(name, dict(info.test_configs[-1]), id=f"{name}-last") for name, info in olab.games().items()]


@pytest.fixture(scope="module", params=[pytest.param(p.values, id=p.id) for p in CONFIGS])
def positions(request):
    return positions_of(*request.param)


@pytest.fixture(scope="module")
def decisions(positions):
    return [s for s in positions if not s.is_chance_node()]


def test_legal_actions(benchmark, positions):
    def run():
        for s in positions:
            s.legal_actions()
    benchmark(run)


def test_apply_undo(benchmark, decisions):
    pairs = [(s, s.legal_actions()[0]) for s in decisions]

    def run():
        for s, a in pairs:
            s.apply_action(a)
            s.undo_action()
    benchmark(run)


def test_clone_apply(benchmark, decisions):
    pairs = [(s, s.legal_actions()[-1]) for s in decisions]

    def run():
        for s, a in pairs:
            s.clone().apply_action(a)
    benchmark(run)


@pytest.mark.parametrize("name, config", CONFIGS)
def test_random_game_python_loop(benchmark, name, config):
    game = olab.load(name, **config)

    def run():
        state = game.new_initial_state(3)
        rng = random.Random(3)
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    benchmark(run)


@pytest.mark.parametrize("name, config", CONFIGS)
def test_random_playouts_nogil(benchmark, name, config):
    # 100 complete random games in the C loop (games/s = 100 / mean)
    benchmark(random_playouts, olab.load(name, **config), 100, 5)


@pytest.mark.parametrize("name", list(olab.games()))
def test_perft(benchmark, name):
    # the first depth whose tree has 100,000 leaves or more (4 to 6 at the start of the games so far)
    state = olab.load(name).new_initial_state(1)
    depth = 1
    while depth < 8 and perft(state, depth) < 100_000:
        depth += 1
    benchmark(perft, state, depth)


def test_greedy_decision(benchmark, decisions):
    bot = GreedyBot(seed=1)
    sample = [s for s in decisions[::20] if not s.is_terminal()]

    def run():
        for s in sample:
            bot.choose(s)
    benchmark(run)


def test_mcts_1000_simulations(benchmark, decisions):
    # the search over whole actions, named (the figure before the planner)
    state = next(s for s in decisions[40:] if len(s.legal_actions()) > 2)

    def run():
        MCTSBot(seed=1, simulations=1000, search="chains").choose(state)
    benchmark(run)


def test_search_bot_default_decision(benchmark, decisions):
    # what a user's search bot costs a decision: the game's own search at its own budget (the
    # planner for Ora et Labora, Orléans and Fields of Arle 2p); the goal is under a second
    state = next(s for s in decisions[40:] if len(s.legal_actions()) > 2)

    def run():
        MCTSBot(seed=1).choose(state)
    benchmark(run)


@pytest.mark.parametrize("name, config", CONFIGS)
def test_search_bot_default_decisions_through_a_game(benchmark, name, config):
    # the same bot on four positions of one whole seeded game, at a quarter, half, three
    # quarters and near the end (a decision = the mean / 4): the position above is early,
    # and the planner's positions cost most late in a game (more options a turn, wider
    # passes), so this is the figure the goal of under a second a decision is read from
    whole = [s for s in positions_of(name, config, n=1 << 20)
             if not s.is_chance_node() and len(s.legal_actions()) > 1]
    sample = [whole[int(len(whole) * f)] for f in (0.25, 0.5, 0.75, 0.95)]

    def run():
        for state in sample:
            MCTSBot(seed=1).choose(state)
    benchmark(run)
