"""The conformance suite (olab.testing.check_game) over every registered game and configuration.

A game registered later is checked here without a line of its own: the
configurations come from its GameInfo.test_configs (issue 9, section 5).
"""
import pytest

import olab
from olab.testing import ConformanceError, check_game, conformance_configs

CASES = [pytest.param(name, cfg, id=f"{name}-" + "-".join(f"{v}" for v in cfg.values()))
         for name in olab.games() for cfg in conformance_configs(name)]


@pytest.mark.parametrize("name, cfg", CASES)
def test_every_game_conforms(name, cfg):
    report = check_game(olab.load(name, **cfg), games=2, seed=11)
    assert report.games == 2 and not report.failures
    for check in ("illegal_action", "undo", "clone", "serialize", "state_from_json", "pickle",
                  "information", "notation", "perft", "score_breakdown", "determinism"):
        assert report.checks.get(check, 0) > 0, f"{check} never ran"


@pytest.mark.slow
@pytest.mark.parametrize("name, cfg", CASES)
def test_every_game_conforms_at_length(name, cfg):
    report = check_game(olab.load(name, **cfg), games=40, seed=1000, every=10)
    assert report.games == 40 and not report.failures


def test_explicit_chance_meets_chance_nodes():
    report = check_game(olab.load("ora_et_labora", players=3, chance="explicit"), games=3, seed=1)
    assert report.chance_nodes == 3 and report.checks["chance_outcomes"] >= 9


def test_the_suite_catches_a_broken_contract(monkeypatch):
    game = olab.load("ora_et_labora", players=2)
    state_cls = type(game.new_initial_state(0))
    real = state_cls.scores
    monkeypatch.setattr(state_cls, "scores", lambda self: [s + 1 for s in real(self)])
    with pytest.raises(ConformanceError, match="breakdown total"):
        check_game(game, games=1, seed=2)
    report = check_game(game, games=1, seed=2, raise_on_failure=False)
    assert report.failures and all("score_breakdown" in f or "returns" in f for f in report.failures)
