"""Whole turns as one line: :class:`Move`, and turn text both ways.

An action is one small decision; a *move* is the run of decisions one seat
makes in a row.  Its text is the decision texts joined by :data:`SEPARATOR`::

    USE ship; MOVE W01 grain

In the followers phase a move is a player's draws (``DRAW; DRAW; STOP``),
in planning the tiles placed (``PLACE K castle 2; PLACE F castle 0; DONE``),
in the actions phase one action with its choices.  Chance outcomes
(``chance="explicit"``) are moves of their own, of seat ``olab.CHANCE``.

>>> import olab
>>> state = olab.load("orleans", players=2).new_initial_state(seed=1)
>>> actions = state.string_to_turn("DRAW; DRAW")
>>> state.turn_to_string(actions)
'DRAW; DRAW'
"""
from __future__ import annotations

from olab import turns as _turns
from olab.turns import string_to_turn, turn_to_string  # the shared reader and writer

__all__ = ["Move", "SEPARATOR", "turn_to_string", "string_to_turn", "split_moves"]

#: What joins the decision texts of a move (and splits a line back).
SEPARATOR = _turns.SEPARATOR


class Move(_turns.Move):
    """The decisions one seat makes in a row.

    Attributes
    ----------
    seat : int
        The deciding seat (``olab.CHANCE`` for a chance outcome).
    actions : tuple of int
    text : str
        The action texts joined by ``"; "``; :meth:`State.string_to_turn`
        in the position before the move reads it back to ``actions``.
    start : int
        Where the move begins in :meth:`State.history`.
    """


def split_moves(state) -> list[Move]:
    """:meth:`State.history` as :class:`Move` objects (replayed on a clone): ``state.moves()``."""
    return state.moves()
