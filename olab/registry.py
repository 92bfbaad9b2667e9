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

__all__ = ["Option", "GameInfo", "register", "games", "load", "BUILTIN", "game_info", "default_game",
           "game_from_config", "describe_config", "ConfigError", "CHANCE_MODES", "UTILITIES"]

#: the games that ship with olab, registry name -> the module that defines its ``GAME_INFO``
BUILTIN: dict[str, str] = {
    "ora_et_labora": "olab.ora",
    "fields_of_arle": "olab.arle",
    "orleans": "olab.orleans",
}

_TYPE_NAMES = {bool: "a bool", int: "an int", str: "a string", float: "a number"}

#: :attr:`GameInfo.chance_mode`'s values (OpenSpiel's ``GameType.ChanceMode``): nothing is
#: random after the deal, or some configuration has chance nodes
CHANCE_MODES = ("deterministic", "explicit_stochastic")
#: :attr:`GameInfo.utility`'s values (OpenSpiel's ``GameType.Utility``), for play with several seats
UTILITIES = ("zero_sum", "constant_sum", "general_sum")

#: the engine's cap on the actions of one random game (the batch playouts stop there)
try:
    from olab_core.common.state import MAX_GAME_LENGTH as _MAX_GAME_LENGTH
except ImportError:  # a core built before the constant was exported
    _MAX_GAME_LENGTH = 200_000


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
        Snapshots (:mod:`olab.snapshot`), ``--log`` and record headers,
        perft files (:func:`olab.testing.perft_file_lines`) and self-play
        shards (their Parquet metadata) carry it too, and each reader refuses
        data of another version: a changed reading never silently changes old data.
    hidden_information : bool
        Some of the game is hidden from the seats (Orléans: the order of the
        draws to come).  Its ``new_initial_state(seed, hidden_seed)`` seeds what
        they cannot see apart from the deal they can, and the surfaces deal it
        with a hidden seed no seat can derive (:func:`olab.arena.hidden_seed`);
        the conformance suite tries to recover it (:func:`olab.testing.check_seed_recovery`).
        :attr:`perfect_information` is its opposite.
    chance_mode : str
        ``"deterministic"``: nothing is random after the deal (no position of
        any configuration is a chance node); ``"explicit_stochastic"``: some
        configuration has chance nodes (``chance="explicit"``), the others
        draw inside ``apply_action``.  One of :data:`~olab.registry.CHANCE_MODES`.
    min_players, max_players : int
        The range of seats (default: the values of the ``players`` option).
        :attr:`solo` says whether one seat may play alone.
    utility : str
        What the returns of a game of several seats are (:data:`~olab.registry.UTILITIES`):
        ``"constant_sum"`` where the winners share 1.  A solo game returns its
        score (:meth:`olab.contract.StateProtocol.returns`).
    max_game_length : int
        The most actions one game may take in the engine's batch loops
        (:func:`olab.search.random_playouts` stops a random game there).
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
    chance_mode: str = "deterministic"
    min_players: int | None = None
    max_players: int | None = None
    utility: str = "constant_sum"
    max_game_length: int = _MAX_GAME_LENGTH

    def __post_init__(self):
        # the player range from the players option unless declared; the
        # declarations checked, so a typo fails at registration, not in an adapter
        if self.min_players is None or self.max_players is None:
            values = next((o.values for o in self.options if o.name == "players" and o.values), None)
            lo, hi = (min(values), max(values)) if values else (None, None)
            object.__setattr__(self, "min_players", self.min_players if self.min_players is not None else lo)
            object.__setattr__(self, "max_players", self.max_players if self.max_players is not None else hi)
        if self.chance_mode not in CHANCE_MODES:
            raise ValueError(f"{self.name}: chance_mode must be one of {', '.join(CHANCE_MODES)}, "
                             f"not {self.chance_mode!r}")
        if self.utility not in UTILITIES:
            raise ValueError(f"{self.name}: utility must be one of {', '.join(UTILITIES)}, not {self.utility!r}")
        if isinstance(self.rules_version, bool) or not isinstance(self.rules_version, int) or self.rules_version < 1:
            raise ValueError(f"{self.name}: rules_version must be an int >= 1, not {self.rules_version!r}")

    @property
    def perfect_information(self) -> bool:
        """Every seat sees everything (the opposite of :attr:`hidden_information`)."""
        return not self.hidden_information

    @property
    def solo(self) -> bool:
        """One seat may play alone (``min_players == 1``); its return is then its score."""
        return self.min_players == 1

    def capabilities(self) -> dict:
        """The game's declarations as JSON-ready data (``olab engine``'s ``info``, the adapters)."""
        return {"chance_mode": self.chance_mode, "perfect_information": self.perfect_information,
                "min_players": self.min_players, "max_players": self.max_players, "utility": self.utility,
                "solo": self.solo, "max_game_length": self.max_game_length, "rules_version": self.rules_version}

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
                "replay_formats": sorted(self.replay_formats), "export_formats": sorted(self.export_formats),
                "capabilities": self.capabilities()}


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


def default_game() -> str:
    """The game a surface plays when none is named: the first registered game.

    >>> default_game() in games()
    True
    """
    return next(iter(games()))


class ConfigError(ValueError):
    """A game configuration (``new`` arguments, or the C API's config JSON) that is not valid."""


def _type_name(v) -> str:
    names = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number",
             type(None): "null"}
    return names.get(type(v), type(v).__name__)


def game_from_config(cfg: dict):
    """The game a configuration dict describes.

    The keys are ``game`` (a registered name; default: :func:`default_game`)
    and that game's options (``olab.games()[game].options``), as
    :func:`olab.load` takes them; the options may also come in an object
    ``options`` (protocol 1's place for rule options).  Types are checked
    strictly (``2.0`` or ``true`` is not a player count).  ``game.config()``
    is such a dict.

    Raises
    ------
    ConfigError
        For an unknown game or key, a wrong type or an invalid value; the message says which.
    """
    if not isinstance(cfg, dict):
        raise ConfigError(f"a game configuration is a JSON object, not {_type_name(cfg)}")
    cfg = dict(cfg)
    name = cfg.pop("game", None)
    if name is None:
        name = default_game()
    if not isinstance(name, str):
        raise ConfigError(f"game must be a string, not {_type_name(name)}")
    extra = cfg.pop("options", {})
    if not isinstance(extra, dict):
        raise ConfigError(f"options must be an object of the game's options, not {_type_name(extra)}")
    twice = sorted(set(extra) & set(cfg))
    if twice:
        raise ConfigError(f"option(s) {', '.join(twice)} given twice (beside and in options)")
    try:
        return load(name, **cfg, **extra)
    except (ValueError, TypeError) as e:
        raise ConfigError(str(e)) from None


def describe_config(config: dict) -> str:
    """A configuration in one line: ``ora_et_labora, 4 players, france, long, rules printed``.

    >>> describe_config({"game": "orleans", "players": 3, "chance": "sampled", "exclusion": False})
    'orleans, 3 players, exclusion=False'
    """
    parts = [config["game"]]
    for key, value in config.items():
        if key == "game":
            continue
        if key == "players":
            parts.append(f"{value} player" + ("" if value == 1 else "s"))
        elif key in ("rules",):
            parts.append(f"rules {value}")
        elif key == "chance" and value == "sampled":
            continue
        elif isinstance(value, str):
            parts.append(value)
        else:
            parts.append(f"{key}={value}")
    return ", ".join(parts)
