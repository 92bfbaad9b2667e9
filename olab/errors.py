"""The errors olab raises (defined in the core, so compiled code can raise them)."""
from olab_core.errors import HistoryError, IllegalActionError, NotationError, OlabError, StateFormatError

__all__ = ["OlabError", "IllegalActionError", "NotationError", "StateFormatError", "HistoryError"]
