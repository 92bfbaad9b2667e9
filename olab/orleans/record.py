"""Orléans game records: the seed and one action per line, in olab notation.

::

    SEED 17
    DRAW
    DRAW
    STOP
    PLACE F* village 0

A record replays exactly: the seed deals the goods on the map, ``HIDDEN``
(when the game was dealt with one: ``new_initial_state(seed, hidden_seed)``)
seeds the generator of every sampled draw -- without it the generator goes on
from the deal's -- and the lines are the decisions (with ``chance="explicit"``
also the chance outcomes, ``DRAWN K``, ``EVENT plague``)::

    SEED 17
    HIDDEN 9348761120398
    DRAW

The hidden seed is the future of the game: whoever holds it predicts every
draw.  Only the true state can be written (a seat's view, a determinization,
forgets the deal and refuses), and the surfaces that deal games to seats write
their records once the game is over (``olab play --log``); a record of an
unfinished game is for whoever holds the true state, never for a seat.
Blank lines and ``#`` comments are skipped.  ``olab play --log`` writes
records, ``olab replay`` reads them.

>>> import olab
>>> from olab.orleans.record import export, replay
>>> state = olab.load("orleans", players=2).new_initial_state(3)
>>> state.apply_action(state.string_to_action("DRAW"))
>>> text = export(state)
>>> text.splitlines()
['SEED 3', 'DRAW']
>>> replay(text, players=2).state == state
True
"""
from __future__ import annotations

from olab import seedrecord
from olab.records import ReplayError, ReplayResult
from olab_core.errors import HistoryError

__all__ = ["export", "replay", "ReplayResult", "ReplayError"]


def export(state) -> str:
    """The game so far as a record (``SEED``, ``HIDDEN`` if dealt with one, and every action).

    Raises
    ------
    ValueError
        For a state that did not start from a seeded deal (made by
        ``state_from_json`` or ``determinize``): its record would not replay.
    """
    from .game import _hidden_seed_of

    seed = state._fields()["seed"]
    history = state.history()
    root = state.clone()
    try:
        for _ in history:
            root.undo_action()
    except HistoryError:
        # a seat's view (determinize) starts where it was made: it knows
        # neither the deal's generator nor the hidden seed, and writes no record
        raise ValueError("this state does not start from a seeded deal, so no record replays it") from None
    f = root._fields()
    hidden = _hidden_seed_of(f["rng_state"], f["rng_inc"])
    if root._raw() != state.game.new_initial_state(seed, hidden)._raw():
        raise ValueError("this state does not start from a seeded deal, so no record replays it")
    lines = []
    for a in history:
        lines.append(root.action_to_string(a))
        root.apply_action(a)
    return seedrecord.write(seed, hidden, lines)


def replay(text: str, players: int = 4, chance: str = "sampled", exclusion: bool = False) -> ReplayResult:
    """Replay a record on ``olab.load("orleans", players=..., chance=..., exclusion=...)``.

    One line is one action (:meth:`State.string_to_action`); the format is
    :mod:`olab.seedrecord`'s, with a ``HIDDEN`` line.

    Raises
    ------
    TypeError
        For an option Orléans does not have (``rules``: it has one reading).
    """
    import olab

    game = olab.load("orleans", players=players, chance=chance, exclusion=exclusion)
    return seedrecord.replay(text, game, lambda state, line: [state.string_to_action(line)], hidden=True)
