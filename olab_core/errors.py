"""The errors every olab game raises.

They live in the core so that compiled code can raise them; :mod:`olab`
re-exports them (``olab.IllegalActionError`` and so on).
"""


class OlabError(Exception):
    """Base class of every error olab raises on purpose."""


class IllegalActionError(OlabError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is left exactly as it was.  ``action`` is the action id (or
    ``None`` for a move read from text that names no id here, such as a
    building that is not on the player's landscape), ``text`` its text,
    ``reason`` says why it was refused.
    """

    def __init__(self, action, reason, text=None):
        self.action = action
        self.reason = reason
        self.text = text
        if action is None:              # a move read from text that names no id here
            label = repr(text)
        else:
            label = f"{action}" if text is None else f"{action} ({text})"
        super().__init__(f"illegal action {label}: {reason}")


class NotationError(OlabError, ValueError):
    """Text that is not a valid move or record; ``position`` is where it fails."""

    def __init__(self, text, position, reason):
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"cannot read {text!r} at position {position}: {reason}")


class StateFormatError(OlabError, ValueError):
    """Serialized bytes that are truncated, corrupted or not an olab state."""


class HistoryError(OlabError, IndexError):
    """An undo with nothing to take back (at the first position, or at the first
    position of a view made by ``State.determinize``)."""
