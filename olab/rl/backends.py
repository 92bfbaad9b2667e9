"""Where independent jobs run: :mod:`olab.jobs`, under the name it had in the RL package.

The job runner serves the arena and the ladder as much as self-play, so it
lives in :mod:`olab.jobs` (issue 26.3: the arena imported it from here, and
this package imported the arena back); this module gives the same names.
"""
from __future__ import annotations

from olab.jobs import BACKENDS, check_backend as _check, run_jobs  # noqa: F401

__all__ = ["BACKENDS", "run_jobs"]
