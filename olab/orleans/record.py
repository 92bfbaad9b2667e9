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

from olab.records import ReplayError, ReplayResult, parse_seed
from olab_core.errors import HistoryError, IllegalActionError, NotationError

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
    lines = [f"SEED {seed}"] + ([f"HIDDEN {hidden}"] if hidden is not None else [])
    for a in history:
        lines.append(root.action_to_string(a))
        root.apply_action(a)
    return "\n".join(lines) + "\n"


def replay(text: str, players: int = 4, chance: str = "sampled", exclusion: bool = False) -> ReplayResult:
    """Replay a record on ``olab.load("orleans", players=..., chance=..., exclusion=...)``.

    Raises
    ------
    TypeError
        For an option Orléans does not have (``rules``: it has one reading).
    """
    import olab

    game = olab.load("orleans", players=players, chance=chance, exclusion=exclusion)
    commands = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            commands.append((n, line))
    if not commands or not commands[0][1].upper().startswith("SEED"):
        return ReplayResult(None, 0, len(commands),
                            ReplayError(commands[0][0] if commands else 0, commands[0][1] if commands else "",
                                        "a record starts with SEED <n>"))
    n0, first = commands[0]
    try:
        seed = parse_seed(n0, first)
    except ReplayError as e:
        return ReplayResult(None, 0, len(commands) - 1, e)
    hidden = None
    if len(commands) > 1 and commands[1][1].upper().startswith("HIDDEN"):
        n1, second = commands.pop(1)
        try:
            hidden = parse_seed(n1, "SEED " + second.split(None, 1)[1] if len(second.split()) > 1 else "SEED")
        except ReplayError:
            return ReplayResult(None, 0, len(commands) - 1,
                                ReplayError(n1, second, "HIDDEN takes one number 0..2**64-1 (ASCII digits)"))
    state = game.new_initial_state(seed, hidden)
    done = 0
    for n, line in commands[1:]:
        try:
            state.apply_action(state.string_to_action(line))
        except (NotationError, IllegalActionError) as e:
            return ReplayResult(state, done, len(commands) - 1, ReplayError(n, line, str(e)), commands[1:])
        done += 1
    return ReplayResult(state, done, len(commands) - 1, None, commands[1:])
