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

FILE = Path(__file__).resolve().parent.parent / "perft" / "ora_et_labora.perft"


def read_cases():
    cases = []
    for n, line in enumerate(FILE.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        config, seed, prefix, depth, count = (f.strip() for f in line.split("|"))
        name, players, variant, length, rules = config.split()
        cases.append(pytest.param(
            dict(game=name, players=int(players), variant=variant, length=length, rules=rules),
            int(seed), [t for t in prefix.split(";") if t], int(depth), int(count),
            id=f"{players}p-{variant}-{length}-{rules}-s{seed}-d{depth}-line{n}"))
    return cases


CASES = read_cases()


def position(config, seed, prefix):
    state = olab.load(**config).new_initial_state(seed)
    for text in prefix:
        state.apply_action(state.string_to_action(text))
    return state


def python_perft(state, depth):
    # the same count through the public API: legal_actions / apply / undo
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for a in state.legal_actions():
        state.apply_action(a)
        total += python_perft(state, depth - 1)
        state.undo_action()
    return total


def test_the_file_covers_every_mode_and_both_variants():
    configs = {(c.values[0]["players"], c.values[0]["variant"], c.values[0]["length"]) for c in CASES}
    for variant in ("france", "ireland"):
        for players, length in [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"),
                                (4, "long"), (4, "short")]:
            assert (players, variant, length) in configs
    assert len(CASES) >= 50


@pytest.mark.parametrize("config,seed,prefix,depth,count", CASES)
def test_perft_regression(config, seed, prefix, depth, count):
    state = position(config, seed, prefix)
    before = state.clone()
    assert perft(state, depth) == count
    assert state == before                         # counting leaves the position alone


@pytest.mark.parametrize("config,seed,prefix,depth,count", CASES[1::9])
def test_c_perft_equals_the_python_api(config, seed, prefix, depth, count):
    state = position(config, seed, prefix)
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
