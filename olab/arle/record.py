"""Game records of Fields of Arle: the seed, then one move per line (``olab play --log``, ``olab replay``).

A record is olab's own notation, since no other engine plays the game to its
end: a ``SEED <n>`` line, then each :class:`~olab.arle.Move` as its line of
text.  Blank lines and ``#`` comments (such as the configuration header
``olab play --log`` writes) are not moves::

    # olab-game: {"game":"fields_of_arle","players":2,...}
    SEED 7
    PLACE summer_grocer; TAKE Ho
    PLACE peat_cutter

>>> import olab
>>> from olab.arle.record import export, replay
>>> state = olab.load("fields_of_arle", players=1).new_initial_state(7)
>>> state.apply_action(state.string_to_action("PLACE woodcutter"))
>>> export(state)
'SEED 7\\nPLACE woodcutter\\n'
>>> replay(export(state), players=1).state == state
True
"""
from __future__ import annotations

from olab import seedrecord
from olab.records import ReplayError, ReplayResult

__all__ = ["export", "replay", "ReplayResult", "ReplayError"]


def export(state) -> str:
    """The record of ``state``'s game (its history from the first position).

    Raises
    ------
    ValueError
        If the history does not start at a dealt first position (a state
        made from a document has a root no seed deals).
    """
    root = state.clone()
    for _ in range(len(root.history())):
        root.undo_action()
    seed = root._game_fields()["seed"]
    if root != state.game.new_initial_state(seed):
        raise ValueError("the game does not start at a dealt position: no record can replay it")
    return seedrecord.write(seed, None, (m.text for m in state.moves()))


def replay(text: str, **options) -> ReplayResult:
    """Play a record; ``options`` are the game's (``olab.load("fields_of_arle", **options)``).

    One line is one move (:meth:`State.string_to_turn`); the format is
    :mod:`olab.seedrecord`'s.
    """
    import olab

    game = olab.load("fields_of_arle", **options)
    return seedrecord.replay(text, game, lambda state, line: state.string_to_turn(line))
