"""Games in the notation of the kennerspiel reference engine.

kennerspiel (``hathora-et-labora-game``) stores a game as one command per line
(``CONFIG 3 france long``, ``START 42 R G B``, ``USE LR2 JoGn``, ``BUILD G01 3 1``,
``COMMIT`` ...; the docs page "Importing kennerspiel games" describes it).  A
kennerspiel command carries a whole building use in one line; olab plays it
as a chain of decisions.  :func:`replay` turns each command into those
decisions and :func:`export` writes olab's history back as commands.

The package pairs each decoder with its encoder (the modules are the
importer's machinery; the public names are this package's):

- ``importer``: :func:`replay`, :class:`ReplayResult`, :class:`ReplayError`;
- ``player``: ``Player``, which answers olab's decisions for one command;
- ``reference``: what the reference engine does to the goods, the yardstick
  every command is checked against;
- ``commands``: the commands other than ``USE`` (both directions);
- ``uses_simple``, ``uses_coins``, ``uses_counts``,
  ``uses_value``, ``uses_choice``: every building's ``USE``
  parameters (both directions), merged in ``cards``;
- ``exporter``: :func:`export`, the walk over olab's history;
- ``common``: goods strings read as kennerspiel reads them (olab's one
  table of goods codes, in :mod:`olab.ora.notation`), kennerspiel's values,
  ``Unreplayable``.

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

# the public names; Player and Unreplayable stay importable for the
# importer's own modules and tests, but are its machinery, not API
__all__ = ["ReplayError", "ReplayResult", "ReplayWarning", "replay", "replay_kennerspiel", "export"]


def export(state) -> str:
    """The game played so far as kennerspiel commands, one per line."""
    from .exporter import export as _export
    return _export(state)
