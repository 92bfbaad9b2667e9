"""What every game's record reader answers: :class:`ReplayResult` and :class:`ReplayError`.

Each game reads its own record format (Ora et Labora kennerspiel's commands,
Fields of Arle and Orléans a ``SEED`` line and one move or action per line);
what a replay reached, and the line that stopped it, are the same for all
of them and live here.  Each game's record module exports them under its own
name too (``olab.arle.record.ReplayError`` is this class).

:func:`record_text` writes a game as ``olab play --log`` does (a header line
with the game's configuration, then the game's first record format) and
:func:`read_record` reads such a text back as ``olab replay`` does, for any
registered game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from olab_core.errors import NotationError, OlabError

__all__ = ["ReplayError", "ReplayResult", "LOG_HEADER", "record_text", "read_header", "read_record"]

#: the first line of a record written by :func:`record_text` (``olab play --log``): the game's configuration
LOG_HEADER = "# olab-game: "


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


def record_text(state) -> str:
    """The game of ``state`` as a record: a :data:`LOG_HEADER` line, then the game's first record format.

    ``olab replay`` (and :func:`read_record`) read it back with the same
    configuration.

    Raises
    ------
    ValueError
        If the game has no record format, or the state cannot be written as
        a record (a state made by ``state_from_json`` or ``determinize``).
    """
    import olab

    writers = olab.games()[state.game.name].export_formats
    if not writers:
        raise ValueError(f"{state.game.name} has no record format")
    text = writers[next(iter(writers))](state)
    header = f"{LOG_HEADER}{json.dumps(state.game.config(), separators=(',', ':'))}\n"
    return header + (text if text.endswith("\n") else text + "\n")


def read_header(text: str) -> dict | None:
    """The configuration on a record's :data:`LOG_HEADER` line, or ``None`` if it has none."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    if not first.startswith(LOG_HEADER):
        return None
    try:
        cfg = json.loads(first[len(LOG_HEADER):])
    except ValueError:
        return None
    return cfg if isinstance(cfg, dict) else None


def read_record(text: str, game: str | None = None, fmt: str | None = None) -> ReplayResult:
    """Replay a record as ``olab replay`` does: the game and options from its header.

    Parameters
    ----------
    text : str
        The record.
    game : str, optional
        The registry name; default the header's, else the first registered game.
    fmt : str, optional
        The record format; default the game's first.

    Raises
    ------
    ValueError
        For an unknown game or format, or options the game refuses; a line
        that does not replay is the result's ``error`` instead.
    """
    import olab

    header = read_header(text)
    name = game or (header or {}).get("game") or next(iter(olab.games()))
    info = olab.games().get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(olab.games())}")
    fmt = fmt or next(iter(info.replay_formats), None)
    if fmt not in info.replay_formats:
        raise ValueError(f"{name} records are not read as {fmt!r}; formats: {', '.join(info.replay_formats) or 'none'}")
    options = {k: v for k, v in (header or {}).items() if k != "game"} if header and header.get("game") == name else {}
    return info.replay_formats[fmt](text, **options)
