"""No seat can compute the future (issue 24.4): the seed-recovery attack, on every game with hidden information.

Before the fix an Orléans game's draws came from a generator that was a pure
function of the deal's seed, and the deal is public: from one seat's view,
trying seeds 0..999 and replaying the public history recovered the seed and
predicted every later draw (the audit's figure: the next 150 positions of a
3-player game).  Now what the seats cannot see is seeded apart from what they
can (``new_initial_state(seed, hidden_seed)``), and the surfaces derive the
hidden seed with a key no seat holds (``olab.arena.deal``).
"""
import pytest

import olab
from olab.testing import ConformanceError, check_seed_recovery, conformance_configs

HIDDEN = [name for name, info in olab.games().items() if info.hidden_information]
CASES = [(name, cfg) for name in HIDDEN for cfg in conformance_configs(name)]


def test_some_game_hides_information():
    # the check below must not pass by iterating nothing
    assert HIDDEN


@pytest.mark.parametrize("name,cfg", CASES, ids=[f"{n}-{i}" for i, (n, _c) in enumerate(CASES)])
def test_no_seat_recovers_the_future(name, cfg):
    report = check_seed_recovery(olab.load(name, **cfg), games=1, seed=3)
    assert report.games == 1 and report.predicted == 0 and not report.failures
    assert report.deal_matches >= 1          # the deal's seed is found (it deals what is public) ...
    if cfg.get("chance", "sampled") == "sampled":
        # ... but what it deals either fails to replay the history's draws, or
        # (a history without a draw yet) fails to predict the draws to come
        assert report.consistent == 0 or report.draws > 0
    else:
        # every draw is a chance node in the history: the candidates replay
        # it, but the state draws nothing itself, so they know no future
        assert report.draws == 0


@pytest.mark.parametrize("name", HIDDEN)
def test_the_attack_predicts_a_game_dealt_without_a_hidden_seed(name):
    # the attack the check exists for: dealt as before the fix (the draws'
    # generator goes on from the deal's), seat 0 finds the seed and predicts
    # the draws; a check that could not see this would prove nothing
    cfg = next(c for c in conformance_configs(name) if c.get("chance", "sampled") == "sampled")
    with pytest.raises(ConformanceError, match="predicted the next"):
        check_seed_recovery(olab.load(name, **cfg), games=2, seed=0, key=None)


@pytest.mark.parametrize("name", [n for n, i in olab.games().items() if not i.hidden_information])
def test_a_game_without_hidden_information_has_nothing_to_recover(name):
    report = check_seed_recovery(olab.load(name), games=1)
    assert report.games == 0 and not report.failures
