"""Perft: the Fields of Arle move generator pinned by leaf counts.

``tests/perft/fields_of_arle.perft`` holds positions of both player counts,
both presets and both buildings modes - the start, the middle and the last
decisions of seeded random games - with the number of decision-tree leaves
some decisions below them.  A change in those numbers is a change in the rules
the engine plays; when that is intended, regenerate the file
(``tests/perft/generate_arle.py``) in the same commit and say why.
"""
from pathlib import Path

import pytest

from olab.arle import perft
from olab.testing import python_perft, read_perft_file

FILE = Path(__file__).resolve().parent.parent / "perft" / "fields_of_arle.perft"
OPTIONS = [("players", int), ("buildings", str), ("rules", str)]
FILE_CASES = read_perft_file(FILE, OPTIONS)
CASES = [pytest.param(c, id=c.id) for c in FILE_CASES]


def test_the_file_covers_every_configuration():
    configs = {(c.config["players"], c.config["buildings"], c.config["rules"]) for c in FILE_CASES}
    assert configs == {(p, b, r) for p in (1, 2) for b in ("starter", "random") for r in ("printed", "rulebook")}
    assert len(FILE_CASES) >= 30


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
