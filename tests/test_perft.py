"""Perft: every game's move generator pinned by leaf counts (``tests/perft/<game>.perft``).

Each file holds positions of the game's configurations -- the start, the
middle and the last decisions of seeded random games -- with the number of
decision-tree leaves some decisions below them.  A change in those numbers
is a change in the rules the engine plays; when that is intended, regenerate
the file (``python tests/perft/generate.py GAME > tests/perft/GAME.perft``) in
the same commit and say why.  Which configurations a file must cover is
each game's own test (``tests/<game>/``).
"""
import pytest

import olab
from olab.search import perft
from olab.testing import python_perft

from .helpers import perft_cases

GAMES = list(olab.games())
CASES = {name: perft_cases(name) for name in GAMES}


def _params(every: int = 1):
    return [pytest.param(c, id=f"{name}-{c.id}") for name in GAMES for c in CASES[name][every - 1::every]]


def test_every_game_has_a_perft_file():
    for name in GAMES:
        assert len(CASES[name]) >= 30, name


@pytest.mark.parametrize("case", _params())
def test_perft_regression(case):
    state = case.position()
    before = state.clone()
    assert perft(state, case.depth) == case.count
    assert state == before                         # counting leaves the position alone


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{name}-{c.id}") for name in GAMES
                                  for c in CASES[name][1::max(1, len(CASES[name]) // 8)]])
def test_c_perft_equals_the_python_api(case):
    state = case.position()
    for d in range(0, 4):
        assert perft(state, d) == python_perft(state, d)


@pytest.mark.parametrize("name", GAMES)
def test_perft_edges(name):
    state = olab.load(name).new_initial_state(1)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(state.legal_actions())
    with pytest.raises(ValueError):
        perft(state, -1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert perft(state, 0) == 1 and perft(state, 1) == 0 and perft(state, 3) == 0
