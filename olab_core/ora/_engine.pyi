# Type stubs of this game's compiled core (_engine.pyx): its CoreGame and
# CoreState on the shared bases, and its tables and constants.
from typing import Any

from olab_core.common.state import CoreGameBase, CoreStateBase

NUM_DISTINCT_ACTIONS: int
OBSERVATION_SIZE: int
STATE_SIZE: int
CONFIG_SIZE: int
ACTION_LAYOUT: dict[str, int]

class CoreGame(CoreGameBase):
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    def new_state(self, *args: Any) -> Any: ...
    def __getattr__(self, name: str) -> Any: ...

class CoreState(CoreStateBase):
    def scores(self) -> list[Any]: ...

# the game's other tables and constants (GOOD_CODES, CARD_CODES, ...)
def __getattr__(name: str) -> Any: ...
