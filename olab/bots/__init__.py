"""Bots: anything with ``choose(state) -> action`` can play.

Three bots come with olab, each seeded so that a game between bots repeats
exactly:

- :class:`RandomBot` picks uniformly among the legal actions;
- :class:`GreedyBot` looks one action ahead — through every decision of the
  action it starts — and keeps the best position by a simple heuristic;
- :class:`MCTSBot` runs UCT with random playouts in C (without the GIL),
  keeping its search tree from move to move.

>>> import olab
>>> from olab.bots import RandomBot
>>> state = olab.load("ora_et_labora", players=2).new_initial_state(1)
>>> bot = RandomBot(seed=3)
>>> bot.choose(state) in state.legal_actions()
True
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from olab_core.common import search as _search
from olab_core.common.search import Searcher
from olab_core.common.state import CoreStateBase

__all__ = ["Bot", "RandomBot", "GreedyBot", "MCTSBot", "make_bot", "bot_class", "BOT_NAMES", "heuristic"]


def _seed(seed) -> int:
    # every bot takes a seed in 0..2**64-1 (the search's generator is 64-bit)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
        raise ValueError(f"a bot's seed is an int in 0..2**64-1, not {seed!r}")
    return seed


def _budget_number(name: str, value, integral: bool):
    import math

    if integral:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be an int >= 1, not {value!r}")
    elif isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0, not {value!r}")
    return value


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: a seeded object that picks a legal action."""

    name: str

    def choose(self, state) -> int:
        """A legal action of ``state`` for the player who decides now."""
        ...


def _searchable(state) -> CoreStateBase:
    # the bots search in the compiled core of any registered game
    if not isinstance(state, CoreStateBase):
        raise TypeError(f"no bot support for {type(state).__name__}: not a state of a compiled olab game")
    return state


def _decider(state) -> int:
    # the seat that decides now; a bot is never asked at a chance node or the end
    p = state.current_player()
    if p < 0:
        what = "the game is over" if state.is_terminal() else "it is a chance node"
        raise ValueError(f"a bot chooses for a seat, but {what} (current_player() == {p})")
    return p


def heuristic(state, seat: int) -> float:
    """The heuristic value of ``seat``'s position that the bots use, in the game's points.

    Each game defines its own (its docs page says which); for Ora et Labora
    it is the score the seat would have now, with money counted smoothly
    (0.4 per coin instead of 2 per five), plus 0.2 per food and per energy
    the goods provide, 0.3 per wood, clay and stone, 1 per settlement card in
    hand and 0.15 per empty landscape space that is not water.  Once the game
    is over the bots use the real score instead.
    """
    return _search.heuristic(_searchable(state), seat)


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so games repeat)."""

    name = "random"

    def __init__(self, seed: int = 0, **budget):
        # a random bot has no budget; ``simulations`` / ``time_ms`` are accepted and ignored
        self._rng = random.Random(_seed(seed))

    def choose(self, state) -> int:
        """One of ``state.legal_actions()``, each equally likely.

        Raises
        ------
        ValueError
            At a chance node or once the game is over.
        """
        _decider(state)
        return self._rng.choice(state.legal_actions())


class GreedyBot:
    """One action of lookahead on the :func:`heuristic`.

    For every legal action the bot follows each way of finishing the action
    it starts — the goods to pay with, the space to build on, the goods to
    take — until the turn is back at its top, and scores the position there
    as its heuristic value minus the best opponent's (in a 2-player Ora et
    Labora game after phase D, each seat's own view of the end instead: see
    docs/bots.rst, "The end of a 2-player game").  It plays the first
    action of the best line; ties are broken by the seeded generator.  A
    decision of another player inside that line (the owner choosing who works
    a contracted building) is taken as that player's first legal action.

    Parameters
    ----------
    seed : int
        Breaks ties.
    budget : int
        Positions looked at per decision, shared evenly between the legal actions.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, budget: int = 20000, **ignored):
        _budget_number("budget", budget, integral=True)
        self._rng = random.Random(_seed(seed))
        self.budget = budget

    def choose(self, state) -> int:
        """The first action of the best line one action deep (see the class).

        Raises
        ------
        ValueError
            At a chance node or once the game is over.
        """
        _decider(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _search.greedy_action(_searchable(state), self._rng.getrandbits(64), self.budget)


class MCTSBot:
    """Monte Carlo tree search: UCT with random playouts, the loop in C.

    Each decision runs ``simulations`` playouts (or as many as fit in
    ``time_ms`` milliseconds; with both, whichever ends first) and plays the
    most visited action.  The tree is kept between moves: the next search
    starts from the subtree of the moves played since.  A playout is
    ``playout_depth`` uniformly random actions, after which the position is
    scored by :func:`heuristic` (or by the final scores, if the game ended);
    short playouts scored this way beat full ones at equal budget (see
    docs/bots.rst for the figures).  Rewards are a sigmoid of the
    margin over the best opponent (a tie 0.5, 8 points of lead 0.75; in a
    2-player Ora et Labora game after phase D, of each seat's own view).

    With a simulation budget the bot is deterministic for its seed; a time
    budget depends on the machine.

    Parameters
    ----------
    seed : int
    simulations : int, optional
        Playouts per decision (default 1000 when no ``time_ms`` is given).
    time_ms : float, optional
        Milliseconds per decision.
    exploration : float, optional
        The UCT constant (default 0.7, or the game's ``Game.search_defaults``).
    playout_depth : int, optional
        Random actions per playout before the heuristic scores the position
        (default 20, about three turns of Ora et Labora, or the game's
        ``Game.search_defaults``); 0 plays every playout to the end, -1 plays
        none (a new leaf is scored by the game's value as it stands).
    capacity : int
        Tree nodes (about 40 bytes each).
    reuse_tree : bool
        Keep the tree from move to move.
    """

    name = "mcts"

    #: the search parameters when neither the caller nor the game (its ``Game.search_defaults``) sets them
    DEFAULTS = {"exploration": 0.7, "playout_depth": 20}

    def __init__(self, seed: int = 0, simulations: int | None = None, time_ms: float | None = None,
                 exploration: float | None = None, playout_depth: int | None = None, capacity: int = 1 << 21,
                 reuse_tree: bool = True):
        if simulations is None and time_ms is None:
            simulations = 1000
        if simulations is not None:
            _budget_number("simulations", simulations, integral=True)
        if time_ms is not None:
            _budget_number("time_ms", time_ms, integral=False)
        _seed(seed)
        self.simulations = simulations or 0
        self.time_ms = time_ms or 0.0
        self.reuse_tree = reuse_tree
        # a game may recommend its own (Game.search_defaults, applied at the first choose); what the
        # caller gives always wins
        self._given = {k: v for k, v in (("exploration", exploration), ("playout_depth", playout_depth))
                       if v is not None}
        params = {**self.DEFAULTS, **self._given}
        self._searcher = Searcher(capacity=capacity, exploration=params["exploration"],
                                  playout_depth=params["playout_depth"], seed=seed)
        self._tuned_for = None
        self._history: list[int] | None = None
        self.last_simulations = 0

    def choose(self, state) -> int:
        """The most visited action after a search of the budget (see the class).

        A single legal action is returned without a search.  The number of
        simulations run is left in ``last_simulations``.

        Raises
        ------
        ValueError
            At a chance node or once the game is over.
        """
        _decider(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = getattr(state, "game", None)
        if game is not self._tuned_for:
            self._searcher.set_params(**{**self.DEFAULTS, **(getattr(game, "search_defaults", None) or {}),
                                         **self._given})
            self._tuned_for = game
        history = state.history()
        old = self._history
        if self.reuse_tree and old is not None and history[:len(old)] == old:
            self._searcher.advance(history[len(old):])
        else:
            self._searcher.reset()
        action, self.last_simulations = self._searcher.search(
            _searchable(state), self.simulations, self.time_ms)
        self._history = history
        return action

    def root_stats(self) -> list[tuple[int, int, float]]:
        """``(action, visits, mean reward)`` of each action at the last search's root."""
        return self._searcher.root_stats()


def bot_class(name: str) -> type:
    """The class a bot name stands for.

    ``name`` is one of olab's bots (:data:`BOT_NAMES`), a bot that a package
    registers under the entry-point group ``olab.bots``, or ``"module:Class"``
    (any importable class; ``"my_bots:Cautious"``).

    Raises
    ------
    ValueError
        For a name that is none of these, naming what is valid.
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"a bot is named by a string, not {name!r}")
    if name in BOT_NAMES:
        return BOT_NAMES[name]
    if ":" in name:
        import importlib

        module, _, attr = name.partition(":")
        _working_directory_on_path()
        try:
            obj = importlib.import_module(module)
            for part in attr.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError, ValueError) as e:
            raise ValueError(f"cannot load bot {name!r}: {type(e).__name__}: {e}") from None
        if not callable(obj):
            raise ValueError(f"bot {name!r} is not a class")
        return obj
    registered = _entry_point_bots()
    if name in registered:
        return registered[name].load()
    valid = ", ".join([*BOT_NAMES, *registered])
    raise ValueError(f"unknown bot {name!r}; valid bots: {valid}, or module:Class")


def _working_directory_on_path() -> None:
    # python finds a script's neighbours; olab finds the bot file next to where
    # it is run (``olab arena --bots mybot:Builder,greedy`` beside mybot.py), in
    # the arena's worker processes too (they start in the same directory).
    # Appended, so an installed module of the same name still wins.
    import os
    import sys

    try:
        here = os.getcwd()
    except OSError:
        return
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def _construct(cls, name: str, seed: int, budget: dict):
    # a bot of one's own need not take every keyword olab passes: seed= and the
    # budget go to the constructor when it accepts them
    import inspect

    kwargs = {"seed": seed, **budget}
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        params = None
    if params is not None and not any(p.kind is p.VAR_KEYWORD for p in params):
        names = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        if "seed" not in names:
            kwargs.pop("seed")
        if budget and not set(budget) <= names:
            kwargs = {k: v for k, v in kwargs.items() if k in names}
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise ValueError(f"bot {name!r} could not be made as {getattr(cls, '__name__', cls)}"
                         f"({', '.join(f'{k}=...' for k in kwargs)}): {e}; its constructor must accept "
                         "seed= (and simulations= / time_ms= when a budget is given), or no arguments") from None


def _entry_point_bots() -> dict:
    from importlib.metadata import entry_points

    try:
        return {ep.name: ep for ep in entry_points(group="olab.bots")}
    except Exception:  # a broken plugin must not break the built-in bots
        return {}


def make_bot(name: str, seed: int = 0, **budget) -> Bot:
    """A bot by name (see :func:`bot_class`), made with ``cls(seed=seed, **budget)``.

    ``budget`` takes ``simulations=`` or ``time_ms=`` for the searching bots
    (the others ignore it).  A bot of your own gets those keywords its
    constructor accepts (a class with no parameters is made with none); a
    constructor that fails anyway is a ``ValueError`` in one line saying what
    it must accept.  ``module:Class`` is found next to where olab runs too,
    as python finds a script's neighbours.  Seeds are ints in 0..2**64-1.
    """
    cls = bot_class(name)
    _seed(seed)
    unknown = sorted(set(budget) - {"simulations", "time_ms"})
    if unknown:
        raise ValueError(f"unknown budget {', '.join(unknown)}; a budget is simulations= and/or time_ms=")
    if "simulations" in budget:
        _budget_number("simulations", budget["simulations"], integral=True)
    if "time_ms" in budget:
        _budget_number("time_ms", budget["time_ms"], integral=False)
    bot = _construct(cls, name, seed, budget) if cls not in BOT_NAMES.values() else cls(seed=seed, **budget)
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {name!r} has no choose(state) method")
    if not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = name                 # a label for score tables
        except AttributeError:
            pass
    return bot


#: olab's own bots by name (name -> class; :func:`bot_class` finds the others)
BOT_NAMES = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
