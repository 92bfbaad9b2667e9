"""Whole turns as one line: :class:`Move`, and turn text both ways.

An action is one small decision; a *move* is the run of decisions one player
makes in a row within one turn.  Its text is the decision texts joined by
:data:`SEPARATOR`::

    USE LR1; TAKE Cl; COMMIT

A turn is usually one move.  A work contract splits it: the contracting
player's decisions, then the building owner's choice of clergyman
(``WITH_PRIOR``) as a move of the owner, then the contracting player's
remaining decisions.  A move ends with ``COMMIT`` (the end of the turn), when
another player must decide, or, for the last move of a game in progress, at
the current position.

>>> import olab
>>> state = olab.load("ora_et_labora", players=2, length="long").new_initial_state(colors="RG")
>>> line = "USE LR1; TAKE Cl; COMMIT"
>>> actions = state.string_to_turn(line)
>>> state.turn_to_string(actions) == line
True
>>> for a in actions:
...     state.apply_action(a)
>>> state.moves()
[Move(seat=0, actions=(2452, 18, 0), text='USE LR1; TAKE Cl; COMMIT', start=0)]
"""
from __future__ import annotations


from olab import turns as _turns
from olab.turns import string_to_turn, turn_to_string  # the shared reader and writer
from olab_core.ora import _engine as core

__all__ = ["Move", "SEPARATOR", "turn_to_string", "string_to_turn", "split_moves"]

#: What joins the decision texts of a move (and splits a line back).
SEPARATOR = _turns.SEPARATOR
COMMIT = core.ACTION_LAYOUT["COMMIT"]


class Move(_turns.Move):
    """The decisions one player makes in a row within one turn.

    Attributes
    ----------
    seat : int
        The deciding seat (:meth:`State.current_player` before each action).
    actions : tuple of int
        The action ids, in the order played.
    text : str
        One readable line: the action texts joined by ``"; "``.
        :meth:`State.string_to_turn` in the position before the move reads
        it back to ``actions``.
    start : int
        Where the move begins in :meth:`State.history`:
        ``history()[start:start + len(actions)] == list(actions)``.
    """

    @property
    def ends_turn(self) -> bool:
        """True if the move's last decision is ``COMMIT``, which ends the turn."""
        return bool(self.actions) and self.actions[-1] == COMMIT


def split_moves(state) -> list[Move]:
    """:meth:`State.history` as :class:`Move` objects (``state.moves()``).

    A new move begins after ``COMMIT`` (a new turn) and whenever the deciding
    seat changes.  The history is replayed from its root on a clone.
    """
    return state.moves()
