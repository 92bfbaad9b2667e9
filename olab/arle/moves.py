"""Whole turns as one line: :class:`Move`, and turn text both ways.

An action is one small decision; a *move* is what one seat decides in a row
for one worker: the any-time actions before it, the placement (or ``SKIP``)
and the decisions of that action space.  Its text is the decision texts
joined by :data:`SEPARATOR`::

    LOAD Wo handcart; PLACE summer_grocer; TAKE Ho

A new move begins when another seat decides, and when a seat that has
placed (or skipped) its worker comes back to the top of a turn.
"""
from __future__ import annotations

from olab_core.arle import _engine as core
from olab import turns as _turns
from olab.turns import string_to_turn, turn_to_string  # the shared reader and writer

__all__ = ["Move", "SEPARATOR", "turn_to_string", "string_to_turn", "split_moves"]

#: What joins the decision texts of a move (and splits a line back).
SEPARATOR = _turns.SEPARATOR
L = core.ACTION_LAYOUT


class Move(_turns.Move):
    """The decisions one seat makes in a row for one worker (or one inventory, or the end of a phase).

    Attributes
    ----------
    seat : int
    actions : tuple of int
    text : str
        The action texts joined by ``"; "``; :meth:`State.string_to_turn` in
        the position before the move reads it back to ``actions``.
    start : int
        Where the move begins in :meth:`State.history`.
    """


def _is_worker_action(a: int) -> bool:
    return a == L["SKIP"] or L["PLACE"] <= a < L["PLACE"] + L["N_SPACES"]


def _top(position) -> bool:
    return position._decision()["ctx"] in ("turn", "anytime")


def _places(position, a: int) -> bool:
    # the placement (or SKIP, or DONE) at the top of a turn: the move ends at the next top
    return _top(position) and (_is_worker_action(a) or a == L["DONE"])


def split_moves(state) -> list[Move]:
    """:meth:`State.history` as :class:`Move` objects (replayed on a clone): ``state.moves()``."""
    return state.moves()
