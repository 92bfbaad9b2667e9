# Type stubs only (there is no module of this name at run time): the shape of
# every game's compiled ``_engine`` module, which each game's ``_engine.pyi``
# takes over.  A CoreGame and a CoreState on the shared bases, and the
# constants the facade's GameMixin reads.
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
