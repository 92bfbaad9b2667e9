"""Turn lines shared by every game: decision texts joined by ``"; "``.

Each game's ``moves`` module says where its moves begin and end (the two
hooks of :func:`split_moves`); the :class:`Move` record, the grouping of a
history and the reading and writing of a line of decisions are the same for
all of them and live here.  A decision is played on the working clone with
``apply_recorded`` (declared on :class:`olab.contract.StateProtocol`; Ora et
Labora's also takes a kennerspiel forfeit, which is in a history but never a
legal action).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from olab_core.errors import HistoryError, NotationError

__all__ = ["SEPARATOR", "Move", "split_moves", "turn_to_string", "string_to_turn"]

#: What joins the decision texts of a move (and splits a line back).
SEPARATOR = "; "


def turn_to_string(state, actions: Iterable[int]) -> str:
    """The one-line text of ``actions`` played one after the other from ``state`` (on a clone).

    Each action is written in the position it is played in, so the actions
    are applied to a clone; ``state`` is not changed.

    Raises
    ------
    IllegalActionError
        If an action is not legal where it comes.
    """
    work = state.clone()
    play = work.apply_recorded
    texts = []
    for a in actions:
        texts.append(work.action_to_string(a))
        play(a)
    return SEPARATOR.join(texts)


def string_to_turn(state, line: str) -> list[int]:
    """The actions a turn line names, read from ``state`` on (on a clone).

    The line is decision texts separated by ``;`` (spaces around it are
    optional, a trailing one is allowed).  Each text is read in the position
    the previous ones lead to; ``state`` is not changed.

    Raises
    ------
    NotationError
        If a part cannot be read; ``position`` counts in the whole line.
    IllegalActionError
        If a part reads but is not legal where it comes; the parts after it
        are not read.
    """
    if not isinstance(line, str):
        raise NotationError(repr(line), 0, "a turn is a string")
    if not line.strip():
        raise NotationError(line, 0, "empty turn")
    work = state.clone()
    play = work.apply_recorded
    actions: list[int] = []
    offset = 0
    parts = line.split(";")
    for i, part in enumerate(parts):
        lead = len(part) - len(part.lstrip())
        text = part.strip()
        if not text:
            if i == len(parts) - 1 and actions:
                break                       # a trailing separator
            raise NotationError(line, offset + lead, "empty decision between separators")
        try:
            a = work.string_to_action(text)
        except NotationError as e:
            raise NotationError(line, offset + lead + e.position, e.reason) from None
        play(a)
        actions.append(a)
        offset += len(part) + 1
    return actions


@dataclass(frozen=True)
class Move:
    """The decisions one seat makes in a row (each game's ``Move`` says which run).

    Attributes
    ----------
    seat : int
        The deciding seat (``current_player()`` before each action).
    actions : tuple of int
        The action ids, in the order played.
    text : str
        The action texts joined by ``"; "``; ``State.string_to_turn`` in the
        position before the move reads it back to ``actions``.
    start : int
        Where the move begins in ``State.history()``:
        ``history()[start:start + len(actions)] == list(actions)``.
    """

    seat: int
    actions: tuple[int, ...]
    text: str
    start: int

    def __str__(self) -> str:
        return self.text


def split_moves(state, move: type = Move, closes: Callable | None = None,
                opens: Callable | None = None) -> list:
    """``state.history()`` as moves, replayed from its root on a clone.

    A new move begins whenever the deciding seat changes, and, once an
    action of the move *closes* it (``closes(position, action)``, asked in
    the position before the action), at the next position that *opens* one
    (``opens(position)``; every position if ``opens`` is None).  A view made
    by ``determinize`` has no root to replay from: its moves are those since
    it was made.

    Parameters
    ----------
    move : type
        The game's ``Move`` class, called as ``move(seat, actions, text, start)``.
    """
    history = state.history()
    work = state.clone()
    undone = 0
    try:
        while undone < len(history):
            work.undo_action()
            undone += 1
    except HistoryError:  # a view made by determinize starts at its own position
        pass
    history = history[len(history) - undone:]
    play = work.apply_recorded
    moves: list = []
    seat, start, closing = None, 0, False
    acts: list[int] = []
    texts: list[str] = []
    for i, a in enumerate(history):
        who = work.current_player()
        if acts and (who != seat or (closing and (opens is None or opens(work)))):
            moves.append(move(seat, tuple(acts), SEPARATOR.join(texts), start))
            acts, texts, closing = [], [], False
        if not acts:
            seat, start = who, i
        if closes is not None and closes(work, a):
            closing = True
        texts.append(work.action_to_string(a))
        acts.append(a)
        play(a)
    if acts:
        moves.append(move(seat, tuple(acts), SEPARATOR.join(texts), start))
    return moves
