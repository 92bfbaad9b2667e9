"""The generic bots play Fields of Arle through its GameOps table (heuristic, value, chain_over).

The full figures (200 games, Wilson intervals; 50 solo seeds) are in
docs/arle/engine.rst ("Bots") with their commands; here a few games show the order.
"""
import olab
from olab.arena import run_arena
from olab.bots import GreedyBot, MCTSBot, heuristic


def test_greedy_beats_random():
    r = run_arena(["greedy", "random"], games=20, game="fields_of_arle", players=2, seed=5)
    assert r.wins[0] >= 18 and r.ci95[0][0] > 0.5


def test_mcts_beats_greedy():
    r = run_arena(["mcts", "greedy"], games=4, game="fields_of_arle", players=2, seed=7,
                  budget={"simulations": 150})
    assert r.wins[0] >= 3 and r.mean_score[0] > r.mean_score[1]


def test_solo_bots_finish_and_score():
    g = olab.load("fields_of_arle", players=1)
    s = g.new_initial_state(2)
    bot = MCTSBot(seed=1, simulations=100)
    while not s.is_terminal():
        s.apply_action(bot.choose(s))
    assert s.scores()[0] > 60                # well above random play (about 20 points)


def test_heuristic_is_near_the_score_at_the_end():
    g = olab.load("fields_of_arle", players=2)
    s = g.new_initial_state(3)
    first = heuristic(s, 0)
    s.random_playout(1)
    assert heuristic(s, 0) == s.scores()[0]              # the final score once the game is over
    assert first > -17                                    # the start is worth more than its score
    assert GreedyBot(seed=1).choose(g.new_initial_state(4)) in g.new_initial_state(4).legal_actions()
