"""Perft: Orléans's move generator pinned by leaf counts.

``tests/perft/orleans.perft`` holds positions of every player count, both
chance modes and both exclusion settings — the start, the middle and the
last decisions of seeded random games — with the number of decision-tree
leaves some decisions below them.  A change in those numbers is a change in
the rules the engine plays; when that is intended, regenerate the file
(``tests/perft/generate_orleans.py``) in the same commit and say why.
"""
from pathlib import Path

import pytest

from olab.search import perft
from olab.testing import python_perft, read_perft_file

FILE = Path(__file__).resolve().parent.parent / "perft" / "orleans.perft"
OPTIONS = [("players", int), ("chance", str), ("exclusion", lambda v: v == "True")]
FILE_CASES = read_perft_file(FILE, OPTIONS)
CASES = [pytest.param(c, id=c.id) for c in FILE_CASES]


def test_the_file_covers_every_configuration():
    configs = {(c.config["players"], c.config["chance"], c.config["exclusion"]) for c in FILE_CASES}
    assert configs == {(p, c, x) for p in (2, 3, 4) for c in ("sampled", "explicit") for x in (False, True)}
    assert len(FILE_CASES) == 48


@pytest.mark.parametrize("case", CASES)
def test_perft_regression(case):
    state = case.position()
    before = state.clone()
    assert perft(state, case.depth) == case.count
    assert state == before


@pytest.mark.parametrize("case", CASES[1::7])
def test_c_perft_equals_the_python_api(case):
    state = case.position()
    for d in range(0, 4):
        assert perft(state, d) == python_perft(state, d)
