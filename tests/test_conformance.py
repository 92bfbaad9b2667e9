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
                  "information", "notation", "perft", "score_breakdown", "determinism", "tensor"):
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


def _roots(game, seed: int, count: int):
    # positions mid-game and mid-decision, made the first position of their own
    # snapshot (as an edited position is), and the start
    import random
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    roots = [state.clone()]
    while len(roots) < count and not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if rng.random() < 0.02:
            roots.append(game.state_from_json(state.to_json()))
    return roots


@pytest.mark.parametrize("name", list(olab.games()))
def test_rewritten_snapshots_are_refused_or_playable(name):
    # issue 14 item 1: every byte of a snapshot's first position set to boundary
    # values with the checksum made right: refused, or a state the engine plays
    # from; each case in a forked child, so a crash is seen, not suffered
    from olab.testing import check_snapshot_scan
    game = olab.load(name, **conformance_configs(name)[0])
    scan = check_snapshot_scan(game, _roots(game, 7, 2), values=(0, 0xFF), stride=5)
    assert scan.cases > 100 and scan.refused > 0 and not scan.failures


@pytest.mark.slow
@pytest.mark.parametrize("name, cfg", CASES)
def test_rewritten_snapshots_at_length(name, cfg):
    from olab.testing import check_snapshot_scan
    game = olab.load(name, **cfg)
    scan = check_snapshot_scan(game, _roots(game, 11, 3), stride=1)
    assert not scan.failures


@pytest.mark.slow
@pytest.mark.parametrize("name, cfg", CASES)
def test_field_aware_snapshot_edits_at_length(name, cfg):
    # issue 27 item 7: words of 2 and 4 bytes, and every byte and word set to
    # what it holds in other positions of the game (values that pass a range
    # check and may contradict the other fields)
    from olab.testing import check_snapshot_scan
    game = olab.load(name, **cfg)
    roots = _roots(game, 13, 4)
    scan = check_snapshot_scan(game, roots[:2], values=(0, 1, 0xFF), stride=3, widths=(1, 2, 4), donors=roots[2:])
    assert not scan.failures
