"""Every random Orléans game reaches scoring (the compiled playout loop, chance drawn with its probabilities).

The only public engine of the game (neodem, Java) finishes 9 of 200 random
4-player games; olab must finish all of them.  CI plays a few hundred games
per player count and chance mode; the full run of 10,000 games per player
count and mode is marked ``slow``:
``pytest -m slow tests/orleans/test_orleans_random_games.py``.
"""
import pytest

import olab


def _run(players, chance, exclusion, n, seed):
    game = olab.load("orleans", players=players, chance=chance, exclusion=exclusion)
    results = game.random_games(n, seed)
    stuck = [i for i, (k, _) in enumerate(results) if k < 0]
    assert not stuck, f"games {stuck[:5]} stopped before the end"
    assert all(len(scores) == players for _, scores in results)
    stats = game.random_playouts(n, seed)
    assert stats.failed == 0 and stats.truncated == 0 and stats.games == n
    return results


@pytest.mark.parametrize("exclusion", [False, True])
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_reach_scoring(players, chance, exclusion):
    _run(players, chance, exclusion, 200, seed=11)


def test_every_game_is_18_rounds_and_ends_scored():
    game = olab.load("orleans", players=4)
    import random
    for seed in range(5):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        rounds = set()
        while not state.is_terminal():
            rounds.add(state.to_json(legal_actions=False)["round"])
            state.apply_action(rng.choice(state.legal_actions()))
        doc = state.to_json()
        # a round in which nobody has a decision passes without one (a player whose tiles are all
        # on unfinished places and whose bag is empty draws nothing and recalls nothing: issue
        # 24.5), so not every round is seen at a decision; every one of the 18 hourglass tiles is
        assert rounds <= set(range(1, 19)) and 1 in rounds and doc["round"] == 18
        assert doc["phase"] == "over" and doc["winners"] and sum(doc["hourglass"].values()) == 0


@pytest.mark.slow
@pytest.mark.parametrize("chance", ["sampled", "explicit"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ten_thousand_random_games(players, chance):
    _run(players, chance, False, 10_000, seed=2026)
    _run(players, chance, True, 1_000, seed=77)
