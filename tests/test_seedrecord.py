"""olab's "SEED + moves" records read alike in every game that writes them (olab.seedrecord).

Every game whose ``replay_formats`` has ``"olab"`` goes through the same
reader: a byte-order mark, blank lines, whole-line and trailing comments are
not moves, in every game alike (before one reader, Fields of Arle took a
trailing comment for part of the move and Orléans refused a byte-order mark).
"""
import random

import pytest

import olab

GAMES = [name for name, info in olab.games().items() if "olab" in info.replay_formats]


def _options(game):
    return {k: v for k, v in game.config().items() if k != "game"}


@pytest.mark.parametrize("name", GAMES)
def test_comments_blank_lines_and_a_bom_are_not_moves(name):
    info = olab.games()[name]
    game = olab.load(name)
    state = game.new_initial_state(5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    text = info.export_formats["olab"](state)
    lines = text.splitlines()
    noisy = ("\ufeff# a header\n" + lines[0] + "\n\n"
             + "\n".join(f"  {line}   # move {i}" for i, line in enumerate(lines[1:])) + "\n")
    plain = info.replay_formats["olab"](text, **_options(game))
    result = info.replay_formats["olab"](noisy, **_options(game))
    assert plain.error is None and result.error is None, result.error
    assert result.state == plain.state == state
    assert result.moves_applied == result.moves_total == plain.moves_total


@pytest.mark.parametrize("name", GAMES)
def test_a_record_without_seed_names_its_first_line(name):
    info = olab.games()[name]
    result = info.replay_formats["olab"]("# header\n\nDRAW\n", **_options(olab.load(name)))
    assert result.state is None and result.error.line == 3 and "SEED" in result.error.message
    empty = info.replay_formats["olab"]("", **_options(olab.load(name)))
    assert empty.state is None and empty.error.line == 1
