"""Replaying a kennerspiel record: :func:`replay`, its result and its error."""
from __future__ import annotations

import re

from dataclasses import dataclass

import olab
from olab.records import ReplayError, ReplayResult
from olab_core.errors import IllegalActionError, NotationError

from .common import Unreplayable
from .player import Player

__all__ = ["ReplayError", "ReplayWarning", "ReplayResult", "replay", "replay_kennerspiel"]


@dataclass(frozen=True)
class ReplayWarning:
    """What the reading of one command dropped or changed, and why.

    kennerspiel reads commands leniently (extra tokens, unknown
    goods codes, parameters a card does not read are ignored; it takes goods
    beyond a payment); the importer reads them the same way and says so here,
    never silently.
    """

    line: int
    command: str
    message: str

    def to_json(self) -> dict:
        """``{"line", "command", "message"}``, as ``olab replay --json`` lists it."""
        return {"line": self.line, "command": self.command, "message": self.message}

    def __str__(self) -> str:
        return f"line {self.line}: {self.command!r}: {self.message}"


def _commands(text: str) -> list[tuple[int, str]]:
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append((n, " ".join(line.split())))
    return out


def _new_state(line: int, config: tuple[int, list[str]] | None, start: str, rules, options):
    if config is None:
        raise ReplayError(line, start, "START before CONFIG")
    cline, words = config                 # a bad CONFIG is cited as itself, with its own line
    ctext = " ".join(words)
    if len(words) != 4 or not re.fullmatch(r"[0-9]", words[1]):
        raise ReplayError(cline, ctext, "CONFIG takes <players> <country> <length>")
    try:
        game = olab.load("ora_et_labora", players=int(words[1]), variant=words[2], length=words[3],
                         rules=rules, **options)
    except ValueError as e:
        raise ReplayError(cline, ctext, str(e)) from None
    players = game.num_players()
    toks = start.split()[1:]
    seed = 2692                          # kennerspiel's unseeded START
    if toks and re.fullmatch(r"-?[0-9]+", toks[0]):
        if len(toks[0].lstrip("-")) > 20:
            raise ReplayError(line, start, "a START seed has at most 20 digits")
        seed = int(toks[0])
        toks = toks[1:]
        seeded = True
    else:
        seeded = False
    if not toks or any(t not in "RGBW" or len(t) != 1 for t in toks):
        raise ReplayError(line, start, "START takes an optional seed and colours R G B W")
    neutral = None
    if players == 1:
        # the player takes the first colour after the shuffle; unseeded, the
        # second colour given is the neutral player's, seeded it is drawn
        if not seeded:
            if len(toks) < 2:
                raise ReplayError(line, start, "an unseeded solo START names the neutral colour second")
            neutral = toks[1]
    elif len(toks) != players:
        raise ReplayError(line, start, f"START names {len(toks)} colours for {players} players")
    try:
        return game.new_initial_state(seed % 2 ** 64, colors="".join(toks), neutral=neutral,
                                      shuffle=True)
    except ValueError as e:
        raise ReplayError(line, start, str(e)) from None


def _explicit_seating(line: int, cmd: str, state):
    # olab's SEATING line (a game with explicit chance, written by olab): the
    # game starts again from START's seed with the seating as its chance node
    if state.move_number() != 0:
        raise ReplayError(line, cmd, "SEATING comes right after START")
    cfg = state.game.config()
    cfg.pop("game", None)
    cfg["chance"] = "explicit"
    fresh = olab.load("ora_et_labora", **cfg).new_initial_state(state._config()["seed"])
    try:
        fresh.apply_action(fresh.string_to_action(cmd))
    except (IllegalActionError, NotationError) as e:
        raise ReplayError(line, cmd, str(e)) from None
    return fresh


def replay(text: str, rules="kennerspiel", observe=None, **options) -> ReplayResult:
    """Replay a kennerspiel record as far as it goes.

    Never raises for a bad record: the result holds the state reached (None
    if CONFIG/START failed) and the :class:`ReplayError` that stopped it.
    ``observe(k, state)``, if given, is called after the k-th command
    (CONFIG and START count) has been applied.
    """
    if text.startswith("\ufeff"):
        text = text[1:]                   # a byte-order mark (an editor's) is no command
    cmds = _commands(text)
    total = sum(1 for _, c in cmds if c.split()[0] not in ("CONFIG", "START"))
    config = None
    state = None
    applied = 0
    player = None
    warnings: list[ReplayWarning] = []

    def result(error=None):
        return ReplayResult(state, applied, total, error, warnings=warnings)

    for k, (line, cmd) in enumerate(cmds, 1):
        verb = cmd.split()[0]
        try:
            if verb == "CONFIG":
                if state is not None:
                    raise ReplayError(line, cmd, "CONFIG after START")
                config = (line, cmd.split())
                continue
            if verb == "START":
                if state is not None:
                    raise ReplayError(line, cmd, "a second START")
                state = _new_state(line, config, cmd, rules, options)
                player = Player(state)
                if observe is not None:
                    observe(k, state)
                continue
            if state is None:
                raise ReplayError(line, cmd, "a move before START")
            assert player is not None            # made with the state
            if verb == "SEATING":
                state = _explicit_seating(line, cmd, state)
                player = Player(state)
                applied += 1
                if observe is not None:
                    observe(k, state)
                continue
            player.command(cmd)
            warnings.extend(ReplayWarning(line, cmd, m) for m in player.warnings)
            applied += 1
            if observe is not None:
                observe(k, state)
        except ReplayError as e:
            return result(e)
        except (IllegalActionError, NotationError, Unreplayable) as e:
            return result(ReplayError(line, cmd, str(e), getattr(e, "reference_bug", False)))
    if state is not None and player is not None:
        try:
            player.finish()
        except (IllegalActionError, Unreplayable) as e:
            return result(ReplayError(cmds[-1][0], cmds[-1][1], str(e)))
        warnings.extend(ReplayWarning(cmds[-1][0], cmds[-1][1], m) for m in player.warnings)
    if state is None:
        return ReplayResult(None, 0, total, ReplayError(cmds[-1][0] if cmds else 0, "", "no START"),
                            warnings=warnings)
    return result()


def replay_kennerspiel(text: str, rules="kennerspiel", **options):
    """The state a kennerspiel record leads to.

    Parameters
    ----------
    text : str
        One command per line, starting with ``CONFIG`` and ``START``.
    rules : str or olab.ora.Rules
        ``"kennerspiel"`` (default: the reference engine's rule choices) or
        ``"printed"``.

    Raises
    ------
    ReplayError
        Naming the line and the command that cannot be replayed, and why.
    """
    result = replay(text, rules, **options)
    if result.error is not None:
        raise result.error
    return result.state

