"""For learning agents: a vectorized environment, PettingZoo, OpenSpiel, Gymnasium spaces, self-play data.

Everything here is optional: ``import olab`` and ``import olab.rl`` need none
of it; each part imports what it needs when it is first used, and says which
extra to install when that is missing (``pip install "olab[rl]"`` for NumPy,
Gymnasium, PettingZoo, OpenSpiel and pyarrow; ``"olab[ray]"`` for Ray).

- :class:`VectorEnv` (:mod:`olab.rl.vector`): many games stepped in one C
  call without the GIL;
- :func:`pettingzoo_env` (:mod:`olab.rl.pettingzoo`): a PettingZoo AEC env;
- :mod:`olab.rl.openspiel`: ``register()`` makes every game a pyspiel game;
- :mod:`olab.rl.spaces`: Gymnasium spaces of a game;
- :mod:`olab.rl.selfplay`: self-play data in Parquet, locally or on Ray.
"""
from __future__ import annotations

import importlib

__all__ = ["VectorEnv", "pettingzoo_env", "deal_seed", "missing_extra"]

_LAZY = {"VectorEnv": "vector", "deal_seed": "vector", "pettingzoo_env": "pettingzoo"}

# the extras check is olab.jobs' (every part of olab that needs an extra uses it)
from olab.jobs import missing_extra, require  # noqa: E402,F401


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    if name in ("vector", "pettingzoo", "openspiel", "spaces", "selfplay", "backends"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'olab.rl' has no attribute {name!r}")
