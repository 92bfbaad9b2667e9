"""Fields of Arle's random games end by the rules, never at a cap, within the score and length a game can have.

That every configuration's random games end: tests/test_random_games.py.
"""
import pytest

import olab

from ..helpers import config_id

CONFIGS = [dict(c) for c in olab.games()["fields_of_arle"].test_configs]


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_random_games_end_in_range(config):
    stats = olab.load("fields_of_arle", **config).random_playouts(300, 11)
    assert stats.games == 300 and stats.failed == 0 and stats.truncated == 0
    # scores are half points: a random game ends between -60 and +100 points
    assert all(-120 <= lo for lo in stats.score_min) and all(hi <= 200 for hi in stats.score_max)
    assert 40 <= stats.min_actions <= stats.max_actions <= 400
