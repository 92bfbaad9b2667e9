"""Orléans snapshots whose bytes were rewritten with the checksum made right.

The first position of a snapshot must be what its own fields rebuild, byte
for byte, and read back from its own JSON (as for the other games); the
hourglass stack must hold one tile per round still to reveal (summary: "18
rounds", one hourglass tile revealed at the start of each).
"""
import pytest

import olab
from olab.testing import _mutated


def _midgame(players=3, seed=5, actions=40):
    game = olab.load("orleans", players=players)
    state = game.new_initial_state(seed)
    for _ in range(actions):
        state.apply_action(state.legal_actions()[0])
    return game, game.state_from_json(state.to_json())


def test_almost_every_rewritten_byte_is_refused():
    game, root = _midgame()
    data = root.serialize()
    size = len(root._root_raw())
    refused = 0
    for off in range(size):
        try:
            game.deserialize_state(_mutated(data, off, 0xFF))
        except olab.StateFormatError:
            refused += 1
    # the few accepted are bytes where 0xFF is a real value (a generator word, the deal's seed)
    assert refused > 0.9 * size
    assert game.deserialize_state(data) == root


def test_a_rewritten_padding_byte_is_refused_and_says_which_byte():
    game, root = _midgame()
    raw = root._root_raw()
    data = root.serialize()
    # a byte the rebuild leaves zero: rewriting it changes nothing a field reads
    for off in range(len(raw) - 1, 0, -1):
        if raw[off] == 0:
            try:
                game.deserialize_state(_mutated(data, off, 1))
            except olab.StateFormatError as e:
                if "byte" in str(e):
                    break
    else:
        pytest.fail("no zero byte of the snapshot is checked")


@pytest.mark.parametrize("change", [-1, +1])
def test_an_hourglass_stack_not_one_tile_per_round_is_refused(change):
    game, root = _midgame(players=2)
    doc = root.to_json()
    event = next(e for e, n in doc["hourglass"].items() if n > 0)
    doc["hourglass"][event] += change
    with pytest.raises(olab.StateFormatError, match="hourglass"):
        game.state_from_json(doc)
    assert root.to_json() != doc
