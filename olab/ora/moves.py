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

from typing import Iterable

from olab import turns as _turns
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


def turn_to_string(state, actions: Iterable[int]) -> str:
    """The one-line text of ``actions`` played one after the other from ``state``.

    Each action is written in the position it is played in (``AT 3 1`` names a
    space of the landscape that is asked about then), so the actions are
    applied to a clone; ``state`` is not changed.

    Raises
    ------
    IllegalActionError
        If an action is not legal where it comes.
    """
    return _turns.turn_to_string(state, actions, apply="apply_recorded")


def string_to_turn(state, line: str) -> list[int]:
    """The actions a turn line names, read from ``state`` on.

    The line is decision texts separated by ``;`` (spaces around it are
    optional).  Each text is read in the position the previous ones lead to,
    on a clone; ``state`` is not changed.

    Raises
    ------
    NotationError
        If a part cannot be read; ``position`` counts in the whole line.
    IllegalActionError
        If a part reads but is not legal where it comes; the parts after it
        are not read.
    """
    return _turns.string_to_turn(state, line, apply="apply_recorded")


def split_moves(state) -> list[Move]:
    """:meth:`State.history` as :class:`Move` objects.

    A new move begins after ``COMMIT`` (a new turn) and whenever the deciding
    seat changes.  The history is replayed from its root on a clone.
    """
    return _turns.split_moves(state, Move, closes=lambda position, a: a == COMMIT,
                              apply="apply_recorded")
