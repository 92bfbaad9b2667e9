"""Random games run to the end in every mode (compiled playout loop).

CI plays a few hundred games per mode and preset; the full run of 10,000
games per mode is marked ``slow``: ``pytest -m slow tests/ora/test_random_games.py``.
"""
import pytest

import olab
from orahelp import MODES


def _run(players, length, rules, n, seed, variant="france"):
    game = olab.load("ora_et_labora", players=players, length=length, rules=rules, variant=variant)
    results = game.random_games(n, seed)
    stuck = [i for i, (k, _) in enumerate(results) if k < 0]
    assert not stuck, f"games {stuck[:5]} stopped before the end"
    assert all(len(scores) == players for _, scores in results)
    return results


@pytest.mark.parametrize("variant", ["france", "ireland"])
@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
@pytest.mark.parametrize("players, length", MODES)
def test_random_games_end(players, length, rules, variant):
    _run(players, length, rules, 300, seed=11, variant=variant)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["france", "ireland"])
@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
@pytest.mark.parametrize("players, length", MODES)
def test_ten_thousand_random_games(players, length, rules, variant):
    _run(players, length, rules, 10_000, seed=2026, variant=variant)
