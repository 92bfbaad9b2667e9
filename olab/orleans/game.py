"""``Game`` and ``State``: the Orléans engine API.

A :class:`Game` is a configuration (players, chance mode, exclusion of place
tiles); a :class:`State` is a position in it.  Actions are ints in a fixed
range (:meth:`Game.num_distinct_actions`); a round is many small decisions,
and :meth:`State.current_player` says who decides next (``olab.CHANCE`` at a
draw with ``chance="explicit"``).

>>> import olab
>>> game = olab.load("orleans", players=3)
>>> state = game.new_initial_state(seed=5)
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(0, 'DRAW')
>>> state.apply_action(state.string_to_action("DRAW"))
>>> sum(state.to_json(0)["players"][0]["market"].values())
1
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from olab_core.orleans import _engine as core

from olab.contract import GameMixin, StateMixin, check_seed

from . import fromjson, tensor

from . import moves as _moves
from . import notation, rules, scoring
from .jsonview import to_json

__all__ = ["Game", "State"]

#: the game's code in snapshots (olab.snapshot)
SNAPSHOT_CODE = b"ORL\0"
L = core.ACTION_LAYOUT

# PCG32 as the core seeds it (olab_core/common/pcg.pxd: inc = 2*stream+1,
# state = inc + initstate, one step), on a stream of its own for the hidden seed
_PCG_MULT = 6364136223846793005
_MASK = 2 ** 64 - 1
_HIDDEN_STREAM = 1441            # the deal's generator runs on 1440 (setup.pxi)


def _hidden_generator(hidden_seed: int) -> tuple[int, int]:
    """The generator state and increment a ``hidden_seed`` starts the draws with.

    >>> _hidden_seed_of(*_hidden_generator(12345))
    12345
    """
    inc = (_HIDDEN_STREAM << 1) | 1
    return ((inc + hidden_seed) * _PCG_MULT + inc) & _MASK, inc


def _hidden_seed_of(rng_state: int, rng_inc: int) -> int | None:
    """The ``hidden_seed`` that started a generator (``None`` if none did: a deal without one)."""
    if rng_inc != (_HIDDEN_STREAM << 1) | 1:
        return None
    return ((rng_state - rng_inc) * pow(_PCG_MULT, -1, 2 ** 64) - rng_inc) & _MASK



class State(core.CoreState, StateMixin):
    """A position of Orléans, with its history.

    Play with :meth:`legal_actions` and :meth:`apply_action`; take back with
    :meth:`undo_action`.  Equal positions compare and hash equal;
    :meth:`clone` is a cheap copy; states pickle and serialize.  It keeps the
    contract of every olab game (:mod:`olab.contract`).

    What each seat may see is what :meth:`to_json` with that seat shows:
    everything but the state's random generator (the order of the draws to
    come, which nobody knows).  :meth:`determinize` replaces the generator.
    """

    __slots__ = ()

    def score_breakdown(self, seat: int) -> dict:
        """The score of ``seat`` item by item; its ``total`` equals ``scores()[seat]``."""
        self._check_player(seat)             # an int seat: not True, not "0" (issue 27)
        return scoring.score_breakdown(self, seat)

    def action_to_string(self, action: int) -> str:
        """The text of an action (:mod:`olab.orleans.notation`)."""
        return notation.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The action a text names.

        Raises
        ------
        NotationError
            If the text cannot be read; the error names the position.
        """
        return notation.string_to_action(text)

    #: moves are :class:`~olab.orleans.moves.Move` objects: a new one whenever the deciding seat changes
    _move_type = _moves.Move

    def _to_json(self, player: int | None, legal_actions: bool) -> dict:
        # everything a frontend draws (olab.orleans.jsonview): the full state
        # with the generator (for tools and Game.state_from_json); a seat's
        # view leaves the generator out
        return to_json(self, legal_actions, player)

    def public_json(self, legal_actions: bool = True) -> dict:
        """What a spectator who holds no seat may see: the seats' common view (``view`` null).

        Everything of the past and present is public in Orléans; the
        generator (the future draws), which only the full view carries, is
        left out, as in every seat's view.
        """
        return to_json(self, legal_actions, None, public=True)

    def progress(self) -> tuple[str, float]:
        """The round and the fraction of the game played (for progress bars)."""
        f = self._fields()
        rounds = rules.RULES.rounds
        if f["game_over"]:
            return (f"round {rounds}, over", 1.0)
        return (f"round {f['round']}", (f["round"] - 1) / rounds)

    def visible_history(self, player: int) -> list[int | None]:
        """The history as ``player`` saw it: all of it.

        Every decision in Orléans is made in the open, and every chance
        outcome (``chance="explicit"``) is a tile turned face up (drawn to a
        market, revealed from the hourglass stack), so no action is hidden
        from any seat; only the future is (see :meth:`determinize`).
        """
        self._check_player(player)
        seen: list[int | None] = list(self.history())
        return seen

    def __repr__(self) -> str:
        f = self._fields()
        if f["game_over"]:
            return f"<orleans State: game over, scores {self.scores()}>"
        return (f"<orleans State: round {f['round']}, {core.PHASE_NAMES[f['phase']]}, "
                f"player {self.current_player()} to decide, {self.move_number()} actions played>")

    def _render(self, player: int | None) -> str:
        # supply, map, deeds, every seat's board, whose decision and the legal
        # moves (olab.orleans.render); ``*`` marks an activated place
        from .render import render

        return render(self, player)

    def describe_action(self, action: int) -> dict:
        """What an action does as data: ``kind``, ``text`` and its parts (place, space, tile,
        connection, good, deed...): see :func:`olab.orleans.notation.describe_action`."""
        return notation.describe_action(action)

    def _illegal_reason(self, action) -> str:
        if self.is_terminal():
            return "the game is over"
        if self.is_chance_node():
            return "a chance node: the action must be one of chance_outcomes()"
        d = core.DECISION_NAMES[self._fields()["dec"]]
        return f"not a legal answer to the pending {d} decision of seat {self.current_player()}"


class Game(GameMixin):
    """An Orléans configuration; it makes and loads states.  Use :func:`olab.load` to make one.

    Parameters
    ----------
    players : int
        2, 3 or 4.
    chance : str
        ``"sampled"`` (the state's generator draws inside ``apply_action``)
        or ``"explicit"`` (every draw is a chance node).
    exclusion : bool
        The additional rule: before round 1 each player may exclude place
        tiles to the box (2 each with 2 players, else 1).
    """

    #: the registry name
    name = "orleans"
    _engine = core
    _snapshot_code = SNAPSHOT_CODE
    #: what ``olab tune`` does not fit: the rewards' shape and scale
    fixed_weights = frozenset({"REWARD_LINEAR", "REWARD_SCALE"})
    #: the MCTS bot's search parameters for Orléans per search (olab.bots.MCTSBot applies them
    #: unless given), by the number of players.  By default the planner over whole turns, each
    #: search in one determinization of the seat's view, at 20,000 positions (its positions are
    #: cheap here) and at most 1.5 million positions valued with 2 players, 1.1 million with 3
    #: and 0.9 million with 4: with four seats a position valued costs 1.7
    #: times what it does with two (0.83 against 0.49 microseconds, loaded machine).  Without
    #: that bound a decision took up to 1.9 s; with it, under a second.  Over whole actions: a
    #: sharper prior and less exploration than the defaults (greedy's judgement of a chain is
    #: good here, and a search over determinizations is noisy), and 3,000 simulations (a
    #: decision still takes about 50 ms); over single decisions, no random playout (one random
    #: decision already misjudges a line) and little exploration.  docs/bots.rst has the figures
    _SEARCH = {players: MappingProxyType({
        "search": "beam", "beam": MappingProxyType({"simulations": 20000, "evaluations": bound}),
        "chains": MappingProxyType({"prior_scale": 1.0, "exploration": 0.5, "simulations": 3000}),
        "actions": MappingProxyType({"playout_depth": -1, "exploration": 0.02})})
        for players, bound in ((2, 1_500_000), (3, 1_100_000), (4, 900_000))}

    @property
    def search_defaults(self) -> Mapping:
        """The MCTS bot's parameters for Orléans (see :attr:`olab.contract.GameMixin.search_defaults`)."""
        return self._SEARCH[self.players]

    def __init__(self, players: int = 4, chance: str = "sampled", exclusion: bool = False):
        if players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if chance not in ("sampled", "explicit"):
            raise ValueError(f"chance must be 'sampled' or 'explicit', not {chance!r}")
        self.players = players
        self.chance = chance
        self.exclusion = bool(exclusion)
        flags = (core.FLAGS["explicit"] if chance == "explicit" else 0) | (core.FLAGS["exclusion"] if exclusion else 0)
        self._core = core.CoreGame(players, flags)

    def __repr__(self) -> str:
        return f"<olab Game orleans {self.players}p chance={self.chance!r} exclusion={self.exclusion}>"

    def config(self) -> dict:
        """The options as JSON-ready data: ``olab.load(**game.config()) == game``."""
        return {"game": self.name, "players": self.players, "chance": self.chance, "exclusion": self.exclusion}

    def score_categories(self) -> tuple[tuple[str, str], ...]:
        """The parts of a score (keys of :meth:`State.score_breakdown`) with a label each."""
        return scoring.CATEGORIES

    def num_players(self) -> int:
        """The number of seats (2, 3 or 4)."""
        return self.players

    def new_initial_state(self, seed: int = 0, hidden_seed: int | None = None) -> State:
        """The position before the first decision.

        ``seed`` deals what every seat sees: the goods on the map and the
        goods taken out of the game.  ``hidden_seed`` seeds what no seat
        sees: the generator of every later draw (followers, hourglass tiles,
        Plague, Bathhouse, torture with ``chance="sampled"``).  The same two
        seeds give the same game on every machine.

        Without ``hidden_seed`` the generator goes on from the deal's, as it
        always did: reproducible from ``seed`` alone, but then the deal tells
        the future to anyone who can guess the seed (trying seeds 0..999
        against the goods on the map finds a small one).  Whoever deals a game
        that seats play -- the arena, ``olab play``, ``olab selfplay`` --
        passes a ``hidden_seed`` no seat can derive (:func:`olab.arena.hidden_seed`);
        the record of the game carries it (``HIDDEN`` in
        :mod:`olab.orleans.record`).
        """
        check_seed(seed)
        check_seed(hidden_seed, "hidden_seed", optional=True)
        state = self._core.new_state(seed, State)
        state.game = self
        if hidden_seed is not None:
            # the deal is made; only the generator of the future changes (a
            # stream of its own, so a record can tell the two kinds of root apart)
            f = state._fields()
            f["rng_state"], f["rng_inc"] = _hidden_generator(hidden_seed)
            state._set_fields(f)
        return state

    def _root_problem(self, state) -> str | None:
        # every field in range, every byte what the fields rebuild (padding,
        # unused spaces, derived masks); GameMixin._check_root adds: its JSON
        # reads back
        return state._sanity() or state._rebuild_check()

    # GameMixin's hooks: the reader of JSON states, the box's limits, the tensor's layout
    _read_json = fromjson.state_from_json
    component_totals = fromjson.component_totals
    _layout = staticmethod(tensor.layout)
