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
from typing import Any

from olab_core.errors import NotationError, OlabError

__all__ = ["ReplayError", "ReplayResult", "RECORD_HEADER", "LOG_HEADER", "record_header", "read_record_header",
           "record_options", "parse_seed", "record_text", "read_header", "read_record"]

#: how the first line of a record olab writes starts (the JSON of the game's configuration follows)
RECORD_HEADER = "# olab-game: "
#: the same as :data:`RECORD_HEADER` (the name ``olab serve`` and ``olab.cli`` use)
LOG_HEADER = RECORD_HEADER


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

    state: Any
    moves_applied: int
    moves_total: int
    error: ReplayError | None = None
    commands: list = field(default_factory=list)
    warnings: list = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether the record was replayed to the end of the game, without an error."""
        return self.error is None and self.state is not None and self.state.is_terminal()


def record_header(game) -> str:
    """The header line of a record of ``game`` (without the newline).

    It is a comment to every record reader: :data:`RECORD_HEADER`, then the JSON of
    ``game.config()`` (the options that rebuild the game) with the game's
    ``rules_version`` (see :class:`olab.registry.GameInfo`), so that a record
    replays in the game it was played in, or is refused.
    """
    import json

    from olab.registry import game_info

    doc = {**game.config(), "rules_version": game_info(game.name).rules_version}
    return RECORD_HEADER + json.dumps(doc, separators=(",", ":"))


def read_record_header(text: str) -> dict | None:
    """The configuration of a record's header line (:func:`record_header`), or ``None`` if it has none.

    Raises
    ------
    ValueError
        For a header line that is not a JSON object.
    """
    import json

    first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    if not first.startswith(RECORD_HEADER):
        return None
    try:
        doc = json.loads(first[len(RECORD_HEADER):])
    except (ValueError, RecursionError):
        doc = None
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise ValueError("the record's header line is not a game configuration")
    return doc


def record_options(name: str, header: dict | None, given: dict) -> dict:
    """The options to replay a record of game ``name`` with: its header's, and the ones ``given`` beside them.

    An option both give must agree; a header of another game or of another
    rules version is refused; every option is checked against the registry.

    Raises
    ------
    ValueError
        Naming the disagreement or the bad option.
    """
    from olab.registry import game_info

    info = game_info(name)
    options = dict(given)
    if header is not None:
        header = dict(header)
        if header.pop("game") != name:
            raise ValueError(f"the record is a game of {header.get('game', '?')!r}, not of {name}")
        # a header without a version was written before versions were (rules version 1)
        version = header.pop("rules_version", 1)
        if version != info.rules_version:
            raise ValueError(f"the record was written under rules version {version!r} of {name}; "
                             f"this olab plays version {info.rules_version}")
        for key, value in given.items():
            if key in header and header[key] != value:
                raise ValueError(f"the record was played with {key}={header[key]!r}, not {value!r}")
        options = {**header, **given}
    info.validate(options)
    return options


def parse_seed(line: int, text: str) -> int:
    """The seed of a record's ``SEED <n>`` line: ASCII digits, 0 to 2**64-1; :class:`ReplayError` otherwise."""
    import re

    parts = text.split()
    if (len(parts) != 2 or parts[0].upper() != "SEED" or not re.fullmatch(r"[0-9]{1,20}", parts[1])
            or int(parts[1]) >= 2 ** 64):
        raise ReplayError(line, text, "SEED takes one number 0..2**64-1 (ASCII digits)")
    return int(parts[1])


def record_text(state) -> str:
    """The game of ``state`` as a record: a :func:`record_header` line, then the game's first record format.

    ``olab replay`` (and :func:`read_record`) read it back in the same game.

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
    return record_header(state.game) + "\n" + (text if text.endswith("\n") else text + "\n")


def read_header(text: str) -> dict | None:
    """The configuration on a record's header line, or ``None`` if it has none or it does not read."""
    try:
        return read_record_header(text)
    except ValueError:
        return None


def read_record(text: str, game: str | None = None, fmt: str | None = None) -> ReplayResult:
    """Replay a record as ``olab replay`` does: in the game and with the options of its header.

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
        For an unknown game or format, a header of another game or rules
        version, or options the game refuses (:func:`record_options`); a line
        that does not replay is the result's ``error`` instead.
    """
    import olab

    header = read_record_header(text)
    from olab.registry import default_game

    name = game or (header or {}).get("game") or default_game()
    info = olab.games().get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"unknown game {name!r}; games: {', '.join(olab.games())}")
    fmt = fmt or next(iter(info.replay_formats), None)
    if fmt not in info.replay_formats:
        raise ValueError(f"{name} records are not read as {fmt!r}; formats: {', '.join(info.replay_formats) or 'none'}")
    options = record_options(name, header, {})
    return info.replay_formats[str(fmt)](text, **options)
