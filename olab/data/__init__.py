"""The facts each game is built from, as data files (``olab/data/<game>/*.json``); no Python API.

Each game's package reads its own folder (:mod:`olab.ora.cards`, :mod:`olab.ora.board`,
:mod:`olab.arle.data`).
"""

__all__ = []
