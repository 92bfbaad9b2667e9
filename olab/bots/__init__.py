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

import os
import random
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from olab_core.common import search as _search
from olab_core.common.search import BeamPlanner, ChainSearcher, Searcher
from olab_core.common.state import CoreStateBase

__all__ = ["Bot", "RandomBot", "GreedyBot", "MCTSBot", "make_bot", "parse_bot_spec", "bot_class", "BOT_NAMES", "heuristic", "progress"]


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


class _WeightsInUse:
    # The heuristic's weights are globals of each game's core (the search reads
    # them without the GIL, from every thread of a search), so a bot that holds
    # its own (a fitted evaluation's) sets them for the time of its search and
    # puts the core's back after.  Searches that read the same weights run at
    # once; a search that needs other weights waits until the core is free.
    # Every reader in olab.bots (both bots' searches and heuristic()) comes
    # through here, so no search ever reads weights meant for another.

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._held: dict[Any, list] = {}     # core module -> [weights key, readers, the core's own]

    @contextmanager
    def use(self, engine, weights: Mapping[str, float] | None) -> Iterator[None]:
        # weights None: whatever the core holds of its own (a caller may have tuned it)
        key = tuple(sorted(weights.items())) if weights else None
        with self._cond:
            while engine in self._held and self._held[engine][0] != key:
                self._cond.wait()
            held = self._held.get(engine)
            if held is None:
                own = engine.heuristic_weights() if key is not None else None
                if key is not None:
                    engine.heuristic_weights(**dict(key))
                held = self._held[engine] = [key, 0, own]
            held[1] += 1
        try:
            yield
        finally:
            with self._cond:
                held[1] -= 1
                if held[1] == 0:
                    if held[2] is not None:
                        engine.heuristic_weights(**held[2])
                    del self._held[engine]
                    self._cond.notify_all()


_WEIGHTS = _WeightsInUse()


def heuristic(state, seat: int) -> float:
    """The heuristic value of ``seat``'s position that the bots use, in the game's points.

    Each game defines its own (its docs page says which); for Ora et Labora
    it is the score the seat would have now, with money counted smoothly
    (0.4 per coin instead of 2 per five), plus 0.2 per food and per energy
    the goods provide, 0.3 per wood, clay and stone, 1 per settlement card in
    hand and 0.15 per empty landscape space that is not water.  Once the game
    is over the bots use the real score instead.  The weights are the core's
    own (``heuristic_weights()``), not a fitted evaluation's.
    """
    s = _searchable(state)
    with _WEIGHTS.use(state.game._engine, None):
        return _search.heuristic(s, seat)


def progress(state) -> float:
    """The share of the game played, in [0, 1]: 0 at the deal, 1 at the end.

    The bots' clock (each game defines it: rounds gone of a game's rounds, or
    half years of nine); a fitted evaluation (:mod:`olab.evaluation`) tapers
    its weights by it.
    """
    return _search.progress(_searchable(state))


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
    docs/bots.rst, "Ora et Labora: the end of a 2-player game").  It plays the first
    action of the best line; ties are broken by the seeded generator.  A
    decision of another player inside that line (the owner choosing who works
    a contracted building) is taken as that player's first legal action.

    Parameters
    ----------
    seed : int
        Breaks ties.
    budget : int
        Positions looked at per decision, shared evenly between the legal actions.
    weights : str, os.PathLike or olab.evaluation.Evaluation, optional
        The heuristic's weights of a fitted evaluation (:doc:`/api/evaluation`;
        a file, the name of one the package ships, or ``"heuristic"``, the
        default: the core's own).  Only its ``heuristic`` weights apply: a
        residual is for the searches over whole actions.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, budget: int = 20000, weights=None, **ignored):
        _budget_number("budget", budget, integral=True)
        self._rng = random.Random(_seed(seed))
        self.budget = budget
        ev = _evaluation(weights) if weights is not None else None
        #: The fitted evaluation whose heuristic weights the bot plays with (``None``: the core's own)
        self.evaluation = None if ev == "heuristic" else ev
        self._checked_for = None

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
        s = _searchable(state)
        ev = self.evaluation
        if ev is not None and state.game is not self._checked_for:
            ev.check(state.game)
            self._checked_for = state.game
        with _WEIGHTS.use(state.game._engine, ev.heuristic if ev is not None else None):
            return _search.greedy_action(s, self._rng.getrandbits(64), self.budget)


class MCTSBot:
    """The search bot: Monte Carlo tree search or a planner, the loop in C without the GIL.

    Three searches, chosen by ``search`` (by default the one the game
    recommends for its configuration):

    - ``"chains"`` (the default of a game that names none) searches whole actions: a tree edge is a
      chain of decisions (an action and everything it starts, up to the
      point where its owner chooses a new action), one per legal first
      action, completed the way :class:`GreedyBot` completes it.  Selection
      is PUCT with greedy's judgement of each chain as the prior, and a new
      node is valued by the position after its deciding seat's best chain.
      The bot plays the chosen chain's first action and follows the rest of
      it while the game goes as planned (no search until the next chain).
    - ``"actions"`` is UCT over single decisions with short random playouts
      (olab's MCTS before the chain search); Fields of Arle solo plays it.
    - ``"beam"`` plans whole turns to the end of the game: a beam search
      whose levels are turns (the game's clock), each level's positions
      expanded into every chain of the deciding seat and finished to the end
      of its turn the way greedy finishes it, the ``simulations`` best
      distinct positions by the game's evaluation kept (another seat's turn
      is its greedy chain).  The best line it has played to the end is kept
      from move to move while the game follows it, so with no chance it
      never answers a line worse than one it has seen finish.  Each
      simulation is one position expanded.  Every game plays it by default
      but Fields of Arle solo.  :meth:`root_stats` gives, per first action, the
      positions kept below it and the best finished line's value.

    Each search runs ``simulations`` simulations (or as many as fit in
    ``time_ms`` milliseconds; with both, whichever ends first) and plays the
    most visited edge.  The tree is kept between moves: the next search
    starts from the subtree of the moves played since, when they are the
    tree's edges and its root decides what the position decides.  Rewards
    are in [0, 1] per seat, a sigmoid of the game's value of each seat's
    position (the margin of the heuristic over the best other seat, in the
    solo game of the score; see :func:`heuristic` and docs/bots.rst), and
    every seat maximises its own (max^n).  Under hidden information
    (Orléans) every simulation starts from a fresh determinization for the
    deciding seat, so the bot never reads what its seat cannot see.

    ``evaluations`` bounds a search's work as well: the chain search stops
    once that many positions have been valued, and the planner expands each
    level's positions, best first, only while what is left of the bound
    pays for finishing a line (always the best one, so a line finishes: the
    bound may be passed by about one greedy line).  A search's time
    follows the positions it values (about half a microsecond each on the
    build machine) far more closely than its simulations: a position the
    planner expands late in a game has several times the chains of one
    early.  The games' default budgets carry such a bound, which holds each
    decision under a second on the build machine.

    With a simulation budget (and ``evaluations``) the bot is deterministic
    for its seed; a time budget depends on the machine.

    Parameters
    ----------
    seed : int
    simulations : int, optional
        Simulations per search.  Without ``simulations`` and ``time_ms``: the
        game's ``search_defaults`` budget (3,000 for Orléans), else
        :attr:`DEFAULT_SIMULATIONS` (1,000).
    time_ms : float, optional
        Milliseconds per search.
    evaluations : int, optional
        ``"chains"`` and ``"beam"``: positions valued per search at most.
        Without ``simulations``, ``time_ms`` and ``evaluations``: the game's
        ``search_defaults`` bound for the search (none when it names none);
        with a budget given, no bound unless this one is.
    search : {"chains", "actions", "beam"}, optional
        Whole actions, single decisions, or the planner.  Default: the search the
        parameters given belong to (``prior_scale`` is the chain search's,
        ``playout_depth`` the other's), else the one the game recommends for
        its configuration (``"search"`` in its ``search_defaults``; Fields of
        Arle solo: ``"actions"``; every other configuration of the three games:
        ``"beam"``), else ``"chains"``.  :attr:`search` says
        which once the bot has searched.
    exploration : float, optional
        PUCT's constant for ``"chains"``, UCT's for ``"actions"`` (defaults:
        :attr:`DEFAULTS`, or the game's ``Game.search_defaults``).
    expand_budget : int, optional
        ``"chains"`` and ``"beam"``: positions looked at to complete the chains
        of a new node (of a position the planner expands).
    prior_scale : float, optional
        ``"chains"``: how fast the prior falls below greedy's best chain, in
        the game's points (a chain this far below has half the prior).
    reward_scale : float, optional
        ``"chains"``: points above a seat's value at the root that make its reward 0.75.
    win_weight : float, optional
        ``"chains"``: the share of a finished game's reward that is who won.
    completions : int, optional
        ``"chains"`` and ``"beam"``: chains kept per first action (its best completions by
        greedy's value, 1 to 8; default 1).
    prior_noise : float, optional
        ``"chains"``: each prior is raised by up to this share of it, drawn
        from the seed (so that seeds are samples of the bot).
    rollout : int, optional
        ``"chains"``: random actions after a new node's best chain before the
        position is valued (-1 none, 0 to the end of the game).
    solo_centred : bool, optional
        ``"chains"``: in a solo game, rewards centred on the root's value (else
        the game's own reward of the score).
    objective : {"margin", "score"}, optional
        ``"chains"`` and ``"beam"``: what every seat is taken to maximise with
        3 or 4 seats, the searching seat and the seats it models alike: its
        margin over the best other seat (default), or its own score (its own
        heuristic value before the end).  With 1 or 2 seats both are the margin.
    playout_depth : int, optional
        ``"actions"``: random actions per playout before the heuristic scores
        the position; 0 plays every playout to the end, -1 plays none.
    capacity : int, optional
        Tree nodes (about 40 bytes each).
    reuse_tree : bool
        Keep the tree from move to move.
    follow : bool
        ``"chains"`` and ``"beam"``: play the rest of a chosen chain without searching again
        while the game goes as planned (default); ``False`` searches at every
        decision, the rest of the chain included.
    weights : str, os.PathLike or olab.evaluation.Evaluation, optional
        Value positions with a fitted evaluation (:doc:`/api/evaluation`): an
        evaluation file made by ``olab tune``, the name of one the package
        ships, or ``"heuristic"`` for the game's heuristic with the core's
        own weights.  Its heuristic weights apply to every search, a
        residual to ``"chains"`` and ``"beam"``.  Default: what the game's
        ``search_defaults`` name for its configuration, else the heuristic
        alone.
    """

    name = "mcts"

    #: simulations per search when no budget is given and the game names none
    DEFAULT_SIMULATIONS = 1000

    #: the search parameters per search when neither the caller nor the game
    #: (its ``Game.search_defaults``, keyed the same way) sets them: a
    #: read-only mapping of each search's name to its parameters' defaults
    #: (print it to read them)
    #:
    #: :meta hide-value:
    DEFAULTS = MappingProxyType({
        "chains": MappingProxyType({"exploration": 1.0, "expand_budget": 2000, "prior_scale": 3.0,
                                    "reward_scale": 10.0, "win_weight": 0.5, "completions": 1,
                                    "prior_noise": 0.05, "rollout": -1, "solo_centred": False,
                                    "objective": "margin"}),
        "actions": MappingProxyType({"exploration": 0.7, "playout_depth": 20}),
        "beam": MappingProxyType({"expand_budget": 2000, "completions": 1, "objective": "margin"}),
    })

    def __init__(self, seed: int = 0, simulations: int | None = None, time_ms: float | None = None,
                 evaluations: int | None = None, exploration: float | None = None, playout_depth: int | None = None,
                 capacity: int | None = None, reuse_tree: bool = True, search: str | None = None,
                 expand_budget: int | None = None, prior_scale: float | None = None,
                 reward_scale: float | None = None, win_weight: float | None = None,
                 completions: int | None = None, prior_noise: float | None = None,
                 rollout: int | None = None, solo_centred: bool | None = None, follow: bool = True,
                 weights=None, objective: str | None = None):
        if search is not None and search not in self.DEFAULTS:
            raise ValueError(f"search must be one of {', '.join(self.DEFAULTS)}, not {search!r}")
        # read (and refuse) a file now, check it against the game at the first choose
        self._weights = _evaluation(weights) if weights is not None else None
        residual = self._weights not in (None, "heuristic") and self._weights.has_residual
        if residual and search not in (None, "chains", "beam"):
            raise ValueError("weights: an evaluation with a residual is for the 'chains' and 'beam' searches")
        # no budget given: the game's (its search_defaults' "simulations", at the first choose),
        # else DEFAULT_SIMULATIONS
        self._default_budget = simulations is None and time_ms is None
        if self._default_budget:
            simulations = self.DEFAULT_SIMULATIONS
        if simulations is not None:
            _budget_number("simulations", simulations, integral=True)
        if time_ms is not None:
            _budget_number("time_ms", time_ms, integral=False)
        if evaluations is not None:
            _budget_number("evaluations", evaluations, integral=True)
            if search == "actions":
                raise ValueError("evaluations: a bound of the 'chains' and 'beam' searches, "
                                 "not of the 'actions' search")
        # the game's bound applies with its budget (at the first choose), not with one given
        self._default_evaluations = self._default_budget and evaluations is None
        self.evaluations = evaluations or 0
        if expand_budget is not None:
            _budget_number("expand_budget", expand_budget, integral=True)
        if prior_scale is not None:
            _budget_number("prior_scale", prior_scale, integral=False)
        _seed(seed)
        self._seed = seed
        self._capacity = capacity
        self.follow = bool(follow)
        self.simulations = simulations or 0
        self.time_ms = time_ms or 0.0
        self.reuse_tree = reuse_tree
        if reward_scale is not None:
            _budget_number("reward_scale", reward_scale, integral=False)
        if win_weight is not None and (isinstance(win_weight, bool) or not isinstance(win_weight, (int, float))
                                       or not 0 <= win_weight <= 1):
            raise ValueError(f"win_weight must be a number in [0, 1], not {win_weight!r}")
        if completions is not None:
            _budget_number("completions", completions, integral=True)
        if prior_noise is not None and (isinstance(prior_noise, bool) or not isinstance(prior_noise, (int, float))
                                        or not 0 <= prior_noise <= 1):
            raise ValueError(f"prior_noise must be a number in [0, 1], not {prior_noise!r}")
        if rollout is not None and (isinstance(rollout, bool) or not isinstance(rollout, int) or rollout < -1):
            raise ValueError(f"rollout must be an int >= -1, not {rollout!r}")
        if solo_centred is not None and not isinstance(solo_centred, bool):
            raise ValueError(f"solo_centred must be True or False, not {solo_centred!r}")
        if objective is not None and objective not in ("margin", "score"):
            raise ValueError(f"objective must be 'margin' or 'score', not {objective!r}")
        given = {"exploration": exploration, "playout_depth": playout_depth, "expand_budget": expand_budget,
                 "prior_scale": prior_scale, "reward_scale": reward_scale, "win_weight": win_weight,
                 "completions": completions, "prior_noise": prior_noise, "rollout": rollout,
                 "solo_centred": solo_centred, "objective": objective}
        named = [k for k, v in given.items() if v is not None]
        if search is None:
            # no search named: the parameters given may name it (prior_scale is the chain
            # search's, playout_depth the other's); with none that tells, the game decides
            # at the first choose (its search_defaults' "search", else "chains")
            fits = [k for k in self.DEFAULTS if all(n in self.DEFAULTS[k] for n in named)
                    and (not residual or k in ("chains", "beam"))]
            if not fits:
                raise ValueError(f"{', '.join(named)}: no search has all these parameters")
            search = fits[0] if len(fits) == 1 else None
        else:
            wrong = [k for k in named if k not in self.DEFAULTS[search]]
            if wrong:
                raise ValueError(f"{', '.join(wrong)}: not a parameter of the {search!r} search")
        #: The search the bot runs, ``"chains"``, ``"beam"`` or ``"actions"``; ``None`` until
        #: the first search when the game chooses it.
        self.search: str | None = None
        self._named_search = search
        self._residual = residual
        # a game may recommend its own (Game.search_defaults, applied at the first choose); what the
        # caller gives always wins
        self._given = {k: v for k, v in given.items() if v is not None}
        self._searcher: Any = None         # ChainSearcher or Searcher, once the search is known
        if search is not None:
            self._make_searcher(search)
        else:
            # the game chooses at the first search: refuse now what either search would refuse
            # (each checks its parameters on a searcher of two nodes)
            if capacity is not None and not 2 <= capacity <= 1 << 26:
                raise ValueError("capacity must be in 2..2**26 nodes")
            # (the searches the parameters given fit: completions=2 fits the chain search and the
            # planner, and the game may choose either)
            if any(k in ("chains", "beam") for k in fits):
                # (the planner's parameters are some of the chain search's)
                ChainSearcher(capacity=2, seed=seed, **{**self.DEFAULTS["chains"], **self._given})
            if "actions" in fits:
                Searcher(capacity=2, seed=seed, **{**self.DEFAULTS["actions"], **self._given})
        self._tuned_for = None
        #: The fitted evaluation the search uses (``None``: the heuristic
        #: alone); known after the first search.
        self.evaluation = None
        self._history: list[int] | None = None
        self._plan: list[int] = []          # the rest of the chain being played
        self._planned: list[int] = []       # the history the plan continues
        self.last_simulations = 0
        #: whether the last decision came from a search (``False``: a single
        #: legal action, or the next action of the chain being played);
        #: :meth:`root_stats` describes that search, and is empty otherwise
        self.searched = False

    def choose(self, state) -> int:
        """The first action of the most visited edge after a search of the budget (see the class).

        A single legal action is returned without a search, and so is the
        next action of the chain being played while the game goes as it
        planned.  The number of simulations run is left in
        ``last_simulations`` (0 when the bot did not search, or the planner
        answered the line it kept), and whether it searched in
        :attr:`searched`.

        Raises
        ------
        ValueError
            At a chance node or once the game is over.
        """
        _decider(state)
        legal = state.legal_actions()
        history = state.history()
        if self.search in ("chains", "beam") and self.follow:
            a = self._follow(history, legal)
            if a is not None:
                self.last_simulations = 0
                self.searched = False
                return a
        if len(legal) == 1:
            self.last_simulations = 0
            self.searched = False
            return legal[0]
        game = state.game
        if game is not self._tuned_for:
            self._tune(game)
        old = self._history
        if self.reuse_tree and old is not None and history[:len(old)] == old:
            self._searcher.advance(history[len(old):])
        else:
            self._searcher.reset()
        chain = self._run(state)
        if not chain or chain[0] not in legal:
            # the search keeps a reused tree only when its root decides what
            # this position decides; should a tree still disagree, search
            # again from a new one, and never answer an illegal action
            self._searcher.reset()
            chain = self._run(state)
            if not chain or chain[0] not in legal:
                raise RuntimeError(f"the search chose {chain[:1]}, not a legal action here: "
                                   "a bug in the game's search table")
        self._history = history
        self._plan = chain[1:]
        self._planned = history + chain[:1]
        self.searched = True
        return chain[0]

    def _make_searcher(self, search: str) -> None:
        params = {**self.DEFAULTS[search], **self._given}
        if search == "chains":
            self._searcher = ChainSearcher(capacity=self._capacity or 1 << 18, seed=self._seed, **params)
        elif search == "beam":
            self._searcher = BeamPlanner(capacity=2, seed=self._seed, **params)
        else:
            self._searcher = Searcher(capacity=self._capacity or 1 << 21, seed=self._seed, **params)
        self.search = search

    def _tune(self, game) -> None:
        # the game's recommendations (the contract declares search_defaults; GameMixin: empty),
        # under what the caller gave
        search = self._named_search or game.search_defaults.get("search", "chains")
        if self._named_search is None and search == "actions" and self._residual:
            # a residual is read by the searches over whole actions only: where the game would
            # search over single decisions (Fields of Arle solo) the bot searches over actions
            search = "chains"
        if search not in self.DEFAULTS:
            raise ValueError(f"{game.name}: search_defaults names the search {search!r}, "
                             f"not one of {', '.join(self.DEFAULTS)}")
        wrong = [k for k in self._given if k not in self.DEFAULTS[search]]
        if wrong:
            raise ValueError(f"{', '.join(wrong)}: not a parameter of the {search!r} search "
                             f"{game.name} runs in this configuration (name another with search=)")
        if search != self.search:
            # a bot moved to a game that runs the other search (or its first game)
            self._make_searcher(search)
            self._history = None
            self._plan = []
        tuned = dict(game.search_defaults.get(search, {}))
        budget = tuned.pop("simulations", self.DEFAULT_SIMULATIONS)
        bound = tuned.pop("evaluations", 0)
        if self._default_budget:
            self.simulations = budget
        if self._default_evaluations:
            self.evaluations = bound if search in ("chains", "beam") else 0
        elif self.evaluations and search not in ("chains", "beam"):
            raise ValueError(f"{game.name}: evaluations bounds the 'chains' and 'beam' searches, "
                             f"and this bot runs {search!r}")
        named = tuned.pop("weights", None)
        self._searcher.set_params(**{**self.DEFAULTS[search], **tuned, **self._given})
        ev = self._weights if self._weights is not None else (_evaluation(named) if named else None)
        if ev == "heuristic":
            ev = None
        if ev is not None:
            ev.check(game)
            if ev.has_residual and search not in ("chains", "beam"):
                raise ValueError(f"{game.name}: the evaluation has a residual, which only the 'chains' and "
                                 f"'beam' searches read, and this bot runs {search!r}")
        if search in ("chains", "beam"):
            self._searcher.set_evaluation(ev.weights() if ev is not None else None)
        self.evaluation = ev
        self._tuned_for = game

    def _run(self, state) -> list[int]:
        s = _searchable(state)
        ev = self.evaluation
        with _WEIGHTS.use(state.game._engine, ev.heuristic if ev is not None else None):
            if self.search in ("chains", "beam"):
                chain, self.last_simulations = self._searcher.search(s, self.simulations, self.time_ms,
                                                                     self.evaluations)
                return chain
            action, self.last_simulations = self._searcher.search(s, self.simulations, self.time_ms)
        return [action] if action >= 0 else []

    def _follow(self, history: list[int], legal: list[int]) -> int | None:
        # the next action of the chain being played, if the game went as
        # planned: the actions since are the plan's (another seat's decision
        # inside the chain included)
        plan, planned = self._plan, self._planned
        if not plan or len(history) < len(planned) or history[:len(planned)] != planned:
            self._plan = []
            return None
        extra = history[len(planned):]
        if extra != plan[:len(extra)] or len(extra) >= len(plan):
            self._plan = []
            return None
        a = plan[len(extra)]
        if a not in legal:
            self._plan = []
            return None
        self._plan = plan[len(extra) + 1:]
        self._planned = history + [a]
        return a

    def root_stats(self) -> list[tuple[int, int, float]]:
        """``(action, visits, mean reward)`` of each edge at the last search's root (its first action).

        The planner (``search="beam"``) keeps no tree: its "visits" are the
        positions it kept below the first action, its "reward" the final
        value (the score, or the margin of the scores over the best other
        seat; with ``objective="score"`` and 3 or 4 seats the seat's own
        score) of the best line through it that it played to the end.
        Empty when the last decision was no search's (a single legal action,
        or the next action of the chain being played).
        """
        if self._searcher is None or not self.searched:
            return []
        return [tuple(r[:3]) for r in self._searcher.root_stats()]


def _evaluation(spec):
    # an Evaluation, or "heuristic", from what MCTSBot(weights=...) was given
    from olab.evaluation import Evaluation, load_evaluation, packaged_evaluation

    if isinstance(spec, Evaluation) or spec == "heuristic":
        return spec
    if not isinstance(spec, (str, os.PathLike)):
        raise ValueError(f"weights must be an evaluation file, a packaged evaluation's name or 'heuristic', "
                         f"not {spec!r}")
    if os.path.exists(spec):
        return load_evaluation(spec)
    text = os.fspath(spec)
    if text.endswith(".json") or os.sep in text:
        raise ValueError(f"weights: no evaluation file {text}")
    return packaged_evaluation(text)


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
    if "=" in name:
        raise ValueError(f"bot {name!r}: parameters (key=value) go to make_bot, not bot_class")
    if name in BOT_NAMES:
        return BOT_NAMES[name]
    if ":" in name:
        import importlib

        module, _, attr = name.partition(":")
        _working_directory_on_path()
        obj: Any
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


def _construct(cls, name: str, seed: int, budget: dict, spec: dict | None = None):
    # a bot of one's own need not take every keyword olab passes: seed= and the
    # budget go to the constructor when it accepts them; its spec's parameters
    # (my_bots:Cautious:depth=3) always do
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
    kwargs.update(spec or {})
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


def parse_bot_spec(spec: str) -> tuple[str, dict]:
    """Split a bot spec into its name and its parameters.

    A spec is a bot's name (as :func:`bot_class` reads it) followed by any
    number of ``:key=value`` parameters, which :func:`make_bot` passes to
    the bot's constructor: ``"mcts:simulations=200:search=actions"``,
    ``"mcts:weights=fitted.json"``, ``"my_bots:Cautious:depth=3"``.  A
    value reads as an int, a float, ``true``/``false``, or else as text.

    >>> parse_bot_spec("mcts:simulations=200:prior_scale=2.5")
    ('mcts', {'simulations': 200, 'prior_scale': 2.5})
    >>> parse_bot_spec("my_bots:Cautious")
    ('my_bots:Cautious', {})

    Raises
    ------
    ValueError
        For an empty name, an empty key or a key given twice.
    """
    if not isinstance(spec, str) or not spec:
        raise ValueError(f"a bot is named by a string, not {spec!r}")
    name_parts: list[str] = []
    params: dict[str, Any] = {}
    for part in spec.split(":"):
        if "=" not in part:
            if params:
                raise ValueError(f"bot {spec!r}: the name comes before the parameters (key=value)")
            name_parts.append(part)
            continue
        key, _, text = part.partition("=")
        key = key.strip()
        if not key.isidentifier():
            raise ValueError(f"bot {spec!r}: {key!r} is not a parameter name")
        if key in params:
            raise ValueError(f"bot {spec!r}: parameter {key} given twice")
        params[key] = _spec_value(text.strip())
    name = ":".join(name_parts)
    if not name:
        raise ValueError(f"bot {spec!r} has no name")
    return name, params


def _spec_value(text: str):
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            if len(text) <= 40:
                return kind(text)
        except ValueError:
            pass
    return text


def make_bot(name: str, seed: int = 0, **budget) -> Bot:
    """A bot by name or spec (see :func:`parse_bot_spec`), made with ``cls(seed=seed, **params, **budget)``.

    ``budget`` takes ``simulations=`` or ``time_ms=`` for the searching bots
    (the others ignore it).  A spec's parameters (``"mcts:simulations=50"``)
    go to the constructor as keywords and win over ``budget``.  A bot of your
    own gets those budget keywords its constructor accepts (a class with no
    parameters is made with none) and every parameter of its spec; a
    constructor that fails anyway is a ``ValueError`` in one line saying what
    it must accept.  ``module:Class`` is found next to where olab runs too,
    as python finds a script's neighbours.  Seeds are ints in 0..2**64-1.
    """
    base, params = parse_bot_spec(name)
    cls = bot_class(base)
    _seed(seed)
    unknown = sorted(set(budget) - {"simulations", "time_ms"})
    if unknown:
        raise ValueError(f"unknown budget {', '.join(unknown)}; a budget is simulations= and/or time_ms=")
    if "simulations" in budget:
        _budget_number("simulations", budget["simulations"], integral=True)
    if "time_ms" in budget:
        _budget_number("time_ms", budget["time_ms"], integral=False)
    if params and "time_ms" in params and "simulations" not in params:
        budget = {k: v for k, v in budget.items() if k != "simulations"}   # a spec's time budget replaces it
    if cls in BOT_NAMES.values():
        try:
            bot = cls(seed=seed, **{**budget, **params})
        except TypeError as e:
            raise ValueError(f"bot {name!r}: {e}") from None
    else:
        bot = _construct(cls, name, seed, budget, params)
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {name!r} has no choose(state) method")
    if params or not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = name                 # a label for score tables (a spec names its parameters)
        except AttributeError:
            pass
    return bot


#: olab's own bots by name (name -> class; :func:`bot_class` finds the others)
BOT_NAMES = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
