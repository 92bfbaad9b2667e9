"""Reading a state back from its JSON view: what the games' ``fromjson`` modules share.

A game's reader raises :class:`PathError` (a JSON path and what is wrong
there) at the first problem it meets, and its ``state_from_json`` turns that
into :class:`olab.StateFormatError`, so nothing is half made.
:class:`SchemaCheck` checks a document against the game's JSON Schema
before the reader looks at it.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["PathError", "SchemaCheck"]


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
