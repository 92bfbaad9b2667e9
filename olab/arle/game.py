"""``Game`` and ``State``: the Fields of Arle engine API.

A :class:`Game` is a configuration (players, buildings, rules); a
:class:`State` is a position in it.  Actions are ints in a fixed range
(:meth:`Game.num_distinct_actions`); a worker's turn is a chain of small
decisions, and :meth:`State.current_player` says who decides next.

>>> import olab
>>> game = olab.load("fields_of_arle", players=2)
>>> state = game.new_initial_state(seed=1)
>>> state.scores()                 # points: -17 each at the start
[-17.0, -17.0]
>>> state.scores_half_points()     # the same, exact, in half points
[-34, -34]
>>> state.apply_action(state.string_to_action("PLACE summer_grocer"))
>>> sorted(state.action_to_string(a) for a in state.legal_actions())
['TAKE Br', 'TAKE Ca', 'TAKE Ho', 'TAKE Sh', 'TAKE Ti']
"""
from __future__ import annotations

from fractions import Fraction

from olab_core.arle import _engine as core

from olab.contract import GameMixin, StateMixin, check_seed

from . import fromjson, tensor

from . import moves as _moves, notation, scoring
from .jsonview import to_json
from .rules import Rules

__all__ = ["Game", "State"]

#: the game's code in snapshots (olab.snapshot)
SNAPSHOT_CODE = b"ARLE"


class State(core.CoreState, StateMixin):
    """A position of Fields of Arle, with its history.

    Play with :meth:`legal_actions` and :meth:`apply_action`; take back with
    :meth:`undo_action`.  Equal positions compare equal and hash equal;
    :meth:`clone` is a cheap copy; states pickle and serialize.  It keeps the
    contract of every olab game (:mod:`olab.contract`).

    :meth:`scores` are in **points**, floats because the rulebook does not
    round timber's ½ point (halves are exact in binary floating point);
    :meth:`scores_half_points` gives the same as exact integers (the core's
    unit) and :meth:`points` one seat's as a fraction.  :meth:`outcome`
    applies the rulebook's tie-break, and :meth:`winners` and
    :meth:`returns` read it.
    """

    __slots__ = ()

    # legal_actions, apply_action, undo_action, clone, current_player,
    # is_terminal, history and state_hash come from the compiled core.

    def scores(self) -> list[float]:
        """Every seat's score in points (final once the game is over): ``-17.0``, ``50.5``."""
        return [h / 2 for h in core.CoreState.scores(self)]

    def scores_half_points(self) -> list[int]:
        """Every seat's score in half points, exact integers (``101`` is 50½ points)."""
        return list(core.CoreState.scores(self))

    def score_breakdown(self, seat: int) -> dict:
        """The score of ``seat`` by the scoring pad's categories (see :mod:`olab.arle.scoring`)."""
        self._check_player(seat)             # an int seat: not True, not "0" (issue 27)
        return scoring.score_breakdown(self, seat)

    def points(self, seat: int) -> Fraction:
        """The exact score of ``seat`` in points (``Fraction(101, 2)`` is 50½)."""
        self._check_player(seat)
        return scoring.points(self, seat)

    def progress(self) -> tuple[str, float]:
        """Where the game stands: ``("half year 3 (summer)", fraction of the nine half years played)``."""
        if self.is_terminal():
            return ("game over", 1.0)
        g = self._game_fields()
        step, n = self._root_step()
        turns = 4 * self.game.num_players()
        done = min(n, turns) / turns if step == 1 else 1.0
        season = "summer" if g["half_year"] % 2 else "winter"
        return (f"half year {g['half_year']} ({season})", (g["half_year"] - 1 + done) / 9)

    def action_to_string(self, action: int) -> str:
        """The text of an action in this position (module :mod:`olab.arle.notation`)."""
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        """The action a text names in this position (``NotationError`` naming the position otherwise)."""
        return notation.string_to_action(self, text)

    #: moves are :class:`~olab.arle.Move` objects, one a worker: a move placed at
    #: the top of a turn ends when the seat is back at the top
    _move_type = _moves.Move

    def _closes_move(self, action: int) -> bool:
        return _moves._places(self, action)

    def _opens_move(self) -> bool:
        return _moves._top(self)

    def _to_json(self, player: int | None, legal_actions: bool) -> dict:
        # everything a frontend draws (olab.arle.jsonview); nothing in Fields
        # of Arle is hidden, so every seat's view is the full state, with its ``view``
        return to_json(self, legal_actions, player)

    def __repr__(self) -> str:
        if self.is_terminal():
            return f"<fields_of_arle State: game over, scores {[f'{x:g}' for x in self.scores()]}>"
        g = self._game_fields()
        d = self._decision()
        return (f"<fields_of_arle State: half year {g['half_year']}, seat {d['seat']} to decide "
                f"({d['ctx']}), {self.move_number()} actions played>")

    def _render(self, player: int | None) -> str:
        # spaces, buildings, supply, every seat, the legal moves (olab.arle.render)
        from .render import render

        return render(self, player)

    def describe_action(self, action: int) -> dict:
        """What an action does, as data (``kind``, ``text`` and its arguments: see
        :func:`olab.arle.notation.describe_action`)."""
        return notation.describe_action(self, action)

    def _illegal_reason(self, action) -> str:
        if self.is_terminal():
            return "the game is over"
        d = self._decision()
        return f"not one of the answers to the pending {d['ctx']!r} decision of seat {d['seat']}"


class Game(GameMixin):
    """A Fields of Arle configuration; it makes and loads states.  Use :func:`olab.load` to make one."""

    #: the registry name
    name = "fields_of_arle"
    _engine = core
    _snapshot_code = SNAPSHOT_CODE
    #: what ``olab tune`` does not fit: the rewards' scales
    fixed_weights = frozenset({"reward_scale", "solo_centre", "solo_scale"})

    def __init__(self, rules: Rules):
        self.rules = rules
        self._core = core.CoreGame(rules.core_config())

    def __repr__(self) -> str:
        r = self.rules
        return f"<olab Game fields_of_arle {r.players}p buildings={r.buildings!r} rules={r.preset!r}>"

    def config(self) -> dict:
        """The options as JSON-ready data: ``olab.load(**game.config())`` is an equal game.

        Always ``game``, ``players``, ``buildings`` and ``rules`` (the
        preset); then each rule field whose value differs from the preset's.
        """
        r = self.rules
        return {"game": self.name, "players": r.players, "buildings": r.buildings, "rules": r.preset,
                **r.overrides()}

    def score_categories(self) -> tuple[tuple[str, str], ...]:
        """The categories of the scoring pad (keys of :meth:`State.score_breakdown`), with labels."""
        return scoring.CATEGORIES

    @property
    def search_defaults(self) -> dict:
        """The MCTS bot's parameters for this configuration (see :attr:`olab.contract.GameMixin.search_defaults`).

        Solo, the bot searches single decisions, plays every playout to the
        end of the game (the heuristic misjudges what a solo farm will still
        score) and runs 10,000 simulations, a few tenths of a second a
        decision: 131 points on 8 seeds, against 112 for the search over
        whole actions at its default budget and 119 at 5,000 simulations
        (docs/bots.rst).  A bot told to search whole actions still gets its
        solo settings: playouts to the end, rewards centred on the root.
        With 2 players, the planner over whole turns (``search="beam"``) at
        5,000 positions a decision and at most 2 million positions valued
        (``evaluations``; 0.17 s on average: a position late in the game
        costs the most, and without the bound 1 in 100 decisions took over
        0.9 s, the longest 1.3 s in 8 games): at 10,000 positions it won 24
        of 24 games against greedy where the search over whole actions won
        0.925 of 200, but took up to 2 s a decision.  In the configuration
        it was fitted on (the starter buildings, the rulebook's rules) every
        search values positions with the heuristic's weights fitted by
        ``olab tune`` with greedy and refined with the search (the packaged
        evaluation ``fields_of_arle_2p``): at equal budget the planner with
        it beats the planner on the hand-written weights in 22 of 24 games,
        the search over whole actions in 35 of 48 (docs/bots.rst, "Fitted
        evaluations").
        """
        if self.rules.players == 1:
            return {"search": "actions",
                    "actions": {"playout_depth": 0, "simulations": 10000},
                    "chains": {"rollout": 0, "solo_centred": True, "reward_scale": 30.0}}
        if self.config() == {"game": self.name, "players": 2, "buildings": "starter", "rules": "rulebook"}:
            return {"search": "beam",
                    "beam": {"simulations": 5000, "evaluations": 2_000_000, "weights": "fields_of_arle_2p"},
                    "chains": {"weights": "fields_of_arle_2p"}, "actions": {"weights": "fields_of_arle_2p"}}
        return {"search": "beam", "beam": {"simulations": 5000, "evaluations": 2_000_000}}

    def num_players(self) -> int:
        """1 (the solo game) or 2."""
        return self.rules.players

    def new_initial_state(self, seed: int = 0) -> State:
        """The position before the first worker.

        The seed decides the start player (2 players) and the buildings that
        are drawn (``buildings="random"``, and the minor craft buildings of
        ``"starter"``); nothing else in Fields of Arle is random.
        """
        check_seed(seed)
        state = self._core.new_state(seed, State)
        state.game = self
        return state

    def _root_problem(self, state) -> str | None:
        # every byte what its fields rebuild (ranges, the pending decision),
        # then a sane position (GameMixin._check_root adds: its JSON reads back)
        return state._rebuild_check(self._core) or state._sanity()

    # GameMixin's hooks: the reader of JSON states, the box's limits, the tensor's layout
    _read_json = fromjson.state_from_json
    component_totals = fromjson.component_totals
    _layout = staticmethod(tensor.layout)
