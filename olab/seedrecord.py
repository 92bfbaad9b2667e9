"""olab's own record format, "SEED + moves": a ``SEED <n>`` line, then one move per line.

Fields of Arle and Orléans write their games this way (``olab/<game>/record.py``
holds what is the game's own: how it finds its seed and which line is one
move); this module reads and writes the format once for both::

    # olab-game: {"game":"orleans","players":2,...}
    SEED 17
    HIDDEN 9348761120398
    DRAW
    PLACE F* village 0   # a comment

Blank lines and comments are not moves: a line whose first character (after
blanks) is ``#``, and the rest of a line from a ``#`` that follows a blank and
is followed by a blank or the line's end (so ``BREED #3`` stays a move).  A
``HIDDEN <n>`` line right after ``SEED`` gives the game's hidden seed, for a
game that has one.  A replay never raises on a bad line: it stops there and
says which (:class:`~olab.records.ReplayResult`).

>>> from olab.seedrecord import record_lines, write
>>> write(7, None, ["PLACE woodcutter"])
'SEED 7\\nPLACE woodcutter\\n'
>>> record_lines("# header\\nSEED 7\\n\\nDRAW  # first draw\\nBREED #3")
[(2, 'SEED 7'), (4, 'DRAW'), (5, 'BREED #3')]
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from olab_core.errors import IllegalActionError, NotationError

from olab.records import ReplayError, ReplayResult, parse_seed

__all__ = ["record_lines", "write", "replay"]

_COMMENT = re.compile(r"\s#(?=\s|$)")


def record_lines(text: str) -> list[tuple[int, str]]:
    """The ``(line number, text)`` of every line that is not blank or a comment (numbers 1-based)."""
    out = []
    for n, raw in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cut = _COMMENT.search(line)
        line = line[:cut.start()].strip() if cut else line
        if line:
            out.append((n, line))
    return out


def write(seed: int, hidden: int | None, moves: Iterable[str]) -> str:
    """The record's text: ``SEED``, ``HIDDEN`` when ``hidden`` is not None, then one line per move."""
    lines = [f"SEED {seed}"] + ([f"HIDDEN {hidden}"] if hidden is not None else []) + list(moves)
    return "\n".join(lines) + "\n"


def replay(text: str, game, parse: Callable[[Any, str], list[int]], hidden: bool = False) -> ReplayResult:
    """Play a record on ``game`` (``game.new_initial_state(seed[, hidden])``).

    Parameters
    ----------
    text : str
        The record.
    game : object
        The game to play it on, as ``olab.load`` makes it (the caller chooses its options).
    parse : callable
        ``parse(state, line)``: the actions of one move line in ``state``
        (raises :class:`~olab.NotationError` or :class:`~olab.IllegalActionError`).
    hidden : bool
        Whether the game reads a ``HIDDEN <n>`` line after ``SEED``.

    Returns
    -------
    ReplayResult
        The state reached, how many of the record's moves applied, and the
        error of the line that stopped the replay (None when all applied).
    """
    commands = record_lines(text)
    if not commands or not commands[0][1].upper().startswith("SEED"):
        n, line = commands[0] if commands else (1, "")
        return ReplayResult(None, 0, len(commands), ReplayError(n, line, "a record starts with SEED <n>"))
    n0, first = commands.pop(0)
    try:
        seed = parse_seed(n0, first)
    except ReplayError as e:
        return ReplayResult(None, 0, len(commands), e)
    hidden_seed = None
    if hidden and commands and commands[0][1].upper().startswith("HIDDEN"):
        n1, second = commands.pop(0)
        words = second.split(None, 1)
        try:
            hidden_seed = parse_seed(n1, "SEED " + words[1] if len(words) > 1 else "SEED")
        except ReplayError:
            return ReplayResult(None, 0, len(commands),
                                ReplayError(n1, second, "HIDDEN takes one number 0..2**64-1 (ASCII digits)"))
    state = game.new_initial_state(seed, hidden_seed) if hidden else game.new_initial_state(seed)
    for done, (n, line) in enumerate(commands):
        try:
            for a in parse(state, line):
                state.apply_action(a)
        except (NotationError, IllegalActionError) as e:
            return ReplayResult(state, done, len(commands), ReplayError(n, line, str(e)), commands)
    return ReplayResult(state, len(commands), len(commands), None, commands)
