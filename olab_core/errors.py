"""The errors every olab game raises.

They live in the core so that compiled code can raise them; :mod:`olab`
re-exports them (``olab.IllegalActionError`` and so on).
"""


class OlabError(Exception):
    """Base class of every error olab raises on purpose.

    Catch it to catch them all; the errors for bad input are also
    :exc:`ValueError` (and :exc:`HistoryError` an :exc:`IndexError`).
    """


class IllegalActionError(OlabError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is left exactly as it was.

    Attributes
    ----------
    action : int or None
        The action id, or ``None`` for a move read from text that names no
        id here (such as a building that is not on the player's landscape).
    reason : str
        Why it was refused, in words a player understands.
    text : str or None
        The action's text, where there is one.
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
    """Text that is not a valid move or record.

    Attributes
    ----------
    text : str
        The text that was read.
    position : int
        Where reading failed: an index into ``text``.
    reason : str
        What was expected there.
    """

    def __init__(self, text, position, reason):
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"cannot read {text!r} at position {position}: {reason}")


class StateFormatError(OlabError, ValueError):
    """A saved position that cannot be loaded.

    Serialized bytes that are truncated, corrupted, of another game or
    configuration, or not an olab state at all; or a JSON document
    (``Game.state_from_json``) that fails the schema, names what does not
    exist or breaks a rule.  The message names the field or the JSON path.
    """


class HistoryError(OlabError, IndexError):
    """An undo with nothing to take back (at the first position, or at the first
    position of a view made by ``State.determinize``)."""
