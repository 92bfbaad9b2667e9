# Type stubs of this game's compiled core (_engine.pyx): the shape every
# game's core has (olab_core/common/engine.pyi), and its own tables.
from typing import Any

from olab_core.common.engine import *  # noqa: F403
from olab_core.common.engine import CoreGame as CoreGame, CoreState as CoreState  # noqa: F401

def __getattr__(name: str) -> Any: ...
