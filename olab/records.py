"""What every game's record reader answers: :class:`ReplayResult` and :class:`ReplayError`.

Each game reads its own record format (Ora et Labora kennerspiel's commands,
Fields of Arle and Orléans a ``SEED`` line and one move or action per line);
what a replay reached, and the line that stopped it, are the same for all
of them and live here.  Each game's record module exports them under its own
name too (``olab.arle.record.ReplayError`` is this class).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from olab_core.errors import NotationError, OlabError

__all__ = ["ReplayError", "ReplayResult"]


class ReplayError(NotationError):
    """A record line that olab cannot replay: ``line`` (1-based), ``command`` and the reason (``message``).

    It is a :class:`~olab.NotationError` whose position is the line.
    ``reference_bug`` is true when the command relies on behaviour of a
    reference engine that the rules forbid (kennerspiel records).
    """

    def __init__(self, line: int, command: str, message: str, reference_bug: bool = False):
        self.line = line
        self.command = command
        self.message = message
        self.reference_bug = reference_bug
        self.text, self.position, self.reason = command, line, message
        OlabError.__init__(self, f"line {line}: {command!r}: {message}")


@dataclass
class ReplayResult:
    """What a replay reached: the state (``None`` when the record has no start), and the error that stopped it.

    ``moves_total`` counts the record's moves (its header lines, blank lines
    and ``#`` comments are not moves), ``moves_applied`` how many applied;
    ``error.line`` is a line number of the file.  ``commands`` lists the
    ``(line, text)`` of the moves where the reader keeps them, ``warnings``
    what a lenient reader dropped or changed (kennerspiel records).
    """

    state: object
    moves_applied: int
    moves_total: int
    error: ReplayError | None = None
    commands: list = field(default_factory=list)
    warnings: list = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether the record was replayed to the end of the game, without an error."""
        return self.error is None and self.state is not None and self.state.is_terminal()
