"""Random games of every registered game run to the end in every test configuration (the compiled playout loop).

CI plays 300 games per configuration; the full run of 10,000 games per
configuration is marked ``slow``: ``pytest -m slow tests/test_random_games.py``.
What a game's random games must also show (score ranges, rounds) is in its
own package (``tests/<game>/``).
"""
import pytest

import olab

from .helpers import game_configs


def _run(name, config, n, seed):
    game = olab.load(name, **config)
    results = game.random_games(n, seed)
    stuck = [i for i, (k, _) in enumerate(results) if k < 0]
    assert not stuck, f"games {stuck[:5]} stopped before the end"
    assert all(len(scores) == game.num_players() for _, scores in results)
    stats = game.random_playouts(n, seed)
    assert stats.games == n and stats.failed == 0     # truncated at a round cap is an end
    return stats


@pytest.mark.parametrize("name, config", game_configs())
def test_random_games_end(name, config):
    _run(name, config, 300, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("name, config", game_configs())
def test_ten_thousand_random_games(name, config):
    _run(name, config, 10_000, seed=2026)
