"""Random games run to the end in every configuration (the compiled playout loop).

CI plays a few hundred games per configuration; the full run of 10,000 games
per configuration is marked ``slow``: ``pytest -m slow tests/arle/test_arle_random_games.py``.
"""
import pytest

import olab

CONFIGS = [dict(c) for c in olab.games()["fields_of_arle"].test_configs]
IDS = ["-".join(str(v)[:12] for v in c.values()) for c in CONFIGS]


def _run(config, n, seed):
    game = olab.load("fields_of_arle", **config)
    stats = game.random_playouts(n, seed)
    assert stats.games == n and stats.failed == 0 and stats.truncated == 0
    # scores are half points: a random game ends between -60 and +100 points
    assert all(-120 <= lo for lo in stats.score_min) and all(hi <= 200 for hi in stats.score_max)
    assert 40 <= stats.min_actions <= stats.max_actions <= 400
    return stats


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_games_end(config):
    _run(config, 300, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_ten_thousand_random_games(config):
    _run(config, 10_000, seed=2026)
