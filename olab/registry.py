"""The registry of games: which games olab knows, their options, and ``load``.

A game plugs in by registering a :class:`GameInfo`: its name, its options
(each with a type, a default, its valid values and one line of help) and the
factory that builds its ``Game`` from validated options.  Every surface (the
bots, the CLI, the ``olab engine`` protocol, the C library, the arena, the
benchmarks, the conformance suite) finds games here and never names one.

The games that ship with olab are listed in :data:`BUILTIN` (name -> module;
the module defines ``GAME_INFO``); other packages add theirs with
:func:`register` or with an entry point in the group ``olab.games`` whose
value is a :class:`GameInfo`.

>>> import olab
>>> "ora_et_labora" in olab.games()
True
>>> olab.games()["ora_et_labora"].option("players").values
(1, 2, 3, 4)
"""
from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["Option", "GameInfo", "register", "games", "load", "BUILTIN"]

#: the games that ship with olab, registry name -> the module that defines its ``GAME_INFO``
BUILTIN: dict[str, str] = {
    "ora_et_labora": "olab.ora",
    "fields_of_arle": "olab.arle",
    "orleans": "olab.orleans",
}

_TYPE_NAMES = {bool: "a bool", int: "an int", str: "a string", float: "a number"}


@dataclass(frozen=True)
class Option:
    """One option of a game, as ``olab.load(name, **options)`` takes it.

    Attributes
    ----------
    name : str
    type : type
        ``bool``, ``int`` or ``str``; values are checked strictly (``True`` is
        not an int, ``"false"`` is not a bool, ``2.0`` is not an int).
    default : object
        The value when the option is not given.  ``None`` means "decided by
        another option" (for Ora et Labora's rule fields: the preset's value).
    values : tuple or None
        The valid values, or ``None`` when any value of the type is valid.
    help : str
        One line for ``--help`` and the docs.
    """

    name: str
    type: type
    default: Any
    values: tuple | None
    help: str

    def check(self, value: Any) -> Any:
        """``value`` if it is valid for this option; else ``ValueError`` naming what is valid."""
        if value is None and self.default is None:
            return None
        if type(value) is not self.type:     # strict: True is no int, 2.0 no int, "false" no bool
            raise ValueError(f"option {self.name} must be {_TYPE_NAMES.get(self.type, self.type.__name__)}"
                             f"{self._valid_text()}, not {value!r}")
        if self.values is not None and value not in self.values:
            raise ValueError(f"option {self.name} must be one of {self._values_text()}, not {value!r}")
        return value

    def _values_text(self) -> str:
        return ", ".join(repr(v) for v in self.values) if self.values is not None else "any"

    def _valid_text(self) -> str:
        return f" ({self._values_text()})" if self.values is not None else ""

    def describe(self) -> dict:
        """The option as JSON-ready data (``olab engine``'s ``info`` and the docs)."""
        return {"name": self.name, "type": self.type.__name__, "default": self.default,
                "values": list(self.values) if self.values is not None else None, "help": self.help}


@dataclass(frozen=True)
class GameInfo:
    """A registered game.

    Attributes
    ----------
    name : str
        The registry name (``"ora_et_labora"``): what ``olab.load`` and every
        surface take.
    title : str
        The game's printed title.
    options : tuple of Option
    factory : callable
        ``factory(**options)`` builds the game's ``Game`` from a complete,
        validated set of options.
    module : str
        The Python package of the game (``olab.ora``).
    normalize : callable, optional
        Turns the options a caller gave into plain option values before they
        are checked (Ora et Labora accepts a ``Rules`` object for ``rules``).
    replay_formats : mapping, optional
        Record formats ``olab replay --format`` reads: name -> function
        ``(text, **options) -> result`` (see :func:`olab.ora.kennerspiel.replay`).
    export_formats : mapping, optional
        Record formats a game can be written in: name -> function ``(state) ->
        text`` (``olab engine``'s ``save``, ``olab play --log``).
    test_configs : tuple of dict
        Option sets that together cover the game's modes; the test suite runs
        the conformance suite (:func:`olab.testing.check_game`) on each.
    rules_version : int
        The version of the game's rules as olab plays them: raised whenever a
        change makes an old record replay differently.  Records carry it
        (:func:`olab.records.record_header`) and are read only by the same version.
    hidden_information : bool
        Some of the game is hidden from the seats (Orléans: the order of the
        draws to come).  Its ``new_initial_state(seed, hidden_seed)`` seeds what
        they cannot see apart from the deal they can, and the surfaces deal it
        with a hidden seed no seat can derive (:func:`olab.arena.hidden_seed`);
        the conformance suite tries to recover it (:func:`olab.testing.check_seed_recovery`).
    """

    name: str
    title: str
    options: tuple[Option, ...]
    factory: Callable[..., Any]
    module: str
    normalize: Callable[[dict], dict] | None = None
    replay_formats: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    export_formats: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    test_configs: tuple[dict, ...] = ()
    rules_version: int = 1
    hidden_information: bool = False

    def __repr__(self) -> str:
        # a line a person reads, not the dataclass's dump of every option and function
        return f"<GameInfo {self.name!r}: {self.title}, options {', '.join(self.option_names())}>"

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.name})"]
        for o in self.options:
            values = ", ".join(map(str, o.values)) if o.values is not None else o.type.__name__
            default = "" if o.default is None else f", default {o.default}"
            lines.append(f"  {o.name}: {values}{default}")
        return "\n".join(lines)

    def option(self, name: str) -> Option:
        """The option called ``name``; ``ValueError`` listing the valid names if there is none."""
        for o in self.options:
            if o.name == name:
                return o
        raise ValueError(f"{self.name} has no option {name!r}; valid: {', '.join(self.option_names())}")

    def option_names(self) -> list[str]:
        """The names of the game's options, in the order ``olab.load`` lists them."""
        return [o.name for o in self.options]

    def validate(self, options: Mapping[str, Any]) -> dict:
        """Every option of the game: the given ones checked, the others at their defaults.

        Raises
        ------
        ValueError
            For an unknown option or a bad value; the message names what is valid.
        """
        given = dict(options)
        if self.normalize is not None:
            given = self.normalize(given)
        names = set(self.option_names())
        unknown = sorted(set(given) - names)
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)} for {self.name}; "
                             f"valid: {', '.join(self.option_names())}")
        out = {}
        for o in self.options:
            out[o.name] = o.check(given[o.name]) if o.name in given else o.default
        return out

    def describe(self) -> dict:
        """The game and its options as JSON-ready data."""
        return {"name": self.name, "title": self.title, "options": [o.describe() for o in self.options],
                "replay_formats": sorted(self.replay_formats), "export_formats": sorted(self.export_formats)}


class _Games(Mapping):
    """The read-only mapping :func:`games` returns, with a short ``repr``."""

    __slots__ = ("_d",)

    def __init__(self, d: dict):
        self._d = MappingProxyType(d)

    def __getitem__(self, name):
        return self._d[name]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: <{v.title}>" for k, v in self._d.items()) + "}"

    def __str__(self) -> str:
        return "\n".join(str(v) for v in self._d.values())


_REGISTERED: dict[str, GameInfo] = {}
_LOADED = False
_LOADING = False
# the first games() of a process imports the games; other threads wait for
# it, and the registry counts as loaded only once they are in (issue 27 item
# 6: it was marked loaded first, and a thread arriving meanwhile saw none)
_LOCK = threading.RLock()


def register(info: GameInfo) -> None:
    """Add a game to the registry (a game of another package, or a test's)."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register() takes a GameInfo, not {type(info).__name__}")
    with _LOCK:
        if info.name in _REGISTERED and _REGISTERED[info.name] is not info:
            raise ValueError(f"a game called {info.name!r} is already registered")
        _REGISTERED[info.name] = info


def _load_all() -> None:
    global _LOADED, _LOADING
    if _LOADED:
        return
    with _LOCK:
        # the loading thread itself may come back here (a game module that
        # asks for the registry while it is imported): it sees what is in so far
        if _LOADED or _LOADING:
            return
        _LOADING = True
        try:
            for name, module in BUILTIN.items():
                mod = importlib.import_module(module)
                info = mod.GAME_INFO
                if info.name != name:
                    raise RuntimeError(f"{module}.GAME_INFO is called {info.name!r}, registered as {name!r}")
                register(info)
            try:
                from importlib.metadata import entry_points
                for ep in entry_points(group="olab.games"):
                    register(ep.load())
            except Exception as e:  # a broken plugin must not break olab's own games
                import warnings
                warnings.warn(f"an olab.games entry point failed to load: {e}", RuntimeWarning, stacklevel=2)
            _LOADED = True
        finally:
            _LOADING = False


def games() -> Mapping[str, GameInfo]:
    """The registered games: a read-only mapping of name -> :class:`GameInfo`.

    Iterating it gives the names (``"ora_et_labora" in olab.games()``);
    ``olab.games()[name].options`` lists a game's options; ``print(olab.games())``
    lists every game with its options and their values.
    """
    _load_all()
    return _Games(_REGISTERED)


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of ``name``; ``ValueError`` listing the registered games if unknown."""
    registered = games()
    if not isinstance(name, str) or name not in registered:
        raise ValueError(f"unknown game {name!r}; valid games: {', '.join(registered)}")
    return registered[name]


def load(game: str, **options):
    """Make a game.

    Parameters
    ----------
    game : str
        A registered name (:func:`olab.games`): ``"ora_et_labora"``.
    **options
        The game's options (``olab.games()[game].options``); each is checked
        for its type and value.  Ora et Labora: ``players`` (1-4),
        ``variant`` (``"france"``, ``"ireland"``), ``length`` (``"long"``,
        ``"short"``), ``rules`` (a preset name, ``"printed"`` or
        ``"kennerspiel"``, or a complete :class:`olab.ora.Rules`),
        ``chance`` (``"sampled"`` or ``"explicit"``) and any rule field
        overriding the preset.

    Returns
    -------
    olab.contract.GameProtocol
        The game's ``Game``; ``game.config()`` gives back the options, and
        ``olab.load(**game.config())`` an equal game.

    Raises
    ------
    ValueError
        For an unknown game or option, or a bad value; the message lists the valid ones.
    """
    info = game_info(game)
    return info.factory(**info.validate(options))
