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

import olab
from olab.arle import perft
from olab.testing import python_perft

FILE = Path(__file__).resolve().parent.parent / "perft" / "fields_of_arle.perft"


def read_cases():
    cases = []
    for n, line in enumerate(FILE.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        config, seed, prefix, depth, count = (f.strip() for f in line.split("|"))
        name, players, buildings, rules = config.split()
        cases.append(pytest.param(
            dict(game=name, players=int(players), buildings=buildings, rules=rules), int(seed),
            [t for t in prefix.split(";") if t], int(depth), int(count),
            id=f"{players}p-{buildings}-{rules}-s{seed}-d{depth}-line{n}"))
    return cases


CASES = read_cases()


def position(config, seed, prefix):
    state = olab.load(**config).new_initial_state(seed)
    for text in prefix:
        state.apply_action(state.string_to_action(text))
    return state


def test_the_file_covers_every_configuration():
    configs = {(c.values[0]["players"], c.values[0]["buildings"], c.values[0]["rules"]) for c in CASES}
    assert configs == {(p, b, r) for p in (1, 2) for b in ("starter", "random") for r in ("printed", "rulebook")}
    assert len(CASES) >= 30


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
