"""Perft: the move generator pinned by leaf counts (issue 5).

``tests/perft/ora_et_labora.perft`` holds positions of every mode and both
variants — the start, the middle and the last decisions of seeded random
games — with the number of decision-tree leaves some decisions below them.
A change in those numbers is a change in the rules the engine plays; when
that is intended, regenerate the file (``tests/perft/generate.py``) in the
same commit and say why.
"""
from pathlib import Path

import pytest

import olab
from olab.ora import perft
from olab.testing import python_perft, read_perft_file

FILE = Path(__file__).resolve().parent.parent / "perft" / "ora_et_labora.perft"
OPTIONS = [("players", int), ("variant", str), ("length", str), ("rules", str)]
FILE_CASES = read_perft_file(FILE, OPTIONS)
CASES = [pytest.param(c, id=c.id) for c in FILE_CASES]


def test_the_file_covers_every_mode_and_both_variants():
    configs = {(c.config["players"], c.config["variant"], c.config["length"]) for c in FILE_CASES}
    for variant in ("france", "ireland"):
        for players, length in [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"),
                                (4, "long"), (4, "short")]:
            assert (players, variant, length) in configs
    assert len(FILE_CASES) >= 50


@pytest.mark.parametrize("case", CASES)
def test_perft_regression(case):
    state = case.position()
    before = state.clone()
    assert perft(state, case.depth) == case.count
    assert state == before                         # counting leaves the position alone


@pytest.mark.parametrize("case", CASES[1::9])
def test_c_perft_equals_the_python_api(case):
    state = case.position()
    for d in range(0, 4):
        assert perft(state, d) == python_perft(state, d)


def test_perft_edges():
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(1)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(state.legal_actions())
    with pytest.raises(ValueError):
        perft(state, -1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert perft(state, 0) == 1 and perft(state, 1) == 0 and perft(state, 3) == 0
