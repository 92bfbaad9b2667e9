"""Games in the notation of the kennerspiel reference engine.

kennerspiel (``hathora-et-labora-game``) stores a game as one command per line
(``CONFIG 3 france long``, ``START 42 R G B``, ``USE LR2 JoGn``, ``BUILD G01 3 1``,
``COMMIT`` ...; the grammar is in ``notation.md`` of the rules data).  A
kennerspiel command carries a whole building use in one line; olab plays it
as a chain of decisions.  :func:`replay` turns each command into those
decisions and :func:`export` writes olab's history back as commands.

The package pairs each decoder with its encoder:

- :mod:`.importer`: :func:`replay`, :class:`ReplayResult`, :class:`ReplayError`;
- :mod:`.player`: :class:`Player`, which answers olab's decisions for one command;
- :mod:`.reference`: what the reference engine does to the goods, the yardstick
  every command is checked against;
- :mod:`.commands`: the commands other than ``USE`` (both directions);
- :mod:`.uses_simple`, :mod:`.uses_coins`, :mod:`.uses_counts`,
  :mod:`.uses_value`, :mod:`.uses_choice`: every building's ``USE``
  parameters (both directions), merged in :mod:`.cards`;
- :mod:`.exporter`: :func:`export`, the walk over olab's history;
- :mod:`.common`: goods strings read as kennerspiel reads them (olab's one
  table of goods codes, in :mod:`olab.ora.notation`), kennerspiel's values,
  :class:`Unreplayable`.

>>> import olab
>>> from olab.ora.kennerspiel import replay_kennerspiel
>>> state = replay_kennerspiel('''
... CONFIG 3 france long
... START R G B
... USE LR1
... COMMIT
... ''')
>>> state.to_json()["players"][0]["goods"]["clay"]
3
"""
from __future__ import annotations

from olab_core.ora import _engine as _core

from .common import Unreplayable
from .importer import ReplayError, ReplayResult, ReplayWarning, replay, replay_kennerspiel
from .player import Player

CARD_CODES = _core.CARD_CODES

__all__ = ["ReplayError", "ReplayResult", "ReplayWarning", "replay", "replay_kennerspiel", "export",
           "Player", "Unreplayable"]


def export(state) -> str:
    """The game played so far as kennerspiel commands, one per line."""
    from .exporter import export as _export
    return _export(state)
