"""Orléans game records: the seed and one action per line, in olab notation.

::

    SEED 17
    DRAW
    DRAW
    STOP
    PLACE F* village 0

A record replays exactly: the seed deals the goods on the map and seeds the
generator of every sampled draw, and the lines are the decisions (with
``chance="explicit"`` also the chance outcomes, ``DRAWN K``, ``EVENT plague``).
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
from olab_core.errors import IllegalActionError, NotationError

__all__ = ["export", "replay", "ReplayResult", "ReplayError"]


def export(state) -> str:
    """The game so far as a record (``SEED`` and every action of the history).

    Raises
    ------
    ValueError
        For a state that did not start from a seeded deal (made by
        ``state_from_json`` or ``determinize``): its record would not replay.
    """
    seed = state._fields()["seed"]
    history = state.history()
    root = state.clone()
    for _ in history:
        root.undo_action()
    if root._raw() != state.game.new_initial_state(seed)._raw():
        raise ValueError("this state does not start from a seeded deal, so no record replays it")
    lines = [f"SEED {seed}"]
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
    state = game.new_initial_state(seed)
    done = 0
    for n, line in commands[1:]:
        try:
            state.apply_action(state.string_to_action(line))
        except (NotationError, IllegalActionError) as e:
            return ReplayResult(state, done, len(commands) - 1, ReplayError(n, line, str(e)), commands[1:])
        done += 1
    return ReplayResult(state, done, len(commands) - 1, None, commands[1:])
