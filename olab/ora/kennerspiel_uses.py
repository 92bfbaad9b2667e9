"""Former home of the kennerspiel importer; kept so old imports work.

Everything is in the package :mod:`olab.ora.kennerspiel` now.
"""
from .kennerspiel import Player, Unreplayable  # noqa: F401
