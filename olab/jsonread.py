"""Reading a state back from its JSON view: what the games' ``fromjson`` modules share.

A game's reader raises :class:`PathError` (a JSON path and what is wrong
there) at the first problem it meets, and its ``state_from_json`` turns that
into :class:`olab.StateFormatError`, so nothing is half made.
:class:`SchemaCheck` checks a document against the game's JSON Schema
before the reader looks at it.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["PathError", "SchemaCheck", "check_bounds", "short_message", "MAX_DEPTH", "MAX_ITEMS", "MAX_NODES",
           "MAX_STRING", "MAX_MESSAGE"]

#: the deepest nesting of a state document (real ones are under 10 deep)
MAX_DEPTH = 32
#: the most items of one array or object (real ones hold under 50)
MAX_ITEMS = 4096
#: the most values in a whole document (real ones hold about a thousand)
MAX_NODES = 200_000
#: the longest string (real ones are under 40 characters)
MAX_STRING = 4096
#: the longest message of a refused document (a message never repeats a whole node)
MAX_MESSAGE = 1000


def check_bounds(doc) -> None:
    """Return if ``doc`` is within the bounds of a state document; else raise :class:`PathError`.

    Walked without recursion, before anything else reads the document: a
    document nested 5,000 deep raised ``RecursionError``, and one with
    50,000 players took a minute to refuse (issue 27).
    """
    stack = [(doc, "$", 1)]
    nodes = 0
    while stack:
        value, path, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise PathError("$", f"the document has more than {MAX_NODES} values")
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise PathError(path, f"nested more than {MAX_DEPTH} deep")
            if len(value) > MAX_ITEMS:
                raise PathError(path, f"{len(value)} items; at most {MAX_ITEMS}")
            if isinstance(value, dict):
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise PathError(path, f"a key that is not a string ({type(key).__name__})")
                    if len(key) > MAX_STRING:
                        raise PathError(path, f"a key of {len(key)} characters; at most {MAX_STRING}")
                    stack.append((item, f"{path}.{key[:40]}", depth + 1))
            else:
                stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str) and len(value) > MAX_STRING:
            raise PathError(path, f"a string of {len(value)} characters; at most {MAX_STRING}")


def short_message(text: str) -> str:
    """``text`` cut to :data:`MAX_MESSAGE` characters (a message names the problem, not the whole node)."""
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE] + f"... ({len(text) - MAX_MESSAGE} more characters)"


class PathError(Exception):
    """A problem at ``path`` (a JSON path such as ``$.players[1].goods``) of a state document."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path


class SchemaCheck:
    """Checks documents against a JSON Schema (Draft 2020-12), built when first used.

    Parameters
    ----------
    schema : callable
        Returns the schema (a game's ``json_schema``); called once.
    """

    def __init__(self, schema: Callable[[], dict]):
        self._schema = schema
        self._validator: Any = None

    def __call__(self, doc) -> None:
        """Return if ``doc`` is valid; else raise :class:`PathError` at the error that explains most."""
        import jsonschema

        if self._validator is None:
            self._validator = jsonschema.Draft202012Validator(self._schema())
        if self._validator.is_valid(doc):
            return
        error = jsonschema.exceptions.best_match(self._validator.iter_errors(doc))
        raise PathError(error.json_path, f"{error.message} (JSON Schema)")
