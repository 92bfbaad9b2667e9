"""olab: a fast, rule-exact engine for Uwe Rosenberg's Ora et Labora.

>>> import olab
>>> game = olab.load("ora_et_labora", players=4, variant="france", length="long")
>>> state = game.new_initial_state(seed=7)
>>> len(state.legal_actions()) > 0
True
"""
from __future__ import annotations

from .errors import IllegalActionError, NotationError, OlabError, StateFormatError

__version__ = "0.1.0"
__all__ = ["load", "games", "OlabError", "IllegalActionError", "NotationError",
           "StateFormatError", "__version__"]

_GAMES = ("ora_et_labora",)


def games() -> tuple[str, ...]:
    """The names :func:`load` accepts."""
    return _GAMES


def load(game: str, players: int = 4, variant: str = "france", length: str = "long",
         rules="printed", **options):
    """Make a game.

    Parameters
    ----------
    game : str
        ``"ora_et_labora"``.
    players : int
        1 (solo) to 4.
    variant : {"france", "ireland"}
    length : {"long", "short"}
        Ignored for 1 player; with 2 players "short" is the regular game.
    rules : str or olab.ora.Rules
        A preset name (``"printed"``, the default, or ``"kennerspiel"``) or a
        complete :class:`olab.ora.Rules`.
    **options
        Any field of :class:`olab.ora.Rules`, overriding the preset.

    Returns
    -------
    olab.ora.Game

    Raises
    ------
    ValueError
        For an unknown game, mode, preset or option; the message lists the valid ones.
    """
    if game not in _GAMES:
        raise ValueError(f"unknown game {game!r}; valid games: {', '.join(_GAMES)}")
    from . import ora

    if isinstance(rules, ora.Rules):
        if options or (players, variant, length) != (4, "france", "long"):
            raise ValueError("pass either a Rules object or players/variant/length/options, not both")
        spec = rules
    else:
        if not isinstance(rules, str):
            raise ValueError(f"rules must be a preset name ({', '.join(ora.PRESETS)}) or a Rules object")
        spec = ora.Rules.preset(rules, players=players, variant=variant, length=length, **options)
    return ora.Game(spec)
