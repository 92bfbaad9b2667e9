"""The contract every olab game satisfies: ``Game`` and ``State``.

OpenSpiel's names and values, so that code written for one olab game runs on
every other, and OpenSpiel users feel at home:

- ``current_player()`` is a seat ``0..num_players()-1``, :data:`CHANCE` (-1)
  at a chance node, :data:`TERMINAL` (-4) once the game is over — the same
  values in the core, the search, Python, the ``olab engine`` protocol and C;
- at a chance node ``chance_outcomes()`` lists ``(action, probability)``
  pairs summing to 1 and ``apply_action`` takes one of those actions;
  ``legal_actions()`` lists the outcomes;
- views: ``to_json(player)``, ``observation_string(player)`` and
  ``information_state_string(player)`` show only what ``player`` may see;
  ``to_json()`` (no player) is the full state, for tools and tests, and
  ``game.state_from_json(doc)`` its inverse; ``public_json()`` is what a
  spectator who holds no seat may see (what every seat sees);
- ``determinize(observer, seed)`` is a copy in which what ``observer``
  cannot see is resampled; bots search from such copies.

A game's ``Game`` and ``State`` classes satisfy :class:`GameProtocol` and
:class:`StateProtocol` (checked by ``isinstance``, and by the conformance
suite :func:`olab.testing.check_game` in depth).  :class:`GameMixin` and
:class:`StateMixin` give the parts that are the same for every game.

>>> import olab
>>> from olab.contract import GameProtocol, StateProtocol
>>> game = olab.load("ora_et_labora", players=2)
>>> isinstance(game, GameProtocol), isinstance(game.new_initial_state(1), StateProtocol)
(True, True)
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from olab import turns as _turns

from olab_core.common.state import CHANCE, TERMINAL
from olab_core.errors import StateFormatError

__all__ = ["CHANCE", "TERMINAL", "Outcome", "GameProtocol", "StateProtocol", "GameMixin", "StateMixin",
           "check_seed"]


if TYPE_CHECKING:
    from typing import Callable, Generic, TypeVar, overload

    _R = TypeVar("_R")

    class PresetAttr(Generic[_R]):
        # How the type checker sees a rules object's ``preset`` (Ora et
        # Labora's and Fields of Arle's ``Rules``): a dataclass field, the
        # preset's name, on an instance, and the constructor
        # ``Rules.preset(name, **overrides)`` attached to the class after the
        # dataclass is made.  Only the type checker reads this class.
        @overload
        def __get__(self, obj: None, owner: type[_R]) -> Callable[..., _R]: ...
        @overload
        def __get__(self, obj: _R, owner: type[_R]) -> str: ...
        def __get__(self, obj: _R | None, owner: type[_R]) -> Callable[..., _R] | str: ...
        def __set__(self, obj: _R, value: str) -> None: ...


@dataclass(frozen=True)
class Outcome:
    """Who won a finished game, and why (after python-chess's ``Outcome``).

    :meth:`~olab.contract.StateProtocol.outcome` gives it; every surface that says who won
    (``returns()``, ``olab arena``, :func:`olab.search.random_playouts`, the
    vectorized environment's rewards, the PettingZoo and OpenSpiel adapters,
    the ``olab engine`` protocol, the C ABI's ``olab_outcome_json``) reads
    this one decision, which the core makes once per game
    (``olab_core/common/outcome.pxd``).

    The rule: seats are ranked by their exact score (Fields of Arle: half
    points, compared as integers), then by the game's tie-breaks in order;
    the seats of rank 1 win and share a return of 1.

    Attributes
    ----------
    winners : tuple of int
        The seats of rank 1: one, or several when the win is shared.
    ranks : tuple of int
        Per seat: 1 + the number of seats ahead of it; equal seats share a rank.
    returns : tuple of float
        Per seat, :meth:`~olab.contract.StateProtocol.returns`: ``1/k`` to each of the k
        winners and 0 to the others; in a solo game the score.
    reason : str
        What decided the winners: ``"score"`` (one seat has the best score),
        ``"tiebreak"`` (the best score was tied and :attr:`tiebreak` settled
        it), ``"shared"`` (a tie no tie-break broke) or ``"solo"``.
    tiebreak : str or None
        With ``reason == "tiebreak"``, the game's name of the tie-break that
        decided (``"development"`` in Orleans, ``"start_player"`` in Fields
        of Arle); otherwise None.
    truncated : bool
        The game was stopped by an engine cap (:meth:`~olab.contract.StateProtocol.is_truncated`)
        and is scored as it stands.

    >>> import olab
    >>> state = olab.load("ora_et_labora", players=2).new_initial_state(1)
    >>> state.outcome() is None
    True
    """

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    tiebreak: str | None = None
    truncated: bool = False

    @property
    def winner(self) -> int | None:
        """The one winning seat, or None when the win is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_shared(self) -> bool:
        """Whether several seats share the win (a tie that no tie-break broke)."""
        return len(self.winners) > 1

    def as_json(self) -> dict:
        """The outcome as plain data: every field above, by name (tuples as lists)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


@runtime_checkable
class GameProtocol(Protocol):
    """A game: a configuration that makes states.

    Build one with :func:`olab.load`; ``olab.load(**game.config())`` builds an
    equal one.  Games compare equal when their configurations are equal,
    hash, pickle and deep-copy (by configuration).
    """

    #: the registry name
    name: str
    #: the MCTS bot's parameters this game recommends, per search (see
    #: :attr:`GameMixin.search_defaults`; default: empty, the bot's own)
    search_defaults: Mapping
    #: the heuristic's weights that ``olab tune`` leaves as they are (see
    #: :attr:`GameMixin.fixed_weights`)
    fixed_weights: frozenset

    @property
    def core(self) -> Any:
        """The compiled ``CoreGame`` of this configuration (the batch loops and the C library take it)."""

    def info(self) -> Any:
        """The game's :class:`olab.GameInfo` in the registry (its capabilities and options)."""

    def config(self) -> dict:
        """The JSON-ready options of this game, ``game`` included."""

    def num_players(self) -> int:
        """Seats that play and score."""

    def num_distinct_actions(self) -> int:
        """Every action (and chance outcome) is an int in ``range(num_distinct_actions())``."""

    def new_initial_state(self, seed: int = 0) -> "StateProtocol":
        """The first position; everything random in the game is drawn from ``seed``."""

    def deserialize_state(self, data: bytes) -> "StateProtocol":
        """The state :meth:`~olab.contract.StateProtocol.serialize` wrote; ``olab.StateFormatError`` otherwise."""

    def state_from_json(self, doc: dict) -> "StateProtocol":
        """The state whose full view ``to_json()`` is ``doc`` (a document may be edited first).

        The document is checked against the game's JSON Schema and its rules;
        a bad one raises ``olab.StateFormatError`` naming the JSON path, and
        nothing is half made.  The state has no history.
        """

    def score_categories(self) -> tuple[tuple[str, str], ...]:
        """``(key, label)`` of each part of a score, as :meth:`~olab.contract.StateProtocol.score_breakdown` gives them."""

    def component_totals(self, doc: dict) -> list[tuple[str, int, int]]:
        """``(path, count, limit)`` of each component total of a full ``to_json()`` document
        (default ``[]``: no limited components)."""

    def observation_layout(self) -> Any:
        """What each slice of the observation tensor holds (:class:`olab.tensors.Layout`)."""


@runtime_checkable
class StateProtocol(Protocol):
    """A position of a game, with its history."""

    game: Any

    # whose turn
    def current_player(self) -> int:
        """The seat that decides now; :data:`CHANCE` (-1) at a chance node, :data:`TERMINAL` (-4) at the end."""
    def is_terminal(self) -> bool:
        """Whether the game is over, by its rules or by an engine cap (:meth:`is_truncated`)."""
    def is_truncated(self) -> bool:
        """The game was stopped by an engine safety cap, not by its rules (then also terminal).

        Every ``to_json`` view carries it as ``truncated``.
        """
    def is_chance_node(self) -> bool:
        """Whether chance decides now (``current_player() == CHANCE``)."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, ``(action, probability)`` pairs whose probabilities sum to 1."""

    # actions
    def legal_actions(self) -> list[int]:
        """The legal actions as ints in ``range(game.num_distinct_actions())``; none at the end."""
    def legal_actions_mask(self, out=None):
        """1 for every legal action id and 0 elsewhere, in a new ``bytearray`` or written into ``out``."""
    def is_legal(self, action) -> bool:
        """Whether ``action`` is legal now; never raises, whatever it is given."""
    def apply_action(self, action) -> None:
        """Play a legal action (or chance outcome); an illegal one raises ``IllegalActionError`` and changes nothing."""
    def apply_recorded(self, action: int) -> None:
        """Play an action of a recorded history (snapshots, turn lines replay with it).

        Default: :meth:`apply_action`; a game whose histories hold actions
        that are never legal (Ora et Labora's kennerspiel forfeits) widens it.
        """
    def _illegal_reason(self, action) -> str:
        """Why ``action`` is not legal here, for ``IllegalActionError`` (default: the core's
        ``"the game is over"`` / ``"not legal in this position"``)."""
    def undo_action(self) -> None:
        """Take back the last action: the state is then equal to what it was before it."""
    def action_to_string(self, action: int) -> str:
        """The text of an action in this position (the game's notation)."""
    def string_to_action(self, text: str) -> int:
        """The action a text names in this position; ``NotationError`` or ``IllegalActionError`` if none."""
    def describe_action(self, action: int) -> dict:
        """What an action does as data: at least ``kind`` and ``text`` (a bot reads it without parsing)."""
    def turn_to_string(self, actions) -> str:
        """Actions played one after the other from here, as one line joined by ``"; "`` (:mod:`olab.turns`)."""
    def string_to_turn(self, line: str) -> list[int]:
        """The actions a turn line names, read from this position on (the inverse of :meth:`turn_to_string`)."""
    def moves(self) -> list:
        """The history grouped into moves (:class:`olab.turns.Move`), one line of text each."""

    # copies, history, identity
    def clone(self) -> "StateProtocol":
        """An independent copy, history included."""
    def determinize(self, observer: int, seed: int = 0) -> "StateProtocol":
        """A copy in which what ``observer`` cannot see is resampled (a clone under perfect information)."""
    def history(self) -> list[int]:
        """Every action applied since the first position, chance outcomes included."""
    def move_number(self) -> int:
        """The number of actions applied since the first position (``len(history())``)."""
    def state_hash(self) -> int:
        """A 64-bit hash of the position: equal positions have equal hashes."""
    def serialize(self) -> bytes:
        """The position and its history as bytes, for ``game.deserialize_state``."""

    # results
    def scores(self) -> list[float]:
        """Each seat's score in the game's points (final once the game is over): ints, or floats
        in a game that counts halves (Fields of Arle), the unit every surface reports."""
    def returns(self) -> list[float]:
        """The outcome per seat: 0 before the end; then the winners share 1 (solo: the score)."""
    def outcome(self) -> "Outcome | None":
        """Who won and why (:class:`Outcome`), once the game is over; None before."""
    def winners(self) -> list[int]:
        """The winning seat(s) of :meth:`outcome` (several on a shared win); ``[]`` before the end."""
    def score_breakdown(self, seat: int) -> dict:
        """A seat's score item by item: ``{"total": ..., <category>: {"total": ..., ...}, ...}``."""

    # views
    def to_json(self, player: int | None = None, legal_actions: bool = True) -> dict:
        """The position as plain JSON data: the full state, or what seat ``player`` may see."""
    def public_json(self, legal_actions: bool = True) -> dict:
        """What a spectator who holds no seat may see: the layout of ``to_json``, ``view`` null.

        Never more than any seat sees; a game where nothing is hidden gives
        its full view.  Frontends send this to spectators, never ``to_json()``.
        """
    def observation_string(self, player: int) -> str:
        """What ``player`` sees now, as one string (equal views, equal strings)."""
    def information_state_string(self, player: int) -> str:
        """Everything ``player`` knows: its view and the actions it saw, as one string."""
    def visible_history(self, player: int) -> list[int | None]:
        """The history as ``player`` saw it: ``None`` for an action hidden from that seat."""

    # for tools
    def render(self, player: int | None = None) -> str:
        """The position as compact text for a terminal (``str(state)``, ``olab show``)."""
    def player_label(self, seat: int) -> str:
        """A short name of a seat for tables (Ora et Labora: its colour)."""
    def progress(self) -> tuple[str, float]:
        """Where the game stands, for progress bars: a label ("round 7") and the fraction played."""


class StateMixin:
    """What every game's ``State`` shares; mix it in after the core base class.

    The concrete methods here check their arguments and do the work that is
    the same for every game, then call the game's *hooks* (after OpenSpiel's
    ``ApplyAction`` over ``DoApplyAction``): each hook is declared here with
    its default, and a game overrides only those it needs.

    ========================  ======================================================
    hook                      default
    ========================  ======================================================
    ``_to_json(player, la)``  none: a game must give its JSON view (``to_json`` checks the seat first)
    ``_render(player)``       the JSON view, indented (``render`` checks the seat first)
    ``_move_type``            :class:`olab.turns.Move` (the class ``moves()`` makes)
    ``_closes_move(a)``       ``False``: only a change of seat ends a move
    ``_opens_move()``         ``True``: a closed move ends at the next position
    ``apply_recorded(a)``     :meth:`~StateProtocol.apply_action`
    ``_illegal_reason(a)``    the core's (``CoreStateBase``): "the game is over" / "not legal ..."
    ========================  ======================================================

    This gives ``returns``, ``outcome``, ``winners``, ``serialize`` (by the
    game's ``_snapshot_code``), the views' seat check, ``public_json`` for a
    game of perfect information, the text views, the turn lines, and copying
    and pickling (by the game's configuration and :meth:`~StateProtocol.serialize`).
    """

    __slots__ = ()

    if TYPE_CHECKING:
        # what the core base (olab_core.common.state.CoreStateBase) and the
        # game's State give the mixin's methods
        game: Any

        def _outcome(self) -> tuple[Any, ...]: ...
        def is_truncated(self) -> bool: ...
        def is_terminal(self) -> bool: ...
        def apply_action(self, action: Any) -> None: ...
        def history(self) -> list[int]: ...
        def move_number(self) -> int: ...
        def action_to_string(self, action: int) -> str: ...
        def clone(self) -> Any: ...

    #: the class :meth:`moves` makes, called as ``move(seat, actions, text, start)``
    _move_type: ClassVar[type] = _turns.Move

    def outcome(self) -> Outcome | None:
        """Who won and why, once the game is over (None before): see :class:`Outcome`.

        Decided once, in the core, from the exact scores and the game's
        tie-breaks; every other surface reads this.
        """
        reason, tiebreak, winners, ranks, _scores, returns = self._outcome()
        if reason == "none":
            return None
        return Outcome(winners=tuple(winners), ranks=tuple(ranks), returns=tuple(returns), reason=reason,
                       tiebreak=tiebreak, truncated=self.is_truncated())

    def returns(self) -> list[float]:
        """The outcome per seat (:attr:`olab.Outcome.returns`).

        With several players each winner (:meth:`outcome`: the best score,
        then the game's tie-breaks) gets ``1/k`` (k winners sharing) and every
        other seat 0, so returns sum to 1.  In a solo game the return is the
        final score.  Before the end every return is 0.
        """
        reason, _tb, _w, _r, _s, returns = self._outcome()
        return returns

    def winners(self) -> list[int]:
        """The winning seat(s) of :meth:`outcome`: the best score, then the game's tie-breaks;
        several when the win is shared.  Before the end: ``[]``."""
        o = self.outcome()
        return list(o.winners) if o else []

    def serialize(self) -> bytes:
        """Bytes that ``Game.deserialize_state`` turns back into this state (:mod:`olab.snapshot`)."""
        from olab import snapshot

        return snapshot.serialize(self, self.game._snapshot_code)

    def apply_recorded(self, action: int) -> None:
        """Apply an action of a recorded history (see :meth:`~olab.contract.StateProtocol.apply_recorded`).

        Raises
        ------
        IllegalActionError
            If the action does not apply here; the state is left exactly as it was.
        """
        self.apply_action(action)

    def to_json(self, player: int | None = None, legal_actions: bool = True) -> dict:
        """Everything a frontend draws, as JSON-ready data: the full state (``player=None``), or
        what seat ``player`` may see (checked first: a seat of this game, an int).

        The game's ``_to_json(player, legal_actions)`` makes the document.
        """
        if player is not None:
            self._check_player(player)
        return self._to_json(player, legal_actions)

    def _to_json(self, player: int | None, legal_actions: bool) -> dict:
        # the hook: the game's view of a checked seat (or the full state)
        raise NotImplementedError(f"{type(self).__name__} gives no JSON view (_to_json)")

    def public_json(self, legal_actions: bool = True) -> dict:
        """What a spectator who holds no seat may see (see :meth:`~olab.contract.StateProtocol.public_json`).

        In a game of perfect information (its :class:`olab.GameInfo` says
        ``perfect_information``) that is the full view.  A game with hidden
        information must say what it is: there is no safe default, so this
        raises ``NotImplementedError`` unless the game defines it.
        """
        from olab.registry import games

        info = games().get(self.game.name)
        if info is not None and info.perfect_information:
            return self.to_json(None, legal_actions)
        raise NotImplementedError(f"{self.game.name} defines no public (spectator) view")

    def _check_player(self, player) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.num_players():
            raise ValueError(f"no seat {player!r}; seats are 0..{self.game.num_players() - 1}")
        return player

    def observation_string(self, player: int) -> str:
        """What ``player`` sees now, as one canonical text (the compact JSON of ``to_json(player)``).

        Two states that differ only in what ``player`` cannot see give the
        same string.
        """
        self._check_player(player)
        return json.dumps(self.to_json(player, legal_actions=False), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player: int) -> str:
        """Everything ``player`` knows: what it sees now and every action it has seen, in order.

        In a game of perfect information (Ora et Labora) that is the whole
        history; a game with hidden information lists only what ``player``
        saw of each action (``visible_history``).
        """
        seen = " ".join("?" if a is None else str(a) for a in self.visible_history(player))
        return f"{self.observation_string(player)}\nactions: {seen}"

    def visible_history(self, player: int) -> list[int | None]:
        """The history as ``player`` saw it: ``None`` for an action it could not see.

        In a game of perfect information, the history itself.
        """
        self._check_player(player)
        seen: list[int | None] = list(self.history())
        return seen

    def player_label(self, seat: int) -> str:
        """A short name of a seat for tables: its number, unless the game has a better one."""
        return str(self._check_player(seat))

    def progress(self) -> tuple[str, float]:
        """Where the game stands, for progress bars: a label and the fraction played (0 to 1)."""
        return (f"move {self.move_number()}", 1.0 if self.is_terminal() else 0.0)

    def describe_action(self, action: int) -> dict:
        """What an action does as data; a game without a richer description gives kind and text."""
        return {"kind": "action", "text": self.action_to_string(action)}

    # turn lines and moves (olab.turns), the same for every game
    def turn_to_string(self, actions: Iterable[int]) -> str:
        """Actions played one after the other from here, as one line (``"PLACE builder; BUILD mill"``).

        Each action is written in the position it is played in, on a clone;
        the state is not changed.

        Raises
        ------
        IllegalActionError
            If an action is not legal where it comes.
        """
        return _turns.turn_to_string(self, actions)

    def string_to_turn(self, line: str) -> list[int]:
        """The actions a turn line names, read from this position on (the inverse of :meth:`turn_to_string`).

        The state is not changed.

        Raises
        ------
        NotationError
            If a part cannot be read (``position`` counts in the whole line).
        IllegalActionError
            If a part is not legal where it comes.
        """
        return _turns.string_to_turn(self, line)

    def moves(self) -> list:
        """The history grouped into moves (the game's ``_move_type``), one line of text each.

        A move is what one seat decides in a row; the game's ``_closes_move``
        and ``_opens_move`` may end one earlier (see :func:`olab.turns.split_moves`).
        """
        cls = type(self)
        return _turns.split_moves(self, cls._move_type, closes=cls._closes_move, opens=cls._opens_move)

    def _closes_move(self, action: int) -> bool:
        # the hook: does ``action``, played here, close the move it is part of?
        return False

    def _opens_move(self) -> bool:
        # the hook: may a closed move give way to a new one at this position?
        return True

    # drawing
    def render(self, player: int | None = None) -> str:
        """The position as compact text for a terminal (``str(state)``, ``olab show``): the game's
        drawing (``_render``), or its JSON view if it has none; ``player`` is checked first."""
        if player is not None:
            self._check_player(player)
        return self._render(player)

    def _render(self, player: int | None) -> str:
        # the hook: a game's own drawing of a checked seat's view
        return json.dumps(self.to_json(player, legal_actions=False), indent=1)

    def __str__(self) -> str:
        return self.render()

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_restore_state, (self.game.config(), self.serialize()))


def check_seed(value, name: str = "seed", optional: bool = False) -> int | None:
    """``value`` if it is a seed (an int in 0..2**64-1, not a bool); else ``ValueError`` naming it.

    Every game's ``new_initial_state`` checks its seeds with this.

    >>> check_seed(7)
    7
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int in 0..2**64-1, not True
    """
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2 ** 64:
        what = "None or an int" if optional else "an int"
        raise ValueError(f"{name} must be {what} in 0..2**64-1, not {value!r}")
    return value


class GameMixin:
    """What every game's ``Game`` shares; a game's ``Game`` derives from it.

    The game's class sets the class attributes declared here (``name``,
    ``_engine``: its compiled module, which gives ``NUM_DISTINCT_ACTIONS``,
    ``OBSERVATION_SIZE``, ``STATE_SIZE`` and ``CONFIG_SIZE``;
    ``_snapshot_code``: its tag in :mod:`olab.snapshot`), keeps its
    ``CoreGame`` in ``_core`` (read through :attr:`core`), and supplies
    ``config()``, ``new_initial_state()`` and the hooks:

    ==========================  ================================================
    hook                        default
    ==========================  ================================================
    ``_root_problem(state)``    none: the game's checks of a snapshot's first position
    ``_read_json(doc)``         none: the game's reader behind :meth:`state_from_json`
    ``_layout()``               none: the game's :class:`olab.tensors.Layout`
    ``component_totals(doc)``   ``[]``: no limited components
    ``search_defaults``         empty: the bot's own parameters
    ``fixed_weights``           none: ``olab tune`` may fit every weight
    ==========================  ================================================

    This gives the action space and the tensor's shape, equality and hashing
    by configuration, loading states from bytes and from JSON, the batch
    playouts in C, and copying and pickling: a game is immutable, so a copy
    is the game itself, and a pickle is its configuration.
    """

    name: str = ""
    _engine: Any = None
    _snapshot_code: bytes = b""
    _core: Any = None

    #: The names in the core's ``heuristic_weights()`` that a fit of the
    #: heuristic (:func:`olab.tune.fit_heuristic`) leaves as they are: the
    #: scales of the searches' rewards, and terms that are there for a reason
    #: other than winning (Ora et Labora's push towards the end before the
    #: round cap).  A game overrides it.
    fixed_weights: frozenset = frozenset()

    @property
    def search_defaults(self) -> Mapping:
        """The MCTS bot's parameters this game recommends, per search.

        ``{"search": "chains", "chains": {...}, "actions": {...}}``: the
        search a bot runs when its caller names none (``"chains"`` when the
        key is missing), then each search's parameters; a ``"simulations"``
        entry is that search's default budget, and an ``"evaluations"``
        entry (``"chains"`` and ``"beam"``) bounds the positions one search
        with that budget may value.  :class:`olab.bots.MCTSBot`
        applies them unless its caller sets its own.  A game overrides it (it
        may depend on the configuration).  Default, empty: the bot's own
        defaults.
        """
        return MappingProxyType({})

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_load_game, (self.config(),))

    def __eq__(self, other):
        return type(other) is type(self) and other.config() == self.config()

    def __hash__(self):
        return hash(json.dumps(self.config(), sort_keys=True))

    def config(self) -> dict:
        """The options of this game as JSON-ready data, ``game`` included (the game gives it)."""
        raise NotImplementedError

    @property
    def core(self) -> Any:
        """The compiled ``CoreGame`` of this configuration (what the batch loops,
        :func:`olab.search.random_playouts`, the vectorized environment and the C library run on)."""
        return self._core

    def info(self) -> Any:
        """The game's :class:`olab.GameInfo` (capabilities, options, rules version); None for a
        game that is not registered."""
        from olab.registry import games

        return games().get(self.name)

    def num_distinct_actions(self) -> int:
        """Size of the action space: every action is an int in ``range(num_distinct_actions())``."""
        return self._engine.NUM_DISTINCT_ACTIONS

    def observation_tensor_shape(self) -> tuple[int]:
        """The shape of ``State.observation_tensor``: ``(n,)``, the same in every configuration."""
        return (self._engine.OBSERVATION_SIZE,)

    def observation_layout(self) -> Any:
        """What each slice of the observation tensor holds (:class:`olab.tensors.Layout`)."""
        return self._layout()

    def _layout(self) -> Any:
        # the hook: the game's tensor layout
        raise NotImplementedError(f"{self.name} declares no observation layout (_layout)")

    def deserialize_state(self, data: bytes) -> "StateProtocol":
        """The state ``State.serialize`` wrote.

        Raises
        ------
        StateFormatError
            For truncated, corrupted or foreign bytes; nothing is half-loaded.
        """
        from olab import snapshot

        return snapshot.deserialize(self, data, self._snapshot_code, self._engine.STATE_SIZE,
                                    self._engine.CONFIG_SIZE, check_root=self._check_root)

    def _root_problem(self, state) -> str | None:
        # the game's own checks of a snapshot's first position: every field in
        # range and every byte what the fields rebuild (padding, derived masks)
        raise NotImplementedError

    def _check_root(self, state) -> str | None:
        # a snapshot's first position: the game's checks of its bytes, then a
        # position of the game by its rules: its JSON reads back (with a
        # pending decision that can be answered) to the same position
        problem = self._root_problem(state)
        if problem:
            return problem
        try:
            again = self.state_from_json(state.to_json())
        except StateFormatError as e:
            return str(e)
        return None if again == state else "the position does not read back from its own JSON"

    def state_from_json(self, doc: dict) -> "StateProtocol":
        """The state whose ``to_json()`` document is ``doc``, perhaps edited (the game's ``_read_json``).

        Raises
        ------
        StateFormatError
            Naming the JSON path of the first problem; nothing is half made.
        """
        from olab.jsonread import PathError, check_bounds, short_message

        # bounds first, for every game (depth, sizes), and a message of
        # bounded length; the game's reader checks the rest
        try:
            check_bounds(doc)
        except PathError as e:
            raise StateFormatError(short_message(str(e))) from None
        try:
            return self._read_json(doc)
        except StateFormatError as e:
            text = str(e)
            if text == short_message(text):
                raise
            raise StateFormatError(short_message(text)) from None
        except RecursionError:
            raise StateFormatError("the document is nested too deeply") from None

    def _read_json(self, doc: dict) -> "StateProtocol":
        # the hook: the game's reader of a bounded document
        raise NotImplementedError(f"{self.name} reads no JSON states (_read_json)")

    def component_totals(self, doc: dict) -> list[tuple[str, int, int]]:
        """``(path, count, limit)`` of each component total of a full ``to_json()`` document.

        The limits of the box (coins, tiles, a barn's spaces...) that
        :meth:`state_from_json` refuses to exceed, naming the path and the
        limit; a game with no limited components gives ``[]`` (the default).
        The conformance suite checks every position of random play against them.
        """
        return []

    def random_games(self, n: int, seed: int = 0) -> list[tuple[int, tuple[int, ...]]]:
        """Play ``n`` uniformly random games in compiled code.

        Returns ``(number of actions, scores)`` per game; game ``g`` is the
        one :func:`olab.search.random_playouts` plays as game ``g``.
        """
        from olab.search import random_games

        return [(k, scores) for k, scores, _cut in random_games(self, n, seed)]

    def random_playouts(self, n: int, seed: int = 0, threads: int = 1):
        """Statistics of ``n`` random games played in C (see :func:`olab.search.random_playouts`)."""
        from olab.search import random_playouts

        return random_playouts(self, n, seed, threads)


def _load_game(config: dict):
    from olab.registry import load

    return load(**config)


def _restore_state(config: dict, data: bytes):
    return _load_game(config).deserialize_state(data)
