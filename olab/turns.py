"""Turn lines shared by every game: decision texts joined by ``"; "``.

Each game's ``moves`` module groups its history into moves its own way; the
reading and writing of a line of decisions is the same for all of them and
lives here.  ``apply`` names the state method that plays a decision on the
working clone (Ora et Labora's ``apply_recorded`` also takes a kennerspiel
forfeit, which is in a history but never a legal action).
"""
from __future__ import annotations

from typing import Iterable

from olab_core.errors import NotationError

__all__ = ["SEPARATOR", "turn_to_string", "string_to_turn"]

#: What joins the decision texts of a move (and splits a line back).
SEPARATOR = "; "


def turn_to_string(state, actions: Iterable[int], apply: str = "apply_action") -> str:
    """The one-line text of ``actions`` played one after the other from ``state`` (on a clone).

    Each action is written in the position it is played in, so the actions
    are applied to a clone; ``state`` is not changed.

    Raises
    ------
    IllegalActionError
        If an action is not legal where it comes.
    """
    work = state.clone()
    play = getattr(work, apply)
    texts = []
    for a in actions:
        texts.append(work.action_to_string(a))
        play(a)
    return SEPARATOR.join(texts)


def string_to_turn(state, line: str, apply: str = "apply_action") -> list[int]:
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
    play = getattr(work, apply)
    actions = []
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
