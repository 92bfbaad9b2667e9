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

import olab
from olab.search import perft
from olab.testing import python_perft

FILE = Path(__file__).resolve().parent.parent / "perft" / "orleans.perft"


def read_cases():
    cases = []
    for n, line in enumerate(FILE.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        config, seed, prefix, depth, count = (f.strip() for f in line.split("|"))
        _name, players, chance, exclusion = config.split()
        cases.append(pytest.param(
            dict(game="orleans", players=int(players), chance=chance, exclusion=exclusion == "True"),
            int(seed), [t for t in prefix.split(";") if t], int(depth), int(count),
            id=f"{players}p-{chance}-{'x' if exclusion == 'True' else 'nox'}-s{seed}-d{depth}-line{n}"))
    return cases


CASES = read_cases()


def position(config, seed, prefix):
    state = olab.load(**config).new_initial_state(seed)
    for text in prefix:
        state.apply_action(state.string_to_action(text))
    return state


def test_the_file_covers_every_configuration():
    configs = {(c.values[0]["players"], c.values[0]["chance"], c.values[0]["exclusion"]) for c in CASES}
    assert configs == {(p, c, x) for p in (2, 3, 4) for c in ("sampled", "explicit") for x in (False, True)}
    assert len(CASES) == 48


@pytest.mark.parametrize("config,seed,prefix,depth,count", CASES)
def test_perft_regression(config, seed, prefix, depth, count):
    state = position(config, seed, prefix)
    before = state.clone()
    assert perft(state, depth) == count
    assert state == before


@pytest.mark.parametrize("config,seed,prefix,depth,count", CASES[1::7])
def test_c_perft_equals_the_python_api(config, seed, prefix, depth, count):
    state = position(config, seed, prefix)
    for d in range(0, 4):
        assert perft(state, d) == python_perft(state, d)
